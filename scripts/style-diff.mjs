// What a stylesheet change did to the page, element by element: every
// element's computed style (and its ::before/::after content) on the links a
// visitor taps (scripts/links.mjs: the home and each game's links) and the
// shared screens (puzzles, rules, lessons, the record of games), at a
// phone's size (360×740) and a desktop's (1280×800), written to a file; two
// files compared. For moving styles between files (issue 54: each game's
// table styles went to its folder with 0 differences but a custom property's
// spelling): a move should change nothing.
//
//   node scripts/style-diff.mjs --dump DIST OUT.json [--reduced-motion]
//   node scripts/style-diff.mjs BEFORE.json AFTER.json
//
// Mid-animation values (opacity, transform of what pops in, the thinking
// dots) differ from run to run: compare with --reduced-motion, or read those
// as noise (two dumps of the same build differ in about 10 of them); and the
// daily deal is the day's (UTC): dump both sides on the same day.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { links } from './links.mjs';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const SHARED = { puzzles: '?puzzles', rules: '?rules', learn: '?learn', games: '?games' };
const VIEWPORTS = { phone: { width: 360, height: 740 }, desktop: { width: 1280, height: 800 } };

async function dump(dist, out, reducedMotion) {
  process.env.TABLEE_DIST = path.resolve(dist);
  const lib = await import('../tests/e2e/lib.mjs');
  const screens = Object.entries(await links(ROOT)).filter(([, l]) => !l.play).map(([name, l]) => [name, l.search, l.ready]);
  for (const [name, search] of Object.entries(SHARED)) screens.push([name, search, 'main']);
  const env = await lib.startEnv();
  const result = {};
  try {
    for (const [size, viewport] of Object.entries(VIEWPORTS)) {
      for (const [name, search, ready] of screens) {
        const { context, page } = await lib.openPage(env.browser, { viewport, reducedMotion: reducedMotion ? 'reduce' : 'no-preference' });
        await page.goto(env.url(search));
        await page.waitForSelector(ready, { timeout: 30_000 }).catch(() => console.warn(`style-diff: ${name} (${size}) not ready`));
        await page.waitForTimeout(2_500);
        result[`${size} ${name}`] = await page.evaluate(() => {
          const where = (el) => {
            const steps = [];
            for (let e = el; e.parentElement; e = e.parentElement) {
              const id = e.dataset.testid ? `#${e.dataset.testid}` : '';
              steps.unshift(`${e.tagName.toLowerCase()}${id}:${[...e.parentElement.children].indexOf(e)}`);
            }
            return steps.join('>');
          };
          const styles = {};
          for (const el of document.querySelectorAll('body *')) {
            const cs = getComputedStyle(el);
            const props = {};
            for (const p of cs) if (!p.startsWith('transition')) props[p] = cs.getPropertyValue(p);
            for (const pseudo of ['::before', '::after']) {
              const ps = getComputedStyle(el, pseudo);
              if (ps.content !== 'none' && ps.content !== 'normal') for (const p of ['content', 'color', 'display', 'position']) props[pseudo + p] = ps.getPropertyValue(p);
            }
            styles[where(el)] = props;
          }
          return styles;
        });
        await context.close();
      }
    }
  } finally {
    await env.close();
  }
  writeFileSync(out, JSON.stringify(result));
  console.log(`style-diff: ${Object.keys(result).length} screens, ${Object.values(result).reduce((a, s) => a + Object.keys(s).length, 0)} elements → ${out}`);
}

function compare(beforeFile, afterFile) {
  const [before, after] = [beforeFile, afterFile].map((f) => JSON.parse(readFileSync(f, 'utf8')));
  let differences = 0;
  let missing = 0;
  for (const [screen, elements] of Object.entries(before)) {
    for (const [el, props] of Object.entries(elements)) {
      const other = after[screen]?.[el];
      if (!other) {
        missing += 1;
        continue;
      }
      for (const [p, v] of Object.entries(props)) {
        if (other[p] === v) continue;
        differences += 1;
        if (differences <= 50) console.log(`${screen} ${el.slice(-100)} ${p}: ${JSON.stringify(v)} → ${JSON.stringify(other[p])}`);
      }
    }
  }
  console.log(`style-diff: ${differences} differences, ${missing} elements not in the second page`);
}

const args = process.argv.slice(2);
if (args[0] === '--dump' && args.length >= 3) await dump(args[1], args[2], args.includes('--reduced-motion'));
else if (args.length === 2 && !args[0].startsWith('--')) compare(args[0], args[1]);
else {
  console.error('usage: node scripts/style-diff.mjs --dump DIST OUT.json [--reduced-motion] | node scripts/style-diff.mjs BEFORE.json AFTER.json');
  process.exit(2);
}
