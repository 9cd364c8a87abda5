//! What every game's puzzle explanations share: an explanation with the
//! reason it names, what it compares (the first answer against the best
//! other move, at the replayed position), `tablee puzzles --explain`'s
//! rewriting of a file, and capitals written without Unicode's case tables.
//! Each game's reasons and words are its own (`katzenjammer/explain.rs`,
//! `jachete/explain.rs`).

use std::collections::BTreeMap;

use crate::format::{Puzzle, PuzzleFile};
use crate::replay::{self, Position, PuzzleRules};

/// A puzzle's explanation and the reason it names (`None`: no reason held);
/// each game has its reasons (its `explain::Reason`).
#[derive(Clone, Debug, PartialEq)]
pub struct Explanation<R> {
    pub en: String,
    pub fr: String,
    pub reason: Option<R>,
}

/// What a puzzle's explanation compares, in any game: its position
/// (replayed; the first answer is `candidates[0]`, the best other move
/// `candidates[answers.len()]`) and the gain of the one over the other
/// from their stored values.
pub fn compared<G: PuzzleRules>(file: &PuzzleFile, puzzle: &Puzzle) -> Result<(Position<G>, f64), String> {
    let position = replay::replay::<G>(file, puzzle).map_err(|e| e.to_string())?;
    let next = puzzle.answers.len();
    if next >= position.candidates.len() {
        return Err("no other move than its answers is stored: nothing to compare".into());
    }
    let gain = puzzle.candidates[0].value - puzzle.candidates[next].value;
    Ok((position, gain))
}

/// [`rewrite`] for any game: `explain` a puzzle, `tally` names what it
/// counts under (its reason's name, J'achète's with the puzzle's kind).
pub fn rewrite_with<R>(
    file: &mut PuzzleFile,
    explain: impl Fn(&PuzzleFile, &Puzzle) -> Result<Explanation<R>, String>,
    tally: impl Fn(&Puzzle, Option<&R>) -> String,
) -> Result<BTreeMap<String, usize>, (u32, String)> {
    let explained = file.puzzles.iter().map(|p| explain(file, p).map_err(|e| (p.id, e))).collect::<Result<Vec<_>, _>>()?;
    let mut counts = BTreeMap::new();
    for (p, e) in file.puzzles.iter_mut().zip(explained) {
        *counts.entry(tally(p, e.reason.as_ref())).or_insert(0) += 1;
        p.why_en = e.en;
        p.why_fr = e.fr;
    }
    Ok(counts)
}

/// The text with its first letter in capitals (`upper`): the
/// explanations' and the page's words alike (`tablee::i18n` re-exports it).
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map_or(String::new(), |c| std::iter::once(upper(c)).chain(chars).collect())
}

/// A letter of French or English in capitals (Latin-1 and œ; any other
/// character as it is). Not `char::to_uppercase`: it links Unicode's whole
/// case tables, ~13 KB gzip in the page's wasm (docs/performance.md). The
/// page's words use it too, through [`capitalise`].
pub fn upper(c: char) -> char {
    match c {
        'a'..='z' => c.to_ascii_uppercase(),
        'à'..='þ' if c != '÷' => char::from_u32(c as u32 - 0x20).unwrap_or(c),
        'ÿ' => 'Ÿ',
        'œ' => 'Œ',
        _ => c,
    }
}
