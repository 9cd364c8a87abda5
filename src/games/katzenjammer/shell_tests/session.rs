//! Katzenjammer's sessions: a move its rules refuse (KB-14) leaves the game
//! as it was (the test game has none to refuse: each of its moves is legal
//! until the end).

use tablee_engine::katzenjammer::{Action, Presentation};
use tablee_engine::Seed;

use crate::app::config::{default_seats, SeatKind, TableConfig};
use crate::app::session::Session;

use super::super::Katzenjammer;

#[test]
fn an_illegal_action_leaves_the_game_unchanged() {
    let mut cfg = TableConfig::<Katzenjammer>::new(Seed::from_number(5), 2);
    cfg.seats = default_seats::<Katzenjammer>(2);
    cfg.seats[1] = SeatKind::Human;
    let mut session = Session::new(cfg).unwrap();
    let before = session.state().clone();
    let present = Action::Present(Presentation::NOTHING);
    let error = session.apply_human(present).unwrap_err();
    assert!(error.to_string().contains("KB-14"), "{error}");
    assert_eq!(session.state(), &before);
}
