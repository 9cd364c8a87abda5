//! Katzenjammer's tables: the default seats within its players (2 to 6),
//! and a history id that names its options.

use tablee_engine::Seed;

use crate::app::config::{default_seats, SeatKind, TableConfig};

use super::super::Katzenjammer;

#[test]
fn default_seats_are_within_its_players() {
    assert_eq!(default_seats::<Katzenjammer>(9).len(), 6);
    assert_eq!(default_seats::<Katzenjammer>(0).len(), 2);
}

#[test]
fn the_history_id_names_deal_seats_options_and_moves() {
    let mut config = TableConfig::<Katzenjammer>::new(Seed::parse("1K7Q-M3ZD").unwrap(), 3);
    // The id of today's build: a game counted before is not counted again.
    assert_eq!(config.record_id(12), "1K7Q-M3ZD/human,normal,normal/0/12");
    config.seats[1] = SeatKind::Human;
    assert_eq!(config.solo_seat(), None);
}
