//! What the lessons need of a game's engine: its position from a scenario,
//! its actions read and written in its notation, and a refusal's kind.

use tablee_engine::json::Json;
use tablee_engine::jachete::{self as ja, JaAction, JaGame};
use tablee_engine::katzenjammer::{self as kb, KbState};
use tablee_engine::notation::ActionError;
use tablee_engine::game::Refusal;
use tablee_engine::{Game, RuleError, Seat};

use crate::words::Scene;

/// A game the lessons can teach.
pub trait Rules {
    type State: Game;
    /// The game's code (`"katzenjammer"`), a lesson file's `"game"`.
    const GAME: &'static str;
    /// The scenario's position before its `actions`.
    fn start(position: &Json) -> Result<Self::State, String>;
    /// An action in the notation (its `"seat"` not read): `Err` holds the
    /// engine's refusal of an action no position accepts, or why it does not read.
    fn read(action: &Json) -> Result<<Self::State as Game>::Action, Result<RuleError<<Self::State as Game>::Refusal>, String>>;
    /// How many taps the table needs for `action` in `state` (a bid: each
    /// card, then Bid).
    fn taps(state: &Self::State, action: &Json) -> usize;
    /// What `learner` sees in `state` that a coach's line may name: the
    /// money shown, the card drawn (marked in the hand), the cards in view.
    fn scene(_state: &Self::State, _learner: Seat) -> Scene {
        Scene::default()
    }
    /// The cards a text names, in order, in the notation (`"QC"`): none for
    /// a game whose lines name no single card.
    fn named(_text: &str, _fr: bool) -> Vec<String> {
        Vec::new()
    }
    /// The cards `action` plays in `state` (laid, moved, swapped, discarded,
    /// bought), in the notation.
    fn involved(_state: &Self::State, _action: &Json) -> Vec<String> {
        Vec::new()
    }
}

/// The name of a refusal's kind: the engine's variant (`"DoesNotBeat"`,
/// `"NotAPersonsTurn"`), which a lesson's refused example names.
pub fn reason<R: Refusal>(error: &RuleError<R>) -> String {
    let debug = match error.refusal().shared() {
        Some(shared) => format!("{shared:?}"),
        None => format!("{:?}", error.refusal()),
    };
    debug.chars().take_while(char::is_ascii_alphanumeric).collect()
}

fn read_error<R>(e: ActionError<R>) -> Result<RuleError<R>, String> {
    match e {
        ActionError::Refused(r) => Ok(r),
        ActionError::Malformed(m) => Err(m),
    }
}

pub struct Katzenjammer;

impl Rules for Katzenjammer {
    type State = KbState;
    const GAME: &'static str = "katzenjammer";

    fn start(position: &Json) -> Result<KbState, String> {
        kb::scenario::start(position).map_err(|m| m.0)
    }

    fn read(action: &Json) -> Result<kb::Action, Result<RuleError<<KbState as Game>::Refusal>, String>> {
        kb::notation::action_from_json(action).map_err(read_error)
    }

    fn taps(_state: &KbState, action: &Json) -> usize {
        match Self::read(action) {
            // Each card, then Bid; an all-joker bid names its value too.
            Ok(kb::Action::Bid(bid)) => {
                let jokers = bid.cards.get(kb::Card::Joker) as usize;
                let total = bid.cards.total() as usize;
                total + 1 + usize::from(jokers == total && matches!(bid.kind, kb::BidKind::Same(_)))
            }
            _ => 1,
        }
    }

    /// KB-5: the card a joker row made the learner draw is marked in the hand.
    fn scene(state: &KbState, learner: Seat) -> Scene {
        Scene { drawn: state.drawn_this_row(learner).map(|c| c.symbol().to_string()), ..Scene::default() }
    }
}

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
        jachete_cards_named(text, fr)
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
pub fn jachete_cards_named(text: &str, fr: bool) -> Vec<String> {
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
