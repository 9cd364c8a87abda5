//! Marking what the coach points at (`data-coach`) and bringing it into
//! view above the coach's line.


use leptos::prelude::*;
use wasm_bindgen::JsCast;

use crate::ui::browser;

pub(super) fn page_document() -> Option<web_sys::Document> {
    web_sys::window().and_then(|w| w.document())
}

pub(super) fn by_testid(testid: &str) -> Option<web_sys::Element> {
    page_document()?.query_selector(&format!("[data-testid=\"{testid}\"]")).ok().flatten()
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
pub(super) fn into_view_once_settled(el: web_sys::Element) {
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
                    into_view(&el);
                }
            },
            std::time::Duration::from_millis(ms),
        );
    }
}

/// Scrolls so that `el` is in the window, between the sticky turn line at
/// the top and what is docked at the bottom, the coach's line and
/// J'achète's bar (`browser::show_in_room`, issue 52), with the rest of its
/// decision if it fits: the buy window with the hand's first card; the hand
/// (with the row, if it fits) from its heading (or its first card, or `el`)
/// to its buttons; the hand
/// from its heading to `el`; else `el` alone.
pub(super) fn into_view(el: &web_sys::Element) {
    // The coach's own buttons are in its panel: in view with it.
    let within = |selector: &str| el.closest(selector).ok().flatten();
    if within("[data-testid=\"coach\"]").is_some() {
        return;
    }
    let find = |selector: &str| page_document().and_then(|d| d.query_selector(selector).ok().flatten());
    let first_card = find("[data-testid=\"hand-card-0\"], [data-testid=\"ja-hand-card-0\"]");
    let mut spans = Vec::new();
    // J'achète's bar is docked at the window's foot: once it is in the
    // window, its buttons act on the melds staged (kept in view as they
    // change) or else on the hand, brought into view above it.
    let height = web_sys::window().and_then(|w| w.inner_height().ok()).and_then(|h| h.as_f64()).unwrap_or(0.0);
    if within(".ja-actions.playing").is_some() && browser::edge(el, "top") >= 0.0 && browser::edge(el, "bottom") <= height {
        if let (None, Some(area), Some(hand), Some(card)) = (find(".meld.fresh"), within(".ja-hand-area"), find("[data-testid=\"ja-hand\"]"), first_card.clone()) {
            browser::show_in_room(&[(area.clone(), hand), (area, card.clone()), (card.clone(), card)]);
        }
        return;
    }
    // Elsewhere on the table (a meld under the hand): with the turn's bar.
    if within(".hand-area").is_none() && within(".ja-buy").is_none() {
        return browser::show_with_bar(el, find(".ja-actions.playing"));
    }
    if let (Some(buy), Some(card)) = (within(".ja-buy"), first_card.clone()) {
        spans.push((buy, card));
    }
    if let Some(area) = within(".hand-area") {
        if let Some(last) = area.query_selector("[data-testid=\"pass-button\"], [data-testid=\"present-nothing\"]").ok().flatten() {
            // The decision ends at its last button, or at the target when it
            // is below it (a joker's values, under Pass once a joker is picked).
            let last = if browser::edge(el, "bottom") > browser::edge(&last, "bottom") { el.clone() } else { last };
            // Katzenjammer's row with it, if it fits.
            if let Some(row) = find(".kb-table .center") {
                spans.push((row, last.clone()));
            }
            spans.push((area.clone(), last.clone()));
            if let Some(card) = first_card {
                spans.push((card, last.clone()));
            }
            spans.push((el.clone(), last));
        }
        spans.push((area, el.clone()));
    }
    spans.push((el.clone(), el.clone()));
    browser::show_in_room(&spans);
}
