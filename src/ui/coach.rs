//! The coach's hooks in the shell (issue 42, docs/lessons.md): a lesson's
//! address, and the gate every person's move passes while a lesson is on
//! the table (`ui::act`). The lessons themselves are a part of the page of
//! their own (`ui::learn`); only these few lines are in the first load.

use std::cell::RefCell;
use std::rc::Rc;

use tablee_engine::json::Json;

use crate::app::game::GameId;
use crate::app::url;

/// Judges a person's move (in the game's notation) before the table plays
/// it: true lets it through, false keeps the position (the lesson says why).
pub type Gate = Rc<dyn Fn(&Json) -> bool>;

thread_local!(static GATE: RefCell<Option<Gate>> = const { RefCell::new(None) });

/// Sets (a lesson on the table) or clears the gate.
pub fn set_gate(gate: Option<Gate>) {
    GATE.with(|g| *g.borrow_mut() = gate);
}

/// Whether the move may be played (always, with no lesson on the table).
pub(crate) fn allows(action: impl FnOnce() -> Json) -> bool {
    match GATE.with(|g| g.borrow().clone()) {
        Some(gate) => gate(&action()),
        None => true,
    }
}

/// A course's address: `?game=jachete&learn` (the course, `None`) or
/// `&learn=N` (lesson N, from 1; a number that does not read opens the course).
pub fn learn_link(search: &str) -> Option<(GameId, Option<usize>)> {
    let pairs = url::parse(search);
    let n = url::get(&pairs, "learn")?;
    let game = url::get(&pairs, "game").and_then(GameId::parse).unwrap_or(GameId::Katzenjammer);
    Some((game, n.trim().parse().ok().filter(|&n| n > 0)))
}

/// The address of a course or one of its lessons.
pub fn link(game: GameId, lesson: Option<usize>) -> String {
    match lesson {
        Some(n) => format!("?game={}&learn={n}", game.code()),
        None => format!("?game={}&learn", game.code()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_course_and_a_lesson_are_addresses() {
        assert_eq!(learn_link("?game=jachete&learn"), Some((GameId::Jachete, None)));
        assert_eq!(learn_link("?game=katzenjammer&learn=3"), Some((GameId::Katzenjammer, Some(3))));
        assert_eq!(learn_link("?learn=0"), Some((GameId::Katzenjammer, None)));
        assert_eq!(learn_link("?game=katzenjammer&seed=1K7Q-M3ZD"), None);
        for (game, n) in [(GameId::Jachete, None), (GameId::Katzenjammer, Some(2))] {
            assert_eq!(learn_link(&link(game, n)), Some((game, n)));
        }
    }
}
