//! Katzenjammer's replay table: the table at move k as the person's seat saw
//! it (the row, the standing bid, the stock, the mice, every seat's public
//! facts, the seat's own hand; every hand once the game is over, on demand),
//! what move k did, and the move list — in the game log's own words
//! ([`texts::log_lines`]).
//!
//! Read-only, and written apart from the live table: the live components
//! read the shell's game in progress (`ctx.game`) and move through it, while
//! a replay must leave that game alone and show any past position.

use leptos::prelude::*;
use tablee_engine::katzenjammer::{KbState, Phase};
use tablee_engine::Seat;

use super::cards::CardRow;
use super::words::kb_tr;
use crate::games::katzenjammer::Katzenjammer as Kb;
use crate::app::config::SeatKind;
use crate::app::session::Session;
use crate::games::katzenjammer::texts;
use crate::i18n;
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::marks::Mark;
use crate::ui::replay::rp_tr;
use tablee_engine::json::Json;
use crate::ui::context::{ctx, tr};

/// The expert's move at move `at` (in the game's notation) in the game
/// log's words: the first line the log would have had.
pub fn expert_words(session: &Session<Kb>, at: usize, action: &Json, lang: Lang) -> Option<String> {
    let mut before = crate::app::marks::before(session, at)?;
    let seen = before.state().log().len();
    let seat = before.to_act()?;
    before.apply_recorded(seat, &Kb::action_from_json(action).ok()?).ok()?;
    let log = before.state().log();
    let lines = texts::log_lines(before.config(), &log[..], lang);
    let earlier = texts::log_lines(before.config(), &log[..seen], lang).len();
    lines.get(earlier).cloned()
}

#[component]
pub fn ReplayTable(session: Session<Kb>, step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>) -> impl IntoView {
    let ctx = ctx();
    let config = session.config().clone();
    // Every position, from the deal (0) to the last move.
    let mut states: Vec<KbState> = Vec::with_capacity(session.actions().len() + 1);
    if let Ok(mut at) = Session::<Kb>::new(config.clone()) {
        states.push(at.state().clone());
        for (seat, action) in session.moves() {
            if at.apply_recorded(seat, action).is_err() {
                break;
            }
            states.push(at.state().clone());
        }
    }
    let over = session.is_over();
    let viewer: Seat = config.solo_seat().or_else(|| config.humans().first().copied()).unwrap_or(0);
    let states = StoredValue::new(states);
    let config = StoredValue::new(config);
    let all_hands = RwSignal::new(false);
    // Each move's lines of the game log (move 0: the deal), in the language shown.
    let words = Memo::new(move |_| {
        let lang = ctx.lang();
        states.with_value(|states| {
            config.with_value(|config| {
                let mut before = 0;
                states
                    .iter()
                    .map(|state| {
                        let lines = texts::log_lines(config, state.log(), lang);
                        let new = lines[before.min(lines.len())..].to_vec();
                        before = lines.len();
                        new
                    })
                    .collect::<Vec<_>>()
            })
        })
    });
    let at = move |f: &dyn Fn(&KbState) -> String| {
        let k = step.get();
        states.with_value(|s| s.get(k).or(s.last()).map(f)).unwrap_or_default()
    };
    let standing = move || {
        let lang = ctx.lang();
        config.with_value(|config| {
            at(&|state| match state.high_bid() {
                Some(b) if state.phase() == Phase::Bidding => texts::standing_bid_text(config, b.seat, b.level, lang),
                Some(b) => texts::won_bid_text(config, b.seat, b.level, lang),
                None => lang.kb().no_bid.to_string(),
            })
        })
    };
    let row = move || {
        let lang = ctx.lang();
        let cards = states.with_value(|s| s.get(step.get()).map(|st| st.row().to_vec())).unwrap_or_default();
        view! { <CardRow cards lang empty=lang.kb().row_empty testid="replay-row" /> }
    };
    let hand = move |seat: Seat, small: bool| {
        let lang = ctx.lang();
        let cards = states.with_value(|s| s.get(step.get()).map(|st| st.hand(seat).cards())).unwrap_or_default();
        view! { <CardRow cards lang empty=lang.kb().hand_empty testid="replay-hand" small /> }
    };
    let players = config.with_value(|c| c.players());
    let seat_line = move |seat: Seat| {
        let lang = ctx.lang();
        let (name, level) = config.with_value(|c| {
            let level = match c.seat(seat) {
                Some(SeatKind::Bot(level)) => Some(i18n::level_name(level, lang)),
                _ => None,
            };
            (i18n::seat_name(c, seat, lang), level)
        });
        let facts = states
            .with_value(|s| s.get(step.get()).map(|st| (st.hand_size(seat), st.mice(seat), st.jokers_shown(seat), st.to_act() == Some(seat))));
        let Some((size, mice, jokers, acting)) = facts else { return ().into_any() };
        view! {
            <li class="seat-line" class:acting=acting data-testid=format!("replay-player-{seat}")>
                <p class="who">
                    <strong>{name}</strong>
                    {level.map(|l| view! { <span class="level">{l}</span> })}
                </p>
                <p class="stats">
                    <span>{i18n::cards_count(size, lang)}</span>
                    <span>{texts::mice(mice, lang)}</span>
                    <span>{texts::jokers_shown(jokers, lang)}</span>
                </p>
                {(all_hands.get() && seat != viewer).then(|| hand(seat, true))}
            </li>
        }
        .into_any()
    };
    view! {
        <section class="panel replay-event" aria-live="polite" data-testid="replay-event">
            {move || {
                let k = step.get();
                if k == 0 {
                    return view! { <p>{rp_tr(|t| t.deal_start)}</p> }.into_any();
                }
                words.with(|w| w.get(k).cloned().unwrap_or_default()).into_iter().map(|l| view! { <p>{l}</p> }).collect_view().into_any()
            }}
        </section>
        <div class="board">
            <div class="main-col">
                <section class="panel center" aria-labelledby="replay-row-title">
                    <div class="row-head">
                        <h2 id="replay-row-title">{kb_tr(|s| s.the_row)}</h2>
                        <p class="standing"><strong data-testid="replay-standing">{standing}</strong></p>
                    </div>
                    {row}
                    <dl class="facts">
                        <div>
                            <dt>{kb_tr(|s| s.stock)}</dt>
                            <dd>{move || at(&|s| s.stock_len().to_string())}</dd>
                        </div>
                        <div>
                            <dt>{kb_tr(|s| s.mice_left)}</dt>
                            <dd>{move || at(&|s| s.mice_left().to_string())}</dd>
                        </div>
                        <div>
                            <dt>{kb_tr(|s| s.bandleader)}</dt>
                            <dd>{move || config.with_value(|c| at(&|s| i18n::seat_name(c, s.bandleader(), ctx.lang())))}</dd>
                        </div>
                    </dl>
                </section>
                <section class="panel replay-hand" aria-labelledby="replay-hand-title">
                    <h2 id="replay-hand-title">
                        {move || {
                            let lang = ctx.lang();
                            if config.with_value(|c| c.solo_seat()) == Some(viewer) {
                                rp_tr(|t| t.your_hand)().to_string()
                            } else {
                                format!("{} {}", crate::ui::replay::rp_tr(|t| t.hand_of)(), config.with_value(|c| i18n::seat_name(c, viewer, lang)))
                            }
                        }}
                    </h2>
                    {move || hand(viewer, false)}
                </section>
            </div>
            <div class="side-col">
                <section class="panel players" aria-labelledby="replay-players-title">
                    <h2 id="replay-players-title">{tr(|s| s.players_title)}</h2>
                    {over.then(|| view! {
                        <label class="choice">
                            <input type="checkbox" data-testid="replay-all-hands" prop:checked=move || all_hands.get() on:change=move |ev| all_hands.set(event_target_checked(&ev)) />
                            " " {rp_tr(|t| t.all_hands)}
                        </label>
                    })}
                    <ul class="seats-list">{move || (0..players).map(seat_line).collect_view()}</ul>
                </section>
                {crate::ui::replay::move_list(step, marks, move || words.with(|w| w.iter().skip(1).map(|lines| lines.join(" ")).collect()))}
            </div>
        </div>
    }
}
