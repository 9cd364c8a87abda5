//! Katzenjammer Blues in words, in French and English: its fixed texts
//! ([`KbStrings`], reached as `lang.kb()`), its bids, cards and foursomes,
//! the game log, the end of the game, and the refusals of its rules. The
//! shell's own texts (menus, links, saves, seats) are in [`crate::i18n`].

use tablee_engine::katzenjammer::{
    BidLevel, Card, Counts, EndCause, Event, Foursome, Presentation, Refusal, StandingBid,
};
use tablee_engine::{RuleError, Seat};

use super::bidding::BidProblem;
pub use super::card_words::{bid_text, card_name, cards_text};
use super::presenting::PresentOption;
use super::seat_moves::SeatMove;
use super::summary::{Summary, TieBreak};
use super::Katzenjammer;
use crate::app::config::TableConfig;
use crate::app::config::DailyAttempt;
use crate::app::lang::Lang;
use crate::i18n::*;

type Table = TableConfig<Katzenjammer>;

/// Katzenjammer's texts of a language.
impl Lang {
    pub fn kb(self) -> &'static KbStrings {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }
}

/// The fixed texts of Katzenjammer Blues, in one language.
pub struct KbStrings {
    pub full_mice: &'static str,
    pub full_mice_help: &'static str,
    /// The home screen's number of games: a match (KB-20) or one game.
    pub match_games: &'static str,
    pub one_game: &'static str,
    pub match_3: &'static str,
    pub match_5: &'static str,
    pub match_help: &'static str,
    pub your_hand: &'static str,
    pub hand_empty: &'static str,
    pub the_row: &'static str,
    pub row_empty: &'static str,
    pub stock: &'static str,
    pub mice_left: &'static str,
    pub bandleader: &'static str,
    pub standing_bid: &'static str,
    pub no_bid: &'static str,
    pub holds_bid: &'static str,
    pub last_auction: &'static str,
    pub discard_show: &'static str,
    pub discard_hide: &'static str,
    pub discard_title: &'static str,
    pub discard_empty: &'static str,
    pub bid_title: &'static str,
    pub bid_help: &'static str,
    pub bid_button: &'static str,
    pub pass_button: &'static str,
    pub clear_selection: &'static str,
    pub joker_value: &'static str,
    pub select_first: &'static str,
    pub wait_turn: &'static str,
    pub present_title: &'static str,
    pub present_help: &'static str,
    pub present_nothing: &'static str,
    pub present_this: &'static str,
    pub joker_cats: &'static str,
    pub ends_game: &'static str,
    pub hint_apply: &'static str,
    pub keys_help: &'static str,
    pub hint_equal: &'static str,
    pub end_mice_before: &'static str,
    pub end_jokers: &'static str,
    pub end_penalty: &'static str,
    pub end_mice: &'static str,
}

pub static EN: KbStrings = KbStrings {
    full_mice: "All 24 mice",
    full_mice_help: "With 4 players or fewer the game normally uses 20 mice.",
    match_games: "Games",
    one_game: "One game",
    match_3: "A match of 3 games",
    match_5: "A match of 5 games",
    match_help: "A match adds up the mice of its games.",
    your_hand: "Your hand",
    hand_empty: "No cards in hand.",
    the_row: "The row",
    row_empty: "No row on the table.",
    stock: "Stock",
    mice_left: "Mice left",
    bandleader: "Bandleader",
    standing_bid: "Standing bid",
    no_bid: "No bid yet",
    holds_bid: "holds the bid",
    last_auction: "Last auction",
    discard_show: "Show the discard pile",
    discard_hide: "Hide the discard pile",
    discard_title: "Discard pile (face up)",
    discard_empty: "The discard pile is empty.",
    bid_title: "Your bid",
    bid_help: "Select cards in your hand: the bid they make appears here.",
    bid_button: "Bid",
    pass_button: "Pass",
    clear_selection: "Clear",
    joker_value: "Your jokers count as",
    select_first: "Select at least one card of your hand first.",
    wait_turn: "Wait for your turn to bid.",
    present_title: "You won the row: present foursomes?",
    present_help: "A foursome is four cards of one value (jokers may stand in) and scores its value in mice. Choose one option.",
    present_nothing: "Present nothing",
    present_this: "Present",
    joker_cats: "joker cats",
    ends_game: "takes the last mice: the game ends",
    hint_apply: "Select these cards",
    hint_equal: "as good as the best within the search's precision",
    keys_help: "Keys: 1 to 5 and J pick a card of that value (again: the next one), B bids, P passes, H asks for a hint, Esc clears, ? shows this.",
    end_mice_before: "Mice won",
    end_jokers: "Jokers",
    end_penalty: "Penalty",
    end_mice: "Final mice",
};

pub static FR: KbStrings = KbStrings {
    full_mice: "Les 24 souris",
    full_mice_help: "À 4 joueurs ou moins, on joue normalement avec 20 souris.",
    match_games: "Parties",
    one_game: "Une partie",
    match_3: "Un match en 3 parties",
    match_5: "Un match en 5 parties",
    match_help: "Un match additionne les souris de ses parties.",
    your_hand: "Votre main",
    hand_empty: "Aucune carte en main.",
    the_row: "La rangée",
    row_empty: "Aucune rangée sur la table.",
    stock: "Pioche",
    mice_left: "Souris restantes",
    bandleader: "Chef d'orchestre",
    standing_bid: "Enchère en cours",
    no_bid: "Aucune enchère",
    holds_bid: "tient l'enchère",
    last_auction: "Dernière enchère",
    discard_show: "Voir la défausse",
    discard_hide: "Cacher la défausse",
    discard_title: "Défausse (face visible)",
    discard_empty: "La défausse est vide.",
    bid_title: "Votre enchère",
    bid_help: "Sélectionnez des cartes de votre main : l'enchère qu'elles forment s'affiche ici.",
    bid_button: "Annoncer",
    pass_button: "Passer",
    clear_selection: "Effacer",
    joker_value: "Vos jokers valent",
    select_first: "Sélectionnez d'abord au moins une carte de votre main.",
    wait_turn: "Attendez votre tour pour annoncer.",
    present_title: "Vous avez remporté la rangée : poser des carrés ?",
    present_help: "Un carré, ce sont quatre cartes d'une même valeur (les jokers peuvent les remplacer) ; il rapporte sa valeur en souris. Choisissez une option.",
    present_nothing: "Ne rien poser",
    present_this: "Poser",
    joker_cats: "chats-jokers",
    ends_game: "prend les dernières souris : fin de la partie",
    hint_apply: "Sélectionner ces cartes",
    hint_equal: "aussi bon que le meilleur, à la précision de la recherche près",
    keys_help: "Touches : 1 à 5 et J choisissent une carte de cette valeur (encore : la suivante), B annonce, P passe, H demande un conseil, Échap efface, ? affiche cette aide.",
    end_mice_before: "Souris gagnées",
    end_jokers: "Jokers",
    end_penalty: "Pénalité",
    end_mice: "Souris finales",
};

/// Under the hand, to its owner only: the card a joker row made them draw.
pub fn you_drew(card: Card, lang: Lang) -> String {
    let name = card_name(card, lang);
    match lang {
        Lang::En => format!("You drew a {name} (the row ended on a joker)."),
        Lang::Fr => format!("Vous avez pioché un {name} (la rangée finissait sur un joker)."),
    }
}

/// What an auction's winner paid: "2 · 2", "1 joker (displayed)", "3 and 1 joker (displayed)".
fn pay_text(paid: &Counts, lang: Lang) -> String {
    let mut naturals = *paid;
    naturals.0[5] = 0;
    let j = u32::from(paid.jokers());
    match (naturals.is_empty(), j, lang) {
        (false, 0, _) => cards_text(&naturals, lang),
        (true, j, Lang::En) => format!("{} (displayed)", jokers(j, lang)),
        (true, j, Lang::Fr) => format!("{} (exposés)", jokers(j, lang)),
        (false, j, Lang::En) => format!("{} and {} (displayed)", cards_text(&naturals, lang), jokers(j, lang)),
        (false, j, Lang::Fr) => format!("{} et {} (exposés)", cards_text(&naturals, lang), jokers(j, lang)),
    }
}

/// A seat's bubble at the table: its latest move in this auction, worded
/// without a subject (it sits under the seat's name): "holds the bid: two 1s",
/// "one 2 (outbid)", "pass", "row taken · paid 2 · 2".
pub fn seat_move_text(m: SeatMove, holds: bool, lang: Lang) -> String {
    match m {
        SeatMove::Bid(level) if holds => {
            format!("{}{} {}", lang.kb().holds_bid, colon(lang), bid_text(level, lang))
        }
        SeatMove::Bid(level) => format!("{} {}", bid_text(level, lang), lang.pick("(outbid)", "(dépassée)")),
        SeatMove::Passed => lang.pick("pass", "passe").to_string(),
        SeatMove::TookRow { paid } => format!("{} {}", lang.pick("row taken · paid", "rangée prise · payé"), pay_text(&paid, lang)),
    }
}

/// "3 mice" / "3 souris", "1 mouse", "−2 mice".
pub fn mice(n: i32, lang: Lang) -> String {
    let shown = num(n);
    match lang {
        Lang::En if n.abs() == 1 => format!("{shown} mouse"),
        Lang::En => format!("{shown} mice"),
        Lang::Fr => format!("{shown} souris"),
    }
}

pub fn jokers(n: u32, _lang: Lang) -> String {
    if n == 1 {
        "1 joker".to_string()
    } else {
        format!("{n} jokers")
    }
}

/// "1 joker shown", "3 jokers shown" / "3 jokers exposés".
pub fn jokers_shown(n: u8, lang: Lang) -> String {
    match (lang, n) {
        (Lang::En, 1) => "1 joker shown".to_string(),
        (Lang::En, n) => format!("{n} jokers shown"),
        (Lang::Fr, n) if n <= 1 => format!("{n} joker exposé"),
        (Lang::Fr, n) => format!("{n} jokers exposés"),
    }
}

/// One foursome: "a foursome of 3s (3 · 3 · 3 · joker)", "joker cats (…)".
pub fn foursome_text(f: &Foursome, lang: Lang) -> String {
    match f.value {
        None => format!("{} ({})", lang.kb().joker_cats, cards_text(&f.cards, lang)),
        Some(v) => match lang {
            Lang::En => format!("a foursome of {v}s ({})", cards_text(&f.cards, lang)),
            Lang::Fr => format!("un carré de {v} ({})", cards_text(&f.cards, lang)),
        },
    }
}

/// A foursome's short name: "a foursome of 3s", "joker cats".
pub fn foursome_name(f: &Foursome, lang: Lang) -> String {
    match (f.value, lang) {
        (None, Lang::En) => "joker cats".to_string(),
        (None, Lang::Fr) => "des chats-jokers".to_string(),
        (Some(v), Lang::En) => format!("a foursome of {v}s"),
        (Some(v), Lang::Fr) => format!("un carré de {v}"),
    }
}

/// A presentation's short name: "a foursome of 3s and joker cats".
pub fn presentation_name(p: &Presentation, lang: Lang) -> String {
    let parts: Vec<String> = p.to_foursomes().iter().map(|f| foursome_name(f, lang)).collect();
    join_and(&parts, lang)
}

/// A whole presentation: "foursome of 3s (3 · 3 · 3 · joker) and joker cats (…)".
pub fn presentation_text(p: &Presentation, lang: Lang) -> String {
    let parts: Vec<String> = p.to_foursomes().iter().map(|f| foursome_text(f, lang)).collect();
    match parts.len() {
        0 => lang.kb().present_nothing.to_string(),
        _ => join_and(&parts, lang),
    }
}

/// Why `best` beats `other`, from the seat's `view` (never a hidden card), in
/// plain words for a newcomer (`tablee_puzzles::katzenjammer::explain::plain`: the
/// puzzles' reasons, one copy of them, worded for play; issue 52): the
/// table's hint and the coached game's line. `None` when no reason holds.
pub fn why(view: &tablee_engine::katzenjammer::KbView, best: &tablee_engine::katzenjammer::Action, other: &tablee_engine::katzenjammer::Action, lang: Lang) -> Option<String> {
    let (en, fr) = tablee_puzzles::katzenjammer::explain::plain(view, best, other)?;
    Some(if lang == Lang::Fr { fr } else { en })
}

/// A move in words, for hints: "Pass", "Bid three 2s (2 · 2 · joker)".
pub fn action_text(action: &tablee_engine::katzenjammer::Action, lang: Lang) -> String {
    use tablee_engine::katzenjammer::Action;
    match action {
        Action::Pass => lang.kb().pass_button.to_string(),
        Action::Bid(bid) => format!("{} {} ({})", lang.kb().bid_button, bid_text(bid.level(), lang), cards_text(&bid.cards, lang)),
        Action::Present(p) if p.is_nothing() => lang.kb().present_nothing.to_string(),
        Action::Present(p) => format!("{} {}", lang.kb().present_this, presentation_text(p, lang)),
    }
}

/// The hand's heading with its size: "Your hand (5 cards)".
pub fn hand_heading(config: &Table, seat: Seat, cards: usize, lang: Lang) -> String {
    format!("{} ({})", hand_title(config, seat, lang), cards_count(cards, lang))
}

/// The bid button, naming the bid: "Bid three 2s".
pub fn bid_button_label(level: BidLevel, lang: Lang) -> String {
    format!("{} {}", lang.kb().bid_button, bid_text(level, lang))
}

/// A presentation offered after a won auction: "Present two foursomes: +2
/// mice, 1 joker shown — ends the game", or "Present nothing".
pub fn present_option(option: &PresentOption, lang: Lang) -> String {
    if option.presentation.is_nothing() {
        return lang.kb().present_nothing.to_string();
    }
    let mut text = format!(
        "{} {}{} +{}",
        lang.kb().present_this,
        presentation_name(&option.presentation, lang),
        colon(lang),
        mice(option.mice as i32, lang)
    );
    if option.displayed_jokers > 0 {
        text.push_str(&format!(", {}", jokers_shown(option.displayed_jokers, lang)));
    }
    if option.ends_game {
        text.push_str(&format!(" — {}", lang.kb().ends_game));
    }
    text
}

/// "Player 2's hand" / "Main de Joueur 2", or "Your hand".
pub fn hand_title(config: &Table, seat: Seat, lang: Lang) -> String {
    if is_you(config, seat) {
        return lang.kb().your_hand.to_string();
    }
    let name = seat_name(config, seat, lang);
    match lang {
        Lang::En => format!("{name}'s hand"),
        Lang::Fr => format!("Main de {name}"),
    }
}

/// The status line: whose turn it is.
pub fn turn_text(config: &Table, seat: Seat, presenting: bool, lang: Lang) -> String {
    let name = seat_name(config, seat, lang);
    let you = is_you(config, seat);
    if presenting {
        says(lang, you, &name, "may present foursomes.", "may present foursomes.", "pouvez poser des carrés.", "peut poser des carrés.")
    } else {
        says(lang, you, &name, "are to bid or pass.", "is to bid or pass.", "devez annoncer ou passer.", "doit annoncer ou passer.")
    }
}

/// The auction just won: "three 2s, won by Minou".
pub fn won_bid_text(config: &Table, seat: Seat, level: BidLevel, lang: Lang) -> String {
    let name = seat_name_within(config, seat, lang);
    match lang {
        Lang::En => format!("{}, won by {name}", bid_text(level, lang)),
        Lang::Fr => format!("{}, remportée par {name}", bid_text(level, lang)),
    }
}

pub fn standing_bid_text(config: &Table, seat: Seat, level: BidLevel, lang: Lang) -> String {
    let name = seat_name_within(config, seat, lang);
    match lang {
        Lang::En => format!("{} by {name}", bid_text(level, lang)),
        Lang::Fr => format!("{}, par {name}", bid_text(level, lang)),
    }
}

/// "Your cards make three 2s."
pub fn bid_makes(level: BidLevel, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Your cards make {}.", bid_text(level, lang)),
        Lang::Fr => format!("Vos cartes forment {}.", bid_text(level, lang)),
    }
}

/// "It beats the standing bid (two 5s by Minou)." or "It opens the auction."
pub fn bid_ok(config: &Table, standing: Option<(Seat, BidLevel)>, lang: Lang) -> String {
    match standing {
        None => match lang {
            Lang::En => "It opens the auction.".to_string(),
            Lang::Fr => "Elle ouvre les enchères.".to_string(),
        },
        Some((seat, level)) => match lang {
            Lang::En => format!("It beats the standing bid ({}).", standing_bid_text(config, seat, level, lang)),
            Lang::Fr => format!("Elle bat l'enchère en cours ({}).", standing_bid_text(config, seat, level, lang)),
        },
    }
}

/// Why the selection cannot be bid. English uses the engine's own reason
/// (it cites the rule); French says the same in French.
pub fn bid_problem(problem: &BidProblem, standing: Option<StandingBid>, config: &Table, lang: Lang) -> String {
    let refused = match problem {
        BidProblem::Empty => return lang.kb().select_first.to_string(),
        BidProblem::NoAuction => return lang.kb().wait_turn.to_string(),
        BidProblem::Refused(error) => error,
    };
    match (problem.refusal(), standing, lang) {
        (Some(Refusal::DifferentRepeated { card, .. }), _, Lang::En) => format!(
            "That is not a bid: a same-value bid has one value (plus jokers), a different-values bid has each value once, and your selection has several values with the {card} more than once."
        ),
        (Some(Refusal::DifferentRepeated { card, .. }), _, Lang::Fr) => format!(
            "Ce n'est pas une enchère : une enchère « même valeur » n'a qu'une valeur (plus des jokers), une enchère « différentes » n'a chaque valeur qu'une fois, et votre sélection a plusieurs valeurs dont le {card} en double."
        ),
        (Some(Refusal::DifferentTooMany { count }), _, Lang::En) => {
            format!("A different-values bid has at most 5 cards, one per value; your selection has {count}.")
        }
        (Some(Refusal::DifferentTooMany { count }), _, Lang::Fr) => {
            format!("Une enchère « différentes » a au plus 5 cartes, une par valeur ; votre sélection en a {count}.")
        }
        (Some(Refusal::DoesNotBeat { .. }), Some(standing), Lang::En) => format!(
            "Not enough: it does not beat the standing bid ({}). More cards always win; with as many cards, same beats different, and a higher value beats a lower one.",
            standing_bid_text(config, standing.seat, standing.level, lang)
        ),
        (Some(Refusal::DoesNotBeat { .. }), Some(standing), Lang::Fr) => format!(
            "Pas assez : elle ne bat pas l'enchère en cours ({}). Plus de cartes gagne toujours ; à nombre égal, « même valeur » bat « différentes », et une valeur plus haute bat une plus basse.",
            standing_bid_text(config, standing.seat, standing.level, lang)
        ),
        _ => refusal(refused, lang),
    }
}

/// A refusal of the rules, in the player's words (never a rule id).
pub fn refusal(error: &RuleError<Refusal>, lang: Lang) -> String {
    super::refusals::refusal_text(error.refusal(), lang)
}

/// One line of the game log per public event (reveals and draws grouped).
pub fn log_lines(config: &Table, events: &[Event], lang: Lang) -> Vec<String> {
    let name = |s: Seat| seat_name(config, s, lang);
    let you = |s: Seat| is_you(config, s);
    let mut out = Vec::new();
    let mut bandleader = 0;
    let mut i = 0;
    while i < events.len() {
        match events[i] {
            Event::Dealt { bandleader: b } => {
                bandleader = b;
                out.push(match lang {
                    // A friend's device learns the deal's number at the end (issue 55).
                    _ if config.seed_hidden => capitalise(&says(lang, you(b), &name(b), "are the first bandleader", "is the first bandleader", "êtes le premier chef d'orchestre", "est le premier chef d'orchestre")) + ".",
                    Lang::En => format!("Deal {}: {}.", config.seed, says(lang, you(b), &name(b), "are the first bandleader", "is the first bandleader", "", "")),
                    Lang::Fr => format!("Donne {} : {}.", config.seed, says(lang, you(b), &name(b), "", "", "êtes le premier chef d'orchestre", "est le premier chef d'orchestre")),
                });
            }
            Event::Revealed { .. } => {
                let mut row = Vec::new();
                while let Some(Event::Revealed { card }) = events.get(i) {
                    row.push(card_name(*card, lang));
                    i += 1;
                }
                i -= 1;
                let b = bandleader;
                out.push(says(lang, you(b), &name(b), "reveal:", "reveals:", "retournez :", "retourne :") + " " + &row.join(" · ") + ".");
            }
            Event::Drew { .. } => {
                while let Some(Event::Drew { .. }) = events.get(i) {
                    i += 1;
                }
                i -= 1;
                out.push(
                    lang.pick(
                        "The row ends on a joker: everyone draws a card from the stock.",
                        "La rangée finit sur un joker : chacun pioche une carte.",
                    )
                    .to_string(),
                );
            }
            Event::Bid { seat, level } => {
                let b = bid_text(level, lang);
                out.push(says(lang, you(seat), &name(seat), &format!("bid {b}."), &format!("bids {b}."), &format!("annoncez {b}."), &format!("annonce {b}.")));
            }
            Event::Passed { seat } => {
                out.push(says(lang, you(seat), &name(seat), "pass.", "passes.", "passez.", "passe."));
            }
            Event::Won { seat, paid, row } => {
                bandleader = seat;
                let pay = pay_text(&paid, lang);
                let r = cards_text(&row, lang);
                out.push(says(
                    lang,
                    you(seat),
                    &name(seat),
                    &format!("win the auction: you pay {pay} and take the row ({r})."),
                    &format!("wins the auction, pays {pay} and takes the row ({r})."),
                    &format!("remportez les enchères : vous payez {pay} et prenez la rangée ({r})."),
                    &format!("remporte les enchères, paie {pay} et prend la rangée ({r})."),
                ));
            }
            Event::RowDiscarded { .. } => out.push(
                lang.pick("Nobody bids: the row goes to the discard pile.", "Personne n'annonce : la rangée part à la défausse.")
                    .to_string(),
            ),
            Event::Presented { seat, presentation, mice: m } => {
                if presentation.is_nothing() {
                    out.push(says(lang, you(seat), &name(seat), "present nothing.", "presents nothing.", "ne posez rien.", "ne pose rien."));
                } else {
                    let what = presentation_text(&presentation, lang);
                    let gain = mice(i32::from(m), lang);
                    out.push(says(
                        lang,
                        you(seat),
                        &name(seat),
                        &format!("present {what}: +{gain}."),
                        &format!("presents {what}: +{gain}."),
                        &format!("posez {what} : +{gain}."),
                        &format!("pose {what} : +{gain}."),
                    ));
                }
            }
            Event::GameOver { cause } => out.push(end_cause(cause, lang).to_string()),
        }
        i += 1;
    }
    out
}

/// The coached game's line about the table (issue 52): what the others did
/// since `me` last moved that matters — a row won (with the jokers it put on
/// show), foursomes presented, a row nobody bid for — from the public log
/// (KB-21); `None` when nothing did.
pub fn table_talk(config: &Table, state: &tablee_engine::katzenjammer::KbState, me: Seat, lang: Lang) -> Option<String> {
    let log = state.log();
    let mine = |e: &Event| matches!(*e, Event::Bid { seat, .. } | Event::Passed { seat } | Event::Presented { seat, .. } if seat == me);
    let since = log.iter().rposition(mine).map_or(0, |i| i + 1);
    let name = |s: Seat| seat_name(config, s, lang);
    let mut said: Vec<String> = Vec::new();
    for e in &log[since..] {
        match *e {
            Event::Won { seat, paid, .. } if seat != me => {
                let pay = pay_text(&paid, lang);
                said.push(match lang {
                    Lang::En => format!("{} won the row, paying {pay}", name(seat)),
                    Lang::Fr => format!("{} a remporté la rangée en payant {pay}", name(seat)),
                });
                if paid.jokers() > 0 {
                    let shown = jokers(u32::from(state.jokers_shown(seat)), lang);
                    said.push(match lang {
                        Lang::En => format!("{} now shows {shown}: the most jokers at the end lose 5 mice", name(seat)),
                        Lang::Fr => format!("{} expose maintenant {shown}\u{a0}: à la fin, le plus de jokers perd 5\u{a0}souris", name(seat)),
                    });
                }
            }
            Event::Presented { seat, presentation, mice: m } if seat != me && !presentation.is_nothing() => {
                let what = presentation_text(&presentation, lang);
                let gain = mice(i32::from(m), lang);
                said.push(match lang {
                    Lang::En => format!("{} presented {what}: +{gain}", name(seat)),
                    Lang::Fr => format!("{} a posé {what}\u{a0}: +{gain}", name(seat)),
                });
            }
            Event::RowDiscarded { .. } => said.push(
                lang.pick("Nobody bid: the row went to the discard pile", "Personne n'a annoncé\u{a0}: la rangée est partie à la défausse").to_string(),
            ),
            _ => {}
        }
    }
    (!said.is_empty()).then(|| format!("{}.", said.join(" · ")))
}

pub fn end_cause(cause: EndCause, lang: Lang) -> &'static str {
    match cause {
        EndCause::Stock => lang.pick(
            "The last card of the stock was taken: the game is over.",
            "La dernière carte de la pioche est prise : la partie est finie.",
        ),
        EndCause::Mice => lang.pick(
            "The last mouse was taken: the game is over.",
            "La dernière souris est prise : la partie est finie.",
        ),
    }
}

/// The joker penalty explained.
pub fn penalty_text(config: &Table, summary: &Summary, lang: Lang) -> String {
    if summary.most_jokers == 0 {
        return lang
            .pick("Nobody ended with a joker: no penalty.", "Personne ne finit avec un joker : pas de pénalité.")
            .to_string();
    }
    let who: Vec<String> =
        summary.players.iter().filter(|p| p.penalised).map(|p| seat_name(config, p.seat, lang)).collect();
    let most = jokers(u32::from(summary.most_jokers), lang);
    match lang {
        Lang::En => format!(
            "At the end, jokers left in hand join the displayed ones. The most jokers ({most}): {} — {} 5 mice.",
            join_and(&who, lang),
            if who.len() == 1 && is_you(config, summary.players.iter().find(|p| p.penalised).map_or(0, |p| p.seat)) { "you lose" } else if who.len() == 1 { "loses" } else { "each lose" }
        ),
        Lang::Fr => format!(
            "À la fin, les jokers restés en main rejoignent ceux exposés. Le plus de jokers ({most}) : {} — {} 5 souris.",
            join_and(&who, lang),
            if who.len() == 1 { "rend" } else { "rendent chacun" }
        ),
    }
}

/// The winners and how ties were broken.
pub fn winners_text(config: &Table, summary: &Summary, lang: Lang) -> String {
    let names = |seats: &[Seat]| join_and(&seats.iter().map(|&s| seat_name(config, s, lang)).collect::<Vec<_>>(), lang);
    let winners = names(&summary.winners);
    let single_you = summary.winners.len() == 1 && is_you(config, summary.winners[0]);
    let head = match (lang, summary.winners.len(), single_you) {
        (Lang::En, _, true) => "You win!".to_string(),
        (Lang::En, 1, _) => format!("{winners} wins."),
        (Lang::En, _, _) => format!("Shared victory: {winners}."),
        (Lang::Fr, _, true) => "Vous gagnez !".to_string(),
        (Lang::Fr, 1, _) => format!("{winners} gagne."),
        (Lang::Fr, _, _) => format!("Victoire partagée : {winners}."),
    };
    let tail = match (&summary.tie_break, lang) {
        (TieBreak::None, Lang::En) => "Most mice wins.".to_string(),
        (TieBreak::None, Lang::Fr) => "Le plus de souris l'emporte.".to_string(),
        (TieBreak::Jokers { tied }, Lang::En) => {
            format!("{} tied on mice; fewer jokers breaks the tie.", names(tied))
        }
        (TieBreak::Jokers { tied }, Lang::Fr) => {
            format!("{} sont à égalité de souris ; le moins de jokers départage.", names(tied))
        }
        (TieBreak::Shared { .. }, Lang::En) => "Tied on mice and on jokers: the victory is shared.".to_string(),
        (TieBreak::Shared { .. }, Lang::Fr) => "Égalité de souris et de jokers : la victoire est partagée.".to_string(),
    };
    format!("{head} {tail}")
}

/// "Par (the expert bot in your seat): 11 mice. You: 9 (−2)."
pub fn par_text(par: i32, mine: i32, lang: Lang) -> String {
    let diff = mine - par;
    let signed = signed(diff);
    match lang {
        Lang::En => format!("Par — the expert bot in your seat on this deal: {}. You: {} ({signed}).", mice(par, lang), mice(mine, lang)),
        Lang::Fr => format!("Par — le bot expert à votre place sur cette donne : {}. Vous : {} ({signed}).", mice(par, lang), mice(mine, lang)),
    }
}

/// The spoiler-free text shared with a link: no card, no move.
pub fn share_text(
    config: &Table,
    seat: Option<Seat>,
    summary: Option<&Summary>,
    par: Option<i32>,
    daily: Option<DailyAttempt>,
    url: &str,
    lang: Lang,
) -> String {
    let me = seat.and_then(|s| summary.and_then(|sum| sum.player(s))).map(|p| (p.mice, p.place));
    crate::i18n::share_text("Katzenjammer Blues", &deal_name(config, lang), config.players(), me, par, daily, &|m| mice(m, lang), url, lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::session::Session;
    use tablee_engine::katzenjammer::BidKind;
    use tablee_bots::Level;
    use tablee_engine::Seed;

    #[test]
    fn negative_numbers_use_one_true_minus_everywhere() {
        assert_eq!(num(-3), "\u{2212}3");
        assert_eq!(num(0), "0");
        assert_eq!(signed(2), "+2");
        assert_eq!(signed(-2), "\u{2212}2");
        assert_eq!(mice(-1, Lang::En), "\u{2212}1 mouse");
        assert_eq!(mice(-4, Lang::Fr), "\u{2212}4 souris");
        assert!(par_text(5, 3, Lang::En).contains("(\u{2212}2)"));
        assert!(history_text(3, 1, Some(-1), Lang::Fr).contains("\u{2212}1"));
        for text in [par_text(5, -3, Lang::En), mice(-7, Lang::Fr)] {
            assert!(!text.contains('-'), "no hyphen-minus in {text:?}");
        }
    }

    fn same(count: u8, v: u8) -> BidLevel {
        BidLevel { kind: BidKind::Same(v), count }
    }

    /// Issue 42: the hint's and the coach's reason, from the seat's view, in
    /// both languages: red if the reason were missing, wrong, or said of
    /// the other move; the hint says none when the two are as good.
    #[test]
    fn kb16_the_hints_reason_says_why_in_both_languages() {
        use tablee_engine::katzenjammer::{Action, Bid, KbState, Options};
        let mut view = KbState::new_game(4, Options::default(), Seed::from_number(1)).unwrap().view(0);
        view.hand = Counts([0, 0, 3, 1, 0, 1]);
        view.row = vec![Card::Five, Card::One];
        let bid = Action::Bid(Bid { kind: BidKind::Same(3), cards: Counts([0, 0, 2, 0, 0, 1]) });
        // Issue 52: in plain words, with what it means for the player.
        assert_eq!(
            why(&view, &Action::Pass, &bid, Lang::En).as_deref(),
            Some("you keep your three 3s in hand, a foursome ready to present once you win a row")
        );
        assert_eq!(
            why(&view, &Action::Pass, &bid, Lang::Fr).as_deref(),
            Some("vous gardez vos trois 3 en main, un carré prêt à poser dès que vous remportez une rangée")
        );
        // Bidding two 3s and the joker against passing is not "keeps your 3s".
        assert!(why(&view, &bid, &Action::Pass, Lang::En).is_none_or(|w| !w.contains("keep your three 3s")));
        // Issue 52: the row's joker, said with the rule it leans on (the
        // most jokers at the end lose 5 mice), not "more jokers than anyone shows".
        view.row = vec![Card::Five, Card::Joker];
        view.jokers_shown = vec![1, 0, 1, 0];
        let takes = Action::Bid(Bid { kind: BidKind::Same(3), cards: Counts([0, 0, 2, 0, 0, 0]) });
        let en = why(&view, &Action::Pass, &takes, Lang::En).unwrap();
        assert_eq!(en, "the row holds a joker: winning it would leave you with 3 jokers, more than anyone else shows, and whoever has the most jokers at the end loses 5 mice");
        assert!(why(&view, &Action::Pass, &takes, Lang::Fr).unwrap().contains("qui a le plus de jokers perd 5\u{a0}souris"));
        // The hint: a reason for clearly better, none for "as good".
        use crate::ui::game_ui::GameUi;
        let mut session = Session::new(Table::new(Seed::from_number(1), 4)).unwrap();
        while session.human_to_act().is_none() {
            session.bot_step().unwrap();
        }
        let decision = session.decision(session.to_act().unwrap(), Level::Normal);
        let choices: Vec<(Action, f64)> = decision.analyse().into_iter().map(|c| (c.action, c.value)).collect();
        let apart = [(choices[0].0, 0.6), (choices[1].0, 0.4)];
        let said = super::super::Katzenjammer::hint_reason(&session, &apart, Lang::En);
        assert_eq!(said, why(&session.view(session.to_act().unwrap()), &apart[0].0, &apart[1].0, Lang::En));
        let equal = [(choices[0].0, 0.5), (choices[1].0, 0.49)];
        assert_eq!(super::super::Katzenjammer::hint_reason(&session, &equal, Lang::En), None);
        // The top two as good, the third clearly behind: why the first beats the third.
        assert!(choices.len() >= 3, "{choices:?}");
        let third = [(choices[0].0, 0.5), (choices[1].0, 0.49), (choices[2].0, 0.3)];
        let expected = why(&session.view(session.to_act().unwrap()), &third[0].0, &third[2].0, Lang::En);
        // (A reason that exists: compared with the second, the hint would say none.)
        assert!(expected.is_some(), "{third:?}");
        assert_eq!(super::super::Katzenjammer::hint_reason(&session, &third, Lang::En), expected);
        for lang in Lang::ALL {
            assert!(said.iter().all(|w| !w.contains("KB-")), "{said:?} {lang:?}");
        }
    }

    #[test]
    fn hands_are_titled_for_their_owner() {
        let mut config = Table::new(Seed::from_number(1), 4);
        assert_eq!(hand_title(&config, 0, Lang::En), "Your hand");
        config.seats[2] = crate::app::config::SeatKind::Human;
        assert_eq!(hand_title(&config, 2, Lang::En), "Player 3's hand");
        assert_eq!(hand_heading(&config, 2, 5, Lang::Fr), "Main de Joueur 3 (5 cartes)");
    }

    #[test]
    fn bids_read_as_announced() {
        assert_eq!(bid_text(same(3, 2), Lang::En), "three 2s");
        assert_eq!(bid_text(same(1, 5), Lang::En), "one 5");
        assert_eq!(bid_text(same(3, 2), Lang::Fr), "trois 2");
        assert_eq!(bid_text(same(1, 4), Lang::Fr), "un 4");
        let diff = |count| BidLevel { kind: BidKind::Different, count };
        assert_eq!(bid_text(diff(4), Lang::En), "four different");
        assert_eq!(bid_text(diff(4), Lang::Fr), "quatre différentes");
        assert_eq!(bid_text(same(14, 1), Lang::En), "14 1s");
    }

    #[test]
    fn every_log_event_has_a_line_in_both_languages() {
        let config = Table::new(Seed::from_number(5), 4);
        let mut session = Session::new(config.clone()).unwrap();
        let mut guard = 0;
        while !session.is_over() && guard < 2000 {
            if session.bot_step().is_none() {
                let legal = session.legal_actions();
                let a = tablee_bots::katzenjammer::decide(Level::Normal, &session.view(0), &legal, 3);
                session.apply_human(a).unwrap();
            }
            guard += 1;
        }
        for lang in Lang::ALL {
            let lines = log_lines(&config, session.state().log(), lang);
            assert!(lines.len() > 10);
            assert!(lines.iter().all(|l| !l.trim().is_empty() && !l.contains("  ")), "{lines:?}");
            assert!(lines[0].contains(&config.seed.to_string()));
            // A friend's device, which learns the deal's number at the end (issue 55).
            let friends = Table { seed_hidden: true, here: Some(1), ..config.clone() };
            let first = &log_lines(&friends, session.state().log(), lang)[0];
            assert!(!first.contains(&config.seed.to_string()) && first.ends_with('.') && first.chars().next().is_some_and(char::is_uppercase), "{first}");
        }
    }

    /// Players never see rule ids: every sentence of whole games — the log,
    /// whose turn, the end, the winners and tie-breaks, the penalty, par, the
    /// shared text — in both languages, for 2 to 6 players.
    #[test]
    fn no_text_shows_a_rule_id() {
        let mut seen = 0;
        for seed in 0..40u64 {
            let players = 2 + seed as usize % 5;
            let mut config = Table::new(Seed::from_number(seed), players);
            config.seats = vec![crate::app::config::SeatKind::Bot(Level::Easy); players];
            config.seats[0] = crate::app::config::SeatKind::Human;
            let mut session = Session::new(config.clone()).unwrap();
            let mut texts = Vec::new();
            while !session.is_over() {
                if session.bot_step().is_none() {
                    for lang in Lang::ALL {
                        texts.push(turn_text(&config, 0, false, lang));
                    }
                    let legal = session.legal_actions();
                    session.apply_human(tablee_bots::katzenjammer::decide(Level::Easy, &session.view(0), &legal, seed)).unwrap();
                }
            }
            let summary = Summary::of(session.state()).unwrap();
            for lang in Lang::ALL {
                texts.extend(log_lines(&config, session.state().log(), lang));
                texts.push(end_cause(summary.cause, lang).to_string());
                texts.push(winners_text(&config, &summary, lang));
                texts.push(penalty_text(&config, &summary, lang));
                texts.push(par_text(3, summary.players[0].mice, lang));
                texts.push(share_text(&config, Some(0), Some(&summary), Some(3), None, "https://x/", lang));
            }
            for text in &texts {
                assert!(!text.contains("KB-") && !text.contains("JA-"), "a rule id shown: {text:?}");
            }
            seen += texts.len();
        }
        assert!(seen > 5000, "{seen}");
    }

    #[test]
    fn a_practice_daily_shares_its_first_attempt_and_a_counted_one_its_streak() {
        let day = crate::app::config::Day::new(2026, 11, 23).unwrap();
        let config = Table::daily(day, crate::app::config::default_seats::<Katzenjammer>(4), Default::default());
        let mut session = crate::app::session::Session::new(config.clone()).unwrap();
        while !session.is_over() {
            if session.bot_step().is_none() {
                let seat = session.human_to_act().unwrap();
                let a = tablee_bots::katzenjammer::decide(tablee_bots::Level::Normal, &session.view(seat), &session.legal_actions(), 1);
                session.apply_human(a).unwrap();
            }
        }
        let summary = Summary::of(session.state()).unwrap();
        let mine = summary.player(0).unwrap().mice;
        let counted = share_text(&config, Some(0), Some(&summary), None, Some(DailyAttempt::Counts { streak: 4 }), "u", Lang::En);
        assert!(counted.contains(&format!("My result: {}", mice(mine, Lang::En))) && counted.contains("🔥4"), "{counted}");
        let practice = share_text(&config, Some(0), Some(&summary), None, Some(DailyAttempt::Practice { first_score: mine + 7 }), "u", Lang::Fr);
        assert!(practice.contains(&format!("premier essai) : {}", mice(mine + 7, Lang::Fr))), "{practice}");
        assert!(!practice.contains("🔥"));
    }

    /// Issue 13: "won by you", not "won by You", mid-sentence.
    #[test]
    fn you_are_lowercase_inside_a_sentence() {
        let config = Table::new(tablee_engine::Seed::from_number(3), 4);
        let level = BidLevel { kind: tablee_engine::katzenjammer::BidKind::Different, count: 2 };
        assert!(won_bid_text(&config, 0, level, Lang::En).ends_with(", won by you"));
        assert!(won_bid_text(&config, 0, level, Lang::Fr).ends_with(", remportée par vous"));
        assert!(standing_bid_text(&config, 0, level, Lang::En).ends_with(" by you"));
        assert!(!won_bid_text(&config, 1, level, Lang::En).ends_with("you"), "a bot keeps its name");
    }

    #[test]
    fn shared_text_gives_no_cards_away() {
        let config = Table::new(Seed::parse("1K7Q-M3ZD").unwrap(), 4);
        let text = share_text(&config, Some(0), None, None, None, "https://x/?seed=1K7Q-M3ZD", Lang::En);
        assert!(text.contains("deal 1K7Q-M3ZD"));
        assert!(text.ends_with("https://x/?seed=1K7Q-M3ZD"));
        assert_eq!(place_text(1, 4, Lang::En), "1st of 4");
        assert_eq!(place_text(2, 4, Lang::Fr), "2e sur 4");
    }
}
