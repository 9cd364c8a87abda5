//! `tablee arena --game jachete` and `tablee bench --game jachete` in their
//! short smoke form (a few games, tiny timing runs), and the usage errors
//! about J'achète's players, levels and research styles.

mod common;
use common::{each_exits_2, last_json_line, stderr, tablee};
use serde_json::Value;

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
    each_exits_2(&[
        (&["arena", "--game", "jachete", "--seats", "normal,normal"], "J'achète is for 4 to 8 players"),
        (&["arena", "--game", "jachete", "--seats", "normal,normal,normal,normal", "--full-mice"], "--full-mice is a"),
        (
            &["arena", "--game", "jachete", "--seats", "ismcts,normal,normal,normal"],
            "jachete has no ismcts level (its levels: random, easy, normal, hard, expert, gentle, or ext:COMMAND)",
        ),
        (&["arena", "--seats", "normal,buyer,normal,normal"], "buyer is a J'achète research style (--game jachete)"),
        (&["arena", "--seats", "mix,normal"], "mix is a J'achète research style (--game jachete)"),
    ]);
}

#[test]
fn bench_smoke_measures_jachete_natively_and_says_wasm_is_not_measured() {
    let output = tablee(&["bench", "--game", "jachete", "--run-ms", "5", "--runs", "1", "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    let report = last_json_line(&output);
    assert_eq!((&report["game"], &report["players"], &report["policy"]), (&"jachete".into(), &5.into(), &"greedy".into()));
    for key in ["games_per_s", "actions_per_s", "normal_games_per_s"] {
        let rate = report["native"][key].as_f64().unwrap_or(0.0);
        assert!(rate > 0.0, "{key}: {report}");
    }
    assert!(report["wasm"].is_null());
    assert!(report["wasm_skipped"].as_str().is_some_and(|s| s.contains("wasm is not measured for J'achète")), "{report}");
    let text = tablee(&["bench", "--game", "jachete", "--run-ms", "5", "--runs", "1"]);
    let stdout = String::from_utf8_lossy(&text.stdout);
    assert!(stdout.contains("policy: greedy") && stdout.contains("wasm skipped"), "{stdout}");
}
