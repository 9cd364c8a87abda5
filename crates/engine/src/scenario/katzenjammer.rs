//! Katzenjammer Blues scenarios (`"game": "katzenjammer"`), and the JSON
//! encoders the bot protocol shares with them (docs/bot-protocol.md): actions
//! in the scenario notation both ways, views, public events and results.

use serde_json::{json, Value};

use super::json::{array, object, required, string, uint, Object};
use super::Malformed;
use crate::katzenjammer::{
    Action, Bid, BidKind, Card, Counts, EndCause, Event, Foursome, KbState, KbView, Options, Phase, Presentation,
    StandingBid,
};

/// One action as written in the file: the seat that claims to move, and what.
/// A well-formed action the rules can never accept (a three-card "foursome")
/// is kept as its refusal, reported when its turn comes.
struct Step {
    seat: usize,
    action: Result<Action, String>,
}

pub(super) fn run(input: &Object) -> Result<Value, Malformed> {
    let players = uint(required(input, "players", "the scenario")?, "\"players\"")?;
    let options = parse_options(input.get("options"))?;
    let bandleader = uint(required(input, "bandleader", "the scenario")?, "\"bandleader\"")?;
    let hands_json = array(required(input, "hands", "the scenario")?, "\"hands\"")?;
    let hands = hands_json
        .iter()
        .enumerate()
        .map(|(i, h)| cards(h, &format!("hands[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let stock = match input.get("stock") {
        Some(s) => cards(s, "\"stock\"")?,
        None => Vec::new(),
    };
    let steps = match input.get("actions") {
        Some(a) => array(a, "\"actions\"")?
            .iter()
            .enumerate()
            .map(|(i, a)| step(a, i))
            .collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let mut state = KbState::from_position(players, options, bandleader, &hands, &stock)
        .map_err(|e| Malformed(e.to_string()))?;

    for (i, step) in steps.iter().enumerate() {
        let refused = match state.to_act() {
            None => Some("the game is over: no more actions".to_string()),
            Some(turn) if turn != step.seat => {
                Some(format!("it is seat {turn}'s move, not seat {}'s", step.seat))
            }
            Some(_) => match &step.action {
                Ok(action) => state.apply(action).err().map(|e| e.to_string()),
                Err(refusal) => Some(refusal.clone()),
            },
        };
        if let Some(error) = refused {
            return Ok(output(&state, Some((i, error))));
        }
    }
    Ok(output(&state, None))
}

fn parse_options(value: Option<&Value>) -> Result<Options, Malformed> {
    let Some(value) = value else { return Ok(Options::default()) };
    let obj = object(value, "\"options\"")?;
    let mut options = Options::default();
    for (key, v) in obj {
        match key.as_str() {
            "full_mice" => {
                options.full_mice =
                    v.as_bool().ok_or_else(|| Malformed(format!("option \"full_mice\" is true or false, not {v}")))?
            }
            other => return Err(Malformed(format!("unknown option \"{other}\" (known: \"full_mice\")"))),
        }
    }
    Ok(options)
}

fn card(value: &Value, what: &str) -> Result<Card, Malformed> {
    let text = value
        .as_str()
        .ok_or_else(|| Malformed(format!("{what}: a card is a string \"1\"..\"5\" or \"J\", not {value}")))?;
    Card::parse(text).ok_or_else(|| Malformed(format!("{what}: unknown card name \"{text}\" (cards are \"1\"..\"5\" and \"J\")")))
}

fn cards(value: &Value, what: &str) -> Result<Vec<Card>, Malformed> {
    array(value, what)?.iter().enumerate().map(|(i, c)| card(c, &format!("{what}[{i}]"))).collect()
}

fn value_1_to_5(value: &Value, what: &str) -> Result<u8, Malformed> {
    value
        .as_u64()
        .filter(|v| (1..=5).contains(v))
        .map(|v| v as u8)
        .ok_or_else(|| Malformed(format!("{what} must be a value from 1 to 5, not {value}")))
}

fn step(value: &Value, index: usize) -> Result<Step, Malformed> {
    let at = format!("actions[{index}]");
    let obj = object(value, &at)?;
    let seat = uint(required(obj, "seat", &at)?, &format!("{at}.seat"))?;
    match parse_action(obj, &at) {
        Ok(action) => Ok(Step { seat, action: Ok(action) }),
        Err(ActionError::Refused(refusal)) => Ok(Step { seat, action: Err(refusal) }),
        Err(ActionError::Malformed(message)) => Err(Malformed(message)),
    }
}

/// Why an action object is not an action.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ActionError {
    /// It is not written in the action notation (unknown "act", a card name
    /// that does not exist, a missing key…).
    Malformed(String),
    /// It is written correctly but no rule can ever accept it (a foursome of
    /// three cards): the referee refuses it.
    Refused(String),
}

impl std::fmt::Display for ActionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ActionError::Malformed(m) | ActionError::Refused(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for ActionError {}

/// Reads one action object in the scenario notation (`{"act": "bid", ...}`).
/// A `"seat"` key is not read here: whose move it is is the caller's business.
/// Whether the action is legal in a position is the state's business
/// ([`KbState::check`]); this only reads it.
pub fn action_from_json(value: &Value) -> Result<Action, ActionError> {
    let at = "action";
    let obj = object(value, at).map_err(|m| ActionError::Malformed(m.0))?;
    parse_action(obj, at)
}

fn parse_action(obj: &Object, at: &str) -> Result<Action, ActionError> {
    let malformed = |m: Malformed| ActionError::Malformed(m.0);
    let act = string(required(obj, "act", at).map_err(malformed)?, &format!("{at}.act")).map_err(malformed)?;
    let action = match act {
        "pass" => Action::Pass,
        "bid" => {
            let read = || -> Result<Action, Malformed> {
                let kind_text = string(required(obj, "kind", at)?, &format!("{at}.kind"))?;
                let bid_cards = Counts::of(&cards(required(obj, "cards", at)?, &format!("{at}.cards"))?);
                let kind = match kind_text {
                    "same" => BidKind::Same(value_1_to_5(required(obj, "value", at)?, &format!("{at}.value"))?),
                    "different" => BidKind::Different,
                    other => {
                        return Err(Malformed(format!("{at}.kind is \"same\" or \"different\", not \"{other}\"")))
                    }
                };
                Ok(Action::Bid(Bid { kind, cards: bid_cards }))
            };
            read().map_err(malformed)?
        }
        "present" => {
            let read = || -> Result<Vec<Foursome>, Malformed> {
                let list = array(required(obj, "foursomes", at)?, &format!("{at}.foursomes"))?;
                let mut foursomes = Vec::with_capacity(list.len());
                for (j, f) in list.iter().enumerate() {
                    let fat = format!("{at}.foursomes[{j}]");
                    let fobj = object(f, &fat)?;
                    let value = match fobj.get("value") {
                        None | Some(Value::Null) => None,
                        Some(v) => Some(value_1_to_5(v, &format!("{fat}.value"))?),
                    };
                    let fcards = Counts::of(&cards(required(fobj, "cards", &fat)?, &format!("{fat}.cards"))?);
                    foursomes.push(Foursome { value, cards: fcards });
                }
                Ok(foursomes)
            };
            // Each foursome's own rules (KB-15/16) are checked when applying, so
            // a wrong foursome is a refused action, not a malformed one.
            match Presentation::from_foursomes(&read().map_err(malformed)?) {
                Ok(p) => Action::Present(p),
                Err(e) => return Err(ActionError::Refused(e.to_string())),
            }
        }
        other => {
            return Err(ActionError::Malformed(format!(
                "{at}.act is \"pass\", \"bid\" or \"present\", not \"{other}\""
            )))
        }
    };
    Ok(action)
}

fn output(state: &KbState, error: Option<(usize, String)>) -> Value {
    let n = state.players();
    let players: Vec<Value> = (0..n)
        .map(|s| {
            json!({
                "hand": cards_json(&state.hand(s)),
                "mice": state.mice(s),
                "jokers_shown": state.jokers_shown(s),
            })
        })
        .collect();
    let mut out = json!({
        "ok": error.is_none(),
        "state": {
            "phase": state.phase().name(),
            "to_act": state.to_act(),
            "bandleader": state.bandleader(),
            "row": state.row().iter().map(|c| c.symbol()).collect::<Vec<_>>(),
            "high_bid": high_bid_json(state.high_bid()),
            "passed": state.passed(),
            "stock": state.stock_len(),
            "mice_left": state.mice_left(),
            "discard": discard_json(&state.discard()),
            "players": players,
        },
    });
    if let Some((index, message)) = error {
        out["error_at"] = json!(index);
        out["error"] = json!(message);
    }
    if let Some(result) = result_to_json(state) {
        out["result"] = result;
    }
    out
}

// ----- encoders shared with the bot protocol (docs/bot-protocol.md) ----------

/// Cards in printing order, ascending with jokers last: `["1","1","3","J"]`.
pub fn cards_json(cards: &Counts) -> Value {
    Value::from(cards.cards().iter().map(|c| c.symbol()).collect::<Vec<_>>())
}

/// The discard pile as counts per kind: `{"1": 0, ..., "5": 0, "J": 4}`.
fn discard_json(discard: &Counts) -> Value {
    json!({
        "1": discard.get(Card::One), "2": discard.get(Card::Two), "3": discard.get(Card::Three),
        "4": discard.get(Card::Four), "5": discard.get(Card::Five), "J": discard.get(Card::Joker),
    })
}

/// `"kind"` and `"value"` of a bid level: `("same", 2)` or `("different", null)`.
fn kind_json(kind: BidKind) -> (&'static str, Value) {
    match kind {
        BidKind::Same(v) => ("same", json!(v)),
        BidKind::Different => ("different", Value::Null),
    }
}

fn high_bid_json(bid: Option<StandingBid>) -> Value {
    bid.map_or(Value::Null, |b| {
        let (kind, value) = kind_json(b.level.kind);
        json!({"seat": b.seat, "kind": kind, "value": value, "count": b.level.count})
    })
}

/// An action in the scenario notation, without `"seat"`:
/// `{"act": "pass"}`, `{"act": "bid", "kind": "same", "value": 2, "cards": ["2","2","J"]}`,
/// `{"act": "bid", "kind": "different", "cards": ["1","3","J"]}` (no `"value"`),
/// `{"act": "present", "foursomes": [{"value": 3, "cards": ["3","3","3","J"]}, ...]}`
/// (`"value": null` for joker cats; the canonical foursome list of
/// [`Presentation::to_foursomes`]). [`action_from_json`] reads it back.
pub fn action_to_json(action: &Action) -> Value {
    match action {
        Action::Pass => json!({"act": "pass"}),
        Action::Bid(bid) => match bid.kind {
            BidKind::Same(v) => json!({"act": "bid", "kind": "same", "value": v, "cards": cards_json(&bid.cards)}),
            BidKind::Different => json!({"act": "bid", "kind": "different", "cards": cards_json(&bid.cards)}),
        },
        Action::Present(p) => json!({"act": "present", "foursomes": foursomes_json(p)}),
    }
}

fn foursomes_json(p: &Presentation) -> Value {
    Value::from(
        p.to_foursomes()
            .iter()
            .map(|f| json!({"value": f.value, "cards": cards_json(&f.cards)}))
            .collect::<Vec<_>>(),
    )
}

/// One public event of the history (KB-13, KB-21), tagged by `"event"`:
/// `dealt`, `revealed`, `drew`, `bid`, `passed`, `won`, `row_discarded`,
/// `presented`, `game_over`. Nothing private: a draw has no card, a bid no cards.
pub fn event_to_json(event: &Event) -> Value {
    match *event {
        Event::Dealt { bandleader } => json!({"event": "dealt", "bandleader": bandleader}),
        Event::Revealed { card } => json!({"event": "revealed", "card": card.symbol()}),
        Event::Drew { seat } => json!({"event": "drew", "seat": seat}),
        Event::Bid { seat, level } => {
            let (kind, value) = kind_json(level.kind);
            json!({"event": "bid", "seat": seat, "kind": kind, "value": value, "count": level.count})
        }
        Event::Passed { seat } => json!({"event": "passed", "seat": seat}),
        Event::Won { seat, paid, row } => {
            json!({"event": "won", "seat": seat, "paid": cards_json(&paid), "row": cards_json(&row)})
        }
        Event::RowDiscarded { row } => json!({"event": "row_discarded", "row": cards_json(&row)}),
        Event::Presented { seat, presentation, mice } => json!({
            "event": "presented", "seat": seat, "foursomes": foursomes_json(&presentation), "mice": mice,
        }),
        Event::GameOver { cause } => json!({
            "event": "game_over",
            "cause": match cause { EndCause::Stock => "stock", EndCause::Mice => "mice" },
        }),
    }
}

/// One seat's view in the bot protocol: the keys of the scenario `"state"`
/// object, except that each entry of `"players"` has `"hand_size"` instead of
/// `"hand"` (the viewer's own entry has both), plus `"seat"` (the viewer) and
/// `"history"` (the public events, oldest first, [`event_to_json`]).
pub fn view_to_json(view: &KbView) -> Value {
    let players: Vec<Value> = (0..view.players)
        .map(|s| {
            let mut p = json!({
                "hand_size": view.hand_sizes[s],
                "mice": view.mice[s],
                "jokers_shown": view.jokers_shown[s],
            });
            if s == view.seat {
                p["hand"] = cards_json(&view.hand);
            }
            p
        })
        .collect();
    json!({
        "seat": view.seat,
        "phase": view.phase.name(),
        "to_act": view.to_act,
        "bandleader": view.bandleader,
        "row": view.row.iter().map(|c| c.symbol()).collect::<Vec<_>>(),
        "high_bid": high_bid_json(view.high_bid),
        "passed": view.passed,
        "stock": view.stock,
        "mice_left": view.mice_left,
        "discard": discard_json(&view.discard),
        "players": players,
        "history": view.history.iter().map(event_to_json).collect::<Vec<_>>(),
    })
}

/// The options object of a scenario: `{"full_mice": false}`.
pub fn options_to_json(options: Options) -> Value {
    json!({"full_mice": options.full_mice})
}

/// The scenario `"result"` object of a finished game (`None` while it runs):
/// `{"mice": [...], "jokers": [...], "winners": [...]}`, mice after KB-18.
pub fn result_to_json(state: &KbState) -> Option<Value> {
    if state.phase() != Phase::Over {
        return None;
    }
    state.outcome().map(|outcome| {
        json!({
            "mice": outcome.scores,
            "jokers": state.final_jokers(),
            "winners": outcome.winners,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::katzenjammer::Options;
    use crate::Seed;

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
    fn bad_action_objects_are_malformed_or_refused() {
        let read = |text: &str| action_from_json(&serde_json::from_str(text).unwrap());
        assert!(matches!(read(r#"{"act": "fly"}"#), Err(ActionError::Malformed(_))));
        assert!(matches!(read(r#"[1, 2]"#), Err(ActionError::Malformed(_))));
        assert!(matches!(read(r#"{"act": "bid", "kind": "same", "cards": ["2"]}"#), Err(ActionError::Malformed(_))));
        let seven = r#"{"act": "bid", "kind": "different", "cards": ["7"]}"#;
        assert!(matches!(read(seven), Err(ActionError::Malformed(_))));
        let three = r#"{"act": "present", "foursomes": [{"value": 3, "cards": ["3","3","3"]}]}"#;
        assert!(matches!(read(three), Err(ActionError::Refused(_))));
        assert_eq!(read(r#"{"seat": 4, "act": "pass"}"#), Ok(Action::Pass));
    }

    /// A view shows the viewer's hand and only the sizes of the others.
    #[test]
    fn views_hide_the_other_hands() {
        let state = KbState::new_game(4, Options::default(), Seed::from_number(3)).unwrap();
        let view = view_to_json(&state.view(2));
        let scenario = output(&state, None);
        let mut keys: Vec<&String> = view.as_object().unwrap().keys().collect();
        keys.retain(|k| *k != "seat" && *k != "history");
        let mut state_keys: Vec<&String> = scenario["state"].as_object().unwrap().keys().collect();
        keys.sort();
        state_keys.sort();
        assert_eq!(keys, state_keys);
        for (s, p) in view["players"].as_array().unwrap().iter().enumerate() {
            assert_eq!(p["hand_size"], json!(state.hand_size(s)));
            assert_eq!(p.get("hand").is_some(), s == 2, "{p}");
        }
        assert_eq!(view["players"][2]["hand"], scenario["state"]["players"][2]["hand"]);
        assert_eq!(view["history"][0], json!({"event": "dealt", "bandleader": state.bandleader()}));
        assert_eq!(view["seat"], json!(2));
    }
}
