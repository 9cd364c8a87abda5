//! The bots play fair: they only ever choose legal actions, the same seed
//! replays the same game (bot moves included), and a search bot's decision
//! depends on its seat's view only — never on the hidden cards.

use tablee_bots::arena::{self, Table};
use tablee_bots::katzenjammer::{analyse, decide};
use tablee_bots::Level;
use tablee_engine::katzenjammer::{Action, BidKind, Card, Deal, Event, KbState, Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::rng::Rng;
use tablee_engine::{Outcome, Seat, Seed};

/// A finished game: every action in order, the public log and the outcome.
struct Played {
    actions: Vec<Action>,
    log: Vec<Event>,
    outcome: Outcome,
}

/// Plays one seeded game, seat `s` played by `seats[s]`, with the arena's
/// decision seeds; checks every decision against the referee's legal list.
fn play(seats: &[Level], options: Options, seed: Seed) -> Played {
    let mut state = KbState::new_game(seats.len(), options, seed).expect("a valid table");
    let mut legal = Vec::new();
    let mut actions = Vec::new();
    while let Some(seat) = state.to_act() {
        state.legal_actions(&mut legal);
        let level = seats[seat];
        let action = decide(level, &state.view(seat), &legal, arena::decision_seed(seed, seat, actions.len()));
        assert!(
            legal.contains(&action),
            "{level} at seat {seat} chose {action:?}, not among the {} legal actions (seed {seed}, move {})",
            legal.len(),
            actions.len()
        );
        if let Err(e) = state.apply(&action) {
            panic!("{level} at seat {seat} chose {action:?}, refused: {e} (seed {seed}, move {})", actions.len());
        }
        actions.push(action);
    }
    let outcome = state.outcome().expect("the game is over");
    Played { actions, log: state.log().to_vec(), outcome }
}

#[test]
fn heuristic_bots_only_choose_legal_actions_in_thousands_of_games_for_2_to_6_players() {
    const LEVELS: [Level; 3] = [Level::Random, Level::Easy, Level::Normal];
    let mut games = 0;
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        for g in 0..1000 {
            let seats: Vec<Level> = (0..players).map(|s| LEVELS[(s + g) % LEVELS.len()]).collect();
            let options = Options { full_mice: g % 5 == 0 };
            let seed = Seed::from_number((players * 10_000 + g) as u64);
            play(&seats, options, seed);
            games += 1;
        }
    }
    assert_eq!(games, 5000);
}

#[test]
fn search_bots_only_choose_legal_actions() {
    use Level::{Easy, Expert, Hard, Normal, Random};
    let tables: [&[Level]; 7] = [
        &[Hard, Normal, Hard],
        &[Normal, Hard, Random],
        &[Hard, Normal, Easy, Normal],
        &[Hard, Hard, Normal, Random],
        &[Normal, Easy, Hard, Normal],
        &[Hard, Hard, Hard, Hard],
        &[Expert, Normal, Normal],
    ];
    for (i, seats) in tables.iter().enumerate() {
        let played = play(seats, Options::default(), Seed::from_number(7_000 + i as u64));
        assert!(!played.actions.is_empty());
    }
}

#[test]
fn the_same_seed_replays_the_same_game_bot_moves_included() {
    let seats = [Level::Hard, Level::Normal, Level::Hard, Level::Normal];
    let seed = Seed::parse("1K7Q-M3ZD").expect("a seed");
    let first = play(&seats, Options::default(), seed);
    let again = play(&seats, Options::default(), seed);
    assert_eq!(first.actions, again.actions);
    assert_eq!(first.log, again.log);
    assert_eq!(first.outcome, again.outcome);
    // Not vacuous: another seed gives another game.
    let other = play(&seats, Options::default(), Seed::from_number(seed.number() + 1));
    assert_ne!(first.log, other.log);
}

#[test]
fn the_same_arena_seed_gives_the_same_arena_results() {
    let table = Table { players: 4, games: 40, seed: 99, options: Options::default() };
    let levels = [Level::Normal, Level::Easy, Level::Random, Level::Normal];
    let summary = |t: &Table<Options>| {
        let report = arena::run_levels::<KbState>(t, &levels, |_| {}).expect("the arena runs");
        report.seats.iter().map(|s| (s.bot.clone(), s.win_share, s.mean_score, s.mean_extra)).collect::<Vec<_>>()
    };
    let first = summary(&table);
    assert_eq!(first, summary(&table));
    let shares: f64 = first.iter().map(|s| s.1).sum();
    assert!((shares - 1.0).abs() < 1e-9, "win shares add up to one game per game: {shares}");
}

/// Two games that differ only in what `viewer` cannot see (other hands, the
/// stock order). Walks both forward with the same moves (chosen by `normal`
/// in `a`) for up to `steps` moves, while they still differ only there:
/// at every position `viewer`'s views must be equal and, when `viewer` is to
/// act, its legal actions and the decisions (the same seed for both): of
/// every level the first time, of the quick ones (`random`, `easy`, `normal`)
/// after that. Stops where the games part in public (a different card
/// revealed, paid or drawn by `viewer`) or `b` refuses `a`'s move. Returns the
/// decisions checked.
fn walk_twins(mut a: KbState, mut b: KbState, viewer: Seat, seed: Seed, first_move: usize, steps: usize) -> usize {
    let (mut legal_a, mut legal_b) = (Vec::new(), Vec::new());
    let mut checked = 0;
    for moves in first_move..first_move + steps {
        let at = format!("seed {seed}, move {moves}, seat {viewer}");
        assert_eq!(a.view(viewer), b.view(viewer), "KB-21: the views differ with only hidden cards changed ({at})");
        let Some(seat) = a.to_act() else { break };
        a.legal_actions(&mut legal_a);
        if seat == viewer {
            b.legal_actions(&mut legal_b);
            assert_eq!(legal_a, legal_b, "the legal actions differ ({at})");
            let bot_seed = arena::decision_seed(seed, seat, moves);
            let levels = if checked == 0 { &Level::SEATED[..] } else { &Level::SEATED[..3] };
            for &level in levels {
                assert_eq!(
                    decide(level, &a.view(viewer), &legal_a, bot_seed),
                    decide(level, &b.view(viewer), &legal_b, bot_seed),
                    "{level} decided differently with only hidden cards changed ({at})"
                );
                checked += 1;
            }
        }
        let action = decide(Level::Normal, &a.view(seat), &legal_a, arena::decision_seed(seed, seat, moves));
        if b.check(&action).is_err() {
            break;
        }
        a.apply(&action).expect("legal");
        b.apply(&action).expect("checked");
        let public = |s: &KbState| {
            let seats = 0..s.players();
            let shown: Vec<(u8, i32)> = seats.map(|seat| (s.jokers_shown(seat), s.mice(seat))).collect();
            (s.row().to_vec(), s.discard(), s.hand(viewer), s.phase(), s.mice_left(), shown)
        };
        if public(&a) != public(&b) {
            break;
        }
    }
    checked
}

/// `b` and `a` differ in what `viewer` cannot see, and in the next stock card.
fn assert_hidden_differ(a: &KbState, b: &KbState, viewer: Seat) {
    let (ha, hb) = (a.hidden(), b.hidden());
    assert_eq!(ha.hands[viewer], hb.hands[viewer]);
    assert!(ha.hands != hb.hands, "no other hand changed");
    assert_ne!(ha.stock_top_first.first(), hb.stock_top_first.first(), "the next stock card did not change");
    assert_ne!(a, b);
}

/// KB-21: no level reads what its seat cannot see. Pairs of games that differ
/// only in other hands and the stock order: fresh deals with those cards
/// dealt differently (`from_position`), and positions of seeded games whose
/// hidden cards are dealt anew (`resample_hidden`). The seat's views must be
/// equal, and every level decide the same on both.
#[test]
fn no_level_decides_on_the_hidden_cards() {
    let mut rng = Rng::new(2024);
    let mut pairs = 0;
    let mut decisions = 0;
    let mut legal = Vec::new();
    for players in MIN_PLAYERS..=MAX_PLAYERS {
        // The start of a game: two deals that differ in every card the seat
        // to act cannot see: the other hands, the stock, and what the others
        // drew if the first row ended with a joker (KB-5), but not the row
        // nor the card the seat drew. Three deals, one with those draws.
        let (mut deals, mut with_draws) = (0, 0);
        for g in 0..100u64 {
            let seed = Seed::from_number(800 + 100 * players as u64 + g);
            let deal = Deal::new(players, seed).expect("a deal");
            let start = |hands: &[Vec<Card>], stock: &[Card]| {
                KbState::from_position(players, Options::default(), deal.bandleader, hands, stock).expect("a position")
            };
            let a = start(&deal.hands, &deal.stock);
            let viewer = a.to_act().expect("the game starts");
            let row = a.row().len();
            let drew = a.row().last() == Some(&Card::Joker);
            if deals == 2 && !drew && with_draws == 0 {
                continue;
            }
            // Stock places everyone sees, or only the viewer: the row, the viewer's draw.
            let draw_order = |seat: Seat| (seat + players - deal.bandleader - 1) % players;
            let seen = |i: usize| i < row || (drew && i == row + draw_order(viewer));
            let b = loop {
                let mut hidden: Vec<Card> =
                    (0..players).filter(|&s| s != viewer).flat_map(|s| deal.hands[s].clone()).collect();
                hidden.extend((0..deal.stock.len()).filter(|&i| !seen(i)).map(|i| deal.stock[i]));
                rng.shuffle(&mut hidden);
                let mut cards = hidden.into_iter();
                let hands: Vec<Vec<Card>> = (0..players)
                    .map(|s| match s == viewer {
                        true => deal.hands[s].clone(),
                        false => cards.by_ref().take(deal.hands[s].len()).collect(),
                    })
                    .collect();
                let stock: Vec<Card> = (0..deal.stock.len())
                    .map(|i| if seen(i) { deal.stock[i] } else { cards.next().expect("as many cards") })
                    .collect();
                let b = start(&hands, &stock);
                if a.hidden().hands != b.hidden().hands && a.stock_top_first().first() != b.stock_top_first().first() {
                    break b;
                }
            };
            assert_hidden_differ(&a, &b, viewer);
            decisions += walk_twins(a, b, viewer, seed, 0, 12);
            pairs += 1;
            deals += 1;
            with_draws += usize::from(drew);
            if deals == 3 {
                break;
            }
        }
        assert!(with_draws > 0, "{players} players: no deal whose first row ends with a joker");
        // Later positions of a seeded game, every seat in turn.
        let seed = Seed::from_number(500 + 10 * players as u64);
        let mut state = KbState::new_game(players, Options::default(), seed).expect("a valid table");
        let mut moves = 0;
        while let Some(seat) = state.to_act() {
            if moves % 13 == 6 && state.stock_len() > 1 {
                let viewer = (seat + moves / 13) % players;
                let twin = (0..50)
                    .map(|_| state.resample_hidden(viewer, &mut rng))
                    .find(|t| t.hidden().hands != state.hidden().hands && t.stock_top_first()[0] != state.stock_top_first()[0]);
                if let Some(twin) = twin {
                    assert_hidden_differ(&state, &twin, viewer);
                    decisions += walk_twins(state.clone(), twin, viewer, seed, moves, 12);
                    pairs += 1;
                }
            }
            state.legal_actions(&mut legal);
            let action = decide(Level::Normal, &state.view(seat), &legal, arena::decision_seed(seed, seat, moves));
            state.apply(&action).expect("legal");
            moves += 1;
        }
    }
    assert!(pairs >= 40, "only {pairs} pairs of games checked");
    assert!(decisions >= 150, "only {decisions} decisions checked");
}

#[test]
fn a_search_bot_explains_only_legal_choices() {
    let mut state = KbState::new_game(4, Options::default(), Seed::from_number(31)).expect("a valid table");
    let mut legal = Vec::new();
    for moves in 0..12 {
        let Some(seat) = state.to_act() else { break };
        state.legal_actions(&mut legal);
        let view = state.view(seat);
        let choices = analyse(Level::Hard, &view, &legal, moves);
        assert!(!choices.is_empty());
        assert!(choices.iter().all(|c| legal.contains(&c.action)), "{choices:?}");
        state.apply(&choices[0].action).expect("legal");
    }
}

/// KB-9: a one-card bid is a *same* bid — "one different" is the same card
/// as "one 5" and a lower bid. No bot chooses it (`easy`'s random moves
/// apart: any legal bid) and no hint names it (the
/// page's card selection would turn a hinted "one different" into "one 5",
/// and the replay would then say the player parted from the expert).
#[test]
fn kb09_no_bot_bids_or_hints_one_different() {
    let one_different = |a: &Action| matches!(a, Action::Bid(b) if b.kind == BidKind::Different && b.cards.total() == 1);
    let mut hinted = 0;
    for g in 0..12u64 {
        let seed = Seed::from_number(90_000 + g);
        let seats = [Level::Easy, Level::Normal, Level::Hard, Level::Normal];
        let mut state = KbState::new_game(seats.len(), Options::default(), seed).expect("a valid table");
        let mut legal = Vec::new();
        let mut moves = 0;
        while let Some(seat) = state.to_act() {
            state.legal_actions(&mut legal);
            let view = state.view(seat);
            let decision_seed = arena::decision_seed(seed, seat, moves);
            if seat == 0 && legal.iter().any(|a| matches!(a, Action::Bid(_))) {
                for choice in analyse(Level::Hard, &view, &legal, decision_seed) {
                    assert!(!one_different(&choice.action), "a hint names {:?} (seed {seed}, move {moves})", choice.action);
                    hinted += 1;
                }
            }
            let action = decide(seats[seat], &view, &legal, decision_seed);
            if seats[seat] != Level::Easy {
                assert!(!one_different(&action), "{} bids {action:?} (seed {seed}, move {moves})", seats[seat]);
            }
            state.apply(&action).expect("a legal action");
            moves += 1;
        }
    }
    assert!(hinted > 100, "enough hinted bids looked at: {hinted}");
}
