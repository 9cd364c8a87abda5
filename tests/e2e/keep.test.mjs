// Never lose a game: a friend's link to another deal keeps the game in
// progress, the home screen lists it among the unfinished games, and
// Resume brings it back at the same move. The browser's Back to a game's
// address after another game was begun brings that game back in the page,
// never reloading it (issue 52: the page's own reload raced whatever came
// next), and Forward the other. The app's own links (the rules' "learn",
// a lesson's "next", "Your games") open in the page too: a new step of the
// history, never a document loaded again (issue 52: such a load, still under
// way when the player went on and pressed Back, was the random walk's seed
// 570236666); "skip to the game" keeps the screen as it is.
//
//   node --test tests/e2e/keep.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, gotoApp, moveAndWait, nextState, screenshot, settle, startEnv, withPage } from './lib.mjs';

const FIRST = '?seed=1K7Q-M3ZD&players=4';
const FRIEND = '?seed=1ABC-DEFG&players=4';

/** The game log's lines, as text. */
const logText = (page) => page.evaluate(() => [...document.querySelectorAll('[data-testid="log"] li')].map((li) => li.textContent));

/** How many moves the game in progress has in storage (the newest in the list). */
const savedMoves = (page) =>
  page.evaluate(() => {
    const list = JSON.parse(localStorage.getItem('tablee.games'));
    return list ? JSON.parse(localStorage.getItem(list[0].key)).actions.length : null;
  });

describe('unfinished games are kept', () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it("a friend's link keeps the game in progress; the home screen lists it and Resume brings it back at the same move", async () => {
    await withPage(env.browser, {}, 'keep-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(FIRST));
      await page.locator(byTestId('speed-instant')).click();
      for (let i = 0; i < 3; i += 1) {
        assert.equal(await nextState(page), 'pass');
        await moveAndWait(page, 'pass-button');
      }
      assert.equal(await nextState(page), 'pass', 'our turn: the bots wait');
      await settle(page);
      const log = await logText(page);
      const moves = await savedMoves(page);

      // A friend's link to another deal: a new game, the first one kept.
      await gotoApp(page, env.url(FRIEND));
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal((await page.locator(byTestId('deal-id')).textContent()).trim(), '1ABC-DEFG');
      await settle(page);

      await page.locator(byTestId('nav-home')).click();
      const first = page.locator(byTestId('unfinished-0'));
      await first.waitFor({ timeout: 10_000 });
      assert.ok(moves >= 3, `${moves} moves saved`);
      assert.match(await first.textContent(), new RegExp(`1K7Q-M3ZD, 4 players, ${moves} moves by all players`));
      assert.equal(await page.locator(byTestId('unfinished-1')).count(), 0, 'only the first game is kept aside');
      await screenshot(page, 'unfinished-games-1280x800');

      await page.locator(byTestId('unfinished-resume-0')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal((await page.locator(byTestId('deal-id')).textContent()).trim(), '1K7Q-M3ZD');
      assert.equal(await nextState(page), 'pass');
      assert.deepEqual(await logText(page), log, 'the same game, at the same move');
      assert.match(page.url(), /seed=1K7Q-M3ZD/);

      // The friend's game is kept in turn.
      await page.locator(byTestId('nav-home')).click();
      assert.match(await page.locator(byTestId('unfinished-0')).textContent(), /1ABC-DEFG/);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it("Back to a game's address after another game was begun shows it again without reloading the page, and Forward the other", async () => {
    await withPage(env.browser, { viewport: { width: 360, height: 740 } }, 'keep-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(FIRST));
      await page.locator(byTestId('speed-instant')).click();
      assert.equal(await nextState(page), 'pass');
      await moveAndWait(page, 'pass-button');
      assert.equal(await nextState(page), 'pass');
      await settle(page);
      const log = await logText(page);
      // Reloading the page would lose this mark.
      await page.evaluate(() => {
        window.__sameDocument = true;
      });
      const loads = [];
      page.on('load', () => loads.push(page.url()));

      // Home, then Play: another game (the first kept).
      await page.locator(byTestId('nav-home')).click();
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      await page.waitForFunction(() => !/seed=1K7Q-M3ZD/.test(location.search));
      const second = (await page.locator(byTestId('deal-id')).textContent()).trim();
      assert.notEqual(second, '1K7Q-M3ZD');
      await settle(page);

      // Back: the home screen; Back again: the first game's address.
      await page.goBack();
      await page.locator(byTestId('home-screen')).waitFor();
      await page.goBack();
      await page.waitForFunction(() => document.querySelector('[data-testid="deal-id"]')?.textContent.trim() === '1K7Q-M3ZD');
      assert.equal(await nextState(page), 'pass');
      assert.deepEqual(await logText(page), log, 'the first game, at the same move');
      assert.match(page.url(), /seed=1K7Q-M3ZD/);

      // Forward twice: the second game, as it was.
      await page.goForward();
      await page.locator(byTestId('home-screen')).waitFor();
      await page.goForward();
      await page.waitForFunction((deal) => document.querySelector('[data-testid="deal-id"]')?.textContent.trim() === deal, second);
      await settle(page);
      assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was never reloaded');
      assert.deepEqual(loads, [], 'no page load after the first');
      // Both games are kept: the home screen lists the first.
      await page.locator(byTestId('nav-home')).click();
      assert.match(await page.locator(byTestId('unfinished-0')).textContent(), /1K7Q-M3ZD/);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});

describe("the app's own links stay in the page", () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  for (const viewport of [{ width: 360, height: 740 }, { width: 1280, height: 800 }]) {
    it(`${viewport.width}x${viewport.height}: the rules' learn link, a lesson's links and "Your games" load no page; Back returns; skipping to the game keeps the screen`, async () => {
      await withPage(env.browser, { viewport }, `keep-links-${viewport.width}`, async ({ page, problems }) => {
        await gotoApp(page, env.url('?rules'));
        await page.locator(byTestId('rules-text')).waitFor();
        await page.evaluate(() => {
          window.__sameDocument = true;
        });
        const loads = [];
        page.on('load', () => loads.push(page.url()));

        // The rules' link to the lessons: the lessons' list, in the page.
        await page.locator(byTestId('rules-learn')).click();
        await page.locator(byTestId('learn-course')).waitFor({ timeout: 30_000 });
        assert.match(page.url(), /[?&]learn(?:$|&)/);
        // A lesson (a button), then its "All lessons" link, then the lesson again (Back).
        await page.locator(byTestId('lesson-open-2')).click();
        await page.waitForURL(/learn=2/);
        await page.locator(byTestId('lesson-list')).click();
        await page.locator(byTestId('learn-course')).waitFor();
        await page.goBack();
        await page.locator(byTestId('lesson-head')).waitFor();
        // "Skip to the game" changes only the fragment: the lesson is not drawn again.
        await page.evaluate(() => {
          document.querySelector('[data-testid="lesson-head"]').dataset.kept = 'yes';
        });
        await page.evaluate(() => document.querySelector('a.skip').click());
        await page.waitForURL(/#main$/);
        await page.waitForTimeout(100);
        assert.equal(await page.locator('[data-kept="yes"]').count(), 1, 'the screen on show was not drawn again');
        await page.goBack();
        await page.waitForTimeout(100);
        assert.equal(await page.locator('[data-kept="yes"]').count(), 1, 'Back from the fragment keeps the screen');

        // Back twice: the lessons' list, then the rules.
        await page.goBack();
        await page.locator(byTestId('learn-course')).waitFor();
        await page.goBack();
        await page.locator(byTestId('rules-text')).waitFor();
        // "Your games" from the home screen.
        await page.locator(byTestId('nav-home')).click();
        await page.locator(byTestId('games-entry')).click();
        await page.locator(byTestId('games-screen')).waitFor({ timeout: 30_000 });
        await page.goBack();
        await page.locator(byTestId('home-screen')).waitFor();

        assert.equal(await page.evaluate(() => window.__sameDocument), true, 'the page was never reloaded');
        assert.deepEqual(loads, [], 'no page load after the first');
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
