//! Cards of Katzenjammer Blues (KB-1) and multisets of them.

use std::fmt;

/// A card: a value 1..=5 or a joker (KB-1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Card {
    One,
    Two,
    Three,
    Four,
    Five,
    Joker,
}

impl Card {
    /// Values first, jokers last: the order hands are printed in.
    pub const ALL: [Card; 6] = [Card::One, Card::Two, Card::Three, Card::Four, Card::Five, Card::Joker];
    pub const VALUES: [Card; 5] = [Card::One, Card::Two, Card::Three, Card::Four, Card::Five];

    /// Index into [`Counts`]: value v is `v - 1`, the joker is 5.
    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Card {
        Card::ALL[if i < 6 { i } else { 5 }]
    }

    /// The card of value `v` (1..=5).
    pub fn from_value(v: u8) -> Option<Card> {
        (1..=5).contains(&v).then(|| Card::ALL[usize::from(v) - 1])
    }

    /// The value 1..=5, or `None` for the joker.
    pub const fn value(self) -> Option<u8> {
        match self {
            Card::Joker => None,
            other => Some(other as u8 + 1),
        }
    }

    pub const fn is_joker(self) -> bool {
        matches!(self, Card::Joker)
    }

    /// The scenario notation: "1".."5", "J".
    pub const fn symbol(self) -> &'static str {
        match self {
            Card::One => "1",
            Card::Two => "2",
            Card::Three => "3",
            Card::Four => "4",
            Card::Five => "5",
            Card::Joker => "J",
        }
    }

    pub fn parse(text: &str) -> Option<Card> {
        Some(match text {
            "1" => Card::One,
            "2" => Card::Two,
            "3" => Card::Three,
            "4" => Card::Four,
            "5" => Card::Five,
            "J" | "j" => Card::Joker,
            _ => return None,
        })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.symbol())
    }
}

/// The deck's size and make-up (KB-1).
pub const COPIES: u8 = 15;
pub const DECK_SIZE: usize = 90;

/// A multiset of cards: how many of each kind. Hands, payments and the discard
/// pile are multisets — their order never matters to the rules.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct Counts(pub [u8; 6]);

impl Counts {
    pub const EMPTY: Counts = Counts([0; 6]);

    /// The full deck: 15 of each kind.
    pub const fn deck() -> Counts {
        Counts([COPIES; 6])
    }

    pub fn of(cards: &[Card]) -> Counts {
        let mut c = Counts::EMPTY;
        for &card in cards {
            c.add(card, 1);
        }
        c
    }

    pub const fn get(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    pub fn add(&mut self, card: Card, n: u8) {
        self.0[card.index()] += n;
    }

    pub fn remove(&mut self, card: Card, n: u8) {
        self.0[card.index()] -= n;
    }

    pub const fn jokers(&self) -> u8 {
        self.0[5]
    }

    pub fn total(&self) -> u32 {
        self.0.iter().map(|&n| u32::from(n)).sum()
    }

    /// Cards that are not jokers.
    pub fn naturals(&self) -> u32 {
        self.total() - u32::from(self.jokers())
    }

    pub fn contains(&self, other: &Counts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    pub fn add_all(&mut self, other: &Counts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a += b;
        }
    }

    /// Removes `other`; the caller has checked [`Counts::contains`].
    pub fn remove_all(&mut self, other: &Counts) {
        for (a, b) in self.0.iter_mut().zip(other.0.iter()) {
            *a -= b;
        }
    }

    /// The cards in printing order: ascending values, jokers last.
    pub fn cards(&self) -> Vec<Card> {
        let mut v = Vec::with_capacity(self.total() as usize);
        for card in Card::ALL {
            for _ in 0..self.get(card) {
                v.push(card);
            }
        }
        v
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 6]
    }
}

impl fmt::Debug for Counts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[")?;
        for (i, card) in self.cards().iter().enumerate() {
            if i > 0 {
                write!(f, " ")?;
            }
            write!(f, "{card}")?;
        }
        write!(f, "]")
    }
}
