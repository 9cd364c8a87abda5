//! `tablee bench --game jachete`: native only: full five-player games under
//! a greedy policy, engine actions, and games of `normal` bots; wasm is
//! measured for Katzenjammer only.

use std::hint::black_box;
use std::time::Instant;

use tablee_bots::Level;
use tablee_engine::jachete::playout::greedy;
use tablee_engine::jachete::{JaGame, JaOptions};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seed};

use crate::bench::grouped;
use crate::failure::Failure;
use crate::tool::Bench;

/// Players of every J'achète benchmark game.
pub const PLAYERS: usize = 5;
/// The wasm benchmark's kernels (`crates/bench-wasm`) are another game's.
pub const WASM_SKIPPED: &str = "wasm is not measured for J'achète (crates/bench-wasm's kernels are another game's)";
/// The policy of the first two rates, for the output.
pub const POLICY: &str = "greedy: the first generated play (opening, lay-off, new set) when there is one, \
    a buy 1 time in 3, else the discard of the loneliest, highest natural card";

/// Throughputs, per second of one thread.
#[derive(Clone, Copy, Debug, Default)]
pub struct JaRates {
    /// Full seven-round 5-player games under [`POLICY`].
    pub games_per_s: f64,
    /// Engine actions (candidate generation plus apply) in those games.
    pub actions_per_s: f64,
    /// Full games of five `normal` bots (engine and bot together).
    pub normal_games_per_s: f64,
}

impl JaRates {
    pub const NAMES: [&'static str; 3] =
        ["greedy full games/s", "engine actions/s (greedy)", "normal-bot full games/s"];

    pub fn values(self) -> [f64; 3] {
        [self.games_per_s, self.actions_per_s, self.normal_games_per_s]
    }

    pub fn to_json(self) -> String {
        format!(
            "{{\"games_per_s\": {:.1}, \"actions_per_s\": {:.1}, \"normal_games_per_s\": {:.1}}}",
            self.games_per_s, self.actions_per_s, self.normal_games_per_s
        )
    }
}

/// Plays full games (deals 0, 1, 2, ...) until `run_ms` have passed, with
/// the greedy policy or `normal` bots; returns (games, actions, elapsed ms).
pub fn games(run_ms: f64, normal: bool, start: Instant) -> (u64, u64, f64) {
    let now = || start.elapsed().as_secs_f64() * 1000.0;
    let mut rng = Rng::new(0);
    let mut legal = Vec::new();
    let (mut games, mut actions) = (0u64, 0u64);
    let begin = now();
    loop {
        let mut game =
            JaGame::new_game(PLAYERS, JaOptions::default(), Seed::from_number(games)).expect("5 players deal");
        let mut moves = 0u64;
        while let Some(seat) = game.to_act() {
            game.actions(&mut legal);
            let action = if normal {
                tablee_bots::jachete::decide(Level::Normal, &game.view(seat), &legal, moves)
            } else {
                greedy(&game, &legal, &mut rng)
            };
            game.apply(&action).expect("generated actions apply");
            moves += 1;
        }
        black_box(&game);
        games += 1;
        actions += moves;
        let elapsed = now() - begin;
        if elapsed >= run_ms {
            return (games, actions, elapsed);
        }
    }
}

/// Every rate as the median of `runs` runs of about `run_ms` ms each.
pub fn measure(run_ms: f64, runs: usize) -> JaRates {
    let start = Instant::now();
    let per_s = |count: u64, ms: f64| count as f64 * 1000.0 / ms.max(1e-9);
    let (mut g, mut a, mut n) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs.max(1) {
        let (played, actions, ms) = games(run_ms, false, start);
        g.push(per_s(played, ms));
        a.push(per_s(actions, ms));
    }
    for _ in 0..runs.max(1) {
        let (played, _, ms) = games(run_ms, true, start);
        n.push(per_s(played, ms));
    }
    JaRates { games_per_s: median(g), actions_per_s: median(a), normal_games_per_s: median(n) }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    match values.len() {
        0 => 0.0,
        n if n % 2 == 1 => values[n / 2],
        n => (values[n / 2 - 1] + values[n / 2]) / 2.0,
    }
}

pub fn run(bench: &Bench) -> Result<(), Failure> {
    let Bench { run_ms, runs, json, chatty, .. } = *bench;
    if chatty {
        eprintln!("bench: jachete, native...");
    }
    let native = measure(run_ms as f64, runs);
    if json {
        outln!(
            "{{\"game\": \"jachete\", \"players\": {PLAYERS}, \"policy\": \"greedy\", \"run_ms\": {run_ms}, \
             \"runs\": {runs}, \"native\": {}, \"wasm\": null, \"wasm_over_native\": null, \"wasm_skipped\": {}}}",
            native.to_json(),
            serde_json::Value::from(WASM_SKIPPED)
        );
        return Ok(());
    }
    outln!(
        "bench: jachete, {PLAYERS} players, seven rounds per game, one thread, median of {runs} runs of {run_ms} ms"
    );
    outln!("policy: {POLICY}");
    outln!("{:<30} {:>14}", "metric", "native");
    for (name, value) in JaRates::NAMES.into_iter().zip(native.values()) {
        outln!("{name:<30} {:>14}", grouped(value));
    }
    outln!("wasm skipped: {WASM_SKIPPED}");
    Ok(())
}
