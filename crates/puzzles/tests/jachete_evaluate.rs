//! Issue 52: a move the stored analysis did not compare is analysed on the
//! device by the same analysis. This test proves it is the same one for
//! J'achète: the shipped puzzles' stored candidates, analysed again by
//! `jachete::evaluate` on the shipped budget (`SHIPPED_WORLDS`) on one
//! thread (as the page's worker runs it), come out with their stored values
//! and intervals, to the stored decimal.

mod common;

use common::{agree, read};
use tablee_engine::jachete::JaGame;
use tablee_engine::Game;
use tablee_puzzles::jachete::{self, BUY, LAY};
use tablee_puzzles::replay;

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
