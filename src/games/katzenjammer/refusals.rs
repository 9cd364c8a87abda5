//! Katzenjammer's refusals in the player's words, in English and French:
//! what is wrong and what the rule asks, never a rule id nor a seat number.

use tablee_engine::katzenjammer::{Counts, FoursomeProblem, Refusal};

use crate::app::lang::Lang;
use super::card_words::{bid_text, cards_text};
use crate::i18n::{colon, number};

/// Why the engine refused a move, for the player (`GameDef::refusal_text`):
/// Katzenjammer's own refusals, and the ones every table shares in the
/// shell's words ([`crate::i18n::shared_refusal`]).
pub fn refusal_text(refusal: &Refusal, lang: Lang) -> String {
    let en = lang == Lang::En;
    match refusal {
        Refusal::Shared(shared) => crate::i18n::shared_refusal(shared, lang),
        Refusal::GameOver if en => "The game is over: no more moves.".to_string(),
        Refusal::GameOver => "La partie est terminée : plus aucun coup n'est possible.".to_string(),
        Refusal::BidEmpty if en => "A bid needs at least one card.".to_string(),
        Refusal::BidEmpty => "Une enchère demande au moins une carte.".to_string(),
        Refusal::SameValueOutOfRange { value } if en => {
            format!("Cards have values from 1 to 5, so there is no bid of {value}s.")
        }
        Refusal::SameValueOutOfRange { value } => {
            format!("Les valeurs vont de 1 à 5 : il n'y a pas d'enchère de {value}.")
        }
        Refusal::SameBidForeignCard { value, card } if en => {
            format!("A bid of {value}s holds only {value}s and jokers, not a {card}.")
        }
        Refusal::SameBidForeignCard { value, card } => {
            format!("Une enchère de {value} ne contient que des {value} et des jokers, pas de {card}.")
        }
        Refusal::DifferentRepeated { card, count } if en => format!(
            "In a “different” bid each value appears once, and this one has {} {card}s.",
            number(u32::from(*count), lang, false)
        ),
        Refusal::DifferentRepeated { card, count } => format!(
            "Dans une enchère « différentes », chaque valeur ne figure qu'une fois, et celle-ci a {} {card}.",
            number(u32::from(*count), lang, false)
        ),
        Refusal::DifferentTooMany { count } if en => {
            format!("A “different” bid has at most five cards, one per value; this one has {}.", number(*count, lang, false))
        }
        Refusal::DifferentTooMany { count } => {
            format!("Une enchère « différentes » a au plus cinq cartes, une par valeur ; celle-ci en a {}.", number(*count, lang, true))
        }
        Refusal::BidNotHeld { cards, .. } => listing(
            lang,
            "You can only bid with cards from your hand, and it does not hold all of these",
            "Vous ne pouvez annoncer qu'avec des cartes de votre main, et elle ne les contient pas toutes",
            cards,
        ),
        Refusal::DoesNotBeat { bid, standing } if en => format!(
            "Your bid, {}, does not beat the standing bid, {}. More cards always win; with as many cards, same beats different, and a higher value beats a lower one.",
            bid_text(*bid, lang),
            bid_text(*standing, lang)
        ),
        Refusal::DoesNotBeat { bid, standing } => format!(
            "Votre enchère, {}, ne bat pas l'enchère en cours, {}. Plus de cartes gagne toujours ; à nombre égal, « même valeur » bat « différentes », et une valeur plus haute bat une plus basse.",
            bid_text(*bid, lang),
            bid_text(*standing, lang)
        ),
        Refusal::PresentDuringAuction if en => {
            "Only the winner of the auction lays down foursomes, right after taking the row.".to_string()
        }
        Refusal::PresentDuringAuction => {
            "Seul le gagnant des enchères pose des carrés, juste après avoir pris la rangée.".to_string()
        }
        Refusal::AuctionOver if en => {
            "The auction is over: its winner now lays down foursomes, or nothing.".to_string()
        }
        Refusal::AuctionOver => {
            "Les enchères sont terminées : leur gagnant pose maintenant des carrés, ou rien.".to_string()
        }
        Refusal::Foursome { problem, .. } => foursome_text(*problem, lang),
        Refusal::JokersDoNotFit { value, jokers, foursomes } => {
            let jokers = number(u32::from(*jokers), lang, false);
            let n = number(u32::from(*foursomes), lang, false);
            match (lang, *foursomes) {
                (Lang::En, 1) => format!("There is no room for {jokers} jokers in one foursome of {value}s."),
                (Lang::En, _) => format!("There is no room for {jokers} jokers in {n} foursomes of {value}s."),
                (Lang::Fr, 1) => format!("Il n'y a pas de place pour {jokers} jokers dans un carré de {value}."),
                (Lang::Fr, _) => format!("Il n'y a pas de place pour {jokers} jokers dans {n} carrés de {value}."),
            }
        }
        Refusal::FoursomesNotHeld { cards, .. } => listing(
            lang,
            "Your hand does not hold all the cards of these foursomes",
            "Votre main ne contient pas toutes les cartes de ces carrés",
            cards,
        ),
    }
}

/// A sentence that ends by listing cards: "…: 2 · 2 · joker."
fn listing(lang: Lang, en: &str, fr: &str, cards: &Counts) -> String {
    let text = if lang == Lang::En { en } else { fr };
    format!("{text}{} {}.", colon(lang), cards_text(cards, lang))
}

/// Why four cards are not a foursome (which one of a list is left out: the
/// app builds the list, so its order means nothing to the player).
fn foursome_text(problem: FoursomeProblem, lang: Lang) -> String {
    match (problem, lang) {
        (FoursomeProblem::WrongSize { count }, Lang::En) => {
            format!("A foursome is exactly four cards, not {}.", number(count, lang, false))
        }
        (FoursomeProblem::WrongSize { count }, Lang::Fr) => {
            format!("Un carré compte exactement quatre cartes, pas {}.", number(count, lang, true))
        }
        (FoursomeProblem::CatsNotJokers, Lang::En) => "Joker cats are four jokers and nothing else.".to_string(),
        (FoursomeProblem::CatsNotJokers, Lang::Fr) => {
            "Des chats-jokers, ce sont quatre jokers et rien d'autre.".to_string()
        }
        (FoursomeProblem::ValueOutOfRange { value }, Lang::En) => {
            format!("Cards have values from 1 to 5, so there is no foursome of {value}s.")
        }
        (FoursomeProblem::ValueOutOfRange { value }, Lang::Fr) => {
            format!("Les valeurs vont de 1 à 5 : il n'y a pas de carré de {value}.")
        }
        (FoursomeProblem::ForeignCard { value }, Lang::En) => {
            format!("A foursome of {value}s holds only {value}s and jokers.")
        }
        (FoursomeProblem::ForeignCard { value }, Lang::Fr) => {
            format!("Un carré de {value} ne contient que des {value} et des jokers.")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::katzenjammer::{BidKind, BidLevel};

    #[test]
    fn every_refusal_is_worded_in_both_languages_without_rule_ids() {
        crate::games::wording::check::<super::super::Katzenjammer>(Refusal::samples());
    }

    #[test]
    fn kb08_kb09_read_like_the_bid_builder() {
        crate::games::wording::assert_texts::<super::super::Katzenjammer>(
            Refusal::DifferentRepeated { card: 2, count: 2 },
            "In a “different” bid each value appears once, and this one has two 2s.",
            "Dans une enchère « différentes », chaque valeur ne figure qu'une fois, et celle-ci a deux 2.",
        );
        let (bid, standing) = (BidLevel { kind: BidKind::Different, count: 3 }, BidLevel { kind: BidKind::Same(1), count: 3 });
        crate::games::wording::assert_texts::<super::super::Katzenjammer>(
            Refusal::DoesNotBeat { bid, standing },
            "Your bid, three different, does not beat the standing bid, three 1s. More cards always win; with as many cards, same beats different, and a higher value beats a lower one.",
            "Votre enchère, trois différentes, ne bat pas l'enchère en cours, trois 1. Plus de cartes gagne toujours ; à nombre égal, « même valeur » bat « différentes », et une valeur plus haute bat une plus basse.",
        );
    }
}
