//! Puzzles: a position from a real seeded game, seen by one seat, with the
//! move a deep analysis from that seat's view finds clearly best.
//!
//! - [`format`]: the puzzle file (`public/puzzles/<game>.json`), read and
//!   written with the engine's JSON; a puzzle's position is its game's seed,
//!   seats and options and the actions before it, which the app writes as a
//!   save document with its own save code (`app::puzzles`) and resumes.
//! - [`replay`]: reaching a puzzle's position from its seed and checking it
//!   (seat to move, candidates legal); the position as a scenario file.
//! - [`analysis`], [`mine`], [`explain`] (and J'achète's [`explain_ja`]): how `tablee puzzles` finds them
//!   ([`miner`]: the miner's loop, for both games; [`jachete`]: J'achète's);
//!   [`complete`]: the other candidates of a file's puzzles, analysed again.

pub mod analysis;
pub mod complete;
pub mod explain;
pub mod explain_ja;
pub mod format;
pub mod jachete;
pub mod judge;
pub mod mine;
pub mod miner;
pub mod replay;
