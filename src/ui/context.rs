//! What every component shares: the context of signals ([`Ctx`]), the
//! screens, the bots' speed, and the fixed texts that follow the language.

use leptos::prelude::*;
use tablee_engine::Seat;

use crate::app::controller::{Par, Shell};
use crate::app::game::{AnyTable, GameDef, GameId};
use crate::app::lang::Lang;
use crate::app::link::LinkError;
use crate::app::session::Session;
use crate::i18n::Strings;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Game,
    Rules,
    Problem(LinkError),
    /// The puzzles of a game: the list, and one puzzle (`None`: a number
    /// that does not read).
    Puzzles(GameId),
    Puzzle(GameId, Option<u32>),
    /// A replay: the address that names it (`?…&replay=…`, `?replay=last`).
    Replay(String),
    /// The record of finished games ("Your games").
    Games,
}

/// How long a bot's move stays on screen before the next one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speed {
    Slow,
    Normal,
    Fast,
    Instant,
}

impl Speed {
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    pub fn delay_ms(self) -> u32 {
        match self {
            Speed::Slow => 1500,
            Speed::Normal => 750,
            Speed::Fast => 250,
            Speed::Instant => 0,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Speed::Slow => "slow",
            Speed::Normal => "normal",
            Speed::Fast => "fast",
            Speed::Instant => "instant",
        }
    }

    pub fn parse(text: &str) -> Option<Speed> {
        Speed::ALL.into_iter().find(|s| s.code() == text)
    }

    pub fn label(self, lang: Lang) -> &'static str {
        let s = lang.s();
        match self {
            Speed::Slow => s.speed_slow,
            Speed::Normal => s.speed_normal,
            Speed::Fast => s.speed_fast,
            Speed::Instant => s.speed_instant,
        }
    }
}

/// Everything the components share.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub lang: RwSignal<Lang>,
    pub screen: RwSignal<Screen>,
    /// The game in progress, its par, the history, a save set aside.
    pub shell: RwSignal<Shell>,
    /// The shell's par, in a signal of its own: par arriving mid-game
    /// re-renders the par line, not every component that reads the game.
    pub par: RwSignal<Par>,
    pub speed: RwSignal<Speed>,
    /// The bot whose move is coming.
    pub thinking: RwSignal<Option<Seat>>,
    /// Hot-seat: the person who confirmed being at the device.
    pub revealed_for: RwSignal<Option<Seat>>,
    /// The table offered on the home screen: the one last dealt from it or
    /// from a link, of any game (its seats, its game's options form's).
    pub home_table: RwSignal<AnyTable>,
    /// The game chosen on the home screen.
    pub home_game: RwSignal<GameId>,
    pub bots_running: StoredValue<bool>,
    /// A table holds the bots (J'achète's round end waits for "Next round").
    pub hold: RwSignal<bool>,
    /// A save is scheduled ([`persist`]).
    pub save_pending: StoredValue<bool>,
    /// A puzzle's position is on the table: it is not saved, not counted,
    /// has no hints and no bots until played on (`ui::puzzles`).
    pub puzzle: RwSignal<bool>,
}

impl Ctx {
    pub fn lang(&self) -> Lang {
        self.lang.get()
    }

    /// Reads the game of `G` in progress (tracked: the caller re-runs on a move).
    pub fn game<G: GameDef, R>(&self, f: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        self.shell.with(|sh| sh.session::<G>().map(f))
    }

    /// Reads the game of `G` in progress without tracking it.
    pub fn game_untracked<G: GameDef, R>(&self, f: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        self.shell.with_untracked(|sh| sh.session::<G>().map(f))
    }

    /// Whether a game (of any kind) is in progress, tracked.
    pub fn has_game(&self) -> bool {
        self.shell.with(|sh| sh.game.is_some())
    }
}

pub fn ctx() -> Ctx {
    expect_context::<Ctx>()
}

/// A fixed text that follows the language switch. Every label goes through
/// this one closure type (a function pointer picks the text), which keeps the
/// WebAssembly small: each distinct closure in a view costs its own code.
pub fn tr(pick: fn(&'static Strings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(lang.get().s())
}
