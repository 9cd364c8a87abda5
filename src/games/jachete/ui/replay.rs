//! J'achète's replay table: the table at move k, read-only — the round and
//! its contract, the discard and the pots (the live table's [`facts`]), the
//! players with their money and points ([`players`]), the melds on the
//! table grouped by owner, the person's hand (every hand once the game is
//! over), the scores round by round ([`end::score_table`]); what move k did
//! and the move list in words.
//!
//! The live table's renderers are reused with no staging and no table state
//! (nothing in them can be picked, dropped or pressed); only the melds are
//! drawn apart, since the live ones are the staging area's drop targets.

use std::fmt::Write;

use leptos::prelude::*;
use tablee_engine::jachete::JaView;
use tablee_engine::json::Json;
use tablee_engine::Seat;

use super::moves::{Move, SeatMoves};
use super::{cards, end, esc, facts, players, Ja, Session};
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::par::marks::before;
use crate::games::jachete::texts;
use crate::i18n;
use crate::ui::replay::{rp, rp_tr, Mark};
use crate::ui::ctx;

/// The expert's move before move `at` in the move list's words.
pub fn expert_words(s: &Session, at: usize, action: &Json, lang: Lang) -> Option<String> {
    let p = before(s, at)?;
    let seat = p.to_act()?;
    Some(Move::of(&p, seat, &Ja::action_from_json(action).ok()?).sentence(&p, seat, lang) + ".")
}

/// The melds on the table, grouped by owner: cards only, nothing to pick.
fn melds(out: &mut String, s: &Session, v: &JaView, lang: Lang) {
    let j = lang.ja();
    let _ = write!(out, "<section class=\"panel ja-melds\" data-testid=\"replay-ja-melds\"><h2>{}</h2>", j.table_title);
    if v.table.is_empty() {
        let _ = write!(out, "<p class=\"empty\">{}</p>", j.table_empty);
    }
    for owner in 0..v.players {
        if !v.table.iter().any(|m| m.owner == owner) {
            continue;
        }
        let _ = write!(out, "<div class=\"owner\"><h3>{}</h3><div class=\"melds\">", esc(&i18n::seat_name(s.config(), owner, lang)));
        for (k, m) in v.table.iter().filter(|m| m.owner == owner).enumerate() {
            let _ = write!(
                out,
                "<div class=\"meld\" role=\"group\" aria-label=\"{}\"><span class=\"meld-cards\">{}</span></div>",
                esc(&texts::meld_label(s.config(), owner, k, lang)),
                cards(&m.cards, lang)
            );
        }
        out.push_str("</div></div>");
    }
    out.push_str("</section>");
}

/// One seat's hand at this position.
fn hand(out: &mut String, s: &Session, seat: Seat, mine: bool, lang: Lang) {
    let hand = s.view(seat).hand;
    let title = if mine { texts::hand_heading(hand.len(), lang) } else { format!("{} {} · {}", rp(lang).hand_of, i18n::seat_name(s.config(), seat, lang), i18n::cards_count(hand.len(), lang)) };
    let _ = write!(
        out,
        "<section class=\"panel replay-hand\" data-testid=\"replay-hand\"><h2>{}</h2><p class=\"meld-cards\">{}</p></section>",
        esc(&title),
        cards(&hand, lang)
    );
}

/// The table at move `k`, as HTML (the live table's way: one string).
fn render(s: &Session, k: usize, viewer: Seat, lang: Lang) -> String {
    let Some(p) = before(s, k) else { return String::new() };
    let v = p.view(viewer);
    let mut out = String::with_capacity(8_000);
    facts(&mut out, None, &v, &p, None, lang);
    out.push_str("<div class=\"board\"><div class=\"main-col\">");
    melds(&mut out, &p, &v, lang);
    if s.is_over() {
        for seat in 0..v.players {
            hand(&mut out, &p, seat, seat == viewer && p.config().solo_seat() == Some(viewer), lang);
        }
    } else {
        hand(&mut out, &p, viewer, p.config().solo_seat() == Some(viewer), lang);
    }
    out.push_str("</div><div class=\"side-col\">");
    players(&mut out, &p, &v, None, false, SeatMoves::of(&p).as_ref(), lang);
    if !p.state().results().is_empty() {
        let _ = write!(out, "<section class=\"panel\" data-testid=\"replay-ja-scores\"><h2>{}</h2>", rp(lang).round_scores);
        end::score_table(&mut out, &p, lang);
        out.push_str("</section>");
    }
    out.push_str("</div></div>");
    out
}

#[component]
pub fn ReplayTable(session: Session, step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>) -> impl IntoView {
    let ctx = ctx();
    let config = session.config().clone();
    let viewer: Seat = config.solo_seat().or_else(|| config.humans().first().copied()).unwrap_or(0);
    let session = StoredValue::new(session);
    // Each move in words (the state before it says which card was bought).
    let words = Memo::new(move |_| {
        let lang = ctx.lang();
        session.with_value(|s| {
            let Ok(mut at) = Session::new(s.config().clone()) else { return Vec::new() };
            let mut out = Vec::with_capacity(s.actions().len());
            for (seat, action) in s.moves() {
                out.push(Move::of(&at, seat, action).sentence(&at, seat, lang) + ".");
                if at.apply_recorded(seat, action).is_err() {
                    break;
                }
            }
            out
        })
    });
    let table = move || {
        let (k, lang) = (step.get(), ctx.lang());
        session.with_value(|s| render(s, k, viewer, lang))
    };
    view! {
        <section class="panel replay-event" aria-live="polite" data-testid="replay-event">
            <p>{move || {
                let k = step.get();
                if k == 0 { rp_tr(|t| t.deal_start)().to_string() } else { words.with(|w| w.get(k - 1).cloned().unwrap_or_default()) }
            }}</p>
        </section>
        <div class="ja-table ja-replay" data-testid="replay-ja-table" inner_html=table></div>
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

    /// Issue 13: J'achète's replay table at every move is read-only (no
    /// staging target, no button: red if the live table's drop targets
    /// leaked in), shows the melds laid so far, the person's hand only
    /// (every hand once the game is over), the pots and the scores of the
    /// rounds played so far.
    #[test]
    fn the_replay_table_shows_move_k_read_only() {
        let s = finished();
        let n = s.actions().len();
        let mut melds_seen = false;
        for k in (0..=n).step_by(7).chain([n]) {
            for lang in [Lang::En, Lang::Fr] {
                let html = render(&s, k, 0, lang);
                assert!(!html.contains("data-act") && !html.contains("<button") && !html.contains("tabindex"), "move {k}: {html}");
                assert!(html.contains("data-testid=\"replay-ja-melds\""));
                let p = before(&s, k).unwrap();
                let rounds = p.state().results().len();
                assert_eq!(html.contains("replay-ja-scores"), rounds > 0, "move {k}");
                melds_seen |= !p.view(0).table.is_empty() && html.contains("class=\"meld\"");
                // The person's hand at move k, card by card.
                let hand = cards(&p.view(0).hand, lang);
                assert!(html.contains(&hand), "move {k}: the person's hand");
                let hands = html.matches("data-testid=\"replay-hand\"").count();
                assert_eq!(hands, 4, "the game is over: every hand at every move");
            }
        }
        assert!(melds_seen, "some melds were laid in seven rounds");
        // An unfinished game shows the person's hand only.
        let half = before(&s, n / 2).unwrap();
        let html = render(&half, n / 3, 0, Lang::En);
        assert_eq!(html.matches("data-testid=\"replay-hand\"").count(), 1);
        assert!(html.contains("Your hand"));
    }

    /// Every move has its words, in both languages, naming a seat, never a rule id.
    #[test]
    fn every_move_is_worded() {
        let s = finished();
        let mut at = Session::new(s.config().clone()).unwrap();
        let mut kinds = std::collections::BTreeSet::new();
        for (seat, action) in s.moves() {
            for lang in [Lang::En, Lang::Fr] {
                let text = Move::of(&at, seat, action).sentence(&at, seat, lang);
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
