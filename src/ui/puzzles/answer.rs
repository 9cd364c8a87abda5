//! Whether the puzzle on the table is answered (its first move made): read
//! by every move ([`crate::ui::flow::act`]) and by the tables, so in the
//! first load; the puzzles' screens (this module's parent, a part of the
//! page of its own) set the position's move number.

use std::cell::Cell;

use leptos::prelude::*;

use crate::games::AnySession;
use crate::ui::context::Ctx;

thread_local! {
    /// The move number of the puzzle on the table (set before its position is).
    static AT: Cell<Option<usize>> = const { Cell::new(None) };
}

/// The move number of the puzzle put on the table (`None`: no puzzle's,
/// never answered).
pub(crate) fn set_at(at: Option<usize>) {
    AT.set(at);
}

/// Whether the puzzle on the table is answered: its game has `moves` moves,
/// more than the position's. Its table then takes no move until "Play on"
/// makes it a normal game (tracks [`Ctx::puzzle`]).
pub(crate) fn answered(ctx: Ctx, moves: usize) -> bool {
    ctx.puzzle.get() && AT.get().is_some_and(|at| moves > at)
}

/// [`answered`], untracked, for the game in progress (of either game).
pub(crate) fn answered_now(ctx: Ctx) -> bool {
    ctx.puzzle.get_untracked() && ctx.shell.with_untracked(|sh| sh.game.as_ref().map(AnySession::moves)).is_some_and(|n| AT.get().is_some_and(|at| n > at))
}
