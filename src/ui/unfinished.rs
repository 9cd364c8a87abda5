//! The unfinished games kept on this device (`Shell::kept`), newest first,
//! each with its Resume button: resuming one makes it the game in progress
//! and keeps the one it replaces.

use leptos::prelude::*;

use super::{browser, ctx, persist, shown};
use crate::i18n;

#[component]
pub fn Unfinished() -> impl IntoView {
    let ctx = ctx();
    let games = move || {
        ctx.shell.with(|sh| sh.kept.iter().map(|k| (k.session.table(), k.session.moves(), k.at, match_label(&k.session, ctx.lang()))).collect::<Vec<_>>())
    };
    let resume = move |index: usize| {
        let mut job = None;
        ctx.shell.update(|sh| job = sh.resume(index));
        shown(ctx, job);
        persist(ctx);
    };
    move || {
        let list = games();
        (!list.is_empty()).then(|| {
            let lang = ctx.lang();
            let now = browser::now_ms();
            let items = list.into_iter().enumerate().map(|(i, (table, moves, at, label))| {
                view! {
                    <li data-testid=format!("unfinished-{i}")>
                        <span>{label}{i18n::kept_game(&table, moves, now - at, lang)}</span>
                        " "
                        <button type="button" class="secondary" data-testid=format!("unfinished-resume-{i}") on:click=move |_| resume(i)>
                            {lang.s().unfinished_resume}
                        </button>
                    </li>
                }
            });
            view! {
                <section class="unfinished" data-testid="unfinished" aria-labelledby="unfinished-title">
                    <h2 id="unfinished-title">{lang.s().unfinished_title}</h2>
                    <ul>{items.collect_view()}</ul>
                </section>
            }
        })
    }
}

/// "Match · game 2 of 3, " before a match's game (the whole app's build:
/// only it plays matches).
#[cfg(feature = "matchplay")]
fn match_label(session: &crate::app::game::AnySession, lang: crate::app::lang::Lang) -> Option<String> {
    let (number, games) = session.match_progress()?;
    Some(crate::games::katzenjammer::matchplay::kept(number, games, session.is_over(), lang) + ", ")
}
#[cfg(not(feature = "matchplay"))]
fn match_label(_: &crate::app::game::AnySession, _: crate::app::lang::Lang) -> Option<String> {
    None
}
