// Attributes main-thread long tasks during an `expert` game: a Chromium
// performance trace (devtools.timeline) of the game played to its end, then
// every task over the threshold on any thread, with the trace events inside it
// summed by name (scripting vs style/layout, and what started it:
// HandlePostMessage is a worker's message, TimerFire a timeout), and a summary
// of the page's own tasks (CrRendererMain) over 5 ms while the bots played:
// how many, median, 95th percentile, longest, and the forced (in-script)
// style/layout time in them.
//
//   node scripts/trace-longtasks.mjs [--dist dist] [--threshold 50] [--bots expert] [--game jachete] [--moves 400]
//
// `--game jachete`: a J'achète game (seed 1000-000K, 4 players) instead,
// seat 0 declining every buy and discarding its first card, "Next round" at
// each round's end, for `--moves` of its decisions (issue 34's before/after).
import path from 'node:path';
import { BASE, DIST_DIR, launchBrowser, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';

const DIST = path.resolve(arg('--dist', DIST_DIR));
const THRESHOLD_MS = Number(arg('--threshold', '50'));
const BOTS = arg('--bots', 'expert');
const GAME = arg('--game', 'katzenjammer');
const MOVES = Number(arg('--moves', '400'));

const site = await startServer({ dir: DIST, base: BASE });
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
const page = await context.newPage();
const ja = GAME === 'jachete';
const deal = ja ? `?game=jachete&seed=1000-000K&players=4&seats=human,${BOTS},${BOTS},${BOTS}` : `?seed=1K7Q-M3ZD&players=4&seats=human,${BOTS},${BOTS},${BOTS}`;
await page.goto(`${site.url}${deal}`, { waitUntil: 'load' });
await page.locator('[data-testid="table-screen"]').waitFor();
await page.locator('[data-testid="speed-instant"]').click();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
// What to press for the decision on screen, by game.
const next = ja
  ? () => {
      const f = (id) => document.querySelector(`[data-testid="${id}"]`);
      if (f('end-screen')) return 'end';
      if (f('ja-next-round')) return ['ja-next-round'];
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
for (let m = 0; m < MOVES; m++) {
  const s = await (await page.waitForFunction(next, null, { timeout: 120000, polling: 50 })).jsonValue();
  if (s === 'end') break;
  for (const id of s) await page.locator(`[data-testid="${id}"]`).click();
  await page.waitForTimeout(200);
}
const buf = await browser.stopTracing();
const ev = JSON.parse(buf.toString()).traceEvents;
const threadName = (t) => ev.find((e) => e.name === 'thread_name' && e.tid === t.tid && e.pid === t.pid)?.args?.name;
const inside = (t) => ev.filter((e) => e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur && e.name !== 'RunTask');
const sum = (events, names) => events.filter((e) => names.includes(e.name)).reduce((a, e) => a + e.dur / 1000, 0);

for (const t of ev.filter((e) => e.name === 'RunTask' && e.dur > THRESHOLD_MS * 1000)) {
  const agg = {};
  for (const k of inside(t)) agg[k.name] = (agg[k.name] || 0) + k.dur / 1000;
  console.log(`${(t.dur / 1000).toFixed(0)} ms on ${threadName(t)}:`, Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
}

// The page's own tasks of 5 ms or more (its per-move updates).
const pageTasks = ev.filter((e) => e.name === 'RunTask' && e.dur >= 5000 && threadName(e) === 'CrRendererMain');
const rows = pageTasks.map((t) => {
  const kids = inside(t);
  // Style and layout *inside* a script call are forced by the script (a read
  // after a write); the browser's own per-frame layout is not under FunctionCall.
  const calls = kids.filter((k) => k.name === 'FunctionCall' || k.name === 'TimerFire' || k.name === 'FireAnimationFrame');
  const forced = kids.filter((k) => ['Layout', 'UpdateLayoutTree'].includes(k.name) && calls.some((c) => k.ts >= c.ts && k.ts < c.ts + c.dur));
  return { ms: t.dur / 1000, forced: sum(forced, ['Layout', 'UpdateLayoutTree']) };
});
const sorted = rows.map((r) => r.ms).sort((a, b) => a - b);
const pick = (q) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : 0);
console.log(
  `page tasks >= 5 ms on the main thread: ${rows.length}, median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms, ` +
    `longest ${(sorted.at(-1) ?? 0).toFixed(1)} ms, over ${THRESHOLD_MS} ms: ${rows.filter((r) => r.ms > THRESHOLD_MS).length}; ` +
    `forced style/layout inside scripts: ${rows.reduce((a, r) => a + r.forced, 0).toFixed(1)} ms in all`,
);
await browser.close(); await site.close();
