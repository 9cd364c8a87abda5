//! The turn's staging area: the table a player composes before proposing it
//! to the engine (a `Play` proposes the whole table, JA-12..JA-15), and the
//! order the hand is shown in. Plain Rust, no Leptos: the table components
//! only call these operations and draw the result.
//!
//! Cards keep where they came from: a card on the table at the start of the
//! turn is *fixed* (JA-14: it may move between melds, never back to a hand);
//! a card laid from the hand this turn may go back. Before opening the table
//! may not be touched (JA-15): only new melds from the hand.

use tablee_engine::jachete::{
    contract, read_meld, Card, Contract, ContractError, JaAction, JaView, MeldError, MeldKind, Refusal, Standing,
    TableMeld,
};
use tablee_engine::json::Json;
use tablee_engine::Seat;

/// One card on the staged table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    pub card: Card,
    /// Laid from the hand this turn (may go back to it).
    pub laid: bool,
}

/// A meld on the staged table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StagedMeld {
    pub owner: Seat,
    pub cards: Vec<Slot>,
}

/// A selected card.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// The i-th card of the hand as shown.
    Hand(usize),
    /// Card `k` of meld `m`.
    Table(usize, usize),
    /// A card taken off the table that must be played again (a swapped wild).
    Loose(usize),
}

/// Where selected cards go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Target {
    Meld(usize),
    NewMeld,
    Hand,
}

/// How the hand is shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// By rank (3..K, A), then suit; wilds last.
    Rank,
    /// By suit, then rank; wilds last.
    Suit,
    /// The player's own order, kept until changed (new cards at the end).
    Manual(Vec<Card>),
}

/// Why a staging operation is refused (the state is unchanged).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StageError {
    /// Nothing is selected.
    NothingSelected,
    /// JA-15: before opening, the table's melds may not be touched.
    NotOpened,
    /// JA-14: a card on the table at the start of the turn stays on the table.
    FixedCard,
    /// A swap needs one natural from the hand and one wild on a meld.
    NotASwap,
    /// Not this seat's turn to play.
    NotYourTurn,
}

/// The turn's staging area and the hand's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Staging {
    pub seat: Seat,
    pub round: u8,
    pub opened: bool,
    /// Whether `seat` is playing now (a staging area is only editable then).
    pub playing: bool,
    /// The hand as shown.
    pub hand: Vec<Card>,
    pub table: Vec<StagedMeld>,
    /// Wilds taken off the table by a swap, to be played again (JA-14).
    pub loose: Vec<Card>,
    pub selected: Vec<Pick>,
    pub order: Order,
    start_hand: Vec<Card>,
    start_table: Vec<TableMeld>,
}

/// The rank order used for sorting: 3..K, then the ace; wilds after.
fn rank_key(card: Card) -> u8 {
    match card {
        Card::Joker => 30,
        c if c.is_wild() => 20,
        Card::Natural(r, _) if r.number() == 1 => 14,
        Card::Natural(r, _) => r.number(),
    }
}

fn suit_key(card: Card) -> u8 {
    match card {
        Card::Natural(_, s) if !card.is_wild() => s as u8,
        _ => 9,
    }
}

/// `cards` in `order`. A manual order keeps its cards where they are (each
/// copy matched once) and puts cards it does not list at the end.
pub fn arrange(cards: &[Card], order: &Order) -> Vec<Card> {
    let mut out = cards.to_vec();
    match order {
        Order::Rank => sort_by(&mut out, |c| (rank_key(c) as u32) << 16 | (suit_key(c) as u32) << 8 | c.kind_index() as u32),
        Order::Suit => sort_by(&mut out, |c| (suit_key(c) as u32) << 16 | (rank_key(c) as u32) << 8 | c.kind_index() as u32),
        Order::Manual(seq) => {
            let mut rest = cards.to_vec();
            out.clear();
            for c in seq {
                if let Some(at) = rest.iter().position(|x| x == c) {
                    out.push(rest.remove(at));
                }
            }
            out.extend(rest);
        }
    }
    out
}

/// A small stable insertion sort by a key (hands and melds hold a few
/// dozen cards; one small function instead of the standard sorts' code per
/// key in the page's WebAssembly).
fn sort_by<T: Copy>(v: &mut [T], key: fn(T) -> u32) {
    for i in 1..v.len() {
        let mut j = i;
        while j > 0 && key(v[j - 1]) > key(v[j]) {
            v.swap(j - 1, j);
            j -= 1;
        }
    }
}

fn same_multiset(a: &[Card], b: &[Card]) -> bool {
    let mut count = [0i32; tablee_engine::jachete::KINDS];
    for c in a {
        count[c.kind_index()] += 1;
    }
    for c in b {
        count[c.kind_index()] -= 1;
    }
    count.iter().all(|n| *n == 0)
}

/// Each card's place in a run (the ace 1 or 14), or its rank in a set:
/// a meld shown in that order reads naturally.
fn run_order(cards: &[Card]) -> Option<Vec<u8>> {
    let meld = read_meld(cards).ok()?;
    let MeldKind::Run { low, high, .. } = meld.kind else { return None };
    Some(
        cards
            .iter()
            .zip(&meld.stands_for)
            .map(|(c, s)| match (c, s) {
                (_, Standing::Exactly(r, _)) | (Card::Natural(r, _), Standing::Itself) => {
                    if r.number() == 1 && high == 14 && low > 1 { 14 } else { r.number() }
                }
                _ => 0,
            })
            .collect(),
    )
}

impl Staging {
    /// The staging area of `view`'s seat as the view stands (the start of the
    /// turn, or after a play), the hand in `order`.
    pub fn new(view: &JaView, order: Order) -> Staging {
        let playing = view.phase == tablee_engine::jachete::JaPhase::Play && view.to_act == Some(view.seat);
        let mut s = Staging {
            seat: view.seat,
            round: view.round,
            opened: view.opened.get(view.seat).copied().unwrap_or(false),
            playing,
            hand: Vec::new(),
            table: view
                .table
                .iter()
                .map(|m| StagedMeld { owner: m.owner, cards: m.cards.iter().map(|&card| Slot { card, laid: false }).collect() })
                .collect(),
            loose: Vec::new(),
            selected: Vec::new(),
            order,
            start_hand: view.hand.clone(),
            start_table: view.table.clone(),
        };
        s.hand = arrange(&view.hand, &s.order);
        s.remember_order();
        s
    }

    /// The round's contract (JA-3).
    pub fn contract(&self) -> Option<Contract> {
        contract(self.round)
    }

    /// A manual order follows the hand as it changes.
    fn remember_order(&mut self) {
        if let Order::Manual(_) = self.order {
            self.order = Order::Manual(self.hand.clone());
        }
    }

    /// Sorts the hand (or keeps a manual order from now on).
    pub fn set_order(&mut self, order: Order) {
        self.order = order;
        self.hand = arrange(&self.hand, &self.order);
        self.remember_order();
        self.selected.retain(|p| !matches!(p, Pick::Hand(_)));
    }

    /// Manual order: moves the card shown at `from` to position `to`.
    pub fn move_in_hand(&mut self, from: usize, to: usize) {
        if from >= self.hand.len() || to >= self.hand.len() || from == to {
            return;
        }
        let card = self.hand.remove(from);
        self.hand.insert(to, card);
        self.order = Order::Manual(self.hand.clone());
        self.selected.retain(|p| !matches!(p, Pick::Hand(_)));
    }

    /// Whether a table card may be picked up (JA-14, JA-15).
    fn can_pick_table(&self, m: usize, k: usize) -> Result<(), StageError> {
        let slot = self.table.get(m).and_then(|meld| meld.cards.get(k)).ok_or(StageError::NothingSelected)?;
        if !self.opened && !slot.laid {
            return Err(StageError::NotOpened);
        }
        Ok(())
    }

    /// Selects or unselects a card.
    pub fn toggle(&mut self, pick: Pick) -> Result<(), StageError> {
        if !self.playing {
            return Err(StageError::NotYourTurn);
        }
        if let Some(at) = self.selected.iter().position(|p| *p == pick) {
            self.selected.remove(at);
            return Ok(());
        }
        match pick {
            Pick::Hand(i) if i < self.hand.len() => {}
            Pick::Table(m, k) => self.can_pick_table(m, k)?,
            Pick::Loose(i) if i < self.loose.len() => {}
            _ => return Err(StageError::NothingSelected),
        }
        self.selected.push(pick);
        Ok(())
    }

    pub fn is_selected(&self, pick: Pick) -> bool {
        self.selected.contains(&pick)
    }

    pub fn clear_selection(&mut self) {
        self.selected.clear();
    }

    /// Whether meld `m` was on the table when the turn began (it holds a fixed card).
    pub fn meld_is_old(&self, m: usize) -> bool {
        self.table.get(m).is_some_and(|meld| meld.cards.iter().any(|s| !s.laid))
    }

    /// Moves the selected cards to `target`.
    pub fn place(&mut self, target: Target) -> Result<(), StageError> {
        if !self.playing {
            return Err(StageError::NotYourTurn);
        }
        if self.selected.is_empty() {
            return Err(StageError::NothingSelected);
        }
        match target {
            // JA-15: before opening, only new melds.
            Target::Meld(m) if !self.opened && self.meld_is_old(m) => return Err(StageError::NotOpened),
            Target::Meld(m) if m >= self.table.len() => return Err(StageError::NothingSelected),
            // JA-14: fixed cards and loose wilds stay on the table.
            Target::Hand
                if self.selected.iter().any(|p| match *p {
                    Pick::Table(m, k) => !self.table[m].cards[k].laid,
                    Pick::Loose(_) => true,
                    Pick::Hand(_) => false,
                }) =>
            {
                return Err(StageError::FixedCard)
            }
            _ => {}
        }
        let slots = self.take_selected();
        match target {
            Target::Meld(m) => {
                let meld = &mut self.table[m];
                meld.cards.extend(slots);
                tidy(meld);
            }
            Target::NewMeld => {
                let mut meld = StagedMeld { owner: self.seat, cards: slots };
                tidy(&mut meld);
                self.table.push(meld);
            }
            Target::Hand => {
                for slot in slots {
                    if slot.laid {
                        self.hand.push(slot.card);
                    }
                }
                self.hand = arrange(&self.hand, &self.order);
                self.remember_order();
            }
        }
        self.table.retain(|m| !m.cards.is_empty());
        Ok(())
    }

    /// Removes the selected cards from where they are, highest index first.
    fn take_selected(&mut self) -> Vec<Slot> {
        let mut picks = std::mem::take(&mut self.selected);
        let mut out = Vec::new();
        // Hand cards keep the order they were selected in.
        for p in &picks {
            if let Pick::Hand(i) = *p {
                out.push(Slot { card: self.hand[i], laid: true });
            }
            if let Pick::Table(m, k) = *p {
                out.push(self.table[m].cards[k]);
            }
            if let Pick::Loose(i) = *p {
                out.push(Slot { card: self.loose[i], laid: false });
            }
        }
        // Highest first, so that removing one leaves the others' indices right.
        sort_by(&mut picks, |p| u32::MAX - p.cmp_key());
        for p in picks {
            match p {
                Pick::Hand(i) => {
                    self.hand.remove(i);
                }
                Pick::Table(m, k) => {
                    self.table[m].cards.remove(k);
                }
                Pick::Loose(i) => {
                    self.loose.remove(i);
                }
            }
        }
        self.remember_order();
        out
    }

    /// Whether a tap on card `k` of meld `m` (`None`: on the meld itself,
    /// its "Lay here") lays the picked cards there. Else it picks the card
    /// (or unpicks it): with nothing picked, or only cards of this meld, a
    /// card to move (JA-13); with one natural of the hand picked, a wild to
    /// swap it for, which waits for its confirmation ([`Self::swap_asked`],
    /// issue 52: a tap that swapped at once surprised everyone).
    pub fn tap_lays(&self, m: usize, k: Option<usize>) -> bool {
        let Some(k) = k else { return true };
        if self.selected.is_empty() || self.is_selected(Pick::Table(m, k)) {
            return false;
        }
        let only_here = self.selected.iter().all(|p| matches!(p, Pick::Table(mm, _) if *mm == m));
        let wild = self.table.get(m).and_then(|meld| meld.cards.get(k)).is_some_and(|s| s.card.is_wild());
        let natural = matches!(self.selected.as_slice(), [Pick::Hand(i)] if self.hand.get(*i).is_some_and(|c| !c.is_wild()));
        !(only_here || (wild && natural))
    }

    /// A tap on card `k` of meld `m`, or on the meld (`None`): see [`Self::tap_lays`].
    pub fn tap_meld(&mut self, m: usize, k: Option<usize>) -> Result<(), StageError> {
        match k {
            Some(k) if !self.tap_lays(m, Some(k)) => self.toggle(Pick::Table(m, k)),
            _ => self.place(Target::Meld(m)),
        }
    }

    /// The swap the selection asks for (JA-13): one natural of the hand and
    /// one wild of a meld picked — the natural, the wild and the meld. The
    /// table asks before [`Self::swap`] makes it.
    pub fn swap_asked(&self) -> Option<(Card, Card, usize)> {
        let (mut hand, mut table) = (None, None);
        for p in &self.selected {
            match *p {
                Pick::Hand(i) if hand.is_none() => hand = Some(i),
                Pick::Table(m, k) if table.is_none() => table = Some((m, k)),
                _ => return None,
            }
        }
        let (i, (m, k)) = (hand?, table?);
        let natural = *self.hand.get(i)?;
        let wild = self.table.get(m)?.cards.get(k)?.card;
        (!natural.is_wild() && wild.is_wild()).then_some((natural, wild, m))
    }

    /// The table cards picked when nothing else is (JA-13: cards to move to
    /// another meld, which the table says how to do).
    pub fn move_asked(&self) -> Vec<Card> {
        let mut out = Vec::new();
        for p in &self.selected {
            match *p {
                Pick::Table(m, k) => out.extend(self.table.get(m).and_then(|meld| meld.cards.get(k)).map(|s| s.card)),
                _ => return Vec::new(),
            }
        }
        out
    }

    /// The staged table's problem worth a red line now, when the table is
    /// not yet proposed (issue 52: no error while a newcomer follows the
    /// coach): none. An opening under way says what it lacks in its progress
    /// line, a wild freed by a swap in its "To play again" line, a meld in its
    /// own verdict (under it); the engine's refusal of a proposed table is
    /// said when it comes.
    pub fn shown_problem(&self) -> Option<Refusal> {
        self.problem().filter(|p| match p {
            Refusal::ContractNotMet { .. } => self.opened,
            Refusal::TableCardRemoved => self.loose.is_empty(),
            Refusal::MeldInvalid { .. } => false,
            _ => true,
        })
    }

    /// JA-13: swaps the one selected natural from the hand for the one
    /// selected wild on a meld; the wild goes back to the hand if it was laid
    /// this turn, else it waits beside the table to be played again (JA-14).
    /// Nothing stays selected: the next tap selects what it touches (a
    /// selected wild made a tap on a table card drop the wild there).
    pub fn swap(&mut self) -> Result<(), StageError> {
        let (mut hand, mut table) = (None, None);
        for p in &self.selected {
            match *p {
                Pick::Hand(i) if hand.is_none() => hand = Some(i),
                Pick::Table(m, k) if table.is_none() => table = Some((m, k)),
                _ => return Err(StageError::NotASwap),
            }
        }
        let (Some(i), Some((m, k))) = (hand, table) else { return Err(StageError::NotASwap) };
        let natural = self.hand[i];
        let wild = self.table[m].cards[k];
        if natural.is_wild() || !wild.card.is_wild() {
            return Err(StageError::NotASwap);
        }
        self.selected.clear();
        self.hand.remove(i);
        self.table[m].cards[k] = Slot { card: natural, laid: true };
        tidy(&mut self.table[m]);
        if wild.laid {
            self.hand.push(wild.card);
            self.hand = arrange(&self.hand, &self.order);
        } else {
            self.loose.push(wild.card);
        }
        self.remember_order();
        Ok(())
    }

    /// Puts every card laid this turn back in the hand (fixed cards stay
    /// where they are now).
    pub fn take_back_all(&mut self) {
        let hand_before = self.hand.len();
        for meld in &mut self.table {
            for slot in meld.cards.iter().filter(|s| s.laid) {
                self.hand.push(slot.card);
            }
            meld.cards.retain(|s| !s.laid);
        }
        self.table.retain(|m| !m.cards.is_empty());
        if self.hand.len() != hand_before {
            self.hand = arrange(&self.hand, &self.order);
            self.remember_order();
        }
        self.selected.clear();
    }

    /// "Reset turn": the table and the hand as they were at the start of the turn.
    pub fn reset(&mut self) {
        self.table = self
            .start_table
            .iter()
            .map(|m| StagedMeld { owner: m.owner, cards: m.cards.iter().map(|&card| Slot { card, laid: false }).collect() })
            .collect();
        self.loose.clear();
        self.selected.clear();
        self.hand = arrange(&self.start_hand, &self.order);
        self.remember_order();
    }

    /// Stages a whole proposed table (a hint's play): cards beyond the
    /// turn's start are laid from the hand. False (unchanged) if it does not fit.
    pub fn load_proposal(&mut self, table: &[TableMeld]) -> bool {
        let mut start: Vec<Card> = self.start_table.iter().flat_map(|m| m.cards.iter().copied()).collect();
        let melds: Vec<Json> = table
            .iter()
            .map(|m| {
                let mut items = vec![Json::int(m.owner as i64)];
                for &card in &m.cards {
                    let fixed = start.iter().position(|c| *c == card).map(|at| start.remove(at)).is_some();
                    items.push(Json::Str(format!("{card}{}", if fixed { "" } else { "*" })));
                }
                Json::Arr(items)
            })
            .collect();
        let json = Json::obj([("t", Json::Arr(melds)), ("l", Json::Arr(Vec::new()))]);
        let before = self.clone();
        self.reset();
        if self.restore_table(&json) {
            true
        } else {
            *self = before;
            false
        }
    }

    /// The staged table as the engine reads it.
    pub fn staged_table(&self) -> Vec<TableMeld> {
        self.table
            .iter()
            .filter(|m| !m.cards.is_empty())
            .map(|m| TableMeld { owner: m.owner, cards: m.cards.iter().map(|s| s.card).collect() })
            .collect()
    }

    /// The place in [`Self::table`] of meld `index` of [`Self::staged_table`]
    /// (which leaves out the melds emptied).
    pub fn table_index(&self, index: usize) -> Option<usize> {
        self.table.iter().enumerate().filter(|(_, m)| !m.cards.is_empty()).nth(index).map(|(i, _)| i)
    }

    /// Whether anything differs from the table at the start of the turn.
    pub fn changed(&self) -> bool {
        let now = self.staged_table();
        now.len() != self.start_table.len()
            || !self.loose.is_empty()
            || now.iter().zip(&self.start_table).any(|(a, b)| a.owner != b.owner || !same_multiset(&a.cards, &b.cards))
    }

    /// The `Play` to propose, when the staged table differs from the turn's start.
    pub fn proposal(&self) -> Option<JaAction> {
        self.changed().then(|| JaAction::Play { table: self.staged_table() })
    }

    /// Whether meld `m` is a valid meld (JA-5, JA-13), or why not.
    pub fn meld_status(&self, m: usize) -> Result<(), MeldError> {
        let cards: Vec<Card> = self.table.get(m).map(|m| m.cards.iter().map(|s| s.card).collect()).unwrap_or_default();
        read_meld(&cards).map(|_| ())
    }

    /// The new melds of an opening: those of `seat` holding no fixed card.
    fn new_melds(&self) -> Vec<Vec<Card>> {
        self.table
            .iter()
            .filter(|m| m.owner == self.seat && m.cards.iter().all(|s| s.laid))
            .map(|m| m.cards.iter().map(|s| s.card).collect())
            .collect()
    }

    /// Before opening: how many of the contract's sets the new melds already
    /// make, and the contract (`None` once opened).
    pub fn progress(&self) -> Option<(usize, Contract)> {
        if self.opened {
            return None;
        }
        let contract = self.contract()?;
        let mut ranks = Vec::new();
        for cards in self.new_melds() {
            if let Ok(MeldKind::Set { rank }) = read_meld(&cards).map(|m| m.kind) {
                if cards.len() >= contract.min_len && !ranks.contains(&rank) {
                    ranks.push(rank);
                }
            }
        }
        Some((ranks.len().min(contract.sets), contract))
    }

    /// Why the engine would refuse the staged table now, in the engine's
    /// terms (worded by the game's refusal texts); `None` if it would accept
    /// it (or nothing changed).
    pub fn problem(&self) -> Option<Refusal> {
        if !self.changed() {
            return None;
        }
        if !self.loose.is_empty() {
            return Some(Refusal::TableCardRemoved);
        }
        let table = self.staged_table();
        for (index, meld) in table.iter().enumerate() {
            if let Err(error) = read_meld(&meld.cards) {
                return Some(Refusal::MeldInvalid { index, error });
            }
        }
        if !self.opened {
            if let Some(contract) = self.contract() {
                if let Err(problem) = contract.check(&self.new_melds()) {
                    return Some(Refusal::ContractNotMet { problem });
                }
            }
        }
        None
    }

    /// Whether the contract still lacks something (before opening).
    pub fn contract_problem(&self) -> Option<ContractError> {
        let contract = self.contract()?;
        (!self.opened).then(|| contract.check(&self.new_melds()).err()).flatten()
    }

    /// The staged table and loose cards as a compact note for the save:
    /// `{"t":[[owner,"7H","8H*",…],…],"l":["JK"]}` (`*`: laid this turn).
    /// The turn it belongs to and the hand's order are written beside it
    /// ([`write_note`]).
    fn table_json(&self) -> Json {
        let melds = self
            .table
            .iter()
            .map(|m| {
                let mut items = vec![Json::int(m.owner as i64)];
                items.extend(m.cards.iter().map(|s| Json::Str(format!("{}{}", s.card, if s.laid { "*" } else { "" }))));
                Json::Arr(items)
            })
            .collect();
        Json::obj([
            ("t", Json::Arr(melds)),
            ("l", Json::Arr(self.loose.iter().map(|c| Json::Str(c.to_string())).collect())),
        ])
    }

    /// Restores a staged table written by [`Staging::table_json`] on this
    /// staging area's start, if it is consistent with it (the same fixed
    /// cards, laid cards that came from the hand); else leaves it as is.
    fn restore_table(&mut self, json: &Json) -> bool {
        let Some(melds) = json.get("t").and_then(Json::as_array) else { return false };
        let mut table = Vec::new();
        for meld in melds {
            let Some(items) = meld.as_array() else { return false };
            let Some(owner) = items.first().and_then(Json::as_u64) else { return false };
            let mut cards = Vec::new();
            for item in &items[1..] {
                let Some(text) = item.as_str() else { return false };
                let (code, laid) = match text.strip_suffix('*') {
                    Some(code) => (code, true),
                    None => (text, false),
                };
                let Some(card) = Card::parse(code) else { return false };
                cards.push(Slot { card, laid });
            }
            if owner as usize >= 16 || cards.is_empty() {
                return false;
            }
            table.push(StagedMeld { owner: owner as usize, cards });
        }
        let mut loose = Vec::new();
        for item in json.get("l").and_then(Json::as_array).unwrap_or(&[]) {
            let Some(card) = item.as_str().and_then(Card::parse) else { return false };
            loose.push(card);
        }
        // Fixed cards (and loose wilds) are exactly the table at the turn's start.
        let fixed: Vec<Card> =
            table.iter().flat_map(|m| m.cards.iter().filter(|s| !s.laid).map(|s| s.card)).chain(loose.iter().copied()).collect();
        let start: Vec<Card> = self.start_table.iter().flat_map(|m| m.cards.iter().copied()).collect();
        if !same_multiset(&fixed, &start) {
            return false;
        }
        if !self.opened && table.iter().any(|m| m.owner != self.seat && m.cards.iter().any(|s| s.laid)) {
            return false;
        }
        // Laid cards come from the hand at the start.
        let mut hand = self.start_hand.clone();
        for slot in table.iter().flat_map(|m| &m.cards).filter(|s| s.laid) {
            let Some(at) = hand.iter().position(|c| *c == slot.card) else { return false };
            hand.remove(at);
        }
        self.table = table;
        self.loose = loose;
        self.selected.clear();
        self.hand = arrange(&hand, &self.order);
        self.remember_order();
        true
    }
}

impl Pick {
    fn cmp_key(self) -> u32 {
        match self {
            Pick::Hand(i) => i as u32,
            Pick::Table(m, k) => 1 << 24 | (m as u32) << 12 | k as u32,
            Pick::Loose(i) => 2 << 24 | i as u32,
        }
    }
}

/// A run is shown in rank order; a set as laid.
fn tidy(meld: &mut StagedMeld) {
    let cards: Vec<Card> = meld.cards.iter().map(|s| s.card).collect();
    if let Some(keys) = run_order(&cards) {
        let mut pairs: Vec<(u8, Slot)> = keys.into_iter().zip(meld.cards.iter().copied()).collect();
        sort_by(&mut pairs, |(k, _)| k as u32);
        meld.cards = pairs.into_iter().map(|(_, s)| s).collect();
    }
}

fn order_json(order: &Order) -> Json {
    match order {
        Order::Rank => Json::str("r"),
        Order::Suit => Json::str("s"),
        Order::Manual(cards) => Json::Arr(cards.iter().map(|c| Json::Str(c.to_string())).collect()),
    }
}

fn order_from_json(json: &Json) -> Option<Order> {
    match json {
        Json::Str(s) if s == "r" => Some(Order::Rank),
        Json::Str(s) if s == "s" => Some(Order::Suit),
        Json::Arr(items) if items.len() <= 120 => {
            items.iter().map(|i| i.as_str().and_then(Card::parse)).collect::<Option<Vec<Card>>>().map(Order::Manual)
        }
        _ => None,
    }
}

/// The note kept in the save: each seat's hand order, and the staged table of
/// the turn that began at move `at` (`{"o":[[seat,order],…],"at":n,"s":{…}}`).
pub fn write_note(orders: &[(Seat, Order)], staging: Option<(&Staging, usize)>) -> Json {
    let orders = orders.iter().map(|(seat, order)| Json::Arr(vec![Json::int(*seat as i64), order_json(order)])).collect();
    let mut note = Json::obj([("o", Json::Arr(orders))]);
    if let Some((staging, at)) = staging.filter(|(s, _)| s.changed()) {
        note.set("at", Json::int(at as i64));
        note.set("s", staging.table_json());
    }
    note
}

/// Each seat's hand order from a note (garbage gives none).
pub fn read_orders(note: Option<&Json>) -> Vec<(Seat, Order)> {
    let items = note.and_then(|n| n.get("o")).and_then(Json::as_array).unwrap_or(&[]);
    items
        .iter()
        .filter_map(|item| {
            let pair = item.as_array()?;
            let seat = pair.first()?.as_u64()? as usize;
            Some((seat, order_from_json(pair.get(1)?)?))
        })
        .take(16)
        .collect()
}

/// A seat's order in a list of orders (by rank if none).
pub fn order_of(orders: &[(Seat, Order)], seat: Seat) -> Order {
    orders.iter().find(|(s, _)| *s == seat).map(|(_, o)| o.clone()).unwrap_or(Order::Rank)
}

/// Sets a seat's order in a list of orders.
pub fn set_order_of(orders: &mut Vec<(Seat, Order)>, seat: Seat, order: Order) {
    orders.retain(|(s, _)| *s != seat);
    orders.push((seat, order));
}

/// The staging area for `view` (with the seat's order from the note), and
/// the staged table of the note if it belongs to the turn that began at move
/// `at` and fits the view; garbage gives a fresh staging area, never a panic.
pub fn staging_from_note(view: &JaView, note: Option<&Json>, at: usize) -> Staging {
    let order = order_of(&read_orders(note), view.seat);
    let mut staging = Staging::new(view, order);
    if let Some(note) = note {
        if staging.playing && note.get("at").and_then(Json::as_u64) == Some(at as u64) {
            if let Some(table) = note.get("s") {
                let fresh = staging.clone();
                if !staging.restore_table(table) {
                    staging = fresh;
                }
            }
        }
    }
    staging
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::jachete::{JaGame, JaOptions, JaPhase};
    use tablee_engine::{Game, Seed};

    fn cards(text: &str) -> Vec<Card> {
        text.split_whitespace().map(|t| Card::parse(t).unwrap()).collect()
    }

    /// A view of `seat` playing round `round` with this hand and table.
    fn view(round: u8, hand: &str, table: &[(Seat, &str)], opened: bool) -> JaView {
        let game = JaGame::new_game(4, JaOptions::default(), Seed::from_number(1)).unwrap();
        let mut v = game.view(1);
        v.round = round;
        v.phase = JaPhase::Play;
        v.to_act = Some(1);
        v.turn = 1;
        v.hand = cards(hand);
        v.table = table.iter().map(|(owner, c)| TableMeld { owner: *owner, cards: cards(c) }).collect();
        v.opened = vec![true, opened, true, false];
        v
    }

    fn pick_hand(s: &mut Staging, card: &str) {
        let c = Card::parse(card).unwrap();
        let i = (0..s.hand.len()).find(|&i| s.hand[i] == c && !s.is_selected(Pick::Hand(i))).unwrap();
        s.toggle(Pick::Hand(i)).unwrap();
    }

    #[test]
    fn ja12_an_opening_made_of_new_melds_is_proposed_and_progress_counts_sets() {
        let mut s = Staging::new(&view(1, "7H 7S 7D 9C 9D 9S KH 4C 5C", &[], false), Order::Rank);
        assert_eq!(s.proposal(), None, "nothing changed yet");
        assert_eq!(s.progress().map(|(d, c)| (d, c.sets)), Some((0, 2)));
        for c in ["7H", "7S", "7D"] {
            pick_hand(&mut s, c);
        }
        s.place(Target::NewMeld).unwrap();
        assert_eq!(s.progress().map(|p| p.0), Some(1));
        assert!(matches!(s.problem(), Some(Refusal::ContractNotMet { problem: ContractError::MeldCount { .. } })));
        for c in ["9C", "9D", "9S"] {
            pick_hand(&mut s, c);
        }
        s.place(Target::NewMeld).unwrap();
        assert_eq!(s.progress().map(|p| p.0), Some(2));
        assert_eq!(s.problem(), None);
        assert_eq!(s.hand, cards("4C 5C KH"));
        let Some(JaAction::Play { table }) = s.proposal() else { panic!("a play") };
        assert_eq!(table.len(), 2);
        assert!(table.iter().all(|m| m.owner == 1 && m.cards.len() == 3));
    }

    #[test]
    fn ja05_ja13_each_meld_says_live_why_it_is_not_valid() {
        let mut s = Staging::new(&view(1, "7H 7S 8D JK 2C", &[], false), Order::Rank);
        pick_hand(&mut s, "7H");
        pick_hand(&mut s, "7S");
        s.place(Target::NewMeld).unwrap();
        assert_eq!(s.meld_status(0), Err(MeldError::TooShort { len: 2 }));
        assert!(matches!(s.problem(), Some(Refusal::MeldInvalid { index: 0, .. })));
        pick_hand(&mut s, "JK");
        pick_hand(&mut s, "2C");
        s.place(Target::Meld(0)).unwrap();
        assert_eq!(s.meld_status(0), Ok(()), "2 wilds in 4 cards");
        pick_hand(&mut s, "8D");
        s.place(Target::Meld(0)).unwrap();
        assert!(s.meld_status(0).is_err());
    }

    #[test]
    fn ja15_before_opening_the_table_is_not_touched() {
        let mut s = Staging::new(&view(1, "7H 8H", &[(0, "5S 5H 5D")], false), Order::Rank);
        assert_eq!(s.toggle(Pick::Table(0, 0)), Err(StageError::NotOpened));
        pick_hand(&mut s, "7H");
        assert_eq!(s.place(Target::Meld(0)), Err(StageError::NotOpened));
        assert_eq!(s.hand.len(), 2, "unchanged");
    }

    #[test]
    fn ja14_fixed_cards_move_between_melds_but_never_back_to_the_hand() {
        let mut s = Staging::new(&view(1, "5C 9H", &[(0, "5S 5H 5D 5C"), (2, "6H 7H 8H")], true), Order::Rank);
        s.toggle(Pick::Table(0, 1)).unwrap();
        assert_eq!(s.place(Target::Hand), Err(StageError::FixedCard));
        s.place(Target::Meld(1)).unwrap();
        assert_eq!(s.table[1].cards.iter().map(|s| s.card).collect::<Vec<_>>(), cards("5H 6H 7H 8H"), "a run in order");
        // A card laid this turn may go back.
        pick_hand(&mut s, "9H");
        s.place(Target::Meld(1)).unwrap();
        assert_eq!(s.hand, cards("5C"));
        let k = s.table[1].cards.iter().position(|x| x.card == Card::parse("9H").unwrap()).unwrap();
        s.toggle(Pick::Table(1, k)).unwrap();
        s.place(Target::Hand).unwrap();
        assert_eq!(s.hand, cards("5C 9H"));
        assert_eq!(s.problem(), None);
        assert!(s.proposal().is_some(), "the 5H moved");
    }

    #[test]
    fn ja13_ja14_a_swapped_wild_must_be_played_again() {
        let mut s = Staging::new(&view(1, "6H 4C 4S 4D", &[(0, "5H JK 7H")], true), Order::Rank);
        pick_hand(&mut s, "6H");
        s.toggle(Pick::Table(0, 1)).unwrap();
        s.swap().unwrap();
        assert_eq!(s.loose, cards("JK"));
        assert_eq!(s.selected, vec![], "nothing stays selected (issue 41)");
        assert_eq!(s.problem(), Some(Refusal::TableCardRemoved));
        s.toggle(Pick::Loose(0)).unwrap();
        assert_eq!(s.place(Target::Hand), Err(StageError::FixedCard));
        // Played again with a new set.
        for c in ["4C", "4S", "4D"] {
            pick_hand(&mut s, c);
        }
        s.place(Target::NewMeld).unwrap();
        assert_eq!(s.problem(), None);
        assert_eq!(s.table[1].cards.len(), 4);
        assert!(s.hand.is_empty());
        // Swapping a natural for a natural is no swap.
        let mut t = Staging::new(&view(1, "6H", &[(0, "5H 6H 7H")], true), Order::Rank);
        pick_hand(&mut t, "6H");
        t.toggle(Pick::Table(0, 1)).unwrap();
        assert_eq!(t.swap(), Err(StageError::NotASwap));
    }

    /// Issue 52: a natural of the hand, then a wild on a meld: nothing is
    /// swapped yet, the swap is asked, and made once confirmed; the wild
    /// tapped again is unpicked. A table card picked alone is a move, laid
    /// on another meld by its "Lay here" (JA-13, JA-14).
    #[test]
    fn ja13_a_tap_sequence_that_swaps_asks_first_and_a_table_card_moves() {
        let card = |t: &str| Card::parse(t).unwrap();
        let mut s = Staging::new(&view(1, "6H 9C", &[(0, "5H JK 7H"), (2, "4S 4D 4H 4C")], true), Order::Rank);
        pick_hand(&mut s, "6H");
        assert!(!s.tap_lays(0, Some(1)), "a tap on the wild picks it");
        s.tap_meld(0, Some(1)).unwrap();
        assert_eq!(s.table[0].cards[1].card, card("JK"), "not swapped yet");
        assert_eq!(s.swap_asked(), Some((card("6H"), card("JK"), 0)));
        s.tap_meld(0, Some(1)).unwrap();
        assert_eq!((s.swap_asked(), s.selected.len()), (None, 1), "tapped again: unpicked, the swap no longer asked");
        s.tap_meld(0, Some(1)).unwrap();
        s.swap().unwrap();
        assert_eq!(s.loose, cards("JK"));
        assert!(s.table[0].cards.iter().any(|x| x.card == card("6H")));
        assert_eq!(s.shown_problem(), None, "the wild to play again is said by its own line, not as an error");
        assert_eq!(s.problem(), Some(Refusal::TableCardRemoved), "the engine would refuse it as it is");
        // A natural of the hand with a natural of a meld: laid there, no swap asked.
        let mut t = Staging::new(&view(1, "8H", &[(0, "5H 6H 7H")], true), Order::Rank);
        pick_hand(&mut t, "8H");
        assert!(t.tap_lays(0, Some(2)));
        t.tap_meld(0, Some(2)).unwrap();
        assert_eq!(t.table[0].cards.len(), 4);
        // A move: the 4♥ off a set of four onto a run.
        let mut m = Staging::new(&view(1, "9C", &[(0, "5H 6H 7H"), (2, "4S 4D 4H 4C")], true), Order::Rank);
        m.tap_meld(1, Some(2)).unwrap();
        assert_eq!(m.move_asked(), cards("4H"));
        assert_eq!(m.swap_asked(), None);
        assert!(m.tap_lays(0, None));
        m.tap_meld(0, None).unwrap();
        assert_eq!(m.table[0].cards.iter().map(|x| x.card).collect::<Vec<_>>(), cards("4H 5H 6H 7H"));
        assert_eq!(m.table[1].cards.len(), 3);
        assert_eq!(m.problem(), None);
        assert!(m.proposal().is_some());
    }

    /// Issue 52: an opening under way is no error (its progress line says
    /// what it lacks); once opened, a contract is no longer asked.
    #[test]
    fn ja12_an_opening_under_way_shows_no_error() {
        let mut s = Staging::new(&view(1, "7H 7S 7D 9C 9D 9S KH", &[], false), Order::Rank);
        for c in ["7H", "7S", "7D"] {
            pick_hand(&mut s, c);
        }
        s.place(Target::NewMeld).unwrap();
        assert!(matches!(s.problem(), Some(Refusal::ContractNotMet { .. })), "the engine would refuse it now");
        assert_eq!(s.shown_problem(), None, "but it is an opening under way");
        assert_eq!(s.progress().map(|p| p.0), Some(1));
    }

    #[test]
    fn reset_turn_and_take_back_restore_the_start() {
        let v = view(1, "5C 9H 10H", &[(0, "5S 5H 5D"), (2, "6H 7H 8H")], true);
        let mut s = Staging::new(&v, Order::Suit);
        let start = s.clone();
        pick_hand(&mut s, "5C");
        s.place(Target::Meld(0)).unwrap();
        pick_hand(&mut s, "9H");
        pick_hand(&mut s, "10H");
        s.place(Target::Meld(1)).unwrap();
        assert!(s.hand.is_empty());
        s.take_back_all();
        assert_eq!(s.hand, start.hand);
        assert_eq!(s.proposal(), None);
        s.toggle(Pick::Table(0, 0)).unwrap();
        s.place(Target::NewMeld).unwrap();
        s.reset();
        assert_eq!(s, start);
    }

    #[test]
    fn hand_orders_sort_and_a_manual_order_is_kept_as_the_hand_changes() {
        let hand = cards("KH 3S JK 2C AS 3H 10D");
        assert_eq!(arrange(&hand, &Order::Rank), cards("3S 3H 10D KH AS 2C JK"));
        assert_eq!(arrange(&hand, &Order::Suit), cards("3S AS 3H KH 10D 2C JK"));
        let mut s = Staging::new(&view(1, "KH 3S JK 2C AS 3H 10D", &[], true), Order::Rank);
        s.move_in_hand(6, 0);
        assert_eq!(s.hand, cards("JK 3S 3H 10D KH AS 2C"));
        assert_eq!(s.order, Order::Manual(s.hand.clone()));
        // A later hand with a card gone and two new: kept, new ones last.
        assert_eq!(arrange(&cards("3H 9C KH JK 3S 10D AS 2C"), &s.order), cards("JK 3S 3H 10D KH AS 2C 9C"));
    }

    #[test]
    fn the_note_round_trips_and_garbage_gives_a_fresh_staging_area() {
        let v = view(1, "5C 9H 10H 4D", &[(0, "5S 5H 5D"), (2, "6H 7H 8H")], true);
        let mut s = Staging::new(&v, Order::Suit);
        s.move_in_hand(0, 3);
        pick_hand(&mut s, "5C");
        s.place(Target::Meld(0)).unwrap();
        s.toggle(Pick::Table(0, 1)).unwrap();
        s.place(Target::NewMeld).unwrap();
        let orders = vec![(1, s.order.clone()), (3, Order::Rank)];
        let note = write_note(&orders, Some((&s, 17)));
        let text = note.text();
        assert!(text.len() < 200, "compact: {text}");
        let back = Json::parse(&text).unwrap();
        assert_eq!(read_orders(Some(&back)), orders);
        let r = staging_from_note(&v, Some(&back), 17);
        assert_eq!((r.hand.clone(), r.table.clone(), r.order.clone()), (s.hand.clone(), s.table.clone(), s.order.clone()));
        // Another turn: the order is kept (the card that was laid comes
        // back last), the staged table is not.
        let other = staging_from_note(&v, Some(&back), 18);
        assert_eq!(other.table.len(), 2);
        assert_eq!(other.hand[..3], s.hand[..]);
        assert_eq!(other.hand[3], Card::parse("5C").unwrap());
        // Garbage: fresh, no panic.
        for junk in [
            "null",
            "[]",
            "{\"o\":7}",
            "{\"o\":[[1,\"x\"]],\"at\":17,\"s\":{\"t\":[[0,\"ZZ\"]]}}",
            "{\"at\":17,\"s\":{\"t\":[[0,\"5S\",\"5H\",\"5D\",\"AS*\"],[2,\"6H\",\"7H\",\"8H\"]]}}",
            "{\"at\":17,\"s\":{\"t\":[[0,\"5S\",\"5H\"],[2,\"6H\",\"7H\",\"8H\"]]}}",
            "{\"at\":17,\"s\":{\"t\":[[99999999999999999999,\"5S\"]]}}",
            "{\"at\":17,\"s\":{\"t\":[[]]}}",
        ] {
            let j = Json::parse(junk).unwrap();
            let f = staging_from_note(&v, Some(&j), 17);
            assert_eq!(f.table.len(), 2, "{junk}");
            assert_eq!(f.hand.len(), 4, "{junk}");
        }
    }

    #[test]
    fn ja12_the_proposal_is_accepted_by_the_engine() {
        // A real game: seat to act opens with the generator's opening, staged by hand.
        for seed in 0..40u64 {
            let mut game = JaGame::new_game(4, JaOptions::default(), Seed::from_number(seed)).unwrap();
            let mut legal = Vec::new();
            for _ in 0..400 {
                let Some(seat) = game.to_act() else { break };
                game.actions(&mut legal);
                let v = game.view(seat);
                if v.phase == JaPhase::Play && !v.opened[seat] {
                    if let Some(JaAction::Play { table }) = legal.iter().find(|a| matches!(a, JaAction::Play { .. })) {
                        let mut s = Staging::new(&v, Order::Rank);
                        for meld in table.iter().skip(v.table.len()) {
                            for &c in &meld.cards {
                                let i = (0..s.hand.len()).find(|&i| s.hand[i] == c && !s.is_selected(Pick::Hand(i))).unwrap();
                                s.toggle(Pick::Hand(i)).unwrap();
                            }
                            s.place(Target::NewMeld).unwrap();
                        }
                        assert_eq!(s.problem(), None);
                        game.apply(&s.proposal().unwrap()).unwrap();
                        return;
                    }
                }
                let a = legal.iter().find(|a| matches!(a, JaAction::Decline | JaAction::Discard(_))).unwrap().clone();
                game.apply(&a).unwrap();
            }
        }
        panic!("no opening found");
    }
}
