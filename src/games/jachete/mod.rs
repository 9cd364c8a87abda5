//! J'achète! (le 60 cennes) in the app: the game's definition for the shell
//! (options, notation, bots, who wins) and its end summary. Its table is the
//! next piece of work: until then the page reads its links and saves and says
//! the table is coming.

pub mod refusals;
pub mod staging;
pub mod summary;
pub mod texts;
pub mod ui;

use tablee_bots::{Choice, Level};
use tablee_engine::jachete::{notation, JaAction, JaGame, JaOptions, JaView};
use tablee_engine::json::Json;
use tablee_engine::notation::ActionError;
use tablee_engine::Seed;

use crate::app::game::{flag_from_json, GameDef, GameId, OptionError, ScoreOrder};
use crate::app::link::flag;

/// J'achète (JA-1..JA-19), 4 to 8 players (3 with the small-table option);
/// the lowest total of points wins (JA-18).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Jachete;

impl GameDef for Jachete {
    type State = JaGame;
    type Action = JaAction;
    type View = JaView;
    type Options = JaOptions;

    const ID: GameId = GameId::Jachete;
    /// Its table is in the whole app's build only (the feature
    /// `jachete-table`, the binary `tablee-full`), not in the first load's.
    const HAS_TABLE: bool = cfg!(feature = "jachete-table");
    const MIN_PLAYERS: usize = 3;
    const MAX_PLAYERS: usize = 8;
    const DEFAULT_PLAYERS: usize = 4;
    const SCORE_ORDER: ScoreOrder = ScoreOrder::LowestWins;

    /// JA-2: three players only with the small-table option.
    fn allows(options: JaOptions, players: usize) -> bool {
        options.allows(players)
    }

    fn new_state(players: usize, options: JaOptions, seed: Seed) -> Result<JaGame, String> {
        JaGame::new_game(players, options, seed)
    }

    fn options_to_query(options: JaOptions) -> Vec<(&'static str, String)> {
        vec![("three_players", u8::from(options.three_players).to_string())]
    }

    fn options_from_query(get: &dyn Fn(&str) -> Option<String>) -> Result<JaOptions, OptionError> {
        Ok(JaOptions { three_players: flag(get("three_players").as_deref(), "three_players")? })
    }

    fn options_to_json(options: JaOptions) -> Json {
        Json::obj([("three_players", options.three_players.into())])
    }

    fn options_from_json(value: &Json) -> Result<JaOptions, &'static str> {
        Ok(JaOptions { three_players: flag_from_json(value, "three_players", "options.three_players")? })
    }

    fn action_to_json(action: &JaAction) -> Json {
        notation::action_to_json(action)
    }

    fn action_from_json(value: &Json) -> Result<JaAction, ActionError> {
        notation::action_from_json(value)
    }

    fn decide(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
        tablee_bots::jachete::decide(level, view, legal, seed)
    }

    fn analyse(level: Level, view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
        tablee_bots::jachete::analyse(level, view, legal, seed)
    }

    /// Decline a buy when asked; on a turn, the generator's first candidate.
    fn fallback(legal: &[JaAction]) -> Option<JaAction> {
        legal.iter().find(|a| **a == JaAction::Decline).cloned()
    }

    crate::enum_conversions!(Jachete);
}

#[cfg(test)]
mod seeds {
    use super::*;
    use crate::app::config::TableConfig;
    use crate::app::session::Session;
    use tablee_engine::jachete::{find_opening, JaPhase};

    /// For the browser tests: seeds where seat 0 (human, the others normal
    /// bots) can open on its first turn of round 1 (JA-12), declining every
    /// buy before it. `cargo test -p tablee-app find_opening_seeds -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn find_opening_seeds() {
        let mut found = 0;
        for n in 0..400u64 {
            let mut session = Session::new(TableConfig::<Jachete>::new(Seed::from_number(n), 4)).unwrap();
            let mut declines = 0;
            loop {
                while session.bot_step().is_some() {}
                let Some(_) = session.human_to_act() else { break };
                let state = session.state();
                if state.round().round() != 1 {
                    break;
                }
                if state.round().phase() == JaPhase::BuyWindow {
                    declines += 1;
                    session.apply_human(JaAction::Decline).unwrap();
                    continue;
                }
                let hand = state.round().hand(0).to_vec();
                if let Some(melds) = find_opening(state.round(), &hand) {
                    let text: Vec<String> = melds.iter().map(|m| m.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")).collect();
                    println!("seed {} declines {declines} hand {} opening {:?}", Seed::from_number(n), hand.len(), text);
                    found += 1;
                }
                break;
            }
            if found >= 8 {
                break;
            }
        }
    }
}
