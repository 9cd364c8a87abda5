// Issue 53: the table is fed by its seat's view, and a move redraws only what
// it changed. While the bots play a Katzenjammer auction after our pass (our
// hand the same all along), on a phone and a desktop:
// - the hand is not drawn again: no card of it is removed or added, and its
//   first card is the very element it was (the test that fails when a bot's
//   move re-renders the person's hand);
// - our seat's line is the same element (a seat's line is updated, not made
//   anew), and so is every other seat's;
// - the log only grows: no line of it is removed.
// The same for J'achète: while the bots play between two of our buy
// decisions (we let the card go: our hand the same all along), our hand's
// cards and every seat's line are the elements they were, and the round's
// log only grows.
// A MutationObserver counts the nodes added and removed under each.
//
//   node --test tests/e2e/redraw.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { VIEWPORTS, byTestId, describeProblems, nextState, startEnv, withStorage } from './lib.mjs';

const DEAL = '?seed=1K7Q-M3ZD&players=4&seats=human,expert,expert,expert';
/** Seat 0 is asked to buy twice or more before its first turn (jachete.test.mjs's OPEN_SEED). */
const JA_DEAL = '?game=jachete&seed=1000-000K&players=4&seats=human,expert,expert,expert';

/** J'achète: what the game wants from us once it has moved past `moves` moves. */
async function jaDecision(page, moves) {
  const handle = await page.waitForFunction(
    (n) => {
      const find = (id) => document.querySelector(`[data-testid="${id}"]`);
      const table = find('ja-table');
      if (!table || Number(table.dataset.moves) <= n) return false;
      if (find('end-screen')) return 'end';
      if (find('ja-next-round')) return 'round';
      if (find('ja-buy')) return 'buy';
      if (find('ja-play')) return 'play';
      return false;
    },
    moves,
    { timeout: 30_000, polling: 20 },
  );
  return handle.jsonValue();
}
const jaMoves = (page) => page.locator(byTestId('ja-table')).getAttribute('data-moves').then(Number);

/**
 * Installs `window.countRedraws(hand, log)` in the page: from then on it
 * counts the nodes added or removed under the hand and the seats' list, and
 * the nodes removed from the log; returns the live counts.
 */
async function installCounter(page) {
  await page.evaluate(() => {
    window.countRedraws = (hand, log) => {
      const count = { hand: 0, seats: 0, logRemoved: 0 };
      const watch = (el, key, removedOnly) =>
        new MutationObserver((records) => {
          for (const r of records) count[key] += r.removedNodes.length + (removedOnly ? 0 : r.addedNodes.length);
        }).observe(el, { childList: true, subtree: true });
      watch(document.querySelector(hand), 'hand', false);
      watch(document.querySelector('.seats-list'), 'seats', false);
      watch(document.querySelector(log), 'logRemoved', true);
      return count;
    };
  });
}

describe('issue 53: a bot move redraws only what it changed', () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  for (const [size, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ]) {
    it(`Katzenjammer (${size}): the bots' moves leave the hand, the seats' lines and the log's old lines in place`, async () => {
      await withStorage(env, { 'tablee.lang': 'en', 'tablee.speed': 'fast' }, { viewport, query: DEAL }, 'redraw-failure', async ({ page, problems }) => {
        await installCounter(page);
        assert.equal(await nextState(page), 'pass', 'our first decision is a bid');
        const watched = await page.evaluate(() => {
          const q = (s) => document.querySelector(s);
          const count = window.countRedraws('[data-testid="hand"]', '[data-testid="log"]');
          window.redraw = {
            count,
            card: q('[data-testid="hand-card-0"]'),
            seats: [...document.querySelectorAll('.seat-line')],
            handSize: q('[data-testid="player-0"]').dataset.handSize,
            lines: document.querySelectorAll('[data-testid="log"] li').length,
          };
          return { seats: window.redraw.seats.length, lines: window.redraw.lines };
        });
        assert.equal(watched.seats, 4);
        await page.locator(byTestId('pass-button')).click();
        // Three of the bots' moves at least (their bids and passes, each a line).
        await page.waitForFunction(
          () => document.querySelectorAll('[data-testid="log"] li').length >= window.redraw.lines + 4,
          null,
          { timeout: 30_000, polling: 20 },
        );
        const seen = await page.evaluate(() => {
          const q = (s) => document.querySelector(s);
          const r = window.redraw;
          return {
            count: r.count,
            sameCard: q('[data-testid="hand-card-0"]') === r.card && r.card.isConnected,
            sameSeats: [...document.querySelectorAll('.seat-line')].every((li, i) => li === r.seats[i]),
            handSize: q('[data-testid="player-0"]').dataset.handSize,
            before: r.handSize,
            lines: document.querySelectorAll('[data-testid="log"] li').length - r.lines,
          };
        });
        assert.equal(seen.handSize, seen.before, 'our hand kept its size (the deal is fixed): what follows is about redrawing only');
        assert.ok(seen.lines >= 4, `the bots moved (${seen.lines} lines)`);
        assert.equal(seen.count.hand, 0, `the hand was drawn again: ${seen.count.hand} nodes added or removed under it`);
        assert.ok(seen.sameCard, 'the first card of the hand is the element it was');
        assert.ok(seen.sameSeats, "each seat's line is the element it was");
        assert.equal(seen.count.logRemoved, 0, 'the log only grows');
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }

  for (const [size, viewport] of [
    ['phone', VIEWPORTS.phone],
    ['desktop', VIEWPORTS.desktop],
  ]) {
    it(`J'achète (${size}): the bots' moves between two of our buy decisions leave the hand's cards, the seats' lines and the log's old lines in place`, async () => {
      await withStorage(env, { 'tablee.lang': 'en', 'tablee.speed': 'fast' }, { viewport, query: JA_DEAL }, 'redraw-failure', async ({ page, problems }) => {
        await installCounter(page);
        let state = await jaDecision(page, -1);
        let checked = false;
        for (let step = 0; step < 12 && !checked; step += 1) {
          const moves = await jaMoves(page);
          if (state === 'play') {
            await page.locator(byTestId('ja-hand-card-0')).click();
            await page.locator(byTestId('ja-discard')).click();
            state = await jaDecision(page, moves);
            continue;
          }
          assert.equal(state, 'buy', `a buy or a turn before the round's end (${state})`);
          await page.evaluate(() => {
            const q = (s) => document.querySelector(s);
            const count = window.countRedraws('[data-testid="ja-hand"]', '[data-testid="ja-log"] ol');
            window.redraw = {
              count,
              cards: [...document.querySelectorAll('[data-testid^="ja-hand-card-"]')],
              seats: [...document.querySelectorAll('.seat-line')],
              lines: document.querySelectorAll('[data-testid="ja-log"] li').length,
              moves: Number(q('[data-testid="ja-table"]').dataset.moves),
            };
          });
          await page.locator(byTestId('ja-decline')).click();
          state = await jaDecision(page, moves + 2);
          // Our hand is the same only if the next decision is a buy (a turn draws).
          if (state !== 'buy') continue;
          const seen = await page.evaluate(() => {
            const r = window.redraw;
            const cards = [...document.querySelectorAll('[data-testid^="ja-hand-card-"]')];
            return {
              count: r.count,
              sameCards: cards.length === r.cards.length && cards.every((b, i) => b === r.cards[i] && b.isConnected),
              sameSeats: [...document.querySelectorAll('.seat-line')].every((li, i) => li === r.seats[i]),
              seats: r.seats.length,
              lines: document.querySelectorAll('[data-testid="ja-log"] li').length - r.lines,
              moves: Number(document.querySelector('[data-testid="ja-table"]').dataset.moves) - r.moves,
            };
          });
          assert.equal(seen.seats, 4);
          // A buy window is one line of the log (its answers added to it), a turn another.
          assert.ok(seen.moves >= 3 && seen.lines >= 1, `we and the bots moved (${seen.moves} moves, ${seen.lines} new lines)`);
          assert.equal(seen.count.hand, 0, `the hand was drawn again: ${seen.count.hand} nodes added or removed under it`);
          assert.ok(seen.sameCards, "the hand's cards are the elements they were");
          assert.ok(seen.sameSeats, "each seat's line is the element it was");
          assert.equal(seen.count.logRemoved, 0, 'the log only grows');
          checked = true;
        }
        assert.ok(checked, 'two buy decisions in a row came');
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
