//! `tablee puzzles --explain FILE` on Katzenjammer's shipped file: the
//! explanations written again from each puzzle's stored candidates, nothing
//! else changed (J'achète's: `jachete_puzzles.rs`).

mod common;
use common::blanked_and_explained;

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games/katzenjammer/public/puzzles/katzenjammer.json");

#[test]
fn explain_writes_the_shipped_explanations_back_and_changes_nothing_else() {
    blanked_and_explained(SHIPPED, "kb", &["row-jokers: ", "none: "]);
}
