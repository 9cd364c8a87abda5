//! Issue 45: two J'achète seats paired game by game. Every game is played
//! twice on the same deal, against the same opponents, with the same
//! decision seeds — once with seat A in the measured seat, once with seat B
//! there — exactly as `tablee arena --game jachete --players 4 --seats
//! A,OPP,OPP,OPP --games GAMES --seed SEED` plays it (seats rotating).
//!
//!     cargo run --release -p tablee-bots --example jachete_paired_ismcts -- A B OPP GAMES SEED
//!
//! A and B are `normal`, `hard`, `expert` or a research search seat
//! (`ja-ismcts[-paired][/key=value...]`, `tablee_bots::jachete::ismcts`);
//! OPP is `normal`, `buyer`, `miser`, `opener` or `mix`. B's games are
//! cached (every player is deterministic) in
//! `target/paired-cache/B_OPP_SEED_G`, so that several variants can be
//! paired with one `expert` run. Prints one line per game and a summary:
//! both shares and their paired difference with 95% CIs, the points, A's
//! searched decisions and deviations from `normal`'s move, each deviation
//! judged on the true deal (the round played on by the true players,
//! `normal` in the seat: "round gain per deviation", in points), and A's
//! decision times (all, and searched).

use std::time::Instant;

#[path = "common/jachete.rs"]
mod common;
use common::{opponent, round_outcome};

use tablee_bots::arena::{decision_seed, game_seed};
use tablee_bots::{jachete, Choice, Level};
use tablee_bots::jachete::ismcts as jachete_ismcts;
use tablee_engine::jachete::{JaAction, JaGame, JaOptions, JaView};
use tablee_engine::Game;

enum Seat {
    Level(Level),
    Ismcts(Box<jachete_ismcts::Config>),
}

impl Seat {
    fn parse(text: &str) -> Seat {
        match Level::parse(text) {
            Some(level) => Seat::Level(level),
            None => Seat::Ismcts(Box::new(jachete_ismcts::Config::parse(text).unwrap_or_else(|e| panic!("{e}")))),
        }
    }

    fn analyse(&self, view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
        match self {
            Seat::Level(level) => jachete::analyse(*level, view, legal, seed),
            Seat::Ismcts(config) => jachete_ismcts::analyse(config, view, legal, seed),
        }
    }
}

#[derive(Default)]
struct Played {
    share: f64,
    points: i32,
    gains: Vec<f64>,
    searched: usize,
    deviated: usize,
    times: Vec<f64>,
    searched_times: Vec<f64>,
}

fn play(seat: &Seat, opponents: &str, g: usize, seed: u64, judge: bool) -> Played {
    const N: usize = 4;
    let game_seed = game_seed(seed, g);
    let mut game = JaGame::new_game(N, JaOptions::default(), game_seed).expect("4 players");
    let me = g % N;
    let mut legal = Vec::new();
    let mut played = Played::default();
    let mut moves = 0;
    while let Some(s) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(s);
        let bot_seed = decision_seed(game_seed, s, moves);
        let action = if s == me {
            let start = Instant::now();
            let choices = seat.analyse(&view, &legal, bot_seed);
            let ms = start.elapsed().as_secs_f64() * 1000.0;
            played.times.push(ms);
            let action = choices.first().map_or_else(|| legal[0].clone(), |c| c.action.clone());
            if choices.first().is_some_and(|c| c.visits > 1) {
                played.searched += 1;
                played.searched_times.push(ms);
                let normal = jachete::heuristic_action(&jachete::Params::NORMAL, &view, &legal);
                if action != normal {
                    played.deviated += 1;
                    if judge {
                        let gain = round_outcome(&game, &action, me, opponents, g).1 - round_outcome(&game, &normal, me, opponents, g).1;
                        played.gains.push(gain);
                    }
                }
            }
            action
        } else {
            opponent(opponents, g, s, &view, &legal, bot_seed)
        };
        game.apply(&action).expect("a generated action applies");
        moves += 1;
    }
    let outcome = game.outcome().expect("a finished game");
    played.share = outcome.win_share(me);
    played.points = outcome.scores[me];
    played
}

/// B's share and points in game `g`, from the cache or played.
fn cached(name: &str, seat: &Seat, opponents: &str, g: usize, seed: u64) -> (f64, i32) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../target/paired-cache");
    let file = dir.join(format!("{}_{opponents}_{seed}_{g}", name.replace('/', "+")));
    if let Some((s, p)) = std::fs::read_to_string(&file).ok().and_then(|t| {
        let (s, p) = t.trim().split_once(' ')?;
        Some((s.parse().ok()?, p.parse().ok()?))
    }) {
        return (s, p);
    }
    let b = play(seat, opponents, g, seed, false);
    let _ = std::fs::create_dir_all(&dir);
    let _ = std::fs::write(&file, format!("{} {}", b.share, b.points));
    (b.share, b.points)
}

fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n.max(1.0);
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n.max(1.0)).sqrt())
}

fn percentile(xs: &mut [f64], q: f64) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs.get(((xs.len().max(1) - 1) as f64 * q).round() as usize).copied().unwrap_or(0.0)
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 6 {
        panic!("usage: jachete_paired_ismcts A B OPP GAMES SEED [FIRST_GAME]");
    }
    let (a_name, b_name, opponents) = (&args[1], &args[2], args[3].as_str());
    let (a, b) = (Seat::parse(a_name), Seat::parse(b_name));
    let games: usize = args[4].parse().expect("GAMES");
    let seed: u64 = args[5].parse().expect("SEED");
    let first: usize = args.get(6).and_then(|a| a.parse().ok()).unwrap_or(0);
    let judge = std::env::var_os("PAIRED_NO_JUDGE").is_none();
    let (mut sa, mut sb, mut diff, mut points, mut gains) = (Vec::new(), Vec::new(), Vec::new(), Vec::new(), Vec::new());
    let (mut searched, mut deviated, mut times, mut searched_times) = (0, 0, Vec::new(), Vec::new());
    for g in first..first + games {
        let pa = play(&a, opponents, g, seed, judge);
        let (share_b, points_b) = cached(b_name, &b, opponents, g, seed);
        println!("game {g} a {} b {share_b} points {} {points_b} searched {} deviated {}", pa.share, pa.points, pa.searched, pa.deviated);
        sa.push(pa.share);
        sb.push(share_b);
        diff.push(pa.share - share_b);
        points.push(f64::from(pa.points - points_b));
        gains.extend(pa.gains);
        searched += pa.searched;
        deviated += pa.deviated;
        times.extend(pa.times);
        searched_times.extend(pa.searched_times);
    }
    let [(ma, ca), (mb, cb), (d, dc), (p, pc), (gm, gc)] = [&sa, &sb, &diff, &points, &gains].map(|xs| mean_ci(xs));
    let differ = diff.iter().filter(|d| d.abs() > 1e-9).count();
    println!(
        "{a_name} vs {b_name}, 3 x {opponents}, games {first}..{} seed {seed}: A {ma:.3} ± {ca:.3}, B {mb:.3} ± {cb:.3}, \
         difference {d:+.3} ± {dc:.3} ({differ} games differ); points A-B {p:+.1} ± {pc:.1}; A searched {searched}, deviated {deviated}, \
         round gain per deviation {gm:+.2} ± {gc:.2} ({} judged); A ms p50 {:.3} p95 {:.1}, searched p50 {:.1} p95 {:.1}",
        first + games,
        gains.len(),
        percentile(&mut times, 0.5),
        percentile(&mut times, 0.95),
        percentile(&mut searched_times, 0.5),
        percentile(&mut searched_times, 0.95),
    );
}
