//! Expert iteration for J'achète (issue 33, part 2): label positions of
//! `normal` self-play with `expert`'s decisions, fit `normal`'s weights
//! ([`Params`]) to agree with them, and measure the fitted policy.
//!
//!     cargo run --release -p tablee-bots --example jachete_iter -- label GAMES SEED [WORLDS] > labels.txt
//!     cargo run --release -p tablee-bots --example jachete_iter -- fit labels.txt SEED [ROUNDS]
//!     cargo run --release -p tablee-bots --example jachete_iter -- measure GAMES SEED OPP name=value,...
//!
//! `label` plays GAMES games of four `normal`s (arena game seeds of SEED);
//! in game `g` the seat `g % 4` is labelled: at each of its decisions that
//! `expert` searches (every other decision is the heuristic's by
//! construction), `expert` decides from that seat's **view** only (its
//! decision seed is the arena's) and one line `pos G MOVE CHOSEN NORMAL N`
//! is printed (the indices of `expert`'s and `normal`'s moves among the `N`
//! legal ones). The game goes on with `normal`'s move, so the positions are
//! `normal`'s own. (`WORLDS` overrides `expert`'s: a deeper label.)
//!
//! `fit` replays those games (every player is deterministic, so the move
//! number finds the same view again), and a coordinate search over the 26
//! weights keeps each change that raises the agreement with `expert` on the
//! training games (game `g % 5 != 4`); it prints the agreement before and
//! after, on the held-out games too, and the weights found.
//!
//! `measure` plays GAMES games twice, game by game: once with the fitted
//! weights in the measured seat, once with `normal` there (three `normal`s
//! or OPP opposite, seats rotating as in the arena), and prints both shares
//! and their paired difference with its 95% CI.

#[path = "common/jachete.rs"]
#[allow(dead_code)] // round_outcome: jachete_paired's
mod common;
use common::opponent;

use tablee_bots::arena::{decision_seed, game_seed};
use tablee_bots::jachete::{analyse_search, heuristic_action, Params, EXPERT};
use tablee_engine::jachete::{contract, Card, JaAction, JaGame, JaOptions, JaPhase, JaView};
use tablee_engine::rng::Rng;
use tablee_engine::Game;

/// One labelled decision: the seat's view, the legal moves, `expert`'s.
struct Position {
    game: usize,
    view: JaView,
    legal: Vec<JaAction>,
    expert: usize,
}

/// The decisions of seat `g % 4` in game `g` of four `normal`s, each with
/// its view and legal moves (the game goes on with `normal`'s moves).
fn decisions(g: usize, seed: u64, mut each: impl FnMut(usize, JaView, &[JaAction])) {
    let mut game = JaGame::new_game(4, JaOptions::default(), game_seed(seed, g)).expect("4 players");
    let me = g % 4;
    let mut legal = Vec::new();
    let mut moves = 0;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = heuristic_action(&Params::NORMAL, &view, &legal);
        if seat == me {
            each(moves, view, &legal);
        }
        game.apply(&action).expect("a generated action applies");
        moves += 1;
    }
}

fn label(games: usize, seed: u64, worlds: u32) {
    let search = tablee_bots::jachete::Search { worlds, ..EXPERT };
    // Two threads, each its own games; each game's lines printed when it
    // ends (so a stopped run keeps what it labelled).
    std::thread::scope(|scope| {
        for t in 0..2 {
            scope.spawn(move || {
                for g in (t..games).step_by(2) {
                    let mut out = Vec::new();
                    let game_seed = game_seed(seed, g);
                    decisions(g, seed, |moves, view, legal| {
                        let choices = analyse_search(Some(&search), &view, legal, &mut Rng::new(decision_seed(game_seed, view.seat, moves)));
                        if choices.first().is_some_and(|c| c.visits > 1) {
                            let chosen = legal.iter().position(|a| *a == choices[0].action).expect("a legal move");
                            let normal = heuristic_action(&Params::NORMAL, &view, legal);
                            let normal = legal.iter().position(|a| *a == normal).expect("a legal move");
                            out.push(format!("pos {g} {moves} {chosen} {normal} {}\n", legal.len()));
                        }
                    });
                    use std::io::Write;
                    let mut stdout = std::io::stdout().lock();
                    stdout.write_all(out.concat().as_bytes()).expect("stdout");
                    stdout.flush().expect("stdout");
                    eprintln!("game {g}: {} searched", out.len());
                }
            });
        }
    });
}

/// The labelled positions of `file`, rebuilt by replaying their games.
fn load(file: &str, seed: u64) -> Vec<Position> {
    let text = std::fs::read_to_string(file).expect("a labels file");
    let mut wanted: std::collections::BTreeMap<usize, Vec<(usize, usize)>> = std::collections::BTreeMap::new();
    for line in text.lines().filter(|l| l.starts_with("pos ")) {
        let f: Vec<usize> = line[4..].split(' ').map(|x| x.parse().expect("a number")).collect();
        wanted.entry(f[0]).or_default().push((f[1], f[2]));
    }
    let mut out = Vec::new();
    for (&g, moves) in &wanted {
        decisions(g, seed, |m, view, legal| {
            if let Some(&(_, expert)) = moves.iter().find(|(mm, _)| *mm == m) {
                out.push(Position { game: g, view, legal: legal.to_vec(), expert });
            }
        });
    }
    out
}

/// How many of `positions` `params` decides as `expert` did.
fn agreement(params: &Params, positions: &[&Position]) -> usize {
    positions.iter().filter(|p| heuristic_action(params, &p.view, &p.legal) == p.legal[p.expert]).count()
}

fn show(p: &Params) -> String {
    (0..Params::NAMES.len()).filter(|&i| p.get(i) != Params::NORMAL.get(i)).map(|i| format!("{}={}", Params::NAMES[i], p.get(i))).collect::<Vec<_>>().join(",")
}

fn fit(file: &str, seed: u64, rounds: usize) {
    let positions = load(file, seed);
    let (train, held): (Vec<&Position>, Vec<&Position>) = positions.iter().partition(|p| p.game % 5 != 4);
    let deviations = |ps: &[&Position]| ps.iter().filter(|p| heuristic_action(&Params::NORMAL, &p.view, &p.legal) != p.legal[p.expert]).count();
    println!(
        "positions: train {} ({} where expert left normal's move), held out {} ({})",
        train.len(),
        deviations(&train),
        held.len(),
        deviations(&held)
    );
    let mut best = Params::NORMAL;
    let mut best_a = agreement(&best, &train);
    println!("normal: agreement train {best_a} held out {}", agreement(&best, &held));
    // Each weight moved by a step, down and up; the steps halve each round.
    let steps = [0.5, 0.5, 0.5, 0.5, 0.3, 0.3, 1.0, 5.0, 1.0, 0.1, 0.1, 1.0, 0.1, 3.0, 4.0, 2.0, 1.0, 0.3, 1.0, 0.3, 0.2, 3.0, 0.5, 3.0, 0.5, 1.0];
    let mut scale = 2.0;
    for round in 0..rounds {
        for (i, step) in steps.iter().enumerate() {
            for dir in [1.0, -1.0, 2.0, -2.0] {
                let mut p = best;
                p.set(i, best.get(i) + dir * step * scale);
                let a = agreement(&p, &train);
                if a > best_a {
                    println!("round {round}: {} {} -> {}: train {a} held out {}", Params::NAMES[i], best.get(i), p.get(i), agreement(&p, &held));
                    best = p;
                    best_a = a;
                    break;
                }
            }
        }
        scale *= 0.5;
        println!("after round {round}: train {best_a} held out {}\n  {}", agreement(&best, &held), show(&best));
    }
}

/// How many move features [`features`] gives.
const F: usize = 14;

/// What a candidate move changes, from the view only: the hand after it
/// (points, lone cards' points, pairs, sets, wilds, size), and for a buy,
/// its context (others opened, cards beyond the deal, round, buys left in
/// the purse). The residual policy adds `w · features` to `normal`'s score.
fn features(view: &JaView, action: &JaAction) -> [f64; F] {
    let mut hand = view.hand.clone();
    let mut buy = false;
    let mut wilds_played = 0.0;
    match action {
        JaAction::Buy => {
            buy = true;
            hand.extend(view.buy_card);
        }
        JaAction::Decline => {}
        JaAction::Discard(card) => {
            if let Some(i) = hand.iter().position(|c| c == card) {
                hand.swap_remove(i);
            }
        }
        JaAction::Play { table } => {
            let mut before: Vec<Card> = view.table.iter().flat_map(|m| m.cards.iter().copied()).collect();
            for card in table.iter().flat_map(|m| &m.cards) {
                if let Some(i) = before.iter().position(|c| c == card) {
                    before.swap_remove(i);
                } else if let Some(i) = hand.iter().position(|c| c == card) {
                    wilds_played += f64::from(u8::from(card.is_wild()));
                    hand.swap_remove(i);
                }
            }
        }
    }
    let mut counts = [0usize; 14];
    for card in &hand {
        if let (Card::Natural(rank, _), false) = (card, card.is_wild()) {
            counts[usize::from(rank.number())] += 1;
        }
    }
    let count = |c: &Card| match c {
        Card::Natural(rank, _) if !c.is_wild() => counts[usize::from(rank.number())],
        _ => 0,
    };
    // Before opening: the cards still missing for the contract (JA-3, wilds
    // at most half a set, JA-5), and the naturals beyond a set's length.
    let c = contract(view.round).expect("a round");
    let (short, surplus) = if view.opened[view.seat] {
        (0.0, 0.0)
    } else {
        let mut sorted: Vec<usize> = (1..14).filter(|&r| r != 2).map(|r| counts[r]).collect();
        sorted.sort_unstable_by(|a, b| b.cmp(a));
        let best = &sorted[..c.sets];
        let naturals = c.min_len - c.min_len / 2;
        let short_naturals: usize = best.iter().map(|&n| naturals.saturating_sub(n)).sum();
        let short_total: usize = best.iter().map(|&n| c.min_len.saturating_sub(n)).sum();
        let wilds = hand.iter().filter(|c| c.is_wild()).count();
        let surplus: usize = counts.iter().map(|&n| n.saturating_sub(c.min_len)).sum();
        (short_naturals.max(short_total.saturating_sub(wilds)) as f64, surplus as f64)
    };
    let points: f64 = hand.iter().map(|c| f64::from(c.points())).sum();
    let lone: f64 = hand.iter().filter(|c| count(c) == 1).map(|c| f64::from(c.points())).sum();
    let b = f64::from(u8::from(buy));
    let dealt = contract(view.round).map_or(9, |c| c.cards_dealt);
    let others_opened = (0..view.players).filter(|&s| s != view.seat && view.opened[s]).count() as f64;
    [
        points / 10.0,
        lone / 10.0,
        counts.iter().filter(|&&n| n == 2).count() as f64,
        counts.iter().filter(|&&n| n >= 3).count() as f64,
        hand.iter().filter(|c| c.is_wild()).count() as f64,
        hand.len() as f64,
        b,
        b * others_opened,
        b * view.hand.len().saturating_sub(dealt) as f64,
        b * f64::from(view.round),
        b * f64::from((view.money[view.seat] / 5).min(8)),
        wilds_played,
        short,
        surplus,
    ]
}

/// One position for the residual policy: `normal`'s `width` best moves
/// with their scores and features, and which of them `expert` chose.
struct Ranked {
    game: usize,
    moves: Vec<(JaAction, f64, [f64; F])>,
    expert: Option<usize>,
}

fn ranked(view: &JaView, legal: &[JaAction], width: usize) -> Vec<(JaAction, f64, [f64; F])> {
    let choices = analyse_search(None, view, legal, &mut Rng::new(0));
    choices.into_iter().take(width).map(|c| {
        let f = features(view, &c.action);
        (c.action, c.value, f)
    }).collect()
}

/// The residual policy's pick among `moves`: the best `score + w · f`,
/// the first of equals (`normal`'s order).
fn pick(moves: &[(JaAction, f64, [f64; F])], w: &[f64; F]) -> usize {
    let value = |m: &(JaAction, f64, [f64; F])| m.1 + m.2.iter().zip(w).map(|(a, b)| a * b).sum::<f64>();
    let mut best = 0;
    for i in 1..moves.len() {
        if value(&moves[i]) > value(&moves[best]) {
            best = i;
        }
    }
    best
}

/// Expert iteration with a residual: an averaged perceptron over the move
/// features, fitted on the training games, at each learning rate; the
/// agreement with `expert` on the held-out games.
fn rank(file: &str, seed: u64, epochs: usize) {
    let positions: Vec<Ranked> = load(file, seed)
        .iter()
        .map(|p| {
            let moves = ranked(&p.view, &p.legal, EXPERT.width);
            let expert = moves.iter().position(|m| m.0 == p.legal[p.expert]);
            Ranked { game: p.game, moves, expert }
        })
        .collect();
    let (train, held): (Vec<&Ranked>, Vec<&Ranked>) = positions.iter().partition(|p| p.game % 5 != 4);
    let agree = |w: &[f64; F], ps: &[&Ranked]| ps.iter().filter(|p| p.expert == Some(pick(&p.moves, w))).count();
    let zero = [0.0; F];
    println!("normal: train {} / {}, held out {} / {}", agree(&zero, &train), train.len(), agree(&zero, &held), held.len());
    for rate in [0.1, 0.3, 1.0, 3.0, 10.0] {
        let mut w = [0.0; F];
        let mut sum = [0.0; F];
        let mut n = 0.0f64;
        for _ in 0..epochs {
            for p in &train {
                let Some(y) = p.expert else { continue };
                let guess = pick(&p.moves, &w);
                if guess != y {
                    for (k, wk) in w.iter_mut().enumerate() {
                        *wk += rate * (p.moves[y].2[k] - p.moves[guess].2[k]);
                    }
                }
                for (s, wk) in sum.iter_mut().zip(&w) {
                    *s += wk;
                }
                n += 1.0;
            }
        }
        let avg: [f64; F] = std::array::from_fn(|k| sum[k] / n.max(1.0));
        let show: Vec<String> = avg.iter().map(|x| format!("{x:.3}")).collect();
        println!("rate {rate}: train {} held out {}  w={}", agree(&avg, &train), agree(&avg, &held), show.join(","));
    }
    // And a coordinate search on the training agreement itself, from 0.
    let mut w = [0.0; F];
    let mut best = agree(&w, &train);
    for round in 0..3 {
        for k in 0..F {
            for step in [0.1, -0.1, 0.3, -0.3, 1.0, -1.0, 3.0, -3.0] {
                let mut v = w;
                v[k] += step;
                let a = agree(&v, &train);
                if a > best {
                    best = a;
                    w = v;
                    break;
                }
            }
        }
        let show: Vec<String> = w.iter().map(|x| format!("{x:.3}")).collect();
        println!("coordinate round {round}: train {best} held out {}  w={}", agree(&w, &held), show.join(","));
    }
}

/// Whether `expert` would search here (`jachete::worth_searching`, copied:
/// the residual was fitted on those decisions only; elsewhere `expert` is
/// `normal`): a buy `normal` makes, a turn whose best move is a discard,
/// any play once opened with more than 2 cards.
fn searched(view: &JaView, moves: &[(JaAction, f64, [f64; F])]) -> bool {
    match view.phase {
        JaPhase::BuyWindow => moves.iter().any(|m| m.0 == JaAction::Buy && m.1 > 0.0),
        JaPhase::Play => {
            let opened = view.opened[view.seat] && view.hand.len() > 2;
            (opened || matches!(moves[0].0, JaAction::Discard(_))) && view.hand.len() > 1
        }
        _ => false,
    }
}

/// Game `g` with the residual policy `w` in the measured seat.
fn play_residual(w: &[f64; F], opponents: &str, g: usize, seed: u64) -> f64 {
    let game_seed = game_seed(seed, g);
    let mut game = JaGame::new_game(4, JaOptions::default(), game_seed).expect("4 players");
    let me = g % 4;
    let mut legal = Vec::new();
    let mut moves = 0;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = if seat == me {
            let m = ranked(&view, &legal, EXPERT.width);
            if searched(&view, &m) { m[pick(&m, w)].0.clone() } else { m[0].0.clone() }
        } else {
            opponent(opponents, g, seat, &view, &legal, decision_seed(game_seed, seat, moves))
        };
        game.apply(&action).expect("a generated action applies");
        moves += 1;
    }
    game.outcome().expect("a finished game").win_share(me)
}

fn parse(overrides: &str) -> Params {
    let mut p = Params::NORMAL;
    for pair in overrides.split(',').filter(|s| !s.is_empty()) {
        let (name, value) = pair.split_once('=').expect("name=value");
        let i = Params::NAMES.iter().position(|n| *n == name).unwrap_or_else(|| panic!("no weight {name}"));
        p.set(i, value.parse().expect("a number"));
    }
    p
}

/// Game `g` with `params` in the measured seat: its win share.
fn play(params: &Params, opponents: &str, g: usize, seed: u64) -> f64 {
    let game_seed = game_seed(seed, g);
    let mut game = JaGame::new_game(4, JaOptions::default(), game_seed).expect("4 players");
    let me = g % 4;
    let mut legal = Vec::new();
    let mut moves = 0;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = if seat == me {
            heuristic_action(params, &view, &legal)
        } else {
            opponent(opponents, g, seat, &view, &legal, decision_seed(game_seed, seat, moves))
        };
        game.apply(&action).expect("a generated action applies");
        moves += 1;
    }
    game.outcome().expect("a finished game").win_share(me)
}

fn mean_ci(xs: &[f64]) -> (f64, f64) {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (mean, 1.96 * (var / n).sqrt())
}

fn measure(games: usize, seed: u64, opponents: &str, params: &Params, residual: Option<[f64; F]>) {
    let (mut a, mut b, mut d) = (Vec::new(), Vec::new(), Vec::new());
    for g in 0..games {
        let x = match &residual {
            Some(w) => play_residual(w, opponents, g, seed),
            None => play(params, opponents, g, seed),
        };
        let y = play(&Params::NORMAL, opponents, g, seed);
        a.push(x);
        b.push(y);
        d.push(x - y);
    }
    let differ = d.iter().filter(|x| **x != 0.0).count();
    let [(a, ac), (b, bc), (d, dc)] = [&a, &b, &d].map(|xs| mean_ci(xs));
    println!("fitted vs 3 x {opponents}, {games} games, seed {seed}: fitted {a:.3} ± {ac:.3}, normal {b:.3} ± {bc:.3}, difference {d:+.3} ± {dc:.3} ({differ} games differ)");
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    match arg(1) {
        "label" => label(arg(2).parse().unwrap_or(100), arg(3).parse().unwrap_or(3311), arg(4).parse().unwrap_or(EXPERT.worlds)),
        "fit" => fit(arg(2), arg(3).parse().unwrap_or(3311), arg(4).parse().unwrap_or(3)),
        "measure" => measure(arg(2).parse().unwrap_or(500), arg(3).parse().unwrap_or(3312), args.get(4).map_or("normal", String::as_str), &parse(arg(5)), None),
        "show" => {
            // The deviations: where `expert` left `normal`'s move, and how.
            for p in load(arg(2), arg(3).parse().unwrap_or(3311)) {
                let normal = heuristic_action(&Params::NORMAL, &p.view, &p.legal);
                if normal != p.legal[p.expert] {
                    let hand: Vec<String> = p.view.hand.iter().map(|c| format!("{c:?}")).collect();
                    println!("round {} {:?} opened {} hand [{}]\n  normal {normal:?}\n  expert {:?}", p.view.round, p.view.phase, p.view.opened[p.view.seat], hand.join(" "), p.legal[p.expert]);
                }
            }
        }
        "repeat" => {
            // How reproducible the labels are: `expert` again at each
            // deviation (and as many agreeing positions), with other worlds.
            let seed: u64 = arg(3).parse().unwrap_or(3311);
            let positions = load(arg(2), seed);
            let (mut dev, mut dev_same, mut dev_normal, mut agree, mut agree_left) = (0, 0, 0, 0, 0);
            for (i, p) in positions.iter().enumerate() {
                let normal = heuristic_action(&Params::NORMAL, &p.view, &p.legal);
                let deviated = normal != p.legal[p.expert];
                if !deviated && agree >= dev {
                    continue;
                }
                let again = analyse_search(Some(&EXPERT), &p.view, &p.legal, &mut Rng::new(0x9E37_79B9_7F4A_7C15 ^ i as u64));
                let again = &again[0].action;
                if deviated {
                    dev += 1;
                    dev_same += usize::from(*again == p.legal[p.expert]);
                    dev_normal += usize::from(*again == normal);
                } else {
                    agree += 1;
                    agree_left += usize::from(*again != normal);
                }
            }
            println!("deviations {dev}: again the same {dev_same}, normal's {dev_normal}, another {}; agreeing {agree}: left normal's move {agree_left}", dev - dev_same - dev_normal);
        }
        "rank" => rank(arg(2), arg(3).parse().unwrap_or(3311), arg(4).parse().unwrap_or(5)),
        "residual" => {
            let w: Vec<f64> = arg(5).split(',').map(|x| x.parse().expect("a number")).collect();
            let w: [f64; F] = w.try_into().expect("F weights");
            measure(arg(2).parse().unwrap_or(500), arg(3).parse().unwrap_or(3312), args.get(4).map_or("normal", String::as_str), &Params::NORMAL, Some(w));
        }
        _ => panic!("usage: jachete_iter label GAMES SEED [WORLDS] | fit FILE SEED [ROUNDS] | measure GAMES SEED OPP name=value,..."),
    }
}
