//! The coached first game: a game against easy bots with the coach's
//! line beside it, its advice marked on the table.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::json::Json;

use super::texts::ln;
use crate::ui::context::{ctx, Ctx, Screen};
use crate::ui::flow::start_game;
use crate::ui::hint::{self, Hint};
use crate::ui::browser;
use crate::app::config::{SeatKind, TableConfig};
use crate::app::game::GameDef;
use crate::games::{GameId, with_game};
use super::game::*;
use super::marks::*;

/// The coached first game: a game against easy bots, the coach's line
/// beside it ([`coach_view`]).
pub(super) fn coached_game(ctx: Ctx, game: GameId) {
    let fresh = browser::fresh_seed();
    let table = with_game!(game, G => {
        let mut config = TableConfig::<G>::new(G::coached_deal(fresh), G::DEFAULT_PLAYERS);
        for seat in config.seats.iter_mut().skip(1) {
            // Easy bots that, in J'achète, lay nothing down before the
            // person has had six turns of the round (issue 52).
            *seat = SeatKind::Bot(tablee_bots::Level::Gentle);
        }
        <G as crate::games::Registered>::table(config)
    });
    start_game(ctx, table);
    if let Some(key) = ctx.shell.with_untracked(|sh| sh.key.clone()) {
        browser::store(COACHED_KEY, &key);
    }
    ctx.go(Screen::Learn(game, Some(0)));
}

/// Where the coached game's save key is kept: a reload finds it again.
pub(super) const COACHED_KEY: &str = "tablee.learn.coached";

/// The coached first game's screen (`&learn=0`): the game on the table if
/// it is the coached one (a reload resumes it), else a new one dealt; the
/// bots play on this screen as on the game's (`ui::coach::bots_play`).
pub(super) fn coached<G: Coached>(game: GameId) -> AnyView
where
    G::Action: Send + Sync + 'static,
{
    let ctx = ctx();
    let key = browser::load(COACHED_KEY);
    let on_table = ctx.shell.with_untracked(|sh| key.is_some() && sh.key == key && sh.game.as_ref().is_some_and(|g| g.game() == game));
    if !on_table {
        // Dealt in a task of its own: not while this screen is drawn; its
        // game's maker (the engine, in the table's part) fetched first.
        spawn_local(async move {
            if let Ok(maker) = crate::ui::parts::maker(game).await {
                ctx.shell.update_untracked(|sh| {
                    sh.add_maker(maker);
                });
            }
            coached_game(ctx, game)
        });
        return view! { <p class="panel loading" role="status">{move || ln(ctx.lang()).loading}</p> }.into_any();
    }
    crate::ui::parts::fetch_table(game);
    view! {
        <div class="coached-screen" data-testid="coached-screen">
            <crate::ui::parts::Part load=Box::new(move || crate::ui::parts::table(game)) />
            {coach_view::<G>()}
        </div>
    }
    .into_any()
}

/// What the coach says in the coached game, and where it points.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Says {
    /// What the bots did that matters, before the person's decision.
    talk: Option<String>,
    line: String,
    target: Target,
    /// The line waits for the bots' worker.
    thinking: bool,
}

impl Says {
    fn line(line: &str) -> Says {
        Says { line: line.to_string(), ..Says::default() }
    }
}

/// What the coach points at.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) enum Target {
    #[default]
    None,
    /// The suggested move's next element (the move in the notation).
    Move(Json),
    /// An element of the table (a CSS selector): "Next round".
    At(String),
}

/// The coach beside a real game (the coached first game, issue 52): before
/// each of the person's decisions, what the bots just did that matters,
/// then the expert's move — asked of the bots' worker as the Hint button
/// asks for the hint (`ui::hint::ask_with`; the job `Job::Advise`: the
/// game's `GameDef::coach`, which `tablee coach` measures), "thinking"
/// until it comes — with why in plain words (the hint's own reason,
/// [`GameUi::hint_reason`]), and the move's next element as the target. At
/// a J'achète round's end, its wrap-up; once over, a last line. A line is
/// only ever the current decision's: another move, a round's end or the
/// game's end replaces it at once. The person may follow it or not.
pub(super) fn coach_view<G: Coached>() -> AnyView
where
    G::Action: Send + Sync + 'static,
{
    let ctx = ctx();
    let alive = Arc::new(AtomicBool::new(true));
    let choices = RwSignal::new(Hint::<G::Action>::Off);
    // The decision the worker was last asked about.
    let asked = StoredValue::new(None::<usize>);
    // The moment on the table: its move number, whether the person is to
    // act, whether it is over (not the table's notes: a card picked changes
    // the target only, `mark_advice`).
    let moment = Memo::new(move |_| ctx.game::<G, _>(|s| (s.actions().len(), s.human_to_act().is_some(), s.is_over())));
    // Asked at each of the person's decisions (once each).
    Effect::new(move |_| {
        if let Some((at, true, false)) = moment.get() {
            if asked.get_value() != Some(at) {
                asked.set_value(Some(at));
                hint::ask_with::<G>(ctx, choices, |s| Some(crate::app::worker::advise_job(s, 3)));
            }
        }
    });
    let says = Memo::new(move |_| {
        let lang = ctx.lang();
        let s = ln(lang);
        let held = ctx.hold.get();
        let choices = choices.get();
        let Some((now, person, over)) = moment.get() else { return Says::line(s.watching) };
        ctx.game_untracked::<G, _>(|session| {
            if over {
                return Says::line(s.game_over);
            }
            if held {
                return match G::wrap_up(session, lang) {
                    Some((line, at)) => Says { line, target: Target::At(at), ..Says::default() },
                    None => Says::line(s.watching),
                };
            }
            if !person {
                return Says::line(s.watching);
            }
            let talk = G::table_talk(session, lang);
            match choices {
                Hint::Ready { at, choices } if at == now && !choices.is_empty() => {
                    let best = &choices[0].0;
                    let what = G::advice_move(session, best, lang);
                    let line = match G::hint_reason(session, &choices, lang) {
                        Some(why) => format!("{what} — {why}."),
                        None => format!("{what}."),
                    };
                    Says { talk, line, target: Target::Move(G::action_to_json(best)), thinking: false }
                }
                // Asked, and no answer came (no worker): the person plays alone.
                Hint::Off if asked.get_value() == Some(now) => Says { talk, ..Says::line(s.no_advice) },
                _ => Says { talk, thinking: true, ..Says::line(s.thinking) },
            }
        })
        .unwrap_or_else(|| Says::line(s.watching))
    });
    let remark = {
        let alive = alive.clone();
        move || {
            let alive = alive.clone();
            request_animation_frame(move || mark_advice::<G>(ctx, says, alive, 100));
        }
    };
    {
        let remark = remark.clone();
        Effect::new(move |_| {
            says.track();
            remark();
        });
    }
    // A card picked changes the next element to tap: marked again after every click.
    let clicks = window_event_listener(leptos::ev::click, move |_| remark());
    {
        let alive = alive.clone();
        on_cleanup(move || {
            alive.store(false, Ordering::Relaxed);
            clicks.remove();
        });
    }
    let thinking = move || says.with(|s| s.thinking);
    let panel = coach_height();
    view! {
        <section class="panel coach coach-game" data-testid="coach" aria-labelledby="coach-title" node_ref=panel>
            <h2 id="coach-title" class="sr-only">{move || ln(ctx.lang()).coach}</h2>
            {move || says.with(|s| s.talk.clone()).map(|talk| view! { <p class="coach-table" data-testid="coach-table">{talk}</p> })}
            <p class="coach-line" class:thinking-note=thinking data-testid="coach-line" data-thinking=move || thinking().to_string() aria-live="polite">
                {move || says.with(|s| s.line.clone())}
            </p>
        </section>
    }
    .into_any()
}

/// The coach's panel, its height published to the stylesheet as
/// `--coach-h` (J'achète's bar of buttons is docked on it: learn.css).
pub(super) fn coach_height() -> NodeRef<leptos::html::Section> {
    let panel = NodeRef::new();
    panel.on_load(|el: web_sys::HtmlElement| browser::publish_height(&el, "--coach-h"));
    panel
}

/// Marks the coach's target (the suggested move's next element, or the
/// wrap-up's button); tries again while the table has not drawn it yet.
pub(super) fn mark_advice<G: Coached>(ctx: Ctx, memo: Memo<Says>, alive: Arc<AtomicBool>, left: u32) {
    if !alive.load(Ordering::Relaxed) {
        return;
    }
    let Some(says) = memo.try_get_untracked() else { return };
    clear_marks();
    let selector = match &says.target {
        Target::None => None,
        Target::At(selector) => Some(selector.clone()),
        Target::Move(action) => G::action_from_json(action).ok().and_then(|action| ctx.game_untracked::<G, _>(|s| G::target(s, &action)).flatten()),
    };
    let target = selector.and_then(|selector| page_document()?.query_selector(&selector).ok().flatten());
    if let Some(el) = &target {
        let _ = el.set_attribute("data-coach", "target");
        into_view::<G>(el);
        into_view_once_settled::<G>(el.clone());
    }
    count_mark();
    if target.is_none() && says.target != Target::None && left > 0 {
        set_timeout(move || mark_advice::<G>(ctx, memo, alive, left - 1), std::time::Duration::from_millis(100));
    }
}
