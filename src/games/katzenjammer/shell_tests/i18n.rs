//! Katzenjammer's words: its rules pages (public/rules) the same in both
//! languages, and its fixed texts (`texts.rs`) written in both.

use crate::i18n::check_tables;

/// The rules pages (public/rules, fetched by the rules screen): both
/// languages have the same sections and paragraphs, and only these tags.
#[test]
fn the_rules_pages_match_in_both_languages() {
    let pages = [include_str!("../public/rules/katzenjammer-en.html"), include_str!("../public/rules/katzenjammer-fr.html")];
    let count = |page: &str, tag: &str| page.matches(tag).count();
    for tag in ["<section>", "</section>", "<h2>", "</h2>", "<p>", "</p>"] {
        assert_eq!(count(pages[0], tag), count(pages[1], tag), "{tag}");
    }
    for page in pages {
        assert_eq!(count(page, "<section>"), 10);
        assert_eq!(count(page, "<h2>"), 10);
        let tags = count(page, "<") - count(page, "<!--");
        // The link to the game's lessons (issue 42) at the top.
        let learn = ["<p class=\"learn-link\">", "<a href=\"?game=katzenjammer&amp;learn\" data-testid=\"rules-learn\">", "</a>"];
        assert!(learn.iter().all(|t| count(page, t) == 1), "the link to the lessons");
        let known: usize = ["<section>", "</section>", "<h2>", "</h2>", "<p>", "</p>"].iter().chain(&learn).map(|t| count(page, t)).sum();
        assert_eq!(tags, known, "an unexpected tag or an unescaped <");
    }
}

/// Its fixed texts (`texts.rs`), in both languages (the shell's:
/// `i18n::tests::every_fixed_text_exists_in_both_languages`).
#[test]
fn every_fixed_text_exists_in_both_languages() {
    check_tables(include_str!("../texts.rs"), "KbStrings", &["Jokers"]);
}
