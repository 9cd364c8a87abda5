//! Katzenjammer's options on the home screen (its house rule: all 24 mice).

use leptos::prelude::*;
use tablee_engine::katzenjammer::Options;

use super::kb_tr;

#[component]
pub fn OptionsForm(options: RwSignal<Options>) -> impl IntoView {
    view! {
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
