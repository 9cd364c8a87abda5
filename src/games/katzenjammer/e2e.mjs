// Katzenjammer in the browser tests' shared lists (issue 54: a game is one
// folder; tests/e2e/games.mjs finds this file in the registry's order, and
// a game without one is simply absent). Plain data, and functions of what
// the shared lists hand them (`fixture`, `byTestId`, helpers): nothing here
// imports the tests. What each export is: tests/e2e/games.mjs.

export const code = 'katzenjammer';
export const title = 'Katzenjammer';

/** localStorage holding a game of it in progress (another game's screens are opened with one too). */
export const inProgress = async ({ fixture }) => ({ 'tablee.katzenjammer.current': await fixture('katzenjammer-save-midgame.json') });

/** Its finished games in the record of past games ("Your games"), oldest first. */
export const past = async ({ fixture }) => [await fixture('katzenjammer-kb19-tie.json')];

/** Its screens that walk starts from and a11y scans. */
export async function screens({ fixture, byTestId, rules, past: record }) {
  const current = await inProgress({ fixture });
  const over = await fixture('katzenjammer-save-finished.json');
  return [
    { kind: 'table', name: "Katzenjammer's table", storage: current, query: '', ready: 'hand' },
    { kind: 'table', name: "Katzenjammer's end", storage: { 'tablee.katzenjammer.current': over }, query: '', ready: 'end-screen' },
    { kind: 'rules', name: "Katzenjammer's rules", query: '?rules', ready: 'rules-screen', then: rules(code) },
    { kind: 'puzzles', name: "Katzenjammer's puzzles", query: '?game=katzenjammer&puzzles', ready: 'puzzle-next-unsolved' },
    { kind: 'puzzle', name: 'a Katzenjammer puzzle', storage: current, query: '?game=katzenjammer&puzzle=1', ready: 'puzzle-ask' },
    // The record's newest game is another game's: "last" is this one's replay.
    { kind: 'replay', name: 'a Katzenjammer replay', storage: { 'tablee.past': record }, query: '?games', ready: 'games-replay', then: async (page) => {
      await page.locator(byTestId('games-replay')).last().click();
      await page.locator(byTestId('replay-screen')).waitFor();
    } },
  ];
}

/** The walk's own starts (walk.test.mjs), besides the screens: `answer` a puzzle, `finishLesson`. */
export async function walkStarts({ fixture, answer, finishLesson }) {
  const current = await inProgress({ fixture });
  return [
    { kind: 'puzzle answered', name: 'a Katzenjammer puzzle answered', storage: current, query: '?game=katzenjammer&puzzle=2', then: answer },
    { kind: 'lessons', name: "Katzenjammer's lessons", query: '?game=katzenjammer&learn' },
    { kind: 'lesson played', name: 'a Katzenjammer lesson done', query: '?game=katzenjammer&learn=1', then: finishLesson },
  ];
}

/** Its table under the gremlins' random taps (gremlins.test.mjs). */
export const gremlins = {
  query: (deal) => `?seed=${deal}&players=4`,
  // Hint is tapped too (issue 34's fix, one hint widget: issue 43).
  exclude: [],
  // The bots wait for us: our bid, our presentation, or the end.
  waiting: ['pass-button:enabled', 'present-nothing', 'end-screen'],
  // What its taps' generator is seeded with, besides the run's seed and the size.
  seed: 0,
  // Where the random walk across the app starts again now and then: its puzzles' and its tables' addresses.
  starts: { puzzles: ['?game=katzenjammer&puzzle=3'], tables: [] },
};
