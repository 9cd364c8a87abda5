// Helpers for the browser tests: Debian's Chromium driven by playwright-core,
// the built site (dist/) served under /tablee/ as on GitHub Pages, and a watch
// on everything a page does wrong (console errors, uncaught exceptions, panics,
// failed or refused requests).
//
// Facts behind the choices: ../../../shared/spec/toolchain.md. Never run
// `npx playwright install`: the browser is the system's /usr/bin/chromium,
// installed by scripts/setup.sh.

import { mkdir, stat } from 'node:fs/promises';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

import { startServer } from './serve.mjs';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The build under test: dist/, or TABLEE_DIST (a build elsewhere, e.g. `trunk build --dist DIR`). */
export const DIST_DIR = process.env.TABLEE_DIST ? path.resolve(process.env.TABLEE_DIST) : path.join(REPO_ROOT, 'dist');
/** Screenshots for humans (gitignored). */
export const OUTPUT_DIR = path.join(REPO_ROOT, 'test-output');
/** The sub-path the site is served under, like GitHub Pages' /<repo>/. */
/**
 * Where the test fixture `name` is: in the folder of the game it belongs to,
 * `src/games/<game>/fixtures/` (issue 54: a game's test fixtures are in its
 * folder). Found, not listed: a name no game holds is an error.
 */
export function fixturePath(name) {
  const games = path.join(REPO_ROOT, 'src/games');
  for (const game of readdirSync(games)) {
    const file = path.join(games, game, 'fixtures', name);
    if (existsSync(file)) return file;
  }
  throw new Error(`no game's fixtures folder (src/games/<game>/fixtures/) holds ${name}`);
}

export const BASE = '/tablee/';
export const CHROMIUM = process.env.TABLEE_CHROMIUM || '/usr/bin/chromium';
/** index.html's title, before the app runs. */
export const TITLE = 'Tablée — Katzenjammer Blues';
/** The app's title on a screen with no game on it; a game's is "J'achète — Tablée". */
export const APP_TITLE = 'Tablée';

/** Flags known to work on this project's machines (headless, no GPU, as root). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const VIEWPORTS = {
  phone: { width: 360, height: 740 },
  desktop: { width: 1280, height: 800 },
};

/** Lighthouse's mobile device (a Moto G Power), for the measuring scripts (scripts/perf.mjs, scripts/profile.mjs). */
export const LIGHTHOUSE_PHONE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };

/** The median of `values` (the mean of the middle two for an even count). */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** mulberry32: a small seeded generator, the same on every machine (the random tests' seeds). */
export function generator(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * Seeds `crypto.getRandomValues` in the context's pages before their code
 * runs (the generator above, byte by byte): a page's fresh deal, a coached
 * game's and a friend's secret are then the same every run.
 */
export const seedRandomness = (context, seed) =>
  context.addInitScript((s) => {
    let a = s >>> 0;
    const next = () => {
      a = (a + 0x6d2b79f5) >>> 0;
      let t = a;
      t = Math.imul(t ^ (t >>> 15), t | 1);
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
      return (t ^ (t >>> 14)) >>> 0;
    };
    Crypto.prototype.getRandomValues = function getRandomValues(array) {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = next() & 255;
      return array;
    };
  }, seed);

/** A deal's number from the generator: format version 1, then seven Crockford base-32 digits. */
export const dealNumber = (rand) => {
  const digits = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  const text = `1${Array.from({ length: 7 }, () => digits[Math.floor(rand() * 32)]).join('')}`;
  return `${text.slice(0, 4)}-${text.slice(4)}`;
};

/** A measuring script's option: the word after `name` on its command line, else `fallback`. */
export const scriptArg = (name, fallback) => {
  const at = process.argv.indexOf(name);
  return at >= 0 && process.argv[at + 1] ? process.argv[at + 1] : fallback;
};

/**
 * Launches headless Chromium. Playwright gives every launch a fresh temporary
 * --user-data-dir (and removes it on close), and `headless: true` adds --headless.
 */
export async function launchBrowser() {
  const binary = await stat(CHROMIUM).catch(() => null);
  if (!binary?.isFile()) {
    throw new Error(`${CHROMIUM} is missing: run scripts/setup.sh (it installs Debian's chromium)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 60_000,
  });
}

/** Serves dist/ under /tablee/ on a free port: { url, origin, close() }. */
export async function startSite() {
  const index = await stat(path.join(DIST_DIR, 'index.html')).catch(() => null);
  if (!index?.isFile()) {
    throw new Error(`${DIST_DIR}/index.html is missing: build the site first (make build)`);
  }
  return startServer({ dir: DIST_DIR, base: BASE });
}

/**
 * Starts the browser and the site for one test file; call in before(), and
 * `await env.close()` in after().
 */
export async function startEnv() {
  const site = await startSite();
  let browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await site.close();
    throw error;
  }
  return {
    site,
    browser,
    /** The site's URL for a query string such as "?seed=1K7Q-M3ZD&players=4". */
    url: (query = '') => `${site.url}${query}`,
    close: async () => {
      await browser.close().catch(() => {});
      await site.close();
    },
  };
}

/**
 * A fresh context and page with a watch on problems. `problems` lists, in
 * order, every console error, uncaught exception, failed request and HTTP
 * error status the page met, as readable one-line strings.
 */
export async function openPage(browser, { viewport = VIEWPORTS.desktop, locale = 'en-US', ...options } = {}) {
  const context = await browser.newContext({ viewport, locale, ...options });
  const page = await context.newPage();
  const problems = watchProblems(page);
  return { context, page, problems };
}

/**
 * Writes `storage` ({ key: text }) into the context's localStorage before
 * the first load only, as a returning player's holds it: a reload finds
 * what the app saved.
 */
export const seedStorage = (context, storage) =>
  context.addInitScript((entries) => {
    if (!sessionStorage.getItem('seeded')) {
      for (const [key, text] of entries) localStorage.setItem(key, text);
      sessionStorage.setItem('seeded', '1');
    }
  }, Object.entries(storage));

/**
 * Opens the site at `query` on a fresh page (`openPage` with `options`) whose
 * localStorage holds `storage` (`seedStorage`).
 */
export async function openWithStorage(env, storage, { query = '', ...options } = {}) {
  const opened = await openPage(env.browser, options);
  await seedStorage(opened.context, storage);
  await gotoApp(opened.page, env.url(query));
  return opened;
}

/**
 * Runs `body({ context, page, problems })` on a fresh page (`openPage` with
 * `options`) and closes it whatever happens. If `body` throws, the page is
 * saved first as test-output/FAILURE.png and the path printed.
 */
export async function withPage(browser, options, failure, body) {
  const { context, page, problems } = await openPage(browser, options);
  try {
    return await body({ context, page, problems });
  } catch (error) {
    const file = await screenshot(page, failure).catch(() => null);
    if (file) console.log(`screenshot at the failure: ${file}`);
    throw error;
  } finally {
    await context.close();
  }
}

/**
 * `withPage` on the site at `query` whose localStorage holds `storage`
 * (`openWithStorage`'s page, closed whatever happens; its load is the
 * body's first step, so a page that fails to load is saved as FAILURE too).
 */
export const withStorage = (env, storage, { query = '', ...options }, failure, body) =>
  withPage(env.browser, options, failure, async (opened) => {
    await seedStorage(opened.context, storage);
    await gotoApp(opened.page, env.url(query));
    return body(opened);
  });

/** Starts collecting what a page does wrong; returns the (live) list. */
export function watchProblems(page) {
  const problems = [];
  // A request still running when the page navigates away is aborted by the
  // browser (net::ERR_ABORTED): that is the test leaving, not the app failing.
  // Each request remembers how many main-frame navigations had started before it,
  // and whether one was under way (started, its document not yet in place): the
  // old document may still start a request then (a worker, say), which the new
  // one's arrival aborts (seen under load, play.test's reload of a save).
  let navigations = 0;
  let committed = 0;
  const startedAfter = new WeakMap();
  page.on('framenavigated', (frame) => {
    if (frame !== page.mainFrame()) return;
    // Back out of the page to about:blank fetches nothing (no request to
    // count): the page's requests still loading are left behind all the same.
    if (!frame.url().startsWith('http')) navigations += 1;
    committed = navigations;
  });
  page.on('request', (request) => {
    startedAfter.set(request, { navigations, pending: navigations > committed });
    let mainFrame = false;
    try {
      mainFrame = request.isNavigationRequest() && request.frame() === page.mainFrame();
    } catch {
      // Worker requests have no frame.
    }
    if (mainFrame) navigations += 1;
  });
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' || message.type() === 'assert' || /panicked at/.test(text)) {
      const where = message.location()?.url ? ` (${message.location().url})` : '';
      problems.push(`console.${message.type()}: ${text}${where}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`uncaught exception: ${error.message}`));
  page.on('crash', () => problems.push('the page crashed'));
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText ?? 'unknown error';
    const started = startedAfter.get(request) ?? { navigations, pending: false };
    const leftBehind = error === 'net::ERR_ABORTED' && (navigations > started.navigations || started.pending);
    if (!leftBehind) problems.push(`request failed: ${request.method()} ${request.url()}: ${error}`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) {
      problems.push(`HTTP ${response.status()}: ${response.request().method()} ${response.url()}`);
    }
  });
  return problems;
}

/** A readable message for assert: the problems, one a line. */
export function describeProblems(problems) {
  return problems.length === 0 ? 'no problems' : `the page had problems:\n  ${problems.join('\n  ')}`;
}

/**
 * Waits until the app has mounted: Leptos renders into <body>, so the body
 * has an element besides <noscript>/<script> and the page's loading line
 * (#boot, removed on mount: counting it let tests look before the app ran),
 * and it shows some text.
 */
export async function waitForApp(page, { timeout = 20_000 } = {}) {
  await page.waitForFunction(
    () => {
      const mounted = !document.getElementById('boot') && [...document.body.children].some(
        (child) => !['NOSCRIPT', 'SCRIPT', 'LINK', 'STYLE'].includes(child.tagName),
      );
      return mounted && document.body.innerText.trim().length > 0;
    },
    null,
    { timeout },
  );
}

/** Navigates to `url` and waits for the app; returns the main response. */
export async function gotoApp(page, url, options) {
  const response = await page.goto(url, { waitUntil: 'load' });
  await waitForApp(page, options);
  return response;
}

/**
 * The first of `selectors` (CSS, tried in order) that matches something
 * visible on the page now, or null. Lets a test prefer the UI's stable
 * data-testid and fall back to the markup of the app as it was.
 */
export async function firstVisible(page, selectors) {
  for (const selector of selectors) {
    const locator = page.locator(selector).first();
    if ((await locator.count()) > 0 && (await locator.isVisible())) return locator;
  }
  return null;
}

/** Saves a full-page screenshot as test-output/NAME.png; returns its path. */
export async function screenshot(page, name) {
  await mkdir(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Lets the page finish what it started (network quiet, a frame painted), so
 * late console errors are caught before a test looks at the problems.
 */
export async function settle(page, { timeout = 5_000 } = {}) {
  await page.waitForLoadState('networkidle', { timeout }).catch(() => {});
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
}

/** Elements sticking out of the window or out of their panel, as readable lines. */
export const overflowing = (page) =>
  page.evaluate(() => {
    const out = [];
    const describe = (el) => `${el.tagName.toLowerCase()}${el.dataset.testid ? `[${el.dataset.testid}]` : ''}.${el.className} "${el.textContent.trim().slice(0, 30)}"`;
    if (document.documentElement.scrollWidth > window.innerWidth) {
      out.push(`the page is ${document.documentElement.scrollWidth - window.innerWidth} px wider than the window`);
    }
    for (const el of document.querySelectorAll('body *')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || el.closest('.sr-only, .skip')) continue;
      if (r.right > window.innerWidth + 0.5) out.push(`${describe(el)} ends at ${Math.round(r.right)} px`);
      const panel = el.parentElement?.closest('.panel');
      // Inside a panel, nothing goes past its edge (a scrolling box may).
      if (panel && !el.closest('.table-wrap, .log-lines') && r.right > panel.getBoundingClientRect().right + 0.5) {
        out.push(`${describe(el)} spills ${Math.round(r.right - panel.getBoundingClientRect().right)} px out of its panel`);
      }
    }
    return out;
  });

// ----- playing a game -------------------------------------------------------

/** CSS for the element with this data-testid. */
/**
 * The wasm modules the page has loaded so far, by file name: those fetched by
 * their own file, and those a first visit took from a pack
 * (scripts/packs.mjs; the pack's own name is listed too). A gzipped file
 * (`X.wasm.gz`: the core's wasm, a pack) is named as what it holds (`X.wasm`).
 */
export const wasmModules = (page) =>
  page.evaluate(() => [
    ...performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname.split('/').pop().replace(/\.wasm\.gz$/, '.wasm'))
      .filter((f) => f.endsWith('.wasm')),
    ...(self.tableeFetch?.s ?? []),
  ]);

export const byTestId = (id) => `[data-testid="${id}"]`;

/**
 * The test id of the element with the keyboard focus, once it is `expected`
 * or after two seconds. The app moves the focus on the next animation frame
 * (after the view it lands in is drawn), so reading it at once raced that
 * frame: CI once read the button just pressed instead of the safe answer.
 */
export async function focusedTestId(page, expected, { timeout = 2_000 } = {}) {
  await page
    .waitForFunction((id) => document.activeElement?.dataset.testid === id, expected, { timeout })
    .catch(() => {});
  return page.evaluate(() => document.activeElement?.dataset.testid);
}

/**
 * Scrolls a test id's element into view in one step inside the page, once
 * the page has settled. Playwright's `scrollIntoViewIfNeeded` finds the
 * element and then scrolls it: a screen redrawn in between (after a change of
 * language or window size) fails it with "Element is not attached to the
 * DOM", as `match.test.mjs` did once in CI.
 */
export async function scrollToTestId(page, id) {
  await page.locator(byTestId(id)).waitFor();
  await settle(page);
  const found = await page.evaluate((selector) => {
    const el = document.querySelector(selector);
    el?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
    return Boolean(el);
  }, byTestId(id));
  if (!found) throw new Error(`${id} is gone after the page settled`);
}

/** At most this many of our own moves in one game: far more than a game takes. */
export const MAX_MOVES = 400;

/**
 * Waits until the game wants something from the person at the keyboard, and
 * says what: "end" (the end screen is up), "pass" (our turn to bid: Pass is
 * enabled), "present" (we won an auction), or "handoff" (a hot-seat hand-off).
 */
export async function nextState(page, { timeout = 60_000, ends = ['end-screen'] } = {}) {
  const handle = await page.waitForFunction(
    (ends) => {
      const find = (id) => document.querySelector(`[data-testid="${id}"]`);
      if (ends.some(find)) return 'end';
      const pass = find('pass-button');
      if (pass && !pass.disabled) return 'pass';
      if (find('present-nothing')) return 'present';
      if (find('handoff-ready')) return 'handoff';
      return false;
    },
    ends,
    { timeout, polling: 50 },
  );
  return handle.jsonValue();
}

/**
 * Clicks the control `testid` for our move and waits until the game log shows
 * a new line. Not "until Pass is disabled": at the instant speed the bots
 * answer and our next turn can come before a test sees the button disabled.
 * The bots wait for us, so nothing but our move can add to the log meanwhile.
 */
export async function moveAndWait(page, testid, { timeout = 10_000 } = {}) {
  const before = await page.evaluate(() => {
    const lines = document.querySelectorAll('[data-testid="log"] li');
    return `${lines.length}|${lines[lines.length - 1]?.textContent ?? ''}`;
  });
  await page.locator(byTestId(testid)).click();
  await page.waitForFunction(
    (previous) => {
      const lines = document.querySelectorAll('[data-testid="log"] li');
      return `${lines.length}|${lines[lines.length - 1]?.textContent ?? ''}` !== previous;
    },
    before,
    { timeout },
  );
}

/**
 * Plays the game on screen to its end as the only person at the table: pass
 * at every bid, present nothing after a won auction. Returns our moves.
 * (Set the bots' speed first.) `onTurn(state)` runs before each of our moves;
 * `timeout` is how long the bots may take between two of our turns.
 */
export async function playToEnd(page, { onTurn, timeout } = {}) {
  const moves = { pass: 0, present: 0 };
  for (;;) {
    const state = await nextState(page, { timeout });
    if (state === 'end') return moves;
    if (moves.pass + moves.present >= MAX_MOVES) {
      throw new Error(`still no end after ${MAX_MOVES} moves of ours`);
    }
    await onTurn?.(state);
    if (state === 'pass') {
      await moveAndWait(page, 'pass-button');
      moves.pass += 1;
    } else if (state === 'present') {
      await moveAndWait(page, 'present-nothing');
      moves.present += 1;
    } else {
      throw new Error(`unexpected state "${state}" at a one-person table`);
    }
    // Read without waiting: the bid builder leaves when the game ends.
    const refusal = await page.evaluate(
      () => document.querySelector('[data-testid="bid-error"]')?.textContent.trim() ?? '',
    );
    if (refusal) throw new Error(`our ${state} was refused: ${refusal}`);
  }
}
