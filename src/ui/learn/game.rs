//! What a game gives its lessons: [`Coached`].


use tablee_engine::Seed;
use tablee_lessons::Lesson;

use crate::ui::browser;
use crate::ui::game_ui::GameUi;
use crate::app::lang::Lang;
use crate::app::session::Session;

/// What a game's table gives its lessons (`src/games/<game>/lessons.rs`).
/// A game without lessons implements none of it (`impl Coached for G {}`):
/// its course says it has none.
pub trait Coached: GameUi {
    /// The state a lesson opens on: its position, its moves before applied.
    fn opening(_lesson: &Lesson) -> Result<Self::State, String> {
        Err(format!("{} has no lessons", Self::CODE))
    }
    /// The element to tap next toward `action` on the table as it is now
    /// (a CSS selector), reading the table's own selection if need be.
    fn target(_session: &Session<Self>, _action: &Self::Action) -> Option<String> {
        None
    }
    /// The table staged off the way to `action` (issue 52: a wrong meld),
    /// in words: what is wrong and the way back; `None` while on the way.
    fn astray(_session: &Session<Self>, _action: &Self::Action, _lang: Lang) -> Option<String> {
        None
    }
    /// The coached game: the suggested move in words, as the person makes
    /// it ("Bid two 4s (4 · 4)", "Let the 5♠ go").
    fn advice_move(session: &Session<Self>, action: &Self::Action, lang: Lang) -> String {
        Self::puzzle_words(session, action, lang)
    }
    /// The coached game, before the person's decision: what the bots did
    /// since the person's own last move that matters (a bot opened, bought,
    /// won the row…), in one line; `None` when nothing did.
    fn table_talk(_session: &Session<Self>, _lang: Lang) -> Option<String> {
        None
    }
    /// The coached game's deal, from a fresh seed: the seed itself, unless
    /// the game deals its coached games from a list (J'achète's, where a
    /// person following the coach has six turns in the first round).
    fn coached_deal(fresh: Seed) -> Seed {
        fresh
    }
    /// The coached game while the table holds the bots (J'achète's round
    /// end, until "Next round"): the round's wrap-up, and the element to tap
    /// to go on.
    fn wrap_up(_session: &Session<Self>, _lang: Lang) -> Option<(String, String)> {
        None
    }
    /// Brings the coach's mark `el` (not in the coach's own panel) into the
    /// window, between the pinned turn line and what is docked at its foot,
    /// with as much of its decision as fits (issue 52): the game's table
    /// knows which (its hand, its row, its docked bar). By default, `el`
    /// alone.
    fn into_view(el: &web_sys::Element) {
        browser::show_in_room(&[(el.clone(), el.clone())]);
    }
}
