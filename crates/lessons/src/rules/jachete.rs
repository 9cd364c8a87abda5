//! J'achète for the lessons: its position from a scenario (a round made a
//! game), its actions' taps, what a coach's line may name (the money, the
//! cards in view, the card drawn) and the cards a line and an action name.

use tablee_engine::jachete::{self as ja, JaAction, JaGame};
use tablee_engine::json::Json;
use tablee_engine::{Game, RuleError, Seat};

use super::{read_error, Rules};
use crate::words::Scene;

pub struct Jachete;

impl Rules for Jachete {
    type State = JaGame;
    const GAME: &'static str = "jachete";

    fn start(position: &Json) -> Result<JaGame, String> {
        ja::scenario::start(position).map(JaGame::from_round).map_err(|m| m.0)
    }

    fn read(action: &Json) -> Result<JaAction, Result<RuleError<<JaGame as Game>::Refusal>, String>> {
        ja::notation::action_from_json(action).map_err(read_error)
    }

    /// A table laid: each card from the hand, then each meld made or
    /// changed (New meld, or the meld added to), then Play; a discard: the
    /// card, then Discard.
    fn taps(state: &JaGame, action: &Json) -> usize {
        match Self::read(action) {
            Ok(JaAction::Play { table }) => {
                let before = state.round().table();
                let laid: usize = table.iter().map(|m| m.cards.len()).sum::<usize>() - before.iter().map(|m| m.cards.len()).sum::<usize>();
                let changed = table.iter().enumerate().filter(|(i, m)| before.get(*i) != Some(m)).count();
                laid + changed + 1
            }
            Ok(JaAction::Discard(_)) => 2,
            _ => 1,
        }
    }

    /// The purses and the pots; a buy's price and the small pot's stake
    /// (JA-2, JA-10); the card drawn this turn (JA-8); the hand, the table
    /// and the discard's top.
    fn scene(state: &JaGame, learner: Seat) -> Scene {
        let v = state.view(learner);
        let code = |c: &ja::Card| c.to_string();
        let mut visible: Vec<String> = v.hand.iter().map(code).collect();
        visible.extend(v.table.iter().flat_map(|m| m.cards.iter().map(code)));
        visible.extend(v.discard_top.iter().map(code));
        visible.extend(v.buy_card.iter().map(code));
        let mut money = v.money.clone();
        money.extend([v.pots.0, v.pots.1]);
        Scene { money, prices: vec![ja::BUY_PRICE, ja::SMALL_POT_STAKE], drawn: v.drawn.map(|c| c.to_string()), visible }
    }

    fn named(text: &str, fr: bool) -> Vec<String> {
        cards_named(text, fr)
    }

    /// A discard's card, the card bought, a play's cards from the hand and
    /// every card of a meld it changes.
    fn involved(state: &JaGame, action: &Json) -> Vec<String> {
        let round = state.round();
        match Self::read(action) {
            Ok(JaAction::Discard(c)) => vec![c.to_string()],
            Ok(JaAction::Buy) | Ok(JaAction::Decline) => round.buy_card().iter().map(|c| c.to_string()).collect(),
            Ok(JaAction::Play { table }) => {
                let before = round.table();
                let same = |a: &ja::TableMeld, b: &ja::TableMeld| {
                    let (mut x, mut y) = (a.cards.clone(), b.cards.clone());
                    x.sort_unstable();
                    y.sort_unstable();
                    a.owner == b.owner && x == y
                };
                let mut kept: Vec<&ja::TableMeld> = before.iter().collect();
                let mut out = Vec::new();
                for meld in &table {
                    match kept.iter().position(|old| same(old, meld)) {
                        Some(at) => {
                            kept.remove(at);
                        }
                        None => out.extend(meld.cards.iter().map(|c| c.to_string())),
                    }
                }
                out
            }
            Err(_) => Vec::new(),
        }
    }
}

/// The cards a J'achète line names, in order: as the table labels them
/// (`7♣`, `D♠` in French, `Q♠` in English, `★`), "the joker", or in words
/// ("la dame de trèfle", "the 7 of clubs").
pub fn cards_named(text: &str, fr: bool) -> Vec<String> {
    let suits: [(&str, &str, char, char); 4] =
        [("pique", "spades", '♠', 'S'), ("cœur", "hearts", '♥', 'H'), ("carreau", "diamonds", '♦', 'D'), ("trèfle", "clubs", '♣', 'C')];
    let rank_word = |w: &str| -> Option<&'static str> {
        let w = w.to_lowercase();
        let words: &[(&str, &str)] = if fr {
            &[("as", "A"), ("roi", "K"), ("dame", "Q"), ("valet", "J")]
        } else {
            &[("ace", "A"), ("king", "K"), ("queen", "Q"), ("jack", "J")]
        };
        if let Some((_, r)) = words.iter().find(|(name, _)| *name == w) {
            return Some(r);
        }
        ["2", "3", "4", "5", "6", "7", "8", "9", "10"].into_iter().find(|n| *n == w)
    };
    let label_rank = |w: &str| -> Option<String> {
        let r = match (w, fr) {
            ("V", true) | ("J", false) => "J",
            ("D", true) | ("Q", false) => "Q",
            ("R", true) | ("K", false) => "K",
            ("A", _) => "A",
            (n, _) => rank_word(n)?,
        };
        Some(r.to_string())
    };
    // Tokens: words and card labels, with their place in the text.
    let mut out: Vec<(usize, String)> = Vec::new();
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    for (k, &(at, c)) in chars.iter().enumerate() {
        if let Some(&(_, _, _, letter)) = suits.iter().find(|s| s.2 == c) {
            // A label: the rank just before the glyph.
            let mut j = k;
            while j > 0 && chars[j - 1].1.is_ascii_alphanumeric() {
                j -= 1;
            }
            let rank: String = chars[j..k].iter().map(|p| p.1).collect();
            if let Some(r) = label_rank(&rank) {
                out.push((chars[j].0, format!("{r}{letter}")));
            }
        } else if c == '★' {
            out.push((at, "JK".into()));
        }
    }
    let words: Vec<(usize, &str)> = text
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(|w| (w.as_ptr() as usize - text.as_ptr() as usize, w))
        .collect();
    for (i, &(at, w)) in words.iter().enumerate() {
        let low = w.to_lowercase();
        if low == "joker" {
            out.push((at, "JK".into()));
            continue;
        }
        let Some(r) = rank_word(w) else { continue };
        let (link, suit) = (words.get(i + 1).map(|p| p.1), words.get(i + 2).map(|p| p.1.to_lowercase()));
        if link != Some(if fr { "de" } else { "of" }) {
            continue;
        }
        if let Some(s) = suits.iter().find(|s| Some(if fr { s.0 } else { s.1 }) == suit.as_deref()) {
            out.push((at, format!("{r}{}", s.3)));
        }
    }
    out.sort_by_key(|p| p.0);
    out.into_iter().map(|p| p.1).collect()
}
