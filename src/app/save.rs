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
    use super::*;
    use crate::games::test_game::TestGame;
    use serde_json::{json, Value};
    use tablee_bots::Level;

    /// A browser test's fixture (`file`, from the repository's root: a game's
    /// are in its folder, `src/games/<game>/fixtures/`) is what its recipe
    /// writes today (`text`): red when the recipe (the engine, the bots, the
    /// save's format) no longer writes it, so that the browser test and its
    /// fixture cannot drift apart unseen. `TABLEE_WRITE_FIXTURES=1 cargo
    /// test -p tablee-app --lib fixture` writes them anew instead (a new
    /// fixture, or a change made on purpose: read the diff).
    pub(crate) fn fixture_is(file: &str, text: &str) {
        let path = format!("{}/{file}", env!("CARGO_MANIFEST_DIR"));
        if std::env::var_os("TABLEE_WRITE_FIXTURES").is_some() {
            std::fs::write(&path, text).unwrap();
            return;
        }
        let kept = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(kept == text, "{path} is not what its recipe writes today (TABLEE_WRITE_FIXTURES=1 writes it anew)");
    }

    /// Our JSON as serde_json reads it (the reference reader).
    pub(crate) fn serde(value: &Json) -> Value {
        serde_json::from_str(&value.text()).unwrap()
    }

    /// The session of game `G` inside a read save.
    pub(crate) fn read<G: Registered>(text: &str) -> Result<Session<G>, SaveError> {
        from_json(text).map(|any| any.get::<G>().cloned().expect("a save of that game"))
    }

    /// A game of `players`, a person at seat 0 and `normal` bots, played
    /// `moves` moves in (or to its end).
    pub(crate) fn played<G: GameDef>(seed: u64, players: usize, moves: usize) -> Session<G> {
        let mut seats = vec![SeatKind::Bot(Level::Normal); players];
        seats[0] = SeatKind::Human;
        played_with(seed, seats, moves)
    }

    /// A game at `seats` played `moves` moves in (or to its end): the
    /// people play as a `normal` bot would.
    pub(crate) fn played_with<G: GameDef>(seed: u64, seats: Vec<SeatKind>, moves: usize) -> Session<G> {
        let mut config = TableConfig::<G>::new(Seed::from_number(seed), seats.len());
        config.seats = seats;
        let mut session = Session::new(config).unwrap();
        while session.actions().len() < moves && !session.is_over() {
            if session.bot_step().is_none() {
                let seat = session.human_to_act().unwrap();
                let legal = session.legal_actions();
                let a = G::decide(Level::Normal, &session.view(seat), &legal, 1);
                session.apply_human(a).unwrap();
            }
        }
        session
    }

    #[test]
    fn the_daily_label_survives_only_with_its_seed() {
        let day = Day::new(2026, 11, 22).unwrap();
        let seats = crate::app::config::default_seats::<TestGame>(3);
        let session = Session::<TestGame>::new(TableConfig::daily(day, seats, Default::default())).unwrap();
        let back = read::<TestGame>(&to_json(&session)).unwrap();
        assert_eq!(back.config().daily, Some(day));
        let mut value: Value = serde_json::from_str(&to_json(&session)).unwrap();
        value["daily"] = json!("2026-11-23");
        assert_eq!(read::<TestGame>(&value.to_string()).unwrap().config().daily, None);
    }

    /// The table's note is written with the game and read back as written;
    /// a save without one (every save before notes) resumes with none.
    #[test]
    fn the_tables_note_is_kept_in_the_save() {
        let mut session = played::<TestGame>(7, 4, 2);
        assert!(!to_json(&session).contains("\"note\""), "no note, no key");
        assert_eq!(read::<TestGame>(&to_json(&session)).unwrap().note(), None);
        let note = Json::obj([("order", Json::Arr(vec![3u64.into(), 1u64.into(), 2u64.into()])), ("staged", Json::Arr(vec![]))]);
        session.set_note(Some(note.clone()));
        let text = to_json(&session);
        let back = read::<TestGame>(&text).unwrap();
        assert_eq!(back.note(), Some(&note));
        assert_eq!(back.actions(), session.actions());
        assert_eq!(to_json(&back), text);
        // An explicit null is no note.
        let null = text.replacen(&note.text(), "null", 1);
        assert_eq!(read::<TestGame>(&null).unwrap().note(), None);
    }

    /// Issue 52: the seats' names are kept in the save as a key of their own
    /// (a save without names is written as before: the fixtures above), and
    /// a save with a bad one is refused with the field named.
    #[test]
    fn hot_seat_names_are_saved_and_checked() {
        let mut seats = vec![SeatKind::Human; 3];
        seats.push(SeatKind::Bot(Level::Normal));
        let mut session = played_with::<TestGame>(7, seats, usize::MAX);
        let mut config = session.config().clone();
        config.names = vec![Some("Ana".into()), Some("Léa".into()), None, None];
        session = Session::replay(config.clone(), session.moves().map(|(s, a)| (s, *a))).unwrap();
        let text = to_json(&session);
        assert!(text.contains(r#""names":["Ana","Léa",null,null]"#), "{text}");
        let back = read::<TestGame>(&text).unwrap();
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
            assert_eq!(read::<TestGame>(&damaged).err(), Some(SaveError::Field("names")), "{why}");
        }
    }
}
