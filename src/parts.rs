//! The page's parts (issue 35; docs/architecture.md "One app in parts"):
//! the functions at which `scripts/build-page.mjs` cuts the page's
//! WebAssembly. Each becomes a module of its own, fetched the first time it
//! is called, and what only it reaches (a table's components, its texts,
//! the puzzles' screens) moves with it; the core keeps the shell, the home
//! screen, links and saves. The shell reaches them through
//! [`tablee_app::ui::parts::Loaders`], registered before the app mounts.
//!
//! They live in the page's program, not in the library it shares with the
//! bots' worker: a split point is an exported symbol, and in the library it
//! would have kept every table inside the worker's WebAssembly (measured: the
//! worker 106 -> 270 KB gzip) and given it imports it cannot satisfy.

use leptos::prelude::*;
use tablee_app::app::game::GameId;
use tablee_app::ui::parts::{Loaders, Loading, PartMissing};

/// Declares a part: a function returning its view, cut out of the core.
/// Natively (`cargo test`) it is called directly.
macro_rules! part {
    ($(#[$meta:meta])* fn $name:ident($($arg:ident: $ty:ty),*) => $view:expr; module $module:ident; preload $preload:ident) => {
        $(#[$meta])*
        #[leptos::wasm_split::wasm_split($module, wasm_split_path = ::leptos::wasm_split, fallible, preload($preload))]
        fn $name($($arg: $ty),*) -> Result<AnyView, PartMissing> {
            Ok($view.into_any())
        }
    };
}

part! {
    /// Katzenjammer's table (its end screen and a match's standings with it).
    fn katzenjammer_table() => view! { <tablee_app::games::katzenjammer::ui::Game /> };
    module tablee_katzenjammer; preload preload_katzenjammer
}

part! {
    /// J'achète's table.
    fn jachete_table() => view! { <tablee_app::games::jachete::ui::Game /> };
    module tablee_jachete; preload preload_jachete
}

part! {
    /// The puzzles' list.
    fn puzzles_list() => view! { <tablee_app::ui::puzzles::List /> };
    module tablee_puzzles; preload preload_puzzles
}

part! {
    /// One puzzle on its table.
    fn puzzle(id: Option<u32>) => view! { <tablee_app::ui::puzzles::One id /> };
    module tablee_puzzles; preload preload_puzzle
}

part! {
    /// A replay.
    fn replay(query: String) => view! { <tablee_app::ui::replay::Replay query /> };
    module tablee_replay; preload preload_replay
}

part! {
    /// The record of finished games ("Your games").
    fn games() => view! { <tablee_app::ui::replay::Games /> };
    module tablee_replay; preload preload_games
}

/// What the shell calls to show a part or fetch one ahead of need.
pub const LOADERS: Loaders = Loaders {
    table: |game| match game {
        GameId::Katzenjammer => Box::pin(katzenjammer_table()),
        GameId::Jachete => Box::pin(jachete_table()),
    },
    prefetch_table: |game| -> Loading {
        Box::pin(async move {
            match game {
                GameId::Katzenjammer => preload_katzenjammer().await?,
                GameId::Jachete => preload_jachete().await?,
            }
            Ok(().into_any())
        })
    },
    puzzles_list: || Box::pin(puzzles_list()),
    puzzle: |id| Box::pin(puzzle(id)),
    replay: |query| Box::pin(replay(query)),
    games: || Box::pin(games()),
};
