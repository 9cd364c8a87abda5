//! J'achète in the `tablee` command: its scenarios, its arena (options,
//! players, research styles), its benchmark (`bench.rs`), its puzzles
//! (`puzzles.rs`) and its side of the bot protocol.

mod bench;
#[cfg(test)]
mod protocol_leaks;
mod puzzles;

use serde_json::Value;
use tablee_bots::arena::{Player, Table};
use tablee_bots::jachete::ismcts;
use tablee_bots::jachete::styles::{Style, StylePlayer};
use tablee_engine::jachete::{notation, JaGame, JaOptions, JaView};
use tablee_engine::json::Json;
use tablee_engine::jachete::scenario as ja_json;
use tablee_engine::scenario::Malformed;
use tablee_engine::Seat;

use crate::args::Options as Args;
use crate::arena::{play, Run, SeatSpec, StyleSeats};
use crate::failure::Failure;
use crate::protocol::{from_value, to_value, BadAction, ProtocolGame};
use crate::tool::{Bench, Puzzles, Tool};

/// J'achète, for the tools.
pub struct Jachete;

/// The registry's entry (`games/mod.rs`).
pub const TOOL: Jachete = Jachete;

impl Tool for Jachete {
    fn code(&self) -> &'static str {
        "jachete"
    }

    fn title(&self) -> &'static str {
        "J'achète"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["j'achete", "jachète", "j'achète"]
    }

    fn help(&self) -> &'static [(&'static str, &'static str)] {
        &[
            (
                "arena",
                "    --game jachete: the means are final total points, the lowest winning, and\n    \
                 final purse in cents; its option: --three-players; its research seats:\n    \
                 the styles buyer, miser, opener and mix, and ja-ismcts… (docs/bots.md).\n",
            ),
            (
                "bench",
                "    --game jachete: full 5-player games per second under a greedy policy, the\n    \
                 engine actions per second in them, and games per second of five normal\n    \
                 bots; natively only.\n",
            ),
            (
                "puzzles",
                "    --game jachete: from games of 4 to 8 players between bot levels and the\n    \
                 research styles, the hint's paired rollouts (W default 1600) keep a\n    \
                 position when its answer saves 8 points or more in the round, intervals\n    \
                 apart; --kind buy|discard|open|lay|swap; the file is written after every\n    \
                 game that gave puzzles; 4 games a part; --scenario prints the puzzle's\n    \
                 round, from its deal, and --check also runs each puzzle's scenario, which\n    \
                 must reach the same state.\n",
            ),
            ("coach", "    --game jachete: --turns, the turns the newcomer has in each deal's first\n    round instead, with their least and median.\n"),
        ]
    }

    fn scenario(&self, input: &Json) -> Option<Result<Json, Malformed>> {
        Some(ja_json::run(input))
    }

    fn arena_flags(&self) -> &'static [&'static str] {
        &["three-players"]
    }

    fn arena_styles(&self) -> bool {
        true
    }

    fn research_seat(&self, text: &str) -> Option<Result<&'static str, String>> {
        if let Some(style) = Style::parse(text) {
            return Some(Ok(style.name()));
        }
        if text.eq_ignore_ascii_case("mix") {
            return Some(Ok("mix"));
        }
        ismcts::is_seat_name(text).then(|| ismcts::Config::parse(text).map(|_| "ja-ismcts"))
    }

    fn research_seats(&self) -> Option<String> {
        let styles: Vec<&str> = Style::ALL.iter().map(|s| s.name()).collect();
        Some(format!("J'achète research styles: {}, mix", styles.join(", ")))
    }

    fn arena_check(&self, players: usize, args: &Args) -> Option<Result<(), String>> {
        Some(match (JaOptions { three_players: args.flag("three-players") }).allows(players) {
            true => Ok(()),
            false => Err(format!("J'achète is for 4 to 8 players (3 with --three-players), not {players} (JA-2)")),
        })
    }

    fn arena(&self, run: &Run, players: usize, games: usize, seed: u64, args: &Args) -> Result<(), Failure> {
        let options = JaOptions { three_players: args.flag("three-players") };
        play::<JaGame>(run, Table { players, games, seed, options }, "7 rounds, the lowest total wins")
    }

    fn bench(&self, bench: &Bench) -> Option<Result<(), Failure>> {
        Some(bench::run(bench))
    }

    fn puzzles(&self) -> Option<&dyn Puzzles> {
        Some(&puzzles::JaPuzzles)
    }

    fn lessons(&self, course: &tablee_lessons::Course) -> Option<(Vec<tablee_lessons::check::Problem>, Vec<usize>)> {
        Some(crate::tool::lessons_of::<tablee_lessons::rules::jachete::Jachete>(course))
    }

    fn coach(&self, ask: &crate::coach::Ask) -> Option<Result<(), Failure>> {
        let options = JaOptions::default();
        if !options.allows(ask.players) {
            return Some(Err(Failure::usage(format!("coach: J'achète is for 4 to 8 players, not {} (JA-2)", ask.players))));
        }
        if ask.turns {
            use tablee_bots::jachete::{coached_deal, coached_round, COACHED_DEALS, GENTLE_TURNS};
            let round = |seed, seat| coached_round(ask.players, seed, seat, ask.newcomer);
            return Some(match ask.vet {
                // The arena's deals of the seed, the newcomer in seat 0 (the page's).
                Some(n) => crate::coach::turns(ask, n, GENTLE_TURNS, |i| (tablee_bots::arena::game_seed(ask.seed, i), 0), round),
                None => crate::coach::turns(ask, ask.games.min(COACHED_DEALS.len()), GENTLE_TURNS, |i| (coached_deal(i), 0), round),
            });
        }
        Some(crate::coach::compare::<JaGame>(ask, options, "points", true))
    }
}

/// J'achète's arena seats may be its research styles
/// (`tablee_bots::jachete::styles`).
impl StyleSeats for JaGame {
    fn style_player(seat: &SeatSpec, mix_index: usize) -> Option<Box<dyn Player<JaGame>>> {
        let SeatSpec::Research { text, .. } = seat else { return None };
        if let Some(style) = Style::parse(text) {
            return Some(Box::new(StylePlayer::fixed(style)));
        }
        if text.eq_ignore_ascii_case("mix") {
            return Some(Box::new(StylePlayer::mix(mix_index)));
        }
        ismcts::IsmctsPlayer::parse(text).ok().map(|p| Box::new(p) as Box<dyn Player<JaGame>>)
    }
}

impl ProtocolGame for JaGame {
    fn view_json(view: &JaView) -> Value {
        to_value(&ja_json::view_to_json(view))
    }

    fn view_seat(view: &JaView) -> Seat {
        view.seat
    }

    fn view_players(view: &JaView) -> usize {
        view.players
    }

    /// J'achète's only option: three players (JA-2), which a 3-player table has.
    fn options_json(view: &JaView) -> Value {
        to_value(&ja_json::options_to_json(JaOptions { three_players: view.players == 3 }))
    }

    fn action_json(action: &Self::Action) -> Value {
        to_value(&notation::action_to_json(action))
    }

    /// Any well-written action is read, a `play` table outside `legal`
    /// included; the arena then has the engine check it.
    fn read_action(value: &Value) -> Result<Self::Action, BadAction> {
        Ok(notation::action_from_json(&from_value(value))?)
    }

    fn result_json(state: &JaGame) -> Value {
        ja_json::result_to_json(state).map_or(Value::Null, |r| to_value(&r))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn its_research_seats_are_its_styles_mix_and_its_searches() {
        assert_eq!(TOOL.research_seat("Buyer"), Some(Ok("buyer")));
        assert_eq!(TOOL.research_seat("mix"), Some(Ok("mix")));
        assert_eq!(TOOL.research_seat("ja-ismcts"), Some(Ok("ja-ismcts")));
        assert_eq!(TOOL.research_seat("master"), None);
        assert!(TOOL.research_seats().is_some_and(|s| s.contains("buyer, miser, opener, mix")));
    }
}
