//! The search of the shipped `hard` and `expert` levels, for every game
//! ([`SearchGame`]): determinized Monte Carlo with paired rollouts.

use tablee_engine::rng::Rng;

use crate::search::{Choice, SearchGame};

/// Determinized Monte Carlo with paired rollouts: every root action is tried
/// on the same sampled worlds, with the same rollout randomness, so the
/// comparison between actions is not drowned by the luck of the deal
/// (common random numbers). `samples` worlds cost `samples × actions`
/// rollouts. Against opponents the rollout policy models well, this
/// improves on that policy (one step of policy iteration).
pub fn paired_search<G: SearchGame>(
    view: &G::View,
    samples: u32,
    rollout_depth: u32,
    width: usize,
    rng: &mut Rng,
) -> Vec<Choice<G::Action>> {
    let mut candidates: Vec<G::Action> = Vec::new();
    let mut totals: Vec<f64> = Vec::new();
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    let mut rewards = Vec::new();
    let mut done = 0u32;
    for _ in 0..samples {
        let Some(world) = G::determinize(view, rng) else { continue };
        let Some(me) = world.to_act() else { break };
        if candidates.is_empty() {
            // The root's actions depend only on the seat's own view.
            world.search_actions(width, &mut legal);
            candidates = legal.clone();
            totals = vec![0.0; candidates.len()];
        }
        let rollout_seed = rng.next_u64();
        for (i, action) in candidates.iter().enumerate() {
            let mut state = world.clone();
            if state.apply(action).is_err() {
                continue;
            }
            let mut rollout_rng = Rng::new(rollout_seed);
            let mut depth = 0;
            while state.to_act().is_some() && depth < rollout_depth {
                let next = state.rollout_action(&mut rollout_rng, &mut scratch);
                if state.apply(&next).is_err() {
                    break;
                }
                depth += 1;
            }
            state.rewards(&mut rewards);
            totals[i] += rewards.get(me).copied().unwrap_or(0.0);
        }
        done += 1;
    }
    let mut choices: Vec<Choice<G::Action>> = candidates
        .into_iter()
        .zip(totals)
        .map(|(action, total)| Choice { action, visits: done, value: if done > 0 { total / f64::from(done) } else { 0.0 } })
        .collect();
    choices.sort_by(|a, b| b.value.total_cmp(&a.value));
    choices
}
