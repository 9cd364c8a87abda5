//! Tablée's bots. A bot decides from its seat's view and the list of legal
//! actions only — it never sees another hand or the stock order — and, given
//! the same view and seed, always makes the same choice.
//!
//! Levels: `random` (a baseline), `easy` (the heuristic with human-looking
//! mistakes), `normal` (the heuristic), `hard` and `expert` (determinized
//! Monte Carlo search with paired heuristic rollouts over the generic game
//! API, [`paired`], budgets in sampled worlds, never in time). `ismcts` is a
//! Katzenjammer research level for the arena: SO-ISMCTS ([`ismcts`]) at the
//! hard budget, kept to measure the two searches against each other (see
//! docs/bots.md); J'achète has the other five ([`jachete::LEVELS`]).

pub mod arena;
pub mod ismcts;
pub mod jachete;
pub mod jachete_ismcts;
pub mod jachete_styles;
pub mod jachete_value;
pub mod katzenjammer;
pub mod paired;
pub mod search;

use std::fmt;

use tablee_engine::katzenjammer::{Action, Counts, KbState, KbView, Phase};
use tablee_engine::rng::Rng;

pub use ismcts::SearchConfig;
pub use search::{Choice, SearchGame};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Easy,
    Normal,
    Hard,
    Expert,
    Ismcts,
}

/// How a level thinks.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Thinking {
    /// A uniformly random legal action.
    Random,
    /// The heuristic (with mistakes for `easy`).
    Heuristic,
    /// [`paired::paired_search`]: every candidate on the same sampled worlds;
    /// `width` is how many of the heuristic's best bids (or presentations) are
    /// candidates besides passing: the rest are rarely better and would only
    /// spread the budget thin. `tuned`: candidates and rollouts by the
    /// self-play-tuned weights (`Params::TUNED`) instead of `normal`'s.
    Paired { samples: u32, rollout_depth: u32, width: usize, tuned: bool },
    /// [`ismcts::search`].
    Tree(SearchConfig),
}

impl Level {
    /// The levels players choose from.
    pub const PLAYABLE: [Level; 5] = [Level::Random, Level::Easy, Level::Normal, Level::Hard, Level::Expert];
    /// Every level, the research ones included.
    pub const ALL: [Level; 6] = [Level::Random, Level::Easy, Level::Normal, Level::Hard, Level::Expert, Level::Ismcts];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Ismcts => "ismcts",
        }
    }

    pub fn parse(text: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.name() == text.trim().to_ascii_lowercase())
    }

    /// How this level decides, with its budget.
    pub fn thinking(self) -> Thinking {
        match self {
            Level::Random => Thinking::Random,
            Level::Easy | Level::Normal => Thinking::Heuristic,
            Level::Hard => Thinking::Paired { samples: 100, rollout_depth: 30, width: 4, tuned: false },
            Level::Expert => Thinking::Paired { samples: 300, rollout_depth: 30, width: 4, tuned: true },
            Level::Ismcts => Thinking::Tree(SearchConfig { iterations: 400, exploration: 0.5, rollout_depth: 30, width: 4 }),
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
            paired::paired_search::<katzenjammer::TunedKb>(view, samples, rollout_depth, width, rng)
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
    let situation = katzenjammer::situation_from_view(view);
    let ranked = match view.phase {
        Phase::Presenting => situation.ranked_presentations(),
        _ => situation.ranked_bids(view.high_bid.map(|b| b.level), &Counts::of(&view.row), katzenjammer::NORMAL_MARGIN),
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
    let mut situation = katzenjammer::situation_from_view(view);
    if roll < 45 {
        situation.rival_jokers += 3.0; // careless about jokers
    }
    let standing = view.high_bid.map(|b| b.level);
    let margin = if roll < 60 { -0.5 } else { katzenjammer::NORMAL_MARGIN };
    let action = katzenjammer::heuristic_action(&situation, view.phase, standing, &view.row, margin);
    vec![Choice { action, visits: 1, value: 0.0 }]
}
