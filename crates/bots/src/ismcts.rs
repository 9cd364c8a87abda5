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
use tablee_engine::Seat;

use crate::search::{Choice, SearchGame};

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
