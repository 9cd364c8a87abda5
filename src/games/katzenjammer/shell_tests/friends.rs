//! Katzenjammer played with friends through the shell (`app::friends`):
//! whole games verified, KB-21's privacy over every message a friend
//! receives, the host's refusals, a stand-in, the host's reload and a
//! tampered log, on the shared harness (`app::friends::tests::Table`).

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::Seat;
use tablee_friends::fair::Secret;
use tablee_friends::message::{FromHost, Status};

use crate::app::friends::guest::Guest;
use crate::app::friends::host::{Host, Refused};
use crate::app::friends::tests::*;
use crate::app::friends::verify::Difference;
use crate::app::game::GameDef;
use crate::app::save;
use crate::games::katzenjammer::Katzenjammer;
use crate::games::Registered;

#[test]
fn whole_games_of_katzenjammer_with_two_friends_and_a_bot_verify() {
    for game in 0..3 {
        let mut table = Table::<Katzenjammer>::new(game, "hfnf", Default::default());
        table.play();
        assert_verified(&table);
        let session = table.host.session().unwrap();
        assert!(session.actions().len() > 30, "{} moves", session.actions().len());
        // Everyone connected, the bot a bot.
        let status: Vec<Status> = (0..4).map(|s| table.host.status(s)).collect();
        assert_eq!(status, [Status::Connected, Status::Connected, Status::Bot, Status::Connected]);
    }
}

#[test]
fn kb21_no_friend_receives_another_seats_hidden_card_in_whole_games() {
    for game in 0..3 {
        let mut table = Table::<Katzenjammer>::new(50 + game, "fhff", Default::default());
        table.watch = |host, seat, text, rng| {
            let Some(state) = live(host, text) else { return };
            if let Some(other) = (0..8).map(|_| state.resample_hidden(seat, rng)).find(|o| o.hidden() != state.hidden()) {
                same_in_another_world::<Katzenjammer>(seat, text, &other);
            }
        };
        table.play();
        assert_verified(&table);
        let views: usize = table.received.values().flatten().filter(|t| t.starts_with(r#"{"t":"view""#)).count();
        assert!(views > 200, "{views} views");
    }
}

#[test]
fn the_host_refuses_out_of_order_and_other_seats_messages_with_their_reason() {
    let mut table = Table::<Katzenjammer>::new(80, "hff", Default::default());
    table.host.connected(1, 0);
    // Anything before hello.
    assert_eq!(table.host.receive(1, r#"{"t":"ping","n":1}"#, 1), Err(Refused::HelloFirst));
    // Another seat's token, another seat, another protocol.
    let p = tablee_friends::PROTOCOL;
    let hello = |seat: usize, tok: u8, v: u8| format!(r#"{{"t":"hello","v":{v},"seat":{seat},"token":"{}","build":"x"}}"#, format!("{tok:02x}").repeat(8));
    assert_eq!(table.host.receive(1, &hello(1, 0x42, p), 2), Err(Refused::WrongToken));
    assert_eq!(table.host.receive(1, &hello(2, 0x42, p), 3), Err(Refused::WrongSeat { claimed: 2 }));
    assert_eq!(table.host.receive(1, &hello(1, 0x41, p + 1), 4), Err(Refused::Version { found: p + 1 }));
    // A message on a channel for the host's own seat.
    assert_eq!(table.host.receive(0, &hello(0, 0x40, p), 5), Err(Refused::NotAFriend));
    table.host.receive(1, &hello(1, 0x41, p), 6).unwrap();
    assert_eq!(table.host.receive(1, &hello(1, 0x41, p), 7), Err(Refused::HelloAgain));
    assert!(matches!(table.host.receive(1, r#"{"t":"reveal","secret":"00"}"#, 8), Err(Refused::Unreadable(_))));
    let reveal = format!(r#"{{"t":"reveal","secret":"{}"}}"#, secret(80, 1).hex());
    assert_eq!(table.host.receive(1, &reveal, 9), Err(Refused::Reveal(tablee_friends::fair::FairError::TooEarly)));
    assert_eq!(table.host.receive(1, r#"{"t":"move","n":0,"act":{"act":"pass"}}"#, 10), Err(Refused::NoGame));
    assert_eq!(table.host.log().len(), 9);
    // The friend is told each (but the host-seat channel's, a page's bug).
    let told = table.host.drain().into_iter().filter(|(_, t)| t.starts_with(r#"{"t":"refused""#)).count();
    assert_eq!(told, 8);
}

#[test]
fn a_friend_who_goes_away_is_played_by_a_stand_in_then_rejoins() {
    let mut table = Table::<Katzenjammer>::new(90, "hsb", Default::default());
    table.connect_all();
    let mut guard = 0;
    // Play until the friend (seat 1) is asked, then it falls silent.
    while table.host.session().unwrap().to_act() != Some(1) {
        let s = table.host.session().unwrap();
        if s.to_act() == Some(0) {
            let a = s.decision(0, Level::Easy).decide();
            table.host.local_move(a).unwrap();
        }
        table.host.play_bots();
        table.deliver();
        guard += 1;
        assert!(guard < 100);
    }
    assert_eq!(table.host.status(1), Status::Connected);
    assert!(table.host.bot_turn().is_none(), "the friend is asked");
    table.now += crate::app::friends::AWAY_AFTER_MS + 1;
    table.host.tick(table.now);
    table.deliver();
    assert_eq!(table.host.status(1), Status::Bot, "away, its stand-in plays");
    let moves = table.host.session().unwrap().actions().len();
    table.host.play_bots();
    assert!(table.host.session().unwrap().actions().len() > moves);
    assert_eq!(table.host.stand_in_moves()[0], (moves, Level::Easy));
    // The friend's page reloads: a new channel, hello with its token; it is back.
    table.host.connected(1, table.now);
    table.guest(1).connected();
    table.deliver();
    assert_eq!(table.host.status(1), Status::Connected);
    // The rest of the game, and the check passes with the stand-in's moves.
    table.play();
    assert_verified(&table);
}

/// The host's page reloads mid-game (a phone's tab discarded): its game
/// comes back from the save and what it kept ([`Host::keep`]), every
/// friend away; their pages answer new invitations with the tokens and
/// secrets they kept, and the game goes on to a verified end.
#[test]
fn the_hosts_page_reloads_and_its_friends_come_back_to_the_same_game() {
    let mut table = Table::<Katzenjammer>::new(93, "hffb", Default::default());
    assert!(table.host.keep().is_none(), "nothing to keep before the deal");
    table.connect_all();
    let mut guard = 0;
    // To a decision of the host's own after a dozen moves: the reload
    // comes then, and its page must still be asked.
    while table.host.session().unwrap().actions().len() < 12 || table.host.session().unwrap().to_act() != Some(0) {
        guard += 1;
        assert!(guard < 200);
        table.host.play_bots();
        table.deliver();
        let s = table.host.session().unwrap();
        let Some(to_act) = s.to_act() else { break };
        if s.bot_to_act().is_some() {
            continue;
        }
        let action = s.decision(to_act, Level::Easy).decide();
        match to_act {
            0 => table.host.local_move(action).unwrap(),
            seat => table.guest(seat).play(&action),
        }
        table.deliver();
    }
    // The reload: the game as saved, and what the host kept, as text.
    let kept = Json::parse(&table.host.keep().expect("dealt").text()).unwrap();
    let saved = save::game_from_value::<Katzenjammer>(&Json::parse(&save::to_json(table.host.session().unwrap())).unwrap()).unwrap();
    let moves = saved.actions().len();
    let mut other = kept.clone();
    if let Json::Obj(fields) = &mut other {
        fields.retain(|(k, _)| k != "seed");
        fields.push(("seed".into(), Json::Str(tablee_engine::Seed::from_number(5).to_string())));
    }
    assert!(Host::<Katzenjammer>::resume(&other, saved.clone(), "test".into()).is_none(), "another game's keep");
    // The page's start finds the game it kept, not another's.
    let any = saved.clone().into_any();
    assert_eq!(crate::app::friends::kept_game(Some(&kept.text()), Some(&any)), Some(Katzenjammer::ID));
    assert_eq!(crate::app::friends::kept_game(Some(&other.text()), Some(&any)), None);
    assert_eq!(crate::app::friends::kept_game(None, Some(&any)), None);
    table.host = Host::resume(&kept, saved, "test".into()).expect("the same game");
    assert_eq!(table.host.session().unwrap().actions().len(), moves);
    assert_eq!([1, 2].map(|s| table.host.status(s)), [Status::Away; 2]);
    assert_eq!(table.host.status(3), Status::Bot);
    let s = table.host.session().unwrap();
    let action = s.decision(0, Level::Easy).decide();
    table.host.local_move(action).expect("the host is asked again after its reload");
    // Each friend answers a new invitation: a new channel, its hello.
    table.connect_all();
    assert_eq!([1, 2].map(|s| table.host.status(s)), [Status::Connected; 2]);
    table.play();
    assert!(table.host.session().unwrap().is_over());
    assert_verified(&table);
}

/// A finished Katzenjammer game with a friend at seat 1 (its page's record)
/// and the end message's secrets and log.
fn finished() -> (Guest<Katzenjammer>, Vec<Secret>, Json) {
    let mut table = Table::<Katzenjammer>::new(100, "hfnb", Default::default());
    table.play();
    assert_verified(&table);
    let Some(FromHost::End { secrets, log }) = table.host.end_message() else { panic!("over") };
    let guest = table.guests.remove(0).1;
    (guest, secrets, log)
}

fn check(guest: &Guest<Katzenjammer>, secrets: &[Secret], log: &Json) -> Vec<Difference> {
    crate::app::friends::verify::verify::<Katzenjammer>(guest.kept().unwrap(), secrets, log)
}

#[test]
fn a_tampered_log_is_named() {
    let (guest, secrets, log) = finished();
    assert_eq!(check(&guest, &secrets, &log), []);
    let actions: Vec<(Seat, <Katzenjammer as GameDef>::Action)> =
        log.get("actions").unwrap().as_array().unwrap().iter().map(|a| crate::app::save::action_from_json::<Katzenjammer>(a).unwrap()).collect();

    // A changed secret: it opens no commitment, and deals another game.
    let mut changed = secrets.clone();
    changed[2].0[0] ^= 1;
    let d = check(&guest, &changed, &log);
    assert_eq!(d[0], Difference::Opens { seat: 2 });
    assert!(matches!(d[1], Difference::Seed { .. }), "{d:?}");

    // The friend's own secret replaced (with a matching "commitment" the host cannot have made).
    let mut mine = secrets.clone();
    mine[1].0[5] ^= 1;
    assert_eq!(check(&guest, &mine, &log)[..2], [Difference::Opens { seat: 1 }, Difference::Mine]);

    // A bot's move swapped for another legal one: named, with both moves.
    let replayed_to = |index: usize| replayed::<Katzenjammer>(&log, &actions[..index]);
    let bot_index = actions.iter().position(|(s, _)| *s == 2).unwrap();
    let other = replayed_to(bot_index).legal_actions().into_iter().find(|a| *a != actions[bot_index].1).expect("another legal move");
    let mut tampered = log.clone();
    actions_mut(&mut tampered)[bot_index] = crate::app::save::action_to_json::<Katzenjammer>(2, &other);
    let d = check(&guest, &secrets, &tampered);
    assert!(matches!(&d[..], [Difference::Bot { index, seat: 2, .. }] if *index == bot_index), "{d:?}");

    // A person's move changed (the host's, seat 0): the friend was shown
    // something else after it.
    let host_index = actions.iter().position(|(s, _)| *s == 0).unwrap();
    let other = replayed_to(host_index).legal_actions().into_iter().rev().find(|a| *a != actions[host_index].1).expect("another legal move");
    let mut tampered = log.clone();
    actions_mut(&mut tampered)[host_index] = crate::app::save::action_to_json::<Katzenjammer>(0, &other);
    let d = check(&guest, &secrets, &tampered);
    assert!(matches!(&d[..], [Difference::View { n }] if *n == host_index + 1), "{d:?}");

    // A move made illegal, and a move by the wrong seat.
    let mut tampered = log.clone();
    let illegal = r#"{"seat":0,"act":"bid","kind":"same","value":5,"cards":["5","5","5","5","5","5","5","5"]}"#;
    actions_mut(&mut tampered)[host_index] = Json::parse(illegal).unwrap();
    assert_eq!(check(&guest, &secrets, &tampered), [Difference::Illegal { index: host_index, seat: 0 }]);
    let mut tampered = log.clone();
    let Json::Obj(fields) = &mut actions_mut(&mut tampered)[host_index] else { panic!() };
    fields[0].1 = Json::from(3usize);
    assert_eq!(check(&guest, &secrets, &tampered), [Difference::Turn { index: host_index, seat: 3, to_act: Some(0) }]);

    // The log cut short, a stand-in claimed for a bot's move, another table.
    let mut tampered = log.clone();
    actions_mut(&mut tampered).truncate(actions.len() - 1);
    assert_eq!(check(&guest, &secrets, &tampered), [Difference::Unfinished]);
    let mut tampered = log.clone();
    tampered.set("stand_in", Json::parse(&format!(r#"[[{bot_index},"easy"]]"#)).unwrap());
    assert_eq!(check(&guest, &secrets, &tampered), [Difference::StandIn { index: bot_index }]);
    let mut tampered = log.clone();
    tampered.set("seats", Json::parse(r#"["human","human","expert","easy"]"#).unwrap());
    assert_eq!(check(&guest, &secrets, &tampered), [Difference::Table]);
    let mut tampered = log.clone();
    tampered.set("actions", Json::str("none"));
    assert_eq!(check(&guest, &secrets, &tampered), [Difference::Log("actions")]);
}

/// Issue 55: 500 bad messages from a friend not asked to move change
/// nothing and are logged each; the game goes on and verifies.
#[test]
fn a_thousand_bad_messages_change_nothing_and_are_logged_each() {
    // Katzenjammer: seat 3, a friend, is not to act (the host is, at seat 0).
    let mut kb = Table::<Katzenjammer>::new(70, "hnff", Default::default());
    kb.connect_all();
    kb.host.play_bots();
    kb.deliver();
    let valid: Vec<String> = [
        r#"{"t":"move","n":0,"act":{"act":"pass"}}"#,
        r#"{"t":"move","n":3,"act":{"act":"bid","kind":"same","cards":["2","2"]}}"#,
        r#"{"t":"hello","v":1,"seat":3,"token":"4343434343434343","build":"test"}"#,
        r#"{"t":"commit","hash":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"}"#,
        r#"{"t":"reveal","secret":"00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff"}"#,
        r#"{"t":"ping","n":1}"#,
    ]
    .map(String::from)
    .to_vec();
    let mut seat = 3;
    if kb.host.session().unwrap().to_act() == Some(3) {
        seat = 2;
    }
    let refused_kb = fuzz(&mut kb, seat, &valid);
    assert!(refused_kb > 450, "{refused_kb} refused");
    kb.play();
    assert!(kb.guests.iter().all(|(_, g)| g.result() == Some(&[][..])));
}

#[test]
fn measured_the_messages_sizes() {
    let longest = longest_message((0..3).map(|game| Table::<Katzenjammer>::new(200 + game, "hfffff", Default::default())));
    println!("longest message: Katzenjammer (6 players) {longest} bytes");
}
