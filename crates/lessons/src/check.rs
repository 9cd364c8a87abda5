//! The engine's check of a course (issue 42): every lesson replayed from its
//! position, step by step.

use tablee_engine::json::Json;
use tablee_engine::{Game, Seat};

use crate::format::{Course, Lesson, Step, Words};
use crate::rules::{reason, Rules};

/// What is wrong with a lesson (1-based, as links count them) and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub lesson: usize,
    /// The step (from 1), when it is one step's.
    pub step: Option<usize>,
    pub what: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.step {
            Some(step) => write!(f, "lesson {} step {}: {}", self.lesson, step, self.what),
            None => write!(f, "lesson {}: {}", self.lesson, self.what),
        }
    }
}

/// Whether `step` accepts `action` (the same move, however its cards are listed).
pub fn accepts<R: Rules>(step: &Step, action: &<R::State as Game>::Action) -> bool {
    step.accept.iter().any(|a| R::read(a).as_ref() == Ok(action))
}

fn seat_of(action: &Json) -> Option<Seat> {
    action.get("seat").and_then(Json::as_u64).map(|s| s as usize)
}

/// The lesson's position with its moves before the lesson applied: the
/// state the lesson opens on.
pub fn opening<R: Rules>(lesson: &Lesson) -> Result<R::State, String> {
    let mut state = R::start(&lesson.position)?;
    let before = lesson.position.get("actions").and_then(Json::as_array).unwrap_or(&[]);
    for (i, action) in before.iter().enumerate() {
        play::<R>(&mut state, action).map_err(|e| format!("position's actions[{i}]: {e}"))?;
    }
    Ok(state)
}

/// Applies a scripted move: its seat must be the one to act.
pub fn play<R: Rules>(state: &mut R::State, action: &Json) -> Result<(), String> {
    let seat = seat_of(action).ok_or("an action without its \"seat\"")?;
    if state.to_act() != Some(seat) {
        return Err(format!("seat {seat} moves but it is {:?}'s move", state.to_act()));
    }
    let parsed = R::read(action).map_err(|e| match e {
        Ok(refusal) => format!("refused ({}): {refusal}", reason(&refusal)),
        Err(message) => message,
    })?;
    state.apply(&parsed).map_err(|e| format!("refused ({}): {e}", reason(&e)))
}

/// The lesson as one scenario: its position, then every step's first
/// accepted action and the bots' replies (what `tablee scenario` replays).
pub fn scenario(lesson: &Lesson) -> Json {
    let mut out = lesson.position.clone();
    let mut actions: Vec<Json> = lesson.position.get("actions").and_then(Json::as_array).unwrap_or(&[]).to_vec();
    for step in &lesson.steps {
        actions.extend(step.accept.first().cloned());
        actions.extend(step.then.iter().cloned());
    }
    out.set("actions", Json::Arr(actions));
    out
}

/// The learner's taps when following the coach: one per explaining step
/// (Next), each move's own ([`Rules::taps`]); `None` if the lesson does not replay.
pub fn taps<R: Rules>(lesson: &Lesson) -> Option<usize> {
    let mut state = opening::<R>(lesson).ok()?;
    let mut taps = 0;
    for step in &lesson.steps {
        match step.accept.first() {
            None => taps += 1,
            Some(action) => {
                taps += R::taps(&state, action);
                play::<R>(&mut state, action).ok()?;
            }
        }
        for reply in &step.then {
            play::<R>(&mut state, reply).ok()?;
        }
    }
    Some(taps)
}

/// Every problem of the course (none: it is good to ship).
pub fn check<R: Rules>(course: &Course) -> Vec<Problem> {
    let mut problems = Vec::new();
    if course.game != R::GAME {
        problems.push(Problem { lesson: 0, step: None, what: format!("the file is for {}, not {}", course.game, R::GAME) });
    }
    if course.lessons.is_empty() {
        problems.push(Problem { lesson: 0, step: None, what: "no lesson".into() });
    }
    texts(&course.coach, "the coached game's offer", &mut |what| problems.push(Problem { lesson: 0, step: None, what }));
    for (i, lesson) in course.lessons.iter().enumerate() {
        check_lesson::<R>(lesson, i + 1, &mut problems);
    }
    let mut ids: Vec<&str> = course.lessons.iter().map(|l| l.id.as_str()).collect();
    ids.sort_unstable();
    ids.dedup();
    if ids.len() != course.lessons.len() {
        problems.push(Problem { lesson: 0, step: None, what: "two lessons have the same id".into() });
    }
    problems
}

/// Both languages, neither empty.
fn texts(words: &Words, what: &str, report: &mut impl FnMut(String)) {
    for (lang, text) in [("fr", &words.fr), ("en", &words.en)] {
        if text.trim().is_empty() {
            report(format!("{what} has no {lang} text"));
        }
    }
}

fn check_lesson<R: Rules>(lesson: &Lesson, n: usize, problems: &mut Vec<Problem>) {
    let mut report = |step: Option<usize>, what: String| problems.push(Problem { lesson: n, step, what });
    texts(&lesson.title, "the title", &mut |w| report(None, w));
    texts(&lesson.done, "the end", &mut |w| report(None, w));
    if lesson.rules.is_empty() {
        report(None, "it names no rule".into());
    }
    if lesson.position.get("game").and_then(Json::as_str) != Some(R::GAME) {
        report(None, format!("its position is not a {} scenario", R::GAME));
    }
    if !lesson.steps.iter().any(Step::is_action) {
        report(None, "no step asks for a move".into());
    }
    let mut state = match opening::<R>(lesson) {
        Ok(state) => state,
        Err(e) => return report(None, format!("the position does not load: {e}")),
    };
    let learner = lesson.steps.iter().find_map(|s| s.accept.first().and_then(seat_of));
    for (i, step) in lesson.steps.iter().enumerate() {
        let at = Some(i + 1);
        texts(&step.say, "the coach's line", &mut |w| report(at, w));
        for words in step.wrong.iter().chain(step.refuse.iter().filter_map(|r| r.say.as_ref())) {
            texts(words, "a wrong move's words", &mut |w| report(at, w));
        }
        // Issue 52: the words agree with what the learner sees now.
        let involved = step.accept.first().map(|a| R::involved(&state, a)).unwrap_or_default();
        let scene = R::scene(&state, learner.unwrap_or(0));
        for words in std::iter::once(&step.say).chain(&step.wrong).chain(step.refuse.iter().filter_map(|r| r.say.as_ref())) {
            agree::<R>(words, &scene, &involved, &mut |w| report(at, w));
        }
        if !step.is_action() {
            if !step.then.is_empty() || !step.refuse.is_empty() {
                report(at, "a step with no move to make has replies or refusals".into());
            }
            continue;
        }
        for action in &step.accept {
            if seat_of(action) != learner {
                report(at, "an accepted action is not the learner's seat's".into());
            }
            let mut trial = state.clone();
            if let Err(e) = play::<R>(&mut trial, action) {
                report(at, format!("the accepted action {} is not legal here: {e}", action.text()));
            }
        }
        for refused in &step.refuse {
            let why = match R::read(&refused.act) {
                Err(Ok(refusal)) => Some(reason(&refusal)),
                Err(Err(message)) => Some(format!("malformed: {message}")),
                Ok(action) => state.check(&action).err().map(|e| reason(&e)),
            };
            match (refused.reason.as_str(), why) {
                ("lesson", None) => {
                    let parsed = R::read(&refused.act).ok();
                    if parsed.is_some_and(|a| accepts::<R>(step, &a)) {
                        report(at, format!("{} is refused by the lesson but also accepted", refused.act.text()));
                    }
                }
                ("lesson", Some(why)) => report(at, format!("{} should be legal but the engine refuses it ({why})", refused.act.text())),
                (named, Some(why)) if named == why => {}
                (named, why) => report(at, format!("{} should be refused as {named}, but is {}", refused.act.text(), why.unwrap_or("legal".into()))),
            }
        }
        if let Some(first) = step.accept.first() {
            if play::<R>(&mut state, first).is_err() {
                return;
            }
        }
        for (k, reply) in step.then.iter().enumerate() {
            if seat_of(reply) == learner {
                report(at, format!("reply {k} is the learner's move"));
            }
            if let Err(e) = play::<R>(&mut state, reply) {
                return report(at, format!("reply {k} {}: {e}", reply.text()));
            }
        }
    }
    // The lesson's last words, on its last position.
    let scene = R::scene(&state, learner.unwrap_or(0));
    agree::<R>(&lesson.done, &scene, &[], &mut |w| report(None, format!("the end: {w}")));
}

/// Both languages of `words` against `scene` ([`crate::words::disagreements`]).
fn agree<R: Rules>(words: &Words, scene: &crate::words::Scene, involved: &[String], report: &mut impl FnMut(String)) {
    for (fr, text) in [(true, &words.fr), (false, &words.en)] {
        for what in crate::words::disagreements(text, fr, scene, involved, &R::named) {
            report(format!("“{text}”: {what}"));
        }
    }
}
