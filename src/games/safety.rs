//! The safety net every registered game runs (issue 54, OpenSpiel's way):
//! written once over [`GameDef`], and run on each game of the registry
//! ([`GameId::ALL`], High card included), so a game added to the registry
//! is under it with no line more.
//!
//! Each test plays seeded games of every game at each table size it allows
//! (default options), by a policy that mixes the `easy` bot's move with a
//! random legal one, and checks one thing:
//! - random playouts end;
//! - every generated action applies (and `check` says so);
//! - a refused action leaves the state unchanged (and `check` refuses it);
//! - a seat's view is the same whatever the cards it cannot see (KB-21,
//!   JA-19, HC-1: `tablee_engine::Redeal`);
//! - the action notation reads what it writes, as JSON text and in a save;
//! - the same seed and actions give the same game;
//! - a save resumes the same game.
//!
//! The games' own property tests (`crates/engine/tests/*_properties.rs`)
//! check what only their rules say (cards and money conserved, melds
//! valid); this net checks what every game owes the shell.

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Redeal, Seat, Seed};

use crate::app::config::TableConfig;
use crate::app::game::GameDef;
use crate::app::save;
use crate::app::session::Session;
use crate::games::{with_game, GameId, Registered};

/// No game of the registry lasts this long (J'achète's longest seen: a few
/// thousand decisions); a game still running is a game that never ends.
const MAX_STEPS: usize = 50_000;

/// The table sizes game `G` allows with its default options.
fn table_sizes<G: GameDef>() -> Vec<usize> {
    (G::MIN_PLAYERS..=G::MAX_PLAYERS).filter(|&p| G::allows(G::Options::default(), p)).collect()
}

/// Game `i` of a test: its table size and its deal.
fn deal<G: GameDef>(i: u64) -> (usize, Seed, G::State) {
    let sizes = table_sizes::<G>();
    let players = sizes[i as usize % sizes.len()];
    let seed = Seed::from_number(i.wrapping_mul(7_919) + 1);
    let state = G::new_state(players, G::Options::default(), seed).unwrap_or_else(|e| panic!("{}: {players} players: {e}", G::CODE));
    (players, seed, state)
}

/// The playouts' policy: half the time the `easy` bot's move (so that
/// J'achète's rounds, which random play may never end, are played by someone
/// who tries), else any generated action.
fn pick<G: GameDef>(state: &G::State, legal: &[G::Action], rng: &mut Rng) -> G::Action {
    let seat = state.to_act().expect("a seat to act");
    if rng.below(2) == 0 {
        G::decide(Level::Easy, &state.view(seat), legal, rng.next_u64())
    } else {
        legal[rng.index(legal.len())].clone()
    }
}

/// Plays game `G`'s game `i` to its end, calling `at` at each decision
/// (the state, its generated actions) and then `after` with the end; returns
/// the actions played.
fn play<G: GameDef>(i: u64, mut at: impl FnMut(&G::State, &[G::Action], &mut Rng)) -> (usize, Seed, Vec<G::Action>, G::State) {
    let (players, seed, mut state) = deal::<G>(i);
    let mut rng = Rng::new(i ^ 0x5AFE);
    let mut legal = Vec::new();
    let mut played = Vec::new();
    while !state.is_over() {
        assert!(played.len() < MAX_STEPS, "{} game {i} ({players} players, seed {seed}) did not end in {MAX_STEPS} decisions", G::CODE);
        state.actions(&mut legal);
        assert!(!legal.is_empty(), "{} game {i}: a seat to act and nothing to do", G::CODE);
        at(&state, &legal, &mut rng);
        let action = pick::<G>(&state, &legal, &mut rng);
        state.apply(&action).unwrap_or_else(|e| panic!("{} game {i}: the policy's {action:?} refused: {e}", G::CODE));
        played.push(action);
    }
    (players, seed, played, state)
}

fn debug(state: &impl std::fmt::Debug) -> String {
    format!("{state:?}")
}

/// A seat's view as the bot protocol and the friends' host send it.
fn view_text<G: GameDef>(state: &G::State, seat: Seat) -> String {
    G::view_to_json(&state.view(seat)).text()
}

/// Runs `check::<G>` on every game of the registry.
macro_rules! every_game {
    ($check:ident) => {
        for id in GameId::ALL {
            with_game!(id, G => $check::<G>())
        }
    };
}

fn playouts_end<G: GameDef>() {
    let mut decisions = 0;
    for i in 0..300 {
        let (_, _, played, end) = play::<G>(i, |_, _, _| {});
        let outcome = end.outcome().unwrap_or_else(|| panic!("{} game {i}: over without an outcome", G::CODE));
        assert_eq!(outcome.scores.len(), end.players(), "{} game {i}", G::CODE);
        assert!(!outcome.winners.is_empty() && outcome.winners.iter().all(|&w| w < end.players()), "{} game {i}: {outcome:?}", G::CODE);
        let mut legal = Vec::new();
        end.actions(&mut legal);
        assert!(legal.is_empty(), "{} game {i}: actions after the end", G::CODE);
        decisions += played.len();
    }
    // Two decisions a game at the least (High card's smallest table).
    assert!(decisions >= 600, "{}: the games are too short ({decisions} decisions)", G::CODE);
}

#[test]
fn every_games_seeded_playouts_end_with_an_outcome() {
    every_game!(playouts_end);
}

fn legal_actions_apply<G: GameDef>() {
    let mut tried = 0;
    for i in 0..40 {
        play::<G>(i, |state, legal, _| {
            for action in legal {
                state.check(action).unwrap_or_else(|e| panic!("{} game {i}: generated {action:?} fails its check: {e}", G::CODE));
                state.clone().apply(action).unwrap_or_else(|e| panic!("{} game {i}: generated {action:?} refused: {e}", G::CODE));
                tried += 1;
            }
        });
    }
    assert!(tried > 100, "{}: {tried} actions tried", G::CODE);
}

#[test]
fn every_games_generated_actions_all_apply() {
    every_game!(legal_actions_apply);
}

/// Tries `candidate` on `state`: refused, the state is untouched and `check`
/// refuses it too; applied, it was generated (when the generator lists every
/// legal action). True when refused.
fn try_refused<G: GameDef>(state: &G::State, legal: &[G::Action], candidate: &G::Action, i: u64) -> bool {
    let before = debug(state);
    let mut copy = state.clone();
    match copy.apply(candidate) {
        Err(error) => {
            assert_eq!(debug(&copy), before, "{} game {i}: the refused {candidate:?} ({error}) changed the state", G::CODE);
            assert!(state.check(candidate).is_err(), "{} game {i}: {candidate:?} refused but its check passes", G::CODE);
            assert!(!legal.contains(candidate), "{} game {i}: generated {candidate:?} refused: {error}", G::CODE);
            true
        }
        Ok(()) => {
            let exhaustive = <G::State as Game>::ACTIONS_EXHAUSTIVE;
            assert!(!exhaustive || legal.contains(candidate), "{} game {i}: {candidate:?} applied but was not generated", G::CODE);
            false
        }
    }
}

fn refusals_change_nothing<G: GameDef>() {
    let mut refused = 0;
    for i in 0..40 {
        // The actions of the game's earlier decisions: most are illegal now.
        let mut seen: Vec<G::Action> = Vec::new();
        let (_, _, _, end) = play::<G>(i, |state, legal, rng| {
            for _ in 0..3 {
                if seen.is_empty() {
                    break;
                }
                let candidate = seen[rng.index(seen.len())].clone();
                refused += usize::from(try_refused::<G>(state, legal, &candidate, i));
            }
            for action in legal.iter().take(8) {
                if !seen.contains(action) {
                    seen.push(action.clone());
                }
            }
        });
        // Once over, nothing applies.
        for candidate in seen.iter().take(20) {
            assert!(try_refused::<G>(&end, &[], candidate, i), "{} game {i}: {candidate:?} applied after the end", G::CODE);
            refused += 1;
        }
    }
    // At least the ends' (High card's two actions are legal until its end).
    assert!(refused >= 40, "{}: {refused} refusals", G::CODE);
}

#[test]
fn every_games_refused_actions_leave_the_state_unchanged() {
    every_game!(refusals_change_nothing);
}

fn views_hide_the_hidden<G: GameDef>()
where
    G::State: Redeal,
{
    let (mut views, mut different) = (0, 0);
    for i in 0..40 {
        play::<G>(i, |state, _, rng| {
            if rng.below(3) != 0 {
                return;
            }
            for seat in 0..state.players() {
                let text = view_text::<G>(state, seat);
                for _ in 0..2 {
                    let world = state.redeal_hidden(seat, rng);
                    assert_eq!(view_text::<G>(&world, seat), text, "{} game {i}: seat {seat}'s view depends on cards it cannot see", G::CODE);
                    views += 1;
                    different += usize::from(debug(&world) != debug(state));
                }
            }
        });
    }
    // The check can fail: most redealt worlds are other games than the true one.
    assert!(views > 200 && different * 2 > views, "{}: {views} views, {different} from another deal", G::CODE);
}

/// KB-21, JA-19, HC-1: a seat's view is the same in every world that
/// differs only in what it cannot see (the other hands, the stock).
#[test]
fn kb21_ja19_every_games_view_is_the_same_whatever_the_hidden_cards() {
    every_game!(views_hide_the_hidden);
}

fn notation_round_trips<G: Registered>() {
    let mut actions = 0;
    for i in 0..40 {
        play::<G>(i, |state, legal, _| {
            let seat = state.to_act().expect("a seat to act");
            for action in legal {
                let text = G::action_to_json(action).text();
                let json = Json::parse(&text).unwrap_or_else(|e| panic!("{}: {text} does not parse: {e:?}", G::CODE));
                assert_eq!(G::action_from_json(&json).as_ref(), Ok(action), "{} game {i}: {text}", G::CODE);
                assert_eq!(G::action_to_json(action).text(), text, "{}: one text per action", G::CODE);
                let saved = save::action_to_json::<G>(seat, action);
                assert_eq!(save::action_from_json::<G>(&saved), Some((seat, action.clone())), "{} game {i}: {}", G::CODE, saved.text());
                actions += 1;
            }
        });
    }
    assert!(actions > 100, "{}: {actions} actions", G::CODE);
}

#[test]
fn every_games_action_notation_reads_what_it_writes() {
    every_game!(notation_round_trips);
}

fn same_seed_same_game<G: GameDef>() {
    let mut first_deals = std::collections::HashSet::new();
    for i in 0..30 {
        let (players, seed, played, end) = play::<G>(i, |_, _, _| {});
        let mut again = G::new_state(players, G::Options::default(), seed).expect("it dealt once");
        first_deals.insert(debug(&again));
        for action in &played {
            again.apply(action).unwrap_or_else(|e| panic!("{} game {i}: the replay refused {action:?}: {e}", G::CODE));
        }
        assert_eq!(debug(&again), debug(&end), "{} game {i}: the same seed and actions gave another game", G::CODE);
        for seat in 0..players {
            assert_eq!(view_text::<G>(&again, seat), view_text::<G>(&end, seat), "{} game {i}", G::CODE);
        }
    }
    // ...and the seed matters: other seeds deal other games.
    assert!(first_deals.len() > 20, "{}: {} different deals of 30 seeds", G::CODE, first_deals.len());
}

#[test]
fn every_games_same_seed_and_actions_give_the_same_game() {
    every_game!(same_seed_same_game);
}

fn saves_round_trip<G: Registered>() {
    for i in 0..20 {
        let (players, seed, played, _) = play::<G>(i, |_, _, _| {});
        // Mid-way and at the end.
        for cut in [played.len() / 2, played.len()] {
            let mut config = TableConfig::<G>::new(seed, players);
            config.options = G::Options::default();
            let mut session = Session::new(config).expect("it dealt once");
            for action in &played[..cut] {
                let seat = session.state().to_act().expect("a seat to act");
                session.apply_recorded(seat, action).expect("the game replays");
            }
            let text = save::to_json(&session);
            let back = save::from_json(&text).unwrap_or_else(|e| panic!("{} game {i}: the save does not read: {e:?}\n{text}", G::CODE));
            let back = back.get::<G>().unwrap_or_else(|| panic!("{} game {i}: the save read as another game", G::CODE));
            assert_eq!(debug(back.state()), debug(session.state()), "{} game {i}, move {cut}", G::CODE);
            assert_eq!(back.actions(), session.actions(), "{} game {i}", G::CODE);
            assert_eq!(back.config(), session.config(), "{} game {i}", G::CODE);
            assert_eq!(save::to_json(back), text, "{} game {i}: the save written again differs", G::CODE);
        }
    }
}

#[test]
fn every_games_save_resumes_the_same_game() {
    every_game!(saves_round_trip);
}

fn views_read_back<G: GameDef>() {
    let mut views = 0;
    for i in 0..120 {
        let (_, _, _, end) = play::<G>(i, |state, _, rng| {
            if rng.below(2) != 0 {
                return;
            }
            for seat in 0..state.players() {
                let view = state.view(seat);
                let json = G::view_to_json(&view);
                let back = G::view_from_json(&json, G::Options::default())
                    .unwrap_or_else(|e| panic!("{} game {i}: seat {seat}'s view does not read back: {e}\n{json}", G::CODE));
                // Every field is in the JSON (a game's own test compares the
                // views themselves: J'achète's hand comes back sorted), and
                // the text is what a friend's check hashes.
                assert_eq!(G::view_to_json(&back).text(), json.text(), "{} game {i}: seat {seat}'s view read back differs", G::CODE);
                let again = Json::parse(&json.text()).expect("JSON");
                assert!(G::view_from_json(&again, G::Options::default()).is_ok_and(|v| v == back), "{} game {i}: the text reads back", G::CODE);
                views += 1;
            }
        });
        let view = end.view(0);
        let json = G::view_to_json(&view);
        assert!(G::view_from_json(&json, G::Options::default()).is_ok_and(|back| G::view_to_json(&back) == json), "{} game {i}: the end's view", G::CODE);
    }
    assert!(views > 500, "{}: {views} views", G::CODE);
}

/// Issue 55: a friend's device is sent its seat's view as the bot
/// protocol's JSON and draws its table from the view read back: every
/// seat's view at every other decision of many seeded games reads back the
/// same.
#[test]
fn every_games_views_read_back_from_their_json() {
    every_game!(views_read_back);
}

fn bad_views_are_refused<G: GameDef>() {
    let (_, _, state) = deal::<G>(3);
    let json = G::view_to_json(&state.view(0));
    let Json::Obj(fields) = &json else { panic!("{}: a view is an object", G::CODE) };
    let mut refused = 0;
    let mut rng = Rng::new(55);
    for k in 0..fields.len() {
        // A key missing, or its value replaced by something else.
        let mut cut = fields.clone();
        let (key, _) = cut.remove(k);
        let optional = key == "drawn" || key == "contract"; // derived: the round's
        assert!(optional || G::view_from_json(&Json::Obj(cut), G::Options::default()).is_err(), "{}: a view without {key} read", G::CODE);
        for junk in [Json::Null, Json::int(-1), Json::int(99), Json::str("?"), Json::Arr(vec![Json::int(1_000_000)]), Json::obj([("x", Json::Null)])] {
            let mut bad = fields.clone();
            bad[k].1 = junk;
            refused += usize::from(G::view_from_json(&Json::Obj(bad), G::Options::default()).is_err());
        }
    }
    // Random texts: never a panic.
    for _ in 0..2_000 {
        let mut text = json.text().into_bytes();
        let at = rng.index(text.len());
        text[at] = b"0123456789[]{},:\"nul-"[rng.index(21)];
        if let Ok(value) = Json::parse(&String::from_utf8_lossy(&text)) {
            let _ = G::view_from_json(&value, G::Options::default());
        }
    }
    assert!(refused > fields.len(), "{}: {refused} refusals", G::CODE);
}

#[test]
fn every_games_bad_views_are_refused_not_panicked() {
    every_game!(bad_views_are_refused);
}
