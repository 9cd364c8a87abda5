//! The page: the shell's frame (header, notices, screens) in Leptos, over the
//! natively tested controller ([`crate::app::controller::Shell`]), and each
//! game's table from its own folder (`crate::games::<game>::ui`).
//!
//! One [`Ctx`] of signals is shared by every component. The game changes only
//! through [`act`] and the bot loop, which both save it to localStorage just
//! after the change (in a task of its own).

pub mod browser;
pub mod coach;
pub(crate) mod deal_bar;
mod game_ui;
pub(crate) mod hint;
mod home;
pub mod parts;
pub mod learn;
pub mod puzzles;
pub mod replay;
mod rules;
mod unfinished;
pub(crate) mod worker_client;

pub(crate) use browser::LocalStorage;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::json::Json;
use tablee_engine::{Refusal, RuleError, Seat};
use wasm_bindgen::JsCast;

use crate::app::config::TableConfig;
use crate::app::controller::{First, Par, Shell, HOME_GAME_KEY, LANG_KEY, SPEED_KEY};
use crate::app::game::{AnyTable, GameDef, GameId};
use crate::app::lang::Lang;
use crate::app::link::{self, LinkError};
use crate::app::session::Session;
use crate::app::worker::Job;
use crate::games::katzenjammer::Katzenjammer;
use crate::i18n::{self, Strings};

pub(crate) use browser::{focus_if_lost, fresh_seed, sleep};
use parts::Part;
pub use game_ui::GameUi;

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
    set_screen: WriteSignal<Screen>,
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
    /// The table offered on the home screen.
    pub home_table: RwSignal<TableConfig<Katzenjammer>>,
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

thread_local! {
    /// The app's one `Ctx` (its signals live as long as the page).
    static CTX: std::cell::Cell<Option<Ctx>> = const { std::cell::Cell::new(None) };
    /// Whether a screen of this visit came before the one on show (then
    /// the browser's Back stays on the page).
    static CAME_FROM: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
    /// The screen shown before the one on show.
    static LEFT: std::cell::RefCell<Option<Screen>> = const { std::cell::RefCell::new(None) };
    /// The owner of the screen on show (its views, effects and signals).
    static SCREEN: std::cell::RefCell<Option<Owner>> = const { std::cell::RefCell::new(None) };
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

    /// The browser went back or forward to `screen`.
    fn went_back(self, screen: Screen) {
        self.switch(screen, false);
    }

    fn switch(self, screen: Screen, push: bool) {
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

#[component]
pub fn App() -> impl IntoView {
    let search = browser::search();
    // A replay's address (or the record's) deals nothing: the shell starts as
    // from the home screen, keeping every game as it is.
    let replaying = crate::app::replay::request(&search).is_some() || crate::app::replay::games_link(&search);
    // A lesson's address too: the lesson's table is its own, the game in progress waits.
    let learning = coach::learn_link(&search);
    let start = Shell::start(&mut LocalStorage, if replaying || learning.is_some() { "" } else { &search }, browser::now_ms());
    let lang = start.lang.unwrap_or_else(|| {
        browser::load(LANG_KEY)
            .and_then(|l| Lang::parse(&l))
            .unwrap_or_else(|| Lang::from_browser(browser::browser_language().as_deref()))
    });
    let home_table = match &start.home_table {
        Some(AnyTable::Katzenjammer(table)) => table.clone(),
        _ => TableConfig::new(tablee_engine::Seed::from_number(0), link::players_hint(&search)),
    };
    // The first screen: the link's.
    let first = if let Some(link) = link::puzzle_link(&search) {
        match link {
            link::PuzzleLink::List(game) => Screen::Puzzles(game),
            link::PuzzleLink::One(game, id) => Screen::Puzzle(game, id),
        }
    } else if replaying {
        if crate::app::replay::request(&search).is_some() { Screen::Replay(search.clone()) } else { Screen::Games }
    } else if let Some((game, lesson)) = learning {
        Screen::Learn(game, lesson)
    } else if link::rules_link(&search) {
        Screen::Rules
    } else {
        match &start.first {
            First::Home => Screen::Home,
            First::Game => Screen::Game,
            First::Problem(error) => Screen::Problem(error.clone()),
        }
    };
    let (screen, set_screen) = signal(first);
    let ctx = Ctx {
        lang: RwSignal::new(lang),
        screen,
        set_screen,
        par: RwSignal::new(start.shell.par),
        shell: RwSignal::new(start.shell),
        speed: RwSignal::new(browser::load(SPEED_KEY).and_then(|s| Speed::parse(&s)).unwrap_or(Speed::Normal)),
        thinking: RwSignal::new(None),
        revealed_for: RwSignal::new(None),
        home_table: RwSignal::new(home_table),
        // The link's game (a broken one's too: its fresh start and the home
        // screen offer it), else the game last chosen on the home screen.
        home_game: RwSignal::new(match (&start.home_table, &start.first) {
            // (An address with no table in it sets Katzenjammer's default table.)
            (Some(table), _) if search.len() > 1 => table.game(),
            (_, First::Problem(_)) => link::named_game(&search),
            _ => browser::load(HOME_GAME_KEY).and_then(|g| GameId::parse(&g)).unwrap_or(GameId::Katzenjammer),
        }),
        bots_running: StoredValue::new(false),
        hold: RwSignal::new(false),
        save_pending: StoredValue::new(false),
        puzzle: RwSignal::new(false),
    };
    if let Some((game, _)) = learning {
        ctx.home_game.set(game);
    }
    provide_context(ctx);
    CTX.with(|c| c.set(Some(ctx)));
    // The browser's Back and Forward: each screen is a step of the history
    // ([`Ctx::go`]); its address says which.
    let _ = window_event_listener_untyped("popstate", move |_| match screen_at(ctx, &browser::search()) {
        Some(screen) => ctx.went_back(screen),
        // Another deal's address (or a broken one): the page reads it as a
        // link, keeping every game as it is.
        None => browser::reload(),
    });
    // A screen drawn at once (not a part still to fetch) is the first screen:
    // it works once mounted, just after this.
    if matches!(ctx.screen.get_untracked(), Screen::Home | Screen::Rules | Screen::Problem(_)) {
        request_animation_frame(browser::first_screen_ready);
    }
    // The page's static "loading" line goes once the app runs.
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
    if start.first == First::Game && ctx.screen.get_untracked() == Screen::Game {
        // A friend's link: the table offers its lessons to a newcomer (issue 42).
        if start.dealt && search.len() > 1 {
            ctx.shell.with_untracked(|sh| sh.game.as_ref().map(|g| coach::arrived_by_link(g.game())));
        }
        shown(ctx, start.par_job);
        if start.dealt {
            persist(ctx);
        }
    }

    // The address bar names the game being played (or the home screen).
    Effect::new(move |_| {
        match ctx.screen.get() {
            Screen::Game => {
                if let Some(query) = ctx.shell.with(|sh| sh.game.as_ref().map(link::write_game)) {
                    browser::replace_query(&query);
                }
            }
            Screen::Home => browser::replace_query(""),
            Screen::Puzzles(game) => browser::replace_query(&crate::app::puzzles::list_link(game)),
            Screen::Puzzle(game, Some(id)) => browser::replace_query(&crate::app::puzzles::link(game, id)),
            Screen::Games => browser::replace_query("?games"),
            Screen::Rules => browser::replace_query(link::RULES_LINK),
            Screen::Learn(game, lesson) => browser::replace_query(&coach::link(game, lesson)),
            // The replay screen writes its own (static) link.
            Screen::Replay(_) => {}
            Screen::Problem(_) | Screen::Puzzle(_, None) => {}
        }
    });
    // The page's title names the game on screen ("J'achète — Tablée"): a
    // tab, a bookmark and a screen reader's first words say what is played.
    Effect::new(move |_| {
        let game = match ctx.screen.get() {
            Screen::Game => ctx.shell.with(|sh| sh.game.as_ref().map(|g| g.game())),
            Screen::Puzzles(game) | Screen::Puzzle(game, _) | Screen::Learn(game, _) => Some(game),
            _ => None,
        };
        browser::set_title(&match game {
            Some(game) => format!("{} — Tablée", game.title()),
            None => "Tablée".to_string(),
        });
    });
    // The document's language follows the switch (screen readers, hyphenation).
    Effect::new(move |_| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", ctx.lang.get().code());
        }
    });
    // Every screen opens at its top: a game started from the foot of the home
    // screen (or resumed, or dealt again) shows whose turn it is and the hand,
    // not the page scrolled down as the home screen was.
    Effect::new(move |_| {
        ctx.screen.track();
        browser::scroll_to_top();
    });
    // Bots play whenever it is their turn and the game is on screen.
    Effect::new(move |_| {
        let bot_turn = ctx.shell.with(|sh| sh.bot_to_act().is_some());
        if bot_turn && coach::bots_play(&ctx.screen.get()) && !ctx.hold.get() && !ctx.bots_running.get_value() {
            spawn_local(run_bots(ctx));
        }
    });

    view! {
        <a class="skip" href="#main">{tr(|s| s.skip_to_game)}</a>
        <Header />
        <main id="main">
            <Update />
            <Notice />
            {move || screen_view(ctx.screen.get())}
        </main>
    }
}

/// A screen's view, under an owner of its own that [`Ctx::go`] pauses
/// when the player leaves it.
fn screen_view(screen: Screen) -> AnyView {
    let owner = Owner::new();
    SCREEN.with(|s| *s.borrow_mut() = Some(owner.clone()));
    let view = owner.with(|| match screen {
        Screen::Puzzles(game) => view! { <Part load=Box::new(move || parts::load(|l| (l.puzzles_list)(game))) /> }.into_any(),
        Screen::Puzzle(game, id) => view! { <Part load=Box::new(move || parts::load(|l| (l.puzzle)(game, id))) /> }.into_any(),
        Screen::Replay(query) => {
            view! { <Part load=Box::new(move || parts::load(|l| (l.replay)(query.clone()))) /> }.into_any()
        }
        Screen::Games => view! { <Part load=Box::new(|| parts::load(|l| (l.games)())) /> }.into_any(),
        Screen::Learn(game, lesson) => view! { <Part load=Box::new(move || parts::load(|l| (l.lessons)(game, lesson))) /> }.into_any(),
        Screen::Home => view! { <home::Home /> }.into_any(),
        Screen::Game => view! { <GameScreen /> }.into_any(),
        Screen::Rules => view! { <rules::Rules /> }.into_any(),
        Screen::Problem(error) => view! { <Problem error /> }.into_any(),
    });
    leptos::tachys::reactive_graph::OwnedView::new_with_owner(view, owner).into_any()
}

/// The screen an address of this page shows, when the page can show it
/// without reading it as a link anew: Back and Forward land there.
fn screen_at(ctx: Ctx, search: &str) -> Option<Screen> {
    if search.len() <= 1 {
        return Some(Screen::Home);
    }
    if let Some(link) = link::puzzle_link(search) {
        return Some(match link {
            link::PuzzleLink::List(game) => Screen::Puzzles(game),
            link::PuzzleLink::One(game, id) => Screen::Puzzle(game, id),
        });
    }
    if crate::app::replay::request(search).is_some() {
        return Some(Screen::Replay(search.to_string()));
    }
    if crate::app::replay::games_link(search) {
        return Some(Screen::Games);
    }
    if link::rules_link(search) {
        return Some(Screen::Rules);
    }
    if let Some((game, lesson)) = coach::learn_link(search) {
        return Some(Screen::Learn(game, lesson));
    }
    // The game in progress's own address.
    ctx.shell.with_untracked(|sh| sh.game.as_ref().map(link::write_game)).filter(|own| own == search).map(|_| Screen::Game)
}

/// The table of the game in progress: each game brings its own.
#[component]
fn GameScreen() -> impl IntoView {
    let ctx = ctx();
    // A memo: the table is built again only when the game changes, not on
    // every move (each move changes the shell).
    let game = Memo::new(move |_| ctx.shell.with(|sh| sh.game.as_ref().map(|g| g.game())));
    // Each game's table is a part of its own, loaded the first time it is shown.
    move || match game.get() {
        Some(id) => view! { <Part load=Box::new(move || parts::table(id)) /> }.into_any(),
        None => view! { <p class="panel">{tr(|s| s.home_title)}</p> }.into_any(),
    }
}

/// A game is on screen: the bots' workers start (with the first game, not
/// the home screen: their program is not part of the first load,
/// docs/performance.md), hot-seat hiding resets, and par starts.
fn shown(ctx: Ctx, par_job: Option<Job>) {
    // A game shown is saved and played, whatever the screen before was.
    ctx.puzzle.set(false);
    worker_client::start();
    ctx.par.set(ctx.shell.with_untracked(|sh| sh.par));
    ctx.revealed_for.set(None);
    ctx.go(Screen::Game);
    if let Some(job) = par_job {
        start_par(ctx, job);
    }
    after_change(ctx);
}

/// Makes `session` (a puzzle's position) a normal game, kept and saved, and shows it.
pub(crate) fn play_session(ctx: Ctx, session: crate::app::game::AnySession) {
    let mut par_job = None;
    ctx.shell.update(|sh| par_job = sh.begin(session));
    shown(ctx, par_job);
    persist(ctx);
}

/// Deals a new game for `table` and shows it.
pub fn start_game(ctx: Ctx, table: AnyTable) {
    start_match(ctx, table, 1);
}

/// Deals the first game of a match of `games` games at `table` (one: a
/// game of its own) and shows it.
pub fn start_match(ctx: Ctx, table: AnyTable, games: usize) {
    let problem = LinkError::cannot_deal(&table);
    let table_game = table.game();
    let mut dealt = Err(String::new());
    ctx.shell.update(|sh| dealt = sh.new_match(table, games));
    match dealt {
        Ok(par_job) => {
            shown(ctx, par_job);
            persist(ctx);
        }
        Err(_) => {
            ctx.home_game.set(table_game);
            ctx.go(Screen::Problem(problem));
        }
    }
}

/// The match's next game, once the game on screen is over.
pub fn next_in_match(ctx: Ctx) {
    let mut job = None;
    ctx.shell.update(|sh| job = sh.next_in_match());
    if let Some(job) = job {
        shown(ctx, job);
        persist(ctx);
    }
}

/// A person's move in game `G`. Returns the engine's refusal, if any.
pub fn act<G: GameDef>(ctx: Ctx, action: G::Action) -> Result<(), RuleError> {
    // An answered puzzle waits for "Play on" (its controls are gone too).
    if puzzles::answered_now(ctx) {
        return Err(Refusal::NotAPersonsTurn.into());
    }
    // A lesson's table plays only the move its step asks for; another is
    // explained by the coach and the position stays.
    if !coach::allows(|| G::action_to_json(&action)) {
        return Ok(());
    }
    let mut result = Err(Refusal::NoGame.into());
    let mark = decoration_mark(ctx);
    ctx.shell.update(|sh| result = sh.act::<G>(action));
    if result.is_ok() && !ctx.puzzle.get_untracked() {
        persist(ctx);
        after_change(ctx);
        decorate(ctx, mark);
    }
    result
}

/// After a move made on screen, a person's or a bot's (not a take-back, not
/// the moves of a game resumed): the table's decoration for it, Katzenjammer's
/// cards flying (issue 13); none at the bots' instant speed.
fn decorate(ctx: Ctx, mark: usize) {
    if ctx.speed.get_untracked() != Speed::Instant {
        ctx.shell.with_untracked(|sh| {
            if let Some(game) = &sh.game {
                game_ui::decorate(game, mark);
            }
        });
    }
}

/// Where the table's log stood before a move, so that [`decorate`] shows
/// what that move did: a move can log more than its own event (a win, then
/// the foursomes it cannot present, then the next row's first card).
fn decoration_mark(ctx: Ctx) -> usize {
    ctx.shell.with_untracked(|sh| sh.game.as_ref().map_or(0, game_ui::decoration_mark))
}

/// "Take back my move", for any game's table: shown on the person's turn
/// once they have moved, at a table of one person against bots, never in
/// the daily deal nor a puzzle. The game becomes practice: the first
/// take-back of a game says so and asks (once: a practice game is not
/// asked again), the button showing the question under it.
#[component]
pub fn TakeBack() -> impl IntoView {
    let ctx = ctx();
    let can = Memo::new(move |_| ctx.shell.with(|sh| sh.can_take_back()) && !ctx.puzzle.get());
    // The move count the question was asked at: a move since, and it is gone.
    let asked_at = RwSignal::new(None::<usize>);
    let moves = move || ctx.shell.with(|sh| sh.game.as_ref().map(|g| g.moves()));
    let asking = move || asked_at.get().is_some() && asked_at.get() == moves();
    let press = move |_| {
        let practice = ctx.shell.with_untracked(|sh| sh.game.as_ref().is_some_and(|g| crate::games::each_game!(session g, s => s.practice())));
        if practice {
            take_back(ctx);
        } else {
            asked_at.set(ctx.shell.with_untracked(|sh| sh.game.as_ref().map(|g| g.moves())));
            browser::focus_id("take-back-confirm");
        }
    };
    let confirm = move |_| {
        asked_at.set(None);
        take_back(ctx);
        browser::focus_id("take-back");
    };
    let cancel = move |_| {
        asked_at.set(None);
        browser::focus_id("take-back");
    };
    view! {
        <Show when=move || can.get()>
            <button type="button" id="take-back" data-testid="take-back" aria-expanded=move || asking().to_string() on:click=press>
                {tr(|s| s.take_back)}
            </button>
            <Show when=asking>
                <div class="take-back-ask" role="group" aria-labelledby="take-back-warn" data-testid="take-back-ask">
                    <p id="take-back-warn">{tr(|s| s.take_back_warn)}</p>
                    <button type="button" class="primary" id="take-back-confirm" data-testid="take-back-confirm" on:click=confirm>
                        {tr(|s| s.take_back_confirm)}
                    </button>
                    <button type="button" data-testid="take-back-cancel" on:click=cancel>{tr(|s| s.take_back_cancel)}</button>
                </div>
            </Show>
        </Show>
    }
}

/// Takes back the person's last move in the game on screen and saves;
/// false when there was none to take back.
pub fn take_back(ctx: Ctx) -> bool {
    let mut done = false;
    ctx.shell.update(|sh| done = sh.take_back());
    if done {
        persist(ctx);
        after_change(ctx);
    }
    done
}

/// Keeps the table's notes (J'achète's staged table, its hand order) with
/// the game of `G` and saves them: a reload shows the table as it was.
pub fn set_note<G: GameDef>(ctx: Ctx, note: Option<Json>) {
    let mut kept = false;
    ctx.shell.update_untracked(|sh| kept = sh.set_note::<G>(note));
    if kept {
        persist(ctx);
    }
}

/// Saves the game, in a task of its own just after the move's (the move's
/// task then only updates the page; moves in a row are saved once). A full or
/// missing storage only costs the resume.
fn persist(ctx: Ctx) {
    if ctx.save_pending.get_value() || ctx.puzzle.get_untracked() {
        return;
    }
    ctx.save_pending.set_value(true);
    set_timeout(
        move || {
            ctx.save_pending.set_value(false);
            ctx.shell.update_untracked(|sh| {
                sh.save(&mut LocalStorage, browser::now_ms());
            });
        },
        std::time::Duration::ZERO,
    );
}

/// After any move: hot-seat hiding, history at the end.
fn after_change(ctx: Ctx) {
    let to_act = ctx.shell.with_untracked(|sh| sh.game.as_ref().and_then(|g| crate::games::each_game!(session g, s => s.to_act())));
    if to_act != ctx.revealed_for.get_untracked() {
        ctx.revealed_for.set(None);
    }
    let mut changed = false;
    ctx.shell.update_untracked(|sh| changed = sh.record_if_over(&mut LocalStorage));
    if changed {
        ctx.shell.notify();
    }
}

/// Plays bot moves one at a time, pausing between them, while it is a bot's
/// turn and the game is on screen.
async fn run_bots(ctx: Ctx) {
    if ctx.bots_running.get_value() {
        return;
    }
    ctx.bots_running.set_value(true);
    while let Some(turn) = ctx.shell.with_untracked(|sh| sh.bot_turn()) {
        if !coach::bots_play(&ctx.screen.get_untracked()) || ctx.hold.get_untracked() {
            break;
        }
        ctx.thinking.set(Some(turn.seat));
        // The bot thinks in the worker while the move's delay runs.
        let reply = worker_client::ask(turn.job);
        // Let the page paint the thinking indicator, then wait the chosen delay.
        browser::sleep(ctx.speed.get_untracked().delay_ms().max(16)).await;
        // No worker: the game goes on with the simplest legal move.
        let reply = reply.await;
        if !coach::bots_play(&ctx.screen.get_untracked()) || ctx.hold.get_untracked() {
            break;
        }
        let mut moved = false;
        let mark = decoration_mark(ctx);
        ctx.shell.update(|sh| moved = sh.bot_moved(turn.at, reply));
        if !moved {
            break;
        }
        persist(ctx);
        after_change(ctx);
        decorate(ctx, mark);
    }
    ctx.thinking.set(None);
    ctx.bots_running.set_value(false);
}

/// Computes par for the only person at the table, in the bots' background
/// worker (without a worker there is no par for this game).
fn start_par(ctx: Ctx, job: Job) {
    let generation = ctx.shell.with_untracked(|sh| sh.generation);
    spawn_local(async move {
        let reply = worker_client::ask(job).await;
        let mut history_changed = false;
        ctx.shell.update_untracked(|sh| history_changed = sh.par_arrived(generation, reply, &mut LocalStorage));
        if ctx.shell.with_untracked(|sh| sh.generation) == generation {
            ctx.par.set(ctx.shell.with_untracked(|sh| sh.par));
        }
        if history_changed {
            ctx.shell.notify();
        }
    });
}

#[component]
fn Header() -> impl IntoView {
    let ctx = ctx();
    let switch = move |lang: Lang| {
        ctx.lang.set(lang);
        browser::store(LANG_KEY, lang.code());
    };
    let in_game = Memo::new(move |_| ctx.has_game());
    // The game on screen: the table's or the puzzles'; none on
    // the other screens, which name their game themselves or hold several
    // (a replay of J'achète under Katzenjammer's name misled).
    let game_name = Memo::new(move |_| match ctx.screen.get() {
        Screen::Game => ctx.shell.with(|sh| sh.game.as_ref().map_or(GameId::Katzenjammer, |g| g.game()).title()),
        Screen::Puzzles(game) | Screen::Puzzle(game, _) => game.title(),
        _ => "",
    });
    view! {
        <header class="masthead">
            <div class="brand">
                <p class="title">"Tablée"</p>
                <p class="game-name">{game_name}</p>
            </div>
            <nav class="nav" aria-label="Menu">
                <button type="button" data-testid="nav-home" on:click=move |_| ctx.go(Screen::Home)>
                    {tr(|s| s.nav_new_game)}
                </button>
                <Show when=move || in_game.get() && ctx.screen.get() != Screen::Game && !ctx.puzzle.get()>
                    <button type="button" data-testid="nav-game" on:click=move |_| ctx.go(Screen::Game)>
                        {tr(|s| s.nav_back)}
                    </button>
                </Show>
                <button
                    type="button"
                    data-testid="nav-rules"
                    aria-pressed=move || (ctx.screen.get() == Screen::Rules).to_string()
                    on:click=move |_| ctx.go(Screen::Rules)
                >
                    {tr(|s| s.nav_rules)}
                </button>
                <span class="lang-switch" role="group" aria-label=tr(|s| s.lang_switch)>
                    {Lang::ALL
                        .into_iter()
                        .map(|lang| {
                            view! {
                                <button
                                    type="button"
                                    lang=lang.code()
                                    data-testid=format!("lang-{}", lang.code())
                                    aria-pressed=move || (ctx.lang.get() == lang).to_string()
                                    on:click=move |_| switch(lang)
                                >
                                    // Named by what it shows, then the language
                                    // in full ("EN English"): a voice command
                                    // saying the visible "EN" finds it.
                                    {lang.code().to_uppercase()}
                                    <span class="sr-only">" " {lang.name()}</span>
                                </button>
                            }
                        })
                        .collect_view()}
                </span>
            </nav>
        </header>
    }
}

/// A new version is installed and waiting (index.html's service-worker script
/// sends `tablee-update`): offer to reload into it.
#[component]
fn Update() -> impl IntoView {
    let global = |name: &str| web_sys::window().and_then(|w| js_sys::Reflect::get(&w, &name.into()).ok()).filter(|v| v.is_truthy());
    let waiting = RwSignal::new(global("tableeWaiting").is_some());
    let _ = window_event_listener_untyped("tablee-update", move |_| waiting.set(true));
    let reload = move |_| {
        if let Some(apply) = global("tableeApplyUpdate").and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
            let _ = apply.call0(&wasm_bindgen::JsValue::NULL);
        }
    };
    move || {
        waiting.get().then(|| {
            view! {
                <section class="panel notice" role="status" data-testid="update-available">
                    <p>{tr(|s| s.update_available)}</p>
                    <button type="button" data-testid="update-reload" on:click=reload>
                        {tr(|s| s.update_reload)}
                    </button>
                </section>
            }
        })
    }
}

/// A save was set aside: say so until dismissed.
#[component]
fn Notice() -> impl IntoView {
    let ctx = ctx();
    let set_aside = Memo::new(move |_| ctx.shell.with(|sh| sh.set_aside.clone()));
    move || {
        set_aside.get().map(|aside| {
            let lang = ctx.lang();
            let text = i18n::save_set_aside(&i18n::save_error(&aside.error, lang), aside.history, aside.kept, lang);
            view! {
                <section class="panel notice" role="alert" data-testid="notice">
                    <p>{text}</p>
                    <button type="button" data-testid="notice-dismiss" on:click=move |_| ctx.shell.update(|sh| sh.set_aside = None)>
                        {lang.s().dismiss}
                    </button>
                </section>
            }
        })
    }
}

/// A link that cannot be followed: say why, offer a fresh start.
#[component]
fn Problem(error: LinkError) -> impl IntoView {
    let ctx = ctx();
    // The game the link named (a J'achète link's fresh start is J'achète's),
    // with its players if that game may have them.
    let fresh = move |_| {
        start_game(ctx, link::fresh_table(ctx.home_game.get_untracked(), &browser::search(), browser::fresh_seed()));
    };
    let message = {
        let error = error.clone();
        move || i18n::link_error(&error, ctx.lang())
    };
    view! {
        <section class="panel problem" role="alert" data-testid="problem">
            <h1>{tr(|s| s.problem_title)}</h1>
            <p data-testid="problem-message">{message}</p>
            <p class="actions">
                <button type="button" class="primary" data-testid="problem-fresh" on:click=fresh>
                    {move || i18n::problem_fresh(ctx.home_game.get(), ctx.lang())}
                </button>
                <button type="button" data-testid="problem-home" on:click=move |_| ctx.go(Screen::Home)>
                    {tr(|s| s.problem_home)}
                </button>
            </p>
        </section>
    }
}
