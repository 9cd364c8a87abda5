//! What the table learns of a bid: its kind and count (KB-8), and their
//! order (KB-9).

use std::cmp::Ordering;
use std::fmt;

/// What a bid announces (KB-8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BidKind {
    /// n cards of one value v ("n × v"); jokers count as v.
    Same(u8),
    /// n cards of pairwise different values ("n different"); each joker takes a
    /// value no other card of the bid has.
    Different,
}

/// The public part of a bid: kind and count. Losing bidders never show their
/// cards (KB-13), so this is all the table learns of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BidLevel {
    pub kind: BidKind,
    pub count: u8,
}

impl BidLevel {
    /// KB-9 as one sort key: more cards first, then *same* over *different*,
    /// then the higher value among *same* bids. Two *different* bids of one
    /// count are equal, so neither beats the other.
    fn key(self) -> (u8, u8, u8) {
        match self.kind {
            BidKind::Same(v) => (self.count, 1, v),
            BidKind::Different => (self.count, 0, 0),
        }
    }

    /// KB-9: a bid must be strictly higher than the standing bid.
    pub fn beats(self, standing: BidLevel) -> bool {
        self.key() > standing.key()
    }

    pub fn cmp_strength(self, other: BidLevel) -> Ordering {
        self.key().cmp(&other.key())
    }
}

impl fmt::Display for BidLevel {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            BidKind::Same(v) => write!(f, "{} × {}", self.count, v),
            BidKind::Different => write!(f, "{} different", self.count),
        }
    }
}
