//! One hint for every table (issue 34, item 6; issue 43): ask the expert
//! bot in the bots' worker for the move to make at the position on the
//! table ([`ask`]), keep its choices for that move only, and show them with
//! one widget: the Hint [`button`] (or why there is none: the daily deal;
//! nothing in a puzzle) and the [`panel`] ("thinking", then the choices,
//! each row drawn by the table, and what the values mean). A hint asked at
//! another move shows nothing and never holds the button.
//!
//! The reply comes back after an `await`: by then the player may have moved
//! (the reply is for a position no longer on the table: dropped) or left the
//! table (its signals disposed: never touched, only `try_` accesses).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::games::Registered;
use crate::app::lang::Lang;
use crate::ui::game_ui::GameUi;
use crate::app::session::Session;
use crate::app::worker::{self, Job, Reply};
use crate::ui::browser;
use crate::ui::worker_client;
use crate::ui::context::{tr, Ctx};

/// A hint, asked at move number `at`.
#[derive(Clone, Debug, PartialEq)]
pub enum Hint<A> {
    Off,
    Thinking { at: usize },
    /// The expert's top choices, best first, each with its value.
    Ready { at: usize, choices: Vec<(A, f64)> },
}

impl<A> Default for Hint<A> {
    fn default() -> Self {
        Hint::Off
    }
}

impl<A> Hint<A> {
    /// The move it was asked at.
    pub fn at(&self) -> Option<usize> {
        match self {
            Hint::Off => None,
            Hint::Thinking { at } | Hint::Ready { at, .. } => Some(*at),
        }
    }
}

/// Asks for a hint at the game's current move (not for the daily deal).
pub fn ask<G: Registered>(ctx: Ctx, hint: RwSignal<Hint<G::Action>>)
where
    G::Action: Send + Sync + 'static,
{
    ask_with::<G>(ctx, hint, |s| s.hint_decision().map(|d| worker::analyse_job(s, &d, 3)));
}

/// Asks the bots' worker for the ranked choices of `job` at the game's
/// current move (the hint's; the coached game's advice, `ui::learn`): one
/// way to ask, keep and drop them for every table. Not for the daily deal.
pub fn ask_with<G: Registered>(ctx: Ctx, hint: RwSignal<Hint<G::Action>>, job: fn(&Session<G>) -> Option<Job>)
where
    G::Action: Send + Sync + 'static,
{
    let Some(at) = ctx.game_untracked::<G, _>(|s| s.config().hints_allowed().then(|| s.actions().len())).flatten() else {
        return;
    };
    hint.set(Hint::Thinking { at });
    // The position asked about is still the one on the table.
    let here = move || ctx.game_untracked::<G, _>(|s| s.actions().len()) == Some(at);
    spawn_local(async move {
        // Let "thinking" paint before the job is written.
        browser::sleep(30).await;
        let job = here().then(|| ctx.game_untracked::<G, _>(job)).flatten().flatten();
        let reply = match job {
            Some(job) => worker_client::ask(job).await,
            None => None,
        };
        let choices: Option<Vec<(G::Action, f64)>> = match reply {
            Some(Reply::Choices { choices }) if here() => Some(choices.into_iter().filter_map(|(a, v)| Some((G::action_from_json(&a).ok()?, v))).collect()),
            _ => None,
        };
        // Only the request still standing is answered (a newer one keeps its
        // own), and a table gone meanwhile is not touched.
        hint.try_update(|h| {
            if h.at() == Some(at) {
                *h = choices.map_or(Hint::Off, |choices| Hint::Ready { at, choices });
            }
        });
    });
}

/// The move number on the table (tracked), whatever its game: one copy for
/// every table.
fn now(ctx: Ctx) -> usize {
    ctx.shell.with(|sh| sh.game.as_ref().map_or(0, |g| g.moves()))
}

/// Whether the person may ask for a hint here (tracked): not in a puzzle
/// (its answer would be given away), not in the daily deal.
pub fn allowed<G: Registered>(ctx: Ctx) -> bool {
    !ctx.puzzle.get() && ctx.game::<G, _>(|s| s.config().hints_allowed()).unwrap_or(false)
}

/// The Hint button while `shown` (the person is to move), or why there is
/// none (the daily deal); nothing in a puzzle. It waits while a hint for
/// this very move is being computed.
pub fn button<G: Registered>(ctx: Ctx, hint: RwSignal<Hint<G::Action>>, shown: impl Fn() -> bool + Send + Sync + Copy + 'static) -> impl IntoView
where
    G::Action: Send + Sync + 'static,
{
    move || {
        if ctx.puzzle.get() || !shown() {
            return None;
        }
        if !allowed::<G>(ctx) {
            // The daily deal, else a game with friends (a friend's device has
            // no game of its own: the host's).
            let daily = ctx.game::<G, _>(|s| s.config().daily.is_some()).unwrap_or(false);
            let why = if daily { tr(|s| s.hint_daily) } else { tr(|s| s.hint_friends) };
            return Some(view! { <span class="note" data-testid="hint-off">{why}</span> }.into_any());
        }
        let thinking = move || hint.with(|h| matches!(h, Hint::Thinking { at } if *at == now(ctx)));
        let asked = move |_| ask::<G>(ctx, hint);
        Some(
            view! {
                <button type="button" data-testid="hint-button" disabled=thinking on:click=asked>
                    {tr(|s| s.hint)}
                </button>
            }
            .into_any(),
        )
    }
}

/// The hint's panel at the move on the table: "thinking", or the choices
/// (`row` draws each: its index, action, value and the best value), why the
/// first beats the second in plain words when the game finds a reason
/// ([`GameUi::hint_reason`], issue 42), and what the values mean
/// (`explain`). Its title is a second-level heading: under the page's one
/// h1, whatever the table around it.
pub fn panel<G, R, N>(ctx: Ctx, hint: RwSignal<Hint<G::Action>>, explain: fn(Lang) -> String, row: R) -> impl IntoView
where
    G: GameUi,
    G::Action: Send + Sync + 'static,
    R: Fn(usize, G::Action, f64, f64, Lang) -> N + Send + Sync + Copy + 'static,
    N: IntoView + 'static,
{
    move || {
        let lang = ctx.lang();
        let now = now(ctx);
        match hint.get() {
            Hint::Thinking { at } if at == now => {
                view! { <p class="hint thinking-note" data-testid="hint-panel" role="status">{lang.s().hint_thinking}</p> }.into_any()
            }
            Hint::Ready { at, choices } if at == now => {
                let best = choices.first().map_or(0.0, |c| c.1);
                // The position is the one the hint was asked at (`at == now`).
                let why = ctx.game_untracked::<G, _>(|s| G::hint_reason(s, &choices, lang)).flatten().map(|why| {
                    view! { <p class="hint-why" data-testid="hint-why"><strong>{lang.s().hint_why}</strong> " " {why} "."</p> }
                });
                let items = choices.into_iter().enumerate().map(|(i, (a, v))| row(i, a, v, best, lang)).collect_view();
                view! {
                    <section class="hint" data-testid="hint-panel" aria-labelledby="hint-title">
                        <h2 id="hint-title">{lang.s().hint_title}</h2>
                        <ol>{items}</ol>
                        {why}
                        <p class="note">{explain(lang)}</p>
                    </section>
                }
                .into_any()
            }
            _ => ().into_any(),
        }
    }
}
