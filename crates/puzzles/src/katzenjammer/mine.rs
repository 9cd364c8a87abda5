//! Mining: seeded games between bot levels, and at each decision worth
//! asking a paired analysis from the deciding seat's view ([`super::analysis`]),
//! in three stages of growing depth; a position is kept when its answer is
//! clearly best, `normal` plays something else, and the set stays varied.
//!
//! Everything is seeded: game `i` is dealt `arena::game_seed(seed, i)`, bots
//! decide with the game's decision seeds (as the app replays them), and each
//! analysis has its own seed from the game's seed and the move: the same
//! `--seed` mines the same file, whatever the number of threads.

use std::collections::HashMap;

use tablee_bots::arena::decision_seed;
use tablee_bots::katzenjammer::heuristic::Params;
use tablee_bots::katzenjammer::situation_from_view;
use tablee_bots::katzenjammer::decide;
use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{notation, Action, BidKind, Counts, KbState, KbView, Options, Phase};
use tablee_engine::rng::derive_seed;
use tablee_engine::katzenjammer::scenario::options_to_json;
use tablee_engine::Seed;

use super::analysis::Samples;
use crate::estimate::Estimate;
pub use crate::judge::{judge, Verdict, FINDERS};
use super::explain;
use super::{BID, JOKER_CATS, MICE, PASS, PRESENT};
use crate::format::{stored, stored_ci, Candidate, Kind, Puzzle, PuzzleFile, Unit};
use crate::miner::{self, Found, Miner};
use crate::replay::Position;

/// How hard to look.
#[derive(Clone, Debug)]
pub struct Config {
    /// Puzzles to find.
    pub count: usize,
    pub seed: u64,
    /// Worlds of the final analysis (`expert` searches 300).
    pub worlds: u32,
    /// Worlds of the first two stages (a cheap screen, then a check).
    pub screen: u32,
    pub check: u32,
    /// At most this many candidates are compared.
    pub width: usize,
    /// Moves written per puzzle besides its answers (the best others; by
    /// default every one compared).
    pub keep: usize,
    /// Threads sharing each analysis' worlds (the result does not depend on it).
    pub jobs: usize,
    /// Games to play at most (0: until `count` puzzles are found).
    pub max_games: usize,
    /// Only puzzles of this kind (`--kind`): analyses only the decisions that
    /// offer such a move, and keeps a position only when its answers are all
    /// of that kind and the best other move is not.
    pub kind: Option<Kind>,
}

impl Default for Config {
    fn default() -> Config {
        Config { count: 500, seed: 0, worlds: 6000, screen: 96, check: 600, width: 8, keep: usize::MAX, jobs: 1, max_games: 0, kind: None }
    }
}

/// A clear best: `margin` in the unit, intervals apart.
pub const MICE_MARGIN: f64 = 0.5;
pub const WIN_MARGIN: f64 = 5.0;
/// At most this many puzzles from one game.
const PER_GAME: usize = 6;
/// Seat levels of the mined games, drawn per seat.
const SEAT_LEVELS: [Level; 5] = [Level::Easy, Level::Normal, Level::Normal, Level::Hard, Level::Expert];

/// Judges in expected mice, else in win chance.
fn verdict(samples: &Samples, strict: bool, scale: f64) -> Option<Verdict> {
    judge(&samples.mice, MICE, MICE_MARGIN * scale, strict)
        .or_else(|| judge(&samples.win, Unit::WIN_CHANCE, WIN_MARGIN * scale, strict))
}

/// The candidates compared at a decision: the moves of every level that
/// `found_by` names (so that each is judged), pass, then the legal moves the
/// tuned heuristic ranks best (at most two per bid level), up to `width`.
pub fn candidates(view: &KbView, legal: &[Action], level_moves: &[Action], width: usize) -> Vec<Action> {
    let mut situation = situation_from_view(view);
    situation.params = Params::TUNED;
    let row = Counts::of(&view.row);
    let worth = |a: &Action| match a {
        Action::Pass => situation.baseline(),
        Action::Bid(bid) => situation.value_after_winning(&bid.cards, &row),
        Action::Present(p) => situation.value_of_presenting(p),
    };
    let mut ranked: Vec<(f64, usize)> = legal.iter().enumerate().map(|(i, a)| (worth(a), i)).collect();
    ranked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    let mut out: Vec<Action> = Vec::new();
    let push = |a: Action, out: &mut Vec<Action>| {
        if !out.contains(&a) && out.len() < width && legal.contains(&a) {
            out.push(a);
        }
    };
    for &a in level_moves {
        push(a, &mut out);
    }
    if view.phase == Phase::Bidding {
        push(Action::Pass, &mut out);
    }
    let mut per_level: HashMap<(u8, u8, u8), usize> = HashMap::new();
    for (_, i) in ranked {
        let a = legal[i];
        if let Action::Bid(bid) = a {
            let key = match bid.kind {
                BidKind::Same(v) => (bid.cards.total() as u8, 1, v),
                BidKind::Different => (bid.cards.total() as u8, 0, 0),
            };
            let seen = per_level.entry(key).or_insert(0);
            if *seen >= 2 {
                continue;
            }
            *seen += 1;
        }
        push(a, &mut out);
    }
    out
}

/// What kind of move the answer is.
pub fn kind_of(action: &Action) -> Kind {
    match action {
        Action::Pass => PASS,
        Action::Bid(_) => BID,
        Action::Present(p) if p.cats > 0 => JOKER_CATS,
        Action::Present(_) => PRESENT,
    }
}

pub use crate::miner::Tally;

/// Mines `config.count` puzzles. `progress` hears after every game that gave
/// puzzles, with the file so far (a prefix of the whole run's: the same seed
/// with a smaller `count` mines exactly its first puzzles).
pub fn mine(config: &Config, progress: impl FnMut(&Tally, &PuzzleFile, usize, f64)) -> (PuzzleFile, Tally) {
    let empty = PuzzleFile { game: <Config as Miner>::GAME.into(), games: Vec::new(), puzzles: Vec::new() };
    mine_onto(config, empty, progress)
}

/// Mines `config.count` more puzzles after those of `base` (`--onto`): its
/// games and puzzles stay as they are, the new games follow them, and the new
/// ids continue from its last; the variety quotas count its puzzles too.
pub fn mine_onto(
    config: &Config,
    base: PuzzleFile,
    progress: impl FnMut(&Tally, &PuzzleFile, usize, f64),
) -> (PuzzleFile, Tally) {
    miner::mine_onto(config, base, progress)
}

/// Whether a decision among `legal` offers a move of `kind`.
pub fn offers(kind: Kind, legal: &[Action]) -> bool {
    legal.iter().any(|a| kind_of(a) == kind)
}

/// Whether `--kind` lets a verdict in: every answer is a move of that kind
/// and the move they are judged against is not (the kind is what the puzzle
/// is about: joker cats against no joker cats, and the explanation says so).
fn wanted(config: &Config, cands: &[Action], v: &Verdict) -> bool {
    config.kind.is_none_or(|k| v.answers.iter().all(|&a| kind_of(&cands[a]) == k) && kind_of(&cands[v.next]) != k)
}

/// Whether one more puzzle of `kind` keeps the set varied, with `total`
/// puzzles so far: no kind takes more than its share (after the first few).
fn kind_allowed(kind: Kind, kinds: &HashMap<&'static str, usize>, total: usize) -> bool {
    let share = match kind {
        BID | PASS => 0.4,
        PRESENT => 0.3,
        JOKER_CATS => 0.15,
        _ => 0.0,
    };
    (kinds.get(kind.code()).copied().unwrap_or(0) as f64) < share * total as f64 + 4.0
}

/// Katzenjammer's part of the miner's loop ([`crate::miner`]): 2 to 6
/// players in turn, seats drawn from [`SEAT_LEVELS`], and decisions asked
/// not within one auction of the game's previous puzzle.
impl Miner for Config {
    type Game = KbState;
    type Seat = Level;
    type Memo = ();
    const GAME: &'static str = "katzenjammer";
    const PER_GAME: usize = PER_GAME;
    const FEWEST_PLAYERS: usize = 2;
    const SEATS: &'static [Level] = &SEAT_LEVELS;
    const SEAT_STREAM: &'static str = "puzzle-seats";

    fn run(&self) -> (usize, u64, usize) {
        (self.count, self.seed, self.max_games)
    }
    fn seat_name(seat: Level) -> String {
        seat.name().to_string()
    }
    fn options() -> Json {
        options_to_json(Options::default())
    }
    fn start(players: usize, seed: Seed) -> Option<KbState> {
        KbState::new_game(players, Options::default(), seed).ok()
    }
    fn decide(seat: Level, view: &KbView, legal: &[Action], seed: u64) -> Action {
        decide(seat, view, legal, seed)
    }
    fn round(_: &KbState) -> Option<u8> {
        None
    }
    fn askable(&self, _: &mut (), state: &KbState, _: &KbView, legal: &[Action], _: Seed, at: usize, found: &[Found], _: &HashMap<&'static str, usize>) -> bool {
        // Puzzles of one game stay apart (not two of one auction).
        let apart = found.last().is_none_or(|f| at >= f.puzzle.at + 2 * state.players() + 2);
        let offered = self.kind.is_none_or(|kind| offers(kind, legal));
        offered && apart
    }
    fn ask(&self, seed: Seed, at: usize, view: &KbView, legal: &[Action], kinds: &mut HashMap<&'static str, usize>, tally: &mut Tally) -> Option<Puzzle> {
        ask(self, seed, at, view, legal, kinds, tally)
    }
}

/// The analysis of one decision, in three stages; a puzzle if it holds.
fn ask(
    config: &Config,
    seed: Seed,
    at: usize,
    view: &KbView,
    legal: &[Action],
    kinds: &mut HashMap<&'static str, usize>,
    tally: &mut Tally,
) -> Option<Puzzle> {
    let seat = view.seat;
    let level_seed = decision_seed(seed, seat, at);
    let normal = decide(Level::Normal, view, legal, level_seed);
    let cands = candidates(view, legal, &[normal], config.width);
    if cands.len() < 2 {
        return None;
    }
    let analysis_seed = analysis_seed(seed, seat, at);
    tally.screened += 1;
    let mut samples = Samples::new(cands.len());
    samples.extend(view, &cands, analysis_seed, 0, config.screen, config.jobs);
    let n = cands.iter().position(|a| *a == normal)?;
    let screen = verdict(&samples, false, 0.6)?;
    if screen.answers.contains(&n) {
        return None;
    }
    let kind = kind_of(&cands[screen.answers[0]]);
    if !wanted(config, &cands, &screen) || !kind_allowed(kind, kinds, kinds.values().sum()) {
        return None;
    }
    tally.checked += 1;
    samples.extend(view, &cands, analysis_seed, config.screen, config.check, config.jobs);
    let check = verdict(&samples, false, 0.9)?;
    if check.answers.contains(&n) {
        return None;
    }
    tally.deep += 1;
    samples.extend(view, &cands, analysis_seed, config.check, config.worlds, config.jobs);
    let v = verdict(&samples, true, 1.0)?;
    if v.answers.contains(&n) {
        return None;
    }
    // Which levels find it: each decides as it would at this seat.
    let found_by: Vec<String> = FINDERS
        .iter()
        .filter(|&&level| {
            let choice = if level == Level::Normal { normal } else { decide(level, view, legal, level_seed) };
            v.answers.iter().any(|&a| cands[a] == choice)
        })
        .map(|l| l.name().to_string())
        .collect();
    let has = |name: &str| found_by.iter().any(|f| f == name);
    let difficulty = if has("hard") { 1 } else if has("expert") { 2 } else { 3 };
    let kind = kind_of(&cands[v.answers[0]]);
    if !wanted(config, &cands, &v) {
        return None;
    }
    *kinds.entry(kind.code()).or_insert(0) += 1;
    Some(puzzle(config, view, &cands, &v, at, kind, difficulty, found_by))
}

/// The seed of the analysis at move `at` of a game.
pub fn analysis_seed(seed: Seed, seat: usize, at: usize) -> u64 {
    derive_seed(seed.stream("puzzles"), &format!("seat-{seat}-move-{at}"))
}

/// The worlds of the shipped file's deep analysis (`--worlds 4000`,
/// docs/puzzles.md): the budget of a move analysed after the fact
/// ([`evaluate`]).
pub const SHIPPED_WORLDS: u32 = 4000;

/// Moves at a puzzle's position analysed by the deep analysis that mined
/// it: its seed (the game's `seed`, the seat to move, the move number `at`),
/// worlds `0..worlds`, the same rollouts; each move's per-world values in
/// `unit`. A move is played out on a world independently of the others, so
/// a stored candidate gets its stored value back and a move the analysis
/// never compared gets one on the same worlds (issue 52: the page judges a
/// puzzle's answer it did not compare so). On this thread.
pub fn evaluate(view: &KbView, seed: Seed, at: usize, moves: &[Action], worlds: u32, unit: Unit) -> Vec<Vec<f64>> {
    let mut samples = Samples::new(moves.len());
    samples.extend(view, moves, analysis_seed(seed, view.seat, at), 0, worlds, 1);
    if unit == Unit::WIN_CHANCE { samples.win } else { samples.mice }
}

#[allow(clippy::too_many_arguments)]
fn puzzle(
    config: &Config,
    view: &KbView,
    cands: &[Action],
    v: &Verdict,
    at: usize,
    kind: Kind,
    difficulty: u8,
    found_by: Vec<String>,
) -> Puzzle {
    // Best first: the answers, then the best of the rest.
    let candidates: Vec<Candidate> = v
        .order
        .iter()
        .map(|&c| Candidate { action: notation::action_to_json(&cands[c]), value: v.estimates[c].mean, ci: v.estimates[c].ci })
        .collect();
    let answers: Vec<usize> = (0..v.answers.len()).collect();
    let mut p = Puzzle {
        id: 0,
        game: 0,
        at,
        seat: view.seat,
        kind,
        difficulty,
        found_by,
        unit: v.unit,
        answers,
        candidates,
        compared: Some(cands.len()),
        why_en: String::new(),
        why_fr: String::new(),
    };
    finish(&mut p, view, config.keep);
    p
}

/// What the file keeps of a puzzle: its answers and the `others` best other
/// moves (at least one), values as stored (one decimal, intervals rounded up), and the
/// explanation from those stored values: the first answer against the best
/// other move. Mining ends with it, and it can rewrite a file's puzzles.
pub fn finish(p: &mut Puzzle, view: &KbView, others: usize) {
    p.candidates.truncate(p.answers.len().saturating_add(others.max(1)));
    for c in &mut p.candidates {
        c.value = stored(c.value);
        c.ci = stored_ci(c.ci);
    }
    let read = |c: &Candidate| notation::action_from_json(&c.action).ok();
    let best = &p.candidates[0];
    let other = &p.candidates[p.answers.len()];
    if let (Some(answer), Some(alt)) = (read(best), read(other)) {
        let (en, fr) = explain::why(view, &answer, &alt, best.value - other.value, p.unit);
        p.why_en = en;
        p.why_fr = fr;
    }
}

/// Whether a puzzle's answer still stands in a fresh analysis of `worlds`
/// worlds (a seed no mining used): an answer is still ahead of every other
/// stored candidate, in the puzzle's unit.
pub fn reanalyse(position: &Position<KbState>, puzzle: &Puzzle, worlds: u32, jobs: usize) -> bool {
    let view = position.state.view(position.seat);
    let seed = derive_seed(analysis_seed_of(puzzle, &view), "reanalysis");
    let cands = &position.candidates;
    let mut samples = Samples::new(cands.len());
    samples.extend(&view, cands, seed, 0, worlds, jobs);
    let values = match puzzle.unit {
        unit if unit == MICE => &samples.mice,
        unit if unit == Unit::WIN_CHANCE => &samples.win,
        _ => return false,
    };
    let est: Vec<Estimate> = values.iter().map(|v| Estimate::of(v)).collect();
    let answers = &puzzle.answers;
    let best_answer = answers.iter().copied().max_by(|&a, &b| est[a].mean.total_cmp(&est[b].mean));
    let Some(a) = best_answer else { return false };
    (0..cands.len()).filter(|c| !answers.contains(c)).all(|c| Estimate::paired(&values[a], &values[c]).mean > 0.0)
}

/// A seed for re-analysing a puzzle, from its position (never one mining used).
fn analysis_seed_of(puzzle: &Puzzle, view: &KbView) -> u64 {
    derive_seed(u64::from(puzzle.id), &format!("seat-{}-move-{}-stock-{}", view.seat, puzzle.at, view.stock))
}
