//! The bots play fair: they only ever choose legal actions, the same seed
//! replays the same game (bot moves included), and a search bot's decision
//! depends on its seat's view only — never on the hidden cards.

use tablee_bots::arena::{self, Table};
use tablee_bots::{analyse, decide, Level};
use tablee_engine::katzenjammer::{Action, Event, KbState, Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::rng::Rng;
use tablee_engine::{Outcome, Seed};

/// A finished game: every action in order, the public log and the outcome.
struct Played {
    actions: Vec<Action>,
    log: Vec<Event>,
    outcome: Outcome,
}

/// Plays one seeded game, seat `s` played by `seats[s]`, with the arena's
/// decision seeds; checks every decision against the referee's legal list.
fn play(seats: &[Level], options: Options, seed: Seed) -> Played {
    let mut state = KbState::new_game(seats.len(), options, seed).expect("a valid table");
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while let Some(seat) = state.to_act() {
        state.legal_actions(&mut legal);
        let level = seats[seat];
        let action = decide(level, &state.view(seat), &legal, arena::decision_seed(seed, seat, actions.len()));
        assert!(
            legal.contains(&action),
            "{level} at seat {seat} chose {action:?}, not among the {} legal actions (seed {seed}, move {})",
            legal.len(),
            actions.len()
        );
        if let Err(e) = state.apply(&action) {
            panic!("{level} at seat {seat} chose {action:?}, refused: {e} (seed {seed}, move {})", actions.len());
        }
        actions.push(action);
    }
    let outcome = state.outcome().expect("the game is over");
    Played { actions, log: state.log().to_vec(), outcome }
}

#[test]
fn heuristic_bots_only_choose_legal_actions_in_thousands_of_games_for_2_to_6_players() {
    const LEVELS: [Level; 3] = [Level::Random, Level::Easy, Level::Normal];
    let mut games = 0;
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        for g in 0..1000 {
            let seats: Vec<Level> = (0..players).map(|s| LEVELS[(s + g) % LEVELS.len()]).collect();
            let options = Options { full_mice: g % 5 == 0 };
            let seed = Seed::from_number((players * 10_000 + g) as u64);
            play(&seats, options, seed);
            games += 1;
        }
    }
    assert_eq!(games, 5000);
}

#[test]
fn search_bots_only_choose_legal_actions() {
    use Level::{Easy, Expert, Hard, Normal, Random};
    let tables: [&[Level]; 7] = [
        &[Hard, Normal, Hard],
        &[Normal, Hard, Random],
        &[Hard, Normal, Easy, Normal],
        &[Hard, Hard, Normal, Random],
        &[Normal, Easy, Hard, Normal],
        &[Hard, Hard, Hard, Hard],
        &[Expert, Normal, Normal],
    ];
    for (i, seats) in tables.iter().enumerate() {
        let played = play(seats, Options::default(), Seed::from_number(7_000 + i as u64));
        assert!(!played.actions.is_empty());
    }
}

#[test]
fn the_same_seed_replays_the_same_game_bot_moves_included() {
    let seats = [Level::Hard, Level::Normal, Level::Hard, Level::Normal];
    let seed = Seed::parse("1K7Q-M3ZD").expect("a seed");
    let first = play(&seats, Options::default(), seed);
    let again = play(&seats, Options::default(), seed);
    assert_eq!(first.actions, again.actions);
    assert_eq!(first.log, again.log);
    assert_eq!(first.outcome, again.outcome);
    // Not vacuous: another seed gives another game.
    let other = play(&seats, Options::default(), Seed::from_number(seed.number() + 1));
    assert_ne!(first.log, other.log);
}

#[test]
fn the_same_arena_seed_gives_the_same_arena_results() {
    let table = Table { players: 4, games: 40, seed: 99, options: Options::default() };
    let levels = [Level::Normal, Level::Easy, Level::Random, Level::Normal];
    let summary = |t: &Table<Options>| {
        let report = arena::run_levels::<KbState>(t, &levels, |_| {}).expect("the arena runs");
        report.seats.iter().map(|s| (s.bot.clone(), s.win_share, s.mean_score, s.mean_extra)).collect::<Vec<_>>()
    };
    let first = summary(&table);
    assert_eq!(first, summary(&table));
    let shares: f64 = first.iter().map(|s| s.1).sum();
    assert!((shares - 1.0).abs() < 1e-9, "win shares add up to one game per game: {shares}");
}

#[test]
fn a_search_bot_decides_the_same_whatever_the_hidden_cards() {
    let mut positions = 0;
    let mut hidden_changed = 0;
    let mut legal = Vec::new();
    let mut legal_resampled = Vec::new();
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        for g in 0..2u64 {
            let seed = Seed::from_number(500 + 10 * players as u64 + g);
            let mut state = KbState::new_game(players, Options::default(), seed).expect("a valid table");
            let mut rng = Rng::new(seed.number());
            let mut moves = 0;
            while let Some(seat) = state.to_act() {
                state.legal_actions(&mut legal);
                let view = state.view(seat);
                // Every ninth position: the hidden cards dealt anew, consistently with the view.
                if moves % 9 == 4 {
                    let resampled = state.resample_hidden(seat, &mut rng);
                    let resampled_view = resampled.view(seat);
                    assert_eq!(view, resampled_view, "resampling changed what seat {seat} sees");
                    resampled.legal_actions(&mut legal_resampled);
                    assert_eq!(legal, legal_resampled);
                    if resampled.hidden() != state.hidden() {
                        hidden_changed += 1;
                    }
                    let bot_seed = arena::decision_seed(seed, seat, moves);
                    assert_eq!(
                        decide(Level::Hard, &view, &legal, bot_seed),
                        decide(Level::Hard, &resampled_view, &legal_resampled, bot_seed),
                        "hard decided differently once the hidden cards changed (seed {seed}, move {moves})"
                    );
                    positions += 1;
                }
                let action = decide(Level::Normal, &view, &legal, arena::decision_seed(seed, seat, moves));
                state.apply(&action).expect("legal");
                moves += 1;
            }
        }
    }
    assert!(positions >= 30, "only {positions} positions checked");
    assert!(hidden_changed * 10 >= positions * 9, "the hidden cards changed in only {hidden_changed} of {positions}");
}

#[test]
fn a_search_bot_explains_only_legal_choices() {
    let mut state = KbState::new_game(4, Options::default(), Seed::from_number(31)).expect("a valid table");
    let mut legal = Vec::new();
    for moves in 0..12 {
        let Some(seat) = state.to_act() else { break };
        state.legal_actions(&mut legal);
        let view = state.view(seat);
        let choices = analyse(Level::Hard, &view, &legal, moves);
        assert!(!choices.is_empty());
        assert!(choices.iter().all(|c| legal.contains(&c.action)), "{choices:?}");
        state.apply(&choices[0].action).expect("legal");
    }
}
