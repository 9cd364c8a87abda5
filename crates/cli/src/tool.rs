//! What a game brings to the `tablee` command: one [`Tool`] a game, in its
//! folder (`games/<game>/`), listed once in the registry (`games/mod.rs`).
//! Each command asks the game for its part and says so clearly when the game
//! has none: a game without puzzles is never mined as another game.

use tablee_engine::json::Json;
use tablee_engine::scenario::Malformed;
use tablee_puzzles::format::{Puzzle, PuzzleFile, Vocabulary};

use crate::args::Options as Args;
use crate::arena::Run;
use crate::failure::Failure;

/// One game, as the tools see it. Every command but its name is optional:
/// `None` is "this game has none", which the command words.
pub trait Tool: Sync {
    /// Its name in `--game`, scenario files, puzzle files and the bot
    /// protocol's `hello` ("katzenjammer").
    fn code(&self) -> &'static str;
    /// Its name in the command's sentences ("Katzenjammer", "J'achète").
    fn title(&self) -> &'static str;
    /// Other spellings `--game` takes ("kb", "j'achète").
    fn aliases(&self) -> &'static [&'static str] {
        &[]
    }

    /// Its notes in `tablee help`, each after the paragraphs of its command
    /// (`("arena", "    --game …: …\n")`), which name no game.
    fn help(&self) -> &'static [(&'static str, &'static str)] {
        &[]
    }

    /// Runs a scenario file of this game (`shared/spec/scenarios.md`).
    fn scenario(&self, input: &Json) -> Option<Result<Json, Malformed>> {
        let _ = input;
        None
    }

    /// The arena flags that are this game's options (`full-mice`).
    fn arena_flags(&self) -> &'static [&'static str] {
        &[]
    }
    /// Whether its arena seats may be research styles (`buyer`, `mix`).
    fn arena_styles(&self) -> bool {
        false
    }
    /// A research seat of its arena, as written in `--seats` (`buyer`,
    /// `mix`, `ja-ismcts/it=320`): `Some(Ok(name))` with the name messages
    /// give it, `Some(Err)` why it is malformed, `None` if it is none.
    fn research_seat(&self, text: &str) -> Option<Result<&'static str, String>> {
        let _ = text;
        None
    }
    /// Its research seats, for the message of an unknown seat.
    fn research_seats(&self) -> Option<String> {
        None
    }
    /// `tablee arena` on this game, first: whether `players` may play with
    /// the options in `args` (`Err`: why not, one line). `None`: no arena.
    fn arena_check(&self, players: usize, args: &Args) -> Option<Result<(), String>> {
        let _ = (players, args);
        None
    }
    /// Then the games ([`crate::arena::play`]), once the command checked the rest.
    fn arena(&self, run: &Run, players: usize, games: usize, seed: u64, args: &Args) -> Result<(), Failure> {
        let _ = (run, players, games, seed, args);
        Err(Failure::usage(format!("arena: {} has no arena", self.code())))
    }

    /// `tablee bench` on this game.
    fn bench(&self, bench: &Bench) -> Option<Result<(), Failure>> {
        let _ = bench;
        None
    }

    /// `tablee puzzles` on this game's puzzles.
    fn puzzles(&self) -> Option<&dyn Puzzles> {
        None
    }

    /// `tablee coach` on this game's coached first game (issue 52):
    /// `None` for a game without one.
    fn coach(&self, ask: &crate::coach::Ask) -> Option<Result<(), Failure>> {
        let _ = ask;
        None
    }

    /// `tablee lessons` on a course of this game (docs/lessons.md): its
    /// problems, and each lesson's taps.
    fn lessons(&self, course: &tablee_lessons::Course) -> Option<(Vec<tablee_lessons::check::Problem>, Vec<usize>)> {
        let _ = course;
        None
    }
}

/// A course of rules `R` checked, and each lesson's taps.
pub fn lessons_of<R: tablee_lessons::rules::Rules>(course: &tablee_lessons::Course) -> (Vec<tablee_lessons::check::Problem>, Vec<usize>) {
    (tablee_lessons::check::<R>(course), course.lessons.iter().map(|l| tablee_lessons::taps::<R>(l).unwrap_or(0)).collect())
}

/// What `tablee bench` asked for, whatever the game.
pub struct Bench {
    pub run_ms: usize,
    pub runs: usize,
    pub json: bool,
    pub no_wasm: bool,
    /// Progress notes on stderr (a terminal).
    pub chatty: bool,
}

/// A game's puzzles, as `tablee puzzles` needs them.
pub trait Puzzles {
    /// The kinds and units its files may name (its puzzles' `VOCABULARY`).
    fn vocabulary(&self) -> Vocabulary;
    /// Mines a file (`--count N --seed S --out FILE` and the game's options).
    fn mine(&self, options: &Args, jobs: usize) -> Result<(), Failure>;
    /// `--check FILE`: every puzzle replays; every `--sample`-th holds again.
    fn check(&self, file: &str, options: &Args, jobs: usize) -> Result<(), Failure>;
    /// `--explain FILE`: every explanation written again; how many name each reason.
    fn explain(&self, file: &mut PuzzleFile) -> Result<std::collections::BTreeMap<String, usize>, (u32, String)>;
    /// One puzzle's position as a scenario file.
    fn scenario(&self, file: &PuzzleFile, puzzle: &Puzzle) -> Result<Json, String>;
    /// Games a part holds when `--part-games` does not say (about 3 KB gzipped).
    fn part_games(&self) -> usize;
    /// `--cut FILE --first N --keep K`: keeps the answers and the best K
    /// other moves, for a game whose files keep fewer (none: all kept).
    fn keep_best(&self, file: &mut PuzzleFile, keep: usize) {
        let _ = (file, keep);
    }
}
