//! J'achète's refusals in the player's words, in English and French: what
//! is wrong and what the rule asks, never a rule id nor a seat number.
//! French follows the rummy words: a set is a *série* (one rank), a run a
//! *suite* (one suit), a meld a *combinaison*, and 2s and jokers are
//! *flounes* (wild), as Quebec players say (the game's own text says
//! *frimés*; the table says flounes everywhere).

use tablee_engine::jachete::{max_wilds, Card, ContractError, MeldError, Rank, Refusal, Suit};

use crate::app::lang::Lang;
use crate::i18n::number;

/// Why the engine refused a move, for the player (`GameDef::refusal_text`):
/// J'achète's own refusals, and the ones every table shares in the shell's
/// words ([`crate::i18n::shared_refusal`]).
pub fn refusal_text(refusal: &Refusal, lang: Lang) -> String {
    let en = lang == Lang::En;
    match refusal {
        Refusal::Shared(shared) => crate::i18n::shared_refusal(shared, lang),
        Refusal::RoundOver if en => "This round is over: no more moves in it.".to_string(),
        Refusal::RoundOver => "Cette manche est terminée : on n'y joue plus.".to_string(),
        Refusal::BuyOrDecline { .. } if en => {
            "A card is on offer: first say whether you buy it or let it go.".to_string()
        }
        Refusal::BuyOrDecline { .. } => {
            "Une carte est offerte : dites d'abord si vous l'achetez ou si vous la laissez passer.".to_string()
        }
        Refusal::NotABuyWindow if en => "Nothing is on offer now: a card is bought right after it is discarded, and only by players who have not opened. It is a turn: play or discard.".to_string(),
        Refusal::NotABuyWindow => "Aucune carte n'est offerte : on achète une carte juste après sa défausse, et seulement si l'on n'a pas encore ouvert. C'est un tour de jeu : jouez ou défaussez.".to_string(),
        Refusal::DiscardNotHeld { card, .. } if en => {
            format!("You cannot discard {}: it is not in your hand.", the_card(*card, lang))
        }
        Refusal::DiscardNotHeld { card, .. } => {
            format!("Vous ne pouvez pas défausser {} : cette carte n'est pas dans votre main.", the_card(*card, lang))
        }
        Refusal::TableCardRemoved if en => "Every card that was on the table at the start of the turn must stay there: a wild taken from a meld is played again in the same turn.".to_string(),
        Refusal::TableCardRemoved => "Toute carte qui était sur la table au début du tour doit y rester : une floune reprise d'une combinaison est rejouée dans le même tour.".to_string(),
        Refusal::TableCardsNotHeld { .. } if en => "This table adds cards that are not in your hand.".to_string(),
        Refusal::TableCardsNotHeld { .. } => "Cette table ajoute des cartes qui ne sont pas dans votre main.".to_string(),
        Refusal::NoSuchSeat { .. } if en => "A meld is placed in front of a player who is not at the table.".to_string(),
        Refusal::NoSuchSeat { .. } => "Une combinaison est posée devant un joueur absent de la table.".to_string(),
        // No number: the table shows none (its melds outlined in red say
        // which). Where the table is known, the meld is named by its cards
        // ([`meld_refusal`]).
        Refusal::MeldInvalid { error, .. } => meld_text(error, lang),
        Refusal::TouchedBeforeOpening if en => {
            "Until you have opened, you may not touch the table: every meld stays as it is.".to_string()
        }
        Refusal::TouchedBeforeOpening => "Tant que vous n'avez pas ouvert, vous ne pouvez pas toucher à la table : chaque combinaison reste telle quelle.".to_string(),
        Refusal::OpeningForOther { .. } if en => {
            "An opening is laid in front of the player who opens, not in front of another player.".to_string()
        }
        Refusal::OpeningForOther { .. } => {
            "Une ouverture se pose devant le joueur qui ouvre, pas devant un autre joueur.".to_string()
        }
        Refusal::ContractNotMet { problem } => contract_text(problem, lang),
        Refusal::TooManyCopies { card } if en => {
            format!("The decks hold only {} of the {}, and this table has more.", card.copies(), card_name(*card, lang))
        }
        Refusal::TooManyCopies { card } => format!(
            "Les deux jeux n'ont que {} exemplaires de la carte {}, et cette table en a davantage.",
            card.copies(),
            card_name(*card, lang)
        ),
    }
}

/// A meld refused, named by its cards as the table shows them: "The meld
/// 7♥ · 8♠ · 9♥ is not valid. …".
pub fn meld_refusal(cards: &[Card], error: &MeldError, lang: Lang) -> String {
    match lang {
        Lang::En => format!("The meld {} is not valid. {}", cards_list(cards, lang), meld_text(error, lang)),
        Lang::Fr => format!("La combinaison {} n'est pas valable. {}", cards_list(cards, lang), meld_text(error, lang)),
    }
}

/// Why cards are not a meld, as a sentence.
pub fn meld_text(error: &MeldError, lang: Lang) -> String {
    let en = lang == Lang::En;
    match error {
        // Two cards are a pair, which is never a meld; one card is none.
        MeldError::TooShort { len } if en => {
            format!("A meld has at least three cards, and this one has {}{}", count(*len, lang), if *len == 2 { ": pairs are never melds." } else { "." })
        }
        MeldError::TooShort { len } => format!(
            "Une combinaison a au moins trois cartes, et celle-ci en a {}{}",
            count(*len, lang),
            if *len == 2 { " : une paire n'en est jamais une." } else { "." }
        ),
        MeldError::TooManyWilds { wilds, len } if en => format!(
            "At most half of a meld may be wild (2s and jokers), so at most {} of {} cards; this one has {}.",
            count(max_wilds(*len), lang),
            count(*len, lang),
            count(*wilds, lang)
        ),
        MeldError::TooManyWilds { wilds, len } => format!(
            "Au plus la moitié d'une combinaison peut être des flounes (les 2 et les jokers), soit au plus {} sur {} cartes ; celle-ci en a {}.",
            count(max_wilds(*len), lang),
            count(*len, lang),
            count(*wilds, lang)
        ),
        MeldError::NeitherSetNorRun { cards } => these_cards(
            cards,
            lang,
            "make neither a set (all one rank) nor a run (all one suit).",
            "ne forment ni une série (une seule valeur) ni une suite (une seule couleur).",
        ),
        MeldError::RunTooLong { len } if en => format!(
            "A run has at most 13 cards, from A to K or from 2 to A, since the ace is low or high but never both; this one has {len}."
        ),
        MeldError::RunTooLong { len } => format!(
            "Une suite a au plus 13 cartes, de l'as au roi ou du 2 à l'as, car l'as est en bas ou en haut, jamais les deux ; celle-ci en a {len}."
        ),
        MeldError::RunRepeatsRank { rank, suit } if en => {
            format!("A run holds each rank once, and this one has two {}.", natural_name(*rank, *suit, lang))
        }
        MeldError::RunRepeatsRank { rank, suit } => format!(
            "Une suite ne contient chaque valeur qu'une fois, et celle-ci a deux {}.",
            natural_name(*rank, *suit, lang)
        ),
        MeldError::RunGap { cards, span } => these_cards(
            cards,
            lang,
            &format!("cannot make a run of {}: from the lowest to the highest they span {span} ranks.", cards.len()),
            &format!(
                "ne peuvent pas former une suite de {} : de la plus basse à la plus haute, elles couvrent {span} valeurs.",
                cards.len()
            ),
        ),
    }
}

/// Why an opening is not the round's contract, and what it lacks.
fn contract_text(problem: &ContractError, lang: Lang) -> String {
    let en = lang == Lang::En;
    match problem {
        ContractError::MeldCount { sets, min_len, melds } if en => format!(
            "This round's contract is {} of at least {min_len} cards, and this opening lays {}.",
            counted(*sets, "set", "sets", lang),
            counted(*melds, "meld", "melds", lang)
        ),
        ContractError::MeldCount { sets, min_len, melds } => format!(
            "Le contrat de cette manche demande {} d'au moins {min_len} cartes, et cette ouverture pose {}.",
            counted(*sets, "série", "séries", lang),
            counted(*melds, "combinaison", "combinaisons", lang)
        ),
        ContractError::Meld(error) => meld_text(error, lang),
        ContractError::Run { cards } => these_cards(
            cards,
            lang,
            "make a run, but the contract asks for sets (cards of one rank).",
            "forment une suite, mais le contrat demande des séries (cartes d'une même valeur).",
        ),
        ContractError::SetTooShort { cards, min_len } => {
            let missing = min_len.saturating_sub(cards.len());
            match lang {
                Lang::En => format!(
                    "The set {} has {} cards, and the contract asks for at least {min_len}: it needs {} more.",
                    cards_list(cards, lang),
                    cards.len(),
                    count(missing, lang)
                ),
                Lang::Fr => format!(
                    "La série {} a {} cartes, et le contrat en demande au moins {min_len} : il en manque {}.",
                    cards_list(cards, lang),
                    cards.len(),
                    count(missing, lang)
                ),
            }
        }
        ContractError::SameRank { rank } if en => format!(
            "Two of the contract's sets have the same rank ({}): each set needs a rank of its own.",
            rank_name(*rank, lang)
        ),
        ContractError::SameRank { rank } => format!(
            "Deux séries du contrat ont la même valeur ({}) : chacune doit avoir la sienne.",
            rank_name(*rank, lang)
        ),
    }
}

/// "These cards, 5♥ · 6♠ · 7♥, …" followed by what they do (`en` or `fr`).
fn these_cards(cards: &[Card], lang: Lang, en: &str, fr: &str) -> String {
    match lang {
        Lang::En => format!("These cards, {}, {en}", cards_list(cards, lang)),
        Lang::Fr => format!("Ces cartes, {}, {fr}", cards_list(cards, lang)),
    }
}

/// A number of cards in words ("two", "deux"; "une" for one card in French).
fn count(n: usize, lang: Lang) -> String {
    number(n as u32, lang, true)
}

/// "no meld", "one set", "two sets" / "aucune combinaison", "une série"
/// (the French nouns here are feminine).
fn counted(n: usize, one: &str, many: &str, lang: Lang) -> String {
    match (n, lang) {
        (0, Lang::En) => format!("no {one}"),
        (0, Lang::Fr) => format!("aucune {one}"),
        (1, _) => format!("{} {one}", count(1, lang)),
        (n, _) => format!("{} {many}", count(n, lang)),
    }
}

/// Ranks as the language writes them on cards: A, J, Q, K / A, V, D, R.
pub(crate) fn rank_name(rank: Rank, lang: Lang) -> &'static str {
    match (rank.number(), lang) {
        (11, Lang::Fr) => "V",
        (12, Lang::Fr) => "D",
        (13, Lang::Fr) => "R",
        _ => rank.symbol(),
    }
}

fn natural_name(rank: Rank, suit: Suit, lang: Lang) -> String {
    let glyph = match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
    };
    format!("{}{glyph}", rank_name(rank, lang))
}

/// A card's name: "7♥", "V♠" (French), "joker".
pub(crate) fn card_name(card: Card, lang: Lang) -> String {
    match card {
        Card::Natural(rank, suit) => natural_name(rank, suit, lang),
        Card::Joker => "joker".to_string(),
    }
}

/// A card with its article: "the 7♥"; in French "le 7♥", "l'A♥" (as),
/// "la D♠" (dame), "le joker".
pub(crate) fn the_card(card: Card, lang: Lang) -> String {
    let name = card_name(card, lang);
    match (lang, card) {
        (Lang::En, _) => format!("the {name}"),
        (Lang::Fr, Card::Natural(rank, _)) if rank.number() == 1 => format!("l'{name}"),
        (Lang::Fr, Card::Natural(rank, _)) if rank.number() == 12 => format!("la {name}"),
        (Lang::Fr, _) => format!("le {name}"),
    }
}

/// Cards in order: "7♥ · 7♠ · joker".
fn cards_list(cards: &[Card], lang: Lang) -> String {
    cards.iter().map(|&c| card_name(c, lang)).collect::<Vec<_>>().join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_refusal_is_worded_in_both_languages_without_rule_ids() {
        crate::games::wording::check::<super::super::Jachete>(Refusal::samples());
    }

    #[test]
    fn ja03_a_short_set_says_what_is_missing() {
        let cards = ["JS", "JH", "JD"].map(|c| Card::parse(c).expect("a card")).to_vec();
        crate::games::wording::assert_texts::<super::super::Jachete>(
            Refusal::ContractNotMet { problem: ContractError::SetTooShort { cards, min_len: 5 } },
            "The set J♠ · J♥ · J♦ has 3 cards, and the contract asks for at least 5: it needs two more.",
            "La série V♠ · V♥ · V♦ a 3 cartes, et le contrat en demande au moins 5 : il en manque deux.",
        );
    }

    #[test]
    fn ja05_too_many_wilds_says_how_many_are_allowed() {
        crate::games::wording::assert_texts::<super::super::Jachete>(
            Refusal::MeldInvalid { index: 0, error: MeldError::TooManyWilds { wilds: 3, len: 4 } },
            "At most half of a meld may be wild (2s and jokers), so at most two of four cards; this one has three.",
            "Au plus la moitié d'une combinaison peut être des flounes (les 2 et les jokers), soit au plus deux sur quatre cartes ; celle-ci en a trois.",
        );
    }

    /// Issue 34: a meld is named by its cards (the table numbers none), and
    /// a one-card meld is not called a pair.
    #[test]
    fn ja05_a_meld_is_named_by_its_cards_and_one_card_is_no_pair() {
        let cards = ["7H", "8S"].map(|c| Card::parse(c).expect("a card")).to_vec();
        let two = meld_refusal(&cards, &MeldError::TooShort { len: 2 }, Lang::En);
        assert_eq!(two, "The meld 7♥ · 8♠ is not valid. A meld has at least three cards, and this one has two: pairs are never melds.");
        let one = meld_refusal(&cards[..1], &MeldError::TooShort { len: 1 }, Lang::Fr);
        assert_eq!(one, "La combinaison 7♥ n'est pas valable. Une combinaison a au moins trois cartes, et celle-ci en a une.");
        assert_eq!(meld_text(&MeldError::TooShort { len: 1 }, Lang::En), "A meld has at least three cards, and this one has one.");
    }
}
