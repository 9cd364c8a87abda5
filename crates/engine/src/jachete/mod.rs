//! J'achète! (le 60 cennes): the rules of `../shared/rules/jachete.md`, rule
//! ids JA-1..JA-19. Built so far: the cards (JA-1) and meld validation with
//! its explanations (JA-3, JA-5, JA-6, JA-13). The round state machine (deal,
//! buying, opening, the table rule, scoring) comes next on the same API.

mod cards;
mod meld;

pub use cards::{deck, Card, Rank, Suit, DECK_SIZE, KINDS};
pub use meld::{contract, max_wilds, read_meld, Contract, Meld, MeldError, MeldKind, Standing};
