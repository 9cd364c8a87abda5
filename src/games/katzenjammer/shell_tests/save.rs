//! Katzenjammer's saves: its matches (KB-20), its actions in the scenario
//! notation, its options, what a damaged save of it says, and the saves of
//! the build before the shell (src/games/katzenjammer/fixtures).

use serde_json::{json, Value};
use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::katzenjammer::{Action, Bid, BidKind, Counts, Presentation};
use tablee_engine::Seed;

use crate::app::config::TableConfig;
use crate::app::game::GameDef;
use crate::app::save::tests::{played, read, serde};
use crate::app::save::{action_from_json, action_to_json, from_json, to_json, SaveError};
use crate::app::session::{ReplayError, Session};

use crate::games::test_game::TestGame;
use crate::games::AnySession;

use super::super::Katzenjammer;

/// Issue 13 "A match" (KB-20): a save of game 2 of a match, mid-way,
/// resumes the same game in the same match; older saves have no match.
#[test]
fn kb20_a_save_of_a_match_mid_way_round_trips() {
        let config = TableConfig::<Katzenjammer>::new(Seed::from_number(42), 4);
    let mut first = Session::new_match(config, 3).unwrap();
    while !first.is_over() {
        if first.bot_step().is_none() {
            let seat = first.human_to_act().unwrap();
            let a = tablee_bots::katzenjammer::decide(Level::Normal, &first.view(seat), &first.legal_actions(), 1);
            first.apply_human(a).unwrap();
        }
    }
    let mut second = first.next_in_match().unwrap();
    for _ in 0..7 {
        if second.bot_step().is_none() {
            second.apply_human(second.legal_actions()[0]).unwrap();
        }
    }
    let text = to_json(&second);
    let value = serde(&Json::parse(&text).unwrap());
    assert_eq!(value["match"]["seed"], json!(Seed::from_number(42).to_string()));
    assert_eq!(value["match"]["games"], json!(3));
    assert_eq!(value["match"]["played"][0]["mice"], json!(first.outcome().unwrap().scores));
    assert_ne!(value["seed"], value["match"]["seed"], "the save's seed is game 2's");
    let back = read::<Katzenjammer>(&text).unwrap();
    assert_eq!(back.in_match(), second.in_match());
    assert_eq!(back.state(), second.state());
    assert_eq!(to_json(&back), text);
    assert_eq!(back.into_any().match_progress(), Some((2, 3)));
    // A save without "match" (every older build's) is a game of its own.
    assert_eq!(read::<Katzenjammer>(&to_json(&played::<Katzenjammer>(3, 4, 10))).unwrap().in_match(), None);
    // A match that is not this game's, or does not read, is refused.
    let mut wrong = value.clone();
    wrong["match"]["seed"] = json!("1K7Q-M3ZD");
    let bad = |v: &Value| from_json(&v.to_string()).map(|s: AnySession| s.moves());
    assert_eq!(bad(&wrong), Err(SaveError::Field("match")));
    for (key, junk) in [("games", json!(1)), ("games", json!("3")), ("played", json!([{"mice": [1], "winners": []}])), ("played", json!([{"mice": [0, 0, 0, 0], "winners": [7]}]))] {
        let mut broken = value.clone();
        broken["match"][key] = junk;
        assert_eq!(bad(&broken), Err(SaveError::Field("match")), "{key}");
    }
}

#[test]
fn the_save_has_the_documented_shape() {
    let session = played::<Katzenjammer>(12345, 4, 3);
    let value: Value = serde_json::from_str(&to_json(&session)).unwrap();
    assert_eq!(value["v"], 1);
    assert_eq!(value["game"], "katzenjammer");
    assert_eq!(value["seed"], "1000-0C1S");
    assert_eq!(value["players"], 4);
    assert_eq!(value["seats"], json!(["human", "normal", "normal", "normal"]));
    assert_eq!(value["options"], json!({ "full_mice": false }));
    assert_eq!(value["actions"].as_array().unwrap().len(), 3);
    assert!(value.get("daily").is_none());
}

#[test]
fn actions_round_trip_in_scenario_notation() {
    let bid = Action::Bid(Bid { kind: BidKind::Same(2), cards: Counts([0, 2, 0, 0, 0, 1]) });
    assert_eq!(
        serde(&action_to_json::<Katzenjammer>(1, &bid)),
        json!({"seat": 1, "act": "bid", "kind": "same", "value": 2, "cards": ["2", "2", "J"]})
    );
    let diff = Action::Bid(Bid { kind: BidKind::Different, cards: Counts([1, 0, 1, 0, 0, 1]) });
    let cats = Presentation { foursomes: [0, 0, 1, 0, 0], jokers: [0, 0, 1, 0, 0], cats: 1 };
    let present = Action::Present(cats);
    for action in [Action::Pass, bid, diff, present, Action::Present(Presentation::NOTHING)] {
        assert_eq!(action_from_json::<Katzenjammer>(&action_to_json::<Katzenjammer>(3, &action)), Some((3, action)));
    }
    assert_eq!(
        serde(&action_to_json::<Katzenjammer>(2, &present)),
        json!({"seat": 2, "act": "present", "foursomes": [
            {"value": 3, "cards": ["3", "3", "3", "J"]},
            {"value": null, "cards": ["J", "J", "J", "J"]}]})
    );
}

#[test]
fn bad_saves_are_refused_with_a_reason() {
    let good: Value = serde_json::from_str(&to_json(&played::<Katzenjammer>(7, 4, 12))).unwrap();
    let with = |key: &str, v: Value| {
        let mut g = good.clone();
        g[key] = v;
        read::<Katzenjammer>(&g.to_string()).unwrap_err()
    };
    assert!(matches!(read::<Katzenjammer>("not json"), Err(SaveError::NotJson(_))));
    assert!(matches!(read::<Katzenjammer>("[1,2]"), Err(SaveError::Field(_))));
    assert_eq!(with("v", json!(2)), SaveError::Version(Some("2".into())));
    let mut no_v = good.clone();
    no_v.as_object_mut().unwrap().remove("v");
    assert_eq!(read::<Katzenjammer>(&no_v.to_string()).unwrap_err(), SaveError::Version(None));
    assert_eq!(with("game", json!("chess")), SaveError::Game("chess".into()));
    // A Katzenjammer save relabelled another game's (the test game's, for
    // 2 to 4): its seats fit, its moves do not.
    assert_eq!(with("game", json!(TestGame::CODE)), SaveError::Action(0));
    assert!(matches!(with("seed", json!("9ZZZ-ZZZZ")), SaveError::Seed(_)));
    assert_eq!(with("players", json!(7)), SaveError::Field("players"));
    assert_eq!(with("seats", json!(["human", "normal"])), SaveError::Field("seats"));
    assert_eq!(with("seats", json!(["human", "normal", "normal", "wizard"])), SaveError::Field("seats"));
    assert_eq!(with("options", json!({"full_mice": "yes"})), SaveError::Field("options.full_mice"));
    assert_eq!(with("actions", json!([{"seat": 0, "act": "dance"}])), SaveError::Action(0));
    // A well-formed action that the engine refuses (presenting during an auction).
    let first = good["actions"][0]["seat"].clone();
    let refused = with("actions", json!([{"seat": first, "act": "present", "foursomes": []}]));
    assert!(matches!(refused, SaveError::Replay(ReplayError::Refused { index: 0, .. })), "{refused:?}");
    // An action by the wrong seat.
    let wrong = (first.as_u64().unwrap() + 1) % 4;
    let refused = with("actions", json!([{"seat": wrong, "act": "pass"}]));
    assert!(matches!(refused, SaveError::Replay(ReplayError::Refused { index: 0, .. })), "{refused:?}");
    // Another deal: the recorded actions no longer fit.
    let other = with("seed", json!("1ABC-DEFG"));
    assert!(matches!(other, SaveError::Replay(_)), "{other:?}");
}

/// Saves written by the build before the shell (src/games/katzenjammer/fixtures) resume:
/// the game mid-way at its 40th move, the finished one with its result.
#[test]
fn saves_from_the_previous_build_resume() {
    let mid = read::<Katzenjammer>(include_str!("../fixtures/katzenjammer-save-midgame.json")).unwrap();
    assert_eq!(mid.actions().len(), 40);
    assert!(!mid.is_over());
    assert_eq!(mid.config().seed, Seed::parse("1K7Q-M3ZD").unwrap());
    let done = read::<Katzenjammer>(include_str!("../fixtures/katzenjammer-save-finished.json")).unwrap();
    assert_eq!(done.actions().len(), 77);
    let outcome = done.outcome().unwrap();
    assert_eq!(outcome.scores, vec![-1, 0, 5, 6]);
    assert_eq!(outcome.winners, vec![3]);
    // The first 40 moves of the finished game are the mid-game save's.
    assert_eq!(&done.actions()[..40], mid.actions());
    // Written again, a save is the same text: the format did not move.
    assert_eq!(to_json(&done), include_str!("../fixtures/katzenjammer-save-finished.json"));
}
