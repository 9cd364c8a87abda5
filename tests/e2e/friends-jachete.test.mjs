// J'achète with a friend on their own device (issue 55), in real Chromium
// pages on this machine, through the pages' own screens and test ids: the
// host sets a 4-seat J'achète table (seat 1 a friend, two easy bots), the
// friend joins by the invitation's link and the host enters the answer
// (tests/e2e/friends-lib.mjs). Then both play a whole round at their usual
// tables: the friend buys the first card it is offered and lets the others
// go, each discards a card a turn, until the round's end shows on both
// pages (`ja-round-end`).
//
// What it checks beyond the transport: the friend's table, which has no
// record of the game, hears every move from the host's messages (the view's
// `moved`): its round log (`ja-log`) tells the bots' moves and its own buy
// as they happen, as the host's does; and a buy answered on the friend's
// page is the rules' (JA-9: the host asks every eligible seat at once).
//   TABLEE_DIST=/tmp/dist node --test --test-timeout=600000 tests/e2e/friends-jachete.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, screenshot } from './lib.mjs';
import { checkReceived, device, enterAnswer, hostAndJoin, startFriends, watchChannel } from './friends-lib.mjs';
import { moveBy, nextState } from './jachete-lib.mjs';

/** Plays the page's seat to the round's end: buys once if `buyOnce`, else lets each card go; discards its first card a turn. */
async function playRound(page, { buyOnce = false, shown } = {}) {
  let bought = 0;
  let played = 0;
  for (let n = 0; n < 200; n += 1) {
    const now = await nextState(page, 120_000);
    if (now === 'round' || now === 'end') return { bought, played };
    if (now === 'buy') {
      if (buyOnce && bought === 0) {
        await moveBy(page, 'ja-buy', { timeout: 30_000, shown });
        bought += 1;
      } else {
        await moveBy(page, 'ja-decline', { timeout: 30_000, shown });
      }
    } else {
      await page.locator(byTestId('ja-hand-card-0')).click();
      await moveBy(page, 'ja-discard', { timeout: 30_000, shown });
    }
    played += 1;
  }
  throw new Error('no round end after 200 moves');
}

/** The round log's lines. */
const logLines = (page) => page.locator(`${byTestId('ja-log')} li`).allTextContents();

describe("friends on their own devices: a round of J'achète", () => {
  let env;
  before(async () => {
    env = await startFriends();
  });
  after(async () => {
    await env?.close();
  });

  it('the host, a friend and two bots play a whole round; the friend buys, and its log tells every move', async () => {
    const host = await device(env, { viewport: { width: 1280, height: 800 } });
    const friend = await device(env, { viewport: { width: 360, height: 740 } });
    await friend.context.addInitScript(watchChannel, {});
    try {
      host.url = env.site.url;
      const { answer } = await hostAndJoin(host, friend, 'jachete');
      const connectMs = await enterAnswer(host, answer);
      console.log(`answer entered → seat connected: ${connectMs} ms`);

      await host.page.locator(byTestId('ja-table')).waitFor({ timeout: 30_000 });
      await friend.page.locator(byTestId('ja-table')).waitFor({ timeout: 30_000 });
      // Measured, not asserted: from the host's tap to the move on the
      // friend's table (docs/friends.md; the target is 100 ms).
      const latencies = [];
      const shown = (n) => {
        const t0 = Date.now();
        friend.page
          .waitForFunction((n) => Number(document.querySelector('[data-testid="ja-table"]')?.dataset.moves) >= n, n, { timeout: 30_000, polling: 'raf' })
          .then(() => latencies.push(Date.now() - t0))
          .catch(() => {});
      };
      const [hostPlay, friendPlay] = await Promise.all([playRound(host.page, { shown }), playRound(friend.page, { buyOnce: true })]).catch(async (e) => {
        // What each page showed when a seat waited in vain.
        await screenshot(host.page, 'friends-jachete-host-stuck');
        await screenshot(friend.page, 'friends-jachete-friend-stuck');
        const what = async (page) => page.evaluate(() => ({
          moves: document.querySelector('[data-testid="ja-table"]')?.dataset.moves,
          turn: document.querySelector('[data-testid="turn-status"]')?.textContent,
          statuses: [...document.querySelectorAll('[data-testid^="seat-status-"]')].map((e) => e.dataset.status),
        }));
        throw new Error(`${e.message}\nhost: ${JSON.stringify(await what(host.page))}\nfriend: ${JSON.stringify(await what(friend.page))}`);
      });
      console.log(`moves: host ${hostPlay.played}, friend ${friendPlay.played} (bought ${friendPlay.bought})`);
      const sorted = [...latencies].sort((a, b) => a - b);
      if (sorted.length) console.log(`host's move → on the friend's table: median ${sorted[sorted.length >> 1]} ms, max ${sorted.at(-1)} ms (${sorted.length} moves)`);
      assert.ok(hostPlay.played > 0 && friendPlay.played > 0);
      assert.equal(friendPlay.bought, 1, 'the friend was offered a card and bought it');
      await screenshot(friend.page, 'friends-jachete-round-end');

      // The friend's log heard the round as the host's did: the bots' moves and the buy.
      const [hostLog, friendLog] = [await logLines(host.page), await logLines(friend.page)];
      assert.ok(friendLog.length >= 4, `the friend's log: ${JSON.stringify(friendLog)}`);
      assert.ok(friendLog.some((l) => /Ana buys|You buy/.test(l)) || friendLog.some((l) => /buy/i.test(l)), `a buy in the friend's log: ${JSON.stringify(friendLog)}`);
      assert.ok(friendLog.some((l) => /discard/i.test(l)), `a discard in the friend's log: ${JSON.stringify(friendLog)}`);
      console.log(`log lines: host ${hostLog.length}, friend ${friendLog.length}`);
      assert.equal(friendLog.length, hostLog.length, `the friend's log tells the round's turns as the host's does: ${JSON.stringify({ hostLog, friendLog })}`);
      // What the friend's device was sent: its own seat's views only, no
      // other seat's hand, no moves offered out of turn (a buy window asks
      // every seat at once).
      const received = await checkReceived(friend.page, 1);
      console.log(`the friend's device received ${received.messages} messages, ${received.views} views`);
      assert.ok(received.views > 10, `${received.views} views`);
      assert.deepEqual(received.problems, [], 'the friend was sent what is not theirs');
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
      assert.deepEqual(friend.problems, [], describeProblems(friend.problems));
    } finally {
      await host.context.close();
      await friend.context.close();
    }
  });
});
