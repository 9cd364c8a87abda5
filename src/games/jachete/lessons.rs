//! J'achète's table in a lesson (issue 42): its course is not written yet,
//! so a lesson of it does not open (the lessons' screen says so).

use tablee_engine::jachete::{JaAction, JaGame};
use tablee_engine::RuleError;
use tablee_lessons::Lesson;

use super::Jachete;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::ui::learn::Coached;

impl Coached for Jachete {
    fn opening(_lesson: &Lesson) -> Result<JaGame, String> {
        Err("J'achète's lessons are not written yet".into())
    }

    fn target(_session: &Session<Self>, _action: &JaAction) -> Option<String> {
        None
    }

    fn refusal_words(error: &RuleError, lang: Lang) -> String {
        super::refusals::refusal_text(error, lang)
    }
}
