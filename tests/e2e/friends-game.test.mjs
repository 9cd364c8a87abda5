// A whole game with friends on their own devices (issue 55), in real
// Chromium pages on this machine, through the page's own screens and test
// ids only: the host sets a Katzenjammer table on the home screen with two
// friends' seats (`seat-1`, `seat-2` = `friend`, named Ana and Ben) and a
// bot, sends each invitation (`invite-link-N`'s link) to a browser context
// of its own (another device), which shows its answer (`answer-code`); the
// host enters it (`answer-input-N`, `answer-submit-N`) and the seat
// connects (`seat-status-N` = `connected`). All three then play at their
// usual tables (`pass-button`, `present-nothing`) while the host's bot plays
// its seat, to the end (`end-screen` everywhere), and each friend's page
// checks the game (`fair-check`):
//   - Ana's says verified;
//   - Ben's device receives the host's record with one of the bot's moves
//     changed (a dishonest host, played by the test: the record is altered
//     as it arrives, before the page reads it) and names that move;
//   - every message each friend's device received before the end is its
//     own seat's: no view of another seat, no other seat's hand, no moves
//     offered out of turn.
//
// Host candidates only (Chromium's WebRtcHideLocalIpsWithMdns off: this
// machine resolves no mDNS names), no STUN (the setting `tablee.friends.stun`
// set empty, as on one Wi-Fi).
//
// What turns it red: a friend's move lost or refused (a table that never
// ends), a deal or a move the check cannot replay (Ana's not verified), a
// check that does not read the record it is sent (Ben's verified).
//   TABLEE_DIST=/tmp/dist-friends node --test --test-timeout=600000 tests/e2e/friends-game.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, screenshot } from './lib.mjs';
import { answerOf, checkReceived, device, enterAnswer, failed, hostTable, invitation, playSeat, startFriends, watchChannel } from './friends-lib.mjs';

describe('friends on their own devices: a whole game', () => {
  let env;
  before(async () => {
    env = await startFriends();
  });
  after(async () => {
    await env?.close();
  });

  it('the host, two friends and a bot play a whole Katzenjammer game; a friend verifies it, another names the move a dishonest host changed', async () => {
    const host = await device(env, { viewport: { width: 360, height: 740 } });
    const ana = await device(env, { viewport: { width: 360, height: 740 } });
    const ben = await device(env, { viewport: { width: 1280, height: 800 } });
    await ana.context.addInitScript(watchChannel, {});
    await ben.context.addInitScript(watchChannel, { tamper: 3 });
    try {
      host.url = env.site.url;
      const friends = await hostTable(host, 'katzenjammer', ['Ana', 'Ben', 'easy']);
      assert.deepEqual(friends, [1, 2]);
      const links = [await invitation(host, 'katzenjammer', 1), await invitation(host, 'katzenjammer', 2)];
      assert.notEqual(links[0], links[1], 'each seat its own invitation');
      assert.equal(await host.page.locator(byTestId('seat-status-3')).count(), 0, 'bots have no invitation');
      const answers = [await answerOf(ana, links[0]), await answerOf(ben, links[1])];
      await screenshot(host.page, 'friends-host-invitations');

      // A damaged answer is refused in words, never a panic.
      const damaged = answers[0].slice(0, 30) + (answers[0][30] === 'A' ? 'B' : 'A') + answers[0].slice(31);
      await host.page.locator(byTestId('answer-input-1')).fill(damaged);
      await host.page.locator(byTestId('answer-submit-1')).click();
      await host.page.waitForFunction((id) => document.querySelector(id)?.textContent.includes('damaged'), byTestId('answer-error-1'));

      for (const [i, answer] of answers.entries()) {
        const ms = await enterAnswer(host, answer, i + 1);
        console.log(`seat ${i + 1}: answer entered → seat connected: ${ms} ms`);
      }

      // The tables come once the deal is made from every seat's secret.
      for (const d of [host, ana, ben]) await d.page.locator(byTestId('table-screen')).waitFor({ timeout: 30_000 });
      await screenshot(ana.page, 'friends-friend-table');

      const played = await Promise.all([playSeat(host.page, 'host'), playSeat(ana.page, 'Ana'), playSeat(ben.page, 'Ben')]);
      console.log(`moves: host ${played[0].moves}, Ana ${played[1].moves}, Ben ${played[2].moves}`);
      assert.ok(played.every((p) => p.end && p.moves > 0), JSON.stringify(played));

      const check = ana.page.locator(byTestId('fair-check'));
      await check.waitFor({ timeout: 30_000 });
      assert.equal(await check.getAttribute('data-verified'), 'true', await check.textContent());
      assert.match(await check.textContent(), /Verified/);
      // The end says "You" for Ana's seat, and no Play again (it would deal
      // a game on one device): a new table with friends is the host's.
      for (const [who, page, seat] of [['Ana', ana.page, 1], ['the host', host.page, 0]]) {
        await page.locator(byTestId('again-with-friends')).waitFor({ timeout: 10_000 });
        assert.equal(await page.locator(byTestId('play-again')).isVisible(), false, `${who}: no Play again`);
        assert.match(await page.locator(`${byTestId(`end-row-${seat}`)} th`).textContent(), /^You$/, `${who}'s row`);
      }
      await screenshot(ana.page, 'friends-friend-end');

      const tampered = ben.page.locator(byTestId('fair-check'));
      await tampered.waitFor({ timeout: 30_000 });
      const index = await ben.page.evaluate(() => window.tableeTampered);
      assert.equal(typeof index, 'number', 'the end message was altered');
      const words = await tampered.textContent();
      console.log(`the altered record (move ${index + 1}): ${words}`);
      assert.equal(await tampered.getAttribute('data-verified'), 'false', words);
      assert.match(words, new RegExp(`move ${index + 1}\\b`), `names move ${index + 1}: ${words}`);
      // The moves in the table's words ("played Pass, where that bot plays Bid …"), not the notation.
      assert.doesNotMatch(words, /[{}"]|\bact\b/, `the moves in words: ${words}`);
      await screenshot(ben.page, 'friends-friend-end-tampered');

      // What each friend's device was sent before the end: its own seat's
      // views only, no other seat's hand, no moves out of turn.
      for (const [who, d, seat] of [['Ana', ana, 1], ['Ben', ben, 2]]) {
        const { problems, messages, views } = await checkReceived(d.page, seat);
        console.log(`${who}'s device received ${messages} messages, ${views} views before the end`);
        assert.ok(views > 10, `${who}: ${views} views`);
        assert.deepEqual(problems, [], `${who} was sent what is not theirs`);
      }
      for (const d of [host, ana, ben]) assert.deepEqual(d.problems, [], describeProblems(d.problems));
    } catch (error) {
      await failed({ host, ana, ben }, 'friends-game', error);
    } finally {
      for (const d of [host, ana, ben]) await d.context.close();
    }
  });
});
