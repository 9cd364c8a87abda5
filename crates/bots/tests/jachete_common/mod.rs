//! What the J'achète test files share (a module of each: `mod jachete_common;`).
#![allow(dead_code)]

use tablee_engine::jachete::{Card, JaAction, JaGame, JaOptions, JaView};
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::{Game, Seat, Seed};

/// The cards of a hand, in a fixed order (hands are compared as sets).
pub fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut cards = cards.to_vec();
    cards.sort();
    cards
}

/// `game` with what `viewer` cannot see dealt differently: the cards of the
/// other hands and of the stock shuffled among those places (sizes kept), the
/// public facts as they are (`JaGame::from_view`). Another hand and the next
/// stock card always differ; `None` if the hidden cards cannot.
pub fn hidden_twin(game: &JaGame, viewer: Seat, rng: &mut Rng) -> Option<JaGame> {
    let round = game.round();
    let others: Vec<Seat> = (0..round.players()).filter(|&s| s != viewer).collect();
    let stock = round.stock_top_first();
    let mut pool: Vec<Card> = others.iter().flat_map(|&s| round.hand(s).to_vec()).chain(stock.iter().copied()).collect();
    for _ in 0..50 {
        rng.shuffle(&mut pool);
        let mut cards = pool.iter().copied();
        let hands: Vec<Vec<Card>> = (0..round.players())
            .map(|s| match s == viewer {
                true => round.hand(s).to_vec(),
                false => cards.by_ref().take(round.hand(s).len()).collect(),
            })
            .collect();
        let twin_stock: Vec<Card> = cards.collect();
        let other_hand = others.iter().any(|&s| sorted(&hands[s]) != sorted(round.hand(s)));
        if other_hand && twin_stock.first() != stock.first() {
            let twin = JaGame::from_view(&game.view(viewer), hands, twin_stock, rng.next_u64());
            return Some(twin.expect("the same cards fit the same view"));
        }
    }
    None
}

/// Plays game `number` of `players` through its first `rounds` rounds;
/// `choose(game, seat, view, legal, bot_seed)` picks each move (and may check
/// the position first). Returns the game where it stopped.
pub fn play_rounds(
    players: usize,
    number: u64,
    rounds: u8,
    mut choose: impl FnMut(&JaGame, Seat, &JaView, &[JaAction], u64) -> JaAction,
) -> JaGame {
    let mut game = JaGame::new_game(players, JaOptions::default(), Seed::from_number(number)).unwrap();
    let mut legal = Vec::new();
    let mut moves = 0u64;
    while let Some(seat) = game.to_act() {
        if game.round().round() > rounds {
            break;
        }
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = choose(&game, seat, &view, &legal, derive_seed(number, &format!("{seat}-{moves}")));
        game.apply(&action).unwrap_or_else(|e| panic!("game {number}: {action:?} refused: {e}"));
        moves += 1;
    }
    game
}
