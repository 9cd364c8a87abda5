//! Seeded bot-versus-bot matches with fair seat rotation, and their statistics,
//! for every game of Tablée ([`ArenaGame`], implemented beside each game's
//! bots with its [`BuiltIn`] player: `katzenjammer/mod.rs`, `jachete.rs`).
//!
//! Seats are pluggable ([`Player`]): the built-in levels, or anything else that
//! decides from a view — an external program speaking the bot protocol (the
//! `tablee` CLI, docs/bot-protocol.md). A player may fail a decision (a
//! [`Fault`]: too late, garbage, an illegal action, dead); the arena then plays
//! a uniformly random legal action for it, seeded, counts the fault and goes on.

use std::fmt;
use std::time::Instant;

use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::{Game, Seat, Seed};

use crate::level::Level;

/// A game the arena can play: how a seeded game starts, and the figure
/// reported next to the score.
pub trait ArenaGame: Game {
    /// The game's options (Katzenjammer's full mice, J'achète's three players).
    type Options: Clone + fmt::Debug;
    /// What [`SeatReport::mean_score`] counts: "mice", "points".
    const SCORE: &'static str;
    /// What [`SeatReport::mean_extra`] counts: "jokers" (at the end), "purse"
    /// (the final purse, in cents).
    const EXTRA: &'static str;
    /// The built-in levels this game has.
    const LEVELS: &'static [Level];

    /// A new game of `players` dealt from `seed`.
    fn start(players: usize, options: &Self::Options, seed: Seed) -> Result<Self, String>;
    /// The seat's figure next to its score, once the game is over.
    fn extra(&self, seat: Seat) -> f64;
}

/// Why a player's decision was replaced by a random legal action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Fault {
    /// No answer in time.
    Timeout,
    /// An answer that is not an answer (not JSON, not an action, unreadable).
    Garbage,
    /// A readable action the rules refuse (or an index outside the legal list).
    Illegal,
    /// The player is gone (an external program exited or closed its output).
    Dead,
}

impl Fault {
    pub const ALL: [Fault; 4] = [Fault::Timeout, Fault::Garbage, Fault::Illegal, Fault::Dead];

    pub fn name(self) -> &'static str {
        match self {
            Fault::Timeout => "timeout",
            Fault::Garbage => "garbage",
            Fault::Illegal => "illegal",
            Fault::Dead => "dead",
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Faults counted by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    pub timeout: usize,
    pub garbage: usize,
    pub illegal: usize,
    pub dead: usize,
}

impl Faults {
    pub fn add(&mut self, fault: Fault) {
        *self.get_mut(fault) += 1;
    }

    pub fn get(&self, fault: Fault) -> usize {
        match fault {
            Fault::Timeout => self.timeout,
            Fault::Garbage => self.garbage,
            Fault::Illegal => self.illegal,
            Fault::Dead => self.dead,
        }
    }

    fn get_mut(&mut self, fault: Fault) -> &mut usize {
        match fault {
            Fault::Timeout => &mut self.timeout,
            Fault::Garbage => &mut self.garbage,
            Fault::Illegal => &mut self.illegal,
            Fault::Dead => &mut self.dead,
        }
    }

    pub fn total(&self) -> usize {
        Fault::ALL.iter().map(|&f| self.get(f)).sum()
    }
}

/// Who plays a seat in the arena. One player object follows one entry of the
/// seat list through the rotation, so it sits at a different seat each game.
///
/// The arena calls, per game: [`Player::new_game`] once, [`Player::decide`]
/// for each of its decisions, [`Player::game_over`] once. A player sees only
/// its seat's views and the legal actions; it must not look at hidden cards.
pub trait Player<G: Game> {
    /// The name in reports ("normal", "ext:my-bot").
    fn name(&self) -> String;

    /// A game starts; `view` is this player's first view (its seat, the number
    /// of players and the options are in it). A fault here (an external bot
    /// that cannot be restarted, or answers its greeting badly) is counted;
    /// the game is played anyway.
    fn new_game(&mut self, _view: &G::View, _game_index: usize) -> Result<(), Fault> {
        Ok(())
    }

    /// The action for `view`'s seat, chosen among `legal` (the referee's list;
    /// a player may also propose an action outside it, which the referee
    /// checks). `seed` is the arena's deterministic seed for this decision.
    fn decide(&mut self, view: &G::View, legal: &[G::Action], seed: u64) -> Result<G::Action, Fault>;

    /// The game is over: `state` is the final state, for the result only (the
    /// hands that remain are not to be used).
    fn game_over(&mut self, _state: &G, _seat: Seat) {}

    /// The arena replaced this player's action (after [`Player::decide`]
    /// returned it, the referee refused it): for the player's own notes.
    fn refused(&mut self, _action: &G::Action, _why: &str) {}

    /// How many times the player had to be restarted (external programs).
    fn restarts(&self) -> usize {
        0
    }
}

/// A built-in level as an arena player, never at fault: each game's
/// `decide` (implemented beside it). The level must be
/// one the game has ([`ArenaGame::LEVELS`]; [`run_levels`] checks).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuiltIn(pub Level);

/// The table of an arena run, whoever plays: see [`run_players`]. `O` is the
/// game's options ([`ArenaGame::Options`]).
#[derive(Clone, Debug)]
pub struct Table<O> {
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub options: O,
}

/// Results for one entry of `seats` (followed through the rotation).
#[derive(Clone, Debug, Default)]
pub struct SeatReport {
    pub bot: String,
    pub win_share: f64,
    /// Half-width of the 95% confidence interval of `win_share`.
    pub ci95: f64,
    /// The mean final score ([`ArenaGame::SCORE`]: Katzenjammer mice, J'achète
    /// total points — there the lowest wins).
    pub mean_score: f64,
    /// The mean of [`ArenaGame::extra`]: Katzenjammer jokers at the end,
    /// J'achète final purse in cents.
    pub mean_extra: f64,
    pub ms_per_decision_p50: f64,
    pub ms_per_decision_p95: f64,
    pub decisions: usize,
    /// Decisions replaced by a random legal action, by kind.
    pub faults: Faults,
    /// Restarts of an external program that died.
    pub restarts: usize,
}

#[derive(Clone, Debug, Default)]
pub struct ArenaReport {
    pub games: usize,
    pub seats: Vec<SeatReport>,
}

/// The seed each bot decision uses: the game's seed, the seat and the move
/// number, so a seed URL replays bot moves too.
pub fn decision_seed(game_seed: Seed, seat: usize, move_number: usize) -> u64 {
    derive_seed(game_seed.stream("bots"), &format!("seat-{seat}-move-{move_number}"))
}

/// The deal of arena game `index`.
pub fn game_seed(arena_seed: u64, index: usize) -> Seed {
    Seed::from_number(derive_seed(arena_seed, &format!("arena-game-{index}")))
}

/// The uniformly random legal action the arena plays for a faulty decision,
/// drawn from the decision's seed (so a replay with the same faults repeats it).
pub fn fallback_action<A: Clone>(legal: &[A], decision_seed: u64) -> A {
    legal[Rng::for_stream(decision_seed, "arena-fallback").index(legal.len())].clone()
}

/// Built-in levels of any game: [`run_players`] with a [`BuiltIn`] per seat,
/// `levels[i]` at seat i in the first game; an error for a level the game
/// does not have ([`ArenaGame::LEVELS`]).
pub fn run_levels<G: ArenaGame>(
    table: &Table<G::Options>,
    levels: &[Level],
    progress: impl FnMut(usize),
) -> Result<ArenaReport, String>
where
    BuiltIn: Player<G>,
{
    if let Some(level) = levels.iter().find(|level| !G::LEVELS.contains(level)) {
        return Err(format!("{} has no {level} level", G::NAME));
    }
    let mut levels: Vec<BuiltIn> = levels.iter().map(|&level| BuiltIn(level)).collect();
    let mut seats: Vec<&mut dyn Player<G>> = levels.iter_mut().map(|p| p as &mut dyn Player<G>).collect();
    run_players(table, &mut seats, progress)
}

/// Plays `table.games` seeded games, `seats[i]` at seat i in the first game and
/// one place further each game. A faulty decision is replaced by
/// [`fallback_action`] and counted in the seat's report; it never stops the run.
pub fn run_players<G: ArenaGame>(
    config: &Table<G::Options>,
    seats: &mut [&mut dyn Player<G>],
    mut progress: impl FnMut(usize),
) -> Result<ArenaReport, String> {
    let n = config.players;
    if seats.len() != n {
        return Err(format!("{} seats given for {n} players", seats.len()));
    }
    let mut faults = vec![Faults::default(); n];
    let mut shares = vec![Vec::with_capacity(config.games); n];
    let mut score = vec![0f64; n];
    let mut extra = vec![0f64; n];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut legal = Vec::new();
    for g in 0..config.games {
        let seed = game_seed(config.seed, g);
        let mut state = G::start(n, &config.options, seed)?;
        // Entry e sits at seat (e + g) % n in game g.
        let entry_at = |seat: usize| (seat + n - g % n) % n;
        for seat in 0..n {
            let entry = entry_at(seat);
            if let Err(fault) = seats[entry].new_game(&state.view(seat), g) {
                faults[entry].add(fault);
            }
        }
        let mut moves = 0;
        while let Some(seat) = state.to_act() {
            state.actions(&mut legal);
            if legal.is_empty() {
                return Err(format!("game {g}: seat {seat} is to act, but the game generated no action"));
            }
            let view = state.view(seat);
            let entry = entry_at(seat);
            let bot_seed = decision_seed(seed, seat, moves);
            let start = Instant::now();
            let choice = seats[entry].decide(&view, &legal, bot_seed);
            times[entry].push(start.elapsed().as_secs_f64() * 1000.0);
            let action = match choice {
                Ok(action) => match state.check(&action) {
                    Ok(()) => action,
                    Err(why) => {
                        seats[entry].refused(&action, &why.message());
                        faults[entry].add(Fault::Illegal);
                        fallback_action(&legal, bot_seed)
                    }
                },
                Err(fault) => {
                    faults[entry].add(fault);
                    fallback_action(&legal, bot_seed)
                }
            };
            state.apply(&action).map_err(|e| format!("the arena's own action was refused: {e}"))?;
            moves += 1;
        }
        for seat in 0..n {
            seats[entry_at(seat)].game_over(&state, seat);
        }
        let outcome = state.outcome().ok_or_else(|| format!("game {g} ended without an outcome"))?;
        for (seat, &points) in outcome.scores.iter().enumerate() {
            let entry = entry_at(seat);
            shares[entry].push(outcome.win_share(seat));
            score[entry] += f64::from(points);
            extra[entry] += state.extra(seat);
        }
        progress(g + 1);
    }
    let games = config.games.max(1) as f64;
    let seats = (0..n)
        .map(|e| {
            let mean = shares[e].iter().sum::<f64>() / games;
            let var = shares[e].iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (games - 1.0).max(1.0);
            let mut t = times[e].clone();
            t.sort_by(f64::total_cmp);
            SeatReport {
                bot: seats[e].name(),
                win_share: mean,
                ci95: 1.96 * (var / games).sqrt(),
                mean_score: score[e] / games,
                mean_extra: extra[e] / games,
                ms_per_decision_p50: percentile(&t, 0.5),
                ms_per_decision_p95: percentile(&t, 0.95),
                decisions: t.len(),
                faults: faults[e],
                restarts: seats[e].restarts(),
            }
        })
        .collect();
    Ok(ArenaReport { games: config.games, seats })
}

fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}
