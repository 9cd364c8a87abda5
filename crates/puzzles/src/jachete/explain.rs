//! J'achète's puzzle explanations (issue 32): the move in the app's words
//! ("Add ★ to 8♦ 9♦ 10♦", « Ajoutez ★ à 8♦ 9♦ 10♦ »), then a **reason** — a
//! fact of the replayed position, from the seat's view, that holds for the
//! answer and not for the move it is judged against (the best other move) —
//! then, after the colon, the points the analysis finds it saves. French
//! typography: decimal comma, a non-breaking space before the colon. No rule
//! ids.
//!
//! The reasons are what both games' heuristics weigh: going out, the
//! contract met, the cards and points left in hand, wilds (kept from the
//! buyers, or bought), pairs towards a set, what the others bought. The
//! reasons of one pair of moves are tried in a fixed order ([`reasons`]),
//! the most telling first; the first that holds is named. When none holds
//! the headline is the move alone ([`Explanation::reason`] is `None`, and
//! `tablee puzzles --explain` counts it as `none`).

use std::collections::BTreeMap;

use tablee_engine::jachete::{contract, from_hand, play_parts, Card, JaAction, JaGame, JaView, Part, Rank, Suit, BUY_PRICE};

use tablee_engine::Game;

use crate::explanation::{capitalise, compared, rewrite_with};
use super::kinds::OPEN;
use crate::format::{Kind, Puzzle, PuzzleFile};

/// Why the answer is better than the other move, as facts of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Buying a wild (a 2 or a joker): it fits any set or run.
    WildBought,
    /// Buying a natural card of which the hand holds `held` already.
    GrowsPair { rank: Rank, held: u8 },
    /// Buying, with fewer pairs in hand (ranks held twice or more, wilds
    /// apart) than the round's contract has sets (JA-3): two cards come.
    ShortOfPairs,
    /// Letting a natural card go that pairs with nothing in the hand.
    PairsWithNothing,
    /// Letting the card go with a pair in hand for each set of the contract.
    PairsEnough,
    /// The answer's play leaves at most one card, which its discard gets
    /// rid of (or none): the round ends; the other move does not.
    GoesOut,
    /// The answer opens (JA-12) and the other move does not.
    Opens,
    /// The other move discards a wild that the answer lays, and a player
    /// who has not opened (and can pay) could buy it (JA-9).
    WildLaid,
    /// The answer puts `cards` more cards on the table than the other move
    /// (out of the hand for good; each still discards one).
    MoreCards { cards: u8 },
    /// Two plays that lay as many cards, or the answer fewer: its cards
    /// weigh `points` more (JA-17: what would count if they stayed).
    MorePoints { points: u32 },
    /// The answer keeps `count` naturals of `rank` in hand (two at least),
    /// the other move lays or discards some of them.
    KeepsPair { rank: Rank, count: u8 },
    /// The answer leaves more wilds in hand than the other move (a wild
    /// fits any meld the next turn).
    KeepsWilds,
    /// The answer only adds to the table's melds; the other lays a new meld
    /// (one more place for the others to lay off their cards).
    NoNewMeld,
    /// A discard against a discard: the other card pairs with the hand
    /// (two of its rank, itself included), the answer's does not.
    KeepsTogether { rank: Rank },
    /// A discard against a discard: a player who has not opened bought a
    /// card of the other card's rank this round (and none of the answer's).
    FeedsBuyer { rank: Rank },
    /// A discard against a discard: the answer's card weighs `points`
    /// (JA-17), more than the other's.
    Weighs { points: u8 },
}

impl Reason {
    /// A short name, for counting (`tablee puzzles --explain`).
    pub fn name(&self) -> &'static str {
        match self {
            Reason::WildBought => "wild-bought",
            Reason::GrowsPair { .. } => "grows-pair",
            Reason::ShortOfPairs => "short-of-pairs",
            Reason::PairsWithNothing => "pairs-with-nothing",
            Reason::PairsEnough => "pairs-enough",
            Reason::GoesOut => "goes-out",
            Reason::Opens => "opens",
            Reason::WildLaid => "wild-laid",
            Reason::MoreCards { .. } => "more-cards",
            Reason::MorePoints { .. } => "more-points",
            Reason::KeepsPair { .. } => "keeps-pair",
            Reason::KeepsWilds => "keeps-wilds",
            Reason::NoNewMeld => "no-new-meld",
            Reason::KeepsTogether { .. } => "keeps-together",
            Reason::FeedsBuyer { .. } => "feeds-buyer",
            Reason::Weighs { .. } => "weighs",
        }
    }
}

/// A puzzle's explanation and the reason it names (`None`: no reason held).
pub type Explanation = crate::explanation::Explanation<Reason>;

/// `(english, french)`: "Add ★ to 8♦ 9♦ 10♦, not discarded for others to buy:
/// 9.6 fewer points expected".
pub fn why(view: &JaView, kind: Kind, answer: &JaAction, other: &JaAction, gain: f64) -> (String, String) {
    let e = explain(view, kind, answer, other, gain);
    (e.en, e.fr)
}

/// The move in words, then the reason's (when one holds).
fn head(view: &JaView, kind: Kind, answer: &JaAction, other: &JaAction, reason: Option<&Reason>) -> (String, String) {
    let (move_en, move_fr) = move_words(view, kind, answer, other);
    // The card the move names (the card on offer, the discard): a reason
    // that says "it" of it agrees with it (issue 52: « la D♠, il ne va… »).
    let named = match answer {
        JaAction::Discard(c) => Some(*c),
        _ => view.buy_card,
    };
    let (why_en, why_fr) = reason.map_or_else(|| (String::new(), String::new()), |r| reason_words(r, named));
    (format!("{move_en}{why_en}"), format!("{move_fr}{why_fr}"))
}

/// The explanation, with the reason it names.
pub fn explain(view: &JaView, kind: Kind, answer: &JaAction, other: &JaAction, gain: f64) -> Explanation {
    let reason = reasons(view, answer, other).into_iter().next();
    let (head_en, head_fr) = head(view, kind, answer, other, reason.as_ref());
    let g_en = format!("{:.1}", gain.abs());
    let g_fr = g_en.replace('.', ",");
    Explanation {
        // "in the round" / "dans la manche" left out for the size budget: a
        // puzzle is one round's decision.
        en: format!("{head_en}: {g_en} fewer points expected"),
        fr: format!("{head_fr}\u{a0}: {g_fr}\u{a0}points de moins en moyenne"),
        reason,
    }
}

/// A puzzle's explanation from its stored candidates: the first answer
/// against the best other move, at the puzzle's position (replayed), the
/// gain from their stored values (as mining writes it).
pub fn explain_puzzle(file: &PuzzleFile, puzzle: &Puzzle) -> Result<Explanation, String> {
    let (position, gain) = compared::<JaGame>(file, puzzle)?;
    let view = position.state.view(puzzle.seat);
    Ok(explain(&view, puzzle.kind, &position.candidates[0], &position.candidates[puzzle.answers.len()], gain))
}

/// `tablee puzzles --explain FILE` for J'achète: every puzzle's `why`
/// written again from its stored candidates, nothing else changed. Returns
/// how many puzzles of each kind name each reason (`"lay goes-out"`;
/// `none`: the move alone), or the first puzzle that cannot be explained.
pub fn rewrite(file: &mut PuzzleFile) -> Result<BTreeMap<String, usize>, (u32, String)> {
    rewrite_with(file, explain_puzzle, |p, r| format!("{} {}", p.kind.code(), r.map_or("none", Reason::name)))
}

// ---- Facts ----

/// A natural card's rank (a 2 is wild: no rank of its own in a set).
fn rank_of(card: Card) -> Option<Rank> {
    match card {
        Card::Natural(r, _) if !card.is_wild() => Some(r),
        _ => None,
    }
}

fn count_rank(hand: &[Card], rank: Rank) -> usize {
    hand.iter().filter(|&&c| rank_of(c) == Some(rank)).count()
}

/// How many ranks the hand holds two naturals or more of (wilds apart).
fn pairs(hand: &[Card]) -> usize {
    (1..=13).filter_map(Rank::new).filter(|&r| count_rank(hand, r) >= 2).count()
}

/// The sets the round's contract asks for (JA-3).
fn sets(view: &JaView) -> usize {
    contract(view.round).map_or(0, |c| c.sets)
}

fn points(cards: &[Card]) -> u32 {
    cards.iter().map(|c| c.points()).sum()
}

/// The cards a move puts on the table, and the hand it leaves (before the
/// turn's discard, for a play).
fn laid_and_left(view: &JaView, action: &JaAction) -> (Vec<Card>, Vec<Card>) {
    match action {
        JaAction::Play { table } => {
            let laid = from_hand(&view.table, table);
            (laid.clone(), tablee_engine::jachete::less(&view.hand, &laid))
        }
        JaAction::Discard(c) => (Vec::new(), tablee_engine::jachete::less(&view.hand, &[*c])),
        JaAction::Buy | JaAction::Decline => (Vec::new(), view.hand.clone()),
    }
}

/// Whether a move ends the round (JA-8): a play that leaves one card at
/// most (the turn's discard takes the last), a discard of the last card.
fn goes_out(action: &JaAction, left: &[Card]) -> bool {
    match action {
        JaAction::Play { .. } => left.len() <= 1,
        JaAction::Discard(_) => left.is_empty(),
        JaAction::Buy | JaAction::Decline => false,
    }
}

/// Whether a play opens: the seat has not opened and it lays melds.
fn opens(view: &JaView, action: &JaAction) -> bool {
    matches!(action, JaAction::Play { .. }) && !view.opened[view.seat]
}

/// Whether a play lays a new meld (the engine adds new melds at the end).
fn new_meld(view: &JaView, action: &JaAction) -> bool {
    matches!(action, JaAction::Play { table } if table.len() > view.table.len())
}

/// Whether a player other than the seat may buy a discard (JA-9: not
/// opened, 5 cents at least).
fn buyer_waits(view: &JaView) -> bool {
    (0..view.players).any(|s| s != view.seat && !view.opened[s] && view.money[s] >= BUY_PRICE)
}

/// Every reason that holds for this pair of moves, the most telling first.
pub fn reasons(view: &JaView, answer: &JaAction, other: &JaAction) -> Vec<Reason> {
    let mut out = Vec::new();
    let card = view.buy_card;
    match (answer, other) {
        (JaAction::Buy, JaAction::Decline) => {
            if let Some(c) = card {
                if c.is_wild() {
                    out.push(Reason::WildBought);
                }
                if let Some(rank) = rank_of(c).filter(|&r| count_rank(&view.hand, r) > 0) {
                    out.push(Reason::GrowsPair { rank, held: count_rank(&view.hand, rank) as u8 });
                }
            }
            if pairs(&view.hand) < sets(view) {
                out.push(Reason::ShortOfPairs);
            }
        }
        (JaAction::Decline, JaAction::Buy) => {
            if card.is_some_and(|c| rank_of(c).is_some_and(|r| count_rank(&view.hand, r) == 0)) {
                out.push(Reason::PairsWithNothing);
            }
            if pairs(&view.hand) >= sets(view) {
                out.push(Reason::PairsEnough);
            }
        }
        (JaAction::Discard(a), JaAction::Discard(o)) => {
            let (a, o) = (*a, *o);
            if let Some(rank) = rank_of(o).filter(|&r| count_rank(&view.hand, r) >= 2 && rank_of(a).is_none_or(|ra| count_rank(&view.hand, ra) < 2)) {
                out.push(Reason::KeepsTogether { rank });
            }
            let bought = |c: Card, buyer_open: bool| {
                view.bought.iter().any(|&(s, b)| s != view.seat && (buyer_open || !view.opened[s]) && rank_of(b).is_some() && rank_of(b) == rank_of(c))
            };
            if let Some(rank) = rank_of(o).filter(|_| bought(o, false) && !bought(a, true)) {
                out.push(Reason::FeedsBuyer { rank });
            }
            if a.points() > o.points() {
                out.push(Reason::Weighs { points: a.points() as u8 });
            }
        }
        (JaAction::Play { .. }, _) | (_, JaAction::Play { .. }) => {
            let (a_laid, a_left) = laid_and_left(view, answer);
            let (o_laid, o_left) = laid_and_left(view, other);
            let (a_play, o_play) = (matches!(answer, JaAction::Play { .. }), matches!(other, JaAction::Play { .. }));
            if goes_out(answer, &a_left) && !goes_out(other, &o_left) {
                out.push(Reason::GoesOut);
            }
            if opens(view, answer) && !opens(view, other) {
                out.push(Reason::Opens);
            }
            if let JaAction::Discard(w) = other {
                if w.is_wild() && a_laid.contains(w) && buyer_waits(view) {
                    out.push(Reason::WildLaid);
                }
            }
            if a_laid.len() > o_laid.len() {
                out.push(Reason::MoreCards { cards: (a_laid.len() - o_laid.len()) as u8 });
            } else if a_play && o_play && points(&a_laid) > points(&o_laid) {
                out.push(Reason::MorePoints { points: points(&a_laid) - points(&o_laid) });
            }
            // The rank of which the answer keeps most (two at least), that
            // the other move gives away some of.
            let kept = view
                .hand
                .iter()
                .filter_map(|&c| rank_of(c))
                .filter(|&r| count_rank(&a_left, r) >= 2 && count_rank(&o_left, r) < count_rank(&a_left, r))
                .max_by_key(|&r| (count_rank(&a_left, r), r.number()));
            if let Some(rank) = kept {
                out.push(Reason::KeepsPair { rank, count: count_rank(&a_left, rank) as u8 });
            }
            let wilds = |hand: &[Card]| hand.iter().filter(|c| c.is_wild()).count();
            if wilds(&a_left) > wilds(&o_left) {
                out.push(Reason::KeepsWilds);
            }
            if a_play && !new_meld(view, answer) && new_meld(view, other) && view.opened[view.seat] {
                out.push(Reason::NoNewMeld);
            }
        }
        _ => {}
    }
    out
}

// ---- Words ----

/// A card as a player reads it: "7♦", "K♠", "joker" ("V♠", "D♥", "R♣" in French).
pub fn card_text(card: Card, fr: bool) -> String {
    match card {
        Card::Joker => "joker".into(),
        Card::Natural(rank, suit) => format!("{}{}", rank_text(rank, fr), suit_glyph(suit)),
    }
}

/// A card with its article, as the app says it: "the 7♥"; "le 7♥", "l'A♥"
/// (as), "la D♠" (dame).
fn the(card: Card, fr: bool) -> String {
    let name = card_text(card, fr);
    match card {
        _ if !fr => format!("the {name}"),
        Card::Natural(rank, _) if rank.number() == 1 => format!("l'{name}"),
        Card::Natural(rank, _) if rank.number() == 12 => format!("la {name}"),
        _ => format!("le {name}"),
    }
}

/// A card in a meld, as the app's table labels it: the joker is "★".
fn label(card: Card, fr: bool) -> String {
    match card {
        Card::Joker => "★".into(),
        _ => card_text(card, fr),
    }
}

fn rank_text(rank: Rank, fr: bool) -> &'static str {
    match (rank.number(), fr) {
        (11, true) => "V",
        (12, true) => "D",
        (13, true) => "R",
        _ => rank.symbol(),
    }
}

fn suit_glyph(suit: Suit) -> char {
    match suit {
        Suit::Spades => '♠',
        Suit::Hearts => '♥',
        Suit::Diamonds => '♦',
        Suit::Clubs => '♣',
    }
}

fn labels(cards: &[Card], fr: bool) -> String {
    cards.iter().map(|&c| label(c, fr)).collect::<Vec<_>>().join(" ")
}

/// One part of a play in the app's words (`src/games/jachete/ui/moves.rs`,
/// `part_words`, the person's form); an opening says "Open with" (the app's
/// "Open:" would put a second colon in the line).
fn part_words(part: &Part, fr: bool) -> String {
    let l = |cards: &[Card]| labels(cards, fr);
    match (part, fr) {
        (Part::Opens(melds), _) => {
            let melds: Vec<String> = melds.iter().map(|m| l(m)).collect();
            format!("{} {}", if fr { "ouvrez avec" } else { "open with" }, melds.join(" / "))
        }
        (Part::Lays(cards), false) => format!("lay down {}", l(cards)),
        (Part::Lays(cards), true) => format!("posez {}", l(cards)),
        (Part::Adds(cards, to), false) => format!("add {} to {}", l(cards), l(to)),
        (Part::Adds(cards, to), true) => format!("ajoutez {} à {}", l(cards), l(to)),
        (Part::Moves(cards, from, to), false) => format!("move {} from {} to {}", l(cards), l(from), l(to)),
        (Part::Moves(cards, from, to), true) => format!("déplacez {} depuis {} vers {}", l(cards), l(from), l(to)),
        (Part::Forms(meld, taken), _) => {
            let taken: Vec<String> = taken
                .iter()
                .map(|(cards, from)| match (fr, cards.len()) {
                    (false, _) => format!("{} moved from {}", l(cards), l(from)),
                    (true, 1) => format!("{} déplacé depuis {}", l(cards), l(from)),
                    (true, _) => format!("{} déplacés depuis {}", l(cards), l(from)),
                })
                .collect();
            // Joined by "and": a comma starts a reason in a headline.
            format!("{} {} ({})", if fr { "posez" } else { "lay down" }, l(meld), taken.join(if fr { " et " } else { " and " }))
        }
    }
}

/// The answer, named (not the other move: the result panel shows both,
/// and the file has a size budget): "Buy the 7♦", "Discard the K♠", "Add ★ to
/// 8♦ 9♦ 10♦ · lay down 5♣ 5♠ 5♥".
fn move_words(view: &JaView, kind: Kind, answer: &JaAction, other: &JaAction) -> (String, String) {
    let offered = |fr| view.buy_card.map(|c| the(c, fr)).unwrap_or_default();
    match answer {
        JaAction::Buy => (format!("Buy {}", offered(false)), format!("Achetez {}", offered(true))),
        JaAction::Decline => (format!("Let {} go", offered(false)), format!("Laissez passer {}", offered(true))),
        JaAction::Discard(c) => {
            let rest = match other {
                JaAction::Play { .. } if kind == OPEN => (" and wait before opening".into(), " et attendez pour ouvrir".into()),
                JaAction::Play { .. } => (" and keep your cards in hand".into(), " et gardez vos cartes en main".into()),
                _ => (String::new(), String::new()),
            };
            (format!("Discard {}{}", the(*c, false), rest.0), format!("Défaussez {}{}", the(*c, true), rest.1))
        }
        JaAction::Play { table } => {
            let parts = play_parts(&view.table, table, view.opened[view.seat]);
            let words = |fr| capitalise(&parts.iter().map(|p| part_words(p, fr)).collect::<Vec<_>>().join(" · "));
            (words(false), words(true))
        }
    }
}

const EN_NUMBERS: [&str; 9] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const FR_NUMBERS: [&str; 9] = ["aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit"];

fn number(n: u8, fr: bool) -> String {
    let words = if fr { &FR_NUMBERS } else { &EN_NUMBERS };
    words.get(usize::from(n)).map_or_else(|| n.to_string(), |w| w.to_string())
}

/// A card's pronoun, as the subject of a French sentence: "elle" for a
/// queen (« la D♠ »), "il" for the others (« le 7♠ », « l'A♠ », « le joker »).
pub fn it_fr(card: Option<Card>) -> &'static str {
    match card {
        Some(Card::Natural(rank, _)) if rank.number() == 12 => "elle",
        _ => "il",
    }
}

/// What follows the move for a reason (no colon: the gain follows one);
/// `named`: the card the move names, which a pronoun agrees with. Fixed
/// phrases and few numbers: the file has a size budget. The words are the
/// table's: a set is what the contract asks for (issue 52: "carré",
/// "brelan" were explained nowhere).
fn reason_words(reason: &Reason, named: Option<Card>) -> (String, String) {
    let r = |rank: Rank, fr| rank_text(rank, fr);
    match *reason {
        Reason::WildBought => (", a wild fits any set".into(), ", un frime va dans toute combinaison".into()),
        // The card is named just before: its rank is not said again.
        Reason::GrowsPair { held: 1, .. } => (", making a pair".into(), ", soit une paire".into()),
        Reason::GrowsPair { held: 2, .. } => (", making a set".into(), ", soit une série".into()),
        Reason::GrowsPair { held, .. } => (
            format!(", making a set of {}", number(held + 1, false)),
            format!(", soit une série de {}", number(held + 1, true)),
        ),
        // Short for the size budget: pairs against the contract's sets.
        Reason::ShortOfPairs => (", short of pairs".into(), ", à court de paires".into()),
        Reason::PairsEnough => (", enough pairs".into(), ", assez de paires".into()),
        Reason::PairsWithNothing => (", it pairs with none of your cards".into(), format!(", {} ne va avec aucune de vos cartes", it_fr(named))),
        Reason::GoesOut => (" and go out".into(), " et sortez".into()),
        Reason::Opens => (", the contract met now".into(), ", le contrat rempli dès maintenant".into()),
        Reason::WildLaid => (", not discarded for others to buy".into(), ", pas défaussé pour les autres".into()),
        Reason::MoreCards { cards: 1 } => (", one more card laid".into(), ", une carte de plus posée".into()),
        Reason::MoreCards { cards } => (
            format!(", {} more cards laid", number(cards, false)),
            format!(", {} cartes de plus posées", number(cards, true)),
        ),
        Reason::MorePoints { points } => (
            format!(", {points} more points laid"),
            format!(", {points}\u{a0}points de plus posés"),
        ),
        Reason::KeepsPair { rank, .. } => (
            format!(", keeping your {}s together", r(rank, false)),
            format!(", en gardant vos {} ensemble", r(rank, true)),
        ),
        Reason::KeepsWilds => (", keeping a wild for later".into(), ", en gardant un frime pour plus tard".into()),
        Reason::NoNewMeld => (", no new meld for others".into(), ", sans nouvelle combinaison pour les autres".into()),
        Reason::KeepsTogether { rank } => (
            format!(", keeping your {}s together", r(rank, false)),
            format!(", en gardant vos {} ensemble", r(rank, true)),
        ),
        Reason::FeedsBuyer { rank } => (format!(", another player buys {}s", r(rank, false)), format!(", un autre joueur achète les {}", r(rank, true))),
        Reason::Weighs { points } => (format!(", {points} points in hand"), format!(", {points}\u{a0}points en main")),
    }
}

/// The reason in plain words, `(english, french)`, for someone new to the
/// game (issue 52): the coached game's line and the table's hint say it
/// after the move ("Let the 5♠ go — …"), one function for both. Each says
/// what the fact means for the player and the rule it leans on, in a few
/// words (cards left in hand count against you when someone goes out; a
/// buy costs 5¢ and brings a bonus card), starting in lower case, in the
/// table's words (French: série, floune, paquet). No rule ids. The puzzles
/// keep their short headline ([`explain`]: their file has a size budget).
pub fn plain(view: &JaView, answer: &JaAction, other: &JaAction) -> Option<(String, String)> {
    let reason = reasons(view, answer, other).into_iter().next()?;
    Some(plain_words(view, &reason))
}

/// "7s", "kings"; « 7 », « rois »: a rank in the plural, in words.
fn ranks(rank: Rank, fr: bool) -> String {
    match (rank.number(), fr) {
        (1, false) => "aces".into(),
        (11, false) => "jacks".into(),
        (12, false) => "queens".into(),
        (13, false) => "kings".into(),
        (1, true) => "as".into(),
        (11, true) => "valets".into(),
        (12, true) => "dames".into(),
        (13, true) => "rois".into(),
        (n, false) => format!("{n}s"),
        (n, true) => n.to_string(),
    }
}

fn plain_words(view: &JaView, reason: &Reason) -> (String, String) {
    let sets_needed = sets(view);
    match *reason {
        Reason::WildBought => (
            "a wild (a 2 or a joker) can stand for any card a set or a run needs".into(),
            "une floune (un 2 ou un joker) remplace n'importe quelle carte qui manque à une série ou une suite".into(),
        ),
        Reason::GrowsPair { held: 1, .. } => (
            "this card makes a pair with yours: one more of that rank makes a set".into(),
            "cette carte fait une paire avec la vôtre\u{a0}: encore une de cette valeur et c'est une série".into(),
        ),
        Reason::GrowsPair { held, .. } => (
            format!("with yours this card makes {} of a kind, a set for the contract", en(held + 1)),
            format!("avec les vôtres, cette carte fait {}\u{a0}cartes de même valeur, une série pour le contrat", held + 1),
        ),
        Reason::ShortOfPairs => (
            format!("you hold fewer pairs than the {} sets the contract asks for, and a buy brings two cards (this one and a bonus card)", en(sets_needed as u8)),
            format!("vous avez moins de paires que les {} séries du contrat, et un achat apporte deux cartes (celle-ci et une carte en prime)", sets_needed),
        ),
        Reason::PairsWithNothing => (
            "this card goes with none of yours, and every card left in your hand counts against you when someone goes out".into(),
            "cette carte ne va avec aucune des vôtres, et chaque carte restée en main compte contre vous quand quelqu'un sort".into(),
        ),
        Reason::PairsEnough => (
            "you already hold a pair for each set of the contract: keep your cents and your hand small".into(),
            "vous avez déjà une paire pour chaque série du contrat\u{a0}: gardez vos cents et une petite main".into(),
        ),
        Reason::GoesOut => (
            "your hand is empty: you go out, the round ends and you score nothing".into(),
            "votre main est vide\u{a0}: vous sortez, la manche finit et vous ne marquez rien".into(),
        ),
        Reason::Opens => (
            "it lays down the contract now: from then on you can add your cards to any meld on the table".into(),
            "vous posez le contrat tout de suite\u{a0}: ensuite vous pourrez ajouter vos cartes à toute combinaison de la table".into(),
        ),
        Reason::WildLaid => (
            "discarding that wild instead would let another player buy it".into(),
            "défausser cette floune permettrait à un autre joueur de l'acheter".into(),
        ),
        Reason::MoreCards { cards } => (
            format!(
                "{} more card{} leave{} your hand, and cards left in hand count against you when someone goes out",
                en(cards),
                if cards == 1 { "" } else { "s" },
                if cards == 1 { "s" } else { "" }
            ),
            format!(
                "{} carte{} de plus quitte{} votre main, et les cartes restées en main comptent contre vous quand quelqu'un sort",
                if cards == 1 { "une".to_string() } else { fr(cards) },
                if cards == 1 { "" } else { "s" },
                if cards == 1 { "" } else { "nt" }
            ),
        ),
        Reason::MorePoints { points } => (
            format!("the cards it lays are worth {points} more points, points you no longer risk holding when someone goes out"),
            format!("les cartes posées valent {points}\u{a0}points de plus, des points que vous ne risquez plus de garder quand quelqu'un sort"),
        ),
        Reason::KeepsPair { rank, count } => (
            format!("it keeps your {} {} together for a set", en(count), ranks(rank, false)),
            format!("vous gardez vos {} {} ensemble pour une série", fr(count), ranks(rank, true)),
        ),
        Reason::KeepsWilds => (
            "it keeps a wild in hand, which fits any meld on a later turn".into(),
            "vous gardez une floune en main, qui ira dans n'importe quelle combinaison plus tard".into(),
        ),
        Reason::NoNewMeld => (
            "it adds to melds already down instead of starting a new one the others could add to".into(),
            "vous complétez des combinaisons déjà posées au lieu d'en commencer une où les autres pourraient ajouter leurs cartes".into(),
        ),
        Reason::KeepsTogether { rank } => (
            format!("the other card would break up your {}", ranks(rank, false)),
            format!("l'autre carte séparerait vos {}", ranks(rank, true)),
        ),
        Reason::FeedsBuyer { rank } => (
            format!("another player is collecting {}: they bought one this round", ranks(rank, false)),
            format!("un autre joueur collectionne les {}\u{a0}: il en a acheté cette manche", ranks(rank, true)),
        ),
        Reason::Weighs { points } => (
            format!("this card is worth {points} points: the heaviest to be rid of before someone goes out"),
            format!("cette carte vaut {points}\u{a0}points\u{a0}: la plus lourde à lâcher avant que quelqu'un sorte"),
        ),
    }
}

fn en(n: u8) -> String {
    number(n, false)
}

fn fr(n: u8) -> String {
    number(n, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::jachete::{BUY, LAY};
    use tablee_engine::jachete::{JaOptions, TableMeld};
    use tablee_engine::Seed;

    fn cards(text: &str) -> Vec<Card> {
        text.split(' ').map(|c| Card::parse(c).unwrap()).collect()
    }

    /// A position of seat 0 with this hand and table (seat 0 opened or not).
    fn view(hand: &str, table: &[&str], opened: bool) -> JaView {
        let mut v = JaGame::new_game(4, JaOptions::default(), Seed::from_number(1)).unwrap().view(0);
        v.hand = cards(hand);
        v.table = table.iter().map(|t| TableMeld { owner: 1, cards: cards(t) }).collect();
        v.opened = vec![opened, true, false, true];
        v
    }

    fn play(v: &JaView, melds: &[&str]) -> JaAction {
        let mut table = v.table.clone();
        for (i, m) in melds.iter().enumerate() {
            match table.get_mut(i) {
                Some(meld) => meld.cards = cards(m),
                None => table.push(TableMeld { owner: 0, cards: cards(m) }),
            }
        }
        JaAction::Play { table }
    }

    /// Issue 52: a reason's pronoun agrees with the card the move names
    /// (« Laissez passer la D♠, elle ne va… », « le 7♠, il ne va… »), and
    /// a card bought to a set is told in the table's words, never "carré".
    #[test]
    fn a_reason_agrees_with_its_card_and_speaks_the_tables_words() {
        let mut v = view("3S 8C JD", &[], false);
        v.phase = tablee_engine::jachete::JaPhase::BuyWindow;
        for (card, it) in [("QS", "elle"), ("7S", "il"), ("AS", "il"), ("KS", "il")] {
            v.buy_card = Card::parse(card);
            let (_, fr) = head(&v, BUY, &JaAction::Decline, &JaAction::Buy, Some(&Reason::PairsWithNothing));
            assert!(fr.ends_with(&format!(", {it} ne va avec aucune de vos cartes")), "{fr}");
        }
        v.buy_card = Card::parse("QH");
        let grows = |held| head(&v, BUY, &JaAction::Buy, &JaAction::Decline, Some(&Reason::GrowsPair { rank: Rank::new(12).unwrap(), held }));
        assert_eq!(grows(2), ("Buy the Q♥, making a set".to_string(), "Achetez la D♥, soit une série".to_string()));
        assert_eq!(grows(3).1, "Achetez la D♥, soit une série de quatre");
        for held in 1..=5 {
            let (en, fr) = grows(held);
            assert!(!fr.contains("carré") && !fr.contains("brelan") && !en.contains("of a kind"), "{en} / {fr}");
        }
    }

    /// The reasons no shipped puzzle names, worded in both languages, and
    /// each gone with the two moves swapped (red if a condition compared
    /// nothing between the moves).
    #[test]
    fn goes_out_opens_and_keeps_a_wild_are_named_and_need_the_difference() {
        // Adding 9♠ leaves K♣, which the discard takes: out; discarding K♣ is not.
        let v = view("9S KC", &["9C 9D 9H"], true);
        let (add, discard) = (play(&v, &["9C 9D 9H 9S"]), JaAction::Discard(Card::parse("KC").unwrap()));
        let (en, fr) = why(&v, LAY, &add, &discard, 12.34);
        assert_eq!(en, "Add 9♠ to 9♣ 9♦ 9♥ and go out: 12.3 fewer points expected");
        assert_eq!(fr, "Ajoutez 9♠ à 9♣ 9♦ 9♥ et sortez\u{a0}: 12,3\u{a0}points de moins en moyenne");
        assert!(!reasons(&v, &discard, &add).contains(&Reason::GoesOut));
        // Opening against waiting.
        let v = view("5S 5H 5D 8C 8D 8S JK QC", &[], false);
        let open = play(&v, &["5S 5H 5D", "8C 8D 8S"]);
        let wait = JaAction::Discard(Card::parse("QC").unwrap());
        let e = explain(&v, OPEN, &open, &wait, 9.0);
        assert_eq!(e.reason, Some(Reason::Opens));
        assert_eq!(e.en, "Open with 5♠ 5♥ 5♦ / 8♣ 8♦ 8♠, the contract met now: 9.0 fewer points expected");
        assert!(e.fr.starts_with("Ouvrez avec 5♠ 5♥ 5♦ / 8♣ 8♦ 8♠, le contrat rempli dès maintenant\u{a0}: 9,0"), "{}", e.fr);
        // Waiting keeps both sets in hand: the higher is named.
        let e = explain(&v, OPEN, &wait, &open, 9.0);
        assert_eq!(e.en, "Discard the Q♣ and wait before opening, keeping your 8s together: 9.0 fewer points expected");
        // Laying a 7 and keeping the joker, against laying the joker.
        let v = view("7S JK 4C 9D", &["7C 7D 7H", "10S 10D 10H"], true);
        let (seven, joker) = (play(&v, &["7C 7D 7H 7S"]), play(&v, &["7C 7D 7H", "10S 10D 10H JK"]));
        assert_eq!(reasons(&v, &seven, &joker), vec![Reason::KeepsWilds]);
        assert!(why(&v, LAY, &seven, &joker, 8.0).0.starts_with("Add 7♠ to 7♣ 7♦ 7♥, keeping a wild for later:"));
        assert!(!reasons(&v, &joker, &seven).contains(&Reason::KeepsWilds));
    }
}
