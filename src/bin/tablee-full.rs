//! The whole app, every game's table included (the feature `jachete-table`).
//! index.html starts it instead of the first-load build when J'achète's
//! table is needed (docs/performance.md, "Two builds"); from then on this
//! browser keeps starting it (`tablee.build` = `full`).

#[cfg(target_arch = "wasm32")]
fn main() {
    console_error_panic_hook::set_once();
    tablee_app::ui::browser::remember_full_build();
    leptos::mount::mount_to_body(tablee_app::ui::App);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("tablee-full is the web app with every table: run `make play` and open http://127.0.0.1:8080");
    std::process::exit(2);
}
