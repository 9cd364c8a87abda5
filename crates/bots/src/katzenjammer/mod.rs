//! Katzenjammer Blues bots: the heuristic levels and the search glue.

pub mod heuristic;
pub mod sampler;

use tablee_engine::katzenjammer::{Action, Card, Counts, KbState, KbView, Options, Phase};
use tablee_engine::rng::Rng;

use crate::arena::{ArenaGame, BuiltIn, Fault, Player};
use crate::{ismcts, paired};
use crate::level::{Level, Thinking};
use crate::search::{Choice, SearchGame};
use tablee_engine::{Game, Outcome, RuleError, Seat, Seed};
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

/// The bot's choice for the seat owning `view`, among `legal` (the seat's
/// legal actions, as the referee lists them). Deterministic in `seed`.
pub fn decide(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Action {
    analyse(level, view, legal, seed).into_iter().next().map_or_else(|| fallback(legal), |c| c.action)
}

/// The bot's top choices, best first, each with its estimated value (mean
/// reward in `[0, 1]` for search bots, heuristic gain in mice otherwise) —
/// for hints and explanations.
pub fn analyse(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
    let mut rng = Rng::new(seed);
    if legal.is_empty() {
        return Vec::new();
    }
    let choices = match level {
        Level::Random => vec![Choice { action: legal[rng.index(legal.len())], visits: 1, value: 0.0 }],
        // The coached game's `gentle` bot holds back in J'achète only.
        Level::Easy | Level::Gentle => katzenjammer_easy(view, legal, &mut rng),
        Level::Normal => katzenjammer_normal(view),
        Level::Hard | Level::Expert | Level::Ismcts => searched(level.thinking(), view, &mut rng),
    };
    only_legal(choices, legal)
}

/// The worlds a hint's search plays out: four times the expert's. A hint is
/// asked once in a turn, not at every bot move, and close moves need the
/// extra precision to be told apart (issue 13).
pub const HINT_SAMPLES: u32 = 1200;

/// A hint for the seat owning `view`: the expert's search with
/// [`HINT_SAMPLES`] worlds, best first (values as [`analyse`]'s).
pub fn hint(view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
    if legal.is_empty() {
        return Vec::new();
    }
    let thinking = match Level::Expert.thinking() {
        Thinking::Paired { rollout_depth, width, tuned, .. } => Thinking::Paired { samples: HINT_SAMPLES, rollout_depth, width, tuned },
        other => other,
    };
    only_legal(searched(thinking, view, &mut Rng::new(seed)), legal)
}

/// A search level's ranked choices (`normal`'s when the search has none).
fn searched(thinking: Thinking, view: &KbView, rng: &mut Rng) -> Vec<Choice<Action>> {
    let choices = match thinking {
        Thinking::Paired { samples, rollout_depth, width, tuned: false } => {
            paired::paired_search::<KbState>(view, samples, rollout_depth, width, rng)
        }
        Thinking::Paired { samples, rollout_depth, width, tuned: true } => {
            paired::paired_search::<TunedKb>(view, samples, rollout_depth, width, rng)
        }
        Thinking::Tree(config) => ismcts::search::<KbState>(view, &config, rng),
        Thinking::Random | Thinking::Heuristic => Vec::new(),
    };
    if choices.is_empty() {
        katzenjammer_normal(view)
    } else {
        choices
    }
}

fn only_legal(choices: Vec<Choice<Action>>, legal: &[Action]) -> Vec<Choice<Action>> {
    // Never return an action the referee did not list.
    let legal_choices: Vec<Choice<Action>> = choices.into_iter().filter(|c| legal.contains(&c.action)).collect();
    if legal_choices.is_empty() {
        vec![Choice { action: fallback(legal), visits: 1, value: 0.0 }]
    } else {
        legal_choices
    }
}

fn fallback(legal: &[Action]) -> Action {
    legal.iter().copied().find(|a| *a == Action::Pass).unwrap_or(legal[0])
}

/// `normal`: the heuristic's candidates, ranked by their estimated gain in mice.
fn katzenjammer_normal(view: &KbView) -> Vec<Choice<Action>> {
    let situation = situation_from_view(view);
    let ranked = match view.phase {
        Phase::Presenting => situation.ranked_presentations(),
        _ => situation.ranked_bids(view.high_bid.map(|b| b.level), &Counts::of(&view.row), NORMAL_MARGIN),
    };
    ranked.into_iter().map(|(action, value)| Choice { action, visits: 1, value }).collect()
}

/// `easy`: the heuristic, but it overlooks things as a beginner does — it
/// sometimes bids on a whim, forgets to present, or ignores the joker race.
fn katzenjammer_easy(view: &KbView, legal: &[Action], rng: &mut Rng) -> Vec<Choice<Action>> {
    let roll = rng.below(100);
    if roll < 15 {
        let action = legal[rng.index(legal.len())];
        return vec![Choice { action, visits: 1, value: 0.0 }];
    }
    let mut situation = situation_from_view(view);
    if roll < 45 {
        situation.rival_jokers += 3.0; // careless about jokers
    }
    let standing = view.high_bid.map(|b| b.level);
    let margin = if roll < 60 { -0.5 } else { NORMAL_MARGIN };
    let action = heuristic_action(&situation, view.phase, standing, &view.row, margin);
    vec![Choice { action, visits: 1, value: 0.0 }]
}

impl ArenaGame for KbState {
    type Options = Options;
    const SCORE: &'static str = "mice";
    const EXTRA: &'static str = "jokers";
    const LEVELS: &'static [Level] = &Level::ALL;

    fn start(players: usize, options: &Options, seed: Seed) -> Result<Self, String> {
        KbState::new_game(players, *options, seed).map_err(|e| e.to_string())
    }

    /// Jokers held and shown at the end (KB-18).
    fn extra(&self, seat: Seat) -> f64 {
        f64::from(self.final_jokers()[seat])
    }
}

impl crate::coach::CoachedGame for KbState {
    /// The hint: the expert's search over [`HINT_SAMPLES`] worlds.
    fn coach(view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
        hint(view, legal, seed)
    }
    fn level_move(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Action {
        decide(level, view, legal, seed)
    }
    /// KB-19: the most mice; tied, the fewer jokers (KB-18's count).
    fn places(&self) -> Vec<usize> {
        let jokers = self.final_jokers();
        let key = |s: usize| (self.mice(s), -i32::from(jokers[s]));
        (0..self.players()).map(|s| 1 + (0..self.players()).filter(|&o| key(o) > key(s)).count()).collect()
    }
}

impl Player<KbState> for BuiltIn {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn decide(&mut self, view: &KbView, legal: &[Action], seed: u64) -> Result<Action, Fault> {
        Ok(decide(self.0, view, legal, seed))
    }
}
