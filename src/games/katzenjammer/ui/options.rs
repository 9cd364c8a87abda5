//! Katzenjammer's options on the home screen (its house rule: all 24 mice)
//! and the number of games: one, or a match (KB-20).

use leptos::prelude::*;
use tablee_engine::katzenjammer::Options;

use super::kb_tr;

#[component]
pub fn OptionsForm(options: RwSignal<Options>) -> impl IntoView {
    view! {
        <p class="field">
            <label for="match-games">{kb_tr(|s| s.match_games)}</label>
            // The options' texts follow the language in place, so the choice
            // stays; Play reads it (`home::match_games`: no signal, which
            // the first load would pay for).
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
                data-testid="full-mice"
                prop:checked=move || options.with(|o| o.full_mice)
                on:change=move |ev| options.update(|o| o.full_mice = event_target_checked(&ev))
                aria-describedby="full-mice-help"
            />
            " " {kb_tr(|s| s.full_mice)}
        </label>
        <p class="note" id="full-mice-help">{kb_tr(|s| s.full_mice_help)}</p>
    }
}
