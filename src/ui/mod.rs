//! The page: Leptos components over the [`crate::model`].
//!
//! One [`Ctx`] of signals is shared by every component. The session (engine
//! state and actions) changes only through [`act`] and the bot loop, which
//! both save the game to localStorage just after the change (in a task of its own).

mod browser;
mod cards;
mod end;
mod hand;
mod home;
mod rules;
mod table;
mod worker_client;

use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;
use tablee_engine::katzenjammer::Action;
use tablee_engine::Seat;

use crate::i18n::{self, Lang, Strings};
use crate::model::config::TableConfig;
use crate::model::history::History;
use crate::model::link::{self, LinkError};
use crate::model::save;
use crate::model::session::Session;
use crate::model::summary::Summary;
use crate::worker::{par_job, Reply};

/// localStorage keys.
pub const SAVE_KEY: &str = "tablee.katzenjammer.current";
pub const BROKEN_PREFIX: &str = "tablee.katzenjammer.broken.";
pub const HISTORY_KEY: &str = "tablee.katzenjammer.history";
pub const LANG_KEY: &str = "tablee.lang";
pub const SPEED_KEY: &str = "tablee.speed";

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Home,
    Game,
    Rules,
    Problem(LinkError),
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

/// A save that could not be resumed: why, and where it was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    pub error: save::SaveError,
    pub key: String,
}

/// Par for the current game: `None` while unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Par {
    /// No par for this table (several people, or nobody).
    NotApplicable,
    Computing,
    Known(i32),
}

/// Everything the components share.
#[derive(Clone, Copy)]
pub struct Ctx {
    pub lang: RwSignal<Lang>,
    pub screen: RwSignal<Screen>,
    pub session: RwSignal<Option<Session>>,
    pub speed: RwSignal<Speed>,
    pub set_aside: RwSignal<Option<SetAside>>,
    /// The bot whose move is coming.
    pub thinking: RwSignal<Option<Seat>>,
    /// Hot-seat: the person who confirmed being at the device.
    pub revealed_for: RwSignal<Option<Seat>>,
    pub par: RwSignal<Par>,
    pub history: RwSignal<History>,
    /// The table offered on the home screen.
    pub home_table: RwSignal<TableConfig>,
    /// Incremented for each new game, so background work of an old game stops.
    pub generation: StoredValue<u64>,
    pub bots_running: StoredValue<bool>,
    /// A save is scheduled ([`persist`]).
    pub save_pending: StoredValue<bool>,
}

impl Ctx {
    pub fn lang(&self) -> Lang {
        self.lang.get()
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

#[component]
pub fn App() -> impl IntoView {
    let search = browser::search();
    let request = link::read(&search);
    let lang = match &request {
        Ok(r) if r.lang.is_some() => r.lang.unwrap_or(Lang::En),
        _ => browser::load(LANG_KEY)
            .and_then(|l| Lang::parse(&l))
            .unwrap_or_else(|| Lang::from_browser(browser::browser_language().as_deref())),
    };
    let players_hint = link::players_hint(&search);
    let ctx = Ctx {
        lang: RwSignal::new(lang),
        screen: RwSignal::new(Screen::Home),
        session: RwSignal::new(None),
        speed: RwSignal::new(browser::load(SPEED_KEY).and_then(|s| Speed::parse(&s)).unwrap_or(Speed::Normal)),
        set_aside: RwSignal::new(None),
        thinking: RwSignal::new(None),
        revealed_for: RwSignal::new(None),
        par: RwSignal::new(Par::NotApplicable),
        history: RwSignal::new(browser::load(HISTORY_KEY).map(|t| History::parse(&t)).unwrap_or_default()),
        home_table: RwSignal::new(TableConfig::new(tablee_engine::Seed::from_number(0), players_hint)),
        generation: StoredValue::new(0),
        bots_running: StoredValue::new(false),
        save_pending: StoredValue::new(false),
    };
    provide_context(ctx);
    // The page's static "loading" line goes once the app runs.
    if let Some(boot) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id("boot")) {
        boot.remove();
    }
    start_up(ctx, request);

    // The address bar names the game being played (or the home screen).
    Effect::new(move |_| {
        let lang = ctx.lang.get();
        match ctx.screen.get() {
            Screen::Game => {
                if let Some(query) = ctx.session.with(|s| s.as_ref().map(|s| link::write(s.config(), lang))) {
                    browser::replace_query(&query);
                }
            }
            Screen::Home => browser::replace_query(&link::home(lang)),
            Screen::Rules | Screen::Problem(_) => {}
        }
    });
    // The document's language follows the switch (screen readers, hyphenation).
    Effect::new(move |_| {
        if let Some(root) = web_sys::window().and_then(|w| w.document()).and_then(|d| d.document_element()) {
            let _ = root.set_attribute("lang", ctx.lang.get().code());
        }
    });
    // Bots play whenever it is their turn and the game is on screen.
    Effect::new(move |_| {
        let bot_turn = ctx.session.with(|s| s.as_ref().is_some_and(|s| s.bot_to_act().is_some()));
        if bot_turn && ctx.screen.get() == Screen::Game && !ctx.bots_running.get_value() {
            spawn_local(run_bots(ctx));
        }
    });

    view! {
        <a class="skip" href="#main">{move || if ctx.lang() == Lang::Fr { "Aller au jeu" } else { "Skip to the game" }}</a>
        <Header />
        <main id="main">
            <Update />
            <Notice />
            {move || match ctx.screen.get() {
                Screen::Home => view! { <home::Home /> }.into_any(),
                Screen::Game => view! { <table::Game /> }.into_any(),
                Screen::Rules => view! { <rules::Rules /> }.into_any(),
                Screen::Problem(error) => view! { <Problem error /> }.into_any(),
            }}
        </main>
    }
}

/// Reads the saved game and the link, and decides what the page shows first.
fn start_up(ctx: Ctx, request: Result<link::LinkRequest, LinkError>) {
    let saved = match browser::load(SAVE_KEY) {
        None => None,
        Some(text) => match save::from_json(&text) {
            Ok(session) => Some(session),
            Err(error) => {
                set_aside(ctx, &text, error);
                None
            }
        },
    };
    match request {
        Err(error) => {
            if let Some(session) = saved {
                // Keep the game in progress reachable from the home screen.
                ctx.session.set(Some(session));
            }
            ctx.screen.set(Screen::Problem(error));
        }
        Ok(request) => {
            ctx.home_table.set(request.table.clone());
            match (request.deal, saved) {
                (Some(deal), Some(session)) if session.config().same_table(&deal) => resume(ctx, session),
                (Some(deal), _) => start_game(ctx, deal),
                (None, Some(session)) => resume(ctx, session),
                (None, None) => ctx.screen.set(Screen::Home),
            }
        }
    }
}

/// Keeps an unreadable save under a dated key and says so.
fn set_aside(ctx: Ctx, text: &str, error: save::SaveError) {
    let key = format!("{BROKEN_PREFIX}{}", browser::now_ms() as u64);
    if browser::store(&key, text) {
        browser::remove(SAVE_KEY);
    }
    ctx.set_aside.set(Some(SetAside { error, key }));
}

fn resume(ctx: Ctx, session: Session) {
    // The bots' workers start with the first game, not with the home screen:
    // their program is not part of the first load (docs/performance.md).
    worker_client::start();
    ctx.generation.update_value(|g| *g += 1);
    ctx.revealed_for.set(None);
    start_par(ctx, session.config());
    ctx.session.set(Some(session));
    ctx.screen.set(Screen::Game);
    after_change(ctx);
}

/// Deals a new game for `config` and shows it.
pub fn start_game(ctx: Ctx, config: TableConfig) {
    match Session::new(config) {
        Ok(session) => {
            resume(ctx, session);
            persist(ctx);
        }
        Err(_) => ctx.screen.set(Screen::Problem(LinkError::Players(String::new()))),
    }
}

/// A person's move. Returns the engine's refusal, if any.
pub fn act(ctx: Ctx, action: Action) -> Result<(), String> {
    let mut result = Err(String::new());
    ctx.session.update(|s| {
        if let Some(s) = s {
            result = s.apply_human(action).map_err(|e| e.message().to_string());
        }
    });
    if result.is_ok() {
        persist(ctx);
        after_change(ctx);
    }
    result
}

/// Saves the game, in a task of its own just after the move's (the move's
/// task then only updates the page; moves in a row are saved once). A full or
/// missing storage only costs the resume.
fn persist(ctx: Ctx) {
    if ctx.save_pending.get_value() {
        return;
    }
    ctx.save_pending.set_value(true);
    set_timeout(
        move || {
            ctx.save_pending.set_value(false);
            if let Some(text) = ctx.session.with_untracked(|s| s.as_ref().map(save::to_json)) {
                browser::store(SAVE_KEY, &text);
            }
        },
        std::time::Duration::ZERO,
    );
}

/// After any move: hot-seat hiding, history at the end.
fn after_change(ctx: Ctx) {
    let (to_act, over) = ctx.session.with_untracked(|s| match s {
        Some(s) => (s.to_act(), s.is_over()),
        None => (None, false),
    });
    if to_act != ctx.revealed_for.get_untracked() {
        ctx.revealed_for.set(None);
    }
    if over {
        record_history(ctx);
    }
}

/// The person whose result the page reports: the only person at the table.
pub fn solo_seat(config: &TableConfig) -> Option<Seat> {
    match config.humans().as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}

fn record_history(ctx: Ctx) {
    let par = ctx.par.get_untracked();
    let record = ctx.session.with_untracked(|s| {
        let s = s.as_ref()?;
        let summary = Summary::of(s.state())?;
        let seat = solo_seat(s.config())?;
        let me = summary.player(seat)?;
        let id = format!(
            "{}/{}/{}/{}",
            s.config().seed,
            s.config().seats.iter().map(|k| k.name()).collect::<Vec<_>>().join(","),
            u8::from(s.config().options.full_mice),
            s.actions().len()
        );
        let vs_par = match par {
            Par::Known(p) => Some(me.mice - p),
            _ => None,
        };
        Some((id, me.winner, vs_par))
    });
    if let Some((id, won, vs_par)) = record {
        ctx.history.update(|h| {
            h.record(&id, won, vs_par);
            h.add_par(vs_par);
        });
        browser::store(HISTORY_KEY, &ctx.history.get_untracked().to_json());
    }
}

/// Plays bot moves one at a time, pausing between them, while it is a bot's
/// turn and the game is on screen.
async fn run_bots(ctx: Ctx) {
    if ctx.bots_running.get_value() {
        return;
    }
    ctx.bots_running.set_value(true);
    while let Some((seat, _)) = ctx.session.with_untracked(|s| s.as_ref().and_then(|s| s.bot_to_act())) {
        if ctx.screen.get_untracked() != Screen::Game {
            break;
        }
        ctx.thinking.set(Some(seat));
        let Some((decision, job)) = ctx.session.with_untracked(|s| {
            let s = s.as_ref()?;
            let decision = s.bot_decision()?;
            // The bot thinks in the worker while the move's delay runs.
            let job = crate::worker::decide_job(s, &decision);
            Some((decision, job))
        }) else {
            break;
        };
        let reply = worker_client::ask(job);
        // Let the page paint the thinking indicator, then wait the chosen delay.
        browser::sleep(ctx.speed.get_untracked().delay_ms().max(16)).await;
        let action = match reply.await {
            Some(Reply::Action { action }) => action,
            // No worker: the game goes on with the simplest legal move.
            _ => decision.fallback(),
        };
        if ctx.screen.get_untracked() != Screen::Game {
            break;
        }
        let mut moved = false;
        ctx.session.update(|s| {
            if let Some(s) = s {
                moved = s.apply_bot(decision.at, &action).is_ok();
            }
        });
        if !moved {
            break;
        }
        persist(ctx);
        after_change(ctx);
    }
    ctx.thinking.set(None);
    ctx.bots_running.set_value(false);
}

/// Starts computing par for the only person at the table, in the bots'
/// background worker (without a worker there is no par for this game).
fn start_par(ctx: Ctx, config: &TableConfig) {
    let Some(seat) = solo_seat(config) else {
        ctx.par.set(Par::NotApplicable);
        return;
    };
    ctx.par.set(Par::Computing);
    let generation = ctx.generation.get_value();
    let job = par_job(config, seat);
    spawn_local(async move {
        let par = worker_client::ask(job).await;
        if ctx.generation.get_value() != generation {
            return;
        }
        match par {
            Some(Reply::Par { par }) => par_known(ctx, par),
            _ => ctx.par.set(Par::NotApplicable),
        }
    });
}

fn par_known(ctx: Ctx, par: i32) {
    ctx.par.set(Par::Known(par));
    if ctx.session.with_untracked(|s| s.as_ref().is_some_and(|s| s.is_over())) {
        record_history(ctx);
    }
}

#[component]
fn Header() -> impl IntoView {
    let ctx = ctx();
    let switch = move |lang: Lang| {
        ctx.lang.set(lang);
        browser::store(LANG_KEY, lang.code());
    };
    let in_game = move || ctx.session.with(|s| s.is_some());
    view! {
        <header class="masthead">
            <div class="brand">
                <p class="title">"Tablée"</p>
                <p class="game-name">"Katzenjammer Blues"</p>
            </div>
            <nav class="nav" aria-label="Menu">
                <button type="button" data-testid="nav-home" on:click=move |_| ctx.screen.set(Screen::Home)>
                    {tr(|s| s.nav_new_game)}
                </button>
                <Show when=move || in_game() && ctx.screen.get() != Screen::Game>
                    <button type="button" data-testid="nav-game" on:click=move |_| ctx.screen.set(Screen::Game)>
                        {tr(|s| s.nav_back)}
                    </button>
                </Show>
                <button
                    type="button"
                    data-testid="nav-rules"
                    aria-pressed=move || (ctx.screen.get() == Screen::Rules).to_string()
                    on:click=move |_| ctx.screen.set(Screen::Rules)
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
                                    aria-label=lang.name()
                                    on:click=move |_| switch(lang)
                                >
                                    {lang.code().to_uppercase()}
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
    move || {
        ctx.set_aside.get().map(|aside| {
            let lang = ctx.lang();
            let text = i18n::save_set_aside(&i18n::save_error(&aside.error, lang), &aside.key, lang);
            view! {
                <section class="panel notice" role="alert" data-testid="notice">
                    <p>{text}</p>
                    <button type="button" data-testid="notice-dismiss" on:click=move |_| ctx.set_aside.set(None)>
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
    let players = ctx.home_table.get_untracked().players();
    let fresh = move |_| {
        start_game(ctx, TableConfig::new(browser::fresh_seed(), players));
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
                    {tr(|s| s.problem_fresh)}
                </button>
                <button type="button" data-testid="problem-home" on:click=move |_| ctx.screen.set(Screen::Home)>
                    {tr(|s| s.problem_home)}
                </button>
            </p>
        </section>
    }
}
