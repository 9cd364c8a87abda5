//! J'achète's golden vectors: a seed deals the same cards on every platform
//! and in every future version (Katzenjammer's: `katzenjammer_golden.rs`).
//! If one of these fails, shared seed URLs and daily deals would change: fix
//! the code, never the vector.

use tablee_engine::jachete::{Card as JaCard, JaGame, JaOptions};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seed};

fn ja_text(cards: &[JaCard]) -> String {
    cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(" ")
}

/// (players, seed, dealer, turned card, hands, discard pile, stock top
/// first) of round 1 as the game starts — JA-3, JA-4, JA-7. The 8-player
/// deal turns a wild (2S): its dealer bought it (JA-7, JA-10), so the pile
/// is empty and he holds 11 cards, and seat 0 has drawn its 10th (JA-8).
/// One pinned J'achète deal (see [`JA_DEALS`]).
type JaDeal = (usize, &'static str, usize, &'static str, &'static [&'static str], &'static str, &'static str);

const JA_DEALS: &[JaDeal] = &[
    (4, "1000-0000", 0, "8H",
     &["9D 2C 2H AS 4C 5S KC 2D 6S", "JD 3D JD 10S KD KC 4H 10S 2S", "9D 7S JK JK KH AD 2C 10C 7H", "JS 8S QD 8C KD 9C 9H 9S 5S"],
     "8H",
     "8D 2H 7H 4S JK 2S 6H 9H 4D 7C 10H QS 3D 6S JC 7D 5D 2D AH 8D 3S 6D 8S 7C 10H QC QH QH 4C 3C 4D 3H 3S KS KH JC 5H QC JS KS 7S AS 9C 5C 5H AH 3C JH AD 8H 6D 4H 9S QS 10D 4S 10C 5C 6C QD 6C 8C AC 10D AC JH 5D 6H 3H JK 7D"),
    (3, "1K7Q-M3ZD", 2, "3D",
     &["JK QC JD 9D 9S 8S 7D JD 4D", "4S 6C 8D KC 3D 7C 4D 10D 10S", "6D 9S 2C JS 9D KS 2D KH 2D"],
     "3D",
     "4S KH 7S QS 6D 5H 2H 5C 7C 10H AS 9C JH 5S 8C AD 3H 5S 8H 3H JK 3S 5H AH 5D 10C 8C 8D 2C KS 9H 9C KC QC 7H 4C 8H 7H 8S KD AH 10C AS JC 7S QS JH 6S 4H 4C 2S QD 3C 6H 3C 2H JK AD 6H 9H 2S JK KD 4H 10S 10H 6C AC JS 5D 10D JC 7D 5C 3S QH QD 6S AC QH"),
    (8, "1ZZZ-ZZZZ", 7, "2S",
     &["KS AD JS 7H 4H 2S 4D 10H 6S 9H", "QH 8C 9C 4D KH 7D QD 8H 3H", "8S 3S JK 5D 2D JH 4S 2C JK", "AS 9D 6S QD 10C 5H KD 5C JK",
       "AH 4C KC 9S JH 10C 4H 10H 9D", "9C KH 3D AC 5C 5S 7C JK 2C", "QS 3D 10D 8C 2H JD 8S KD 5H", "4C QC 6H JC AH 3C 3H 10D 3C 2S 7S"],
     "",
     "JC 7S 7C 3S 2D 8D JS 4S 6D KS 2H 10S QH 8D AC KC QC 6C JD 7H 9S 8H AD 10S 5D 6D 6C 5S 7D 9H QS 6H AS"),
];

#[test]
fn ja04_ja07_deals_of_pinned_seeds_never_change() {
    for &(players, seed, dealer, turned, hands, discard, stock) in JA_DEALS {
        let options = JaOptions { three_players: players == 3 };
        let game = JaGame::new_game(players, options, Seed::parse(seed).unwrap()).unwrap();
        let round = game.round();
        assert_eq!(round.dealer(), dealer, "seed {seed}");
        assert_eq!(round.first_card().map(|c| c.to_string()).as_deref(), Some(turned), "seed {seed}");
        let got: Vec<String> = (0..players).map(|s| ja_text(round.hand(s))).collect();
        assert_eq!(got, hands.to_vec(), "seed {seed}");
        assert_eq!(ja_text(round.discard()), discard, "seed {seed}");
        assert_eq!(ja_text(&round.stock_top_first()), stock, "seed {seed}");
    }
}

#[test]
fn ja_a_pinned_game_plays_out_identically() {
    // Seed 1000-0000, 4 players, a fixed pseudo-random policy: its first
    // moves in the notation, and the whole game (seven rounds, JA-3) by its
    // result.
    let mut state = JaGame::new_game(4, JaOptions::default(), Seed::from_number(0)).unwrap();
    let mut rng = Rng::new(2026);
    let mut actions = Vec::new();
    let mut first = Vec::new();
    let mut steps = 0;
    while !state.is_over() {
        state.actions(&mut actions);
        let pick = if rng.below(2) == 0 { 0 } else { rng.index(actions.len()) };
        if first.len() < 6 {
            first.push(tablee_engine::jachete::notation::action_to_json(&actions[pick]).text());
        }
        state.apply(&actions[pick]).unwrap();
        steps += 1;
    }
    assert_eq!(
        first,
        [
            r#"{"act":"buy"}"#,
            r#"{"act":"play","table":[{"owner":1,"cards":["KD","KC","2S"]},{"owner":1,"cards":["JD","JD","2H"]}]}"#,
            r#"{"act":"discard","card":"8H"}"#,
            r#"{"act":"decline"}"#,
            r#"{"act":"buy"}"#,
            r#"{"act":"discard","card":"KH"}"#,
        ],
        "the pinned game's first moves changed"
    );
    let outcome = state.outcome().unwrap();
    let pinned = (steps, state.results().len(), outcome.scores, outcome.winners);
    assert_eq!(pinned, (345, 7, vec![590, 155, 385, 415], vec![1]), "the pinned game changed");
}
