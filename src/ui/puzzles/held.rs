//! The game in progress while a puzzle or a lesson is on the table: held
//! aside ([`hold`]), given back when the screen goes ([`release`]).

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};

use leptos::prelude::*;

use super::answer;
use crate::ui::browser::{self, LocalStorage};
use crate::ui::context::Ctx;
use crate::app::controller::{Kept, Par};
use crate::games::{AnySession, with_game};

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
    static HELD: RefCell<Option<Held>> = const { RefCell::new(None) };
}

static TOKENS: AtomicU64 = AtomicU64::new(1);

/// Puts a lesson's position on the table as a puzzle's is (not saved, no
/// hints, no bots; issue 42), never answered; [`release`] gives the game
/// in progress back.
pub(crate) fn hold_lesson(ctx: Ctx, session: AnySession) -> u64 {
    answer::set_at(None);
    hold(ctx, session)
}

/// Puts the puzzle's position on the table; the game in progress waits.
pub(super) fn hold(ctx: Ctx, session: AnySession) -> u64 {
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
