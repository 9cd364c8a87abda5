//! Katzenjammer's replay links: a finished four-player game's link replays
//! the same game and is short (its length quoted in docs/architecture.md),
//! an unfinished one's as far as it went; and what a bad one says (a move
//! its rules refuse, moves that do not fit another deal: every move of the
//! test game fits every deal).

use tablee_bots::Level;
use tablee_engine::Seed;

use crate::app::config::{SeatKind, TableConfig};
use crate::app::link::LinkError;
use crate::app::replay::tests::finished;
use crate::app::replay::{base64url, games_link, read, request, write, ReplayLinkError, LAST};
use crate::app::session::ReplayError;
use crate::app::session::Session;
use crate::games::AnySession;

use super::super::Katzenjammer;

/// The Katzenjammer game a replay link read.
fn table_session(any: AnySession) -> Session<Katzenjammer> {
    any.get::<Katzenjammer>().cloned().unwrap()
}

/// A finished game's link replays to the same game, and is short: its
/// length (quoted in docs/architecture.md) printed with `--nocapture`.
#[test]
fn a_replay_link_replays_the_same_game() {
    let mut lengths = Vec::new();
    for seed in 1..=5 {
        let session = finished::<Katzenjammer>(seed, 4);
        let link = write(&session);
        assert!(link.starts_with("?game=katzenjammer&v=1&seed="), "{link}");
        let back = table_session(read(&link).unwrap());
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
    assert_eq!(table_session(read(&write(&session)).unwrap()).actions(), session.actions());
}

#[test]
fn bad_replay_links_are_refused_with_a_reason() {
    let session = finished::<Katzenjammer>(3, 4);
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
