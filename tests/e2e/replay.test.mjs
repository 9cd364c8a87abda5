// Replays and the record of finished games (issue 13): a Katzenjammer game
// played to its end, its replay opened from the end screen (the replays'
// part of the page), stepped back and forth by buttons and keys; the replay's static
// link opened in another browser shows the same moves; "Your games" lists
// the game with a working replay; an unfinished game survives a replay link
// (and a bad one, which is explained); where the person and the expert
// parted ways, marked; J'achète's replay link (read-only table at move k,
// both sizes); hot-seat and bots-only games recorded and worded in "Your
// games"; phone 360×740 and desktop 1280×800, English and French
// screenshots.
//
//   node --test tests/e2e/replay.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  gotoApp,
  moveAndWait,
  nextState,
  playToEnd,
  screenshot,
  settle,
  startEnv,
  withPage,
  fixturePath,
} from './lib.mjs';

const DEAL = '?seed=1K7Q-M3ZD&players=4';
const OTHER = '?seed=1ABC-DEFG&players=4';

/** The replay's move list, as text (without the expert's marks, which arrive while it is shown). */
const moveList = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid="replay-moves"] li')].map((li) => {
      const copy = li.cloneNode(true);
      copy.querySelectorAll('[data-testid="replay-move-expert"]').forEach((e) => e.remove());
      return copy.textContent.trim();
    }),
  );
/** Waits until the expert's moves are all compared (the worker, one decision at a time). */
async function expertDone(page) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid="replay-expert-progress"]')?.dataset.state === 'Done',
    null,
    { timeout: 240_000 },
  );
}
const event = async (page) => (await page.locator(byTestId('replay-event')).textContent()).trim();
const step = async (page) => Number(await page.locator(byTestId('replay-at')).getAttribute('data-step'));
/** Nothing wider than the window. */
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function shots(page, name) {
  const viewport = page.viewportSize();
  const size = `${viewport.width}x${viewport.height}`;
  for (const lang of ['en', 'fr']) {
    await page.locator(byTestId(`lang-${lang}`)).click();
    assert.ok((await overflow(page)) <= 0, `${name} ${lang} ${size}: wider than the window`);
    await screenshot(page, `${name}-${lang}-${size}`);
  }
  await page.locator(byTestId('lang-en')).click();
}

describe('replays and the record of games', { timeout: 600_000 }, () => {
  let env;
  let link = null;
  let moves = null;
  // `?replay=last` shows the game at once; its static link is written in the
  // address once the part with the compressor is in.
  const staticLink = (page) => page.waitForFunction(() => /[?&]replay=[A-Za-z0-9_-]{20,}/.test(location.search), null, { timeout: 10_000 });
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('a finished game replays from the end screen, move by move, and its link shows the same moves elsewhere', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'replay-failure', async ({ page, problems }) => {
      // Played in a fresh browser: it records the finished game and links
      // to its replay, which loads the replays' part.
      await gotoApp(page, env.url(DEAL));
      await page.locator(byTestId('speed-instant')).click();
      await playToEnd(page);
      await settle(page);
      const watch = page.locator(byTestId('watch-replay'));
      await watch.waitFor();
      await watch.click();
      await page.locator(byTestId('replay-screen')).waitFor({ timeout: 30_000 });
      await staticLink(page);
      assert.match(page.url(), /[?&]replay=[A-Za-z0-9_-]{20,}/, 'the address is the static replay link');

      const total = Number(await page.locator(byTestId('replay-range')).getAttribute('max'));
      assert.ok(total > 10, `${total} moves`);
      assert.equal(await step(page), 0);
      assert.match(await page.locator(byTestId('replay-at')).textContent(), new RegExp(`Move 0 of ${total}`));
      assert.ok(await page.locator(byTestId('replay-back')).isDisabled(), 'no move before the deal');
      const atDeal = await event(page);
      await page.locator(byTestId('replay-forward')).click();
      assert.equal(await step(page), 1);
      const first = await event(page);
      assert.notEqual(first, atDeal, 'the shown move changes');
      await page.keyboard.press('ArrowRight');
      assert.equal(await step(page), 2);
      const second = await event(page);
      assert.notEqual(second, first);
      await page.keyboard.press('ArrowLeft');
      assert.equal(await step(page), 1);
      assert.equal(await event(page), first, 'back shows the same move again');
      await page.keyboard.press('End');
      assert.equal(await step(page), total);
      assert.ok(await page.locator(byTestId('replay-forward')).isDisabled());
      await page.locator(byTestId('replay-back')).click();
      assert.equal(await step(page), total - 1);
      await page.keyboard.press('Home');
      assert.equal(await step(page), 0);
      await page.locator(byTestId('replay-range')).fill(String(Math.floor(total / 2)));
      assert.equal(await step(page), Math.floor(total / 2), 'the timeline jumps');
      await page.locator(byTestId('replay-move-3')).click();
      assert.equal(await step(page), 3, 'a move of the list jumps to it');

      // Issue 13: the moves where the expert in the person's seat would have
      // played otherwise, computed in the bots' worker while the replay is
      // usable (the controls above worked meanwhile), marked on the timeline
      // and in the move list; the first is where they parted ways.
      assert.match(await page.locator(byTestId('replay-expert-progress')).getAttribute('data-state'), /Checking|Done/);
      await expertDone(page);
      assert.match(await page.locator(byTestId('replay-expert-progress')).textContent(), /expert would have played (one|\d+) of your moves otherwise/);
      const marks = page.locator(byTestId('replay-mark'));
      const markCount = await marks.count();
      assert.ok(markCount > 0, 'a person who plays the first legal move parts ways with the expert');
      const firstMark = Number(await marks.first().getAttribute('data-step'));
      const steps = await marks.evaluateAll((all) => all.map((m) => Number(m.dataset.step)));
      assert.deepEqual(steps, [...steps].sort((a, b) => a - b), 'in move order');
      assert.equal(await page.locator('[data-testid="replay-moves"] li.expert-mark').count(), markCount, 'each mark in the move list too');
      const parted = page.locator(byTestId('replay-parted-go'));
      assert.equal((await parted.textContent()).trim(), `Here you and the expert parted ways: move ${firstMark}`);
      await page.keyboard.press('Home');
      await parted.click();
      assert.equal(await step(page), firstMark, 'the first mark jumps to where they parted');
      assert.match(await page.locator(byTestId('replay-expert-here')).textContent(), new RegExp(`^Move ${firstMark}: the expert's move in your seat: “\\S`));
      assert.match(await page.locator(`[data-testid="replay-moves"] li:nth-child(${firstMark + 1})`).getAttribute('class'), /expert-mark/);
      // Keyboard: a mark is a button with its words for screen readers.
      await page.keyboard.press('Home');
      const last = marks.last();
      const lastStep = Number(await last.getAttribute('data-step'));
      assert.match(await last.getAttribute('aria-label'), new RegExp(`^Move ${lastStep}: the expert's move in your seat: “`));
      await last.focus();
      await page.keyboard.press('Enter');
      assert.equal(await step(page), lastStep, 'a mark jumps to its move (keyboard)');
      await page.locator(byTestId('lang-fr')).click();
      assert.match((await parted.textContent()).trim(), new RegExp(`^Ici, vous et l'expert avez pris des chemins différents : coup ${firstMark}$`));
      assert.match(await page.locator(byTestId('replay-expert-here')).textContent(), new RegExp(`^Coup ${lastStep} : le coup de l'expert à votre place : « \\S`));
      await page.locator(byTestId('lang-en')).click();
      await parted.click();
      await screenshot(page, 'replay-parted-en-1280x800');

      moves = await moveList(page);
      assert.equal(moves.length, total + 1, 'the deal and every move, in words');
      assert.ok(!moves.some((m) => /KB-\d/.test(m)), 'no rule ids');
      link = await page.locator(byTestId('replay-link')).inputValue();
      assert.match(link, /\?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=4&seats=human,normal,normal,normal&full_mice=0&replay=/);
      console.log(`replay link: ${new URL(link).search.length} characters of query (${total} moves)`);
      await page.locator(byTestId('replay-end')).click();
      // A finished game may show every hand.
      assert.equal(await page.locator(byTestId('replay-hand')).count(), 1, "only the person's hand");
      await page.locator(byTestId('replay-all-hands')).check();
      assert.equal(await page.locator(byTestId('replay-hand')).count(), 4, 'every hand');
      await page.locator(byTestId('replay-all-hands')).uncheck();
      await shots(page, 'replay');

      // "Your games" lists it, with a working replay.
      await page.locator(byTestId('replay-games')).last().click();
      await page.locator(byTestId('games-screen')).waitFor();
      assert.match(page.url(), /\?games$/);
      assert.match(await page.locator(byTestId('games-levels')).textContent(), /Normal: \d won of 1/i);
      const rows = page.locator(byTestId('games-row'));
      assert.equal(await rows.count(), 1);
      assert.match(await rows.first().textContent(), /Katzenjammer Blues/);
      assert.match(await rows.first().locator(byTestId('games-result')).textContent(), /\d/);
      // Each row's link comes from the compressor's part: once it is in.
      await rows.first().locator(`${byTestId('games-replay')}[href]`).waitFor({ timeout: 10_000 });
      assert.equal(await rows.first().locator(byTestId('games-replay')).getAttribute('href'), new URL(link).search);
      await shots(page, 'games');
      // The home screen's link leads there too.
      await page.locator(byTestId('nav-home')).click();
      await page.locator(byTestId('games-entry')).click();
      await page.locator(byTestId('games-screen')).waitFor({ timeout: 30_000 });
      await rows.first().locator(byTestId('games-replay')).click();
      await page.locator(byTestId('replay-screen')).waitFor();
      assert.deepEqual(await moveList(page), moves);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });

    // Another browser (nothing stored): the static link shows the same moves.
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'replay-failure', async (other) => {
      await gotoApp(other.page, link);
      await other.page.locator(byTestId('replay-screen')).waitFor({ timeout: 30_000 });
      assert.deepEqual(await moveList(other.page), moves, 'the same moves from the link alone');
      await other.page.locator(byTestId('replay-forward')).click();
      assert.equal(await step(other.page), 1);
      // "Play this deal": a fresh game of the same deal, not the daily.
      await other.page.locator(byTestId('replay-play')).click();
      await other.page.locator(byTestId('table-screen')).waitFor();
      assert.equal((await other.page.locator(byTestId('deal-id')).textContent()).trim(), '1K7Q-M3ZD');
      assert.doesNotMatch(other.page.url(), /replay=/);
      await settle(other.page);
      assert.deepEqual(other.problems, [], describeProblems(other.problems));
    });
  });

  it('on a phone: a replay link keeps the unfinished game; a bad one is explained and keeps it too', async () => {
    assert.ok(link, 'the first test wrote the link');
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'replay-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(OTHER));
      await page.locator(byTestId('speed-instant')).click();
      for (let i = 0; i < 2; i += 1) {
        assert.equal(await nextState(page), 'pass');
        await moveAndWait(page, 'pass-button');
      }
      assert.equal(await nextState(page), 'pass');
      await settle(page);
      const log = await page.evaluate(() => [...document.querySelectorAll('[data-testid="log"] li')].map((li) => li.textContent));

      await gotoApp(page, link);
      await page.locator(byTestId('replay-screen')).waitFor({ timeout: 30_000 });
      assert.deepEqual(await moveList(page), moves);
      await page.locator(byTestId('replay-forward')).click();
      await expertDone(page);
      await page.locator(byTestId('replay-parted-go')).click();
      await shots(page, 'replay');
      await page.locator(byTestId('replay-games')).last().click();
      await page.locator(byTestId('games-screen')).waitFor();
      await shots(page, 'games');
      await settle(page);

      // A cut link: explained in the player's language, nothing lost.
      const cut = link.slice(0, link.length - 30);
      await gotoApp(page, cut);
      await page.locator(byTestId('replay-problem')).waitFor({ timeout: 30_000 });
      assert.match(await page.locator(byTestId('problem-message')).textContent(), /cut or altered/);
      await page.locator(byTestId('lang-fr')).click();
      assert.match(await page.locator(byTestId('problem-message')).textContent(), /coupé ou modifié/);
      await screenshot(page, 'replay-bad-fr-360x740');
      await page.locator(byTestId('lang-en')).click();

      // The game in progress is still there, at the same move.
      await page.locator(byTestId('nav-home')).click();
      await page.locator(byTestId('resume-button')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal((await page.locator(byTestId('deal-id')).textContent()).trim(), '1ABC-DEFG');
      assert.equal(await nextState(page), 'pass');
      assert.deepEqual(
        await page.evaluate(() => [...document.querySelectorAll('[data-testid="log"] li')].map((li) => li.textContent)),
        log,
        'the same game, at the same move',
      );
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it("J'achète: a replay link shows the table at move k, read-only, and its moves (both sizes)", async () => {
    // A finished 4-player game, seat 0 the person (its game's fixtures/README.md).
    const query = (await readFile(fixturePath('jachete-replay-link.txt'), 'utf8')).trim();
    for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
      await withPage(env.browser, { viewport }, 'replay-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url(query));
        await page.locator(byTestId('replay-screen')).waitFor({ timeout: 30_000 });
        const table = page.locator(byTestId('replay-ja-table'));
        await table.waitFor();
        // The replay names its game; the header names none (not the game in progress).
        assert.equal((await page.locator(byTestId('replay-game')).textContent()).trim(), "· J'achète");
        assert.equal((await page.locator('.masthead .game-name').textContent()).trim(), '');
        assert.equal(await page.locator(byTestId('replay-no-table')).count(), 0, 'a table, not the deal only');
        const total = Number(await page.locator(byTestId('replay-range')).getAttribute('max'));
        const list = await moveList(page);
        assert.equal(list.length, total + 1, 'the deal and every move, in words');
        assert.ok(list.slice(1).every((m) => /^\S+ \S+/.test(m)), list.slice(0, 5).join(' / '));
        assert.ok(list.some((m) => /buys the/.test(m)) && list.some((m) => /lays down \d+ cards/.test(m)));
        // The deal: the round, the contract, the pots, the person's hand, no melds yet.
        assert.match(await table.locator(byTestId('ja-round')).textContent(), /Round 1/);
        assert.match(await table.locator(byTestId('replay-ja-melds')).textContent(), /No meld|nothing|empty/i);
        assert.equal(await table.locator(byTestId('replay-hand')).count(), 4, 'the game is over: every hand');
        // Read-only: nothing on the table can be pressed or dropped on (a
        // term's definition, a word the table explains, changes nothing).
        assert.equal(await table.locator('button:not(.term-word), [role="button"], [tabindex], [data-act]').count(), 0);
        assert.ok((await table.locator('button.term-word').count()) > 0, "the contract's word explained, as at the table");
        // The first meld laid, by the move list.
        const laid = list.findIndex((m) => /lays down \d+ cards/.test(m));
        await page.locator(byTestId(`replay-move-${laid}`)).click();
        assert.equal(await step(page), laid);
        assert.match(await event(page), /lays down \d+ cards/);
        assert.ok((await table.locator('.meld').count()) > 0, 'melds on the table after the first lay-down');
        // And at the seat that laid them, its move in a bubble.
        const words = (await event(page)).match(/lays down (\d+ cards)/)[1];
        assert.ok((await table.locator('.seat-line .bubble').allTextContents()).includes(`lays down ${words}`));
        // The end: the scores round by round.
        await page.keyboard.press('End');
        const scores = table.locator(byTestId('replay-ja-scores'));
        await scores.waitFor();
        assert.equal(await scores.locator('thead th').count(), 9, 'player, 7 rounds, total');
        await page.keyboard.press('ArrowLeft');
        assert.equal(await step(page), total - 1);
        // The expert's marks come in while the replay is shown.
        await page.locator(byTestId('replay-mark')).first().waitFor({ timeout: 120_000 });
        await page.locator(byTestId('replay-parted-go')).click();
        const first = await step(page);
        assert.match(await page.locator(byTestId('replay-expert-here')).textContent(), new RegExp(`^Move ${first}: the expert's move in your seat: “You `));
        await shots(page, 'replay-jachete');
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    }
  });

  it('hot-seat and bots-only games are recorded too, and worded in "Your games"', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'replay-failure', async ({ page, problems }) => {
      // Two people and a bot, in a fresh browser.
      await gotoApp(page, env.url('?seed=1K7Q-M3ZD&players=3&seats=human,human,normal'));
      await page.locator(byTestId('speed-instant')).click();
      for (let n = 0; ; n += 1) {
        assert.ok(n < 400, 'the game ends');
        const state = await nextState(page);
        if (state === 'end') break;
        if (state === 'handoff') await page.locator(byTestId('handoff-ready')).click();
        else await moveAndWait(page, state === 'pass' ? 'pass-button' : 'present-nothing');
      }
      await settle(page);
      assert.ok(await page.locator(byTestId('watch-replay')).isVisible(), 'a hot-seat game has its replay');
      // Bots only: a new game of three bots, played to its end.
      await gotoApp(page, env.url('?seed=1ABC-DEFG&players=3&seats=easy,normal,hard'));
      await page.locator(byTestId('speed-instant')).click();
      assert.equal(await nextState(page, { timeout: 120_000 }), 'end');
      await settle(page);
      await page.locator(byTestId('watch-replay')).click();
      await page.locator(byTestId('replay-screen')).waitFor({ timeout: 30_000 });
      await staticLink(page);
      assert.match(page.url(), /seats=easy,normal,hard&/);
      assert.equal(await page.locator(byTestId('replay-expert-progress')).getAttribute('data-state'), 'None', 'no par: no marks');
      assert.equal(await page.locator(byTestId('replay-mark')).count(), 0);
      await page.locator(byTestId('replay-games')).last().click();
      await page.locator(byTestId('games-screen')).waitFor();
      const results = await page.locator(byTestId('games-result')).allTextContents();
      assert.equal(results.length, 2, results.join(' / '));
      assert.match(results[0], /^Bots only · won by \S+( and \S+)* \(−?\d+ mice?\)$/);
      assert.match(results[1], /^Player 1: \d(st|nd|rd) · −?\d+ mice? · Player 2: \d(st|nd|rd) · −?\d+ mice?$/);
      await shots(page, 'games-hot-seat');
      await page.locator(byTestId('lang-fr')).click();
      const fr = await page.locator(byTestId('games-result')).allTextContents();
      assert.match(fr[0], /^Bots seulement · gagnée par \S+( et \S+)* \(−?\d+ souris\)$/);
      assert.match(fr[1], /^Joueur 1 : \d(er|e) · −?\d+ souris · Joueur 2 : \d(er|e) · −?\d+ souris$/);
      await page.locator(byTestId('lang-en')).click();
      // The hot-seat game's replay from the record.
      await page.locator(byTestId('games-replay')).last().click();
      await page.locator(byTestId('replay-screen')).waitFor();
      assert.match(page.url(), /seats=human,human,normal&/);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
