//! Guessing the hidden cards from one seat's view (KB-21), consistently with
//! everything public: cards seen (discard, displayed jokers, the row, the
//! viewer's hand), hand and stock sizes, rows taken, cards paid and presented,
//! and bids made — a bid proves its bidder held its cards at that moment.
//!
//! For each opponent the history gives (1) a multiset of cards known to be in
//! hand (rows taken, minus what was paid or presented since, conservatively),
//! and (2) bid constraints carried forward to now: a bid "n × v" at time t
//! means the hand then held n cards of {v, J}; since then the player publicly
//! lost some of those and publicly gained others, so now the hand holds at
//! least n − lost + gained of them (draws only add). The sampler first places
//! known cards, then cards that satisfy the constraints, then fills the rest
//! uniformly from the unseen pool; the remaining pool is the stock, shuffled.

use tablee_engine::katzenjammer::{BidKind, Card, Counts, Event, Hidden, KbState, KbView, Phase};
use tablee_engine::rng::Rng;

/// What a bid tells about its bidder's current hand.
#[derive(Clone, Copy, Debug)]
enum Need {
    /// At least `count` cards among value `value` and jokers.
    Same { value: usize, count: i32 },
    /// At least `count` cards of pairwise different values (jokers fill in).
    Different { count: i32 },
}

/// Everything the viewer can infer about one opponent's hand.
#[derive(Clone, Debug, Default)]
struct Knowledge {
    known: Counts,
    needs: Vec<(Need, Counts, Counts)>, // the need, cards lost since, cards gained since
}

fn infer(view: &KbView) -> Vec<Knowledge> {
    let mut know = vec![Knowledge::default(); view.players];
    for event in &view.history {
        match *event {
            Event::Revealed { .. } | Event::Dealt { .. } => {}
            Event::Bid { seat, level } => {
                let need = match level.kind {
                    BidKind::Same(v) => Need::Same { value: usize::from(v) - 1, count: i32::from(level.count) },
                    BidKind::Different => Need::Different { count: i32::from(level.count) },
                };
                know[seat].needs.push((need, Counts::EMPTY, Counts::EMPTY));
            }
            Event::Won { seat, paid, row } => {
                let k = &mut know[seat];
                k.known = saturating_remove(k.known, &paid);
                k.known.add_all(&row);
                for (_, lost, gained) in &mut k.needs {
                    lost.add_all(&paid);
                    gained.add_all(&row);
                }
            }
            Event::Presented { seat, presentation, .. } => {
                let cards = presentation.cards();
                let k = &mut know[seat];
                k.known = saturating_remove(k.known, &cards);
                for (_, lost, _) in &mut k.needs {
                    lost.add_all(&cards);
                }
            }
            Event::Drew { .. } | Event::Passed { .. } | Event::RowDiscarded { .. } | Event::GameOver { .. } => {}
        }
    }
    know
}

fn saturating_remove(mut from: Counts, what: &Counts) -> Counts {
    for i in 0..6 {
        from.0[i] = from.0[i].saturating_sub(what.0[i]);
    }
    from
}

/// How many more cards the hand needs to meet the bid constraint, and which
/// kinds of card would help.
fn deficit(hand: &Counts, need: &Need, lost: &Counts, gained: &Counts) -> (i32, [bool; 6]) {
    match *need {
        Need::Same { value, count } => {
            let lost_n = i32::from(lost.0[value]) + i32::from(lost.jokers());
            let gained_n = i32::from(gained.0[value]) + i32::from(gained.jokers());
            let required = count - lost_n + gained_n;
            let have = i32::from(hand.0[value]) + i32::from(hand.jokers());
            let mut helps = [false; 6];
            helps[value] = true;
            helps[5] = true;
            (required - have, helps)
        }
        Need::Different { count } => {
            // Conservative carry-forward: what was lost could have been any of them.
            let required = count - lost.total() as i32;
            let distinct = (0..5).filter(|&i| hand.0[i] > 0).count() as i32;
            let have = (distinct + i32::from(hand.jokers())).min(5);
            let mut helps = [true; 6];
            for (help, &held) in helps.iter_mut().zip(&hand.0[..5]) {
                *help = held == 0;
            }
            (required.min(5) - have, helps)
        }
    }
}

/// Draws one card of the allowed kinds from the pool, uniformly among cards.
fn draw_where(pool: &mut Counts, allowed: &[bool; 6], rng: &mut Rng) -> Option<Card> {
    let total: u32 = (0..6).filter(|&i| allowed[i]).map(|i| u32::from(pool.0[i])).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.below(total);
    for (i, _) in allowed.iter().enumerate().filter(|(_, &ok)| ok) {
        let n = u32::from(pool.0[i]);
        if pick < n {
            pool.0[i] -= 1;
            return Some(Card::from_index(i));
        }
        pick -= n;
    }
    None
}

/// A full state consistent with `view`, its hidden cards guessed at random.
pub fn determinize(view: &KbView, rng: &mut Rng) -> Option<KbState> {
    let n = view.players;
    let me = view.seat;
    let mut pool = Counts::deck();
    pool.remove_all(&view.hand);
    pool = saturating_remove(pool, &view.discard);
    let shown: u8 = view.jokers_shown.iter().sum();
    pool = saturating_remove(pool, &Counts([0, 0, 0, 0, 0, shown]));
    pool = saturating_remove(pool, &Counts::of(&view.row));

    let knowledge = infer(view);
    let mut hands = vec![Counts::EMPTY; n];
    hands[me] = view.hand;
    // Known cards first (limited by what is really unseen and the hand size).
    for s in (0..n).filter(|&s| s != me) {
        let size = view.hand_sizes[s] as u32;
        for i in 0..6 {
            let take = knowledge[s].known.0[i].min(pool.0[i]);
            let room = size.saturating_sub(hands[s].total()) as u8;
            let take = take.min(room);
            hands[s].0[i] += take;
            pool.0[i] -= take;
        }
    }
    // Then cards the bids prove.
    let all = [true; 6];
    for s in (0..n).filter(|&s| s != me) {
        let size = view.hand_sizes[s] as u32;
        for (need, lost, gained) in &knowledge[s].needs {
            loop {
                let (missing, helps) = deficit(&hands[s], need, lost, gained);
                if missing <= 0 || hands[s].total() >= size {
                    break;
                }
                match draw_where(&mut pool, &helps, rng) {
                    Some(card) => hands[s].add(card, 1),
                    None => break,
                }
            }
        }
    }
    // Then the rest, uniformly.
    for s in (0..n).filter(|&s| s != me) {
        let size = view.hand_sizes[s] as u32;
        while hands[s].total() < size {
            match draw_where(&mut pool, &all, rng) {
                Some(card) => hands[s].add(card, 1),
                None => break,
            }
        }
    }
    let mut stock = pool.cards();
    rng.shuffle(&mut stock);

    let high_bid_cards = match (view.phase, view.high_bid) {
        (Phase::Bidding, Some(bid)) => bid_cards(&hands[bid.seat], bid.level.kind, bid.level.count),
        _ => Counts::EMPTY,
    };
    let hidden = Hidden { hands, stock_top_first: stock, high_bid_cards };
    KbState::from_view(view, &hidden).ok().or_else(|| fallback(view, rng))
}

/// Cards in `hand` that make a bid of this kind and count, naturals first.
pub fn bid_cards(hand: &Counts, kind: BidKind, count: u8) -> Counts {
    let mut cards = Counts::EMPTY;
    match kind {
        BidKind::Same(v) => {
            let i = usize::from(v) - 1;
            let naturals = hand.0[i].min(count);
            cards.0[i] = naturals;
            cards.0[5] = count - naturals;
        }
        BidKind::Different => {
            let mut left = count;
            for i in 0..5 {
                if left > 0 && hand.0[i] > 0 {
                    cards.0[i] = 1;
                    left -= 1;
                }
            }
            cards.0[5] = left;
        }
    }
    cards
}

/// A simpler assignment that ignores all inference but the standing bid,
/// whose cards are placed first. Used only if the full inference could not be
/// satisfied (it always can for a history the engine produced).
fn fallback(view: &KbView, rng: &mut Rng) -> Option<KbState> {
    let mut pool = Counts::deck();
    pool = saturating_remove(pool, &view.hand);
    pool = saturating_remove(pool, &view.discard);
    pool = saturating_remove(pool, &Counts([0, 0, 0, 0, 0, view.jokers_shown.iter().sum()]));
    pool = saturating_remove(pool, &Counts::of(&view.row));
    let mut hands = vec![Counts::EMPTY; view.players];
    hands[view.seat] = view.hand;
    let mut high = Counts::EMPTY;
    if let (Phase::Bidding, Some(bid)) = (view.phase, view.high_bid) {
        if bid.seat != view.seat {
            let need = match bid.level.kind {
                BidKind::Same(v) => Need::Same { value: usize::from(v) - 1, count: i32::from(bid.level.count) },
                BidKind::Different => Need::Different { count: i32::from(bid.level.count) },
            };
            let hand = &mut hands[bid.seat];
            loop {
                let (missing, helps) = deficit(hand, &need, &Counts::EMPTY, &Counts::EMPTY);
                if missing <= 0 {
                    break;
                }
                hand.add(draw_where(&mut pool, &helps, rng)?, 1);
            }
            high = bid_cards(hand, bid.level.kind, bid.level.count);
        }
    }
    for s in (0..view.players).filter(|&s| s != view.seat) {
        while hands[s].total() < view.hand_sizes[s] as u32 {
            hands[s].add(draw_where(&mut pool, &[true; 6], rng)?, 1);
        }
    }
    let mut stock = pool.cards();
    rng.shuffle(&mut stock);
    KbState::from_view(view, &Hidden { hands, stock_top_first: stock, high_bid_cards: high }).ok()
}
