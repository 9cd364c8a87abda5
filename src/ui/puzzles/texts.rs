//! The puzzles' words, in French and English (fixed texts in [`PzStrings`],
//! texts with values as functions). Only the whole app's build uses them.

use tablee_puzzles::format::{Kind, Unit};

use crate::games::{with_game, GameId};
use crate::ui::context::ctx;
use leptos::prelude::Get;
use crate::ui::game_ui::GameUi;
pub use crate::ui::game_ui::UnitWords;
use crate::app::lang::Lang;
use crate::app::puzzles::PuzzleError;
use crate::i18n::num;

/// The fixed texts of one language.
pub struct PzStrings {
    pub title: &'static str,
    pub intro: &'static str,
    pub game_label: &'static str,
    pub daily_title: &'static str,
    pub choose_title: &'static str,
    pub theme_label: &'static str,
    pub any_theme: &'static str,
    /// A puzzle of a game never played here: its first lesson (issue 42).
    pub lesson_one: &'static str,
    pub level_label: &'static str,
    pub any_level: &'static str,
    pub next_unsolved: &'static str,
    pub all_solved: &'static str,
    pub recent_title: &'static str,
    pub difficulty_1: &'static str,
    pub difficulty_2: &'static str,
    pub difficulty_3: &'static str,
    pub solved_mark: &'static str,
    pub missed_mark: &'static str,
    pub open: &'static str,
    pub ask: &'static str,
    pub ask_note: &'static str,
    pub right: &'static str,
    pub wrong: &'static str,
    pub answer_is: &'static str,
    pub answers_are: &'static str,
    pub your_play: &'static str,
    pub not_compared: &'static str,
    /// Issue 52: a move not compared, analysed afterwards.
    pub evaluating: &'static str,
    pub evaluated_note: &'static str,
    pub as_good: &'static str,
    pub better: &'static str,
    pub not_judged: &'static str,
    pub not_counted: &'static str,
    pub values_title: &'static str,
    pub best_mark: &'static str,
    pub play_on: &'static str,
    pub next: &'static str,
    pub try_again: &'static str,
    pub all_puzzles: &'static str,
    pub first_try_only: &'static str,
    pub loading: &'static str,
    pub no_file: &'static str,
    pub bad_file: &'static str,
    pub no_such: &'static str,
    pub bad_position: &'static str,
    pub record_aside: &'static str,
}

pub static EN: PzStrings = PzStrings {
    title: "Puzzles",
    intro: "A position from a real game, seen from one seat: find the best play. Each answer was checked by a deep analysis over every way the cards you cannot see may lie.",
    game_label: "Game",
    daily_title: "Puzzle of the day",
    choose_title: "Choose your puzzles",
    theme_label: "Theme",
    any_theme: "All",
    lesson_one: "New to it? Lesson 1",
    level_label: "Difficulty",
    any_level: "Any",
    next_unsolved: "Next unsolved puzzle",
    all_solved: "You have solved every puzzle of this choice: pick another theme or difficulty.",
    recent_title: "Your recent puzzles",
    difficulty_1: "Approachable",
    difficulty_2: "Tricky",
    difficulty_3: "Deep",
    solved_mark: "solved",
    missed_mark: "tried, not solved",
    open: "Open",
    ask: "Your move: find the best play.",
    ask_note: "Make your play with the usual buttons. Only your first try counts.",
    right: "Right: that is the best play.",
    wrong: "Not the best play.",
    answer_is: "The best play",
    answers_are: "The best plays (equal)",
    your_play: "Your play",
    not_compared: "a play the analysis did not compare",
    evaluating: "Your play is not among those the analysis compared: analysing it now, the same way, on the same layouts of the hidden cards…",
    evaluated_note: "not among the plays compared: analysed just now the same way, on the same layouts of the hidden cards",
    as_good: "Right: as good as the best play.",
    better: "Right: better than the best play the analysis had found.",
    not_judged: "Not judged: your play is not among those the analysis compared, and it could not be analysed on this device.",
    not_counted: "This try does not count for your rating and streak.",
    values_title: "What each play is worth",
    best_mark: "best",
    play_on: "Play on from here against bots",
    next: "Next puzzle",
    try_again: "Try again",
    all_puzzles: "All puzzles",
    first_try_only: "Only the first try counts for your rating and streak.",
    loading: "Loading the puzzles…",
    no_file: "The puzzles could not be loaded. Are you offline? They are kept on this device once loaded.",
    bad_file: "The puzzle file is damaged and cannot be read.",
    no_such: "There is no puzzle with this number.",
    bad_position: "This puzzle's position cannot be set up.",
    record_aside: "Your puzzle record could not be read. It is kept aside on this device, and a new record starts.",
};

pub static FR: PzStrings = PzStrings {
    title: "Problèmes",
    intro: "Une position d'une vraie partie, vue d'une place : trouvez le meilleur coup. Chaque réponse a été vérifiée par une analyse poussée sur toutes les façons dont les cartes cachées peuvent être réparties.",
    game_label: "Jeu",
    daily_title: "Problème du jour",
    choose_title: "Choisissez vos problèmes",
    theme_label: "Thème",
    any_theme: "Tous",
    lesson_one: "Nouveau\u{a0}? Leçon\u{a0}1",
    level_label: "Difficulté",
    any_level: "Toutes",
    next_unsolved: "Problème suivant non résolu",
    all_solved: "Vous avez résolu tous les problèmes de ce choix : prenez un autre thème ou une autre difficulté.",
    recent_title: "Vos derniers problèmes",
    difficulty_1: "Abordable",
    difficulty_2: "Subtil",
    difficulty_3: "Redoutable",
    solved_mark: "résolu",
    missed_mark: "tenté, pas résolu",
    open: "Ouvrir",
    ask: "À vous : trouvez le meilleur coup.",
    ask_note: "Jouez avec les boutons habituels. Seul votre premier essai compte.",
    right: "Bien vu : c'est le meilleur coup.",
    wrong: "Ce n'est pas le meilleur coup.",
    answer_is: "Le meilleur coup",
    answers_are: "Les meilleurs coups (à égalité)",
    your_play: "Votre coup",
    not_compared: "un coup que l'analyse n'a pas comparé",
    evaluating: "Votre coup n'est pas parmi ceux que l'analyse a comparés : analyse en cours, de la même façon, sur les mêmes répartitions des cartes cachées…",
    evaluated_note: "pas parmi les coups comparés : analysé à l'instant de la même façon, sur les mêmes répartitions des cartes cachées",
    as_good: "Bien vu : aussi bon que le meilleur coup.",
    better: "Bien vu : meilleur que le meilleur coup trouvé par l'analyse.",
    not_judged: "Non jugé : votre coup n'est pas parmi ceux que l'analyse a comparés, et il n'a pas pu être analysé sur cet appareil.",
    not_counted: "Cet essai ne compte pas pour votre classement et votre série.",
    values_title: "Ce que vaut chaque coup",
    best_mark: "meilleur",
    play_on: "Continuer la partie contre les bots",
    next: "Problème suivant",
    try_again: "Réessayer",
    all_puzzles: "Tous les problèmes",
    first_try_only: "Seul le premier essai compte pour votre classement et votre série.",
    loading: "Chargement des problèmes…",
    no_file: "Les problèmes n'ont pas pu être chargés. Êtes-vous hors ligne ? Une fois chargés, ils sont gardés sur cet appareil.",
    bad_file: "Le fichier des problèmes est abîmé et ne peut pas être lu.",
    no_such: "Aucun problème ne porte ce numéro.",
    bad_position: "La position de ce problème ne peut pas être mise en place.",
    record_aside: "Votre relevé de problèmes n'a pas pu être lu. Il est mis de côté sur cet appareil, et un nouveau relevé commence.",
};

pub fn pz(lang: Lang) -> &'static PzStrings {
    match lang {
        Lang::En => &EN,
        Lang::Fr => &FR,
    }
}

/// A puzzle text that follows the language switch (see `ui::tr`).
pub(crate) fn pz_tr(pick: fn(&'static PzStrings) -> &'static str) -> impl Fn() -> &'static str + Copy + Send + Sync + 'static {
    let lang = ctx().lang;
    move || pick(pz(lang.get()))
}

pub fn difficulty(d: u8, lang: Lang) -> &'static str {
    let s = pz(lang);
    match d {
        1 => s.difficulty_1,
        2 => s.difficulty_2,
        _ => s.difficulty_3,
    }
}

/// A theme of the puzzles screen: what kind of move a puzzle of `game`
/// asks for, in its game's words ([`GameUi::PUZZLE_KINDS`]; its code if
/// the game words it not).
pub fn kind_name(game: GameId, kind: Kind, lang: Lang) -> &'static str {
    with_game!(game, G => kind_name_of::<G>(kind, lang))
}

fn kind_name_of<G: GameUi>(kind: Kind, lang: Lang) -> &'static str {
    G::PUZZLE_KINDS.iter().find(|(k, ..)| *k == kind).map_or(kind.code(), |&(_, en, fr)| lang.pick(en, fr))
}

/// A win chance in percent ([`Unit::WIN_CHANCE`]): a unit any game's
/// puzzles may use (Katzenjammer's, High card's), so worded here.
pub const WIN_CHANCE: UnitWords = UnitWords {
    whole: true,
    value: [(" % ± ", " chance to win"), (" % ± ", " de chances de gagner")],
    worse: [(": worth ", " points of win chance less."), (" : ", " points de chances de gagner en moins.")],
};

/// A unit no game words: the bare numbers (never for a file read with its
/// game's vocabulary, whose units its game words: tested).
const UNWORDED: UnitWords = UnitWords { whole: false, value: [(" ± ", ""); 2], worse: [(": ", "."); 2] };

/// How a value in `unit` is worded for game `G`'s puzzles (a puzzle's
/// screen, generic over its game, asks for its own: no other game's words
/// ride in its part).
pub fn unit_words<G: GameUi>(unit: Unit) -> &'static UnitWords {
    let shared = (unit == Unit::WIN_CHANCE).then_some(&WIN_CHANCE);
    G::PUZZLE_UNITS.iter().find(|(u, _)| *u == unit).map(|(_, words)| words).or(shared).unwrap_or(&UNWORDED)
}

/// The English (first) or the French words of a [`UnitWords`] pair.
fn english_or_french<T: Copy>(pair: [T; 2], lang: Lang) -> T {
    match lang {
        Lang::En => pair[0],
        Lang::Fr => pair[1],
    }
}

/// A value as `words` write it: a whole number, or two decimals.
fn number(value: f64, words: &UnitWords, lang: Lang) -> String {
    match words.whole {
        true => num(value.round() as i32),
        false => decimal(value, lang),
    }
}

/// "12 of 87 solved" / "12 sur 87 résolus".
pub fn solved_of(solved: usize, all: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{solved} of {all} solved"),
        Lang::Fr => format!("{solved} sur {all} résolu{}", if solved > 1 { "s" } else { "" }),
    }
}

/// "Puzzle #123" / "Problème nº 123".
pub fn puzzle_title(id: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Puzzle #{id}"),
        Lang::Fr => format!("Problème nº {id}"),
    }
}

pub fn error_text(error: &PuzzleError, lang: Lang) -> &'static str {
    let s = pz(lang);
    match error {
        PuzzleError::NoFile => s.no_file,
        PuzzleError::BadFile(_) => s.bad_file,
        PuzzleError::NoSuchPuzzle(_) => s.no_such,
        PuzzleError::BadPosition(_) => s.bad_position,
    }
}

/// A number with two decimals and a true minus sign: "1.25", "−0.50" / "1,25".
pub fn decimal(value: f64, lang: Lang) -> String {
    crate::i18n::decimal(value, 2, lang)
}

/// A candidate's value with its interval, in its unit's `words`:
/// "1.25 ± 0.20 expected mice" / "1,25 ± 0,20 souris espérées", "62 % ± 3 chance to win".
pub fn value_text(words: &UnitWords, value: f64, ci: f64, lang: Lang) -> String {
    let (between, after) = english_or_french(words.value, lang);
    format!("{}{between}{}{after}", number(value, words, lang), number(ci, words, lang))
}

/// A move worse than the best known, by `gap` (its value minus the best's,
/// in the unit `words` word): "Not the best play: worth 0.62 expected mice
/// less", J'achète's "… 14.30 more points in hand at the round's end".
pub fn worse(words: &UnitWords, gap: f64, lang: Lang) -> String {
    let s = pz(lang).wrong.trim_end_matches('.');
    let (between, after) = english_or_french(words.worse, lang);
    format!("{s}{between}{}{after}", number(gap.abs(), words, lang))
}

/// The folded bars' title: "The other 5 plays compared" / "Les 5 autres coups comparés".
pub fn more_plays(n: usize, lang: Lang) -> String {
    match (lang, n) {
        (Lang::En, 1) => "The other play compared".to_string(),
        (Lang::Fr, 1) => "L'autre coup comparé".to_string(),
        (Lang::En, _) => format!("The other {n} plays compared"),
        (Lang::Fr, _) => format!("Les {n} autres coups comparés"),
    }
}

/// When the file keeps only the best of the moves compared:
/// "The analysis compared 8 plays: here are the best 5."
pub fn kept_plays(compared: usize, kept: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("The analysis compared {compared} plays: here are the best {kept}."),
        Lang::Fr => format!("L'analyse a comparé {compared} coups, dont voici les {kept} meilleurs."),
    }
}

/// "Solved: 12 · right at the first try: 9 · rating 1532 · daily streak 3".
pub fn record_text(solved: usize, first: usize, rating: i32, streak: u32, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Solved: {solved} · right at the first try: {first} · rating {} · daily streak {streak}", num(rating)),
        Lang::Fr => format!("Résolus : {solved} · justes du premier coup : {first} · classement {} · série du jour {streak}", num(rating)),
    }
}

/// "Rating 1516 (+16)" / "Classement 1516 (+16)".
pub fn rating_text(rating: i32, change: i32, lang: Lang) -> String {
    let change = if change > 0 { format!("+{change}") } else { num(change) };
    format!("{} {} ({change})", lang.pick("Rating", "Classement"), num(rating))
}

/// What a player shares, Wordle-like and without a spoiler:
/// "Tablée puzzle #123 ✓ first try 🔥5" and the puzzle's link (no language);
/// a J'achète puzzle says so: "Tablée puzzle #12 (J'achète) ✗".
pub fn share_text(game: GameId, id: u32, first_try: Option<bool>, streak: u32, url: &str, lang: Lang) -> String {
    let mark = match (first_try, lang) {
        (Some(true), Lang::En) => " ✓ first try",
        (Some(true), Lang::Fr) => " ✓ du premier coup",
        (Some(false), _) => " ✗",
        (None, _) => "",
    };
    let fire = if streak > 0 { format!(" 🔥{streak}") } else { String::new() };
    let name = match lang {
        Lang::En => format!("Tablée puzzle #{id}"),
        Lang::Fr => format!("Problème Tablée nº {id}"),
    };
    // The first game's puzzles were shared without the game's name: kept so.
    let name = if game == GameId::UNNAMED { name } else { format!("{name} ({})", game.title()) };
    format!("{name}{mark}{fire}\n{url}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_puzzle_text_exists_in_both_languages() {
        crate::i18n::check_tables(include_str!("texts.rs"), "PzStrings", &[]);
    }

    #[test]
    fn values_are_written_for_readers() {
        // Win chance, any game's unit, is worded alike for every game (each
        // game's own units are tested in its folder).
        for game in GameId::ALL {
            let words = with_game!(game, G => unit_words::<G>(Unit::WIN_CHANCE));
            assert_eq!(value_text(words, 61.6, 3.2, Lang::En), "62 % ± 3 chance to win");
            assert_eq!(worse(words, -6.6, Lang::En), "Not the best play: worth 7 points of win chance less.");
        }
        assert_eq!(decimal(-0.004, Lang::En), "0.00");
        assert_eq!(rating_text(1484, -16, Lang::En), "Rating 1484 (\u{2212}16)");
        assert_eq!(more_plays(5, Lang::Fr), "Les 5 autres coups comparés");
        assert_eq!(more_plays(1, Lang::En), "The other play compared");
        assert_eq!(kept_plays(8, 5, Lang::En), "The analysis compared 8 plays: here are the best 5.");
        assert_eq!(solved_of(1, 87, Lang::Fr), "1 sur 87 résolu");
        assert_eq!(solved_of(12, 87, Lang::Fr), "12 sur 87 résolus");
        assert_eq!(solved_of(0, 5, Lang::En), "0 of 5 solved");
    }

    /// Catches a game whose puzzles name a kind or a unit it does not word
    /// (issue 54: its words are in its folder, `GameUi::PUZZLE_KINDS`), and
    /// a unit no game words: its bare numbers.
    #[test]
    fn every_kind_and_unit_of_a_games_puzzles_is_worded() {
        fn check<G: GameUi>() {
            let Some(vocabulary) = G::PUZZLES else { return };
            for kind in vocabulary.kinds {
                assert!(G::PUZZLE_KINDS.iter().any(|(k, ..)| k == kind), "{}: the kind {}", G::CODE, kind.code());
            }
            for unit in vocabulary.units {
                assert!(*unit == Unit::WIN_CHANCE || G::PUZZLE_UNITS.iter().any(|(u, _)| u == unit), "{}: the unit {}", G::CODE, unit.code());
            }
        }
        for game in GameId::ALL {
            with_game!(game, G => check::<G>());
        }
        let gold = Unit::new("gold", 1.0);
        let words = with_game!(GameId::ALL[0], G => unit_words::<G>(gold));
        assert_eq!(value_text(words, 2.0, 0.5, Lang::Fr), "2,00 ± 0,50");
        assert_eq!(kind_name(GameId::ALL[0], tablee_puzzles::format::Kind::new("fold"), Lang::En), "fold");
    }

    #[test]
    fn the_share_text_has_no_spoiler_and_no_language_in_its_link() {
        let kb = GameId::UNNAMED;
        let url = format!("https://example.org/tablee/?game={}&puzzle=123", kb.code());
        let url = url.as_str();
        assert_eq!(share_text(kb, 123, Some(true), 5, url, Lang::En), format!("Tablée puzzle #123 ✓ first try 🔥5\n{url}"));
        assert_eq!(share_text(kb, 123, Some(false), 0, url, Lang::Fr), format!("Problème Tablée nº 123 ✗\n{url}"));
        // Another game's names it.
        for other in GameId::ALL.into_iter().filter(|&g| g != kb && g.has_puzzles()) {
            let url = format!("https://example.org/tablee/?game={}&puzzle=12", other.code());
            assert_eq!(share_text(other, 12, None, 2, &url, Lang::En), format!("Tablée puzzle #12 ({}) 🔥2\n{url}", other.title()));
        }
        for lang in Lang::ALL {
            let text = share_text(kb, 123, Some(true), 1, url, lang);
            assert!(!text.contains("lang=") && !text.contains("pass") && !text.contains("bid"), "{text}");
        }
    }
}
