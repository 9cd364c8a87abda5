//! J'achète's words: its rules pages (public/rules) the same in both
//! languages, and its fixed texts (`texts.rs`) written in both.

use crate::i18n::check_tables;

/// J'achète's rules pages: the same sections, lists and pictures in both
/// languages (card for card, class for class), only known tags, no rule
/// id, and small (fetched on a phone, precached for offline play).
#[test]
fn the_jachete_rules_pages_match_in_both_languages() {
    let pages = [include_str!("../public/rules/jachete-en.html"), include_str!("../public/rules/jachete-fr.html")];
    let count = |page: &str, tag: &str| page.matches(tag).count();
    let tags = [
        "<section>", "</section>", "<h2>", "</h2>", "<p>", "</p>", "<ol>", "</ol>", "<ul>", "</ul>", "<li>", "</li>",
        "<figure>", "</figure>", "<figcaption>", "</figcaption>", "<p class=\"meld\">", "<span class=\"c", "</span>",
        "<i>", "</i>", "<link rel=\"stylesheet\" href=\"./rules/jachete.css\" />",
        // The link to the game's lessons (issue 42) at the top.
        "<p class=\"learn-link\">", "<a href=\"?game=jachete&amp;learn\" data-testid=\"rules-learn\">", "</a>",
    ];
    for tag in tags {
        assert_eq!(count(pages[0], tag), count(pages[1], tag), "{tag}");
    }
    // The pictures' cards, by class: the same drawings in both languages.
    let classes = |page: &'static str| page.split("<span class=\"").skip(1).map(|s| s.split('"').next().unwrap_or("")).collect::<Vec<_>>();
    assert_eq!(classes(pages[0]), classes(pages[1]));
    for page in pages {
        assert_eq!(count(page, "<section>"), 11);
        assert_eq!(count(page, "<figure>"), 3, "an opening, a swap, a run with a wild");
        assert_eq!(count(page, "<ol>"), 1, "the seven contracts");
        // The pictures' styles come with the page (not in the first load's CSS).
        assert_eq!(count(page, "<link rel=\"stylesheet\" href=\"./rules/jachete.css\" />"), 1);
        let all = count(page, "<") - count(page, "<!--");
        let known: usize = tags.iter().map(|t| count(page, t)).sum();
        assert_eq!(all, known, "an unexpected tag or an unescaped <");
        assert!(!page.contains("JA-") && !page.contains("KB-"), "a rule id on the page");
        assert!(page.len() < 12_000, "{} bytes", page.len());
    }
}

/// Its fixed texts (`texts.rs`), in both languages (the shell's:
/// `i18n::tests::every_fixed_text_exists_in_both_languages`).
#[test]
fn every_fixed_text_exists_in_both_languages() {
    check_tables(include_str!("../texts.rs"), "JaStrings", &["Total", "points", "Points"]);
}
