//! What a play does to the table, meld by meld (JA-12, JA-13): the opening's
//! melds, a new meld, cards from the hand added to a meld, cards moved from
//! one meld to another. One definition for the app's move log and hints
//! (`src/games/jachete/ui/moves.rs` words them) and the puzzles'
//! explanations (`crates/puzzles`).

use super::cards::Card;
use super::round::TableMeld;

/// One thing a play did to the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// JA-12: the opening's melds.
    Opens(Vec<Vec<Card>>),
    /// A new meld once opened.
    Lays(Vec<Card>),
    /// Cards from the hand added to a meld (named by its cards before).
    Adds(Vec<Card>, Vec<Card>),
    /// JA-13: cards moved from one meld (named by its cards before the
    /// move) to another (named by its other cards).
    Moves(Vec<Card>, Vec<Card>, Vec<Card>),
    /// A table rearranged in a way not told card by card (melds merged).
    Rearranges(usize),
}

/// `a` less `b`, as multisets, in `a`'s order.
pub fn less(a: &[Card], b: &[Card]) -> Vec<Card> {
    let mut b = b.to_vec();
    a.iter()
        .filter(|c| match b.iter().position(|x| x == *c) {
            Some(at) => {
                b.remove(at);
                false
            }
            None => true,
        })
        .copied()
        .collect()
}

/// The cards a play takes from the hand: the table `after` less the table
/// `before`, as multisets (JA-14: no card leaves the table).
pub fn from_hand(before: &[TableMeld], after: &[TableMeld]) -> Vec<Card> {
    let cards = |t: &[TableMeld]| t.iter().flat_map(|m| m.cards.iter().copied()).collect::<Vec<_>>();
    less(&cards(after), &cards(before))
}

/// What a play did: from the table `before` (the engine keeps its melds in
/// place and adds new ones at the end) to `after`.
pub fn play_parts(before: &[TableMeld], after: &[TableMeld], opened: bool) -> Vec<Part> {
    let size = |t: &[TableMeld]| t.iter().map(|m| m.cards.len()).sum::<usize>();
    if after.len() < before.len() {
        return vec![Part::Rearranges(size(after).saturating_sub(size(before)))];
    }
    // The cards taken off the old melds, each with the meld it left: moved
    // (JA-13) to where they reappear.
    let mut moved: Vec<(Card, usize)> = before.iter().zip(after).enumerate().flat_map(|(i, (b, a))| less(&b.cards, &a.cards).into_iter().map(move |c| (c, i))).collect();
    let mut parts = Vec::new();
    for (b, a) in before.iter().zip(after) {
        let added = less(&a.cards, &b.cards);
        if added.is_empty() {
            continue;
        }
        // The meld as it was: its cards less those added, the last copies
        // taken off (cards are added at the end).
        let mut rest = less(&a.cards.iter().rev().copied().collect::<Vec<_>>(), &added);
        rest.reverse();
        // The cards moved here, grouped by the meld they came from (in the order met).
        let (mut here, mut from_hand): (Vec<(usize, Vec<Card>)>, Vec<Card>) = (Vec::new(), Vec::new());
        for c in added {
            match moved.iter().position(|x| x.0 == c) {
                Some(at) => {
                    let (_, from) = moved.remove(at);
                    match here.iter_mut().find(|h| h.0 == from) {
                        Some(h) => h.1.push(c),
                        None => here.push((from, vec![c])),
                    }
                }
                None => from_hand.push(c),
            }
        }
        for (from, cards) in here {
            parts.push(Part::Moves(cards, before[from].cards.clone(), rest.clone()));
        }
        if !from_hand.is_empty() {
            parts.push(Part::Adds(from_hand, rest));
        }
    }
    let new: Vec<Vec<Card>> = after[before.len()..].iter().map(|m| m.cards.clone()).collect();
    if !opened && !new.is_empty() {
        parts.insert(0, Part::Opens(new));
    } else {
        parts.extend(new.into_iter().map(Part::Lays));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(t: &str) -> Vec<Card> {
        t.split(' ').map(|c| Card::parse(c).unwrap()).collect()
    }

    /// JA-13, JA-14: the cards from the hand are what the table gained, a
    /// card moved between melds not among them (red if `from_hand` counted
    /// a moved card, or missed a card added to a meld).
    #[test]
    fn ja13_the_cards_from_the_hand_are_what_the_table_gained() {
        let meld = |owner, t| TableMeld { owner, cards: cards(t) };
        let before = [meld(1, "AC AS AS 2H"), meld(2, "6D 6H 6S")];
        let after = [meld(1, "AC AS AS AD"), meld(2, "6D 6H 6S 2H 6C"), meld(1, "9C 9D 9S")];
        assert_eq!(from_hand(&before, &after), cards("AD 6C 9C 9D 9S"));
        assert_eq!(from_hand(&before, &before), vec![]);
    }
}
