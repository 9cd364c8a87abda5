//! The action notation: every game writes its actions as JSON objects in one
//! notation (`shared/spec/scenarios.md`), read and written by one codec per
//! game (`katzenjammer::notation`, `jachete::notation`). Scenario files, the
//! bot protocol, the app's saves and its worker's messages all use it.

use std::fmt;

use crate::game::RuleError;
use crate::json::Json;

/// Why an action object is not an action.
/// `R` is the game's refusal ([`crate::game::Game::Refusal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError<R> {
    /// It is not written in the action notation (unknown "act", a card name
    /// that does not exist, a missing key…).
    Malformed(String),
    /// It is written correctly but no rule can ever accept it (a foursome of
    /// three cards): the referee refuses it, with its typed reason. Worded
    /// only when displayed: a reader that never shows it (the app, whose
    /// saves hold only legal actions) carries none of the engine's texts.
    Refused(RuleError<R>),
}

impl<R: fmt::Display> fmt::Display for ActionError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ActionError::Malformed(m) => f.write_str(m),
            ActionError::Refused(e) => e.fmt(f),
        }
    }
}

impl<R: fmt::Display + fmt::Debug> std::error::Error for ActionError<R> {}

/// Small readers that name the offending key, shared by the games' codecs.
pub(crate) mod read {
    use super::{ActionError, Json};

    /// What a reader found wrong: the action (or the scenario file) is
    /// malformed, whichever game it is for.
    pub struct Bad(pub String);

    impl<R> From<Bad> for ActionError<R> {
        fn from(bad: Bad) -> Self {
            ActionError::Malformed(bad.0)
        }
    }

    pub fn malformed<R>(text: String) -> ActionError<R> {
        ActionError::Malformed(text)
    }

    fn bad(text: String) -> Bad {
        Bad(text)
    }

    pub fn object<'a>(value: &'a Json, what: &str) -> Result<&'a Json, Bad> {
        match value {
            Json::Obj(_) => Ok(value),
            _ => Err(bad(format!("{what} must be an object, not {value}"))),
        }
    }

    pub fn required<'a>(obj: &'a Json, key: &str, at: &str) -> Result<&'a Json, Bad> {
        obj.get(key).ok_or_else(|| bad(format!("{at} has no \"{key}\"")))
    }

    pub fn string<'a>(value: &'a Json, what: &str) -> Result<&'a str, Bad> {
        value.as_str().ok_or_else(|| bad(format!("{what} must be a string, not {value}")))
    }

    pub fn array<'a>(value: &'a Json, what: &str) -> Result<&'a [Json], Bad> {
        value.as_array().ok_or_else(|| bad(format!("{what} must be a list, not {value}")))
    }

    /// A whole number ≥ 0 (a seat, a count).
    pub fn uint(value: &Json, what: &str) -> Result<usize, Bad> {
        value
            .as_u64()
            .and_then(|n| usize::try_from(n).ok())
            .ok_or_else(|| bad(format!("{what} must be a whole number ≥ 0, not {value}")))
    }
}
