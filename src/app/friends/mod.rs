//! A game with friends on their own devices, with no server (issue 55):
//! the host's authority over the game ([`host::Host`]) and a friend's side
//! of it with the check of a finished game ([`guest::Guest`],
//! [`verify::verify`]), as pure state machines over [`GameDef`], so that
//! every game of the registry is played so (the tests' High card too).
//!
//! What travels — the codes, the messages, commit–reveal — is the
//! `tablee-friends` crate's (no game in it); the WebRTC channels that carry
//! the messages are the page's. Plain Rust, natively tested, no Leptos.
//! Docs: docs/friends.md.
//!
//! [`GameDef`]: super::game::GameDef

pub mod guest;
pub mod host;
pub mod verify;

use tablee_bots::Level;
use tablee_friends::code::Token;
use tablee_friends::message::SeatKind as Told;

use super::config::SeatKind;
use super::game::GameDef;
use crate::games::{AnySession, GameId};
use tablee_engine::json::Json;

/// Who plays a seat at a table of friends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The host, on this device.
    Host { name: String },
    /// A friend on their own device, invited with a token. `stand_in`: the
    /// bot that plays the seat while its person is away (`None`: the game
    /// waits for them).
    Friend { name: String, token: Token, stand_in: Option<Level> },
    /// A bot, played by the host's page.
    Bot(Level),
}

impl Role {
    /// How the engine's table sees the seat: friends are people.
    pub fn seat_kind(&self) -> SeatKind {
        match self {
            Role::Host { .. } | Role::Friend { .. } => SeatKind::Human,
            Role::Bot(level) => SeatKind::Bot(*level),
        }
    }

    /// A person's name (a bot has its own).
    pub fn name(&self) -> Option<String> {
        match self {
            Role::Host { name } | Role::Friend { name, .. } => Some(name.clone()),
            Role::Bot(_) => None,
        }
    }

    /// How the friends are told of it (no token).
    pub fn told(&self) -> Told {
        match self {
            Role::Host { name } => Told::Host { name: name.clone() },
            Role::Friend { name, .. } => Told::Friend { name: name.clone() },
            Role::Bot(level) => Told::Bot { level: level.name().to_string() },
        }
    }
}

/// A table of friends as the host sets it up: the game's options, who sits
/// where, and how long a friend may think.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FriendsTable<G: GameDef> {
    pub roles: Vec<Role>,
    pub options: G::Options,
    /// How long a friend may think over a decision (ms) before their
    /// stand-in (else the `easy` bot) plays it; `None`: wait.
    pub think_ms: Option<u64>,
    /// This build's name, told to the friends (a friend's page of another
    /// build may replay the bots differently: it says so).
    pub build: String,
}

/// What is wrong with a connection's settings as typed (`ui::friends::relays`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SettingError {
    /// A STUN address must start `stun:` (or `stuns:`).
    Stun,
    /// A TURN address must start `turn:` (or `turns:`).
    Turn,
    /// A TURN server needs its user name and password.
    TurnCredentials,
}

/// Where the host's device keeps its game with friends while it lasts
/// ([`host::Host::keep`]), to take it back after its page reloads.
pub const KEPT_KEY: &str = "tablee.friends.host";

/// The host's screen's argument (`Screen::Friends`) after its page
/// reloaded mid-game; the friends' part hands its host's page what
/// follows `host:`.
pub const RESUME: &str = "host:resume";

/// The game with friends this device was hosting, if `game` (the game in
/// progress) is that one (its game and deal) and unfinished; `kept` is
/// what the device kept under [`KEPT_KEY`].
pub fn kept_game(kept: Option<&str>, game: Option<&AnySession>) -> Option<GameId> {
    let game = game.filter(|g| !g.is_over())?;
    let kept = Json::parse(kept?).ok()?;
    let table = game.table();
    (kept.get("game")?.as_str()? == table.game().code() && kept.get("seed")?.as_str()? == table.seed().to_string()).then(|| table.game())
}

thread_local! {
    static HOSTED_SEATS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
    static JOINED: std::cell::RefCell<Option<(GameId, String)>> = const { std::cell::RefCell::new(None) };
}

/// The game with friends this page plays as a friend while it lasts (the
/// friend's part sets it): its game and its screen's argument
/// (`join=<code>`). The header's "Back to the game" and the browser's Back
/// to its address return to it; the friend may read the rules meanwhile,
/// still connected.
pub fn joined() -> Option<(GameId, String)> {
    JOINED.with(|j| j.borrow().clone())
}

pub fn set_joined(joined: Option<(GameId, String)>) {
    JOINED.with(|j| *j.borrow_mut() = joined);
}

/// The friends' seats (a bit a seat) of the table this page hosts while it
/// lasts (the host's part sets it): the home screen offers that table again,
/// and its Play goes back to the invitations, its friends still connected.
pub fn hosted_seats() -> u32 {
    HOSTED_SEATS.with(|h| h.get())
}

pub fn set_hosted_seats(bits: u32) {
    HOSTED_SEATS.with(|h| h.set(bits));
}

/// A friend is away after this long without a word (ms): their page sends
/// a heartbeat every [`PING_EVERY_MS`].
pub const AWAY_AFTER_MS: u64 = 5_000;
pub const PING_EVERY_MS: u64 = 1_000;

/// The bot that plays for a friend who is out of time and chose no stand-in.
pub const OVERDUE_LEVEL: Level = Level::Easy;

#[cfg(test)]
pub(crate) mod tests;
