//! What every game's `tablee puzzles` shares (`games/<game>/puzzles.rs`):
//! reading and writing puzzle files (whole, or an index with its parts), a
//! mining run's progress, `--check`'s counts, a scenario printed.

use std::collections::BTreeMap;

use tablee_engine::json::Json;
use tablee_puzzles::format::{self, Parts, Puzzle, PuzzleFile, Vocabulary};
use tablee_puzzles::miner::Tally;
use tablee_puzzles::replay::{self, Position, PuzzleRules};

use crate::failure::Failure;

/// A mining run's progress: each new puzzle on stderr, and the file written
/// after every game that gave puzzles (a run stopped early leaves a valid
/// file: the same seed's first puzzles).
pub struct Progress<'a> {
    out: &'a str,
    /// The puzzles of the file mined onto, and those already reported.
    first: usize,
    written: usize,
    failed: Option<Failure>,
}

impl<'a> Progress<'a> {
    pub fn new(out: &'a str, base: &PuzzleFile) -> Progress<'a> {
        Progress { out, first: base.puzzles.len(), written: base.puzzles.len(), failed: None }
    }

    pub fn hear(&mut self, tally: &Tally, file: &PuzzleFile, players: usize, seconds: f64) {
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
    pub fn finish(self, file: &PuzzleFile, tally: &Tally) -> Result<(), Failure> {
        if let Some(e) = self.failed {
            return Err(e);
        }
        write_puzzles(self.out, file)?;
        fn sorted<K: Ord + std::fmt::Debug>(m: &std::collections::HashMap<K, usize>) -> String {
            format!("{:?}", m.iter().collect::<BTreeMap<_, _>>())
        }
        let rounds = if tally.by_round.is_empty() { String::new() } else { format!("; rounds {}", sorted(&tally.by_round)) };
        outln!(
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
pub fn write(out: &str, text: &str) -> Result<(), Failure> {
    let tmp = format!("{out}.tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, out))
        .map_err(|e| Failure::runtime(format!("cannot write {out}: {e}")))
}


/// A puzzle file of either form: a whole (version 1) file, or a version 2 or 3
/// index with its parts read from beside it; its kinds and units its game's.
pub fn read(file: &str, vocabulary: &Vocabulary) -> Result<PuzzleFile, Failure> {
    format::read_file(file, vocabulary).map_err(|e| Failure::usage(format!("{file}: {e}")))
}


/// Writes `file` to `out` in the form `out` has: an index and its parts if
/// it is one (of version 2 or 3; written as version 3), with as many games a
/// part; else a whole file (version 1, what miners write).
pub fn write_puzzles(out: &str, file: &PuzzleFile) -> Result<(), Failure> {
    let split = std::fs::read_to_string(out).ok().and_then(|text| Parts::of_index(&text).ok()).flatten();
    match split {
        Some(parts) => write_split(out, file, parts.part_games).map(|_| ()),
        None => write(out, &file.text()),
    }
}

/// Writes `file` split: its parts in the folder beside `index` (parts of an
/// earlier split beyond the new count removed), then the index. Gives the
/// number of parts.
pub fn write_split(index: &str, file: &PuzzleFile, part_games: usize) -> Result<usize, Failure> {
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


/// A scenario (a puzzle's position) as `--scenario` prints it: its keys in
/// the order of scenarios.md, one action (and one hand) a line.
pub fn scenario_text(scenario: &Json) -> Result<String, Failure> {
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
    Ok(text)
}


/// A puzzle's position reached from its seed ([`replay::replay`]), and its
/// scenario ([`replay::scenario`]) run by its game's scenario runner (the
/// registry's) to the same state: `--check`'s for a game whose positions
/// are scenarios.
pub fn reach_by_scenario<G: PuzzleRules>(file: &PuzzleFile, puzzle: &Puzzle) -> Result<Position<G>, String> {
    let position = replay::replay::<G>(file, puzzle).map_err(|e| e.to_string())?;
    let scenario = replay::scenario::<G>(file, puzzle).map_err(|e| e.to_string())?;
    let output = crate::games::by_code(&file.game)
        .and_then(|tool| tool.scenario(&scenario))
        .ok_or_else(|| format!("{} has no scenario runner", file.game))?
        .map_err(|e| format!("its scenario is malformed: {e}"))?;
    if output.get("ok").and_then(Json::as_bool) != Some(true) {
        return Err(format!("its scenario stops: {}", output.text()));
    }
    let state = output.get("state").ok_or("its scenario has no state")?;
    position.state.agrees_with_scenario_state(state).map_err(|e| format!("its scenario differs: {e}"))?;
    Ok(position)
}

/// What `--check` does for every game: every puzzle reached (and checked)
/// by `reach`, which names what it counts (its levels in `found_by` are
/// counted too), every `sample`-th (0: none) re-analysed by `holds`; the
/// counts printed. Gives how many answers held of how many re-analysed.
pub fn check_each<P>(
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
        outln!("{key}: {n}");
    }
    Ok((held, asked))
}

