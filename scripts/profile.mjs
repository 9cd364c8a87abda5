// Where the main thread's time goes from Play on the home screen until the
// table shows and the bots have played a while: a V8 CPU profile (CDP), on
// the phone profile with the CPU 4x slower (as scripts/perf.mjs), summed by
// function (self time) and printed with the long tasks of the same span.
//
//   TABLEE_WASM_NAMES=1 trunk build --release --dist /tmp/dist-names
//   node scripts/profile.mjs --dist /tmp/dist-names [--game jachete] [--top 40] [--after-ms 3000] [--wait-ms 5000]
//
// `--wait-ms N` waits N ms on the home before Play, so that the home's idle
// prefetch of the table's part is in (issue 44: what is left at Play then).
//
// `--link NAME` (a link of scripts/links.mjs: kb, ja, puzzle, ...) profiles
// that link's load instead, from the address to its first decision, and
// breaks each long task down by what ran in it (Lighthouse's TBT).
//
// Without TABLEE_WASM_NAMES the WebAssembly functions are only numbers
// (`wasm-function[123]`): the site's build drops their names.
import path from 'node:path';
import { BASE, DIST_DIR, LIGHTHOUSE_PHONE as PHONE, REPO_ROOT, launchBrowser, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';
import { links } from './links.mjs';

const DIST = path.resolve(arg('--dist', DIST_DIR));
const GAME = arg('--game', 'jachete');
const TOP = Number(arg('--top', '40'));
const AFTER_MS = Number(arg('--after-ms', '3000'));
const WAIT_MS = Number(arg('--wait-ms', '0'));
const LINK = arg('--link', null) && (await links(REPO_ROOT))[arg('--link', null)];
if (arg('--link', null) && !LINK) throw new Error(`no link ${arg('--link', null)} (scripts/links.mjs)`);
const THEN = LINK ? LINK.ready : GAME === 'jachete' ? '[data-testid="ja-hand-card-0"]' : '[data-testid^="hand-card-"]';
const TRACE = ['devtools.timeline', 'blink', 'v8', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed', 'disabled-by-default-devtools.timeline'];

const site = await startServer({ dir: DIST, base: BASE, gzip: true });
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.addInitScript(() => {
    window.__tasks = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__tasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let clicked = 0;
  let shown;
  if (LINK) {
    // The link's load: traced from the address on.
    await browser.startTracing(page, { categories: TRACE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(`${site.url}${LINK.search}`);
    await page.locator(THEN).first().waitFor({ state: 'attached', timeout: 120_000 });
    shown = await page.evaluate(() => performance.now());
  } else {
    await page.goto(site.url, { waitUntil: 'load' });
    await page.locator('[data-testid="play-button"]:enabled').waitFor();
    await page.locator(`[data-testid="game-${GAME}"]`).check();
    await page.waitForTimeout(WAIT_MS);
    // The renderer's own work (style, layout, paint), which the CPU profile
    // calls "(program)": from a trace of the same span.
    await browser.startTracing(page, { categories: TRACE });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    clicked = await page.evaluate(() => performance.now());
    await page.locator('[data-testid="play-button"]').click();
    await page.locator(THEN).first().waitFor({ state: 'visible', timeout: 120_000 });
    shown = (await page.evaluate(() => performance.now())) - clicked;
  }
  await page.waitForTimeout(AFTER_MS);
  const { profile } = await cdp.send('Profiler.stop');
  const trace = JSON.parse((await browser.stopTracing()).toString());
  const tasks = (await page.evaluate(() => window.__tasks)).filter((t) => t.start + t.duration > clicked);

  // Self time per function: each sample's time goes to the node it hit.
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    const name = node.callFrame.functionName || `(${node.callFrame.url.split('/').pop() || 'program'})`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  // Each sample with its time (the trace's clock): what ran in a long task.
  const sampled = [];
  let clock = profile.startTime;
  profile.samples.forEach((id, i) => {
    clock += profile.timeDeltas[i] ?? 0;
    const node = byId.get(id);
    sampled.push({ at: clock, name: node.callFrame.functionName || `(${node.callFrame.url.split('/').pop() || 'program'})`, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 });
  });
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`${LINK ? arg('--link') : GAME}: ${LINK ? 'address' : 'Play'} to the table ${shown.toFixed(0)} ms; profiled ${total.toFixed(0)} ms (CPU 4x)`);
  console.log(`long tasks from ${LINK ? 'the address' : 'Play'}: ${tasks.map((t) => `${t.duration.toFixed(0)} ms at +${(t.start - clicked).toFixed(0)}`).join(', ') || 'none'}`);
  // Complete events on the page's main thread, by name (nested ones count
  // within their parents: Layout inside a FunctionCall is both).
  const main = trace.traceEvents.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain');
  const events = new Map();
  for (const e of trace.traceEvents) {
    if (e.ph !== 'X' || !e.dur || (main && (e.pid !== main.pid || e.tid !== main.tid))) continue;
    const entry = events.get(e.name) ?? { ms: 0, count: 0 };
    entry.ms += e.dur / 1000;
    entry.count += 1;
    events.set(e.name, entry);
  }
  // Each long task (over 50 ms) of the main thread, with the events in it
  // that took most (nested ones counted within their parents too).
  if (main) {
    const mine = trace.traceEvents.filter((e) => e.ph === 'X' && e.dur && e.pid === main.pid && e.tid === main.tid);
    for (const task of mine.filter((e) => e.name === 'RunTask' && e.dur > 50_000)) {
      const inside = new Map();
      for (const e of mine) {
        if (e === task || e.ts < task.ts || e.ts + e.dur > task.ts + task.dur) continue;
        const key = e.name === 'FunctionCall' || e.name === 'EvaluateScript' ? `${e.name} ${(e.args?.data?.url ?? '').split('/').pop()}` : e.name;
        inside.set(key, (inside.get(key) ?? 0) + e.dur / 1000);
      }
      const parts = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 7).map(([n, ms]) => `${n} ${ms.toFixed(0)}`);
      console.log(`task ${(task.dur / 1000).toFixed(0)} ms at ${((task.ts - mine[0].ts) / 1000).toFixed(0)}: ${parts.join(', ')}`);
      // The functions the profiler found running in it (self time).
      const fns = new Map();
      sampled.forEach(({ at, name, ms }) => {
        if (at >= task.ts && at <= task.ts + task.dur) fns.set(name, (fns.get(name) ?? 0) + ms);
      });
      const topFns = [...fns].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, ms]) => `${n.slice(0, 60)} ${ms.toFixed(0)}`);
      console.log(`    ${topFns.join(' | ')}`);
    }
  }
  const wanted = ['RunTask', 'FunctionCall', 'UpdateLayoutTree', 'Layout', 'Paint', 'PrePaint', 'Layerize', 'ParseHTML', 'HitTest', 'v8.compile', 'v8.wasm.compiledModule', 'wasm.CompileLazy', 'MajorGC', 'MinorGC'];
  const wasmEvents = [...events].filter(([n]) => /wasm|compile/i.test(n)).sort((a, b) => b[1].ms - a[1].ms).slice(0, 8);
  console.log('wasm/compile events (main thread): ' + wasmEvents.map(([n, e]) => `${n} ${e.ms.toFixed(0)} ms/${e.count}`).join(', '));
  const top = [...events].sort((a, b) => b[1].ms - a[1].ms).slice(0, 12);
  console.log('top events: ' + top.map(([n, e]) => `${n} ${e.ms.toFixed(0)} ms/${e.count}`).join(', '));
  console.log('main thread (trace): ' + wanted.filter((n) => events.has(n)).map((n) => `${n} ${events.get(n).ms.toFixed(0)} ms/${events.get(n).count}`).join(', '));
  for (const [name, ms] of [...self].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`${ms.toFixed(1).padStart(8)} ms  ${name.slice(0, 150)}`);
  }
  await context.close();
} finally {
  await browser.close();
  await site.close();
}
