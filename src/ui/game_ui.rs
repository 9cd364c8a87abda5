//! What the page needs of each game beyond its definition ([`crate::app::game::GameDef`]):
//! its table, its replay table, its words for a score and for the expert's
//! move, and a decoration after a move. Each game implements it in
//! `src/games/<game>/ui/mod.rs`; the page reaches it through the registry's
//! `each_game!`/`with_game!`, so that no screen names a game.

use leptos::prelude::*;
use tablee_engine::json::Json;
use tablee_puzzles::format::{Kind, Unit};

use crate::app::marks::Mark;
use crate::app::config::{DailyAttempt, TableConfig};
use crate::games::{AnySession, Registered};
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::games::each_game;

pub trait GameUi: Registered {
    /// The live table of the game in progress (the game's part of the page:
    /// `src/parts.rs` calls it from the part's own module).
    fn table() -> AnyView;

    /// The read-only table of a replay, at move `step`, with the expert's marks.
    fn replay_table(session: Session<Self>, step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>) -> AnyView;

    /// The move the expert would have made at move `at` (in the notation),
    /// in the words of the game's log; `None` when it does not read.
    fn expert_words(session: &Session<Self>, at: usize, action: &Json, lang: Lang) -> Option<String>;

    /// A move of a puzzle's `position` in words, for its answer screen ("Pass",
    /// "Buy the 7♦", "Add ★ to 8♦ 9♦ 10♦").
    fn puzzle_words(position: &Session<Self>, action: &Self::Action, lang: Lang) -> String;

    /// Its puzzles' kinds (`GameDef::PUZZLES`) as the puzzles screen's
    /// themes, English then French (issue 54: a game's kinds are its own).
    const PUZZLE_KINDS: &'static [(Kind, &'static str, &'static str)] = &[];

    /// How a value is worded in each of its puzzles' own units (win chance,
    /// a unit any game may use, is worded by the puzzles screen).
    const PUZZLE_UNITS: &'static [(Unit, UnitWords)] = &[];

    /// Why the hint's best choice beats the next (`choices`: the hint's, or
    /// the coached game's advice, best first, with their values), in one
    /// line from the position's seat to act, in plain words (the puzzles'
    /// reasons, `explain::plain`; issue 52); `None` when no reason holds or
    /// the two are as good (issue 42).
    fn hint_reason(position: &Session<Self>, choices: &[(Self::Action, f64)], lang: Lang) -> Option<String> {
        let _ = (position, choices, lang);
        None
    }

    /// A refusal in the player's words (`texts.rs`/`refusals.rs`): what is
    /// wrong and what the rule asks, never a rule id nor a seat number; the
    /// shared refusals in the shell's words (`i18n::shared_refusal`).
    fn refusal_text(refusal: &Self::Refusal, lang: Lang) -> String;

    /// What Share copies: a spoiler-free line on `session` (the person's
    /// result once it is over, against `par`; today's daily attempt) and its
    /// link `url`.
    fn share_text(session: &Session<Self>, par: Option<i32>, daily: Option<DailyAttempt>, url: &str, lang: Lang) -> String;

    /// "Match · game 2 of 3" ("… over" once `over`), for the lists that name
    /// a match's game (only asked of a game with matches).
    fn match_label(number: usize, games: usize, over: bool, lang: Lang) -> String {
        let _ = (number, games, over, lang);
        String::new()
    }

    /// A score in words: "3 mice", "45 points".
    fn score_words(score: i32, lang: Lang) -> String;

    // ----- the home screen -------------------------------------------------------

    /// The home screen's form of the game's own options (Katzenjammer's
    /// house rule and its matches), shown under the seats; `None`: the game
    /// has none, and the home screen says nothing of options. `last`: the
    /// table last dealt from the home screen or a link, if of this game.
    fn options_form(last: Option<&TableConfig<Self>>) -> Option<AnyView> {
        let _ = last;
        None
    }

    /// What Play deals with, `players` at the table: the options (read back
    /// from [`GameUi::options_form`], or implied by the players: J'achète's
    /// small table) and the number of games (more than 1: a match).
    fn chosen_options(players: usize) -> (Self::Options, usize) {
        let _ = players;
        (Default::default(), 1)
    }

    /// A note for a person's first game of this game on this device, when
    /// the home screen offers it against easy bots (J'achète's); `None`:
    /// the bots keep their usual level.
    fn first_game_note(lang: Lang) -> Option<&'static str> {
        let _ = lang;
        None
    }

    /// Where the table's decoration of the next move starts (Katzenjammer:
    /// its log's length, so that a win's cards can fly).
    fn decoration_mark(session: &Session<Self>) -> usize {
        let _ = session;
        0
    }

    /// Decorates what the moves since `mark` did (run before the page shows
    /// them; never at the bots' instant speed).
    fn decorate(session: &Session<Self>, mark: usize) {
        let _ = (session, mark);
    }
}

/// How a puzzle's unit is worded ([`GameUi::PUZZLE_UNITS`]): the words
/// around its numbers, English then French (pieces, not templates: no
/// string search in the page).
pub struct UnitWords {
    /// Values as whole numbers (a win chance in percent), else with two decimals.
    pub whole: bool,
    /// A move's value: the words between the value and its interval's
    /// half-width, and after it ("1.25", " ± ", "0.20", " expected mice").
    pub value: [(&'static str, &'static str); 2],
    /// A move worse than the best: the words between "Not the best play"
    /// and how far behind, and after it (": worth ", "0.63", " expected mice less.").
    pub worse: [(&'static str, &'static str); 2],
}

/// [`GameUi::expert_words`] for a game of any kind.
pub fn expert_words(session: &AnySession, at: usize, action: &Json, lang: Lang) -> Option<String> {
    each_game!(session session, s => expert_words_of(s, at, action, lang))
}

fn expert_words_of<G: GameUi>(s: &Session<G>, at: usize, action: &Json, lang: Lang) -> Option<String> {
    G::expert_words(s, at, action, lang)
}

/// [`GameUi::replay_table`] for a game of any kind.
pub fn replay_table(session: AnySession, step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>) -> AnyView {
    fn of<G: GameUi>(s: Session<G>, step: RwSignal<usize>, marks: RwSignal<Vec<Mark>>) -> AnyView {
        G::replay_table(s, step, marks)
    }
    each_game!(session session, s => of(s, step, marks))
}
