//! The game screen: the deal bar, whose turn it is, the table (row, standing
//! bid, stock, mice, players), the player's hand and moves, the discard pile
//! and the log. Hot-seat games hide the hands between people.
//!
//! The table is fed by its seat's view (issue 53, `ui::feed`): every piece
//! reads its own slice of the view, as a memo, so that a bot's bid redraws
//! the bid and its seat's line, not the hand, the log's old lines or the
//! seats that did not change.

use leptos::html;
use leptos::prelude::*;
use tablee_engine::katzenjammer::{Card, Counts, Event, Phase};
use tablee_engine::Seat;

use super::cards::{kind_class, CardItem, CardRow};
use super::{end, hand};
use super::words::kb_tr;
use crate::games::katzenjammer::Katzenjammer as Kb;
use crate::games::katzenjammer::seat_moves::seat_moves;
use crate::app::config::SeatKind;
use crate::app::session::Session;
use crate::games::katzenjammer::art;
use crate::games::katzenjammer::texts;
use crate::i18n;
use crate::ui::browser::animate;
use crate::ui::deal_bar;
use crate::ui::context::{ctx, tr};
use crate::ui::feed::Feed;

/// The table's feed, as every piece of it receives it.
pub(super) type KbFeed = Feed<Kb>;

#[component]
pub fn Game() -> impl IntoView {
    let ctx = ctx();
    crate::ui::term::provide();
    // A table of friends gives its own feed (issue 55: a friend's view from
    // the host's messages, the host's seat's from its authority): its seat
    // only, no deal bar (the deal is the friends' commit–reveal), no hand-off.
    let remote = use_context::<KbFeed>();
    let feed = remote.unwrap_or_else(|| KbFeed::live(ctx));
    let remote = remote.is_some();
    let has_session = move || feed.view.with(Option::is_some);
    let over = Memo::new(move |_| feed.with(|v| v.phase == Phase::Over));
    // The game log's lines, written once per move for both the log and the
    // status line's latest event.
    let lines = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_table(|v, t| texts::log_lines(t, &v.history, lang))
    });
    view! {
        <Show
            when=has_session
            fallback=move || view! { <p class="panel">{tr(|s| s.home_title)}</p> }
        >
            <div class="game" data-testid="table-screen">
                <h1 class="sr-only">"Katzenjammer Blues"</h1>
                {(!remote).then(deal_bar)}
                <StatusLine feed lines />
                <Show when=move || over.get()>
                    <end::EndPanel />
                </Show>
                <div class="board">
                    <div class="main-col">
                        <Table feed />
                        <Seatside feed remote />
                    </div>
                    <div class="side-col">
                        <Discard feed />
                        <Log lines />
                    </div>
                </div>
            </div>
        </Show>
    }
}

/// What the seat's side of the table shows.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
enum Side {
    /// The hand and its moves.
    #[default]
    Hand,
    /// Hot-seat: the device goes to this seat's person first.
    Handoff(Seat),
    /// Hot-seat: a bot plays; nobody's hand shows.
    Hidden,
}

/// The hand area, or the hot-seat hand-off, or a note that hands are hidden.
/// Drawn again only when what it shows changes, never at a bot's move.
#[component]
fn Seatside(feed: KbFeed, remote: bool) -> impl IntoView {
    let ctx = ctx();
    let side = Memo::new(move |_| {
        let revealed = ctx.revealed_for.get();
        feed.with_table(|v, t| {
            let people = t.humans().len() > 1 && !remote;
            let person = v.to_act.filter(|&s| t.seat(s) == Some(SeatKind::Human));
            match person {
                Some(seat) if people && revealed != Some(seat) => Side::Handoff(seat),
                None if people && v.phase != Phase::Over => Side::Hidden,
                _ => Side::Hand,
            }
        })
    });
    move || match side.get() {
        Side::Handoff(seat) => view! { <Handoff feed seat /> }.into_any(),
        Side::Hidden => view! {
            <section class="panel hidden-hands" data-testid="hands-hidden">
                <p>{tr(|s| s.handoff_hidden)}</p>
            </section>
        }
        .into_any(),
        Side::Hand => view! { <hand::HandArea feed /> }.into_any(),
    }
}

#[component]
fn Handoff(feed: KbFeed, seat: Seat) -> impl IntoView {
    let ctx = ctx();
    let name = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_config(|t| i18n::seat_name(t, seat, lang))
    });
    view! {
        <section class="panel handoff" data-testid="handoff-screen" aria-labelledby="handoff-title">
            <h2 id="handoff-title">
                {move || i18n::handoff_title(&name.get(), ctx.lang())}
            </h2>
            <p>{tr(|s| s.handoff_hidden)}</p>
            <button type="button" class="primary big" data-testid="handoff-ready" on:click=move |_| ctx.revealed_for.set(Some(seat))>
                {move || i18n::handoff_ready(&name.get(), ctx.lang())}
            </button>
        </section>
    }
}

/// The deal bar, with a match's line in a match.
fn deal_bar() -> impl IntoView {
    deal_bar::deal_bar::<Kb>(false, Some(view! { <super::standings::MatchStatus /> }.into_any()))
}

/// Whose turn it is, and the bot thinking.
#[component]
fn StatusLine(feed: KbFeed, lines: Memo<Vec<String>>) -> impl IntoView {
    let ctx = ctx();
    let text = Memo::new(move |_| {
        let lang = ctx.lang();
        // At the end the end panel says "Game over" and why, once.
        feed.with_table(|v, t| v.to_act.map(|seat| texts::turn_text(t, seat, v.phase == Phase::Presenting, lang)))
    });
    let thinking = move || {
        let seat = ctx.thinking.get()?;
        let lang = ctx.lang();
        Some(feed.with_config(|t| i18n::thinking_text(&i18n::seat_name(t, seat, lang), lang)))
    };
    let yours = Memo::new(move |_| feed.with_table(|v, t| v.to_act.is_some_and(|s| t.seat(s) == Some(SeatKind::Human))));
    // What happened since the player's own last move (up to four lines, the
    // newest last), so that a chain of bot moves is seen, not only its end.
    let since = StoredValue::new(0usize);
    Effect::new(move |was_yours: Option<bool>| {
        let now = yours.get();
        if was_yours == Some(true) && !now {
            since.set_value(lines.with_untracked(|l| l.len().saturating_sub(1)));
        }
        now
    });
    // Each line with its place in the log (at most four, redrawn when one comes).
    let recent = Memo::new(move |_| {
        lines.with(|l| {
            let from = since.get_value().min(l.len().saturating_sub(1)).max(l.len().saturating_sub(4));
            l[from..].iter().cloned().enumerate().map(|(i, line)| (from + i, line)).collect::<Vec<_>>()
        })
    });
    let over = move || feed.with(|v| v.to_act.is_none());
    view! {
        <div class="status" class:yours=move || yours.get() class:over=over>
            // Screen readers hear every public event as it happens, bots' too.
            <p class="sr-only" aria-live="polite" data-testid="last-move-live">{move || lines.with(|l| l.last().cloned())}</p>
            <ul class="last-move" data-testid="last-move">
                {move || recent.get().into_iter().map(|(_, line)| view! { <li class="flash">{line}</li> }).collect_view()}
            </ul>
            <p class="turn" role="status" aria-live="polite" data-testid="turn-status">
                {move || text.get().unwrap_or_default()}
                {move || thinking().map(|t| view! { <span class="thinking" data-testid="thinking"><span class="dots" aria-hidden="true"></span>{t}</span> })}
            </p>
            // A newcomer's way to the lessons, in view at the first decision.
            <crate::ui::coach::LearnOffer />
        </div>
    }
}

/// The row, the standing bid, the stock, the mice and the bandleader.
#[component]
fn TableCenter(feed: KbFeed) -> impl IntoView {
    let ctx = ctx();
    let row = Memo::new(move |_| feed.with(|v| v.row.clone()));
    let bidding = Memo::new(move |_| feed.with(|v| v.phase == Phase::Bidding));
    let standing = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_table(|v, t| match v.high_bid {
            Some(b) if v.phase == Phase::Bidding => texts::standing_bid_text(t, b.seat, b.level, lang),
            Some(b) => texts::won_bid_text(t, b.seat, b.level, lang),
            None => lang.kb().no_bid.to_string(),
        })
    });
    let stock = Memo::new(move |_| feed.with(|v| v.stock));
    let mice_left = Memo::new(move |_| feed.with(|v| usize::from(v.mice_left)));
    let bandleader = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_table(|v, t| i18n::seat_name(t, v.bandleader, lang))
    });
    let lang = Signal::derive(move || ctx.lang());
    let row_empty = Signal::derive(move || ctx.lang().kb().row_empty.to_string());
    view! {
        <section class="center" aria-labelledby="row-title">
            <div class="row-head">
                <h2 id="row-title">{kb_tr(|s| s.the_row)}</h2>
                <p class="standing">
                    <span class="label">
                        {move || if bidding.get() { ctx.lang().kb().standing_bid } else { ctx.lang().kb().last_auction }}
                        {move || i18n::colon(ctx.lang())}
                        " "
                    </span>
                    <strong data-testid="standing-bid">{move || standing.get()}</strong>
                </p>
            </div>
            <CardRow cards=row lang empty=row_empty testid="row" />
            <dl class="facts">
                <div>
                    <dt>{kb_tr(|s| s.stock)}</dt>
                    <dd data-testid="stock-size">{move || stock.get().to_string()}</dd>
                </div>
                <div>
                    <dt>{kb_tr(|s| s.mice_left)}</dt>
                    <dd data-testid="mice-left">{move || mice_left.get().to_string()}</dd>
                </div>
                <div>
                    <dt>{kb_tr(|s| s.bandleader)}</dt>
                    <dd data-testid="bandleader">{move || bandleader.get()}</dd>
                </div>
            </dl>
        </section>
    }
}

/// The table (issue 13): the seats around it, the person's at the bottom
/// next to their hand, the row and the standing bid in the middle; on a phone
/// the seats are a strip above the row. The seats are listed clockwise from
/// the person's (KB-3: the deal goes to the left); where the n-th sits is the
/// stylesheet's (style/main.css, "Katzenjammer's table").
#[component]
fn Table(feed: KbFeed) -> impl IntoView {
    let seats = Memo::new(move |_| feed.with(|v| (v.players, v.seat)));
    view! {
        <section class="panel kb-table" aria-labelledby="players-title">
            <h2 id="players-title" class="sr-only">{tr(|s| s.players_title)}</h2>
            // A list, also where the desktop's grid lays it out (display: contents).
            <ul class="seats-list" role="list">
                // Drawn again only when the seats or the viewer change (a
                // memo); each line updates itself.
                {move || {
                    let (n, me) = seats.get();
                    (me..me + n).map(|seat| view! { <PlayerLine feed seat=seat % n /> }).collect_view()
                }}
            </ul>
            <TableCenter feed />
        </section>
    }
}
/// KB-12 shown, not only told, after a move made on screen (`ui::decorate`,
/// which skips the bots' instant speed and a resumed game's moves): when the
/// move won the auction (among the events it logged since `since`: a win
/// can be followed at once by what needs no choice), the row's cards fly to the winner's seat and the cards it paid
/// leave it, the naturals for the discard pile, the jokers for its displayed
/// jokers (its `public/fly.js`, through `ui::browser::animate`): 350 ms
/// each, FLIP style, nothing with `prefers-reduced-motion: reduce`.
/// Decoration only: the game moved on already.
pub fn flights(session: &Session<Kb>, since: usize) {
    let new = session.state().log().get(since..).unwrap_or_default();
    if let Some(&Event::Won { seat, paid, .. }) = new.iter().find(|e| matches!(e, Event::Won { .. })) {
        let faces = paid.cards().into_iter().map(|c| format!("<li class=\"card {}\"><span class=\"face-box\">{}</span></li>", kind_class(c), art::face(c)));
        animate("[data-testid=row]", "./fly.js", seat, &faces.collect::<String>());
    }
}

/// What a seat's line shows (issue 53: one memo a seat, so that a bid
/// redraws the bidder's line and the one it outbid, no other).
#[derive(Clone, Debug, Default, PartialEq)]
struct SeatLine {
    name: String,
    level: Option<String>,
    hand: usize,
    mice: i32,
    jokers: u8,
    leader: bool,
    acting: bool,
    passed: bool,
    /// The seat's move in this auction: its words, whether it is the newest, whether it holds the auction.
    bubble: Option<(String, bool, bool)>,
}

#[component]
fn PlayerLine(feed: KbFeed, seat: Seat) -> impl IntoView {
    let ctx = ctx();
    let line = Memo::new(move |_| {
        let lang = ctx.lang();
        feed.with_table(|v, t| {
            let level = match t.seat(seat) {
                Some(SeatKind::Bot(level)) => Some(i18n::level_name(level, lang).to_string()),
                _ => None,
            };
            let bidding = v.phase == Phase::Bidding;
            SeatLine {
                name: i18n::seat_name(t, seat, lang),
                level,
                hand: v.hand_sizes.get(seat).copied().unwrap_or(0),
                mice: v.mice.get(seat).copied().unwrap_or(0),
                jokers: v.jokers_shown.get(seat).copied().unwrap_or(0),
                leader: v.bandleader == seat,
                acting: v.to_act == Some(seat),
                passed: bidding && v.passed.contains(&seat),
                bubble: seat_moves(&v.history, v.players).get(seat).copied().flatten().map(|(m, fresh)| {
                    let holds = bidding && v.high_bid.is_some_and(|b| b.seat == seat);
                    (texts::seat_move_text(m, holds, lang), fresh, holds)
                }),
            }
        })
    });
    let part = move |f: fn(&SeatLine) -> bool| move || line.with(f);
    let lang = move || ctx.lang();
    view! {
        <li
            class="seat-line"
            class:acting=part(|l| l.acting)
            class:passed=part(|l| l.passed)
            data-testid=format!("player-{seat}")
            data-hand-size=move || line.with(|l| l.hand.to_string())
            data-mice=move || line.with(|l| l.mice.to_string())
            data-jokers=move || line.with(|l| l.jokers.to_string())
            aria-current=move || line.with(|l| l.acting.then_some("true"))
        >
            <p class="who">
                <strong>{move || line.with(|l| l.name.clone())}</strong>
                {move || line.with(|l| l.level.clone()).map(|l| view! { <span class="level">{l}</span> })}
                // On a phone's narrow seat only the note shows (the word is read out).
                {move || line.with(|l| l.leader).then(|| {
                    let lang = lang();
                    view! { <span class="badge leader" title=lang.kb().bandleader>"♪"<span class="word">" " {lang.kb().bandleader}</span></span> }
                })}
            </p>
            // The seat's move in this auction, where it sits (the newest pops in).
            {move || line.with(|l| l.bubble.clone()).map(|(text, fresh, holds)| view! {
                <p class="bubble" class:fresh=fresh class:holds=holds>{text}</p>
            })}
            <p class="stats">
                <span>{move || line.with(|l| i18n::cards_count(l.hand, lang()))}</span>
                <span>{move || line.with(|l| texts::mice(l.mice, lang()))}</span>
                <span>{move || line.with(|l| texts::jokers_shown(l.jokers, lang()))}</span>
            </p>
        </li>
    }
}

/// The discard pile (face up, KB-21), behind a toggle.
#[component]
fn Discard(feed: KbFeed) -> impl IntoView {
    let ctx = ctx();
    let open = RwSignal::new(false);
    let content = Memo::new(move |_| feed.with(|v| v.discard));
    view! {
        <section class="panel discard">
            <button
                type="button"
                data-testid="discard-toggle"
                aria-expanded=move || open.get().to_string()
                aria-controls="discard-pile"
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {move || if open.get() { ctx.lang().kb().discard_hide } else { ctx.lang().kb().discard_show }}
                " (" {move || content.get().total()} ")"
            </button>
            <Show when=move || open.get()>
                <div id="discard-pile" data-testid="discard-pile">
                    <h2 class="sr-only">{kb_tr(|s| s.discard_title)}</h2>
                    {move || {
                        let counts: Counts = content.get();
                        let lang = ctx.lang();
                        if counts.is_empty() {
                            return view! { <p class="empty">{lang.kb().discard_empty}</p> }.into_any();
                        }
                        view! {
                            <ul class="tally">
                                {Card::ALL
                                    .into_iter()
                                    .map(|card| {
                                        view! {
                                            <li data-card=card.symbol() data-count=counts.get(card).to_string()>
                                                <ul class="cards inline"><CardItem card lang small=true /></ul>
                                                <span>" × " {counts.get(card)}</span>
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                        }
                        .into_any()
                    }}
                </div>
            </Show>
        </section>
    }
}

/// The game log, newest at the bottom, scrolled into view as it grows. Keyed
/// by place and words (issue 53): a move appends its lines, the old ones stay.
#[component]
fn Log(lines: Memo<Vec<String>>) -> impl IntoView {
    let list: NodeRef<html::Ol> = NodeRef::new();
    Effect::new(move |_| {
        lines.track();
        if let Some(el) = list.get() {
            crate::ui::browser::scroll_to_end_next_frame(el.into());
        }
    });
    view! {
        <section class="panel log" aria-labelledby="log-title">
            <h2 id="log-title">{tr(|s| s.log_title)}</h2>
            <ol class="log-lines" node_ref=list tabindex="0" data-testid="log" aria-labelledby="log-title">
                <For
                    each=move || lines.get().into_iter().enumerate()
                    key=|line| line.clone()
                    children=|(_, line)| view! { <li>{line}</li> }
                />
            </ol>
        </section>
    }
}
