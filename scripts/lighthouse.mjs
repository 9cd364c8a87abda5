// Lighthouse's own mobile score for each link (issue 44's independent check
// of what scripts/perf.mjs measures): the built site served as GitHub Pages
// serves it (gzip, under /tablee/), Lighthouse 12's default mobile run
// (simulated slow 4G, CPU 4×, the performance category only), Debian's
// Chromium.
//
//   node scripts/lighthouse.mjs [--dist dist] [--links home,kb,...] [--runs 1]
//
// Lighthouse is not a dependency of the project (it would add ~100 MB to every
// `npm ci`): set LIGHTHOUSE to its CLI (e.g. after `npm i --prefix /tmp/lh
// lighthouse@12`, LIGHTHOUSE=/tmp/lh/node_modules/.bin/lighthouse), or the
// script runs `npx --yes lighthouse@12`. CHROME_PATH defaults to
// /usr/bin/chromium. Prints, per link, the median score and metrics of the
// runs (FCP, LCP, TBT, Speed Index, in ms).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { DIST_DIR, REPO_ROOT, median, scriptArg as arg } from '../tests/e2e/lib.mjs';
import { startServer } from '../tests/e2e/serve.mjs';
import { links } from './links.mjs';

const run = promisify(execFile);
const DIST = path.resolve(arg('--dist', DIST_DIR));
const RUNS = Number(arg('--runs', '1'));
const all = await links(REPO_ROOT);
// The links a visitor opens (not the Play-from-home measures of perf.mjs).
const NAMES = arg('--links', Object.keys(all).filter((name) => !all[name].play).join(',')).split(',');
const [command, ...prefix] = process.env.LIGHTHOUSE ? [process.env.LIGHTHOUSE] : ['npx', '--yes', 'lighthouse@12'];
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const site = await startServer({ dir: DIST, base: '/tablee/', gzip: true });
const scratch = await mkdtemp(path.join(os.tmpdir(), 'tablee-lighthouse-'));
try {
  console.log(`Lighthouse mobile, ${RUNS} run(s) a link, ${DIST}`);
  for (const name of NAMES) {
    const link = all[name];
    if (!link) throw new Error(`no link ${name} (scripts/links.mjs)`);
    const results = [];
    for (let i = 0; i < RUNS; i += 1) {
      const out = path.join(scratch, `${name}-${i}.json`);
      await run(command, [...prefix, `${site.url}${link.search}`, '--quiet', '--only-categories=performance', '--output=json', `--output-path=${out}`,
        `--chrome-flags=--headless=new --no-sandbox --disable-gpu --no-first-run --user-data-dir=${path.join(scratch, `profile-${name}-${i}`)}`],
      { env: { ...process.env, CHROME_PATH: chrome }, maxBuffer: 1 << 26 });
      const report = JSON.parse(await readFile(out, 'utf8'));
      const audit = (id) => report.audits[id]?.numericValue ?? NaN;
      results.push({
        score: Math.round(report.categories.performance.score * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        si: audit('speed-index'),
      });
    }
    const m = (key) => Math.round(median(results.map((r) => r[key])));
    console.log(`  ${name.padEnd(10)} score ${String(m('score')).padStart(3)} (${results.map((r) => r.score).join(', ')})  FCP ${m('fcp')}  LCP ${m('lcp')}  TBT ${m('tbt')}  SI ${m('si')}`);
  }
} finally {
  await site.close();
  await rm(scratch, { recursive: true, force: true });
}
