//! The few browser APIs the app uses, each failure-tolerant: storage that may
//! be missing or full, a clipboard that may be refused, an address bar that a
//! `file://` page cannot rewrite. Nothing here panics or throws into Rust.

use std::future::Future;

use tablee_engine::Seed;
use wasm_bindgen::{JsCast, JsValue};

use crate::app::config::Day;
use crate::app::controller::Storage;

fn window() -> Option<web_sys::Window> {
    web_sys::window()
}

fn storage() -> Option<web_sys::Storage> {
    window()?.local_storage().ok().flatten()
}

/// The stored text under `key`, if storage works and holds it.
pub fn load(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores `value`; false when storage is missing, refused or full.
pub fn store(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}

pub fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

/// localStorage, as the controller's [`Storage`].
pub struct LocalStorage;

impl Storage for LocalStorage {
    fn load(&self, key: &str) -> Option<String> {
        load(key)
    }
    fn store(&mut self, key: &str, value: &str) -> bool {
        store(key, value)
    }
    fn remove(&mut self, key: &str) {
        remove(key)
    }
}

/// Moves the focus to the element `id` once the page has drawn it (it may
/// be appearing in this very update).
pub fn focus_id(id: impl Into<String>) {
    let id: String = id.into();
    leptos::prelude::request_animation_frame(move || {
        if let Some(el) = window().and_then(|w| w.document()).and_then(|d| d.get_element_by_id(&id)).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
    });
}

/// Sets the page's title (the tab's, a bookmark's).
pub fn set_title(title: &str) {
    if let Some(document) = window().and_then(|w| w.document()) {
        document.set_title(title);
    }
}

/// `location.search`, e.g. `?seed=1K7Q-M3ZD&players=4`.
pub fn search() -> String {
    window().and_then(|w| w.location().search().ok()).unwrap_or_default()
}

/// The address's fragment (`#join=…`), if any.
pub fn hash() -> Option<String> {
    // Through `Reflect` (already in the page's glue), not `Location::hash`:
    // a binding more is JS every link loads.
    let location = js_sys::Reflect::get(&window()?.into(), &JsValue::from_str("location")).ok()?;
    js_sys::Reflect::get(&location, &JsValue::from_str("hash")).ok()?.as_string().filter(|h| !h.is_empty())
}

/// The page's address without its query: where links point to.
pub fn base_url() -> String {
    let Some(location) = window().map(|w| w.location()) else { return String::new() };
    let origin = location.origin().unwrap_or_default();
    let path = location.pathname().unwrap_or_default();
    format!("{origin}{path}")
}

/// Puts `query` into the address bar without reloading (ignored when refused).
/// Shows `query` in the address bar (`""`: none) without a navigation.
pub fn replace_query(query: &str) {
    let Some(window) = window() else { return };
    if let Ok(history) = window.history() {
        if search() != query {
            // An empty URL would keep the query: the page's path drops it.
            let url = if query.is_empty() { window.location().pathname().unwrap_or_default() } else { query.to_string() };
            let _ = history.replace_state_with_url(&JsValue::NULL, "", Some(&url));
        }
    }
}

/// A new step in the browser's history at the address as it is: the
/// screen about to show writes its own address over it (`replace_query`),
/// and Back returns to this one.
pub fn push_history() {
    let Some(window) = window() else { return };
    if let (Ok(history), Ok(href)) = (window.history(), window.location().href()) {
        let _ = history.push_state_with_url(&JsValue::NULL, "", Some(&href));
    }
}

/// The address of an app's own link that `ev`, a plain click, follows: a
/// link written as a query of this page (`?rules`, a lesson from the rules'
/// text, a replay, "Your games"). `None` for any other click, and for a click
/// that asks for another tab or window (a modifier key, another button, a
/// `target`), which the browser handles as usual.
pub fn own_link(ev: &web_sys::MouseEvent) -> Option<String> {
    if ev.default_prevented() || ev.button() != 0 || ev.ctrl_key() || ev.meta_key() || ev.shift_key() || ev.alt_key() {
        return None;
    }
    let link = ev.target()?.dyn_into::<web_sys::Element>().ok()?.closest("a[href]").ok()??;
    if link.has_attribute("target") || link.has_attribute("download") {
        return None;
    }
    link.get_attribute("href").filter(|href| href.starts_with('?'))
}

/// The browser's Back.
pub fn history_back() {
    if let Some(Ok(history)) = window().map(|w| w.history()) {
        let _ = history.back();
    }
}

/// Focuses the element with this `data-testid` when nothing else has the
/// focus (it was on a control that went away), so keyboard play goes on.
/// `scroll`: the browser brings it into view too (a table's hand on a
/// phone); without, the page stays where it is (a puzzle opens at its top,
/// its question above the table).
pub fn focus_if_lost(testid: &str, scroll: bool) {
    let Some(document) = window().and_then(|w| w.document()) else { return };
    let lost = match document.active_element() {
        None => true,
        Some(active) => Some(active) == document.body().map(Into::into),
    };
    if !lost {
        return;
    }
    if let Ok(Some(element)) = document.query_selector(&format!("[data-testid=\"{testid}\"]")) {
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            let options = web_sys::FocusOptions::new();
            options.set_prevent_scroll(!scroll);
            let _ = element.focus_with_options(&options);
        }
    }
}

/// `navigator.language`, e.g. `fr-CH`.
pub fn browser_language() -> Option<String> {
    window()?.navigator().language()
}

/// A seed nobody chose: 64 bits from `crypto.getRandomValues`.
pub fn fresh_seed() -> Seed {
    let bits = getrandom::u64().unwrap_or_else(|_| {
        // No crypto API (very old browser): time and Math.random still differ per visit.
        js_sys::Date::now().to_bits() ^ js_sys::Math::random().to_bits().rotate_left(32)
    });
    Seed::from_entropy(bits)
}

/// Today's date in UTC: the daily deal is the same everywhere on Earth.
pub fn today_utc() -> Day {
    let now = js_sys::Date::new_0();
    Day::new(now.get_utc_full_year() as i32, now.get_utc_month() + 1, now.get_utc_date())
        .unwrap_or(Day { year: 2026, month: 1, day: 1 })
}

/// Resolves when the page is idle (`requestIdleCallback`, at most 2 s
/// later; a plain timeout where the browser has none): for work that must not
/// delay what the visitor is doing, like fetching a part ahead of need.
pub fn idle() -> impl Future<Output = ()> {
    idle_within(2000)
}

/// Resolves when the page is idle, at most `timeout_ms` later ([`idle`]).
pub fn idle_within(timeout_ms: u32) -> impl Future<Output = ()> {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let Some(w) = window() else {
            let _ = resolve.call0(&JsValue::NULL);
            return;
        };
        let request = js_sys::Reflect::get(&w, &JsValue::from_str("requestIdleCallback")).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok());
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &JsValue::from_str("timeout"), &JsValue::from(timeout_ms));
        let asked = request.is_some_and(|f| f.call2(&w, &resolve, &options).is_ok());
        if !asked && w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 200).is_err() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

/// Says once that the first screen works (event `tablee-ready`): index.html
/// then registers the service worker, whose precaching of every file would
/// otherwise compete with what the visitor is waiting for.
pub fn first_screen_ready() {
    thread_local!(static SAID: std::cell::Cell<bool> = const { std::cell::Cell::new(false) });
    if SAID.with(|said| said.replace(true)) {
        return;
    }
    if let (Some(w), Ok(event)) = (window(), web_sys::Event::new("tablee-ready")) {
        let _ = w.dispatch_event(&event);
    }
}

/// The app could not start (a part it needs not fetched): the page's
/// loading line says so (index.html's `tableeBootFailed`).
pub fn boot_failed() {
    let Some(w) = window() else { return };
    if let Ok(f) = js_sys::Reflect::get(&w, &"tableeBootFailed".into()).and_then(|f| f.dyn_into::<js_sys::Function>()) {
        let _ = f.call1(&w, &"a part of the app was not fetched".into());
    }
}

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Resolves just after the page's next paint (an animation frame, then a
/// task: the frame is drawn in between).
pub fn after_paint() -> impl Future<Output = ()> {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let later = resolve.clone();
        let then = wasm_bindgen::closure::Closure::once_into_js(move || {
            let timed = window().and_then(|w| w.set_timeout_with_callback_and_timeout_and_arguments_0(&later, 0).ok());
            if timed.is_none() {
                let _ = later.call0(&JsValue::NULL);
            }
        });
        if window().and_then(|w| w.request_animation_frame(then.unchecked_ref()).ok()).is_none() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

/// Resolves after `ms` milliseconds (a `setTimeout`), letting the page paint
/// and handle input in between.
pub fn sleep(ms: u32) -> impl Future<Output = ()> {
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        let scheduled = window().and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms.min(i32::MAX as u32) as i32)
                .ok()
        });
        if scheduled.is_none() {
            let _ = resolve.call0(&JsValue::NULL);
        }
    });
    async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}

/// Copies `text` with `navigator.clipboard.writeText`; false when the API is
/// missing or the browser refuses (the page then shows the text instead).
pub async fn copy_to_clipboard(text: String) -> bool {
    let Some(navigator) = window().map(|w| w.navigator()) else { return false };
    let Ok(clipboard) = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard")) else { return false };
    if clipboard.is_undefined() || clipboard.is_null() {
        return false;
    }
    let Ok(write) = js_sys::Reflect::get(&clipboard, &JsValue::from_str("writeText")) else { return false };
    let Some(write) = write.dyn_ref::<js_sys::Function>() else { return false };
    let Ok(promise) = write.call1(&clipboard, &JsValue::from_str(&text)) else { return false };
    let Ok(promise) = promise.dyn_into::<js_sys::Promise>() else { return false };
    wasm_bindgen_futures::JsFuture::from(promise).await.is_ok()
}

/// The text of a file next to the page (`fetch`); `None` when it cannot be
/// had (offline before the service worker cached it, or a server error).
pub async fn fetch_text(url: &str) -> Option<String> {
    let promise = window()?.fetch_with_str(url);
    let response = wasm_bindgen_futures::JsFuture::from(promise).await.ok()?;
    if !js_sys::Reflect::get(&response, &JsValue::from_str("ok")).ok()?.is_truthy() {
        return None;
    }
    let text = js_sys::Reflect::get(&response, &JsValue::from_str("text")).ok()?;
    let promise = text.dyn_ref::<js_sys::Function>()?.call0(&response).ok()?.dyn_into::<js_sys::Promise>().ok()?;
    wasm_bindgen_futures::JsFuture::from(promise).await.ok()?.as_string()
}

/// Scrolls the page back to its top.
/// Scrolls a list to its end (a log's newest line) in the next animation
/// frame, not at once: reading `scrollHeight` right after an update forces a
/// layout in the middle of every move (measured on J'achète's log: ~360 ms of
/// forced layouts over a few bot moves, phone CPU); in the frame it is the
/// layout the browser does anyway to paint.
pub fn scroll_to_end_next_frame(el: web_sys::Element) {
    leptos::prelude::request_animation_frame(move || el.set_scroll_top(el.scroll_height()));
}

/// The page's first element that `selector` matches.
pub fn find(selector: &str) -> Option<web_sys::Element> {
    window()?.document()?.query_selector(selector).ok().flatten()
}

/// Where a side of an element is in the window (`"top"`, `"bottom"`,
/// `"left"`, `"right"`): its `getBoundingClientRect()`'s, through
/// `Reflect` (no `DomRect` binding in the page's glue).
pub fn edge(el: &web_sys::Element, side: &str) -> f64 {
    let rect = js_sys::Reflect::get(el, &"getBoundingClientRect".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(el).ok());
    rect.and_then(|r| js_sys::Reflect::get(&r, &side.into()).ok()).and_then(|v| v.as_f64()).unwrap_or(0.0)
}

/// The room the page shows a decision in (issue 52), in the window's pixels
/// (`top`, `bottom`): below the turn line pinned at the window's top (a
/// game's `.status`, sticky), above what is docked at its foot (the coach's
/// line, and a table's bar marked `data-docked="foot"` while its style pins
/// it), a margin inside each.
pub fn room() -> (f64, f64) {
    let Some(window) = window() else { return (0.0, 0.0) };
    let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
    // Its height if it is pinned (`always`: pinned by the lessons'
    // stylesheet, which may not have arrived yet).
    let docked = |selector: &str, always: bool| {
        let el = window.document()?.query_selector(selector).ok()??;
        let position = window.get_computed_style(&el).ok()??.get_property_value("position").ok()?;
        (always || matches!(position.as_str(), "sticky" | "fixed")).then(|| edge(&el, "bottom") - edge(&el, "top"))
    };
    let top = docked(".game .status", false).unwrap_or(0.0);
    let foot = docked("[data-testid=\"coach\"]", true).unwrap_or(0.0) + docked("[data-docked=\"foot\"]", false).unwrap_or(0.0);
    (top + 8.0, height - foot - 8.0)
}

/// Scrolls as little as needed to show a span of the page in the [`room`]:
/// the first of `spans` (each from the higher top of its two elements to
/// the lower bottom) that fits in it, else the last, its top at the room's
/// top (what it starts with is read first).
pub fn show_in_room(spans: &[(web_sys::Element, web_sys::Element)]) {
    show_edges_in_room(&spans.iter().map(|(a, b)| span(a, b)).collect::<Vec<_>>());
}

/// The page's span from the higher top of `a` and `b` to the lower bottom,
/// in the window's pixels.
pub fn span(a: &web_sys::Element, b: &web_sys::Element) -> (f64, f64) {
    (edge(a, "top").min(edge(b, "top")), edge(a, "bottom").max(edge(b, "bottom")))
}

/// Where a sticky element sits when it is not stuck (the foot of its box,
/// its own height above it), in the window's pixels: `None` when it is not
/// sticky (a phone's bar, fixed at the window's foot, is always in view).
pub fn sticky_home(el: &web_sys::Element) -> Option<(f64, f64)> {
    let window = window()?;
    let position = window.get_computed_style(el).ok()??.get_property_value("position").ok()?;
    let parent = el.parent_element()?;
    (position == "sticky").then(|| {
        let foot = edge(&parent, "bottom");
        (foot - (edge(el, "bottom") - edge(el, "top")), foot)
    })
}

/// `el` in the room, with `bar` (a sticky bar of a turn's buttons) where
/// it sits unstuck if both fit, when `el` is outside the bar's box: a
/// decision acted on below it (a meld on the table, under the hand) keeps
/// its buttons in view.
pub fn show_with_bar(el: &web_sys::Element, bar: Option<web_sys::Element>) {
    let own = span(el, el);
    let outside = |bar: &web_sys::Element| !bar.parent_element().is_some_and(|p| p.contains(Some(el)));
    let mut spans = Vec::new();
    if let Some((top, foot)) = bar.as_ref().filter(|b| outside(b)).and_then(sticky_home) {
        spans.push((own.0.min(top), own.1.max(foot)));
    }
    spans.push(own);
    show_edges_in_room(&spans);
}

/// [`show_in_room`] with spans given by their edges.
pub fn show_edges_in_room(spans: &[(f64, f64)]) {
    let (top, bottom) = room();
    let Some((start, end)) = spans.iter().copied().find(|(start, end)| end - start <= bottom - top).or_else(|| spans.last().copied()) else {
        return;
    };
    let dy = if start < top || end - start > bottom - top { start - top } else { (end - bottom).max(0.0) };
    if dy.abs() >= 1.0 {
        if let Some(window) = window() {
            window.scroll_by_with_x_and_y(0.0, dy);
        }
    }
}

/// Keeps the page's CSS variable `name` (on its root) at `el`'s height in
/// pixels while `el` is on the page (a `ResizeObserver`, through `Reflect`:
/// no binding in the page's glue), so that what is docked above it sits on
/// it (issue 52: J'achète's bar of buttons on the coach's line). Once `el`
/// has left the page, the variable goes and the observer stops.
pub fn publish_height(el: &web_sys::Element, name: &'static str) {
    let Some(observer_class) = window().and_then(|w| js_sys::Reflect::get(&w, &"ResizeObserver".into()).ok()).and_then(|f| f.dyn_into::<js_sys::Function>().ok()) else {
        return;
    };
    let target = el.clone();
    let callback = wasm_bindgen::closure::Closure::<dyn FnMut(JsValue, JsValue)>::new(move |_: JsValue, observer: JsValue| {
        let Some(root) = window().and_then(|w| w.document()).and_then(|d| d.document_element()).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) else {
            return;
        };
        if target.is_connected() {
            let height = edge(&target, "bottom") - edge(&target, "top");
            let _ = root.style().set_property(name, &format!("{}px", height.ceil()));
        } else {
            let _ = root.style().remove_property(name);
            call(&observer, "disconnect", &JsValue::UNDEFINED);
        }
    });
    if let Ok(observer) = js_sys::Reflect::construct(&observer_class, &js_sys::Array::of1(callback.as_ref())) {
        call(&observer, "observe", el);
        // Lives as long as the observer (it stops itself: above).
        callback.forget();
    }
}

/// Calls `object.method(argument)`, whatever it returns or throws.
fn call(object: &JsValue, method: &str, argument: &JsValue) {
    if let Some(f) = js_sys::Reflect::get(object, &method.into()).ok().and_then(|f| f.dyn_into::<js_sys::Function>().ok()) {
        let _ = f.call1(object, argument);
    }
}

/// Adds the stylesheet at `href` to the document's head, once: it stays for
/// the visit (its rules are scoped to the screens that use it).
pub fn add_stylesheet(href: &str) {
    let Some(document) = window().and_then(|w| w.document()) else { return };
    let selector = format!("link[rel=\"stylesheet\"][href=\"{href}\"]");
    if document.query_selector(&selector).ok().flatten().is_some() {
        return;
    }
    let (Some(head), Ok(link)) = (document.head(), document.create_element("link")) else { return };
    let _ = link.set_attribute("rel", "stylesheet");
    let _ = link.set_attribute("href", href);
    let _ = head.append_child(&link);
}

pub fn scroll_to_top() {
    if let Some(window) = web_sys::window() {
        window.scroll_to_with_x_and_y(0.0, 0.0);
    }
}


#[wasm_bindgen::prelude::wasm_bindgen]
extern "C" {
    /// A game's table animation (index.html's `tableeAnimate`): the HTML of
    /// the element `selector` names, read as the page shows it still, then
    /// in the next frame the game's `script` (a file of its folder's
    /// `public/`, fetched on first use) is given it with `seat` and `data`
    /// (its `animate(from, seat, data)`). Call it right after the move,
    /// before the page shows it. Decoration only: nothing waits for it.
    #[wasm_bindgen(js_name = tableeAnimate)]
    pub fn animate(selector: &str, script: &str, seat: usize, data: &str);
}
