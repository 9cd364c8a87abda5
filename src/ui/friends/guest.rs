//! A friend's page (`#join=<code>`): the answer to send back, then the
//! game's usual table, fed by the host's `view` messages through a
//! [`Feed`] (the friend's device never holds the game's state: only its
//! seat's view and the moves it may make), its moves sent as `move`
//! messages; a ping every second, `away`/`back` as the page is hidden and
//! shown; and at the end the check of the whole game (`fair-check`).
//!
//! What it keeps in localStorage (`tablee.friends.seat.<token>`: its seat's
//! secret) lets a reload or a new invitation for the same seat rejoin with
//! the same secret.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::{Seat, Seed};
use tablee_friends::code::Token;
use tablee_friends::fair::Secret;
use tablee_friends::message::{FromFriend, FromHost, SeatKind as Told};
use tablee_friends::sha256::hex;
use tablee_friends::PROTOCOL;

use super::transport::{Peer, TransportError};
use super::pieces::{copy_share, now, random, relays, transport_error, BUILD, POLL_MS};
use super::qr::qr_code;
use crate::app::config::{SeatKind, TableConfig};
use crate::app::lang::Lang;
use crate::app::save;
use crate::app::session::Session;
use crate::app::friends::guest::Guest;
use crate::app::friends::verify::Difference;
use crate::app::friends::PING_EVERY_MS;
use crate::games::{GameId, Registered};
use crate::i18n::friends as words;
use crate::ui::browser::{self, LocalStorage};
use crate::ui::context::ctx;
use crate::ui::feed::Feed;
use crate::ui::game_ui::GameUi;
use crate::ui::parts::{self, Part};

/// Where the friend's page is.
#[derive(Clone, Debug, PartialEq)]
enum Stage {
    /// Making the answer.
    Answering,
    /// The answer is shown; the host has not entered it yet.
    Answer(String),
    /// Connected, the game not dealt yet.
    Connected,
    /// The game: its table.
    Playing(GameId),
    Failed(Problem),
}

#[derive(Clone, Debug, PartialEq)]
enum Problem {
    Transport(TransportError),
    /// The channel closed.
    Lost,
    /// The host is of another protocol, or welcomed this page to another
    /// table than its own.
    Host,
    /// No cryptographic generator: no secret.
    NoRandom,
}

/// The game's signals, once the welcome named it (read by its table).
struct Typed<G: GameUi> {
    view: RwSignal<Option<G::View>>,
    legal: RwSignal<Vec<G::Action>>,
    table: RwSignal<Option<TableConfig<G>>>,
    moves: RwSignal<usize>,
    /// The last move, where the game's moves are public (`Feed::moved`).
    moved: RwSignal<Option<(Seat, G::Action)>>,
    /// The friend's moves, waiting for the loop to send them.
    outgoing: RwSignal<Vec<G::Action>>,
    /// The check, once the game is over: the differences (none: verified).
    result: RwSignal<Option<Vec<Difference>>>,
    /// The host's record of the game, with the check: a bot's move it
    /// names is told in the table's words from it.
    record: StoredValue<Option<Json>>,
}

impl<G: GameUi> Clone for Typed<G> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<G: GameUi> Copy for Typed<G> {}

thread_local!(static TYPED: RefCell<Option<Box<dyn Any>>> = const { RefCell::new(None) });

thread_local! {
    /// The page's game as a friend: its invitation's code, its stage (no
    /// screen owns it) and its loop's stop. It outlives the join screen:
    /// the friend may read the rules and come back, still connected.
    static JOINING: RefCell<Option<(String, ArcRwSignal<Stage>, Rc<std::cell::Cell<bool>>)>> = const { RefCell::new(None) };
}

/// The friend's page for the invitation `code`: the one under way when it
/// is that invitation's, else a new one (the one before ended).
pub fn join<G: GameUi + Registered>(code: String) -> AnyView {
    let ctx = ctx();
    let live = JOINING.with(|j| j.borrow().as_ref().filter(|(c, _, stop)| *c == code && !stop.get()).map(|(_, stage, _)| stage.clone()));
    let stage = match live {
        Some(stage) => stage,
        None => {
            if let Some((_, _, stop)) = JOINING.with(|j| j.borrow_mut().take()) {
                stop.set(true);
            }
            let stage = ArcRwSignal::new(Stage::Answering);
            let stop = Rc::new(std::cell::Cell::new(false));
            JOINING.with(|j| *j.borrow_mut() = Some((code.clone(), stage.clone(), stop.clone())));
            crate::app::friends::set_joined(Some((G::ID, format!("join={code}"))));
            let ended = stop.clone();
            let task = run::<G>(code, stage.clone(), stop);
            leptos::task::spawn_local(async move {
                task.await;
                // Over, failed or ended: the header leads to it no more.
                if !ended.get() {
                    crate::app::friends::set_joined(None);
                }
            });
            stage
        }
    };
    let stage = RwSignal::from(stage);
    let lang = move || ctx.lang();
    view! {
        <section class="panel friends join" data-testid="join-screen">
            {move || match stage.get() {
                Stage::Playing(id) => table::<G>(id),
                Stage::Answering => view! {
                    <h1>{move || words::join_title(lang())}</h1>
                    <p data-testid="join-status">{move || words::making_answer(lang())}</p>
                }.into_any(),
                Stage::Answer(code) => view! {
                    <h1>{move || words::join_title(lang())}</h1>
                    <p>{move || words::answer_intro(lang())}</p>
                    {qr_code(&code, "answer-qr".to_string(), words::answer_qr_label)}
                    // (A code has no spaces: broken anywhere rather than wider than a phone.)
                    <p class="code" data-testid="answer-code" data-code=code.clone() style="overflow-wrap:anywhere"><code>{code.clone()}</code></p>
                    {copy_share(move || code.clone(), "answer".to_string())}
                    <p class="note" data-testid="join-status">{move || words::waiting_host(lang())}</p>
                    <super::relays::RelaySettings then=words::relays_saved_friend />
                }.into_any(),
                Stage::Connected => view! {
                    <h1>{move || words::join_title(lang())}</h1>
                    <p data-testid="join-status">{move || words::waiting_players(lang())}</p>
                }.into_any(),
                Stage::Failed(problem) => view! {
                    <h1>{move || words::join_title(lang())}</h1>
                    <p class="error" role="alert" data-testid="join-error">{move || problem_words(&problem, lang())}</p>
                }.into_any(),
            }}
        </section>
    }
    .into_any()
}

fn problem_words(problem: &Problem, lang: crate::app::lang::Lang) -> String {
    match problem {
        Problem::Transport(e) => transport_error(e, lang),
        Problem::Lost => words::lost(lang).to_string(),
        Problem::Host => words::code_error(&tablee_friends::code::CodeError::Newer { found: 0, ours: 0 }, lang),
        Problem::NoRandom => words::no_webrtc(lang).to_string(),
    }
}

/// The seat's secret, kept to rejoin (the same secret on every connection).
fn secret_for(token: &Token) -> Option<Secret> {
    let key = format!("tablee.friends.seat.{}", hex(token));
    if let Some(secret) = browser::load(&key).and_then(|s| Secret::from_hex(&s)) {
        return Some(secret);
    }
    let secret = Secret(random::<32>()?);
    browser::store(&key, &secret.hex());
    Some(secret)
}

async fn run<G: GameUi + Registered>(code: String, stage: ArcRwSignal<Stage>, stop: Rc<std::cell::Cell<bool>>) {
    let (peer, answer, seat, token) = match Peer::join(&relays(), &code).await {
        Ok(joined) => joined,
        Err(e) => return stage.set(Stage::Failed(Problem::Transport(e))),
    };
    let Some(secret) = secret_for(&token) else { return stage.set(Stage::Failed(Problem::NoRandom)) };
    stage.set(Stage::Answer(answer));
    // The host enters the answer: the channel opens.
    while !peer.is_open() {
        if stop.get() {
            return;
        }
        if peer.is_closed() {
            return stage.set(Stage::Failed(Problem::Lost));
        }
        browser::sleep(POLL_MS).await;
    }
    stage.set(Stage::Connected);
    let hello = FromFriend::Hello { version: PROTOCOL, seat: usize::from(seat), token, build: BUILD.to_string() };
    peer.send(&hello.text());
    // The welcome names the game. What came with it (a rejoining seat's
    // view comes right after) is the game's, kept for it.
    let (welcome, game, after) = loop {
        if stop.get() {
            return;
        }
        if peer.is_closed() {
            return stage.set(Stage::Failed(Problem::Lost));
        }
        let mut inbox = peer.take_inbox();
        let found = inbox.iter().position(|text| matches!(FromHost::parse(text), Ok(FromHost::Welcome { .. })));
        if let Some(at) = found {
            let after = inbox.split_off(at + 1);
            let welcome = inbox.pop().unwrap_or_default();
            let Ok(FromHost::Welcome { game, .. }) = FromHost::parse(&welcome) else { continue };
            break (welcome, game, after);
        }
        browser::sleep(POLL_MS).await;
    };
    // The link named the game whose part this is: a welcome to another is
    // the host's mistake.
    if GameId::parse(&game) != Some(G::ID) {
        return stage.set(Stage::Failed(Problem::Host));
    }
    let peer = Rc::new(peer);
    peer.put_back(after);
    play::<G>(peer, welcome, usize::from(seat), token, secret, G::ID, stage, stop).await
}

/// The table of the seat, seen by the friend: the view read back from
/// the host's JSON, the names and seats from the welcome.
fn table_config<G: Registered>(guest: &Guest<G>, options: G::Options) -> Option<TableConfig<G>> {
    let kept = guest.kept()?;
    let mut seats = Vec::new();
    let mut names = Vec::new();
    for told in &kept.seats {
        match told {
            Told::Host { name } | Told::Friend { name } => {
                seats.push(SeatKind::Human);
                names.push(Some(name.clone()));
            }
            Told::Bot { level } => {
                // (By name among the seated levels: `Level::parse` is the
                // home screen's, and code shared with it goes to the core.)
                let level = Level::SEATED.iter().copied().find(|l| l.name() == level.as_str()).unwrap_or(Level::Normal);
                seats.push(SeatKind::Bot(level));
                names.push(None);
            }
        }
    }
    // The seed is not known until the end (the host reveals it then).
    Some(TableConfig { seed: Seed::from_number(0), seats, options, daily: None, names, here: Some(kept.seat), seed_hidden: true })
}

#[allow(clippy::too_many_arguments)]
async fn play<G: GameUi + Registered>(
    peer: Rc<Peer>,
    welcome: String,
    seat: usize,
    token: Token,
    secret: Secret,
    id: GameId,
    stage: ArcRwSignal<Stage>,
    stop: Rc<std::cell::Cell<bool>>,
) {
    let mut guest = Guest::<G>::new(seat, token, secret, BUILD);
    if guest.receive(&welcome).is_err() {
        return stage.set(Stage::Failed(Problem::Host));
    }
    let options = guest.kept().and_then(|k| G::options_from_json(&k.options).ok()).unwrap_or_default();
    let typed = Typed::<G> {
        view: RwSignal::new(None),
        legal: RwSignal::new(Vec::new()),
        table: RwSignal::new(table_config(&guest, options)),
        moves: RwSignal::new(0),
        moved: RwSignal::new(None),
        outgoing: RwSignal::new(Vec::new()),
        result: RwSignal::new(None),
        record: StoredValue::new(None),
    };
    TYPED.with(|t| *t.borrow_mut() = Some(Box::new(typed)));
    // Away and back as the page is hidden and shown.
    let hidden = Rc::new(RefCell::new(Vec::<String>::new()));
    {
        let hidden = hidden.clone();
        let on_change = wasm_bindgen::closure::Closure::<dyn FnMut(wasm_bindgen::JsValue)>::new(move |_| {
            let is_hidden = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| js_sys::Reflect::get(&d, &"visibilityState".into()).ok())
                .and_then(|v| v.as_string())
                .as_deref()
                == Some("hidden");
            hidden.borrow_mut().push(if is_hidden { FromFriend::Away } else { FromFriend::Back }.text());
        });
        if let Some(document) = web_sys::window().and_then(|w| w.document()) {
            let _ = document.add_event_listener_with_callback("visibilitychange", wasm_bindgen::JsCast::unchecked_ref(on_change.as_ref()));
        }
        on_change.forget();
    }
    let mut last_ping = 0u64;
    let mut pings = 0u64;
    let mut seen_n = None;
    let mut shown = false;
    loop {
        if stop.get() {
            return;
        }
        // Every view in turn, not only the last: moves that came together
        // (the bots at the instant speed) are each shown and told, in order.
        let mut views = Vec::new();
        for text in peer.take_inbox() {
            // A refused message is the host's fault, not a reason to stop.
            let _ = guest.receive(&text);
            if let Some(seen) = guest.seen() {
                let key = (seen.n, seen.legal.len(), seen.view.text().len());
                if seen_n != Some(key) {
                    seen_n = Some(key);
                    views.push(seen.clone());
                }
            }
        }
        if !shown && guest.seen().is_some() {
            shown = true;
            stage.set(Stage::Playing(id));
        }
        let count = views.len();
        for (i, seen) in views.into_iter().enumerate() {
            let view = G::view_from_json(&seen.view, options).ok();
            let legal: Vec<G::Action> = seen.legal.iter().filter_map(|a| G::action_from_json(a).ok()).collect();
            let moved = seen.by.zip(seen.moved.as_ref().and_then(|m| G::action_from_json(m).ok()));
            typed.view.set(view);
            typed.legal.set(legal);
            typed.moved.set(moved);
            typed.moves.set(seen.n);
            if i + 1 < count {
                // The table's effects run before the next view comes.
                browser::sleep(0).await;
            }
        }
        for action in typed.outgoing.try_update(std::mem::take).unwrap_or_default() {
            guest.play(&action);
        }
        let t = now();
        if t.saturating_sub(last_ping) >= PING_EVERY_MS {
            last_ping = t;
            pings += 1;
            guest.ping(pings);
        }
        for text in hidden.borrow_mut().drain(..) {
            peer.send(&text);
        }
        for text in guest.drain() {
            peer.send(&text);
        }
        if let Some(result) = guest.result() {
            if typed.result.with_untracked(Option::is_none) {
                typed.record.set_value(guest.end_log().cloned());
                typed.result.set(Some(result.to_vec()));
                finished::<G>(&guest);
                // The game is the device's history's now: "Back to the
                // game" shows its end as any game's.
                crate::app::friends::set_joined(None);
            }
        }
        if peer.is_closed() {
            if typed.result.with_untracked(Option::is_none) {
                stage.set(Stage::Failed(Problem::Lost));
            }
            return;
        }
        browser::sleep(POLL_MS).await;
    }
}

/// A difference as the page words it: a bot's move (the check's, in the
/// notation) in the table's words, "Bid two 3s", from the host's record
/// replayed to that move; in the notation if it does not replay.
fn in_words<G: GameUi + Registered>(d: &Difference, record: StoredValue<Option<Json>>, lang: Lang) -> Difference {
    let Difference::Bot { index, seat, played, bot } = d else { return d.clone() };
    let position = record.with_value(|r| {
        let r = r.as_ref()?;
        let moves = r.get("actions")?.as_array()?.get(..*index)?.iter().map(save::action_from_json::<G>).collect::<Option<Vec<_>>>()?;
        Session::replay(save::table_from_value::<G>(r).ok()?, moves).ok()
    });
    let said = |notation: &str| {
        let action = Json::parse(notation).ok().and_then(|j| G::action_from_json(&j).ok());
        match (&position, action) {
            (Some(position), Some(action)) => G::puzzle_words(position, &action, lang),
            _ => notation.to_string(),
        }
    };
    Difference::Bot { index: *index, seat: *seat, played: said(played), bot: said(bot) }
}

/// The game is over and the host sent its whole record: the friend's
/// device keeps it in its history, and shows its end as any game's.
fn finished<G: GameUi + Registered>(guest: &Guest<G>) {
    let Some(log) = guest.end_log() else { return };
    let Ok(mut session) = crate::app::save::game_from_value::<G>(log) else { return };
    // Its end says "you" for this device's seat, as its table did.
    if let Some(kept) = guest.kept() {
        session.set_here(kept.seat);
    }
    let ctx = ctx();
    ctx.shell.update(|sh| {
        sh.begin(session.into_any());
        sh.record_if_over::<G>(&mut LocalStorage);
    });
}

/// The friend's table: the game's usual table, fed by the host's messages.
fn table<G: GameUi + Registered>(id: GameId) -> AnyView {
    let ctx = ctx();
    let Some(typed) = TYPED.with(|t| t.borrow().as_ref().and_then(|b| b.downcast_ref::<Typed<G>>().copied())) else {
        return ().into_any();
    };
    let feed = Feed::<G> {
        view: Memo::new(move |_| typed.view.get()),
        legal: Memo::new(move |_| typed.legal.get()),
        table: Memo::new(move |_| typed.table.get()),
        to_move: Memo::new(move |_| typed.legal.with(|l| !l.is_empty())),
        play: Callback::new(move |action: G::Action| {
            // Sent once: the moves offered go until the host's next view.
            typed.legal.set(Vec::new());
            typed.outgoing.update(|o| o.push(action));
            Ok(())
        }),
        moves: Memo::new(move |_| typed.moves.get()),
        moved: Memo::new(move |_| typed.moved.get()),
        note: Signal::derive(|| None::<Json>),
    };
    provide_context(feed);
    let check = move || {
        typed.result.get().map(|differences| {
            let lang = ctx.lang();
            let verified = differences.is_empty();
            // The seats as the table names them.
            let name = move |seat: usize| typed.table.with_untracked(|t| t.as_ref().map(|t| crate::i18n::seat_name(t, seat, lang))).unwrap_or_else(|| (seat + 1).to_string());
            view! {
                <section class="panel fair-check" data-testid="fair-check" data-verified=verified.to_string()>
                    {if verified {
                        view! { <p>{words::verified(lang)}</p> }.into_any()
                    } else {
                        view! {
                            <p>{words::not_verified(lang)}</p>
                            <ul>{differences.iter().map(|d| view! { <li>{words::difference(&in_words::<G>(d, typed.record, lang), &name, lang)}</li> }).collect_view()}</ul>
                        }
                        .into_any()
                    }}
                </section>
            }
        })
    };
    view! {
        {check}
        <Part load=Box::new(move || parts::table(id)) />
    }
    .into_any()
}
