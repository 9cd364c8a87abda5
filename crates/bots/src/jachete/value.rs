//! A learned evaluation of a J'achète position (issue 33): the points a seat
//! will score when the round ends, predicted from what that seat sees (its
//! hand, the table, who has opened, hand sizes, the stock, its cents).
//!
//! It is a linear model per round and per "opened or not" ([`WEIGHTS`]),
//! fitted by `crates/bots/examples/jachete_value.rs` from `normal` self-play, every
//! sample a seat's own view (JA-19: never another hand nor the stock). The
//! search levels may use it to stop a rollout early ([`crate::jachete::Search::cutoff`])
//! and score the position instead of playing the round to its end: the same
//! features are read from the seat's view or, inside a rollout, from the
//! sampled world for that seat (what that seat would see there).

use tablee_engine::jachete::{contract, Card, JaRound, JaView, Rank, TableMeld, BUY_PRICE};
use tablee_engine::Seat;

use super::cards::{cards_short, fits_table, rank_count, set_ranks};

/// How many features [`features`] returns.
pub const FEATURES: usize = 17;

/// The feature names, in order (for the fitting example's report).
pub const NAMES: [&str; FEATURES] = [
    "bias",
    "hand_points/10",
    "hand_len",
    "wilds",
    "pairs",
    "lone",
    "lone_points/10",
    "missing",
    "can_open",
    "fit_points/10",
    "unfit",
    "others_opened",
    "threat",
    "stock/10",
    "buys_left",
    "my_turn_in",
    "others_hand",
];

/// What the features read: one seat's share of a position.
pub struct Seen<'a> {
    pub seat: Seat,
    pub players: usize,
    pub round: u8,
    pub turn: Seat,
    pub hand: &'a [Card],
    pub table: &'a [TableMeld],
    pub opened: &'a dyn Fn(Seat) -> bool,
    pub hand_size: &'a dyn Fn(Seat) -> usize,
    pub money: i32,
    pub stock: usize,
}

/// The model's index for a position: round 1–7, opened or not.
pub fn model_index(round: u8, opened: bool) -> usize {
    usize::from(round.clamp(1, 7) - 1) * 2 + usize::from(opened)
}

/// The features of `s` (see [`NAMES`]).
pub fn features(s: &Seen) -> [f64; FEATURES] {
    let hand = s.hand;
    let points: f64 = hand.iter().map(|c| f64::from(c.points())).sum();
    let wilds = hand.iter().filter(|c| c.is_wild()).count();
    let pairs = set_ranks().filter(|&r| rank_count(hand, r) >= 2).count();
    let lone_ranks: Vec<Rank> = set_ranks().filter(|&r| rank_count(hand, r) == 1).collect();
    let lone_points: f64 = hand
        .iter()
        .filter(|c| matches!(c, Card::Natural(r, _) if !c.is_wild() && lone_ranks.contains(r)))
        .map(|c| f64::from(c.points()))
        .sum();
    let me_opened = (s.opened)(s.seat);
    let (mut missing, mut can_open, mut fit_points, mut unfit) = (0.0, 0.0, 0.0, 0.0);
    if me_opened {
        for &card in hand {
            if fits_table(s.table, card) {
                fit_points += f64::from(card.points());
            } else {
                unfit += 1.0;
            }
        }
    } else if let Some(c) = contract(s.round) {
        missing = cards_short(hand, &c) as f64;
        can_open = f64::from(u8::from(missing == 0.0));
    }
    let others: Vec<Seat> = (0..s.players).filter(|&o| o != s.seat).collect();
    let others_opened = others.iter().filter(|&&o| (s.opened)(o)).count();
    let threat = others
        .iter()
        .filter(|&&o| (s.opened)(o))
        .map(|&o| 14usize.saturating_sub((s.hand_size)(o)))
        .max()
        .unwrap_or(0);
    let others_hand = others.iter().map(|&o| (s.hand_size)(o)).sum::<usize>() as f64 / others.len().max(1) as f64;
    let buys_left = if me_opened { 0 } else { (s.money / BUY_PRICE).clamp(0, 4) };
    let my_turn_in = (s.seat + s.players - s.turn) % s.players.max(1);
    [
        1.0,
        points / 10.0,
        hand.len() as f64,
        wilds as f64,
        pairs as f64,
        lone_ranks.len() as f64,
        lone_points / 10.0,
        missing,
        can_open,
        fit_points / 10.0,
        unfit,
        others_opened as f64,
        threat as f64,
        s.stock as f64 / 10.0,
        f64::from(buys_left),
        my_turn_in as f64,
        others_hand,
    ]
}

/// The features of `view`'s seat, from its view.
pub fn view_features(view: &JaView) -> (usize, [f64; FEATURES]) {
    let opened = |o: Seat| view.opened[o];
    let hand_size = |o: Seat| view.hand_sizes[o];
    let seen = Seen {
        seat: view.seat,
        players: view.players,
        round: view.round,
        turn: view.turn,
        hand: &view.hand,
        table: &view.table,
        opened: &opened,
        hand_size: &hand_size,
        money: view.money[view.seat],
        stock: view.stock,
    };
    (model_index(view.round, view.opened[view.seat]), features(&seen))
}

/// The features of `seat` in a (sampled) round: only what that seat sees.
pub fn round_features(round: &JaRound, seat: Seat) -> (usize, [f64; FEATURES]) {
    let opened = |o: Seat| round.opened(o);
    let hand_size = |o: Seat| round.hand(o).len();
    let seen = Seen {
        seat,
        players: round.players(),
        round: round.round(),
        turn: round.turn(),
        hand: round.hand(seat),
        table: round.table(),
        opened: &opened,
        hand_size: &hand_size,
        money: round.money(seat),
        stock: round.stock_len(),
    };
    (model_index(round.round(), round.opened(seat)), features(&seen))
}

/// The predicted points of a model's features (never below 0).
pub fn predict(model: usize, x: &[f64; FEATURES]) -> f64 {
    predict_with(&WEIGHTS[model], x)
}

/// [`predict`] with given weights (for the fitting example).
pub fn predict_with(weights: &[f64; FEATURES], x: &[f64; FEATURES]) -> f64 {
    weights.iter().zip(x).map(|(w, x)| w * x).sum::<f64>().max(0.0)
}

/// The points `seat` is predicted to score when the round ends.
pub fn round_points(round: &JaRound, seat: Seat) -> f64 {
    let (model, x) = round_features(round, seat);
    predict(model, &x)
}

/// The fitted weights, one row per [`model_index`] (round 1 not opened,
/// round 1 opened, round 2 …): `cargo run --release -p tablee-bots --example
/// jachete_value -- 20000 3301` (held-out R² 0.43; the hand's points alone 0.31).
#[rustfmt::skip]
pub const WEIGHTS: [[f64; FEATURES]; 14] = [
    [3.996, 2.851, -1.911, -3.761, 3.054, 2.528, -0.535, 7.655, -14.870, 0.000, 0.000, 0.451, 0.160, -5.248, 15.983, 3.947, -3.189],
    [-3.960, 4.655, -12.230, 9.424, 24.990, 13.388, -1.262, 0.000, 0.000, -3.137, -0.015, 0.986, 0.139, -0.359, 0.000, 2.712, -0.048],
    [15.337, 2.211, -2.782, -3.386, 7.232, 3.461, 1.862, 6.040, -14.017, 0.000, 0.000, 2.893, 0.044, -0.499, 1.879, 4.000, -2.086],
    [-2.381, 3.121, -10.913, 7.114, 20.166, 10.714, -0.099, 0.000, 0.000, -1.301, 1.336, 1.185, 0.124, -0.633, 0.000, 2.730, 0.041],
    [148.624, 3.711, -1.724, -5.753, -0.904, 1.005, -2.488, 13.406, -19.856, 0.000, 0.000, -1.652, 0.072, -16.455, 2.834, 6.738, -4.258],
    [-5.610, 5.645, -15.064, 9.203, 30.731, 17.033, -2.562, 0.000, 0.000, -2.946, -0.422, 1.146, 0.080, -0.420, 0.000, 3.813, 0.056],
    [64.682, 2.524, 0.294, -0.827, -1.646, -1.055, 3.372, 14.524, -29.092, 0.000, 0.000, 8.633, 0.272, -9.283, -0.725, 4.396, -1.049],
    [-7.995, 3.250, -8.894, 6.864, 17.876, 9.713, -0.478, 0.000, 0.000, -2.333, 0.128, 2.884, 0.052, -0.695, 0.000, 3.203, 0.530],
    [78.087, 2.530, -3.315, -5.157, 6.353, 2.793, 3.236, 7.976, -27.236, 0.000, 0.000, 13.576, 0.209, -10.534, -2.140, 3.811, 0.198],
    [-4.500, 3.328, -8.830, 9.870, 18.294, 10.178, -0.812, 0.000, 0.000, -3.062, -0.174, 2.799, -0.023, -1.211, 0.000, 2.913, 0.484],
    [69.251, 4.739, -2.549, -6.093, 2.170, 1.194, 1.389, 14.556, -55.952, 0.000, 0.000, 19.728, 0.568, -12.822, -6.051, 3.183, 1.469],
    [4.759, 2.029, -6.632, 4.274, 13.446, 7.734, -0.842, 0.000, 0.000, -1.257, 0.392, 2.318, -0.245, -2.043, 0.000, 3.119, 0.001],
    [38.136, 4.863, -1.642, -7.383, 2.290, 1.630, 0.471, 13.594, -41.177, 0.000, 0.000, 13.407, 0.502, -6.915, -4.838, 3.155, 0.557],
    [-4.426, 1.498, -6.644, 4.230, 11.786, 6.645, -0.113, 0.000, 0.000, 0.041, 1.360, 3.072, -0.044, -0.944, 0.000, 2.704, 0.366],
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{jachete, Level};
    use tablee_engine::jachete::{JaGame, JaOptions};
    use tablee_engine::{Game, Seed};

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|c| Card::parse(c).expect("a card")).collect()
    }

    fn closed(hand: &[Card], round: u8) -> [f64; FEATURES] {
        let opened = |_: Seat| false;
        let size = |_: Seat| 9;
        features(&Seen { seat: 0, players: 4, round, turn: 0, hand, table: &[], opened: &opened, hand_size: &size, money: 50, stock: 60 })
    }

    /// JA-3, JA-5, JA-12: round 1's contract is two sets of 3; a wild makes
    /// up at most half of each, so two pairs and a wild are one card short,
    /// and two pairs and two wilds hold the contract.
    #[test]
    fn ja03_ja05_missing_counts_the_cards_short_of_the_contract() {
        let x = closed(&cards("5S 5H 9D 9C KS QH 7D 4C 3S"), 1);
        assert_eq!((x[7], x[8]), (2.0, 0.0), "two pairs, no wild: two cards short");
        let x = closed(&cards("5S 5H 9D 9C 2S QH 7D 4C 3S"), 1);
        assert_eq!((x[7], x[8]), (1.0, 0.0), "two pairs and a wild");
        let x = closed(&cards("5S 5H 9D 9C 2S JK 7D 4C 3S"), 1);
        assert_eq!((x[7], x[8]), (0.0, 1.0), "two pairs and two wilds");
        // Wilds cannot make a set alone (JA-5): one natural and two wilds is short.
        let x = closed(&cards("5S 2H JK 9C 8S QH 7D 4C 3S"), 2);
        assert_eq!(x[8], 0.0, "round 2 (1 x 4): one five and two wilds");
        assert_eq!(x[7], 1.0);
    }

    /// The features a rollout reads from a sampled world for a seat are
    /// exactly those of that seat's view (nothing from the others' hands
    /// or the stock order but their sizes): red if the two readings differ.
    #[test]
    fn ja19_a_worlds_features_are_the_seats_views() {
        let mut legal = Vec::new();
        let mut checked = 0;
        for g in 0..4u64 {
            let mut game = JaGame::new_game(4, JaOptions::default(), Seed::from_number(700 + g)).expect("4 players");
            let mut moves = 0;
            while let Some(seat) = game.to_act() {
                if moves % 7 == 0 {
                    for s in 0..4 {
                        assert_eq!(view_features(&game.view(s)), round_features(game.round(), s), "game {g} move {moves} seat {s}");
                        checked += 1;
                    }
                }
                game.actions(&mut legal);
                let action = jachete::decide(Level::Normal, &game.view(seat), &legal, moves);
                game.apply(&action).expect("a generated action applies");
                moves += 1;
            }
        }
        assert!(checked > 400, "{checked}");
    }

    /// The model says what a player expects: a hand holding the contract
    /// scores fewer points than the same hand two cards short, and lone
    /// high cards more than lone low ones.
    #[test]
    fn the_model_prefers_a_hand_closer_to_going_out() {
        let ready = closed(&cards("5S 5H 9D 9C 2S JK 7D 4C 3S"), 1);
        let short = closed(&cards("5S 5H 9D 9C KS QH 7D 4C 3S"), 1);
        assert!(predict(model_index(1, false), &ready) < predict(model_index(1, false), &short));
        let high = closed(&cards("9D 9C 6H 6D KS QH JD 10C AS"), 1);
        let low = closed(&cards("9D 9C 6H 6D 3S 4H 5D 7C 8S"), 1);
        assert!(predict(model_index(1, false), &high) > predict(model_index(1, false), &low));
    }
}
