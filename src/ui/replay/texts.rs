//! The replay's and the record's words, in French and English. Only the
//! whole app's build uses them.

use tablee_bots::Level;

use crate::app::lang::Lang;
use crate::app::marks::Progress;
use crate::app::replay::ReplayLinkError;
use crate::i18n::{level_name, link_error, place_short, save_error};
use crate::app::save::SaveError;

/// The fixed texts of one language.
pub struct RpStrings {
    /// The home screen's link to the record, and the end screen's to the
    /// replay (in the first load's Strings once it has room for them).
    pub title: &'static str,
    pub games_title: &'static str,
    pub games_intro: &'static str,
    pub games_empty: &'static str,
    pub start: &'static str,
    pub back: &'static str,
    pub forward: &'static str,
    pub end: &'static str,
    pub timeline: &'static str,
    pub keys: &'static str,
    pub moves_title: &'static str,
    pub deal_start: &'static str,
    pub play_deal: &'static str,
    pub link_label: &'static str,
    pub all_hands: &'static str,
    pub your_hand: &'static str,
    pub hand_of: &'static str,
    pub replay: &'static str,
    pub per_level: &'static str,
    pub streak: &'static str,
    /// The timeline's marks (a group's label).
    pub marks_label: &'static str,
    /// J'achète's scores, round by round.
    pub round_scores: &'static str,
    pub problem_title: &'static str,
}

pub static EN: RpStrings = RpStrings {
    title: "Replay",
    games_title: "Your games",
    games_intro: "Your last 50 finished games on this device, the newest first, each with its replay.",
    games_empty: "No finished game yet: play one, and it is kept here with its replay.",
    start: "Start",
    back: "Back",
    forward: "Forward",
    end: "End",
    timeline: "Move",
    keys: "Keys: ← → move by move, Home and End.",
    moves_title: "Moves",
    deal_start: "The deal, before the first move",
    play_deal: "Play this deal",
    link_label: "This replay's link (names the deal, the seats and the moves):",
    all_hands: "Show every hand",
    your_hand: "Your hand",
    hand_of: "Hand of",
    replay: "Replay",
    per_level: "Wins against the strongest bot at the table",
    streak: "Daily deal streak",
    problem_title: "This replay cannot be shown",
    marks_label: "Moves where the expert in your seat would have played otherwise",
    round_scores: "Points, round by round",
};

pub static FR: RpStrings = RpStrings {
    title: "Revoir la partie",
    games_title: "Vos parties",
    games_intro: "Vos 50 dernières parties terminées sur cet appareil, la plus récente d'abord, chacune avec son replay.",
    games_empty: "Aucune partie terminée pour l'instant : jouez-en une, elle sera gardée ici avec son replay.",
    start: "Début",
    back: "Reculer",
    forward: "Avancer",
    end: "Fin",
    timeline: "Coup",
    keys: "Touches : ← → coup par coup, Début et Fin.",
    moves_title: "Coups",
    deal_start: "La donne, avant le premier coup",
    play_deal: "Jouer cette donne",
    link_label: "Le lien de ce replay (il nomme la donne, les places et les coups) :",
    all_hands: "Montrer toutes les mains",
    your_hand: "Votre main",
    hand_of: "Main de",
    replay: "Revoir",
    per_level: "Victoires contre le meilleur bot de la table",
    streak: "Série de donnes du jour",
    problem_title: "Ce replay ne peut pas être affiché",
    marks_label: "Coups où l'expert à votre place aurait joué autrement",
    round_scores: "Points, manche par manche",
};

pub fn rp(lang: Lang) -> &'static RpStrings {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
    }
}

/// Why a replay link cannot be shown, in a sentence.
pub fn error(error: &ReplayLinkError, lang: Lang) -> String {
    match (error, lang) {
        (ReplayLinkError::Link(e), _) => link_error(e, lang),
        (ReplayLinkError::NoDeal, Lang::En) => "The replay link names no deal (its seed is missing).".to_string(),
        (ReplayLinkError::NoDeal, Lang::Fr) => "Le lien de replay ne nomme aucune donne (son numéro manque).".to_string(),
        (ReplayLinkError::Moves, Lang::En) => "The replay link's moves are unreadable: the link was probably cut or altered.".to_string(),
        (ReplayLinkError::Moves, Lang::Fr) => "Les coups du lien de replay sont illisibles : le lien a sans doute été coupé ou modifié.".to_string(),
        (ReplayLinkError::Action(i), Lang::En) => format!("Move {} of the replay link is not a move of this game.", i + 1),
        (ReplayLinkError::Action(i), Lang::Fr) => format!("Le coup {} du lien de replay n'est pas un coup de ce jeu.", i + 1),
        (ReplayLinkError::Replay(e), _) => {
            let reason = save_error(&SaveError::Replay(e.clone()), lang);
            match lang {
                Lang::En => format!("The replay link's moves do not fit its deal: {reason}."),
                Lang::Fr => format!("Les coups du lien de replay ne vont pas avec sa donne : {reason}."),
            }
        }
        (ReplayLinkError::NoGame, Lang::En) => "No finished game is kept on this device yet.".to_string(),
        (ReplayLinkError::NoGame, Lang::Fr) => "Aucune partie terminée n'est encore gardée sur cet appareil.".to_string(),
    }
}

/// "Move 12 of 80".
pub fn move_of(k: usize, n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Move {k} of {n}"),
        Lang::Fr => format!("Coup {k} sur {n}"),
    }
}

/// A timeline mark: "Move 12: the expert's move in your seat: “You pass.”"
/// (`words` is the log's line as the person would have read it: quoted, so
/// that its "You" reads as the seat's, not the expert's).
pub fn expert_would(k: usize, words: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Move {k}: the expert's move in your seat: “{words}”"),
        Lang::Fr => format!("Coup {k} : le coup de l'expert à votre place : « {words} »"),
    }
}

/// The first mark: where the person's game left the par game.
pub fn parted(k: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Here you and the expert parted ways: move {k}"),
        Lang::Fr => format!("Ici, vous et l'expert avez pris des chemins différents : coup {k}"),
    }
}

/// The comparison's quiet note.
pub fn expert_progress(progress: Progress, marks: usize, lang: Lang) -> String {
    let en = lang == Lang::En;
    match progress {
        Progress::None => String::new(),
        Progress::Checking { done, of } if en => format!("Comparing your moves with the expert's… {done} of {of}"),
        Progress::Checking { done, of } => format!("Comparaison de vos coups avec ceux de l'expert… {done} sur {of}"),
        Progress::Unavailable if en => "The expert's moves cannot be computed on this device.".to_string(),
        Progress::Unavailable => "Les coups de l'expert ne peuvent pas être calculés sur cet appareil.".to_string(),
        Progress::Done if en => match marks {
            0 => "You played every move as the expert would have.".to_string(),
            1 => "The expert would have played one of your moves otherwise (marked).".to_string(),
            n => format!("The expert would have played {n} of your moves otherwise (marked)."),
        },
        Progress::Done => match marks {
            0 => "Vous avez joué chaque coup comme l'expert.".to_string(),
            1 => "L'expert aurait joué un de vos coups autrement (marqué).".to_string(),
            n => format!("L'expert aurait joué {n} de vos coups autrement (marqués)."),
        },
    }
}

/// The person's result in the record: place and score.
pub fn result(place: usize, score: String, lang: Lang) -> String {
    format!("{} · {score}", place_short(place, lang))
}

/// A game only bots played: "Bots only · won by Pacha (−1 mouse)".
pub fn bots_result(winners: &[String], score: String, lang: Lang) -> String {
    let names = winners.join(lang.pick(" and ", " et "));
    match lang {
        Lang::En => format!("Bots only · won by {names} ({score})"),
        Lang::Fr => format!("Bots seulement · gagnée par {names} ({score})"),
    }
}

/// "normal: 3 won of 5".
pub fn level_wins(level: Level, won: u32, played: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{}: {won} won of {played}", level_name(level, lang)),
        Lang::Fr => format!("{} : {won} gagnées sur {played}", level_name(level, lang)),
    }
}

/// "3 days".
pub fn days(n: u32, lang: Lang) -> String {
    match (lang, n) {
        (Lang::En, 1) => "1 day".to_string(),
        (Lang::En, _) => format!("{n} days"),
        (Lang::Fr, 0 | 1) => format!("{n} jour"),
        (Lang::Fr, _) => format!("{n} jours"),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_fixed_text_exists_in_both_languages() {
        crate::i18n::check_tables(include_str!("texts.rs"), "RpStrings", &[]);
    }
}
