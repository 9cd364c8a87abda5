// Random input ("gremlins", issue 34) on both tables, at 360×740 and
// 1280×800: a seeded sequence of taps on any enabled control, card or meld
// of the game screen (a real pointer's taps at the element's middle, after
// scrolling it into view), with reloads in between. After each reload the
// same game resumes at the same move (read on the deal bar when the bots
// were waiting for us), never with a "damaged save" notice; no console
// error, no uncaught exception, no panic (a wasm `unreachable`) anywhere.
// Then a random walk across the whole app (issue 41): any control or link
// of any screen, the header included, the browser's Back and reloads, with
// the same checks. Both tables' Hint is tapped too.
//
// The seed is printed (`# gremlins seed: N`); `GREMLINS_SEED=N` replays a
// run, `GREMLINS_SECONDS` sets each table's time at each size (default 25),
// `GREMLINS_WALK_SECONDS` the random walk's (default 30), `GREMLINS_VERBOSE=1`
// prints every tap.
// A failure prints the seed and the last taps.
//
//   node --test tests/e2e/gremlins.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { GAMES } from './games.mjs';
import { VIEWPORTS, byTestId, dealNumber, describeProblems, generator, gotoApp, startEnv, withPage } from './lib.mjs';

const SEED = Number(process.env.GREMLINS_SEED ?? Math.floor(Math.random() * 2 ** 31));
const SECONDS = Number(process.env.GREMLINS_SECONDS ?? 25);
/** The random walk across the whole app (issue 41): its time at each size. */
const WALK_SECONDS = Number(process.env.GREMLINS_WALK_SECONDS ?? 30);
console.log(`# gremlins seed: ${SEED} (GREMLINS_SEED=${SEED} replays it)`);

/** Each game's table under the taps: its `gremlins` (`src/games/<game>/e2e.mjs`, games.mjs), by its code, in the registry's order. */
const TABLES = Object.fromEntries(GAMES.filter((game) => game.gremlins).map((game) => [game.code, game.gremlins]));

/** Links to other screens (a replay, "Your games"): not a tap on the table. */
const NEVER = ['watch-replay', 'games-replay'];

/** Picks one enabled, visible control of the game screen; returns where to tap and what it is. */
function pickControl({ r, exclude }) {
  // No app yet: a tap's link opened another address and the page is still
  // starting (it mounts once the parts its start needs are in).
  const root = document.querySelector('main');
  if (!root) return null;
  const candidates = [...root.querySelectorAll('button, [role="button"], [data-act], input, summary')].filter((el) => {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('[inert], [hidden]')) return false;
    if (exclude.includes(el.dataset.testid) || el.closest('a[href]')) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  if (candidates.length === 0) return null;
  // One tap in four on a main action (Play, Buy, Next round, Play again…),
  // so that the games get on to buys, round ends and end screens.
  const primary = candidates.filter((el) => el.classList.contains('primary'));
  const pool = r < 0.25 && primary.length ? primary : candidates;
  const el = pool[Math.floor(((r * 4) % 1) * pool.length)];
  el.scrollIntoView({ block: 'center', inline: 'nearest' });
  const box = el.getBoundingClientRect();
  const what = el.dataset.testid || el.dataset.act || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, what: `${el.tagName.toLowerCase()} ${what}` };
}

/**
 * Picks one enabled, visible control anywhere on the page — the header, the
 * links between screens, any screen's buttons — for the random walk across
 * the app. Links to other sites and the update's reload are left out.
 */
function pickAnywhere({ r }) {
  const candidates = [...document.body.querySelectorAll('button, a[href], [role="button"], [data-act], input, summary')].filter((el) => {
    if (el.disabled || el.getAttribute('aria-disabled') === 'true' || el.closest('[inert], [hidden]')) return false;
    if (el.dataset.testid === 'update-reload') return false;
    if (el.tagName === 'A' && new URL(el.href, location.href).origin !== location.origin) return false;
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden';
  });
  if (candidates.length === 0) return null;
  const el = candidates[Math.floor(r * candidates.length)];
  el.scrollIntoView({ block: 'center', inline: 'nearest' });
  const box = el.getBoundingClientRect();
  const what = el.dataset.testid || el.dataset.act || el.getAttribute('aria-label') || el.textContent.trim().slice(0, 30);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, what: `${el.tagName.toLowerCase()} ${what}` };
}

/**
 * Where the random walk across the app starts again now and then: the home,
 * each game's puzzles, the rules, "Your games", each game's tables (a seed
 * replays the same walk only with the same list in the same order).
 */
const WALK_STARTS = [
  '',
  ...Object.values(TABLES).flatMap((table) => table.starts.puzzles),
  '?rules',
  '?games',
  ...Object.values(TABLES).flatMap((table) => table.starts.tables),
];

/** Waits until the bots wait for us; returns the move count on the deal bar then (null: the game screen is gone). */
async function settledMoves(page, waiting, timeout = 30_000) {
  await page.waitForFunction(
    (ids) =>
      !document.querySelector('[data-testid="deal-bar"]') ||
      ids.some((id) => {
        const [testid, pseudo] = id.split(':');
        const el = document.querySelector(`[data-testid="${testid}"]`);
        return el && (pseudo !== 'enabled' || !el.disabled);
      }),
    waiting,
    { timeout, polling: 50 },
  );
  // The save is a task queued just after the move: a frame, then a task.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  return page.evaluate(() => {
    const bar = document.querySelector('[data-testid="deal-bar"]');
    return bar ? { moves: Number(bar.dataset.moves), deal: document.querySelector('[data-testid="deal-id"]')?.textContent ?? '' } : null;
  });
}

/**
 * The random walk across the whole app (issue 41) from `seed` at `viewport`:
 * for `seconds`, at most `steps` steps (taps, Back, reloads, starts).
 */
async function walkApp(seed, viewport, { seconds = WALK_SECONDS, steps: most = Infinity } = {}) {
  const size = `${viewport.width}x${viewport.height}`;
  const rand = generator(seed ^ (viewport.width * 104_729));
  const steps = [];
  await withPage(env.browser, { viewport, locale: rand() < 0.5 ? 'fr-FR' : 'en-US' }, `gremlins-failure-app-${size}`, async ({ context, page, problems }) => {
    await context.addInitScript(() => {
      // (Back out of the page lands on about:blank, which has no storage.)
      if (location.protocol === 'http:' && !localStorage.getItem('tablee.speed')) localStorage.setItem('tablee.speed', 'fast');
    });
    const counts = { taps: 0, backs: 0, reloads: 0, starts: 0 };
    const loads = { count: 0 };
    page.on('load', () => (loads.count += 1));
    const end = Date.now() + seconds * 1000;
    let left = most;
    let restart = 0;
    while (Date.now() < end && left-- > 0) {
      if (--restart <= 0) {
        const query = WALK_STARTS[Math.floor(rand() * WALK_STARTS.length)];
        steps.push(`open ${query || '(home)'}`);
        await gotoApp(page, env.url(query));
        counts.starts += 1;
        restart = 30 + Math.floor(rand() * 30);
      }
      const r = rand();
      if (r < 0.07) {
        steps.push('Back');
        const before = problems.length;
        // Back to an entry of the same document (Playwright answers no
        // response) must not load a page (issue 52: the app's own reload
        // raced the walk's next start).
        const loadsBefore = loads.count;
        const response = await page.goBack({ waitUntil: 'load' }).catch(() => undefined);
        if (response === null && new URL(page.url()).origin === new URL(env.url()).origin) {
          await page.waitForTimeout(150);
          assert.equal(loads.count, loadsBefore, `Back to ${page.url()} loaded the page again`);
        }
        // Back out of the page (before its first screen): start again.
        if (new URL(page.url()).origin !== new URL(env.url()).origin) {
          restart = 0;
          // The page's parts still loading were left behind, aborted
          // (whichever of the abort and the navigation Chromium reports
          // first): the walk leaving, not the app failing.
          const kept = problems.slice(before).filter((p) => !/^request failed: .*net::ERR_ABORTED$/.test(p));
          problems.splice(before, problems.length - before, ...kept);
        }
        counts.backs += 1;
      } else if (r < 0.1) {
        steps.push('reload');
        await page.reload({ waitUntil: 'load' });
        counts.reloads += 1;
      } else {
        const pick = await page.evaluate(pickAnywhere, { r: rand() }).catch(() => null);
        if (pick) {
          steps.push(`tap ${pick.what}`);
          await page.mouse.click(pick.x, pick.y);
          counts.taps += 1;
        }
      }
      await page.waitForTimeout(40 + Math.floor(rand() * 120));
      assert.deepEqual(problems, [], describeProblems(problems));
    }
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)))).catch(() => {});
    assert.deepEqual(problems, [], describeProblems(problems));
    assert.ok(counts.taps > Math.min(60, most / 2), JSON.stringify(counts));
    console.log(`# the whole app ${size}: ${JSON.stringify(counts)}`);
    if (process.env.GREMLINS_VERBOSE) console.log(steps.join('\n'));
  }).catch((error) => {
    error.message += `\n# gremlins seed ${seed}; the last steps:\n  ${steps.slice(-25).join('\n  ')}`;
    throw error;
  });
}

let env;
before(async () => {
  env = await startEnv();
});
after(async () => {
  await env?.close();
});

describe(`gremlins (seed ${SEED})`, () => {
  for (const [sizeName, viewport] of Object.entries(VIEWPORTS)) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`the whole app at ${size} (${sizeName}): random taps on any screen, links, Back and reloads, nothing breaks`, () => walkApp(SEED, viewport));
    for (const [game, table] of Object.entries(TABLES)) {
      it(`${game} at ${size} (${sizeName}): random taps and reloads, nothing breaks`, async () => {
        const rand = generator(SEED ^ (viewport.width * 7919) ^ table.seed);
        const steps = [];
        await withPage(env.browser, { viewport, locale: rand() < 0.5 ? 'fr-FR' : 'en-US' }, `gremlins-failure-${game}-${size}`, async ({ context, page, problems }) => {
          await context.addInitScript(() => {
            if (!localStorage.getItem('tablee.speed')) localStorage.setItem('tablee.speed', 'fast');
          });
          const log = (line) => steps.push(line);
          let taps = 0;
          let reloads = 0;
          const resumedAt = [];
          const query = table.query(dealNumber(rand));
          log(`open ${query}`);
          await gotoApp(page, env.url(query));
          await page.locator(byTestId('deal-bar')).waitFor();
          const end = Date.now() + SECONDS * 1000;
          let nextReload = 8 + Math.floor(rand() * 15);
          while (Date.now() < end) {
            const pick = await page.evaluate(pickControl, { r: rand(), exclude: [...table.exclude, ...NEVER] });
            if (pick) {
              log(`tap ${pick.what}`);
              await page.mouse.click(pick.x, pick.y);
              taps += 1;
            }
            await page.waitForTimeout(40 + Math.floor(rand() * 160));
            assert.deepEqual(problems, [], describeProblems(problems));
            if (--nextReload > 0) continue;
            nextReload = 8 + Math.floor(rand() * 15);
            // Back to the table if a tap left it (the rules, a new game's home screen).
            const before = await settledMoves(page, table.waiting);
            log(`reload at ${before ? `move ${before.moves} of ${before.deal}` : 'another screen'}`);
            await page.reload({ waitUntil: 'load' });
            reloads += 1;
            if (before) {
              await page.locator(byTestId('deal-bar')).waitFor();
              const after = await page.evaluate(() => ({
                moves: Number(document.querySelector('[data-testid="deal-bar"]').dataset.moves),
                deal: document.querySelector('[data-testid="deal-id"]')?.textContent ?? '',
              }));
              assert.deepEqual(after, before, 'the same game resumes at the same move');
              resumedAt.push(after.moves);
            } else {
              await page.waitForFunction(() => document.querySelector('main')?.children.length > 0);
            }
            assert.equal(await page.locator(byTestId('notice')).count(), 0, 'no "damaged save" notice');
            if (!before || (await page.locator(byTestId('deal-bar')).count()) === 0) {
              // A tap left the table: go back to a game to keep tapping at one.
              await gotoApp(page, env.url(query));
              await page.locator(byTestId('deal-bar')).waitFor();
            }
          }
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50))));
          assert.deepEqual(problems, [], describeProblems(problems));
          assert.ok(taps > 20 && reloads > 1, `${taps} taps, ${reloads} reloads`);
          console.log(`# ${game} ${size}: ${taps} taps, ${reloads} reloads, resumed at moves ${resumedAt.join(', ')}`);
          // The resume check ran (a reload on another screen skips it).
          assert.ok(resumedAt.length > 0, `no reload at a table checked the resume (${reloads} reloads)`);
          if (process.env.GREMLINS_VERBOSE) console.log(steps.join('\n'));
        }).catch((error) => {
          error.message += `\n# gremlins seed ${SEED}; the last steps:\n  ${steps.slice(-25).join('\n  ')}`;
          throw error;
        });
      });
    }
  }
});

/**
 * Seeds that once failed, walked again in every run (issue 52: 1620891070,
 * the page's own reload after Back racing the walk's next start, and Back
 * no longer reloads; 570236666, the rules' link to the lessons loading a
 * page still under way when the walk pressed Back, and the app's own links
 * now open in the page: keep.test.mjs checks both without chance). A seed
 * replays the same choices; the app's timing may differ, so the walk is
 * bounded in steps, not seconds.
 */
const FAILED_ONCE = [1620891070, 570236666];

describe('gremlins: seeds that once failed', () => {
  for (const seed of FAILED_ONCE) {
    for (const [sizeName, viewport] of Object.entries(VIEWPORTS)) {
      it(`the whole app at ${viewport.width}x${viewport.height} (${sizeName}), seed ${seed}`, () => walkApp(seed, viewport, { seconds: 60, steps: 150 }));
    }
  }
});
