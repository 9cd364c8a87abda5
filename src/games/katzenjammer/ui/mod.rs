//! Katzenjammer Blues' table: the deal bar, whose turn it is, the row, the
//! players, the hand with the bid builder and the presentations, the discard
//! pile, the log and the end of the game. Components read the game through
//! the shell's context (`ctx.game::<Kb, _>`) and move through `ui::act`.

mod cards;
mod end;
mod hand;
mod options;
mod replay;
mod standings;
mod table;

pub use options::OptionsForm;
pub use replay::{expert_words, ReplayTable};
pub use table::{flights, Game};

use leptos::prelude::*;

use super::Katzenjammer as Kb;
use crate::games::katzenjammer::texts::KbStrings;
use crate::ui::ctx;

/// A Katzenjammer text that follows the language switch (see `ui::tr`).
pub fn kb_tr(pick: fn(&'static KbStrings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(lang.get().kb())
}
