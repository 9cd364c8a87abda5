//! The end of a game explained: mice, the joker penalty (KB-18), the winners
//! and how ties were broken (KB-19).

use tablee_engine::katzenjammer::{EndCause, KbState, JOKER_PENALTY};
use tablee_engine::Seat;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    pub seat: Seat,
    /// Mice before the penalty.
    pub mice_before: i32,
    /// Jokers at the end: displayed plus those left in hand (KB-18).
    pub jokers: u8,
    pub penalised: bool,
    /// Final mice.
    pub mice: i32,
    /// 1 for the winners; players equal in mice and jokers share a place.
    pub place: usize,
    pub winner: bool,
}

/// How the winners were decided (KB-19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TieBreak {
    /// One player has the most mice.
    None,
    /// These players tied on mice; fewer jokers decided.
    Jokers { tied: Vec<Seat> },
    /// These players tied on mice and jokers: a shared victory.
    Shared { tied: Vec<Seat> },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub cause: EndCause,
    /// In seat order.
    pub players: Vec<PlayerResult>,
    /// The most jokers anyone had; 0 means no penalty.
    pub most_jokers: u8,
    pub penalty: i32,
    pub winners: Vec<Seat>,
    pub tie_break: TieBreak,
}

impl Summary {
    /// The summary of a finished game (`None` while it runs).
    pub fn of(state: &KbState) -> Option<Summary> {
        let outcome = state.outcome()?;
        let cause = state.end_cause()?;
        let jokers = state.final_jokers();
        let most = jokers.iter().copied().max().unwrap_or(0);
        let n = outcome.scores.len();
        let mut players: Vec<PlayerResult> = (0..n)
            .map(|seat| {
                let penalised = most > 0 && jokers[seat] == most;
                let mice = outcome.scores[seat];
                PlayerResult {
                    seat,
                    mice_before: if penalised { mice + JOKER_PENALTY } else { mice },
                    jokers: jokers[seat],
                    penalised,
                    mice,
                    place: 0,
                    winner: outcome.winners.contains(&seat),
                }
            })
            .collect();
        // Place: 1 + the number of players strictly better (more mice, or as
        // many mice and fewer jokers).
        let key = |p: &PlayerResult| (std::cmp::Reverse(p.mice), p.jokers);
        let keys: Vec<_> = players.iter().map(key).collect();
        for p in &mut players {
            p.place = 1 + keys.iter().filter(|k| **k < key(p)).count();
        }
        let best = outcome.scores.iter().copied().max().unwrap_or(0);
        let tied: Vec<Seat> = (0..n).filter(|&s| outcome.scores[s] == best).collect();
        let tie_break = if tied.len() == 1 {
            TieBreak::None
        } else if outcome.winners.len() == tied.len() {
            TieBreak::Shared { tied }
        } else {
            TieBreak::Jokers { tied }
        };
        Some(Summary {
            cause,
            players,
            most_jokers: most,
            penalty: if most > 0 { JOKER_PENALTY } else { 0 },
            winners: outcome.winners,
            tie_break,
        })
    }

    pub fn player(&self, seat: Seat) -> Option<&PlayerResult> {
        self.players.get(seat)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::{SeatKind, TableConfig};
    use crate::app::session::Session;
    use crate::games::katzenjammer::Katzenjammer;
    use tablee_bots::Level;
    use tablee_engine::Seed;

    fn finished(seed: u64, players: usize) -> Session<Katzenjammer> {
        let mut config = TableConfig::<Katzenjammer>::new(Seed::from_number(seed), players);
        config.seats = vec![SeatKind::Bot(Level::Normal); players];
        let mut session = Session::new(config).unwrap();
        while session.bot_step().is_some() {}
        assert!(session.is_over());
        session
    }

    #[test]
    fn the_summary_agrees_with_the_engine() {
        for seed in 0..40 {
            let players = 2 + (seed as usize % 5);
            let session = finished(seed, players);
            let state = session.state();
            let summary = Summary::of(state).unwrap();
            let outcome = state.outcome().unwrap();
            assert_eq!(summary.winners, outcome.winners);
            for p in &summary.players {
                assert_eq!(p.mice, outcome.scores[p.seat]);
                assert_eq!(p.mice_before - p.mice, if p.penalised { 5 } else { 0 });
                assert_eq!(p.winner, p.place == 1, "seed {seed}: {summary:?}");
            }
            // Mice before the penalty add up to the mice taken from the supply.
            let taken: i32 = summary.players.iter().map(|p| p.mice_before).sum();
            assert_eq!(taken, i32::from(state.options().mice_for(players)) - i32::from(state.mice_left()));
            match &summary.tie_break {
                TieBreak::None => assert_eq!(summary.winners.len(), 1),
                TieBreak::Jokers { tied } => assert!(tied.len() > summary.winners.len()),
                TieBreak::Shared { tied } => assert_eq!(tied, &summary.winners),
            }
        }
    }

    #[test]
    fn no_summary_while_the_game_runs() {
        let session = Session::new(TableConfig::<Katzenjammer>::new(Seed::from_number(1), 4)).unwrap();
        assert_eq!(Summary::of(session.state()), None);
    }
}
