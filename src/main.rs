//! Tablée's web app: Leptos (client-side rendering), built by Trunk.
//! `make play` serves it; see README.md.
//!
//! - [`model`]: the logic, natively tested (no browser);
//! - [`i18n`]: every text, in French and English;
//! - [`art`]: the card faces (SVG of our own);
//! - [`ui`]: the Leptos components and the browser glue.

mod art;
mod i18n;
mod model;
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod ui;

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(ui::App);
}

/// Natively there is no page to mount to: `cargo test` runs the unit tests of
/// the model, and running the binary says where the app really is.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("tablee-app is a web app: run `make play` and open http://127.0.0.1:8080");
    std::process::exit(2);
}
