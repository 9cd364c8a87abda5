//! The bots' Web Worker (built by `scripts/build-page.mjs`, step 6): it answers
//! each JSON request with [`tablee_app::app::worker::handle`], off the page's thread.

#[cfg(target_arch = "wasm32")]
fn main() {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::{JsCast, JsValue};
    use web_sys::{DedicatedWorkerGlobalScope, MessageEvent};

    console_error_panic_hook::set_once();
    let Ok(scope) = js_sys::global().dyn_into::<DedicatedWorkerGlobalScope>() else { return };
    let reply_to = scope.clone();
    let on_message = Closure::<dyn Fn(MessageEvent)>::new(move |event: MessageEvent| {
        let text = event.data().as_string().unwrap_or_default();
        let answer = tablee_app::app::worker::handle(&text);
        let _ = reply_to.post_message(&JsValue::from_str(&answer));
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    // Messages sent before the module ran were dropped: say when jobs may come.
    let _ = scope.post_message(&JsValue::from_str(tablee_app::app::worker::READY));
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("tablee-worker runs inside the web app (a Web Worker); see README.md");
    std::process::exit(2);
}
