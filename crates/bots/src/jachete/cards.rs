//! Counting a J'achète hand against a contract and a table: what the
//! heuristic (`jachete/mod.rs`) and the learned evaluation (`jachete/value.rs`)
//! both read.

use tablee_engine::jachete::{read_meld, Card, Contract, Rank, TableMeld};

/// How many naturals of `rank` the hand holds (wilds apart).
pub(crate) fn rank_count(hand: &[Card], rank: Rank) -> usize {
    hand.iter().filter(|c| matches!(c, Card::Natural(r, _) if *r == rank) && !c.is_wild()).count()
}

/// How many cards `hand` lacks to hold contract `c` (JA-3, JA-12): for its
/// `c.sets` best ranks, the naturals missing for half of a set's length or
/// the cards missing after its wilds fill in (JA-5), whichever is more.
pub(crate) fn cards_short(hand: &[Card], c: &Contract) -> usize {
    let mut counts: Vec<usize> = set_ranks().map(|r| rank_count(hand, r)).collect();
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let naturals = c.min_len - c.min_len / 2;
    let best = &counts[..c.sets.min(counts.len())];
    let short_naturals: usize = best.iter().map(|&n| naturals.saturating_sub(n)).sum();
    let short_total: usize = best.iter().map(|&n| c.min_len.saturating_sub(n)).sum();
    let wilds = hand.iter().filter(|c| c.is_wild()).count();
    short_naturals.max(short_total.saturating_sub(wilds))
}

/// Whether `card` can be added to a meld on `table` (JA-13).
pub(crate) fn fits_table(table: &[TableMeld], card: Card) -> bool {
    table.iter().any(|meld| {
        let mut cards = meld.cards.clone();
        cards.push(card);
        read_meld(&cards).is_ok()
    })
}

/// The ranks a set can have: every rank but 2, always wild (JA-3).
pub(crate) fn set_ranks() -> impl Iterator<Item = Rank> {
    (1..=13u8).filter_map(Rank::new).filter(|&r| r != Rank::TWO)
}
