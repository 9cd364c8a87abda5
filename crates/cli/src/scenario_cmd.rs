//! `tablee scenario FILE`: runs one scenario file (`shared/spec/scenarios.md`)
//! with the runner of the game it names (`Tool::scenario`).

use std::io::Read;

use tablee_engine::json::Json;
use tablee_engine::scenario::{self, Malformed};

use crate::failure::Failure;
use crate::games;

pub fn run(file: &str) -> Result<(), Failure> {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(file)
    };
    let text = match text {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            return Err(Failure::usage(format!("{file}: not UTF-8 text, so not a scenario file")));
        }
        Err(e) => return Err(Failure::usage(format!("cannot read {file}: {e}"))),
    };
    match scenario::parse(&text).and_then(|input| run_input(&input)) {
        Ok(output) => {
            // Printed as it always was: serde_json's pretty layout, keys sorted.
            let output = crate::protocol::to_value(&output);
            outln!("{}", serde_json::to_string_pretty(&output).unwrap_or_else(|_| output.to_string()));
            Ok(())
        }
        Err(malformed) => Err(Failure::usage(format!("{file}: {malformed}"))),
    }
}

/// Runs a parsed scenario with its game's runner.
pub fn run_input(input: &Json) -> Result<Json, Malformed> {
    let quoted = |and: &str| games::codes().iter().map(|c| format!("\"{c}\"")).collect::<Vec<_>>().join(and);
    if !matches!(input, Json::Obj(_)) {
        return Err(Malformed("a scenario is a JSON object, with \"game\" and the position".into()));
    }
    let game = match input.get("game") {
        None => return Err(Malformed(format!("the scenario has no \"game\" ({})", quoted(" or ")))),
        Some(game) => game,
    };
    match game.as_str().and_then(games::by_code) {
        None => Err(Malformed(format!("unknown game {game}: this version knows {}", quoted(" and ")))),
        Some(tool) => tool.scenario(input).unwrap_or_else(|| Err(Malformed(format!("{} has no scenarios", tool.code())))),
    }
}
