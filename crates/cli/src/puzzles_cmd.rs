//! `tablee puzzles`: mine puzzles from seeded bot games (docs/puzzles.md),
//! print one puzzle's position as a scenario file, or check a puzzle file.

use std::collections::BTreeMap;
use std::time::Instant;

use tablee_engine::json::Json;
use tablee_engine::jachete::JaGame;
use tablee_engine::katzenjammer::KbState;
use tablee_puzzles::format::{Kind, PuzzleFile};
use tablee_puzzles::complete::{self as completion, Completion};
use tablee_puzzles::jachete::{self as ja};
use tablee_puzzles::mine::{self, Config};
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
    ("explain", Takes::Value),
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
    // `--cut FILE --first N --out OUT`: the file's first N puzzles (what `--count N` mines).
    if let Some(file) = options.value("cut") {
        let n = options.value("first").ok_or_else(|| Failure::usage("--cut FILE needs --first N"))?;
        let n = n.trim().parse::<usize>().map_err(|_| Failure::usage(format!("--first takes a number of puzzles, not \"{n}\"")))?;
        let out = options.value("out").ok_or_else(|| Failure::usage("--first needs --out FILE"))?;
        let cut = read(file)?.first(n);
        write(out, &cut.text())?;
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
    // The file is written after every game that gave puzzles: a run stopped
    // early leaves a valid file (the same seed's first puzzles).
    let mut failed = None;
    let mut written = base.puzzles.len();
    let (file, tally) = mine::mine_onto(&config, base, |tally, file, players, seconds| {
        for p in &file.puzzles[written..] {
            eprintln!(
                "puzzle {} ({}, {players} players, difficulty {}, move {}): {} games, {} decisions, {} screened, {} checked, {} deep, {seconds:.0} s",
                p.id, p.kind.code(), p.difficulty, p.at, tally.games, tally.decisions, tally.screened, tally.checked, tally.deep
            );
        }
        written = file.puzzles.len();
        if let Err(e) = write(out, &file.text()) {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    write(out, &file.text())?;
    println!(
        "{} puzzles from {} games ({} decisions, {} screened, {} checked, {} deep analyses); kinds {:?}; players {:?}",
        file.puzzles.len(),
        tally.games,
        tally.decisions,
        tally.screened,
        tally.checked,
        tally.deep,
        tally.by_kind,
        tally.by_players
    );
    Ok(())
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
        if let Err(e) = write(out, &so_far.text()) {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    let done = result.map_err(|e| Failure::runtime(e.to_string()))?;
    // Also when nothing was analysed: `--keep` trims the complete puzzles.
    write(out, &puzzles.text())?;
    println!(
        "{done} puzzles completed in {:.0} s; {} of {total} complete",
        started.elapsed().as_secs_f64(),
        completion::completed(&puzzles)
    );
    Ok(())
}

/// `--explain FILE`: Katzenjammer's explanations written again from each
/// puzzle's stored candidates (docs/puzzles.md, "Explanations"); prints how
/// many puzzles name each reason.
fn explain(file: &str, out: &str) -> Result<(), Failure> {
    let mut puzzles = read(file)?;
    if puzzles.game != "katzenjammer" {
        return Err(Failure::usage(format!("--explain rewrites Katzenjammer's explanations; {file} is a {} file", puzzles.game)));
    }
    let tally = tablee_puzzles::explain::rewrite(&mut puzzles).map_err(|(id, e)| Failure::runtime(format!("puzzle {id}: {e}")))?;
    write(out, &puzzles.text())?;
    for (reason, n) in &tally {
        println!("{reason}: {n}");
    }
    println!("{} puzzles explained, written to {out}", puzzles.puzzles.len());
    Ok(())
}

fn read(file: &str) -> Result<PuzzleFile, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| Failure::usage(format!("cannot read {file}: {e}")))?;
    PuzzleFile::parse(&text).map_err(|e| Failure::usage(format!("{file}: {e}")))
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
    let mut held = 0;
    let mut asked = 0;
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut count = |key: String| *counts.entry(key).or_insert(0) += 1;
    for (i, puzzle) in puzzles.puzzles.iter().enumerate() {
        let position = replay::replay::<KbState>(&puzzles, puzzle)
            .map_err(|e| Failure::runtime(format!("puzzle {}: {e}", puzzle.id)))?;
        let players = position.state.players();
        // Early: more than half the first stock still to come.
        let early = position.state.stock_len() * 2 > 90 - 6 * players;
        count(format!("difficulty {}", puzzle.difficulty));
        count(format!("kind {}", puzzle.kind.code()));
        count(format!("players {players}"));
        count(format!("unit {}", puzzle.unit.code()));
        count(format!("answers {}", puzzle.answers.len()));
        count(if early { "early".into() } else { "late".into() });
        for level in &puzzle.found_by {
            count(format!("found by {level}"));
        }
        if sample > 0 && i % sample == 0 {
            asked += 1;
            if mine::reanalyse(&position, puzzle, worlds, jobs) {
                held += 1;
            } else {
                eprintln!("puzzle {}: its answer did not hold", puzzle.id);
            }
        }
    }
    for (key, n) in &counts {
        println!("{key}: {n}");
    }
    println!(
        "{} puzzles replay; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed); {:.0} s",
        puzzles.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

/// `--game jachete`: mine J'achète's puzzles (docs/puzzles.md, "J'achète").
fn ja_mine(options: &Options, jobs: usize) -> Result<(), Failure> {
    for only_kb in ["onto", "complete", "keep", "limit"] {
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
        ..defaults
    };
    let mut failed = None;
    let mut written = 0;
    let (file, tally) = ja::mine(&config, |tally, file, players, seconds| {
        for p in &file.puzzles[written..] {
            eprintln!(
                "puzzle {} ({}, {players} players, difficulty {}, move {}): {} games, {} decisions, {} screened, {} checked, {} deep, {seconds:.0} s, {:.1} s a puzzle",
                p.id, p.kind.code(), p.difficulty, p.at, tally.games, tally.decisions, tally.screened, tally.checked, tally.deep,
                seconds / file.puzzles.len() as f64
            );
        }
        written = file.puzzles.len();
        if let Err(e) = write(out, &file.text()) {
            failed = Some(e);
        }
    });
    if let Some(e) = failed {
        return Err(e);
    }
    write(out, &file.text())?;
    fn sorted<K: Ord + std::fmt::Debug>(m: &std::collections::HashMap<K, usize>) -> String {
        format!("{:?}", m.iter().collect::<BTreeMap<_, _>>())
    }
    println!(
        "{} puzzles from {} games ({} decisions, {} screened, {} checked, {} deep analyses); kinds {}; players {}; rounds {}",
        file.puzzles.len(),
        tally.games,
        tally.decisions,
        tally.screened,
        tally.checked,
        tally.deep,
        sorted(&tally.by_kind),
        sorted(&tally.by_players),
        sorted(&tally.by_round)
    );
    Ok(())
}

/// `--check FILE` for J'achète: every puzzle replays from its seed (its seat
/// to move, its candidates legal), its scenario reaches the same state
/// through the engine's scenario runner, and every `sample`-th is analysed
/// again on `worlds` fresh worlds (`--fresh-seed`).
fn ja_check(file: &str, sample: usize, worlds: u32, jobs: usize, fresh: u64) -> Result<(), Failure> {
    let puzzles = read(file)?;
    let started = Instant::now();
    let (mut held, mut asked) = (0, 0);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for (i, puzzle) in puzzles.puzzles.iter().enumerate() {
        let fail = |e: String| Failure::runtime(format!("puzzle {}: {e}", puzzle.id));
        let position = replay::replay::<JaGame>(&puzzles, puzzle).map_err(|e| fail(e.to_string()))?;
        let scenario = replay::scenario::<JaGame>(&puzzles, puzzle).map_err(|e| fail(e.to_string()))?;
        let output = tablee_engine::scenario::run(&scenario).map_err(|e| fail(format!("its scenario is malformed: {e}")))?;
        if output.get("ok").and_then(Json::as_bool) != Some(true) {
            return Err(fail(format!("its scenario stops: {}", output.text())));
        }
        use tablee_puzzles::replay::PuzzleRules;
        let state = output.get("state").ok_or_else(|| fail("its scenario has no state".into()))?;
        position.state.agrees_with_scenario_state(state).map_err(|e| fail(format!("its scenario differs: {e}")))?;
        let round = position.state.round().round();
        for key in [
            format!("kind {}", puzzle.kind.code()),
            format!("players {}", position.state.round().players()),
            format!("round {round}"),
            format!("difficulty {}", puzzle.difficulty),
            format!("answers {}", puzzle.answers.len()),
        ]
        .into_iter()
        .chain(puzzle.found_by.iter().map(|l| format!("found by {l}")))
        {
            *counts.entry(key).or_insert(0) += 1;
        }
        if sample > 0 && i % sample == 0 {
            asked += 1;
            if ja::reanalyse(&position, puzzle, worlds, jobs, fresh) {
                held += 1;
            } else {
                eprintln!("puzzle {}: its answer did not hold", puzzle.id);
            }
        }
    }
    for (key, n) in &counts {
        println!("{key}: {n}");
    }
    println!(
        "{} puzzles replay and their scenarios reach the same state; {held} of {asked} answers held on re-analysis ({worlds} worlds, fresh seed {fresh}); {:.0} s",
        puzzles.puzzles.len(),
        started.elapsed().as_secs_f64()
    );
    Ok(())
}
