//! How far one step of search over `normal` can go (issue 15, part 6): a
//! seat that, at each of its decisions, plays every legal action out to
//! the end of the round — itself `normal` from then on, the opponents
//! their true (deterministic) policies — on worlds that know more than a
//! player may, and keeps the action with the best mean round: the others'
//! mean round points minus its own, plus the search levels' flat term for
//! cents kept while rounds remain. Knowing every hand but not the stock
//! (`hands`), it bounds what any sampler of the hidden hands could bring to
//! a one-step search with this continuation; knowing the stock too (`all`)
//! it shows how much of a round the stock's order decides. Compared, game
//! by game, with `normal` in the same seat on the same deals.
//!
//!     cargo run --release -p tablee-bots --example jachete_oracle -- KNOWS OPP GAMES SEED
//!
//! KNOWS is `all` (the deal and the stock order), `hands` (every hand; the
//! stock shuffled anew in each of 32 worlds, or `ORACLE_JA_WORLDS`) or `view` (its own view only,
//! worlds dealt by the search levels' sampler; the rollouts still play the
//! opponents' true policies, and every legal action is a candidate, with
//! no guard).
//!
//! OPP is `buyer`, `miser`, `opener`, `mix` or `normal` (as `jachete_paired`).
//! A research tool: it cheats by construction and is never a level.

#[path = "common/jachete.rs"]
mod common;
use common::{opponent, round_outcome};

use tablee_bots::arena::{decision_seed, game_seed};
use tablee_bots::{jachete, Level, SearchGame};
use tablee_engine::jachete::{JaAction, JaGame, JaOptions, BUY_PRICE};
use tablee_engine::rng::Rng;
use tablee_engine::Game;

/// `action` by `me`, then the round played out by the true players: the
/// others' mean round points minus mine, plus the search levels' flat term
/// for the cents kept while rounds remain (`jachete::round_rewards`).
fn playout(game: &JaGame, action: &JaAction, me: usize, opponents: &str, g: usize) -> f64 {
    let round = game.round().round();
    let (after, margin) = round_outcome(game, action, me, opponents, g);
    let rounds_left = 7u8.saturating_sub(round);
    margin
        + f64::from(after.round().money(me).min(BUY_PRICE * 4))
            * 0.4
            * f64::from(rounds_left).min(2.0)
}

/// What the searching seat knows: everything, the hands but not the stock
/// order (the stock shuffled anew in each of `ORACLE_JA_WORLDS` worlds), or only its
/// view (worlds dealt by the search levels' sampler) — in every mode the
/// rollouts play the opponents' true policies.
#[derive(Clone, Copy, PartialEq)]
enum Knows {
    All,
    Hands,
    View,
}

/// Worlds per action when the stock is unknown (`ORACLE_JA_WORLDS`, 32 if unset).
fn worlds() -> u32 {
    std::env::var("ORACLE_JA_WORLDS").ok().and_then(|w| w.parse().ok()).unwrap_or(32)
}

/// The mean playout of `action` over worlds consistent with what `knows`.
fn value(
    knows: Knows,
    game: &JaGame,
    action: &JaAction,
    me: usize,
    opponents: &str,
    g: usize,
    seed: u64,
) -> f64 {
    if knows == Knows::All {
        return playout(game, action, me, opponents, g);
    }
    let view = game.view(me);
    let mut rng = Rng::new(seed);
    let mut total = 0.0;
    let mut n = 0;
    for _ in 0..worlds() {
        let world = if knows == Knows::Hands {
            let hands: Vec<Vec<_>> = (0..4).map(|s| game.round().hand(s).to_vec()).collect();
            let mut stock = game.round().stock_top_first();
            rng.shuffle(&mut stock);
            JaGame::from_view(&view, hands, stock, rng.next_u64()).ok()
        } else {
            <JaGame as SearchGame>::determinize(&view, &mut rng)
        };
        let Some(world) = world else { continue };
        total += playout(&world, action, me, opponents, g);
        n += 1;
    }
    total / f64::from(n.max(1))
}

/// Game `g`'s win share of the seat, searching knowing `knows`, or `normal`.
fn play(oracle: Option<Knows>, opponents: &str, g: usize, seed: u64) -> (f64, f64) {
    let game_seed = game_seed(seed, g);
    let mut game = JaGame::new_game(4, JaOptions::default(), game_seed).expect("4 players");
    let me = g % 4;
    let mut legal = Vec::new();
    let mut moves = 0;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let bot_seed = decision_seed(game_seed, seat, moves);
        let action = if seat != me {
            opponent(opponents, g, seat, &view, &legal, bot_seed)
        } else if let Some(knows) = oracle.filter(|_| legal.len() > 1) {
            let values: Vec<f64> = legal
                .iter()
                .map(|a| value(knows, &game, a, me, opponents, g, bot_seed))
                .collect();
            let best = (0..legal.len())
                .max_by(|&a, &b| values[a].total_cmp(&values[b]))
                .unwrap_or(0);
            legal[best].clone()
        } else {
            jachete::decide(Level::Normal, &view, &legal, bot_seed)
        };
        game.apply(&action).expect("a generated action applies");
        moves += 1;
    }
    let outcome = game.outcome().expect("a finished game");
    (outcome.win_share(me), f64::from(outcome.scores[me]))
}

fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let knows = match args.get(1).map(String::as_str) {
        Some("all") => Knows::All,
        Some("hands") => Knows::Hands,
        Some("view") => Knows::View,
        _ => panic!("usage: jachete_oracle all|hands|view OPP GAMES SEED"),
    };
    let opponents = args.get(2).map_or("opener", String::as_str);
    let games: usize = args.get(3).and_then(|a| a.parse().ok()).unwrap_or(100);
    let seed: u64 = args.get(4).and_then(|a| a.parse().ok()).unwrap_or(31);
    let (mut oracle, mut normal, mut diff, mut points) =
        (Vec::new(), Vec::new(), Vec::new(), Vec::new());
    for g in 0..games {
        let (a, pa) = play(Some(knows), opponents, g, seed);
        let (b, pb) = play(None, opponents, g, seed);
        oracle.push(a);
        normal.push(b);
        diff.push(a - b);
        points.push(pa - pb);
    }
    let [(o, oc), (n, nc), (d, dc), (p, pc)] =
        [&oracle, &normal, &diff, &points].map(|xs| mean_ci(xs));
    println!(
        "knowing {} vs 3 x {opponents}, {games} games, seed {seed}: oracle {o:.3} ± {oc:.3}, normal {n:.3} ± {nc:.3}, difference {d:+.3} ± {dc:.3}; points {p:+.1} ± {pc:.1}",
        args[1]
    );
}
