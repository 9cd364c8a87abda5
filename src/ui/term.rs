//! A word of a game defined where it appears (issue 42): the word is a
//! button (`aria-expanded`, `aria-controls`), and a tap or a key on it shows
//! (and hides) its definition in one or two sentences, in the player's
//! language. Esc closes it. The words are data, each game's
//! (`src/games/<game>/terms.rs`), never a rule id; one component for both
//! tables.

use leptos::prelude::*;

/// A term and its definition, in one language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Word {
    /// Names it in the page (`data-testid="term-<key>"`, its definition's
    /// id): once a page.
    pub key: &'static str,
    /// The word as the table says it.
    pub word: &'static str,
    /// Its definition.
    pub says: &'static str,
}

/// A game's terms in the player's language.
pub fn of<T>(lang: crate::app::lang::Lang, en: &'static T, fr: &'static T) -> &'static T {
    match lang {
        crate::app::lang::Lang::En => en,
        crate::app::lang::Lang::Fr => fr,
    }
}

/// Which term of a table is open (one at a time): the table keeps it
/// ([`provide`]), so that a definition stays open while the moves redraw
/// the words around it, and shows it with [`TermNote`] after the line the
/// word is in (inside it, a definition cut the sentence in two:
/// "Contract: two sets [a paragraph] of 3").
#[derive(Clone, Copy)]
struct Open(RwSignal<Option<Word>>);

/// Called by a table at its root: its terms share one open definition.
pub fn provide() {
    provide_context(Open(RwSignal::new(None)));
}

fn def_id(key: &str) -> String {
    format!("term-{key}-def")
}

/// The term's button. `shown`: the word as the sentence around it says it
/// ("sets"), else [`Word::word`]. Its definition shows in the table's
/// [`TermNote`]; a term outside any table ([`provide`] not called) shows it
/// under the word.
#[component]
pub fn Term(word: Word, #[prop(optional, into)] shown: Option<String>) -> impl IntoView {
    let shared = use_context::<Open>();
    let open = shared.map_or_else(|| RwSignal::new(None), |o| o.0);
    let key = word.key;
    // `try_`: the table (the signal's owner) may be gone before its views.
    let is_open = move || open.try_with(|o| o.is_some_and(|w| w.key == key)).unwrap_or(false);
    let label = shown.unwrap_or_else(|| word.word.to_string());
    // The tables act on taps and keys around them (a meld, the hand's keys):
    // the term's own stop here.
    let toggle = move |e: web_sys::MouseEvent| {
        e.stop_propagation();
        open.try_update(|o| *o = if o.is_some_and(|w| w.key == key) { None } else { Some(word) });
    };
    let keys = move |e: web_sys::KeyboardEvent| {
        e.stop_propagation();
        if e.key() == "Escape" {
            open.try_update(|o| *o = None);
        }
    };
    view! {
        <span class="term">
            <button
                type="button"
                class="term-word"
                data-testid=format!("term-{key}")
                aria-expanded=move || is_open().to_string()
                aria-controls=def_id(key)
                on:click=toggle
                on:keydown=keys
            >
                {label}
            </button>
            {shared.is_none().then(|| view! { <Definition word open=Signal::derive(is_open) /> })}
        </span>
    }
}

/// The table's open definition, where the table puts it (after the line
/// its word is in).
#[component]
pub fn TermNote() -> impl IntoView {
    let open = use_context::<Open>().map(|o| o.0);
    move || {
        let word = open.and_then(|o| o.try_get().flatten())?;
        Some(view! { <Definition word open=Signal::stored(true) /> })
    }
}

#[component]
fn Definition(word: Word, open: Signal<bool>) -> impl IntoView {
    view! {
        <span class="term-def" id=def_id(word.key) role="note" data-testid=def_id(word.key) hidden=move || !open.get()>
            {word.says}
        </span>
    }
}
