//! Whole games with friends, natively: a host and its friends' pages
//! exchanging the very texts their channels would carry, for both games and
//! the tests' High card; every message a friend receives recorded and shown
//! to hold no other seat's hidden card; 1,000 bad messages refused; a
//! tampered log named.

use std::collections::HashMap;

use tablee_bots::Level;
use tablee_engine::jachete::{Card as JaCard, JaGame};
use tablee_engine::json::Json;
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat};
use tablee_friends::code::TOKEN_BYTES;
use tablee_friends::fair::Secret;
use tablee_friends::message::{FromHost, Status};

use super::guest::Guest;
use super::host::{Host, Refused};
use super::verify::Difference;
use super::{FriendsTable, Role};
use crate::app::game::GameDef;
use crate::games::test_game::TestGame;
use crate::games::jachete::Jachete;
use crate::games::katzenjammer::Katzenjammer;
use crate::games::Registered;
use crate::app::save;

fn token(seat: Seat) -> [u8; TOKEN_BYTES] {
    [seat as u8 + 0x40; TOKEN_BYTES]
}

fn secret(game: u64, seat: Seat) -> Secret {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&game.to_be_bytes());
    bytes[8] = seat as u8;
    Secret(bytes)
}

fn roles(kinds: &str) -> Vec<Role> {
    kinds
        .chars()
        .enumerate()
        .map(|(seat, k)| match k {
            'h' => Role::Host { name: "Anne".into() },
            'f' => Role::Friend { name: format!("Ami {seat}"), token: token(seat), stand_in: None },
            's' => Role::Friend { name: format!("Ami {seat}"), token: token(seat), stand_in: Some(Level::Easy) },
            'b' => Role::Bot(Level::Easy),
            'n' => Role::Bot(Level::Normal),
            _ => unreachable!(),
        })
        .collect()
}

/// A host and its friends' pages, joined by perfect channels that record
/// what each friend receives.
struct Table<G: Registered> {
    host: Host<G>,
    guests: Vec<(Seat, Guest<G>)>,
    received: HashMap<Seat, Vec<String>>,
    now: u64,
    rng: Rng,
    /// Called with the host and each message it sends a friend, before delivery.
    watch: fn(&Host<G>, Seat, &str, &mut Rng),
}

impl<G: Registered> Table<G> {
    fn new(game: u64, kinds: &str, options: G::Options) -> Table<G> {
        let roles = roles(kinds);
        let n = roles.len();
        let table = FriendsTable::<G> { roles: roles.clone(), options, think_ms: None, build: "test".into() };
        let secrets: Vec<Secret> = (0..n).map(|s| secret(game, s)).collect();
        let host = Host::new(table, &secrets).expect("a table");
        let guests = (0..n)
            .filter(|&s| matches!(roles[s], Role::Friend { .. }))
            .map(|s| (s, Guest::new(s, token(s), secret(game, s), "test")))
            .collect();
        Table { host, guests, received: HashMap::new(), now: 1_000, rng: Rng::new(game), watch: |_, _, _, _| {} }
    }

    fn guest(&mut self, seat: Seat) -> &mut Guest<G> {
        &mut self.guests.iter_mut().find(|(s, _)| *s == seat).expect("a friend").1
    }

    /// Delivers every queued message both ways until none is left; what
    /// the host sends is delivered (and watched) as soon as it is sent, the
    /// host's game as it was then.
    fn deliver(&mut self) {
        self.deliver_host();
        loop {
            let mut any = false;
            for i in 0..self.guests.len() {
                let (seat, texts) = (self.guests[i].0, self.guests[i].1.drain());
                for text in texts {
                    any = true;
                    let _ = self.host.receive(seat, &text, self.now);
                    self.deliver_host();
                }
            }
            if !any {
                break;
            }
        }
    }

    fn deliver_host(&mut self) {
        for (seat, text) in self.host.drain() {
            (self.watch)(&self.host, seat, &text, &mut self.rng);
            self.received.entry(seat).or_default().push(text.clone());
            let guest = self.guest(seat);
            guest.receive(&text).unwrap_or_else(|e| panic!("seat {seat} refused {text}: {e:?}"));
        }
    }

    /// The host's bots play, each move delivered before the next.
    fn bots(&mut self) {
        while let Some(decision) = self.host.bot_turn() {
            let action = decision.decide();
            self.host.bot_moved(decision.at, &action).expect("the bot's legal move");
            self.deliver_host();
        }
    }

    fn connect_all(&mut self) {
        for i in 0..self.guests.len() {
            let seat = self.guests[i].0;
            self.host.connected(seat, self.now);
            self.guests[i].1.connected();
        }
        self.deliver();
    }

    /// Plays the game to its end: bots on the host, the host's person and
    /// the friends with the easy bot's choice from their own view; friends
    /// asked in a window answer early, at random.
    fn play(&mut self) {
        self.connect_all();
        let mut guard = 0;
        while self.host.session().is_some_and(|s| !s.is_over()) {
            guard += 1;
            assert!(guard < 100_000, "the game does not end");
            self.now += 10;
            self.bots();
            self.deliver();
            let session = self.host.session().expect("dealt");
            if session.is_over() {
                break;
            }
            let to_act = session.to_act().expect("someone acts");
            let host_seat = self.host.table().roles.iter().position(|r| matches!(r, Role::Host { .. })).unwrap();
            // Friends asked in a window but not to act answer at once, sometimes.
            for i in 0..self.guests.len() {
                let seat = self.guests[i].0;
                let seen = self.guests[i].1.seen().cloned();
                if let Some(seen) = seen.filter(|s| !s.legal.is_empty() && seat != to_act) {
                    if self.rng.index(2) == 0 {
                        let legal: Vec<G::Action> = seen.legal.iter().map(|a| G::action_from_json(a).unwrap()).collect();
                        let pick = legal[self.rng.index(legal.len())].clone();
                        self.guests[i].1.play(&pick);
                    }
                }
            }
            self.deliver();
            let session = self.host.session().expect("dealt");
            let Some(to_act) = session.to_act() else { break };
            if session.bot_to_act().is_some() {
                continue;
            }
            let decision = session.decision(to_act, Level::Easy);
            let action = decision.decide();
            if to_act == host_seat {
                self.host.local_move(action).expect("the host's legal move");
            } else {
                // The friend plays from what it was sent: its view and legal moves.
                let guest = self.guest(to_act);
                let seen = guest.seen().expect("a view").clone();
                assert!(!seen.legal.is_empty(), "seat {to_act} is asked");
                assert_eq!(seen.view, G::view_to_json(&decision.view));
                guest.play(&action);
            }
            self.deliver();
        }
        self.deliver();
    }
}

fn assert_verified<G: Registered>(table: &Table<G>) {
    for (seat, guest) in &table.guests {
        assert_eq!(guest.result(), Some(&[][..]), "seat {seat}'s check");
        assert!(guest.refused().is_empty(), "seat {seat} was refused {:?}", guest.refused());
    }
    assert!(table.host.log().is_empty(), "{:?}", table.host.log());
}

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
fn whole_games_of_high_card_verify() {
    for game in 0..20 {
        let mut table = Table::<TestGame>::new(20 + game, ["hf", "fhb", "bfhf"][game as usize % 3], ());
        table.play();
        assert_verified(&table);
    }
}

// ----- J'achète's buy window -----------------------------------------------------------

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

// ----- privacy ------------------------------------------------------------------------

/// A message to `seat` is the same in another world that seat cannot tell
/// from this one: the other hands and the stock dealt anew.
fn same_in_another_world<G: Registered>(seat: Seat, text: &str, other: &G::State) {
    let Ok(FromHost::View { view, legal, .. }) = FromHost::parse(text) else { return };
    assert_eq!(view, G::view_to_json(&other.view(seat)), "seat {seat}'s view depends on hidden cards");
    if !legal.is_empty() {
        let mut theirs = Vec::new();
        other.actions(&mut theirs);
        let theirs: Vec<Json> = theirs.iter().map(G::action_to_json).collect();
        assert_eq!(legal, theirs, "seat {seat}'s moves depend on hidden cards");
    }
}

/// Only views and the end carry the game; the end only once it is over.
fn carries_no_game(text: &str, over: bool) {
    match FromHost::parse(text).expect("the host's messages read") {
        FromHost::View { .. } => {}
        FromHost::End { .. } => assert!(over, "the log before the end"),
        _ => assert!(!text.contains("hand") && !text.contains("cards"), "{text}"),
    }
}

/// The game as the host holds it when it sends `text`, unless over (the
/// end tells all); checks that `text` carries no game but a view.
fn live<'a, G: Registered>(host: &'a Host<G>, text: &str) -> Option<&'a G::State> {
    let session = host.session();
    carries_no_game(text, session.is_some_and(|s| s.is_over()));
    session.filter(|s| !s.is_over()).map(|s| s.state())
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

// ----- bad messages ---------------------------------------------------------------------

/// A text from a valid one: a character changed, cut, doubled, a field
/// renamed, a number changed, or random bytes.
fn mutate(valid: &str, rng: &mut Rng) -> String {
    let mut chars: Vec<char> = valid.chars().collect();
    match rng.index(8) {
        0 if !chars.is_empty() => {
            let at = rng.index(chars.len());
            chars[at] = ['{', '"', ':', ',', 'x', '9', ']', '\\', 'é', '\0'][rng.index(10)];
            chars.into_iter().collect()
        }
        1 => chars[..rng.index(chars.len() + 1)].iter().collect(),
        2 => format!("{valid}{valid}"),
        3 => valid.replacen("\"n\"", "\"m\"", 1).replacen("\"act\"", "\"acts\"", 1),
        4 => valid.replacen(":1", ":-1", 1).replacen(":0", ":99999999999999999999", 1),
        5 => (0..rng.index(300)).map(|_| char::from(rng.index(128) as u8)).collect(),
        6 => format!(r#"{{"t":"move","n":{},"act":{{"act":"{}"}}}}"#, rng.index(400), ["pass", "buy", "bid", "discard", "play"][rng.index(5)]),
        _ => format!(r#"{{"t":"move","n":0,"act":{{"pad":"{}"}}}}"#, "x".repeat(10_000)),
    }
}

#[test]
fn a_thousand_bad_messages_change_nothing_and_are_logged_each() {
    fn fuzz<G: Registered>(table: &mut Table<G>, seat: Seat, valid: &[String]) -> usize {
        let before = table.host.session().map(|s| (s.actions().to_vec(), format!("{:?}", s.state())));
        let mut refused = 0;
        for i in 0..500 {
            let text = mutate(&valid[i % valid.len()], &mut table.rng);
            let lines = table.host.log().len();
            match table.host.receive(seat, &text, table.now) {
                Err(reason) => {
                    refused += 1;
                    assert_eq!(table.host.log().len(), lines + 1, "a log line for {text:?}");
                    assert_eq!(table.host.log().last().map(|l| &l.refused), Some(&reason));
                }
                // What a friend may say at any time and changes no game.
                Ok(()) => assert!(text.contains(r#""t":"ping""#) || text.contains(r#""t":"away""#) || text.contains(r#""t":"back""#), "{text}"),
            }
            let _ = table.host.drain();
            // A channel closed for misbehaving: the friend is invited again.
            if table.host.drain_closing().contains(&seat) {
                table.host.connected(seat, table.now);
                table.guest(seat).connected();
                table.deliver();
            }
            let after = table.host.session().map(|s| (s.actions().to_vec(), format!("{:?}", s.state())));
            assert!(after == before, "the game changed after {text:?}");
        }
        refused
    }
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
    assert!(refused_kb + refused_ja > 900, "{refused_kb} + {refused_ja} refused");
    // The games go on and verify.
    kb.play();
    assert!(kb.guests.iter().all(|(_, g)| g.result() == Some(&[][..])));
    ja.play();
    assert!(ja.guests.iter().all(|(_, g)| g.result() == Some(&[][..])));
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
    table.now += super::AWAY_AFTER_MS + 1;
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
    assert_eq!(super::kept_game(Some(&kept.text()), Some(&any)), Some(Katzenjammer::ID));
    assert_eq!(super::kept_game(Some(&other.text()), Some(&any)), None);
    assert_eq!(super::kept_game(None, Some(&any)), None);
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

/// A friend (seat 0) and the host at the test game's table.
fn friend_and_host(game: u64) -> Table<TestGame> { Table::new(game, "fh", ()) }

#[test]
fn a_friend_out_of_time_gets_a_bot_for_that_decision() {
    let mut table = friend_and_host(91);
    table.host = Host::new(
        FriendsTable { roles: roles("fh"), options: (), think_ms: Some(20_000), build: "test".into() },
        &[secret(91, 0), secret(91, 1)],
    )
    .unwrap();
    table.connect_all();
    assert_eq!(table.host.session().unwrap().to_act(), Some(0));
    table.now += 10_000;
    table.host.receive(0, r#"{"t":"ping","n":1}"#, table.now).unwrap();
    table.host.tick(table.now);
    assert!(table.host.bot_turn().is_none(), "still thinking");
    table.now += 10_001;
    table.host.receive(0, r#"{"t":"ping","n":2}"#, table.now).unwrap();
    table.host.tick(table.now);
    let decision = table.host.bot_turn().expect("out of time");
    assert_eq!(decision.level, super::OVERDUE_LEVEL);
}

#[test]
fn a_think_limit_set_once_the_table_is_made_applies_and_can_be_lifted() {
    // The host's page makes the table with no limit, then the host picks one
    // (`think-limit`) — before the game or during it — or lifts it again.
    let mut table = friend_and_host(92);
    table.host.set_think_ms(Some(5_000));
    table.connect_all();
    assert_eq!(table.host.session().unwrap().to_act(), Some(0));
    table.now += 4_000;
    table.host.receive(0, r#"{"t":"ping","n":1}"#, table.now).unwrap();
    table.host.tick(table.now);
    assert!(table.host.bot_turn().is_none(), "still thinking");
    table.host.set_think_ms(None);
    table.now += 4_000;
    table.host.receive(0, r#"{"t":"ping","n":2}"#, table.now).unwrap();
    table.host.tick(table.now);
    assert!(table.host.bot_turn().is_none(), "no limit: the friend thinks on");
    table.host.set_think_ms(Some(5_000));
    table.host.tick(table.now);
    assert_eq!(table.host.bot_turn().expect("out of time").level, super::OVERDUE_LEVEL);
}

// ----- the check at the end --------------------------------------------------------------

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
    super::verify::verify::<Katzenjammer>(guest.kept().unwrap(), secrets, log)
}

/// The logged game replayed through `actions`.
fn replayed<G: Registered>(log: &Json, actions: &[(Seat, G::Action)]) -> crate::app::session::Session<G> {
    let mut session = crate::app::session::Session::<G>::new(crate::app::save::table_from_value(log).unwrap()).unwrap();
    for (s, a) in actions {
        session.apply_recorded(*s, a).unwrap();
    }
    session
}

fn actions_mut(log: &mut Json) -> &mut Vec<Json> {
    let Json::Obj(fields) = log else { panic!() };
    let Some((_, Json::Arr(actions))) = fields.iter_mut().find(|(k, _)| k == "actions") else { panic!() };
    actions
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

/// A host that told a friend another move than it played (its log's line
/// and its seats' bubbles follow what it is told) is caught by the check,
/// even where the view that came with it was right.
#[test]
fn ja19_a_move_told_otherwise_than_played_is_named() {
    told_otherwise(Table::<Jachete>::new(12, "hfbn", Default::default()));
}

/// A whole game of a game whose moves are all public, each move told to
/// the friend altered in turn: the check names it.
fn told_otherwise<G: Registered>(mut table: Table<G>) {
    table.play();
    assert_verified(&table);
    let Some(FromHost::End { secrets, log }) = table.host.end_message() else { panic!("over") };
    let kept = table.guests.remove(0).1.kept().unwrap().clone();
    let check = |kept: &super::verify::Kept| super::verify::verify::<G>(kept, &secrets, &log);
    // Every move is public: the friend was told each.
    let told: Vec<usize> = kept.views.iter().enumerate().filter(|(_, s)| s.moved.is_some()).map(|(i, _)| i).collect();
    assert!(told.len() > 20, "{} moves told", told.len());
    let (first, second) = (told[3], told[told.len() / 2]);

    let mut other = kept.clone();
    other.views[first].moved = other.views[second].moved.clone().filter(|m| Some(m) != kept.views[first].moved.as_ref());
    assert!(other.views[first].moved.is_some(), "two different moves");
    assert_eq!(check(&other), [Difference::Moved { n: kept.views[first].n }]);

    let mut other = kept.clone();
    other.views[first].by = other.views[first].by.map(|by| (by + 1) % 4);
    assert_eq!(check(&other), [Difference::Moved { n: kept.views[first].n }]);

    let mut other = kept.clone();
    other.views[first].moved = None;
    assert_eq!(check(&other), [Difference::Moved { n: kept.views[first].n }]);
}

#[test]
fn measured_the_messages_sizes() {
    // The end's log is the longest message: it must fit a data channel's 256 KiB.
    let mut longest = [0usize; 2];
    for game in 0..3 {
        let mut kb = Table::<Katzenjammer>::new(200 + game, "hfffff", Default::default());
        kb.play();
        let mut ja = Table::<Jachete>::new(300 + game, "hfffffbb", Default::default());
        ja.play();
        for (i, received) in [kb.received, ja.received].into_iter().enumerate() {
            let max = received.values().flatten().map(String::len).max().unwrap();
            longest[i] = longest[i].max(max);
        }
    }
    println!("longest message: Katzenjammer (6 players) {} bytes, J'achète (8 players) {} bytes", longest[0], longest[1]);
    assert!(longest.iter().all(|&l| l < tablee_friends::message::MAX_FROM_HOST));
}
