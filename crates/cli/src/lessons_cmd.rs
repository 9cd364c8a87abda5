//! `tablee lessons FILE...`: checks lesson files (issue 42, docs/lessons.md);
//! `tablee lessons --scenario N FILE` prints lesson N (from 1) as a scenario.

use tablee_lessons::{scenario, Course};

use crate::failure::Failure;

fn read(file: &str) -> Result<Course, Failure> {
    let text = std::fs::read_to_string(file).map_err(|e| Failure::usage(format!("cannot read {file}: {e}")))?;
    Course::read(&text).map_err(|e| Failure::usage(format!("{file}: {e}")))
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    match args {
        [flag, n, file] if flag == "--scenario" => {
            let course = read(file)?;
            let lesson = n.parse().ok().and_then(|n| course.lesson(n)).ok_or_else(|| {
                Failure::usage(format!("{file} has lessons 1 to {}, not {n}", course.lessons.len()))
            })?;
            outln!("{}", crate::protocol::to_value(&scenario(lesson)));
            Ok(())
        }
        [] => Err(Failure::usage("lessons takes one FILE or more (src/games/<game>/public/lessons/<game>.json)")),
        files => {
            let mut bad = 0;
            for file in files {
                let course = read(file)?;
                // The game's own check, from the registry (no game named here).
                let (problems, taps) = crate::games::by_code(&course.game)
                    .and_then(|tool| tool.lessons(&course))
                    .ok_or_else(|| Failure::usage(format!("{file}: no lessons for the game \"{}\"", course.game)))?;
                for (i, (lesson, taps)) in course.lessons.iter().zip(&taps).enumerate() {
                    outln!("{file}: lesson {} {:<10} {:>2} steps {:>2} taps  {}", i + 1, lesson.id, lesson.steps.len(), taps, lesson.rules.join(" "));
                }
                outln!("{file}: {} lessons, {} taps", course.lessons.len(), taps.iter().sum::<usize>());
                for problem in &problems {
                    outln!("{file}: {problem}");
                }
                bad += problems.len();
            }
            if bad > 0 {
                return Err(Failure::runtime(format!("{bad} problem(s) in the lessons")));
            }
            Ok(())
        }
    }
}
