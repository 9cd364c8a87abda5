//! The end of a game: par arriving, the game counted in the local history
//! (and recorded for "Your games"), the daily deal's attempt.

use crate::app::config::DailyAttempt;
use crate::app::game::GameDef;
use crate::games::{GameId, Registered};
use crate::app::history::{Daily, History};
use crate::app::{past, save};
use crate::app::session::Session;
use crate::app::storage::Storage;
use crate::app::worker::Reply;

use super::saves::history_key;
use super::shell::{Par, Shell};

impl Shell {
    /// The worker's par for the game begun at `generation` (`None`: no par).
    /// Returns true when the history changed (par of a game already over).
    pub fn par_arrived<G: Registered>(&mut self, generation: u64, reply: Option<Reply>, storage: &mut dyn Storage) -> bool {
        if generation != self.generation {
            return false;
        }
        self.par = match reply {
            Some(Reply::Par { par }) => Par::Known(par),
            _ => Par::NotApplicable,
        };
        self.record_if_over::<G>(storage)
    }

    /// Counts a finished game in the local history (once; par is added when
    /// it arrives), when the game in progress is a game of `G`. Returns true
    /// when the history changed.
    pub fn record_if_over<G: Registered>(&mut self, storage: &mut dyn Storage) -> bool {
        let Some(game) = self.session::<G>() else { return false };
        /// The game's history entry and its save (for the record of past
        /// games: replays).
        /// Hot-seat and all-bot games have no history entry (no one
        /// person's result: an empty id) but join the record too.
        fn counted<G: Registered>(session: &Session<G>, par: Par) -> Option<((String, bool, Option<i32>), String)> {
            // A game with a move taken back is practice: not counted.
            if session.practice() || !session.is_over() {
                return None;
            }
            Some((result(session, par).unwrap_or_default(), save::to_json(session)))
        }
        let Some(((id, won, vs_par), save_text)) = counted(game, self.par) else { return false };
        if id.is_empty() {
            past::append(storage, self.at, &save_text);
            return false;
        }
        let id_game = G::ID;
        let key = self.key.clone().unwrap_or_default();
        let daily = first_daily(game, &key, &id, won);
        let at = self.at;
        let history = self.history_mut(id_game);
        let before = history.clone();
        if history.record(&id, won, vs_par) {
            past::append(storage, at, &save_text);
        }
        history.add_par(vs_par);
        if let Some(daily) = daily {
            history.record_daily(daily);
        }
        let changed = *history != before;
        if changed {
            let text = history.to_json();
            storage.store(&history_key(id_game), &text);
        }
        changed
    }

    /// Whether the game in progress, a game of `G`, is an attempt at a
    /// daily deal that counts (the first finished one of its day), or
    /// practice.
    pub fn daily_attempt<G: Registered>(&self) -> Option<DailyAttempt> {
        let game = self.session::<G>()?;
        let day = game.config().daily?;
        let history = self.history(G::ID);
        Some(match history.daily(day) {
            None => DailyAttempt::Counts { streak: history.streak(day) },
            // The counted game itself (the same save, the same moves).
            Some(first)
                if self.key.as_deref() == Some(first.key.as_str())
                    && game.config().record_id(game.actions().len()) == first.id =>
            {
                DailyAttempt::Counts { streak: history.streak(day) }
            }
            Some(first) => DailyAttempt::Practice { first_score: first.score },
        })
    }

    pub fn history(&self, game: GameId) -> History {
        self.histories.iter().find(|(g, _)| *g == game).map(|(_, h)| h.clone()).unwrap_or_default()
    }

    pub(super) fn history_mut(&mut self, game: GameId) -> &mut History {
        if let Some(at) = self.histories.iter().position(|(g, _)| *g == game) {
            return &mut self.histories[at].1;
        }
        self.histories.push((game, History::default()));
        &mut self.histories.last_mut().expect("just pushed").1
    }
}

/// The daily deal's result to keep, for the only person at a daily table.
fn first_daily<G: GameDef>(session: &Session<G>, key: &str, id: &str, won: bool) -> Option<Daily> {
    let day = session.config().daily?;
    let seat = session.config().solo_seat()?;
    let score = *session.outcome()?.scores.get(seat)?;
    Some(Daily { day, key: key.to_string(), id: id.to_string(), score, won })
}

/// The finished game's history entry: its id, whether the person won, and
/// how much better than par they did (in the game's own order).
pub(crate) fn result<G: GameDef>(session: &Session<G>, par: Par) -> Option<(String, bool, Option<i32>)> {
    let outcome = session.outcome()?;
    let seat = session.config().solo_seat()?;
    let mine = *outcome.scores.get(seat)?;
    let vs_par = match par {
        Par::Known(p) => Some(G::SCORE_ORDER.better_by(mine, p)),
        _ => None,
    };
    Some((session.config().record_id(session.actions().len()), outcome.winners.contains(&seat), vs_par))
}

