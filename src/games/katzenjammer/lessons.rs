//! Katzenjammer's table in a lesson (issue 42): the element the coach
//! points at for a move, read from the table as it is (the hand's cards
//! picked so far, the presentations offered).

use tablee_engine::katzenjammer::{Action, BidKind, Card, KbState};
use tablee_lessons::Lesson;
use wasm_bindgen::JsCast;

use super::{presenting, texts, Katzenjammer};
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::ui::learn::Coached;

impl Coached for Katzenjammer {
    fn opening(lesson: &Lesson) -> Result<KbState, String> {
        tablee_lessons::check::opening::<tablee_lessons::rules::Katzenjammer>(lesson)
    }

    fn target(session: &Session<Self>, action: &Action) -> Option<String> {
        target(session, action).map(|testid| format!("[data-testid=\"{testid}\"]"))
    }

    /// The normal bot's choice, said with the puzzles' explainer's reason
    /// against its next best move ("Passing keeps your three 4s…").
    fn advice(session: &Session<Self>, lang: Lang) -> Option<(Action, String)> {
        let seat = session.human_to_act()?;
        let decision = session.decision(seat, tablee_bots::Level::Normal);
        let choices = decision.analyse();
        let best = choices.first()?.action;
        let what = texts::action_text(&best, lang);
        // The reason only (the hint's words): the puzzles' gain is the search's, not the heuristic's.
        let why = choices.get(1).and_then(|other| texts::why(&decision.view, &best, &other.action, lang));
        Some((best, match why {
            Some(why) => format!("{what} — {why}."),
            None => format!("{what}."),
        }))
    }

}

/// The `data-testid` of the element to tap next toward `action`.
fn target(session: &Session<Katzenjammer>, action: &Action) -> Option<String> {
        match action {
            Action::Pass => Some("pass-button".into()),
            Action::Present(p) => {
                let options = presenting::options(session.state());
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
