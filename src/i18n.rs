//! Every word the app shows, in French and English.
//!
//! Fixed texts live in [`Strings`] (one table per language); texts with
//! values are functions here too. Nothing outside this module spells a
//! sentence, so a language is complete when this file is.

use tablee_bots::Level;
use tablee_engine::katzenjammer::{BidKind, BidLevel, Card, Counts, EndCause, Event, Foursome, Presentation};
use tablee_engine::{Seat, SeedError};

use crate::model::bidding::BidProblem;
use crate::model::config::{Day, SeatKind, TableConfig};
use crate::model::link::LinkError;
use crate::model::save::SaveError;
use crate::model::session::ReplayError;
use crate::model::summary::{Summary, TieBreak};

pub use crate::app::lang::Lang;

/// The texts of a language (an inherent impl here, so that `Lang` itself
/// stays in the model without an import circle).
impl Lang {
    pub fn s(self) -> &'static Strings {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }

    fn pick<'a>(self, en: &'a str, fr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }
}

/// The fixed texts of one language.
pub struct Strings {
    pub nav_new_game: &'static str,
    pub nav_rules: &'static str,
    pub nav_back: &'static str,
    pub lang_switch: &'static str,
    // Home
    pub home_title: &'static str,
    pub game_label: &'static str,
    pub coming_soon: &'static str,
    pub players_label: &'static str,
    pub seats_label: &'static str,
    pub human: &'static str,
    pub bot: &'static str,
    pub options_label: &'static str,
    pub full_mice: &'static str,
    pub full_mice_help: &'static str,
    pub deal_label: &'static str,
    pub deal_random: &'static str,
    pub deal_daily: &'static str,
    pub deal_seed: &'static str,
    pub daily_note: &'static str,
    pub seed_input: &'static str,
    pub seed_help: &'static str,
    pub play: &'static str,
    pub resume: &'static str,
    pub hotseat_note: &'static str,
    pub no_human_note: &'static str,
    pub history_title: &'static str,
    pub history_none: &'static str,
    // Table
    pub deal_word: &'static str,
    pub daily_word: &'static str,
    pub your_hand: &'static str,
    pub hand_empty: &'static str,
    pub the_row: &'static str,
    pub row_empty: &'static str,
    pub stock: &'static str,
    pub mice_left: &'static str,
    pub bandleader: &'static str,
    pub standing_bid: &'static str,
    pub no_bid: &'static str,
    pub passed: &'static str,
    pub holds_bid: &'static str,
    pub last_auction: &'static str,
    pub players_title: &'static str,
    pub speed_label: &'static str,
    pub speed_slow: &'static str,
    pub speed_normal: &'static str,
    pub speed_fast: &'static str,
    pub speed_instant: &'static str,
    pub discard_show: &'static str,
    pub discard_hide: &'static str,
    pub discard_title: &'static str,
    pub discard_empty: &'static str,
    pub log_title: &'static str,
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
    pub hint: &'static str,
    pub hint_title: &'static str,
    pub hint_thinking: &'static str,
    pub hint_apply: &'static str,
    pub hint_explain: &'static str,
    pub hint_score: &'static str,
    pub hint_daily: &'static str,
    pub share: &'static str,
    pub share_copied: &'static str,
    pub share_manual: &'static str,
    pub handoff_hidden: &'static str,
    // End
    pub end_title: &'static str,
    pub end_player: &'static str,
    pub end_mice_before: &'static str,
    pub end_jokers: &'static str,
    pub end_penalty: &'static str,
    pub end_mice: &'static str,
    pub end_place: &'static str,
    pub play_again: &'static str,
    pub same_deal: &'static str,
    pub par_computing: &'static str,
    // Problems
    pub problem_title: &'static str,
    pub problem_fresh: &'static str,
    pub problem_home: &'static str,
    pub dismiss: &'static str,
    // A new version (service worker) is installed and waiting.
    pub update_available: &'static str,
    pub update_reload: &'static str,
    pub rules_title: &'static str,
    pub rules_unavailable: &'static str,
}

pub static EN: Strings = Strings {
    nav_new_game: "New game",
    nav_rules: "Rules",
    nav_back: "Back to the game",
    lang_switch: "Language",
    home_title: "New game",
    game_label: "Game",
    coming_soon: "coming soon",
    players_label: "Players",
    seats_label: "Who sits where",
    human: "Human",
    bot: "Bot",
    options_label: "Options",
    full_mice: "All 24 mice",
    full_mice_help: "With 4 players or fewer the game normally uses 20 mice.",
    deal_label: "Deal",
    deal_random: "A random deal",
    deal_daily: "Today's deal",
    deal_seed: "A deal number",
    daily_note: "Everyone plays today's deal at the same table — you and three normal bots, 20 mice — so results compare. A new deal comes at midnight UTC.",
    seed_input: "Deal number",
    seed_help: "8 characters, like 1K7Q-M3ZD: a friend's deal, or one you want to replay.",
    play: "Play",
    resume: "Resume the game in progress",
    hotseat_note: "Several humans share this device: the hands are hidden while it is passed on.",
    no_human_note: "No human seat: you will watch the bots play.",
    history_title: "Your games on this device",
    history_none: "No finished game yet.",
    deal_word: "Deal",
    daily_word: "Daily deal",
    your_hand: "Your hand",
    hand_empty: "No cards in hand.",
    the_row: "The row",
    row_empty: "No row on the table.",
    stock: "Stock",
    mice_left: "Mice left",
    bandleader: "Bandleader",
    standing_bid: "Standing bid",
    no_bid: "No bid yet",
    passed: "passed",
    holds_bid: "holds the bid",
    last_auction: "Last auction",
    players_title: "Players",
    speed_label: "Bot speed",
    speed_slow: "Slow",
    speed_normal: "Normal",
    speed_fast: "Fast",
    speed_instant: "Instant",
    discard_show: "Show the discard pile",
    discard_hide: "Hide the discard pile",
    discard_title: "Discard pile (face up)",
    discard_empty: "The discard pile is empty.",
    log_title: "Game log",
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
    hint: "Hint",
    hint_title: "What the expert bot would do",
    hint_thinking: "The expert bot is thinking…",
    hint_apply: "Select these cards",
    hint_explain: "Strength: how well this seat ends the game after the move, from 0 to 100, as the expert bot estimates it by playing out hundreds of deals that fit what you can see (your hand, the bids, the discard pile). Best first.",
    hint_score: "strength",
    hint_daily: "No hints on the daily deal: everyone plays it on their own.",
    share: "Share",
    share_copied: "Copied to the clipboard.",
    share_manual: "Copy this text to share the game:",
    handoff_hidden: "The hands are hidden.",
    end_title: "Game over",
    end_player: "Player",
    end_mice_before: "Mice won",
    end_jokers: "Jokers",
    end_penalty: "Penalty",
    end_mice: "Final mice",
    end_place: "Place",
    play_again: "Play again (new deal)",
    same_deal: "Same deal again",
    par_computing: "Computing par (the expert bot plays your seat)…",
    problem_title: "This link cannot be opened",
    problem_fresh: "Start a fresh game",
    problem_home: "Choose a game",
    dismiss: "Dismiss",
    update_available: "An update of Tablée is available.",
    update_reload: "Reload",
    rules_title: "How to play Katzenjammer Blues",
    rules_unavailable: "The rules could not be loaded. Check your connection, then open them again.",
};

pub static FR: Strings = Strings {
    nav_new_game: "Nouvelle partie",
    nav_rules: "Règles",
    nav_back: "Retour à la partie",
    lang_switch: "Langue",
    home_title: "Nouvelle partie",
    game_label: "Jeu",
    coming_soon: "bientôt",
    players_label: "Joueurs",
    seats_label: "Qui joue où",
    human: "Humain",
    bot: "Bot",
    options_label: "Options",
    full_mice: "Les 24 souris",
    full_mice_help: "À 4 joueurs ou moins, on joue normalement avec 20 souris.",
    deal_label: "Donne",
    deal_random: "Une donne au hasard",
    deal_daily: "La donne du jour",
    deal_seed: "Un numéro de donne",
    daily_note: "Tout le monde joue la donne du jour à la même table — vous et trois bots normaux, 20 souris — pour comparer les résultats. Nouvelle donne à minuit UTC.",
    seed_input: "Numéro de donne",
    seed_help: "8 caractères, comme 1K7Q-M3ZD : la donne d'un ami, ou une donne à rejouer.",
    play: "Jouer",
    resume: "Reprendre la partie en cours",
    hotseat_note: "Plusieurs humains partagent cet appareil : les mains sont cachées pendant qu'on se le passe.",
    no_human_note: "Aucune place humaine : vous regarderez les bots jouer.",
    history_title: "Vos parties sur cet appareil",
    history_none: "Aucune partie terminée pour l'instant.",
    deal_word: "Donne",
    daily_word: "Donne du jour",
    your_hand: "Votre main",
    hand_empty: "Aucune carte en main.",
    the_row: "La rangée",
    row_empty: "Aucune rangée sur la table.",
    stock: "Pioche",
    mice_left: "Souris restantes",
    bandleader: "Chef d'orchestre",
    standing_bid: "Enchère en cours",
    no_bid: "Aucune enchère",
    passed: "a passé",
    holds_bid: "tient l'enchère",
    last_auction: "Dernière enchère",
    players_title: "Joueurs",
    speed_label: "Vitesse des bots",
    speed_slow: "Lente",
    speed_normal: "Normale",
    speed_fast: "Rapide",
    speed_instant: "Immédiate",
    discard_show: "Voir la défausse",
    discard_hide: "Cacher la défausse",
    discard_title: "Défausse (face visible)",
    discard_empty: "La défausse est vide.",
    log_title: "Journal de la partie",
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
    hint: "Conseil",
    hint_title: "Ce que ferait le bot expert",
    hint_thinking: "Le bot expert réfléchit…",
    hint_apply: "Sélectionner ces cartes",
    hint_explain: "Force : la fin de partie que promet le coup pour cette place, de 0 à 100, telle que le bot expert l'estime en jouant des centaines de donnes compatibles avec ce que vous voyez (votre main, les enchères, la défausse). Le meilleur d'abord.",
    hint_score: "force",
    hint_daily: "Pas de conseil sur la donne du jour : chacun la joue seul.",
    share: "Partager",
    share_copied: "Copié dans le presse-papiers.",
    share_manual: "Copiez ce texte pour partager la partie :",
    handoff_hidden: "Les mains sont cachées.",
    end_title: "Partie terminée",
    end_player: "Joueur",
    end_mice_before: "Souris gagnées",
    end_jokers: "Jokers",
    end_penalty: "Pénalité",
    end_mice: "Souris finales",
    end_place: "Place",
    play_again: "Rejouer (nouvelle donne)",
    same_deal: "Rejouer la même donne",
    par_computing: "Calcul du par (le bot expert joue votre place)…",
    problem_title: "Ce lien ne peut pas être ouvert",
    problem_fresh: "Commencer une nouvelle partie",
    problem_home: "Choisir une partie",
    dismiss: "Fermer",
    update_available: "Une mise à jour de Tablée est disponible.",
    update_reload: "Recharger",
    rules_title: "Comment jouer à Katzenjammer Blues",
    rules_unavailable: "Impossible de charger les règles. Vérifiez votre connexion, puis rouvrez-les.",
};

// ----- numbers, cards, bids ------------------------------------------------

/// "three" / "trois" up to twelve, digits beyond. `feminine` for French
/// words agreeing with *cartes* (une, not un).
pub fn number(n: u32, lang: Lang, feminine: bool) -> String {
    const EN_WORDS: [&str; 13] =
        ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"];
    const FR_WORDS: [&str; 13] =
        ["zéro", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix", "onze", "douze"];
    match (lang, n) {
        (Lang::Fr, 1) if feminine => "une".to_string(),
        (Lang::En, n) if n < 13 => EN_WORDS[n as usize].to_string(),
        (Lang::Fr, n) if n < 13 => FR_WORDS[n as usize].to_string(),
        _ => n.to_string(),
    }
}

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

/// A number as shown: negatives with the true minus sign "−" (U+2212), the
/// same everywhere a number can be negative (mice, par, history).
pub fn num(n: i32) -> String {
    if n < 0 { format!("\u{2212}{}", n.unsigned_abs()) } else { n.to_string() }
}

/// A difference: "+2", "0", "−2".
pub fn signed(n: i32) -> String {
    if n > 0 { format!("+{n}") } else { num(n) }
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

pub fn cards_count(n: usize, lang: Lang) -> String {
    match (lang, n) {
        (Lang::En, 1) => "1 card".to_string(),
        (Lang::En, n) => format!("{n} cards"),
        (Lang::Fr, n) if n <= 1 => format!("{n} carte"),
        (Lang::Fr, n) => format!("{n} cartes"),
    }
}

/// The colon as each language types it ("Note:" / "Note :").
pub fn colon(lang: Lang) -> &'static str {
    lang.pick(":", " :")
}

/// One foursome: "a foursome of 3s (3 · 3 · 3 · joker)", "joker cats (…)".
pub fn foursome_text(f: &Foursome, lang: Lang) -> String {
    match f.value {
        None => format!("{} ({})", lang.s().joker_cats, cards_text(&f.cards, lang)),
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
        0 => lang.s().present_nothing.to_string(),
        _ => join_and(&parts, lang),
    }
}

fn join_and(parts: &[String], lang: Lang) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), lang.pick("and", "et")),
    }
}

/// A move in words, for hints: "Pass", "Bid three 2s (2 · 2 · joker)".
pub fn action_text(action: &tablee_engine::katzenjammer::Action, lang: Lang) -> String {
    use tablee_engine::katzenjammer::Action;
    match action {
        Action::Pass => lang.s().pass_button.to_string(),
        Action::Bid(bid) => format!("{} {} ({})", lang.s().bid_button, bid_text(bid.level(), lang), cards_text(&bid.cards, lang)),
        Action::Present(p) if p.is_nothing() => lang.s().present_nothing.to_string(),
        Action::Present(p) => format!("{} {}", lang.s().present_this, presentation_text(p, lang)),
    }
}

pub fn level_name(level: Level, lang: Lang) -> &'static str {
    match (level, lang) {
        (Level::Random, Lang::En) => "random",
        (Level::Random, Lang::Fr) => "au hasard",
        (Level::Easy, Lang::En) => "easy",
        (Level::Easy, Lang::Fr) => "facile",
        (Level::Normal, _) => "normal",
        (Level::Hard, Lang::En) => "hard",
        (Level::Hard, Lang::Fr) => "difficile",
        (Level::Expert, _) => "expert",
        (Level::Ismcts, _) => "ismcts",
    }
}

/// A seat choice in the home screen's menu: "Human", "Bot — normal".
pub fn seat_kind_text(kind: SeatKind, lang: Lang) -> String {
    match kind {
        SeatKind::Human => lang.s().human.to_string(),
        SeatKind::Bot(level) => format!("{} — {}", lang.s().bot, level_name(level, lang)),
    }
}

/// "Seat 1" / "Place 1" (seats count from 1 for people).
pub fn seat_label(seat: Seat, lang: Lang) -> String {
    format!("{} {}", lang.pick("Seat", "Place"), seat + 1)
}

/// The bots' names: cats, of course.
const BOT_NAMES: [&str; 6] = ["Minou", "Pacha", "Moustache", "Réglisse", "Caramel", "Filou"];

/// Whether the seat is "you": the only person at the table.
pub fn is_you(config: &TableConfig, seat: Seat) -> bool {
    config.humans() == vec![seat]
}

/// A seat's name: "You" for the only person at the table, "Player 2" for
/// people sharing the device, a cat's name for a bot.
pub fn seat_name(config: &TableConfig, seat: Seat, lang: Lang) -> String {
    match config.seat(seat) {
        Some(SeatKind::Human) if is_you(config, seat) => lang.pick("You", "Vous").to_string(),
        Some(SeatKind::Human) => format!("{} {}", lang.pick("Player", "Joueur"), seat + 1),
        _ => BOT_NAMES[seat % BOT_NAMES.len()].to_string(),
    }
}

/// "Player 2's hand" / "Main de Joueur 2", or "Your hand".
pub fn hand_title(config: &TableConfig, seat: Seat, lang: Lang) -> String {
    if is_you(config, seat) {
        return lang.s().your_hand.to_string();
    }
    let name = seat_name(config, seat, lang);
    match lang {
        Lang::En => format!("{name}'s hand"),
        Lang::Fr => format!("Main de {name}"),
    }
}

/// Conjugation: `you` picks the second-person form.
fn says(lang: Lang, you: bool, name: &str, en_you: &str, en: &str, fr_you: &str, fr: &str) -> String {
    match (lang, you) {
        (Lang::En, true) => format!("{name} {en_you}"),
        (Lang::En, false) => format!("{name} {en}"),
        (Lang::Fr, true) => format!("{name} {fr_you}"),
        (Lang::Fr, false) => format!("{name} {fr}"),
    }
}

/// The status line: whose turn it is.
pub fn turn_text(config: &TableConfig, seat: Seat, presenting: bool, lang: Lang) -> String {
    let name = seat_name(config, seat, lang);
    let you = is_you(config, seat);
    if presenting {
        says(lang, you, &name, "may present foursomes.", "may present foursomes.", "pouvez poser des carrés.", "peut poser des carrés.")
    } else {
        says(lang, you, &name, "are to bid or pass.", "is to bid or pass.", "devez annoncer ou passer.", "doit annoncer ou passer.")
    }
}

pub fn thinking_text(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{name} is thinking…"),
        Lang::Fr => format!("{name} réfléchit…"),
    }
}

/// The auction just won: "three 2s, won by Minou".
pub fn won_bid_text(config: &TableConfig, seat: Seat, level: BidLevel, lang: Lang) -> String {
    let name = seat_name(config, seat, lang);
    match lang {
        Lang::En => format!("{}, won by {name}", bid_text(level, lang)),
        Lang::Fr => format!("{}, remportée par {name}", bid_text(level, lang)),
    }
}

pub fn standing_bid_text(config: &TableConfig, seat: Seat, level: BidLevel, lang: Lang) -> String {
    let name = seat_name(config, seat, lang);
    match lang {
        Lang::En => format!("{} by {name}", bid_text(level, lang)),
        Lang::Fr => format!("{}, par {name}", bid_text(level, lang)),
    }
}

// ----- the bid builder -------------------------------------------------------

/// "Your cards make three 2s."
pub fn bid_makes(level: BidLevel, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Your cards make {}.", bid_text(level, lang)),
        Lang::Fr => format!("Vos cartes forment {}.", bid_text(level, lang)),
    }
}

/// "It beats the standing bid (two 5s by Minou)." or "It opens the auction."
pub fn bid_ok(config: &TableConfig, standing: Option<(Seat, BidLevel)>, lang: Lang) -> String {
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
pub fn bid_problem(problem: &BidProblem, config: &TableConfig, lang: Lang) -> String {
    match (problem, lang) {
        (BidProblem::Empty, _) => lang.s().select_first.to_string(),
        (BidProblem::NoAuction, _) => lang.s().wait_turn.to_string(),
        (BidProblem::Mixed { engine, .. }, Lang::En)
        | (BidProblem::TooManyDifferent { engine, .. }, Lang::En)
        | (BidProblem::Other(engine), Lang::En) => capitalise(engine) + ".",
        (BidProblem::TooLow { standing, .. }, Lang::En) => format!(
            "Not enough: it does not beat the standing bid ({}). More cards always win; with as many cards, same beats different, and a higher value beats a lower one (KB-9).",
            standing_bid_text(config, standing.seat, standing.level, lang)
        ),
        (BidProblem::Mixed { repeated, .. }, Lang::Fr) => format!(
            "Ce n'est pas une enchère : une enchère « même valeur » n'a qu'une valeur (plus des jokers), une enchère « différentes » n'a chaque valeur qu'une fois, et votre sélection a plusieurs valeurs dont le {repeated} en double (KB-8)."
        ),
        (BidProblem::TooManyDifferent { count, .. }, Lang::Fr) => format!(
            "Une enchère « différentes » a au plus 5 cartes, une par valeur ; votre sélection en a {count} (KB-8, KB-10)."
        ),
        (BidProblem::TooLow { standing, .. }, Lang::Fr) => format!(
            "Pas assez : elle ne bat pas l'enchère en cours ({}). Plus de cartes gagne toujours ; à nombre égal, « même valeur » bat « différentes », et une valeur plus haute bat une plus basse (KB-9).",
            standing_bid_text(config, standing.seat, standing.level, lang)
        ),
        (BidProblem::Other(engine), Lang::Fr) => format!("Refusé par les règles : {engine}."),
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

// ----- errors ------------------------------------------------------------------

pub fn seed_error(error: &SeedError, lang: Lang) -> String {
    match lang {
        Lang::En => error.to_string(),
        Lang::Fr => match error {
            SeedError::Empty => "le numéro de donne est vide : il a 8 caractères, comme 1K7Q-M3ZD".to_string(),
            SeedError::WrongLength { found } => {
                format!("un numéro de donne a 8 caractères (tirets et espaces à part), celui-ci en a {found}")
            }
            SeedError::BadCharacter { ch, position } => format!(
                "le caractère {position}, « {ch} », n'est pas permis (chiffres et lettres sauf U)"
            ),
            SeedError::UnsupportedVersion { found } => format!(
                "ce numéro est au format {found}, que cette version de Tablée ne connaît pas (elle lit le format 1)"
            ),
        },
    }
}

pub fn link_error(error: &LinkError, lang: Lang) -> String {
    match (error, lang) {
        (LinkError::UnknownGame(g), Lang::En) => format!("The link asks for the game “{g}”, which Tablée does not have."),
        (LinkError::UnknownGame(g), Lang::Fr) => format!("Le lien demande le jeu « {g} », que Tablée ne propose pas."),
        (LinkError::ComingSoon, Lang::En) => "J'achète is coming soon: it cannot be played yet.".to_string(),
        (LinkError::ComingSoon, Lang::Fr) => "J'achète arrive bientôt : on ne peut pas encore y jouer.".to_string(),
        (LinkError::Version(v), Lang::En) => format!(
            "This link was made by another version of Tablée (format {v}); this one reads format 1 and cannot replay it exactly."
        ),
        (LinkError::Version(v), Lang::Fr) => format!(
            "Ce lien vient d'une autre version de Tablée (format {v}) ; celle-ci lit le format 1 et ne peut pas le rejouer à l'identique."
        ),
        (LinkError::Seed { text, error }, Lang::En) => {
            format!("The deal number “{text}” cannot be read: {}.", seed_error(error, lang))
        }
        (LinkError::Seed { text, error }, Lang::Fr) => {
            format!("Le numéro de donne « {text} » est illisible : {}.", seed_error(error, lang))
        }
        (LinkError::Players(p), Lang::En) => {
            format!("“{p}” is not a number of players: Katzenjammer Blues is played by 2 to 6.")
        }
        (LinkError::Players(p), Lang::Fr) => {
            format!("« {p} » n'est pas un nombre de joueurs : Katzenjammer Blues se joue de 2 à 6.")
        }
        (LinkError::Seat(s), Lang::En) => format!(
            "“{s}” is not a seat: a seat is human, random, easy, normal, hard or expert."
        ),
        (LinkError::Seat(s), Lang::Fr) => format!(
            "« {s} » n'est pas une place : une place est human, random, easy, normal, hard ou expert."
        ),
        (LinkError::SeatCount { given, players }, Lang::En) => {
            format!("The link lists {given} seats for {players} players.")
        }
        (LinkError::SeatCount { given, players }, Lang::Fr) => {
            format!("Le lien donne {given} places pour {players} joueurs.")
        }
        (LinkError::Option { name, text }, Lang::En) => format!("The option {name}={text} should be 0 or 1."),
        (LinkError::Option { name, text }, Lang::Fr) => format!("L'option {name}={text} doit valoir 0 ou 1."),
        (LinkError::Daily(d), Lang::En) => format!("“{d}” is not a date (YYYY-MM-DD)."),
        (LinkError::Daily(d), Lang::Fr) => format!("« {d} » n'est pas une date (AAAA-MM-JJ)."),
    }
}

pub fn save_error(error: &SaveError, lang: Lang) -> String {
    match (error, lang) {
        (SaveError::NotJson(_), Lang::En) => "the save is damaged (not readable)".to_string(),
        (SaveError::NotJson(_), Lang::Fr) => "la sauvegarde est abîmée (illisible)".to_string(),
        (SaveError::Version(Some(v)), Lang::En) => format!("the save is of format {v}, which this version does not read"),
        (SaveError::Version(Some(v)), Lang::Fr) => format!("la sauvegarde est au format {v}, que cette version ne lit pas"),
        (SaveError::Version(None), Lang::En) => "the save has no format version".to_string(),
        (SaveError::Version(None), Lang::Fr) => "la sauvegarde n'a pas de numéro de format".to_string(),
        (SaveError::Game(g), Lang::En) => format!("the save is for another game ({g})"),
        (SaveError::Game(g), Lang::Fr) => format!("la sauvegarde est celle d'un autre jeu ({g})"),
        (SaveError::Field(f), Lang::En) => format!("the save's “{f}” is missing or wrong"),
        (SaveError::Field(f), Lang::Fr) => format!("le champ « {f} » de la sauvegarde manque ou est faux"),
        (SaveError::Seed(e), _) => seed_error(e, lang),
        (SaveError::Action(i), Lang::En) => format!("move {} of the save is unreadable", i + 1),
        (SaveError::Action(i), Lang::Fr) => format!("le coup {} de la sauvegarde est illisible", i + 1),
        (SaveError::Replay(ReplayError::Setup(m)), _) => m.clone(),
        (SaveError::Replay(ReplayError::Refused { index, message }), Lang::En) => {
            format!("move {} of the save does not replay ({message})", index + 1)
        }
        (SaveError::Replay(ReplayError::Refused { index, message }), Lang::Fr) => {
            format!("le coup {} de la sauvegarde ne se rejoue pas ({message})", index + 1)
        }
    }
}

/// The notice shown when a save was set aside.
pub fn save_set_aside(reason: &str, key: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!(
            "Your saved game could not be resumed: {reason}. It was kept aside in this browser's storage under “{key}”, and a new game can start."
        ),
        Lang::Fr => format!(
            "Votre partie sauvegardée n'a pas pu être reprise : {reason}. Elle a été mise de côté dans le stockage du navigateur sous « {key} », et une nouvelle partie peut commencer."
        ),
    }
}

// ----- the game log ----------------------------------------------------------

/// One line of the game log per public event (reveals and draws grouped).
pub fn log_lines(config: &TableConfig, events: &[Event], lang: Lang) -> Vec<String> {
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
                let mut naturals = paid;
                naturals.0[5] = 0;
                let j = u32::from(paid.jokers());
                let pay = match (naturals.is_empty(), j, lang) {
                    (false, 0, _) => cards_text(&naturals, lang),
                    (true, j, Lang::En) => format!("{} (displayed)", jokers(j, lang)),
                    (true, j, Lang::Fr) => format!("{} (exposés)", jokers(j, lang)),
                    (false, j, Lang::En) => format!("{} and {} (displayed)", cards_text(&naturals, lang), jokers(j, lang)),
                    (false, j, Lang::Fr) => format!("{} et {} (exposés)", cards_text(&naturals, lang), jokers(j, lang)),
                };
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

// ----- the end of a game -----------------------------------------------------

/// The joker penalty explained (KB-18).
pub fn penalty_text(config: &TableConfig, summary: &Summary, lang: Lang) -> String {
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
            "At the end, jokers left in hand join the displayed ones. The most jokers ({most}): {} — {} 5 mice (KB-18).",
            join_and(&who, lang),
            if who.len() == 1 && is_you(config, summary.players.iter().find(|p| p.penalised).map_or(0, |p| p.seat)) { "you lose" } else if who.len() == 1 { "loses" } else { "each lose" }
        ),
        Lang::Fr => format!(
            "À la fin, les jokers restés en main rejoignent ceux exposés. Le plus de jokers ({most}) : {} — {} 5 souris (KB-18).",
            join_and(&who, lang),
            if who.len() == 1 { "rend" } else { "rendent chacun" }
        ),
    }
}

/// The winners and how ties were broken (KB-19).
pub fn winners_text(config: &TableConfig, summary: &Summary, lang: Lang) -> String {
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
        (TieBreak::None, Lang::En) => "Most mice wins (KB-19).".to_string(),
        (TieBreak::None, Lang::Fr) => "Le plus de souris l'emporte (KB-19).".to_string(),
        (TieBreak::Jokers { tied }, Lang::En) => {
            format!("{} tied on mice; fewer jokers breaks the tie (KB-19).", names(tied))
        }
        (TieBreak::Jokers { tied }, Lang::Fr) => {
            format!("{} sont à égalité de souris ; le moins de jokers départage (KB-19).", names(tied))
        }
        (TieBreak::Shared { .. }, Lang::En) => "Tied on mice and on jokers: the victory is shared (KB-19).".to_string(),
        (TieBreak::Shared { .. }, Lang::Fr) => "Égalité de souris et de jokers : la victoire est partagée (KB-19).".to_string(),
    };
    format!("{head} {tail}")
}

/// "1st", "2nd" / "1er", "2e".
pub fn place_short(place: usize, lang: Lang) -> String {
    match lang {
        Lang::En => {
            let suffix = match place {
                1 => "st",
                2 => "nd",
                3 => "rd",
                _ => "th",
            };
            format!("{place}{suffix}")
        }
        Lang::Fr if place == 1 => "1er".to_string(),
        Lang::Fr => format!("{place}e"),
    }
}

/// "1st of 4" / "1er sur 4".
pub fn place_text(place: usize, of: usize, lang: Lang) -> String {
    format!("{} {} {of}", place_short(place, lang), lang.pick("of", "sur"))
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

pub fn history_text(played: u32, wins: u32, best_vs_par: Option<i32>, lang: Lang) -> String {
    let par = best_vs_par.map(|b| {
        let b = signed(b);
        match lang {
            Lang::En => format!(", best against par {b}"),
            Lang::Fr => format!(", meilleur écart au par {b}"),
        }
    });
    match lang {
        Lang::En => format!("{played} played, {wins} won{}.", par.unwrap_or_default()),
        Lang::Fr => format!("{played} jouée(s), {wins} gagnée(s){}.", par.unwrap_or_default()),
    }
}

/// The deal's name for people: "deal 1K7Q-M3ZD" or "daily deal 2026-11-22".
pub fn deal_name(config: &TableConfig, lang: Lang) -> String {
    match (config.daily, lang) {
        (Some(day), Lang::En) => format!("daily deal {day}"),
        (Some(day), Lang::Fr) => format!("donne du jour {day}"),
        (None, Lang::En) => format!("deal {}", config.seed),
        (None, Lang::Fr) => format!("donne {}", config.seed),
    }
}

pub fn daily_option(day: Day, lang: Lang) -> String {
    format!("{} ({day}, UTC)", lang.s().deal_daily)
}

/// The spoiler-free text shared with a link: no card, no move.
pub fn share_text(
    config: &TableConfig,
    seat: Option<Seat>,
    summary: Option<&Summary>,
    par: Option<i32>,
    url: &str,
    lang: Lang,
) -> String {
    let head = format!(
        "Tablée · Katzenjammer Blues · {} · {}",
        deal_name(config, lang),
        match lang {
            Lang::En => format!("{} players", config.players()),
            Lang::Fr => format!("{} joueurs", config.players()),
        }
    );
    let result = match (summary, seat.and_then(|s| summary.and_then(|sum| sum.player(s)))) {
        (Some(summary), Some(me)) => {
            let place = place_text(me.place, summary.players.len(), lang);
            let par = par.map(|p| match lang {
                Lang::En => format!(" (par {p})"),
                Lang::Fr => format!(" (par {p})"),
            });
            match lang {
                Lang::En => format!("\nMy result: {}{}, {place}.", mice(me.mice, lang), par.unwrap_or_default()),
                Lang::Fr => format!("\nMon résultat : {}{}, {place}.", mice(me.mice, lang), par.unwrap_or_default()),
            }
        }
        _ => lang.pick("\nCan you beat the bots on this deal?", "\nSaurez-vous battre les bots sur cette donne ?").to_string(),
    };
    format!("{head}{result}\n{url}")
}

#[cfg(test)]
mod tests {
    use super::*;
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
    fn languages_from_codes_and_browser_tags() {
        assert_eq!(Lang::parse("fr-CH"), Some(Lang::Fr));
        assert_eq!(Lang::parse("EN_gb"), Some(Lang::En));
        assert_eq!(Lang::parse("de"), None);
        assert_eq!(Lang::from_browser(Some("de-DE")), Lang::En);
        assert_eq!(Lang::from_browser(Some("fr")), Lang::Fr);
        assert_eq!(Lang::from_browser(None), Lang::En);
        for lang in Lang::ALL {
            assert_eq!(Lang::parse(lang.code()), Some(lang));
        }
    }

    #[test]
    fn seats_are_named_you_players_and_cats() {
        let mut config = TableConfig::new(Seed::from_number(1), 4);
        assert_eq!(seat_name(&config, 0, Lang::En), "You");
        assert_eq!(seat_name(&config, 0, Lang::Fr), "Vous");
        assert_eq!(seat_name(&config, 1, Lang::En), "Pacha");
        config.seats[2] = SeatKind::Human;
        assert_eq!(seat_name(&config, 0, Lang::En), "Player 1");
        assert_eq!(seat_name(&config, 2, Lang::Fr), "Joueur 3");
        assert_eq!(hand_title(&config, 2, Lang::En), "Player 3's hand");
    }

    #[test]
    fn every_log_event_has_a_line_in_both_languages() {
        use crate::model::session::Session;
        let config = TableConfig::new(Seed::from_number(5), 4);
        let mut session = Session::new(config.clone()).unwrap();
        let mut guard = 0;
        while !session.is_over() && guard < 2000 {
            if session.bot_step().is_none() {
                let legal = session.legal_actions();
                let a = tablee_bots::decide(Level::Normal, &session.view(0), &legal, 3);
                session.apply_human(a).unwrap();
            }
            guard += 1;
        }
        for lang in Lang::ALL {
            let lines = log_lines(&config, session.state().log(), lang);
            assert!(lines.len() > 10);
            assert!(lines.iter().all(|l| !l.trim().is_empty() && !l.contains("  ")), "{lines:?}");
            assert!(lines[0].contains(&config.seed.to_string()));
        }
    }

    #[test]
    fn seed_errors_speak_french_too() {
        for e in [SeedError::Empty, SeedError::WrongLength { found: 3 }, SeedError::BadCharacter { ch: 'U', position: 2 }, SeedError::UnsupportedVersion { found: 9 }] {
            assert!(!seed_error(&e, Lang::Fr).is_empty());
            assert_eq!(seed_error(&e, Lang::En), e.to_string());
        }
    }

    #[test]
    fn shared_text_gives_no_cards_away() {
        let config = TableConfig::new(Seed::parse("1K7Q-M3ZD").unwrap(), 4);
        let text = share_text(&config, Some(0), None, None, "https://x/?seed=1K7Q-M3ZD", Lang::En);
        assert!(text.contains("deal 1K7Q-M3ZD"));
        assert!(text.ends_with("https://x/?seed=1K7Q-M3ZD"));
        assert_eq!(place_text(1, 4, Lang::En), "1st of 4");
        assert_eq!(place_text(2, 4, Lang::Fr), "2e sur 4");
    }

    /// The rules pages (public/rules, fetched by the rules screen): both
    /// languages have the same sections and paragraphs, and only these tags.
    #[test]
    fn the_rules_pages_match_in_both_languages() {
        let pages = [include_str!("../public/rules/en.html"), include_str!("../public/rules/fr.html")];
        let count = |page: &str, tag: &str| page.matches(tag).count();
        for tag in ["<section>", "</section>", "<h2>", "</h2>", "<p>", "</p>"] {
            assert_eq!(count(pages[0], tag), count(pages[1], tag), "{tag}");
        }
        for page in pages {
            assert_eq!(count(page, "<section>"), 10);
            assert_eq!(count(page, "<h2>"), 10);
            let tags = count(page, "<") - count(page, "<!--");
            let known: usize = ["<section>", "</section>", "<h2>", "</h2>", "<p>", "</p>"].iter().map(|t| count(page, t)).sum();
            assert_eq!(tags, known, "an unexpected tag or an unescaped <");
        }
    }
}
