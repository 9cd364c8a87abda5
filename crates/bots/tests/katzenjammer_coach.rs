//! The coached first game's bots in Katzenjammer (issue 52; docs/lessons.md,
//! "The coached first game"): there is no round to hold back in, so `gentle`
//! is `easy`. J'achète's: `jachete_coach.rs`.

use tablee_bots::arena::decision_seed;
use tablee_bots::katzenjammer::decide;
use tablee_bots::Level;
use tablee_engine::katzenjammer::KbState;
use tablee_engine::{Game, Seed};

/// Katzenjammer has no round to hold back in: `gentle` is `easy`.
#[test]
fn kb_a_gentle_bot_is_easy() {
    for number in 0..20u64 {
        let seed = Seed::from_number(number);
        let mut game = KbState::new_game(4, Default::default(), seed).unwrap();
        let mut legal = Vec::new();
        let mut moves = 0;
        while let Some(seat) = game.to_act() {
            Game::actions(&game, &mut legal);
            let view = game.view(seat);
            let bot_seed = decision_seed(seed, seat, moves);
            let gentle = decide(Level::Gentle, &view, &legal, bot_seed);
            assert_eq!(gentle, decide(Level::Easy, &view, &legal, bot_seed));
            game.apply(&gentle).unwrap();
            moves += 1;
        }
    }
}
