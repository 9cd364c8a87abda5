//! `tablee arena --game katzenjammer` and `tablee bench --game katzenjammer`
//! in their short smoke form (a few games, tiny timing runs, no wasm).

mod common;
use common::{last_json_line, stderr, tablee};

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
