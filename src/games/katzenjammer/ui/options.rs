//! Katzenjammer's options on the home screen (its house rule: all 24 mice)
//! and the number of games: one, or a match (KB-20).

use leptos::prelude::*;
use tablee_engine::katzenjammer::Options;

use super::words::kb_tr;

/// The form; `initial`: the options last dealt from the home screen or a
/// link. Play reads it back ([`chosen`]): no signal, which the first load
/// would pay for.
#[component]
pub fn OptionsForm(initial: Options) -> impl IntoView {
    view! {
        <p class="field">
            <label for="match-games">{kb_tr(|s| s.match_games)}</label>
            // The options' texts follow the language in place, so the choice
            // stays; Play reads it ([`chosen`]).
            <select id="match-games" data-testid="match-games" aria-describedby="match-help">
                <option value="1">{kb_tr(|s| s.one_game)}</option>
                <option value="3">{kb_tr(|s| s.match_3)}</option>
                <option value="5">{kb_tr(|s| s.match_5)}</option>
            </select>
        </p>
        <p class="note" id="match-help">{kb_tr(|s| s.match_help)}</p>
        <label class="choice">
            <input
                type="checkbox"
                id="full-mice"
                data-testid="full-mice"
                prop:checked=initial.full_mice
                aria-describedby="full-mice-help"
            />
            " " {kb_tr(|s| s.full_mice)}
        </label>
        <p class="note" id="full-mice-help">{kb_tr(|s| s.full_mice_help)}</p>
    }
}

/// The options and the number of games (KB-20; 1: a game of its own) the
/// form says, read when Play is pressed.
pub fn chosen() -> (Options, usize) {
    use wasm_bindgen::JsCast;
    let document = web_sys::window().and_then(|w| w.document());
    // A <select>'s and a checkbox's properties, read through the input's
    // binding (the same JS properties; one binding fewer in the first load).
    let input = |id: &str| document.as_ref().and_then(|d| d.get_element_by_id(id)).map(|e| e.unchecked_into::<web_sys::HtmlInputElement>());
    let games = input("match-games").and_then(|e| e.value().parse().ok()).unwrap_or(1);
    (Options { full_mice: input("full-mice").is_some_and(|e| e.checked()) }, games)
}
