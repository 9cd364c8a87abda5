//! The app's parts loaded when first needed (issue 35; docs/architecture.md
//! "One app in parts"). The page's WebAssembly is one program, split after
//! the build (`scripts/build-page.mjs`: cargo, `wasm-split-cli`,
//! wasm-bindgen, wasm-opt) at the functions of `src/parts.rs` (the page's
//! program, not this library): each becomes a module of its own, fetched
//! the first time it is called. The shell reaches them through [`Loaders`].
//!
//! A part that cannot be fetched (offline before the service worker
//! precached it, a flaky network) is a [`PartMissing`], shown by [`Part`]
//! with a button to try again; it never panics.

use std::future::Future;
use std::pin::Pin;

use leptos::prelude::*;
use send_wrapper::SendWrapper;

use super::context::tr;
use crate::app::controller::Maker;
use crate::games::{AnySession, GameId};

/// A part could not be fetched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PartMissing;

impl From<leptos::wasm_split::SplitLoaderError> for PartMissing {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        PartMissing
    }
}

/// A part being fetched, then what it computed.
pub type Computing<T> = Pin<Box<dyn Future<Output = Result<T, PartMissing>>>>;

/// A part being fetched, then its view.
pub type Loading = Computing<AnyView>;

/// The page's parts, as the shell calls them: each starts fetching its
/// part (once: later calls find it loaded) and resolves to its view. The
/// page's program registers them ([`register`]) before mounting the app;
/// the functions are its own (`src/parts.rs` says why).
#[derive(Clone, Copy)]
pub struct Loaders {
    pub table: fn(GameId) -> Loading,
    /// Fetches the table part without showing it (the view is empty).
    pub prefetch_table: fn(GameId) -> Loading,
    pub puzzles_list: fn(GameId) -> Loading,
    pub puzzle: fn(GameId, Option<u32>) -> Loading,
    pub replay: fn(String) -> Loading,
    pub games: fn() -> Loading,
    /// A game's replay link ([`crate::app::replay::write_any`]): in a part
    /// of its own with the compressor, which a replay read from its link
    /// does not need.
    pub replay_link: fn(AnySession) -> Computing<String>,
    /// A game's lessons: the course, or lesson N (issue 42).
    pub lessons: fn(GameId, Option<usize>) -> Loading,
    /// A game's maker (its engine: saves replayed, games dealt), with its
    /// table in the game's part.
    pub maker: fn(GameId) -> Computing<Maker>,
    /// The home screen (its games, seats and options, the unfinished
    /// games): not in the core, which every link fetches, for a link to a
    /// deal, a puzzle or a replay does not show it first.
    pub home: fn() -> Loading,
    /// The rules screen.
    pub rules: fn() -> Loading,
    /// A game with friends (issue 55): the friend's page, the host's, in
    /// the game's own friends' part.
    pub friends: fn(GameId, String) -> Loading,
}

thread_local!(static LOADERS: std::cell::Cell<Option<Loaders>> = const { std::cell::Cell::new(None) });

/// Makes the page's parts known to the shell (src/main.rs, before mounting).
pub fn register(loaders: Loaders) {
    LOADERS.with(|l| l.set(Some(loaders)));
}

/// Runs `f` on the registered parts; a page without them (none registered)
/// shows every part as missing rather than panicking.
pub fn load<T: 'static>(f: impl FnOnce(Loaders) -> Computing<T>) -> Computing<T> {
    match LOADERS.with(|l| l.get()) {
        Some(loaders) => f(loaders),
        None => Box::pin(async { Err(PartMissing) }),
    }
}

/// The replay link of `session`, written by its part once fetched.
pub fn replay_link(session: AnySession) -> Computing<String> {
    load(|l| (l.replay_link)(session))
}

/// Game `game`'s maker ([`Maker`]), from its table's part.
pub fn maker(game: GameId) -> Computing<Maker> {
    load(|l| (l.maker)(game))
}

/// The table part of `game`.
pub fn table(game: GameId) -> Loading {
    load(|l| (l.table)(game))
}

/// Fetches the table part of `game` ahead of need, when the page is idle
/// (the home screen, once shown, prefetches the game chosen there), without
/// showing it. A failure is only a part not fetched yet.
pub fn prefetch_table(game: GameId) {
    leptos::task::spawn_local(async move {
        super::browser::idle().await;
        fetch_table(game);
    });
}

/// Fetches the table part of `game` at once, without showing it: a puzzle
/// about to be shown on it (its fetch overlaps the puzzle file's).
pub fn fetch_table(game: GameId) {
    leptos::task::spawn_local(async move {
        let _ = load(|l| (l.prefetch_table)(game)).await;
    });
}

/// Shows a part: a quiet "loading" line while it is fetched (on a phone's
/// first visit), the part once in, or why it is not with "Try again".
#[component]
pub fn Part(load: Box<dyn Fn() -> Loading>) -> impl IntoView {
    let attempt = RwSignal::new(0u32);
    let load = SendWrapper::new(load);
    let view = move || {
        attempt.track();
        let loading = load();
        // The part's future is the page's own (one thread): SendWrapper only
        // satisfies Suspend's bound.
        Suspend::new(SendWrapper::new(async move {
            let part = loading.await;
            super::browser::first_screen_ready();
            match part {
                Ok(view) => view,
                Err(PartMissing) => view! {
                    <section class="panel problem" role="alert" data-testid="part-missing">
                        <p>{tr(|s| s.part_missing)}</p>
                        <button type="button" class="primary" data-testid="part-retry" on:click=move |_| attempt.update(|n| *n += 1)>
                            {tr(|s| s.part_retry)}
                        </button>
                    </section>
                }
                .into_any(),
            }
        }))
    };
    view! {
        <Suspense fallback=|| view! { <p class="panel loading" role="status" data-testid="part-loading">{tr(|s| s.part_loading)}</p> }>
            {view}
        </Suspense>
    }
}
