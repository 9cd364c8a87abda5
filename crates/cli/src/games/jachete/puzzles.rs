//! `tablee puzzles --game jachete`: mining and checking J'achète's puzzles
//! (docs/puzzles.md, "J'achète").

use std::time::Instant;

use tablee_engine::json::Json;
use tablee_engine::jachete::JaGame;
use tablee_puzzles::format::{Puzzle, PuzzleFile, Vocabulary};
use tablee_puzzles::jachete::{self as ja};
use tablee_puzzles::miner::Tally;
use tablee_puzzles::replay;

use crate::args::Options;
use crate::failure::Failure;
use crate::puzzle_files::{check_each, reach_by_scenario, read, Progress};

/// J'achète's puzzles, for `tablee puzzles`.
pub struct JaPuzzles;

impl crate::tool::Puzzles for JaPuzzles {
    fn vocabulary(&self) -> Vocabulary {
        ja::VOCABULARY
    }

    fn mine(&self, options: &Options, jobs: usize) -> Result<(), Failure> {
        ja_mine(options, jobs)
    }

    fn check(&self, file: &str, options: &Options, jobs: usize) -> Result<(), Failure> {
        let sample = options.count("sample", 0, 0).map_err(Failure::usage)?;
        let worlds = options.count("worlds", 1, 2000).map_err(Failure::usage)? as u32;
        let fresh = options.count("fresh-seed", 0, 1).map_err(Failure::usage)? as u64;
        ja_check(file, sample, worlds, jobs, fresh)
    }

    fn explain(&self, file: &mut PuzzleFile) -> Result<std::collections::BTreeMap<String, usize>, (u32, String)> {
        tablee_puzzles::jachete::explain::rewrite(file)
    }

    fn scenario(&self, file: &PuzzleFile, puzzle: &Puzzle) -> Result<Json, String> {
        replay::scenario::<JaGame>(file, puzzle).map_err(|e| e.to_string())
    }

    /// J'achète's `play` actions list the whole table: its games are some
    /// ten times Katzenjammer's, so fewer a part.
    fn part_games(&self) -> usize {
        4
    }

    fn keep_best(&self, file: &mut PuzzleFile, keep: usize) {
        ja::keep_best(file, keep);
    }
}

/// `--game jachete`: mine J'achète's puzzles (docs/puzzles.md, "J'achète").
fn ja_mine(options: &Options, jobs: usize) -> Result<(), Failure> {
    for not_ours in ["complete", "keep", "limit"] {
        if options.value(not_ours).is_some() {
            return Err(Failure::usage(format!("--{not_ours} is another game's, not for J'achète's puzzles")));
        }
    }
    let out = options.value("out").ok_or_else(|| Failure::usage("--out FILE is needed (or --scenario ID FILE, --check FILE)"))?;
    let seed = match options.value("seed") {
        None => 0,
        Some(text) => text.trim().parse::<u64>().map_err(|_| Failure::usage(format!("--seed takes a whole number, not \"{text}\"")))?,
    };
    let defaults = ja::Config::default();
    let worlds = options.count("worlds", 100, defaults.worlds as usize).map_err(Failure::usage)? as u32;
    let config = ja::Config {
        count: options.count("count", 1, defaults.count).map_err(Failure::usage)?,
        seed,
        worlds,
        screen: defaults.screen.min(worlds),
        check: defaults.check.min(worlds),
        jobs,
        max_games: options.count("max-games", 0, 0).map_err(Failure::usage)?,
        kind: match options.value("kind") {
            None => None,
            Some(code) => Some(
                ja::VOCABULARY
                    .kind(code)
                    .filter(|k| ja::share(*k) > 0.0)
                    .ok_or_else(|| Failure::usage(format!("--kind takes buy, discard, open, lay or swap, not \"{code}\"")))?,
            ),
        },
        buy_share: match options.value("buy-share") {
            None => defaults.buy_share,
            Some(text) => text.trim().parse::<f64>().ok().filter(|s| (0.0..=1.0).contains(s)).ok_or_else(|| {
                Failure::usage(format!("--buy-share takes the share of buy puzzles, 0 to 1, not \"{text}\""))
            })?,
        },
        ..defaults
    };
    // `--extend FILE`: more puzzles from that file's games, after its own;
    // `--onto FILE`: from new games after its own.
    let read = |file| read(file, &ja::VOCABULARY);
    let extend = options.value("extend").map(read).transpose()?;
    let onto = options.value("onto").map(read).transpose()?;
    let empty = PuzzleFile { game: "jachete".into(), games: Vec::new(), puzzles: Vec::new() };
    let mut progress = Progress::new(out, extend.as_ref().or(onto.as_ref()).unwrap_or(&empty));
    let hear = |t: &Tally, f: &PuzzleFile, players: usize, seconds: f64| progress.hear(t, f, players, seconds);
    let (file, tally) = match (extend, onto) {
        (Some(_), Some(_)) => return Err(Failure::usage("--extend FILE or --onto FILE, not both")),
        (Some(base), None) => ja::extend(&config, base, hear).map_err(Failure::runtime)?,
        (None, Some(base)) => ja::mine_onto(&config, base, hear).map_err(Failure::runtime)?,
        (None, None) => ja::mine(&config, hear),
    };
    progress.finish(&file, &tally)
}


/// `--check FILE` for J'achète: every puzzle replays from its seed (its seat
/// to move, its candidates legal), its scenario reaches the same state
/// through the engine's scenario runner, and every `sample`-th is analysed
/// again on `worlds` fresh worlds (`--fresh-seed`).
fn ja_check(file: &str, sample: usize, worlds: u32, jobs: usize, fresh: u64) -> Result<(), Failure> {
    let puzzles = read(file, &ja::VOCABULARY)?;
    let started = Instant::now();
    let reach = |puzzle: &Puzzle| {
        let position = reach_by_scenario::<JaGame>(&puzzles, puzzle)?;
        let keys = vec![
            format!("kind {}", puzzle.kind.code()),
            format!("players {}", position.state.round().players()),
            format!("round {}", position.state.round().round()),
            format!("difficulty {}", puzzle.difficulty),
            format!("answers {}", puzzle.answers.len()),
        ];
        Ok((position, keys))
    };
    let (held, asked) = check_each(&puzzles, sample, reach, |position, puzzle| ja::reanalyse(position, puzzle, worlds, jobs, fresh))?;
    outln!(
        "{} puzzles replay and their scenarios reach the same state; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed {fresh}); {:.0} s",
        puzzles.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

