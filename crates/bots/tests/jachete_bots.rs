//! J'achète bots play complete seeded games of 4..8 players from their own
//! view, choose only generated (and legal) actions, and `normal` beats `random`.

use tablee_bots::{jachete, Level};
use tablee_engine::jachete::{JaGame, JaOptions};
use tablee_engine::rng::derive_seed;
use tablee_engine::{Game, Seed};

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
fn ja_bots_of_every_level_finish_games_of_4_to_8_players() {
    for (i, players) in (4..=8).enumerate() {
        let seats: Vec<Level> = (0..players).map(|s| Level::PLAYABLE[(s + i) % 5]).collect();
        for seed in 0..6 {
            let shares = play(players, &seats, seed * 10 + players as u64);
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
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
