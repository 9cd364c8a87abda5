//! The coached first game (issue 52; docs/lessons.md, "The coached first
//! game"): the coach's move at a person's decision, the `gentle` bots that
//! sit around the person, the game's coached deals, and the measure that a
//! seat following the coach does at least as well as the `expert` bot in
//! that seat, deal by deal.
//!
//! The page asks the bots' worker for the coach's choices
//! ([`CoachedGame::coach`], its `Job::Advise`, as the Hint button asks for
//! the hint's), and the measure (`tablee coach`) plays the same function.

use tablee_engine::{Seat, Seed};

use crate::arena::{decision_seed, game_seed, ArenaGame, Table};
use crate::level::Level;
use crate::search::Choice;

/// A game with a coached first game.
pub trait CoachedGame: ArenaGame {
    /// The coach's ranked choices for the seat owning `view`, best first:
    /// the expert's judgement (its search, or the hint's deeper one where
    /// the worker can afford it at every decision).
    fn coach(view: &Self::View, legal: &[Self::Action], seed: u64) -> Vec<Choice<Self::Action>>;
    /// A built-in level's move.
    fn level_move(level: Level, view: &Self::View, legal: &[Self::Action], seed: u64) -> Self::Action;
    /// Each seat's place once the game is over (1: the winners; seats
    /// tied by the game's rules share a place).
    fn places(&self) -> Vec<usize>;
    /// Coached deal `index` of `table` and the newcomer's seat in it: the
    /// arena's deals with the seat turning round the table, unless the game
    /// deals its coached games from a list ([`crate::jachete::COACHED_DEALS`]).
    fn deal(table: &Table<Self::Options>, index: usize) -> (Seed, Seat) {
        (game_seed(table.seed, index), index % table.players)
    }
    /// How many coached deals the game has (`None`: any number).
    fn deals() -> Option<usize> {
        None
    }
    /// Whether [`CoachedGame::coach`]'s first choice is, by definition, the
    /// `expert` level's move (the same function of the same view, legal
    /// moves and seed): then the expert's game on a deal is the coach's,
    /// move for move, and [`pair`] plays it once.
    const COACH_IS_EXPERT: bool = false;
}

/// Who plays the newcomer's seat of a coached game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Newcomer {
    /// Always the coach's move.
    Coach,
    /// A built-in level.
    Level(Level),
}

impl Newcomer {
    pub fn name(self) -> &'static str {
        match self {
            Newcomer::Coach => "coach",
            Newcomer::Level(level) => level.name(),
        }
    }

    /// `coach` or a level's name.
    pub fn parse(text: &str) -> Option<Newcomer> {
        match text.trim() {
            "coach" => Some(Newcomer::Coach),
            other => Level::parse(other).map(Newcomer::Level),
        }
    }

    /// The move for the seat owning `view`.
    pub fn decide<G: CoachedGame>(self, view: &G::View, legal: &[G::Action], seed: u64) -> G::Action {
        match self {
            Newcomer::Coach => G::coach(view, legal, seed).into_iter().next().map_or_else(|| legal[0].clone(), |c| c.action),
            Newcomer::Level(level) => G::level_move(level, view, legal, seed),
        }
    }
}

/// Plays a coached game dealt from `seed`: `newcomer` at `seat`, the
/// coached game's `gentle` bots elsewhere, each decision with the page's
/// seed ([`decision_seed`]), while `go_on` says so (it sees the game before
/// each move). `watch` sees every move (the game before it, the seat, the
/// action and the move's number). Returns the game where it stopped.
pub fn play<G: CoachedGame>(
    players: usize,
    options: &G::Options,
    seed: Seed,
    seat: Seat,
    newcomer: Newcomer,
    mut go_on: impl FnMut(&G) -> bool,
    mut watch: impl FnMut(&G, Seat, &G::Action, usize),
) -> Result<G, String> {
    let mut state = G::start(players, options, seed)?;
    let mut legal = Vec::new();
    let mut moves = 0;
    while let Some(to_act) = state.to_act() {
        if !go_on(&state) {
            break;
        }
        state.actions(&mut legal);
        let view = state.view(to_act);
        let bot_seed = decision_seed(seed, to_act, moves);
        let action = if to_act == seat {
            newcomer.decide::<G>(&view, &legal, bot_seed)
        } else {
            G::level_move(Level::Gentle, &view, &legal, bot_seed)
        };
        watch(&state, to_act, &action, moves);
        state.apply(&action).map_err(|e| format!("move {moves} was refused: {e}"))?;
        moves += 1;
    }
    Ok(state)
}

/// A paired difference: its mean over the deals and the half-width of its
/// 95% confidence interval (1.96 standard errors).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Paired {
    pub mean: f64,
    pub ci95: f64,
}

impl Paired {
    fn of(values: &[f64]) -> Paired {
        let n = values.len().max(1) as f64;
        let mean = values.iter().sum::<f64>() / n;
        let var = values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        Paired { mean, ci95: 1.96 * (var / n).sqrt() }
    }
}

/// One coached deal played twice, the newcomer (the coach) and then
/// `expert` in the same seat: each one's score, win share and place.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    pub seed: Seed,
    pub seat: Seat,
    pub coach: (i32, f64, usize),
    pub expert: (i32, f64, usize),
    /// The newcomer's decisions in the coach's game.
    pub decisions: usize,
    /// Whether both games were the same, move for move (the coach made
    /// the expert's move at every decision).
    pub same: bool,
}

/// The measure over many coached deals: the coach's game minus the
/// expert's, per deal (score in the game's unit: Katzenjammer's mice, the
/// more the better; J'achète's points, the fewer the better), and the means.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    pub games: usize,
    pub score: Paired,
    pub share: Paired,
    pub place: Paired,
    pub coach_score: f64,
    pub expert_score: f64,
    pub coach_share: f64,
    pub expert_share: f64,
    pub coach_place: f64,
    pub expert_place: f64,
    pub decisions: usize,
    /// Deals whose two games were the same, move for move.
    pub same: usize,
}

/// Coached deal `index` of `table`: `newcomer`'s game (the coach's) and
/// the expert's, on the same deal in the same seat (the other seats `gentle`).
pub fn pair<G: CoachedGame>(table: &Table<G::Options>, index: usize, newcomer: Newcomer) -> Result<Pair, String> {
    let (seed, seat) = G::deal(table, index);
    let (mut decisions, mut coach_moves, mut expert_moves) = (0, Vec::new(), Vec::new());
    let coach = play::<G>(table.players, &table.options, seed, seat, newcomer, |_| true, |_, who, action, _| {
        decisions += usize::from(who == seat);
        coach_moves.push(action.clone());
    })?;
    let result = |state: &G| -> Result<(i32, f64, usize), String> {
        let outcome = state.outcome().ok_or("a coached game ended without an outcome")?;
        Ok((outcome.scores[seat], outcome.win_share(seat), state.places()[seat]))
    };
    let coach = result(&coach)?;
    if G::COACH_IS_EXPERT && newcomer == Newcomer::Coach {
        return Ok(Pair { seed, seat, coach, expert: coach, decisions, same: true });
    }
    let expert = play::<G>(table.players, &table.options, seed, seat, Newcomer::Level(Level::Expert), |_| true, |_, _, action, _| {
        expert_moves.push(action.clone());
    })?;
    Ok(Pair { seed, seat, coach, expert: result(&expert)?, decisions, same: coach_moves == expert_moves })
}

/// [`pair`] over `table.games` coached deals (`newcomer`: [`Newcomer::Coach`]
/// for the measure; a level, to see what the measure can tell) on `jobs`
/// threads, with `progress` told each deal's pair as it is played (in the
/// order they end). The deals are the same whatever `jobs`.
pub fn compare<G: CoachedGame + Send>(
    table: &Table<G::Options>,
    newcomer: Newcomer,
    jobs: usize,
    progress: impl FnMut(usize, &Pair) + Send,
) -> Result<Comparison, String>
where
    G::Options: Sync,
{
    let pairs = each_deal(table.games, jobs, |index| pair::<G>(table, index, newcomer), progress)?;
    Ok(summarise(&pairs))
}

/// `work(i)` for every `i` below `count` on `jobs` threads, the results in
/// order of `i`; `progress` is told each as it ends.
pub fn each_deal<T: Send>(
    count: usize,
    jobs: usize,
    work: impl Fn(usize) -> Result<T, String> + Sync,
    progress: impl FnMut(usize, &T) + Send,
) -> Result<Vec<T>, String> {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Mutex;
    let next = AtomicUsize::new(0);
    let done: Mutex<(Vec<Option<T>>, Option<String>, _)> = Mutex::new(((0..count).map(|_| None).collect(), None, progress));
    std::thread::scope(|scope| {
        for _ in 0..jobs.max(1) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let result = work(i);
                let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
                match result {
                    Ok(t) => {
                        (done.2)(i, &t);
                        done.0[i] = Some(t);
                    }
                    Err(e) => {
                        done.1.get_or_insert(format!("deal {i}: {e}"));
                        next.store(count, Ordering::Relaxed);
                    }
                }
            });
        }
    });
    let (results, error, _) = done.into_inner().unwrap_or_else(|e| e.into_inner());
    if let Some(e) = error {
        return Err(e);
    }
    Ok(results.into_iter().flatten().collect())
}

/// The means and paired differences of `pairs`.
pub fn summarise(pairs: &[Pair]) -> Comparison {
    let games = pairs.len();
    let n = games.max(1) as f64;
    let diff = |f: &dyn Fn(&Pair) -> f64| Paired::of(&pairs.iter().map(f).collect::<Vec<_>>());
    let mean = |f: &dyn Fn(&Pair) -> f64| pairs.iter().map(f).sum::<f64>() / n;
    Comparison {
        games,
        score: diff(&|p| f64::from(p.coach.0 - p.expert.0)),
        share: diff(&|p| p.coach.1 - p.expert.1),
        place: diff(&|p| p.coach.2 as f64 - p.expert.2 as f64),
        coach_score: mean(&|p| f64::from(p.coach.0)),
        expert_score: mean(&|p| f64::from(p.expert.0)),
        coach_share: mean(&|p| p.coach.1),
        expert_share: mean(&|p| p.expert.1),
        coach_place: mean(&|p| p.coach.2 as f64),
        expert_place: mean(&|p| p.expert.2 as f64),
        decisions: pairs.iter().map(|p| p.decisions).sum(),
        same: pairs.iter().filter(|p| p.same).count(),
    }
}
