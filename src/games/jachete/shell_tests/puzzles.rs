//! J'achète's puzzles in the app: its shipped file's index and parts, each
//! puzzle opened at its seat and judged (a table whatever the order of its
//! melds and cards), and its moves never compared evaluated as the page
//! judges them (issue 52).

use tablee_bots::Level;
use tablee_engine::jachete::JaAction;
use tablee_engine::json::Json;
use tablee_engine::Game;
use tablee_puzzles::format::{Opened, PuzzleFile};
use tablee_puzzles::judge::Standing;

use crate::app::game::GameDef;
use crate::app::puzzles::tests::{other_with_puzzles, shipped};
use crate::app::puzzles::*;
use crate::app::session::Session;
use crate::games::GameId;

use super::super::Jachete as Ja;

const JA_ID: GameId = <Ja as crate::games::Registered>::ID;

/// J'achète's shipped file (the miner's, `src/games/jachete/public/puzzles/jachete.json`).
fn jachete() -> PuzzleFile {
    // The index and its parts, as shipped (docs/puzzles.md, "The file").
    shipped(JA_ID)
}

/// Catches a page that fetches more than the index and the one part a
/// puzzle needs, or opens a puzzle whose game's actions are not read
/// (or read from another part).
#[test]
fn a_puzzle_opens_from_the_index_and_the_one_part_holding_its_game() {
    let index = concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/jachete/public/puzzles/jachete.json");
    let (mut file, parts) = read_index(JA_ID, &std::fs::read_to_string(index).unwrap()).unwrap();
    let parts = parts.expect("the shipped file is split");
    let other = other_with_puzzles(JA_ID);
    assert!(matches!(read_index(other, &std::fs::read_to_string(index).unwrap()), Err(PuzzleError::BadFile(_))));
    let puzzle = file.puzzles.iter().find(|p| parts.of_game(p.game) > 0 && p.at > 0).expect("a puzzle past the first part").clone();
    let part = part_needed(&file, Some(&parts), Some(puzzle.id)).expect("its actions are in a part");
    assert_eq!(part, parts.of_game(puzzle.game));
    assert_eq!(part_path(JA_ID, part), format!("puzzles/jachete/{part}.json"));
    assert_eq!((part_needed(&file, Some(&parts), Some(u32::MAX)), part_needed(&file, Some(&parts), None)), (None, None));
    // Before its part: no position nor analysis, "could not be fetched" — never a panic,
    // never a puzzle without its candidates on the table.
    assert!(file.position(&puzzle).is_none() && puzzle.candidates.is_empty() && puzzle.why_en.is_empty());
    assert_eq!(file.opened(puzzle.id), None);
    assert_eq!(open::<Ja>(&file, Some(puzzle.id)).err(), Some(PuzzleError::NoFile));
    assert_eq!(open::<Ja>(&file, Some(u32::MAX)).err(), Some(PuzzleError::NoSuchPuzzle(Some(u32::MAX))));
    assert_eq!(open::<Ja>(&file, None).err(), Some(PuzzleError::NoSuchPuzzle(None)));
    let read = |k: usize| std::fs::read_to_string(tablee_puzzles::format::Parts::path(index, k)).unwrap();
    // Another part is refused and reads nothing in.
    assert!(file.read_part(&parts, part, &read(part - 1)).is_err());
    assert_eq!(part_needed(&file, Some(&parts), Some(puzzle.id)), Some(part));
    file.read_part(&parts, part, &read(part)).unwrap();
    assert_eq!(part_needed(&file, Some(&parts), Some(puzzle.id)), None);
    let (opened, session) = open::<Ja>(&file, Some(puzzle.id)).unwrap();
    assert_eq!(session.moves().count(), puzzle.at);
    // The same position and the same puzzle (its candidates and why) as the whole file's.
    let whole = jachete();
    assert_eq!(file.position(&puzzle), whole.position(&puzzle));
    assert_eq!(Some(opened), whole.opened(puzzle.id));
    // Its part's other puzzles are read too; the other parts' are not.
    assert!(file.puzzles.iter().all(|p| file.is_read(p) == (parts.of_game(p.game) == part)));
}

/// Catches a J'achète puzzle the app cannot set up (a seat read as the
/// wrong kind, options not read) or whose candidates the judge names
/// wrongly or the table refuses.
#[test]
fn every_jachete_puzzle_opens_at_its_seat_and_its_answers_are_right() {
    let file = jachete();
    assert_eq!(file.game, "jachete");
    assert!(!file.puzzles.is_empty());
    for puzzle in &file.puzzles {
        let puzzle = &file.opened(puzzle.id).expect("a whole file's puzzle is read");
        let session = session::<Ja>(&file, puzzle).unwrap_or_else(|e| panic!("puzzle {}: {e:?}", puzzle.id));
        assert_eq!(session.moves().count(), puzzle.at);
        assert_eq!(session.config().humans(), vec![puzzle.seat], "one person, in the puzzle's seat");
        for (i, candidate) in puzzle.candidates.iter().enumerate() {
            let action = <Ja as GameDef>::action_from_json(&candidate.action).unwrap();
            let verdict = judge::<Ja>(puzzle, &action);
            // It, or an earlier candidate that is the same table in another order.
            assert!(verdict.candidate.is_some_and(|c| c <= i), "puzzle {} candidate {i}: {verdict:?}", puzzle.id);
            let mut played = session.clone();
            played.apply_human(action.clone()).unwrap_or_else(|e| panic!("puzzle {}: candidate {i} refused: {e:?}", puzzle.id));
            assert_eq!(first_move(puzzle, &played), Some(action));
        }
        let answer = <Ja as GameDef>::action_from_json(&puzzle.candidates[puzzle.answers[0]].action).unwrap();
        assert!(judge::<Ja>(puzzle, &answer).right, "puzzle {}", puzzle.id);
    }
}

/// Catches a judge comparing notations as written: the same melds laid
/// in another order, or a meld's cards in another order (as the table's
/// staging area writes them), judged as a move the analysis did not compare.
#[test]
fn a_table_laid_is_judged_whatever_the_order_of_its_melds_and_cards() {
    let file = jachete();
    let found = file
        .puzzles
        .iter()
        .find(|p| p.answer_actions().any(|a| a.get("table").and_then(Json::as_array).is_some_and(|t| t.len() >= 2)))
        .expect("a puzzle answered by a table of two melds or more");
    let puzzle = &file.opened(found.id).unwrap();
    let i = puzzle.answers[0];
    let JaAction::Play { mut table } = <Ja as GameDef>::action_from_json(&puzzle.candidates[i].action).unwrap() else {
        panic!("puzzle {}: not a table", puzzle.id)
    };
    table.reverse();
    for meld in &mut table {
        meld.cards.reverse();
    }
    let shuffled = JaAction::Play { table };
    assert_ne!(<Ja as GameDef>::action_to_json(&shuffled).text(), puzzle.candidates[i].action.text(), "another order in the notation");
    let verdict = judge::<Ja>(puzzle, &shuffled);
    assert_eq!((verdict.right, verdict.candidate), (true, Some(i)));
    // A different table is still a different move.
    let JaAction::Play { mut table } = shuffled else { unreachable!() };
    let card = table.iter_mut().find(|m| m.owner == puzzle.seat).and_then(|m| m.cards.pop());
    assert!(card.is_some());
    assert_ne!(judge::<Ja>(puzzle, &JaAction::Play { table }).candidate, Some(i));
}

/// The moves J'achète's analysis compared at a puzzle's position, as
/// mining chose them (`normal`'s move with the game's decision seed,
/// then the heuristic's best: `tablee_puzzles::jachete::candidates`).
fn compared_by_mining(file: &PuzzleFile, puzzle: &Opened, session: &Session<Ja>) -> Vec<JaAction> {
    let decision = session.decision(puzzle.seat, Level::Normal);
    let normal = decision.decide();
    tablee_puzzles::jachete::candidates(&decision.view, &decision.legal, &normal, puzzle.compared.unwrap_or(8).max(puzzle.candidates.len()))
        .into_iter()
        .inspect(|_| assert_eq!(file.games[puzzle.game].seed, session.config().seed))
        .collect()
}

/// A move judged as the page judges it: against the stored candidates,
/// else evaluated by the bots' worker's job (run here as the worker
/// runs it); and the rating change of a first try.
fn judged_by_the_page(puzzle: &Opened, session: &Session<Ja>, played: &JaAction) -> (Verdict, i32) {
    let first = judge::<Ja>(puzzle, played);
    let verdict = match evaluation::<Ja>(puzzle, &first, session, played) {
        None => first,
        Some(job) => {
            assert!(!first.counts(), "puzzle {}: a move not compared is not judged before its evaluation", puzzle.id);
            match crate::app::worker::run(&job) {
                crate::app::worker::Reply::Compared(c) => evaluated::<Ja>(puzzle, played, Some(c)),
                other => panic!("puzzle {}: {other:?}", puzzle.id),
            }
        }
    };
    let mut progress = Progress::default();
    let change = progress.record(JA_ID, puzzle.id, puzzle.difficulty, verdict.right, None);
    (verdict, change.rating_change)
}

/// Issue 52: a tester laid everything puzzle 21's best play lays, plus
/// the 5♦, and was told "Not the best play (a play the analysis did not
/// compare)", rating −16. Catches a judge that matches the stored moves
/// only: the same table with one card more is no candidate, so it is
/// evaluated by the same analysis (on the same worlds it is exactly as
/// good: the rollout lays the 5♦ next anyway), judged right, and the
/// rating goes up.
#[test]
fn a_superset_of_the_best_play_is_evaluated_and_judged_as_good() {
    let file = jachete();
    let puzzle = file.opened(21).expect("puzzle 21");
    let session = session::<Ja>(&file, &puzzle).unwrap();
    let JaAction::Play { table } = <Ja as GameDef>::action_from_json(&puzzle.candidates[puzzle.answers[0]].action).unwrap() else {
        panic!("puzzle 21 is answered by a play")
    };
    let five = tablee_engine::jachete::Card::parse("5D").unwrap();
    assert!(session.view(puzzle.seat).hand.contains(&five));
    let more = (0..table.len())
        .map(|i| {
            let mut t = table.clone();
            t[i].cards.push(five);
            JaAction::Play { table: t }
        })
        .find(|a| session.state().check(a).is_ok())
        .expect("the 5♦ goes on one of the answer's melds");
    assert!(!compared_by_mining(&file, &puzzle, &session).iter().any(|c| <Ja as GameDef>::puzzle_key(c) == <Ja as GameDef>::puzzle_key(&more)));
    let (verdict, change) = judged_by_the_page(&puzzle, &session, &more);
    assert_eq!(verdict.candidate, None);
    let against = verdict.against.clone().expect("evaluated");
    assert_eq!(against.standing, Standing::AsGood, "{against:?}");
    assert!(against.gap.abs() < 0.05, "{against:?}");
    // Its value, on the stored worlds, next to the stored best.
    let value = against.evaluated.as_ref().expect("its value").value;
    assert!((value - puzzle.candidates[0].value).abs() < 0.1, "{value} against {}", puzzle.candidates[0].value);
    assert!(verdict.right && change > 0, "{verdict:?}, {change}");
}

/// Catches a judge that cuts, or passes, every move not in the file:
/// discards evaluated — puzzle 8's A♦ as good as its best and puzzle
/// 11's 2♣ better than its best, neither ever compared (right, the
/// rating up), puzzle 3's 3♦, compared by mining but not kept in the
/// file, 14 points worse (wrong, the rating down: still cut).
#[test]
fn a_play_the_analysis_never_saw_is_evaluated_and_a_worse_one_still_cut() {
    let file = jachete();
    for (id, card, standing) in [(8, "AD", Standing::AsGood), (11, "2C", Standing::Better), (3, "3D", Standing::Worse)] {
        let puzzle = file.opened(id).unwrap();
        let session = session::<Ja>(&file, &puzzle).unwrap();
        let played = JaAction::Discard(tablee_engine::jachete::Card::parse(card).unwrap());
        assert!(session.state().check(&played).is_ok());
        // The two right ones were never compared; the worse one was, but the file kept only the best 4.
        let compared = compared_by_mining(&file, &puzzle, &session).contains(&played);
        assert_eq!(compared, standing == Standing::Worse, "puzzle {id}: {card}");
        assert_eq!(judge::<Ja>(&puzzle, &played).candidate, None, "puzzle {id}: {card} is not in the file");
        let (verdict, change) = judged_by_the_page(&puzzle, &session, &played);
        let against = verdict.against.clone().expect("evaluated");
        assert_eq!(against.standing, standing, "puzzle {id}: {against:?}");
        assert_eq!(verdict.right, standing != Standing::Worse);
        if verdict.right {
            assert!(change > 0, "puzzle {id}: {change}");
        } else {
            assert!(change < 0 && against.gap < -8.0, "puzzle {id}: {change}, {against:?}");
        }
    }
    // A compared move that is not an answer is cut from the stored values, no evaluation.
    let puzzle = file.opened(3).unwrap();
    let session = session::<Ja>(&file, &puzzle).unwrap();
    let other = <Ja as GameDef>::action_from_json(&puzzle.candidates[puzzle.answers.len()].action).unwrap();
    let verdict = judge::<Ja>(&puzzle, &other);
    assert_eq!(evaluation::<Ja>(&puzzle, &verdict, &session, &other), None);
    let against = verdict.against.expect("judged from the file");
    assert_eq!(against.standing, Standing::Worse);
    assert_eq!(against.gap, puzzle.candidates[puzzle.answers.len()].value - puzzle.candidates[0].value);
    // Without an evaluation (no worker), the try is not counted.
    let lost = evaluated::<Ja>(&puzzle, &other, None);
    assert!(!lost.counts() && !lost.right);
}
