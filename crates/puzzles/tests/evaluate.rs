//! Issue 52: a move the stored analysis did not compare is analysed on the
//! device by the same analysis. These tests prove it is the same one: the
//! shipped puzzles' stored candidates, analysed again by
//! `mine::evaluate` / `jachete::evaluate` on the shipped budget
//! (`SHIPPED_WORLDS`) on one thread (as the page's worker runs it), come
//! out with their stored values and intervals, to the stored decimal. With
//! another number of worlds, another seed, or a rollout that depended on
//! the other moves analysed beside it, they would not.

use tablee_engine::jachete::JaGame;
use tablee_engine::katzenjammer::KbState;
use tablee_engine::Game;
use tablee_puzzles::estimate::Estimate;
use tablee_puzzles::format::{stored, stored_ci, PuzzleFile, Vocabulary};
use tablee_puzzles::{jachete::{self, BUY, LAY}, katzenjammer::{self as kb, mine}, replay};

fn read(game: &str, vocabulary: &Vocabulary) -> PuzzleFile {
    let path = format!("{}/../../public/puzzles/{game}.json", env!("CARGO_MANIFEST_DIR"));
    tablee_puzzles::format::read_file(&path, vocabulary).expect("the shipped puzzle file and its parts read")
}

/// `values` (best first) against the puzzle's stored candidates `which`.
fn agree(file: &PuzzleFile, id: u32, which: &[usize], values: &[Vec<f64>]) {
    let p = file.puzzle(id).unwrap();
    for (&c, v) in which.iter().zip(values) {
        let e = Estimate::of(v);
        let stored_one = &p.candidates[c];
        assert_eq!((stored(e.mean), stored_ci(e.ci)), (stored_one.value, stored_one.ci), "puzzle {id}, candidate {c}");
    }
}

#[test]
fn katzenjammer_a_stored_move_evaluated_again_gets_its_stored_value() {
    let file = read("katzenjammer", &kb::VOCABULARY);
    // In each unit, the three puzzles latest in their games (the shortest rollouts).
    for &unit in kb::VOCABULARY.units {
        let mut late: Vec<_> = file.puzzles.iter().filter(|p| p.unit == unit).collect();
        late.sort_by_key(|p| std::cmp::Reverse((p.at, p.id)));
        assert!(late.len() >= 3, "puzzles in this unit");
        for p in late.into_iter().take(3) {
        let position = replay::replay::<KbState>(&file, p).unwrap();
        let view = position.state.view(p.seat);
        let seed = file.games[p.game].seed;
        // The best and the move it is judged against, in the other order too:
        // a move's values do not depend on the moves beside it.
        let next = p.answers.len();
        let moves = [position.candidates[next], position.candidates[0]];
        let values = mine::evaluate(&view, seed, p.at, &moves, mine::SHIPPED_WORLDS, unit);
        agree(&file, p.id, &[next, 0], &values);
        assert_eq!(values[0].len(), mine::SHIPPED_WORLDS as usize);
        }
    }
}

#[test]
fn jachete_a_stored_move_evaluated_again_gets_its_stored_value() {
    let file = read("jachete", &jachete::VOCABULARY);
    // The first two lays and buys.
    for kind in [LAY, BUY] {
        let found: Vec<_> = file.puzzles.iter().filter(|p| p.kind == kind).take(2).collect();
        assert_eq!(found.len(), 2, "puzzles of this kind");
        for p in found {
        let position = replay::replay::<JaGame>(&file, p).unwrap();
        let view = position.state.view(p.seat);
        let seed = file.games[p.game].seed;
        let next = p.answers.len();
        let moves = [position.candidates[next].clone(), position.candidates[0].clone()];
        let values = jachete::evaluate(&view, seed, p.at, &moves, jachete::SHIPPED_WORLDS);
        agree(&file, p.id, &[next, 0], &values);
        }
    }
}
