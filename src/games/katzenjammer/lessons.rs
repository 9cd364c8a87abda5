//! Katzenjammer's table in a lesson (issue 42): the element the coach
//! points at for a move, read from the table as it is (the hand's cards
//! picked so far, the presentations offered).

use tablee_engine::katzenjammer::{Action, BidKind, Card, KbState};
use tablee_lessons::Lesson;
use wasm_bindgen::JsCast;

use super::{presenting, texts, Katzenjammer};
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::ui::browser::{self, find};
use crate::ui::learn::Coached;

impl Coached for Katzenjammer {
    fn opening(lesson: &Lesson) -> Result<KbState, String> {
        tablee_lessons::check::opening::<tablee_lessons::rules::katzenjammer::Katzenjammer>(lesson)
    }

    fn target(session: &Session<Self>, action: &Action) -> Option<String> {
        target(session, action).map(|testid| format!("[data-testid=\"{testid}\"]"))
    }

    /// "Bid two 4s (4 · 4)", "Pass", "Present a foursome of 3s".
    fn advice_move(_session: &Session<Self>, action: &Action, lang: Lang) -> String {
        texts::action_text(action, lang)
    }

    /// What the bots did since the person's own last move that matters
    /// (issue 52): a row won (and the jokers it put on show), foursomes
    /// presented, a row nobody bid for.
    fn table_talk(session: &Session<Self>, lang: Lang) -> Option<String> {
        let me = session.human_to_act()?;
        texts::table_talk(session.config(), session.state(), me, lang)
    }

    /// A mark in the hand's area comes into view with its decision if it
    /// fits: from the row (the middle of the table) to the decision's last
    /// button (Pass, or "Present nothing"; the mark when it is lower, a
    /// joker's values under Pass), else the hand's area, else from its first
    /// card, else the mark with that button; else the hand's area to the
    /// mark; else the mark alone. Anywhere else, the mark alone.
    fn into_view(el: &web_sys::Element) {
        let Some(area) = el.closest(".hand-area").ok().flatten() else {
            browser::show_in_room(&[(el.clone(), el.clone())]);
            return;
        };
        let mut spans = Vec::new();
        if let Some(last) = area.query_selector("[data-testid=\"pass-button\"], [data-testid=\"present-nothing\"]").ok().flatten() {
            let last = if browser::edge(el, "bottom") > browser::edge(&last, "bottom") { el.clone() } else { last };
            if let Some(row) = find(".kb-table .center") {
                spans.push((row, last.clone()));
            }
            spans.push((area.clone(), last.clone()));
            if let Some(card) = find("[data-testid=\"hand-card-0\"]") {
                spans.push((card, last.clone()));
            }
            spans.push((el.clone(), last));
        }
        spans.push((area, el.clone()));
        spans.push((el.clone(), el.clone()));
        browser::show_in_room(&spans);
    }
}

/// The `data-testid` of the element to tap next toward `action`.
fn target(session: &Session<Katzenjammer>, action: &Action) -> Option<String> {
        match action {
            Action::Pass => Some("pass-button".into()),
            Action::Present(p) => {
                let options = presenting::options(&session.view(session.viewer()), &session.legal_actions());
                let i = options.iter().position(|o| o.action == *action)?;
                Some(if p.is_nothing() { "present-nothing".into() } else { format!("present-option-{i}") })
            }
            Action::Bid(bid) => {
                let hand = hand_on_screen();
                let mut need = bid.cards;
                // A card picked that the bid does not use: unpick it first.
                for (i, &(card, picked)) in hand.iter().enumerate() {
                    if picked {
                        if need.get(card) > 0 {
                            need.remove(card, 1);
                        } else {
                            return Some(format!("hand-card-{i}"));
                        }
                    }
                }
                if let Some(i) = hand.iter().position(|&(card, picked)| !picked && need.get(card) > 0 && { need.remove(card, 1); true }) {
                    return Some(format!("hand-card-{i}"));
                }
                // Jokers bid alone name their value (KB-10).
                if let BidKind::Same(v) = bid.kind {
                    if bid.cards.naturals() == 0 && !pressed(&format!("joker-value-{v}")) {
                        return Some(format!("joker-value-{v}"));
                    }
                }
                Some("bid-button".into())
            }
        }
}

/// The hand's card buttons as shown: each card and whether it is picked.
fn hand_on_screen() -> Vec<(Card, bool)> {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return Vec::new() };
    let Ok(list) = document.query_selector_all("[data-testid=\"hand\"] button[data-card]") else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter_map(|el| {
            let symbol = el.get_attribute("data-card")?;
            let card = Card::ALL.into_iter().find(|c| c.symbol() == symbol)?;
            Some((card, el.get_attribute("aria-pressed").as_deref() == Some("true")))
        })
        .collect()
}

fn pressed(testid: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&format!("[data-testid=\"{testid}\"]")).ok().flatten())
        .is_some_and(|el| el.get_attribute("aria-pressed").as_deref() == Some("true"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::{SeatKind, TableConfig};
    use tablee_bots::Level;
    use tablee_engine::katzenjammer::Event;
    use tablee_engine::Seed;

    /// Issue 52: before the person's decision the coach says that a bot won
    /// the row (and, when it paid jokers, how many it now shows, with the
    /// end's penalty), in both languages.
    #[test]
    fn kb12_a_row_won_by_a_bot_is_said_before_the_persons_next_decision() {
        let mut said = 0;
        for seed in 0..8 {
            let mut config = TableConfig::<Katzenjammer>::new(Seed::from_number(seed), 4);
            for s in config.seats.iter_mut().skip(1) {
                *s = SeatKind::Bot(Level::Gentle);
            }
            let mut s = Session::new(config).unwrap();
            while !s.is_over() {
                if s.bot_step().is_some() {
                    continue;
                }
                let log = s.state().log();
                let mine = log.iter().rposition(|e| matches!(*e, Event::Bid { seat: 0, .. } | Event::Passed { seat: 0 } | Event::Presented { seat: 0, .. }));
                let won = log[mine.map_or(0, |i| i + 1)..].iter().find_map(|e| match *e {
                    Event::Won { seat, paid, .. } if seat != 0 => Some((seat, paid)),
                    _ => None,
                });
                let talk = Katzenjammer::table_talk(&s, Lang::En);
                if let Some((seat, paid)) = won {
                    let name = crate::i18n::seat_name(s.config(), seat, Lang::En);
                    let talk = talk.unwrap();
                    assert!(talk.contains(&format!("{name} won the row, paying ")), "{talk}");
                    assert_eq!(talk.contains("the most jokers at the end lose 5 mice"), paid.jokers() > 0, "{talk}");
                    assert!(Katzenjammer::table_talk(&s, Lang::Fr).unwrap().contains(&format!("{name} a remporté la rangée")));
                    said += 1;
                }
                let mine = s.decision(0, Level::Normal).decide();
                s.apply_human(mine).unwrap();
            }
        }
        assert!(said >= 8, "{said} rows won by bots were said");
    }
}
