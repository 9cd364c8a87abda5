//! Cards on screen: faces from [`crate::art`], names for screen readers.

use leptos::prelude::*;
use tablee_engine::katzenjammer::Card;

use crate::games::katzenjammer::art;
use crate::app::lang::Lang;
use crate::games::katzenjammer::texts;

/// One face-up card in a list.
#[component]
pub fn CardItem(card: Card, lang: Lang, #[prop(optional)] testid: Option<String>, #[prop(optional)] small: bool) -> impl IntoView {
    let class = if small { format!("card small {}", kind_class(card)) } else { format!("card {}", kind_class(card)) };
    view! {
        <li class=class data-card=card.symbol() data-testid=testid>
            <span class="face-box" inner_html=art::face(card)></span>
            <span class="sr-only">{texts::card_name(card, lang)}</span>
        </li>
    }
}

/// The CSS class naming a card's kind (`v3`, `joker`).
pub fn kind_class(card: Card) -> String {
    match card.value() {
        Some(v) => format!("v{v}"),
        None => "joker".to_string(),
    }
}

/// Face-up cards in a row, or a line saying there are none. Drawn again only
/// when its cards change (issue 53: `cards` is a memo at the live table),
/// not keyed: a keyed list's code in the table's part cost more bytes than
/// redrawing the few cards of a changed row.
#[component]
pub fn CardRow(
    #[prop(into)] cards: Signal<Vec<Card>>,
    #[prop(into)] lang: Signal<Lang>,
    #[prop(into)] empty: Signal<String>,
    testid: &'static str,
    #[prop(optional)] small: bool,
) -> impl IntoView {
    move || {
        let lang = lang.get();
        let cards = cards.get();
        if cards.is_empty() {
            return view! { <p class="empty" data-testid=testid>{empty.get()}</p> }.into_any();
        }
        let items = cards
            .into_iter()
            .enumerate()
            .map(|(i, card)| view! { <CardItem card lang small testid=format!("{testid}-card-{i}") /> })
            .collect_view();
        view! { <ul class="cards" data-testid=testid>{items}</ul> }.into_any()
    }
}
