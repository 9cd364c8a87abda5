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

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::jachete::{Card, JaAction, JaPhase, JaView, BUY_PRICE};
use tablee_engine::json::Json;
use tablee_engine::Seat;
use wasm_bindgen::JsCast;

use super::refusals::{ja_text, refusal_text};
use super::staging::{self, Order, Pick, StageError, Staging, Target};
use super::texts::{self, JaStrings};
use super::Jachete as Ja;
use crate::app::config::SeatKind;
use crate::app::controller::SPEED_KEY;
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::worker::{self, Reply};
use crate::i18n;
use crate::ui::{self as browser, act, ctx, tr, worker_client, Ctx, Speed};

/// A J'achète text that follows the language switch (see `ui::tr`).
pub fn ja_tr(pick: fn(&'static JaStrings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(lang.get().ja())
}

#[derive(Clone, Debug, PartialEq)]
enum Hint {
    Off,
    Thinking,
    Ready { at: usize, choices: Vec<(JaAction, f64)> },
}

/// The table's own state, shared by its components.
#[derive(Clone, Copy)]
struct Ui {
    ctx: Ctx,
    /// What the seat on screen sees.
    view: Memo<Option<JaView>>,
    /// The staging area of the seat on screen (rebuilt at every move).
    staging: RwSignal<Option<Staging>>,
    /// Each seat's hand order.
    orders: StoredValue<Vec<(Seat, Order)>>,
    /// The last refusal or staging problem, worded.
    msg: RwSignal<Option<String>>,
    /// What the aria-live region says.
    live: RwSignal<String>,
    /// Rounds whose end the players have seen.
    acked: RwSignal<usize>,
    history: RwSignal<bool>,
    hint: RwSignal<Hint>,
    /// A pointer drag under way: the card picked, where it started, and whether it moved.
    drag: StoredValue<Option<(Pick, i32, i32, bool)>>,
    /// When a drag last ended (ms): the click that follows it is not a tap.
    dragged: StoredValue<f64>,
}

fn ui() -> Ui {
    expect_context::<Ui>()
}

/// The table's note in the save: each seat's hand order and the staged table.
fn note_of(s: &crate::app::session::Session<Ja>) -> Option<Json> {
    s.note().cloned()
}

fn save_note(ui: Ui) {
    let at = ui.ctx.game_untracked::<Ja, _>(|s| s.actions().len()).unwrap_or(0);
    let note = ui.staging.with_untracked(|st| {
        let orders = ui.orders.get_value();
        staging::write_note(&orders, st.as_ref().map(|s| (s, at)))
    });
    crate::ui::set_note::<Ja>(ui.ctx, Some(note));
}

/// Rebuilds the staging area from the game (at every move, and at the start).
fn rebuild(ui: Ui) {
    let st = ui.ctx.game_untracked::<Ja, _>(|s| {
        let view = s.view(s.viewer());
        let note = note_of(s);
        let orders = staging::read_orders(note.as_ref());
        if !orders.is_empty() {
            ui.orders.set_value(orders);
        }
        staging::staging_from_note(&view, note.as_ref(), s.actions().len())
    });
    ui.staging.set(st);
    ui.hint.set(Hint::Off);
}

/// Runs a staging operation; words its refusal, or saves the note.
fn stage(ui: Ui, f: fn(&mut Staging, usize) -> Result<(), StageError>, arg: usize) -> bool {
    let lang = ui.ctx.lang();
    let mut result = Err(StageError::NotYourTurn);
    ui.staging.update(|st| {
        if let Some(s) = st {
            result = f(s, arg);
        }
    });
    match result {
        Ok(()) => {
            ui.msg.set(None);
            if let Some((seat, order)) = ui.staging.with_untracked(|s| s.as_ref().map(|s| (s.seat, s.order.clone()))) {
                ui.orders.update_value(|o| staging::set_order_of(o, seat, order));
            }
            let (n, hand) = ui.staging.with_untracked(|s| s.as_ref().map_or((0, 0), |s| (s.selected.len(), s.hand.len())));
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
            ui.msg.set(Some(text));
            false
        }
    }
}

/// A move to the engine; its refusal is worded in `msg`.
fn send(ui: Ui, action: JaAction) -> bool {
    match act::<Ja>(ui.ctx, action) {
        Ok(()) => {
            ui.msg.set(None);
            true
        }
        Err(error) => {
            let text = refusal_text(&error, ui.ctx.lang());
            ui.live.set(text.clone());
            ui.msg.set(Some(text));
            false
        }
    }
}

/// Play the staged table (if it changed). False if the engine refused it.
fn play_staged(ui: Ui) -> bool {
    let Some(action) = ui.staging.with_untracked(|s| s.as_ref().and_then(Staging::proposal)) else { return true };
    let ok = send(ui, action);
    if ok {
        ui.live.set(ui.ctx.lang().ja().played.to_string());
    }
    ok
}

/// Discard the one selected hand card, playing the staged table first.
fn discard(ui: Ui) {
    let card = ui.staging.with_untracked(|s| {
        let s = s.as_ref()?;
        match s.selected.as_slice() {
            [Pick::Hand(i)] => s.hand.get(*i).copied(),
            _ => None,
        }
    });
    let Some(card) = card else {
        let lang = ui.ctx.lang();
        ui.msg.set(Some(lang.pick("Select the one card to discard.", "Choisissez la carte à défausser.").to_string()));
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
            } else if let Some(to) = t.strip_prefix('h').and_then(|m| m.parse::<usize>().ok()) {
                // A hand card dropped on another: the manual order.
                let from = ui.staging.with_untracked(|s| s.as_ref().and_then(|s| match s.selected.as_slice() {
                    [Pick::Hand(i)] => Some(*i),
                    _ => None,
                }));
                if let Some(from) = from {
                    ui.staging.update(|s| {
                        if let Some(s) = s {
                            s.move_in_hand(from, to);
                        }
                    });
                    stage(ui, |_, _| Ok(()), 0);
                } else {
                    stage(ui, |s, _| s.place(Target::Hand), 0);
                }
            }
        }
    }
}

/// A tap on card `k` of meld `m`: select it, swap a natural for it, or drop
/// the selection on its meld.
fn tap_meld(ui: Ui, m: usize, k: Option<usize>) {
    let (empty, only_here, swap) = ui.staging.with_untracked(|s| {
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
    let at = ui.dragged.get_value();
    ui.dragged.set_value(0.0);
    js_sys::Date::now() - at < 500.0
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
            ui.staging.update(|s| {
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
    ui.staging.update(|s| {
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
        "hist" => ui.history.update(|h| *h = !*h),
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

/// Pointer drag: down on a card records it (with pointer capture), a move
/// past a few pixels starts the drag, up drops on what is under the pointer.
fn on_pointer(ui: Ui, ev: web_sys::PointerEvent) {
    let Some((el, what)) = acted(&ev) else { return };
    let Some(pick) = pick_of(&what) else { return };
    match ev.type_().as_str() {
        "pointerdown" => {
            if ev.button() == 0 && ui.staging.with_untracked(|s| s.as_ref().is_some_and(|s| s.playing)) {
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
            ui.dragged.set_value(js_sys::Date::now());
            // What is under the pointer, the dragged card aside.
            let _ = el.style().set_property("visibility", "hidden");
            let target = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.element_from_point(ev.client_x() as f32, ev.client_y() as f32))
                .and_then(|e| e.closest("[data-drop]").ok().flatten())
                .and_then(|e| e.get_attribute("data-drop"));
            let _ = el.style().remove_property("visibility");
            let Some(target) = target else { return };
            // The dragged card joins the selection (or is the selection).
            let selected = ui.staging.with_untracked(|s| s.as_ref().is_some_and(|s| s.is_selected(p)));
            if !selected {
                ui.staging.update(|s| {
                    if let Some(s) = s {
                        s.clear_selection();
                        let _ = s.toggle(p);
                    }
                });
            }
            drop_on(ui, &target);
        }
    }
}

#[component]
pub fn Game() -> impl IntoView {
    let ctx = ctx();
    let view = Memo::new(move |_| ctx.game::<Ja, _>(|s| s.view(s.viewer())));
    let rounds = ctx.game_untracked::<Ja, _>(|s| s.state().results().len()).unwrap_or(0);
    let ui = Ui {
        ctx,
        view,
        staging: RwSignal::new(None),
        orders: StoredValue::new(Vec::new()),
        msg: RwSignal::new(None),
        live: RwSignal::new(String::new()),
        acked: RwSignal::new(rounds),
        history: RwSignal::new(false),
        hint: RwSignal::new(Hint::Off),
        drag: StoredValue::new(None),
        dragged: StoredValue::new(0.0),
    };
    provide_context(ui);
    rebuild(ui);
    // A new staging area at every move (and for whoever is on screen).
    let key = Memo::new(move |_| ctx.game::<Ja, _>(|s| (s.actions().len(), s.viewer())));
    Effect::new(move |prev: Option<()>| {
        key.track();
        if prev.is_some() {
            rebuild(ui);
        }
    });
    // JA-17: a round's end is shown until "Next round"; the bots wait meanwhile.
    let over = Memo::new(move |_| ctx.game::<Ja, _>(|s| s.is_over()).unwrap_or(false));
    let round_end = Memo::new(move |_| {
        let done = ctx.game::<Ja, _>(|s| s.state().results().len()).unwrap_or(0);
        done > ui.acked.get() && !over.get()
    });
    Effect::new(move |_| ctx.hold.set(round_end.get()));
    on_cleanup(move || ctx.hold.set(false));

    view! {
        <div
            class="game ja"
            data-testid="table-screen"
            on:keydown=move |ev| on_key(ui, ev)
            on:click=move |ev| on_click(ui, ev)
            on:pointerdown=move |ev| on_pointer(ui, ev)
            on:pointermove=move |ev| on_pointer(ui, ev)
            on:pointerup=move |ev| on_pointer(ui, ev)
            on:pointercancel=move |ev| on_pointer(ui, ev)
        >
            <div data-testid="ja-table" data-moves=move || key.get().map(|k| k.0).unwrap_or(0).to_string()>
                <Bar />
                <Status />
                <Show when=move || over.get()>
                    <end::EndPanel />
                </Show>
                <div class="board">
                    <div class="main-col">
                        <Show when=move || round_end.get()>
                            <end::RoundEnd />
                        </Show>
                        <Melds />
                        <Seatside />
                    </div>
                    <div class="side-col">
                        <Facts />
                        <Players />
                    </div>
                </div>
                <p class="sr-only" aria-live="polite" data-testid="ja-live">{move || ui.live.get()}</p>
            </div>
        </div>
    }
}

/// The deal's number and the bots' speed.
#[component]
fn Bar() -> impl IntoView {
    let ctx = ctx();
    let seed = move || ctx.game::<Ja, _>(|s| s.config().seed.to_string()).unwrap_or_default();
    let label = move || ctx.game::<Ja, _>(|s| i18n::deal_bar_label(s.config(), ctx.lang())).unwrap_or_default();
    view! {
        <section class="deal-bar" aria-label=tr(|s| s.deal_word)>
            <p class="deal">
                {tr(|s| s.deal_word)} " "
                <span class="seed" data-testid="deal-id">{seed}</span>
                <span class="muted">" · " {label}</span>
            </p>
            <div class="bar-actions">
                <span class="speed" role="group" aria-label=tr(|s| s.speed_label)>
                    {Speed::ALL
                        .into_iter()
                        .map(|speed| view! {
                            <button
                                type="button"
                                class="speed-btn"
                                data-testid=format!("speed-{}", speed.code())
                                aria-pressed=move || (ctx.speed.get() == speed).to_string()
                                on:click=move |_| {
                                    ctx.speed.set(speed);
                                    browser::store(SPEED_KEY, speed.code());
                                }
                            >
                                {move || speed.label(ctx.lang())}
                            </button>
                        })
                        .collect_view()}
                </span>
            </div>
        </section>
    }
}

/// Whose turn it is, the bot thinking, and the forced buy of a turned wild (JA-7).
#[component]
fn Status() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    let text = move || {
        let lang = ctx.lang();
        ctx.game::<Ja, _>(|s| {
            let seat = s.to_act()?;
            let buying = ui.view.with(|v| v.as_ref().is_some_and(|v| v.phase == JaPhase::BuyWindow));
            let mut t = texts::turn_text(s.config(), seat, buying, lang);
            let forced = ui.view.with(|v| {
                let v = v.as_ref()?;
                let (seat, card) = *v.bought.first()?;
                (seat == v.dealer && card.is_wild() && v.discarded.len() < v.players).then_some((seat, card))
            });
            if let Some((dealer, card)) = forced {
                t = format!("{} {t}", texts::forced_buy_text(s.config(), dealer, card, lang));
            }
            Some(t)
        })
        .flatten()
        .unwrap_or_default()
    };
    let thinking = move || {
        let seat = ctx.thinking.get()?;
        ctx.game::<Ja, _>(|s| i18n::thinking_text(&i18n::seat_name(s.config(), seat, ctx.lang()), ctx.lang()))
    };
    let yours = move || ctx.game::<Ja, _>(|s| s.human_to_act().is_some()).unwrap_or(false);
    view! {
        <div class="status" class:yours=yours>
            <p class="turn" role="status" aria-live="polite" data-testid="turn-status">
                {text}
                {move || thinking().map(|t| view! { <span class="thinking" data-testid="thinking"><span class="dots" aria-hidden="true"></span>{t}</span> })}
            </p>
        </div>
    }
}

/// One card face: rank and suit, red or black; a joker is a star.
fn face(card: Card, lang: Lang) -> (String, &'static str) {
    let class = match card {
        Card::Joker => "jc joker",
        Card::Natural(_, s) if matches!(s, tablee_engine::jachete::Suit::Hearts | tablee_engine::jachete::Suit::Diamonds) => "jc red",
        _ => "jc",
    };
    (texts::card_label(card, lang), class)
}

/// A face-up card (not interactive).
fn card_view(card: Card, lang: Lang) -> impl IntoView {
    let (label, class) = face(card, lang);
    view! { <span class=format!("{class}{}", if card.is_wild() { " wild" } else { "" }) title=texts::card_spoken(card, lang)>{label}</span> }
}

/// Round, contract (in words and as a picture), dealer, stock, discard, pots.
#[component]
fn Facts() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let j = lang.ja();
        let Some(v) = ui.view.get() else { return ().into_any() };
        let Some(c) = tablee_engine::jachete::contract(v.round) else { return ().into_any() };
        let dealer = ctx.game::<Ja, _>(|s| i18n::seat_name(s.config(), v.dealer, lang)).unwrap_or_default();
        // The contract's picture: each set as `min_len` blank cards.
        let picture = (0..c.sets)
            .map(|_| view! { <span class="set-pic">{(0..c.min_len).map(|_| view! { <span class="blank"></span> }).collect_view()}</span> })
            .collect_view();
        let history = ui.history.get().then(|| {
            let cards = v.discards_seen.iter().map(|&c| view! { <li>{card_view(c, lang)}</li> }).collect_view();
            view! {
                <div class="ja-history" data-testid="ja-history">
                    <p class="note">{j.history_title}</p>
                    <ul class="ja-cards">{cards}</ul>
                </div>
            }
        });
        view! {
            <section class="panel ja-facts" aria-label=j.contract>
                <p class="ja-round" data-testid="ja-round">{texts::round_text(v.round, lang)}</p>
                <p class="ja-contract" data-testid="ja-contract">
                    <strong>{j.contract} {i18n::colon(lang)} " " {texts::contract_text(c, lang)}</strong>
                    <span class="contract-pic" aria-hidden="true">{picture}</span>
                </p>
                <dl class="facts">
                    <div><dt>{j.dealer}</dt><dd>{dealer}</dd></div>
                    <div><dt>{j.stock}</dt><dd data-testid="ja-stock">{v.stock}</dd></div>
                    <div>
                        <dt>{j.discard}</dt>
                        <dd data-testid="ja-discard-top" data-drop="discard" data-act="discard" role="button" class="ja-target" tabindex="0"
                            data-card=v.discard_top.map(|c| c.to_string())>
                            {match v.discard_top {
                                Some(c) => card_view(c, lang).into_any(),
                                None => j.discard_empty.into_any(),
                            }}
                        </dd>
                    </div>
                    <div><dt>{j.small_pot}</dt><dd>{texts::cents(v.pots.0)}</dd></div>
                    <div><dt>{j.big_pot}</dt><dd>{texts::cents(v.pots.1)}</dd></div>
                </dl>
                <button type="button" data-testid="ja-history-toggle" data-act="hist" aria-expanded=ui.history.get().to_string()>
                    {if ui.history.get() { j.history_hide } else { j.history_show }}
                </button>
                {history}
            </section>
        }
        .into_any()
    }
}

/// Every player: money, score, hand size, opened, bought this round.
#[component]
fn Players() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let j = lang.ja();
        let Some(v) = ui.view.get() else { return ().into_any() };
        let rows = ctx
            .game::<Ja, _>(|s| {
                (0..v.players)
                    .map(|seat| {
                        let level = match s.config().seat(seat) {
                            Some(SeatKind::Bot(level)) => Some(i18n::level_name(level, lang)),
                            _ => None,
                        };
                        let bought: Vec<Card> = v.bought.iter().filter(|(b, _)| *b == seat).map(|(_, c)| *c).collect();
                        let acting = v.to_act == Some(seat);
                        view! {
                            <li class="seat-line" class:acting=acting data-testid=format!("ja-player-{seat}")
                                data-hand-size=v.hand_sizes[seat].to_string() data-opened=v.opened[seat].to_string()>
                                <p class="who">
                                    <strong>{i18n::seat_name(s.config(), seat, lang)}</strong>
                                    {level.map(|l| view! { <span class="level">{l}</span> })}
                                    {(v.dealer == seat).then(|| view! { <span class="badge leader">{j.dealer}</span> })}
                                    <span class="badge" class:holds=v.opened[seat]>{if v.opened[seat] { j.opened } else { j.not_opened }}</span>
                                </p>
                                <p class="stats">
                                    <span>{texts::cents(v.money[seat])}</span>
                                    <span>{v.scores[seat]} " " {j.points}</span>
                                    <span>{i18n::cards_count(v.hand_sizes[seat], lang)}</span>
                                    {(!bought.is_empty()).then(|| view! {
                                        <span class="bought">{j.bought} " " {bought.into_iter().map(|c| card_view(c, lang)).collect_view()}</span>
                                    })}
                                </p>
                            </li>
                        }
                    })
                    .collect_view()
            })
            .unwrap_or_default();
        view! {
            <section class="panel players" aria-labelledby="players-title">
                <h2 id="players-title">{lang.s().players_title}</h2>
                <ul class="seats-list">{rows}</ul>
            </section>
        }
        .into_any()
    }
}

/// The (staged) table: melds grouped by owner, each with its live verdict.
#[component]
fn Melds() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let j = lang.ja();
        let Some((table, loose, selected, playing, seat)) =
            ui.staging.with(|s| s.as_ref().map(|s| (s.table.clone(), s.loose.clone(), s.selected.clone(), s.playing, s.seat)))
        else {
            return ().into_any();
        };
        let players = ui.view.with(|v| v.as_ref().map_or(0, |v| v.players));
        let groups = ctx
            .game::<Ja, _>(|s| {
                (0..players)
                    .filter(|owner| table.iter().any(|m| m.owner == *owner))
                    .map(|owner| {
                        let melds = table
                            .iter()
                            .enumerate()
                            .filter(|(_, m)| m.owner == owner)
                            .enumerate()
                            .map(|(k, (m, meld))| {
                                let status = ui.staging.with_untracked(|st| st.as_ref().map(|st| st.meld_status(m)));
                                let (ok, why) = match status {
                                    Some(Err(e)) => (
                                        false,
                                        ja_text(&tablee_engine::jachete::Refusal::MeldInvalid { index: m, error: e }, lang)
                                            .split_once(". ")
                                            .map(|(_, r)| r.to_string())
                                            .unwrap_or_default(),
                                    ),
                                    _ => (true, String::new()),
                                };
                                let laid = meld.cards.iter().any(|c| c.laid);
                                let cards = meld
                                    .cards
                                    .iter()
                                    .enumerate()
                                    .map(|(k, slot)| {
                                        let (label, class) = face(slot.card, lang);
                                        let sel = selected.contains(&Pick::Table(m, k));
                                        view! {
                                            <span
                                                class=format!("{class} mc{}{}", if slot.laid { " laid" } else { "" }, if slot.card.is_wild() { " wild" } else { "" })
                                                class:selected=sel
                                                data-card=slot.card.to_string()
                                                title=texts::card_spoken(slot.card, lang)
                                                data-act=format!("c{m}.{k}")
                                            >
                                                {label}
                                            </span>
                                        }
                                    })
                                    .collect_view();
                                let label = texts::meld_label(s.config(), owner, k, lang);
                                view! {
                                    <div
                                        class="meld ja-target"
                                        class:bad={!ok}
                                        class:fresh=laid
                                        role="button"
                                        tabindex="0"
                                        aria-label=label
                                        data-testid=format!("ja-meld-{owner}-{k}")
                                        data-drop=format!("m{m}")
                                        data-valid=ok.to_string()
                                        data-act=format!("m{m}")
                                    >
                                        <span class="meld-cards">{cards}</span>
                                        {(!ok).then(|| view! { <span class="why">{why}</span> })}
                                        {(ok && laid).then(|| view! { <span class="ok">"✓ " {j.valid}</span> })}
                                    </div>
                                }
                            })
                            .collect_view();
                        view! {
                            <div class="owner">
                                <h3>{i18n::seat_name(s.config(), owner, lang)}</h3>
                                <div class="melds">{melds}</div>
                            </div>
                        }
                    })
                    .collect_view()
            })
            .unwrap_or_default();
        let empty = table.is_empty();
        let tray = (!loose.is_empty()).then(|| {
            let cards = loose
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let (label, class) = face(c, lang);
                    let sel = selected.contains(&Pick::Loose(i));
                    view! {
                        <button type="button" class=format!("{class} ja-target") class:selected=sel data-testid=format!("ja-loose-{i}") data-act=format!("l{i}")>
                            {label}
                        </button>
                    }
                })
                .collect_view();
            view! { <p class="loose">{j.to_place} {i18n::colon(lang)} " " {cards}</p> }
        });
        let _ = seat;
        view! {
            <section class="panel ja-melds" aria-labelledby="ja-table-title">
                <h2 id="ja-table-title">{j.table_title}</h2>
                {empty.then(|| view! { <p class="empty">{j.table_empty}</p> })}
                {groups}
                {tray}
                {playing.then(|| view! {
                    <button type="button" class="new-meld ja-target" data-testid="ja-new-meld" data-drop="new" data-act="new">
                        "+ " {j.new_meld}
                    </button>
                })}
            </section>
        }
        .into_any()
    }
}

/// The hand area, or the hot-seat hand-off, or a note that hands are hidden.
#[component]
fn Seatside() -> impl IntoView {
    let ctx = ctx();
    let handoff = move || {
        ctx.game::<Ja, _>(|s| {
            let seat = s.human_to_act()?;
            (s.config().humans().len() > 1 && ctx.revealed_for.get() != Some(seat)).then_some(seat)
        })
        .flatten()
    };
    let hidden = move || {
        ctx.game::<Ja, _>(|s| s.config().humans().len() > 1 && !s.is_over() && s.human_to_act().is_none()).unwrap_or(false)
    };
    move || {
        if let Some(seat) = handoff() {
            let name = ctx.game::<Ja, _>(|s| i18n::seat_name(s.config(), seat, ctx.lang())).unwrap_or_default();
            let lang = ctx.lang();
            view! {
                <section class="panel handoff" data-testid="handoff-screen">
                    <h2>{i18n::handoff_title(&name, lang)}</h2>
                    <p>{lang.s().handoff_hidden}</p>
                    <button type="button" class="primary big" data-testid="handoff-ready" on:click=move |_| ctx.revealed_for.set(Some(seat))>
                        {i18n::handoff_ready(&name, lang)}
                    </button>
                </section>
            }
            .into_any()
        } else if hidden() {
            view! { <section class="panel hidden-hands" data-testid="hands-hidden"><p>{tr(|s| s.handoff_hidden)}</p></section> }.into_any()
        } else {
            view! { <Buy /> <Hand /> }.into_any()
        }
    }
}

/// JA-9..JA-11: the buy window, with the priority order and who said no.
#[component]
fn Buy() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let j = lang.ja();
        let Some(v) = ui.view.get() else { return ().into_any() };
        let (Some(card), JaPhase::BuyWindow) = (v.buy_card, v.phase) else { return ().into_any() };
        let mine = ctx.game::<Ja, _>(|s| s.human_to_act() == Some(v.seat)).unwrap_or(false);
        let by = v.discarded.last().map(|(s, _)| *s).filter(|_| !v.discarded.is_empty());
        let order: Vec<Seat> = (0..v.players)
            .map(|i| (v.turn + i) % v.players)
            .filter(|&s| !v.opened[s] && v.money[s] >= BUY_PRICE && Some(s) != by)
            .collect();
        let asked = v.to_act;
        let at = order.iter().position(|s| Some(*s) == asked).unwrap_or(0);
        let items = ctx
            .game::<Ja, _>(|s| {
                order
                    .iter()
                    .enumerate()
                    .map(|(i, &seat)| {
                        let note = if i < at { j.declined } else if i == at { j.asked_now } else { "" };
                        view! { <li class:now={i == at}>{i18n::seat_name(s.config(), seat, lang)} " " <span class="muted">{note}</span></li> }
                    })
                    .collect_view()
            })
            .unwrap_or_default();
        let question = texts::buy_question(card, v.turn == v.seat, lang);
        view! {
            <section class="panel ja-buy" data-testid="ja-buy-window">
                <p class="buy-card">{card_view(card, lang)} " " {if mine { question } else { String::new() }}</p>
                {mine.then(|| view! {
                    <p class="buttons">
                        <button type="button" class="primary" data-testid="ja-buy" data-act="buy">{j.buy}</button>
                        <button type="button" data-testid="ja-decline" data-act="decline">{j.decline}</button>
                        <HintButton />
                    </p>
                })}
                <p class="note">{j.buy_order} {i18n::colon(lang)}</p>
                <ol class="buy-order">{items}</ol>
                <HintPanel />
            </section>
        }
        .into_any()
    }
}

/// The hand, its sorting, and the turn's buttons.
#[component]
fn Hand() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    let hand = move || {
        let lang = ctx.lang();
        let Some((cards, selected, fresh)) = ui.staging.with(|s| {
            s.as_ref().map(|s| {
                let drawn = ui.view.with(|v| v.as_ref().and_then(|v| v.hand.last().copied()));
                (s.hand.clone(), s.selected.clone(), drawn.filter(|_| s.playing && !s.changed()))
            })
        }) else {
            return ().into_any();
        };
        let mut marked = false;
        let items = cards
            .into_iter()
            .enumerate()
            .map(|(i, card)| {
                let (label, class) = face(card, lang);
                let sel = selected.contains(&Pick::Hand(i));
                let new = !marked && fresh == Some(card);
                marked |= new;
                view! {
                    <li>
                        <button
                            type="button"
                            class=format!("{class} hc card-btn ja-target{}{}", if card.is_wild() { " wild" } else { "" }, if new { " new" } else { "" })
                            class:selected=sel
                            aria-pressed=sel.to_string()
                            aria-label=texts::card_spoken(card, lang)
                            data-testid=format!("ja-hand-card-{i}")
                            data-card=card.to_string()
                            data-drop=format!("h{i}")
                            data-act=format!("h{i}")
                        >
                            {label}
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="ja-hand" data-testid="ja-hand" data-drop="hand">{items}</ul> }.into_any()
    };
    let heading = move || ui.staging.with(|s| s.as_ref().map(|s| texts::hand_heading(s.hand.len(), ctx.lang())));
    let playing = move || ui.staging.with(|s| s.as_ref().is_some_and(|s| s.playing));
    let progress = move || {
        let lang = ctx.lang();
        ui.staging.with(|s| s.as_ref().filter(|s| s.playing).and_then(|s| s.progress()).map(|(d, c)| texts::progress_text(d, c, lang)))
    };
    let problem = move || {
        let lang = ctx.lang();
        ui.msg.get().or_else(|| ui.staging.with(|s| s.as_ref().and_then(|s| s.problem()).map(|r| ja_text(&r, lang))))
    };
    let can_swap = move || {
        ui.staging.with(|s| {
            s.as_ref().is_some_and(|s| {
                matches!(s.selected.as_slice(), [Pick::Hand(_), Pick::Table(..)] | [Pick::Table(..), Pick::Hand(_)])
            })
        })
    };
    view! {
        <section class="panel hand-area ja-hand-area" aria-labelledby="ja-hand-title">
            <div class="row-head">
                <h2 id="ja-hand-title">{heading}</h2>
                <p class="sorts">
                    <button type="button" data-testid="ja-sort-rank" data-act="sr">{ja_tr(|j| j.sort_rank)}</button>
                    <button type="button" data-testid="ja-sort-suit" data-act="ss">{ja_tr(|j| j.sort_suit)}</button>
                </p>
            </div>
            {hand}
            <Show when=playing>
                <p class="note">{ja_tr(|j| j.turn_help)}</p>
                <p class="progress" data-testid="ja-progress">{progress}</p>
                <p class="buttons">
                    <button type="button" class="primary" data-testid="ja-play" data-act="play">{ja_tr(|j| j.play)}</button>
                    <button type="button" data-testid="ja-discard" data-drop="discard" data-act="discard">{ja_tr(|j| j.discard_button)}</button>
                    <button type="button" data-testid="ja-reset-turn" data-act="reset">{ja_tr(|j| j.reset_turn)}</button>
                    <button type="button" data-testid="ja-to-hand" data-drop="hand" data-act="hand">{ja_tr(|j| j.to_hand)}</button>
                    <Show when=can_swap>
                        <button type="button" data-testid="ja-swap" data-act="swap">{ja_tr(|j| j.swap)}</button>
                    </Show>
                    <HintButton />
                </p>
                <HintPanel />
            </Show>
            <p class="error" role="alert" data-testid="ja-problem">{problem}</p>
        </section>
    }
}

#[component]
fn HintButton() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    let allowed = ctx.game_untracked::<Ja, _>(|s| s.config().hints_allowed()).unwrap_or(false);
    if !allowed {
        return view! { <span class="note" data-testid="hint-off">{tr(|s| s.hint_daily)}</span> }.into_any();
    }
    let ask = move |_| {
        ui.hint.set(Hint::Thinking);
        spawn_local(async move {
            browser::sleep(30).await;
            let Some((at, job)) = ctx
                .game_untracked::<Ja, _>(|s| {
                    let d = s.hint_decision()?;
                    Some((d.at, worker::analyse_job(s, &d, 3)))
                })
                .flatten()
            else {
                ui.hint.set(Hint::Off);
                return;
            };
            let choices = match worker_client::ask(job).await {
                Some(Reply::Choices { choices }) => {
                    choices.into_iter().filter_map(|(a, v)| Some((Ja::action_from_json(&a).ok()?, v))).collect()
                }
                _ => {
                    ui.hint.set(Hint::Off);
                    return;
                }
            };
            ui.hint.set(Hint::Ready { at, choices });
        });
    };
    view! {
        <button type="button" data-testid="hint-button" disabled=move || ui.hint.get() == Hint::Thinking on:click=ask>
            {tr(|s| s.hint)}
        </button>
    }
    .into_any()
}

#[component]
fn HintPanel() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let now = ctx.game::<Ja, _>(|s| s.actions().len()).unwrap_or(0);
        match ui.hint.get() {
            Hint::Off => ().into_any(),
            Hint::Thinking => view! { <p class="hint" data-testid="hint-panel" role="status">{lang.s().hint_thinking}</p> }.into_any(),
            Hint::Ready { at, .. } if at != now => ().into_any(),
            Hint::Ready { choices, .. } => {
                let items = choices
                    .into_iter()
                    .enumerate()
                    .map(|(i, (action, value))| {
                        let table = match &action {
                            JaAction::Play { table } if i == 0 => Some(table.clone()),
                            _ => None,
                        };
                        view! {
                            <li>
                                <span>{texts::action_text(&action, lang)}</span>
                                <span class="muted">" — " {lang.s().hint_score} " " {format!("{}%", (value.clamp(0.0, 1.0) * 100.0).round() as u32)}</span>
                                {table.map(|table| view! {
                                    " "
                                    <button type="button" data-testid="hint-apply" on:click=move |_| {
                                        ui.staging.update(|s| if let Some(s) = s { s.load_proposal(&table); });
                                        stage(ui, |_, _| Ok(()), 0);
                                    }>{lang.ja().hint_apply}</button>
                                })}
                            </li>
                        }
                    })
                    .collect_view();
                view! {
                    <section class="hint" data-testid="hint-panel">
                        <h3>{lang.s().hint_title}</h3>
                        <ol>{items}</ol>
                    </section>
                }
                .into_any()
            }
        }
    }
}
