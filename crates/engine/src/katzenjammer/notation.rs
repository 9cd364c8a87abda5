//! Katzenjammer Blues' action notation (`shared/spec/scenarios.md`), the one
//! codec of its actions: scenario files, the bot protocol, the app's saves and
//! its worker's messages all read and write actions here.
//!
//! ```json
//! {"act": "pass"}
//! {"act": "bid", "kind": "same", "value": 2, "cards": ["2", "2", "J"]}
//! {"act": "bid", "kind": "different", "cards": ["1", "3", "J"]}
//! {"act": "present", "foursomes": [{"value": 3, "cards": ["3", "3", "3", "J"]},
//!                                  {"value": null, "cards": ["J", "J", "J", "J"]}]}
//! ```
//!
//! No `"seat"`: whose move it is belongs to the caller (a reader ignores the
//! key; the app's save writes it first, beside the action).

use super::{Action, Bid, BidKind, Card, Counts, Foursome, Presentation, Refusal, COPIES};
use crate::json::Json;
use crate::notation::read::{array, malformed, object, required, string};
use crate::notation::ActionError;

/// Cards in printing order, ascending with jokers last: `["1","1","3","J"]`.
pub fn cards_to_json(cards: &Counts) -> Json {
    Json::Arr(cards.cards().iter().map(|c| c.symbol().into()).collect())
}

/// An action in the notation, without `"seat"` (foursomes in the canonical
/// order of [`Presentation::to_foursomes`]). [`action_from_json`] reads it back.
pub fn action_to_json(action: &Action) -> Json {
    match action {
        Action::Pass => Json::obj([("act", "pass".into())]),
        Action::Bid(bid) => {
            let cards = ("cards", cards_to_json(&bid.cards));
            match bid.kind {
                BidKind::Same(v) => Json::obj([("act", "bid".into()), ("kind", "same".into()), ("value", v.into()), cards]),
                BidKind::Different => Json::obj([("act", "bid".into()), ("kind", "different".into()), cards]),
            }
        }
        Action::Present(p) => Json::obj([("act", "present".into()), ("foursomes", foursomes_to_json(p))]),
    }
}

/// A presentation as its canonical foursomes ([`Presentation::to_foursomes`]):
/// `[{"value": 3, "cards": ["3","3","3","J"]}, {"value": null, "cards": [...]}]`
/// (`null`: joker cats). The `"foursomes"` of a `present` action and of the
/// history's `presented` event.
pub fn foursomes_to_json(p: &Presentation) -> Json {
    Json::Arr(
        p.to_foursomes()
            .iter()
            .map(|f| Json::obj([("value", f.value.into()), ("cards", cards_to_json(&f.cards))]))
            .collect(),
    )
}

/// Reads one action object. A `"seat"` key is not read here. Whether the
/// action is legal in a position is the state's business ([`super::KbState::check`]).
pub fn action_from_json(value: &Json) -> Result<Action, ActionError<Refusal>> {
    read_action(value, "action")
}

/// [`action_from_json`], naming the object `at` in its errors (a scenario
/// file's `actions[3]`).
pub(crate) fn read_action(value: &Json, at: &str) -> Result<Action, ActionError<Refusal>> {
    let obj = object(value, at)?;
    let act = string(required(obj, "act", at)?, &format!("{at}.act"))?;
    let action = match act {
        "pass" => Action::Pass,
        "bid" => {
            let kind_text = string(required(obj, "kind", at)?, &format!("{at}.kind"))?;
            let bid_cards = cards(required(obj, "cards", at)?, &format!("{at}.cards"))?;
            let kind = match kind_text {
                "same" => BidKind::Same(value_1_to_5(required(obj, "value", at)?, &format!("{at}.value"))?),
                "different" => BidKind::Different,
                other => return Err(malformed(format!("{at}.kind is \"same\" or \"different\", not \"{other}\""))),
            };
            Action::Bid(Bid { kind, cards: bid_cards })
        }
        "present" => {
            let list = array(required(obj, "foursomes", at)?, &format!("{at}.foursomes"))?;
            // 90 cards make at most 22 foursomes: a longer list is garbage.
            if list.len() > 22 {
                return Err(malformed(format!("{at}.foursomes lists {} foursomes; a game has cards for 22 at most", list.len())));
            }
            let mut foursomes = Vec::with_capacity(list.len());
            for (j, f) in list.iter().enumerate() {
                let fat = format!("{at}.foursomes[{j}]");
                let fobj = object(f, &fat)?;
                let value = match fobj.get("value") {
                    None | Some(Json::Null) => None,
                    Some(v) => Some(value_1_to_5(v, &format!("{fat}.value"))?),
                };
                foursomes.push(Foursome { value, cards: cards(required(fobj, "cards", &fat)?, &format!("{fat}.cards"))? });
            }
            // Each foursome's own rules (KB-15/16) are the referee's: a wrong
            // foursome is a refused action, not a malformed one.
            match Presentation::from_foursomes(&foursomes) {
                Ok(p) => Action::Present(p),
                Err(e) => return Err(ActionError::Refused(e)),
            }
        }
        other => return Err(malformed(format!("{at}.act is \"pass\", \"bid\" or \"present\", not \"{other}\""))),
    };
    Ok(action)
}

/// One card by name: `"1"`..`"5"` or `"J"`.
pub(crate) fn card(value: &Json, what: &str) -> Result<Card, ActionError<Refusal>> {
    let text = value
        .as_str()
        .ok_or_else(|| malformed(format!("{what}: a card is a string \"1\"..\"5\" or \"J\", not {value}")))?;
    Card::parse(text).ok_or_else(|| malformed(format!("{what}: unknown card name \"{text}\" (cards are \"1\"..\"5\" and \"J\")")))
}

/// A list of cards; more copies of a card than the game has are malformed
/// (and would overflow the counts).
fn cards(value: &Json, what: &str) -> Result<Counts, ActionError<Refusal>> {
    let mut counts = Counts::EMPTY;
    for (i, c) in array(value, what)?.iter().enumerate() {
        let card = card(c, &format!("{what}[{i}]"))?;
        if counts.get(card) >= COPIES {
            return Err(malformed(format!("{what} has more {} cards than the game's {COPIES}", card.symbol())));
        }
        counts.add(card, 1);
    }
    Ok(counts)
}

fn value_1_to_5(value: &Json, what: &str) -> Result<u8, ActionError<Refusal>> {
    value
        .as_u64()
        .filter(|v| (1..=5).contains(v))
        .map(|v| v as u8)
        .ok_or_else(|| malformed(format!("{what} must be a value from 1 to 5, not {value}")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::katzenjammer::{KbState, Options};
    use crate::Seed;

    fn read(text: &str) -> Result<Action, ActionError<Refusal>> {
        action_from_json(&Json::parse(text).unwrap())
    }

    /// Every legal action of many positions survives the trip to JSON and back.
    #[test]
    fn actions_read_back_what_they_write() {
        let mut legal = Vec::new();
        let mut positions = 0;
        for game in 0..6u64 {
            let players = 2 + (game as usize % 5);
            let mut state = KbState::new_game(players, Options::default(), Seed::from_number(game)).unwrap();
            let mut turn = 0usize;
            while state.to_act().is_some() {
                state.legal_actions(&mut legal);
                for action in &legal {
                    let json = action_to_json(action);
                    assert!(json.get("seat").is_none());
                    assert_eq!(action_from_json(&json).as_ref(), Ok(action), "{json}");
                }
                positions += 1;
                turn += 1;
                let pick = legal[(turn * 7) % legal.len()];
                state.apply(&pick).unwrap();
            }
        }
        assert!(positions > 100, "{positions}");
    }

    #[test]
    fn the_notation_is_the_documented_one() {
        let bid = Action::Bid(Bid { kind: BidKind::Same(2), cards: Counts([0, 2, 0, 0, 0, 1]) });
        assert_eq!(action_to_json(&bid).text(), r#"{"act":"bid","kind":"same","value":2,"cards":["2","2","J"]}"#);
        let diff = Action::Bid(Bid { kind: BidKind::Different, cards: Counts([1, 0, 1, 0, 0, 1]) });
        assert_eq!(action_to_json(&diff).text(), r#"{"act":"bid","kind":"different","cards":["1","3","J"]}"#);
        let cats = Presentation { foursomes: [0, 0, 1, 0, 0], jokers: [0, 0, 1, 0, 0], cats: 1 };
        assert_eq!(
            action_to_json(&Action::Present(cats)).text(),
            r#"{"act":"present","foursomes":[{"value":3,"cards":["3","3","3","J"]},{"value":null,"cards":["J","J","J","J"]}]}"#
        );
        assert_eq!(action_to_json(&Action::Pass).text(), r#"{"act":"pass"}"#);
    }

    #[test]
    fn bad_action_objects_are_malformed_or_refused() {
        assert!(matches!(read(r#"{"act": "fly"}"#), Err(ActionError::Malformed(_))));
        assert!(matches!(read(r#"[1, 2]"#), Err(ActionError::Malformed(_))));
        assert!(matches!(read(r#"{"act": "bid", "kind": "same", "cards": ["2"]}"#), Err(ActionError::Malformed(_))));
        assert!(matches!(read(r#"{"act": "bid", "kind": "different", "cards": ["7"]}"#), Err(ActionError::Malformed(_))));
        let too_many = format!(r#"{{"act": "bid", "kind": "same", "value": 1, "cards": [{}]}}"#, vec!["\"1\""; 300].join(","));
        assert!(matches!(read(&too_many), Err(ActionError::Malformed(_))));
        let three = r#"{"act": "present", "foursomes": [{"value": 3, "cards": ["3","3","3"]}]}"#;
        assert!(matches!(read(three), Err(ActionError::Refused(_))));
        assert_eq!(read(r#"{"seat": 4, "act": "pass"}"#), Ok(Action::Pass));
    }
}
