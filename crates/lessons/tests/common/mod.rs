//! What the course tests share (a module of each: `mod common;`): a shipped
//! course read, checked whole, and each lesson replayed as a scenario.
#![allow(dead_code)]

use tablee_engine::json::Json;
use tablee_engine::scenario::Malformed;
use tablee_lessons::{check, scenario, taps, Course, Rules};

/// The shipped course of `game` (`src/games/<game>/public/lessons/<game>.json`).
pub fn course(game: &str) -> Course {
    let path = format!("{}/../../src/games/{game}/public/lessons/{game}.json", env!("CARGO_MANIFEST_DIR"));
    Course::read(&std::fs::read_to_string(&path).unwrap()).unwrap()
}

/// The course of `R`'s game checks out, takes at most `most` taps, and
/// teaches every rule of `rules`.
pub fn checks_out<R: Rules>(most: usize, rules: &[String]) {
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

/// `tablee scenario` replays each lesson of `R`'s course (its position, the
/// coach's moves and the bots' replies) without a refusal: `run` is the
/// game's scenario runner.
pub fn each_lesson_replays<R: Rules>(run: fn(&Json) -> Result<Json, Malformed>) {
    for (i, lesson) in course(R::GAME).lessons.iter().enumerate() {
        let out = run(&scenario(lesson)).unwrap();
        assert_eq!(out.get("ok"), Some(&Json::Bool(true)), "{} lesson {}: {}", R::GAME, i + 1, out.text());
    }
}
