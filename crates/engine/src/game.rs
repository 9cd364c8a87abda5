//! The game-agnostic API every Tablée game implements, and that the UI, the
//! scenario runner, the arena and the search bots are written against.
//!
//! A game is a state machine with hidden information:
//! - [`Game::to_act`] says whose decision it is (chance steps — reveals, draws —
//!   happen inside [`Game::apply`], driven by the state's own stock order);
//! - [`Game::actions`] generates actions; [`Game::ACTIONS_EXHAUSTIVE`] says
//!   whether that list is every legal action (Katzenjammer) or a bot-oriented
//!   subset of an action space too large to list (J'achète's table plays), in
//!   which case any other action can still be proposed and is validated;
//! - [`Game::apply`] applies one action or refuses it with a [`RuleError`]
//!   of its own [`Game::Refusal`] (the [`Shared`] refusals embedded),
//!   leaving the state untouched;
//! - [`Game::view`] is what one seat may know; search bots rebuild full states
//!   from a view by sampling the hidden cards consistently with it.

use std::fmt;

use crate::rng::Rng;

/// A seat at the table, `0..players`. Seat `s + 1` is left of (clockwise from) `s`.
pub type Seat = usize;

/// The refusals every table shares, whatever its game: who acts, and when.
/// No rulebook numbers them (their rule list is empty). Each game's own
/// refusal type embeds them ([`Refusal::shared`]), so that a table's
/// refusals are one type, its game's ([`Game::Refusal`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Shared {
    /// An action recorded or relayed for `seat` while `to_act` is to act.
    NotYourTurn { to_act: Seat, seat: Seat },
    /// A person's action while the seat to act is played by a bot.
    NotAPersonsTurn,
    /// A decision computed for an earlier position: the game moved on.
    Outdated,
    /// Any action once the game is over (a game's own state may say why,
    /// e.g. Katzenjammer's `GameOver`; this is the table's).
    GameOver,
    /// An action for a game that is not the one on the table.
    NoGame,
}

impl fmt::Display for Shared {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Shared::NotYourTurn { to_act, seat } => write!(f, "it is seat {to_act}'s turn, not seat {seat}'s"),
            Shared::NotAPersonsTurn => f.write_str("it is a bot's turn, not a person's"),
            Shared::Outdated => f.write_str("the game moved on before the bot's decision arrived"),
            Shared::GameOver => f.write_str("the game is over"),
            Shared::NoGame => f.write_str("there is no such game on the table"),
        }
    }
}

/// A refusal type that embeds the [`Shared`] ones (its `Shared(Shared)`
/// variant): written by [`embed_shared!`](crate::embed_shared).
pub trait EmbedsShared: From<Shared> {
    /// The shared refusal this is, if it is one.
    fn shared(&self) -> Option<&Shared>;
}

/// Makes a game's refusal enum, with a `Shared(Shared)` variant, embed the
/// shared refusals: `From<Shared>` and [`EmbedsShared`].
#[macro_export]
macro_rules! embed_shared {
    ($refusal:ident) => {
        impl From<$crate::game::Shared> for $refusal {
            fn from(shared: $crate::game::Shared) -> Self {
                $refusal::Shared(shared)
            }
        }

        impl $crate::game::EmbedsShared for $refusal {
            fn shared(&self) -> Option<&$crate::game::Shared> {
                match self {
                    $refusal::Shared(shared) => Some(shared),
                    #[allow(unreachable_patterns)]
                    _ => None,
                }
            }
        }
    };
}

/// A game's kind of refusal: its own reasons with their parameters, and
/// the [`Shared`] ones it embeds. Its `Display` is the engine's English
/// explanation, citing the rule ids; apps word refusals themselves, in the
/// player's language, from the kind.
pub trait Refusal: Clone + fmt::Debug + PartialEq + fmt::Display + EmbedsShared + 'static {
    /// The rule ids this refusal enforces, e.g. `["KB-8", "KB-10"]`; empty
    /// for the shared refusals.
    fn rules(&self) -> &'static [&'static str];
}

/// Why an action was refused, as data: the game's kind of refusal with its
/// parameters ([`RuleError::refusal`]), the rules it enforces
/// ([`RuleError::rules`]) and an English message for people and logs that
/// cites them ([`RuleError::message`], also its `Display`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError<R> {
    refusal: R,
}

impl<R: Refusal> RuleError<R> {
    pub fn new(refusal: impl Into<R>) -> Self {
        RuleError { refusal: refusal.into() }
    }

    /// The kind of refusal and its parameters, to match on.
    pub fn refusal(&self) -> &R {
        &self.refusal
    }

    /// The rule ids the refusal enforces (see [`Refusal::rules`]).
    pub fn rules(&self) -> &'static [&'static str] {
        self.refusal.rules()
    }

    /// The English explanation, citing the rule ids.
    pub fn message(&self) -> String {
        self.refusal.to_string()
    }
}

/// A game's refusal converts straight to a rule error (`Err(r.into())`, `?`).
impl<R: Refusal> From<R> for RuleError<R> {
    fn from(refusal: R) -> Self {
        RuleError { refusal }
    }
}

/// So does a shared one, for any game.
impl<R: Refusal> From<Shared> for RuleError<R> {
    fn from(shared: Shared) -> Self {
        RuleError { refusal: shared.into() }
    }
}

impl<R: fmt::Display> fmt::Display for RuleError<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.refusal.fmt(f)
    }
}

impl<R: fmt::Display + fmt::Debug> std::error::Error for RuleError<R> {}

/// The end of a game: native scores and who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// Each seat's final score in the game's own unit (mice, points).
    pub scores: Vec<i32>,
    /// The winning seats; several share the victory.
    pub winners: Vec<Seat>,
}

impl Outcome {
    /// The seat's share of the victory: 1/k for each of k winners, else 0.
    pub fn win_share(&self, seat: Seat) -> f64 {
        if self.winners.contains(&seat) {
            1.0 / self.winners.len() as f64
        } else {
            0.0
        }
    }
}

pub trait Game: Clone {
    /// A player's decision.
    type Action: Clone + PartialEq + fmt::Debug;
    /// What one seat knows.
    type View: Clone;
    /// Why it refuses an action: its own reasons, and the shared ones.
    type Refusal: Refusal;

    /// Short machine name ("katzenjammer", "jachete").
    const NAME: &'static str;
    /// True when [`Game::actions`] lists every legal action.
    const ACTIONS_EXHAUSTIVE: bool;

    fn players(&self) -> usize;
    /// The seat whose decision it is, or `None` once the game is over.
    fn to_act(&self) -> Option<Seat>;
    fn is_over(&self) -> bool {
        self.to_act().is_none()
    }
    /// Appends the generated actions for the seat to act to `out` (cleared first),
    /// so hot loops reuse one buffer. Empty when the game is over.
    fn actions(&self, out: &mut Vec<Self::Action>);
    /// Checks an action without applying it.
    fn check(&self, action: &Self::Action) -> Result<(), RuleError<Self::Refusal>>;
    /// Applies an action (and every automatic step after it), or refuses it and
    /// leaves the state unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<(), RuleError<Self::Refusal>>;
    /// The information of one seat: public facts plus that seat's own hand.
    fn view(&self, seat: Seat) -> Self::View;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// A game whose hidden cards can be dealt again: what one seat cannot see
/// (the other hands, sizes kept, and the stock's order) shuffled among
/// itself, everything public kept. The seat's view of the copy must be the
/// view of the original (KB-21, JA-19): the safety net every registered
/// game runs (`src/games/safety.rs`) checks it so.
pub trait Redeal: Game {
    fn redeal_hidden(&self, seat: Seat, rng: &mut Rng) -> Self;
}

/// For each game's tests: every sample names rules of its game (ids
/// starting with `prefix`) and its message cites them, unless `uncited`
/// (messages older than rule ids in messages keep their text); `kind` tells
/// the samples' kinds apart, and no kind comes twice. And the shared
/// refusals, in the game's refusal, say who or when and cite no rule.
#[cfg(test)]
pub(crate) fn check_samples<R: Refusal>(
    samples: &[R],
    prefix: &str,
    uncited: impl Fn(&R) -> bool,
    kind: impl Fn(&R) -> String,
) {
    for r in samples {
        let rules = r.rules();
        assert!(!rules.is_empty(), "{r:?}");
        assert!(r.shared().is_none(), "{r:?}");
        assert!(rules.iter().all(|id| id.starts_with(prefix)), "{r:?}: {rules:?}");
        let error = RuleError::<R>::new(r.clone());
        assert_eq!(error.rules(), rules);
        assert_eq!(error.message(), error.to_string());
        if !uncited(r) {
            for id in rules {
                assert!(error.message().contains(id), "{error} does not cite {id}");
            }
        }
    }
    let kinds: std::collections::HashSet<String> = samples.iter().map(kind).collect();
    assert_eq!(kinds.len(), samples.len(), "two samples of one kind");
    let shared = [
        (Shared::NotYourTurn { to_act: 2, seat: 1 }, "it is seat 2's turn, not seat 1's"),
        (Shared::NotAPersonsTurn, "it is a bot's turn, not a person's"),
        (Shared::Outdated, "the game moved on before the bot's decision arrived"),
    ];
    for (shared, text) in shared {
        let error: RuleError<R> = shared.clone().into();
        assert_eq!(error.refusal().shared(), Some(&shared));
        assert_eq!(error.message(), text);
        assert!(error.rules().is_empty());
    }
}
