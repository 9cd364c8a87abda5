//! The command line's manners: every command answers `--help` (and `-h`)
//! with its part of `tablee help`, whatever else is on the line; a reader
//! that closes the pipe early (`tablee … | head`) ends the command quietly
//! (exit 141, as SIGPIPE would; no panic, nothing on stderr).

use std::process::Command;

fn tablee(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tablee")).args(args).output().expect("tablee runs")
}

#[test]
fn every_command_answers_help() {
    let all = String::from_utf8(tablee(&["help"]).stdout).unwrap();
    for command in ["scenario", "arena", "bench", "puzzles", "lessons", "coach"] {
        for flag in ["--help", "-h"] {
            let out = tablee(&[command, flag]);
            let text = String::from_utf8_lossy(&out.stdout);
            assert!(out.status.success(), "tablee {command} {flag}: {:?} {}", out.status, String::from_utf8_lossy(&out.stderr));
            assert!(text.starts_with(&format!("tablee {command}")), "tablee {command} {flag}: {text}");
            assert!(all.contains(text.trim_end()), "tablee {command} {flag} is not tablee help's: {text}");
        }
    }
    // Among other options too (the arena said "unknown option" before).
    let out = tablee(&["arena", "--seats", "normal,normal", "--help"]);
    assert!(out.status.success() && String::from_utf8_lossy(&out.stdout).starts_with("tablee arena --seats"));
}

/// `tablee ARGS` writing into a pipe whose reader is gone before it writes
/// (bash: the reader `true` ends first; pipefail gives tablee's status).
fn into_a_closed_pipe(args: &[&str]) -> std::process::Output {
    Command::new("bash")
        .arg("-c")
        .arg(r#"set -o pipefail; (sleep 0.5; exec "$0" "$@") | true"#)
        .arg(env!("CARGO_BIN_EXE_tablee"))
        .args(args)
        .output()
        .expect("bash runs")
}

/// Every shipped puzzle file (`src/games/<game>/public/puzzles/<game>.json`),
/// each game's.
fn shipped_puzzle_files() -> Vec<String> {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games");
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .expect("src/games")
        .filter_map(|e| {
            let game = e.expect("an entry").file_name().into_string().ok()?;
            let file = std::path::Path::new(dir).join(&game).join("public/puzzles").join(format!("{game}.json"));
            file.is_file().then(|| file.to_str().expect("a UTF-8 path").to_string())
        })
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no shipped puzzle file in {dir}");
    files
}

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let files = shipped_puzzle_files();
    let scenarios = files.iter().map(|file| vec!["puzzles", "--scenario", "1", file.as_str()]);
    for args in scenarios.chain([vec!["help"], vec!["arena", "--help"]]) {
        let args = &args[..];
        let out = into_a_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "tablee {args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(141), "tablee {args:?}");
    }
}
