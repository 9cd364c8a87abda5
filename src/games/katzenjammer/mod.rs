//! Katzenjammer Blues in the app: the game's definition for the shell, the
//! bid builder, the presentations, the end summary, and its texts.

pub mod bidding;
// A match's words: the whole app's build shows matches (and the tests).
#[cfg(any(feature = "matchplay", test))]
pub mod matchplay;
pub mod presenting;
pub mod refusals;
pub mod seat_moves;
pub mod summary;
pub mod texts;
pub mod ui;

/// "Match · game 2 of 3" ("… over" once `over`), for the lists that name a
/// match's game; empty in a build without matches (the first load's).
pub fn match_label(number: usize, games: usize, over: bool, lang: crate::app::lang::Lang) -> String {
    #[cfg(any(feature = "matchplay", test))]
    return matchplay::kept(number, games, over, lang);
    #[cfg(not(any(feature = "matchplay", test)))]
    {
        let _ = (number, games, over, lang);
        String::new()
    }
}

use tablee_bots::{Choice, Level};
use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{notation, Action, KbState, KbView, Match, Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::notation::ActionError;
use tablee_engine::Seed;

use crate::app::game::{flag_from_json, GameDef, GameId, OptionError, ScoreOrder};
use crate::app::link::flag;

/// Katzenjammer Blues (KB-1..KB-21), 2 to 6 players; the most mice wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Katzenjammer;

impl GameDef for Katzenjammer {
    type State = KbState;
    type Action = Action;
    type View = KbView;
    type Options = Options;

    const ID: GameId = GameId::Katzenjammer;
    const HAS_TABLE: bool = true;
    const MIN_PLAYERS: usize = MIN_PLAYERS;
    const MAX_PLAYERS: usize = MAX_PLAYERS;
    const DEFAULT_PLAYERS: usize = 4;
    const SCORE_ORDER: ScoreOrder = ScoreOrder::HighestWins;

    fn new_state(players: usize, options: Options, seed: Seed) -> Result<KbState, String> {
        KbState::new_game(players, options, seed).map_err(|e| e.to_string())
    }

    fn options_to_query(options: Options) -> Vec<(&'static str, String)> {
        vec![("full_mice", u8::from(options.full_mice).to_string())]
    }

    fn options_from_query(get: &dyn Fn(&str) -> Option<String>) -> Result<Options, OptionError> {
        Ok(Options { full_mice: flag(get("full_mice").as_deref(), "full_mice")? })
    }

    fn options_to_json(options: Options) -> Json {
        Json::obj([("full_mice", options.full_mice.into())])
    }

    fn options_from_json(value: &Json) -> Result<Options, &'static str> {
        Ok(Options { full_mice: flag_from_json(value, "full_mice", "options.full_mice")? })
    }

    fn action_to_json(action: &Action) -> Json {
        notation::action_to_json(action)
    }

    fn action_from_json(value: &Json) -> Result<Action, ActionError> {
        notation::action_from_json(value)
    }

    fn decide(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Action {
        tablee_bots::decide(level, view, legal, seed)
    }

    fn analyse(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
        tablee_bots::analyse(level, view, legal, seed)
    }

    /// Four times the expert's worlds ([`tablee_bots::HINT_SAMPLES`]).
    fn hint(view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
        tablee_bots::hint(view, legal, seed)
    }

    /// Pass when allowed (what the bots themselves fall back to).
    fn fallback(legal: &[Action]) -> Option<Action> {
        legal.iter().copied().find(|a| *a == Action::Pass)
    }

    /// KB-20: the engine's match (game n dealt from `Match::game_seed(n)`).
    fn new_match(players: usize, options: Options, seed: Seed, games: usize) -> Option<Match> {
        Some(Match::new(players, options, seed, games))
    }

    fn record_in_match(record: &mut Match, state: &KbState) -> bool {
        record.record(state).is_ok()
    }

    crate::enum_conversions!(Katzenjammer);
}
