//! A game's course: its lessons fetched once a visit, ✓ for those done
//! here, and the screen that opens the course, a lesson or the coached game.

use std::cell::RefCell;
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_lessons::Course;

use super::texts::ln;
use crate::ui::context::{ctx, Screen};
use crate::ui::{browser, coach};
use crate::ui::coach::done_lessons;
use crate::games::{GameId, with_game};
use crate::app::lang::Lang;
use super::coached::*;
use super::game::*;
use super::lesson::*;

pub(super) type Loaded = Option<Result<Arc<Course>, String>>;

thread_local! {
    /// The courses fetched this visit.
    static COURSES: RefCell<Vec<(GameId, Arc<Course>)>> = const { RefCell::new(Vec::new()) };
}

/// `lessons/<game>.json`, fetched once a visit (precached for offline use).
pub(super) fn loaded_course(game: GameId) -> RwSignal<Loaded> {
    let cached = COURSES.with(|c| c.borrow().iter().find(|(g, _)| *g == game).map(|(_, c)| c.clone()));
    let loaded = RwSignal::new(cached.map(Ok));
    if loaded.get_untracked().is_none() {
        spawn_local(async move {
            let course = match browser::fetch_text(&format!("lessons/{}.json", game.code())).await {
                None => Err("no file".to_string()),
                Some(text) => Course::read(&text).map(Arc::new),
            };
            if let Ok(course) = &course {
                COURSES.with(|c| c.borrow_mut().push((game, course.clone())));
            }
            // The screen may be gone meanwhile: then nobody waits for it.
            let _ = loaded.try_set(Some(course));
        });
    }
    loaded
}

/// A game's course (`lesson: None`) or its lesson N.
#[component]
pub fn Learn(game: GameId, lesson: Option<usize>) -> impl IntoView {
    with_game!(game, G => learn::<G>(game, lesson))
}

pub(super) fn learn<G: Coached>(game: GameId, lesson: Option<usize>) -> AnyView
where
    G::Action: Send + Sync + 'static,
{
    let ctx = ctx();
    if lesson.is_some() {
        crate::ui::parts::fetch_table(game);
    }
    let course = loaded_course(game);
    // The lessons' stylesheet (not in the first load's styles), with the
    // part: added to the document once and kept, so that a lesson opened from
    // another (its "Next lesson") is laid out with it from its first frame,
    // where the coach's target is scrolled into view (issue 52).
    browser::add_stylesheet("lessons/learn.css");
    // This closure re-runs only when the course arrives: the language is
    // read inside each piece's own closures. (Reading it here rebuilt a
    // lesson on every switch of language: its table's holder twice, its
    // step lost, and the table before ran on disposed values.)
    let screen = move || {
        match course.get() {
            None => view! { <p class="panel loading" role="status">{move || ln(ctx.lang()).loading}</p> }.into_any(),
            Some(Err(why)) => {
                leptos::logging::warn!("lessons: {why}");
                view! { <p class="panel problem" role="alert" data-testid="learn-problem">{move || ln(ctx.lang()).no_file}</p> }.into_any()
            }
            // Lesson 0: the coached first game, its table and the coach.
            Some(Ok(_)) if lesson == Some(0) => coached::<G>(game),
            Some(Ok(course)) => match lesson.filter(|&n| course.lesson(n).is_some()) {
                Some(n) => lesson_view::<G>(game, course, n),
                None => course_view(game, course),
            },
        }
    };
    screen.into_any()
}

/// The course: each lesson with ✓ once done, and the one to do next.
pub(super) fn course_view(game: GameId, course: Arc<Course>) -> AnyView {
    let ctx = ctx();
    let done = done_lessons(game);
    let next = (1..=course.lessons.len()).find(|n| !done.contains(n));
    let open = move |n: usize| move |_| ctx.go(Screen::Learn(game, Some(n)));
    (move || {
        let lang = ctx.lang();
        let s = ln(lang);
        let fr = lang == Lang::Fr;
        let items = course
            .lessons
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let n = i + 1;
                let is_done = done.contains(&n);
                view! {
                    <li class:done=is_done data-testid=format!("lesson-item-{n}")>
                        <button type="button" data-testid=format!("lesson-open-{n}") on:click=open(n)>
                            {format!("{n}. {}", l.title.pick(fr))}
                        </button>
                        {is_done.then(|| view! { " " <span class="tick" data-testid=format!("lesson-done-mark-{n}")>"✓"<span class="sr-only">" " {s.done_mark}</span></span> })}
                    </li>
                }
            })
            .collect_view();
        let main = match next {
            Some(1) => view! { <button type="button" class="primary big" data-testid="learn-start" on:click=open(1)>{s.start}</button> }.into_any(),
            Some(n) => view! { <button type="button" class="primary big" data-testid="learn-start" on:click=open(n)>{format!("{} {n}", s.continue_at)}</button> }.into_any(),
            None => view! {
                <p data-testid="learn-all-done">{s.course_done}</p>
                <p class="actions">
                    <a class="button primary" data-testid="coach-game" href=coach::link(game, Some(0))>{s.coached_game}</a>
                    <button type="button" data-testid="learn-start" on:click=open(1)>{s.again_all}</button>
                </p>
            }
            .into_any(),
        };
        view! {
            <section class="panel learn-course" data-testid="learn-course">
                <h1>{format!("{} {}", s.learn, game.title())}</h1>
                <p>{s.intro}</p>
                <ol class="lesson-list">{items}</ol>
                {main}
            </section>
        }
    })
    .into_any()
}
