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

    /// Its puzzles (a fixture of the puzzles crate, in win chance; they
    /// never ship): the page's puzzle functions read and judge them as any
    /// game's.
    const PUZZLES: Option<tablee_puzzles::format::Vocabulary> = Some(tablee_puzzles::highcard::VOCABULARY);

    /// The analysis that mined them, on its worlds.
    fn puzzle_values(view: &HcView, seed: Seed, at: usize, moves: &[HcAction], _unit: tablee_puzzles::format::Unit) -> Option<Vec<Vec<f64>>> {
        let analysis = tablee_puzzles::highcard::analysis_seed(seed, view.seat, at);
        tablee_puzzles::highcard::analyse(view, moves, analysis, 0, tablee_puzzles::highcard::Config::fixture().worlds, 1).ok()
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
    /// worded in its folder too (issue 54).
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

    /// Issue 54, High card through the page's puzzles (its fixture, five
    /// puzzles, read as the page reads a game's file): each opens at its
    /// seat's turn, its answer is judged right and the other move not, a
    /// try is recorded, its address reads back, a day has its puzzle, and
    /// the worker evaluates its moves by the analysis that mined them.
    #[test]
    fn high_card_puzzles_go_through_the_pages_puzzles() {
        use crate::app::config::Day;
        use crate::app::puzzles::{self, Choice, Progress};
        use tablee_puzzles::format::Unit;
        let game = GameId::parse("highcard").unwrap();
        let (file, parts) = puzzles::read_index(game, include_str!("../../../crates/puzzles/src/highcard/puzzles.json")).expect("its fixture reads");
        assert!(parts.is_none(), "one file, no parts");
        assert_eq!(file.puzzles.len(), 5);
        assert_eq!(puzzles::kinds(game, &file), [tablee_puzzles::highcard::KEEP]);
        let mut progress = Progress::default();
        for p in &file.puzzles {
            let (opened, session) = puzzles::open::<HighCard>(&file, Some(p.id)).expect("it opens");
            assert_eq!(session.human_to_act(), Some(p.seat), "puzzle {}: its seat's turn", p.id);
            let legal = session.legal_actions();
            let answer = HighCard::action_from_json(&opened.candidates[opened.answers[0]].action).unwrap();
            assert!(legal.contains(&answer));
            assert!(puzzles::judge::<HighCard>(&opened, &answer).right, "puzzle {}: its answer", p.id);
            let other = legal.iter().find(|a| **a != answer).unwrap();
            let verdict = puzzles::judge::<HighCard>(&opened, other);
            assert!(!verdict.right && verdict.against.is_some(), "puzzle {}: the other move, compared", p.id);
            // The worker evaluates both moves there as the miner did.
            let moves = vec![HighCard::action_to_json(&answer), HighCard::action_to_json(other)];
            let reply = worker::run(&worker::Job::Evaluate { game: save::to_value(&session), moves, unit: Unit::WIN_CHANCE });
            assert!(matches!(reply, worker::Reply::Compared(_)), "{reply:?}");
            progress.record(game, p.id, p.difficulty, true, None);
            assert_eq!(link::puzzle_link(&puzzles::link(game, p.id)), Some(link::PuzzleLink::One(game, Some(p.id))));
        }
        assert_eq!(progress.solved(), 5);
        assert_eq!(puzzles::next_unsolved(game, &file, Choice::default(), &progress), None, "all five solved");
        assert!(puzzles::daily(&file, Day::new(2026, 12, 5).unwrap()).is_some());
        assert_eq!(Progress::read(&progress.text()), Ok(progress));
    }

    /// Issue 54, High card through the page's lessons: its course (one
    /// lesson of two steps, HC-1..HC-3) opens on its position through its
    /// `Coached::opening`, each action step's move is legal there, the
    /// coach points at its button, and once made the game is over as the
    /// lesson says.
    #[test]
    fn high_card_lesson_goes_through_the_pages_lessons() {
        use crate::app::config::{SeatKind, TableConfig};
        use crate::app::session::Session;
        use crate::ui::learn::Coached;
        let course = tablee_lessons::Course::read(include_str!("../../../crates/lessons/src/rules/highcard.json")).expect("its course reads");
        assert_eq!(course.game, HighCard::CODE);
        assert_eq!(course.lessons.len(), 1);
        for lesson in &course.lessons {
            let state = HighCard::opening(lesson).expect("its position");
            let players = state.hands().len();
            let mut config = TableConfig::<HighCard>::new(Seed::from_number(1), players);
            config.seats = (0..players).map(|s| if s == 0 { SeatKind::Human } else { SeatKind::Bot(Level::Normal) }).collect();
            let mut session = Session::at_position(config, state);
            let steps: Vec<_> = lesson.steps.iter().filter(|s| s.is_action()).collect();
            assert!(!steps.is_empty(), "a move to make");
            for step in steps {
                let action = HighCard::action_from_json(&step.accept[0]).expect("its move reads");
                assert!(session.legal_actions().contains(&action), "{action:?} legal there");
                let target = HighCard::target(&session, &action).expect("pointed at");
                assert!(target == "[data-testid=\"hc-swap\"]" || target == "[data-testid=\"hc-keep\"]", "{target}");
                session.apply_human(action).unwrap();
                for reply in &step.then {
                    let (seat, action) = crate::app::save::action_from_json::<HighCard>(reply).expect("a bot's reply reads");
                    session.apply_bot(session.actions().len(), &action).unwrap_or_else(|e| panic!("seat {seat}: {e:?}"));
                }
            }
        }
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
        assert!(game.has_puzzles(), "its puzzles: the fixture of the puzzles crate");
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
