//! Tunes the Katzenjammer heuristic's weights by self-play: a candidate
//! weight set plays one seat against three `normal` heuristics over the same
//! seeded deals (seats rotating), and a coordinate search keeps each change
//! that wins more. Heuristic games are cheap (thousands per second), so the
//! search can afford tens of thousands of games per step.
//!
//!     cargo run --release -p tablee-bots --example katzenjammer_tune -- [games] [rounds] [first-deal] [normal|tuned]
//!
//! `rounds` 0 only measures the starting weights (`tuned`: `Params::TUNED`)
//! against `normal` on the deals from `first-deal` on: a check on deals the
//! tuning never saw.

use tablee_bots::katzenjammer::heuristic::Params;
use tablee_bots::katzenjammer::{heuristic_action, situation_from_view};
use tablee_engine::katzenjammer::{KbState, Options};
use tablee_engine::Seed;

/// Win share of `params` in one seat against three `normal`.
fn share(params: &Params, games: u64, first_deal: u64) -> f64 {
    let mut total = 0.0;
    let mut legal = Vec::new();
    for g in 0..games {
        let me = (g % 4) as usize;
        let mut state = KbState::new_game(4, Options::default(), Seed::from_number(first_deal + g / 4)).expect("4 players");
        while let Some(seat) = state.to_act() {
            state.legal_actions(&mut legal);
            let view = state.view(seat);
            let mut situation = situation_from_view(&view);
            if seat == me {
                situation.params = *params;
            }
            let margin = situation.params.margin;
            let action = heuristic_action(&situation, view.phase, view.high_bid.map(|b| b.level), &view.row, margin);
            let action = if legal.contains(&action) { action } else { legal[0] };
            state.apply(&action).expect("legal");
        }
        total += state.outcome().expect("over").win_share(me);
    }
    total / games as f64
}

fn get(p: &Params, i: usize) -> f64 {
    match i {
        0..=2 => p.partial[i + 1],
        3 => p.foursome,
        4 | 5 => p.low_cards[i - 4],
        6 => p.horizon_stock,
        7 => p.horizon_mice,
        8 => p.joker_penalty,
        9 => p.joker_offset,
        10 => p.joker_slope,
        11 => p.hand_joker,
        _ => p.margin,
    }
}

fn set(p: &mut Params, i: usize, v: f64) {
    match i {
        0..=2 => p.partial[i + 1] = v,
        3 => p.foursome = v,
        4 | 5 => p.low_cards[i - 4] = v,
        6 => p.horizon_stock = v,
        7 => p.horizon_mice = v,
        8 => p.joker_penalty = v,
        9 => p.joker_offset = v,
        10 => p.joker_slope = v,
        11 => p.hand_joker = v,
        _ => p.margin = v,
    }
}

const NAMES: [&str; 13] = [
    "partial1", "partial2", "partial3", "foursome", "low1", "low2", "horizon_stock", "horizon_mice", "joker_penalty",
    "joker_offset", "joker_slope", "hand_joker", "margin",
];

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8000);
    let rounds: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(2);
    let first_deal: u64 = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(0);
    let mut params = if args.get(4).is_some_and(|a| a == "tuned") { Params::TUNED } else { Params::NORMAL };
    let mut best = share(&params, games, first_deal);
    println!("start {best:.4}");
    for round in 0..rounds {
        for i in 0..NAMES.len() {
            let v = get(&params, i);
            let step = if v.abs() > 1e-9 { v.abs() * 0.25 } else { 0.1 };
            for candidate in [v + step, v - step] {
                let mut p = params;
                set(&mut p, i, candidate);
                let s = share(&p, games, first_deal);
                if s > best + 0.004 {
                    println!("round {round}: {} {v:.3} -> {candidate:.3}: {best:.4} -> {s:.4}", NAMES[i]);
                    best = s;
                    params = p;
                    break;
                }
            }
        }
    }
    println!("tuned {best:.4}: {params:?}");
}
