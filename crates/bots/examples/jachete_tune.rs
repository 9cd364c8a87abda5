//! Tunes the J'achète heuristic's weights (`tablee_bots::jachete::Params`) by
//! self-play against the research styles (issue 15): a candidate weight set
//! plays one seat against three `buyer`, three `miser`, three `opener` and
//! one of each (`mix`), 4 players, seats rotating, over the same seeded deals
//! (arena game seeds `game_seed(first_seed, i)`), and a coordinate search
//! keeps each change that raises the objective: the mean of the four win
//! shares plus the smallest of them (a `normal` sound against every style).
//!
//!     cargo run --release -p tablee-bots --example jachete_tune -- measure GAMES SEED [old|normal] [name=value,...]
//!     cargo run --release -p tablee-bots --example jachete_tune -- tune GAMES ROUNDS SEED [old|normal] [name=value,...]
//!
//! `measure` prints the four shares (and the share against three of the
//! `old` weights) of the given weights; `tune` searches from them and prints
//! the best set found. The arena (`tablee arena`) measures the levels
//! themselves on seeds the tuning never saw.

use tablee_bots::arena::game_seed;
use tablee_bots::jachete::{heuristic_action, Params};
use tablee_bots::jachete::styles::{decide, Style};
use tablee_engine::jachete::{JaGame, JaOptions};
use tablee_engine::Game;

#[derive(Clone, Copy)]
enum Opponents {
    Three(Style),
    Mix,
    Weights(Params),
}

impl Opponents {
    /// The move of `seat`, an opponent of `me` in game `g` (the mix seats its
    /// styles by the k-th opponent after me).
    fn act(&self, g: usize, seat: usize, me: usize, view: &tablee_engine::jachete::JaView, legal: &[tablee_engine::jachete::JaAction]) -> tablee_engine::jachete::JaAction {
        let k = (seat + 4 - me) % 4 - 1;
        match self {
            Opponents::Three(style) => decide(*style, view, legal, 0),
            Opponents::Mix => decide(Style::ALL[(g + k) % 3], view, legal, 0),
            Opponents::Weights(other) => heuristic_action(other, view, legal),
        }
    }
}

/// How many consecutive seeds the games are spread over (`TUNE_JA_SEEDS`,
/// 1 if unset): game `g` is game `g / seeds` of seed `seed + g % seeds`.
fn seeds() -> usize {
    std::env::var("TUNE_JA_SEEDS").ok().and_then(|s| s.parse().ok()).unwrap_or(1).max(1)
}

/// The arena game seed of the tuner's game `g` (see [`seeds`]).
fn tuning_game_seed(seed: u64, g: usize) -> tablee_engine::Seed {
    let n = seeds();
    game_seed(seed + (g % n) as u64, g / n)
}

/// Win share of `params` in one seat of four against `opponents`.
fn share(params: &Params, opponents: Opponents, games: usize, seed: u64) -> f64 {
    let mut total = 0.0;
    let mut legal = Vec::new();
    for g in 0..games {
        let me = (g / seeds()) % 4;
        let mut game = JaGame::new_game(4, JaOptions::default(), tuning_game_seed(seed, g)).expect("4 players");
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            game.actions(&mut legal);
            let view = game.view(seat);
            let action = if seat == me { heuristic_action(params, &view, &legal) } else { opponents.act(g, seat, me, &view, &legal) };
            game.apply(&action).expect("a generated action applies");
            moves += 1;
            if moves > 1_000_000 {
                break;
            }
        }
        if let Some(outcome) = game.outcome() {
            total += outcome.win_share(me);
        }
    }
    total / games as f64
}

const SETS: [Opponents; 5] = [
    Opponents::Three(Style::Buyer),
    Opponents::Three(Style::Miser),
    Opponents::Three(Style::Opener),
    Opponents::Mix,
    Opponents::Weights(Params::NORMAL),
];

/// The five shares (3 × `buyer`, `miser`, `opener`, `mix`, `normal`), in
/// parallel (two threads).
fn shares(params: &Params, games: usize, seed: u64) -> [f64; 5] {
    let mut out = [0.0; 5];
    std::thread::scope(|scope| {
        let handles: Vec<_> = [[0, 2, 4].as_slice(), [1, 3].as_slice()]
            .into_iter()
            .map(|sets| scope.spawn(move || sets.iter().map(|&i| (i, share(params, SETS[i], games, seed))).collect::<Vec<_>>()))
            .collect();
        for h in handles {
            for (i, s) in h.join().expect("a tuning thread") {
                out[i] = s;
            }
        }
    });
    out
}

/// `normal`'s objective (issue 15, part 3): the mean of the four style
/// shares plus the smallest. With `TUNE_JA_OBJECTIVE=search` (the search
/// levels' policy, part 5): the same over all five sets, 3 × `normal`
/// included.
fn objective(s: &[f64; 5]) -> f64 {
    let sets = if std::env::var("TUNE_JA_OBJECTIVE").is_ok_and(|o| o == "search") { &s[..] } else { &s[..4] };
    sets.iter().sum::<f64>() / sets.len() as f64 + sets.iter().copied().fold(f64::INFINITY, f64::min)
}

fn parse_params(base: &str, overrides: Option<&String>) -> Params {
    let mut p = match base {
        "old" => Params::OLD,
        "search" => Params::SEARCH,
        _ => Params::NORMAL,
    };
    for pair in overrides.map(|s| s.split(',').collect::<Vec<_>>()).unwrap_or_default() {
        let Some((name, value)) = pair.split_once('=') else { continue };
        let i = Params::NAMES.iter().position(|n| *n == name).unwrap_or_else(|| panic!("no weight {name}"));
        p.set(i, value.parse().expect("a number"));
    }
    p
}

fn show(p: &Params) -> String {
    (0..Params::NAMES.len()).map(|i| format!("{}={}", Params::NAMES[i], p.get(i))).collect::<Vec<_>>().join(",")
}

/// Per round (1..=7): my mean points, the opponents' mean points, how often
/// I went out, an opponent went out, and my buys per round, against `opponents`.
fn diag(params: &Params, opponents: Opponents, games: usize, seed: u64) {
    let mut mine = [0.0f64; 8];
    let mut theirs = [0.0f64; 8];
    let mut out_me = [0usize; 8];
    let mut out_them = [0usize; 8];
    let mut buys = [[0usize; 8]; 2];
    let mut opened_at = [[0usize; 8]; 2]; // turn count at opening, summed
    let mut opened_n = [[0usize; 8]; 2];
    let mut legal = Vec::new();
    for g in 0..games {
        let me = g % 4;
        let mut game = JaGame::new_game(4, JaOptions::default(), game_seed(seed, g)).expect("4 players");
        let mut turns = [0usize; 4];
        while let Some(seat) = game.to_act() {
            game.actions(&mut legal);
            let view = game.view(seat);
            let round = usize::from(view.round);
            let action = if seat == me { heuristic_action(params, &view, &legal) } else { opponents.act(g, seat, me, &view, &legal) };
            let who = usize::from(seat != me);
            match &action {
                tablee_engine::jachete::JaAction::Buy => buys[who][round] += 1,
                tablee_engine::jachete::JaAction::Play { .. } if !view.opened[seat] => {
                    opened_at[who][round] += turns[seat];
                    opened_n[who][round] += 1;
                }
                tablee_engine::jachete::JaAction::Discard(_) => turns[seat] += 1,
                _ => {}
            }
            game.apply(&action).expect("a generated action applies");
            if game.round().round() != view.round {
                turns = [0; 4];
            }
        }
        for (i, r) in game.results().iter().enumerate() {
            let round = i + 1;
            mine[round] += f64::from(r.round_points[me]);
            theirs[round] += (0..4).filter(|&s| s != me).map(|s| f64::from(r.round_points[s])).sum::<f64>() / 3.0;
            match r.went_out {
                Some(s) if s == me => out_me[round] += 1,
                Some(_) => out_them[round] += 1,
                None => {}
            }
        }
    }
    let n = games as f64;
    for r in 1..=7 {
        println!(
            "round {r}: points me {:.1} them {:.1} | out me {:.2} them {:.2} | buys me {:.2} them {:.2} | opens me {:.2} at turn {:.1}, them {:.2} at {:.1}",
            mine[r] / n,
            theirs[r] / n,
            out_me[r] as f64 / n,
            out_them[r] as f64 / n / 3.0,
            buys[0][r] as f64 / n,
            buys[1][r] as f64 / n / 3.0,
            opened_n[0][r] as f64 / n,
            opened_at[0][r] as f64 / opened_n[0][r].max(1) as f64,
            opened_n[1][r] as f64 / n / 3.0,
            opened_at[1][r] as f64 / opened_n[1][r].max(1) as f64,
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let mode = args.get(1).map_or("measure", String::as_str);
    if mode == "diag" {
        let games: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(500);
        let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1001);
        let p = parse_params(args.get(4).map_or("normal", String::as_str), args.get(5));
        let opponents = match args.get(6).map_or("opener", String::as_str) {
            "mix" => Opponents::Mix,
            "old" => Opponents::Weights(Params::OLD),
            name => Opponents::Three(Style::parse(name).expect("a style")),
        };
        diag(&p, opponents, games, seed);
        return;
    }
    if mode == "measure" {
        let games: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(500);
        let seed: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(1001);
        let p = parse_params(args.get(4).map_or("normal", String::as_str), args.get(5));
        let s = shares(&p, games, seed);
        let old = share(&p, Opponents::Weights(Params::OLD), games, seed);
        println!(
            "buyer {:.3} miser {:.3} opener {:.3} mix {:.3} normal {:.3} | vs 3 old {:.3} | objective {:.4}",
            s[0],
            s[1],
            s[2],
            s[3],
            s[4],
            old,
            objective(&s)
        );
        return;
    }
    let games: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let rounds: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(2);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(1001);
    let mut best = parse_params(args.get(5).map_or("normal", String::as_str), args.get(6));
    let mut best_s = shares(&best, games, seed);
    let mut best_obj = objective(&best_s);
    println!("start {best_s:.3?} objective {best_obj:.4}");
    // Additive steps, one per weight (Params::NAMES).
    let steps = [0.5, 0.5, 0.5, 0.5, 0.3, 0.3, 1.0, 5.0, 1.0, 0.1, 0.1, 1.0, 0.1, 3.0, 4.0, 2.0, 1.0, 0.3, 1.0, 0.3, 0.2, 3.0, 0.5, 3.0, 0.5, 1.0];
    let mut step_scale = 1.0;
    for round in 0..rounds {
        for i in 0..Params::NAMES.len() {
            for dir in [1.0, -1.0] {
                let mut p = best;
                p.set(i, best.get(i) + dir * steps[i] * step_scale);
                let s = shares(&p, games, seed);
                let obj = objective(&s);
                if obj > best_obj {
                    println!("round {round}: {} {} -> {:.3}: {s:.3?} objective {obj:.4}", Params::NAMES[i], best.get(i), p.get(i));
                    best = p;
                    best_s = s;
                    best_obj = obj;
                    break;
                }
            }
        }
        step_scale *= 0.5;
        println!("after round {round}: {best_s:.3?} objective {best_obj:.4}\n  {}", show(&best));
    }
}
