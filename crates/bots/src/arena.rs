//! Seeded bot-versus-bot matches with fair seat rotation, and their statistics.

use std::time::Instant;

use tablee_engine::katzenjammer::{KbState, Options};
use tablee_engine::rng::derive_seed;
use tablee_engine::{Game, Seed};

use crate::{decide, Level};

/// One arena run: `seats[i]` is the bot of seat i in the first game; seats
/// rotate one place each game so every bot sits everywhere equally often.
#[derive(Clone, Debug)]
pub struct ArenaConfig {
    pub players: usize,
    pub seats: Vec<Level>,
    pub games: usize,
    pub seed: u64,
    pub options: Options,
}

/// Results for one entry of `seats` (followed through the rotation).
#[derive(Clone, Debug, Default)]
pub struct SeatReport {
    pub bot: String,
    pub win_share: f64,
    /// Half-width of the 95% confidence interval of `win_share`.
    pub ci95: f64,
    pub mean_mice: f64,
    pub mean_jokers: f64,
    pub ms_per_decision_p50: f64,
    pub ms_per_decision_p95: f64,
    pub decisions: usize,
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

pub fn run(config: &ArenaConfig, mut progress: impl FnMut(usize)) -> Result<ArenaReport, String> {
    let n = config.players;
    if config.seats.len() != n {
        return Err(format!("{} seats given for {n} players", config.seats.len()));
    }
    let mut shares = vec![Vec::with_capacity(config.games); n];
    let mut mice = vec![0f64; n];
    let mut jokers = vec![0f64; n];
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); n];
    let mut legal = Vec::new();
    for g in 0..config.games {
        let seed = game_seed(config.seed, g);
        let mut state = KbState::new_game(n, config.options, seed).map_err(|e| e.to_string())?;
        // Entry e sits at seat (e + g) % n in game g.
        let entry_at = |seat: usize| (seat + n - g % n) % n;
        let mut moves = 0;
        while let Some(seat) = state.to_act() {
            state.actions(&mut legal);
            let view = state.view(seat);
            let entry = entry_at(seat);
            let start = Instant::now();
            let action = decide(config.seats[entry], &view, &legal, decision_seed(seed, seat, moves));
            times[entry].push(start.elapsed().as_secs_f64() * 1000.0);
            state.apply(&action).map_err(|e| format!("bot {} chose an illegal action: {e}", config.seats[entry]))?;
            moves += 1;
        }
        let outcome = state.outcome().expect("the game is over");
        let final_jokers = state.final_jokers();
        for (seat, (&score, &at_end)) in outcome.scores.iter().zip(&final_jokers).enumerate() {
            let entry = entry_at(seat);
            shares[entry].push(outcome.win_share(seat));
            mice[entry] += f64::from(score);
            jokers[entry] += f64::from(at_end);
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
                bot: config.seats[e].name().to_string(),
                win_share: mean,
                ci95: 1.96 * (var / games).sqrt(),
                mean_mice: mice[e] / games,
                mean_jokers: jokers[e] / games,
                ms_per_decision_p50: percentile(&t, 0.5),
                ms_per_decision_p95: percentile(&t, 0.95),
                decisions: t.len(),
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
