//! Completing a puzzle file (`tablee puzzles --complete`): the first files
//! kept only each puzzle's answers and the best other move, although the deep
//! analysis compared up to eight. For each puzzle that lacks them, the same
//! analysis runs again at its position — the same candidates (`normal`'s
//! move, pass, the heuristic's best), the same analysis seed, the same number
//! of worlds — so the values the file stores come out identical (any
//! difference is an error: the file was not mined as claimed), and the other
//! candidates are stored after them, best first, with `compared`.
//!
//! A puzzle with `compared` is complete and is not analysed again: a run
//! stopped at any moment resumes where it stopped.

use std::fmt;

use tablee_bots::arena::decision_seed;
use tablee_bots::katzenjammer::decide;
use tablee_bots::Level;
use tablee_engine::katzenjammer::{notation, KbState};

use super::analysis::Samples;
use crate::estimate::Estimate;
use super::MICE;
use crate::format::{stored, stored_ci, Candidate, Puzzle, PuzzleFile, Unit};
use super::mine::{analysis_seed, candidates, judge, MICE_MARGIN, WIN_MARGIN};
use crate::replay::{self, ReplayError};

/// How to complete.
#[derive(Clone, Debug)]
pub struct Completion {
    /// Worlds of the deep analysis the file was mined with (4,000 for the shipped file).
    pub worlds: u32,
    /// Candidates compared at most (mining's `width`).
    pub width: usize,
    /// Moves kept per puzzle besides its answers (the best others).
    pub keep: usize,
    /// Threads sharing each analysis' worlds (the result does not depend on it).
    pub jobs: usize,
    /// Puzzles to analyse at most in this run (`usize::MAX`: all that lack them).
    pub limit: usize,
}

/// Why a puzzle cannot be completed.
#[derive(Clone, Debug, PartialEq)]
pub enum CompleteError {
    Replay { id: u32, error: ReplayError },
    /// The analysis again does not give what the file stores: what differs.
    Differs { id: u32, what: String },
}

impl fmt::Display for CompleteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CompleteError::Replay { id, error } => write!(f, "puzzle {id}: {error}"),
            CompleteError::Differs { id, what } => write!(f, "puzzle {id}: the analysis again differs from the file: {what}"),
        }
    }
}

impl std::error::Error for CompleteError {}

/// Keeps a puzzle's answers and its `keep` best other moves (at least one).
pub fn trim(p: &mut Puzzle, keep: usize) {
    p.candidates.truncate(p.answers.len().saturating_add(keep.max(1)));
}

/// The puzzle with every candidate its deep analysis compared (then
/// trimmed to `keep` others), after checking that the analysis again gives
/// exactly the stored values: the same moves in the same order, the same
/// values and intervals, the same verdict.
pub fn complete_puzzle(file: &PuzzleFile, p: &Puzzle, how: &Completion) -> Result<Puzzle, CompleteError> {
    let id = p.id;
    let differs = |what: String| CompleteError::Differs { id, what };
    let game = &file.games[p.game];
    let state: KbState = replay::reach(game, p.at).map_err(|error| CompleteError::Replay { id, error })?;
    let view = state.view(p.seat);
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    // The candidates as mining chose them at this decision.
    let normal = decide(Level::Normal, &view, &legal, decision_seed(game.seed, p.seat, p.at));
    let cands = candidates(&view, &legal, &[normal], how.width);
    let mut samples = Samples::new(cands.len());
    samples.extend(&view, &cands, analysis_seed(game.seed, p.seat, p.at), 0, how.worlds, how.jobs);
    let (values, margin) = match p.unit {
        unit if unit == MICE => (&samples.mice, MICE_MARGIN),
        unit if unit == Unit::WIN_CHANCE => (&samples.win, WIN_MARGIN),
        // A file read as Katzenjammer's has no other unit.
        unit => return Err(differs(format!("a unit Katzenjammer's puzzles do not have: {}", unit.code()))),
    };
    // Mining judged in expected mice first, and in win chance only if that failed.
    if p.unit == Unit::WIN_CHANCE && judge(&samples.mice, MICE, MICE_MARGIN, true).is_some() {
        return Err(differs("a clear answer in expected mice, the file judged in win chance".into()));
    }
    let verdict = judge(values, p.unit, margin, true).ok_or_else(|| differs(format!("no clear answer in {}", p.unit.code())))?;
    if verdict.answers.len() != p.answers.len() {
        return Err(differs(format!("{} answers, the file has {}", verdict.answers.len(), p.answers.len())));
    }
    let estimates: Vec<Estimate> = verdict.estimates;
    let mut complete: Vec<Candidate> = verdict
        .order
        .iter()
        .map(|&c| Candidate { action: notation::action_to_json(&cands[c]), value: stored(estimates[c].mean), ci: stored_ci(estimates[c].ci) })
        .collect();
    for (i, (old, new)) in p.candidates.iter().zip(&complete).enumerate() {
        let same_move = notation::action_from_json(&old.action).ok() == notation::action_from_json(&new.action).ok();
        if !same_move || old.value != new.value || old.ci != new.ci {
            return Err(differs(format!(
                "candidate {i}: the file has {} = {} ± {}, the analysis {} = {} ± {}",
                old.action.text(),
                old.value,
                old.ci,
                new.action.text(),
                new.value,
                new.ci
            )));
        }
    }
    if complete.len() < p.candidates.len() {
        return Err(differs(format!("{} candidates, the file has {}", complete.len(), p.candidates.len())));
    }
    // The stored moves keep their exact text (the app compares moves, not text).
    for (new, old) in complete.iter_mut().zip(&p.candidates) {
        new.action = old.action.clone();
    }
    let mut out = p.clone();
    out.candidates = complete;
    out.compared = Some(cands.len());
    trim(&mut out, how.keep);
    Ok(out)
}

/// Completes the puzzles of `file` that lack their candidates, in file
/// order, at most `how.limit` of them; a complete puzzle is only trimmed to
/// `how.keep`. `progress` hears after every puzzle completed, with the file
/// so far (complete up to that puzzle: write it, and a stopped run resumes).
/// Returns how many were completed.
pub fn complete(
    file: &mut PuzzleFile,
    how: &Completion,
    mut progress: impl FnMut(&PuzzleFile, &Puzzle),
) -> Result<usize, CompleteError> {
    for p in &mut file.puzzles {
        if p.compared.is_some() {
            trim(p, how.keep);
        }
    }
    let mut done = 0;
    for i in 0..file.puzzles.len() {
        if done >= how.limit {
            break;
        }
        if file.puzzles[i].compared.is_some() {
            continue;
        }
        let completed = complete_puzzle(file, &file.puzzles[i], how)?;
        file.puzzles[i] = completed;
        done += 1;
        progress(file, &file.puzzles[i]);
    }
    Ok(done)
}

/// How many of a file's puzzles are complete.
pub fn completed(file: &PuzzleFile) -> usize {
    file.puzzles.iter().filter(|p| p.compared.is_some()).count()
}
