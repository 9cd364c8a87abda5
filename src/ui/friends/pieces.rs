//! What the friend's page and the host's page both use (issue 55): the
//! loops' pace, the build they tell each other, the relays' setting, the
//! time and random bytes, a connection's failure in words, Copy and Share.

use leptos::prelude::*;

use super::transport::TransportError;
use crate::app::lang::Lang;
use crate::i18n::friends as words;
use crate::ui::browser;

/// How often the page's loops read the connections (ms): well under the
/// 100 ms a move may take to show on every table.
pub const POLL_MS: u32 = 15;

/// The build a page tells the other side (a friend's check replays the bots
/// with its own build: another build may differ).
pub const BUILD: &str = env!("CARGO_PKG_VERSION");

pub use super::relays::relays;

/// The time for the state machines (ms since 1970).
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// Random bytes from the device's cryptographic generator (a secret, a
/// token): `None` when the browser has none, and then no game is made.
/// (64 bits at a time, as the page's fresh seeds: `getrandom::fill` would
/// be code more in the core.)
pub fn random<const N: usize>() -> Option<[u8; N]> {
    let mut bytes = [0u8; N];
    for chunk in bytes.chunks_mut(8) {
        let word = getrandom::u64().ok()?.to_le_bytes();
        chunk.copy_from_slice(&word[..chunk.len()]);
    }
    Some(bytes)
}

/// A connection's failure in words.
pub fn transport_error(error: &TransportError, lang: Lang) -> String {
    match error {
        TransportError::NoWebRtc => words::no_webrtc(lang).to_string(),
        TransportError::Browser(_) | TransportError::Sdp(_) => words::browser_refused(lang).to_string(),
        TransportError::Encode(_) | TransportError::Unreachable => words::no_connection(lang).to_string(),
        TransportError::Code(e) => words::code_error(e, lang),
        TransportError::WrongSeat { found, .. } => words::wrong_seat(usize::from(*found), lang),
        TransportError::OtherInvitation => words::other_invitation(lang).to_string(),
    }
}

/// Copy (and Share where the browser has the Web Share API) for a code or
/// a link; `testid` names the buttons (`{testid}-copy`, `{testid}-share`).
/// A function over a closure (a type of its own: nothing shared with the
/// home screen, whose shared code would go to the core).
pub fn copy_share(text: impl Fn() -> String + Clone + Send + Sync + 'static, testid: String) -> impl IntoView {
    use wasm_bindgen::JsCast;
    let ctx = crate::ui::context::ctx();
    let copied = RwSignal::new(false);
    let navigator = web_sys::window().map(|w| w.navigator());
    let can_share = navigator.as_ref().is_some_and(|n| js_sys::Reflect::get(n, &"share".into()).is_ok_and(|s| s.is_function()));
    let copy = {
        let text = text.clone();
        move |_| {
            let text = text();
            leptos::task::spawn_local(async move {
                let ok = browser::copy_to_clipboard(text).await;
                copied.set(ok);
            });
        }
    };
    let share = move |_| {
        let Some(navigator) = web_sys::window().map(|w| w.navigator()) else { return };
        let data = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&data, &"text".into(), &text().into());
        let share = js_sys::Reflect::get(&navigator, &"share".into()).ok().and_then(|s| s.dyn_into::<js_sys::Function>().ok());
        // A refused or cancelled share is the person's choice.
        if let Some(promise) = share.and_then(|s| s.call1(&navigator, &data).ok()).and_then(|p| p.dyn_into::<js_sys::Promise>().ok()) {
            leptos::task::spawn_local(async move {
                let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
            });
        }
    };
    view! {
        <span class="copy-share">
            <button type="button" class="secondary" data-testid=format!("{testid}-copy") on:click=copy>
                {move || if copied.get() { words::copied(ctx.lang()) } else { words::copy(ctx.lang()) }}
            </button>
            {can_share.then(|| view! {
                <button type="button" class="secondary" data-testid=format!("{testid}-share") on:click=share>
                    {move || words::share(ctx.lang())}
                </button>
            })}
        </span>
    }
}
