//! A match: several games with running totals (KB-20).

use super::state::{KbState, SetupError};
use super::view::Options;
use crate::game::Seat;
use crate::seed::Seed;

/// One finished game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRecord {
    pub mice: Vec<i32>,
    pub winners: Vec<Seat>,
}

/// Several games of one table, each dealt from the match seed and its number,
/// with mice totalled across games (KB-20). The match winner has the highest
/// total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    pub players: usize,
    pub options: Options,
    pub seed: Seed,
    pub games_planned: usize,
    pub records: Vec<GameRecord>,
}

impl Match {
    pub fn new(players: usize, options: Options, seed: Seed, games_planned: usize) -> Match {
        Match { players, options, seed, games_planned: games_planned.max(1), records: Vec::new() }
    }

    /// The seed of game `index` (0-based): the first game uses the match seed
    /// itself, so a one-game match is exactly the seed's deal.
    pub fn game_seed(&self, index: usize) -> Seed {
        if index == 0 {
            self.seed
        } else {
            Seed::from_number(self.seed.stream(&format!("match-game-{index}")))
        }
    }

    /// Deals the next game, or `None` when every planned game is recorded.
    pub fn next_game(&self) -> Option<Result<KbState, SetupError>> {
        (!self.is_over())
            .then(|| KbState::new_game(self.players, self.options, self.game_seed(self.records.len())))
    }

    /// Records a finished game. A game that is not over is refused.
    pub fn record(&mut self, game: &KbState) -> Result<(), SetupError> {
        let outcome = game
            .outcome()
            .ok_or_else(|| SetupError("only a finished game can be recorded in a match".into()))?;
        if game.players() != self.players || self.is_over() {
            return Err(SetupError("this game does not belong to this match".into()));
        }
        self.records.push(GameRecord { mice: outcome.scores, winners: outcome.winners });
        Ok(())
    }

    pub fn is_over(&self) -> bool {
        self.records.len() >= self.games_planned
    }

    /// Running totals of mice per seat.
    pub fn totals(&self) -> Vec<i32> {
        let mut totals = vec![0; self.players];
        for record in &self.records {
            for (t, m) in totals.iter_mut().zip(&record.mice) {
                *t += m;
            }
        }
        totals
    }

    /// The seats with the highest total (shared when tied).
    pub fn leaders(&self) -> Vec<Seat> {
        let totals = self.totals();
        let best = totals.iter().copied().max().unwrap_or(0);
        (0..self.players).filter(|&s| totals[s] == best).collect()
    }
}
