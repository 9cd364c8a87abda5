//! Katzenjammer Blues in the `tablee` command: its scenarios, its arena
//! (options and players), its benchmark (`bench.rs`), its puzzles
//! (`puzzles.rs`) and its side of the bot protocol.

mod bench;
#[cfg(test)]
mod protocol_leaks;
mod puzzles;

use serde_json::Value;
use tablee_bots::arena::Table;
use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{notation, KbState, KbView, Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::katzenjammer::scenario as kb_json;
use tablee_engine::scenario::Malformed;
use tablee_engine::Seat;

use crate::args::Options as Args;
use crate::arena::{play, Run, StyleSeats};
use crate::failure::Failure;
use crate::protocol::{from_value, to_value, BadAction, ProtocolGame};
use crate::tool::{Bench, Puzzles, Tool};

/// Katzenjammer Blues, for the tools.
pub struct Katzenjammer;

/// The registry's entry (`games/mod.rs`).
pub const TOOL: Katzenjammer = Katzenjammer;

impl Tool for Katzenjammer {
    fn code(&self) -> &'static str {
        "katzenjammer"
    }

    fn title(&self) -> &'static str {
        "Katzenjammer"
    }

    fn aliases(&self) -> &'static [&'static str] {
        &["katzenjammer-blues", "kb"]
    }

    fn help(&self) -> &'static [(&'static str, &'static str)] {
        &[
            ("arena", "    --game katzenjammer: the means are mice and jokers at the end; its option:\n    --full-mice.\n"),
            (
                "bench",
                "    --game katzenjammer: random full 4-player games per second, engine actions\n    \
                 per second and ISMCTS iterations per second; natively, then in wasm under\n    \
                 Node (built on the way), with the wasm/native ratio.\n",
            ),
            (
                "puzzles",
                "    --game katzenjammer: a paired analysis (W default 6000), --kind\n    \
                 bid|pass|present|jokers, [--onto FILE] [--keep K]: every move compared is\n    \
                 kept (--keep K: the answers and the best K others); 16 games a part.\n\
                 tablee puzzles --complete FILE --worlds W [--keep K] [--limit N] [--out OUT] [--jobs J]\n    \
                 For each Katzenjammer puzzle of FILE without its other candidates, run its\n    \
                 deep analysis again (the same candidates, seed and W worlds: the stored\n    \
                 values must come out identical, else it stops with an error) and store\n    \
                 every move compared (or the best K others). Writes OUT (default FILE)\n    \
                 after every puzzle and skips complete ones, so a stopped run resumes;\n    \
                 --limit N analyses at most N.\n\
                 tablee puzzles --explain FILE [--out OUT]\n    \
                 Write every Katzenjammer puzzle's explanation (why) again from its stored\n    \
                 candidates, replayed to its position; nothing else changes. Prints how many\n    \
                 puzzles name each reason. Writes OUT (default FILE).\n",
            ),
        ]
    }

    fn scenario(&self, input: &Json) -> Option<Result<Json, Malformed>> {
        Some(kb_json::run(input))
    }

    fn arena_flags(&self) -> &'static [&'static str] {
        &["full-mice"]
    }

    fn arena_check(&self, players: usize, _args: &Args) -> Option<Result<(), String>> {
        Some(match (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            true => Ok(()),
            false => Err(format!("Katzenjammer Blues is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")),
        })
    }

    fn arena(&self, run: &Run, players: usize, games: usize, seed: u64, args: &Args) -> Result<(), Failure> {
        let options = Options { full_mice: args.flag("full-mice") };
        let mice = options.mice_for(players);
        play::<KbState>(run, Table { players, games, seed, options }, &format!("{mice} mice"))
    }

    fn bench(&self, bench: &Bench) -> Option<Result<(), Failure>> {
        Some(bench::run(bench))
    }

    fn puzzles(&self) -> Option<&dyn Puzzles> {
        Some(&puzzles::KbPuzzles)
    }

    fn lessons(&self, course: &tablee_lessons::Course) -> Option<(Vec<tablee_lessons::check::Problem>, Vec<usize>)> {
        Some(crate::tool::lessons_of::<tablee_lessons::rules::katzenjammer::Katzenjammer>(course))
    }

    fn coach(&self, ask: &crate::coach::Ask) -> Option<Result<(), Failure>> {
        if ask.turns {
            return Some(Err(Failure::usage("coach: --turns counts a round's turns: Katzenjammer has no rounds")));
        }
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&ask.players) {
            return Some(Err(Failure::usage(format!("coach: Katzenjammer is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {} (KB-2)", ask.players))));
        }
        Some(crate::coach::compare::<KbState>(ask, Options::default(), "mice", false))
    }
}

/// Katzenjammer's seats are levels or external bots: no research styles.
impl StyleSeats for KbState {}

impl ProtocolGame for KbState {
    fn view_json(view: &KbView) -> Value {
        to_value(&kb_json::view_to_json(view))
    }

    fn view_seat(view: &KbView) -> Seat {
        view.seat
    }

    fn view_players(view: &KbView) -> usize {
        view.players
    }

    fn options_json(view: &KbView) -> Value {
        to_value(&kb_json::options_to_json(view.options))
    }

    fn action_json(action: &Self::Action) -> Value {
        to_value(&notation::action_to_json(action))
    }

    fn read_action(value: &Value) -> Result<Self::Action, BadAction> {
        Ok(notation::action_from_json(&from_value(value))?)
    }

    fn result_json(state: &KbState) -> Value {
        kb_json::result_to_json(state).map_or(Value::Null, |r| to_value(&r))
    }
}
