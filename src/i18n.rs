//! The shell's words, in French and English: menus, the home screen, seats
//! and bots, numbers and places, links, saves and the history. Each game's own
//! texts live with the game (`crate::games::<game>::texts`).
//!
//! Fixed texts live in [`Strings`] (one table per language); texts with
//! values are functions. Nothing outside the text modules spells a sentence,
//! so a language is complete when they are.

use tablee_bots::Level;
use tablee_engine::{Seat, SeedError, Shared};

use crate::app::config::{Day, SeatKind, TableConfig};
use crate::app::config::DailyAttempt;
use crate::app::game::GameDef;
use crate::games::{AnyTable, GameId};
use crate::app::link::LinkError;
use crate::app::save::SaveError;
use crate::app::session::ReplayError;

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

    pub fn pick<'a>(self, en: &'a str, fr: &'a str) -> &'a str {
        match self {
            Lang::En => en,
            Lang::Fr => fr,
        }
    }
}

/// The fixed texts of one language.
pub struct Strings {
    pub skip_to_game: &'static str,
    pub nav_new_game: &'static str,
    pub nav_rules: &'static str,
    pub nav_back: &'static str,
    /// The rules' way back to the screen they were opened from.
    pub back: &'static str,
    pub lang_switch: &'static str,
    // Home
    pub home_title: &'static str,
    /// One line on the home screen: what Tablée is.
    /// The heading of the table's settings, under Play.
    pub table_options: &'static str,
    pub game_label: &'static str,
    pub players_label: &'static str,
    pub seats_label: &'static str,
    pub human: &'static str,
    pub bot: &'static str,
    pub options_label: &'static str,
    pub deal_label: &'static str,
    pub deal_random: &'static str,
    pub deal_daily: &'static str,
    pub deal_seed: &'static str,
    pub daily_note: &'static str,
    pub seed_input: &'static str,
    pub seed_help: &'static str,
    pub play: &'static str,
    pub resume: &'static str,
    /// The home screen's entry to the puzzles (the whole app's build shows them).
    pub puzzles_entry: &'static str,
    /// The way to a game's lessons (issue 42): the home's button, the
    /// table's offer, the puzzles' line.
    pub learn_to_play: &'static str,
    pub unfinished_title: &'static str,
    pub unfinished_resume: &'static str,
    /// Removing an unfinished game from the list: the button, the question, yes, no.
    pub unfinished_remove: &'static str,
    pub unfinished_remove_ask: &'static str,
    pub unfinished_remove_yes: &'static str,
    pub unfinished_remove_no: &'static str,
    pub hotseat_note: &'static str,
    pub no_human_note: &'static str,
    pub history_title: &'static str,
    pub history_none: &'static str,
    // Table
    pub deal_word: &'static str,
    pub daily_word: &'static str,
    pub players_title: &'static str,
    pub speed_label: &'static str,
    pub speed_slow: &'static str,
    pub speed_normal: &'static str,
    pub speed_fast: &'static str,
    pub speed_instant: &'static str,
    pub log_title: &'static str,
    pub hint: &'static str,
    pub hint_title: &'static str,
    pub hint_thinking: &'static str,
    pub hint_explain: &'static str,
    pub hint_score: &'static str,
    /// Before the reason the first choice beats the second (issue 42).
    pub hint_why: &'static str,
    pub hint_daily: &'static str,
    pub hint_friends: &'static str,
    pub share: &'static str,
    pub share_copied: &'static str,
    pub share_manual: &'static str,
    pub take_back: &'static str,
    /// Said before the first take-back of a game, which turns it into practice.
    pub take_back_warn: &'static str,
    pub take_back_confirm: &'static str,
    pub take_back_cancel: &'static str,
    pub games_entry: &'static str,
    pub watch_replay: &'static str,
    pub practice_note: &'static str,
    pub handoff_hidden: &'static str,
    // End
    pub end_title: &'static str,
    pub end_player: &'static str,
    pub end_place: &'static str,
    pub play_again: &'static str,
    pub same_deal: &'static str,
    pub par_computing: &'static str,
    // Problems
    pub problem_title: &'static str,
    pub problem_home: &'static str,
    pub dismiss: &'static str,
    // A new version (service worker) is installed and waiting.
    pub update_available: &'static str,
    pub update_reload: &'static str,
    /// A part of the page (a table, the puzzles, a replay) being fetched, or not fetched.
    pub part_loading: &'static str,
    pub part_missing: &'static str,
    pub part_retry: &'static str,
    /// Before a game's title: "How to play " Katzenjammer Blues.
    pub rules_title: &'static str,
    pub rules_unavailable: &'static str,
}

pub static EN: Strings = Strings {
    skip_to_game: "Skip to the game",
    nav_new_game: "New game",
    nav_rules: "Rules",
    nav_back: "Back to the game",
    back: "Back",
    lang_switch: "Language",
    home_title: "New game",
    table_options: "Table options",
    game_label: "Game",
    players_label: "Players",
    seats_label: "Who sits where",
    human: "Human",
    bot: "Bot",
    options_label: "Options",
    deal_label: "Deal",
    deal_random: "A random deal",
    deal_daily: "Today's deal",
    deal_seed: "A deal number",
    daily_note: "Everyone plays today's deal at the same table — you and three normal bots, 20 mice — so results compare. A new deal comes at midnight UTC.",
    seed_input: "Deal number",
    seed_help: "8 characters, like 1K7Q-M3ZD: a friend's deal, or one you want to replay.",
    play: "Play",
    resume: "Resume",
    puzzles_entry: "Puzzles: find the best play",
    learn_to_play: "Learn to play",
    unfinished_title: "Unfinished games",
    unfinished_resume: "Resume",
    unfinished_remove: "Remove",
    unfinished_remove_ask: "Remove this game from the list? It cannot be resumed afterwards.",
    unfinished_remove_yes: "Remove it",
    unfinished_remove_no: "Keep it",
    hotseat_note: "Several humans share this device: the hands are hidden while it is passed on.",
    no_human_note: "No human seat: you will watch the bots play.",
    history_title: "Your games on this device",
    history_none: "No finished game yet.",
    deal_word: "Deal",
    daily_word: "Daily deal",
    players_title: "Players",
    speed_label: "Bot speed",
    speed_slow: "Slow",
    speed_normal: "Normal",
    speed_fast: "Fast",
    speed_instant: "Instant",
    log_title: "Game log",
    hint: "Hint",
    hint_title: "What the expert bot would do",
    hint_thinking: "The expert bot is thinking…",
    hint_explain: "Strength: how well this seat ends the game after the move, from 0 to 100, as the expert bot estimates it by playing out 1,200 deals that fit what you can see (your hand, the bids, the discard pile). Best first.",
    hint_score: "strength",
    hint_why: "Why the first:",
    hint_daily: "No hints on the daily deal: everyone plays it on their own.",
    hint_friends: "No hints in a game with friends: everyone plays on their own.",
    share: "Share",
    share_copied: "Copied to the clipboard.",
    share_manual: "Copy this text to share the game:",
    take_back: "Take back my move",
    take_back_warn: "Taking back a move makes this game practice: it will no longer count in your history.",
    take_back_confirm: "Take it back",
    take_back_cancel: "Keep playing",
    games_entry: "Your games",
    watch_replay: "Watch the replay",
    practice_note: "Practice: a move was taken back, so this game is not counted in your record.",
    handoff_hidden: "The hands are hidden.",
    end_title: "Game over",
    end_player: "Player",
    end_place: "Place",
    play_again: "Play again (new deal)",
    same_deal: "Same deal again",
    par_computing: "Computing par (the expert bot plays your seat)…",
    problem_title: "This link cannot be opened",
    problem_home: "Choose a game",
    dismiss: "Dismiss",
    update_available: "An update of Tablée is available.",
    update_reload: "Reload",
    part_loading: "Setting the table…",
    part_missing: "This part of Tablée could not be fetched: the connection may be down. Your games are safe.",
    part_retry: "Try again",
    rules_title: "How to play ",
    rules_unavailable: "The rules could not be loaded. Check your connection, then open them again.",
};

pub static FR: Strings = Strings {
    skip_to_game: "Aller au jeu",
    nav_new_game: "Nouvelle partie",
    nav_rules: "Règles",
    nav_back: "Retour à la partie",
    back: "Retour",
    lang_switch: "Langue",
    home_title: "Nouvelle partie",
    table_options: "Options de la table",
    game_label: "Jeu",
    players_label: "Joueurs",
    seats_label: "Qui joue où",
    human: "Humain",
    bot: "Bot",
    options_label: "Options",
    deal_label: "Donne",
    deal_random: "Une donne au hasard",
    deal_daily: "La donne du jour",
    deal_seed: "Un numéro de donne",
    daily_note: "Tout le monde joue la donne du jour à la même table — vous et trois bots normaux, 20 souris — pour comparer les résultats. Nouvelle donne à minuit UTC.",
    seed_input: "Numéro de donne",
    seed_help: "8 caractères, comme 1K7Q-M3ZD : la donne d'un ami, ou une donne à rejouer.",
    play: "Jouer",
    resume: "Reprendre",
    puzzles_entry: "Problèmes : trouvez le meilleur coup",
    learn_to_play: "Apprendre à jouer",
    unfinished_title: "Parties inachevées",
    unfinished_resume: "Reprendre",
    unfinished_remove: "Retirer",
    unfinished_remove_ask: "Retirer cette partie de la liste ? Elle ne pourra plus être reprise.",
    unfinished_remove_yes: "La retirer",
    unfinished_remove_no: "La garder",
    hotseat_note: "Plusieurs humains partagent cet appareil : les mains sont cachées pendant qu'on se le passe.",
    no_human_note: "Aucune place humaine : vous regarderez les bots jouer.",
    history_title: "Vos parties sur cet appareil",
    history_none: "Aucune partie terminée pour l'instant.",
    deal_word: "Donne",
    daily_word: "Donne du jour",
    players_title: "Joueurs",
    speed_label: "Vitesse des bots",
    speed_slow: "Lente",
    speed_normal: "Normale",
    speed_fast: "Rapide",
    speed_instant: "Immédiate",
    log_title: "Journal de la partie",
    hint: "Conseil",
    hint_title: "Ce que ferait le bot expert",
    hint_thinking: "Le bot expert réfléchit…",
    hint_explain: "Force : la fin de partie que promet le coup pour cette place, de 0 à 100, telle que le bot expert l'estime en jouant 1 200 donnes compatibles avec ce que vous voyez (votre main, les enchères, la défausse). Le meilleur d'abord.",
    hint_score: "force",
    hint_why: "Pourquoi le premier\u{a0}:",
    hint_daily: "Pas de conseil sur la donne du jour : chacun la joue seul.",
    hint_friends: "Pas de conseil dans une partie entre amis : chacun joue seul.",
    share: "Partager",
    share_copied: "Copié dans le presse-papiers.",
    share_manual: "Copiez ce texte pour partager la partie :",
    take_back: "Reprendre mon coup",
    take_back_warn: "Reprendre un coup fait de cette partie un entraînement : elle ne comptera plus dans votre historique.",
    take_back_confirm: "Le reprendre",
    take_back_cancel: "Continuer la partie",
    games_entry: "Vos parties",
    watch_replay: "Revoir la partie",
    practice_note: "Entraînement : un coup a été repris, cette partie ne compte donc pas dans votre bilan.",
    handoff_hidden: "Les mains sont cachées.",
    end_title: "Partie terminée",
    end_player: "Joueur",
    end_place: "Place",
    play_again: "Rejouer (nouvelle donne)",
    same_deal: "Rejouer la même donne",
    par_computing: "Calcul du par (le bot expert joue votre place)…",
    problem_title: "Ce lien ne peut pas être ouvert",
    problem_home: "Choisir une partie",
    dismiss: "Fermer",
    update_available: "Une mise à jour de Tablée est disponible.",
    update_reload: "Recharger",
    part_loading: "On dresse la table…",
    part_missing: "Cette partie de Tablée n'a pas pu être chargée : la connexion est peut-être coupée. Vos parties sont en sécurité.",
    part_retry: "Réessayer",
    rules_title: "Comment jouer à ",
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




/// A number as shown: negatives with the true minus sign "−" (U+2212), the
/// same everywhere a number can be negative (mice, par, history).
pub fn num(n: i32) -> String {
    if n < 0 { format!("\u{2212}{}", n.unsigned_abs()) } else { n.to_string() }
}

/// A number with `places` decimals as the reader writes it: "23.9" in
/// English, "23,9" in French, negatives with the true minus sign. Written
/// from integers: float formatting costs the page about 9 KB of WebAssembly.
pub fn decimal(value: f64, places: u32, lang: Lang) -> String {
    let scale = 10u64.pow(places);
    let scaled = (value * scale as f64).round() as i64;
    let sign = if scaled < 0 { "\u{2212}" } else { "" };
    let abs = scaled.unsigned_abs();
    match places {
        0 => format!("{sign}{abs}"),
        _ => format!("{sign}{}{}{:0width$}", abs / scale, lang.pick(".", ","), abs % scale, width = places as usize),
    }
}

/// A difference: "+2", "0", "−2".
pub fn signed(n: i32) -> String {
    if n > 0 { format!("+{n}") } else { num(n) }
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





pub fn join_and(parts: &[String], lang: Lang) -> String {
    match parts {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {} {last}", init.join(", "), lang.pick("and", "et")),
    }
}


/// The home screen's first line: what Tablée is, its games (the
/// registry's, in its order) and how they are played.
pub fn home_pitch(lang: Lang) -> String {
    let titles: Vec<String> = GameId::ALL.iter().map(|g| g.title().to_string()).collect();
    let games = join_and(&titles, lang);
    match lang {
        Lang::En => format!("Tablée: card games from the French-speaking table, in your browser — {games}. Play against bots, or with friends: on one device, or each on their own."),
        Lang::Fr => format!("Tablée : les jeux de cartes de la tablée francophone, dans votre navigateur — {games}. Jouez contre des bots, ou entre amis : sur un même appareil, ou chacun sur le sien."),
    }
}

pub fn level_name(level: Level, lang: Lang) -> &'static str {
    match (level, lang) {
        (Level::Random, Lang::En) => "random",
        (Level::Random, Lang::Fr) => "au hasard",
        (Level::Easy, Lang::En) => "easy",
        (Level::Easy, Lang::Fr) => "facile",
        (Level::Gentle, Lang::En) => "gentle",
        (Level::Gentle, Lang::Fr) => "patient",
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

/// A seat's name field (hot-seat), for screen readers: "Name of seat 2".
pub fn seat_name_label(seat: Seat, lang: Lang) -> String {
    format!("{} {}", lang.pick("Name of seat", "Nom de la place"), seat + 1)
}

/// The name field's placeholder: "Name (optional)".
pub fn seat_name_placeholder(lang: Lang) -> &'static str {
    lang.pick("Name (optional)", "Nom (facultatif)")
}

/// The bots' names: cats, of course.
const BOT_NAMES: [&str; 6] = ["Minou", "Pacha", "Moustache", "Réglisse", "Caramel", "Filou"];

/// Whether the seat is "you": this device's seat in a game with friends,
/// else the only person at the table.
pub fn is_you<G: GameDef>(config: &TableConfig<G>, seat: Seat) -> bool {
    match config.here {
        Some(here) => here == seat,
        None => config.humans() == vec![seat],
    }
}

/// A seat's name: "You" for the only person at the table, the name people
/// sharing the device gave their seat ("Ana"), else "Player 2", a cat's
/// name for a bot.
pub fn seat_name<G: GameDef>(config: &TableConfig<G>, seat: Seat, lang: Lang) -> String {
    match config.seat(seat) {
        Some(SeatKind::Human) if is_you(config, seat) => lang.pick("You", "Vous").to_string(),
        // The name the person gave the seat (hot-seat), else its number.
        Some(SeatKind::Human) => config.name(seat).map_or_else(|| format!("{} {}", lang.pick("Player", "Joueur"), seat + 1), str::to_string),
        _ => BOT_NAMES[seat % BOT_NAMES.len()].to_string(),
    }
}

/// A seat's name inside a sentence: "won by you", not "won by You".
pub fn seat_name_within<G: GameDef>(config: &TableConfig<G>, seat: Seat, lang: Lang) -> String {
    match config.seat(seat) {
        Some(SeatKind::Human) if is_you(config, seat) => lang.pick("you", "vous").to_string(),
        _ => seat_name(config, seat, lang),
    }
}

/// Conjugation: `you` picks the second-person form.
pub fn says(lang: Lang, you: bool, name: &str, en_you: &str, en: &str, fr_you: &str, fr: &str) -> String {
    match (lang, you) {
        (Lang::En, true) => format!("{name} {en_you}"),
        (Lang::En, false) => format!("{name} {en}"),
        (Lang::Fr, true) => format!("{name} {fr_you}"),
        (Lang::Fr, false) => format!("{name} {fr}"),
    }
}


/// Hot-seat: "Pass the device to Player 2".
pub fn handoff_title(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Pass the device to {name}"),
        Lang::Fr => format!("Passez l'appareil à {name}"),
    }
}

/// Hot-seat: "I am Player 2: show my hand".
pub fn handoff_ready(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("I am {name}: show my hand"),
        Lang::Fr => format!("Je suis {name} : voir ma main"),
    }
}

/// The deal bar's label: "4 players", or "Daily deal 2026-11-22 · 4 players",
/// with "· practice" once the day's deal was finished or a move was taken back.
pub fn deal_bar_label<G: GameDef>(config: &TableConfig<G>, daily: Option<DailyAttempt>, taken_back: bool, lang: Lang) -> String {
    let players = match lang {
        Lang::En => format!("{} players", config.players()),
        Lang::Fr => format!("{} joueurs", config.players()),
    };
    let practice = match daily {
        _ if taken_back => lang.pick(" · practice", " · entraînement"),
        Some(DailyAttempt::Practice { .. }) => lang.pick(" · practice", " · entraînement"),
        _ => "",
    };
    match config.daily {
        Some(day) => format!("{} {day} · {players}{practice}", lang.s().daily_word),
        None => format!("{players}{practice}"),
    }
}

/// What a daily deal's attempt is worth: "This attempt counts · streak: 3
/// days", or "Practice: your first attempt today counted (4)". `score`
/// words the game's score ("4 mice").
pub fn daily_status(daily: DailyAttempt, score: impl Fn(i32) -> String, lang: Lang) -> String {
    match (daily, lang) {
        (DailyAttempt::Counts { streak }, Lang::En) => format!("Your first finished attempt at today's deal counts · daily streak: {streak}"),
        (DailyAttempt::Counts { streak }, Lang::Fr) => format!("Votre première partie finie de la donne du jour compte · série : {streak}"),
        (DailyAttempt::Practice { first_score }, Lang::En) => {
            format!("Practice: your first attempt at today's deal counted ({})", score(first_score))
        }
        (DailyAttempt::Practice { first_score }, Lang::Fr) => {
            format!("Entraînement : votre premier essai de la donne du jour a compté ({})", score(first_score))
        }
    }
}

pub fn thinking_text(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{name} is thinking…"),
        Lang::Fr => format!("{name} réfléchit…"),
    }
}

/// A text with its first letter in capitals, and one letter in capitals,
/// without Unicode's case tables (~13 KB gzip of the core's data;
/// docs/performance.md): one definition, with the puzzles' explanations.
pub use tablee_puzzles::explanation::{capitalise, upper};

// ----- errors ------------------------------------------------------------------

/// A refusal every table shares (who acts, when), in words: each game's
/// `GameDef::refusal_text` words its own and hands these here.
pub fn shared_refusal(refusal: &Shared, lang: Lang) -> String {
    let text = match (refusal, lang) {
        (Shared::NotYourTurn { .. }, Lang::En) => "It is another player's turn.",
        (Shared::NotYourTurn { .. }, Lang::Fr) => "C'est au tour d'un autre joueur.",
        (Shared::NotAPersonsTurn, Lang::En) => "It is a bot's turn: wait for it to play.",
        (Shared::NotAPersonsTurn, Lang::Fr) => "C'est au tour d'un bot : attendez qu'il joue.",
        (Shared::Outdated, Lang::En) => "The game moved on before this move arrived, so it was not played.",
        (Shared::Outdated, Lang::Fr) => "La partie a avancé avant l'arrivée de ce coup : il n'a pas été joué.",
        (Shared::GameOver, Lang::En) => "The game is over: no more moves.",
        (Shared::GameOver, Lang::Fr) => "La partie est terminée : plus aucun coup n'est possible.",
        (Shared::NoGame, Lang::En) => "This move is not for the game on the table.",
        (Shared::NoGame, Lang::Fr) => "Ce coup n'est pas pour la partie en cours.",
    };
    text.to_string()
}

/// A deal number that does not read, in plain words (issue 52: no format
/// numbers — a mistyped first character is a damaged number, nothing else
/// a player can act on). The engine's own text is a developer's.
pub fn seed_error(error: &SeedError, lang: Lang) -> String {
    match (error, lang) {
        (SeedError::Empty, Lang::En) => "the deal number is empty: it has 8 characters, like 1K7Q-M3ZD".to_string(),
        (SeedError::Empty, Lang::Fr) => "le numéro de donne est vide : il a 8 caractères, comme 1K7Q-M3ZD".to_string(),
        (SeedError::WrongLength { found }, Lang::En) => {
            format!("a deal number has 8 characters (dashes and spaces aside), this one has {found}")
        }
        (SeedError::WrongLength { found }, Lang::Fr) => {
            format!("un numéro de donne a 8 caractères (tirets et espaces à part), celui-ci en a {found}")
        }
        (SeedError::BadCharacter { ch, position }, Lang::En) => {
            format!("character {position}, “{ch}”, is not allowed (digits and letters except U)")
        }
        (SeedError::BadCharacter { ch, position }, Lang::Fr) => {
            format!("le caractère {position}, « {ch} », n'est pas permis (chiffres et lettres sauf U)")
        }
        (SeedError::UnsupportedVersion { .. }, Lang::En) => "a deal number starts with 1, like 1K7Q-M3ZD".to_string(),
        (SeedError::UnsupportedVersion { .. }, Lang::Fr) => "un numéro de donne commence par 1, comme 1K7Q-M3ZD".to_string(),
    }
}

pub fn link_error(error: &LinkError, lang: Lang) -> String {
    match (error, lang) {
        (LinkError::UnknownGame(g), Lang::En) => format!("The link asks for the game “{g}”, which Tablée does not have."),
        (LinkError::UnknownGame(g), Lang::Fr) => format!("Le lien demande le jeu « {g} », que Tablée ne propose pas."),
        (LinkError::Version(_), Lang::En) => {
            "This link was made by another version of Tablée, and this one cannot replay its deal exactly.".to_string()
        }
        (LinkError::Version(_), Lang::Fr) => {
            "Ce lien vient d'une autre version de Tablée, et celle-ci ne peut pas rejouer sa donne à l'identique.".to_string()
        }
        (LinkError::Seed { text, error }, Lang::En) => {
            format!("This link's deal number, “{text}”, is damaged: {}.", seed_error(error, lang))
        }
        (LinkError::Seed { text, error }, Lang::Fr) => {
            format!("Le numéro de donne de ce lien, « {text} », est abîmé : {}.", seed_error(error, lang))
        }
        (LinkError::Players { text, game }, _) => players_error(text, *game, lang),
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
        (LinkError::Match { text, game, matches: true }, Lang::En) => format!("“{text}” is not a number of games for a match of {} (1 to 9).", game.title()),
        (LinkError::Match { text, game, matches: true }, Lang::Fr) => format!("« {text} » n'est pas un nombre de parties pour un match de {} (de 1 à 9).", game.title()),
        (LinkError::Match { text, game, matches: false }, Lang::En) => format!("A match of “{text}” games: {} is not played in matches.", game.title()),
        (LinkError::Match { text, game, matches: false }, Lang::Fr) => format!("Un match de « {text} » parties : {} ne se joue pas en match.", game.title()),
        (LinkError::NameCount { given, players }, Lang::En) => format!("The link lists {given} names for {players} seats."),
        (LinkError::NameCount { given, players }, Lang::Fr) => format!("Le lien donne {given} noms pour {players} places."),
        (LinkError::Name { text, error }, Lang::En) => format!("The link's player name “{text}” cannot be used: {}.", name_error(error, lang)),
        (LinkError::Name { text, error }, Lang::Fr) => format!("Le nom de joueur « {text} » du lien ne peut pas servir : {}.", name_error(error, lang)),
    }
}

/// Why a name typed for a seat is refused, in a clause: "it has 20
/// characters, at most 16", "“,” is not allowed (letters, digits,
/// spaces, ' - . only)".
pub fn name_error(error: &crate::app::config::NameError, lang: Lang) -> String {
    use crate::app::config::{NameError, NAME_MAX};
    match (error, lang) {
        (NameError::TooLong { length }, Lang::En) => format!("it has {length} characters, at most {NAME_MAX}"),
        (NameError::TooLong { length }, Lang::Fr) => format!("il a {length} caractères, {NAME_MAX} au plus"),
        (NameError::Character(c), Lang::En) => format!("“{c}” is not allowed (letters, digits, spaces, ' - . only)"),
        (NameError::Character(c), Lang::Fr) => format!("« {c} » n'est pas permis (lettres, chiffres, espaces, ' - . seulement)"),
        (NameError::Twice(n), Lang::En) => format!("another seat is named “{n}” already"),
        (NameError::Twice(n), Lang::Fr) => format!("une autre place s'appelle déjà « {n} »"),
    }
}

/// "“9” is not a number of players: J'achète is played by 4 to 8 players (or 3)."
fn players_error(text: &str, game: GameId, lang: Lang) -> String {
    let title = game.title();
    let range = crate::games::with_game!(game, G => <G as crate::app::game::GameDef>::players_words(lang));
    match lang {
        Lang::En => format!("“{text}” is not a number of players: {title} is played by {range}."),
        Lang::Fr => format!("« {text} » n'est pas un nombre de joueurs : {title} se joue de {range}."),
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
        (SaveError::Game(g), Lang::En) => format!("the save is for a game this version does not know ({g})"),
        (SaveError::Game(g), Lang::Fr) => format!("la sauvegarde est celle d'un jeu que cette version ne connaît pas ({g})"),
        (SaveError::Field(f), Lang::En) => format!("the save's “{f}” is missing or wrong"),
        (SaveError::Field(f), Lang::Fr) => format!("le champ « {f} » de la sauvegarde manque ou est faux"),
        (SaveError::Seed(e), _) => seed_error(e, lang),
        (SaveError::Action(i), Lang::En) => format!("move {} of the save is unreadable", i + 1),
        (SaveError::Action(i), Lang::Fr) => format!("le coup {} de la sauvegarde est illisible", i + 1),
        (SaveError::Replay(ReplayError::Setup(_)), Lang::En) => "the save's table cannot be dealt".to_string(),
        (SaveError::Replay(ReplayError::Setup(_)), Lang::Fr) => "la table de la sauvegarde ne peut pas être distribuée".to_string(),
        (SaveError::Replay(ReplayError::Refused { index, .. }), Lang::En) => {
            format!("move {} of the save is not allowed by the rules at that point", index + 1)
        }
        (SaveError::Replay(ReplayError::Refused { index, .. }), Lang::Fr) => {
            format!("le coup {} de la sauvegarde n'est pas permis par les règles à ce moment-là", index + 1)
        }
    }
}

/// The notice shown when a save (or the history of games) was set aside.
/// `kept`: how many this device keeps aside now (the oldest go).
pub fn save_set_aside(reason: &str, history: bool, kept: usize, lang: Lang) -> String {
    match (lang, history) {
        (Lang::En, false) => format!(
            "Your saved game could not be resumed: {reason}. It is kept aside on this device ({kept} of at most 5 kept), and a new game can start."
        ),
        (Lang::Fr, false) => format!(
            "Votre partie sauvegardée n'a pas pu être reprise : {reason}. Elle est mise de côté sur cet appareil ({kept} gardées, 5 au plus), et une nouvelle partie peut commencer."
        ),
        (Lang::En, true) => format!(
            "Your record of past games could not be read. It is kept aside on this device ({kept} of at most 5 kept), and a new record starts."
        ),
        (Lang::Fr, true) => format!(
            "Votre relevé des parties jouées n'a pas pu être lu. Il est mis de côté sur cet appareil ({kept} gardés, 5 au plus), et un nouveau relevé commence."
        ),
    }
}

// ----- the game log ----------------------------------------------------------



// ----- the end of a game -----------------------------------------------------



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


pub fn history_text(played: u32, wins: u32, best_vs_par: Option<i32>, lang: Lang) -> String {
    let par = best_vs_par.map(|b| {
        let b = signed(b);
        match lang {
            // Par said in plain words where a newcomer meets it (issue 52).
            Lang::En => format!(", best against par {b} (par: the expert bot in your seat on the same deal)"),
            Lang::Fr => format!(", meilleur écart au par {b} (le par\u{a0}: le bot expert à votre place sur la même donne)"),
        }
    });
    match lang {
        Lang::En => format!("{played} played, {wins} won{}.", par.unwrap_or_default()),
        Lang::Fr => format!("{played} jouée(s), {wins} gagnée(s){}.", par.unwrap_or_default()),
    }
}

/// The deal's name for people: "deal 1K7Q-M3ZD" or "daily deal 2026-11-22".
pub fn deal_name<G: GameDef>(config: &TableConfig<G>, lang: Lang) -> String {
    match (config.daily, lang) {
        (Some(day), Lang::En) => format!("daily deal {day}"),
        (Some(day), Lang::Fr) => format!("donne du jour {day}"),
        (None, Lang::En) => format!("deal {}", config.seed),
        (None, Lang::Fr) => format!("donne {}", config.seed),
    }
}

/// The spoiler-free text shared with a game's link, for every game: its
/// title, the deal, the players, and the person's result once the game is
/// over (`mine`: score and place; `score` words a score, "4 mice", "65
/// points"), par and the daily streak; never a card or a move. A retry of
/// today's deal shares the attempt that counted, not itself. `url` is the
/// deal's link, which carries no language (the reader's decides).
/// J'achète's end screen uses it. Katzenjammer's `share_text` says the same
/// in its own code: routed through this function it cost 63 bytes of gzip
/// in the first load (248 205 → 248 268 B, measured), which must not grow.
#[allow(clippy::too_many_arguments)]
pub fn share_text(
    title: &str,
    deal: &str,
    players: usize,
    mine: Option<(i32, usize)>,
    par: Option<i32>,
    daily: Option<DailyAttempt>,
    score: &dyn Fn(i32) -> String,
    url: &str,
    lang: Lang,
) -> String {
    let count = match lang {
        Lang::En => format!("{players} players"),
        Lang::Fr => format!("{players} joueurs"),
    };
    let result = match (mine, daily) {
        (Some(_), Some(DailyAttempt::Practice { first_score })) => match lang {
            Lang::En => format!("My result (first attempt): {}.", score(first_score)),
            Lang::Fr => format!("Mon résultat (premier essai) : {}.", score(first_score)),
        },
        (Some((mine, place)), _) => {
            let place = place_text(place, players, lang);
            // Par in plain words (issue 52: a friend's message is where a
            // newcomer meets it first).
            let par = par
                .map(|p| match lang {
                    Lang::En => format!(" (the expert bot: {})", score(p)),
                    Lang::Fr => format!(" (le bot expert\u{a0}: {})", score(p)),
                })
                .unwrap_or_default();
            let streak = match daily {
                Some(DailyAttempt::Counts { streak }) if streak > 0 => format!(" 🔥{streak}"),
                _ => String::new(),
            };
            match lang {
                Lang::En => format!("My result: {}{par}, {place}.{streak}", score(mine)),
                Lang::Fr => format!("Mon résultat : {}{par}, {place}.{streak}", score(mine)),
            }
        }
        _ => lang.pick("Can you beat the bots on this deal?", "Saurez-vous battre les bots sur cette donne ?").to_string(),
    };
    format!("Tablée · {title} · {deal} · {count}\n{result}\n{url}")
}

/// An unfinished game in the list: "Katzenjammer Blues, deal 1K7Q-M3ZD,
/// 4 players, 12 moves by all players, 5 min ago".
pub fn kept_game(table: &AnyTable, moves: usize, ago_ms: f64, lang: Lang) -> String {
    let minutes = (ago_ms.max(0.0) / 60_000.0) as u64;
    let ago = match (minutes, lang) {
        (0, Lang::En) => "just now".to_string(),
        (0, Lang::Fr) => "à l'instant".to_string(),
        (1..=59, Lang::En) => format!("{minutes} min ago"),
        (1..=59, Lang::Fr) => format!("il y a {minutes} min"),
        (60..=1439, Lang::En) => format!("{} h ago", minutes / 60),
        (60..=1439, Lang::Fr) => format!("il y a {} h", minutes / 60),
        (_, Lang::En) if minutes < 2880 => "yesterday".to_string(),
        (_, Lang::Fr) if minutes < 2880 => "hier".to_string(),
        (_, Lang::En) => format!("{} days ago", minutes / 1440),
        (_, Lang::Fr) => format!("il y a {} jours", minutes / 1440),
    };
    format!("{}, {ago}", game_line(table, moves, lang))
}

/// A game told apart from the others: "J'achète, deal 1K7Q-M3ZD, 4
/// players, 12 moves by all players". The moves are every seat's (issue
/// 52: "3 coups joués" read as the person's own, who had played one): the
/// words say so.
fn game_line(table: &AnyTable, moves: usize, lang: Lang) -> String {
    let deal = crate::games::each_game!(table, t => deal_name(t, lang));
    let (title, players) = (table.game().title(), table.players());
    match lang {
        Lang::En => format!("{title}, {deal}, {players} players, {moves} move{} by all players", if moves == 1 { "" } else { "s" }),
        Lang::Fr => format!("{title}, {deal}, {players} joueurs, {moves} coup{}, tous joueurs confondus", plural_s(moves)),
    }
}

/// The home screen's way back to the game in progress, saying which game:
/// "Resume: J'achète, deal 1K7Q-M3ZD, 4 players, 12 moves by all players".
pub fn resume_label(table: &AnyTable, moves: usize, lang: Lang) -> String {
    format!("{}{} {}", lang.s().resume, colon(lang), game_line(table, moves, lang))
}

fn plural_s(n: usize) -> &'static str {
    if n > 1 { "s" } else { "" }
}

/// A bad link's way out: a new game of the game it named.
pub fn problem_fresh(game: GameId, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Start a new game of {}", game.title()),
        Lang::Fr => format!("Commencer une partie de {}", game.title()),
    }
}

/// The table's offer of a game's lessons to whom never played it here
/// (issue 42), before its link.
pub fn learn_offer(lang: Lang) -> &'static str {
    // Short: it sits in the turn line (the game is named above it).
    match lang {
        Lang::En => "First time? ",
        Lang::Fr => "Première fois\u{a0}? ",
    }
}

/// A game on the home screen, in one line: what it is (`GameDef::blurb`),
/// how many play in the game's own words (`GameDef::players_words`, which
/// the rules page and a link's refusal say too: issue 52), how long a game
/// lasts against bots (`GameDef::MINUTES`, estimates).
pub fn game_blurb<G: GameDef>(lang: Lang) -> String {
    let (what, players, minutes) = (G::blurb(lang), G::players_words(lang), G::MINUTES);
    match lang {
        Lang::En => format!("{what} · {players} · {}–{} min", minutes.0, minutes.1),
        Lang::Fr => format!("{what} · {players} · {} à {} min", minutes.0, minutes.1),
    }
}

pub fn daily_option(day: Day, lang: Lang) -> String {
    format!("{} ({day}, UTC)", lang.s().deal_daily)
}

/// A game with friends on their own devices (issue 55): the words of the
/// friends' part of the page.
pub mod friends;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Registered;
    use crate::games::test_game::TestGame;
    use tablee_engine::Seed;

    /// `upper` capitalises as Unicode does, for French and English letters.
    #[test]
    fn capitals_are_unicode_s_for_french_and_english_letters() {
        for c in ('a'..='z').chain('à'..='ÿ').chain(['œ', '1', '«', 'ß', '÷']) {
            let unicode: Vec<char> = c.to_uppercase().collect();
            if unicode.len() == 1 && (c as u32) < 0x180 {
                assert_eq!(upper(c), unicode[0], "{c}");
            } else {
                assert_eq!(upper(c), c, "{c}");
            }
        }
        assert_eq!(capitalise("éviter"), "Éviter");
        assert_eq!(capitalise(""), "");
    }

    /// The page calls none of Unicode's case conversions (`char::to_uppercase`,
    /// `str::to_lowercase`…): they link Unicode's case tables, 17.7 KB gzip of
    /// the core when they were there (docs/performance.md). `upper` covers
    /// French and English; codes and keys take the ASCII forms.
    #[test]
    fn the_page_links_no_unicode_case_tables() {
        fn walk(dir: &std::path::Path, found: &mut Vec<String>) {
            for entry in std::fs::read_dir(dir).expect("a source folder") {
                let path = entry.expect("an entry").path();
                if path.is_dir() {
                    walk(&path, found);
                } else if path.extension().is_some_and(|e| e == "rs") {
                    let text = std::fs::read_to_string(&path).expect("a source file");
                    let code = text.split("#[cfg(test)]").next().unwrap_or_default();
                    for needle in [".to_uppercase()", ".to_lowercase()"] {
                        if code.contains(needle) {
                            found.push(format!("{}: {needle}", path.display()));
                        }
                    }
                }
            }
        }
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut found = Vec::new();
        for dir in ["src", "crates/engine/src", "crates/puzzles/src"] {
            walk(&root.join(dir), &mut found);
        }
        assert!(found.is_empty(), "Unicode case conversions in the page's code: {found:#?}");
    }

    /// Numbers with decimals are written as the reader writes them, in every
    /// screen (the hint's points and the puzzles' values alike).
    #[test]
    fn decimals_take_a_comma_in_french() {
        assert_eq!(decimal(23.94, 1, Lang::En), "23.9");
        assert_eq!(decimal(23.94, 1, Lang::Fr), "23,9");
        assert_eq!(decimal(-0.5, 2, Lang::Fr), "\u{2212}0,50");
        assert_eq!(decimal(7.0, 1, Lang::Fr), "7,0");
        assert_eq!(decimal(-0.04, 1, Lang::En), "0.0", "no minus sign on a number shown as zero");
        assert_eq!(decimal(2.6, 0, Lang::Fr), "3");
    }

    #[test]
    fn the_deal_bar_says_practice_after_a_take_back_or_a_finished_daily() {
        let config = TableConfig::<TestGame>::new(Seed::from_number(5), 4);
        assert_eq!(deal_bar_label(&config, None, false, Lang::En), "4 players");
        assert_eq!(deal_bar_label(&config, None, true, Lang::Fr), "4 joueurs · entraînement");
        let day = Day::parse("2026-11-23").unwrap();
        let daily = TableConfig::<TestGame> { daily: Some(day), ..TableConfig::new(day.seed(), 4) };
        let counted = Some(DailyAttempt::Counts { streak: 2 });
        assert!(!deal_bar_label(&daily, counted, false, Lang::En).contains("practice"));
        assert!(deal_bar_label(&daily, Some(DailyAttempt::Practice { first_score: 3 }), false, Lang::En).ends_with(" · practice"));
    }




    #[test]
    fn an_unfinished_game_is_described() {
        let table = TableConfig::<TestGame>::new(Seed::parse("1K7Q-M3ZD").unwrap(), 4).into_any();
        assert_eq!(
            kept_game(&table, 12, 5.5 * 60_000.0, Lang::En),
            "High card, deal 1K7Q-M3ZD, 4 players, 12 moves by all players, 5 min ago"
        );
        assert_eq!(
            kept_game(&table, 1, 3.0 * 86_400_000.0, Lang::Fr),
            "High card, donne 1K7Q-M3ZD, 4 joueurs, 1 coup, tous joueurs confondus, il y a 3 jours"
        );
        assert!(kept_game(&table, 0, 2.0 * 3_600_000.0, Lang::En).ends_with("0 moves by all players, 2 h ago"));
        assert!(kept_game(&table, 0, 1000.0, Lang::Fr).ends_with("0 coup, tous joueurs confondus, à l'instant"));
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
        let mut config = TableConfig::<TestGame>::new(Seed::from_number(1), 4);
        assert_eq!(seat_name(&config, 0, Lang::En), "You");
        assert_eq!(seat_name(&config, 0, Lang::Fr), "Vous");
        assert_eq!(seat_name(&config, 1, Lang::En), "Pacha");
        config.seats[2] = SeatKind::Human;
        assert_eq!(seat_name(&config, 0, Lang::En), "Player 1");
        assert_eq!(seat_name(&config, 2, Lang::Fr), "Joueur 3");
        // Issue 52: the names people gave their seats, in the hand-off too.
        config.names = vec![Some("Zoé".into()), Some("Minou".into()), None, None];
        assert_eq!(seat_name(&config, 0, Lang::Fr), "Zoé");
        assert_eq!(seat_name(&config, 1, Lang::En), "Pacha", "a bot keeps its cat's name");
        assert_eq!(seat_name(&config, 2, Lang::En), "Player 3");
        assert_eq!(handoff_title(&seat_name(&config, 0, Lang::En), Lang::En), "Pass the device to Zoé");
        // One person at the table is "you", named or not.
        config.seats[2] = SeatKind::Bot(Level::Easy);
        assert_eq!(seat_name(&config, 0, Lang::En), "You");
    }


    /// The app's own words for a deal number that does not read, in both
    /// languages, each saying its parameters; issue 52: never a format
    /// number (a mistyped first character read "format 7 … format 1").
    #[test]
    fn seed_errors_speak_plainly_in_both_languages() {
        let cases = [
            (SeedError::Empty, "le numéro de donne est vide : il a 8 caractères, comme 1K7Q-M3ZD"),
            (SeedError::WrongLength { found: 3 }, "un numéro de donne a 8 caractères (tirets et espaces à part), celui-ci en a 3"),
            (SeedError::BadCharacter { ch: 'U', position: 2 }, "le caractère 2, « U », n'est pas permis (chiffres et lettres sauf U)"),
            (SeedError::UnsupportedVersion { found: 7 }, "un numéro de donne commence par 1, comme 1K7Q-M3ZD"),
        ];
        for (e, fr) in cases {
            assert_eq!(seed_error(&e, Lang::Fr), fr);
            assert_ne!(seed_error(&e, Lang::Fr), seed_error(&e, Lang::En));
            assert!(!seed_error(&e, Lang::En).contains("seed"), "a deal number, as the page says: {}", seed_error(&e, Lang::En));
        }
        // A mistyped link: plain words, no format number.
        let mistyped = LinkError::Seed { text: "7K7Q-M3ZD".into(), error: SeedError::UnsupportedVersion { found: 7 } };
        for lang in Lang::ALL {
            for text in [link_error(&mistyped, lang), link_error(&LinkError::Version("7".into()), lang)] {
                assert!(!text.contains("format"), "{text}");
            }
        }
        assert_eq!(
            link_error(&mistyped, Lang::En),
            "This link's deal number, “7K7Q-M3ZD”, is damaged: a deal number starts with 1, like 1K7Q-M3ZD."
        );
        // A match names the link's game, and says when it has none.
        let matches = |game, matches| LinkError::Match { text: "3".into(), game, matches };
        assert_eq!(link_error(&matches(TestGame::ID, false), Lang::En), "A match of “3” games: High card is not played in matches.");
        // A game with matches: the game of the links naming none.
        let unnamed = crate::app::link::unnamed();
        assert_eq!(link_error(&matches(unnamed, true), Lang::Fr), format!("« 3 » n'est pas un nombre de parties pour un match de {} (de 1 à 9).", unnamed.title()));
    }

    /// Every fixed text of a language table is written, in both languages,
    /// and French is not English copied: a field left empty or untranslated
    /// turns this red (the compiler already demands every field in both).
    #[test]
    fn every_fixed_text_exists_in_both_languages() {
        // (Each game's own tables: `every_fixed_text_exists_in_both_languages` in its folder.)
        check_tables(include_str!("i18n.rs"), "Strings", &["Bot", "Options", "Place"]);
    }
}

/// Reads `pub static EN: T = T { field: "text", … };` and the FR one from a
/// text module's source and compares them field by field.
#[cfg(test)]
pub fn check_tables(source: &str, ty: &str, same_in_both: &[&str]) {
    let table = |lang: &str| -> Vec<(String, String)> {
        let start = source.find(&format!("pub static {lang}: {ty} = {ty} {{")).expect("the table");
        let body = &source[start..];
        let body = &body[..body.find("\n};").expect("its end")];
        body.lines()
            .filter_map(|line| {
                let (key, value) = line.trim().split_once(": \"")?;
                Some((key.to_string(), value.trim_end_matches(',').trim_end_matches('"').to_string()))
            })
            .collect()
    };
    let (en, fr) = (table("EN"), table("FR"));
    assert!(en.len() > 10, "{ty}: {} texts read", en.len());
    assert_eq!(en.iter().map(|(k, _)| k).collect::<Vec<_>>(), fr.iter().map(|(k, _)| k).collect::<Vec<_>>(), "{ty}: the same fields in order");
    for ((key, e), (_, f)) in en.iter().zip(&fr) {
        assert!(!e.trim().is_empty() && !f.trim().is_empty(), "{ty}.{key} is empty");
        assert!(e != f || same_in_both.contains(&e.as_str()), "{ty}.{key} is not translated: {e:?}");
        for text in [e, f] {
            assert!(!text.contains("KB-") && !text.contains("JA-"), "{ty}.{key} shows a rule id: {text:?}");
        }
    }
}
