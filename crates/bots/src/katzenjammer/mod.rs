//! Katzenjammer Blues bots: the heuristic levels and the search glue.

pub mod heuristic;
pub mod sampler;

use tablee_engine::katzenjammer::{Action, Card, Counts, KbState, KbView, Phase};
use tablee_engine::rng::Rng;

use crate::SearchGame;
use tablee_engine::{Game, Outcome, RuleError};
use heuristic::{Params, Situation};

/// The decider's situation, from its own view only.
pub fn situation_from_view(view: &KbView) -> Situation {
    let me = view.seat;
    let mut unseen = Counts::deck();
    let sub = |c: &mut Counts, o: &Counts| {
        for i in 0..6 {
            c.0[i] = c.0[i].saturating_sub(o.0[i]);
        }
    };
    sub(&mut unseen, &view.hand);
    sub(&mut unseen, &view.discard);
    sub(&mut unseen, &Counts::of(&view.row));
    let shown_total: u8 = view.jokers_shown.iter().sum();
    sub(&mut unseen, &Counts([0, 0, 0, 0, 0, shown_total]));
    let joker_rate = if unseen.total() > 0 { f64::from(unseen.jokers()) / f64::from(unseen.total()) } else { 0.0 };
    let rival_jokers = (0..view.players)
        .filter(|&s| s != me)
        .map(|s| f64::from(view.jokers_shown[s]) + view.hand_sizes[s] as f64 * joker_rate)
        .fold(0.0, f64::max);
    Situation {
        hand: view.hand,
        my_shown: view.jokers_shown[me],
        rival_jokers,
        mice_left: view.mice_left,
        stock: view.stock,
        players: view.players,
        params: Params::NORMAL,
    }
}

/// A seat's situation inside a determinized state (its own sampled world).
fn situation_in_state(state: &KbState, me: usize, params: Params) -> Situation {
    let rival_jokers = (0..state.players())
        .filter(|&s| s != me)
        .map(|s| f64::from(state.jokers_shown(s) + state.hand(s).jokers()))
        .fold(0.0, f64::max);
    Situation {
        hand: state.hand(me),
        my_shown: state.jokers_shown(me),
        rival_jokers,
        mice_left: state.mice_left(),
        stock: state.stock_len(),
        players: state.players(),
        params,
    }
}

/// The heuristic's move for a situation (shared by `normal`, `easy` and rollouts).
pub fn heuristic_action(situation: &Situation, phase: Phase, standing: Option<tablee_engine::katzenjammer::BidLevel>, row: &[Card], margin: f64) -> Action {
    match phase {
        Phase::Presenting => Action::Present(situation.best_presentation()),
        _ => situation.choose_bid(standing, &Counts::of(row), margin),
    }
}

/// Bid margin: how much a win must gain before the heuristic bids.
pub const NORMAL_MARGIN: f64 = Params::NORMAL.margin;

impl SearchGame for KbState {
    fn determinize(view: &KbView, rng: &mut Rng) -> Option<KbState> {
        sampler::determinize(view, rng)
    }
    fn search_actions(&self, width: usize, out: &mut Vec<Action>) {
        search_actions(self, Params::NORMAL, width, out);
    }
    /// Rollouts play the heuristic for everyone, without noise: measured,
    /// noisy rollouts only blurred the comparison between candidates.
    fn rollout_action(&self, _rng: &mut Rng, _scratch: &mut Vec<Action>) -> Action {
        rollout_action(self, Params::NORMAL)
    }
    fn rewards(&self, out: &mut Vec<f64>) {
        rewards(self, Params::NORMAL, out);
    }
}

/// Katzenjammer as `expert` searches it: the same game, with candidates,
/// rollouts and cut-off estimates by the tuned weights ([`Params::TUNED`]),
/// a stronger policy than `normal`'s to improve on.
#[derive(Clone, Debug)]
pub struct TunedKb(pub KbState);

impl Game for TunedKb {
    type Action = Action;
    type View = KbView;
    type Refusal = <KbState as Game>::Refusal;
    const NAME: &'static str = KbState::NAME;
    const ACTIONS_EXHAUSTIVE: bool = KbState::ACTIONS_EXHAUSTIVE;
    fn players(&self) -> usize {
        self.0.players()
    }
    fn to_act(&self) -> Option<usize> {
        self.0.to_act()
    }
    fn actions(&self, out: &mut Vec<Action>) {
        Game::actions(&self.0, out);
    }
    fn check(&self, action: &Action) -> Result<(), RuleError<Self::Refusal>> {
        Game::check(&self.0, action)
    }
    fn apply(&mut self, action: &Action) -> Result<(), RuleError<Self::Refusal>> {
        Game::apply(&mut self.0, action)
    }
    fn view(&self, seat: usize) -> KbView {
        Game::view(&self.0, seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(&self.0)
    }
}

impl SearchGame for TunedKb {
    fn determinize(view: &KbView, rng: &mut Rng) -> Option<TunedKb> {
        sampler::determinize(view, rng).map(TunedKb)
    }
    fn search_actions(&self, width: usize, out: &mut Vec<Action>) {
        search_actions(&self.0, Params::TUNED, width, out);
    }
    fn rollout_action(&self, _rng: &mut Rng, _scratch: &mut Vec<Action>) -> Action {
        rollout_action(&self.0, Params::TUNED)
    }
    fn rewards(&self, out: &mut Vec<f64>) {
        rewards(&self.0, Params::TUNED, out);
    }
}

/// The candidates a search compares: pass and the heuristic's best bids, or
/// its best presentations.
fn search_actions(state: &KbState, params: Params, width: usize, out: &mut Vec<Action>) {
    out.clear();
    let Some(me) = state.to_act() else { return };
    let situation = situation_in_state(state, me, params);
    match state.phase() {
        Phase::Bidding => {
            out.push(Action::Pass);
            let standing = state.high_bid().map(|b| b.level);
            let row = Counts::of(state.row());
            let mut scored: Vec<(f64, Action)> = situation
                .bid_candidates(standing)
                .into_iter()
                .map(|bid| (situation.value_after_winning(&bid.cards, &row), Action::Bid(bid)))
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            out.extend(scored.into_iter().take(width).map(|(_, a)| a));
        }
        Phase::Presenting => {
            let mut scored: Vec<(f64, Action)> = situation
                .presentation_candidates()
                .into_iter()
                .map(|p| (situation.value_of_presenting(&p), Action::Present(p)))
                .collect();
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            out.extend(scored.into_iter().take(width).map(|(_, a)| a));
        }
        Phase::Over => {}
    }
}

/// The heuristic's move for whoever is to act, in a sampled world.
fn rollout_action(state: &KbState, params: Params) -> Action {
    let me = state.to_act().unwrap_or(0);
    let situation = situation_in_state(state, me, params);
    let standing = state.high_bid().map(|b| b.level);
    heuristic_action(&situation, state.phase(), standing, state.row(), params.margin)
}

/// Each seat's reward: the win share (and a little for the mice) at the end,
/// or, for a rollout cut off earlier, a smooth estimate of the chance to win
/// from each seat's estimated final mice.
fn rewards(state: &KbState, params: Params, out: &mut Vec<f64>) {
    out.clear();
    let n = state.players();
    let estimates: Vec<f64> = match state.outcome() {
        Some(outcome) => outcome.scores.iter().map(|&m| f64::from(m)).collect(),
        None => (0..n)
            .map(|s| {
                let situation = situation_in_state(state, s, params);
                f64::from(state.mice(s)) + situation.value(0.0, &state.hand(s), state.jokers_shown(s))
            })
            .collect(),
    };
    let best = estimates.iter().copied().fold(f64::MIN, f64::max);
    let worst = estimates.iter().copied().fold(f64::MAX, f64::min);
    let spread = (best - worst).max(1e-9);
    match state.outcome() {
        Some(outcome) => {
            for (s, estimate) in estimates.iter().enumerate() {
                out.push(0.75 * outcome.win_share(s) + 0.25 * (estimate - worst) / spread);
            }
        }
        None => {
            // Softmax over estimated final mice: a smooth chance of winning.
            let weights: Vec<f64> = estimates.iter().map(|e| ((e - best) / 2.0).exp()).collect();
            let total: f64 = weights.iter().sum();
            for (weight, estimate) in weights.iter().zip(&estimates) {
                out.push(0.75 * weight / total + 0.25 * (estimate - worst) / spread);
            }
        }
    }
}
