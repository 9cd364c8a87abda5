//! The save file: the table and every action, as JSON.
//!
//! ```json
//! {"v":1,"game":"katzenjammer","seed":"1K7Q-M3ZD","players":4,
//!  "seats":["human","normal","normal","normal"],"options":{"full_mice":false},
//!  "daily":"2026-11-22","actions":[{"seat":1,"act":"pass"}, ...]}
//! ```
//!
//! Actions use the scenario notation of `shared/spec/scenarios.md` (with the
//! seat that made them). Resuming replays them through the engine; a save that
//! does not replay, or whose version this build does not know, is refused
//! with the reason.

use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{notation, Action, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::{Seat, Seed, SeedError};

use super::config::{Day, SeatKind, TableConfig, FORMAT_VERSION, GAME};
use super::session::{ReplayError, Session};

/// Why a save cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON at all (the parser's message).
    NotJson(String),
    /// A format version this build does not read (`None`: no version at all).
    Version(Option<String>),
    /// Another game's save.
    Game(String),
    /// A field is missing or malformed: which one.
    Field(&'static str),
    Seed(SeedError),
    /// Action `index` is malformed.
    Action(usize),
    /// The actions do not replay: the engine's reason.
    Replay(ReplayError),
}

/// The save of a session.
pub fn to_json(session: &Session) -> String {
    to_value(session).text()
}

/// The save of a session, as a JSON value.
pub fn to_value(session: &Session) -> Json {
    let config = session.config();
    let mut object = Json::obj([
        ("v", FORMAT_VERSION.into()),
        ("game", GAME.into()),
        ("seed", Json::Str(config.seed.to_string())),
        ("players", config.players().into()),
        ("seats", Json::Arr(config.seats.iter().map(|s| s.name().into()).collect())),
        ("options", Json::obj([("full_mice", config.options.full_mice.into())])),
    ]);
    if let Some(day) = config.daily {
        object.set("daily", Json::Str(day.to_string()));
    }
    object.set("actions", Json::Arr(session.moves().map(|(seat, action)| action_to_json(seat, action)).collect()));
    object
}

/// Reads a save and replays it.
pub fn from_json(text: &str) -> Result<Session, SaveError> {
    let value = Json::parse(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
    from_value(&value)
}

/// Replays a save already read as JSON.
pub fn from_value(object: &Json) -> Result<Session, SaveError> {
    if !matches!(object, Json::Obj(_)) {
        return Err(SaveError::Field("the save itself"));
    }
    match object.get("v") {
        Some(v) if v.as_u64() == Some(u64::from(FORMAT_VERSION)) => {}
        Some(v) => return Err(SaveError::Version(Some(short(&v.text())))),
        None => return Err(SaveError::Version(None)),
    }
    match object.get("game").and_then(Json::as_str) {
        Some(GAME) => {}
        Some(other) => return Err(SaveError::Game(short(other))),
        None => return Err(SaveError::Field("game")),
    }
    let seed_text = object.get("seed").and_then(Json::as_str).ok_or(SaveError::Field("seed"))?;
    let seed = Seed::parse(seed_text).map_err(SaveError::Seed)?;
    let players = object
        .get("players")
        .and_then(Json::as_u64)
        .filter(|&n| (MIN_PLAYERS as u64..=MAX_PLAYERS as u64).contains(&n))
        .ok_or(SaveError::Field("players"))? as usize;
    let seats = object
        .get("seats")
        .and_then(Json::as_array)
        .filter(|list| list.len() == players)
        .ok_or(SaveError::Field("seats"))?
        .iter()
        .map(|s| s.as_str().and_then(SeatKind::parse))
        .collect::<Option<Vec<_>>>()
        .ok_or(SaveError::Field("seats"))?;
    let mut options = tablee_engine::katzenjammer::Options::default();
    match object.get("options") {
        None | Some(Json::Null) => {}
        Some(o @ Json::Obj(_)) => match o.get("full_mice") {
            None => {}
            Some(Json::Bool(b)) => options.full_mice = *b,
            Some(_) => return Err(SaveError::Field("options.full_mice")),
        },
        Some(_) => return Err(SaveError::Field("options")),
    }
    let daily = match object.get("daily") {
        None | Some(Json::Null) => None,
        Some(v) => Some(v.as_str().and_then(Day::parse).ok_or(SaveError::Field("daily"))?),
    }
    .filter(|day| day.seed() == seed);
    let config = TableConfig { seed, seats, options, daily };
    let list = object.get("actions").and_then(Json::as_array).ok_or(SaveError::Field("actions"))?;
    let mut session = Session::new(config.clone()).map_err(SaveError::Replay)?;
    for (index, item) in list.iter().enumerate() {
        let (seat, action) = action_from_json(item).ok_or(SaveError::Action(index))?;
        session
            .apply_recorded(seat, &action)
            .map_err(|e| SaveError::Replay(ReplayError::Refused { index, message: e.message().to_string() }))?;
    }
    Ok(session)
}

fn short(text: &str) -> String {
    if text.chars().count() <= 24 {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(24).collect::<String>())
    }
}

/// A recorded move: the seat that made it, then the action in the game's
/// notation (`tablee_engine::katzenjammer::notation`, shared with scenario
/// files, the bot protocol and the worker).
pub fn action_to_json(seat: Seat, action: &Action) -> Json {
    let mut fields = vec![("seat".to_string(), Json::from(seat))];
    if let Json::Obj(rest) = notation::action_to_json(action) {
        fields.extend(rest);
    }
    Json::Obj(fields)
}

/// Reads a move written by [`action_to_json`]: its seat and the action.
pub fn action_from_json(object: &Json) -> Option<(Seat, Action)> {
    let seat = usize::try_from(object.get("seat")?.as_u64()?).ok()?;
    Some((seat, notation::action_from_json(object).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::{json, Value};
    use tablee_engine::katzenjammer::{Bid, BidKind, Counts, Presentation};
    use tablee_bots::Level;

    /// Our JSON as serde_json reads it (the reference reader).
    fn serde(value: &Json) -> Value {
        serde_json::from_str(&value.text()).unwrap()
    }

    fn played(seed: u64, players: usize, moves: usize) -> Session {
        let mut config = TableConfig::new(Seed::from_number(seed), players);
        config.seats = vec![SeatKind::Bot(Level::Normal); players];
        config.seats[0] = SeatKind::Human;
        let mut session = Session::new(config).unwrap();
        while session.actions().len() < moves && !session.is_over() {
            if session.bot_step().is_none() {
                let seat = session.human_to_act().unwrap();
                let legal = session.legal_actions();
                let a = tablee_bots::decide(Level::Normal, &session.view(seat), &legal, 1);
                session.apply_human(a).unwrap();
            }
        }
        session
    }

    #[test]
    fn a_save_resumes_the_same_game() {
        for (seed, players, moves) in [(1, 4, 0), (2, 4, 25), (3, 2, 60), (4, 6, 10_000)] {
            let session = played(seed, players, moves);
            let text = to_json(&session);
            let back = from_json(&text).unwrap();
            assert_eq!(back.state(), session.state());
            assert_eq!(back.actions(), session.actions());
            assert_eq!(back.config(), session.config());
        }
    }

    #[test]
    fn the_save_has_the_documented_shape() {
        let session = played(12345, 4, 3);
        let value: Value = serde_json::from_str(&to_json(&session)).unwrap();
        assert_eq!(value["v"], 1);
        assert_eq!(value["game"], "katzenjammer");
        assert_eq!(value["seed"], "1000-0C1S");
        assert_eq!(value["players"], 4);
        assert_eq!(value["seats"], json!(["human", "normal", "normal", "normal"]));
        assert_eq!(value["options"], json!({ "full_mice": false }));
        assert_eq!(value["actions"].as_array().unwrap().len(), 3);
        assert!(value.get("daily").is_none());
    }

    #[test]
    fn actions_round_trip_in_scenario_notation() {
        let bid = Action::Bid(Bid { kind: BidKind::Same(2), cards: Counts([0, 2, 0, 0, 0, 1]) });
        assert_eq!(
            serde(&action_to_json(1, &bid)),
            json!({"seat": 1, "act": "bid", "kind": "same", "value": 2, "cards": ["2", "2", "J"]})
        );
        let diff = Action::Bid(Bid { kind: BidKind::Different, cards: Counts([1, 0, 1, 0, 0, 1]) });
        let cats = Presentation { foursomes: [0, 0, 1, 0, 0], jokers: [0, 0, 1, 0, 0], cats: 1 };
        let present = Action::Present(cats);
        for action in [Action::Pass, bid, diff, present, Action::Present(Presentation::NOTHING)] {
            assert_eq!(action_from_json(&action_to_json(3, &action)), Some((3, action)));
        }
        assert_eq!(
            serde(&action_to_json(2, &present)),
            json!({"seat": 2, "act": "present", "foursomes": [
                {"value": 3, "cards": ["3", "3", "3", "J"]},
                {"value": null, "cards": ["J", "J", "J", "J"]}]})
        );
    }

    #[test]
    fn bad_saves_are_refused_with_a_reason() {
        let good: Value = serde_json::from_str(&to_json(&played(7, 4, 12))).unwrap();
        let with = |key: &str, v: Value| {
            let mut g = good.clone();
            g[key] = v;
            from_json(&g.to_string()).unwrap_err()
        };
        assert!(matches!(from_json("not json"), Err(SaveError::NotJson(_))));
        assert!(matches!(from_json("[1,2]"), Err(SaveError::Field(_))));
        assert_eq!(with("v", json!(2)), SaveError::Version(Some("2".into())));
        let mut no_v = good.clone();
        no_v.as_object_mut().unwrap().remove("v");
        assert_eq!(from_json(&no_v.to_string()).unwrap_err(), SaveError::Version(None));
        assert_eq!(with("game", json!("jachete")), SaveError::Game("jachete".into()));
        assert!(matches!(with("seed", json!("9ZZZ-ZZZZ")), SaveError::Seed(_)));
        assert_eq!(with("players", json!(7)), SaveError::Field("players"));
        assert_eq!(with("seats", json!(["human", "normal"])), SaveError::Field("seats"));
        assert_eq!(with("seats", json!(["human", "normal", "normal", "wizard"])), SaveError::Field("seats"));
        assert_eq!(with("options", json!({"full_mice": "yes"})), SaveError::Field("options.full_mice"));
        assert_eq!(with("actions", json!([{"seat": 0, "act": "dance"}])), SaveError::Action(0));
        // A well-formed action that the engine refuses (presenting during an auction).
        let first = good["actions"][0]["seat"].clone();
        let refused = with("actions", json!([{"seat": first, "act": "present", "foursomes": []}]));
        assert!(matches!(refused, SaveError::Replay(ReplayError::Refused { index: 0, .. })), "{refused:?}");
        // An action by the wrong seat.
        let wrong = (first.as_u64().unwrap() + 1) % 4;
        let refused = with("actions", json!([{"seat": wrong, "act": "pass"}]));
        assert!(matches!(refused, SaveError::Replay(ReplayError::Refused { index: 0, .. })), "{refused:?}");
        // Another deal: the recorded actions no longer fit.
        let other = with("seed", json!("1ABC-DEFG"));
        assert!(matches!(other, SaveError::Replay(_)), "{other:?}");
    }

    #[test]
    fn the_daily_label_survives_only_with_its_seed() {
        let day = Day::new(2026, 11, 22).unwrap();
        let session = Session::new(TableConfig::daily(day, crate::model::config::default_seats(3), Default::default())).unwrap();
        let back = from_json(&to_json(&session)).unwrap();
        assert_eq!(back.config().daily, Some(day));
        let mut value: Value = serde_json::from_str(&to_json(&session)).unwrap();
        value["daily"] = json!("2026-11-23");
        assert_eq!(from_json(&value.to_string()).unwrap().config().daily, None);
    }
}
