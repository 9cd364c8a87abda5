//! Katzenjammer's views sent by the bot protocol hold the seat's own hand
//! and public facts only (KB-21; what every game's views share:
//! `crate::protocol::leaks`, `protocol_leaks.rs`).

use tablee_engine::katzenjammer::{Action, Card as KbCard, Counts, KbState, Options};
use tablee_engine::rng::Rng;
use tablee_engine::{Seat, Seed};

use crate::protocol::leaks::{add, excess, named, own_hand_only, Bag};
use crate::protocol::ProtocolGame;

fn kb_name(text: &str) -> Option<String> {
    KbCard::parse(text).map(|c| c.symbol().to_string())
}

fn kb_names(cards: &Counts) -> Vec<String> {
    cards.cards().iter().map(|c| c.symbol().to_string()).collect()
}

/// The cards a Katzenjammer game made public, kept from the actions played
/// and the rows turned (never from its log).
#[derive(Default)]
struct KbLedger {
    revealed: Bag,
    bid: Bag,
    presented: Bag,
}

fn check_kb_view(state: &KbState, seat: Seat, ledger: &KbLedger) {
    let view = KbState::view_json(&state.view(seat));
    let mut public = Bag::new();
    add(&mut public, state.row().iter().map(|c| c.symbol().to_string()));
    own_hand_only(&view, seat, &kb_names(&state.hand(seat)), &public, &["history", "drawn"], kb_name);
    // KB-5: the card a joker row made this seat draw, its own (in its hand),
    // named only while that row is auctioned.
    match state.drawn_this_row(seat) {
        Some(card) => {
            assert_eq!(view["drawn"].as_str(), Some(card.symbol()), "seat {seat}'s drawn card: {view}");
            assert!(state.hand(seat).get(card) > 0, "the drawn card is in the hand");
        }
        None => assert!(view.get("drawn").is_none(), "no drawn card sent outside a joker row: {view}"),
    }
    for event in view["history"].as_array().expect("history") {
        let mut names = Bag::new();
        named(event, kb_name, &[], &mut names);
        let record = match event["event"].as_str() {
            // Draws are face down and bids hide their cards (KB-5, KB-13).
            Some("dealt" | "drew" | "bid" | "passed" | "game_over") => Bag::new(),
            Some("revealed" | "row_discarded") => ledger.revealed.clone(),
            Some("won") => {
                let mut both = ledger.revealed.clone();
                add(&mut both, ledger.bid.iter().flat_map(|(c, &n)| std::iter::repeat_n(c.clone(), n as usize)));
                both
            }
            Some("presented") => ledger.presented.clone(),
            other => panic!("an unknown event {other:?}: {event}"),
        };
        if let Some(card) = excess(&names, &record) {
            panic!("seat {seat} is sent a {card} never made public: {event}");
        }
    }
}

#[test]
fn katzenjammer_views_hold_the_own_hand_and_public_facts_only() {
    let mut legal = Vec::new();
    let mut views = 0;
    for (game, players) in [(0u64, 2), (1, 3), (2, 4), (3, 5), (4, 6), (5, 4)] {
        let mut state = KbState::new_game(players, Options::default(), Seed::from_number(700 + game)).unwrap();
        let mut rng = Rng::new(game);
        let mut ledger = KbLedger::default();
        add(&mut ledger.revealed, state.row().iter().map(|c| c.symbol().to_string()));
        loop {
            for seat in 0..players {
                check_kb_view(&state, seat, &ledger);
                views += 1;
            }
            if state.to_act().is_none() {
                break;
            }
            state.legal_actions(&mut legal);
            let action = legal[rng.index(legal.len())];
            match action {
                Action::Bid(bid) => add(&mut ledger.bid, kb_names(&bid.cards)),
                Action::Present(p) => add(&mut ledger.presented, kb_names(&p.cards())),
                Action::Pass => {}
            }
            let stock = state.stock_len();
            state.apply(&action).unwrap();
            // A new row is turned whole from the stock (KB-4).
            if state.stock_len() < stock {
                add(&mut ledger.revealed, state.row().iter().map(|c| c.symbol().to_string()));
            }
        }
        assert!(state.outcome().is_some(), "game {game} ended");
    }
    assert!(views > 2000, "{views} views");
}
