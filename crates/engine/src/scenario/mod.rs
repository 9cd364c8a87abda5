//! The conformance interface of `shared/spec/scenarios.md`: a JSON file fixes a
//! starting position and lists actions; running it prints the outcome as JSON.
//!
//! A file that cannot be read as a scenario is *malformed* ([`Malformed`]: the
//! command exits 2 with one line naming the problem). A well-formed file always
//! runs; an action the rules refuse is reported in the output (`"ok": false`).

pub mod jachete;
mod json;
pub mod katzenjammer;

use serde_json::Value;

/// Why a scenario file could not be run: one line for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed(pub String);

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Malformed {}

/// Runs a scenario given as JSON text and returns the output object.
pub fn run_text(text: &str) -> Result<Value, Malformed> {
    let input: Value = serde_json::from_str(text).map_err(|e| Malformed(format!("not valid JSON: {e}")))?;
    run(&input)
}

/// Runs a parsed scenario.
pub fn run(input: &Value) -> Result<Value, Malformed> {
    let object = input
        .as_object()
        .ok_or_else(|| Malformed("a scenario is a JSON object, with \"game\" and the position".into()))?;
    match object.get("game") {
        None => Err(Malformed("the scenario has no \"game\" (\"katzenjammer\" or \"jachete\")".into())),
        Some(Value::String(g)) if g == "katzenjammer" => katzenjammer::run(object),
        Some(Value::String(g)) if g == "jachete" => jachete::run(object),
        Some(other) => Err(Malformed(format!(
            "unknown game {other}: this version knows \"katzenjammer\" and \"jachete\""
        ))),
    }
}
