//! `tablee scenario FILE`: runs one scenario file (`shared/spec/scenarios.md`).

use std::io::Read;

use crate::Failure;

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
    match tablee_engine::scenario::run_text(&text) {
        Ok(output) => {
            // Printed as it always was: serde_json's pretty layout, keys sorted.
            let output = crate::protocol::to_value(&output);
            println!("{}", serde_json::to_string_pretty(&output).unwrap_or_else(|_| output.to_string()));
            Ok(())
        }
        Err(malformed) => Err(Failure::usage(format!("{file}: {malformed}"))),
    }
}
