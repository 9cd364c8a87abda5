//! Tablée's web app: Leptos (client-side rendering), built by Trunk.
//! `make play` serves it; see README.md.

#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
mod app;
mod deal;
// The model and the texts are wired into the page in the next step.
#[allow(dead_code)]
mod i18n;
#[allow(dead_code)]
mod model;
use model::url;

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    leptos::mount::mount_to_body(app::App);
}

/// Natively there is no page to mount to: `cargo test` runs the unit tests of
/// the URL handling, and running the binary says where the app really is.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("tablee-app is a web app: run `make play` and open http://127.0.0.1:8080");
    std::process::exit(2);
}
