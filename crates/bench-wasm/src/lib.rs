//! `tablee bench`, in wasm: the same kernels as the native benchmark, the
//! game's whose kernels they are (`katzenjammer.rs`, compiled into the CLI
//! too: `crates/cli/src/games/katzenjammer/bench.rs`), timed by JavaScript's
//! clock.
//!
//! Built by `tablee bench` with
//! `cargo build --release -p tablee-bench-wasm --target wasm32-unknown-unknown`
//! and `wasm-bindgen --target nodejs`, then run by `run.js` under Node.

// Each game's kernels export their own `bench` (`#[wasm_bindgen]`), which
// `run.js` calls.
pub mod katzenjammer;
