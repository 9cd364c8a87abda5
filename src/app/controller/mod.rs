//! The controller: everything that happens to a game between the page and
//! the engine, written once for every game and tested natively — what the
//! page shows first (a link, a saved game, or home), a person's move, the
//! bots' moves asked of the worker, par, the local history and the saves.
//!
//! Every unfinished game is kept: each under its own key
//! ([`game_key`], `tablee.<game>.game.<n>`), listed newest first in
//! [`GAMES_KEY`] (`[{"key":…,"at":<ms>},…]`, the first one the game last
//! played). Starting another game never discards one; a finished game leaves
//! the list when the next one begins; at most [`MAX_GAMES`] are kept.
//!
//! The page ([`crate::ui`]) holds a [`Shell`] in a signal and does only the
//! browser's part: it sends the jobs this returns to the worker, waits the
//! bots' delay, and gives this the replies. Storage is behind [`Storage`]
//! (localStorage in the page, a map in tests).
//!
//! Cut along what it does: [`shell`] (the state), [`play`] (start-up, a game
//! begun, moves, the bots, take-back), [`saves`] (the keys, the list of
//! kept games, what is set aside) and [`results`] (par, the history, the
//! daily deal).

mod play;
mod results;
mod saves;
mod shell;
#[cfg(test)]
pub(crate) mod tests;

pub use crate::app::storage::Storage;
pub use saves::{game_key, history_key, match_key, save_key, ASIDE_KEY, GAMES_KEY, HOME_GAME_KEY, KEEP_ASIDE, LANG_KEY, MAX_GAMES, SPEED_KEY};
pub use shell::{BotTurn, First, Kept, Maker, NeedsMakers, Par, SetAside, Shell, Start};
