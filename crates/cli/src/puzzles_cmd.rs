//! `tablee puzzles`: mine puzzles from seeded bot games (docs/puzzles.md),
//! print one puzzle's position as a scenario file, or check, explain, cut,
//! split or join a puzzle file. The game's part is its tool's
//! (`Tool::puzzles`); a file says its game.

use tablee_puzzles::format::{self, PuzzleFile};

use crate::args::{Options, Takes};
use crate::failure::Failure;
use crate::games;
use crate::puzzle_files::{read, scenario_text, write, write_puzzles, write_split};
use crate::tool::Puzzles;

const SPEC: &[(&str, Takes)] = &[
    ("game", Takes::Value),
    ("count", Takes::Value),
    ("seed", Takes::Value),
    ("out", Takes::Value),
    ("worlds", Takes::Value),
    ("jobs", Takes::Value),
    ("max-games", Takes::Value),
    ("check", Takes::Value),
    ("sample", Takes::Value),
    ("kind", Takes::Value),
    ("onto", Takes::Value),
    ("complete", Takes::Value),
    ("keep", Takes::Value),
    ("limit", Takes::Value),
    ("fresh-seed", Takes::Value),
    ("first", Takes::Value),
    ("cut", Takes::Value),
    ("extend", Takes::Value),
    ("buy-share", Takes::Value),
    ("explain", Takes::Value),
    ("split", Takes::Value),
    ("part-games", Takes::Value),
    ("join", Takes::Value),
];

pub fn run(args: &[String]) -> Result<(), Failure> {
    // `--scenario ID FILE`: the file is a word of its own.
    if let [flag, id, file] = args {
        if flag == "--scenario" {
            return print_scenario(id, file);
        }
    }
    let options = Options::parse(args, SPEC).map_err(Failure::usage)?;
    let tool = games::find(options.value("game").unwrap_or(games::DEFAULT)).map_err(Failure::usage)?;
    let jobs = options.count("jobs", 1, 1).map_err(Failure::usage)?;
    if let Some(file) = options.value("check") {
        // The file says its game.
        return read_named(file)?.1.check(file, &options, jobs);
    }
    // `--explain FILE [--out OUT]`: every puzzle's `why` written again, nothing else.
    if let Some(file) = options.value("explain") {
        return explain(file, options.value("out").unwrap_or(file));
    }
    // `--split FILE --out OUT [--part-games N]`: the file as an index and its parts.
    if let Some(file) = options.value("split") {
        let out = options.value("out").ok_or_else(|| Failure::usage("--split FILE needs --out INDEX (its parts go beside it)"))?;
        let (puzzles, game) = read_named(file)?;
        let part_games = match options.value("part-games") {
            None => game.part_games(),
            Some(n) => n.trim().parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| Failure::usage(format!("--part-games takes a number of games, not \"{n}\"")))?,
        };
        let parts = write_split(out, &puzzles, part_games)?;
        outln!("{} puzzles from {} games written to {out} (version 3), their actions, candidates and explanations in {parts} parts of {part_games} games", puzzles.puzzles.len(), puzzles.games.len());
        return Ok(());
    }
    // `--join FILE --out OUT`: the file whole (version 1), as miners write it.
    if let Some(file) = options.value("join") {
        let out = options.value("out").ok_or_else(|| Failure::usage("--join FILE needs --out FILE"))?;
        let (puzzles, _) = read_named(file)?;
        write(out, &puzzles.text())?;
        outln!("{} puzzles from {} games written whole to {out}", puzzles.puzzles.len(), puzzles.games.len());
        return Ok(());
    }
    // `--cut FILE --first N --out OUT`: the file's first N puzzles (what `--count N` mines).
    if let Some(file) = options.value("cut") {
        let n = options.value("first").ok_or_else(|| Failure::usage("--cut FILE needs --first N"))?;
        let n = n.trim().parse::<usize>().map_err(|_| Failure::usage(format!("--first takes a number of puzzles, not \"{n}\"")))?;
        let out = options.value("out").ok_or_else(|| Failure::usage("--first needs --out FILE"))?;
        let (whole, game) = read_named(file)?;
        let mut cut = whole.first(n);
        // `--keep K` (J'achète): the answers and the best K other moves.
        if let Some(keep) = options.value("keep") {
            let keep = keep.trim().parse::<usize>().map_err(|_| Failure::usage(format!("--keep takes a number of moves, not \"{keep}\"")))?;
            game.keep_best(&mut cut, keep);
        }
        write_puzzles(out, &cut)?;
        outln!("{} puzzles from {} games written to {out}", cut.puzzles.len(), cut.games.len());
        return Ok(());
    }
    let puzzles = tool.puzzles().ok_or_else(|| Failure::usage(format!("{} has no puzzles", tool.code())))?;
    puzzles.mine(&options, jobs)
}

/// A puzzle file (`name`) read with the kinds and units of the game it
/// names, and that game's puzzles.
fn read_named(name: &str) -> Result<(PuzzleFile, &'static dyn Puzzles), Failure> {
    let unreadable = |e: String| Failure::usage(format!("{name}: {e}"));
    let text = std::fs::read_to_string(name).map_err(|e| unreadable(format!("cannot be read: {name}: {e}")))?;
    let game = format::game_of(&text).map_err(|e| unreadable(e.to_string()))?;
    let tool = games::by_code(&game).ok_or_else(|| unreadable(format!("a puzzle file of \"{game}\", a game this tablee does not know")))?;
    let puzzles = tool.puzzles().ok_or_else(|| unreadable(format!("{} has no puzzles", tool.code())))?;
    Ok((read(name, &puzzles.vocabulary())?, puzzles))
}

/// `--explain FILE`: the explanations written again from each puzzle's
/// stored candidates (docs/puzzles.md, "Explanations", and J'achète's
/// `why`); prints how many puzzles name each reason.
fn explain(file: &str, out: &str) -> Result<(), Failure> {
    let (mut puzzles, game) = read_named(file)?;
    let failed = |(id, e): (u32, String)| Failure::runtime(format!("puzzle {id}: {e}"));
    // J'achète's tally is by kind and reason ("lay goes-out").
    let tally = game.explain(&mut puzzles).map_err(failed)?;
    write_puzzles(out, &puzzles)?;
    for (reason, n) in &tally {
        outln!("{reason}: {n}");
    }
    outln!("{} puzzles explained, written to {out}", puzzles.puzzles.len());
    Ok(())
}


fn print_scenario(id: &str, file: &str) -> Result<(), Failure> {
    let (puzzles, game) = read_named(file)?;
    let id: u32 = id.trim().parse().map_err(|_| Failure::usage(format!("--scenario takes a puzzle id, not \"{id}\"")))?;
    let puzzle = puzzles.puzzle(id).ok_or_else(|| Failure::usage(format!("{file} has no puzzle {id}")))?;
    let scenario = game
        .scenario(&puzzles, puzzle)
        .map_err(|e| Failure::runtime(format!("puzzle {id}: {e}")))?;
    outln!("{}", scenario_text(&scenario)?);
    Ok(())
}
