//! Cards of J'achète (JA-1): two 52-card decks and four jokers; 2s and jokers
//! are wild.

use std::fmt;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    /// The scenario order of suits: S, H, D, C.
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    fn from_letter(c: char) -> Option<Suit> {
        Suit::ALL.into_iter().find(|s| s.letter() == c.to_ascii_uppercase())
    }
}

/// Ranks 1 (ace) to 13 (king). The ace also ranks 14 at the top of a run (JA-13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    pub const ACE: Rank = Rank(1);
    pub const TWO: Rank = Rank(2);
    pub const KING: Rank = Rank(13);

    pub fn new(n: u8) -> Option<Rank> {
        (1..=13).contains(&n).then_some(Rank(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn symbol(self) -> &'static str {
        ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"][usize::from(self.0) - 1]
    }

    fn parse(text: &str) -> Option<Rank> {
        let n = match text.to_ascii_uppercase().as_str() {
            "A" => 1,
            "J" => 11,
            "Q" => 12,
            "K" => 13,
            other => other.parse::<u8>().ok().filter(|n| (2..=10).contains(n))?,
        };
        Rank::new(n)
    }
}

/// A card: a rank of a suit, or a joker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    Natural(Rank, Suit),
    Joker,
}

impl Card {
    /// JA-1: jokers and every 2 are wild.
    pub fn is_wild(self) -> bool {
        matches!(self, Card::Joker | Card::Natural(Rank::TWO, _))
    }

    /// JA-17: points left in hand at the end of a round.
    pub fn points(self) -> u32 {
        match self {
            Card::Joker => 20,
            Card::Natural(rank, _) => match rank.number() {
                2 => 20,
                1 => 15,
                3..=9 => 5,
                _ => 10,
            },
        }
    }

    /// Parses the scenario notation: "AS", "10H", "2C", "JK".
    pub fn parse(text: &str) -> Option<Card> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("JK") {
            return Some(Card::Joker);
        }
        let suit = Suit::from_letter(text.chars().last()?)?;
        let rank = Rank::parse(&text[..text.len() - 1])?;
        Some(Card::Natural(rank, suit))
    }

    /// The index of this card kind in `0..53`: suits S, H, D, C, ranks A..K
    /// within each, then the joker — the order missing cards fill a stock.
    pub fn kind_index(self) -> usize {
        match self {
            Card::Joker => 52,
            Card::Natural(rank, suit) => suit as usize * 13 + usize::from(rank.number()) - 1,
        }
    }

    pub fn from_kind_index(i: usize) -> Option<Card> {
        match i {
            52 => Some(Card::Joker),
            0..=51 => Some(Card::Natural(Rank((i % 13) as u8 + 1), Suit::ALL[i / 13])),
            _ => None,
        }
    }

    /// How many copies of this card the two decks hold (JA-1).
    pub fn copies(self) -> u8 {
        match self {
            Card::Joker => 4,
            Card::Natural(..) => 2,
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Card::Joker => f.write_str("JK"),
            Card::Natural(rank, suit) => write!(f, "{}{}", rank.symbol(), suit.letter()),
        }
    }
}

/// The number of card kinds (52 naturals and the joker) and the deck size.
pub const KINDS: usize = 53;
pub const DECK_SIZE: usize = 108;

/// The full 108-card deck in the scenario fill order.
pub fn deck() -> Vec<Card> {
    (0..KINDS)
        .filter_map(Card::from_kind_index)
        .flat_map(|c| std::iter::repeat_n(c, usize::from(c.copies())))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ja01_deck_has_108_cards_with_2_of_each_and_4_jokers() {
        let d = deck();
        assert_eq!(d.len(), DECK_SIZE);
        assert_eq!(d.iter().filter(|c| **c == Card::Joker).count(), 4);
        assert_eq!(d.iter().filter(|c| c.is_wild()).count(), 4 + 8);
    }

    #[test]
    fn ja01_card_notation_round_trips() {
        for card in deck() {
            assert_eq!(Card::parse(&card.to_string()), Some(card));
        }
        assert_eq!(Card::parse("10h"), Some(Card::Natural(Rank(10), Suit::Hearts)));
        assert_eq!(Card::parse("1H"), None);
        assert_eq!(Card::parse("11S"), None);
        assert_eq!(Card::parse("XK"), None);
        assert_eq!(Card::parse(""), None);
    }

    #[test]
    fn ja17_card_points() {
        let p = |t: &str| Card::parse(t).unwrap().points();
        assert_eq!((p("3S"), p("9D"), p("10C"), p("KH"), p("AS"), p("2H"), p("JK")), (5, 5, 10, 10, 15, 20, 20));
    }
}
