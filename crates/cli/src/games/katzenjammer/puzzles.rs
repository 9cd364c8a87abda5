//! `tablee puzzles` on Katzenjammer's puzzles (docs/puzzles.md): mining,
//! completing a file's other candidates, checking a file.

use std::time::Instant;

use tablee_engine::json::Json;
use tablee_engine::katzenjammer::KbState;
use tablee_puzzles::katzenjammer::complete::{self as completion, Completion};
use tablee_puzzles::format::{Puzzle, PuzzleFile, Vocabulary};
use tablee_puzzles::katzenjammer::VOCABULARY;
use tablee_puzzles::katzenjammer::mine::{self, Config};
use tablee_puzzles::replay;

use crate::args::Options;
use crate::failure::Failure;
use crate::puzzle_files::{check_each, read, write_puzzles, Progress};

/// Katzenjammer's puzzles, for `tablee puzzles`.
pub struct KbPuzzles;

impl crate::tool::Puzzles for KbPuzzles {
    fn vocabulary(&self) -> Vocabulary {
        VOCABULARY
    }

    fn mine(&self, options: &Options, jobs: usize) -> Result<(), Failure> {
        let keep = options.count("keep", 1, usize::MAX).map_err(Failure::usage)?;
        if let Some(file) = options.value("complete") {
            let worlds = options.value("worlds").ok_or_else(|| {
                Failure::usage("--complete needs --worlds: the worlds the file was mined with (4000 for the shipped file)")
            })?;
            let worlds = worlds.trim().parse::<u32>().map_err(|_| Failure::usage(format!("--worlds takes a whole number, not \"{worlds}\"")))?;
            let how = Completion {
                worlds,
                width: Config::default().width,
                keep,
                jobs,
                limit: options.count("limit", 0, usize::MAX).map_err(Failure::usage)?,
            };
            return complete(file, options.value("out").unwrap_or(file), &how);
        }
        let out = options.value("out").ok_or_else(|| Failure::usage("--out FILE is needed (or --scenario ID FILE, --check FILE, --complete FILE)"))?;
        let seed = match options.value("seed") {
            None => 0,
            Some(text) => text.trim().parse::<u64>().map_err(|_| Failure::usage(format!("--seed takes a whole number, not \"{text}\"")))?,
        };
        let config = Config {
            count: options.count("count", 1, 500).map_err(Failure::usage)?,
            seed,
            worlds: options.count("worlds", 100, Config::default().worlds as usize).map_err(Failure::usage)? as u32,
            jobs,
            max_games: options.count("max-games", 0, 0).map_err(Failure::usage)?,
            kind: match options.value("kind") {
                None => None,
                Some(code) => Some(VOCABULARY.kind(code).ok_or_else(|| {
                    Failure::usage(format!("--kind takes bid, pass, present or jokers, not \"{code}\""))
                })?),
            },
            keep,
            ..Config::default()
        };
        // `--onto FILE`: the new puzzles follow that file's, which stay as they are.
        let base = match options.value("onto") {
            Some(file) => read(file, &VOCABULARY)?,
            None => PuzzleFile { game: "katzenjammer".into(), games: Vec::new(), puzzles: Vec::new() },
        };
        let config = Config { check: config.check.min(config.worlds), screen: config.screen.min(config.worlds), ..config };
        let mut progress = Progress::new(out, &base);
        let (file, tally) = mine::mine_onto(&config, base, |t, f, players, seconds| progress.hear(t, f, players, seconds));
        progress.finish(&file, &tally)
    }

    fn check(&self, file: &str, options: &Options, jobs: usize) -> Result<(), Failure> {
        let sample = options.count("sample", 0, 0).map_err(Failure::usage)?;
        let worlds = options.count("worlds", 1, 2000).map_err(Failure::usage)? as u32;
        check(file, sample, worlds, jobs)
    }

    fn explain(&self, file: &mut PuzzleFile) -> Result<std::collections::BTreeMap<String, usize>, (u32, String)> {
        tablee_puzzles::katzenjammer::explain::rewrite(file)
    }

    fn scenario(&self, file: &PuzzleFile, puzzle: &Puzzle) -> Result<Json, String> {
        replay::scenario::<KbState>(file, puzzle).map_err(|e| e.to_string())
    }

    fn part_games(&self) -> usize {
        16
    }
}

/// `--complete FILE`: the other candidates of the puzzles that lack them,
/// analysed again; the file is written after every puzzle (to `out`, which
/// is `FILE` unless `--out` says otherwise), so a stopped run resumes.
fn complete(file: &str, out: &str, how: &Completion) -> Result<(), Failure> {
    let mut puzzles = read(file, &VOCABULARY)?;
    let total = puzzles.puzzles.len();
    let before = completion::completed(&puzzles);
    let started = Instant::now();
    let mut failed = None;
    let mut done = 0;
    let result = completion::complete(&mut puzzles, how, |so_far, p| {
        done += 1;
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "puzzle {} complete: {} moves compared, {} kept; {} of {total} complete; {seconds:.0} s, {:.1} s a puzzle",
            p.id,
            p.compared.unwrap_or(0),
            p.candidates.len(),
            before + done,
            seconds / done as f64
        );
        if let Err(e) = write_puzzles(out, so_far) {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let done = result.map_err(|e| Failure::runtime(e.to_string()))?;
    // Also when nothing was analysed: `--keep` trims the complete puzzles.
    write_puzzles(out, &puzzles)?;
    outln!(
        "{done} puzzles completed in {:.0} s; {} of {total} complete",
        started.elapsed().as_secs_f64(),
        completion::completed(&puzzles)
    );
    Ok(())
}


/// Replays every puzzle; re-analyses every `sample`-th one (0: none) with a fresh seed.
fn check(file: &str, sample: usize, worlds: u32, jobs: usize) -> Result<(), Failure> {
    let puzzles = read(file, &VOCABULARY)?;
    let started = Instant::now();
    let reach = |puzzle: &Puzzle| {
        let position = replay::replay::<KbState>(&puzzles, puzzle).map_err(|e| e.to_string())?;
        let players = position.state.players();
        // Early: more than half the first stock still to come.
        let early = position.state.stock_len() * 2 > 90 - 6 * players;
        let keys = vec![
            format!("difficulty {}", puzzle.difficulty),
            format!("kind {}", puzzle.kind.code()),
            format!("players {players}"),
            format!("unit {}", puzzle.unit.code()),
            format!("answers {}", puzzle.answers.len()),
            if early { "early".into() } else { "late".into() },
        ];
        Ok((position, keys))
    };
    let (held, asked) = check_each(&puzzles, sample, reach, |position, puzzle| mine::reanalyse(position, puzzle, worlds, jobs))?;
    outln!(
        "{} puzzles replay; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed); {:.0} s",
        puzzles.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

