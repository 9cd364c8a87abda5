//! J'achète's cards as the table draws them (the live table, the round's
//! end and the replay).

use leptos::prelude::*;
use tablee_engine::jachete::Card;

use crate::app::lang::Lang;
use crate::games::jachete::texts;

/// A card's face classes: red or black, a joker, a wild.
pub(super) fn face_class(card: Card) -> &'static str {
    use tablee_engine::jachete::Suit;
    match card {
        Card::Joker => "jc joker wild",
        Card::Natural(..) if card.is_wild() => match card {
            Card::Natural(_, Suit::Hearts | Suit::Diamonds) => "jc red wild",
            _ => "jc wild",
        },
        Card::Natural(_, Suit::Hearts | Suit::Diamonds) => "jc red",
        _ => "jc",
    }
}

/// Face-up cards, not interactive.
pub(super) fn cards_view(cards: &[Card], lang: Lang) -> impl IntoView {
    cards
        .iter()
        .map(|&c| view! { <span class=face_class(c) title=texts::card_spoken(c, lang)>{texts::card_label(c, lang)}</span> })
        .collect_view()
}
