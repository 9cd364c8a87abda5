//! The live table's state and what acts on it: the [`Ui`] signals, the
//! staging operations worded and saved in the note, the moves sent out
//! through the feed ([`Feed::play`]), the one handler every tap, key and
//! drag goes through ([`dispatch`]), and what keeps the turn and the changed
//! meld in view. The components ([`super::view`], [`super::end`]) read it;
//! it draws nothing.
//!
//! Issue 53: the table is fed by its seat's view ([`Feed`]): the seat's
//! [`JaView`], the table's set-up, the number of moves and the table's note.
//! It does not read the game's state. Two things still come from the shell:
//! the log's record of the moves ([`follow_moves`] replays the session's
//! moves into [`SeatMoves`]: the view has no history) and the deal bar's,
//! the hint's and the end panels' own reads (`end.rs`, `ctx.hold`).

use leptos::prelude::*;
use tablee_engine::jachete::{Card, JaAction, JaPhase, JaView, Refusal};
use tablee_engine::json::Json;
use tablee_engine::Seat;
use wasm_bindgen::JsCast;

use super::moves::{self, SeatMoves};
use crate::app::config::{SeatKind, TableConfig};
use crate::app::lang::Lang;
use crate::games::jachete::refusals::{meld_refusal, refusal_text};
use crate::games::jachete::staging::{self, Order, Pick, StageError, Staging, Target};
use crate::games::jachete::texts;
use crate::games::jachete::wishes::{self, Wish};
use crate::ui::browser::{self, edge, find};
use crate::ui::context::Ctx;
use crate::ui::deal_bar::{self, game_share_text, Shared};
use crate::ui::feed::Feed;
use crate::ui::hint::{self, Hint};

pub(super) use crate::games::jachete::Jachete as Ja;
pub(super) type Session = crate::app::session::Session<Ja>;

/// The table's state, each part in a signal of its own (a change to one
/// redraws only what reads it).
#[derive(Clone, Copy)]
pub(super) struct Ui {
    pub(super) ctx: Ctx,
    /// What the table is given: its seat's view, the set-up, the moves' count, its note.
    pub(super) feed: Feed<Ja>,
    /// A table of friends' feed (issue 55): one seat only, never hot-seat.
    pub(super) remote: bool,
    /// The staging area of the seat on screen (rebuilt at every move).
    pub(super) staging: RwSignal<Option<Staging>>,
    /// Each seat's hand order.
    pub(super) orders: StoredValue<Vec<(Seat, Order)>>,
    /// The last refusal or staging problem, worded.
    pub(super) msg: RwSignal<Option<String>>,
    /// Rounds whose end the players have seen.
    pub(super) acked: RwSignal<usize>,
    pub(super) history: RwSignal<bool>,
    pub(super) hint: RwSignal<Hint<JaAction>>,
    /// A pointer drag under way: the card picked, where it started, and whether it moved.
    pub(super) drag: StoredValue<Option<(Pick, i32, i32, bool)>>,
    /// A drag just ended: the click that follows it is not a tap.
    pub(super) dragged: StoredValue<bool>,
    /// The hand on screen at the last move, and whose: cards new since then
    /// (drawn, bought, the bonus card) are marked until the next move.
    pub(super) seen: StoredValue<(Seat, Vec<Card>)>,
    pub(super) fresh: RwSignal<Vec<Card>>,
    /// What the aria-live region says.
    pub(super) live: RwSignal<String>,
    /// The bots' moves since the last one heard, for screen readers (a
    /// region of its own: the person's staging announcements do not cut it off).
    pub(super) heard: RwSignal<String>,
    /// Each seat's latest move and the log, followed move by move.
    pub(super) moves: RwSignal<Option<SeatMoves>>,
    /// Where this device has no record of the game (a friend's): the view
    /// at the last move heard, and that move's number (`follow_moves`).
    pub(super) before: StoredValue<Option<(usize, JaView)>>,
    /// The number of moves already heard.
    pub(super) said: StoredValue<usize>,
    /// The move (and rounds seen) at which what the person must see was
    /// last brought into view.
    pub(super) shown: StoredValue<Option<(usize, usize)>>,
    /// The meld a staging action changed last: kept in view.
    pub(super) changed: StoredValue<Option<usize>>,
    /// The end screen's last Share (the deal bar keeps its own).
    pub(super) shared: Shared,
    /// Hot-seat buy wishes (issue 52): their choices unfolded, and a count
    /// of the wishes set (the note is kept without redrawing the table).
    pub(super) wish: RwSignal<(bool, u32)>,
}

impl Ui {
    pub(super) fn staging_with<R>(self, f: impl FnOnce(&Option<Staging>) -> R) -> R {
        self.staging.with_untracked(f)
    }
    pub(super) fn staging_update(self, f: impl FnOnce(&mut Staging)) {
        self.staging.update(|s| {
            if let Some(s) = s {
                f(s);
            }
        });
    }
    pub(super) fn lang(self) -> Lang {
        self.ctx.lang.get_untracked()
    }
    pub(super) fn moves(self) -> usize {
        self.feed.moves.get_untracked()
    }
}

/// The seat whose person plays now, if it is the view's (`Session::human_to_act`,
/// from the view: the feed's seat is the person to act whenever one is).
pub(super) fn human_turn(v: &JaView, config: &TableConfig<Ja>) -> Option<Seat> {
    v.to_act.filter(|&seat| seat == v.seat && config.seat(seat) == Some(SeatKind::Human))
}

/// Whether the game has ended (JA-18).
pub(super) fn is_over(v: &JaView) -> bool {
    v.phase == JaPhase::Over
}

pub(super) fn save_note(ui: Ui) {
    let at = ui.moves();
    let mut note = ui.staging_with(|st| staging::write_note(&ui.orders.get_value(), st.as_ref().map(|s| (s, at))));
    // The rounds whose end the players have seen: a reload at a round's
    // end shows it again (JA-17).
    note.set("r", Json::int(ui.acked.get_untracked() as i64));
    // The people's buy wishes (hot-seat) stay as they were set.
    if let Some(w) = ui.feed.note.with_untracked(|n| wishes::kept(n.as_ref())) {
        note.set("w", w);
    }
    crate::ui::flow::set_note::<Ja>(ui.ctx, Some(note));
}

/// Rebuilds the staging area from the game (at every move, and at the start).
pub(super) fn rebuild(ui: Ui) {
    let mut hand = (0, Vec::new());
    let at = ui.moves();
    let st = ui.feed.view.with_untracked(|v| {
        let view = v.as_ref()?;
        hand = (view.seat, view.hand.clone());
        ui.feed.note.with_untracked(|note| {
            let note = note.as_ref();
            let orders = staging::read_orders(note);
            if !orders.is_empty() {
                ui.orders.set_value(orders);
            }
            Some(staging::staging_from_note(view, note, at))
        })
    });
    // New cards: the hand now less the hand seen at the last move.
    let mut fresh = Vec::new();
    ui.seen.update_value(|seen| {
        if seen.0 == hand.0 && !seen.1.is_empty() {
            let mut before = seen.1.clone();
            for &c in &hand.1 {
                match before.iter().position(|x| *x == c) {
                    Some(at) => {
                        before.remove(at);
                    }
                    None => fresh.push(c),
                }
            }
        }
        *seen = hand;
    });
    ui.fresh.set(fresh);
    ui.staging.set(st);
    ui.msg.set(None);
    // A buy wish's choices fold again at every move (the next person's turn).
    ui.wish.update(|w| w.0 = false);
    ui.changed.set_value(None);
}

/// A staging problem in words: a refused meld named by its cards.
pub(super) fn problem_text(st: &Staging, problem: &Refusal, lang: Lang) -> String {
    match problem {
        Refusal::MeldInvalid { index, error } => match st.staged_table().get(*index) {
            Some(meld) => meld_refusal(&meld.cards, error, lang),
            None => refusal_text(problem, lang),
        },
        other => refusal_text(other, lang),
    }
}

/// Runs a staging operation; words its refusal, or saves the note.
fn stage(ui: Ui, f: impl FnOnce(&mut Staging) -> Result<(), StageError>) -> bool {
    let lang = ui.lang();
    let mut result = Err(StageError::NotYourTurn);
    ui.staging_update(|s| result = f(s));
    match result {
        Ok(()) => {
            ui.msg.set(None);
            if let Some((seat, order, n, hand)) = ui.staging_with(|s| s.as_ref().map(|s| (s.seat, s.order.clone(), s.selected.len(), s.hand.len()))) {
                ui.orders.update_value(|o| staging::set_order_of(o, seat, order));
                ui.live.set(match lang {
                    Lang::En => format!("{n} selected, {hand} in hand."),
                    Lang::Fr => format!("{n} choisie(s), {hand} en main."),
                });
            }
            save_note(ui);
            true
        }
        Err(e) => {
            let text = texts::stage_error(e, lang).to_string();
            ui.live.set(text.clone());
            ui.msg.set(Some(text));
            false
        }
    }
}

/// A staging action on meld `m` (or a new meld: `None`): done, then that
/// meld is brought into view with its verdict.
fn stage_on(ui: Ui, m: Option<usize>, f: impl FnOnce(&mut Staging) -> Result<(), StageError>) {
    if stage(ui, f) {
        let m = m.or_else(|| ui.staging_with(|s| s.as_ref().map(|s| s.table.len().saturating_sub(1))));
        // A refused meld's reason is shown under it only: said here too.
        if let Some(why) = m.and_then(|m| meld_problem(ui, m)) {
            ui.live.update(|l| {
                l.push(' ');
                l.push_str(&why);
            });
        }
        show_meld(ui, m);
    }
}

/// Meld `m` of the staged table in view, its verdict with it.
fn show_meld(ui: Ui, m: Option<usize>) {
    ui.changed.set_value(m);
    show_changed(ui);
}

/// Why meld `m` of the staged table is refused, in words naming its cards.
fn meld_problem(ui: Ui, m: usize) -> Option<String> {
    let lang = ui.lang();
    ui.staging_with(|s| {
        let meld = s.as_ref()?.table.get(m)?;
        let cards: Vec<Card> = meld.cards.iter().map(|c| c.card).collect();
        let error = s.as_ref()?.meld_status(m).err()?;
        Some(meld_refusal(&cards, &error, lang))
    })
}

/// A move to the engine; its refusal is worded in `msg`.
fn send(ui: Ui, action: JaAction) -> bool {
    match ui.feed.play.run(action) {
        Ok(()) => {
            ui.msg.set(None);
            true
        }
        Err(error) => {
            let text = ui
                .staging_with(|s| s.as_ref().map(|s| problem_text(s, error.refusal(), ui.lang())))
                .unwrap_or_else(|| refusal_text(error.refusal(), ui.lang()));
            ui.live.set(text.clone());
            // A refused meld: its reason is under it, brought into view
            // (said once, where the meld is); anything else in the turn's bar.
            let meld = match error.refusal() {
                // (Only if the meld says so itself.)
                Refusal::MeldInvalid { index, .. } => {
                    ui.staging_with(|s| s.as_ref().and_then(|s| s.table_index(*index).filter(|&m| s.meld_status(m).is_err())))
                }
                _ => None,
            };
            match meld {
                Some(m) => {
                    ui.msg.set(None);
                    show_meld(ui, Some(m));
                }
                None => ui.msg.set(Some(text)),
            }
            false
        }
    }
}

/// The person playing their turn at a table of several people (hot-seat):
/// their seat, the round and their buy wish for it (kept in the table's note).
pub(super) fn wish_here(v: &JaView, config: &TableConfig<Ja>, note: Option<&Json>) -> Option<(Seat, u8, Wish)> {
    let seat = human_turn(v, config)?;
    (config.humans().len() > 1 && v.phase == JaPhase::Play).then(|| (seat, v.round, wishes::read(note, seat, v.round)))
}

/// A buy wish's choice (`-ask`, `-let`, `-buy`, `k7` a kind ticked or
/// unticked), kept in the note for the person playing their turn.
fn set_wish(ui: Ui, what: &str) {
    let note = ui.feed.view.with_untracked(|v| {
        let note = ui.feed.note.get_untracked();
        let (seat, round, wish) = ui.feed.table.with_untracked(|t| wish_here(v.as_ref()?, t.as_ref()?, note.as_ref()))?;
        let chosen = match wish {
            Wish::Buy(chosen) => chosen,
            _ => Vec::new(),
        };
        let next = match what {
            "-ask" => Wish::Ask,
            "-let" => Wish::LetGo,
            "-buy" => Wish::Buy(chosen),
            k => {
                let k: u8 = k.strip_prefix('k')?.parse().ok()?;
                let mut kinds: Vec<u8> = chosen.iter().copied().filter(|&c| c != k).collect();
                if !chosen.contains(&k) {
                    kinds.push(k);
                    kinds.sort_unstable();
                }
                Wish::Buy(kinds)
            }
        };
        Some(wishes::write(note.as_ref(), seat, round, &next))
    });
    if let Some(note) = note {
        crate::ui::flow::set_note::<Ja>(ui.ctx, Some(note));
        ui.wish.update(|w| w.1 += 1);
    }
}

/// Play the staged table (if it changed). False if the engine refused it.
fn play_staged(ui: Ui) -> bool {
    let Some(action) = ui.staging_with(|s| s.as_ref().and_then(Staging::proposal)) else { return true };
    let ok = send(ui, action);
    if ok {
        ui.live.set(ui.lang().ja().played.to_string());
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
        ui.msg.set(Some(ui.lang().pick("Select the one card to discard.", "Choisissez la carte à défausser.").to_string()));
        return;
    };
    // A puzzle answered by the table laid waits for "Play on".
    if play_staged(ui) && !crate::ui::puzzles::answer::answered_now(ui.ctx) {
        send(ui, JaAction::Discard(card));
    }
}

/// The meld a card taken back to the hand came from (kept in view).
fn source_meld(ui: Ui) -> Option<usize> {
    ui.staging_with(|s| {
        s.as_ref()?.selected.iter().find_map(|p| match p {
            Pick::Table(m, _) => Some(*m),
            _ => None,
        })
    })
}

/// Drops the selection on a target named by a `data-drop` value.
fn drop_on(ui: Ui, target: &str) {
    match target {
        "new" => stage_on(ui, None, |s| s.place(Target::NewMeld)),
        // A table card dropped on the hand or on a hand card (a hand card
        // dropped on another is the manual order: `on_pointer`).
        t if t == "hand" || t.starts_with('h') => {
            let from = source_meld(ui);
            stage_on(ui, from, |s| s.place(Target::Hand));
        }
        "discard" => discard(ui),
        t => {
            if let Some(m) = t.strip_prefix('m').and_then(|m| m.parse().ok()) {
                stage_on(ui, Some(m), |s| s.place(Target::Meld(m)));
            }
        }
    }
}

/// A tap on card `k` of meld `m` (or on the meld: `None`): pick it (a card
/// to move, a wild to swap: the swap waits for its confirmation), or drop
/// the selection on its meld (`Staging::tap_meld`).
fn tap_meld(ui: Ui, m: usize, k: Option<usize>) {
    let lays = ui.staging_with(|s| s.as_ref().is_none_or(|s| s.tap_lays(m, k)));
    if lays {
        stage_on(ui, Some(m), |s| s.tap_meld(m, k));
    } else {
        stage(ui, |s| s.tap_meld(m, k));
    }
}

/// Arrow keys move the focus among the table's targets; Escape cancels.
pub(super) fn on_key(ui: Ui, ev: web_sys::KeyboardEvent) {
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
            ui.staging_update(Staging::clear_selection);
            ui.live.set(ui.lang().ja().cancel.to_string());
            return;
        }
        _ => return,
    };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let Ok(list) = doc.query_selector_all(".ja-target") else { return };
    let active = doc.active_element();
    let n = list.length() as i32;
    let at = (0..n).find(|&i| list.item(i as u32).is_some_and(|node| active.as_ref().is_some_and(|a| a.is_same_node(Some(&node)))));
    let Some(at) = at else { return };
    ev.prevent_default();
    let next = (at + step).rem_euclid(n);
    if let Some(el) = list.item(next as u32).and_then(|n| n.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.focus();
    }
}

/// What a `data-act` names: a hand card `h3`, card `c2.1` of a meld, a
/// loose wild `l0` (a meld `m2` and the buttons are read by [`dispatch`]).
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
    stage(ui, |s| {
        s.set_order(order);
        Ok(())
    });
}

/// Every tap and key on the table's cards, melds and buttons goes through
/// here: one path whatever the input.
fn dispatch(ui: Ui, what: &str) {
    match what {
        "new" | "hand" | "discard" => drop_on(ui, what),
        "play" => {
            play_staged(ui);
        }
        "reset" => {
            stage(ui, |s| {
                s.reset();
                Ok(())
            });
            // Every card back in the hand: the hand back in view (a puzzle
            // keeps its place, its question above the table).
            if !ui.ctx.puzzle.get_untracked() {
                request_animation_frame(show_hand);
            }
        }
        "swap" => {
            let m = source_meld(ui);
            stage_on(ui, m, Staging::swap);
            // The question (and its button, which had the focus) is gone:
            // the keyboard goes on with the wild freed, to play again.
            refocus("[data-testid=\"ja-loose-0\"]");
        }
        // The swap's question answered no: nothing picked.
        "unpick" => {
            stage(ui, |s| {
                s.clear_selection();
                Ok(())
            });
            refocus("[data-testid=\"ja-hand-card-0\"]");
        }
        "sr" => sort(ui, Order::Rank),
        "ss" => sort(ui, Order::Suit),
        "buy" => {
            send(ui, JaAction::Buy);
        }
        "decline" => {
            send(ui, JaAction::Decline);
        }
        "hist" => ui.history.update(|h| *h = !*h),
        "wo" => ui.wish.update(|w| w.0 = !w.0),
        w if w.starts_with('w') => set_wish(ui, &w[1..]),
        "hint" if !ui.ctx.puzzle.get_untracked() => hint::ask::<Ja>(ui.ctx, ui.hint),
        "next" => {
            ui.acked.update(|a| *a += 1);
            save_note(ui);
        }
        "share" => {
            if let Some(text) = game_share_text::<Ja>(ui.ctx) {
                deal_bar::share(text, ui.shared);
            }
        }
        "ready" => {
            let seat = ui.feed.table.with_untracked(|t| ui.feed.view.with_untracked(|v| human_turn(v.as_ref()?, t.as_ref()?)));
            ui.ctx.revealed_for.set(seat);
        }
        "again" | "same" => {
            let Some(config) = ui.feed.table.get_untracked() else { return };
            let next = if what == "same" { config } else { crate::app::config::TableConfig { seed: browser::fresh_seed(), daily: None, ..config } };
            crate::ui::flow::start_game(ui.ctx, next.into_any());
        }
        _ => match (pick_of(what), what.strip_prefix('m').and_then(|m| m.parse::<usize>().ok())) {
            (_, Some(m)) => tap_meld(ui, m, None),
            (Some(Pick::Table(m, k)), _) => tap_meld(ui, m, Some(k)),
            (Some(pick), _) => {
                stage(ui, |s| s.toggle(pick));
            }
            _ => {}
        },
    }
}

/// In the next frame, if the focus was lost (its element gone), on `selector`.
fn refocus(selector: &'static str) {
    request_animation_frame(move || {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
        let body: Option<web_sys::Node> = doc.body().map(Into::into);
        let lost = doc.active_element().is_none_or(|a| a.is_same_node(body.as_ref()));
        if let Some(el) = doc.query_selector(selector).ok().flatten().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok()).filter(|_| lost) {
            let _ = el.focus();
        }
    });
}

/// Stages the hint's table ("Stage this table").
pub(super) fn apply_hint(ui: Ui, table: &[tablee_engine::jachete::TableMeld]) {
    ui.staging_update(|s| {
        s.load_proposal(table);
    });
    stage(ui, |_| Ok(()));
}

/// The element with a `data-act` an event happened in, and its value.
fn acted(ev: &web_sys::Event) -> Option<(web_sys::HtmlElement, String)> {
    let el = ev.target()?.dyn_into::<web_sys::Element>().ok()?.closest("[data-act]").ok()??;
    let what = el.get_attribute("data-act")?;
    Some((el.dyn_into().ok()?, what))
}

pub(super) fn on_click(ui: Ui, ev: web_sys::MouseEvent) {
    // The click that ends a drag is not a tap.
    if ui.dragged.get_value() {
        return;
    }
    if let Some((_, what)) = acted(&ev) {
        dispatch(ui, &what);
    }
}

/// Pointer drag: down on a card records it (with pointer capture), a move
/// past a few pixels starts the drag, up drops on what is under the pointer.
pub(super) fn on_pointer(ui: Ui, ev: web_sys::PointerEvent) {
    let Some((el, what)) = acted(&ev) else { return };
    let Some(pick) = pick_of(&what) else { return };
    match ev.type_().as_str() {
        "pointerdown" => {
            // Hand cards may be put in order at any time; the rest only in one's turn.
            let hand = matches!(pick, Pick::Hand(_));
            if ev.button() == 0 && ui.staging_with(|s| s.as_ref().is_some_and(|s| s.playing || hand)) {
                let _ = el.set_pointer_capture(ev.pointer_id());
                ui.drag.set_value(Some((pick, ev.client_x(), ev.client_y(), false)));
            }
        }
        "pointermove" => {
            let Some((p, x, y, moving)) = ui.drag.get_value() else { return };
            let (dx, dy) = (ev.client_x() - x, ev.client_y() - y);
            if !moving && dx * dx + dy * dy < 64 {
                return;
            }
            if !moving {
                let _ = el.class_list().add_1("dragging");
                ui.drag.set_value(Some((p, x, y, true)));
            }
            let _ = el.style().set_property("transform", &format!("translate({dx}px,{dy}px)"));
        }
        _ => {
            let Some((p, _, _, moving)) = ui.drag.get_value() else { return };
            ui.drag.set_value(None);
            let _ = el.style().remove_property("transform");
            let _ = el.class_list().remove_1("dragging");
            if !moving || ev.type_() != "pointerup" {
                return;
            }
            // The click that ends a drag comes in the same task as the pointerup:
            // it is not a tap; the next task's clicks are.
            ui.dragged.set_value(true);
            set_timeout(move || { let _ = ui.dragged.try_set_value(false); }, std::time::Duration::ZERO);
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
                stage(ui, |s| {
                    s.move_in_hand(from, to);
                    Ok(())
                });
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
                    if reorder {
                        s.clear_selection();
                    }
                    let _ = s.toggle(p);
                });
            }
            drop_on(ui, &target);
        }
    }
}

/// Catches the seats' latest moves and the log up with the game; says the
/// bots' moves not heard yet (each once).
pub(super) fn follow_moves(ui: Ui) {
    let lang = ui.lang();
    if ui.ctx.game_untracked::<Ja, _>(|_| ()).is_none() {
        return hear_fed_move(ui);
    }
    let heard = ui.ctx.game_untracked::<Ja, _>(|s| {
        ui.moves.update(|m| match m {
            Some(m) => m.follow(s),
            None => *m = SeatMoves::of(s),
        });
        let from = ui.said.get_value();
        let n = s.actions().len();
        ui.said.set_value(n);
        ui.moves.with_untracked(|m| {
            let log = m.as_ref()?.log();
            let said: Vec<String> = log
                .iter()
                .filter(|e| e.k >= from && matches!(s.config().seat(e.seat), Some(SeatKind::Bot(_))))
                .map(|e| moves::entry_sentence(e.seat, &e.said, s.config(), lang))
                .collect();
            (!said.is_empty() && from < n).then(|| said.join(" "))
        })
    });
    if let Some(said) = heard.flatten() {
        ui.heard.set(said);
    }
}

/// A table whose device has no record of the game (a friend's, issue 55)
/// hears each move from its feed: the move (`Feed::moved`, J'achète's
/// moves are public) with the view before it, kept from the last move.
/// A move missed (a reload, a rejoin) is not in the log; the next ones are.
fn hear_fed_move(ui: Ui) {
    let n = ui.feed.moves.get_untracked();
    let Some(after) = ui.feed.view.get_untracked() else { return };
    let rounds_after = after.rounds_ended;
    let before = ui.before.try_update_value(|b| b.replace((n, after))).flatten();
    let (Some((m, before)), Some((seat, action))) = (before, ui.feed.moved.get_untracked()) else { return };
    if m + 1 != n {
        return;
    }
    let Some(config) = ui.feed.table.get_untracked() else { return };
    ui.moves.update(|moves| moves.get_or_insert_with(|| SeatMoves::heard(config.players())).hear(&before, rounds_after, m, seat, &action));
    ui.said.set_value(n);
    if matches!(config.seat(seat), Some(SeatKind::Bot(_))) {
        let said = ui.moves.with_untracked(|ms| ms.as_ref().and_then(|ms| ms.log().last().cloned()));
        if let Some(e) = said {
            ui.heard.set(moves::entry_sentence(e.seat, &e.said, &config, ui.lang()));
        }
    }
}

/// The meld a staging action changed, with its verdict, in view: scrolled
/// as little as needed to bring it between the pinned turn line and what is
/// docked at the window's foot (the turn's buttons, the coach's line:
/// `browser::room`).
pub(super) fn show_changed(ui: Ui) {
    let Some(m) = ui.changed.get_value() else { return };
    request_animation_frame(move || {
        if let Some(el) = find(&format!("[data-meld=\"{m}\"]")) {
            browser::show_with_bar(&el, find(".ja-actions.playing"));
        }
    });
}

/// What the person must see now is in view: at the start of each of their
/// turns and buy windows, whose turn it is and the hand (a phone may have
/// been scrolled down to the table meanwhile), not after their own play
/// mid-turn; at a round's end and at the game's end, the top of that
/// screen (the page was at the hand). Once per move, the frame after it.
pub(super) fn show_turn(ui: Ui) {
    // A puzzle opens at its top, its question above the table (and its
    // answer brings the page back there).
    if ui.ctx.puzzle.get_untracked() {
        return;
    }
    let acked = ui.acked.get_untracked();
    let at = (ui.moves(), acked);
    let what = ui.feed.view.with_untracked(|v| {
        let v = v.as_ref()?;
        if is_over(v) {
            return Some((at, "end-screen"));
        }
        if v.rounds_ended > acked {
            return Some((at, "ja-round-end"));
        }
        let seat = ui.feed.table.with_untracked(|t| human_turn(v, t.as_ref()?))?;
        // The last move, as the log has it (`follow_moves` ran before).
        let own_play = ui.moves.with_untracked(|m| {
            m.as_ref().and_then(|m| m.log().last()).is_some_and(|e| e.k + 1 == at.0 && e.seat == seat && matches!(e.said, moves::Said::Played(_)))
        });
        (!own_play).then_some((at, ""))
    });
    let Some((at, panel)) = what else { return };
    if ui.shown.get_value() == Some(at) {
        return;
    }
    ui.shown.set_value(Some(at));
    request_animation_frame(move || {
        let Some(window) = web_sys::window() else { return };
        let height = window.inner_height().ok().and_then(|h| h.as_f64()).unwrap_or(0.0);
        if !panel.is_empty() {
            if let Some(el) = find(&format!("[data-testid=\"{panel}\"]")) {
                if edge(&el, "top") < 0.0 || edge(&el, "top") > height * 0.6 {
                    el.scroll_into_view_with_bool(true);
                }
            }
            return;
        }
        show_hand();
    });
}

/// The decision in view (issue 52): the turn line is pinned at the top once
/// scrolled to, the turn's buttons and the coach's line docked at the foot;
/// between them the buy window's question and buttons with the hand's first
/// card, or the hand from its heading (its whole, if it fits).
fn show_hand() {
    let (Some(card), Some(first)) = (find("[data-testid=\"ja-hand-card-0\"]"), find(".ja-buy, .ja-hand-area")) else { return };
    let hand = find("[data-testid=\"ja-hand\"]").unwrap_or_else(|| card.clone());
    browser::show_in_room(&[(first.clone(), hand), (first, card.clone()), (card.clone(), card)]);
}
