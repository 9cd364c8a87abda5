//! Research opponents for J'achète (issue 15): three playing styles unlike
//! the levels, to measure the levels against a population rather than
//! against copies of `normal`. Arena seats only (`--seats normal,buyer,miser,opener`,
//! or `mix`, below); they are not levels a player chooses.
//!
//! Like the levels they decide from their seat's view (JA-19: [`JaView`])
//! and choose among the engine's generated candidates, so they never
//! propose an illegal table, and they are deterministic (they use no
//! randomness at all: the seed is ignored).
//!
//! - `buyer`, the aggressive buyer: buys every card that brings its hand
//!   closer to the contract (a wild, or a rank it holds fewer of than a set
//!   needs), keeps no reserve of cents, opens at once, lays off, and
//!   discards sensibly (lone cards, the most points first, wilds kept).
//! - `miser`, the conservative one: buys only a wild or the card that
//!   completes a set, and only while it has 30 cents or more; it waits to
//!   open until the opening leaves it at most 4 cards, another player has
//!   opened, or the stock runs low (30 cards), then lays off everything.
//! - `opener`, the fast opener: buys wilds and cards matching a pair it
//!   holds, opens as soon as it can, plays every card it can (wilds too:
//!   no penalty for playing them), and discards its lone high cards first
//!   to go out fast.
//!
//! `mix` is an arena seat that plays one of the three per game: the `k`-th
//! `mix` seat of `--seats` plays style `(game + k) % 3` in game `game`
//! ([`StylePlayer::mix`]), so three `mix` seats put one of each style at
//! every table, each style in every seat position over the games.

use tablee_engine::jachete::{contract, Card, JaAction, JaGame, JaPhase, JaView, Rank, TableMeld};

use crate::arena::{Fault, Player};

/// A research playing style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    Buyer,
    Miser,
    Opener,
}

impl Style {
    pub const ALL: [Style; 3] = [Style::Buyer, Style::Miser, Style::Opener];

    pub fn name(self) -> &'static str {
        match self {
            Style::Buyer => "buyer",
            Style::Miser => "miser",
            Style::Opener => "opener",
        }
    }

    pub fn parse(text: &str) -> Option<Style> {
        Style::ALL.into_iter().find(|s| s.name() == text.trim().to_ascii_lowercase())
    }
}

impl std::fmt::Display for Style {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// The style's choice among `legal` (the generated candidates), from `view`
/// only. `legal` must not be empty. The seed is not used: the styles are
/// deterministic by construction.
pub fn decide(style: Style, view: &JaView, legal: &[JaAction], _seed: u64) -> JaAction {
    let mut best = &legal[0];
    let mut best_score = f64::NEG_INFINITY;
    for action in legal {
        let score = score(style, view, action);
        // The first of equal scores: the generator's order.
        if score > best_score {
            best = action;
            best_score = score;
        }
    }
    best.clone()
}

fn rank_count(hand: &[Card], rank: Rank) -> usize {
    hand.iter().filter(|c| matches!(c, Card::Natural(r, _) if *r == rank) && !c.is_wild()).count()
}

fn card_count(table: &[TableMeld]) -> usize {
    table.iter().map(|m| m.cards.len()).sum()
}

fn wild_count(table: &[TableMeld]) -> usize {
    table.iter().flat_map(|m| &m.cards).filter(|c| c.is_wild()).count()
}

fn score(style: Style, view: &JaView, action: &JaAction) -> f64 {
    let hand = &view.hand;
    let me = view.seat;
    // The contract's set length (JA-3); every round has one.
    let min_len = contract(view.round).map_or(3, |c| c.min_len);
    match action {
        JaAction::Decline => 0.0,
        JaAction::Buy => {
            let Some(card) = view.buy_card else { return -1.0 };
            let held = match card {
                Card::Natural(rank, _) if !card.is_wild() => rank_count(hand, rank),
                _ => usize::MAX, // a wild
            };
            let wild = held == usize::MAX;
            let buys = match style {
                Style::Buyer => wild || (1..min_len).contains(&held),
                Style::Miser => view.money[me] >= 30 && (wild || held + 1 == min_len),
                Style::Opener => wild || (2..min_len).contains(&held),
            };
            if buys {
                1.0
            } else {
                -1.0
            }
        }
        JaAction::Play { table } => {
            let played = card_count(table).saturating_sub(card_count(&view.table));
            let wilds_played = wild_count(table).saturating_sub(wild_count(&view.table));
            let going_out = played >= hand.len();
            if going_out {
                return 2000.0;
            }
            if !view.opened[me] {
                // The opening (JA-12).
                let waits = style == Style::Miser
                    && hand.len() - played > 4
                    && !view.opened.iter().enumerate().any(|(s, &o)| o && s != me)
                    && view.stock > 30;
                return if waits { -100.0 } else { 1000.0 };
            }
            match style {
                Style::Opener => 10.0 + 2.0 * played as f64,
                Style::Buyer | Style::Miser => {
                    let penalty = if wilds_played > 0 && hand.len() > 3 { 15.0 } else { 0.0 };
                    10.0 + played as f64 - penalty
                }
            }
        }
        JaAction::Discard(card) => {
            if card.is_wild() {
                let wilds = hand.iter().filter(|c| c.is_wild()).count();
                return if wilds > 3 { 4.0 } else { -50.0 - f64::from(card.points()) };
            }
            let Card::Natural(rank, _) = *card else { return -50.0 };
            let keep = match rank_count(hand, rank) {
                1 => 0.0,
                2 => 8.0,
                _ => 16.0,
            };
            let weight = match style {
                Style::Opener => 0.5,
                Style::Buyer | Style::Miser if view.round >= 5 && view.phase == JaPhase::Play => 0.5,
                Style::Buyer | Style::Miser => 0.2,
            };
            f64::from(card.points()) * weight - keep
        }
    }
}

/// A style as an arena seat: one fixed style, or `mix` (a style per game).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StylePlayer {
    mix_offset: Option<usize>,
    current: Style,
}

impl StylePlayer {
    /// Always `style`.
    pub fn fixed(style: Style) -> StylePlayer {
        StylePlayer { mix_offset: None, current: style }
    }

    /// The `k`-th `mix` seat: style `(game + k) % 3` of [`Style::ALL`] in
    /// arena game `game`.
    pub fn mix(k: usize) -> StylePlayer {
        StylePlayer { mix_offset: Some(k), current: Style::ALL[k % Style::ALL.len()] }
    }

    /// The style it plays in the current game.
    pub fn style(&self) -> Style {
        self.current
    }
}

impl Player<JaGame> for StylePlayer {
    fn name(&self) -> String {
        match self.mix_offset {
            Some(_) => "mix".to_string(),
            None => self.current.name().to_string(),
        }
    }

    fn new_game(&mut self, _view: &JaView, game_index: usize) -> Result<(), Fault> {
        if let Some(k) = self.mix_offset {
            self.current = Style::ALL[(game_index + k) % Style::ALL.len()];
        }
        Ok(())
    }

    fn decide(&mut self, view: &JaView, legal: &[JaAction], seed: u64) -> Result<JaAction, Fault> {
        Ok(decide(self.current, view, legal, seed))
    }
}
