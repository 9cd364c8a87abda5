// Speed measurements of the built site (dist/), served locally under /tablee/
// with no cache (tests/e2e/serve.mjs), in headless Chromium:
//
//   node scripts/perf.mjs [--loads 10] [--seed 1K7Q-M3ZD] [--bots expert] [--no-game] [--dist dist]
//   node scripts/perf.mjs --slow-network [--runs 5] [--dist dist] [--json]
//                         [--links home,kb,ja,puzzle,ja-puzzle,replay,daily,play-kb,play-ja,idle-kb,idle-ja]
//                         [--rtt 150] [--down-kbps 1638.4] [--up-kbps 750] [--cpu 4]
//
// 1. Time to an interactive home screen: a fresh browser context per load (cold
//    HTTP cache, no service worker yet), from navigation start (performance
//    timeOrigin) to the first moment [data-testid=play-button] is attached,
//    laid out and enabled (a MutationObserver installed before any page script).
//    Prints every load and the median.
// 2. Main-thread long tasks during a whole game with `expert` bots at the
//    instant speed (the deep link ?seed=SEED&players=4&seats=human,expert,
//    expert,expert; we pass every bid and present nothing): PerformanceObserver
//    'longtask' (tasks over 50 ms) from navigation to the end screen. Prints
//    the longest, how many, and how many started after the game was on screen.
// Exits 1 when the median exceeds 400 ms or any long task over 50 ms happens
// while the bots play.
//
// --slow-network: only the first load, as a phone on a slow network meets it
// (docs/performance.md, issue 35), for each kind of link a visitor taps
// (`--links`, all by default): `home` until Play is enabled, `kb` (a
// Katzenjammer deal) and `puzzle` until a hand card shows, `ja` (a J'achète
// deal) and `ja-puzzle` (J'achète's puzzle 1) until `ja-hand-card-0` shows,
// `replay` (src/games/jachete/fixtures/jachete-replay-link.txt) until the replay's
// timeline shows, `daily` (today's Katzenjammer deal) until a hand card shows; `play-kb` and `play-ja` load
// the home screen, choose the game, then time from the click on Play to
// the table's first card (the table's part not yet prefetched: the click
// comes as soon as Play is enabled); `idle-kb` and `idle-ja` the same once
// the home's idle prefetch of the table's part is in (the network quiet for
// 2 s), as for a visitor who reads the home first. dist/ is served gzipped as GitHub Pages serves it
// (serve.mjs --gzip), and each load (5 by default, `--runs N`; `--loads` works
// too) gets Lighthouse's mobile conditions through the Chrome DevTools
// Protocol: `Network.emulateNetworkConditions` with 150 ms latency per request,
// 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's kbit is 1024 bits:
// 209,715 and 96,000 bytes/s), `Emulation.setCPUThrottlingRate` 4 (the CPU
// slowed 4x), a 412x823 mobile viewport at 1.75 device pixels. Cold every
// time: a fresh browser context, service workers blocked (never installed),
// `Network.setCacheDisabled`. For each load it prints the time until ready,
// the bytes transferred until then (CDP `encodedDataLength`, headers
// included) and until the network is quiet, the requests, the wasm files
// fetched; then per link the median, min and max. `--json` prints the same
// as JSON. `--rtt`, `--down-kbps`,
// `--up-kbps` and `--cpu` change the conditions (e.g. `--cpu 1` to see the
// network alone). No target: it exits 0 unless the measurement itself fails.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BASE, DIST_DIR, REPO_ROOT, launchBrowser, median, playToEnd, scriptArg as arg, LIGHTHOUSE_PHONE as PHONE } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';
import { SEED as LINK_SEED, links } from './links.mjs';

const SLOW = process.argv.includes('--slow-network');
const LOADS = Number(arg('--runs', arg('--loads', SLOW ? '5' : '10')));
const SEED = arg('--seed', LINK_SEED);
const BOTS = arg('--bots', 'expert');
const DIST = path.resolve(arg('--dist', DIST_DIR));
const TARGET_MS = 400;

// Lighthouse's mobile throttling (its "slow 4G", the default for mobile runs):
// 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4x. kbit = 1024 bits.
const SLOW_NETWORK = {
  rttMs: Number(arg('--rtt', '150')),
  downKbps: Number(arg('--down-kbps', String(1.6 * 1024))),
  upKbps: Number(arg('--up-kbps', '750')),
  cpuSlowdown: Number(arg('--cpu', '4')),
};

const INIT = (selector = '[data-testid="play-button"]') => {
  let resolveReady;
  window.__perf = { ready: null, longtasks: [], whenReady: new Promise((resolve) => (resolveReady = resolve)) };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.longtasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (window.__perf.ready !== null) return;
    const button = document.querySelector(selector);
    // Play must be enabled; a hand card only shown (it is off on a bot's turn).
    const off = selector.includes('play-button') && button?.disabled;
    if (button && !off && button.getBoundingClientRect().width > 0) {
      window.__perf.ready = performance.now();
      observer.disconnect();
      resolveReady(window.__perf.ready);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
};

async function timeToInteractive(browser, url) {
  const times = [];
  for (let i = 0; i < LOADS; i += 1) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.addInitScript(INIT);
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForFunction(() => window.__perf.ready !== null, null, { timeout: 30_000 });
    times.push(await page.evaluate(() => window.__perf.ready));
    await context.close();
  }
  return times;
}

async function gameLongTasks(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(INIT);
  await page.goto(`${url}?seed=${SEED}&players=4&seats=human,${BOTS},${BOTS},${BOTS}`, { waitUntil: 'load' });
  await page.locator('[data-testid="table-screen"]').waitFor({ state: 'visible', timeout: 30_000 });
  await page.locator('[data-testid="speed-instant"]').click();
  const gameStart = await page.evaluate(() => performance.now());
  const started = Date.now();
  // Expert bots may think for a while between two of our turns.
  const ours = await playToEnd(page, { timeout: 120_000 });
  const moves = ours.pass + ours.present;
  const seconds = (Date.now() - started) / 1000;
  const tasks = await page.evaluate(() => window.__perf.longtasks);
  await context.close();
  return { tasks, gameStart, moves, seconds };
}

const kbps = (n) => (n * 1024) / 8; // kbit/s -> bytes/s, as Lighthouse converts

/** One cold load of `link` under the slow conditions; times in ms from navigation start, bytes on the wire. */
async function slowLoad(browser, siteUrl, link) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(INIT, link.ready);
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      requests.set(requestId, { url: request.url, done: false, bytes: 0, encoding: null, status: 0, at: Date.now() });
      lastActivity = Date.now();
    });
    cdp.on('Network.responseReceived', ({ requestId, response }) => {
      const entry = requests.get(requestId);
      if (!entry) return;
      entry.status = response.status;
      const headers = Object.fromEntries(Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      entry.encoding = headers['content-encoding'] ?? null;
    });
    const finish = ({ requestId, encodedDataLength }) => {
      const entry = requests.get(requestId);
      if (!entry) return;
      entry.done = true;
      entry.bytes = encodedDataLength ?? 0;
      lastActivity = Date.now();
    };
    cdp.on('Network.loadingFinished', finish);
    cdp.on('Network.loadingFailed', finish);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: SLOW_NETWORK.rttMs,
      downloadThroughput: kbps(SLOW_NETWORK.downKbps),
      uploadThroughput: kbps(SLOW_NETWORK.upKbps),
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_NETWORK.cpuSlowdown });

    await page.goto(siteUrl + link.search, { waitUntil: 'commit', timeout: 120_000 });
    // whenReady settles once the element shows (enabled); no polling in the (slowed) page.
    const within = (promise, what) => {
      let timer;
      return Promise.race([
        promise,
        new Promise((_, reject) => {
          timer = setTimeout(() => reject(new Error(`${what} within 120 s`)), 120_000);
        }),
      ]).finally(() => clearTimeout(timer));
    };
    const ready = await within(page.evaluate(() => window.__perf.whenReady), `no ${link.ready}`);
    // What was asked for until then (counted once the load is over: CDP's
    // byte counts arrive after the page has used the files).
    const readyAt = Date.now();
    let played = null;
    let clickedAt = null;
    if (link.play) {
      // The home screen's game, then Play: time to the table's first card.
      await page.locator(`[data-testid="game-${link.play}"]`).check();
      if (link.prefetched) {
        // As a visitor who reads the home first: the table's part, fetched
        // when the page is idle, is in (the network quiet for 2 s).
        const quiet = Date.now();
        while (Date.now() - quiet < 60_000) {
          const busy = [...requests.values()].some((r) => !r.done);
          if (!busy && Date.now() - lastActivity >= 2000) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      }
      const clicked = await page.evaluate(() => performance.now());
      clickedAt = clicked;
      await page.locator('[data-testid="play-button"]').click();
      await page.locator(link.then).first().waitFor({ state: 'visible', timeout: 120_000 });
      played = (await page.evaluate(() => performance.now())) - clicked;
    }

    // Then let the load finish (manifest, icons, parts fetched ahead...) until the network is quiet for 1 s.
    const quietSince = Date.now();
    while (Date.now() - quietSince < 30_000) {
      const busy = [...requests.values()].some((r) => !r.done);
      if (!busy && Date.now() - lastActivity >= 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const longtasks = await page.evaluate(() => window.__perf.longtasks);
    const all = [...requests.values()].filter((r) => r.url.startsWith('http'));
    const relative = (url) => {
      const clean = url.replace(/[?#].*$/, '');
      return clean.startsWith(siteUrl) ? clean.slice(siteUrl.length) || 'index.html' : url;
    };
    return {
      ready,
      played,
      bytesReady: all.filter((r) => r.at <= readyAt).reduce((sum, r) => sum + r.bytes, 0),
      bytesAll: all.reduce((sum, r) => sum + r.bytes, 0),
      requests: all.length,
      wasm: all.filter((r) => /\.wasm$/.test(relative(r.url))).map((r) => `${relative(r.url)} ${(r.bytes / 1000).toFixed(1)} KB`),
      notGzipped: all.filter((r) => r.encoding !== 'gzip' && /\.(wasm|js|css|html)$/.test(relative(r.url))).map((r) => relative(r.url)),
      longest: longtasks.length ? Math.max(...longtasks.map((t) => t.duration)) : 0,
      // The tasks from Play on: the table's part fetched, compiled and drawn.
      afterPlay: clickedAt === null ? null : longtasks.filter((t) => t.start + t.duration > clickedAt).map((t) => Math.round(t.duration)),
    };
  } finally {
    await context.close();
  }
}

async function slowNetwork() {
  // The links of issue 44's table (scripts/links.mjs): the address, and what
  // "the first decision can be made" is on it.
  const LINKS = await links(REPO_ROOT);
  const names = arg('--links', Object.keys(LINKS).join(',')).split(',');
  for (const name of names) if (!LINKS[name]) throw new Error(`unknown link kind ${name} (${Object.keys(LINKS).join(', ')})`);
  const site = await startServer({ dir: DIST, base: BASE, gzip: true });
  const browser = await launchBrowser();
  const json = process.argv.includes('--json');
  const results = {};
  const conditions =
    `${SLOW_NETWORK.rttMs} ms latency, ${(SLOW_NETWORK.downKbps / 1024).toFixed(2)} Mbit/s down, ` +
    `${SLOW_NETWORK.upKbps} kbit/s up, CPU ${SLOW_NETWORK.cpuSlowdown}x slower, gzip, cold cache`;
  const stats = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
  try {
    if (!json) console.log(`slow network (${conditions}); ${DIST}`);
    for (const name of names) {
      const loads = [];
      for (let i = 0; i < LOADS; i += 1) {
        const load = await slowLoad(browser, site.url, LINKS[name]);
        loads.push(load);
        if (!json) {
          console.log(
            `${name} ${i + 1}: ready ${load.ready.toFixed(0)} ms` +
              (load.played === null ? '' : `, Play to the table ${load.played.toFixed(0)} ms (long tasks from Play: ${load.afterPlay.join(', ') || 'none'} ms)`) +
              `; ${(load.bytesReady / 1000).toFixed(1)} KB until ready, ${(load.bytesAll / 1000).toFixed(1)} KB in ${load.requests} requests; ` +
              `longest task ${load.longest.toFixed(0)} ms; wasm: ${load.wasm.join(', ')}`,
          );
          if (load.notGzipped.length) console.log(`  warning: not gzipped: ${load.notGzipped.join(', ')}`);
        }
      }
      results[name] = {
        search: LINKS[name].search,
        ready: stats(loads.map((l) => l.ready)),
        played: loads[0].played === null ? null : stats(loads.map((l) => l.played)),
        bytesReady: stats(loads.map((l) => l.bytesReady)),
        bytesAll: stats(loads.map((l) => l.bytesAll)),
        loads,
      };
    }
  } finally {
    await browser.close();
    await site.close();
  }
  if (json) {
    console.log(JSON.stringify({ dist: DIST, conditions: SLOW_NETWORK, runs: LOADS, results }, null, 2));
    return;
  }
  const s = (v) => `${(v / 1000).toFixed(2)} s`;
  console.log(`\nmedian of ${LOADS} (min–max): link | ready | KB until ready | KB in all | Play to the table`);
  for (const [name, r] of Object.entries(results)) {
    console.log(
      `${name} | ${s(r.ready.median)} (${s(r.ready.min)}–${s(r.ready.max)}) | ${(r.bytesReady.median / 1000).toFixed(1)} | ` +
        `${(r.bytesAll.median / 1000).toFixed(1)} | ${r.played ? `${r.played.median.toFixed(0)} ms (${r.played.min.toFixed(0)}–${r.played.max.toFixed(0)})` : '–'}`,
    );
  }
}

async function main() {
  if (SLOW) return slowNetwork();
  const site = await startServer({ dir: DIST, base: BASE });
  const browser = await launchBrowser();
  let failed = false;
  try {
    const times = await timeToInteractive(browser, site.url);
    const med = median(times);
    console.log(`home screen interactive (ms, ${LOADS} cold loads): ${times.map((t) => t.toFixed(0)).join(' ')}`);
    console.log(`median: ${med.toFixed(0)} ms (target <= ${TARGET_MS} ms): ${med <= TARGET_MS ? 'ok' : 'OVER'}`);
    if (med > TARGET_MS) failed = true;

    if (!process.argv.includes('--no-game')) {
      const { tasks, gameStart, moves, seconds } = await gameLongTasks(browser, site.url);
      const during = tasks.filter((t) => t.start >= gameStart);
      const longest = (list) => (list.length ? Math.max(...list.map((t) => t.duration)) : 0);
      console.log(
        `${BOTS} game (seed ${SEED}, 4 players, instant bots): ${moves} moves of ours, ${seconds.toFixed(1)} s to the end screen`,
      );
      console.log(
        `long tasks (> 50 ms) on the main thread: ${tasks.length} in all, longest ${longest(tasks).toFixed(0)} ms` +
          (tasks.length ? ` (${tasks.map((t) => `${t.duration.toFixed(0)} ms at ${t.start.toFixed(0)}`).join(', ')})` : ''),
      );
      console.log(`  while the bots played (from ${gameStart.toFixed(0)} ms): ${during.length}, longest ${longest(during).toFixed(0)} ms`);
      if (during.length) failed = true;
    }
  } finally {
    await browser.close();
    await site.close();
  }
  if (failed) process.exitCode = 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    console.error(`perf: ${error.stack ?? error.message}`);
    process.exit(2);
  });
}
