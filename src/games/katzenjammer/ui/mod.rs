//! Katzenjammer Blues' table: the deal bar, whose turn it is, the row, the
//! players, the hand with the bid builder and the presentations, the discard
//! pile, the log and the end of the game. The table is fed by its seat's
//! view (`ui::feed::Feed`, issue 53) and moves through the feed's `play`;
//! the end panel and a match's standings still read the shell's game
//! (`ctx.game::<Kb, _>`).

mod cards;
mod end;
mod hand;
mod options;
mod replay;
mod standings;
mod table;
mod words;

pub use replay::{expert_words, ReplayTable};
pub use table::{flights, Game};
pub use words::kb_tr;

use leptos::prelude::*;

use super::Katzenjammer as Kb;
use super::{matchplay, refusals, summary, texts};
use crate::app::config::DailyAttempt;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::ui::game_ui::UnitWords;
use tablee_puzzles::format::{Kind, Unit};
use tablee_puzzles::katzenjammer as puzzles;


impl crate::ui::game_ui::GameUi for Kb {
    const PUZZLE_KINDS: &'static [(Kind, &'static str, &'static str)] = &[
        (puzzles::BID, "Bids", "Enchères"),
        (puzzles::PASS, "Passing", "Passer"),
        (puzzles::PRESENT, "Foursomes", "Carrés"),
        (puzzles::JOKER_CATS, "Joker cats", "Chats-jokers"),
    ];

    const PUZZLE_UNITS: &'static [(Unit, UnitWords)] = &[(
        puzzles::MICE,
        UnitWords {
            whole: false,
            value: [(" ± ", " expected mice"), (" ± ", " souris espérées")],
            worse: [(": worth ", " expected mice less."), (" : il vaut ", " souris espérées de moins.")],
        },
    )];

    fn match_label(number: usize, games: usize, over: bool, lang: Lang) -> String {
        matchplay::kept(number, games, over, lang)
    }

    fn refusal_text(refusal: &Self::Refusal, lang: Lang) -> String {
        refusals::refusal_text(refusal, lang)
    }

    fn share_text(session: &Session<Self>, par: Option<i32>, daily: Option<DailyAttempt>, url: &str, lang: Lang) -> String {
        let config = session.config();
        texts::share_text(config, config.solo_seat(), summary::Summary::of(session.state()).as_ref(), par, daily, url, lang)
    }

    fn table() -> leptos::prelude::AnyView {
        view! { <Game /> }.into_any()
    }

    fn replay_table(
        session: crate::app::session::Session<Kb>,
        step: leptos::prelude::RwSignal<usize>,
        marks: leptos::prelude::RwSignal<Vec<crate::app::marks::Mark>>,
    ) -> leptos::prelude::AnyView {
        view! { <ReplayTable session step marks /> }.into_any()
    }

    fn expert_words(
        session: &crate::app::session::Session<Kb>,
        at: usize,
        action: &tablee_engine::json::Json,
        lang: crate::app::lang::Lang,
    ) -> Option<String> {
        expert_words(session, at, action, lang)
    }

    fn score_words(score: i32, lang: crate::app::lang::Lang) -> String {
        crate::games::katzenjammer::texts::mice(score, lang)
    }

    fn options_form(last: Option<&crate::app::config::TableConfig<Kb>>) -> Option<AnyView> {
        let initial = last.map(|t| t.options).unwrap_or_default();
        Some(view! { <options::OptionsForm initial /> }.into_any())
    }

    fn chosen_options(_players: usize) -> (tablee_engine::katzenjammer::Options, usize) {
        options::chosen()
    }

    fn puzzle_words(_: &crate::app::session::Session<Kb>, action: &tablee_engine::katzenjammer::Action, lang: crate::app::lang::Lang) -> String {
        crate::games::katzenjammer::texts::action_text(action, lang)
    }

    /// Why the first beats the first choice clearly behind it (choices
    /// within the search's noise are "as good": no reason between them;
    /// the expert often rates its top two so).
    fn hint_reason(session: &crate::app::session::Session<Kb>, choices: &[(tablee_engine::katzenjammer::Action, f64)], lang: crate::app::lang::Lang) -> Option<String> {
        let (best, first) = choices.first()?;
        let (other, _) = choices.iter().find(|(_, v)| first - v >= hand::HINT_EQUAL)?;
        crate::games::katzenjammer::texts::why(&session.view(session.to_act()?), best, other, lang)
    }

    fn decoration_mark(session: &crate::app::session::Session<Kb>) -> usize {
        session.state().log().len()
    }

    /// A won row's cards fly to the winner's seat (issue 13).
    fn decorate(session: &crate::app::session::Session<Kb>, mark: usize) {
        flights(session, mark);
    }
}

#[cfg(test)]
mod tests {
    use crate::app::lang::Lang;
    use crate::games::GameId;
    use crate::ui::puzzles::texts;
    use tablee_puzzles::format::Unit;
    use tablee_puzzles::katzenjammer as puzzles;

    /// Its puzzles' words (issue 54: in its folder), as the puzzles screen writes them.
    #[test]
    fn its_puzzles_kinds_and_mice_are_worded() {
        let kb = GameId::Katzenjammer;
        assert_eq!(texts::kind_name(kb, puzzles::JOKER_CATS, Lang::En), "Joker cats");
        assert_eq!(texts::kind_name(kb, puzzles::BID, Lang::Fr), "Enchères");
        let mice = texts::unit_words::<crate::games::katzenjammer::Katzenjammer>(puzzles::MICE);
        assert_eq!(texts::value_text(mice, 1.25, 0.2, Lang::En), "1.25 ± 0.20 expected mice");
        assert_eq!(texts::value_text(mice, -0.5, 0.25, Lang::Fr), "\u{2212}0,50 ± 0,25 souris espérées");
        assert_eq!(texts::value_text(texts::unit_words::<crate::games::katzenjammer::Katzenjammer>(Unit::WIN_CHANCE), 61.6, 3.2, Lang::Fr), "62 % ± 3 de chances de gagner");
        assert_eq!(texts::worse(mice, -0.626, Lang::En), "Not the best play: worth 0.63 expected mice less.");
        assert_eq!(texts::worse(mice, -0.626, Lang::Fr), "Ce n'est pas le meilleur coup : il vaut 0,63 souris espérées de moins.");
    }
}
