//! The end of a game of J'achète explained: each player's points round by
//! round, the totals (the lowest wins, JA-18), the purses after the pots were
//! shared, and the places.

use tablee_engine::jachete::JaGame;
use tablee_engine::{Game, Seat};

use crate::app::result::ScoreOrder;
use crate::app::result::places;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerResult {
    pub seat: Seat,
    /// Points scored in each round played, round 1 first.
    pub rounds: Vec<i32>,
    /// The total: the lower, the better.
    pub points: i32,
    /// Cents at the end, the pots shared out.
    pub purse: i32,
    /// 1 for the winners; equal totals share a place.
    pub place: usize,
    pub winner: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// In seat order.
    pub players: Vec<PlayerResult>,
    pub winners: Vec<Seat>,
}

impl Summary {
    /// The summary of a finished game (`None` while it runs).
    pub fn of(game: &JaGame) -> Option<Summary> {
        let outcome = game.outcome()?;
        let last = game.results().last()?;
        let place = places(&outcome.scores, ScoreOrder::LowestWins);
        let players = (0..outcome.scores.len())
            .map(|seat| PlayerResult {
                seat,
                rounds: game.results().iter().map(|r| r.round_points[seat]).collect(),
                points: outcome.scores[seat],
                purse: last.purses.get(seat).copied().unwrap_or(0),
                place: place[seat],
                winner: outcome.winners.contains(&seat),
            })
            .collect();
        Some(Summary { players, winners: outcome.winners })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::{SeatKind, TableConfig};
    use crate::app::session::Session;
    use crate::games::jachete::Jachete;
    use tablee_bots::Level;
    use tablee_engine::jachete::START_MONEY;
    use tablee_engine::Seed;

    #[test]
    fn ja18_the_lowest_total_wins_and_the_cents_are_all_there() {
        for seed in 0..4u64 {
            let players = 4 + seed as usize % 3;
            let mut config = TableConfig::<Jachete>::new(Seed::from_number(seed), players);
            config.seats = vec![SeatKind::Bot(Level::Normal); players];
            let mut session = Session::new(config).unwrap();
            assert_eq!(Summary::of(session.state()), None);
            while session.bot_step().is_some() {}
            let summary = Summary::of(session.state()).unwrap();
            let best = summary.players.iter().map(|p| p.points).min().unwrap();
            for p in &summary.players {
                assert_eq!(p.rounds.len(), 7, "seven rounds (JA-3)");
                assert_eq!(p.rounds.iter().sum::<i32>(), p.points);
                assert_eq!(p.winner, p.points == best, "seed {seed}: {summary:?}");
                assert_eq!(p.place == 1, p.winner);
                assert_eq!(p.place, 1 + summary.players.iter().filter(|q| q.points < p.points).count());
            }
            let purses: i32 = summary.players.iter().map(|p| p.purse).sum();
            assert_eq!(purses, START_MONEY * players as i32, "no cent lost or made (JA-2, JA-18)");
        }
    }
}
