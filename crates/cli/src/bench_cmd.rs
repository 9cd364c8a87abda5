//! `tablee bench [--game G]`: the game's benchmark (`Tool::bench`, in its
//! folder: Katzenjammer natively and in wasm, J'achète natively).

use std::io::IsTerminal;

use crate::args::{Options as Args, Takes};
use crate::failure::Failure;
use crate::games;
use crate::tool::Bench;

const SPEC: &[(&str, Takes)] = &[
    ("game", Takes::Value),
    ("json", Takes::Nothing),
    ("run-ms", Takes::Value),
    ("runs", Takes::Value),
    ("no-wasm", Takes::Nothing),
];

pub fn run(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, SPEC).map_err(|e| Failure::usage(format!("bench: {e}")))?;
    let usage = |message: String| Failure::usage(format!("bench: {message}"));
    let tool = games::find(args.value("game").unwrap_or(games::DEFAULT)).map_err(usage)?;
    let bench = Bench {
        run_ms: args.count("run-ms", 1, 500).map_err(usage)?,
        runs: args.count("runs", 1, 5).map_err(usage)?,
        json: args.flag("json"),
        no_wasm: args.flag("no-wasm"),
        chatty: std::io::stderr().is_terminal(),
    };
    if cfg!(debug_assertions) {
        eprintln!("bench: note: a debug build; for honest numbers run `cargo run --release --bin tablee -- bench`");
    }
    tool.bench(&bench).unwrap_or_else(|| Err(usage(format!("{} has no benchmark", tool.code()))))
}
