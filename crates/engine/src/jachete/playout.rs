//! A cheap policy that plays rounds to their end: the property tests' games
//! (crates/engine/tests/jachete_properties.rs) and the CLI's `tablee bench
//! --game jachete`. Not a bot (the bots are `tablee_bots::jachete`): it
//! reads the whole game, and only has to end rounds the way players do.

use super::{Card, JaAction, JaGame};
use crate::rng::Rng;
use crate::Game;

/// Open and lay off whenever possible; buy one time in three; discard a
/// card of the rank held least, the most points first. (A uniformly random
/// choice also ends its rounds, but takes about 8 times as many actions:
/// random players rarely open.)
pub fn greedy(game: &JaGame, legal: &[JaAction], rng: &mut Rng) -> JaAction {
    if let Some(play) = legal.iter().find(|a| matches!(a, JaAction::Play { .. })) {
        return play.clone();
    }
    if legal.contains(&JaAction::Buy) {
        return if rng.below(3) == 0 { JaAction::Buy } else { JaAction::Decline };
    }
    let hand = game.to_act().map_or(&[][..], |seat| game.round().hand(seat));
    let same_rank = |c: &Card| {
        hand.iter().filter(|d| matches!((c, d), (Card::Natural(a, _), Card::Natural(b, _)) if a == b)).count()
    };
    legal
        .iter()
        .filter_map(|a| match a {
            JaAction::Discard(c) if !c.is_wild() => Some((same_rank(c), std::cmp::Reverse(c.points()), a)),
            _ => None,
        })
        .min_by_key(|(n, p, _)| (*n, *p))
        .map(|(_, _, a)| a.clone())
        .unwrap_or_else(|| legal[rng.index(legal.len())].clone())
}
