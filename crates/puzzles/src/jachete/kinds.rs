//! J'achète's puzzles' kinds and unit (issue 54: a game's own, stored by
//! their codes), apart from the rest of its folder so that its
//! explanations name them without a circle of imports.

use crate::format::{Kind, Unit, Vocabulary};

/// Candidates within this of the best (points left in the round), and not
/// separable from it, are answers too.
pub const POINTS_TIE: f64 = 2.0;

/// Buy the card on offer or let it go.
pub const BUY: Kind = Kind::new("buy");
/// Which card to discard.
pub const DISCARD: Kind = Kind::new("discard");
/// Open now (lay the contract) or not.
pub const OPEN: Kind = Kind::new("open");
/// Which table to lay once opened (lay off, meld, or keep).
pub const LAY: Kind = Kind::new("lay");
/// A natural swapped for the wild standing for it.
pub const SWAP: Kind = Kind::new("swap");

/// Minus the points the seat is left holding when the round ends (JA-17; 0
/// for going out): higher is better, as in every unit.
pub const POINTS: Unit = Unit::new("points", POINTS_TIE);

/// What its files may name.
pub const VOCABULARY: Vocabulary = Vocabulary { kinds: &[BUY, DISCARD, OPEN, LAY, SWAP], units: &[POINTS] };
