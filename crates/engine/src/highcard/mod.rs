//! High card (`highcard`), the tests' third game: the smallest game with a
//! hidden hand, a decision and a winner, so that the tests can show what a
//! game touches to join Tablée (docs/architecture.md, "Adding a game"). Built
//! only for tests (the `test-game` feature).
//!
//! - HC-1: 2 to 4 players; nine cards, 1 to 9, shuffled from the seed; each
//!   player is dealt one card, face down; the rest is the stock.
//! - HC-2: from seat 0 on, each player once either keeps their card or swaps
//!   it for the stock's top card (the card given up leaves the game).
//! - HC-3: when everyone has chosen, the game is over: the highest card wins,
//!   and each player scores their card's value.
//!
//! Its scenario files (`"game": "highcard"`) are read and run by [`scenario`].

pub mod scenario;

use std::fmt;

use crate::game::{self, Game, Outcome, RuleError, Seat, Shared};
use crate::json::Json;
use crate::notation::read::{array, malformed, object, required, string, uint};
use crate::notation::ActionError;
use crate::rng::Rng;
use crate::seed::Seed;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 4;

/// A player's one decision (HC-2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HcAction {
    Keep,
    Swap,
}

/// Why High card refuses an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Everyone has chosen (HC-3).
    GameOver,
    /// A refusal every table shares.
    Shared(Shared),
}

impl game::Refusal for Refusal {
    fn rules(&self) -> &'static [&'static str] {
        match self {
            Refusal::GameOver => &["HC-3"],
            Refusal::Shared(_) => &[],
        }
    }
}

crate::embed_shared!(Refusal);

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => f.write_str("everyone has chosen: the game is over (HC-3)"),
            Refusal::Shared(shared) => shared.fmt(f),
        }
    }
}

/// A whole game of High card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HcState {
    hands: Vec<u8>,
    stock: Vec<u8>,
    /// What each seat chose, in order; the seat to act is the next one.
    chosen: Vec<HcAction>,
}

/// What one seat knows: its card and everyone's choices so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HcView {
    pub seat: Seat,
    pub players: usize,
    pub card: u8,
    pub chosen: Vec<HcAction>,
    pub stock: usize,
}

impl HcState {
    /// Deals a game (HC-1).
    pub fn new_game(players: usize, seed: Seed) -> Result<HcState, String> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!("High card is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players} (HC-1)"));
        }
        let mut deck: Vec<u8> = (1..=9).collect();
        Rng::for_stream(seed.number(), "highcard-deal").shuffle(&mut deck);
        let stock = deck.split_off(players);
        Ok(HcState { hands: deck, stock, chosen: Vec::new() })
    }

    /// A game from an explicit position (scenarios): each seat's card, and
    /// the stock, top card first; the cards of 1 to 9 found in neither go
    /// to the bottom of the stock, in ascending order (HC-1).
    pub fn from_position(players: usize, hands: &[Vec<u8>], stock_top_first: &[u8]) -> Result<HcState, String> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(format!("High card is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players} (HC-1)"));
        }
        if hands.len() != players {
            return Err(format!("{} hands for {players} players: give one hand per seat", hands.len()));
        }
        if let Some((seat, hand)) = hands.iter().enumerate().find(|(_, h)| h.len() != 1) {
            return Err(format!("hands[{seat}] holds {} cards: each player is dealt one (HC-1)", hand.len()));
        }
        let mut seen = [false; 10];
        for &card in hands.iter().flatten().chain(stock_top_first) {
            if std::mem::replace(&mut seen[usize::from(card)], true) {
                return Err(format!("card {card} twice in hands and stock: the deck has one of each, 1 to 9 (HC-1)"));
            }
        }
        let mut stock = stock_top_first.to_vec();
        stock.extend((1..=9).filter(|&c| !seen[usize::from(c)]));
        Ok(HcState { hands: hands.iter().map(|h| h[0]).collect(), stock, chosen: Vec::new() })
    }

    /// Each seat's card.
    pub fn hands(&self) -> &[u8] {
        &self.hands
    }

    pub fn chosen(&self) -> &[HcAction] {
        &self.chosen
    }

    /// The stock, top card first (HC-2: a swap takes its first card).
    pub fn stock(&self) -> &[u8] {
        &self.stock
    }

    /// The cards left in the stock.
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }
}

impl Game for HcState {
    type Action = HcAction;
    type View = HcView;
    type Refusal = Refusal;

    const NAME: &'static str = "highcard";
    const ACTIONS_EXHAUSTIVE: bool = true;

    fn players(&self) -> usize {
        self.hands.len()
    }

    fn to_act(&self) -> Option<Seat> {
        Some(self.chosen.len()).filter(|&s| s < self.hands.len())
    }

    fn actions(&self, out: &mut Vec<HcAction>) {
        out.clear();
        if self.to_act().is_some() {
            out.extend([HcAction::Keep, HcAction::Swap]);
        }
    }

    fn check(&self, _action: &HcAction) -> Result<(), RuleError<Refusal>> {
        match self.to_act() {
            Some(_) => Ok(()),
            None => Err(Refusal::GameOver.into()),
        }
    }

    fn apply(&mut self, action: &HcAction) -> Result<(), RuleError<Refusal>> {
        self.check(action)?;
        let seat = self.chosen.len();
        if *action == HcAction::Swap {
            self.hands[seat] = self.stock.remove(0);
        }
        self.chosen.push(*action);
        Ok(())
    }

    fn view(&self, seat: Seat) -> HcView {
        HcView { seat, players: self.players(), card: self.hands[seat], chosen: self.chosen.clone(), stock: self.stock.len() }
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.to_act().is_some() {
            return None;
        }
        let scores: Vec<i32> = self.hands.iter().map(|&c| i32::from(c)).collect();
        let best = scores.iter().copied().max().unwrap_or(0);
        let winners = (0..scores.len()).filter(|&s| scores[s] == best).collect();
        Some(Outcome { scores, winners })
    }
}

/// HC-1: the other cards and the stock dealt anew among themselves.
impl game::Redeal for HcState {
    fn redeal_hidden(&self, seat: Seat, rng: &mut Rng) -> HcState {
        let others: Vec<Seat> = (0..self.players()).filter(|&s| s != seat).collect();
        let mut pool: Vec<u8> = others.iter().map(|&s| self.hands[s]).chain(self.stock.iter().copied()).collect();
        rng.shuffle(&mut pool);
        let mut copy = self.clone();
        let mut rest = pool.into_iter();
        for (&s, card) in others.iter().zip(rest.by_ref()) {
            copy.hands[s] = card;
        }
        copy.stock = rest.collect();
        copy
    }
}

/// The action notation: `{"act":"keep"}`, `{"act":"swap"}`.
pub mod notation {
    use super::*;

    pub fn action_to_json(action: &HcAction) -> Json {
        let act = match action {
            HcAction::Keep => "keep",
            HcAction::Swap => "swap",
        };
        Json::obj([("act", Json::str(act))])
    }

    pub fn action_from_json(value: &Json) -> Result<HcAction, ActionError<Refusal>> {
        read_action(value, "action")
    }

    /// [`action_from_json`], naming the object `at` in its errors (a
    /// scenario's `actions[3]`).
    pub fn read_action(value: &Json, at: &str) -> Result<HcAction, ActionError<Refusal>> {
        let act = string(required(object(value, at)?, "act", at)?, &format!("{at}.act"))?;
        match act {
            "keep" => Ok(HcAction::Keep),
            "swap" => Ok(HcAction::Swap),
            other => Err(malformed(format!("unknown act \"{other}\" (keep, swap)"))),
        }
    }

    /// A card, 1 to 9 (HC-1), written as its number; `what` names it in errors.
    pub fn card(value: &Json, what: &str) -> Result<u8, ActionError<Refusal>> {
        match value.as_u64() {
            Some(n @ 1..=9) => Ok(n as u8),
            _ => Err(malformed(format!("{what}: {value} is not a card (1 to 9)"))),
        }
    }

    /// A view as the bot protocol sends it.
    pub fn view_to_json(view: &HcView) -> Json {
        Json::obj([
            ("seat", view.seat.into()),
            ("players", view.players.into()),
            ("card", u32::from(view.card).into()),
            ("chosen", Json::Arr(view.chosen.iter().map(action_to_json).collect())),
            ("stock", view.stock.into()),
        ])
    }

    /// Reads a view back from [`view_to_json`]; `Err` names what is wrong.
    pub fn view_from_json(value: &Json) -> Result<HcView, String> {
        let at = "the view";
        let number = |key: &str| -> Result<usize, String> { uint(required(object(value, at).map_err(|b| b.0)?, key, at).map_err(|b| b.0)?, key).map_err(|b| b.0) };
        let chosen = array(required(value, "chosen", at).map_err(|b| b.0)?, "chosen").map_err(|b| b.0)?;
        let chosen = chosen.iter().map(|a| action_from_json(a).map_err(|e| e.to_string())).collect::<Result<Vec<_>, _>>()?;
        let (seat, players, card) = (number("seat")?, number("players")?, number("card")?);
        if seat >= players || !(1..=9).contains(&card) {
            return Err(format!("{at} has seat {seat} of {players} and card {card}"));
        }
        Ok(HcView { seat, players, card: card as u8, chosen, stock: number("stock")? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::check_samples;

    #[test]
    fn hc1_hc3_a_whole_game_deals_chooses_and_ends() {
        let mut state = HcState::new_game(3, Seed::from_number(7)).expect("3 players");
        assert!(HcState::new_game(5, Seed::from_number(7)).is_err());
        let mut legal = Vec::new();
        while let Some(seat) = state.to_act() {
            state.actions(&mut legal);
            let action = if state.view(seat).card >= 5 { HcAction::Keep } else { HcAction::Swap };
            state.apply(&action).expect("a legal action");
        }
        let outcome = state.outcome().expect("over");
        assert_eq!(outcome.winners.len(), 1);
        let error = state.apply(&HcAction::Keep).unwrap_err();
        assert_eq!((error.refusal(), error.rules()), (&Refusal::GameOver, &["HC-3"][..]));
        check_samples(&[Refusal::GameOver], "HC-", |_| false, |r| format!("{r:?}"));
    }

    #[test]
    fn hc2_the_notation_refuses_an_unknown_act() {
        // That it reads what it writes: the safety net (src/games/safety.rs).
        assert!(matches!(notation::action_from_json(&Json::obj([("act", Json::str("fold"))])), Err(ActionError::Malformed(_))));
    }
}
