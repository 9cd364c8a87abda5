//! A player's decision (KB-7..KB-16): pass, bid, or present foursomes.

use super::bid::Bid;
use super::foursome::Presentation;

/// A player's decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Leave this auction (KB-7).
    Pass,
    /// Raise with these cards (KB-8..KB-10).
    Bid(Bid),
    /// The auction winner's foursomes, possibly none (KB-14..KB-16).
    Present(Presentation),
}
