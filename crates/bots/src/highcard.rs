//! High card's bots (the tests' third game, `test-game`): `random`, and
//! `normal`, which keeps a card of 5 or more and swaps a lower one.

use tablee_engine::highcard::{HcAction, HcState, HcView};
use tablee_engine::rng::Rng;
use tablee_engine::{Seat, Seed};

use crate::arena::{ArenaGame, BuiltIn, Fault, Player};
use crate::level::Level;
use crate::search::Choice;

/// The levels High card has.
pub const LEVELS: [Level; 2] = [Level::Random, Level::Normal];

/// The level's choices, best first, each with its value: the chance that
/// the card kept or drawn wins against one other card.
pub fn analyse(level: Level, view: &HcView, legal: &[HcAction], seed: u64) -> Vec<Choice<HcAction>> {
    if legal.is_empty() {
        return Vec::new();
    }
    if level == Level::Random {
        let action = legal[Rng::new(seed).index(legal.len())];
        return vec![Choice { action, visits: 1, value: 0.0 }];
    }
    // Keeping wins against the lower cards; a swap draws any other card.
    let keep = f64::from(view.card - 1) / 8.0;
    let mut choices = vec![Choice { action: HcAction::Keep, visits: 1, value: keep }, Choice { action: HcAction::Swap, visits: 1, value: 0.5 }];
    choices.sort_by(|a, b| b.value.total_cmp(&a.value));
    choices.retain(|c| legal.contains(&c.action));
    choices
}

pub fn decide(level: Level, view: &HcView, legal: &[HcAction], seed: u64) -> HcAction {
    analyse(level, view, legal, seed).first().map_or(HcAction::Keep, |c| c.action)
}

impl ArenaGame for HcState {
    type Options = ();
    const SCORE: &'static str = "card";
    const EXTRA: &'static str = "swaps";
    const LEVELS: &'static [Level] = &LEVELS;

    fn start(players: usize, _options: &(), seed: Seed) -> Result<Self, String> {
        HcState::new_game(players, seed)
    }

    /// 1 when the seat swapped its card.
    fn extra(&self, seat: Seat) -> f64 {
        f64::from(u8::from(self.chosen().get(seat) == Some(&HcAction::Swap)))
    }
}

impl Player<HcState> for BuiltIn {
    fn name(&self) -> String {
        self.0.name().to_string()
    }

    fn decide(&mut self, view: &HcView, legal: &[HcAction], seed: u64) -> Result<HcAction, Fault> {
        Ok(decide(self.0, view, legal, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::{run_levels, Table};

    #[test]
    fn the_arena_plays_high_card_and_normal_beats_random() {
        let table = Table { players: 2, games: 200, seed: 3, options: () };
        let report = run_levels::<HcState>(&table, &[Level::Normal, Level::Random], |_| {}).expect("the arena runs");
        assert_eq!(report.games, 200);
        assert!(report.seats[0].win_share > report.seats[1].win_share, "{:?}", report.seats);
        assert!(run_levels::<HcState>(&table, &[Level::Hard, Level::Random], |_| {}).is_err(), "no hard level");
    }
}
