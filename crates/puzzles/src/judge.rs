//! Judging a position's candidates (every game's miner): which are the
//! answers, and whether they are clearly best.

use tablee_bots::Level;

use crate::analysis::Estimate;
use crate::format::Unit;

/// Candidates within this of the best, and not separable from it, are answers too.
const MICE_TIE: f64 = 0.15;
const WIN_TIE: f64 = 1.5;
/// J'achète's (points left in the round): candidates within this of the
/// best, and not separable from it, are answers too.
pub const POINTS_TIE: f64 = 2.0;

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

/// Judges per-world values: the best and the candidates tied with it are
/// the answers; each must beat the best of the rest by `margin` with a
/// paired difference above zero, and (if `strict`) with 95% intervals apart.
pub fn judge(values: &[Vec<f64>], unit: Unit, margin: f64, strict: bool) -> Option<Verdict> {
    let tie = match unit {
        Unit::Mice => MICE_TIE,
        Unit::WinChance => WIN_TIE,
        Unit::Points => POINTS_TIE,
    };
    let estimates: Vec<Estimate> = values.iter().map(|v| Estimate::of(v)).collect();
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| estimates[b].mean.total_cmp(&estimates[a].mean).then(a.cmp(&b)));
    let best = *order.first()?;
    let mut answers = vec![best];
    for &c in &order[1..] {
        let d = Estimate::paired(&values[best], &values[c]);
        if answers.len() < MAX_ANSWERS && d.mean < tie && d.low() <= 0.0 {
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
