//! The public history of a game (KB-13, KB-21): what every player saw happen.
//! Nothing private is ever recorded here — a drawn card is logged without its
//! face, a losing bid without its cards.

use super::bid::BidLevel;
use super::cards::{Card, Counts};
use super::foursome::Presentation;
use crate::game::Seat;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The cards were dealt; this seat is the first bandleader (KB-3).
    Dealt { bandleader: Seat },
    /// The bandleader turned this card into the row (KB-4).
    Revealed { card: Card },
    /// The seat drew a face-down card after a joker ended the row (KB-5).
    Drew { seat: Seat },
    /// The seat raised to this bid (KB-13: kind, count and value are public).
    Bid { seat: Seat, level: BidLevel },
    /// The seat passed (KB-7).
    Passed { seat: Seat },
    /// The seat won the auction, paid these cards and took the row (KB-12).
    Won { seat: Seat, paid: Counts, row: Counts },
    /// Nobody bid: the row went to the discard pile (KB-11).
    RowDiscarded { row: Counts },
    /// The seat presented these foursomes and took these mice (KB-14..KB-17).
    Presented { seat: Seat, presentation: Presentation, mice: u8 },
    /// The game ended (KB-6 or KB-17).
    GameOver { cause: EndCause },
}

/// How a game ended, with the final scores (KB-18, KB-19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndCause {
    /// The last stock card was taken (KB-6).
    Stock,
    /// The last mouse was taken (KB-17).
    Mice,
}

