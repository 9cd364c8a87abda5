//! One hint flow for every table (issue 34, item 6): ask the expert bot in
//! the bots' worker for the move to make at the position on the table, keep
//! its choices for that move only (each table shows them its own way: a
//! hint asked at another move shows nothing).
//!
//! The reply comes back after an `await`: by then the player may have moved
//! (the reply is for a position no longer on the table: dropped) or left the
//! table (its signals disposed: never touched, only `try_` accesses).

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::app::game::GameDef;
use crate::app::worker::{self, Reply};
use crate::ui::{self as browser, worker_client, Ctx};

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
pub fn ask<G: GameDef>(ctx: Ctx, hint: RwSignal<Hint<G::Action>>)
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
        let job = here().then(|| ctx.game_untracked::<G, _>(|s| s.hint_decision().map(|d| worker::analyse_job(s, &d, 3)))).flatten().flatten();
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
