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

import { BASE, CHROMIUM, CHROMIUM_ARGS, startSite, watchProblems } from './lib.mjs';

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
