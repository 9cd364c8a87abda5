//! Whether a lesson's words agree with its position (issue 52): the money
//! a line names is the money on the screen (or a price the rules fix), the
//! drawn card it says is marked is the card the learner drew, and a card it
//! names is one the step's move plays or one the learner sees. A newcomer
//! follows the words: a line that names what the table does not show
//! (60 cents against a purse of 50¢, the queen of clubs while the coach
//! points at the joker) teaches the wrong thing.

/// What the learner sees while a step is on, as far as its words may name
/// it (each game's [`crate::Rules::scene`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Scene {
    /// The amounts of money on the screen: each seat's purse, the pots.
    pub money: Vec<i32>,
    /// The amounts the rules fix, which a line may name without the table
    /// showing them (J'achète: a buy's price, the small pot's stake).
    pub prices: Vec<i32>,
    /// The card the learner drew this turn, which the table marks in the
    /// hand (the engine's notation, `"7D"`).
    pub drawn: Option<String>,
    /// The cards the learner sees: the hand, the table, the card on offer.
    pub visible: Vec<String>,
}

/// An amount of money in a line: its value and whether it is written as
/// the table writes money in that language (French `5 ¢` with a no-break
/// space, English `5¢`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Amount {
    pub value: i32,
    pub written: String,
    pub as_table: bool,
}

/// The amounts of money a line names: a number followed by `¢` or by the
/// word `cent(s)`.
pub fn amounts(text: &str, fr: bool) -> Vec<Amount> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        if !chars[i].is_ascii_digit() || (i > 0 && (chars[i - 1].is_alphanumeric())) {
            i += 1;
            continue;
        }
        let start = i;
        while i < chars.len() && chars[i].is_ascii_digit() {
            i += 1;
        }
        let digits: String = chars[start..i].iter().collect();
        let mut j = i;
        while j < chars.len() && matches!(chars[j], ' ' | '\u{a0}' | '\u{202f}') {
            j += 1;
        }
        let rest: String = chars[j..].iter().take(6).collect();
        let unit = if rest.starts_with('¢') {
            Some(1)
        } else if rest.starts_with("cents") {
            Some(5)
        } else if rest.starts_with("cent") && !rest[4..].starts_with(|c: char| c.is_alphabetic()) {
            Some(4)
        } else {
            None
        };
        if let (Some(len), Ok(value)) = (unit, digits.parse::<i32>()) {
            let written: String = chars[start..j + len].iter().collect();
            let space: String = chars[i..j].iter().collect();
            let as_table = rest.starts_with('¢') && if fr { space == "\u{a0}" } else { space.is_empty() };
            out.push(Amount { value, written, as_table });
        }
        i = j.max(i);
    }
    out
}

/// Words that say a card was drawn, and words that say it is marked.
const DRAWN: [&str; 4] = ["pioché", "drew", "drawn", "pioche une carte"];
const MARKED: [&str; 5] = ["marqu", "entour", "marked", "ringed", "outlined"];

/// What is wrong with `text` (a line of the coach, in French if `fr`)
/// against `scene`; `involved`: the cards the step's move plays (none for
/// a step that only explains); `named`: the game's reading of the cards a
/// text names, in order.
pub fn disagreements(text: &str, fr: bool, scene: &Scene, involved: &[String], named: &dyn Fn(&str, bool) -> Vec<String>) -> Vec<String> {
    let mut out = Vec::new();
    for amount in amounts(text, fr) {
        if !scene.money.contains(&amount.value) && !scene.prices.contains(&amount.value) {
            out.push(format!(
                "“{}” is not on the screen (purses and pots: {:?}; prices: {:?})",
                amount.written, scene.money, scene.prices
            ));
        }
        if !amount.as_table {
            let form = if fr { "N\u{a0}¢ (a no-break space)" } else { "N¢" };
            out.push(format!("“{}” is not written as the table writes money ({form})", amount.written));
        }
    }
    let lower = text.to_lowercase();
    if DRAWN.iter().any(|w| lower.contains(w)) {
        if MARKED.iter().any(|w| lower.contains(w)) && scene.drawn.is_none() {
            out.push("it says the drawn card is marked, but the learner drew no card this turn".into());
        }
        // The card named in the sentence that says it was drawn is the one drawn.
        for sentence in text.split(['.', ';', '!', '?']) {
            let low = sentence.to_lowercase();
            if DRAWN.iter().any(|w| low.contains(w)) {
                if let (Some(first), Some(drawn)) = (named(sentence, fr).first(), &scene.drawn) {
                    if first != drawn {
                        out.push(format!("it says the learner drew {first}, but the card drawn is {drawn}"));
                    }
                }
            }
        }
    }
    for card in named(text, fr) {
        if !involved.contains(&card) && !scene.visible.contains(&card) {
            out.push(format!("it names {card}, which the step's move does not play and the learner does not see"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_read_with_their_form() {
        let a = amounts("Votre bourse : 50\u{a0}¢ ; un achat 5 cents, 10 ¢ au pot, 2025 cartes", true);
        let got: Vec<(i32, bool)> = a.iter().map(|a| (a.value, a.as_table)).collect();
        assert_eq!(got, vec![(50, true), (5, false), (10, false)]);
        let en: Vec<(i32, bool)> = amounts("Everyone starts with 60 cents; a buy costs 5¢.", false).iter().map(|a| (a.value, a.as_table)).collect();
        assert_eq!(en, vec![(60, false), (5, true)]);
        assert!(amounts("le 60 cennes, 3 centaines", true).is_empty());
    }

    /// Issue 52's defects, each caught: 60 cents against a purse of 50,
    /// "marked" with no card drawn, a card named that the table does not show.
    #[test]
    fn a_line_that_disagrees_with_the_screen_is_reported() {
        let scene = Scene { money: vec![50, 40, 0], prices: vec![5, 10], drawn: None, visible: vec!["7S".into()] };
        let named = |t: &str, _: bool| if t.contains("queen") { vec!["QC".to_string()] } else { Vec::new() };
        let said = disagreements("Everyone starts with 60¢.", false, &scene, &[], &named);
        assert!(said.iter().any(|s| s.contains("“60¢” is not on the screen")), "{said:?}");
        let said = disagreements("You drew the top card (marked in your hand).", false, &scene, &[], &named);
        assert!(said.iter().any(|s| s.contains("drew no card")), "{said:?}");
        let said = disagreements("Tap your queen of clubs.", false, &scene, &[], &named);
        assert!(said.iter().any(|s| s.contains("names QC")), "{said:?}");
        assert!(disagreements("Tap your queen of clubs.", false, &scene, &["QC".into()], &named).is_empty());
        let drawn = Scene { drawn: Some("8S".into()), ..scene };
        let said = disagreements("You drew the queen of clubs (marked).", false, &drawn, &["QC".into()], &named);
        assert!(said.iter().any(|s| s.contains("drew QC, but the card drawn is 8S")), "{said:?}");
        assert!(disagreements("Your purse: 50¢.", false, &drawn, &[], &named).is_empty());
    }
}
