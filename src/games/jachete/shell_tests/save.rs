//! J'achète's saves: through the same codec as every game's, mid-round and
//! at the end, no matches, an eight-player game's size, and the browser
//! tests' fixture of a finished game.

use serde_json::{json, Value};
use tablee_bots::Level;
use tablee_engine::Seed;

use crate::app::config::{SeatKind, TableConfig};
use crate::app::game::GameDef;
use crate::app::save::{from_json, to_json, SaveError};
use crate::app::session::Session;

use super::super::Jachete;

/// J'achète's saves go through the same codec: a game of bots, saved
/// mid-round and at its end, resumes to the same state.
#[test]
fn jachete_saves_resume() {
    let mut config = TableConfig::<Jachete>::new(Seed::from_number(8), 5);
    config.seats = vec![SeatKind::Bot(Level::Normal); 5];
    let mut session = Session::new(config).unwrap();
    for _ in 0..60 {
        session.bot_step();
    }
    for _ in 0..2 {
        let text = to_json(&session);
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(value["game"], "jachete");
        assert_eq!(value["options"], json!({ "three_players": false }));
        let back = from_json(&text).unwrap();
        let back = back.get::<Jachete>().unwrap();
        assert_eq!(back.actions(), session.actions());
        assert_eq!(back.to_act(), session.to_act());
        assert_eq!(back.outcome(), session.outcome());
        assert_eq!(to_json(back), text);
        while session.bot_step().is_some() {}
    }
    assert!(session.is_over());
    // J'achète has no matches: a save claiming one is refused, whatever
    // the match's contents (the shell reads only what the game defines).
    let mut value: Value = serde_json::from_str(&to_json(&session)).unwrap();
    value["match"] = json!({ "seed": value["seed"], "games": 2, "played": [] });
    assert_eq!(from_json(&value.to_string()).map(|s| s.moves()), Err(SaveError::Field("match")));
    let config = TableConfig::<Jachete>::new(Seed::from_number(8), 5);
    assert!(Session::new_match(config.clone(), 2).is_err());
    assert!(Session::new_match(config, 1).unwrap().in_match().is_none());
}

/// Issue 11: a finished 8-player J'achète game's save stays small (each
/// play is written as the table it proposes, so it is measured): printed
/// with `--nocapture`, quoted in docs/research/performance-history.md.
#[test]
fn a_finished_eight_player_jachete_save_is_small() {
    let mut sizes = Vec::new();
    for seed in 1..=3 {
        let mut config = TableConfig::<Jachete>::new(Seed::from_number(seed), 8);
        config.seats = vec![SeatKind::Bot(Level::Normal); 8];
        let mut session = Session::new(config).unwrap();
        while session.bot_step().is_some() {}
        assert!(session.is_over());
        let text = to_json(&session);
        assert!(from_json(&text).is_ok());
        println!("8-player J'achète, deal {seed}: {} actions, save {} bytes", session.actions().len(), text.len());
        sizes.push(text.len());
    }
    assert!(sizes.iter().all(|&n| n < 100_000), "{sizes:?}");
}

/// src/games/jachete/fixtures/jachete-save-finished.json is a finished game of
/// J'achète, the person (played by the `normal` bot) against three easy
/// bots, for the browser tests that need its end screen (the
/// accessibility scan) without playing seven rounds.
#[test]
fn the_jachete_finished_fixture_is_this_game() {
    let mut config = TableConfig::<Jachete>::new(Seed::from_number(34), 4);
    config.seats = vec![SeatKind::Human, SeatKind::Bot(Level::Easy), SeatKind::Bot(Level::Easy), SeatKind::Bot(Level::Easy)];
    let mut session = Session::new(config).unwrap();
    while !session.is_over() {
        if session.bot_step().is_none() {
            let seat = session.human_to_act().unwrap();
            let legal = session.legal_actions();
            let a = Jachete::decide(Level::Normal, &session.view(seat), &legal, session.actions().len() as u64);
            session.apply_human(a).unwrap();
        }
    }
    crate::app::save::tests::fixture_is("src/games/jachete/fixtures/jachete-save-finished.json", &(to_json(&session) + "\n"));
}
