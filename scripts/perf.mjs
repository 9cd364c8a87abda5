// Speed measurements of the built site (dist/), served locally under /tablee/
// with no cache (tests/e2e/serve.mjs), in headless Chromium:
//
//   node scripts/perf.mjs [--loads 10] [--seed 1K7Q-M3ZD] [--bots expert] [--no-game] [--dist dist]
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

import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BASE, DIST_DIR, launchBrowser, playToEnd } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};
const LOADS = Number(arg('--loads', '10'));
const SEED = arg('--seed', '1K7Q-M3ZD');
const BOTS = arg('--bots', 'expert');
const DIST = path.resolve(arg('--dist', DIST_DIR));
const TARGET_MS = 400;

const INIT = () => {
  window.__perf = { ready: null, longtasks: [] };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__perf.longtasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    if (window.__perf.ready !== null) return;
    const button = document.querySelector('[data-testid="play-button"]');
    if (button && !button.disabled && button.getBoundingClientRect().width > 0) {
      window.__perf.ready = performance.now();
      observer.disconnect();
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

async function main() {
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
