//! What the lessons need of a game's engine: its position from a scenario,
//! its actions read and written in its notation, and a refusal's kind.

use tablee_engine::json::Json;
use tablee_engine::jachete::{self as ja, JaAction, JaGame};
use tablee_engine::katzenjammer::{self as kb, KbState};
use tablee_engine::notation::ActionError;
use tablee_engine::scenario;
use tablee_engine::game::Refusal;
use tablee_engine::{Game, RuleError};

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

fn read_error<R>(e: ActionError<R>) -> Result<RuleError<R>, String> {
    match e {
        ActionError::Refused(r) => Ok(r),
        ActionError::Malformed(m) => Err(m),
    }
}

pub struct Katzenjammer;

impl Rules for Katzenjammer {
    type State = KbState;
    const GAME: &'static str = "katzenjammer";

    fn start(position: &Json) -> Result<KbState, String> {
        scenario::katzenjammer::start(position).map_err(|m| m.0)
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
}

pub struct Jachete;

impl Rules for Jachete {
    type State = JaGame;
    const GAME: &'static str = "jachete";

    fn start(position: &Json) -> Result<JaGame, String> {
        scenario::jachete::start(position).map(JaGame::from_round).map_err(|m| m.0)
    }

    fn read(action: &Json) -> Result<JaAction, Result<RuleError<<JaGame as Game>::Refusal>, String>> {
        ja::notation::action_from_json(action).map_err(read_error)
    }

    /// A table laid: each card from the hand, then each meld made or
    /// changed (New meld, or the meld added to), then Play; a discard: the
    /// card, then Discard.
    fn taps(state: &JaGame, action: &Json) -> usize {
        match Self::read(action) {
            Ok(JaAction::Play { table }) => {
                let before = state.round().table();
                let laid: usize = table.iter().map(|m| m.cards.len()).sum::<usize>() - before.iter().map(|m| m.cards.len()).sum::<usize>();
                let changed = table.iter().enumerate().filter(|(i, m)| before.get(*i) != Some(m)).count();
                laid + changed + 1
            }
            Ok(JaAction::Discard(_)) => 2,
            _ => 1,
        }
    }
}
