//! What a table is given (issue 53). Like chessground, which is given a
//! position and says what was played, a game's table is fed by one seat's
//! view and says which move its person chose: the table never reads the
//! game's whole state nor the shell, so that it can be drawn for a seat that
//! holds only its own view (a friend's device, a puzzle, a lesson), and a
//! page shows a seat only what the rules let it see (KB-21, JA-19).
//!
//! Each input is a `Memo`: the shell changes for many reasons (a bot's move,
//! par arriving, a save's time), but a memo whose value is unchanged wakes
//! nobody, and each of the table's pieces derives its own slice from these
//! (the row, a seat's line, the hand, the log) so that a move redraws only
//! what it changed.

use leptos::prelude::*;
use tablee_engine::json::Json;
use tablee_engine::{RuleError, Seat};

use super::context::Ctx;
use super::flow::act;
use super::game_ui::GameUi;
use super::puzzles::answer;
use crate::app::config::TableConfig;

/// One seat's table: what it sees, whether its person may move, and where
/// the chosen move goes.
pub struct Feed<G: GameUi> {
    /// What the seat the table is drawn for sees: the engine's per-player view (`None` only while
    /// no game of this kind is on the table).
    pub view: Memo<Option<G::View>>,
    /// The moves the seat may make now (none while another seat acts), as
    /// chessground is given its destinations.
    pub legal: Memo<Vec<G::Action>>,
    /// The table's public set-up: its seats, who plays each, their names,
    /// the options (the seats' names and the log's words come from it).
    pub table: Memo<Option<TableConfig<G>>>,
    /// Whether the seat's person may move now: their turn, at a table that
    /// takes moves (an answered puzzle's waits for "Play on").
    pub to_move: Memo<bool>,
    /// The chosen move out, in the game's notation's type: checked by the
    /// authority (the engine here, the host at a friend's), a refusal back.
    pub play: Callback<G::Action, Result<(), RuleError<G::Refusal>>>,
    /// The shell's, not the view's: how many moves the game has recorded
    /// (a table keys its per-move work on it: a new staging area, the
    /// moves to say, what to bring into view; its saved note names the
    /// move it was written at).
    pub moves: Memo<usize>,
    /// The last move (its seat and action), where the table may tell it: a
    /// table whose device has no record of the game (a friend's) follows
    /// the moves through it, with the view before it ([`GameDef::public_move`]:
    /// a friend is sent only a game's public moves).
    ///
    /// [`GameDef::public_move`]: crate::app::game::GameDef::public_move
    pub moved: Memo<Option<(Seat, G::Action)>>,
    /// The shell's, not the view's: the table's own saved note (its UI
    /// state kept with the game: a hand's order, a staged turn, the rounds
    /// whose end was seen). The table writes it through `flow::set_note`,
    /// which wakes nobody (a staging step redraws no reader of the shell):
    /// so a derived signal, not a memo, that reads the shell's note each
    /// time (a memo would keep the note of the last move).
    pub note: Signal<Option<Json>>,
}

impl<G: GameUi> Clone for Feed<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: GameUi> Copy for Feed<G> {}

impl<G: GameUi> Feed<G> {
    /// The live table's feed: the game in progress, seen by its viewer
    /// (`Session::viewer`: the person to act, else the last who did), its
    /// moves through [`act`].
    pub fn live(ctx: Ctx) -> Feed<G> {
        let seat = Memo::new(move |_| ctx.game::<G, _>(|s| s.viewer()).unwrap_or(0));
        let view = Memo::new(move |_| ctx.game::<G, _>(|s| s.view(seat.get())));
        let legal = Memo::new(move |_| {
            ctx.game::<G, _>(|s| if s.to_act() == Some(seat.get()) { s.legal_actions() } else { Vec::new() }).unwrap_or_default()
        });
        let table = Memo::new(move |_| ctx.game::<G, _>(|s| s.config().clone()));
        let to_move = Memo::new(move |_| {
            ctx.game::<G, _>(|s| s.human_to_act() == Some(seat.get()) && !answer::answered(ctx, s.actions().len())).unwrap_or(false)
        });
        let moves = Memo::new(move |_| ctx.game::<G, _>(|s| s.actions().len()).unwrap_or(0));
        let moved = Memo::new(move |_| ctx.game::<G, _>(|s| s.moves().last().map(|(seat, a)| (seat, a.clone()))).flatten());
        let note = Signal::derive(move || ctx.game::<G, _>(|s| s.note().cloned()).flatten());
        Feed { view, legal, table, to_move, play: Callback::new(move |action| act::<G>(ctx, action)), moves, moved, note }
    }
}

impl<G: GameUi> Feed<G> {
    /// A slice of the view, tracked (the default while no game is on).
    pub fn with<R: Default>(&self, f: impl FnOnce(&G::View) -> R) -> R {
        self.view.with(|v| v.as_ref().map(f)).unwrap_or_default()
    }

    /// A slice of the view and the table's set-up together, tracked.
    pub fn with_table<R: Default>(&self, f: impl FnOnce(&G::View, &TableConfig<G>) -> R) -> R {
        self.table.with(|t| self.view.with(|v| Some(f(v.as_ref()?, t.as_ref()?)))).unwrap_or_default()
    }

    /// The table's set-up alone, tracked.
    pub fn with_config<R: Default>(&self, f: impl FnOnce(&TableConfig<G>) -> R) -> R {
        self.table.with(|t| t.as_ref().map(f)).unwrap_or_default()
    }
}
