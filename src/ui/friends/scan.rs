//! The host scans a friend's answer with the camera (issue 55): "Scan"
//! (`answer-scan-N`) beside the answer's field, only where the browser can
//! — `BarcodeDetector` reading `qr_code`, and
//! `navigator.mediaDevices.getUserMedia` (a secure page). It opens the
//! camera (the one facing away, where there are two) in a small panel
//! with Cancel, looks for a QR code every [`EVERY_MS`], and the first that
//! reads as an answer fills the field and is entered as Connect does. The
//! camera stops on a find, on Cancel, and when the panel leaves the page
//! (the seat connected, or another screen).
//!
//! All through `Reflect` and `Function` (the transport's helpers): web-sys's
//! media and detector bindings would put their JS glue into the file every
//! link loads (docs/friends.md, "What the first load pays").

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Function, Object, Reflect};
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use tablee_friends::code::Code;
use wasm_bindgen::{JsCast, JsValue};

use super::transport::{call, call_async, get, set};
use crate::app::lang::Lang;
use crate::i18n::friends as words;
use crate::ui::browser;
use crate::ui::context::ctx;

/// How often the camera's picture is searched for a code (ms): quick to
/// the eye, and a detection's work a few times a second at most.
pub const EVERY_MS: u32 = 200;

/// Why the camera is not scanning, or what it saw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Note {
    /// Looking: point it at the answer.
    Looking,
    /// A QR code that is not an answer (an invitation, a web address).
    NotAnswer,
    /// The person or the browser refused the camera.
    Refused,
    /// No camera.
    Absent,
    /// Any other failure (a camera in use by another app).
    Failed,
}

impl Note {
    fn words(self, lang: Lang) -> &'static str {
        match self {
            Note::Looking => words::scan_hint(lang),
            Note::NotAnswer => words::scan_not_answer(lang),
            Note::Refused => words::camera_refused(lang),
            Note::Absent => words::camera_absent(lang),
            Note::Failed => words::camera_failed(lang),
        }
    }

    /// A `getUserMedia` refusal by its `DOMException` name.
    fn of_error(error: &JsValue) -> Note {
        match get(error, "name").as_string().as_deref() {
            Some("NotAllowedError" | "SecurityError") => Note::Refused,
            Some("NotFoundError" | "OverconstrainedError") => Note::Absent,
            _ => Note::Failed,
        }
    }
}

/// `window[name]`, a constructor or function, if the browser has it.
fn global_function(name: &str) -> Option<Function> {
    web_sys::window().and_then(|w| get(&w, name).dyn_into::<Function>().ok())
}

/// Whether this browser can scan: a QR-reading `BarcodeDetector` and a camera API.
async fn can_scan() -> bool {
    let Some(detector) = global_function("BarcodeDetector") else { return false };
    let media = web_sys::window().map(|w| get(&get(&w, "navigator"), "mediaDevices")).unwrap_or(JsValue::UNDEFINED);
    if !get(&media, "getUserMedia").is_function() {
        return false;
    }
    match call_async(&detector, "getSupportedFormats", &[]).await {
        Ok(formats) => items(&formats).any(|f| f.as_string().as_deref() == Some("qr_code")),
        Err(_) => false,
    }
}

/// An array's items, read by index. (Indexed `Reflect` reads and sets, not
/// `Array`'s methods: each method is a binding more in the page's glue.)
fn items(array: &JsValue) -> impl Iterator<Item = JsValue> + '_ {
    let count = get(array, "length").as_f64().unwrap_or(0.0) as u32;
    (0..count).map(move |i| get(array, &i.to_string()))
}

/// `[value]`.
fn one(value: &JsValue) -> Array {
    let array = Array::new();
    set(&array, "0", value);
    array
}

/// Stops every track of a camera's stream (its light goes off).
fn stop_tracks(stream: &JsValue) {
    let Ok(tracks) = call(stream, "getTracks", &[]) else { return };
    for track in items(&tracks) {
        let _ = call(&track, "stop", &[]);
    }
}

/// One opening of the camera: stopped once, by whichever comes first.
#[derive(Default)]
struct Session {
    stopped: Cell<bool>,
    stream: RefCell<Option<JsValue>>,
}

impl Session {
    fn stop(&self) {
        self.stopped.set(true);
        if let Some(stream) = self.stream.borrow_mut().take() {
            stop_tracks(&stream);
        }
    }
}

/// `{video: {facingMode: "environment"}, audio: false}`: the camera facing
/// away from the person (a laptop's one camera otherwise).
fn constraints() -> JsValue {
    let video = Object::new();
    set(&video, "facingMode", &JsValue::from_str("environment"));
    let wanted = Object::new();
    set(&wanted, "video", &video);
    set(&wanted, "audio", &JsValue::FALSE);
    wanted.into()
}

/// The first of the detected codes' values that reads as an answer, and
/// whether any code was seen.
fn answer_among(found: &JsValue) -> (Option<String>, bool) {
    let mut seen = false;
    for value in items(found).filter_map(|code| get(&code, "rawValue").as_string()) {
        seen = true;
        if Code::decode_answer(&value).is_ok() {
            return (Some(value), true);
        }
    }
    (None, seen)
}

/// The camera's loop: open it, show it in `panel`'s video, search every
/// [`EVERY_MS`] until an answer is read or the session stops.
async fn run(session: Rc<Session>, panel: NodeRef<leptos::html::Div>, note: RwSignal<Option<Note>>, found: impl Fn(String)) {
    let media = web_sys::window().map(|w| get(&get(&w, "navigator"), "mediaDevices")).unwrap_or(JsValue::UNDEFINED);
    let stream = match call_async(&media, "getUserMedia", &[&constraints()]).await {
        Ok(stream) => stream,
        Err(error) => return note.set(Some(Note::of_error(&error))),
    };
    // Cancelled (or the page left) while the browser asked the person.
    if session.stopped.get() {
        return stop_tracks(&stream);
    }
    *session.stream.borrow_mut() = Some(stream.clone());
    let video = panel.get_untracked().and_then(|p| call(&p, "querySelector", &[&JsValue::from_str("video")]).ok()).filter(|v| !v.is_null() && !v.is_undefined());
    let detector = global_function("BarcodeDetector").and_then(|constructor| {
        let options = Object::new();
        set(&options, "formats", &one(&JsValue::from_str("qr_code")));
        Reflect::construct(&constructor, &one(&options)).ok()
    });
    let (Some(video), Some(detector)) = (video, detector) else {
        session.stop();
        return note.set(Some(Note::Failed));
    };
    set(&video, "srcObject", &stream);
    // (A refused autoplay leaves a still picture: detection goes on.)
    let _ = call_async(&video, "play", &[]).await;
    note.set(Some(Note::Looking));
    while !session.stopped.get() {
        browser::sleep(EVERY_MS).await;
        // HAVE_CURRENT_DATA (2): a picture to search.
        if session.stopped.get() || get(&video, "readyState").as_f64().unwrap_or(0.0) < 2.0 {
            continue;
        }
        let Ok(codes) = call_async(&detector, "detect", &[&video]).await else { continue };
        match answer_among(&codes) {
            (Some(answer), _) if !session.stopped.get() => {
                session.stop();
                return found(answer);
            }
            (None, true) => note.set(Some(Note::NotAnswer)),
            _ => {}
        }
    }
}

/// "Scan" for seat `seat`'s answer, beside `input`: an answer read fills
/// it and `found` enters it. Nothing where the browser cannot scan.
/// (A `Callback`, not a generic closure: one copy of this code for every
/// game's part.)
pub fn scan_button(seat: usize, input: NodeRef<leptos::html::Textarea>, found: Callback<String>) -> impl IntoView {
    let ctx = ctx();
    let lang = move || ctx.lang();
    let able = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        let can = can_scan().await;
        // (The page may be gone by then.)
        let _ = able.try_set(can);
    });
    let open = RwSignal::new(false);
    let note = RwSignal::new(None::<Note>);
    let panel = NodeRef::<leptos::html::Div>::new();
    let session = SendWrapper::new(RefCell::new(None::<Rc<Session>>));
    let session = std::sync::Arc::new(session);
    let stop = {
        let session = session.clone();
        move || {
            if let Some(s) = session.borrow_mut().take() {
                s.stop();
            }
        }
    };
    on_cleanup({
        let stop = stop.clone();
        move || stop()
    });
    let start = {
        let (session, stop) = (session.clone(), stop.clone());
        move |_| {
            stop();
            let current = Rc::new(Session::default());
            *session.borrow_mut() = Some(current.clone());
            note.set(None);
            open.set(true);
            leptos::task::spawn_local(async move {
                // The panel's video is drawn first.
                browser::sleep(0).await;
                run(current.clone(), panel, note, move |answer: String| {
                    if let Some(el) = input.get_untracked() {
                        let _ = Reflect::set(&el, &JsValue::from_str("value"), &JsValue::from_str(&answer));
                    }
                    let _ = open.try_set(false);
                    found.run(answer);
                })
                .await;
                // A failure leaves the panel open with its words, the video hidden.
            });
        }
    };
    let cancel = move |_| {
        stop();
        open.set(false);
        note.set(None);
    };
    let failed = move || matches!(note.get(), Some(Note::Refused | Note::Absent | Note::Failed));
    view! {
        <Show when=move || able.get()>
            <button type="button" class="secondary" data-testid=format!("answer-scan-{seat}") on:click=start.clone()>
                {move || words::scan(lang())}
            </button>
        </Show>
        <Show when=move || open.get()>
            <div node_ref=panel class="scan" data-testid=format!("answer-scan-panel-{seat}") style="margin:0.5rem 0">
                // (Two paragraphs of fixed classes, not a class that follows the
                // note: an attribute's closure is view code the core has.)
                <Show when=move || !failed()>
                    <video
                        autoplay
                        playsinline
                        muted
                        aria-label=move || words::scan_label(lang())
                        style="display:block;width:min(15rem,100%);aspect-ratio:1;object-fit:cover;background:#000"
                    ></video>
                    <p class="note" role="status" data-testid=format!("answer-scan-note-{seat}")>
                        // (`&str`, not `Option<&str>`: a child of that type is
                        // view code the home screen has, which would join it in
                        // the core.)
                        {move || note.get().map_or("", |n| n.words(lang()))}
                    </p>
                </Show>
                <Show when=failed>
                    <p class="error" role="alert" data-testid=format!("answer-scan-note-{seat}")>
                        {move || note.get().map_or("", |n| n.words(lang()))}
                    </p>
                </Show>
                <button type="button" class="secondary" data-testid=format!("answer-scan-cancel-{seat}") on:click=cancel.clone()>
                    {move || words::scan_cancel(lang())}
                </button>
            </div>
        </Show>
    }
}
