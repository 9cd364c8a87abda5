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

/// Issue 13, the shell's take-back on Katzenjammer's deals (the test game's
/// person moves once: nothing to take back from).
#[test]
fn a_move_taken_back_returns_to_the_persons_decision_and_makes_practice() {
    crate::app::session::tests::a_move_taken_back_returns_to_the_persons_decision(TableConfig::<Katzenjammer>::new(Seed::from_number(21), 4));
}

#[test]
fn no_take_back_in_a_daily_deal_or_between_people() {
    let day = crate::app::config::Day::parse("2026-11-23").unwrap();
    let mut daily = TableConfig::<Katzenjammer>::new(day.seed(), 4);
    daily.daily = Some(day);
    let mut shared = TableConfig::<Katzenjammer>::new(Seed::from_number(21), 4);
    shared.seats[2] = SeatKind::Human;
    crate::app::session::tests::no_take_back_in_a_daily_deal_or_between_people(daily, shared);
}
