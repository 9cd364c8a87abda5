//! What one player knows (KB-21): every public fact plus their own hand.

use super::cards::{Card, Counts};
use super::log::Event;
use super::state::{KbState, Options, Phase, StandingBid};
use crate::game::Seat;

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
    pub hand_sizes: Vec<usize>,
    pub mice: Vec<i32>,
    pub jokers_shown: Vec<u8>,
    /// Everything that happened in public, oldest first: bids, passes, cards
    /// paid and presented, reveals.
    pub history: Vec<Event>,
}

impl KbState {
    pub fn view(&self, seat: Seat) -> KbView {
        let n = self.players();
        KbView {
            seat,
            players: n,
            options: self.options(),
            phase: self.phase(),
            to_act: self.to_act(),
            bandleader: self.bandleader(),
            row: self.row().to_vec(),
            high_bid: self.high_bid(),
            passed: self.passed(),
            stock: self.stock_len(),
            mice_left: self.mice_left(),
            discard: self.discard(),
            hand: self.hand(seat),
            hand_sizes: (0..n).map(|s| self.hand_size(s)).collect(),
            mice: (0..n).map(|s| self.mice(s)).collect(),
            jokers_shown: (0..n).map(|s| self.jokers_shown(s)).collect(),
            history: self.log().to_vec(),
        }
    }
}
