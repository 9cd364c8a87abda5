// The links a visitor taps, shared by scripts/perf.mjs (their times on a slow
// phone) and scripts/size.mjs (the bytes each needs, exactly, from the built
// files): the address after the site's root, what "the first decision can be
// made" is on it, and its byte budgets (issue 44).
//
// `budgetKb` is the target: gzip KB until ready that lets the link be ready
// in time on Lighthouse's phone (~0.75 s + KB ÷ 204 KB/s). `ceilingKb` is
// what the link may not exceed today (what it needed when last lowered, plus
// 5 KB, and never above the budget once met): size.mjs fails above it, so
// bytes cannot creep back. Lower a
// ceiling when a change saves bytes; never raise one without saying why in
// docs/performance.md.

import { readFile } from 'node:fs/promises';
import path from 'node:path';

export const SEED = '1K7Q-M3ZD';
const HAND_CARD = '[data-testid^="hand-card-"]';
const JA_HAND_CARD = '[data-testid="ja-hand-card-0"]';

/** Today's Katzenjammer deal (UTC, as the page's daily uses). */
export const today = () => new Date().toISOString().slice(0, 10);

export const LINKS = {
  home: { search: '', ready: '[data-testid="play-button"]', budgetKb: 170, ceilingKb: 170 },
  kb: { search: `?seed=${SEED}&players=4`, ready: HAND_CARD, budgetKb: 300, ceilingKb: 296 },
  ja: { search: `?game=jachete&seed=${SEED}&players=4`, ready: JA_HAND_CARD, budgetKb: 330, ceilingKb: 366 },
  puzzle: { search: '?game=katzenjammer&puzzle=17', ready: HAND_CARD, budgetKb: 360, ceilingKb: 356 },
  'ja-puzzle': { search: '?game=jachete&puzzle=1', ready: JA_HAND_CARD, budgetKb: 390, ceilingKb: 425 },
  replay: { search: null, ready: '[data-testid="replay-range"]', budgetKb: 320, ceilingKb: 296 },
  daily: { search: `?daily=${today()}&players=4`, ready: HAND_CARD, budgetKb: 300, ceilingKb: 296 },
  'play-kb': { search: '', ready: '[data-testid="play-button"]', play: 'katzenjammer', then: HAND_CARD },
  'play-ja': { search: '', ready: '[data-testid="play-button"]', play: 'jachete', then: JA_HAND_CARD },
  'idle-kb': { search: '', ready: '[data-testid="play-button"]', play: 'katzenjammer', then: HAND_CARD, prefetched: true },
  'idle-ja': { search: '', ready: '[data-testid="play-button"]', play: 'jachete', then: JA_HAND_CARD, prefetched: true },
};

/** The links with their addresses filled in (the replay's comes from a fixture). */
export async function links(repoRoot) {
  const replay = (await readFile(path.join(repoRoot, 'tests/fixtures/jachete-replay-link.txt'), 'utf8')).trim();
  return Object.fromEntries(Object.entries(LINKS).map(([name, link]) => [name, { ...link, search: link.search ?? replay }]));
}
