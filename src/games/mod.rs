//! The games, each in a folder of its own with its one definition for the
//! shell (`mod.rs`: [`crate::app::game::GameDef`]), its texts and refusals in
//! the player's words, its end-of-game summary and its components (`ui/`,
//! with its [`crate::ui::GameUi`]). Here: the registry, and the refusals
//! every table shares.

pub mod jachete;
pub mod katzenjammer;

// The registry: one line a game (docs/architecture.md, "Adding a game").
// Links and saves name a game by its `GameDef::CODE`; the order here is the
// home screen's.
crate::registry! {$
    Katzenjammer: katzenjammer::Katzenjammer,
    Jachete: jachete::Jachete,
}

use tablee_engine::{Refusal, RuleError};

use crate::app::lang::Lang;

/// Any refusal in the player's words: each game words its own, the shared
/// ones (who acts, when) are worded here.
pub fn refusal_text(error: &RuleError, lang: Lang) -> String {
    match error.refusal() {
        Refusal::Kb(r) => katzenjammer::refusals::kb_text(r, lang),
        Refusal::Ja(r) => jachete::refusals::ja_text(r, lang),
        shared => shared_text(shared, lang),
    }
}

/// A refusal every table shares, in words; another game's refusal (which a
/// game's table never meets) as a plain "not allowed".
pub fn shared_text(refusal: &Refusal, lang: Lang) -> String {
    let text = match (refusal, lang) {
        (Refusal::NotYourTurn { .. }, Lang::En) => "It is another player's turn.",
        (Refusal::NotYourTurn { .. }, Lang::Fr) => "C'est au tour d'un autre joueur.",
        (Refusal::NotAPersonsTurn, Lang::En) => "It is a bot's turn: wait for it to play.",
        (Refusal::NotAPersonsTurn, Lang::Fr) => "C'est au tour d'un bot : attendez qu'il joue.",
        (Refusal::Outdated, Lang::En) => "The game moved on before this move arrived, so it was not played.",
        (Refusal::Outdated, Lang::Fr) => "La partie a avancé avant l'arrivée de ce coup : il n'a pas été joué.",
        (Refusal::GameOver, Lang::En) => "The game is over: no more moves.",
        (Refusal::GameOver, Lang::Fr) => "La partie est terminée : plus aucun coup n'est possible.",
        (Refusal::NoGame, Lang::En) | (Refusal::Kb(_) | Refusal::Ja(_), Lang::En) => {
            "This move is not for the game on the table."
        }
        (Refusal::NoGame, Lang::Fr) | (Refusal::Kb(_) | Refusal::Ja(_), Lang::Fr) => {
            "Ce coup n'est pas pour la partie en cours."
        }
    };
    text.to_string()
}

/// The refusals every table shares, one of each (for the wording tests).
#[cfg(test)]
fn shared_samples() -> Vec<Refusal> {
    vec![
        Refusal::NotYourTurn { to_act: 2, seat: 1 },
        Refusal::NotAPersonsTurn,
        Refusal::Outdated,
        Refusal::GameOver,
        Refusal::NoGame,
    ]
}

/// The refusal's English and French texts are these.
#[cfg(test)]
fn assert_texts(refusal: impl Into<Refusal>, en: &str, fr: &str) {
    let error = RuleError::new(refusal);
    assert_eq!((refusal_text(&error, Lang::En), refusal_text(&error, Lang::Fr)), (en.to_string(), fr.to_string()));
}

/// Words each refusal (and the shared ones) with `text` and checks it: a
/// sentence in both languages, different ones, and never a rule id.
#[cfg(test)]
fn check_wording(refusals: Vec<Refusal>, text: fn(&RuleError, Lang) -> String) {
    for refusal in refusals.into_iter().chain(shared_samples()) {
        let error = RuleError::new(refusal);
        let en = text(&error, Lang::En);
        let fr = text(&error, Lang::Fr);
        for t in [&en, &fr] {
            assert!(!t.trim().is_empty(), "{error:?}");
            assert!(!t.contains("KB-") && !t.contains("JA-"), "a rule id in {t:?}");
            assert!(!t.contains("seat") && !t.contains("siège"), "a seat in {t:?}");
            assert!(t.starts_with(|c: char| c.is_uppercase()) && t.ends_with('.'), "not a sentence: {t:?}");
        }
        assert_ne!(en, fr, "{error:?}");
    }
}
