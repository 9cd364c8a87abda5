//! The coached first game's bots (issue 52; docs/lessons.md, "The coached
//! first game"): in J'achète the `gentle` bots lay nothing down before
//! every other player has had six turns of the round, so a newcomer has at
//! least six turns of every coached round; the rules hold throughout (every
//! move is the engine's to accept). Katzenjammer's: `katzenjammer_coach.rs`.

use tablee_bots::arena::{decision_seed, game_seed};
use tablee_bots::coach::{self, Newcomer};
use tablee_bots::jachete::{self, holds_back, turns_had, GENTLE_TURNS};
use tablee_bots::Level;
use tablee_engine::jachete::{JaAction, JaGame, JaOptions, JaPhase};
use tablee_engine::{Game, Seed};

/// The newcomers the gentle bots' property is checked with: the quick
/// levels, each in its turn (the coach, a search, on the coached deals
/// below and in `tablee coach --game jachete --turns`).
const NEWCOMERS: [Level; 3] = [Level::Normal, Level::Easy, Level::Random];

/// JA-8, JA-12: over 500 deals of 4 players (the newcomer's seat turning
/// round the table), no `gentle` bot opens before every other player has
/// had six turns of the round, so the first round ends before the
/// newcomer's sixth turn only if the newcomer goes out; and every move is
/// legal (`coach::play` applies each through the engine). Red if a gentle
/// bot opened early, or a bot went out before the newcomer's sixth turn.
#[test]
fn ja12_no_gentle_bot_opens_before_every_other_player_has_had_six_turns() {
    let mut turns = Vec::new();
    for index in 0..500usize {
        let seed = game_seed(52_000, index);
        let seat = index % 4;
        let newcomer = Newcomer::Level(NEWCOMERS[index % NEWCOMERS.len()]);
        let mut opened_at = Vec::new();
        let game = coach::play::<JaGame>(4, &JaOptions::default(), seed, seat, newcomer, |g| g.results().is_empty(), |g, who, action, _| {
            let view = g.view(who);
            if who != seat && matches!(action, JaAction::Play { .. }) && !view.opened[who] {
                opened_at.push((0..4).filter(|&s| s != who).map(|s| turns_had(&view, s)).min().unwrap_or(0));
            }
        })
        .unwrap_or_else(|e| panic!("deal {index}: {e}"));
        assert!(opened_at.iter().all(|&t| t >= GENTLE_TURNS), "deal {index}: a gentle bot opened after {opened_at:?} turns of the others");
        let result = game.results().first().unwrap_or_else(|| panic!("deal {index}: the round did not end"));
        let (n, out) = jachete::coached_round(4, seed, seat, newcomer).unwrap();
        assert_eq!(out, result.went_out);
        if out != Some(seat) {
            assert!(n >= GENTLE_TURNS, "deal {index}: the newcomer ({}) had {n} turns, then seat {out:?} went out", newcomer.name());
        }
        turns.push(n);
    }
    turns.sort_unstable();
    eprintln!("gentle rounds, quick newcomers: {} to {} newcomer turns, median {}", turns[0], turns[499], turns[250]);
}

/// Issue 52, the coached game's deals (`jachete::COACHED_DEALS`, the person
/// in seat 0): a person who follows the coach has six turns at least in the
/// first round of every one. Here every 40th deal (a search decides each of
/// the person's moves: seconds a deal); all of them (minutes) in
/// `tablee coach --game jachete --turns` (docs/lessons.md).
#[test]
fn ja8_a_coached_deal_gives_six_turns_to_a_person_following_the_coach() {
    every_coached_deal(40);
}

fn every_coached_deal(step: usize) {
    assert!(jachete::COACHED_DEALS.len() >= 200, "deals enough for the measure (docs/lessons.md)");
    for index in (0..jachete::COACHED_DEALS.len()).step_by(step) {
        let (n, out) = jachete::coached_round(4, jachete::coached_deal(index), 0, Newcomer::Coach).unwrap();
        assert!(n >= GENTLE_TURNS, "coached deal {index}: {n} turns, then seat {out:?} went out");
    }
}

/// JA-12: a `gentle` bot that may not open yet is offered no play; once
/// every other player has had six turns it plays as `easy` (the same move).
#[test]
fn ja12_a_gentle_bot_holds_back_only_while_others_have_fewer_than_six_turns() {
    let (mut held, mut free) = (0, 0);
    for number in 0..40u64 {
        let seed = Seed::from_number(number);
        let mut game = JaGame::new_game(4, JaOptions::default(), seed).unwrap();
        let mut legal = Vec::new();
        let mut moves = 0;
        while game.results().is_empty() {
            let Some(seat) = game.to_act() else { break };
            game.actions(&mut legal);
            let view = game.view(seat);
            let bot_seed = decision_seed(seed, seat, moves);
            let gentle = jachete::decide(Level::Gentle, &view, &legal, bot_seed);
            let easy = jachete::decide(Level::Easy, &view, &legal, bot_seed);
            if holds_back(&view) {
                assert!(!matches!(gentle, JaAction::Play { .. }), "seed {number}: a play while holding back");
                held += usize::from(view.phase == JaPhase::Play && legal.iter().any(|a| matches!(a, JaAction::Play { .. })));
            } else {
                assert_eq!(gentle, easy, "seed {number}: gentle is easy once free");
                free += 1;
            }
            // Everyone plays normal: the round goes as fast as it can.
            let action = jachete::decide(Level::Normal, &view, &legal, bot_seed);
            game.apply(&action).unwrap();
            moves += 1;
        }
    }
    assert!(held > 20 && free > 20, "both sides were seen: {held} held back with a play offered, {free} free");
}
