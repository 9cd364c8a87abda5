//! `tablee puzzles --explain FILE`: the explanations (Katzenjammer's and
//! J'achète's) written again from each puzzle's stored candidates, nothing
//! else changed.

use std::process::{Command, Output};

const SHIPPED: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/puzzles/katzenjammer.json");

fn tablee(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablee")).args(args).output().expect("tablee runs")
}

#[test]
fn explain_writes_the_shipped_explanations_back_and_changes_nothing_else() {
    blanked_and_explained(SHIPPED, "kb", &["row-jokers: ", "none: "]);
}

/// J'achète's file too (issue 32): its tally is by kind and reason.
#[test]
fn explain_writes_jachetes_shipped_explanations_back() {
    let ja = concat!(env!("CARGO_MANIFEST_DIR"), "/../../public/puzzles/jachete.json");
    blanked_and_explained(ja, "ja", &["lay keeps-pair: ", "discard weighs: ", "buy grows-pair: ", "lay none: "]);
}

/// Every `why` of the file blanked: `--explain` must write the file back,
/// byte for byte, and print a tally naming `reasons`.
fn blanked_and_explained(file: &str, name: &str, reasons: &[&str]) {
    let dir = std::env::temp_dir().join(format!("tablee-{name}-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // The shipped index and its parts, whole (version 1): one line a puzzle.
    let whole = dir.join("whole.json");
    let joined = tablee(&["puzzles", "--join", file, "--out", whole.to_str().unwrap()]);
    assert!(joined.status.success(), "{}", String::from_utf8_lossy(&joined.stderr));
    let text = std::fs::read_to_string(&whole).unwrap();
    // Every explanation blanked: --explain must write them back, byte for byte.
    let mut blank = String::new();
    for line in text.split_inclusive('\n') {
        match (line.find("\"why\":{"), line.find("},\"compared\"")) {
            (Some(start), Some(end)) if start < end => {
                blank.push_str(&line[..start]);
                blank.push_str("\"why\":{\"en\":\"\",\"fr\":\"\"");
                blank.push_str(&line[end..]);
            }
            _ => blank.push_str(line),
        }
    }
    assert_ne!(blank, text, "the copy must lack the explanations");
    let (input, out) = (dir.join("blank.json"), dir.join("out.json"));
    std::fs::write(&input, &blank).unwrap();
    let run = tablee(&["puzzles", "--explain", input.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(run.status.success(), "{}", String::from_utf8_lossy(&run.stderr));
    assert!(std::fs::read_to_string(&out).unwrap() == text, "--explain differs from the shipped file");
    // The tally names the reasons and the fallbacks.
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(reasons.iter().all(|r| stdout.contains(r)), "{stdout}");
    std::fs::remove_dir_all(&dir).ok();
}
