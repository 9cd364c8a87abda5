//! A paired comparison of a J'achète search level with `normal` (issue 15):
//! every game is played twice on the same deal, against the same opponents,
//! with the same decision seeds — once with the level in the measured seat,
//! once with `normal` there — exactly as `tablee arena --game jachete
//! --players 4 --seats LEVEL,OPP,OPP,OPP --games GAMES --seed SEED` plays it
//! (seats rotating, `mix` as the arena's). The per-game difference of the
//! two win shares has a far smaller variance than either share, so small
//! samples tell more.
//!
//!     cargo run --release -p tablee-bots --example jachete_paired -- LEVEL OPP GAMES SEED [WORLDS Z [MODEL FUTURE]]
//!
//! LEVEL is `hard` or `expert` (WORLDS and Z override its budget and its
//! guard — WORLDS 0 is the level's policy alone, without search; MODEL and
//! FUTURE, 0 or 1, switch its opponent models and its future-pricing
//! reward, `Search::model` and `Search::future`; the environment variables
//! `PAIRED_JA_POLICY` and `PAIRED_JA_OTHERS`, `normal`, `search` or
//! `name=value,...` (`normal`'s weights with those changed), set
//! `Search::policy` and `Search::others`, and `PAIRED_JA_WIN`, 0 or 1,
//! `Search::win`, `PAIRED_JA_Z_PLAY` `Search::z_play`, and `PAIRED_JA_WIDTH`
//! `Search::width`); OPP is
//! `buyer`, `miser`, `opener`, `mix` or `normal`. Prints one line per game (`game G level L normal N searched S deviated D`) and a
//! summary: both shares and their paired difference with 95% CIs, how many
//! decisions were searched and how many of them left the heuristic's move,
//! and the level's decision times (all, and searched only). Each
//! deviation is also judged on the true deal: the round played on from it
//! by the true players, the level's move against the heuristic's ("round
//! gain per deviation", in points; with `PAIRED_JA_TRACE` set, one line per
//! deviation on stderr with the search's estimate). A last line says how
//! many points a game the level, and `normal` in its seat, would have had
//! to shed, the opponents' games unchanged, for a win share of 0.40 and of
//! 0.45 ("edge needed", docs/research/jachete-bots.md, issue 15, part 12).

use std::time::Instant;

#[path = "common/jachete.rs"]
mod common;
use common::{opponent, round_outcome};

use tablee_bots::arena::{decision_seed, game_seed};
use tablee_bots::jachete::{analyse_search, heuristic_action, Params, Search, EXPERT, HARD};
use tablee_engine::jachete::{JaGame, JaOptions};
use tablee_engine::rng::Rng;
use tablee_engine::Game;

/// How a game ended for the measured seat: its final total, the best
/// (lowest) other total, and how many others have that best total.
#[derive(Clone, Copy)]
struct Totals {
    mine: i32,
    best_other: i32,
    best_others: usize,
}

struct Played {
    share: f64,
    totals: Totals,
    /// At each decision where the level left the heuristic's move: the
    /// round's outcome on the true deal with the level's move minus with
    /// the heuristic's (others' mean points minus mine; the rest of the
    /// round played by the true players, `normal` in the measured seat).
    gains: Vec<f64>,
    searched: usize,
    deviated: usize,
    times: Vec<f64>,
    searched_times: Vec<f64>,
}

/// Game `g` with `search` (or `normal`: `None`) at the measured seat.
fn play(search: Option<&Search>, opponents: &str, g: usize, seed: u64) -> Played {
    const N: usize = 4;
    let game_seed = game_seed(seed, g);
    let mut game = JaGame::new_game(N, JaOptions::default(), game_seed).expect("4 players");
    let me = g % N; // entry 0 sits at seat g % n in game g
    let mut legal = Vec::new();
    let mut played = Played { share: 0.0, totals: Totals { mine: 0, best_other: 0, best_others: 0 }, gains: Vec::new(), searched: 0, deviated: 0, times: Vec::new(), searched_times: Vec::new() };
    let mut moves = 0;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let bot_seed = decision_seed(game_seed, seat, moves);
        let action = if seat == me {
            let start = Instant::now();
            let choices = analyse_search(search, &view, &legal, &mut Rng::new(bot_seed));
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            played.times.push(ms);
            if choices.first().is_some_and(|c| c.visits > 1) {
                played.searched += 1;
                played.searched_times.push(ms);
                // The policy's own move (the incumbent the search may leave).
                let normal = heuristic_action(&search.map_or(Params::NORMAL, |s| s.policy), &view, &legal);
                if choices[0].action != normal {
                    played.deviated += 1;
                    let gain = round_outcome(&game, &choices[0].action, me, opponents, g).1 - round_outcome(&game, &normal, me, opponents, g).1;
                    if std::env::var_os("PAIRED_JA_TRACE").is_some() {
                        let est = choices[0].value - choices.iter().find(|c| c.action == normal).map_or(0.0, |c| c.value);
                        eprintln!("DEV round {} {:?} -> {:?} est {:.4} gain {gain}", view.round, normal, choices[0].action, est);
                    }
                    played.gains.push(gain);
                }
            }
            choices.into_iter().next().map_or_else(|| legal[0].clone(), |c| c.action)
        } else {
            opponent(opponents, g, seat, &view, &legal, bot_seed)
        };
        game.apply(&action).expect("a generated action applies");
        moves += 1;
    }
    let outcome = game.outcome().expect("a finished game");
    played.share = outcome.win_share(me);
    let others = outcome.scores.iter().enumerate().filter(|&(s, _)| s != me).map(|(_, &t)| t);
    let best_other = others.clone().min().expect("other seats");
    played.totals = Totals { mine: outcome.scores[me], best_other, best_others: others.filter(|&t| t == best_other).count() };
    played
}

/// The win share the measured seat would have had with `edge` points fewer
/// in every game (the lowest total wins, ties split, JA-18): how far the
/// seat's mean total is from a share, the others' games unchanged.
fn share_with_edge(games: &[Totals], edge: i32) -> f64 {
    let won = |p: &Totals| match (p.mine - edge).cmp(&p.best_other) {
        std::cmp::Ordering::Less => 1.0,
        std::cmp::Ordering::Equal => 1.0 / (p.best_others + 1) as f64,
        std::cmp::Ordering::Greater => 0.0,
    };
    games.iter().map(won).sum::<f64>() / games.len().max(1) as f64
}

/// The fewest points a game (in steps of 5, the cards' unit) the seat would
/// need to shed for its share to reach `target`.
fn edge_needed(games: &[Totals], target: f64) -> i32 {
    (0..=200).map(|k| 5 * k).find(|&e| share_with_edge(games, e) >= target).unwrap_or(i32::MAX)
}

fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn percentile(xs: &mut [f64], q: f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs.get(((xs.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mut search = match args.get(1).map(String::as_str) {
        Some("hard") => HARD,
        Some("expert") => EXPERT,
        _ => panic!("usage: jachete_paired hard|expert OPP GAMES SEED [WORLDS Z [MODEL FUTURE]]"),
    };
    let opponents = args.get(2).map_or("opener", String::as_str);
    let games: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(20);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(11);
    if let Some(worlds) = args.get(5).and_then(|a| a.parse().ok()) {
        search.worlds = worlds;
    }
    if let Some(z) = args.get(6).and_then(|a| a.parse().ok()) {
        search.z = z;
        search.z_play = z;
    }
    if let Some(model) = args.get(7) {
        search.model = model == "1";
    }
    if let Some(future) = args.get(8) {
        search.future = future == "1";
    }
    // The policy searched and the other seats' play in the rollouts:
    // `normal` or `search` (Params::NORMAL, Params::SEARCH).
    // Or `name=value,...`: `normal`'s weights with those changed (issue 33,
    // part 2: the weights fitted to `expert`'s choices by `jachete_iter fit`).
    let params = |var: &str| match std::env::var(var).as_deref() {
        Ok("normal") => Some(Params::NORMAL),
        Ok("search") => Some(Params::SEARCH),
        Ok(list) if list.contains('=') => {
            let mut p = Params::NORMAL;
            for (name, value) in list.split(',').filter_map(|pair| pair.split_once('=')) {
                let i = Params::NAMES.iter().position(|n| *n == name).unwrap_or_else(|| panic!("no weight {name}"));
                p.set(i, value.parse().expect("a number"));
            }
            Some(p)
        }
        _ => None,
    };
    if let Some(policy) = params("PAIRED_JA_POLICY") {
        search.policy = policy;
    }
    if let Some(others) = params("PAIRED_JA_OTHERS") {
        search.others = others;
    }
    // `PAIRED_JA_Z_PLAY`: `Search::z_play`.
    if let Some(z) = std::env::var("PAIRED_JA_Z_PLAY").ok().and_then(|z| z.parse().ok()) {
        search.z_play = z;
    }
    // `PAIRED_JA_WIDTH`: `Search::width`.
    if let Some(width) = std::env::var("PAIRED_JA_WIDTH").ok().and_then(|w| w.parse().ok()) {
        search.width = width;
    }
    // `PAIRED_JA_CUTOFF`: `Search::cutoff` (issue 33: rollouts cut at the
    // seat's n-th turn and scored by the learned evaluation).
    if let Some(cutoff) = std::env::var("PAIRED_JA_CUTOFF").ok().and_then(|c| c.parse().ok()) {
        search.cutoff = cutoff;
    }
    // `PAIRED_JA_BASE=shipped`: the reference seat plays the shipped level
    // (HARD or EXPERT as the first argument says), not `normal`, so that a
    // variant is paired game by game with the level it would replace.
    let base = match (std::env::var("PAIRED_JA_BASE").as_deref(), args[1].as_str()) {
        (Ok("shipped"), "hard") => Some(HARD),
        (Ok("shipped"), _) => Some(EXPERT),
        _ => None,
    };
    // `PAIRED_JA_WIN`, 0 or 1: `Search::win`.
    if let Ok(win) = std::env::var("PAIRED_JA_WIN") {
        search.win = win == "1";
    }
    let (mut level, mut normal, mut diff, mut points, mut gains) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut searched, mut deviated, mut times, mut searched_times) = (0, 0, Vec::new(), Vec::new());
    let (mut level_games, mut normal_games) = (Vec::new(), Vec::new());
    // The reference seat's own searches (with PAIRED_JA_BASE=shipped).
    let (mut base_deviated, mut base_gains, mut base_times, mut base_searched_times) = (0, Vec::new(), Vec::new(), Vec::new());
    for g in 0..games {
        let a = play(Some(&search), opponents, g, seed);
        let b = play(base.as_ref(), opponents, g, seed);
        println!("game {g} level {} normal {} searched {} deviated {}", a.share, b.share, a.searched, a.deviated);
        level.push(a.share);
        normal.push(b.share);
        diff.push(a.share - b.share);
        points.push(f64::from(a.totals.mine - b.totals.mine));
        level_games.push(a.totals);
        normal_games.push(b.totals);
        gains.extend(a.gains);
        searched += a.searched;
        deviated += a.deviated;
        times.extend(a.times);
        searched_times.extend(a.searched_times);
        base_deviated += b.deviated;
        base_gains.extend(b.gains);
        base_times.extend(b.times);
        base_searched_times.extend(b.searched_times);
    }
    let [(l, lc), (n, nc), (d, dc), (p, pc), (gm, gc)] = [&level, &normal, &diff, &points, &gains].map(|xs| mean_ci(xs));
    println!(
        "{} worlds {} z {} z_play {} model {} future {} win {} cutoff {} policy {} others {} against {} vs 3 x {opponents}, {games} games, seed {seed}: level {l:.3} ± {lc:.3}, normal {n:.3} ± {nc:.3}, \
         difference {d:+.3} ± {dc:.3}; points {p:+.1} ± {pc:.1}; searched {searched}, deviated {deviated}, \
         round gain per deviation {gm:+.2} ± {gc:.2}; ms p50 {:.4} p95 {:.1}, searched p50 {:.1} p95 {:.1}",
        args[1],
        search.worlds,
        search.z,
        search.z_play,
        search.model,
        search.future,
        search.win,
        search.cutoff,
        if search.policy == Params::NORMAL { "normal" } else { "other" },
        if search.others == Params::NORMAL { "normal" } else { "search" },
        if base.is_some() { "the shipped level" } else { "normal" },
        percentile(&mut times, 0.5),
        percentile(&mut times, 0.95),
        percentile(&mut searched_times, 0.5),
        percentile(&mut searched_times, 0.95),
    );
    if base.is_some() {
        let (bg, bc) = mean_ci(&base_gains);
        println!(
            "the shipped level: deviated {base_deviated}, round gain per deviation {bg:+.2} ± {bc:.2}; ms p50 {:.4} p95 {:.1}, searched p50 {:.1} p95 {:.1}",
            percentile(&mut base_times, 0.5),
            percentile(&mut base_times, 0.95),
            percentile(&mut base_searched_times, 0.5),
            percentile(&mut base_searched_times, 0.95),
        );
    }
    // How many points a game each would need to shed, its opponents' games
    // unchanged, for a win share of 0.40 and of 0.45 (docs/research/jachete-bots.md, part 12).
    println!(
        "edge needed (points a game): level 0.40 {} 0.45 {}; normal 0.40 {} 0.45 {}",
        edge_needed(&level_games, 0.40),
        edge_needed(&level_games, 0.45),
        edge_needed(&normal_games, 0.40),
        edge_needed(&normal_games, 0.45),
    );
}
