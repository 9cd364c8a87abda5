// The friends' transport (issue 55) in real Chromium pages on this machine:
// two browser contexts (two devices) connected by WebRTC through the
// invitation and answer codes alone, host candidates only: the data
// channel opens and carries messages both ways; a damaged code, an answer
// pasted for another seat and an invitation pasted as an answer are
// refused with their typed reasons. The friends' code is a part of its
// own: the home screen's first load fetches none of it.
//
// The time to connect is measured by scripts/friends-connect.mjs, not here.
//
// The address `#friends-check` loads Katzenjammer's friends' part (shipped,
// riding on its table's) and installs the transport's test entry:
//   TABLEE_DIST=/tmp/dist-friends node --test tests/e2e/friends.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { describeProblems } from './lib.mjs';
import { connect, friendsPage, startFriends } from './friends-lib.mjs';


describe('friends on their own devices: the transport', () => {
  let env;
  before(async () => {
    env = await startFriends();
  });
  after(async () => {
    await env?.close();
  });

  it('opens a data channel through the codes and carries messages both ways', async () => {
    const host = await friendsPage(env);
    const friend = await friendsPage(env);
    try {
      const { hostId, friendId, invitation, answer } = await connect(host, friend);
      assert.match(invitation, /^[0-9A-HJKMNP-TV-Z]+$/, 'an invitation is base32');
      assert.match(answer, /^[0-9A-HJKMNP-TV-Z]+$/);
      // The friend's side opens too.
      await friend.page.waitForFunction((id) => window.tableeFriends.open(id), friendId, { timeout: 10_000 });
      const hello = '{"t":"ping","n":1}';
      assert.equal(await host.page.evaluate(([id, t]) => window.tableeFriends.send(id, t), [hostId, hello]), true);
      assert.equal(await friend.page.evaluate(([id, t]) => window.tableeFriends.send(id, t), [friendId, 'é and back']), true);
      const received = (page, id) =>
        page.waitForFunction((id) => {
          window.received = [...(window.received ?? []), ...window.tableeFriends.inbox(id)];
          return window.received.length > 0 && window.received;
        }, id, { timeout: 10_000 }).then((handle) => handle.jsonValue());
      assert.deepEqual(await received(friend.page, friendId), [hello]);
      assert.deepEqual(await received(host.page, hostId), ['é and back']);
      // A large message (the end's whole log is under 30 KB) crosses whole.
      const big = 'x'.repeat(60_000);
      assert.equal(await host.page.evaluate(([id, t]) => window.tableeFriends.send(id, t), [hostId, big]), true);
      const got = await friend.page.waitForFunction((id) => {
        const texts = window.tableeFriends.inbox(id);
        return texts.length > 0 && texts[0].length;
      }, friendId, { timeout: 10_000 });
      assert.equal(await got.jsonValue(), big.length);
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
      assert.deepEqual(friend.problems, [], describeProblems(friend.problems));
    } finally {
      await host.context.close();
      await friend.context.close();
    }
  });

  it('refuses a damaged code, an answer for another seat and an invitation pasted as an answer', async () => {
    const host = await friendsPage(env);
    const friend = await friendsPage(env);
    try {
      const [, invitation] = await host.page.evaluate(() => window.tableeFriends.invite(2, ''));
      const [otherId] = await host.page.evaluate(() => window.tableeFriends.invite(3, ''));
      // One character changed.
      const damaged = invitation.slice(0, 20) + (invitation[20] === 'A' ? 'B' : 'A') + invitation.slice(21);
      const refusal = (page, f, args) => page.evaluate(([f, args]) => window.tableeFriends[f](...args).then(() => 'accepted', (e) => String(e)), [f, args]);
      assert.equal(await refusal(friend.page, 'join', [damaged, '']), 'Code: Damaged');
      assert.equal(await refusal(friend.page, 'join', ['', '']), 'Code: Empty');
      const [, answer] = await friend.page.evaluate((code) => window.tableeFriends.join(code, ''), invitation);
      // Seat 2's answer entered at seat 3's invitation.
      assert.equal(await refusal(host.page, 'answer', [otherId, answer]), 'WrongSeat: 3 2');
      assert.equal(await refusal(host.page, 'answer', [otherId, invitation]), 'Code: WrongKind');
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
    } finally {
      await host.context.close();
      await friend.context.close();
    }
  });
});
