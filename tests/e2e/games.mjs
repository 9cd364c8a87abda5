// Each game's part of the browser tests' shared lists (issue 54: a game is
// one folder; shared code finds each game through the registry and never
// names one). A game's `src/games/<game>/e2e.mjs`, found in the registry's
// order by scripts/games.mjs as scripts/links.mjs finds its links.json; a
// game without one is simply absent, and so is an export it lacks. What a
// module may export (the functions get `helpers` below, and the test's own
// helpers where said):
//
// - `code`, `title`: its `GameDef::CODE` (the test ids `puzzle-game-<code>`,
//   `rules-game-<code>` are made of it) and its title in test names;
// - `inProgress(helpers)`: localStorage with a game of it in progress;
//   another game's screens may be opened with one (`helpers.other`);
// - `past(helpers)`: its finished games for the record of past games
//   (`helpers.past`, "Your games");
// - `screens(helpers)`: its screens for walk and a11y (screens.mjs), each
//   with a `kind` (KINDS: the shared list is by kind, each kind's screens
//   in the registry's order);
// - `a11yScreens(helpers)`: a11y's own;
// - `walkStarts({ ...helpers, answer, finishLesson })`: walk's own starts,
//   by kind too (WALK_KINDS); `walkPuzzles`: `{ playAfter, rulesFrom }`,
//   walk's checks of one of its puzzles;
// - `gremlins`: its table under random taps (`query(deal)`, `exclude`,
//   `waiting`, `seed`: its generator's own seed) and `starts` (its puzzles'
//   and tables' addresses) for the random walk across the app.

import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';

import { gameFiles } from '../../scripts/games.mjs';
import { REPO_ROOT, byTestId, fixturePath } from './lib.mjs';

/** Each game's e2e module, in the registry's order. */
export const GAMES = await Promise.all((await gameFiles(REPO_ROOT, 'e2e.mjs')).map((file) => import(pathToFileURL(file).href)));

/** The order of the screens' kinds (screens.mjs): the shared screens' and the games'. */
export const KINDS = ['home', 'table', 'rules', 'puzzles', 'puzzle', 'replay', 'games', 'link', 'friends'];
/** The order of walk's own starts' kinds. */
export const WALK_KINDS = ['puzzle answered', 'lessons', 'lesson played'];

/** `list` in the order of `kinds` (a stable sort: each kind's in the order it came). */
export const byKind = (list, kinds) => [...list].sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind));

/** A fixture's text (its game's `fixtures/NAME`, lib.mjs's `fixturePath`), trimmed. */
export const fixture = async (name) => (await readFile(fixturePath(name), 'utf8')).trim();

/** The rules page of the game `code`, from the rules screen. */
const rules = (code) => async (page) => {
  await page.locator(byTestId(`rules-game-${code}`)).click();
  await page.locator(`[data-testid="rules-screen"][data-game="${code}"] [data-testid="rules-text"]`).waitFor();
};

/**
 * What the games' lists are made with: `fixture`, `byTestId`, `rules(code)`
 * (a step to a game's rules page), `past` (every game's finished games, the
 * record's lines a second apart) and, for each game, `other(game)`: the
 * games' helpers with `other`, the localStorage of the first other game in
 * progress (empty when none is).
 */
export async function helpers() {
  const base = { fixture, byTestId, rules };
  const saves = [];
  for (const game of GAMES) for (const save of (await game.past?.(base)) ?? []) saves.push(save);
  const past = saves.map((save, i) => `{"at":${1764000000000 + i * 1000},"save":${save}}\n`).join('');
  const current = [];
  for (const game of GAMES) if (game.inProgress) current.push({ game, storage: await game.inProgress(base) });
  const otherOf = (game) => current.find((c) => c.game !== game);
  return {
    ...base,
    past,
    /** Storage with a game in progress (the first game's that has one). */
    inProgress: current[0]?.storage ?? {},
    /** The helpers for `game`, with `other` (storage) and `otherGame` (its module). */
    of: (game) => ({ ...base, past, other: otherOf(game)?.storage ?? {}, otherGame: otherOf(game)?.game }),
  };
}
