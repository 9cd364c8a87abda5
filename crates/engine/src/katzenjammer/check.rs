//! The rules' checks of an action (KB-7..KB-16), from what the acting seat
//! knows: the engine's state and a seat's view both ask here.

use super::action::Action;
use super::cards::Counts;
use super::refusal::Refusal;
use super::view::{KbView, Phase, StandingBid};
use crate::game::{RuleError, Seat, Shared};

/// The rules' checks of `seat`'s action from what that seat knows: the
/// phase, its own hand and the standing bid. The state and a seat's view
/// ([`KbView::check`]) both ask here, so that a table fed only by its
/// seat's view refuses exactly what the engine refuses.
pub(crate) fn check_move(
    phase: Phase,
    seat: Seat,
    hand: &Counts,
    high_bid: Option<StandingBid>,
    action: &Action,
) -> Result<(), RuleError<Refusal>> {
    match (phase, action) {
        (Phase::Over, _) => Err(Refusal::GameOver.into()),
        (Phase::Bidding, Action::Pass) => Ok(()),
        (Phase::Bidding, Action::Bid(bid)) => {
            bid.check_shape()?;
            if !hand.contains(&bid.cards) {
                return Err(Refusal::BidNotHeld { seat, cards: bid.cards }.into());
            }
            match high_bid {
                // KB-9: strictly higher than the standing bid.
                Some(standing) if !bid.level().beats(standing.level) => {
                    Err(Refusal::DoesNotBeat { bid: bid.level(), standing: standing.level }.into())
                }
                _ => Ok(()),
            }
        }
        (Phase::Bidding, Action::Present(_)) => Err(Refusal::PresentDuringAuction.into()),
        (Phase::Presenting, Action::Present(p)) => {
            p.check_shape()?;
            if !hand.contains(&p.cards()) {
                return Err(Refusal::FoursomesNotHeld { seat, cards: p.cards() }.into());
            }
            Ok(())
        }
        (Phase::Presenting, Action::Pass | Action::Bid(_)) => Err(Refusal::AuctionOver.into()),
    }
}

impl KbView {
    /// Checks an action of the viewer as the engine would ([`KbState::check`],
    /// the same checks): a table fed by this view refuses with the rules'
    /// own reasons, without the game's hidden state. Another seat's turn is
    /// refused as [`Shared::NotYourTurn`].
    ///
    /// [`KbState::check`]: super::KbState::check
    pub fn check(&self, action: &Action) -> Result<(), RuleError<Refusal>> {
        match self.to_act {
            None => Err(Refusal::GameOver.into()),
            Some(to_act) if to_act != self.seat => Err(Refusal::Shared(Shared::NotYourTurn { to_act, seat: self.seat }).into()),
            Some(seat) => check_move(self.phase, seat, &self.hand, self.high_bid, action),
        }
    }
}
