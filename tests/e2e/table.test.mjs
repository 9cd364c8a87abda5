// Katzenjammer's table (issue 13, "A real table"): on a desktop the seats sit
// around the row (the person at the bottom, one at each side, the others
// along the top), the standing bid's seat is marked, six players fit; on a
// phone the seats are a strip above the row and the hand is in view when the
// person's turn comes; in a hot-seat game the person to act sits at the
// bottom at each turn; the row flies to the auction's winner, except with
// reduced motion.
//
//   node --test tests/e2e/table.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  moveAndWait,
  nextState,
  overflowing,
  screenshot,
  settle,
  startEnv,
  withStorage,
} from './lib.mjs';

const SEED = '1K7Q-M3ZD';

/** `withStorage` on a `players`-seat table of the deal SEED, the bots at `speed`. */
const withTable = (env, { players, viewport, lang = 'en', speed = 'instant', ...options }, failure, body) =>
  withStorage(
    env,
    { 'tablee.lang': lang, 'tablee.speed': speed },
    { viewport, locale: lang === 'fr' ? 'fr-FR' : 'en-US', query: `?seed=${SEED}&players=${players}`, ...options },
    failure,
    async (opened) => {
      await opened.page.locator(byTestId('table-screen')).waitFor();
      return body(opened);
    },
  );

/** Where each seat and the middle of the table are: { seat: DOMRect-like, center }. */
const boxes = (page) =>
  page.evaluate(() => {
    const r = (el) => {
      const b = el.getBoundingClientRect();
      return { top: b.top, bottom: b.bottom, left: b.left, right: b.right };
    };
    const seats = [...document.querySelectorAll('.kb-table .seat-line')].map((li) => [li.dataset.testid, r(li)]);
    // Measured in one go: a bot's bubble appearing between two measures moves the rows.
    const hand = document.querySelector('[data-testid="hand"]');
    return { seats: Object.fromEntries(seats), center: r(document.querySelector('.kb-table .center')), hand: hand && r(hand) };
  });

/** Whether two boxes overlap (more than a pixel). */
const overlap = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;

/**
 * Records, from now on, every time the game log says a seat won an auction,
 * how many animations run then and during the next second:
 * window.wins = [{ max, names }]; and every time the page asks for a flight
 * of cards (index.html's `tableeAnimate`, wrapped), how many flying piles are on
 * the page during the next 1.5 s: window.flights = [{ seat, flights }].
 */
const watchWins = (page) =>
  page.evaluate(() => {
    window.wins = [];
    window.flights = [];
    /** Watches the page's animations for `ms`, into `record`. */
    const watch = (record, ms) => {
      const started = performance.now();
      const look = () => {
        const all = document.getAnimations();
        record.max = Math.max(record.max, all.length);
        for (const a of all) if (!record.names.includes(a.id || a.animationName || a.transitionProperty)) record.names.push(a.id || a.animationName || a.transitionProperty);
        record.flights = Math.max(record.flights, all.filter((a) => a.id === 'fly').length);
        if (performance.now() - started < ms) requestAnimationFrame(look);
        else record.done = true;
      };
      look();
    };
    // Wins are counted by the log's words (the log is redrawn at each move).
    const logged = () => [...document.querySelectorAll('[data-testid="log"] li')].filter((li) => /wins? the auction/.test(li.textContent)).length;
    const before = logged();
    new MutationObserver(() => {
      while (before + window.wins.length < logged()) {
        const win = { max: 0, flights: 0, names: [] };
        window.wins.push(win);
        watch(win, 1000);
      }
    }).observe(document.body, { childList: true, subtree: true });
    const animate = window.tableeAnimate;
    window.tableeAnimate = (selector, script, seat, paid) => {
      const flight = { seat, max: 0, flights: 0, names: [] };
      window.flights.push(flight);
      watch(flight, 1500);
      return animate(selector, script, seat, paid);
    };
  });

/** Passes and presents nothing until the log has said a seat won an auction `count` times. */
async function playUntilWins(page, count = 1) {
  for (let moves = 0; moves < 60; moves += 1) {
    if ((await page.evaluate(() => window.wins.length)) >= count) return;
    const state = await page.waitForFunction(
      (count) => {
        if (window.wins.length >= count) return 'won';
        const pass = document.querySelector('[data-testid="pass-button"]');
        if (pass && !pass.disabled) return 'pass';
        if (document.querySelector('[data-testid="present-nothing"]')) return 'present';
        return false;
      },
      count,
      { timeout: 60_000, polling: 50 },
    ).then((h) => h.jsonValue());
    if (state === 'pass') await moveAndWait(page, 'pass-button');
    else if (state === 'present') await moveAndWait(page, 'present-nothing');
  }
  throw new Error('no seat won an auction in 60 of our moves');
}

describe('a real table for Katzenjammer Blues', () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('on a desktop the four seats sit around the row, and the standing bid\'s seat is marked', async () => {
    // Slow bots: on our turn they wait for us, and after our bid for 1.5 s.
    await withTable(env, { players: 4, viewport: VIEWPORTS.desktop, speed: 'slow' }, 'table-failure', async ({ page, problems }) => {
      await settle(page);
      const { seats, center, hand } = await boxes(page);
      // Seat 0 is the person's; clockwise from them: 1 at their left, 2 across, 3 at their right.
      const where = JSON.stringify({ seats, center });
      assert.ok(seats['player-0'].top >= center.bottom, `the person's seat is below the row: ${where}`);
      assert.ok(seats['player-2'].bottom <= center.top, `the seat across is above the row: ${where}`);
      assert.ok(seats['player-1'].right <= center.left, `the seat at the left is left of the row: ${where}`);
      assert.ok(seats['player-3'].left >= center.right, `the seat at the right is right of the row: ${where}`);
      assert.ok(hand.top >= seats['player-0'].bottom, `the hand is under the person's seat: ${JSON.stringify({ hand, seat: seats['player-0'] })}`);
      // Somebody bids (a bot, or we do with our first card): their seat is marked.
      const state = await nextState(page, { timeout: 30_000 });
      if (state === 'pass' && (await page.locator('.bubble.holds').count()) === 0) {
        await page.locator(byTestId('hand-card-0')).click();
        await moveAndWait(page, 'bid-button');
      }
      const holder = page.locator('.kb-table .seat-line:has(.bubble.holds)');
      await holder.waitFor();
      assert.equal(await holder.count(), 1, 'one seat holds the bid');
      const name = await holder.locator('.who strong').textContent();
      assert.match(await page.locator(byTestId('standing-bid')).textContent(), new RegExp(name, 'i'));
      const colour = (locator) => locator.evaluate((el) => getComputedStyle(el).borderTopColor);
      const others = page.locator('.kb-table .seat-line:not(:has(.bubble.holds)):not(.acting)');
      assert.notEqual(await colour(holder), await colour(others.first()), 'the holder\'s seat is drawn apart');
      console.log(`screenshot: ${await screenshot(page, 'table-4-en-1280x800')}`);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const lang of ['en', 'fr']) {
      for (const players of [2, 4, 6]) {
        it(`${players} players fit the ${name} (${viewport.width}x${viewport.height}, ${lang}): no seat over another, nothing sticks out`, async () => {
          await withTable(env, { players, viewport, lang }, 'table-failure', async ({ page, problems }) => {
            // The person's turn: whose turn it is and the hand are in view
            // (the page brings the first card into view: hand.rs).
            assert.equal(await nextState(page), 'pass');
            await settle(page);
            const file = await screenshot(page, `table-${players}-${lang}-${viewport.width}x${viewport.height}`);
            const inView = (id) => page.locator(byTestId(id)).evaluate((el) => {
              const r = el.getBoundingClientRect();
              return r.top >= -2 && r.bottom <= window.innerHeight + 2 ? true : `${r.top}-${r.bottom} px, scrolled ${window.scrollY} px`;
            });
            assert.equal(await inView('turn-status'), true, `the turn line is in view (${file})`);
            assert.equal(await inView('hand-card-0'), true, `the hand is in view (${file})`);
            // The turn line stays on top of the page as it scrolls: it must not
            // hide the row's heading when the hand is brought into view.
            const hidden = await page.evaluate(() => {
              const turn = document.querySelector('[data-testid="turn-status"]').closest('.status') ?? document.querySelector('[data-testid="turn-status"]');
              const a = turn.getBoundingClientRect();
              const b = document.getElementById('row-title').getBoundingClientRect();
              return b.top < a.bottom - 1 && a.top < b.bottom - 1 ? `${b.top}-${b.bottom} under ${a.top}-${a.bottom}` : false;
            });
            assert.equal(hidden, false, `the row's heading is under the turn line (${file})`);
            assert.deepEqual(await overflowing(page), [], `things stick out (${file})`);
            const spilling = await page.evaluate(() =>
              [...document.querySelectorAll('.kb-table .seat-line *')]
                .filter((el) => el.getBoundingClientRect().right > el.closest('.seat-line').getBoundingClientRect().right + 0.5)
                .map((el) => el.textContent.trim()),
            );
            assert.deepEqual(spilling, [], `things stick out of their seat (${file})`);
            const { seats, center } = await boxes(page);
            const all = Object.entries(seats);
            assert.equal(all.length, players);
            for (const [i, [a, boxA]] of all.entries()) {
              assert.ok(!overlap(boxA, center), `${a} lies over the row (${file})`);
              for (const [b, boxB] of all.slice(i + 1)) assert.ok(!overlap(boxA, boxB), `${a} and ${b} overlap (${file})`);
            }
            assert.deepEqual(problems, [], describeProblems(problems));
          });
        });
      }
    }
  }

  it('hot-seat: at each person\'s turn, the person to act sits at the bottom, next to the hand shown', async () => {
    await withStorage(env, { 'tablee.lang': 'en', 'tablee.speed': 'instant' }, { viewport: VIEWPORTS.desktop, locale: 'en-US', query: `?seed=${SEED}&players=3&seats=human,human,normal` }, 'table-failure', async ({ page, problems }) => {
      const bottoms = new Set();
      for (let turns = 0; bottoms.size < 2; turns += 1) {
        assert.ok(turns < 40, `both people had a turn at the bottom: ${[...bottoms]}`);
        const state = await nextState(page);
        assert.notEqual(state, 'end');
        if (state === 'handoff') {
          await page.locator(byTestId('handoff-ready')).click();
          continue;
        }
        const { acting, bottom } = await page.evaluate(() => {
          const seats = [...document.querySelectorAll('.kb-table .seat-line')];
          const lowest = seats.reduce((a, b) => (b.getBoundingClientRect().top > a.getBoundingClientRect().top ? b : a));
          return { acting: document.querySelector('.kb-table .seat-line.acting')?.dataset.testid, bottom: lowest.dataset.testid };
        });
        assert.equal(bottom, acting, 'the seat to act is the bottom one');
        bottoms.add(bottom);
        await moveAndWait(page, state === 'pass' ? 'pass-button' : 'present-nothing');
      }
      assert.deepEqual([...bottoms].sort(), ['player-0', 'player-1']);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  for (const [motion, viewport] of [['no-preference', VIEWPORTS.desktop], ['reduce', VIEWPORTS.phone]]) {
    const does = motion === 'reduce' ? 'nothing moves' : 'the row flies to the winner';
    it(`when a seat takes the row at a bots' speed that is not instant, with reduced motion "${motion}": ${does}`, async () => {
      await withTable(env, { players: 4, viewport, speed: 'fast', reducedMotion: motion }, 'table-failure', async ({ page, problems }) => {
        await watchWins(page);
        await playUntilWins(page, 2);
        // The last win's flight starts a frame later than its log line: read
        // once every watch is over.
        await page.waitForFunction(() => [...window.wins, ...window.flights].every((r) => r.done), null, { timeout: 5_000 });
        const { wins, flights } = await page.evaluate(() => ({ wins: window.wins, flights: window.flights }));
        if (motion === 'reduce') {
          assert.deepEqual(wins.map((w) => w.max), wins.map(() => 0), `animations at the wins: ${JSON.stringify(wins)}`);
          assert.deepEqual(flights.map((f) => f.flights), flights.map(() => 0), `flying cards: ${JSON.stringify(flights)}`);
        } else {
          // One flight asked for at each win, and its cards on the move.
          assert.equal(flights.length, wins.length, `flights asked for: ${JSON.stringify(flights)}, wins: ${JSON.stringify(wins)}`);
          assert.ok(flights.every((f) => f.flights > 0), `a flight at each win: ${JSON.stringify(flights)}`);
        }
        // The flying cards leave the page once landed (and never take a click).
        await page.waitForFunction(() => document.querySelector('.fly') === null, null, { timeout: 2_000 });
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
