//! The arena plays J'achète as it plays Katzenjammer: built-in levels replay
//! with the same seed, the report counts points (lowest total wins) and final
//! purses, a player may propose any table (the engine judges it), and an
//! illegal one is a fault replaced by a random generated action.

use tablee_bots::arena::{self, ArenaReport, BuiltIn, Fault, Faults, Player, Table};
use tablee_bots::{jachete, Level};
use tablee_engine::jachete::{Card, JaAction, JaGame, JaOptions, JaView, TableMeld};
use tablee_engine::{Game, Seed};

const TABLE: Table<JaOptions> = Table { players: 5, games: 8, seed: 17, options: JaOptions { three_players: false } };
const LEVELS: [Level; 5] = [Level::Normal, Level::Random, Level::Easy, Level::Normal, Level::Random];

fn summary(report: &ArenaReport) -> Vec<(String, f64, f64, f64, usize)> {
    report.seats.iter().map(|s| (s.bot.clone(), s.win_share, s.mean_score, s.mean_extra, s.decisions)).collect()
}

#[test]
fn the_same_seed_gives_the_same_jachete_arena_results() {
    let first = arena::run_levels::<JaGame>(&TABLE, &LEVELS, |_| {}).expect("the arena runs");
    let again = arena::run_levels::<JaGame>(&TABLE, &LEVELS, |_| {}).expect("the arena runs");
    assert_eq!(summary(&first), summary(&again));
    assert_eq!(first.games, 8);
    let shares: f64 = first.seats.iter().map(|s| s.win_share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "every game has its winners (ties split): {shares}");
    // Cents are conserved: 60 a player, in purses at the end (JA-2, JA-18).
    let purses: f64 = first.seats.iter().map(|s| s.mean_extra).sum();
    assert!((purses - 300.0).abs() < 1e-9, "{purses}");
    assert!(first.seats.iter().all(|s| s.faults == Faults::default() && s.mean_score >= 0.0));
    // Not vacuous: another seed, other games.
    let other = Table { seed: 18, ..TABLE };
    let different = arena::run_levels::<JaGame>(&other, &LEVELS, |_| {}).expect("the arena runs");
    assert_ne!(summary(&first), summary(&different));
}

/// J'achète has a seat's levels only (the playable ones and the coached
/// game's `gentle`): asked for Katzenjammer's research
/// level, the arena refuses before playing, and the bot refuses to decide.
#[test]
fn jachete_has_no_research_level() {
    assert_eq!(jachete::LEVELS, Level::SEATED);
    let levels = [Level::Normal, Level::Ismcts, Level::Normal, Level::Normal, Level::Normal];
    let err = arena::run_levels::<JaGame>(&TABLE, &levels, |_| {}).expect_err("no ismcts in J'achète");
    assert_eq!(err, "jachete has no ismcts level");
    let game = JaGame::new_game(4, JaOptions::default(), Seed::from_number(1)).unwrap();
    let seat = game.to_act().unwrap();
    let mut legal = Vec::new();
    game.actions(&mut legal);
    let view = game.view(seat);
    let refused = std::panic::catch_unwind(|| jachete::decide(Level::Ismcts, &view, &legal, 1));
    assert!(refused.is_err(), "J'achète's bot played a level it does not have");
}

/// Plays `normal`, but rewrites every play as the same table in another
/// order (not one of the generated actions, yet legal), and proposes a table
/// of three kings of spades (the decks hold two) every 50th decision.
#[derive(Default)]
struct Rearranger {
    decisions: usize,
    rewritten: usize,
    illegal: usize,
}

impl Player<JaGame> for Rearranger {
    fn name(&self) -> String {
        "rearranger".into()
    }

    fn decide(&mut self, view: &JaView, legal: &[JaAction], seed: u64) -> Result<JaAction, Fault> {
        self.decisions += 1;
        if self.decisions.is_multiple_of(50) {
            self.illegal += 1;
            let kings = vec![Card::parse("KS").expect("a card"); 3];
            return Ok(JaAction::Play { table: vec![TableMeld { owner: view.seat, cards: kings }] });
        }
        match jachete::decide(Level::Normal, view, legal, seed) {
            JaAction::Play { mut table } => {
                table.reverse();
                for meld in &mut table {
                    meld.cards.reverse();
                }
                let action = JaAction::Play { table };
                if !legal.contains(&action) {
                    self.rewritten += 1;
                }
                Ok(action)
            }
            other => Ok(other),
        }
    }
}

#[test]
fn any_table_may_be_proposed_and_an_illegal_one_is_a_fault() {
    let mut rearranger = Rearranger::default();
    let mut others = [BuiltIn(Level::Normal), BuiltIn(Level::Normal), BuiltIn(Level::Random), BuiltIn(Level::Easy)];
    let mut seats: Vec<&mut dyn Player<JaGame>> = vec![&mut rearranger];
    seats.extend(others.iter_mut().map(|p| p as &mut dyn Player<JaGame>));
    let report = arena::run_players(&TABLE, &mut seats, |_| {}).expect("the arena runs");
    drop(seats);
    let seat = &report.seats[0];
    assert!(rearranger.rewritten >= 10, "tables outside the generated list: {}", rearranger.rewritten);
    assert!(rearranger.illegal >= 1);
    // Only the three kings were refused: every rewritten table was accepted.
    assert_eq!(seat.faults, Faults { illegal: rearranger.illegal, ..Faults::default() });
    assert_eq!(seat.decisions, rearranger.decisions);
    let shares: f64 = report.seats.iter().map(|s| s.win_share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "{shares}");
}
