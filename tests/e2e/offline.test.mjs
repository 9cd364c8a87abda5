// Offline play (the PWA): the service worker precaches the whole site on the
// first load, then a reload with the network cut still gets the app, and a game
// starts from the home screen and runs to the end screen with no failed request.
// Deep links (?seed=...) open offline too, a J'achète deal and a puzzle as
// well; a first visit's service worker takes the modules its page read in a
// pack from that pack, and they run offline. The manifest is linked and has what
// Chromium needs to install the app. A new deploy (another sw.js) shows
// "update available", and its button moves the page onto the new cache.

import assert from 'node:assert/strict';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { startServer } from './serve.mjs';
import {
  BASE,
  DIST_DIR,
  VIEWPORTS,
  describeProblems,
  gotoApp,
  launchBrowser,
  openPage,
  playToEnd,
  settle,
  withPage,
} from './lib.mjs';

const byTestId = (id) => `[data-testid="${id}"]`;

/** Loads the site and waits until its service worker controls the page. */
async function loadControlled(page, url) {
  await gotoApp(page, url);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
    }
  });
}

describe('offline (service worker, manifest, updates)', { timeout: 600_000 }, () => {
  let browser;
  let site;
  let dir;
  before(async () => {
    // A copy of dist/: the update test writes a "new deploy" into it.
    dir = await mkdtemp(path.join(tmpdir(), 'tablee-offline-'));
    await cp(DIST_DIR, dir, { recursive: true });
    site = await startServer({ dir, base: BASE });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close().catch(() => {});
    await site?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('reloads offline, plays a whole game from the home screen, opens a deal, a J\'achète deal and a puzzle', async () => {
    await withPage(browser, { viewport: VIEWPORTS.desktop }, 'offline-failure', async ({ context, page, problems }) => {
      await loadControlled(page, site.url);
      // Every precached file is in the cache before the network goes.
      const cached = await page.evaluate(async () => {
        const keys = await caches.keys();
        const cache = await caches.open(keys.find((k) => k.startsWith('tablee-')));
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
      assert.ok(cached.some((p) => /\/app-[0-9a-f]+\/tablee-app_bg\.wasm$/.test(p)), `app wasm cached: ${cached}`);
      assert.ok(cached.some((p) => p.endsWith('tablee-worker_bg.wasm')), 'the bots worker wasm is cached');
      // Every part of the page (each table, each game's puzzle, the puzzles' list, the replays and "Your games", the replay links' writer, the lessons, the home screen, the rules, their shared chunks).
      for (const part of ['Katzenjammer', 'Jachete', 'tablee_puzzle_Katzenjammer', 'tablee_puzzle_Jachete', 'tablee_puzzles', 'tablee_replay', 'tablee_replay_link', 'tablee_lessons', 'tablee_home', 'tablee_rules']) {
        assert.ok(cached.some((p) => p.endsWith(`/split_${part}.wasm`)), `the part ${part} is cached`);
      }
      assert.ok(cached.some((p) => /\/chunk_\d+\.wasm$/.test(p)), 'the shared chunks are cached');
      // A first visit's packs repeat those modules (scripts/packs.mjs): not fetched twice.
      assert.deepEqual(cached.filter((p) => /\/pack_[^/]*\.wasm\.gz$/.test(p)), [], 'no pack is precached');
      for (const file of ['katzenjammer-en', 'katzenjammer-fr', 'jachete-en', 'jachete-fr']) {
        assert.ok(cached.some((p) => p.endsWith(`/rules/${file}.html`)), `the rules page rules/${file}.html is cached`);
      }

      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      const play = page.locator(byTestId('play-button'));
      await play.waitFor({ state: 'visible', timeout: 20_000 });
      await play.click();
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible' });
      await page.locator(byTestId('speed-instant')).click();
      const moves = await playToEnd(page);
      await page.locator(byTestId('end-screen')).waitFor({ state: 'visible' });
      console.log(`offline game over after ${moves.pass + moves.present} moves of ours`);
      assert.deepEqual(problems, [], describeProblems(problems));

      // A deal's link pasted into the address bar, still offline.
      await page.goto(`${site.url}?seed=1K7Q-M3ZD&players=4`, { waitUntil: 'load' });
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible', timeout: 20_000 });
      assert.match(page.url(), /seed=1K7Q-M3ZD/);
      assert.deepEqual(problems, [], describeProblems(problems));

      // A J'achète link, still offline: its table's part comes from the cache.
      // (First let the deal's page finish loading its bots' worker: a navigation
      // would abort that fetch, and the test counts failed requests.)
      await settle(page);
      await page.goto(`${site.url}?game=jachete&seed=1K7Q-M3ZD&players=4`, { waitUntil: 'load' });
      await page.waitForFunction(() => (localStorage.getItem('tablee.games') || '').includes('"tablee.jachete.'), null, { timeout: 20_000 });
      await page.locator(byTestId('ja-hand-card-0')).waitFor({ state: 'visible', timeout: 20_000 });
      assert.deepEqual(problems, [], describeProblems(problems));

      // A puzzle's link, still offline: the puzzles' part and their file come
      // from the cache, and the puzzle's position is on its table.
      await settle(page);
      await page.goto(`${site.url}?game=katzenjammer&puzzle=17`, { waitUntil: 'load' });
      await page.locator('[data-testid^="hand-card-"]').first().waitFor({ state: 'visible', timeout: 20_000 });
      assert.equal(await page.locator(byTestId('part-missing')).count(), 0, 'no part missing offline');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  // A first visit reads its modules from a pack (scripts/packs.mjs); the
  // service worker then takes them from that pack in the HTTP cache rather
  // than fetching each again, and they run offline as any cached file.
  it("a first visit's service worker takes the modules its page read in a pack from that pack, and they run offline", async () => {
    const asked = [];
    const logged = await startServer({ dir, base: BASE, log: (line) => asked.push(line.split(' ')[2]) });
    const { context, page, problems } = await openPage(browser, { viewport: VIEWPORTS.phone });
    try {
      await loadControlled(page, `${logged.url}?game=jachete&seed=1K7Q-M3ZD&players=4`);
      await page.locator(byTestId('ja-hand-card-0')).waitFor();
      const packed = await page.evaluate(() => self.tableeFetch?.s ?? []);
      assert.ok(packed.includes('split_Jachete.wasm'), `the page read J'achète's table from its pack: ${packed}`);
      for (const name of packed) {
        assert.ok(!asked.some((url) => url.endsWith(`/${name}`)), `${name} was fetched again: ${asked.filter((u) => u.endsWith('.wasm'))}`);
      }
      // Yet every module is cached, each the file's very bytes.
      const dirName = asked.find((url) => /\/app-[0-9a-f]+\//.test(url)).match(/app-[0-9a-f]+/)[0];
      for (const name of ['split_Jachete.wasm', packed.find((n) => n.startsWith('chunk_'))]) {
        const cached = await page.evaluate(async (file) => {
          const response = await caches.match(file);
          return response ? { type: response.headers.get('Content-Type'), bytes: [...new Uint8Array(await response.arrayBuffer())] } : null;
        }, `${dirName}/${name}`);
        const bytes = await readFile(path.join(dir, dirName, name));
        assert.ok(cached, `${name} is cached`);
        assert.equal(cached.type, 'application/wasm');
        assert.ok(Buffer.from(cached.bytes).equals(bytes), `${name}: the cached bytes are the file's`);
      }
      // Modules of no pack the page read are fetched as before.
      assert.ok(asked.some((url) => url.endsWith('/split_Katzenjammer.wasm')), "Katzenjammer's table fetched by the service worker");
      // Offline, the game comes back from those cached modules.
      await settle(page);
      await context.setOffline(true);
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('ja-hand-card-0')).waitFor({ state: 'visible', timeout: 20_000 });
      assert.deepEqual(problems, [], describeProblems(problems));
    } finally {
      await context.close();
      await logged.close();
    }
  });

  it('links a manifest with what installation needs', async () => {
    await withPage(browser, {}, 'offline-failure', async ({ context, page, problems }) => {
      await loadControlled(page, site.url);
      const manifest = await page.evaluate(async () => {
        const link = document.querySelector('link[rel="manifest"]');
        const url = new URL(link.getAttribute('href'), document.baseURI);
        const json = await (await fetch(url)).json();
        const icons = [];
        for (const icon of json.icons) {
          const response = await fetch(new URL(icon.src, url));
          const blob = await response.blob();
          const bitmap = await createImageBitmap(blob);
          icons.push({ ...icon, ok: response.ok, width: bitmap.width, height: bitmap.height });
        }
        return { url: url.href, json, icons };
      });
      const { json, icons } = manifest;
      assert.ok(json.name && json.short_name, 'name and short_name');
      assert.ok(['standalone', 'fullscreen', 'minimal-ui'].includes(json.display), `display: ${json.display}`);
      const start = new URL(json.start_url, manifest.url);
      assert.equal(start.pathname, BASE, 'start_url is the site under its sub-path');
      for (const icon of icons) {
        assert.ok(icon.ok, `${icon.src} loads`);
        assert.equal(`${icon.width}x${icon.height}`, icon.sizes, `${icon.src} is ${icon.sizes}`);
      }
      assert.ok(icons.some((i) => i.sizes === '192x192' && i.purpose.includes('any')), 'a 192 px icon');
      assert.ok(icons.some((i) => i.sizes === '512x512'), 'a 512 px icon');
      assert.ok(icons.some((i) => i.purpose.includes('maskable')), 'a maskable icon');
      // Chromium's own view of the manifest (what the install prompt reads).
      const cdp = await context.newCDPSession(page);
      const { errors, data } = await cdp.send('Page.getAppManifest');
      assert.deepEqual(errors, [], `Chromium's manifest errors: ${JSON.stringify(errors)}`);
      assert.ok(data && JSON.parse(data).short_name === json.short_name, 'Chromium parsed the manifest');
      const installability = await cdp.send('Page.getInstallabilityErrors').catch(() => null);
      if (installability) {
        // Chromium's own installability check (manifest, icons, service worker).
        // (Test contexts are incognito-like, which Chromium lists as a reason of its own.)
        const errors = installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito');
        assert.deepEqual(errors, [], 'Chromium finds the app installable');
      }
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('offers the update when a new deploy is waiting, and reloading moves onto it', async () => {
    await withPage(browser, {}, 'offline-failure', async ({ page, problems }) => {
      await loadControlled(page, site.url);
      const before = await page.evaluate(() => caches.keys());
      assert.equal(await page.locator(byTestId('update-available')).count(), 0, 'no update at first');

      // "Deploy" a new version: another cache name in sw.js.
      const swPath = path.join(dir, 'sw.js');
      const sw = await readFile(swPath, 'utf8');
      await writeFile(swPath, sw.replace(/const CACHE = 'tablee-([0-9a-f]+)'/, "const CACHE = 'tablee-$1next'"));
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistration()).update());
      await page.locator(byTestId('update-available')).waitFor({ state: 'visible', timeout: 30_000 });

      await Promise.all([page.waitForEvent('load'), page.locator(byTestId('update-reload')).click()]);
      await page.locator(byTestId('play-button')).waitFor({ state: 'visible', timeout: 20_000 });
      const afterKeys = await page.evaluate(async () => {
        // The activate step deletes the old cache; give it a moment.
        for (let i = 0; i < 50; i += 1) {
          const keys = await caches.keys();
          if (keys.length === 1) return keys;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return caches.keys();
      });
      assert.equal(before.length, 1);
      assert.deepEqual(afterKeys, [`${before[0]}next`], 'only the new cache is left');
      assert.equal(await page.locator(byTestId('update-available')).count(), 0, 'no banner after the update');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
