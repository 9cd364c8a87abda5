// The page's layout on a phone and a desktop: a game opens at its top, the
// home screen says what Tablée is with Play in view, French fits in 320 px,
// and the header's and speed buttons are big enough to tap.
//
//   node --test tests/e2e/layout.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  gotoApp,
  nextState,
  overflowing,
  screenshot,
  settle,
  startEnv,
  withStorage,
  fixturePath,
} from './lib.mjs';

const SAVE_KEY = 'tablee.katzenjammer.current';
const NARROW = { width: 320, height: 640 };

/** `withStorage` on the site at `viewport` in `lang`, with `save` (if any) in localStorage. */
const withSite = (env, { viewport, lang = 'en', save } = {}, failure, body) =>
  withStorage(env, { 'tablee.lang': lang, ...(save ? { [SAVE_KEY]: save } : {}) }, { viewport, locale: lang === 'fr' ? 'fr-FR' : 'en-US' }, failure, body);

/** Where the element `selector` is in the window: { top, bottom, left, right, height }. */
const box = (page, selector) =>
  page.locator(selector).first().evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom, left: r.left, right: r.right, height: r.height };
  });

describe('layout on a phone and a desktop', () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const lang of ['en', 'fr']) {
      it(`the home screen says what Tablée is and shows Play without scrolling (${name}, ${lang})`, async () => {
        await withSite(env, { viewport, lang }, 'layout-failure', async ({ page, problems }) => {
          await page.locator(byTestId('home-screen')).waitFor();
          const file = await screenshot(page, `home-${lang}-${viewport.width}x${viewport.height}`);
          const pitch = await box(page, byTestId('home-pitch'));
          assert.ok(pitch.bottom <= viewport.height, `the pitch ends at ${pitch.bottom} px (${file})`);
          assert.match(await page.locator(byTestId('home-pitch')).textContent(), /Tablée/);
          const play = await box(page, byTestId('play-button'));
          assert.equal(await page.evaluate(() => window.scrollY), 0);
          assert.ok(play.bottom <= viewport.height, `Play ends at ${play.bottom} px, below the ${viewport.height} px window (${file})`);
          // One click on Play deals the default table.
          await page.locator(byTestId('play-button')).click();
          await page.locator(byTestId('table-screen')).waitFor();
          assert.equal(await page.locator(`${byTestId('hand')} li`).count() > 0, true);
          await settle(page);
          assert.deepEqual(problems, [], describeProblems(problems));
        });
      });
    }
  }

  it('a game started from the foot of the home screen on a phone opens at its top: the turn and the hand in view', async () => {
    await withSite(env, { viewport: VIEWPORTS.phone }, 'layout-failure', async ({ page, problems }) => {
      await page.locator(byTestId('home-screen')).waitFor();
      await page.locator(byTestId('seed-input')).fill('1K7Q-M3ZD');
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const scrolled = await page.evaluate(() => window.scrollY);
      assert.ok(scrolled > 200, `the home screen scrolled ${scrolled} px`);
      // Enter in the deal number field starts the game from down there.
      await page.locator(byTestId('seed-input')).press('Enter');
      await page.locator(byTestId('table-screen')).waitFor();
      // At once, while the bots before us play (their turns take seconds
      // at this speed): the table shows from its top, not scrolled down as
      // the home screen was.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve())));
      const opened = await page.evaluate(() => window.scrollY);
      const file = await screenshot(page, 'game-opened-360x740');
      assert.equal(opened, 0, `the table opened scrolled down (${file})`);
      // Then our turn: the page brings the hand into view, and the turn
      // line (it stays at the top of the window) with it.
      assert.equal(await nextState(page), 'pass');
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
      const turnFile = await screenshot(page, 'game-our-turn-360x740');
      for (const id of ['turn-status', 'hand-card-0', 'pass-button']) {
        const at = await box(page, byTestId(id));
        assert.ok(at.top >= 0 && at.bottom <= VIEWPORTS.phone.height, `${id} is at ${at.top}–${at.bottom} px, out of the window (${turnFile})`);
      }
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  for (const viewport of [NARROW, VIEWPORTS.phone]) {
    it(`French fits at ${viewport.width}x${viewport.height}: the table, the bandleader and the results' headers`, async () => {
      const save = await readFile(fixturePath('katzenjammer-save-finished.json'), 'utf8');
      await withSite(env, { viewport, lang: 'fr', save }, 'layout-failure', async ({ page, problems }) => {
        await page.locator(byTestId('end-screen')).waitFor();
        await settle(page);
        const file = await screenshot(page, `end-fr-${viewport.width}x${viewport.height}`);
        assert.deepEqual(await overflowing(page), [], `things stick out (${file})`);
        const clipped = await page.evaluate(() =>
          [...document.querySelectorAll('[data-testid="end-table"] th')]
            .filter((th) => {
              const wrap = th.closest('.table-wrap').getBoundingClientRect();
              const r = th.getBoundingClientRect();
              return th.scrollWidth > th.clientWidth || r.right > wrap.right + 0.5 || r.left < wrap.left - 0.5;
            })
            .map((th) => th.textContent.trim()),
        );
        assert.deepEqual(clipped, [], `results' headers cut (${file})`);
        // Mid-game too (the home screen, then the table).
        await page.locator(byTestId('nav-home')).click();
        assert.deepEqual(await overflowing(page), [], 'the home screen');
        await page.locator(byTestId('play-button')).click();
        await page.locator(byTestId('table-screen')).waitFor();
        await settle(page);
        const table = await screenshot(page, `table-fr-${viewport.width}x${viewport.height}`);
        assert.deepEqual(await overflowing(page), [], `the table (${table})`);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }

  it('the header buttons and the speed buttons are at least 40 px tall on a phone', async () => {
    await withSite(env, { viewport: VIEWPORTS.phone }, 'layout-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url('?seed=1K7Q-M3ZD&players=4'));
      await page.locator(byTestId('table-screen')).waitFor();
      const heights = await page.evaluate(() =>
        [...document.querySelectorAll('.nav button, .speed-btn')].map((b) => [b.dataset.testid, b.getBoundingClientRect().height]),
      );
      assert.ok(heights.length >= 8, `${heights.length} buttons`);
      const small = heights.filter(([, h]) => h < 40);
      assert.deepEqual(small, [], 'buttons under 40 px');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
