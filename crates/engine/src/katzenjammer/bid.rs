//! Bids: their kinds (KB-8), their order (KB-9) and jokers in them (KB-10).

use std::cmp::Ordering;
use std::fmt;

use super::cards::{Card, Counts};
use super::refusal::Refusal;
use crate::game::RuleError;

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

/// A bid with the cards that make it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bid {
    pub kind: BidKind,
    pub cards: Counts,
}

impl Bid {
    pub fn level(&self) -> BidLevel {
        BidLevel { kind: self.kind, count: self.cards.total() as u8 }
    }

    /// Checks that the cards make the announced bid (KB-8, KB-10). Whether the
    /// bidder holds them and whether the bid is high enough are the state's
    /// business.
    pub fn check_shape(&self) -> Result<(), RuleError<Refusal>> {
        if self.cards.is_empty() {
            return Err(Refusal::BidEmpty.into());
        }
        match self.kind {
            BidKind::Same(v) => {
                let Some(value) = Card::from_value(v) else {
                    return Err(Refusal::SameValueOutOfRange { value: v }.into());
                };
                for card in Card::VALUES {
                    if card != value && self.cards.get(card) > 0 {
                        let card = card.value().unwrap_or(0);
                        return Err(Refusal::SameBidForeignCard { value: v, card }.into());
                    }
                }
            }
            BidKind::Different => {
                if let Some(card) = Card::VALUES.into_iter().find(|&c| self.cards.get(c) > 1) {
                    let count = self.cards.get(card);
                    return Err(Refusal::DifferentRepeated { card: card.value().unwrap_or(0), count }.into());
                }
                if self.cards.total() > 5 {
                    return Err(Refusal::DifferentTooMany { count: self.cards.total() }.into());
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {:?}", self.level(), self.cards)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same(count: u8, v: u8) -> BidLevel {
        BidLevel { kind: BidKind::Same(v), count }
    }
    fn diff(count: u8) -> BidLevel {
        BidLevel { kind: BidKind::Different, count }
    }

    #[test]
    fn kb9_rulebook_order_examples() {
        assert!(same(2, 1).beats(same(1, 5)));
        assert!(same(3, 2).beats(same(3, 1)));
        assert!(diff(4).beats(diff(3)));
        assert!(same(4, 1).beats(diff(4)));
        assert!(same(5, 1).beats(diff(5)));
        assert!(same(6, 1).beats(same(5, 5)));
        assert!(diff(3).beats(same(2, 5)));
    }

    #[test]
    fn kb9_equal_or_lower_bids_do_not_beat() {
        assert!(!diff(3).beats(diff(3)));
        assert!(!diff(3).beats(same(3, 1)));
        assert!(!same(3, 1).beats(same(3, 1)));
        assert!(!same(3, 1).beats(same(3, 2)));
        assert!(!same(2, 5).beats(diff(3)));
    }
}
