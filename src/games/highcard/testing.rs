//! High card as the shell's tests' game. The registry names it so
//! (`crate::games::test_game`): the shell's tests of its own behaviour
//! (links, saves, the list of kept games, sessions, the worker's jobs,
//! friends) are written over it and name no game, and a test about a real
//! game's data lives in that game's folder.

use tablee_engine::highcard::HcAction;
use tablee_engine::Seed;

use crate::app::config::TableConfig;

pub(crate) use super::HighCard as TestGame;

/// A person's or a bot's one move: keep one's card (HC-2).
pub(crate) const KEEP: HcAction = HcAction::Keep;

/// Its table on deal number `n` for `players` (2 to 4), the default seats
/// (a person at seat 0, `normal` bots).
pub(crate) fn table(n: u64, players: usize) -> TableConfig<TestGame> {
    TableConfig::new(Seed::from_number(n), players)
}
