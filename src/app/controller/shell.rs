//! The shell's state: the games on this device and what start-up decided.

use tablee_engine::Seat;

use tablee_engine::json::Json;

use crate::games::{AnySession, AnyTable, GameId, Registered};
use crate::app::history::History;
use crate::app::lang::Lang;
use crate::app::link::LinkError;
use crate::app::save::{self, SaveError};
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

/// How the shell makes game `game`'s sessions: replayed from a save, or
/// dealt. The engine is reached only through these, so that it comes with
/// the code that makes them: on the page, each game's own part
/// (`src/parts.rs`), not the home screen's first load
/// (docs/performance.md, "The engines out of the core"). [`Maker::of`]
/// writes one; natively every game's is at hand ([`Maker::all`]).
#[derive(Clone, Copy, Debug)]
pub struct Maker {
    pub game: GameId,
    /// Replays a save of this game, already read as JSON ([`save::from_value`]).
    pub restore: fn(&Json) -> Result<AnySession, SaveError>,
    /// Deals this game at a table: the first game of a match of that many
    /// games (one: a game of its own).
    pub deal: fn(AnyTable, usize) -> Result<AnySession, String>,
}

impl Maker {
    /// Game `G`'s maker.
    pub fn of<G: Registered>() -> Maker {
        use crate::app::session::Session;
        // This game's only: the other games' engines stay out of its part.
        fn deal<G: Registered>(table: AnyTable, games: usize) -> Result<AnySession, String> {
            let table = G::as_table(&table).cloned().ok_or_else(|| format!("not a table of {}", G::ID.code()))?;
            Session::new_match(table, games).map(Session::into_any)
        }
        Maker { game: G::ID, restore: save::any_from_value::<G>, deal: deal::<G> }
    }

    /// Game `game`'s maker (natively: tests, tools).
    pub fn of_game(game: GameId) -> Maker {
        crate::games::with_game!(game, G => Maker::of::<G>())
    }

    /// Every game's maker (natively).
    pub fn all() -> Vec<Maker> {
        GameId::ALL.into_iter().map(Maker::of_game).collect()
    }
}

/// Start-up needs these games' makers first ([`Shell::open`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NeedsMakers(pub Vec<GameId>);

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
    /// The games' makers fetched so far ([`Maker`]).
    pub(super) makers: Vec<Maker>,
    /// A deal asked for before its game's maker was fetched: its table and
    /// its match's number of games. The game's table part deals it when it
    /// is in ([`Shell::add_maker`]).
    pub pending: Option<(AnyTable, usize)>,
}

/// What a link read showed ([`Shell::follow`], and start-up's link).
#[derive(Clone, Debug)]
pub struct Followed {
    pub first: First,
    /// The language the link asks for.
    pub lang: Option<Lang>,
    /// The table the home screen offers (the link's, when it reads).
    pub home_table: Option<AnyTable>,
    /// Par to compute for the game shown.
    pub par_job: Option<Job>,
    /// The game was just dealt: save it.
    pub dealt: bool,
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
