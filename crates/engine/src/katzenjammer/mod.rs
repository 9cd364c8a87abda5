//! Katzenjammer Blues (Reiner Knizia, 1998): the rules of
//! `../shared/rules/katzenjammer-blues.md`, rule ids KB-1..KB-21.

mod action;
mod actions;
mod bid;
mod cards;
mod check;
mod foursome;
mod level;
mod log;
mod matchplay;
pub mod notation;
mod refusal;
pub mod scenario;
mod state;
mod view;

pub use actions::Action;
pub use bid::{Bid, BidKind, BidLevel};
pub use cards::{Card, Counts, COPIES, DECK_SIZE};
pub use foursome::{Foursome, Presentation};
pub use log::Event;
pub use matchplay::{GameRecord, Match};
pub use refusal::{FoursomeProblem, Refusal};
pub use state::{
    Deal, EndCause, Hidden, KbState, SetupError, HAND_SIZE, JOKER_PENALTY, MAX_PLAYERS,
    MAX_ROW, MIN_PLAYERS,
};
pub use view::{KbView, Options, Phase, StandingBid};

use crate::game::{Game, Outcome, RuleError, Seat};

impl Game for KbState {
    type Action = Action;
    type View = KbView;
    type Refusal = Refusal;

    const NAME: &'static str = "katzenjammer";
    const ACTIONS_EXHAUSTIVE: bool = true;

    fn players(&self) -> usize {
        KbState::players(self)
    }
    fn to_act(&self) -> Option<Seat> {
        KbState::to_act(self)
    }
    fn actions(&self, out: &mut Vec<Action>) {
        self.legal_actions(out);
    }
    fn check(&self, action: &Action) -> Result<(), RuleError<Refusal>> {
        KbState::check(self, action)
    }
    fn apply(&mut self, action: &Action) -> Result<(), RuleError<Refusal>> {
        KbState::apply(self, action)
    }
    fn view(&self, seat: Seat) -> KbView {
        KbState::view(self, seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        KbState::outcome(self)
    }
}
