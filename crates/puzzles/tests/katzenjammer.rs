//! The shipped puzzles (`src/games/katzenjammer/public/puzzles/katzenjammer.json`) are what they
//! claim: each replays from its seed to its position, its seat is to move,
//! its candidates and answers are legal there, its scenario file reaches the
//! same state through the engine's scenario runner, and (for a sample) a
//! fresh analysis still finds its answer best.

use tablee_engine::json::Json;
use tablee_engine::katzenjammer::KbState;
use tablee_engine::scenario;
use tablee_puzzles::format::PuzzleFile;
use tablee_puzzles::katzenjammer::{complete::{self, CompleteError, Completion}, mine::{self, Config}, JOKER_CATS, MICE, VOCABULARY};
use tablee_puzzles::replay::{self, PuzzleRules, ReplayError};

fn shipped() -> PuzzleFile {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games/katzenjammer/public/puzzles/katzenjammer.json");
    // The index and every part beside it (docs/puzzles.md, "The file").
    tablee_puzzles::format::read_file(path, &VOCABULARY).expect("the shipped puzzle file and its parts read")
}

#[test]
fn every_shipped_puzzle_replays_to_its_position_with_legal_answers() {
    let file = shipped();
    assert_eq!(file.game, "katzenjammer");
    assert!(file.puzzles.len() >= 500, "{} puzzles shipped", file.puzzles.len());
    // Ids are stable and start at 1: 1, 2, 3, … in file order.
    for (i, p) in file.puzzles.iter().enumerate() {
        assert_eq!(p.id as usize, i + 1);
    }
    for p in &file.puzzles {
        let position = replay::replay::<KbState>(&file, p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        assert_eq!(position.candidates.len(), p.candidates.len());
        // Best first, the answers first, and `normal` (never an answer) is not `found_by`.
        assert!(p.answers.iter().enumerate().all(|(i, &a)| a == i), "puzzle {}", p.id);
        assert!(p.candidates.windows(2).all(|w| w[0].value >= w[1].value), "puzzle {}", p.id);
        assert!(!p.found_by.iter().any(|l| l == "normal"), "puzzle {}", p.id);
        let next = &p.candidates[p.answers.len()];
        let margin = if p.unit == MICE { mine::MICE_MARGIN } else { mine::WIN_MARGIN };
        // Values are stored to one decimal: allow for their rounding.
        for c in &p.candidates[..p.answers.len()] {
            assert!(c.value - next.value >= margin - 0.1, "puzzle {}: {} vs {}", p.id, c.value, next.value);
            assert!(c.value - c.ci > next.value + next.ci - 0.1, "puzzle {}: intervals overlap", p.id);
        }
        assert!(!p.why_en.is_empty() && !p.why_fr.is_empty() && !p.why_en.contains("KB-"));
        // A complete puzzle keeps at most the moves it compared (mining's width).
        if let Some(n) = p.compared {
            assert!(n >= p.candidates.len() && n <= Config::default().width, "puzzle {}: {n} compared", p.id);
        }
    }
}

#[test]
fn every_shipped_scenario_reaches_the_replayed_state() {
    let file = shipped();
    for p in &file.puzzles {
        let position = replay::replay::<KbState>(&file, p).unwrap();
        let scenario_file = replay::scenario::<KbState>(&file, p).unwrap();
        // Through text, as `tablee scenario` reads it.
        let output = scenario::parse(&scenario_file.text()).and_then(|input| tablee_engine::katzenjammer::scenario::run(&input)).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        assert_eq!(output.get("ok"), Some(&Json::Bool(true)), "puzzle {}: {output}", p.id);
        let state = output.get("state").unwrap();
        position.state.agrees_with_scenario_state(state).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
    }
}

#[test]
fn a_corrupted_puzzle_is_refused_with_the_reason() {
    let file = shipped();
    let p = file.puzzles.iter().find(|p| p.at >= 3).unwrap().clone();
    // An action changed into a bid of cards nobody holds.
    let mut bad = file.clone();
    let first_bid = bad.games[p.game].actions[..p.at].iter().position(|a| a.get("act") == Some(&Json::str("pass"))).unwrap();
    bad.games[p.game].actions[first_bid] = Json::parse(&format!(
        r#"{{"seat":{},"act":"bid","kind":"same","value":5,"cards":["5","5","5","5","5","5","5"]}}"#,
        bad.games[p.game].actions[first_bid].get("seat").unwrap()
    ))
    .unwrap();
    assert!(matches!(replay::replay::<KbState>(&bad, &p), Err(ReplayError::Refused { index, .. }) if index == first_bid));
    // An action claimed by the wrong seat.
    let mut bad = file.clone();
    let seat = bad.games[p.game].actions[0].get("seat").and_then(Json::as_u64).unwrap();
    let players = bad.games[p.game].players() as u64;
    if let Json::Obj(fields) = &mut bad.games[p.game].actions[0] {
        fields.retain(|(k, _)| k != "seat");
        fields.push(("seat".into(), Json::int(((seat + 1) % players) as i64)));
    }
    assert!(matches!(replay::replay::<KbState>(&bad, &p), Err(ReplayError::OutOfTurn { index: 0, .. })));
    // The position one move later: another seat is to move (or the same seat,
    // in a presentation after its own winning bid: then look one more on).
    let mut later = p.clone();
    later.at += 1;
    if later.at <= file.games[p.game].actions.len() {
        let r = replay::replay::<KbState>(&file, &later);
        assert!(matches!(r, Err(ReplayError::NotToMove { .. } | ReplayError::IllegalCandidate { .. })), "{r:?}");
    }
    // An answer that cannot be played there.
    let mut wrong = p.clone();
    wrong.candidates[0].action = Json::parse(r#"{"act":"present","foursomes":[{"value":5,"cards":["5","5","5","5"]}]}"#).unwrap();
    if p.kind.code() == "present" || p.kind.code() == "jokers" {
        wrong.candidates[0].action = Json::parse(r#"{"act":"pass"}"#).unwrap();
    }
    assert!(matches!(
        replay::replay::<KbState>(&file, &wrong),
        Err(ReplayError::IllegalCandidate { candidate: 0, answer: true, .. })
    ));
    // A file of another game.
    let mut other = file.clone();
    other.game = "chess".into();
    assert!(matches!(replay::replay::<KbState>(&other, &p), Err(ReplayError::WrongGame { .. })));
}

/// A fresh analysis (a seed mining never used) of a few shipped puzzles
/// still finds their answers ahead: small enough for CI.
#[test]
fn a_sample_of_answers_still_stands_on_reanalysis() {
    let file = shipped();
    let step = file.puzzles.len() / 3;
    for p in file.puzzles.iter().step_by(step.max(1)).take(3) {
        let position = replay::replay::<KbState>(&file, p).unwrap();
        assert!(mine::reanalyse(&position, p, 400, 2), "puzzle {}: its answer did not hold", p.id);
    }
}

/// The same seed mines the same file.
#[test]
fn mining_is_deterministic() {
    let config = Config { count: 1, seed: 3, worlds: 160, screen: 32, check: 80, max_games: 3, jobs: 2, ..Config::default() };
    let (a, _) = mine::mine(&config, |_, _, _, _| {});
    let single = Config { jobs: 1, ..config.clone() };
    let (b, _) = mine::mine(&single, |_, _, _, _| {});
    assert_eq!(a.text(), b.text());
    assert_eq!(a.puzzles.len(), 1, "three short games give a puzzle");
    for p in &a.puzzles {
        replay::replay::<KbState>(&a, p).unwrap();
    }
}

/// `--kind jokers`: only joker-cat puzzles — every answer presents joker cats
/// and the move they are judged against does not (without `--kind`, seed 2's
/// first games give bids and passes first) — the same on one thread and on two.
#[test]
fn mining_one_kind_yields_only_that_kind() {
    let config = Config {
        count: 1,
        seed: 2,
        worlds: 600,
        screen: 96,
        check: 600,
        max_games: 6,
        jobs: 2,
        kind: Some(JOKER_CATS),
        ..Config::default()
    };
    let (a, _) = mine::mine(&config, |_, _, _, _| {});
    let (b, _) = mine::mine(&Config { jobs: 1, ..config.clone() }, |_, _, _, _| {});
    assert_eq!(a.text(), b.text());
    let (any, _) = mine::mine(&Config { kind: None, ..config.clone() }, |_, _, _, _| {});
    assert_ne!(any.puzzles[0].kind, JOKER_CATS, "without --kind the first puzzle is another kind");
    assert_eq!(a.puzzles.len(), 1, "seed 2's first six games have a joker-cat puzzle");
    let cats = |c: &tablee_puzzles::format::Candidate| c.action.text().contains("null");
    for p in &a.puzzles {
        assert_eq!(p.kind, JOKER_CATS);
        assert!(p.answers.iter().all(|&i| cats(&p.candidates[i])), "every answer presents joker cats");
        assert!(!cats(&p.candidates[p.answers.len()]), "the other move presents none");
        replay::replay::<KbState>(&a, p).unwrap();
    }
}

/// `--onto`: a file's games and puzzles stay as they were (links to them keep
/// working), the new ones follow with the next ids and replay.
#[test]
fn mining_onto_a_file_keeps_its_puzzles() {
    let base = shipped();
    let config = Config { count: 1, seed: 3, worlds: 160, screen: 32, check: 80, max_games: 3, jobs: 2, ..Config::default() };
    let (fresh, _) = mine::mine(&config, |_, _, _, _| {});
    let (merged, _) = mine::mine_onto(&config, base.clone(), |_, _, _, _| {});
    assert_eq!(merged.games[..base.games.len()], base.games[..]);
    assert_eq!(merged.puzzles[..base.puzzles.len()], base.puzzles[..]);
    let added = &merged.puzzles[base.puzzles.len()..];
    assert_eq!(added.len(), 1);
    let last = base.puzzles.iter().map(|p| p.id).max().unwrap();
    assert_eq!(added[0].id, last + 1);
    assert_eq!(added[0].game, base.games.len());
    // The same puzzle as mined alone (the quotas allow it either way).
    assert_eq!(added[0].candidates, fresh.puzzles[0].candidates);
    for p in added {
        replay::replay::<KbState>(&merged, p).unwrap();
    }
    // The file as text: every line of the base stays, but for the comma after its last game.
    let (old, new) = (base.text(), merged.text());
    let kept = old.lines().filter(|line| new.lines().any(|l| l == *line || l.strip_suffix(',') == Some(line))).count();
    assert_eq!(kept, old.lines().count());
}

/// `--complete`: a file that keeps only its answers and the best other move
/// (as the first files did) gets back every candidate mining compared, the
/// stored values unchanged; a changed stored value is reported, not
/// overwritten; a complete puzzle is not analysed again (a stopped run resumes).
#[test]
fn completing_a_file_gives_back_what_mining_compared() {
    let config = Config { count: 2, seed: 3, worlds: 160, screen: 32, check: 80, max_games: 4, jobs: 2, ..Config::default() };
    let (full, _) = mine::mine(&config, |_, _, _, _| {});
    assert!(!full.puzzles.is_empty());
    assert!(full.puzzles.iter().all(|p| p.compared == Some(p.candidates.len())), "mining keeps every candidate");
    assert!(full.puzzles.iter().any(|p| p.candidates.len() > p.answers.len() + 1), "a puzzle with several other moves");
    // The old file: the answers and the best other move only.
    let mut old = full.clone();
    for p in &mut old.puzzles {
        complete::trim(p, 1);
        p.compared = None;
    }
    let old = PuzzleFile::parse(&old.text(), &VOCABULARY).unwrap();
    let how = Completion { worlds: config.worlds, width: config.width, keep: usize::MAX, jobs: 1, limit: usize::MAX };
    // One puzzle, then the rest: the file after each puzzle is what a stopped run leaves.
    let mut file = old.clone();
    let mut heard = Vec::new();
    assert_eq!(complete::complete(&mut file, &Completion { limit: 1, ..how.clone() }, |f, p| heard.push((complete::completed(f), p.id))), Ok(1));
    assert_eq!(heard, vec![(1, full.puzzles[0].id)]);
    let resumed = PuzzleFile::parse(&file.text(), &VOCABULARY).unwrap();
    let mut file = resumed;
    let mut again = Vec::new();
    assert_eq!(complete::complete(&mut file, &how, |_, p| again.push(p.id)), Ok(full.puzzles.len() - 1));
    assert!(!again.contains(&full.puzzles[0].id), "a complete puzzle is not analysed again");
    assert_eq!(file.text(), full.text());
    // Keeping the best K others trims the complete puzzles only.
    let mut trimmed = full.clone();
    assert_eq!(complete::complete(&mut trimmed, &Completion { keep: 1, ..how.clone() }, |_, _| {}), Ok(0));
    for (t, f) in trimmed.puzzles.iter().zip(&full.puzzles) {
        assert_eq!(t.candidates[..], f.candidates[..f.answers.len() + 1]);
        assert_eq!(t.compared, f.compared);
    }
    // A stored value the analysis does not give again is an error, and the puzzle stays as it was.
    let mut wrong = old.clone();
    wrong.puzzles[0].candidates[0].value += 0.1;
    let before = wrong.clone();
    let error = complete::complete(&mut wrong, &how, |_, _| {}).unwrap_err();
    assert!(matches!(&error, CompleteError::Differs { id, .. } if *id == full.puzzles[0].id), "{error}");
    assert_eq!(wrong, before);
    // Another number of worlds (half as many: wider intervals) gives other values: an error too.
    let mut other = old.clone();
    assert!(complete::complete(&mut other, &Completion { worlds: 80, ..how }, |_, _| {}).is_err());
}

/// A shipped complete puzzle, cut back to what the first file kept, is
/// completed again from its position (4,000 worlds, as it was mined): the
/// same candidates, values and intervals as shipped.
#[test]
fn a_shipped_puzzle_completes_again_to_its_stored_candidates() {
    let file = shipped();
    // The cheapest complete puzzle with other moves beyond the best one.
    let p = file
        .puzzles
        .iter()
        .filter(|p| p.compared.is_some_and(|n| n > p.answers.len() + 1))
        .min_by_key(|p| (p.compared, p.id))
        .expect("a complete puzzle");
    let mut cut = p.clone();
    complete::trim(&mut cut, 1);
    cut.compared = None;
    let how = Completion { worlds: 4000, width: Config::default().width, keep: usize::MAX, jobs: 2, limit: usize::MAX };
    let again = complete::complete_puzzle(&file, &cut, &how).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(again.compared, p.compared);
    assert_eq!(again.candidates[..p.candidates.len()], p.candidates[..], "puzzle {}", p.id);
}
