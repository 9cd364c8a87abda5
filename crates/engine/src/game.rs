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
//! - [`Game::apply`] applies one action or refuses it with a [`RuleError`],
//!   leaving the state untouched;
//! - [`Game::view`] is what one seat may know; search bots rebuild full states
//!   from a view by sampling the hidden cards consistently with it.

use std::fmt;

/// A seat at the table, `0..players`. Seat `s + 1` is left of (clockwise from) `s`.
pub type Seat = usize;

/// Why an action was refused, as data: the kind of refusal with its
/// parameters ([`RuleError::refusal`]), the rules it enforces
/// ([`RuleError::rules`]) and an English message for people and logs that
/// cites them ([`RuleError::message`], also its `Display`). Apps word the
/// refusal themselves, in the player's language, from the kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    refusal: Refusal,
}

/// Every kind of refusal: each game's own, and the few every table shares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Katzenjammer Blues (KB-n).
    Kb(crate::katzenjammer::Refusal),
    /// J'achète (JA-n).
    Ja(crate::jachete::Refusal),
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

impl Refusal {
    /// The rule ids this refusal enforces, e.g. `["KB-8", "KB-10"]`. The
    /// shared refusals enforce who acts when, which no rulebook numbers:
    /// their list is empty.
    pub fn rules(&self) -> &'static [&'static str] {
        match self {
            Refusal::Kb(r) => r.rules(),
            Refusal::Ja(r) => r.rules(),
            Refusal::NotYourTurn { .. }
            | Refusal::NotAPersonsTurn
            | Refusal::Outdated
            | Refusal::GameOver
            | Refusal::NoGame => &[],
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Kb(r) => r.fmt(f),
            Refusal::Ja(r) => r.fmt(f),
            Refusal::NotYourTurn { to_act, seat } => write!(f, "it is seat {to_act}'s turn, not seat {seat}'s"),
            Refusal::NotAPersonsTurn => f.write_str("it is a bot's turn, not a person's"),
            Refusal::Outdated => f.write_str("the game moved on before the bot's decision arrived"),
            Refusal::GameOver => f.write_str("the game is over"),
            Refusal::NoGame => f.write_str("there is no such game on the table"),
        }
    }
}

impl From<crate::katzenjammer::Refusal> for Refusal {
    fn from(r: crate::katzenjammer::Refusal) -> Self {
        Refusal::Kb(r)
    }
}

impl From<crate::jachete::Refusal> for Refusal {
    fn from(r: crate::jachete::Refusal) -> Self {
        Refusal::Ja(r)
    }
}

impl RuleError {
    pub fn new(refusal: impl Into<Refusal>) -> Self {
        RuleError { refusal: refusal.into() }
    }

    /// The kind of refusal and its parameters, to match on.
    pub fn refusal(&self) -> &Refusal {
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

/// Any refusal, a game's own included, converts straight to a rule error.
impl<R: Into<Refusal>> From<R> for RuleError {
    fn from(refusal: R) -> Self {
        RuleError::new(refusal)
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.refusal.fmt(f)
    }
}

impl std::error::Error for RuleError {}

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
    fn check(&self, action: &Self::Action) -> Result<(), RuleError>;
    /// Applies an action (and every automatic step after it), or refuses it and
    /// leaves the state unchanged.
    fn apply(&mut self, action: &Self::Action) -> Result<(), RuleError>;
    /// The information of one seat: public facts plus that seat's own hand.
    fn view(&self, seat: Seat) -> Self::View;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;
}

/// For each game's tests: every sample names rules of its game (ids
/// starting with `prefix`) and its message cites them, unless `uncited`
/// (messages older than rule ids in messages keep their text); `kind` tells
/// the samples' kinds apart, and no kind comes twice.
#[cfg(test)]
pub(crate) fn check_samples(
    samples: &[Refusal],
    prefix: &str,
    uncited: impl Fn(&Refusal) -> bool,
    kind: impl Fn(&Refusal) -> String,
) {
    for r in samples {
        let rules = r.rules();
        assert!(!rules.is_empty(), "{r:?}");
        assert!(rules.iter().all(|id| id.starts_with(prefix)), "{r:?}: {rules:?}");
        let error = RuleError::new(r.clone());
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
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_refusals_say_who_or_when_and_cite_no_rule() {
        let cases = [
            (Refusal::NotYourTurn { to_act: 2, seat: 1 }, "it is seat 2's turn, not seat 1's"),
            (Refusal::NotAPersonsTurn, "it is a bot's turn, not a person's"),
            (Refusal::Outdated, "the game moved on before the bot's decision arrived"),
        ];
        for (refusal, text) in cases {
            let error = RuleError::new(refusal.clone());
            assert_eq!(error.refusal(), &refusal);
            assert_eq!(error.message(), text);
            assert!(error.rules().is_empty());
        }
    }

    #[test]
    fn kb08_a_game_refusal_keeps_its_game_and_rules() {
        let error: RuleError = crate::katzenjammer::Refusal::DifferentRepeated { card: 2, count: 2 }.into();
        assert!(matches!(error.refusal(), Refusal::Kb(_)));
        assert_eq!(error.rules(), ["KB-8"]);
    }
}
