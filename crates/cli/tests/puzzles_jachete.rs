//! `tablee puzzles` on J'achète's shipped file (issue 32): `--check` passes on
//! it and fails, naming the puzzle, on a copy with a move number off by one;
//! `--scenario ID` prints a file `tablee scenario` runs to its end state.

use std::process::{Command, Output};

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/puzzles/jachete.json");

fn tablee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablee")).args(args).output().expect("tablee runs")
}

#[test]
fn check_passes_on_the_shipped_file_and_names_a_corrupted_puzzle() {
    let ok = tablee(&["puzzles", "--check", SHIPPED]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("scenarios reach the same state"));
    // The first buy puzzle's move number one earlier: another seat was to move (JA-9).
    let text = std::fs::read_to_string(SHIPPED).unwrap();
    let line = text.lines().find(|l| l.contains("\"kind\":\"buy\"")).expect("a buy puzzle");
    let at = line.split("\"at\":").nth(1).unwrap().split(',').next().unwrap();
    let id = line.split("\"id\":").nth(1).unwrap().split(',').next().unwrap();
    let shifted = line.replace(&format!("\"at\":{at},"), &format!("\"at\":{},", at.parse::<usize>().unwrap() - 1));
    let dir = std::env::temp_dir().join(format!("tablee-ja-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, text.replace(line, &shifted)).unwrap();
    let failed = tablee(&["puzzles", "--check", bad.to_str().unwrap()]);
    assert_eq!(failed.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&failed.stderr);
    assert!(stderr.contains(&format!("puzzle {id}:")), "{stderr}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn a_puzzle_scenario_runs_through_tablee_scenario() {
    let printed = tablee(&["puzzles", "--scenario", "1", SHIPPED]);
    assert!(printed.status.success(), "{}", String::from_utf8_lossy(&printed.stderr));
    let dir = std::env::temp_dir().join(format!("tablee-ja-scenario-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("p1.json");
    std::fs::write(&path, &printed.stdout).unwrap();
    let run = tablee(&["scenario", path.to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    let out = String::from_utf8_lossy(&run.stdout);
    assert!(out.contains("\"ok\": true") || out.contains("\"ok\":true"), "{out}");
    assert!(out.contains("\"game\": \"jachete\"") || String::from_utf8_lossy(&printed.stdout).contains("\"game\": \"jachete\""));
    std::fs::remove_dir_all(&dir).ok();
}
