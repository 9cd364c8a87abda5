//! J'achète bots play complete seeded games of 4..8 players from their own
//! view, choose only generated (and legal) actions, never decide on what they
//! cannot see, and `normal` beats `random`.

use tablee_bots::jachete::styles::{self, Style};
use tablee_bots::{jachete, Level, SearchGame};
use tablee_engine::jachete::{contract, Card, JaAction, JaGame, JaOptions, JaPhase, JaView, Rank};
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::{Game, Seat, Seed};

mod jachete_common;
use jachete_common::{hidden_twin, play_rounds, sorted};


/// Plays one game; returns each seat's win share.
fn play(players: usize, seats: &[Level], seed: u64) -> Vec<f64> {
    let mut game = JaGame::new_game(players, JaOptions::default(), Seed::from_number(seed)).unwrap();
    let mut legal = Vec::new();
    let mut moves = 0u64;
    while let Some(seat) = game.to_act() {
        game.actions(&mut legal);
        let view = game.view(seat);
        let action = jachete::decide(seats[seat], &view, &legal, derive_seed(seed, &format!("{seat}-{moves}")));
        assert!(legal.contains(&action), "a bot chose an action it was not offered");
        game.apply(&action).unwrap_or_else(|e| panic!("seed {seed}: {action:?} refused: {e}"));
        moves += 1;
        assert!(moves < 200_000, "seed {seed}: the game does not end");
    }
    let outcome = game.outcome().unwrap();
    (0..players).map(|s| outcome.win_share(s)).collect()
}

#[test]
fn ja_heuristic_bots_finish_whole_games_of_4_to_8_players() {
    // The heuristic levels play whole games; the search levels (slow in a
    // debug test run) play the first two rounds below.
    const QUICK: [Level; 3] = [Level::Random, Level::Easy, Level::Normal];
    for (i, players) in (4..=8).enumerate() {
        let seats: Vec<Level> = (0..players).map(|s| QUICK[(s + i) % 3]).collect();
        for seed in 0..6 {
            let shares = play(players, &seats, seed * 10 + players as u64);
            assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9);
        }
    }
}

#[test]
fn ja_search_bots_choose_only_generated_actions() {
    let seats = [Level::Hard, Level::Normal, Level::Expert, Level::Random, Level::Hard];
    for seed in 0..2u64 {
        let players = 4 + seed as usize;
        let game = play_rounds(players, 300 + seed, 1, |_, seat, view, legal, bot_seed| {
            let action = jachete::decide(seats[seat], view, legal, bot_seed);
            assert!(legal.contains(&action), "{} chose an action it was not offered", seats[seat]);
            action
        });
        assert!(game.round().round() > 1 || game.to_act().is_none(), "seed {seed}: the round did not end");
    }
}

#[test]
fn ja_normal_beats_random() {
    let games = 60;
    let mut normal = 0.0;
    for g in 0..games {
        // Rotate the normal bot through the four seats.
        let seats: Vec<Level> = (0..4).map(|s| if s == g % 4 { Level::Normal } else { Level::Random }).collect();
        normal += play(4, &seats, 1000 + g as u64)[g % 4];
    }
    let share = normal / games as f64;
    assert!(share > 0.5, "normal's win share against three random bots: {share}");
}

/// Walks two games that differ only in what `viewer` cannot see forward with
/// the same moves (`normal`'s in `a`), for up to `steps` moves while they
/// agree in public: at every position `viewer`'s views must be equal and,
/// where it acts, its candidates and the decisions (the same seed for both):
/// of every level the first time, of `random`, `easy` and `normal` after,
/// and of every research style (`jachete_styles`) each time.
/// Returns the decisions checked, and whether the first was a buy (where the
/// search levels search).
fn walk_twins(mut a: JaGame, mut b: JaGame, viewer: Seat, number: u64, first_move: u64, steps: u64) -> (usize, bool) {
    let (mut legal_a, mut legal_b) = (Vec::new(), Vec::new());
    let (mut checked, mut first_is_buy) = (0, false);
    for moves in first_move..first_move + steps {
        let at = format!("game {number}, move {moves}, seat {viewer}");
        assert_eq!(a.view(viewer), b.view(viewer), "JA-19: the views differ with only hidden cards changed ({at})");
        let Some(seat) = a.to_act() else { break };
        a.actions(&mut legal_a);
        let bot_seed = derive_seed(number, &format!("{seat}-{moves}"));
        if seat == viewer {
            b.actions(&mut legal_b);
            assert_eq!(legal_a, legal_b, "the candidates differ ({at})");
            let levels = if checked == 0 { &jachete::LEVELS[..] } else { &jachete::LEVELS[..3] };
            first_is_buy |= checked == 0 && legal_a.contains(&JaAction::Buy);
            for &level in levels {
                assert_eq!(
                    jachete::decide(level, &a.view(viewer), &legal_a, bot_seed),
                    jachete::decide(level, &b.view(viewer), &legal_b, bot_seed),
                    "{level} decided differently with only hidden cards changed ({at})"
                );
                checked += 1;
            }
            for style in Style::ALL {
                assert_eq!(
                    styles::decide(style, &a.view(viewer), &legal_a, bot_seed),
                    styles::decide(style, &b.view(viewer), &legal_b, bot_seed),
                    "style {style} decided differently with only hidden cards changed ({at})"
                );
            }
        }
        let action = jachete::decide(Level::Normal, &a.view(seat), &legal_a, bot_seed);
        if b.check(&action).is_err() {
            break;
        }
        a.apply(&action).expect("generated");
        b.apply(&action).expect("checked");
        let public = |g: &JaGame| {
            let r = g.round();
            let seats = 0..r.players();
            let purses: Vec<(i32, bool)> = seats.map(|s| (r.money(s), r.opened(s))).collect();
            (r.round(), r.phase(), r.to_act(), r.table().to_vec(), r.discard().to_vec(), r.hand(viewer).to_vec(), purses)
        };
        if public(&a) != public(&b) {
            break;
        }
    }
    (checked, first_is_buy)
}

/// JA-19: no level reads what its seat cannot see. At positions of seeded
/// games, the other hands and the stock are dealt differently (the next stock
/// card always changes); both games go on with the same moves while they
/// agree in public, and the seat's views, candidates and every level's
/// decision must agree.
#[test]
fn ja19_no_level_decides_on_the_hidden_cards() {
    let mut rng = Rng::new(19);
    let (mut pairs, mut decisions, mut buys) = (0, 0, 0);
    for (g, players) in [4usize, 5, 6, 7].into_iter().enumerate() {
        let number = 700 + g as u64;
        let mut moves = 0u64;
        play_rounds(players, number, 2, |game, seat, view, legal, bot_seed| {
            if moves % 11 == 4 {
                // Every other time the seat to act, else the one after it.
                let viewer = (seat + (moves / 11 % 2) as usize) % players;
                if let Some(twin) = hidden_twin(game, viewer, &mut rng) {
                    let (a, b) = (game.round(), twin.round());
                    assert_eq!(a.hand(viewer), b.hand(viewer));
                    assert_ne!(a.stock_top_first().first(), b.stock_top_first().first());
                    assert!((0..players).any(|s| sorted(a.hand(s)) != sorted(b.hand(s))));
                    let (checked, buy) = walk_twins(game.clone(), twin, viewer, number, moves, 10);
                    pairs += 1;
                    decisions += checked;
                    buys += usize::from(buy);
                }
            }
            moves += 1;
            jachete::decide(Level::Normal, view, legal, bot_seed)
        });
    }
    assert!(pairs >= 20, "only {pairs} pairs of games checked");
    assert!(decisions >= 60, "only {decisions} decisions checked");
    assert!(buys >= 5, "the search levels were asked at only {buys} buys");
}

/// JA-9, JA-10: a buyer's card is known to sit in its hand; the search's
/// guessed worlds always put it there until it is seen again.
#[test]
fn ja19_guessed_worlds_keep_what_each_player_bought() {
    let mut checked = 0;
    for seed in 0..4u64 {
        let mut rng = Rng::new(seed);
        play_rounds(5, 900 + seed, 1, |_, seat, view, legal, bot_seed| {
            let world = JaGame::determinize(view, &mut rng).expect("a world fits the view");
            for &(buyer, card) in &view.bought {
                let later_seen = view.discarded.iter().any(|&(s, c)| s == buyer && c == card)
                    || view.table.iter().any(|m| m.cards.contains(&card));
                if buyer != seat && !later_seen {
                    assert!(world.round().hand(buyer).contains(&card), "seat {buyer} bought {card} but the guess lost it");
                    checked += 1;
                }
            }
            jachete::decide(Level::Normal, view, legal, bot_seed)
        });
    }
    assert!(checked >= 10, "only {checked} bought cards checked");
}

/// The search levels never buy a card the heuristic declines: a round's
/// rollouts cannot see what the cents would have bought later, and a search
/// left free to buy spent them all and lost (docs/research/jachete-bots.md, issue 15).
#[test]
fn ja_search_never_buys_what_the_heuristic_declines() {
    let mut checked = 0;
    for seed in 0..3u64 {
        play_rounds(4, 700 + seed, 3, |_, _, view, legal, bot_seed| {
            let normal = jachete::decide(Level::Normal, view, legal, bot_seed);
            if legal.contains(&JaAction::Buy) && normal == JaAction::Decline {
                for level in [Level::Hard, Level::Expert] {
                    assert_eq!(jachete::decide(level, view, legal, bot_seed), JaAction::Decline, "{level} bought");
                }
                checked += 1;
            }
            normal
        });
    }
    assert!(checked >= 20, "only {checked} declined buys checked");
}

/// The search leaves the heuristic's move only when a candidate beats it
/// significantly on the sampled worlds: with an unreachable margin (`z`
/// infinite) it plays exactly as `normal` at every decision it searches,
/// and with the shipped margin its first choice is either `normal`'s or one
/// whose mean reward is higher.
#[test]
fn ja_search_keeps_the_heuristics_move_unless_significantly_better() {
    let never = jachete::Search { worlds: 6, width: 4, z: f64::INFINITY, z_play: f64::INFINITY, ..jachete::HARD };
    let guarded = jachete::Search { worlds: 6, ..jachete::HARD };
    let mut searched = 0;
    for seed in 0..2u64 {
        play_rounds(4, 900 + seed, 2, |_, _, view, legal, bot_seed| {
            let normal = jachete::decide(Level::Normal, view, legal, bot_seed);
            let kept = jachete::analyse_search(Some(&never), view, legal, &mut Rng::new(bot_seed));
            if kept[0].visits > 1 {
                searched += 1;
                assert_eq!(kept[0].action, normal, "an infinite margin left the heuristic's move");
                let choices = jachete::analyse_search(Some(&guarded), view, legal, &mut Rng::new(bot_seed));
                let normal_value = choices.iter().find(|c| c.action == normal).map(|c| c.value);
                assert!(choices[0].action == normal || normal_value.is_none_or(|v| choices[0].value > v));
            }
            normal
        });
    }
    assert!(searched >= 20, "only {searched} searched decisions");
}

/// The search improves on the policy it is given (`Search::policy`, issue
/// 15, part 5), not on `normal` whatever the policy: with an unreachable
/// margin it plays exactly the given policy's move at every decision it
/// searches — here the old, untuned weights, which differ from `normal`'s
/// at some of those decisions (red if the policy were ignored anywhere:
/// in the ranking, the candidates or the move the guard keeps).
#[test]
fn ja_search_keeps_its_own_policys_move() {
    let old =
        jachete::Search { worlds: 4, z: f64::INFINITY, z_play: f64::INFINITY, policy: jachete::Params::OLD, ..jachete::HARD };
    let (mut searched, mut differ) = (0, 0);
    for seed in 0..5u64 {
        play_rounds(4, 950 + seed, 2, |_, _, view, legal, bot_seed| {
            let kept = jachete::analyse_search(Some(&old), view, legal, &mut Rng::new(bot_seed));
            let policy = jachete::heuristic_action(&jachete::Params::OLD, view, legal);
            if kept[0].visits > 1 {
                searched += 1;
                assert_eq!(kept[0].action, policy, "the search left its own policy's move");
                differ += usize::from(policy != jachete::heuristic_action(&jachete::Params::NORMAL, view, legal));
            }
            policy
        });
    }
    assert!(searched >= 50 && differ >= 4, "only {searched} searched decisions, {differ} where the policies differ");
}

/// `expert` compares the heuristic's 8 best candidates where `hard` compares
/// 4 (issue 15, part 9): at every searched decision with more than 8 legal
/// actions, `expert`'s search plays out 8 of them on its worlds, `hard`'s 4,
/// and both are the heuristic's best, so `hard`'s are among `expert`'s (red
/// if the width did not reach the search, or the candidates were not the
/// heuristic's best). Few worlds: only the candidates are checked here.
#[test]
fn ja_expert_compares_twice_as_many_candidates_as_hard() {
    let expert = jachete::Search { worlds: 3, ..jachete::EXPERT };
    let hard = jachete::Search { worlds: 3, ..jachete::HARD };
    let mut wide = 0;
    for seed in 0..3u64 {
        play_rounds(4, 980 + seed, 3, |_, _, view, legal, bot_seed| {
            let normal = jachete::decide(Level::Normal, view, legal, bot_seed);
            let many = jachete::analyse_search(Some(&expert), view, legal, &mut Rng::new(bot_seed));
            if many[0].visits > 1 && legal.len() > 8 {
                wide += 1;
                let few = jachete::analyse_search(Some(&hard), view, legal, &mut Rng::new(bot_seed));
                assert_eq!((many.len(), few.len()), (8, 4), "candidates compared at {:?}", view.phase);
                assert!(few.iter().all(|c| many.iter().any(|m| m.action == c.action)), "hard's candidates are not among expert's");
                assert!(many.iter().any(|c| c.action == normal), "the heuristic's move is not a candidate");
            }
            normal
        });
    }
    assert!(wide >= 10, "only {wide} searched decisions with more than 8 actions");
}

/// Seats 1 and 3 play the aggressive `buyer` style, 0 and 2 a quiet
/// player: `normal` as it was before it bought lone matches when it needs a
/// pair (issue 15, part 7). Today's `normal` buys nearly as often as a
/// `buyer` (docs/research/jachete-bots.md), so the buying rate no longer tells the two apart;
/// the research option `Search::model` is not shipped.
fn buyers_at_odd_seats(seat: Seat, view: &JaView, legal: &[JaAction], bot_seed: u64) -> JaAction {
    const QUIET: jachete::Params = jachete::Params { buy_lone_wanted: -1.0, ..jachete::Params::NORMAL };
    match seat % 2 {
        1 => styles::decide(Style::Buyer, view, legal, bot_seed),
        _ => jachete::heuristic_action(&QUIET, view, legal),
    }
}

/// JA-9, JA-10, JA-19: the search's opponent models are fitted from public
/// facts (the cents each player has spent): from round 3 on, a `buyer`
/// seat is modelled as a buyer and a quiet seat as `normal` at most
/// positions, and the searching seat is always itself (`normal`).
#[test]
fn ja19_opponents_are_modelled_from_their_observed_buying() {
    let (mut buyers, mut buyers_right, mut normals, mut normals_right) = (0, 0, 0, 0);
    for number in 0..4u64 {
        play_rounds(4, 1500 + number, 5, |_, seat, view, legal, bot_seed| {
            let models = jachete::opponent_models(view);
            assert_eq!(models[seat], jachete::Params::NORMAL, "the searching seat models itself as normal");
            if view.round >= 3 {
                for other in (0..4).filter(|&s| s != seat) {
                    let buyer = models[other] == jachete::BUYER_MODEL;
                    if other % 2 == 1 {
                        buyers += 1;
                        buyers_right += usize::from(buyer);
                    } else {
                        normals += 1;
                        normals_right += usize::from(!buyer);
                    }
                }
            }
            buyers_at_odd_seats(seat, view, legal, bot_seed)
        });
    }
    assert!(buyers >= 200 && normals >= 200, "only {buyers} and {normals} positions");
    assert!(buyers_right * 10 >= buyers * 8, "buyers modelled as buyers at {buyers_right} of {buyers} positions");
    assert!(normals_right * 10 >= normals * 8, "normal players modelled as normal at {normals_right} of {normals} positions");
}

/// JA-19 with the opponent models on: at positions of games against
/// `buyer`s, the hidden cards dealt differently give the seat equal views
/// and the same searched decision (same seed), and some of those positions
/// do model an opponent as a buyer (so the check covers the models).
#[test]
fn ja19_modelled_search_does_not_decide_on_the_hidden_cards() {
    let search = jachete::Search { worlds: 8, model: true, future: true, ..jachete::HARD };
    let mut rng = Rng::new(1519);
    let (mut checked, mut modelled) = (0, 0);
    for number in 0..3u64 {
        let mut moves = 0u64;
        play_rounds(4, 1600 + number, 4, |game, seat, view, legal, bot_seed| {
            moves += 1;
            if seat % 2 == 0 && view.round >= 2 && moves.is_multiple_of(3) {
                if let Some(twin) = hidden_twin(game, seat, &mut rng) {
                    let twin_view = twin.view(seat);
                    assert_eq!(*view, twin_view, "JA-19: the views differ with only hidden cards changed");
                    let a = jachete::analyse_search(Some(&search), view, legal, &mut Rng::new(bot_seed));
                    let b = jachete::analyse_search(Some(&search), &twin_view, legal, &mut Rng::new(bot_seed));
                    assert_eq!(a, b, "the modelled search decided on the hidden cards (game {number}, move {moves})");
                    checked += 1;
                    modelled += usize::from(a[0].visits > 1 && jachete::opponent_models(view).contains(&jachete::BUYER_MODEL));
                }
            }
            buyers_at_odd_seats(seat, view, legal, bot_seed)
        });
    }
    assert!(checked >= 30, "only {checked} positions checked");
    assert!(modelled >= 5, "only {modelled} searched positions modelled a buyer");
}

/// JA-3, JA-10: `normal` buys a card matching a lone card of its hand when
/// it needs a new pair — in the tight rounds (3 and 6: the contract's sets
/// take three quarters of the cards dealt, so the hand must grow to open)
/// always, in the other five only while it holds fewer pairs than the
/// contract has sets — over every such buy window of seeded games. Red if
/// the tight rounds or the pairs are read wrong, or the weight is lost.
#[test]
fn ja03_ja10_normal_buys_a_lone_match_when_it_needs_a_pair() {
    // Bought and declined: in the tight rounds, elsewhere short of pairs,
    // elsewhere with pairs enough.
    let (mut tight, mut short, mut enough) = ([0usize; 2], [0usize; 2], [0usize; 2]);
    for seed in 0..6u64 {
        play_rounds(4, 900 + seed, 7, |_, _, view, legal, bot_seed| {
            let normal = jachete::decide(Level::Normal, view, legal, bot_seed);
            let naturals = |rank| view.hand.iter().filter(|c| matches!(c, Card::Natural(r, _) if *r == rank) && !c.is_wild()).count();
            let lone = match view.buy_card {
                Some(card @ Card::Natural(rank, _)) if !card.is_wild() && legal.contains(&JaAction::Buy) => naturals(rank) == 1,
                _ => false,
            };
            if lone {
                let round = view.round;
                let sets = contract(round).unwrap().sets;
                let pairs = (1..=13u8).filter_map(Rank::new).filter(|&r| r != Rank::TWO && naturals(r) >= 2).count();
                // Index 0 counts the bought, 1 the declined.
                let declined = usize::from(normal != JaAction::Buy);
                if round == 3 || round == 6 {
                    assert_eq!(normal, JaAction::Buy, "round {round}: a lone match declined ({view:?})");
                    tight[declined] += 1;
                } else if pairs < sets {
                    assert_eq!(normal, JaAction::Buy, "round {round}: {pairs} pairs for {sets} sets, a lone match declined ({view:?})");
                    short[declined] += 1;
                } else {
                    assert_eq!(normal, JaAction::Decline, "round {round}: {pairs} pairs for {sets} sets, a lone match bought ({view:?})");
                    enough[declined] += 1;
                }
            }
            normal
        });
    }
    assert!(tight[0] >= 3 && short[0] >= 3 && enough[1] >= 10, "tight {tight:?}, short {short:?}, enough {enough:?}");
}

/// JA-10, JA-12: with [`jachete::Params::buy_ready`] (a tuner's weight,
/// 0 in the shipped policies: docs/research/jachete-bots.md, issue 15, part 8) the heuristic
/// buys nothing while its hand holds the contract (it opens at its next turn
/// anyway; a buy would only add two cards). Over every buy window of seeded
/// games played that way, it differs from `normal` only by declining a buy,
/// and each time the engine then offers the seat an opening at its next
/// turn: its hand held the contract (a hand only grows until its turn). Red
/// if the weight does nothing (no decline) or the contract is read too
/// loosely (no opening follows).
#[test]
fn ja10_ja12_buy_ready_declines_every_buy_once_the_hand_holds_the_contract() {
    let policy = jachete::Params { buy_ready: 2.0, ..jachete::Params::NORMAL };
    let unready = jachete::Params::NORMAL;
    let mut declined = [0usize; 8];
    let mut opened_after = 0;
    for seed in 0..24u64 {
        // A seat that declined because it was ready, until its turn.
        let mut ready: Vec<Option<u8>> = vec![None; 4];
        play_rounds(4, 700 + seed, 7, |_, seat, view, legal, _| {
            let with = jachete::heuristic_action(&policy, view, legal);
            let without = jachete::heuristic_action(&unready, view, legal);
            if with != without {
                assert_eq!((&with, &without), (&JaAction::Decline, &JaAction::Buy), "round {}: {view:?}", view.round);
                ready[seat] = Some(view.round);
                declined[usize::from(view.round)] += 1;
            }
            if view.phase == JaPhase::Play && ready[seat].take() == Some(view.round) {
                let opening = legal.iter().any(|a| matches!(a, JaAction::Play { .. }));
                assert!(opening && !view.opened[seat], "round {}: declined as ready, but no opening at its turn ({view:?})", view.round);
                opened_after += 1;
            }
            with
        });
    }
    let total: usize = declined.iter().sum();
    assert!(total >= 30 && opened_after >= total * 3 / 4, "declined by round {declined:?}, an opening seen after {opened_after}");
}
