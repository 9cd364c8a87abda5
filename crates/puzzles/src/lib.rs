//! Puzzles: a position from a real seeded game, seen by one seat, with the
//! move a deep analysis from that seat's view finds clearly best.
//!
//! - [`format`]: the puzzle file (`src/games/<game>/public/puzzles/<game>.json`), read and
//!   written with the engine's JSON; a puzzle's position is its game's seed,
//!   seats and options and the actions before it, which the app writes as a
//!   save document with its own save code (`app::puzzles`) and resumes.
//! - [`replay`]: reaching a puzzle's position from its seed and checking it
//!   (seat to move, candidates legal); the position as a scenario file.
//! - [`miner`]: the miner's loop, for every game; [`judge`]: which
//!   candidates are the answers; [`estimate`]: the estimates and threads
//!   every game's analysis shares; [`explanation`]: what every game's
//!   explanations share.
//! - Each game's puzzles are its folder, one line a game below:
//!   [`katzenjammer`] (its analysis, mining, explanations, completion) and
//!   [`jachete`] (its mining and analysis, its explanations).

pub mod estimate;
pub mod explanation;
pub mod format;
pub mod judge;
pub mod miner;
pub mod replay;

#[cfg(any(test, feature = "test-game"))]
pub mod highcard;
pub mod jachete;
pub mod katzenjammer;
