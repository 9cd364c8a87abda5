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

    /// The par game so far (tests compare its moves with the person's).
    #[cfg(test)]
    pub fn session(&self) -> &Session<G> {
        &self.session
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use crate::app::marks;
    use super::*;
    use crate::games::test_game::TestGame;
    use crate::games::Registered;
    use tablee_engine::Seed;

    #[test]
    fn par_is_deterministic_and_only_for_one_person() {
        let config = TableConfig::<TestGame>::new(Seed::from_number(77), 3);
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
        let config = TableConfig::<TestGame>::new(Seed::from_number(3), 4);
        let par = ParRun::new(&config, 0).unwrap().finish();
        let mut expert = config.clone();
        expert.seats[0] = SeatKind::Bot(Level::Expert);
        let mut session = Session::new(expert).unwrap();
        while session.bot_step().is_some() {}
        assert_eq!(par, session.outcome().unwrap().scores[0]);
    }

    /// Plays a game with `seat` the one person, who plays as the `normal`
    /// bot would (so that they part ways with the expert somewhere).
    fn played<G: GameDef>(config: &TableConfig<G>, seat: Seat) -> Session<G> {
        let mut s = Session::new(config.clone()).unwrap();
        while !s.is_over() {
            if s.bot_step().is_none() {
                let mine = s.decision(seat, Level::Normal).decide();
                s.apply_human(mine).unwrap();
            }
        }
        s
    }

    /// Issue 13: the first replay mark (the first of the person's moves the
    /// expert, asked through the worker's job, would have played otherwise)
    /// is exactly the first move where the par game's actions differ from
    /// the person's game's. Red if the marks' job used another seed or
    /// another view than par's, or marked the wrong move.
    pub(crate) fn first_mark_is_where_par_parted<G: Registered>(config: TableConfig<G>, seat: Seat) {
        let game = played(&config, seat);
        let any = game.clone().into_any();
        let mine = marks::person_moves(&any);
        assert!(!mine.is_empty());
        let mut first_mark = None;
        for &at in &mine {
            let job = marks::job(&any, at).unwrap();
            let crate::app::worker::Reply::Action { action } = crate::app::worker::run(&job) else { panic!("no move at {at}") };
            if marks::differs(&any, at, &action).unwrap() {
                first_mark = Some(at);
                break;
            }
        }
        let mut par = ParRun::new(&config, seat).unwrap();
        par.finish();
        let parted = par.session().actions().iter().zip(game.actions()).position(|(a, b)| a != b);
        assert!(parted.is_some(), "the normal bot played as the expert all game: pick another deal");
        assert_eq!(first_mark, parted);
        assert_eq!(par.session().moves().nth(parted.unwrap()).map(|(s, _)| s), Some(seat), "they part on the person's move");
    }

    /// No marks when several people (or nobody) played: no par to compare.
    #[test]
    fn no_marks_without_one_person() {
        let mut config = TableConfig::<TestGame>::new(Seed::from_number(77), 3);
        config.seats[1] = SeatKind::Human;
        let s = Session::new(config).unwrap().into_any();
        assert!(marks::person_moves(&s).is_empty());
    }
}
