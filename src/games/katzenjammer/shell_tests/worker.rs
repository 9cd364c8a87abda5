//! Katzenjammer through the worker: its hints' search (four times the
//! expert's worlds), its positions evaluated in its unit (mice), a move its
//! rules refuse there, and a unit not its own.

use tablee_engine::json::Json;
use tablee_engine::katzenjammer::Action;
use tablee_puzzles::katzenjammer::MICE;

use crate::app::game::GameDef;
use crate::app::save;
use crate::app::worker::tests::at_the_hard_bots_turn;
use crate::app::worker::{handle, request, response, run, Job, Reply};

use super::super::Katzenjammer;

/// Issue 52: a puzzle's move evaluated through the worker's messages
/// comes back as [`run`] computes it; a move the rules refuse there, or
/// a game without puzzles' analysis, is an error, not a panic.
#[test]
fn a_puzzles_move_is_evaluated_through_the_messages() {
    let mut s = at_the_hard_bots_turn::<Katzenjammer>(Action::Pass);
    while s.human_to_act().is_none() {
        s.bot_step();
    }
    let legal = s.legal_actions();
    let moves: Vec<Json> = legal.iter().take(2).map(Katzenjammer::action_to_json).collect();
    let job = Job::Evaluate { game: save::to_value(&s), moves: moves.clone(), unit: MICE };
    let direct = run(&job);
    assert!(matches!(direct, Reply::Compared(_)), "{direct:?}");
    let reply = response(&handle(&request(4, job))).unwrap();
    let (Reply::Compared(a), Reply::Compared(b)) = (&reply.reply, &direct) else { panic!() };
    for (x, y) in [(a.best, b.best), (a.played, b.played), (a.gap, b.gap)] {
        assert!((x.mean - y.mean).abs() < 1e-9 && (x.ci - y.ci).abs() < 1e-9);
    }
    // A move not legal there (a bid of cards not held).
    let refused = Json::parse(r#"{"act":"bid","kind":"same","value":5,"cards":["5","5","5","5","5","5","5","5"]}"#).unwrap();
    let bad = Job::Evaluate { game: save::to_value(&s), moves: vec![moves[0].clone(), refused], unit: MICE };
    assert!(matches!(run(&bad), Reply::Error { .. }));
    let unit = request(5, Job::Evaluate { game: save::to_value(&s), moves, unit: MICE }).replace("\"mice\"", "\"gold\"");
    assert!(matches!(response(&handle(&unit)).unwrap().reply, Reply::Error { .. }));
    // Another game's unit (J'achète's points) is not this position's game's.
    let points = unit.replace("\"gold\"", "\"points\"");
    assert!(matches!(response(&handle(&points)).unwrap().reply, Reply::Error { .. }));
}

/// Issue 13: a hint plays out four times the expert's worlds, so that
/// close moves are told apart.
#[test]
fn hints_search_four_times_the_experts_worlds() {
    let s = at_the_hard_bots_turn::<Katzenjammer>(Action::Pass);
    let decision = s.hint_decision().unwrap();
    assert!(decision.legal.len() > 1);
    let (hint, expert) = (decision.hint(), decision.analyse());
    assert_eq!(hint[0].visits, tablee_bots::katzenjammer::HINT_SAMPLES);
    assert_eq!(expert[0].visits * 4, tablee_bots::katzenjammer::HINT_SAMPLES);
}

/// Issue 52: the coached game's suggestion through the worker is what
/// `tablee coach` plays.
#[test]
fn the_coach_suggests_what_tablee_coach_plays() {
    crate::app::worker::tests::the_coach_suggests_what_tablee_coach_plays::<Katzenjammer>(52, 3);
}
