//! Bids: their kinds (KB-8), their order (KB-9) and jokers in them (KB-10).

use std::fmt;

pub use super::level::{BidKind, BidLevel};
use super::cards::{Card, Counts};
use super::refusal::Refusal;
use crate::game::RuleError;

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
