//! One lesson on the game's real table: its steps, the gate each move
//! passes, the bots' scripted replies, the target marked, done marked.

use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::json::Json;
use tablee_engine::Seed;
use tablee_lessons::{Course, Lesson, Step};

use super::texts::ln;
use crate::ui::context::{ctx, on_leave, Ctx, Speed};
use crate::ui::{browser, coach};
use crate::ui::coach::{done_lessons, PROGRESS_KEY};
use crate::app::config::TableConfig;
use crate::games::GameId;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::app::worker::Reply;
use super::coached::*;
use super::game::*;
use super::marks::*;

pub(super) fn mark_done(game: GameId, n: usize) {
    let mut json = browser::load(PROGRESS_KEY).and_then(|text| Json::parse(&text).ok()).filter(|j| matches!(j, Json::Obj(_))).unwrap_or(Json::Obj(Vec::new()));
    let mut done = done_lessons(game);
    if !done.contains(&n) {
        done.push(n);
        done.sort_unstable();
    }
    json.set(game.code(), Json::Arr(done.into_iter().map(Json::from).collect()));
    browser::store(PROGRESS_KEY, &json.text());
}

/// Where a lesson is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Phase {
    /// Step `i` is on.
    Step(usize),
    /// The step's move was made; the bots' replies are coming.
    Replies(usize),
    Done,
}

pub(super) fn lesson_view<G: Coached>(game: GameId, course: Arc<Course>, n: usize) -> AnyView {
    let ctx = ctx();
    let lesson = Arc::new(course.lessons[n - 1].clone());
    let count = course.lessons.len();
    let phase = RwSignal::new(Phase::Step(0));
    let wrong = RwSignal::new(None::<String>);
    // The table staged off the coach's way, in words (worked out as the
    // target is marked).
    let astray = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let alive = Arc::new(AtomicBool::new(true));
    let players = lesson.position.get("players").and_then(Json::as_u64).unwrap_or(4) as usize;
    // The lesson's position goes on the table in a task of its own, once
    // the screen before (a lesson's table, the game's) is gone: changing
    // the shell's game while the table before still runs its effects had
    // them read values already disposed (issue 41's kind of panic).
    let token = Arc::new(AtomicU64::new(0));
    let gate_id = Arc::new(AtomicU64::new(0));
    let ready = RwSignal::new(false);
    match G::opening(&lesson) {
        Ok(state) => {
            let (lesson, alive, token, gate_id) = (lesson.clone(), alive.clone(), token.clone(), gate_id.clone());
            spawn_local(async move {
                if !alive.load(Ordering::Relaxed) {
                    return;
                }
                let session = Session::<G>::at_position(TableConfig::new(Seed::from_number(0), players), state);
                token.store(crate::ui::puzzles::hold_lesson(ctx, session.into_any()), Ordering::Relaxed);
                // Every person's move passes the lesson first.
                let gate: coach::Gate = {
                    let alive = alive.clone();
                    Rc::new(move |json: &Json| judge::<G>(ctx, &lesson, phase, wrong, &alive, json))
                };
                gate_id.store(coach::set_gate(gate), Ordering::Relaxed);
                let _ = ready.try_set(true);
            });
        }
        Err(why) => problem.set(Some(why)),
    }
    {
        // The game in progress comes back as the player leaves, before the
        // lesson's table goes (never in `on_cleanup`: docs/architecture.md,
        // "Screens, and leaving one"); the gate goes with the lesson.
        let (leaving, token, gate) = (alive.clone(), token.clone(), gate_id.clone());
        on_leave(move || {
            leaving.store(false, Ordering::Relaxed);
            coach::clear_gate(gate.load(Ordering::Relaxed));
            let token = token.load(Ordering::Relaxed);
            if token != 0 {
                crate::ui::puzzles::release(ctx, token);
            }
        });
        let alive = alive.clone();
        on_cleanup(move || {
            alive.store(false, Ordering::Relaxed);
            coach::clear_gate(gate_id.load(Ordering::Relaxed));
        });
    }
    // The target follows the lesson, the table and the table's own selection
    // (a card picked): marked again after every change and every click.
    let remark = {
        let (lesson, alive) = (lesson.clone(), alive.clone());
        move || schedule_mark::<G>(ctx, lesson.clone(), phase, astray, alive.clone())
    };
    {
        let remark = remark.clone();
        Effect::new(move |_| {
            phase.track();
            ctx.lang.track();
            ctx.shell.track();
            remark();
        });
    }
    Effect::new(move |_| {
        if phase.get() == Phase::Done {
            mark_done(game, n);
        }
    });
    let len = lesson.steps.len();
    let next_step = move |_| {
        if let Phase::Step(i) = phase.get_untracked() {
            wrong.set(None);
            phase.set(advance(&len, i));
        }
    };
    let head = {
        let lesson = lesson.clone();
        move || {
            let lang = ctx.lang();
            let s = ln(lang);
            view! {
                <section class="panel lesson-head" data-testid="lesson-head">
                    <h1>{format!("{} {n} {} {count} · {}", s.lesson, s.of, lesson.title.pick(lang == Lang::Fr))}</h1>
                    <a class="button to-list" data-testid="lesson-list" href=coach::link(game, None)>{s.all_lessons}</a>
                </section>
            }
        }
    };
    let line = {
        let lesson = lesson.clone();
        move || {
            let lang = ctx.lang();
            let fr = lang == Lang::Fr;
            match phase.get() {
                Phase::Step(i) => lesson.steps.get(i).map(|s| s.say.pick(fr).to_string()).unwrap_or_default(),
                Phase::Replies(_) => ln(lang).watching.to_string(),
                Phase::Done => lesson.done.pick(fr).to_string(),
            }
        }
    };
    let explain = {
        let lesson = lesson.clone();
        move || matches!(phase.get(), Phase::Step(i) if lesson.steps.get(i).is_some_and(|s| !s.is_action()))
    };
    let step_note = {
        let lesson = lesson.clone();
        move || match phase.get() {
            Phase::Step(i) | Phase::Replies(i) => format!("{} / {}", i + 1, lesson.steps.len()),
            Phase::Done => "✓".to_string(),
        }
    };
    let done_actions = move || {
        (phase.get() == Phase::Done).then(|| {
            let s = ln(ctx.lang());
            view! {
                <p class="actions" data-testid="lesson-done">
                    {if n < count {
                        view! { <a class="button primary" data-testid="lesson-next" href=coach::link(game, Some(n + 1))>{s.next_lesson}</a> }.into_any()
                    } else {
                        view! { <a class="button primary" data-testid="coach-game" href=coach::link(game, Some(0))>{s.coached_game}</a> }.into_any()
                    }}
                    <a class="button" data-testid="lesson-again" href=coach::link(game, Some(n))>{s.again}</a>
                    <a class="button" data-testid="lesson-list-end" href=coach::link(game, None)>{s.all_lessons}</a>
                </p>
            }
        })
    };
    let coach_offer = {
        let course = course.clone();
        move || (phase.get() == Phase::Done && n == count).then(|| view! { <p class="note">{course.coach.pick(ctx.lang() == Lang::Fr).to_string()}</p> })
    };
    view! {
        <div class="lesson-screen puzzle-screen" data-testid="lesson-screen" on:click=move |_| remark()>
            {head}
            {move || problem.get().map(|why| view! { <p class="panel problem" role="alert" data-testid="learn-problem">{why}</p> })}
            <Show when=move || ready.get() && problem.with(Option::is_none)>
                <crate::ui::parts::Part load=Box::new(move || crate::ui::parts::table(game)) />
            </Show>
            <section class="panel coach" data-testid="coach" aria-labelledby="coach-title" node_ref=coach_height()>
                <h2 id="coach-title" class="sr-only">{move || ln(ctx.lang()).coach}</h2>
                <p class="coach-step muted" data-testid="coach-step">{step_note}</p>
                <p class="coach-line" data-testid="coach-line" aria-live="polite">{line}</p>
                {move || astray.get().or_else(|| wrong.get()).map(|w| view! { <p class="coach-wrong" role="alert" data-testid="coach-wrong">{w}</p> })}
                <Show when=explain.clone()>
                    <button type="button" class="primary" data-testid="coach-next" on:click=next_step>{move || ln(ctx.lang()).next}</button>
                </Show>
                {coach_offer}
                {done_actions}
            </section>
        </div>
    }
    .into_any()
}

/// The phase after step `i` (of `len`).
pub(super) fn advance(len: &usize, i: usize) -> Phase {
    if i + 1 < *len {
        Phase::Step(i + 1)
    } else {
        Phase::Done
    }
}

/// The lesson's gate: the step's move goes through (its replies follow),
/// any other is refused with the lesson's words, the position kept.
pub(super) fn judge<G: Coached>(ctx: Ctx, lesson: &Arc<Lesson>, phase: RwSignal<Phase>, wrong: RwSignal<Option<String>>, alive: &Arc<AtomicBool>, json: &Json) -> bool {
    let lang = ctx.lang.get_untracked();
    let fr = lang == Lang::Fr;
    let step = match phase.get_untracked() {
        Phase::Step(i) => lesson.steps.get(i).filter(|s| s.is_action()).map(|s| (i, s)),
        Phase::Replies(_) => None,
        Phase::Done => {
            wrong.set(Some(ln(lang).lesson_over.to_string()));
            return false;
        }
    };
    let Some((i, step)) = step else {
        wrong.set(Some(ln(lang).follow.to_string()));
        return false;
    };
    let Ok(action) = G::action_from_json(json) else { return false };
    // The same move however it is written (a bid's cards, a table's melds in
    // another order): the puzzles' key.
    let key = |a: &Json| G::action_from_json(a).ok().map(|a| G::puzzle_key(&a));
    let mine = Some(G::puzzle_key(&action));
    if step.accept.iter().any(|a| key(a) == mine) {
        wrong.set(None);
        let before = ctx.shell.with_untracked(|sh| sh.game.as_ref().map_or(0, |g| g.moves()));
        let (step, alive) = (step.clone(), alive.clone());
        let len = lesson.steps.len();
        // After the table has played it (this runs once `ui::act` returns).
        spawn_local(async move {
            if !alive.load(Ordering::Relaxed) {
                return;
            }
            let played = ctx.shell.with_untracked(|sh| sh.game.as_ref().map_or(0, |g| g.moves())) > before;
            if played {
                replies::<G>(ctx, step, i, len, phase, alive).await;
            }
        });
        return true;
    }
    // Another move: the example's words, else the step's. A move the rules
    // refuse goes to the table, which says why in the game's own words
    // (the position stays: the engine refuses it).
    let example = step.refuse.iter().find(|r| key(&r.act) == mine);
    let refused = ctx.game_untracked::<G, _>(|s| tablee_engine::Game::check(s.state(), &action).is_err()).unwrap_or(false);
    let words = match (example.and_then(|r| r.say.as_ref()), &step.wrong) {
        (Some(say), _) | (None, Some(say)) => say.pick(fr).to_string(),
        (None, None) => ln(lang).follow.to_string(),
    };
    wrong.set(Some(words));
    refused
}

/// The bots' scripted replies to step `i`'s move, paced as the bots' speed
/// says, then the next step.
pub(super) async fn replies<G: Coached>(ctx: Ctx, step: Step, i: usize, len: usize, phase: RwSignal<Phase>, alive: Arc<AtomicBool>) {
    if !step.then.is_empty() {
        let _ = phase.try_set(Phase::Replies(i));
    }
    let delay = match ctx.speed.get_untracked() {
        Speed::Instant => 0,
        _ => 700,
    };
    for reply in &step.then {
        if delay > 0 {
            browser::sleep(delay).await;
        }
        if !alive.load(Ordering::Relaxed) {
            return;
        }
        ctx.shell.update(|sh| {
            let at = sh.game.as_ref().map_or(0, |g| g.moves());
            if !sh.bot_moved::<G>(at, Some(Reply::Action { action: reply.clone() })) {
                leptos::logging::warn!("lessons: a scripted reply was not played: {}", reply.text());
            }
        });
    }
    if alive.load(Ordering::Relaxed) {
        let _ = phase.try_set(advance(&len, i));
    }
}

/// Marks the coach's target in the next frame (the page shows the change
/// first); while the element is not there yet (the table's part still
/// coming), tries again a little later.
pub(super) fn schedule_mark<G: Coached>(ctx: Ctx, lesson: Arc<Lesson>, phase: RwSignal<Phase>, astray: RwSignal<Option<String>>, alive: Arc<AtomicBool>) {
    fn attempt<G: Coached>(ctx: Ctx, lesson: Arc<Lesson>, phase: RwSignal<Phase>, astray: RwSignal<Option<String>>, alive: Arc<AtomicBool>, left: u32) {
        if !alive.load(Ordering::Relaxed) {
            return;
        }
        let Some(now) = phase.try_get_untracked() else { return };
        // Off the coach's way (a wrong meld staged): the coach says so.
        let off = match now {
            Phase::Step(i) => lesson.steps.get(i).and_then(|s| s.accept.first()).and_then(|a| G::action_from_json(a).ok()).and_then(|a| {
                let lang = ctx.lang.get_untracked();
                ctx.game_untracked::<G, _>(|s| G::astray(s, &a, lang)).flatten()
            }),
            _ => None,
        };
        if astray.try_get_untracked().is_some_and(|was| was != off) {
            let _ = astray.try_set(off);
        }
        if !mark::<G>(ctx, &lesson, now) && left > 0 {
            set_timeout(move || attempt::<G>(ctx, lesson, phase, astray, alive, left - 1), std::time::Duration::from_millis(100));
        }
    }
    request_animation_frame(move || attempt::<G>(ctx, lesson, phase, astray, alive, 100));
}

/// One target: the element to tap; `point`: what an explaining step shows.
/// False when the step has a target that is not on the page yet.
pub(super) fn mark<G: Coached>(ctx: Ctx, lesson: &Lesson, phase: Phase) -> bool {
    clear_marks();
    let expected = !matches!(phase, Phase::Replies(_));
    let (target, point) = match phase {
        Phase::Replies(_) => (None, None),
        Phase::Done => (by_testid("lesson-next").or_else(|| by_testid("coach-game")), None),
        Phase::Step(i) => match lesson.steps.get(i) {
            None => (None, None),
            Some(step) if step.is_action() => {
                let action = step.accept.first().and_then(|a| G::action_from_json(a).ok());
                let selector = action.and_then(|a| ctx.game_untracked::<G, _>(|s| G::target(s, &a)).flatten());
                (selector.and_then(|t| page_document()?.query_selector(&t).ok().flatten()), None)
            }
            Some(step) => (by_testid("coach-next"), step.point.as_deref().and_then(by_testid)),
        },
    };
    if let Some(point) = &point {
        let _ = point.set_attribute("data-coach", "point");
        into_view::<G>(point);
    }
    if let Some(target) = &target {
        let _ = target.set_attribute("data-coach", "target");
        into_view::<G>(target);
        into_view_once_settled::<G>(target.clone());
    }
    count_mark();
    target.is_some() || !expected
}
