//! Katzenjammer's links: a full one with its option, written ones read
//! back, the skeleton's and the previous build's (src/games/katzenjammer/fixtures), which name
//! no game, and its matches (KB-20).

use tablee_bots::Level;
use tablee_engine::katzenjammer::Options;
use tablee_engine::Seed;

use crate::app::config::{default_seats, Day, SeatKind, TableConfig};
use crate::app::game::{shorten, GameDef};
use crate::app::lang::Lang;
use crate::app::link::tests::{deal, table_of};
use crate::app::link::{read, unnamed, write, write_any, write_match, LinkError};
use crate::games::test_game::TestGame;
use crate::games::Registered;

use super::super::Katzenjammer;

#[test]
fn a_full_link_names_one_game() {
    let config = deal::<Katzenjammer>("?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=3&seats=human,hard,easy&full_mice=1&lang=fr");
    assert_eq!(config.seed, Seed::parse("1K7Q-M3ZD").unwrap());
    assert_eq!(
        config.seats,
        vec![SeatKind::Human, SeatKind::Bot(Level::Hard), SeatKind::Bot(Level::Easy)]
    );
    assert!(config.options.full_mice);
    // The sharer's language is not the reader's (issue: links carried it).
    assert_eq!(read("?seed=1K7Q-M3ZD&lang=fr").unwrap().lang, None);
    // An address without a deal may choose it.
    assert_eq!(read("?lang=fr").unwrap().lang, Some(Lang::Fr));
    assert_eq!(read(&format!("?game={}&lang=en", TestGame::CODE)).unwrap().lang, Some(Lang::En));
}

#[test]
fn written_links_read_back() {
    let mut config = TableConfig::<Katzenjammer>::new(Seed::from_number(12345), 5);
    config.seats[2] = SeatKind::Human;
    config.seats[4] = SeatKind::Bot(Level::Expert);
    config.options.full_mice = true;
    let link = write(&config);
    assert_eq!(
        link,
        "?game=katzenjammer&v=1&seed=1000-0C1S&players=5&seats=human,normal,human,normal,expert&full_mice=1"
    );
    let back = read(&link).unwrap();
    assert_eq!(back.deal, Some(config.clone().into_any()));
    assert_eq!(back.lang, None);
    let day = Day::new(2026, 11, 22).unwrap();
    let daily = TableConfig::<Katzenjammer>::daily(day, default_seats::<Katzenjammer>(4), Options::default());
    assert_eq!(deal::<Katzenjammer>(&write(&daily)), daily);
}

#[test]
fn old_skeleton_links_still_work() {
    let config = deal::<Katzenjammer>("?seed=1K7Q-M3ZD&players=5");
    assert_eq!(config.players(), 5);
    assert_eq!(config.seats, default_seats::<Katzenjammer>(5));
    assert!(!config.options.full_mice);
    let expected = Seed::parse("1K7Q-M3ZD").unwrap();
    assert_eq!(deal::<Katzenjammer>("?seed=1k7q+m3zd").seed, expected);
    assert_eq!(deal::<Katzenjammer>("?seed=%201K7Q-M3ZD%20").seed, expected);
    assert_eq!(deal::<Katzenjammer>("?seed=1K7Q-M3ZD").players(), Katzenjammer::DEFAULT_PLAYERS);
}

/// Links written by the build before the shell (src/games/katzenjammer/fixtures) still
/// name the same tables (their `lang` is the sharer's and is not read).
#[test]
fn links_from_the_previous_build_still_read() {
    let text = include_str!("../fixtures/katzenjammer-links.txt");
    let links: Vec<&str> = text.lines().collect();
    assert_eq!(links.len(), 6);
    for (i, link) in links.iter().enumerate() {
        let request = read(link).unwrap();
        let config = table_of::<Katzenjammer>(request.deal.clone().unwrap());
        assert_eq!(request.lang, None, "a deal's link does not choose the reader's language");
        // Written again, the link is the same text but its language: nothing was renamed.
        let language = if i < 3 { "&lang=en" } else { "&lang=fr" };
        assert_eq!(write(&config) + language, *link);
    }
    let typed = deal::<Katzenjammer>(links[0]);
    assert_eq!(typed.seats, vec![SeatKind::Human, SeatKind::Bot(Level::Normal), SeatKind::Bot(Level::Hard), SeatKind::Bot(Level::Easy)]);
    assert!(deal::<Katzenjammer>(links[1]).options.full_mice);
    assert_eq!(deal::<Katzenjammer>(links[2]).daily, Day::new(2026, 11, 22));
}

/// Issue 13 "A match" (KB-20): `match=N` names a match of N games.
#[test]
fn kb20_match_links_read_and_write_back() {
    let link = "?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=4&seats=human,normal,normal,normal&full_mice=0&match=3";
    let request = read(link).unwrap();
    assert_eq!(request.games, 3);
    let deal = request.deal.clone().unwrap();
    assert_eq!(write_match(&deal, request.games), link);
    // One game is a game of its own: the link does not say `match`.
    assert_eq!(write_match(&deal, 1), write_any(&deal));
    assert_eq!(read("?seed=1K7Q-M3ZD&match=1").unwrap().games, 1);
    assert_eq!(read("?seed=1K7Q-M3ZD&match=%209%20").unwrap().games, 9);
    // Links without it (every older build's) are one game.
    assert_eq!(read("?seed=1K7Q-M3ZD&players=4").unwrap().games, 1);
    // A daily deal is never a match.
    let daily = read("?daily=2026-11-22&match=3").unwrap();
    assert!(daily.deal.is_some());
    assert_eq!(daily.games, 1);
}

#[test]
fn kb20_bad_match_values_are_explained() {
    for bad in ["0", "10", "-2", "three", "", "2.5", "99999999999999999999"] {
        let read = read(&format!("?seed=1K7Q-M3ZD&match={bad}"));
        assert!(matches!(&read, Err(LinkError::Match { text, game, matches: true }) if *text == shorten(bad) && *game == unnamed()), "{bad}: {read:?}");
    }
    // A game without matches (the test game) refuses one.
    assert_eq!(read(&format!("?game={}&seed=1K7Q-M3ZD&players=3&match=3", TestGame::CODE)), Err(LinkError::Match { text: "3".into(), game: TestGame::ID, matches: false }));
    let long = "7".repeat(300);
    let Err(LinkError::Match { text, .. }) = read(&format!("?match={long}")) else { panic!() };
    assert!(text.chars().count() <= 25);
}
