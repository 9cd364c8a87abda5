//! The lessons (issue 42; docs/lessons.md), a part of the page of its own
//! (`src/parts.rs`: `lessons`): a game's course (its lessons, ✓ for those
//! done on this device) and one lesson played on the game's real table.
//!
//! A lesson's position becomes the shell's game while it is on screen, as a
//! puzzle's does (`ui::puzzles::hold_lesson`: not saved, no hints, no bots;
//! the game in progress waits aside). The coach's line says one thing at a
//! time; a step that asks for a move marks the one element to tap next
//! (`data-coach="target"`, found by the game's [`Coached::target`]) and
//! brings it into view above the coach's line; a step that explains has
//! Next (`coach-next`, then the target). Every person's move passes the
//! lesson's gate (`ui::coach`): the step's move is played, the bots'
//! scripted replies follow; another move is refused with the lesson's words
//! (or the game's refusal words) and the position stays.
//!
//! Work started by the screen (the course's fetch, the replies' pacing, the
//! marking in the next frame) may outlive it: it touches the screen's own
//! signals only through `try_` accessors, and the shell's only while the
//! screen's `alive` flag says it is still up (docs/architecture.md).


mod coached;
mod course;
mod game;
mod lesson;
mod marks;
mod texts;

pub use self::course::Learn;
pub use self::game::Coached;


// The record of lessons done is the core's: the table's offer reads it.
pub use super::coach::{done_lessons, PROGRESS_KEY};
