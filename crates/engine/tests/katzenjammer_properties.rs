//! Property tests over many seeded random games (2..6 players): the deck and
//! the mice are conserved at every step, every game ends, every enumerated
//! action applies, anything else is refused without a panic, and a view never
//! depends on cards its seat cannot see. That the same seed and actions give
//! the same game is the safety net's, which every registered game runs
//! (`src/games/safety.rs`).

use tablee_engine::katzenjammer::{
    Action, Bid, BidKind, Card, Counts, KbState, Options, Presentation, JOKER_PENALTY,
};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seed};

const GAMES: u64 = 10_000;
/// A game has at most 90 reveals; this bounds any game many times over.
const MAX_ACTIONS: usize = 20_000;

fn players_for(i: u64) -> usize {
    2 + (i % 5) as usize
}

fn options_for(i: u64) -> Options {
    Options { full_mice: (i / 5) % 2 == 1 }
}

/// A random policy that passes often enough for auctions to end at any level.
fn pick(actions: &[Action], rng: &mut Rng) -> Action {
    if actions[0] == Action::Pass && actions.len() > 1 && rng.below(100) < 40 {
        Action::Pass
    } else {
        actions[rng.index(actions.len())]
    }
}

/// An arbitrary action, mostly illegal: random cards, kinds and values.
fn arbitrary_action(rng: &mut Rng) -> Action {
    let mut cards = Counts::EMPTY;
    for _ in 0..rng.below(8) {
        cards.add(Card::from_index(rng.index(6)), 1);
    }
    match rng.below(4) {
        0 => Action::Pass,
        1 => Action::Bid(Bid { kind: BidKind::Same(rng.below(7) as u8), cards }),
        2 => Action::Bid(Bid { kind: BidKind::Different, cards }),
        _ => {
            let mut p = Presentation::NOTHING;
            let v = rng.index(5);
            p.foursomes[v] = rng.below(3) as u8;
            p.jokers[v] = rng.below(9) as u8;
            p.cats = rng.below(2) as u8;
            Action::Present(p)
        }
    }
}

fn supply(state: &KbState) -> i32 {
    i32::from(state.options().mice_for(state.players()))
}

#[test]
fn kb_random_games_conserve_cards_and_mice_and_always_end() {
    let mut actions = Vec::new();
    let mut total_actions = 0usize;
    for i in 0..GAMES {
        let seed = Seed::from_number(i.wrapping_mul(0x9E37_79B9));
        let mut state = KbState::new_game(players_for(i), options_for(i), seed).expect("valid set-up");
        let mut rng = Rng::new(i);
        let mut steps = 0;
        while !state.is_over() {
            assert_eq!(state.all_cards(), Counts::deck(), "KB-1: 90 cards, game {i} step {steps}");
            assert_eq!(state.mice_total(), supply(&state), "mice conserved, game {i} step {steps}");
            state.actions(&mut actions);
            assert!(!actions.is_empty(), "a legal move always exists, game {i} step {steps}");
            let action = pick(&actions, &mut rng);
            state.apply(&action).unwrap_or_else(|e| panic!("enumerated {action:?} refused: {e}"));
            steps += 1;
            assert!(steps < MAX_ACTIONS, "game {i} does not end");
        }
        total_actions += steps;
        // KB-18: only the joker leaders lost mice, 5 each.
        let jokers = state.final_jokers();
        let most = *jokers.iter().max().unwrap();
        let penalised = if most > 0 { jokers.iter().filter(|&&j| j == most).count() as i32 } else { 0 };
        assert_eq!(state.mice_total(), supply(&state) - JOKER_PENALTY * penalised, "game {i}");
        assert_eq!(state.all_cards(), Counts::deck(), "game {i} at the end");
        assert!(state.stock_len() == 0 || state.mice_left() == 0, "KB-6/KB-17: game {i} ended early");
        let outcome = state.outcome().expect("over");
        assert!(!outcome.winners.is_empty());
    }
    assert!(total_actions > GAMES as usize * 10, "games are not trivially short");
}

#[test]
fn kb_every_enumerated_action_applies_and_nothing_else_does() {
    let mut actions = Vec::new();
    for i in 0..1_000u64 {
        let seed = Seed::from_number(i + 77_000);
        let mut state = KbState::new_game(players_for(i), options_for(i), seed).expect("valid set-up");
        let mut rng = Rng::new(i ^ 0xABCD);
        while !state.is_over() {
            state.actions(&mut actions);
            // No duplicates: each enumerated action has a distinct effect.
            let mut sorted = actions.iter().map(|a| format!("{a:?}")).collect::<Vec<_>>();
            sorted.sort();
            sorted.dedup();
            assert_eq!(sorted.len(), actions.len(), "duplicate actions at game {i}");
            for action in &actions {
                let mut copy = state.clone();
                copy.apply(action).unwrap_or_else(|e| panic!("enumerated {action:?} refused: {e}"));
                assert_eq!(copy.all_cards(), Counts::deck());
            }
            for _ in 0..20 {
                let candidate = arbitrary_action(&mut rng);
                let listed = actions.contains(&candidate);
                let mut copy = state.clone();
                match copy.apply(&candidate) {
                    Ok(()) => assert!(listed, "{candidate:?} applied but was not enumerated"),
                    Err(_) => {
                        assert!(!listed, "{candidate:?} enumerated but refused");
                        assert_eq!(copy, state, "a refused action must leave the state unchanged");
                    }
                }
            }
            let action = pick(&actions, &mut rng);
            state.apply(&action).unwrap();
        }
        assert!(state.apply(&Action::Pass).is_err(), "no action after the end");
    }
}

#[test]
fn kb21_view_never_depends_on_hidden_cards() {
    let mut actions = Vec::new();
    for i in 0..2_000u64 {
        let seed = Seed::from_number(i + 5_000_000);
        let mut state = KbState::new_game(players_for(i), options_for(i), seed).expect("valid set-up");
        let mut rng = Rng::new(i + 1);
        while !state.is_over() {
            let viewer = rng.index(state.players());
            let view = state.view(viewer);
            assert_eq!(view.hand, state.hand(viewer), "KB-21: own hand");
            // The view plus the true hidden cards rebuilds the state exactly.
            let rebuilt = KbState::from_view(&view, &state.hidden()).expect("the truth fits the view");
            assert_eq!(rebuilt, state.clone().without_log(), "game {i}");
            let other = state.resample_hidden(viewer, &mut rng);
            assert_eq!(other.view(viewer), view, "KB-21: the view leaked hidden cards (game {i})");
            assert_eq!(other.all_cards(), Counts::deck());
            for seat in 0..state.players() {
                assert_eq!(other.hand_size(seat), state.hand_size(seat));
            }
            // The resampled game is a legal game on its own.
            other.actions(&mut actions);
            assert!(actions.iter().all(|a| other.check(a).is_ok()));
            state.actions(&mut actions);
            let action = pick(&actions, &mut rng);
            state.apply(&action).unwrap();
        }
    }
}

/// Issue 53: a table fed only by its seat's view checks a move there
/// (`KbView::check`). For the seat to act it refuses exactly what the engine
/// refuses, with the same reason; every other seat is told it is not its turn.
#[test]
fn kb21_a_seats_view_checks_moves_as_the_engine_does() {
    let mut actions = Vec::new();
    for i in 0..1_000u64 {
        let seed = Seed::from_number(i + 7_000_000);
        let mut state = KbState::new_game(players_for(i), options_for(i), seed).expect("valid set-up");
        let mut rng = Rng::new(i + 3);
        while let Some(to_act) = state.to_act() {
            state.actions(&mut actions);
            let mut tried: Vec<Action> = actions.clone();
            tried.extend((0..8).map(|_| arbitrary_action(&mut rng)));
            let own = state.view(to_act);
            for action in &tried {
                assert_eq!(own.check(action), state.check(action), "game {i}: {action:?}");
            }
            let other = (to_act + 1) % state.players();
            assert!(state.view(other).check(&tried[0]).is_err(), "game {i}: another seat's turn");
            let action = pick(&actions, &mut rng);
            state.apply(&action).unwrap();
        }
        assert!(state.view(0).check(&Action::Pass).is_err(), "no move after the end");
    }
}

/// KB-5: while a row that ended on a joker is auctioned, each seat's view
/// names the card that joker made it draw (its own card, in its hand), and
/// no view names it once the row is won or discarded.
#[test]
fn kb5_the_view_names_the_card_its_seat_drew() {
    let mut actions = Vec::new();
    let mut seen = 0;
    for i in 0..300u64 {
        let mut state = KbState::new_game(players_for(i), options_for(i), Seed::from_number(i + 9_000_000)).expect("valid set-up");
        let mut rng = Rng::new(i);
        while !state.is_over() {
            for seat in 0..state.players() {
                let view = state.view(seat);
                assert_eq!(view.drawn, state.drawn_this_row(seat), "game {i}");
                if let Some(card) = view.drawn {
                    seen += 1;
                    assert!(view.hand.get(card) > 0, "game {i}: the drawn card is in the hand");
                }
            }
            state.actions(&mut actions);
            let action = pick(&actions, &mut rng);
            state.apply(&action).unwrap();
        }
    }
    assert!(seen > 100, "joker rows drew cards in these games ({seen})");
}
