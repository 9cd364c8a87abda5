// The game-agnostic shell in headless Chromium: what players already have
// keeps working (saves and links written by the build before the shell,
// src/games/katzenjammer/fixtures/), and J'achète's links and home screen choice load its
// table's part of the page (its pack, or its modules one by one when the
// pack or the core's gzipped wasm fails) and keep the game in progress.
// Also: a damaged save is kept aside with a notice naming no storage key;
// bots' moves update the table without rebuilding it.
//
//   node --test tests/e2e/shell.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  gotoApp,
  openWithStorage,
  screenshot,
  settle,
  startEnv,
  wasmModules,
  withPage,
  withStorage,
  fixturePath,
} from './lib.mjs';

const SAVE_KEY = 'tablee.katzenjammer.current';
const JACHETE = '?game=jachete&seed=1K7Q-M3ZD&players=5';

/** Opens the site with `save` already in localStorage, as a returning player. */
const openWithSave = (env, save, query = '') => openWithStorage(env, { [SAVE_KEY]: save }, { query });

describe('the shell keeps what players have and knows the next game', () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it("a save from the previous build resumes mid-game, on its deal, at its 40th move", async () => {
    const save = await readFile(fixturePath('katzenjammer-save-midgame.json'), 'utf8');
    const { context, page, problems } = await openWithSave(env, save);
    try {
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal((await page.locator(byTestId('deal-id')).textContent()).trim(), '1K7Q-M3ZD');
      // The log has a line per public event: far more than a fresh deal's.
      const lines = await page.locator(`${byTestId('log')} li`).count();
      assert.ok(lines > 30, `${lines} log lines`);
      assert.equal(await page.locator(byTestId('notice')).count(), 0, 'no "save set aside" notice');
      assert.match(page.url(), /seed=1K7Q-M3ZD/);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    } finally {
      await context.close();
    }
  });

  it('a damaged save is kept aside with a notice that names no storage key and says how many are kept', async () => {
    const { context, page, problems } = await openWithSave(env, '{"v":1,"game":"katzenjammer"');
    try {
      const notice = page.locator(byTestId('notice'));
      await notice.waitFor();
      const text = await notice.textContent();
      assert.match(text, /could not be resumed: the save is damaged \(not readable\)\. It is kept aside on this device \(1 of at most 5 kept\)/);
      assert.doesNotMatch(text, /tablee\./, 'no storage key in what a player reads');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    } finally {
      await context.close();
    }
  });

  it('a finished save from the previous build shows its end: −1 mice for you, Réglisse (seat 4) wins', async () => {
    const save = await readFile(fixturePath('katzenjammer-save-finished.json'), 'utf8');
    const { context, page, problems } = await openWithSave(env, save);
    try {
      await page.locator(byTestId('end-screen')).waitFor();
      const mine = (await page.locator(`${byTestId('end-row-0')} strong`).textContent()).trim();
      assert.equal(mine, '\u22121', 'final mice of seat 0, with a true minus sign');
      assert.match(await page.locator(byTestId('end-row-3')).getAttribute('class'), /winner/);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    } finally {
      await context.close();
    }
  });

  it("links from the previous build open the same table: five players, two people, all mice, in the reader's language", async () => {
    const links = (await readFile(fixturePath('katzenjammer-links.txt'), 'utf8')).trim().split('\n');
    for (const [locale, lang, handOff] of [
      ['en-US', 'en', /Pass the device to Player/],
      ['fr-CA', 'fr', /Passez l'appareil à Joueur/],
    ]) {
      // links[4] was shared from a French page (&lang=fr): its reader's browser decides.
      await withPage(env.browser, { locale }, 'shell-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url(links[4]));
        // Two people at the table: the device is handed to the first one.
        await page.locator(byTestId('handoff-screen')).waitFor();
        assert.equal(await page.locator('html').getAttribute('lang'), lang);
        assert.match(await page.locator(byTestId('handoff-screen')).textContent(), handOff);
        // The address bar names the same table, written as before but without a language.
        const query = new URL(page.url()).search;
        assert.equal(query, links[4].replace(/&lang=fr$/, ''));
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    }
  });

  it("bots' moves update the table without rebuilding it: the discard pile a player opened stays open", async () => {
    await withPage(env.browser, {}, 'shell-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url('?seed=1K7Q-M3ZD&players=4'));
      await page.locator(byTestId('speed-instant')).click();
      const toggle = page.locator(byTestId('discard-toggle'));
      await toggle.click();
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
      const log = page.locator(`${byTestId('log')} li`);
      const before = await log.count();
      // Our pass hands the turn to the three bots, who all move.
      const pass = page.locator(byTestId('pass-button'));
      await page.waitForFunction((sel) => !document.querySelector(sel)?.disabled, byTestId('pass-button'));
      await pass.click();
      await page.waitForFunction(
        ([sel, n]) => document.querySelectorAll(sel).length >= n,
        [`${byTestId('log')} li`, before + 3],
      );
      assert.equal(await toggle.getAttribute('aria-expanded'), 'true', 'the table was rebuilt by a move');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  // One app in parts (docs/performance.md): a J'achète link loads the core and
  // J'achète's table part, never Katzenjammer's nor another build...
  it("a J'achète link on a new device loads J'achète's table part, never Katzenjammer's", async () => {
    await withStorage(env, {}, { query: JACHETE }, 'shell-failure', async ({ page, problems }) => {
      await page.locator(byTestId('ja-hand-card-0')).waitFor();
      await settle(page);
      const wasm = await wasmModules(page);
      assert.ok(wasm.includes('split_Jachete.wasm'), `J'achète's table part was loaded: ${wasm}`);
      assert.ok(!wasm.includes('split_Katzenjammer.wasm'), `not Katzenjammer's: ${wasm}`);
      // A first visit takes them from one file (scripts/packs.mjs).
      assert.ok(wasm.includes('pack_Jachete.wasm'), `in one pack: ${wasm}`);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  // The home prefetches the game it shows (Katzenjammer's table); J'achète,
  // picked then, brings only what that did not: its own modules, in one pack
  // made for after Katzenjammer's, not 15 or more files one by one.
  it("J'achète picked on the home after Katzenjammer's table came comes in one pack of what is still missing", async () => {
    await withStorage(env, {}, {}, 'shell-failure', async ({ page, problems }) => {
      await page.locator(`${byTestId('play-button')}:enabled`).waitFor();
      await page.waitForFunction(() => self.tableeFetch?.s.includes('split_Katzenjammer.wasm'), null, { timeout: 30_000 });
      await page.locator(byTestId('game-jachete')).check();
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('ja-hand-card-0')).waitFor();
      await settle(page);
      const asked = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.split('/').pop()));
      assert.ok(asked.includes('pack_Jachete~Katzenjammer.wasm.gz'), `the pack for after Katzenjammer: ${asked}`);
      assert.ok(!asked.some((f) => f.endsWith('.wasm') && f !== 'split_tablee_home.wasm'), `no module on its own: ${asked}`);
      assert.ok(await page.evaluate(() => self.tableeFetch.s.includes('split_Jachete.wasm')), 'J\'achète\'s table from the pack');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  /**
   * A J'achète link dealt while `file` (a pattern) answers 404: the modules
   * it loaded, the files it asked for, those a pack served, and its problems
   * but those 404s (the test's own doing).
   */
  async function jacheteWithout(file) {
    return withPage(env.browser, {}, 'shell-failure', async ({ page, problems }) => {
      await page.route(file, (route) => route.fulfill({ status: 404, body: 'gone' }));
      await gotoApp(page, env.url(JACHETE));
      await page.locator(byTestId('ja-hand-card-0')).waitFor();
      await settle(page);
      return {
        wasm: await wasmModules(page),
        asked: await page.evaluate(() => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname.split('/').pop())),
        served: await page.evaluate(() => self.tableeFetch?.s),
        others: problems.filter((p) => !(/\b404\b/.test(p) && file.test(p.replace(/\)$/, '')))),
      };
    });
  }

  // A pack is a shortcut, never a dependency: when it fails, each module's own file.
  it("a J'achète link whose pack fails loads its modules one by one and deals", async () => {
    const { wasm, served, others } = await jacheteWithout(/\/pack_[^/]*\.wasm\.gz$/);
    assert.ok(wasm.includes('split_Jachete.wasm'), `J'achète's table part was loaded: ${wasm}`);
    assert.deepEqual(served, [], 'nothing came from the failed pack');
    assert.deepEqual(others, [], describeProblems(others));
  });

  // The core's wasm comes gzipped (scripts/packs.mjs); when that file fails, the plain one.
  it("a J'achète link whose core's gzipped wasm fails starts from the plain one and deals", async () => {
    const { asked, others } = await jacheteWithout(/\/tablee-app_bg\.wasm\.gz$/);
    assert.ok(asked.includes('tablee-app_bg.wasm'), `the plain core was fetched: ${asked}`);
    assert.deepEqual(others, [], describeProblems(others));
  });

  // ...but with a Katzenjammer game kept on the device, Katzenjammer's part
  // too: its engine (the game's maker, with its table) reads that game back.
  it("a J'achète link loads J'achète's table part, deals it and keeps the game in progress in the list", async () => {
    const save = await readFile(fixturePath('katzenjammer-save-midgame.json'), 'utf8');
    const { context, page, problems } = await openWithSave(env, save, JACHETE);
    try {
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('tablee.games') || '[]').length === 2);
      const wasm = await wasmModules(page);
      assert.ok(wasm.includes('split_Jachete.wasm'), `J'achète's table part was loaded: ${wasm}`);
      assert.ok(wasm.includes('split_Katzenjammer.wasm'), `Katzenjammer's, for the game kept: ${wasm}`);
      assert.equal(wasm.filter((f) => f === 'tablee-app_bg.wasm').length, 1, `one core: ${wasm}`);
      assert.equal(await page.locator(byTestId('problem')).count(), 0, 'no problem shown');
      const games = await page.evaluate(() =>
        JSON.parse(localStorage.getItem('tablee.games')).map((entry) => [entry.key.split('.')[1], localStorage.getItem(entry.key) !== null]),
      );
      assert.deepEqual(games, [['jachete', true], ['katzenjammer', true]], 'the new J\'achète game first, the other kept');
      // One app is mounted.
      assert.equal(await page.locator('header').count(), 1);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    } finally {
      await context.close();
    }
  });

  it("J'achète chosen on the home screen deals it on its table", async () => {
    await withStorage(env, {}, {}, 'shell-failure', async ({ page, problems }) => {
      await page.locator(byTestId('home-screen')).waitFor();
      await page.locator(byTestId('game-jachete')).check();
      await page.locator(byTestId('players-select')).selectOption('5');
      await page.locator(byTestId('play-button')).click();
      await page.waitForURL(/game=jachete/);
      await page.waitForFunction(() => JSON.parse(localStorage.getItem('tablee.games') || '[]').length === 1);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get('players'), '5');
      // A first game of J'achète is offered against easy bots (issue 34).
      assert.equal(url.searchParams.get('seats'), 'human,easy,easy,easy,easy');
      await page.locator(byTestId('ja-hand-card-0')).waitFor({ state: 'visible' });
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  for (const [lang, pattern] of [
    ['en', /Round 1 of 7/],
    ['fr', /Manche 1 sur 7/],
  ]) {
    it(`a J'achète link deals its table (${lang}) and keeps the game in progress`, async () => {
      const save = await readFile(fixturePath('katzenjammer-save-midgame.json'), 'utf8');
      await withStorage(env, { [SAVE_KEY]: save }, { query: JACHETE, locale: lang === 'fr' ? 'fr-CA' : 'en-US' }, 'shell-failure', async ({ page, problems }) => {
        const round = page.locator(byTestId('ja-round'));
        await round.waitFor();
        assert.match(await round.textContent(), pattern);
        for (const [name, viewport] of Object.entries(VIEWPORTS)) {
          await page.setViewportSize(viewport);
          const file = await screenshot(page, `jachete-link-${lang}-${viewport.width}x${viewport.height}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(wide <= 0, `${name}: the page is ${wide} px wider than the window (${file})`);
        }
        // The game in progress is still there: moved from the previous
        // build's key into the list of games, never dropped.
        await page.waitForFunction(() => (JSON.parse(localStorage.getItem('tablee.games') || '[]')).length >= 2);
        const kept = await page.evaluate(() =>
          JSON.parse(localStorage.getItem('tablee.games'))
            .filter((entry) => localStorage.getItem(entry.key) !== null)
            .map((entry) => entry.key),
        );
        assert.ok(kept.some((key) => key.startsWith('tablee.katzenjammer.')), `kept: ${kept}`);
        assert.ok(kept.some((key) => key.startsWith('tablee.jachete.')), `kept: ${kept}`);
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
