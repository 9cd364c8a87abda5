//! Marking what the coach points at (`data-coach`) and bringing it into
//! view above the coach's line.


use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::game::Coached;
use crate::ui::browser;

pub(super) fn page_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

pub(super) fn by_testid(testid: &str) -> Option<web_sys::Element> {
    browser::find(&format!("[data-testid=\"{testid}\"]"))
}

pub(super) fn clear_marks() {
    let Some(doc) = page_document() else { return };
    if let Ok(list) = doc.query_selector_all("[data-coach=\"target\"], [data-coach=\"point\"]") {
        for i in 0..list.length() {
            if let Some(el) = list.item(i).and_then(|n| n.dyn_into::<web_sys::Element>().ok()) {
                let _ = el.set_attribute("data-coach", "");
            }
        }
    }
}

/// How many times the marks were set: a test waits for the next after a tap.
pub(super) fn count_mark() {
    MARKS.set(MARKS.get() + 1);
    if let Some(root) = page_document().and_then(|d| d.document_element()) {
        let _ = root.set_attribute("data-coach-marks", &MARKS.get().to_string());
    }
}

thread_local!(static MARKS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) });

/// Looks again a moment after the target was marked, and twice more:
/// what came after (the coach's line growing with its advice, a panel
/// opening under a busy machine's late frames) may have put it under the
/// coach's line or out of the window; it is brought into view again then.
/// (The coached game's joker value was left under the coach's line in CI
/// with one look at 300 ms, on a machine running two builds.) Only while
/// this mark is the last: after a tap, the next mark looks for itself (a
/// later look scrolled the next decision's buttons away).
pub(super) fn into_view_once_settled<G: Coached>(el: web_sys::Element) {
    // Called just before the mark is counted (`count_mark`).
    let mark = MARKS.get() + 1;
    for ms in [300, 1_000, 2_500] {
        let el = el.clone();
        set_timeout(
            move || {
                if MARKS.get() != mark || !el.is_connected() || el.get_attribute("data-coach").as_deref() != Some("target") {
                    return;
                }
                let height = web_sys::window().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).unwrap_or(0.0);
                let coach_top = by_testid("coach").map_or(height, |c| browser::edge(&c, "top"));
                let inside_coach = el.closest("[data-testid=\"coach\"]").ok().flatten().is_some();
                let (top, bottom) = (browser::edge(&el, "top"), browser::edge(&el, "bottom"));
                if !inside_coach && (top < 0.0 || bottom > height || bottom > coach_top + 0.5) {
                    into_view::<G>(&el);
                }
            },
            std::time::Duration::from_millis(ms),
        );
    }
}

/// Scrolls so that `el` is in the window with the rest of its decision
/// (the game's [`Coached::into_view`]); the coach's own buttons are in its
/// panel, in view with it.
pub(super) fn into_view<G: Coached>(el: &web_sys::Element) {
    if el.closest("[data-testid=\"coach\"]").ok().flatten().is_none() {
        G::into_view(el);
    }
}
