//! `tablee bench`, in wasm: the same kernels as the native benchmark, the
//! game's whose kernels they are (`katzenjammer.rs`, compiled into the CLI
//! too: `crates/cli/src/games/katzenjammer/bench.rs`), timed by JavaScript's
//! clock.
//!
//! Built by `tablee bench` with
//! `cargo build --release -p tablee-bench-wasm --target wasm32-unknown-unknown`
//! and `wasm-bindgen --target nodejs`, then run by `run.js` under Node.

pub mod katzenjammer;

use wasm_bindgen::prelude::wasm_bindgen;

/// Measures every metric as the median of `runs` runs of about `run_ms`
/// milliseconds each; returns [`katzenjammer::Rates::to_json`].
#[wasm_bindgen]
pub fn bench(run_ms: f64, runs: u32) -> String {
    katzenjammer::measure(run_ms, runs as usize, &js_sys::Date::now).to_json()
}
