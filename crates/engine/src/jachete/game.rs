//! A whole game of J'achète: seven seeded rounds (JA-3, JA-4), money and pots
//! carried from round to round (JA-2, JA-18), the per-player view (JA-19), and
//! the generic [`Game`] API with an honest move generator.
//!
//! The space of table rearrangements is far too large to list, so
//! [`Game::actions`] gives a bot-oriented set of candidates (the opening, each
//! card laid off on a meld, new sets, every discard, buy or decline) and
//! [`Game::ACTIONS_EXHAUSTIVE`] is false; any other proposed table is still
//! checked by the rules and applied if legal.

use super::cards::{deck, Card, Rank, Suit};
use super::meld::{read_meld, MeldKind, Standing};
use super::refusal::Refusal;
use super::round::{JaAction, JaPhase, JaRound, Reshuffle, RoundResult, RoundSetup, TableMeld, ROUNDS, SMALL_POT_STAKE, START_MONEY};
use crate::game::{Game, Outcome, RuleError, Seat};
use crate::rng::Rng;
use crate::seed::Seed;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JaOptions {
    /// Allow three players (JA-2: an option for small tables).
    pub three_players: bool,
}

impl JaOptions {
    /// JA-2: 4 to 8 players, or 3 with the option.
    pub fn allows(self, players: usize) -> bool {
        (4..=8).contains(&players) || (players == 3 && self.three_players)
    }
}

/// A seven-round game.
#[derive(Clone, Debug)]
pub struct JaGame {
    players: usize,
    seed: Seed,
    first_dealer: Seat,
    round: JaRound,
    results: Vec<RoundResult>,
    /// A search bot's guessed world ends with the round: later deals are
    /// unknown to it, so it never deals them.
    stop_at_round_end: bool,
    /// This round's discards (bought ones included) and its first turned
    /// card, in order (public, JA-19). Each round is a fresh deal, so older
    /// rounds tell nothing about the cards now hidden.
    seen_discards: Vec<Card>,
    /// This round's buys and discards with who made them (public, JA-19):
    /// a bought card sits in its buyer's hand until seen again.
    bought: Vec<(Seat, Card)>,
    discarded: Vec<(Seat, Card)>,
    /// Rounds ended before `results` began: a game rebuilt from a view
    /// (`from_view`) keeps the view's count without the results themselves.
    ended_before: usize,
    /// And the hands left when the last of them ended (public, JA-17): the
    /// view's, so that the rebuilt game's views are the view's.
    hands_left_before: Vec<Vec<Card>>,
}

/// What one seat knows (JA-19).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JaView {
    pub seat: Seat,
    pub players: usize,
    pub round: u8,
    pub dealer: Seat,
    pub phase: JaPhase,
    pub to_act: Option<Seat>,
    pub turn: Seat,
    pub stock: usize,
    pub discard_top: Option<Card>,
    pub buy_card: Option<Card>,
    /// Every card discarded this round (bought ones included) and the card
    /// the dealer turned, oldest first.
    pub discards_seen: Vec<Card>,
    /// The discard pile as it lies, oldest first: face up, every card of it
    /// was seen when discarded.
    pub discard_pile: Vec<Card>,
    /// This round's buys, in order: who bought which card (JA-19). The bonus
    /// card drawn with it stays hidden.
    pub bought: Vec<(Seat, Card)>,
    /// This round's discards, in order, with who made them.
    pub discarded: Vec<(Seat, Card)>,
    pub table: Vec<TableMeld>,
    pub hand: Vec<Card>,
    pub hand_sizes: Vec<usize>,
    pub money: Vec<i32>,
    pub scores: Vec<i32>,
    pub opened: Vec<bool>,
    pub pots: (i32, i32),
    /// The card this seat drew from the stock to start its turn (JA-8),
    /// while that turn lasts: the table marks it in the hand.
    pub drawn: Option<Card>,
    /// How many rounds of this game have ended (public: every seat saw each
    /// end; `JaGame::results`' length). The table shows a round's end until
    /// its people have seen it (JA-17) by comparing this with the rounds
    /// seen. A game that starts mid-way (a lesson's round) counts from 0.
    pub rounds_ended: usize,
    /// JA-17: the hands left when the last round ended (public: scored in
    /// front of everyone), seat by seat; empty before a round has ended.
    /// A friend's table shows them at the round's end (issue 55).
    pub hands_left: Vec<Vec<Card>>,
}

impl JaGame {
    /// JA-2, JA-4: everyone brings 60 cents and puts 10 in the small pot; the
    /// seed picks the first dealer and shuffles every round.
    pub fn new_game(players: usize, options: JaOptions, seed: Seed) -> Result<JaGame, String> {
        if !options.allows(players) {
            return Err(format!("J'achète is for 4 to 8 players (3 as an option), not {players} (JA-2)"));
        }
        let first_dealer = Rng::for_stream(seed.stream("jachete/dealer"), "dealer").index(players);
        let money = vec![START_MONEY - SMALL_POT_STAKE; players];
        let round = deal_round(players, seed, 1, first_dealer, money, SMALL_POT_STAKE * players as i32, 0, vec![0; players])?;
        let seen_discards = round.first_card().into_iter().collect();
        let bought = forced_buy(&round);
        Ok(JaGame {
            players,
            seed,
            first_dealer,
            round,
            results: Vec::new(),
            stop_at_round_end: false,
            seen_discards,
            bought,
            discarded: Vec::new(),
            ended_before: 0,
            hands_left_before: Vec::new(),
        })
    }

    pub fn round(&self) -> &JaRound {
        &self.round
    }

    /// A world rebuilt from one seat's view and a guess at what it cannot see
    /// (the other hands, the stock order): a search bot's determinization.
    /// It plays only to the end of the current round.
    pub fn from_view(view: &JaView, hands: Vec<Vec<Card>>, stock_top_first: Vec<Card>, rng_seed: u64) -> Result<JaGame, String> {
        if hands.len() != view.players || hands[view.seat] != view.hand {
            return Err("the guessed hands do not fit the view".into());
        }
        if (0..view.players).any(|s| hands[s].len() != view.hand_sizes[s]) || stock_top_first.len() != view.stock {
            return Err("the guessed hand or stock sizes do not fit the view".into());
        }
        let mut round = JaRound::from_parts(
            view.round,
            view.dealer,
            view.phase,
            view.to_act.unwrap_or(view.turn),
            view.turn,
            hands,
            stock_top_first,
            view.discard_pile.clone(),
            view.table.clone(),
            view.money.clone(),
            view.pots,
            view.scores.clone(),
            view.opened.clone(),
            Reshuffle::Seeded(Rng::new(rng_seed)),
        )?;
        round.keep_drawn(view.drawn);
        Ok(JaGame {
            players: view.players,
            seed: Seed::from_number(0),
            first_dealer: view.dealer,
            round,
            results: Vec::new(),
            stop_at_round_end: true,
            seen_discards: view.discards_seen.clone(),
            bought: view.bought.clone(),
            discarded: view.discarded.clone(),
            ended_before: view.rounds_ended,
            hands_left_before: view.hands_left.clone(),
        })
    }
    /// A game of the one round `round`, stopping at its end (a lesson's
    /// position, issue 42, read from a scenario: `jachete::scenario::start`).
    pub fn from_round(round: JaRound) -> JaGame {
        let seen_discards = round.first_card().into_iter().collect();
        let bought = forced_buy(&round);
        JaGame {
            players: round.players(),
            seed: Seed::from_number(0),
            first_dealer: round.dealer(),
            round,
            results: Vec::new(),
            stop_at_round_end: true,
            seen_discards,
            bought,
            discarded: Vec::new(),
            ended_before: 0,
            hands_left_before: Vec::new(),
        }
    }

    pub fn results(&self) -> &[RoundResult] {
        &self.results
    }
    pub fn seed(&self) -> Seed {
        self.seed
    }

    fn next_round(&mut self) -> Result<(), String> {
        let r = &self.round;
        let n = self.players;
        let number = r.round() + 1;
        let dealer = (self.first_dealer + usize::from(number) - 1) % n;
        let money = (0..n).map(|s| r.money(s)).collect();
        let scores = (0..n).map(|s| r.score(s)).collect();
        let (small, big) = r.pots();
        self.round = deal_round(n, self.seed, number, dealer, money, small, big, scores)?;
        self.seen_discards.clear();
        self.seen_discards.extend(self.round.first_card());
        self.bought = forced_buy(&self.round);
        self.discarded.clear();
        Ok(())
    }
}

/// JA-7: a wild turned first was bought by the dealer, for all to see.
fn forced_buy(round: &JaRound) -> Vec<(Seat, Card)> {
    round.first_card().filter(|c| c.is_wild()).map(|c| (round.dealer(), c)).into_iter().collect()
}

/// JA-4: round `number` of `seed` is always the same deal, dealt one card at a
/// time clockwise starting left of the dealer.
#[allow(clippy::too_many_arguments)]
fn deal_round(
    players: usize,
    seed: Seed,
    number: u8,
    dealer: Seat,
    money: Vec<i32>,
    small_pot: i32,
    big_pot: i32,
    scores: Vec<i32>,
) -> Result<JaRound, String> {
    let contract = super::meld::contract(number).ok_or("no such round")?;
    let mut rng = Rng::for_stream(seed.stream("jachete/round"), &format!("round-{number}"));
    let mut cards = deck();
    rng.shuffle(&mut cards);
    let mut hands = vec![Vec::with_capacity(contract.cards_dealt); players];
    let mut top = 0;
    for _ in 0..contract.cards_dealt {
        for i in 1..=players {
            hands[(dealer + i) % players].push(cards[top]);
            top += 1;
        }
    }
    JaRound::start(RoundSetup {
        players,
        round: number,
        dealer,
        hands,
        stock: cards[top..].to_vec(),
        money,
        small_pot,
        big_pot,
        scores,
        reshuffle: Reshuffle::Seeded(Rng::for_stream(seed.stream("jachete/round"), &format!("reshuffle-{number}"))),
    })
}

/// JA-19: the other hands and the stock dealt anew among themselves (sizes
/// kept), the world rebuilt from the seat's view ([`JaGame::from_view`], as
/// the search bots build theirs).
impl crate::game::Redeal for JaGame {
    fn redeal_hidden(&self, seat: Seat, rng: &mut Rng) -> JaGame {
        let round = &self.round;
        let n = self.players();
        let mut pool: Vec<Card> = (0..n).filter(|&s| s != seat).flat_map(|s| round.hand(s).iter().copied()).collect();
        pool.extend(round.stock_top_first());
        rng.shuffle(&mut pool);
        let mut rest = pool.into_iter();
        let hands: Vec<Vec<Card>> =
            (0..n).map(|s| if s == seat { round.hand(s).to_vec() } else { rest.by_ref().take(round.hand(s).len()).collect() }).collect();
        JaGame::from_view(&self.view(seat), hands, rest.collect(), rng.next_u64()).expect("the same cards fit the view")
    }
}

impl Game for JaGame {
    type Action = JaAction;
    type View = JaView;
    type Refusal = Refusal;

    const NAME: &'static str = "jachete";
    const ACTIONS_EXHAUSTIVE: bool = false;

    fn players(&self) -> usize {
        self.players
    }

    fn to_act(&self) -> Option<Seat> {
        self.round.to_act()
    }

    fn actions(&self, out: &mut Vec<JaAction>) {
        out.clear();
        let Some(seat) = self.round.to_act() else { return };
        match self.round.phase() {
            JaPhase::BuyWindow => out.extend([JaAction::Buy, JaAction::Decline]),
            JaPhase::Play => candidate_plays(&self.round, seat, out),
            _ => {}
        }
    }

    fn check(&self, action: &JaAction) -> Result<(), RuleError<Refusal>> {
        self.clone().apply(action)
    }

    fn apply(&mut self, action: &JaAction) -> Result<(), RuleError<Refusal>> {
        let actor = self.round.to_act();
        let buy_card = self.round.buy_card();
        self.round.apply(action)?;
        // JA-19: discards are public when made; a bought card was seen already.
        // (An applied action always had a seat to act.)
        match (action, actor) {
            (JaAction::Discard(card), Some(seat)) => {
                self.seen_discards.push(*card);
                self.discarded.push((seat, *card));
            }
            (JaAction::Buy, Some(seat)) => self.bought.extend(buy_card.map(|card| (seat, card))),
            _ => {}
        }
        if self.round.phase() == JaPhase::RoundOver {
            if let Some(result) = self.round.result() {
                self.results.push(result.clone());
            }
            if !self.stop_at_round_end {
                // The game was checked when it began (players, seats), so
                // every later round deals.
                self.next_round().expect("the next round deals");
            }
        } else if self.round.phase() == JaPhase::Over {
            if let Some(result) = self.round.result() {
                self.results.push(result.clone());
            }
        }
        Ok(())
    }

    fn view(&self, seat: Seat) -> JaView {
        let r = &self.round;
        let n = self.players;
        JaView {
            seat,
            players: n,
            round: r.round(),
            dealer: r.dealer(),
            phase: r.phase(),
            to_act: r.to_act(),
            turn: r.turn(),
            stock: r.stock_len(),
            discard_top: r.discard().last().copied(),
            buy_card: r.buy_card(),
            discards_seen: self.seen_discards.clone(),
            discard_pile: r.discard().to_vec(),
            bought: self.bought.clone(),
            discarded: self.discarded.clone(),
            table: r.table().to_vec(),
            hand: r.hand(seat).to_vec(),
            hand_sizes: (0..n).map(|s| r.hand(s).len()).collect(),
            money: (0..n).map(|s| r.money(s)).collect(),
            scores: (0..n).map(|s| r.score(s)).collect(),
            opened: (0..n).map(|s| r.opened(s)).collect(),
            pots: r.pots(),
            drawn: r.drawn().filter(|_| r.to_act() == Some(seat)),
            rounds_ended: self.ended_before + self.results.len(),
            hands_left: self.results.last().map_or_else(|| self.hands_left_before.clone(), |r| r.hands_left.clone()),
        }
    }

    /// JA-18: the lowest total wins (scores are points, lower is better).
    fn outcome(&self) -> Option<Outcome> {
        let result = self.results.last().filter(|_| self.round.phase() == JaPhase::Over)?;
        Some(Outcome { scores: result.scores.clone(), winners: result.winners.clone() })
    }
}

/// Candidate actions of a turn: the opening (if the hand allows); once
/// opened, each card laid off on a meld, new sets and runs of naturals, each
/// natural swapped for the wild standing for it with the wild replayed
/// elsewhere, and new three-card melds of hand cards with cards moved off
/// the table; and every distinct discard.
pub fn candidate_plays(round: &JaRound, seat: Seat, out: &mut Vec<JaAction>) {
    let hand = round.hand(seat);
    let table = round.table();
    if !round.opened(seat) {
        if let Some(melds) = find_opening(round, hand) {
            let mut proposal = table.to_vec();
            proposal.extend(melds.into_iter().map(|cards| TableMeld { owner: seat, cards }));
            out.push(JaAction::Play { table: proposal });
        }
    } else {
        // Lay one card off on a meld.
        let mut tried: Vec<Card> = Vec::new();
        for &card in hand {
            if tried.contains(&card) {
                continue;
            }
            tried.push(card);
            for (i, meld) in table.iter().enumerate() {
                let mut cards = meld.cards.clone();
                cards.push(card);
                if read_meld(&cards).is_ok() {
                    let mut proposal = table.to_vec();
                    proposal[i].cards = cards;
                    out.push(JaAction::Play { table: proposal });
                }
            }
        }
        // A new set of three or more naturals of one rank.
        for rank in 1..=13u8 {
            let Some(rank) = Rank::new(rank).filter(|r| *r != Rank::TWO) else { continue };
            let naturals: Vec<Card> =
                hand.iter().copied().filter(|c| matches!(c, Card::Natural(r, _) if *r == rank)).collect();
            if naturals.len() >= 3 {
                let mut proposal = table.to_vec();
                proposal.push(TableMeld { owner: seat, cards: naturals });
                out.push(JaAction::Play { table: proposal });
            }
        }
        push_new_runs(table, hand, seat, out);
        push_wild_swaps(table, hand, out);
        push_melds_with_table_cards(table, hand, seat, out);
    }
    let mut discards: Vec<Card> = hand.to_vec();
    discards.sort();
    discards.dedup();
    out.extend(discards.into_iter().map(JaAction::Discard));
}

/// New runs of three or more natural cards of one suit (JA-13): each longest
/// stretch of consecutive ranks, the ace low or high.
fn push_new_runs(table: &[TableMeld], hand: &[Card], seat: Seat, out: &mut Vec<JaAction>) {
    for suit in Suit::ALL {
        let mut has = [false; 15]; // ranks 1..=14, the ace at both ends
        for card in hand {
            if let Card::Natural(rank, s) = *card {
                if s == suit && !card.is_wild() {
                    has[usize::from(rank.number())] = true;
                    if rank == Rank::ACE {
                        has[14] = true;
                    }
                }
            }
        }
        let mut start = 1;
        while start <= 14 {
            if !has[start] {
                start += 1;
                continue;
            }
            let mut end = start;
            while end < 14 && has[end + 1] {
                end += 1;
            }
            if end - start + 1 >= 3 {
                let cards: Vec<Card> = (start..=end)
                    .filter_map(|r| Rank::new(if r == 14 { 1 } else { r as u8 }))
                    .map(|rank| Card::Natural(rank, suit))
                    .collect();
                let mut proposal = table.to_vec();
                proposal.push(TableMeld { owner: seat, cards });
                out.push(JaAction::Play { table: proposal });
            }
            start = end + 1;
        }
    }
}

/// Swapping a natural card from the hand for the wild that stands for it
/// (JA-13), then replaying that wild on another meld where it fits (JA-14:
/// it may not stay in the hand).
fn push_wild_swaps(table: &[TableMeld], hand: &[Card], out: &mut Vec<JaAction>) {
    for (i, meld) in table.iter().enumerate() {
        let Ok(reading) = read_meld(&meld.cards) else { continue };
        for (p, standing) in reading.stands_for.iter().enumerate() {
            let natural = hand.iter().copied().find(|c| {
                !c.is_wild()
                    && match (*standing, *c) {
                        (Standing::Exactly(rank, suit), Card::Natural(r, s)) => rank == r && suit == s,
                        (Standing::AnyOf(rank), Card::Natural(r, _)) => rank == r,
                        _ => false,
                    }
            });
            let Some(natural) = natural else { continue };
            let wild = meld.cards[p];
            let mut swapped = meld.cards.clone();
            swapped[p] = natural;
            if read_meld(&swapped).is_err() {
                continue;
            }
            for (j, other) in table.iter().enumerate().filter(|(j, _)| *j != i) {
                let mut grown = other.cards.clone();
                grown.push(wild);
                if read_meld(&grown).is_ok() {
                    let mut proposal = table.to_vec();
                    proposal[i].cards = swapped.clone();
                    proposal[j].cards = grown;
                    out.push(JaAction::Play { table: proposal });
                }
            }
        }
    }
}

/// New three-card melds that use cards of the hand with cards moved off the
/// table (JA-13: moving cards between melds; JA-14: they stay on the table,
/// every meld left valid, JA-5 included): a set of a rank the hand holds
/// once or twice, completed by naturals of that rank taken off runs and, for
/// the third card, a spare wild off a meld (else a wild from the hand); a run
/// of three consecutive cards of one suit holding at least one card of the
/// hand, completed by spare naturals off the table and at most one wild
/// (spare off the table first, else from the hand). One proposal per set or
/// run, only for an opened player (JA-12, JA-15: the caller checks). Runs
/// never cross the rank 2 (every 2 is wild), and a run of three naturals all
/// from the hand is [`push_new_runs`]'s.
fn push_melds_with_table_cards(table: &[TableMeld], hand: &[Card], seat: Seat, out: &mut Vec<JaAction>) {
    let first_wild = hand.iter().copied().find(|c| c.is_wild());
    let natural_of = |card: Card| match card {
        Card::Natural(rank, suit) if !card.is_wild() => Some((rank, suit)),
        _ => None,
    };
    // Sets.
    for rank in (1..=13u8).filter_map(Rank::new).filter(|r| *r != Rank::TWO) {
        let mut cards: Vec<Card> = hand.iter().copied().filter(|&c| natural_of(c).is_some_and(|(r, _)| r == rank)).collect();
        if cards.is_empty() || cards.len() >= 3 {
            continue;
        }
        let mut proposal = table.to_vec();
        // Naturals of the rank, never off a set of that rank (the hand's
        // cards are laid off there instead).
        while cards.len() < 3 {
            let spare = take_spare(&mut proposal, &|c| natural_of(c).is_some_and(|(r, _)| r == rank), &|m| {
                !matches!(read_meld(m).map(|r| r.kind), Ok(MeldKind::Set { rank: r }) if r == rank)
            });
            match spare {
                Some(card) => cards.push(card),
                None => break,
            }
        }
        if cards.len() == 2 {
            match take_spare(&mut proposal, &|c| c.is_wild(), &|_| true).or(first_wild) {
                Some(wild) => cards.push(wild),
                None => continue,
            }
        }
        if cards.len() == 3 && read_meld(&cards).is_ok() {
            proposal.push(TableMeld { owner: seat, cards });
            out.push(JaAction::Play { table: proposal });
        }
    }
    // Runs: ranks low..low+2, the ace 1 or 14, never through a 2.
    for suit in Suit::ALL {
        for low in 3..=12u8 {
            let ranks = [low, low + 1, low + 2];
            let want = |n: u8| Card::Natural(Rank::new(if n == 14 { 1 } else { n }).expect("a rank"), suit);
            let in_hand = ranks.map(|n| hand.contains(&want(n)));
            let held = in_hand.iter().filter(|&&h| h).count();
            if held == 0 || held == 3 {
                continue;
            }
            let mut proposal = table.to_vec();
            let mut cards: Vec<Option<Card>> = Vec::with_capacity(3);
            for (k, &n) in ranks.iter().enumerate() {
                let card = want(n);
                cards.push(if in_hand[k] { Some(card) } else { take_spare(&mut proposal, &|c| c == card, &|_| true) });
            }
            let missing = cards.iter().filter(|c| c.is_none()).count();
            if missing > 1 {
                continue;
            }
            if missing == 1 {
                let Some(wild) = take_spare(&mut proposal, &|c| c.is_wild(), &|_| true).or(first_wild) else { continue };
                cards.iter_mut().filter(|c| c.is_none()).for_each(|c| *c = Some(wild));
            }
            let cards: Vec<Card> = cards.into_iter().flatten().collect();
            if read_meld(&cards).is_ok() {
                proposal.push(TableMeld { owner: seat, cards });
                out.push(JaAction::Play { table: proposal });
            }
        }
    }
}

/// Takes off `table` the first card matching `wanted`, from a meld of four
/// or more cards accepted by `from` that stays valid without it (JA-5,
/// JA-13), and returns it.
fn take_spare(table: &mut [TableMeld], wanted: &dyn Fn(Card) -> bool, from: &dyn Fn(&[Card]) -> bool) -> Option<Card> {
    for meld in table.iter_mut().filter(|m| m.cards.len() >= 4) {
        if !meld.cards.iter().any(|&c| wanted(c)) || !from(&meld.cards) {
            continue;
        }
        for j in 0..meld.cards.len() {
            let card = meld.cards[j];
            if !wanted(card) {
                continue;
            }
            let mut rest = meld.cards.clone();
            rest.remove(j);
            if read_meld(&rest).is_ok() {
                meld.cards = rest;
                return Some(card);
            }
        }
    }
    None
}

/// The contract from this hand, naturals first, the fewest wilds, or `None`.
pub fn find_opening(round: &JaRound, hand: &[Card]) -> Option<Vec<Vec<Card>>> {
    let contract = round.contract();
    let mut wilds: Vec<Card> = hand.iter().copied().filter(|c| c.is_wild()).collect();
    // Ranks by how many naturals the hand holds.
    let mut by_rank: Vec<(usize, Rank)> = (1..=13u8)
        .filter_map(Rank::new)
        .filter(|r| *r != Rank::TWO)
        .map(|r| (hand.iter().filter(|c| matches!(c, Card::Natural(x, _) if *x == r)).count(), r))
        .filter(|(n, _)| *n > 0)
        .collect();
    by_rank.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)));
    let mut melds = Vec::new();
    for &(count, rank) in by_rank.iter().take(contract.sets) {
        let mut cards: Vec<Card> =
            hand.iter().copied().filter(|c| matches!(c, Card::Natural(x, _) if *x == rank)).collect();
        // Wilds to reach the minimum length, within the half limit (JA-5).
        let needed = contract.min_len.saturating_sub(count);
        if needed > wilds.len() || needed > (count + needed) / 2 {
            return None;
        }
        cards.extend(wilds.drain(..needed));
        melds.push(cards);
    }
    if melds.len() < contract.sets {
        return None;
    }
    let all_sets = melds.iter().all(|m| matches!(read_meld(m).map(|r| r.kind), Ok(MeldKind::Set { .. })));
    (all_sets && contract.check(&melds).is_ok()).then_some(melds)
}

/// Number of rounds, re-exported for callers of the game API.
pub const GAME_ROUNDS: u8 = ROUNDS;
