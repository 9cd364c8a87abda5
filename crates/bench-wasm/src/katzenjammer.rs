//! The benchmark kernels of `tablee bench`, shared word for word by the native
//! command (crates/cli includes this file) and the wasm build (this crate), so
//! the wasm/native ratio compares the same work. The clock is passed in as a
//! function returning milliseconds: `Instant` natively, `Date.now()` in wasm.
//!
//! Everything is single-threaded and seeded: each run plays the same games.

use std::hint::black_box;

use tablee_bots::katzenjammer::decide;
use tablee_bots::{ismcts, Level, SearchConfig};
use tablee_engine::katzenjammer::{KbState, KbView, Options};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seed};

/// Players of every benchmark game.
pub const PLAYERS: usize = 4;
/// The deal of the mid-game position the search is timed from.
const SEARCH_POSITION_SEED: u64 = 2024;
/// The tree search timed: `hard`'s budget when this benchmark was written,
/// fixed here so that the numbers stay comparable while the levels are tuned.
pub const SEARCH: SearchConfig = SearchConfig { iterations: 300, exploration: 0.7, rollout_depth: 40, width: 4 };

/// Throughputs, per second of one thread.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Rates {
    /// Random full 4-player games (fresh game, no log, uniformly random legal actions).
    pub games_per_s: f64,
    /// Engine actions (legal-move generation plus apply) in those games.
    pub actions_per_s: f64,
    /// ISMCTS iterations ([`SEARCH`]) from a mid-game view.
    pub iterations_per_s: f64,
}

impl Rates {
    /// The rates in the order of [`Rates::NAMES`].
    pub fn values(self) -> [f64; 3] {
        [self.games_per_s, self.actions_per_s, self.iterations_per_s]
    }

    /// What each value measures, for tables.
    pub const NAMES: [&'static str; 3] = ["random full games/s", "engine actions/s", "ISMCTS iterations/s"];

    /// One line of JSON: `{"games_per_s": .., "actions_per_s": .., "iterations_per_s": ..}`.
    pub fn to_json(self) -> String {
        format!(
            "{{\"games_per_s\": {:.1}, \"actions_per_s\": {:.1}, \"iterations_per_s\": {:.1}}}",
            self.games_per_s, self.actions_per_s, self.iterations_per_s
        )
    }
}

/// Plays random full games (deals 0, 1, 2, ...) until `run_ms` have passed;
/// returns (games, actions, elapsed ms).
pub fn random_games(run_ms: f64, now: &dyn Fn() -> f64) -> (u64, u64, f64) {
    let mut rng = Rng::new(0);
    let mut legal = Vec::new();
    let (mut games, mut actions) = (0u64, 0u64);
    let start = now();
    loop {
        let mut state = KbState::new_game(PLAYERS, Options::default(), Seed::from_number(games))
            .expect("a 4-player game deals")
            .without_log();
        while state.to_act().is_some() {
            state.actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            state.apply(&action).expect("listed actions apply");
            actions += 1;
        }
        black_box(&state);
        games += 1;
        let elapsed = now() - start;
        if elapsed >= run_ms {
            return (games, actions, elapsed);
        }
    }
}

/// The view of the seat to act halfway through a seeded 4-player game played
/// by `normal` bots: a typical position for a search.
pub fn midgame_view() -> KbView {
    let mut state =
        KbState::new_game(PLAYERS, Options::default(), Seed::from_number(SEARCH_POSITION_SEED)).expect("deals");
    let mut positions = Vec::new();
    let mut legal = Vec::new();
    while let Some(seat) = state.to_act() {
        positions.push(state.clone());
        state.actions(&mut legal);
        let action = decide(Level::Normal, &state.view(seat), &legal, positions.len() as u64);
        state.apply(&action).expect("bots choose legal actions");
    }
    let middle = &positions[positions.len() / 2];
    middle.view(middle.to_act().expect("a position before the end has a seat to act"))
}

/// Runs the [`SEARCH`] tree search on `view` again and again until `run_ms`
/// have passed; returns (iterations, elapsed ms).
pub fn search_iterations(view: &KbView, run_ms: f64, now: &dyn Fn() -> f64) -> (u64, f64) {
    let config = SEARCH;
    let mut rng = Rng::new(1);
    let mut iterations = 0u64;
    let start = now();
    loop {
        black_box(ismcts::search::<KbState>(view, &config, &mut rng));
        iterations += u64::from(config.iterations);
        let elapsed = now() - start;
        if elapsed >= run_ms {
            return (iterations, elapsed);
        }
    }
}

/// Every rate as the median of `runs` runs of about `run_ms` ms each.
/// Measures every metric as the median of `runs` runs of about `run_ms`
/// milliseconds each, timed by JavaScript's clock; returns
/// [`Rates::to_json`]. What `run.js` calls. (wasm only: the CLI compiles
/// this file natively, `crates/cli/src/games/katzenjammer/bench.rs`.)
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen]
pub fn bench(run_ms: f64, runs: u32) -> String {
    measure(run_ms, runs as usize, &js_sys::Date::now).to_json()
}

pub fn measure(run_ms: f64, runs: usize, now: &dyn Fn() -> f64) -> Rates {
    let runs = runs.max(1);
    let per_s = |count: u64, ms: f64| count as f64 * 1000.0 / ms.max(1e-9);
    let (mut games, mut actions, mut iterations) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..runs {
        let (g, a, ms) = random_games(run_ms, now);
        games.push(per_s(g, ms));
        actions.push(per_s(a, ms));
    }
    let view = midgame_view();
    for _ in 0..runs {
        let (i, ms) = search_iterations(&view, run_ms, now);
        iterations.push(per_s(i, ms));
    }
    Rates { games_per_s: median(games), actions_per_s: median(actions), iterations_per_s: median(iterations) }
}

fn median(mut values: Vec<f64>) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n == 0 {
        0.0
    } else if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}
