// The links a visitor taps, shared by scripts/perf.mjs (their times on a slow
// phone) and scripts/size.mjs (the bytes each needs, exactly, from the built
// files): the address after the site's root, what "the first decision can be
// made" is on it, and its byte budgets (issue 44). The home's link is
// here; each game's are in its folder (`src/games/<game>/links.json`).
//
// `budgetKb` is the target: gzip KB until ready that lets the link be ready
// in time on Lighthouse's phone (~0.75 s + KB ÷ 204 KB/s). `ceilingKb` is
// what the link may not exceed today (what it needed when last lowered, plus
// 5 KB, and never above the budget once met): size.mjs fails above it, so
// bytes cannot creep back. Lower a ceiling when a change saves bytes; never
// raise one without saying why in docs/performance.md.
//
// A link: { search, ready, budgetKb?, ceilingKb? } — or, for a link that
// plays from the home screen, { play: game code, then: the table's ready,
// prefetched?: the idle prefetch waited for first }.

import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { gameFiles } from './games.mjs';

export const SEED = '1K7Q-M3ZD';

/** Today's Katzenjammer deal (UTC, as the page's daily uses). */
export const today = () => new Date().toISOString().slice(0, 10);

/** The home screen: the one link no game owns. */
const HOME = { home: { search: '', ready: '[data-testid="play-button"]', budgetKb: 170, ceilingKb: 169 } };

/**
 * Every link: the home's, then each game's own (`src/games/<game>/links.json`,
 * issue 54: a game's links are in its folder; the games are found, not
 * listed, in the registry's order), with their addresses filled
 * in: `{seed}` is SEED, `{today}` today's date, and `searchFile` a file
 * (from the repository's root) holding the address.
 */
export async function links(repoRoot) {
  const all = { ...HOME };
  for (const file of await gameFiles(repoRoot, 'links.json')) {
    for (const [name, link] of Object.entries(JSON.parse(await readFile(file, 'utf8')))) {
      if (all[name]) throw new Error(`${file}: the link ${name} is another game's too`);
      const { searchFile, ...rest } = link;
      const search = searchFile ? (await readFile(path.join(repoRoot, searchFile), 'utf8')).trim() : link.search;
      all[name] = { ...rest, search: search.replace('{seed}', SEED).replace('{today}', today()) };
    }
  }
  return all;
}
