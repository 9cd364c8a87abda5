//! `tablee arena` and `tablee bench` from outside, in their short smoke form:
//! a few games, tiny timing runs, no wasm (building it is for `tablee bench`
//! itself, not for the test suite). Usage errors exit 2 with one stderr line.
//! Each game's arena and bench: `<game>_arena_bench.rs`.

mod common;
use common::{each_exits_2, stderr, tablee};

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
fn bad_usage_exits_2_with_one_clear_line() {
    each_exits_2(&[
        (&["arena", "--game", "chess", "--seats", "normal,normal"], "unknown game \"chess\""),
        (&["arena", "--seats", "normal,normal", "--three-players"], "J'achète option"),
        (&["arena", "--seats", "normal,wizard"], "valid levels: random, gentle, easy, normal, hard, expert"),
        (&["arena", "--seats", "ext:,normal"], "\"ext:\" needs a command"),
        (&["arena", "--seats", "normal,normal", "--players", "3"], "3 players but 2 seats"),
        (&["arena", "--seats", "normal,normal", "--seed", "1K7Q"], "--seed"),
        (&["arena", "--seats", "normal,normal", "--games", "0"], "--games must be at least 1"),
        (&["arena", "--games", "3"], "--seats is required"),
        (&["bench", "--game", "go"], "unknown game \"go\""),
        (&["bench", "--fast"], "unknown option \"--fast\""),
    ]);
}
