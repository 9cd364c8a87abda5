//! Issue 52: a move the stored analysis did not compare is analysed on the
//! device by the same analysis. This test proves it is the same one for
//! Katzenjammer: the shipped puzzles' stored candidates, analysed again by
//! `mine::evaluate` on the shipped budget (`SHIPPED_WORLDS`) on one thread
//! (as the page's worker runs it), come out with their stored values and
//! intervals, to the stored decimal. With another number of worlds, another
//! seed, or a rollout that depended on the other moves analysed beside it,
//! they would not.

mod common;

use common::{agree, read};
use tablee_engine::katzenjammer::KbState;
use tablee_puzzles::katzenjammer::{self as kb, mine};
use tablee_puzzles::replay;

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

