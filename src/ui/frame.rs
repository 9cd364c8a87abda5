//! The shell's frame around every screen: the header, "update available",
//! the notice of a save set aside, a bad link's problem.

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::context::{ctx, tr, Screen};
use super::flow::start_game;
use super::browser;
use crate::app::controller::LANG_KEY;
use crate::app::friends;
use crate::games::GameId;
use crate::app::lang::Lang;
use crate::app::link::{self, LinkError};
use crate::i18n;

#[component]
pub(super) fn Header() -> impl IntoView {
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
        Screen::Game => ctx.shell.with(|sh| sh.game.as_ref().map_or(GameId::ALL[0], |g| g.game()).title()),
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
                // (A game played as a friend on this device, issue 55, is
                // its own screen's: read again as the screen changes, so
                // the signals are read first, never skipped by a `||`.)
                <Show when=move || {
                    let (screen, puzzle, in_game) = (ctx.screen.get(), ctx.puzzle.get(), in_game.get());
                    (in_game || friends::joined().is_some()) && !matches!(screen, Screen::Game | Screen::Friends(..)) && !puzzle
                }>
                    <button type="button" data-testid="nav-game" on:click=move |_| match friends::joined() {
                        Some((game, arg)) => ctx.go(Screen::Friends(game, arg)),
                        None => ctx.go(Screen::Game),
                    }>
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
                                    {lang.code().to_ascii_uppercase()}
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
pub(super) fn Update() -> impl IntoView {
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
pub(super) fn Notice() -> impl IntoView {
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
pub(super) fn Problem(error: LinkError) -> impl IntoView {
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
