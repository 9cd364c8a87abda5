// Playing through the UI in headless Chromium, on a seed URL: a legal bid made
// by selecting hand cards is accepted and logged; an illegal selection is
// explained and refused; a reload mid-game resumes the same game; a finished
// save shows its negative score with a true minus sign; the rules page shows
// either game's rules (J'achète's on a 360 px phone in dark mode); the language switch
// changes the texts and is remembered after a reload. Also: after a joker
// row our drawn card is marked and named to us (KB-5), our turn starting on
// our first card; a hint lists the expert's moves, and a hint asked then
// Pass before it arrives neither panics nor shows a stale hint (issue 34);
// the end screen says each thing once. No console error, uncaught
// exception or failed request in any of these.

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  gotoApp,
  moveAndWait,
  nextState,
  playToEnd,
  screenshot,
  settle,
  startEnv,
  withPage,
  fixturePath,
} from './lib.mjs';

const SEED_QUERY = '?seed=1K7Q-M3ZD&players=4';
/** Where older builds kept the game in progress (moved into the list of games at start-up). */
const SAVE_KEY = 'tablee.katzenjammer.current';
/** A finished game saved by an older build (its game's fixtures/README.md). */
const FINISHED_SAVE = 'katzenjammer-save-finished.json';
/** At most this many of our turns to find a legal bid before giving up. */
const MAX_TURNS = 40;

/** The hand as [{ index, card }], card being its data-card symbol. */
async function readHand(page) {
  return page
    .locator('[data-testid^="hand-card-"]')
    .evaluateAll((buttons) =>
      buttons.map((b) => ({ index: Number(b.dataset.testid.slice('hand-card-'.length)), card: b.dataset.card })),
    );
}

async function readLog(page) {
  return page.locator(`${byTestId('log')} li`).evaluateAll((lines) => lines.map((l) => l.textContent.trim()));
}

async function clearSelection(page) {
  await page.locator(byTestId('clear-selection')).click();
  await page.waitForFunction(() => !document.querySelector('[data-testid^="hand-card-"][aria-pressed="true"]'));
}

/** Selects these hand indices (after clearing), waiting for each toggle. */
async function select(page, indices) {
  await clearSelection(page);
  for (const i of indices) {
    const button = page.locator(byTestId(`hand-card-${i}`));
    await button.click();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-pressed') === 'true',
      `hand-card-${i}`,
    );
  }
}

/** Candidate selections: each value's cards (biggest group first), then one card per value. */
function candidates(hand) {
  const byValue = new Map();
  for (const { index, card } of hand) {
    if (!/^[1-5]$/.test(card)) continue; // jokers would need a value choice
    if (!byValue.has(card)) byValue.set(card, []);
    byValue.get(card).push(index);
  }
  const groups = [...byValue.values()].sort((a, b) => b.length - a.length);
  const different = [...byValue.values()].map((g) => g[0]);
  return [...groups, different].filter((s) => s.length > 0);
}

/** A selection that is neither "same" nor "different": a pair plus another value. */
function mixedSelection(hand) {
  const values = candidates(hand).slice(0, -1);
  const pair = values.find((g) => g.length >= 2);
  const other = values.find((g) => g !== pair);
  return pair && other ? [pair[0], pair[1], other[0]] : null;
}

async function verdict(page) {
  return page.locator(byTestId('bid-preview')).evaluate((p) => ({
    text: p.textContent.trim(),
    ok: !!p.querySelector('.verdict.ok'),
    bad: !!p.querySelector('.verdict.bad'),
  }));
}

async function passButtonText(page) {
  return (await page.locator(byTestId('pass-button')).innerText()).trim();
}

/**
 * The bubbles at the seats tell this auction's moves where the players sit:
 * while the auction goes on (no presentation or discarded row in the lines
 * since our bid), our bubble has our bid (held or outbid), and each bot that
 * bid or passed since has its latest move in its bubble.
 */
async function checkBubbles(page, added, bidText) {
  const bubbles = await page.evaluate(() =>
    [...document.querySelectorAll('[data-testid^="player-"]')].map((li) => ({
      name: li.querySelector('.who strong')?.textContent.trim(),
      bubble: li.querySelector('.bubble')?.textContent.trim() ?? null,
    })),
  );
  console.log(`bubbles after our bid: ${JSON.stringify(bubbles)}`);
  if (added.some((line) => /present|Nobody bids|wins the auction/.test(line))) return;
  assert.match(bubbles[0].bubble ?? '', new RegExp(bidText), 'our bubble shows our bid');
  const latest = new Map();
  for (const line of added) {
    const m = /^(\S+) (?:bids (.+)\.|(passes)\.)$/.exec(line);
    if (m) latest.set(m[1], m[2] ?? 'pass');
  }
  for (const [name, move] of latest) {
    const seat = bubbles.find((b) => b.name === name);
    assert.ok(seat?.bubble?.includes(move), `${name}'s bubble shows "${move}": ${JSON.stringify(seat)}`);
  }
}

describe('playing on a seed URL', { timeout: 300_000 }, () => {
  let env;
  before(async () => {
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it('a legal bid is accepted, an illegal one explained and refused, a reload resumes the game', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'play-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(SEED_QUERY));
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible' });
      await page.locator(byTestId('speed-instant')).click();

      // The illegal selection first, on our first turn: a pair plus another
      // value is neither a "same" nor a "different" bid.
      let illegalSeen = false;
      let bidMade = null;
      for (let turn = 0; turn < MAX_TURNS && !bidMade; turn += 1) {
        const state = await nextState(page);
        if (state === 'end') break;
        if (state === 'present') {
          await moveAndWait(page, 'present-nothing');
          continue;
        }
        assert.equal(state, 'pass');
        const hand = await readHand(page);

        const mixed = mixedSelection(hand);
        if (!illegalSeen && mixed) {
          await select(page, mixed);
          const preview = await verdict(page);
          assert.ok(preview.bad && preview.text.length > 0, `the preview explains the mixed bid: ${JSON.stringify(preview)}`);
          // Said before the click, and the button cannot make the refused bid.
          console.log(`illegal ${mixed.map((i) => hand[i].card).join(' ')}: "${preview.text}"`);
          assert.equal(await page.locator(byTestId('bid-button')).isEnabled(), false, 'Bid is off for a selection that is no bid');
          assert.equal(await page.locator(byTestId('pass-button')).isEnabled(), true, 'still our turn');
          assert.doesNotMatch(preview.text, /Select cards|Sélectionnez/, 'no placeholder beside the problem');
          illegalSeen = true;
        }

        for (const selection of candidates(hand)) {
          await select(page, selection);
          if ((await verdict(page)).ok) {
            bidMade = (await page.locator(byTestId('bid-button')).innerText()).trim();
            break;
          }
        }
        if (!bidMade) {
          await clearSelection(page);
          await moveAndWait(page, 'pass-button');
          continue;
        }
        const logBefore = (await readLog(page)).length;
        await moveAndWait(page, 'bid-button');
        const added = (await readLog(page)).slice(logBefore);
        console.log(`legal bid on turn ${turn + 1}: "${bidMade}"; log: ${JSON.stringify(added)}`);
        // The button says "Bid two 2s", the log "You bid two 2s.".
        const bidText = bidMade.replace(/^\S+\s+/, '');
        assert.ok(
          added.some((line) => line.includes(bidText)),
          `the log shows our bid "${bidMade}": ${JSON.stringify(added)}`,
        );
        assert.equal(
          await page.evaluate(() => document.querySelector('[data-testid="bid-error"]')?.textContent.trim() ?? ''),
          '',
          'no refusal',
        );
        await checkBubbles(page, added, bidText);
      }
      assert.ok(illegalSeen, 'an illegal selection was tried');
      assert.ok(bidMade, `a legal bid was found within ${MAX_TURNS} turns`);
      await settle(page);
      console.log(`screenshot: ${await screenshot(page, 'play-after-bid-1280x800')}`);

      // Reload mid-game: same deal, same hand, same log.
      const state = await nextState(page);
      assert.notEqual(state, 'end', 'the game is still going');
      await settle(page);
      const saved = {
        deal: (await page.locator(byTestId('deal-id')).innerText()).trim(),
        hand: (await readHand(page)).map((c) => c.card),
        log: (await readLog(page)).length,
      };
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible' });
      assert.equal(await nextState(page), state, 'the same kind of turn after the reload');
      await settle(page);
      const resumed = {
        deal: (await page.locator(byTestId('deal-id')).innerText()).trim(),
        hand: (await readHand(page)).map((c) => c.card),
        log: (await readLog(page)).length,
      };
      console.log(`before reload ${JSON.stringify(saved)}; after ${JSON.stringify(resumed)}`);
      assert.deepEqual(resumed, saved, 'the reload resumes the same game');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('KB-5: after a joker row our drawn card is marked and named to us; our turn starts on our first card, Bid off until a bid is selected', async () => {
    // 191P-B6WK at 4: the first row ends on a joker, everyone draws, seat 1 (a bot) bids first.
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'play-drawn', async ({ page, problems }) => {
      await gotoApp(page, env.url('?seed=191P-B6WK&players=4'));
      assert.equal(await nextState(page), 'pass');
      const drawn = page.locator('.card-btn.drawn');
      assert.equal(await drawn.count(), 1, 'one card is marked as drawn');
      const card = await drawn.getAttribute('data-card');
      const note = (await page.locator(byTestId('drawn-note')).innerText()).trim();
      assert.match(note, new RegExp(`^You drew a ${card === 'J' ? 'joker' : card} `), note);
      const log = await readLog(page);
      assert.ok(log.some((line) => line.includes('everyone draws')), JSON.stringify(log));
      assert.ok(!log.some((line) => line.includes('You drew')), 'the log keeps the drawn card face down');
      // Keyboard players start on their cards: a stray Space cannot pass.
      await page.waitForFunction(() => document.activeElement?.dataset.testid === 'hand-card-0');
      assert.equal(await page.locator(byTestId('bid-button')).isEnabled(), false, 'nothing selected: Bid is off');
      await page.keyboard.press('Space');
      const pressed = () =>
        page.locator('[data-testid^="hand-card-"][aria-pressed="true"]').evaluateAll((b) => b.map((x) => x.dataset.testid));
      await page.waitForFunction(() => document.querySelector('[data-testid="hand-card-0"]')?.getAttribute('aria-pressed') === 'true');
      // Shortcuts: Esc clears, a value's key picks the next card of that value, ? lists the keys.
      await page.keyboard.press('Escape');
      await page.waitForFunction(() => !document.querySelector('[data-testid^="hand-card-"][aria-pressed="true"]'));
      const hand = await readHand(page);
      const value = hand[hand.length - 1].card;
      const ofValue = hand.filter((c) => c.card === value).map((c) => `hand-card-${c.index}`);
      await page.keyboard.press(value === 'J' ? 'j' : value);
      await page.waitForFunction((id) => document.querySelector(`[data-testid="${id}"]`)?.getAttribute('aria-pressed') === 'true', ofValue[0]);
      assert.deepEqual(await pressed(), [ofValue[0]], `key ${value} picks the first ${value}`);
      await page.keyboard.press('?');
      await page.locator(byTestId('keys-help')).waitFor({ state: 'visible' });
      // Screen readers hear the latest public event (a bot's bid here).
      assert.equal((await page.locator(byTestId('last-move-live')).innerText()).trim(), log[log.length - 1]);
      assert.equal(await page.locator('h1').count(), 1, 'the table has one top-level heading');
      console.log(`screenshot: ${await screenshot(page, 'play-drawn-360x740')}`);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it("a hint lists the expert's moves with a strength each, and every bid among them can be put in the hand", async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'play-hint', async ({ page, problems }) => {
      await gotoApp(page, env.url('?seed=191P-B6WK&players=4'));
      assert.equal(await nextState(page), 'pass');
      await page.locator(byTestId('hint-button')).click();
      const items = page.locator(`${byTestId('hint-panel')} li`);
      await items.first().waitFor({ state: 'visible', timeout: 60_000 });
      const rows = await items.evaluateAll((lis) =>
        lis.map((li) => ({ text: li.textContent, apply: !!li.querySelector('[data-testid="hint-apply"]') })),
      );
      console.log(`hint: ${JSON.stringify(rows)}`);
      assert.ok(rows.length >= 2, 'several moves compared');
      for (const row of rows) {
        assert.match(row.text, /strength \d+%/);
        assert.equal(row.apply, !/^Pass/.test(row.text), `a bid has its apply button, a pass none: ${row.text}`);
      }
      // The last bid's button selects its cards: the Bid button then names that bid.
      const applies = page.locator(byTestId('hint-apply'));
      const count = await applies.count();
      assert.ok(count >= 1, 'the hint names at least one bid (the deal is seeded, the hint too)');
      const text = rows.filter((r) => r.apply)[count - 1].text;
      await applies.nth(count - 1).click();
      const label = await page.locator(byTestId('bid-button')).innerText();
      assert.ok(text.toLowerCase().includes(label.replace(/^Bid /, '').toLowerCase()), `"${label}" is the hinted "${text}"`);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('issue 34: a hint asked, then Pass before it arrives: no panic, no stale hint, the table plays on', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'play-failure', async ({ context, page, problems }) => {
      await context.addInitScript(() => localStorage.setItem('tablee.speed', 'fast'));
      await gotoApp(page, env.url('?seed=1K7Q-M3ZD&players=5'));
      for (let round = 0; round < 3; round += 1) {
        const pass = page.locator(byTestId('pass-button'));
        await page.waitForFunction(() => {
          const b = document.querySelector('[data-testid="pass-button"]');
          return b && !b.disabled && document.querySelector('[data-testid="hint-button"]');
        }, null, { timeout: 60_000 });
        await page.locator(byTestId('hint-button')).click();
        await pass.click();
        // The hint's reply comes back for a position no longer on the table.
        await page.waitForTimeout(4000);
        assert.deepEqual(problems, [], describeProblems(problems));
        assert.equal(await page.locator(`${byTestId('hint-panel')} li`).count(), 0, 'no stale hint shown');
      }
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('the end screen says "Game over" and its cause once', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'play-end-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(SEED_QUERY));
      await page.locator(byTestId('table-screen')).waitFor({ state: 'visible' });
      await page.locator(byTestId('speed-instant')).click();
      await playToEnd(page);
      await page.locator(byTestId('end-screen')).waitFor({ state: 'visible' });
      await settle(page);
      const cause = (await page.locator(byTestId('end-cause')).innerText()).trim();
      // The log keeps its own last line; outside the log, each is said once.
      // How many visible elements outside the log show exactly this text.
      const shown = (text) =>
        page.evaluate(
          (wanted) =>
            [...document.body.querySelectorAll('*')].filter(
              (el) =>
                !el.closest('[data-testid="log"]') &&
                el.checkVisibility() &&
                [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim() === wanted),
            ).length,
          text,
        );
      assert.equal(await shown('Game over'), 1, '"Game over" once');
      assert.equal(await shown(cause), 1, `the cause once: ${cause}`);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('negative numbers are shown with one true minus sign (a finished save whose first player ends on −1 mouse)', async () => {
    const options = { viewport: VIEWPORTS.desktop, locale: 'en-US' };
    await withPage(env.browser, options, 'play-minus-failure', async ({ page, problems }) => {
      // The save of a finished game, as an older build wrote it (final mice
      // −1, 0, 5, 6), put where the app keeps the current game, then a reload.
      const save = await readFile(fixturePath(FINISHED_SAVE), 'utf8');
      assert.deepEqual(JSON.parse(save).seats, ['human', 'normal', 'hard', 'easy'], 'the fixture as described');
      await gotoApp(page, env.url());
      await page.evaluate(([key, text]) => localStorage.setItem(key, text), [SAVE_KEY, save]);
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('end-screen')).waitFor({ state: 'visible' });
      await settle(page);

      // The first player's final mice, as shown: U+2212 then 1.
      const mine = (await page.locator(`${byTestId('end-row-0')} strong`).innerText()).trim();
      assert.equal(mine, '\u22121', `the first player's final mice: ${JSON.stringify(mine)}`);
      const texts = {
        'end screen': await page.locator(byTestId('end-screen')).innerText(),
        players: await page.locator('section.kb-table > ul').innerText(),
      };
      for (const [where, text] of Object.entries(texts)) {
        assert.match(text, /\u2212\d/, `${where}: a negative number with "−" is on screen: ${JSON.stringify(text)}`);
        // A hyphen-minus starting a number (not inside a word such as "KB-18").
        assert.doesNotMatch(text, /(^|[^\p{L}\p{N}])-\d/mu, `${where}: a hyphen-minus before a digit: ${JSON.stringify(text)}`);
      }
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('the rules page shows the rules (fetched when opened) in the chosen language, and leads back', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop, locale: 'en-US' }, 'play-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url());
      await page.locator(byTestId('nav-rules')).click();
      const text = page.locator(`${byTestId('rules-screen')} ${byTestId('rules-text')}`);
      await text.locator('h2').first().waitFor({ state: 'visible' });
      assert.equal(await text.locator('section').count(), 10, 'ten sections');
      assert.equal(await text.locator('h2').first().innerText(), 'The aim');
      await page.locator(byTestId('lang-fr')).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="rules-text"] h2')?.textContent.trim() === 'Le but',
      );
      assert.equal(await page.locator(byTestId('rules-screen')).getAttribute('lang'), 'fr');
      await page.locator(byTestId('lang-en')).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="rules-text"] h2')?.textContent.trim() === 'The aim',
      );
      await page.locator(byTestId('rules-back')).click();
      await page.locator(byTestId('play-button')).waitFor({ state: 'visible' });
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it("the rules page switches to J'achète's rules, in French and English, pictures fitting a phone", async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-CA', colorScheme: 'dark' }, 'play-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url());
      await page.locator(byTestId('nav-rules')).click();
      const screen = page.locator(byTestId('rules-screen'));
      // No game in progress: Katzenjammer's rules first.
      await page.waitForFunction(
        () => document.querySelector('[data-testid="rules-text"] h2')?.textContent.trim() === 'Le but',
      );
      assert.equal(await screen.getAttribute('data-game'), 'katzenjammer');
      await page.locator(byTestId('rules-game-jachete')).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="rules-text"]')?.textContent.includes('flounes'));
      assert.equal(await screen.getAttribute('data-game'), 'jachete');
      assert.equal(await page.locator(byTestId('rules-game-jachete')).getAttribute('aria-pressed'), 'true');
      assert.equal(await screen.locator('h1').innerText(), "Comment jouer à J'achète");
      const text = screen.locator(byTestId('rules-text'));
      assert.match(await text.innerText(), /Les sept contrats/);
      assert.equal(await text.locator('figure').count(), 3, 'an opening, a swap, a run with a wild');
      assert.doesNotMatch(await text.innerText(), /JA-\d/, 'no rule id');
      // The pictures fit 360 px: nothing wider than the page.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow} px`);
      await screenshot(page, 'rules-jachete-fr-phone-dark');
      await page.locator(byTestId('lang-en')).click();
      await page.waitForFunction(() => document.querySelector('[data-testid="rules-text"]')?.textContent.includes('The seven contracts'));
      assert.equal(await screen.locator('h1').innerText(), "How to play J'achète");
      assert.match(await text.innerText(), /le 60 cennes/);
      // And back to Katzenjammer's, already fetched once.
      await page.locator(byTestId('rules-game-katzenjammer')).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="rules-text"] h2')?.textContent.trim() === 'The aim',
      );
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('the language switch changes the texts and is remembered after a reload', async () => {
    const options = { viewport: VIEWPORTS.desktop, locale: 'en-US' };
    await withPage(env.browser, options, 'lang-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url(SEED_QUERY));
      await page.locator(byTestId('pass-button')).waitFor({ state: 'visible' });
      assert.equal(await passButtonText(page), 'Pass', 'English from the browser language');

      await page.locator(byTestId('lang-fr')).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="pass-button"]')?.textContent.trim() === 'Passer',
      );
      await settle(page);
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('pass-button')).waitFor({ state: 'visible' });
      assert.equal(await passButtonText(page), 'Passer', 'French is remembered after the reload');

      await page.locator(byTestId('lang-en')).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="pass-button"]')?.textContent.trim() === 'Pass',
      );
      await settle(page);
      await page.reload({ waitUntil: 'load' });
      await page.locator(byTestId('pass-button')).waitFor({ state: 'visible' });
      assert.equal(await passButtonText(page), 'Pass', 'English is remembered after the reload');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
