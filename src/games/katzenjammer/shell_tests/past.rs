//! Katzenjammer in "Your games": its places as its end screen gives them
//! (KB-19: tied on mice, fewer jokers), and the browser tests' fixture of
//! such a tie.

use tablee_bots::Level;

use crate::app::config::SeatKind;
use crate::app::controller::tests::{empty_shell, Memory};
use crate::app::game::GameDef;
use crate::app::past::append;
use crate::app::result::places;
use crate::app::save::tests::played_with;
use crate::app::save;

use super::super::summary::Summary;
use super::super::Katzenjammer;

/// KB-19 (most mice wins; tied, fewer jokers): "Your games" ranks a
/// finished game as its end screen does. The games searched are those
/// where the person tied on mice with a seat holding fewer jokers (seed
/// 1: tied first on mice, third with the jokers), where places from the
/// mice alone differ (the list once said 2nd where the end screen said
/// 3rd): red if the record ranks by the scores only.
#[test]
fn kb19_your_games_ranks_tied_mice_by_fewer_jokers_as_the_end_screen_does() {
    let mut checked = 0;
    for seed in 0..400u64 {
        let players = 3 + (seed as usize % 4);
        let mut seats = vec![SeatKind::Bot(Level::Normal); players];
        seats[0] = SeatKind::Human;
        let session = played_with::<Katzenjammer>(seed, seats, usize::MAX);
        let summary = Summary::of(session.state()).unwrap();
        let by_mice = places(&session.outcome().unwrap().scores, Katzenjammer::SCORE_ORDER);
        if by_mice[0] == summary.players[0].place {
            continue;
        }
        let mut storage = Memory::default();
        append(&mut storage, 1.0, &save::to_json(&session));
        let mut shell = empty_shell(&mut storage);
        let past = shell.load_past(&mut storage, 2.0);
        let end_screen: Vec<usize> = summary.players.iter().map(|p| p.place).collect();
        assert_eq!(past[0].places, end_screen, "seed {seed}: every seat's place as on the end screen");
        assert_eq!(past[0].mine.unwrap().place, summary.players[0].place, "seed {seed}: the person's place");
        println!("seed {seed}: by mice {by_mice:?}, with the jokers {end_screen:?}");
        checked += 1;
        if checked == 3 {
            return;
        }
    }
    panic!("only {checked} games found where the jokers part tied mice at the person's seat");
}

/// The browser test's game (src/games/katzenjammer/fixtures/katzenjammer-kb19-tie.json,
/// written by `write_kb19_fixture`): the person tied first on mice and
/// third with the jokers (KB-19), which "Your games" must say.
#[test]
fn kb19_the_browser_tests_fixture_ties_on_mice_and_parts_on_jokers() {
    let text = include_str!("../fixtures/katzenjammer-kb19-tie.json");
    let session = save::from_json(text.trim()).unwrap();
    let s = session.get::<Katzenjammer>().unwrap();
    assert_eq!(places(&s.outcome().unwrap().scores, Katzenjammer::SCORE_ORDER)[0], 1, "first on mice alone");
    assert_eq!(Katzenjammer::places(s.state()).unwrap()[0], 3, "third with the jokers");
}

/// That fixture is this game (the person played by the `normal` bot).
#[test]
fn the_kb19_fixture_is_this_game() {
    let session = played_with::<Katzenjammer>(1, vec![SeatKind::Human, SeatKind::Bot(Level::Normal), SeatKind::Bot(Level::Normal), SeatKind::Bot(Level::Normal)], usize::MAX);
    crate::app::save::tests::fixture_is("src/games/katzenjammer/fixtures/katzenjammer-kb19-tie.json", &(save::to_json(&session) + "\n"));
}
