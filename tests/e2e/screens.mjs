// The screens a person can reach, each as the browser tests open it: a
// name, what is in localStorage, the address, the test id that shows when
// it is ready, and a step after loading. One list for the tests that visit
// every screen: walk.test.mjs starts its walks from each, a11y.test.mjs
// scans each (each adds its own few).

import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { REPO_ROOT, byTestId } from './lib.mjs';

const FIXTURES = path.join(REPO_ROOT, 'tests', 'fixtures');

/** A fixture's text (tests/fixtures/NAME), trimmed. */
export const fixture = async (name) => (await readFile(path.join(FIXTURES, name), 'utf8')).trim();

/** The saves the screens are opened with. */
export async function saves() {
  const kbMid = await fixture('katzenjammer-save-midgame.json');
  const kbOver = await fixture('katzenjammer-save-finished.json');
  const jaOver = await fixture('jachete-save-finished.json');
  const past = `{"at":1764000000000,"save":${await fixture('katzenjammer-kb19-tie.json')}}\n{"at":1764000001000,"save":${jaOver}}\n`;
  const jaReplay = (await fixture('jachete-replay-link.txt')).split('\n').find((l) => l.startsWith('?'));
  return { kbMid, kbOver, jaOver, past, jaReplay };
}

/** The rules page of `game`, from the rules screen. */
const rules = (game) => async (page) => {
  await page.locator(byTestId(`rules-game-${game}`)).click();
  await page.locator(`[data-testid="rules-screen"][data-game="${game}"] [data-testid="rules-text"]`).waitFor();
};

/** The screens both walk and scan: { name, storage?, query, ready, then? }. */
export async function screens() {
  const { kbMid, kbOver, jaOver, past, jaReplay } = await saves();
  return [
    { name: 'home', query: '', ready: 'home-screen' },
    { name: "Katzenjammer's table", storage: { 'tablee.katzenjammer.current': kbMid }, query: '', ready: 'hand' },
    { name: "Katzenjammer's end", storage: { 'tablee.katzenjammer.current': kbOver }, query: '', ready: 'end-screen' },
    { name: "J'achète's table", query: '?game=jachete&seed=1000-000K&players=4', ready: 'ja-hand' },
    // A J'achète game in the list of games, finished: its end screen.
    { name: "J'achète's end", storage: { 'tablee.games': '[{"key":"tablee.jachete.game.1","at":1}]', 'tablee.jachete.game.1': jaOver }, query: '', ready: 'end-screen' },
    { name: "Katzenjammer's rules", query: '?rules', ready: 'rules-screen', then: rules('katzenjammer') },
    // With a game of the other in progress.
    { name: "J'achète's rules", storage: { 'tablee.katzenjammer.current': kbMid }, query: '?rules', ready: 'rules-screen', then: rules('jachete') },
    { name: "Katzenjammer's puzzles", query: '?game=katzenjammer&puzzles', ready: 'puzzle-next-unsolved' },
    { name: "J'achète's puzzles", query: '?game=jachete&puzzles', ready: 'puzzle-next-unsolved' },
    { name: 'a Katzenjammer puzzle', storage: { 'tablee.katzenjammer.current': kbMid }, query: '?game=katzenjammer&puzzle=1', ready: 'puzzle-ask' },
    { name: "a J'achète puzzle", storage: { 'tablee.katzenjammer.current': kbMid }, query: '?game=jachete&puzzle=1', ready: 'puzzle-ask' },
    // The record's newest game is the J'achète one: "last" is its replay.
    { name: 'a Katzenjammer replay', storage: { 'tablee.past': past }, query: '?games', ready: 'games-replay', then: async (page) => {
      await page.locator(byTestId('games-replay')).last().click();
      await page.locator(byTestId('replay-screen')).waitFor();
    } },
    { name: "a J'achète replay", query: jaReplay, ready: 'replay-screen' },
    { name: 'your games', storage: { 'tablee.past': past }, query: '?games', ready: 'games-list' },
    { name: 'a bad link', query: '?game=jachete&seed=UUUU-UUUU&players=4', ready: 'problem' },
    // Play with friends (issue 55): the host's invitations, then the
    // friend's answer on the page its link opens (no STUN: no network here).
    { name: 'friends-invitations', storage: { 'tablee.friends.stun': '' }, query: '', ready: 'home-screen', then: invite },
    { name: 'friends-answer', storage: { 'tablee.friends.stun': '' }, query: '', ready: 'home-screen', then: async (page) => {
      const link = await invite(page);
      // Loaded afresh, as a link tapped in a message opens (a same-page
      // jump, its query being the page's, would not load it).
      await page.goto(link, { waitUntil: 'load' });
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('answer-code')).waitFor({ timeout: 30_000 });
    } },
  ];
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

