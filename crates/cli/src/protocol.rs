//! The game side of the bot protocol (docs/bot-protocol.md): how one game's
//! views, actions, options and results are written as JSON. The messages are
//! the same for every game — `"game"` in `hello` says which one is played —
//! and each game plugs in with its [`ProtocolGame`], in its folder
//! (`games/<game>/mod.rs`: Katzenjammer Blues and J'achète, both over their
//! action codecs and their scenario encoders).
//!
//! The engine writes its small `Json` values (objects in the order built); the
//! messages carry them as `serde_json` values, whose objects keep their keys
//! sorted, as the arena's messages always had them (docs/bot-protocol.md).

use serde_json::Value;
use tablee_engine::json::Json;
use tablee_engine::notation::ActionError;
use tablee_engine::{Game, Seat};

/// The protocol version the arena speaks (`"protocol"` in `hello`).
pub const VERSION: u64 = 1;

/// Why an action object sent by a bot cannot be played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum BadAction {
    /// Not written in the action notation: the answer is garbage.
    Unreadable(String),
    /// Readable, but the rules refuse it whatever the position.
    Refused(String),
}

/// An engine JSON value as a message value (its keys then sorted; a repeated
/// key keeps its last value).
pub fn to_value(json: &Json) -> Value {
    match json {
        Json::Null => Value::Null,
        Json::Bool(b) => Value::Bool(*b),
        // The engine writes valid JSON numbers, which serde_json reads.
        Json::Num(text) => text.parse().map_or(Value::Null, Value::Number),
        Json::Str(text) => Value::String(text.clone()),
        Json::Arr(items) => Value::Array(items.iter().map(to_value).collect()),
        Json::Obj(fields) => Value::Object(fields.iter().map(|(key, value)| (key.clone(), to_value(value))).collect()),
    }
}

/// A value read from a bot as an engine JSON value, for the action codecs.
pub fn from_value(value: &Value) -> Json {
    match value {
        Value::Null => Json::Null,
        Value::Bool(b) => Json::Bool(*b),
        Value::Number(n) => Json::Num(n.to_string()),
        Value::String(text) => Json::Str(text.clone()),
        Value::Array(items) => Json::Arr(items.iter().map(from_value).collect()),
        Value::Object(fields) => Json::Obj(fields.iter().map(|(key, value)| (key.clone(), from_value(value))).collect()),
    }
}

impl<R: std::fmt::Display> From<ActionError<R>> for BadAction {
    fn from(e: ActionError<R>) -> BadAction {
        match e {
            ActionError::Malformed(m) => BadAction::Unreadable(m),
            ActionError::Refused(e) => BadAction::Refused(e.to_string()),
        }
    }
}

/// A game the bot protocol can carry.
pub trait ProtocolGame: Game {
    /// The view sent in `decide` and `game_over`.
    fn view_json(view: &Self::View) -> Value;
    /// The seat a view belongs to.
    fn view_seat(view: &Self::View) -> Seat;
    /// The number of players at the table of a view.
    fn view_players(view: &Self::View) -> usize;
    /// The game options, as in a scenario file's `"options"`.
    fn options_json(view: &Self::View) -> Value;
    /// One action in the scenario notation, without `"seat"`.
    fn action_json(action: &Self::Action) -> Value;
    /// Reads an action object sent by a bot (its `"seat"` is not read here).
    fn read_action(value: &Value) -> Result<Self::Action, BadAction>;
    /// The result of a finished game, as in a scenario's `"result"`.
    fn result_json(state: &Self) -> Value;
}

/// One message as one line of JSON, its keys in the given order (`"type"`
/// first, for people reading a transcript); values are compact JSON.
pub fn message(pairs: &[(&str, Value)]) -> String {
    let fields: Vec<String> = pairs.iter().map(|(key, value)| format!("{}:{value}", Value::from(*key))).collect();
    format!("{{{}}}", fields.join(","))
}

/// The no-leak tests' shared checks: every seat is sent its own view only
/// (each game's test: `games/<game>/protocol_leaks.rs`).
#[cfg(test)]
#[path = "protocol_leaks.rs"]
pub(crate) mod leaks;
