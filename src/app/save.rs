//! The save file: the table and every action, as JSON, for any game.
//!
//! ```json
//! {"v":1,"game":"katzenjammer","seed":"1K7Q-M3ZD","players":4,
//!  "seats":["human","normal","normal","normal"],"options":{"full_mice":false},
//!  "daily":"2026-11-22","actions":[{"seat":1,"act":"pass"}, ...]}
//! ```
//!
//! A game of a match (KB-20) has `"match":{"seed":"1K7Q-M3ZD","games":3,
//! "played":[{"mice":[2,0,1,-1],"winners":[0]}]}`: the match's seed, its
//! number of games and the games before this one; the save's own `seed` is
//! this game's (`Match::game_seed`), which the reader checks. Saves without
//! it are games of their own, as before.
//!
//! An optional `"note"` holds what the game's table keeps between two
//! actions (J'achète: the staged table and the hand's order), as the table
//! wrote it.
//!
//! Actions are written in the game's notation (its engine's `notation`
//! module, shared with scenario files and the bot protocol) with the seat that
//! made them first. Resuming replays them through the engine; a save that does
//! not replay, or whose version this build does not know, is refused with the
//! reason. The bots' worker is sent the same document ([`super::worker`]).

use tablee_engine::json::Json;
use tablee_engine::{Seat, Seed, SeedError};

use super::config::{Day, SeatKind, TableConfig, FORMAT_VERSION};
use super::game::{shorten, GameDef, MatchRecord};
use crate::games::{AnySession, GameId, with_game, Registered};
use super::session::{ReplayError, Session};

/// Why a save cannot be resumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// Not JSON at all (the parser's message).
    NotJson(String),
    /// A format version this build does not read (`None`: no version at all).
    Version(Option<String>),
    /// A game this build does not know.
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
pub fn to_json<G: Registered>(session: &Session<G>) -> String {
    to_value(session).text()
}

/// The save of a session of any game.
pub fn any_to_json(session: &AnySession) -> String {
    any_to_value(session).text()
}

pub fn any_to_value(session: &AnySession) -> Json {
    crate::games::each_game!(session session, s => to_value(s))
}

/// The save of a session, as a JSON value.
pub fn to_value<G: Registered>(session: &Session<G>) -> Json {
    let mut object = table_to_value(session.config());
    object.set("actions", Json::Arr(session.moves().map(|(seat, action)| action_to_json::<G>(seat, action)).collect()));
    if let Some(note) = session.note() {
        object.set("note", note.clone());
    }
    if session.practice() {
        object.set("practice", true.into());
    }
    if let Some(record) = session.in_match() {
        object.set("match", match_to_value(record));
    }
    object
}

/// A match's part of a save (see the module's doc): the match's seed and
/// size here, its finished games in the game's own terms.
fn match_to_value(record: &impl MatchRecord) -> Json {
    Json::obj([
        ("seed", Json::Str(record.seed().to_string())),
        ("games", record.games_planned().into()),
        ("played", Json::Arr(record.played_to_json())),
    ])
}

/// Reads a save's match for `config` (the game's own table): `None` when
/// the save has none; an error when it does not read or is not this game's.
fn match_from_value<G: GameDef>(value: &Json, config: &TableConfig<G>) -> Result<Option<G::Match>, SaveError> {
    const FIELD: SaveError = SaveError::Field("match");
    if matches!(value, Json::Null) {
        return Ok(None);
    }
    let seed = value.get("seed").and_then(Json::as_str).and_then(|t| Seed::parse(t).ok()).ok_or(FIELD)?;
    let games = value.get("games").and_then(Json::as_u64).filter(|&n| (2..=super::link::MAX_MATCH_GAMES as u64).contains(&n)).ok_or(FIELD)? as usize;
    let mut record = G::new_match(config.players(), config.options, seed, games).ok_or(FIELD)?;
    for item in value.get("played").and_then(Json::as_array).ok_or(FIELD)? {
        if record.is_over() || !record.push_played_json(item, config.players()) {
            return Err(FIELD);
        }
    }
    // This game is the match's next one, dealt from the match's seed.
    if record.is_over() || record.game_seed(record.games_played()) != config.seed {
        return Err(FIELD);
    }
    Ok(Some(record))
}

/// A table alone (a save with no actions yet).
pub fn table_to_value<G: Registered>(config: &TableConfig<G>) -> Json {
    let mut object = Json::obj([
        ("v", FORMAT_VERSION.into()),
        ("game", G::ID.code().into()),
        ("seed", Json::Str(config.seed.to_string())),
        ("players", config.players().into()),
        ("seats", Json::Arr(config.seats.iter().map(|s| s.name().into()).collect())),
        ("options", G::options_to_json(config.options)),
    ]);
    if let Some(day) = config.daily {
        object.set("daily", Json::Str(day.to_string()));
    }
    // The seats' names (hot-seat), only when a seat has one: saves without
    // names are written as before.
    if config.names.iter().any(Option::is_some) {
        let names = (0..config.players()).map(|seat| config.name(seat).map_or(Json::Null, |n| n.into())).collect();
        object.set("names", Json::Arr(names));
    }
    object
}

/// Reads a save and replays it, whatever its game.
pub fn from_json(text: &str) -> Result<AnySession, SaveError> {
    let value = Json::parse(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
    from_value(&value)
}

/// Replays a save already read as JSON.
pub fn from_value(object: &Json) -> Result<AnySession, SaveError> {
    read_any(object)
}

fn read_any(object: &Json) -> Result<AnySession, SaveError> {
    let game = game_of(object)?;
    with_game!(game, G => any_from_value::<G>(object))
}

/// Reads and replays a save of game `G`, as a game of any kind (a game's
/// maker: [`crate::app::controller::Maker`]).
pub fn any_from_value<G: Registered>(object: &Json) -> Result<AnySession, SaveError> {
    game_from_value::<G>(object).map(Session::into_any)
}

/// A save's game, once its format is checked (no replay: the shell reads
/// this before its game's engine is fetched).
pub fn game_of(object: &Json) -> Result<GameId, SaveError> {
    if !matches!(object, Json::Obj(_)) {
        return Err(SaveError::Field("the save itself"));
    }
    match object.get("v") {
        Some(v) if v.as_u64() == Some(u64::from(FORMAT_VERSION)) => {}
        Some(v) => return Err(SaveError::Version(Some(shorten(&v.text())))),
        None => return Err(SaveError::Version(None)),
    }
    match object.get("game").and_then(Json::as_str) {
        Some(name) => GameId::parse(name).ok_or_else(|| SaveError::Game(shorten(name))),
        None => Err(SaveError::Field("game")),
    }
}

/// Reads a save's table (its game already checked).
pub fn table_from_value<G: GameDef>(object: &Json) -> Result<TableConfig<G>, SaveError> {
    let seed_text = object.get("seed").and_then(Json::as_str).ok_or(SaveError::Field("seed"))?;
    let seed = Seed::parse(seed_text).map_err(SaveError::Seed)?;
    let players = object
        .get("players")
        .and_then(Json::as_u64)
        .filter(|&n| (G::MIN_PLAYERS as u64..=G::MAX_PLAYERS as u64).contains(&n))
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
    let options = G::options_from_json(object.get("options").unwrap_or(&Json::Null)).map_err(SaveError::Field)?;
    let daily = match object.get("daily") {
        None | Some(Json::Null) => None,
        Some(v) => Some(v.as_str().and_then(Day::parse).ok_or(SaveError::Field("daily"))?),
    }
    .filter(|day| day.seed() == seed);
    // `"names":["Ana",null,…]` (issue 52): read as typed at the table, or refused.
    let names = match object.get("names") {
        None | Some(Json::Null) => Vec::new(),
        Some(list) => {
            const FIELD: SaveError = SaveError::Field("names");
            let list = list.as_array().filter(|l| l.len() == players).ok_or(FIELD)?;
            let texts = list.iter().map(|n| match n {
                Json::Null => Some(String::new()),
                n => n.as_str().map(str::to_string),
            });
            let texts = texts.collect::<Option<Vec<_>>>().ok_or(FIELD)?;
            // A name must read back as written (trimmed, its characters and length checked).
            let names = super::config::parse_names(&texts, &seats).map_err(|_| FIELD)?;
            if names.iter().zip(&texts).any(|(n, t)| n.as_deref().is_some_and(|n| n != t)) {
                return Err(FIELD);
            }
            names
        }
    };
    Ok(TableConfig { seed, seats, options, daily, names, here: None, seed_hidden: false })
}

/// Reads and replays a save of game `G`.
pub fn game_from_value<G: GameDef>(object: &Json) -> Result<Session<G>, SaveError> {
    let config = table_from_value::<G>(object)?;
    let list = object.get("actions").and_then(Json::as_array).ok_or(SaveError::Field("actions"))?;
    let moves = list
        .iter()
        .enumerate()
        .map(|(index, item)| action_from_json::<G>(item).ok_or(SaveError::Action(index)))
        .collect::<Result<Vec<_>, _>>()?;
    let mut session = Session::replay(config, moves).map_err(SaveError::Replay)?;
    // The table's notes come back as written; the table checks them.
    session.set_note(object.get("note").filter(|n| !matches!(n, Json::Null)).cloned());
    session.set_practice(object.get("practice").and_then(Json::as_bool).unwrap_or(false));
    let record = match_from_value(object.get("match").unwrap_or(&Json::Null), session.config())?;
    session.set_match(record);
    Ok(session)
}

/// A recorded move: the seat that made it, then the action in the game's
/// notation.
pub fn action_to_json<G: GameDef>(seat: Seat, action: &G::Action) -> Json {
    let mut fields = vec![("seat".to_string(), Json::from(seat))];
    if let Json::Obj(rest) = G::action_to_json(action) {
        fields.extend(rest);
    }
    Json::Obj(fields)
}

/// Reads a move written by [`action_to_json`]: its seat and the action.
pub fn action_from_json<G: GameDef>(object: &Json) -> Option<(Seat, G::Action)> {
    let seat = usize::try_from(object.get("seat")?.as_u64()?).ok()?;
    Some((seat, G::action_from_json(object).ok()?))
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::games::jachete::Jachete;
    use crate::games::katzenjammer::Katzenjammer;
    use super::*;
    use serde_json::{json, Value};
    use tablee_engine::katzenjammer::{Action, Bid, BidKind, Counts, Presentation};
    use tablee_bots::Level;

    /// Our JSON as serde_json reads it (the reference reader).
    fn serde(value: &Json) -> Value {
        serde_json::from_str(&value.text()).unwrap()
    }

    type KbSession = Session<Katzenjammer>;

    /// The Katzenjammer session inside a read save.
    fn kb(any: AnySession) -> KbSession {
        any.get::<Katzenjammer>().cloned().expect("a Katzenjammer save")
    }

    fn kb_json(text: &str) -> Result<KbSession, SaveError> {
        from_json(text).map(kb)
    }

    fn played(seed: u64, players: usize, moves: usize) -> KbSession {
        let mut seats = vec![SeatKind::Bot(Level::Normal); players];
        seats[0] = SeatKind::Human;
        played_with(seed, seats, moves)
    }

    /// A game at `seats` played `moves` moves in (or to its end): the
    /// people play as a `normal` bot would.
    pub(crate) fn played_with(seed: u64, seats: Vec<SeatKind>, moves: usize) -> KbSession {
        let mut config = TableConfig::<Katzenjammer>::new(Seed::from_number(seed), seats.len());
        config.seats = seats;
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

    /// Issue 13 "A match" (KB-20): a save of game 2 of a match, mid-way,
    /// resumes the same game in the same match; older saves have no match.
    #[test]
    fn kb20_a_save_of_a_match_mid_way_round_trips() {
        use crate::games::AnySession;
        let config = TableConfig::<Katzenjammer>::new(Seed::from_number(42), 4);
        let mut first = Session::new_match(config, 3).unwrap();
        while !first.is_over() {
            if first.bot_step().is_none() {
                let seat = first.human_to_act().unwrap();
                let a = tablee_bots::decide(Level::Normal, &first.view(seat), &first.legal_actions(), 1);
                first.apply_human(a).unwrap();
            }
        }
        let mut second = first.next_in_match().unwrap();
        for _ in 0..7 {
            if second.bot_step().is_none() {
                second.apply_human(second.legal_actions()[0]).unwrap();
            }
        }
        let text = to_json(&second);
        let value = serde(&Json::parse(&text).unwrap());
        assert_eq!(value["match"]["seed"], json!(Seed::from_number(42).to_string()));
        assert_eq!(value["match"]["games"], json!(3));
        assert_eq!(value["match"]["played"][0]["mice"], json!(first.outcome().unwrap().scores));
        assert_ne!(value["seed"], value["match"]["seed"], "the save's seed is game 2's");
        let back = kb_json(&text).unwrap();
        assert_eq!(back.in_match(), second.in_match());
        assert_eq!(back.state(), second.state());
        assert_eq!(to_json(&back), text);
        assert_eq!(back.into_any().match_progress(), Some((2, 3)));
        // A save without "match" (every older build's) is a game of its own.
        assert_eq!(kb_json(&to_json(&played(3, 4, 10))).unwrap().in_match(), None);
        // A match that is not this game's, or does not read, is refused.
        let mut wrong = value.clone();
        wrong["match"]["seed"] = json!("1K7Q-M3ZD");
        let bad = |v: &Value| from_json(&v.to_string()).map(|s: AnySession| s.moves());
        assert_eq!(bad(&wrong), Err(SaveError::Field("match")));
        for (key, junk) in [("games", json!(1)), ("games", json!("3")), ("played", json!([{"mice": [1], "winners": []}])), ("played", json!([{"mice": [0, 0, 0, 0], "winners": [7]}]))] {
            let mut broken = value.clone();
            broken["match"][key] = junk;
            assert_eq!(bad(&broken), Err(SaveError::Field("match")), "{key}");
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
            serde(&action_to_json::<Katzenjammer>(1, &bid)),
            json!({"seat": 1, "act": "bid", "kind": "same", "value": 2, "cards": ["2", "2", "J"]})
        );
        let diff = Action::Bid(Bid { kind: BidKind::Different, cards: Counts([1, 0, 1, 0, 0, 1]) });
        let cats = Presentation { foursomes: [0, 0, 1, 0, 0], jokers: [0, 0, 1, 0, 0], cats: 1 };
        let present = Action::Present(cats);
        for action in [Action::Pass, bid, diff, present, Action::Present(Presentation::NOTHING)] {
            assert_eq!(action_from_json::<Katzenjammer>(&action_to_json::<Katzenjammer>(3, &action)), Some((3, action)));
        }
        assert_eq!(
            serde(&action_to_json::<Katzenjammer>(2, &present)),
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
            kb_json(&g.to_string()).unwrap_err()
        };
        assert!(matches!(kb_json("not json"), Err(SaveError::NotJson(_))));
        assert!(matches!(kb_json("[1,2]"), Err(SaveError::Field(_))));
        assert_eq!(with("v", json!(2)), SaveError::Version(Some("2".into())));
        let mut no_v = good.clone();
        no_v.as_object_mut().unwrap().remove("v");
        assert_eq!(kb_json(&no_v.to_string()).unwrap_err(), SaveError::Version(None));
        assert_eq!(with("game", json!("chess")), SaveError::Game("chess".into()));
        // A Katzenjammer save relabelled J'achète: its seats fit, its moves do not.
        assert_eq!(with("game", json!("jachete")), SaveError::Action(0));
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
        let seats = crate::app::config::default_seats::<Katzenjammer>(3);
        let session = KbSession::new(TableConfig::daily(day, seats, Default::default())).unwrap();
        let back = kb_json(&to_json(&session)).unwrap();
        assert_eq!(back.config().daily, Some(day));
        let mut value: Value = serde_json::from_str(&to_json(&session)).unwrap();
        value["daily"] = json!("2026-11-23");
        assert_eq!(kb_json(&value.to_string()).unwrap().config().daily, None);
    }

    /// Saves written by the build before the shell (tests/fixtures) resume:
    /// the game mid-way at its 40th move, the finished one with its result.
    #[test]
    fn saves_from_the_previous_build_resume() {
        let mid = kb_json(include_str!("../../tests/fixtures/katzenjammer-save-midgame.json")).unwrap();
        assert_eq!(mid.actions().len(), 40);
        assert!(!mid.is_over());
        assert_eq!(mid.config().seed, Seed::parse("1K7Q-M3ZD").unwrap());
        let done = kb_json(include_str!("../../tests/fixtures/katzenjammer-save-finished.json")).unwrap();
        assert_eq!(done.actions().len(), 77);
        let outcome = done.outcome().unwrap();
        assert_eq!(outcome.scores, vec![-1, 0, 5, 6]);
        assert_eq!(outcome.winners, vec![3]);
        // The first 40 moves of the finished game are the mid-game save's.
        assert_eq!(&done.actions()[..40], mid.actions());
        // Written again, a save is the same text: the format did not move.
        assert_eq!(to_json(&done), include_str!("../../tests/fixtures/katzenjammer-save-finished.json"));
    }

    /// J'achète's saves go through the same codec: a game of bots, saved
    /// mid-round and at its end, resumes to the same state.
    #[test]
    fn jachete_saves_resume() {
        let mut config = TableConfig::<Jachete>::new(Seed::from_number(8), 5);
        config.seats = vec![SeatKind::Bot(Level::Normal); 5];
        let mut session = Session::new(config).unwrap();
        for _ in 0..60 {
            session.bot_step();
        }
        for _ in 0..2 {
            let text = to_json(&session);
            let value: Value = serde_json::from_str(&text).unwrap();
            assert_eq!(value["game"], "jachete");
            assert_eq!(value["options"], json!({ "three_players": false }));
            let back = from_json(&text).unwrap();
            let back = back.get::<Jachete>().unwrap();
            assert_eq!(back.actions(), session.actions());
            assert_eq!(back.to_act(), session.to_act());
            assert_eq!(back.outcome(), session.outcome());
            assert_eq!(to_json(back), text);
            while session.bot_step().is_some() {}
        }
        assert!(session.is_over());
        // J'achète has no matches: a save claiming one is refused, whatever
        // the match's contents (the shell reads only what the game defines).
        let mut value: Value = serde_json::from_str(&to_json(&session)).unwrap();
        value["match"] = json!({ "seed": value["seed"], "games": 2, "played": [] });
        assert_eq!(from_json(&value.to_string()).map(|s| s.moves()), Err(SaveError::Field("match")));
        let config = TableConfig::<Jachete>::new(Seed::from_number(8), 5);
        assert!(Session::new_match(config.clone(), 2).is_err());
        assert!(Session::new_match(config, 1).unwrap().in_match().is_none());
    }

    /// Issue 11: a finished 8-player J'achète game's save stays small (each
    /// play is written as the table it proposes, so it is measured): printed
    /// with `--nocapture`, quoted in docs/research/performance-history.md.
    #[test]
    fn a_finished_eight_player_jachete_save_is_small() {
        let mut sizes = Vec::new();
        for seed in 1..=3 {
            let mut config = TableConfig::<Jachete>::new(Seed::from_number(seed), 8);
            config.seats = vec![SeatKind::Bot(Level::Normal); 8];
            let mut session = Session::new(config).unwrap();
            while session.bot_step().is_some() {}
            assert!(session.is_over());
            let text = to_json(&session);
            assert!(from_json(&text).is_ok());
            println!("8-player J'achète, deal {seed}: {} actions, save {} bytes", session.actions().len(), text.len());
            sizes.push(text.len());
        }
        assert!(sizes.iter().all(|&n| n < 100_000), "{sizes:?}");
    }

    /// The table's note is written with the game and read back as written;
    /// a save without one (every save before notes) resumes with none.
    #[test]
    fn the_tables_note_is_kept_in_the_save() {
        let mut session = played(7, 4, 12);
        assert!(!to_json(&session).contains("\"note\""), "no note, no key");
        assert_eq!(kb_json(&to_json(&session)).unwrap().note(), None);
        let note = Json::obj([("order", Json::Arr(vec![3u64.into(), 1u64.into(), 2u64.into()])), ("staged", Json::Arr(vec![]))]);
        session.set_note(Some(note.clone()));
        let text = to_json(&session);
        let back = kb_json(&text).unwrap();
        assert_eq!(back.note(), Some(&note));
        assert_eq!(back.actions(), session.actions());
        assert_eq!(to_json(&back), text);
        // An explicit null is no note.
        let null = text.replacen(&note.text(), "null", 1);
        assert_eq!(kb_json(&null).unwrap().note(), None);
    }

    /// Issue 52: the seats' names are kept in the save as a key of their own
    /// (a save without names is written as before: the fixtures above), and
    /// a save with a bad one is refused with the field named.
    #[test]
    fn hot_seat_names_are_saved_and_checked() {
        let mut seats = vec![SeatKind::Human; 3];
        seats.push(SeatKind::Bot(Level::Normal));
        let mut session = played_with(7, seats, 30);
        let mut config = session.config().clone();
        config.names = vec![Some("Ana".into()), Some("Léa".into()), None, None];
        session = Session::replay(config.clone(), session.moves().map(|(s, a)| (s, *a))).unwrap();
        let text = to_json(&session);
        assert!(text.contains(r#""names":["Ana","Léa",null,null]"#), "{text}");
        let back = kb_json(&text).unwrap();
        assert_eq!(back.config(), &config);
        assert_eq!(to_json(&back), text);
        for (bad, why) in [
            (r#""names":["Ana","Léa",null]"#, "three names for four seats"),
            (r#""names":["Ana","Ana",null,null]"#, "a name twice"),
            (r#""names":["Ana"," Léa",null,null]"#, "not as typed at the table"),
            (r#""names":["Ana","a,b",null,null]"#, "a comma"),
            (r#""names":[1,null,null,null]"#, "not a text"),
            (r#""names":"Ana""#, "not a list"),
        ] {
            let damaged = text.replace(r#""names":["Ana","Léa",null,null]"#, bad);
            assert_eq!(kb_json(&damaged).err(), Some(SaveError::Field("names")), "{why}");
        }
    }

    /// Writes tests/fixtures/jachete-save-finished.json: a finished game of
    /// J'achète, the person (played by the `normal` bot) against three easy
    /// bots, for the browser tests that need its end screen (the
    /// accessibility scan) without playing seven rounds.
    #[test]
    #[ignore = "writes a browser test's fixture"]
    fn write_jachete_finished_fixture() {
        use crate::games::jachete::Jachete;
        let mut config = TableConfig::<Jachete>::new(Seed::from_number(34), 4);
        config.seats = vec![SeatKind::Human, SeatKind::Bot(Level::Easy), SeatKind::Bot(Level::Easy), SeatKind::Bot(Level::Easy)];
        let mut session = Session::new(config).unwrap();
        while !session.is_over() {
            if session.bot_step().is_none() {
                let seat = session.human_to_act().unwrap();
                let legal = session.legal_actions();
                let a = Jachete::decide(Level::Normal, &session.view(seat), &legal, session.actions().len() as u64);
                session.apply_human(a).unwrap();
            }
        }
        std::fs::write(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/jachete-save-finished.json"), to_json(&session) + "\n").unwrap();
    }
}
