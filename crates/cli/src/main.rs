//! `tablee`: Tablée's command line.
//!
//!     tablee scenario FILE     run a scenario file (FILE may be - for stdin)
//!
//! Exit codes: 0 the command ran; 2 bad input (one line on stderr); 1 an I/O
//! failure.

use std::io::Read;
use std::process::ExitCode;

const USAGE: &str = "usage: tablee scenario FILE   (FILE may be - for standard input)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("scenario") => match args.get(1..) {
            Some([file]) => scenario(file),
            _ => usage_error("scenario takes exactly one FILE"),
        },
        Some("-h" | "--help" | "help") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => usage_error(&format!("unknown command \"{other}\"")),
        None => usage_error("no command given"),
    }
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("tablee: {message}; {USAGE}");
    ExitCode::from(2)
}

fn scenario(file: &str) -> ExitCode {
    let text = if file == "-" {
        let mut text = String::new();
        std::io::stdin().read_to_string(&mut text).map(|_| text)
    } else {
        std::fs::read_to_string(file)
    };
    let text = match text {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
            eprintln!("tablee: {file}: not UTF-8 text, so not a scenario file");
            return ExitCode::from(2);
        }
        Err(e) => {
            eprintln!("tablee: cannot read {file}: {e}");
            return ExitCode::from(2);
        }
    };
    match tablee_engine::scenario::run_text(&text) {
        Ok(output) => {
            println!("{}", serde_json::to_string_pretty(&output).unwrap_or_else(|_| output.to_string()));
            ExitCode::SUCCESS
        }
        Err(malformed) => {
            eprintln!("tablee: {file}: {malformed}");
            ExitCode::from(2)
        }
    }
}
