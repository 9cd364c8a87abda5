//! J'achète's words defined on the table (issue 42, `ui::term`): the
//! contract's set, a run, a wild, to open, to buy; the stock, the pots
//! (issue 52: the two decks and what the cents are for) — in French (the table's
//! words: série, suite, floune, ouvrir, acheter) and English. Only the
//! table's part reaches them.

use crate::app::lang::Lang;
use crate::ui::term::Word;

/// The terms of one language.
pub struct Terms {
    /// JA-3: a set, as the contract names it.
    pub set: Word,
    /// JA-13: a run.
    pub run: Word,
    /// JA-1, JA-5, JA-6: a wild.
    pub wild: Word,
    /// JA-12: opening.
    pub open: Word,
    /// JA-9, JA-10: a buy.
    pub buy: Word,
    /// JA-1, JA-8: the stock, the two decks (issue 52).
    pub stock: Word,
    /// JA-2, JA-18: the small pot, and what the cents are for.
    pub small_pot: Word,
    /// JA-10, JA-18: the big pot.
    pub big_pot: Word,
}

pub fn terms(lang: Lang) -> &'static Terms {
    crate::ui::term::of(lang, &EN, &FR)
}

const EN: Terms = Terms {
    set: Word {
        key: "set",
        word: "set",
        says: "A set: three cards or more of one rank, such as 7♠ 7♥ 7♦ (a 2 is never a set's rank). The round's contract says how many sets, and how long, you need to open.",
    },
    run: Word {
        key: "run",
        word: "run",
        says: "A run: three cards or more in a row, of one suit, such as 5♥ 6♥ 7♥ (the ace low or high). Once you have opened, you may lay runs too.",
    },
    wild: Word {
        key: "wild",
        word: "wild",
        says: "Wilds are the 2s and the jokers, shown in yellow: one stands for any card a meld needs. At most half of a meld may be wild.",
    },
    open: Word {
        key: "open",
        word: "open",
        says: "To open is to lay down the round's contract, on your turn. Once opened, you may add cards to any meld on the table, but you no longer buy.",
    },
    buy: Word {
        key: "buy",
        word: "buy",
        says: "A discarded card may be bought for 5¢ by a player who has not opened: they take it with a bonus card from the stock. The first in turn order who says “J'achète!” gets it.",
    },
    stock: Word {
        key: "stock",
        word: "stock",
        says: "Two decks of 52 cards and 4 jokers, shuffled, face down: each card is there twice. Each turn begins with its top card.",
    },
    small_pot: Word {
        key: "small-pot",
        word: "small pot",
        says: "Everyone started with 60¢ and put 10¢ in it (so purses show 50¢). Whoever goes out in round 7 takes it. Cents pay for buys.",
    },
    big_pot: Word {
        key: "big-pot",
        word: "big pot",
        says: "Each buy puts 5¢ in it. After round 7, the fewest points wins it.",
    },
};

const FR: Terms = Terms {
    set: Word {
        key: "set",
        word: "série",
        says: "Une série\u{a0}: au moins trois cartes de même valeur, comme 7♠ 7♥ 7♦ (le 2 n'est jamais la valeur d'une série). Le contrat de la manche dit combien de séries, et de quelle longueur, il faut pour ouvrir.",
    },
    run: Word {
        key: "run",
        word: "suite",
        says: "Une suite\u{a0}: au moins trois cartes qui se suivent, d'une même couleur, comme 5♥ 6♥ 7♥ (l'as en bas ou en haut). Une fois ouvert, on peut aussi poser des suites.",
    },
    wild: Word {
        key: "wild",
        word: "floune",
        says: "Les flounes sont les 2 et les jokers, en jaune\u{a0}: une floune remplace la carte qui manque à une combinaison. Au plus la moitié d'une combinaison peut être des flounes.",
    },
    open: Word {
        key: "open",
        word: "ouvrir",
        says: "Ouvrir, c'est poser le contrat de la manche pendant son tour. Une fois ouvert, on peut ajouter des cartes à toute combinaison de la table, mais on n'achète plus.",
    },
    buy: Word {
        key: "buy",
        word: "acheter",
        says: "Une carte défaussée peut être achetée 5\u{a0}¢ par un joueur qui n'a pas ouvert\u{a0}: il la prend avec une carte en prime de la pioche. Le premier dans l'ordre du tour qui dit «\u{a0}J'achète\u{a0}!\u{a0}» l'obtient.",
    },
    stock: Word {
        key: "stock",
        word: "pioche",
        says: "Deux jeux de 52 cartes et 4 jokers mêlés, face cachée\u{a0}: chaque carte y est deux fois. Chaque tour commence par sa carte du dessus.",
    },
    small_pot: Word {
        key: "small-pot",
        word: "petit pot",
        says: "Chacun a commencé avec 60\u{a0}¢ et y a mis 10\u{a0}¢ (les bourses montrent donc 50\u{a0}¢). Qui sort à la manche 7 le prend. Les cents servent à acheter.",
    },
    big_pot: Word {
        key: "big-pot",
        word: "gros pot",
        says: "Chaque achat y met 5\u{a0}¢. Après la manche 7, le moins de points le gagne.",
    },
};
