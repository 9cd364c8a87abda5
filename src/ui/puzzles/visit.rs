//! What the puzzles' screens keep for the visit: the puzzle files fetched
//! (an index, then the parts a puzzle needs), this browser's record, and
//! the theme and difficulty chosen; and what both screens show when a file
//! or a puzzle cannot be (`PuzzleProblem`, `RecordAside`).

use std::cell::{Cell, RefCell};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_puzzles::format::{Parts, PuzzleFile};

use super::texts::{self, pz_tr};
use crate::ui::browser::{self, LocalStorage};
use crate::ui::context::{ctx, tr, Ctx, Screen};
use crate::games::GameId;
use crate::app::puzzles::{self, Progress, PuzzleError, PROGRESS_KEY};
use crate::app::save::SaveError;

pub(super) type Loaded = Option<Result<Arc<PuzzleFile>, PuzzleError>>;

thread_local! {
    /// The puzzle files fetched, by game: the index with the parts read so
    /// far, and where its parts are (`None`: a whole file).
    static FILES: RefCell<Vec<(GameId, Arc<PuzzleFile>, Option<Parts>)>> = const { RefCell::new(Vec::new()) };
    /// The record could not be read this visit and was set aside.
    static ASIDE: RefCell<bool> = const { RefCell::new(false) };
    /// The theme and difficulty chosen on the list this visit: the list
    /// shows them again, and a puzzle's "Next" keeps to them (the themes
    /// are a game's own: a game chosen starts from "All").
    pub(super) static CHOICE: Cell<(GameId, puzzles::Choice)> = const { Cell::new((GameId::ALL[0], puzzles::Choice { kind: None, difficulty: None })) };
}

/// The theme and difficulty chosen for `game` this visit.
pub(super) fn choice_of(game: GameId) -> puzzles::Choice {
    let (chosen, choice) = CHOICE.get();
    if chosen == game { choice } else { puzzles::Choice::default() }
}

/// `game`'s puzzle file, once fetched.
pub(super) fn cached(game: GameId) -> Option<Arc<PuzzleFile>> {
    FILES.with(|f| f.borrow().iter().find(|(g, ..)| *g == game).map(|(_, file, _)| file.clone()))
}

/// The part of `game`'s fetched file still to read before puzzle `id`
/// opens (`None`: none is, or the file is not fetched).
pub(super) fn part_missing(game: GameId, id: Option<u32>) -> Option<usize> {
    FILES.with(|f| f.borrow().iter().find(|(g, ..)| *g == game).and_then(|(_, file, parts)| puzzles::part_needed(file, parts.as_ref(), id)))
}

/// `game`'s puzzle file (its index), fetched once.
pub(super) async fn load_file(game: GameId) -> Result<Arc<PuzzleFile>, PuzzleError> {
    if let Some(file) = cached(game) {
        return Ok(file);
    }
    let text = browser::fetch_text(&puzzles::file_path(game)).await.ok_or(PuzzleError::NoFile)?;
    let (file, parts) = puzzles::read_index(game, &text)?;
    let file = Arc::new(file);
    FILES.with(|f| f.borrow_mut().push((game, file.clone(), parts)));
    Ok(file)
}

/// `game`'s puzzle file with puzzle `id`'s game's actions read: the index,
/// then the one part holding them (fetched once).
pub(super) async fn load_puzzle(game: GameId, id: Option<u32>) -> Result<Arc<PuzzleFile>, PuzzleError> {
    let file = load_file(game).await?;
    let Some(part) = part_missing(game, id) else { return Ok(file) };
    let text = browser::fetch_text(&puzzles::part_path(game, part)).await.ok_or(PuzzleError::NoFile)?;
    // Read into the file as it is now (another part may have come meanwhile).
    FILES.with(|f| {
        let mut files = f.borrow_mut();
        let (_, file, parts) = files.iter_mut().find(|(g, ..)| *g == game).ok_or(PuzzleError::NoFile)?;
        if let (Some(part), Some(parts)) = (puzzles::part_needed(file, parts.as_ref(), id), parts.as_ref()) {
            let mut read = PuzzleFile::clone(file);
            read.read_part(parts, part, &text).map_err(|e| PuzzleError::BadFile(format!("{}: {e}", puzzles::part_path(game, part))))?;
            *file = Arc::new(read);
        }
        Ok(file.clone())
    })
}

/// A signal with `game`'s file once loaded: its index for the list (`None`),
/// with puzzle `id`'s part read for a puzzle (`Some(id)`).
pub(super) fn loaded_file(game: GameId, puzzle: Option<Option<u32>>) -> RwSignal<Loaded> {
    let ready = cached(game).filter(|_| puzzle.is_none_or(|id| part_missing(game, id).is_none()));
    let loaded = RwSignal::new(ready.map(Ok));
    if loaded.get_untracked().is_none() {
        spawn_local(async move {
            let file = match puzzle {
                None => load_file(game).await,
                Some(id) => load_puzzle(game, id).await,
            };
            if let Err(PuzzleError::BadFile(why)) = &file {
                leptos::logging::warn!("puzzles: {why}");
            }
            loaded.set(Some(file));
        });
    }
    loaded
}

/// This browser's record; an unreadable one is set aside (kept, said so).
pub(super) fn load_progress(ctx: Ctx) -> Progress {
    let Some(text) = browser::load(PROGRESS_KEY) else { return Progress::default() };
    Progress::read(&text).unwrap_or_else(|error: SaveError| {
        ctx.shell.update_untracked(|sh| {
            sh.set_aside(&mut LocalStorage, PROGRESS_KEY.strip_prefix("tablee.").unwrap_or(PROGRESS_KEY), PROGRESS_KEY, &text, error, browser::now_ms());
            // The puzzles say it in their own words (not a saved game's notice).
            sh.set_aside = None;
        });
        ASIDE.with(|a| *a.borrow_mut() = true);
        Progress::default()
    })
}

#[component]
pub(super) fn RecordAside() -> impl IntoView {
    ASIDE.with(|a| *a.borrow()).then(|| {
        view! { <p class="notice" role="alert" data-testid="puzzle-record-aside">{pz_tr(|s| s.record_aside)}</p> }
    })
}

/// A puzzle that cannot be shown: why, and ways out.
#[component]
pub(super) fn PuzzleProblem(game: GameId, error: PuzzleError) -> impl IntoView {
    let ctx = ctx();
    let list = !matches!(error, PuzzleError::NoFile | PuzzleError::BadFile(_));
    view! {
        <div class="problem" role="alert" data-testid="puzzle-problem">
            <p>{move || texts::error_text(&error, ctx.lang())}</p>
            <p class="actions">
                {list.then(|| view! {
                    <button type="button" class="primary" data-testid="puzzle-list" on:click=move |_| ctx.go(Screen::Puzzles(game))>
                        {pz_tr(|s| s.all_puzzles)}
                    </button>
                })}
                <button type="button" data-testid="problem-home" on:click=move |_| ctx.go(Screen::Home)>
                    {tr(|s| s.problem_home)}
                </button>
            </p>
        </div>
    }
}
