// Take-back against bots (issue 13): "Take back my move" returns to the
// person's last decision (the bots' answers since are undone too), the game
// becomes practice and stays so after a reload — inside a match too, where
// it stays its game of the match; the daily deal has no take-back.
//
//   node --test tests/e2e/takeback.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { VIEWPORTS, byTestId, describeProblems, gotoApp, moveAndWait, nextState, playToEnd, screenshot, settle, startEnv, withPage } from './lib.mjs';

const DEAL = '?seed=1K7Q-M3ZD&players=4';

/** The game log's lines, as text. */
const logText = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid="log"] li')].map((li) => li.textContent));
const handText = (page) => page.locator(byTestId('hand')).textContent();

/** Takes back our move (the first take-back asks, issue 34: the game
 * becomes practice): the log is back to `log`, and the game is practice. */
async function takeBack(page, log) {
  await page.locator(byTestId('take-back')).click();
  await page.locator(byTestId('take-back-confirm')).click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log"] li').length === n, log.length);
  assert.deepEqual(await logText(page), log, 'back to the same decision');
  assert.match(await page.locator('.deal-bar').textContent(), /practice/);
}

/** A reload resumes at the decision taken back, still practice. */
async function reloadTakenBack(page, log) {
  await page.reload();
  await page.locator(byTestId('table-screen')).waitFor();
  assert.equal(await nextState(page), 'pass');
  assert.deepEqual(await logText(page), log, 'the reload resumes at the decision taken back');
  assert.match(await page.locator('.deal-bar').textContent(), /practice/);
}

describe('take-back', () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('takes back our pass and the bots’ answers; the game is practice, also after a reload', async () => {
    await withPage(env.browser, {}, 'takeback-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(DEAL));
      await page.locator(byTestId('speed-instant')).click();
      assert.equal(await nextState(page), 'pass');
      assert.equal(await page.locator(byTestId('take-back')).count(), 0, 'nothing of ours to take back yet');
      const log = await logText(page);
      const hand = await handText(page);

      await moveAndWait(page, 'pass-button');
      assert.equal(await nextState(page), 'pass', 'our turn again, after the bots');
      const later = await logText(page);
      assert.ok(later.length > log.length + 1, `the bots answered: ${later.length} lines after ${log.length}`);
      await screenshot(page, 'take-back-offered-1280x800');

      await takeBack(page, log);
      assert.equal(await handText(page), hand);
      assert.equal(await nextState(page), 'pass', 'our turn: the bots wait');
      assert.match(await page.locator('.deal-bar').textContent(), /4 players · practice/);
      assert.equal(await page.locator(byTestId('take-back')).count(), 0, 'nothing more of ours to take back');
      await settle(page);

      await reloadTakenBack(page, log);

      // Played to its end: said to be practice, and not offered as "your"
      // newest recorded game's replay (it is not recorded).
      await page.locator(byTestId('speed-instant')).click();
      await playToEnd(page);
      await page.locator(byTestId('practice-note')).waitFor();
      assert.equal(await page.locator(byTestId('watch-replay')).isVisible(), false);
      assert.equal(await page.evaluate(() => localStorage.getItem('tablee.past')), null, 'not in the record of games');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('inside a match (phone): the game taken back is practice and stays game 1 of its match, also after a reload; its end still leads to game 2', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'takeback-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(`${DEAL}&match=2`));
      await page.locator(byTestId('speed-instant')).click();
      assert.equal(await nextState(page), 'pass');
      const matchStatus = async () => (await page.locator(byTestId('match-status')).innerText()).trim();
      assert.equal(await matchStatus(), 'Match · game 1 of 2');
      const log = await logText(page);

      await moveAndWait(page, 'pass-button');
      assert.equal(await nextState(page), 'pass', 'our turn again, after the bots');
      await takeBack(page, log);
      assert.equal(await matchStatus(), 'Match · game 1 of 2', 'still game 1 of its match');
      await settle(page);

      await reloadTakenBack(page, log);
      assert.equal(await matchStatus(), 'Match · game 1 of 2', 'the reload keeps the match');
      assert.match(page.url(), /[?&]match=2/);

      await page.locator(byTestId('speed-instant')).click();
      await playToEnd(page);
      await page.locator(byTestId('match-standings')).waitFor();
      assert.ok(await page.locator(byTestId('next-game')).isVisible(), 'the match goes on to game 2');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('is not offered in the daily deal (phone, French)', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-FR' }, 'takeback-failure', async ({ page, problems }) => {
      const today = new Date().toISOString().slice(0, 10);
      await gotoApp(page, env.url(`?daily=${today}&players=4`));
      await page.locator(byTestId('speed-instant')).click();
      assert.equal(await nextState(page), 'pass');
      await moveAndWait(page, 'pass-button');
      assert.equal(await nextState(page), 'pass');
      assert.equal(await page.locator(byTestId('take-back')).count(), 0);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('is offered on a phone, in French, and fits the deal bar', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-FR' }, 'takeback-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(DEAL));
      await page.locator(byTestId('speed-instant')).click();
      assert.equal(await nextState(page), 'pass');
      await moveAndWait(page, 'pass-button');
      assert.equal(await nextState(page), 'pass');
      const button = page.locator(byTestId('take-back'));
      assert.equal((await button.textContent()).trim(), 'Reprendre mon coup');
      const box = await button.boundingBox();
      assert.ok(box.x >= 0 && box.x + box.width <= 360, `inside the screen: ${JSON.stringify(box)}`);
      assert.ok(box.height >= 40, `tall enough to tap: ${box.height}`);
      await screenshot(page, 'take-back-offered-360x740-fr');
      await button.click();
      await page.locator(byTestId('take-back-confirm')).click();
      await page.locator(byTestId('take-back')).waitFor({ state: 'detached' });
      assert.match(await page.locator('.deal-bar').textContent(), /entraînement/);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
