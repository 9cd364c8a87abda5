//! The controller's tests, natively and on the test game
//! (`games::test_game`): links, saves, the list of kept games, whole games,
//! par and the daily deal. Each game's own (its matches, its old saves) are
//! in its `shell_tests/controller.rs`.

use super::*;
use super::play::same_table;
#[allow(unused_imports)]
use crate::app::{
    config::{DailyAttempt, Day},
    game::GameDef,
    history::History,
    link::{self, LinkError},
    save::{self, SaveError},
    session::Session,
    worker::{self, Job, Reply},
};
use crate::app::config::SeatKind;
use crate::games::test_game::{self, TestGame, KEEP};
use crate::games::{AnySession, GameId, Registered};
use std::collections::BTreeMap;
use tablee_bots::Level;
use tablee_engine::Seed;

/// Storage in a map (localStorage in tests).
#[derive(Default)]
pub(crate) struct Memory(pub(crate) BTreeMap<String, String>);

impl Storage for Memory {
    fn load(&self, key: &str) -> Option<String> {
        self.0.get(key).cloned()
    }
    fn store(&mut self, key: &str, value: &str) -> bool {
        self.0.insert(key.to_string(), value.to_string());
        true
    }
    fn remove(&mut self, key: &str) {
        self.0.remove(key);
    }
}

/// A real game of the registry, not the test game: for the tests that need
/// two games (a link of another game, another game's maker).
pub(crate) fn other_game() -> GameId {
    GameId::ALL.into_iter().find(|&g| g != TestGame::ID).expect("a real game")
}

/// The test game's deal 1K7Q-M3ZD for four (a person at seat 0, three
/// bots), in French.
fn link() -> String {
    format!("?game={}&seed=1K7Q-M3ZD&players=4&lang=fr", TestGame::CODE)
}

/// Plays bots (answering as the worker would) and the person (with the
/// `normal` bot's choice) of game `G` to the end, saving after every move.
pub(crate) fn play_to_end<G: Registered>(shell: &mut Shell, storage: &mut Memory) {
    play_to_end_as::<G>(shell, storage, Level::Normal);
}

/// The person plays at `level`'s choices, the bots through the worker.
fn play_to_end_as<G: Registered>(shell: &mut Shell, storage: &mut Memory, level: Level) {
    for _ in 0..5000 {
        if let Some(turn) = shell.bot_turn_any() {
            let reply = worker::run(&turn.job);
            assert!(shell.bot_moved_any(turn.at, Some(reply)));
        } else if let Some(s) = shell.session::<G>() {
            let Some(seat) = s.human_to_act() else { break };
            let action = G::decide(level, &s.view(seat), &s.legal_actions(), 1);
            shell.act::<G>(action).unwrap();
        }
        assert!(shell.save_any(storage, 0.0));
        shell.record_if_over_any(storage);
    }
    assert!(shell.game.as_ref().unwrap().is_over());
}

/// Issue 13: a link to today's deal is today's deal (no hints), its
/// first finished attempt counts, "same deal again" is practice.
#[test]
fn todays_deal_counts_once_and_a_link_to_it_is_todays_deal() {
    let today = Day::new(2026, 11, 23).unwrap();
    let now = today.days() as f64 * 86_400_000.0 + 3_600_000.0;
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &format!("?game={}&seed={}&players=3", TestGame::CODE, today.seed()), now).shell;
    let config = shell.session::<TestGame>().unwrap().config().clone();
    assert_eq!(config.daily, Some(today), "a plain seed link to today's deal is labelled");
    assert!(!config.hints_allowed());
    assert_eq!(shell.daily_attempt_any(), Some(DailyAttempt::Counts { streak: 0 }));
    play_to_end::<TestGame>(&mut shell, &mut storage);
    let first = shell.history(TestGame::ID).daily(today).cloned().expect("recorded");
    assert_eq!(shell.daily_attempt_any(), Some(DailyAttempt::Counts { streak: 1 }));
    // Same deal again, played the same way: practice, and the first result stays.
    shell.new_game(config.into_any()).unwrap();
    assert_eq!(shell.daily_attempt_any(), Some(DailyAttempt::Practice { first_score: first.score }));
    play_to_end::<TestGame>(&mut shell, &mut storage);
    assert_eq!(shell.daily_attempt_any(), Some(DailyAttempt::Practice { first_score: first.score }));
    let stored = History::parse(&storage.load(&history_key(TestGame::ID)).unwrap());
    assert_eq!(stored.daily(today), Some(&first));
    assert_eq!(stored.played, 1, "the same moves on the same deal are one game in the history");
    // Another day's seed is not labelled.
    let other = Shell::start(&mut storage, &format!("?game={}&seed=1K7Q-M3ZD&players=3", TestGame::CODE), now).shell;
    assert_eq!(other.daily_attempt_any(), None);
}

#[test]
fn a_link_deals_its_game_and_a_reload_resumes_it() {
    let mut storage = Memory::default();
    let start = Shell::start(&mut storage, &link(), 0.0);
    assert_eq!(start.first, First::Game);
    assert!(start.dealt);
    assert_eq!(start.lang, None, "a deal's link is read in the reader's language, not its sharer's");
    assert!(matches!(start.par_job, Some(Job::Par { seat: 0, .. })));
    let mut shell = start.shell;
    assert_eq!(shell.par, Par::Computing);
    // A few moves, saved, then the page reloads on the same link.
    play_some(&mut shell, 2);
    shell.save_any(&mut storage, 0.0);
    let moves = shell.game.as_ref().unwrap().moves();
    let again = Shell::start(&mut storage, &link(), 1.0);
    assert_eq!(again.first, First::Game);
    assert!(!again.dealt, "resumed, not dealt again");
    assert_eq!(again.shell.game.as_ref().unwrap().moves(), moves);
    // Without a link the saved game comes back too.
    assert_eq!(Shell::start(&mut storage, "", 2.0).shell.game.unwrap().moves(), moves);
}

#[test]
fn a_bad_link_keeps_the_game_in_progress() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    shell.save_any(&mut storage, 0.0);
    let start = Shell::start(&mut storage, "?seed=nonsense", 1.0);
    assert!(matches!(start.first, First::Problem(LinkError::Seed { .. })));
    assert!(start.shell.game.is_some());
    // Another game's link deals its game; the game in progress is kept.
    let start = Shell::start(&mut storage, &format!("?game={}&seed=1K7Q-M3ZD", other_game().code()), 2.0);
    assert_eq!(start.first, First::Game);
    assert_eq!(start.shell.game.as_ref().map(AnySession::game), Some(other_game()));
    assert_eq!(start.shell.kept.len(), 1, "the game in progress is kept");
}

#[test]
fn a_damaged_save_is_kept_aside_never_lost() {
    let mut storage = Memory::default();
    let damaged = format!("{{\"v\":1,\"game\":\"{}\"", TestGame::CODE);
    storage.store(&save_key(TestGame::ID), &damaged);
    let start = Shell::start(&mut storage, "", 1234.0);
    assert_eq!(start.first, First::Home);
    let aside = start.shell.set_aside.unwrap();
    assert!(matches!(aside.error, SaveError::NotJson(_)));
    assert_eq!(aside.key, format!("tablee.{}.broken.1234", TestGame::CODE));
    assert_eq!(storage.load(&aside.key), Some(damaged));
    assert_eq!(storage.load(&save_key(TestGame::ID)), None);
}

/// Issue 13: damaged saves do not pile up (the newest five are kept, the
/// notice says how many), and an unreadable history is set aside, not
/// silently replaced.
#[test]
fn saves_kept_aside_are_the_newest_five_and_a_garbled_history_is_kept_aside() {
    let mut storage = Memory::default();
    for n in 0..7 {
        storage.store(&save_key(TestGame::ID), &format!("broken {n}"));
        let start = Shell::start(&mut storage, "", 1000.0 + f64::from(n));
        let aside = start.shell.set_aside.unwrap();
        assert_eq!(aside.kept, (n as usize + 1).min(KEEP_ASIDE));
        assert!(!aside.history);
    }
    let broken: Vec<&String> = storage.0.keys().filter(|k| k.contains(".broken.")).collect();
    assert_eq!(broken.len(), KEEP_ASIDE, "{broken:?}");
    assert!(storage.load(&format!("tablee.{}.broken.1006", TestGame::CODE)).is_some(), "the newest is kept");
    assert!(storage.load(&format!("tablee.{}.broken.1000", TestGame::CODE)).is_none(), "the oldest went");

    let history = history_key(TestGame::ID);
    storage.store(&history, "{\"played\":\"many\"}");
    let start = Shell::start(&mut storage, "", 2000.0);
    let aside = start.shell.set_aside.unwrap();
    assert!(aside.history);
    assert_eq!(storage.load(&aside.key).as_deref(), Some("{\"played\":\"many\"}"));
    assert_eq!(storage.load(&history), None, "a fresh record starts");
    assert!(Shell::start(&mut storage, "", 3000.0).shell.set_aside.is_none(), "once");
}

#[test]
fn people_cannot_move_for_bots_and_late_bot_replies_are_dropped() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "", 0.0).shell;
    // Another game's table of bots: the test game's move is not this game's.
    let bots = link::read(&format!("?game={}&seed=1K7Q-M3ZD&players=3&seats=normal,normal,normal", other_game().code())).unwrap().deal.unwrap();
    assert_eq!(shell.new_game(bots), Ok(None), "no person: no par");
    assert!(shell.act::<TestGame>(KEEP).is_err(), "not this game");
    // The test game's table of bots: nobody moves for them.
    let mut table = test_game::table(8, 3);
    table.seats = vec![SeatKind::Bot(Level::Normal); 3];
    assert_eq!(shell.new_game(table.into_any()), Ok(None), "no person: no par");
    assert!(shell.act::<TestGame>(KEEP).is_err());
    let turn = shell.bot_turn_any().unwrap();
    assert_eq!(shell.bot_to_act::<TestGame>(), Some(turn.seat));
    let reply = worker::run(&turn.job);
    assert!(shell.bot_moved_any(turn.at, Some(reply.clone())));
    assert!(!shell.bot_moved_any(turn.at, Some(reply)), "the same reply twice moves once");
}

#[test]
fn a_finished_game_is_counted_once_with_its_par() {
    let mut storage = Memory::default();
    let start = Shell::start(&mut storage, &link(), 0.0);
    let (mut shell, job) = (start.shell, start.par_job.unwrap());
    let generation = shell.generation;
    play_to_end::<TestGame>(&mut shell, &mut storage);
    let history = shell.history(TestGame::ID);
    assert_eq!(history.played, 1);
    assert_eq!(history.best_vs_par, None, "par not known yet");
    // Par arrives after the end: the same game is not counted twice.
    assert!(shell.par_arrived_any(generation, Some(worker::run(&job)), &mut storage));
    let Par::Known(par) = shell.par else { panic!("{:?}", shell.par) };
    let mine = shell.session::<TestGame>().unwrap().outcome().unwrap().scores[0];
    let history = History::parse(&storage.load(&history_key(TestGame::ID)).unwrap());
    assert_eq!(history.played, 1);
    assert_eq!(history.best_vs_par, Some(mine - par));
    assert!(!shell.record_if_over_any(&mut storage));
    // A par of an older game is dropped.
    assert!(!shell.par_arrived_any(generation - 1, Some(Reply::Par { par: 99 }), &mut storage));
    assert_eq!(shell.par, Par::Known(par));
}

/// Issue 13: a move taken back makes practice, which a reload keeps
/// and the history does not count. Each game where a person moves more
/// than once runs it from its `shell_tests/controller.rs` with a link of its
/// own (in the test game a person moves once: nothing is left to play after
/// the bots' answer, so nothing to take back from).
pub(crate) fn a_move_taken_back_is_practice_kept_and_not_counted<G: Registered>(link: &str) {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, link, 0.0).shell;
    while let Some(turn) = shell.bot_turn_any() {
        assert!(shell.bot_moved_any(turn.at, None));
    }
    assert!(!shell.can_take_back_any(), "nothing played yet");
    let session = shell.session::<G>().unwrap();
    let before = session.actions().to_vec();
    let seat = session.human_to_act().expect("a person's turn");
    let action = G::decide(Level::Normal, &session.view(seat), &session.legal_actions(), 1);
    shell.act::<G>(action).unwrap();
    while let Some(turn) = shell.bot_turn_any() {
        assert!(shell.bot_moved_any(turn.at, None));
    }
    assert!(shell.can_take_back_any());
    assert!(shell.take_back_any());
    assert_eq!(shell.session::<G>().unwrap().actions(), before.as_slice());
    shell.save_any(&mut storage, 1.0);
    let mut again = Shell::start(&mut storage, "", 2.0).shell;
    assert!(again.session::<G>().unwrap().practice(), "the save keeps the mark");
    play_to_end::<G>(&mut again, &mut storage);
    assert_eq!(again.history(G::ID).played, 0);
    assert!(!again.par_arrived_any(again.generation, Some(Reply::Par { par: 3 }), &mut storage));
    assert_eq!(storage.load(&history_key(G::ID)), None);
}

#[test]
fn without_a_worker_the_bots_still_move() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "", 0.0).shell;
    let mut table = test_game::table(5, 4);
    table.seats = vec![SeatKind::Bot(Level::Expert); 4];
    shell.new_game(table.into_any()).unwrap();
    for _ in 0..4 {
        let turn = shell.bot_turn_any().unwrap();
        assert!(shell.bot_moved_any(turn.at, None));
    }
    assert_eq!(shell.game.as_ref().unwrap().moves(), 4);
    assert!(shell.game.as_ref().unwrap().is_over(), "the whole game");
}

/// A few moves of the test game in progress (bots as without a worker, the
/// person keeping): fewer than its players, so that it is not over.
fn play_some(shell: &mut Shell, moves: usize) {
    for _ in 0..moves {
        match shell.bot_turn_any() {
            Some(turn) => assert!(shell.bot_moved_any(turn.at, None)),
            None => shell.act::<TestGame>(KEEP).unwrap(),
        }
    }
    assert!(!shell.game.as_ref().unwrap().is_over(), "still in progress");
}

/// Play with a four-player table of the test game on deal number `n`, saved at `at`.
fn deal_and_save(shell: &mut Shell, storage: &mut Memory, n: u64, at: f64) {
    shell.new_game(test_game::table(n, 4).into_any()).unwrap();
    shell.save_any(storage, at);
}

fn other_link(n: u64) -> String {
    format!("?game={}&seed={}&players=3", TestGame::CODE, Seed::from_number(n))
}

/// A shell on empty storage (or what `storage` holds), no link.
pub(crate) fn empty_shell(storage: &mut Memory) -> Shell {
    Shell::start(storage, "", 0.0).shell
}

/// The kept games' deals and moves, newest first.
pub(crate) fn deals(shell: &Shell) -> Vec<(String, usize)> {
    let seed = |s: &AnySession| crate::games::each_game!(s.table(), t => t.seed.to_string());
    shell.kept.iter().map(|k| (seed(&k.session), k.session.moves())).collect()
}

#[test]
fn a_link_to_another_deal_keeps_the_game_in_progress() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    play_some(&mut shell, 2);
    assert!(shell.save_any(&mut storage, 10.0));
    let moves = shell.game.as_ref().unwrap().moves();
    // A friend's link to another deal: dealt, and the first game kept.
    let start = Shell::start(&mut storage, &other_link(77), 20.0);
    assert!(start.dealt);
    let mut shell = start.shell;
    assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), moves)]);
    assert_eq!(shell.kept[0].at, 10.0);
    shell.save_any(&mut storage, 30.0);
    // A reload shows the friend's game; the first is still kept.
    let again = Shell::start(&mut storage, "", 40.0).shell;
    assert_eq!(again.game.as_ref().unwrap().moves(), 0);
    assert_eq!(deals(&again), vec![("1K7Q-M3ZD".to_string(), moves)]);
    // The first link again resumes the first game where it was.
    let back = Shell::start(&mut storage, &link(), 50.0);
    assert!(!back.dealt);
    assert_eq!(back.shell.game.as_ref().unwrap().moves(), moves);
    assert_eq!(back.shell.kept.len(), 1, "the friend's game is kept in turn");
}

/// The browser's Back to another deal's address reads it in the page
/// (issue 52: no reload): the game shown is kept, the deal's own game is
/// resumed where it was, a deal never seen is dealt, a broken address is a
/// problem that changes nothing, and its own address shows it as it is.
#[test]
fn back_to_another_deals_address_is_followed_in_the_page() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    play_some(&mut shell, 2);
    shell.save_any(&mut storage, 1.0);
    let moves = shell.game.as_ref().unwrap().moves();
    deal_and_save(&mut shell, &mut storage, 8, 2.0);
    play_some(&mut shell, 2);
    // Back to the first game's address: resumed, not dealt again.
    let back = shell.follow(&mut storage, &link(), 3.0).unwrap();
    assert_eq!((back.first, back.dealt, back.lang), (First::Game, false, None));
    assert_eq!(shell.follow(&mut storage, "?lang=fr", 3.5).unwrap().lang, Some(crate::app::lang::Lang::Fr), "an address with no deal chooses the language");
    assert_eq!(shell.game.as_ref().unwrap().moves(), moves);
    assert_eq!(deals(&shell), vec![(Seed::from_number(8).to_string(), 2)], "the game left is kept");
    // Its own address again: the same game, as it is.
    let same = shell.follow(&mut storage, &link(), 4.0).unwrap();
    assert_eq!((same.first, same.dealt), (First::Game, false));
    assert_eq!((shell.game.as_ref().unwrap().moves(), shell.kept.len()), (moves, 1));
    // Forward to a deal this device never saw: dealt.
    let new = shell.follow(&mut storage, &other_link(99), 5.0).unwrap();
    assert_eq!((new.first, new.dealt), (First::Game, true));
    assert_eq!(shell.kept.len(), 2);
    shell.save_any(&mut storage, 5.0); // (the page saves a game just dealt)
    // A broken address: a problem, every game as it was.
    let broken = shell.follow(&mut storage, &format!("?game={}&seed=1K7Q-M3Z&players=4", TestGame::CODE), 6.0).unwrap();
    assert!(matches!(broken.first, First::Problem(_)));
    assert_eq!((shell.game.as_ref().unwrap().moves(), shell.kept.len()), (0, 2));
    // The list written says so: a reload resumes the deal last followed.
    let reload = Shell::start(&mut storage, "", 7.0).shell;
    assert_eq!(reload.kept.len() + 1, 3);
    // A game whose maker is not fetched yet is asked for first.
    let mut bare = Shell::open(&mut Memory::default(), "", 0.0, &[]).unwrap().shell;
    assert_eq!(bare.follow(&mut storage, &link(), 8.0).unwrap_err(), NeedsMakers(vec![TestGame::ID]));
}

#[test]
fn play_keeps_the_game_in_progress_and_the_list_is_newest_first() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    play_some(&mut shell, 3);
    shell.save_any(&mut storage, 1.0);
    for (n, at) in [(8, 2.0), (9, 3.0)] {
        shell.new_game(test_game::table(n, 4).into_any()).unwrap();
        play_some(&mut shell, 1);
        shell.save_any(&mut storage, at);
    }
    let order = vec![(Seed::from_number(8).to_string(), 1), ("1K7Q-M3ZD".to_string(), 3)];
    assert_eq!(deals(&shell), order);
    // The same after a reload.
    let mut shell = Shell::start(&mut storage, "", 4.0).shell;
    assert_eq!(deals(&shell), order);
    // Resuming the oldest makes it current; the one in progress is kept first.
    shell.resume(1);
    assert_eq!(shell.game.as_ref().unwrap().moves(), 3);
    let seeds: Vec<_> = deals(&shell).into_iter().map(|(s, _)| s).collect();
    assert_eq!(seeds, [Seed::from_number(9).to_string(), Seed::from_number(8).to_string()]);
}

#[test]
fn a_finished_game_leaves_the_list() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    shell.save_any(&mut storage, 0.0);
    deal_and_save(&mut shell, &mut storage, 4, 1.0);
    play_to_end::<TestGame>(&mut shell, &mut storage);
    let finished = shell.key.clone().unwrap();
    // A reload still shows its end.
    let mut shell = Shell::start(&mut storage, "", 2.0).shell;
    assert!(shell.game.as_ref().unwrap().is_over());
    assert_eq!(deals(&shell).len(), 1, "the first game is kept");
    // Play again: the finished game goes (it is in the history).
    deal_and_save(&mut shell, &mut storage, 5, 3.0);
    assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), 0)]);
    assert_eq!(storage.load(&finished), None);
    assert!(!storage.load(GAMES_KEY).unwrap().contains(&finished));
}

#[test]
fn at_most_twenty_games_are_kept_the_oldest_dropped() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "", 0.0).shell;
    for n in 1..=25 {
        deal_and_save(&mut shell, &mut storage, n, n as f64);
    }
    assert_eq!(shell.kept.len(), MAX_GAMES - 1);
    assert_eq!(deals(&shell)[0].0, Seed::from_number(24).to_string(), "newest first");
    assert_eq!(deals(&shell)[MAX_GAMES - 2].0, Seed::from_number(6).to_string());
    for n in 1..=5 {
        assert_eq!(storage.load(&game_key(TestGame::ID, n)), None, "game {n} dropped");
    }
    assert!(storage.load(&game_key(TestGame::ID, 6)).is_some());
    let again = Shell::start(&mut storage, "", 30.0).shell;
    assert_eq!(again.kept.len(), MAX_GAMES - 1);
}

#[test]
fn a_damaged_game_in_the_list_is_kept_aside_and_the_others_load() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    shell.save_any(&mut storage, 1.0);
    deal_and_save(&mut shell, &mut storage, 4, 2.0);
    storage.store(&format!("tablee.{}.game.2", TestGame::CODE), "{oops");
    let start = Shell::start(&mut storage, "", 1234.0);
    let aside = start.shell.set_aside.clone().unwrap();
    assert_eq!(aside.key, format!("tablee.{}.broken.1234", TestGame::CODE));
    assert_eq!(storage.load(&aside.key).as_deref(), Some("{oops"));
    assert!(same_table(&start.shell.game.as_ref().unwrap().table(), &shell.kept[0].session.table()), "the first game loads");
    assert!(start.shell.kept.is_empty());
}

/// Issue 34: an unfinished game removed from the home screen's list
/// (confirmed there) leaves the list and its save goes; the game in
/// progress and the other kept games stay, after a reload too. Red if
/// the removal were not written (a reload would list it again) or took
/// another game.
#[test]
fn a_kept_game_removed_from_the_list_is_gone_and_the_others_stay() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, &link(), 0.0).shell;
    play_some(&mut shell, 2);
    shell.save_any(&mut storage, 1.0);
    deal_and_save(&mut shell, &mut storage, 8, 2.0);
    deal_and_save(&mut shell, &mut storage, 9, 3.0);
    assert_eq!(deals(&shell), vec![(Seed::from_number(8).to_string(), 0), ("1K7Q-M3ZD".to_string(), 2)]);
    let gone = shell.kept[0].key.clone();
    assert!(!shell.remove_kept(2, &mut storage), "no such game");
    assert!(shell.remove_kept(0, &mut storage));
    assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), 2)]);
    assert_eq!(storage.load(&gone), None, "its save is removed");
    assert!(!storage.load(GAMES_KEY).unwrap().contains(&gone));
    let again = Shell::start(&mut storage, "", 4.0).shell;
    assert_eq!(deals(&again), vec![("1K7Q-M3ZD".to_string(), 2)]);
    assert_eq!(again.game.as_ref().map(|g| g.table()), shell.game.as_ref().map(|g| g.table()), "the game in progress stays");
}

/// Start-up without an engine (issue 44): a new visitor's home screen needs
/// no maker; a link's deal needs its game's; each kept game its own (a
/// match's key does not name its game: its save does); and without them the
/// start writes nothing and says which to fetch.
#[test]
fn a_start_asks_for_the_makers_of_the_games_it_reads_and_deals() {
    let mut fresh = Memory::default();
    assert_eq!(Shell::open(&mut fresh, &link(), 0.0, &[]).err(), Some(NeedsMakers(vec![TestGame::ID])));
    assert_eq!(
        Shell::open(&mut fresh, &format!("?game={}&seed=1K7Q-M3ZD", other_game().code()), 0.0, &[Maker::of_game(TestGame::ID)]).err(),
        Some(NeedsMakers(vec![other_game()])),
    );
    assert!(fresh.0.is_empty(), "nothing written while makers are missing: {:?}", fresh.0.keys());
    assert!(Shell::open(&mut fresh, "", 0.0, &[]).is_ok(), "a new visitor's home screen");

    // A match (its key names no game: a match of the game of the links that
    // name none, `link::unnamed`) and a game of the test game kept.
    let mut storage = Memory::default();
    for (search, at) in [("?seed=1K7Q-M3ZD&players=3&match=2".to_string(), 0.0), (link(), 1.0)] {
        assert!(Shell::start(&mut storage, &search, at).shell.save_any(&mut storage, at));
    }
    assert!(storage.0.keys().any(|k| k.starts_with("tablee.match.game.")));
    let before = storage.0.clone();
    let mut both = vec![link::unnamed(), TestGame::ID];
    both.sort_by_key(|g| GameId::ALL.iter().position(|a| a == g));
    assert_eq!(Shell::open(&mut storage, "", 2.0, &[]).err(), Some(NeedsMakers(both)));
    assert_eq!(storage.0, before, "the saves untouched");
    let opened = Shell::open(&mut storage, "", 2.0, &Maker::all()).unwrap();
    assert_eq!(opened.shell.game.as_ref().map(|g| g.game()), Some(TestGame::ID));
    assert_eq!(opened.shell.kept.len(), 1);
    assert_eq!(opened.shell.kept[0].session.match_games(), 2);
}

/// Play before its game's maker is in: the deal waits (nothing changes) and
/// is dealt when that maker comes; another game's maker leaves it waiting.
#[test]
fn a_deal_waiting_for_its_maker_is_dealt_when_it_comes() {
    let mut storage = Memory::default();
    let mut shell = Shell::open(&mut storage, "", 0.0, &[]).unwrap().shell;
    let table = test_game::table(3, 4).into_any();
    assert!(shell.new_game(table.clone()).is_err(), "no maker, no deal");
    shell.pending = Some((table, 1));
    assert!(shell.add_maker(Maker::of_game(other_game())).is_none());
    assert!(shell.pending.is_some() && shell.game.is_none());
    assert!(matches!(shell.add_maker(Maker::of_game(TestGame::ID)), Some(Ok(_))));
    assert!(shell.pending.is_none());
    assert_eq!(shell.game.as_ref().map(|g| (g.game(), g.table().players())), Some((TestGame::ID, 4)));
    let other = link::read(&format!("?game={}&seed=1K7Q-M3ZD", other_game().code())).unwrap().deal.unwrap();
    assert!(shell.new_game(other).is_ok(), "its maker kept");
}
