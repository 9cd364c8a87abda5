//! Issue 45's research search (`tablee_bots::jachete::ismcts`): it chooses
//! only generated actions, the same seed makes the same decision, it never
//! decides on what its seat cannot see (JA-19), and it never buys what the
//! heuristic declines. Small budgets: the behaviour, not the strength.

use tablee_bots::jachete::ismcts::{self, Config};
use tablee_bots::{jachete, Level};
use tablee_engine::jachete::{JaAction, JaView};
use tablee_engine::rng::Rng;
use tablee_engine::Game;

mod jachete_common;
use jachete_common::{hidden_twin, play_rounds};

fn configs() -> [Config; 3] {
    [
        Config::parse("ja-ismcts/it=24/w=4").unwrap(),
        Config::parse("ja-ismcts-paired/it=4/w=4").unwrap(),
        Config::parse("ja-ismcts-paired/it=4/w=4/cut=1").unwrap(),
    ]
}


/// Whether the search searches here (its analysis has visits above 1).
fn searched(config: &Config, view: &JaView, legal: &[JaAction], seed: u64) -> bool {
    ismcts::analyse(config, view, legal, seed).first().is_some_and(|c| c.visits > 1)
}

/// Every decision of an ISMCTS seat (one per table, the others `normal`) is
/// among the generated candidates, and the games go on to round 4.
#[test]
fn ja_ismcts_chooses_only_generated_actions() {
    for (i, config) in configs().iter().enumerate() {
        let mut decisions = 0;
        let game = play_rounds(4, 4500 + i as u64, 3, |_, seat, view, legal, bot_seed| {
            if seat == 1 {
                let action = ismcts::decide(config, view, legal, bot_seed);
                assert!(legal.contains(&action), "{config:?} chose {action:?}, not generated");
                decisions += 1;
                action
            } else {
                jachete::decide(Level::Normal, view, legal, bot_seed)
            }
        });
        assert!(decisions >= 15, "{decisions}");
        assert!(game.round().round() >= 4, "the rounds did not end");
    }
}

/// The same view, candidates and seed make the same decision and the same
/// analysis; another seed is allowed to differ (and, over many searched
/// positions, does somewhere: the seed drives the worlds).
#[test]
fn ja_ismcts_same_seed_same_decision() {
    let config = Config::parse("ja-ismcts/it=24/w=4").unwrap();
    let (mut checked, mut differ) = (0, 0);
    play_rounds(4, 4511, 2, |_, _, view, legal, bot_seed| {
        if searched(&config, view, legal, bot_seed) {
            let a = ismcts::analyse(&config, view, legal, bot_seed);
            let b = ismcts::analyse(&config, view, legal, bot_seed);
            assert_eq!(a, b, "the same seed analysed differently");
            let other = ismcts::analyse(&config, view, legal, bot_seed ^ 0x9e37);
            differ += usize::from(other != a);
            checked += 1;
        }
        jachete::decide(Level::Normal, view, legal, bot_seed)
    });
    assert!(checked >= 10, "only {checked} searched positions");
    assert!(differ > 0, "no seed ever changed the analysis: the seed is not used");
}


/// JA-19: with only the cards the seat cannot see dealt differently (the
/// other hands, the stock's order), its view is the same and so is every
/// search's analysis, at searched positions of seeded games.
#[test]
fn ja19_ismcts_does_not_decide_on_the_hidden_cards() {
    let mut rng = Rng::new(4519);
    let mut checked = 0;
    for number in 0..3u64 {
        let mut moves = 0u64;
        play_rounds(4, 4520 + number, 2, |game, seat, view, legal, bot_seed| {
            moves += 1;
            if moves.is_multiple_of(3) {
                if let Some(twin) = hidden_twin(game, seat, &mut rng) {
                    let twin_view = twin.view(seat);
                    assert_eq!(*view, twin_view, "JA-19: the views differ with only hidden cards changed");
                    for config in configs() {
                        if searched(&config, view, legal, bot_seed) {
                            let a = ismcts::analyse(&config, view, legal, bot_seed);
                            let b = ismcts::analyse(&config, &twin_view, legal, bot_seed);
                            assert_eq!(a, b, "{config:?} decided on the hidden cards (game {number}, move {moves})");
                            checked += 1;
                        }
                    }
                }
            }
            jachete::decide(Level::Normal, view, legal, bot_seed)
        });
    }
    assert!(checked >= 15, "only {checked} searched positions checked");
}

/// As `expert`: a buy the heuristic declines is not searched, so never made.
#[test]
fn ja_ismcts_never_buys_what_the_heuristic_declines() {
    let config = Config::parse("ja-ismcts/it=24/w=4").unwrap();
    let mut declined = 0;
    for number in 0..2u64 {
        play_rounds(4, 4530 + number, 3, |_, _, view, legal, bot_seed| {
            let normal = jachete::decide(Level::Normal, view, legal, bot_seed);
            if legal.contains(&JaAction::Buy) && normal == JaAction::Decline {
                assert_eq!(ismcts::decide(&config, view, legal, bot_seed), JaAction::Decline);
                declined += 1;
            }
            normal
        });
    }
    assert!(declined >= 10, "only {declined} declined buys seen");
}
