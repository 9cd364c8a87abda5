//! What both searches need from a game ([`SearchGame`]) and what they return
//! ([`Choice`]): the shipped levels' paired search ([`crate::paired`]) and
//! the research SO-ISMCTS ([`crate::ismcts`]).

use tablee_engine::rng::Rng;
use tablee_engine::Game;

/// What a game must offer for search on top of [`Game`].
pub trait SearchGame: Game {
    /// A full state consistent with `view`: the hidden cards guessed at random,
    /// agreeing with every public fact.
    /// `None` if no assignment fits (never for a view the engine produced).
    fn determinize(view: &Self::View, rng: &mut Rng) -> Option<Self>;
    /// The actions search considers: all legal ones, or a sensible subset of
    /// about `width` (the game's heuristic picks them).
    fn search_actions(&self, width: usize, out: &mut Vec<Self::Action>);
    /// A fast action for rollouts.
    fn rollout_action(&self, rng: &mut Rng, scratch: &mut Vec<Self::Action>) -> Self::Action;
    /// Each seat's reward in `[0, 1]` for a finished game, or an estimate for
    /// one cut off by the rollout depth.
    fn rewards(&self, out: &mut Vec<f64>);
}

/// One considered action at the root, for hints and explanations.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    pub action: A,
    pub visits: u32,
    /// Mean reward for the searching seat, in `[0, 1]`.
    pub value: f64,
}
