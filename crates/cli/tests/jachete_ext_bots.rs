//! External bots (docs/bot-protocol.md) in J'achète's arena: the example bot
//! plays whole games without a fault and replays, by index and by action
//! object; a bot may answer tables of its own (tests/fixtures/jachete_table_bot.py)
//! and an illegal one is a fault. Python 3 must be on the PATH as `python3`.

mod common;
use common::{faults, fixture, last_json_line, repo_file, stderr, tablee};
use serde_json::Value;

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
