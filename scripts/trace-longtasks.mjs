// Attributes main-thread long tasks during an `expert` game: a Chromium
// performance trace (devtools.timeline) of the game played to its end, then
// every task over 50 ms on any thread, with the trace events inside it summed
// by name (scripting vs style/layout, and what started it: HandlePostMessage
// is a worker's message, TimerFire a timeout).
//
//   node scripts/trace-longtasks.mjs        (dist/ built; prints one line a task)
import { writeFile } from 'node:fs/promises';
import { BASE, DIST_DIR, launchBrowser } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';
const site = await startServer({ dir: DIST_DIR, base: BASE });
const browser = await launchBrowser();
const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
const page = await context.newPage();
await page.goto(`${site.url}?seed=1K7Q-M3ZD&players=4&seats=human,expert,expert,expert`, { waitUntil: 'load' });
await page.locator('[data-testid="table-screen"]').waitFor();
await page.locator('[data-testid="speed-instant"]').click();
await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
for (let m = 0; m < 400; m++) {
  const s = await (await page.waitForFunction(() => {
    const f = (id) => document.querySelector(`[data-testid="${id}"]`);
    if (f('end-screen')) return 'end'; const p = f('pass-button'); if (p && !p.disabled) return 'pass'; if (f('present-nothing')) return 'present'; return false;
  }, null, { timeout: 120000, polling: 50 })).jsonValue();
  if (s === 'end') break;
  await page.locator(s === 'pass' ? '[data-testid="pass-button"]' : '[data-testid="present-nothing"]').click();
  await page.waitForTimeout(200);
}
const buf = await browser.stopTracing();
const ev = JSON.parse(buf.toString()).traceEvents;
const main = ev.filter((e) => e.name === 'RunTask' && e.dur > 50000);
for (const t of main) {
  const kids = ev.filter((e) => e.tid === t.tid && e.pid === t.pid && e.ts >= t.ts && e.ts < t.ts + t.dur && e.dur && e.name !== 'RunTask');
  const agg = {};
  for (const k of kids) agg[k.name] = (agg[k.name] || 0) + k.dur / 1000;
  const thread = ev.find((e) => e.name === 'thread_name' && e.tid === t.tid && e.pid === t.pid)?.args?.name;
  console.log(`${(t.dur / 1000).toFixed(0)} ms on ${thread}:`, Object.entries(agg).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', '));
}
await browser.close(); await site.close();
