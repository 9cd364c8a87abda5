//! J'achète scenarios (`"game": "jachete"`): one round, from its deal to its end.

use serde_json::{json, Value};

use super::json::{array, object, required, string, uint, Object};
use super::Malformed;
use crate::jachete::{Card, JaOptions, JaAction, JaPhase, JaRound, Reshuffle, RoundSetup, TableMeld, SMALL_POT_STAKE, START_MONEY};

struct Step {
    seat: usize,
    action: JaAction,
}

pub fn run(input: &Object) -> Result<Value, Malformed> {
    let players = uint(required(input, "players", "the scenario")?, "\"players\"")?;
    let three_players = match input.get("options") {
        None => false,
        Some(v) => {
            let mut three = false;
            for (key, value) in object(v, "\"options\"")? {
                match key.as_str() {
                    "three_players" => {
                        three = value.as_bool().ok_or_else(|| {
                            Malformed(format!("option \"three_players\" is true or false, not {value}"))
                        })?
                    }
                    other => return Err(Malformed(format!("unknown option \"{other}\" (known: \"three_players\")"))),
                }
            }
            three
        }
    };
    if !(JaOptions { three_players }).allows(players) {
        return Err(Malformed(format!(
            "J'achète is for 4 to 8 players (3 with the option \"three_players\"), not {players} (JA-2)"
        )));
    }
    let round = uint(required(input, "round", "the scenario")?, "\"round\"")?;
    if !(1..=7).contains(&round) {
        return Err(Malformed(format!("\"round\" is 1 to 7 (JA-3), not {round}")));
    }
    let dealer = uint(required(input, "dealer", "the scenario")?, "\"dealer\"")?;
    let hands = array(required(input, "hands", "the scenario")?, "\"hands\"")?
        .iter()
        .enumerate()
        .map(|(i, h)| cards(h, &format!("hands[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    let stock = match input.get("stock") {
        Some(s) => cards(s, "\"stock\"")?,
        None => Vec::new(),
    };
    let money = cents_list(input.get("money"), players, START_MONEY - SMALL_POT_STAKE, "\"money\"")?;
    let scores = cents_list(input.get("scores"), players, 0, "\"scores\"")?;
    let (small_pot, big_pot) = match input.get("pots") {
        None => (SMALL_POT_STAKE * players as i32, 0),
        Some(p) => {
            let p = object(p, "\"pots\"")?;
            let get = |key: &str, default: i32| -> Result<i32, Malformed> {
                p.get(key).map_or(Ok(default), |v| integer(v, &format!("pots.{key}")))
            };
            (get("small", SMALL_POT_STAKE * players as i32)?, get("big", 0)?)
        }
    };
    let steps = match input.get("actions") {
        Some(a) => array(a, "\"actions\"")?.iter().enumerate().map(|(i, a)| step(a, i)).collect::<Result<Vec<_>, _>>()?,
        None => Vec::new(),
    };
    let mut state = JaRound::start(RoundSetup {
        players,
        round: round as u8,
        dealer,
        hands,
        stock,
        money,
        small_pot,
        big_pot,
        scores,
        reshuffle: Reshuffle::OldestOnTop,
    })
    .map_err(Malformed)?;

    for (i, step) in steps.iter().enumerate() {
        let refused = match state.to_act() {
            None => Some("the round is over: no more actions".to_string()),
            Some(turn) if turn != step.seat => Some(format!("it is seat {turn}'s move, not seat {}'s", step.seat)),
            Some(_) => state.apply(&step.action).err().map(|e| e.to_string()),
        };
        if let Some(error) = refused {
            return Ok(output(&state, Some((i, error))));
        }
    }
    Ok(output(&state, None))
}

fn integer(value: &Value, what: &str) -> Result<i32, Malformed> {
    value
        .as_i64()
        .and_then(|n| i32::try_from(n).ok())
        .ok_or_else(|| Malformed(format!("{what} must be a whole number of cents, not {value}")))
}

fn cents_list(value: Option<&Value>, players: usize, default: i32, what: &str) -> Result<Vec<i32>, Malformed> {
    let Some(value) = value else { return Ok(vec![default; players]) };
    let list = array(value, what)?;
    if list.len() != players {
        return Err(Malformed(format!("{what} has {} entries for {players} players", list.len())));
    }
    list.iter().enumerate().map(|(i, v)| integer(v, &format!("{what}[{i}]"))).collect()
}

fn card(value: &Value, what: &str) -> Result<Card, Malformed> {
    let text = string(value, what)?;
    Card::parse(text).ok_or_else(|| {
        Malformed(format!("{what}: unknown card name \"{text}\" (cards are like \"AS\", \"10H\", \"2C\", \"JK\")"))
    })
}

fn cards(value: &Value, what: &str) -> Result<Vec<Card>, Malformed> {
    array(value, what)?.iter().enumerate().map(|(i, c)| card(c, &format!("{what}[{i}]"))).collect()
}

fn step(value: &Value, index: usize) -> Result<Step, Malformed> {
    let at = format!("actions[{index}]");
    let obj = object(value, &at)?;
    let seat = uint(required(obj, "seat", &at)?, &format!("{at}.seat"))?;
    let action = match string(required(obj, "act", &at)?, &format!("{at}.act"))? {
        "buy" => JaAction::Buy,
        "decline" => JaAction::Decline,
        "discard" => JaAction::Discard(card(required(obj, "card", &at)?, &format!("{at}.card"))?),
        "play" => {
            let melds = array(required(obj, "table", &at)?, &format!("{at}.table"))?;
            let mut table = Vec::with_capacity(melds.len());
            for (j, m) in melds.iter().enumerate() {
                let mat = format!("{at}.table[{j}]");
                let mobj = object(m, &mat)?;
                let owner = uint(required(mobj, "owner", &mat)?, &format!("{mat}.owner"))?;
                let cards = cards(required(mobj, "cards", &mat)?, &format!("{mat}.cards"))?;
                table.push(TableMeld { owner, cards });
            }
            JaAction::Play { table }
        }
        other => {
            return Err(Malformed(format!(
                "{at}.act is \"buy\", \"decline\", \"play\" or \"discard\", not \"{other}\""
            )))
        }
    };
    Ok(Step { seat, action })
}

fn names(cards: &[Card]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

fn output(state: &JaRound, error: Option<(usize, String)>) -> Value {
    let n = state.players();
    let players: Vec<Value> = (0..n)
        .map(|s| {
            let mut hand = state.hand(s).to_vec();
            hand.sort();
            json!({"hand": names(&hand), "money": state.money(s), "score": state.score(s), "opened": state.opened(s)})
        })
        .collect();
    let table: Vec<Value> = state.table().iter().map(|m| json!({"owner": m.owner, "cards": names(&m.cards)})).collect();
    let (small, big) = state.pots();
    let mut out = json!({
        "ok": error.is_none(),
        "state": {
            "phase": state.phase().name(),
            "to_act": state.to_act(),
            "round": state.round(),
            "dealer": state.dealer(),
            "turn": state.turn(),
            "stock": state.stock_len(),
            "discard": names(state.discard()),
            "buy_card": state.buy_card().map(|c| c.to_string()),
            "table": table,
            "players": players,
            "pots": {"small": small, "big": big},
        },
    });
    if let Some((index, message)) = error {
        out["error_at"] = json!(index);
        out["error"] = json!(message);
    }
    if let Some(result) = state.result() {
        let mut r = json!({
            "round_points": result.round_points,
            "scores": result.scores,
            "went_out": result.went_out,
        });
        if state.phase() == JaPhase::Over {
            r["winners"] = json!(result.winners);
            r["purses"] = json!(result.purses);
        }
        out["result"] = r;
    }
    out
}
