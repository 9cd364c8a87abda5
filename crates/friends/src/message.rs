//! The messages between the host and its friends, over each friend's data
//! channel: one JSON object a message, its type in `"t"` (docs/friends.md,
//! "The messages").
//!
//! The readers are strict: a message longer than its side's limit is not
//! even parsed; an unknown type, a missing, unknown, repeated or wrongly
//! typed field is refused with a typed [`BadMessage`]. Game values — a
//! view, the legal moves, a move, the log — travel in the game's own JSON
//! (the action notation of saves, scenarios and the bot protocol; the views
//! of the bot protocol), read by the game's codec one layer up, where the
//! game is known.

use tablee_engine::json::Json;
use tablee_engine::Seat;

use crate::code::{Token, TOKEN_BYTES};
use crate::fair::{Commitment, Secret};
use crate::sha256::{from_hex, hex};

/// The longest message a friend may send (bytes): a move is a few hundred
/// (a J'achète table of every card in play under 2,000).
pub const MAX_FROM_FRIEND: usize = 8 * 1024;
/// The longest message the host sends (bytes): Chromium's data channels
/// carry up to 256 KiB a message (`a=max-message-size:262144`); the end's
/// whole log is the longest (measured in docs/friends.md).
pub const MAX_FROM_HOST: usize = 256 * 1024;
/// The longest name a seat may be given (characters).
pub const MAX_NAME: usize = 24;
/// The most seats a table has (J'achète's 8).
pub const MAX_SEATS: usize = 8;

/// Why a text is not a message (before any game rule is asked).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadMessage {
    /// Longer than the side's limit (bytes).
    TooLong { len: usize, max: usize },
    /// Not JSON (the parser's reason and byte).
    NotJson { at: usize },
    /// JSON, but not an object.
    NotAnObject,
    /// No `"t"`, or one this build does not know.
    UnknownType,
    /// A field the type needs is missing.
    Missing(&'static str),
    /// A field is there but not of its kind (a seat that is no number, a
    /// hash that is not 64 hex digits…).
    Bad(&'static str),
    /// A field the type does not have, or one given twice.
    Extra,
}

impl std::fmt::Display for BadMessage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            BadMessage::TooLong { len, max } => write!(f, "a message of {len} bytes (at most {max})"),
            BadMessage::NotJson { at } => write!(f, "not JSON (byte {at})"),
            BadMessage::NotAnObject => f.write_str("not a JSON object"),
            BadMessage::UnknownType => f.write_str("no known \"t\""),
            BadMessage::Missing(key) => write!(f, "no \"{key}\""),
            BadMessage::Bad(key) => write!(f, "a bad \"{key}\""),
            BadMessage::Extra => f.write_str("an unknown or repeated field"),
        }
    }
}

/// A friend's message to the host.
#[derive(Clone, Debug, PartialEq)]
pub enum FromFriend {
    /// The first message on each connection: the protocol, the seat and
    /// its token (from the invitation), the build it runs.
    Hello { version: u8, seat: Seat, token: Token, build: String },
    /// The friend's commitment to its secret.
    Commit(Commitment),
    /// The friend's secret, once it holds every seat's commitment.
    Reveal(Secret),
    /// A move in the game's notation, for the position numbered `n` (the
    /// number of moves before it).
    Move { n: usize, action: Json },
    /// A heartbeat.
    Ping { n: u64 },
    /// The friend's page is hidden (another app, a locked phone), or back.
    Away,
    Back,
}

/// How a seat is played, as the friends are told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// The host's own seat.
    Host { name: String },
    /// A friend on their own device.
    Friend { name: String },
    /// A bot of this level (its name: `easy`, `normal`…).
    Bot { level: String },
}

/// Where a seat is, as the host's table shows it (`seat-status-N`'s
/// `data-status`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    /// Invited, not connected yet.
    Waiting,
    Connected,
    /// Connected once, silent or hidden now.
    Away,
    /// A bot plays it (a bot's seat, or an away friend's stand-in).
    Bot,
}

impl Status {
    pub const ALL: [Status; 4] = [Status::Waiting, Status::Connected, Status::Away, Status::Bot];

    pub fn name(self) -> &'static str {
        match self {
            Status::Waiting => "waiting",
            Status::Connected => "connected",
            Status::Away => "away",
            Status::Bot => "bot",
        }
    }
}

/// Why the host refused a friend's message, as the friend is told (the
/// host's log keeps the whole reason: [`crate::host::Refused`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Unreadable ([`BadMessage`]).
    Unreadable,
    /// Another protocol version, seat or token than the invitation's.
    Hello,
    /// Out of order: a second hello, a commitment or reveal out of time, a
    /// move before the deal or after the end.
    OutOfOrder,
    /// A reveal that does not open the seat's commitment.
    Reveal,
    /// A move for a position the game has left (a race, not a fault).
    Outdated,
    /// Not this seat's decision now.
    NotYourTurn,
    /// Not in the game's notation.
    Notation,
    /// The rules refuse it.
    Illegal,
}

impl Reason {
    pub const ALL: [Reason; 8] = [
        Reason::Unreadable,
        Reason::Hello,
        Reason::OutOfOrder,
        Reason::Reveal,
        Reason::Outdated,
        Reason::NotYourTurn,
        Reason::Notation,
        Reason::Illegal,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Reason::Unreadable => "unreadable",
            Reason::Hello => "hello",
            Reason::OutOfOrder => "out_of_order",
            Reason::Reveal => "reveal",
            Reason::Outdated => "outdated",
            Reason::NotYourTurn => "not_your_turn",
            Reason::Notation => "notation",
            Reason::Illegal => "illegal",
        }
    }
}

/// The host's message to a friend.
#[derive(Clone, Debug, PartialEq)]
pub enum FromHost {
    /// The answer to an accepted hello: the table.
    Welcome {
        version: u8,
        seat: Seat,
        game: String,
        options: Json,
        seats: Vec<SeatKind>,
        build: String,
    },
    /// Every seat's commitment, in seat order: the friend may reveal now.
    Commits(Vec<Commitment>),
    /// The seat's view after move `n - 1` (`n` moves made; `by` made the
    /// last), and the moves it may make now (none when it is not asked).
    /// `moved`: that last move in the game's notation, where the game says
    /// every move is public (J'achète's: the table's log follows it on a
    /// friend's device, which has no record of the game).
    View { n: usize, by: Option<Seat>, moved: Option<Json>, view: Json, legal: Vec<Json> },
    /// Where each seat is.
    Seats(Vec<Status>),
    /// A message of this friend's was refused (`n`: the position then).
    Refused { reason: Reason, n: usize },
    Pong { n: u64 },
    /// The game is over: every seat's secret and the whole log.
    End { secrets: Vec<Secret>, log: Json },
    /// The host closes this channel (it kept misbehaving).
    Bye,
}

/// The protocol version, as in [`crate::PROTOCOL`].
const VERSION: u8 = crate::PROTOCOL;

// ----- reading ------------------------------------------------------------------

/// A message's object, checked once: its fields, each read at most once,
/// and no field left unread.
struct Fields<'a> {
    fields: &'a [(String, Json)],
    read: Vec<bool>,
}

impl<'a> Fields<'a> {
    fn of(value: &'a Json) -> Result<Fields<'a>, BadMessage> {
        let Json::Obj(fields) = value else { return Err(BadMessage::NotAnObject) };
        for (i, (key, _)) in fields.iter().enumerate() {
            if fields[..i].iter().any(|(k, _)| k == key) {
                return Err(BadMessage::Extra);
            }
        }
        Ok(Fields { read: vec![false; fields.len()], fields })
    }

    fn opt(&mut self, key: &'static str) -> Option<&'a Json> {
        let at = self.fields.iter().position(|(k, _)| k == key)?;
        self.read[at] = true;
        Some(&self.fields[at].1)
    }

    fn get(&mut self, key: &'static str) -> Result<&'a Json, BadMessage> {
        self.opt(key).ok_or(BadMessage::Missing(key))
    }

    fn str(&mut self, key: &'static str) -> Result<&'a str, BadMessage> {
        self.get(key)?.as_str().ok_or(BadMessage::Bad(key))
    }

    fn uint(&mut self, key: &'static str, max: u64) -> Result<u64, BadMessage> {
        self.get(key)?.as_u64().filter(|&n| n <= max).ok_or(BadMessage::Bad(key))
    }

    fn seat(&mut self, key: &'static str) -> Result<Seat, BadMessage> {
        Ok(self.uint(key, MAX_SEATS as u64 - 1)? as Seat)
    }

    fn hex32(&mut self, key: &'static str) -> Result<[u8; 32], BadMessage> {
        from_hex(self.str(key)?).ok_or(BadMessage::Bad(key))
    }

    fn array(&mut self, key: &'static str) -> Result<&'a [Json], BadMessage> {
        self.get(key)?.as_array().ok_or(BadMessage::Bad(key))
    }

    fn object(&mut self, key: &'static str) -> Result<&'a Json, BadMessage> {
        self.get(key).and_then(|v| if matches!(v, Json::Obj(_)) { Ok(v) } else { Err(BadMessage::Bad(key)) })
    }

    /// Every field was read: none unknown.
    fn done<T>(self, message: T) -> Result<T, BadMessage> {
        if self.read.iter().all(|&r| r) {
            Ok(message)
        } else {
            Err(BadMessage::Extra)
        }
    }
}

/// Parses a message's text, refused unread when longer than `max` bytes.
fn parse(text: &str, max: usize) -> Result<Json, BadMessage> {
    if text.len() > max {
        return Err(BadMessage::TooLong { len: text.len(), max });
    }
    Json::parse(text).map_err(|e| BadMessage::NotJson { at: e.at })
}

/// A name a person gave: 1 to [`MAX_NAME`] characters, no control ones.
fn name(text: &str) -> Result<String, BadMessage> {
    let count = text.chars().count();
    if (1..=MAX_NAME).contains(&count) && !text.chars().any(char::is_control) {
        Ok(text.to_string())
    } else {
        Err(BadMessage::Bad("name"))
    }
}

/// A build's name: short printable ASCII.
fn build(text: &str) -> Result<String, BadMessage> {
    if text.len() <= 40 && text.bytes().all(|b| b.is_ascii_graphic()) {
        Ok(text.to_string())
    } else {
        Err(BadMessage::Bad("build"))
    }
}

fn version(f: &mut Fields) -> Result<u8, BadMessage> {
    Ok(f.uint("v", 255)? as u8)
}

impl FromFriend {
    /// Reads a friend's message, strictly.
    pub fn parse(text: &str) -> Result<FromFriend, BadMessage> {
        let value = parse(text, MAX_FROM_FRIEND)?;
        let mut f = Fields::of(&value)?;
        let message = match f.str("t").map_err(|_| BadMessage::UnknownType)? {
            "hello" => {
                let version = version(&mut f)?;
                let seat = f.seat("seat")?;
                let token = from_hex::<TOKEN_BYTES>(f.str("token")?).ok_or(BadMessage::Bad("token"))?;
                let build = build(f.str("build")?)?;
                FromFriend::Hello { version, seat, token, build }
            }
            "commit" => FromFriend::Commit(Commitment(f.hex32("hash")?)),
            "reveal" => FromFriend::Reveal(Secret(f.hex32("secret")?)),
            "move" => {
                let n = f.uint("n", u32::MAX.into())? as usize;
                FromFriend::Move { n, action: f.object("act")?.clone() }
            }
            "ping" => FromFriend::Ping { n: f.uint("n", u32::MAX.into())? },
            "away" => FromFriend::Away,
            "back" => FromFriend::Back,
            _ => return Err(BadMessage::UnknownType),
        };
        f.done(message)
    }

    pub fn text(&self) -> String {
        let t = |name: &str| ("t", Json::str(name));
        match self {
            FromFriend::Hello { version, seat, token, build } => Json::obj([
                t("hello"),
                ("v", u32::from(*version).into()),
                ("seat", (*seat).into()),
                ("token", Json::Str(hex(token))),
                ("build", Json::str(build)),
            ]),
            FromFriend::Commit(c) => Json::obj([t("commit"), ("hash", Json::Str(c.hex()))]),
            FromFriend::Reveal(s) => Json::obj([t("reveal"), ("secret", Json::Str(s.hex()))]),
            FromFriend::Move { n, action } => Json::obj([t("move"), ("n", (*n).into()), ("act", action.clone())]),
            FromFriend::Ping { n } => Json::obj([t("ping"), ("n", Json::Num(n.to_string()))]),
            FromFriend::Away => Json::obj([t("away")]),
            FromFriend::Back => Json::obj([t("back")]),
        }
        .text()
    }
}

impl SeatKind {
    fn to_json(&self) -> Json {
        match self {
            SeatKind::Host { name } => Json::obj([("kind", Json::str("host")), ("name", Json::str(name))]),
            SeatKind::Friend { name } => Json::obj([("kind", Json::str("friend")), ("name", Json::str(name))]),
            SeatKind::Bot { level } => Json::obj([("kind", Json::str("bot")), ("level", Json::str(level))]),
        }
    }

    fn from_json(value: &Json) -> Result<SeatKind, BadMessage> {
        let mut f = Fields::of(value).map_err(|_| BadMessage::Bad("seats"))?;
        let kind = match f.str("kind")? {
            "host" => SeatKind::Host { name: name(f.str("name")?)? },
            "friend" => SeatKind::Friend { name: name(f.str("name")?)? },
            "bot" => SeatKind::Bot { level: build(f.str("level")?).map_err(|_| BadMessage::Bad("level"))? },
            _ => return Err(BadMessage::Bad("kind")),
        };
        f.done(kind).map_err(|_| BadMessage::Bad("seats"))
    }
}

impl FromHost {
    /// Reads the host's message, strictly (a friend's page does).
    pub fn parse(text: &str) -> Result<FromHost, BadMessage> {
        let value = parse(text, MAX_FROM_HOST)?;
        let mut f = Fields::of(&value)?;
        let hashes = |f: &mut Fields, key: &'static str| -> Result<Vec<[u8; 32]>, BadMessage> {
            let items = f.array(key)?;
            if items.is_empty() || items.len() > MAX_SEATS {
                return Err(BadMessage::Bad(key));
            }
            items.iter().map(|h| h.as_str().and_then(from_hex::<32>).ok_or(BadMessage::Bad(key))).collect()
        };
        let message = match f.str("t").map_err(|_| BadMessage::UnknownType)? {
            "welcome" => {
                let version = version(&mut f)?;
                let seat = f.seat("seat")?;
                let game = build(f.str("game")?).map_err(|_| BadMessage::Bad("game"))?;
                let options = f.object("options")?.clone();
                let seats = f.array("seats")?;
                if seats.len() < 2 || seats.len() > MAX_SEATS || seat >= seats.len() {
                    return Err(BadMessage::Bad("seats"));
                }
                let seats = seats.iter().map(SeatKind::from_json).collect::<Result<_, _>>()?;
                let build = build(f.str("build")?)?;
                FromHost::Welcome { version, seat, game, options, seats, build }
            }
            "commits" => FromHost::Commits(hashes(&mut f, "hashes")?.into_iter().map(Commitment).collect()),
            "view" => {
                let n = f.uint("n", u32::MAX.into())? as usize;
                let by = match f.get("by")? {
                    Json::Null => None,
                    v => Some(v.as_u64().filter(|&s| s < MAX_SEATS as u64).ok_or(BadMessage::Bad("by"))? as Seat),
                };
                let moved = match f.opt("moved") {
                    None => None,
                    Some(m @ Json::Obj(_)) if by.is_some() => Some(m.clone()),
                    Some(_) => return Err(BadMessage::Bad("moved")),
                };
                let view = f.object("view")?.clone();
                let legal = f.array("legal")?;
                if legal.iter().any(|a| !matches!(a, Json::Obj(_))) {
                    return Err(BadMessage::Bad("legal"));
                }
                FromHost::View { n, by, moved, view, legal: legal.to_vec() }
            }
            "seats" => {
                let items = f.array("status")?;
                if items.is_empty() || items.len() > MAX_SEATS {
                    return Err(BadMessage::Bad("status"));
                }
                let status = items
                    .iter()
                    .map(|s| Status::ALL.into_iter().find(|st| Some(st.name()) == s.as_str()).ok_or(BadMessage::Bad("status")))
                    .collect::<Result<_, _>>()?;
                FromHost::Seats(status)
            }
            "refused" => {
                let reason = f.str("reason")?;
                let reason = Reason::ALL.into_iter().find(|r| r.name() == reason).ok_or(BadMessage::Bad("reason"))?;
                FromHost::Refused { reason, n: f.uint("n", u32::MAX.into())? as usize }
            }
            "pong" => FromHost::Pong { n: f.uint("n", u32::MAX.into())? },
            "end" => {
                let secrets = hashes(&mut f, "secrets")?.into_iter().map(Secret).collect();
                FromHost::End { secrets, log: f.object("log")?.clone() }
            }
            "bye" => FromHost::Bye,
            _ => return Err(BadMessage::UnknownType),
        };
        f.done(message)
    }

    pub fn text(&self) -> String {
        let t = |name: &str| ("t", Json::str(name));
        let hexes = |items: Vec<String>| Json::Arr(items.into_iter().map(Json::Str).collect());
        match self {
            FromHost::Welcome { version, seat, game, options, seats, build } => Json::obj([
                t("welcome"),
                ("v", u32::from(*version).into()),
                ("seat", (*seat).into()),
                ("game", Json::str(game)),
                ("options", options.clone()),
                ("seats", Json::Arr(seats.iter().map(SeatKind::to_json).collect())),
                ("build", Json::str(build)),
            ]),
            FromHost::Commits(c) => Json::obj([t("commits"), ("hashes", hexes(c.iter().map(Commitment::hex).collect()))]),
            FromHost::View { n, by, moved, view, legal } => {
                let mut message = Json::obj([
                    t("view"),
                    ("n", (*n).into()),
                    ("by", by.map_or(Json::Null, Json::from)),
                    ("view", view.clone()),
                    ("legal", Json::Arr(legal.clone())),
                ]);
                if let Some(moved) = moved {
                    message.set("moved", moved.clone());
                }
                message
            }
            FromHost::Seats(status) => Json::obj([
                t("seats"),
                ("status", Json::Arr(status.iter().map(|s| Json::str(s.name())).collect())),
            ]),
            FromHost::Refused { reason, n } => Json::obj([t("refused"), ("reason", Json::str(reason.name())), ("n", (*n).into())]),
            FromHost::Pong { n } => Json::obj([t("pong"), ("n", Json::Num(n.to_string()))]),
            FromHost::End { secrets, log } => Json::obj([
                t("end"),
                ("secrets", hexes(secrets.iter().map(Secret::hex).collect())),
                ("log", log.clone()),
            ]),
            FromHost::Bye => Json::obj([t("bye")]),
        }
        .text()
    }
}

/// Whether the protocol `found` in a hello or welcome is this build's.
pub fn same_version(found: u8) -> bool {
    found == VERSION
}

/// Counts a channel's refused messages: too many within a window of time
/// and the host closes the channel (the seat is then away).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Strikes {
    /// When each recent refusal came (ms), oldest first.
    times: Vec<u64>,
}

impl Strikes {
    /// Refusals within [`Strikes::WINDOW_MS`] that close the channel.
    pub const LIMIT: usize = 10;
    pub const WINDOW_MS: u64 = 60_000;

    /// Counts a refusal at `now` (ms); true when the channel must close.
    pub fn strike(&mut self, now: u64) -> bool {
        self.times.retain(|&t| now.saturating_sub(t) < Self::WINDOW_MS);
        self.times.push(now);
        self.times.len() >= Self::LIMIT
    }

    pub fn recent(&self) -> usize {
        self.times.len()
    }
}

#[cfg(test)]
mod tests;
