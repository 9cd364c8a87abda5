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
/// the words around it.
#[derive(Clone, Copy)]
struct Open(RwSignal<Option<&'static str>>);

/// Called by a table at its root: its terms share one open definition.
pub fn provide() {
    provide_context(Open(RwSignal::new(None)));
}

/// The term's button and, when open, its definition under it. `shown`:
/// the word as the sentence around it says it ("sets"), else
/// [`Word::word`].
#[component]
pub fn Term(word: Word, #[prop(optional, into)] shown: Option<String>) -> impl IntoView {
    let open = use_context::<Open>().map_or_else(|| RwSignal::new(None), |o| o.0);
    let key = word.key;
    // `try_`: the table (the signal's owner) may be gone before its views.
    let is_open = move || open.try_get().flatten() == Some(key);
    let def_id = format!("term-{key}-def");
    let label = shown.unwrap_or_else(|| word.word.to_string());
    // The tables act on taps and keys around them (a meld, the hand's keys):
    // the term's own stop here.
    let toggle = move |e: web_sys::MouseEvent| {
        e.stop_propagation();
        open.try_update(|o| *o = if *o == Some(key) { None } else { Some(key) });
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
                aria-controls=def_id.clone()
                on:click=toggle
                on:keydown=keys
            >
                {label}
            </button>
            <span class="term-def" id=def_id role="note" data-testid=format!("term-{key}-def") hidden=move || !is_open()>
                {word.says}
            </span>
        </span>
    }
}
