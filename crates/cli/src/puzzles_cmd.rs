//! `tablee puzzles`: mine puzzles from seeded bot games (docs/puzzles.md),
//! print one puzzle's position as a scenario file, or check a puzzle file.

use std::collections::BTreeMap;
use std::time::Instant;

use tablee_engine::json::Json;
use tablee_engine::jachete::JaGame;
use tablee_engine::katzenjammer::KbState;
use tablee_puzzles::format::{self, Kind, Parts, Puzzle, PuzzleFile};
use tablee_puzzles::complete::{self as completion, Completion};
use tablee_puzzles::jachete::{self as ja};
use tablee_puzzles::mine::{self, Config};
use tablee_puzzles::miner::Tally;
use tablee_puzzles::replay;

use crate::args::{GameName, Options, Takes};
use crate::Failure;

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
    let game = GameName::parse_available(options.value("game").unwrap_or("katzenjammer")).map_err(Failure::usage)?;
    let jobs = options.count("jobs", 1, 1).map_err(Failure::usage)?;
    if let Some(file) = options.value("check") {
        let sample = options.count("sample", 0, 0).map_err(Failure::usage)?;
        let worlds = options.count("worlds", 1, 2000).map_err(Failure::usage)? as u32;
        // The file says its game.
        if read(file)?.game == "jachete" {
            let fresh = options.count("fresh-seed", 0, 1).map_err(Failure::usage)? as u64;
            return ja_check(file, sample, worlds, jobs, fresh);
        }
        return check(file, sample, worlds, jobs);
    }
    // `--explain FILE [--out OUT]`: every puzzle's `why` written again, nothing else.
    if let Some(file) = options.value("explain") {
        return explain(file, options.value("out").unwrap_or(file));
    }
    // `--split FILE --out OUT [--part-games N]`: the file as an index and its parts.
    if let Some(file) = options.value("split") {
        let out = options.value("out").ok_or_else(|| Failure::usage("--split FILE needs --out INDEX (its parts go beside it)"))?;
        let puzzles = read(file)?;
        let part_games = match options.value("part-games") {
            None => part_games(&puzzles.game),
            Some(n) => n.trim().parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| Failure::usage(format!("--part-games takes a number of games, not \"{n}\"")))?,
        };
        let parts = write_split(out, &puzzles, part_games)?;
        println!("{} puzzles from {} games written to {out}, their actions in {parts} parts of {part_games} games", puzzles.puzzles.len(), puzzles.games.len());
        return Ok(());
    }
    // `--join FILE --out OUT`: the file whole (version 1), as miners write it.
    if let Some(file) = options.value("join") {
        let out = options.value("out").ok_or_else(|| Failure::usage("--join FILE needs --out FILE"))?;
        let puzzles = read(file)?;
        write(out, &puzzles.text())?;
        println!("{} puzzles from {} games written whole to {out}", puzzles.puzzles.len(), puzzles.games.len());
        return Ok(());
    }
    // `--cut FILE --first N --out OUT`: the file's first N puzzles (what `--count N` mines).
    if let Some(file) = options.value("cut") {
        let n = options.value("first").ok_or_else(|| Failure::usage("--cut FILE needs --first N"))?;
        let n = n.trim().parse::<usize>().map_err(|_| Failure::usage(format!("--first takes a number of puzzles, not \"{n}\"")))?;
        let out = options.value("out").ok_or_else(|| Failure::usage("--first needs --out FILE"))?;
        let mut cut = read(file)?.first(n);
        // `--keep K` (J'achète): the answers and the best K other moves.
        if let Some(keep) = options.value("keep").filter(|_| cut.game == "jachete") {
            let keep = keep.trim().parse::<usize>().map_err(|_| Failure::usage(format!("--keep takes a number of moves, not \"{keep}\"")))?;
            ja::keep_best(&mut cut, keep);
        }
        write_puzzles(out, &cut)?;
        println!("{} puzzles from {} games written to {out}", cut.puzzles.len(), cut.games.len());
        return Ok(());
    }
    if game == GameName::Jachete {
        return ja_mine(&options, jobs);
    }
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
            Some(code) => Some(Kind::parse(code).ok_or_else(|| {
                Failure::usage(format!("--kind takes bid, pass, present or jokers, not \"{code}\""))
            })?),
        },
        keep,
        ..Config::default()
    };
    // `--onto FILE`: the new puzzles follow that file's, which stay as they are.
    let base = match options.value("onto") {
        Some(file) => read(file)?,
        None => PuzzleFile { game: "katzenjammer".into(), games: Vec::new(), puzzles: Vec::new() },
    };
    let config = Config { check: config.check.min(config.worlds), screen: config.screen.min(config.worlds), ..config };
    let mut progress = Progress::new(out, &base);
    let (file, tally) = mine::mine_onto(&config, base, |t, f, players, seconds| progress.hear(t, f, players, seconds));
    progress.finish(&file, &tally)
}

/// A mining run's progress: each new puzzle on stderr, and the file written
/// after every game that gave puzzles (a run stopped early leaves a valid
/// file: the same seed's first puzzles).
struct Progress<'a> {
    out: &'a str,
    /// The puzzles of the file mined onto, and those already reported.
    first: usize,
    written: usize,
    failed: Option<Failure>,
}

impl<'a> Progress<'a> {
    fn new(out: &'a str, base: &PuzzleFile) -> Progress<'a> {
        Progress { out, first: base.puzzles.len(), written: base.puzzles.len(), failed: None }
    }

    fn hear(&mut self, tally: &Tally, file: &PuzzleFile, players: usize, seconds: f64) {
        for p in &file.puzzles[self.written..] {
            eprintln!(
                "puzzle {} ({}, {players} players, difficulty {}, move {}): {} games, {} decisions, {} screened, {} checked, {} deep, {seconds:.0} s, {:.1} s a puzzle",
                p.id, p.kind.code(), p.difficulty, p.at, tally.games, tally.decisions, tally.screened, tally.checked, tally.deep,
                seconds / (file.puzzles.len() - self.first) as f64
            );
        }
        self.written = file.puzzles.len();
        if let Err(e) = write_puzzles(self.out, file) {
            self.failed = Some(e);
        }
    }

    /// The file written a last time, and the run's numbers.
    fn finish(self, file: &PuzzleFile, tally: &Tally) -> Result<(), Failure> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        write_puzzles(self.out, file)?;
        fn sorted<K: Ord + std::fmt::Debug>(m: &std::collections::HashMap<K, usize>) -> String {
            format!("{:?}", m.iter().collect::<BTreeMap<_, _>>())
        }
        let rounds = if tally.by_round.is_empty() { String::new() } else { format!("; rounds {}", sorted(&tally.by_round)) };
        println!(
            "{} puzzles from {} games ({} decisions, {} screened, {} checked, {} deep analyses); kinds {}; players {}{rounds}",
            file.puzzles.len(),
            tally.games,
            tally.decisions,
            tally.screened,
            tally.checked,
            tally.deep,
            sorted(&tally.by_kind),
            sorted(&tally.by_players),
        );
        Ok(())
    }
}

/// Writes through a temporary file, so a reader never sees half a file.
fn write(out: &str, text: &str) -> Result<(), Failure> {
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, out))
        .map_err(|e| Failure::runtime(format!("cannot write {out}: {e}")))
}

/// `--complete FILE`: the other candidates of the puzzles that lack them,
/// analysed again; the file is written after every puzzle (to `out`, which
/// is `FILE` unless `--out` says otherwise), so a stopped run resumes.
fn complete(file: &str, out: &str, how: &Completion) -> Result<(), Failure> {
    let mut puzzles = read(file)?;
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
    println!(
        "{done} puzzles completed in {:.0} s; {} of {total} complete",
        started.elapsed().as_secs_f64(),
        completion::completed(&puzzles)
    );
    Ok(())
}

/// `--explain FILE`: the explanations written again from each puzzle's
/// stored candidates (docs/puzzles.md, "Explanations", and J'achète's
/// `why`); prints how many puzzles name each reason.
fn explain(file: &str, out: &str) -> Result<(), Failure> {
    let mut puzzles = read(file)?;
    let failed = |(id, e): (u32, String)| Failure::runtime(format!("puzzle {id}: {e}"));
    // J'achète's tally is by kind and reason ("lay goes-out").
    let tally = match puzzles.game.as_str() {
        "jachete" => tablee_puzzles::explain_ja::rewrite(&mut puzzles).map_err(failed)?,
        _ => tablee_puzzles::explain::rewrite(&mut puzzles).map_err(failed)?,
    };
    write_puzzles(out, &puzzles)?;
    for (reason, n) in &tally {
        println!("{reason}: {n}");
    }
    println!("{} puzzles explained, written to {out}", puzzles.puzzles.len());
    Ok(())
}

/// A puzzle file of either form: a whole (version 1) file, or a version 2
/// index with its parts read from beside it.
fn read(file: &str) -> Result<PuzzleFile, Failure> {
    format::read_file(file).map_err(|e| Failure::usage(format!("{file}: {e}")))
}

/// How many games a part holds when `--part-games` does not say: parts of
/// about 3 KB gzipped (docs/puzzles.md, "The file"). J'achète's `play`
/// actions list the whole table: its games are some ten times Katzenjammer's.
fn part_games(game: &str) -> usize {
    match game {
        "jachete" => 4,
        _ => 16,
    }
}

/// Writes `file` to `out` in the form `out` has: a version 2 index (and its
/// parts) if it is one, with as many games a part; else a whole file
/// (version 1, what miners write).
fn write_puzzles(out: &str, file: &PuzzleFile) -> Result<(), Failure> {
    let split = std::fs::read_to_string(out).ok().and_then(|text| PuzzleFile::read_index(&text).ok()).and_then(|(_, parts)| parts);
    match split {
        Some(parts) => write_split(out, file, parts.part_games).map(|_| ()),
        None => write(out, &file.text()),
    }
}

/// Writes `file` split: its parts in the folder beside `index` (parts of an
/// earlier split beyond the new count removed), then the index. Gives the
/// number of parts.
fn write_split(index: &str, file: &PuzzleFile, part_games: usize) -> Result<usize, Failure> {
    let (text, parts) = file.split(part_games);
    let folder = Parts::path(index, 0);
    let folder = std::path::Path::new(&folder).parent().unwrap_or(std::path::Path::new("."));
    std::fs::create_dir_all(folder).map_err(|e| Failure::runtime(format!("cannot make {}: {e}", folder.display())))?;
    for (k, part) in parts.iter().enumerate() {
        write(&Parts::path(index, k), part)?;
    }
    let stale = std::fs::read_dir(folder).map_err(|e| Failure::runtime(format!("cannot list {}: {e}", folder.display())))?;
    for entry in stale.flatten() {
        let name = entry.file_name();
        let number = name.to_str().and_then(|n| n.strip_suffix(".json")).and_then(|n| n.parse::<usize>().ok());
        if number.is_some_and(|k| k >= parts.len()) {
            std::fs::remove_file(entry.path()).map_err(|e| Failure::runtime(format!("cannot remove {}: {e}", entry.path().display())))?;
        }
    }
    write(index, &text)?;
    Ok(parts.len())
}

fn print_scenario(id: &str, file: &str) -> Result<(), Failure> {
    let puzzles = read(file)?;
    let id: u32 = id.trim().parse().map_err(|_| Failure::usage(format!("--scenario takes a puzzle id, not \"{id}\"")))?;
    let puzzle = puzzles.puzzle(id).ok_or_else(|| Failure::usage(format!("{file} has no puzzle {id}")))?;
    let scenario = match puzzles.game.as_str() {
        "jachete" => replay::scenario::<JaGame>(&puzzles, puzzle),
        _ => replay::scenario::<KbState>(&puzzles, puzzle),
    }
    .map_err(|e| Failure::runtime(format!("puzzle {id}: {e}")))?;
    // The scenario's keys in the order of scenarios.md, one action a line.
    let Json::Obj(fields) = &scenario else { return Err(Failure::runtime("a scenario is an object")) };
    let mut text = String::from("{");
    for (i, (key, value)) in fields.iter().enumerate() {
        text.push_str(if i == 0 { "\n  " } else { ",\n  " });
        Json::str(key).write(&mut text);
        text.push_str(": ");
        match value.as_array() {
            Some(items) if key == "actions" || key == "hands" => {
                text.push('[');
                for (j, item) in items.iter().enumerate() {
                    text.push_str(if j == 0 { "\n    " } else { ",\n    " });
                    item.write(&mut text);
                }
                text.push_str("\n  ]");
            }
            _ => value.write(&mut text),
        }
    }
    text.push_str("\n}");
    println!("{text}");
    Ok(())
}

/// Replays every puzzle; re-analyses every `sample`-th one (0: none) with a fresh seed.
fn check(file: &str, sample: usize, worlds: u32, jobs: usize) -> Result<(), Failure> {
    let puzzles = read(file)?;
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
    println!(
        "{} puzzles replay; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed); {:.0} s",
        puzzles.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// What `--check` does for both games: every puzzle reached (and checked)
/// by `reach`, which names what it counts (its levels in `found_by` are
/// counted too), every `sample`-th (0: none) re-analysed by `holds`; the
/// counts printed. Gives how many answers held of how many re-analysed.
fn check_each<P>(
    file: &PuzzleFile,
    sample: usize,
    mut reach: impl FnMut(&Puzzle) -> Result<(P, Vec<String>), String>,
    mut holds: impl FnMut(&P, &Puzzle) -> bool,
) -> Result<(usize, usize), Failure> {
    let (mut held, mut asked) = (0, 0);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (i, puzzle) in file.puzzles.iter().enumerate() {
        let (position, keys) = reach(puzzle).map_err(|e| Failure::runtime(format!("puzzle {}: {e}", puzzle.id)))?;
        for key in keys.into_iter().chain(puzzle.found_by.iter().map(|l| format!("found by {l}"))) {
            *counts.entry(key).or_insert(0) += 1;
        }
        if sample > 0 && i % sample == 0 {
            asked += 1;
            if holds(&position, puzzle) {
                held += 1;
            } else {
                eprintln!("puzzle {}: its answer did not hold", puzzle.id);
            }
        }
    }
    for (key, n) in &counts {
        println!("{key}: {n}");
    }
    Ok((held, asked))
}

/// `--game jachete`: mine J'achète's puzzles (docs/puzzles.md, "J'achète").
fn ja_mine(options: &Options, jobs: usize) -> Result<(), Failure> {
    for only_kb in ["complete", "keep", "limit"] {
        if options.value(only_kb).is_some() {
            return Err(Failure::usage(format!("--{only_kb} is for Katzenjammer's puzzles, not J'achète's")));
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
                Kind::parse(code)
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
    use tablee_puzzles::replay::PuzzleRules;
    let puzzles = read(file)?;
    let started = Instant::now();
    let reach = |puzzle: &Puzzle| {
        let position = replay::replay::<JaGame>(&puzzles, puzzle).map_err(|e| e.to_string())?;
        let scenario = replay::scenario::<JaGame>(&puzzles, puzzle).map_err(|e| e.to_string())?;
        let output = tablee_engine::scenario::run(&scenario).map_err(|e| format!("its scenario is malformed: {e}"))?;
        if output.get("ok").and_then(Json::as_bool) != Some(true) {
            return Err(format!("its scenario stops: {}", output.text()));
        }
        let state = output.get("state").ok_or("its scenario has no state")?;
        position.state.agrees_with_scenario_state(state).map_err(|e| format!("its scenario differs: {e}"))?;
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
    println!(
        "{} puzzles replay and their scenarios reach the same state; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed {fresh}); {:.0} s",
        puzzles.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
