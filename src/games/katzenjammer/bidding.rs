//! The bid builder: the cards a player selected, read as the bid they make
//! (KB-8, KB-10), and whether the engine accepts it now (KB-7, KB-9). The
//! engine says why not, as data; the texts word it.

use tablee_engine::katzenjammer::{Action, Bid, BidKind, BidLevel, Card, Counts, KbView, Phase, Refusal, StandingBid};
use tablee_engine::RuleError;

/// Why the selected cards cannot be bid now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BidProblem {
    /// No card selected.
    Empty,
    /// Nobody may bid now: the auction is over, or it is not this player's turn.
    NoAuction,
    /// The engine refuses the bid: its reason, with the rule and parameters.
    Refused(RuleError<Refusal>),
}

impl BidProblem {
    /// The engine's Katzenjammer refusal, if that is the problem.
    pub fn refusal(&self) -> Option<&Refusal> {
        match self {
            BidProblem::Refused(e) => Some(e.refusal()),
            _ => None,
        }
    }
}

/// What a selection amounts to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidPreview {
    /// The bid the cards make; `None` when nothing is selected.
    pub bid: Option<Bid>,
    /// Only jokers: the player declares the value (KB-10).
    pub all_jokers: bool,
    pub standing: Option<StandingBid>,
    /// `Ok`: the engine accepts this bid now (so it beats the standing bid).
    pub verdict: Result<(), BidProblem>,
}

impl BidPreview {
    /// The bid's kind and count, when the cards make one at all: a mixed
    /// selection (2 2 4) or six different values make none, so the page
    /// names no bid for them and only explains why.
    pub fn level(&self) -> Option<BidLevel> {
        let problem = self.verdict.as_ref().err().and_then(BidProblem::refusal);
        match problem {
            Some(Refusal::DifferentRepeated { .. } | Refusal::DifferentTooMany { .. }) => None,
            _ => self.bid.map(|b| b.level()),
        }
    }

    /// The action to send, when the bid is legal.
    pub fn action(&self) -> Option<Action> {
        match (&self.verdict, self.bid) {
            (Ok(()), Some(bid)) => Some(Action::Bid(bid)),
            _ => None,
        }
    }
}

/// The bid the cards make: *same* when the naturals share one value (jokers
/// join them), *different* otherwise; only jokers take `joker_value`.
/// Cards that make no bid come back as the *different* bid the engine refuses.
pub fn bid_of(selection: Counts, joker_value: u8) -> Option<Bid> {
    if selection.is_empty() {
        return None;
    }
    let values: Vec<Card> = Card::VALUES.into_iter().filter(|&c| selection.get(c) > 0).collect();
    let kind = match values.as_slice() {
        [] => BidKind::Same(joker_value.clamp(1, 5)),
        [one] => BidKind::Same(one.value().unwrap_or(1)),
        _ => BidKind::Different,
    };
    Some(Bid { kind, cards: selection })
}

/// Reads the selection of the view's seat (issue 53: a table has its seat's
/// view, and the view checks a move as the engine does).
pub fn preview(view: &KbView, selection: Counts, joker_value: u8) -> BidPreview {
    let bid = bid_of(selection, joker_value);
    let all_jokers = !selection.is_empty() && selection.naturals() == 0;
    let standing = view.high_bid;
    let verdict = match bid {
        None => Err(BidProblem::Empty),
        Some(_) if view.phase != Phase::Bidding => Err(BidProblem::NoAuction),
        Some(bid) => view.check(&Action::Bid(bid)).map_err(BidProblem::Refused),
    };
    BidPreview { bid, all_jokers, standing, verdict }
}


/// The value to offer first for `count` jokers bid alone: the lowest that
/// beats the standing bid (bidding 5s with jokers is no better), else 5.
pub fn default_joker_value(view: &KbView, count: u8) -> u8 {
    let Some(standing) = view.high_bid else { return 1 };
    (1..=5)
        .find(|&v| BidLevel { kind: BidKind::Same(v), count }.beats(standing.level))
        .unwrap_or(5)
}

/// Which cards of a sorted hand to select to make `cards` (the first ones of
/// each kind): used to show a hint's bid in the hand.
pub fn selection_for(hand: &[Card], cards: Counts) -> Vec<bool> {
    let mut left = cards;
    hand.iter()
        .map(|&card| {
            let take = left.get(card) > 0;
            if take {
                left.remove(card, 1);
            }
            take
        })
        .collect()
}

/// The cards selected in a sorted hand.
pub fn selected_cards(hand: &[Card], selected: &[bool]) -> Counts {
    let mut counts = Counts::EMPTY;
    for (&card, _) in hand.iter().zip(selected).filter(|(_, &s)| s) {
        counts.add(card, 1);
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::katzenjammer::{Options, HAND_SIZE};

    /// A 3-player game where seat 1 acts first and holds `hand`.
    fn table(hand: &[Card]) -> KbState {
        let mut hands = vec![vec![Card::One; HAND_SIZE]; 3];
        hands[1] = hand.to_vec();
        hands[2] = vec![Card::Five, Card::Five, Card::Five, Card::Four, Card::Four, Card::Four];
        // The row: 2, 3, 2 (ends on the repeated 2).
        let stock = [Card::Two, Card::Three, Card::Two];
        KbState::from_position(3, Options::default(), 0, &hands, &stock).unwrap()
    }

    use Card::{Five as F5, Four as F4, Joker as J, One as C1, Three as C3, Two as C2};
    use tablee_engine::katzenjammer::KbState;

    /// What the table is given: the view of the seat to act.
    fn seen(state: &KbState) -> KbView {
        state.view(state.to_act().unwrap_or(0))
    }

    fn counts(cards: &[Card]) -> Counts {
        Counts::of(cards)
    }

    #[test]
    fn same_and_different_bids_are_recognised() {
        assert_eq!(bid_of(Counts::EMPTY, 3), None);
        let same = bid_of(counts(&[C2, C2, J]), 1).unwrap();
        assert_eq!(same.kind, BidKind::Same(2));
        assert_eq!(same.level().count, 3);
        let diff = bid_of(counts(&[C1, C3, J]), 1).unwrap();
        assert_eq!(diff.kind, BidKind::Different);
        let jokers = bid_of(counts(&[J, J]), 4).unwrap();
        assert_eq!(jokers.kind, BidKind::Same(4));
        assert_eq!(bid_of(counts(&[F5]), 1).unwrap().kind, BidKind::Same(5));
    }

    #[test]
    fn a_legal_opening_bid_is_accepted() {
        let state = table(&[C2, C2, C3, F4, J, J]);
        assert_eq!(state.to_act(), Some(1));
        let p = preview(&seen(&state), counts(&[C2, C2, J]), 1);
        assert_eq!(p.verdict, Ok(()));
        assert_eq!(p.standing, None);
        assert!(!p.all_jokers);
        assert_eq!(p.action(), Some(Action::Bid(Bid { kind: BidKind::Same(2), cards: counts(&[C2, C2, J]) })));
    }

    #[test]
    fn mixed_selections_are_explained_with_the_engine_reason() {
        let state = table(&[C2, C2, C3, F4, J, J]);
        let p = preview(&seen(&state), counts(&[C2, C2, C3]), 1);
        let problem = p.verdict.as_ref().unwrap_err();
        assert_eq!(problem.refusal(), Some(&Refusal::DifferentRepeated { card: 2, count: 2 }));
        let BidProblem::Refused(error) = problem else { panic!() };
        assert_eq!(error.rules(), ["KB-8"]);
        assert_eq!(preview(&seen(&state), Counts::EMPTY, 1).verdict, Err(BidProblem::Empty));
        assert_eq!(preview(&seen(&state), counts(&[C2, C2, C3]), 1).level(), None, "2 2 3 names no bid");
        assert!(preview(&seen(&state), counts(&[C2, C3]), 1).level().is_some(), "2 3 is two different");
    }

    #[test]
    fn six_different_is_too_many() {
        let state = table(&[C1, C2, C3, F4, F5, J]);
        let p = preview(&seen(&state), counts(&[C1, C2, C3, F4, F5, J]), 1);
        assert_eq!(p.verdict.as_ref().unwrap_err().refusal(), Some(&Refusal::DifferentTooMany { count: 6 }));
        assert_eq!(p.level(), None, "six different names no bid");
    }

    #[test]
    fn a_bid_that_does_not_beat_the_standing_bid_is_refused_with_kb9() {
        let mut state = table(&[C2, C2, C3, F4, J, J]);
        // Seat 1 bids three 2s; seat 2 holds 5 5 5 4 4 4.
        state.apply(&Action::Bid(Bid { kind: BidKind::Same(2), cards: counts(&[C2, C2, J]) })).unwrap();
        assert_eq!(state.to_act(), Some(2));
        let low = preview(&seen(&state), counts(&[F4, F4]), 1);
        assert_eq!(low.standing.map(|s| s.seat), Some(1));
        match low.verdict.as_ref().unwrap_err().refusal() {
            Some(Refusal::DoesNotBeat { bid, standing }) => {
                assert_eq!((bid.count, standing.count), (2, 3));
            }
            other => panic!("{other:?}"),
        }
        assert_eq!(low.action(), None);
        // Three 5s beat three 2s; three different do not.
        assert_eq!(preview(&seen(&state), counts(&[F5, F5, F5]), 1).verdict, Ok(()));
        let two_different = preview(&seen(&state), counts(&[F5, F4]), 1);
        assert!(matches!(two_different.verdict.as_ref().unwrap_err().refusal(), Some(Refusal::DoesNotBeat { .. })));
    }

    #[test]
    fn all_joker_bids_take_the_chosen_value() {
        let mut state = table(&[C3, J, J, J, C1, C1]);
        let p = preview(&seen(&state), counts(&[J, J]), 3);
        assert!(p.all_jokers);
        assert_eq!(p.bid.unwrap().kind, BidKind::Same(3));
        assert_eq!(p.verdict, Ok(()));
        assert_eq!(default_joker_value(&seen(&state), 2), 1);
        state.apply(&Action::Bid(Bid { kind: BidKind::Same(3), cards: counts(&[C3, J]) })).unwrap();
        // Seat 2 bids next; for seat 2 two jokers must beat two 3s.
        assert_eq!(default_joker_value(&seen(&state), 2), 4);
        assert_eq!(default_joker_value(&seen(&state), 1), 5);
    }

    #[test]
    fn no_bids_outside_an_auction() {
        let mut state = table(&[C2, C2, C3, F4, J, J]);
        state.apply(&Action::Bid(Bid { kind: BidKind::Same(2), cards: counts(&[C2, C2]) })).unwrap();
        state.apply(&Action::Pass).unwrap();
        state.apply(&Action::Pass).unwrap();
        assert_eq!(state.phase(), Phase::Presenting);
        assert_eq!(preview(&seen(&state), counts(&[C3]), 1).verdict, Err(BidProblem::NoAuction));
    }

    #[test]
    fn selections_map_to_hand_positions() {
        let hand = [C1, C2, C2, C3, J, J];
        let sel = selection_for(&hand, counts(&[C2, J]));
        assert_eq!(sel, vec![false, true, false, false, true, false]);
        assert_eq!(selected_cards(&hand, &sel), counts(&[C2, J]));
    }
}
