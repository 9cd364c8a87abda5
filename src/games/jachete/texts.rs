//! J'achète in words, in French (Quebec: « j'achète », « flounes » for the
//! wilds, cents) and English: the table's fixed texts ([`JaStrings`], reached
//! as `lang.ja()`) and its sentences. Refusals are in [`super::refusals`].

use tablee_engine::jachete::{Card, Contract, JaAction};
use tablee_engine::Seat;

use super::refusals::the_card;
use super::staging::StageError;
use super::summary::Summary;
use super::Jachete;
use crate::app::config::TableConfig;
use crate::app::config::DailyAttempt;
use crate::games::GameId;
use crate::app::lang::Lang;
use crate::i18n::{is_you, number, says, seat_name};

type Table = TableConfig<Jachete>;

impl Lang {
    pub fn ja(self) -> &'static JaStrings {
        match self {
            Lang::Fr => &FR,
            Lang::En => &EN,
        }
    }
}

/// The fixed texts of J'achète, in one language.
pub struct JaStrings {
    pub round: &'static str,
    pub contract: &'static str,
    pub dealer: &'static str,
    pub stock: &'static str,
    pub discard: &'static str,
    pub discard_empty: &'static str,
    pub history_show: &'static str,
    pub history_hide: &'static str,
    pub history_title: &'static str,
    pub small_pot: &'static str,
    pub big_pot: &'static str,
    pub opened: &'static str,
    pub not_opened: &'static str,
    pub bought: &'static str,
    pub points: &'static str,
    pub table_title: &'static str,
    pub table_empty: &'static str,
    pub your_hand: &'static str,
    pub sort_rank: &'static str,
    pub sort_suit: &'static str,
    pub buy: &'static str,
    pub decline: &'static str,
    pub buy_order: &'static str,
    pub declined: &'static str,
    pub asked_now: &'static str,
    /// Hot-seat buy wishes (issue 52).
    pub wish_title: &'static str,
    pub wish_ask: &'static str,
    pub wish_let: &'static str,
    pub wish_buy: &'static str,
    pub wish_note: &'static str,
    pub wish_wild: &'static str,
    pub new_meld: &'static str,
    pub play: &'static str,
    pub reset_turn: &'static str,
    pub discard_button: &'static str,
    pub swap: &'static str,
    pub to_hand: &'static str,
    /// A meld's own target: the selected cards go onto it.
    pub lay_here: &'static str,
    pub cancel: &'static str,
    pub to_place: &'static str,
    /// JA-14: what to do with a wild a swap freed.
    pub to_place_help: &'static str,
    /// JA-13: table cards picked alone are to be moved (issue 52).
    pub move_help: &'static str,
    pub valid: &'static str,
    pub turn_help: &'static str,
    pub round_end: &'static str,
    pub next_round: &'static str,
    pub hands_left: &'static str,
    /// The round's table's column of points (a heading, capitalised).
    pub points_col: &'static str,
    pub went_out: &'static str,
    pub total: &'static str,
    pub purse: &'static str,
    pub winners_title: &'static str,
    pub flounes: &'static str,
    pub played: &'static str,
    pub hint_apply: &'static str,
    pub wait: &'static str,
}

pub static EN: JaStrings = JaStrings {
    round: "Round",
    contract: "Contract",
    dealer: "Dealer",
    stock: "Stock",
    discard: "Discard pile",
    discard_empty: "empty",
    history_show: "Discards so far",
    history_hide: "Hide the discards",
    history_title: "Every card discarded or bought this round, oldest first",
    small_pot: "Small pot",
    big_pot: "Big pot",
    opened: "opened",
    not_opened: "not opened",
    bought: "bought",
    points: "points",
    table_title: "The table",
    table_empty: "No meld on the table yet.",
    your_hand: "Your hand",
    sort_rank: "Sort by rank",
    sort_suit: "Sort by suit",
    buy: "J'achète! (5¢)",
    decline: "No thanks",
    buy_order: "Who may buy, in order",
    declined: "said no",
    asked_now: "asked now",
    wish_title: "Others' discards this round",
    wish_ask: "Ask me each time",
    wish_let: "Let them all go",
    wish_buy: "Buy only these, let the others go:",
    wish_note: "Answered for you at once, without passing the device. You can change it on each of your turns.",
    wish_wild: "any wild",
    new_meld: "New meld",
    play: "Play",
    reset_turn: "Reset turn",
    discard_button: "Discard",
    swap: "Swap for the wild",
    to_hand: "Back to hand",
    lay_here: "Lay here",
    cancel: "Cancel",
    to_place: "To play again",
    to_place_help: "It goes back on the table this turn: tap it, then “Lay here” on a meld.",
    move_help: "To move it: “Lay here” on another meld, or “New meld”.",
    valid: "valid",
    turn_help: "Tap cards, then a meld or “New meld”; once opened, a table card tapped may move to another meld. Play lays the table down; a discard ends your turn.",
    round_end: "Round over",
    next_round: "Next round",
    hands_left: "Cards left in hand",
    points_col: "Points",
    went_out: "went out",
    total: "Total",
    purse: "Purse",
    winners_title: "Lowest total wins the big pot",
    flounes: "Wilds (2s and jokers)",
    played: "Table laid down.",
    hint_apply: "Stage this table",
    wait: "Wait for your turn.",
};

pub static FR: JaStrings = JaStrings {
    round: "Manche",
    contract: "Contrat",
    dealer: "Donneur",
    stock: "Pioche",
    discard: "Défausse",
    discard_empty: "vide",
    history_show: "Cartes défaussées",
    history_hide: "Cacher les défausses",
    history_title: "Chaque carte défaussée ou achetée dans cette manche, la plus ancienne d'abord",
    small_pot: "Petit pot",
    big_pot: "Gros pot",
    opened: "ouvert",
    not_opened: "pas ouvert",
    bought: "acheté",
    points: "points",
    table_title: "La table",
    table_empty: "Aucune combinaison sur la table.",
    your_hand: "Votre main",
    sort_rank: "Trier par valeur",
    sort_suit: "Trier par couleur",
    buy: "J'achète\u{a0}! (5\u{a0}¢)",
    decline: "Non merci",
    buy_order: "Qui peut acheter, dans l'ordre",
    declined: "a dit non",
    asked_now: "à qui l'on demande",
    wish_title: "Défausses des autres dans cette manche",
    wish_ask: "Me demander à chaque fois",
    wish_let: "Les laisser toutes passer",
    wish_buy: "Acheter seulement celles-ci, laisser passer les autres :",
    wish_note: "Répondu pour vous aussitôt, sans passer l'appareil. Vous pouvez le changer à chacun de vos tours.",
    wish_wild: "toute floune",
    new_meld: "Nouvelle combinaison",
    play: "Jouer",
    reset_turn: "Recommencer le tour",
    discard_button: "Défausser",
    swap: "Échanger contre la floune",
    to_hand: "Reprendre en main",
    lay_here: "Poser ici",
    cancel: "Annuler",
    to_place: "À rejouer",
    to_place_help: "Elle retourne sur la table ce tour-ci\u{a0}: touchez-la, puis «\u{a0}Poser ici\u{a0}» sur une combinaison.",
    move_help: "Pour la déplacer\u{a0}: «\u{a0}Poser ici\u{a0}» sur une autre combinaison, ou «\u{a0}Nouvelle combinaison\u{a0}».",
    valid: "valable",
    turn_help: "Touchez des cartes, puis une combinaison ou «\u{a0}Nouvelle combinaison\u{a0}»\u{a0}; une fois ouvert, une carte de la table touchée peut changer de combinaison. Jouer pose la table\u{a0}; une défausse finit votre tour.",
    round_end: "Fin de la manche",
    next_round: "Manche suivante",
    hands_left: "Cartes restées en main",
    points_col: "Points",
    went_out: "est sorti",
    total: "Total",
    purse: "Bourse",
    winners_title: "Le plus petit total gagne le gros pot",
    flounes: "Flounes (les 2 et les jokers)",
    played: "Table posée.",
    hint_apply: "Préparer cette table",
    wait: "Attendez votre tour.",
};

/// A card as shown: "7♥", "V♠" in French, "★" for a joker.
pub fn card_label(card: Card, lang: Lang) -> String {
    match card {
        Card::Joker => "★".to_string(),
        Card::Natural(..) => super::refusals::card_name(card, lang),
    }
}

/// A card for a screen reader: "7♥", "joker".
pub fn card_spoken(card: Card, lang: Lang) -> String {
    super::refusals::card_name(card, lang)
}

/// "2 sets of 3" / "2 séries de 3".
pub fn contract_text(c: Contract, lang: Lang) -> String {
    let (count, sets, rest) = contract_words(c, lang);
    format!("{count} {sets} {rest}")
}

/// The contract's words around its set word, which the table defines on a
/// tap (issue 42): ("two", "sets", "of 3").
pub fn contract_words(c: Contract, lang: Lang) -> (String, &'static str, String) {
    let n = number(c.sets as u32, lang, true);
    match (lang, c.sets) {
        (Lang::En, 1) => ("one".into(), "set", format!("of {}", c.min_len)),
        (Lang::En, _) => (n, "sets", format!("of {}", c.min_len)),
        (Lang::Fr, 1) => ("une".into(), "série", format!("de {}", c.min_len)),
        (Lang::Fr, _) => (n, "séries", format!("de {}", c.min_len)),
    }
}

/// "Round 3 of 7".
pub fn round_text(round: u8, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Round {round} of 7"),
        Lang::Fr => format!("Manche {round} sur 7"),
    }
}

/// The progress of an opening: "Contract: 1 of 2 sets of 3 — 1 more to go".
pub fn progress_text(done: usize, c: Contract, lang: Lang) -> String {
    let left = c.sets - done.min(c.sets);
    match (lang, left) {
        (Lang::En, 0) => format!("The contract is there ({}): press Play to open.", contract_text(c, lang)),
        (Lang::Fr, 0) => format!("Le contrat y est ({}) : touchez Jouer pour ouvrir.", contract_text(c, lang)),
        (Lang::En, 1) => format!("To open: 1 more set of {} cards or more.", c.min_len),
        (Lang::Fr, 1) => format!("Pour ouvrir : encore une série d'au moins {} cartes.", c.min_len),
        (Lang::En, n) => format!("To open: {} more sets of {} cards or more.", number(n as u32, lang, false), c.min_len),
        (Lang::Fr, n) => format!("Pour ouvrir : encore {} séries d'au moins {} cartes.", number(n as u32, lang, true), c.min_len),
    }
}

/// Cents as the table writes them, one form a language (issue 52): "45¢",
/// « 45 ¢ » (a no-break space, French typography).
pub fn cents(n: i32, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{}¢", crate::i18n::num(n)),
        Lang::Fr => format!("{}\u{a0}¢", crate::i18n::num(n)),
    }
}

/// Whose turn: "Your turn: you drew the 7♦. …" /
/// "Player 3 is playing." `drawn`: the card the person drew (JA-8), marked
/// in the hand.
pub fn turn_text(config: &Table, seat: Seat, buying: bool, drawn: Option<Card>, lang: Lang) -> String {
    let name = seat_name(config, seat, lang);
    let you = crate::i18n::is_you(config, seat);
    let drew = |en: bool| match drawn {
        // (Ringed in the hand: said by the ring. The line stays two lines
        // on a phone: it is pinned over the table.)
        Some(c) if en => format!("you drew {}", the_card(c, lang)),
        Some(c) => format!("vous avez pioché {}", the_card(c, lang)),
        None if en => "you drew a card".to_string(),
        None => "vous avez pioché".to_string(),
    };
    match (lang, buying, you) {
        (Lang::En, true, true) => "Do you buy the discard?".to_string(),
        (Lang::En, true, false) => format!("{name} may buy the discard."),
        (Lang::En, false, true) => format!("Your turn: {}. Lay melds if you can, then discard.", drew(true)),
        (Lang::En, false, false) => format!("{name} is playing."),
        (Lang::Fr, true, true) => "Achetez-vous la défausse ?".to_string(),
        (Lang::Fr, true, false) => format!("{name} peut acheter la défausse."),
        // (Two lines on a phone, the card named: "si possible".)
        (Lang::Fr, false, true) if drawn.is_some() => format!("À vous : {}. Posez si possible, puis défaussez.", drew(false)),
        (Lang::Fr, false, true) => format!("À vous : {}. Posez si vous pouvez, puis défaussez.", drew(false)),
        (Lang::Fr, false, false) => format!("{name} joue."),
    }
}

/// Issue 52: a tap sequence that swaps says so before the swap is made —
/// "Swap your Q♣ for the ★ of this meld? …" (JA-13, JA-14).
pub fn swap_ask(natural: Card, wild: Card, lang: Lang) -> String {
    let (n, w) = (card_label(natural, lang), card_label(wild, lang));
    match lang {
        Lang::En => format!("Swap your {n} for the {w} of this meld? The {w} then comes off the table and must be played again this turn."),
        Lang::Fr => format!("Échanger votre {n} contre le {w} de cette combinaison\u{a0}? Le {w} en sort et devra être rejoué ce tour-ci."),
    }
}



/// The buy window's question (JA-9, JA-10).
pub fn buy_question(card: Card, next: bool, lang: Lang) -> String {
    let c = the_card(card, lang);
    let price = cents(tablee_engine::jachete::BUY_PRICE, lang);
    match (lang, next) {
        (Lang::En, true) => format!("Buy {c} for {price}? You also get a bonus card, then draw as usual: it is your turn next."),
        (Lang::En, false) => format!("Buy {c} for {price}? You also get a bonus card from the stock."),
        (Lang::Fr, true) => format!("Acheter {c} pour {price} ? Vous recevez aussi une carte en prime, puis vous piochez : c'est votre tour."),
        (Lang::Fr, false) => format!("Acheter {c} pour {price} ? Vous recevez aussi une carte en prime de la pioche."),
    }
}

/// JA-7: the dealer turned a wild and had to buy it.
pub fn forced_buy_text(config: &Table, dealer: Seat, card: Card, lang: Lang) -> String {
    let name = seat_name(config, dealer, lang);
    let c = card_spoken(card, lang);
    match lang {
        Lang::En => format!("The first card turned was a wild ({c}): the dealer, {name}, had to buy it."),
        Lang::Fr => format!("La première carte retournée était une floune ({c}) : le donneur, {name}, a dû l'acheter."),
    }
}

/// A staging operation refused.
pub fn stage_error(e: StageError, lang: Lang) -> &'static str {
    let en = lang == Lang::En;
    match e {
        StageError::NothingSelected if en => "Select cards first.",
        StageError::NothingSelected => "Choisissez d'abord des cartes.",
        StageError::NotOpened if en => "Until you have opened, the melds on the table stay as they are: make new melds from your hand.",
        StageError::NotOpened => "Tant que vous n'avez pas ouvert, les combinaisons de la table restent telles quelles : faites-en de nouvelles avec votre main.",
        StageError::FixedCard if en => "A card that was on the table when your turn began stays on the table.",
        StageError::FixedCard => "Une carte qui était sur la table au début de votre tour reste sur la table.",
        StageError::NotASwap if en => "To swap, select one natural card of your hand and one wild on a meld.",
        StageError::NotASwap => "Pour échanger, choisissez une carte naturelle de votre main et une floune d'une combinaison.",
        StageError::NotYourTurn if en => "Wait for your turn.",
        StageError::NotYourTurn => "Attendez votre tour.",
    }
}

/// Why `best` beats `other`, from the seat's `view` (never a hidden card), in
/// plain words for a newcomer (`tablee_puzzles::jachete::explain::plain`: the
/// puzzles' reasons, one copy of them, worded for play; issue 52): the
/// table's hint and the coached game's line. `None` when no reason holds.
pub fn why(view: &tablee_engine::jachete::JaView, best: &JaAction, other: &JaAction, lang: Lang) -> Option<String> {
    let (en, fr) = tablee_puzzles::jachete::explain::plain(view, best, other)?;
    Some(if lang == Lang::Fr { fr } else { en })
}

/// An action in words (hints, announcements).
pub fn action_text(action: &JaAction, lang: Lang) -> String {
    let en = lang == Lang::En;
    match action {
        JaAction::Buy if en => "Buy the card".to_string(),
        JaAction::Buy => "Acheter la carte".to_string(),
        JaAction::Decline if en => "Let it go".to_string(),
        JaAction::Decline => "La laisser passer".to_string(),
        JaAction::Discard(c) if en => format!("Discard {}", the_card(*c, lang)),
        JaAction::Discard(c) => format!("Défausser {}", the_card(*c, lang)),
        JaAction::Play { .. } if en => "Lay down this table".to_string(),
        JaAction::Play { .. } => "Poser cette table".to_string(),
    }
}

/// A puzzle's buy or let-go in words: "Buy the 7♦", "Laisser passer le 7♦".
pub fn offer_text(buy: bool, card: Card, lang: Lang) -> String {
    let c = the_card(card, lang);
    match (buy, lang) {
        (true, Lang::En) => format!("Buy {c}"),
        (true, Lang::Fr) => format!("Acheter {c}"),
        (false, Lang::En) => format!("Let {c} go"),
        (false, Lang::Fr) => format!("Laisser passer {c}"),
    }
}

/// The hand's heading: "Your hand · 11 cards".
pub fn hand_heading(n: usize, lang: Lang) -> String {
    format!("{} · {}", lang.ja().your_hand, crate::i18n::cards_count(n, lang))
}

/// A player's hand size; for the seat staging a play, how many of its
/// cards are on the staged table: "11 cards · 3 on the table to play".
pub fn hand_size_text(n: usize, staged: usize, lang: Lang) -> String {
    let n = crate::i18n::cards_count(n, lang);
    match (staged, lang) {
        (0, _) => n,
        (k, Lang::En) => format!("{n} · {k} on the table to play"),
        (k, Lang::Fr) => format!("{n} · {k} sur la table, à jouer"),
    }
}

/// "Player 2 went out." / the stock ran dry.
pub fn went_out_text(config: &Table, seat: Option<Seat>, lang: Lang) -> String {
    match (seat, lang) {
        // The person is spoken to: "Vous êtes sorti !", not "Vous est sorti !".
        (Some(s), _) => says(lang, is_you(config, s), &seat_name(config, s, lang), "went out!", "went out!", "êtes sorti !", "est sorti !"),
        (None, Lang::En) => "The stock ran out: everyone scores their hand.".to_string(),
        (None, Lang::Fr) => "La pioche est épuisée : chacun compte sa main.".to_string(),
    }
}

/// "Round 3 is over" / "Fin de la manche 3".
pub fn round_over_text(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Round {n} is over"),
        Lang::Fr => format!("Fin de la manche {n}"),
    }
}

/// JA-18: who takes the small pot (whoever went out in round 7).
pub fn small_pot_text(config: &Table, seat: Option<Seat>, lang: Lang) -> String {
    match (seat, lang) {
        (Some(s), _) => says(
            lang,
            is_you(config, s),
            &seat_name(config, s, lang),
            "went out in round 7 and take the small pot.",
            "went out in round 7 and takes the small pot.",
            "êtes sorti à la manche 7 et prenez le petit pot.",
            "est sorti à la manche 7 et prend le petit pot.",
        ),
        (None, Lang::En) => "Nobody went out in round 7: the small pot is shared like the big one.".to_string(),
        (None, Lang::Fr) => "Personne n'est sorti à la manche 7 : le petit pot se partage comme le gros.".to_string(),
    }
}

/// Par for J'achète: the expert bot in the person's seat on the same deal,
/// in points (fewer is better, JA-18).
pub fn par_text(par: i32, mine: i32, lang: Lang) -> String {
    let diff = mine - par;
    match lang {
        Lang::En => {
            let how = match diff {
                0 => "the same".to_string(),
                d if d < 0 => format!("{} fewer: better", -d),
                d => format!("{d} more"),
            };
            format!("Par — the expert bot in your seat on this deal: {par} points. You: {mine} ({how}).")
        }
        Lang::Fr => {
            let how = match diff {
                0 => "autant".to_string(),
                d if d < 0 => format!("{} de moins : mieux", -d),
                d => format!("{d} de plus"),
            };
            format!("Par — le bot expert à votre place sur cette donne : {par} points. Vous : {mine} ({how}).")
        }
    }
}

/// A score in words: "65 points" (the same in both languages).
pub fn points_text(n: i32) -> String {
    format!("{} points", crate::i18n::num(n))
}

/// The text shared at the game's end, with the deal's link: the person's
/// total, place, par and daily streak; never a card (the words are every
/// game's, [`crate::i18n::share_text`]).
pub fn share_text(config: &Table, summary: Option<&Summary>, par: Option<i32>, daily: Option<DailyAttempt>, url: &str, lang: Lang) -> String {
    let mine = config.solo_seat().and_then(|seat| summary?.players.get(seat)).map(|p| (p.points, p.place));
    let deal = crate::i18n::deal_name(config, lang);
    crate::i18n::share_text(GameId::Jachete.title(), &deal, config.players(), mine, par, daily, &points_text, url, lang)
}

/// An announcement for screen readers after a staging move.
pub fn moved_text(n: usize, target: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("{} moved to {target}.", crate::i18n::cards_count(n, lang)),
        Lang::Fr => format!("{} vers {target}.", crate::i18n::cards_count(n, lang)),
    }
}

/// "Meld 2 of Player 3: 7♥ 7♠ 2♣", a meld group's name: whose, which, and its cards.
pub fn meld_label(config: &Table, owner: Seat, k: usize, cards: &[Card], lang: Lang) -> String {
    let name = seat_name(config, owner, lang);
    let cards = cards.iter().map(|&c| card_spoken(c, lang)).collect::<Vec<_>>().join(" ");
    match lang {
        Lang::En => format!("Meld {} of {name}: {cards}", k + 1),
        Lang::Fr => format!("Combinaison {} de {name} : {cards}", k + 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::jachete::contract;

    fn cards(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| Card::parse(c).unwrap()).collect()
    }

    /// Issue 42: the hint's and the coach's reason, from the seat's view, in
    /// both languages: red if the reason were missing, wrong, or said of
    /// the other move.
    #[test]
    fn ja09_ja12_the_hints_reason_says_why_in_both_languages() {
        use tablee_engine::jachete::{JaGame, JaOptions, JaPhase};
        use tablee_engine::{Game, Seed};
        // JA-12: opening with the contract against waiting.
        let mut v = JaGame::new_game(4, JaOptions::default(), Seed::from_number(1)).unwrap().view(0);
        v.hand = cards("5S 5H 5D 8C 8D 8S JK QC");
        v.table = Vec::new();
        v.opened = vec![false, true, false, true];
        v.phase = JaPhase::Play;
        let mut table = v.table.clone();
        table.push(tablee_engine::jachete::TableMeld { owner: 0, cards: cards("5S 5H 5D") });
        table.push(tablee_engine::jachete::TableMeld { owner: 0, cards: cards("8C 8D 8S") });
        let open = JaAction::Play { table };
        let wait = JaAction::Discard(Card::parse("QC").unwrap());
        // Issue 52: the reason alone (the coach and the hint name the move
        // beside it), in plain words, with what it means for the player.
        assert_eq!(
            why(&v, &open, &wait, Lang::En).as_deref(),
            Some("it lays down the contract now: from then on you can add your cards to any meld on the table")
        );
        assert_eq!(
            why(&v, &open, &wait, Lang::Fr).as_deref(),
            Some("vous posez le contrat tout de suite\u{a0}: ensuite vous pourrez ajouter vos cartes à toute combinaison de la table")
        );
        // Waiting is told as waiting, with its own reason (not the contract laid).
        let wait_why = why(&v, &wait, &open, Lang::En).unwrap();
        assert_eq!(wait_why, "it keeps your three 8s together for a set");
        // JA-9: buying a card that pairs with the hand.
        v.phase = JaPhase::BuyWindow;
        v.buy_card = Some(Card::parse("QH").unwrap());
        assert_eq!(why(&v, &JaAction::Buy, &JaAction::Decline, Lang::En).as_deref(), Some("this card makes a pair with yours: one more of that rank makes a set"));
        assert_eq!(
            why(&v, &JaAction::Buy, &JaAction::Decline, Lang::Fr).as_deref(),
            Some("cette carte fait une paire avec la vôtre\u{a0}: encore une de cette valeur et c'est une série")
        );
        // Issue 52: letting a card go never says "il" of "la D♠" (nor "elle" of "le 5♠").
        v.hand = cards("5S 9H KD");
        v.buy_card = Some(Card::parse("QS").unwrap());
        let fr = why(&v, &JaAction::Decline, &JaAction::Buy, Lang::Fr).unwrap();
        assert!(fr.starts_with("cette carte ne va avec aucune des vôtres"), "{fr}");
        for lang in Lang::ALL {
            assert!(why(&v, &JaAction::Buy, &JaAction::Decline, lang).is_some_and(|w| !w.contains("JA-")));
        }
    }

    /// Issue 52: one word for each thing, one form for money and for the
    /// game's cry, the same on the table, in the lessons, in the terms and on
    /// the rules pages; the rules pages and the home screen give the same
    /// numbers of players (JA-2). Red if "paquet", "cagnotte", "5 cents",
    /// "5¢" in French or "J'achète!" without its space came back.
    #[test]
    fn ja02_issue52_one_word_and_one_form_everywhere() {
        use crate::app::game::GameDef;
        let lessons = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/jachete/public/lessons/jachete.json"));
        let course = tablee_lessons::Course::read(lessons).unwrap();
        let mut french: Vec<String> = Vec::new();
        for l in &course.lessons {
            french.push(l.title.fr.clone());
            french.push(l.done.fr.clone());
            for s in &l.steps {
                french.extend(s.wrong.iter().chain(s.refuse.iter().filter_map(|r| r.say.as_ref())).chain([&s.say]).map(|w| w.fr.clone()));
            }
        }
        let rules_fr = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/jachete/public/rules/jachete-fr.html"));
        let rules_en = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/jachete/public/rules/jachete-en.html"));
        french.push(rules_fr.to_string());
        let t = crate::games::jachete::terms::terms(Lang::Fr);
        french.extend([t.set, t.run, t.wild, t.open, t.buy, t.stock, t.small_pot, t.big_pot].iter().map(|w| w.says.to_string()));
        french.extend([FR.buy, FR.stock, FR.small_pot, FR.big_pot].iter().map(|w| w.to_string()));
        french.push(buy_question(Card::parse("7H").unwrap(), true, Lang::Fr));
        french.push(went_out_text(&Table::new(tablee_engine::Seed::from_number(2), 4), None, Lang::Fr));
        for text in &french {
            let low = text.to_lowercase();
            assert!(!low.contains("paquet") && !low.contains("cagnotte"), "the stock is « la pioche », the pots « petit pot » and « gros pot »: {text}");
            assert!(!text.contains("J'achète!") && !text.contains("J'achète !"), "« J'achète\u{a0}! » (a no-break space): {text}");
            let digits_then = |unit: &str| text.match_indices(unit).any(|(i, _)| text[..i].trim_end_matches([' ', '\u{a0}']).ends_with(|c: char| c.is_ascii_digit()) && !text[..i].ends_with('\u{a0}'));
            assert!(!digits_then("¢") && !digits_then(" cents"), "money as the table writes it, « 5\u{a0}¢ »: {text}");
        }
        assert_eq!(cents(5, Lang::Fr), "5\u{a0}¢");
        assert_eq!(cents(45, Lang::En), "45¢");
        assert!(!rules_en.contains(" cents into") && !rules_en.contains("5 cents"), "5¢ in English");
        // JA-2: the rules pages and the home screen's line say the same players.
        for (lang, page) in [(Lang::Fr, rules_fr), (Lang::En, rules_en)] {
            let words = Jachete::players_words(lang);
            // (The page goes on: "(or 3, with the small-table option)".)
            assert!(page.contains(words.trim_end_matches(')')), "the rules page says {words}");
            assert!(crate::i18n::game_blurb::<Jachete>(lang).contains(words), "the home screen says {words}");
        }
    }

    #[test]
    fn ja03_contracts_read_in_words() {
        let c = contract(1).unwrap();
        assert_eq!(contract_text(c, Lang::En), "two sets of 3");
        assert_eq!(contract_text(c, Lang::Fr), "deux séries de 3");
        assert_eq!(contract_text(contract(7).unwrap(), Lang::Fr), "une série de 6");
        assert_eq!(progress_text(1, c, Lang::En), "To open: 1 more set of 3 cards or more.");
    }

    #[test]
    fn stage_errors_are_worded_without_rule_ids() {
        for e in [StageError::NothingSelected, StageError::NotOpened, StageError::FixedCard, StageError::NotASwap, StageError::NotYourTurn] {
            for lang in Lang::ALL {
                assert!(!stage_error(e, lang).contains("JA-"));
            }
            assert_ne!(stage_error(e, Lang::En), stage_error(e, Lang::Fr));
        }
    }

    /// JA-18: fewer points is better, so par says "fewer: better" when the
    /// person beat the expert.
    #[test]
    fn ja18_par_counts_fewer_points_as_better() {
        assert_eq!(par_text(80, 65, Lang::En), "Par — the expert bot in your seat on this deal: 80 points. You: 65 (15 fewer: better).");
        assert_eq!(par_text(80, 95, Lang::En), "Par — the expert bot in your seat on this deal: 80 points. You: 95 (15 more).");
        assert!(par_text(80, 80, Lang::Fr).ends_with("Vous : 80 (autant)."));
        assert!(par_text(80, 65, Lang::Fr).ends_with("(15 de moins : mieux)."));
    }

    /// JA-17: the person who went out is spoken to ("Vous êtes sorti !"),
    /// a bot or a player of a hot-seat game is named.
    #[test]
    fn ja17_who_went_out_agrees_with_the_person() {
        use crate::app::config::SeatKind;
        use tablee_engine::Seed;
        let solo = Table::new(Seed::from_number(2), 4);
        assert_eq!(went_out_text(&solo, Some(0), Lang::Fr), "Vous êtes sorti !");
        assert_eq!(went_out_text(&solo, Some(0), Lang::En), "You went out!");
        assert!(went_out_text(&solo, Some(1), Lang::Fr).ends_with(" est sorti !"));
        assert_eq!(small_pot_text(&solo, Some(0), Lang::Fr), "Vous êtes sorti à la manche 7 et prenez le petit pot.");
        assert_eq!(small_pot_text(&solo, Some(0), Lang::En), "You went out in round 7 and take the small pot.");
        let mut two = solo.clone();
        two.seats[1] = SeatKind::Human;
        assert_eq!(went_out_text(&two, Some(0), Lang::Fr), "Joueur 1 est sorti !");
    }

    /// The players list while a play is staged: the engine's hand size (the
    /// staged cards are still in the hand until "Play"), and how many are staged.
    #[test]
    fn a_staged_hand_says_how_many_cards_are_on_the_table_to_play() {
        assert_eq!(hand_size_text(11, 0, Lang::En), "11 cards");
        assert_eq!(hand_size_text(11, 3, Lang::En), "11 cards · 3 on the table to play");
        assert_eq!(hand_size_text(11, 3, Lang::Fr), "11 cartes · 3 sur la table, à jouer");
    }

    /// The text shared at the end (JA-18: the person's total, fewer is
    /// better): the total, par, place, the daily streak or the first attempt
    /// of a practice, the link; never a card and never a rule id.
    #[test]
    fn ja18_the_shared_text_gives_the_total_and_the_place_never_a_card() {
        use crate::app::config::SeatKind;
        use crate::app::session::Session;
        use crate::i18n::place_text;
        use tablee_engine::Seed;
        let mut bots = Table::new(Seed::from_number(2), 4);
        bots.seats = vec![SeatKind::Bot(tablee_bots::Level::Normal); 4];
        let mut session = Session::new(bots).unwrap();
        while session.bot_step().is_some() {}
        let summary = Summary::of(session.state()).unwrap();
        let config = Table::new(Seed::from_number(2), 4);
        assert_eq!(config.solo_seat(), Some(0));
        let me = &summary.players[0];
        let url = "https://x/tablee/?game=jachete&v=1&seed=0000-0002&players=4";
        for lang in Lang::ALL {
            let text = share_text(&config, Some(&summary), Some(80), None, url, lang);
            assert!(text.starts_with(&format!("Tablée · J'achète · {}", crate::i18n::deal_name(&config, lang))), "{text}");
            let par = lang.pick("the expert bot: 80 points", "le bot expert\u{a0}: 80 points");
            assert!(text.contains(&format!("{} points ({par}), {}.", crate::i18n::num(me.points), place_text(me.place, 4, lang))), "{text}");
            assert!(text.ends_with(url), "{text}");
            assert!(!text.contains("JA-") && !text.chars().any(|c| "♠♥♦♣★".contains(c)), "no rule id, no card: {text}");
            let counted = share_text(&config, Some(&summary), None, Some(DailyAttempt::Counts { streak: 3 }), url, lang);
            assert!(counted.contains(" 🔥3"), "{counted}");
            let practice = share_text(&config, Some(&summary), None, Some(DailyAttempt::Practice { first_score: 70 }), url, lang);
            assert!(practice.contains("70 points") && !practice.contains('🔥') && !practice.contains(&place_text(me.place, 4, lang)), "{practice}");
        }
        let unfinished = share_text(&config, None, None, None, url, Lang::En);
        assert!(unfinished.contains("Can you beat the bots on this deal?"), "{unfinished}");
        let mut two = config.clone();
        two.seats[1] = SeatKind::Human;
        assert!(!share_text(&two, Some(&summary), None, None, url, Lang::En).contains("My result"), "hot-seat: nobody's result");
    }
}
