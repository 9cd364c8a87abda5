//! The state of one game of Katzenjammer Blues and its transitions.
//!
//! The state is compact and allocation-free to clone (fixed arrays, no heap
//! unless the public log is kept), because search bots clone it constantly.
//! Automatic steps — reveals (KB-4), joker draws (KB-5), the end by stock or by
//! mice (KB-6, KB-17) and the final scoring (KB-18, KB-19) — run inside
//! [`KbState::apply`], so a state always waits for a player's decision or is over.

use super::action::Action;
use super::bid::Bid;
use super::cards::{Card, Counts, DECK_SIZE};
use super::foursome::Presentation;
pub use super::log::EndCause;
use super::log::Event;
use super::refusal::Refusal;
use super::check::check_move;
use super::view::{KbView, Options, Phase, StandingBid};
use crate::game::{Outcome, RuleError, Seat};
use crate::rng::Rng;
use crate::seed::Seed;

pub const MIN_PLAYERS: usize = 2;
pub const MAX_PLAYERS: usize = 6;
/// Cards dealt to each player (KB-3).
pub const HAND_SIZE: usize = 6;
/// The longest possible row: five different values, then a repeat or a joker (KB-4).
pub const MAX_ROW: usize = 6;
/// Mice lost by the players with the most jokers (KB-18).
pub const JOKER_PENALTY: i32 = 5;

/// A position that cannot be set up, with the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupError(pub String);

impl std::fmt::Display for SetupError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for SetupError {}

/// The cards one seat cannot see, as a search bot guesses them: every hand
/// (the viewer's as it is), the stock order, and the standing bid's cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hidden {
    pub hands: Vec<Counts>,
    pub stock_top_first: Vec<Card>,
    pub high_bid_cards: Counts,
}

/// A seeded deal (KB-3), before the first reveal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub bandleader: Seat,
    pub hands: Vec<Vec<Card>>,
    /// The stock, top card first.
    pub stock: Vec<Card>,
}

impl Deal {
    /// KB-3: the seed shuffles the deck and picks the first bandleader; six
    /// cards each are dealt one at a time clockwise, starting left of the
    /// bandleader; the rest is the stock.
    pub fn new(players: usize, seed: Seed) -> Result<Deal, SetupError> {
        check_players(players)?;
        let mut rng = Rng::for_stream(seed.stream("katzenjammer/deal"), "deck");
        let mut deck: Vec<Card> = Counts::deck().cards();
        rng.shuffle(&mut deck);
        let bandleader = rng.index(players);
        let mut hands = vec![Vec::with_capacity(HAND_SIZE); players];
        let mut top = 0;
        for _ in 0..HAND_SIZE {
            for i in 1..=players {
                hands[(bandleader + i) % players].push(deck[top]);
                top += 1;
            }
        }
        Ok(Deal { bandleader, hands, stock: deck[top..].to_vec() })
    }
}

/// One game of Katzenjammer Blues.
#[derive(Clone, Debug)]
pub struct KbState {
    players: u8,
    options: Options,
    phase: Phase,
    to_act: u8,
    bandleader: u8,
    hands: [Counts; MAX_PLAYERS],
    mice: [i32; MAX_PLAYERS],
    jokers_shown: [u8; MAX_PLAYERS],
    /// Stock cards, top card last (`stock[..stock_len]`).
    stock: [Card; DECK_SIZE],
    stock_len: u8,
    row: [Card; MAX_ROW],
    row_len: u8,
    high_bid: Option<StandingBid>,
    /// The cards of the standing bid: hidden (KB-13) until the bid wins.
    high_bid_cards: Counts,
    /// Bit s set: seat s has passed in this auction.
    passed: u8,
    mice_left: u8,
    discard: Counts,
    end: Option<EndCause>,
    winners: u8,
    /// The public history (KB-13, KB-21); kept only when asked for, so that
    /// search bots' copies stay allocation-free.
    log: Vec<Event>,
    keep_log: bool,
}

impl KbState {
    /// A new seeded game: [`Deal::new`], then the first reveal.
    pub fn new_game(players: usize, options: Options, seed: Seed) -> Result<KbState, SetupError> {
        let deal = Deal::new(players, seed)?;
        KbState::from_position(players, options, deal.bandleader, &deal.hands, &deal.stock)
    }

    /// A game from an explicit position (scenarios, tests): hands, and the stock
    /// with its top card first. Cards missing from the 90-card deck go to the
    /// bottom of the stock in ascending order, jokers last. Then the first
    /// reveal happens.
    pub fn from_position(
        players: usize,
        options: Options,
        bandleader: Seat,
        hands: &[Vec<Card>],
        stock_top_first: &[Card],
    ) -> Result<KbState, SetupError> {
        check_players(players)?;
        if bandleader >= players {
            return Err(SetupError(format!(
                "bandleader {bandleader} is not a seat of a {players}-player game (seats 0 to {})",
                players - 1
            )));
        }
        if hands.len() != players {
            return Err(SetupError(format!(
                "{} hands for {players} players: give one hand per seat",
                hands.len()
            )));
        }
        let mut seen = Counts::EMPTY;
        for card in hands.iter().flatten().chain(stock_top_first) {
            seen.add(*card, 1);
        }
        if let Some(card) = Card::ALL.into_iter().find(|&c| seen.get(c) > 15) {
            let name = if card.is_joker() { "jokers".to_string() } else { format!("{card}s") };
            return Err(SetupError(format!(
                "{} {name} in hands and stock, but the deck has only 15 (KB-1)",
                seen.get(card)
            )));
        }
        let mut missing = Counts::deck();
        missing.remove_all(&seen);

        let mut state = KbState {
            players: players as u8,
            options,
            phase: Phase::Bidding,
            to_act: 0,
            bandleader: bandleader as u8,
            hands: [Counts::EMPTY; MAX_PLAYERS],
            mice: [0; MAX_PLAYERS],
            jokers_shown: [0; MAX_PLAYERS],
            stock: [Card::Joker; DECK_SIZE],
            stock_len: 0,
            row: [Card::Joker; MAX_ROW],
            row_len: 0,
            high_bid: None,
            high_bid_cards: Counts::EMPTY,
            passed: 0,
            mice_left: options.mice_for(players),
            discard: Counts::EMPTY,
            end: None,
            winners: 0,
            log: Vec::new(),
            keep_log: true,
        };
        for (seat, hand) in hands.iter().enumerate() {
            state.hands[seat] = Counts::of(hand);
        }
        // Stored bottom first: the missing cards, highest kind deepest, so that
        // read from the top they come in ascending order, jokers last.
        let mut len = 0;
        for card in Card::ALL.into_iter().rev() {
            for _ in 0..missing.get(card) {
                state.stock[len] = card;
                len += 1;
            }
        }
        for &card in stock_top_first.iter().rev() {
            state.stock[len] = card;
            len += 1;
        }
        state.stock_len = len as u8;
        state.push(Event::Dealt { bandleader });
        state.start_round();
        Ok(state)
    }

    /// Stops recording the public log (search bots' private copies).
    pub fn without_log(mut self) -> KbState {
        self.log = Vec::new();
        self.keep_log = false;
        self
    }

    fn push(&mut self, event: Event) {
        if self.keep_log {
            self.log.push(event);
        }
    }

    // ----- reading the state -------------------------------------------------

    pub fn players(&self) -> usize {
        usize::from(self.players)
    }
    pub fn options(&self) -> Options {
        self.options
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    pub fn to_act(&self) -> Option<Seat> {
        (self.phase != Phase::Over).then_some(usize::from(self.to_act))
    }
    pub fn bandleader(&self) -> Seat {
        usize::from(self.bandleader)
    }
    pub fn hand(&self, seat: Seat) -> Counts {
        self.hands[seat]
    }
    pub fn hand_size(&self, seat: Seat) -> usize {
        self.hands[seat].total() as usize
    }
    pub fn mice(&self, seat: Seat) -> i32 {
        self.mice[seat]
    }
    pub fn jokers_shown(&self, seat: Seat) -> u8 {
        self.jokers_shown[seat]
    }
    pub fn row(&self) -> &[Card] {
        &self.row[..usize::from(self.row_len)]
    }
    /// The card this seat drew (KB-5) because the current row ended on a
    /// joker, while that row is auctioned: private to the seat (its own view
    /// holds the card in its hand; the log keeps it face down). Read back from
    /// the stock array, whose drawn cards stay past `stock_len`.
    pub fn drawn_this_row(&self, seat: Seat) -> Option<Card> {
        self.stock.get(self.drawn_slot(seat)?).copied()
    }

    /// Where the card `seat` drew for this joker row lies below the stock.
    fn drawn_slot(&self, seat: Seat) -> Option<usize> {
        let n = self.players();
        let joker_row = self.row().last().is_some_and(|c| c.is_joker());
        if self.phase != Phase::Bidding || !joker_row || seat >= n {
            return None;
        }
        // Draw i (1-based) went to seat bandleader + i and took the top card
        // then: stock[stock_len + n - i] (the last draw took stock[stock_len]).
        let i = (seat + n - self.bandleader()) % n;
        let i = if i == 0 { n } else { i };
        Some(usize::from(self.stock_len) + n - i).filter(|&slot| slot < DECK_SIZE)
    }
    pub fn high_bid(&self) -> Option<StandingBid> {
        self.high_bid
    }
    pub fn has_passed(&self, seat: Seat) -> bool {
        self.passed & (1 << seat) != 0
    }
    pub fn passed(&self) -> Vec<Seat> {
        (0..self.players()).filter(|&s| self.has_passed(s)).collect()
    }
    pub fn stock_len(&self) -> usize {
        usize::from(self.stock_len)
    }
    /// The stock, top card first (hidden information: for tests and scenarios).
    pub fn stock_top_first(&self) -> Vec<Card> {
        self.stock[..self.stock_len()].iter().rev().copied().collect()
    }
    pub fn mice_left(&self) -> u8 {
        self.mice_left
    }
    pub fn discard(&self) -> Counts {
        self.discard
    }
    pub fn end_cause(&self) -> Option<EndCause> {
        self.end
    }
    pub fn log(&self) -> &[Event] {
        &self.log
    }

    /// Every card of the game, wherever it is: always the full deck (KB-1).
    pub fn all_cards(&self) -> Counts {
        let mut all = self.discard;
        for seat in 0..self.players() {
            all.add_all(&self.hands[seat]);
            all.add(Card::Joker, self.jokers_shown[seat]);
        }
        for &card in self.row().iter().chain(&self.stock[..self.stock_len()]) {
            all.add(card, 1);
        }
        all
    }

    /// Mice in the supply plus mice held: always the starting supply while the
    /// game runs; the KB-18 penalty takes 5 per joker leader at the end.
    pub fn mice_total(&self) -> i32 {
        i32::from(self.mice_left) + self.mice[..self.players()].iter().sum::<i32>()
    }

    /// The result once the game is over (KB-18, KB-19).
    pub fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| Outcome {
            scores: self.mice[..self.players()].to_vec(),
            winners: (0..self.players()).filter(|&s| self.winners & (1 << s) != 0).collect(),
        })
    }

    /// Final jokers per player (displayed, hand jokers included once over).
    pub fn final_jokers(&self) -> Vec<u8> {
        (0..self.players()).map(|s| self.jokers_shown[s] + self.hands[s].jokers()).collect()
    }

    /// The true hidden cards (for tests and referees; never for a bot).
    pub fn hidden(&self) -> Hidden {
        Hidden {
            hands: self.hands[..self.players()].to_vec(),
            stock_top_first: self.stock_top_first(),
            high_bid_cards: self.high_bid_cards,
        }
    }

    /// Rebuilds a full state from one seat's view and an assignment of the
    /// cards that seat cannot see (a *determinization*, for search bots). The
    /// assignment must fit the view: the viewer's hand as seen, every hand of
    /// its known size, the stock of its known size, the whole deck accounted
    /// for, and the standing bid's cards in its bidder's hand.
    pub fn from_view(view: &KbView, hidden: &Hidden) -> Result<KbState, SetupError> {
        let n = view.players;
        check_players(n)?;
        let fail = |why: &str| Err(SetupError(format!("this assignment does not fit the view: {why}")));
        if hidden.hands.len() != n || hidden.hands[view.seat] != view.hand {
            return fail("the viewer's hand differs");
        }
        if (0..n).any(|s| hidden.hands[s].total() as usize != view.hand_sizes[s]) {
            return fail("a hand has the wrong size");
        }
        if hidden.stock_top_first.len() != view.stock {
            return fail("the stock has the wrong size");
        }
        let mut state = KbState {
            players: n as u8,
            options: view.options,
            phase: view.phase,
            to_act: view.to_act.unwrap_or(0) as u8,
            bandleader: view.bandleader as u8,
            hands: [Counts::EMPTY; MAX_PLAYERS],
            mice: [0; MAX_PLAYERS],
            jokers_shown: [0; MAX_PLAYERS],
            stock: [Card::Joker; DECK_SIZE],
            stock_len: view.stock as u8,
            row: [Card::Joker; MAX_ROW],
            row_len: view.row.len() as u8,
            high_bid: view.high_bid,
            high_bid_cards: hidden.high_bid_cards,
            passed: view.passed.iter().fold(0, |m, &s| m | (1 << s)),
            mice_left: view.mice_left,
            discard: view.discard,
            end: None,
            winners: 0,
            log: Vec::new(),
            keep_log: false,
        };
        for s in 0..n {
            state.hands[s] = hidden.hands[s];
            state.mice[s] = view.mice[s];
            state.jokers_shown[s] = view.jokers_shown[s];
        }
        state.row[..view.row.len()].copy_from_slice(&view.row);
        for (slot, &card) in state.stock.iter_mut().zip(hidden.stock_top_first.iter().rev()) {
            *slot = card;
        }
        // The card the viewer drew this row (KB-5) back in its place below
        // the stock, so that the rebuilt state's view is the view.
        if let Some(card) = view.drawn {
            if let Some(slot) = state.drawn_slot(view.seat) {
                state.stock[slot] = card;
            }
        }
        if state.all_cards() != Counts::deck() {
            return fail("the cards do not add up to the deck");
        }
        if let (Phase::Bidding, Some(bid)) = (view.phase, view.high_bid) {
            let made = Bid { kind: bid.level.kind, cards: hidden.high_bid_cards };
            if made.level() != bid.level || made.check_shape().is_err() || !state.hands[bid.seat].contains(&made.cards) {
                return fail("the standing bid's cards are not in its bidder's hand");
            }
        }
        Ok(state)
    }

    /// A copy in which everything `viewer` cannot see is dealt anew at random:
    /// the other hands (sizes kept) and the stock order. What the table knows
    /// is kept: the standing bid's cards stay with its bidder (KB-13: a bid
    /// proves its cards). Search bots use such copies (determinization); the
    /// copy's view for `viewer` equals the original's.
    pub fn resample_hidden(&self, viewer: Seat, rng: &mut Rng) -> KbState {
        let mut copy = self.clone();
        let n = self.players();
        let kept = |seat: Seat| match self.high_bid {
            // Once the auction is won the bid is paid, and out of the hand.
            Some(b) if self.phase == Phase::Bidding && b.seat == seat => self.high_bid_cards,
            _ => Counts::EMPTY,
        };
        let mut pool: Vec<Card> = self.stock[..self.stock_len()].to_vec();
        for seat in (0..n).filter(|&s| s != viewer) {
            let mut hidden = self.hands[seat];
            hidden.remove_all(&kept(seat));
            pool.extend(hidden.cards());
        }
        rng.shuffle(&mut pool);
        let mut next = pool.into_iter();
        for seat in (0..n).filter(|&s| s != viewer) {
            let mut hand = kept(seat);
            let size = self.hands[seat].total() - hand.total();
            for card in next.by_ref().take(size as usize) {
                hand.add(card, 1);
            }
            copy.hands[seat] = hand;
        }
        for (slot, card) in copy.stock.iter_mut().zip(next) {
            *slot = card;
        }
        copy
    }

    fn next_seat(&self, seat: Seat) -> Seat {
        (seat + 1) % self.players()
    }

    // ----- actions ------------------------------------------------------------

    /// Checks an action for the seat to act, without applying it.
    pub fn check(&self, action: &Action) -> Result<(), RuleError<Refusal>> {
        let seat = usize::from(self.to_act);
        check_move(self.phase, seat, &self.hands[seat], self.high_bid, action)
    }

    /// Applies an action of the seat to act, then every automatic step after it.
    /// A refused action leaves the state unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<(), RuleError<Refusal>> {
        self.check(action)?;
        let seat = usize::from(self.to_act);
        match action {
            Action::Pass => self.pass(seat),
            Action::Bid(bid) => self.bid(seat, bid),
            Action::Present(p) => self.present(seat, p),
        }
        Ok(())
    }

    fn pass(&mut self, seat: Seat) {
        self.passed |= 1 << seat;
        self.push(Event::Passed { seat });
        self.after_auction_move(seat);
    }

    fn bid(&mut self, seat: Seat, bid: &Bid) {
        // KB-13: the bid is public; its cards stay in hand unless it wins.
        self.high_bid = Some(StandingBid { seat, level: bid.level() });
        self.push(Event::Bid { seat, level: bid.level() });
        // Only the winning bid's cards are ever paid, so remember them: the
        // bidder still holds them (cards leave a hand only when paid).
        self.high_bid_cards = bid.cards;
        self.after_auction_move(seat);
    }

    /// KB-11: decides who acts next, or ends the auction.
    fn after_auction_move(&mut self, seat: Seat) {
        let all = (1u8 << self.players) - 1;
        let in_play = all & !self.passed;
        match in_play.count_ones() {
            0 => self.row_unsold(),
            1 => {
                let last = in_play.trailing_zeros() as usize;
                match self.high_bid {
                    Some(standing) if standing.seat == last => self.auction_won(last),
                    // Nobody has bid: the last player may still bid or pass.
                    _ => self.to_act = last as u8,
                }
            }
            _ => {
                let mut next = self.next_seat(seat);
                while self.has_passed(next) {
                    next = self.next_seat(next);
                }
                self.to_act = next as u8;
            }
        }
    }

    /// KB-11: nobody bid; the row goes to the discard pile and the same
    /// bandleader reveals again.
    fn row_unsold(&mut self) {
        let row = Counts::of(self.row());
        self.discard.add_all(&row);
        self.push(Event::RowDiscarded { row });
        self.start_round();
    }

    /// KB-12: the winner pays (naturals to the discard pile, jokers displayed),
    /// takes the row and becomes bandleader; then may present (KB-14).
    fn auction_won(&mut self, seat: Seat) {
        let paid = self.high_bid_cards;
        let row = Counts::of(self.row());
        let hand = &mut self.hands[seat];
        hand.remove_all(&paid);
        hand.add_all(&row);
        self.jokers_shown[seat] += paid.jokers();
        let mut to_discard = paid;
        to_discard.0[5] = 0;
        self.discard.add_all(&to_discard);
        self.row_len = 0;
        self.bandleader = seat as u8;
        self.push(Event::Won { seat, paid, row });
        self.phase = Phase::Presenting;
        self.to_act = seat as u8;
    }

    /// KB-15..KB-17.
    fn present(&mut self, seat: Seat, p: &Presentation) {
        self.hands[seat].remove_all(&p.cards());
        self.discard.add_all(&p.discarded());
        self.jokers_shown[seat] += p.displayed_jokers();
        let earned = p.mice().min(u32::from(self.mice_left)) as u8;
        self.mice_left -= earned;
        self.mice[seat] += i32::from(earned);
        self.push(Event::Presented { seat, presentation: *p, mice: earned });
        if self.mice_left == 0 {
            self.end_game(EndCause::Mice);
        } else {
            self.start_round();
        }
    }

    // ----- automatic steps ---------------------------------------------------

    fn draw_stock(&mut self) -> Card {
        self.stock_len -= 1;
        self.stock[usize::from(self.stock_len)]
    }

    /// KB-4..KB-6: reveal a row, joker draws, or the end by stock; then open
    /// the auction left of the bandleader (KB-7).
    fn start_round(&mut self) {
        self.row_len = 0;
        self.high_bid = None;
        self.passed = 0;
        let mut seen_values = 0u8;
        loop {
            if self.stock_len == 0 {
                // Only a set-up position can start with an empty stock.
                return self.end_game(EndCause::Stock);
            }
            let card = self.draw_stock();
            self.row[usize::from(self.row_len)] = card;
            self.row_len += 1;
            self.push(Event::Revealed { card });
            if self.stock_len == 0 {
                return self.end_game(EndCause::Stock); // KB-6, by a reveal
            }
            if card.is_joker() {
                // KB-5: everyone draws, left of the bandleader first, bandleader last.
                for i in 1..=self.players() {
                    let seat = (self.bandleader() + i) % self.players();
                    let drawn = self.draw_stock();
                    self.hands[seat].add(drawn, 1);
                    self.push(Event::Drew { seat });
                    if self.stock_len == 0 {
                        return self.end_game(EndCause::Stock); // KB-6, by a draw
                    }
                }
                break;
            }
            let bit = 1 << card.index();
            if seen_values & bit != 0 {
                break;
            }
            seen_values |= bit;
        }
        self.phase = Phase::Bidding;
        self.to_act = self.next_seat(self.bandleader()) as u8;
    }

    /// KB-18, KB-19: jokers in hand join the displayed ones; the players with
    /// the most jokers (if any) lose 5 mice; most mice wins, then fewer jokers.
    fn end_game(&mut self, cause: EndCause) {
        let n = self.players();
        self.phase = Phase::Over;
        self.end = Some(cause);
        for seat in 0..n {
            let jokers = self.hands[seat].jokers();
            self.hands[seat].0[5] = 0;
            self.jokers_shown[seat] += jokers;
        }
        let most = self.jokers_shown[..n].iter().copied().max().unwrap_or(0);
        if most > 0 {
            for seat in 0..n {
                if self.jokers_shown[seat] == most {
                    self.mice[seat] -= JOKER_PENALTY;
                }
            }
        }
        let best_mice = self.mice[..n].iter().copied().max().unwrap_or(0);
        let fewest_jokers = (0..n)
            .filter(|&s| self.mice[s] == best_mice)
            .map(|s| self.jokers_shown[s])
            .min()
            .unwrap_or(0);
        self.winners = 0;
        for seat in 0..n {
            if self.mice[seat] == best_mice && self.jokers_shown[seat] == fewest_jokers {
                self.winners |= 1 << seat;
            }
        }
        self.push(Event::GameOver { cause });
    }
}

/// Two states are equal when the game is the same: the same cards in the same
/// places and the same public facts. Unused array slots and the public log
/// (a record of how the state was reached, not part of it) do not count.
impl KbState {
    pub fn view(&self, seat: Seat) -> KbView {
        let n = self.players();
        KbView {
            seat,
            players: n,
            options: self.options(),
            phase: self.phase(),
            to_act: self.to_act(),
            bandleader: self.bandleader(),
            row: self.row().to_vec(),
            high_bid: self.high_bid(),
            passed: self.passed(),
            stock: self.stock_len(),
            mice_left: self.mice_left(),
            discard: self.discard(),
            hand: self.hand(seat),
            drawn: self.drawn_this_row(seat),
            hand_sizes: (0..n).map(|s| self.hand_size(s)).collect(),
            mice: (0..n).map(|s| self.mice(s)).collect(),
            jokers_shown: (0..n).map(|s| self.jokers_shown(s)).collect(),
            history: self.log().to_vec(),
        }
    }
}

impl PartialEq for KbState {
    fn eq(&self, other: &Self) -> bool {
        let n = self.players();
        let bid_cards = |s: &KbState| if s.phase == Phase::Bidding && s.high_bid.is_some() { s.high_bid_cards } else { Counts::EMPTY };
        self.players == other.players
            && self.options == other.options
            && self.phase == other.phase
            && self.to_act() == other.to_act()
            && self.bandleader == other.bandleader
            && self.hands[..n] == other.hands[..n]
            && self.mice[..n] == other.mice[..n]
            && self.jokers_shown[..n] == other.jokers_shown[..n]
            && self.stock[..self.stock_len()] == other.stock[..other.stock_len()]
            && self.row() == other.row()
            && self.high_bid == other.high_bid
            && bid_cards(self) == bid_cards(other)
            && self.passed == other.passed
            && self.mice_left == other.mice_left
            && self.discard == other.discard
            && self.end == other.end
            && self.winners == other.winners
    }
}

impl Eq for KbState {}

/// KB-21: what a seat cannot see dealt anew ([`KbState::resample_hidden`]).
impl crate::game::Redeal for KbState {
    fn redeal_hidden(&self, seat: Seat, rng: &mut Rng) -> KbState {
        self.resample_hidden(seat, rng)
    }
}

fn check_players(players: usize) -> Result<(), SetupError> {
    if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        Ok(())
    } else {
        Err(SetupError(format!(
            "Katzenjammer Blues is for 2 to 6 players, not {players} (KB-2)"
        )))
    }
}
