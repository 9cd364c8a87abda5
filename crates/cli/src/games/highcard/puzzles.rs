//! `tablee puzzles --game highcard`: mining and checking High card's
//! puzzles (the tests' game: keep or swap, HC-2), with every game's file
//! commands (`--scenario`, `--split`, `--join`, `--cut`).

use std::time::Instant;

use tablee_engine::highcard::HcState;
use tablee_engine::json::Json;
use tablee_puzzles::format::{Puzzle, PuzzleFile, Vocabulary};
use tablee_puzzles::highcard as hc;
use tablee_puzzles::miner::Tally;
use tablee_puzzles::replay;

use crate::args::Options;
use crate::failure::Failure;
use crate::puzzle_files::{check_each, reach_by_scenario, Progress};

/// High card's puzzles, for `tablee puzzles`.
pub struct HcPuzzles;

impl crate::tool::Puzzles for HcPuzzles {
    fn vocabulary(&self) -> Vocabulary {
        hc::VOCABULARY
    }

    /// `--out FILE [--count N] [--seed S] [--worlds W] [--max-games G]`.
    fn mine(&self, options: &Options, jobs: usize) -> Result<(), Failure> {
        for other in ["complete", "keep", "limit", "kind", "onto", "extend", "buy-share"] {
            if options.value(other).is_some() {
                return Err(Failure::usage(format!("--{other} is not for High card's puzzles")));
            }
        }
        let out = options.value("out").ok_or_else(|| Failure::usage("--out FILE is needed (or --scenario ID FILE, --check FILE)"))?;
        let defaults = hc::Config::fixture();
        let config = hc::Config {
            count: options.count("count", 1, defaults.count).map_err(Failure::usage)?,
            seed: options.count("seed", 0, defaults.seed as usize).map_err(Failure::usage)? as u64,
            worlds: options.count("worlds", 10, defaults.worlds as usize).map_err(Failure::usage)? as u32,
            jobs,
            max_games: options.count("max-games", 0, 0).map_err(Failure::usage)?,
        };
        let empty = PuzzleFile { game: "highcard".into(), games: Vec::new(), puzzles: Vec::new() };
        let mut progress = Progress::new(out, &empty);
        let (file, tally) = tablee_puzzles::miner::mine_onto(&config, empty, |t: &Tally, f: &PuzzleFile, players, seconds| progress.hear(t, f, players, seconds));
        progress.finish(&file, &tally)
    }

    /// Every puzzle replays from its seed and its scenario reaches the same
    /// state; every `--sample`-th answer is analysed again on fresh worlds.
    fn check(&self, file: &str, options: &Options, jobs: usize) -> Result<(), Failure> {
        let sample = options.count("sample", 0, 0).map_err(Failure::usage)?;
        let worlds = options.count("worlds", 1, 400).map_err(Failure::usage)? as u32;
        let fresh = options.count("fresh-seed", 0, 1).map_err(Failure::usage)? as u64;
        let puzzles = crate::puzzle_files::read(file, &hc::VOCABULARY)?;
        let started = Instant::now();
        let reach = |puzzle: &Puzzle| {
            let position = reach_by_scenario::<HcState>(&puzzles, puzzle)?;
            let keys = vec![
                format!("kind {}", puzzle.kind.code()),
                format!("players {}", position.state.hands().len()),
                format!("difficulty {}", puzzle.difficulty),
            ];
            Ok((position, keys))
        };
        let (held, asked) = check_each(&puzzles, sample, reach, |position, puzzle| hc::reanalyse(position, puzzle, worlds, jobs, fresh))?;
        outln!(
            "{} puzzles replay and their scenarios reach the same state; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed {fresh}); {:.0} s",
            puzzles.puzzles.len(),
            started.elapsed().as_secs_f64()
        );
        if held < asked {
            return Err(Failure::runtime(format!("{} answer(s) did not hold", asked - held)));
        }
        Ok(())
    }

    fn explain(&self, file: &mut PuzzleFile) -> Result<std::collections::BTreeMap<String, usize>, (u32, String)> {
        hc::rewrite(file)
    }

    fn scenario(&self, file: &PuzzleFile, puzzle: &Puzzle) -> Result<Json, String> {
        replay::scenario::<HcState>(file, puzzle).map_err(|e| e.to_string())
    }

    /// A game is a few actions: many a part.
    fn part_games(&self) -> usize {
        16
    }
}
