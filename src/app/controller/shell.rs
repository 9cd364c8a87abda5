//! The shell's state: the games on this device and what start-up decided.

use tablee_engine::Seat;

use crate::games::{AnySession, AnyTable, GameId};
use crate::app::history::History;
use crate::app::lang::Lang;
use crate::app::link::LinkError;
use crate::app::save::SaveError;
use crate::app::worker::Job;

/// A save that could not be resumed: why, and where it was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    pub error: SaveError,
    pub key: String,
    /// How many unreadable saves this device keeps aside now (at most
    /// [`KEEP_ASIDE`]: the oldest go).
    pub kept: usize,
    /// The record of past games, not a game, was set aside.
    pub history: bool,
}

/// Par for the current game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Par {
    /// No par for this table (several people, or nobody).
    NotApplicable,
    Computing,
    Known(i32),
}

/// What the page shows first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First {
    Home,
    Game,
    Problem(LinkError),
}

/// A bot's move to ask of the worker: the job, and what to match the reply with.
#[derive(Clone, Debug, PartialEq)]
pub struct BotTurn {
    pub seat: Seat,
    /// The move number the decision is for.
    pub at: usize,
    pub job: Job,
}

/// An unfinished game kept aside: where it is saved, when it was last
/// played (ms since 1970), and the game.
#[derive(Clone, Debug)]
pub struct Kept {
    pub key: String,
    pub at: f64,
    pub session: AnySession,
}

/// The games on this device: the one in progress, the other unfinished
/// ones, its par, the local history, and a save that could not be resumed.
#[derive(Clone, Debug)]
pub struct Shell {
    pub game: Option<AnySession>,
    /// Where the game in progress is saved, and when it last was.
    pub key: Option<String>,
    pub at: f64,
    /// The other unfinished games, newest first.
    pub kept: Vec<Kept>,
    /// The next game's number.
    pub(super) next: u64,
    /// Saves to remove when the list is next written (finished or too old).
    pub(super) dropped: Vec<String>,
    pub par: Par,
    /// Each game's local history.
    pub histories: Vec<(GameId, History)>,
    pub set_aside: Option<SetAside>,
    /// Incremented for each game begun, so that late replies of an old game
    /// (a par still computing) are dropped.
    pub generation: u64,
}

/// What start-up decided.
#[derive(Clone, Debug)]
pub struct Start {
    pub shell: Shell,
    pub first: First,
    /// The language the link asks for.
    pub lang: Option<Lang>,
    /// The table the home screen offers.
    pub home_table: Option<AnyTable>,
    /// Par to compute for the game shown.
    pub par_job: Option<Job>,
    /// The game was just dealt: save it.
    pub dealt: bool,
}
