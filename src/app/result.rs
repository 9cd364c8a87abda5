//! What every game's end has in common: places from the scores, in the
//! game's own order (the most mice, or the fewest points).

/// Which end of the scores wins: Katzenjammer's mice count up, J'achète's
/// points count against (JA-18: the lowest total wins).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScoreOrder {
    HighestWins,
    LowestWins,
}

impl ScoreOrder {
    /// How much better `mine` is than `other` (positive: better).
    pub fn better_by(self, mine: i32, other: i32) -> i32 {
        match self {
            ScoreOrder::HighestWins => mine - other,
            ScoreOrder::LowestWins => other - mine,
        }
    }
}

/// Each seat's place: 1 + the number of seats strictly better; equal scores
/// share a place.
pub fn places(scores: &[i32], order: ScoreOrder) -> Vec<usize> {
    scores.iter().map(|&mine| 1 + scores.iter().filter(|&&other| order.better_by(other, mine) > 0).count()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn places_follow_the_games_order() {
        assert_eq!(places(&[5, 9, 5, 1], ScoreOrder::HighestWins), vec![2, 1, 2, 4]);
        assert_eq!(places(&[5, 9, 5, 1], ScoreOrder::LowestWins), vec![2, 4, 2, 1]);
        assert_eq!(ScoreOrder::HighestWins.better_by(7, 4), 3);
        assert_eq!(ScoreOrder::LowestWins.better_by(7, 4), -3);
    }
}
