//! The puzzles' screens (docs/architecture.md, "Puzzles in the app"), a part
//! of the page loaded when first shown ([`super::parts`]): the list (the game
//! chosen, its puzzle of the day, the next unsolved puzzle of a chosen theme
//! and difficulty, the recent ones with their marks, the record of both
//! games) and one puzzle, of either game.
//!
//! A puzzle is solved on its game's own table: its position becomes the
//! shell's game while the puzzle is on screen — not saved, no hints, no bots
//! ([`crate::ui::context::Ctx::puzzle`]) — and the game in progress waits aside
//! ([`Held`]) until the puzzle screen goes. Once the first move is made the
//! table is frozen on the answer (`answer::answered`) until "Play on" makes the
//! position a normal game, kept in the list of unfinished games.
//!
//! A game's puzzle file's index (`puzzles/<game>.json`) is fetched the first
//! time that game's puzzles are opened (what the list needs); opening a
//! puzzle fetches besides only the part holding its game's actions and its
//! puzzles' candidates and explanations (`puzzles/<game>/<k>.json`,
//! docs/puzzles.md, "The file"): a puzzle is put on the table, judged and
//! answered only once opened with its part read ([`puzzles::open`]). All
//! are precached by the service worker for offline play.

pub(crate) mod answer;
mod held;
mod list;
mod one;
pub(crate) mod texts;
mod visit;

pub(crate) use self::held::{hold_lesson, release};
pub use self::list::List;
pub use self::one::one;
