//! The deal bar above every game's table, and sharing.
//!
//! The bar shows the deal (its number, and what it is: a daily deal,
//! practice), a match's line, Share, take-back and the bots' speed. It is one
//! component for every game: what a game shares is its own
//! ([`GameDef::share_text`](crate::app::game::GameDef::share_text)). Share
//! copies the text and the link to the clipboard or, where the browser
//! refuses, shows them to copy by hand ([`ShareStatus`]), here, on a game's
//! end screen and on a puzzle.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::browser;
use super::context::{ctx, tr, Ctx, Speed};
use super::flow::take_back_control;
use super::game_ui::GameUi;
use crate::app::config::DailyAttempt;
use crate::app::controller::{Par, SPEED_KEY};
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::i18n;

/// What the last Share did: copied, or the text to copy by hand.
pub type Shared = RwSignal<Option<Result<(), String>>>;

/// Copies `text` to the clipboard and says so in `state` (or hands the text
/// over to be copied by hand).
pub fn share(text: String, state: Shared) {
    spawn_local(async move {
        let copied = browser::copy_to_clipboard(text.clone()).await;
        state.set(Some(if copied { Ok(()) } else { Err(text) }));
    });
}

/// The share text of the game on screen, a game of `G`: the game's words,
/// with its link (a match's in a match; never the sharer's language), par
/// and today's daily attempt.
pub fn game_share_text<G: GameUi>(ctx: Ctx) -> Option<String> {
    let par = match ctx.par.get_untracked() {
        Par::Known(p) => Some(p),
        _ => None,
    };
    let lang = ctx.lang();
    ctx.shell.with_untracked(|sh| {
        let daily = sh.daily_attempt::<G>();
        Some(share_text(sh.session::<G>()?, par, daily, &browser::base_url(), lang))
    })
}

/// What Share copies ([`GameUi::share_text`]) with this game's link (its
/// match's in a match) after `base`, the site's address.
fn share_text<G: GameUi>(session: &Session<G>, par: Option<i32>, daily: Option<DailyAttempt>, base: &str, lang: Lang) -> String {
    let url = format!("{base}{}", crate::app::link::write_session(session));
    G::share_text(session, par, daily, &url, lang)
}

/// What the last Share did, where it was pressed: "copied", or the text in
/// a box to copy by hand (`id`: the box's, unique on the page).
#[component]
pub fn ShareStatus(state: Shared, #[prop(default = "share-text")] id: &'static str, #[prop(default = 4)] rows: u32) -> impl IntoView {
    move || match state.get() {
        None => ().into_any(),
        Some(Ok(())) => view! { <p class="share-status" role="status" data-testid="share-status">{tr(|s| s.share_copied)}</p> }.into_any(),
        Some(Err(text)) => view! {
            <div class="share-manual" data-testid="share-status">
                <label for=id>{tr(|s| s.share_manual)}</label>
                <textarea id=id readonly rows=rows data-testid="share-text" prop:value=text></textarea>
            </div>
        }
        .into_any(),
    }
}

/// The deal's number and what it is.
fn deal_of<G: GameDef>(s: &Session<G>, daily: Option<DailyAttempt>, lang: Lang) -> Option<(String, String)> {
    Some((s.config().seed.to_string(), i18n::deal_bar_label(s.config(), daily, s.practice(), lang)))
}

/// The deal bar (see the module's doc) at a table of game `G`.
/// `end_shares`: the game's end screen has its own Share, so the bar's
/// goes once the game is over; `under`: a line under the deal (a match's
/// standing). A function rather than a component: a component's type
/// parameters must be its props', and `G` is the table's game, so that
/// each table's part holds its own game's bar and no other game's code
/// (docs/performance.md, "The play code per game").
pub fn deal_bar<G: GameUi>(end_shares: bool, under: Option<AnyView>) -> impl IntoView {
    let ctx = ctx();
    // Memos (issue 53): a move changes the shell, not the deal's words, and
    // the bar is not drawn again for it.
    let deal = Memo::new(move |_| {
        let lang = ctx.lang();
        ctx.shell.with(|sh| deal_of(sh.session::<G>()?, sh.daily_attempt::<G>(), lang))
    });
    let shows_share = Memo::new(move |_| !(end_shares && ctx.shell.with(|sh| sh.game.as_ref().is_some_and(|g| g.is_over()))));
    let moves = Memo::new(move |_| ctx.shell.with(|sh| sh.game.as_ref().map_or(0, |g| g.moves())));
    let state: Shared = RwSignal::new(None);
    let on_share = move |_| {
        if let Some(text) = game_share_text::<G>(ctx) {
            share(text, state);
        }
    };
    let set_speed = move |speed: Speed| {
        ctx.speed.set(speed);
        browser::store(SPEED_KEY, speed.code());
    };
    view! {
        // `data-moves`: the game's move count, for the browser tests (a
        // reload must resume at the same one).
        <section
            class="deal-bar"
            aria-label=tr(|s| s.deal_word)
            data-testid="deal-bar"
            data-moves=move || moves.get().to_string()
        >
            <p class="deal">
                {tr(|s| s.deal_word)} " "
                // Both worded by one read of the game.
                {move || deal.get().map(|(seed, label)| view! {
                    <span class="seed" data-testid="deal-id">{seed}</span>
                    <span class="muted">" · " {label}</span>
                })}
            </p>
            {under}
            <div class="bar-actions">
                <Show when=move || shows_share.get()>
                    <button type="button" data-testid="share-button" on:click=on_share>{tr(|s| s.share)}</button>
                </Show>
                // Take-back is not a speed: outside the speeds' group, which
                // keeps together on one line.
                {take_back_control::<G>()}
                <span class="speed" role="group" aria-label=tr(|s| s.speed_label)>
                    <span class="speed-label" aria-hidden="true">{tr(|s| s.speed_label)} " "</span>
                    <span class="speed-btns">
                    {Speed::ALL
                        .into_iter()
                        .map(|speed| {
                            view! {
                                <button
                                    type="button"
                                    class="speed-btn"
                                    data-testid=format!("speed-{}", speed.code())
                                    aria-pressed=move || (ctx.speed.get() == speed).to_string()
                                    on:click=move |_| set_speed(speed)
                                >
                                    {move || speed.label(ctx.lang())}
                                </button>
                            }
                        })
                        .collect_view()}
                    </span>
                </span>
            </div>
            <Show when=move || shows_share.get()>
                <ShareStatus state />
            </Show>
        </section>
    }
}
