//! Whole games with friends, natively: a host and its friends' pages
//! exchanging the very texts their channels would carry (`Table`, the
//! harness each game's `shell_tests/friends.rs` plays its own games on:
//! whole games verified, no hidden card in any message, a tampered log
//! named); here, the test game's whole games, the time limits and
//! stand-ins, and what spans every game: 1,000 bad messages refused, the
//! messages' sizes.

use std::collections::HashMap;

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat};
use tablee_friends::code::TOKEN_BYTES;
use tablee_friends::fair::Secret;
use tablee_friends::message::FromHost;

use super::guest::Guest;
use super::host::Host;
use super::verify::Difference;
use super::{FriendsTable, Role};
use crate::games::test_game::TestGame;
use crate::games::Registered;

pub(crate) fn token(seat: Seat) -> [u8; TOKEN_BYTES] {
    [seat as u8 + 0x40; TOKEN_BYTES]
}

pub(crate) fn secret(game: u64, seat: Seat) -> Secret {
    let mut bytes = [0u8; 32];
    bytes[..8].copy_from_slice(&game.to_be_bytes());
    bytes[8] = seat as u8;
    Secret(bytes)
}

pub(crate) fn roles(kinds: &str) -> Vec<Role> {
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
pub(crate) struct Table<G: Registered> {
    pub(crate) host: Host<G>,
    pub(crate) guests: Vec<(Seat, Guest<G>)>,
    pub(crate) received: HashMap<Seat, Vec<String>>,
    pub(crate) now: u64,
    pub(crate) rng: Rng,
    /// Called with the host and each message it sends a friend, before delivery.
    pub(crate) watch: fn(&Host<G>, Seat, &str, &mut Rng),
}

impl<G: Registered> Table<G> {
    pub(crate) fn new(game: u64, kinds: &str, options: G::Options) -> Table<G> {
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

    pub(crate) fn guest(&mut self, seat: Seat) -> &mut Guest<G> {
        &mut self.guests.iter_mut().find(|(s, _)| *s == seat).expect("a friend").1
    }

    /// Delivers every queued message both ways until none is left; what
    /// the host sends is delivered (and watched) as soon as it is sent, the
    /// host's game as it was then.
    pub(crate) fn deliver(&mut self) {
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

    pub(crate) fn deliver_host(&mut self) {
        for (seat, text) in self.host.drain() {
            (self.watch)(&self.host, seat, &text, &mut self.rng);
            self.received.entry(seat).or_default().push(text.clone());
            let guest = self.guest(seat);
            guest.receive(&text).unwrap_or_else(|e| panic!("seat {seat} refused {text}: {e:?}"));
        }
    }

    /// The host's bots play, each move delivered before the next.
    pub(crate) fn bots(&mut self) {
        while let Some(decision) = self.host.bot_turn() {
            let action = decision.decide();
            self.host.bot_moved(decision.at, &action).expect("the bot's legal move");
            self.deliver_host();
        }
    }

    pub(crate) fn connect_all(&mut self) {
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
    pub(crate) fn play(&mut self) {
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

pub(crate) fn assert_verified<G: Registered>(table: &Table<G>) {
    for (seat, guest) in &table.guests {
        assert_eq!(guest.result(), Some(&[][..]), "seat {seat}'s check");
        assert!(guest.refused().is_empty(), "seat {seat} was refused {:?}", guest.refused());
    }
    assert!(table.host.log().is_empty(), "{:?}", table.host.log());
}

#[test]
fn whole_games_of_high_card_verify() {
    for game in 0..20 {
        let mut table = Table::<TestGame>::new(20 + game, ["hf", "fhb", "bfhf"][game as usize % 3], ());
        table.play();
        assert_verified(&table);
    }
}

// ----- privacy ------------------------------------------------------------------------

/// A message to `seat` is the same in another world that seat cannot tell
/// from this one: the other hands and the stock dealt anew.
pub(crate) fn same_in_another_world<G: Registered>(seat: Seat, text: &str, other: &G::State) {
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
pub(crate) fn carries_no_game(text: &str, over: bool) {
    match FromHost::parse(text).expect("the host's messages read") {
        FromHost::View { .. } => {}
        FromHost::End { .. } => assert!(over, "the log before the end"),
        _ => assert!(!text.contains("hand") && !text.contains("cards"), "{text}"),
    }
}

/// The game as the host holds it when it sends `text`, unless over (the
/// end tells all); checks that `text` carries no game but a view.
pub(crate) fn live<'a, G: Registered>(host: &'a Host<G>, text: &str) -> Option<&'a G::State> {
    let session = host.session();
    carries_no_game(text, session.is_some_and(|s| s.is_over()));
    session.filter(|s| !s.is_over()).map(|s| s.state())
}

// ----- bad messages ---------------------------------------------------------------------

/// A text from a valid one: a character changed, cut, doubled, a field
/// renamed, a number changed, or random bytes.
pub(crate) fn mutate(valid: &str, rng: &mut Rng) -> String {
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

/// 500 messages made from `valid` by `mutate`, sent by `seat` (a friend
/// not asked to move): none changes the game, each refusal is logged
/// (issue 55, "a thousand bad messages": each game sends its 500 from its
/// `shell_tests/friends.rs`). Returns how many were refused.
pub(crate) fn fuzz<G: Registered>(table: &mut Table<G>, seat: Seat, valid: &[String]) -> usize {
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

/// A friend (seat 0) and the host at the test game's table.
pub(crate) fn friend_and_host(game: u64) -> Table<TestGame> { Table::new(game, "fh", ()) }

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

/// The logged game replayed through `actions`.
pub(crate) fn replayed<G: Registered>(log: &Json, actions: &[(Seat, G::Action)]) -> crate::app::session::Session<G> {
    let mut session = crate::app::session::Session::<G>::new(crate::app::save::table_from_value(log).unwrap()).unwrap();
    for (s, a) in actions {
        session.apply_recorded(*s, a).unwrap();
    }
    session
}

pub(crate) fn actions_mut(log: &mut Json) -> &mut Vec<Json> {
    let Json::Obj(fields) = log else { panic!() };
    let Some((_, Json::Arr(actions))) = fields.iter_mut().find(|(k, _)| k == "actions") else { panic!() };
    actions
}

/// A whole game of a game whose moves are all public, each move told to
/// the friend altered in turn: the check names it.
pub(crate) fn told_otherwise<G: Registered>(mut table: Table<G>) {
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

/// The longest message the friends of `table`'s game received in its
/// games (issue 55: the end's log is the longest; it must fit a data
/// channel's 256 KiB, checked by each game from its `shell_tests/friends.rs`
/// on its largest table).
pub(crate) fn longest_message<G: Registered>(tables: impl IntoIterator<Item = Table<G>>) -> usize {
    let mut longest = 0;
    for mut table in tables {
        table.play();
        longest = longest.max(table.received.values().flatten().map(String::len).max().unwrap());
    }
    assert!(longest < tablee_friends::message::MAX_FROM_HOST, "{longest} bytes");
    longest
}
