//! After a won auction: the presentations the winner can choose from (KB-14..KB-17).

use tablee_engine::katzenjammer::{Action, Foursome, KbView, Phase, Presentation};

/// One choice, as the player sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PresentOption {
    pub action: Action,
    pub presentation: Presentation,
    /// The foursomes laid down, jokers standing in; joker cats have no value.
    pub foursomes: Vec<Foursome>,
    /// Mice actually taken (the supply may run short, KB-17).
    pub mice: u32,
    /// Jokers that end displayed in front of the player (KB-15, KB-16).
    pub displayed_jokers: u8,
    /// This presentation takes the last mice and ends the game (KB-17).
    pub ends_game: bool,
}

/// Every legal presentation of the seat to act: the most mice first, then the
/// fewest jokers displayed; "present nothing" last (it is the only option when
/// no foursome can be made, and the table then presents it for the player).
/// From the seat's view and its legal moves (issue 53: what a table is given).
pub fn options(view: &KbView, legal: &[Action]) -> Vec<PresentOption> {
    if view.phase != Phase::Presenting {
        return Vec::new();
    }
    let left = u32::from(view.mice_left);
    let mut out: Vec<PresentOption> = legal
        .iter()
        .copied()
        .filter_map(|action| match action {
            Action::Present(p) => Some(PresentOption {
                action,
                presentation: p,
                foursomes: p.to_foursomes(),
                mice: p.mice().min(left),
                displayed_jokers: p.displayed_jokers(),
                ends_game: p.mice() >= left && p.mice() > 0,
            }),
            _ => None,
        })
        .collect();
    out.sort_by_key(|o| {
        (o.presentation.is_nothing(), std::cmp::Reverse(o.mice), o.displayed_jokers, std::cmp::Reverse(o.presentation.cats))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::katzenjammer::{Bid, BidKind, Card, Counts, Options};

    use Card::{Five as C5, Joker as J, One as C1, Three as C3, Two as C2};
    use tablee_engine::katzenjammer::KbState;

    /// The options from what the table is given: the view and legal moves of the seat to act.
    fn seen_options(state: &KbState) -> Vec<PresentOption> {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        options(&state.view(state.to_act().unwrap_or(0)), &legal)
    }

    /// Seat 1 wins the row 2 3 2 with one 1 and can then present.
    fn won(hand: &[Card]) -> KbState {
        let mut hands = vec![vec![Card::Five; 6]; 3];
        hands[1] = hand.to_vec();
        let stock = [C2, C3, C2];
        let mut state = KbState::from_position(3, Options::default(), 0, &hands, &stock).unwrap();
        state.apply(&Action::Bid(Bid { kind: BidKind::Same(1), cards: Counts::of(&[C1]) })).unwrap();
        state.apply(&Action::Pass).unwrap();
        state.apply(&Action::Pass).unwrap();
        assert_eq!(state.phase(), Phase::Presenting);
        state
    }

    #[test]
    fn the_best_first_and_nothing_last() {
        // After paying the 1 and taking 2 3 2: 2 2 2 3 3 J J J J J.
        let state = won(&[C1, C2, C3, J, J, J, J, J]);
        let list = seen_options(&state);
        let nothing = list.last().unwrap();
        assert!(nothing.presentation.is_nothing());
        assert_eq!(nothing.mice, 0);
        assert!(list[..list.len() - 1].iter().all(|o| !o.presentation.is_nothing()));
        assert!(list[0].mice >= list[list.len() - 2].mice);
        assert!(list.windows(2).all(|w| w[0].mice >= w[1].mice));
        // Every option is legal and distinct.
        for (i, o) in list.iter().enumerate() {
            assert!(state.check(&o.action).is_ok());
            assert!(list[i + 1..].iter().all(|p| p.action != o.action));
            assert_eq!(Presentation::from_foursomes(&o.foursomes).unwrap(), o.presentation);
        }
        // Joker cats and four jokers with a value are both offered.
        assert!(list.iter().any(|o| o.presentation.cats == 1 && o.foursomes.iter().any(|f| f.value.is_none())));
        assert!(list
            .iter()
            .any(|o| o.foursomes.iter().any(|f| f.value == Some(5) && f.cards.jokers() == 4)));
    }

    #[test]
    fn without_a_foursome_nothing_is_the_only_option() {
        // After paying the 1 and taking 2 3 2: 2 2 3 5 — no foursome.
        let state = won(&[C1, C5]);
        let list = seen_options(&state);
        assert_eq!(list.len(), 1);
        assert!(list[0].presentation.is_nothing());
    }

    #[test]
    fn no_options_outside_presenting() {
        let hands = vec![vec![Card::Five; 6]; 2];
        let state = KbState::from_position(2, Options::default(), 0, &hands, &[C2, C2]).unwrap();
        assert!(seen_options(&state).is_empty());
    }
}
