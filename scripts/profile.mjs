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
// Without TABLEE_WASM_NAMES the WebAssembly functions are only numbers
// (`wasm-function[123]`): the site's build drops their names.
import path from 'node:path';
import { BASE, DIST_DIR, LIGHTHOUSE_PHONE as PHONE, launchBrowser, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';

const DIST = path.resolve(arg('--dist', DIST_DIR));
const GAME = arg('--game', 'jachete');
const TOP = Number(arg('--top', '40'));
const AFTER_MS = Number(arg('--after-ms', '3000'));
const WAIT_MS = Number(arg('--wait-ms', '0'));
const THEN = GAME === 'jachete' ? '[data-testid="ja-hand-card-0"]' : '[data-testid^="hand-card-"]';

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
  await page.goto(site.url, { waitUntil: 'load' });
  await page.locator('[data-testid="play-button"]:enabled').waitFor();
  await page.locator(`[data-testid="game-${GAME}"]`).check();
  await page.waitForTimeout(WAIT_MS);
  // The renderer's own work (style, layout, paint), which the CPU profile
  // calls "(program)": from a trace of the same span.
  await browser.startTracing(page, { categories: ['devtools.timeline', 'blink', 'v8', 'v8.wasm', 'disabled-by-default-v8.wasm.detailed', 'disabled-by-default-devtools.timeline'] });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const clicked = await page.evaluate(() => performance.now());
  await page.locator('[data-testid="play-button"]').click();
  await page.locator(THEN).first().waitFor({ state: 'visible', timeout: 120_000 });
  const shown = (await page.evaluate(() => performance.now())) - clicked;
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
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  console.log(`${GAME}: Play to the table ${shown.toFixed(0)} ms; profiled ${total.toFixed(0)} ms (CPU 4x)`);
  console.log(`long tasks from Play: ${tasks.map((t) => `${t.duration.toFixed(0)} ms at +${(t.start - clicked).toFixed(0)}`).join(', ') || 'none'}`);
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
