// J'achète in the browser tests' shared lists (issue 54: a game is one
// folder; tests/e2e/games.mjs finds this file in the registry's order, and
// a game without one is simply absent). Plain data, and functions of what
// the shared lists hand them (`fixture`, `byTestId`, helpers): nothing here
// imports the tests. What each export is: tests/e2e/games.mjs.

export const code = 'jachete';
export const title = "J'achète";

const TABLE = '?game=jachete&seed=1000-000K&players=4';

/** Its finished games in the record of past games ("Your games"), oldest first. */
export const past = async ({ fixture }) => [await fixture('jachete-save-finished.json')];

/** Its screens that walk starts from and a11y scans; `other` holds another game in progress. */
export async function screens({ fixture, rules, other }) {
  const over = await fixture('jachete-save-finished.json');
  const replay = (await fixture('jachete-replay-link.txt')).split('\n').find((l) => l.startsWith('?'));
  return [
    { kind: 'table', name: "J'achète's table", query: TABLE, ready: 'ja-hand' },
    // A J'achète game in the list of games, finished: its end screen.
    { kind: 'table', name: "J'achète's end", storage: { 'tablee.games': '[{"key":"tablee.jachete.game.1","at":1}]', 'tablee.jachete.game.1': over }, query: '', ready: 'end-screen' },
    // With a game of another in progress.
    { kind: 'rules', name: "J'achète's rules", storage: other, query: '?rules', ready: 'rules-screen', then: rules(code) },
    { kind: 'puzzles', name: "J'achète's puzzles", query: '?game=jachete&puzzles', ready: 'puzzle-next-unsolved' },
    { kind: 'puzzle', name: "a J'achète puzzle", storage: other, query: '?game=jachete&puzzle=1', ready: 'puzzle-ask' },
    { kind: 'replay', name: "a J'achète replay", query: replay, ready: 'replay-screen' },
    { kind: 'link', name: 'a bad link', query: '?game=jachete&seed=UUUU-UUUU&players=4', ready: 'problem' },
  ];
}

/** The accessibility scan's own screens (a11y.test.mjs), besides the screens. */
export const a11yScreens = ({ byTestId }) => [
  // Issue 43: J'achète's hint panel open (its title was an h3 under the h1).
  { name: 'jachete-hint', storage: { 'tablee.speed': 'instant' }, query: TABLE, ready: 'ja-hand', then: async (page) => {
    await page.locator(byTestId('hint-button')).first().click({ timeout: 60_000 });
    await page.locator(`${byTestId('hint-panel')} li`).first().waitFor({ timeout: 120_000 });
  } },
];

/** The walk's own starts (walk.test.mjs), besides the screens: `answer` a puzzle; `other` holds another game in progress. */
export const walkStarts = ({ answer, other }) => [
  { kind: 'puzzle answered', name: "a J'achète puzzle answered", query: '?game=jachete&puzzle=2', then: answer },
  { kind: 'lessons', name: "a J'achète lesson", storage: other, query: '?game=jachete&learn=4' },
  { kind: 'lesson played', name: "J'achète's coached game", query: '?game=jachete&learn=0' },
];

/**
 * The walk's checks of one puzzle (walk.test.mjs): `playAfter`, answered,
 * then New game and Play deal a table; `rulesFrom`, opened with another
 * game in progress, its rules are this game's.
 */
export const walkPuzzles = { playAfter: 2, rulesFrom: 5 };

/** Its table under the gremlins' random taps (gremlins.test.mjs). */
export const gremlins = {
  query: (deal) => `?game=jachete&seed=${deal}&players=4`,
  exclude: [],
  waiting: ['ja-play', 'ja-buy', 'ja-next-round', 'end-screen'],
  // What its taps' generator is seeded with, besides the run's seed and the size.
  seed: 0x5a5a,
  // Where the random walk across the app starts again now and then: its puzzles' and its tables' addresses.
  starts: { puzzles: ['?game=jachete&puzzle=3', '?game=jachete&puzzles'], tables: [TABLE] },
};
