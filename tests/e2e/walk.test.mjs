// Every way between screens (issue 41): from each screen a player can
// reach — the home screen (empty, and with a game in progress), each game's
// table mid-game and at its end, the puzzles' list and a puzzle of each
// game before and after answering, a replay of each game, "Your games",
// each rules page, a bad link's notice, the host's invitations to play
// with friends and a friend's answer page — each control that leaves the
// screen is tapped (header, links, buttons), then the browser's Back. After
// each step: no console error, no uncaught exception, no panic; a screen a
// person can act on (a visible, enabled control); the address naming what
// is shown. On a phone in French and on a desktop in English; on each
// screen, a switch to the other language and back first.
//
// Leaving a puzzle by the header panicked (a signal written while the
// puzzle's table was being torn down re-ran that table's views after their
// owners were gone): the first steps of this walk.
//
//   node --test tests/e2e/walk.test.mjs     (after `make build`)
//   WALK_ONLY=friends WALK_VERBOSE=1 node --test tests/e2e/walk.test.mjs   (some starts, each step said)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { VIEWPORTS, byTestId, describeProblems, gotoApp, screenshot, seedStorage, startEnv, withPage } from './lib.mjs';
import { GAMES, WALK_KINDS, byKind, helpers } from './games.mjs';
import { screens } from './screens.mjs';

/** The games' codes (games.mjs), by code: the order the ways out are tapped in. */
const CODES = GAMES.map((game) => game.code).sort();

/** The controls that leave a screen (or change what it shows), by test id (a game's: its code's). */
const EXITS = [
  'nav-home', 'nav-game', 'nav-rules', 'resume-button', 'unfinished-resume-0', 'play-button', 'puzzles-entry', 'games-entry',
  'puzzle-list', 'puzzle-next', 'puzzle-play-on', 'puzzle-again', 'puzzle-daily', 'puzzle-next-unsolved',
  ...CODES.map((code) => `puzzle-game-${code}`), 'games-play', 'watch-replay', 'play-again', 'same-deal', 'replay-games', 'replay-play',
  'games-replay', 'rules-back', ...CODES.map((code) => `rules-game-${code}`), 'problem-fresh', 'problem-home',
  // The lessons (issue 42): their ways in and between them.
  'learn-button', 'rules-learn', 'learn-offer-open', 'puzzle-learn-open', 'learn-start', 'lesson-open-2', 'lesson-list',
  'lesson-next', 'lesson-again', 'lesson-list-end', 'coach-game',
];

/** The screens: what each is (its test id) and what its address must say. */
const SCREENS = [
  // A puzzle's table is inside the puzzle's screen: the puzzle first.
  { id: 'puzzle-screen', address: (q) => /[?&]puzzle=\d+/.test(q) },
  { id: 'puzzles-screen', address: (q) => /[?&]puzzles\b/.test(q) },
  { id: 'rules-screen', address: (q) => q === '?rules' },
  { id: 'replay-screen', address: (q) => /[?&]replay=/.test(q) },
  { id: 'games-screen', address: (q) => q === '?games' },
  { id: 'problem', address: () => true },
  { id: 'home-screen', address: (q) => q === '' },
  // A lesson's table and the coached game's are inside their screens.
  { id: 'lesson-screen', address: (q) => /[?&]learn=[1-9]/.test(q) },
  { id: 'coached-screen', address: (q) => /[?&]learn=0\b/.test(q) },
  { id: 'learn-course', address: (q) => /[?&]learn(&|$)/.test(q) },
  // Play with friends (issue 55): the host's invitations keep the home's
  // address until the game is dealt (its table's then); a friend's page is
  // its invitation link's (`?game=…`, the code in the fragment).
  { id: 'invite-screen', address: (q) => q === '' || /[?&]seed=/.test(q) },
  { id: 'join-screen', address: (q) => /^\?game=[a-z]+$/.test(q) },
  { id: 'handoff-screen', address: (q) => /[?&]seed=/.test(q) },
  { id: 'table-screen', address: (q) => /[?&]seed=/.test(q) },
];

/**
 * Waits for a screen a person can act on and checks it: returns its test
 * id. Throws if the page went wrong (a problem, no screen, no control, an
 * address that names another screen).
 */
async function check(page, problems, step) {
  const found = await page
    .waitForFunction(
      (screens) => {
        if (document.querySelector('[data-testid="part-loading"], [data-testid="puzzles-loading"]')) return false;
        const screen = screens.find((id) => document.querySelector(`[data-testid="${id}"]`)?.checkVisibility());
        if (!screen) return false;
        // Something to act on: a visible, enabled control in the page's main part.
        const controls = [...document.querySelectorAll('main button, main a[href], main input, main select')];
        return controls.some((c) => !c.disabled && c.checkVisibility()) ? screen : false;
      },
      SCREENS.map((s) => s.id),
      { timeout: 30_000, polling: 50 },
    )
    .then((h) => h.jsonValue())
    .catch(() => null);
  // Late errors (a task after the screen changed) show within a few frames.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 150))));
  assert.deepEqual(problems, [], `${step}: ${describeProblems(problems)}`);
  assert.ok(found, `${step}: no screen a person can act on (${await page.evaluate(() => document.body.innerText.slice(0, 200))})`);
  const query = new URL(page.url()).search;
  const screen = SCREENS.find((s) => s.id === found);
  assert.ok(screen.address(query), `${step}: the ${found} shows at the address ${query || '(none)'}`);
  return found;
}

/** Answers the puzzle on screen with its first legal move (right or wrong). */
async function answer(page) {
  const first = async (...ids) => {
    for (const id of ids) {
      const control = page.locator(byTestId(id));
      if ((await control.count()) > 0 && (await control.isVisible()) && (await control.isEnabled())) return id;
    }
    return null;
  };
  await page.locator(`${byTestId('table-screen')}`).waitFor();
  const move = await first('pass-button', 'present-nothing', 'ja-decline');
  if (move) {
    await page.locator(byTestId(move)).click();
  } else {
    await page.locator(byTestId('ja-hand-card-0')).click();
    await page.locator(byTestId('ja-discard')).click();
  }
  await page.locator(byTestId('puzzle-result')).waitFor();
}

/** Plays the lesson on screen to its end: Next, or the marked target, until done. */
async function finishLesson(page) {
  for (let i = 0; i < 60 && (await page.locator(byTestId('lesson-done')).count()) === 0; i += 1) {
    const next = page.locator(byTestId('coach-next'));
    if ((await next.count()) > 0 && (await next.isVisible())) await next.click();
    else await page.locator('[data-coach="target"]').first().click({ timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(100);
  }
  await page.locator(byTestId('lesson-done')).waitFor();
}

/**
 * The screens a walk starts from: the shared list (screens.mjs), the home
 * with a game in progress, and each game's own (`walkStarts` in
 * `src/games/<game>/e2e.mjs`, by kind: games.mjs).
 */
async function starts() {
  const shared = await helpers();
  const list = await screens();
  const at = (name) => list.findIndex((s) => s.name === name);
  const home = { name: 'home with a game', storage: shared.inProgress, query: '', then: (page) => page.locator(byTestId('nav-home')).click() };
  const own = [];
  for (const game of GAMES) own.push(...((await game.walkStarts?.({ ...shared.of(game), answer, finishLesson })) ?? []));
  return [...list.slice(0, at('home') + 1), home, ...list.slice(at('home') + 1), ...byKind(own, WALK_KINDS)];
}

/** The games with a puzzle for walk's check `name` (`walkPuzzles`: { playAfter, rulesFrom }). */
const puzzlesFor = (name) => GAMES.filter((game) => game.walkPuzzles?.[name]);

/** The exits on screen now: visible, enabled, once each. */
const exitsHere = (page) =>
  page.evaluate((ids) => ids.filter((id) => {
    const el = document.querySelector(`[data-testid="${id}"]`);
    return el && !el.disabled && el.checkVisibility();
  }), EXITS);

let env;
let list;

describe('every way between screens', { timeout: 900_000 }, () => {
  before(async () => {
    env = await startEnv();
    // WALK_ONLY=text: only the starts whose name holds it (a replay, by hand).
    list = (await starts()).filter((s) => !process.env.WALK_ONLY || s.name.includes(process.env.WALK_ONLY));
  });
  after(async () => {
    await env?.close();
  });

  for (const game of puzzlesFor('playAfter')) {
    it('a puzzle answered, then New game, then Play: a table is dealt (Play did nothing)', async () => {
      await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-CA' }, 'walk-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url(`?game=${game.code}&puzzle=${game.walkPuzzles.playAfter}`));
        await answer(page);
        await page.locator(byTestId('nav-home')).click();
        await page.locator(byTestId('play-button')).click();
        await page.locator(byTestId('deal-bar')).waitFor({ timeout: 30_000 });
        assert.equal(await check(page, problems, 'Play after a puzzle'), 'table-screen');
        // The puzzle is not the game dealt: its link is the new deal's.
        assert.doesNotMatch(new URL(page.url()).search, /puzzle/);
      });
    });
  }

  for (const game of puzzlesFor('rulesFrom')) {
    const other = GAMES.find((g) => g !== game && g.inProgress);
    it(`the rules opened from a ${game.title} puzzle are ${game.title}'s, a game of ${other?.title} in progress`, async () => {
      await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'walk-failure', async ({ context, page, problems }) => {
        const { other: storage } = (await helpers()).of(game);
        await seedStorage(context, storage);
        await gotoApp(page, env.url(`?game=${game.code}&puzzle=${game.walkPuzzles.rulesFrom}`));
        await page.locator(byTestId('puzzle-ask')).waitFor();
        await page.locator(byTestId('nav-rules')).click();
        await page.locator(`${byTestId('rules-screen')}[data-game="${game.code}"]`).waitFor();
        // And Back goes to the puzzle.
        await page.locator(byTestId('rules-back')).click();
        assert.equal(await check(page, problems, 'the rules, then Back'), 'puzzle-screen');
      });
    });
  }

  for (const [label, viewport, locale] of [
    ['a phone in French', VIEWPORTS.phone, 'fr-CA'],
    ['a desktop in English', VIEWPORTS.desktop, 'en-US'],
  ]) {
    it(`on ${label}: each screen, each way out, then Back`, async () => {
      let steps = 0;
      for (const start of list) {
        // A fresh browser profile for each start: what it holds is the start's.
        await withPage(env.browser, { viewport, locale }, 'walk-failure', async ({ context, page, problems }) => {
          await context.addInitScript((entries) => {
            // (Back out of the page lands on about:blank, which has no storage.)
            if (location.protocol !== 'http:') return;
            if (!sessionStorage.getItem('seeded')) {
              for (const [key, text] of entries) localStorage.setItem(key, text);
              sessionStorage.setItem('seeded', '1');
            }
            // Instant bots: a table reached on the way plays on quickly.
            if (!localStorage.getItem('tablee.speed')) localStorage.setItem('tablee.speed', 'instant');
          }, Object.entries(start.storage ?? {}));
          const open = async () => {
            await gotoApp(page, env.url(start.query));
            await start.then?.(page);
            return check(page, problems, `${start.name}`);
          };
          const here = await open();
          // The other language and back: the same screen at the same
          // address, working (a lesson rebuilt itself on a switch, on
          // values already gone).
          for (const code of locale.startsWith('fr') ? ['en', 'fr'] : ['fr', 'en']) {
            const address = page.url();
            await page.locator(byTestId(`lang-${code}`)).click();
            const step = `${start.name} → lang-${code}`;
            assert.equal(await check(page, problems, step), here, step);
            assert.equal(page.url(), address, `${step}: the address stays`);
            steps += 1;
          }
          const exits = await exitsHere(page);
          assert.ok(exits.length > 0, `${start.name}: a way out`);
          for (const exit of exits) {
            const step = `${start.name} → ${exit}`;
            const control = page.locator(byTestId(exit)).first();
            // Back showed the start screen again, but not as it was (a puzzle unanswered): open it anew.
            if (!(await control.isVisible()) || !(await control.isEnabled())) await open();
            if (!(await control.isVisible()) || !(await control.isEnabled())) continue;
            const from = page.url();
            await control.click();
            const there = await check(page, problems, step).catch(async (error) => {
              await screenshot(page, `walk-failure-${label.replace(/ /g, '-')}`);
              throw error;
            });
            steps += 1;
            // Back: a working screen (the one before, when the page can show it).
            await page.goBack({ waitUntil: 'load' }).catch(() => {});
            // (A way out that stayed on its screen added no step: Back leaves the page.)
            const left = new URL(page.url()).origin !== new URL(env.url()).origin;
            const back = left ? 'left the page' : await check(page, problems, `${step} → Back (from ${there})`);
            // Back returns to the screen the way out was taken from (a way
            // out to the same address is no new step of the history).
            // (Leaving the host's invitations before the deal ends them: their
            // links were for connections now closed. Back shows the home
            // screen the table was set on; docs/friends.md.)
            const returns = here === 'invite-screen' ? 'home-screen' : here;
            if (!left && page.url() === from) assert.equal(back, returns, `${step} → Back (from ${there})`);
            if (process.env.WALK_VERBOSE) console.log(`# ${step}: ${here} → ${there} → Back: ${back}`);
            if (back !== here) await open();
          }
        });
      }
      if (!process.env.WALK_ONLY) assert.ok(steps >= 60, `${steps} ways out walked`);
      console.log(`# ${label}: ${steps} ways out walked`);
    });
  }
});
