// J'achète's table as the browser tests drive it: what it asks of its
// person now, its moves' count, a move and the wait for it, its hand and
// taps on its cards. Used by
// tests/e2e/jachete.test.mjs and tests/e2e/friends-jachete.test.mjs.
import assert from 'node:assert/strict';

import { byTestId } from './lib.mjs';

/** The moves the table has seen (its `data-moves`). */
export const moves = (page) => page.locator(byTestId('ja-table')).getAttribute('data-moves').then(Number);

/** Waits until the game wants something from us: end, round, buy, play, handoff. */
export async function nextState(page, timeout = 60_000) {
  const handle = await page.waitForFunction(
    () => {
      const find = (id) => document.querySelector(`[data-testid="${id}"]`);
      if (find('end-screen')) return 'end';
      if (find('ja-next-round')) return 'round';
      if (find('handoff-ready')) return 'handoff';
      if (find('ja-buy')) return 'buy';
      if (find('ja-play')) return 'play';
      return false;
    },
    null,
    { timeout, polling: 50 },
  );
  return handle.jsonValue();
}

/**
 * Clicks `testid` and waits for the game to move on; `shown(n)`, if given,
 * is told the number the move will have first (a test times its showing
 * on another page).
 */
export async function moveBy(page, testid, { timeout = 15_000, shown } = {}) {
  const before = await moves(page);
  if (shown) shown(before + 1);
  await page.locator(byTestId(testid)).click();
  await page.waitForFunction(
    (n) => {
      const t = document.querySelector('[data-testid="ja-table"]');
      return !t || Number(t.dataset.moves) !== n || document.querySelector('[data-testid="end-screen"]');
    },
    before,
    { timeout },
  );
}

/** The hand's cards as shown, in order (each `data-card`). */
export const hand = (page) => page.locator('[data-testid^="ja-hand-card-"]').evaluateAll((bs) => bs.map((b) => b.dataset.card));

/** Taps the hand cards named (each copy once). */
export async function tapCards(page, cards) {
  const used = new Set();
  for (const card of cards) {
    const shown = await hand(page);
    const i = shown.findIndex((c, j) => c === card && !used.has(j));
    assert.ok(i >= 0, `${card} in ${shown}`);
    await page.locator(byTestId(`ja-hand-card-${i}`)).click();
    await page.locator(byTestId(`ja-hand-card-${i}`)).and(page.locator('[aria-pressed="true"]')).waitFor();
    used.add(i);
  }
}
