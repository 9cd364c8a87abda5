// How long a bot's decision takes in the bots' Web Worker (the shipped wasm,
// the `web` profile), and the page's long tasks meanwhile: a game of bots
// opened from a link in headless Chromium at instant speed; every `decide`
// job the page posts is timed from postMessage to its reply (one job at a
// time goes to the moves' worker, so this is the worker's time plus the
// message round trip). Par jobs (the other worker) are left out.
//
//   node scripts/worker-timing.mjs [--dist dist] [--game jachete] [--bots expert]
//        [--players 4] [--seed 1K7Q-M3ZD] [--decisions 80]
//
// Prints the count, median, 95th percentile and longest decision in ms, per
// level, and the page's long tasks (PerformanceObserver "longtask", > 50 ms).
// docs/research/performance-history.md quotes it; timings depend on the machine's load.
import path from 'node:path';
import { BASE, DIST_DIR, launchBrowser, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';

const DIST = path.resolve(arg('--dist', DIST_DIR));
const GAME = arg('--game', 'jachete');
const BOTS = arg('--bots', 'expert');
const PLAYERS = Number(arg('--players', '4'));
const SEED = arg('--seed', '1K7Q-M3ZD');
const DECISIONS = Number(arg('--decisions', '80'));

const site = await startServer({ dir: DIST, base: BASE });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await context.addInitScript(() => {
    localStorage.setItem('tablee.speed', 'instant');
    window.__decisions = [];
    window.__longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
    }).observe({ type: 'longtask', buffered: true });
    const Original = window.Worker;
    window.Worker = class extends Original {
      constructor(url, options) {
        super(url, options);
        const sent = new Map();
        const post = this.postMessage.bind(this);
        this.postMessage = (message, ...rest) => {
          try {
            const job = JSON.parse(message);
            if (job.job === 'decide') sent.set(job.id, { at: performance.now(), level: job.level });
          } catch (_) {}
          return post(message, ...rest);
        };
        this.addEventListener('message', (event) => {
          try {
            const reply = JSON.parse(event.data);
            const job = sent.get(reply.id);
            if (job) {
              window.__decisions.push({ level: job.level, ms: performance.now() - job.at });
              sent.delete(reply.id);
            }
          } catch (_) {}
        });
      }
    };
  });
  const page = await context.newPage();
  const seats = Array(PLAYERS).fill(BOTS).join(',');
  const query = `?game=${GAME}&seed=${SEED}&players=${PLAYERS}&seats=${seats}`;
  await page.goto(`${site.url}${query}`, { waitUntil: 'load' });
  // J'achète shows a round's end until "Next round" (the bots wait): press it.
  const deadline = Date.now() + 30 * 60_000;
  while ((await page.evaluate(() => window.__decisions.length)) < DECISIONS) {
    if (Date.now() > deadline) throw new Error('too slow: fewer decisions than asked in 30 minutes');
    const next = page.locator('[data-testid="ja-next-round"]');
    if (await next.count()) await next.click().catch(() => {});
    if (await page.locator('[data-testid="end-screen"]').count()) break;
    await page.waitForTimeout(500);
  }
  const { decisions, longTasks } = await page.evaluate(() => ({ decisions: window.__decisions, longTasks: window.__longTasks }));
  const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const levels = [...new Set(decisions.map((d) => d.level))];
  console.log(`${GAME}, ${PLAYERS} players of ${BOTS}, deal ${SEED}: ${query}`);
  for (const level of levels) {
    const ms = decisions.filter((d) => d.level === level).map((d) => d.ms).sort((a, b) => a - b);
    console.log(
      `  ${level}: ${ms.length} decisions in the worker, median ${quantile(ms, 0.5).toFixed(0)} ms, ` +
        `p95 ${quantile(ms, 0.95).toFixed(0)} ms, longest ${ms[ms.length - 1].toFixed(0)} ms`,
    );
  }
  const long = longTasks.sort((a, b) => b - a);
  console.log(`  page long tasks (> 50 ms): ${long.length}${long.length ? `, longest ${long[0].toFixed(0)} ms` : ''}`);
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
