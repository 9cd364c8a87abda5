//! J'achète bots. They choose among the engine's generated candidates (the
//! opening, lay-offs, new sets, discards, buy or decline) from their own view
//! only (JA-19).
//!
//! `random` picks uniformly; `normal` plays a sound heuristic — open as soon
//! as the contract is on the table, lay off naturals, keep wilds for going
//! out, buy what completes sets, discard lone high cards; `easy` errs now and
//! then. `hard` and `expert` do not search yet in J'achète: they play the
//! `normal` heuristic (a search over J'achète's long rounds is the next step).

use tablee_engine::jachete::{Card, JaAction, JaPhase, JaView, Rank};
use tablee_engine::rng::Rng;

use crate::{Choice, Level};

/// The bot's choice among `legal` (the game's generated candidates).
pub fn decide(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
    analyse(level, view, legal, seed).into_iter().next().map_or_else(|| fallback(legal), |c| c.action)
}

/// Candidates ranked best first with the heuristic's score (higher is better).
pub fn analyse(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
    if legal.is_empty() {
        return Vec::new();
    }
    let mut rng = Rng::new(seed);
    if level == Level::Random || (level == Level::Easy && rng.below(100) < 20) {
        let action = legal[rng.index(legal.len())].clone();
        return vec![Choice { action, visits: 1, value: 0.0 }];
    }
    let mut ranked: Vec<Choice<JaAction>> =
        legal.iter().map(|a| Choice { action: a.clone(), visits: 1, value: score(view, a) }).collect();
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
    ranked
}

fn fallback(legal: &[JaAction]) -> JaAction {
    legal.iter().find(|a| **a == JaAction::Decline).cloned().unwrap_or_else(|| legal[0].clone())
}

fn rank_count(hand: &[Card], rank: Rank) -> usize {
    hand.iter().filter(|c| matches!(c, Card::Natural(r, _) if *r == rank) && !c.is_wild()).count()
}

/// The heuristic's score of one candidate.
fn score(view: &JaView, action: &JaAction) -> f64 {
    let hand = &view.hand;
    match action {
        JaAction::Buy => {
            let Some(card) = view.buy_card else { return -1.0 };
            let useful = match card {
                c if c.is_wild() => true,
                Card::Natural(rank, _) => rank_count(hand, rank) >= 2 || (rank_count(hand, rank) == 1 && view.round >= 2),
                Card::Joker => true,
            };
            // Buying adds two cards (points at risk) but builds sets.
            if useful { 1.0 } else { -1.0 }
        }
        JaAction::Decline => 0.0,
        JaAction::Play { table } => {
            // Points leaving the hand: the more the better; playing a wild
            // costs its flexibility unless the hand is nearly empty.
            let before: usize = view.table.iter().map(|m| m.cards.len()).sum();
            let after: usize = table.iter().map(|m| m.cards.len()).sum();
            let played = after.saturating_sub(before);
            let opening = !view.opened[view.seat];
            let wilds_played = count_wilds(table) - count_wilds(&view.table);
            let going_out = played >= hand.len();
            let mut value = 10.0 + played as f64;
            if opening {
                value += 100.0;
            }
            if going_out {
                value += 1000.0;
            }
            if wilds_played > 0 && !going_out && hand.len() > 3 {
                value -= 15.0;
            }
            value
        }
        JaAction::Discard(card) => {
            if card.is_wild() {
                // Wilds are precious, but a hoard of them cannot open (JA-5:
                // at most half of a meld): beyond three, let one go.
                let wilds = hand.iter().filter(|c| c.is_wild()).count();
                return if wilds > 3 { 4.0 } else { -50.0 - f64::from(card.points()) };
            }
            let Card::Natural(rank, _) = *card else { return -50.0 };
            let same = rank_count(hand, rank);
            // A lone card is the natural discard, high points first; pairs and
            // sets in the making are kept.
            let keep = match same {
                1 => 0.0,
                2 => 8.0,
                _ => 16.0,
            };
            // Don't feed the next player a card it might buy: unknowable here,
            // but late in a round dump points first.
            let late = if view.phase == JaPhase::Play && view.round >= 5 { 0.5 } else { 0.2 };
            f64::from(card.points()) * late - keep
        }
    }
}

fn count_wilds(table: &[tablee_engine::jachete::TableMeld]) -> usize {
    table.iter().flat_map(|m| &m.cards).filter(|c| c.is_wild()).count()
}
