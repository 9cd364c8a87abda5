//! One hint flow for every table (issue 34, item 6): ask the expert bot in
//! the bots' worker for the move to make at the position on the table, show
//! its choices best first, and forget them once the game moves on.
//!
//! The reply comes back after an `await`: by then the player may have moved
//! (the reply is for a position no longer on the table: dropped) or left the
//! table (its signals disposed: never touched, only `try_` accesses).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::worker::{self, Reply};
use crate::ui::{self as browser, tr, worker_client, Ctx};

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
    fn at(&self) -> Option<usize> {
        match self {
            Hint::Off => None,
            Hint::Thinking { at } | Hint::Ready { at, .. } => Some(*at),
        }
    }
}

/// Asks for a hint at the game's current move (not for the daily deal).
pub fn ask<G: GameDef>(ctx: Ctx, hint: RwSignal<Hint<G::Action>>)
where
    G::Action: Send + Sync + 'static,
{
    let Some(at) = ctx.game_untracked::<G, _>(|s| s.config().hints_allowed().then(|| s.actions().len())).flatten() else {
        return;
    };
    hint.set(Hint::Thinking { at });
    // Still asked, for this very position, on a table still there.
    let wanted = move || hint.try_with_untracked(|h| h.at() == Some(at)).unwrap_or(false) && ctx.game_untracked::<G, _>(|s| s.actions().len()) == Some(at);
    spawn_local(async move {
        // Let "thinking" paint before the job is written.
        browser::sleep(30).await;
        let job = wanted().then(|| ctx.game_untracked::<G, _>(|s| s.hint_decision().map(|d| worker::analyse_job(s, &d, 3)))).flatten().flatten();
        let reply = match job {
            Some(job) => worker_client::ask(job).await,
            None => None,
        };
        let choices: Option<Vec<(G::Action, f64)>> = match reply {
            Some(Reply::Choices { choices }) => Some(choices.into_iter().filter_map(|(a, v)| Some((G::action_from_json(&a).ok()?, v))).collect()),
            _ => None,
        };
        let next = match choices {
            Some(choices) if wanted() => Hint::Ready { at, choices },
            _ => Hint::Off,
        };
        // Only the request still standing is answered (a newer one keeps its own).
        hint.try_update(|h| {
            if h.at() == Some(at) {
                *h = next;
            }
        });
    });
}

/// Whether a hint is being computed for move `now` (the button waits).
pub fn thinking<A: Send + Sync + 'static>(hint: RwSignal<Hint<A>>, now: usize) -> bool {
    hint.with(|h| matches!(h, Hint::Thinking { at } if *at == now))
}

/// The Hint button, or why there is none (the daily deal).
pub fn button<A: Clone + Send + Sync + 'static>(
    ctx: Ctx,
    hint: RwSignal<Hint<A>>,
    now: impl Fn() -> usize + Send + Sync + Copy + 'static,
    allowed: bool,
    on_ask: impl Fn() + Send + Sync + Copy + 'static,
) -> AnyView {
    if !allowed {
        return view! { <span class="note" data-testid="hint-off">{move || ctx.lang().s().hint_daily}</span> }.into_any();
    }
    view! {
        <button type="button" data-testid="hint-button" disabled=move || thinking(hint, now()) on:click=move |_| on_ask()>
            {tr(|s| s.hint)}
        </button>
    }
    .into_any()
}

/// The hint's panel at move `now`: "thinking", or the choices (`row` draws
/// each: its index, action and value) and what the values mean (`explain`).
/// A hint asked at another move shows nothing.
pub fn panel<A, R>(hint: RwSignal<Hint<A>>, now: impl Fn() -> usize + Send + Sync + Copy + 'static, explain: fn(Lang) -> String, row: R) -> impl IntoView
where
    A: Clone + Send + Sync + 'static,
    R: Fn(usize, A, f64, Lang) -> AnyView + Send + Sync + Copy + 'static,
{
    let lang = crate::ui::ctx().lang;
    move || {
        let lang = lang.get();
        match hint.get() {
            Hint::Thinking { at } if at == now() => {
                view! { <p class="hint thinking-note" data-testid="hint-panel" role="status">{lang.s().hint_thinking}</p> }.into_any()
            }
            Hint::Ready { at, choices } if at == now() => {
                let items = choices.into_iter().enumerate().map(|(i, (a, v))| row(i, a, v, lang)).collect_view();
                view! {
                    <section class="hint" data-testid="hint-panel" aria-labelledby="hint-title">
                        <h3 id="hint-title">{lang.s().hint_title}</h3>
                        <ol>{items}</ol>
                        <p class="note">{explain(lang)}</p>
                    </section>
                }
                .into_any()
            }
            _ => ().into_any(),
        }
    }
}
