// What a first visit downloads in all, the service worker's precache
// included: each link loaded in a fresh context until the service worker
// controls the page, then every file the server sent summed (gzip -9, as
// GitHub Pages sends it; a `.gz` as it is). docs/performance.md, "the
// service worker reads the packs".
//
//   node scripts/first-visit.mjs [--dist dist] [--links home,kb,ja,puzzle]
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { BASE, DIST_DIR, REPO_ROOT, launchBrowser, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';
import { links } from './links.mjs';

const DIST = path.resolve(arg('--dist', DIST_DIR));
const all = await links(REPO_ROOT);
const NAMES = arg('--links', 'home,kb,ja,puzzle').split(',');

const browser = await launchBrowser();
try {
  console.log(`first visit, service worker's precache included, ${DIST}`);
  for (const name of NAMES) {
    const link = all[name];
    if (!link || link.search === null) throw new Error(`no link ${name} with an address (scripts/links.mjs)`);
    const asked = [];
    const site = await startServer({ dir: DIST, base: BASE, log: (line) => asked.push(line.split(' ')[2]) });
    const context = await browser.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${site.url}${link.search}`);
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
      });
      let total = 0;
      let wasm = 0;
      for (const url of asked) {
        const file = path.join(DIST, decodeURIComponent(url.replace(/[?#].*$/, '').slice(BASE.length)) || 'index.html');
        if (!(await stat(file).catch(() => null))?.isFile()) continue;
        const bytes = await readFile(file);
        const size = file.endsWith('.gz') ? bytes.length : gzipSync(bytes, { level: 9 }).length;
        total += size;
        if (/\.wasm(\.gz)?$/.test(file)) wasm += size;
      }
      console.log(`  ${name.padEnd(8)} ${String(asked.length).padStart(4)} requests, ${(total / 1000).toFixed(1)} KB in all (${(wasm / 1000).toFixed(1)} KB of wasm)`);
    } finally {
      await context.close();
      await site.close();
    }
  }
} finally {
  await browser.close();
}
