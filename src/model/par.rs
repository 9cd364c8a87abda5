//! Par: what the `expert` bot would have scored in a person's seat on the same
//! deal, the other seats played by the same bots with the same decision seeds.
//! It is computed one decision at a time so the page can run it in the
//! background between frames.

use tablee_bots::Level;
use tablee_engine::Seat;

use super::config::{SeatKind, TableConfig};
use super::session::Session;

pub struct ParRun {
    seat: Seat,
    session: Session,
}

impl ParRun {
    /// Par for `seat` of this table: only when it is the one person at the
    /// table (the other seats must be bots for the replay to mean anything).
    pub fn new(config: &TableConfig, seat: Seat) -> Option<ParRun> {
        if config.humans() != vec![seat] {
            return None;
        }
        let mut par = config.clone();
        par.seats[seat] = SeatKind::Bot(Level::Expert);
        Some(ParRun { seat, session: Session::new(par).ok()? })
    }

    /// Plays one decision; returns the par once the game is over.
    pub fn step(&mut self) -> Option<i32> {
        if !self.session.is_over() && self.session.bot_step().is_none() {
            // Every seat is a bot: this cannot happen, but never loop forever.
            return Some(self.score());
        }
        self.session.is_over().then(|| self.score())
    }

    /// Runs to the end.
    #[cfg(test)]
    pub fn finish(&mut self) -> i32 {
        loop {
            if let Some(par) = self.step() {
                return par;
            }
        }
    }

    fn score(&self) -> i32 {
        self.session.state().outcome().map_or(0, |o| o.scores[self.seat])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::Seed;

    #[test]
    fn par_is_deterministic_and_only_for_one_person() {
        let config = TableConfig::new(Seed::from_number(77), 3);
        let a = ParRun::new(&config, 0).unwrap().finish();
        let b = ParRun::new(&config, 0).unwrap().finish();
        assert_eq!(a, b);
        assert!(ParRun::new(&config, 1).is_none());
        let mut two = config.clone();
        two.seats[1] = SeatKind::Human;
        assert!(ParRun::new(&two, 0).is_none());
    }
}
