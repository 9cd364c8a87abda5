//! The Katzenjammer Blues playing heuristic: how much a hand is worth, what a
//! joker costs in the race for the KB-18 penalty, which bid to make and which
//! foursomes to present. `normal` plays it straight; `easy` adds human-looking
//! mistakes; the search bots use it to choose candidate actions and to play
//! their rollouts fast.

use tablee_engine::katzenjammer::{Action, Bid, BidKind, BidLevel, Card, Counts, Presentation};

/// What a decision needs to know, all of it public or the decider's own.
#[derive(Clone, Copy, Debug)]
pub struct Situation {
    pub hand: Counts,
    /// Jokers already displayed in front of the decider.
    pub my_shown: u8,
    /// The highest joker count any rival is expected to end with.
    pub rival_jokers: f64,
    pub mice_left: u8,
    pub stock: usize,
    pub players: usize,
    /// The weights of the evaluation below.
    pub params: Params,
}

/// The heuristic's weights. `NORMAL` is the hand-set one every level plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Worth of a partial set of k cards of one value, as a fraction of its
    /// value: the chance it becomes a foursome before the game ends, roughly.
    pub partial: [f64; 4],
    /// Worth of a complete foursome, as a fraction of its value.
    pub foursome: f64,
    /// Extra worth of each 1 and each 2: low cards are the currency of auctions.
    pub low_cards: [f64; 2],
    /// Stock size and mice left at which the horizon starts to shrink.
    pub horizon_stock: f64,
    pub horizon_mice: f64,
    /// The KB-18 penalty risk: size, and the logistic's offset and slope in
    /// jokers of lead over the worst rival.
    pub joker_penalty: f64,
    pub joker_offset: f64,
    pub joker_slope: f64,
    /// Worth of a joker in hand while the game has time left.
    pub hand_joker: f64,
    /// How much a bid must gain (in mice) before the heuristic bids.
    pub margin: f64,
}

impl Params {
    pub const NORMAL: Params = Params {
        partial: [0.0, 0.12, 0.32, 0.58],
        foursome: 0.9,
        low_cards: [0.15, 0.08],
        horizon_stock: 45.0,
        horizon_mice: 12.0,
        joker_penalty: 5.0,
        joker_offset: 0.5,
        joker_slope: 1.3,
        hand_joker: 0.6,
        margin: 0.35,
    };

    /// Weights tuned by self-play against `NORMAL` (crates/bots/examples/katzenjammer_tune.rs,
    /// docs/bots.md): the policy `expert`'s search plays in its rollouts.
    pub const TUNED: Params = Params {
        partial: [0.0, 0.12, 0.4, 0.725],
        foursome: 0.285,
        low_cards: [0.1125, 0.08],
        horizon_stock: 45.0,
        horizon_mice: 12.0,
        joker_penalty: 6.25,
        joker_offset: 0.5,
        joker_slope: 1.3,
        hand_joker: 1.172,
        margin: 0.2625,
    };
}

impl Situation {
    /// How much of the game is left, in `[0, 1]`: partial sets need time.
    fn horizon(&self) -> f64 {
        let by_stock = (self.stock as f64 / self.params.horizon_stock).min(1.0);
        let by_mice = (f64::from(self.mice_left) / self.params.horizon_mice).min(1.0);
        by_stock.min(by_mice)
    }

    /// Mice a hand is likely to bring: complete foursomes nearly surely,
    /// partial sets by how far along they are and how much game is left.
    pub fn hand_worth(&self, hand: &Counts) -> f64 {
        let horizon = self.horizon();
        let p = &self.params;
        let mut worth = 0.0;
        for i in 0..5 {
            let v = (i + 1) as f64;
            let n = usize::from(hand.0[i]);
            worth += (n / 4) as f64 * v * p.foursome;
            worth += p.partial[n % 4] * v * horizon;
        }
        // Low cards are the currency of auctions.
        worth += p.low_cards[0] * f64::from(hand.0[0]) + p.low_cards[1] * f64::from(hand.0[1]);
        worth
    }

    /// Expected mice lost to the KB-18 penalty when ending with `jokers`.
    pub fn joker_risk(&self, jokers: u8) -> f64 {
        if jokers == 0 {
            return 0.0;
        }
        let p = &self.params;
        let lead = f64::from(jokers) - self.rival_jokers;
        p.joker_penalty / (1.0 + (-(lead + p.joker_offset) * p.joker_slope).exp())
    }

    /// Value of a position for the decider: mice, the hand's promise, minus
    /// the joker risk (hand jokers count at the end too).
    pub fn value(&self, mice: f64, hand: &Counts, shown: u8) -> f64 {
        mice + self.hand_worth(hand) + self.params.hand_joker * f64::from(hand.jokers()) * self.horizon()
            - self.joker_risk(shown + hand.jokers())
    }

    /// The value now, before deciding.
    pub fn baseline(&self) -> f64 {
        self.value(0.0, &self.hand, self.my_shown)
    }

    /// Value after winning `row` with `bid` and presenting the best foursomes.
    pub fn value_after_winning(&self, bid: &Counts, row: &Counts) -> f64 {
        let mut hand = self.hand;
        hand.remove_all(bid);
        hand.add_all(row);
        let shown = self.my_shown + bid.jokers();
        let after = Situation { hand, my_shown: shown, ..*self };
        let p = after.best_presentation();
        after.value_of_presenting(&p)
    }

    /// Value after presenting `p` from this hand.
    pub fn value_of_presenting(&self, p: &Presentation) -> f64 {
        let mut hand = self.hand;
        hand.remove_all(&p.cards());
        let mice = f64::from(p.mice().min(u32::from(self.mice_left)));
        // Taking the last mice ends the game: partial sets are then worthless.
        if p.mice() >= u32::from(self.mice_left) {
            return mice - self.joker_risk(self.my_shown + p.displayed_jokers() + hand.jokers());
        }
        self.value(mice, &hand, self.my_shown + p.displayed_jokers())
    }

    /// The best presentation among a few sensible ones (natural foursomes,
    /// joker completions by value, joker cats).
    pub fn best_presentation(&self) -> Presentation {
        let mut best = Presentation::NOTHING;
        let mut best_value = self.value_of_presenting(&best);
        for p in self.presentation_candidates() {
            let v = self.value_of_presenting(&p);
            if v > best_value + 1e-9 {
                best = p;
                best_value = v;
            }
        }
        best
    }

    /// A small set of presentations worth considering, all legal for the hand.
    pub fn presentation_candidates(&self) -> Vec<Presentation> {
        let hand = self.hand;
        let mut out = vec![Presentation::NOTHING];
        // All natural foursomes.
        let mut natural = Presentation::NOTHING;
        for i in 0..5 {
            natural.foursomes[i] = hand.0[i] / 4;
        }
        if !natural.is_nothing() {
            out.push(natural);
        }
        // Then complete the most valuable sets with jokers, one step at a time.
        let mut with_jokers = natural;
        let mut jokers = hand.jokers();
        for i in (0..5).rev() {
            let rest = hand.0[i] % 4;
            let needed = 4 - rest;
            if rest > 0 && needed <= jokers {
                with_jokers.foursomes[i] += 1;
                with_jokers.jokers[i] += needed;
                jokers -= needed;
                out.push(with_jokers);
            }
        }
        // Four jokers as a 5, or as joker cats, on top of the natural ones.
        if hand.jokers() >= 4 {
            let mut five = natural;
            five.foursomes[4] += 1;
            five.jokers[4] += 4;
            out.push(five);
            let mut cats = natural;
            cats.cats = hand.jokers() / 4;
            out.push(cats);
        }
        if jokers >= 4 {
            let mut more = with_jokers;
            more.cats = jokers / 4;
            out.push(more);
        }
        out.dedup();
        out
    }

    /// Bids worth considering against `standing`: for each bid level from the
    /// lowest that beats it, up to two cards more, the cheapest cards that make
    /// it (the ones whose loss hurts the hand least).
    pub fn bid_candidates(&self, standing: Option<BidLevel>) -> Vec<Bid> {
        let hand = self.hand;
        let jokers = hand.jokers();
        let floor = standing.map_or(1, |s| s.count);
        let top = (floor + 2).min(hand.total() as u8);
        let mut out = Vec::new();
        for count in floor..=top {
            for v in 1..=5u8 {
                let level = BidLevel { kind: BidKind::Same(v), count };
                if standing.is_some_and(|s| !level.beats(s)) {
                    continue;
                }
                let naturals = hand.0[usize::from(v) - 1].min(count);
                if naturals == 0 && v != 5 {
                    continue; // all-joker bids: declare the strongest value only
                }
                let needed = count - naturals;
                if needed <= jokers {
                    let mut cards = Counts::EMPTY;
                    cards.add(Card::VALUES[usize::from(v) - 1], naturals);
                    cards.add(Card::Joker, needed);
                    out.push(Bid { kind: BidKind::Same(v), cards });
                }
            }
            // A one-card bid is *same*: "one different" would be the same
            // card as "one 5" and a lower bid (KB-9), and a hint naming it
            // would be turned into "one 5" by the page's card selection.
            let level = BidLevel { kind: BidKind::Different, count };
            if (2..=5).contains(&count) && standing.is_none_or(|s| level.beats(s)) {
                if let Some(cards) = self.cheapest_different(count) {
                    out.push(Bid { kind: BidKind::Different, cards });
                }
            }
        }
        out
    }

    /// `count` cards of different values, giving up the least hand worth.
    fn cheapest_different(&self, count: u8) -> Option<Counts> {
        let hand = self.hand;
        let mut values: Vec<(f64, usize)> = (0..5)
            .filter(|&i| hand.0[i] > 0)
            .map(|i| {
                let mut less = hand;
                less.0[i] -= 1;
                (self.hand_worth(&hand) - self.hand_worth(&less), i)
            })
            .collect();
        values.sort_by(|a, b| a.0.total_cmp(&b.0));
        let mut cards = Counts::EMPTY;
        for &(_, i) in values.iter().take(usize::from(count)) {
            cards.0[i] = 1;
        }
        let short = count.saturating_sub(cards.total() as u8);
        if short > hand.jokers() {
            return None;
        }
        cards.0[5] = short;
        Some(cards)
    }

    /// Every candidate bid with what winning with it would gain over passing
    /// (in mice, after the margin), pass first at 0, best first.
    pub fn ranked_bids(&self, standing: Option<BidLevel>, row: &Counts, margin: f64) -> Vec<(Action, f64)> {
        let base = self.baseline();
        let mut ranked = vec![(Action::Pass, 0.0)];
        for bid in self.bid_candidates(standing) {
            let gain = self.value_after_winning(&bid.cards, row) - base - margin;
            ranked.push((Action::Bid(bid), gain));
        }
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked
    }

    /// Every candidate presentation with its value over presenting nothing.
    pub fn ranked_presentations(&self) -> Vec<(Action, f64)> {
        let base = self.value_of_presenting(&Presentation::NOTHING);
        let mut ranked: Vec<(Action, f64)> = self
            .presentation_candidates()
            .into_iter()
            .map(|p| (Action::Present(p), self.value_of_presenting(&p) - base))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1));
        ranked
    }

    /// The `normal` bidding decision: the bid that gains most, if it gains
    /// enough, else pass.
    pub fn choose_bid(&self, standing: Option<BidLevel>, row: &Counts, margin: f64) -> Action {
        let base = self.baseline();
        let mut best = Action::Pass;
        let mut best_gain = margin;
        for bid in self.bid_candidates(standing) {
            let gain = self.value_after_winning(&bid.cards, row) - base;
            // Prefer the cheaper of near-equal bids: later raises stay possible.
            if gain > best_gain + 1e-9 {
                best_gain = gain;
                best = Action::Bid(bid);
            }
        }
        best
    }
}
