//! The miner's loop, one for both games: seeded games played in turn
//! (game `i` dealt `arena::game_seed(seed, i)`, its seats drawn from the
//! run's seed), every decision worth asking analysed, the puzzles found
//! numbered after the file's, each game's actions cut at its last puzzle,
//! counted, and the file handed to `progress` after every game that gave
//! puzzles (a prefix of the whole run's: the same seed with a smaller count
//! mines exactly its first puzzles).
//!
//! What differs between the games — who sits, which decisions are worth
//! asking, the analysis itself — is a [`Miner`]: Katzenjammer's in
//! `crate::katzenjammer::mine`, J'achète's in `crate::jachete`.

use std::collections::HashMap;
use std::time::Instant;

use tablee_bots::arena::{decision_seed, game_seed};
use tablee_engine::json::Json;
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::{Game, Seat, Seed};

use crate::format::{Kind, Puzzle, PuzzleFile, PuzzleGame};
use crate::replay::PuzzleRules;

/// Counters for the report and the variety quotas.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub games: usize,
    pub decisions: usize,
    pub screened: usize,
    pub checked: usize,
    pub deep: usize,
    pub kept: usize,
    pub by_kind: HashMap<&'static str, usize>,
    pub by_players: HashMap<usize, usize>,
    /// J'achète's rounds (Katzenjammer's games have none).
    pub by_round: HashMap<u8, usize>,
}

impl Tally {
    /// One more puzzle kept, of a game of `players`, in `round` (if the game has rounds).
    pub fn keep(&mut self, kind: Kind, players: usize, round: Option<u8>) {
        *self.by_kind.entry(kind.code()).or_insert(0) += 1;
        *self.by_players.entry(players).or_insert(0) += 1;
        if let Some(round) = round {
            *self.by_round.entry(round).or_insert(0) += 1;
        }
        self.kept += 1;
    }
}

/// How many puzzles of each kind a file has (the variety quotas count them).
pub fn kinds_of(file: &PuzzleFile) -> HashMap<&'static str, usize> {
    let mut kinds = HashMap::new();
    for p in &file.puzzles {
        *kinds.entry(p.kind.code()).or_insert(0) += 1;
    }
    kinds
}

/// A puzzle found in the game being played, with its round (if the game has rounds).
pub struct Found {
    pub puzzle: Puzzle,
    pub round: Option<u8>,
}

/// One game's miner: who sits, which decisions it asks, and the analysis.
pub trait Miner {
    type Game: PuzzleRules;
    /// What sits at a seat (a level, a style's name).
    type Seat: Copy + 'static;
    /// What [`Miner::askable`] remembers during one game.
    type Memo: Default;
    /// The file's `game`.
    const GAME: &'static str;
    /// At most this many puzzles from one game.
    const PER_GAME: usize;
    /// The seats of a game are drawn from `SEATS`, with this stream of the run's seed.
    const SEATS: &'static [Self::Seat];
    const SEAT_STREAM: &'static str;

    /// Game `i` has `FEWEST_PLAYERS + i % 5` players.
    const FEWEST_PLAYERS: usize;

    /// Puzzles to find (after the file's own), the run's seed, and games
    /// to play at most (0: until they are found).
    fn run(&self) -> (usize, u64, usize);
    fn seat_name(seat: Self::Seat) -> String;
    /// The mined games' options, and a game of `players` dealt from `seed` with them.
    fn options() -> Json;
    fn start(players: usize, seed: Seed) -> Option<Self::Game>;
    /// A seat's decision (with the game's decision seed, as the app replays it).
    fn decide(seat: Self::Seat, view: &<Self::Game as Game>::View, legal: &[<Self::Game as Game>::Action], seed: u64) -> <Self::Game as Game>::Action;
    /// The round of the position, for games that have rounds.
    fn round(state: &Self::Game) -> Option<u8>;
    /// Whether the decision at move `at` is worth asking, beyond the shared
    /// limits (two legal moves, puzzles a game, the count); called at every
    /// decision, in order, with what it remembered of the game so far.
    #[allow(clippy::too_many_arguments)]
    fn askable(
        &self,
        memo: &mut Self::Memo,
        state: &Self::Game,
        view: &<Self::Game as Game>::View,
        legal: &[<Self::Game as Game>::Action],
        seed: Seed,
        at: usize,
        found: &[Found],
        kinds: &HashMap<&'static str, usize>,
    ) -> bool;
    /// The analysis of one decision: a puzzle if it holds (its kind counted in `kinds`).
    #[allow(clippy::too_many_arguments)]
    fn ask(
        &self,
        seed: Seed,
        at: usize,
        view: &<Self::Game as Game>::View,
        legal: &[<Self::Game as Game>::Action],
        kinds: &mut HashMap<&'static str, usize>,
        tally: &mut Tally,
    ) -> Option<Puzzle>;
}

/// Mines `miner.count()` more puzzles after those of `base`: its games and
/// puzzles stay as they are, the new games follow them, and the new ids
/// continue from its last; the variety quotas count its puzzles too.
/// `progress` hears after every game that gave puzzles.
pub fn mine_onto<M: Miner>(miner: &M, base: PuzzleFile, mut progress: impl FnMut(&Tally, &PuzzleFile, usize, f64)) -> (PuzzleFile, Tally) {
    let started = Instant::now();
    let mut file = base;
    let (count, run_seed, max_games) = miner.run();
    let target = file.puzzles.len() + count;
    let first_id = file.puzzles.iter().map(|p| p.id).max().unwrap_or(0) + 1;
    let first_new = file.puzzles.len();
    let mut tally = Tally::default();
    let mut index = 0usize;
    while file.puzzles.len() < target && (max_games == 0 || index < max_games) {
        let seed = game_seed(run_seed, index);
        let players = M::FEWEST_PLAYERS + index % 5;
        let mut seat_rng = Rng::new(derive_seed(run_seed, &format!("{}-{index}", M::SEAT_STREAM)));
        let seats: Vec<M::Seat> = (0..players).map(|_| M::SEATS[seat_rng.index(M::SEATS.len())]).collect();
        index += 1;
        tally.games += 1;
        let Some((mut game, puzzles)) = mine_game(miner, seed, &seats, &file, target, &mut tally) else { continue };
        let g = file.games.len();
        let mut last = 0;
        for Found { mut puzzle, round } in puzzles.into_iter().take(target - file.puzzles.len()) {
            puzzle.game = g;
            puzzle.id = first_id + (file.puzzles.len() - first_new) as u32;
            last = last.max(puzzle.at);
            tally.keep(puzzle.kind, players, round);
            file.puzzles.push(puzzle);
        }
        // The game's actions stop at its last puzzle.
        game.actions.truncate(last);
        file.games.push(game);
        progress(&tally, &file, players, started.elapsed().as_secs_f64());
    }
    (file, tally)
}

/// An action in a game's notation with the seat first, as in a save.
pub fn seated<G: PuzzleRules>(seat: Seat, action: &G::Action) -> Json {
    let mut json = Json::obj([("seat", seat.into())]);
    if let (Json::Obj(mine), Json::Obj(fields)) = (&mut json, G::write_action(action)) {
        mine.extend(fields);
    }
    json
}

/// Plays one seeded game and keeps its puzzles (ids and game index set by the caller).
fn mine_game<M: Miner>(
    miner: &M,
    seed: Seed,
    seats: &[M::Seat],
    file: &PuzzleFile,
    target: usize,
    tally: &mut Tally,
) -> Option<(PuzzleGame, Vec<Found>)> {
    let mut state = M::start(seats.len(), seed)?;
    let mut actions: Vec<Json> = Vec::new();
    let mut found: Vec<Found> = Vec::new();
    let mut legal = Vec::new();
    let mut kinds = kinds_of(file);
    let mut memo = M::Memo::default();
    while let Some(seat) = state.to_act() {
        let at = actions.len();
        state.actions(&mut legal);
        let view = state.view(seat);
        let played = M::decide(seats[seat], &view, &legal, decision_seed(seed, seat, at));
        tally.decisions += 1;
        let askable = miner.askable(&mut memo, &state, &view, &legal, seed, at, &found, &kinds);
        if legal.len() >= 2 && askable && found.len() < M::PER_GAME && file.puzzles.len() + found.len() < target {
            if let Some(puzzle) = miner.ask(seed, at, &view, &legal, &mut kinds, tally) {
                found.push(Found { puzzle, round: M::round(&state) });
            }
        }
        actions.push(seated::<M::Game>(seat, &played));
        state.apply(&played).ok()?;
    }
    if found.is_empty() {
        return None;
    }
    let game = PuzzleGame { seed, seats: seats.iter().map(|&s| M::seat_name(s)).collect(), options: M::options(), actions };
    Some((game, found))
}
