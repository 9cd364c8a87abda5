//! What a play does to the table, meld by meld (JA-12, JA-13): the opening's
//! melds, a new meld, cards from the hand added to a meld, cards moved from
//! one meld to another. One definition for the app's move log and hints
//! (`src/games/jachete/ui/moves.rs` words them) and the puzzles'
//! explanations (`crates/puzzles`).

use super::{Card, TableMeld};

/// One thing a play did to the table.
#[derive(Clone, Debug, PartialEq)]
pub enum Part {
    /// JA-12: the opening's melds.
    Opens(Vec<Vec<Card>>),
    /// A new meld once opened, from the hand.
    Lays(Vec<Card>),
    /// Cards from the hand added to a meld (named by its other cards).
    Adds(Vec<Card>, Vec<Card>),
    /// JA-13: cards moved from one meld (named by its cards before the
    /// move) to another (named by its other cards).
    Moves(Vec<Card>, Vec<Card>, Vec<Card>),
    /// JA-13: a new meld (all its cards) made with cards moved from melds
    /// on the table: each run of them with the meld it left (named by its
    /// cards before the move).
    Forms(Vec<Card>, Vec<(Vec<Card>, Vec<Card>)>),
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

/// Which meld of `before` each meld of `after` is (`None`: a new meld).
/// A play proposes the whole table in any order (the staging area writes
/// the melds as the player built them), so melds are paired by the cards
/// they share, the most first; a meld whose cards all left is gone (its
/// cards moved to others, JA-13).
fn pair_melds(before: &[TableMeld], after: &[TableMeld]) -> Vec<Option<usize>> {
    let mut pairs = Vec::new();
    for (i, b) in before.iter().enumerate() {
        for (j, a) in after.iter().enumerate() {
            let shared = b.cards.len() - less(&b.cards, &a.cards).len();
            if shared > 0 {
                // Most cards shared; then the same owner; then the nearest place.
                pairs.push((std::cmp::Reverse(shared), b.owner != a.owner, i.abs_diff(j), i, j));
            }
        }
    }
    pairs.sort_unstable();
    let mut of_after = vec![None; after.len()];
    let mut taken = vec![false; before.len()];
    for (.., i, j) in pairs {
        if !taken[i] && of_after[j].is_none() {
            taken[i] = true;
            of_after[j] = Some(i);
        }
    }
    of_after
}

/// What a play did: from the table `before` to `after` (its melds in any
/// order): the cards each meld gained, moved from the meld they left or
/// from the hand, and the new melds.
pub fn play_parts(before: &[TableMeld], after: &[TableMeld], opened: bool) -> Vec<Part> {
    let paired = pair_melds(before, after);
    // The cards taken off the old melds, each with the meld it left: moved
    // (JA-13, JA-14) to where they reappear.
    let mut moved: Vec<(Card, usize)> = Vec::new();
    for (i, b) in before.iter().enumerate() {
        let left = match paired.iter().position(|p| *p == Some(i)) {
            Some(j) => less(&b.cards, &after[j].cards),
            None => b.cards.clone(),
        };
        moved.extend(left.into_iter().map(|c| (c, i)));
    }
    let mut parts = Vec::new();
    let mut new = Vec::new();
    for (a, pair) in after.iter().zip(&paired) {
        let added = match pair {
            Some(i) => less(&a.cards, &before[*i].cards),
            None => a.cards.clone(),
        };
        if added.is_empty() {
            continue;
        }
        // The cards moved here, grouped by the meld they came from (in the order met).
        let (mut here, mut from_hand): (Vec<(usize, Vec<Card>)>, Vec<Card>) = (Vec::new(), Vec::new());
        for &c in &added {
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
        match pair {
            Some(_) => {
                // The meld named by its other cards: it kept some (it was
                // paired by them), the last copies of the added ones taken
                // off (cards are added at the end).
                let mut rest = less(&a.cards.iter().rev().copied().collect::<Vec<_>>(), &added);
                rest.reverse();
                for (from, cards) in here {
                    parts.push(Part::Moves(cards, before[from].cards.clone(), rest.clone()));
                }
                if !from_hand.is_empty() {
                    parts.push(Part::Adds(from_hand, rest));
                }
            }
            None if here.is_empty() => new.push(a.cards.clone()),
            None => parts.push(Part::Forms(a.cards.clone(), here.into_iter().map(|(from, cards)| (cards, before[from].cards.clone())).collect())),
        }
    }
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

    /// Sorted, to compare as multisets.
    fn sorted(mut cards: Vec<Card>) -> Vec<Card> {
        cards.sort_by_key(|c| c.kind_index());
        cards
    }

    /// `small` is inside `big`, as multisets.
    fn within(small: &[Card], big: &[Card]) -> bool {
        less(small, big).is_empty()
    }

    /// JA-13, JA-14 (issue 41): whatever a play does — melds in another
    /// order, cards moved between melds, a meld emptied into others, a new
    /// meld made of moved cards, a swap, cards from the hand — its parts
    /// tell it: every meld named is one on the table before (a card's
    /// origin) or after (where it went), none is empty, the cards from the
    /// hand are exactly what the table gained, and every new meld is told.
    /// Red with melds paired by their place (the log said "moves 6♥ 6♠ 6♠
    /// from 6♥ 6♠ 6♠ to ·" for a table in another order).
    #[test]
    fn ja13_the_parts_of_any_rearrangement_tell_it_truly() {
        use crate::rng::Rng;
        let mut rng = Rng::new(41);
        let card = |rng: &mut Rng| Card::from_kind_index(rng.index(crate::jachete::cards::KINDS)).unwrap();
        let mut moves_told = 0;
        for game in 0..5000 {
            let before: Vec<TableMeld> = (0..1 + rng.index(5))
                .map(|_| TableMeld { owner: rng.index(4), cards: (0..3 + rng.index(4)).map(|_| card(&mut rng)).collect() })
                .collect();
            let mut after = before.clone();
            for _ in 0..1 + rng.index(5) {
                let to = rng.index(after.len() + 1);
                if to == after.len() {
                    after.push(TableMeld { owner: rng.index(4), cards: Vec::new() });
                }
                let from = rng.index(after.len());
                let taken = match rng.below(3) {
                    // A card from the hand.
                    0 => card(&mut rng),
                    // A card moved from another meld (perhaps its last).
                    _ if !after[from].cards.is_empty() => {
                        let at = rng.index(after[from].cards.len());
                        after[from].cards.remove(at)
                    }
                    _ => card(&mut rng),
                };
                after[to].cards.push(taken);
            }
            after.retain(|m| !m.cards.is_empty());
            if rng.below(2) == 0 {
                rng.shuffle(&mut after);
            }
            let parts = play_parts(&before, &after, true);
            let is_before = |m: &[Card]| before.iter().any(|b| sorted(b.cards.clone()) == sorted(m.to_vec()));
            let is_after = |m: &[Card]| after.iter().any(|a| sorted(a.cards.clone()) == sorted(m.to_vec()));
            let in_after = |m: &[Card]| after.iter().any(|a| within(m, &a.cards));
            let mut hand = Vec::new();
            for part in &parts {
                let ok = match part {
                    Part::Opens(_) => false,
                    Part::Lays(m) => {
                        hand.extend(m);
                        is_after(m)
                    }
                    Part::Adds(cards, to) => {
                        hand.extend(cards);
                        !cards.is_empty() && !to.is_empty() && in_after(&[cards.clone(), to.clone()].concat())
                    }
                    Part::Moves(cards, from, to) => {
                        moves_told += 1;
                        !cards.is_empty() && !to.is_empty() && within(cards, from) && is_before(from) && in_after(&[cards.clone(), to.clone()].concat())
                    }
                    Part::Forms(m, taken) => {
                        let moved: Vec<Card> = taken.iter().flat_map(|(c, _)| c.iter().copied()).collect();
                        hand.extend(less(m, &moved));
                        is_after(m) && !taken.is_empty() && taken.iter().all(|(c, from)| !c.is_empty() && within(c, from) && is_before(from)) && within(&moved, m)
                    }
                };
                assert!(ok, "game {game}: {part:?}\nbefore {before:?}\nafter {after:?}\nparts {parts:?}");
            }
            assert_eq!(sorted(hand), sorted(from_hand(&before, &after)), "game {game}: the hand's cards\nbefore {before:?}\nafter {after:?}\nparts {parts:?}");
        }
        assert!(moves_told > 1000, "moves told: {moves_told}");
    }
}
