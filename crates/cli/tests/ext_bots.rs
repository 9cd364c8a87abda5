//! External bots in the arena (docs/bot-protocol.md), from outside: the
//! example bot plays whole games without a fault, the same seed replays the
//! same games, and a deliberately broken bot (tests/fixtures/broken_bot.py) is
//! survived — games finish, faults are counted by kind, no process is left.
//! Python 3 must be on the PATH as `python3`. Each game's whole games:
//! `<game>_ext_bots.rs`.

use std::time::{Duration, Instant};

mod common;
use common::{faults, fixture, last_json_line, stderr, tablee};

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
