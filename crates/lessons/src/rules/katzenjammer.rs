//! Katzenjammer Blues for the lessons: its position from a scenario, its
//! actions' taps, and what a coach's line may name (KB-5's drawn card).

use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{self as kb, KbState};
use tablee_engine::{Game, RuleError, Seat};

use super::{read_error, Rules};
use crate::words::Scene;

pub struct Katzenjammer;

impl Rules for Katzenjammer {
    type State = KbState;
    const GAME: &'static str = "katzenjammer";

    fn start(position: &Json) -> Result<KbState, String> {
        kb::scenario::start(position).map_err(|m| m.0)
    }

    fn read(action: &Json) -> Result<kb::Action, Result<RuleError<<KbState as Game>::Refusal>, String>> {
        kb::notation::action_from_json(action).map_err(read_error)
    }

    fn taps(_state: &KbState, action: &Json) -> usize {
        match Self::read(action) {
            // Each card, then Bid; an all-joker bid names its value too.
            Ok(kb::Action::Bid(bid)) => {
                let jokers = bid.cards.get(kb::Card::Joker) as usize;
                let total = bid.cards.total() as usize;
                total + 1 + usize::from(jokers == total && matches!(bid.kind, kb::BidKind::Same(_)))
            }
            _ => 1,
        }
    }

    /// KB-5: the card a joker row made the learner draw is marked in the hand.
    fn scene(state: &KbState, learner: Seat) -> Scene {
        Scene { drawn: state.drawn_this_row(learner).map(|c| c.symbol().to_string()), ..Scene::default() }
    }
}
