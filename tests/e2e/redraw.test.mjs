// Issue 53: the table is fed by its seat's view, and a move redraws only what
// it changed. While the bots play a Katzenjammer auction after our pass (our
// hand the same all along), on a phone and a desktop:
// - the hand is not drawn again: no card of it is removed or added, and its
//   first card is the very element it was (the test that fails when a bot's
//   move re-renders the person's hand);
// - our seat's line is the same element (a seat's line is updated, not made
//   anew), and so is every other seat's;
// - the log only grows: no line of it is removed.
// A MutationObserver counts the nodes added and removed under each.
//
//   node --test tests/e2e/redraw.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { VIEWPORTS, byTestId, describeProblems, nextState, openWithStorage, startEnv } from './lib.mjs';

const DEAL = '?seed=1K7Q-M3ZD&players=4&seats=human,expert,expert,expert';

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
      const { context, page, problems } = await openWithStorage(env, { 'tablee.lang': 'en', 'tablee.speed': 'fast' }, { viewport, query: DEAL });
      try {
        assert.equal(await nextState(page), 'pass', 'our first decision is a bid');
        const watched = await page.evaluate(() => {
          const q = (s) => document.querySelector(s);
          const count = { hand: 0, seats: 0, logRemoved: 0 };
          const watch = (el, key, what) => {
            new MutationObserver((records) => {
              for (const r of records) {
                if (what === 'removed') count[key] += r.removedNodes.length;
                else count[key] += r.addedNodes.length + r.removedNodes.length;
              }
            }).observe(el, { childList: true, subtree: true });
          };
          watch(q('[data-testid="hand"]'), 'hand', 'both');
          watch(q('.seats-list'), 'seats', 'both');
          watch(q('[data-testid="log"]'), 'logRemoved', 'removed');
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
      } finally {
        await context.close();
      }
    });
  }
});
