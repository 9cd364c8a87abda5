//! Every shipped course replayed by the engine (issue 42): each lesson's
//! accepted actions legal where asked, each refused example refused for its
//! named reason, each step reached, every text in both languages; the
//! course short enough, and every rule a player acts on taught somewhere.

use tablee_engine::json::Json;
use tablee_lessons::rules::{jachete::{cards_named, Jachete}, katzenjammer::Katzenjammer};
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
                "katzenjammer" => tablee_engine::katzenjammer::scenario::run(&input),
                _ => tablee_engine::jachete::scenario::run(&input),
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

/// Issue 52: the lesson checks read the words against the position — the
/// money named (60 cents against a purse of 50¢, or not written as the
/// table writes money), the card said to be drawn, a card named that the
/// step does not play and the learner does not see — each reported, in
/// the lesson and step where it is.
#[test]
fn a_lesson_whose_words_disagree_with_its_position_is_reported() {
    let mut course = course("jachete");
    course.lessons[0].steps[1].say.en = "Everyone starts with 60 cents.".into();
    course.lessons[0].steps[4].say.fr = "C'est votre tour : vous avez pioché le 8♠ (marqué dans votre main).".into();
    course.lessons[5].steps[3].say.en = "Tap your queen of clubs, then the king of spades.".into();
    let problems: Vec<String> = check::<Jachete>(&course).iter().map(|p| p.to_string()).collect();
    let has = |start: &str, what: &str| problems.iter().any(|p| p.starts_with(start) && p.contains(what));
    assert!(has("lesson 1 step 2:", "“60 cents” is not on the screen"), "{problems:#?}");
    assert!(has("lesson 1 step 2:", "is not written as the table writes money"), "{problems:#?}");
    assert!(has("lesson 1 step 5:", "drew 8S, but the card drawn is 7D"), "{problems:#?}");
    assert!(has("lesson 6 step 4:", "names KS"), "{problems:#?}");
    assert!(!has("lesson 6 step 4:", "names QC"), "the queen of clubs is the step's own: {problems:#?}");
}

/// The cards a J'achète line names, as the table labels them or in words.
#[test]
fn a_jachete_line_names_its_cards() {
    let named = cards_named;
    assert_eq!(named("Touchez votre D♣, puis le ★ des dames ; vos 9, le 10♥.", true), ["QC", "JK", "10H"]);
    assert_eq!(named("Tap your Q♣, then the joker; the 7 of clubs, the king of diamonds.", false), ["QC", "JK", "7C", "KD"]);
    assert_eq!(named("Ajoutez votre 7 de trèfle à vos 7, et votre dame de cœur aux dames, l'as de pique.", true), ["7C", "QH", "AS"]);
    assert!(named("vos trois 7, deux 8 et le 2, 2s and jokers", true).is_empty());
    assert_eq!(named("R♦ V♠ A♥", true), ["KD", "JS", "AH"]);
}
