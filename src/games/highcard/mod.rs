//! High card in the app (the tests' third game, `cfg(test)`): its
//! definition for the shell and its words. Its table is `ui.rs`. What this
//! folder and one registry line do not cover is the list of what a game
//! touches (docs/architecture.md, "Adding a game").

#[cfg(test)]
pub(crate) mod testing;
mod ui;

use tablee_bots::{Choice, Level};
use tablee_engine::highcard::{notation, HcAction, HcState, HcView, Refusal};
use tablee_engine::json::Json;
use tablee_engine::notation::ActionError;
use tablee_engine::Seed;

use crate::app::game::{GameDef, NoMatch, OptionError};
use crate::app::result::ScoreOrder;
use crate::app::lang::Lang;

/// High card: 2 to 4 players, one card each, the highest wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HighCard;

impl GameDef for HighCard {
    type State = HcState;
    type Action = HcAction;
    type View = HcView;
    type Refusal = Refusal;
    type Options = ();
    type Match = NoMatch;

    const CODE: &'static str = "highcard";
    const TITLE: &'static str = "High card";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = 4;
    const DEFAULT_PLAYERS: usize = 3;
    const SCORE_ORDER: ScoreOrder = ScoreOrder::HighestWins;

    fn blurb(lang: Lang) -> &'static str {
        lang.pick("One card each, keep it or swap it", "Une carte chacun : la garder ou l'échanger")
    }

    const MINUTES: (u32, u32) = (1, 2);

    fn players_words(lang: Lang) -> &'static str {
        lang.pick("2 to 4 players", "2 à 4 joueurs")
    }

    fn new_state(players: usize, _options: (), seed: Seed) -> Result<HcState, String> {
        HcState::new_game(players, seed)
    }

    fn options_to_query(_options: ()) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    fn options_from_query(_get: &dyn Fn(&str) -> Option<String>) -> Result<(), OptionError> {
        Ok(())
    }

    fn options_to_json(_options: ()) -> Json {
        Json::obj([])
    }

    fn options_from_json(_value: &Json) -> Result<(), &'static str> {
        Ok(())
    }

    fn action_to_json(action: &HcAction) -> Json {
        notation::action_to_json(action)
    }

    fn action_from_json(value: &Json) -> Result<HcAction, ActionError<Refusal>> {
        notation::action_from_json(value)
    }

    fn view_to_json(view: &HcView) -> Json {
        notation::view_to_json(view)
    }

    fn view_from_json(value: &Json, _options: ()) -> Result<HcView, String> {
        notation::view_from_json(value)
    }

    fn decide(level: Level, view: &HcView, legal: &[HcAction], seed: u64) -> HcAction {
        tablee_bots::highcard::decide(level, view, legal, seed)
    }

    fn analyse(level: Level, view: &HcView, legal: &[HcAction], seed: u64) -> Vec<Choice<HcAction>> {
        tablee_bots::highcard::analyse(level, view, legal, seed)
    }

    fn fallback(_legal: &[HcAction]) -> Option<HcAction> {
        Some(HcAction::Keep)
    }

}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::game_ui::GameUi;
    use crate::app::controller::tests::Memory;
    use crate::app::controller::{Shell, Storage};
    use crate::games::GameId;
    use crate::app::{link, replay, save, worker};

    /// Its puzzles (a fixture of the puzzles crate, in win chance) are
    /// worded in its folder too (issue 54), though the page does not offer them.
    #[test]
    fn high_card_words_its_puzzles() {
        use crate::ui::puzzles::texts;
        let vocabulary = tablee_puzzles::highcard::VOCABULARY;
        let worded = |kind| <HighCard as GameUi>::PUZZLE_KINDS.iter().any(|(k, ..)| *k == kind);
        assert!(vocabulary.kinds.iter().all(|&k| worded(k)));
        assert_eq!(texts::kind_name(GameId::HighCard, tablee_puzzles::highcard::KEEP, crate::app::lang::Lang::Fr), "Garder ou échanger");
        assert_eq!(vocabulary.units, [tablee_puzzles::format::Unit::WIN_CHANCE], "the puzzles screen's own words");
    }

    #[test]
    fn high_card_words_its_refusals() {
        crate::games::wording::check::<HighCard>(vec![Refusal::GameOver]);
    }

    /// The proof of issue 43: a game that is its folder and one registry
    /// line plays whole games through the shell — a link deals it, the bots
    /// answer through the worker's jobs, a person's moves go through
    /// `Shell::act`, every move is saved and resumed, the end is counted in
    /// the history and recorded for "Your games", and its replay link reads.
    #[test]
    fn high_card_plays_whole_games_through_the_shell_saves_and_links() {
        let game = GameId::parse("highcard").expect("registered");
        assert_eq!(game.title(), "High card");
        assert!(!game.has_puzzles(), "no puzzles: the puzzles' screens leave it out");
        let mut storage = Memory::default();
        let link = "?game=highcard&seed=1K7Q-M3ZD&players=3";
        let mut shell = Shell::start(&mut storage, link, 1.0).shell;
        let config = shell.session::<HighCard>().expect("the link deals High card").config().clone();
        // Its link names the game and reads back the same table.
        let written = link::write(&config);
        assert!(written.starts_with("?game=highcard&v=1&seed=1K7Q-M3ZD&players=3"), "{written}");
        assert_eq!(link::read(&written).ok().and_then(|r| r.deal), Some(config.clone().into_any()));
        for move_number in 0.. {
            assert!(move_number < 10, "a game of 3 is 3 moves");
            if let Some(turn) = shell.bot_turn::<HighCard>() {
                assert!(shell.bot_moved::<HighCard>(turn.at, Some(worker::run(&turn.job))));
            } else if let Some(s) = shell.session::<HighCard>() {
                if s.human_to_act().is_none() {
                    break;
                }
                shell.act::<HighCard>(HcAction::Keep).expect("the person keeps");
            }
            assert!(shell.save::<HighCard>(&mut storage, 2.0));
            // Every save resumes the same game.
            let again = Shell::start(&mut storage, "", 3.0).shell;
            assert_eq!(again.game.as_ref().map(|g| g.moves()), shell.game.as_ref().map(|g| g.moves()));
        }
        let session = shell.session::<HighCard>().expect("High card");
        assert!(session.is_over());
        let refused = shell.act::<HighCard>(HcAction::Swap).unwrap_err();
        assert_eq!(HighCard::refusal_text(refused.refusal(), Lang::En), "The game is over: no more moves.");
        let text = save::to_json(shell.session::<HighCard>().unwrap());
        assert!(text.starts_with("{\"v\":1,\"game\":\"highcard\""), "{text}");
        assert!(shell.record_if_over::<HighCard>(&mut storage));
        assert_eq!(shell.history(game).played, 1);
        let mut reader = Shell::start(&mut storage, "", 4.0).shell;
        let games = reader.load_past(&mut storage, 4.0);
        assert_eq!(games.len(), 1, "recorded for \"Your games\"");
        assert_eq!(games[0].game(), game);
        let replayed = replay::read(&replay::write(shell.session::<HighCard>().unwrap())).expect("its replay link reads");
        assert_eq!(replayed.moves(), 3);
        assert!(storage.load("tablee.games").is_some_and(|list| list.contains("tablee.highcard.game.")));
    }
}
