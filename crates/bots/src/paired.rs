//! The search of the shipped `hard` and `expert` levels, for every game
//! ([`SearchGame`]): determinized Monte Carlo with paired rollouts.

use tablee_engine::rng::Rng;

use crate::search::{Choice, SearchGame};

/// Every candidate's reward on every sampled world: `rewards[w][i]` is
/// candidate `i` played out on world `w`, all candidates of a world with the
/// same rollout randomness.
pub struct Paired<A> {
    pub candidates: Vec<A>,
    pub rewards: Vec<Vec<f64>>,
}

/// Determinized Monte Carlo with paired rollouts: every root action is tried
/// on the same sampled worlds, with the same rollout randomness, so the
/// comparison between actions is not drowned by the luck of the deal
/// (common random numbers). `samples` worlds cost `samples × actions`
/// rollouts. Against opponents the rollout policy models well, this
/// improves on that policy (one step of policy iteration).
pub fn paired_rollouts<G: SearchGame>(
    view: &G::View,
    samples: u32,
    rollout_depth: u32,
    width: usize,
    rng: &mut Rng,
) -> Paired<G::Action> {
    let candidates = None;
    paired_rollouts_with(view, samples, rollout_depth, width, candidates, rng, G::rollout_action, G::rewards)
}

/// [`paired_rollouts`] with the rollouts played by `policy` and scored by
/// `reward` instead of the game's own [`SearchGame::rollout_action`] and
/// [`SearchGame::rewards`] (for a policy that models each opponent from the
/// searching seat's view, or a reward that prices more than the game's end),
/// and the root's `candidates` given (`None`: the first world's
/// [`SearchGame::search_actions`], `width` of them).
#[allow(clippy::too_many_arguments)]
pub fn paired_rollouts_with<G: SearchGame>(
    view: &G::View,
    samples: u32,
    rollout_depth: u32,
    width: usize,
    candidates: Option<Vec<G::Action>>,
    rng: &mut Rng,
    policy: impl Fn(&G, &mut Rng, &mut Vec<G::Action>) -> G::Action,
    reward: impl Fn(&G, &mut Vec<f64>),
) -> Paired<G::Action> {
    paired_rollouts_cut(view, samples, rollout_depth, width, candidates, rng, policy, |_, _| false, reward)
}

/// [`paired_rollouts_with`], a rollout also ending where `stop(state,
/// memory)` says so (then `reward` scores the state as it stands, for
/// instance by a learned evaluation): `memory` starts at 0 in every
/// rollout, for the rule to count what it needs (say, the searching seat's
/// turns).
#[allow(clippy::too_many_arguments)]
pub fn paired_rollouts_cut<G: SearchGame>(
    view: &G::View,
    samples: u32,
    rollout_depth: u32,
    width: usize,
    candidates: Option<Vec<G::Action>>,
    rng: &mut Rng,
    policy: impl Fn(&G, &mut Rng, &mut Vec<G::Action>) -> G::Action,
    stop: impl Fn(&G, &mut u32) -> bool,
    reward: impl Fn(&G, &mut Vec<f64>),
) -> Paired<G::Action> {
    let mut candidates: Vec<G::Action> = candidates.unwrap_or_default();
    let mut all = Vec::new();
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    let mut rewards = Vec::new();
    for _ in 0..samples {
        let Some(world) = G::determinize(view, rng) else { continue };
        let Some(me) = world.to_act() else { break };
        if candidates.is_empty() {
            // The root's actions depend only on the seat's own view.
            world.search_actions(width, &mut legal);
            candidates = legal.clone();
        }
        let rollout_seed = rng.next_u64();
        let mut row = vec![0.0; candidates.len()];
        for (i, action) in candidates.iter().enumerate() {
            let mut state = world.clone();
            if state.apply(action).is_err() {
                continue;
            }
            let mut rollout_rng = Rng::new(rollout_seed);
            let mut depth = 0;
            let mut memory = 0;
            while state.to_act().is_some() && depth < rollout_depth && !stop(&state, &mut memory) {
                let next = policy(&state, &mut rollout_rng, &mut scratch);
                if state.apply(&next).is_err() {
                    break;
                }
                depth += 1;
            }
            reward(&state, &mut rewards);
            row[i] = rewards.get(me).copied().unwrap_or(0.0);
        }
        all.push(row);
    }
    Paired { candidates, rewards: all }
}

/// [`paired_rollouts`], the candidates ranked by their mean reward.
pub fn paired_search<G: SearchGame>(
    view: &G::View,
    samples: u32,
    rollout_depth: u32,
    width: usize,
    rng: &mut Rng,
) -> Vec<Choice<G::Action>> {
    paired_rollouts::<G>(view, samples, rollout_depth, width, rng).ranked()
}

impl<A> Paired<A> {
    /// Candidate `i`'s mean reward.
    pub fn mean(&self, i: usize) -> f64 {
        self.rewards.iter().map(|r| r[i]).sum::<f64>() / self.rewards.len().max(1) as f64
    }

    /// The lower end of the paired confidence interval of candidate `i`'s
    /// mean reward minus candidate `j`'s (`z` standard errors below the mean
    /// difference, over the worlds).
    pub fn lower_bound(&self, i: usize, j: usize, z: f64) -> f64 {
        let n = self.rewards.len() as f64;
        if n < 2.0 {
            return f64::NEG_INFINITY;
        }
        let diffs = self.rewards.iter().map(|r| r[i] - r[j]);
        let mean = diffs.clone().sum::<f64>() / n;
        let var = diffs.map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0);
        mean - z * (var / n).sqrt()
    }

    /// Best mean first.
    pub fn ranked(self) -> Vec<Choice<A>> {
        self.ranked_after(None)
    }

    /// The candidates best mean first, except that candidate `incumbent`
    /// (the policy's own move) comes first unless another one beats it
    /// significantly: the lower bound of their paired difference
    /// ([`Paired::lower_bound`], `z`) is above 0. Then the best of those
    /// that do comes first. Differences within the noise of the rollouts
    /// never override the policy the search improves on.
    pub fn guarded(self, incumbent: usize, z: f64) -> Vec<Choice<A>> {
        let challenger = (0..self.candidates.len())
            .filter(|&i| i != incumbent && self.lower_bound(i, incumbent, z) > 0.0)
            .max_by(|&a, &b| self.mean(a).total_cmp(&self.mean(b)));
        self.ranked_after(Some(challenger.unwrap_or(incumbent)))
    }

    fn ranked_after(self, first: Option<usize>) -> Vec<Choice<A>> {
        let visits = self.rewards.len() as u32;
        let means: Vec<f64> = (0..self.candidates.len()).map(|i| self.mean(i)).collect();
        let mut choices: Vec<(bool, Choice<A>)> = self
            .candidates
            .into_iter()
            .zip(means)
            .enumerate()
            .map(|(i, (action, value))| (first == Some(i), Choice { action, visits, value }))
            .collect();
        choices.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.value.total_cmp(&a.1.value)));
        choices.into_iter().map(|(_, c)| c).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::Paired;

    fn paired(rewards: Vec<Vec<f64>>) -> Paired<char> {
        Paired { candidates: vec!['a', 'b', 'c'], rewards }
    }

    #[test]
    fn guarded_keeps_the_incumbent_when_a_better_mean_is_within_the_noise() {
        // 'b' has the best mean, but its difference from 'a' swings both ways.
        let worlds = (0..40).map(|w| vec![0.5, if w % 2 == 0 { 0.9 } else { 0.2 }, 0.4]).collect();
        let choices = paired(worlds).guarded(0, 1.96);
        assert_eq!(choices.iter().map(|c| c.action).collect::<String>(), "abc");
        // Without the guard the best mean wins.
        let worlds = (0..40).map(|w| vec![0.5, if w % 2 == 0 { 0.9 } else { 0.2 }, 0.4]).collect();
        assert_eq!(paired(worlds).ranked()[0].action, 'b');
    }

    #[test]
    fn guarded_lets_a_consistently_better_candidate_win() {
        // 'c' beats 'a' on every world by a little; 'b' is better on average still, but noisy.
        let worlds = (0..40).map(|w| vec![0.5, if w % 2 == 0 { 1.0 } else { 0.05 }, 0.52 + f64::from(w % 3) * 0.001]).collect();
        let choices = paired(worlds).guarded(0, 1.96);
        assert_eq!(choices[0].action, 'c');
        assert_eq!(choices.len(), 3);
    }
}
