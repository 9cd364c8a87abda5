//! The game's flow between the page and the shell: a game shown or begun,
//! a person's move ([`act`]), the bots' loop, take-back, the save after
//! each change, par.

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::json::Json;
use tablee_engine::{RuleError, Shared};

use super::context::{ctx, tr, Arrival, Ctx, Screen, Speed};
use super::puzzles::answer;
use super::{browser, worker_client};
use super::game_ui::GameUi;
use super::browser::LocalStorage;
use crate::games::{AnyTable, Registered};
use crate::app::link::LinkError;
use crate::app::worker::Job;

/// A game is put on the table (begun, resumed, read from a link): the page
/// goes to it, and the table, once there, does the rest ([`on_table`]: the
/// bots' workers start, par, the save when `save`, the history if it is
/// over). Hot-seat hiding resets. What follows a game shown is the table's,
/// not the page's root's, so that the worker's client and the save's
/// writer come with the table's part, not with the home screen's first
/// load (docs/performance.md).
pub(crate) fn shown(ctx: Ctx, par_job: Option<Job>, save: bool) {
    // This game, not a deal still waiting for its part.
    ctx.shell.update_untracked(|sh| sh.pending = None);
    arrived(ctx, par_job, save);
    ctx.go(Screen::Game);
}

/// [`shown`] but for going to the table: the page is there.
fn arrived(ctx: Ctx, par_job: Option<Job>, save: bool) {
    // A game shown is saved and played, whatever the screen before was.
    ctx.puzzle.set(false);
    ctx.par.set(ctx.shell.with_untracked(|sh| sh.par));
    ctx.revealed_for.set(None);
    ctx.arrival.set(Some(Arrival { par_job, save }));
}

/// The browser's Back or Forward to an address the page cannot show as it
/// is (another deal's, a broken one): read as a link in the page, never by
/// reloading it (issue 52: a reload raced whatever came next, and lost the
/// page's state). The game shown is kept; the deal is resumed when kept,
/// else dealt (its game's engine fetched first when the page has none).
pub(crate) fn follow_address(ctx: Ctx, search: String) {
    spawn_local(async move {
        let followed = loop {
            let mut read = None;
            ctx.shell.update_untracked(|sh| read = Some(sh.follow(&mut LocalStorage, &search, browser::now_ms())));
            match read {
                Some(Ok(followed)) => break followed,
                Some(Err(crate::app::controller::NeedsMakers(games))) => {
                    for game in games {
                        let Ok(maker) = super::parts::maker(game).await else {
                            // Offline before the part was cached: the table's
                            // part says so and offers to try again; it deals
                            // the link's game once in ([`table_in`]).
                            if let Ok(crate::app::link::LinkRequest { deal: Some(table), games, .. }) = crate::app::link::read(&search) {
                                ctx.shell.update_untracked(|sh| sh.pending = Some((table, games)));
                            }
                            return ctx.went_back(Screen::Game);
                        };
                        ctx.shell.update_untracked(|sh| {
                            sh.add_maker(maker);
                        });
                    }
                    // The person went elsewhere meanwhile: that address is
                    // the one to show (its own `popstate` did).
                    if browser::search() != search {
                        return;
                    }
                }
                None => return,
            }
        };
        use crate::app::controller::First;
        if let Some(lang) = followed.lang {
            ctx.lang.set(lang);
        }
        if let Some(table) = followed.home_table {
            ctx.home_table.set(table);
        }
        match followed.first {
            First::Game => {
                ctx.shell.update_untracked(|sh| sh.pending = None);
                arrived(ctx, followed.par_job, followed.dealt);
                ctx.went_back(Screen::Game);
            }
            First::Home => ctx.went_back(Screen::Home),
            First::Problem(error) => {
                ctx.home_game.set(crate::app::link::named_game(&search));
                ctx.went_back(Screen::Problem(error));
            }
        }
        ctx.shell.notify();
    });
}

/// Game `G`'s table part is in: its maker joins the shell, and a deal
/// asked for before it ([`start_match`]) is dealt now, on the table.
pub(crate) fn table_in<G: Registered>(ctx: Ctx) {
    let (mut dealt, mut table) = (None, None);
    let on_table = ctx.screen.get_untracked() == Screen::Game;
    ctx.shell.update_untracked(|sh| {
        // The player left the table before its part came (a puzzle of the
        // same game shows it now): the deal waiting for it goes, nothing
        // was played on it.
        if !on_table {
            sh.pending = None;
        }
        table = sh.pending.as_ref().map(|(table, _)| table.clone());
        dealt = sh.add_maker(crate::app::controller::Maker::of::<G>());
    });
    match (dealt, table) {
        (Some(Ok(par_job)), _) => {
            ctx.shell.notify();
            arrived(ctx, par_job, true);
        }
        (Some(Err(_)), Some(table)) => {
            ctx.home_game.set(table.game());
            ctx.go(Screen::Problem(LinkError::cannot_deal(&table)));
        }
        _ => {}
    }
}

/// Makes `session` (a puzzle's position) a normal game, kept and saved, and shows it.
pub(crate) fn play_session(ctx: Ctx, session: crate::games::AnySession) {
    let mut par_job = None;
    ctx.shell.update(|sh| par_job = sh.begin(session));
    shown(ctx, par_job, true);
}

/// Deals a new game for `table` and shows it.
pub fn start_game(ctx: Ctx, table: AnyTable) {
    start_match(ctx, table, 1);
}

/// Deals the first game of a match of `games` games at `table` (one: a
/// game of its own) and shows it.
pub fn start_match(ctx: Ctx, table: AnyTable, games: usize) {
    let problem = LinkError::cannot_deal(&table);
    let table_game = table.game();
    // Its game's engine is not fetched yet (a new visitor's home screen
    // holds none): the table's part deals it once in ([`table_in`]),
    // "loading" on the table meanwhile.
    if ctx.shell.with_untracked(|sh| sh.maker(table_game).is_none()) {
        ctx.shell.update(|sh| sh.pending = Some((table, games)));
        ctx.go(Screen::Game);
        return;
    }
    let mut dealt = Err(String::new());
    ctx.shell.update(|sh| dealt = sh.new_match(table, games));
    match dealt {
        Ok(par_job) => shown(ctx, par_job, true),
        Err(_) => {
            ctx.home_game.set(table_game);
            ctx.go(Screen::Problem(problem));
        }
    }
}

/// The match's next game, once the game on screen, a game of `G`, is over.
pub fn next_in_match<G: Registered>(ctx: Ctx) {
    let mut job = None;
    ctx.shell.update(|sh| job = sh.next_in_match::<G>());
    if let Some(job) = job {
        shown(ctx, job, true);
    }
}

/// A person's move in game `G`. Returns the engine's refusal, if any.
pub fn act<G: GameUi>(ctx: Ctx, action: G::Action) -> Result<(), RuleError<G::Refusal>> {
    // An answered puzzle waits for "Play on" (its controls are gone too).
    if answer::answered_now(ctx) {
        return Err(Shared::NotAPersonsTurn.into());
    }
    // A lesson's table plays only the move its step asks for; another is
    // explained by the coach and the position stays.
    if !super::coach::allows(|| G::action_to_json(&action)) {
        return Ok(());
    }
    let mut result = Err(Shared::NoGame.into());
    let mark = decoration_mark::<G>(ctx);
    ctx.shell.update(|sh| result = sh.act::<G>(action));
    if result.is_ok() && !ctx.puzzle.get_untracked() {
        persist::<G>(ctx);
        after_change::<G>(ctx);
        decorate::<G>(ctx, mark);
    }
    result
}

/// After a move made on screen, a person's or a bot's (not a take-back, not
/// the moves of a game resumed): the table's decoration for it, Katzenjammer's
/// cards flying (issue 13); none at the bots' instant speed.
pub(crate) fn decorate<G: GameUi>(ctx: Ctx, mark: usize) {
    if ctx.speed.get_untracked() != Speed::Instant {
        ctx.shell.with_untracked(|sh| {
            if let Some(session) = sh.session::<G>() {
                G::decorate(session, mark);
            }
        });
    }
}

/// Where the table's log stood before a move, so that [`decorate`] shows
/// what that move did: a move can log more than its own event (a win, then
/// the foursomes it cannot present, then the next row's first card).
pub(crate) fn decoration_mark<G: GameUi>(ctx: Ctx) -> usize {
    ctx.shell.with_untracked(|sh| sh.session::<G>().map_or(0, G::decoration_mark))
}

/// "Take back my move", for any game's table: shown on the person's turn
/// once they have moved, at a table of one person against bots, never in
/// the daily deal nor a puzzle. The game becomes practice: the first
/// take-back of a game says so and asks (once: a practice game is not
/// asked again), the button showing the question under it. At a table of
/// game `G` (the deal bar's): a function rather than a component, for a
/// component's type parameters must be its props'.
pub fn take_back_control<G: GameUi>() -> impl IntoView {
    let ctx = ctx();
    let can = Memo::new(move |_| ctx.shell.with(|sh| sh.can_take_back::<G>()) && !ctx.puzzle.get());
    // The move count the question was asked at: a move since, and it is gone.
    let asked_at = RwSignal::new(None::<usize>);
    let moves = move || ctx.shell.with(|sh| sh.game.as_ref().map(|g| g.moves()));
    let asking = move || asked_at.get().is_some() && asked_at.get() == moves();
    let press = move |_| {
        let practice = ctx.shell.with_untracked(|sh| sh.session::<G>().is_some_and(|s| s.practice()));
        if practice {
            take_back::<G>(ctx);
        } else {
            asked_at.set(ctx.shell.with_untracked(|sh| sh.game.as_ref().map(|g| g.moves())));
            browser::focus_id("take-back-confirm");
        }
    };
    let confirm = move |_| {
        asked_at.set(None);
        take_back::<G>(ctx);
        browser::focus_id("take-back");
    };
    let cancel = move |_| {
        asked_at.set(None);
        browser::focus_id("take-back");
    };
    view! {
        <Show when=move || can.get()>
            <button type="button" id="take-back" data-testid="take-back" aria-expanded=move || asking().to_string() on:click=press>
                {tr(|s| s.take_back)}
            </button>
            <Show when=asking>
                <div class="take-back-ask" role="group" aria-labelledby="take-back-warn" data-testid="take-back-ask">
                    <p id="take-back-warn">{tr(|s| s.take_back_warn)}</p>
                    <button type="button" class="primary" id="take-back-confirm" data-testid="take-back-confirm" on:click=confirm>
                        {tr(|s| s.take_back_confirm)}
                    </button>
                    <button type="button" data-testid="take-back-cancel" on:click=cancel>{tr(|s| s.take_back_cancel)}</button>
                </div>
            </Show>
        </Show>
    }
}

/// Takes back the person's last move in the game on screen, a game of
/// `G`, and saves; false when there was none to take back.
pub fn take_back<G: GameUi>(ctx: Ctx) -> bool {
    let mut done = false;
    ctx.shell.update(|sh| done = sh.take_back::<G>());
    if done {
        persist::<G>(ctx);
        after_change::<G>(ctx);
    }
    done
}

/// Keeps the table's notes (J'achète's staged table, its hand order) with
/// the game of `G` and saves them: a reload shows the table as it was.
pub fn set_note<G: Registered>(ctx: Ctx, note: Option<Json>) {
    let mut kept = false;
    ctx.shell.update_untracked(|sh| kept = sh.set_note::<G>(note));
    if kept {
        persist::<G>(ctx);
    }
}

/// Saves the game, in a task of its own just after the move's (the move's
/// task then only updates the page; moves in a row are saved once). A full or
/// missing storage only costs the resume. The game is one of `G`, whose
/// table is on screen.
pub(crate) fn persist<G: Registered>(ctx: Ctx) {
    if ctx.save_pending.get_value() || ctx.puzzle.get_untracked() {
        return;
    }
    ctx.save_pending.set_value(true);
    set_timeout(
        move || {
            ctx.save_pending.set_value(false);
            ctx.shell.update_untracked(|sh| {
                sh.save::<G>(&mut LocalStorage, browser::now_ms());
            });
        },
        std::time::Duration::ZERO,
    );
}

/// After any move in a game of `G`: hot-seat hiding, history at the end.
pub(crate) fn after_change<G: Registered>(ctx: Ctx) {
    // Hot-seat: the answers people left in advance (J'achète's buy wishes)
    // are played at once, and the device does not pass for them.
    let mut answered = false;
    if !ctx.puzzle.get_untracked() {
        ctx.shell.update_untracked(|sh| {
            while sh.standing_step::<G>() {
                answered = true;
            }
        });
    }
    if answered {
        ctx.shell.notify();
        persist::<G>(ctx);
    }
    let to_act = ctx.shell.with_untracked(|sh| sh.session::<G>().and_then(|s| s.to_act()));
    if to_act != ctx.revealed_for.get_untracked() {
        ctx.revealed_for.set(None);
    }
    let mut changed = false;
    ctx.shell.update_untracked(|sh| changed = sh.record_if_over::<G>(&mut LocalStorage));
    if changed {
        ctx.shell.notify();
    }
}

/// The live table of game `G` with what plays on it ([`on_table`]: the bots,
/// par, the save), its maker added first ([`table_in`]). What each game's
/// part shows (`src/parts.rs`).
pub fn live_table<G: GameUi>() -> AnyView {
    table_in::<G>(ctx());
    on_table::<G>();
    <G as GameUi>::table()
}

/// What plays on the live table, rendered with it in each game's part
/// ([`live_table`]) rather than by the page's root: so the
/// bots' loop, the worker's client and what only they reach (a bot's job,
/// its move played, the result recorded, the save) come with the table, not
/// with the home screen's first load.
/// - A game just shown ([`shown`]): the bots' workers start (with the first
///   game, never the home screen: their program is not part of the first
///   load), par starts, the game is saved if asked, and recorded if over.
/// - The bots play whenever it is their turn and the game is on screen.
///
/// Typed by the table's game `G`, so that a table's part reaches its own
/// game's code only (docs/performance.md, "The play code per game"): a
/// game of another game shown while this table is still there is left to
/// its own table, which comes next. Its effects belong to the table's
/// view, and go with it.
fn on_table<G: GameUi>() {
    let ctx = ctx();
    Effect::new(move |_| {
        let Some(arrival) = ctx.arrival.get() else { return };
        if ctx.shell.with_untracked(|sh| sh.session::<G>().is_none()) {
            return;
        }
        ctx.arrival.update_untracked(|a| *a = None);
        worker_client::start();
        if let Some(job) = arrival.par_job {
            start_par::<G>(ctx, job);
        }
        if arrival.save {
            persist::<G>(ctx);
        }
        after_change::<G>(ctx);
    });
    Effect::new(move |_| {
        let bot_turn = ctx.shell.with(|sh| sh.bot_to_act::<G>().is_some());
        if bot_turn && super::coach::bots_play(&ctx.screen.get()) && !ctx.hold.get() && !ctx.bots_running.get_value() {
            spawn_local(run_bots::<G>(ctx));
        }
    });
}

/// Plays bot moves one at a time, pausing between them, while it is a bot's
/// turn and the game is on screen.
async fn run_bots<G: GameUi>(ctx: Ctx) {
    if ctx.bots_running.get_value() {
        return;
    }
    ctx.bots_running.set_value(true);
    // The page's first bots' move waits for the table's first paint and the
    // browser's first idle moment (at most 300 ms): a link's load is not
    // made longer by a bot's move (issue 53).
    thread_local!(static FIRST: std::cell::Cell<bool> = const { std::cell::Cell::new(true) });
    if FIRST.with(|first| first.replace(false)) {
        browser::after_paint().await;
        browser::idle_within(300).await;
    }
    while let Some(turn) = ctx.shell.with_untracked(|sh| sh.bot_turn::<G>()) {
        if !super::coach::bots_play(&ctx.screen.get_untracked()) || ctx.hold.get_untracked() {
            break;
        }
        ctx.thinking.set(Some(turn.seat));
        // The bot thinks in the worker while the move's delay runs.
        let reply = worker_client::ask(turn.job);
        // Let the page paint the thinking indicator, then wait the chosen delay.
        browser::sleep(ctx.speed.get_untracked().delay_ms().max(16)).await;
        // No worker: the game goes on with the simplest legal move.
        let reply = reply.await;
        if !super::coach::bots_play(&ctx.screen.get_untracked()) || ctx.hold.get_untracked() {
            break;
        }
        let mut moved = false;
        let mark = decoration_mark::<G>(ctx);
        ctx.shell.update(|sh| moved = sh.bot_moved::<G>(turn.at, reply));
        if !moved {
            break;
        }
        persist::<G>(ctx);
        after_change::<G>(ctx);
        decorate::<G>(ctx, mark);
    }
    ctx.thinking.set(None);
    ctx.bots_running.set_value(false);
}

/// Computes par for the only person at the table, in the bots' background
/// worker (without a worker there is no par for this game).
pub(crate) fn start_par<G: Registered>(ctx: Ctx, job: Job) {
    let generation = ctx.shell.with_untracked(|sh| sh.generation);
    spawn_local(async move {
        let reply = worker_client::ask(job).await;
        let mut history_changed = false;
        ctx.shell.update_untracked(|sh| history_changed = sh.par_arrived::<G>(generation, reply, &mut LocalStorage));
        if ctx.shell.with_untracked(|sh| sh.generation) == generation {
            ctx.par.set(ctx.shell.with_untracked(|sh| sh.par));
        }
        if history_changed {
            ctx.shell.notify();
        }
    });
}
