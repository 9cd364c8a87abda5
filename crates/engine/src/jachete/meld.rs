//! Melds of J'achète: sets and runs with wild cards (JA-5, JA-6, JA-13), and
//! the round contracts (JA-3). Validation explains itself: a valid meld says
//! what each wild stands for (for display); an invalid one says why.

use std::fmt;

use super::cards::{Card, Rank, Suit};

/// What a valid meld is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MeldKind {
    /// Three or more cards of one rank (never 2: 2s are always wild).
    Set { rank: Rank },
    /// Consecutive ranks of one suit from `low` to `high`, where the ace is 1
    /// at the bottom or 14 at the top (JA-13: never both, never wrapping).
    Run { suit: Suit, low: u8, high: u8 },
}

/// A valid meld: its kind, and for each card of the meld (in the order given)
/// what it stands for — itself for a natural card.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Meld {
    pub kind: MeldKind,
    pub stands_for: Vec<Standing>,
}

/// What one card of a meld represents.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// A natural card standing for itself.
    Itself,
    /// A wild standing for any card of this rank (in a set).
    AnyOf(Rank),
    /// A wild standing for exactly this card (in a run).
    Exactly(Rank, Suit),
}

/// Why cards do not make a meld. The `Display` text is the engine's English
/// explanation, citing the rules ([`MeldError::rules`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MeldError {
    /// Fewer than 3 cards (JA-13: pairs are never melds).
    TooShort { len: usize },
    /// More wilds than half the meld, rounded down (JA-5).
    TooManyWilds { wilds: usize, len: usize },
    /// Naturals of several ranks and several suits (JA-13).
    NeitherSetNorRun { cards: Vec<Card> },
    /// More than 13 cards of one suit (JA-13: the ace is low or high, not both).
    RunTooLong { len: usize },
    /// One suit, but a rank twice (JA-13).
    RunRepeatsRank { rank: Rank, suit: Suit },
    /// One suit, but the naturals span `span` ranks: more than the cards can fill (JA-13).
    RunGap { cards: Vec<Card>, span: u8 },
}

impl MeldError {
    /// The rule ids this error enforces.
    pub fn rules(&self) -> &'static [&'static str] {
        match self {
            MeldError::TooManyWilds { .. } => &["JA-5"],
            _ => &["JA-13"],
        }
    }
}

impl fmt::Display for MeldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MeldError::TooShort { len } => {
                write!(f, "a meld has at least 3 cards, this one has {len} (pairs are never melds, JA-13)")
            }
            MeldError::TooManyWilds { wilds, len } => {
                write!(f, "{wilds} wilds in a {len}-card meld: at most {} (JA-5)", max_wilds(*len))
            }
            MeldError::NeitherSetNorRun { cards } => {
                write!(f, "{} is neither a set (one rank) nor a run (one suit) (JA-13)", list(cards))
            }
            MeldError::RunTooLong { len } => write!(
                f,
                "a run has at most 13 cards (A to K or 2 to A: the ace is low or high, not both), this one has {len} (JA-13)"
            ),
            MeldError::RunRepeatsRank { rank, suit } => {
                write!(f, "a run holds each rank once, this one has two {}{} (JA-13)", rank.symbol(), suit.letter())
            }
            MeldError::RunGap { cards, span } => write!(
                f,
                "{} cannot make a {}-card run: its cards span {span} ranks (JA-13)",
                list(cards),
                cards.len()
            ),
        }
    }
}

impl std::error::Error for MeldError {}

/// Why new melds do not meet a round's contract (JA-3, JA-12).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ContractError {
    /// `melds` new melds where the contract asks for `sets` sets of `min_len`+ cards.
    MeldCount { sets: usize, min_len: usize, melds: usize },
    /// One of them is not a meld at all.
    Meld(MeldError),
    /// A run where the contract asks for sets.
    Run { cards: Vec<Card> },
    /// A set shorter than the contract's `min_len`.
    SetTooShort { cards: Vec<Card>, min_len: usize },
    /// Two sets of one rank.
    SameRank { rank: Rank },
}

impl ContractError {
    /// The rule ids this error enforces.
    pub fn rules(&self) -> &'static [&'static str] {
        match self {
            ContractError::MeldCount { .. } => &["JA-3", "JA-12"],
            ContractError::Meld(e) => e.rules(),
            ContractError::Run { .. } | ContractError::SetTooShort { .. } | ContractError::SameRank { .. } => &["JA-3"],
        }
    }
}

impl fmt::Display for ContractError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ContractError::MeldCount { sets, min_len, melds } => write!(
                f,
                "this round's contract is {sets} set(s) of {min_len}+ cards, not {melds} meld(s) (JA-3, JA-12)"
            ),
            ContractError::Meld(e) => e.fmt(f),
            ContractError::Run { cards } => write!(f, "{} is a run: the contract asks for sets (JA-3)", list(cards)),
            ContractError::SetTooShort { cards, min_len } => write!(
                f,
                "the set {} has {} cards, the contract asks for at least {min_len} (JA-3)",
                list(cards),
                cards.len()
            ),
            ContractError::SameRank { rank } => {
                write!(f, "two sets of {}: the contract's sets have different ranks (JA-3)", rank.symbol())
            }
        }
    }
}

impl std::error::Error for ContractError {}

impl From<MeldError> for ContractError {
    fn from(e: MeldError) -> Self {
        ContractError::Meld(e)
    }
}

/// JA-5: at most half of a meld, rounded down, may be wild.
pub fn max_wilds(len: usize) -> usize {
    len / 2
}

/// Reads cards as a meld, or says why they are not one.
pub fn read_meld(cards: &[Card]) -> Result<Meld, MeldError> {
    let len = cards.len();
    if len < 3 {
        return Err(MeldError::TooShort { len });
    }
    let wilds = cards.iter().filter(|c| c.is_wild()).count();
    if wilds > max_wilds(len) {
        return Err(MeldError::TooManyWilds { wilds, len });
    }
    let naturals: Vec<(Rank, Suit)> = cards
        .iter()
        .filter_map(|c| match *c {
            Card::Natural(rank, suit) if !c.is_wild() => Some((rank, suit)),
            _ => None,
        })
        .collect();
    let (first_rank, first_suit) = naturals[0];
    if naturals.iter().all(|&(r, _)| r == first_rank) {
        let stands_for =
            cards.iter().map(|c| if c.is_wild() { Standing::AnyOf(first_rank) } else { Standing::Itself }).collect();
        return Ok(Meld { kind: MeldKind::Set { rank: first_rank }, stands_for });
    }
    if naturals.iter().all(|&(_, s)| s == first_suit) {
        return read_run(cards, &naturals, first_suit);
    }
    Err(MeldError::NeitherSetNorRun { cards: cards.to_vec() })
}

fn read_run(cards: &[Card], naturals: &[(Rank, Suit)], suit: Suit) -> Result<Meld, MeldError> {
    // JA-13: the ace is low or high, never both, so a run holds each of the
    // 13 ranks at most once: A to K or 2 to A.
    if cards.len() > 13 {
        return Err(MeldError::RunTooLong { len: cards.len() });
    }
    let len = cards.len() as u8;
    // Each try either returns or finds the naturals too spread out: the
    // error is the last try's.
    let mut span = 0;
    // The ace is low (1) or high (14): try both, low first.
    for ace in [1u8, 14] {
        let mut ranks: Vec<u8> =
            naturals.iter().map(|&(r, _)| if r == Rank::ACE { ace } else { r.number() }).collect();
        ranks.sort_unstable();
        if let Some(w) = ranks.windows(2).find(|w| w[0] == w[1]) {
            let rank = Rank::new(if w[0] == 14 { 1 } else { w[0] }).unwrap_or(Rank::ACE);
            return Err(MeldError::RunRepeatsRank { rank, suit });
        }
        let (min, max) = (ranks[0], ranks[ranks.len() - 1]);
        if max - min + 1 > len {
            span = max - min + 1;
            continue;
        }
        // Extend upwards from the lowest natural unless that passes the ace
        // (never below 1: a run has at most 13 cards, and naturals are 1 or more).
        let low = if min + len - 1 <= 14 { min } else { 15 - len };
        let high = low + len - 1;
        let mut missing: Vec<u8> = (low..=high).filter(|r| !ranks.contains(r)).collect();
        missing.reverse();
        let stands_for = cards
            .iter()
            .map(|c| {
                if c.is_wild() {
                    let r = missing.pop().unwrap_or(low);
                    Standing::Exactly(Rank::new(if r == 14 { 1 } else { r }).unwrap_or(Rank::ACE), suit)
                } else {
                    Standing::Itself
                }
            })
            .collect();
        return Ok(Meld { kind: MeldKind::Run { suit, low, high }, stands_for });
    }
    Err(MeldError::RunGap { cards: cards.to_vec(), span })
}

fn list(cards: &[Card]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// A round's contract (JA-3): `sets` sets of at least `min_len` cards, of
/// pairwise different ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contract {
    pub cards_dealt: usize,
    pub sets: usize,
    pub min_len: usize,
}

/// JA-3: the seven rounds.
pub fn contract(round: u8) -> Option<Contract> {
    let (cards_dealt, sets, min_len) = match round {
        1 => (9, 2, 3),
        2 => (9, 1, 4),
        3 => (12, 3, 3),
        4 => (12, 1, 5),
        5 => (12, 2, 4),
        6 => (13, 2, 5),
        7 => (13, 1, 6),
        _ => return None,
    };
    Some(Contract { cards_dealt, sets, min_len })
}

impl Contract {
    /// JA-3, JA-12: do these new melds meet the contract exactly?
    pub fn check(&self, melds: &[Vec<Card>]) -> Result<(), ContractError> {
        if melds.len() != self.sets {
            return Err(ContractError::MeldCount { sets: self.sets, min_len: self.min_len, melds: melds.len() });
        }
        let mut ranks = Vec::new();
        for cards in melds {
            let meld = read_meld(cards)?;
            let MeldKind::Set { rank } = meld.kind else {
                return Err(ContractError::Run { cards: cards.clone() });
            };
            if cards.len() < self.min_len {
                return Err(ContractError::SetTooShort { cards: cards.clone(), min_len: self.min_len });
            }
            if ranks.contains(&rank) {
                return Err(ContractError::SameRank { rank });
            }
            ranks.push(rank);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|t| Card::parse(t).unwrap()).collect()
    }

    fn ok(text: &str) -> Meld {
        read_meld(&cards(text)).unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn err(text: &str) -> String {
        read_meld(&cards(text)).expect_err(text).to_string()
    }

    #[test]
    fn ja13_sets_of_one_rank_any_suits_even_twice() {
        assert_eq!(ok("7H 7S 7S").kind, MeldKind::Set { rank: Rank::new(7).unwrap() });
        assert_eq!(ok("KH KS KD KC KH").kind, MeldKind::Set { rank: Rank::KING });
    }

    #[test]
    fn ja13_pairs_are_never_melds() {
        assert!(err("7H 7S").contains("at least 3"));
    }

    #[test]
    fn ja05_wild_limit_at_3_4_5_6_cards() {
        assert!(read_meld(&cards("7H 7S 2C")).is_ok());
        assert!(err("7H 2S 2C").contains("2 wilds in a 3-card meld: at most 1"));
        assert!(read_meld(&cards("7H 7S 2C JK")).is_ok());
        assert!(err("7H 2S 2C JK").contains("3 wilds in a 4-card meld: at most 2"));
        assert!(read_meld(&cards("7H 7S 7D 2C JK")).is_ok());
        assert!(err("7H 7S 2D 2C JK").contains("3 wilds in a 5-card meld: at most 2"));
        assert!(read_meld(&cards("7H 7S 7D 2C JK 2H")).is_ok());
        assert!(err("7H 7S 7D 2C JK 2H 2S").contains("4 wilds in a 7-card meld: at most 3"));
    }

    #[test]
    fn ja06_wilds_say_what_they_stand_for() {
        let m = ok("7H JK 7S");
        assert_eq!(m.stands_for[1], Standing::AnyOf(Rank::new(7).unwrap()));
        let m = ok("5H JK 7H");
        assert_eq!(m.stands_for[1], Standing::Exactly(Rank::new(6).unwrap(), Suit::Hearts));
        assert_eq!(m.kind, MeldKind::Run { suit: Suit::Hearts, low: 5, high: 7 });
    }

    #[test]
    fn ja13_runs_with_ace_low_or_high_never_wrapping() {
        assert_eq!(ok("AH 2H 3H").kind, MeldKind::Run { suit: Suit::Hearts, low: 1, high: 3 });
        assert_eq!(ok("QS KS AS").kind, MeldKind::Run { suit: Suit::Spades, low: 12, high: 14 });
        assert!(read_meld(&cards("KS AS 3S")).is_err(), "no wrap: K-A-3");
        assert!(read_meld(&cards("KS AS 3S 4S")).is_err(), "no wrap: K-A-3-4");
        // The 2 of a K-A-2 is a wild: it reads as the queen, Q-K-A (JA-6).
        assert_eq!(ok("KS AS 2S").stands_for[2], Standing::Exactly(Rank::new(12).unwrap(), Suit::Spades));
        // A wild after K-Q goes below, not past the ace.
        let m = ok("KS AS JK");
        assert_eq!(m.kind, MeldKind::Run { suit: Suit::Spades, low: 12, high: 14 });
        assert_eq!(m.stands_for[2], Standing::Exactly(Rank::new(12).unwrap(), Suit::Spades));
    }

    #[test]
    fn ja13_runs_need_one_suit_distinct_ranks_and_no_gap_too_wide() {
        assert!(err("5H 6S 7H").contains("neither a set"));
        assert!(err("5H 5H 6H").contains("neither a set") || err("5H 5H 6H").contains("once"));
        assert!(err("5H 9H JK").contains("span"));
        assert!(read_meld(&cards("5H 6H 7H 8H 9H 10H JH QH KH AH")).is_ok());
        let long = "AH 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH 2S JK 2C 2D";
        assert!(err(long).contains("at most 13"), "16 cards never make a run");
        // A to K, or 2 to A, but never A to A: with a wild for the second ace
        // no more than with two natural aces.
        assert!(read_meld(&cards("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH")).is_ok());
        assert_eq!(ok("3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH").kind, MeldKind::Run { suit: Suit::Hearts, low: 3, high: 14 });
        assert!(err("AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH").contains("at most 13"));
        assert!(err("AS 3S 4S 5S 6S 7S 8S 9S 2H 2D 2C JK JK JK").contains("at most 13"));
    }

    #[test]
    fn ja03_contracts() {
        let c1 = contract(1).unwrap();
        assert_eq!((c1.cards_dealt, c1.sets, c1.min_len), (9, 2, 3));
        assert!(c1.check(&[cards("7H 7S 7D"), cards("9C 9C JK")]).is_ok());
        assert!(c1.check(&[cards("7H 7S 7D"), cards("7C 7C JK")]).unwrap_err().to_string().contains("different ranks"));
        assert!(c1.check(&[cards("7H 7S 7D")]).is_err());
        assert!(c1.check(&[cards("7H 7S 7D"), cards("5H 6H 7H")]).unwrap_err().to_string().contains("run"));
        let c7 = contract(7).unwrap();
        assert!(c7.check(&[cards("7H 7S 7D 7C 2H JK")]).is_ok());
        assert!(c7.check(&[cards("7H 7S 7D 7C 2H")]).unwrap_err().to_string().contains("at least 6"));
        assert_eq!(contract(8), None);
        assert_eq!(contract(0), None);
    }
}
