//! A puzzle's one-line explanation, in English and French: a reason that
//! holds for the answer and not for the move it is judged against (`other`:
//! the best move that is not an answer), then what the analysis finds it
//! gains. French typography: decimal comma, a non-breaking space before the
//! colon, a true minus sign. No rule ids.
//!
//! A reason is a fact the player can check on the table: the cards each move
//! leaves in hand (a bid as if it wins the row, as the bots' heuristic
//! judges it), the foursome it lets them present, the jokers it spends or
//! takes, the mice it takes, how far the stock and the mice have run. The
//! reasons of one pair of moves are tried in a fixed order, the most telling
//! first; when none holds the headline only names the move ([`Reason`] is
//! then `None`, and `tablee puzzles --explain` counts it).

use std::collections::BTreeMap;

use tablee_engine::katzenjammer::{Action, Card, Counts, KbState, KbView};

use crate::explanation::{compared, rewrite_with};
use super::MICE;
use crate::format::{Puzzle, PuzzleFile, Unit};

/// Why the answer is better than the other move, as facts of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Winning the row with the answer's bid leaves a foursome of `value`
    /// to present (`jokers` of it jokers); the other move leaves none of
    /// that value.
    Foursome { value: u8, jokers: u8 },
    /// The answer keeps `kept` of the hand's `held` cards of `value`, the
    /// other move pays or presents `lost` more of them (and the row does
    /// not give them back). `ready`: with the jokers the answer leaves in
    /// hand, they already make a foursome.
    KeepsSet { value: u8, held: u8, kept: u8, lost: u8, ready: bool },
    /// A bid against passing: the row's `from_row` cards of `value` make
    /// `total` in hand.
    GrowsSet { value: u8, from_row: u8, total: u8 },
    /// Passing against a bid that would take the row's `jokers` jokers:
    /// the seat would have `total` (shown and in hand), where no other
    /// player shows more than `rival`.
    RowJokers { jokers: u8, total: u8, rival: u8 },
    /// The other move spends (a bid) or displays (a presentation, for
    /// `mice` mice) `jokers` more of the hand's jokers than the answer.
    KeepsJokers { jokers: u8, mice: u8 },
    /// The answer's bid beats the other's, with `still_in` other players in
    /// the auction.
    Stronger { still_in: u8 },
    /// The answer's bid pays `pays` cards, the other's `other_pays`.
    Cheaper { pays: u8, other_pays: u8 },
    /// A bid that pays `pays` cards for a row of `row` (more than it pays),
    /// or, when passing is the answer, the other bid pays as many as the row
    /// holds or more.
    Trade { pays: u8, row: u8 },
    /// Passing, where none of the row's values would make a pair or more in
    /// the hand the other bid leaves (and the row has no joker).
    RowUseless,
    /// The answer's presentation takes `mice` mice, the other's fewer
    /// (`other_mice`). `ends`: it takes the last mice and ends the game,
    /// the seat then at `me`, no other player above `rival`. `stock`,
    /// `mice_left`: said when the other presents nothing and the game is
    /// short of them.
    MoreMice { mice: u8, other_mice: u8, ends: bool, me: i32, rival: i32, stock: u8, mice_left: u8 },
    /// Holding back, where the other presentation takes the last `mice`
    /// mice and ends the game with the seat at `me` and another at `rival`
    /// or more.
    EndsBehind { mice: u8, me: i32, rival: i32 },
    /// Joker cats: the seat ends with `without` jokers without them and
    /// `with` with them; no other player shows more than `rival`.
    Cats { without: u8, with: u8, rival: u8 },
}

impl Reason {
    /// A short name, for counting (`tablee puzzles --explain`).
    pub fn name(&self) -> &'static str {
        match self {
            Reason::Foursome { .. } => "foursome",
            Reason::KeepsSet { .. } => "keeps-set",
            Reason::GrowsSet { .. } => "grows-set",
            Reason::RowJokers { .. } => "row-jokers",
            Reason::KeepsJokers { .. } => "keeps-jokers",
            Reason::Stronger { .. } => "stronger-bid",
            Reason::Cheaper { .. } => "cheaper-bid",
            Reason::Trade { .. } => "cards-for-row",
            Reason::RowUseless => "row-useless",
            Reason::MoreMice { .. } => "more-mice",
            Reason::EndsBehind { .. } => "ends-behind",
            Reason::Cats { .. } => "joker-cats",
        }
    }
}

/// Katzenjammer's explanation, with its reason.
pub type Explanation = crate::explanation::Explanation<Reason>;

/// `(english, french)`: "Passing keeps your three 4s, a foursome with your
/// joker: +1.2 mice expected", `gain` over `other`.
pub fn why(view: &KbView, answer: &Action, other: &Action, gain: f64, unit: Unit) -> (String, String) {
    let e = explain(view, answer, other, gain, unit);
    (e.en, e.fr)
}

/// The explanation, with the reason it names.
pub fn explain(view: &KbView, answer: &Action, other: &Action, gain: f64, unit: Unit) -> Explanation {
    let reason = reasons(view, answer, other).into_iter().next();
    let (head_en, head_fr) = match reason {
        Some(r) => text(view, &r, answer),
        None => fallback(answer),
    };
    let (gain_en, gain_fr) = gain_text(gain, unit);
    Explanation { en: format!("{head_en}: {gain_en}"), fr: format!("{head_fr}\u{a0}: {gain_fr}"), reason }
}

/// A puzzle's explanation from its stored candidates: the first answer
/// against the best other move, at the puzzle's position (replayed), the
/// gain from their stored values (as mining writes it). `Err`: why not (the
/// position does not replay, or no other move is stored).
pub fn explain_puzzle(file: &PuzzleFile, puzzle: &Puzzle) -> Result<Explanation, String> {
    let (position, gain) = compared::<KbState>(file, puzzle)?;
    let view = position.state.view(puzzle.seat);
    Ok(explain(&view, &position.candidates[0], &position.candidates[puzzle.answers.len()], gain, puzzle.unit))
}

/// `tablee puzzles --explain FILE`: every puzzle's `why` written again from
/// its stored candidates, nothing else changed. Returns how many puzzles
/// name each reason (`none`: the headline only names the move), or the
/// first puzzle that cannot be explained, and why.
pub fn rewrite(file: &mut PuzzleFile) -> Result<BTreeMap<String, usize>, (u32, String)> {
    rewrite_with(file, explain_puzzle, |_, r| r.map_or("none", Reason::name).to_string())
}

/// What a move leaves the seat with if it goes its way (a bid wins the row).
#[derive(Clone, Copy, Debug)]
struct After {
    hand: Counts,
    /// Cards of the hand the move pays or presents.
    paid: Counts,
    /// Mice taken (a presentation: what is left of the supply at most).
    mice: u8,
    /// It takes the last mice, which ends the game.
    ends: bool,
}

fn after(view: &KbView, action: &Action) -> After {
    let mut hand = view.hand;
    match action {
        Action::Pass => After { hand, paid: Counts::EMPTY, mice: 0, ends: false },
        Action::Bid(b) => {
            hand.remove_all(&b.cards);
            hand.add_all(&Counts::of(&view.row));
            After { hand, paid: b.cards, mice: 0, ends: false }
        }
        Action::Present(p) => {
            let paid = p.cards();
            hand.remove_all(&paid);
            let mice = p.mice().min(u32::from(view.mice_left)) as u8;
            After { hand, paid, mice, ends: p.mice() > 0 && p.mice() >= u32::from(view.mice_left) }
        }
    }
}

/// The best foursome a hand can present (natural first, then the highest
/// value jokers complete): `(value, jokers)`.
fn best_foursome(hand: &Counts) -> Option<(u8, u8)> {
    let natural = Card::VALUES.iter().rev().find(|&&c| hand.get(c) >= 4).map(|c| (c.value().unwrap_or(0), 0));
    natural.or_else(|| {
        Card::VALUES
            .iter()
            .rev()
            .find(|&&c| hand.get(c) >= 1 && hand.get(c) + hand.jokers() >= 4)
            .map(|&c| (c.value().unwrap_or(0), 4 - hand.get(c)))
    })
}

/// Whether a hand can present a foursome of `value` (with its jokers).
fn can_present(hand: &Counts, value: u8) -> bool {
    Card::from_value(value).is_some_and(|c| hand.get(c) >= 1 && hand.get(c) + hand.jokers() >= 4)
}

/// The most jokers any other player shows.
fn rival_jokers(view: &KbView) -> u8 {
    (0..view.players).filter(|&s| s != view.seat).map(|s| view.jokers_shown[s]).max().unwrap_or(0)
}

/// The most mice any other player has.
fn rival_mice(view: &KbView) -> i32 {
    (0..view.players).filter(|&s| s != view.seat).map(|s| view.mice[s]).max().unwrap_or(0)
}

/// Every reason that holds for this pair of moves, the most telling first.
pub fn reasons(view: &KbView, answer: &Action, other: &Action) -> Vec<Reason> {
    let (a, o) = (after(view, answer), after(view, other));
    let row = Counts::of(&view.row);
    let mut out = Vec::new();
    let mut push = |r: Option<Reason>| out.extend(r);
    let sets = keeps_set(view, &a, &o);
    let big_set = sets.filter(|r| matches!(r, Reason::KeepsSet { kept, ready, .. } if *kept >= 3 || *ready));
    let jokers_kept = (o.paid.jokers() > a.paid.jokers())
        .then(|| Reason::KeepsJokers { jokers: o.paid.jokers() - a.paid.jokers(), mice: o.mice });
    match (answer, other) {
        (Action::Pass, Action::Bid(b)) => {
            let total = view.jokers_shown[view.seat] + view.hand.jokers() + row.jokers();
            let rival = rival_jokers(view);
            let row_jokers = (row.jokers() > 0).then_some(Reason::RowJokers { jokers: row.jokers(), total, rival });
            push(row_jokers.filter(|_| total >= rival));
            push(big_set);
            push(jokers_kept);
            push(sets);
            push(row_jokers);
            let pays = b.cards.total() as u8;
            push((usize::from(pays) >= view.row.len()).then_some(Reason::Trade { pays, row: view.row.len() as u8 }));
            let pairs = Card::VALUES.iter().any(|&c| row.get(c) > 0 && o.hand.get(c) >= 2);
            push((!pairs && row.jokers() == 0).then_some(Reason::RowUseless));
        }
        (Action::Bid(bid), Action::Pass) => {
            push(foursome(&a, &o, true));
            push(grows_set(view, &a));
            let pays = bid.cards.total() as u8;
            push((view.row.len() > usize::from(pays)).then_some(Reason::Trade { pays, row: view.row.len() as u8 }));
        }
        (Action::Bid(x), Action::Bid(y)) => {
            push(foursome(&a, &o, false));
            push(big_set);
            push(jokers_kept);
            push(sets);
            let still_in = (0..view.players).filter(|&s| s != view.seat && !view.passed.contains(&s)).count() as u8;
            push((x.level().beats(y.level()) && still_in > 0).then_some(Reason::Stronger { still_in }));
            let (pays, other_pays) = (x.cards.total() as u8, y.cards.total() as u8);
            push((pays < other_pays).then_some(Reason::Cheaper { pays, other_pays }));
        }
        (Action::Present(p), Action::Present(q)) => {
            let shown = view.jokers_shown[view.seat];
            if p.cats > q.cats {
                let without = shown + view.hand.jokers() - 4 * q.cats;
                push(Some(Reason::Cats { without, with: shown + view.hand.jokers() - 4 * p.cats, rival: rival_jokers(view) }));
            }
            let me = view.mice[view.seat];
            let rival = rival_mice(view);
            if o.ends && !a.ends && me + i32::from(o.mice) <= rival {
                push(Some(Reason::EndsBehind { mice: o.mice, me: me + i32::from(o.mice), rival }));
            }
            if a.mice > o.mice {
                let short = q.is_nothing() && !a.ends;
                push(Some(Reason::MoreMice {
                    mice: a.mice,
                    other_mice: o.mice,
                    ends: a.ends,
                    me: me + i32::from(a.mice),
                    rival,
                    stock: if short && view.stock <= SHORT_STOCK { view.stock as u8 } else { 0 },
                    mice_left: if short && view.mice_left <= SHORT_MICE { view.mice_left } else { 0 },
                }));
            }
            push(jokers_kept);
            push(sets);
        }
        _ => {}
    }
    out
}

/// A stock this short (or mice this few) is said when presenting now beats
/// waiting: the game may end before the seat wins another row.
const SHORT_STOCK: usize = 20;
const SHORT_MICE: u8 = 8;

/// A foursome the answer's bid lets the seat present and the other move
/// does not (passing presents nothing).
fn foursome(a: &After, o: &After, other_passes: bool) -> Option<Reason> {
    let (value, jokers) = best_foursome(&a.hand)?;
    (other_passes || !can_present(&o.hand, value)).then_some(Reason::Foursome { value, jokers })
}

/// The value of which the answer keeps most (then the highest): at least
/// two, and more than the other move leaves.
fn keeps_set(view: &KbView, a: &After, o: &After) -> Option<Reason> {
    Card::VALUES
        .iter()
        .rev()
        .filter_map(|&c| {
            let held = view.hand.get(c);
            let kept = held - a.paid.get(c);
            let lost = o.paid.get(c).saturating_sub(a.paid.get(c));
            let ready = kept + a.hand.jokers() >= 4;
            (kept >= 2 && lost > 0 && a.hand.get(c) > o.hand.get(c))
                .then(|| Reason::KeepsSet { value: c.value().unwrap_or(0), held, kept, lost, ready })
        })
        .max_by_key(|r| match r {
            Reason::KeepsSet { kept, value, .. } => (*kept, *value),
            _ => (0, 0),
        })
}

/// The value the row adds most to, when winning it makes two or more in hand.
fn grows_set(view: &KbView, a: &After) -> Option<Reason> {
    let row = Counts::of(&view.row);
    Card::VALUES
        .iter()
        .filter(|&&c| row.get(c) > 0 && a.hand.get(c) >= 2 && a.hand.get(c) > view.hand.get(c))
        .max_by_key(|&&c| (a.hand.get(c), c.value()))
        .map(|&c| Reason::GrowsSet { value: c.value().unwrap_or(0), from_row: row.get(c), total: a.hand.get(c) })
}

// ---- Words ----

const EN_NUMBERS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const FR_NUMBERS: [&str; 11] = ["aucun", "un", "deux", "trois", "quatre", "cinq", "six", "sept", "huit", "neuf", "dix"];

fn en_number(n: u8) -> String {
    EN_NUMBERS.get(usize::from(n)).map_or_else(|| n.to_string(), |w| w.to_string())
}

fn fr_number(n: u8) -> String {
    FR_NUMBERS.get(usize::from(n)).map_or_else(|| n.to_string(), |w| w.to_string())
}

/// "your joker" / "your two jokers"; "votre joker" / "vos deux jokers".
fn your_jokers(n: u8) -> (String, String) {
    if n == 1 {
        ("your joker".into(), "votre joker".into())
    } else {
        (format!("your {} jokers", en_number(n)), format!("vos {} jokers", fr_number(n)))
    }
}

/// The move as a sentence's subject: "Passing", "Bidding 3 × 4",
/// "Holding back", "Presenting a foursome of 4s".
fn subject(action: &Action) -> (String, String) {
    match action {
        Action::Pass => ("Passing".into(), "Passer".into()),
        Action::Bid(_) => ("This bid".into(), "Cette mise".into()),
        Action::Present(p) if p.is_nothing() => ("Holding back".into(), "Attendre".into()),
        Action::Present(p) if p.count() > 1 => ("These foursomes".into(), "Ces carrés".into()),
        Action::Present(_) => ("This foursome".into(), "Ce carré".into()),
    }
}

/// The headline for a reason (no colon: the gain follows one).
///
/// Few numbers and no names of moves: the player sees both moves beside the
/// text, and the shipped file has a size budget (50,000 bytes gzip) that
/// every varying word in 527 lines, in two languages, weighs on — a fixed
/// phrase costs a few bits, a number a few bytes.
fn text(view: &KbView, reason: &Reason, answer: &Action) -> (String, String) {
    let (who_en, who_fr) = subject(answer);
    match *reason {
        Reason::Foursome { value, jokers } => {
            let (with_en, with_fr) = with_your_jokers(jokers);
            (format!("{who_en} wins a foursome of {value}s{with_en}"), format!("{who_fr} gagne un carré de {value}{with_fr}"))
        }
        Reason::KeepsSet { value, held, kept, ready, .. } => {
            let (what_en, what_fr) = if kept == held {
                (format!("your {} {value}s", en_number(kept)), format!("vos {} {value}", fr_number(kept)))
            } else {
                (format!("{} of your {value}s", en_number(kept)), format!("{} de vos {value}", fr_number(kept)))
            };
            let (then_en, then_fr) = match (answer, ready) {
                (Action::Present(_), _) | (_, false) => (String::new(), String::new()),
                (_, true) if kept >= 4 => (", a foursome".to_string(), ", un carré".to_string()),
                (_, true) => {
                    let (en, fr) = with_your_jokers(after(view, answer).hand.jokers());
                    (format!(", a foursome{en}"), format!(", un carré{fr}"))
                }
            };
            (format!("{who_en} keeps {what_en}{then_en}"), format!("{who_fr} garde {what_fr}{then_fr}"))
        }
        Reason::GrowsSet { value, from_row, total } => {
            let (row_en, row_fr) =
                if from_row == 1 { (format!("{value}"), format!("le {value}")) } else { (format!("{value}s"), format!("les {value}")) };
            (
                format!("{who_en} takes the row's {row_en}, making {}", en_number(total)),
                format!("{who_fr} prend {row_fr} de la rangée, soit {}", fr_number(total)),
            )
        }
        Reason::RowJokers { total, rival, .. } => {
            let (en, fr) = jokers_against(total, rival);
            (format!("{who_en} leaves the row's joker, which would give you {en}"), format!("{who_fr} laisse le joker de la rangée, qui vous donnerait {fr}"))
        }
        Reason::KeepsJokers { jokers, .. } => {
            let (yours_en, yours_fr) = your_jokers(jokers);
            match answer {
                Action::Present(_) => (
                    format!("{who_en} keeps {yours_en} in hand for later"),
                    format!("{who_fr} garde {yours_fr} en main pour plus tard"),
                ),
                _ => (
                    format!("{who_en} keeps {yours_en} in hand, not on show for good"),
                    format!("{who_fr} garde {yours_fr} en main, pas exposé{} pour de bon", if jokers == 1 { "" } else { "s" }),
                ),
            }
        }
        Reason::Stronger { .. } => (format!("{who_en} is harder to beat"), format!("{who_fr} est plus dure à battre")),
        Reason::Cheaper { .. } => (format!("{who_en} costs fewer cards"), format!("{who_fr} coûte moins de cartes")),
        Reason::Trade { pays, row } => match answer {
            Action::Pass => (format!("{who_en} keeps your cards, the row is no bigger"), format!("{who_fr} garde vos cartes, la rangée n'est pas plus grande")),
            _ => (format!("{who_en} pays {pays} cards for {row}"), format!("{who_fr} paie {pays}\u{a0}cartes pour {row}")),
        },
        Reason::RowUseless => (
            format!("{who_en} is better, the row would pair with none of your cards"),
            format!("{who_fr} vaut mieux, la rangée ne ferait paire avec aucune de vos cartes"),
        ),
        Reason::MoreMice { mice, other_mice, ends, me, rival, stock, mice_left } => {
            // "These foursomes take", "Ces carrés prennent".
            let plural = matches!(answer, Action::Present(p) if p.count() > 1);
            let (take_en, take_fr, end_fr) = if plural { ("take", "prennent", "finissent") } else { ("takes", "prend", "finit") };
            if ends {
                let (lead_en, lead_fr) = if me > rival { (", with you ahead", ", vous en tête") } else { ("", "") };
                let (last_en, last_fr) = if mice == 1 { ("mouse", "la dernière souris") } else { ("mice", "les dernières souris") };
                (
                    format!("{who_en} {take_en} the last {last_en} and end{} the game{lead_en}", if plural { "" } else { "s" }),
                    format!("{who_fr} {take_fr} {last_fr} et {end_fr} la partie{lead_fr}"),
                )
            } else if other_mice > 0 {
                (format!("{who_en} {take_en} more mice"), format!("{who_fr} {take_fr} plus de souris"))
            } else if stock > 0 || mice_left > 0 {
                ("Present now, the end is near".to_string(), "Posez maintenant, la fin approche".to_string())
            } else {
                ("Present now rather than wait".to_string(), "Posez maintenant plutôt qu'attendre".to_string())
            }
        }
        Reason::EndsBehind { .. } => (
            "Presenting would end the game with you behind".to_string(),
            "Poser finirait la partie avec vous derrière".to_string(),
        ),
        // The comparison with the others' jokers is left out: it cost the
        // file's size budget more than it told (the most jokers lose 5 mice).
        Reason::Cats { .. } => ("Joker cats rid you of four jokers".to_string(), "Les chats-jokers vous retirent quatre jokers".to_string()),
    }
}

/// The reason in plain words, `(english, french)`, for someone new to the
/// game (issue 52): the coached game's line and the table's hint say it
/// after the move ("Pass — …"), one function for both. Each says what the
/// fact means for the player and the rule it leans on, in a few words (a
/// foursome scores its value in mice; the most jokers at the end lose 5
/// mice), starting in lower case. No rule ids. The puzzles keep their
/// short headline ([`explain`]: their file has a size budget).
pub fn plain(view: &KbView, answer: &Action, other: &Action) -> Option<(String, String)> {
    let reason = reasons(view, answer, other).into_iter().next()?;
    Some(plain_words(&reason, answer, other))
}

/// "3 jokers", "3\u{a0}jokers" (the count, any number).
fn jokers_n(n: u8) -> (String, String) {
    if n == 1 {
        ("1 joker".into(), "1 joker".into())
    } else {
        (format!("{n} jokers"), format!("{n}\u{a0}jokers"))
    }
}

/// "your joker" / "your 2 jokers", "votre joker" / "vos 2 jokers".
fn your_n(n: u8) -> (String, String) {
    if n == 1 {
        ("your joker".into(), "votre joker".into())
    } else {
        (format!("your {n} jokers"), format!("vos {n}\u{a0}jokers"))
    }
}

const PENALTY_EN: &str = "whoever has the most jokers at the end loses 5 mice";
const PENALTY_FR: &str = "à la fin, qui a le plus de jokers perd 5\u{a0}souris";

fn plain_words(reason: &Reason, answer: &Action, other: &Action) -> (String, String) {
    match *reason {
        Reason::Foursome { value, jokers } => {
            let (with_en, with_fr) = match jokers {
                0 => (String::new(), String::new()),
                1 => (" (your joker completes it)".to_string(), " (votre joker le complète)".to_string()),
                n => (format!(" ({} of your jokers complete it)", en_number(n)), format!(" ({} de vos jokers le complètent)", fr_number(n))),
            };
            (
                format!("if you win the row you can present a foursome of {value}s{with_en}, worth {value} mice"),
                format!("si vous remportez la rangée, vous pouvez poser un carré de {value}{with_fr}, qui rapporte {value}\u{a0}souris"),
            )
        }
        Reason::KeepsSet { value, kept, ready, .. } => {
            let then = match (answer, ready) {
                (Action::Present(_), _) | (_, false) => ("toward a foursome later (four of a value score mice)", "pour un carré plus tard (quatre cartes d'une valeur rapportent des souris)"),
                (_, true) => ("a foursome ready to present once you win a row", "un carré prêt à poser dès que vous remportez une rangée"),
            };
            let what_fr = format!("vos {} {value}", fr_number(kept));
            (
                format!("you keep your {} {value}s in hand, {}", en_number(kept), then.0),
                format!("vous gardez {what_fr} en main, {}", then.1),
            )
        }
        Reason::GrowsSet { value, total, .. } => (
            format!("the row's {value}s would give you {} {value}s, closer to a foursome", en_number(total)),
            format!("les {value} de la rangée vous en donneraient {}, plus près d'un carré", fr_number(total)),
        ),
        Reason::RowJokers { jokers, total, rival } => {
            let (row_en, row_fr) = if jokers == 1 { ("a joker", "un joker") } else { ("jokers", "des jokers") };
            let (n_en, n_fr) = jokers_n(total);
            let (cmp_en, cmp_fr) = match total.cmp(&rival) {
                std::cmp::Ordering::Greater => (", more than anyone else shows", ", plus que ce que les autres montrent"),
                std::cmp::Ordering::Equal => (", as many as the most anyone else shows", ", autant que le plus grand nombre montré par un autre"),
                std::cmp::Ordering::Less => ("", ""),
            };
            (
                format!("the row holds {row_en}: winning it would leave you with {n_en}{cmp_en}, and {PENALTY_EN}"),
                format!("la rangée contient {row_fr}\u{a0}: la remporter vous laisserait {n_fr}{cmp_fr}, et {PENALTY_FR}"),
            )
        }
        Reason::KeepsJokers { jokers, .. } => {
            let (n_en, n_fr) = your_n(jokers);
            match answer {
                Action::Present(_) => (
                    format!("you keep {n_en} in hand for a later foursome instead of showing {}", if jokers == 1 { "it" } else { "them" }),
                    format!("vous gardez {n_fr} en main pour un carré plus tard au lieu de {}exposer", if jokers == 1 { "l'" } else { "les " }),
                ),
                _ => (
                    format!("you keep {n_en} in hand: a joker paid stays shown in front of you until the end, where {PENALTY_EN}"),
                    format!("vous gardez {n_fr} en main\u{a0}: un joker payé reste exposé devant vous jusqu'à la fin, où qui a le plus de jokers perd 5\u{a0}souris"),
                ),
            }
        }
        Reason::Stronger { still_in } => {
            let who = |fr: bool| match (still_in, fr) {
                (1, false) => "one other player".to_string(),
                (1, true) => "un autre joueur".to_string(),
                (n, false) => format!("{} other players", en_number(n)),
                (n, true) => format!("{} autres joueurs", fr_number(n)),
            };
            (
                format!("this bid is harder to beat: {} can still bid", who(false)),
                format!("cette annonce est plus dure à battre\u{a0}: {} peu{} encore annoncer", who(true), if still_in == 1 { "t" } else { "vent" }),
            )
        }
        Reason::Cheaper { pays, other_pays } => (
            format!("this bid costs {pays} cards instead of {other_pays}, for the same row"),
            format!("cette annonce coûte {pays}\u{a0}cartes au lieu de {other_pays}, pour la même rangée"),
        ),
        Reason::Trade { pays, row } => match (answer, other) {
            (Action::Pass, _) => (
                format!("winning would cost {pays} cards for a row of {row}: you would not gain cards"),
                format!("gagner coûterait {pays}\u{a0}cartes pour une rangée de {row}\u{a0}: vous n'y gagneriez pas de cartes"),
            ),
            _ => (format!("you pay {pays} cards and take {row}"), format!("vous payez {pays}\u{a0}cartes et en prenez {row}")),
        },
        Reason::RowUseless => (
            "none of the row's cards would pair with yours".to_string(),
            "aucune carte de la rangée ne ferait paire avec les vôtres".to_string(),
        ),
        Reason::MoreMice { mice, other_mice, ends, me, rival, stock, mice_left } => {
            if ends {
                let (lead_en, lead_fr) = if me > rival { (", with you ahead", ", vous en tête") } else { ("", "") };
                (format!("it takes the last mice and ends the game{lead_en}"), format!("vous prenez les dernières souris et la partie finit{lead_fr}"))
            } else if other_mice > 0 {
                (format!("it scores {mice} mice instead of {other_mice}"), format!("vous marquez {mice}\u{a0}souris au lieu de {other_mice}"))
            } else if stock > 0 || mice_left > 0 {
                (
                    "score it now: the game may end before you win another row".to_string(),
                    "marquez maintenant\u{a0}: la partie peut finir avant que vous remportiez une autre rangée".to_string(),
                )
            } else {
                (
                    format!("it scores {mice} mice now; waiting would gain nothing"),
                    format!("vous marquez {mice}\u{a0}souris tout de suite\u{a0}; attendre n'apporterait rien"),
                )
            }
        }
        Reason::EndsBehind { me, rival, .. } => (
            format!("presenting would take the last mice and end the game with you behind ({me} mice against {rival})"),
            format!("poser prendrait les dernières souris et finirait la partie avec vous derrière ({me}\u{a0}souris contre {rival})"),
        ),
        Reason::Cats { .. } => (
            format!("joker cats put four of your jokers on the discard pile, where they no longer count: {PENALTY_EN}"),
            format!("les chats-jokers mettent quatre de vos jokers à la défausse, où ils ne comptent plus\u{a0}: {PENALTY_FR}"),
        ),
    }
}

/// How `total` jokers compare with the most another player shows (the
/// most jokers at the end lose 5 mice).
fn jokers_against(total: u8, rival: u8) -> (&'static str, &'static str) {
    match total.cmp(&rival) {
        std::cmp::Ordering::Greater => ("more jokers than anyone shows", "plus de jokers que les autres n'en montrent"),
        std::cmp::Ordering::Equal => ("as many jokers as anyone shows", "autant de jokers qu'un autre n'en montre"),
        std::cmp::Ordering::Less => ("one more joker", "un joker de plus"),
    }
}

/// " with your joker" / " with your two jokers" ("" for none).
fn with_your_jokers(n: u8) -> (String, String) {
    if n == 0 {
        return (String::new(), String::new());
    }
    let (en, fr) = your_jokers(n);
    (format!(" with {en}"), format!(" avec {fr}"))
}

/// When no reason holds: the move alone.
fn fallback(answer: &Action) -> (String, String) {
    let (en, fr) = subject(answer);
    (format!("{en} is better"), format!("{fr} vaut mieux"))
}

fn gain_text(gain: f64, unit: Unit) -> (String, String) {
    let en = signed(gain, '.');
    let fr = signed(gain, ',');
    // Its puzzles are in mice, or else in win chance.
    match unit == MICE {
        true => (
            format!("{en} {} expected", if (gain.abs() - 1.0).abs() < 0.05 { "mouse" } else { "mice" }),
            format!("{fr}\u{a0}souris en moyenne"),
        ),
        false => (format!("{en} points of win chance"), format!("{fr}\u{a0}points de chances de gagner")),
    }
}

/// One decimal, a sign, the language's decimal mark, a true minus sign.
fn signed(x: f64, mark: char) -> String {
    let text = format!("{:.1}", x.abs()).replace('.', &mark.to_string());
    if x < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') {
        format!("\u{2212}{text}")
    } else {
        format!("+{text}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::katzenjammer::{Bid, BidKind, Options};
    use tablee_engine::Seed;

    #[test]
    fn numbers_are_typed_as_each_language_types_them() {
        assert_eq!(signed(1.24, '.'), "+1.2");
        assert_eq!(signed(1.25, ','), "+1,2");
        assert_eq!(signed(-0.04, ','), "+0,0");
        assert_eq!(signed(-2.0, ','), "\u{2212}2,0");
        let mut view = KbState::new_game(4, Options::default(), Seed::from_number(1)).unwrap().view(0);
        view.hand = Counts([0, 0, 3, 1, 0, 1]);
        view.row = vec![Card::Five, Card::One];
        let bid = Action::Bid(Bid { kind: BidKind::Same(3), cards: Counts([0, 0, 2, 0, 0, 1]) });
        let (en, fr) = why(&view, &Action::Pass, &bid, 1.23, MICE);
        assert_eq!(en, "Passing keeps your three 3s, a foursome with your joker: +1.2 mice expected");
        assert_eq!(fr, "Passer garde vos trois 3, un carré avec votre joker\u{a0}: +1,2\u{a0}souris en moyenne");
        assert!(!en.contains("KB-") && !fr.contains("KB-"));
    }
}
