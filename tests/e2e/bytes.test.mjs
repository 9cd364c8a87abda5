// Issue 44: each link's bytes until its first decision are counted exactly by
// scripts/size.mjs from the built files (it runs index.html's inline preload
// guess for the link's address), and size.mjs fails a link over its ceiling
// (scripts/links.mjs). Those figures are only worth their ceilings if they
// hold every file the page really fetches before the first decision: here
// each link is loaded in Chromium and every file it asked for before its
// ready element showed must be in size.mjs's list for it. A part fetched
// late (the guess missing a link kind) or a new file on the way (a words
// file, a puzzle part) that size.mjs does not count turns this red.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';

import { BASE, DIST_DIR, REPO_ROOT, VIEWPORTS, describeProblems, startEnv, withPage } from './lib.mjs';
import { links } from '../../scripts/links.mjs';

let env;
let counted;
let all;
/** The links size.mjs holds to a ceiling, found in each game's folder. */
const CEILED = Object.entries(await links(REPO_ROOT)).filter(([, link]) => link.ceilingKb).map(([name]) => name);

before(async () => {
  env = await startEnv();
  const { stdout } = await promisify(execFile)(process.execPath, [path.join(REPO_ROOT, 'scripts/size.mjs'), '--json', '--dist', DIST_DIR], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((error) => error); // over a ceiling it exits 1 and still prints
  counted = JSON.parse(stdout);
  all = await links(REPO_ROOT);
});
after(() => env?.close());

describe('issue 44: what size.mjs counts for a link is all the link fetches before its first decision', () => {
  // Every link with a ceiling: the home's and each game's (scripts/links.mjs).
  for (const name of CEILED) {
    it(name, async () => {
      const link = all[name];
      const firstLoad = counted.files.filter((f) => f.firstLoad).map((f) => f.file);
      const expected = new Set([...firstLoad, ...counted.links[name].files]);
      await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'bytes-failure', async ({ page, problems }) => {
        // The moment the ready element shows, marked in the page (a poll from
        // here would let the home's idle prefetch slip in before it).
        await page.addInitScript((selector) => {
          const check = () => {
            const element = document.querySelector(selector);
            if (window.__ready === undefined && element && !element.disabled && element.getBoundingClientRect().width > 0) {
              window.__ready = performance.now();
            }
          };
          new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
        }, link.ready);
        await page.goto(env.url(link.search));
        await page.waitForFunction(() => window.__ready !== undefined, null, { timeout: 30_000 });
        const asked = await page.evaluate((base) =>
          performance
            .getEntriesByType('resource')
            .filter((entry) => entry.startTime <= window.__ready)
            .map((entry) => new URL(entry.name))
            .filter((url) => url.origin === location.origin && url.pathname.startsWith(base))
            .map((url) => url.pathname.slice(base.length)),
        BASE);
        const uncounted = [...new Set(asked)].filter((file) => !expected.has(file));
        assert.deepEqual(uncounted, [], `${name} (${link.search || 'home'}) fetched before its first decision files size.mjs does not count`);
        assert.ok(counted.links[name].gzip > 0);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
