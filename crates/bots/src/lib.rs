//! Tablée's bots. A bot decides from its seat's view and the list of legal
//! actions only — it never sees another hand or the stock order — and, given
//! the same view and seed, always makes the same choice.
//!
//! Levels: `random` (a baseline), `easy` (the heuristic with human-looking
//! mistakes), `normal` (the heuristic), `hard` and `expert` (determinized
//! Monte Carlo search with paired heuristic rollouts over the generic game
//! API, [`paired`], budgets in sampled worlds, never in time). `ismcts` is a
//! Katzenjammer research level for the arena: SO-ISMCTS ([`ismcts`]) at the
//! hard budget, kept to measure the two searches against each other (see
//! docs/bots.md); J'achète has the other five ([`jachete::LEVELS`]).
//!
//! Each game's bots are in its module (`katzenjammer/`, `jachete/` with
//! its value and research styles), with its arena player
//! ([`arena::ArenaGame`], [`arena::BuiltIn`]); the levels ([`Level`]), the
//! searches ([`paired`], [`ismcts`]) and the arena are the games'.

pub mod arena;
pub mod coach;
#[cfg(any(test, feature = "test-game"))]
pub mod highcard;
pub mod ismcts;
pub mod jachete;
pub mod katzenjammer;
mod level;
pub mod paired;
pub mod search;

pub use ismcts::SearchConfig;
pub use level::{Level, Thinking};
pub use search::{Choice, SearchGame};

