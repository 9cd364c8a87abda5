// A bot move's main-thread work (issue 53's target), on a phone-sized page:
// a whole Katzenjammer game, or a whole first round of J'achète, with the
// bots at the instant speed and our seat passing (Katzenjammer: every bid,
// presenting nothing; J'achète: declining every buy, discarding the first
// card). A Chromium trace records the page; a MutationObserver puts a
// `performance.mark` in the trace at each move drawn (Katzenjammer: each
// new line of the game log; J'achète: each change of the table's
// `data-moves`, since a buy window's answers grow one line of its log), so
// that each move's work is every main-thread task (`RunTask` on
// CrRendererMain) from the task that drew it to the next move's: the move
// applied, the table updated, style, layout, paint. Our own moves are left out.
//
//   node scripts/move-cost.mjs [--game katzenjammer|jachete] [--cpu 1] [--runs 1] [--dist dist] [--json] [--where] [--profile]
//
// Prints per run: the moves measured, the median, the 90th percentile and
// the longest move's work, the first ten moves' and the last ten's medians
// (a move's cost must not grow with the game), and the long tasks (> 50 ms)
// while the bots played. `--cpu 4` slows the CPU as Lighthouse's phone.
// `--where` sums the moves' trace events by name (where the time goes);
// `--profile` adds a V8 CPU profile's self time by function (name the
// WebAssembly's functions with a `TABLEE_WASM_NAMES=1 trunk build`).
// No target: it exits 0 unless the measurement itself fails
// (docs/performance.md records the numbers).

import path from 'node:path';

import { BASE, DIST_DIR, launchBrowser, median, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';

const DIST = path.resolve(arg('--dist', DIST_DIR));
const GAME = arg('--game', 'katzenjammer');
const CPU = Number(arg('--cpu', '1'));
const RUNS = Number(arg('--runs', '1'));
const JSON_OUT = process.argv.includes('--json');
const ja = GAME === 'jachete';
const DEAL = ja
  ? '?game=jachete&seed=1000-000K&players=4&seats=human,expert,expert,expert'
  : '?seed=1K7Q-M3ZD&players=4&seats=human,expert,expert,expert';
const LOG = ja ? '[data-testid="ja-log"] ol' : '[data-testid="log"]';
// Where a move shows: J'achète's count of moves, Katzenjammer's log lines.
const WATCHED = ja ? '[data-testid="ja-table"]' : LOG;

// What to press for our decision on screen; 'end' when the game (J'achète:
// the round) is over.
const next = ja
  ? () => {
      const f = (id) => document.querySelector(`[data-testid="${id}"]`);
      if (f('end-screen') || f('ja-next-round')) return 'end';
      if (f('ja-buy')) return ['ja-decline'];
      if (f('ja-play')) return ['ja-hand-card-0', 'ja-discard'];
      return false;
    }
  : () => {
      const f = (id) => document.querySelector(`[data-testid="${id}"]`);
      if (f('end-screen')) return 'end';
      const p = f('pass-button');
      if (p && !p.disabled) return ['pass-button'];
      if (f('present-nothing')) return ['present-nothing'];
      return false;
    };

const PROFILE = process.argv.includes('--profile');

// A V8 CPU profile's self time by function, the top 25 (idle and GC named).
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id).callFrame;
    const name = frame.functionName || `(${frame.url.split('/').pop() || 'program'})`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  return [...self.entries()].filter(([k]) => k !== '(idle)').sort((a, b) => b[1] - a[1]).slice(0, 25).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ');
}

const quantile = (sorted, q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);

async function run(browser, site) {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  await context.addInitScript(() => localStorage.setItem('tablee.speed', 'instant'));
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await page.goto(`${site.url}${DEAL}`, { waitUntil: 'load' });
  await page.locator(LOG).waitFor({ state: 'attached' });
  // Wait for our first decision: the load and the first bot moves are not measured.
  await page.waitForFunction(next, null, { timeout: 120000, polling: 50 });
  if (CPU > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
  await page.evaluate(([selector, byCount]) => {
    window.ours = false;
    new MutationObserver((records) => {
      const added = byCount ? records.length : records.reduce((n, r) => n + [...r.addedNodes].filter((x) => x.nodeName === 'LI').length, 0);
      if (added) performance.mark(window.ours ? 'ours' : 'move');
      window.ours = false;
    }).observe(document.querySelector(selector), byCount ? { attributes: true, attributeFilter: ['data-moves'] } : { childList: true });
  }, [WATCHED, ja]);
  // The tasks (RunTask is a detailed timeline event) and the marks. Tracing
  // slows the page it measures: compare builds measured together.
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink.user_timing'] });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  for (let m = 0; m < 2000; m++) {
    const s = await (await page.waitForFunction(next, null, { timeout: 120000, polling: 50 })).jsonValue();
    if (s === 'end') break;
    await page.evaluate(() => {
      window.ours = true;
    });
    for (const id of s) await page.locator(`[data-testid="${id}"]`).click();
    await page.waitForTimeout(50);
  }
  await page.waitForTimeout(500);
  const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  const mainTid = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((m) => m.name === 'move' && m.pid === e.pid))?.tid;
  const tasks = events.filter((e) => e.name === 'RunTask' && e.tid === mainTid && e.dur).sort((a, b) => a.ts - b.ts);
  const marks = events.filter((e) => (e.name === 'move' || e.name === 'ours') && e.tid === mainTid).sort((a, b) => a.ts - b.ts);
  // Each mark's task start: a move's work runs from there to the next mark's task.
  const startOf = (ts) => tasks.filter((t) => t.ts <= ts).at(-1)?.ts ?? ts;
  const spans = marks.map((m, i) => ({ kind: m.name, from: startOf(m.ts), to: i + 1 < marks.length ? startOf(marks[i + 1].ts) : Infinity }));
  const costs = spans
    .filter((s) => s.kind === 'move' && s.to !== Infinity)
    .map((s) => tasks.filter((t) => t.ts >= s.from && t.ts < s.to).reduce((a, t) => a + t.dur / 1000, 0));
  // --where: what the moves' time is spent on, summed by trace event name
  // (events nested in others counted in both).
  const where = {};
  if (process.argv.includes('--where')) {
    const moveSpans = spans.filter((s) => s.kind === 'move' && s.to !== Infinity);
    for (const e of events) {
      if (e.tid !== mainTid || !e.dur || e.name === 'RunTask') continue;
      if (moveSpans.some((s) => e.ts >= s.from && e.ts < s.to)) where[e.name] = (where[e.name] || 0) + e.dur / 1000;
    }
  }
  const start = marks[0]?.ts ?? 0;
  const long = tasks.filter((t) => t.ts >= start && t.dur > 50_000).map((t) => t.dur / 1000);
  const sorted = [...costs].sort((a, b) => a - b);
  return {
    moves: costs.length,
    median: median(costs),
    p90: quantile(sorted, 0.9),
    longest: sorted.at(-1) ?? 0,
    first10: median(costs.slice(0, 10)),
    last10: median(costs.slice(-10)),
    longTasks: long.length,
    longestTask: Math.max(0, ...long),
    profiled: profile ? selfTimes(profile) : '',
    where: Object.entries(where).sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '),
  };
}

const site = await startServer({ dir: DIST, base: BASE });
const browser = await launchBrowser();
const results = [];
try {
  for (let r = 0; r < RUNS; r++) {
    const result = await run(browser, site);
    results.push(result);
    if (!JSON_OUT) {
      const f = (x) => x.toFixed(1);
      console.log(
        `${GAME}, CPU ${CPU}×, run ${r + 1}: ${result.moves} bot moves, work per move median ${f(result.median)} ms, ` +
          `p90 ${f(result.p90)}, longest ${f(result.longest)}; first ten ${f(result.first10)}, last ten ${f(result.last10)}; ` +
          `long tasks (> 50 ms) while the bots played: ${result.longTasks}${result.longTasks ? `, longest ${f(result.longestTask)} ms` : ''}`,
      );
      if (result.where) console.log(`  where the moves' time went (ms, all moves): ${result.where}`);
      if (result.profiled) console.log(`  self time by function while the bots played (ms; wasm names need TABLEE_WASM_NAMES=1 builds): ${result.profiled}`);
    }
  }
  if (JSON_OUT) console.log(JSON.stringify({ game: GAME, cpu: CPU, runs: results }));
} finally {
  await browser.close();
  await site.close();
}
