// A whole game in headless Chromium, as a person would play it: one click on
// Play on the home screen (the defaults: you against three `normal` bots, a
// random deal), bots at the `instant` speed, then pass whenever it is our turn
// to bid and present nothing if we ever win an auction, until the end screen.
// No console error, uncaught exception or failed request along the way.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  gotoApp,
  playToEnd,
  screenshot,
  scrollToTestId,
  settle,
  startEnv,
  withPage,
} from './lib.mjs';

describe('a whole game from the home screen', { timeout: 600_000 }, () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('one click on Play, pass every bid, present nothing, reach the end screen with no error', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'game-failure', async ({ page, problems }) => {
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

      const timeline = [];
      let tableShot = null;
      const moves = await playToEnd(page, {
        onTurn: async (state) => {
          timeline.push(`${state}@${((Date.now() - started) / 1000).toFixed(1)}s`);
          assert.deepEqual(problems, [], describeProblems(problems));
          if (!tableShot) tableShot = await screenshot(page, 'game-table-1280x800');
        },
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`game over after ${moves.pass} passes and ${moves.present} presentations of ours, ${seconds} s`);
      console.log(`our turns at: ${timeline.join(' ')}`);

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
      await scrollToTestId(page, 'end-screen');
      console.log(`screenshot: ${await screenshot(page, 'game-end-360x740')}`);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  // The bots decide only in their Web Worker (the page's wasm has no bot code):
  // a browser where no worker can start still gets a game that ends, its bots
  // passing (or playing their first legal move), with no par and no error.
  it('without Web Workers the bots still move and the game reaches the end screen', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'game-failure', async ({ page, problems }) => {
      await page.addInitScript(() => {
        window.Worker = function Worker() {
          throw new DOMException('workers are disabled in this test', 'SecurityError');
        };
      });
      await gotoApp(page, env.url('?seed=1K7Q-M3ZD&players=3&seats=human,expert,normal'));
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible' });
      await page.locator(byTestId('speed-instant')).click();
      const moves = await playToEnd(page);
      console.log(`no workers: game over after ${moves.pass} passes and ${moves.present} presentations of ours`);
      await page.locator(byTestId('end-screen')).waitFor({ state: 'visible' });
      assert.ok((await page.locator(byTestId('winners')).innerText()).trim().length > 0, 'the winners are named');
      await settle(page);
      assert.equal(await page.locator(byTestId('par')).count(), 0, 'no par (nor "computing par") without a worker');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
