//! J'achète through the controller: a game of it dealt, played by the
//! page's shell and the worker's bots, saved and resumed (JA-4: the deal its
//! seed names), its par (fewer points is better), and its saves listed by
//! the builds before issue 35.

use tablee_bots::Level;
use tablee_engine::Seed;

use crate::app::config::{SeatKind, TableConfig};
use crate::app::controller::tests::Memory;
use crate::app::controller::{game_key, result, AnyGame, First, Par, Shell, Storage, GAMES_KEY};
use crate::app::game::GameDef;
use crate::app::session::Session;
use crate::app::{link, save, worker};
use crate::games::GameId;

use super::super::Jachete;

/// A J'achète game listed (which the builds before issue 35 left to
/// their second program) is offered beside the link's new game, its
/// save untouched.
#[test]
fn a_jachete_game_in_the_list_is_kept_beside_a_katzenjammer_link() {
    let mut storage = Memory::default();
    let mut table = TableConfig::<Jachete>::new(Seed::from_number(8), 4);
    table.seats = vec![SeatKind::Bot(Level::Normal); 4];
    let ja = save::to_json(&Session::new(table).unwrap());
    let key = game_key(GameId::Jachete, 3);
    storage.store(&key, &ja);
    storage.store(GAMES_KEY, &format!("[{{\"key\":\"{key}\",\"at\":5}}]"));
    // A link of those builds names no game: Katzenjammer's (`link::unnamed`).
    let mut start = Shell::start(&mut storage, "?seed=1K7Q-M3ZD&players=3&lang=fr", 10.0);
    assert_eq!(start.first, First::Game, "the link's game is dealt");
    assert!(start.shell.set_aside.is_none(), "not damaged");
    assert_eq!(start.shell.kept.len(), 1, "offered among the unfinished games");
    assert_eq!(start.shell.kept[0].session.game(), GameId::Jachete);
    assert!(start.shell.save_any(&mut storage, 20.0));
    assert_eq!(storage.load(&key).as_deref(), Some(ja.as_str()), "its save untouched");
    let list = storage.load(GAMES_KEY).unwrap();
    assert!(list.contains(&format!("{{\"key\":\"{key}\",\"at\":5}}")), "still listed: {list}");
    assert!(list.starts_with(&format!("[{{\"key\":\"tablee.{}.game.4\"", link::unnamed().code())), "the new game listed first: {list}");
}

#[test]
fn in_jachete_beating_par_means_fewer_points() {
    let mut table = TableConfig::<Jachete>::new(Seed::from_number(2), 4);
    table.seats = vec![SeatKind::Bot(Level::Random); 4];
    table.seats[1] = SeatKind::Human;
    let mut session = Session::new(table).unwrap();
    while !session.is_over() {
        if session.bot_step().is_none() {
            let legal = session.legal_actions();
            session.apply_human(Jachete::decide(Level::Normal, &session.view(1), &legal, 3)).unwrap();
        }
    }
    let mine = session.outcome().unwrap().scores[1];
    let (_, _, vs_par) = result(&session, Par::Known(mine + 10)).unwrap();
    assert_eq!(vs_par, Some(10), "ten points fewer than par is ten better");
}

/// The page's shell deals J'achète from the table's seed (JA-4: the deal
/// the seed names) and, reloaded, resumes it where it was left.
#[test]
fn the_page_plays_jachete() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "", 0.0).shell;
    let table = TableConfig::<Jachete>::new(Seed::from_number(5), 4);
    shell.new_game(table.clone().into_any()).unwrap();
    let session = shell.session::<Jachete>().expect("a J'achète game on the table");
    assert_eq!(session.config(), &table);
    let dealt = Jachete::new_state(4, Default::default(), Seed::from_number(5)).unwrap();
    assert_eq!(format!("{:?}", session.state()), format!("{dealt:?}"), "the seed's deal");
    // A few moves: the bots as without a worker, the person's first choice.
    for _ in 0..12 {
        match shell.bot_turn_any() {
            Some(turn) => assert!(shell.bot_moved_any(turn.at, None)),
            None => {
                let first = shell.session::<Jachete>().unwrap().legal_actions()[0].clone();
                shell.act::<Jachete>(first).unwrap();
            }
        }
    }
    let before = shell.session::<Jachete>().unwrap().clone();
    assert_eq!(before.actions().len(), 12);
    assert!(shell.save_any(&mut storage, 1.0));
    let back = Shell::start(&mut storage, "", 2.0).shell;
    let resumed = back.session::<Jachete>().expect("the J'achète game resumed");
    assert_eq!(resumed.actions(), before.actions());
    assert_eq!(format!("{:?}", resumed.state()), format!("{:?}", before.state()), "the same game, where it was left");
}

/// A J'achète game of bots is dealt, played to its end through the
/// shell's bot turns and the worker's answers, saved, and read back.
#[test]
fn jachete_plays_through_the_shell() {
    let mut storage = Memory::default();
    let mut shell = Shell::start(&mut storage, "", 0.0).shell;
    let mut table = TableConfig::<Jachete>::new(Seed::from_number(5), 4);
    table.seats = vec![SeatKind::Bot(Level::Normal); 4];
    assert_eq!(shell.new_game(table.into_any()), Ok(None), "no person: no par");
    let mut moves = 0;
    while let Some(turn) = shell.bot_turn_any() {
        assert!(shell.bot_moved_any(turn.at, Some(worker::run(&turn.job))));
        moves += 1;
        assert!(moves < 20_000, "the game ends");
    }
    assert!(shell.game.as_ref().unwrap().is_over());
    assert!(shell.game.as_ref().unwrap().get::<Jachete>().unwrap().outcome().is_some());
    assert!(shell.save_any(&mut storage, 1.0));
    let back = Shell::start(&mut storage, "", 2.0);
    assert!(back.shell.set_aside.is_none(), "the save reads back");
}

/// Issue 13: a move taken back makes practice, kept by a reload and not
/// counted (the shell's test, on this game's deal).
#[test]
fn a_game_with_a_move_taken_back_is_practice_kept_and_not_counted() {
    crate::app::controller::tests::a_move_taken_back_is_practice_kept_and_not_counted::<Jachete>("?game=jachete&seed=1K7Q-M3ZD&players=4&lang=fr");
}
