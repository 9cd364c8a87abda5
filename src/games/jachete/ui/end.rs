//! The end of a round (JA-17: every hand's cards left and their points, the
//! scores so far, then the next round) and of the game (JA-18: the lowest
//! total wins the big pot, round 7's winner the small pot; the purses).

use leptos::prelude::*;
use tablee_engine::jachete::{Card, JaAction};
use tablee_engine::{Game, Seat};

use super::{card_view, ui, Ja};
use crate::app::config::TableConfig;
use crate::app::game::GameDef;
use crate::app::session::Session;
use crate::games::jachete::summary::Summary;
use crate::games::jachete::texts;
use crate::i18n;
use crate::ui::{self as browser, start_game};

/// Every hand as round number `index` (0-based) ended, replayed from the
/// save's moves (the engine deals the next round at once).
fn hands_at_end(s: &Session<Ja>, index: usize) -> Option<Vec<Vec<Card>>> {
    let config = s.config();
    let players = config.players();
    let mut game = Ja::new_state(players, config.options, config.seed).ok()?;
    for (seat, action) in s.moves() {
        let before = game.results().len();
        let hands: Option<Vec<Vec<Card>>> =
            (before == index).then(|| (0..players).map(|p| game.round().hand(p).to_vec()).collect());
        game.apply(action).ok()?;
        if let Some(mut hands) = hands.filter(|_| game.results().len() > before) {
            let went_out = game.results().last()?.went_out;
            match action {
                _ if went_out == Some(seat) => hands[seat].clear(),
                JaAction::Discard(c) => {
                    if let Some(at) = hands[seat].iter().position(|x| x == c) {
                        hands[seat].remove(at);
                    }
                }
                _ => {}
            }
            return Some(hands);
        }
    }
    None
}

/// The scores round by round (one row per player).
fn score_rows(s: &Session<Ja>, lang: crate::app::lang::Lang) -> impl IntoView {
    let results = s.state().results();
    (0..s.config().players())
        .map(|seat| {
            let cells = results.iter().map(|r| view! { <td>{r.round_points[seat]}</td> }).collect_view();
            let total = results.last().map_or(0, |r| r.scores[seat]);
            view! {
                <tr data-testid=format!("ja-score-{seat}")>
                    <th scope="row">{i18n::seat_name(s.config(), seat, lang)}</th>
                    {cells}
                    <td><strong>{total}</strong></td>
                </tr>
            }
        })
        .collect_view()
}

fn score_head(rounds: usize, lang: crate::app::lang::Lang) -> impl IntoView {
    view! {
        <tr>
            <th scope="col">{lang.s().end_player}</th>
            {(1..=rounds).map(|r| view! { <th scope="col">{r}</th> }).collect_view()}
            <th scope="col">{lang.ja().total}</th>
        </tr>
    }
}

#[component]
pub fn RoundEnd() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let j = lang.ja();
        let index = ui.acked.get();
        let body = ctx.game::<Ja, _>(|s| {
            let result = s.state().results().get(index)?.clone();
            let hands = hands_at_end(s, index).unwrap_or_default();
            let rows = (0..s.config().players())
                .map(|seat: Seat| {
                    let cards = hands.get(seat).cloned().unwrap_or_default();
                    view! {
                        <tr>
                            <th scope="row">{i18n::seat_name(s.config(), seat, lang)}</th>
                            <td class="left">{cards.into_iter().map(|c| card_view(c, lang)).collect_view()}</td>
                            <td>{result.round_points[seat]}</td>
                        </tr>
                    }
                })
                .collect_view();
            let rounds = s.state().results().len();
            Some(view! {
                <p class="winners"><strong>{texts::went_out_text(s.config(), result.went_out, lang)}</strong></p>
                <div class="table-wrap">
                    <table class="results">
                        <thead><tr><th scope="col">{lang.s().end_player}</th><th scope="col">{j.hands_left}</th><th scope="col">{j.points}</th></tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <div class="table-wrap">
                    <table class="results">
                        <thead>{score_head(rounds, lang)}</thead>
                        <tbody>{score_rows(s, lang)}</tbody>
                    </table>
                </div>
            })
        })
        .flatten();
        view! {
            <section class="panel end" data-testid="ja-round-end" aria-labelledby="ja-round-end-title">
                <h2 id="ja-round-end-title">{j.round_end} " " {index + 1}</h2>
                {body}
                <p class="actions">
                    <button type="button" class="primary" data-testid="ja-next-round" on:click=move |_| ui.acked.set(index + 1)>
                        {j.next_round}
                    </button>
                </p>
            </section>
        }
    }
}

#[component]
pub fn EndPanel() -> impl IntoView {
    let ui = ui();
    let ctx = ui.ctx;
    let again = move |same: bool| {
        let Some(config) = ctx.game_untracked::<Ja, _>(|s| s.config().clone()) else { return };
        let next = if same { config } else { TableConfig { seed: browser::fresh_seed(), daily: None, ..config } };
        start_game(ctx, next.into_any());
    };
    move || {
        let lang = ctx.lang();
        let s = lang.s();
        let j = lang.ja();
        let body = ctx.game::<Ja, _>(|session| {
            let summary = Summary::of(session.state())?;
            let config = session.config();
            let winners: Vec<String> = summary.winners.iter().map(|&w| i18n::seat_name(config, w, lang)).collect();
            let rows = summary
                .players
                .iter()
                .map(|p| view! {
                    <tr class:winner=p.winner data-testid=format!("end-row-{}", p.seat)>
                        <th scope="row">{i18n::seat_name(config, p.seat, lang)}</th>
                        <td><strong>{p.points}</strong></td>
                        <td>{texts::cents(p.purse)}</td>
                        <td>{i18n::place_short(p.place, lang)}</td>
                    </tr>
                })
                .collect_view();
            let rounds = session.state().results().len();
            Some(view! {
                <p class="winners" data-testid="winners"><strong>{j.winners_title} {i18n::colon(lang)} " " {i18n::join_and(&winners, lang)}</strong></p>
                <div class="table-wrap">
                    <table class="results" data-testid="end-table">
                        <thead><tr>
                            <th scope="col">{s.end_player}</th><th scope="col">{j.total}</th>
                            <th scope="col">{j.purse}</th><th scope="col">{s.end_place}</th>
                        </tr></thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <div class="table-wrap">
                    <table class="results">
                        <thead>{score_head(rounds, lang)}</thead>
                        <tbody>{score_rows(session, lang)}</tbody>
                    </table>
                </div>
            })
        })
        .flatten();
        view! {
            <section class="panel end" data-testid="end-screen" aria-labelledby="end-title">
                <h2 id="end-title">{s.end_title}</h2>
                {body}
                <p class="actions">
                    <button type="button" class="primary" data-testid="play-again" on:click=move |_| again(false)>{s.play_again}</button>
                    <button type="button" data-testid="same-deal" on:click=move |_| again(true)>{s.same_deal}</button>
                </p>
            </section>
        }
    }
}
