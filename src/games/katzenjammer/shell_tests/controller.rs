//! Katzenjammer through the controller: its matches (KB-20) played, saved
//! and kept, and the single save of the builds before the list of games (a
//! Katzenjammer game, the only game then).

use crate::app::controller::tests::{deals, play_to_end, Memory};
use crate::app::controller::{game_key, save_key, AnyGame, First, Shell, Storage, GAMES_KEY};
use crate::app::config::TableConfig;
use crate::app::link;
use crate::games::GameId;
use tablee_engine::katzenjammer::Action;
use tablee_engine::Seed;

use super::super::Katzenjammer;

/// Issue 13 "A match" (KB-20): a 2-game match from its link, game 2
/// dealt from the engine's `Match::game_seed(1)`, the standings carried
/// over, a reload mid game 2 resuming the match, and a friend's link
/// keeping it in the list.
#[test]
fn kb20_a_match_from_its_link_is_played_kept_and_resumed() {
    use tablee_engine::katzenjammer::{Match, Options};
    const MATCH: &str = "?game=katzenjammer&seed=1K7Q-M3ZD&players=3&match=2";
    let mut storage = Memory::default();
    let start = Shell::start(&mut storage, MATCH, 0.0);
    assert_eq!(start.first, First::Game);
    let mut shell = start.shell;
    let seed = Seed::parse("1K7Q-M3ZD").unwrap();
    let engine = Match::new(3, Options::default(), seed, 2);
    assert_eq!(shell.session::<Katzenjammer>().unwrap().config().seed, engine.game_seed(0));
    assert_eq!(shell.game.as_ref().unwrap().match_progress(), Some((1, 2)));
    assert_eq!(link::write_game(shell.game.as_ref().unwrap()), "?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=3&seats=human,normal,normal&full_mice=0&match=2");
    play_to_end::<Katzenjammer>(&mut shell, &mut storage);
    let first = shell.session::<Katzenjammer>().unwrap().outcome().unwrap().scores;
    assert_eq!(shell.history(GameId::Katzenjammer).played, 1, "each game of a match is counted");
    // Between games a reload shows game 1's end, the match goes on.
    let between = Shell::start(&mut storage, MATCH, 1.0).shell;
    assert!(between.game.as_ref().unwrap().is_over());
    assert_eq!(between.session::<Katzenjammer>().unwrap().standings().unwrap().totals(), first);
    // Next game: game 2 of 2, dealt from the engine's seed of game 2.
    assert!(shell.next_in_match_any().is_some());
    shell.save_any(&mut storage, 2.0);
    let s = shell.session::<Katzenjammer>().unwrap();
    assert_eq!(s.config().seed, engine.game_seed(1));
    assert_ne!(s.config().seed, seed);
    assert_eq!(shell.game.as_ref().unwrap().match_progress(), Some((2, 2)));
    assert!(shell.kept.is_empty(), "game 1 left the list: its result is in game 2's match");
    // The link of game 2 is the match's, not a lone deal.
    assert!(link::write_game(shell.game.as_ref().unwrap()).contains("seed=1K7Q-M3ZD&players=3"));
    for _ in 0..4 {
        match shell.bot_turn_any() {
            Some(turn) => assert!(shell.bot_moved_any(turn.at, None)),
            None => shell.act::<Katzenjammer>(Action::Pass).unwrap(),
        }
    }
    shell.save_any(&mut storage, 3.0);
    let moves = shell.game.as_ref().unwrap().moves();
    // A reload on the match's link resumes game 2, game 1's mice kept.
    let mut again = Shell::start(&mut storage, MATCH, 4.0);
    assert!(!again.dealt, "resumed, not dealt anew");
    assert_eq!(again.shell.game.as_ref().unwrap().moves(), moves);
    assert_eq!(again.shell.game.as_ref().unwrap().match_progress(), Some((2, 2)));
    assert_eq!(again.shell.session::<Katzenjammer>().unwrap().in_match().unwrap().totals(), first);
    // The lone deal of the same seed is another game: dealt, the match kept.
    let lone = Shell::start(&mut storage, "?game=katzenjammer&seed=1K7Q-M3ZD&players=3", 5.0);
    assert!(lone.dealt);
    assert_eq!(lone.shell.game.as_ref().unwrap().match_progress(), None);
    assert_eq!(lone.shell.kept[0].session.match_progress(), Some((2, 2)));
    // Game 2 to its end: the match is over, its totals both games'.
    play_to_end::<Katzenjammer>(&mut again.shell, &mut storage);
    let s = again.shell.session::<Katzenjammer>().unwrap();
    let last = s.outcome().unwrap().scores;
    let standings = s.standings().unwrap();
    assert!(standings.is_over());
    assert_eq!(standings.totals(), first.iter().zip(&last).map(|(a, b)| a + b).collect::<Vec<_>>());
    assert!(s.next_in_match().is_none(), "no third game");
    assert!(again.shell.next_in_match_any().is_none());
}

#[test]
fn kb20_a_match_is_saved_under_a_key_of_its_own() {
    // A match's game is saved under a match's key.
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "?seed=1K7Q-M3ZD&players=3&match=2", 0.0).shell;
    assert!(shell.key.as_deref().is_some_and(|k| k.starts_with("tablee.match.game.")), "{:?}", shell.key);
    shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(5), 3).into_any()).unwrap();
    assert!(shell.key.as_deref().is_some_and(|k| k.starts_with("tablee.katzenjammer.game.")));
}

/// Between two games of a match, the finished game is the match: a new
/// game started meanwhile keeps it in the list (never lost).
#[test]
fn kb20_a_match_between_games_stays_in_the_list() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "?seed=1K7Q-M3ZD&players=3&match=3", 0.0).shell;
    play_to_end::<Katzenjammer>(&mut shell, &mut storage);
    shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(5), 3).into_any()).unwrap();
    shell.save_any(&mut storage, 1.0);
    assert_eq!(shell.kept.len(), 1);
    assert_eq!(shell.kept[0].session.match_progress(), Some((1, 3)));
    let back = Shell::start(&mut storage, "", 2.0).shell;
    assert_eq!(back.kept.len(), 1, "still listed after a reload");
    assert!(back.kept[0].session.is_over());
}

#[test]
fn the_single_save_of_the_previous_build_joins_the_list() {
    let mut storage = Memory::default();
    let old = include_str!("../fixtures/katzenjammer-save-midgame.json");
    storage.store(&save_key(GameId::Katzenjammer), old);
    let start = Shell::start(&mut storage, "", 5.0);
    assert_eq!(start.first, First::Game);
    assert_eq!(start.shell.game.as_ref().unwrap().moves(), 40);
    assert_eq!(storage.load(&save_key(GameId::Katzenjammer)), None, "moved, not copied");
    let key = game_key(GameId::Katzenjammer, 1);
    assert_eq!(storage.load(&key).as_deref(), Some(old));
    assert_eq!(storage.load(GAMES_KEY).unwrap(), format!("[{{\"key\":\"{key}\",\"at\":5}}]"));
    // A new game keeps it; a reload finds both.
    let mut shell = start.shell;
    shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(3), 4).into_any()).unwrap();
    shell.save_any(&mut storage, 6.0);
    let shell = Shell::start(&mut storage, "", 7.0).shell;
    assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), 40)]);
    assert_eq!(shell.key.as_deref(), Some("tablee.katzenjammer.game.2"));
}

/// Issue 13: a move taken back makes practice, kept by a reload and not
/// counted (the shell's test, on this game's deal).
#[test]
fn a_game_with_a_move_taken_back_is_practice_kept_and_not_counted() {
    crate::app::controller::tests::a_move_taken_back_is_practice_kept_and_not_counted::<Katzenjammer>("?game=katzenjammer&seed=1K7Q-M3ZD&players=3&lang=fr");
}
