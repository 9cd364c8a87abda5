//! One puzzle on its game's table, then its answer.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_puzzles::format::{Opened, PuzzleFile};

use super::texts::{self, pz};
use super::answer;
use super::visit::{choice_of, load_progress, loaded_file, PuzzleProblem, RecordAside};
use super::held::{hold, release};
use crate::ui::browser;
use crate::ui::context::{ctx, on_leave, tr, Screen};
use crate::ui::flow::play_session;
use crate::ui::game_ui::GameUi;
use crate::games::GameId;
use crate::app::puzzles::{self, Progress, PuzzleError, Recorded, Verdict, PROGRESS_KEY};
use crate::app::worker::Reply;
use crate::ui::worker_client;
use tablee_engine::json::Json;
use tablee_puzzles::judge::Standing;

/// The puzzle `id` of game `G` on that game's table, then its answer: each
/// game's own part of the page (`src/parts.rs`, `tablee_puzzle_<Game>`), so
/// that a puzzle's link brings no other game's code.
pub fn one<G: GameUi>(id: Option<u32>) -> AnyView {
    let game = G::ID;
    let ctx = ctx();
    // The puzzle is shown on its game's table: its part is fetched now,
    // beside the puzzle file's index and part, not after them.
    crate::ui::parts::fetch_table(game);
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
            <crate::ui::parts::Part load=Box::new(move || crate::ui::parts::table(game)) />
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
            crate::ui::deal_bar::share(text, share_state);
        }
    };
    view! {
        <div class=class data-testid="puzzle-result" data-right=verdict.right.to_string() data-standing=code>
            <p class="verdict" role="status" data-testid="puzzle-verdict">{headline}</p>
            <p data-testid="puzzle-your-play">{s.your_play} {colon} " " <strong>{words.played.clone()}</strong>
                {note.map(|n| format!(" ({n})"))}
            </p>
            <p data-testid="puzzle-answer">{answers_label} {colon} " " <strong>{answers.join(lang.pick(" or ", " ou "))}</strong></p>
            <p class="puzzle-why" data-testid="puzzle-why">{why}</p>
            {actions}
            <h2 class="values-title">{s.values_title}</h2>
            <ul class="bars">{rows}</ul>
            {more}
            {kept_note}
            <p class="muted" data-testid="puzzle-rating">{rating}</p>
            <p>
                <button type="button" data-testid="puzzle-share" on:click=share>{tr(|s| s.share)}</button>
            </p>
            <crate::ui::deal_bar::ShareStatus state=share_state id="puzzle-share-text" rows=3 />
        </div>
    }
}
