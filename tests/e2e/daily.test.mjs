// Today's deal is hard to game (issue 13): its first finished attempt counts,
// "same deal again" is practice, and a plain seed link to today's deal is
// today's deal (no hints).
//
//   node --test tests/e2e/daily.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, gotoApp, openPage, playToEnd, screenshot, settle, startEnv, withPage } from './lib.mjs';

describe("today's deal counts once", () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('the first finished attempt counts, a retry is practice, and a seed link to it has no hints', async () => {
    const { context, page, problems } = await openPage(env.browser);
    try {
      await gotoApp(page, env.url());
      await page.locator(byTestId('deal-daily')).check();
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      await page.locator(byTestId('speed-instant')).click();
      const seed = (await page.locator(byTestId('deal-id')).textContent()).trim();
      await playToEnd(page);
      const status = page.locator(byTestId('daily-status'));
      assert.match(await status.textContent(), /first finished attempt at today's deal counts · daily streak: 1/);

      await page.locator(byTestId('same-deal')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      assert.match(await page.locator('.deal-bar').textContent(), /practice/);
      await playToEnd(page);
      assert.match(await status.textContent(), /^Practice: your first attempt at today's deal counted \(/);
      await screenshot(page, 'daily-practice-1280x800');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
      await context.close();

      // Someone else opens a link to the same deal, without its daily label:
      // still today's deal, without hints.
      await withPage(env.browser, {}, 'daily-failure', async (other) => {
        await gotoApp(other.page, env.url(`?seed=${seed}&players=4`));
        await other.page.locator(byTestId('table-screen')).waitFor();
        await other.page.locator(byTestId('speed-instant')).click();
        await other.page.locator(byTestId('hint-off')).waitFor({ timeout: 60_000 });
        assert.match(await other.page.locator('.deal-bar').textContent(), /Daily deal/);
        assert.equal(await other.page.locator(byTestId('hint-button')).count(), 0, "no hints on today's deal");
        await settle(other.page);
        assert.deepEqual(other.problems, [], describeProblems(other.problems));
      });
    } finally {
      await context.close().catch(() => {});
    }
  });
});
