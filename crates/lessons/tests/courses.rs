//! Every shipped course replayed by the engine (issue 42): each lesson's
//! accepted actions legal where asked, each refused example refused for its
//! named reason, each step reached, every text in both languages; the
//! course short enough, and every rule a player acts on taught somewhere.

use tablee_engine::json::Json;
use tablee_lessons::rules::{Jachete, Katzenjammer};
use tablee_lessons::{check, scenario, taps, Course, Rules};

fn course(game: &str) -> Course {
    let path = format!("{}/../../public/lessons/{game}.json", env!("CARGO_MANIFEST_DIR"));
    Course::read(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The course of `R`'s game checks out, takes at most `most` taps, and
/// teaches every rule of `rules`.
fn checks_out<R: Rules>(most: usize, rules: &[String]) {
    let course = course(R::GAME);
    let problems = check::<R>(&course);
    assert!(problems.is_empty(), "{}", problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n"));
    let taps: usize = course.lessons.iter().map(|l| taps::<R>(l).unwrap_or(0)).sum();
    assert!(taps <= most, "{}'s course takes {taps} taps", R::GAME);
    let taught: Vec<&String> = course.lessons.iter().flat_map(|l| &l.rules).collect();
    for rule in rules {
        assert!(taught.contains(&rule), "{rule} is taught by no lesson");
    }
}

#[test]
fn katzenjammer_course_checks_out() {
    checks_out::<Katzenjammer>(40, &(4..=19).map(|n| format!("KB-{n}")).collect::<Vec<_>>());
}

#[test]
fn jachete_course_checks_out() {
    checks_out::<Jachete>(80, &[3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17].map(|n| format!("JA-{n}")));
}

/// `tablee scenario` replays each lesson (its position, the coach's moves
/// and the bots' replies) without a refusal.
#[test]
fn each_lesson_is_a_scenario_the_engine_replays() {
    for (game, course) in [("katzenjammer", course("katzenjammer")), ("jachete", course("jachete"))] {
        for (i, lesson) in course.lessons.iter().enumerate() {
            let input = scenario(lesson);
            let out = match game {
                "katzenjammer" => tablee_engine::scenario::katzenjammer::run(&input),
                _ => tablee_engine::scenario::jachete::run(&input),
            }
            .unwrap();
            assert_eq!(out.get("ok"), Some(&Json::Bool(true)), "{game} lesson {}: {}", i + 1, out.text());
        }
    }
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
