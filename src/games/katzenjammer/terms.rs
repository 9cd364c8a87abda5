//! Katzenjammer's words defined on the table (issue 42, `ui::term`): a
//! foursome (presenting it) and the joker, in French and English. Only the
//! table's part reaches them.

use crate::app::lang::Lang;
use crate::ui::term::Word;

/// The terms of one language.
pub struct Terms {
    /// KB-14..KB-16: a foursome, presented for mice.
    pub foursome: Word,
    /// KB-10, KB-12, KB-18: the joker.
    pub joker: Word,
}

pub fn terms(lang: Lang) -> &'static Terms {
    crate::ui::term::of(lang, &EN, &FR)
}

const EN: Terms = Terms {
    foursome: Word {
        key: "foursome",
        word: "foursome",
        says: "A foursome: four cards of one value (jokers may stand in). Right after winning the row you may present foursomes: each scores its value in mice.",
    },
    joker: Word {
        key: "joker",
        word: "joker",
        says: "A joker counts as any value in a bid. But a joker paid is shown in front of you for good, and at the end the most jokers (shown and in hand) lose 5 mice.",
    },
};

const FR: Terms = Terms {
    foursome: Word {
        key: "foursome",
        word: "carré",
        says: "Un carré\u{a0}: quatre cartes d'une même valeur (les jokers peuvent les remplacer). Juste après avoir remporté la rangée, on peut poser des carrés\u{a0}: chacun rapporte sa valeur en souris.",
    },
    joker: Word {
        key: "joker",
        word: "joker",
        says: "Un joker vaut n'importe quelle valeur dans une enchère. Mais un joker payé reste exposé devant vous, et à la fin, qui a le plus de jokers (exposés et en main) perd 5\u{a0}souris.",
    },
};
