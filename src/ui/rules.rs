//! The rules page, in the reader's language.

use leptos::prelude::*;

use super::{ctx, Screen};
use crate::i18n;

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = ctx();
    let back = move |_| {
        let in_game = ctx.session.with_untracked(|s| s.is_some());
        ctx.screen.set(if in_game { Screen::Game } else { Screen::Home });
    };
    move || {
        let lang = ctx.lang();
        let in_game = ctx.session.with(|s| s.is_some());
        let sections = i18n::rules(lang)
            .iter()
            .map(|section| {
                view! {
                    <section>
                        <h2>{section.title}</h2>
                        {section.paragraphs.iter().map(|p| view! { <p>{*p}</p> }).collect_view()}
                    </section>
                }
            })
            .collect_view();
        view! {
            <article class="panel rules" data-testid="rules-screen" lang=lang.code()>
                <h1>{lang.s().rules_title}</h1>
                {sections}
                <p class="actions">
                    <button type="button" class="primary" data-testid="rules-back" on:click=back>
                        {if in_game { lang.s().nav_back } else { lang.s().nav_new_game }}
                    </button>
                </p>
            </article>
        }
    }
}
