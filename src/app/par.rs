//! Par: what the `expert` bot would have scored in a person's seat on the same
//! deal, the other seats played by the same bots with the same decision seeds
//! (any game: mice in Katzenjammer, points in J'achète). It is computed one
//! decision at a time, in the bots' worker.

use tablee_bots::Level;
use tablee_engine::Seat;

use super::config::{SeatKind, TableConfig};
use super::game::GameDef;
use super::session::Session;

pub struct ParRun<G: GameDef> {
    seat: Seat,
    session: Session<G>,
}

impl<G: GameDef> ParRun<G> {
    /// Par for `seat` of this table: only when it is the one person at the
    /// table (the other seats must be bots for the replay to mean anything).
    pub fn new(config: &TableConfig<G>, seat: Seat) -> Option<ParRun<G>> {
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
    pub fn finish(&mut self) -> i32 {
        loop {
            if let Some(par) = self.step() {
                return par;
            }
        }
    }

    fn score(&self) -> i32 {
        self.session.outcome().map_or(0, |o| o.scores[self.seat])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::jachete::Jachete;
    use crate::games::katzenjammer::Katzenjammer;
    use tablee_engine::Seed;

    #[test]
    fn par_is_deterministic_and_only_for_one_person() {
        let config = TableConfig::<Katzenjammer>::new(Seed::from_number(77), 3);
        let a = ParRun::new(&config, 0).unwrap().finish();
        let b = ParRun::new(&config, 0).unwrap().finish();
        assert_eq!(a, b);
        assert!(ParRun::new(&config, 1).is_none());
        let mut two = config.clone();
        two.seats[1] = SeatKind::Human;
        assert!(ParRun::new(&two, 0).is_none());
    }

    /// Par is the expert's own game in the person's seat: its score is what
    /// the same table scores with that seat played by `expert`.
    #[test]
    fn par_is_the_experts_score_in_that_seat() {
        let config = TableConfig::<Jachete>::new(Seed::from_number(3), 4);
        let par = ParRun::new(&config, 0).unwrap().finish();
        let mut expert = config.clone();
        expert.seats[0] = SeatKind::Bot(Level::Expert);
        let mut session = Session::new(expert).unwrap();
        while session.bot_step().is_some() {}
        assert_eq!(par, session.outcome().unwrap().scores[0]);
    }
}
