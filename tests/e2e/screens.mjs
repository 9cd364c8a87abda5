// The screens a person can reach, each as the browser tests open it: a
// name, what is in localStorage, the address, the test id that shows when
// it is ready, and a step after loading. One list for the tests that visit
// every screen: walk.test.mjs starts its walks from each, a11y.test.mjs
// scans each (each adds its own few). Each game's are in its folder
// (games.mjs).

import { byTestId } from './lib.mjs';
import { GAMES, KINDS, byKind, helpers } from './games.mjs';

export { fixture } from './games.mjs';

/**
 * The screens both walk and scan: { name, storage?, query, ready, then? }.
 * The home screen, "Your games" and play with friends are everyone's; each
 * game's are in its folder (`screens` in `src/games/<game>/e2e.mjs`,
 * found by games.mjs). By kind (games.mjs, KINDS): the tables and ends, the
 * rules, the puzzles, a puzzle, a replay of each game, and so on.
 */
export async function screens() {
  const shared = await helpers();
  const own = [];
  for (const game of GAMES) own.push(...((await game.screens?.(shared.of(game))) ?? []));
  return byKind([
    { kind: 'home', name: 'home', query: '', ready: 'home-screen' },
    ...own,
    { kind: 'games', name: 'your games', storage: { 'tablee.past': shared.past }, query: '?games', ready: 'games-list' },
    // Play with friends (issue 55): the host's invitations, then the
    // friend's answer on the page its link opens (no STUN: no network here).
    { kind: 'friends', name: 'friends-invitations', storage: { 'tablee.friends.stun': '' }, query: '', ready: 'home-screen', then: invite },
    { kind: 'friends', name: 'friends-answer', storage: { 'tablee.friends.stun': '' }, query: '', ready: 'home-screen', then: async (page) => {
      const link = await invite(page);
      // Loaded afresh, as a link tapped in a message opens (a same-page
      // jump, its query being the page's, would not load it).
      await page.goto(link, { waitUntil: 'load' });
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('answer-code')).waitFor({ timeout: 30_000 });
    } },
  ], KINDS);
}

/** The home screen's table with seat 1 a friend, Play: the invitations; returns seat 1's link. */
export async function invite(page) {
  await page.locator(byTestId('seat-1')).selectOption('friend');
  await page.locator(byTestId('seat-name-1')).fill('Ana');
  await page.locator(byTestId('play-button')).click();
  const link = page.locator(byTestId('invite-link-1'));
  await link.waitFor({ timeout: 30_000 });
  return link.getAttribute('data-link');
}

