// A friend who goes away (issue 55), in real Chromium pages over real
// WebRTC, through the page's own screens and test ids: the host, a friend
// (Ana, on a phone) and two bots play Katzenjammer.
//   1. Ana reads the rules mid-game (longer than a silent seat takes to go
//      away) and comes back by the browser's Back, then by "Back to the
//      game": still connected, her table as it was. Then her page reloads
//      mid-game (a phone that slept, a tap on reload):
//      the host's page shows her seat away (`seat-status-1` = `away`) and
//      the game waits for her; the host taps `invite-again-1`, a new
//      `invite-link-1` comes; Ana opens it, her page answers, the host
//      enters the answer, and her seat is connected again: her table comes
//      back with her hand, and she plays on.
//   0. Before: the connection's settings refuse a bad STUN or TURN
//      setting in words, and keep a good one.
//   2. Ana's page is closed: her seat shows away; the host lets a bot play
//      for her (`stand-in-1` = `easy`), her seat shows `bot`, and the game
//      is finished by the host and the bots.
//   3. Another game: before the deal the host reads the rules, Back shows
//      the home screen with the friends' table still set, and Play goes back
//      to the same invitations (the same link: Ana's answer made before
//      still connects). Mid-game the host reads the rules for longer than a
//      seat takes to go away, then Back and Resume: the game is back on its
//      invitations with Ana still connected (leaving the host's screen
//      closes no connection), the host's hand as it was. Then its page
//      reloads: back on its invitations (not a game passed around one
//      device), Ana away; Invite again makes a new `invite-link-1`; Ana
//      answers it and the game goes on to its end, her check verified.
// What turns it red: a reload that loses the seat (its token and secret
// forgotten, a new invitation refused), a closed channel not seen (the
// seat never away), a stand-in that never plays (the game never ends).
//   TABLEE_DIST=/tmp/dist-friends node --test --test-timeout=600000 tests/e2e/friends-away.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, screenshot } from './lib.mjs';
import { answerOf, device, failed, enterAnswer, hostAndJoin, invitation, playSeat, startFriends } from './friends-lib.mjs';

/** Waits until seat `seat`'s status on the host's page is `status`. */
const seatIs = (host, seat, status, timeout = 20_000) =>
  host.page.waitForFunction(([id, status]) => document.querySelector(id)?.dataset.status === status, [byTestId(`seat-status-${seat}`), status], { timeout });

/**
 * The host (at `viewport`) sets a Katzenjammer table with Ana (on a phone)
 * and two bots; `before` runs on the host's invitations before her answer
 * is entered; both tables shown. Returns { host, ana, link }.
 */
async function joined(env, viewport, before = async () => {}) {
  const host = await device(env, { viewport });
  const ana = await device(env, { viewport: { width: 360, height: 740 } });
  host.url = env.site.url;
  const { link, answer } = await hostAndJoin(host, ana, 'katzenjammer');
  await before(host.page);
  await enterAnswer(host, answer);
  for (const d of [host, ana]) await d.page.locator(byTestId('table-screen')).waitFor({ timeout: 30_000 });
  return { host, ana, link };
}

/** Seat 1's invitation link on the host's page once it is another than `old`. */
const newInvitation = (host, old) =>
  host.page
    .waitForFunction(
      ([id, old]) => {
        const link = document.querySelector(id)?.dataset.link;
        return link && link !== old ? link : false;
      },
      [byTestId('invite-link-1'), old],
      { timeout: 30_000 },
    )
    .then((h) => h.jsonValue());

/** The friend's hand, as its cards' symbols. */
const hand = (page) => page.locator('[data-testid="hand"] button[data-card]').evaluateAll((b) => b.map((x) => x.dataset.card));

describe('friends on their own devices: away and back', () => {
  let env;
  before(async () => {
    env = await startFriends();
  });
  after(async () => {
    await env?.close();
  });

  it('a friend reloads and rejoins through a new invitation; a friend whose page closed is played by a bot to the end', async () => {
    const { host, ana, link } = await joined(env, { width: 1280, height: 800 }, relaySettings);
    try {
      // The host plays its seat throughout; the bots theirs.
      const hostPlays = playSeat(host.page, 'host').catch((error) => ({ error }));

      // 1. Ana plays a little, then her page reloads.
      const first = await playSeat(ana.page, 'Ana', { moves: 2 });
      assert.equal(first.end, false, 'the game is not over after two moves');
      await nextTurn(ana.page);
      const before = await hand(ana.page);
      // Ana reads the rules at her turn, for longer than a silent seat
      // takes to go away: still connected; the browser's Back shows her
      // table as it was. The rules again, then "Back to the game": her table.
      await ana.page.locator(byTestId('nav-rules')).click();
      await ana.page.locator(byTestId('rules-screen')).waitFor();
      await ana.page.waitForTimeout(7_000);
      assert.equal(await host.page.locator(byTestId('seat-status-1')).getAttribute('data-status'), 'connected', 'Ana reading the rules is not away');
      await ana.page.goBack();
      await ana.page.locator(byTestId('table-screen')).waitFor();
      await nextTurn(ana.page);
      assert.deepEqual(await hand(ana.page), before, 'her hand, as it was before the rules');
      await ana.page.locator(byTestId('nav-rules')).click();
      await ana.page.locator(byTestId('rules-screen')).waitFor();
      await ana.page.locator(byTestId('nav-game')).click();
      await ana.page.locator(byTestId('table-screen')).waitFor();
      await nextTurn(ana.page);
      assert.equal(await ana.page.locator(byTestId('join-error')).count(), 0, 'Ana never lost the host');
      await ana.page.reload({ waitUntil: 'load' });
      await seatIs(host, 1, 'away');
      assert.equal(await host.page.locator(byTestId('invite-again-1')).count(), 1, 'Invite again beside an away seat');
      await host.page.locator(byTestId('invite-again-1')).click();
      const newLink = await newInvitation(host, link);
      await invitation(host, 'katzenjammer', 1);
      const newAnswer = await answerOf(ana, newLink);
      await enterAnswer(host, newAnswer);
      await ana.page.locator(byTestId('table-screen')).waitFor({ timeout: 30_000 });
      await nextTurn(ana.page);
      assert.deepEqual(await hand(ana.page), before, 'her hand, as it was before the reload');
      await screenshot(ana.page, 'friends-friend-rejoined');
      const second = await playSeat(ana.page, 'Ana', { moves: 2 });
      assert.equal(second.end, false);

      // 2. Her page closes: away, then a bot for her, and the game ends.
      await ana.page.close();
      await seatIs(host, 1, 'away');
      await host.page.locator(byTestId('stand-in-1')).selectOption('easy');
      await seatIs(host, 1, 'bot');
      const end = await hostPlays;
      if (end.error) throw end.error;
      assert.ok(end.end, 'the host reached the end');
      await host.page.locator(byTestId('end-screen')).waitFor();
      await screenshot(host.page, 'friends-host-end-stand-in');
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
      assert.deepEqual(ana.problems, [], describeProblems(ana.problems));
    } catch (error) {
      await failed({ host, ana }, 'friends-away', error);
    } finally {
      await host.context.close();
      await ana.context.close();
    }
  });

  it("the host leaves its screen and comes back, its friend still connected; its page reloads mid-game: its game comes back with new invitations, the friend answers and the game ends verified", async () => {
    // Before the deal: the rules, Back (the home screen, the friends' table
    // still set), Play: the same invitations, the answer made for them still good.
    const awayBeforeDeal = async (page) => {
      const link = await page.locator(byTestId('invite-link-1')).getAttribute('data-link');
      await page.locator(byTestId('nav-rules')).click();
      await page.locator(byTestId('rules-screen')).waitFor();
      await page.goBack();
      await page.locator(byTestId('home-screen')).waitFor();
      assert.equal(await page.locator(byTestId('seat-1')).inputValue(), 'friend', "the home offers the friends' table again");
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('invite-screen')).waitFor();
      assert.equal(await page.locator(byTestId('invite-link-1')).getAttribute('data-link'), link, 'the same invitation');
      assert.equal(await page.locator(byTestId('seat-status-1')).getAttribute('data-status'), 'waiting');
    };
    const { host, ana, link } = await joined(env, { width: 360, height: 740 }, awayBeforeDeal);
    try {
      await Promise.all([playSeat(host.page, 'host', { moves: 2 }), playSeat(ana.page, 'Ana', { moves: 2 })]);
      await nextTurn(host.page);
      const hostHand = await hand(host.page);
      // The host reads the rules for longer than a silent seat takes to go
      // away, then the browser's Back (the home screen, whose address the
      // invitations kept), then Resume: the game is back on its
      // invitations, Ana still connected (the host's page kept its
      // connections and heartbeats while it showed the rules), never drawn
      // as a game passed around one device.
      await host.page.locator(byTestId('nav-rules')).click();
      await host.page.locator(byTestId('rules-screen')).waitFor();
      await host.page.waitForTimeout(7_000);
      await host.page.goBack();
      await host.page.locator(byTestId('resume-button')).click();
      await host.page.locator(byTestId('invite-screen')).waitFor({ timeout: 30_000 });
      await seatIs(host, 1, 'connected');
      assert.equal(await ana.page.locator(byTestId('join-error')).count(), 0, 'Ana never lost the host');
      assert.equal(await host.page.locator(byTestId('handoff-screen')).count(), 0, 'Back to the game: no hand-off');
      await nextTurn(host.page);
      assert.deepEqual(await hand(host.page), hostHand, "the host's hand, as before the rules");
      // The reload (a phone's tab discarded and opened again).
      await host.page.reload({ waitUntil: 'load' });
      // Back on the invitations, Ana away, Invite again beside her; never a game passed around.
      await seatIs(host, 1, 'away');
      await host.page.locator(byTestId('invite-again-1')).click();
      const newLink = await newInvitation(host, link);
      assert.equal(await host.page.locator(byTestId('handoff-screen')).count(), 0, 'no hand-off: the game is with friends still');
      // (Still the host's turn: nothing moved meanwhile.)
      await nextTurn(host.page);
      assert.deepEqual(await hand(host.page), hostHand, "the host's hand, as before the reload");
      // Ana's page lost the host and says so; she opens the new link and answers.
      await ana.page.locator(byTestId('join-error')).waitFor({ timeout: 20_000 });
      assert.match(await ana.page.locator(byTestId('join-error')).textContent(), /lost/);
      const newAnswer = await answerOf(ana, newLink);
      await enterAnswer(host, newAnswer);
      await ana.page.locator(byTestId('table-screen')).waitFor({ timeout: 30_000 });
      await screenshot(host.page, 'friends-host-resumed');
      const played = await Promise.all([playSeat(host.page, 'host'), playSeat(ana.page, 'Ana')]);
      assert.ok(played.every((p) => p.end), JSON.stringify(played));
      const check = ana.page.locator(byTestId('fair-check'));
      await check.waitFor({ timeout: 30_000 });
      assert.equal(await check.getAttribute('data-verified'), 'true', await check.textContent());
      // Once over, nothing is kept for a reload.
      assert.equal(await host.page.evaluate(() => localStorage.getItem('tablee.friends.host')), null);
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
      assert.deepEqual(ana.problems, [], describeProblems(ana.problems));
    } catch (error) {
      await failed({ host, ana }, 'friends-host-reload', error);
    } finally {
      await host.context.close();
      await ana.context.close();
    }
  });
});

/**
 * The connection's settings on the host's invitations screen: a STUN
 * address without its scheme and a TURN server without its password are
 * refused in words and not kept; an empty STUN (one Wi-Fi) is kept.
 */
async function relaySettings(page) {
  const id = byTestId;
  await page.locator(`${id('relay-settings')} summary`).click();
  const status = page.locator(id('relay-status'));
  const stored = (key) => page.evaluate((k) => localStorage.getItem(k), key);
  await page.locator(id('relay-stun')).fill('stun.example.org');
  await page.locator(id('relay-save')).click();
  assert.match(await status.textContent(), /starts with "stun:"/);
  assert.equal(await stored('tablee.friends.stun'), '', 'a refused setting is not kept');
  await page.locator(id('relay-stun')).fill('');
  await page.locator(id('relay-turn')).fill('turn:turn.example.org:3478');
  await page.locator(id('relay-save')).click();
  assert.match(await status.textContent(), /user name and password/);
  await page.locator(id('relay-turn')).fill('');
  await page.locator(id('relay-save')).click();
  assert.match(await status.textContent(), /Saved/);
  assert.equal(await stored('tablee.friends.stun'), '');
  assert.equal(await stored('tablee.friends.turn'), null);
}

/** Waits for the page's seat to have a decision (its hand on the table). */
const nextTurn = (page) =>
  page.waitForFunction(() => {
    const pass = document.querySelector('[data-testid="pass-button"]');
    return (pass && !pass.disabled) || document.querySelector('[data-testid="present-nothing"]');
  }, null, { timeout: 60_000 });
