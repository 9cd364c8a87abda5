//! The end of a round (JA-17: every hand's cards left, sorted, and how
//! their points add up, the scores so far, then the next round) and of the
//! game (JA-18: the lowest total wins the big pot, round 7's winner the
//! small pot; the purses; the replay).

use leptos::prelude::*;
use tablee_engine::jachete::Card;

use super::cards::cards_view;
use super::control::{Ja, Ui};
use crate::app::controller::Par;
use crate::app::config::TableConfig;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::games::jachete::staging::{arrange, Order};
use crate::games::jachete::summary::Summary;
use crate::games::jachete::texts;
use crate::i18n;
use crate::ui::deal_bar::ShareStatus;

/// A results table: its column headings and its rows.
fn results_table(heads: Vec<String>, rows: impl IntoView, testid: Option<&'static str>) -> impl IntoView {
    view! {
        <div class="table-wrap">
            <table class="results" data-testid=testid>
                <thead>
                    <tr>{heads.into_iter().map(|h| view! { <th scope="col">{h}</th> }).collect_view()}</tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
}

/// The scores round by round (one row per player) and the totals.
pub(super) fn score_table(s: &Session<Ja>, lang: Lang) -> impl IntoView {
    let results = s.state().results();
    let rows = (0..s.config().players())
        .map(|seat| {
            view! {
                <tr data-testid=format!("ja-score-{seat}")>
                    <th scope="row">{i18n::seat_name(s.config(), seat, lang)}</th>
                    {results.iter().map(|r| view! { <td>{r.round_points[seat]}</td> }).collect_view()}
                    <td><strong>{results.last().map_or(0, |r| r.scores[seat])}</strong></td>
                </tr>
            }
        })
        .collect_view();
    let heads = std::iter::once(lang.s().end_player.to_string()).chain((1..=results.len()).map(|r| r.to_string())).chain([lang.ja().total.to_string()]);
    results_table(heads.collect(), rows, None)
}

/// How a hand's points add up: "3 × 5 + 10 + 20 = 45" (each card's points,
/// equal ones grouped, JA-17), or "0" for an empty hand.
pub(super) fn points_sum(cards: &[Card]) -> String {
    let mut values: Vec<u32> = cards.iter().map(|c| c.points()).collect();
    values.sort_unstable();
    let mut terms: Vec<String> = Vec::new();
    let mut i = 0;
    while i < values.len() {
        let n = values[i..].iter().take_while(|v| **v == values[i]).count();
        terms.push(if n > 1 { format!("{n} × {}", values[i]) } else { values[i].to_string() });
        i += n;
    }
    let total: u32 = values.iter().sum();
    match terms.len() {
        0 => "0".to_string(),
        1 if !terms[0].contains('×') => total.to_string(),
        _ => format!("{} = {total}", terms.join(" + ")),
    }
}

/// JA-17: round number `index` (0-based) of the game is over: every hand's
/// cards left (sorted) and how their points add up, the scores so far, and
/// "Next round".
pub(super) fn round_end(ui: Ui) -> impl IntoView {
    let ctx = ui.ctx;
    let index = ui.acked.get_untracked();
    move || {
        let lang = ctx.lang();
        let j = lang.ja();
        ctx.game::<Ja, _>(|s| {
            let result = s.state().results().get(index)?;
            Some(view! {
                <section class="panel end" data-testid="ja-round-end">
                    <h2>{texts::round_over_text(index + 1, lang)}</h2>
                    <p class="winners"><strong>{texts::went_out_text(s.config(), result.went_out, lang)}</strong></p>
                    {hands_left_table(s.config(), &result.hands_left, lang)}
                    {score_table(s, lang)}
                    <p class="actions">
                        <button type="button" class="primary" data-act="next" data-testid="ja-next-round">{j.next_round}</button>
                    </p>
                </section>
            })
        })
        .flatten()
        .map(IntoAny::into_any)
        .or_else(|| heard_round_end(ui, index, lang))
    }
}

/// JA-17: each seat's hand left (sorted by rank) and what it scores.
fn hands_left_table(config: &TableConfig<Ja>, hands: &[Vec<Card>], lang: Lang) -> impl IntoView {
    let rows = (0..config.players())
        .map(|seat| {
            let hand = arrange(hands.get(seat).map_or(&[][..], |h| &h[..]), &Order::Rank);
            view! {
                <tr>
                    <th scope="row">{i18n::seat_name(config, seat, lang)}</th>
                    <td class="left">{cards_view(&hand, lang)}</td>
                    <td class="sum" data-testid=format!("ja-round-points-{seat}")>{points_sum(&hand)}</td>
                </tr>
            }
        })
        .collect_view();
    results_table([lang.s().end_player, lang.ja().hands_left, lang.ja().points_col].map(String::from).to_vec(), rows, None)
}

/// A round's end on a table whose device has no record of the game (a
/// friend's, issue 55): who went out (the round's last move heard), the
/// hands left and the scores, from the view.
fn heard_round_end(ui: Ui, index: usize, lang: Lang) -> Option<AnyView> {
    let j = lang.ja();
    let went_out = ui.moves.with(|m| m.as_ref().and_then(|m| m.log().iter().rev().find(|e| e.round == index).map(|e| e.seat)));
    ui.feed.with_table(|v, config| {
        let rows = (0..config.players())
            .map(|seat| {
                view! {
                    <tr data-testid=format!("ja-score-{seat}")>
                        <th scope="row">{i18n::seat_name(config, seat, lang)}</th>
                        <td><strong>{v.scores.get(seat).copied().unwrap_or(0)}</strong></td>
                    </tr>
                }
            })
            .collect_view();
        Some(
            view! {
                <section class="panel end" data-testid="ja-round-end">
                    <h2>{texts::round_over_text(index + 1, lang)}</h2>
                    <p class="winners"><strong>{texts::went_out_text(config, went_out, lang)}</strong></p>
                    // The view holds the last round's hands: this one's, unless the host is a round ahead.
                    {(v.rounds_ended == index + 1).then(|| hands_left_table(config, &v.hands_left, lang))}
                    {results_table([lang.s().end_player, j.total].map(String::from).to_vec(), rows, None)}
                    <p class="actions">
                        <button type="button" class="primary" data-act="next" data-testid="ja-next-round">{j.next_round}</button>
                    </p>
                </section>
            }
            .into_any(),
        )
    })
}

/// JA-18: the game is over: totals, purses, places, the winners, par, the replay.
#[component]
pub(super) fn EndPanel(ui: Ui) -> impl IntoView {
    let ctx = ui.ctx;
    move || {
        let lang = ctx.lang();
        let (t, j) = (lang.s(), lang.ja());
        ctx.game::<Ja, _>(|s| {
            let summary = Summary::of(s.state())?;
            let config = s.config();
            let winners: Vec<String> = summary.winners.iter().map(|&w| i18n::seat_name(config, w, lang)).collect();
            let rows = summary
                .players
                .iter()
                .map(|p| {
                    view! {
                        <tr class:winner=p.winner data-testid=format!("end-row-{}", p.seat)>
                            <th scope="row">{i18n::seat_name(config, p.seat, lang)}</th>
                            <td><strong>{p.points}</strong></td>
                            <td>{texts::cents(p.purse, lang)}</td>
                            <td>{i18n::place_short(p.place, lang)}</td>
                        </tr>
                    }
                })
                .collect_view();
            let went_out = s.state().results().last().and_then(|r| r.went_out);
            // Par: the expert in the only person's seat, on the same deal.
            let mine = config.solo_seat().and_then(|seat| summary.players.iter().find(|p| p.seat == seat)).map(|p| p.points);
            let par = move || match (ctx.par.get(), mine) {
                (Par::Known(par), Some(mine)) => Some(texts::par_text(par, mine, ctx.lang())),
                (Par::Computing, Some(_)) => Some(ctx.lang().s().par_computing.to_string()),
                _ => None,
            };
            let daily = move || ctx.shell.with(|sh| sh.daily_attempt::<Ja>()).map(|d| i18n::daily_status(d, texts::points_text, ctx.lang()));
            // The newest recorded game's replay (as Katzenjammer's end): not
            // for a practice game, which is not recorded.
            let practice = s.practice();
            Some(view! {
                <section class="panel end" data-testid="end-screen">
                    <h2>{t.end_title}</h2>
                    <p class="winners" data-testid="winners"><strong>{j.winners_title}{i18n::colon(lang)} " " {i18n::join_and(&winners, lang)}</strong></p>
                    {results_table([t.end_player, j.total, j.purse, t.end_place].map(String::from).to_vec(), rows, Some("end-table"))}
                    <p data-testid="small-pot">{texts::small_pot_text(config, went_out, lang)}</p>
                    {move || par().map(|p| view! { <p class="par" data-testid="par" role="status">{p}</p> })}
                    {move || daily().map(|d| view! { <p class="note" data-testid="daily-status">{d}</p> })}
                    {score_table(s, lang)}
                    // With friends: a new table with friends, not a game on this device alone.
                    {config.here.is_some().then(|| view! { <p data-testid="again-with-friends">{i18n::friends::again(lang)}</p> })}
                    <p class="actions">
                        <button type="button" class="primary" data-act="again" data-testid="play-again" hidden=config.here.is_some()>{t.play_again}</button>
                        <button type="button" data-act="same" data-testid="same-deal" hidden=config.here.is_some()>{t.same_deal}</button>
                        <button type="button" data-act="share" data-testid="share-button">{t.share}</button>
                        <a href="?replay=last" data-testid="watch-replay" hidden=practice>{t.watch_replay}</a>
                    </p>
                    <ShareStatus state=ui.shared />
                </section>
            })
        })
        .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// JA-17: a hand's points are each card's, added up in words the player
    /// can check (red if a card's points or the total were wrong).
    #[test]
    fn ja17_the_points_left_add_up() {
        let cards: Vec<Card> = ["KS", "7H", "7D", "JK", "AC", "3C"].iter().map(|c| Card::parse(c).unwrap()).collect();
        assert_eq!(points_sum(&cards), "3 × 5 + 10 + 15 + 20 = 60");
        assert_eq!(points_sum(&cards[..1]), "10");
        assert_eq!(points_sum(&[]), "0");
        assert_eq!(points_sum(&cards[1..3]), "2 × 5 = 10");
    }
}
