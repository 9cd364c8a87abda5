//! J'achète bots. They choose among the engine's generated candidates (the
//! opening, lay-offs, new sets and runs, wild swaps, discards, buy or
//! decline) from their own view only (JA-19).
//!
//! `random` picks uniformly; `normal` plays a sound heuristic ([`Params`],
//! tuned against the research styles) — open as soon as the contract is on
//! the table, play every card it can (wilds too, once the hand is small or
//! another player has opened), buy wilds and cards that grow a pair towards
//! a set, discard lone high cards but not a rank a player about to buy is
//! collecting;
//! `easy` errs now and then. `hard` and `expert` search: determinized Monte
//! Carlo with paired rollouts ([`crate::paired::paired_rollouts`]) over the
//! heuristic's best candidates, every rollout played to the end of the round
//! by the heuristic for everyone (later deals are unknown, so the round's
//! points and the cents left are what a world can tell). They keep the
//! heuristic's move unless another candidate beats it significantly on the
//! same worlds ([`Search::z`]): a search that followed every noisy
//! difference played worse than its own rollout policy (docs/research/jachete-bots.md).

mod cards;
mod heuristic;
pub mod ismcts;
pub mod styles;
pub mod value;

use tablee_engine::jachete::{
    Card, JaAction, JaGame, JaOptions, JaPhase, JaRound, JaView, BUY_PRICE, KINDS, SMALL_POT_STAKE, START_MONEY,
};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat, Seed};

pub use self::heuristic::*;
use crate::paired::{paired_rollouts_cut, paired_rollouts_with};
use crate::arena::{ArenaGame, BuiltIn, Fault, Player};
use crate::level::Level;
use crate::search::{Choice, SearchGame};

/// The levels J'achète has: the playable ones and the coached game's
/// `gentle`. It has no research level (`ismcts` is Katzenjammer's only).
pub const LEVELS: [Level; 6] = Level::SEATED;

/// The turns of a round every other player has had before a `gentle` bot
/// lays anything down (issue 52: a newcomer's coached round is a real one).
pub const GENTLE_TURNS: usize = 6;

/// The turns `seat` has had this round (JA-19: its discards are public; a
/// turn ends with one, unless it goes out, which ends the round).
pub fn turns_had(view: &JaView, seat: Seat) -> usize {
    view.discarded.iter().filter(|&&(s, _)| s == seat).count()
}

/// The first round of coached deal `seed` (issue 52): `newcomer` at `seat`,
/// `gentle` bots elsewhere, played to the round's end. Returns the turns
/// the newcomer had (each turn starts with its draw, JA-8) and who went out.
pub fn coached_round(players: usize, seed: Seed, seat: Seat, newcomer: crate::coach::Newcomer) -> Result<(usize, Option<Seat>), String> {
    let (mut turns, mut last) = (0, None);
    let game = crate::coach::play::<JaGame>(
        players,
        &JaOptions::default(),
        seed,
        seat,
        newcomer,
        |game| game.results().is_empty(),
        |game, who, _, _| {
            let phase = game.round().phase();
            if who == seat && phase == JaPhase::Play && last != Some((seat, JaPhase::Play)) {
                turns += 1;
            }
            last = Some((who, phase));
        },
    )?;
    Ok((turns, game.results().first().and_then(|r| r.went_out)))
}

/// Whether a `gentle` bot holds back its opening (JA-12: opening is the
/// player's choice) at this decision: it has not opened, and another player
/// has had fewer than [`GENTLE_TURNS`] turns of the round. Until it opens it
/// lays nothing, so it cannot go out (JA-8, JA-15).
pub fn holds_back(view: &JaView) -> bool {
    !view.opened[view.seat] && (0..view.players).any(|s| s != view.seat && turns_had(view, s) < GENTLE_TURNS)
}

/// How a search level decides: `worlds` sampled worlds, on which the
/// heuristic's `width` best candidates are compared; the heuristic's own
/// choice is kept unless another candidate beats it by more than `z`
/// standard errors of their paired difference ([`crate::paired::Paired::guarded`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Search {
    pub worlds: u32,
    pub width: usize,
    pub z: f64,
    /// The guard's margin at a play once opened (which cards to lay off or
    /// meld), where the search's deviations gain most (docs/research/jachete-bots.md).
    pub z_play: f64,
    /// Whether the rollouts play each opponent with a policy fitted to its
    /// observed buying ([`opponent_models`]) rather than all as `normal`.
    pub model: bool,
    /// Whether the reward prices the cents by the buys they can still pay
    /// for in the rounds to come ([`future_cents`]) rather than the old flat
    /// term.
    pub future: bool,
    /// The policy the search improves on (issue 15, part 5): the move kept
    /// unless significantly beaten, the candidates, and the searching seat's
    /// play in the rollouts.
    pub policy: Params,
    /// How the rollouts play the other seats (unless [`Search::model`]).
    pub others: Params,
    /// Whether a rollout is scored by the seat's chance to win the game
    /// ([`win_reward`]: its total against the best other total after the
    /// round, the rounds left as noise) rather than its round points
    /// against the table's average.
    pub win: bool,
    /// Where a rollout stops (issue 33): 0 plays the round to its end; `n`
    /// stops at the start of the searching seat's `n`-th turn after the
    /// decision (its draw made), and scores every seat there by the learned
    /// evaluation ([`crate::jachete::value`]) instead of the round's points.
    pub cutoff: u32,
}

/// `hard`'s and `expert`'s budgets.
pub const HARD: Search =
    Search { worlds: 64, width: 4, z: 1.96, z_play: 1.96, model: false, future: false, policy: Params::SEARCH, others: Params::NORMAL, win: false, cutoff: 0 };
/// `expert` compares the heuristic's 8 best candidates, not 4: where several
/// plays or discards score alike (the heuristic counts the cards a play lays
/// off, not their points), the better one is often not among the first 4
/// (issue 15, part 9: +0.032 ± 0.025 against three openers, docs/research/jachete-bots.md).
pub const EXPERT: Search = Search { worlds: 160, width: 8, ..HARD };
/// A rollout normally ends with the round; in the rare world where nobody can
/// go out (the stock rebuilt again and again, JA-16) it stops here and the
/// hands are scored as they stand.
pub(crate) const ROLLOUT_CAP: u32 = 400;

/// The bot's choice among `legal` (the game's generated candidates).
///
/// # Panics
///
/// For a level J'achète does not have (not in [`LEVELS`]).
pub fn decide(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
    analyse(level, view, legal, seed).into_iter().next().map_or_else(|| fallback(legal), |c| c.action)
}

/// Candidates ranked best first with their value (higher is better): the
/// heuristic's score, or for search levels the mean reward in `[0, 1]`.
///
/// # Panics
///
/// For a level J'achète does not have (not in [`LEVELS`]).
pub fn analyse(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
    assert!(LEVELS.contains(&level), "J'achète has no {level} level");
    if legal.is_empty() {
        return Vec::new();
    }
    // `gentle`: `easy` among the moves that lay nothing down while it holds back.
    let waiting: Vec<JaAction>;
    let legal = if level == Level::Gentle && holds_back(view) {
        waiting = legal.iter().filter(|a| !matches!(a, JaAction::Play { .. })).cloned().collect();
        if waiting.is_empty() { legal } else { &waiting[..] }
    } else {
        legal
    };
    let mut rng = Rng::new(seed);
    if level == Level::Random || (matches!(level, Level::Easy | Level::Gentle) && rng.below(100) < 20) {
        let action = legal[rng.index(legal.len())].clone();
        return vec![Choice { action, visits: 1, value: 0.0 }];
    }
    let search = match level {
        Level::Hard => Some(HARD),
        Level::Expert => Some(EXPERT),
        _ => None,
    };
    analyse_search(search.as_ref(), view, legal, &mut rng)
}

/// [`analyse`] for the heuristic (`search`: `None`) or a search with any
/// budget (for the levels and the tuner).
pub fn analyse_search(search: Option<&Search>, view: &JaView, legal: &[JaAction], rng: &mut Rng) -> Vec<Choice<JaAction>> {
    let policy = search.map_or(&Params::NORMAL, |s| &s.policy);
    let ctx = Ctx::from_view(view, policy);
    let scores: Vec<f64> = legal.iter().map(|a| ctx.score(a)).collect();
    let mut ranked: Vec<Choice<JaAction>> =
        legal.iter().zip(&scores).map(|(a, &value)| Choice { action: a.clone(), visits: 1, value }).collect();
    // Stable: the first of equals stays first, as `Ctx::best` picks it.
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
    if let Some(search) = search.filter(|_| worth_searching(view, legal, &scores)) {
        let mut models = if search.model { opponent_models(view) } else { vec![search.others; view.players] };
        models[view.seat] = search.policy;
        let rollout = |world: &JaGame, _: &mut Rng, scratch: &mut Vec<JaAction>| {
            world.actions(scratch);
            let seat = world.to_act().unwrap_or(0);
            Ctx::from_round(world.round(), seat, &models[seat]).best(scratch).unwrap_or(JaAction::Decline)
        };
        let (future, win, cutoff, me) = (search.future, search.win, search.cutoff, view.seat);
        let reward = |world: &JaGame, out: &mut Vec<f64>| {
            if win {
                win_reward(world.round(), out);
            } else if cutoff > 0 && world.round().result().is_none() {
                value_rewards(world.round(), out);
            } else {
                round_rewards(world.round(), future, out);
            }
        };
        // The rollout's end: the round's, or the searching seat's
        // `cutoff`-th turn after this decision (memory: twice the turns
        // reached, plus 1 while another seat has the turn).
        let stop = |world: &JaGame, memory: &mut u32| {
            if cutoff == 0 {
                return false;
            }
            let round = world.round();
            match (round.to_act(), round.phase()) {
                (Some(seat), JaPhase::Play) if seat != me => *memory |= 1,
                (Some(seat), JaPhase::Play) if seat == me && *memory & 1 == 1 => *memory += 1,
                _ => {}
            }
            *memory / 2 >= cutoff
        };
        // The candidates: the policy's best, read from the view (its own
        // move first: the incumbent the guard keeps).
        let candidates: Vec<JaAction> = ranked.iter().take(search.width).map(|c| c.action.clone()).collect();
        let paired =
            paired_rollouts_cut::<JaGame>(view, search.worlds, ROLLOUT_CAP, search.width, Some(candidates), rng, rollout, stop, reward);
        // A choice among plays once opened: the plays' guard.
        let plays = view.opened[view.seat] && matches!(ranked[0].action, JaAction::Play { .. });
        let z = if plays { search.z_play } else { search.z };
        let choices: Vec<Choice<JaAction>> =
            paired.guarded(0, z).into_iter().filter(|c| legal.contains(&c.action)).collect();
        if !choices.is_empty() {
            return choices;
        }
    }
    ranked
}

/// Worlds a hint plays out: four times the expert's, so that close moves
/// are told apart or said to be equal (issue 34).
pub const HINT_WORLDS: u32 = 4 * EXPERT.worlds;

/// A hint for the person (issue 34): the expert's candidates (its policy's
/// [`EXPERT`]`.width` best), each played out to the round's end on the same
/// [`HINT_WORLDS`] worlds, valued by the points the seat is left holding when
/// the round ends (JA-17: 0 for going out), best (fewest) first. A
/// [`Choice`]'s `value` is minus those points, higher is better as
/// everywhere; a candidate whose paired difference with the best is within
/// the search's precision (a 95% interval that holds 0) gets the best's
/// value, so the hint says they are equal rather than rank them by noise.
/// The numbers always agree with the order. The game's other levels and the
/// expert's own choice are untouched (a hint ranks by this round's points,
/// the bots by their tuned reward).
pub fn hint(view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
    let candidates = heuristic_candidates(view, legal, EXPERT.width);
    if candidates.len() < 2 {
        return candidates.into_iter().map(|action| Choice { action, visits: 0, value: 0.0 }).collect();
    }
    let mut rng = Rng::new(seed);
    let paired = hint_rollouts(view, candidates, HINT_WORLDS, &mut rng);
    let visits = paired.rewards.len() as u32;
    let n = paired.candidates.len();
    let means: Vec<f64> = (0..n).map(|i| paired.mean(i)).collect();
    let Some(best) = (0..n).max_by(|&a, &b| means[a].total_cmp(&means[b])) else { return Vec::new() };
    let mut choices: Vec<(bool, Choice<JaAction>)> = paired
        .candidates
        .iter()
        .enumerate()
        .map(|(i, action)| {
            let equal = i != best && paired.lower_bound(best, i, 1.96) <= 0.0;
            let value = if equal { means[best] } else { means[i] };
            (i == best, Choice { action: action.clone(), visits, value })
        })
        .collect();
    choices.sort_by(|a, b| b.1.value.total_cmp(&a.1.value).then(b.0.cmp(&a.0)));
    choices.into_iter().map(|(_, c)| c).collect()
}

/// The hint's paired rollouts: `worlds` worlds sampled from `view` by
/// `rng`, on each every candidate played out to the round's end (the other
/// seats modelled from their observed buying, [`opponent_models`]), each
/// valued by minus the points the seat is left holding (JA-17). The
/// puzzles' analysis (issue 32) calls it one world at a time, each world
/// with its own seed.
pub fn hint_rollouts(view: &JaView, candidates: Vec<JaAction>, worlds: u32, rng: &mut Rng) -> crate::paired::Paired<JaAction> {
    let width = candidates.len();
    let mut models = opponent_models(view);
    models[view.seat] = EXPERT.policy;
    let rollout = |world: &JaGame, _: &mut Rng, scratch: &mut Vec<JaAction>| {
        world.actions(scratch);
        let seat = world.to_act().unwrap_or(0);
        Ctx::from_round(world.round(), seat, &models[seat]).best(scratch).unwrap_or(JaAction::Decline)
    };
    let reward = |world: &JaGame, out: &mut Vec<f64>| {
        let round = world.round();
        out.clear();
        match round.result() {
            Some(result) => out.extend(result.round_points.iter().map(|&p| -f64::from(p))),
            None => out.extend((0..round.players()).map(|s| -round.hand(s).iter().map(|c| f64::from(c.points())).sum::<f64>())),
        }
    };
    paired_rollouts_with::<JaGame>(view, worlds, ROLLOUT_CAP, width, Some(candidates), rng, rollout, reward)
}

/// The heuristic's `width` best candidates among `legal`, best first (the
/// expert's and the hint's candidates, with `EXPERT.width`).
pub fn heuristic_candidates(view: &JaView, legal: &[JaAction], width: usize) -> Vec<JaAction> {
    let ctx = Ctx::from_view(view, &EXPERT.policy);
    let mut ranked: Vec<(f64, &JaAction)> = legal.iter().map(|a| (ctx.score(a), a)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0));
    ranked.into_iter().take(width).map(|(_, a)| a.clone()).collect()
}

/// Search only where the heuristic can be wrong: a buy, a turn's choice
/// among several discards, and once opened every play (which cards to lay
/// off or meld, wilds or not; `scores`: the heuristic's, one per legal
/// action). The plays are where the search gains most (docs/research/jachete-bots.md).
pub(crate) fn worth_searching(view: &JaView, legal: &[JaAction], scores: &[f64]) -> bool {
    match view.phase {
        // Only a buy the heuristic would make: the search may decline it, but
        // never buys more than the tuned rule (a round's rollouts cannot see
        // what the cents spent would have bought later; left free, the search
        // spent them all and lost, docs/research/jachete-bots.md).
        JaPhase::BuyWindow => legal.iter().zip(scores).any(|(a, &s)| *a == JaAction::Buy && s > 0.0),
        JaPhase::Play => {
            let best = (0..legal.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b])).map(|i| &legal[i]);
            // Once opened, which cards to lay off or meld (wilds or not) too.
            let opened = view.opened[view.seat] && view.hand.len() > 2;
            (opened || matches!(best, Some(JaAction::Discard(_)))) && view.hand.len() > 1
        }
        _ => false,
    }
}


impl SearchGame for JaGame {
    /// The other hands and the stock, dealt at random from the unseen cards,
    /// each player keeping the cards it is known to have bought.
    fn determinize(view: &JaView, rng: &mut Rng) -> Option<JaGame> {
        let mut counts = unseen_counts(view);
        let mut hands: Vec<Vec<Card>> = vec![Vec::new(); view.players];
        hands[view.seat] = view.hand.clone();
        for seat in (0..view.players).filter(|&s| s != view.seat) {
            for card in known_cards(view, seat) {
                let slot = &mut counts[card.kind_index()];
                if *slot > 0 && hands[seat].len() < view.hand_sizes[seat] {
                    *slot -= 1;
                    hands[seat].push(card);
                }
            }
        }
        let mut pool: Vec<Card> = (0..KINDS)
            .filter_map(|i| Card::from_kind_index(i).map(|c| (c, counts[i])))
            .flat_map(|(c, n)| std::iter::repeat_n(c, usize::from(n)))
            .collect();
        rng.shuffle(&mut pool);
        for seat in (0..view.players).filter(|&s| s != view.seat) {
            while hands[seat].len() < view.hand_sizes[seat] {
                hands[seat].push(pool.pop()?);
            }
        }
        if pool.len() != view.stock {
            return None;
        }
        JaGame::from_view(view, hands, pool, rng.next_u64()).ok()
    }

    fn search_actions(&self, width: usize, out: &mut Vec<JaAction>) {
        self.actions(out);
        let Some(seat) = self.to_act() else { return };
        let ctx = Ctx::from_round(self.round(), seat, &Params::NORMAL);
        let mut scored: Vec<(f64, JaAction)> = out.drain(..).map(|a| (ctx.score(&a), a)).collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.extend(scored.into_iter().take(width).map(|(_, a)| a));
    }

    /// Everyone plays the `normal` heuristic, without noise.
    fn rollout_action(&self, _rng: &mut Rng, scratch: &mut Vec<JaAction>) -> JaAction {
        self.actions(scratch);
        let seat = self.to_act().unwrap_or(0);
        Ctx::from_round(self.round(), seat, &Params::NORMAL).best(scratch).unwrap_or(JaAction::Decline)
    }

    /// The round's points decide the game (the lowest total wins, JA-18):
    /// the reward is how much better than the table's average the seat
    /// scored, plus a little for cents kept while later rounds remain.
    fn rewards(&self, out: &mut Vec<f64>) {
        round_rewards(self.round(), false, out);
    }
}

/// Each seat's reward for a round played out (or cut off): how much better
/// than the table's average it scored, in points, plus what its cents are
/// worth (`future`: [`future_cents`]; else the old flat term, 0.4 points a
/// cent up to 20 cents for each of up to 2 rounds left), mapped to `[0, 1]`.
fn round_rewards(round: &JaRound, future: bool, out: &mut Vec<f64>) {
    let points: Vec<f64> = match round.result() {
        Some(result) => result.round_points.iter().map(|&p| f64::from(p)).collect(),
        // Cut off before the end: the hands as they stand.
        None => (0..round.players()).map(|s| round.hand(s).iter().map(|c| f64::from(c.points())).sum()).collect(),
    };
    points_rewards(round, &points, future, out);
}

/// [`round_rewards`] for a round cut off before its end by
/// [`Search::cutoff`]: every seat's points predicted by the learned
/// evaluation from what it sees ([`value::round_points`]).
fn value_rewards(round: &JaRound, out: &mut Vec<f64>) {
    let points: Vec<f64> = (0..round.players()).map(|s| value::round_points(round, s)).collect();
    points_rewards(round, &points, false, out);
}

/// Each seat's reward from its round `points`: the others' mean less its
/// own, plus its cents (see [`round_rewards`]), mapped to `[0, 1]`.
fn points_rewards(round: &JaRound, points: &[f64], future: bool, out: &mut Vec<f64>) {
    out.clear();
    let n = points.len();
    let total: f64 = points.iter().sum();
    let rounds_left = 7u8.saturating_sub(round.round());
    for (seat, &p) in points.iter().enumerate() {
        let others = (total - p) / (n as f64 - 1.0).max(1.0);
        let cents = if future {
            future_cents(round.money(seat), rounds_left)
        } else {
            f64::from(round.money(seat).min(BUY_PRICE * 4)) * 0.4 * f64::from(rounds_left).min(2.0)
        };
        out.push((0.5 + (others - p + cents) / 400.0).clamp(0.0, 1.0));
    }
}

/// The spread of a player's total against another's over one round, in
/// points (round points are 0 for the one who went out and 30 to 100 for
/// the others, JA-17).
const ROUND_SPREAD: f64 = 45.0;

/// Each seat's chance to win the game, roughly, after a round played out
/// (or cut off): the lowest total wins (JA-18), so what counts is the
/// margin to the best other total (plus the old flat term for cents kept
/// while rounds remain), against the noise of the rounds still to come
/// (a logistic of margin / (spread × √(rounds left + ½))).
fn win_reward(round: &JaRound, out: &mut Vec<f64>) {
    let n = round.players();
    let totals: Vec<f64> = match round.result() {
        Some(result) => result.scores.iter().map(|&s| f64::from(s)).collect(),
        None => (0..n).map(|s| f64::from(round.score(s)) + round.hand(s).iter().map(|c| f64::from(c.points())).sum::<f64>()).collect(),
    };
    let money: Vec<i32> = (0..n).map(|s| round.money(s)).collect();
    win_chances(&totals, &money, 7u8.saturating_sub(round.round()), out);
}

/// [`win_reward`] from each seat's total after the round, its cents, and
/// the rounds still to be dealt.
fn win_chances(totals: &[f64], money: &[i32], rounds_left: u8, out: &mut Vec<f64>) {
    out.clear();
    let spread = ROUND_SPREAD * (f64::from(rounds_left) + 0.5).sqrt();
    for (seat, &mine) in totals.iter().enumerate() {
        let best_other = totals.iter().enumerate().filter(|&(s, _)| s != seat).map(|(_, &t)| t).fold(f64::INFINITY, f64::min);
        let cents = f64::from(money[seat].min(BUY_PRICE * 4)) * 0.4 * f64::from(rounds_left).min(2.0);
        out.push(1.0 / (1.0 + (-(best_other - mine + cents) / spread).exp()));
    }
}

/// Buys a player makes in a round, about (`normal` and the styles make 0.5
/// to 2 a round, most late: docs/research/jachete-bots.md).
const BUYS_PER_ROUND: f64 = 1.5;
/// What one buy still to come is worth, in round points.
const BUY_POINTS: f64 = 6.0;

/// What `money` cents are worth, in round points, with `rounds_left` rounds
/// still to be dealt: each buy (JA-10, 5 cents) they can pay for is worth
/// [`BUY_POINTS`], up to the buys those rounds will use; cents beyond, or
/// after the last round, buy nothing (the lowest total wins, JA-18).
fn future_cents(money: i32, rounds_left: u8) -> f64 {
    let usable = (BUYS_PER_ROUND * f64::from(rounds_left)).ceil();
    let buys = f64::from(money.max(0) / BUY_PRICE).min(usable);
    buys * BUY_POINTS
}

/// Buys a round a player makes before it is modelled as an aggressive
/// buyer: `normal`, `miser` and `opener` make 0.1 to 1.0 in rounds 1 to 5,
/// `buyer` 1.3 to 1.6 (`jachete_tune diag`, docs/research/jachete-bots.md).
const BUYER_RATE: f64 = 1.05;

/// The rollouts' model of an aggressive buyer: it also buys a card matching
/// a lone one (the `buyer` style's rule), and plays and discards like the
/// heuristic before tuning.
pub const BUYER_MODEL: Params = Params { buy_lone: 1.0, buy_lone_wanted: 1.0, gift: 0.0, ..Params::OLD };

/// The rollout policy of each seat, fitted from `view` only (JA-19): the
/// searching seat and every player seen buying at `normal`'s rate play
/// [`Params::NORMAL`]; a player seen buying faster ([`buy_rate`] at least
/// [`BUYER_RATE`]) plays [`BUYER_MODEL`].
pub fn opponent_models(view: &JaView) -> Vec<Params> {
    (0..view.players)
        .map(|seat| if seat != view.seat && buy_rate(view, seat) >= BUYER_RATE { BUYER_MODEL } else { Params::NORMAL })
        .collect()
}

/// A player's buys a round so far, from public facts only (JA-19): the cents
/// it has spent (money only leaves a purse by buying until the game ends,
/// JA-10, JA-18) over the rounds it has played, this one counted by its
/// turns (a full round after 4), with a prior of one round at 0.7 buys so
/// that a buy or two early in the game does not decide.
pub fn buy_rate(view: &JaView, seat: usize) -> f64 {
    let spent = START_MONEY - SMALL_POT_STAKE - view.money[seat];
    let buys = f64::from(spent.max(0) / BUY_PRICE);
    let turns = view.discarded.iter().filter(|&&(s, _)| s == seat).count();
    let rounds = f64::from(view.round.saturating_sub(1)) + (turns.min(4) as f64) / 4.0;
    (buys + 0.7) / (rounds + 1.0)
}

impl ArenaGame for JaGame {
    type Options = JaOptions;
    const SCORE: &'static str = "points";
    const EXTRA: &'static str = "purse";
    const LEVELS: &'static [Level] = &crate::jachete::LEVELS;

    fn start(players: usize, options: &JaOptions, seed: Seed) -> Result<Self, String> {
        JaGame::new_game(players, *options, seed)
    }

    /// The final purse in cents: money plus the pots won (JA-18).
    fn extra(&self, seat: Seat) -> f64 {
        self.results().last().and_then(|r| r.purses.get(seat)).map_or(0.0, |&c| f64::from(c))
    }
}

impl crate::coach::CoachedGame for JaGame {
    /// The `expert` level's own analysis (its first choice is its move): its
    /// reward weighs the whole game (the cents kept too), where the hint
    /// counts the round's points only and plays four times the worlds out —
    /// seconds a decision in the page's worker, at every buy of a game.
    fn coach(view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
        analyse(Level::Expert, view, legal, seed)
    }
    fn level_move(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
        decide(level, view, legal, seed)
    }
    /// JA-18: the lowest total first; equal totals share a place.
    fn places(&self) -> Vec<usize> {
        let scores = self.results().last().map(|r| r.scores.clone()).unwrap_or_default();
        (0..scores.len()).map(|s| 1 + scores.iter().filter(|&&o| o < scores[s]).count()).collect()
    }
    /// The coached game's own deals ([`COACHED_DEALS`]), the person in seat 0.
    fn deal(_table: &crate::arena::Table<JaOptions>, index: usize) -> (Seed, Seat) {
        (coached_deal(index), 0)
    }
    fn deals() -> Option<usize> {
        Some(COACHED_DEALS.len())
    }
    const COACH_IS_EXPERT: bool = true;
}

/// The arena seed of the coached game's deals ([`COACHED_DEALS`]).
pub const COACHED_SEED: u64 = 52;

/// The coached game's deals (issue 52): arena deals of [`COACHED_SEED`]
/// (`arena::game_seed(COACHED_SEED, i)`, 4 players, the person in seat 0)
/// where a person who follows the coach has six turns at least in the
/// first round — with `gentle` bots, only the person can end it sooner, by
/// going out, which a third of the deals would let them do.
/// `tablee coach --game jachete --turns --vet 400 --seed 52` listed them:
/// 251 of the first 400 deals (in the others the person following the
/// coach went out within five turns, once on the first).
pub const COACHED_DEALS: [u16; 251] = [
    1, 2, 3, 5, 10, 11, 13, 14, 15, 16, 18, 20, 22, 23, 25, 26, 29, 30, 32, 35,
    36, 37, 39, 40, 42, 43, 46, 47, 49, 50, 52, 53, 56, 57, 58, 59, 60, 64, 70, 71,
    74, 76, 77, 78, 79, 80, 81, 82, 83, 85, 86, 87, 89, 90, 91, 92, 93, 95, 97, 99,
    101, 102, 105, 106, 109, 112, 113, 116, 120, 123, 125, 126, 128, 129, 130, 131, 132, 133, 135, 136,
    137, 138, 141, 143, 146, 147, 148, 149, 150, 151, 152, 154, 155, 156, 157, 158, 159, 160, 161, 162,
    164, 167, 169, 173, 174, 175, 178, 179, 180, 182, 183, 184, 186, 187, 188, 189, 190, 191, 193, 194,
    195, 196, 199, 200, 202, 203, 205, 206, 207, 208, 209, 210, 211, 212, 213, 216, 220, 221, 222, 224,
    226, 227, 228, 229, 231, 235, 237, 238, 240, 242, 245, 247, 248, 249, 250, 251, 253, 254, 256, 257,
    258, 259, 260, 261, 262, 263, 265, 270, 271, 272, 273, 274, 276, 278, 279, 282, 283, 284, 285, 287,
    288, 289, 291, 292, 293, 296, 297, 300, 302, 303, 304, 306, 308, 309, 310, 312, 313, 314, 315, 316,
    318, 319, 320, 322, 323, 324, 326, 328, 329, 330, 333, 335, 338, 340, 341, 342, 343, 346, 347, 348,
    349, 352, 353, 354, 355, 356, 357, 358, 359, 363, 365, 367, 369, 371, 372, 373, 374, 378, 379, 380,
    382, 383, 385, 386, 387, 389, 390, 391, 392, 397, 399,
];

/// Coached deal `index` (any number: taken round the list).
pub fn coached_deal(index: usize) -> Seed {
    crate::arena::game_seed(COACHED_SEED, usize::from(COACHED_DEALS[index % COACHED_DEALS.len()]))
}

impl Player<JaGame> for BuiltIn {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn decide(&mut self, view: &JaView, legal: &[JaAction], seed: u64) -> Result<JaAction, Fault> {
        Ok(crate::jachete::decide(self.0, view, legal, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::win_chances;

    fn chances(totals: &[f64], rounds_left: u8) -> Vec<f64> {
        let mut out = Vec::new();
        win_chances(totals, &[0; 4], rounds_left, &mut out);
        out
    }

    /// JA-18: the lowest total wins, so the reward is the margin to the best
    /// other total, not to the table's average: 100 against 90, 200, 200 is
    /// well below the average but behind the leader.
    #[test]
    fn ja18_win_reward_is_the_margin_to_the_leader() {
        let c = chances(&[100.0, 90.0, 200.0, 200.0], 3);
        assert!(c[0] < 0.5, "{c:?}");
        assert!(c[1] > 0.5, "{c:?}");
        assert!(c[1] > c[0] && c[0] > c[2], "{c:?}");
        assert!((c[2] - c[3]).abs() < 1e-12);
    }

    /// The same margin is worth more the fewer rounds remain to change it.
    #[test]
    fn ja18_win_reward_is_surer_when_fewer_rounds_remain() {
        let early = chances(&[80.0, 100.0, 100.0, 100.0], 6)[0];
        let last = chances(&[80.0, 100.0, 100.0, 100.0], 0)[0];
        assert!(early > 0.5 && last > early + 0.1, "early {early}, last {last}");
    }
}
