//! Why Katzenjammer refuses an action, as data: each kind with its
//! parameters and the rules it enforces. The `Display` text is the engine's
//! English explanation (it cites the rules); apps word refusals themselves.

use std::fmt;

use super::level::{BidKind, BidLevel};
use super::cards::Counts;
use crate::game::{self, Seat, Shared};

/// A Katzenjammer refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game has ended (by the stock, KB-6, or the mice, KB-17).
    GameOver,
    /// A bid of no cards (KB-8).
    BidEmpty,
    /// A same-value bid naming a value outside 1..=5 (KB-8).
    SameValueOutOfRange { value: u8 },
    /// A bid of `value`s containing a natural `card` of another value (KB-8, KB-10).
    SameBidForeignCard { value: u8, card: u8 },
    /// A different-values bid with `count` cards of value `card` (KB-8).
    DifferentRepeated { card: u8, count: u8 },
    /// A different-values bid of more than 5 cards (KB-8, KB-10).
    DifferentTooMany { count: u32 },
    /// The bidder does not hold the bid's cards (KB-7).
    BidNotHeld { seat: Seat, cards: Counts },
    /// The bid is not strictly higher than the standing bid (KB-9).
    DoesNotBeat { bid: BidLevel, standing: BidLevel },
    /// Foursomes offered during the auction (KB-14).
    PresentDuringAuction,
    /// A bid or a pass once the auction is won (KB-14).
    AuctionOver,
    /// Foursome number `index` (from 0) of a list is not one (KB-15, KB-16).
    Foursome { index: usize, problem: FoursomeProblem },
    /// More jokers than `foursomes` foursomes of `value`s hold (KB-15).
    JokersDoNotFit { value: u8, jokers: u8, foursomes: u8 },
    /// The winner does not hold the cards of these foursomes (KB-14).
    FoursomesNotHeld { seat: Seat, cards: Counts },
    /// A refusal every table shares (who acts, when): no rule of the game.
    Shared(Shared),
}

/// Why four cards are not a foursome.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FoursomeProblem {
    /// Not exactly 4 cards (KB-15).
    WrongSize { count: u32 },
    /// Joker cats with a natural card among them (KB-16).
    CatsNotJokers,
    /// A value outside 1..=5 (KB-15).
    ValueOutOfRange { value: u8 },
    /// A foursome of `value`s holding another value (KB-15).
    ForeignCard { value: u8 },
}

impl game::Refusal for Refusal {
    /// The rule ids this refusal enforces.
    fn rules(&self) -> &'static [&'static str] {
        match self {
            Refusal::Shared(_) => &[],
            Refusal::GameOver => &["KB-6", "KB-17"],
            Refusal::BidEmpty
            | Refusal::SameValueOutOfRange { .. }
            | Refusal::DifferentRepeated { .. } => &["KB-8"],
            Refusal::SameBidForeignCard { .. } | Refusal::DifferentTooMany { .. } => &["KB-8", "KB-10"],
            Refusal::BidNotHeld { .. } => &["KB-7"],
            Refusal::DoesNotBeat { .. } => &["KB-9"],
            Refusal::PresentDuringAuction | Refusal::AuctionOver | Refusal::FoursomesNotHeld { .. } => &["KB-14"],
            Refusal::Foursome { problem, .. } => problem.rules(),
            Refusal::JokersDoNotFit { .. } => &["KB-15"],
        }
    }
}

crate::embed_shared!(Refusal);

impl Refusal {
    /// One refusal of each kind (each foursome problem too), for tests and
    /// for apps checking that they word them all.
    pub fn samples() -> Vec<Refusal> {
        let level = |kind, count| BidLevel { kind, count };
        let foursome = |problem| Refusal::Foursome { index: 1, problem };
        let all = vec![
            Refusal::GameOver,
            Refusal::BidEmpty,
            Refusal::SameValueOutOfRange { value: 6 },
            Refusal::SameBidForeignCard { value: 2, card: 3 },
            Refusal::DifferentRepeated { card: 2, count: 2 },
            Refusal::DifferentTooMany { count: 6 },
            Refusal::BidNotHeld { seat: 1, cards: Counts([0, 2, 0, 0, 0, 1]) },
            Refusal::DoesNotBeat { bid: level(BidKind::Different, 3), standing: level(BidKind::Same(1), 3) },
            Refusal::PresentDuringAuction,
            Refusal::AuctionOver,
            foursome(FoursomeProblem::WrongSize { count: 3 }),
            foursome(FoursomeProblem::CatsNotJokers),
            foursome(FoursomeProblem::ValueOutOfRange { value: 6 }),
            foursome(FoursomeProblem::ForeignCard { value: 3 }),
            Refusal::JokersDoNotFit { value: 2, jokers: 5, foursomes: 1 },
            Refusal::FoursomesNotHeld { seat: 1, cards: Counts([0, 0, 0, 0, 4, 0]) },
        ];
        // A new kind fails to compile here until it is listed above.
        for r in &all {
            match r {
                // The shared ones are the table's, worded apart (their samples: none).
                Refusal::Shared(_) => unreachable!("no sample is shared"),
                Refusal::GameOver
                | Refusal::BidEmpty
                | Refusal::SameValueOutOfRange { .. }
                | Refusal::SameBidForeignCard { .. }
                | Refusal::DifferentRepeated { .. }
                | Refusal::DifferentTooMany { .. }
                | Refusal::BidNotHeld { .. }
                | Refusal::DoesNotBeat { .. }
                | Refusal::PresentDuringAuction
                | Refusal::AuctionOver
                | Refusal::JokersDoNotFit { .. }
                | Refusal::FoursomesNotHeld { .. } => {}
                Refusal::Foursome { problem, .. } => match problem {
                    FoursomeProblem::WrongSize { .. }
                    | FoursomeProblem::CatsNotJokers
                    | FoursomeProblem::ValueOutOfRange { .. }
                    | FoursomeProblem::ForeignCard { .. } => {}
                },
            }
        }
        all
    }
}

impl FoursomeProblem {
    pub fn rules(&self) -> &'static [&'static str] {
        match self {
            FoursomeProblem::CatsNotJokers => &["KB-16"],
            _ => &["KB-15"],
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Shared(shared) => shared.fmt(f),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::BidEmpty => f.write_str("a bid needs at least one card (KB-8)"),
            Refusal::SameValueOutOfRange { value } => {
                write!(f, "a same-value bid names a value from 1 to 5, not {value} (KB-8)")
            }
            Refusal::SameBidForeignCard { value, card } => {
                write!(f, "a bid of {value}s cannot contain a {card}: only {value}s and jokers (KB-8, KB-10)")
            }
            Refusal::DifferentRepeated { card, count } => write!(
                f,
                "a different-values bid holds each value at most once, this one has {count} × {card} (KB-8)"
            ),
            Refusal::DifferentTooMany { count } => {
                write!(f, "a different-values bid has at most 5 cards (one per value), not {count} (KB-8, KB-10)")
            }
            Refusal::BidNotHeld { seat, cards } => {
                write!(f, "seat {seat} does not hold {cards:?}: a player bids only with cards in hand (KB-7)")
            }
            Refusal::DoesNotBeat { bid, standing } => {
                write!(f, "{bid} does not beat the standing bid {standing} (KB-9)")
            }
            Refusal::PresentDuringAuction => f.write_str(
                "foursomes are presented only by the auction winner, right after taking the row (KB-14)",
            ),
            Refusal::AuctionOver => {
                f.write_str("the auction is over: the winner now presents foursomes, or presents nothing (KB-14)")
            }
            Refusal::Foursome { index, problem } => write!(f, "foursome {}: {problem}", index + 1),
            Refusal::JokersDoNotFit { value, jokers, foursomes } => {
                write!(f, "{jokers} jokers cannot fit in {foursomes} foursome(s) of {value}s (KB-15)")
            }
            Refusal::FoursomesNotHeld { seat, cards } => {
                write!(f, "seat {seat} does not hold {cards:?} for these foursomes (KB-14)")
            }
        }
    }
}

impl fmt::Display for FoursomeProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FoursomeProblem::WrongSize { count } => write!(f, "a foursome is exactly 4 cards, not {count} (KB-15)"),
            FoursomeProblem::CatsNotJokers => f.write_str("joker cats are four jokers and nothing else (KB-16)"),
            FoursomeProblem::ValueOutOfRange { value } => {
                write!(f, "a foursome's value is 1 to 5, not {value} (KB-15)")
            }
            FoursomeProblem::ForeignCard { value } => {
                write!(f, "a foursome of {value}s holds only {value}s and jokers (KB-15)")
            }
        }
    }
}

impl std::error::Error for FoursomeProblem {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{check_samples, EmbedsShared as _, RuleError};
    use std::mem::discriminant;

    #[test]
    fn kb_every_refusal_names_its_rules_and_its_message_cites_them() {
        // "the game is over" predates rule ids in messages; its text is kept.
        let uncited = |r: &Refusal| *r == Refusal::GameOver;
        check_samples(&Refusal::samples(), "KB-", uncited, |r| match r {
            Refusal::Foursome { problem, .. } => format!("foursome {:?}", discriminant(problem)),
            r => format!("{:?}", discriminant(r)),
        });
    }

    #[test]
    fn kb08_messages_are_the_engines_english() {
        let r = Refusal::DifferentRepeated { card: 2, count: 2 };
        assert_eq!(
            r.to_string(),
            "a different-values bid holds each value at most once, this one has 2 × 2 (KB-8)"
        );
        let f = Refusal::Foursome { index: 0, problem: FoursomeProblem::CatsNotJokers };
        assert_eq!(f.to_string(), "foursome 1: joker cats are four jokers and nothing else (KB-16)");
    }

    #[test]
    fn kb08_a_game_refusal_keeps_its_game_and_rules() {
        let error: RuleError<Refusal> = Refusal::DifferentRepeated { card: 2, count: 2 }.into();
        assert!(error.refusal().shared().is_none());
        assert_eq!(error.rules(), ["KB-8"]);
    }
}
