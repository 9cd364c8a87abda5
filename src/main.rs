//! Tablée's web app: Leptos (client-side rendering), built by Trunk.
//! `make play` serves it; see README.md and `src/lib.rs`.

#[cfg(target_arch = "wasm32")]
mod parts;

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    tablee_app::ui::parts::register(parts::LOADERS);
    // The friends' transport for the browser test (tests/e2e/friends.test.mjs),
    // from its own part: only in a build with the feature `friends-check`
    // (TABLEE_FEATURES=friends-check trunk build …). Wired into the shipped
    // page it cost every link's first load 2.9 KB gzip (web-sys's RTC glue in
    // the shared JS, code shared with the home screen moved to the core:
    // docs/friends.md), over the core's budget; the invitation screens will
    // wire it at no cost to the first load.
    #[cfg(feature = "friends-check")]
    if web_sys::window().and_then(|w| w.location().hash().ok()).as_deref() == Some("#friends-check") {
        wasm_bindgen_futures::spawn_local(async {
            let _ = parts::friends_check().await;
        });
    }
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
