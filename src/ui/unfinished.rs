//! The unfinished games kept on this device (`Shell::kept`), newest first,
//! each with its Resume button: resuming one makes it the game in progress
//! and keeps the one it replaces. Each can be removed too, after a question
//! in its own line (a game is never lost by a stray tap).

use leptos::prelude::*;

use super::browser::{self, LocalStorage};
use super::context::ctx;
use super::flow::shown;
use crate::i18n;

#[component]
pub fn Unfinished() -> impl IntoView {
    let ctx = ctx();
    let games = move || {
        ctx.shell.with(|sh| {
            sh.kept.iter().map(|k| (k.key.clone(), k.session.table(), k.session.moves(), k.at, progress(&k.session))).collect::<Vec<_>>()
        })
    };
    // The game whose removal is being asked about (its save's key: the
    // list's indexes move when a game is resumed or removed).
    let asking = RwSignal::new(None::<String>);
    let remove = move |key: String| {
        asking.set(None);
        let mut removed = false;
        ctx.shell.update(|sh| {
            if let Some(index) = sh.kept.iter().position(|k| k.key == key) {
                removed = sh.remove_kept(index, &mut LocalStorage);
            }
        });
        // The focus stays in the list, or goes to Play once it is empty.
        if removed {
            let empty = ctx.shell.with_untracked(|sh| sh.kept.is_empty());
            browser::focus_id(if empty { "play-button" } else { "unfinished-title" });
        }
    };
    let resume = move |index: usize| {
        let mut job = None;
        ctx.shell.update(|sh| job = sh.resume(index));
        shown(ctx, job, true);
    };
    move || {
        let list = games();
        (!list.is_empty()).then(|| {
            let lang = ctx.lang();
            let now = browser::now_ms();
            let items = list.into_iter().enumerate().map(|(i, (key, table, moves, at, progress))| {
                let asked = asking.with(|a| a.as_ref() == Some(&key));
                let (ask_key, yes_key) = (key.clone(), key);
                view! {
                    <li data-testid=format!("unfinished-{i}")>
                        <span>{kept_text(progress, i18n::kept_game(&table, moves, now - at, lang), lang)}</span>
                        " "
                        <span class="kept-actions">
                            <button type="button" class="secondary" data-testid=format!("unfinished-resume-{i}") on:click=move |_| resume(i)>
                                {lang.s().unfinished_resume}
                            </button>
                            " "
                            <button
                                type="button"
                                id=format!("unfinished-remove-{i}-button")
                                data-testid=format!("unfinished-remove-{i}")
                                aria-expanded=asked.to_string()
                                on:click=move |_| {
                                    asking.set(Some(ask_key.clone()));
                                    browser::focus_id(format!("unfinished-keep-{i}"));
                                }
                            >
                                {lang.s().unfinished_remove}
                            </button>
                        </span>
                        {asked.then(|| view! {
                            <span class="kept-ask" role="group" aria-labelledby=format!("unfinished-ask-{i}") data-testid=format!("unfinished-ask-{i}")>
                                <span id=format!("unfinished-ask-{i}")>{lang.s().unfinished_remove_ask}</span>
                                " "
                                <button type="button" data-testid=format!("unfinished-remove-yes-{i}") on:click=move |_| remove(yes_key.clone())>
                                    {lang.s().unfinished_remove_yes}
                                </button>
                                " "
                                <button
                                    type="button"
                                    class="primary"
                                    id=format!("unfinished-keep-{i}")
                                    data-testid=format!("unfinished-remove-no-{i}")
                                    on:click=move |_| {
                                        asking.set(None);
                                        browser::focus_id(format!("unfinished-remove-{i}-button"));
                                    }
                                >
                                    {lang.s().unfinished_remove_no}
                                </button>
                            </span>
                        })}
                    </li>
                }
            });
            view! {
                <section class="unfinished" data-testid="unfinished" aria-labelledby="unfinished-title">
                    <h2 id="unfinished-title" tabindex="-1">{lang.s().unfinished_title}</h2>
                    <ul>{items.collect_view()}</ul>
                </section>
            }
        })
    }
}

/// A match's game: its number, the match's number of games, whether it is
/// over.
type Progress = Option<(crate::games::GameId, usize, usize, bool)>;

fn progress(session: &crate::games::AnySession) -> Progress {
    session.match_progress().map(|(number, games)| (session.game(), number, games, session.is_over()))
}

/// "Match · game 2 of 3, " before a match's game.
fn kept_text(progress: Progress, game: String, lang: crate::app::lang::Lang) -> String {
    match progress {
        Some((id, number, games, over)) => crate::games::with_game!(id, G => <G as crate::ui::game_ui::GameUi>::match_label(number, games, over, lang)) + ", " + &game,
        _ => game,
    }
}
