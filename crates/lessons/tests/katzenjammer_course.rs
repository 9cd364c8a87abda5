//! Katzenjammer's shipped course replayed by the engine (issue 42): each
//! lesson's accepted actions legal where asked, each refused example refused
//! for its named reason, each step reached, every text in both languages;
//! the course short enough, and every rule a player acts on taught somewhere.
//! J'achète's: `jachete_course.rs`.

mod common;
use common::{checks_out, course, each_lesson_replays};
use tablee_engine::json::Json;
use tablee_lessons::check;
use tablee_lessons::rules::katzenjammer::Katzenjammer;

#[test]
fn katzenjammer_course_checks_out() {
    checks_out::<Katzenjammer>(40, &(4..=19).map(|n| format!("KB-{n}")).collect::<Vec<_>>());
}

/// `tablee scenario` replays each lesson (its position, the coach's moves
/// and the bots' replies) without a refusal.
#[test]
fn each_lesson_is_a_scenario_the_engine_replays() {
    each_lesson_replays::<Katzenjammer>(tablee_engine::katzenjammer::scenario::run);
}

#[test]
fn a_broken_lesson_is_reported_with_where() {
    let mut course = course("katzenjammer");
    // An accepted bid that does not beat the standing one, a refused example
    // named with the wrong reason, a text missing its French.
    let step = &mut course.lessons[1].steps[1];
    step.accept[0] = Json::parse(r#"{"seat":0,"act":"bid","kind":"same","value":1,"cards":["1"]}"#).unwrap();
    step.refuse[0].reason = "BidNotHeld".into();
    course.lessons[0].steps[0].say.fr.clear();
    let problems: Vec<String> = check::<Katzenjammer>(&course).iter().map(|p| p.to_string()).collect();
    assert!(problems.iter().any(|p| p.starts_with("lesson 2 step 2: the accepted action") && p.contains("DoesNotBeat")), "{problems:?}");
    assert!(problems.iter().any(|p| p.starts_with("lesson 2 step 2:") && p.contains("should be refused as BidNotHeld, but is DoesNotBeat")), "{problems:?}");
    assert!(problems.iter().any(|p| p == "lesson 1 step 1: the coach's line has no fr text"), "{problems:?}");
}
