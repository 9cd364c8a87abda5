//! What one player knows (KB-21): every public fact plus their own hand.

use super::cards::{Card, Counts};
use super::log::Event;
use super::bid::BidLevel;
use crate::game::Seat;

/// Game options (KB-2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// Keep all 24 mice with 4 players or fewer (default: 20, as the rulebook says).
    pub full_mice: bool,
}

impl Options {
    /// KB-2: 24 mice, or 20 with four players or fewer unless `full_mice`.
    pub fn mice_for(self, players: usize) -> u8 {
        if players <= 4 && !self.full_mice {
            20
        } else {
            24
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// An auction is running (KB-7..KB-11).
    Bidding,
    /// The auction winner may present foursomes (KB-14).
    Presenting,
    /// The game has ended (KB-6, KB-17).
    Over,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::Bidding => "bidding",
            Phase::Presenting => "presenting",
            Phase::Over => "over",
        }
    }
}

/// The standing bid: who holds it and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StandingBid {
    pub seat: Seat,
    pub level: BidLevel,
}

/// One seat's view of the table. Built only from public facts and the seat's
/// own hand, so bots and the UI cannot see what they must not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KbView {
    pub seat: Seat,
    pub players: usize,
    pub options: Options,
    pub phase: Phase,
    pub to_act: Option<Seat>,
    pub bandleader: Seat,
    pub row: Vec<Card>,
    pub high_bid: Option<StandingBid>,
    pub passed: Vec<Seat>,
    pub stock: usize,
    pub mice_left: u8,
    pub discard: Counts,
    /// The viewer's own cards.
    pub hand: Counts,
    /// KB-5: the card a joker row made the viewer draw, while that row is
    /// auctioned (the viewer's own card; the history keeps it face down).
    pub drawn: Option<Card>,
    pub hand_sizes: Vec<usize>,
    pub mice: Vec<i32>,
    pub jokers_shown: Vec<u8>,
    /// Everything that happened in public, oldest first: bids, passes, cards
    /// paid and presented, reveals.
    pub history: Vec<Event>,
}
