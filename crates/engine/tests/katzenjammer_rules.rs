//! One or more tests per rule of `shared/rules/katzenjammer-blues.md`, named by
//! rule id, driving the engine only through its public API.

use std::collections::HashSet;

use tablee_engine::katzenjammer::{
    Action, Bid, BidKind, BidLevel, Card, Counts, Deal, EndCause, Event, Foursome, FoursomeProblem, KbState, Match,
    Options, Phase, Presentation, Refusal,
};
use tablee_engine::{Game, RuleError, Seed};

// ----- helpers -----------------------------------------------------------------

fn cards(text: &str) -> Vec<Card> {
    text.chars().map(|c| Card::parse(&c.to_string()).expect("card")).collect()
}

fn counts(text: &str) -> Counts {
    Counts::of(&cards(text))
}

/// A position: hands as strings like "1123J5", the stock top first.
fn position(bandleader: usize, hands: &[&str], stock: &str) -> KbState {
    position_with(Options::default(), bandleader, hands, stock)
}

fn position_with(options: Options, bandleader: usize, hands: &[&str], stock: &str) -> KbState {
    let hands: Vec<Vec<Card>> = hands.iter().map(|h| cards(h)).collect();
    KbState::from_position(hands.len(), options, bandleader, &hands, &cards(stock)).expect("valid position")
}

fn same(v: u8, text: &str) -> Action {
    Action::Bid(Bid { kind: BidKind::Same(v), cards: counts(text) })
}

fn different(text: &str) -> Action {
    Action::Bid(Bid { kind: BidKind::Different, cards: counts(text) })
}

fn present(list: &[(Option<u8>, &str)]) -> Action {
    let foursomes: Vec<Foursome> = list.iter().map(|&(value, c)| Foursome { value, cards: counts(c) }).collect();
    Action::Present(Presentation::from_foursomes(&foursomes).expect("well-formed foursomes"))
}

fn play(state: &mut KbState, actions: &[Action]) {
    for (i, a) in actions.iter().enumerate() {
        state.apply(a).unwrap_or_else(|e| panic!("action {i} {a:?} refused: {e}"));
    }
}

fn level(kind: BidKind, count: u8) -> BidLevel {
    BidLevel { kind, count }
}

/// A stock with no joker and no early repeat beyond the first row.
const QUIET: &str = "242";

// ----- material and set-up -------------------------------------------------------

#[test]
fn kb01_deck_is_15_of_each_value_and_15_jokers() {
    assert_eq!(Counts::deck().cards().len(), 90);
    for card in Card::ALL {
        assert_eq!(Counts::deck().get(card), 15);
    }
    let state = KbState::new_game(3, Options::default(), Seed::from_number(9)).unwrap();
    assert_eq!(state.all_cards(), Counts::deck());
}

#[test]
fn kb02_mice_supply_depends_on_players_and_full_mice() {
    let full = Options { full_mice: true };
    assert_eq!(Options::default().mice_for(2), 20);
    assert_eq!(Options::default().mice_for(4), 20);
    assert_eq!(Options::default().mice_for(5), 24);
    assert_eq!(Options::default().mice_for(6), 24);
    assert_eq!(full.mice_for(4), 24);
    assert_eq!(full.mice_for(2), 24);
    assert_eq!(position_with(full, 0, &["", "", "", ""], QUIET).mice_left(), 24);
    assert_eq!(position(0, &["", "", "", ""], QUIET).mice_left(), 20);
}

#[test]
fn kb02_two_to_six_players_only() {
    for bad in [0, 1, 7] {
        let err = KbState::new_game(bad, Options::default(), Seed::from_number(1)).unwrap_err();
        assert!(err.to_string().contains("2 to 6"), "{err}");
    }
    for good in 2..=6 {
        assert!(KbState::new_game(good, Options::default(), Seed::from_number(1)).is_ok());
    }
}

#[test]
fn kb03_deal_gives_six_each_left_of_bandleader_first() {
    for players in 2..=6 {
        for n in 0..20 {
            let deal = Deal::new(players, Seed::from_number(n)).unwrap();
            assert!(deal.bandleader < players);
            assert!(deal.hands.iter().all(|h| h.len() == 6));
            assert_eq!(deal.stock.len(), 90 - 6 * players);
        }
    }
    // Seeds pick different bandleaders.
    let leaders: HashSet<usize> = (0..40).map(|n| Deal::new(4, Seed::from_number(n)).unwrap().bandleader).collect();
    assert_eq!(leaders.len(), 4);
}

#[test]
fn kb03_missing_cards_fill_the_stock_bottom_in_ascending_order() {
    let state = position(0, &["", ""], "");
    // The whole deck in the stock, 1s first; the first reveal takes 1, 1.
    assert_eq!(state.row(), &cards("11")[..]);
    assert_eq!(state.stock_len(), 88);
    assert_eq!(state.stock_top_first()[..13], cards("1111111111111")[..]);
    assert_eq!(*state.stock_top_first().last().unwrap(), Card::Joker);
}

#[test]
fn kb03_too_many_cards_of_a_kind_is_refused() {
    let hands = vec![cards("555555"), cards("555555")];
    let err = KbState::from_position(2, Options::default(), 0, &hands, &cards("5555")).unwrap_err();
    assert!(err.to_string().contains("16"), "{err}");
}

// ----- a round ----------------------------------------------------------------------

#[test]
fn kb04_reveal_stops_at_the_second_card_of_a_value() {
    let state = position(0, &["", "", ""], "2425");
    assert_eq!(state.row(), &cards("242")[..]);
    assert_eq!(state.phase(), Phase::Bidding);
}

#[test]
fn kb04_reveal_stops_at_a_joker() {
    let state = position(0, &["", "", ""], "1234J55");
    assert_eq!(state.row(), &cards("1234J")[..]);
}

#[test]
fn kb04_longest_row_is_five_values_then_a_repeat() {
    let state = position(0, &["", ""], "123455");
    assert_eq!(state.row(), &cards("123455")[..]);
}

#[test]
fn kb05_joker_row_everyone_draws_left_of_bandleader_first() {
    // Bandleader 1 of 3: the draws go to seats 2, 0, then 1.
    let state = position(1, &["", "", ""], "3J451");
    assert_eq!(state.row(), &cards("3J")[..]);
    assert_eq!(state.hand(2), counts("4"));
    assert_eq!(state.hand(0), counts("5"));
    assert_eq!(state.hand(1), counts("1"));
    assert_eq!(state.to_act(), Some(2), "KB-7: bidding starts left of the bandleader");
    // Each seat can be told which card it drew, while that row is auctioned.
    assert_eq!(state.drawn_this_row(2), Some(Card::Four));
    assert_eq!(state.drawn_this_row(0), Some(Card::Five));
    assert_eq!(state.drawn_this_row(1), Some(Card::One));
    // No joker at the end of the row: nobody drew.
    assert_eq!(position(1, &["", "", ""], "3453").drawn_this_row(2), None);
}

/// A position whose stock is exactly `stock`: every card not named goes to the
/// last hand (naturals only, so tests control every joker).
fn exact_position(bandleader: usize, hands: &[&str], stock: &str) -> KbState {
    let mut rest = Counts::deck();
    for text in hands.iter().chain(std::iter::once(&stock)) {
        rest.remove_all(&counts(text));
    }
    assert_eq!(rest.jokers(), 0, "place all 15 jokers explicitly");
    let mut hands: Vec<String> = hands.iter().map(|h| h.to_string()).collect();
    let last = hands.last_mut().unwrap();
    for card in rest.cards() {
        last.push_str(card.symbol());
    }
    let refs: Vec<&str> = hands.iter().map(String::as_str).collect();
    let state = position(bandleader, &refs, stock);
    assert_eq!(state.all_cards(), Counts::deck());
    state
}

const FIFTEEN_JOKERS: &str = "JJJJJJJJJJJJJJJ";

#[test]
fn kb06_game_ends_when_a_joker_draw_takes_the_last_card() {
    // Stock J, 4: the joker ends the row, seat 1 draws the 4, the stock is
    // empty: over at once, and the bandleader (seat 0) gets no card.
    let state = exact_position(0, &["", &FIFTEEN_JOKERS[1..]], "J4");
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.end_cause(), Some(EndCause::Stock));
    assert_eq!(state.row(), &cards("J")[..], "the row stays, unsold");
    assert_eq!(state.hand(0), Counts::EMPTY);
    assert_eq!(state.stock_len(), 0);
    assert_eq!(state.to_act(), None);
}

#[test]
fn kb06_game_ends_when_a_reveal_takes_the_last_card() {
    let state = exact_position(0, &["5", FIFTEEN_JOKERS], "3");
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.row(), &cards("3")[..]);
    assert_eq!(state.stock_len(), 0);
}

#[test]
fn kb06_draws_stop_when_the_stock_runs_out() {
    // Three players, bandleader 0: the draws go to seats 1, 2, 0; after the
    // revealed joker only two cards are left, so seat 0 gets none.
    let state = exact_position(0, &["", "", &FIFTEEN_JOKERS[3..]], "JJJ");
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.hand_size(0), 0);
    assert_eq!(state.final_jokers()[1], 1);
}

#[test]
fn kb07_bidding_goes_clockwise_and_skips_those_who_passed() {
    let mut state = position(2, &["111", "222", "333", "444"], QUIET);
    assert_eq!(state.to_act(), Some(3));
    play(&mut state, &[same(4, "4"), Action::Pass]);
    assert_eq!(state.to_act(), Some(1));
    play(&mut state, &[same(2, "22")]);
    assert_eq!(state.to_act(), Some(2), "bandleader bids too");
    play(&mut state, &[same(3, "33"), same(4, "44")]);
    assert_eq!(state.to_act(), Some(1), "seat 0 passed and is skipped");
    assert_eq!(state.passed(), vec![0]);
}

#[test]
fn kb07_a_player_bids_only_with_cards_in_hand() {
    let state = position(0, &["11", "22"], QUIET);
    let err = state.check(&same(1, "1")).unwrap_err();
    assert!(err.message().contains("KB-7"), "{err}");
    assert!(state.check(&same(2, "22")).is_ok());
    assert!(state.check(&same(2, "222")).is_err());
}

#[test]
fn kb08_bid_shapes() {
    let state = position(0, &["", "1123J5"], QUIET);
    assert!(state.check(&same(1, "11")).is_ok());
    assert!(state.check(&same(1, "12")).is_err(), "a same bid has one value");
    assert!(state.check(&different("1235")).is_ok());
    assert!(state.check(&different("113")).is_err(), "a different bid repeats no value");
    assert!(state.check(&same(6, "1")).is_err(), "no value 6");
    assert!(state.check(&different("")).is_err(), "no empty bid");
}

#[test]
fn kb09_rulebook_bid_order() {
    // Each pair: the standing bid, then the higher one, by two players.
    let cases: &[(&str, Action, &str, Action)] = &[
        ("5", same(5, "5"), "11", same(1, "11")),
        ("111", same(1, "111"), "222", same(2, "222")),
        ("123", different("123"), "1234", different("1234")),
        ("1234", different("1234"), "1111", same(1, "1111")),
        ("12345", different("12345"), "11111", same(1, "11111")),
        ("55555", same(5, "55555"), "111111", same(1, "111111")),
    ];
    for (first_hand, first, second_hand, second) in cases {
        let mut state = position(1, &[first_hand, second_hand], QUIET);
        play(&mut state, &[*first]);
        assert!(state.check(second).is_ok(), "{second:?} should beat {first:?}");
    }
}

#[test]
fn kb09_equal_or_lower_bids_are_refused() {
    let cases: &[(&str, Action, &str, Action)] = &[
        ("111", same(1, "111"), "123", different("123")),
        ("222", same(2, "222"), "111", same(1, "111")),
        ("123", different("123"), "345", different("345")),
        ("11", same(1, "11"), "11", same(1, "11")),
        ("123", different("123"), "55", same(5, "55")),
    ];
    for (first_hand, first, second_hand, second) in cases {
        let mut state = position(1, &[first_hand, second_hand], QUIET);
        play(&mut state, &[*first]);
        let err = state.check(second).unwrap_err();
        assert!(err.message().contains("KB-9"), "{err}");
    }
}

#[test]
fn kb10_jokers_in_same_different_and_all_joker_bids() {
    let state = position(0, &["", "1JJJ"], QUIET);
    assert!(state.check(&same(1, "1JJ")).is_ok());
    assert!(state.check(&same(5, "JJJ")).is_ok(), "all jokers, declared value");
    assert!(state.check(&different("1JJJ")).is_ok(), "jokers take missing values");
    assert!(state.check(&different("JJJ")).is_ok());
    let state = position(0, &["", "1234JJ"], QUIET);
    assert!(state.check(&different("1234J")).is_ok());
    assert!(state.check(&different("1234JJ")).is_err(), "six different values do not exist");
}

#[test]
fn kb11_nobody_bids_row_is_discarded_and_same_bandleader_reveals() {
    let mut state = position(1, &["1", "2", "3"], "242513");
    play(&mut state, &[Action::Pass, Action::Pass]);
    assert_eq!(state.to_act(), Some(1), "the last player may still bid");
    play(&mut state, &[Action::Pass]);
    assert_eq!(state.discard(), counts("224"));
    assert_eq!(state.bandleader(), 1);
    // 5, 1, 3, then the stock's bottom (missing cards, 1s first) repeats a 1.
    assert_eq!(state.row(), &cards("5131")[..]);
    assert_eq!(state.to_act(), Some(2));
}

#[test]
fn kb11_the_last_player_may_bid_when_nobody_has() {
    let mut state = position(0, &["1", "2", "3"], QUIET);
    play(&mut state, &[Action::Pass, Action::Pass]);
    assert_eq!(state.to_act(), Some(0));
    play(&mut state, &[same(1, "1")]);
    assert_eq!(state.phase(), Phase::Presenting, "a bid by the last player wins at once");
    assert_eq!(state.to_act(), Some(0));
}

#[test]
fn kb11_auction_ends_when_all_others_passed_behind_the_high_bid() {
    let mut state = position(0, &["11", "22", "33"], QUIET);
    play(&mut state, &[same(2, "2"), Action::Pass, same(1, "11")]);
    assert_eq!(state.phase(), Phase::Bidding, "seat 2 passed; seat 1 still to answer");
    assert_eq!(state.to_act(), Some(1));
    play(&mut state, &[Action::Pass]);
    assert_eq!(state.phase(), Phase::Presenting);
    assert_eq!(state.bandleader(), 0);
}

#[test]
fn kb12_winner_pays_naturals_to_discard_jokers_displayed_and_takes_the_row() {
    let mut state = position(0, &["22JJ5", "1", "3"], QUIET);
    // Left of bandleader 0: seats 1, 2, then 0.
    play(&mut state, &[same(1, "1"), Action::Pass, same(2, "22J"), Action::Pass]);
    assert_eq!(state.phase(), Phase::Presenting);
    assert_eq!(state.hand(0), counts("J5242"));
    assert_eq!(state.jokers_shown(0), 1);
    assert_eq!(state.discard(), counts("22"));
    assert_eq!(state.hand(1), counts("1"), "a losing bidder keeps the cards");
    assert_eq!(state.bandleader(), 0);
    assert!(state.row().is_empty());
}

#[test]
fn kb13_bids_are_public_but_losing_bidders_show_no_cards() {
    let mut state = position(0, &["4", "JJ", "55"], QUIET);
    play(&mut state, &[same(3, "JJ"), same(5, "55"), Action::Pass, Action::Pass]);
    let view = state.view(0);
    let bids: Vec<_> = view.history.iter().filter_map(|e| match e {
        Event::Bid { seat, level } => Some((*seat, *level)),
        _ => None,
    }).collect();
    assert_eq!(bids, vec![(1, level(BidKind::Same(3), 2)), (2, level(BidKind::Same(5), 2))]);
    assert!(view.history.iter().any(|e| matches!(e, Event::Won { seat: 2, paid, .. } if *paid == counts("55"))));
    assert_eq!(view.hand_sizes[1], 2, "seat 1 still holds its jokers, unseen");
}

// ----- foursomes -------------------------------------------------------------------------

#[test]
fn kb14_only_the_winner_presents_right_after_the_auction() {
    let mut state = position(0, &["3333", "1"], QUIET);
    assert!(state.check(&present(&[(Some(3), "3333")])).is_err(), "not during bidding");
    play(&mut state, &[same(1, "1")]);
    assert_eq!(state.to_act(), Some(0));
    play(&mut state, &[Action::Pass]);
    assert_eq!(state.phase(), Phase::Presenting);
    assert_eq!(state.to_act(), Some(1));
    assert!(state.check(&Action::Pass).is_err(), "no bidding while presenting");
}

#[test]
fn kb15_rulebook_example_four_3s_and_four_4s_score_7() {
    let mut state = position(0, &["", "133334444"], "242");
    play(&mut state, &[same(1, "1"), Action::Pass]);
    assert_eq!(state.phase(), Phase::Presenting);
    play(&mut state, &[present(&[(Some(3), "3333"), (Some(4), "4444")])]);
    assert_eq!(state.mice(1), 7);
    assert_eq!(state.mice_left(), 13);
    assert_eq!(state.hand(1), counts("242"), "the row stays in hand");
    assert_eq!(state.discard(), counts("133334444"));
}

#[test]
fn kb15_jokers_complete_foursomes_and_are_displayed() {
    let mut state = position(0, &["", "1555J"], QUIET);
    play(&mut state, &[same(1, "1"), Action::Pass]);
    play(&mut state, &[present(&[(Some(5), "555J")])]);
    assert_eq!(state.mice(1), 5);
    assert_eq!(state.jokers_shown(1), 1);
    assert_eq!(state.discard(), counts("1555"));
}

#[test]
fn kb14_presenting_nothing_is_allowed_and_the_next_round_starts() {
    let mut state = position(0, &["", "13333"], "242");
    play(&mut state, &[same(1, "1"), Action::Pass, present(&[])]);
    assert_eq!(state.mice(1), 0);
    assert_eq!(state.bandleader(), 1, "KB-12: the winner leads the next round");
    assert_eq!(state.to_act(), Some(0));
    assert_eq!(state.phase(), Phase::Bidding);
}

#[test]
fn kb15_a_foursome_is_four_cards_of_one_value() {
    assert!(Foursome { value: Some(3), cards: counts("333") }.check().is_err());
    assert!(Foursome { value: Some(3), cards: counts("3334") }.check().is_err());
    assert!(Foursome { value: Some(3), cards: counts("33JJ") }.check().is_ok());
    let mut state = position(0, &["", "13333"], "242");
    play(&mut state, &[same(1, "1"), Action::Pass]);
    assert!(state.check(&present(&[(Some(4), "JJJJ")])).is_err(), "no jokers in hand");
}

#[test]
fn kb16_four_jokers_with_a_value_or_as_joker_cats() {
    for (value, mice, shown, discarded) in [(Some(5), 5, 4, 0), (None, 0, 0, 4)] {
        let mut state = position(1, &["JJJJ1", "2"], QUIET);
        play(&mut state, &[same(1, "1"), Action::Pass]);
        play(&mut state, &[present(&[(value, "JJJJ")])]);
        assert_eq!(state.mice(0), mice);
        assert_eq!(state.jokers_shown(0), shown);
        assert_eq!(state.discard().jokers(), discarded);
    }
}

#[test]
fn kb16_joker_cats_need_exactly_four_jokers() {
    let f = Foursome { value: None, cards: counts("JJJ5") };
    assert!(f.check().is_err());
}

#[test]
fn kb17_mice_are_paid_from_the_supply_across_rounds() {
    let mut state = position(1, &["55554444333311", "2"], "242242");
    play(&mut state, &[same(1, "1"), Action::Pass]);
    play(&mut state, &[present(&[(Some(5), "5555"), (Some(4), "4444"), (Some(3), "3333")])]);
    assert_eq!(state.mice(0), 12);
    assert_eq!(state.mice_left(), 8);
    // Seat 0 leads now; seat 1 passes, seat 0 (last, nobody bid) buys with its 1.
    play(&mut state, &[Action::Pass, same(1, "1")]);
    assert_eq!(state.hand(0), counts("222244"));
    play(&mut state, &[present(&[(Some(2), "2222")])]);
    assert_eq!(state.mice(0), 14);
    assert_eq!(state.mice_left(), 6);
    assert_eq!(state.phase(), Phase::Bidding);
}

#[test]
fn kb17_payment_is_capped_and_ends_the_game() {
    let mut state = position_with(Options::default(), 1, &["55555555444444443333JJJJ1", "2"], "242");
    play(&mut state, &[same(1, "1"), Action::Pass]);
    play(&mut state, &[present(&[
        (Some(5), "5555"), (Some(5), "5555"), (Some(4), "4444"), (Some(4), "4444"), (Some(3), "3333"), (Some(5), "JJJJ"),
    ])]);
    // Due 5+5+4+4+3+5 = 26, supply 20: paid 20, game over.
    assert_eq!(state.mice_left(), 0);
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.end_cause(), Some(EndCause::Mice));
    // KB-18: seat 0 displays 4 jokers, the most: 20 - 5.
    assert_eq!(state.mice(0), 15);
}

// ----- end and scoring -------------------------------------------------------------------

/// Three players, bandleader 2: seat 0 buys the row 3, 4, 3 with a 1 and
/// presents four 5s (5 mice); the next reveal takes the stock's last card.
/// `jokers` says how many jokers each seat holds (15 in all).
fn one_auction_then_stock_end(jokers: [usize; 3]) -> KbState {
    assert_eq!(jokers.iter().sum::<usize>(), 15);
    let j = |n: usize| "J".repeat(n);
    let hands = [format!("15555{}", j(jokers[0])), j(jokers[1]), j(jokers[2])];
    let mut state = exact_position(2, &[&hands[0], &hands[1], &hands[2]], "3435");
    play(&mut state, &[same(1, "1"), Action::Pass, Action::Pass]);
    play(&mut state, &[present(&[(Some(5), "5555")])]);
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.end_cause(), Some(EndCause::Stock));
    state
}

#[test]
fn kb18_the_joker_leaders_lose_five_mice_even_below_zero() {
    // Jokers 6, 6, 3: seats 0 and 1 tie for most and both lose 5.
    let state = one_auction_then_stock_end([6, 6, 3]);
    assert_eq!(state.final_jokers(), vec![6, 6, 3]);
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.scores, vec![0, -5, 0]);
    // KB-19: seats 0 and 2 tie at 0 mice; seat 2 has fewer jokers.
    assert_eq!(outcome.winners, vec![2]);
}

#[test]
fn kb18_jokers_in_hand_count_with_displayed_ones() {
    let state = one_auction_then_stock_end([3, 7, 5]);
    assert_eq!(state.final_jokers(), vec![3, 7, 5]);
    assert_eq!(state.outcome().unwrap().scores, vec![5, -5, 0]);
    assert_eq!(state.outcome().unwrap().winners, vec![0]);
    assert_eq!(state.jokers_shown(1), 7, "hand jokers are laid out at the end");
    assert_eq!(state.hand(1).jokers(), 0);
}

#[test]
fn kb19_mice_tie_goes_to_fewer_jokers() {
    // Seat 0: 5 mice, 6 jokers (the most) -> 0. Seats 1, 2: 0 mice, 4 and 5 jokers.
    let outcome = one_auction_then_stock_end([6, 4, 5]).outcome().unwrap();
    assert_eq!(outcome.scores, vec![0, 0, 0]);
    assert_eq!(outcome.winners, vec![1]);
}

#[test]
fn kb19_full_tie_is_a_shared_victory() {
    // Seat 0: 5 mice, 7 jokers -> 0. Seats 1 and 2: 0 mice and 4 jokers each.
    let outcome = one_auction_then_stock_end([7, 4, 4]).outcome().unwrap();
    assert_eq!(outcome.scores, vec![0, 0, 0]);
    assert_eq!(outcome.winners, vec![1, 2]);
    assert_eq!(outcome.win_share(1), 0.5);
    assert_eq!(outcome.win_share(0), 0.0);
}

// ----- the match ---------------------------------------------------------------------------

#[test]
fn kb20_a_match_totals_mice_across_games() {
    let mut m = Match::new(3, Options::default(), Seed::from_number(11), 2);
    let mut actions = Vec::new();
    while let Some(game) = m.next_game() {
        let mut game = game.unwrap();
        while !game.is_over() {
            game.actions(&mut actions);
            game.apply(&actions[actions.len() - 1]).unwrap();
        }
        m.record(&game).unwrap();
    }
    assert!(m.is_over());
    assert_eq!(m.records.len(), 2);
    let expected: Vec<i32> = (0..3).map(|s| m.records[0].mice[s] + m.records[1].mice[s]).collect();
    assert_eq!(m.totals(), expected);
    assert_ne!(m.game_seed(0), m.game_seed(1));
    assert_eq!(m.game_seed(0), Seed::from_number(11));
}

// ----- views --------------------------------------------------------------------------------

#[test]
fn kb21_view_holds_public_facts_and_only_the_own_hand() {
    let mut state = position(0, &["112", "345", "JJ5"], QUIET);
    play(&mut state, &[same(3, "3")]);
    let view = state.view(2);
    assert_eq!(view.hand, counts("JJ5"));
    assert_eq!(view.hand_sizes, vec![3, 3, 3]);
    assert_eq!(view.row, cards("242"));
    assert_eq!(view.high_bid.map(|b| (b.seat, b.level)), Some((1, level(BidKind::Same(3), 1))));
    assert_eq!(view.stock, state.stock_len());
    assert_eq!(view.mice_left, 20);
    // Every field of the view, by name (the engine no longer links serde).
    let fields = format!("{view:?}");
    assert!(!fields.contains("stock_top"), "no stock order in a view");
}

// ----- enumeration is exact -------------------------------------------------------------------

/// Every sub-multiset of a hand.
fn sub_multisets(hand: &Counts) -> Vec<Counts> {
    let mut out = vec![Counts::EMPTY];
    for card in Card::ALL {
        let mut next = Vec::new();
        for base in &out {
            for n in 0..=hand.get(card) {
                let mut c = *base;
                c.add(card, n);
                next.push(c);
            }
        }
        out = next;
    }
    out
}

#[test]
fn kb08_kb10_bid_enumeration_matches_brute_force() {
    let standing_bids = [None, Some(same(1, "1")), Some(different("12")), Some(same(4, "44"))];
    for hand in ["1123JJ", "55555J", "12345J", "JJJJ", "3", ""] {
        for standing in &standing_bids {
            // Bandleader 1: seat 0 opens with the standing bid (or passes).
            let mut state = position(1, &["1244JJ", hand], QUIET);
            state.apply(standing.as_ref().unwrap_or(&Action::Pass)).unwrap();
            assert_eq!(state.to_act(), Some(1));
            let mut listed = Vec::new();
            state.legal_actions(&mut listed);
            let listed: HashSet<String> = listed.iter().map(|a| format!("{a:?}")).collect();
            let mut brute = HashSet::from([format!("{:?}", Action::Pass)]);
            for sub in sub_multisets(&state.hand(1)) {
                let mut kinds = vec![BidKind::Different];
                kinds.extend((1..=5).map(BidKind::Same));
                for kind in kinds {
                    let action = Action::Bid(Bid { kind, cards: sub });
                    if state.check(&action).is_ok() {
                        brute.insert(format!("{action:?}"));
                    }
                }
            }
            assert_eq!(listed, brute, "hand {hand} standing {standing:?}");
        }
    }
}

#[test]
fn kb14_kb16_presentation_enumeration_matches_brute_force() {
    for hand in ["3333JJJJJ", "5555444JJ", "12345", "JJJJJJJJ", "1111J2222J"] {
        let mut state = position(1, &[&format!("{hand}1"), "2"], "");
        // Stock from missing cards: 1, 1... the row is whatever; seat 0 wins with a 1.
        state.apply(&same(1, "1")).unwrap();
        state.apply(&Action::Pass).unwrap();
        assert_eq!(state.phase(), Phase::Presenting);
        let full_hand = state.hand(0);
        let mut listed = Vec::new();
        state.legal_actions(&mut listed);
        let listed_set: HashSet<String> = listed.iter().map(|a| format!("{a:?}")).collect();
        assert_eq!(listed_set.len(), listed.len());
        // Brute force: multisets of foursome types (value v with j jokers, or cats).
        let mut types: Vec<Foursome> = vec![Foursome { value: None, cards: counts("JJJJ") }];
        for v in 1..=5u8 {
            for j in 0..=4u8 {
                let mut c = Counts::EMPTY;
                c.add(Card::from_value(v).unwrap(), 4 - j);
                c.add(Card::Joker, j);
                types.push(Foursome { value: Some(v), cards: c });
            }
        }
        let mut brute = HashSet::new();
        fn search(
            types: &[Foursome],
            from: usize,
            chosen: &mut Vec<Foursome>,
            left: Counts,
            out: &mut HashSet<String>,
        ) {
            let p = Presentation::from_foursomes(chosen).unwrap();
            out.insert(format!("{:?}", Action::Present(p)));
            for t in from..types.len() {
                if left.contains(&types[t].cards) {
                    let mut rest = left;
                    rest.remove_all(&types[t].cards);
                    chosen.push(types[t]);
                    search(types, t, chosen, rest, out);
                    chosen.pop();
                }
            }
        }
        search(&types, 0, &mut Vec::new(), full_hand, &mut brute);
        assert_eq!(listed_set, brute, "hand {full_hand:?}");
    }
}

// ----- refusals as data ------------------------------------------------------------

/// The Katzenjammer refusal inside a rule error, and its rule ids.
fn refusal(result: Result<impl std::fmt::Debug, RuleError<Refusal>>) -> (Refusal, &'static [&'static str]) {
    let err = result.expect_err("a refusal");
    (err.refusal().clone(), err.rules())
}

#[test]
fn kb08_a_repeated_value_in_a_different_bid_names_the_value_and_count() {
    let state = position(0, &["", "224"], QUIET);
    let (kind, rules) = refusal(state.check(&different("224")));
    assert_eq!(kind, Refusal::DifferentRepeated { card: 2, count: 2 });
    assert_eq!(rules, ["KB-8"]);
}

#[test]
fn kb08_kb10_bid_shape_refusals_carry_their_parameters() {
    let state = position(0, &["", "1234JJ"], QUIET);
    assert_eq!(refusal(state.check(&different(""))), (Refusal::BidEmpty, &["KB-8"][..]));
    assert_eq!(refusal(state.check(&same(6, "1"))), (Refusal::SameValueOutOfRange { value: 6 }, &["KB-8"][..]));
    assert_eq!(
        refusal(state.check(&same(1, "12"))),
        (Refusal::SameBidForeignCard { value: 1, card: 2 }, &["KB-8", "KB-10"][..])
    );
    assert_eq!(
        refusal(state.check(&different("1234JJ"))),
        (Refusal::DifferentTooMany { count: 6 }, &["KB-8", "KB-10"][..])
    );
}

#[test]
fn kb07_a_bid_with_cards_not_in_hand_names_the_seat_and_cards() {
    let state = position(0, &["11", "22"], QUIET);
    let (kind, rules) = refusal(state.check(&same(1, "1")));
    assert_eq!(kind, Refusal::BidNotHeld { seat: 1, cards: counts("1") });
    assert_eq!(rules, ["KB-7"]);
}

#[test]
fn kb09_a_bid_too_low_carries_both_levels() {
    let mut state = position(1, &["111", "123"], QUIET);
    play(&mut state, &[same(1, "111")]);
    let (kind, rules) = refusal(state.check(&different("123")));
    assert_eq!(
        kind,
        Refusal::DoesNotBeat { bid: level(BidKind::Different, 3), standing: level(BidKind::Same(1), 3) }
    );
    assert_eq!(rules, ["KB-9"]);
}

#[test]
fn kb14_presenting_out_of_turn_bidding_after_the_auction_and_cards_not_held() {
    let mut state = position(0, &["3333", "1"], QUIET);
    assert_eq!(refusal(state.check(&present(&[(Some(3), "3333")]))), (Refusal::PresentDuringAuction, &["KB-14"][..]));
    play(&mut state, &[same(1, "1"), Action::Pass]);
    assert_eq!(refusal(state.check(&Action::Pass)), (Refusal::AuctionOver, &["KB-14"][..]));
    let (kind, rules) = refusal(state.check(&present(&[(Some(3), "3333")])));
    assert_eq!(kind, Refusal::FoursomesNotHeld { seat: 1, cards: counts("3333") });
    assert_eq!(rules, ["KB-14"]);
}

#[test]
fn kb15_kb16_a_bad_foursome_names_its_place_in_the_list() {
    let first = Foursome { value: Some(3), cards: counts("3333") };
    let list = |second: Foursome| Presentation::from_foursomes(&[first, second]);
    let cases = [
        (Foursome { value: Some(3), cards: counts("333") }, FoursomeProblem::WrongSize { count: 3 }, "KB-15"),
        (Foursome { value: Some(3), cards: counts("3334") }, FoursomeProblem::ForeignCard { value: 3 }, "KB-15"),
        (Foursome { value: Some(7), cards: counts("JJJJ") }, FoursomeProblem::ValueOutOfRange { value: 7 }, "KB-15"),
        (Foursome { value: None, cards: counts("JJJ5") }, FoursomeProblem::CatsNotJokers, "KB-16"),
    ];
    for (foursome, problem, rule) in cases {
        assert_eq!(foursome.check(), Err(problem));
        assert_eq!(refusal(list(foursome)), (Refusal::Foursome { index: 1, problem }, &[rule][..]));
    }
}

#[test]
fn kb15_more_jokers_than_the_foursomes_hold() {
    let p = Presentation { foursomes: [0, 1, 0, 0, 0], jokers: [0, 5, 0, 0, 0], cats: 0 };
    let (kind, rules) = refusal(p.check_shape());
    assert_eq!(kind, Refusal::JokersDoNotFit { value: 2, jokers: 5, foursomes: 1 });
    assert_eq!(rules, ["KB-15"]);
}

#[test]
fn kb06_kb17_nothing_is_accepted_once_the_game_is_over() {
    let state = exact_position(0, &["5", FIFTEEN_JOKERS], "3");
    assert_eq!(refusal(state.check(&Action::Pass)), (Refusal::GameOver, &["KB-6", "KB-17"][..]));
}
