//! Reaching a puzzle's position: deal its game's seed, replay its first `at`
//! actions through the engine, check that the puzzle's seat is to move and
//! that every candidate (answers included) is legal there. The same position
//! is also written as a scenario file (`shared/spec/scenarios.md`): the dealt
//! hands and stock, and the actions.
//!
//! Game-generic through [`PuzzleRules`], which each game implements in its
//! folder (`katzenjammer/mod.rs`, `jachete/mod.rs`).

use std::fmt;

use tablee_engine::json::Json;
use tablee_engine::{Game, Seat, Seed};

use crate::format::{Puzzle, PuzzleFile, PuzzleGame};

/// What a game offers puzzles: how its seeded game starts, its actions'
/// notation, and its scenario files.
pub trait PuzzleRules: Game {
    /// A new game of `players` from `seed`, with options in the save codec
    /// (`{"full_mice":false}`; `{}` means the defaults).
    fn start(players: usize, options: &Json, seed: Seed) -> Result<Self, String>;
    fn read_action(json: &Json) -> Result<Self::Action, String>;
    fn write_action(action: &Self::Action) -> Json;
    /// The scenario file of the game dealt from `seed`, then `actions` (seat first).
    fn scenario(players: usize, options: &Json, seed: Seed, actions: &[Json]) -> Result<Json, String>;
    /// Whether a scenario run's `"state"` output describes this state: `Err`
    /// names the first field that differs.
    fn agrees_with_scenario_state(&self, state: &Json) -> Result<(), String>;
}

/// Why a puzzle's position cannot be reached, or is not a puzzle.
#[derive(Clone, Debug, PartialEq)]
pub enum ReplayError {
    /// The file is for another game than the engine asked for.
    WrongGame { file: String, engine: &'static str },
    /// The game cannot be dealt (players, options).
    Setup(String),
    /// Action `index` has no seat, or names a seat that is not to move.
    OutOfTurn { index: usize, seat: Option<u64>, to_act: Option<Seat> },
    /// Action `index` is not an action in the game's notation.
    Unreadable { index: usize, error: String },
    /// The rules refuse action `index`.
    Refused { index: usize, error: String },
    /// At the position the puzzle's seat is not the one to move.
    NotToMove { seat: Seat, to_act: Option<Seat> },
    /// A candidate (or answer) cannot be played at the position.
    IllegalCandidate { candidate: usize, answer: bool, error: String },
    /// The puzzle's game's actions are not read (a split file's part).
    NoActions { game: usize },
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReplayError::WrongGame { file, engine } => write!(f, "a puzzle file of {file}, replayed as {engine}"),
            ReplayError::Setup(why) => write!(f, "the game cannot be dealt: {why}"),
            ReplayError::OutOfTurn { index, seat: Some(seat), to_act } => {
                write!(f, "action {index} is seat {seat}'s, but the seat to move is {to_act:?}")
            }
            ReplayError::OutOfTurn { index, seat: None, .. } => write!(f, "action {index} names no seat"),
            ReplayError::Unreadable { index, error } => write!(f, "action {index} is not an action: {error}"),
            ReplayError::Refused { index, error } => write!(f, "action {index} is refused: {error}"),
            ReplayError::NotToMove { seat, to_act } => write!(f, "seat {seat} is not to move at the position ({to_act:?} is)"),
            ReplayError::IllegalCandidate { candidate, answer, error } => {
                let what = if *answer { "answer" } else { "candidate" };
                write!(f, "{what} {candidate} cannot be played there: {error}")
            }
            ReplayError::NoActions { game } => write!(f, "game {game}'s actions are not read (its part of the file)"),
        }
    }
}

impl std::error::Error for ReplayError {}

/// A puzzle's position, reached, with its candidates read.
#[derive(Clone, Debug)]
pub struct Position<G: Game> {
    pub state: G,
    pub seat: Seat,
    /// The puzzle's candidates, in its order.
    pub candidates: Vec<G::Action>,
}

/// Deals `game` and replays its first `at` actions, each by the seat to move.
pub fn reach<G: PuzzleRules>(game: &PuzzleGame, at: usize) -> Result<G, ReplayError> {
    let mut state = G::start(game.players(), &game.options, game.seed).map_err(ReplayError::Setup)?;
    for (index, json) in game.actions.iter().take(at).enumerate() {
        let seat = json.get("seat").and_then(Json::as_u64);
        let to_act = state.to_act();
        if seat.is_none() || seat != to_act.map(|s| s as u64) {
            return Err(ReplayError::OutOfTurn { index, seat, to_act });
        }
        let action = G::read_action(json).map_err(|error| ReplayError::Unreadable { index, error })?;
        state.apply(&action).map_err(|e| ReplayError::Refused { index, error: e.to_string() })?;
    }
    Ok(state)
}

/// Reaches a puzzle's position and checks it is a puzzle: its seat to move,
/// every candidate and answer legal.
pub fn replay<G: PuzzleRules>(file: &PuzzleFile, puzzle: &Puzzle) -> Result<Position<G>, ReplayError> {
    if file.game != G::NAME {
        return Err(ReplayError::WrongGame { file: file.game.clone(), engine: G::NAME });
    }
    let (game, _) = file.position(puzzle).ok_or(ReplayError::NoActions { game: puzzle.game })?;
    let state: G = reach(game, puzzle.at)?;
    if state.to_act() != Some(puzzle.seat) {
        return Err(ReplayError::NotToMove { seat: puzzle.seat, to_act: state.to_act() });
    }
    let candidates = puzzle
        .candidates
        .iter()
        .enumerate()
        .map(|(candidate, c)| {
            let answer = puzzle.answers.contains(&candidate);
            let illegal = |error| ReplayError::IllegalCandidate { candidate, answer, error };
            let action = G::read_action(&c.action).map_err(illegal)?;
            state.check(&action).map_err(|e| illegal(e.to_string()))?;
            Ok(action)
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Position { state, seat: puzzle.seat, candidates })
}

/// A puzzle's position as a scenario file: its game's dealt hands and stock,
/// and the actions that lead to it.
pub fn scenario<G: PuzzleRules>(file: &PuzzleFile, puzzle: &Puzzle) -> Result<Json, ReplayError> {
    let (game, actions) = file.position(puzzle).ok_or(ReplayError::NoActions { game: puzzle.game })?;
    G::scenario(game.players(), &game.options, game.seed, actions).map_err(ReplayError::Setup)
}
