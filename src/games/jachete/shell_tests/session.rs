//! J'achète's sessions: a whole game of bots, replayed, the lowest total
//! winning (JA-18), and three players only with its small-table option
//! (JA-2).

use tablee_bots::Level;
use tablee_engine::Seed;

use crate::app::config::{SeatKind, TableConfig};
use crate::app::session::tests::play_out;
use crate::app::session::Session;

use super::super::Jachete;

/// The shell is the same for J'achète: a whole game of bots reaches its
/// end, replays exactly from its moves, and the lowest total wins (JA-18).
#[test]
fn a_whole_jachete_game_plays_and_replays() {
    for players in [4, 5] {
        let mut cfg = TableConfig::<Jachete>::new(Seed::from_number(players as u64), players);
        cfg.seats = vec![SeatKind::Bot(Level::Normal); players];
        let mut session = Session::new(cfg).unwrap();
        play_out(&mut session);
        let outcome = session.outcome().unwrap();
        let best = outcome.scores.iter().copied().min().unwrap();
        assert!(outcome.winners.iter().all(|&w| outcome.scores[w] == best), "{outcome:?}");
        let moves: Vec<_> = session.moves().map(|(s, a)| (s, a.clone())).collect();
        let again = Session::<Jachete>::replay(session.config().clone(), moves).unwrap();
        assert_eq!(again.outcome(), session.outcome());
        assert_eq!(again.actions(), session.actions());
    }
    // Three players only with the small-table option (JA-2).
    let three = TableConfig::<Jachete>::new(Seed::from_number(1), 3);
    assert!(Session::new(three.clone()).is_err());
    let small = TableConfig { options: tablee_engine::jachete::JaOptions { three_players: true }, ..three };
    assert!(Session::new(small).is_ok());
}
