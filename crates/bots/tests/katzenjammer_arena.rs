//! Pluggable arena seats ([`Player`]): built-in levels behind the trait play
//! exactly as before, and a faulty player's decisions are replaced by seeded
//! random legal actions, counted by kind, without stopping the run.

use tablee_bots::arena::{self, BuiltIn, Fault, Faults, Player, Table};
use tablee_bots::katzenjammer::decide;
use tablee_bots::Level;
use tablee_engine::katzenjammer::{Action, Bid, BidKind, Counts, KbState, KbView, Options};
use tablee_engine::Seat;

/// Plays `normal`, except on a schedule of its own decision count: late every
/// 7th, garbage every 11th, an action the rules refuse every 13th, and dead
/// from its 5th decision of game 1 to the end of that game. It tallies what it
/// did, to compare with the arena's report.
#[derive(Default)]
struct Faulty {
    decisions: usize,
    game: usize,
    in_game: usize,
    deaths: usize,
    made: Faults,
    games_seen: Vec<(usize, Seat)>,
    finished: usize,
}

impl Player<KbState> for Faulty {
    fn name(&self) -> String {
        "faulty".into()
    }

    fn new_game(&mut self, view: &KbView, game_index: usize) -> Result<(), Fault> {
        self.games_seen.push((game_index, view.seat));
        self.game = game_index;
        self.in_game = 0;
        Ok(())
    }

    fn decide(&mut self, view: &KbView, legal: &[Action], seed: u64) -> Result<Action, Fault> {
        self.decisions += 1;
        self.in_game += 1;
        let k = self.decisions;
        let fault = if self.game == 1 && self.in_game >= 5 {
            if self.in_game == 5 {
                self.deaths += 1;
            }
            Fault::Dead
        } else if k.is_multiple_of(7) {
            Fault::Timeout
        } else if k.is_multiple_of(11) {
            Fault::Garbage
        } else if k.is_multiple_of(13) {
            self.made.add(Fault::Illegal);
            // Seven jokers: no different-values bid has seven cards (KB-8).
            return Ok(Action::Bid(Bid { kind: BidKind::Different, cards: Counts([0, 0, 0, 0, 0, 7]) }));
        } else {
            return Ok(decide(Level::Normal, view, legal, seed));
        };
        self.made.add(fault);
        Err(fault)
    }

    fn game_over(&mut self, state: &KbState, _seat: Seat) {
        assert!(state.outcome().is_some(), "game_over comes once the game is over");
        self.finished += 1;
    }

    fn restarts(&self) -> usize {
        self.deaths
    }
}

const TABLE: Table<Options> = Table { players: 4, games: 6, seed: 21, options: Options { full_mice: false } };

/// Entry `at` is a fresh [`Faulty`], the others `normal`, `normal`, `random`.
fn run_with_faulty(at: usize) -> (arena::ArenaReport, Faulty) {
    let mut faulty = Faulty::default();
    let mut others = [BuiltIn(Level::Normal), BuiltIn(Level::Normal), BuiltIn(Level::Random)];
    let mut seats: Vec<&mut dyn Player<KbState>> = others.iter_mut().map(|p| p as &mut dyn Player<KbState>).collect();
    seats.insert(at, &mut faulty);
    let report = arena::run_players(&TABLE, &mut seats, |_| {}).expect("the arena runs");
    drop(seats);
    (report, faulty)
}

/// Built-in levels behind the trait play the games they always played: the
/// results of this small arena were recorded when the trait came in (and are
/// what `tablee arena --seats normal,random,easy,normal --games 12 --seed 5`
/// prints), and each game is replayed here without the arena, from
/// [`arena::game_seed`], [`arena::decision_seed`] and the rotation.
#[test]
fn built_in_levels_behind_the_trait_play_as_before() {
    let levels = [Level::Normal, Level::Random, Level::Easy, Level::Normal];
    let table = Table { players: 4, games: 12, seed: 5, options: Options::default() };
    let mut players = levels.map(BuiltIn);
    let mut seats: Vec<&mut dyn Player<KbState>> = players.iter_mut().map(|p| p as &mut dyn Player<KbState>).collect();
    let report = arena::run_players(&table, &mut seats, |_| {}).expect("the arena runs");

    // Per entry: games won (ties shared), mice and jokers over the 12 games, decisions.
    let golden = [("normal", 3.5, 65, 37, 333), ("random", 0.0, -39, 62, 371), ("easy", 2.5, 56, 37, 366), ("normal", 6.0, 70, 30, 329)];
    for (entry, (seat, (bot, won, mice, jokers, decisions))) in report.seats.iter().zip(golden).enumerate() {
        let close = |mean: f64, total: f64| (mean * 12.0 - total).abs() < 1e-9;
        assert!(
            seat.bot == bot
                && close(seat.win_share, won)
                && close(seat.mean_score, f64::from(mice))
                && close(seat.mean_extra, f64::from(jokers))
                && seat.decisions == decisions,
            "entry {entry}: {seat:?}, recorded {bot}: {won} won, {mice} mice, {jokers} jokers, {decisions} decisions"
        );
        assert_eq!((seat.faults, seat.restarts), (Faults::default(), 0));
    }

    // The same games, played without the arena: entry e at seat (e + g) % 4 in game g.
    let mut won = [0.0; 4];
    let mut mice = [0; 4];
    let mut legal = Vec::new();
    for g in 0..12 {
        let seed = arena::game_seed(5, g);
        let mut state = KbState::new_game(4, Options::default(), seed).expect("a valid table");
        let entry_at = |seat: usize| (seat + 4 - g % 4) % 4;
        let mut moves = 0;
        while let Some(seat) = state.to_act() {
            state.legal_actions(&mut legal);
            let action = decide(levels[entry_at(seat)], &state.view(seat), &legal, arena::decision_seed(seed, seat, moves));
            state.apply(&action).expect("legal");
            moves += 1;
        }
        let outcome = state.outcome().expect("over");
        for seat in 0..4 {
            won[entry_at(seat)] += outcome.win_share(seat);
            mice[entry_at(seat)] += outcome.scores[seat];
        }
    }
    for entry in 0..4 {
        assert!((won[entry] - golden[entry].1).abs() < 1e-9, "entry {entry} won {}, recorded {}", won[entry], golden[entry].1);
        assert_eq!(mice[entry], golden[entry].2, "entry {entry}'s mice");
    }
}

#[test]
fn faults_are_replaced_counted_by_kind_and_replayed() {
    let (report, faulty) = run_with_faulty(1);
    assert_eq!(report.games, 6);
    let shares: f64 = report.seats.iter().map(|s| s.win_share).sum();
    assert!((shares - 1.0).abs() < 1e-9, "every game finished: win shares add up to {shares}");
    let seat = &report.seats[1];
    assert_eq!(seat.bot, "faulty");
    // The arena counts exactly what the player did, each kind present.
    assert_eq!(seat.faults, faulty.made);
    for fault in Fault::ALL {
        assert!(seat.faults.get(fault) > 0, "no {fault} fault: {:?}", seat.faults);
    }
    assert_eq!((seat.decisions, seat.restarts), (faulty.decisions, 1));
    for (i, other) in report.seats.iter().enumerate().filter(|(i, _)| *i != 1) {
        assert_eq!(other.faults, Faults::default(), "entry {i}");
    }
    // One new_game and one game_over per game, at a seat one further each game.
    assert_eq!(faulty.finished, 6);
    assert_eq!(faulty.games_seen, (0..6).map(|g| (g, (1 + g) % 4)).collect::<Vec<_>>());

    // The same seed, the same faults, the same random replacements.
    let (again, _) = run_with_faulty(1);
    for (a, b) in report.seats.iter().zip(&again.seats) {
        let summary = |s: &arena::SeatReport| (s.win_share, s.mean_score, s.decisions, s.faults);
        assert_eq!(summary(a), summary(b));
    }
}
