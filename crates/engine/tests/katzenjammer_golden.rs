//! Katzenjammer's golden vectors: a seed deals the same cards on every
//! platform and in every future version (J'achète's: `jachete_golden.rs`).
//! If one of these fails, shared seed URLs and daily deals would change: fix
//! the code, never the vector.

use tablee_engine::katzenjammer::{Card, Deal, KbState, Options};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seed};

fn text(cards: &[Card]) -> String {
    cards.iter().map(|c| c.symbol()).collect()
}

/// (players, seed, first bandleader, hands, stock top first) — KB-3.
const DEALS: &[(usize, &str, usize, [&str; 6], &str)] = &[
    (4, "1000-0000", 2, ["334523", "J42134", "143345", "54544J", "", ""],
     "32541343522554213245JJ5141J24452JJ213J151J1231J23353J11J1J222J515J"),
    (2, "1K7Q-M3ZD", 0, ["J5J452", "552535", "", "", "", ""],
     "2242224J5311J4434333514J1J2J555114J344345J34223J1J1112J1535J32142341J12342J513"),
    (6, "1ZZZ-ZZZZ", 1, ["4121J5", "1J1122", "115434", "552323", "22J43J", "341525"],
     "31553J22J1441J253134J322215533J314J44415JJ544J55J3243J"),
    (5, "1ABC-DEFG", 0, ["12315J", "423J3J", "2JJ3J1", "553J1J", "3J2J53", ""],
     "4J434154J1323122422514J4554112252J1531134225J344451351344552"),
];

#[test]
fn kb03_deals_of_pinned_seeds_never_change() {
    for &(players, seed, bandleader, hands, stock) in DEALS {
        let deal = Deal::new(players, Seed::parse(seed).unwrap()).unwrap();
        assert_eq!(deal.bandleader, bandleader, "seed {seed}");
        let got: Vec<String> = deal.hands.iter().map(|h| text(h)).collect();
        assert_eq!(got, hands[..players].to_vec(), "seed {seed}");
        assert_eq!(text(&deal.stock), stock, "seed {seed}");
    }
}

#[test]
fn a_pinned_game_plays_out_identically() {
    // Seed 1000-0000, 4 players, a fixed pseudo-random policy: the whole game
    // (reveals, auctions, presentations, the end) is pinned by its result.
    let mut state = KbState::new_game(4, Options::default(), Seed::from_number(0)).unwrap();
    let mut rng = Rng::new(2026);
    let mut actions = Vec::new();
    let mut steps = 0;
    while !state.is_over() {
        state.actions(&mut actions);
        let pick = if rng.below(2) == 0 { 0 } else { rng.index(actions.len()) };
        state.apply(&actions[pick]).unwrap();
        steps += 1;
    }
    let outcome = state.outcome().unwrap();
    let pinned = (steps, outcome.scores.clone(), outcome.winners.clone(), state.final_jokers());
    assert_eq!(pinned, (79, vec![0, 0, 1, -5], vec![2], vec![1, 1, 5, 7]), "the pinned game changed");
}
