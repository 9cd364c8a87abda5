//! The bot protocol tells each seat what that seat may know (KB-21, JA-19),
//! nothing more: seeded games of each game at several table sizes, and at
//! their decisions the view every seat would be sent (`ProtocolGame::view_json`
//! of `Game::view`, exactly what `decide` and `game_over` carry). What the
//! games share is here; each game's test is in its folder
//! (`games/<game>/protocol_leaks.rs`).
//!
//! That the world rebuilt with the hidden cards dealt differently sends
//! that seat the very same text is the safety net's, which every registered
//! game runs (`src/games/safety.rs`, `tablee_engine::Redeal`). Here, what
//! the text names: every view names the seat's own hand only (no `"hand"`
//! for another seat), and the cards it names are within the seat's hand
//! plus the public zones, read from the true state; its records of the past
//! name only cards this test saw made public (reveals, paid bids,
//! presentations, the turned card and discards), kept here from the actions
//! played.

use std::collections::BTreeMap;

use serde_json::Value;
use tablee_engine::Seat;

/// A multiset of cards by name.
pub(crate) type Bag = BTreeMap<String, i32>;

pub(crate) fn add(bag: &mut Bag, names: impl IntoIterator<Item = String>) {
    for name in names {
        *bag.entry(name).or_default() += 1;
    }
}

/// The first card `small` holds more often than `big`, if any.
pub(crate) fn excess(small: &Bag, big: &Bag) -> Option<String> {
    small.iter().find(|(card, &n)| n > big.get(*card).copied().unwrap_or(0)).map(|(card, _)| card.clone())
}

/// The cards named by the strings of `value` (object keys are not card
/// names), leaving out the values of the keys in `skip`.
pub(crate) fn named(value: &Value, card: fn(&str) -> Option<String>, skip: &[&str], bag: &mut Bag) {
    match value {
        Value::String(text) => add(bag, card(text)),
        Value::Array(items) => items.iter().for_each(|item| named(item, card, skip, bag)),
        Value::Object(fields) => fields
            .iter()
            .filter(|(key, _)| !skip.contains(&key.as_str()))
            .for_each(|(_, v)| named(v, card, skip, bag)),
        _ => {}
    }
}

/// How many times `key` is a key anywhere in `value`.
fn key_count(value: &Value, key: &str) -> usize {
    match value {
        Value::Array(items) => items.iter().map(|item| key_count(item, key)).sum(),
        Value::Object(fields) => fields.iter().map(|(k, v)| usize::from(k == key) + key_count(v, key)).sum(),
        _ => 0,
    }
}

/// What every game's views share: one `"hand"` in the whole view, the seat's
/// own, holding exactly its cards; and `zones` (names outside `skip`) within
/// the hand plus `public`.
pub(crate) fn own_hand_only(view: &Value, seat: Seat, hand: &[String], public: &Bag, skip: &[&str], card: fn(&str) -> Option<String>) {
    let players = view["players"].as_array().expect("players");
    for (s, p) in players.iter().enumerate() {
        assert_eq!(p.get("hand").is_some(), s == seat, "seat {seat} is sent seat {s}'s hand: {p}");
    }
    assert_eq!(key_count(view, "hand"), 1, "one hand in seat {seat}'s view: {view}");
    assert_eq!(key_count(view, "hands"), 0, "no hands in seat {seat}'s view: {view}");
    let mut sent_hand = Bag::new();
    named(&players[seat]["hand"], card, &[], &mut sent_hand);
    let mut own = Bag::new();
    add(&mut own, hand.iter().cloned());
    assert_eq!(sent_hand, own, "seat {seat}'s own hand");
    let mut names = Bag::new();
    named(view, card, skip, &mut names);
    let mut allowed = own;
    add(&mut allowed, public.iter().flat_map(|(c, &n)| std::iter::repeat_n(c.clone(), n as usize)));
    if let Some(card) = excess(&names, &allowed) {
        panic!("seat {seat} is sent a {card} it cannot see: {view}");
    }
}
