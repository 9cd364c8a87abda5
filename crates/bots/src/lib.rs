//! Tablée's bots. A bot decides from its seat's view and the list of legal
//! actions only — it never sees another hand or the stock order — and, given
//! the same view and seed, always makes the same choice.
//!
//! Levels: `random` (a baseline), `easy` (the heuristic with human-looking
//! mistakes), `normal` (the heuristic), `hard` and `expert` (ISMCTS over the
//! generic game API with heuristic rollouts, budgets in iterations).

pub mod arena;
pub mod ismcts;
pub mod katzenjammer;

use std::fmt;

use tablee_engine::katzenjammer::{Action, KbState, KbView};
use tablee_engine::rng::Rng;

pub use ismcts::{Choice, SearchConfig};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Easy,
    Normal,
    Hard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 5] = [Level::Random, Level::Easy, Level::Normal, Level::Hard, Level::Expert];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == text.trim().to_ascii_lowercase())
    }

    /// The search budget of the search levels.
    pub fn search_config(self) -> Option<SearchConfig> {
        match self {
            Level::Hard => Some(SearchConfig { iterations: 300, exploration: 0.7, rollout_depth: 40 }),
            Level::Expert => Some(SearchConfig { iterations: 1500, exploration: 0.7, rollout_depth: 60 }),
            _ => None,
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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
        Level::Easy => katzenjammer_easy(view, legal, &mut rng),
        Level::Normal => katzenjammer_normal(view, 0.0),
        Level::Hard | Level::Expert => {
            let config = level.search_config().expect("search levels have a budget");
            let mut choices = ismcts::search::<KbState>(view, &config, &mut rng);
            if choices.is_empty() {
                choices = katzenjammer_normal(view, 0.0);
            }
            choices
        }
    };
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

fn katzenjammer_normal(view: &KbView, noise: f64) -> Vec<Choice<Action>> {
    let situation = katzenjammer::situation_from_view(view);
    let standing = view.high_bid.map(|b| b.level);
    let action = katzenjammer::heuristic_action(
        &situation,
        view.phase,
        standing,
        &view.row,
        katzenjammer::NORMAL_MARGIN + noise,
    );
    vec![Choice { action, visits: 1, value: 0.0 }]
}

/// `easy`: the heuristic, but it overlooks things as a beginner does — it
/// sometimes bids on a whim, forgets to present, or ignores the joker race.
fn katzenjammer_easy(view: &KbView, legal: &[Action], rng: &mut Rng) -> Vec<Choice<Action>> {
    let roll = rng.below(100);
    if roll < 15 {
        let action = legal[rng.index(legal.len())];
        return vec![Choice { action, visits: 1, value: 0.0 }];
    }
    let mut situation = katzenjammer::situation_from_view(view);
    if roll < 45 {
        situation.rival_jokers += 3.0; // careless about jokers
    }
    let standing = view.high_bid.map(|b| b.level);
    let margin = if roll < 60 { -0.5 } else { katzenjammer::NORMAL_MARGIN };
    let action = katzenjammer::heuristic_action(&situation, view.phase, standing, &view.row, margin);
    vec![Choice { action, visits: 1, value: 0.0 }]
}
