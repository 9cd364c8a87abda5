//! J'achète rules (JA-n), one round at a time, through the public API.

use tablee_engine::jachete::{
    Card, ContractError, JaAction, JaPhase, JaRound, MeldError, Refusal, Reshuffle, RoundSetup, TableMeld,
};
use tablee_engine::RuleError;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace().map(|t| Card::parse(t).unwrap_or_else(|| panic!("card {t}"))).collect()
}

/// Four players, dealer 0, round `round`; hands and the stock's top cards given.
fn round_with(round: u8, hands: [&str; 4], stock: &str, money: [i32; 4]) -> JaRound {
    JaRound::start(RoundSetup {
        players: 4,
        round,
        dealer: 0,
        hands: hands.iter().map(|h| cards(h)).collect(),
        stock: cards(stock),
        money: money.to_vec(),
        small_pot: 40,
        big_pot: 0,
        scores: vec![0; 4],
        reshuffle: Reshuffle::OldestOnTop,
    })
    .expect("valid set-up")
}

const HANDS: [&str; 4] = [
    "3H 3H 4H 4H 5H 5H 6H 6H 7H",
    "3S 3S 4S 4S 5S 5S 6S 6S 7S",
    "3D 3D 4D 4D 5D 5D 6D 6D 7D",
    "3C 3C 4C 4C 5C 5C 6C 6C 7C",
];
const FULL: [i32; 4] = [50, 50, 50, 50];

fn meld(owner: usize, text: &str) -> TableMeld {
    TableMeld { owner, cards: cards(text) }
}

fn assert_conserved(r: &JaRound) {
    assert_eq!(r.card_count(), 108, "JA-1: 108 cards");
    assert_eq!(r.cents(), 240, "cents conserved");
}

#[test]
fn ja07_ja09_first_card_opens_a_buy_window_dealer_last() {
    let mut r = round_with(1, HANDS, "KD 8S 9S", FULL);
    assert_eq!(r.phase(), JaPhase::BuyWindow);
    assert_eq!(r.buy_card(), Some(cards("KD")[0]));
    assert_eq!(r.to_act(), Some(1), "the player whose turn is next is asked first");
    for seat in [1, 2, 3] {
        assert_eq!(r.to_act(), Some(seat));
        r.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!(r.to_act(), Some(0), "the dealer is eligible, last");
    r.apply(&JaAction::Decline).unwrap();
    assert_eq!(r.phase(), JaPhase::Play);
    assert_eq!(r.to_act(), Some(1));
    assert_eq!(r.hand(1).len(), 10, "JA-8: the turn starts with a draw");
    assert_conserved(&r);
}

/// JA-8: the card drawn to start a turn is known to the engine (and to that
/// player's view only) while the turn lasts: the table marks it in the hand.
/// Red if the draw were not remembered, were shown to another seat, or
/// outlived the turn.
#[test]
fn ja08_the_card_drawn_is_the_turns_own_until_its_discard() {
    use tablee_engine::jachete::JaGame;
    use tablee_engine::Game;
    let mut r = round_with(1, HANDS, "KD 8S 9S", FULL);
    assert_eq!(r.drawn(), None, "a buy window: nobody has drawn");
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!(r.to_act(), Some(1));
    assert_eq!(r.drawn(), Some(cards("8S")[0]), "seat 1 drew the stock's top");
    let game = JaGame::from_round(r.clone());
    assert_eq!(game.view(1).drawn, Some(cards("8S")[0]));
    for seat in [0, 2, 3] {
        assert_eq!(game.view(seat).drawn, None, "JA-19: private to the drawer");
    }
    // A play keeps it; the discard ends the turn.
    r.apply(&JaAction::Discard(cards("3S")[0])).unwrap();
    assert_eq!(r.drawn(), None, "the turn is over");
    for _ in 0..3 {
        r.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!((r.to_act(), r.drawn()), (Some(2), Some(cards("9S")[0])));
}

#[test]
fn ja10_a_buyer_pays_5_and_takes_a_bonus_card() {
    let mut r = round_with(1, HANDS, "KD 8S 9S", FULL);
    r.apply(&JaAction::Decline).unwrap();
    r.apply(&JaAction::Buy).unwrap();
    assert_eq!(r.money(2), 45);
    assert_eq!(r.pots(), (40, 5));
    assert_eq!(r.hand(2).len(), 11, "the discard and one bonus card");
    assert!(r.hand(2).contains(&cards("KD")[0]) && r.hand(2).contains(&cards("8S")[0]));
    assert_eq!(r.to_act(), Some(1), "play goes on with the player whose turn is next");
    assert_eq!(r.hand(1).len(), 10);
    assert!(r.hand(1).contains(&cards("9S")[0]));
    assert_eq!(r.discard().len(), 0);
    assert_conserved(&r);
}

#[test]
fn ja10_the_buyer_whose_turn_is_next_gets_three_cards() {
    let mut r = round_with(1, HANDS, "KD 8S 9S", FULL);
    r.apply(&JaAction::Buy).unwrap();
    assert_eq!(r.hand(1).len(), 12, "bought card + bonus + the normal draw");
    assert_eq!(r.phase(), JaPhase::Play);
    assert_eq!(r.to_act(), Some(1));
}

#[test]
fn ja07_a_wild_first_card_is_bought_by_the_dealer() {
    let r = round_with(1, HANDS, "2H 8S 9S", FULL);
    assert_eq!(r.hand(0).len(), 11);
    assert_eq!(r.money(0), 45);
    assert_eq!(r.pots().1, 5);
    assert_eq!(r.phase(), JaPhase::Play);
    assert_eq!(r.to_act(), Some(1));
    let broke = round_with(1, HANDS, "JK 8S 9S", [0, 50, 50, 50]);
    assert_eq!(broke.hand(0).len(), 11, "a dealer who cannot pay takes it free");
    assert_eq!(broke.money(0), 0);
    assert_eq!(broke.pots().1, 0);
}

#[test]
fn ja09_a_player_without_5_cents_cannot_buy() {
    let r = round_with(1, HANDS, "KD 8S 9S", [50, 4, 50, 50]);
    assert_eq!(r.to_act(), Some(2), "seat 1 has 4 cents and is skipped");
}

/// Seat 1's turn with a hand that can open round 1 (two sets of three).
fn seat1_ready_to_open() -> JaRound {
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 8D 9S 9H 2C KD QD JD", HANDS[2], HANDS[3]];
    let mut r = round_with(1, hands, "KS 10C 10S", FULL);
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!(r.to_act(), Some(1));
    r
}

#[test]
fn ja12_opening_with_exactly_the_contract() {
    let mut r = seat1_ready_to_open();
    let opening = vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 2C")];
    r.apply(&JaAction::Play { table: opening.clone() }).unwrap();
    assert!(r.opened(1));
    assert_eq!(r.table(), &opening[..]);
    assert_eq!(r.hand(1).len(), 4);
    assert_conserved(&r);
}

#[test]
fn ja03_ja12_an_opening_must_be_the_contract() {
    let mut r = seat1_ready_to_open();
    let one_set = vec![meld(1, "8S 8H 8D")];
    assert!(r.apply(&JaAction::Play { table: one_set }).unwrap_err().message().contains("contract"));
    let run = vec![meld(1, "8S 8H 8D"), meld(1, "JD QD KD")];
    assert!(r.apply(&JaAction::Play { table: run }).unwrap_err().message().contains("run"));
    let too_wild = vec![meld(1, "8S 8H 8D"), meld(1, "9S 2C JK")];
    assert!(r.apply(&JaAction::Play { table: too_wild }).is_err());
    assert!(!r.opened(1));
    assert!(r.table().is_empty());
}

#[test]
fn ja13_once_opened_more_melds_the_same_turn() {
    let mut r = seat1_ready_to_open();
    let opening = vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 2C")];
    r.apply(&JaAction::Play { table: opening }).unwrap();
    let more = vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 2C"), meld(1, "JD QD KD")];
    r.apply(&JaAction::Play { table: more }).unwrap();
    assert_eq!(r.table().len(), 3);
    assert_eq!(r.hand(1).len(), 1);
}

#[test]
fn ja14_a_wild_swapped_out_must_be_replayed() {
    let mut r = seat1_ready_to_open();
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 2C")] }).unwrap();
    r.apply(&JaAction::Discard(cards("KD")[0])).unwrap();
    // Nobody buys (seat 1 has opened and is not eligible anyway).
    while r.phase() == JaPhase::BuyWindow {
        r.apply(&JaAction::Decline).unwrap();
    }
    // Play round to seat 1 again: seats 2, 3, 0 discard what they drew.
    for seat in [2, 3, 0] {
        assert_eq!(r.to_act(), Some(seat));
        let drawn = *r.hand(seat).last().unwrap();
        r.apply(&JaAction::Discard(drawn)).unwrap();
        while r.phase() == JaPhase::BuyWindow {
            r.apply(&JaAction::Decline).unwrap();
        }
    }
    assert_eq!(r.to_act(), Some(1));
    // Seat 1 holds QD JD and its draw. Taking the 2C out without replaying it: refused.
    let dropped = vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H QD")];
    assert!(r.apply(&JaAction::Play { table: dropped }).is_err(), "the 2C would leave the table");
    // Swapping QD? no: a 9 is needed to free the wild. Move the 2C to a new run instead:
    // 9S 9H + ... not a set without a third 9, so refused as invalid.
    let invalid = vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H"), meld(1, "QD JD 2C")];
    assert!(r.apply(&JaAction::Play { table: invalid }).is_err(), "a pair is no meld");
}

#[test]
fn ja08_going_out_by_discarding_ends_the_round_without_a_buy_window() {
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 8D 9S 9H 9D KD", HANDS[2], HANDS[3]];
    let mut r = round_with(1, hands, "KS 10C 10S", FULL);
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 9D")] }).unwrap();
    assert_eq!(r.hand(1).len(), 2, "KD and the drawn 10C");
    // A discard that leaves cards in hand opens a buy window...
    let mut not_out = r.clone();
    not_out.apply(&JaAction::Discard(cards("KD")[0])).unwrap();
    assert_eq!(not_out.phase(), JaPhase::BuyWindow);
    // ...the last card's discard ends the round at once: no window, nobody buys it.
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 8D 9S 9H 9D", HANDS[2], HANDS[3]];
    let mut r = round_with(1, hands, "KS 10C 10S", FULL);
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 9D")] }).unwrap();
    assert_eq!(r.hand(1), &cards("10C")[..]);
    r.apply(&JaAction::Discard(cards("10C")[0])).unwrap();
    assert_eq!(r.phase(), JaPhase::RoundOver);
    assert_eq!(r.to_act(), None);
    assert_eq!(r.buy_card(), None);
    assert_eq!(r.discard(), &cards("KS 10C")[..], "the last card lies on the pile");
    let result = r.result().unwrap();
    assert_eq!(result.went_out, Some(1));
    assert_eq!(result.round_points, vec![45, 0, 45, 45]);
    assert_eq!((r.money(2), r.pots()), (50, (40, 0)), "nobody paid for it");
    assert_conserved(&r);
}

/// Round 1 where seat 1 draws the 9D it lacks and goes out by laying two sets.
fn seat1_out_by_playing() -> JaRound {
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 8D 9S 9H", "AS 2D JK KC", "10C"];
    let mut r = round_with(1, hands, "KS 9D 10H", FULL);
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 9D")] }).unwrap();
    assert_eq!(r.phase(), JaPhase::RoundOver);
    r
}

#[test]
fn ja17_going_out_by_playing_scores_the_others_hands() {
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 8D 9S 9H 9D", "AS 2D JK KC", "10C"];
    let mut r = round_with(1, hands, "KS 10S 10H", FULL);
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    // Seat 1 drew 10S: it opens and lays a third set to go out.
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 9D")] }).unwrap();
    r.apply(&JaAction::Play {
        table: vec![meld(1, "8S 8H 8D 10S"), meld(1, "9S 9H 9D")],
    })
    .expect_err("10S on a set of 8s is not a meld");
    assert_eq!(r.hand(1), &cards("10S")[..]);
    let _ = r;
    // A clean one: seat 1 lays everything at once.
    let r = seat1_out_by_playing();
    let result = r.result().unwrap();
    assert_eq!(result.went_out, Some(1));
    // Seat 0: 3,3,4,4,5,5,6,6,7 = 9 x 5; seat 2: A 15 + 2 20 + JK 20 + K 10; seat 3: 10.
    assert_eq!(result.round_points, vec![45, 0, 65, 10]);
    assert_eq!(result.scores, vec![45, 0, 65, 10]);
}

#[test]
fn ja16_the_stock_is_rebuilt_oldest_discard_on_top() {
    // 100 cards in hands: the stock holds the 8 missing cards.
    let deck = tablee_engine::jachete::deck();
    let mut hands: Vec<Vec<Card>> = vec![Vec::new(); 4];
    for (i, &c) in deck.iter().take(100).enumerate() {
        hands[i % 4].push(c);
    }
    let mut r = JaRound::start(RoundSetup {
        players: 4,
        round: 1,
        dealer: 0,
        hands,
        stock: Vec::new(),
        money: vec![50; 4],
        small_pot: 40,
        big_pot: 0,
        scores: vec![0; 4],
        reshuffle: Reshuffle::OldestOnTop,
    })
    .unwrap();
    let mut rebuilt = false;
    for _ in 0..200 {
        let Some(seat) = r.to_act() else { break };
        let (pile, stock) = (r.discard().to_vec(), r.stock_len());
        if r.phase() == JaPhase::BuyWindow {
            r.apply(&JaAction::Decline).unwrap();
        } else {
            let card = r.hand(seat)[0];
            r.apply(&JaAction::Discard(card)).unwrap();
        }
        assert_eq!(r.card_count(), 108);
        if stock == 0 && r.stock_len() > 0 {
            // The pile minus its top became the stock, oldest card on top:
            // the next player drew that oldest card.
            assert_eq!(r.discard(), &pile[pile.len() - 1..], "the top card stays");
            let drawer = r.to_act().unwrap();
            assert_eq!(*r.hand(drawer).last().unwrap(), pile[0]);
            assert_eq!(r.stock_len(), pile.len() - 2);
            rebuilt = true;
            break;
        }
    }
    assert!(rebuilt, "the stock ran out and was rebuilt");
}

#[test]
fn ja18_after_round_7_lowest_total_takes_the_big_pot_and_the_one_out_the_small() {
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 8D 8C 2H JK", "AS", "10C"];
    let mut r = JaRound::start(RoundSetup {
        players: 4,
        round: 7,
        dealer: 0,
        hands: hands.iter().map(|h| cards(h)).collect(),
        stock: cards("KS 9D 10H"),
        money: vec![40, 50, 45, 50],
        small_pot: 40,
        big_pot: 15,
        scores: vec![100, 90, 80, 95],
        reshuffle: Reshuffle::OldestOnTop,
    })
    .unwrap();
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    // Seat 1 drew 9D: 1 x 6 is 8S 8H 8D 8C 2H JK; then discard 9D to go out.
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 8D 8C 2H JK")] }).unwrap();
    r.apply(&JaAction::Discard(cards("9D")[0])).unwrap();
    assert_eq!(r.phase(), JaPhase::Over);
    let result = r.result().unwrap();
    // Seat 0: 45; seat 2: AS 15; seat 3: 10C 10.
    assert_eq!(result.scores, vec![145, 90, 95, 105]);
    assert_eq!(result.winners, vec![1]);
    assert_eq!(result.purses, vec![40, 50 + 15 + 40, 45, 50]);
    assert_eq!(result.purses.iter().sum::<i32>(), 240);
}

#[test]
fn ja13_the_generator_offers_new_runs_and_wild_swaps_replayed_elsewhere() {
    use tablee_engine::jachete::candidate_plays;
    let hands = ["3H 3H 4H 4H 5H 5H 6H 6H 7H", "8S 8H 2C 9S 9H 9D 8D 5S 6S 7S KD", HANDS[2], HANDS[3]];
    let mut r = round_with(1, hands, "KS 10C 10S", FULL);
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    r.apply(&JaAction::Play { table: vec![meld(1, "8S 8H 2C"), meld(1, "9S 9H 9D")] }).unwrap();
    let mut out = Vec::new();
    candidate_plays(&r, 1, &mut out);
    let swap = JaAction::Play { table: vec![meld(1, "8S 8H 8D"), meld(1, "9S 9H 9D 2C")] };
    assert!(out.contains(&swap), "the 8D frees the 2C, which goes on the 9s");
    let run = JaAction::Play { table: vec![meld(1, "8S 8H 2C"), meld(1, "9S 9H 9D"), meld(1, "5S 6S 7S")] };
    assert!(out.contains(&run), "a new run of spades");
    for action in out {
        r.clone().apply(&action).unwrap_or_else(|e| panic!("{action:?}: {e}"));
    }
}

/// Round 7 with the given dealer: seat `out` (the first to play) opens 1 x 6,
/// lays the rest and discards its draw to go out; the others hold 13 cards
/// worth 65 points each.
fn round7_out(dealer: usize, money: Vec<i32>, pots: (i32, i32), scores: Vec<i32>) -> JaRound {
    let out = (dealer + 1) % 4;
    let fillers = [
        "3H 3H 4H 4H 5H 5H 6H 6H 7H 7H 8H 8H 9H",
        "3D 3D 4D 4D 5D 5D 6D 6D 7D 7D 8D 8D 9D",
        "3C 3C 4C 4C 5C 5C 6C 6C 7C 7C 8C 8C 9C",
    ];
    let mut fill = fillers.iter();
    let hands = (0..4)
        .map(|s| if s == out { cards("KS KH KD KC 2S JK QS QH QD QC 9S 10S JS") } else { cards(fill.next().unwrap()) })
        .collect();
    let mut r = JaRound::start(RoundSetup {
        players: 4,
        round: 7,
        dealer,
        hands,
        stock: cards("5S AH"),
        money,
        small_pot: pots.0,
        big_pot: pots.1,
        scores,
        reshuffle: Reshuffle::OldestOnTop,
    })
    .unwrap();
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    let six = meld(out, "KS KH KD KC 2S JK");
    r.apply(&JaAction::Play { table: vec![six.clone()] }).unwrap();
    r.apply(&JaAction::Play { table: vec![six, meld(out, "QS QH QD QC"), meld(out, "9S 10S JS")] }).unwrap();
    r.apply(&JaAction::Discard(cards("AH")[0])).unwrap();
    assert_eq!(r.phase(), JaPhase::Over);
    r
}

#[test]
fn ja18_tied_lowest_totals_split_the_big_pot_all_odd_cents_to_the_earliest_seat_from_the_dealers_left() {
    // Dealer 1: seat 2 goes out; seats 0, 1 and 3 tie at 165. From the
    // dealer's left the order is 2, 3, 0, 1: seat 3 is the earliest winner.
    let r = round7_out(1, vec![50, 45, 45, 40], (40, 20), vec![100, 100, 300, 100]);
    let result = r.result().unwrap();
    assert_eq!(result.went_out, Some(2));
    assert_eq!(result.scores, vec![165, 165, 300, 165]);
    assert_eq!(result.winners, vec![0, 1, 3]);
    // 20 cents among three: 6 each, and both odd cents to seat 3 (not one
    // each to seats 3 and 0); the small pot to seat 2, who went out.
    assert_eq!(result.purses, vec![50 + 6, 45 + 6, 45 + 40, 40 + 6 + 2]);
    assert_eq!(result.purses.iter().sum::<i32>(), 240);
    // Two tied (seats 0 and 3): seat 3 comes before seat 0 from dealer 1's
    // left, so an odd cent goes to seat 3, not to the lower seat number.
    let r = round7_out(1, vec![50, 45, 45, 45], (35, 20), vec![100, 150, 300, 100]);
    let result = r.result().unwrap();
    assert_eq!(result.winners, vec![0, 3]);
    assert_eq!(result.purses, vec![50 + 10, 45, 45 + 35, 45 + 10]);
    let r = round7_out(1, vec![50, 45, 45, 45], (35, 21), vec![100, 150, 300, 100]);
    assert_eq!(r.result().unwrap().purses, vec![50 + 10, 45, 45 + 35, 45 + 11]);
}

#[test]
fn ja13_a_run_uses_the_ace_low_or_high_never_both() {
    use tablee_engine::jachete::{read_meld, MeldKind, Suit};
    // Thirteen cards make a run from A to K (the 2 a wild standing for 2S);
    // the ace high ends a run from 3 to A.
    let low = read_meld(&cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS")).unwrap();
    assert_eq!(low.kind, MeldKind::Run { suit: Suit::Spades, low: 1, high: 13 });
    let high = read_meld(&cards("3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")).unwrap();
    assert_eq!(high.kind, MeldKind::Run { suit: Suit::Spades, low: 3, high: 14 });
    // Fourteen cards would need the ace at both ends: refused, whether the
    // second ace is natural or a wild standing for it.
    assert!(read_meld(&cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS")).is_err());
    let wild_ace = read_meld(&cards("AS 3S 4S 5S 6S 7S 8S 9S 2H 2D 2C JK JK JK")).unwrap_err();
    assert!(wild_ace.to_string().contains("JA-13"), "{wild_ace}");
}

#[test]
fn ja07_ja09_a_round_rebuilt_in_the_first_cards_window_still_asks_the_dealer_last() {
    // A search bot rebuilds the round from public facts (JaRound::from_parts).
    // On the first turned card nobody discarded: the dealer is eligible.
    let r = round_with(1, HANDS, "KD 8S 9S", FULL);
    let rebuild = |r: &JaRound| {
        JaRound::from_parts(
            r.round(),
            r.dealer(),
            r.phase(),
            r.to_act().unwrap(),
            r.turn(),
            (0..4).map(|s| r.hand(s).to_vec()).collect(),
            r.stock_top_first(),
            r.discard().to_vec(),
            r.table().to_vec(),
            (0..4).map(|s| r.money(s)).collect(),
            r.pots(),
            (0..4).map(|s| r.score(s)).collect(),
            (0..4).map(|s| r.opened(s)).collect(),
            Reshuffle::OldestOnTop,
        )
        .unwrap()
    };
    let mut copy = rebuild(&r);
    for seat in [1, 2, 3] {
        assert_eq!(copy.to_act(), Some(seat));
        copy.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!(copy.to_act(), Some(0), "the dealer is asked last");
    assert_eq!(copy.phase(), JaPhase::BuyWindow);
    // On a discard, the discarder is not asked, in the rebuilt round too.
    let mut r = r;
    for _ in 0..4 {
        r.apply(&JaAction::Decline).unwrap();
    }
    let drawn = *r.hand(1).last().unwrap();
    r.apply(&JaAction::Discard(drawn)).unwrap();
    let mut copy = rebuild(&r);
    for seat in [2, 3, 0] {
        assert_eq!(copy.to_act(), Some(seat));
        copy.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!((copy.phase(), copy.to_act()), (JaPhase::Play, Some(2)), "seat 1 made the discard: not asked");
}

// ----- refusals as data ------------------------------------------------------------

/// The J'achète refusal inside a rule error, and its rule ids.
fn refusal(result: Result<(), RuleError<Refusal>>) -> (Refusal, &'static [&'static str]) {
    let err = result.expect_err("a refusal");
    (err.refusal().clone(), err.rules())
}

fn play_table(r: &JaRound, melds: &[TableMeld]) -> Result<(), RuleError<Refusal>> {
    r.clone().apply(&JaAction::Play { table: melds.to_vec() })
}

#[test]
fn ja09_ja11_buying_only_in_a_buy_window_and_answering_it() {
    let r = round_with(1, HANDS, "KD 8S 9S", FULL);
    let discard = JaAction::Discard(cards("3S")[0]);
    assert_eq!(refusal(r.clone().apply(&discard)), (Refusal::BuyOrDecline { seat: 1 }, &["JA-9"][..]));
    let r = seat1_ready_to_open();
    assert_eq!(refusal(r.clone().apply(&JaAction::Buy)), (Refusal::NotABuyWindow, &["JA-9", "JA-11"][..]));
}

#[test]
fn ja08_a_discard_not_in_hand_names_the_card() {
    let r = seat1_ready_to_open();
    let ace = cards("AS")[0];
    let (kind, rules) = refusal(r.clone().apply(&JaAction::Discard(ace)));
    assert_eq!((kind, rules), (Refusal::DiscardNotHeld { seat: 1, card: ace }, &["JA-8"][..]));
}

#[test]
fn ja12_ja13_a_table_needs_held_cards_and_owners_at_the_table() {
    let r = seat1_ready_to_open();
    let (kind, rules) = refusal(play_table(&r, &[meld(1, "8S 8H 8D"), meld(1, "AS AS AS")]));
    assert_eq!((kind, rules), (Refusal::TableCardsNotHeld { seat: 1 }, &["JA-12", "JA-13"][..]));
    let (kind, _) = refusal(play_table(&r, &[meld(1, "8S 8H 8D"), meld(7, "9S 9H 2C")]));
    assert_eq!(kind, Refusal::NoSuchSeat { owner: 7 });
}

#[test]
fn ja13_an_invalid_meld_names_its_place_and_why() {
    let r = seat1_ready_to_open();
    let (kind, rules) = refusal(play_table(&r, &[meld(1, "8S 8H 8D"), meld(1, "9S 9H")]));
    assert_eq!(kind, Refusal::MeldInvalid { index: 1, error: MeldError::TooShort { len: 2 } });
    assert_eq!(rules, ["JA-13"]);
    let (kind, rules) = refusal(play_table(&r, &[meld(1, "8S 9H 2C")]));
    let error = MeldError::NeitherSetNorRun { cards: cards("8S 9H 2C") };
    assert_eq!(kind, Refusal::MeldInvalid { index: 0, error });
    assert_eq!(rules, ["JA-13"]);
}

#[test]
fn ja03_ja12_an_opening_short_of_the_contract_says_what_is_missing() {
    let r = seat1_ready_to_open();
    let (kind, rules) = refusal(play_table(&r, &[meld(1, "8S 8H 8D")]));
    assert_eq!(kind, Refusal::ContractNotMet { problem: ContractError::MeldCount { sets: 2, min_len: 3, melds: 1 } });
    assert_eq!(rules, ["JA-3", "JA-12"]);
    let (kind, rules) = refusal(play_table(&r, &[meld(1, "8S 8H 8D"), meld(1, "JD QD KD")]));
    assert_eq!(kind, Refusal::ContractNotMet { problem: ContractError::Run { cards: cards("JD QD KD") } });
    assert_eq!(rules, ["JA-3"]);
}

#[test]
fn ja12_an_opening_lays_melds_in_front_of_the_opener() {
    let r = seat1_ready_to_open();
    let (kind, rules) = refusal(play_table(&r, &[meld(1, "8S 8H 8D"), meld(2, "9S 9H 2C")]));
    assert_eq!((kind, rules), (Refusal::OpeningForOther { seat: 1, owner: 2 }, &["JA-12"][..]));
}

#[test]
fn ja14_ja15_the_table_at_the_start_of_a_turn() {
    let mut r = seat1_ready_to_open();
    let opening = [meld(1, "8S 8H 8D"), meld(1, "9S 9H 2C")];
    r.apply(&JaAction::Play { table: opening.to_vec() }).unwrap();
    r.apply(&JaAction::Discard(cards("KD")[0])).unwrap();
    while r.phase() == JaPhase::BuyWindow {
        r.apply(&JaAction::Decline).unwrap();
    }
    assert_eq!(r.to_act(), Some(2));
    assert_eq!(refusal(play_table(&r, &opening[..1])), (Refusal::TableCardRemoved, &["JA-14"][..]));
    let moved = [meld(2, "8S 8H 8D"), meld(1, "9S 9H 2C")];
    assert_eq!(refusal(play_table(&r, &moved)), (Refusal::TouchedBeforeOpening, &["JA-15"][..]));
}

#[test]
fn ja16_ja17_nothing_is_accepted_once_the_round_is_over() {
    let mut r = seat1_out_by_playing();
    assert_eq!(refusal(r.apply(&JaAction::Decline)), (Refusal::RoundOver, &["JA-16", "JA-17"][..]));
}

/// Seat 1 to play in round 3 with `hand`, the table as given and seat 1
/// opened or not; the other cards of the two decks in the other hands (five
/// each) and the stock.
fn seat1_at_table(table: &[TableMeld], hand: &str, opened: bool) -> JaRound {
    use tablee_engine::jachete::deck;
    let mut rest = deck();
    let hand = cards(hand);
    for card in hand.iter().chain(table.iter().flat_map(|m| &m.cards)) {
        let at = rest.iter().position(|c| c == card).expect("a card the decks still hold");
        rest.remove(at);
    }
    let mut hands: Vec<Vec<Card>> = (0..4).map(|_| Vec::new()).collect();
    for seat in [0, 2, 3] {
        hands[seat] = rest.drain(..5).collect();
    }
    hands[1] = hand;
    JaRound::from_parts(
        3,
        0,
        JaPhase::Play,
        1,
        1,
        hands,
        rest,
        Vec::new(),
        table.to_vec(),
        vec![50; 4],
        (40, 0),
        vec![0; 4],
        vec![true, opened, true, false],
        Reshuffle::OldestOnTop,
    )
    .expect("108 cards")
}

fn candidates(r: &JaRound) -> Vec<JaAction> {
    let mut out = Vec::new();
    tablee_engine::jachete::candidate_plays(r, 1, &mut out);
    for action in &out {
        r.clone().apply(action).unwrap_or_else(|e| panic!("generated {action:?} refused: {e}"));
    }
    out
}

#[test]
fn ja14_spare_wild_moved_to_new_set_with_a_pair() {
    let table = [meld(0, "5S 5H 5D 2C"), meld(2, "KS KH KD")];
    let r = seat1_at_table(&table, "9S 9H JD", true);
    let moved = JaAction::Play { table: vec![meld(0, "5S 5H 5D"), meld(2, "KS KH KD"), meld(1, "9S 9H 2C")] };
    assert!(candidates(&r).contains(&moved), "the 2C, spare on the fives, makes the nines a set");
    // A wild that its meld needs stays where it is: the 2C fills the run's gap.
    let table = [meld(0, "5H 2C 7H 8H"), meld(2, "KS KH KD")];
    let r = seat1_at_table(&table, "9S 9C JD", true);
    let plays: Vec<JaAction> = candidates(&r).into_iter().filter(|a| matches!(a, JaAction::Play { .. })).collect();
    assert!(plays.is_empty(), "5H 7H 8H is no run: {plays:?}");
}

#[test]
fn ja13_ja14_two_naturals_off_the_table_with_a_third_from_the_hand_make_a_run() {
    let table = [meld(0, "6D 7D 8D 9D"), meld(2, "4S 4H 4D 4C")];
    let r = seat1_at_table(&table, "5D JS", true);
    let run = JaAction::Play { table: vec![meld(0, "7D 8D 9D"), meld(2, "4S 4H 4C"), meld(1, "4D 5D 6D")] };
    assert!(candidates(&r).contains(&run), "the 4D off the fours, the 6D off the run");
}

#[test]
fn ja05_ja14_a_natural_off_a_long_meld_only_if_the_meld_stays_valid() {
    // 5H 6H 2C 8H without its 8H is 5H 6H 2C, still a run: the 8H joins 9H 10H.
    let table = [meld(0, "5H 6H 2C 8H")];
    let r = seat1_at_table(&table, "9H 10H KS", true);
    let run = JaAction::Play { table: vec![meld(0, "5H 6H 2C"), meld(1, "8H 9H 10H")] };
    assert!(candidates(&r).contains(&run));
    // 5H 2C JK 8H without its 8H would hold two wilds in three cards (JA-5).
    let table = [meld(0, "5H 2C JK 8H")];
    let r = seat1_at_table(&table, "9H 10H KS", true);
    for action in candidates(&r) {
        if let JaAction::Play { table } = action {
            assert_eq!(table[0].cards.len(), 4 + usize::from(table.len() == 1), "{table:?}: the run lost a card it needs");
        }
    }
}

#[test]
fn ja12_ja15_no_cards_moved_off_the_table_before_opening() {
    let table = [meld(0, "5S 5H 5D 2C"), meld(2, "6D 7D 8D 9D")];
    let r = seat1_at_table(&table, "9S 9H 5D", false);
    assert!(!candidates(&r).iter().any(|a| matches!(a, JaAction::Play { .. })), "seat 1 has not opened");
    let r = seat1_at_table(&table, "9S 9H 5D", true);
    assert!(candidates(&r).iter().any(|a| matches!(a, JaAction::Play { table } if table.len() == 3)));
}
