//! External bots in the arena (docs/bot-protocol.md), from outside: the
//! example bot plays whole games without a fault, the same seed replays the
//! same games, and a deliberately broken bot (tests/fixtures/broken_bot.py) is
//! survived — games finish, faults are counted by kind, no process is left.
//! Python 3 must be on the PATH as `python3`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

fn tablee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablee")).args(args).output().expect("tablee runs")
}

fn repo_file(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..").join(path)
}

fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures").join(name)
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn last_json_line(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().last().unwrap_or_else(|| panic!("no output; stderr: {}", stderr(output)));
    serde_json::from_str(line).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {line}"))
}

/// Running processes whose command line contains `marker` (Linux; 0 elsewhere).
fn processes_with(marker: &str) -> usize {
    let Ok(entries) = std::fs::read_dir("/proc") else { return 0 };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().chars().all(|c| c.is_ascii_digit()))
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .filter(|cmdline| String::from_utf8_lossy(cmdline).contains(marker))
        .count()
}

fn faults(seat: &Value) -> [u64; 4] {
    let count = |kind: &str| seat["faults"][kind].as_u64().unwrap_or_else(|| panic!("{kind}: {seat}"));
    ["timeout", "garbage", "illegal", "dead"].map(count)
}

#[test]
fn the_example_bot_plays_whole_games_without_a_fault_and_replays() {
    let bot = repo_file("examples/bots/random_bot.py");
    let seats = format!("ext:python3 {},normal,normal,random", bot.display());
    let args = ["arena", "--game", "katzenjammer", "--players", "4", "--seats", &seats, "--games", "3", "--seed", "5"];
    let output = tablee(&[&args[..], &["--json"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "a well-behaved bot gives no note: {}", stderr(&output));
    let report = last_json_line(&output);
    assert_eq!(report["games"], 3);
    let seats = report["seats"].as_array().expect("seats");
    assert_eq!(seats[0]["bot"], "ext:random_bot.py");
    for seat in seats {
        assert_eq!(faults(seat), [0; 4], "{seat}");
        assert_eq!(seat["restarts"], 0, "{seat}");
    }
    assert!(seats[0]["decisions"].as_u64().unwrap_or(0) >= 3, "the bot decided in every game: {}", seats[0]);
    let shares: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap_or(0.0)).sum();
    assert!((shares - 1.0).abs() < 1e-3, "three complete games: win shares add up to {shares}");

    // The same seed, the same games (a well-behaved bot seeds itself).
    let again = last_json_line(&tablee(&[&args[..], &["--json"]].concat()));
    for (a, b) in seats.iter().zip(again["seats"].as_array().expect("seats")) {
        for key in ["win_share", "mean_mice", "mean_jokers", "decisions"] {
            assert_eq!(a[key], b[key], "{key}: {a} vs {b}");
        }
    }

    // Answering with the action objects instead of their indices: the same games.
    let objects = format!("ext:python3 {} --answer object,normal,normal,random", bot.display());
    let args_objects = ["arena", "--players", "4", "--seats", &objects, "--games", "3", "--seed", "5", "--json"];
    let by_object = last_json_line(&tablee(&args_objects));
    for (a, b) in seats.iter().zip(by_object["seats"].as_array().expect("seats")) {
        assert_eq!(faults(b), [0; 4], "{b}");
        for key in ["win_share", "mean_mice", "mean_jokers", "decisions"] {
            assert_eq!(a[key], b[key], "{key}: {a} vs {b}");
        }
    }

    // The human table has the fault block when a seat is external.
    let table = tablee(&args);
    let stdout = String::from_utf8_lossy(&table.stdout);
    assert!(table.status.success(), "{}", stderr(&table));
    assert!(stdout.contains("faults (decisions played at random instead)"), "{stdout}");
    assert!(stdout.contains("ext:random_bot.py"), "{stdout}");
}

#[test]
fn the_example_bot_plays_whole_jachete_games_without_a_fault_and_replays() {
    let bot = repo_file("examples/bots/random_bot.py");
    let run = |answer: &str| {
        let seats = format!("ext:python3 {} --answer {answer},normal,random,normal,random", bot.display());
        let args = ["arena", "--game", "jachete", "--players", "5", "--seats", &seats, "--games", "3", "--seed", "5"];
        let output = tablee(&[&args[..], &["--json"]].concat());
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(stderr(&output).is_empty(), "a well-behaved bot gives no note: {}", stderr(&output));
        last_json_line(&output)
    };
    let report = run("index");
    assert_eq!((&report["game"], &report["games"]), (&Value::from("jachete"), &Value::from(3)));
    let seats = report["seats"].as_array().expect("seats");
    assert_eq!(seats[0]["bot"], "ext:random_bot.py");
    for seat in seats {
        assert_eq!(faults(seat), [0; 4], "{seat}");
        assert_eq!(seat["restarts"], 0, "{seat}");
    }
    assert!(seats[0]["decisions"].as_u64().unwrap_or(0) >= 21, "the bot decided in every round: {}", seats[0]);
    let shares: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap_or(0.0)).sum();
    assert!((shares - 1.0).abs() < 1e-3, "three complete games: win shares add up to {shares}");

    // The same seed, the same games; and action objects play as their indices.
    for again in [run("index"), run("object")] {
        for (a, b) in seats.iter().zip(again["seats"].as_array().expect("seats")) {
            assert_eq!(faults(b), [0; 4], "{b}");
            for key in ["win_share", "mean_points", "mean_purse", "decisions"] {
                assert_eq!(a[key], b[key], "{key}: {a} vs {b}");
            }
        }
    }
}

#[test]
fn a_jachete_bot_may_answer_any_play_and_an_illegal_one_is_a_fault() {
    let bot = fixture("jachete_table_bot.py");
    let seats = format!("ext:python3 {},normal,normal,normal", bot.display());
    let logs = std::env::temp_dir().join(format!("tablee-ext-log-ja-{}", std::process::id()));
    let output = tablee(&[
        "arena",
        "--game",
        "jachete",
        "--seats",
        &seats,
        "--games",
        "2",
        "--seed",
        "4",
        "--ext-log",
        logs.to_str().expect("a UTF-8 temp dir"),
        "--json",
    ]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    let seats = report["seats"].as_array().expect("seats");
    assert_eq!(seats[0]["bot"], "ext:table-bot");
    assert_eq!(faults(&seats[0]), [0, 0, 1, 0], "only the three kings of spades: {}", seats[0]);
    let log = std::fs::read_to_string(logs.join("seat-1.log")).expect("the seat's log");
    let _ = std::fs::remove_dir_all(&logs);
    assert!(log.contains("illegal: ") && log.contains("KS"), "{log}");
    let sent: usize = log
        .lines()
        .find_map(|l| l.strip_prefix("table bot: ")?.strip_suffix(" rewritten plays")?.parse().ok())
        .unwrap_or_else(|| panic!("no count in the log:\n{log}"));
    assert!(sent >= 3, "the bot played tables of its own, all accepted: {sent}\n{log}");
}

#[test]
fn a_broken_bot_is_survived_and_its_faults_are_counted_by_kind() {
    let bot = fixture("broken_bot.py");
    // Sleeps 1 s at its first decision (timeout 0.3 s), then garbage and
    // illegal answers in game 2, exits in game 3, and at the very end ignores
    // its closed stdin for 30 s: the arena must kill it, not wait.
    let marker = format!("{} 1.0 30", bot.display());
    let seats = format!("ext:python3 {marker},normal,normal,normal");
    let logs = std::env::temp_dir().join(format!("tablee-ext-log-{}", std::process::id()));
    let started = Instant::now();
    let output = tablee(&[
        "arena",
        "--players",
        "4",
        "--seats",
        &seats,
        "--games",
        "5",
        "--seed",
        "3",
        "--ext-timeout",
        "0.3",
        "--ext-log",
        logs.to_str().expect("a UTF-8 temp dir"),
        "--json",
    ]);
    let elapsed = started.elapsed();
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(elapsed < Duration::from_secs(20), "the arena took {elapsed:?}");
    assert_eq!(processes_with(&marker), 0, "the bot's process is gone when the arena ends");

    let report = last_json_line(&output);
    assert_eq!(report["games"], 5);
    let seats = report["seats"].as_array().expect("seats");
    let shares: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap_or(0.0)).sum();
    assert!((shares - 1.0).abs() < 1e-3, "five complete games: win shares add up to {shares}");
    let broken = &seats[0];
    assert_eq!(broken["bot"], "ext:broken");
    let [timeout, garbage, illegal, dead] = faults(broken);
    // The decisions sent while it sleeps time out too, how many depends on the
    // machine's speed; their late answers are dropped, never taken for others.
    assert!((1..=4).contains(&timeout), "timeouts: {broken}");
    assert_eq!((garbage, illegal), (3, 2), "{broken}");
    assert!(dead >= 1, "decisions after its exit are faults: {broken}");
    assert_eq!(broken["restarts"], 1, "restarted once, for the game after its exit: {broken}");
    for seat in &seats[1..] {
        assert_eq!(faults(seat), [0; 4], "{seat}");
    }

    // The seat's log has the bot's stderr and the arena's notes, by kind.
    let log = std::fs::read_to_string(logs.join("seat-1.log")).expect("the seat's log");
    let _ = std::fs::remove_dir_all(&logs);
    assert_eq!(log.matches("broken bot: started").count(), 2, "{log}");
    for expected in ["timeout: no answer", "garbage: not JSON", "illegal: index 9999", "the bot exited (status 3)"] {
        assert!(log.contains(expected), "\"{expected}\" missing from the log:\n{log}");
    }
}

#[test]
fn a_bot_that_cannot_start_stops_the_arena_with_one_line() {
    let cases: [(&str, &str); 3] = [
        ("ext:/nonexistent/bot --fast,normal", "cannot run \"/nonexistent/bot --fast\""),
        ("ext:python3 -c 'import sys; sys.exit(2)',normal", "exited (status 2) before answering hello"),
        ("ext:python3 'unterminated,normal", "unterminated"),
    ];
    for (seats, expected) in cases {
        let output = tablee(&["arena", "--seats", seats, "--games", "1"]);
        let err = stderr(&output);
        assert!(matches!(output.status.code(), Some(1 | 2)), "{seats}: {err}");
        assert_eq!(err.lines().count(), 1, "{seats}: {err}");
        assert!(err.contains(expected), "{seats}: expected \"{expected}\" in: {err}");
        assert!(output.stdout.is_empty(), "{seats}");
    }
}
