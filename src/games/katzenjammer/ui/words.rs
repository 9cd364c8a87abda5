//! Katzenjammer's fixed texts on the page, following the language switch.

use leptos::prelude::*;

use crate::games::katzenjammer::texts::KbStrings;
use crate::ui::context::ctx;

/// A Katzenjammer text that follows the language switch (see `ui::tr`).
pub fn kb_tr(pick: fn(&'static KbStrings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(lang.get().kb())
}
