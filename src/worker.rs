//! The bots' Web Worker: what it is asked and what it answers, as JSON text.
//!
//! Searching bots (`hard`, `expert`), hints and par take from a tenth of a
//! second to seconds; the worker runs them off the page's thread so the page
//! never freezes. The jobs call exactly what the page would call itself
//! (`tablee_bots::decide` with the same seed), so a game plays the same with
//! or without the worker.

use serde::{Deserialize, Serialize};
use tablee_bots::Level;
use tablee_engine::katzenjammer::{Action, KbView, Options};
use tablee_engine::Seed;

use crate::model::config::{SeatKind, TableConfig};
use crate::model::par::ParRun;
use crate::model::session::Decision;

/// The message the worker sends once it can take jobs.
pub const READY: &str = "ready";

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "job", rename_all = "snake_case")]
pub enum Job {
    /// A bot's move: `tablee_bots::decide`.
    Decide { level: String, view: KbView, legal: Vec<Action>, seed: u64 },
    /// A bot's ranked choices (hints): `tablee_bots::analyse`, the best `top`.
    Analyse { level: String, view: KbView, legal: Vec<Action>, seed: u64, top: usize },
    /// What the `expert` bot scores in `seat` on this table.
    Par { seed: String, seats: Vec<String>, full_mice: bool, seat: usize },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "reply", rename_all = "snake_case")]
pub enum Reply {
    Action { action: Action },
    Choices { choices: Vec<(Action, f64)> },
    Par { par: i32 },
    Error { message: String },
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Request {
    pub id: u32,
    #[serde(flatten)]
    pub job: Job,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Response {
    pub id: u32,
    #[serde(flatten)]
    pub reply: Reply,
}

fn level(name: &str) -> Result<Level, String> {
    Level::parse(name).ok_or_else(|| format!("unknown bot level {name:?}"))
}

impl Decision {
    /// This decision as a worker job.
    pub fn decide_job(&self) -> Job {
        Job::Decide { level: self.level.name().to_string(), view: self.view.clone(), legal: self.legal.clone(), seed: self.seed }
    }

    /// The ranked choices of this decision's level, the best `top`.
    pub fn analyse_job(&self, top: usize) -> Job {
        Job::Analyse { level: self.level.name().to_string(), view: self.view.clone(), legal: self.legal.clone(), seed: self.seed, top }
    }
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

/// Runs one job.
pub fn run(job: &Job) -> Reply {
    let result = match job {
        Job::Decide { level: name, view, legal, seed } => level(name).map(|level| {
            if legal.is_empty() {
                return Reply::Error { message: "no legal action".into() };
            }
            Reply::Action { action: tablee_bots::decide(level, view, legal, *seed) }
        }),
        Job::Analyse { level: name, view, legal, seed, top } => level(name).map(|level| Reply::Choices {
            choices: tablee_bots::analyse(level, view, legal, *seed)
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
    let response = match serde_json::from_str::<Request>(text) {
        Ok(request) => Response { id: request.id, reply: run(&request.job) },
        Err(e) => Response { id: 0, reply: Reply::Error { message: format!("unreadable request: {e}") } },
    };
    serde_json::to_string(&response).unwrap_or_else(|e| {
        format!(r#"{{"id":{},"reply":"error","message":"unwritable response: {e}"}}"#, response.id)
    })
}

/// The request text for a job.
pub fn request(id: u32, job: Job) -> String {
    serde_json::to_string(&Request { id, job }).unwrap_or_default()
}

/// Reads a response text.
pub fn response(text: &str) -> Option<Response> {
    serde_json::from_str(text).ok()
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
        let job = s.bot_decision().unwrap().decide_job();
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
        let job = decision.analyse_job(3);
        match response(&handle(&request(1, job))).unwrap().reply {
            Reply::Choices { choices } => {
                assert!(!choices.is_empty() && choices.len() <= 3);
                assert!(choices.iter().all(|(a, _)| legal.contains(a)));
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
        for text in ["", "{}", "[1]", r#"{"id":3,"job":"decide","level":"wizard","view":null}"#] {
            let reply = response(&handle(text)).unwrap();
            assert!(matches!(reply.reply, Reply::Error { .. }), "{text}: {reply:?}");
        }
        let job = Job::Par { seed: "nope".into(), seats: vec![], full_mice: false, seat: 0 };
        assert!(matches!(run(&job), Reply::Error { .. }));
    }
}
