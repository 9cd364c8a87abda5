//! Tablée's rules engines: pure, deterministic Rust with no web dependency.
//!
//! - [`game`]: the game-agnostic API (state, actions, apply, view, outcome);
//! - [`rng`] and [`seed`]: the portable generator and the typeable deal seeds;
//! - [`katzenjammer`]: Katzenjammer Blues (KB-1..KB-21);
//! - [`json`] and [`notation`]: the small JSON module and the action
//!   notation's common error (each game's codec is its `notation` module);
//! - [`scenario`]: the conformance interface of `shared/spec/scenarios.md`.

pub mod game;
#[cfg(any(test, feature = "test-game"))]
pub mod highcard;
pub mod jachete;
pub mod json;
pub mod notation;
pub mod katzenjammer;
pub mod rng;
pub mod scenario;
pub mod seed;

/// Writes its items only in a build with the tests' game, High card (the
/// `test-game` feature, which the other crates' dev-dependencies turn on):
/// `test_game! { items }`, or `test_game! { { items } else { items } }`.
/// How a tool lists High card in the builds its own tests run, the binaries
/// its integration tests start included (`#[cfg(test)]` does not reach them),
/// and never in a shipped build (`crates/cli/src/games/mod.rs`).
#[cfg(any(test, feature = "test-game"))]
#[macro_export]
macro_rules! test_game {
    ({ $($with:item)* } else { $($without:item)* }) => { $($with)* };
    ($($with:item)*) => { $($with)* };
}

/// Without the tests' game: the `else` items, or nothing (see above).
#[cfg(not(any(test, feature = "test-game")))]
#[macro_export]
macro_rules! test_game {
    ({ $($with:item)* } else { $($without:item)* }) => { $($without)* };
    ($($with:item)*) => {};
}

pub use game::{EmbedsShared, Game, Outcome, Redeal, Refusal, RuleError, Seat, Shared};
pub use seed::{Seed, SeedError};
