//! J'achète's puzzles (issue 32): the shipped file
//! (`src/games/jachete/public/puzzles/jachete.json`) replays from its seeds with legal answers,
//! its scenarios reach the same states through the engine's scenario
//! runner, a sample holds on fresh worlds; and each check fails on the bug
//! it is there for (a move number off by one, an illegal answer, a
//! scenario that reaches another state, a file of another game).

use tablee_bots::arena::decision_seed;
use tablee_engine::jachete::{JaAction, JaGame, JaOptions};
use tablee_engine::json::Json;
use tablee_engine::{Game, Seed};
use tablee_puzzles::format::PuzzleFile;
use tablee_puzzles::jachete::{self as ja, Config, BUY, DISCARD, LAY, OPEN, POINTS, POINTS_MARGIN, SWAP};
use tablee_puzzles::replay::{self, PuzzleRules, ReplayError};

fn shipped() -> PuzzleFile {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games/jachete/public/puzzles/jachete.json");
    // The index and every part beside it (docs/puzzles.md, "The file").
    tablee_puzzles::format::read_file(path, &ja::VOCABULARY).expect("the shipped puzzle file and its parts read")
}

/// Runs a scenario through the engine and compares its state with `state`.
fn scenario_agrees(scenario: &Json, state: &JaGame) -> Result<(), String> {
    let output = tablee_engine::jachete::scenario::run(scenario).map_err(|e| format!("malformed: {e}"))?;
    if output.get("ok").and_then(Json::as_bool) != Some(true) {
        return Err(format!("the scenario stops: {}", output.text()));
    }
    state.agrees_with_scenario_state(output.get("state").ok_or("no state")?)
}

#[test]
fn ja19_every_shipped_puzzle_replays_from_its_seed_with_legal_clear_answers() {
    let file = shipped();
    assert_eq!(file.game, "jachete");
    assert!(!file.puzzles.is_empty());
    let mut kinds = std::collections::BTreeSet::new();
    for (i, p) in file.puzzles.iter().enumerate() {
        assert_eq!(p.id as usize, i + 1, "ids run 1, 2, 3…");
        let position = replay::replay::<JaGame>(&file, p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        assert_eq!(p.unit, POINTS, "puzzle {}", p.id);
        assert!((4..=8).contains(&position.state.round().players()), "puzzle {}", p.id);
        // Best first, the answers first, `normal` never finds one.
        assert!(p.answers.iter().enumerate().all(|(i, &a)| a == i), "puzzle {}", p.id);
        assert!(p.candidates.windows(2).all(|w| w[0].value >= w[1].value), "puzzle {}", p.id);
        assert!(!p.found_by.iter().any(|l| l == "normal"), "puzzle {}", p.id);
        // The answers and at least the move they are judged against; at most every move compared.
        assert!(p.candidates.len() > p.answers.len(), "puzzle {}", p.id);
        assert!(p.compared.is_some_and(|n| n >= p.candidates.len()), "puzzle {}: {:?} compared", p.id, p.compared);
        // A clear answer: the margin (less the stored rounding) and intervals apart.
        let next = &p.candidates[p.answers.len()];
        for a in p.answers.iter().map(|&a| &p.candidates[a]) {
            assert!(a.value - next.value >= POINTS_MARGIN - 0.1, "puzzle {}: {} against {}", p.id, a.value, next.value);
            assert!(a.value - a.ci > next.value + next.ci - 0.1, "puzzle {}: intervals overlap", p.id);
        }
        // The kind is what the position and the two moves compared say.
        let view = position.state.view(p.seat);
        let kind = ja::kind_of(&view, &position.candidates, &position.candidates[0], &position.candidates[p.answers.len()]);
        assert_eq!(kind, p.kind, "puzzle {}", p.id);
        kinds.insert(p.kind.code());
        assert!(!p.why_en.is_empty() && !p.why_fr.is_empty() && !p.why_en.contains("JA-"), "puzzle {}", p.id);
    }
    assert!(kinds.len() >= 2, "kinds: {kinds:?}");
    // Varied: no kind over its share (buys at most half the file, as mined
    // with --buy-share 0.5; the quota's "after the first few" included),
    // every round and every number of players.
    let total = file.puzzles.len() as f64;
    for kind in [BUY, DISCARD, OPEN, LAY, SWAP] {
        let n = file.puzzles.iter().filter(|p| p.kind == kind).count() as f64;
        let share = if kind == BUY { 0.5 } else { ja::share(kind) };
        assert!(n <= share * total + 4.0, "{}: {n} of {total}", kind.code());
    }
    let mut rounds = std::collections::BTreeSet::new();
    let mut players = std::collections::BTreeSet::new();
    for p in &file.puzzles {
        let position = replay::replay::<JaGame>(&file, p).unwrap();
        rounds.insert(position.state.round().round());
        players.insert(position.state.round().players());
    }
    assert_eq!(rounds.into_iter().collect::<Vec<_>>(), (1..=7).collect::<Vec<u8>>());
    assert_eq!(players.into_iter().collect::<Vec<_>>(), (4..=8).collect::<Vec<usize>>());
    // Every game gives a puzzle, and its actions stop at its last.
    for (g, game) in file.games.iter().enumerate() {
        let last = file.puzzles.iter().filter(|p| p.game == g).map(|p| p.at).max();
        assert_eq!(last, Some(game.actions.len()), "game {g}");
    }
}

#[test]
fn ja4_ja7_every_shipped_puzzle_scenario_reaches_its_state() {
    let file = shipped();
    for p in &file.puzzles {
        let position = replay::replay::<JaGame>(&file, p).unwrap();
        let scenario = replay::scenario::<JaGame>(&file, p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        assert_eq!(scenario.get("round").and_then(Json::as_u64), Some(u64::from(position.state.round().round())));
        scenario_agrees(&scenario, &position.state).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
    }
}

/// The scenario of a position read back from the round just dealt (JA-4,
/// JA-7: a wild turned first is bought by the dealer with a bonus card, and
/// the next player draws), with the purses, pots and totals of the rounds
/// before: checked at positions of many seeded games, rounds that began with
/// a wild among them.
#[test]
fn ja7_scenarios_of_seeded_positions_reach_the_same_state() {
    let mut wild_rounds = 0;
    let mut checked = 0;
    let mut legal = Vec::new();
    for n in 0..15u64 {
        let players = 4 + (n as usize) % 5;
        let seed = Seed::from_number(100 + n);
        let mut game = JaGame::new_game(players, JaOptions::default(), seed).unwrap();
        let mut actions: Vec<Json> = Vec::new();
        let mut ran_out = false;
        while let Some(seat) = game.to_act() {
            if game.round().round() > 3 {
                break;
            }
            ran_out |= game.round().stock_len() == 0;
            if actions.len().is_multiple_of(5) && !ran_out {
                let scenario = JaGame::scenario(players, &Json::obj([]), seed, &actions).unwrap();
                scenario_agrees(&scenario, &game).unwrap_or_else(|e| panic!("seed {n}, move {}: {e}", actions.len()));
                checked += 1;
            }
            game.actions(&mut legal);
            let action = ja::decide_seat("normal", &game.view(seat), &legal, decision_seed(seed, seat, actions.len()));
            actions.push(seated(seat, &action));
            let round = game.round().round();
            game.apply(&action).unwrap();
            if game.round().round() != round {
                ran_out = false;
                wild_rounds += usize::from(game.round().first_card().is_some_and(|c| c.is_wild()));
            }
        }
    }
    assert!(checked > 200, "{checked} positions checked");
    assert!(wild_rounds > 0, "no round began with a wild: the forced buy is not covered");
}

/// An action in a game's notation with its seat first, as a file keeps it.
fn seated(seat: tablee_engine::Seat, action: &JaAction) -> Json {
    let mut json = Json::obj([("seat", seat.into())]);
    if let (Json::Obj(a), Json::Obj(b)) = (&mut json, JaGame::write_action(action)) {
        a.extend(b);
    }
    json
}

/// JA-16: a scenario rebuilds a run-out stock unshuffled, so a position
/// after a rebuild is refused, also when the rebuild happened inside one
/// action and no decision saw the stock empty (a buy's bonus card takes the
/// last card and the next turn's draw rebuilds at once: a mined puzzle's
/// scenario once differed so). Seeded games played through all seven
/// rounds by `buyer`s (buys empty the stock soonest).
#[test]
fn ja16_a_position_after_the_stock_was_rebuilt_is_refused() {
    let mut unseen_rebuilds = 0;
    let mut legal = Vec::new();
    // Game 62 has one (at move 191, round 7).
    for n in 0..64u64 {
        let players = 4 + (n as usize) % 5;
        let seed = Seed::from_number(300 + n);
        let mut game = JaGame::new_game(players, JaOptions::default(), seed).unwrap();
        let mut actions: Vec<Json> = Vec::new();
        let mut seen_empty = false;
        let mut counted = false;
        while let Some(seat) = game.to_act() {
            seen_empty |= game.round().stock_len() == 0;
            if game.round().stock_rebuilt() && !seen_empty && !counted {
                unseen_rebuilds += 1;
                counted = true;
                let err = JaGame::scenario(players, &Json::obj([]), seed, &actions).err();
                assert!(err.as_deref().is_some_and(|e| e.contains("JA-16")), "seed {n}, move {}: {err:?}", actions.len());
            }
            game.actions(&mut legal);
            let action = ja::decide_seat("buyer", &game.view(seat), &legal, decision_seed(seed, seat, actions.len()));
            actions.push(seated(seat, &action));
            let round = game.round().round();
            game.apply(&action).unwrap();
            if game.round().round() != round {
                seen_empty = false;
                counted = false;
            }
        }
    }
    assert!(unseen_rebuilds > 0, "no rebuild inside one action: the case is not covered");
}

#[test]
fn a_move_number_off_by_one_is_refused() {
    let file = shipped();
    // At a buy window the seat asked never made the move before, and never
    // makes the move after as a buy or a decline (JA-9).
    let mut tried = 0;
    for p in file.puzzles.iter().filter(|p| p.kind == BUY).take(10) {
        for at in [p.at - 1, p.at + 1] {
            let mut file = file.clone();
            let mut q = p.clone();
            q.at = at;
            // The game keeps the action after the position.
            if at > file.games[p.game].actions.len() {
                let (mut state, seat) = (replay::reach::<JaGame>(&file.games[p.game], p.at).unwrap(), p.seat);
                let action = ja::decide_seat("normal", &state.view(seat), &[JaAction::Buy, JaAction::Decline], 0);
                state.apply(&action).unwrap();
                file.games[p.game].actions.push(seated(seat, &action));
            }
            let err = replay::replay::<JaGame>(&file, &q).err();
            assert!(
                matches!(err, Some(ReplayError::NotToMove { .. } | ReplayError::IllegalCandidate { .. })),
                "puzzle {} at {at}: {err:?}",
                p.id
            );
            tried += 1;
        }
    }
    assert!(tried > 0, "no buy puzzle shipped");
}

#[test]
fn an_illegal_answer_is_refused() {
    let file = shipped();
    let p = &file.puzzles[0];
    let position = replay::replay::<JaGame>(&file, p).unwrap();
    let hand = position.state.view(p.seat).hand;
    let missing = tablee_engine::jachete::deck().into_iter().find(|c| !hand.contains(c)).unwrap();
    let mut bad = file.clone();
    bad.puzzles[0].candidates[0].action = JaGame::write_action(&JaAction::Discard(missing));
    assert!(matches!(
        replay::replay::<JaGame>(&bad, &bad.puzzles[0]),
        Err(ReplayError::IllegalCandidate { candidate: 0, answer: true, .. })
    ));
    // An action of the game claimed by another seat.
    let mut bad = file.clone();
    let first = &mut bad.games[p.game].actions[0];
    let seat = first.get("seat").and_then(Json::as_u64).unwrap();
    first.set("seat", Json::from(((seat + 1) % 4) as usize));
    assert!(matches!(replay::replay::<JaGame>(&bad, &bad.puzzles[0]), Err(ReplayError::OutOfTurn { index: 0, .. })));
    // A file of another game.
    let mut other = file.clone();
    other.game = "another-game".into();
    assert!(matches!(replay::replay::<JaGame>(&other, &other.puzzles[0]), Err(ReplayError::WrongGame { .. })));
}

#[test]
fn a_scenario_that_reaches_another_state_is_told() {
    let file = shipped();
    let p = file.puzzles.iter().max_by_key(|p| p.at).unwrap();
    let position = replay::replay::<JaGame>(&file, p).unwrap();
    let scenario = replay::scenario::<JaGame>(&file, p).unwrap();
    scenario_agrees(&scenario, &position.state).unwrap();
    // Five cents moved from the small pot to seat 0's purse (cents still add up).
    let mut richer = scenario.clone();
    let money = richer.get("money").and_then(Json::as_array).unwrap().to_vec();
    let mut money: Vec<i64> = money.iter().map(|m| m.as_i64().unwrap()).collect();
    money[0] += 5;
    richer.set("money", Json::Arr(money.into_iter().map(Json::int).collect()));
    let small = richer.get("pots").and_then(|p| p.get("small")).and_then(Json::as_i64).unwrap();
    let big = richer.get("pots").and_then(|p| p.get("big")).and_then(Json::as_i64).unwrap();
    richer.set("pots", Json::obj([("small", Json::int(small - 5)), ("big", Json::int(big))]));
    let err = scenario_agrees(&richer, &position.state).unwrap_err();
    assert!(err.starts_with("players") || err.starts_with("pots"), "{err}");
    // The round's last action dropped.
    let mut shorter = scenario.clone();
    let mut actions = shorter.get("actions").and_then(Json::as_array).unwrap().to_vec();
    assert!(actions.pop().is_some(), "puzzle {} is at its round's first move", p.id);
    shorter.set("actions", Json::Arr(actions));
    assert!(scenario_agrees(&shorter, &position.state).is_err());
}

#[test]
fn a_sample_of_shipped_answers_holds_on_fresh_worlds() {
    let file = shipped();
    let step = (file.puzzles.len() / 3).max(1);
    for p in file.puzzles.iter().step_by(step).take(3) {
        let position = replay::replay::<JaGame>(&file, p).unwrap();
        assert!(ja::reanalyse(&position, p, 300, 2, 12345), "puzzle {}: its answer did not hold", p.id);
    }
}

#[test]
fn jachete_mining_is_deterministic_and_its_puzzles_replay() {
    let config = Config { count: 1, seed: 3, worlds: 200, screen: 32, check: 96, max_games: 4, kind: Some(BUY), ..Config::default() };
    let (one, _) = ja::mine(&Config { jobs: 1, ..config.clone() }, |_, _, _, _| {});
    let (two, _) = ja::mine(&Config { jobs: 2, ..config }, |_, _, _, _| {});
    assert_eq!(one.text(), two.text());
    assert_eq!(one.puzzles.len(), 1, "seed 3's first four games give a buy puzzle");
    for p in &one.puzzles {
        assert_eq!(p.kind, BUY);
        let position = replay::replay::<JaGame>(&one, p).unwrap();
        let scenario = replay::scenario::<JaGame>(&one, p).unwrap();
        scenario_agrees(&scenario, &position.state).unwrap();
    }
}

/// `--extend`: more puzzles from the file's own games, before each game's
/// last puzzle (no action added to the file); the file's puzzles and games
/// stay exactly as they were, new ids follow, and the result is the same on
/// one and two threads.
#[test]
fn extending_a_file_mines_in_its_games_and_keeps_its_puzzles() {
    // The first file (ids 1-132, 50 games), as mined.
    let base = shipped().first(132);
    assert_eq!(base.games.len(), 50);
    let config = Config { count: 1, seed: 1, worlds: 200, screen: 32, check: 200, max_games: 1, ..Config::default() };
    let (one, tally) = ja::extend(&Config { jobs: 1, ..config.clone() }, base.clone(), |_, _, _, _| {}).unwrap();
    let (two, _) = ja::extend(&Config { jobs: 2, ..config }, base.clone(), |_, _, _, _| {}).unwrap();
    assert_eq!(one.text(), two.text());
    assert_eq!(tally.games, 1);
    assert_eq!(one.puzzles.len(), base.puzzles.len() + 1, "the shipped file's first game gives one more puzzle");
    assert_eq!(one.games.len(), base.games.len());
    for (g, game) in one.games.iter().enumerate() {
        assert_eq!(game.actions, base.games[g].actions, "game {g}: no action added or dropped");
    }
    assert_eq!(PuzzleFile { puzzles: one.puzzles[..base.puzzles.len()].to_vec(), ..one.clone() }.text(), base.text());
    let p = one.puzzles.last().unwrap();
    assert_eq!(p.id as usize, base.puzzles.len() + 1);
    assert_eq!(p.game, 0);
    assert!(p.at < one.games[0].actions.len());
    assert!(base.puzzles.iter().filter(|q| q.game == 0).all(|q| q.at.abs_diff(p.at) >= one.games[0].seats.len()), "apart from the game's others");
    let position = replay::replay::<JaGame>(&one, p).unwrap();
    let scenario = replay::scenario::<JaGame>(&one, p).unwrap();
    scenario_agrees(&scenario, &position.state).unwrap();
    // Another game's file is refused.
    assert!(ja::extend(&Config::default(), PuzzleFile { game: "another-game".into(), ..base }, |_, _, _, _| {}).is_err());
}

/// `--onto FILE`: puzzles from new games after the file's; its games and
/// puzzles stay exactly as they were and new ids follow.
#[test]
fn mining_onto_a_file_keeps_its_puzzles() {
    let base = shipped();
    let config = Config { count: 1, seed: 3, worlds: 200, screen: 32, check: 96, max_games: 4, kind: Some(BUY), buy_share: 1.0, ..Config::default() };
    let (onto, _) = ja::mine_onto(&config, base.clone(), |_, _, _, _| {}).unwrap();
    assert_eq!(onto.puzzles.len(), base.puzzles.len() + 1);
    assert_eq!(onto.games.len(), base.games.len() + 1);
    assert_eq!(onto.games[..base.games.len()], base.games[..]);
    assert_eq!(onto.puzzles[..base.puzzles.len()], base.puzzles[..]);
    let p = onto.puzzles.last().unwrap();
    assert_eq!((p.id as usize, p.game), (base.puzzles.len() + 1, base.games.len()));
    // The same puzzle as mining seed 3 alone finds first (ids aside).
    let (alone, _) = ja::mine(&config, |_, _, _, _| {});
    assert_eq!((p.at, &p.candidates), (alone.puzzles[0].at, &alone.puzzles[0].candidates));
    replay::replay::<JaGame>(&onto, p).unwrap();
    assert!(ja::mine_onto(&config, PuzzleFile { game: "another-game".into(), ..base }, |_, _, _, _| {}).is_err());
}

/// `--cut FILE --keep K`: each puzzle keeps its answers and its K best
/// other moves (at least the one they are judged against); `compared` stays.
#[test]
fn keeping_the_best_others_trims_only_the_tail() {
    let base = shipped();
    for keep in [0, 1, 2] {
        let mut cut = base.clone();
        ja::keep_best(&mut cut, keep);
        for (p, q) in cut.puzzles.iter().zip(&base.puzzles) {
            assert_eq!(p.candidates.len(), q.candidates.len().min(q.answers.len() + keep.max(1)), "puzzle {}", p.id);
            assert_eq!(p.candidates[..], q.candidates[..p.candidates.len()], "puzzle {}", p.id);
            assert_eq!((p.compared, &p.answers, &p.why_en), (q.compared, &q.answers, &q.why_en));
        }
    }
}
