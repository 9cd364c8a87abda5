//! Tablée's web app as a library, shared by its two WebAssembly programs:
//! the page (`src/main.rs`, Leptos) and the bots' Web Worker
//! (`src/bin/tablee-worker.rs`), which searches off the main thread.
//!
//! - [`model`]: the logic, natively tested (no browser);
//! - [`i18n`]: every text, in French and English;
//! - [`games`]: what belongs to one game (for now each game's refusals in
//!   the player's words);
//! - [`art`]: the card faces (SVG of our own);
//! - [`worker`]: the jobs the Web Worker runs, and their JSON messages;
//! - [`ui`]: the Leptos components and the browser glue.

pub mod app;
pub mod art;
pub mod games;
pub mod i18n;
pub mod model;
pub mod ui;
pub mod worker;
