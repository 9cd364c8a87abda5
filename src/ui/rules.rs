//! The rules page, in the reader's language.
//!
//! The text is not in the WebAssembly: it is `public/rules/<lang>.html`
//! (copied to `rules/` next to the page, precached by the service worker for
//! offline play), fetched the first time the rules are opened in a language.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::{browser, ctx, Screen};
use crate::app::lang::Lang;

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = ctx();
    let back = move |_| {
        let in_game = ctx.shell.with_untracked(|sh| sh.game.is_some());
        ctx.screen.set(if in_game { Screen::Game } else { Screen::Home });
    };
    // Each language's text once fetched (`None`: it could not be).
    let loaded = RwSignal::new(Vec::<(Lang, Option<String>)>::new());
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        if loaded.with_untracked(|l| l.iter().any(|(l, _)| *l == lang)) {
            return;
        }
        spawn_local(async move {
            let text = browser::fetch_text(&format!("./rules/{}.html", lang.code())).await;
            loaded.update(|l| l.push((lang, text)));
        });
    });
    move || {
        let lang = ctx.lang();
        let in_game = ctx.has_game();
        let text = match loaded.with(|l| l.iter().find(|(l, _)| *l == lang).map(|(_, t)| t.clone())) {
            // Loading: a small local file, a few milliseconds.
            None => ().into_any(),
            Some(Some(html)) => view! { <div class="rules-text" data-testid="rules-text" inner_html=html></div> }.into_any(),
            Some(None) => view! { <p data-testid="rules-unavailable">{lang.s().rules_unavailable}</p> }.into_any(),
        };
        view! {
            <article class="panel rules" data-testid="rules-screen" lang=lang.code()>
                <h1>{lang.s().rules_title}</h1>
                {text}
                <p class="actions">
                    <button type="button" class="primary" data-testid="rules-back" on:click=back>
                        {if in_game { lang.s().nav_back } else { lang.s().nav_new_game }}
                    </button>
                </p>
            </article>
        }
    }
}
