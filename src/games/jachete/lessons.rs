//! J'achète's table in a lesson (issue 42): the element the coach points at
//! next for a move, from the table as it is — the staged table (the turn's
//! note, `staging::staging_from_note`) and what is picked on screen (the
//! hand's, the melds' and the loose wilds' cards).

use tablee_engine::jachete::{Card, JaAction, JaGame, TableMeld};
use tablee_lessons::Lesson;
use wasm_bindgen::JsCast;

use super::{staging, Jachete};
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::ui::learn::Coached;

impl Coached for Jachete {
    fn opening(lesson: &Lesson) -> Result<JaGame, String> {
        tablee_lessons::check::opening::<tablee_lessons::rules::Jachete>(lesson)
    }

    fn target(session: &Session<Self>, action: &JaAction) -> Option<String> {
        match action {
            JaAction::Buy => Some(testid("ja-buy")),
            JaAction::Decline => Some(testid("ja-decline")),
            JaAction::Discard(card) => {
                let hand = picks("[data-testid=\"ja-hand\"] button[data-card]");
                if let Some(i) = hand.iter().position(|&(c, on)| on && c != *card) {
                    return Some(hand_card(i));
                }
                if hand.iter().any(|&(c, on)| on && c == *card) {
                    return Some(testid("ja-discard"));
                }
                hand.iter().position(|&(c, _)| c == *card).map(hand_card)
            }
            JaAction::Play { table } => play_target(session, table),
        }
    }

    /// The normal bot's choice (its heuristic, computed in the page at
    /// once), said with the reason the puzzles' explainer finds against its
    /// next best move ("Buy the 7♦, making a pair"; the hint's words), else
    /// in the puzzles' words for a move.
    fn advice(session: &Session<Self>, lang: Lang) -> Option<(JaAction, String)> {
        use crate::ui::game_ui::GameUi;
        let seat = session.human_to_act()?;
        let decision = session.decision(seat, tablee_bots::Level::Normal);
        let choices = decision.analyse();
        let action = choices.first()?.action.clone();
        let why = choices.get(1).and_then(|other| super::texts::why(&decision.view, &action, &other.action, lang));
        let words = why.unwrap_or_else(|| Jachete::puzzle_words(session, &action, lang));
        Some((action, format!("{words}.")))
    }

}

fn testid(id: &str) -> String {
    format!("[data-testid=\"{id}\"]")
}

fn hand_card(i: usize) -> String {
    testid(&format!("ja-hand-card-{i}"))
}

/// The lay button of staged meld `m` (shown once cards are picked).
fn lay(m: usize) -> String {
    format!("[data-meld=\"{m}\"] button[data-act=\"m{m}\"]")
}

/// The cards matching `selector` as shown, and whether each is picked.
fn picks(selector: &str) -> Vec<(Card, bool)> {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return Vec::new() };
    let Ok(list) = document.query_selector_all(selector) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter_map(|el| {
            let card = Card::parse(&el.get_attribute("data-card")?)?;
            let on = el.get_attribute("aria-pressed").as_deref() == Some("true") || is_selected(&el);
            Some((card, on))
        })
        .collect()
}

fn selected(id: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&testid(id)).ok().flatten())
        .is_some_and(|el| is_selected(&el) || el.get_attribute("aria-pressed").as_deref() == Some("true"))
}

/// The table marks a picked card (a loose wild) with the class `selected`.
fn is_selected(el: &web_sys::Element) -> bool {
    el.get_attribute("class").is_some_and(|c| c.split_whitespace().any(|w| w == "selected"))
}

/// `a` less `b`, as multisets.
fn minus(a: &[Card], b: &[Card]) -> Vec<Card> {
    let mut out = a.to_vec();
    for c in b {
        if let Some(at) = out.iter().position(|x| x == c) {
            out.remove(at);
        }
    }
    out
}

fn same(a: &TableMeld, b: &TableMeld) -> bool {
    a.owner == b.owner && a.cards.len() == b.cards.len() && minus(&a.cards, &b.cards).is_empty()
}

/// Toward laying `table`: a loose wild first (picked, then laid where it
/// is wanted); then each meld in turn — a swap (the natural from the hand
/// and the wild on the meld picked, then Swap), or cards from the hand
/// (picked, then Lay here or New meld); then Play. A card picked that the
/// next of these does not use is unpicked first.
fn play_target(session: &Session<Jachete>, table: &[TableMeld]) -> Option<String> {
    let view = session.view(session.viewer());
    let staging = staging::staging_from_note(&view, session.note(), session.actions().len());
    let staged = staging.staged_table();
    let hand = picks("[data-testid=\"ja-hand\"] button[data-card]");
    // A wild a swap freed (JA-14), and whether it is picked.
    let loose: Vec<(Card, bool)> = staging.loose.iter().enumerate().map(|(i, &c)| (c, selected(&format!("ja-loose-{i}")))).collect();
    let on_melds = |m: usize| picks(&format!("[data-meld=\"{m}\"] [data-act^=\"c{m}.\"]"));
    let picked_elsewhere = |keep_hand: &[Card], keep_melds: &[(usize, Card)]| -> Option<String> {
        let mut wanted = keep_hand.to_vec();
        for (i, &(c, on)) in hand.iter().enumerate() {
            if on {
                match wanted.iter().position(|w| *w == c) {
                    Some(at) => {
                        wanted.remove(at);
                    }
                    None => return Some(hand_card(i)),
                }
            }
        }
        let mut kept = keep_melds.to_vec();
        for m in 0..staged.len() {
            for (k, &(c, on)) in on_melds(m).iter().enumerate() {
                if on {
                    match kept.iter().position(|p| *p == (m, c)) {
                        Some(at) => {
                            kept.remove(at);
                        }
                        None => return Some(format!("[data-act=\"c{m}.{k}\"]")),
                    }
                }
            }
        }
        None
    };
    if let Some((i, &(card, on))) = loose.iter().enumerate().next() {
        if !on {
            return Some(testid(&format!("ja-loose-{i}")));
        }
        let m = table.iter().enumerate().position(|(m, want)| staged.get(m).is_some_and(|have| minus(&want.cards, &have.cards).contains(&card)))?;
        return Some(lay(m));
    }
    let in_hand: Vec<Card> = hand.iter().map(|&(c, _)| c).collect();
    // Each wanted meld against the staged one it is (the same cards), or
    // grows from (the same owner, the most cards in common), or none (new):
    // the engine and a bot may list the melds in another order.
    let mut free: Vec<usize> = (0..staged.len()).collect();
    let mut pairs: Vec<(&TableMeld, Option<usize>)> = Vec::new();
    let mut rest = Vec::new();
    for want in table {
        match free.iter().position(|&m| same(&staged[m], want)) {
            Some(at) => {
                free.remove(at);
            }
            None => rest.push(want),
        }
    }
    for want in rest {
        let best = free
            .iter()
            .enumerate()
            .filter(|(_, &m)| staged[m].owner == want.owner)
            .map(|(at, &m)| (at, staged[m].cards.len() - minus(&staged[m].cards, &want.cards).len()))
            .filter(|&(_, common)| common > 0)
            .max_by_key(|&(_, common)| common);
        pairs.push((want, best.map(|(at, _)| free.remove(at))));
    }
    if pairs.is_empty() && free.is_empty() {
        return Some(testid("ja-play"));
    }
    // The cards a staged meld holds that its wanted meld does not: they
    // move to another meld (JA-13).
    let mut surplus: Vec<(usize, Vec<Card>)> = pairs.iter().filter_map(|(want, m)| m.map(|m| (m, minus(&staged[m].cards, &want.cards)))).collect();
    surplus.extend(free.iter().map(|&m| (m, staged[m].cards.clone())));
    for (want, m) in pairs {
        let have = m.map(|m| staged[m].cards.clone()).unwrap_or_default();
        let missing = minus(&want.cards, &have);
        let extra = minus(&have, &want.cards);
        if let (Some(m), Some(&wild), Some(&natural)) = (m, extra.first(), missing.iter().find(|c| in_hand.contains(c))) {
            // A swap (JA-13): the natural from the hand for the wild on the meld.
            if let Some(other) = picked_elsewhere(&[natural], &[(m, wild)]) {
                return Some(other);
            }
            if !hand.iter().any(|&(c, on)| on && c == natural) {
                return hand.iter().position(|&(c, _)| c == natural).map(hand_card);
            }
            // The wild tapped with the natural picked: the table swaps them
            // at once (or, both picked, Swap does).
            let k = on_melds(m).iter().position(|&(c, _)| c == wild)?;
            if !on_melds(m)[k].1 {
                return Some(format!("[data-act=\"c{m}.{k}\"]"));
            }
            return Some(testid("ja-swap"));
        }
        if !extra.is_empty() || missing.is_empty() {
            continue;
        }
        // From another meld's surplus (moved), else from the hand: a card
        // the move takes off a meld must leave it, and the same card in the
        // hand (two decks) laid instead would leave it stuck there — a
        // table that is no longer the move, with nothing left to point at.
        let (mut from_hand, mut from_melds, mut spare, mut movable) = (Vec::new(), Vec::new(), in_hand.clone(), surplus.clone());
        let mut available = true;
        for &c in &missing {
            if let Some((j, cards)) = movable.iter_mut().find(|(j, cards)| Some(*j) != m && cards.contains(&c)) {
                if let Some(at) = cards.iter().position(|x| *x == c) {
                    cards.remove(at);
                }
                from_melds.push((*j, c));
            } else if let Some(at) = spare.iter().position(|x| *x == c) {
                spare.remove(at);
                from_hand.push(c);
            } else {
                available = false;
            }
        }
        // (A wild a swap frees comes later.)
        if !available {
            continue;
        }
        // Cards from several melds (JA-13): one meld's at a time, with the
        // hand's — a tap on another meld's card would lay the picked ones
        // there. The next look finds this meld grown and the rest missing.
        if let Some(&(first, _)) = from_melds.first() {
            from_melds.retain(|p| p.0 == first);
        }
        if let Some(other) = picked_elsewhere(&from_hand, &from_melds) {
            return Some(other);
        }
        // A meld's cards first: a tap on one while hand cards are picked
        // would lay them there.
        let mut meld_left = from_melds.clone();
        if let Some(&(j, _)) = from_melds.first() {
            let cards = on_melds(j);
            for &(c, on) in &cards {
                if on {
                    if let Some(at) = meld_left.iter().position(|p| p.1 == c) {
                        meld_left.remove(at);
                    }
                }
            }
            if let Some(&(_, next)) = meld_left.first() {
                if let Some(i) = hand.iter().position(|&(_, on)| on) {
                    return Some(hand_card(i));
                }
                let k = cards.iter().position(|&(c, on)| !on && c == next)?;
                return Some(format!("[data-act=\"c{j}.{k}\"]"));
            }
        }
        let mut left = from_hand.clone();
        for &(c, on) in &hand {
            if on {
                if let Some(at) = left.iter().position(|x| *x == c) {
                    left.remove(at);
                }
            }
        }
        if let Some(&next) = left.first() {
            return hand.iter().position(|&(c, on)| !on && c == next).map(hand_card);
        }
        return Some(match m {
            Some(m) => lay(m),
            None => testid("ja-new-meld"),
        });
    }
    // The table staged is no step toward the move (the person went another
    // way): start the turn's table again.
    staging.changed().then(|| testid("ja-reset-turn"))
}
