//! A card, a hand of cards and a bid in words, in French and English: the
//! names the log, the table and the refusals share (re-exported by
//! [`super::texts`]; [`super::refusals`] reads them here, below both).

use tablee_engine::katzenjammer::{BidKind, BidLevel, Card, Counts};

use crate::app::lang::Lang;
use crate::i18n::number;

/// A card's name for screen readers and logs: "3", "joker".
pub fn card_name(card: Card, _lang: Lang) -> String {
    match card.value() {
        Some(v) => v.to_string(),
        None => "joker".to_string(),
    }
}

/// Cards in order, "2 · 2 · joker"; `empty` when there are none.
pub fn cards_text(cards: &Counts, lang: Lang) -> String {
    let names: Vec<String> = cards.cards().into_iter().map(|c| card_name(c, lang)).collect();
    if names.is_empty() {
        lang.pick("none", "aucune").to_string()
    } else {
        names.join(" · ")
    }
}

/// A bid as announced: "three 2s", "four different" / "trois 2", "quatre différentes".
pub fn bid_text(level: BidLevel, lang: Lang) -> String {
    let n = u32::from(level.count);
    match (level.kind, lang) {
        (BidKind::Same(v), Lang::En) if n == 1 => format!("one {v}"),
        (BidKind::Same(v), Lang::En) => format!("{} {v}s", number(n, lang, false)),
        (BidKind::Same(v), Lang::Fr) => format!("{} {v}", number(n, lang, false)),
        (BidKind::Different, Lang::En) => format!("{} different", number(n, lang, false)),
        (BidKind::Different, Lang::Fr) if n == 1 => "une différente".to_string(),
        (BidKind::Different, Lang::Fr) => format!("{} différentes", number(n, lang, true)),
    }
}
