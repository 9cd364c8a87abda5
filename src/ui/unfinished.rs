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
        ctx.shell.with(|sh| sh.kept.iter().map(|k| (k.session.table(), k.session.moves(), k.at, progress(&k.session))).collect::<Vec<_>>())
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
            let items = list.into_iter().enumerate().map(|(i, (table, moves, at, progress))| {
                view! {
                    <li data-testid=format!("unfinished-{i}")>
                        <span>{kept_text(progress, i18n::kept_game(&table, moves, now - at, lang), lang)}</span>
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

/// A match's game: its number, the match's number of games, whether it is
/// over.
type Progress = Option<(usize, usize, bool)>;

fn progress(session: &crate::app::game::AnySession) -> Progress {
    session.match_progress().map(|(number, games)| (number, games, session.is_over()))
}

/// "Match · game 2 of 3, " before a match's game.
fn kept_text(progress: Progress, game: String, lang: crate::app::lang::Lang) -> String {
    match progress {
        Some((number, games, over)) => crate::games::katzenjammer::match_label(number, games, over, lang) + ", " + &game,
        _ => game,
    }
}
