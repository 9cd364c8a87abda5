//! The host's page is the authority of a game with friends: it runs the
//! engine, sends each friend only that seat's view and the moves it may
//! make, and accepts a move only from that seat's channel and only if the
//! engine finds it legal. A pure state machine: the page hands it what
//! arrives on each channel (with the time), and sends what it queues.
//!
//! - Before the deal: each friend says hello with its seat's token, then
//!   commits; once every seat's commitment is in, they go to every friend,
//!   who reveal; the last reveal deals (the seed from every secret:
//!   `tablee_friends::fair`).
//! - The game: after each move every friend gets its view; the seats the
//!   rules ask at once (J'achète's buy window, JA-9: `GameDef::asked_at_once`)
//!   are all asked together, and their answers are applied in the rules'
//!   order (an early answer waits for its turn; a buy ends the window and
//!   drops the answers behind it). The bots' seats, and a friend's seat
//!   while a stand-in plays it, are the page's bot loop's
//!   ([`Host::bot_turn`], [`Host::bot_moved`]), with the decision seeds of
//!   any game, so that a friend can replay them.
//! - The end: every secret and the whole log go to every friend.
//! - Anything refused is logged with its typed reason ([`Refused`]) and
//!   told to the friend; a channel refused ten times within a minute is
//!   closed ([`tablee_friends::message::Strikes`]) and its seat is away.

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::{RuleError, Seat};
use tablee_friends::fair::{CommitReveal, FairError, Secret};
use tablee_friends::message::{BadMessage, FromFriend, FromHost, Reason, Status, Strikes};
use tablee_friends::PROTOCOL;

use super::{FriendsTable, Role, AWAY_AFTER_MS, OVERDUE_LEVEL};
use crate::app::config::{SeatKind, TableConfig};
use crate::app::save;
use crate::app::session::{Decision, Session};
use crate::games::Registered;

/// Why the host refused a message (or a move of its own page's bots or
/// person), with what the log needs to say it.
#[derive(Clone, Debug, PartialEq)]
pub enum Refused<R> {
    /// Not a message ([`BadMessage`]).
    Unreadable(BadMessage),
    /// A message on a channel for a seat no friend sits at (the page's
    /// bug, not a friend's).
    NotAFriend,
    /// A message on a channel the host closed.
    Closed,
    /// Anything but hello first on a connection.
    HelloFirst,
    /// A second hello on one connection.
    HelloAgain,
    /// A hello of another protocol.
    Version { found: u8 },
    /// A hello claiming another seat than its channel's invitation.
    WrongSeat { claimed: Seat },
    /// A hello with another token than the seat's.
    WrongToken,
    Commit(FairError),
    Reveal(FairError),
    /// A move before the deal.
    NoGame,
    GameOver,
    /// A move for position `n`, the game being at `now` (a race: no fault).
    Outdated { n: usize, now: usize },
    /// A move while the seat is not asked.
    NotYourTurn { to_act: Option<Seat> },
    /// An action not in the game's notation.
    Notation(String),
    /// An early answer in a window that is not among the moves offered.
    NotOffered,
    /// The rules refuse the move.
    Illegal(RuleError<R>),
}

impl<R> Refused<R> {
    /// The reason the friend is told.
    pub fn reason(&self) -> Reason {
        match self {
            Refused::Unreadable(_) | Refused::NotAFriend | Refused::Closed => Reason::Unreadable,
            Refused::HelloFirst | Refused::HelloAgain | Refused::NoGame | Refused::GameOver => Reason::OutOfOrder,
            Refused::Version { .. } | Refused::WrongSeat { .. } | Refused::WrongToken => Reason::Hello,
            Refused::Commit(_) => Reason::OutOfOrder,
            Refused::Reveal(FairError::DoesNotOpen) => Reason::Reveal,
            Refused::Reveal(_) => Reason::OutOfOrder,
            Refused::Outdated { .. } => Reason::Outdated,
            Refused::NotYourTurn { .. } => Reason::NotYourTurn,
            Refused::Notation(_) => Reason::Notation,
            Refused::NotOffered | Refused::Illegal(_) => Reason::Illegal,
        }
    }

    /// Whether it counts against the channel: all but a race.
    pub fn strikes(&self) -> bool {
        !matches!(self, Refused::Outdated { .. })
    }
}

/// One line of the host's log: when, which seat's channel, why refused.
#[derive(Clone, Debug, PartialEq)]
pub struct LogLine<R> {
    pub at: u64,
    pub seat: Seat,
    pub refused: Refused<R>,
}

/// The log keeps the most recent lines.
pub const LOG_LINES: usize = 2_000;

/// Why the table cannot be set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The game cannot be dealt for this many players with these options.
    Players,
    /// Not exactly one host's seat, or no friend.
    Roles,
    /// A secret is missing for the host's or a bot's seat.
    Secrets,
}

/// A friend's channel, as the host knows it.
#[derive(Clone, Debug, Default)]
struct Line {
    /// A channel is open.
    open: bool,
    /// Its hello was accepted (on this channel).
    greeted: bool,
    /// It greeted once, on any channel.
    ever: bool,
    /// Hidden, silent or gone.
    away: bool,
    /// Closed for misbehaving (until the host invites again).
    closed: bool,
    heard: u64,
    strikes: Strikes,
}

/// The host's game with friends.
#[derive(Clone, Debug)]
pub struct Host<G: Registered> {
    table: FriendsTable<G>,
    fair: CommitReveal,
    commits_sent: bool,
    lines: Vec<Line>,
    session: Option<Session<G>>,
    /// The moves a stand-in bot made for a friend: (move index, its level).
    stand_in: Vec<(usize, Level)>,
    /// Since which position each asked seat is asked, and since when (ms).
    asked_since: Vec<Option<(usize, u64)>>,
    /// Early answers in a window, applied in the rules' order.
    pending: Vec<Option<G::Action>>,
    /// Friends out of time on this decision.
    overdue: Vec<bool>,
    last_by: Option<Seat>,
    outbox: Vec<(Seat, String)>,
    closing: Vec<Seat>,
    log: Vec<LogLine<G::Refusal>>,
    now: u64,
}

impl<G: Registered> Host<G> {
    /// A table of friends, with the secrets of the host's seat and the
    /// bots' (from the device's cryptographic generator; `secrets[s]` is
    /// read for those seats only).
    pub fn new(table: FriendsTable<G>, secrets: &[Secret]) -> Result<Host<G>, SetupError> {
        let n = table.roles.len();
        if !G::allows(table.options, n) || n > tablee_friends::message::MAX_SEATS {
            return Err(SetupError::Players);
        }
        let hosts = table.roles.iter().filter(|r| matches!(r, Role::Host { .. })).count();
        let friends = table.roles.iter().filter(|r| matches!(r, Role::Friend { .. })).count();
        if hosts != 1 || friends == 0 {
            return Err(SetupError::Roles);
        }
        if secrets.len() != n {
            return Err(SetupError::Secrets);
        }
        let mut fair = CommitReveal::new(n);
        for (seat, role) in table.roles.iter().enumerate() {
            if !matches!(role, Role::Friend { .. }) {
                fair.own(seat, secrets[seat]);
            }
        }
        Ok(Host {
            table,
            fair,
            commits_sent: false,
            lines: vec![Line::default(); n],
            session: None,
            stand_in: Vec::new(),
            asked_since: vec![None; n],
            pending: vec![None; n],
            overdue: vec![false; n],
            last_by: None,
            outbox: Vec::new(),
            closing: Vec::new(),
            log: Vec::new(),
            now: 0,
        })
    }

    pub fn table(&self) -> &FriendsTable<G> {
        &self.table
    }

    /// What the host's device keeps, once dealt, to take its game with
    /// friends back after a reload (the game itself is the shell's save):
    /// who sits where with the friends' tokens and stand-ins, the think
    /// limit, every seat's secret and the stand-ins' moves. On this device
    /// only: the secrets are the fair check's, revealed at the end anyway.
    pub fn keep(&self) -> Option<Json> {
        let session = self.session.as_ref()?;
        let secrets = self.fair.secrets()?;
        let roles = self
            .table
            .roles
            .iter()
            .map(|r| match r {
                Role::Host { name } => Json::obj([("host", Json::Str(name.clone()))]),
                Role::Friend { name, token, stand_in } => Json::obj([
                    ("friend", Json::Str(name.clone())),
                    ("token", Json::Str(tablee_friends::sha256::hex(token))),
                    ("stand_in", stand_in.map_or(Json::Null, |l| Json::Str(l.name().into()))),
                ]),
                Role::Bot(level) => Json::obj([("bot", Json::Str(level.name().into()))]),
            })
            .collect();
        Some(Json::obj([
            ("game", Json::Str(G::CODE.into())),
            ("seed", Json::Str(session.config().seed.to_string())),
            ("roles", Json::Arr(roles)),
            ("think_ms", self.table.think_ms.map_or(Json::Null, Json::from)),
            ("secrets", Json::Arr(secrets.iter().map(|s| Json::Str(s.hex())).collect())),
            ("stand_in", Json::Arr(self.stand_in.iter().map(|(i, l)| Json::Arr(vec![Json::from(*i), Json::Str(l.name().into())])).collect())),
        ]))
    }

    /// The host's game with friends taken back after its page reloaded:
    /// `kept` ([`Host::keep`]) and the game as saved. Every friend is away
    /// until they answer a new invitation (their pages kept their seats'
    /// tokens and secrets); `None` if `kept` is not this game's.
    pub fn resume(kept: &Json, session: Session<G>, build: String) -> Option<Host<G>> {
        let text = |j: &Json| j.as_str().map(str::to_string);
        let level = |j: Option<&Json>| j.and_then(Json::as_str).and_then(|n| Level::SEATED.into_iter().find(|l| l.name() == n));
        if kept.get("game")?.as_str()? != G::CODE || kept.get("seed")?.as_str()? != session.config().seed.to_string() {
            return None;
        }
        let roles = kept
            .get("roles")?
            .as_array()?
            .iter()
            .map(|r| {
                if let Some(name) = r.get("host").and_then(text) {
                    Some(Role::Host { name })
                } else if let Some(name) = r.get("friend").and_then(text) {
                    let token = tablee_friends::sha256::from_hex(r.get("token")?.as_str()?)?;
                    Some(Role::Friend { name, token, stand_in: level(r.get("stand_in")) })
                } else {
                    level(r.get("bot")).map(Role::Bot)
                }
            })
            .collect::<Option<Vec<Role>>>()?;
        let secrets = kept.get("secrets")?.as_array()?.iter().map(|s| Secret::from_hex(s.as_str()?)).collect::<Option<Vec<Secret>>>()?;
        let seats: Vec<SeatKind> = roles.iter().map(Role::seat_kind).collect();
        if secrets.len() != roles.len() || tablee_friends::fair::deal_seed(&secrets) != session.config().seed || seats != session.config().seats {
            return None;
        }
        let think_ms = kept.get("think_ms").and_then(Json::as_u64);
        let table = FriendsTable { roles, options: session.config().options, think_ms, build };
        let mut host = Host::new(table, &secrets).ok()?;
        for (seat, secret) in secrets.into_iter().enumerate() {
            host.fair.own(seat, secret);
        }
        host.commits_sent = true;
        host.stand_in = kept
            .get("stand_in")?
            .as_array()?
            .iter()
            .map(|p| Some((usize::try_from(p.as_array()?.first()?.as_u64()?).ok()?, level(p.as_array()?.get(1))?)))
            .collect::<Option<_>>()?;
        for (seat, line) in host.lines.iter_mut().enumerate() {
            if matches!(host.table.roles[seat], Role::Friend { .. }) {
                *line = Line { ever: true, away: true, ..Line::default() };
            }
        }
        // The host's seat is "you" on its device (as when dealt).
        let mut session = session;
        if let Some(here) = host.table.roles.iter().position(|r| matches!(r, Role::Host { .. })) {
            session.set_here(here);
        }
        host.session = Some(session);
        // Whoever the rules ask now is asked again (the host's own seat too).
        host.after_change(None);
        Some(host)
    }

    /// The game, once dealt (the host's page shows and saves it).
    pub fn session(&self) -> Option<&Session<G>> {
        self.session.as_ref()
    }

    /// The refusals so far, oldest first.
    pub fn log(&self) -> &[LogLine<G::Refusal>] {
        &self.log
    }

    /// The messages to send, each for a seat's channel, in order.
    pub fn drain(&mut self) -> Vec<(Seat, String)> {
        std::mem::take(&mut self.outbox)
    }

    /// The channels to close (after their `bye`).
    pub fn drain_closing(&mut self) -> Vec<Seat> {
        std::mem::take(&mut self.closing)
    }

    /// The moves stand-in bots made for friends: (move index, level).
    pub fn stand_in_moves(&self) -> &[(usize, Level)] {
        &self.stand_in
    }

    fn is_friend(&self, seat: Seat) -> bool {
        matches!(self.table.roles.get(seat), Some(Role::Friend { .. }))
    }

    /// Where each seat is (`seat-status-N`).
    pub fn status(&self, seat: Seat) -> Status {
        match &self.table.roles[seat] {
            Role::Host { .. } => Status::Connected,
            Role::Bot(_) => Status::Bot,
            Role::Friend { stand_in, .. } => {
                let line = &self.lines[seat];
                if !line.ever {
                    Status::Waiting
                } else if line.away || !line.open || !line.greeted {
                    if stand_in.is_some() && self.session.is_some() {
                        Status::Bot
                    } else {
                        Status::Away
                    }
                } else {
                    Status::Connected
                }
            }
        }
    }

    fn statuses(&self) -> Vec<Status> {
        (0..self.table.roles.len()).map(|s| self.status(s)).collect()
    }

    fn send(&mut self, seat: Seat, message: FromHost) {
        self.outbox.push((seat, message.text()));
    }

    /// The friends' seats with a greeted, open channel.
    fn listening(&self) -> Vec<Seat> {
        (0..self.lines.len()).filter(|&s| self.is_friend(s) && self.lines[s].open && self.lines[s].greeted && !self.lines[s].closed).collect()
    }

    fn broadcast_seats(&mut self) {
        let status = self.statuses();
        for seat in self.listening() {
            self.send(seat, FromHost::Seats(status.clone()));
        }
    }

    // ----- the transport ------------------------------------------------------------

    /// A channel for `seat` opened (a first invitation or a new one): it
    /// must say hello.
    pub fn connected(&mut self, seat: Seat, now: u64) {
        self.now = now;
        if let Some(line) = self.lines.get_mut(seat) {
            *line = Line { open: true, ever: line.ever, away: line.away, heard: now, ..Line::default() };
        }
    }

    /// `seat`'s channel closed: the seat is away.
    pub fn disconnected(&mut self, seat: Seat, now: u64) {
        self.now = now;
        if let Some(line) = self.lines.get_mut(seat) {
            line.open = false;
            line.greeted = false;
            line.away = true;
            self.broadcast_seats();
        }
    }

    /// Time passes: silent friends become away; friends out of time get
    /// a stand-in for this decision.
    pub fn tick(&mut self, now: u64) {
        self.now = now;
        let mut changed = false;
        for seat in 0..self.lines.len() {
            let line = &mut self.lines[seat];
            if line.greeted && !line.away && now.saturating_sub(line.heard) > AWAY_AFTER_MS {
                line.away = true;
                changed = true;
            }
            if let (Some(limit), Some((_, since))) = (self.table.think_ms, self.asked_since[seat]) {
                if self.is_friend(seat) && now.saturating_sub(since) > limit {
                    self.overdue[seat] = true;
                }
            }
        }
        if changed {
            self.broadcast_seats();
        }
    }

    /// The host sets (or removes) the bot that plays a friend's seat while
    /// they are away: a game whose friends never come back is finished so.
    pub fn set_stand_in(&mut self, seat: Seat, level: Option<Level>) {
        if let Some(Role::Friend { stand_in, .. }) = self.table.roles.get_mut(seat) {
            *stand_in = level;
            self.broadcast_seats();
        }
    }

    /// The host sets how long a friend may think over a decision (ms)
    /// before a bot plays it, or `None`: wait.
    pub fn set_think_ms(&mut self, limit: Option<u64>) {
        self.table.think_ms = limit;
    }

    /// A text from `seat`'s channel at `now` (ms).
    pub fn receive(&mut self, seat: Seat, text: &str, now: u64) -> Result<(), Refused<G::Refusal>> {
        self.now = now;
        if !self.is_friend(seat) {
            return Err(self.refuse(seat, Refused::NotAFriend, false));
        }
        if self.lines[seat].closed {
            return Err(self.refuse(seat, Refused::Closed, false));
        }
        let line = &mut self.lines[seat];
        line.heard = now;
        let back = line.greeted && line.away;
        if back {
            line.away = false;
        }
        let result = match FromFriend::parse(text) {
            Ok(message) => self.handle(seat, message),
            Err(bad) => Err(Refused::Unreadable(bad)),
        };
        if back {
            self.broadcast_seats();
        }
        result.map_err(|refused| self.refuse(seat, refused, true))
    }

    /// Logs a refusal, tells the friend (unless `tell` is false), counts it
    /// against the channel and closes a channel that keeps misbehaving.
    fn refuse(&mut self, seat: Seat, refused: Refused<G::Refusal>, tell: bool) -> Refused<G::Refusal> {
        if self.log.len() >= LOG_LINES {
            self.log.remove(0);
        }
        self.log.push(LogLine { at: self.now, seat, refused: refused.clone() });
        if !tell {
            return refused;
        }
        let n = self.moves();
        self.send(seat, FromHost::Refused { reason: refused.reason(), n });
        if refused.strikes() && self.lines[seat].strikes.strike(self.now) {
            self.send(seat, FromHost::Bye);
            let line = &mut self.lines[seat];
            line.closed = true;
            line.open = false;
            line.greeted = false;
            line.away = true;
            self.closing.push(seat);
            self.broadcast_seats();
        }
        refused
    }

    fn moves(&self) -> usize {
        self.session.as_ref().map_or(0, |s| s.actions().len())
    }

    fn handle(&mut self, seat: Seat, message: FromFriend) -> Result<(), Refused<G::Refusal>> {
        let greeted = self.lines[seat].greeted;
        match message {
            FromFriend::Hello { version, seat: claimed, token, .. } => {
                if greeted {
                    return Err(Refused::HelloAgain);
                }
                if version != PROTOCOL {
                    return Err(Refused::Version { found: version });
                }
                if claimed != seat {
                    return Err(Refused::WrongSeat { claimed });
                }
                let Role::Friend { token: theirs, .. } = &self.table.roles[seat] else { return Err(Refused::NotAFriend) };
                if *theirs != token {
                    return Err(Refused::WrongToken);
                }
                let line = &mut self.lines[seat];
                line.greeted = true;
                line.ever = true;
                line.away = false;
                self.welcome(seat);
                self.broadcast_seats();
                Ok(())
            }
            _ if !greeted => Err(Refused::HelloFirst),
            FromFriend::Commit(commitment) => {
                self.fair.commit(seat, commitment).map_err(Refused::Commit)?;
                if !self.commits_sent {
                    if let Some(all) = self.fair.commitments() {
                        self.commits_sent = true;
                        for s in self.listening() {
                            self.send(s, FromHost::Commits(all.clone()));
                        }
                    }
                }
                Ok(())
            }
            FromFriend::Reveal(secret) => {
                if !self.commits_sent {
                    return Err(Refused::Reveal(FairError::TooEarly));
                }
                self.fair.reveal(seat, secret).map_err(Refused::Reveal)?;
                self.deal_if_ready();
                Ok(())
            }
            FromFriend::Move { n, action } => self.friend_move(seat, n, &action),
            FromFriend::Ping { n } => {
                self.send(seat, FromHost::Pong { n });
                Ok(())
            }
            FromFriend::Away => {
                self.lines[seat].away = true;
                self.broadcast_seats();
                Ok(())
            }
            FromFriend::Back => Ok(()),
        }
    }

    /// What a friend is told on a (re)connection: the table, the
    /// commitments once all are in, the game as it stands.
    fn welcome(&mut self, seat: Seat) {
        let welcome = FromHost::Welcome {
            version: PROTOCOL,
            seat,
            game: G::CODE.to_string(),
            options: G::options_to_json(self.table.options),
            seats: self.table.roles.iter().map(Role::told).collect(),
            build: self.table.build.clone(),
        };
        self.send(seat, welcome);
        if self.commits_sent {
            if let Some(all) = self.fair.commitments() {
                self.send(seat, FromHost::Commits(all));
            }
        }
        if self.session.is_some() {
            self.send_view(seat);
            self.send_end_to(seat);
        }
    }

    fn deal_if_ready(&mut self) {
        if self.session.is_some() {
            return;
        }
        let Some(seed) = self.fair.seed() else { return };
        let config = TableConfig::<G> {
            seed,
            seats: self.table.roles.iter().map(Role::seat_kind).collect(),
            options: self.table.options,
            daily: None,
            // The people's names as the host set them (the host's table and
            // the record say "Ana", not "Player 2"); the bots keep theirs.
            names: self.table.roles.iter().map(Role::name).collect(),
            // The host's seat is "you" on the host's device.
            here: self.table.roles.iter().position(|r| matches!(r, Role::Host { .. })),
            seed_hidden: false,
        };
        // The table was checked when it was set up (`G::allows`).
        if let Ok(session) = Session::new(config) {
            self.session = Some(session);
            self.after_change(None);
        }
    }

    /// Whether `seat` is asked now, and since which position.
    fn asked(&self, seat: Seat) -> Option<usize> {
        self.asked_since[seat].map(|(n, _)| n)
    }

    fn friend_move(&mut self, seat: Seat, n: usize, action: &Json) -> Result<(), Refused<G::Refusal>> {
        let session = self.session.as_ref().ok_or(Refused::NoGame)?;
        let now = session.actions().len();
        let Some(to_act) = session.to_act() else { return Err(Refused::GameOver) };
        let Some(since) = self.asked(seat) else { return Err(Refused::NotYourTurn { to_act: Some(to_act) }) };
        if n < since || n > now || self.pending[seat].is_some() {
            return Err(Refused::Outdated { n, now });
        }
        let action = G::action_from_json(action).map_err(|e| Refused::Notation(match e {
            tablee_engine::notation::ActionError::Malformed(m) => crate::app::game::shorten(&m),
            tablee_engine::notation::ActionError::Refused(r) => crate::app::game::shorten(&r.to_string()),
        }))?;
        if to_act != seat {
            // An early answer in a window: it waits for its turn.
            if !session.legal_actions().contains(&action) {
                return Err(Refused::NotOffered);
            }
            self.pending[seat] = Some(action);
            self.send_view(seat);
            return Ok(());
        }
        self.apply(seat, &action, None)
    }

    /// The host's own move, from its table.
    pub fn local_move(&mut self, action: G::Action) -> Result<(), Refused<G::Refusal>> {
        let seat = self.table.roles.iter().position(|r| matches!(r, Role::Host { .. })).unwrap_or(0);
        let session = self.session.as_ref().ok_or(Refused::NoGame)?;
        let to_act = session.to_act().ok_or(Refused::GameOver)?;
        if self.asked(seat).is_none() {
            return Err(Refused::NotYourTurn { to_act: Some(to_act) });
        }
        if to_act != seat {
            if !session.legal_actions().contains(&action) {
                return Err(Refused::NotOffered);
            }
            self.pending[seat] = Some(action);
            return Ok(());
        }
        self.apply(seat, &action, None)
    }

    fn apply(&mut self, seat: Seat, action: &G::Action, stand_in: Option<Level>) -> Result<(), Refused<G::Refusal>> {
        let session = self.session.as_mut().ok_or(Refused::NoGame)?;
        let index = session.actions().len();
        session.apply_recorded(seat, action).map_err(Refused::Illegal)?;
        if let Some(level) = stand_in {
            self.stand_in.push((index, level));
        }
        self.after_change(Some(seat));
        Ok(())
    }

    // ----- bots ---------------------------------------------------------------------

    /// The decision a bot of the host's page makes now: a bot's seat, or a
    /// friend's while away (with a stand-in) or out of time.
    pub fn bot_turn(&self) -> Option<Decision<G>> {
        let session = self.session.as_ref()?;
        let seat = session.to_act()?;
        let level = self.bot_level(seat)?;
        Some(session.decision(seat, level))
    }

    fn bot_level(&self, seat: Seat) -> Option<Level> {
        match &self.table.roles[seat] {
            Role::Bot(level) => Some(*level),
            Role::Friend { stand_in, .. } => {
                let line = &self.lines[seat];
                let away = line.away || !line.open || !line.greeted;
                if self.pending[seat].is_some() {
                    None
                } else if away && stand_in.is_some() {
                    *stand_in
                } else if self.overdue[seat] {
                    Some(stand_in.unwrap_or(OVERDUE_LEVEL))
                } else {
                    None
                }
            }
            Role::Host { .. } => None,
        }
    }

    /// A bot's move for the decision numbered `at` (see [`Host::bot_turn`]).
    pub fn bot_moved(&mut self, at: usize, action: &G::Action) -> Result<(), Refused<G::Refusal>> {
        let session = self.session.as_ref().ok_or(Refused::NoGame)?;
        let now = session.actions().len();
        let to_act = session.to_act().ok_or(Refused::GameOver)?;
        if at != now {
            return Err(Refused::Outdated { n: at, now });
        }
        let level = self.bot_level(to_act).ok_or(Refused::NotYourTurn { to_act: Some(to_act) })?;
        let stand_in = self.is_friend(to_act).then_some(level);
        self.apply(to_act, action, stand_in)
    }

    /// Plays every bot decision due now, on this thread (tests; the page
    /// asks its worker).
    pub fn play_bots(&mut self) {
        while let Some(decision) = self.bot_turn() {
            let action = decision.decide();
            if self.bot_moved(decision.at, &action).is_err() {
                break;
            }
        }
    }

    // ----- after each move ------------------------------------------------------------

    /// Who is asked now; early answers applied in the rules' order; every
    /// friend told; the end sent once the game is over.
    fn after_change(&mut self, mut by: Option<Seat>) {
        loop {
            let Some(session) = self.session.as_ref() else { return };
            if let Some(mover) = by {
                self.asked_since[mover] = None;
                self.pending[mover] = None;
                self.overdue[mover] = false;
                self.last_by = Some(mover);
            }
            let asked = if session.is_over() { Vec::new() } else { G::asked_at_once(session.state()) };
            let n = session.actions().len();
            for seat in 0..self.asked_since.len() {
                if !asked.contains(&seat) {
                    self.asked_since[seat] = None;
                    self.pending[seat] = None;
                    self.overdue[seat] = false;
                } else if self.asked_since[seat].is_none() {
                    self.asked_since[seat] = Some((n, self.now));
                }
            }
            // An early answer whose turn has come.
            let Some(to_act) = session.to_act() else { break };
            let Some(action) = self.pending[to_act].take() else { break };
            let session = self.session.as_mut().expect("dealt");
            match session.apply_recorded(to_act, &action) {
                Ok(()) => by = Some(to_act),
                Err(e) => {
                    self.refuse(to_act, Refused::Illegal(e), self.is_friend(to_act));
                    break;
                }
            }
        }
        for seat in self.listening() {
            self.send_view(seat);
            self.send_end_to(seat);
        }
    }

    /// `seat`'s view message: its view, and the moves offered while it is
    /// asked and has not answered.
    pub fn view_message(&self, seat: Seat) -> Option<FromHost> {
        let session = self.session.as_ref()?;
        let asked = self.asked(seat).is_some() && self.pending[seat].is_none();
        let legal = if asked { session.legal_actions().iter().map(G::action_to_json).collect() } else { Vec::new() };
        let moved = session.moves().last().filter(|(_, action)| G::public_move(action)).map(|(_, action)| G::action_to_json(action));
        Some(FromHost::View {
            n: session.actions().len(),
            by: self.last_by,
            moved: self.last_by.and(moved),
            view: G::view_to_json(&session.view(seat)),
            legal,
        })
    }

    fn send_view(&mut self, seat: Seat) {
        if let Some(message) = self.view_message(seat) {
            self.send(seat, message);
        }
    }

    fn send_end_to(&mut self, seat: Seat) {
        if let Some(end) = self.end_message() {
            self.send(seat, end);
        }
    }

    /// The end, once the game is over: every secret and the whole log.
    pub fn end_message(&self) -> Option<FromHost> {
        let session = self.session.as_ref().filter(|s| s.is_over())?;
        Some(FromHost::End { secrets: self.fair.secrets()?, log: self.friends_log(session) })
    }

    /// The log a friend checks: the game as a save (the table, the seed,
    /// every move) and the moves stand-ins made, `[index, level]`.
    fn friends_log(&self, session: &Session<G>) -> Json {
        let mut log = save::to_value(session);
        let stand_in = self.stand_in.iter().map(|(i, level)| Json::Arr(vec![(*i).into(), level.name().into()])).collect();
        log.set("stand_in", Json::Arr(stand_in));
        log
    }
}
