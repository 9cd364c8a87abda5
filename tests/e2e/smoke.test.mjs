// The built site in headless Chromium, served under /tablee/ as on GitHub
// Pages: it loads cleanly, a seed URL shows the same deal every time, a bad URL
// gets a friendly message, and screenshots are saved for humans.
//
//   node --test tests/e2e/        (after `make build`; `make e2e` does both)

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import {
  APP_TITLE,
  TITLE,
  VIEWPORTS,
  describeProblems,
  firstVisible,
  gotoApp,
  screenshot,
  settle,
  startEnv,
  withPage,
} from './lib.mjs';

const SEED = '1K7Q-M3ZD';
const SEED_QUERY = `?seed=${SEED}&players=4`;

// Where a deal's cards are, newest markup first: the UI's data-testids (each
// card carries its symbol in data-card), then the classes of the first table.
const HAND_CARDS = ['[data-testid="hand"] [data-card]', '.hand .card'];
const ROW_CARDS = ['[data-testid="row"] [data-card]', '[aria-labelledby="row-title"] .card'];
const PROBLEM = ['[data-testid="problem"]', '[role="alert"]'];

/** The labels of the cards matched by the first selector that matches any. */
async function cardLabels(page, selectors) {
  for (const selector of selectors) {
    const labels = await page.locator(selector).evaluateAll((cards) =>
      cards.map(
        (card) =>
          card.getAttribute('data-card') ||
          card.getAttribute('aria-label') ||
          card.getAttribute('title') ||
          card.textContent.trim(),
      ),
    );
    if (labels.length > 0) return labels;
  }
  return [];
}

/** Opens `query` in a fresh context (empty storage) and reads the deal shown. */
async function readDeal(env, query, { reload = false } = {}) {
  return withPage(env.browser, {}, 'smoke-failure', async ({ page, problems }) => {
    await gotoApp(page, env.url(query));
    if (reload) {
      await settle(page);
      await page.reload({ waitUntil: 'load' });
    }
    // The table comes with its part, after the page's first paint.
    await page.locator(HAND_CARDS.join(', ')).first().waitFor();
    await settle(page);
    const deal = {
      hand: await cardLabels(page, HAND_CARDS),
      row: await cardLabels(page, ROW_CARDS),
    };
    // Two deals compared are two deals read: no card found is no deal shown.
    assert.ok(deal.hand.length > 0 && deal.row.length > 0, `the deal's cards are on the page: ${JSON.stringify(deal)}`);
    const text = await page.locator('body').innerText();
    assert.deepEqual(problems, [], describeProblems(problems));
    return { deal, text, url: page.url() };
  });
}

describe('the site served under /tablee/', { timeout: 180_000 }, () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('loads under the sub-path: title, every request inside it, wasm as application/wasm, no console error, no failed request', async () => {
    await withPage(env.browser, {}, 'smoke-failure', async ({ page, problems }) => {
      const requests = [];
      page.on('request', (request) => requests.push(request.url()));
      const wasm = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('.wasm'));

      const response = await gotoApp(page, env.url());
      assert.equal(response.status(), 200);
      assert.ok((await response.text()).includes(`<title>${TITLE}</title>`), 'index.html has its title');
      // The app then names what is on screen: no game on the home screen.
      await page.waitForFunction((t) => document.title === t, APP_TITLE);
      assert.equal((await wasm).headers()['content-type'], 'application/wasm');
      await settle(page);

      const outside = requests.filter((url) => /^https?:/.test(url) && !url.startsWith(env.site.url));
      assert.deepEqual(outside, [], 'every asset URL must stay under the sub-path (GitHub Pages serves /<repo>/)');
      // The bots' worker is fetched when a game starts, never for the home
      // screen; nor are the parts a home screen does not lead to at once (the
      // puzzles, the replays, the rules, J'achète's table) — its own part
      // aside (tablee_home); the table of the game chosen there
      // (Katzenjammer's) is fetched ahead of Play, once the page is idle.
      // (A first visit fetches a part in its pack: scripts/packs.mjs.)
      const worker = requests.filter((url) => /worker-loader|tablee-worker|(split|pack)_(?!Katzenjammer\.|tablee_home\.)/.test(url));
      assert.deepEqual(worker, [], 'the home screen does not load the bots\' worker or other parts');
      const table = /(split|pack)_Katzenjammer\.wasm(\.gz)?$/;
      const prefetched = () => requests.some((url) => table.test(url));
      if (!prefetched()) await page.waitForRequest(table, { timeout: 10_000 }).catch(() => null);
      assert.ok(prefetched(), "Katzenjammer's table is fetched ahead of Play");
      assert.ok((await page.locator('body').innerText()).includes('Tablée'), 'the app shows its name');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it(`a seed URL (${SEED_QUERY}) shows a deal, the same one on every load and after a reload`, async () => {
    const first = await readDeal(env, SEED_QUERY);
    assert.ok(first.deal.hand.length > 0, `no card in the hand; page text:\n${first.text}`);
    assert.ok(first.text.includes(SEED), `the seed ${SEED} is shown on the page`);
    assert.match(first.url, /[?&]seed=1K7Q-M3ZD(&|$)/, 'the URL keeps the seed');

    const second = await readDeal(env, SEED_QUERY);
    assert.deepEqual(second.deal, first.deal, 'a second browser context shows the same deal');
    const reloaded = await readDeal(env, SEED_QUERY, { reload: true });
    assert.deepEqual(reloaded.deal, first.deal, 'a reload shows the same deal');

    const other = await readDeal(env, '?seed=1ABC-DEFG&players=4');
    assert.notDeepEqual(other.deal, first.deal, 'another seed deals other cards');
  });

  const BAD_URLS = [
    ['a seed with a letter seeds never use', '?seed=UUUU-UUUU&players=4'],
    ['a seed of the wrong length', '?seed=1K7Q&players=4'],
    ['a number of players out of range', `?seed=${SEED}&players=99`],
    ['a number of players that is not a number', '?players=lots'],
    ['garbage', '?seed=%E2%98%83%25%00<script>&players=-1'],
  ];
  for (const [what, query] of BAD_URLS) {
    it(`a bad URL (${what}) gets a friendly message and a way to a fresh game, no panic`, async () => {
      await withPage(env.browser, {}, 'smoke-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url(query));
        const message = await firstVisible(page, PROBLEM);
        assert.ok(message, `no visible message; page text:\n${await page.locator('body').innerText()}`);
        assert.ok((await message.innerText()).trim().length > 20, 'the message says something');
        await page.waitForFunction((t) => document.title === t, APP_TITLE);

        const wayOut = message.locator('a[href], button').first();
        assert.ok(await wayOut.isVisible(), 'the message offers a way to start a fresh game');
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));

        await wayOut.click();
        await page.waitForLoadState('load');
        await settle(page);
        assert.equal(await firstVisible(page, PROBLEM), null, 'the fresh game has no problem to report');
        assert.ok((await page.locator('body').innerText()).trim().length > 0, 'the page is not blank');
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    const size = `${viewport.width}x${viewport.height}`;
    it(`screenshots at ${size} (${name}) for humans, test-output/*-${size}.png; nothing wider than the window`, async () => {
      await withPage(env.browser, { viewport }, 'smoke-failure', async ({ page, problems }) => {
        const shots = [
          ['deal', SEED_QUERY],
          ['bad-url', '?seed=UUUU-UUUU&players=4'],
        ];
        for (const [label, query] of shots) {
          await gotoApp(page, env.url(query));
          await settle(page);
          const file = await screenshot(page, `${label}-${size}`);
          console.log(`screenshot: ${file}`);
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${label}: the page is ${overflow}px wider than a ${viewport.width}px window`);
        }
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
