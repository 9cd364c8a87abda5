//! Player decisions and their complete enumeration.
//!
//! Enumeration lists every legal action exactly once, where "once" means once
//! per distinct effect: two bids with the same kind and the same cards are one
//! bid, and two presentations that move the same cards to the same places for
//! the same mice are one presentation (see [`Presentation`]). Every listed
//! action applies; anything not listed is refused by [`KbState::check`].

use super::bid::{Bid, BidKind, BidLevel};
use super::cards::{Card, Counts};
use super::foursome::Presentation;
use super::state::KbState;
use super::view::Phase;

pub use super::action::Action;

impl KbState {
    /// Every legal action of the seat to act, appended to `out` after clearing it.
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        let Some(seat) = self.to_act() else { return };
        let hand = self.hand(seat);
        match self.phase() {
            Phase::Bidding => {
                out.push(Action::Pass);
                let floor = self.high_bid().map(|b| b.level);
                push_bids(&hand, floor, out);
            }
            Phase::Presenting => push_presentations(&hand, out),
            Phase::Over => {}
        }
    }
}

/// Every bid the hand allows that beats `floor` (KB-8..KB-10).
fn push_bids(hand: &Counts, floor: Option<BidLevel>, out: &mut Vec<Action>) {
    let jokers = hand.jokers();
    let beats = |level: BidLevel| floor.is_none_or(|f| level.beats(f));
    // Same: `naturals` cards of value v plus `j` jokers; all-joker bids declare v.
    for card in Card::VALUES {
        let v = card.value().unwrap_or(1);
        for naturals in 0..=hand.get(card) {
            for j in 0..=jokers {
                let count = naturals + j;
                if count == 0 || !beats(BidLevel { kind: BidKind::Same(v), count }) {
                    continue;
                }
                let mut cards = Counts::EMPTY;
                cards.add(card, naturals);
                cards.add(Card::Joker, j);
                out.push(Action::Bid(Bid { kind: BidKind::Same(v), cards }));
            }
        }
    }
    // Different: one card of each value in a subset of the values held, plus
    // jokers taking values outside it (so at most five cards).
    for subset in 0u8..32 {
        if (0..5).any(|i| subset & (1 << i) != 0 && hand.0[i] == 0) {
            continue;
        }
        let distinct = subset.count_ones() as u8;
        for j in 0..=jokers.min(5 - distinct) {
            let count = distinct + j;
            if count == 0 || !beats(BidLevel { kind: BidKind::Different, count }) {
                continue;
            }
            let mut cards = Counts::EMPTY;
            for i in 0..5 {
                cards.0[i] = (subset >> i) & 1;
            }
            cards.add(Card::Joker, j);
            out.push(Action::Bid(Bid { kind: BidKind::Different, cards }));
        }
    }
}

/// Every distinct presentation the hand allows, the empty one first (KB-14..KB-16).
fn push_presentations(hand: &Counts, out: &mut Vec<Action>) {
    let mut p = Presentation::NOTHING;
    push_from_value(hand, 0, hand.jokers(), &mut p, out);
}

fn push_from_value(hand: &Counts, i: usize, jokers_left: u8, p: &mut Presentation, out: &mut Vec<Action>) {
    if i == 5 {
        // Finally, any number of joker cats from the jokers still unused.
        for cats in 0..=jokers_left / 4 {
            p.cats = cats;
            out.push(Action::Present(*p));
        }
        p.cats = 0;
        return;
    }
    let naturals = hand.0[i];
    let max_foursomes = (naturals + jokers_left) / 4;
    for f in 0..=max_foursomes {
        // j jokers in f foursomes of this value: the rest, 4f - j, are naturals.
        let min_j = (4 * f).saturating_sub(naturals);
        let max_j = (4 * f).min(jokers_left);
        for j in min_j..=max_j {
            p.foursomes[i] = f;
            p.jokers[i] = j;
            push_from_value(hand, i + 1, jokers_left - j, p, out);
        }
    }
    p.foursomes[i] = 0;
    p.jokers[i] = 0;
}
