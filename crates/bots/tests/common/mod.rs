//! What several test files share (a module of each: `mod common;`).
#![allow(dead_code)]

use tablee_engine::jachete::{Card, JaGame};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat};

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
