//! High card scenarios (`"game": "highcard"`), the tests' game, read as the
//! others' are (`shared/spec/scenarios.md`; this game's part is
//! `tests/scenarios/highcard/README.md`):
//!
//! ```text
//! {
//!   "game": "highcard",
//!   "players": 3,                     // 2..4 (HC-1)
//!   "hands": [[7], [2], [5]],         // one card a seat, 1..9
//!   "stock": [9, 1],                  // top card first; the cards missing go
//!                                     //   to its bottom, ascending
//!   "actions": [{"seat": 0, "act": "keep"}, {"seat": 1, "act": "swap"}, ...]
//! }
//! ```
//!
//! Output: `"ok"` (or `"error_at"` and `"error"`), `"state"` (`"phase"`:
//! `"choosing"` or `"over"`, `"to_act"`, `"stock"`: the cards left,
//! `"players"`: each one's `"card"` and `"chose"`, `"keep"`, `"swap"` or
//! null) and, once over, `"result"` (`"scores"`, `"winners"`; HC-3).

use super::notation::{self, action_to_json};
use super::HcState;
use crate::json::Json;
use crate::notation::read::{object, required, uint};
use crate::scenario::{hands_and_stock, list, run_with, Malformed};
use crate::Game;

/// Runs a High card scenario (its `"game"` already read) and gives the output object.
pub fn run(input: &Json) -> Result<Json, Malformed> {
    let over = "everyone has chosen: no more actions";
    run_with(input, notation::read_action, start, over, HcState::to_act, HcState::apply, |s| (state_json(s), result_json(s)))
}

/// The scenario's position before its actions.
pub fn start(input: &Json) -> Result<HcState, Malformed> {
    if let Some(options) = input.get("options") {
        if let Json::Obj(fields) = object(options, "\"options\"")? {
            if let Some((name, _)) = fields.first() {
                return Err(Malformed(format!("unknown option \"{name}\" (High card has none)")));
            }
        }
    }
    let players = uint(required(input, "players", "the scenario")?, "\"players\"")?;
    let (hands, stock) = hands_and_stock(input, notation::card)?;
    HcState::from_position(players, &hands, &stock).map_err(Malformed)
}

/// The output's `"state"`: every card, and what each seat chose.
fn state_json(state: &HcState) -> Json {
    let players = state
        .hands()
        .iter()
        .enumerate()
        .map(|(seat, &card)| {
            let chose = state.chosen().get(seat).map_or(Json::Null, |a| action_to_json(a).get("act").cloned().unwrap_or(Json::Null));
            Json::obj([("card", u32::from(card).into()), ("chose", chose)])
        })
        .collect();
    Json::obj([
        ("phase", Json::str(if state.to_act().is_some() { "choosing" } else { "over" })),
        ("to_act", state.to_act().into()),
        ("stock", state.stock_len().into()),
        ("players", Json::Arr(players)),
    ])
}

/// The output's `"result"` once everyone has chosen (HC-3).
fn result_json(state: &HcState) -> Option<Json> {
    let outcome = state.outcome()?;
    Some(Json::obj([("scores", list(&outcome.scores)), ("winners", list(&outcome.winners))]))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scenario(text: &str) -> Result<Json, Malformed> {
        crate::scenario::parse(text).and_then(|input| run(&input))
    }

    #[test]
    fn hc1_hc2_hc3_a_position_is_played_to_its_end() {
        let out = scenario(r#"{"players": 2, "hands": [[3], [8]], "stock": [9], "actions": [{"seat": 0, "act": "swap"}, {"seat": 1, "act": "keep"}]}"#).unwrap();
        assert_eq!(out.get("ok"), Some(&Json::Bool(true)));
        let state = out.get("state").unwrap();
        assert_eq!(state.get("stock").and_then(Json::as_u64), Some(6), "9 taken; 1, 2, 4..7 below it, less the 9");
        assert_eq!(out.get("result").unwrap().text(), r#"{"scores":[9,8],"winners":[0]}"#);
    }

    #[test]
    fn hc1_a_file_that_deals_otherwise_is_malformed() {
        let two_cards = scenario(r#"{"players": 2, "hands": [[3, 4], [8]]}"#).unwrap_err();
        assert_eq!(two_cards.0, "hands[0] holds 2 cards: each player is dealt one (HC-1)");
        let twice = scenario(r#"{"players": 2, "hands": [[3], [8]], "stock": [3]}"#).unwrap_err();
        assert!(twice.0.starts_with("card 3 twice"), "{twice}");
        assert!(scenario(r#"{"players": 2, "hands": [[0], [8]]}"#).unwrap_err().0.contains("not a card"));
    }
}
