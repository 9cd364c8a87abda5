//! What the J'achète research examples share (`jachete_paired`, `jachete_oracle`):
//! the opponents' moves and a round played out by the true players.

use tablee_bots::jachete::styles::{self, Style};
use tablee_bots::{jachete, Level};
use tablee_engine::jachete::{JaAction, JaGame, JaView};
use tablee_engine::Game;

/// The move of an opponent (`seat`, not the measured one) in game `g` of
/// 4 players: `normal`, one style, or `mix` (the arena's: the `k`-th
/// opponent after entry 0 plays style `(g + k - 1) mod 3`).
pub fn opponent(
    opponents: &str,
    g: usize,
    seat: usize,
    view: &JaView,
    legal: &[JaAction],
    seed: u64,
) -> JaAction {
    let entry = (seat + 4 - g % 4) % 4;
    match opponents {
        "normal" => jachete::decide(Level::Normal, view, legal, seed),
        "mix" => styles::decide(Style::ALL[(g + entry - 1) % 3], view, legal, seed),
        name => styles::decide(Style::parse(name).expect("a style"), view, legal, seed),
    }
}

/// `action` by `me` in `game`, then the round played out by the true
/// players (`normal` at `me`; every player is deterministic): the game at
/// the round's end and the others' mean round points minus mine.
pub fn round_outcome(
    game: &JaGame,
    action: &JaAction,
    me: usize,
    opponents: &str,
    g: usize,
) -> (JaGame, f64) {
    let mut game = game.clone();
    let round = game.round().round();
    game.apply(action).expect("a generated action applies");
    let mut legal = Vec::new();
    while let Some(seat) = game.to_act().filter(|_| game.round().round() == round) {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = if seat == me {
            jachete::decide(Level::Normal, &view, &legal, 0)
        } else {
            opponent(opponents, g, seat, &view, &legal, 0)
        };
        game.apply(&action).expect("a generated action applies");
    }
    // The round just played is the last result (a world dealt from a view
    // holds no earlier ones).
    let points = &game
        .results()
        .last()
        .expect("the round is over")
        .round_points;
    let others = points
        .iter()
        .enumerate()
        .filter(|&(s, _)| s != me)
        .map(|(_, &p)| f64::from(p))
        .sum::<f64>()
        / 3.0;
    let margin = others - f64::from(points[me]);
    (game, margin)
}
