//! Fits J'achète's learned evaluation (`tablee_bots::jachete::value`, issue
//! 33): the points a seat scores when the round ends, from the features of
//! that seat's own VIEW (JA-19), one linear model per round and per "opened
//! or not", by ridge least squares. The positions come from self-play of
//! four `normal` seats (the policy the search's rollouts play), deals
//! `game_seed(SEED, i)`; at every decision one seat's view is sampled
//! (seeded), its target the points that seat scores when that round ends.
//! The last fifth of the games is held out to report R² (and the R² of the
//! hand's points alone, the evaluation a cut-off rollout uses today).
//!
//!     cargo run --release -p tablee-bots --example jachete_value -- GAMES SEED
//!     cargo run --release -p tablee-bots --example jachete_value -- discard|plays GAMES SEED [OPP]
//!
//! Prints the fit's report on stderr and the weights as the Rust constant
//! `WEIGHTS` on stdout. `discard` asks whether the evaluation is a better
//! continuation than `normal`: a seat playing `normal` but discarding the
//! card that leaves the fewest predicted points (`plays`: choosing among
//! the plays and the discards so too, a play followed by its best
//! discard), against three OPP
//! (`normal` or a style), paired game by game with `normal` in that seat.

use tablee_bots::arena::game_seed;
use tablee_bots::jachete::{heuristic_action, Params};
use tablee_bots::jachete::styles::{self as styles, Style};
use tablee_bots::jachete::value::{predict, predict_with, view_features, FEATURES, NAMES};
use tablee_bots::{jachete, Level};
use tablee_engine::jachete::{Card, JaAction, JaGame, JaOptions, JaView};
use tablee_engine::rng::Rng;
use tablee_engine::Game;

const MODELS: usize = 14;

struct Sample {
    model: usize,
    x: [f64; FEATURES],
    y: f64,
    test: bool,
}

fn collect(games: usize, seed: u64) -> Vec<Sample> {
    let mut samples = Vec::new();
    let mut legal = Vec::new();
    let mut pick = Rng::new(seed ^ 0x5eed_7a1e);
    for g in 0..games {
        let test = g % 5 == 4;
        let gs = game_seed(seed, g);
        let mut game = JaGame::new_game(4, JaOptions::default(), gs).expect("4 players");
        let mut pending: Vec<(usize, usize, [f64; FEATURES])> = Vec::new();
        let mut results = 0;
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            game.actions(&mut legal);
            // One seat's view, any seat (the one to act or not).
            let watched = pick.index(4);
            let (model, x) = view_features(&game.view(watched));
            pending.push((watched, model, x));
            let view = game.view(seat);
            let action = jachete::decide(Level::Normal, &view, &legal, moves);
            game.apply(&action).expect("a generated action applies");
            moves += 1;
            if game.results().len() > results {
                results = game.results().len();
                let points = &game.results()[results - 1].round_points;
                for (s, model, x) in pending.drain(..) {
                    samples.push(Sample { model, x, y: f64::from(points[s]), test });
                }
            }
        }
    }
    samples
}

/// Ridge least squares: (XᵀX + λI) w = Xᵀy, by Gaussian elimination.
fn fit(samples: &[&Sample], lambda: f64) -> [f64; FEATURES] {
    let mut a = [[0.0; FEATURES]; FEATURES];
    let mut b = [0.0; FEATURES];
    for s in samples {
        for i in 0..FEATURES {
            b[i] += s.x[i] * s.y;
            for j in 0..FEATURES {
                a[i][j] += s.x[i] * s.x[j];
            }
        }
    }
    for (i, row) in a.iter_mut().enumerate() {
        row[i] += lambda;
    }
    for col in 0..FEATURES {
        let pivot = (col..FEATURES).max_by(|&p, &q| a[p][col].abs().total_cmp(&a[q][col].abs())).expect("rows");
        a.swap(col, pivot);
        b.swap(col, pivot);
        let d = a[col][col];
        for row in (col + 1)..FEATURES {
            let f = a[row][col] / d;
            for k in col..FEATURES {
                a[row][k] -= f * a[col][k];
            }
            b[row] -= f * b[col];
        }
    }
    let mut w = [0.0; FEATURES];
    for i in (0..FEATURES).rev() {
        let s: f64 = ((i + 1)..FEATURES).map(|k| a[i][k] * w[k]).sum();
        w[i] = (b[i] - s) / a[i][i];
    }
    w
}

fn r2(samples: &[&Sample], predict: impl Fn(&Sample) -> f64) -> f64 {
    let n = samples.len() as f64;
    let mean = samples.iter().map(|s| s.y).sum::<f64>() / n;
    let tot: f64 = samples.iter().map(|s| (s.y - mean).powi(2)).sum();
    let res: f64 = samples.iter().map(|s| (s.y - predict(s)).powi(2)).sum();
    1.0 - res / tot
}

/// The points the model predicts once `view`'s seat has discarded `card`
/// (the next turn three seats away; going out scores nothing).
fn after_discard(view: &JaView, card: Card) -> f64 {
    let mut after = view.clone();
    let i = after.hand.iter().position(|c| *c == card).expect("a card in hand");
    after.hand.remove(i);
    if after.hand.is_empty() {
        return 0.0;
    }
    after.hand_sizes[view.seat] -= 1;
    after.turn = (view.seat + 1) % view.players;
    let (model, x) = view_features(&after);
    predict(model, &x)
}

/// The best discard by [`after_discard`] (`None` for an empty hand).
fn best_discard(view: &JaView) -> Option<(f64, Card)> {
    let mut best: Option<(f64, Card)> = None;
    for &card in &view.hand {
        let points = after_discard(view, card);
        if best.is_none_or(|(b, _)| points < b - 1e-9) {
            best = Some((points, card));
        }
    }
    best
}

/// `normal`, except that a discard (and with `plays`, the choice between
/// the plays and discarding at once) is the one after which the model
/// predicts the fewest points (a play followed by its best discard).
fn value_policy(view: &JaView, legal: &[JaAction], plays: bool) -> JaAction {
    let normal = heuristic_action(&Params::NORMAL, view, legal);
    let searched = match normal {
        JaAction::Discard(_) => true,
        JaAction::Play { .. } => plays,
        _ => false,
    };
    if !searched {
        return normal;
    }
    let mut best = (f64::INFINITY, normal.clone());
    for action in legal {
        let points = match action {
            JaAction::Discard(card) => after_discard(view, *card),
            JaAction::Play { table } if plays => {
                // The cards that left the hand: the new table less the old.
                let mut on_table: Vec<Card> = view.table.iter().flat_map(|m| m.cards.iter().copied()).collect();
                let mut after = view.clone();
                for card in table.iter().flat_map(|m| &m.cards) {
                    if let Some(i) = on_table.iter().position(|c| c == card) {
                        on_table.swap_remove(i);
                    } else if let Some(i) = after.hand.iter().position(|c| c == card) {
                        after.hand.remove(i);
                    }
                }
                after.hand_sizes[view.seat] = after.hand.len();
                after.table = table.clone();
                after.opened[view.seat] = true;
                best_discard(&after).map_or(0.0, |(p, _)| p)
            }
            _ => continue,
        };
        if points < best.0 - 1e-9 {
            best = (points, action.clone());
        }
    }
    best.1
}

fn share(player: &dyn Fn(&JaView, &[JaAction]) -> JaAction, opponents: &str, g: usize, seed: u64) -> f64 {
    let mut game = JaGame::new_game(4, JaOptions::default(), game_seed(seed, g)).expect("4 players");
    let me = g % 4;
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = if seat == me {
            player(&view, &legal)
        } else if opponents == "normal" {
            heuristic_action(&Params::NORMAL, &view, &legal)
        } else {
            styles::decide(Style::parse(opponents).expect("a style"), &view, &legal, 0)
        };
        game.apply(&action).expect("a generated action applies");
    }
    game.outcome().expect("a finished game").win_share(me)
}

fn discard_mode(args: &[String]) {
    let games: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(3302);
    let opponents = args.get(4).map_or("normal", String::as_str);
    let plays = args[1] == "plays";
    let diffs: Vec<f64> = (0..games)
        .map(|g| share(&|v, l| value_policy(v, l, plays), opponents, g, seed) - share(&|v, l| heuristic_action(&Params::NORMAL, v, l), opponents, g, seed))
        .collect();
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let sd = (diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0)).sqrt();
    println!("value {} against 3 x {opponents}, {games} games, seed {seed}: paired difference with normal {mean:+.4} ± {:.4}", args[1], 1.96 * sd / n.sqrt());
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).is_some_and(|a| a == "discard" || a == "plays") {
        return discard_mode(&args);
    }
    let games: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(2000);
    let seed: u64 = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(3301);
    let samples = collect(games, seed);
    let mut weights = [[0.0; FEATURES]; MODELS];
    for (m, w) in weights.iter_mut().enumerate() {
        let train: Vec<&Sample> = samples.iter().filter(|s| s.model == m && !s.test).collect();
        if train.len() > FEATURES * 10 {
            *w = fit(&train, 1.0);
        }
    }
    // The hand's points alone (a cut-off rollout's score today), fitted too.
    let mut points_only = [[0.0; 2]; MODELS];
    for (m, w) in points_only.iter_mut().enumerate() {
        let train: Vec<&Sample> = samples.iter().filter(|s| s.model == m && !s.test).collect();
        let n = train.len().max(1) as f64;
        let (mx, my) = (train.iter().map(|s| s.x[1]).sum::<f64>() / n, train.iter().map(|s| s.y).sum::<f64>() / n);
        let cov: f64 = train.iter().map(|s| (s.x[1] - mx) * (s.y - my)).sum();
        let var: f64 = train.iter().map(|s| (s.x[1] - mx).powi(2)).sum::<f64>().max(1e-9);
        *w = [my - cov / var * mx, cov / var];
    }
    let test: Vec<&Sample> = samples.iter().filter(|s| s.test).collect();
    eprintln!("{} samples ({} held out) from {games} games of 4 x normal, seed {seed}", samples.len(), test.len());
    eprintln!(
        "held-out R²: model {:.3}; the hand's points alone {:.3}; the hand's points as they stand {:.3}",
        r2(&test, |s| predict_with(&weights[s.model], &s.x)),
        r2(&test, |s| points_only[s.model][0] + points_only[s.model][1] * s.x[1]),
        r2(&test, |s| s.x[1] * 10.0),
    );
    for m in 0..MODELS {
        let t: Vec<&Sample> = test.iter().copied().filter(|s| s.model == m).collect();
        if t.len() > 10 {
            eprintln!(
                "round {} {}: {} held out, R² {:.3} (points alone {:.3})",
                m / 2 + 1,
                if m % 2 == 1 { "opened" } else { "not opened" },
                t.len(),
                r2(&t, |s| predict_with(&weights[m], &s.x)),
                r2(&t, |s| points_only[m][0] + points_only[m][1] * s.x[1]),
            );
        }
    }
    println!("// jachete_value {games} {seed}: {}", NAMES.join(", "));
    println!("pub const WEIGHTS: [[f64; FEATURES]; 14] = [");
    for w in &weights {
        let row: Vec<String> = w.iter().map(|v| format!("{v:.3}")).collect();
        println!("    [{}],", row.join(", "));
    }
    println!("];");
}
