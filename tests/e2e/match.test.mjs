// A match (issue 13, KB-20: several games at one table with running totals),
// played in headless Chromium from its link: `match=2` deals game 1 from the
// seed, the bots at the instant speed, we pass every bid and present nothing
// (as game.test.mjs plays a whole game). After game 1 the end screen has the
// match's standings — each total is that game's mice — and "Next game" as
// the main action; game 2 is another deal of the same match (the address
// still names the match); a reload mid game 2 resumes the match (game 2 of
// 2, game 1's totals kept); after game 2 the match's end names its winner
// and shows its share text with its link. Also: the home screen's number of games starts a
// match; a match between two games stays in
// the unfinished games when a friend's link is opened; a bad `match=` is
// explained, never a panic. Screenshots of the standings in English and
// French at 360×740 and 1280×800: test-output/match-standings-*.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  gotoApp,
  moveAndWait,
  nextState,
  playToEnd,
  screenshot,
  scrollToTestId,
  settle,
  startEnv,
  withPage,
  withStorage,
} from './lib.mjs';

const MATCH = '?game=katzenjammer&seed=1K7Q-M3ZD&players=4&match=2';

const text = async (page, id) => (await page.locator(byTestId(id)).innerText()).trim();

/** Each seat's mice in the game's own results table (its fifth number column). */
const gameMice = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="end-row-"]')].map((row) => row.querySelectorAll('td')[3].textContent.trim()),
  );

/** Each seat's match total in the standings. */
const totals = (page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="match-total-"]')].map((cell) => cell.textContent.trim()),
  );

/** "−3" (a true minus) as a number. */
const number = (shown) => Number(shown.replace('\u2212', '-'));

/** Nothing wider than the window. */
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a match of several games', { timeout: 600_000 }, () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('a 2-game match from its link: standings after game 1, Next game, a reload mid game 2 resumes the match, the match over', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'match-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(MATCH));
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal(await text(page, 'deal-id'), '1K7Q-M3ZD', 'game 1 is the seed itself');
      assert.equal(await text(page, 'match-status'), 'Match · game 1 of 2');
      const statusAtStart = await text(page, 'match-status');
      await page.locator(byTestId('speed-instant')).click();
      const started = Date.now();
      await playToEnd(page);
      console.log(`game 1 of 2: ${((Date.now() - started) / 1000).toFixed(1)} s`);

      // Game 1's end: its result and the match's standings.
      await page.locator(byTestId('match-standings')).waitFor();
      assert.equal(await text(page, 'match-heading'), 'Match · after game 1 of 2');
      const first = await gameMice(page);
      assert.equal(first.length, 4);
      assert.deepEqual(await totals(page), first, "after game 1 the totals are that game's mice");
      assert.match(await text(page, 'match-status'), /^Match · game 1 of 2 · /, "the deal bar's line adds game 1 once it is over");
      assert.notEqual(await text(page, 'match-status'), statusAtStart);
      assert.match(await text(page, 'match-leaders'), /(leads the match|lead the match|share the lead) with/);
      const next = page.locator(byTestId('next-game'));
      assert.equal((await next.innerText()).trim(), 'Next game (2 of 2)');
      assert.ok(await next.isVisible(), 'Next game is offered');
      assert.ok(!(await page.locator(byTestId('play-again')).isVisible()), 'no lone new game while the match goes on');
      assert.ok(await next.evaluate((b) => b.classList.contains('primary')), 'Next game is the main action');
      await settle(page);
      for (const lang of ['en', 'fr']) {
        if (lang === 'fr') {
          await page.locator(byTestId('lang-fr')).click();
          assert.equal(await text(page, 'match-heading'), 'Match · après la partie 1 sur 2');
          assert.equal((await next.innerText()).trim(), 'Partie suivante (2 sur 2)');
          assert.doesNotMatch(await page.locator('main').innerText(), /KB-\d/, 'no rule id shown');
        }
        for (const [size, viewport] of [['1280x800', VIEWPORTS.desktop], ['360x740', VIEWPORTS.phone]]) {
          await page.setViewportSize(viewport);
          await scrollToTestId(page, 'match-standings');
          assert.ok((await overflow(page)) <= 0, `${lang} ${size}: nothing wider than the window`);
          console.log(`screenshot: ${await screenshot(page, `match-standings-${lang}-${size}`)}`);
        }
      }
      await page.locator(byTestId('lang-en')).click();
      await page.setViewportSize(VIEWPORTS.desktop);

      // Game 2: another deal of the same match; the address names the match.
      await next.click();
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal(await page.locator(byTestId('end-screen')).count(), 0);
      assert.notEqual(await text(page, 'deal-id'), '1K7Q-M3ZD', 'game 2 is dealt from the match, not the same deal');
      const status = await text(page, 'match-status');
      assert.match(status, /^Match · game 2 of 2 · /);
      assert.match(page.url(), /seed=1K7Q-M3ZD&.*match=2/, "game 2's address is the match's");
      for (let i = 0; i < 2; i += 1) {
        if ((await nextState(page)) !== 'pass') break;
        await moveAndWait(page, 'pass-button');
      }
      // Our turn again (or the end): the bots wait, the game is saved.
      await nextState(page);
      await settle(page);
      const deal2 = await text(page, 'deal-id');
      const log = await page.locator('[data-testid="log"] li').count();

      // A reload mid game 2: the same match, game 1's totals kept.
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal(await text(page, 'deal-id'), deal2);
      assert.equal(await text(page, 'match-status'), status, 'game 2 of 2, the totals of game 1');
      await nextState(page);
      assert.equal(await page.locator('[data-testid="log"] li').count(), log, 'at the same move');
      await page.locator(byTestId('speed-instant')).click();
      await playToEnd(page);

      // The match's end: both games added up, its winner, its share text.
      await page.locator(byTestId('match-standings')).waitFor();
      assert.equal(await text(page, 'match-heading'), 'Match over');
      const second = await gameMice(page);
      const sums = first.map((m, i) => number(m) + number(second[i]));
      assert.deepEqual((await totals(page)).map(number), sums, 'the totals are both games added up');
      const best = Math.max(...sums);
      const leaders = await page.locator('[data-testid^="match-row-"].winner').count();
      assert.equal(leaders, sums.filter((s) => s === best).length, 'the highest total wins, ties shared');
      assert.match(await text(page, 'match-leaders'), /(wins the match|win the match|share the victory) with/);
      assert.equal(await page.locator(byTestId('next-game')).count(), 0, 'no third game');
      assert.ok(await page.locator(byTestId('new-match')).isVisible(), 'a new match is offered');
      const shared = await page.locator(byTestId('match-share-text')).inputValue();
      assert.match(shared, /^Tablée · Katzenjammer Blues · match of 2 games · 4 players\n/);
      assert.match(shared, /\n.*[?&]seed=1K7Q-M3ZD&.*match=2$/, "the match's link, not game 2's deal");
      assert.doesNotMatch(shared, /lang=/, 'the link names no language');
      await page.locator(byTestId('copy-match')).click();
      await settle(page);
      console.log(`screenshot: ${await screenshot(page, 'match-over-en-1280x800')}`);

      // "Your games" records each game of the match, each with its replay.
      await gotoApp(page, env.url('?games'));
      await page.locator(byTestId('games-list')).waitFor();
      const labels = await page.locator(byTestId('games-match')).allInnerTexts();
      assert.deepEqual(labels.map((l) => l.trim()).slice(0, 2), ['· Match · game 2 of 2', '· Match · game 1 of 2'], 'newest first');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it("the home screen's number of games starts a match; between two games a friend's link keeps it in the unfinished games", async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'match-keep-failure', async ({ context, page, problems }) => {
      await gotoApp(page, env.url(''));
      await page.locator(byTestId('match-games')).selectOption('3');
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      assert.match(page.url(), /match=3/);
      assert.equal(await text(page, 'match-status'), 'Match · game 1 of 3');
      await page.locator(byTestId('speed-instant')).click();
      await playToEnd(page);
      await page.locator(byTestId('next-game')).waitFor();
      await settle(page);

      // A friend's link to a lone deal: dealt, the match kept.
      await gotoApp(page, env.url('?seed=1ABC-DEFG&players=4'));
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal(await page.locator(byTestId('match-status')).count(), 0, "the friend's deal is a game of its own");
      await page.locator(byTestId('nav-home')).click();
      const kept = page.locator(byTestId('unfinished-0'));
      assert.match(await kept.innerText(), /^Match · game 1 of 3 over, /);

      // Another browser with only the match in its list: the match is
      // resumed between its games, its next game offered.
      const saved = await page.evaluate(() => {
        const list = JSON.parse(localStorage.getItem('tablee.games'));
        const entry = list.find((e) => e.key.startsWith('tablee.match.'));
        return entry && { list: JSON.stringify([entry]), key: entry.key, save: localStorage.getItem(entry.key) };
      });
      assert.ok(saved, "the match is saved under a match's key");
      await withStorage(env, { 'tablee.games': saved.list, [saved.key]: saved.save }, { viewport: VIEWPORTS.phone }, 'match-keep-failure', async (other) => {
        await other.page.locator(byTestId('next-game')).waitFor();
        assert.deepEqual(other.problems, [], describeProblems(other.problems));
      });
      await page.locator(byTestId('unfinished-resume-0')).click();
      await page.locator(byTestId('next-game')).waitFor();
      assert.equal((await page.locator(byTestId('next-game')).innerText()).trim(), 'Next game (2 of 3)');
      await page.locator(byTestId('next-game')).click();
      assert.match(await text(page, 'match-status'), /^Match · game 2 of 3 · /);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('a bad number of games is explained in the reader\'s language, never a panic', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-FR' }, 'match-bad-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url('?seed=1K7Q-M3ZD&players=4&match=12'));
      const problem = page.locator(byTestId('problem'));
      await problem.waitFor();
      assert.match(await problem.innerText(), /« 12 » n'est pas un nombre de parties/);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
