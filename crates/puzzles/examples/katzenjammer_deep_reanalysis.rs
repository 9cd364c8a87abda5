//! The bigger re-analysis of Katzenjammer's shipped puzzles (docs/puzzles.md
//! reports its numbers): every tenth puzzle re-analysed on 2,000 fresh
//! worlds; exits 1 when fewer than nine in ten answers hold.
//!
//!   cargo run --release -p tablee-puzzles --example katzenjammer_deep_reanalysis

use tablee_engine::katzenjammer::KbState;
use tablee_puzzles::format::PuzzleFile;
use tablee_puzzles::katzenjammer::{mine, VOCABULARY};
use tablee_puzzles::replay;

fn main() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games/katzenjammer/public/puzzles/katzenjammer.json");
    let file: PuzzleFile = tablee_puzzles::format::read_file(path, &VOCABULARY).expect("the shipped puzzle file and its parts read");
    let (mut asked, mut held) = (0, 0);
    for p in file.puzzles.iter().step_by(10) {
        let position = replay::replay::<KbState>(&file, p).unwrap();
        asked += 1;
        if mine::reanalyse(&position, p, 2000, 2) {
            held += 1;
        } else {
            println!("puzzle {}: its answer did not hold", p.id);
        }
    }
    println!("{held} of {asked} answers held");
    if held * 10 < asked * 9 {
        std::process::exit(1);
    }
}
