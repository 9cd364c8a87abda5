//! One round of J'achète, from the deal to its end (JA-4..JA-17), and the
//! end of the game after round 7 (JA-18).
//!
//! Automatic steps — the first turned card and the dealer's forced buy of a
//! wild (JA-7), the draw at the start of a turn (JA-8), the bonus card of a
//! buy (JA-10), rebuilding the stock from the discard pile (JA-16) — happen
//! inside [`JaRound::apply`], so a round always waits for a decision or is over.

use super::cards::{Card, DECK_SIZE, KINDS};
use super::meld::{contract, read_meld, Contract, MeldKind};
use super::refusal::Refusal;
use crate::game::{RuleError, Seat};
use crate::rng::Rng;

/// Cents a buy costs (JA-10), and each player's stake in the small pot (JA-2).
pub const BUY_PRICE: i32 = 5;
pub const SMALL_POT_STAKE: i32 = 10;
pub const START_MONEY: i32 = 60;
pub const ROUNDS: u8 = 7;

/// A meld on the table and the player who laid it down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeld {
    pub owner: Seat,
    pub cards: Vec<Card>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JaAction {
    /// "J'achète!": take the card on offer (JA-9, JA-10).
    Buy,
    /// Let the card go to the next eligible player.
    Decline,
    /// Propose the whole table as it should now stand (JA-12..JA-15).
    Play { table: Vec<TableMeld> },
    /// End the turn by discarding this card (JA-8).
    Discard(Card),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JaPhase {
    /// A discarded (or first turned) card is on offer; `to_act` is asked.
    BuyWindow,
    /// A player's turn, after the draw: play, then discard.
    Play,
    /// The round has ended; the game goes on with the next round.
    RoundOver,
    /// Round 7 has ended: the game is over (JA-18).
    Over,
}

impl JaPhase {
    pub fn name(self) -> &'static str {
        match self {
            JaPhase::BuyWindow => "buy_window",
            JaPhase::Play => "play",
            JaPhase::RoundOver => "round_over",
            JaPhase::Over => "over",
        }
    }
}

/// How the stock is rebuilt when it runs out (JA-16).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reshuffle {
    /// A seeded game: shuffled by the deal's generator.
    Seeded(Rng),
    /// A scenario: no shuffle, the oldest discard on top (shared/spec/scenarios.md).
    OldestOnTop,
}

/// Where a round starts: everything a scenario file or a seeded deal fixes.
#[derive(Clone, Debug)]
pub struct RoundSetup {
    pub players: usize,
    pub round: u8,
    pub dealer: Seat,
    pub hands: Vec<Vec<Card>>,
    /// Top card first.
    pub stock: Vec<Card>,
    pub money: Vec<i32>,
    pub small_pot: i32,
    pub big_pot: i32,
    pub scores: Vec<i32>,
    pub reshuffle: Reshuffle,
}

/// The end of a round (JA-17) and, after round 7, of the game (JA-18).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundResult {
    pub round_points: Vec<i32>,
    /// JA-17: each hand's cards left as the round ended, which every seat
    /// sees scored (empty for whoever went out).
    pub hands_left: Vec<Vec<Card>>,
    pub scores: Vec<i32>,
    pub went_out: Option<Seat>,
    /// Only after round 7: the lowest totals, and each final purse.
    pub winners: Vec<Seat>,
    pub purses: Vec<i32>,
}

type Multiset = [u8; KINDS];

fn multiset(cards: &[Card]) -> Multiset {
    let mut m = [0u8; KINDS];
    for c in cards {
        m[c.kind_index()] += 1;
    }
    m
}

fn contains(big: &Multiset, small: &Multiset) -> bool {
    big.iter().zip(small).all(|(a, b)| a >= b)
}

fn table_multiset(table: &[TableMeld]) -> Multiset {
    let mut m = [0u8; KINDS];
    for meld in table {
        for c in &meld.cards {
            m[c.kind_index()] += 1;
        }
    }
    m
}

/// One round of J'achète.
#[derive(Clone, Debug)]
pub struct JaRound {
    players: usize,
    round: u8,
    dealer: Seat,
    hands: Vec<Vec<Card>>,
    /// Top card last.
    stock: Vec<Card>,
    /// Oldest first; the last card is the top.
    discard: Vec<Card>,
    table: Vec<TableMeld>,
    table_at_turn_start: Vec<TableMeld>,
    money: Vec<i32>,
    small_pot: i32,
    big_pot: i32,
    scores: Vec<i32>,
    opened: Vec<bool>,
    phase: JaPhase,
    to_act: Seat,
    /// Whose turn it is, or is next during a buy window.
    turn: Seat,
    /// Who made the discard on offer (None: the first turned card).
    offered_by: Option<Seat>,
    reshuffle: Reshuffle,
    /// Whether the stock ran out and was rebuilt this round (JA-16): a
    /// scenario rebuilds it unshuffled, so a puzzle after it is refused.
    stock_rebuilt: bool,
    result: Option<RoundResult>,
    /// The card the dealer turned (JA-7), public from the start.
    first_card: Option<Card>,
    /// The card the turn's player drew from the stock to start this turn
    /// (JA-8), until the turn ends: private to that player, whose table
    /// marks it in the hand.
    drawn: Option<Card>,
}

impl JaRound {
    /// Sets a round up and turns the first card (JA-7).
    pub fn start(setup: RoundSetup) -> Result<JaRound, String> {
        let n = setup.players;
        let contract = contract(setup.round).ok_or_else(|| format!("round {} does not exist: rounds are 1 to 7 (JA-3)", setup.round))?;
        let _ = contract;
        if !(3..=8).contains(&n) {
            return Err(format!("J'achète is for 4 to 8 players (3 as an option), not {n} (JA-2)"));
        }
        if setup.dealer >= n {
            return Err(format!("dealer {} is not a seat of a {n}-player game", setup.dealer));
        }
        for (name, len) in [("hands", setup.hands.len()), ("money", setup.money.len()), ("scores", setup.scores.len())] {
            if len != n {
                return Err(format!("{len} entries in \"{name}\" for {n} players"));
            }
        }
        let mut seen = [0u8; KINDS];
        for c in setup.hands.iter().flatten().chain(&setup.stock) {
            seen[c.kind_index()] += 1;
            if seen[c.kind_index()] > c.copies() {
                return Err(format!("more than {} copies of {c}: the decks hold only {} (JA-1)", c.copies(), c.copies()));
            }
        }
        // Missing cards go to the bottom in the scenario order (S, H, D, C; A..K; jokers last).
        let mut stock_bottom_first: Vec<Card> = Vec::with_capacity(DECK_SIZE);
        for i in (0..KINDS).rev() {
            let card = super::cards::Card::from_kind_index(i).expect("kind index in range");
            for _ in seen[i]..card.copies() {
                stock_bottom_first.push(card);
            }
        }
        stock_bottom_first.extend(setup.stock.iter().rev());
        let mut round = JaRound {
            players: n,
            round: setup.round,
            dealer: setup.dealer,
            hands: setup.hands,
            stock: stock_bottom_first,
            discard: Vec::new(),
            table: Vec::new(),
            table_at_turn_start: Vec::new(),
            money: setup.money,
            small_pot: setup.small_pot,
            big_pot: setup.big_pot,
            scores: setup.scores,
            opened: vec![false; n],
            phase: JaPhase::Play,
            to_act: 0,
            turn: (setup.dealer + 1) % n,
            offered_by: None,
            reshuffle: setup.reshuffle,
            stock_rebuilt: false,
            result: None,
            first_card: None,
            drawn: None,
        };
        // JA-7: the dealer turns the top stock card.
        match round.draw() {
            None => round.end_round(None),
            Some(card) => {
                round.first_card = Some(card);
                round.discard.push(card);
                if card.is_wild() {
                    let dealer = round.dealer;
                    round.buy(dealer, true);
                    round.start_turn();
                } else {
                    round.open_buy_window(None);
                }
            }
        }
        Ok(round)
    }

    /// Rebuilds a round in the middle of play from a view's public facts and
    /// a guess at the hidden cards (search bots' determinizations). The
    /// cards must add up to the two decks.
    #[allow(clippy::too_many_arguments)]
    pub fn from_parts(
        view_round: u8,
        dealer: Seat,
        phase: JaPhase,
        to_act: Seat,
        turn: Seat,
        hands: Vec<Vec<Card>>,
        stock_top_first: Vec<Card>,
        discard: Vec<Card>,
        table: Vec<TableMeld>,
        money: Vec<i32>,
        pots: (i32, i32),
        scores: Vec<i32>,
        opened: Vec<bool>,
        reshuffle: Reshuffle,
    ) -> Result<JaRound, String> {
        let players = hands.len();
        let total: usize = hands.iter().map(Vec::len).sum::<usize>()
            + stock_top_first.len()
            + discard.len()
            + table.iter().map(|m| m.cards.len()).sum::<usize>();
        if total != DECK_SIZE || contract(view_round).is_none() {
            return Err(format!("{total} cards: a round holds {DECK_SIZE}"));
        }
        let mut stock = stock_top_first;
        stock.reverse();
        // Who made the discard on offer: the seat before `turn`, except in the
        // window on the first turned card (JA-7), where nobody did and the
        // dealer may buy. That window is the only one with no card on the
        // table, a single card on the pile and the hands as dealt: no turn
        // has ended yet (each adds a discard to the pile, each buy two cards
        // to a hand).
        let dealt = contract(view_round).map_or(0, |c| c.cards_dealt);
        let first_card_window = phase == JaPhase::BuyWindow
            && table.is_empty()
            && discard.len() == 1
            && hands.iter().map(Vec::len).sum::<usize>() == players * dealt;
        let offered_by =
            (phase == JaPhase::BuyWindow && !first_card_window).then(|| (turn + players - 1) % players);
        Ok(JaRound {
            players,
            round: view_round,
            dealer,
            hands,
            stock,
            discard,
            table_at_turn_start: table.clone(),
            table,
            money,
            small_pot: pots.0,
            big_pot: pots.1,
            scores,
            opened,
            phase,
            to_act,
            turn,
            offered_by,
            reshuffle,
            stock_rebuilt: false,
            result: None,
            first_card: None,
            drawn: None,
        })
    }

    // ----- reading ---------------------------------------------------------------

    pub fn players(&self) -> usize {
        self.players
    }
    pub fn round(&self) -> u8 {
        self.round
    }
    pub fn dealer(&self) -> Seat {
        self.dealer
    }
    pub fn phase(&self) -> JaPhase {
        self.phase
    }
    pub fn to_act(&self) -> Option<Seat> {
        matches!(self.phase, JaPhase::BuyWindow | JaPhase::Play).then_some(self.to_act)
    }
    pub fn turn(&self) -> Seat {
        self.turn
    }
    /// The stock, top card first (hidden: for tests and referees).
    pub fn stock_top_first(&self) -> Vec<Card> {
        self.stock.iter().rev().copied().collect()
    }
    pub fn stock_len(&self) -> usize {
        self.stock.len()
    }
    /// Whether the stock was rebuilt from the discard pile this round (JA-16).
    pub fn stock_rebuilt(&self) -> bool {
        self.stock_rebuilt
    }
    pub fn discard(&self) -> &[Card] {
        &self.discard
    }
    pub fn buy_card(&self) -> Option<Card> {
        (self.phase == JaPhase::BuyWindow).then(|| self.discard.last().copied()).flatten()
    }
    /// JA-9: in a buy window, every seat still to be asked, in priority
    /// order (the seat to act first): a table that asks them all at once
    /// (friends on their own devices) applies their answers in this order.
    /// Empty outside a buy window.
    pub fn buyers(&self) -> Vec<Seat> {
        if self.phase != JaPhase::BuyWindow {
            return Vec::new();
        }
        let first = (self.to_act + self.players - self.turn) % self.players;
        (first..self.players).map(|i| (self.turn + i) % self.players).filter(|&s| self.eligible(s, self.offered_by)).collect()
    }
    pub fn table(&self) -> &[TableMeld] {
        &self.table
    }
    pub fn hand(&self, seat: Seat) -> &[Card] {
        &self.hands[seat]
    }
    pub fn money(&self, seat: Seat) -> i32 {
        self.money[seat]
    }
    pub fn score(&self, seat: Seat) -> i32 {
        self.scores[seat]
    }
    pub fn opened(&self, seat: Seat) -> bool {
        self.opened[seat]
    }
    pub fn pots(&self) -> (i32, i32) {
        (self.small_pot, self.big_pot)
    }
    pub fn result(&self) -> Option<&RoundResult> {
        self.result.as_ref()
    }
    /// The card the player to act drew from the stock at the start of this
    /// turn (JA-8), while the turn lasts (`None` in a buy window, between
    /// rounds, and in a world rebuilt from another seat's view).
    pub fn drawn(&self) -> Option<Card> {
        self.drawn.filter(|_| self.phase == JaPhase::Play)
    }

    /// A rebuilt world keeps the card its seat drew (JA-8, JA-19: the seat
    /// knows it, and its view says it), so that its view is the view it came from.
    pub(super) fn keep_drawn(&mut self, drawn: Option<Card>) {
        self.drawn = drawn;
    }

    /// The card the dealer turned at the start of the round (JA-7).
    pub fn first_card(&self) -> Option<Card> {
        self.first_card
    }
    pub fn contract(&self) -> Contract {
        contract(self.round).expect("the round was checked at set-up")
    }

    /// Every card of the round: hands, stock, discard pile and table (JA-1).
    pub fn card_count(&self) -> usize {
        self.hands.iter().map(Vec::len).sum::<usize>()
            + self.stock.len()
            + self.discard.len()
            + self.table.iter().map(|m| m.cards.len()).sum::<usize>()
    }

    /// Money plus pots: always what the players brought (JA-2).
    pub fn cents(&self) -> i32 {
        self.money.iter().sum::<i32>() + self.small_pot + self.big_pot
    }

    // ----- actions ------------------------------------------------------------------

    /// Applies the action of the seat to act, or refuses it and changes nothing.
    pub fn apply(&mut self, action: &JaAction) -> Result<(), RuleError<Refusal>> {
        let seat = self.to_act().ok_or(Refusal::RoundOver)?;
        match (self.phase, action) {
            (JaPhase::BuyWindow, JaAction::Buy) => {
                self.buy(seat, false);
                self.start_turn();
                Ok(())
            }
            (JaPhase::BuyWindow, JaAction::Decline) => {
                self.ask_next_buyer(seat);
                Ok(())
            }
            (JaPhase::BuyWindow, _) => Err(Refusal::BuyOrDecline { seat }.into()),
            (JaPhase::Play, JaAction::Play { table }) => self.play(seat, table),
            (JaPhase::Play, JaAction::Discard(card)) => self.discard_card(seat, *card),
            (JaPhase::Play, _) => Err(Refusal::NotABuyWindow.into()),
            _ => Err(Refusal::RoundOver.into()),
        }
    }

    /// JA-9: who may buy a card offered by `by` (None: the first turned card).
    fn eligible(&self, seat: Seat, by: Option<Seat>) -> bool {
        !self.opened[seat] && self.money[seat] >= BUY_PRICE && Some(seat) != by
    }

    /// The buy-window order: the player whose turn is next first, then round the table.
    fn buyers_after(&self, from_index: usize, by: Option<Seat>) -> Option<Seat> {
        (from_index..self.players).map(|i| (self.turn + i) % self.players).find(|&s| self.eligible(s, by))
    }

    fn open_buy_window(&mut self, by: Option<Seat>) {
        self.offered_by = by;
        match self.buyers_after(0, by) {
            Some(first) => {
                self.phase = JaPhase::BuyWindow;
                self.to_act = first;
            }
            None => self.start_turn(),
        }
    }

    fn ask_next_buyer(&mut self, declined: Seat) {
        let index = (declined + self.players - self.turn) % self.players;
        match self.buyers_after(index + 1, self.offered_by) {
            Some(next) => self.to_act = next,
            None => self.start_turn(),
        }
    }

    /// JA-10: pay 5 cents (the dealer's forced buy of a wild is free if he
    /// cannot pay, JA-7), take the card and one bonus card from the stock.
    fn buy(&mut self, seat: Seat, forced: bool) {
        if self.money[seat] >= BUY_PRICE {
            self.money[seat] -= BUY_PRICE;
            self.big_pot += BUY_PRICE;
        } else {
            debug_assert!(forced, "only a forced buy can be unpaid");
        }
        if let Some(card) = self.discard.pop() {
            self.hands[seat].push(card);
        }
        if let Some(bonus) = self.draw() {
            self.hands[seat].push(bonus);
        }
    }

    /// The top stock card, rebuilding the stock from the discard pile when
    /// it is empty (JA-16); `None` when no card is left at all.
    fn draw(&mut self) -> Option<Card> {
        if self.stock.is_empty() && self.discard.len() > 1 {
            let top = self.discard.pop().expect("the pile has a top card");
            let mut rest = std::mem::take(&mut self.discard);
            match &mut self.reshuffle {
                Reshuffle::Seeded(rng) => rng.shuffle(&mut rest),
                // Oldest on top: the stock's top is its last element.
                Reshuffle::OldestOnTop => rest.reverse(),
            }
            self.stock = rest;
            self.discard.push(top);
            self.stock_rebuilt = true;
        }
        self.stock.pop()
    }

    /// JA-8: the turn's player draws; with no card left the round ends (JA-16).
    fn start_turn(&mut self) {
        self.offered_by = None;
        match self.draw() {
            Some(card) => {
                self.hands[self.turn].push(card);
                self.drawn = Some(card);
                self.phase = JaPhase::Play;
                self.to_act = self.turn;
                self.table_at_turn_start = self.table.clone();
            }
            None => self.end_round(None),
        }
    }

    fn discard_card(&mut self, seat: Seat, card: Card) -> Result<(), RuleError<Refusal>> {
        let Some(at) = self.hands[seat].iter().position(|&c| c == card) else {
            return Err(Refusal::DiscardNotHeld { seat, card }.into());
        };
        self.hands[seat].remove(at);
        self.discard.push(card);
        self.drawn = None;
        if self.hands[seat].is_empty() {
            self.end_round(Some(seat)); // going out by discarding: no buy window
            return Ok(());
        }
        self.turn = (seat + 1) % self.players;
        self.open_buy_window(Some(seat));
        Ok(())
    }

    /// JA-12..JA-15: a proposed table, checked as a whole.
    fn play(&mut self, seat: Seat, proposal: &[TableMeld]) -> Result<(), RuleError<Refusal>> {
        let new_cards = table_multiset(proposal);
        let now = table_multiset(&self.table);
        let start = table_multiset(&self.table_at_turn_start);
        // JA-14: nothing that was on the table when the turn began leaves it.
        if !contains(&new_cards, &start) {
            return Err(Refusal::TableCardRemoved.into());
        }
        // Cards added come from the hand; cards taken back (played earlier this
        // turn) return to it.
        let hand = multiset(&self.hands[seat]);
        let mut added = [0u8; KINDS];
        let mut returned = [0u8; KINDS];
        for i in 0..KINDS {
            added[i] = new_cards[i].saturating_sub(now[i]);
            returned[i] = now[i].saturating_sub(new_cards[i]);
        }
        if !contains(&hand, &added) {
            return Err(Refusal::TableCardsNotHeld { seat }.into());
        }
        if let Some(m) = proposal.iter().find(|m| m.owner >= self.players) {
            return Err(Refusal::NoSuchSeat { owner: m.owner }.into());
        }
        for (i, meld) in proposal.iter().enumerate() {
            read_meld(&meld.cards).map_err(|error| Refusal::MeldInvalid { index: i, error })?;
        }
        if !self.opened[seat] {
            self.check_opening(seat, proposal)?;
        }
        // Apply.
        let hand = &mut self.hands[seat];
        for i in 0..KINDS {
            let card = Card::from_kind_index(i).expect("kind index in range");
            for _ in 0..added[i] {
                if let Some(at) = hand.iter().position(|&c| c == card) {
                    hand.remove(at);
                }
            }
            for _ in 0..returned[i] {
                hand.push(card);
            }
        }
        self.table = proposal.to_vec();
        self.opened[seat] = true;
        if self.hands[seat].is_empty() {
            self.end_round(Some(seat)); // going out by playing
        }
        Ok(())
    }

    /// JA-12, JA-15: an opening leaves every meld as it was and adds exactly
    /// the round's contract as new sets owned by the opener.
    fn check_opening(&self, seat: Seat, proposal: &[TableMeld]) -> Result<(), RuleError<Refusal>> {
        let mut unmatched: Vec<&TableMeld> = proposal.iter().collect();
        for old in &self.table {
            let old_set = multiset(&old.cards);
            let Some(at) = unmatched.iter().position(|m| m.owner == old.owner && multiset(&m.cards) == old_set) else {
                return Err(Refusal::TouchedBeforeOpening.into());
            };
            unmatched.remove(at);
        }
        if let Some(m) = unmatched.iter().find(|m| m.owner != seat) {
            return Err(Refusal::OpeningForOther { seat, owner: m.owner }.into());
        }
        let melds: Vec<Vec<Card>> = unmatched.iter().map(|m| m.cards.clone()).collect();
        self.contract().check(&melds).map_err(|problem| Refusal::ContractNotMet { problem })?;
        debug_assert!(melds.iter().all(|m| matches!(read_meld(m).map(|r| r.kind), Ok(MeldKind::Set { .. }))));
        Ok(())
    }

    /// JA-17 (and JA-18 after round 7).
    fn end_round(&mut self, went_out: Option<Seat>) {
        let round_points: Vec<i32> = (0..self.players)
            .map(|s| if Some(s) == went_out { 0 } else { self.hands[s].iter().map(|c| c.points() as i32).sum() })
            .collect();
        for (score, points) in self.scores.iter_mut().zip(&round_points) {
            *score += points;
        }
        let mut result = RoundResult {
            round_points,
            hands_left: self.hands.clone(),
            scores: self.scores.clone(),
            went_out,
            winners: Vec::new(),
            purses: Vec::new(),
        };
        if self.round == ROUNDS {
            let best = self.scores.iter().copied().min().unwrap_or(0);
            // Ties are listed from the dealer's left: the odd cents go to the first (JA-18).
            let winners: Vec<Seat> = (1..=self.players)
                .map(|i| (self.dealer + i) % self.players)
                .filter(|&s| self.scores[s] == best)
                .collect();
            let mut purses = self.money.clone();
            share(self.big_pot, &winners, &mut purses);
            // JA-18: the small pot to whoever went out in round 7; if the
            // round ended on an empty stock, it is shared like the big pot.
            match went_out {
                Some(seat) => purses[seat] += self.small_pot,
                None => share(self.small_pot, &winners, &mut purses),
            }
            let mut sorted = winners.clone();
            sorted.sort_unstable();
            result.winners = sorted;
            result.purses = purses;
            self.phase = JaPhase::Over;
        } else {
            self.phase = JaPhase::RoundOver;
        }
        self.result = Some(result);
    }
}

/// Splits `pot` equally among `winners` (in priority order, from the
/// dealer's left); JA-18: the odd cents, all of them, go to the first.
fn share(pot: i32, winners: &[Seat], purses: &mut [i32]) {
    let Some(&first) = winners.first() else { return };
    let each = pot / winners.len() as i32;
    for &w in winners {
        purses[w] += each;
    }
    purses[first] += pot - each * winners.len() as i32;
}
