//! The bots' Web Worker: what it is asked and what it answers, as JSON text,
//! for any game.
//!
//! Searching bots (`hard`, `expert`), hints and par take from a tenth of a
//! second to seconds; the worker runs them off the page's thread so the page
//! never freezes. The jobs call exactly what the page would call itself
//! (the game's bots with the same seed), so a game plays the same with or
//! without the worker.
//!
//! Every job carries its game as a save ([`super::save`]: the table and every
//! action; `"game"` names which): the worker replays it and decides for the
//! seat to act, with the seed the page would use. Actions come back in the
//! game's notation. So the page writes and reads only saves and the notation,
//! never the engine's views.
//!
//! ```json
//! {"id":7,"job":"decide","level":"expert","game":{"v":1,"game":"katzenjammer",…}}
//! {"id":7,"reply":"action","action":{"act":"pass"}}
//! {"id":8,"job":"analyse","level":"expert","game":{…},"top":3}
//! {"id":8,"reply":"choices","choices":[{"action":{…},"value":0.62},…]}
//! {"id":11,"job":"advise","game":{…},"top":3}
//! {"id":11,"reply":"choices","choices":[…]}
//! {"id":9,"job":"par","game":{…the table, no actions…},"seat":0}
//! {"id":9,"reply":"par","par":12}
//! {"id":10,"job":"evaluate","game":{…a puzzle's position…},"moves":[{…best…},{…played…}],"unit":"points"}
//! {"id":10,"reply":"compared","best":[-21.3,0.6],"played":[-20.9,0.6],"gap":[0.4,0.2]}
//! {"id":0,"reply":"error","message":"…"}
//! ```

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::Game;
use tablee_puzzles::estimate::Estimate;
use tablee_puzzles::format::Unit;
use tablee_puzzles::judge::Comparison;

use super::config::TableConfig;
use super::game::GameDef;
use crate::games::{AnySession, GameId, with_game, Registered};
use super::par::ParRun;
use super::save;
use super::session::{Decision, Session};

/// The message the worker sends once it can take jobs.
pub const READY: &str = "ready";

#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// A bot's move for the seat to act in `game` (a save).
    Decide { level: Level, game: Json },
    /// A hint: the game's ranked choices for the seat to act
    /// ([`GameDef::hint`]; `level` is the expert's, whose search it is), the best `top`.
    Analyse { level: Level, game: Json, top: usize },
    /// The coached game's advice for the seat to act ([`GameDef::coach`],
    /// issue 52), the best `top`.
    Advise { game: Json, top: usize },
    /// What the `expert` bot scores in `seat` at this table (a save without moves).
    Par { game: Json, seat: usize },
    /// A puzzle's best known move and a move its analysis did not compare
    /// (`moves`: the two, best first), analysed at the position `game` (a
    /// save) by the analysis that mined the game's puzzles, on its budget
    /// of worlds ([`GameDef::puzzle_values`]), in `unit` (issue 52).
    Evaluate { game: Json, moves: Vec<Json>, unit: Unit },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// An action in the game's notation.
    Action { action: Json },
    Choices { choices: Vec<(Json, f64)> },
    Par { par: i32 },
    /// How the two moves of an [`Job::Evaluate`] compare.
    Compared(Comparison),
    Error { message: String },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    pub id: u32,
    pub reply: Reply,
}

/// The job for `decision` (made on `session`): the bot's move.
pub fn decide_job<G: Registered>(session: &Session<G>, decision: &Decision<G>) -> Job {
    Job::Decide { level: decision.level, game: save::to_value(session) }
}

/// The ranked choices of `decision`'s level, the best `top` (hints).
pub fn analyse_job<G: Registered>(session: &Session<G>, decision: &Decision<G>, top: usize) -> Job {
    Job::Analyse { level: decision.level, game: save::to_value(session), top }
}

/// The coached game's advice at the session's decision, the best `top`.
pub fn advise_job<G: Registered>(session: &Session<G>, top: usize) -> Job {
    Job::Advise { game: save::to_value(session), top }
}

/// The par job for `seat` of a table.
pub fn par_job<G: Registered>(config: &TableConfig<G>, seat: usize) -> Job {
    Job::Par { game: save::table_to_value(config), seat }
}

/// Runs one job.
pub fn run(job: &Job) -> Reply {
    let result = match job {
        Job::Decide { level, game } => read(game).and_then(|s| crate::games::each_game!(session &s, s => decide(s, *level))),
        Job::Analyse { level, game, top } => {
            read(game).and_then(|s| crate::games::each_game!(session &s, s => analyse(s, *level, *top)))
        }
        Job::Advise { game, top } => read(game).and_then(|s| crate::games::each_game!(session &s, s => advise(s, *top))),
        Job::Par { game, seat } => par(game, *seat),
        Job::Evaluate { game, moves, unit } => {
            read(game).and_then(|s| crate::games::each_game!(session &s, s => evaluate(s, moves, *unit)))
        }
    };
    result.unwrap_or_else(|message| Reply::Error { message })
}

fn read(game: &Json) -> Result<AnySession, String> {
    save::from_value(game).map_err(|e| format!("unreadable game: {e:?}"))
}

/// The decision for the seat to act in a session, at `level`.
fn decision<G: GameDef>(session: &Session<G>, level: Level) -> Result<Decision<G>, String> {
    let seat = session.to_act().ok_or("the game is over")?;
    let decision = session.decision(seat, level);
    if decision.legal.is_empty() {
        return Err("no legal action".into());
    }
    Ok(decision)
}

fn decide<G: GameDef>(session: &Session<G>, level: Level) -> Result<Reply, String> {
    decision(session, level).map(|d| Reply::Action { action: G::action_to_json(&d.decide()) })
}

fn analyse<G: GameDef>(session: &Session<G>, level: Level, top: usize) -> Result<Reply, String> {
    let choices = decision(session, level)?
        .hint()
        .into_iter()
        .take(top)
        .map(|c| (G::action_to_json(&c.action), if c.value.is_finite() { c.value } else { 0.0 }))
        .collect();
    Ok(Reply::Choices { choices })
}

fn evaluate<G: GameDef>(session: &Session<G>, moves: &[Json], unit: Unit) -> Result<Reply, String> {
    let seat = session.to_act().ok_or("the game is over")?;
    let moves = moves.iter().map(|m| G::action_from_json(m).map_err(|_| "an unreadable move")).collect::<Result<Vec<_>, _>>()?;
    // A move the rules refuse there is not analysed.
    if moves.iter().any(|m| session.state().check(m).is_err()) {
        return Err("a move that cannot be played there".into());
    }
    let values = G::puzzle_values(&session.view(seat), session.config().seed, session.moves().count(), &moves, unit).ok_or("this game has no puzzles' analysis")?;
    Comparison::of(&values).map(Reply::Compared).ok_or_else(|| "not two moves".into())
}

fn advise<G: GameDef>(session: &Session<G>, top: usize) -> Result<Reply, String> {
    let choices = decision(session, Level::Expert)?
        .coach()
        .into_iter()
        .take(top)
        .map(|c| (G::action_to_json(&c.action), if c.value.is_finite() { c.value } else { 0.0 }))
        .collect();
    Ok(Reply::Choices { choices })
}

fn par(game: &Json, seat: usize) -> Result<Reply, String> {
    fn run<G: GameDef>(game: &Json, seat: usize) -> Result<Reply, String> {
        let config = save::table_from_value::<G>(game).map_err(|e| format!("unreadable table: {e:?}"))?;
        let mut run = ParRun::new(&config, seat).ok_or("no par for this table")?;
        Ok(Reply::Par { par: run.finish() })
    }
    match game.get("game").and_then(Json::as_str).and_then(GameId::parse) {
        Some(id) => with_game!(id, G => run::<G>(game, seat)),
        None => Err("unknown game".into()),
    }
}

/// Answers one request text with one response text (the worker's whole loop body).
pub fn handle(text: &str) -> String {
    let (id, reply) = match read_request(text) {
        Ok((id, job)) => (id, run(&job)),
        Err(message) => (0, Reply::Error { message: format!("unreadable request: {message}") }),
    };
    write_response(id, &reply)
}

fn level(doc: &Json) -> Result<Level, String> {
    let name = doc.get("level").and_then(Json::as_str).ok_or("no level")?;
    // Only a seat's levels: research levels are not every game's.
    Level::parse(name).filter(|l| Level::SEATED.contains(l)).ok_or_else(|| format!("unknown bot level {name:?}"))
}

fn read_request(text: &str) -> Result<(u32, Job), String> {
    let doc = Json::parse(text).map_err(|e| e.to_string())?;
    let id = doc.get("id").and_then(Json::as_u64).and_then(|id| u32::try_from(id).ok()).ok_or("no id")?;
    let field = |key: &'static str| doc.get(key).ok_or_else(|| format!("no {key}"));
    let count = |key: &'static str| field(key)?.as_u64().map(|n| n as usize).ok_or_else(|| format!("bad {key}"));
    let job = match doc.get("job").and_then(Json::as_str) {
        Some("decide") => Job::Decide { level: level(&doc)?, game: field("game")?.clone() },
        Some("analyse") => Job::Analyse { level: level(&doc)?, game: field("game")?.clone(), top: count("top")? },
        Some("advise") => Job::Advise { game: field("game")?.clone(), top: count("top")? },
        Some("par") => Job::Par { game: field("game")?.clone(), seat: count("seat")? },
        Some("evaluate") => Job::Evaluate {
            game: field("game")?.clone(),
            moves: field("moves")?.as_array().ok_or("bad moves")?.to_vec(),
            unit: field("unit")?.as_str().and_then(|code| puzzle_unit(field("game").ok()?, code)).ok_or("bad unit")?,
        },
        _ => return Err("unknown job".into()),
    };
    Ok((id, job))
}

/// The unit `code` of the puzzles of the game `game` (a save) is of: each
/// game's puzzles have their own ([`GameId::puzzles`]).
fn puzzle_unit(game: &Json, code: &str) -> Option<Unit> {
    let id = game.get("game").and_then(Json::as_str).and_then(GameId::parse)?;
    id.puzzles()?.unit(code)
}

fn write_response(id: u32, reply: &Reply) -> String {
    let id = ("id", Json::from(id));
    match reply {
        Reply::Action { action } => Json::obj([id, ("reply", "action".into()), ("action", action.clone())]),
        Reply::Choices { choices } => {
            let list = choices
                .iter()
                .map(|(action, value)| Json::obj([("action", action.clone()), ("value", Json::Num(format!("{value}")))]))
                .collect();
            Json::obj([id, ("reply", "choices".into()), ("choices", Json::Arr(list))])
        }
        Reply::Par { par } => Json::obj([id, ("reply", "par".into()), ("par", (*par).into())]),
        Reply::Compared(c) => {
            let pair = |e: Estimate| Json::Arr(vec![Json::Num(format!("{}", e.mean)), Json::Num(format!("{}", e.ci))]);
            Json::obj([id, ("reply", "compared".into()), ("best", pair(c.best)), ("played", pair(c.played)), ("gap", pair(c.gap))])
        }
        Reply::Error { message } => Json::obj([id, ("reply", "error".into()), ("message", message.as_str().into())]),
    }
    .text()
}

/// The request text for a job.
pub fn request(id: u32, job: Job) -> String {
    let id = ("id", Json::from(id));
    match job {
        Job::Decide { level, game } => Json::obj([id, ("job", "decide".into()), ("level", level.name().into()), ("game", game)]),
        Job::Analyse { level, game, top } => Json::obj([
            id,
            ("job", "analyse".into()),
            ("level", level.name().into()),
            ("game", game),
            ("top", top.into()),
        ]),
        Job::Advise { game, top } => Json::obj([id, ("job", "advise".into()), ("game", game), ("top", top.into())]),
        Job::Par { game, seat } => Json::obj([id, ("job", "par".into()), ("game", game), ("seat", seat.into())]),
        Job::Evaluate { game, moves, unit } => {
            Json::obj([id, ("job", "evaluate".into()), ("game", game), ("moves", Json::Arr(moves)), ("unit", unit.code().into())])
        }
    }
    .text()
}

/// Reads a response text.
pub fn response(text: &str) -> Option<Response> {
    let doc = Json::parse(text).ok()?;
    let id = u32::try_from(doc.get("id")?.as_u64()?).ok()?;
    let reply = match doc.get("reply")?.as_str()? {
        "action" => Reply::Action { action: doc.get("action")?.clone() },
        "choices" => Reply::Choices {
            choices: doc
                .get("choices")?
                .as_array()?
                .iter()
                .map(|c| Some((c.get("action")?.clone(), c.get("value")?.as_f64()?)))
                .collect::<Option<_>>()?,
        },
        "par" => Reply::Par { par: i32::try_from(doc.get("par")?.as_i64()?).ok()? },
        "compared" => {
            let pair = |key: &str| {
                let [mean, ci] = doc.get(key)?.as_array()? else { return None };
                Some(Estimate { mean: mean.as_f64()?, ci: ci.as_f64()? })
            };
            Reply::Compared(Comparison { best: pair("best")?, played: pair("played")?, gap: pair("gap")? })
        }
        "error" => Reply::Error { message: doc.get("message")?.as_str()?.to_string() },
        _ => return None,
    };
    Some(Response { id, reply })
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::games::test_game::{TestGame, KEEP};
    use super::*;
    use crate::app::config::SeatKind;
    use tablee_engine::Seed;

    /// A game of `G` for four on deal 31, a `hard` bot at seat 1, played
    /// (the person making `person`'s move) until that bot is to move.
    pub(crate) fn at_the_hard_bots_turn<G: Registered>(person: G::Action) -> Session<G> {
        let mut config = TableConfig::<G>::new(Seed::from_number(31), 4);
        config.seats[1] = SeatKind::Bot(Level::Hard);
        let mut s = Session::new(config).unwrap();
        // Play until it is the hard bot's turn.
        while s.bot_to_act().map(|(seat, _)| seat) != Some(1) {
            if s.bot_step().is_none() {
                s.apply_human(person.clone()).unwrap();
            }
        }
        s
    }

    fn session() -> Session<TestGame> {
        at_the_hard_bots_turn::<TestGame>(KEEP)
    }

    #[test]
    fn the_worker_decides_as_the_page_would() {
        let s = session();
        let job = decide_job(&s, &s.bot_decision().unwrap());
        let reply = response(&handle(&request(7, job))).unwrap();
        assert_eq!(reply.id, 7);
        let Reply::Action { action } = reply.reply else { panic!("{reply:?}") };
        assert_eq!(TestGame::action_from_json(&action), Ok(s.bot_choice().unwrap()));
    }

    #[test]
    fn hints_come_back_ranked_and_legal() {
        let s = session();
        let decision = s.hint_decision().unwrap();
        let job = analyse_job(&s, &decision, 3);
        match response(&handle(&request(1, job))).unwrap().reply {
            Reply::Choices { choices } => {
                assert!(!choices.is_empty() && choices.len() <= 3);
                // The same ranking as the page's own search, values within rounding.
                let page: Vec<_> = decision.hint().into_iter().take(3).collect();
                assert_eq!(choices.len(), page.len());
                for ((action, value), mine) in choices.iter().zip(&page) {
                    let action = TestGame::action_from_json(action).unwrap();
                    assert!(decision.legal.contains(&action));
                    assert_eq!(action, mine.action);
                    assert!((value - mine.value).abs() < 1e-9, "{value} vs {}", mine.value);
                }
            }
            other => panic!("{other:?}"),
        }
    }

    /// Issue 52: the coached game's suggestion is the page's. At a coached
    /// table (the person in seat 0, `gentle` bots), the worker's
    /// `Job::Advise` — what the coach asks — answers, through the worker's
    /// text, with the coach's move first (`tablee_bots::coach`, what
    /// `tablee coach` plays in the coach's seat). Red if the page and the
    /// measure suggested different moves (another seed, another search,
    /// another level).
    /// Each coached game runs it from its `shell_tests/worker.rs`.
    pub(crate) fn the_coach_suggests_what_tablee_coach_plays<G: Registered>(seed: u64, decisions: usize)
    where
        G::State: tablee_bots::coach::CoachedGame,
    {
        let mut config = TableConfig::<G>::new(Seed::from_number(seed), 4);
        for s in config.seats.iter_mut().skip(1) {
            *s = SeatKind::Bot(Level::Gentle);
        }
        let mut s = Session::new(config).unwrap();
        let mut checked = 0;
        while checked < decisions && !s.is_over() {
            if s.bot_step().is_some() {
                continue;
            }
            let decision = s.hint_decision().unwrap();
            let Reply::Choices { choices } = response(&handle(&request(5, advise_job(&s, 3)))).unwrap().reply else { panic!("no choices") };
            let page = G::action_from_json(&choices[0].0).unwrap();
            let coach = tablee_bots::coach::Newcomer::Coach.decide::<G::State>(&decision.view, &decision.legal, decision.seed);
            assert_eq!(page, coach, "{} seed {seed}, move {}", G::CODE, decision.at);
            s.apply_human(page).unwrap();
            checked += 1;
        }
        assert_eq!(checked, decisions);
    }

    #[test]
    fn par_matches_the_model() {
        let config = TableConfig::<TestGame>::new(Seed::from_number(5), 3);
        let expected = ParRun::new(&config, 0).unwrap().finish();
        let job = par_job(&config, 0);
        assert_eq!(response(&handle(&request(2, job))).unwrap().reply, Reply::Par { par: expected });
    }

    #[test]
    fn bad_requests_get_an_error_not_a_panic() {
        for text in [
            "",
            "{}",
            "[1]",
            r#"{"id":3,"job":"decide","level":"wizard","game":null}"#,
            r#"{"id":3,"job":"decide","level":"expert","game":{"v":1}}"#,
            r#"{"id":3,"job":"par","game":{"v":1,"game":"chess"},"seat":0}"#,
            r#"{"id":3,"job":"dance"}"#,
            r#"{"id":3,"job":"decide","level":"ismcts","game":{"v":1}}"#,
        ] {
            let reply = response(&handle(text)).unwrap();
            assert!(matches!(reply.reply, Reply::Error { .. }), "{text}: {reply:?}");
        }
    }
}
