//! J'achète's bots through the worker: a decision as the page would make
//! it, and no par without a person at the table.

use tablee_bots::Level;
use tablee_engine::Seed;

use crate::app::config::{SeatKind, TableConfig};
use crate::app::game::GameDef;
use crate::app::session::Session;
use crate::app::worker::{decide_job, handle, par_job, request, response, run, Reply};

use super::super::Jachete;

#[test]
fn the_worker_plays_jachete_too() {
    let mut config = TableConfig::<Jachete>::new(Seed::from_number(4), 4);
    config.seats = vec![SeatKind::Bot(Level::Normal); 4];
    let mut s = Session::new(config).unwrap();
    for _ in 0..25 {
        s.bot_step();
    }
    let job = decide_job(&s, &s.bot_decision().unwrap());
    let Reply::Action { action } = response(&handle(&request(3, job))).unwrap().reply else { panic!() };
    assert_eq!(Jachete::action_from_json(&action).ok(), s.bot_choice());
    let job = par_job(s.config(), 0);
    assert!(matches!(run(&job), Reply::Error { .. }), "no person at the table, no par");
}

/// Issue 52: the coached game's suggestion through the worker is what
/// `tablee coach` plays.
#[test]
fn the_coach_suggests_what_tablee_coach_plays() {
    crate::app::worker::tests::the_coach_suggests_what_tablee_coach_plays::<Jachete>(52, 3);
}
