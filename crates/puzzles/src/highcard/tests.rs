//! High card's puzzles through the checks every game's puzzles pass: the
//! file read whole and split, each puzzle replayed from its seed to a
//! position where its seat is to move and every candidate is legal
//! ([`replay::replay`]), its scenario reaching the same state through the
//! engine's scenario runner ([`replay::scenario`]), its answer clear; and
//! what High card's own analysis says.

use super::*;
use crate::format::PuzzleFile;
use crate::replay::{self, ReplayError};

/// The fixture: what [`mine`] writes with [`Config::fixture`].
const FIXTURE: &str = include_str!("puzzles.json");

fn fixture() -> PuzzleFile {
    PuzzleFile::parse(FIXTURE, &VOCABULARY).expect("the fixture reads")
}

/// Runs a scenario through the engine and compares its state with `state`.
fn scenario_agrees(scenario: &Json, state: &HcState) -> Result<(), String> {
    let output = tablee_engine::highcard::scenario::run(scenario).map_err(|e| format!("malformed: {e}"))?;
    if output.get("ok") != Some(&Json::Bool(true)) {
        return Err(format!("the scenario stops: {}", output.text()));
    }
    state.agrees_with_scenario_state(output.get("state").ok_or("no state")?)
}

/// HC-1, HC-2: mining is deterministic, and the fixture is exactly what it
/// writes (on a change to the analysis, write this run's text to `puzzles.json`).
#[test]
fn hc1_hc2_the_fixture_is_what_the_miner_writes() {
    let (file, tally) = mine(&Config::fixture());
    assert_eq!(file.puzzles.len(), 5, "{tally:?}");
    assert_eq!(file.text(), FIXTURE, "the miner now writes:\n{}", file.text());
}

/// HC-1..HC-3: every puzzle replays from its seed to its seat's decision
/// with legal candidates, its scenario reaches the same state, its answer
/// is clear (the margin, less the stored rounding, with intervals apart)
/// and its explanation names the card.
#[test]
fn hc1_hc2_hc3_every_fixture_puzzle_replays_with_a_clear_answer() {
    let file = fixture();
    assert_eq!(file.game, "highcard");
    let mut answers = Vec::new();
    for (i, p) in file.puzzles.iter().enumerate() {
        assert_eq!(p.id as usize, i + 1, "ids run 1, 2, 3…");
        let position = replay::replay::<HcState>(&file, p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        let scenario = replay::scenario::<HcState>(&file, p).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        scenario_agrees(&scenario, &position.state).unwrap_or_else(|e| panic!("puzzle {}: {e}", p.id));
        assert_eq!((p.kind, p.unit), (KEEP, Unit::WIN_CHANCE), "puzzle {}", p.id);
        assert_eq!((p.answers.as_slice(), p.candidates.len()), (&[0][..], 2), "puzzle {}: one answer, one other move", p.id);
        let (best, next) = (&p.candidates[0], &p.candidates[1]);
        assert!(best.value - next.value >= WIN_MARGIN - 0.1, "puzzle {}: {} against {}", p.id, best.value, next.value);
        assert!(best.value - best.ci > next.value + next.ci - 0.1, "puzzle {}: intervals overlap", p.id);
        let card = position.state.view(p.seat).card.to_string();
        assert!(p.why_en.contains(&card) && p.why_fr.contains(&card), "puzzle {}: {}", p.id, p.why_en);
        assert_eq!(p.difficulty == 1, p.found_by.iter().any(|l| l == "normal"), "puzzle {}", p.id);
        answers.push(position.candidates[0]);
    }
    assert!(answers.contains(&HcAction::Keep) && answers.contains(&HcAction::Swap), "keeps and swaps both answer a puzzle: {answers:?}");
    for (g, game) in file.games.iter().enumerate() {
        let last = file.puzzles.iter().filter(|p| p.game == g).map(|p| p.at).max();
        assert_eq!(last, Some(game.actions.len()), "game {g}'s actions stop at its puzzle");
    }
}

/// The explanations written again from the stored values are the mined
/// ones; each answer holds on fresh worlds.
#[test]
fn hc2_explanations_rewrite_the_same_and_answers_hold_on_fresh_worlds() {
    let file = fixture();
    let mut again = file.clone();
    for p in &mut again.puzzles {
        (p.why_en, p.why_fr) = (String::new(), String::new());
    }
    let tally = rewrite(&mut again).unwrap();
    assert_eq!(again, file);
    assert_eq!(tally.values().sum::<usize>(), file.puzzles.len());
    assert!(tally.contains_key("keep") && tally.contains_key("swap"), "{tally:?}");
    for p in &file.puzzles {
        let position = replay::replay::<HcState>(&file, p).unwrap();
        assert!(reanalyse(&position, p, 200, 1, 9), "puzzle {}", p.id);
    }
}

/// The file split in parts (version 3) reads back as the whole file, and
/// each puzzle opens once its part is read.
#[test]
fn hc2_the_fixture_reads_back_split() {
    let file = fixture();
    let (index, parts) = file.split(1);
    let (bare, _) = PuzzleFile::read_index(&index, &VOCABULARY).unwrap();
    assert!(bare.opened(1).is_none(), "an index alone opens no puzzle");
    let read = PuzzleFile::read_split(&index, &VOCABULARY, |k| parts.get(k).cloned().ok_or_else(|| format!("no part {k}"))).unwrap();
    assert_eq!(read, file);
    assert!(file.puzzles.iter().all(|p| read.opened(p.id).is_some()));
}

/// A puzzle whose position is off by one move, whose answer the rules
/// refuse, or which is replayed as another game is refused, named.
#[test]
fn hc2_a_puzzle_off_by_one_or_with_an_illegal_answer_is_refused() {
    let file = fixture();
    let mut early = file.clone();
    let p = early.puzzles.iter_mut().find(|p| p.at > 0).expect("a puzzle after a choice");
    p.at -= 1;
    let p = p.clone();
    assert!(matches!(replay::replay::<HcState>(&early, &p), Err(ReplayError::NotToMove { .. })));
    let mut fold = file.clone();
    fold.puzzles[0].candidates[0].action = Json::obj([("act", Json::str("fold"))]);
    assert!(matches!(replay::replay::<HcState>(&fold, &fold.puzzles[0]), Err(ReplayError::IllegalCandidate { candidate: 0, answer: true, .. })));
    let mut other = file.clone();
    other.game = "chess".into();
    assert!(matches!(replay::replay::<HcState>(&other, &other.puzzles[0]), Err(ReplayError::WrongGame { .. })));
}

/// HC-1: a world has the seat's view exactly (its card, the choices made,
/// the stock's size), and the cards it cannot see vary between worlds.
#[test]
fn hc1_a_world_is_one_the_seat_cannot_tell_from_its_view() {
    for n in 0..40u64 {
        let players = 2 + (n % 3) as usize;
        let mut state = HcState::new_game(players, Seed::from_number(n)).unwrap();
        for k in 0..(n as usize % players) {
            state.apply(&if (n >> k) & 1 == 0 { HcAction::Keep } else { HcAction::Swap }).unwrap();
        }
        let seat = state.to_act().unwrap();
        let view = state.view(seat);
        let others: std::collections::BTreeSet<Vec<u8>> = (0..20)
            .map(|w| world(&view, &mut Rng::new(w)).unwrap_or_else(|e| panic!("seed {n}: {e}")))
            .inspect(|w| assert_eq!(w.view(seat), view, "seed {n}"))
            .map(|w| w.hands().to_vec())
            .collect();
        assert!(others.len() > 1, "seed {n}: the others' cards are dealt anew");
    }
}

/// HC-2, HC-3: at a full table a middle card is swapped (a 5 beats three
/// other cards far less often than a new card does: `normal`, which keeps
/// it, is wrong), and a high card against one other is kept.
#[test]
fn hc2_hc3_a_middle_card_at_a_full_table_is_swapped_a_high_one_kept() {
    let answer = |players: usize, hands: &[u8], stock: &[u8], chosen: &[HcAction]| {
        let hands: Vec<Vec<u8>> = hands.iter().map(|&c| vec![c]).collect();
        let mut state = HcState::from_position(players, &hands, stock).unwrap();
        for a in chosen {
            state.apply(a).unwrap();
        }
        let seat = state.to_act().unwrap();
        let legal = [HcAction::Keep, HcAction::Swap];
        let values = analyse(&state.view(seat), &legal, 7, 0, 400, 2).unwrap();
        judge(&values, Unit::WIN_CHANCE, WIN_MARGIN, true).map(|v| legal[v.order[0]])
    };
    let keeps = [HcAction::Keep; 3];
    assert_eq!(answer(4, &[2, 3, 4, 5], &[9], &keeps), Some(HcAction::Swap));
    assert_eq!(bots::decide(Level::Normal, &HcState::from_position(2, &[vec![5], vec![1]], &[]).unwrap().view(0), &[HcAction::Keep, HcAction::Swap], 0), HcAction::Keep);
    assert_eq!(answer(2, &[8, 1], &[9], &[]), Some(HcAction::Keep));
}

#[test]
fn hc2_the_explanation_says_both_chances() {
    let view = HcView { seat: 3, players: 4, card: 5, chosen: vec![HcAction::Keep; 3], stock: 5 };
    let (en, fr) = why(&view, HcAction::Swap, (24.6, 7.2));
    assert_eq!(en, "Swap: your 5 wins only 7% of the time against 3 other cards, a new card 25%.");
    assert_eq!(fr, "Échangez : votre 5 ne gagne que 7\u{a0}% des fois contre 3 autres cartes, une nouvelle carte 25\u{a0}%.");
    let (en, fr) = why(&HcView { card: 1, ..view }, HcAction::Swap, (24.6, 0.0));
    assert_eq!(en, "Swap: your 1 never wins against 3 other cards, a new card 25%.");
    assert_eq!(fr, "Échangez : votre 1 ne gagne jamais contre 3 autres cartes, une nouvelle carte 25\u{a0}%.");
}
