//! The host's page: the table set on the home screen with friends' seats
//! (`seat-N` = `friend`). First the invitations (`invite-link-N`, Copy and
//! Share, its QR code `invite-qr-N`, `answer-input-N` / `answer-submit-N`,
//! Scan `answer-scan-N` where the browser can, `seat-status-N`) with the
//! plain words that this device sees every hand; once every friend is in,
//! the commit–reveal deals, and the host plays at its usual table while
//! [`Host`] relays: each friend's messages into [`Host::receive`] with the
//! time, [`Host::tick`] each second, the bots (and stand-ins) through the
//! bots' worker as the shell's bot loop does. The game is mirrored into
//! the shell after each move and saved like any game.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use leptos::prelude::*;
use send_wrapper::SendWrapper;
use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::Seat;
use tablee_friends::code::Token;
use tablee_friends::fair::Secret;
use tablee_friends::message::Status;

use super::transport::{Peer, TransportError, CONNECT_WAIT_MS};
use super::pieces::{copy_share, now, random, relays, transport_error, BUILD, POLL_MS};
use super::qr::qr_code;
use super::scan::scan_button;
use crate::app::config::{SeatKind, TableConfig};
use crate::app::friends::host::{Host, Refused};
use crate::app::friends::{FriendsTable, Role};
use crate::app::game::GameDef;
use crate::app::worker::{self, Reply};
use crate::games::{GameId, Registered};
use crate::i18n::friends as words;
use crate::app::friends::{set_hosted_seats, KEPT_KEY, RESUME};
use crate::ui::browser::{self, LocalStorage};
use crate::ui::context::ctx;
use crate::ui::feed::Feed;
use crate::ui::game_ui::GameUi;
use crate::ui::parts::{self, Part};
use crate::ui::worker_client;

/// The host's page for `arg`, the friends' seats (`1,2,`), at the table set
/// on the home screen (`Ctx::home_table`). The table this page already
/// hosts is shown again while its game lasts (the host read the rules or
/// went home meanwhile: its friends stayed connected); another table ends it.
pub fn host<G: GameUi + Registered>(arg: &str) -> AnyView {
    let live = live::<G>();
    if Some(arg) == RESUME.strip_prefix("host:") {
        let shown = ctx().game_untracked::<G, _>(|s| s.config().seed);
        if let Some(hosting) = live.filter(|h| !h.over() && shown.is_some() && h.seed() == shown) {
            return page::<G>(Some(hosting), G::ID);
        }
        return page::<G>(resumed::<G>().map(Hosting::start), G::ID);
    }
    let friends: Vec<Seat> = arg.split(',').filter_map(|s| s.trim().parse().ok()).collect();
    // (A table of another game reads as none: "no table" is said.)
    let table = ctx().home_table.with_untracked(|t| G::as_table(t).cloned());
    if let Some(hosting) = live.filter(|h| !h.over() && table.as_ref().is_some_and(|t| h.set_from(&friends, t))) {
        return page::<G>(Some(hosting), G::ID);
    }
    let lang = ctx().lang.get_untracked();
    let made = table.and_then(|config| {
        let roles = roles(&config, &friends, lang)?;
        let secrets: Vec<Secret> = (0..roles.len()).map(|_| random::<32>().map(Secret)).collect::<Option<_>>()?;
        let table = FriendsTable { roles, options: config.options, think_ms: None, build: BUILD.to_string() };
        Host::<G>::new(table, &secrets).ok()
    });
    page::<G>(made.map(Hosting::start), G::ID)
}

/// The host's game taken back: the shell's game in progress and what was kept.
fn resumed<G: GameUi + Registered>() -> Option<Host<G>> {
    let kept = Json::parse(&browser::load(KEPT_KEY)?).ok()?;
    Host::resume(&kept, ctx().game_untracked::<G, _>(|s| s.clone())?, BUILD.to_string())
}

/// Who plays each seat: the friends' seats, the one person here, the bots.
fn roles<G: GameDef>(config: &TableConfig<G>, friends: &[Seat], lang: crate::app::lang::Lang) -> Option<Vec<Role>> {
    let mut host = false;
    let mut roles = Vec::new();
    for (seat, kind) in config.seats.iter().enumerate() {
        let name = config.names.get(seat).cloned().flatten();
        roles.push(if friends.contains(&seat) {
            let token: Token = random::<8>()?;
            Role::Friend { name: name.unwrap_or_else(|| words::friend_name(seat, lang)), token, stand_in: None }
        } else {
            match kind {
                SeatKind::Human if !host => {
                    host = true;
                    Role::Host { name: name.unwrap_or_else(|| words::host_name(lang).to_string()) }
                }
                SeatKind::Human => return None,
                SeatKind::Bot(level) => Role::Bot(*level),
            }
        });
    }
    Some(roles)
}

/// One friend's invitation, as the page shows it.
#[derive(Clone, Debug, PartialEq, Default)]
struct Invitation {
    /// The whole link (`…#join=<code>`), once made.
    link: Option<String>,
    /// Why the invitation or the answer failed.
    error: Option<TransportError>,
    /// A new invitation for a seat that had one ("Invite again").
    again: bool,
}

/// The page's state of the connections (the page's thread only).
struct Lines {
    peers: Vec<Option<Rc<Peer>>>,
    /// Whether each seat's channel was seen open (the host told).
    open: Vec<bool>,
    /// When each answer was entered (ms: the time to connected, measured).
    answered: Vec<Option<f64>>,
}

/// The table of friends this page hosts, while the page lives: its
/// connections and its loop outlive the host's screen, so that the host may
/// read the rules, open a puzzle or go home while the friends stay
/// connected (and the bots and the friends play on). It ends when another
/// table of friends is set, or another game takes the shell's table
/// ([`run`]); a reload ends it too (the game is then taken back from what
/// was kept, every friend away).
struct Hosting<G: Registered> {
    host: Rc<RefCell<Host<G>>>,
    lines: Rc<RefCell<Lines>>,
    /// What its screen shows (reference-counted: no screen owns them).
    statuses: ArcRwSignal<Vec<Status>>,
    invitations: ArcRwSignal<Vec<Invitation>>,
    version: ArcRwSignal<usize>,
    dealt: ArcRwSignal<bool>,
    /// The time from an answer entered to its seat's channel open (ms), on
    /// `seat-status-N`'s `data-connect-ms` (scripts measure it).
    connect_ms: ArcRwSignal<Vec<Option<f64>>>,
    /// Set when it ends: its loop stops.
    stop: Rc<Cell<bool>>,
}

thread_local! {
    /// The page's hosting, of whichever game (one at a time), and its stop.
    static HOSTING: RefCell<Option<(Rc<dyn Any>, Rc<Cell<bool>>)>> = const { RefCell::new(None) };
}

/// The table of `G` this page hosts, if one lasts.
fn live<G: Registered>() -> Option<Rc<Hosting<G>>> {
    HOSTING.with(|h| h.borrow().as_ref().map(|(any, _)| any.clone())).and_then(|any| any.downcast::<Hosting<G>>().ok()).filter(|h| !h.stop.get())
}

/// Ends the page's hosting, if any: its loop stops and closes its
/// connections.
fn end_hosting() {
    if let Some((_, stop)) = HOSTING.with(|h| h.borrow_mut().take()) {
        stop.set(true);
    }
}

impl<G: GameUi + Registered> Hosting<G> {
    /// The page's hosting of `host`, its invitations made and its loop
    /// running; the one before, if any, ended.
    fn start(host: Host<G>) -> Rc<Self> {
        end_hosting();
        let seats = host.table().roles.len();
        let hosting = Rc::new(Hosting {
            statuses: ArcRwSignal::new((0..seats).map(|s| host.status(s)).collect()),
            invitations: ArcRwSignal::new(vec![Invitation::default(); seats]),
            version: ArcRwSignal::new(0),
            dealt: ArcRwSignal::new(host.session().is_some()),
            connect_ms: ArcRwSignal::new(vec![None; seats]),
            lines: Rc::new(RefCell::new(Lines { peers: vec![None; seats], open: vec![false; seats], answered: vec![None; seats] })),
            host: Rc::new(RefCell::new(host)),
            stop: Rc::new(Cell::new(false)),
        });
        HOSTING.with(|h| *h.borrow_mut() = Some((hosting.clone() as Rc<dyn Any>, hosting.stop.clone())));
        set_hosted_seats(hosting.friends().iter().fold(0, |bits, (seat, _)| bits | 1 << seat));
        worker_client::start();
        // (A game taken back after a reload: its friends are away, each with
        // Invite again, tapped when the host is ready to send the link.)
        for (seat, token) in hosting.friends() {
            if hosting.host.borrow().status(seat) == Status::Waiting {
                hosting.invite(seat, token);
            }
        }
        // The loop: the channels, the host's authority, the bots.
        leptos::task::spawn_local(run::<G>(hosting.clone()));
        hosting
    }

    /// The friends' seats and their tokens.
    fn friends(&self) -> Vec<(Seat, Token)> {
        let host = self.host.borrow();
        let roles = host.table().roles.iter().enumerate();
        roles
            .filter_map(|(s, r)| match r {
                Role::Friend { token, .. } => Some((s, *token)),
                _ => None,
            })
            .collect()
    }

    /// Whether the home's table, its friends' seats `friends`, is the one
    /// this hosts (its seed aside: the deal is commit–reveal's): Play
    /// there goes back to it.
    fn set_from(&self, friends: &[Seat], config: &TableConfig<G>) -> bool {
        let host = self.host.borrow();
        let table = host.table();
        let hosted: Vec<Seat> = self.friends().into_iter().map(|(s, _)| s).collect();
        table.options == config.options
            && hosted == friends
            && table.roles.len() == config.seats.len()
            && table.roles.iter().zip(&config.seats).enumerate().all(|(seat, (role, kind))| {
                let named = config.names.get(seat).cloned().flatten();
                match role {
                    Role::Bot(level) => *kind == SeatKind::Bot(*level),
                    Role::Friend { name, .. } => named.is_none_or(|n| n == *name),
                    Role::Host { .. } => *kind == SeatKind::Human,
                }
            })
    }

    /// Ends it (if it is still the page's): its loop closes its connections.
    fn end(&self) {
        self.stop.set(true);
        HOSTING.with(|h| {
            let mut h = h.borrow_mut();
            if h.as_ref().is_some_and(|(_, stop)| Rc::ptr_eq(stop, &self.stop)) {
                *h = None;
                set_hosted_seats(0);
            }
        });
    }

    /// The seed of its game, once dealt.
    fn seed(&self) -> Option<tablee_engine::Seed> {
        self.host.borrow().session().map(|s| s.config().seed)
    }

    /// Whether its game is over.
    fn over(&self) -> bool {
        self.host.borrow().session().is_some_and(|s| s.is_over())
    }

    /// An invitation for `seat` (its token): the first, or a new one ("Invite
    /// again": a seat away, or an answer whose connection did not come). A
    /// new one closes the seat's old channel; the friend's page finds its
    /// seat with the token (the host welcomes it back).
    fn invite(&self, seat: Seat, token: Token) {
        let old = self.lines.borrow_mut().peers[seat].take();
        // (A seat away since the host's page reloaded had its first invitation before.)
        let again = old.is_some() || self.host.borrow().status(seat) != Status::Waiting;
        if let Some(old) = old {
            old.close();
        }
        let was_open = std::mem::take(&mut self.lines.borrow_mut().open[seat]);
        if was_open {
            self.host.borrow_mut().disconnected(seat, now());
        }
        self.lines.borrow_mut().answered[seat] = None;
        let invitations = self.invitations.clone();
        invitations.update(|i| i[seat] = Invitation { again, ..Invitation::default() });
        let lines = self.lines.clone();
        let id = G::ID;
        leptos::task::spawn_local(async move {
            match Peer::invite(&relays(), seat as u8, token).await {
                Ok((peer, code)) => {
                    lines.borrow_mut().peers[seat] = Some(Rc::new(peer));
                    // The game in the query: the friend's page loads its part.
                    let link = format!("{}?game={}#join={code}", browser::base_url(), id.code());
                    invitations.update(|i| i[seat].link = Some(link));
                }
                Err(e) => invitations.update(|i| i[seat].error = Some(e)),
            }
        });
    }
}

fn page<G: GameUi + Registered>(made: Option<Rc<Hosting<G>>>, id: GameId) -> AnyView {
    let ctx = ctx();
    let Some(hosting) = made else {
        return view! {
            <section class="panel friends" data-testid="invite-screen">
                <h1>{move || words::invite_title(ctx.lang())}</h1>
                <p class="error" role="alert" data-testid="invite-error">{move || words::setup_error(ctx.lang())}</p>
            </section>
        }
        .into_any();
    };
    let host = hosting.host.clone();
    let lines = hosting.lines.clone();
    let host_seat = host.borrow().table().roles.iter().position(|r| matches!(r, Role::Host { .. })).unwrap_or(0);
    // The friends' seats: their names and tokens.
    let friends: Vec<(Seat, String, Token)> = host
        .borrow()
        .table()
        .roles
        .iter()
        .enumerate()
        .filter_map(|(s, r)| match r {
            Role::Friend { name, token, .. } => Some((s, name.clone(), *token)),
            _ => None,
        })
        .collect();
    let statuses = RwSignal::from(hosting.statuses.clone());
    let invitations = RwSignal::from(hosting.invitations.clone());
    let version = RwSignal::from(hosting.version.clone());
    let dealt = RwSignal::from(hosting.dealt.clone());
    let connect_ms = RwSignal::from(hosting.connect_ms.clone());
    let invite = SendWrapper::new(Rc::new({
        let hosting = hosting.clone();
        move |seat: Seat, token: Token| hosting.invite(seat, token)
    }));


    let submit = {
        let lines = SendWrapper::new(lines.clone());
        // (Its answer's task may end after the screen: the hosting's signal.)
        let invitations = hosting.invitations.clone();
        move |seat: Seat, text: String| {
            let invitations = invitations.clone();
            let Some(peer) = lines.borrow().peers[seat].clone() else { return };
            lines.borrow_mut().answered[seat] = Some(js_sys::Date::now());
            invitations.update(|i| i[seat].error = None);
            let lines = (*lines).clone();
            leptos::task::spawn_local(async move {
                if let Err(e) = peer.answered(&text).await {
                    return invitations.update(|i| i[seat].error = Some(e));
                }
                // No channel in time: say why, and offer a new invitation.
                browser::sleep(CONNECT_WAIT_MS).await;
                let same = lines.borrow().peers[seat].as_ref().is_some_and(|p| Rc::ptr_eq(p, &peer));
                if same && !peer.is_open() {
                    invitations.update(|i| i[seat].error = Some(TransportError::Unreachable));
                }
            });
        }
    };
    let submit = SendWrapper::new(Rc::new(submit));

    // The host's own seat's table, once dealt.
    let play_host = SendWrapper::new(host.clone());
    let view_host = SendWrapper::new(host.clone());
    let legal_host = SendWrapper::new(host.clone());
    let feed = Feed::<G> {
        view: Memo::new(move |_| {
            version.track();
            view_host.borrow().session().map(|s| s.view(host_seat))
        }),
        legal: Memo::new(move |_| {
            version.track();
            view_host_legal(&legal_host.borrow(), host_seat)
        }),
        table: Memo::new(move |_| {
            version.track();
            ctx.game::<G, _>(|s| s.config().clone())
        }),
        to_move: Memo::new(move |_| {
            version.track();
            !view_host_legal(&play_host.borrow(), host_seat).is_empty()
        }),
        play: {
            let host = SendWrapper::new(host.clone());
            Callback::new(move |action: G::Action| {
                let result = host.borrow_mut().local_move(action);
                version.update(|v| *v += 1);
                match result {
                    Err(Refused::Illegal(e)) => Err(e),
                    _ => Ok(()),
                }
            })
        },
        moves: Memo::new(move |_| ctx.game::<G, _>(|s| s.actions().len()).unwrap_or(0)),
        moved: Memo::new(move |_| ctx.game::<G, _>(|s| s.moves().last().map(|(seat, a)| (seat, a.clone()))).flatten()),
        note: Signal::derive(move || ctx.game::<G, _>(|s| s.note().cloned()).flatten()),
    };
    provide_context(feed);

    let lang = move || ctx.lang();
    // Who plays an away friend's seat, and how long a friend may think:
    // the host's to set, before the game or during it.
    let stand_in = {
        let host = SendWrapper::new(host.clone());
        Callback::new(move |(seat, level): (Seat, Option<Level>)| host.borrow_mut().set_stand_in(seat, level))
    };
    let think = {
        let host = SendWrapper::new(host.clone());
        move |value: String| {
            let seconds: u64 = value.parse().unwrap_or(0);
            host.borrow_mut().set_think_ms((seconds > 0).then_some(seconds * 1_000));
        }
    };
    // Once the game is over, no invitation is wanted: the seats' statuses only.
    let over = {
        let host = SendWrapper::new(host.clone());
        Memo::new(move |_| {
            version.track();
            host.borrow().session().is_some_and(|s| s.is_over())
        })
    };
    let invites = friends
        .into_iter()
        .map(|(seat, name, token)| {
            let submit = submit.clone();
            let invite = invite.clone();
            let again = move || invitations.with(|i| i[seat].again);
            let unreachable = move || invitations.with(|i| matches!(i[seat].error, Some(TransportError::Unreachable)));
            let link = move || invitations.with(|i| i[seat].link.clone().unwrap_or_default());
            let input = NodeRef::<leptos::html::Textarea>::new();
            let status = move || statuses.with(|s| s.get(seat).copied().unwrap_or(Status::Waiting));
            let error = move || invitations.with(|i| i[seat].error.clone()).map(|e| transport_error(&e, lang()));
            let heading = name.clone();
            let stand_in = stand_in.clone();
            view! {
                <li class="invitation" data-testid=format!("invitation-{seat}")>
                    <h2>{move || words::invitation_for(&heading, seat, lang())}</h2>
                    <p data-testid=format!("seat-status-{seat}") data-status=move || status().name() data-connect-ms=move || connect_ms.with(|c| c[seat].map(|ms| format!("{ms:.1}")))>
                        {move || words::status(status(), lang())}
                    </p>
                    <div hidden=move || over.get()>
                    {stand_in_choice(seat, name.clone(), stand_in)}
                    // Its link and the answer's field: while it is awaited, or
                    // again once a new invitation is made.
                    <Show when=move || status() == Status::Waiting || (again() && status() != Status::Connected)>
                        <Show when=again>
                            <p class="note">{move || words::invite_again_note(lang())}</p>
                        </Show>
                        <div>
                            {move || if link().is_empty() {
                                view! { <p class="note">{words::preparing_invitation(lang())}</p> }.into_any()
                            } else {
                                view! {
                                    <p>
                                        <a href=link data-link=link data-testid=format!("invite-link-{seat}") class="invite-link">
                                            {move || words::invitation_link(lang())}
                                        </a>
                                        " "
                                        {copy_share(link, format!("invite-{seat}"))}
                                    </p>
                                    {qr_code(&link(), format!("invite-qr-{seat}"), words::invite_qr_label)}
                                }.into_any()
                            }}
                        </div>
                        <div class="answer">
                            <label>
                                {move || words::answer_label(lang())}
                                <textarea node_ref=input data-testid=format!("answer-input-{seat}") rows="3"></textarea>
                            </label>
                            <button type="button" class="primary" data-testid=format!("answer-submit-{seat}") on:click={
                                let submit = submit.clone();
                                move |_| {
                                    // (Read through `Reflect`: a binding less in the page's glue.)
                                    let text = input
                                        .get_untracked()
                                        .and_then(|el| js_sys::Reflect::get(&el, &"value".into()).ok())
                                        .and_then(|v| v.as_string())
                                        .unwrap_or_default();
                                    submit(seat, text)
                                }
                            }>
                                {move || words::answer_submit(lang())}
                            </button>
                            " "
                            {scan_button(seat, input, Callback::new({
                                let submit = submit.clone();
                                move |text| submit(seat, text)
                            }))}
                        </div>
                    </Show>
                    <p class="error" role="alert" data-testid=format!("answer-error-{seat}")>{error}</p>
                    <Show when=move || matches!(status(), Status::Away | Status::Bot) || unreachable()>
                        <button type="button" class="secondary" data-testid=format!("invite-again-{seat}") on:click={
                            let invite = invite.clone();
                            move |_| invite(seat, token)
                        }>
                            {move || words::invite_again(lang())}
                        </button>
                    </Show>
                    </div>
                </li>
            }
        })
        .collect_view();
    view! {
        <section class="panel friends invite" data-testid="invite-screen">
            <h1>{move || words::invite_title(lang())}</h1>
            <p class="note" data-testid="host-sees-all">{move || words::host_sees_all(lang())}</p>
            <p class="field" hidden=move || over.get()>
                <label for="think-limit">{move || words::think_label(lang())}</label>
                " "
                <select id="think-limit" data-testid="think-limit" on:change=move |ev| think(event_target_value(&ev))>
                    <option value="0">{move || words::think_no_limit(lang())}</option>
                    {THINK_LIMITS.into_iter().map(|s| view! { <option value=s.to_string()>{move || words::think_limit(s, lang())}</option> }).collect_view()}
                </select>
            </p>
            <Show when=move || !dealt.get()>
                <p>{move || words::invite_steps(lang())}</p>
                <p class="note">{move || words::starts_when_all(lang())}</p>
            </Show>
            <ul class="invitations">{invites}</ul>
            <Show when=move || !dealt.get()>
                <super::relays::RelaySettings then=words::relays_saved_host />
            </Show>
        </section>
        <Show when=move || dealt.get()>
            <Part load=Box::new(move || parts::table(id)) />
        </Show>
    }
    .into_any()
}

/// The bots a host may choose to play an away friend's seat.
const STAND_INS: [Level; 3] = [Level::Easy, Level::Normal, Level::Hard];

/// The time limits a host may set on a friend's decision (s).
const THINK_LIMITS: [u64; 3] = [30, 60, 120];

/// `stand-in-N`: wait for the friend, or a bot plays their seat while they
/// are away.
fn stand_in_choice(seat: Seat, name: String, set: Callback<(Seat, Option<Level>)>) -> impl IntoView {
    let ctx = ctx();
    let lang = move || ctx.lang();
    let id = format!("stand-in-{seat}");
    view! {
        <p class="field">
            <label for=id.clone()>{move || words::stand_in_label(&name, lang())}</label>
            " "
            <select id=id.clone() data-testid=id on:change=move |ev| set.run((seat, Level::parse(&event_target_value(&ev))))>
                <option value="wait">{move || words::stand_in_wait(lang())}</option>
                {STAND_INS
                    .into_iter()
                    .map(|level| view! { <option value=level.name()>{move || words::stand_in_bot(crate::i18n::level_name(level, lang()), lang())}</option> })
                    .collect_view()}
            </select>
        </p>
    }
}

/// The moves the host's seat may make now (none while another seat acts).
fn view_host_legal<G: Registered>(host: &Host<G>, seat: Seat) -> Vec<G::Action> {
    match host.session() {
        Some(s) if s.to_act() == Some(seat) => s.legal_actions(),
        _ => Vec::new(),
    }
}

/// The hosting's loop, while the page hosts it (not only while its screen
/// shows).
async fn run<G: GameUi + Registered>(hosting: Rc<Hosting<G>>) {
    let ctx = ctx();
    let (host, lines) = (hosting.host.clone(), hosting.lines.clone());
    let mut last_tick = 0u64;
    // A game taken back after a reload is the shell's already: the host's
    // seat marked as "you" on it.
    let mut moves_seen = host.borrow().session().map(|s| s.actions().len());
    let mut mirrored = false;
    // The shell's game when the table was set: another begun before the
    // deal (the host went home and played alone) ends the hosting, as one
    // begun after it does.
    let shown_at_start = shown_game(ctx);
    if let Some(session) = host.borrow().session().cloned() {
        mirror::<G>(session, false);
        mirrored = true;
    }
    let bot_busy = Rc::new(Cell::new(false));
    let seats = host.borrow().table().roles.len();
    loop {
        if hosting.stop.get() {
            // Ended: the friends' channels close now (a friend's page says
            // it lost the host), not whenever the last handle goes.
            for peer in lines.borrow_mut().peers.iter_mut().filter_map(Option::take) {
                peer.close();
            }
            return;
        }
        let t = now();
        // The channels: opened, closed, their messages.
        let peers: Vec<Option<Rc<Peer>>> = lines.borrow().peers.clone();
        for (seat, peer) in peers.iter().enumerate() {
            let Some(peer) = peer else { continue };
            let was_open = lines.borrow().open[seat];
            if peer.is_open() && !was_open {
                lines.borrow_mut().open[seat] = true;
                host.borrow_mut().connected(seat, t);
                if let Some(at) = lines.borrow().answered[seat] {
                    let ms = js_sys::Date::now() - at;
                    hosting.connect_ms.update(|c| c[seat] = Some(ms));
                }
            } else if was_open && peer.is_closed() {
                lines.borrow_mut().open[seat] = false;
                host.borrow_mut().disconnected(seat, t);
            }
            for text in peer.take_inbox() {
                // A refusal is logged by the host and told to the friend.
                let _ = host.borrow_mut().receive(seat, &text, t);
            }
        }
        if t.saturating_sub(last_tick) >= 1_000 {
            last_tick = t;
            host.borrow_mut().tick(t);
        }
        // A puzzle or a lesson holds the shell's table meanwhile: the game
        // goes on with the friends, and reaches the shell when it is back.
        let held = ctx.puzzle.get_untracked();
        // The bots (and stand-ins), one decision at a time, in the worker.
        if !bot_busy.get() {
            if let Some((job, at, fallback, seat)) = host.borrow().bot_turn().and_then(|d| {
                let session = host.borrow().session().cloned()?;
                Some((worker::decide_job(&session, &d), d.at, d.fallback(), d.seat))
            }) {
                bot_busy.set(true);
                let (host, busy) = (host.clone(), bot_busy.clone());
                leptos::task::spawn_local(async move {
                    // (The thinking seat is drawn on the shell's table: this game's only.)
                    if !held {
                        ctx.thinking.set(Some(seat));
                    }
                    let reply = worker_client::ask(job);
                    browser::sleep(ctx.speed.get_untracked().delay_ms().max(16)).await;
                    let chosen = match reply.await {
                        Some(Reply::Action { action }) => G::action_from_json(&action).ok(),
                        _ => None,
                    };
                    if let Some(action) = chosen.or(fallback) {
                        let _ = host.borrow_mut().bot_moved(at, &action);
                    }
                    if ctx.thinking.get_untracked().is_some() {
                        ctx.thinking.set(None);
                    }
                    busy.set(false);
                });
            }
        }
        // What the host queued.
        let (outbox, closing) = {
            let mut h = host.borrow_mut();
            (h.drain(), h.drain_closing())
        };
        for (seat, text) in outbox {
            if let Some(Some(peer)) = peers.get(seat) {
                peer.send(&text);
            }
        }
        for seat in closing {
            if let Some(Some(peer)) = peers.get(seat) {
                peer.close();
            }
        }
        // The seats' statuses.
        let now_status: Vec<Status> = (0..seats).map(|s| host.borrow().status(s)).collect();
        if hosting.statuses.with_untracked(|s| *s != now_status) {
            hosting.statuses.set(now_status);
        }
        // The game: kept for a reload while it lasts, the table told.
        let moves = host.borrow().session().map(|s| s.actions().len());
        if moves != moves_seen {
            moves_seen = moves;
            if let Some(session) = host.borrow().session() {
                match host.borrow().keep().filter(|_| !session.is_over()) {
                    Some(kept) => _ = browser::store(KEPT_KEY, &kept.text()),
                    None => browser::remove(KEPT_KEY),
                }
            }
            hosting.version.update(|v| *v += 1);
        }
        // And mirrored into the shell (its usual save, its record once
        // over), unless a puzzle holds the table; another game begun there
        // ends the hosting.
        if !held {
            if !mirrored && host.borrow().session().is_none() && shown_game(ctx) != shown_at_start {
                hosting.end();
            } else if let Some(session) = host.borrow().session().cloned() {
                let seed = session.config().seed;
                let shown = ctx.shell.with_untracked(|sh| sh.session::<G>().map(|s| (s.config().seed, s.actions().len())));
                match shown {
                    _ if !mirrored => {
                        mirror::<G>(session, true);
                        mirrored = true;
                        hosting.dealt.set(true);
                    }
                    Some((shown, len)) if shown == seed => {
                        if len != session.actions().len() {
                            mirror::<G>(session, false);
                        }
                    }
                    _ => hosting.end(),
                }
            }
        }
        browser::sleep(POLL_MS).await;
    }
}

/// The game on the shell's table, by its game and seed.
fn shown_game(ctx: crate::ui::context::Ctx) -> Option<(GameId, tablee_engine::Seed)> {
    ctx.shell.with_untracked(|sh| sh.game.as_ref().map(|g| (g.game(), g.table().seed())))
}

/// The host's game into the shell: the first time as a new game (the one
/// in progress kept aside), then each move; saved and, once over,
/// recorded like any game.
fn mirror<G: GameUi + Registered>(mut session: crate::app::session::Session<G>, first: bool) {
    let ctx = ctx();
    ctx.shell.update(|sh| {
        if first {
            sh.begin(session.into_any());
        } else {
            // The table's own note (a hand's order, a staged turn) stays.
            let note: Option<Json> = sh.session::<G>().and_then(|s| s.note().cloned());
            session.set_note(note);
            sh.game = Some(session.into_any());
        }
        sh.record_if_over::<G>(&mut LocalStorage);
    });
    crate::ui::flow::persist::<G>(ctx);
}
