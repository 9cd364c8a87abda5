//! Replay links: a finished (or any) game as a static address that names
//! the game, the deal, the seats and every move.
//!
//! `?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=4&seats=human,normal,normal,normal&full_mice=0&replay=<moves>`
//!
//! The table part is [`super::link::write`]'s. `<moves>` is the save's list of
//! moves (`[{"seat":1,"act":"pass"},…]`, each move written by
//! [`super::save::action_to_json`], the game's one notation with the seat
//! that acted), compressed with DEFLATE and written in base64url (letters,
//! digits, `-` and `_`: nothing to escape in an address). A move list is very
//! repetitive, so a whole 4-player Katzenjammer game fits in well under 1,000
//! characters. Reading replays the moves through the engine
//! ([`Session::replay`]): a link cannot smuggle in a state, and a bad one is
//! a [`ReplayLinkError`] the page words in the player's language.
//!
//! `?replay=last` is the newest game of this device's record
//! ([`super::past`]): the end screen's link, cheap for the first-load build.

use tablee_engine::json::Json;

use crate::games::{AnySession, AnyTable, Registered};
use super::link::{self, LinkError};
use super::save;
use super::session::{ReplayError, Session};
use super::url;

/// The query key that holds the moves.
pub const KEY: &str = "replay";
/// `replay=last`: the newest game this device recorded.
pub const LAST: &str = "last";
/// A decompressed move list larger than this is refused (a link is not a
/// way to make the page allocate without end).
const MAX_MOVES_TEXT: usize = 1 << 20;

/// Why a replay link cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayLinkError {
    /// The table part (game, seed, players, seats, options) is bad.
    Link(LinkError),
    /// No deal (`seed`) in the link.
    NoDeal,
    /// The moves are not a compressed list of moves (cut or altered).
    Moves,
    /// Move `index` is not a move of this game.
    Action(usize),
    /// The moves do not replay on this deal: the engine's reason.
    Replay(ReplayError),
    /// `replay=last`, and no finished game is recorded on this device.
    NoGame,
}

/// What an address asks to replay: `None` when it is no replay address.
pub fn request(search: &str) -> Option<String> {
    let pairs = url::parse(search);
    url::get(&pairs, KEY).map(|moves| moves.trim().to_string())
}

/// Whether an address asks for the record of finished games (`?games`).
pub fn games_link(search: &str) -> bool {
    url::get(&url::parse(search), "games").is_some()
}

/// The replay link of a session (its moves so far).
pub fn write<G: Registered>(session: &Session<G>) -> String {
    let moves = Json::Arr(session.moves().map(|(seat, action)| save::action_to_json::<G>(seat, action)).collect());
    let packed = miniz_oxide::deflate::compress_to_vec(moves.text().as_bytes(), 10);
    with_moves(link::write(session.config()), &base64url(&packed))
}

/// The replay link of a session of any game.
pub fn write_any(session: &AnySession) -> String {
    crate::games::each_game!(session session, s => write(s))
}

/// The replay link of `session`, read from the address `search`, with the
/// moves as the address packed them: the same link as [`write_any`]'s for
/// a link this app wrote, without compressing again (the replay's part
/// then carries no compressor, ~6 KB gzip: docs/performance.md). `None` for
/// `?replay=last`, whose address holds no moves.
pub fn rewrite(search: &str, session: &AnySession) -> Option<String> {
    let packed = request(search).filter(|moves| moves != LAST && !moves.is_empty())?;
    Some(with_moves(link::write_any(&session.table()), &packed))
}

/// A table's link with its packed moves.
fn with_moves(table: String, packed: &str) -> String {
    format!("{table}&{KEY}={packed}")
}

/// Reads a replay link (`location.search`) and replays its moves.
pub fn read(search: &str) -> Result<AnySession, ReplayLinkError> {
    let packed = request(search).ok_or(ReplayLinkError::Moves)?;
    let table = link::read(search).map_err(ReplayLinkError::Link)?.deal.ok_or(ReplayLinkError::NoDeal)?;
    let bytes = unbase64url(&packed).ok_or(ReplayLinkError::Moves)?;
    let text = miniz_oxide::inflate::decompress_to_vec_with_limit(&bytes, MAX_MOVES_TEXT).map_err(|_| ReplayLinkError::Moves)?;
    let moves = std::str::from_utf8(&text).ok().and_then(|t| Json::parse(t).ok()).ok_or(ReplayLinkError::Moves)?;
    let list = moves.as_array().ok_or(ReplayLinkError::Moves)?;
    fn replay<G: Registered>(config: &super::config::TableConfig<G>, list: &[Json]) -> Result<AnySession, ReplayLinkError> {
        let moves = list
            .iter()
            .enumerate()
            .map(|(index, item)| save::action_from_json::<G>(item).ok_or(ReplayLinkError::Action(index)))
            .collect::<Result<Vec<_>, _>>()?;
        Session::replay(config.clone(), moves).map(Session::into_any).map_err(ReplayLinkError::Replay)
    }
    crate::games::each_game!(&table, t => replay(t, list))
}

/// The table of a replay, dealt anew ("Play this deal"): never the daily
/// deal (a replay is practice), the same seats and options.
pub fn fresh_table(session: &AnySession) -> AnyTable {
    fn fresh<G: Registered>(s: &Session<G>) -> AnyTable {
        super::config::TableConfig { daily: None, ..s.config().clone() }.into_any()
    }
    crate::games::each_game!(session session, s => fresh(s))
}

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding.
pub(crate) fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(ALPHABET[(n >> (18 - 6 * i) & 63) as usize] as char);
        }
    }
    out
}

/// Reads [`base64url`] (padding `=` tolerated); `None` for any other character.
fn unbase64url(text: &str) -> Option<Vec<u8>> {
    let digits = text
        .trim_end_matches('=')
        .bytes()
        .map(|c| ALPHABET.iter().position(|&a| a == c).map(|p| p as u32))
        .collect::<Option<Vec<_>>>()?;
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk.iter().enumerate().fold(0u32, |n, (i, &d)| n | d << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::app::save::tests::played_with;
    use crate::app::config::{SeatKind, TableConfig};
    use crate::games::test_game::TestGame;
    use crate::games::Registered;
    use tablee_bots::Level;

    /// A finished game of `G`: one person against `normal` bots.
    pub(crate) fn finished<G: Registered>(seed: u64, players: usize) -> Session<G> {
        let mut seats = vec![SeatKind::Bot(Level::Normal); players];
        seats[0] = SeatKind::Human;
        played_with(seed, seats, usize::MAX)
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(n)).collect();
            let text = base64url(&bytes);
            assert!(text.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_'), "{text}");
            assert_eq!(unbase64url(&text), Some(bytes));
        }
        assert_eq!(base64url(b"Man"), "TWFu");
        assert_eq!(unbase64url("TWE="), Some(b"Ma".to_vec()));
        assert_eq!(unbase64url("T"), None);
        assert_eq!(unbase64url("TW+u"), None);
    }

    /// A replay read from its link is written back without compressing again:
    /// the same link, its language and other keys dropped; none for `last`.
    #[test]
    fn a_replay_read_from_its_link_is_written_back_the_same() {
        for seed in [3, 11] {
            let link = write(&finished::<TestGame>(seed, 4));
            let session = read(&link).unwrap();
            assert_eq!(rewrite(&link, &session).as_deref(), Some(link.as_str()));
            assert_eq!(write_any(&session), link);
            let asked = format!("?lang=fr&{}", &link[1..]);
            assert_eq!(rewrite(&asked, &read(&asked).unwrap()).as_deref(), Some(link.as_str()));
        }
        let session = read(&write(&finished::<TestGame>(3, 4))).unwrap();
        assert_eq!(rewrite("?replay=last", &session), None);
    }

    /// "Play this deal" is never the daily deal (a replay is practice).
    #[test]
    fn playing_a_replayed_deal_is_not_the_daily() {
        let day = crate::app::config::Day::new(2026, 11, 23).unwrap();
        let config = TableConfig::<TestGame>::daily(day, crate::app::config::default_seats::<TestGame>(4), Default::default());
        let session = Session::new(config.clone()).unwrap().into_any();
        let table = fresh_table(&session);
        let t = table.get::<TestGame>().unwrap_or_else(|| panic!("{table:?}"));
        assert_eq!(t.daily, None);
        assert!(t.same_table(&config));
    }
}
