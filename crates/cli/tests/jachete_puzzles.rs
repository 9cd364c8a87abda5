//! `tablee puzzles` on J'achète's shipped file (issue 32): `--check` passes on
//! it and fails, naming the puzzle, on a copy with a move number off by one;
//! `--scenario ID` prints a file `tablee scenario` runs to its end state;
//! `--explain` writes its explanations back.

mod common;
use common::{blanked_and_explained, tablee};

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games/jachete/public/puzzles/jachete.json");

#[test]
fn check_passes_on_the_shipped_file_and_names_a_corrupted_puzzle() {
    let ok = tablee(&["puzzles", "--check", SHIPPED]);
    assert!(ok.status.success(), "{}", String::from_utf8_lossy(&ok.stderr));
    assert!(String::from_utf8_lossy(&ok.stdout).contains("scenarios reach the same state"));
    // The first buy puzzle's move number one earlier: another seat was to move (JA-9).
    let text = std::fs::read_to_string(SHIPPED).unwrap();
    // (The index's puzzles, whose games' actions are in its parts beside it.)
    let parts = tablee_puzzles::format::Parts::of_index(&text).unwrap();
    assert!(parts.is_some(), "the shipped file is an index");
    let line = text.lines().find(|l| l.contains("\"kind\":\"buy\"")).expect("a buy puzzle");
    let at = line.split("\"at\":").nth(1).unwrap().split(',').next().unwrap();
    let id = line.split("\"id\":").nth(1).unwrap().split(',').next().unwrap();
    let shifted = line.replace(&format!("\"at\":{at},"), &format!("\"at\":{},", at.parse::<usize>().unwrap() - 1));
    let dir = std::env::temp_dir().join(format!("tablee-ja-puzzles-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(&bad, text.replace(line, &shifted)).unwrap();
    copy_parts(SHIPPED, bad.to_str().unwrap());
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

/// Copies the parts beside `index` to beside `to` (`jachete.json`'s `jachete/`).
fn copy_parts(index: &str, to: &str) {
    let (from, to) = (index.strip_suffix(".json").unwrap(), to.strip_suffix(".json").unwrap());
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), std::path::Path::new(to).join(entry.file_name())).unwrap();
    }
}

#[test]
fn split_then_join_gives_the_whole_file_back_and_a_bad_part_is_named() {
    let dir = std::env::temp_dir().join(format!("tablee-ja-split-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    // Shipped index → whole (v1) → split again (3 games a part) → whole: the same bytes.
    let run = |args: &[&str]| {
        let out = tablee(args);
        assert!(out.status.success(), "{args:?}: {}", String::from_utf8_lossy(&out.stderr));
        out
    };
    run(&["puzzles", "--join", SHIPPED, "--out", &path("whole.json")]);
    let whole = std::fs::read_to_string(path("whole.json")).unwrap();
    assert!(whole.starts_with("{\"v\":1,\"game\":\"jachete\""), "{}", &whole[..40]);
    // A stale part of an earlier, longer split goes.
    std::fs::create_dir_all(path("index")).unwrap();
    std::fs::write(path("index/99.json"), "{}").unwrap();
    let said = run(&["puzzles", "--split", &path("whole.json"), "--out", &path("index.json"), "--part-games", "3"]);
    let games = whole.matches("\"seed\":").count();
    let parts = format!("in {} parts of 3 games", games.div_ceil(3));
    assert!(String::from_utf8_lossy(&said.stdout).contains(&parts), "{parts}: {}", String::from_utf8_lossy(&said.stdout));
    assert!(!std::path::Path::new(&path("index/99.json")).exists(), "the stale part is removed");
    run(&["puzzles", "--join", &path("index.json"), "--out", &path("again.json")]);
    assert!(std::fs::read_to_string(path("again.json")).unwrap() == whole, "split and joined differs from the whole file");
    // A missing part, then one of another game's file: refused, named, no panic.
    std::fs::rename(path("index/5.json"), path("five.json")).unwrap();
    let missing = tablee(&["puzzles", "--check", &path("index.json")]);
    assert_eq!(missing.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("part 5 cannot be read"), "{}", String::from_utf8_lossy(&missing.stderr));
    let five = std::fs::read_to_string(path("five.json")).unwrap();
    std::fs::write(path("index/5.json"), five.replace("\"game\":\"jachete\"", "\"game\":\"another-game\"")).unwrap();
    let other = tablee(&["puzzles", "--scenario", "1", &path("index.json")]);
    assert_eq!(other.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&other.stderr).contains("part 5 is a part of a another-game file"), "{}", String::from_utf8_lossy(&other.stderr));
    std::fs::remove_dir_all(&dir).ok();
}

/// J'achète's file too (issue 32): its tally is by kind and reason.
#[test]
fn explain_writes_jachetes_shipped_explanations_back() {
    blanked_and_explained(SHIPPED, "ja", &["lay keeps-pair: ", "discard weighs: ", "buy grows-pair: ", "lay none: "]);
}
