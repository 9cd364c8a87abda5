//! J'achète's table: the round and its contract, the pots, the players, the
//! buy window, the hand and the turn's staging area ([`super::staging`]),
//! the melds grouped by owner, the round's move log, the end of a round and
//! of the game.
//!
//! Leptos components ([`view`]) with keyed lists for the seats, the melds,
//! their cards and the hand: a change redraws only what changed, so the
//! focus, the scroll and a screen reader's place stay where they are.
//!
//! Three ways to move cards, all through the same staging operations: tap
//! cards then a target; the keyboard (cards and melds are focusable, Enter or
//! Space picks up and drops, arrows move between targets, Escape cancels);
//! pointer drag and drop (pointer events with capture, never HTML5 drag and
//! drop). Every target names what it is in a `data-act` attribute and one
//! handler on the table reads it ([`dispatch`]), whichever way the card was
//! moved. Every change is announced in an aria-live region.

mod cards;
mod end;
mod moves;
mod replay;
mod view;
pub use replay::{expert_words, ReplayTable};

use leptos::prelude::*;
use tablee_engine::jachete::{Card, JaAction, Refusal};
use tablee_engine::json::Json;
use tablee_engine::Seat;
use wasm_bindgen::JsCast;

use super::refusals::{meld_refusal, refusal_text};
use super::staging::{self, Order, Pick, StageError, Staging, Target};
use super::texts;
use super::Jachete as Ja;
use crate::app::config::SeatKind;
use crate::app::lang::Lang;
use crate::ui::deal_bar::{self, game_share_text, DealBar, Shared};
use crate::ui::hint::{self, Hint};
use crate::ui::browser;
use crate::ui::context::{ctx, Ctx};
use crate::ui::flow::act;
use moves::SeatMoves;

type Session = crate::app::session::Session<Ja>;

impl crate::ui::GameUi for Ja {
    /// JA-2: three players play with the small-table option.
    fn chosen_options(players: usize) -> (tablee_engine::jachete::JaOptions, usize) {
        (tablee_engine::jachete::JaOptions { three_players: players == 3 }, 1)
    }

    /// A first game of J'achète is offered against easy bots.
    fn first_game_note(lang: Lang) -> Option<&'static str> {
        Some(lang.s().first_jachete_note)
    }

    fn table() -> AnyView {
        view! { <Game /> }.into_any()
    }

    fn replay_table(session: Session, step: RwSignal<usize>, marks: RwSignal<Vec<crate::app::marks::Mark>>) -> AnyView {
        view! { <ReplayTable session step marks /> }.into_any()
    }

    fn expert_words(session: &Session, at: usize, action: &Json, lang: Lang) -> Option<String> {
        expert_words(session, at, action, lang)
    }

    fn score_words(score: i32, _: Lang) -> String {
        texts::points_text(score)
    }

    /// Why the first beats the first choice worth less (choices of equal
    /// value are "as good": no reason between them).
    fn hint_reason(session: &Session, choices: &[(JaAction, f64)], lang: Lang) -> Option<String> {
        let (best, first) = choices.first()?;
        let (other, _) = choices.iter().find(|(_, v)| v < first)?;
        texts::why(&session.view(session.to_act()?), best, other, lang)
    }

    /// The card on offer named; a table by what it lays or changes.
    fn puzzle_words(position: &Session, action: &JaAction, lang: Lang) -> String {
        let view = position.view(position.viewer());
        match (action, view.buy_card) {
            (JaAction::Buy, Some(card)) => texts::offer_text(true, card, lang),
            (JaAction::Decline, Some(card)) => texts::offer_text(false, card, lang),
            // In the log's and the hint's words: "Add 10♦ ★ to 8♦ 9♦",
            // "Open: Q♥ Q♣ ★ / 8♦ 9♦ 10♦".
            (JaAction::Play { table }, _) => {
                let words = moves::play_words(&view.table, table, view.opened.get(view.seat).copied().unwrap_or(false), lang);
                if words.is_empty() {
                    texts::action_text(action, lang)
                } else {
                    words
                }
            }
            _ => texts::action_text(action, lang),
        }
    }
}

/// The table's state, each part in a signal of its own (a change to one
/// redraws only what reads it).
#[derive(Clone, Copy)]
struct Ui {
    ctx: Ctx,
    /// The staging area of the seat on screen (rebuilt at every move).
    staging: RwSignal<Option<Staging>>,
    /// Each seat's hand order.
    orders: StoredValue<Vec<(Seat, Order)>>,
    /// The last refusal or staging problem, worded.
    msg: RwSignal<Option<String>>,
    /// Rounds whose end the players have seen.
    acked: RwSignal<usize>,
    history: RwSignal<bool>,
    hint: RwSignal<Hint<JaAction>>,
    /// A pointer drag under way: the card picked, where it started, and whether it moved.
    drag: StoredValue<Option<(Pick, i32, i32, bool)>>,
    /// A drag just ended: the click that follows it is not a tap.
    dragged: StoredValue<bool>,
    /// The hand on screen at the last move, and whose: cards new since then
    /// (drawn, bought, the bonus card) are marked until the next move.
    seen: StoredValue<(Seat, Vec<Card>)>,
    fresh: RwSignal<Vec<Card>>,
    /// What the aria-live region says.
    live: RwSignal<String>,
    /// The bots' moves since the last one heard, for screen readers (a
    /// region of its own: the person's staging announcements do not cut it off).
    heard: RwSignal<String>,
    /// Each seat's latest move and the log, followed move by move.
    moves: RwSignal<Option<SeatMoves>>,
    /// The number of moves already heard.
    said: StoredValue<usize>,
    /// The move (and rounds seen) at which what the person must see was
    /// last brought into view.
    shown: StoredValue<Option<(usize, usize)>>,
    /// The meld a staging action changed last: kept in view.
    changed: StoredValue<Option<usize>>,
    /// The end screen's last Share (the deal bar keeps its own).
    shared: Shared,
}

impl Ui {
    fn staging_with<R>(self, f: impl FnOnce(&Option<Staging>) -> R) -> R {
        self.staging.with_untracked(f)
    }
    fn staging_update(self, f: impl FnOnce(&mut Staging)) {
        self.staging.update(|s| {
            if let Some(s) = s {
                f(s);
            }
        });
    }
    fn lang(self) -> Lang {
        self.ctx.lang.get_untracked()
    }
    fn moves(self) -> usize {
        self.ctx.game_untracked::<Ja, _>(|s| s.actions().len()).unwrap_or(0)
    }
}

fn save_note(ui: Ui) {
    let at = ui.moves();
    let mut note = ui.staging_with(|st| staging::write_note(&ui.orders.get_value(), st.as_ref().map(|s| (s, at))));
    // The rounds whose end the players have seen: a reload at a round's
    // end shows it again (JA-17).
    note.set("r", Json::int(ui.acked.get_untracked() as i64));
    crate::ui::set_note::<Ja>(ui.ctx, Some(note));
}

/// Rebuilds the staging area from the game (at every move, and at the start).
fn rebuild(ui: Ui) {
    let mut hand = (0, Vec::new());
    let st = ui.ctx.game_untracked::<Ja, _>(|s| {
        let view = s.view(s.viewer());
        hand = (view.seat, view.hand.clone());
        let note = s.note();
        let orders = staging::read_orders(note);
        if !orders.is_empty() {
            ui.orders.set_value(orders);
        }
        staging::staging_from_note(&view, note, s.actions().len())
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
    ui.changed.set_value(None);
}

/// A staging problem in words: a refused meld named by its cards.
fn problem_text(st: &Staging, problem: &Refusal, lang: Lang) -> String {
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
    view::show_changed(ui);
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
    match act::<Ja>(ui.ctx, action) {
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
    if play_staged(ui) && !crate::ui::puzzles::answered_now(ui.ctx) {
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

/// A tap on card `k` of meld `m`: select it, swap a natural for it, or drop
/// the selection on its meld.
fn tap_meld(ui: Ui, m: usize, k: Option<usize>) {
    let (empty, only_here, swap) = ui.staging_with(|s| {
        let Some(s) = s.as_ref() else { return (true, false, false) };
        let only_here = s.selected.iter().all(|p| matches!(p, Pick::Table(mm, _) if *mm == m));
        let wild = k.and_then(|k| s.table.get(m)?.cards.get(k)).is_some_and(|c| c.card.is_wild());
        let swap = wild && matches!(s.selected.as_slice(), [Pick::Hand(i)] if s.hand.get(*i).is_some_and(|c| !c.is_wild()));
        (s.selected.is_empty(), only_here, swap)
    });
    match k {
        Some(k) if swap => stage_on(ui, Some(m), |s| s.toggle(Pick::Table(m, k)).and_then(|()| s.swap())),
        Some(k) if empty || only_here => {
            stage(ui, |s| s.toggle(Pick::Table(m, k)));
        }
        _ => stage_on(ui, Some(m), |s| s.place(Target::Meld(m))),
    }
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
        }
        "swap" => {
            let m = source_meld(ui);
            stage_on(ui, m, Staging::swap);
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
        "hint" if !ui.ctx.puzzle.get_untracked() => hint::ask::<Ja>(ui.ctx, ui.hint),
        "next" => {
            ui.acked.update(|a| *a += 1);
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
            let next = if what == "same" { config } else { crate::app::config::TableConfig { seed: browser::fresh_seed(), daily: None, ..config } };
            crate::ui::start_game(ui.ctx, next.into_any());
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

/// Stages the hint's table ("Stage this table").
fn apply_hint(ui: Ui, table: &[tablee_engine::jachete::TableMeld]) {
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

fn on_click(ui: Ui, ev: web_sys::MouseEvent) {
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
fn on_pointer(ui: Ui, ev: web_sys::PointerEvent) {
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
fn follow_moves(ui: Ui) {
    let lang = ui.lang();
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

#[component]
pub fn Game() -> impl IntoView {
    let ctx = ctx();
    crate::ui::term::provide();
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
        staging: RwSignal::new(None),
        orders: StoredValue::new(Vec::new()),
        msg: RwSignal::new(None),
        acked: RwSignal::new(acked),
        history: RwSignal::new(false),
        hint: RwSignal::new(Hint::Off),
        drag: StoredValue::new(None),
        dragged: StoredValue::new(false),
        seen: StoredValue::new((0, Vec::new())),
        fresh: RwSignal::new(Vec::new()),
        live: RwSignal::new(String::new()),
        heard: RwSignal::new(String::new()),
        moves: RwSignal::new(None),
        said: StoredValue::new(ctx.game_untracked::<Ja, _>(|s| s.actions().len()).unwrap_or(0)),
        shown: StoredValue::new(None),
        changed: StoredValue::new(None),
        shared: RwSignal::new(None),
    };
    rebuild(ui);
    follow_moves(ui);
    // A new staging area at every move (and for whoever is on screen).
    let key = Memo::new(move |_| ctx.game::<Ja, _>(|s| (s.actions().len(), s.viewer())));
    Effect::new(move |prev: Option<usize>| {
        let moves = key.get().map_or(0, |k| k.0);
        if prev.is_some_and(|p| moves < p) {
            // A take-back: a round's end taken back is to be seen again
            // when it comes (JA-17).
            let ended = ctx.game_untracked::<Ja, _>(|s| s.state().results().len()).unwrap_or(0);
            ui.acked.update(|a| *a = (*a).min(ended));
            ui.said.set_value(moves);
            save_note(ui);
        }
        if prev.is_some() {
            rebuild(ui);
            follow_moves(ui);
        }
        view::show_turn(ui);
        moves
    });
    // JA-17: a round's end is shown until "Next round"; the bots wait meanwhile.
    let round_end = Memo::new(move |_| {
        let acked = ui.acked.get();
        ctx.game::<Ja, _>(|s| s.state().results().len() > acked && !s.is_over()).unwrap_or(false)
    });
    Effect::new(move |_| {
        let held = round_end.get();
        ctx.hold.set(held);
        if held {
            // The note says this round's end is not seen yet (a reload shows it).
            save_note(ui);
        }
        view::show_turn(ui);
    });
    // Keys are read on the window; they act when the focus is on a target.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| on_key(ui, ev));
    // (The hold on the bots goes with the screen: `Ctx::go`. No signal is
    // written here: docs/architecture.md, "Leaving a screen".)
    on_cleanup(move || keys.remove());

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
            <div data-testid="ja-table" data-moves=move || key.get().map(|k| k.0).unwrap_or(0).to_string()>
                <view::Table ui round_end />
            </div>
            <p class="sr-only" aria-live="polite" data-testid="ja-live">{move || ui.live.get()}</p>
            <p class="sr-only" aria-live="polite" data-testid="ja-move-live">{move || ui.heard.get()}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::game::GameDef;
    use crate::app::puzzles;
    use crate::ui::game_ui::GameUi;

    /// Catches a puzzle's answer screen naming its moves vaguely: a buy
    /// without its card, or a table by every meld on it (the others' and
    /// the seat's unchanged ones) instead of what the move lays.
    #[test]
    fn a_puzzles_moves_are_named_by_their_card_and_by_the_melds_they_lay() {
        let file = tablee_puzzles::format::read_file(concat!(env!("CARGO_MANIFEST_DIR"), "/public/puzzles/jachete.json")).unwrap();
        let words = |id: u32, i: usize, lang: Lang| {
            let p = file.puzzle(id).unwrap();
            let position = puzzles::session::<Ja>(&file, p).unwrap();
            let action = <Ja as GameDef>::action_from_json(&p.candidates[i].action).unwrap();
            (<Ja as GameUi>::puzzle_words(&position, &action, lang), position.view(p.seat), action)
        };
        let buy = file.puzzles.iter().find(|p| p.kind == tablee_puzzles::format::Kind::Buy).unwrap();
        for (i, c) in buy.candidates.iter().enumerate() {
            let (text, view, _) = words(buy.id, i, Lang::En);
            let card = the_card_label(view.buy_card.unwrap());
            let act = c.action.get("act").and_then(Json::as_str).unwrap();
            assert!(text.contains(&card) && text.starts_with(if act == "buy" { "Buy" } else { "Let" }), "{text} names {card}");
        }
        // The first candidate play of the file whose table (with the view's
        // table before it) is `wanted`: its puzzle, its index and the view.
        let find_play = |wanted: &dyn Fn(&[tablee_engine::jachete::TableMeld], &[tablee_engine::jachete::TableMeld]) -> bool| {
            file.puzzles.iter().flat_map(|p| (0..p.candidates.len()).map(move |i| (p, i))).find_map(|(p, i)| {
                let (_, view, action) = words(p.id, i, Lang::En);
                let JaAction::Play { table } = action else { return None };
                wanted(&view.table, &table).then_some((p, i, view))
            })
        };
        // A table laid beside melds already there: only what changes is named.
        let (lay, i, view) = find_play(&|before, table| {
            let kept = table.iter().filter(|m| before.iter().any(|t| same_cards(&t.cards, &m.cards))).count();
            kept > 0 && kept < table.len()
        })
        .expect("a table laid beside melds kept as they were");
        let (en, _, action) = words(lay.id, i, Lang::En);
        let (fr, _, _) = words(lay.id, i, Lang::Fr);
        let JaAction::Play { table } = action else { unreachable!() };
        let changed = table.iter().filter(|m| !view.table.iter().any(|t| same_cards(&t.cards, &m.cards))).count();
        // The log's words (a lay-off is "Add … to …", not "Lay down"), one
        // phrase a meld laid or changed (an opening's melds after "Open:").
        let verbs = ["Open: ", "Lay down ", "Add ", "Move "];
        let verbes = ["Ouvrez", "Posez ", "Ajoutez ", "Déplacez "];
        assert!(verbs.iter().any(|v| en.starts_with(v)) && verbes.iter().any(|v| fr.starts_with(v)), "{en} / {fr}");
        let phrases = en.split(" · ").map(|p| p.matches(" / ").count() + 1).sum::<usize>();
        assert_eq!(phrases, changed, "{en}: the {changed} melds laid or changed");
        // No meld left as it was is named.
        for kept in table.iter().filter(|m| view.table.iter().any(|t| same_cards(&t.cards, &m.cards))) {
            let label = kept.cards.iter().map(|&c| texts::card_label(c, Lang::En)).collect::<Vec<_>>().join(" ");
            assert!(!en.contains(&label), "{en} names the unchanged {label}");
        }

        // A lay-off only (every changed meld is one already on the table,
        // grown by the seat's cards): "Add ★ to 8♦ 9♦ 10♦", never "Lay down"
        // (which would read as a new meld) — what the wording fix was for.
        let grown = |before: &[Card], after: &[Card]| {
            let mut rest = after.to_vec();
            after.len() > before.len() && before.iter().all(|c| rest.iter().position(|r| r == c).map(|i| rest.remove(i)).is_some())
        };
        let (off, i, view) = find_play(&|before, table| {
            let changed: Vec<_> = table.iter().filter(|m| !before.iter().any(|t| same_cards(&t.cards, &m.cards))).collect();
            !changed.is_empty()
                && table.len() == before.len()
                && changed.iter().all(|m| before.iter().any(|t| t.owner == m.owner && grown(&t.cards, &m.cards)))
        })
        .expect("a puzzle's move that only lays off");
        let (en, _, action) = words(off.id, i, Lang::En);
        let (fr, _, _) = words(off.id, i, Lang::Fr);
        let JaAction::Play { table } = action else { unreachable!() };
        assert!(en.starts_with("Add ") && en.contains(" to ") && !en.contains("Lay down"), "puzzle {}: {en}", off.id);
        assert!(fr.starts_with("Ajoutez ") && fr.contains(" à ") && !fr.contains("Posez"), "puzzle {}: {fr}", off.id);
        // It names the meld added to, as it stood before.
        let to = table
            .iter()
            .find_map(|m| view.table.iter().find(|t| t.owner == m.owner && grown(&t.cards, &m.cards)))
            .map(|t| t.cards.iter().map(|&c| texts::card_label(c, Lang::En)).collect::<Vec<_>>().join(" "))
            .unwrap();
        assert!(en.contains(&format!(" to {to}")), "{en} names the meld it grows, {to}");
    }

    /// Whether two melds hold the same cards, in any order.
    fn same_cards(a: &[Card], b: &[Card]) -> bool {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }

    fn the_card_label(card: Card) -> String {
        texts::card_label(card, Lang::En)
    }
}
