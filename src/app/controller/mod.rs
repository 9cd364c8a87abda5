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
pub use shell::{BotTurn, First, Followed, Kept, Maker, NeedsMakers, Par, SetAside, Shell, Start};
#[cfg(test)]
pub(crate) use results::result;

/// The shell's play typed by its game ([`Shell::save`], [`Shell::bot_turn`]…),
/// for the game in progress whatever its game: the native tests' way to
/// drive games of any kind (the page names the table's game instead).
#[cfg(test)]
pub(crate) trait AnyGame {
    fn save_any(&mut self, storage: &mut dyn Storage, now_ms: f64) -> bool;
    fn bot_turn_any(&self) -> Option<BotTurn>;
    fn bot_moved_any(&mut self, at: usize, reply: Option<crate::app::worker::Reply>) -> bool;
    fn daily_attempt_any(&self) -> Option<crate::app::config::DailyAttempt>;
    fn par_arrived_any(&mut self, generation: u64, reply: Option<crate::app::worker::Reply>, storage: &mut dyn Storage) -> bool;
    fn record_if_over_any(&mut self, storage: &mut dyn Storage) -> bool;
    fn next_in_match_any(&mut self) -> Option<Option<crate::app::worker::Job>>;
    fn take_back_any(&mut self) -> bool;
    fn can_take_back_any(&self) -> bool;
}

/// The game of the game in progress, if any.
#[cfg(test)]
fn playing(shell: &Shell) -> Option<crate::games::GameId> {
    shell.game.as_ref().map(|g| g.game())
}

#[cfg(test)]
impl AnyGame for Shell {
    fn save_any(&mut self, storage: &mut dyn Storage, now_ms: f64) -> bool {
        // With no game in progress any game's `save` writes the list alone.
        let game = playing(self).unwrap_or(crate::games::GameId::ALL[0]);
        crate::games::with_game!(game, G => self.save::<G>(storage, now_ms))
    }
    fn bot_turn_any(&self) -> Option<BotTurn> {
        crate::games::with_game!(playing(self)?, G => self.bot_turn::<G>())
    }
    fn bot_moved_any(&mut self, at: usize, reply: Option<crate::app::worker::Reply>) -> bool {
        let Some(game) = playing(self) else { return false };
        crate::games::with_game!(game, G => self.bot_moved::<G>(at, reply))
    }
    fn daily_attempt_any(&self) -> Option<crate::app::config::DailyAttempt> {
        crate::games::with_game!(playing(self)?, G => self.daily_attempt::<G>())
    }
    fn par_arrived_any(&mut self, generation: u64, reply: Option<crate::app::worker::Reply>, storage: &mut dyn Storage) -> bool {
        let Some(game) = playing(self) else { return false };
        crate::games::with_game!(game, G => self.par_arrived::<G>(generation, reply, storage))
    }
    fn record_if_over_any(&mut self, storage: &mut dyn Storage) -> bool {
        let Some(game) = playing(self) else { return false };
        crate::games::with_game!(game, G => self.record_if_over::<G>(storage))
    }
    fn next_in_match_any(&mut self) -> Option<Option<crate::app::worker::Job>> {
        crate::games::with_game!(playing(self)?, G => self.next_in_match::<G>())
    }
    fn take_back_any(&mut self) -> bool {
        let Some(game) = playing(self) else { return false };
        crate::games::with_game!(game, G => self.take_back::<G>())
    }
    fn can_take_back_any(&self) -> bool {
        playing(self).is_some_and(|game| crate::games::with_game!(game, G => self.can_take_back::<G>()))
    }
}
