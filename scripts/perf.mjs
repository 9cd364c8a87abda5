// Speed measurements of the built site (dist/), served locally under /tablee/
// with no cache (tests/e2e/serve.mjs), in headless Chromium:
//
//   node scripts/perf.mjs [--loads 10] [--seed 1K7Q-M3ZD] [--bots expert] [--no-game] [--dist dist]
//   node scripts/perf.mjs --slow-network [--runs 5] [--dist dist] [--json]
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
// (docs/performance.md). dist/ is served gzipped as GitHub Pages serves it
// (serve.mjs --gzip), and each load (5 by default, `--runs N`; `--loads` works
// too) gets Lighthouse's mobile conditions through the Chrome DevTools
// Protocol: `Network.emulateNetworkConditions` with 150 ms latency per request,
// 1.6 Mbit/s down and 750 kbit/s up (Lighthouse's kbit is 1024 bits:
// 209,715 and 96,000 bytes/s), `Emulation.setCPUThrottlingRate` 4 (the CPU
// slowed 4x), a 412x823 mobile viewport at 1.75 device pixels. Cold every
// time: a fresh browser context, service workers blocked (never installed),
// `Network.setCacheDisabled`. For each load it prints the time until the Play
// button is enabled (as in 1.), the network part (the responseEnd, by
// Resource Timing, of the last resource the home screen needs: index.html,
// its CSS, Trunk's JS and the app wasm), the wasm's own fetch, and the bytes
// transferred (CDP `encodedDataLength`, headers included: the needed files, and
// every request of the load until the network is quiet); then the median, min
// and max of each. `--json` prints the same as JSON. `--rtt`, `--down-kbps`,
// `--up-kbps` and `--cpu` change the conditions (e.g. `--cpu 1` to see the
// network alone). No target: it exits 0 unless the measurement itself fails.

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readFile } from 'node:fs/promises';

import { BASE, DIST_DIR, launchBrowser, playToEnd } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';
import { category, firstLoadRefs } from './size.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const SLOW = process.argv.includes('--slow-network');
const LOADS = Number(arg('--runs', arg('--loads', SLOW ? '5' : '10')));
const SEED = arg('--seed', '1K7Q-M3ZD');
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
// Lighthouse's mobile device: a Moto G Power's screen.
const PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

const INIT = () => {
  let resolveReady;
  window.__perf = { ready: null, longtasks: [], whenReady: new Promise((resolve) => (resolveReady = resolve)) };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.longtasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (window.__perf.ready !== null) return;
    const button = document.querySelector('[data-testid="play-button"]');
    if (button && !button.disabled && button.getBoundingClientRect().width > 0) {
      window.__perf.ready = performance.now();
      observer.disconnect();
      resolveReady(window.__perf.ready);
    }
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
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

/** What the home screen needs before it can work: index.html, CSS, JS, wasm (not icons, manifest). */
async function neededFiles() {
  const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
  return [...firstLoadRefs(html)].filter(
    (ref) => ref === 'index.html' || ['css', 'js', 'wasm'].includes(category(ref)),
  );
}

/** One cold load under the slow conditions; times in ms from navigation start, bytes on the wire. */
async function slowLoad(browser, siteUrl, needed) {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(INIT);
    const cdp = await context.newCDPSession(page);
    const requests = new Map();
    let lastActivity = Date.now();
    cdp.on('Network.requestWillBeSent', ({ requestId, request }) => {
      requests.set(requestId, { url: request.url, done: false, bytes: 0, encoding: null, status: 0 });
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

    await page.goto(siteUrl, { waitUntil: 'commit', timeout: 120_000 });
    // whenReady settles once the button is enabled; no polling in the (slowed) page.
    let timer;
    const ready = await Promise.race([
      page.evaluate(() => window.__perf.whenReady),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('the Play button was not enabled within 120 s')), 120_000);
      }),
    ]).finally(() => clearTimeout(timer));

    // Then let the load finish (manifest, icons...) until the network is quiet for 1 s.
    const quietSince = Date.now();
    while (Date.now() - quietSince < 30_000) {
      const busy = [...requests.values()].some((r) => !r.done);
      if (!busy && Date.now() - lastActivity >= 1000) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      return {
        domContentLoaded: nav.domContentLoadedEventStart,
        loadEvent: nav.loadEventStart,
        entries: [nav, ...performance.getEntriesByType('resource')].map((e) => ({
          url: e.name,
          start: e.startTime,
          responseEnd: e.responseEnd,
        })),
      };
    });
    const relative = (url) => {
      const clean = url.replace(/[?#].*$/, '');
      if (!clean.startsWith(siteUrl)) return null;
      return clean.slice(siteUrl.length) || 'index.html';
    };
    const neededEntries = timing.entries.filter((e) => needed.includes(relative(e.url)));
    const missing = needed.filter((file) => !neededEntries.some((e) => relative(e.url) === file));
    if (missing.length) throw new Error(`no Resource Timing entry for ${missing.join(', ')}`);
    const wasm = neededEntries.filter((e) => e.url.endsWith('.wasm'));
    const all = [...requests.values()].filter((r) => r.url.startsWith('http'));
    const neededRequests = all.filter((r) => needed.includes(relative(r.url)));
    const notGzipped = neededRequests.filter((r) => r.encoding !== 'gzip').map((r) => relative(r.url));
    return {
      ready,
      network: Math.max(...neededEntries.map((e) => e.responseEnd)),
      wasmStart: Math.min(...wasm.map((e) => e.start)),
      wasmEnd: Math.max(...wasm.map((e) => e.responseEnd)),
      domContentLoaded: timing.domContentLoaded,
      loadEvent: timing.loadEvent,
      bytesNeeded: neededRequests.reduce((sum, r) => sum + r.bytes, 0),
      bytesAll: all.reduce((sum, r) => sum + r.bytes, 0),
      requests: all.length,
      notGzipped,
      // The waterfall: each request with its Resource Timing (when the page has one).
      files: all.map((r) => {
        const entry = timing.entries.find((e) => e.url === r.url);
        return {
          file: relative(r.url) ?? r.url,
          status: r.status,
          encoding: r.encoding,
          bytes: r.bytes,
          start: entry?.start ?? null,
          responseEnd: entry?.responseEnd ?? null,
        };
      }),
    };
  } finally {
    await context.close();
  }
}

async function slowNetwork() {
  const needed = await neededFiles();
  const site = await startServer({ dir: DIST, base: BASE, gzip: true });
  const browser = await launchBrowser();
  const loads = [];
  const json = process.argv.includes('--json');
  const conditions =
    `${SLOW_NETWORK.rttMs} ms latency, ${(SLOW_NETWORK.downKbps / 1024).toFixed(2)} Mbit/s down, ` +
    `${SLOW_NETWORK.upKbps} kbit/s up, CPU ${SLOW_NETWORK.cpuSlowdown}x slower, gzip, cold cache`;
  try {
    if (!json) console.log(`slow network (${conditions}); ${DIST}; needed: ${needed.join(', ')}`);
    for (let i = 0; i < LOADS; i += 1) {
      const load = await slowLoad(browser, site.url, needed);
      loads.push(load);
      if (!json) {
        console.log(
          `load ${i + 1}: Play enabled ${load.ready.toFixed(0)} ms; network ${load.network.toFixed(0)} ms ` +
            `(wasm ${load.wasmStart.toFixed(0)}-${load.wasmEnd.toFixed(0)}); after it ${(load.ready - load.network).toFixed(0)} ms; ` +
            `load event ${load.loadEvent.toFixed(0)} ms; ` +
            `${(load.bytesNeeded / 1000).toFixed(1)} KB needed, ${(load.bytesAll / 1000).toFixed(1)} KB in ${load.requests} requests`,
        );
        if (load.notGzipped.length) console.log(`  warning: not gzipped: ${load.notGzipped.join(', ')}`);
      }
    }
  } finally {
    await browser.close();
    await site.close();
  }
  const stats = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
  const summary = {
    ready: stats(loads.map((l) => l.ready)),
    network: stats(loads.map((l) => l.network)),
    afterNetwork: stats(loads.map((l) => l.ready - l.network)),
    wasmFetch: stats(loads.map((l) => l.wasmEnd - l.wasmStart)),
    bytesNeeded: stats(loads.map((l) => l.bytesNeeded)),
    bytesAll: stats(loads.map((l) => l.bytesAll)),
  };
  if (json) {
    console.log(JSON.stringify({ dist: DIST, conditions: SLOW_NETWORK, needed, runs: LOADS, summary, loads }, null, 2));
    return;
  }
  const ms = ({ median: m, min, max }) => `median ${m.toFixed(0)} ms (min ${min.toFixed(0)}, max ${max.toFixed(0)})`;
  const kb = ({ median: m, min, max }) => `median ${(m / 1000).toFixed(1)} KB (min ${(min / 1000).toFixed(1)}, max ${(max / 1000).toFixed(1)})`;
  console.log(`${LOADS} loads:`);
  console.log(`  Play enabled:        ${ms(summary.ready)}`);
  console.log(`  network (last needed responseEnd): ${ms(summary.network)}`);
  console.log(`  after the network:   ${ms(summary.afterNetwork)}`);
  console.log(`  wasm fetch:          ${ms(summary.wasmFetch)}`);
  console.log(`  bytes, needed files: ${kb(summary.bytesNeeded)}`);
  console.log(`  bytes, whole load:   ${kb(summary.bytesAll)}`);
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
