//! The end of a game: mice per player, the joker penalty explained, the
//! winners and tie-breaks, par, and what to play next.

use leptos::prelude::*;

use crate::games::katzenjammer::Katzenjammer as Kb;
use crate::app::config::TableConfig;
use crate::app::controller::Par;
use crate::games::katzenjammer::summary::Summary;
use crate::games::katzenjammer::texts;
use crate::i18n;
use crate::ui::browser;
use crate::ui::context::ctx;
use crate::ui::flow::start_game;

#[component]
pub fn EndPanel() -> impl IntoView {
    let ctx = ctx();
    let data = move || ctx.game::<Kb, _>(|s| Some((s.config().clone(), Summary::of(s.state())?))).flatten();
    let again = move |same: bool| {
        let Some(config) = ctx.game_untracked::<Kb, _>(|s| s.config().clone()) else { return };
        let next = if same { config } else { TableConfig { seed: browser::fresh_seed(), daily: None, ..config } };
        start_game(ctx, next.into_any());
    };
    move || {
        let Some((config, summary)) = data() else { return ().into_any() };
        let lang = ctx.lang();
        let s = lang.s();
        let rows = summary
            .players
            .iter()
            .map(|p| {
                view! {
                    <tr class:winner=p.winner data-testid=format!("end-row-{}", p.seat)>
                        <th scope="row">{i18n::seat_name(&config, p.seat, lang)}</th>
                        <td>{i18n::num(p.mice_before)}</td>
                        <td>{p.jokers}</td>
                        <td>{if p.penalised { format!("−{}", summary.penalty) } else { "—".to_string() }}</td>
                        <td><strong>{i18n::num(p.mice)}</strong></td>
                        <td>{i18n::place_short(p.place, lang)}</td>
                    </tr>
                }
            })
            .collect_view();
        let me = config.solo_seat().and_then(|seat| summary.player(seat)).map(|p| p.mice);
        let practice = ctx.game_untracked::<Kb, _>(|s| s.practice()).unwrap_or(false);
        // A match's standings: they bring its next step, and the stylesheet
        // hides the new lone games below them.
        let standings = view! { <super::standings::Standings /> };
        // With friends, each on their own device: a new game is a new table
        // with friends (Play again would deal one on this device alone).
        let friends = config.here.is_some();
        let actions = view! {
            {friends.then(|| view! { <p data-testid="again-with-friends">{i18n::friends::again(lang)}</p> })}
            <p class="actions">
                <button type="button" class="primary" data-testid="play-again" hidden=friends on:click=move |_| again(false)>{s.play_again}</button>
                <button type="button" data-testid="same-deal" hidden=friends on:click=move |_| again(true)>{s.same_deal}</button>
                // The newest recorded game's replay (index.html starts the
                // whole app for it): every finished game is recorded, hot-seat
                // and all-bot ones too, except a practice game (the newest
                // recorded game would be another).
                <a href="?replay=last" data-testid="watch-replay" hidden=practice>{s.watch_replay}</a>
            </p>
        };
        let par = move || match (ctx.par.get(), me) {
            (Par::Known(par), Some(mine)) => Some(texts::par_text(par, mine, ctx.lang())),
            (Par::Computing, Some(_)) => Some(ctx.lang().s().par_computing.to_string()),
            _ => None,
        };
        view! {
            <section class="panel end" data-testid="end-screen" aria-labelledby="end-title">
                <h2 id="end-title">{s.end_title}</h2>
                <p data-testid="end-cause">{texts::end_cause(summary.cause, lang)}</p>
                <p class="winners" data-testid="winners"><strong>{texts::winners_text(&config, &summary, lang)}</strong></p>
                {standings}
                <div class="table-wrap">
                    <table class="results" data-testid="end-table">
                        <thead>
                            <tr>
                                <th scope="col">{s.end_player}</th>
                                <th scope="col">{lang.kb().end_mice_before}</th>
                                <th scope="col">{lang.kb().end_jokers}</th>
                                <th scope="col">{lang.kb().end_penalty}</th>
                                <th scope="col">{lang.kb().end_mice}</th>
                                <th scope="col">{s.end_place}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                <p data-testid="penalty-explanation">{texts::penalty_text(&config, &summary, lang)}</p>
                {move || par().map(|t| view! { <p class="par" data-testid="par" role="status">{t}</p> })}
                {move || {
                    let lang = ctx.lang();
                    ctx.shell
                        .with(|sh| sh.daily_attempt::<Kb>())
                        .map(|d| view! { <p class="note" data-testid="daily-status">{i18n::daily_status(d, |n| texts::mice(n, lang), lang)}</p> })
                }}
                {move || ctx.game::<Kb, _>(|s| s.practice()).unwrap_or(false).then(|| view! { <p class="note" data-testid="practice-note">{ctx.lang().s().practice_note}</p> })}
                {actions}
            </section>
        }
        .into_any()
    }
}
