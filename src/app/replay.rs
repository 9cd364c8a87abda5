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
fn base64url(bytes: &[u8]) -> String {
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
mod tests {
    use super::*;
    use crate::app::save::tests::played_with;
    use crate::app::config::{SeatKind, TableConfig};
    use crate::games::katzenjammer::Katzenjammer;
    use tablee_bots::Level;
    use tablee_engine::Seed;

    /// One person against `normal` bots.
    fn finished(seed: u64, players: usize) -> Session<Katzenjammer> {
        let mut seats = vec![SeatKind::Bot(Level::Normal); players];
        seats[0] = SeatKind::Human;
        played_with(seed, seats, usize::MAX)
    }

    fn kb(any: AnySession) -> Session<Katzenjammer> {
        any.get::<Katzenjammer>().cloned().unwrap()
    }

    /// The J'achète replay link the browser test opens
    /// (`tests/fixtures/jachete-replay-link.txt`): a finished 4-player game,
    /// deal 3, seat 0 the person (playing as `normal` would) against
    /// `normal` bots. Red if the link's format or the game's moves change:
    /// then the fixture is written anew from this test's message.
    #[test]
    fn the_jachete_replay_fixture_is_this_finished_game() {
        use crate::games::jachete::Jachete;
        let mut game = Session::new(TableConfig::<Jachete>::new(Seed::from_number(3), 4)).unwrap();
        while !game.is_over() {
            if game.bot_step().is_none() {
                let mine = game.decision(0, Level::Normal).decide();
                game.apply_human(mine).unwrap();
            }
        }
        let link = write(&game);
        let fixture = include_str!("../../tests/fixtures/jachete-replay-link.txt").trim();
        assert_eq!(fixture, link, "the fixture should be:\n{link}");
        let back = read(fixture).unwrap();
        assert!(back.is_over());
        assert_eq!(back.get::<Jachete>().unwrap().actions(), game.actions());
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

    /// A finished game's link replays to the same game, and is short: its
    /// length (quoted in docs/architecture.md) printed with `--nocapture`.
    #[test]
    fn a_replay_link_replays_the_same_game() {
        let mut lengths = Vec::new();
        for seed in 1..=5 {
            let session = finished(seed, 4);
            let link = write(&session);
            assert!(link.starts_with("?game=katzenjammer&v=1&seed="), "{link}");
            let back = kb(read(&link).unwrap());
            assert_eq!(back.actions(), session.actions());
            assert_eq!(back.moves().map(|(s, _)| s).collect::<Vec<_>>(), session.moves().map(|(s, _)| s).collect::<Vec<_>>());
            assert_eq!(back.state(), session.state());
            assert_eq!(back.config(), session.config());
            println!("4-player Katzenjammer, deal {seed}: {} moves, replay link {} characters", session.actions().len(), link.len());
            lengths.push(link.len());
        }
        assert!(lengths.iter().all(|&n| n < 1500), "{lengths:?}");
        // A game not over replays as far as it went.
        let mut config = TableConfig::<Katzenjammer>::new(Seed::from_number(9), 3);
        config.seats = vec![SeatKind::Bot(Level::Easy); 3];
        let mut session = Session::new(config).unwrap();
        for _ in 0..7 {
            session.bot_step();
        }
        assert_eq!(kb(read(&write(&session)).unwrap()).actions(), session.actions());
    }

    /// A replay read from its link is written back without compressing again:
    /// the same link, its language and other keys dropped; none for `last`.
    #[test]
    fn a_replay_read_from_its_link_is_written_back_the_same() {
        for seed in [3, 11] {
            let link = write(&finished(seed, 4));
            let session = read(&link).unwrap();
            assert_eq!(rewrite(&link, &session).as_deref(), Some(link.as_str()));
            assert_eq!(write_any(&session), link);
            let asked = format!("?lang=fr&{}", &link[1..]);
            assert_eq!(rewrite(&asked, &read(&asked).unwrap()).as_deref(), Some(link.as_str()));
        }
        let session = read(&write(&finished(3, 4))).unwrap();
        assert_eq!(rewrite("?replay=last", &session), None);
    }

    #[test]
    fn bad_replay_links_are_refused_with_a_reason() {
        let session = finished(3, 4);
        let good = write(&session);
        let (table, moves) = good.split_once("&replay=").unwrap();
        let with_moves = |m: &str| read(&format!("{table}&replay={m}")).unwrap_err();
        assert_eq!(with_moves("not*base64"), ReplayLinkError::Moves);
        assert_eq!(with_moves(&moves[..moves.len() / 2]), ReplayLinkError::Moves, "a cut link");
        assert_eq!(with_moves(""), ReplayLinkError::Moves);
        // Well-formed but not a list of moves.
        let pack = |text: &str| base64url(&miniz_oxide::deflate::compress_to_vec(text.as_bytes(), 10));
        assert_eq!(with_moves(&pack("{\"seat\":0}")), ReplayLinkError::Moves);
        assert_eq!(with_moves(&pack("[{\"seat\":0,\"act\":\"dance\"}]")), ReplayLinkError::Action(0));
        let refused = with_moves(&pack("[{\"seat\":0,\"act\":\"present\",\"foursomes\":[]}]"));
        assert!(matches!(refused, ReplayLinkError::Replay(ReplayError::Refused { index: 0, .. })), "{refused:?}");
        // Another deal: the moves no longer fit.
        let other = read(&good.replacen(&session.config().seed.to_string(), "1ABC-DEFG", 1)).unwrap_err();
        assert!(matches!(other, ReplayLinkError::Replay(_)), "{other:?}");
        // The table part is the link's own reader's.
        assert!(matches!(read(&good.replacen("players=4", "players=9", 1)), Err(ReplayLinkError::Link(LinkError::Players { .. }))));
        assert_eq!(read(&format!("?game=katzenjammer&replay={moves}")).unwrap_err(), ReplayLinkError::NoDeal);
        assert_eq!(request("?seed=1K7Q-M3ZD"), None);
        assert_eq!(request("?replay=last").as_deref(), Some(LAST));
        assert!(games_link("?games") && games_link("?lang=fr&games") && !games_link("?game=katzenjammer"));
    }

    /// "Play this deal" is never the daily deal (a replay is practice).
    #[test]
    fn playing_a_replayed_deal_is_not_the_daily() {
        let day = crate::app::config::Day::new(2026, 11, 23).unwrap();
        let config = TableConfig::<Katzenjammer>::daily(day, crate::app::config::default_seats::<Katzenjammer>(4), Default::default());
        let session = Session::new(config.clone()).unwrap().into_any();
        match fresh_table(&session) {
            AnyTable::Katzenjammer(t) => {
                assert_eq!(t.daily, None);
                assert!(t.same_table(&config));
            }
            other => panic!("{other:?}"),
        }
    }
}
