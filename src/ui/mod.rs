//! The page: the shell's frame (header, notices, screens) in Leptos, over the
//! natively tested controller ([`crate::app::controller::Shell`]), and each
//! game's table from its own folder (`crate::games::<game>::ui`).
//!
//! One `Ctx` of signals is shared by every component (`context.rs`, with
//! how screens change: `Ctx::go`, `on_leave`). The game changes only through
//! `flow::act` and the bot loop (`flow.rs`), which both save it to
//! localStorage just after the change (in a task of its own). The frame
//! around every screen is `frame.rs`; this file is the page's root ([`App`])
//! and the screens' views. It only assembles: no module imports it (each
//! names the module an item is in, `crate::ui::context::ctx`, never
//! `crate::ui::ctx`), so it may import them all without a circle.

pub mod browser;
pub mod coach;
pub(crate) mod deal_bar;
pub mod game_ui;
pub(crate) mod hint;
pub(crate) mod term;
pub mod home;
pub mod parts;
pub mod learn;
pub mod puzzles;
pub mod replay;
pub mod rules;
mod unfinished;
pub(crate) mod worker_client;
pub(crate) mod context;
pub(crate) mod feed;
pub mod flow;
mod frame;
// The WebRTC transport of a game with friends (issue 55), reached only by its part.
pub mod friends;

use leptos::prelude::*;

use crate::app::controller::{First, NeedsMakers, Shell, Start, HOME_GAME_KEY, LANG_KEY, SPEED_KEY};
use crate::games::GameId;
use crate::app::lang::Lang;
use crate::app::link::{self};

use browser::LocalStorage;
use context::{ctx, tr, Ctx, Screen, Speed, CTX, SCREEN};
use flow::shown;
use frame::{Header, Notice, Problem, Update};
use parts::Part;

/// Starts the page: this device's games and the link read into the shell
/// ([`Shell::open`]), once the makers that takes are fetched (a game's
/// engine comes with its table's part, which a link to a table or a game
/// to resume needs anyway; a new visitor's home screen needs none), then
/// the app mounted. A part that cannot be fetched leaves the page's
/// "could not start" line, every save untouched.
pub async fn boot() {
    let search = browser::search();
    let read = if deals_nothing(&search) { "" } else { search.as_str() };
    let mut makers = Vec::new();
    let start = loop {
        match Shell::open(&mut LocalStorage, read, browser::now_ms(), &makers) {
            Ok(start) => break start,
            Err(NeedsMakers(games)) => {
                for game in games {
                    match parts::maker(game).await {
                        Ok(maker) if maker.game == game => makers.push(maker),
                        _ => return browser::boot_failed(),
                    }
                }
            }
        }
    };
    leptos::mount::mount_to_body(move || view! { <App start /> });
}

/// A replay's address (or the record's) deals nothing: the shell starts as
/// from the home screen, keeping every game as it is. A lesson's address
/// neither: the lesson's table is its own, the game in progress waits.
fn deals_nothing(search: &str) -> bool {
    crate::app::replay::request(search).is_some() || crate::app::replay::games_link(search) || coach::learn_link(search).is_some()
}

#[component]
fn App(start: Start) -> impl IntoView {
    let search = browser::search();
    let replaying = crate::app::replay::request(&search).is_some() || crate::app::replay::games_link(&search);
    let learning = coach::learn_link(&search);
    let lang = start.lang.unwrap_or_else(|| {
        browser::load(LANG_KEY)
            .and_then(|l| Lang::parse(&l))
            .unwrap_or_else(|| Lang::from_browser(browser::browser_language().as_deref()))
    });
    let home_table = match &start.home_table {
        Some(table) => table.clone(),
        None => link::home_table(&search),
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
    } else if let Some(join) = browser::hash().filter(|h| h.starts_with("#join=") || h == "#friends-check") {
        // A friend's invitation (issue 55): its code is in the fragment,
        // which no server sees; its game in the query (`?game=…`), which
        // loads that game's part.
        Screen::Friends(link::named_game(&search), join[1..].to_string())
    } else {
        match &start.first {
            First::Home => Screen::Home,
            // The game this device hosted with friends when its page
            // reloaded: back to its invitations (issue 55), not a game
            // passed around one device.
            First::Game => context::game_screen(start.shell.game.as_ref()),
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
            _ => browser::load(HOME_GAME_KEY).and_then(|g| GameId::parse(&g)).unwrap_or(GameId::ALL[0]),
        }),
        bots_running: StoredValue::new(false),
        hold: RwSignal::new(false),
        save_pending: StoredValue::new(false),
        puzzle: RwSignal::new(false),
        arrival: RwSignal::new(None),
    };
    provide_context(ctx);
    if let Some((game, _)) = learning {
        ctx.home_game.set(game);
    }
    CTX.with(|c| c.set(Some(ctx)));
    // The browser's Back and Forward: each screen is a step of the history
    // ([`Ctx::go`]); its address says which.
    let _ = window_event_listener_untyped("popstate", move |_| show_address(ctx, browser::search(), false));
    // The app's own links (the rules' "learn" link, "Your games", a replay)
    // open in the page, as its buttons do: a new step of the history, never a
    // document loaded again (issue 52: a load still under way when the
    // player went on and pressed Back raced them, and lost the page's parts).
    let _ = window_event_listener(leptos::ev::click, move |ev| {
        if let Some(search) = browser::own_link(&ev) {
            ev.prevent_default();
            ctx.open_link(&search);
            show_address(ctx, search, true);
        }
    });
    // A screen drawn at once (not a part still to fetch) is the first screen:
    // it works once mounted, just after this.
    if matches!(ctx.screen.get_untracked(), Screen::Problem(_)) {
        request_animation_frame(browser::first_screen_ready);
    }
    // The page's static "loading" line goes once the app runs.
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
    if start.first == First::Game && ctx.screen.get_untracked() == Screen::Game {
        shown(ctx, start.par_job, start.dealt);
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
            Screen::Problem(_) | Screen::Puzzle(_, None) | Screen::Friends(..) => {}
        }
    });
    // The page's title names the game on screen ("J'achète — Tablée"): a
    // tab, a bookmark and a screen reader's first words say what is played.
    // (A memo: a move changes the shell, not the game; setting the title at
    // every bot move cost about a millisecond each, issue 53.)
    let titled = Memo::new(move |_| match ctx.screen.get() {
        Screen::Game => ctx.shell.with(|sh| sh.game.as_ref().map(|g| g.game())),
        Screen::Puzzles(game) | Screen::Puzzle(game, _) | Screen::Learn(game, _) => Some(game),
        _ => None,
    });
    Effect::new(move |_| {
        browser::set_title(&match titled.get() {
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
    // (The bots' loop is the live table's: `flow::on_table`, in each game's part.)

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
        // The home screen and the rules are a part too (`tablee_home`): a
        // friend's link to a deal, a puzzle or a replay shows neither first.
        Screen::Home => view! { <Part load=Box::new(|| parts::load(|l| (l.home)())) /> }.into_any(),
        Screen::Game => view! { <GameScreen /> }.into_any(),
        Screen::Rules => view! { <Part load=Box::new(|| parts::load(|l| (l.rules)())) /> }.into_any(),
        Screen::Problem(error) => view! { <Problem error /> }.into_any(),
        Screen::Friends(game, arg) => view! { <Part load=Box::new(move || parts::load(|l| (l.friends)(game, arg.clone()))) /> }.into_any(),
    });
    leptos::tachys::reactive_graph::OwnedView::new_with_owner(view, owner).into_any()
}

/// Shows the screen of an address of this page: Back and Forward, and the
/// app's own links. On Back and Forward the screen on show stays as it is
/// when the address is its own (a fragment link such as "skip to the game"
/// changes only the fragment); a link to it (a lesson's "Again") opens it
/// anew, as loading it did.
fn show_address(ctx: Ctx, search: String, link: bool) {
    match screen_at(ctx, &search) {
        Some(screen) if !link && screen == ctx.screen.get_untracked() => {}
        Some(screen) => ctx.went_back(screen),
        // Another deal's address (or a broken one): the page reads it as a
        // link, keeping every game as it is — in the page, never reloading.
        None => flow::follow_address(ctx, search),
    }
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
    // The game this page plays as a friend, while it lasts: its address
    // (the invitation's fragment) is its screen's.
    if let Some((game, arg)) = crate::app::friends::joined().filter(|(_, arg)| browser::hash().is_some_and(|h| h[1..] == *arg)) {
        return Some(Screen::Friends(game, arg));
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
    // (A deal waiting for its game's part is that game's.)
    let game = Memo::new(move |_| {
        ctx.shell.with(|sh| sh.pending.as_ref().map(|(table, _)| table.game()).or_else(|| sh.game.as_ref().map(|g| g.game())))
    });
    // Each game's table is a part of its own, loaded the first time it is shown.
    move || match game.get() {
        Some(id) => view! { <Part load=Box::new(move || parts::table(id)) /> }.into_any(),
        None => view! { <p class="panel">{tr(|s| s.home_title)}</p> }.into_any(),
    }
}
