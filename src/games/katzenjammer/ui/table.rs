//! The game screen: the deal bar, whose turn it is, the table (row, standing
//! bid, stock, mice, players), the player's hand and moves, the discard pile
//! and the log. Hot-seat games hide the hands between people.

use leptos::html;
use leptos::prelude::*;
use tablee_engine::katzenjammer::{Card, Event, Phase};
use tablee_engine::Seat;

use super::cards::{kind_class, CardItem, CardRow};
use super::{end, hand};
use super::words::kb_tr;
use crate::games::katzenjammer::Katzenjammer as Kb;
use crate::games::katzenjammer::seat_moves::seat_moves;
use crate::app::config::SeatKind;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::art;
use crate::games::katzenjammer::texts;
use crate::i18n;
use crate::ui::browser::fly;
use crate::ui::deal_bar;
use crate::ui::context::{ctx, tr};

#[component]
pub fn Game() -> impl IntoView {
    let ctx = ctx();
    crate::ui::term::provide();
    let has_session = move || ctx.has_game();
    let over = move || ctx.game::<Kb, _>(|s| s.is_over()).unwrap_or(false);
    // The game log's lines, written once per move for both the log and the
    // status line's latest event.
    let lines = Memo::new(move |_| {
        let lang = ctx.lang();
        ctx.game::<Kb, _>(|s| texts::log_lines(s.config(), s.state().log(), lang)).unwrap_or_default()
    });
    view! {
        <Show
            when=has_session
            fallback=move || view! { <p class="panel">{tr(|s| s.home_title)}</p> }
        >
            <div class="game" data-testid="table-screen">
                <h1 class="sr-only">"Katzenjammer Blues"</h1>
                {deal_bar()}
                <StatusLine lines />
                <Show when=over>
                    <end::EndPanel />
                </Show>
                <div class="board">
                    <div class="main-col">
                        <Table />
                        <Seatside />
                    </div>
                    <div class="side-col">
                        <Discard />
                        <Log lines />
                    </div>
                </div>
            </div>
        </Show>
    }
}

/// The hand area, or the hot-seat hand-off, or a note that hands are hidden.
#[component]
fn Seatside() -> impl IntoView {
    let ctx = ctx();
    let handoff = move || {
        ctx.game::<Kb, _>(|s| {
            let seat = s.human_to_act()?;
            (s.config().humans().len() > 1 && ctx.revealed_for.get() != Some(seat)).then_some(seat)
        }).flatten()
    };
    let hidden = move || {
        ctx.game::<Kb, _>(|s| s.config().humans().len() > 1 && !s.is_over() && s.human_to_act().is_none())
            .unwrap_or(false)
    };
    move || {
        if let Some(seat) = handoff() {
            view! { <Handoff seat /> }.into_any()
        } else if hidden() {
            view! {
                <section class="panel hidden-hands" data-testid="hands-hidden">
                    <p>{tr(|s| s.handoff_hidden)}</p>
                </section>
            }
            .into_any()
        } else {
            view! { <hand::HandArea /> }.into_any()
        }
    }
}

#[component]
fn Handoff(seat: Seat) -> impl IntoView {
    let ctx = ctx();
    let name = move || ctx.game::<Kb, _>(|s| i18n::seat_name(s.config(), seat, ctx.lang())).unwrap_or_default();
    view! {
        <section class="panel handoff" data-testid="handoff-screen" aria-labelledby="handoff-title">
            <h2 id="handoff-title">
                {move || i18n::handoff_title(&name(), ctx.lang())}
            </h2>
            <p>{tr(|s| s.handoff_hidden)}</p>
            <button type="button" class="primary big" data-testid="handoff-ready" on:click=move |_| ctx.revealed_for.set(Some(seat))>
                {move || i18n::handoff_ready(&name(), ctx.lang())}
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
fn StatusLine(lines: Memo<Vec<String>>) -> impl IntoView {
    let ctx = ctx();
    let text = move || {
        let lang = ctx.lang();
        ctx.game::<Kb, _>(|s| {
            let state = s.state();
            // At the end the end panel says "Game over" and why, once.
            let seat = s.to_act()?;
            Some(texts::turn_text(s.config(), seat, state.phase() == Phase::Presenting, lang))
        }).flatten()
    };
    let thinking = move || {
        let seat = ctx.thinking.get()?;
        ctx.game::<Kb, _>(|s| i18n::thinking_text(&i18n::seat_name(s.config(), seat, ctx.lang()), ctx.lang()))
    };
    let yours = move || ctx.game::<Kb, _>(|s| s.human_to_act().is_some()).unwrap_or(false);
    // What happened since the player's own last move (up to four lines, the
    // newest last), so that a chain of bot moves is seen, not only its end.
    let since = StoredValue::new(0usize);
    Effect::new(move |was_yours: Option<bool>| {
        let now = yours();
        if was_yours == Some(true) && !now {
            since.set_value(lines.with_untracked(|l| l.len().saturating_sub(1)));
        }
        now
    });
    let recent = Memo::new(move |_| {
        lines.with(|l| {
            let from = since.get_value().min(l.len().saturating_sub(1)).max(l.len().saturating_sub(4));
            l[from..].to_vec()
        })
    });
    let over = move || ctx.game::<Kb, _>(|s| s.to_act().is_none()).unwrap_or(false);
    view! {
        <div class="status" class:yours=yours class:over=over>
            // Screen readers hear every public event as it happens, bots' too.
            <p class="sr-only" aria-live="polite" data-testid="last-move-live">{move || lines.with(|l| l.last().cloned())}</p>
            <ul class="last-move" data-testid="last-move">
                {move || recent.get().into_iter().map(|line| view! { <li class="flash">{line}</li> }).collect_view()}
            </ul>
            <p class="turn" role="status" aria-live="polite" data-testid="turn-status">
                {move || text().unwrap_or_default()}
                {move || thinking().map(|t| view! { <span class="thinking" data-testid="thinking"><span class="dots" aria-hidden="true"></span>{t}</span> })}
            </p>
            // A newcomer's way to the lessons, in view at the first decision.
            <crate::ui::coach::LearnOffer />
        </div>
    }
}

/// The row, the standing bid, the stock, the mice and the bandleader.
#[component]
fn TableCenter() -> impl IntoView {
    let ctx = ctx();
    let row = Memo::new(move |_| ctx.game::<Kb, _>(|s| s.state().row().to_vec()).unwrap_or_default());
    let standing = move || {
        let lang = ctx.lang();
        ctx.game::<Kb, _>(|session| {
            let bidding = session.state().phase() == Phase::Bidding;
            Some(match session.state().high_bid() {
                Some(b) if bidding => texts::standing_bid_text(session.config(), b.seat, b.level, lang),
                Some(b) => texts::won_bid_text(session.config(), b.seat, b.level, lang),
                None => ctx.lang().kb().no_bid.to_string(),
            })
        }).flatten()
    };
    let fact = move |f: fn(&crate::app::session::Session<Kb>, Lang) -> String| {
        move || ctx.game::<Kb, _>(|x| f(x, ctx.lang())).unwrap_or_default()
    };
    view! {
        <section class="center" aria-labelledby="row-title">
            <div class="row-head">
                <h2 id="row-title">{kb_tr(|s| s.the_row)}</h2>
                <p class="standing">
                    <span class="label">
                        {move || {
                            let bidding = ctx.game::<Kb, _>(|x| x.state().phase() == Phase::Bidding).unwrap_or(false);
                            if bidding { ctx.lang().kb().standing_bid } else { ctx.lang().kb().last_auction }
                        }}
                        {move || i18n::colon(ctx.lang())}
                        " "
                    </span>
                    <strong data-testid="standing-bid">{standing}</strong>
                </p>
            </div>
            {move || {
                let lang = ctx.lang();
                view! { <CardRow cards=row.get() lang empty=lang.kb().row_empty testid="row" /> }
            }}
            <dl class="facts">
                <div>
                    <dt>{kb_tr(|s| s.stock)}</dt>
                    <dd data-testid="stock-size">{fact(|x, _| x.state().stock_len().to_string())}</dd>
                </div>
                <div>
                    <dt>{kb_tr(|s| s.mice_left)}</dt>
                    <dd data-testid="mice-left">{fact(|x, _| x.state().mice_left().to_string())}</dd>
                </div>
                <div>
                    <dt>{kb_tr(|s| s.bandleader)}</dt>
                    <dd data-testid="bandleader">{fact(|x, lang| i18n::seat_name(x.config(), x.state().bandleader(), lang))}</dd>
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
fn Table() -> impl IntoView {
    let ctx = ctx();
    let seats = move || ctx.game::<Kb, _>(|s| (s.config().players(), s.viewer())).unwrap_or((2, 0));
    view! {
        <section class="panel kb-table" aria-labelledby="players-title">
            <h2 id="players-title" class="sr-only">{tr(|s| s.players_title)}</h2>
            // A list, also where the desktop's grid lays it out (display: contents).
            <ul class="seats-list" role="list">
                {move || {
                    let (n, me) = seats();
                    (me..me + n).map(|seat| view! { <PlayerLine seat=seat % n /> }).collect_view()
                }}
            </ul>
            <TableCenter />
        </section>
    }
}

/// KB-12 shown, not only told, after a move made on screen (`ui::decorate`,
/// which skips the bots' instant speed and a resumed game's moves): when the
/// move won the auction (among the events it logged since `since`: a win
/// can be followed at once by what needs no choice), the row's cards fly to the winner's seat and the cards it paid
/// leave it, the naturals for the discard pile, the jokers for its displayed
/// jokers (`ui::browser::fly`). Decoration only: the game moved on already.
pub fn flights(session: &Session<Kb>, since: usize) {
    let new = session.state().log().get(since..).unwrap_or_default();
    if let Some(&Event::Won { seat, paid, .. }) = new.iter().find(|e| matches!(e, Event::Won { .. })) {
        let faces = paid.cards().into_iter().map(|c| format!("<li class=\"card {}\"><span class=\"face-box\">{}</span></li>", kind_class(c), art::face(c)));
        fly(seat, &faces.collect::<String>());
    }
}

#[component]
fn PlayerLine(seat: Seat) -> impl IntoView {
    let ctx = ctx();
    let info = move || {
        let lang = ctx.lang();
        ctx.game::<Kb, _>(|session| {
            let state = session.state();
            let config = session.config();
            let level = match config.seat(seat) {
                Some(SeatKind::Bot(level)) => Some(i18n::level_name(level, lang)),
                _ => None,
            };
            Some((
                i18n::seat_name(config, seat, lang),
                level,
                state.hand_size(seat),
                state.mice(seat),
                state.jokers_shown(seat),
                state.bandleader() == seat,
                state.to_act() == Some(seat),
                state.phase() == Phase::Bidding && state.has_passed(seat),
                seat_moves(state.log(), config.players())[seat].map(|(m, fresh)| {
                    let holds = state.high_bid().is_some_and(|b| b.seat == seat) && state.phase() == Phase::Bidding;
                    (texts::seat_move_text(m, holds, lang), fresh, holds)
                }),
            ))
        }).flatten()
    };
    move || {
        let Some((name, level, hand, mice, jokers, leader, acting, passed, bubble)) = info() else {
            return ().into_any();
        };
        let lang = ctx.lang();
        view! {
            <li
                class="seat-line"
                class:acting=acting
                class:passed=passed
                data-testid=format!("player-{seat}")
                data-hand-size=hand.to_string()
                data-mice=mice.to_string()
                data-jokers=jokers.to_string()
                aria-current=acting.then_some("true")
            >
                <p class="who">
                    <strong>{name}</strong>
                    {level.map(|l| view! { <span class="level">{l}</span> })}
                    // On a phone's narrow seat only the note shows (the word is read out).
                    {leader.then(|| view! { <span class="badge leader" title=lang.kb().bandleader>"♪"<span class="word">" " {lang.kb().bandleader}</span></span> })}
                </p>
                // The seat's move in this auction, where it sits (the newest pops in).
                {bubble.map(|(text, fresh, holds)| view! {
                    <p class="bubble" class:fresh=fresh class:holds=holds>{text}</p>
                })}
                <p class="stats">
                    <span>{i18n::cards_count(hand, lang)}</span>
                    <span>{texts::mice(mice, lang)}</span>
                    <span>{texts::jokers_shown(jokers, lang)}</span>
                </p>
            </li>
        }
        .into_any()
    }
}

/// The discard pile (face up, KB-21), behind a toggle.
#[component]
fn Discard() -> impl IntoView {
    let ctx = ctx();
    let open = RwSignal::new(false);
    let content = move || ctx.game::<Kb, _>(|s| s.state().discard()).unwrap_or_default();
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
                " (" {move || content().total()} ")"
            </button>
            <Show when=move || open.get()>
                <div id="discard-pile" data-testid="discard-pile">
                    <h2 class="sr-only">{kb_tr(|s| s.discard_title)}</h2>
                    {move || {
                        let counts = content();
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

/// The game log, newest at the bottom, scrolled into view as it grows.
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
                {move || lines.get().into_iter().map(|line| view! { <li>{line}</li> }).collect_view()}
            </ol>
        </section>
    }
}
