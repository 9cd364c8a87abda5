//! Tablée's web app as a library, shared by its two WebAssembly programs:
//! the page (`src/main.rs`, Leptos) and the bots' Web Worker
//! (`src/bin/tablee-worker.rs`), which searches off the main thread.
//!
//! - [`app`]: the game-agnostic shell (tables, sessions, links, saves,
//!   history, par, the worker's jobs, the controller), natively tested;
//! - [`games`]: each game's definition for the shell, its texts, its end
//!   summary, its table components and its art (Katzenjammer's card faces,
//!   `games::katzenjammer::art`);
//! - [`i18n`]: the shell's texts, in French and English;
//! - [`ui`]: the shell's Leptos frame (header, home, rules) and the browser glue.
//!
//! docs/architecture.md draws the layers and follows a move through them.

// The allocator of the page and the worker (Cargo.toml says why).
#[cfg(all(not(target_feature = "atomics"), target_family = "wasm"))]
#[global_allocator]
static TALC: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

pub mod app;
pub mod games;
pub mod i18n;
pub mod ui;
