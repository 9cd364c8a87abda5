//! `tablee bench` on Katzenjammer: single-threaded engine and search
//! throughput, natively and in wasm under Node, with the wasm/native ratio.
//!
//! Both sides run the same kernels (`crates/bench-wasm/src/katzenjammer.rs`, which
//! this module includes). The wasm side is built on the way (cargo is
//! incremental, so only the first run pays), bound with the wasm-bindgen CLI
//! and run by `crates/bench-wasm/run.js`. When something it needs is missing
//! the native numbers are still printed, with the reason wasm was skipped.

#[path = "../../../../bench-wasm/src/katzenjammer.rs"]
mod kernels;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::Instant;

use kernels::Rates;

use crate::bench::grouped;
use crate::failure::Failure;
use crate::tool::Bench;

/// The wasm-bindgen CLI must match the `wasm-bindgen` crate pinned in Cargo.toml.
const WASM_BINDGEN_VERSION: &str = "0.2.130";
const WASM_TARGET: &str = "wasm32-unknown-unknown";

pub fn run(bench: &Bench) -> Result<(), Failure> {
    let Bench { run_ms, runs, chatty, .. } = *bench;
    if chatty {
        eprintln!("bench: native...");
    }
    let start = Instant::now();
    let now = move || start.elapsed().as_secs_f64() * 1000.0;
    let native = kernels::measure(run_ms as f64, runs, &now);

    let wasm = if bench.no_wasm { Err("--no-wasm given".to_string()) } else { wasm_rates(run_ms, runs, chatty) };

    if bench.json {
        let (wasm_json, ratio_json, skipped) = match &wasm {
            Ok(w) => (w.to_json(), ratio_json(&native, w), "null".to_string()),
            Err(why) => ("null".into(), "null".into(), serde_json::Value::from(why.as_str()).to_string()),
        };
        outln!(
            "{{\"game\": \"katzenjammer\", \"players\": {}, \"run_ms\": {run_ms}, \"runs\": {runs}, \"native\": {}, \
             \"wasm\": {wasm_json}, \"wasm_over_native\": {ratio_json}, \"wasm_skipped\": {skipped}}}",
            kernels::PLAYERS,
            native.to_json()
        );
        return Ok(());
    }
    let search = kernels::SEARCH;
    outln!(
        "bench: katzenjammer, {} players, one thread, median of {runs} runs of {run_ms} ms; \
         ISMCTS: {} iterations, rollouts of {} actions, from a mid-game view",
        kernels::PLAYERS,
        search.iterations,
        search.rollout_depth
    );
    outln!("{:<30} {:>14} {:>14} {:>12}", "metric", "native", "wasm (node)", "wasm/native");
    for (i, name) in Rates::NAMES.into_iter().enumerate() {
        let n = native.values()[i];
        let (w, q) = match &wasm {
            Ok(w) => (grouped(w.values()[i]), format!("{:.2}", w.values()[i] / n)),
            Err(_) => ("-".to_string(), "-".to_string()),
        };
        outln!("{name:<30} {:>14} {w:>14} {q:>12}", grouped(n));
    }
    if let Err(why) = wasm {
        outln!("wasm skipped: {why}");
    }
    Ok(())
}

/// wasm/native for each rate, as JSON with three decimals.
fn ratio_json(native: &Rates, wasm: &Rates) -> String {
    let [g, a, i] = [0, 1, 2].map(|k| wasm.values()[k] / native.values()[k]);
    format!("{{\"games_per_s\": {g:.3}, \"actions_per_s\": {a:.3}, \"iterations_per_s\": {i:.3}}}")
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

