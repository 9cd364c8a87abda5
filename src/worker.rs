//! The bots' Web Worker: what it is asked and what it answers, as JSON text.
//!
//! Searching bots (`hard`, `expert`), hints and par take from a tenth of a
//! second to seconds; the worker runs them off the page's thread so the page
//! never freezes. The jobs call exactly what the page would call itself
//! (`tablee_bots::decide` with the same seed), so a game plays the same with
//! or without the worker.
//!
//! A move's job carries the game as its save (the table and every action,
//! [`crate::model::save`]): the worker replays it and decides for the seat to
//! act, with the seed the page would use. So the page writes and reads only the
//! save notation ([`crate::model::json`]), never the engine's views.
//!
//! ```json
//! {"id":7,"job":"decide","level":"expert","game":{"v":1,…}}
//! {"id":7,"reply":"action","action":{"seat":2,"act":"pass"}}
//! {"id":8,"job":"analyse","level":"expert","game":{…},"top":3}
//! {"id":8,"reply":"choices","choices":[{"action":{…},"value":0.62},…]}
//! {"id":9,"job":"par","seed":"1K7Q-M3ZD","seats":["human","expert"],"full_mice":false,"seat":0}
//! {"id":9,"reply":"par","par":12}
//! {"id":0,"reply":"error","message":"…"}
//! ```

use tablee_bots::Level;
use tablee_engine::katzenjammer::{Action, Options};
use tablee_engine::Seed;

use crate::model::config::{SeatKind, TableConfig};
use tablee_engine::json::Json;
use crate::model::par::ParRun;
use crate::model::save::{self, action_from_json, action_to_json};
use crate::model::session::{Decision, Session};

/// The message the worker sends once it can take jobs.
pub const READY: &str = "ready";

#[derive(Clone, Debug, PartialEq)]
pub enum Job {
    /// A bot's move for the seat to act in `game` (a save): `tablee_bots::decide`.
    Decide { level: Level, game: Json },
    /// A bot's ranked choices (hints): `tablee_bots::analyse`, the best `top`.
    Analyse { level: Level, game: Json, top: usize },
    /// What the `expert` bot scores in `seat` on this table.
    Par { seed: String, seats: Vec<String>, full_mice: bool, seat: usize },
}

#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    Action { action: Action },
    Choices { choices: Vec<(Action, f64)> },
    Par { par: i32 },
    Error { message: String },
}

#[derive(Clone, Debug, PartialEq)]
pub struct Response {
    pub id: u32,
    pub reply: Reply,
}

/// The job for `decision` (made on `session`): the bot's move.
pub fn decide_job(session: &Session, decision: &Decision) -> Job {
    Job::Decide { level: decision.level, game: save::to_value(session) }
}

/// The ranked choices of `decision`'s level, the best `top` (hints).
pub fn analyse_job(session: &Session, decision: &Decision, top: usize) -> Job {
    Job::Analyse { level: decision.level, game: save::to_value(session), top }
}

/// The par job for `seat` of a table.
pub fn par_job(config: &TableConfig, seat: usize) -> Job {
    Job::Par {
        seed: config.seed.to_string(),
        seats: config.seats.iter().map(|s| s.name().to_string()).collect(),
        full_mice: config.options.full_mice,
        seat,
    }
}

/// The decision for the seat to act in a saved game, at `level`.
fn decision(game: &Json, level: Level) -> Result<Decision, String> {
    let session = save::from_value(game).map_err(|e| format!("unreadable game: {e:?}"))?;
    let seat = session.to_act().ok_or("the game is over")?;
    let decision = session.decision(seat, level);
    if decision.legal.is_empty() {
        return Err("no legal action".into());
    }
    Ok(decision)
}

/// Runs one job.
pub fn run(job: &Job) -> Reply {
    let result = match job {
        Job::Decide { level, game } => decision(game, *level).map(|d| Reply::Action { action: d.decide() }),
        Job::Analyse { level, game, top } => decision(game, *level).map(|d| Reply::Choices {
            choices: d
                .analyse()
                .into_iter()
                .take(*top)
                .map(|c| (c.action, if c.value.is_finite() { c.value } else { 0.0 }))
                .collect(),
        }),
        Job::Par { seed, seats, full_mice, seat } => (|| {
            let seed = Seed::parse(seed).map_err(|e| e.to_string())?;
            let seats = seats
                .iter()
                .map(|s| SeatKind::parse(s).ok_or_else(|| format!("unknown seat {s:?}")))
                .collect::<Result<Vec<_>, _>>()?;
            let config = TableConfig { seed, seats, options: Options { full_mice: *full_mice }, daily: None };
            let mut run = ParRun::new(&config, *seat).ok_or("no par for this table")?;
            loop {
                if let Some(par) = run.step() {
                    return Ok(Reply::Par { par });
                }
            }
        })(),
    };
    result.unwrap_or_else(|message| Reply::Error { message })
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
    Level::parse(name).ok_or_else(|| format!("unknown bot level {name:?}"))
}

fn read_request(text: &str) -> Result<(u32, Job), String> {
    let doc = Json::parse(text).map_err(|e| e.to_string())?;
    let id = doc.get("id").and_then(Json::as_u64).and_then(|id| u32::try_from(id).ok()).ok_or("no id")?;
    let field = |key: &'static str| doc.get(key).ok_or_else(|| format!("no {key}"));
    let count = |key: &'static str| field(key)?.as_u64().map(|n| n as usize).ok_or_else(|| format!("bad {key}"));
    let job = match doc.get("job").and_then(Json::as_str) {
        Some("decide") => Job::Decide { level: level(&doc)?, game: field("game")?.clone() },
        Some("analyse") => Job::Analyse { level: level(&doc)?, game: field("game")?.clone(), top: count("top")? },
        Some("par") => Job::Par {
            seed: field("seed")?.as_str().ok_or("bad seed")?.to_string(),
            seats: field("seats")?
                .as_array()
                .and_then(|list| list.iter().map(|s| s.as_str().map(str::to_string)).collect())
                .ok_or("bad seats")?,
            full_mice: field("full_mice")?.as_bool().ok_or("bad full_mice")?,
            seat: count("seat")?,
        },
        _ => return Err("unknown job".into()),
    };
    Ok((id, job))
}

fn write_response(id: u32, reply: &Reply) -> String {
    let id = ("id", Json::from(id));
    match reply {
        // The seat is not read back: the page knows whose move it asked for.
        Reply::Action { action } => Json::obj([id, ("reply", "action".into()), ("action", action_to_json(0, action))]),
        Reply::Choices { choices } => {
            let list = choices
                .iter()
                .map(|(action, value)| Json::obj([("action", action_to_json(0, action)), ("value", Json::Num(format!("{value}")))]))
                .collect();
            Json::obj([id, ("reply", "choices".into()), ("choices", Json::Arr(list))])
        }
        Reply::Par { par } => Json::obj([id, ("reply", "par".into()), ("par", (*par).into())]),
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
        Job::Par { seed, seats, full_mice, seat } => Json::obj([
            id,
            ("job", "par".into()),
            ("seed", Json::Str(seed)),
            ("seats", Json::Arr(seats.into_iter().map(Json::Str).collect())),
            ("full_mice", full_mice.into()),
            ("seat", seat.into()),
        ]),
    }
    .text()
}

/// Reads a response text.
pub fn response(text: &str) -> Option<Response> {
    let doc = Json::parse(text).ok()?;
    let id = u32::try_from(doc.get("id")?.as_u64()?).ok()?;
    let action = |value: &Json| action_from_json(value).map(|(_, action)| action);
    let reply = match doc.get("reply")?.as_str()? {
        "action" => Reply::Action { action: action(doc.get("action")?)? },
        "choices" => Reply::Choices {
            choices: doc
                .get("choices")?
                .as_array()?
                .iter()
                .map(|c| Some((action(c.get("action")?)?, c.get("value")?.as_f64()?)))
                .collect::<Option<_>>()?,
        },
        "par" => Reply::Par { par: i32::try_from(doc.get("par")?.as_i64()?).ok()? },
        "error" => Reply::Error { message: doc.get("message")?.as_str()?.to_string() },
        _ => return None,
    };
    Some(Response { id, reply })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::session::Session;

    fn session() -> Session {
        let mut config = TableConfig::new(Seed::from_number(31), 4);
        config.seats[1] = SeatKind::Bot(Level::Hard);
        let mut s = Session::new(config).unwrap();
        // Play until it is the hard bot's turn.
        while s.bot_to_act().map(|(seat, _)| seat) != Some(1) {
            if s.bot_step().is_none() {
                s.apply_human(Action::Pass).unwrap();
            }
        }
        s
    }

    #[test]
    fn the_worker_decides_as_the_page_would() {
        let s = session();
        let job = decide_job(&s, &s.bot_decision().unwrap());
        let text = handle(&request(7, job));
        let reply = response(&text).unwrap();
        assert_eq!(reply.id, 7);
        assert_eq!(reply.reply, Reply::Action { action: s.bot_choice().unwrap() });
    }

    #[test]
    fn hints_come_back_ranked_and_legal() {
        let s = session();
        let decision = s.hint_decision().unwrap();
        let legal = decision.legal.clone();
        let job = analyse_job(&s, &decision, 3);
        match response(&handle(&request(1, job))).unwrap().reply {
            Reply::Choices { choices } => {
                assert!(!choices.is_empty() && choices.len() <= 3);
                assert!(choices.iter().all(|(a, _)| legal.contains(a)));
                // The same ranking as the page's own search, values within rounding.
                let page: Vec<_> = decision.analyse().into_iter().take(3).collect();
                assert_eq!(choices.len(), page.len());
                for ((action, value), mine) in choices.iter().zip(&page) {
                    assert_eq!(*action, mine.action);
                    assert!((value - mine.value).abs() < 1e-9, "{value} vs {}", mine.value);
                }
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn par_matches_the_model() {
        let config = TableConfig::new(Seed::from_number(5), 3);
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
            r#"{"id":3,"job":"dance"}"#,
        ] {
            let reply = response(&handle(text)).unwrap();
            assert!(matches!(reply.reply, Reply::Error { .. }), "{text}: {reply:?}");
        }
        let job = Job::Par { seed: "nope".into(), seats: vec![], full_mice: false, seat: 0 };
        assert!(matches!(run(&job), Reply::Error { .. }));
    }
}
