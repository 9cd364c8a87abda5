//! The heuristic every J'achète bot plays or rolls out with: its weights
//! ([`Params`], tuned against the research styles) and the move they pick
//! ([`heuristic_action`]) from a seat's view (JA-19).

use tablee_engine::jachete::{contract, Card, Contract, JaAction, JaPhase, JaRound, JaView, Rank, TableMeld, KINDS};
use tablee_engine::Seat;

use super::cards::{cards_short, fits_table, rank_count, set_ranks};

/// The heuristic's weights. `normal`, `easy` and the search levels' rollouts
/// play [`Params::NORMAL`]; `crates/bots/examples/jachete_tune.rs` tunes them by
/// self-play against the research styles (docs/research/jachete-bots.md, issue 15).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Buying (a buy is taken when its score is above 0, declining's):
    /// a wild; a card that grows a pair (or more) towards the contract's set
    /// length; a card matching a lone card; more of a rank already making a set.
    pub buy_wild: f64,
    pub buy_pair: f64,
    pub buy_lone: f64,
    pub buy_extra: f64,
    /// A card of a rank the hand does not hold (index 22).
    pub buy_none: f64,
    /// A card matching a lone card when the hand needs a new pair: it holds
    /// fewer pairs (or better) than the contract has sets, or the contract is
    /// tight, its sets taking at least three quarters of the cards dealt
    /// ([`tight`]: rounds 3 and 6, three sets of 3 from 12 cards, two of 5
    /// from 13), so the hand must grow to open (index 24; else `buy_lone`).
    pub buy_lone_wanted: f64,
    /// Taken off a buy for each other player who has opened (the round may
    /// end soon, and a buy adds two cards to the hand).
    pub buy_threat: f64,
    /// Taken off a buy for each card the hand holds beyond the deal.
    pub buy_hand: f64,
    /// Taken off a buy while the hand already holds the contract ([`can_open`]):
    /// it opens at its next turn anyway (JA-12), and a buy only adds two
    /// cards to lay off or to score (index 25). 0 in every shipped policy:
    /// 2 makes the heuristic alone stronger against every style, but the
    /// search levels already decline those buys, and in `normal` it only
    /// narrowed the gap between the levels (issue 15, part 8, docs/research/jachete-bots.md).
    pub buy_ready: f64,
    /// Playing: the value of each card played; the penalty for each wild
    /// played while the hand holds more than `wild_hand` cards and nobody
    /// else has opened (a wild kept makes any pair a set later).
    pub play_card: f64,
    pub play_wild: f64,
    pub wild_hand: f64,
    /// The wild penalty's factor once another player has opened (index 17).
    pub wild_threat: f64,
    /// Urgency: once an opened player holds at most `urgent_hand` cards (0:
    /// never), what keeps a card is scaled by `urgent_keep`, discards weigh
    /// points by `urgent_weight` at least, and wilds are played freely.
    pub urgent_hand: f64,
    pub urgent_keep: f64,
    pub urgent_weight: f64,
    /// Before opening, what keeps a card of a rank among the contract's best
    /// ranks (the hand's most numerous, as many as the contract has sets).
    pub keep_contract: f64,
    /// Discarding: the weight of a card's points before round `late_round`
    /// and from it on (or once another player has opened: `threat_weight`).
    pub discard_early: f64,
    pub discard_late: f64,
    pub late_round: f64,
    pub threat_weight: f64,
    /// What keeps a card: a pair, three or more of its rank.
    pub keep_pair: f64,
    pub keep_set: f64,
    /// Penalty for discarding a rank a player who can still buy has bought.
    pub gift: f64,
    /// A wild is let go only when the hand holds more than this many.
    pub wild_hoard: f64,
    /// Before opening, what keeps a card that fits a meld already on the
    /// table (JA-13: once opened, from the same turn on, it is laid off, so
    /// it leaves the hand with the opening while a lone card stays; index 23).
    pub keep_table: f64,
}

impl Params {
    /// `normal`'s hand-set weights before issue 15's tuning (for comparison:
    /// `jachete_tune`'s `old`).
    pub const OLD: Params = Params {
        buy_wild: 1.0,
        buy_pair: 1.0,
        buy_lone: -1.0,
        buy_extra: -1.0,
        buy_none: -1.0,
        buy_lone_wanted: -1.0,
        buy_threat: 0.0,
        buy_hand: 0.0,
        buy_ready: 0.0,
        play_card: 1.0,
        play_wild: 15.0,
        wild_hand: 3.0,
        wild_threat: 1.0,
        urgent_hand: 0.0,
        urgent_keep: 1.0,
        urgent_weight: 0.0,
        keep_contract: 0.0,
        discard_early: 0.2,
        discard_late: 0.5,
        late_round: 5.0,
        threat_weight: 0.2,
        keep_pair: 8.0,
        keep_set: 16.0,
        gift: 3.0,
        wild_hoard: 3.0,
        keep_table: 0.0,
    };

    /// `normal`'s weights: [`Params::OLD`] tuned by `jachete_tune` against the
    /// research styles (seeds 1001 and 1002; docs/research/jachete-bots.md). Cards played count
    /// for more and wilds are played more readily (a 10-point penalty, not
    /// 15, only while the hand holds more than 4 cards, and 0.7 of it once
    /// someone else has opened), points weigh more in discards (0.4 before
    /// round 5, 0.6 from it), pairs are kept more firmly, and a rank another
    /// player has bought is less of a gift. And (issue 15, part 7) it buys a
    /// card matching a lone one when it needs a new pair
    /// ([`Params::buy_lone_wanted`]).
    pub const NORMAL: Params = Params {
        buy_lone_wanted: 1.0,
        play_card: 3.0,
        play_wild: 10.0,
        wild_hand: 4.0,
        wild_threat: 0.7,
        discard_early: 0.4,
        discard_late: 0.6,
        late_round: 5.0,
        keep_pair: 11.0,
        gift: 1.0,
        ..Params::OLD
    };

    /// The search levels' policy (issue 15, part 5): their own move before
    /// the search, their candidates and their seat in the rollouts.
    pub const SEARCH: Params = Params::NORMAL;

    /// The weights by index (for the tuner), with their names.
    pub const NAMES: [&'static str; 26] = [
        "buy_wild",
        "buy_pair",
        "buy_lone",
        "buy_extra",
        "buy_threat",
        "buy_hand",
        "play_card",
        "play_wild",
        "wild_hand",
        "discard_early",
        "discard_late",
        "late_round",
        "threat_weight",
        "keep_pair",
        "keep_set",
        "gift",
        "wild_hoard",
        "wild_threat",
        "urgent_hand",
        "urgent_keep",
        "urgent_weight",
        "keep_contract",
        "buy_none",
        "keep_table",
        "buy_lone_wanted",
        "buy_ready",
    ];

    fn slot(&mut self, i: usize) -> &mut f64 {
        match i {
            0 => &mut self.buy_wild,
            1 => &mut self.buy_pair,
            2 => &mut self.buy_lone,
            3 => &mut self.buy_extra,
            4 => &mut self.buy_threat,
            5 => &mut self.buy_hand,
            6 => &mut self.play_card,
            7 => &mut self.play_wild,
            8 => &mut self.wild_hand,
            9 => &mut self.discard_early,
            10 => &mut self.discard_late,
            11 => &mut self.late_round,
            12 => &mut self.threat_weight,
            13 => &mut self.keep_pair,
            14 => &mut self.keep_set,
            15 => &mut self.gift,
            16 => &mut self.wild_hoard,
            17 => &mut self.wild_threat,
            18 => &mut self.urgent_hand,
            19 => &mut self.urgent_keep,
            20 => &mut self.urgent_weight,
            21 => &mut self.keep_contract,
            22 => &mut self.buy_none,
            23 => &mut self.keep_table,
            24 => &mut self.buy_lone_wanted,
            _ => &mut self.buy_ready,
        }
    }

    /// Weight `i` (see [`Params::NAMES`]).
    pub fn get(&self, i: usize) -> f64 {
        *self.clone().slot(i)
    }

    /// Sets weight `i` (see [`Params::NAMES`]).
    pub fn set(&mut self, i: usize, value: f64) {
        *self.slot(i) = value;
    }
}

/// The heuristic's choice with weights `params`, from `view` only (for the
/// tuner and research players; `normal` is `decide(Level::Normal, …)`).
pub fn heuristic_action(params: &Params, view: &JaView, legal: &[JaAction]) -> JaAction {
    Ctx::from_view(view, params).best(legal).unwrap_or_else(|| fallback(legal))
}

/// What the heuristic looks at, read from a view or (in rollouts) straight
/// from a world, so rollouts do not build a view per move.
pub(crate) struct Ctx<'a> {
    params: &'a Params,
    hand: &'a [Card],
    table: &'a [TableMeld],
    opened: bool,
    round: u8,
    phase: JaPhase,
    buy_card: Option<Card>,
    /// Ranks bought this round by players who may still buy (not opened):
    /// feeding them one is a gift.
    collected: [bool; 14],
    /// How many other players have opened (public).
    others_opened: usize,
    /// The fewest cards an opened other player holds (public; `usize::MAX`
    /// if nobody else has opened).
    threat_hand: usize,
}

impl<'a> Ctx<'a> {
    pub(crate) fn from_view(view: &'a JaView, params: &'a Params) -> Ctx<'a> {
        let mut collected = [false; 14];
        for &(seat, card) in &view.bought {
            if let (Card::Natural(rank, _), false) = (card, card.is_wild()) {
                if seat != view.seat && !view.opened[seat] {
                    collected[usize::from(rank.number())] = true;
                }
            }
        }
        Ctx {
            params,
            hand: &view.hand,
            table: &view.table,
            opened: view.opened[view.seat],
            round: view.round,
            phase: view.phase,
            buy_card: view.buy_card,
            collected,
            others_opened: view.opened.iter().enumerate().filter(|&(s, &o)| o && s != view.seat).count(),
            threat_hand: (0..view.players)
                .filter(|&s| s != view.seat && view.opened[s])
                .map(|s| view.hand_sizes[s])
                .min()
                .unwrap_or(usize::MAX),
        }
    }

    /// In a rollout: the world's own state, without the buy memory (a
    /// rollout is a rough model of everyone's play).
    pub(crate) fn from_round(round: &'a JaRound, seat: Seat, params: &'a Params) -> Ctx<'a> {
        Ctx {
            params,
            hand: round.hand(seat),
            table: round.table(),
            opened: round.opened(seat),
            round: round.round(),
            phase: round.phase(),
            buy_card: round.buy_card(),
            collected: [false; 14],
            others_opened: (0..round.players()).filter(|&s| s != seat && round.opened(s)).count(),
            threat_hand: (0..round.players())
                .filter(|&s| s != seat && round.opened(s))
                .map(|s| round.hand(s).len())
                .min()
                .unwrap_or(usize::MAX),
        }
    }

    /// Whether an opened player may go out soon ([`Params::urgent_hand`]).
    fn urgent(&self) -> bool {
        self.threat_hand as f64 <= self.params.urgent_hand
    }

    /// Before opening, whether `rank` is one of the contract's best ranks
    /// in the hand (the most naturals; ties to the higher rank, as the
    /// generator's opening does).
    fn contract_rank(&self, rank: Rank) -> bool {
        if self.opened {
            return false;
        }
        let sets = contract(self.round).map_or(1, |c| c.sets);
        let mine = rank_count(self.hand, rank);
        let better = set_ranks()
            .filter(|&r| r != rank)
            .filter(|&r| {
                let n = rank_count(self.hand, r);
                n > mine || (n == mine && r > rank)
            })
            .count();
        better < sets
    }

    /// The heuristic's score of one candidate.
    pub(crate) fn score(&self, action: &JaAction) -> f64 {
        let p = self.params;
        let hand = self.hand;
        match action {
            JaAction::Buy => {
                let Some(card) = self.buy_card else { return -1.0 };
                // A wild, or a card that grows a pair (or more) towards the
                // contract's set length; each buy adds two cards (points at
                // risk) and costs 5 cents (docs/research/jachete-bots.md, issue 15).
                let contract = contract(self.round);
                let min_len = contract.map_or(3, |c| c.min_len);
                let dealt = contract.map_or(9, |c| c.cards_dealt);
                let base = match card {
                    Card::Natural(rank, _) if !card.is_wild() => match rank_count(hand, rank) {
                        0 => p.buy_none,
                        // A new pair wanted: the pairs are counted only here,
                        // a rollout scores many buys.
                        1 if contract.is_some_and(|c| tight(&c) || pairs(hand) < c.sets) => p.buy_lone_wanted,
                        1 => p.buy_lone,
                        n if n < min_len => p.buy_pair,
                        _ => p.buy_extra,
                    },
                    _ => p.buy_wild,
                };
                // The contract already in hand: checked only here, a rollout
                // scores many buys.
                let ready = if p.buy_ready != 0.0 && contract.is_some_and(|c| can_open(hand, &c)) { p.buy_ready } else { 0.0 };
                base - ready - p.buy_threat * self.others_opened as f64 - p.buy_hand * hand.len().saturating_sub(dealt) as f64
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
                let mut value = 10.0 + p.play_card * played as f64;
                if !self.opened {
                    value += 100.0;
                }
                if going_out {
                    value += 1000.0;
                }
                if wilds_played > 0 && !going_out && hand.len() as f64 > p.wild_hand && !self.urgent() {
                    let factor = if self.others_opened > 0 { p.wild_threat } else { 1.0 };
                    value -= p.play_wild * factor * wilds_played as f64;
                }
                value
            }
            JaAction::Discard(card) => {
                if card.is_wild() {
                    // Wilds are precious, but a hoard of them cannot open
                    // (JA-5: at most half of a meld): beyond a few, let one go.
                    let wilds = hand.iter().filter(|c| c.is_wild()).count();
                    return if wilds as f64 > p.wild_hoard { 4.0 } else { -50.0 - f64::from(card.points()) };
                }
                let Card::Natural(rank, _) = *card else { return -50.0 };
                let same = rank_count(hand, rank);
                // A lone card is the natural discard, high points first; pairs
                // and sets in the making are kept.
                let mut keep = match same {
                    1 => 0.0,
                    2 => p.keep_pair,
                    _ => p.keep_set,
                };
                if p.keep_contract != 0.0 && self.contract_rank(rank) {
                    keep += p.keep_contract;
                }
                if p.keep_table != 0.0 && !self.opened && fits_table(self.table, *card) {
                    keep += p.keep_table;
                }
                // A rank someone is collecting would be bought at once.
                let gift = if self.collected[usize::from(rank.number())] { p.gift } else { 0.0 };
                // Late in the game, or once the round may end soon, dump points first.
                let mut weight = if self.phase == JaPhase::Play && f64::from(self.round) >= p.late_round {
                    p.discard_late
                } else {
                    p.discard_early
                };
                if self.others_opened > 0 {
                    weight = weight.max(p.threat_weight);
                }
                if self.urgent() {
                    weight = weight.max(p.urgent_weight);
                    keep *= p.urgent_keep;
                }
                f64::from(card.points()) * weight - keep - gift
            }
        }
    }

    /// The best-scored candidate, the first of equals (as [`analyse`] ranks them).
    pub(crate) fn best(&self, legal: &[JaAction]) -> Option<JaAction> {
        let mut best: Option<(&JaAction, f64)> = None;
        for action in legal {
            let score = self.score(action);
            if best.is_none_or(|(_, b)| score > b) {
                best = Some((action, score));
            }
        }
        best.map(|(a, _)| a.clone())
    }
}

/// Whether a contract is tight: its sets take at least three quarters of
/// the cards dealt (JA-3: rounds 3 and 6), so an opening needs more than the
/// deal usually gives ([`Params::buy_lone_wanted`]).
fn tight(c: &Contract) -> bool {
    4 * c.sets * c.min_len >= 3 * c.cards_dealt
}

/// Whether `hand` holds contract `c` (JA-3, JA-12): `c.sets` ranks (2 is
/// never a set's rank) each with at least half of a set's length in
/// naturals, the wilds making up the rest (JA-5: at most half of a meld).
fn can_open(hand: &[Card], c: &Contract) -> bool {
    cards_short(hand, c) == 0
}

/// How many ranks the hand holds two naturals or more of (wilds apart).
fn pairs(hand: &[Card]) -> usize {
    set_ranks().filter(|&r| rank_count(hand, r) >= 2).count()
}

fn count_wilds(table: &[TableMeld]) -> usize {
    table.iter().flat_map(|m| &m.cards).filter(|c| c.is_wild()).count()
}

/// How many copies of each card kind the seat cannot see: the two decks
/// minus its hand, the table and the discard pile.
pub(super) fn unseen_counts(view: &JaView) -> [u8; KINDS] {
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
pub(super) fn known_cards(view: &JaView, seat: Seat) -> Vec<Card> {
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

/// The move when nothing else is chosen: decline a buy, else the first.
pub(super) fn fallback(legal: &[JaAction]) -> JaAction {
    legal.iter().find(|a| **a == JaAction::Decline).cloned().unwrap_or_else(|| legal[0].clone())
}
