//! The puzzles' list: a game chosen, its puzzle of the day, the next
//! unsolved puzzle of a theme and difficulty, the recent ones.

use std::sync::Arc;

use leptos::prelude::*;
use tablee_puzzles::format::{Kind, PuzzleFile};

use super::texts::{self, pz, pz_tr};
use super::visit::{choice_of, load_progress, loaded_file, PuzzleProblem, RecordAside, CHOICE};
use crate::ui::browser;
use crate::ui::context::{ctx, Screen};
use crate::games::GameId;
use crate::app::puzzles::{self, Progress};

/// The puzzles screen, `game` chosen: the games, the record of both, then
/// that game's puzzle of the day, its themes and difficulties with the next
/// unsolved puzzle, and its puzzles tried lately.
#[component]
pub fn List(game: GameId) -> impl IntoView {
    let ctx = ctx();
    let loaded = loaded_file(game, None);
    let progress = load_progress(ctx);
    let today = browser::today_utc();
    let open = move |id: u32| ctx.go(Screen::Puzzle(game, Some(id)));
    let counts = (progress.solved(), progress.first_tries_right(), progress.rating, progress.streak_on(today));
    let record = move || texts::record_text(counts.0, counts.1, counts.2, counts.3, ctx.lang());
    let marks = progress.clone();
    let mark = move |id: u32| match marks.tried(game, id) {
        Some(t) if t.solved => ("solved", "✓", pz(ctx.lang()).solved_mark),
        Some(_) => ("missed", "✗", pz(ctx.lang()).missed_mark),
        None => ("", "", ""),
    };
    let body = move || match loaded.get() {
        None => view! { <p role="status" data-testid="puzzles-loading">{pz_tr(|s| s.loading)}</p> }.into_any(),
        Some(Err(error)) => view! { <PuzzleProblem game error /> }.into_any(),
        Some(Ok(file)) => {
            let daily = puzzles::daily(&file, today).map(|p| (p.id, p.difficulty));
            view! {
                {daily.map(|(id, d)| {
                    let (class, sign, label) = mark(id);
                    view! {
                        <section class="puzzle-daily" aria-labelledby="daily-title">
                            <h2 id="daily-title">{pz_tr(|s| s.daily_title)} " · " {today.to_string()}</h2>
                            <p>
                                {move || texts::puzzle_title(id, ctx.lang())} " · " {move || texts::difficulty(d, ctx.lang())}
                                <span class=format!("mark {class}") aria-label=label>" " {sign}</span>
                            </p>
                            <button type="button" class="primary" data-testid="puzzle-daily" data-id=id.to_string() on:click=move |_| open(id)>
                                {pz_tr(|s| s.open)}
                            </button>
                        </section>
                    }
                })}
                <Chooser game file=file.clone() progress=progress.clone() />
                <Recent game progress=progress.clone() />
            }
            .into_any()
        }
    };
    view! {
        <section class="panel puzzles" data-testid="puzzles-screen" data-game=game.code() aria-labelledby="puzzles-title">
            <h1 id="puzzles-title">{pz_tr(|s| s.title)}</h1>
            <RecordAside />
            <p class="pitch">{pz_tr(|s| s.intro)}</p>
            <GameChoice game />
            <p class="record" data-testid="puzzle-record">{record}</p>
            {body}
        </section>
    }
}

/// The games whose puzzles the screen shows: choosing one shows its own
/// (its file fetched then, not before).
#[component]
fn GameChoice(game: GameId) -> impl IntoView {
    let ctx = ctx();
    let games = GameId::ALL
        .into_iter()
        .filter(|g| g.has_puzzles())
        .map(|g| {
            view! {
                <label class="choice">
                    <input type="radio" name="puzzle-game" data-testid=format!("puzzle-game-{}", g.code())
                        prop:checked=g == game
                        on:change=move |_| ctx.go(Screen::Puzzles(g)) />
                    " " {g.title()}
                </label>
            }
        })
        .collect_view();
    view! {
        <fieldset class="chips puzzle-games">
            <legend>{pz_tr(|s| s.game_label)}</legend>
            {games}
        </fieldset>
    }
}

/// The main way in (issue 32): a theme and a difficulty, then the next
/// puzzle not yet solved among them — no wall of numbers to pick from.
#[component]
fn Chooser(game: GameId, file: Arc<PuzzleFile>, progress: Progress) -> impl IntoView {
    let ctx = ctx();
    let choice = RwSignal::new(choice_of(game));
    Effect::new(move |_| CHOICE.set((game, choice.get())));
    let next = {
        let (file, progress) = (file.clone(), progress.clone());
        Memo::new(move |_| puzzles::next_unsolved(game, &file, choice.get(), &progress).map(|p| p.id))
    };
    let counts = {
        let (file, progress) = (file.clone(), progress.clone());
        move || {
            let (solved, all) = puzzles::solved_of(game, &file, choice.get(), &progress);
            texts::solved_of(solved, all, ctx.lang())
        }
    };
    let theme = |kind: Option<Kind>| {
        let label = move || kind.map_or(pz(ctx.lang()).any_theme, |k| texts::kind_name(game, k, ctx.lang()));
        let testid = format!("puzzle-theme-{}", kind.map_or("any", Kind::code));
        view! {
            <label class="choice">
                <input type="radio" name="puzzle-theme" data-testid=testid
                    prop:checked=move || choice.get().kind == kind
                    on:change=move |_| choice.update(|c| c.kind = kind) />
                " " {label}
            </label>
        }
    };
    let level = |difficulty: Option<u8>| {
        let label = move || difficulty.map_or(pz(ctx.lang()).any_level, |d| texts::difficulty(d, ctx.lang()));
        let stars = difficulty.map(|d| view! { <span aria-hidden="true">{format!("{} ", "★".repeat(usize::from(d)))}</span> });
        let testid = format!("puzzle-level-{}", difficulty.map_or("any".to_string(), |d| d.to_string()));
        view! {
            <label class="choice">
                <input type="radio" name="puzzle-level" data-testid=testid
                    prop:checked=move || choice.get().difficulty == difficulty
                    on:change=move |_| choice.update(|c| c.difficulty = difficulty) />
                " " {stars} {label}
            </label>
        }
    };
    let themes = std::iter::once(None).chain(puzzles::kinds(game, &file).into_iter().map(Some)).map(theme).collect_view();
    let levels = [None, Some(1), Some(2), Some(3)].into_iter().map(level).collect_view();
    view! {
        <section class="puzzle-chooser" aria-labelledby="chooser-title">
            <h2 id="chooser-title">{pz_tr(|s| s.choose_title)}</h2>
            <fieldset class="chips">
                <legend>{pz_tr(|s| s.theme_label)}</legend>
                {themes}
            </fieldset>
            <fieldset class="chips">
                <legend>{pz_tr(|s| s.level_label)}</legend>
                {levels}
            </fieldset>
            <p class="note" data-testid="puzzle-solved-of">{counts}</p>
            {move || match next.get() {
                Some(id) => view! {
                    <button type="button" class="primary big" data-testid="puzzle-next-unsolved" data-id=id.to_string()
                        on:click=move |_| ctx.go(Screen::Puzzle(game, Some(id)))>
                        {pz_tr(|s| s.next_unsolved)}
                    </button>
                }.into_any(),
                None => view! { <p class="ok" data-testid="puzzle-all-solved">{pz_tr(|s| s.all_solved)}</p> }.into_any(),
            }}
        </section>
    }
}

/// `game`'s puzzles tried on this device, newest first: a missed one is one tap away.
#[component]
fn Recent(game: GameId, progress: Progress) -> impl IntoView {
    let ctx = ctx();
    let recent: Vec<puzzles::Tried> = progress.tried.iter().rev().filter(|t| t.game == game).take(RECENT).copied().collect();
    (!recent.is_empty()).then(|| {
        let items = recent
            .into_iter()
            .map(|t| {
                let (class, sign, label) = if t.solved {
                    ("solved", "✓", pz_tr(|s| s.solved_mark))
                } else {
                    ("missed", "✗", pz_tr(|s| s.missed_mark))
                };
                view! {
                    <li>
                        <button type="button" class=class data-testid=format!("puzzle-{}", t.id) on:click=move |_| ctx.go(Screen::Puzzle(game, Some(t.id)))>
                            {move || texts::puzzle_title(t.id, ctx.lang())} " " <span aria-label=label>{sign}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <section class="puzzle-recent" aria-labelledby="recent-title">
                <h2 id="recent-title">{pz_tr(|s| s.recent_title)}</h2>
                <ul class="puzzle-ids">{items}</ul>
            </section>
        }
    })
}

/// How many tried puzzles the list shows.
const RECENT: usize = 12;

