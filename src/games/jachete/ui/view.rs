//! The table's components. The facts, the seats and the cards are drawn
//! from plain data, so that the replay table ([`super::replay`]) draws them
//! the same way; the live table wraps them in what it reads.
//!
//! Issue 53: the live table reads its feed ([`crate::ui::feed::Feed`], in
//! `Ui::feed`): the seat's view, the table's set-up, never the game's
//! state. Each piece derives its slice as a memo (the facts, each seat's
//! line, the hand, the buy window, the log's lines) and lists are keyed
//! `<For>` whose rows update in place (a seat's line, a log line by its
//! first move: a buy window's line grows as its answers come), so that a
//! bot's move redraws what it changed and the log only grows.
//!
//! On every screen the hand comes before the table's melds: a meld staged
//! grows the page below the hand, which stays where it is, and on a phone
//! the turn's buttons and the staged table's problem sit in a bar fixed at
//! the foot of the window (full.css).

use leptos::prelude::*;
use tablee_engine::jachete::{Card, JaAction, JaPhase, JaView, BUY_PRICE};
use tablee_engine::Seat;

use super::cards::{cards_view, face_class};
use super::moves::{self, log_lines, LogLine, SeatMoves};
use super::control::{self, apply_hint, human_turn, is_over, problem_text, Ja, Ui};
use super::end;
use crate::app::config::{SeatKind, TableConfig};
use crate::app::lang::Lang;
use crate::games::jachete::refusals::meld_text;
use crate::games::jachete::staging::{Pick, Staging};
use crate::games::jachete::texts;
use crate::games::jachete::wishes::{self, Wish};
use crate::i18n;
use crate::ui::hint;
use crate::ui::term::{Term, TermNote};

/// What the facts panel shows: round `round` (while a round's end is
/// shown, that round), and during a round its dealer, stock and discard.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Facts {
    round: u8,
    during: bool,
    dealer: String,
    stock: usize,
    top: Option<Card>,
    pots: (i32, i32),
}

impl Facts {
    /// While round `finished` (0-based)'s end is shown, that round and its
    /// contract, and the pots (the next round is dealt but not begun).
    pub(super) fn of(config: &TableConfig<Ja>, v: &JaView, finished: Option<usize>, lang: Lang) -> Facts {
        Facts {
            round: finished.map_or(v.round, |i| (i + 1) as u8),
            during: finished.is_none(),
            dealer: i18n::seat_name(config, v.dealer, lang),
            stock: v.stock,
            top: v.discard_top,
            pots: v.pots,
        }
    }
}

/// Round, contract (in words and as a picture), dealer, stock, discard,
/// pots. `live`: the discard is a drop target (the replay's is not). Each
/// part follows its own slice of `f` (a draw changes the stock's number,
/// not the panel).
pub(super) fn facts(f: Signal<Facts>, live: bool, lang: Lang) -> AnyView {
    let j = lang.ja();
    let round = Memo::new(move |_| f.with(|f| f.round));
    let during = Memo::new(move |_| f.with(|f| f.during));
    let dealer = Memo::new(move |_| f.with(|f| f.dealer.clone()));
    let stock = Memo::new(move |_| f.with(|f| f.stock));
    let top = Memo::new(move |_| f.with(|f| f.top));
    let pots = Memo::new(move |_| f.with(|f| f.pots));
    let fact = |dt: &'static str, dd: AnyView| view! { <div><dt>{dt}</dt><dd>{dd}</dd></div> };
    let terms = crate::games::jachete::terms::terms(lang);
    let head = move || {
        let round = round.get();
        let c = tablee_engine::jachete::contract(round)?;
        let picture = (0..c.sets)
            .map(|_| view! { <span class="set-pic">{(0..c.min_len).map(|_| view! { <span class="blank"></span> }).collect_view()}</span> })
            .collect_view();
        let (count, sets, rest) = texts::contract_words(c, lang);
        Some(view! {
            <p class="ja-round" data-testid="ja-round">{texts::round_text(round, lang)}</p>
            <p class="ja-contract" data-testid="ja-contract">
                <strong>{j.contract}{i18n::colon(lang)} " " {count} " " <Term word=terms.set shown=sets /> " " {rest}</strong>
                <span class="contract-pic" aria-hidden="true">{picture}</span>
            </p>
        })
    };
    let during = move || {
        during.get().then(|| {
            let shown = move || match top.get() {
                Some(c) => cards_view(&[c], lang).into_any(),
                None => j.discard_empty.into_any(),
            };
            let card = move || top.get().map(|c| c.to_string()).unwrap_or_default();
            // The drop target is inside the `dd` (a `dd` with a button's role
            // would leave the list invalid).
            let discard = if live {
                view! { <span class="ja-target" role="button" tabindex="0" data-drop="discard" data-act="discard" data-testid="ja-discard-top" data-card=card>{shown}</span> }.into_any()
            } else {
                view! { <span data-testid="ja-discard-top" data-card=card>{shown}</span> }.into_any()
            };
            view! {
                {fact(j.dealer, (move || dealer.get()).into_any())}
                // Issue 52: the stock (the two decks) and the pots (what the
                // cents are for) defined where they first appear.
                <div><dt><Term word=terms.stock shown=j.stock /></dt><dd data-testid="ja-stock">{move || stock.get()}</dd></div>
                {fact(j.discard, discard)}
            }
        })
    };
    if tablee_engine::jachete::contract(round.get_untracked()).is_none() {
        return ().into_any();
    }
    view! {
        <section class="panel ja-facts" aria-label=j.contract>
            <div class="ja-head">
                {head}
                // Issue 42: the words a newcomer meets at this table, each
                // defined on a tap (the contract's set word just above).
                {live.then(|| view! {
                    <p class="ja-terms" data-testid="ja-terms">
                        <Term word=terms.run /> " · " <Term word=terms.wild /> " · " <Term word=terms.open /> " · " <Term word=terms.buy />
                    </p>
                })}
                <TermNote />
            </div>
            <dl class="facts">
                {during}
                <div><dt><Term word=terms.small_pot shown=j.small_pot /></dt><dd data-testid="ja-small-pot">{move || texts::cents(pots.get().0, lang)}</dd></div>
                <div><dt><Term word=terms.big_pot shown=j.big_pot /></dt><dd data-testid="ja-big-pot">{move || texts::cents(pots.get().1, lang)}</dd></div>
            </dl>
        </section>
    }
    .into_any()
}

/// One seat of the players list.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct SeatRow {
    seat: Seat,
    name: String,
    level: Option<&'static str>,
    dealer: bool,
    acting: bool,
    /// Whether it opened (`None` while a round's end is shown).
    opened: Option<bool>,
    money: i32,
    score: i32,
    hand_size: usize,
    staged: usize,
    bought: Vec<Card>,
    bubble: Option<(String, bool)>,
}

/// Every player: money, score, hand size, opened, bought this round. The
/// seat staging a play sees how many of its cards are on the staged table
/// (still in its hand for the others until "Play"). While a round's end is
/// shown: money and scores only (the next round is dealt, not begun).
pub(super) fn seat_rows(config: &TableConfig<Ja>, v: &JaView, st: Option<&Staging>, round_end: bool, moves: Option<&SeatMoves>, lang: Lang) -> Vec<SeatRow> {
    (0..v.players)
        .map(|seat| SeatRow {
            seat,
            name: i18n::seat_name(config, seat, lang),
            level: match config.seat(seat) {
                Some(SeatKind::Bot(level)) => Some(i18n::level_name(level, lang)),
                _ => None,
            },
            dealer: v.dealer == seat && !round_end,
            acting: v.to_act == Some(seat) && !round_end,
            opened: (!round_end).then(|| v.opened[seat]),
            money: v.money[seat],
            score: v.scores[seat],
            hand_size: v.hand_sizes[seat],
            staged: st.filter(|st| st.playing && st.seat == seat).map_or(0, |st| v.hand.len().saturating_sub(st.hand.len())),
            bought: if round_end { Vec::new() } else { v.bought.iter().filter(|(b, _)| *b == seat).map(|(_, c)| *c).collect() },
            bubble: moves.filter(|_| !round_end).and_then(|m| m.bubble(seat, Some(v.seat), lang)),
        })
        .collect()
}

/// A field of a seat's row (its default while the row is gone).
fn field<T: Default>(row: Memo<Option<SeatRow>>, f: impl FnOnce(&SeatRow) -> T) -> T {
    row.with(|r| r.as_ref().map(f).unwrap_or_default())
}

/// Seat `seat`'s line, updated in place as its row changes (a move changes
/// a number or a badge, not the line).
fn seat_line(seat: Seat, row: Memo<Option<SeatRow>>, lang: Signal<Lang>) -> impl IntoView {
    let j = move || lang.get().ja();
    let name = Memo::new(move |_| field(row, |r| r.name.clone()));
    let level = Memo::new(move |_| field(row, |r| r.level));
    let dealer = Memo::new(move |_| field(row, |r| r.dealer));
    let opened = Memo::new(move |_| field(row, |r| r.opened));
    let hand_size = Memo::new(move |_| field(row, |r| r.hand_size));
    let staged = Memo::new(move |_| field(row, |r| r.staged));
    let money = Memo::new(move |_| field(row, |r| r.money));
    let bought = Memo::new(move |_| field(row, |r| r.bought.clone()));
    let bubble = Memo::new(move |_| field(row, |r| r.bubble.clone()));
    view! {
        <li
            class="seat-line"
            class:acting=move || field(row, |r| r.acting)
            data-testid=format!("ja-player-{seat}")
            data-hand-size=move || hand_size.get()
            data-staged=move || staged.get()
            data-opened=move || opened.get().unwrap_or(false).to_string()
            data-money=move || money.get()
        >
            <p class="who">
                <strong>{move || name.get()}</strong>
                {move || level.get().map(|l| view! { " " <span class="level">{l}</span> })}
                {move || dealer.get().then(|| view! { " " <span class="badge leader">{j().dealer}</span> })}
                {move || opened.get().map(|o| view! { " " <span class="badge" class:holds=o>{if o { j().opened } else { j().not_opened }}</span> })}
            </p>
            <p class="stats">
                <span data-testid=format!("ja-purse-{seat}")>{move || texts::cents(money.get(), lang.get())}</span>
                <span>{move || field(row, |r| r.score)} " " {move || j().points}</span>
                {move || opened.get().is_some().then(|| view! { <span>{move || texts::hand_size_text(hand_size.get(), staged.get(), lang.get())}</span> })}
                {move || bought.with(|b| (!b.is_empty()).then(|| view! { <span class="bought">{j().bought} " " {cards_view(b, lang.get())}</span> }))}
            </p>
            {move || bubble.get().map(|(text, fresh)| view! { <p class="bubble" class:fresh=fresh data-testid=format!("ja-bubble-{seat}")>{text}</p> })}
        </li>
    }
}

/// The players, keyed by seat: a seat's line is made once and follows its row.
pub(super) fn seats_view(rows: Signal<Vec<SeatRow>>, lang: Signal<Lang>) -> impl IntoView {
    let count = Memo::new(move |_| rows.with(Vec::len));
    view! {
        <section class="panel players">
            <h2>{move || lang.get().s().players_title}</h2>
            <ul class="seats-list">
                <For each=move || 0..count.get() key=|seat| *seat let:seat>
                    {
                        let row = Memo::new(move |_| rows.with(|r| r.get(seat).cloned()));
                        seat_line(seat, row, lang)
                    }
                </For>
            </ul>
        </section>
    }
}

/// The live table.
#[component]
pub(super) fn Table(ui: Ui, round_end: Memo<bool>) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let over = Memo::new(move |_| feed.with(is_over));
    let data = Memo::new(move |_| {
        let (lang, re, acked) = (ctx.lang(), round_end.get(), ui.acked.get());
        feed.with_table(|v, t| Facts::of(t, v, re.then_some(acked), lang))
    });
    // Drawn again only in another language: each fact follows its slice.
    let facts = move || facts(data.into(), true, ctx.lang());
    // Once per change for all the seats' lines (a memo: each line reads it).
    let rows = Memo::new(move |_| {
        let (lang, re) = (ctx.lang(), round_end.get());
        ui.moves.with(|m| ui.staging.with(|st| feed.with_table(|v, t| seat_rows(t, v, st.as_ref(), re, m.as_ref(), lang))))
    });
    view! {
        <h1 class="sr-only">"J'achète"</h1>
        <Show when=move || !round_end.get()>
            <Status ui />
        </Show>
        {facts}
        <History ui />
        <Show when=move || over.get()>
            <end::EndPanel ui />
        </Show>
        <div class="board">
            <div class="main-col">
                <Show
                    when=move || round_end.get()
                    fallback=move || view! { <Seatside ui /> <Melds ui /> }
                >
                    {move || end::round_end(ui)}
                </Show>
            </div>
            <div class="side-col">
                {seats_view(rows.into(), ctx.lang.into())}
                <Log ui round_end />
            </div>
        </div>
    }
}

/// The one instruction of the moment: whose turn, and what to do; a bot thinking.
#[component]
fn Status(ui: Ui) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let turn = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_table(|v, t| {
            let seat = v.to_act?;
            let buying = v.phase == JaPhase::BuyWindow;
            // The card drawn is the seat's own: named to its person only.
            let drawn = v.drawn.filter(|_| seat == v.seat);
            Some((texts::turn_text(t, seat, buying, drawn, lang), human_turn(v, t).is_some()))
        })
    });
    let thinking = move || {
        let lang = ctx.lang();
        let seat = ctx.thinking.get()?;
        let name = feed.table.with(|t| t.as_ref().map(|t| i18n::seat_name(t, seat, lang)))?;
        Some(view! {
            <span class="thinking" data-testid="thinking"><span class="dots" aria-hidden="true"></span>{i18n::thinking_text(&name, lang)}</span>
        })
    };
    // Pinned at the top while the table scrolls: a turn's start scrolls the
    // hand (or the buy) up under it (`show_turn`).
    view! {
        <div
            class="status"
            class:yours=move || turn.with(|t| t.as_ref().is_some_and(|t| t.1))
            class:over=move || turn.with(Option::is_none) && ctx.thinking.with(Option::is_none)
            style="position:sticky;top:0;z-index:20;box-shadow:0 2px 6px rgb(0 0 0/15%)"
        >
            <p class="turn" role="status" data-testid="turn-status">
                {move || turn.get().map(|t| t.0)}
                {thinking}
            </p>
            // A newcomer's way to the lessons, in view at the first decision.
            <crate::ui::coach::LearnOffer />
        </div>
    }
}

/// The discards so far, folded.
#[component]
fn History(ui: Ui) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let shown = Memo::new(move |_| feed.view.with(|v| v.as_ref().is_some_and(|v| !is_over(v))));
    let seen = Memo::new(move |_| feed.with(|v| v.discards_seen.clone()));
    move || {
        shown.get().then(|| {
            let lang = ctx.lang();
            let j = lang.ja();
            let open = ui.history.get();
            view! {
                <p class="ja-history-line">
                    <button type="button" data-act="hist" data-testid="ja-history-toggle" aria-expanded=open.to_string()>
                        {if open { j.history_hide } else { j.history_show }}
                    </button>
                </p>
                {open.then(|| {
                    let seen = seen.get();
                    view! {
                        <div class="ja-history" data-testid="ja-history">
                            <p class="note">{j.history_title}</p>
                            <p>{cards_view(&seen, lang)}</p>
                        </div>
                    }
                })}
            }
        })
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Side {
    /// Hot-seat: the device goes to this seat's person first.
    Handoff(Seat),
    /// Hot-seat: a bot plays, every hand hidden.
    Hidden,
    Play,
}

/// The hand area, or the hot-seat hand-off, or a note that hands are hidden.
#[component]
fn Seatside(ui: Ui) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let side = Memo::new(move |_| {
        let revealed = ctx.revealed_for.get();
        feed.with_table(|v, t| {
            let several = t.humans().len() > 1 && !ui.remote;
            Some(match human_turn(v, t) {
                Some(seat) if several && revealed != Some(seat) => Side::Handoff(seat),
                None if several && !is_over(v) => Side::Hidden,
                _ => Side::Play,
            })
        })
        .unwrap_or(Side::Play)
    });
    move || match side.get() {
        Side::Handoff(seat) => {
            let lang = ctx.lang();
            let name = feed.with_config(|t| i18n::seat_name(t, seat, lang));
            view! {
                <section class="panel handoff" data-testid="handoff-screen">
                    <h2>{i18n::handoff_title(&name, lang)}</h2>
                    <p>{lang.s().handoff_hidden}</p>
                    <button type="button" class="primary big" data-act="ready" data-testid="handoff-ready">{i18n::handoff_ready(&name, lang)}</button>
                </section>
            }
            .into_any()
        }
        Side::Hidden => view! {
            <section class="panel hidden-hands" data-testid="hands-hidden"><p>{move || ctx.lang().s().handoff_hidden}</p></section>
        }
        .into_any(),
        Side::Play => view! {
            <Buy ui />
            <HandArea ui />
        }
        .into_any(),
    }
}

/// What a hint's value means, in words (J'achète: the points left in hand
/// when the round ends, fewer is better).
fn hint_explain(lang: Lang) -> String {
    let worlds = i18n::num(tablee_bots::jachete::HINT_WORLDS as i32);
    match lang {
        Lang::En => format!("Points: what you would still hold when this round ends after the move (0 if you go out; fewer is better), on average over {worlds} deals that fit what you can see, each played out to the round's end by the expert bot. Best first; “as good” means the difference is within the search's precision."),
        Lang::Fr => format!("Points : ce qu'il vous resterait en main à la fin de la manche après le coup (0 si vous sortez ; moins, c'est mieux), en moyenne sur {worlds} donnes compatibles avec ce que vous voyez, chacune jouée jusqu'à la fin de la manche par le bot expert. Le meilleur d'abord ; « aussi bon » : l'écart est sous la précision de la recherche."),
    }
}

/// The hint's button and panel (a buy window's or a turn's): the shared
/// widget ([`hint::button`], [`hint::panel`]) with J'achète's rows.
fn hint_parts(ui: Ui) -> (AnyView, AnyView) {
    let ctx = ui.ctx;
    let button = hint::button::<Ja>(ctx, ui.hint, || true).into_any();
    let row = move |i: usize, action: JaAction, value: f64, best: f64, lang: Lang| {
        // The value is minus the points expected at the round's end (higher
        // is better, as every bot's): shown as points, fewest first. The
        // search gives a move within its precision of the best the best's
        // value ([`tablee_bots::jachete::hint`]).
        // Shown as the reader writes numbers ("23,9" in French); the
        // attribute keeps the plain number for scripts.
        let points = (-value).max(0.0);
        let shown = crate::i18n::decimal(points, 1, lang);
        let value_attr = crate::i18n::decimal(points, 1, Lang::En);
        let equal = i > 0 && best == value;
        let apply = match (&action, i) {
            (JaAction::Play { table }, 0) => {
                let table = table.clone();
                Some(view! { " " <button type="button" data-testid="hint-apply" on:click=move |_| apply_hint(ui, &table)>{lang.ja().hint_apply}</button> })
            }
            _ => None,
        };
        // A play is told by what it lays, as the log tells it.
        let words = match &action {
            JaAction::Play { table } => ui
                .feed
                .view
                .with_untracked(|v| v.as_ref().map(|v| moves::play_words(&v.table, table, v.opened.get(v.seat).copied().unwrap_or(false), lang)))
                .filter(|w| !w.is_empty()),
            _ => None,
        }
        .unwrap_or_else(|| texts::action_text(&action, lang));
        view! {
            <li data-testid=format!("ja-hint-choice-{i}") data-value=value_attr>
                <span>{words}</span>
                <span class="muted">" — " {shown} " " {lang.ja().points}
                    {equal.then(|| view! { " " <em>{lang.pick("(as good)", "(aussi bon)")}</em> })}
                </span>
                {apply}
            </li>
        }
        .into_any()
    };
    (button, hint::panel::<Ja, _, _>(ctx, ui.hint, hint_explain, row).into_any())
}

/// JA-9..JA-11: the buy window, with the priority order and who said no.
#[component]
fn Buy(ui: Ui) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let data = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_table(|v, t| {
            let (Some(c), JaPhase::BuyWindow) = (v.buy_card, v.phase) else { return None };
            let by = v.discarded.last().map(|(seat, _)| *seat);
            let order: Vec<Seat> = (0..v.players)
                .map(|i| (v.turn + i) % v.players)
                .filter(|&seat| !v.opened[seat] && v.money[seat] >= BUY_PRICE && Some(seat) != by)
                .collect();
            let at = order.iter().position(|seat| Some(*seat) == v.to_act).unwrap_or(0);
            let order: Vec<(String, std::cmp::Ordering)> = order.iter().enumerate().map(|(i, &seat)| (i18n::seat_name(t, seat, lang), i.cmp(&at))).collect();
            let mine = human_turn(v, t) == Some(v.seat);
            Some((c, mine.then(|| texts::buy_question(c, v.turn == v.seat, lang)), order))
        })
    });
    move || {
        let (c, question, order) = data.get()?;
        let lang = ctx.lang();
        let j = lang.ja();
        let mine = question.is_some();
        let (hint_button, hint_panel) = if mine { hint_parts(ui) } else { (().into_any(), ().into_any()) };
        let order = order
            .into_iter()
            .map(|(name, at)| {
                let note = match at {
                    std::cmp::Ordering::Less => j.declined,
                    std::cmp::Ordering::Equal => j.asked_now,
                    std::cmp::Ordering::Greater => "",
                };
                view! { <li class:now=at == std::cmp::Ordering::Equal>{name} " " <span class="muted">{note}</span></li> }
            })
            .collect_view();
        Some(view! {
            <section class="panel ja-buy" data-testid="ja-buy-window">
                <p class="buy-card">{cards_view(&[c], lang)} " " {question}</p>
                {mine.then(|| view! {
                    <p class="buttons">
                        <button type="button" class="primary" data-act="buy" data-testid="ja-buy">{j.buy}</button>
                        <button type="button" data-act="decline" data-testid="ja-decline">{j.decline}</button>
                        {hint_button}
                    </p>
                })}
                <p class="note">{j.buy_order}{i18n::colon(lang)}</p>
                <ol class="buy-order">{order}</ol>
                {hint_panel}
            </section>
        })
    }
}

/// One card of the hand, keyed by the card (and its copy): moved, not
/// redrawn, when the hand is sorted or a card leaves it.
fn hand_card(ui: Ui, i: ReadSignal<usize>, card: Card, flags: Memo<Vec<(bool, bool, bool)>>) -> impl IntoView {
    let lang = ui.ctx.lang;
    let flag = move |f: fn(&(bool, bool, bool)) -> bool| flags.with(|v| v.get(i.get()).is_some_and(f));
    let selected = move || flag(|f| f.0);
    view! {
        <li>
            <button
                type="button"
                class=format!("{} hc card-btn ja-target", face_class(card))
                class:new=move || flag(|f| f.1 || f.2)
                class:selected=selected
                data-drawn=move || flag(|f| f.2).then_some("true")
                aria-pressed=move || selected().to_string()
                aria-label=move || texts::card_spoken(card, lang.get())
                data-testid=move || format!("ja-hand-card-{}", i.get())
                data-card=card.to_string()
                data-drop=move || format!("h{}", i.get())
                data-act=move || format!("h{}", i.get())
            >
                {move || texts::card_label(card, lang.get())}
            </button>
        </li>
    }
}

/// The hand, its sorting, the turn's buttons and the staged table's problem.
#[component]
fn HandArea(ui: Ui) -> impl IntoView {
    let ctx = ui.ctx;
    let has = Memo::new(move |_| ui.staging.with(Option::is_some));
    let playing = Memo::new(move |_| ui.staging.with(|s| s.as_ref().is_some_and(|s| s.playing)));
    // Each card once with its copy number: a key that follows the card.
    let keys = Memo::new(move |_| {
        ui.staging.with(|s| {
            let hand = s.as_ref().map_or(&[][..], |s| &s.hand[..]);
            let mut out: Vec<(Card, u8)> = Vec::with_capacity(hand.len());
            for &c in hand {
                let copy = out.iter().filter(|(x, _)| *x == c).count() as u8;
                out.push((c, copy));
            }
            out
        })
    });
    // JA-8: the card drawn to start this turn, from the engine (a reload,
    // a lesson's opening position: no move seen before it; issue 52).
    let drawn = Memo::new(move |_| ui.feed.with(|v| v.drawn));
    // Per card: selected, new since the last move (each new copy once), the
    // card drawn (one copy).
    let flags = Memo::new(move |_| {
        let mut drawn = drawn.get();
        ui.fresh.with(|fresh| {
            let mut fresh = fresh.clone();
            ui.staging.with(|s| {
                let Some(s) = s else { return Vec::new() };
                s.hand
                    .iter()
                    .enumerate()
                    .map(|(i, c)| {
                        let new = fresh.iter().position(|x| x == c).map(|at| fresh.remove(at)).is_some();
                        let is_drawn = drawn == Some(*c);
                        if is_drawn {
                            drawn = None;
                        }
                        (s.is_selected(Pick::Hand(i)), new && !is_drawn, is_drawn)
                    })
                    .collect()
            })
        })
    });
    let heading = move || texts::hand_heading(keys.with(Vec::len), ctx.lang());
    let progress = move || {
        let lang = ctx.lang();
        ui.staging.with(|s| s.as_ref()?.progress()).map(|(done, c)| view! { <p class="progress" data-testid="ja-progress">{texts::progress_text(done, c, lang)}</p> })
    };
    // What is wrong with the turn, said once: a refused meld's reason is
    // under that meld (scrolled into view), not here as well; a table on
    // its way (an opening under way, a wild to play again) is no error
    // (issue 52: `Staging::shown_problem`).
    let problem = move || {
        let lang = ctx.lang();
        ui.msg
            .get()
            .or_else(|| {
                ui.staging.with(|s| {
                    let s = s.as_ref()?;
                    s.shown_problem().map(|p| problem_text(s, &p, lang))
                })
            })
            .unwrap_or_default()
    };
    // Issue 52: a swap waits for its confirmation; cards of the table picked
    // alone are to be moved, and the table says how.
    let swap = Memo::new(move |_| ui.staging.with(|s| s.as_ref().and_then(Staging::swap_asked)));
    let moving = Memo::new(move |_| ui.staging.with(|s| s.as_ref().is_some_and(|s| !s.move_asked().is_empty())));
    // One box: the swap's question and its answers, or how to move.
    let ask = move || {
        let lang = ctx.lang();
        let j = lang.ja();
        let swap = swap.get();
        let text = match swap {
            Some((natural, wild, _)) => texts::swap_ask(natural, wild, lang),
            None if moving.get() => j.move_help.to_string(),
            None => return None,
        };
        Some(view! {
            <div class="ja-ask" role="status" data-testid=if swap.is_some() { "ja-swap-ask" } else { "ja-move-ask" }>
                <p>{text}</p>
                {swap.map(|_| view! {
                    <p class="buttons">
                        // Targets of the arrow keys too: the keyboard's swap asks as a tap's does.
                        <button type="button" class="primary ja-target" data-act="swap" data-testid="ja-swap">{j.swap}</button>
                        <button type="button" class="ja-target" data-act="unpick" data-testid="ja-swap-cancel">{j.cancel}</button>
                    </p>
                })}
            </div>
        })
    };
    let j = move || ctx.lang().ja();
    view! {
        <Show when=move || has.get()>
            <section class="panel hand-area ja-hand-area">
                <div class="row-head">
                    <h2>{heading}</h2>
                    <p class="sorts">
                        // The target just before the hand's first card (the keyboard's order).
                        <Show when=move || playing.get()>
                            <button type="button" class="new-meld ja-target" data-testid="ja-new-meld" data-drop="new" data-act="new">"+ " {move || j().new_meld}</button>
                        </Show>
                        <button type="button" data-act="sr" data-testid="ja-sort-rank">{move || j().sort_rank}</button>
                        <button type="button" data-act="ss" data-testid="ja-sort-suit">{move || j().sort_suit}</button>
                    </p>
                </div>
                <ul class="ja-hand" data-testid="ja-hand" data-drop="hand">
                    <ForEnumerate each=move || keys.get() key=|k| *k children=move |i, (card, _)| hand_card(ui, i, card, flags) />
                </ul>
                <Loose ui />
                // Pinned at the window's foot while playing (style.css): the
                // page's room for a decision ends above it (`browser::room`).
                <div class="ja-actions" class:playing=move || playing.get() data-docked="foot">
                    <Show when=move || playing.get()>
                        <p class="note turn-help">{move || j().turn_help}</p>
                        {ask}
                        {progress}
                        {
                            let (hint_button, hint_panel) = hint_parts(ui);
                            view! {
                                <p class="buttons">
                                    <button type="button" class="primary" data-act="play" data-testid="ja-play">{move || j().play}</button>
                                    <button type="button" data-act="discard" data-testid="ja-discard" data-drop="discard">{move || j().discard_button}</button>
                                    <button type="button" data-act="reset" data-testid="ja-reset-turn">{move || j().reset_turn}</button>
                                    <button type="button" data-act="hand" data-testid="ja-to-hand" data-drop="hand">{move || j().to_hand}</button>
                                    {hint_button}
                                </p>
                                <div class="ja-hint">{hint_panel}</div>
                            }
                        }
                    </Show>
                    <p class="error" role="alert" data-testid="ja-problem">{problem}</p>
                </div>
                <BuyWish ui />
            </section>
        </Show>
    }
}

/// Hot-seat (issue 52): on their own turn, a person leaves a standing
/// answer to the other players' discards of this round ([`wishes`]):
/// ask me, let them all go, or buy only some ranks (or any wild). One line
/// says the answer in force; its choices fold under it. Plain buttons
/// whose `data-act` the table's one click handler reads (`control::set_wish`).
#[component]
fn BuyWish(ui: Ui) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let data = Memo::new(move |_| {
        let open = ui.wish.get().0;
        feed.note.with(|note| {
            feed.with_table(|v, t| {
                let (_, round, wish) = control::wish_here(v, t, note.as_ref())?;
                let mut kinds = wishes::kinds_of(&v.hand);
                // Kinds chosen earlier this round stay offered (a card since laid).
                if let Wish::Buy(chosen) = &wish {
                    let extra: Vec<u8> = chosen.iter().copied().filter(|k| !kinds.contains(k)).collect();
                    kinds.extend(extra);
                    kinds.sort_unstable();
                }
                Some((open, round, wish, kinds))
            })
        })
        .filter(|_| !ctx.puzzle.get())
    });
    move || {
        let (open, _, wish, kinds) = data.get()?;
        let lang = ctx.lang();
        let j = lang.ja();
        let kind_name = |k: u8| match tablee_engine::jachete::Rank::new(k).filter(|_| k > 0) {
            Some(rank) => crate::games::jachete::refusals::rank_name(rank, lang).to_string(),
            None => j.wish_wild.to_string(),
        };
        let chosen = match &wish {
            Wish::Buy(chosen) => chosen.clone(),
            _ => Vec::new(),
        };
        let (code, now) = match &wish {
            Wish::Ask => ("ask", j.wish_ask.to_string()),
            Wish::LetGo => ("let", j.wish_let.to_string()),
            Wish::Buy(_) => ("buy", format!("{} {}", lang.pick("buy", "acheter"), chosen.iter().map(|&k| kind_name(k)).collect::<Vec<_>>().join(", "))),
        };
        let mode = |act: &'static str, label: &'static str| {
            view! { <button type="button" class="wish-mode" data-act=act data-testid=format!("ja-wish-{}", &act[2..]) aria-pressed=(act[2..] == *code).to_string()>{label}</button> }
        };
        let choices = open.then(|| {
            let chips = kinds
                .iter()
                .map(|&k| {
                    let on = chosen.contains(&k);
                    view! { <button type="button" class="chip" data-act=format!("wk{k}") data-testid=format!("ja-wish-kind-{k}") aria-pressed=on.to_string()>{kind_name(k)}</button> }
                })
                .collect_view();
            view! {
                <div class="ja-wish-choices" role="group" aria-label=j.wish_title>
                    {mode("w-ask", j.wish_ask)}
                    {mode("w-let", j.wish_let)}
                    {mode("w-buy", j.wish_buy)}
                    <span class="chips">{chips}</span>
                    <p class="note">{j.wish_note}</p>
                </div>
            }
        });
        Some(view! {
            <div class="ja-wish" data-testid="ja-wish" data-wish=code>
                <button type="button" class="link" data-act="wo" data-testid="ja-wish-toggle" aria-expanded=open.to_string()>
                    {j.wish_title} {i18n::colon(lang)} " " <strong data-testid="ja-wish-now">{now}</strong>
                </button>
                {choices}
            </div>
        })
    }
}

/// JA-14: wilds taken off the table by a swap, to be played again this turn.
#[component]
fn Loose(ui: Ui) -> impl IntoView {
    let loose = Memo::new(move |_| ui.staging.with(|s| s.as_ref().map(|s| (s.loose.clone(), s.selected.clone())).unwrap_or_default()));
    move || {
        let (cards, selected) = loose.get();
        let lang = ui.ctx.lang();
        (!cards.is_empty()).then(|| {
            let buttons = cards
                .iter()
                .enumerate()
                .map(|(i, &c)| {
                    let sel = selected.contains(&Pick::Loose(i));
                    view! {
                        <button type="button" class=format!("{} ja-target", face_class(c)) class:selected=sel aria-pressed=sel.to_string() data-act=format!("l{i}") data-testid=format!("ja-loose-{i}")>
                            {texts::card_label(c, lang)}
                        </button>
                    }
                })
                .collect_view();
            view! { <p class="loose" data-testid="ja-loose">{lang.ja().to_place}{i18n::colon(lang)} " " {buttons} " " <span class="note">{lang.ja().to_place_help}</span></p> }
        })
    }
}

/// The (staged) table: melds grouped by owner, each with its live verdict.
#[component]
fn Melds(ui: Ui) -> impl IntoView {
    let ctx = ui.ctx;
    let owners = Memo::new(move |_| {
        ui.staging.with(|s| {
            let mut owners: Vec<Seat> = s.as_ref().map(|s| s.table.iter().map(|m| m.owner).collect()).unwrap_or_default();
            owners.sort_unstable();
            owners.dedup();
            owners
        })
    });
    let has = Memo::new(move |_| ui.staging.with(Option::is_some));
    view! {
        <Show when=move || has.get()>
            <section class="panel ja-melds">
                <h2>{move || ctx.lang().ja().table_title}</h2>
                <Show when=move || owners.with(Vec::is_empty)>
                    <p class="empty">{move || ctx.lang().ja().table_empty}</p>
                </Show>
                <For each=move || owners.get() key=|o| *o let:owner>
                    {
                        let melds = Memo::new(move |_| {
                            ui.staging.with(|s| s.as_ref().map(|s| s.table.iter().enumerate().filter(|(_, m)| m.owner == owner).map(|(i, _)| i).collect::<Vec<_>>()).unwrap_or_default())
                        });
                        view! {
                            <div class="owner">
                                <h3>{move || ui.feed.with_config(|t| i18n::seat_name(t, owner, ctx.lang()))}</h3>
                                <div class="melds">
                                    <ForEnumerate each=move || melds.get() key=|m| *m children=move |k, m| meld(ui, owner, m, k) />
                                </div>
                            </div>
                        }
                    }
                </For>
            </section>
        </Show>
    }
}

/// Meld `m` of the staged table (the `k`-th of its owner's): a group named
/// by its owner and cards (WAI-ARIA's group: not a control itself), holding
/// its cards, each a target of its own for the keyboard too (a wild to swap,
/// a card to move off a long meld), keyed by place (a swap keeps the focus
/// there), its verdict, and in the person's turn a "Lay here" button: the
/// meld's own target for taps and the keyboard (a control holding controls
/// would be read as one, and its cards lost). A tap on the meld's free space
/// and a card dropped anywhere on it lay there too.
fn meld(ui: Ui, owner: Seat, m: usize, k: ReadSignal<usize>) -> impl IntoView {
    let ctx = ui.ctx;
    let slots = Memo::new(move |_| ui.staging.with(|s| s.as_ref().and_then(|s| s.table.get(m)).map(|x| x.cards.clone()).unwrap_or_default()));
    let status = Memo::new(move |_| ui.staging.with(|s| s.as_ref().map(|s| s.meld_status(m))));
    // "Lay here" where cards may go this turn: any meld once opened, only
    // the turn's new melds before (JA-15; a tap on another still says why not).
    let layable = Memo::new(move |_| ui.staging.with(|s| s.as_ref().is_some_and(|s| s.playing && (s.opened || !s.meld_is_old(m)))));
    let laid = move || slots.with(|c| c.iter().any(|s| s.laid));
    let bad = move || status.with(|s| matches!(s, Some(Err(_))));
    let verdict = move || {
        let lang = ctx.lang();
        match status.get() {
            Some(Err(error)) => Some(view! { <span class="why">{meld_text(&error, lang)}</span> }.into_any()),
            Some(Ok(())) if laid() => Some(view! { <span class="ok">"✓ " {lang.ja().valid}</span> }.into_any()),
            _ => None,
        }
    };
    let card = move |i: usize| {
        let slot = move || slots.with(|c| c.get(i).copied());
        let sel = Memo::new(move |_| ui.staging.with(|s| s.as_ref().is_some_and(|s| s.is_selected(Pick::Table(m, i)))));
        let class = move || {
            slot().map_or(String::new(), |s| format!("{} mc ja-target{}{}", face_class(s.card), if s.laid { " laid" } else { "" }, if sel.get() { " selected" } else { "" }))
        };
        view! {
            <span
                class=class
                role="button"
                tabindex="0"
                aria-pressed=move || sel.get().to_string()
                data-card=move || slot().map(|s| s.card.to_string())
                aria-label=move || slot().map(|s| texts::card_spoken(s.card, ctx.lang()))
                data-act=format!("c{m}.{i}")
            >
                {move || slot().map(|s| texts::card_label(s.card, ctx.lang()))}
            </span>
        }
    };
    let label = move || {
        let cards: Vec<Card> = slots.with(|c| c.iter().map(|s| s.card).collect());
        ui.feed.with_config(|t| texts::meld_label(t, owner, k.get(), &cards, ctx.lang()))
    };
    view! {
        <div
            class="meld"
            class:bad=bad
            class:fresh=laid
            role="group"
            aria-label=label
            data-testid=move || format!("ja-meld-{owner}-{}", k.get())
            data-drop=format!("m{m}")
            data-act=format!("m{m}")
            data-meld=m
            data-valid=move || (!bad()).to_string()
        >
            <span class="meld-cards">
                <For each=move || 0..slots.with(Vec::len) key=|i| *i children=card />
                <Show when=move || layable.get()>
                    <button type="button" class="lay ja-target" data-act=format!("m{m}") data-testid=move || format!("ja-lay-{owner}-{}", k.get())>
                        {move || ctx.lang().ja().lay_here}
                    </button>
                </Show>
            </span>
            {verdict}
        </div>
    }
}

/// The round's moves in words, turn by turn, newest last; the moves made
/// since the person's own latest move are marked (issue 34). Keyed by each
/// line's first move: a line is made once and its words follow (a buy
/// window's line grows with its answers), so the list only grows.
#[component]
fn Log(ui: Ui, round_end: Memo<bool>) -> impl IntoView {
    let (ctx, feed) = (ui.ctx, ui.feed);
    let lines = Memo::new(move |_| {
        let lang = ctx.lang();
        let acked = ui.acked.get();
        let re = round_end.get();
        ui.moves.with(|m| {
            let m = m.as_ref()?;
            feed.with_table(|v, t| {
                let round = if re { acked } else { v.rounds_ended };
                let mut lines = Vec::new();
                // JA-7: the dealer turned a wild and had to buy it: the round's first line.
                if let Some((dealer, c)) = v.bought.first().copied().filter(|(seat, c)| !re && *seat == v.dealer && c.is_wild()) {
                    lines.push(LogLine { key: usize::MAX, text: texts::forced_buy_text(t, dealer, c, lang), fresh: false });
                }
                let viewer = t.solo_seat().or(human_turn(v, t));
                lines.extend(log_lines(m.log(), t, round, m.since(viewer), lang));
                Some(lines)
            })
        })
        .unwrap_or_default()
    });
    let list = NodeRef::<leptos::html::Ol>::new();
    // The newest line in view inside the list (it scrolls on a desktop).
    Effect::new(move |_| {
        lines.track();
        if let Some(el) = list.get_untracked() {
            crate::ui::browser::scroll_to_end_next_frame(el.into());
        }
    });
    let title = move || ctx.lang().pick("This round, move by move", "La manche, coup par coup");
    view! {
        <details class="panel ja-log" open data-testid="ja-log">
            <summary><h2>{title}</h2></summary>
            // Focusable: a long round's log scrolls, and a keyboard must reach
            // it (a puzzle late in a round opens with one).
            <ol class="log-lines" node_ref=list tabindex="0" aria-label=title>
                <For each=move || lines.with(|l| l.iter().map(|l| l.key).collect::<Vec<_>>()) key=|k| *k let:key>
                    {
                        let line = Memo::new(move |_| lines.with(|l| l.iter().rev().find(|l| l.key == key).map(|l| (l.text.clone(), l.fresh)).unwrap_or_default()));
                        let fresh = Memo::new(move |_| line.with(|l| l.1));
                        view! {
                            <li class:fresh=move || fresh.get()>
                                // Said or not, the same node (the list only grows, its nodes kept).
                                <span class="sr-only">{move || if fresh.get() { ctx.lang().pick("New: ", "Nouveau : ") } else { "" }}</span>
                                {move || line.with(|l| l.0.clone())}
                            </li>
                        }
                    }
                </For>
            </ol>
        </details>
    }
}
