//! Katzenjammer Blues in the app: the game's definition for the shell, the
//! bid builder, the presentations, the end summary, its texts and its card
//! faces ([`art`]).

pub mod art;
pub mod bidding;
mod card_words;
mod lessons;
// A match's words.
pub mod matchplay;
pub mod presenting;
pub mod refusals;
pub mod seat_moves;
#[cfg(test)]
mod shell_tests;
pub mod summary;
pub mod terms;
pub mod texts;
pub mod ui;

use tablee_bots::{Choice, Level};
use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{notation, Action, GameRecord, KbState, KbView, Match, Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::notation::ActionError;
use tablee_engine::Seed;

use crate::app::game::{flag, flag_from_json, GameDef, MatchRecord, OptionError};
use crate::app::result::ScoreOrder;
use crate::app::lang::Lang;

/// Katzenjammer Blues (KB-1..KB-21), 2 to 6 players; the most mice wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Katzenjammer;

impl GameDef for Katzenjammer {
    type State = KbState;
    type Action = Action;
    type View = KbView;
    type Refusal = tablee_engine::katzenjammer::Refusal;
    type Options = Options;
    type Match = Match;

    const CODE: &'static str = "katzenjammer";
    const TITLE: &'static str = "Katzenjammer Blues";
    const MIN_PLAYERS: usize = MIN_PLAYERS;
    const MAX_PLAYERS: usize = MAX_PLAYERS;
    const DEFAULT_PLAYERS: usize = 4;
    const SCORE_ORDER: ScoreOrder = ScoreOrder::HighestWins;

    fn blurb(lang: Lang) -> &'static str {
        lang.pick("Bid for mice with sets of cards, dodge the jokers", "Enchérissez pour des souris, fuyez les jokers")
    }

    /// A game is 48–112 moves.
    const MINUTES: (u32, u32) = (10, 20);

    /// Its file's bids are in one order in the notation: the default key.
    const PUZZLES: Option<tablee_puzzles::format::Vocabulary> = Some(tablee_puzzles::katzenjammer::VOCABULARY);

    /// The puzzles' deep analysis (the tuned heuristic's rollouts to the
    /// game's end on the shipped file's 4,000 worlds: `tablee_puzzles::katzenjammer::mine::evaluate`).
    fn puzzle_values(view: &KbView, seed: Seed, at: usize, moves: &[Action], unit: tablee_puzzles::format::Unit) -> Option<Vec<Vec<f64>>> {
        Some(tablee_puzzles::katzenjammer::mine::evaluate(view, seed, at, moves, tablee_puzzles::katzenjammer::mine::SHIPPED_WORLDS, unit))
    }

    fn players_words(lang: Lang) -> &'static str {
        match lang {
            Lang::En => "2 to 6 players",
            Lang::Fr => "2 à 6 joueurs",
        }
    }

    fn new_state(players: usize, options: Options, seed: Seed) -> Result<KbState, String> {
        KbState::new_game(players, options, seed).map_err(|e| e.to_string())
    }

    /// The end screen's places: tied mice are parted by fewer jokers (KB-19).
    fn places(state: &KbState) -> Option<Vec<usize>> {
        summary::Summary::of(state).map(|s| s.players.iter().map(|p| p.place).collect())
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

    fn action_from_json(value: &Json) -> Result<Action, ActionError<Self::Refusal>> {
        notation::action_from_json(value)
    }

    fn view_to_json(view: &KbView) -> Json {
        tablee_engine::katzenjammer::scenario::view_to_json(view)
    }

    fn view_from_json(value: &Json, options: Options) -> Result<KbView, String> {
        tablee_engine::katzenjammer::scenario::view_from_json(value, options).map_err(|e| e.0)
    }

    fn decide(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Action {
        tablee_bots::katzenjammer::decide(level, view, legal, seed)
    }

    fn analyse(level: Level, view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
        tablee_bots::katzenjammer::analyse(level, view, legal, seed)
    }

    /// Four times the expert's worlds ([`tablee_bots::katzenjammer::HINT_SAMPLES`]).
    fn hint(view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
        tablee_bots::katzenjammer::hint(view, legal, seed)
    }

    /// The hint's search (the expert's, over four times its worlds).
    fn coach(view: &KbView, legal: &[Action], seed: u64) -> Vec<Choice<Action>> {
        <KbState as tablee_bots::coach::CoachedGame>::coach(view, legal, seed)
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

}

/// KB-20's match is the engine's: its seeds and totals are the one
/// definition. A finished game is saved as `{"mice":[2,0,1,-1],"winners":[0]}`.
impl MatchRecord for Match {
    fn seed(&self) -> Seed {
        self.seed
    }
    fn games_planned(&self) -> usize {
        self.games_planned
    }
    fn games_played(&self) -> usize {
        self.records.len()
    }
    fn game_seed(&self, index: usize) -> Seed {
        Match::game_seed(self, index)
    }
    fn played_to_json(&self) -> Vec<Json> {
        self.records
            .iter()
            .map(|r| {
                Json::obj([
                    ("mice", Json::Arr(r.mice.iter().map(|&m| m.into()).collect())),
                    ("winners", Json::Arr(r.winners.iter().map(|&s| s.into()).collect())),
                ])
            })
            .collect()
    }
    fn push_played_json(&mut self, item: &Json, players: usize) -> bool {
        let numbers = |v: Option<&Json>| -> Option<Vec<i64>> { v?.as_array()?.iter().map(Json::as_i64).collect() };
        let mice = numbers(item.get("mice")).and_then(|m| m.into_iter().map(|n| i32::try_from(n).ok()).collect::<Option<Vec<_>>>());
        let winners = numbers(item.get("winners"))
            .and_then(|w| w.into_iter().map(|s| usize::try_from(s).ok().filter(|&s| s < players)).collect::<Option<Vec<_>>>());
        match (mice.filter(|m| m.len() == players), winners) {
            (Some(mice), Some(winners)) => {
                self.records.push(GameRecord { mice, winners });
                true
            }
            _ => false,
        }
    }
}

