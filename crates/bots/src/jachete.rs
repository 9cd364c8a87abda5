//! J'achète bots. They choose among the engine's generated candidates (the
//! opening, lay-offs, new sets and runs, wild swaps, discards, buy or
//! decline) from their own view only (JA-19).
//!
//! `random` picks uniformly; `normal` plays a sound heuristic — open as soon
//! as the contract is on the table, lay off naturals, keep wilds for going
//! out, buy wilds and cards that grow a pair towards a set, discard
//! lone high cards but not a rank a player about to buy is collecting;
//! `easy` errs now and then. `hard` and `expert` search: determinized Monte
//! Carlo with paired rollouts ([`crate::paired::paired_search`]) over the
//! heuristic's best candidates, every rollout played to the end of the round
//! by the heuristic for everyone (later deals are unknown, so the round's
//! points and the cents left are what a world can tell).

use tablee_engine::jachete::{contract, Card, JaAction, JaGame, JaPhase, JaRound, JaView, Rank, TableMeld, BUY_PRICE, KINDS};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat};

use crate::paired::paired_search;
use crate::{Choice, Level, SearchGame};

/// The levels J'achète has: the playable ones. It has no research level
/// (`ismcts` is Katzenjammer's only).
pub const LEVELS: [Level; 5] = Level::PLAYABLE;

/// Search budgets: sampled worlds, and how many of the heuristic's best
/// candidates are compared on them.
const HARD_WORLDS: u32 = 64;
const EXPERT_WORLDS: u32 = 160;
const SEARCH_WIDTH: usize = 4;
/// A rollout normally ends with the round; in the rare world where nobody can
/// go out (the stock rebuilt again and again, JA-16) it stops here and the
/// hands are scored as they stand.
const ROLLOUT_CAP: u32 = 400;

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
    let mut rng = Rng::new(seed);
    if level == Level::Random || (level == Level::Easy && rng.below(100) < 20) {
        let action = legal[rng.index(legal.len())].clone();
        return vec![Choice { action, visits: 1, value: 0.0 }];
    }
    let ctx = Ctx::from_view(view);
    let scores: Vec<f64> = legal.iter().map(|a| ctx.score(a)).collect();
    let worlds = match level {
        Level::Hard => HARD_WORLDS,
        Level::Expert => EXPERT_WORLDS,
        _ => 0,
    };
    if worlds > 0 && worth_searching(view, legal, &scores) {
        let choices: Vec<Choice<JaAction>> = paired_search::<JaGame>(view, worlds, ROLLOUT_CAP, SEARCH_WIDTH, &mut rng)
            .into_iter()
            .filter(|c| legal.contains(&c.action))
            .collect();
        if !choices.is_empty() {
            return choices;
        }
    }
    let mut ranked: Vec<Choice<JaAction>> =
        legal.iter().zip(&scores).map(|(a, &value)| Choice { action: a.clone(), visits: 1, value }).collect();
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
    ranked
}

/// Search only where the heuristic can be wrong: a buy, or a turn's choice
/// among several discards (`scores`: the heuristic's, one per legal action).
/// Going out and obvious plays need no search.
fn worth_searching(view: &JaView, legal: &[JaAction], scores: &[f64]) -> bool {
    match view.phase {
        JaPhase::BuyWindow => legal.contains(&JaAction::Buy),
        JaPhase::Play => {
            let best = (0..legal.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b])).map(|i| &legal[i]);
            matches!(best, Some(JaAction::Discard(_))) && view.hand.len() > 1
        }
        _ => false,
    }
}

fn fallback(legal: &[JaAction]) -> JaAction {
    legal.iter().find(|a| **a == JaAction::Decline).cloned().unwrap_or_else(|| legal[0].clone())
}

fn rank_count(hand: &[Card], rank: Rank) -> usize {
    hand.iter().filter(|c| matches!(c, Card::Natural(r, _) if *r == rank) && !c.is_wild()).count()
}

/// What the heuristic looks at, read from a view or (in rollouts) straight
/// from a world, so rollouts do not build a view per move.
struct Ctx<'a> {
    hand: &'a [Card],
    table: &'a [TableMeld],
    opened: bool,
    round: u8,
    phase: JaPhase,
    buy_card: Option<Card>,
    /// Ranks bought this round by players who may still buy (not opened):
    /// feeding them one is a gift.
    collected: [bool; 14],
}

impl<'a> Ctx<'a> {
    fn from_view(view: &'a JaView) -> Ctx<'a> {
        let mut collected = [false; 14];
        for &(seat, card) in &view.bought {
            if let (Card::Natural(rank, _), false) = (card, card.is_wild()) {
                if seat != view.seat && !view.opened[seat] {
                    collected[usize::from(rank.number())] = true;
                }
            }
        }
        Ctx {
            hand: &view.hand,
            table: &view.table,
            opened: view.opened[view.seat],
            round: view.round,
            phase: view.phase,
            buy_card: view.buy_card,
            collected,
        }
    }

    /// In a rollout: the world's own state, without the buy memory (a
    /// rollout is a rough model of everyone's play).
    fn from_round(round: &'a JaRound, seat: Seat) -> Ctx<'a> {
        Ctx {
            hand: round.hand(seat),
            table: round.table(),
            opened: round.opened(seat),
            round: round.round(),
            phase: round.phase(),
            buy_card: round.buy_card(),
            collected: [false; 14],
        }
    }

    /// The heuristic's score of one candidate.
    fn score(&self, action: &JaAction) -> f64 {
        let hand = self.hand;
        match action {
            JaAction::Buy => {
                let Some(card) = self.buy_card else { return -1.0 };
                // Buy a wild, or a card that grows a pair (or more) towards
                // the contract's set length; never a lone match, nor more of
                // a rank that already makes a set: each buy adds two cards
                // (points at risk) and costs 5 cents, and against players who
                // buy at every chance those buys lost (docs/bots.md, issue 15).
                let min_len = contract(self.round).map_or(3, |c| c.min_len);
                let wanted = match card {
                    c if c.is_wild() => true,
                    Card::Natural(rank, _) => (2..min_len).contains(&rank_count(hand, rank)),
                    Card::Joker => true,
                };
                if wanted {
                    1.0
                } else {
                    -1.0
                }
            }
            JaAction::Decline => 0.0,
            JaAction::Play { table } => {
                // Points leaving the hand: the more the better; playing a wild
                // costs its flexibility unless the hand is nearly empty.
                let before: usize = self.table.iter().map(|m| m.cards.len()).sum();
                let after: usize = table.iter().map(|m| m.cards.len()).sum();
                let played = after.saturating_sub(before);
                let wilds_played = count_wilds(table).saturating_sub(count_wilds(self.table));
                let going_out = played >= hand.len();
                let mut value = 10.0 + played as f64;
                if !self.opened {
                    value += 100.0;
                }
                if going_out {
                    value += 1000.0;
                }
                if wilds_played > 0 && !going_out && hand.len() > 3 {
                    value -= 15.0;
                }
                value
            }
            JaAction::Discard(card) => {
                if card.is_wild() {
                    // Wilds are precious, but a hoard of them cannot open
                    // (JA-5: at most half of a meld): beyond three, let one go.
                    let wilds = hand.iter().filter(|c| c.is_wild()).count();
                    return if wilds > 3 { 4.0 } else { -50.0 - f64::from(card.points()) };
                }
                let Card::Natural(rank, _) = *card else { return -50.0 };
                let same = rank_count(hand, rank);
                // A lone card is the natural discard, high points first; pairs
                // and sets in the making are kept.
                let keep = match same {
                    1 => 0.0,
                    2 => 8.0,
                    _ => 16.0,
                };
                // A rank someone is collecting would be bought at once.
                let gift = if self.collected[usize::from(rank.number())] { 3.0 } else { 0.0 };
                // Late in the game, dump points first.
                let late = if self.phase == JaPhase::Play && self.round >= 5 { 0.5 } else { 0.2 };
                f64::from(card.points()) * late - keep - gift
            }
        }
    }

    fn best(&self, legal: &[JaAction]) -> Option<JaAction> {
        legal.iter().max_by(|a, b| self.score(a).total_cmp(&self.score(b))).cloned()
    }
}

fn count_wilds(table: &[TableMeld]) -> usize {
    table.iter().flat_map(|m| &m.cards).filter(|c| c.is_wild()).count()
}

/// How many copies of each card kind the seat cannot see: the two decks
/// minus its hand, the table and the discard pile.
fn unseen_counts(view: &JaView) -> [u8; KINDS] {
    let mut counts = [0u8; KINDS];
    for (i, count) in counts.iter_mut().enumerate() {
        *count = Card::from_kind_index(i).map_or(0, Card::copies);
    }
    let seen = view.hand.iter().chain(view.table.iter().flat_map(|m| &m.cards)).chain(&view.discard_pile);
    for card in seen {
        let slot = &mut counts[card.kind_index()];
        *slot = slot.saturating_sub(1);
    }
    counts
}

/// Cards a seat is known to hold: what it bought this round, less what it
/// later discarded and any copy now on the table (it may have been played).
fn known_cards(view: &JaView, seat: Seat) -> Vec<Card> {
    let mut known: Vec<Card> = view.bought.iter().filter(|(s, _)| *s == seat).map(|&(_, c)| c).collect();
    for &(s, card) in &view.discarded {
        if s == seat {
            if let Some(i) = known.iter().position(|c| *c == card) {
                known.swap_remove(i);
            }
        }
    }
    known.retain(|card| !view.table.iter().any(|m| m.cards.contains(card)));
    known
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
        let ctx = Ctx::from_round(self.round(), seat);
        let mut scored: Vec<(f64, JaAction)> = out.drain(..).map(|a| (ctx.score(&a), a)).collect();
        scored.sort_by(|a, b| b.0.total_cmp(&a.0));
        out.extend(scored.into_iter().take(width).map(|(_, a)| a));
    }

    /// Everyone plays the `normal` heuristic, without noise.
    fn rollout_action(&self, _rng: &mut Rng, scratch: &mut Vec<JaAction>) -> JaAction {
        self.actions(scratch);
        let seat = self.to_act().unwrap_or(0);
        Ctx::from_round(self.round(), seat).best(scratch).unwrap_or(JaAction::Decline)
    }

    /// The round's points decide the game (the lowest total wins, JA-18):
    /// the reward is how much better than the table's average the seat
    /// scored, plus a little for cents kept while later rounds remain.
    fn rewards(&self, out: &mut Vec<f64>) {
        out.clear();
        let round = self.round();
        let n = round.players();
        let points: Vec<f64> = match round.result() {
            Some(result) => result.round_points.iter().map(|&p| f64::from(p)).collect(),
            // Cut off before the end: the hands as they stand.
            None => (0..n).map(|s| round.hand(s).iter().map(|c| f64::from(c.points())).sum()).collect(),
        };
        let total: f64 = points.iter().sum();
        let rounds_left = f64::from(7u8.saturating_sub(round.round()));
        for (seat, &p) in points.iter().enumerate() {
            let others = (total - p) / (n as f64 - 1.0).max(1.0);
            let cents = f64::from(round.money(seat).min(BUY_PRICE * 4)) * 0.4 * rounds_left.min(2.0);
            out.push((0.5 + (others - p + cents) / 400.0).clamp(0.0, 1.0));
        }
    }
}
