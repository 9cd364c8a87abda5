//! `tablee arena` and `tablee bench` from outside, in their short smoke form:
//! a few games, tiny timing runs, no wasm (building it is for `tablee bench`
//! itself, not for the test suite). Usage errors exit 2 with one stderr line.

use std::process::{Command, Output};

use serde_json::Value;

fn tablee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablee")).args(args).output().expect("tablee runs")
}

fn last_json_line(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let line = stdout.lines().last().unwrap_or_else(|| panic!("no output; stderr: {}", stderr(output)));
    serde_json::from_str(line).unwrap_or_else(|e| panic!("last line is not JSON ({e}): {line}"))
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

#[test]
fn arena_json_reports_every_seat_in_order() {
    let args = ["arena", "--game", "katzenjammer", "--players", "4", "--seats", "normal,random,easy,random"];
    let output = tablee(&[&args[..], &["--games", "12", "--seed", "1K7Q-M3ZD", "--json"]].concat());
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    assert_eq!(report["game"], "katzenjammer");
    assert_eq!(report["games"], 12);
    let seats = report["seats"].as_array().expect("seats");
    let bots: Vec<&str> = seats.iter().map(|s| s["bot"].as_str().expect("bot")).collect();
    assert_eq!(bots, ["normal", "random", "easy", "random"]);
    let keys = ["win_share", "ci95", "mean_mice", "mean_jokers", "ms_per_decision_p50", "ms_per_decision_p95"];
    for seat in seats {
        for key in keys {
            assert!(seat[key].is_number(), "{key} missing in {seat}");
        }
    }
    let shares: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap_or(0.0)).sum();
    assert!((shares - 1.0).abs() < 1e-3, "win shares add up to {shares}");
    // The same seed, the same games: the numbers other than timings repeat.
    let again = last_json_line(&tablee(&[&args[..], &["--games", "12", "--seed", "1K7Q-M3ZD", "--json"]].concat()));
    for (a, b) in seats.iter().zip(again["seats"].as_array().expect("seats")) {
        assert_eq!((&a["win_share"], &a["mean_mice"]), (&b["win_share"], &b["mean_mice"]));
    }
}

#[test]
fn jachete_arena_json_reports_points_and_purses_and_replays() {
    let args = ["arena", "--game", "jachete", "--players", "5", "--seats", "normal,random,easy,normal,random"];
    let run = || tablee(&[&args[..], &["--games", "6", "--seed", "11", "--json"]].concat());
    let output = run();
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    assert_eq!((&report["game"], &report["games"]), (&Value::from("jachete"), &Value::from(6)));
    let seats = report["seats"].as_array().expect("seats");
    let bots: Vec<&str> = seats.iter().map(|s| s["bot"].as_str().expect("bot")).collect();
    assert_eq!(bots, ["normal", "random", "easy", "normal", "random"]);
    for seat in seats {
        for key in ["win_share", "ci95", "mean_points", "mean_purse", "ms_per_decision_p50", "decisions"] {
            assert!(seat[key].is_number(), "{key} missing in {seat}");
        }
        assert!(seat.get("mean_mice").is_none(), "{seat}");
    }
    let shares: f64 = seats.iter().map(|s| s["win_share"].as_f64().unwrap_or(0.0)).sum();
    assert!((shares - 1.0).abs() < 1e-3, "win shares add up to {shares}");
    // Cents are conserved: the mean purses add up to 60 cents a player.
    let purses: f64 = seats.iter().map(|s| s["mean_purse"].as_f64().unwrap_or(0.0)).sum();
    assert!((purses - 300.0).abs() < 0.01, "purses add up to {purses}");
    // The same seed, the same games.
    let again = last_json_line(&run());
    for (a, b) in seats.iter().zip(again["seats"].as_array().expect("seats")) {
        for key in ["win_share", "mean_points", "mean_purse", "decisions"] {
            assert_eq!(a[key], b[key], "{key}: {a} vs {b}");
        }
    }
    // The table names the game's columns.
    let table = tablee(&[&args[..], &["--games", "2", "--seed", "11"]].concat());
    let stdout = String::from_utf8_lossy(&table.stdout);
    assert!(stdout.contains("arena: jachete, 5 players, 7 rounds, the lowest total wins, 2 games, seed 11"), "{stdout}");
    assert!(stdout.contains("mean points") && stdout.contains("mean purse ¢"), "{stdout}");
}

#[test]
fn arena_prints_a_table_with_one_row_per_seat() {
    let output = tablee(&["arena", "--seats", "normal,random,random", "--games", "5", "--seed", "7", "--full-mice"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(stdout.contains("3 players, 24 mice, 5 games, seed 7"), "{stdout}");
    let rows: Vec<&str> = stdout.lines().filter(|l| l.starts_with(|c: char| c.is_ascii_digit())).collect();
    assert_eq!(rows.len(), 3, "{stdout}");
    assert!(rows[0].contains("normal") && rows[2].contains("random"), "{stdout}");
    assert!(stderr(&output).is_empty(), "progress goes to a terminal only: {}", stderr(&output));
}

#[test]
fn jachete_arena_seats_research_styles_and_a_mix() {
    let args = ["arena", "--game", "jachete", "--seats", "normal,buyer,miser,opener", "--games", "4", "--seed", "3", "--json"];
    let output = tablee(&args);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    let bots: Vec<&str> = report["seats"].as_array().expect("seats").iter().map(|s| s["bot"].as_str().unwrap()).collect();
    assert_eq!(bots, ["normal", "buyer", "miser", "opener"]);
    let mix = ["arena", "--game", "jachete", "--seats", "normal,mix,mix,mix", "--games", "6", "--seed", "3", "--json"];
    let (a, b) = (last_json_line(&tablee(&mix)), last_json_line(&tablee(&mix)));
    let bots: Vec<&str> = a["seats"].as_array().expect("seats").iter().map(|s| s["bot"].as_str().unwrap()).collect();
    assert_eq!(bots, ["normal", "mix", "mix", "mix"]);
    for (x, y) in a["seats"].as_array().unwrap().iter().zip(b["seats"].as_array().unwrap()) {
        assert_eq!((&x["win_share"], &x["mean_points"], &x["mean_purse"]), (&y["win_share"], &y["mean_points"], &y["mean_purse"]));
    }
}

#[test]
fn bad_usage_exits_2_with_one_clear_line() {
    let cases: [(&[&str], &str); 15] = [
        (&["arena", "--game", "chess", "--seats", "normal,normal"], "unknown game \"chess\""),
        (&["arena", "--game", "jachete", "--seats", "normal,normal"], "J'achète is for 4 to 8 players"),
        (&["arena", "--game", "jachete", "--seats", "normal,normal,normal,normal", "--full-mice"], "Katzenjammer option"),
        (&["arena", "--seats", "normal,normal", "--three-players"], "J'achète option"),
        (&["arena", "--seats", "normal,wizard"], "valid levels: random, gentle, easy, normal, hard, expert"),
        (
            &["arena", "--game", "jachete", "--seats", "ismcts,normal,normal,normal"],
            "jachete has no ismcts level (its levels: random, easy, normal, hard, expert, gentle, or ext:COMMAND)",
        ),
        (&["arena", "--seats", "ext:,normal"], "\"ext:\" needs a command"),
        (&["arena", "--seats", "normal,buyer,normal,normal"], "buyer is a J'achète research style (--game jachete)"),
        (&["arena", "--seats", "mix,normal"], "mix is a J'achète research style (--game jachete)"),
        (&["arena", "--seats", "normal,normal", "--players", "3"], "3 players but 2 seats"),
        (&["arena", "--seats", "normal,normal", "--seed", "1K7Q"], "--seed"),
        (&["arena", "--seats", "normal,normal", "--games", "0"], "--games must be at least 1"),
        (&["arena", "--games", "3"], "--seats is required"),
        (&["bench", "--game", "go"], "unknown game \"go\""),
        (&["bench", "--fast"], "unknown option \"--fast\""),
    ];
    for (args, expected) in cases {
        let output = tablee(args);
        let err = stderr(&output);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(expected), "{args:?}: expected \"{expected}\" in: {err}");
        assert!(output.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn bench_smoke_measures_native_and_says_why_wasm_was_skipped() {
    let output = tablee(&["bench", "--game", "katzenjammer", "--run-ms", "5", "--runs", "1", "--no-wasm", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    for key in ["games_per_s", "actions_per_s", "iterations_per_s"] {
        let rate = report["native"][key].as_f64().unwrap_or(0.0);
        assert!(rate > 0.0, "{key}: {report}");
    }
    assert!(report["wasm"].is_null());
    assert!(report["wasm_skipped"].as_str().is_some_and(|s| s.contains("--no-wasm")), "{report}");
}

#[test]
fn bench_smoke_measures_jachete_natively_and_says_wasm_is_katzenjammer_only() {
    let output = tablee(&["bench", "--game", "jachete", "--run-ms", "5", "--runs", "1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    assert_eq!((&report["game"], &report["players"], &report["policy"]), (&"jachete".into(), &5.into(), &"greedy".into()));
    for key in ["games_per_s", "actions_per_s", "normal_games_per_s"] {
        let rate = report["native"][key].as_f64().unwrap_or(0.0);
        assert!(rate > 0.0, "{key}: {report}");
    }
    assert!(report["wasm"].is_null());
    assert!(report["wasm_skipped"].as_str().is_some_and(|s| s.contains("katzenjammer only")), "{report}");
    let text = tablee(&["bench", "--game", "jachete", "--run-ms", "5", "--runs", "1"]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("policy: greedy") && stdout.contains("wasm skipped"), "{stdout}");
}
