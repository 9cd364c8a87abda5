//! The page's parts (issue 35; docs/architecture.md "One app in parts"):
//! the functions at which `scripts/build-page.mjs` cuts the page's
//! WebAssembly: one table a game and one puzzle a game (written from the
//! registry), the puzzles' list, the replays. Each becomes a module of its own, fetched the first time it
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
use tablee_app::games::{AnySession, GameId};
use tablee_app::app::controller::Maker;
use tablee_app::ui::parts::{Computing, Loaders, Loading, PartMissing};

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

/// One table part a game, from the registry's list (`src/games/mod.rs`):
/// each game's `GameUi::table` and its maker (its engine, for the shell) in
/// a module of its own, named after the game.
macro_rules! table_parts {
    ($($variant:ident: $game:ty),+ $(,)?) => {
        $(
            #[allow(non_snake_case)]
            mod $variant {
                use crate::parts::*;

                #[leptos::wasm_split::wasm_split($variant, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload))]
                pub fn table() -> Result<AnyView, PartMissing> {
                    Ok(tablee_app::ui::flow::live_table::<$game>())
                }

                /// The game's maker: its engine comes with its table.
                #[leptos::wasm_split::wasm_split($variant, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_maker))]
                pub fn maker() -> Result<Maker, PartMissing> {
                    Ok(Maker::of::<$game>())
                }

                paste::paste! {
                    /// A game of it with friends on their own devices (issue
                    /// 55): the friend's page (`join=<code>`), the host's
                    /// invitations and table (`host:…`), the transport's
                    /// browser check (`friends-check`), with the WebRTC
                    /// transport, the codes, the host's authority and the
                    /// check. It rides on the game's table part
                    /// (`tablee_friends_<Game>`: scripts/build-page.mjs): what
                    /// both reach stays in the table's modules, so no link to
                    /// the game pays for it; the page loads the table first.
                    #[leptos::wasm_split::wasm_split([<tablee_friends_ $variant>], wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_friends))]
                    pub fn friends(arg: String) -> Result<AnyView, PartMissing> {
                        Ok(tablee_app::ui::friends::page::<$game>(arg))
                    }

                    /// One puzzle of the game (played on its table, the part
                    /// above): a part of its own, `tablee_puzzle_<Game>`, not
                    /// the puzzles' list's, so that a puzzle's link fetches
                    /// only its own game's puzzle code and no list.
                    #[leptos::wasm_split::wasm_split([<tablee_puzzle_ $variant>], wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_puzzle))]
                    pub fn puzzle(id: Option<u32>) -> Result<AnyView, PartMissing> {
                        Ok(tablee_app::ui::puzzles::one::<$game>(id))
                    }
                }
            }
        )+

        fn friends(game: GameId, arg: String) -> Loading {
            // The game's table part first: its friends' part rides on it
            // (scripts/build-page.mjs) and calls into it. (One future for
            // every game: the core holds this.)
            match game {
                $(GameId::$variant => Box::pin(after(maker(game), Box::pin($variant::friends(arg)))),)+
            }
        }

        fn puzzle(game: GameId, id: Option<u32>) -> Loading {
            match game {
                $(GameId::$variant => Box::pin($variant::puzzle(id)),)+
            }
        }

        fn maker(game: GameId) -> Computing<Maker> {
            match game {
                $(GameId::$variant => Box::pin($variant::maker()),)+
            }
        }

        fn table(game: GameId) -> Loading {
            match game {
                $(GameId::$variant => Box::pin($variant::table()),)+
            }
        }

        fn prefetch_table(game: GameId) -> Loading {
            Box::pin(async move {
                match game {
                    $(GameId::$variant => $variant::preload().await?,)+
                }
                Ok(().into_any())
            })
        }
    };
}
tablee_app::for_each_game!(table_parts);

/// `then` once `first` is in.
async fn after(first: Computing<Maker>, then: Loading) -> Result<AnyView, PartMissing> {
    first.await?;
    then.await
}

part! {
    /// The puzzles' list.
    fn puzzles_list(game: GameId) => view! { <tablee_app::ui::puzzles::List game /> };
    module tablee_puzzles; preload preload_puzzles
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

/// A game's replay link, compressed, in a part of its own: a replay read
/// from its link needs no compressor (~6 KB gzip of the replay's part);
/// `?replay=last` and "Your games" show at once and write their links when
/// this is fetched. (A module more splits the shared code into more chunks:
/// "Your games" in a module of its own cost every table link 4–5 KB.)
#[leptos::wasm_split::wasm_split(tablee_replay_link, wasm_split_path = ::leptos::wasm_split, fallible, preload(preload_replay_link))]
fn replay_link(session: AnySession) -> Result<String, PartMissing> {
    Ok(tablee_app::app::replay::write_any(&session))
}

part! {
    /// A game's lessons (issue 42): the course, or one lesson on its table.
    fn lessons(game: GameId, lesson: Option<usize>) => view! { <tablee_app::ui::learn::Learn game lesson /> };
    module tablee_lessons; preload preload_lessons
}

part! {
    /// The home screen (docs/performance.md, "The home screen in a part").
    fn home() => view! { <tablee_app::ui::home::Home /> };
    module tablee_home; preload preload_home
}

part! {
    /// The rules screen (a part of its own: the home screen's first view
    /// does not need it).
    fn rules() => view! { <tablee_app::ui::rules::Rules /> };
    module tablee_rules; preload preload_rules
}

/// What the shell calls to show a part or fetch one ahead of need.
pub const LOADERS: Loaders = Loaders {
    table,
    prefetch_table,
    puzzles_list: |game| Box::pin(puzzles_list(game)),
    puzzle,
    replay: |query| Box::pin(replay(query)),
    games: || Box::pin(games()),
    replay_link: |session| Box::pin(replay_link(session)),
    lessons: |game, lesson| Box::pin(lessons(game, lesson)),
    maker,
    home: || Box::pin(home()),
    rules: || Box::pin(rules()),
    friends,
};

