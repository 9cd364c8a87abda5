//! J'achète's shipped course replayed by the engine (issue 42): each
//! lesson's accepted actions legal where asked, each refused example refused
//! for its named reason, each step reached, every text in both languages;
//! the course short enough, every rule a player acts on taught somewhere, and
//! the words read against the position (issue 52). Katzenjammer's:
//! `katzenjammer_course.rs`.

mod common;
use common::{checks_out, course, each_lesson_replays};
use tablee_lessons::check;
use tablee_lessons::rules::jachete::{cards_named, Jachete};

#[test]
fn jachete_course_checks_out() {
    checks_out::<Jachete>(80, &[3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17].map(|n| format!("JA-{n}")));
}

/// `tablee scenario` replays each lesson (its position, the coach's moves
/// and the bots' replies) without a refusal.
#[test]
fn each_lesson_is_a_scenario_the_engine_replays() {
    each_lesson_replays::<Jachete>(tablee_engine::jachete::scenario::run);
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
