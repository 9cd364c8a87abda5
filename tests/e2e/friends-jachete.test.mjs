// J'achète with a friend on their own device (issue 55), in real Chromium
// pages on this machine, through the pages' own screens and test ids: the
// host sets a 4-seat J'achète table (seat 1 a friend, two easy bots), the
// friend joins by the invitation's link and the host enters the answer
// (tests/e2e/friends-lib.mjs). Then both play a whole round at their usual
// tables, the deal fixed by seeding each page's `crypto.getRandomValues`
// (SEEDS): the host declines every buy and discards its first card; the
// friend buys a card of a rank it holds (or a wild) until it can lay the
// contract, opens by taps (each set its cards, then "+ New meld", then
// Play), and on a later turn rearranges the table by taps: swaps a natural
// of its hand for a bot's joker, lays that joker on its own set, adds two
// cards to the bot's set, lays a new set from its hand, moves the joker on
// from one of its sets to another (a table card picked alone, then "Lay
// here"), and plays it all as one move; it discards a card
// of a rank it holds least each turn, until the round's end shows on both
// pages (`ja-round-end`).
//
// What it checks beyond the transport: the friend's table, which has no
// record of the game, hears every move from the host's messages (the view's
// `moved`): its round log (`ja-log`) tells the bots' moves and its own buys
// as they happen, as the host's does; a buy answered on the friend's page
// is the rules' (JA-9: the host asks every eligible seat at once); the
// friend's opening and its rearranging turn (JA-12, JA-13, JA-14), staged on
// its own table (the host's shows the melds as they were meanwhile; a new
// set and a card moved between melds among them), reach
// the host's table as one move that changes the melds as the friend staged
// them, and the friend's table shows them so after the host's answer. Red
// when: the seeds deal another hand (the bots or the deal's derivation
// changed: search SEEDS again), the friend never opens or never rearranges,
// the host refuses the staged table (the page's `ja-problem` in the error),
// either table shows melds other than the staged ones, a log differs from
// the other, the friend's device is sent what is not its seat's, or a page
// logs an error.
//   TABLEE_DIST=/tmp/dist node --test --test-timeout=600000 tests/e2e/friends-jachete.test.mjs
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';

import { byTestId, describeProblems, screenshot, seedRandomness } from './lib.mjs';
import { checkReceived, device, enterAnswer, hostAndJoin, startFriends, watchChannel } from './friends-lib.mjs';
import { hand, moveBy, moves, nextState, tapCards } from './jachete-lib.mjs';

/**
 * The seeds of the host's and the friend's `crypto.getRandomValues` (each
 * seat's secret, hence the deal): the friend is dealt FIRST_HAND, opens
 * with two sets and on a later turn swaps a natural for a bot's wild.
 * Found by playing this test's round (the same seats and policies) with
 * host seeds 2, 3, … 21 and friend seed host + 7777, in a script not kept:
 * five pairs had the friend open and then swap for a wild of a bot's meld;
 * 8, 7785 has the shortest round of them (the friend buys two A♠, opens
 * with A♠ A♠ A♥ / 6♠ 6♦ 6♣, and on its next turn swaps its 8♥ for the
 * joker of Moustache's 8♠ 8♠ ★, lays the joker on its aces, adds its
 * 8♦ 8♣ to the 8s, lays 9♠ 9♦ 9♦ and moves the joker on from its aces
 * to its 6s, all one move). The same seeds gave the
 * same round on every run. Search again whenever the bots, the deal's
 * derivation from the secrets or the pages' use of `getRandomValues` (the
 * host's invitation token and secrets, the friend's secret) change:
 * FIRST_HAND then differs, or the turns below are not played.
 */
const SEEDS = { host: 8, friend: 7785 };
const FIRST_HAND = ['6S', '6C', '8H', '8D', '9S', '9D', 'QS', 'QD', 'AH'];


/** Plays the host's seat to the round's end: lets each card go, discards its first card a turn. */
async function playRound(page, { shown } = {}) {
  let played = 0;
  for (let n = 0; n < 200; n += 1) {
    const now = await nextState(page, 120_000);
    if (now === 'round' || now === 'end') return { played };
    if (now === 'buy') {
      await moveBy(page, 'ja-decline', { timeout: 30_000, shown });
    } else {
      await page.locator(byTestId('ja-hand-card-0')).click();
      await moveBy(page, 'ja-discard', { timeout: 30_000, shown });
    }
    played += 1;
  }
  throw new Error('no round end after 200 moves');
}

const rankOf = (card) => (card === 'JK' ? null : card.slice(0, -1));
const isWild = (card) => card === 'JK' || rankOf(card) === '2';
const points = (card) => (isWild(card) ? 20 : rankOf(card) === 'A' ? 15 : ['10', 'J', 'Q', 'K'].includes(rankOf(card)) ? 10 : 5);
const sorted = (cards) => [...cards].sort();

/** Every meld on the page's table: { owner, k, cards } (`ja-meld-{owner}-{k}`). */
const melds = (page) =>
  page.locator('[data-testid^="ja-meld-"]').evaluateAll((ms) =>
    ms.map((m) => {
      const [, owner, k] = m.dataset.testid.match(/^ja-meld-(\d+)-(\d+)$/);
      return { owner: Number(owner), k: Number(k), cards: [...m.querySelectorAll('[data-card]')].map((c) => c.dataset.card) };
    }),
  );
const meldSel = (owner, k) => byTestId(`ja-meld-${owner}-${k}`);

/** A set's rank (its naturals all of one rank), else null (a run). */
function setRank(cards) {
  const ranks = new Set(cards.filter((c) => !isWild(c)).map(rankOf));
  return ranks.size === 1 ? [...ranks][0] : null;
}

/** Round 1's contract (JA-3: two sets of 3 of different ranks, a wild at most in each) from `cards`, or null. */
function contract(cards) {
  const byRank = new Map();
  for (const c of cards) if (!isWild(c)) byRank.set(rankOf(c), [...(byRank.get(rankOf(c)) ?? []), c]);
  const wilds = cards.filter(isWild);
  const ranks = [...byRank.values()].sort((a, b) => b.length - a.length || points(b[0]) - points(a[0]));
  const sets = [];
  for (const naturals of ranks) {
    if (sets.length === 2) break;
    if (naturals.length >= 3) sets.push(naturals);
    else if (naturals.length === 2 && wilds.length) sets.push([...naturals, wilds.shift()]);
  }
  return sets.length === 2 ? sets : null;
}

/** The card to discard: a natural of the rank held least (then the most points), a wild last. */
function toDiscard(cards) {
  const count = (c) => cards.filter((d) => rankOf(d) === rankOf(c)).length;
  const order = cards.map((c, i) => ({ c, i })).sort((a, b) => isWild(a.c) - isWild(b.c) || count(a.c) - count(b.c) || points(b.c) - points(a.c));
  return order[0].i;
}


/** Lays what is selected (a hand card, a loose wild) on the meld by its "Lay here" and waits for it there. */
async function layOn(page, owner, k) {
  const count = await page.locator(`${meldSel(owner, k)} [data-card]`).count();
  await page.locator(byTestId(`ja-lay-${owner}-${k}`)).click();
  await page.waitForFunction(([sel, n]) => document.querySelectorAll(`${sel} [data-card]`).length === n, [meldSel(owner, k), count + 1]);
}

/** Plays the staged table as one move (`ja-play`); a refusal fails with the page's words (`ja-problem`). */
async function play(page) {
  const before = await moves(page);
  await page.locator(byTestId('ja-play')).click();
  const outcome = await page.waitForFunction(
    (n) => {
      if (Number(document.querySelector('[data-testid="ja-table"]')?.dataset.moves) !== n) return 'moved';
      const problem = document.querySelector('[data-testid="ja-problem"]')?.textContent.trim();
      return problem ? `refused: ${problem}` : false;
    },
    before,
    { timeout: 30_000, polling: 50 },
  );
  const said = await outcome.jsonValue();
  assert.equal(said, 'moved', `the staged table was played: ${JSON.stringify(await melds(page))}`);
  assert.equal(await moves(page), before + 1, 'the staged table is one move');
}

/**
 * An opened friend's turn on the table (JA-13), staged by taps: a natural of
 * the hand swapped for a wild of a set on the table (a bot's first), the
 * wild laid on another set that may hold one more (JA-5, its own first);
 * then each natural whose rank is a set's added to it (a card kept to
 * discard). Returns what was staged — { swap, adds, before, after } with
 * every meld before and after — or null when nothing fits.
 */
async function rearrange(page, cards) {
  const table = await melds(page);
  const left = [...cards];
  const turn = { before: table, swap: null, adds: [] };
  const sets = table.filter((m) => setRank(m.cards));
  const fits = (m) => m.cards.filter(isWild).length + 1 <= Math.floor((m.cards.length + 1) / 2);
  for (const m of [...sets].sort((a, b) => (a.owner === 1) - (b.owner === 1))) {
    const wild = m.cards.find(isWild);
    const natural = left.find((c) => !isWild(c) && rankOf(c) === setRank(m.cards));
    const to = sets.filter((t) => t !== m && fits(t)).sort((a, b) => (b.owner === 1) - (a.owner === 1))[0];
    if (!wild || !natural || !to || left.length < 2) continue;
    left.splice(left.indexOf(natural), 1);
    // The natural, then the wild on the table: the swap is asked, then made (issue 52).
    await tapCards(page, [natural]);
    await page.locator(`${meldSel(m.owner, m.k)} [data-card="${wild}"]`).first().click();
    await page.locator(byTestId('ja-swap-ask')).waitFor();
    await page.locator(byTestId('ja-swap')).click();
    // JA-14: the wild taken off is played again this turn.
    await page.locator(byTestId('ja-loose-0')).click();
    await page.locator(byTestId('ja-loose-0')).and(page.locator('[aria-pressed="true"]')).waitFor();
    await layOn(page, to.owner, to.k);
    await page.locator(byTestId('ja-loose-0')).waitFor({ state: 'detached' });
    turn.swap = { natural, wild, from: [m.owner, m.k], to: [to.owner, to.k] };
    break;
  }
  for (const m of sets) {
    for (const c of [...left]) {
      if (isWild(c) || rankOf(c) !== setRank(m.cards) || left.length < 2) continue;
      left.splice(left.indexOf(c), 1);
      await tapCards(page, [c]);
      await layOn(page, m.owner, m.k);
      turn.adds.push({ card: c, to: [m.owner, m.k] });
    }
  }
  // A new set of three naturals of one rank from the hand (a card kept to discard).
  const naturals = left.filter((c) => !isWild(c));
  const three = naturals.map((c) => naturals.filter((d) => rankOf(d) === rankOf(c))).find((cs) => cs.length >= 3);
  if (three && left.length > three.length) {
    for (const c of three) left.splice(left.indexOf(c), 1);
    await tapCards(page, three);
    await page.locator(byTestId('ja-new-meld')).click();
    turn.laid = three;
  }
  // A card moved between two melds (JA-13): a wild off one of the friend's
  // own sets that stays a set without it, onto another of its sets where it
  // fits — a table card picked alone, then that meld's "Lay here".
  {
    const mine = (await melds(page)).filter((m) => m.owner === 1 && setRank(m.cards));
    for (const m of mine) {
      const wild = m.cards.find(isWild);
      const to = mine.find((t) => t !== m && fits(t));
      if (!wild || m.cards.length < 4 || !to) continue;
      await page.locator(`${meldSel(m.owner, m.k)} [data-card="${wild}"]`).first().click();
      await layOn(page, to.owner, to.k);
      turn.moved = { card: wild, from: [m.owner, m.k], to: [to.owner, to.k] };
      break;
    }
  }
  if (!turn.swap && !turn.adds.length && !turn.laid && !turn.moved) return null;
  turn.after = await melds(page);
  return turn;
}

/** The melds of `after` whose cards differ from `before`'s. */
const changedMelds = (before, after) =>
  after.filter((m) => {
    const was = before.find((b) => b.owner === m.owner && b.k === m.k);
    return !was || sorted(was.cards).join() !== sorted(m.cards).join();
  });

/**
 * Plays the friend's seat (1) to the round's end: buys a card of a rank it
 * holds, or a wild, until opened (JA-11: then never); at its turn opens
 * once round 1's contract is in hand (a card kept to discard), and once
 * opened rearranges the table (`rearrange`); discards (`toDiscard`).
 * `played(turn, staged)` is told each opening and rearranging turn as
 * staged (before Play) and as played. Returns
 * { first, bought, opened, turns, played }: the hand dealt, the buys, the
 * opening's sets, the rearranging turns.
 */
async function playFriend(page, { played: told } = {}) {
  const out = { first: null, bought: [], opened: null, turns: [], played: 0 };
  for (let n = 0; n < 200; n += 1) {
    const now = await nextState(page, 120_000);
    if (now === 'round' || now === 'end') return out;
    const cards = await hand(page);
    out.first ??= cards;
    out.played += 1;
    const opened = (await melds(page)).some((m) => m.owner === 1);
    if (now === 'buy') {
      const card = await page.locator(byTestId('ja-discard-top')).getAttribute('data-card');
      const buy = !opened && (isWild(card) || cards.some((c) => rankOf(c) === rankOf(card)));
      await moveBy(page, buy ? 'ja-buy' : 'ja-decline', { timeout: 30_000 });
      if (buy) out.bought.push(card);
      continue;
    }
    let turn = null;
    if (!opened) {
      const sets = contract(cards);
      if (sets && sets.flat().length < cards.length) {
        const before = await melds(page);
        for (const set of sets) {
          await tapCards(page, set);
          await page.locator(byTestId('ja-new-meld')).click();
        }
        turn = { open: sets, before, after: await melds(page) };
        out.opened = sets;
      }
    } else {
      turn = await rearrange(page, cards);
      if (turn) out.turns.push(turn);
    }
    if (turn) {
      await told?.(turn, true);
      await play(page);
      await told?.(turn, false);
    }
    const rest = await hand(page);
    if (rest.length === 0) continue;
    await page.locator(byTestId(`ja-hand-card-${toDiscard(rest)}`)).click();
    await moveBy(page, 'ja-discard', { timeout: 30_000 });
  }
  throw new Error('no round end after 200 moves');
}

/**
 * Waits until the page's table shows each of `expected`'s melds with its
 * cards (in any order; `cards` null: no such meld); fails with what it shows.
 */
async function showsMelds(page, expected, what) {
  const want = expected.map((m) => ({ id: `ja-meld-${m.owner}-${m.k}`, cards: m.cards && sorted(m.cards) }));
  const ok = await page
    .waitForFunction(
      (want) =>
        want.every(({ id, cards }) => {
          const meld = document.querySelector(`[data-testid="${id}"]`);
          if (!cards) return !meld;
          return meld && [...meld.querySelectorAll('[data-card]')].map((c) => c.dataset.card).sort().join() === cards.join();
        }),
      want,
      { timeout: 10_000, polling: 50 },
    )
    .then(() => true, () => false);
  assert.ok(ok, `${what}: ${JSON.stringify(want)}; the table shows ${JSON.stringify(await melds(page))}`);
}

/** The round log's lines. */
const logLines = (page) => page.locator(`${byTestId('ja-log')} li`).allTextContents();

describe("friends on their own devices: a round of J'achète", () => {
  let env;
  before(async () => {
    env = await startFriends();
  });
  after(async () => {
    await env?.close();
  });

  it('the host, a friend and two bots play a whole round; the friend buys, opens, then swaps a natural for a bot\'s joker, adds to its set, lays a new set and moves a card between its melds in one move, and its log tells every move', async () => {
    const host = await device(env, { viewport: { width: 1280, height: 800 } });
    const friend = await device(env, { viewport: { width: 360, height: 740 } });
    await seedRandomness(host.context, SEEDS.host);
    await seedRandomness(friend.context, SEEDS.friend);
    await friend.context.addInitScript(watchChannel, {});
    try {
      host.url = env.site.url;
      const { answer } = await hostAndJoin(host, friend, 'jachete');
      const connectMs = await enterAnswer(host, answer);
      console.log(`answer entered → seat connected: ${connectMs} ms`);

      await host.page.locator(byTestId('ja-table')).waitFor({ timeout: 30_000 });
      await friend.page.locator(byTestId('ja-table')).waitFor({ timeout: 30_000 });
      // Measured, not asserted: from the host's tap to the move on the
      // friend's table (docs/friends.md; the issue's target is 100 ms).
      const latencies = [];
      const shown = (n) => {
        const t0 = Date.now();
        friend.page
          .waitForFunction((n) => Number(document.querySelector('[data-testid="ja-table"]')?.dataset.moves) >= n, n, { timeout: 30_000, polling: 'raf' })
          .then(() => latencies.push(Date.now() - t0))
          .catch(() => {});
      };
      // The friend's opening and rearranging turns on both tables: while
      // staged, the host's table shows the melds as they were (the staging
      // is the friend's page's own); once played, the host's table and the
      // friend's show the melds as staged.
      const played = async (turn, staged) => {
        const changed = changedMelds(turn.before, turn.after);
        assert.ok(changed.length > 0, `the turn changed the table: ${JSON.stringify(turn)}`);
        if (staged) {
          const was = changed.map((m) => ({ ...m, cards: turn.before.find((b) => b.owner === m.owner && b.k === m.k)?.cards ?? null }));
          await showsMelds(host.page, was, "the host's table while the friend stages");
          return;
        }
        await showsMelds(host.page, changed, "the host's table once the friend played");
        await showsMelds(friend.page, turn.after, "the friend's table once played");
      };
      const [hostPlay, friendPlay] = await Promise.all([playRound(host.page, { shown }), playFriend(friend.page, { played })]).catch(async (e) => {
        // What each page showed when a seat waited in vain.
        await screenshot(host.page, 'friends-jachete-host-stuck');
        await screenshot(friend.page, 'friends-jachete-friend-stuck');
        const what = async (page) => page.evaluate(() => ({
          moves: document.querySelector('[data-testid="ja-table"]')?.dataset.moves,
          turn: document.querySelector('[data-testid="turn-status"]')?.textContent,
          statuses: [...document.querySelectorAll('[data-testid^="seat-status-"]')].map((e) => e.dataset.status),
        }));
        throw new Error(`${e.message}\nhost: ${JSON.stringify(await what(host.page))}\nfriend: ${JSON.stringify(await what(friend.page))}`);
      });
      console.log(`moves: host ${hostPlay.played}, friend ${friendPlay.played} (bought ${friendPlay.bought.join(' ')})`);
      const times = [...latencies].sort((a, b) => a - b);
      if (times.length) console.log(`host's move → on the friend's table: median ${times[times.length >> 1]} ms, max ${times.at(-1)} ms (${times.length} moves)`);
      assert.deepEqual(friendPlay.first, FIRST_HAND, 'the seeds deal the friend the hand they were found for (else search SEEDS again)');
      assert.ok(hostPlay.played > 0 && friendPlay.played > 0);
      assert.ok(friendPlay.bought.length > 0, 'the friend was offered a card and bought it');
      // JA-12: the friend opened with round 1's contract.
      assert.ok(friendPlay.opened, 'the friend opened');
      console.log(`the friend opened with ${friendPlay.opened.map((m) => m.join(' ')).join(' / ')}`);
      // JA-13: a later turn swapped a natural for a bot's wild, laid the
      // wild again (JA-14) and added to a meld already on the table.
      for (const t of friendPlay.turns) {
        const swap = t.swap ? `swaps ${t.swap.natural} for ${t.swap.wild} of ja-meld-${t.swap.from.join('-')}, lays it on ja-meld-${t.swap.to.join('-')}; ` : '';
        const laid = t.laid ? `; lays ${t.laid.join(' ')}` : '';
        const moved = t.moved ? `; moves ${t.moved.card} from ja-meld-${t.moved.from.join('-')} to ja-meld-${t.moved.to.join('-')}` : '';
        console.log(`the friend's turn: ${swap}adds ${t.adds.map((a) => `${a.card} to ja-meld-${a.to.join('-')}`).join(', ') || 'nothing'}${laid}${moved}`);
      }
      const turn = friendPlay.turns.find((t) => t.swap && t.swap.from[0] !== 1 && t.adds.length > 0);
      assert.ok(turn, `a turn with a swap on a bot's meld and cards added: ${JSON.stringify(friendPlay.turns.map(({ swap, adds }) => ({ swap, adds })))}`);
      const from = (m) => m.owner === turn.swap.from[0] && m.k === turn.swap.from[1];
      const botMeld = turn.after.find(from).cards;
      assert.ok(turn.before.find(from).cards.includes(turn.swap.wild) && botMeld.includes(turn.swap.natural), `the bot's meld: ${JSON.stringify(turn.before.find(from).cards)} → ${JSON.stringify(botMeld)}`);
      assert.ok(turn.adds.every((a) => turn.before.some((m) => m.owner === a.to[0] && m.k === a.to[1])), 'added to melds already on the table');
      // JA-13 once opened: a new set laid from the hand, and a card moved
      // from one of the friend's melds to another, in a turn sent as one move.
      const more = friendPlay.turns.find((t) => t.laid && t.moved);
      assert.ok(more, `a turn that lays a new set and moves a card between melds: ${JSON.stringify(friendPlay.turns.map(({ laid, moved }) => ({ laid, moved })))}`);
      const at = (t, [owner, k]) => t.after.find((m) => m.owner === owner && m.k === k)?.cards ?? [];
      assert.ok(at(more, more.moved.to).includes(more.moved.card) && !at(more, more.moved.from).includes(more.moved.card), `moved: ${JSON.stringify(more.moved)} → ${JSON.stringify(more.after)}`);
      assert.ok(more.after.some((m) => m.owner === 1 && sorted(m.cards).join() === sorted(more.laid).join() && !more.before.some((b) => b.owner === 1 && b.k === m.k)), `the new set on the table: ${JSON.stringify(more.after)}`);
      await screenshot(friend.page, 'friends-jachete-round-end');
      // JA-17: the friend's round end shows each hand left and what it
      // scores (the view's, public once scored), as the host's does.
      const roundPoints = (page) => page.locator('[data-testid^="ja-round-points-"]').allTextContents();
      await friend.page.locator(byTestId('ja-round-points-0')).waitFor({ timeout: 10_000 });
      const [hostPoints, friendPoints] = [await roundPoints(host.page), await roundPoints(friend.page)];
      assert.equal(friendPoints.length, 4, `a line a seat: ${friendPoints}`);
      assert.deepEqual(friendPoints, hostPoints, "the friend's hands left score as the host's");

      // The friend's log heard the round as the host's did: the bots' moves and the buy.
      const [hostLog, friendLog] = [await logLines(host.page), await logLines(friend.page)];
      assert.ok(friendLog.length >= 4, `the friend's log: ${JSON.stringify(friendLog)}`);
      assert.ok(friendLog.some((l) => /Ana buys|You buy/.test(l)) || friendLog.some((l) => /buy/i.test(l)), `a buy in the friend's log: ${JSON.stringify(friendLog)}`);
      assert.ok(friendLog.some((l) => /discard/i.test(l)), `a discard in the friend's log: ${JSON.stringify(friendLog)}`);
      // The opening and the rearranging turn in both logs (a swap is told as
      // the wild moved and the natural added).
      const told = [
        [hostLog, /Ana opens: /, /Ana moves .+ · adds .+ to /],
        [friendLog, /You open: /, /You move .+ · add .+ to /],
      ];
      for (const [log, opening, rearranging] of told) {
        assert.ok(log.some((l) => opening.test(l)), `the opening in the log: ${JSON.stringify(log)}`);
        assert.ok(log.some((l) => rearranging.test(l)), `the rearranging turn in the log: ${JSON.stringify(log)}`);
      }
      console.log(`log lines: host ${hostLog.length}, friend ${friendLog.length}`);
      assert.equal(friendLog.length, hostLog.length, `the friend's log tells the round's turns as the host's does: ${JSON.stringify({ hostLog, friendLog })}`);
      // What the friend's device was sent: its own seat's views only, no
      // other seat's hand, no moves offered out of turn (a buy window asks
      // every seat at once).
      const received = await checkReceived(friend.page, 1);
      console.log(`the friend's device received ${received.messages} messages, ${received.views} views`);
      assert.ok(received.views > 10, `${received.views} views`);
      assert.deepEqual(received.problems, [], 'the friend was sent what is not theirs');
      assert.deepEqual(host.problems, [], describeProblems(host.problems));
      assert.deepEqual(friend.problems, [], describeProblems(friend.problems));
    } finally {
      await host.context.close();
      await friend.context.close();
    }
  });
});
