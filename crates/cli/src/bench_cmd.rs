//! `tablee bench`: single-threaded engine and search throughput, natively and
//! in wasm under Node, with the wasm/native ratio.
//!
//! Both sides run the same kernels (`crates/bench-wasm/src/kernels.rs`, which
//! this module includes). The wasm side is built on the way (cargo is
//! incremental, so only the first run pays), bound with the wasm-bindgen CLI
//! and run by `crates/bench-wasm/run.js`. When something it needs is missing
//! the native numbers are still printed, with the reason wasm was skipped.
//!
//! `--game jachete` measures J'achète natively only ([`jachete`]): full
//! five-player games under a greedy policy, engine actions, and games of
//! `normal` bots; wasm is measured for Katzenjammer only.

#[path = "../../bench-wasm/src/kernels.rs"]
mod kernels;

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use kernels::Rates;

use crate::args::{GameName, Options as Args, Takes};
use crate::Failure;

const SPEC: &[(&str, Takes)] = &[
    ("game", Takes::Value),
    ("json", Takes::Nothing),
    ("run-ms", Takes::Value),
    ("runs", Takes::Value),
    ("no-wasm", Takes::Nothing),
];
/// The wasm-bindgen CLI must match the `wasm-bindgen` crate pinned in Cargo.toml.
const WASM_BINDGEN_VERSION: &str = "0.2.130";
const WASM_TARGET: &str = "wasm32-unknown-unknown";

pub fn run(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, SPEC).map_err(|e| Failure::usage(format!("bench: {e}")))?;
    let usage = |message: String| Failure::usage(format!("bench: {message}"));
    let game = GameName::parse_available(args.value("game").unwrap_or("katzenjammer")).map_err(usage)?;
    let run_ms = args.count("run-ms", 1, 500).map_err(usage)?;
    let runs = args.count("runs", 1, 5).map_err(usage)?;
    let chatty = std::io::stderr().is_terminal();
    if cfg!(debug_assertions) {
        eprintln!("bench: note: a debug build; for honest numbers run `cargo run --release --bin tablee -- bench`");
    }
    if game == GameName::Jachete {
        return jachete::run(run_ms, runs, args.flag("json"), chatty);
    }

    if chatty {
        eprintln!("bench: native...");
    }
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let native = kernels::measure(run_ms as f64, runs, &now);

    let wasm = if args.flag("no-wasm") { Err("--no-wasm given".to_string()) } else { wasm_rates(run_ms, runs, chatty) };

    if args.flag("json") {
        let (wasm_json, ratio_json, skipped) = match &wasm {
            Ok(w) => (w.to_json(), ratio_json(&native, w), "null".to_string()),
            Err(why) => ("null".into(), "null".into(), serde_json::Value::from(why.as_str()).to_string()),
        };
        println!(
            "{{\"game\": \"katzenjammer\", \"players\": {}, \"run_ms\": {run_ms}, \"runs\": {runs}, \"native\": {}, \
             \"wasm\": {wasm_json}, \"wasm_over_native\": {ratio_json}, \"wasm_skipped\": {skipped}}}",
            kernels::PLAYERS,
            native.to_json()
        );
        return Ok(());
    }
    let search = kernels::SEARCH;
    println!(
        "bench: katzenjammer, {} players, one thread, median of {runs} runs of {run_ms} ms; \
         ISMCTS: {} iterations, rollouts of {} actions, from a mid-game view",
        kernels::PLAYERS,
        search.iterations,
        search.rollout_depth
    );
    println!("{:<30} {:>14} {:>14} {:>12}", "metric", "native", "wasm (node)", "wasm/native");
    for (i, name) in Rates::NAMES.into_iter().enumerate() {
        let n = native.values()[i];
        let (w, q) = match &wasm {
            Ok(w) => (grouped(w.values()[i]), format!("{:.2}", w.values()[i] / n)),
            Err(_) => ("-".to_string(), "-".to_string()),
        };
        println!("{name:<30} {:>14} {w:>14} {q:>12}", grouped(n));
    }
    if let Err(why) = wasm {
        println!("wasm skipped: {why}");
    }
    Ok(())
}

/// `tablee bench --game jachete`: native only.
mod jachete {
    use std::hint::black_box;
    use std::time::Instant;

    use tablee_bots::Level;
    use tablee_engine::jachete::{Card, JaAction, JaGame, JaOptions};
    use tablee_engine::rng::Rng;
    use tablee_engine::{Game, Seed};

    use super::grouped;
    use crate::Failure;

    /// Players of every J'achète benchmark game.
    pub const PLAYERS: usize = 5;
    /// The wasm benchmark's kernels are Katzenjammer's.
    pub const WASM_SKIPPED: &str = "wasm is measured for katzenjammer only (tablee bench --game katzenjammer)";
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

    /// The greedy policy ([`POLICY`]). A uniformly random choice among the
    /// candidates also ends its rounds, but takes about 8 times as many
    /// actions per game (mostly discards: random players rarely open), so it
    /// would measure the discard loop rather than the game.
    pub fn greedy(game: &JaGame, legal: &[JaAction], rng: &mut Rng) -> JaAction {
        if let Some(play) = legal.iter().find(|a| matches!(a, JaAction::Play { .. })) {
            return play.clone();
        }
        if legal.contains(&JaAction::Buy) {
            return if rng.below(3) == 0 { JaAction::Buy } else { JaAction::Decline };
        }
        let hand = game.to_act().map_or(&[][..], |seat| game.round().hand(seat));
        let same_rank = |c: &Card| {
            hand.iter().filter(|d| matches!((c, d), (Card::Natural(a, _), Card::Natural(b, _)) if a == b)).count()
        };
        legal
            .iter()
            .filter_map(|a| match a {
                JaAction::Discard(c) if !c.is_wild() => Some((same_rank(c), std::cmp::Reverse(c.points()), a)),
                _ => None,
            })
            .min_by_key(|(n, p, _)| (*n, *p))
            .map(|(_, _, a)| a.clone())
            .unwrap_or_else(|| legal[rng.index(legal.len())].clone())
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

    pub fn run(run_ms: usize, runs: usize, json: bool, chatty: bool) -> Result<(), Failure> {
        if chatty {
            eprintln!("bench: jachete, native...");
        }
        let native = measure(run_ms as f64, runs);
        if json {
            println!(
                "{{\"game\": \"jachete\", \"players\": {PLAYERS}, \"policy\": \"greedy\", \"run_ms\": {run_ms}, \
                 \"runs\": {runs}, \"native\": {}, \"wasm\": null, \"wasm_over_native\": null, \"wasm_skipped\": {}}}",
                native.to_json(),
                serde_json::Value::from(WASM_SKIPPED)
            );
            return Ok(());
        }
        println!(
            "bench: jachete, {PLAYERS} players, seven rounds per game, one thread, median of {runs} runs of {run_ms} ms"
        );
        println!("policy: {POLICY}");
        println!("{:<30} {:>14}", "metric", "native");
        for (name, value) in JaRates::NAMES.into_iter().zip(native.values()) {
            println!("{name:<30} {:>14}", grouped(value));
        }
        println!("wasm skipped: {WASM_SKIPPED}");
        Ok(())
    }
}

/// wasm/native for each rate, as JSON with three decimals.
fn ratio_json(native: &Rates, wasm: &Rates) -> String {
    let [g, a, i] = [0, 1, 2].map(|k| wasm.values()[k] / native.values()[k]);
    format!("{{\"games_per_s\": {g:.3}, \"actions_per_s\": {a:.3}, \"iterations_per_s\": {i:.3}}}")
}

/// 1234567.8 -> "1,234,568".
fn grouped(x: f64) -> String {
    let digits = format!("{:.0}", x.max(0.0));
    let mut out = String::new();
    for (i, d) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(d);
    }
    out
}

/// Builds the wasm benchmark if needed and runs it under Node; `Err` says
/// why wasm could not be measured.
fn wasm_rates(run_ms: usize, runs: usize, chatty: bool) -> Result<Rates, String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let root = root
        .canonicalize()
        .ok()
        .filter(|r| r.join("crates/bench-wasm/run.js").is_file())
        .ok_or_else(|| format!("the Tablée source tree this tablee was built from ({}) is gone", root.display()))?;

    let node = tool_version("node", &["--version"]).ok_or("node is not installed (Node 20 or later is needed)")?;
    let bindgen = wasm_bindgen_path();
    let install = format!("cargo install wasm-bindgen-cli --version {WASM_BINDGEN_VERSION}");
    match tool_version(&bindgen.to_string_lossy(), &["--version"]) {
        Some(v) if v.split_whitespace().any(|w| w == WASM_BINDGEN_VERSION) => {}
        Some(v) => {
            return Err(format!("{v} found, but the wasm-bindgen CLI must be {WASM_BINDGEN_VERSION} ({install})"))
        }
        None => return Err(format!("the wasm-bindgen CLI is not installed ({install})")),
    }
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".into());
    let libdir = command_output(Command::new(&rustc).args(["--print", "target-libdir", "--target", WASM_TARGET]))
        .map(|o| PathBuf::from(String::from_utf8_lossy(&o.stdout).trim()));
    if !libdir.is_ok_and(|d| d.is_dir()) {
        return Err(format!("the {WASM_TARGET} target is not installed (rustup target add {WASM_TARGET})"));
    }

    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let metadata = command_output(Command::new(&cargo).current_dir(&root).args([
        "metadata",
        "--format-version",
        "1",
        "--no-deps",
        "--offline",
    ]))?;
    let target_dir = serde_json::from_slice::<serde_json::Value>(&metadata.stdout)
        .ok()
        .and_then(|m| m["target_directory"].as_str().map(PathBuf::from))
        .ok_or("cargo metadata did not say where the target directory is")?;

    if chatty {
        eprintln!("bench: building the wasm benchmark (the first time takes a minute)...");
    }
    command_output(Command::new(&cargo).current_dir(&root).args([
        "build",
        "--quiet",
        "--release",
        "-p",
        "tablee-bench-wasm",
        "--target",
        WASM_TARGET,
    ]))
    .map_err(|e| format!("building the wasm benchmark failed: {e}"))?;
    let wasm_file = target_dir.join(WASM_TARGET).join("release/tablee_bench_wasm.wasm");
    let out_dir = target_dir.join("bench-wasm");
    command_output(Command::new(&bindgen).arg("--target").arg("nodejs").arg("--out-dir").arg(&out_dir).arg(&wasm_file))
        .map_err(|e| format!("wasm-bindgen failed: {e}"))?;

    if chatty {
        eprintln!("bench: wasm under node {node}...");
    }
    let output = command_output(
        Command::new("node")
            .arg(root.join("crates/bench-wasm/run.js"))
            .arg(out_dir.join("tablee_bench_wasm.js"))
            .arg(run_ms.to_string())
            .arg(runs.to_string()),
    )
    .map_err(|e| format!("the wasm benchmark failed under node: {e}"))?;
    let stdout = String::from_utf8_lossy(&output.stdout);
    let json: serde_json::Value = stdout
        .lines()
        .last()
        .and_then(|line| serde_json::from_str(line).ok())
        .ok_or_else(|| format!("the wasm benchmark printed no JSON line: {}", stdout.trim()))?;
    let get = |key: &str| json[key].as_f64().ok_or_else(|| format!("the wasm benchmark gave no {key}"));
    Ok(Rates {
        games_per_s: get("games_per_s")?,
        actions_per_s: get("actions_per_s")?,
        iterations_per_s: get("iterations_per_s")?,
    })
}

/// `wasm-bindgen` from PATH, else from cargo's bin directory.
fn wasm_bindgen_path() -> PathBuf {
    let in_cargo_home = std::env::var_os("CARGO_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cargo")))
        .map(|home| home.join("bin/wasm-bindgen"));
    match in_cargo_home {
        Some(path) if tool_version("wasm-bindgen", &["--version"]).is_none() && path.is_file() => path,
        _ => PathBuf::from("wasm-bindgen"),
    }
}

/// The first line a tool prints for `args`, if it runs and succeeds.
fn tool_version(program: &str, args: &[&str]) -> Option<String> {
    let output = Command::new(program).args(args).output().ok().filter(|o| o.status.success())?;
    Some(String::from_utf8_lossy(&output.stdout).lines().next().unwrap_or("").trim().to_string())
}

/// Runs a command to completion; `Err` carries the last line of its stderr.
fn command_output(command: &mut Command) -> Result<Output, String> {
    let program = command.get_program().to_string_lossy().into_owned();
    let output = command.output().map_err(|e| format!("cannot run {program}: {e}"))?;
    if output.status.success() {
        return Ok(output);
    }
    let stderr = String::from_utf8_lossy(&output.stderr);
    let last = stderr.lines().rev().find(|l| !l.trim().is_empty()).unwrap_or("no message");
    Err(format!("{program} exited with {}: {}", output.status, last.trim()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_grouped_by_thousands() {
        assert_eq!(grouped(0.4), "0");
        assert_eq!(grouped(999.0), "999");
        assert_eq!(grouped(1234567.8), "1,234,568");
    }
}
