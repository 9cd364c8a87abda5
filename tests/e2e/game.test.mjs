// A whole game in headless Chromium, as a person would play it: one click on
// Play on the home screen (the defaults: you against three `normal` bots, a
// random deal), bots at the `instant` speed, then pass whenever it is our turn
// to bid and present nothing if we ever win an auction, until the end screen.
// No console error, uncaught exception or failed request along the way.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { VIEWPORTS, describeProblems, gotoApp, openPage, screenshot, settle, startEnv } from './lib.mjs';

/** At most this many of our own moves: a game is far shorter; a loop is a bug. */
const MAX_MOVES = 400;
/** How long the bots may take between two of our moves (instant speed). */
const TURN_TIMEOUT = 60_000;

const byTestId = (id) => `[data-testid="${id}"]`;

/**
 * Waits until the game wants something from us, and says what: "end" (the end
 * screen is up), "pass" (our turn to bid), "present" (we won an auction), or
 * "handoff" (a hot-seat hand-off, which the default table never shows).
 */
async function nextState(page) {
  const handle = await page.waitForFunction(
    () => {
      const find = (id) => document.querySelector(`[data-testid="${id}"]`);
      if (find('end-screen')) return 'end';
      const pass = find('pass-button');
      if (pass && !pass.disabled) return 'pass';
      if (find('present-nothing')) return 'present';
      if (find('handoff-ready')) return 'handoff';
      return false;
    },
    null,
    { timeout: TURN_TIMEOUT, polling: 50 },
  );
  return handle.jsonValue();
}

/**
 * Clicks the control `testid` for our move and waits until the game log shows
 * it. (Not "the button is disabled": at the instant speed the bots answer and
 * our next turn can come before a test would see the button disabled.) The
 * bots wait for us, so nothing else can add to the log meanwhile.
 */
async function moveAndWait(page, testid) {
  const logState = () =>
    page.evaluate(() => {
      const lines = document.querySelectorAll('[data-testid="log"] li');
      return `${lines.length}|${lines[lines.length - 1]?.textContent ?? ''}`;
    });
  const before = await logState();
  await page.locator(byTestId(testid)).click();
  await page.waitForFunction(
    (before) => {
      const lines = document.querySelectorAll('[data-testid="log"] li');
      return `${lines.length}|${lines[lines.length - 1]?.textContent ?? ''}` !== before;
    },
    before,
    { timeout: 10_000 },
  );
}

describe('a whole game from the home screen', { timeout: 600_000 }, () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('one click on Play, pass every bid, present nothing, reach the end screen with no error', async () => {
    const { context, page, problems } = await openPage(env.browser, { viewport: VIEWPORTS.desktop });
    try {
      await gotoApp(page, env.url());
      const home = page.locator(byTestId('home-screen'));
      await home.waitFor({ state: 'visible' });

      const started = Date.now();
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible' });
      assert.match(page.url(), /[?&]seed=[0-9A-Z-]+/i, 'the address names the deal once the game starts');
      // The deal is random: say which, so a failure can be replayed from its link.
      console.log(`deal: ${new URL(page.url()).search}`);

      // Bots at the instant speed, the way a person would set it.
      const instant = page.locator(byTestId('speed-instant'));
      await instant.click();
      assert.equal(await instant.getAttribute('aria-pressed'), 'true');

      const moves = { pass: 0, present: 0 };
      const timeline = [];
      let tableShot = null;
      for (;;) {
        const state = await nextState(page);
        timeline.push(`${state}@${((Date.now() - started) / 1000).toFixed(1)}s`);
        if (state === 'end') break;
        assert.ok(moves.pass + moves.present < MAX_MOVES, `still no end after ${MAX_MOVES} moves of ours`);
        if (state === 'pass') {
          if (!tableShot) tableShot = await screenshot(page, 'game-table-1280x800');
          await moveAndWait(page, 'pass-button');
          moves.pass += 1;
        } else if (state === 'present') {
          await moveAndWait(page, 'present-nothing');
          moves.present += 1;
        } else {
          assert.fail(`unexpected state "${state}" at a one-person table`);
        }
        // (Read without waiting: the bid builder goes away when the game ends.)
        const refusal = await page.evaluate(
          () => document.querySelector('[data-testid="bid-error"]')?.textContent.trim() ?? '',
        );
        assert.equal(refusal, '', 'the move was refused');
        assert.deepEqual(problems, [], describeProblems(problems));
      }
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`game over after ${moves.pass} passes and ${moves.present} presentations of ours, ${seconds} s`);
      console.log(`our turns: ${timeline.join(' ')}`);

      const end = page.locator(byTestId('end-screen'));
      await end.waitFor({ state: 'visible' });
      assert.ok((await page.locator(byTestId('winners')).innerText()).trim().length > 0, 'the winners are named');
      assert.equal(await page.locator('[data-testid^="end-row-"]').count(), 4, 'one result row per player (4 by default)');
      assert.ok(await page.locator(byTestId('play-again')).isVisible(), '"play again" is offered');
      assert.ok(await page.locator(byTestId('same-deal')).isVisible(), '"same deal again" is offered');

      await settle(page);
      console.log(`screenshot: ${tableShot}`);
      console.log(`screenshot: ${await screenshot(page, 'game-end-1280x800')}`);
      await page.setViewportSize(VIEWPORTS.phone);
      await end.scrollIntoViewIfNeeded();
      console.log(`screenshot: ${await screenshot(page, 'game-end-360x740')}`);
      assert.deepEqual(problems, [], describeProblems(problems));
    } catch (error) {
      const file = await screenshot(page, 'game-failure').catch(() => null);
      if (file) console.log(`screenshot at the failure: ${file}`);
      throw error;
    } finally {
      await context.close();
    }
  });
});
