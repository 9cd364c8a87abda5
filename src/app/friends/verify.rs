//! A friend's check of a finished game: from every seat's revealed secret
//! and the host's whole log, replay the game with the engine and say
//! "verified", or exactly what differs ([`Difference`]).
//!
//! What is checked:
//! - each secret opens the commitment its seat sent before any reveal
//!   (the friend's own is the one it drew);
//! - the deal's seed is the hash of the secrets, and the table is the one
//!   the friend was welcomed to (game, options, who sits where);
//! - every move was the seat's to make and legal (the engine replays it);
//! - each bot's move, and each stand-in's for an away friend, is the move
//!   that bot makes from its own view with the decision seed of any game
//!   (`decision_seed(seed, seat, move)`), as the host's page asked it;
//! - each view the friend was sent during the game is its view in the
//!   replay at that position (its fingerprint, kept as it came), and the
//!   move it was told came with it (who made it and, where the game says
//!   every move is public, which: its log told it) is the log's move.

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::notation::ActionError;
use tablee_engine::{Seat, Seed};
use tablee_friends::fair::{deal_seed, Commitment, Secret};
use tablee_friends::message::SeatKind as Told;
use tablee_friends::sha256::sha256;

use crate::app::config::SeatKind;
use crate::app::save;
use crate::app::session::Session;
use crate::games::Registered;

/// What the friend was told before the game, and kept: the table it was
/// welcomed to, every seat's commitment, its seat and its own secret.
#[derive(Clone, Debug, PartialEq)]
pub struct Kept {
    pub seat: Seat,
    pub secret: Secret,
    pub game: String,
    pub options: Json,
    pub seats: Vec<Told>,
    pub commitments: Vec<Commitment>,
    /// Each view received, as it came.
    pub views: Vec<Shown>,
}

/// A view message as the friend kept it for the check.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    /// The position (moves made) it was sent at.
    pub n: usize,
    /// The SHA-256 of the view's text.
    pub view: [u8; 32],
    /// The move it said was the last, as its log told it: who made it and,
    /// for a public move, which (in the game's notation).
    pub by: Option<Seat>,
    pub moved: Option<String>,
}

/// What differs between the host's log and the game the secrets deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Difference {
    /// The log does not read: the part that does not.
    Log(&'static str),
    /// Not one secret a seat.
    Secrets { found: usize, seats: usize },
    /// A seat's secret does not open the commitment it sent.
    Opens { seat: Seat },
    /// The secret revealed for this friend's seat is not the one it drew.
    Mine,
    /// The log's deal is not the secrets' deal.
    Seed { log: Seed, secrets: Seed },
    /// Another game, other options or other seats than welcomed to.
    Table,
    /// Move `index` was not `seat`'s to make (`to_act`'s was).
    Turn { index: usize, seat: Seat, to_act: Option<Seat> },
    /// The engine refuses move `index`.
    Illegal { index: usize, seat: Seat },
    /// Move `index`, a bot's (or a stand-in's), is not what that bot plays
    /// from its view: both in the game's notation.
    Bot { index: usize, seat: Seat, played: String, bot: String },
    /// A stand-in is logged for a move that was not a friend's.
    StandIn { index: usize },
    /// The view this friend was sent at position `n` is not its view there.
    View { n: usize },
    /// The move this friend was told had just been made at position `n`
    /// (its log's line) is not the log's move `n - 1`.
    Moved { n: usize },
    /// The log stops before the game's end.
    Unfinished,
}

/// Checks a finished game; an empty list: verified.
pub fn verify<G: Registered>(kept: &Kept, secrets: &[Secret], log: &Json) -> Vec<Difference> {
    let mut differences = Vec::new();
    let seats = kept.seats.len();
    if secrets.len() != seats || kept.commitments.len() != seats {
        return vec![Difference::Secrets { found: secrets.len(), seats }];
    }
    for (seat, secret) in secrets.iter().enumerate() {
        if !kept.commitments[seat].opens(seat, secret) {
            differences.push(Difference::Opens { seat });
        }
    }
    if secrets.get(kept.seat) != Some(&kept.secret) {
        differences.push(Difference::Mine);
    }
    match replay::<G>(kept, deal_seed(secrets), log) {
        Ok(()) => {}
        Err(d) => differences.push(d),
    }
    differences
}

fn replay<G: Registered>(kept: &Kept, seed: Seed, log: &Json) -> Result<(), Difference> {
    if save::game_of(log).ok().map(|g| g.code()) != Some(G::CODE) || kept.game != G::CODE {
        return Err(Difference::Table);
    }
    let config = save::table_from_value::<G>(log).map_err(|_| Difference::Log("table"))?;
    if config.seed != seed {
        return Err(Difference::Seed { log: config.seed, secrets: seed });
    }
    let told: Vec<SeatKind> = kept
        .seats
        .iter()
        .map(|t| match t {
            Told::Host { .. } | Told::Friend { .. } => Some(SeatKind::Human),
            Told::Bot { level } => seated(level).map(SeatKind::Bot),
        })
        .collect::<Option<_>>()
        .ok_or(Difference::Table)?;
    if told != config.seats || G::options_from_json(&kept.options).ok() != Some(config.options) {
        return Err(Difference::Table);
    }
    let stand_in = stand_ins(log)?;
    let actions = log.get("actions").and_then(Json::as_array).ok_or(Difference::Log("actions"))?;
    let mut session = Session::new(config).map_err(|_| Difference::Log("table"))?;
    let me = kept.seat;
    let views = |session: &Session<G>| sha256(G::view_to_json(&session.view(me)).text().as_bytes());
    let mut last: Option<(Seat, G::Action)> = None;
    for (index, item) in actions.iter().enumerate() {
        check_views::<G>(kept, index, views(&session), last.as_ref())?;
        let seat = item.get("seat").and_then(Json::as_u64).ok_or(Difference::Log("actions"))? as Seat;
        let action = match G::action_from_json(item) {
            Ok(action) => action,
            // Written right, but no position accepts it (a bid of eight cards).
            Err(ActionError::Refused(_)) => return Err(Difference::Illegal { index, seat }),
            Err(ActionError::Malformed(_)) => return Err(Difference::Log("actions")),
        };
        let to_act = session.to_act();
        if to_act != Some(seat) {
            return Err(Difference::Turn { index, seat, to_act });
        }
        let stood_in = stand_in.iter().find(|(i, _)| *i == index).map(|(_, level)| *level);
        let bot = match (session.config().seat(seat), stood_in) {
            (Some(SeatKind::Bot(level)), None) => Some(level),
            (Some(SeatKind::Human), Some(level)) if matches!(kept.seats[seat], Told::Friend { .. }) => Some(level),
            (_, Some(_)) => return Err(Difference::StandIn { index }),
            _ => None,
        };
        if let Some(level) = bot {
            let expected = session.decision(seat, level).decide();
            if expected != action {
                return Err(Difference::Bot {
                    index,
                    seat,
                    played: G::action_to_json(&action).text(),
                    bot: G::action_to_json(&expected).text(),
                });
            }
        }
        session.apply_recorded(seat, &action).map_err(|_| Difference::Illegal { index, seat })?;
        last = Some((seat, action));
    }
    check_views::<G>(kept, actions.len(), views(&session), last.as_ref())?;
    if !session.is_over() {
        return Err(Difference::Unfinished);
    }
    Ok(())
}

/// Every view received at position `n` is the replay's, and the move told
/// with it is the replay's last (`last`: who made it and what).
fn check_views<G: Registered>(kept: &Kept, n: usize, replayed: [u8; 32], last: Option<&(Seat, G::Action)>) -> Result<(), Difference> {
    let at_n = || kept.views.iter().filter(|shown| shown.n == n);
    if at_n().any(|shown| shown.view != replayed) {
        return Err(Difference::View { n });
    }
    // A view sent before any move of this page's host (a reload's first)
    // names no mover; one that does names the log's, and a public move
    // exactly as the log has it.
    let told = |shown: &Shown| match (shown.by, last) {
        (None, _) => shown.moved.is_none(),
        (Some(by), Some((seat, action))) => by == *seat && shown.moved == G::public_move(action).then(|| G::action_to_json(action).text()),
        (Some(_), None) => false,
    };
    match at_n().all(told) {
        true => Ok(()),
        false => Err(Difference::Moved { n }),
    }
}

/// The log's stand-ins: `[[index, "level"], …]` (none: no stand-in).
fn stand_ins(log: &Json) -> Result<Vec<(usize, Level)>, Difference> {
    const BAD: Difference = Difference::Log("stand_in");
    let Some(list) = log.get("stand_in") else { return Ok(Vec::new()) };
    list.as_array()
        .ok_or(BAD)?
        .iter()
        .map(|item| match item.as_array() {
            Some([index, level]) => Some((index.as_u64()? as usize, seated(level.as_str()?)?)),
            _ => None,
        })
        .collect::<Option<Vec<_>>>()
        .ok_or(BAD)
}

/// A bot's level by its name, among the levels a seat may have (as the
/// host's page wrote it). Not `Level::parse`: the home screen's, and what
/// the friends' part shares with it goes to the page's core.
fn seated(name: &str) -> Option<Level> {
    Level::SEATED.into_iter().find(|l| l.name() == name)
}
