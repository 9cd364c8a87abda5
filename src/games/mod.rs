//! The games, each in a folder of its own with its one definition for the
//! shell (`mod.rs`: [`crate::app::game::GameDef`]), its texts and refusals in
//! the player's words, its end-of-game summary and its components (`ui/`,
//! with its [`crate::ui::game_ui::GameUi`]). Here: the registry — the enums
//! over the games ([`GameId`], [`AnyTable`], [`AnySession`]), each game's
//! place among them ([`Registered`]) — and the wording tests every game
//! runs on its refusals.
//!
//! The layers (docs/architecture.md, "Layers"): the generic core
//! (`app::game`, `config`, `session`, `result`, `lang`) names no game; each
//! game's folder sits on it; this registry sits on the games; the any-game
//! shell (links, saves, the controller, the page) sits on the registry.

use crate::app::config::{Day, SeatKind, TableConfig};
use crate::app::game::{GameDef, MatchRecord};
use crate::app::session::Session;

#[cfg(test)]
mod safety;
/// The shell's tests' game (High card): the shell's own tests are written
/// over it, so that they name no game (`highcard/testing.rs`).
#[cfg(test)]
pub(crate) use highcard::testing as test_game;

// The registry: one line a game (docs/architecture.md, "Adding a game").
// Links and saves name a game by its `GameDef::CODE`; the order here is the
// home screen's.
crate::registry! {$
    Katzenjammer: katzenjammer::Katzenjammer,
    Jachete: jachete::Jachete,
    #[cfg(test)] HighCard: highcard::HighCard,
}

/// How a game is known among the others: its [`GameId`] and the
/// conversions into the enums over the games. Written by the registry
/// (`crate::registry!`, invoked in `src/games/mod.rs`), never by hand.
pub trait Registered: GameDef {
    const ID: GameId;
    fn table(table: TableConfig<Self>) -> AnyTable;
    fn session(session: Session<Self>) -> AnySession;
    fn as_table(any: &AnyTable) -> Option<&TableConfig<Self>>;
    fn as_session(any: &AnySession) -> Option<&Session<Self>>;
    fn as_session_mut(any: &mut AnySession) -> Option<&mut Session<Self>>;
}

impl GameId {
    /// The game of old data that names none: the links, the puzzle
    /// records and the puzzle share texts written before there were other
    /// games are Katzenjammer's, for ever (`app::link::unnamed`).
    pub const UNNAMED: GameId = GameId::Katzenjammer;

    /// The key of this browser's puzzle record, every game's: named when
    /// Katzenjammer was the only game with puzzles, and kept (a new key
    /// would lose every record).
    pub const PUZZLE_RECORD_KEY: &'static str = "tablee.katzenjammer.puzzles";

    /// The kinds and units of the game's puzzles ([`GameDef::PUZZLES`];
    /// `None`: it has none).
    pub fn puzzles(self) -> Option<tablee_puzzles::format::Vocabulary> {
        with_game!(self, G => G::PUZZLES)
    }

    pub fn has_puzzles(self) -> bool {
        self.puzzles().is_some()
    }
}

impl AnyTable {
    /// The table labelled as `today`'s daily deal if its seed is that deal's.
    pub fn with_daily_label(self, today: Day) -> AnyTable {
        each_game!(self, t => t.with_daily_label(today).into_any())
    }

    pub fn seed(&self) -> tablee_engine::Seed {
        each_game!(self, t => t.seed)
    }

    pub fn players(&self) -> usize {
        each_game!(self, t => t.players())
    }

    /// The table of game `G`, if this is one.
    pub fn get<G: Registered>(&self) -> Option<&TableConfig<G>> {
        G::as_table(self)
    }

    /// Who sits at each seat.
    pub fn seats(&self) -> &[SeatKind] {
        each_game!(self, t => &t.seats)
    }

    /// The names people gave their seats (hot-seat; empty: none).
    pub fn names(&self) -> &[Option<String>] {
        each_game!(self, t => &t.names)
    }
}

impl AnySession {
    /// This game's table.
    pub fn table(&self) -> AnyTable {
        each_game!(session self, s => s.config().clone().into_any())
    }

    pub fn is_over(&self) -> bool {
        each_game!(session self, s => s.is_over())
    }

    pub fn moves(&self) -> usize {
        each_game!(session self, s => s.actions().len())
    }

    /// The table its link names: the match's in a match (KB-20).
    pub fn link_table(&self) -> AnyTable {
        each_game!(session self, s => s.link_table().into_any())
    }

    /// Its match's progress: this game's number (from 1) and the match's
    /// number of games; `None` for a game of its own.
    pub fn match_progress(&self) -> Option<(usize, usize)> {
        each_game!(session self, s => s.in_match().map(|m| (m.games_played() + 1, m.games_planned())))
    }

    /// The number of games of its match (1: a game of its own).
    pub fn match_games(&self) -> usize {
        each_game!(session self, s => s.match_games())
    }

    /// The session of game `G`, if this is one.
    pub fn get<G: Registered>(&self) -> Option<&Session<G>> {
        G::as_session(self)
    }

    pub fn get_mut<G: Registered>(&mut self) -> Option<&mut Session<G>> {
        G::as_session_mut(self)
    }
}

impl<G: Registered> TableConfig<G> {
    /// The same table in the enum over games.
    pub fn into_any(self) -> AnyTable {
        G::table(self)
    }
}

impl<G: Registered> Session<G> {
    /// The same game in the enum over games.
    pub fn into_any(self) -> AnySession {
        G::session(self)
    }
}

/// The wording tests every game runs on its refusals.
#[cfg(test)]
pub(crate) mod wording {
    use tablee_engine::{EmbedsShared, Refusal, Shared};

    use crate::ui::game_ui::GameUi;
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
    pub fn assert_texts<G: GameUi>(refusal: impl Into<G::Refusal>, en: &str, fr: &str) {
        let refusal = refusal.into();
        assert_eq!(
            (G::refusal_text(&refusal, Lang::En), G::refusal_text(&refusal, Lang::Fr)),
            (en.to_string(), fr.to_string())
        );
    }

    /// Words each of game `G`'s refusals (and the shared ones) and checks
    /// it: a sentence in both languages, different ones, and never a rule id.
    pub fn check<G: GameUi>(samples: Vec<G::Refusal>) {
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
