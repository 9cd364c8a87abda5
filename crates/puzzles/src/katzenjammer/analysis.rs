//! The deep paired analysis of one decision, from the deciding seat's view
//! only: worlds sampled consistently with that view (the bots' sampler), and
//! on each world every candidate played out to the end of the game by the
//! tuned heuristic for everyone (`expert`'s rollout policy), with the same
//! world for every candidate (common random numbers). Each world gives each
//! candidate the seat's final mice (after the joker penalty) and its share
//! of the victory, so every candidate gets a mean and a 95% interval, and two
//! candidates a paired difference.
//!
//! World `w` is drawn from its own seed (`analysis seed`, `w`), so the result
//! does not depend on how many threads share the worlds, and a longer
//! analysis extends a shorter one.

use tablee_bots::katzenjammer::TunedKb;
use tablee_bots::SearchGame;
use tablee_engine::katzenjammer::{Action, KbView};
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::Game;

use crate::estimate::on_threads;

/// A rollout longer than this is abandoned (never seen: a game ends by its stock).
const MAX_ROLLOUT: usize = 2_000;

/// Per-world results of the candidates: `mice[c][w]`, `win[c][w]` (percent).
#[derive(Clone, Debug, Default)]
pub struct Samples {
    pub mice: Vec<Vec<f64>>,
    pub win: Vec<Vec<f64>>,
}

impl Samples {
    pub fn new(candidates: usize) -> Samples {
        Samples { mice: vec![Vec::new(); candidates], win: vec![Vec::new(); candidates] }
    }

    pub fn worlds(&self) -> usize {
        self.mice.first().map_or(0, Vec::len)
    }

    /// Analyses worlds `from..to` more (on `jobs` threads) and appends them.
    /// On one job the worlds are played on this thread (the page's bots'
    /// worker has no threads): the same worlds, the same values.
    pub fn extend(&mut self, view: &KbView, candidates: &[Action], seed: u64, from: u32, to: u32, jobs: usize) {
        let parts = on_threads(from, to, jobs, |w| play_world(view, candidates, seed, w));
        for world in parts.into_iter().flatten() {
            for (c, (mice, win)) in world.into_iter().enumerate() {
                self.mice[c].push(mice);
                self.win[c].push(win);
            }
        }
    }
}

/// One world's result per candidate: (mice, win share in percent).
type World = Vec<(f64, f64)>;

fn play_world(view: &KbView, candidates: &[Action], seed: u64, w: u32) -> Option<World> {
    let mut rng = Rng::new(derive_seed(seed, &format!("world-{w}")));
    let world = TunedKb::determinize(view, &mut rng)?;
    let me = view.seat;
    let mut scratch = Vec::new();
    candidates
        .iter()
        .map(|action| {
            let mut state = world.clone();
            state.apply(action).ok()?;
            let mut rollout_rng = Rng::new(0);
            let mut steps = 0;
            while state.to_act().is_some() && steps < MAX_ROLLOUT {
                let next = state.rollout_action(&mut rollout_rng, &mut scratch);
                state.apply(&next).ok()?;
                steps += 1;
            }
            let outcome = state.outcome()?;
            Some((f64::from(outcome.scores[me]), 100.0 * outcome.win_share(me)))
        })
        .collect()
}
