//! The lessons' fixed words (the lessons' own are in their files).

use crate::app::lang::Lang;

pub struct LnStrings {
    pub learn: &'static str,
    pub intro: &'static str,
    pub lesson: &'static str,
    pub of: &'static str,
    pub start: &'static str,
    pub continue_at: &'static str,
    pub again_all: &'static str,
    pub next: &'static str,
    pub next_lesson: &'static str,
    pub coached_game: &'static str,
    pub all_lessons: &'static str,
    pub again: &'static str,
    pub done_mark: &'static str,
    pub course_done: &'static str,
    pub follow: &'static str,
    pub lesson_over: &'static str,
    pub loading: &'static str,
    pub no_file: &'static str,
    pub coach: &'static str,
    pub watching: &'static str,
    /// The coached game: the coach's move is being worked out (the bots' worker).
    pub thinking: &'static str,
    /// The coached game: no advice came (no worker).
    pub no_advice: &'static str,
    /// The coached game is over.
    pub game_over: &'static str,
}

const FR: LnStrings = LnStrings {
    learn: "Apprendre",
    intro: "Des leçons courtes, une idée chacune, sur la vraie table : le coach vous montre quoi toucher.",
    lesson: "Leçon",
    of: "sur",
    start: "Commencer",
    continue_at: "Continuer : leçon",
    again_all: "Tout revoir",
    next: "Suivant",
    next_lesson: "Leçon suivante",
    coached_game: "Jouer une partie avec le coach",
    all_lessons: "Toutes les leçons",
    again: "Recommencer",
    done_mark: "faite",
    course_done: "Toutes les leçons sont faites.",
    follow: "Suivez le coach : touchez ce qu'il vous montre, ou Suivant.",
    lesson_over: "La leçon est finie : passez à la suivante.",
    loading: "Chargement des leçons…",
    no_file: "Les leçons n'ont pas pu être chargées. Vérifiez la connexion et réessayez.",
    coach: "Le coach",
    watching: "Regardez la table…",
    thinking: "Le coach réfléchit à votre coup…",
    no_advice: "Le coach ne peut pas conseiller ce coup : jouez comme vous le sentez.",
    game_over: "La partie est finie : le tableau montre les scores. Bravo d'être allé jusqu'au bout !",
};

const EN: LnStrings = LnStrings {
    learn: "Learn",
    intro: "Short lessons, one idea each, on the real table: the coach shows you what to tap.",
    lesson: "Lesson",
    of: "of",
    start: "Start",
    continue_at: "Continue: lesson",
    again_all: "Go through them again",
    next: "Next",
    next_lesson: "Next lesson",
    coached_game: "Play a game with the coach",
    all_lessons: "All lessons",
    again: "Start again",
    done_mark: "done",
    course_done: "Every lesson is done.",
    follow: "Follow the coach: tap what it shows you, or Next.",
    lesson_over: "This lesson is over: go on to the next.",
    loading: "Loading the lessons…",
    no_file: "The lessons could not be loaded. Check the connection and try again.",
    coach: "The coach",
    watching: "Watch the table…",
    thinking: "The coach is thinking about your move…",
    no_advice: "The coach cannot advise on this move: play it as you see fit.",
    game_over: "The game is over: the table shows the scores. Well done for playing it through!",
};

pub fn ln(lang: Lang) -> &'static LnStrings {
    match lang {
        Lang::Fr => &FR,
        Lang::En => &EN,
    }
}
