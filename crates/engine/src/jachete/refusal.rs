//! Why J'achète refuses an action, as data: each kind with its parameters
//! and the rules it enforces. The `Display` text is the engine's English
//! explanation; apps word refusals themselves.

use std::fmt;

use super::cards::{Card, Rank, Suit};
use super::meld::{ContractError, MeldError};
use crate::game::{self, Seat, Shared};

/// A J'achète refusal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Nobody is to act: the round has ended (JA-16, JA-17), or the game.
    RoundOver,
    /// `seat` is asked whether to buy the card on offer and did something else (JA-9).
    BuyOrDecline { seat: Seat },
    /// A buy or a decline during a turn, when no card is on offer (JA-9, JA-11).
    NotABuyWindow,
    /// A discard of a card not in the hand (JA-8).
    DiscardNotHeld { seat: Seat, card: Card },
    /// A card that was on the table when the turn began would leave it (JA-14).
    TableCardRemoved,
    /// The proposed table adds cards the player does not hold (JA-12, JA-13).
    TableCardsNotHeld { seat: Seat },
    /// A meld in front of a seat that is not at the table (JA-12, JA-13).
    NoSuchSeat { owner: Seat },
    /// Meld number `index` (from 0) of the proposed table is not a meld.
    MeldInvalid { index: usize, error: MeldError },
    /// A player who has not opened changed the table (JA-15).
    TouchedBeforeOpening,
    /// An opening laid a meld in front of `owner`, not the opener `seat` (JA-12).
    OpeningForOther { seat: Seat, owner: Seat },
    /// The opening's new melds do not make the round's contract (JA-3, JA-12).
    ContractNotMet { problem: ContractError },
    /// A table holding more copies of `card` than the two decks have (JA-1):
    /// no position can accept it.
    TooManyCopies { card: Card },
    /// A refusal every table shares (who acts, when): no rule of the game.
    Shared(Shared),
}

impl game::Refusal for Refusal {
    /// The rule ids this refusal enforces.
    fn rules(&self) -> &'static [&'static str] {
        match self {
            Refusal::Shared(_) => &[],
            Refusal::RoundOver => &["JA-16", "JA-17"],
            Refusal::BuyOrDecline { .. } => &["JA-9"],
            Refusal::NotABuyWindow => &["JA-9", "JA-11"],
            Refusal::DiscardNotHeld { .. } => &["JA-8"],
            Refusal::TableCardRemoved => &["JA-14"],
            Refusal::TableCardsNotHeld { .. } | Refusal::NoSuchSeat { .. } => &["JA-12", "JA-13"],
            Refusal::MeldInvalid { error, .. } => error.rules(),
            Refusal::TouchedBeforeOpening => &["JA-15"],
            Refusal::OpeningForOther { .. } => &["JA-12"],
            Refusal::ContractNotMet { problem } => problem.rules(),
            Refusal::TooManyCopies { .. } => &["JA-1"],
        }
    }
}

crate::embed_shared!(Refusal);

impl Refusal {
    /// One refusal of each kind (each meld and contract error too), for
    /// tests and for apps checking that they word them all.
    pub fn samples() -> Vec<Refusal> {
        let card = |text: &str| Card::parse(text).expect("a sample card");
        let cards = |text: &str| text.split_whitespace().map(card).collect::<Vec<_>>();
        let seven = Rank::new(7).expect("a rank");
        let meld = |error| Refusal::MeldInvalid { index: 2, error };
        let contract = |problem| Refusal::ContractNotMet { problem };
        let all = vec![
            Refusal::RoundOver,
            Refusal::BuyOrDecline { seat: 2 },
            Refusal::NotABuyWindow,
            Refusal::DiscardNotHeld { seat: 1, card: card("5H") },
            Refusal::TableCardRemoved,
            Refusal::TableCardsNotHeld { seat: 1 },
            Refusal::NoSuchSeat { owner: 9 },
            meld(MeldError::TooShort { len: 2 }),
            meld(MeldError::TooManyWilds { wilds: 2, len: 3 }),
            meld(MeldError::NeitherSetNorRun { cards: cards("5H 6S 7H") }),
            meld(MeldError::RunTooLong { len: 14 }),
            meld(MeldError::RunRepeatsRank { rank: seven, suit: Suit::Hearts }),
            meld(MeldError::RunGap { cards: cards("5H 9H JK"), span: 5 }),
            Refusal::TouchedBeforeOpening,
            Refusal::OpeningForOther { seat: 1, owner: 2 },
            Refusal::TooManyCopies { card: card("AS") },
            contract(ContractError::MeldCount { sets: 2, min_len: 3, melds: 1 }),
            contract(ContractError::Meld(MeldError::TooShort { len: 2 })),
            contract(ContractError::Run { cards: cards("9S 10S JS") }),
            contract(ContractError::SetTooShort { cards: cards("JS JH JD"), min_len: 4 }),
            contract(ContractError::SameRank { rank: seven }),
        ];
        // A new kind fails to compile here until it is listed above.
        for r in &all {
            match r {
                // The shared ones are the table's, worded apart (their samples: none).
                Refusal::Shared(_) => unreachable!("no sample is shared"),
                Refusal::RoundOver
                | Refusal::BuyOrDecline { .. }
                | Refusal::NotABuyWindow
                | Refusal::DiscardNotHeld { .. }
                | Refusal::TableCardRemoved
                | Refusal::TableCardsNotHeld { .. }
                | Refusal::NoSuchSeat { .. }
                | Refusal::TouchedBeforeOpening
                | Refusal::TooManyCopies { .. }
                | Refusal::OpeningForOther { .. } => {}
                Refusal::MeldInvalid { error, .. }
                | Refusal::ContractNotMet { problem: ContractError::Meld(error) } => match error {
                    MeldError::TooShort { .. }
                    | MeldError::TooManyWilds { .. }
                    | MeldError::NeitherSetNorRun { .. }
                    | MeldError::RunTooLong { .. }
                    | MeldError::RunRepeatsRank { .. }
                    | MeldError::RunGap { .. } => {}
                },
                Refusal::ContractNotMet { problem } => match problem {
                    ContractError::MeldCount { .. }
                    | ContractError::Meld(_)
                    | ContractError::Run { .. }
                    | ContractError::SetTooShort { .. }
                    | ContractError::SameRank { .. } => {}
                },
            }
        }
        all
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Shared(shared) => shared.fmt(f),
            Refusal::RoundOver => f.write_str("the round is over"),
            Refusal::BuyOrDecline { seat } => {
                write!(f, "seat {seat} is asked whether to buy the discard: buy or decline (JA-9)")
            }
            Refusal::NotABuyWindow => f.write_str(
                "only players who have not opened buy, and only in a buy window (JA-9, JA-11); it is a turn: play or discard",
            ),
            Refusal::DiscardNotHeld { seat, card } => write!(f, "seat {seat} does not hold {card}"),
            Refusal::TableCardRemoved => {
                f.write_str("a card that was on the table at the start of the turn would leave it (JA-14)")
            }
            Refusal::TableCardsNotHeld { seat } => write!(f, "seat {seat} does not hold the cards this table adds"),
            Refusal::NoSuchSeat { owner } => write!(f, "seat {owner} does not exist"),
            Refusal::MeldInvalid { index, error } => write!(f, "meld {}: {error}", index + 1),
            Refusal::TouchedBeforeOpening => f.write_str(
                "before opening a player may not touch the table: every meld must stay as it is (JA-15)",
            ),
            Refusal::OpeningForOther { seat, owner } => write!(
                f,
                "an opening lays melds in front of the opener (seat {seat}), not seat {owner} (JA-12)"
            ),
            Refusal::ContractNotMet { problem } => problem.fmt(f),
            Refusal::TooManyCopies { card } => {
                let n = card.copies();
                write!(f, "the table has more than {n} copies of {card}: the decks hold only {n} (JA-1)")
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{check_samples, Refusal as _};
    use std::mem::discriminant;

    #[test]
    fn ja_every_refusal_names_its_rules_and_its_message_cites_them() {
        // Messages older than rule ids in messages: their text is kept as it was.
        let uncited = |r: &Refusal| {
            matches!(
                r,
                Refusal::RoundOver
                    | Refusal::DiscardNotHeld { .. }
                    | Refusal::TableCardsNotHeld { .. }
                    | Refusal::NoSuchSeat { .. }
            )
        };
        check_samples(&Refusal::samples(), "JA-", uncited, |r| match r {
            Refusal::MeldInvalid { error, .. } => format!("meld {:?}", discriminant(error)),
            Refusal::ContractNotMet { problem: ContractError::Meld(error) } => {
                format!("contract meld {:?}", discriminant(error))
            }
            Refusal::ContractNotMet { problem } => format!("contract {:?}", discriminant(problem)),
            r => format!("{:?}", discriminant(r)),
        });
    }

    #[test]
    fn ja05_ja13_messages_are_the_engines_english() {
        let meld = Refusal::MeldInvalid { index: 0, error: MeldError::TooManyWilds { wilds: 3, len: 4 } };
        assert_eq!(meld.to_string(), "meld 1: 3 wilds in a 4-card meld: at most 2 (JA-5)");
        assert_eq!(meld.rules(), ["JA-5"]);
        let seven = Rank::new(7).expect("a rank");
        let contract = Refusal::ContractNotMet { problem: ContractError::SameRank { rank: seven } };
        assert_eq!(contract.to_string(), "two sets of 7: the contract's sets have different ranks (JA-3)");
    }
}
