//! Single-observer Information-Set Monte Carlo Tree Search (SO-ISMCTS;
//! Cowling, Powley & Whitehouse 2012), generic over any [`SearchGame`].
//!
//! Each iteration samples one full state consistent with the searching seat's
//! view (a determinization), walks the shared tree choosing among the actions
//! legal in that sample (UCB1 with availability counts, because the set of
//! legal actions differs between samples), adds one node, finishes the game
//! with a cheap rollout policy (or stops at a depth and evaluates), and backs
//! up each seat's reward. The budget is counted in iterations, never in time,
//! so a seed always reproduces the same decision.

use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat};

/// What a game must offer for ISMCTS on top of [`Game`].
pub trait SearchGame: Game {
    /// A full state consistent with `view`: the hidden cards guessed at random,
    /// agreeing with every public fact.
    /// `None` if no assignment fits (never for a view the engine produced).
    fn determinize(view: &Self::View, rng: &mut Rng) -> Option<Self>;
    /// The actions search considers: all legal ones, or a sensible subset of
    /// about `width` (the game's heuristic picks them).
    fn search_actions(&self, width: usize, out: &mut Vec<Self::Action>);
    /// A fast action for rollouts.
    fn rollout_action(&self, rng: &mut Rng, scratch: &mut Vec<Self::Action>) -> Self::Action;
    /// Each seat's reward in `[0, 1]` for a finished game, or an estimate for
    /// one cut off by the rollout depth.
    fn rewards(&self, out: &mut Vec<f64>);
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SearchConfig {
    pub iterations: u32,
    /// UCB exploration constant.
    pub exploration: f64,
    /// Rollout actions before the position is evaluated instead of played out.
    pub rollout_depth: u32,
    /// How many candidate actions a node considers (see [`SearchGame::search_actions`]).
    pub width: usize,
}

/// One considered action at the root, for hints and explanations.
#[derive(Clone, Debug, PartialEq)]
pub struct Choice<A> {
    pub action: A,
    pub visits: u32,
    /// Mean reward for the searching seat, in `[0, 1]`.
    pub value: f64,
}

struct Node<A> {
    action: Option<A>,
    /// The seat that chose `action`: rewards are stored from its side.
    mover: Seat,
    visits: u32,
    available: u32,
    reward: f64,
    children: Vec<usize>,
}

/// Runs the search for the seat owning `view` and returns the root's choices,
/// most visited first.
pub fn search<G: SearchGame>(view: &G::View, config: &SearchConfig, rng: &mut Rng) -> Vec<Choice<G::Action>> {
    let mut nodes: Vec<Node<G::Action>> =
        vec![Node { action: None, mover: 0, visits: 0, available: 0, reward: 0.0, children: Vec::new() }];
    let mut legal = Vec::new();
    let mut scratch = Vec::new();
    let mut rewards = Vec::new();
    let mut path = Vec::new();
    let mut compatible = Vec::new();

    for _ in 0..config.iterations {
        let Some(mut state) = G::determinize(view, rng) else { continue };
        let mut node = 0usize;
        path.clear();
        path.push(0usize);

        // Selection and expansion.
        while let Some(mover) = state.to_act() {
            state.search_actions(config.width, &mut legal);
            if legal.is_empty() {
                break;
            }
            compatible.clear();
            let mut untried = Vec::new();
            for action in &legal {
                match nodes[node].children.iter().find(|&&c| nodes[c].action.as_ref() == Some(action)) {
                    Some(&child) => compatible.push(child),
                    None => untried.push(action.clone()),
                }
            }
            if !untried.is_empty() {
                let action = untried.swap_remove(rng.index(untried.len()));
                let child = nodes.len();
                nodes.push(Node {
                    action: Some(action.clone()),
                    mover,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    children: Vec::new(),
                });
                nodes[node].children.push(child);
                for &c in &compatible {
                    nodes[c].available += 1;
                }
                if state.apply(&action).is_err() {
                    break;
                }
                path.push(child);
                break;
            }
            for &c in &compatible {
                nodes[c].available += 1;
            }
            let best = *compatible
                .iter()
                .max_by(|&&a, &&b| ucb(&nodes[a], config.exploration).total_cmp(&ucb(&nodes[b], config.exploration)))
                .expect("compatible children exist when nothing is untried");
            let action = nodes[best].action.clone().expect("children carry actions");
            if state.apply(&action).is_err() {
                break;
            }
            node = best;
            path.push(best);
        }

        // Rollout.
        let mut depth = 0;
        while state.to_act().is_some() && depth < config.rollout_depth {
            let action = state.rollout_action(rng, &mut scratch);
            if state.apply(&action).is_err() {
                break;
            }
            depth += 1;
        }
        state.rewards(&mut rewards);

        // Backpropagation.
        for &n in &path {
            let node = &mut nodes[n];
            node.visits += 1;
            if n != 0 {
                node.reward += rewards.get(node.mover).copied().unwrap_or(0.0);
            }
        }
    }

    let mut choices: Vec<Choice<G::Action>> = nodes[0]
        .children
        .iter()
        .filter_map(|&c| {
            let n = &nodes[c];
            Some(Choice {
                action: n.action.clone()?,
                visits: n.visits,
                value: if n.visits > 0 { n.reward / f64::from(n.visits) } else { 0.0 },
            })
        })
        .collect();
    choices.sort_by(|a, b| b.visits.cmp(&a.visits).then(b.value.total_cmp(&a.value)));
    choices
}

fn ucb<A>(node: &Node<A>, exploration: f64) -> f64 {
    if node.visits == 0 {
        return f64::INFINITY;
    }
    let mean = node.reward / f64::from(node.visits);
    mean + exploration * (f64::from(node.available.max(1)).ln() / f64::from(node.visits)).sqrt()
}

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
    let mut seat = None;
    let mut done = 0u32;
    for _ in 0..samples {
        let Some(world) = G::determinize(view, rng) else { continue };
        let Some(me) = world.to_act() else { break };
        seat = Some(me);
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
    let _ = seat;
    let mut choices: Vec<Choice<G::Action>> = candidates
        .into_iter()
        .zip(totals)
        .map(|(action, total)| Choice { action, visits: done, value: if done > 0 { total / f64::from(done) } else { 0.0 } })
        .collect();
    choices.sort_by(|a, b| b.value.total_cmp(&a.value));
    choices
}
