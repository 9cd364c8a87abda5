//! The example external bot (docs/bot-protocol.md) plays whole Katzenjammer
//! games in the arena without a fault, by index and by action object, and the
//! same seed replays the same games. Python 3 must be on the PATH as `python3`.

mod common;
use common::{faults, last_json_line, repo_file, stderr, tablee};

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
