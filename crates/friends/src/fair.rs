//! Fair deals by commit–reveal (docs/friends.md, "Fair deals").
//!
//! Every seat draws a [`Secret`] (the host draws its own and its bots'),
//! and sends its [`Commitment`] — a hash of the seat and the secret —
//! before anyone reveals a secret. The friends reveal theirs to the host
//! once they hold every seat's commitment; the deal's seed is a hash of
//! every secret in seat order ([`deal_seed`]). The host reveals its own and
//! its bots' at the end, with the game's whole log, and each friend checks
//! every reveal against its commitment (see the app's verification).
//!
//! What it proves: nobody chose the deal. The host committed to its secret
//! before it saw any friend's, and a friend never sees the host's until
//! the game is over, so nobody could steer the hash. What it does not
//! hide: the host computes the seed as soon as the friends reveal, so the
//! host's device can see every hand while the game runs.

use tablee_engine::{Seat, Seed};

use crate::sha256::{from_hex, hex, Sha256};

pub const SECRET_BYTES: usize = 32;

/// A seat's secret: 32 bytes from the device's cryptographic generator
/// (the page's `crypto.getRandomValues`; tests use fixed ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Secret(pub [u8; SECRET_BYTES]);

/// The hash a seat sends before any secret is revealed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Commitment(pub [u8; 32]);

impl Secret {
    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<Secret> {
        from_hex(text).map(Secret)
    }

    /// The seat's commitment to this secret: SHA-256 of a label, the seat
    /// and the secret (the seat in it: a seat cannot pass off another
    /// seat's commitment as its own).
    pub fn commit(&self, seat: Seat) -> Commitment {
        let mut h = Sha256::new();
        h.update(b"tablee/commit/1").update(&[seat as u8]).update(&self.0);
        Commitment(h.finish())
    }
}

impl Commitment {
    pub fn hex(&self) -> String {
        hex(&self.0)
    }

    pub fn from_hex(text: &str) -> Option<Commitment> {
        from_hex(text).map(Commitment)
    }

    /// Whether `secret` is the one this seat committed to.
    pub fn opens(&self, seat: Seat, secret: &Secret) -> bool {
        secret.commit(seat) == *self
    }
}

/// The deal's seed: SHA-256 of a label, the number of seats and every
/// seat's secret in seat order, its first 8 bytes as a number. (The
/// engine's seeds keep 35 bits of it: docs/friends.md says what that does
/// not promise.)
pub fn deal_seed(secrets: &[Secret]) -> Seed {
    let mut h = Sha256::new();
    h.update(b"tablee/deal/1").update(&[secrets.len() as u8]);
    for s in secrets {
        h.update(&s.0);
    }
    let digest = h.finish();
    let mut first = [0u8; 8];
    first.copy_from_slice(&digest[..8]);
    Seed::from_number(u64::from_be_bytes(first))
}

/// Why a commitment or a reveal is refused by the one collecting them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FairError {
    /// This seat has committed already (a commitment never changes).
    CommittedAlready,
    /// A reveal before every seat's commitment was collected and sent.
    TooEarly,
    /// This seat has revealed already.
    RevealedAlready,
    /// The secret is not the one the seat committed to.
    DoesNotOpen,
}

/// The host's collection of commitments, then secrets, seat by seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommitReveal {
    commitments: Vec<Option<Commitment>>,
    secrets: Vec<Option<Secret>>,
}

impl CommitReveal {
    pub fn new(seats: usize) -> CommitReveal {
        CommitReveal { commitments: vec![None; seats], secrets: vec![None; seats] }
    }

    /// A seat whose secret this side holds (the host's, a bot's): its
    /// commitment and its secret at once.
    pub fn own(&mut self, seat: Seat, secret: Secret) {
        self.commitments[seat] = Some(secret.commit(seat));
        self.secrets[seat] = Some(secret);
    }

    pub fn commit(&mut self, seat: Seat, commitment: Commitment) -> Result<(), FairError> {
        match self.commitments[seat] {
            Some(_) => Err(FairError::CommittedAlready),
            None => {
                self.commitments[seat] = Some(commitment);
                Ok(())
            }
        }
    }

    /// Every commitment, once every seat has one.
    pub fn commitments(&self) -> Option<Vec<Commitment>> {
        self.commitments.iter().copied().collect()
    }

    pub fn commitment(&self, seat: Seat) -> Option<Commitment> {
        self.commitments[seat]
    }

    pub fn has_secret(&self, seat: Seat) -> bool {
        self.secrets[seat].is_some()
    }

    pub fn reveal(&mut self, seat: Seat, secret: Secret) -> Result<(), FairError> {
        if self.commitments().is_none() {
            return Err(FairError::TooEarly);
        }
        if self.secrets[seat].is_some() {
            return Err(FairError::RevealedAlready);
        }
        match self.commitments[seat] {
            Some(c) if c.opens(seat, &secret) => {
                self.secrets[seat] = Some(secret);
                Ok(())
            }
            _ => Err(FairError::DoesNotOpen),
        }
    }

    /// Every secret, once every seat's is in.
    pub fn secrets(&self) -> Option<Vec<Secret>> {
        self.secrets.iter().copied().collect()
    }

    /// The deal's seed, once every secret is in.
    pub fn seed(&self) -> Option<Seed> {
        self.secrets().map(|s| deal_seed(&s))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secret(n: u8) -> Secret {
        Secret([n; SECRET_BYTES])
    }

    #[test]
    fn a_commitment_opens_with_its_secret_and_seat_only() {
        let c = secret(1).commit(2);
        assert!(c.opens(2, &secret(1)));
        assert!(!c.opens(2, &secret(3)));
        assert!(!c.opens(1, &secret(1)), "another seat cannot claim it");
        assert_eq!(Commitment::from_hex(&c.hex()), Some(c));
        assert_eq!(Secret::from_hex(&secret(9).hex()), Some(secret(9)));
    }

    #[test]
    fn the_seed_depends_on_every_secret_and_their_order() {
        let base = deal_seed(&[secret(1), secret(2), secret(3)]);
        assert_eq!(base, deal_seed(&[secret(1), secret(2), secret(3)]));
        assert_ne!(base, deal_seed(&[secret(1), secret(2), secret(4)]));
        assert_ne!(base, deal_seed(&[secret(2), secret(1), secret(3)]));
        assert_ne!(base, deal_seed(&[secret(1), secret(2)]));
        // Pinned: a seed is for ever (a friend's older page checks a newer host's deal).
        assert_eq!(base.number(), 18_555_109_551);
    }

    #[test]
    fn reveals_wait_for_every_commitment_and_must_open_it() {
        let mut round = CommitReveal::new(3);
        round.own(0, secret(10));
        round.commit(1, secret(11).commit(1)).unwrap();
        assert_eq!(round.commit(1, secret(12).commit(1)), Err(FairError::CommittedAlready));
        assert_eq!(round.reveal(1, secret(11)), Err(FairError::TooEarly));
        round.commit(2, secret(12).commit(2)).unwrap();
        assert!(round.commitments().is_some());
        assert_eq!(round.reveal(2, secret(13)), Err(FairError::DoesNotOpen));
        round.reveal(1, secret(11)).unwrap();
        assert_eq!(round.reveal(1, secret(11)), Err(FairError::RevealedAlready));
        assert_eq!(round.seed(), None);
        round.reveal(2, secret(12)).unwrap();
        assert_eq!(round.seed(), Some(deal_seed(&[secret(10), secret(11), secret(12)])));
    }
}
