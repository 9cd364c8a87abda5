//! What the games' `<game>_evaluate.rs` tests share (issue 52: a move the
//! stored analysis did not compare is analysed on the device by the same
//! analysis): the shipped file read, and values compared with the stored ones.

#![allow(dead_code)]

use tablee_puzzles::estimate::Estimate;
use tablee_puzzles::format::{stored, stored_ci, PuzzleFile, Vocabulary};

/// The shipped puzzle file of the game `game` (its code), with its parts.
pub fn read(game: &str, vocabulary: &Vocabulary) -> PuzzleFile {
    let path = format!("{}/../../src/games/{game}/public/puzzles/{game}.json", env!("CARGO_MANIFEST_DIR"));
    tablee_puzzles::format::read_file(&path, vocabulary).expect("the shipped puzzle file and its parts read")
}

/// `values` (best first) against the puzzle's stored candidates `which`.
pub fn agree(file: &PuzzleFile, id: u32, which: &[usize], values: &[Vec<f64>]) {
    let p = file.puzzle(id).unwrap();
    for (&c, v) in which.iter().zip(values) {
        let e = Estimate::of(v);
        let stored_one = &p.candidates[c];
        assert_eq!((stored(e.mean), stored_ci(e.ci)), (stored_one.value, stored_one.ci), "puzzle {id}, candidate {c}");
    }
}

