//! High card in the `tablee` command (the tests' third game): its scenarios,
//! the arena, its lessons, its puzzles (`highcard/puzzles.rs`) and the bot
//! protocol; no benchmark, which the command says.

mod puzzles;

use serde_json::Value;
use tablee_bots::arena::Table;
use tablee_engine::highcard::{notation, scenario, HcState, HcView, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::json::Json;
use tablee_engine::scenario::Malformed;
use tablee_engine::{Game, Seat};

use crate::args::Options as Args;
use crate::arena::{play, Run, StyleSeats};
use crate::failure::Failure;
use crate::protocol::{from_value, to_value, BadAction, ProtocolGame};
use crate::tool::{Puzzles, Tool};

pub struct HighCard;

pub const TOOL: HighCard = HighCard;

impl Tool for HighCard {
    fn code(&self) -> &'static str {
        "highcard"
    }

    fn title(&self) -> &'static str {
        "High card"
    }

    fn scenario(&self, input: &Json) -> Option<Result<Json, Malformed>> {
        Some(scenario::run(input))
    }

    fn arena_check(&self, players: usize, _args: &Args) -> Option<Result<(), String>> {
        Some(match (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            true => Ok(()),
            false => Err(format!("High card is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")),
        })
    }

    fn arena(&self, run: &Run, players: usize, games: usize, seed: u64, _args: &Args) -> Result<(), Failure> {
        play::<HcState>(run, Table { players, games, seed, options: () }, "one card each")
    }

    fn puzzles(&self) -> Option<&dyn Puzzles> {
        Some(&puzzles::HcPuzzles)
    }

    fn lessons(&self, course: &tablee_lessons::Course) -> Option<(Vec<tablee_lessons::check::Problem>, Vec<usize>)> {
        Some(crate::tool::lessons_of::<tablee_lessons::rules::highcard::HighCard>(course))
    }
}

impl StyleSeats for HcState {}

impl ProtocolGame for HcState {
    fn view_json(view: &HcView) -> Value {
        to_value(&notation::view_to_json(view))
    }

    fn view_seat(view: &HcView) -> Seat {
        view.seat
    }

    fn view_players(view: &HcView) -> usize {
        view.players
    }

    fn options_json(_view: &HcView) -> Value {
        Value::Object(Default::default())
    }

    fn action_json(action: &Self::Action) -> Value {
        to_value(&notation::action_to_json(action))
    }

    fn read_action(value: &Value) -> Result<Self::Action, BadAction> {
        Ok(notation::action_from_json(&from_value(value))?)
    }

    fn result_json(state: &HcState) -> Value {
        state.outcome().map_or(Value::Null, |o| serde_json::json!({ "scores": o.scores, "winners": o.winners }))
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use tablee_bots::arena::{self, BuiltIn, Player};
    use tablee_bots::Level;


    use super::*;
    use crate::ext_bot::{self, ExtSettings, ExternalBot};

    fn strings(args: &[&str]) -> Vec<String> {
        args.iter().map(|s| s.to_string()).collect()
    }

    /// The whole command line, through the registry: the arena plays High
    /// card; the commands it has no part in say so.
    #[test]
    fn the_commands_find_high_card_in_the_registry() {
        let arena = crate::arena_cmd::run(&strings(&["--game", "highcard", "--seats", "normal,random,random", "--games", "4"]));
        assert!(arena.is_ok());
        let too_many = crate::arena_cmd::run(&strings(&["--game", "highcard", "--seats", "normal,normal,normal,normal,normal"]));
        assert!(too_many.err().is_some_and(|f| f.code == 2 && f.message.contains("High card is for 2 to 4 players")));
        let bench = crate::bench_cmd::run(&strings(&["--game", "highcard"]));
        assert!(bench.err().is_some_and(|f| f.code == 2 && f.message == "bench: highcard has no benchmark"));
        let scenario = crate::scenario_cmd::run_input(&Json::obj([("game", Json::str("highcard"))]));
        assert_eq!(scenario.map_err(|m| m.0), Err("the scenario has no \"players\"".to_string()));
    }

    /// HC-1..HC-3: `tablee lessons FILE` finds High card's check in the
    /// registry and passes its course; a broken copy is a runtime failure.
    #[test]
    fn hc1_hc2_hc3_tablee_lessons_checks_high_cards_course() {
        let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../lessons/src/rules/highcard.json");
        assert!(crate::lessons_cmd::run(&strings(&[file])).is_ok());
        let broken = std::env::temp_dir().join(format!("tablee-highcard-lesson-{}.json", std::process::id()));
        std::fs::write(&broken, tablee_lessons::rules::highcard::COURSE.replace(r#""act": "swap""#, r#""act": "fold""#)).unwrap();
        let failed = crate::lessons_cmd::run(&strings(&[broken.to_str().unwrap()]));
        std::fs::remove_file(&broken).ok();
        assert!(failed.err().is_some_and(|f| f.code == 1 && f.message.ends_with("problem(s) in the lessons")));
    }

    /// HC-2: `tablee puzzles` mines High card's puzzles through the registry
    /// (the fixture's run writes the fixture), checks them (each replays,
    /// its scenario reaches its state, its answer holds on fresh worlds),
    /// explains them again as they were, and prints one as a scenario.
    #[test]
    fn hc2_tablee_puzzles_mines_checks_and_explains_high_cards_puzzles() {
        let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/../puzzles/src/highcard/puzzles.json");
        let dir = std::env::temp_dir().join(format!("tablee-highcard-puzzles-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let out = dir.join("mined.json");
        let out = out.to_str().unwrap();
        assert!(crate::puzzles_cmd::run(&strings(&["--game", "highcard", "--out", out])).is_ok());
        assert_eq!(std::fs::read_to_string(out).unwrap(), std::fs::read_to_string(fixture).unwrap(), "the fixture's run");
        assert!(crate::puzzles_cmd::run(&strings(&["--check", out, "--sample", "1", "--worlds", "200"])).is_ok());
        let explained = dir.join("explained.json");
        assert!(crate::puzzles_cmd::run(&strings(&["--explain", out, "--out", explained.to_str().unwrap()])).is_ok());
        assert_eq!(std::fs::read_to_string(&explained).unwrap(), std::fs::read_to_string(out).unwrap());
        assert!(crate::puzzles_cmd::run(&strings(&["--scenario", "2", out])).is_ok());
        let kind = crate::puzzles_cmd::run(&strings(&["--game", "highcard", "--kind", "buy", "--out", out]));
        assert!(kind.err().is_some_and(|f| f.code == 2 && f.message == "--kind is not for High card's puzzles"));
        std::fs::remove_dir_all(&dir).ok();
    }

    /// The bot protocol carries High card: an external program (the
    /// example random bot, which knows no game) plays whole games.
    #[test]
    fn an_external_bot_plays_high_card_through_the_protocol() {
        let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/bots/random_bot.py");
        let command = format!("python3 {bot}");
        let settings = ExtSettings {
            argv: ext_bot::split_command(&command).expect("a command"),
            command,
            timeout: Duration::from_secs(10),
            log: None,
            label: "seat 1".into(),
        };
        let mut external = ExternalBot::<HcState>::start(settings).expect("python3 runs the example bot");
        let mut normal = BuiltIn(Level::Normal);
        let mut seats: Vec<&mut dyn Player<HcState>> = vec![&mut external, &mut normal];
        let table = Table { players: 2, games: 6, seed: 1, options: () };
        let report = arena::run_players(&table, &mut seats, |_| {}).expect("the arena runs");
        assert_eq!(report.games, 6);
        assert_eq!(report.seats[0].faults.total(), 0, "{:?}", report.seats[0].faults);
        assert!(report.seats[0].decisions >= 6, "the bot decided in every game");
    }
}
