//! Deal seeds and their short, typeable text form.
//!
//! A seed is written as 8 characters of Crockford base32, shown as `1K7Q-M3ZD`.
//! The first character is the format version (now `1`); the other seven carry
//! 35 bits of deal number. Parsing forgives what people do when they copy a code
//! by hand: any case, dashes and spaces, and Crockford's look-alikes
//! (`O` for `0`, `I`/`L` for `1`). Anything else is refused with a message
//! that says what is wrong.

use std::fmt;

use crate::rng::derive_seed;

/// The format version this build writes and reads.
pub const SEED_FORMAT_VERSION: u8 = 1;
const DATA_BITS: u32 = 35;
const DATA_MASK: u64 = (1 << DATA_BITS) - 1;
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// A deal seed: the same seed deals the same game, forever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Seed(u64);

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeedError {
    Empty,
    WrongLength { found: usize },
    BadCharacter { ch: char, position: usize },
    UnsupportedVersion { found: u8 },
}

impl fmt::Display for SeedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SeedError::Empty => write!(f, "the seed is empty: a seed has 8 characters, like 1K7Q-M3ZD"),
            SeedError::WrongLength { found } => write!(
                f,
                "a seed has 8 characters (dashes and spaces aside), this one has {found}"
            ),
            SeedError::BadCharacter { ch, position } => write!(
                f,
                "character {position} of the seed, '{ch}', is not a seed character (digits and letters except U)"
            ),
            SeedError::UnsupportedVersion { found } => write!(
                f,
                "this seed is of format {found}, which this version of Tablée does not know (it reads format {SEED_FORMAT_VERSION})"
            ),
        }
    }
}

impl std::error::Error for SeedError {}

impl Seed {
    /// The seed numbered `n` (only the low 35 bits count).
    pub const fn from_number(n: u64) -> Self {
        Seed(n & DATA_MASK)
    }

    /// The deal number, in `0..2^35`.
    pub const fn number(self) -> u64 {
        self.0
    }

    /// A seed from any 64 bits of entropy (the UI passes browser randomness).
    pub fn from_entropy(bits: u64) -> Self {
        Seed::from_number(derive_seed(bits, "entropy"))
    }

    /// Today's deal: everyone in the world gets the same seed for a UTC date.
    pub fn daily(year: i32, month: u32, day: u32) -> Self {
        let date = format!("daily-{year:04}-{month:02}-{day:02}");
        Seed::from_number(derive_seed(0, &date))
    }

    /// The 64-bit value generators are seeded with, for one named purpose.
    pub fn stream(self, purpose: &str) -> u64 {
        derive_seed(self.0 ^ (u64::from(SEED_FORMAT_VERSION) << 56), purpose)
    }

    /// Parses the text form, leniently (see the module documentation).
    pub fn parse(text: &str) -> Result<Seed, SeedError> {
        let mut digits = [0u8; 8];
        let mut count = 0usize;
        for ch in text.chars() {
            if ch == '-' || ch.is_whitespace() {
                continue;
            }
            count += 1;
            let value = crockford_value(ch).ok_or(SeedError::BadCharacter { ch, position: count })?;
            if count <= 8 {
                digits[count - 1] = value;
            }
        }
        match count {
            0 => return Err(SeedError::Empty),
            8 => {}
            found => return Err(SeedError::WrongLength { found }),
        }
        if digits[0] != SEED_FORMAT_VERSION {
            return Err(SeedError::UnsupportedVersion { found: digits[0] });
        }
        let number = digits[1..].iter().fold(0u64, |acc, &d| (acc << 5) | u64::from(d));
        Ok(Seed(number))
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = [0u8; 9];
        chars[0] = ALPHABET[SEED_FORMAT_VERSION as usize];
        for i in 0..7 {
            let shift = 5 * (6 - i);
            chars[i + 1] = ALPHABET[((self.0 >> shift) & 31) as usize];
        }
        // Insert the dash after four characters: 1K7Q-M3ZD.
        chars.copy_within(4..8, 5);
        chars[4] = b'-';
        f.write_str(std::str::from_utf8(&chars).unwrap_or("????-????"))
    }
}

impl std::str::FromStr for Seed {
    type Err = SeedError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Seed::parse(s)
    }
}

fn crockford_value(ch: char) -> Option<u8> {
    let up = ch.to_ascii_uppercase();
    let up = match up {
        'O' => '0',
        'I' | 'L' => '1',
        other => other,
    };
    ALPHABET.iter().position(|&a| a as char == up).map(|p| p as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        for n in [0u64, 1, 31, 32, 123_456_789, DATA_MASK] {
            let seed = Seed::from_number(n);
            let text = seed.to_string();
            assert_eq!(text.len(), 9, "{text}");
            assert!(text.starts_with('1'));
            assert_eq!(Seed::parse(&text), Ok(seed), "{text}");
        }
    }

    #[test]
    fn text_form_is_pinned() {
        assert_eq!(Seed::from_number(0).to_string(), "1000-0000");
        assert_eq!(Seed::from_number(DATA_MASK).to_string(), "1ZZZ-ZZZZ");
        assert_eq!(Seed::from_number(12345).to_string(), "1000-0C1S");
    }

    #[test]
    fn parsing_is_lenient() {
        let seed = Seed::parse("1ZZZ-ZZZZ").unwrap();
        assert_eq!(Seed::parse("1zzzzzzz"), Ok(seed));
        assert_eq!(Seed::parse(" 1zz zz-zz-z "), Ok(seed));
        assert_eq!(Seed::parse("I000-OOOO"), Ok(Seed::from_number(0)));
        assert_eq!(Seed::parse("l000-0000"), Ok(Seed::from_number(0)));
    }

    #[test]
    fn bad_seeds_are_explained() {
        assert_eq!(Seed::parse(""), Err(SeedError::Empty));
        assert_eq!(Seed::parse("--"), Err(SeedError::Empty));
        assert_eq!(Seed::parse("1ABC"), Err(SeedError::WrongLength { found: 4 }));
        assert_eq!(Seed::parse("1ABC-DEFGH"), Err(SeedError::WrongLength { found: 9 }));
        assert_eq!(
            Seed::parse("1ABU-DEFG"),
            Err(SeedError::BadCharacter { ch: 'U', position: 4 })
        );
        assert_eq!(Seed::parse("2ABC-DEFG"), Err(SeedError::UnsupportedVersion { found: 2 }));
        let message = Seed::parse("1AB!").unwrap_err().to_string();
        assert!(message.contains("'!'"), "{message}");
    }

    #[test]
    fn daily_seeds_differ_by_date_and_are_stable() {
        let a = Seed::daily(2026, 11, 21);
        assert_eq!(a, Seed::daily(2026, 11, 21));
        assert_ne!(a, Seed::daily(2026, 11, 22));
    }
}
