//! J'achète played with friends through the shell (`app::friends`): whole
//! rounds verified, JA-9's buy window asked of every eligible friend at once,
//! JA-19's privacy, and a move told otherwise than played, on the shared
//! harness (`app::friends::tests::Table`).

use tablee_bots::Level;
use tablee_engine::jachete::{Card as JaCard, JaGame};
use tablee_engine::json::Json;
use tablee_engine::Game;
use tablee_friends::message::FromHost;

use crate::app::friends::tests::*;
use crate::games::jachete::Jachete;

#[test]
fn whole_games_of_jachete_with_a_friend_and_two_bots_verify() {
    let mut windows_with_early_answers = 0;
    for game in 0..2 {
        let mut table = Table::<Jachete>::new(10 + game, "hfbn", Default::default());
        table.play();
        assert_verified(&table);
        let received = &table.received[&1];
        // Asked in a buy window while another seat was to act.
        windows_with_early_answers += received
            .iter()
            .filter_map(|t| match FromHost::parse(t).unwrap() {
                FromHost::View { view, legal, .. } => Some((view, legal)),
                _ => None,
            })
            .filter(|(view, legal)| !legal.is_empty() && view.get("to_act").and_then(Json::as_u64) != Some(1))
            .count();
    }
    assert!(windows_with_early_answers > 20, "{windows_with_early_answers}");
}

#[test]
fn ja09_every_eligible_friend_is_asked_at_once_and_the_rules_priority_decides() {
    // Host at 0, friends at 1, 2, 3: every buy window asks every friend that may buy.
    let mut table = Table::<Jachete>::new(40, "hfff", Default::default());
    table.connect_all();
    let mut checked = 0;
    for _ in 0..400 {
        let session = table.host.session().unwrap().clone();
        if session.is_over() {
            break;
        }
        let buyers = session.state().round().buyers();
        if buyers.len() >= 2 && buyers.iter().all(|&s| s != 0) {
            // Every buyer has buy/decline offered, at once.
            for &s in &buyers {
                let seen = table.guest(s).seen().unwrap().clone();
                assert_eq!(seen.legal.len(), 2, "seat {s} is asked");
            }
            // The last in priority says "j'achète" first, the first declines later:
            // the later buyer gets it only if everyone before declines.
            let (first, last) = (buyers[0], *buyers.last().unwrap());
            let card = session.state().round().buy_card().unwrap();
            table.guest(last).play(&tablee_engine::jachete::JaAction::Buy);
            table.deliver();
            assert_eq!(table.host.session().unwrap().actions().len(), session.actions().len(), "the buy waits for its turn");
            table.guest(first).play(&tablee_engine::jachete::JaAction::Buy);
            table.deliver();
            let after = table.host.session().unwrap();
            assert!(after.state().round().hand(first).contains(&card), "JA-9: the first in priority gets it");
            assert!(!after.state().round().buyers().contains(&last));
            checked += 1;
            if checked == 5 {
                break;
            }
            continue;
        }
        // Otherwise whoever is asked declines or plays the easy bot's move.
        let to_act = session.to_act().unwrap();
        let action = session.decision(to_act, Level::Easy).decide();
        if to_act == 0 {
            table.host.local_move(action).unwrap();
        } else {
            table.guest(to_act).play(&action);
        }
        table.deliver();
    }
    assert_eq!(checked, 5);
}

#[test]
fn ja19_no_friend_receives_another_seats_hidden_card_in_whole_games() {
    for game in 0..2 {
        let mut table = Table::<Jachete>::new(60 + game, "ffhb", Default::default());
        table.watch = |host, seat, text, rng| {
            let Some(state) = live(host, text) else { return };
            let round = state.round();
            let n = state.players();
            let mut pool: Vec<JaCard> = (0..n).filter(|&s| s != seat).flat_map(|s| round.hand(s).to_vec()).collect();
            pool.extend(round.stock_top_first());
            rng.shuffle(&mut pool);
            let mut rest = pool.into_iter();
            let hands: Vec<Vec<JaCard>> = (0..n)
                .map(|s| if s == seat { round.hand(s).to_vec() } else { rest.by_ref().take(round.hand(s).len()).collect() })
                .collect();
            let other = JaGame::from_view(&state.view(seat), hands, rest.collect(), rng.next_u64()).expect("a world of the view");
            same_in_another_world::<Jachete>(seat, text, &other);
        };
        table.play();
        assert_verified(&table);
    }
}

/// A host that told a friend another move than it played (its log's line
/// and its seats' bubbles follow what it is told) is caught by the check,
/// even where the view that came with it was right.
#[test]
fn ja19_a_move_told_otherwise_than_played_is_named() {
    told_otherwise(Table::<Jachete>::new(12, "hfbn", Default::default()));
}

/// Issue 55: 500 bad messages from a friend not asked to move (mid-round,
/// not a buyer) change nothing and are logged each; the game goes on and
/// verifies.
#[test]
fn a_thousand_bad_messages_change_nothing_and_are_logged_each() {
    // J'achète, mid-round: the friend at seat 1 not asked.
    let mut ja = Table::<Jachete>::new(71, "hfbb", Default::default());
    ja.connect_all();
    while ja.host.session().unwrap().state().round().buyers().contains(&1) || ja.host.session().unwrap().to_act() == Some(1) {
        let s = ja.host.session().unwrap();
        let action = s.decision(s.to_act().unwrap(), Level::Easy).decide();
        match s.to_act() {
            Some(0) => ja.host.local_move(action).unwrap(),
            _ => ja.guest(1).play(&action),
        }
        ja.deliver();
        ja.host.play_bots();
        ja.deliver();
    }
    let valid: Vec<String> = [
        r#"{"t":"move","n":5,"act":{"act":"discard","card":"KD"}}"#,
        r#"{"t":"move","n":2,"act":{"act":"play","table":[{"owner":1,"cards":["8S","8C","8D"]}]}}"#,
        r#"{"t":"move","n":1,"act":{"act":"buy"}}"#,
    ]
    .map(String::from)
    .to_vec();
    let refused_ja = fuzz(&mut ja, 1, &valid);
    assert!(refused_ja > 450, "{refused_ja} refused");
    ja.play();
    assert!(ja.guests.iter().all(|(_, g)| g.result() == Some(&[][..])));
}

#[test]
fn measured_the_messages_sizes() {
    let longest = longest_message((0..3).map(|game| Table::<Jachete>::new(300 + game, "hfffffbb", Default::default())));
    println!("longest message: J'achète (8 players) {longest} bytes");
}
