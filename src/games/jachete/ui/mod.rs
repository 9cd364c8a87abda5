//! J'achète's table: the round and its contract, the pots, the players, the
//! melds grouped by owner, the buy window, the hand and the turn's staging
//! area ([`super::staging`]), the end of a round and of the game.
//!
//! Three ways to move cards, all through the same staging operations: tap
//! cards then a target; the keyboard (cards and melds are focusable, Enter or
//! Space picks up and drops, arrows move between targets, Escape cancels);
//! pointer drag and drop (pointer events with capture, never HTML5 drag and
//! drop). Every change is announced in an aria-live region.
//!
//! Kept lean for the page's size: texts go through one fn-pointer closure
//! ([`ja_tr`]), staging operations through one fn-pointer helper ([`stage`]).

mod end;
mod moves;
mod replay;
pub use replay::{expert_words, ReplayTable};

use std::fmt::Write;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::jachete::{Card, JaAction, JaPhase, JaView, BUY_PRICE};
use tablee_engine::json::Json;
use tablee_engine::Seat;
use wasm_bindgen::JsCast;

use super::refusals::{ja_text, refusal_text};
use super::staging::{self, Order, Pick, StageError, Staging, Target};
use super::texts;
use super::Jachete as Ja;
use moves::SeatMoves;
use crate::app::config::SeatKind;
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::worker::{self, Reply};
use crate::i18n;
use crate::ui::deal_bar::{self, game_share_text, DealBar, Shared};
use crate::ui::{self as browser, act, ctx, worker_client, Ctx};



impl crate::ui::GameUi for Ja {
    fn table() -> AnyView {
        view! { <Game /> }.into_any()
    }

    fn replay_table(session: crate::app::session::Session<Ja>, step: RwSignal<usize>, marks: RwSignal<Vec<crate::ui::replay::Mark>>) -> AnyView {
        view! { <ReplayTable session step marks /> }.into_any()
    }

    fn expert_words(session: &crate::app::session::Session<Ja>, at: usize, action: &Json, lang: Lang) -> Option<String> {
        expert_words(session, at, action, lang)
    }

    fn score_words(score: i32, _: Lang) -> String {
        texts::points_text(score)
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
enum Hint {
    #[default]
    Off,
    Thinking,
    Ready { at: usize, choices: Vec<(JaAction, f64)> },
}

/// The table's own state, in one signal (each signal type costs its own
/// code in the page's WebAssembly).
#[derive(Clone, Debug, Default)]
struct State {
    /// The staging area of the seat on screen (rebuilt at every move).
    staging: Option<Staging>,
    /// Each seat's hand order.
    orders: Vec<(Seat, Order)>,
    /// The last refusal or staging problem, worded.
    msg: Option<String>,
    /// Rounds whose end the players have seen.
    acked: usize,
    history: bool,
    hint: Hint,
    /// A pointer drag under way: the card picked, where it started, and whether it moved.
    drag: Option<(Pick, i32, i32, bool)>,
    /// A drag just ended: the click that follows it is not a tap.
    dragged: bool,
    /// The hand on screen at the last move, and whose: cards new since then
    /// (drawn, bought, the bonus card) are marked until the next move.
    seen: (Seat, Vec<Card>),
    fresh: Vec<Card>,
}

#[derive(Clone, Copy)]
struct Ui {
    ctx: Ctx,
    st: RwSignal<State>,
    /// What the aria-live region says.
    live: RwSignal<String>,
    /// A bot's newest move, for screen readers (a region of its own: the
    /// person's staging announcements do not cut it off).
    heard: RwSignal<String>,
    /// Each seat's latest move of the round, followed move by move.
    moves: StoredValue<Option<SeatMoves>>,
    /// The move (and rounds seen) at which what the person must see was
    /// last brought into view.
    shown: StoredValue<Option<(usize, usize)>>,
    /// The end screen's last Share (the deal bar keeps its own).
    shared: Shared,
}

impl Ui {
    fn staging_with<R>(self, f: impl FnOnce(&Option<Staging>) -> R) -> R {
        self.st.with_untracked(|u| f(&u.staging))
    }
    fn staging_update(self, f: impl FnOnce(&mut Option<Staging>)) {
        self.st.update(|u| f(&mut u.staging));
    }
    fn set_msg(self, msg: Option<String>) {
        self.st.update(|u| u.msg = msg);
    }
    fn set_hint(self, hint: Hint) {
        self.st.update(|u| u.hint = hint);
    }
    fn hint(self) -> Hint {
        self.st.with_untracked(|u| u.hint.clone())
    }
    fn drag(self) -> Option<(Pick, i32, i32, bool)> {
        self.st.with_untracked(|u| u.drag)
    }
    fn set_drag(self, drag: Option<(Pick, i32, i32, bool)>) {
        self.st.update_untracked(|u| u.drag = drag);
    }
}

/// The table's note in the save: each seat's hand order and the staged table.
fn note_of(s: &crate::app::session::Session<Ja>) -> Option<Json> {
    s.note().cloned()
}

fn save_note(ui: Ui) {
    let at = ui.ctx.game_untracked::<Ja, _>(|s| s.actions().len()).unwrap_or(0);
    let mut note = ui.staging_with(|st| {
        staging::write_note(&ui.st.with_untracked(|u| u.orders.clone()), st.as_ref().map(|s| (s, at)))
    });
    // The rounds whose end the players have seen: a reload at a round's
    // end shows it again (JA-17).
    note.set("r", Json::int(ui.st.with_untracked(|u| u.acked) as i64));
    crate::ui::set_note::<Ja>(ui.ctx, Some(note));
}

/// Rebuilds the staging area from the game (at every move, and at the start).
fn rebuild(ui: Ui) {
    let mut hand = (0, Vec::new());
    let st = ui.ctx.game_untracked::<Ja, _>(|s| {
        let view = s.view(s.viewer());
        hand = (view.seat, view.hand.clone());
        let note = note_of(s);
        let orders = staging::read_orders(note.as_ref());
        if !orders.is_empty() {
            ui.st.update_untracked(|u| u.orders = orders);
        }
        staging::staging_from_note(&view, note.as_ref(), s.actions().len())
    });
    ui.st.update(|u| {
        u.staging = st;
        u.hint = Hint::Off;
        u.msg = None;
        // New cards: the hand now less the hand seen at the last move.
        u.fresh.clear();
        if u.seen.0 == hand.0 && !u.seen.1.is_empty() {
            let mut before = u.seen.1.clone();
            for &c in &hand.1 {
                match before.iter().position(|x| *x == c) {
                    Some(at) => {
                        before.remove(at);
                    }
                    None => u.fresh.push(c),
                }
            }
        }
        u.seen = hand;
    });
}

/// Runs a staging operation; words its refusal, or saves the note.
fn stage(ui: Ui, f: fn(&mut Staging, usize) -> Result<(), StageError>, arg: usize) -> bool {
    let lang = ui.ctx.lang();
    let mut result = Err(StageError::NotYourTurn);
    ui.staging_update(|st| {
        if let Some(s) = st {
            result = f(s, arg);
        }
    });
    match result {
        Ok(()) => {
            ui.set_msg(None);
            if let Some((seat, order)) = ui.staging_with(|s| s.as_ref().map(|s| (s.seat, s.order.clone()))) {
                ui.st.update_untracked(|u| staging::set_order_of(&mut u.orders, seat, order));
            }
            let (n, hand) = ui.staging_with(|s| s.as_ref().map_or((0, 0), |s| (s.selected.len(), s.hand.len())));
            ui.live.set(match lang {
                Lang::En => format!("{n} selected, {hand} in hand."),
                Lang::Fr => format!("{n} choisie(s), {hand} en main."),
            });
            save_note(ui);
            true
        }
        Err(e) => {
            let text = texts::stage_error(e, lang).to_string();
            ui.live.set(text.clone());
            ui.set_msg(Some(text));
            false
        }
    }
}

/// A move to the engine; its refusal is worded in `msg`.
fn send(ui: Ui, action: JaAction) -> bool {
    match act::<Ja>(ui.ctx, action) {
        Ok(()) => {
            ui.set_msg(None);
            true
        }
        Err(error) => {
            let text = refusal_text(&error, ui.ctx.lang());
            ui.live.set(text.clone());
            ui.set_msg(Some(text));
            false
        }
    }
}

/// Play the staged table (if it changed). False if the engine refused it.
fn play_staged(ui: Ui) -> bool {
    let Some(action) = ui.staging_with(|s| s.as_ref().and_then(Staging::proposal)) else { return true };
    let ok = send(ui, action);
    if ok {
        ui.live.set(ui.ctx.lang().ja().played.to_string());
    }
    ok
}

/// Discard the one selected hand card, playing the staged table first.
fn discard(ui: Ui) {
    let card = ui.staging_with(|s| {
        let s = s.as_ref()?;
        match s.selected.as_slice() {
            [Pick::Hand(i)] => s.hand.get(*i).copied(),
            _ => None,
        }
    });
    let Some(card) = card else {
        let lang = ui.ctx.lang();
        ui.set_msg(Some(lang.pick("Select the one card to discard.", "Choisissez la carte à défausser.").to_string()));
        return;
    };
    if play_staged(ui) {
        send(ui, JaAction::Discard(card));
    }
}

/// Drops the selection on a target named by a `data-drop` value.
fn drop_on(ui: Ui, target: &str) {
    match target {
        "new" => {
            stage(ui, |s, _| s.place(Target::NewMeld), 0);
        }
        "hand" => {
            stage(ui, |s, _| s.place(Target::Hand), 0);
        }
        "discard" => discard(ui),
        t => {
            if let Some(m) = t.strip_prefix('m').and_then(|m| m.parse().ok()) {
                stage(ui, |s, m| s.place(Target::Meld(m)), m);
            } else if t.starts_with('h') {
                // A table card dropped on a hand card (a hand card dropped
                // on another is the manual order: `on_pointer`).
                stage(ui, |s, _| s.place(Target::Hand), 0);
            }
        }
    }
}

/// A tap on card `k` of meld `m`: select it, swap a natural for it, or drop
/// the selection on its meld.
fn tap_meld(ui: Ui, m: usize, k: Option<usize>) {
    let (empty, only_here, swap) = ui.staging_with(|s| {
        let Some(s) = s.as_ref() else { return (true, false, false) };
        let only_here = s.selected.iter().all(|p| matches!(p, Pick::Table(mm, _) if *mm == m));
        let wild = k.and_then(|k| s.table.get(m)?.cards.get(k)).is_some_and(|c| c.card.is_wild());
        let swap = wild
            && matches!(s.selected.as_slice(), [Pick::Hand(i)] if s.hand.get(*i).is_some_and(|c| !c.is_wild()));
        (s.selected.is_empty(), only_here, swap)
    });
    match k {
        Some(k) if swap => {
            stage(ui, |s, mk| s.toggle(Pick::Table(mk / 1000, mk % 1000)).and_then(|()| s.swap()), m * 1000 + k);
        }
        Some(k) if empty || only_here => {
            stage(ui, |s, mk| s.toggle(Pick::Table(mk / 1000, mk % 1000)), m * 1000 + k);
        }
        _ => {
            stage(ui, |s, m| s.place(Target::Meld(m)), m);
        }
    }
}

/// Whether a click is the end of a drag (then it is not a tap).
fn was_drag(ui: Ui) -> bool {
    ui.st.with_untracked(|u| u.dragged)
}

/// Arrow keys move the focus among the table's targets; Escape cancels.
fn on_key(ui: Ui, ev: web_sys::KeyboardEvent) {
    let key = ev.key();
    if key == "Enter" || key == " " {
        // Melds are not buttons: Enter and Space drop on them.
        if let Some((el, what)) = acted(&ev) {
            if el.tag_name() != "BUTTON" {
                ev.prevent_default();
                dispatch(ui, &what);
            }
        }
        return;
    }
    let step: i32 = match key.as_str() {
        "ArrowRight" | "ArrowDown" => 1,
        "ArrowLeft" | "ArrowUp" => -1,
        "Escape" => {
            ui.staging_update(|s| {
                if let Some(s) = s {
                    s.clear_selection();
                }
            });
            ui.live.set(ui.ctx.lang().ja().cancel.to_string());
            return;
        }
        _ => return,
    };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(list) = doc.query_selector_all(".ja-target") else { return };
    let active = doc.active_element();
    let n = list.length() as i32;
    let mut at = -1;
    for i in 0..n {
        if let Some(node) = list.item(i as u32) {
            if active.as_ref().is_some_and(|a| a.is_same_node(Some(&node))) {
                at = i;
            }
        }
    }
    if at < 0 || n == 0 {
        return;
    }
    ev.prevent_default();
    let next = (at + step).rem_euclid(n);
    if let Some(el) = list.item(next as u32).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// What a `data-act` names: a hand card `h3`, a meld `m2`, card `c2.1`
/// of a meld, a loose wild `l0`, or a button (`new`, `play`, …).
fn pick_of(what: &str) -> Option<Pick> {
    let num = |p: char| what.strip_prefix(p).and_then(|n| n.parse::<usize>().ok());
    if let Some(i) = num('h') {
        return Some(Pick::Hand(i));
    }
    if let Some(i) = num('l') {
        return Some(Pick::Loose(i));
    }
    let (m, k) = what.strip_prefix('c')?.split_once('.')?;
    Some(Pick::Table(m.parse().ok()?, k.parse().ok()?))
}

fn sort(ui: Ui, order: Order) {
    ui.staging_update(|s| {
        if let Some(s) = s {
            s.set_order(order);
        }
    });
    stage(ui, |_, _| Ok(()), 0);
}

/// Every tap on the table goes through here (one handler for the whole
/// table: small code, whatever the number of cards).
fn dispatch(ui: Ui, what: &str) {
    match what {
        "new" => drop_on(ui, "new"),
        "hand" => drop_on(ui, "hand"),
        "discard" => discard(ui),
        "play" => {
            play_staged(ui);
        }
        "reset" => {
            stage(ui, |s, _| {
                s.reset();
                Ok(())
            }, 0);
        }
        "swap" => {
            stage(ui, |s, _| s.swap(), 0);
        }
        "sr" => sort(ui, Order::Rank),
        "ss" => sort(ui, Order::Suit),
        "buy" => {
            send(ui, JaAction::Buy);
        }
        "decline" => {
            send(ui, JaAction::Decline);
        }
        "hist" => ui.st.update(|u| u.history = !u.history),
        "hint" => ask_hint(ui),
        "hint-apply" => {
            if let Hint::Ready { choices, .. } = ui.hint() {
                if let Some((JaAction::Play { table }, _)) = choices.first() {
                    ui.staging_update(|s| {
                        if let Some(s) = s {
                            s.load_proposal(table);
                        }
                    });
                    stage(ui, |_, _| Ok(()), 0);
                }
            }
        }
        "next" => {
            ui.st.update(|u| u.acked += 1);
            save_note(ui);
        }
        "share" => {
            if let Some(text) = game_share_text(ui.ctx) {
                deal_bar::share(text, ui.shared);
            }
        }
        "ready" => {
            let seat = ui.ctx.game_untracked::<Ja, _>(|s| s.human_to_act()).flatten();
            ui.ctx.revealed_for.set(seat);
        }
        "again" | "same" => {
            let Some(config) = ui.ctx.game_untracked::<Ja, _>(|s| s.config().clone()) else { return };
            let next = if what == "same" {
                config
            } else {
                crate::app::config::TableConfig { seed: browser::fresh_seed(), daily: None, ..config }
            };
            crate::ui::start_game(ui.ctx, next.into_any());
        }
        _ => match (pick_of(what), what.strip_prefix('m').and_then(|m| m.parse::<usize>().ok())) {
            (_, Some(m)) => tap_meld(ui, m, None),
            (Some(Pick::Table(m, k)), _) => tap_meld(ui, m, Some(k)),
            (Some(Pick::Hand(i)), _) => {
                stage(ui, |s, i| s.toggle(Pick::Hand(i)), i);
            }
            (Some(Pick::Loose(i)), _) => {
                stage(ui, |s, i| s.toggle(Pick::Loose(i)), i);
            }
            _ => {}
        },
    }
}

/// The element with a `data-act` an event happened in, and its value.
fn acted(ev: &web_sys::Event) -> Option<(web_sys::HtmlElement, String)> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?.closest("[data-act]").ok()??;
    let what = el.get_attribute("data-act")?;
    Some((el.dyn_into().ok()?, what))
}

fn on_click(ui: Ui, ev: web_sys::MouseEvent) {
    if was_drag(ui) {
        return;
    }
    if let Some((_, what)) = acted(&ev) {
        dispatch(ui, &what);
    }
}

/// The table is drawn again at every change: if the focus was in it, it
/// goes back to the element with the same `data-act` once drawn (keyboard
/// players keep their place), unless it went somewhere else meanwhile.
/// In a microtask, not a frame later: no key can come in between and land
/// on the page's body (a fast second arrow key was lost).
fn keep_focus() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Some(what) = doc.active_element().and_then(|e| e.get_attribute("data-act")) else { return };
    spawn_local(async move {
        let lost = doc.active_element().is_none_or(|e| e.tag_name() == "BODY");
        let el = doc.query_selector(&format!("[data-act=\"{what}\"]")).ok().flatten();
        if let Some(el) = el.filter(|_| lost).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()) {
            let _ = el.focus();
        }
    });
}

/// What the person must see now is in view: at the start of each of their
/// turns and buy windows, whose turn it is and the hand (a phone may have
/// been scrolled down to the table meanwhile, and the table is above the
/// hand), not after their own play mid-turn; at a round's end and at the
/// game's end, the top of that screen (the page was at the hand).
/// Called as the table is drawn (the frame after sees it), once per move.
fn show_turn(ui: Ui) {
    let acked = ui.st.with_untracked(|u| u.acked);
    let what = ui.ctx.game_untracked::<Ja, _>(|s| {
        let at = (s.actions().len(), acked);
        if s.is_over() {
            return Some((at, "end-screen"));
        }
        if s.state().results().len() > acked {
            return Some((at, "ja-round-end"));
        }
        let seat = s.human_to_act()?;
        let own_play = matches!(s.moves().last(), Some((by, JaAction::Play { .. })) if by == seat);
        (!own_play).then_some((at, ""))
    });
    let Some(Some((at, panel))) = what else { return };
    if ui.shown.get_value() == Some(at) {
        return;
    }
    ui.shown.set_value(Some(at));
    request_animation_frame(move || {
        let Some(window) = web_sys::window() else { return };
        let Some(doc) = window.document() else { return };
        let find = |sel: &str| doc.query_selector(sel).ok().flatten();
        let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if !panel.is_empty() {
            if let Some(el) = find(&format!("[data-testid=\"{panel}\"]")) {
                if edge(&el, "top") < 0.0 || edge(&el, "top") > height * 0.6 {
                    el.scroll_into_view_with_bool(true);
                }
            }
            return;
        }
        let (Some(turn), Some(card)) = (find(".ja .status"), find("[data-testid=\"ja-hand-card-0\"]")) else { return };
        // The turn line is pinned at the top once scrolled to (CSS): the buy
        // or the hand goes just under its pinned place.
        // The buy's question and buttons, or the hand's heading, must not be
        // under the pinned line, nor the hand's first card below the window.
        let pinned = edge(&turn, "bottom") - edge(&turn, "top");
        let Some(first) = find(".ja-buy, .ja-hand-area") else { return };
        if edge(&first, "top") < edge(&turn, "bottom") || edge(&card, "bottom") > height {
            window.scroll_by_with_x_and_y(0.0, edge(&first, "top") - pinned - 8.0);
        }
    });
}

/// An element's edge relative to the viewport (`getBoundingClientRect`).
fn edge(el: &web_sys::Element, side: &str) -> f64 {
    let rect = js_sys::Reflect::get(el, &"getBoundingClientRect".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call0(el).ok());
    rect.and_then(|r| js_sys::Reflect::get(&r, &side.into()).ok()).and_then(|v| v.as_f64()).unwrap_or(0.0)
}

/// Pointer drag: down on a card records it (with pointer capture), a move
/// past a few pixels starts the drag, up drops on what is under the pointer.
fn on_pointer(ui: Ui, ev: web_sys::PointerEvent) {
    let Some((el, what)) = acted(&ev) else { return };
    let Some(pick) = pick_of(&what) else { return };
    match ev.type_().as_str() {
        "pointerdown" => {
            // Hand cards may be put in order at any time; the rest only in one's turn.
            let hand = matches!(pick, Pick::Hand(_));
            if ev.button() == 0 && ui.staging_with(|s| s.as_ref().is_some_and(|s| s.playing || hand)) {
                let _ = el.set_pointer_capture(ev.pointer_id());
                ui.set_drag(Some((pick, ev.client_x(), ev.client_y(), false)));
            }
        }
        "pointermove" => {
            let Some((p, x, y, moving)) = ui.drag() else { return };
            let (dx, dy) = (ev.client_x() - x, ev.client_y() - y);
            if !moving && dx * dx + dy * dy < 64 {
                return;
            }
            if !moving {
                let _ = el.class_list().add_1("dragging");
                ui.set_drag(Some((p, x, y, true)));
            }
            let _ = el.style().set_property("transform", &format!("translate({dx}px,{dy}px)"));
        }
        _ => {
            let Some((p, _, _, moving)) = ui.drag() else { return };
            ui.set_drag(None);
            let _ = el.style().remove_property("transform");
            let _ = el.class_list().remove_1("dragging");
            if !moving || ev.type_() != "pointerup" {
                return;
            }
            // The click that ends a drag comes in the same task as the pointerup:
            // it is not a tap; the next task's clicks are.
            ui.st.update_untracked(|u| u.dragged = true);
            set_timeout(move || ui.st.update_untracked(|u| u.dragged = false), std::time::Duration::ZERO);
            // What is under the pointer, the dragged card aside.
            let _ = el.style().set_property("visibility", "hidden");
            let target = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.element_from_point(ev.client_x() as f32, ev.client_y() as f32))
                .and_then(|e| e.closest("[data-drop]").ok().flatten())
                .and_then(|e| e.get_attribute("data-drop"));
            let _ = el.style().remove_property("visibility");
            let Some(target) = target else { return };
            // A hand card dropped on another moves there alone (the manual
            // order, at any time, kept in the note).
            let to = target.strip_prefix('h').and_then(|t| t.parse::<usize>().ok());
            if let (Pick::Hand(from), Some(to)) = (p, to) {
                ui.staging_update(|s| {
                    if let Some(s) = s {
                        s.move_in_hand(from, to);
                    }
                });
                stage(ui, |_, _| Ok(()), 0);
                return;
            }
            if !ui.staging_with(|s| s.as_ref().is_some_and(|s| s.playing)) {
                return;
            }
            // The dragged card joins the selection; a table card dropped on a
            // hand card goes back to the hand.
            let selected = ui.staging_with(|s| s.as_ref().is_some_and(|s| s.is_selected(p)));
            let reorder = to.is_some();
            if !selected || reorder {
                ui.staging_update(|s| {
                    if let Some(s) = s {
                        if reorder {
                            s.clear_selection();
                        }
                        let _ = s.toggle(p);
                    }
                });
            }
            drop_on(ui, &target);
        }
    }
}

/// Asks the expert bot in the worker for the move to make (off for the daily deal).
fn ask_hint(ui: Ui) {
    let ctx = ui.ctx;
    if !ctx.game_untracked::<Ja, _>(|s| s.config().hints_allowed()).unwrap_or(false) {
        return;
    }
    ui.set_hint(Hint::Thinking);
    spawn_local(async move {
        browser::sleep(30).await;
        let Some((at, job)) = ctx
            .game_untracked::<Ja, _>(|s| {
                let d = s.hint_decision()?;
                Some((d.at, worker::analyse_job(s, &d, 3)))
            })
            .flatten()
        else {
            ui.set_hint(Hint::Off);
            return;
        };
        let choices = match worker_client::ask(job).await {
            Some(Reply::Choices { choices }) => {
                choices.into_iter().filter_map(|(a, v)| Some((Ja::action_from_json(&a).ok()?, v))).collect()
            }
            _ => {
                ui.set_hint(Hint::Off);
                return;
            }
        };
        ui.set_hint(Hint::Ready { at, choices });
    });
}

#[component]
pub fn Game() -> impl IntoView {
    let ctx = ctx();
    // Rounds whose end was seen: the note's, else every round played.
    let acked = ctx
        .game_untracked::<Ja, _>(|s| {
            let rounds = s.state().results().len();
            let seen = s.note().and_then(|n| n.get("r")).and_then(Json::as_u64);
            seen.map_or(rounds, |r| (r as usize).min(rounds))
        })
        .unwrap_or(0);
    let ui = Ui {
        ctx,
        st: RwSignal::new(State { acked, ..State::default() }),
        live: RwSignal::new(String::new()),
        heard: RwSignal::new(String::new()),
        moves: StoredValue::new(None),
        shown: StoredValue::new(None),
        shared: RwSignal::new(None),
    };
    rebuild(ui);
    // A new staging area at every move (and for whoever is on screen).
    let key = Memo::new(move |_| ctx.game::<Ja, _>(|s| (s.actions().len(), s.viewer())));
    Effect::new(move |prev: Option<usize>| {
        let moves = key.get().map_or(0, |k| k.0);
        if prev.is_some_and(|p| moves < p) {
            // A take-back: a round's end taken back is to be seen again
            // when it comes (JA-17).
            let ended = ctx.game_untracked::<Ja, _>(|s| s.state().results().len()).unwrap_or(0);
            ui.st.update(|u| u.acked = u.acked.min(ended));
            save_note(ui);
        }
        if prev.is_some() {
            rebuild(ui);
            // Issue 13: a bot's move is heard, not only seen.
            let lang = ctx.lang();
            let said = ctx.game_untracked::<Ja, _>(|s| {
                let (seat, m) = follow_moves(ui, s)?;
                matches!(s.config().seat(seat), Some(SeatKind::Bot(_))).then(|| m.sentence(s, seat, lang) + ".")
            });
            if let Some(said) = said.flatten() {
                ui.heard.set(said);
            }
        }
        moves
    });
    // JA-17: a round's end is shown until "Next round"; the bots wait meanwhile.
    let round_end = move || {
        let acked = ui.st.with(|u| u.acked);
        ctx.game::<Ja, _>(|s| s.state().results().len() > acked && !s.is_over()).unwrap_or(false)
    };
    Effect::new(move |_| {
        let held = round_end();
        ctx.hold.set(held);
        if held {
            // The note says this round's end is not seen yet (a reload shows it).
            save_note(ui);
        }
    });
    // Keys are read on the window; they act when the focus is on a target.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| on_key(ui, ev));
    on_cleanup(move || {
        ctx.hold.set(false);
        keys.remove();
    });

    // The whole table is one piece of HTML drawn from the game and the
    // staging area, with one handler per kind of event (docs: the page's size).
    view! {
        <div
            class="game ja"
            data-testid="table-screen"
            on:click=move |ev| on_click(ui, ev)
            on:pointerdown=move |ev| on_pointer(ui, ev)
            on:pointermove=move |ev| on_pointer(ui, ev)
            on:pointerup=move |ev| on_pointer(ui, ev)
            on:pointercancel=move |ev| on_pointer(ui, ev)
        >
            // The end screen has its own Share (with the result).
            <DealBar end_shares=true />
            <div
                data-testid="ja-table"
                data-moves=move || key.get().map(|k| k.0).unwrap_or(0).to_string()
                inner_html=move || render(ui)
            ></div>
            <p class="sr-only" aria-live="polite" data-testid="ja-live">{move || ui.live.get()}</p>
            <p class="sr-only" aria-live="polite" data-testid="ja-move-live">{move || ui.heard.get()}</p>
        </div>
    }
}

/// HTML-escaped text.
fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A card's face classes: red or black, a joker, a wild.
fn face_class(card: Card) -> &'static str {
    use tablee_engine::jachete::Suit;
    match card {
        Card::Joker => "jc joker wild",
        Card::Natural(..) if card.is_wild() => match card {
            Card::Natural(_, Suit::Hearts | Suit::Diamonds) => "jc red wild",
            _ => "jc wild",
        },
        Card::Natural(_, Suit::Hearts | Suit::Diamonds) => "jc red",
        _ => "jc",
    }
}

/// A face-up card, not interactive.
fn card(out: &mut String, card: Card, lang: Lang) {
    let _ = write!(out, 
        "<span class=\"{}\" title=\"{}\">{}</span>",
        face_class(card),
        esc(&texts::card_spoken(card, lang)),
        texts::card_label(card, lang)
    );
}

fn cards(cards: &[Card], lang: Lang) -> String {
    let mut out = String::new();
    for &c in cards {
        card(&mut out, c, lang);
    }
    out
}

/// A button with a `data-act` (and the same test id unless given).
fn button(out: &mut String, act: &str, testid: &str, class: &str, label: &str, extra: &str) {
    let _ = write!(out, 
        "<button type=\"button\" class=\"{class}\" data-act=\"{act}\" data-testid=\"{testid}\"{extra}>{}</button>",
        esc(label)
    );
}

/// The whole table as HTML.
fn render(ui: Ui) -> String {
    keep_focus();
    let ctx = ui.ctx;
    let lang = ctx.lang();
    let mut out = String::with_capacity(12_000);
    let thinking = ctx.thinking.get();
    let revealed = ctx.revealed_for.get();
    let daily = ctx.shell.with(|sh| sh.daily_attempt());
    ui.st.with(|u| {
        ctx.game::<Ja, _>(|s| {
            let v = &s.view(s.viewer());
            let st = &u.staging;
            let round_end = s.state().results().len() > u.acked && !s.is_over();
            if !round_end {
                status(&mut out, s, v, thinking, lang);
            }
            facts(&mut out, Some(u), v, s, round_end.then_some(u.acked), lang);
            if s.is_over() {
                end::end_panel(&mut out, s, ctx.par.get(), daily, ui.shared.get().as_ref(), lang);
            }
            out.push_str("<div class=\"board\"><div class=\"main-col\">");
            if round_end {
                // The round's end, alone, until "Next round".
                end::round_end(&mut out, s, u.acked, lang);
            } else {
                if let Some(st) = st {
                    melds(&mut out, s, st, lang);
                }
                seatside(&mut out, u, s, v, st.as_ref(), revealed, lang);
            }
            out.push_str("</div><div class=\"side-col\">");
            follow_moves(ui, s);
            ui.moves.with_value(|m| players(&mut out, s, v, st.as_ref(), round_end, m.as_ref(), lang));
            out.push_str("</div></div>");
        });
    });
    show_turn(ui);
    out
}

/// Catches the seats' latest moves up with the game; the newest move.
fn follow_moves(ui: Ui, s: &Session) -> Option<(Seat, moves::Move)> {
    ui.moves.update_value(|m| match m {
        Some(m) => m.follow(s),
        None => *m = SeatMoves::of(s),
    });
    ui.moves.with_value(|m| m.as_ref()?.newest())
}

type Session = crate::app::session::Session<Ja>;

/// Whose turn it is, the bot thinking, and the forced buy of a turned wild (JA-7).
fn status(out: &mut String, s: &Session, v: &JaView, thinking: Option<Seat>, lang: Lang) {
    let mut text = String::new();
    if let Some((dealer, c)) = v.bought.first().copied().filter(|(seat, c)| *seat == v.dealer && c.is_wild() && v.discarded.len() < v.players) {
        text = texts::forced_buy_text(s.config(), dealer, c, lang) + " ";
    }
    if let Some(seat) = s.to_act() {
        text += &texts::turn_text(s.config(), seat, v.phase == JaPhase::BuyWindow, lang);
    }
    if text.is_empty() && thinking.is_none() {
        return;
    }
    let yours = if s.human_to_act().is_some() { " yours" } else { "" };
    // Pinned at the top while the table scrolls: a turn's start scrolls the
    // hand (or the buy) up under it (`show_turn`). Styled here, not in
    // main.css, which is part of the first load's budget.
    let _ = write!(out, 
        "<div class=\"status{yours}\" style=\"position:sticky;top:0;z-index:20;box-shadow:0 2px 6px rgb(0 0 0/15%)\"><p class=\"turn\" role=\"status\" data-testid=\"turn-status\">{}",
        esc(&text)
    );
    if let Some(seat) = thinking {
        let _ = write!(out, 
            "<span class=\"thinking\" data-testid=\"thinking\"><span class=\"dots\" aria-hidden=\"true\"></span>{}</span>",
            esc(&i18n::thinking_text(&i18n::seat_name(s.config(), seat, lang), lang))
        );
    }
    out.push_str("</p></div>");
}

/// Round, contract (in words and as a picture), dealer, stock, discard, pots.
/// While round `finished` (0-based)'s end is shown, that round and its
/// contract, and the pots (the next round is dealt but not begun).
/// `u` is `None` in a replay: read-only (no discard to drop on, no history toggle).
fn facts(out: &mut String, u: Option<&State>, v: &JaView, s: &Session, finished: Option<usize>, lang: Lang) {
    let j = lang.ja();
    let round = finished.map_or(v.round, |i| (i + 1) as u8);
    let Some(c) = tablee_engine::jachete::contract(round) else { return };
    let picture = format!("<span class=\"set-pic\">{}</span>", "<span class=\"blank\"></span>".repeat(c.min_len)).repeat(c.sets);
    let _ = write!(out, 
        "<section class=\"panel ja-facts\" aria-label=\"{}\"><div class=\"ja-head\"><p class=\"ja-round\" data-testid=\"ja-round\">{}</p><p class=\"ja-contract\" data-testid=\"ja-contract\"><strong>{}{} {}</strong><span class=\"contract-pic\" aria-hidden=\"true\">{picture}</span></p></div><dl class=\"facts\">",
        j.contract,
        texts::round_text(round, lang),
        j.contract,
        i18n::colon(lang),
        texts::contract_text(c, lang),
    );
    let fact = |out: &mut String, dt: &str, dd: &str, attrs: &str| {
        let _ = write!(out, "<div><dt>{dt}</dt><dd{attrs}>{dd}</dd></div>");
    };
    if finished.is_none() {
        fact(out, j.dealer, &esc(&i18n::seat_name(s.config(), v.dealer, lang)), "");
        fact(out, j.stock, &v.stock.to_string(), " data-testid=\"ja-stock\"");
        let top = v.discard_top.map(|c| cards(&[c], lang)).unwrap_or_else(|| j.discard_empty.to_string());
        let target = if u.is_some() { " data-drop=\"discard\" data-act=\"discard\" role=\"button\" tabindex=\"0\" class=\"ja-target\"" } else { "" };
        let attrs = format!(
            " data-testid=\"ja-discard-top\"{target} data-card=\"{}\"",
            v.discard_top.map(|c| c.to_string()).unwrap_or_default()
        );
        fact(out, j.discard, &top, &attrs);
    }
    fact(out, j.small_pot, &texts::cents(v.pots.0), "");
    fact(out, j.big_pot, &texts::cents(v.pots.1), "");
    out.push_str("</dl>");
    let Some(u) = u.filter(|_| finished.is_none()) else {
        out.push_str("</section>");
        return;
    };
    let open = u.history;
    button(out, "hist", "ja-history-toggle", "", if open { j.history_hide } else { j.history_show }, &format!(" aria-expanded=\"{open}\""));
    if open {
        let _ = write!(out, 
            "<div class=\"ja-history\" data-testid=\"ja-history\"><p class=\"note\">{}</p><p>{}</p></div>",
            j.history_title,
            cards(&v.discards_seen, lang)
        );
    }
    out.push_str("</section>");
}

/// Every player: money, score, hand size, opened, bought this round. The
/// seat staging a play sees how many of its cards are on the staged table
/// (still in its hand for the others until "Play"). While a round's end is
/// shown: money and scores only (the next round is dealt, not begun).
/// The players, each with its money, points and hand, and (with `moves`)
/// its latest move of the round in a bubble.
fn players(out: &mut String, s: &Session, v: &JaView, st: Option<&Staging>, round_end: bool, moves: Option<&SeatMoves>, lang: Lang) {
    let j = lang.ja();
    let _ = write!(out, "<section class=\"panel players\"><h2>{}</h2><ul class=\"seats-list\">", lang.s().players_title);
    for seat in 0..v.players {
        let level = match s.config().seat(seat) {
            Some(SeatKind::Bot(level)) => format!(" <span class=\"level\">{}</span>", i18n::level_name(level, lang)),
            _ => String::new(),
        };
        let dealer = if v.dealer == seat && !round_end { format!(" <span class=\"badge leader\">{}</span>", j.dealer) } else { String::new() };
        let opened = v.opened[seat];
        let bought: Vec<Card> = v.bought.iter().filter(|(b, _)| *b == seat).map(|(_, c)| *c).collect();
        let bought = if bought.is_empty() || round_end { String::new() } else { format!("<span class=\"bought\">{} {}</span>", j.bought, cards(&bought, lang)) };
        let staged = st.filter(|st| st.playing && st.seat == seat).map_or(0, |st| v.hand.len().saturating_sub(st.hand.len()));
        let bubble = moves.filter(|_| !round_end).map(|m| m.bubble_html(seat, Some(v.seat), lang)).unwrap_or_default();
        let _ = write!(out, 
            "<li class=\"seat-line{}\" data-testid=\"ja-player-{seat}\" data-hand-size=\"{}\" data-staged=\"{staged}\" data-opened=\"{opened}\" data-money=\"{}\"><p class=\"who\"><strong>{}</strong>{level}{dealer}{}</p><p class=\"stats\"><span>{}</span><span>{} {}</span>{}{bought}</p>{bubble}</li>",
            if v.to_act == Some(seat) && !round_end { " acting" } else { "" },
            v.hand_sizes[seat],
            v.money[seat],
            esc(&i18n::seat_name(s.config(), seat, lang)),
            if round_end { String::new() } else { format!(" <span class=\"badge{}\">{}</span>", if opened { " holds" } else { "" }, if opened { j.opened } else { j.not_opened }) },
            texts::cents(v.money[seat]),
            v.scores[seat],
            j.points,
            if round_end { String::new() } else { format!("<span>{}</span>", texts::hand_size_text(v.hand_sizes[seat], staged, lang)) },
        );
    }
    out.push_str("</ul></section>");
}

/// The (staged) table: melds grouped by owner, each with its live verdict.
fn melds(out: &mut String, s: &Session, st: &Staging, lang: Lang) {
    let j = lang.ja();
    let _ = write!(out, "<section class=\"panel ja-melds\"><h2>{}</h2>", j.table_title);
    if st.table.is_empty() {
        let _ = write!(out, "<p class=\"empty\">{}</p>", j.table_empty);
    }
    for owner in 0..s.config().players() {
        if !st.table.iter().any(|m| m.owner == owner) {
            continue;
        }
        let _ = write!(out, "<div class=\"owner\"><h3>{}</h3><div class=\"melds\">", esc(&i18n::seat_name(s.config(), owner, lang)));
        for (k, (m, meld)) in st.table.iter().enumerate().filter(|(_, m)| m.owner == owner).enumerate() {
            let status = st.meld_status(m);
            let laid = meld.cards.iter().any(|c| c.laid);
            let _ = write!(out, 
                "<div class=\"meld ja-target{}{}\" role=\"button\" tabindex=\"0\" aria-label=\"{}\" data-testid=\"ja-meld-{owner}-{k}\" data-drop=\"m{m}\" data-act=\"m{m}\" data-valid=\"{}\"><span class=\"meld-cards\">",
                if status.is_err() { " bad" } else { "" },
                if laid { " fresh" } else { "" },
                esc(&texts::meld_label(s.config(), owner, k, lang)),
                status.is_ok(),
            );
            // Each card is a target of its own for the keyboard too (a wild
            // to swap, a card to move off a long meld).
            for (i, slot) in meld.cards.iter().enumerate() {
                let sel = st.is_selected(Pick::Table(m, i));
                let _ = write!(out, 
                    "<span class=\"{} mc ja-target{}{}\" role=\"button\" tabindex=\"0\" aria-pressed=\"{sel}\" data-card=\"{}\" aria-label=\"{}\" data-act=\"c{m}.{i}\">{}</span>",
                    face_class(slot.card),
                    if slot.laid { " laid" } else { "" },
                    if sel { " selected" } else { "" },
                    slot.card,
                    esc(&texts::card_spoken(slot.card, lang)),
                    texts::card_label(slot.card, lang)
                );
            }
            out.push_str("</span>");
            match status {
                Err(error) => {
                    let text = ja_text(&tablee_engine::jachete::Refusal::MeldInvalid { index: m, error }, lang);
                    let why = text.split_once(". ").map_or(text.as_str(), |(_, r)| r);
                    let _ = write!(out, "<span class=\"why\">{}</span>", esc(why));
                }
                Ok(()) if laid => {
                let _ = write!(out, "<span class=\"ok\">✓ {}</span>", j.valid);
            }
                Ok(()) => {}
            }
            out.push_str("</div>");
        }
        out.push_str("</div></div>");
    }
    if !st.loose.is_empty() {
        let _ = write!(out, "<p class=\"loose\">{}{} ", j.to_place, i18n::colon(lang));
        for (i, &c) in st.loose.iter().enumerate() {
            let sel = if st.is_selected(Pick::Loose(i)) { " selected" } else { "" };
            button(out, &format!("l{i}"), &format!("ja-loose-{i}"), &format!("{} ja-target{sel}", face_class(c)), &texts::card_label(c, lang), "");
        }
        out.push_str("</p>");
    }
    if st.playing {
        let _ = write!(out, 
            "<button type=\"button\" class=\"new-meld ja-target\" data-testid=\"ja-new-meld\" data-drop=\"new\" data-act=\"new\">+ {}</button>",
            j.new_meld
        );
    }
    out.push_str("</section>");
}

/// The hand area, or the hot-seat hand-off, or a note that hands are hidden.
fn seatside(out: &mut String, u: &State, s: &Session, v: &JaView, st: Option<&Staging>, revealed: Option<Seat>, lang: Lang) {
    let several = s.config().humans().len() > 1;
    if let Some(seat) = s.human_to_act().filter(|&seat| several && revealed != Some(seat)) {
        let name = i18n::seat_name(s.config(), seat, lang);
        let _ = write!(out, 
            "<section class=\"panel handoff\" data-testid=\"handoff-screen\"><h2>{}</h2><p>{}</p>",
            esc(&i18n::handoff_title(&name, lang)),
            lang.s().handoff_hidden
        );
        button(out, "ready", "handoff-ready", "primary big", &i18n::handoff_ready(&name, lang), "");
        out.push_str("</section>");
        return;
    }
    if several && !s.is_over() && s.human_to_act().is_none() {
        let _ = write!(out, "<section class=\"panel hidden-hands\" data-testid=\"hands-hidden\"><p>{}</p></section>", lang.s().handoff_hidden);
        return;
    }
    buy(out, u, s, v, lang);
    if let Some(st) = st {
        hand(out, u, s, st, lang);
    }
}

/// JA-9..JA-11: the buy window, with the priority order and who said no.
fn buy(out: &mut String, u: &State, s: &Session, v: &JaView, lang: Lang) {
    let j = lang.ja();
    let (Some(c), JaPhase::BuyWindow) = (v.buy_card, v.phase) else { return };
    let mine = s.human_to_act() == Some(v.seat);
    let by = v.discarded.last().map(|(seat, _)| *seat);
    let order: Vec<Seat> = (0..v.players)
        .map(|i| (v.turn + i) % v.players)
        .filter(|&seat| !v.opened[seat] && v.money[seat] >= BUY_PRICE && Some(seat) != by)
        .collect();
    let at = order.iter().position(|seat| Some(*seat) == v.to_act).unwrap_or(0);
    let _ = write!(out, "<section class=\"panel ja-buy\" data-testid=\"ja-buy-window\"><p class=\"buy-card\">{} ", cards(&[c], lang));
    if mine {
        let _ = write!(out, "{}</p><p class=\"buttons\">", esc(&texts::buy_question(c, v.turn == v.seat, lang)));
        button(out, "buy", "ja-buy", "primary", j.buy, "");
        button(out, "decline", "ja-decline", "", j.decline, "");
        hint_button(out, u, s, lang);
    }
    let _ = write!(out, "</p><p class=\"note\">{}{}</p><ol class=\"buy-order\">", j.buy_order, i18n::colon(lang));
    for (i, &seat) in order.iter().enumerate() {
        let note = if i < at { j.declined } else if i == at { j.asked_now } else { "" };
        let _ = write!(out, 
            "<li{}>{} <span class=\"muted\">{note}</span></li>",
            if i == at { " class=\"now\"" } else { "" },
            esc(&i18n::seat_name(s.config(), seat, lang))
        );
    }
    out.push_str("</ol>");
    if mine {
        hint_panel(out, u, s, lang);
    }
    out.push_str("</section>");
}

/// The hand, its sorting, and the turn's buttons.
fn hand(out: &mut String, u: &State, s: &Session, st: &Staging, lang: Lang) {
    let j = lang.ja();
    let _ = write!(out, 
        "<section class=\"panel hand-area ja-hand-area\"><div class=\"row-head\"><h2>{}</h2><p class=\"sorts\">",
        texts::hand_heading(st.hand.len(), lang)
    );
    button(out, "sr", "ja-sort-rank", "", j.sort_rank, "");
    button(out, "ss", "ja-sort-suit", "", j.sort_suit, "");
    out.push_str("</p></div><ul class=\"ja-hand\" data-testid=\"ja-hand\" data-drop=\"hand\">");
    // Cards new since the last move (drawn, bought, the bonus card).
    let mut fresh = u.fresh.clone();
    for (i, &c) in st.hand.iter().enumerate() {
        let sel = st.is_selected(Pick::Hand(i));
        let new = match fresh.iter().position(|x| *x == c) {
            Some(at) => {
                fresh.remove(at);
                true
            }
            None => false,
        };
        let _ = write!(out, 
            "<li><button type=\"button\" class=\"{} hc card-btn ja-target{}{}\" aria-pressed=\"{sel}\" aria-label=\"{}\" data-testid=\"ja-hand-card-{i}\" data-card=\"{c}\" data-drop=\"h{i}\" data-act=\"h{i}\">{}</button></li>",
            face_class(c),
            if new { " new" } else { "" },
            if sel { " selected" } else { "" },
            esc(&texts::card_spoken(c, lang)),
            texts::card_label(c, lang)
        );
    }
    out.push_str("</ul>");
    if st.playing {
        let _ = write!(out, "<p class=\"note\">{}</p>", esc(j.turn_help));
        if let Some((done, c)) = st.progress() {
            let _ = write!(out, "<p class=\"progress\" data-testid=\"ja-progress\">{}</p>", esc(&texts::progress_text(done, c, lang)));
        }
        out.push_str("<p class=\"buttons\">");
        button(out, "play", "ja-play", "primary", j.play, "");
        button(out, "discard", "ja-discard", "", j.discard_button, " data-drop=\"discard\"");
        button(out, "reset", "ja-reset-turn", "", j.reset_turn, "");
        button(out, "hand", "ja-to-hand", "", j.to_hand, " data-drop=\"hand\"");
        if matches!(st.selected.as_slice(), [Pick::Hand(_), Pick::Table(..)] | [Pick::Table(..), Pick::Hand(_)]) {
            button(out, "swap", "ja-swap", "", j.swap, "");
        }
        hint_button(out, u, s, lang);
        out.push_str("</p>");
        hint_panel(out, u, s, lang);
    }
    let problem = u.msg.clone().or_else(|| st.problem().map(|r| ja_text(&r, lang))).unwrap_or_default();
    let _ = write!(out, "<p class=\"error\" role=\"alert\" data-testid=\"ja-problem\">{}</p></section>", esc(&problem));
}

fn hint_button(out: &mut String, u: &State, s: &Session, lang: Lang) {
    if !s.config().hints_allowed() {
        let _ = write!(out, "<span class=\"note\" data-testid=\"hint-off\">{}</span>", lang.s().hint_daily);
        return;
    }
    let busy = if u.hint == Hint::Thinking { " disabled" } else { "" };
    button(out, "hint", "hint-button", "", lang.s().hint, busy);
}

fn hint_panel(out: &mut String, u: &State, s: &Session, lang: Lang) {
    match u.hint.clone() {
        Hint::Off => {}
        Hint::Thinking => {
                let _ = write!(out, "<p class=\"hint\" data-testid=\"hint-panel\" role=\"status\">{}</p>", lang.s().hint_thinking);
            }
        Hint::Ready { at, .. } if at != s.actions().len() => {}
        Hint::Ready { choices, .. } => {
            let _ = write!(out, "<section class=\"hint\" data-testid=\"hint-panel\"><h3>{}</h3><ol>", lang.s().hint_title);
            for (i, (action, value)) in choices.iter().enumerate() {
                let _ = write!(out, 
                    "<li><span>{}</span> <span class=\"muted\">— {} {}%</span>",
                    esc(&texts::action_text(action, lang)),
                    lang.s().hint_score,
                    (value.clamp(0.0, 1.0) * 100.0).round() as u32
                );
                if i == 0 && matches!(action, JaAction::Play { .. }) {
                    out.push(' ');
                    button(out, "hint-apply", "hint-apply", "", lang.ja().hint_apply, "");
                }
                out.push_str("</li>");
            }
            out.push_str("</ol></section>");
        }
    }
}
