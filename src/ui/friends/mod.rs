//! A game with friends on their own devices (issue 55, docs/friends.md), the
//! page's side, all in the part `tablee_friends` (src/parts.rs): the home's
//! first load carries none of it.
//!
//! - [`transport`]: the WebRTC connections made from the invitation and
//!   answer codes.
//! - [`guest`]: a friend's page (`#join=<code>`): the answer to send back,
//!   then the game's usual table fed by the host's messages
//!   ([`crate::app::friends::guest::Guest`]), and the check at the end.
//! - [`host`]: the host's page (a friend's seat chosen on the home screen):
//!   the invitations, then the host's usual table while its authority
//!   ([`crate::app::friends::host::Host`]) relays every friend's messages.
//!
//! The page's loops poll each connection's inbox every [`POLL_MS`]: the
//! pure state machines take what arrived with the time and queue what to
//! send.

pub mod guest;
pub mod host;
pub mod transport;

use leptos::prelude::*;
use transport::{Relays, TransportError};

use crate::app::lang::Lang;
use crate::i18n::friends as words;
use crate::ui::browser;

pub use transport::install_check;

/// How often the page's loops read the connections (ms): well under the
/// 100 ms a move may take to show on every table.
pub const POLL_MS: u32 = 15;

/// The build a page tells the other side (a friend's check replays the bots
/// with its own build: another build may differ).
pub const BUILD: &str = env!("CARGO_PKG_VERSION");

/// Where the STUN setting is kept: absent, the public default; empty, none
/// (one Wi-Fi needs none); else the address (`stun:host:port`).
pub const STUN_KEY: &str = "tablee.friends.stun";

/// The friends' part's page for `arg` ([`crate::ui::context::Screen::Friends`]).
pub fn page(arg: String) -> AnyView {
    if arg == "friends-check" {
        install_check();
        return ().into_any();
    }
    if let Some(code) = arg.strip_prefix("join=") {
        return guest::join(code.to_string());
    }
    host::host(arg.strip_prefix("host:").unwrap_or_default())
}

/// The relays this device's setting names.
pub fn relays() -> Relays {
    match browser::load(STUN_KEY) {
        None => Relays::standard(),
        Some(stun) if stun.trim().is_empty() => Relays::default(),
        Some(stun) => Relays { stun: Some(stun.trim().to_string()), turn: None },
    }
}

/// The time for the state machines (ms since 1970).
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// Random bytes from the device's cryptographic generator (a secret, a
/// token): `None` when the browser has none, and then no game is made.
pub fn random<const N: usize>() -> Option<[u8; N]> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes)
}

/// A connection's failure in words.
pub fn transport_error(error: &TransportError, lang: Lang) -> String {
    match error {
        TransportError::NoWebRtc => words::no_webrtc(lang).to_string(),
        TransportError::Browser(_) | TransportError::Sdp(_) => words::browser_refused(lang).to_string(),
        TransportError::Encode(_) => words::no_connection(lang).to_string(),
        TransportError::Code(e) => words::code_error(e, lang),
        TransportError::WrongSeat { found, .. } => words::wrong_seat(usize::from(*found), lang),
        TransportError::OtherInvitation => words::other_invitation(lang).to_string(),
    }
}

/// Copy (and Share where the browser has the Web Share API) for a code or
/// a link; `testid` names the buttons (`{testid}-copy`, `{testid}-share`).
#[component]
pub fn CopyShare(text: Signal<String>, testid: String) -> impl IntoView {
    let ctx = crate::ui::context::ctx();
    let copied = RwSignal::new(false);
    let can_share = web_sys::window()
        .map(|w| js_sys::Reflect::has(&w.navigator(), &wasm_bindgen::JsValue::from_str("share")).unwrap_or(false))
        .unwrap_or(false);
    let copy = move |_| {
        let text = text.get_untracked();
        leptos::task::spawn_local(async move {
            let ok = browser::copy_to_clipboard(text).await;
            copied.set(ok);
        });
    };
    let share = move |_| {
        let text = text.get_untracked();
        if let Some(window) = web_sys::window() {
            let navigator = window.navigator();
            let data = js_sys::Object::new();
            let _ = js_sys::Reflect::set(&data, &"text".into(), &text.into());
            if let Ok(share) = js_sys::Reflect::get(&navigator, &"share".into()) {
                if let Some(share) = wasm_bindgen::JsCast::dyn_ref::<js_sys::Function>(&share) {
                    // A refused or cancelled share is the person's choice.
                    if let Ok(promise) = share.call1(&navigator, &data) {
                        if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
                            leptos::task::spawn_local(async move {
                                let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
                            });
                        }
                    }
                }
            }
        }
    };
    use wasm_bindgen::JsCast;
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
