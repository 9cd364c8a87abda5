//! J'achète scenarios (`"game": "jachete"`): one round, from its deal to its
//! end; and the JSON encoders the bot protocol shares with them
//! (docs/bot-protocol.md): actions in the scenario notation both ways, views,
//! options and results.

use serde_json::{json, Value};

use super::json::{array, object, required, string, uint, Object};
pub use super::katzenjammer::ActionError;
use super::Malformed;
use crate::jachete::{
    contract, Card, JaAction, JaGame, JaOptions, JaPhase, JaRound, JaView, Reshuffle, RoundSetup, TableMeld,
    SMALL_POT_STAKE, START_MONEY,
};
use crate::{Game, Seat};

struct Step {
    seat: usize,
    action: JaAction,
}

pub(super) fn run(input: &Object) -> Result<Value, Malformed> {
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

/// The largest purse, pot or score a scenario may set: far above any real
/// game (7 x 60 cents a player, a few hundred points a round), small enough
/// that no sum of them can overflow.
const MAX_AMOUNT: i64 = 1_000_000;

/// A purse or pot in cents, or a score in points: 0 to [`MAX_AMOUNT`].
fn integer(value: &Value, what: &str) -> Result<i32, Malformed> {
    let unit = if what.starts_with("\"scores\"") { "points" } else { "cents" };
    value
        .as_i64()
        .filter(|n| (0..=MAX_AMOUNT).contains(n))
        .and_then(|n| i32::try_from(n).ok())
        .ok_or_else(|| Malformed(format!("{what} must be a whole number of {unit} from 0 to {MAX_AMOUNT}, not {value}")))
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
    let action = parse_action(obj, &at)?;
    Ok(Step { seat, action })
}

/// Reads one action object in the scenario notation (`{"act": "buy"}`,
/// `{"act": "decline"}`, `{"act": "play", "table": [{"owner": 0, "cards":
/// [...]}, ...]}`, `{"act": "discard", "card": "KD"}`). A `"seat"` key is not
/// read here: whose move it is is the caller's business. Whether the action is
/// legal is the game's ([`crate::Game::check`]): any `play` table written
/// correctly is an action, which the rules then accept or refuse. So every
/// error here is [`ActionError::Malformed`].
pub fn action_from_json(value: &Value) -> Result<JaAction, ActionError> {
    let at = "action";
    let obj = object(value, at).map_err(|m| ActionError::Malformed(m.0))?;
    parse_action(obj, at).map_err(|m| ActionError::Malformed(m.0))
}

fn parse_action(obj: &Object, at: &str) -> Result<JaAction, Malformed> {
    let action = match string(required(obj, "act", at)?, &format!("{at}.act"))? {
        "buy" => JaAction::Buy,
        "decline" => JaAction::Decline,
        "discard" => JaAction::Discard(card(required(obj, "card", at)?, &format!("{at}.card"))?),
        "play" => {
            let melds = array(required(obj, "table", at)?, &format!("{at}.table"))?;
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
    Ok(action)
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
    let table = table_json(state.table());
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

// ----- encoders shared with the bot protocol (docs/bot-protocol.md) ----------

/// Melds in table order: `[{"owner": 0, "cards": ["7H", "7S", "2C"]}, ...]`,
/// each meld's cards in the order they lie.
pub fn table_json(table: &[TableMeld]) -> Value {
    Value::from(table.iter().map(|m| json!({"owner": m.owner, "cards": names(&m.cards)})).collect::<Vec<_>>())
}

/// An action in the scenario notation, without `"seat"`: `{"act": "buy"}`,
/// `{"act": "decline"}`, `{"act": "play", "table": [{"owner": 0, "cards":
/// [...]}, ...]}` (the whole proposed table), `{"act": "discard", "card":
/// "KD"}`. [`action_from_json`] reads it back.
pub fn action_to_json(action: &JaAction) -> Value {
    match action {
        JaAction::Buy => json!({"act": "buy"}),
        JaAction::Decline => json!({"act": "decline"}),
        JaAction::Play { table } => json!({"act": "play", "table": table_json(table)}),
        JaAction::Discard(card) => json!({"act": "discard", "card": card.to_string()}),
    }
}

/// One seat's view in the bot protocol (JA-19): the keys of the scenario
/// `"state"` object, except that
/// - each entry of `"players"` has `"hand_size"` instead of `"hand"` (the
///   viewer's own entry has both), with `"money"`, `"score"` and `"opened"`;
/// - `"discard_top"` (the top card of the pile, or `null`) replaces the
///   scenario's `"discard"` list: only the top of the pile is on view;
///
/// plus `"seat"` (the viewer), `"discards_seen"` (every card discarded or
/// turned up this round, bought ones included, oldest first), `"bought"` and
/// `"discarded"` (this round's buys and discards with who made them, oldest
/// first: `[{"seat": 1, "card": "7H"}, ...]`) and `"contract"` (this round's,
/// `{"sets", "min_len", "cards_dealt"}`).
pub fn view_to_json(view: &JaView) -> Value {
    let players: Vec<Value> = (0..view.players)
        .map(|s| {
            let mut p = json!({
                "hand_size": view.hand_sizes[s],
                "money": view.money[s],
                "score": view.scores[s],
                "opened": view.opened[s],
            });
            if s == view.seat {
                let mut hand = view.hand.clone();
                hand.sort();
                p["hand"] = json!(names(&hand));
            }
            p
        })
        .collect();
    let (small, big) = view.pots;
    let contract = contract(view.round).map_or(Value::Null, |c| {
        json!({"sets": c.sets, "min_len": c.min_len, "cards_dealt": c.cards_dealt})
    });
    json!({
        "seat": view.seat,
        "phase": view.phase.name(),
        "to_act": view.to_act,
        "round": view.round,
        "contract": contract,
        "dealer": view.dealer,
        "turn": view.turn,
        "stock": view.stock,
        "discard_top": view.discard_top.map(|c| c.to_string()),
        "buy_card": view.buy_card.map(|c| c.to_string()),
        "table": table_json(&view.table),
        "players": players,
        "pots": {"small": small, "big": big},
        "discards_seen": names(&view.discards_seen),
        "bought": seat_cards(&view.bought),
        "discarded": seat_cards(&view.discarded),
    })
}

fn seat_cards(events: &[(Seat, Card)]) -> Value {
    Value::Array(events.iter().map(|(seat, card)| json!({"seat": seat, "card": card.to_string()})).collect())
}

/// The options object of a scenario: `{"three_players": false}`.
pub fn options_to_json(options: JaOptions) -> Value {
    json!({"three_players": options.three_players})
}

/// The result of a finished seven-round game (`None` while it runs): the
/// scenario `"result"` keys of round 7 (`round_points`, `scores` — the final
/// totals, lowest wins —, `went_out`, `winners`, `purses` in cents), plus
/// `rounds`: each round's `{"round", "round_points", "went_out"}`.
pub fn result_to_json(game: &JaGame) -> Option<Value> {
    game.outcome()?;
    let last = game.results().last()?;
    let rounds: Vec<Value> = game
        .results()
        .iter()
        .enumerate()
        .map(|(i, r)| json!({"round": i + 1, "round_points": r.round_points, "went_out": r.went_out}))
        .collect();
    Some(json!({
        "round_points": last.round_points,
        "scores": last.scores,
        "went_out": last.went_out,
        "winners": last.winners,
        "purses": last.purses,
        "rounds": rounds,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::Rng;
    use crate::Seed;

    /// Every generated action of many positions survives the trip to JSON and back.
    /// Plays first, so that tables grow; else a random candidate.
    fn plays_first(legal: &[JaAction], rng: &mut Rng) -> JaAction {
        legal
            .iter()
            .find(|a| matches!(a, JaAction::Play { .. }))
            .cloned()
            .unwrap_or_else(|| legal[rng.index(legal.len())].clone())
    }

    #[test]
    fn actions_read_back_what_they_write() {
        let mut legal = Vec::new();
        let mut positions = 0;
        let mut kinds = [false; 4];
        for g in 0..3u64 {
            let players = 4 + g as usize;
            let mut game = JaGame::new_game(players, JaOptions::default(), Seed::from_number(g)).unwrap();
            let mut rng = Rng::new(g);
            while game.to_act().is_some() && positions < 3000 {
                game.actions(&mut legal);
                for action in &legal {
                    let json = action_to_json(action);
                    assert!(json.get("seat").is_none());
                    assert_eq!(action_from_json(&json).as_ref(), Ok(action), "{json}");
                    kinds[match action {
                        JaAction::Buy => 0,
                        JaAction::Decline => 1,
                        JaAction::Play { .. } => 2,
                        JaAction::Discard(_) => 3,
                    }] = true;
                }
                positions += 1;
                game.apply(&plays_first(&legal, &mut rng)).unwrap();
            }
        }
        assert!(positions > 300, "{positions}");
        assert_eq!(kinds, [true; 4], "every kind of action was written and read");
    }

    #[test]
    fn bad_action_objects_are_malformed() {
        let read = |text: &str| action_from_json(&serde_json::from_str(text).unwrap());
        for bad in [
            r#"{"act": "fly"}"#,
            r#"[1, 2]"#,
            r#"{"act": "discard"}"#,
            r#"{"act": "discard", "card": "1H"}"#,
            r#"{"act": "play", "table": [{"cards": ["7H"]}]}"#,
            r#"{"act": "play", "table": {"owner": 0}}"#,
        ] {
            assert!(matches!(read(bad), Err(ActionError::Malformed(_))), "{bad}");
        }
        assert_eq!(read(r#"{"seat": 4, "act": "buy"}"#), Ok(JaAction::Buy));
        assert_eq!(read(r#"{"act": "discard", "card": "10h"}"#), Ok(JaAction::Discard(Card::parse("10H").unwrap())));
        // Any well-written table is an action; the rules judge it later.
        let odd = r#"{"act": "play", "table": [{"owner": 9, "cards": ["KS", "2C"]}]}"#;
        assert!(matches!(read(odd), Ok(JaAction::Play { .. })));
    }

    /// A view shows the viewer's hand and only the sizes of the others, with
    /// the scenario's state keys (JA-19).
    #[test]
    fn views_hide_the_other_hands() {
        let game = JaGame::new_game(5, JaOptions::default(), Seed::from_number(3)).unwrap();
        let view = view_to_json(&game.view(2));
        let scenario = output(game.round(), None);
        let mut keys: Vec<String> = view.as_object().unwrap().keys().cloned().collect();
        keys.retain(|k| !["seat", "discards_seen", "bought", "discarded", "contract", "discard_top"].contains(&k.as_str()));
        keys.push("discard".into());
        let mut state_keys: Vec<String> = scenario["state"].as_object().unwrap().keys().cloned().collect();
        keys.sort();
        state_keys.sort();
        assert_eq!(keys, state_keys);
        for (s, p) in view["players"].as_array().unwrap().iter().enumerate() {
            assert_eq!(p["hand_size"], json!(game.round().hand(s).len()));
            assert_eq!(p.get("hand").is_some(), s == 2, "{p}");
            for key in ["money", "score", "opened"] {
                assert_eq!(p[key], scenario["state"]["players"][s][key], "{key}");
            }
        }
        assert_eq!(view["players"][2]["hand"], scenario["state"]["players"][2]["hand"]);
        assert_eq!(view["seat"], json!(2));
        assert_eq!(view["contract"], json!({"sets": 2, "min_len": 3, "cards_dealt": 9}));
        assert_eq!(view["discard_top"], scenario["state"]["discard"].as_array().unwrap().last().cloned().unwrap_or(Value::Null));
        assert_eq!(view["discards_seen"].as_array().unwrap().len(), 1, "the turned card: {view}");
        let turned_wild = game.round().first_card().is_some_and(|c| c.is_wild());
        assert_eq!(view["bought"].as_array().unwrap().len(), usize::from(turned_wild), "JA-7's forced buy only: {view}");
        assert_eq!(view["discarded"], json!([]));
    }

    #[test]
    fn a_finished_game_has_a_result() {
        let mut game = JaGame::new_game(4, JaOptions::default(), Seed::from_number(8)).unwrap();
        let mut legal = Vec::new();
        let mut rng = Rng::new(1);
        assert_eq!(result_to_json(&game), None);
        while game.to_act().is_some() {
            game.actions(&mut legal);
            game.apply(&plays_first(&legal, &mut rng)).unwrap();
        }
        let result = result_to_json(&game).unwrap();
        let outcome = game.outcome().unwrap();
        assert_eq!(result["scores"], json!(outcome.scores));
        assert_eq!(result["winners"], json!(outcome.winners));
        assert_eq!(result["rounds"].as_array().unwrap().len(), 7);
        let cents: i64 = result["purses"].as_array().unwrap().iter().map(|c| c.as_i64().unwrap()).sum();
        assert_eq!(cents, 60 * 4);
        assert_eq!(view_to_json(&game.view(0))["phase"], "over");
    }
}
