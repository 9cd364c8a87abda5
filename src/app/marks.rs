//! Issue 13: the replay's marks where the person and the `expert` in their
//! seat parted ways (computed for the replays' part of the page). For each of the person's moves the
//! page asks the bots' worker what the expert would have played there: the
//! game before that move as a save, decided for the seat to act with the
//! decision seed the page (and so the par run) uses for that move number.
//! Until the person first differs from the expert, the par game and the
//! person's game are the same moves (the bots at the other seats decide the
//! same on the same position with the same seed), so the first mark is
//! exactly where the par game left the person's.

use tablee_bots::Level;
use tablee_engine::json::Json;

use crate::app::game::GameDef;
use crate::games::{AnySession, Registered};
use crate::app::save;
use crate::app::session::Session;
use crate::app::worker::Job;

/// The move indices (0-based) of the person's moves, in a game of one
/// person against bots; none otherwise (no par, nothing to compare).
pub fn person_moves(session: &AnySession) -> Vec<usize> {
    fn of<G: GameDef>(s: &Session<G>) -> Vec<usize> {
        let Some(me) = s.config().solo_seat() else { return Vec::new() };
        s.moves().enumerate().filter(|(_, (seat, _))| *seat == me).map(|(i, _)| i).collect()
    }
    crate::games::each_game!(session session, s => of(s))
}

/// The game before move `at`, in a session of its own.
pub fn before<G: GameDef>(s: &Session<G>, at: usize) -> Option<Session<G>> {
    Session::replay(s.config().clone(), s.moves().take(at).map(|(seat, a)| (seat, a.clone()))).ok()
}

/// The worker's job: the expert's move for the seat to act before move `at`.
pub fn job(session: &AnySession, at: usize) -> Option<Job> {
    fn of<G: Registered>(s: &Session<G>, at: usize) -> Option<Job> {
        Some(Job::Decide { level: Level::Expert, game: save::to_value(&before(s, at)?) })
    }
    crate::games::each_game!(session session, s => of(s, at))
}

/// Whether the expert's move (the worker's answer, in the game's
/// notation) differs from the person's move `at`; `None` if unreadable.
pub fn differs(session: &AnySession, at: usize, expert: &Json) -> Option<bool> {
    fn of<G: GameDef>(s: &Session<G>, at: usize, expert: &Json) -> Option<bool> {
        let expert = G::action_from_json(expert).ok()?;
        Some(s.actions().get(at)? != &expert)
    }
    crate::games::each_game!(session session, s => of(s, at, expert))
}

/// A move where the `expert` in the person's seat would have played
/// otherwise: the move's index (`at`: the timeline's step `at + 1` shows it)
/// and the expert's move in the game log's words, in both languages.
#[derive(Clone, Debug, PartialEq)]
pub struct Mark {
    pub at: usize,
    en: String,
    fr: String,
}

impl Mark {
    pub fn new(at: usize, en: String, fr: String) -> Mark {
        Mark { at, en, fr }
    }

    /// The timeline's step that shows this move.
    pub fn step(&self) -> usize {
        self.at + 1
    }

    /// The expert's move in words.
    pub fn expert(&self, lang: crate::app::lang::Lang) -> &str {
        match lang {
            crate::app::lang::Lang::En => &self.en,
            crate::app::lang::Lang::Fr => &self.fr,
        }
    }
}

/// How far the comparison with the expert is.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Progress {
    /// No par for this game (several people, or nobody, played).
    None,
    /// `done` of the person's `of` moves compared.
    Checking { done: usize, of: usize },
    Done,
    /// No worker on this device: nothing is computed on the page's thread.
    Unavailable,
}
