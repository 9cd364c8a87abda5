// A whole game with friends on their own devices (issue 55), in real
// Chromium pages on this machine, through the page's own screens and test
// ids only: the host sets a Katzenjammer table on the home screen with a
// friend's seat (`seat-1` = `friend`) and bots, sends the invitation
// (`invite-link-1`'s link) to a second browser context (another device),
// which shows its answer (`answer-code`); the host enters it
// (`answer-input-1`, `answer-submit-1`) and the seat connects
// (`seat-status-1` = `connected`). Both then play at their usual tables
// (`pass-button`, `present-nothing`) while the host's bots play theirs, to
// the end (`end-screen` on both), and the friend's page checks the game:
// `fair-check` says verified.
//
// Host candidates only (Chromium's WebRtcHideLocalIpsWithMdns off: this
// machine resolves no mDNS names), no STUN (the setting `tablee.friends.stun`
// set empty, as on one Wi-Fi).
//   TABLEE_DIST=/tmp/dist-friends node --test --test-timeout=600000 tests/e2e/friends-game.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, MAX_MOVES, moveAndWait, nextState, screenshot, waitForApp, watchProblems } from './lib.mjs';
import { startFriends } from './friends-lib.mjs';

/** A page of its own context (another device): English, no STUN, bots at the instant speed. */
async function device(env, { viewport = { width: 1280, height: 800 } } = {}) {
  const context = await env.browser.newContext({ viewport, locale: 'en-US' });
  await context.addInitScript(() => {
    localStorage.setItem('tablee.friends.stun', '');
    localStorage.setItem('tablee.speed', 'instant');
    localStorage.setItem('tablee.lang', 'en');
  });
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/** Plays the page's seat to the end: pass at every bid, present nothing. */
async function playToEnd(page, who) {
  let moves = 0;
  for (;;) {
    const state = await nextState(page, { timeout: 120_000 });
    if (state === 'end') return moves;
    if (moves >= MAX_MOVES) throw new Error(`${who}: still no end after ${MAX_MOVES} moves`);
    if (state === 'pass') await moveAndWait(page, 'pass-button', { timeout: 20_000 });
    else if (state === 'present') await moveAndWait(page, 'present-nothing', { timeout: 20_000 });
    else throw new Error(`${who}: unexpected state "${state}"`);
    moves += 1;
  }
}

describe('friends on their own devices: a whole game', () => {
  let env;
  before(async () => {
    env = await startFriends();
  });
  after(async () => {
    await env?.close();
  });

  it('the host, a friend and two bots play a whole Katzenjammer game, and the friend verifies it', async () => {
    const host = await device(env, { viewport: { width: 360, height: 740 } });
    const friend = await device(env, { viewport: { width: 360, height: 740 } });
    try {
      await host.page.goto(env.site.url, { waitUntil: 'load' });
      await waitForApp(host.page);
      await host.page.locator(byTestId('game-katzenjammer')).check();
      await host.page.locator(byTestId('players-select')).selectOption('4');
      const options = await host.page.locator(`${byTestId('seat-1')} option`).evaluateAll((o) => o.map((x) => x.value));
      assert.ok(options.includes('friend'), `seat-1 offers a friend: ${options}`);
      await host.page.locator(byTestId('seat-1')).selectOption('friend');
      await host.page.locator(byTestId('seat-2')).selectOption('easy');
      await host.page.locator(byTestId('seat-3')).selectOption('easy');
      await host.page.locator(byTestId('seat-name-1')).fill('Ana');
      await host.page.locator(byTestId('play-button')).click();

      const invite = host.page.locator(byTestId('invite-link-1'));
      await invite.waitFor({ timeout: 30_000 });
      const link = await invite.getAttribute('data-link');
      assert.equal(link, await invite.getAttribute('href'));
      assert.match(link, /#join=[0-9A-HJKMNP-TV-Z]+$/, link);
      assert.equal(await host.page.locator(byTestId('seat-status-1')).getAttribute('data-status'), 'waiting');
      await screenshot(host.page, 'friends-host-invitations');

      await friend.page.goto(link, { waitUntil: 'load' });
      const answerCode = friend.page.locator(byTestId('answer-code'));
      await answerCode.waitFor({ timeout: 30_000 });
      const answer = await answerCode.getAttribute('data-code');
      assert.match(answer, /^[0-9A-HJKMNP-TV-Z]+$/, answer);

      // A damaged answer is refused in words, never a panic.
      const damaged = answer.slice(0, 30) + (answer[30] === 'A' ? 'B' : 'A') + answer.slice(31);
      await host.page.locator(byTestId('answer-input-1')).fill(damaged);
      await host.page.locator(byTestId('answer-submit-1')).click();
      await host.page.waitForFunction((id) => document.querySelector(id)?.textContent.includes('damaged'), byTestId('answer-error-1'));

      await host.page.locator(byTestId('answer-input-1')).fill(answer);
      await host.page.locator(byTestId('answer-submit-1')).click();
      await host.page.waitForFunction((id) => document.querySelector(id)?.dataset.status === 'connected', byTestId('seat-status-1'), { timeout: 15_000 });
      const connectMs = Number(await host.page.locator(byTestId('seat-status-1')).getAttribute('data-connect-ms'));
      console.log(`answer entered → seat connected: ${connectMs} ms`);
      assert.equal(await host.page.locator(byTestId('seat-status-2')).count(), 0, 'bots have no invitation');

      // Both tables come once the deal is made from every seat's secret.
      await host.page.locator(byTestId('table-screen')).waitFor({ timeout: 30_000 });
      await friend.page.locator(byTestId('table-screen')).waitFor({ timeout: 30_000 });
      await screenshot(friend.page, 'friends-friend-table');

      const [hostMoves, friendMoves] = await Promise.all([playToEnd(host.page, 'host'), playToEnd(friend.page, 'friend')]);
      console.log(`moves: host ${hostMoves}, friend ${friendMoves}`);
      assert.ok(friendMoves > 0 && hostMoves > 0);

      const check = friend.page.locator(byTestId('fair-check'));
      await check.waitFor({ timeout: 30_000 });
      assert.equal(await check.getAttribute('data-verified'), 'true', await check.textContent());
      assert.match(await check.textContent(), /Verified/);
      await screenshot(friend.page, 'friends-friend-end');
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
      assert.deepEqual(friend.problems, [], describeProblems(friend.problems));
    } finally {
      await host.context.close();
      await friend.context.close();
    }
  });
});
