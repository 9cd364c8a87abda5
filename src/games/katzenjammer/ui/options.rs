//! Katzenjammer's options on the home screen (its house rule: all 24 mice).

use leptos::prelude::*;
use tablee_engine::katzenjammer::Options;

use super::kb_tr;
use crate::app::lang::Lang;

/// The numbers of games offered for a match (KB-20; one: a game of its own).
const MATCH_GAMES: [usize; 3] = [1, 3, 5];

#[component]
pub fn OptionsForm(options: RwSignal<Options>, games: RwSignal<usize>) -> impl IntoView {
    let lang = crate::ui::ctx().lang;
    view! {
        <p class="field">
            <label for="match-games">{move || lang.get().pick("Games", "Parties")}</label>
            <select
                id="match-games"
                data-testid="match-games"
                aria-describedby="match-help"
                on:change=move |ev| games.set(event_target_value(&ev).parse().unwrap_or(1))
                prop:value=move || games.get().to_string()
            >
                {MATCH_GAMES
                    .map(|n| {
                        let text = move || match (n, lang.get()) {
                            (1, l) => l.pick("One game", "Une partie").to_string(),
                            (n, Lang::En) => format!("A match of {n} games"),
                            (n, Lang::Fr) => format!("Un match en {n} parties"),
                        };
                        view! { <option value=n.to_string() selected=move || games.get() == n>{text}</option> }
                    })
                    .collect_view()}
            </select>
        </p>
        <p class="note" id="match-help">
            {move || lang.get().pick("A match adds up each player's mice over its games: the highest total wins.", "Un match additionne les souris de chacun sur ses parties : le plus haut total gagne.")}
        </p>
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
