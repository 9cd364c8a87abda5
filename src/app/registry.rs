//! The games' registry macro: from the list of games (`src/games/mod.rs`,
//! one line a game) it declares each game's module and writes everything
//! that names every game, so that
//! adding a game touches no `match` in the shell (docs/architecture.md,
//! "Adding a game").

/// Writes [`GameId`](crate::games::GameId) (and its `ALL`, `code`,
/// `parse`, `title`), the enums [`AnyTable`](crate::games::AnyTable)
/// and [`AnySession`](crate::games::AnySession) with each game's
/// conversions ([`Registered`](crate::games::Registered)), and two
/// macros that run one generic body for whichever game is meant:
/// `each_game!` over a table or a session, `with_game!` over a `GameId`
/// (its arm's type named as the caller says).
///
/// `$d` is a `$` handed in by the invocation, so that the macros written
/// here can have metavariables of their own.
#[macro_export]
macro_rules! registry {
    ($d:tt $($(#[$meta:meta])* $variant:ident: $module:ident::$def:ident),+ $(,)?) => {
        // Each game's folder (`src/games/<module>/`): the registry's line
        // declares it, so that a game is one line here and not two.
        $($(#[$meta])* pub mod $module;)+

        /// The games the app knows, by their machine name in links and saves.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($(#[$meta])* $variant,)+
        }

        impl GameId {
            pub const ALL: [GameId; [$($(#[$meta])* GameId::$variant),+].len()] = [$($(#[$meta])* GameId::$variant),+];

            /// The name in links and saves (`?game=jachete`).
            pub fn code(self) -> &'static str {
                match self {
                    $($(#[$meta])* GameId::$variant => <$crate::games::$module::$def as $crate::app::game::GameDef>::CODE,)+
                }
            }

            /// Reads a name written by [`GameId::code`] (any case, spaces around).
            pub fn parse(text: &str) -> Option<GameId> {
                let text = text.trim().to_ascii_lowercase();
                GameId::ALL.into_iter().find(|g| g.code() == text)
            }

            /// The game's own name, the same in every language.
            pub fn title(self) -> &'static str {
                match self {
                    $($(#[$meta])* GameId::$variant => <$crate::games::$module::$def as $crate::app::game::GameDef>::TITLE,)+
                }
            }
        }

        /// A table of any game.
        #[derive(Clone, Debug, PartialEq, Eq)]
        pub enum AnyTable {
            $($(#[$meta])* $variant($crate::app::config::TableConfig<$crate::games::$module::$def>),)+
        }

        /// A game in progress, of any game.
        #[derive(Clone, Debug)]
        #[allow(clippy::large_enum_variant)]
        pub enum AnySession {
            $($(#[$meta])* $variant($crate::app::session::Session<$crate::games::$module::$def>),)+
        }

        impl AnyTable {
            pub fn game(&self) -> GameId {
                match self {
                    $($(#[$meta])* AnyTable::$variant(_) => GameId::$variant,)+
                }
            }
        }

        impl AnySession {
            pub fn game(&self) -> GameId {
                match self {
                    $($(#[$meta])* AnySession::$variant(_) => GameId::$variant,)+
                }
            }
        }

        $(
            $(#[$meta])*
            impl $crate::games::Registered for $crate::games::$module::$def {
                const ID: GameId = GameId::$variant;

                fn table(table: $crate::app::config::TableConfig<Self>) -> AnyTable {
                    AnyTable::$variant(table)
                }

                fn session(session: $crate::app::session::Session<Self>) -> AnySession {
                    AnySession::$variant(session)
                }

                fn as_table(any: &AnyTable) -> Option<&$crate::app::config::TableConfig<Self>> {
                    #[allow(unreachable_patterns)]
                    match any {
                        AnyTable::$variant(t) => Some(t),
                        _ => None,
                    }
                }

                fn as_session(any: &AnySession) -> Option<&$crate::app::session::Session<Self>> {
                    #[allow(unreachable_patterns)]
                    match any {
                        AnySession::$variant(s) => Some(s),
                        _ => None,
                    }
                }

                fn as_session_mut(any: &mut AnySession) -> Option<&mut $crate::app::session::Session<Self>> {
                    #[allow(unreachable_patterns)]
                    match any {
                        AnySession::$variant(s) => Some(s),
                        _ => None,
                    }
                }
            }
        )+

        /// Runs `$body` with `$x` bound to the table (`each_game!(table, t => …)`)
        /// or the session (`each_game!(session s, x => …)`) inside, whatever its game.
        macro_rules! each_game {
            (session $d value:expr, $d x:ident => $d body:expr) => {
                match $d value {
                    $($(#[$meta])* $crate::games::AnySession::$variant($d x) => $d body,)+
                }
            };
            ($d value:expr, $d x:ident => $d body:expr) => {
                match $d value {
                    $($(#[$meta])* $crate::games::AnyTable::$variant($d x) => $d body,)+
                }
            };
        }
        pub(crate) use each_game;

        /// Runs `$body` with the type `$g` naming game `$id`'s definition:
        /// `with_game!(id, G => read::<G>(…))`.
        macro_rules! with_game {
            ($d id:expr, $d g:ident => $d body:expr) => {
                match $d id {
                    $($(#[$meta])* $crate::games::GameId::$variant => {
                        type $d g = $crate::games::$module::$def;
                        $d body
                    })+
                }
            };
        }
        pub(crate) use with_game;

        /// Hands the list of games to `$callback!` (the page's program writes
        /// one table part a game with it: `src/parts.rs`).
        #[macro_export]
        macro_rules! for_each_game {
            ($d callback:ident) => {
                $crate::__shipped_games! { $d callback [] $([$(#[$meta])*] $variant $module $def,)+ }
            };
        }
    };
}

/// `for_each_game!`'s helper: hands on the games of the shipped page only,
/// leaving out a line with attributes (a game of the tests,
/// `#[cfg(test)]`), whose cfg the page's program could not evaluate as the
/// library did.
#[doc(hidden)]
#[macro_export]
macro_rules! __shipped_games {
    ($callback:ident [$($done:tt)*]) => {
        $callback! { $($done)* }
    };
    ($callback:ident [$($done:tt)*] [] $variant:ident $module:ident $def:ident, $($rest:tt)*) => {
        $crate::__shipped_games! { $callback [$($done)* $variant: $crate::games::$module::$def,] $($rest)* }
    };
    ($callback:ident [$($done:tt)*] [$(#[$meta:meta])+] $variant:ident $module:ident $def:ident, $($rest:tt)*) => {
        $crate::__shipped_games! { $callback [$($done)*] $($rest)* }
    };
}
