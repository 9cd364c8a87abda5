//! A match's standings at the end of each of its games (KB-20): every
//! seat's mice game by game and its running total, who leads or won, and
//! the match's next step — "Next game (2 of 3)", or, once the match is
//! over, its share text (to copy) and a new match. The whole app's build only
//! (feature `matchplay`); the numbers are the engine's `Match`.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::games::katzenjammer::Katzenjammer as Kb;
use crate::app::link;
use crate::games::katzenjammer::matchplay as words;
use crate::i18n;
use crate::app::config::TableConfig;
use crate::ui::browser;
use crate::ui::context::ctx;
use crate::ui::flow::{next_in_match, start_match};

/// The match's line in the deal bar: "Match · game 2 of 3 · You 3 · Pacha
/// 1 · …" (the totals before this game, and with it once it is over).
#[component]
pub fn MatchStatus() -> impl IntoView {
    let ctx = ctx();
    let text = move || {
        let lang = ctx.lang();
        ctx.game::<Kb, _>(|s| {
            let number = s.in_match()?.records.len() + 1;
            Some(words::status(s.config(), &s.standings()?, number, lang))
        })
        .flatten()
    };
    move || text().map(|t| view! { <p class="match-status" data-testid="match-status">{t}</p> })
}

#[component]
pub fn Standings() -> impl IntoView {
    let ctx = ctx();
    let data = move || ctx.game::<Kb, _>(|s| s.standings().map(|m| (s.config().clone(), m))).flatten();
    // The match's share text, shown to copy by hand or with one button.
    let copied = RwSignal::new(false);
    let share_text = move || {
        let lang = ctx.lang();
        ctx.game::<Kb, _>(|s| {
            let record = s.standings()?;
            let url = format!("{}{}", browser::base_url(), link::write_session(s));
            Some(words::share_text(s.config(), &record, &url, lang))
        })
        .flatten()
        .unwrap_or_default()
    };
    let copy = move |_| {
        let text = share_text();
        spawn_local(async move { copied.set(browser::copy_to_clipboard(text).await) });
    };
    move || {
        let Some((config, record)) = data() else { return ().into_any() };
        let lang = ctx.lang();
        let totals = record.totals();
        let leaders = record.leaders();
        let heads = (1..=record.records.len())
            .map(|n| {
                let name = words::game_of(n, record.games_planned, lang);
                view! { <th scope="col" title=name.clone() aria-label=name>{lang.pick("G", "P")}{n}</th> }
            })
            .collect_view();
        let rows = (0..config.players())
            .map(|seat| {
                let games = record
                    .records
                    .iter()
                    .map(|r| view! { <td>{i18n::num(r.mice.get(seat).copied().unwrap_or(0))}</td> })
                    .collect_view();
                view! {
                    <tr class:winner=leaders.contains(&seat) data-testid=format!("match-row-{seat}")>
                        <th scope="row">{i18n::seat_name(&config, seat, lang)}</th>
                        {games}
                        <td data-testid=format!("match-total-{seat}")><strong>{i18n::num(totals[seat])}</strong></td>
                    </tr>
                }
            })
            .collect_view();
        let over = record.is_over();
        let next = (!over).then(|| {
            view! {
                <p class="actions">
                    <button type="button" class="primary" data-testid="next-game" on:click=move |_| { next_in_match::<Kb>(ctx) }>
                        {words::next_game(&record, lang)}
                    </button>
                </p>
            }
        });
        let games = record.games_planned;
        let new_match = move |_| {
            let Some(config) = ctx.game_untracked::<Kb, _>(|s| s.config().clone()) else { return };
            start_match(ctx, TableConfig { seed: browser::fresh_seed(), daily: None, ..config }.into_any(), games);
        };
        let share_row = over.then(|| {
            view! {
                <p class="actions">
                    <button type="button" class="primary" data-testid="new-match" on:click=new_match>{lang.pick("New match", "Nouveau match")}</button>
                </p>
                <p class="field">
                    <label for="match-share-text">{lang.pick("Share the match", "Partager le match")}</label>
                    <textarea id="match-share-text" readonly rows="4" data-testid="match-share-text" prop:value=share_text></textarea>
                    <button type="button" data-testid="copy-match" on:click=copy>
                        {move || if copied.get() { ctx.lang().s().share_copied } else { ctx.lang().pick("Copy", "Copier") }}
                    </button>
                </p>
            }
        });
        view! {
            <section class="match-standings" data-testid="match-standings" aria-labelledby="match-title">
                <h3 id="match-title" data-testid="match-heading">{words::heading(&record, lang)}</h3>
                <p class="winners" data-testid="match-leaders"><strong>{words::leaders_text(&config, &record, lang)}</strong></p>
                {next}
                <div class="table-wrap">
                    <table class="results" data-testid="match-table">
                        <thead>
                            <tr>
                                <th scope="col">{lang.s().end_player}</th>
                                {heads}
                                <th scope="col">{lang.pick("Total", "Total")}</th>
                            </tr>
                        </thead>
                        <tbody>{rows}</tbody>
                    </table>
                </div>
                {share_row}
            </section>
        }
        .into_any()
    }
}
