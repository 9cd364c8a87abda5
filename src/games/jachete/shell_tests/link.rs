//! J'achète's links: read and written with its small-table option, what a
//! bad one says, and a broken one's fresh start (issue 34).

use tablee_bots::Level;
use tablee_engine::jachete::JaOptions;
use tablee_engine::Seed;

use crate::app::config::{default_seats, SeatKind, TableConfig};
use crate::app::game::GameDef;
use crate::app::link::tests::table_of;
use crate::app::link::{fresh_table, named_game, read, unnamed, write, LinkError};
use crate::games::test_game::TestGame;
use crate::games::Registered;

use super::super::Jachete;

/// J'achète's cases of the shell's `bad_links_are_explained`: its players
/// (three need its small-table option) and that option's values.
#[test]
fn bad_jachete_links_are_explained() {
    let cases: Vec<(&str, LinkError)> = vec![
        ("?game=jachete&players=9", LinkError::Players { text: "9".into(), game: Jachete::ID }),
        ("?game=jachete&players=3", LinkError::Players { text: "3".into(), game: Jachete::ID }),
        ("?game=jachete&three_players=perhaps", LinkError::Option { name: "three_players", text: "perhaps".into() }),
    ];
    for (search, error) in cases {
        assert_eq!(read(search), Err(error), "{search}");
    }
}

/// Issue 34: a broken J'achète link's fresh start deals J'achète (it
/// dealt Katzenjammer), with the link's players when J'achète may have
/// them; a link naming no game, or an unknown one, deals Katzenjammer.
#[test]
fn a_broken_links_fresh_start_deals_the_game_it_names() {
    let seed = Seed::from_number(7);
    // Another game's players out of its range: its default (the test game's).
    let other = format!("?game={}&players=9", TestGame::CODE);
    for (search, game, players) in [
        ("?game=jachete&seed=bad&players=6", Jachete::ID, 6),
        ("?game=jachete&v=9", Jachete::ID, Jachete::DEFAULT_PLAYERS),
        // Three need J'achète's small-table option, which a fresh table has not.
        ("?game=JACHETE&players=3", Jachete::ID, Jachete::DEFAULT_PLAYERS),
        (other.as_str(), TestGame::ID, TestGame::DEFAULT_PLAYERS),
        // No game named, or an unknown one: the game of the links naming none.
        ("?seed=bad&players=3", unnamed(), 3),
        ("?game=chess&players=5", unnamed(), 5),
    ] {
        let table = fresh_table(named_game(search), search, seed);
        assert_eq!((table.game(), table.players()), (game, players), "{search}");
        assert!((crate::app::controller::Maker::of_game(game).deal)(table.clone(), 1).is_ok(), "{search}: it deals");
    }
}

/// J'achète's links are read (its table is not built yet: the page says
/// so, but the link keeps its meaning), and written ones read back.
#[test]
fn jachete_links_name_a_jachete_table() {
    let request = read("?game=jachete&seed=1K7Q-M3ZD&players=5").unwrap();
    let table = table_of::<Jachete>(request.deal.clone().unwrap());
    assert_eq!(table.players(), 5);
    assert_eq!(table.seed, Seed::parse("1K7Q-M3ZD").unwrap());
    assert_eq!(table.seats, default_seats::<Jachete>(5));
    assert_eq!(table.options, JaOptions::default());
    let mut small = TableConfig::<Jachete>::new(Seed::from_number(99), 3);
    small.options.three_players = true;
    small.seats[2] = SeatKind::Bot(Level::Expert);
    let link = write(&small);
    assert_eq!(link, "?game=jachete&v=1&seed=1000-0033&players=3&seats=human,normal,expert&three_players=1");
    assert_eq!(read(&link).unwrap().deal, Some(small.into_any()));
    // Without a seed: a J'achète table for the home screen.
    assert_eq!(read("?game=JACHETE&players=6").unwrap().table.game(), Jachete::ID);
    assert_eq!(read("?game=jachete").unwrap().table.players(), 4);
}
