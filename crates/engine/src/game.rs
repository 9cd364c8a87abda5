//! The game-agnostic API every Tablée game implements, and that the UI, the
//! scenario runner, the arena and the search bots are written against.
//!
//! A game is a state machine with hidden information:
//! - [`Game::to_act`] says whose decision it is (chance steps — reveals, draws —
//!   happen inside [`Game::apply`], driven by the state's own stock order);
//! - [`Game::actions`] generates actions; [`Game::ACTIONS_EXHAUSTIVE`] says
//!   whether that list is every legal action (Katzenjammer) or a bot-oriented
//!   subset of an action space too large to list (J'achète's table plays), in
//!   which case any other action can still be proposed and is validated;
//! - [`Game::apply`] applies one action or refuses it with a [`RuleError`],
//!   leaving the state untouched;
//! - [`Game::view`] is what one seat may know; search bots rebuild full states
//!   from a view by sampling the hidden cards consistently with it.

use std::fmt;

/// A seat at the table, `0..players`. Seat `s + 1` is left of (clockwise from) `s`.
pub type Seat = usize;

/// Why an action was refused. The message is for people: it says which rule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    message: String,
}

impl RuleError {
    pub fn new(message: impl Into<String>) -> Self {
        RuleError { message: message.into() }
    }

    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for RuleError {}

/// The end of a game: native scores and who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each seat's final score in the game's own unit (mice, points).
    pub scores: Vec<i32>,
    /// The winning seats; several share the victory.
    pub winners: Vec<Seat>,
}

impl Outcome {
    /// The seat's share of the victory: 1/k for each of k winners, else 0.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(&seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

pub trait Game: Clone {
    /// A player's decision.
    type Action: Clone + PartialEq + fmt::Debug;
    /// What one seat knows.
    type View: Clone;

    /// Short machine name ("katzenjammer", "jachete").
    const NAME: &'static str;
    /// True when [`Game::actions`] lists every legal action.
    const ACTIONS_EXHAUSTIVE: bool;

    fn players(&self) -> usize;
    /// The seat whose decision it is, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }
    /// Appends the generated actions for the seat to act to `out` (cleared first),
    /// so hot loops reuse one buffer. Empty when the game is over.
    fn actions(&self, out: &mut Vec<Self::Action>);
    /// Checks an action without applying it.
    fn check(&self, action: &Self::Action) -> Result<(), RuleError>;
    /// Applies an action (and every automatic step after it), or refuses it and
    /// leaves the state unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<(), RuleError>;
    /// The information of one seat: public facts plus that seat's own hand.
    fn view(&self, seat: Seat) -> Self::View;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}
