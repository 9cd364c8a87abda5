// The shell's part of issue 34, as a newcomer meets it, at 360×740 and
// 1280×800, in English and French:
// - a bad J'achète link's "start a new game" deals J'achète (it dealt
//   Katzenjammer), and the page's title names the game on screen;
// - "Your games" gives a Katzenjammer game the place its end screen gives
//   (KB-19: tied mice parted by fewer jokers);
// - take-back says first that the game becomes practice, and asks once;
// - an unfinished game is removed from the home screen's list only after a
//   question, and stays removed after a reload;
// - the home screen says each game in one line (what, how many, how long),
//   remembers the game chosen, and offers J'achète's first game against
//   easy bots with the levels still there to choose.
// Screenshots in test-output/newcomer-*.
//
//   node --test tests/e2e/newcomer.test.mjs     (after `make build`)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';

import {
  VIEWPORTS,
  byTestId,
  describeProblems,
  focusedTestId,
  gotoApp,
  moveAndWait,
  nextState,
  screenshot,
  settle,
  startEnv,
  withPage,
  withStorage,
  fixturePath,
} from './lib.mjs';

const DEAL = '?seed=1K7Q-M3ZD&players=4';
const SIZES = Object.entries(VIEWPORTS).map(([name, viewport]) => ({ name, viewport, size: `${viewport.width}x${viewport.height}` }));
const LANGS = [
  { lang: 'en', locale: 'en-US' },
  { lang: 'fr', locale: 'fr-FR' },
];
/** Each size once in each language: phone in French, desktop in English, and the other way round. */
const CASES = SIZES.flatMap((s) => LANGS.map((l) => ({ ...s, ...l })));

const waitTitle = (page, title) => page.waitForFunction((t) => document.title === t, title, { timeout: 10_000 });

/** Whether the element is wholly inside the window (no scrolling needed). */
const inView = (locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= window.innerHeight && r.width > 0;
  });

let env;
before(async () => {
  env = await startEnv();
});
after(async () => {
  await env?.close();
});

describe("a bad J'achète link", () => {
  for (const { size, viewport, lang, locale } of CASES) {
    it(`starts a new game of J'achète, titled so (${size}, ${lang})`, async () => {
      await withPage(env.browser, { viewport, locale }, 'newcomer-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url('?game=jachete&seed=UUUU-UUUU&players=6'));
        await page.locator(byTestId('problem')).waitFor();
        await waitTitle(page, 'Tablée');
        await screenshot(page, `newcomer-bad-jachete-link-${lang}-${size}`);
        assert.match(await page.locator(byTestId('problem-fresh')).textContent(), lang === 'fr' ? /partie de J'achète/ : /game of J'achète/);
        await page.locator(byTestId('problem-fresh')).click();
        // Red when the fresh start deals Katzenjammer (its hand, no ja-table).
        await page.locator(byTestId('ja-table')).waitFor();
        await waitTitle(page, "J'achète — Tablée");
        const url = new URL(page.url());
        assert.equal(url.searchParams.get('game'), 'jachete');
        assert.equal(url.searchParams.get('players'), '6', "the link's players, which J'achète may have");
        assert.notEqual(url.searchParams.get('seed'), 'UUUU-UUUU');
        // The header names it too, and a Katzenjammer game is titled its own way.
        assert.equal((await page.locator('.game-name').textContent()).trim(), "J'achète");
        await page.locator(byTestId('nav-home')).click();
        await waitTitle(page, 'Tablée');
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }

  // Issue 52: a deal number mistyped in a link is said in plain words,
  // never "format 7 … format 1".
  for (const { size, viewport, lang, locale } of CASES) {
    it(`says a mistyped deal number is damaged, in plain words (${size}, ${lang})`, async () => {
      await withPage(env.browser, { viewport, locale }, 'newcomer-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url('?game=jachete&seed=7K7Q-M3ZD&players=4'));
        const message = (await page.locator(byTestId('problem-message')).textContent()).trim();
        assert.match(message, lang === 'fr' ? /Le numéro de donne de ce lien, « 7K7Q-M3ZD », est abîmé/ : /This link's deal number, “7K7Q-M3ZD”, is damaged/);
        assert.doesNotMatch(message, /format/i);
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }

  it('a bad Katzenjammer link still starts Katzenjammer, titled so', async () => {
    await withPage(env.browser, {}, 'newcomer-failure', async ({ page, problems }) => {
      await gotoApp(page, env.url('?seed=UUUU-UUUU&players=5'));
      await page.locator(byTestId('problem-fresh')).click();
      await page.locator(byTestId('hand')).waitFor();
      await waitTitle(page, 'Katzenjammer Blues — Tablée');
      assert.equal(new URL(page.url()).searchParams.get('players'), '5');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});

describe('"Your games" and the end screen (KB-19)', () => {
  const PLACES = { en: '3rd', fr: '3e' };
  for (const { size, viewport, lang, locale } of CASES) {
    it(`give the same place to a game tied on mice and parted by jokers (${size}, ${lang})`, async () => {
      // The person tied first on mice with two bots and had more jokers
      // than both (katzenjammer-kb19-tie.json in its fixtures; native test
      // kb19_the_browser_tests_fixture_ties_on_mice_and_parts_on_jokers).
      const save = (await readFile(fixturePath('katzenjammer-kb19-tie.json'), 'utf8')).trim();
      const past = `{"at":1764000000000,"save":${save}}\n`;
      await withStorage(env, { 'tablee.katzenjammer.current': save, 'tablee.past': past, 'tablee.lang': lang }, { viewport, locale }, 'newcomer-failure', async ({ page, problems }) => {
        const row = page.locator(byTestId('end-row-0'));
        await row.waitFor();
        const endPlace = (await row.locator('td').last().textContent()).trim();
        assert.equal(endPlace, PLACES[lang], 'the end screen: third, with the jokers');
        await gotoApp(page, env.url('?games'));
        const result = page.locator(byTestId('games-result')).first();
        await result.waitFor();
        const text = (await result.textContent()).trim();
        // Red when the record ranks by mice alone: "1st · …".
        assert.ok(text.startsWith(`${endPlace} ·`), `"Your games" says ${text}, the end screen ${endPlace}`);
        await screenshot(page, `newcomer-games-kb19-${lang}-${size}`);
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});

describe('take-back', () => {
  const WORDS = {
    en: { ask: /practice: it will no longer count/, practice: /practice/ },
    fr: { ask: /entraînement : elle ne comptera plus/, practice: /entraînement/ },
  };
  const logLength = (page) => page.evaluate(() => document.querySelectorAll('[data-testid="log"] li').length);

  for (const { size, viewport, lang, locale } of CASES) {
    it(`says first that the game becomes practice, and asks once (${size}, ${lang})`, async () => {
      await withPage(env.browser, { viewport, locale }, 'newcomer-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url(DEAL));
        await page.locator(byTestId('speed-instant')).click();
        assert.equal(await nextState(page), 'pass');
        const before = await logLength(page);
        await moveAndWait(page, 'pass-button');
        assert.equal(await nextState(page), 'pass');
        const after = await logLength(page);

        // The first take-back asks; "keep playing" changes nothing.
        await page.locator(byTestId('take-back')).click();
        const ask = page.locator(byTestId('take-back-ask'));
        await ask.waitFor();
        assert.match(await ask.textContent(), WORDS[lang].ask);
        assert.equal(await page.locator(byTestId('take-back')).getAttribute('aria-expanded'), 'true');
        assert.ok(await inView(page.locator(byTestId('take-back-confirm'))), 'the answer is in view');
        assert.equal(await focusedTestId(page, 'take-back-confirm'), 'take-back-confirm');
        await screenshot(page, `newcomer-take-back-ask-${lang}-${size}`);
        assert.equal(await logLength(page), after, 'nothing taken back while asking');
        assert.doesNotMatch(await page.locator('.deal-bar .deal').textContent(), WORDS[lang].practice);
        await page.locator(byTestId('take-back-cancel')).click();
        await ask.waitFor({ state: 'detached' });
        assert.equal(await logLength(page), after, 'kept playing: nothing taken back');
        assert.doesNotMatch(await page.locator('.deal-bar .deal').textContent(), WORDS[lang].practice);

        // Asked again and confirmed: taken back, practice.
        await page.locator(byTestId('take-back')).click();
        await page.locator(byTestId('take-back-confirm')).click();
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log"] li').length === n, before);
        assert.match(await page.locator('.deal-bar .deal').textContent(), WORDS[lang].practice);

        // Once practice, a take-back does not ask again.
        await moveAndWait(page, 'pass-button');
        assert.equal(await nextState(page), 'pass');
        await page.locator(byTestId('take-back')).click();
        await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log"] li').length === n, before);
        assert.equal(await page.locator(byTestId('take-back-ask')).count(), 0, 'asked once');
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});

describe('the unfinished games', () => {
  const WORDS = { en: /cannot be resumed/, fr: /ne pourra plus être reprise/ };
  for (const { size, viewport, lang, locale } of CASES) {
    it(`one is removed after a question, never by one tap (${size}, ${lang})`, async () => {
      await withPage(env.browser, { viewport, locale }, 'newcomer-failure', async ({ page, problems }) => {
        // Two games begun: a move in the first, then a friend's link.
        await gotoApp(page, env.url(DEAL));
        await page.locator(byTestId('speed-instant')).click();
        assert.equal(await nextState(page), 'pass');
        await moveAndWait(page, 'pass-button');
        await gotoApp(page, env.url('?seed=1ABC-DEFG&players=3'));
        await page.locator(byTestId('hand')).waitFor();
        await page.locator(byTestId('nav-home')).click();
        const item = page.locator(byTestId('unfinished-0'));
        await item.waitFor();
        assert.match(await item.textContent(), /1K7Q-M3ZD/);

        await page.locator(byTestId('unfinished-remove-0')).click();
        const ask = page.locator(byTestId('unfinished-ask-0'));
        await ask.waitFor();
        assert.match(await ask.textContent(), WORDS[lang]);
        assert.equal(await focusedTestId(page, 'unfinished-remove-no-0'), 'unfinished-remove-no-0', 'the safe answer has the focus');
        await screenshot(page, `newcomer-remove-ask-${lang}-${size}`);
        await page.locator(byTestId('unfinished-remove-no-0')).click();
        await ask.waitFor({ state: 'detached' });
        assert.match(await item.textContent(), /1K7Q-M3ZD/, 'kept');

        await page.locator(byTestId('unfinished-remove-0')).click();
        await page.locator(byTestId('unfinished-remove-yes-0')).click();
        await page.locator(byTestId('unfinished')).waitFor({ state: 'detached' });
        const keys = await page.evaluate(() => JSON.parse(localStorage.getItem('tablee.games')).map((e) => e.key));
        assert.equal(keys.length, 1, `only the game in progress is listed: ${keys}`);
        assert.equal(await page.evaluate(() => Object.keys(localStorage).filter((k) => /^tablee\.katzenjammer\.game\./.test(k)).length), 1, 'its save is gone');

        // A reload: still gone, and the game in progress is still there.
        await page.reload();
        await page.locator(byTestId('hand')).waitFor();
        assert.match(await page.locator(byTestId('deal-id')).textContent(), /1ABC-DEFG/);
        await page.locator(byTestId('nav-home')).click();
        await page.locator(byTestId('home-screen')).waitFor();
        assert.equal(await page.locator(byTestId('unfinished')).count(), 0);
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});

describe('the home screen for a newcomer', () => {
  const WORDS = {
    en: { players: /2 to 6 players · 10–20 min/, jplayers: /4 to 8 players \(or 3\) · 30–45 min/, note: /first game of J'achète/ },
    fr: { players: /2 à 6 joueurs · 10 à 20 min/, jplayers: /4 à 8 joueurs \(ou 3\) · 30 à 45 min/, note: /première partie de J'achète/ },
  };
  for (const { size, viewport, lang, locale } of CASES) {
    it(`says each game in one line, remembers the choice, eases J'achète's first game (${size}, ${lang})`, async () => {
      await withPage(env.browser, { viewport, locale }, 'newcomer-failure', async ({ page, problems }) => {
        await gotoApp(page, env.url(''));
        await page.locator(byTestId('home-screen')).waitFor();
        const kb = page.locator(byTestId('game-blurb-katzenjammer'));
        const ja = page.locator(byTestId('game-blurb-jachete'));
        assert.match(await kb.textContent(), WORDS[lang].players);
        assert.match(await ja.textContent(), WORDS[lang].jplayers);
        for (const [name, blurb] of [['katzenjammer', kb], ['jachete', ja]]) {
          // One line each (a phone may wrap it: at most two lines there).
          const lines = await blurb.evaluate((el) => Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight || '20')));
          assert.ok(lines <= (viewport.width < 400 ? 3 : 1), `${name}: ${lines} lines`);
          assert.equal(await page.locator(byTestId(`game-${name}`)).getAttribute('aria-describedby'), `game-about-${name}`);
        }
        assert.ok(await inView(page.locator(byTestId('play-button'))), 'Play in view without scrolling');
        await screenshot(page, `newcomer-home-${lang}-${size}`);

        // J'achète chosen: remembered after a reload; its first game
        // against easy bots, said, with every level still offered.
        await page.locator(byTestId('game-jachete')).check();
        await page.reload();
        await page.locator(byTestId('home-screen')).waitFor();
        assert.equal(await page.locator(byTestId('game-jachete')).isChecked(), true, 'the game last chosen');
        await page.locator(byTestId('first-game-note')).waitFor();
        assert.match(await page.locator(byTestId('first-game-note')).textContent(), WORDS[lang].note);
        const seat = page.locator(byTestId('seat-1'));
        assert.equal(await seat.inputValue(), 'easy');
        assert.ok((await seat.locator('option').count()) >= 5, 'every level still offered');
        await page.locator(byTestId('first-game-note')).scrollIntoViewIfNeeded();
        await screenshot(page, `newcomer-home-jachete-first-${lang}-${size}`);
        // Back to Katzenjammer: its usual bots; J'achète again: easy again.
        await page.locator(byTestId('game-katzenjammer')).check();
        assert.equal(await seat.inputValue(), 'normal');
        assert.equal(await page.locator(byTestId('first-game-note')).count(), 0);
        await page.locator(byTestId('game-jachete')).check();
        assert.equal(await seat.inputValue(), 'easy');

        await page.locator(byTestId('play-button')).click();
        await page.locator(byTestId('ja-table')).waitFor();
        assert.equal(new URL(page.url()).searchParams.get('seats'), 'human,easy,easy,easy');
        // Once a J'achète game is under way, the next is offered as usual.
        await page.locator(byTestId('nav-home')).click();
        await page.locator(byTestId('home-screen')).waitFor();
        assert.equal(await page.locator(byTestId('game-jachete')).isChecked(), true);
        assert.equal(await page.locator(byTestId('first-game-note')).count(), 0);
        assert.equal(await page.locator(byTestId('seat-1')).inputValue(), 'normal');
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }
});
