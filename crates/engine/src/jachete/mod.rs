//! J'achète! (le 60 cennes): the rules of `../shared/rules/jachete.md`, rule
//! ids JA-1..JA-19: the cards (JA-1), meld validation with its explanations
//! (JA-3, JA-5, JA-6, JA-13), one round as a state machine (`round.rs`:
//! JA-4..JA-18 — the first turned card, buying, opening, the table rule,
//! rebuilding the stock, scoring, the pots after round 7), and the
//! seven-round game with seeded deals, the per-player view (JA-19) and the
//! generic `Game` API with its move generator (`game.rs`); `notation` is the
//! one codec of its actions (scenario files, the bot protocol).

mod cards;
mod game;
mod meld;
pub mod notation;
mod parts;
pub mod playout;
mod refusal;
mod round;
pub mod scenario;

pub use cards::{deck, Card, Rank, Suit, DECK_SIZE, KINDS};
pub use meld::{contract, max_wilds, read_meld, Contract, ContractError, Meld, MeldError, MeldKind, Standing};
pub use parts::{from_hand, less, play_parts, Part};
pub use refusal::Refusal;
pub use round::{
    JaAction, JaPhase, JaRound, Reshuffle, RoundResult, RoundSetup, TableMeld, BUY_PRICE, ROUNDS, SMALL_POT_STAKE,
    START_MONEY,
};
pub use game::{candidate_plays, find_opening, JaGame, JaOptions, JaView, GAME_ROUNDS};
