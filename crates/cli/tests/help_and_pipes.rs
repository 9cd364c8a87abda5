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

#[test]
fn a_closed_pipe_ends_the_command_quietly() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/puzzles/katzenjammer.json");
    for args in [&["puzzles", "--scenario", "1", file][..], &["help"], &["arena", "--help"]] {
        let out = into_a_closed_pipe(args);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.is_empty(), "tablee {args:?}: {stderr}");
        assert_eq!(out.status.code(), Some(141), "tablee {args:?}");
    }
}
