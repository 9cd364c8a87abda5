// Two Chromium pages connected by the friends' WebRTC transport through
// its codes alone (issue 55): the host's page writes an invitation, the
// friend's page opens it and writes an answer, the host's page applies the
// answer. Used by tests/e2e/friends.test.mjs and scripts/friends-connect.mjs.
//
// The pages open the site at `#friends-check`, which installs
// `window.tableeFriends` from the friends' part of the page
// (src/ui/friends/transport.rs, `install_check`). Host candidates only: Chromium
// hides local addresses behind mDNS names unless told not to, and this
// machine resolves none, hence WebRtcHideLocalIpsWithMdns off.

import { chromium } from 'playwright-core';

import assert from 'node:assert/strict';

import { BASE, byTestId, screenshot, CHROMIUM, CHROMIUM_ARGS, MAX_MOVES, moveAndWait, nextState, startSite, waitForApp, watchProblems } from './lib.mjs';

export const FRIENDS_ARGS = [...CHROMIUM_ARGS, '--disable-features=WebRtcHideLocalIpsWithMdns'];

/** The site and a browser for friends' pages: { site, browser, close() }. */
export async function startFriends() {
  const site = await startSite();
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: FRIENDS_ARGS, timeout: 60_000 });
  return {
    site,
    browser,
    close: async () => {
      await browser.close().catch(() => {});
      await site.close();
    },
  };
}

/** A page of its own context (another device), with the transport installed. */
export async function friendsPage(env) {
  const context = await env.browser.newContext();
  const page = await context.newPage();
  const problems = watchProblems(page);
  await page.goto(`${env.site.url}#friends-check`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.tableeFriendsCall, null, { timeout: 30_000 });
  // The part installs one function (a closure signature the page already
  // has: no JS glue more for every link); the test's API is made of it.
  await page.evaluate(() => {
    const call = (args) => new Promise((resolve, reject) =>
      window.tableeFriendsCall({ args: args.map(String), done: (error, value) => (error ? reject(error) : resolve(value)) }));
    const now = (args) => {
      let out;
      window.tableeFriendsCall({ args: args.map(String), done: (_, value) => { out = value; } });
      return out;
    };
    window.tableeFriends = {
      invite: (seat, stun) => call(['invite', seat, stun]).then((r) => [Number(r.id), r.code]),
      join: (code, stun) => call(['join', code, stun]).then((r) => [Number(r.id), r.code]),
      answer: (id, code) => call(['answer', id, code]),
      open: (id) => now(['open', id]) === 'true',
      send: (id, text) => now(['send', id, text]) === 'true',
      inbox: (id) => {
        const texts = [];
        for (let text = now(['inbox', id]); text !== undefined; text = now(['inbox', id])) texts.push(text);
        return texts;
      },
      defaultStun: now(['defaultStun']),
    };
  });
  return { context, page, problems };
}

/**
 * Connects `host` to `friend` for `seat` through the codes, STUN `stun`
 * ('' for none): { hostId, friendId, invitation, answer, ms } where `ms` is
 * the time from the answer entered on the host's page to its channel open.
 */
export async function connect(host, friend, { seat = 1, stun = '' } = {}) {
  const [hostId, invitation] = await host.page.evaluate(([s, t]) => window.tableeFriends.invite(s, t), [seat, stun]);
  const link = `${BASE}#join=${invitation}`;
  const [friendId, answer] = await friend.page.evaluate(([code, t]) => window.tableeFriends.join(code, t), [link, stun]);
  const ms = await host.page.evaluate(async ([id, code]) => {
    const start = performance.now();
    await window.tableeFriends.answer(id, code);
    while (!window.tableeFriends.open(id)) {
      if (performance.now() - start > 10_000) throw new Error('the channel did not open within 10 s');
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    return performance.now() - start;
  }, [hostId, answer]);
  return { hostId, friendId, invitation, answer, ms };
}

/** A page of its own context (another device): English, no STUN, bots at the instant speed. */
export async function device(env, { viewport = { width: 1280, height: 800 } } = {}) {
  const context = await env.browser.newContext({ viewport, locale: 'en-US' });
  await context.addInitScript(() => {
    // (Not on about:blank, which has no storage: a page between two links.)
    if (!location.protocol.startsWith('http')) return;
    localStorage.setItem('tablee.friends.stun', '');
    localStorage.setItem('tablee.speed', 'instant');
    localStorage.setItem('tablee.lang', 'en');
  });
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/**
 * The host sets a table of `game` on the home screen: `seats`, one entry
 * for each seat after the host's (0), a friend's name (a friend on their
 * own device) or a bot's level ('easy'); Play leads to the invitations.
 * Returns the friends' seats.
 */
export async function hostTable(host, game, seats = ['Ana', 'easy', 'easy']) {
  await host.page.goto(host.url, { waitUntil: 'load' });
  await waitForApp(host.page);
  await host.page.locator(byTestId(`game-${game}`)).check();
  await host.page.locator(byTestId('players-select')).selectOption(String(seats.length + 1));
  const friends = [];
  for (const [i, who] of seats.entries()) {
    const seat = i + 1;
    if (['random', 'easy', 'normal', 'hard', 'expert'].includes(who)) {
      await host.page.locator(byTestId(`seat-${seat}`)).selectOption(who);
      continue;
    }
    const options = await host.page.locator(`${byTestId(`seat-${seat}`)} option`).evaluateAll((o) => o.map((x) => x.value));
    assert.ok(options.includes('friend'), `seat-${seat} offers a friend: ${options}`);
    await host.page.locator(byTestId(`seat-${seat}`)).selectOption('friend');
    await host.page.locator(byTestId(`seat-name-${seat}`)).fill(who);
    friends.push(seat);
  }
  await host.page.locator(byTestId('play-button')).click();
  return friends;
}

/** Seat `seat`'s invitation link on the host's page, once made (and the seat waiting for its answer). */
export async function invitation(host, game, seat = 1) {
  const invite = host.page.locator(byTestId(`invite-link-${seat}`));
  await invite.waitFor({ timeout: 30_000 });
  const link = await invite.getAttribute('data-link');
  assert.equal(link, await invite.getAttribute('href'));
  assert.match(link, new RegExp(`\\?game=${game}#join=[0-9A-HJKMNP-TV-Z]+$`), link);
  return link;
}

/** The friend's page opens `link` and shows its answer: the answer. */
export async function answerOf(friend, link) {
  // A new page load, as a link tapped in a message opens (a second link
  // differs from the first by its fragment only: a same-page jump).
  await friend.page.goto('about:blank');
  await friend.page.goto(link, { waitUntil: 'load' });
  const answerCode = friend.page.locator(byTestId('answer-code'));
  await answerCode.waitFor({ timeout: 30_000 });
  const answer = await answerCode.getAttribute('data-code');
  assert.match(answer, /^[0-9A-HJKMNP-TV-Z]+$/, answer);
  return answer;
}

/**
 * The host sets a 4-seat table of `game` on the home screen (seat 1 a friend
 * named Ana, seats 2 and 3 easy bots) and invites the friend, whose page
 * opens the invitation and shows its answer. Returns { link, answer }.
 */
export async function hostAndJoin(host, friend, game) {
  await hostTable(host, game);
  const link = await invitation(host, game, 1);
  assert.equal(await host.page.locator(byTestId('seat-status-1')).getAttribute('data-status'), 'waiting');
  const answer = await answerOf(friend, link);
  return { link, answer };
}

/** The host enters the friend's answer for `seat`; resolves once the seat is connected, with the time it took (ms). */
export async function enterAnswer(host, answer, seat = 1) {
  await host.page.locator(byTestId(`answer-input-${seat}`)).fill(answer);
  await host.page.locator(byTestId(`answer-submit-${seat}`)).click();
  await host.page.waitForFunction((id) => document.querySelector(id)?.dataset.status === 'connected', byTestId(`seat-status-${seat}`), { timeout: 15_000 });
  return Number(await host.page.locator(byTestId(`seat-status-${seat}`)).getAttribute('data-connect-ms'));
}

/**
 * Plays a Katzenjammer seat on `page` (pass at every bid, present nothing)
 * for `moves` moves or to the end (its end screen, or a friend's check of
 * the game): { moves, end }.
 */
export async function playSeat(page, who, { moves = Infinity } = {}) {
  let made = 0;
  while (made < moves) {
    // A friend's page whose check of the host's record fails has no end
    // screen (the record does not replay): the check ends its game.
    const state = await nextState(page, { timeout: 120_000, ends: ['end-screen', 'fair-check'] });
    if (state === 'end') return { moves: made, end: true };
    if (made >= MAX_MOVES) throw new Error(`${who}: still no end after ${MAX_MOVES} moves`);
    if (state === 'pass') await moveAndWait(page, 'pass-button', { timeout: 20_000 });
    else if (state === 'present') await moveAndWait(page, 'present-nothing', { timeout: 20_000 });
    else throw new Error(`${who}: unexpected state "${state}"`);
    made += 1;
  }
  return { moves: made, end: false };
}

/** On a failure: each device's screen as a screenshot (`<name>-failure-<who>.png`), then `error` again. */
export async function failed(devices, name, error) {
  for (const [who, d] of Object.entries(devices)) {
    if (!d.page.isClosed()) {
      const file = await screenshot(d.page, `${name}-failure-${who}`).catch(() => null);
      if (file) console.log(`# ${who}'s screen: ${file}`);
    }
  }
  throw error;
}

/**
 * Installed in a friend's page before its code runs (`context.addInitScript(watchChannel, options)`):
 * every text the page's data channels receive is kept in
 * `window.tableeReceived` (what the device was sent, to check); with
 * `tamper: seat`, the host's `end` message, as it arrives, has the first of
 * that seat's moves that is not a pass made a pass (else its first move a
 * bid of one 1: either is not what the bot plays, or is illegal), as a
 * dishonest host would send it — `window.tableeTampered` says which move.
 */
export function watchChannel({ tamper = null } = {}) {
  window.tableeReceived = [];
  const { get, set } = Object.getOwnPropertyDescriptor(RTCDataChannel.prototype, 'onmessage');
  Object.defineProperty(RTCDataChannel.prototype, 'onmessage', {
    configurable: true,
    get() {
      return get.call(this);
    },
    set(handler) {
      const watched = (event) => {
        let data = event.data;
        if (typeof data === 'string') window.tableeReceived.push(data);
        if (tamper !== null && typeof data === 'string' && data.startsWith('{') && data.includes('"t":"end"')) {
          const message = JSON.parse(data);
          const actions = message.log.actions;
          let index = actions.findIndex((a) => a.seat === tamper && a.act !== 'pass');
          if (index >= 0) actions[index] = { seat: tamper, act: 'pass' };
          else {
            index = actions.findIndex((a) => a.seat === tamper);
            actions[index] = { seat: tamper, act: 'bid', kind: 'same', value: 1, cards: ['1'] };
          }
          window.tableeTampered = index;
          data = JSON.stringify(message);
        }
        return handler.call(this, { data });
      };
      set.call(this, handler ? watched : handler);
    },
  });
}

/**
 * What a friend's page at `seat` was sent before the game's end (the
 * `end` message reveals everything, as the rules do then): the problems,
 * as lines — a view of another seat, another seat's hand in a view, moves
 * offered while another seat acts — and how many messages and views.
 */
export async function checkReceived(page, seat) {
  const received = await page.evaluate(() => window.tableeReceived);
  const problems = [];
  let views = 0;
  for (const text of received) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      problems.push(`not JSON: ${text.slice(0, 60)}`);
      continue;
    }
    if (message.t === 'end') break;
    if (message.t !== 'view') continue;
    views += 1;
    const { view, legal } = message;
    if (view.seat !== seat) problems.push(`view ${message.n}: the view of seat ${view.seat}`);
    for (const [i, p] of view.players.entries()) if (i !== seat && 'hand' in p) problems.push(`view ${message.n}: seat ${i}'s hand`);
    if (legal.length && view.to_act !== seat && view.phase !== 'buy_window') problems.push(`view ${message.n}: moves offered while seat ${view.to_act} acts`);
  }
  return { problems, messages: received.length, views };
}
