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

pub use game::{EmbedsShared, Game, Outcome, Redeal, Refusal, RuleError, Seat, Shared};
pub use seed::{Seed, SeedError};
