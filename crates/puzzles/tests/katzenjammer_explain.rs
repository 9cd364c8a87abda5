//! The shipped explanations (`src/games/katzenjammer/public/puzzles/katzenjammer.json`) name a reason
//! that holds for the answer and not for the move it is judged against.
//!
//! Each English headline is read back as a claim ("keeps your three 4s",
//! "the row's joker would bring you to 4 jokers", "takes the last 3 mice")
//! and checked against the replayed position with the engine alone — not with
//! the code that wrote it. The same claims checked with the two moves swapped
//! must fail: a headline chosen without looking at the difference (the same
//! words whatever the other move) cannot pass both.

use tablee_engine::katzenjammer::{Action, Card, Counts, KbState, KbView};
use tablee_puzzles::katzenjammer::explain;
use tablee_puzzles::format::PuzzleFile;
use tablee_puzzles::replay;

fn shipped() -> PuzzleFile {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../src/games/katzenjammer/public/puzzles/katzenjammer.json");
    // The index and every part beside it (docs/puzzles.md, "The file").
    tablee_puzzles::format::read_file(path, &tablee_puzzles::katzenjammer::VOCABULARY).expect("the shipped puzzle file and its parts read")
}

const WORDS: [&str; 11] = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];

/// The number (digits, a number word, or "a") that starts `text`.
fn number(text: &str) -> Option<u32> {
    let word: String = text.chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
    if word == "a" {
        return Some(1);
    }
    word.parse().ok().or_else(|| WORDS.iter().position(|w| *w == word).map(|n| n as u32))
}

/// The number right after the first `marker`.
fn after_marker(text: &str, marker: &str) -> Option<u32> {
    text.find(marker).and_then(|i| number(&text[i + marker.len()..]))
}

/// The value in "4s" right after `marker` ("keeps your three 4s": value 4).
fn value_after(text: &str, marker: &str) -> Option<u8> {
    let rest = &text[text.find(marker)? + marker.len()..];
    rest.split(' ')
        .map(|w| w.trim_end_matches([',', ')']).trim_end_matches('s'))
        .find(|w| w.len() == 1 && w.chars().all(|c| c.is_ascii_digit()))?
        .parse()
        .ok()
}

/// What a move leaves in hand if it goes its way (a bid wins the row), the
/// cards it pays or presents, and the mice it takes.
struct Outcome {
    hand: Counts,
    paid: Counts,
    mice: u32,
}

fn outcome(view: &KbView, action: &Action) -> Outcome {
    let mut hand = view.hand;
    let (paid, mice) = match action {
        Action::Pass => (Counts::EMPTY, 0),
        Action::Bid(b) => {
            hand.add_all(&Counts::of(&view.row));
            (b.cards, 0)
        }
        Action::Present(p) => (p.cards(), p.mice().min(u32::from(view.mice_left))),
    };
    hand.remove_all(&paid);
    Outcome { hand, paid, mice }
}

fn card(value: u8) -> Card {
    Card::from_value(value).expect("a value 1 to 5")
}

fn rival_jokers(view: &KbView) -> u8 {
    (0..view.players).filter(|&s| s != view.seat).map(|s| view.jokers_shown[s]).max().unwrap_or(0)
}

fn rival_mice(view: &KbView) -> i32 {
    (0..view.players).filter(|&s| s != view.seat).map(|s| view.mice[s]).max().unwrap_or(0)
}

fn still_in(view: &KbView) -> u32 {
    (0..view.players).filter(|&s| s != view.seat && !view.passed.contains(&s)).count() as u32
}

/// Whether the headline's claim holds for `answer` against `other`:
/// `Ok(true)` it does, `Ok(false)` it is a headline that names no reason,
/// `Err` what is false.
fn claim_holds(en: &str, view: &KbView, answer: &Action, other: &Action) -> Result<bool, String> {
    let (a, o) = (outcome(view, answer), outcome(view, other));
    let row = Counts::of(&view.row);
    let fail = |what: &str| Err(format!("{what}: {en}"));
    let check = |ok: bool, what: &str| if ok { Ok(true) } else { fail(what) };
    let head = en.split(':').next().unwrap_or_default();
    // How the seat's jokers would compare with the most another player shows.
    let jokers_said = |total: u8| {
        let rival = rival_jokers(view);
        if head.ends_with("more jokers than anyone shows") {
            total > rival
        } else if head.ends_with("as many jokers as anyone shows") {
            total == rival
        } else {
            head.ends_with("one more joker") && total < rival
        }
    };
    if head.contains("leaves the row's joker") {
        let (Action::Pass, Action::Bid(_)) = (answer, other) else { return fail("not passing against a bid") };
        let total = view.jokers_shown[view.seat] + view.hand.jokers() + row.jokers();
        return check(row.jokers() == 1 && jokers_said(total), "the row's joker");
    }
    if head.starts_with("Joker cats rid you of four jokers") {
        let (Action::Present(p), Action::Present(q)) = (answer, other) else { return fail("not a presentation") };
        let without = view.jokers_shown[view.seat] + view.hand.jokers();
        let compared = !head.contains(", or you would have") || jokers_said(without);
        return check(p.cats > q.cats && q.cats == 0 && compared, "joker cats");
    }
    if head == "Presenting would end the game with you behind" {
        let me = view.mice[view.seat] + o.mice as i32;
        return check(
            o.mice >= u32::from(view.mice_left) && a.mice < u32::from(view.mice_left) && me <= rival_mice(view),
            "the other move ends the game behind",
        );
    }
    if head.contains("the last mice") || head.contains("the last mouse") {
        let me = view.mice[view.seat] + a.mice as i32;
        let ahead = head.ends_with(", with you ahead");
        let last = head.contains("the last mouse") == (a.mice == 1);
        return check(
            matches!(answer, Action::Present(p) if p.mice() >= u32::from(view.mice_left))
                && o.mice < u32::from(view.mice_left)
                && last
                && ahead == (me > rival_mice(view)),
            "takes the last mice",
        );
    }
    if head.ends_with("more mice") {
        return check(a.mice > o.mice && o.mice > 0, "more mice");
    }
    if head.starts_with("Present now") {
        let Action::Present(q) = other else { return fail("not a presentation") };
        // "The end is near": 20 cards or fewer in the stock, or 8 mice or fewer.
        let near = head == "Present now, the end is near";
        let said = if near { view.stock <= 20 || view.mice_left <= 8 } else { head == "Present now rather than wait" };
        return check(q.is_nothing() && a.mice > 0 && !a_ends(view, answer) && said, "presents against holding back");
    }
    if head.contains(" wins a foursome of ") {
        let value = value_after(head, "a foursome of ").ok_or("no value")?;
        let c = card(value);
        let present = |h: &Counts| h.get(c) >= 1 && h.get(c) + h.jokers() >= 4;
        let with_jokers = head.contains(" with your");
        let other_cannot = matches!(other, Action::Pass) || !present(&o.hand);
        return check(
            matches!(answer, Action::Bid(_)) && present(&a.hand) && with_jokers == (a.hand.get(c) < 4) && other_cannot,
            "a foursome after winning",
        );
    }
    if head.contains("takes the row's") {
        let (Action::Bid(_), Action::Pass) = (answer, other) else { return fail("not a bid against passing") };
        let value = value_after(head, "takes the row's").ok_or("no value")?;
        let c = card(value);
        let making = after_marker(head, "making ").ok_or("no count")?;
        return check(
            row.get(c) > 0 && u32::from(a.hand.get(c)) == making && making >= 2 && a.hand.get(c) > view.hand.get(c),
            "the row grows a set",
        );
    }
    if head.contains("keeps your cards") {
        let (Action::Pass, Action::Bid(b)) = (answer, other) else { return fail("not passing against a bid") };
        return check(b.cards.total() as usize >= view.row.len(), "cards for the row");
    }
    if head.contains(" pays ") && head.contains(" cards for ") {
        let (Action::Bid(b), Action::Pass) = (answer, other) else { return fail("not a bid against passing") };
        let pays = after_marker(head, " pays ").ok_or("no count")?;
        let rows = after_marker(head, " cards for ").ok_or("no row")?;
        return check(b.cards.total() == pays && pays < rows && rows as usize == view.row.len(), "cards for the row");
    }
    if head.contains("jokers in hand") || head.contains("joker in hand") {
        let n = if head.contains("your joker ") { 1 } else { after_marker(head, "keeps your ").ok_or("no count")? };
        let present = head.ends_with("in hand for later");
        return check(
            o.paid.jokers() > a.paid.jokers()
                && u32::from(o.paid.jokers() - a.paid.jokers()) == n
                && present == matches!(other, Action::Present(_)),
            "jokers kept",
        );
    }
    if head.contains(" keeps your ") || head.contains(" of your ") {
        // "keeps your three 4s" / "keeps two of your 4s"
        let kept = after_marker(head, "keeps your ").or(after_marker(head, "keeps ")).ok_or("no count")?;
        let value = value_after(head, "keeps ").ok_or("no value")?;
        let c = card(value);
        let kept_here = u32::from(view.hand.get(c) - a.paid.get(c));
        let foursome = head.contains(", a foursome");
        let jokers_needed = if head.contains(" with your") { 4 - kept_here.min(4) } else { 0 };
        return check(
            kept_here == kept
                && kept >= 2
                && o.paid.get(c) > a.paid.get(c)
                && o.hand.get(c) < a.hand.get(c)
                && (!foursome || (kept_here + jokers_needed >= 4 && u32::from(a.hand.jokers()) >= jokers_needed)),
            "a set kept",
        );
    }
    if head == "This bid is harder to beat" {
        let (Action::Bid(x), Action::Bid(y)) = (answer, other) else { return fail("not two bids") };
        return check(x.level().beats(y.level()) && still_in(view) > 0, "a stronger bid");
    }
    if head == "This bid costs fewer cards" {
        let (Action::Bid(x), Action::Bid(y)) = (answer, other) else { return fail("not two bids") };
        return check(x.cards.total() < y.cards.total(), "a cheaper bid");
    }
    if head.contains("would pair with none") {
        let pairs = Card::VALUES.iter().any(|&c| row.get(c) > 0 && o.hand.get(c) >= 2);
        return check(matches!((answer, other), (Action::Pass, Action::Bid(_))) && !pairs && row.jokers() == 0, "a useless row");
    }
    // The fallback names the move only.
    if head.ends_with(" is better") && !head.contains(',') {
        return Ok(false);
    }
    fail("a headline this test does not know")
}

/// Whether a presentation takes the last mice.
fn a_ends(view: &KbView, action: &Action) -> bool {
    matches!(action, Action::Present(p) if p.mice() > 0 && p.mice() >= u32::from(view.mice_left))
}

#[test]
fn every_shipped_explanation_names_a_reason_that_differs_between_the_two_moves() {
    let file = shipped();
    let (mut named, mut fallbacks) = (0, 0);
    for p in &file.puzzles {
        let position = replay::replay::<KbState>(&file, p).unwrap();
        let view = position.state.view(p.seat);
        let (answer, other) = (&position.candidates[0], &position.candidates[p.answers.len()]);
        match claim_holds(&p.why_en, &view, answer, other) {
            Ok(true) => {
                named += 1;
                // The claim is about the difference: with the moves swapped it is false.
                assert!(
                    !matches!(claim_holds(&p.why_en, &view, other, answer), Ok(true)),
                    "puzzle {}: its reason holds both ways: {}",
                    p.id,
                    p.why_en
                );
            }
            Ok(false) => fallbacks += 1,
            Err(e) => panic!("puzzle {}: {e}", p.id),
        }
    }
    // At most one puzzle in 20 names its move only (14 of 527 when written).
    assert!(fallbacks * 20 <= named + fallbacks, "{fallbacks} fallbacks, {named} reasons");
}

/// The shipped texts are what the explainer writes today (`tablee puzzles
/// --explain` was run after it changed), in both languages, typed as each
/// language types them.
#[test]
fn the_shipped_explanations_are_current_and_typed_right() {
    let file = shipped();
    for p in &file.puzzles {
        let e = explain::explain_puzzle(&file, p).unwrap();
        assert_eq!((&e.en, &e.fr), (&p.why_en, &p.why_fr), "puzzle {}: run tablee puzzles --explain", p.id);
        let fr = &p.why_fr;
        assert!(fr.contains("\u{a0}: ") && !fr.contains(" : ") && !fr.contains(" ;"), "puzzle {}: {fr}", p.id);
        let digits: Vec<char> = fr.chars().collect();
        assert!(!digits.windows(3).any(|w| w[0].is_ascii_digit() && w[1] == '.' && w[2].is_ascii_digit()), "puzzle {}: {fr}", p.id);
        assert!(!fr.contains("-0") && !fr.contains("-1") && !p.why_en.contains(" -"), "puzzle {}: a minus sign", p.id);
        assert!(!fr.contains("KB-") && !p.why_en.contains("KB-"), "puzzle {}: a rule id", p.id);
        // One colon, before the gain: the reason has none of its own.
        assert_eq!(p.why_en.matches(':').count(), 1, "puzzle {}: {}", p.id, p.why_en);
    }
}

/// A reason is named for each kind of move (the tests above cover them):
/// the kinds and reasons of the shipped file, so a reason that stops being
/// chosen turns this red.
#[test]
fn the_shipped_reasons_cover_every_kind() {
    let file = shipped();
    let mut seen = std::collections::BTreeSet::new();
    for p in &file.puzzles {
        if let Some(r) = explain::explain_puzzle(&file, p).unwrap().reason {
            seen.insert((p.kind.code(), r.name()));
        }
    }
    for (kind, reason) in [
        ("pass", "row-jokers"),
        ("pass", "keeps-set"),
        ("pass", "keeps-jokers"),
        ("bid", "foursome"),
        ("bid", "grows-set"),
        ("bid", "stronger-bid"),
        ("present", "keeps-jokers"),
        ("present", "more-mice"),
        ("jokers", "joker-cats"),
    ] {
        assert!(seen.contains(&(kind, reason)), "no {kind} puzzle names {reason}: {seen:?}");
    }
}

/// A puzzle that keeps only its answers has nothing to compare: an error
/// naming that, not a panic.
#[test]
fn a_puzzle_without_another_move_is_refused_with_the_reason() {
    let mut file = shipped();
    let answers = file.puzzles[0].answers.len();
    file.puzzles[0].candidates.truncate(answers);
    let p = file.puzzles[0].clone();
    let error = explain::explain_puzzle(&file, &p).unwrap_err();
    assert!(error.contains("no other move"), "{error}");
}

/// Issue 52: the coach's and the hint's words (`explain::plain`): a reason
/// for every puzzle whose explanation names one (the same reasons), said in
/// plain words in both languages — in lower case (they follow the move),
/// no rule id, French typed with its spaces — and the joker's reason says
/// the rule it leans on. Red if a reason had no plain words, or they said
/// the puzzles' short headline.
#[test]
fn kb18_every_reason_has_plain_words() {
    let file = shipped();
    let mut jokers = 0;
    for p in &file.puzzles {
        let position = replay::replay::<KbState>(&file, p).unwrap();
        let view = position.state.view(p.seat);
        let (answer, other) = (&position.candidates[0], &position.candidates[p.answers.len()]);
        let reason = explain::reasons(&view, answer, other).into_iter().next();
        let plain = explain::plain(&view, answer, other);
        assert_eq!(plain.is_some(), reason.is_some(), "puzzle {}", p.id);
        let Some((en, fr)) = plain else { continue };
        for text in [&en, &fr] {
            assert!(text.chars().next().is_some_and(|c| c.is_lowercase()), "puzzle {}: {text}", p.id);
            assert!(!text.contains("KB-") && !text.contains("  ") && !text.contains(" :") && !text.ends_with('.'), "puzzle {}: {text}", p.id);
        }
        assert!(!p.why_en.starts_with(&en), "puzzle {}: the headline's words", p.id);
        if matches!(reason, Some(explain::Reason::RowJokers { .. })) {
            assert!(en.ends_with("whoever has the most jokers at the end loses 5 mice"), "{en}");
            assert!(fr.ends_with("qui a le plus de jokers perd 5\u{a0}souris"), "{fr}");
            jokers += 1;
        }
    }
    assert!(jokers > 0, "a puzzle about the row's joker");
}
