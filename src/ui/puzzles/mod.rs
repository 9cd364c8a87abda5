//! The puzzles' screens (docs/architecture.md, "Puzzles in the app"), a part
//! of the page loaded when first shown ([`super::parts`]): the list (the game
//! chosen, its puzzle of the day, the next unsolved puzzle of a chosen theme
//! and difficulty, the recent ones with their marks, the record of both
//! games) and one puzzle, of either game.
//!
//! A puzzle is solved on its game's own table: its position becomes the
//! shell's game while the puzzle is on screen — not saved, no hints, no bots
//! ([`crate::ui::context::Ctx::puzzle`]) — and the game in progress waits aside
//! ([`Held`]) until the puzzle screen goes. Once the first move is made the
//! table is frozen on the answer (`answer::answered`) until "Play on" makes the
//! position a normal game, kept in the list of unfinished games.
//!
//! A game's puzzle file's index (`puzzles/<game>.json`) is fetched the first
//! time that game's puzzles are opened (what the list needs); opening a
//! puzzle fetches besides only the part holding its game's actions and its
//! puzzles' candidates and explanations (`puzzles/<game>/<k>.json`,
//! docs/puzzles.md, "The file"): a puzzle is put on the table, judged and
//! answered only once opened with its part read ([`puzzles::open`]). All
//! are precached by the service worker for offline play.

pub(crate) mod answer;
pub(crate) mod texts;

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_puzzles::format::{Kind, Opened, Parts, PuzzleFile};

use self::texts::{pz, PzStrings};
use super::browser::{self, LocalStorage};
use super::context::{ctx, on_leave, tr, Ctx, Screen};
use super::flow::play_session;
use super::game_ui::GameUi;
use crate::app::controller::{Kept, Par};
use crate::games::{AnySession, GameId, with_game};
use crate::app::puzzles::{self, Progress, PuzzleError, Recorded, Verdict, PROGRESS_KEY};
use crate::app::save::SaveError;
use crate::app::worker::Reply;
use super::worker_client;
use tablee_engine::json::Json;
use tablee_puzzles::judge::Standing;

type Loaded = Option<Result<Arc<PuzzleFile>, PuzzleError>>;

/// The game in progress while a puzzle is on the table, and which opening
/// of a puzzle holds it (`token`).
struct Held {
    token: u64,
    game: Option<AnySession>,
    key: Option<String>,
    at: f64,
    /// Its par, when known (one still computing is asked again by no one:
    /// the game then shows none).
    par: Par,
}

thread_local! {
    /// The puzzle files fetched, by game: the index with the parts read so
    /// far, and where its parts are (`None`: a whole file).
    static FILES: RefCell<Vec<(GameId, Arc<PuzzleFile>, Option<Parts>)>> = const { RefCell::new(Vec::new()) };
    static HELD: RefCell<Option<Held>> = const { RefCell::new(None) };
    /// The record could not be read this visit and was set aside.
    static ASIDE: RefCell<bool> = const { RefCell::new(false) };
    /// The theme and difficulty chosen on the list this visit: the list
    /// shows them again, and a puzzle's "Next" keeps to them (the themes
    /// are a game's own: a game chosen starts from "All").
    static CHOICE: Cell<(GameId, puzzles::Choice)> = const { Cell::new((GameId::ALL[0], puzzles::Choice { kind: None, difficulty: None })) };
}

/// The theme and difficulty chosen for `game` this visit.
fn choice_of(game: GameId) -> puzzles::Choice {
    let (chosen, choice) = CHOICE.get();
    if chosen == game { choice } else { puzzles::Choice::default() }
}

static TOKENS: AtomicU64 = AtomicU64::new(1);

/// A puzzle text that follows the language switch (see `ui::tr`).
fn pz_tr(pick: fn(&'static PzStrings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(pz(lang.get()))
}

/// `game`'s puzzle file, once fetched.
fn cached(game: GameId) -> Option<Arc<PuzzleFile>> {
    FILES.with(|f| f.borrow().iter().find(|(g, ..)| *g == game).map(|(_, file, _)| file.clone()))
}

/// The part of `game`'s fetched file still to read before puzzle `id`
/// opens (`None`: none is, or the file is not fetched).
fn part_missing(game: GameId, id: Option<u32>) -> Option<usize> {
    FILES.with(|f| f.borrow().iter().find(|(g, ..)| *g == game).and_then(|(_, file, parts)| puzzles::part_needed(file, parts.as_ref(), id)))
}

/// `game`'s puzzle file (its index), fetched once.
async fn load_file(game: GameId) -> Result<Arc<PuzzleFile>, PuzzleError> {
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
async fn load_puzzle(game: GameId, id: Option<u32>) -> Result<Arc<PuzzleFile>, PuzzleError> {
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
fn loaded_file(game: GameId, puzzle: Option<Option<u32>>) -> RwSignal<Loaded> {
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
fn load_progress(ctx: Ctx) -> Progress {
    let Some(text) = browser::load(PROGRESS_KEY) else { return Progress::default() };
    Progress::read(&text).unwrap_or_else(|error: SaveError| {
        ctx.shell.update_untracked(|sh| {
            sh.set_aside(&mut LocalStorage, "katzenjammer.puzzles", PROGRESS_KEY, &text, error, browser::now_ms());
            // The puzzles say it in their own words (not a saved game's notice).
            sh.set_aside = None;
        });
        ASIDE.with(|a| *a.borrow_mut() = true);
        Progress::default()
    })
}

#[component]
fn RecordAside() -> impl IntoView {
    ASIDE.with(|a| *a.borrow()).then(|| {
        view! { <p class="notice" role="alert" data-testid="puzzle-record-aside">{pz_tr(|s| s.record_aside)}</p> }
    })
}

/// Puts a lesson's position on the table as a puzzle's is (not saved, no
/// hints, no bots; issue 42), never answered; [`release`] gives the game
/// in progress back.
pub(crate) fn hold_lesson(ctx: Ctx, session: AnySession) -> u64 {
    answer::set_at(None);
    hold(ctx, session)
}

/// Puts the puzzle's position on the table; the game in progress waits.
fn hold(ctx: Ctx, session: AnySession) -> u64 {
    let token = TOKENS.fetch_add(1, Ordering::Relaxed);
    let holding = HELD.with(|h| h.borrow_mut().as_mut().map(|held| held.token = token).is_some());
    let mut previous = None;
    ctx.shell.update(|sh| {
        let par = if matches!(sh.par, Par::Known(_)) { sh.par } else { Par::NotApplicable };
        let old = (sh.game.replace(session), sh.key.take(), sh.at, par);
        if !holding {
            previous = Some(old);
        }
        sh.par = Par::NotApplicable;
        sh.generation += 1;
    });
    if let Some((game, key, at, par)) = previous {
        HELD.with(|h| *h.borrow_mut() = Some(Held { token, game, key, at, par }));
    }
    ctx.par.set(Par::NotApplicable);
    ctx.puzzle.set(true);
    token
}

/// The game in progress back on the table, if this opening still holds it;
/// returns the puzzle's session. When a game was begun from the puzzle's
/// table meanwhile (its end panel's "play again"), the one in progress is
/// kept in the list instead.
pub(crate) fn release(ctx: Ctx, token: u64) -> Option<AnySession> {
    let held = HELD.with(|h| {
        let mut h = h.borrow_mut();
        h.as_ref().is_some_and(|held| held.token == token).then(|| h.take()).flatten()
    })?;
    let mut puzzle = None;
    ctx.shell.update(|sh| {
        if sh.key.is_none() {
            puzzle = std::mem::replace(&mut sh.game, held.game);
            (sh.key, sh.at, sh.par) = (held.key, held.at, held.par);
            sh.generation += 1;
        } else if let (Some(session), Some(key)) = (held.game, held.key) {
            sh.kept.insert(0, Kept { key, at: held.at, session });
            // The game begun meanwhile ("Play on"), saved with the list.
            if let Some(game) = sh.game.as_ref().map(|g| g.game()) {
                with_game!(game, G => sh.save::<G>(&mut LocalStorage, browser::now_ms()));
            }
        }
    });
    ctx.puzzle.set(false);
    ctx.par.set(ctx.shell.with_untracked(|sh| sh.par));
    puzzle
}

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

/// A puzzle that cannot be shown: why, and ways out.
#[component]
fn PuzzleProblem(game: GameId, error: PuzzleError) -> impl IntoView {
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

/// The puzzle `id` of game `G` on that game's table, then its answer: each
/// game's own part of the page (`src/parts.rs`, `tablee_puzzle_<Game>`), so
/// that a puzzle's link brings no other game's code.
pub fn one<G: GameUi>(id: Option<u32>) -> AnyView {
    let game = G::ID;
    let ctx = ctx();
    // The puzzle is shown on its game's table: its part is fetched now,
    // beside the puzzle file's index and part, not after them.
    super::parts::fetch_table(game);
    let loaded = loaded_file(game, Some(id));
    // Which opening holds the table (0: none yet); the screen's end gives
    // the game in progress back.
    let token = Arc::new(AtomicU64::new(0));
    let problem = RwSignal::new(None::<PuzzleError>);
    // Only an opened puzzle (its part read) is shown and judged.
    let puzzle = RwSignal::new(None::<Arc<Opened>>);
    // The try's record: its change (`None`: not counted) and the record after it.
    let recorded = RwSignal::new(None::<(Option<Recorded>, Progress)>);
    let open = {
        let token = token.clone();
        move |file: &PuzzleFile| match puzzles::open::<G>(file, id) {
            Ok((found, session)) => {
                answer::set_at(Some(found.at));
                token.store(hold(ctx, session.into_any()), Ordering::Relaxed);
                recorded.set(None);
                puzzle.set(Some(Arc::new(found)));
            }
            Err(error) => problem.set(Some(error)),
        }
    };
    {
        let open = open.clone();
        Effect::new(move |done: Option<bool>| {
            if done == Some(true) {
                return true;
            }
            match loaded.get() {
                None => false,
                Some(Err(error)) => {
                    problem.set(Some(error));
                    true
                }
                Some(Ok(file)) => {
                    open(&file);
                    true
                }
            }
        });
    }
    {
        // The game in progress comes back as the player leaves, before the
        // puzzle's table goes (never in `on_cleanup`: docs/architecture.md,
        // "Leaving a screen").
        let token = token.clone();
        on_leave(move || {
            release(ctx, token.load(Ordering::Relaxed));
        });
    }
    // The first move made in the position, judged against the stored
    // analysis (the move kept in the notation).
    let judged = Memo::new(move |_| {
        let p = puzzle.get()?;
        let played = ctx.game::<G, _>(|s| puzzles::first_move(&p, s)).flatten()?;
        Some((puzzles::judge::<G>(&p, &played), G::action_to_json(&played)))
    });
    // A move the stored analysis did not compare (issue 52): evaluated by
    // the bots' worker with the analysis that mined the puzzle, beside the
    // best known move; the puzzle, the move and its verdict once known.
    let evaluations = RwSignal::new(None::<(u32, Json, Verdict)>);
    let evaluation_of = move |id: u32, played: &Json| evaluations.with(|e| e.as_ref().filter(|(i, m, _)| *i == id && m == played).map(|(_, _, v)| v.clone()));
    Effect::new(move |_| {
        let (Some((first, played)), Some(p)) = (judged.get(), puzzle.get_untracked()) else { return };
        if first.counts() || evaluations.with_untracked(|e| e.as_ref().is_some_and(|(i, m, _)| *i == p.id && *m == played)) {
            return;
        }
        let Ok(action) = G::action_from_json(&played) else { return };
        let job = ctx
            .game_untracked::<G, _>(|s| puzzles::evaluation::<G>(&p, &first, &crate::app::marks::before(s, p.at)?, &action))
            .flatten();
        spawn_local(async move {
            let comparison = match job {
                Some(job) => match worker_client::ask(job).await {
                    Some(Reply::Compared(c)) => Some(c),
                    _ => None,
                },
                None => None,
            };
            // The screen may be gone meanwhile: never touched then.
            evaluations.try_set(Some((p.id, played, puzzles::evaluated::<G>(&p, &action, comparison))));
        });
    });
    // The verdict: the stored analysis', or the evaluation's once it came.
    let verdict = Memo::new(move |_| {
        let (first, played) = judged.get()?;
        if first.counts() {
            return Some((first, played));
        }
        let p = puzzle.get()?;
        evaluation_of(p.id, &played).map(|v| (v, played))
    });
    let evaluating = move || judged.with(Option::is_some) && verdict.with(Option::is_none);
    // Counted once per try, as it is judged (a move that could not be
    // evaluated is not counted).
    Effect::new(move |_| {
        let (Some((verdict, _)), Some(p)) = (verdict.get(), puzzle.get_untracked()) else { return };
        if recorded.get_untracked().is_some() {
            return;
        }
        if !verdict.counts() {
            recorded.set(Some((None, load_progress(ctx))));
            browser::scroll_to_top();
            return;
        }
        let mut progress = load_progress(ctx);
        let today = browser::today_utc();
        let daily = loaded.with_untracked(|f| match f {
            Some(Ok(file)) => puzzles::daily(file, today).is_some_and(|d| d.id == p.id),
            _ => false,
        });
        let change = progress.record(game, p.id, p.difficulty, verdict.right, daily.then_some(today));
        browser::store(PROGRESS_KEY, &progress.text());
        recorded.set(Some((Some(change), progress)));
        // The answer is above the table: on a phone the move was made far below it.
        browser::scroll_to_top();
    });
    let play_on = {
        let token = token.clone();
        move |_| {
            if let Some(session) = release(ctx, token.load(Ordering::Relaxed)) {
                play_session(ctx, session);
            }
        }
    };
    let try_again = move |_| {
        if let Some(Ok(file)) = loaded.get_untracked() {
            open(&file);
        }
    };
    let next = move |_| {
        let next = loaded.with_untracked(|f| match (f, puzzle.get_untracked()) {
            (Some(Ok(file)), Some(p)) => puzzles::next(game, file, p.id, choice_of(game), &load_progress(ctx)).map(|n| n.id),
            _ => None,
        });
        ctx.go(match next {
            Some(id) => Screen::Puzzle(game, Some(id)),
            None => Screen::Puzzles(game),
        });
    };
    let list = move |_| ctx.go(Screen::Puzzles(game));
    // The game's lessons (issue 42): for a game never played on this device,
    // one line saying what it is and its first lesson; else the course.
    let learn = move || {
        let lang = ctx.lang();
        let new = ctx.shell.with_untracked(|sh| sh.history(game).played == 0);
        let (line, label, lesson) = if new {
            (Some(crate::i18n::game_blurb::<G>(lang)), pz(lang).lesson_one, Some(1))
        } else {
            (None, lang.s().learn_to_play, None)
        };
        view! {
            <p class="note puzzle-learn" data-testid="puzzle-learn">
                {line.map(|l| view! { <span data-testid="puzzle-game-line">{l} " "</span> })}
                <button type="button" data-testid="puzzle-learn-open" on:click=move |_| ctx.go(Screen::Learn(game, lesson))>{label}</button>
            </p>
        }
    };
    // The title, the difficulty and, before the answer, the way back to the
    // list on one line: the question's panel stays short, so that the move
    // it asks for starts in the first screen (after the answer, the list is
    // one of the answer's actions).
    let head = move || {
        let lang = ctx.lang();
        puzzle.get().map(|p| {
            view! {
                <div class="puzzle-title-line">
                    <h1 data-testid="puzzle-title">{texts::puzzle_title(p.id, lang)}</h1>
                    <p class="muted">{"★".repeat(p.difficulty as usize)} " " {texts::difficulty(p.difficulty, lang)}</p>
                    {move || judged.with(Option::is_none).then(|| view! {
                        <button type="button" class="to-list" data-testid="puzzle-list" on:click=list>{pz(ctx.lang()).all_puzzles}</button>
                    })}
                </div>
            }
        })
    };
    let result = move || {
        let lang = ctx.lang();
        let p = puzzle.get()?;
        if evaluating() {
            return Some(
                view! {
                    <p class="puzzle-evaluating" role="status" data-testid="puzzle-evaluating">{pz(lang).evaluating}</p>
                }
                .into_any(),
            );
        }
        let Some((verdict, played)) = verdict.get() else {
            return Some(
                view! {
                    <p class="puzzle-ask" data-testid="puzzle-ask">{pz(lang).ask}</p>
                    <p class="note">{pz(lang).ask_note}</p>
                }
                .into_any(),
            );
        };
        let (change, progress) = recorded.get()?;
        // The moves in words, from the puzzle's position.
        let words = ctx
            .game_untracked::<G, _>(|s| {
                let position = crate::app::marks::before(s, p.at)?;
                let name = |json: &tablee_engine::json::Json| G::action_from_json(json).map(|a| G::puzzle_words(&position, &a, lang)).unwrap_or_default();
                Some(Words { played: name(&played), candidates: p.candidates.iter().map(|c| name(&c.action)).collect(), unit: texts::unit_words::<G>(p.unit) })
            })
            .flatten()?;
        // Right after the verdict and the explanation, above the values: on a
        // phone "Play on" stays in view however many moves were compared.
        let (play_on, try_again) = (play_on.clone(), try_again.clone());
        let actions = view! {
            <p class="actions puzzle-actions">
                <button type="button" class="primary" data-testid="puzzle-play-on" on:click=play_on>{pz(lang).play_on}</button>
                <button type="button" data-testid="puzzle-next" on:click=next>{pz(lang).next}</button>
                <button type="button" data-testid="puzzle-again" on:click=try_again>{pz(lang).try_again}</button>
                <button type="button" data-testid="puzzle-list" on:click=list>{pz(lang).all_puzzles}</button>
            </p>
        };
        Some(view! { <Answer game puzzle=p verdict words change progress actions=actions.into_any() /> }.into_any())
    };
    // The table is the puzzle's: no deal sharing, speeds or end panel (style/
    // full.css), and once answered no move controls nor whose turn it is.
    view! {
        <div class="puzzle-screen" class:answered=move || judged.with(Option::is_some)>
        <section class="panel puzzle-head" data-testid="puzzle-screen">
            <RecordAside />
            {head}
            {learn}
            {move || problem.get().map(|error| view! { <PuzzleProblem game error /> })}
            {result}
        </section>
        // The game's own table part (not linked into the puzzles' part: a
        // Katzenjammer puzzle does not bring J'achète's table, nor the reverse).
        <Show when=move || puzzle.with(Option::is_some) && problem.with(Option::is_none)>
            <super::parts::Part load=Box::new(move || super::parts::table(game)) />
        </Show>
        </div>
    }
    .into_any()
}

/// A puzzle's moves in words: the one played, and each candidate's.
struct Words {
    played: String,
    candidates: Vec<String>,
    /// How the puzzle's unit is worded (its game's words).
    unit: &'static texts::UnitWords,
}

/// Right or wrong, the answer named, the analysis' explanation, `actions`
/// (play on, next…), each candidate's value as a bar with its interval, the
/// rating, and sharing.
#[component]
fn Answer(game: GameId, puzzle: Arc<Opened>, verdict: Verdict, words: Words, change: Option<Recorded>, progress: Progress, actions: AnyView) -> impl IntoView {
    let ctx = ctx();
    let lang = ctx.lang();
    let s = pz(lang);
    // The moves compared, and a move evaluated afterwards after them (its
    // value on the same worlds), which is the player's.
    let evaluated = verdict.against.as_ref().and_then(|a| a.evaluated.clone());
    let mine = verdict.candidate.or(evaluated.as_ref().map(|_| puzzle.candidates.len()));
    let candidates: Vec<_> = puzzle.candidates.iter().cloned().chain(evaluated).collect();
    let unit = words.unit;
    let name = |i: usize| if i == puzzle.candidates.len() { words.played.clone() } else { words.candidates.get(i).cloned().unwrap_or_default() };
    let answers: Vec<String> = puzzle.answers.iter().map(|&i| name(i)).collect();
    let answers_label = if answers.len() > 1 { s.answers_are } else { s.answer_is };
    let colon = crate::i18n::colon(lang);
    let least = candidates.iter().map(|c| c.value - c.ci).fold(f64::INFINITY, f64::min);
    let most = candidates.iter().map(|c| c.value + c.ci).fold(f64::NEG_INFINITY, f64::max);
    // Bars grow from zero; when every value is below it (J'achète's points
    // left in hand, −80 against −90), from a little under the worst, so the
    // better move has the longer bar and the difference shows.
    let origin = if most < 0.0 { least - 0.25 * (most - least).max(1.0) } else { 0.0 };
    let low = least.min(origin);
    let high = most.max(origin).max(low + 1e-9);
    // Positions in per mille of the chart's width (written without float formatting).
    let pm = move |v: f64| (((v - low) / (high - low)).clamp(0.0, 1.0) * 1000.0).round() as i64;
    let span = move |from: f64, to: f64| {
        let (a, b) = (pm(from), pm(to));
        format!("left:{}.{}%;width:{}.{}%", a / 10, a % 10, (b - a) / 10, (b - a) % 10)
    };
    // On screen: the answers, the best other move (what they are judged
    // against) and the player's move; the others compared fold away (a
    // phone keeps "Play on" in view), on the same scale.
    let shown = |i: usize| i <= puzzle.answers.len() || mine == Some(i);
    let row = |i: usize, c: &tablee_puzzles::format::Candidate| {
        let best = puzzle.answers.contains(&i);
        let mine = mine == Some(i);
        let class = format!("bar-row{}{}", if best { " best" } else { "" }, if mine { " mine" } else { "" });
        // From the origin (inside the chart: `low` ≤ origin ≤ `high`) to the value.
        let bar = if c.value >= origin { span(origin, c.value) } else { span(c.value, origin) };
        let whisker = span(c.value - c.ci, c.value + c.ci);
        view! {
            <li class=class data-testid="puzzle-candidate">
                <span class="bar-label">
                    {name(i)}
                    {best.then(|| view! { <strong class="tag">{s.best_mark}</strong> })}
                    {mine.then(|| view! { <strong class="tag mine-tag">{s.your_play}</strong> })}
                </span>
                <span class="bar-track" aria-hidden="true">
                    <span class="bar" style=bar></span>
                    <span class="whisker" style=whisker></span>
                </span>
                <span class="bar-value">{texts::value_text(unit, c.value, c.ci, lang)}</span>
            </li>
        }
    };
    let rows = candidates.iter().enumerate().filter(|&(i, _)| shown(i)).map(|(i, c)| row(i, c)).collect_view();
    let folded: Vec<_> = candidates.iter().enumerate().filter(|&(i, _)| !shown(i)).map(|(i, c)| row(i, c)).collect();
    let more = (!folded.is_empty()).then(|| {
        let summary = texts::more_plays(folded.len(), lang);
        view! {
            <details class="more-bars" data-testid="puzzle-more">
                <summary>{summary}</summary>
                <ul class="bars">{folded}</ul>
            </details>
        }
    });
    // The file may keep only the best of the moves compared.
    let kept_note = puzzle
        .compared
        .filter(|&n| n > puzzle.candidates.len())
        .map(|n| view! { <p class="note" data-testid="puzzle-kept">{texts::kept_plays(n, puzzle.candidates.len(), lang)}</p> });
    let why = lang.pick(&puzzle.why_en, &puzzle.why_fr).to_string();
    let rating = match change {
        None => s.not_counted.to_string(),
        Some(change) if change.first => texts::rating_text(progress.rating, change.rating_change, lang),
        Some(_) => s.first_try_only.to_string(),
    };
    // Right, wrong, or not judged, and how the move compares with the best.
    let standing = verdict.against.as_ref().map(|a| a.standing);
    let (class, code) = match (verdict.right, standing) {
        (_, None) => ("puzzle-result unjudged", "not-counted"),
        (true, _) if verdict.candidate.is_some() => ("puzzle-result right", "best"),
        (true, Some(Standing::Better)) => ("puzzle-result right", "better"),
        (true, _) => ("puzzle-result right", "as-good"),
        (false, _) => ("puzzle-result wrong", "worse"),
    };
    let headline = match code {
        "best" => format!("✓ {}", s.right),
        "better" => format!("✓ {}", s.better),
        "as-good" => format!("✓ {}", s.as_good),
        "worse" => format!("✗ {}", texts::worse(unit, verdict.against.as_ref().map_or(0.0, |a| a.gap), lang)),
        _ => s.not_judged.to_string(),
    };
    let note = match (verdict.candidate, standing) {
        (Some(_), _) => None,
        (None, Some(_)) => Some(s.evaluated_note),
        (None, None) => Some(s.not_compared),
    };
    let share_state = RwSignal::new(None::<Result<(), String>>);
    let share = {
        let progress = progress.clone();
        let id = puzzle.id;
        move |_| {
            let url = format!("{}{}", browser::base_url(), puzzles::link(game, id));
            let first = progress.tried(game, id).map(|t| t.first);
            let text = texts::share_text(game, id, first, progress.streak_on(browser::today_utc()), &url, ctx.lang());
            super::deal_bar::share(text, share_state);
        }
    };
    view! {
        <div class=class data-testid="puzzle-result" data-right=verdict.right.to_string() data-standing=code>
            <p class="verdict" role="status" data-testid="puzzle-verdict">{headline}</p>
            <p data-testid="puzzle-your-play">{s.your_play} {colon} " " <strong>{words.played.clone()}</strong>
                {note.map(|n| format!(" ({n})"))}
            </p>
            <p data-testid="puzzle-answer">{answers_label} {colon} " " <strong>{answers.join(lang.pick(" or ", " ou "))}</strong></p>
            <p class="why" data-testid="puzzle-why">{why}</p>
            {actions}
            <h2 class="values-title">{s.values_title}</h2>
            <ul class="bars">{rows}</ul>
            {more}
            {kept_note}
            <p class="muted" data-testid="puzzle-rating">{rating}</p>
            <p>
                <button type="button" data-testid="puzzle-share" on:click=share>{tr(|s| s.share)}</button>
            </p>
            <super::deal_bar::ShareStatus state=share_state id="puzzle-share-text" rows=3 />
        </div>
    }
}
