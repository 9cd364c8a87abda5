//! What the lessons need of a game's engine: its position from a scenario,
//! its actions read and written in its notation, and a refusal's kind. Each
//! game's answer is its module, one line a game below (`rules/<game>.rs`);
//! nothing else here names a game.

#[cfg(any(test, feature = "test-game"))]
pub mod highcard;
pub mod jachete;
pub mod katzenjammer;

use tablee_engine::json::Json;
use tablee_engine::notation::ActionError;
use tablee_engine::game::Refusal;
use tablee_engine::{Game, RuleError, Seat};

use crate::words::Scene;

/// A game the lessons can teach.
pub trait Rules {
    type State: Game;
    /// The game's code (`"katzenjammer"`), a lesson file's `"game"`.
    const GAME: &'static str;
    /// The scenario's position before its `actions`.
    fn start(position: &Json) -> Result<Self::State, String>;
    /// An action in the notation (its `"seat"` not read): `Err` holds the
    /// engine's refusal of an action no position accepts, or why it does not read.
    fn read(action: &Json) -> Result<<Self::State as Game>::Action, Result<RuleError<<Self::State as Game>::Refusal>, String>>;
    /// How many taps the table needs for `action` in `state` (a bid: each
    /// card, then Bid).
    fn taps(state: &Self::State, action: &Json) -> usize;
    /// What `learner` sees in `state` that a coach's line may name: the
    /// money shown, the card drawn (marked in the hand), the cards in view.
    fn scene(_state: &Self::State, _learner: Seat) -> Scene {
        Scene::default()
    }
    /// The cards a text names, in order, in the notation (`"QC"`): none for
    /// a game whose lines name no single card.
    fn named(_text: &str, _fr: bool) -> Vec<String> {
        Vec::new()
    }
    /// The cards `action` plays in `state` (laid, moved, swapped, discarded,
    /// bought), in the notation.
    fn involved(_state: &Self::State, _action: &Json) -> Vec<String> {
        Vec::new()
    }
}

/// The name of a refusal's kind: the engine's variant (`"DoesNotBeat"`,
/// `"NotAPersonsTurn"`), which a lesson's refused example names.
pub fn reason<R: Refusal>(error: &RuleError<R>) -> String {
    let debug = match error.refusal().shared() {
        Some(shared) => format!("{shared:?}"),
        None => format!("{:?}", error.refusal()),
    };
    debug.chars().take_while(char::is_ascii_alphanumeric).collect()
}

/// A notation's error as [`Rules::read`] gives it.
pub(crate) fn read_error<R>(e: ActionError<R>) -> Result<RuleError<R>, String> {
    match e {
        ActionError::Refused(r) => Ok(r),
        ActionError::Malformed(m) => Err(m),
    }
}
