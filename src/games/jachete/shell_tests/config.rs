//! J'achète's tables: the default seats within its players (3 to 8).

use crate::app::config::default_seats;

use super::super::Jachete;

#[test]
fn default_seats_are_within_its_players() {
    assert_eq!(default_seats::<Jachete>(9).len(), 8);
    assert_eq!(default_seats::<Jachete>(0).len(), 3);
}
