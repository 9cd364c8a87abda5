//! The bots' levels and how each thinks, for every game.

use std::fmt;

use crate::ismcts::SearchConfig;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    Random,
    Easy,
    /// The coached first game's bots (issue 52): `easy`, but in J'achète it
    /// lays nothing down (JA-12, opening is a choice) before every other
    /// player has had [`crate::jachete::GENTLE_TURNS`] turns of the round, so
    /// that a newcomer plays a real round. Not offered in the seat menus.
    Gentle,
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
    /// The levels a table's seat may have (its link, its save, the bots'
    /// worker): the playable ones and the coached game's `gentle`.
    pub const SEATED: [Level; 6] = [Level::Random, Level::Easy, Level::Normal, Level::Hard, Level::Expert, Level::Gentle];
    /// Every level, weakest first, the coached game's and the research ones included.
    pub const ALL: [Level; 7] = [Level::Random, Level::Gentle, Level::Easy, Level::Normal, Level::Hard, Level::Expert, Level::Ismcts];

    pub fn name(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Gentle => "gentle",
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
            Level::Easy | Level::Gentle | Level::Normal => Thinking::Heuristic,
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

