// Puzzles (issue 12, "In the app"): a puzzle's link opens its position on
// Katzenjammer's table; the first move is judged (right, wrong), the values
// and the explanation are shown, "play on" keeps the game; the puzzle of the
// day from the home screen's entry; a bad number explained; offline; an
// unanswered puzzle offers no sharing, speeds or hint. J'achète's puzzles
// (issue 32): its index within 50 KB gzip, a link fetching the index and
// the one part holding its game, a buy and a discard judged on its table,
// a table laid in another order judged the answer, moves the analysis never
// saw judged by evaluation, and its list.
//
// The puzzles are picked from the file the build serves (dist/puzzles/
// katzenjammer.json), by their answers, so that the test holds for the
// fixture and for the mined file alike.
//
//   node --test --test-concurrency=1 tests/e2e/puzzles.test.mjs   (after `make build`)

import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

import { DIST_DIR, OUTPUT_DIR, VIEWPORTS, byTestId, describeProblems, focusedTestId, gotoApp, screenshot, seedStorage, settle, startEnv, withPage } from './lib.mjs';

/**
 * A game's puzzle file as served: its index (`puzzles/<game>.json`: the
 * games without their actions, the puzzles without their candidates and
 * why) with each game's actions and each puzzle's candidates and why read
 * from the part holding its game (`puzzles/<game>/<k>.json`, docs/puzzles.md
 * "The file"); `indexText` the index as served.
 */
async function readPuzzles(game) {
  const indexText = await readFile(path.join(DIST_DIR, `puzzles/${game}.json`), 'utf8');
  const index = JSON.parse(indexText);
  const byId = new Map(index.puzzles.map((p) => [p.id, p]));
  for (let k = 0; k * index.part_games < index.games.length; k++) {
    const part = JSON.parse(await readFile(path.join(DIST_DIR, `puzzles/${game}/${k}.json`), 'utf8'));
    part.games.forEach((g, i) => (index.games[k * index.part_games + i].actions = g.actions));
    for (const { id, candidates, why } of part.puzzles ?? []) Object.assign(byId.get(id), { candidates, why });
  }
  return [indexText, index];
}

const [fileText, file] = await readPuzzles('katzenjammer');
const isPass = (candidate) => candidate.action.act === 'pass';
/** A puzzle whose answer is a pass: Pass is right. */
const passRight = file.puzzles.find((p) => p.answers.some((a) => isPass(p.candidates[a])));
/**
 * A puzzle where passing is legal (a candidate) but not an answer: Pass is
 * wrong. The one with the most candidates (the first of them): its bars must
 * leave "Play on" in view on a phone.
 */
const passWrong = file.puzzles
  .filter((p) => p.candidates.some(isPass) && !p.answers.some((a) => isPass(p.candidates[a])))
  .reduce((best, p) => (p.candidates.length > best.candidates.length ? p : best));
/** The bars on screen before the others are unfolded: the answers, the best other move, the player's. */
const shownBars = (p, played) => {
  const shown = p.candidates.filter((_, i) => i <= p.answers.length || i === played).length;
  return [shown, p.candidates.length - shown];
};

/**
 * A puzzle answered by a bid that wins the row at once (every other seat has
 * passed in this auction), with natural cards only: after it the puzzle's
 * seat is to present, so an answered table that still took moves would show.
 * An auction ends with a presentation, or when every seat passed (no bid).
 */
const winsAtOnce = file.puzzles.find((p) => {
  const game = file.games[p.g];
  let passed = new Set();
  let bid = false;
  for (const a of game.actions.slice(0, p.at)) {
    if (a.act === 'present') [passed, bid] = [new Set(), false];
    else if (a.act === 'bid') bid = true;
    else if (a.act === 'pass' && passed.add(a.seat).size === game.seats.length && !bid) passed = new Set();
  }
  const answer = p.candidates[p.answers[0]].action;
  return (
    answer.act === 'bid' && !answer.cards.includes('J') && game.seats.every((_, seat) => seat === p.seat || passed.has(seat))
  );
});

/** How many of the elements `selector` finds are visible. */
const visible = (page, selector) =>
  page.locator(selector).evaluateAll((list) => list.filter((e) => e.checkVisibility()).length);

/** Opens puzzle `id` by its link, and waits for its question and its table. */
async function openPuzzle(page, id) {
  await gotoApp(page, env.url(`?game=katzenjammer&puzzle=${id}`));
  await page.locator(byTestId('puzzle-ask')).waitFor();
  await page.locator(byTestId('table-screen')).waitFor();
}

/** How many lines the game log has. */
const logLines = (page) => page.locator(`${byTestId('log')} li`).count();

/** The puzzle of the day as the app picks it (src/app/puzzles.rs, `daily`). */
function dailyId(ms = Date.now()) {
  const ids = file.puzzles.map((p) => p.id).sort((a, b) => a - b);
  const mask = (1n << 64n) - 1n;
  let z = (BigInt(Math.floor(ms / 86_400_000)) + 0x9e3779b97f4a7c15n) & mask;
  z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & mask;
  z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & mask;
  z ^= z >> 31n;
  return ids[Number(z % BigInt(ids.length))];
}

const record = (page) => page.evaluate(() => JSON.parse(localStorage.getItem('tablee.katzenjammer.puzzles')));

/** Our first move in a puzzle: Pass when it is enabled, else present nothing. */
async function firstMove(page) {
  const pass = page.locator(byTestId('pass-button'));
  if ((await pass.count()) > 0 && (await pass.isEnabled())) await pass.click();
  else await page.locator(byTestId('present-nothing')).click();
}

let env;

describe('puzzles', { timeout: 300_000 }, () => {
  before(async () => {
    assert.ok(winsAtOnce, 'the served file has a puzzle whose answer, a bid of natural cards, wins the row at once');
    assert.ok(passRight && passWrong, 'the served file has a puzzle answered by a pass and one where a pass is wrong');
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it("the puzzle file's index stays within 50 KB gzip", () => {
    const size = gzipSync(Buffer.from(fileText), { level: 9 }).length;
    assert.ok(size <= 50_000, `${size} bytes gzip`);
  });

  it('a puzzle link opens its position; a right answer shows the values, and play on keeps the game', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'puzzles-failure', async ({ page, problems }) => {
      await openPuzzle(page, passRight.id);
      assert.match(await page.locator(byTestId('puzzle-title')).textContent(), new RegExp(`Puzzle #${passRight.id}`));
      assert.equal(await page.locator(byTestId('hint-button')).count(), 0, 'no hint in a puzzle');
      assert.equal(await page.locator(byTestId('hint-off')).count(), 0);
      await screenshot(page, 'puzzle-ask-en-1280x800');
      await page.locator(byTestId('pass-button')).click();
      const result = page.locator(byTestId('puzzle-result'));
      await result.waitFor();
      assert.equal(await result.getAttribute('data-right'), 'true');
      assert.match(await page.locator(byTestId('puzzle-verdict')).textContent(), /Right/);
      assert.equal(await page.locator(byTestId('puzzle-candidate')).count(), passRight.candidates.length);
      const [shown, folded] = shownBars(passRight, passRight.answers.find((a) => isPass(passRight.candidates[a])));
      assert.equal(await visible(page, byTestId('puzzle-candidate')), shown);
      assert.equal(await page.locator(byTestId('puzzle-more')).count(), folded > 0 ? 1 : 0);
      assert.equal((await page.locator(byTestId('puzzle-why')).textContent()).trim(), passRight.why.en);
      assert.match(await page.locator(byTestId('puzzle-answer')).textContent(), /The best play.*: .*[Pp]ass/);
      assert.match(await result.textContent(), /expected mice|chance to win/);
      assert.match(await page.locator(byTestId('puzzle-rating')).textContent(), /^Rating \d+ \(\+\d+\)$/);
      // The bots wait while the answer is on screen, and nothing is saved yet.
      assert.equal(await page.locator(byTestId('thinking')).count(), 0);
      assert.ok(!(await page.evaluate(() => localStorage.getItem('tablee.games') || '')).includes('tablee.katzenjammer.game.'));
      const saved = await record(page);
      assert.deepEqual(saved.tried, [{ game: 'katzenjammer', id: passRight.id, first: true, solved: true }]);
      assert.ok(saved.rating > 1500);
      await screenshot(page, 'puzzle-right-en-1280x800');
      if (folded > 0) {
        // The other moves compared unfold, every one with its value ± its interval.
        await page.locator(`${byTestId('puzzle-more')} summary`).click();
        assert.equal(await visible(page, byTestId('puzzle-candidate')), passRight.candidates.length);
        assert.match(await page.locator(`${byTestId('puzzle-more')} summary`).textContent(), /^The other (\d+ plays|play) compared$/);
        const values = await page.locator(`${byTestId('puzzle-candidate')} .bar-value`).allTextContents();
        assert.ok(values.every((v) => / ± /.test(v)), values.join(' | '));
        await screenshot(page, 'puzzle-right-all-en-1280x800');
      }

      await page.locator(byTestId('puzzle-play-on')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      await page.waitForFunction(() => /[?&]seed=/.test(location.search));
      await page.locator(byTestId('speed-instant')).click();
      await page.waitForFunction(() => (localStorage.getItem('tablee.games') || '').includes('tablee.katzenjammer.game.'));
      await page.locator(byTestId('nav-home')).click();
      await page.locator(byTestId('home-screen')).waitFor();
      // The game played on is kept (it is the game in progress: Resume).
      await page.locator(byTestId('resume-button')).waitFor();
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('an unanswered puzzle offers no sharing, speeds or hint; answered, its table takes no move until Play on', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'puzzles-failure', async ({ page, problems }) => {
      await openPuzzle(page, winsAtOnce.id);
      await page.locator(byTestId('hand-card-0')).waitFor();
      for (const id of ['share-button', 'speed-slow', 'speed-normal', 'speed-fast', 'speed-instant', 'hint-button', 'hint-off', 'end-screen']) {
        assert.equal(await visible(page, byTestId(id)), 0, `no ${id} in a puzzle`);
      }
      // Nor by the keyboard: H asks for no hint (the expert's move would be the answer).
      await page.locator(byTestId('hand-card-0')).focus();
      await page.keyboard.press('h');
      await page.waitForTimeout(1500);
      assert.equal(await page.locator(byTestId('hint-panel')).count(), 0, 'H gives no hint in a puzzle');
      // The answer, card by card.
      for (const card of winsAtOnce.candidates[winsAtOnce.answers[0]].action.cards) {
        await page.locator(`[data-testid^="hand-card-"][data-card="${card}"][aria-pressed="false"]`).first().click();
      }
      await page.locator(byTestId('bid-button')).click();
      const result = page.locator(byTestId('puzzle-result'));
      await result.waitFor();
      assert.equal(await result.getAttribute('data-right'), 'true');
      // Answered: the seat has won the row and is to present, but the table waits for Play on.
      assert.equal(await page.locator(byTestId(`player-${winsAtOnce.seat}`)).getAttribute('aria-current'), 'true', 'our turn again');
      const lines = await logLines(page);
      const moveControls = `${byTestId('bid-button')}, ${byTestId('pass-button')}, [data-testid^="present-option-"], ${byTestId('present-nothing')}`;
      assert.equal(await visible(page, moveControls), 0, 'no move controls on an answered puzzle');
      assert.equal(await visible(page, byTestId('turn-status')), 0, 'no "your turn" on an answered puzzle');
      await page.keyboard.press('p');
      await page.keyboard.press('b');
      await page.waitForTimeout(1500);
      assert.equal(await logLines(page), lines, 'no move after the answer');
      assert.equal(await result.getAttribute('data-right'), 'true', 'the answer stays');
      assert.equal(await page.locator(byTestId('thinking')).count(), 0, 'no bot moves');
      await screenshot(page, 'puzzle-answered-frozen-en-1280x800');
      // Play on: a normal game, which takes moves and is kept.
      await page.locator(byTestId('puzzle-play-on')).click();
      await page.waitForFunction(() => /[?&]seed=/.test(location.search));
      assert.equal(await visible(page, byTestId('share-button')), 1, 'a game shares its deal again');
      await page.locator(byTestId('speed-instant')).click();
      const options = page.locator(`[data-testid^="present-option-"], ${byTestId('present-nothing')}`);
      // With no foursome to make the table presents nothing by itself.
      if ((await options.count()) > 0) await options.first().click();
      await page.waitForFunction((n) => document.querySelectorAll('[data-testid="log"] li').length > n + 1, lines);
      await page.waitForFunction(() => (localStorage.getItem('tablee.games') || '').includes('tablee.katzenjammer.game.'));
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('a wrong answer says so in French on a phone, and the rating goes down', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-FR' }, 'puzzles-failure', async ({ page, problems }) => {
      await openPuzzle(page, passWrong.id);
      assert.match(await page.locator(byTestId('puzzle-title')).textContent(), new RegExp(`Problème nº ${passWrong.id}`));
      // The puzzle opens at its top, its question in view: the hand's focus
      // for keyboard players does not scroll the page down to the hand.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      const file = await screenshot(page, 'puzzle-ask-fr-360x740');
      assert.equal(await page.evaluate(() => window.scrollY), 0, `the puzzle opened scrolled down (${file})`);
      assert.equal(await focusedTestId(page, 'hand-card-0'), 'hand-card-0', 'the keyboard focus is on the hand');
      await page.locator(byTestId('pass-button')).click();
      const result = page.locator(byTestId('puzzle-result'));
      await result.waitFor();
      assert.equal(await result.getAttribute('data-right'), 'false');
      // The answer, above the table, is scrolled into view on the phone.
      const top = await page.locator(byTestId('puzzle-verdict')).evaluate((e) => e.getBoundingClientRect().top);
      assert.ok(top >= 0 && top < 740, `the verdict is in view: ${top}px`);
      assert.match(await page.locator(byTestId('puzzle-verdict')).textContent(), /Ce n'est pas le meilleur coup/);
      assert.equal((await page.locator(byTestId('puzzle-why')).textContent()).trim(), passWrong.why.fr);
      assert.match(await result.textContent(), /souris espérées|chances de gagner/);
      assert.ok(!/\d\.\d\d ±/.test(await result.textContent()), 'French decimals use a comma');
      assert.ok((await record(page)).rating < 1500);
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `nothing wider than the phone: ${wide}px`);
      // However many moves were compared, "Play on" stays in view on the phone.
      const pass = passWrong.candidates.findIndex(isPass);
      const [shown, folded] = shownBars(passWrong, pass);
      assert.equal(await visible(page, byTestId('puzzle-candidate')), shown);
      assert.equal(await page.locator(byTestId('puzzle-candidate')).count(), passWrong.candidates.length);
      await screenshot(page, 'puzzle-wrong-fr-360x740');
      const playOn = await page.locator(byTestId('puzzle-play-on')).evaluate((e) => e.getBoundingClientRect().bottom);
      assert.ok(playOn <= 740, `"Play on" is in view: its bottom at ${playOn}px (${passWrong.candidates.length} candidates)`);
      const kept = page.locator(byTestId('puzzle-kept'));
      if ((passWrong.compared ?? 0) > passWrong.candidates.length) {
        assert.equal(
          await kept.textContent(),
          `L'analyse a comparé ${passWrong.compared} coups, dont voici les ${passWrong.candidates.length} meilleurs.`,
        );
      } else {
        assert.equal(await kept.count(), 0);
      }
      if (folded > 0) {
        await page.locator(`${byTestId('puzzle-more')} summary`).click();
        assert.equal(await visible(page, byTestId('puzzle-candidate')), passWrong.candidates.length);
        assert.match(await page.locator(`${byTestId('puzzle-more')} summary`).textContent(), /^(Les \d+ autres coups comparés|L'autre coup comparé)$/);
        const wideOpen = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wideOpen <= 360, `nothing wider than the phone, unfolded: ${wideOpen}px`);
        await screenshot(page, 'puzzle-wrong-all-fr-360x740');
      }
      // A retry does not count again.
      await page.locator(byTestId('puzzle-again')).click();
      await page.locator(byTestId('puzzle-ask')).waitFor();
      await page.locator(byTestId('pass-button')).click();
      await page.locator(byTestId('puzzle-result')).waitFor();
      assert.match(await page.locator(byTestId('puzzle-rating')).textContent(), /premier essai/);
      assert.deepEqual((await record(page)).tried, [{ game: 'katzenjammer', id: passWrong.id, first: false, solved: false }]);
      // A bad number is explained, with a way back.
      await page.goto(env.url('?game=katzenjammer&puzzle=99999999'));
      await page.locator(byTestId('puzzle-problem')).waitFor();
      assert.match(await page.locator(byTestId('puzzle-problem')).textContent(), /Aucun problème ne porte ce numéro/);
      await page.locator(`${byTestId('puzzle-problem')} ${byTestId('puzzle-list')}`).click();
      await page.locator(byTestId('puzzles-screen')).waitFor();
      await page.locator(byTestId(`puzzle-${passWrong.id}`)).waitFor();
      assert.match(await page.locator(byTestId(`puzzle-${passWrong.id}`)).textContent(), /✗/);
      await screenshot(page, 'puzzles-list-fr-360x740');
      const wideList = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wideList <= 360, `nothing wider than the phone: ${wideList}px`);
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it("the home screen's entry opens the puzzles (a damaged record set aside); the puzzle of the day counts a streak and shares no spoiler", async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'puzzles-failure', async ({ context, page, problems }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      // A damaged record (written once, before the first load): set aside, said so, never lost.
      await seedStorage(context, { 'tablee.katzenjammer.puzzles': '{"v":1,"rating":' });
      // A game in progress waits while puzzles are solved.
      await gotoApp(page, env.url());
      await page.locator(byTestId('play-button')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      const deal = (await page.locator(byTestId('deal-id')).textContent()).trim();
      await page.locator(byTestId('nav-home')).click();
      await settle(page);
      await page.locator(byTestId('puzzles-entry')).click();
      await page.locator(byTestId('puzzles-screen')).waitFor();
      await page.locator(byTestId('puzzle-record-aside')).waitFor();
      const aside = await page.evaluate(() =>
        Object.keys(localStorage).filter((k) => k.startsWith('tablee.katzenjammer.puzzles.broken.')).map((k) => localStorage.getItem(k)),
      );
      assert.deepEqual(aside, ['{"v":1,"rating":']);
      const daily = page.locator(byTestId('puzzle-daily'));
      await daily.waitFor();
      assert.equal(Number(await daily.getAttribute('data-id')), dailyId());
      // No wall of numbers: a theme and a difficulty, then the next puzzle
      // not yet solved among them; nothing tried yet, so no recent list.
      assert.equal(await page.locator('.puzzle-ids li').count(), 0, 'no list of puzzles before any is tried');
      const solvedOf = () => page.locator(byTestId('puzzle-solved-of')).textContent();
      assert.equal(await solvedOf(), `0 of ${file.puzzles.length} solved`);
      const next = () => page.locator(byTestId('puzzle-next-unsolved')).getAttribute('data-id').then(Number);
      assert.equal(await next(), Math.min(...file.puzzles.map((p) => p.id)));
      await page.locator(byTestId('puzzle-theme-jokers')).check();
      await page.locator(byTestId('puzzle-level-1')).check();
      const jokers = file.puzzles.filter((p) => p.kind === 'jokers' && p.difficulty === 1).map((p) => p.id);
      assert.ok(jokers.length > 0, 'the file has easy joker puzzles');
      assert.equal(await solvedOf(), `0 of ${jokers.length} solved`);
      assert.equal(await next(), Math.min(...jokers), 'the first easy joker puzzle');
      await screenshot(page, 'puzzles-list-en-1280x800');
      await page.locator(byTestId('puzzle-theme-any')).check();
      await page.locator(byTestId('puzzle-level-any')).check();
      await daily.click();
      await page.locator(byTestId('puzzle-ask')).waitFor();
      await firstMove(page);
      await page.locator(byTestId('puzzle-result')).waitFor();
      const saved = await record(page);
      assert.equal(saved.daily.streak, 1);
      assert.equal(saved.daily.day, new Date().toISOString().slice(0, 10));
      await page.locator(byTestId('puzzle-share')).click();
      await page.locator(byTestId('share-status')).waitFor();
      const shared = await page.evaluate(() => navigator.clipboard.readText());
      assert.match(shared, new RegExp(`^Tablée puzzle #${dailyId()}( ✓ first try| ✗) 🔥1\\nhttp://[^ ]+/tablee/\\?game=katzenjammer&puzzle=${dailyId()}$`));
      // The list marks it.
      await page.locator(byTestId('puzzle-list')).click();
      await page.locator(byTestId('puzzles-screen')).waitFor();
      assert.match(await page.locator(byTestId('puzzle-record')).textContent(), /daily streak 1/);
      await screenshot(page, 'puzzles-list-after-en-1280x800');
      await page.locator(byTestId('nav-home')).click();
      await page.locator(byTestId('resume-button')).click();
      await page.locator(byTestId('table-screen')).waitFor();
      assert.equal((await page.locator(byTestId('deal-id')).textContent()).trim(), deal, 'the game in progress is back');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  it('opens a puzzle offline (the file is precached)', async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'puzzles-failure', async ({ context, page, problems }) => {
      await gotoApp(page, env.url());
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
        if (!navigator.serviceWorker.controller) {
          await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
        }
      });
      const cached = await page.evaluate(async () => {
        const cache = await caches.open((await caches.keys()).find((k) => k.startsWith('tablee-')));
        return (await cache.keys()).map((r) => new URL(r.url).pathname);
      });
      assert.ok(cached.some((p) => p.endsWith('/puzzles/katzenjammer.json')), 'the puzzle file is precached');
      assert.ok(cached.some((p) => p.endsWith('/puzzles/jachete.json')), "J'achète's puzzle file is precached");
      // Every part of both files, which the page fetches only as puzzles open.
      for (const [game, index] of [['katzenjammer', file], ['jachete', ja]]) {
        for (let k = 0; k * index.part_games < index.games.length; k++) {
          assert.ok(cached.some((p) => p.endsWith(`/puzzles/${game}/${k}.json`)), `${game}'s part ${k} is precached`);
        }
      }
      await settle(page);
      await context.setOffline(true);
      await gotoApp(page, env.url(`?game=katzenjammer&puzzle=${passRight.id}`));
      await page.locator(byTestId('puzzle-ask')).waitFor();
      await page.locator(byTestId('pass-button')).click();
      await page.locator(byTestId('puzzle-result')).waitFor();
      await screenshot(page, 'puzzle-offline-en-360x740');
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});

// J'achète's puzzles (issue 32): the same screens on J'achète's table. The
// puzzles are picked from the file the build serves, by their answers.
const [jaText, ja] = await readPuzzles('jachete');
/** The part of J'achète's file holding puzzle `p`'s game. */
const jaPart = (p) => `/puzzles/jachete/${Math.floor(p.g / ja.part_games)}.json`;
/** The paths of J'achète's puzzle file (index and parts) among `fetched`. */
const jaFetched = (fetched) => fetched.filter((p) => /\/puzzles\/jachete(\.json|\/)/.test(p));
const jaAnswer = (p) => p.candidates[p.answers[0]].action;
/** A buy window: the answer one button, the other move the other. */
const jaBuy = ja.puzzles.find((p) => p.kind === 'buy' && p.candidates.length === 2 && p.answers.length === 1);
/** A discard whose answer is one card and a card discarded wrongly another. */
const jaDiscard = ja.puzzles.find(
  (p) => p.kind === 'discard' && p.candidates.some((c, i) => !p.answers.includes(i) && c.action.act === 'discard'),
);
const wrongDiscard = (p) => p.candidates.find((c, i) => !p.answers.includes(i) && !p.answers.some((a) => p.candidates[a].action.card === c.action.card)).action.card;
/** A table to lay with only the puzzle's seat's melds on it (new ones, or cards laid off on its own). */
const jaLay = ja.puzzles.find((p) => p.kind === 'lay' && jaAnswer(p).act === 'play' && jaAnswer(p).table.every((m) => m.owner === p.seat));

/** What the window shows (not the whole page): test-output/NAME-view.png. */
async function windowShot(page, name) {
  await page.screenshot({ path: path.join(OUTPUT_DIR, `${name}-view.png`) });
  return screenshot(page, name);
}

/** Opens J'achète's puzzle `id` by its link; waits for its question and its table. */
async function openJa(page, id) {
  await gotoApp(page, env.url(`?game=jachete&puzzle=${id}`));
  await page.locator(byTestId('puzzle-ask')).waitFor();
  await page.locator(byTestId('ja-table')).waitFor();
}

/** The hand cards, as they read (`data-card`). */
const jaHand = (page) => page.locator('[data-testid^="ja-hand-card-"]').evaluateAll((bs) => bs.map((b) => b.dataset.card));

/** Taps the unselected hand card showing `card`. */
async function tapJa(page, card) {
  const i = await page
    .locator('[data-testid^="ja-hand-card-"]')
    .evaluateAll((bs, c) => bs.findIndex((b) => b.dataset.card === c && b.getAttribute('aria-pressed') !== 'true'), card);
  assert.ok(i >= 0, `an unselected ${card} in ${await jaHand(page)}`);
  await page.locator(byTestId(`ja-hand-card-${i}`)).click();
  await page.locator(byTestId(`ja-hand-card-${i}`)).and(page.locator('[aria-pressed="true"]')).waitFor();
}

/** The verdict once the first move is made: right or not, and the result shown. */
async function jaVerdict(page) {
  const result = page.locator(byTestId('puzzle-result'));
  await result.waitFor();
  return result.getAttribute('data-right');
}

describe("J'achète's puzzles", { timeout: 400_000 }, () => {
  before(async () => {
    assert.ok(jaBuy && jaDiscard && jaLay, "the served file has a buy, a discard and an opening's puzzle");
    env = await startEnv();
  });
  after(async () => {
    await env?.close();
  });

  it("J'achète's puzzle file's index stays within 50 KB gzip", () => {
    const size = gzipSync(Buffer.from(jaText), { level: 9 }).length;
    assert.ok(size <= 50_000, `${size} bytes gzip`);
  });

  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    for (const locale of ['en-US', 'fr-FR']) {
      const lang = locale.slice(0, 2);
      it(`a buy solved right and a discard solved wrong, on J'achète's table (${name}, ${lang})`, async () => {
        await withPage(env.browser, { viewport, locale }, 'puzzles-failure', async ({ page, problems }) => {
          await openJa(page, jaBuy.id);
          const title = lang === 'en' ? `Puzzle #${jaBuy.id}` : `Problème nº ${jaBuy.id}`;
          assert.equal((await page.locator(byTestId('puzzle-title')).textContent()).trim(), title);
          assert.equal(await page.locator('.game-name').textContent(), "J'achète", 'the masthead names the game');
          for (const id of ['hint-button', 'hint-off', 'share-button']) {
            assert.equal(await visible(page, byTestId(id)), 0, `no ${id} in a puzzle`);
          }
          // It opens at its top: the question first, the buy's buttons below.
          await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
          const asked = await windowShot(page, `ja-puzzle-ask-${lang}-${name}`);
          assert.equal(await page.evaluate(() => window.scrollY), 0, `the puzzle opened scrolled down (${asked})`);
          const moves = () => page.locator(byTestId('ja-table')).getAttribute('data-moves').then(Number);
          const at = await moves();
          assert.equal(at, jaBuy.at, 'the position is the puzzle’s');
          // The answer: buy or let go.
          await page.locator(byTestId(jaAnswer(jaBuy).act === 'buy' ? 'ja-buy' : 'ja-decline')).click();
          assert.equal(await jaVerdict(page), 'true');
          assert.match(await page.locator(byTestId('puzzle-verdict')).textContent(), lang === 'en' ? /Right/ : /Bien vu/);
          assert.equal((await page.locator(byTestId('puzzle-why')).textContent()).trim(), jaBuy.why[lang]);
          assert.match(await page.locator(byTestId('puzzle-result')).textContent(), lang === 'en' ? /points in the round/ : /points dans la manche/);
          assert.equal(await page.locator(byTestId('puzzle-candidate')).count(), jaBuy.candidates.length);
          const words = await page.locator(`${byTestId('puzzle-candidate')} .bar-label`).allTextContents();
          assert.ok(words.every((w) => /[♠♥♦♣★]|joker/i.test(w)), `each move names the card: ${words.join(' | ')}`);
          assert.ok(!/JA-\d/.test(await page.locator(byTestId('puzzle-screen')).textContent()), 'no rule ids');
          // Answered: the table takes no move, no bot plays.
          assert.equal(await visible(page, `${byTestId('ja-buy')}, ${byTestId('ja-decline')}`), 0, 'no buy buttons once answered');
          await page.waitForTimeout(1000);
          assert.equal(await moves(), at + 1, 'one move, no bot after it');
          const top = await page.locator(byTestId('puzzle-verdict')).evaluate((e) => e.getBoundingClientRect().top);
          assert.ok(top >= 0 && top < viewport.height, `the verdict is in view: ${top}px`);
          await windowShot(page, `ja-puzzle-right-${lang}-${name}`);
          const wide = await page.evaluate(() => document.documentElement.scrollWidth);
          assert.ok(wide <= viewport.width, `nothing wider than the window: ${wide}px`);
          let saved = await record(page);
          assert.deepEqual(saved.tried, [{ game: 'jachete', id: jaBuy.id, first: true, solved: true }]);
          assert.ok(saved.rating > 1500);

          // A discard made wrongly: the card tapped, then Discard.
          await openJa(page, jaDiscard.id);
          await tapJa(page, wrongDiscard(jaDiscard));
          await page.locator(byTestId('ja-discard')).click();
          assert.equal(await jaVerdict(page), 'false');
          assert.match(await page.locator(byTestId('puzzle-verdict')).textContent(), lang === 'en' ? /Not the best play/ : /Ce n'est pas le meilleur coup/);
          assert.equal((await page.locator(byTestId('puzzle-why')).textContent()).trim(), jaDiscard.why[lang]);
          assert.equal(await visible(page, `${byTestId('ja-discard')}, ${byTestId('ja-play')}`), 0, 'no turn buttons once answered');
          const playOn = await page.locator(byTestId('puzzle-play-on')).evaluate((e) => e.getBoundingClientRect().bottom);
          assert.ok(playOn <= viewport.height, `"Play on" is in view: ${playOn}px`);
          await windowShot(page, `ja-puzzle-wrong-${lang}-${name}`);
          saved = await record(page);
          assert.deepEqual(saved.tried.map((t) => [t.game, t.id, t.solved]), [['jachete', jaBuy.id, true], ['jachete', jaDiscard.id, false]]);
          await settle(page);
          assert.deepEqual(problems, [], describeProblems(problems));
        });
      });
    }
  }

  it("a table laid by taps, its melds in another order, is the answer; then Play on keeps J'achète's game", async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.desktop }, 'puzzles-failure', async ({ page, problems }) => {
      // Its melds in the reverse order, each meld's cards reversed: a card
      // laid off on the seat's meld already there, or a new meld.
      await openJa(page, jaLay.id);
      await page.locator(byTestId('ja-hand-card-0')).waitFor();
      const existing = await page
        .locator(`[data-testid^="ja-meld-${jaLay.seat}-"]`)
        .evaluateAll((ms) => ms.map((m) => ({ k: m.dataset.testid.split('-').pop(), cards: [...m.querySelectorAll('[data-card]')].map((c) => c.dataset.card) })));
      /** `cards` less `less` (each copy once), or null when `less` is not in it. */
      const minus = (cards, less) => {
        const left = cards.slice();
        for (const c of less) {
          const i = left.indexOf(c);
          if (i < 0) return null;
          left.splice(i, 1);
        }
        return left;
      };
      const used = new Set();
      for (const meld of jaAnswer(jaLay).table.slice().reverse()) {
        const on = existing.find((e) => !used.has(e.k) && minus(meld.cards, e.cards));
        const extra = on ? minus(meld.cards, on.cards) : meld.cards;
        if (on) used.add(on.k);
        if (extra.length === 0) continue;
        for (const card of extra.slice().reverse()) await tapJa(page, card);
        await page.locator(byTestId(on ? `ja-lay-${jaLay.seat}-${on.k}` : 'ja-new-meld')).click();
      }
      await page.locator(byTestId('ja-play')).click();
      assert.equal(await jaVerdict(page), 'true');
      assert.match(await page.locator(byTestId('puzzle-answer')).textContent(), /(Open: |Lay down |Add |Move ).*[♠♥♦♣★]/, 'the table in the log\'s words');
      assert.equal(await visible(page, byTestId('ja-discard')), 0, 'laid: the discard waits for Play on');
      await windowShot(page, 'ja-puzzle-lay-right-en-desktop');
      await page.locator(byTestId('puzzle-play-on')).click();
      await page.waitForFunction(() => /[?&]game=jachete/.test(location.search) && /[?&]seed=/.test(location.search));
      await page.locator(byTestId('ja-discard')).waitFor();
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });

  // Issue 52: a tester laid everything puzzle 21's best play lays plus the
  // 5♦ and was told "Not the best play (a play the analysis did not
  // compare)", rating −16. A move the file does not hold is now analysed
  // in the bots' worker by the analysis that mined the puzzle (the same
  // worlds), and judged by how it compares: as good, not cut.
  for (const [name, viewport, locale] of [['desktop', VIEWPORTS.desktop, 'en-US'], ['phone', VIEWPORTS.phone, 'fr-FR']]) {
    const lang = locale.slice(0, 2);
    it(`a superset of the best play and a discard the analysis never saw are judged by evaluation, and do not cut the rating (${name}, ${lang})`, async () => {
      const superset = ja.puzzles.find((p) => p.id === 21);
      const unseen = ja.puzzles.find((p) => p.id === 8);
      assert.ok(superset && unseen, 'puzzles 21 and 8 are served');
      const answer = jaAnswer(superset);
      assert.ok(answer.act === 'play' && !superset.candidates.some((c) => JSON.stringify(c.action).includes('5D')), "puzzle 21's moves do not lay the 5♦");
      assert.ok(!unseen.candidates.some((c) => c.action.card === 'AD'), "puzzle 8's file does not hold the A♦'s discard");
      await withPage(env.browser, { viewport, locale }, 'puzzles-failure', async ({ page, problems }) => {
        await openJa(page, superset.id);
        await page.locator(byTestId('ja-hand-card-0')).waitFor();
        // The answer takes the 2♥ off our 4s for a new meld with Q♥ Q♦ (the
        // table card first, then the hand's, then "new meld"); then the 5♦
        // on the 5s already on the table: all it lays, and one card more.
        const onTable = await page
          .locator('[data-testid^="ja-meld-"]')
          .evaluateAll((ms) => ms.map((m) => ({ id: m.dataset.testid.slice('ja-meld-'.length), cards: [...m.querySelectorAll('[data-card]')].map((c) => c.dataset.card) })));
        const ours = onTable.find((m) => m.id.startsWith(`${superset.seat}-`) && m.cards.includes('2H'));
        assert.ok(ours && answer.table.some((m) => m.owner === superset.seat && m.cards.slice().sort().join() === ['2H', 'QD', 'QH'].join()), `the answer: ${JSON.stringify(answer.table)}, the table: ${JSON.stringify(onTable)}`);
        await page.locator(`${byTestId(`ja-meld-${ours.id}`)} [data-card="2H"]`).click();
        await page.locator(`${byTestId(`ja-meld-${ours.id}`)} [data-card="2H"][aria-pressed="true"]`).waitFor();
        await tapJa(page, 'QH');
        await tapJa(page, 'QD');
        await page.locator(byTestId('ja-new-meld')).click();
        const fives = onTable.find((m) => m.cards.includes('5S') && m.cards.includes('5H'));
        assert.ok(fives, `the 5s on the table: ${JSON.stringify(onTable)}`);
        await tapJa(page, '5D');
        await page.locator(byTestId(`ja-lay-${fives.id}`)).click();
        const started = Date.now();
        await page.locator(byTestId('ja-play')).click();
        const result = page.locator(byTestId('puzzle-result'));
        await result.waitFor({ timeout: 120_000 });
        const took = Date.now() - started;
        console.log(`# puzzle 21 + 5♦ evaluated in the worker in ${took} ms (${name})`);
        assert.equal(await result.getAttribute('data-standing'), 'as-good');
        assert.equal(await result.getAttribute('data-right'), 'true');
        assert.match(await page.locator(byTestId('puzzle-verdict')).textContent(), lang === 'en' ? /as good as the best play/ : /aussi bon que le meilleur coup/);
        assert.match(await page.locator(byTestId('puzzle-your-play')).textContent(), lang === 'en' ? /analysed just now the same way/ : /analysé à l'instant de la même façon/);
        assert.doesNotMatch(await result.textContent(), /did not compare|n'a pas comparé/);
        // Its own bar, next to the stored ones, marked as the player's.
        assert.equal(await page.locator(`${byTestId('puzzle-candidate')}.mine`).count(), 1);
        assert.equal(await page.locator(byTestId('puzzle-candidate')).count(), superset.candidates.length + 1);
        await windowShot(page, `ja-puzzle-superset-${lang}-${name}`);
        let saved = await record(page);
        assert.deepEqual(saved.tried, [{ game: 'jachete', id: 21, first: true, solved: true }]);
        const afterFirst = saved.rating;
        assert.ok(afterFirst > 1500, `the rating goes up: ${afterFirst}`);
        assert.match(await page.locator(byTestId('puzzle-rating')).textContent(), /\(\+\d+\)/);

        // A discard the analysis never compared, as good as its best.
        await openJa(page, unseen.id);
        await tapJa(page, 'AD');
        await page.locator(byTestId('ja-discard')).click();
        await result.waitFor({ timeout: 120_000 });
        assert.equal(await result.getAttribute('data-standing'), 'as-good');
        saved = await record(page);
        assert.deepEqual(saved.tried.map((t) => [t.id, t.first, t.solved]), [[21, true, true], [8, true, true]]);
        assert.ok(saved.rating >= afterFirst, `not cut: ${afterFirst} → ${saved.rating}`);
        await windowShot(page, `ja-puzzle-unseen-${lang}-${name}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(wide <= viewport.width, `nothing wider than the window: ${wide}px`);
        await settle(page);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    });
  }

  it("a J'achète puzzle's link fetches the index and the one part holding its game; a part not fetched is said so", async () => {
    // A puzzle past the first parts: its part is not the first one fetched by chance.
    const later = ja.puzzles.find((p) => Math.floor(p.g / ja.part_games) >= 2);
    assert.ok(later, 'a puzzle in part 2 or later');
    {
      await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'puzzles-failure', async ({ page, problems }) => {
        const fetched = [];
        page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
        await openJa(page, later.id);
        await settle(page);
        const parts = jaFetched(fetched).filter((p) => p.includes('/puzzles/jachete/'));
        assert.ok(jaFetched(fetched).includes('/tablee/puzzles/jachete.json'), `${jaFetched(fetched)}`);
        assert.deepEqual(parts, [`/tablee${jaPart(later)}`], 'exactly its part, once');
        assert.equal(await page.locator('[data-testid^="ja-hand-card-"]').count() > 0, true);
        assert.deepEqual(problems, [], describeProblems(problems));
      });
    }
    // Its part missing (for the page and its service worker alike): the
    // problem in the player's language, and ways out; nothing panics.
    await withPage(env.browser, { viewport: VIEWPORTS.phone }, 'puzzles-failure', async ({ context, page, problems }) => {
      await context.route(`**${jaPart(later)}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
      await gotoApp(page, env.url(`?game=jachete&puzzle=${later.id}`));
      const problem = page.locator(byTestId('puzzle-problem'));
      await problem.waitFor();
      assert.match(await problem.textContent(), /could not be loaded/);
      await page.locator(byTestId('lang-fr')).click();
      await page.waitForFunction(() => /n'ont pas pu être chargés/.test(document.querySelector('[data-testid="puzzle-problem"]').textContent));
      assert.equal(await page.locator(byTestId('ja-table')).count(), 0, 'no table without its position');
      await page.locator(byTestId('problem-home')).waitFor();
      const others = problems.filter((p) => !p.includes(jaPart(later)));
      assert.deepEqual(others, [], describeProblems(others));
    });
  });

  it("the list: J'achète chosen by its link, its themes only, its file fetched only then; an old record resumes", async () => {
    await withPage(env.browser, { viewport: VIEWPORTS.phone, locale: 'fr-FR' }, 'puzzles-failure', async ({ context, page, problems }) => {
      // A record written before J'achète's puzzles: its rating and tries carry on.
      await seedStorage(context, { 'tablee.katzenjammer.puzzles': '{"v":1,"rating":1532,"tried":[{"id":1,"first":true,"solved":true}],"daily":{"day":null,"streak":0,"best":0}}' });
      const fetched = [];
      page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
      await gotoApp(page, env.url('?game=katzenjammer&puzzles'));
      await page.locator(byTestId('puzzle-next-unsolved')).waitFor();
      assert.deepEqual(jaFetched(fetched), [], "Katzenjammer's list does not fetch J'achète's puzzles");
      assert.ok(!fetched.some((p) => p.includes('/puzzles/katzenjammer/')), "the list fetches no part, only the index");
      assert.match(await page.locator(byTestId('puzzle-record')).textContent(), /classement 1532/);
      await page.locator(byTestId('puzzle-game-jachete')).check();
      await page.waitForFunction(() => /[?&]game=jachete&puzzles/.test(location.search));
      await page.locator(`${byTestId('puzzles-screen')}[data-game="jachete"]`).waitFor();
      await page.locator(byTestId('puzzle-next-unsolved')).waitFor();
      // Its index only: the list needs no game's actions.
      assert.deepEqual(jaFetched(fetched), ['/tablee/puzzles/jachete.json']);
      const themes = await page.locator('[data-testid^="puzzle-theme-"]').evaluateAll((l) => l.map((e) => e.dataset.testid.slice(13)));
      const kinds = ['buy', 'discard', 'open', 'lay', 'swap'].filter((k) => ja.puzzles.some((p) => p.kind === k));
      assert.deepEqual(themes, ['any', ...kinds]);
      // Katzenjammer's puzzle 1 was solved, not J'achète's: nothing solved here.
      assert.equal(await page.locator(byTestId('puzzle-solved-of')).textContent(), `0 sur ${ja.puzzles.length} résolu`);
      assert.equal(Number(await page.locator(byTestId('puzzle-next-unsolved')).getAttribute('data-id')), Math.min(...ja.puzzles.map((p) => p.id)));
      assert.ok(await page.locator(byTestId('puzzle-daily')).count(), "J'achète's puzzle of the day");
      await windowShot(page, 'ja-puzzles-list-fr-phone');
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= 360, `nothing wider than the phone: ${wide}px`);
      // A theme, then the next unsolved puzzle: one of that theme, on J'achète's table.
      await page.locator(byTestId('puzzle-theme-discard')).check();
      const id = Number(await page.locator(byTestId('puzzle-next-unsolved')).getAttribute('data-id'));
      assert.equal(ja.puzzles.find((p) => p.id === id).kind, 'discard');
      await page.locator(byTestId('puzzle-next-unsolved')).click();
      await page.locator(byTestId('ja-table')).waitFor();
      await page.waitForFunction((n) => location.search === `?game=jachete&puzzle=${n}`, id);
      // Opened from the list: the one part holding its game, after the index.
      assert.deepEqual(jaFetched(fetched).slice(1), [`/tablee${jaPart(ja.puzzles.find((p) => p.id === id))}`]);
      // A bad number of J'achète's explained.
      await gotoApp(page, env.url('?game=jachete&puzzle=99999'));
      await page.locator(byTestId('puzzle-problem')).waitFor();
      await page.locator(`${byTestId('puzzle-problem')} ${byTestId('puzzle-list')}`).click();
      await page.locator(`${byTestId('puzzles-screen')}[data-game="jachete"]`).waitFor();
      // Back to Katzenjammer's: its own list again, the old record's solved puzzle marked.
      await page.locator(byTestId('puzzle-game-katzenjammer')).check();
      await page.locator(`${byTestId('puzzles-screen')}[data-game="katzenjammer"]`).waitFor();
      await page.locator(byTestId('puzzle-1')).waitFor();
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.locator(byTestId('lang-en')).click();
      await page.locator(byTestId('puzzle-game-jachete')).check();
      await page.locator(`${byTestId('puzzles-screen')}[data-game="jachete"]`).waitFor();
      await page.locator(byTestId('puzzle-next-unsolved')).waitFor();
      await windowShot(page, 'ja-puzzles-list-en-desktop');
      await settle(page);
      assert.deepEqual(problems, [], describeProblems(problems));
    });
  });
});
