//! J'achète's replay link that the browser test opens
//! (src/games/jachete/fixtures/jachete-replay-link.txt).

use tablee_bots::Level;
use tablee_engine::Seed;

use crate::app::config::TableConfig;
use crate::app::replay::{read, write};
use crate::app::session::Session;

use super::super::Jachete;

/// The J'achète replay link the browser test opens
/// (`src/games/jachete/fixtures/jachete-replay-link.txt`): a finished 4-player game,
/// deal 3, seat 0 the person (playing as `normal` would) against
/// `normal` bots. Red if the link's format or the game's moves change:
/// then the fixture is written anew from this test's message.
#[test]
fn the_jachete_replay_fixture_is_this_finished_game() {
    let mut game = Session::new(TableConfig::<Jachete>::new(Seed::from_number(3), 4)).unwrap();
    while !game.is_over() {
        if game.bot_step().is_none() {
            let mine = game.decision(0, Level::Normal).decide();
            game.apply_human(mine).unwrap();
        }
    }
    let link = write(&game);
    let fixture = include_str!("../fixtures/jachete-replay-link.txt").trim();
    assert_eq!(fixture, link, "the fixture should be:\n{link}");
    let back = read(fixture).unwrap();
    assert!(back.is_over());
    assert_eq!(back.get::<Jachete>().unwrap().actions(), game.actions());
}
