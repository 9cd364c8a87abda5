//! The lesson file: read from JSON, nothing written (the files are written
//! by hand and checked, `tablee lessons`).
//!
//! ```text
//! {"v": 1, "game": "katzenjammer",
//!  "lessons": [{
//!    "id": "row", "rules": ["KB-4", "KB-5"],
//!    "title": {"fr": "…", "en": "…"},
//!    "position": { a scenario: "game", "players", …, "actions": [moves before] },
//!    "steps": [
//!      {"say": {"fr": "…", "en": "…"}, "point": "row"},              // Next
//!      {"say": {…}, "accept": [{"seat": 0, "act": "pass"}],           // an action
//!       "wrong": {…},                                               // another legal move
//!       "refuse": [{"act": {…}, "reason": "DoesNotBeat", "say": {…}}],
//!       "then": [{"seat": 1, "act": "pass"}, …]}                    // the bots' replies
//!    ],
//!    "done": {"fr": "…", "en": "…"}}],
//!  "coach": {"fr": "…", "en": "…"}}                                  // the last lesson's offer
//! ```

use tablee_engine::json::Json;

/// A text in both languages.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Words {
    pub fr: String,
    pub en: String,
}

impl Words {
    /// The text in French (`fr == true`) or English.
    pub fn pick(&self, fr: bool) -> &str {
        if fr {
            &self.fr
        } else {
            &self.en
        }
    }
}

/// A refused example: an action, and why the engine (or the lesson) refuses it.
#[derive(Clone, Debug, PartialEq)]
pub struct Refused {
    pub act: Json,
    /// The engine's kind of refusal (`"DoesNotBeat"`), or `"lesson"`: a legal
    /// move that is not the one the step asks for.
    pub reason: String,
    /// The lesson's own words for it (else the step's `wrong`, or the game's
    /// refusal words).
    pub say: Option<Words>,
}

/// One thing the coach says; an action step when `accept` is not empty.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub say: Words,
    /// What to point at while this step is on (a name the game's coach hooks
    /// know, e.g. `"row"`), besides an action's own target.
    pub point: Option<String>,
    /// The actions that do this step (the first is the one the coach points at).
    pub accept: Vec<Json>,
    /// Said when the learner makes another legal move (the position stays).
    pub wrong: Option<Words>,
    pub refuse: Vec<Refused>,
    /// The bots' replies once the step's action is made.
    pub then: Vec<Json>,
}

impl Step {
    pub fn is_action(&self) -> bool {
        !self.accept.is_empty()
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Lesson {
    pub id: String,
    pub title: Words,
    /// The rules it teaches (docs/lessons.md lists them; never shown).
    pub rules: Vec<String>,
    /// A scenario: the position, its `actions` the moves before the lesson.
    pub position: Json,
    pub steps: Vec<Step>,
    pub done: Words,
}

#[derive(Clone, Debug, PartialEq)]
pub struct Course {
    pub game: String,
    pub lessons: Vec<Lesson>,
    /// The last lesson's end: what the coached game is, offered instead of a next lesson.
    pub coach: Words,
}

impl Course {
    /// Reads a lesson file; a problem is one line naming where.
    pub fn read(text: &str) -> Result<Course, String> {
        let json = Json::parse(text).map_err(|e| format!("not valid JSON: {} at byte {}", e.what, e.at))?;
        Course::from_json(&json)
    }

    pub fn from_json(json: &Json) -> Result<Course, String> {
        let game = string(json, "game", "the file")?.to_string();
        let lessons = array(json, "lessons", "the file")?
            .iter()
            .enumerate()
            .map(|(i, l)| lesson(l, &format!("lessons[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let coach = words(field(json, "coach", "the file")?, "coach")?;
        Ok(Course { game, lessons, coach })
    }

    /// Lesson `n`, counted from 1 as links count them (`&learn=2`).
    pub fn lesson(&self, n: usize) -> Option<&Lesson> {
        n.checked_sub(1).and_then(|i| self.lessons.get(i))
    }
}

fn field<'a>(obj: &'a Json, key: &str, at: &str) -> Result<&'a Json, String> {
    obj.get(key).ok_or_else(|| format!("{at} has no \"{key}\""))
}

fn string<'a>(obj: &'a Json, key: &str, at: &str) -> Result<&'a str, String> {
    field(obj, key, at)?.as_str().ok_or_else(|| format!("{at}.{key} is not a string"))
}

fn array<'a>(obj: &'a Json, key: &str, at: &str) -> Result<&'a [Json], String> {
    field(obj, key, at)?.as_array().ok_or_else(|| format!("{at}.{key} is not a list"))
}

/// An optional list (absent: empty).
fn list<'a>(obj: &'a Json, key: &str, at: &str) -> Result<&'a [Json], String> {
    match obj.get(key) {
        None => Ok(&[]),
        Some(_) => array(obj, key, at),
    }
}

fn words(value: &Json, at: &str) -> Result<Words, String> {
    let text = |lang: &str| {
        value.get(lang).and_then(Json::as_str).map(str::to_string).ok_or_else(|| format!("{at} has no \"{lang}\" text"))
    };
    Ok(Words { fr: text("fr")?, en: text("en")? })
}

fn optional_words(obj: &Json, key: &str, at: &str) -> Result<Option<Words>, String> {
    obj.get(key).map(|w| words(w, &format!("{at}.{key}"))).transpose()
}

fn lesson(value: &Json, at: &str) -> Result<Lesson, String> {
    let steps = array(value, "steps", at)?
        .iter()
        .enumerate()
        .map(|(i, s)| step(s, &format!("{at}.steps[{i}]")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Lesson {
        id: string(value, "id", at)?.to_string(),
        title: words(field(value, "title", at)?, &format!("{at}.title"))?,
        rules: list(value, "rules", at)?.iter().filter_map(Json::as_str).map(str::to_string).collect(),
        position: field(value, "position", at)?.clone(),
        steps,
        done: words(field(value, "done", at)?, &format!("{at}.done"))?,
    })
}

fn step(value: &Json, at: &str) -> Result<Step, String> {
    let refuse = list(value, "refuse", at)?
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let at = format!("{at}.refuse[{i}]");
            Ok(Refused {
                act: field(r, "act", &at)?.clone(),
                reason: string(r, "reason", &at)?.to_string(),
                say: optional_words(r, "say", &at)?,
            })
        })
        .collect::<Result<Vec<_>, String>>()?;
    Ok(Step {
        say: words(field(value, "say", at)?, &format!("{at}.say"))?,
        point: value.get("point").and_then(Json::as_str).map(str::to_string),
        accept: list(value, "accept", at)?.to_vec(),
        wrong: optional_words(value, "wrong", at)?,
        refuse,
        then: list(value, "then", at)?.to_vec(),
    })
}
