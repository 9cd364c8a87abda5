//! J'achète's views sent by the bot protocol hold the seat's own hand and
//! public facts only (JA-19; what every game's views share:
//! `crate::protocol::leaks`, `protocol_leaks.rs`).

use serde_json::Value;
use tablee_engine::jachete::{Card as JaCard, JaAction, JaGame, JaOptions};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat, Seed};

use crate::protocol::leaks::{add, excess, named, own_hand_only, Bag};
use crate::protocol::ProtocolGame;

fn ja_name(text: &str) -> Option<String> {
    JaCard::parse(text).map(|c| c.to_string())
}

fn ja_names(cards: &[JaCard]) -> Vec<String> {
    cards.iter().map(|c| c.to_string()).collect()
}

/// J'achète's public record of the round: the turned card and the discards.
fn check_ja_view(game: &JaGame, seat: Seat, round_public: &Bag) {
    let view = JaGame::view_json(&game.view(seat));
    let round = game.round();
    let mut public = Bag::new();
    add(&mut public, ja_names(round.discard()));
    add(&mut public, round.table().iter().flat_map(|m| ja_names(&m.cards)));
    // Checked apart below: the pile as it lies (public whole, its top
    // included in `discard_top`), the seat's own drawn card (in its hand),
    // and the hands left at the last round's end (scored in front of all).
    let skip = ["discards_seen", "bought", "discarded", "buy_card", "discard_pile", "drawn", "hands_left"];
    own_hand_only(&view, seat, &ja_names(round.hand(seat)), &public, &skip, ja_name);
    match game.results().last() {
        Some(last) => {
            let hands: Vec<Value> = last.hands_left.iter().map(|h| Value::Array(ja_names(h).into_iter().map(Value::String).collect())).collect();
            assert_eq!(view["hands_left"], Value::Array(hands), "JA-17: the hands left as scored: {view}");
        }
        None => assert!(view.get("hands_left").is_none(), "no hands left before a round ends: {view}"),
    }
    let pile: Vec<Value> = round.discard().iter().map(|c| Value::String(c.to_string())).collect();
    assert_eq!(view["discard_pile"], Value::Array(pile), "the pile as it lies: {view}");
    if let Some(drawn) = view.get("drawn") {
        // Its own draw: still in its hand, or played to the table this turn (public).
        let seen: Vec<String> = ja_names(round.hand(seat)).into_iter().chain(round.table().iter().flat_map(|m| ja_names(&m.cards))).collect();
        assert!(game.to_act() == Some(seat) && seen.iter().any(|c| Value::String(c.clone()) == *drawn), "seat {seat}'s drawn card is its own: {view}");
    }
    let top = round.discard().last().map(|c| Value::String(c.to_string())).unwrap_or(Value::Null);
    assert!(view["buy_card"].is_null() || view["buy_card"] == top, "the card on offer is the top of the pile: {view}");
    for key in ["discards_seen", "bought", "discarded"] {
        let mut names = Bag::new();
        named(&view[key], ja_name, &[], &mut names);
        if let Some(card) = excess(&names, round_public) {
            panic!("seat {seat} is sent a {card} in {key} never made public: {}", view[key]);
        }
    }
}

#[test]
fn jachete_views_hold_the_own_hand_and_public_facts_only() {
    let mut legal = Vec::new();
    let (mut views, mut tables) = (0, 0);
    // Five games: with the generator's moves off the table rounds end
    // sooner, and four gave fewer than 200 views with melds.
    for (g, players) in [(0u64, 3), (1, 4), (2, 5), (3, 8), (4, 6)] {
        let options = JaOptions { three_players: players == 3 };
        let mut game = JaGame::new_game(players, options, Seed::from_number(900 + g)).unwrap();
        let mut rng = Rng::new(g);
        let mut round_public = Bag::new();
        let mut round_seen = 0;
        let mut decision = 0;
        loop {
            if round_seen != game.round().round() {
                // A new round: its turned card is the first public one (JA-7).
                round_seen = game.round().round();
                round_public = Bag::new();
                add(&mut round_public, game.round().first_card().map(|c| c.to_string()));
            }
            decision += 1;
            if decision % 4 == 1 || game.to_act().is_none() {
                tables += usize::from(!game.round().table().is_empty());
                for seat in 0..players {
                    check_ja_view(&game, seat, &round_public);
                    views += 1;
                }
            }
            if game.to_act().is_none() {
                break;
            }
            game.actions(&mut legal);
            // Mostly plays when there are some, so that tables grow and rounds end.
            let plays: Vec<&JaAction> = legal.iter().filter(|a| matches!(a, JaAction::Play { .. })).collect();
            let action = match plays.is_empty() || rng.index(4) == 0 {
                true => legal[rng.index(legal.len())].clone(),
                false => plays[rng.index(plays.len())].clone(),
            };
            if let JaAction::Discard(card) = action {
                add(&mut round_public, [card.to_string()]);
            }
            game.apply(&action).unwrap();
        }
        assert!(game.outcome().is_some(), "game {g} ended");
    }
    assert!(views > 1500 && tables > 200, "{views} views, {tables} with melds");
}
