//! Foursomes and presentations (KB-14..KB-16).

use super::cards::{Card, Counts};
use super::refusal::{FoursomeProblem, Refusal};
use crate::game::RuleError;

/// One foursome as a player lays it down: four cards of one value, jokers
/// standing in (KB-15), or four jokers as "joker cats" (`value: None`, KB-16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Foursome {
    pub value: Option<u8>,
    pub cards: Counts,
}

impl Foursome {
    /// KB-15, KB-16: four cards of the value, jokers standing in, or four
    /// jokers as joker cats.
    pub fn check(&self) -> Result<(), FoursomeProblem> {
        if self.cards.total() != 4 {
            return Err(FoursomeProblem::WrongSize { count: self.cards.total() });
        }
        match self.value {
            None if self.cards.jokers() != 4 => Err(FoursomeProblem::CatsNotJokers),
            None => Ok(()),
            Some(v) => {
                let Some(value) = Card::from_value(v) else {
                    return Err(FoursomeProblem::ValueOutOfRange { value: v });
                };
                if self.cards.get(value) + self.cards.jokers() != 4 {
                    return Err(FoursomeProblem::ForeignCard { value: v });
                }
                Ok(())
            }
        }
    }
}

/// Everything one auction winner presents in one step (KB-14), in a canonical
/// form: presentations that move the same cards to the same places and score
/// the same are the same action. (The order of foursomes never changes the
/// outcome: KB-17 pays what is left and ends the game after all of them.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Presentation {
    /// Foursomes presented per value 1..=5 (index v - 1).
    pub foursomes: [u8; 5],
    /// Jokers used in those foursomes per value (they end displayed).
    pub jokers: [u8; 5],
    /// Four-joker foursomes declared "joker cats" (discarded, no mice).
    pub cats: u8,
}

impl Presentation {
    pub const NOTHING: Presentation = Presentation { foursomes: [0; 5], jokers: [0; 5], cats: 0 };

    /// Builds the canonical form of a list of foursomes, checking each (KB-15/16).
    pub fn from_foursomes(list: &[Foursome]) -> Result<Presentation, RuleError<Refusal>> {
        let mut p = Presentation::NOTHING;
        for (i, f) in list.iter().enumerate() {
            f.check().map_err(|problem| Refusal::Foursome { index: i, problem })?;
            match f.value {
                None => p.cats += 1,
                Some(v) => {
                    let at = usize::from(v) - 1;
                    p.foursomes[at] += 1;
                    p.jokers[at] += f.cards.jokers();
                }
            }
        }
        Ok(p)
    }

    pub fn is_nothing(&self) -> bool {
        *self == Presentation::NOTHING
    }

    /// Mice these foursomes are worth before the supply runs out (KB-15).
    pub fn mice(&self) -> u32 {
        (0..5).map(|i| u32::from(self.foursomes[i]) * (i as u32 + 1)).sum()
    }

    pub fn count(&self) -> u32 {
        self.foursomes.iter().map(|&n| u32::from(n)).sum::<u32>() + u32::from(self.cats)
    }

    /// Jokers that end displayed in front of the player (KB-15, KB-16).
    pub fn displayed_jokers(&self) -> u8 {
        self.jokers.iter().sum()
    }

    /// All cards the presentation takes from the hand.
    pub fn cards(&self) -> Counts {
        let mut c = self.discarded();
        c.add(Card::Joker, self.displayed_jokers());
        c
    }

    /// Cards that go to the discard pile: naturals and joker cats (KB-15, KB-16).
    pub fn discarded(&self) -> Counts {
        let mut c = Counts::EMPTY;
        for i in 0..5 {
            c.0[i] = 4 * self.foursomes[i] - self.jokers[i];
        }
        c.0[5] = 4 * self.cats;
        c
    }

    /// Checks internal consistency (an action built by hand may not be).
    pub fn check_shape(&self) -> Result<(), RuleError<Refusal>> {
        for i in 0..5 {
            if self.jokers[i] > 4 * self.foursomes[i] {
                return Err(Refusal::JokersDoNotFit {
                    value: i as u8 + 1,
                    jokers: self.jokers[i],
                    foursomes: self.foursomes[i],
                }
                .into());
            }
        }
        Ok(())
    }

    /// One foursome list that makes this presentation: naturals fill the first
    /// foursomes of each value, jokers the rest; joker cats last.
    pub fn to_foursomes(&self) -> Vec<Foursome> {
        let mut out = Vec::with_capacity(self.count() as usize);
        for i in 0..5 {
            let card = Card::VALUES[i];
            let mut naturals = 4 * self.foursomes[i] - self.jokers[i];
            for _ in 0..self.foursomes[i] {
                let n = naturals.min(4);
                naturals -= n;
                let mut cards = Counts::EMPTY;
                cards.add(card, n);
                cards.add(Card::Joker, 4 - n);
                out.push(Foursome { value: Some(i as u8 + 1), cards });
            }
        }
        for _ in 0..self.cats {
            out.push(Foursome { value: None, cards: Counts([0, 0, 0, 0, 0, 4]) });
        }
        out
    }
}
