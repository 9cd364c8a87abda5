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

import { BASE, byTestId, CHROMIUM, CHROMIUM_ARGS, startSite, waitForApp, watchProblems } from './lib.mjs';

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
    localStorage.setItem('tablee.friends.stun', '');
    localStorage.setItem('tablee.speed', 'instant');
    localStorage.setItem('tablee.lang', 'en');
  });
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/**
 * The host sets a 4-seat table of `game` on the home screen (seat 1 a friend
 * named Ana, seats 2 and 3 easy bots) and invites the friend, whose page
 * opens the invitation and shows its answer; the host enters it and the
 * seat connects. Returns { link, answer, connectMs }.
 */
export async function hostAndJoin(host, friend, game) {
  await host.page.goto(host.url, { waitUntil: 'load' });
  await waitForApp(host.page);
  await host.page.locator(byTestId(`game-${game}`)).check();
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
  assert.match(link, new RegExp(`\\?game=${game}#join=[0-9A-HJKMNP-TV-Z]+$`), link);
  assert.equal(await host.page.locator(byTestId('seat-status-1')).getAttribute('data-status'), 'waiting');

  await friend.page.goto(link, { waitUntil: 'load' });
  const answerCode = friend.page.locator(byTestId('answer-code'));
  await answerCode.waitFor({ timeout: 30_000 });
  const answer = await answerCode.getAttribute('data-code');
  assert.match(answer, /^[0-9A-HJKMNP-TV-Z]+$/, answer);
  return { link, answer };
}

/** The host enters the friend's answer; resolves once the seat is connected, with the time it took (ms). */
export async function enterAnswer(host, answer) {
  await host.page.locator(byTestId('answer-input-1')).fill(answer);
  await host.page.locator(byTestId('answer-submit-1')).click();
  await host.page.waitForFunction((id) => document.querySelector(id)?.dataset.status === 'connected', byTestId('seat-status-1'), { timeout: 15_000 });
  return Number(await host.page.locator(byTestId('seat-status-1')).getAttribute('data-connect-ms'));
}
