//! What the `tablee` tests share (a module of each: `mod common;`): the
//! built binary run with arguments, its output read.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

pub fn tablee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablee")).args(args).output().expect("tablee runs")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

pub fn last_json_line(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().last().unwrap_or_else(|| panic!("no output; stderr: {}", stderr(output)));
    serde_json::from_str(line).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {line}"))
}

/// A file of the repository, by its path from the root.
pub fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

/// Each usage error exits 2 with one stderr line holding its expected text,
/// and prints nothing on stdout.
pub fn each_exits_2(cases: &[(&[&str], &str)]) {
    for &(args, expected) in cases {
        let output = tablee(args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: expected \"{expected}\" in: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

/// An external seat's faults, by kind: timeout, garbage, illegal, dead.
pub fn faults(seat: &Value) -> [u64; 4] {
    let count = |kind: &str| seat["faults"][kind].as_u64().unwrap_or_else(|| panic!("{kind}: {seat}"));
    ["timeout", "garbage", "illegal", "dead"].map(count)
}

/// Every `why` of the file blanked: `--explain` must write the file back,
/// byte for byte, and print a tally naming `reasons`.
pub fn blanked_and_explained(file: &str, name: &str, reasons: &[&str]) {
    let dir = std::env::temp_dir().join(format!("tablee-{name}-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The shipped index and its parts, whole (version 1): one line a puzzle.
    let whole = dir.join("whole.json");
    let joined = tablee(&["puzzles", "--join", file, "--out", whole.to_str().unwrap()]);
    assert!(joined.status.success(), "{}", String::from_utf8_lossy(&joined.stderr));
    let text = std::fs::read_to_string(&whole).unwrap();
    // Every explanation blanked: --explain must write them back, byte for byte.
    let mut blank = String::new();
    for line in text.split_inclusive('\n') {
        match (line.find("\"why\":{"), line.find("},\"compared\"")) {
            (Some(start), Some(end)) if start < end => {
                blank.push_str(&line[..start]);
                blank.push_str("\"why\":{\"en\":\"\",\"fr\":\"\"");
                blank.push_str(&line[end..]);
            }
            _ => blank.push_str(line),
        }
    }
    assert_ne!(blank, text, "the copy must lack the explanations");
    let (input, out) = (dir.join("blank.json"), dir.join("out.json"));
    std::fs::write(&input, &blank).unwrap();
    let run = tablee(&["puzzles", "--explain", input.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(std::fs::read_to_string(&out).unwrap() == text, "--explain differs from the shipped file");
    // The tally names the reasons and the fallbacks.
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(reasons.iter().all(|r| stdout.contains(r)), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}
