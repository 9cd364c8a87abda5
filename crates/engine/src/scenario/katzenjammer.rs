//! Katzenjammer Blues scenarios (`"game": "katzenjammer"`).

use serde_json::{json, Value};

use super::json::{array, object, required, string, uint, Object};
use super::Malformed;
use crate::katzenjammer::{
    Action, Bid, BidKind, Card, Counts, Foursome, KbState, Options, Phase, Presentation,
};

/// One action as written in the file: the seat that claims to move, and what.
/// A well-formed action the rules can never accept (a three-card "foursome")
/// is kept as its refusal, reported when its turn comes.
struct Step {
    seat: usize,
    action: Result<Action, String>,
}

pub fn run(input: &Object) -> Result<Value, Malformed> {
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
    let act = string(required(obj, "act", &at)?, &format!("{at}.act"))?;
    let action = match act {
        "pass" => Action::Pass,
        "bid" => {
            let kind_text = string(required(obj, "kind", &at)?, &format!("{at}.kind"))?;
            let bid_cards = Counts::of(&cards(required(obj, "cards", &at)?, &format!("{at}.cards"))?);
            let kind = match kind_text {
                "same" => BidKind::Same(value_1_to_5(required(obj, "value", &at)?, &format!("{at}.value"))?),
                "different" => BidKind::Different,
                other => {
                    return Err(Malformed(format!(
                        "{at}.kind is \"same\" or \"different\", not \"{other}\""
                    )))
                }
            };
            Action::Bid(Bid { kind, cards: bid_cards })
        }
        "present" => {
            let list = array(required(obj, "foursomes", &at)?, &format!("{at}.foursomes"))?;
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
            // Each foursome's own rules (KB-15/16) are checked when applying, so
            // a wrong foursome is a refused action, not a malformed file.
            match Presentation::from_foursomes(&foursomes) {
                Ok(p) => Action::Present(p),
                Err(e) => return Ok(Step { seat, action: Err(e.to_string()) }),
            }
        }
        other => {
            return Err(Malformed(format!(
                "{at}.act is \"pass\", \"bid\" or \"present\", not \"{other}\""
            )))
        }
    };
    Ok(Step { seat, action: Ok(action) })
}

fn output(state: &KbState, error: Option<(usize, String)>) -> Value {
    let n = state.players();
    let high_bid = state.high_bid().map(|b| {
        let (kind, value) = match b.level.kind {
            BidKind::Same(v) => ("same", json!(v)),
            BidKind::Different => ("different", Value::Null),
        };
        json!({"seat": b.seat, "kind": kind, "value": value, "count": b.level.count})
    });
    let discard = state.discard();
    let players: Vec<Value> = (0..n)
        .map(|s| {
            json!({
                "hand": state.hand(s).cards().iter().map(|c| c.symbol()).collect::<Vec<_>>(),
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
            "high_bid": high_bid,
            "passed": state.passed(),
            "stock": state.stock_len(),
            "mice_left": state.mice_left(),
            "discard": {
                "1": discard.get(Card::One), "2": discard.get(Card::Two), "3": discard.get(Card::Three),
                "4": discard.get(Card::Four), "5": discard.get(Card::Five), "J": discard.get(Card::Joker),
            },
            "players": players,
        },
    });
    if let Some((index, message)) = error {
        out["error_at"] = json!(index);
        out["error"] = json!(message);
    }
    if state.phase() == Phase::Over {
        if let Some(outcome) = state.outcome() {
            out["result"] = json!({
                "mice": outcome.scores,
                "jokers": state.final_jokers(),
                "winners": outcome.winners,
            });
        }
    }
    out
}
