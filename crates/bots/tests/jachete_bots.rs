//! J'achète bots play complete seeded games of 4..8 players from their own
//! view, choose only generated (and legal) actions, and `normal` beats `random`.

use tablee_bots::{jachete, Level, SearchGame};
use tablee_engine::jachete::{JaAction, JaGame, JaOptions, JaView};
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::{Game, Seat, Seed};

/// Plays game `number` of `players` through its first `rounds` rounds;
/// `choose(game, seat, view, legal, bot_seed)` picks each move (and may check
/// the position first). Returns the game where it stopped.
fn play_rounds(
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

/// Plays one game; returns each seat's win share.
fn play(players: usize, seats: &[Level], seed: u64) -> Vec<f64> {
    let mut game = JaGame::new_game(players, JaOptions::default(), Seed::from_number(seed)).unwrap();
    let mut legal = Vec::new();
    let mut moves = 0u64;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = jachete::decide(seats[seat], &view, &legal, derive_seed(seed, &format!("{seat}-{moves}")));
        assert!(legal.contains(&action), "a bot chose an action it was not offered");
        game.apply(&action).unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
        moves += 1;
        assert!(moves < 200_000, "seed {seed}: the game does not end");
    }
    let outcome = game.outcome().unwrap();
    (0..players).map(|s| outcome.win_share(s)).collect()
}

#[test]
fn ja_heuristic_bots_finish_whole_games_of_4_to_8_players() {
    // The heuristic levels play whole games; the search levels (slow in a
    // debug test run) play the first two rounds below.
    const QUICK: [Level; 3] = [Level::Random, Level::Easy, Level::Normal];
    for (i, players) in (4..=8).enumerate() {
        let seats: Vec<Level> = (0..players).map(|s| QUICK[(s + i) % 3]).collect();
        for seed in 0..6 {
            let shares = play(players, &seats, seed * 10 + players as u64);
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }
}

#[test]
fn ja_search_bots_choose_only_generated_actions() {
    let seats = [Level::Hard, Level::Normal, Level::Expert, Level::Random, Level::Hard];
    for seed in 0..2u64 {
        let players = 4 + seed as usize;
        let game = play_rounds(players, 300 + seed, 2, |_, seat, view, legal, bot_seed| {
            let action = jachete::decide(seats[seat], view, legal, bot_seed);
            assert!(legal.contains(&action), "{} chose an action it was not offered", seats[seat]);
            action
        });
        assert!(game.round().round() > 2 || game.to_act().is_none(), "seed {seed}: two rounds did not end");
    }
}

#[test]
fn ja_normal_beats_random() {
    let games = 60;
    let mut normal = 0.0;
    for g in 0..games {
        // Rotate the normal bot through the four seats.
        let seats: Vec<Level> = (0..4).map(|s| if s == g % 4 { Level::Normal } else { Level::Random }).collect();
        normal += play(4, &seats, 1000 + g as u64)[g % 4];
    }
    let share = normal / games as f64;
    assert!(share > 0.5, "normal's win share against three random bots: {share}");
}

/// JA-19: a search bot decides from its view alone. Its positions are dealt
/// anew (other hands and the stock guessed from the view, as the search
/// itself guesses them): the view, the generated candidates and the decision
/// stay the same.
#[test]
fn ja19_a_search_bot_decides_the_same_whatever_the_hidden_cards() {
    let mut positions = 0;
    let mut hidden_changed = 0;
    let mut legal_resampled = Vec::new();
    for seed in 0..3u64 {
        let mut rng = Rng::new(seed);
        let mut moves = 0u64;
        play_rounds(4, 700 + seed, 2, |game, seat, view, legal, bot_seed| {
            if moves % 11 == 5 {
                let resampled = JaGame::determinize(view, &mut rng).expect("a world fits the view");
                let resampled_view = resampled.view(seat);
                assert_eq!(*view, resampled_view, "dealing the hidden cards anew changed what seat {seat} sees");
                resampled.actions(&mut legal_resampled);
                assert_eq!(legal, &legal_resampled[..]);
                let others = |g: &JaGame| (0..4).filter(|&s| s != seat).map(|s| g.round().hand(s).to_vec()).collect::<Vec<_>>();
                if others(&resampled) != others(game) {
                    hidden_changed += 1;
                }
                assert_eq!(
                    jachete::decide(Level::Hard, view, legal, bot_seed),
                    jachete::decide(Level::Hard, &resampled_view, &legal_resampled, bot_seed),
                    "hard decided differently once the hidden cards changed (seed {seed}, move {moves})"
                );
                positions += 1;
            }
            moves += 1;
            jachete::decide(Level::Normal, view, legal, bot_seed)
        });
    }
    assert!(positions >= 20, "only {positions} positions checked");
    assert!(hidden_changed * 10 >= positions * 9, "the hidden cards changed in only {hidden_changed} of {positions}");
}

/// JA-9, JA-10: a buyer's card is known to sit in its hand; the search's
/// guessed worlds always put it there until it is seen again.
#[test]
fn ja19_guessed_worlds_keep_what_each_player_bought() {
    let mut checked = 0;
    for seed in 0..4u64 {
        let mut rng = Rng::new(seed);
        play_rounds(5, 900 + seed, 1, |_, seat, view, legal, bot_seed| {
            let world = JaGame::determinize(view, &mut rng).expect("a world fits the view");
            for &(buyer, card) in &view.bought {
                let later_seen = view.discarded.iter().any(|&(s, c)| s == buyer && c == card)
                    || view.table.iter().any(|m| m.cards.contains(&card));
                if buyer != seat && !later_seen {
                    assert!(world.round().hand(buyer).contains(&card), "seat {buyer} bought {card} but the guess lost it");
                    checked += 1;
                }
            }
            jachete::decide(Level::Normal, view, legal, bot_seed)
        });
    }
    assert!(checked >= 10, "only {checked} bought cards checked");
}
