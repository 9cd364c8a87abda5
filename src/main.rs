//! Tablée's web app: Leptos (client-side rendering), built by Trunk.
//! `make play` serves it; see README.md and `src/lib.rs`.

#[cfg(target_arch = "wasm32")]
mod parts;

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    tablee_app::ui::parts::register(parts::LOADERS);
    // The app mounts once the engines its start needs are in (`ui::boot`).
    wasm_bindgen_futures::spawn_local(tablee_app::ui::boot());
}

/// Natively there is no page to mount to: `cargo test` runs the unit tests of
/// the model, and running the binary says where the app really is.
#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("tablee-app is a web app: run `make play` and open http://127.0.0.1:8080");
    std::process::exit(2);
}
