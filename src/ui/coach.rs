//! The coach's hooks in the shell (issue 42, docs/lessons.md): a lesson's
//! address, and the gate every person's move passes while a lesson is on
//! the table (`ui::act`). The lessons themselves are a part of the page of
//! their own (`ui::learn`); only these few lines are in the first load.

use std::cell::RefCell;
use std::rc::Rc;

use leptos::prelude::*;
use tablee_engine::json::Json;

use super::browser;
use super::context::{ctx, Screen};
use crate::games::GameId;
use crate::app::url;

/// Judges a person's move (in the game's notation) before the table plays
/// it: true lets it through, false keeps the position (the lesson says why).
pub type Gate = Rc<dyn Fn(&Json) -> bool>;

thread_local! {
    static GATE: RefCell<Option<(u64, Gate)>> = const { RefCell::new(None) };
    static GATES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Whether the bots play on `screen`: the game's, and the coached first
/// game's (issue 42: its table with the coach, `&learn=0`).
pub fn bots_play(screen: &Screen) -> bool {
    matches!(screen, Screen::Game | Screen::Learn(_, Some(0)))
}

/// The record on this device: the lessons done, by game,
/// `{"katzenjammer":[1,2],"jachete":[]}`.
pub const PROGRESS_KEY: &str = "tablee.learn";

/// The lessons of `game` done on this device (numbers from 1).
pub fn done_lessons(game: GameId) -> Vec<usize> {
    browser::load(PROGRESS_KEY)
        .and_then(|text| Json::parse(&text).ok())
        .and_then(|json| json.get(game.code()).and_then(Json::as_array).map(|l| l.iter().filter_map(Json::as_u64).map(|n| n as usize).collect()))
        .unwrap_or_default()
}

/// Sets the gate (a lesson on the table); returns its number, for [`clear_gate`].
pub fn set_gate(gate: Gate) -> u64 {
    let id = GATES.get() + 1;
    GATES.set(id);
    GATE.with(|g| *g.borrow_mut() = Some((id, gate)));
    id
}

/// Clears gate `id` (not a later lesson's).
pub fn clear_gate(id: u64) {
    GATE.with(|g| {
        let mut g = g.borrow_mut();
        if g.as_ref().is_some_and(|(current, _)| *current == id) {
            *g = None;
        }
    });
}

/// Whether the move may be played (always, with no lesson on the table).
pub(crate) fn allows(action: impl FnOnce() -> Json) -> bool {
    match GATE.with(|g| g.borrow().as_ref().map(|(_, gate)| gate.clone())) {
        Some(gate) => gate(&action()),
        None => true,
    }
}

/// The games whose lessons were offered on this device (`learn-offer`):
/// offered once, at the first table of a game never played here.
const OFFERED_KEY: &str = "tablee.learn.offered";

thread_local!(static OFFERING: std::cell::Cell<Option<GameId>> = const { std::cell::Cell::new(None) });

/// One line in a table's turn line (pinned at the top of a phone's window,
/// so that it is in view at the first decision) of a game never played on
/// this device by someone who took none of its lessons, whatever the way to the table (a
/// friend's link, Play, a broken link's fresh start, the daily deal), or
/// above a replay of such a game (`replay`, its game): its lessons, one tap
/// away, before the first decision (issue 52). It hides nothing of the
/// table; it is offered once (a reload of that visit keeps it), and goes
/// with the person's first move (the pinned line is a line shorter for the
/// rest of the game).
#[component]
pub fn LearnOffer(#[prop(optional)] replay: Option<GameId>) -> impl IntoView {
    let ctx = ctx();
    let game = match replay {
        // A replay is always a link's (or "Your games"', of a game played here).
        Some(g) => Some((g, ctx.shell.with_untracked(|sh| sh.history(g).played))),
        None => ctx.shell.with_untracked(|sh| sh.game.as_ref().map(|g| (g.game(), sh.history(g.game()).played))),
    };
    let offered = browser::load(OFFERED_KEY).unwrap_or_default();
    let on_table = replay.is_some() || ctx.screen.get_untracked() == Screen::Game;
    let show = match game {
        Some((g, 0)) if on_table && !ctx.puzzle.get_untracked() && done_lessons(g).is_empty() => {
            OFFERING.get() == Some(g) || !offered.split(',').any(|c| c == g.code())
        }
        _ => false,
    };
    let game = game.map(|(g, _)| g).filter(|_| show)?;
    if OFFERING.get() != Some(game) {
        OFFERING.set(Some(game));
        browser::store(OFFERED_KEY, &format!("{offered},{}", game.code()));
    }
    // Put away for good by its ✕ (a reload of this visit shows it no more).
    let (open, set_open) = signal(true);
    let dismiss = move |_| {
        OFFERING.set(None);
        set_open.set(false);
    };
    let moved = Memo::new(move |_| ctx.shell.with(|sh| sh.game.as_ref().is_some_and(|g| crate::games::each_game!(session g, s => s.people_moved()))));
    let open = move || open.get() && (replay.is_some() || !moved.get());
    Some(view! {
        <Show when=open>
            <p class="note learn-offer" data-testid="learn-offer">
                {move || crate::i18n::learn_offer(ctx.lang())}
                // A link, as the lessons' other ways in: their page of its own.
                <a data-testid="learn-offer-open" href=link(game, None)>
                    {move || ctx.lang().s().learn_to_play}
                </a>
                <button type="button" class="learn-offer-close" data-testid="learn-offer-close" aria-label=move || ctx.lang().s().dismiss on:click=dismiss>
                    "✕"
                </button>
            </p>
        </Show>
    })
}

/// A course's address: `?game=jachete&learn` (the course, `None`) or
/// `&learn=N` (lesson N, from 1; a number that does not read opens the
/// course); `&learn=0` deals the coached first game.
pub fn learn_link(search: &str) -> Option<(GameId, Option<usize>)> {
    let pairs = url::parse(search);
    let n = url::get(&pairs, "learn")?;
    let game = url::get(&pairs, "game").and_then(GameId::parse).unwrap_or_else(crate::app::link::unnamed);
    Some((game, n.trim().parse().ok()))
}

/// The address of a course or one of its lessons.
pub fn link(game: GameId, lesson: Option<usize>) -> String {
    match lesson {
        Some(n) => format!("?game={}&learn={n}", game.code()),
        None => format!("?game={}&learn", game.code()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_course_and_a_lesson_are_addresses() {
        // Every game's course and lessons by its code, written and read back.
        for game in GameId::ALL {
            let code = game.code();
            assert_eq!(learn_link(&format!("?game={code}&learn")), Some((game, None)));
            assert_eq!(learn_link(&format!("?game={code}&learn=3")), Some((game, Some(3))));
            assert_eq!(learn_link(&format!("?game={code}&seed=1K7Q-M3ZD")), None, "a deal is no lesson");
            for n in [None, Some(2)] {
                assert_eq!(learn_link(&link(game, n)), Some((game, n)));
            }
        }
        // The first links named no game: theirs (`link::unnamed`).
        let unnamed = crate::app::link::unnamed();
        assert_eq!(learn_link("?learn=0"), Some((unnamed, Some(0))));
        assert_eq!(learn_link("?learn=x"), Some((unnamed, None)));
    }
}
