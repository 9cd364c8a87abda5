//! High card for the lessons (the tests' third game, behind `test-game`):
//! its position from a scenario, its moves' taps (one button: Keep or
//! Swap, HC-2), what a coach's line may name (the learner's card; every
//! card once everyone has chosen, HC-3) and the cards a line and a move
//! name. Its course, a two-step lesson, is [`COURSE`] (`highcard.json`
//! beside this file: it never ships, so it is not in `src/games/highcard/public/lessons/`).

use tablee_engine::highcard::{self as hc, HcAction, HcState};
use tablee_engine::json::Json;
use tablee_engine::{Game, RuleError, Seat};

use super::{read_error, Rules};
use crate::words::Scene;

pub struct HighCard;

/// High card's course: one lesson, two steps (HC-1, HC-2, HC-3).
pub const COURSE: &str = include_str!("highcard.json");

impl Rules for HighCard {
    type State = HcState;
    const GAME: &'static str = "highcard";

    fn start(position: &Json) -> Result<HcState, String> {
        hc::scenario::start(position).map_err(|m| m.0)
    }

    fn read(action: &Json) -> Result<HcAction, Result<RuleError<<HcState as Game>::Refusal>, String>> {
        hc::notation::action_from_json(action).map_err(read_error)
    }

    /// HC-2: one button, Keep or Swap.
    fn taps(_state: &HcState, _action: &Json) -> usize {
        1
    }

    /// HC-1: the learner sees their own card only; HC-3: once everyone has
    /// chosen, every card is shown.
    fn scene(state: &HcState, learner: Seat) -> Scene {
        let visible = match state.to_act() {
            Some(_) => vec![state.hands()[learner].to_string()],
            None => state.hands().iter().map(u8::to_string).collect(),
        };
        Scene { visible, ..Scene::default() }
    }

    fn named(text: &str, fr: bool) -> Vec<String> {
        cards_named(text, fr)
    }

    /// HC-2: a move involves the card in hand; a swap, the stock's top card too.
    fn involved(state: &HcState, action: &Json) -> Vec<String> {
        let (Some(seat), Ok(action)) = (state.to_act(), Self::read(action)) else { return Vec::new() };
        let mut out = vec![state.hands()[seat].to_string()];
        let mut after = state.clone();
        if action == HcAction::Swap && after.apply(&action).is_ok() {
            out.push(after.hands()[seat].to_string());
        }
        out
    }
}

/// The cards a High card line names: a number 1 to 9 (HC-1) after "the",
/// "your" ("le", "du", "votre" in French): "yours is the 3", "votre 9".
pub fn cards_named(text: &str, fr: bool) -> Vec<String> {
    let before: &[&str] = if fr { &["le", "du", "votre"] } else { &["the", "your"] };
    let words: Vec<String> = text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect();
    words
        .windows(2)
        .filter(|w| before.contains(&w[0].as_str()) && matches!(w[1].as_str(), "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9"))
        .map(|w| w[1].clone())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{check, scenario, taps, Course};

    fn course() -> Course {
        Course::read(COURSE).expect("High card's course reads")
    }

    /// HC-1..HC-3: the course passes the check every game's course passes
    /// (`check`: each accepted move legal where asked, the refused example
    /// legal but not the step's, the bot's reply legal, both languages,
    /// the words against the position), in two taps, teaching every rule.
    #[test]
    fn hc1_hc2_hc3_high_cards_course_checks_out() {
        let course = course();
        let problems = check::<HighCard>(&course);
        assert!(problems.is_empty(), "{}", problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("\n"));
        assert_eq!(course.lessons.len(), 1);
        let lesson = &course.lessons[0];
        assert_eq!(lesson.steps.len(), 2, "a two-step lesson");
        assert_eq!(taps::<HighCard>(lesson), Some(2), "Next, then Swap");
        assert_eq!(lesson.rules, ["HC-1", "HC-2", "HC-3"]);
    }

    /// HC-2, HC-3: the lesson as one scenario (its position, the step's swap,
    /// the bot's keep) replays through the scenario runner to the learner's win.
    #[test]
    fn hc2_hc3_the_lesson_is_a_scenario_the_engine_replays() {
        let out = hc::scenario::run(&scenario(&course().lessons[0])).expect("a High card scenario");
        assert_eq!(out.get("ok"), Some(&Json::Bool(true)), "{}", out.text());
        assert_eq!(out.get("result").map(Json::text).as_deref(), Some(r#"{"scores":[9,6],"winners":[0]}"#));
    }

    /// HC-2, HC-3: a broken lesson is reported where it is: a keep refused as
    /// if the game were over (it is legal), the bot's reply made by the
    /// learner's seat, a line naming a card the learner cannot see yet (the
    /// stock's 9, before the swap), a missing French text.
    #[test]
    fn hc2_hc3_a_broken_high_card_lesson_is_reported_with_where() {
        let mut course = course();
        let lesson = &mut course.lessons[0];
        lesson.steps[0].say.en = "Yours is the 3; the stock's top card is the 9.".into();
        lesson.steps[1].refuse[0].reason = "GameOver".into();
        lesson.steps[1].then[0] = Json::parse(r#"{"seat":0,"act":"keep"}"#).unwrap();
        lesson.done.fr.clear();
        let problems: Vec<String> = check::<HighCard>(&course).iter().map(|p| p.to_string()).collect();
        let has = |start: &str, what: &str| problems.iter().any(|p| p.starts_with(start) && p.contains(what));
        assert!(has("lesson 1 step 1:", "names 9, which the step's move does not play"), "{problems:#?}");
        assert!(!has("lesson 1 step 1:", "names 3"), "the learner's own card: {problems:#?}");
        assert!(has("lesson 1 step 2:", "should be refused as GameOver, but is legal"), "{problems:#?}");
        assert!(has("lesson 1 step 2:", "reply 0 is the learner's move"), "{problems:#?}");
        assert!(problems.iter().any(|p| p == "lesson 1: the end has no fr text"), "{problems:#?}");
    }

    /// HC-3: once everyone has chosen, a keep is refused as `GameOver`, the
    /// name a lesson's refused example gives it; the step's swap is no
    /// longer anyone's move.
    #[test]
    fn hc3_a_move_after_the_last_choice_is_refused_as_game_over() {
        let mut course = course();
        let lesson = &mut course.lessons[0];
        lesson.position.set("actions", Json::parse(r#"[{"seat":0,"act":"swap"},{"seat":1,"act":"keep"}]"#).unwrap());
        lesson.steps[1].then.clear();
        let problems = |course: &Course| check::<HighCard>(course).iter().map(|p| p.to_string()).collect::<Vec<_>>();
        let named_lesson = problems(&course);
        assert!(named_lesson.iter().any(|p| p.starts_with("lesson 1 step 2: the accepted action") && p.contains("it is None's move")), "{named_lesson:#?}");
        assert!(named_lesson.iter().any(|p| p.starts_with("lesson 1 step 2:") && p.contains("should be legal but the engine refuses it (GameOver)")), "{named_lesson:#?}");
        course.lessons[0].steps[1].refuse[0].reason = "GameOver".into();
        let named_over = problems(&course);
        assert!(!named_over.iter().any(|p| p.contains("should be")), "{named_over:#?}");
    }

    #[test]
    fn hc1_a_line_names_its_cards() {
        assert_eq!(cards_named("Each player was dealt one card: yours is the 3. Your 9, the 10, a 2-player game.", false), ["3", "9"]);
        assert_eq!(cards_named("La vôtre est le 3 ; votre 9 bat le 6 du 2e joueur.", true), ["3", "9", "6"]);
    }
}
