//! Judging a position's candidates (every game's miner): which are the
//! answers, and whether they are clearly best.

use tablee_bots::Level;

use crate::estimate::Estimate;
use crate::format::Unit;

/// At most this many answers together.
const MAX_ANSWERS: usize = 3;

/// The levels `found_by` names, weakest first.
pub const FINDERS: [Level; 4] = [Level::Easy, Level::Normal, Level::Hard, Level::Expert];
/// What the analysis concluded, in one unit.
#[derive(Clone, Debug)]
pub struct Verdict {
    pub unit: Unit,
    /// Candidates by mean, best first.
    pub order: Vec<usize>,
    pub estimates: Vec<Estimate>,
    pub answers: Vec<usize>,
    /// The best candidate that is not an answer.
    pub next: usize,
}

/// Whether a move whose paired difference from the best is `behind` (the
/// best's value minus the move's, world by world) is tied with it: under
/// the unit's tie ([`Unit::tie`]) and not distinguishable from zero. The analysis makes
/// such a move an answer, and a puzzle's player is judged by the same rule.
pub fn tied(behind: Estimate, unit: Unit) -> bool {
    behind.mean < unit.tie() && behind.low() <= 0.0
}

/// Judges per-world values: the best and the candidates tied with it are
/// the answers; each must beat the best of the rest by `margin` with a
/// paired difference above zero, and (if `strict`) with 95% intervals apart.
pub fn judge(values: &[Vec<f64>], unit: Unit, margin: f64, strict: bool) -> Option<Verdict> {
    let estimates: Vec<Estimate> = values.iter().map(|v| Estimate::of(v)).collect();
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| estimates[b].mean.total_cmp(&estimates[a].mean).then(a.cmp(&b)));
    let best = *order.first()?;
    let mut answers = vec![best];
    for &c in &order[1..] {
        let d = Estimate::paired(&values[best], &values[c]);
        if answers.len() < MAX_ANSWERS && tied(d, unit) {
            answers.push(c);
        } else {
            break;
        }
    }
    let next = *order.get(answers.len())?;
    let clear = answers.iter().all(|&a| {
        let d = Estimate::paired(&values[a], &values[next]);
        d.mean >= margin && d.low() > 0.0 && (!strict || estimates[a].low() > estimates[next].high())
    });
    clear.then_some(Verdict { unit, order, estimates, answers, next })
}

/// A move the stored analysis did not compare, analysed afterwards by the
/// same analysis (its worlds, seeds and rollouts: `mine::evaluate`,
/// `jachete::evaluate`) beside the best move the puzzle knows, and how
/// the two compare on the same worlds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Comparison {
    /// The best known move's value, and the move's, in the puzzle's unit.
    pub best: Estimate,
    pub played: Estimate,
    /// The move's value minus the best's, world by world (common random
    /// numbers: much tighter than the two intervals).
    pub gap: Estimate,
}

/// The outcome of a move against the best known, in words the page turns
/// into a sentence.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Clearly better than the best move the analysis had found.
    Better,
    /// As good: tied with it as the analysis ties its answers ([`tied`]).
    AsGood,
    /// Worse: it would not have been an answer.
    Worse,
}

impl Comparison {
    /// `values[0]` the best known move's per-world values, `values[1]` the
    /// move's (the same worlds); `None` without both, or without worlds.
    pub fn of(values: &[Vec<f64>]) -> Option<Comparison> {
        let [best, played] = values else { return None };
        if best.is_empty() || best.len() != played.len() {
            return None;
        }
        Some(Comparison { best: Estimate::of(best), played: Estimate::of(played), gap: Estimate::paired(played, best) })
    }

    /// Where the move stands: the rule that makes a compared move an
    /// answer ([`tied`]) makes this one as good.
    pub fn standing(&self, unit: Unit) -> Standing {
        let behind = Estimate { mean: -self.gap.mean, ci: self.gap.ci };
        if self.gap.low() > 0.0 {
            Standing::Better
        } else if self.gap.mean >= 0.0 || tied(behind, unit) {
            Standing::AsGood
        } else {
            Standing::Worse
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Points left in the round (J'achète's unit), tied within 2.
    const POINTS: Unit = Unit::new("points", 2.0);

    /// Catches a judge that counts a play tied with the best as worse, or
    /// one clearly behind it as as good.
    #[test]
    fn a_play_is_as_good_when_the_analysis_would_tie_it_with_the_best() {
        let best: Vec<f64> = (0..400).map(|w| -20.0 - f64::from(w % 7)).collect();
        let shift = |d: f64| best.iter().enumerate().map(|(w, v)| v + d + if w % 2 == 0 { 0.5 } else { -0.5 }).collect::<Vec<_>>();
        let standing = |played: Vec<f64>| Comparison::of(&[best.clone(), played]).unwrap().standing(POINTS);
        assert_eq!(standing(best.clone()), Standing::AsGood, "the same play");
        // One point behind on every world: clearly behind, so not an answer
        // (the analysis would not have tied it with the best either).
        assert_eq!(standing(shift(-1.0)), Standing::Worse, "one point behind, always");
        assert_eq!(standing(shift(-3.0)), Standing::Worse, "three points behind");
        assert_eq!(standing(shift(3.0)), Standing::Better);
        // A gap lost in the noise: not separable from zero, so tied.
        let noisy: Vec<f64> = best.iter().enumerate().map(|(w, v)| v - 1.9 + if w % 2 == 0 { 30.0 } else { -30.0 }).collect();
        assert_eq!(standing(noisy), Standing::AsGood);
        assert_eq!(Comparison::of(&[best.clone()]), None);
        assert_eq!(Comparison::of(&[Vec::new(), Vec::new()]), None);
    }
}
