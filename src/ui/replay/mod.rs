//! Replays and the record of finished games ("Your games"), in a part of
//! the page of their own (`src/parts.rs`: `replay`, `games`), fetched when
//! a replay's or the record's address is opened: the first load keeps only
//! the links that lead here.
//!
//! A replay is read from its link ([`crate::app::replay`]) or taken from the
//! record ([`crate::app::past`]); it is never the shell's game: the game in
//! progress and the unfinished ones stay as they are. The screen's controls
//! (Start, Back, Forward, End, the timeline, ←/→/Home/End) are the same for
//! every game; each game brings its read-only table at move k and its move
//! list in words (Katzenjammer's: `games::katzenjammer::ui::ReplayTable`).

mod texts;

use leptos::prelude::*;
use wasm_bindgen::JsCast;


pub use self::texts::{rp, RpStrings};
use super::browser::{self, LocalStorage};
use super::context::{ctx, tr, Ctx, Screen};
use super::flow::start_game;
use super::game_ui::GameUi;
use crate::app::config::Day;
use crate::app::controller::history_key;
use crate::games::{AnySession, GameId};
use crate::app::past::{self, Past};
use crate::app::lang::Lang;
use crate::app::marks::{self, Mark, Progress};
use crate::app::replay::{self, ReplayLinkError};
use crate::app::worker::Reply;
use crate::i18n;

/// A replay text that follows the language switch (see `ui::tr`).
pub fn rp_tr(pick: fn(&'static RpStrings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(rp(lang.get()))
}

/// The record, newest first (an unreadable line is set aside and said).
fn load_past(ctx: Ctx) -> Vec<Past> {
    let mut list = Vec::new();
    ctx.shell.update(|sh| list = sh.load_past(&mut LocalStorage, browser::now_ms()));
    list
}

/// The game an address asks to replay.
fn resolve(ctx: Ctx, query: &str) -> Result<AnySession, ReplayLinkError> {
    match replay::request(query).as_deref() {
        Some(replay::LAST) => load_past(ctx).into_iter().next().map(|p| p.session).ok_or(ReplayLinkError::NoGame),
        _ => replay::read(query),
    }
}

/// The replay screen for an address (`?…&replay=…`, or `?replay=last`).
#[component]
pub fn Replay(query: String) -> impl IntoView {
    let ctx = ctx();
    match resolve(ctx, &query) {
        Ok(session) => {
            let link = replay::rewrite(&query, &session);
            view! { <Shown session link /> }.into_any()
        }
        Err(error) => view! {
            <section class="panel problem" role="alert" data-testid="replay-problem">
                <h1>{rp_tr(|t| t.problem_title)}</h1>
                <p data-testid="problem-message">{move || texts::error(&error, ctx.lang())}</p>
                <p class="actions">
                    <button type="button" class="primary" data-testid="replay-games" on:click=move |_| ctx.go(Screen::Games)>
                        {rp_tr(|t| t.games_title)}
                    </button>
                    <button type="button" data-testid="problem-home" on:click=move |_| ctx.go(Screen::Home)>
                        {tr(|s| s.problem_home)}
                    </button>
                </p>
            </section>
        }
        .into_any(),
    }
}

/// A replay on screen: the controls, the game's table at move `step`.
/// `link` is its replay link when the address held its moves; else
/// (`?replay=last`) the link is written by a part of its own, the one with
/// the compressor, once fetched.
#[component]
fn Shown(session: AnySession, link: Option<String>) -> impl IntoView {
    let ctx = ctx();
    let n = session.moves();
    let url = RwSignal::new(String::new());
    // The address bar holds the static link: sharing it shares the replay.
    // (Not once the screen is gone: its signal is then disposed.)
    let show_link = move |link: String| {
        if url.try_set(format!("{}{link}", browser::base_url())).is_none() {
            browser::replace_query(&link);
        }
    };
    match link {
        Some(link) => show_link(link),
        None => {
            let session = session.clone();
            leptos::task::spawn_local(async move {
                if let Ok(link) = crate::ui::parts::replay_link(session).await {
                    show_link(link);
                }
            });
        }
    }
    let step = RwSignal::new(0usize);
    let go = move |k: usize| step.set(k.min(n));
    // ←/→/Home/End, unless a text field or the timeline (which moves itself) has focus.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| {
        let in_field = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"));
        if in_field || ev.alt_key() || ev.ctrl_key() || ev.meta_key() {
            return;
        }
        let now = step.get_untracked();
        let to = match ev.key().as_str() {
            "ArrowLeft" => now.saturating_sub(1),
            "ArrowRight" => now + 1,
            "Home" => 0,
            "End" => n,
            _ => return,
        };
        ev.prevent_default();
        go(to);
    });
    on_cleanup(move || keys.remove());
    let fresh = replay::fresh_table(&session);
    let play = move |_| start_game(ctx, fresh.clone());
    let (marks, progress) = expert_marks(&session);
    let game_id = session.game();
    let game = game_id.title();
    let table = crate::ui::game_ui::replay_table(session, step, marks);
    let button = move |label: fn(&'static RpStrings) -> &'static str, testid: &'static str, to: fn(usize, usize) -> usize| {
        let disabled = move || to(step.get(), n) == step.get();
        view! {
            <button type="button" data-testid=testid disabled=disabled on:click=move |_| go(to(step.get_untracked(), n))>
                {rp_tr(label)}
            </button>
        }
    };
    view! {
        <div class="replay" data-testid="replay-screen">
            <h1>{rp_tr(|t| t.title)} <span class="muted" data-testid="replay-game">" · "{game}</span></h1>
            <crate::ui::coach::LearnOffer replay=game_id />
            <section class="panel replay-controls" aria-label=rp_tr(|t| t.timeline)>
                <p class="replay-at" role="status" data-testid="replay-at" data-step=move || step.get().to_string()>
                    {move || texts::move_of(step.get(), n, ctx.lang())}
                </p>
                <p class="replay-buttons">
                    {button(|t| t.start, "replay-start", |_, _| 0)}
                    {button(|t| t.back, "replay-back", |k, _| k.saturating_sub(1))}
                    {button(|t| t.forward, "replay-forward", |k, n| (k + 1).min(n))}
                    {button(|t| t.end, "replay-end", |_, n| n)}
                </p>
                <input
                    type="range"
                    class="replay-range"
                    min="0"
                    max=n.to_string()
                    aria-label=rp_tr(|t| t.timeline)
                    data-testid="replay-range"
                    prop:value=move || step.get().to_string()
                    on:input=move |ev| go(event_target_value(&ev).parse().unwrap_or(0))
                />
                <Marks marks n step />
                <p class="note">{rp_tr(|t| t.keys)}</p>
                <Parted marks progress step />
            </section>
            {table}
            <section class="panel replay-share">
                <p class="actions">
                    <button type="button" class="primary" data-testid="replay-play" on:click=play>{rp_tr(|t| t.play_deal)}</button>
                    <button type="button" data-testid="replay-games" on:click=move |_| ctx.go(Screen::Games)>
                        {rp_tr(|t| t.games_title)}
                    </button>
                </p>
                <label for="replay-link">{rp_tr(|t| t.link_label)}</label>
                <input id="replay-link" type="text" readonly data-testid="replay-link" prop:value=url />
            </section>
        </div>
    }
}

/// A replay's list of moves, both games': move 0 is the deal, move k ≥ 1 is
/// `texts()[k - 1]`; the move shown is marked and kept in view, each
/// entry shows its move and carries the expert's move where it is marked.
pub fn move_list(step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>, texts: impl Fn() -> Vec<String> + Send + Sync + 'static) -> impl IntoView {
    let list: NodeRef<leptos::html::Ol> = NodeRef::new();
    follow(list, step);
    let items = move || {
        let current = step.get();
        std::iter::once(rp(ctx().lang()).deal_start.to_string())
            .chain(texts())
            .enumerate()
            .map(|(k, text)| move_item(k, current, text, marks, step))
            .collect_view()
    };
    view! {
        <section class="panel log" aria-labelledby="replay-moves-title">
            <h2 id="replay-moves-title">{rp_tr(|t| t.moves_title)}</h2>
            <ol class="log-lines replay-moves" start="0" data-testid="replay-moves" node_ref=list>{items}</ol>
        </section>
    }
}

/// Keeps the move shown in view in a replay's move list (scrolled inside
/// the list only, in the next frame: the page itself does not move).
fn follow(list: NodeRef<leptos::html::Ol>, step: RwSignal<usize>) {
    Effect::new(move |_| {
        let k = step.get();
        if let Some(el) = list.get() {
            request_animation_frame(move || {
                let Some(item) = el.children().item(k as u32).and_then(|c| c.dyn_into::<web_sys::HtmlElement>().ok()) else { return };
                let top = item.offset_top() - el.offset_top();
                let height = el.client_height();
                if top < el.scroll_top() || top + item.offset_height() > el.scroll_top() + height {
                    el.set_scroll_top(top - height / 3);
                }
            });
        }
    });
}

/// One entry of a replay's move list: move `k` in words (a button that
/// shows it), and the expert's move there when it is marked.
fn move_item(k: usize, current: usize, text: String, marks: RwSignal<Vec<Mark>>, step: RwSignal<usize>) -> impl IntoView {
    let lang = ctx().lang();
    let expert = marks.with(|m| m.iter().find(|m| m.step() == k).map(|m| mark_words(m, lang)));
    let marked = expert.is_some();
    view! {
        <li aria-current=(k == current).then_some("step") class:current=k == current class:expert-mark=marked>
            <button type="button" class="link" data-testid=format!("replay-move-{k}") on:click=move |_| step.set(k)>
                {text}
                {expert.map(|e| view! { <span class="expert-says" data-testid="replay-move-expert">{e}</span> })}
            </button>
        </li>
    }
}

/// "Move 12: the expert's move in your seat: “You pass.”"
fn mark_words(mark: &Mark, lang: Lang) -> String {
    texts::expert_would(mark.step(), mark.expert(lang), lang)
}


use crate::ui::game_ui::expert_words;

/// Issue 13: asks the bots' worker, one job per move of the person (a
/// `Decide` job at the `expert` level on the game before that move), what
/// the expert in their seat would have played, and marks the moves where it
/// differs. One job at a time, in order: the first marks come first, the
/// worker's other work (a bot's move, a hint) waits for one decision at
/// most, and leaving the screen stops the loop. Never on the page's thread:
/// without a worker, the screen says so.
fn expert_marks(session: &AnySession) -> (RwSignal<Vec<Mark>>, RwSignal<Progress>) {
    let moves = marks::person_moves(session);
    let marks = RwSignal::new(Vec::new());
    let progress = RwSignal::new(if moves.is_empty() { Progress::None } else { Progress::Checking { done: 0, of: moves.len() } });
    if moves.is_empty() {
        return (marks, progress);
    }
    let alive = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let stop = alive.clone();
    on_cleanup(move || stop.store(false, std::sync::atomic::Ordering::Relaxed));
    let session = session.clone();
    leptos::task::spawn_local(async move {
        let of = moves.len();
        for (done, at) in moves.into_iter().enumerate() {
            let Some(job) = marks::job(&session, at) else { continue };
            let reply = super::worker_client::ask(job).await;
            if !alive.load(std::sync::atomic::Ordering::Relaxed) {
                return;
            }
            let Some(Reply::Action { action }) = reply else {
                progress.try_set(Progress::Unavailable);
                return;
            };
            if marks::differs(&session, at, &action) == Some(true) {
                let words = |lang| expert_words(&session, at, &action, lang).unwrap_or_default();
                let mark = Mark::new(at, words(Lang::En), words(Lang::Fr));
                marks.try_update(|m| m.push(mark));
            }
            progress.try_set(Progress::Checking { done: done + 1, of });
        }
        progress.try_set(Progress::Done);
    });
    (marks, progress)
}

/// The marks on the timeline, under the slider: one button per move where
/// the expert differs (the first stands out), each saying it in words.
#[component]
fn Marks(marks: RwSignal<Vec<Mark>>, n: usize, step: RwSignal<usize>) -> impl IntoView {
    let ctx = ctx();
    view! {
        <div class="replay-marks" data-testid="replay-marks" role="group" aria-label=rp_tr(|t| t.marks_label)>
            {move || {
                let lang = ctx.lang();
                marks
                    .get()
                    .into_iter()
                    .enumerate()
                    .map(|(i, mark)| {
                        let k = mark.step();
                        // Under the slider's thumb at step k (the thumb is about 16 px wide).
                        let left = format!("calc(8px + (100% - 16px) * {k} / {})", n.max(1));
                        let words = mark_words(&mark, lang);
                        view! {
                            <button
                                type="button"
                                class="replay-mark"
                                class:first=i == 0
                                class:current=move || step.get() == k
                                style:left=left
                                title=words.clone()
                                aria-label=words
                                data-testid="replay-mark"
                                data-step=k.to_string()
                                on:click=move |_| step.set(k)
                            ></button>
                        }
                    })
                    .collect_view()
            }}
        </div>
    }
}

/// Where the person and the expert parted ways (the first mark, a button
/// to go there), what the expert would have played at the move shown, and
/// the comparison's quiet progress.
#[component]
fn Parted(marks: RwSignal<Vec<Mark>>, progress: RwSignal<Progress>, step: RwSignal<usize>) -> impl IntoView {
    let ctx = ctx();
    let first = move || marks.with(|m| m.first().cloned());
    let here = move || marks.with(|m| m.iter().find(|m| m.step() == step.get()).map(|m| mark_words(m, ctx.lang())));
    view! {
        {move || first().map(|mark| {
            let k = mark.step();
            view! {
                <p class="replay-parted" data-testid="replay-parted">
                    <button type="button" class="link" data-testid="replay-parted-go" on:click=move |_| step.set(k)>
                        {move || texts::parted(k, ctx.lang())}
                    </button>
                </p>
            }
        })}
        <p class="replay-expert-here" aria-live="polite" data-testid="replay-expert-here">{here}</p>
        <p class="note" data-testid="replay-expert-progress" data-state=move || format!("{:?}", progress.get())>
            {move || texts::expert_progress(progress.get(), marks.with(Vec::len), ctx.lang())}
        </p>
    }
}

/// The record of finished games: results per bot level, the daily streak,
/// and each game with its replay.
#[component]
pub fn Games() -> impl IntoView {
    let ctx = ctx();
    let games = load_past(ctx);
    let levels = past::per_level(&games);
    let today = Day::from_epoch_ms(browser::now_ms());
    // The daily deal's streak: each game keeps its own (its history's); the
    // longest running one is shown.
    let streak = today.and_then(|day| {
        GameId::ALL
            .into_iter()
            .map(|g| crate::app::history::History::parse(&browser::load(&history_key(g)).unwrap_or_default()).streak(day))
            .max()
    });
    let none = games.is_empty();
    let rows = games.into_iter().map(|game| view! { <GameRow game /> }).collect_view();
    let streak = streak.filter(|&n| n > 0);
    let empty = levels.is_empty() && streak.is_none();
    view! {
        <section class="panel games" data-testid="games-screen" aria-labelledby="games-title">
            <h1 id="games-title">{rp_tr(|t| t.games_title)}</h1>
            <p>{rp_tr(|t| t.games_intro)}</p>
            {(!empty).then(|| view! {
                <dl class="facts games-facts">
                    {streak.map(|n| view! {
                        <div><dt>{rp_tr(|t| t.streak)}</dt><dd data-testid="games-streak">{move || texts::days(n, ctx.lang())}</dd></div>
                    })}
                    {(!levels.is_empty()).then(|| view! {
                        <div>
                            <dt>{rp_tr(|t| t.per_level)}</dt>
                            <dd data-testid="games-levels">
                                {move || levels.iter().map(|&(l, won, n)| texts::level_wins(l, won, n, ctx.lang())).collect::<Vec<_>>().join(" · ")}
                            </dd>
                        </div>
                    })}
                </dl>
            })}
            <ol class="games-list" data-testid="games-list">
                {rows}
            </ol>
            // Nothing yet: the way to a first game is here, not only in the header.
            {none.then(|| view! {
                <p class="empty" data-testid="games-empty">{rp_tr(|t| t.games_empty)}</p>
                <p><button type="button" class="primary" data-testid="games-play" on:click=move |_| ctx.go(Screen::Home)>{tr(|s| s.play)}</button></p>
            })}
        </section>
    }
}

/// One finished game: date, game, players, the person's result, its replay.
#[component]
fn GameRow(game: Past) -> impl IntoView {
    let ctx = ctx();
    // Its replay link, written by the compressor's part (fetched once, with
    // the first row): a link away from the record only while it comes.
    let link = RwSignal::new(None::<String>);
    let write_link = {
        let session = game.session.clone();
        move || {
            let session = session.clone();
            async move { crate::ui::parts::replay_link(session).await.ok().filter(|_| !link.is_disposed()) }
        }
    };
    leptos::task::spawn_local({
        let write_link = write_link.clone();
        async move {
            if let Some(written) = write_link().await {
                link.set(Some(written));
            }
        }
    });
    let date = Day::from_epoch_ms(game.at).filter(|_| game.at > 0.0).map(|d| d.to_string()).unwrap_or_default();
    let title = game.game().title();
    let players = game.players();
    let mine = game.mine;
    let game_id = game.game();
    let session = game.session.clone();
    // A match's game says which (KB-20): " · Match · game 2 of 3".
    let in_match = game.session.match_progress();
    let match_label = move || in_match.map(|(n, of)| format!(" · {}", crate::games::with_game!(game_id, G => <G as crate::ui::game_ui::GameUi>::match_label(n, of, false, ctx.lang()))));
    let names = move || {
        let lang = ctx.lang();
        crate::games::each_game!(session &game.session, s => (0..players).map(|seat| i18n::seat_name(s.config(), seat, lang)).collect::<Vec<_>>().join(", "))
    };
    let (places, scores, winners) = (game.places.clone(), game.scores.clone(), game.winners.clone());
    let result = move || {
        let lang = ctx.lang();
        let score = |n: i32| crate::games::with_game!(game_id, G => <G as GameUi>::score_words(n, lang));
        if let Some(m) = mine {
            return texts::result(m.place, score(m.score), lang);
        }
        // Hot-seat: each person's place and score; only bots: who won.
        crate::games::each_game!(session &session, s => {
            let name = |seat: usize| i18n::seat_name(s.config(), seat, lang);
            let people = s.config().humans();
            if people.is_empty() {
                let names = winners.iter().map(|&w| name(w)).collect::<Vec<_>>();
                texts::bots_result(&names, score(winners.first().and_then(|&w| scores.get(w)).copied().unwrap_or(0)), lang)
            } else {
                people
                    .iter()
                    .map(|&p| format!("{}{} {}", name(p), i18n::colon(lang), texts::result(places.get(p).copied().unwrap_or(0), score(scores.get(p).copied().unwrap_or(0)), lang)))
                    .collect::<Vec<_>>()
                    .join(" · ")
            }
        })
    };
    let open = move |ev: leptos::ev::MouseEvent| {
        ev.prevent_default();
        match link.get_untracked() {
            Some(written) => ctx.go(Screen::Replay(written)),
            // Tapped before its link came (or its part failed: asked again).
            None => {
                let write_link = write_link.clone();
                leptos::task::spawn_local(async move {
                    if let Some(written) = write_link().await {
                        ctx.go(Screen::Replay(written));
                    }
                });
            }
        }
    };
    view! {
        <li class="games-row" class:won=mine.is_some_and(|m| m.won) data-testid="games-row">
            <p class="games-head">
                <strong>{title}</strong>
                <span data-testid="games-match">{match_label}</span>
                <span class="muted">" · " {date}</span>
            </p>
            <p class="games-who">{names}</p>
            <p class="games-result" data-testid="games-result">{result}</p>
            <p><a href=move || link.get() data-testid="games-replay" on:click=open>{rp_tr(|t| t.replay)}</a></p>
        </li>
    }
}
