//! A puzzle's one-line explanation, in English and French, from its analysis:
//! what the answer does that `normal`'s move (the tempting one) does not, and
//! what it gains. French typography: decimal comma, a non-breaking space
//! before the colon, a true minus sign. No rule ids.

use tablee_engine::katzenjammer::{Action, Bid, BidKind, Card, Counts, KbView, Presentation};

use crate::format::Unit;

/// `(english, french)`: "Passing keeps your 3s for a foursome: +1.2 mice
/// expected", `gain` over `other` (the best move that is not an answer).
pub fn why(view: &KbView, answer: &Action, other: &Action, gain: f64, unit: Unit) -> (String, String) {
    let (head_en, head_fr) = headline(view, answer, other);
    let (gain_en, gain_fr) = gain_text(gain, unit);
    (format!("{head_en}: {gain_en}"), format!("{head_fr}\u{a0}: {gain_fr}"))
}

fn gain_text(gain: f64, unit: Unit) -> (String, String) {
    let en = signed(gain, '.');
    let fr = signed(gain, ',');
    match unit {
        Unit::Mice => (
            format!("{en} {} expected", if (gain.abs() - 1.0).abs() < 0.05 { "mouse" } else { "mice" }),
            format!("{fr}\u{a0}souris en moyenne"),
        ),
        Unit::WinChance => (format!("{en} points of win chance"), format!("{fr}\u{a0}points de chances de gagner")),
        Unit::Points => (format!("{en} points in the round"), format!("{fr}\u{a0}points dans la manche")),
    }
}

/// One decimal, a sign, the language's decimal mark, a true minus sign.
fn signed(x: f64, mark: char) -> String {
    let text = format!("{:.1}", x.abs()).replace('.', &mark.to_string());
    if x < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("\u{2212}{text}")
    } else {
        format!("+{text}")
    }
}

fn level_en(bid: &Bid) -> String {
    let n = bid.cards.total();
    match bid.kind {
        BidKind::Same(v) => format!("{n} × {v}"),
        BidKind::Different => format!("{n} different"),
    }
}

fn level_fr(bid: &Bid) -> String {
    let n = bid.cards.total();
    match bid.kind {
        BidKind::Same(v) => format!("{n} × {v}"),
        BidKind::Different if n == 1 => "1 différente".to_string(),
        BidKind::Different => format!("{n} différentes"),
    }
}

/// "a foursome of 4s and joker cats" / "un carré de 4 et des chats-jokers".
fn present_text(p: &Presentation, fr: bool) -> String {
    let mut parts: Vec<String> = (0..5)
        .filter(|&i| p.foursomes[i] > 0)
        .map(|i| match (p.foursomes[i], fr) {
            (1, false) => format!("a foursome of {}s", i + 1),
            (k, false) => format!("{k} foursomes of {}s", i + 1),
            (1, true) => format!("un carré de {}", i + 1),
            (k, true) => format!("{k} carrés de {}", i + 1),
        })
        .collect();
    if p.cats > 0 {
        parts.push(if fr { "des chats-jokers" } else { "joker cats" }.to_string());
    }
    join(&parts, if fr { "et" } else { "and" })
}

fn join(parts: &[String], and: &str) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {and} {last}", init.join(", ")),
    }
}

/// The value of three or more natural cards the bid would spend, if any.
fn spent_set(hand: &Counts, cards: &Counts) -> Option<u8> {
    Card::VALUES.iter().rev().find(|&&c| cards.get(c) > 0 && hand.get(c) >= 3).and_then(|c| c.value())
}

/// A foursome value the row completes when won with `bid`.
fn completed(hand: &Counts, bid: &Counts, row: &Counts) -> Option<u8> {
    let mut after = *hand;
    after.remove_all(bid);
    after.add_all(row);
    Card::VALUES.iter().rev().find(|&&c| after.get(c) >= 4 && hand.get(c) < 4).and_then(|c| c.value())
}

/// "your joker" / "votre joker", "your jokers" / "vos jokers".
fn your_jokers(n: u8) -> (&'static str, &'static str) {
    if n == 1 {
        ("your joker", "votre joker")
    } else {
        ("your jokers", "vos jokers")
    }
}

/// What the answer does, as the sentence's subject and verb.
fn headline(view: &KbView, answer: &Action, other: &Action) -> (String, String) {
    let hand = view.hand;
    let row = Counts::of(&view.row);
    match (answer, other) {
        (Action::Pass, Action::Bid(b)) if b.cards.jokers() > 0 => {
            let (en, fr) = your_jokers(b.cards.jokers());
            (format!("Passing keeps {en} out of sight"), format!("Passer garde {fr} hors de la table"))
        }
        (Action::Pass, Action::Bid(b)) => match spent_set(&hand, &b.cards) {
            Some(v) => (format!("Passing keeps your {v}s for a foursome"), format!("Passer garde vos {v} pour un carré")),
            None => ("This row is not worth the cards".to_string(), "Cette rangée ne vaut pas ces cartes".to_string()),
        },
        (Action::Bid(a), _) => {
            let (en, fr) = (level_en(a), level_fr(a));
            match (completed(&hand, &a.cards, &row), other) {
                (Some(v), _) => (
                    format!("Bidding {en} takes the row and a foursome of {v}s"),
                    format!("Miser {fr} prend la rangée et un carré de {v}"),
                ),
                (None, Action::Bid(b)) if a.cards.jokers() < b.cards.jokers() => (
                    format!("Bidding {en} keeps your jokers out of sight"),
                    format!("Miser {fr} garde vos jokers hors de la table"),
                ),
                (None, Action::Bid(b)) if a.level().cmp_strength(b.level()).is_lt() => {
                    (format!("Bidding {en} is enough"), format!("Miser {fr} suffit"))
                }
                (None, Action::Bid(_)) => (format!("Bid {en} to take this row"), format!("Misez {fr} pour prendre cette rangée")),
                _ => (format!("This row is worth bidding {en}"), format!("Cette rangée vaut une mise de {fr}")),
            }
        }
        (Action::Present(p), _) if p.cats > 0 => (
            "Joker cats rid you of four jokers".to_string(),
            "Les chats-jokers vous débarrassent de quatre jokers".to_string(),
        ),
        (Action::Present(p), _) if p.is_nothing() => {
            ("Holding your cards back is better".to_string(), "Mieux vaut garder vos cartes".to_string())
        }
        (Action::Present(p), Action::Present(q)) if p.displayed_jokers() < q.displayed_jokers() => (
            format!("Present {} and show fewer jokers", present_text(p, false)),
            format!("Posez {} en montrant moins de jokers", present_text(p, true)),
        ),
        (Action::Present(p), _) => (format!("Present {}", present_text(p, false)), format!("Posez {}", present_text(p, true))),
        (Action::Pass, _) => ("Passing is better".to_string(), "Mieux vaut passer".to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::katzenjammer::{KbState, Options};
    use tablee_engine::Seed;

    #[test]
    fn numbers_are_typed_as_each_language_types_them() {
        assert_eq!(signed(1.24, '.'), "+1.2");
        assert_eq!(signed(1.25, ','), "+1,2");
        assert_eq!(signed(-0.04, ','), "+0,0");
        assert_eq!(signed(-2.0, ','), "\u{2212}2,0");
        let view = KbState::new_game(4, Options::default(), Seed::from_number(1)).unwrap().view(0);
        let bid = Action::Bid(Bid { kind: BidKind::Same(3), cards: Counts([0, 0, 2, 0, 0, 1]) });
        let (en, fr) = why(&view, &Action::Pass, &bid, 1.23, Unit::Mice);
        assert_eq!(en, "Passing keeps your joker out of sight: +1.2 mice expected");
        assert_eq!(fr, "Passer garde votre joker hors de la table\u{a0}: +1,2\u{a0}souris en moyenne");
        assert!(!en.contains("KB-") && !fr.contains("KB-"));
    }
}
