//! The games, each in a folder of its own with its one definition for the
//! shell (`mod.rs`: [`crate::app::game::GameDef`]), its texts and refusals in
//! the player's words, its end-of-game summary and its components (`ui/`,
//! with its [`crate::ui::GameUi`]). Here: the registry, and the refusals
//! every table shares.

#[cfg(test)]
pub mod highcard;
pub mod jachete;
pub mod katzenjammer;

// The registry: one line a game (docs/architecture.md, "Adding a game").
// Links and saves name a game by its `GameDef::CODE`; the order here is the
// home screen's.
crate::registry! {$
    Katzenjammer: katzenjammer::Katzenjammer,
    Jachete: jachete::Jachete,
    #[cfg(test)] HighCard: highcard::HighCard,
}

/// The wording tests every game runs on its refusals.
#[cfg(test)]
pub(crate) mod wording {
    use tablee_engine::{EmbedsShared, Refusal, Shared};

    use crate::app::game::GameDef;
    use crate::app::lang::Lang;

    /// The refusals every table shares, one of each.
    fn shared_samples() -> Vec<Shared> {
        vec![
            Shared::NotYourTurn { to_act: 2, seat: 1 },
            Shared::NotAPersonsTurn,
            Shared::Outdated,
            Shared::GameOver,
            Shared::NoGame,
        ]
    }

    /// The refusal's English and French texts are these.
    pub fn assert_texts<G: GameDef>(refusal: impl Into<G::Refusal>, en: &str, fr: &str) {
        let refusal = refusal.into();
        assert_eq!(
            (G::refusal_text(&refusal, Lang::En), G::refusal_text(&refusal, Lang::Fr)),
            (en.to_string(), fr.to_string())
        );
    }

    /// Words each of game `G`'s refusals (and the shared ones) and checks
    /// it: a sentence in both languages, different ones, and never a rule id.
    pub fn check<G: GameDef>(samples: Vec<G::Refusal>) {
        assert!(samples.iter().all(|r| r.shared().is_none() && !r.rules().is_empty()));
        for refusal in samples.into_iter().chain(shared_samples().into_iter().map(G::Refusal::from)) {
            let en = G::refusal_text(&refusal, Lang::En);
            let fr = G::refusal_text(&refusal, Lang::Fr);
            for t in [&en, &fr] {
                assert!(!t.trim().is_empty(), "{refusal:?}");
                for id in refusal.rules() {
                    assert!(!t.contains(id), "a rule id in {t:?}");
                }
                assert!(!t.contains("KB-") && !t.contains("JA-"), "a rule id in {t:?}");
                assert!(!t.contains("seat") && !t.contains("siège"), "a seat in {t:?}");
                assert!(t.starts_with(|c: char| c.is_uppercase()) && t.ends_with('.'), "not a sentence: {t:?}");
            }
            assert_ne!(en, fr, "{refusal:?}");
        }
    }
}
