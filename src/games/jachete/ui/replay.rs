//! J'achète's replay table: the table at move k, read-only — the round and
//! its contract, the discard and the pots (the live table's [`facts`]), the
//! players with their money and points ([`seats_view`]), the melds on the
//! table grouped by owner, the person's hand (every hand once the game is
//! over), the scores round by round ([`end::score_table`]); what move k did,
//! the move list in words, and a jump to the start of each round.
//!
//! The live table's pieces are drawn from plain data, with no staging and
//! no table state (nothing in them can be picked, dropped or pressed); only
//! the melds are drawn apart, since the live ones are the staging area's
//! drop targets.

use leptos::prelude::*;
use tablee_engine::jachete::JaView;
use tablee_engine::json::Json;
use tablee_engine::Seat;

use super::moves::{Move, SeatMoves};
use super::cards::cards_view;
use super::view::{facts, seat_rows, seats_view, Facts};
use super::control::{Ja, Session};
use super::end;
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::marks::before;
use crate::games::jachete::texts;
use crate::i18n;
use crate::ui::context::ctx;
use crate::app::marks::Mark;
use crate::ui::replay::{rp, rp_tr};

/// The expert's move before move `at` in the move list's words.
pub fn expert_words(s: &Session, at: usize, action: &Json, lang: Lang) -> Option<String> {
    let p = before(s, at)?;
    let seat = p.to_act()?;
    Some(Move::of(&p.view(seat), &Ja::action_from_json(action).ok()?).sentence(s.config(), seat, lang) + ".")
}

/// The melds on the table, grouped by owner: cards only, nothing to pick.
fn melds(s: &Session, v: &JaView, lang: Lang) -> impl IntoView {
    let j = lang.ja();
    let owners = (0..v.players)
        .filter(|&owner| v.table.iter().any(|m| m.owner == owner))
        .map(|owner| {
            let melds = v
                .table
                .iter()
                .filter(|m| m.owner == owner)
                .enumerate()
                .map(|(k, m)| {
                    view! {
                        <div class="meld" role="group" aria-label=texts::meld_label(s.config(), owner, k, &m.cards, lang)>
                            <span class="meld-cards">{cards_view(&m.cards, lang)}</span>
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
        .collect_view();
    view! {
        <section class="panel ja-melds" data-testid="replay-ja-melds">
            <h2>{j.table_title}</h2>
            {v.table.is_empty().then(|| view! { <p class="empty">{j.table_empty}</p> })}
            {owners}
        </section>
    }
}

/// One seat's hand at this position.
fn hand(s: &Session, seat: Seat, mine: bool, lang: Lang) -> impl IntoView {
    let hand = s.view(seat).hand;
    let title = if mine { texts::hand_heading(hand.len(), lang) } else { format!("{} {} · {}", rp(lang).hand_of, i18n::seat_name(s.config(), seat, lang), i18n::cards_count(hand.len(), lang)) };
    view! {
        <section class="panel replay-hand" data-testid="replay-hand">
            <h2>{title}</h2>
            <p class="meld-cards">{cards_view(&hand, lang)}</p>
        </section>
    }
}

/// The table at move `k` (the position `p` before it).
fn table(s: &Session, p: &Session, viewer: Seat, lang: Lang) -> impl IntoView {
    let v = p.view(viewer);
    let hands = if s.is_over() { (0..v.players).collect() } else { vec![viewer] };
    let hands = hands.into_iter().map(|seat| hand(p, seat, seat == viewer && p.config().solo_seat() == Some(viewer), lang)).collect_view();
    let rows = seat_rows(p.config(), &v, None, false, SeatMoves::of(p).as_ref(), lang);
    let scores = (!p.state().results().is_empty()).then(|| {
        view! {
            <section class="panel" data-testid="replay-ja-scores">
                <h2>{rp(lang).round_scores}</h2>
                {end::score_table(p, lang)}
            </section>
        }
    });
    view! {
        {facts(Signal::stored(Facts::of(p.config(), &v, None, lang)), false, lang)}
        <div class="board">
            <div class="main-col">
                {melds(p, &v, lang)}
                {hands}
            </div>
            <div class="side-col">
                {seats_view(Signal::stored(rows), Signal::stored(lang))}
                {scores}
            </div>
        </div>
    }
}

/// The first move of each round (0-based rounds), to jump to.
fn round_starts(s: &Session) -> Vec<usize> {
    let mut starts = vec![0];
    let Ok(mut at) = Session::new(s.config().clone()) else { return starts };
    for (k, (seat, action)) in s.moves().enumerate() {
        let rounds = at.state().results().len();
        if at.apply_recorded(seat, action).is_err() {
            break;
        }
        if at.state().results().len() > rounds && k + 1 < s.actions().len() {
            starts.push(k + 1);
        }
    }
    starts
}

#[component]
pub fn ReplayTable(session: Session, step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>) -> impl IntoView {
    let ctx = ctx();
    // The contract's word is explained here too, as at the table.
    crate::ui::term::provide();
    let config = session.config().clone();
    let viewer: Seat = config.solo_seat().or_else(|| config.humans().first().copied()).unwrap_or(0);
    let starts = StoredValue::new(round_starts(&session));
    let session = StoredValue::new(session);
    // Each move in words (the state before it says which card was bought).
    let words = Memo::new(move |_| {
        let lang = ctx.lang();
        session.with_value(|s| {
            let Ok(mut at) = Session::new(s.config().clone()) else { return Vec::new() };
            let mut out = Vec::with_capacity(s.actions().len());
            for (seat, action) in s.moves() {
                out.push(Move::of(&at.view(seat), action).sentence(s.config(), seat, lang) + ".");
                if at.apply_recorded(seat, action).is_err() {
                    break;
                }
            }
            out
        })
    });
    let table = move || {
        let (k, lang) = (step.get(), ctx.lang());
        session.with_value(|s| before(s, k).map(|p| table(s, &p, viewer, lang)))
    };
    // A long game (several hundred moves): a jump to each round's start.
    let rounds = starts
        .get_value()
        .into_iter()
        .enumerate()
        .map(|(r, start)| {
            let current = move || {
                let k = step.get();
                k >= start && starts.with_value(|s| s.get(r + 1).is_none_or(|next| k < *next))
            };
            view! {
                <li>
                    <button type="button" data-testid=format!("replay-round-{}", r + 1) aria-current=move || current().then_some("step") on:click=move |_| step.set(start)>
                        {move || texts::round_text((r + 1) as u8, ctx.lang())}
                    </button>
                </li>
            }
        })
        .collect_view();
    view! {
        <nav class="replay-rounds" aria-label=move || ctx.lang().pick("Rounds", "Manches")>
            <ul>{rounds}</ul>
        </nav>
        <section class="panel replay-event" aria-live="polite" data-testid="replay-event">
            <p>{move || {
                let k = step.get();
                if k == 0 { rp_tr(|t| t.deal_start)().to_string() } else { words.with(|w| w.get(k - 1).cloned().unwrap_or_default()) }
            }}</p>
        </section>
        <div class="ja-table ja-replay" data-testid="replay-ja-table">{table}</div>
        {crate::ui::replay::move_list(step, marks, move || words.get())}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::TableConfig;
    use tablee_bots::Level;
    use tablee_engine::Seed;

    /// A finished 4-player game, seat 0 the person (playing as `normal`).
    fn finished() -> Session {
        let mut s = Session::new(TableConfig::<Ja>::new(Seed::from_number(3), 4)).unwrap();
        while !s.is_over() {
            if s.bot_step().is_none() {
                let mine = s.decision(0, Level::Normal).decide();
                s.apply_human(mine).unwrap();
            }
        }
        s
    }

    /// Issue 34: the replay's jumps to each round land on the move after
    /// the one that ended the round before (red if a jump landed mid-round
    /// or a round was missing).
    #[test]
    fn ja17_each_round_starts_after_the_last_ended() {
        let s = finished();
        let starts = round_starts(&s);
        assert_eq!(starts.len(), 7, "{starts:?}");
        for (r, &k) in starts.iter().enumerate() {
            let p = before(&s, k).unwrap();
            assert_eq!(p.state().results().len(), r, "round {} starts at move {k}", r + 1);
            if k > 0 {
                assert_eq!(before(&s, k - 1).unwrap().state().results().len(), r - 1);
            }
        }
    }

    /// Every move has its words, in both languages, naming a seat, never a rule id.
    #[test]
    fn every_move_is_worded() {
        let s = finished();
        let mut at = Session::new(s.config().clone()).unwrap();
        let mut kinds = std::collections::BTreeSet::new();
        for (seat, action) in s.moves() {
            for lang in [Lang::En, Lang::Fr] {
                let text = Move::of(&at.view(seat), action).sentence(s.config(), seat, lang);
                assert!(!text.contains("JA-") && text.len() > 8, "{text}");
                kinds.insert(text.split(' ').nth(1).unwrap_or_default().to_string());
            }
            at.apply_recorded(seat, action).unwrap();
        }
        for verb in ["buys", "discards", "lays", "achète", "défausse", "pose", "buy", "discard"] {
            assert!(kinds.contains(verb), "{verb} missing in {kinds:?}");
        }
    }
}
