//! What every component shares: the context of signals ([`Ctx`]), the
//! screens, the bots' speed, and the fixed texts that follow the language.

use leptos::prelude::*;
use tablee_engine::Seat;

use super::browser;
use crate::app::controller::{Par, Shell};
use crate::app::friends;
use crate::games::{AnyTable, GameId, Registered};
use crate::app::lang::Lang;
use crate::app::link::{self, LinkError};
use crate::app::session::Session;
use crate::app::worker::Job;
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
    /// A game's lessons (issue 42): the course, or lesson N (from 1).
    Learn(GameId, Option<usize>),
    /// A game with friends on their own devices (issue 55), in the game's
    /// own part (`tablee_friends_<Game>`, loaded after its table's):
    /// `join=<code>` a friend's page (the address's fragment), `host:<seats>`
    /// the host's invitations and table (the friends' seats, `1,2,`, at the
    /// table set on the home screen), `friends-check` the transport's
    /// browser test.
    Friends(GameId, String),
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
    /// The screen on show. It changes only by [`Ctx::go`] (and the
    /// browser's Back, [`Ctx::went_back`]): leaving a screen runs what it
    /// asked for ([`on_leave`]) before it goes.
    pub screen: ReadSignal<Screen>,
    pub(crate) set_screen: WriteSignal<Screen>,
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
    /// A game just put on the table, for the table to settle once there
    /// ([`super::flow::shown`]).
    pub arrival: RwSignal<Option<Arrival>>,
}

/// A game just put on the table: the par job to send, and whether to save
/// it (a game dealt or resumed is; one read back at start-up is not).
#[derive(Clone, Debug, PartialEq)]
pub struct Arrival {
    pub par_job: Option<Job>,
    pub save: bool,
}

impl Ctx {
    pub fn lang(&self) -> Lang {
        self.lang.get()
    }

    /// Reads the game of `G` in progress (tracked: the caller re-runs on a move).
    pub fn game<G: Registered, R>(&self, f: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        self.shell.with(|sh| sh.session::<G>().map(f))
    }

    /// Reads the game of `G` in progress without tracking it.
    pub fn game_untracked<G: Registered, R>(&self, f: impl FnOnce(&Session<G>) -> R) -> Option<R> {
        self.shell.with_untracked(|sh| sh.session::<G>().map(f))
    }

    /// Whether a game (of any kind) is in progress, tracked.
    pub fn has_game(&self) -> bool {
        self.shell.with(|sh| sh.game.is_some())
    }
}

thread_local! {
    /// The app's one `Ctx` (its signals live as long as the page).
    pub(crate) static CTX: std::cell::Cell<Option<Ctx>> = const { std::cell::Cell::new(None) };
    /// Whether a screen of this visit came before the one on show (then
    /// the browser's Back stays on the page).
    static CAME_FROM: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The screen shown before the one on show.
    static LEFT: std::cell::RefCell<Option<Screen>> = const { std::cell::RefCell::new(None) };
    /// The owner of the screen on show (its views, effects and signals).
    pub(crate) static SCREEN: std::cell::RefCell<Option<Owner>> = const { std::cell::RefCell::new(None) };
    /// What the screen on show asked to run when it is left ([`on_leave`]).
    static LEAVING: std::cell::RefCell<Vec<Box<dyn FnOnce()>>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// The shared signals. Found from anywhere, even from code that runs after
/// its screen's owner is gone (never a "context missing" panic).
pub fn ctx() -> Ctx {
    use_context::<Ctx>().or_else(|| CTX.with(|c| c.get())).expect("the app is mounted")
}

/// Runs `f` when the player leaves the screen on show, before that screen
/// goes (docs/architecture.md, "Leaving a screen"). A screen that changes
/// what others share when it goes (the puzzle giving the game in progress
/// back) does it here, never in `on_cleanup`: a signal written while a
/// screen is torn down re-runs that screen's views after their owners are
/// gone (issue 41's panics).
pub fn on_leave(f: impl FnOnce() + 'static) {
    LEAVING.with(|l| l.borrow_mut().push(Box::new(f)));
}

/// The screen of the game in progress: its invitations when this device
/// hosts it with friends and its page reloaded (issue 55), else its table.
pub fn game_screen(game: Option<&crate::games::AnySession>) -> Screen {
    friends::kept_game(browser::load(friends::KEPT_KEY).as_deref(), game).map_or(Screen::Game, |game| Screen::Friends(game, friends::RESUME.to_string()))
}

impl Ctx {
    /// Goes to `screen` as a new step of the browser's history (Back comes
    /// back here).
    pub fn go(self, screen: Screen) {
        self.switch(screen, true);
    }

    /// Back to the screen before this one, as the browser's Back does;
    /// `otherwise` when this visit began here (Back would leave the page).
    pub fn back(self, otherwise: Screen) {
        if self.can_go_back() {
            browser::history_back();
        } else {
            self.go(otherwise);
        }
    }

    /// Whether [`Ctx::back`] returns to a screen of this visit.
    pub fn can_go_back(self) -> bool {
        CAME_FROM.with(|c| c.get())
    }

    /// An app's own link to `search` was followed: a new step of the
    /// history (Back comes back here) with that address; the caller shows
    /// its screen.
    pub(crate) fn open_link(self, search: &str) {
        // A link opens at the top, as a page loaded did: what the new screen
        // scrolls into view once drawn (a lesson's target) is measured from there.
        browser::scroll_to_top();
        // (A link to the address on show replaces it, as the browser does.)
        if browser::search() != search {
            browser::push_history();
            CAME_FROM.with(|c| c.set(true));
            browser::replace_query(search);
        }
    }

    /// The browser went back or forward to `screen`.
    pub(crate) fn went_back(self, screen: Screen) {
        self.switch(screen, false);
    }

    fn switch(self, screen: Screen, push: bool) {
        // The game this device hosts with friends is played on its
        // invitations' screen, taken back there (issue 55), never as a
        // game passed around one device: from a button, and from the
        // browser's Back to the game's address.
        let screen = match screen {
            Screen::Game => self.shell.with_untracked(|sh| game_screen(sh.game.as_ref())),
            other => other,
        };
        // The screen being left runs no more: Leptos drops a view a little
        // after its owner is cleaned up, and a view told of a change in
        // between would run with its signals gone (issue 41). Paused, it
        // only waits to be dropped.
        if let Some(owner) = SCREEN.with(|s| s.borrow_mut().take()) {
            owner.pause();
        }
        // What the screen asked for on leaving: it may change the shell.
        let leaving = LEAVING.with(|l| std::mem::take(&mut *l.borrow_mut()));
        for f in leaving {
            f();
        }
        // A table's hold on the bots (J'achète's round end) is the table's:
        // it goes with the screen.
        self.hold.set(false);
        if push && self.screen.get_untracked() != screen {
            browser::push_history();
            CAME_FROM.with(|c| c.set(true));
        }
        LEFT.with(|l| *l.borrow_mut() = Some(self.screen.get_untracked()));
        self.set_screen.set(screen);
    }

    /// The game the screen before this one was about (a puzzle's, a
    /// replay's, the table's), if it was about one.
    pub fn left_game(self) -> Option<GameId> {
        LEFT.with(|l| match l.borrow().as_ref()? {
            Screen::Puzzles(game) | Screen::Puzzle(game, _) => Some(*game),
            Screen::Replay(query) => Some(link::named_game(query)),
            Screen::Game => self.shell.with_untracked(|sh| sh.game.as_ref().map(|g| g.game())),
            _ => None,
        })
    }
}

/// A fixed text that follows the language switch. Every label goes through
/// this one closure type (a function pointer picks the text), which keeps the
/// WebAssembly small: each distinct closure in a view costs its own code.
pub fn tr(pick: fn(&'static Strings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(lang.get().s())
}
