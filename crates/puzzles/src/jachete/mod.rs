//! J'achète's puzzles (issue 32): the same file, replay and checks as
//! Katzenjammer's ([`crate::format`], [`crate::replay`]), with
//!
//! - [`PuzzleRules`] for [`JaGame`]: a seeded seven-round game replayed from
//!   its seed, and a position written as a **one-round** scenario file
//!   (`shared/spec/scenarios.md`, its keys unchanged): the round's deal as
//!   dealt, the purses, pots and totals when it began, and its actions;
//! - mining ([`mine`]): seeded games of 4 to 8 players between levels and
//!   the research styles, each decision worth asking analysed from the
//!   deciding seat's view only by the hint's paired rollouts
//!   ([`tablee_bots::jachete::hint_rollouts`]) on many more worlds, every
//!   world with its own seed; kept when the best move saves at least
//!   [`POINTS_MARGIN`] points in the round with 95% intervals apart, and
//!   `normal` plays something else.
//!
//! A scenario has no seed: when the stock runs out it is rebuilt oldest card
//! on top, where a seeded game shuffles (JA-16). A position after the stock
//! ran out in its round is therefore never a puzzle (the miner skips it and
//! [`PuzzleRules::scenario`] refuses it).
//!
//! Its explanations are [`explain`]; its kinds and unit, [`VOCABULARY`] (`kinds.rs`).

pub mod explain;
mod kinds;

use std::collections::HashMap;
use std::time::Instant;

use tablee_bots::arena::decision_seed;
use tablee_bots::jachete::{self as bots, heuristic_candidates, hint_rollouts};
use tablee_bots::jachete::styles::{self, Style};
use tablee_bots::Level;
use tablee_engine::jachete::{notation, Card, JaAction, JaGame, JaOptions, JaPhase, JaRound, JaView, TableMeld, SMALL_POT_STAKE, START_MONEY};
use tablee_engine::json::Json;
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::jachete::scenario::options_to_json;
use tablee_engine::{Game, Seat, Seed};

use crate::estimate::Estimate;
use crate::format::{stored, stored_ci, Candidate, Kind, Puzzle, PuzzleFile};
use crate::miner::{self, Found, Miner};
use crate::judge::{judge, Verdict, FINDERS};
use crate::replay::{Position, PuzzleRules};

pub use kinds::{BUY, DISCARD, LAY, OPEN, POINTS, POINTS_TIE, SWAP, VOCABULARY};

/// A clear best saves this many points in the round (a player feels it:
/// about a face card).
pub const POINTS_MARGIN: f64 = 8.0;
/// At most this many puzzles from one game, and from one of its rounds
/// (a game's actions are most of the file: many puzzles a game keep it small).
const PER_GAME: usize = 20;
const PER_ROUND: usize = 3;

/// The share of the file a kind may take (after the first few).
pub fn share(kind: Kind) -> f64 {
    match kind {
        BUY | DISCARD => 0.35,
        OPEN | LAY => 0.3,
        SWAP => 0.2,
        _ => 0.0,
    }
}

/// Who sits at a mined game: the levels a player meets and the research
/// styles (`crates/bots/src/jachete/styles.rs`), drawn per seat. `expert`
/// is left out of the seats (its search at every buy makes a game cost
/// minutes) but judged at every puzzle (`found_by`).
const SEATS: [&str; 7] = ["easy", "normal", "normal", "hard", "buyer", "miser", "opener"];

/// How hard to look.
#[derive(Clone, Debug)]
pub struct Config {
    pub count: usize,
    pub seed: u64,
    /// Worlds of the deep analysis (`expert` plays out 160, the hint 640).
    pub worlds: u32,
    /// Worlds of the screen and of the check before it.
    pub screen: u32,
    pub check: u32,
    /// At most this many candidates (`normal`'s move, then the heuristic's best).
    pub width: usize,
    pub jobs: usize,
    /// Games to play at most (0: until `count` puzzles are found).
    pub max_games: usize,
    /// Only decisions of this kind (`--kind`).
    pub kind: Option<Kind>,
    /// The share of the file buy puzzles may take (`--buy-share`; by
    /// default [`share`]'s): a file's own games offer many more buy windows
    /// than other decisions still unasked ([`extend`]).
    pub buy_share: f64,
}

impl Default for Config {
    fn default() -> Config {
        Config { count: 300, seed: 0, worlds: 1600, screen: 32, check: 320, width: 8, jobs: 1, max_games: 0, kind: None, buy_share: share(BUY) }
    }
}

// ----- replay and scenario ---------------------------------------------------------

/// Whether the stock ran out in the round so far (JA-16): it is empty, or
/// it was rebuilt — also inside one action, where no state shows it empty
/// (a buy's bonus card takes the last stock card and the next turn's draw
/// rebuilds it at once: a seed-3 run mined a puzzle after one, whose
/// scenario then differed). A scenario rebuilds it unshuffled, so no later
/// position of the round is asked.
fn stock_ran_out(state: &JaGame) -> bool {
    state.round().stock_len() == 0 || state.round().stock_rebuilt()
}

impl PuzzleRules for JaGame {
    fn start(players: usize, options: &Json, seed: Seed) -> Result<JaGame, String> {
        JaGame::new_game(players, ja_options(options)?, seed)
    }

    fn read_action(json: &Json) -> Result<JaAction, String> {
        notation::action_from_json(json).map_err(|e| e.to_string())
    }

    fn write_action(action: &JaAction) -> Json {
        notation::action_to_json(action)
    }

    /// The round the position is in, as a scenario: its deal, the purses,
    /// pots and totals it began with, and its actions so far.
    fn scenario(players: usize, options: &Json, seed: Seed, actions: &[Json]) -> Result<Json, String> {
        let opts = ja_options(options)?;
        let mut game = JaGame::new_game(players, opts, seed)?;
        let first = Purses {
            money: vec![START_MONEY - SMALL_POT_STAKE; players],
            pots: (SMALL_POT_STAKE * players as i32, 0),
            scores: vec![0; players],
        };
        let mut deal = RoundDeal::of(game.round(), first)?;
        let mut from = 0;
        let mut ran_out = false;
        for (i, json) in actions.iter().enumerate() {
            let action = notation::action_from_json(json).map_err(|e| format!("action {i}: {e}"))?;
            ran_out |= stock_ran_out(&game);
            let before = game.round().clone();
            game.apply(&action).map_err(|e| format!("action {i}: {e}"))?;
            if game.round().round() != before.round() {
                // A new round was dealt: the one that ended gives its purses.
                let mut ended = before;
                ended.apply(&action).map_err(|e| format!("action {i}: {e}"))?;
                let purses = Purses {
                    money: (0..players).map(|s| ended.money(s)).collect(),
                    pots: ended.pots(),
                    scores: (0..players).map(|s| ended.score(s)).collect(),
                };
                deal = RoundDeal::of(game.round(), purses)?;
                from = i + 1;
                ran_out = false;
            }
        }
        if ran_out || stock_ran_out(&game) {
            return Err("the stock ran out in this round before the position: a scenario rebuilds it unshuffled (JA-16)".into());
        }
        let cards = |cards: &[Card]| notation::cards_to_json(cards);
        Ok(Json::obj([
            ("game", "jachete".into()),
            ("players", players.into()),
            ("options", options_to_json(opts)),
            ("round", deal.round.into()),
            ("dealer", deal.dealer.into()),
            ("hands", Json::Arr(deal.hands.iter().map(|h| cards(h)).collect())),
            ("stock", cards(&deal.stock)),
            ("money", Json::Arr(deal.purses.money.iter().map(|&m| Json::from(m)).collect())),
            ("pots", Json::obj([("small", deal.purses.pots.0.into()), ("big", deal.purses.pots.1.into())])),
            ("scores", Json::Arr(deal.purses.scores.iter().map(|&m| Json::from(m)).collect())),
            ("actions", Json::Arr(actions[from..].to_vec())),
        ]))
    }

    fn agrees_with_scenario_state(&self, state: &Json) -> Result<(), String> {
        let expected = round_state(self.round());
        let Json::Obj(fields) = &expected else { return Err("no state".into()) };
        for (key, value) in fields {
            match state.get(key) {
                Some(found) if found == value => {}
                found => return Err(format!("{key}: the scenario says {}, the replay {value}", found.map_or("nothing".into(), Json::text))),
            }
        }
        Ok(())
    }
}

/// The scenario output's `"state"` of a round (shared/spec/scenarios.md), to
/// compare with what `tablee scenario` prints.
fn round_state(r: &JaRound) -> Json {
    let players = (0..r.players())
        .map(|s| {
            let mut hand = r.hand(s).to_vec();
            hand.sort();
            Json::obj([
                ("hand", notation::cards_to_json(&hand)),
                ("money", r.money(s).into()),
                ("score", r.score(s).into()),
                ("opened", r.opened(s).into()),
            ])
        })
        .collect();
    Json::obj([
        ("phase", r.phase().name().into()),
        ("to_act", r.to_act().into()),
        ("round", r.round().into()),
        ("dealer", r.dealer().into()),
        ("turn", r.turn().into()),
        ("stock", r.stock_len().into()),
        ("discard", notation::cards_to_json(r.discard())),
        ("buy_card", r.buy_card().map_or(Json::Null, |c| Json::Str(c.to_string()))),
        ("table", notation::table_to_json(r.table())),
        ("players", Json::Arr(players)),
        ("pots", Json::obj([("small", r.pots().0.into()), ("big", r.pots().1.into())])),
    ])
}

/// Purses, pots and totals when a round begins.
struct Purses {
    money: Vec<i32>,
    pots: (i32, i32),
    scores: Vec<i32>,
}

/// A round as dealt, read back from the round just started: the dealer
/// turned the top card (JA-7); if it was wild, the dealer bought it with a
/// bonus card (JA-10, both pushed last to his hand) and the next player
/// drew (JA-8, pushed last), so those cards go back on top of the stock.
struct RoundDeal {
    round: u8,
    dealer: Seat,
    hands: Vec<Vec<Card>>,
    stock: Vec<Card>,
    purses: Purses,
}

impl RoundDeal {
    fn of(r: &JaRound, purses: Purses) -> Result<RoundDeal, String> {
        let n = r.players();
        let first = r.first_card().ok_or("the round turned no card")?;
        let mut hands: Vec<Vec<Card>> = (0..n).map(|s| r.hand(s).to_vec()).collect();
        let mut stock = vec![first];
        if first.is_wild() {
            let dealer = r.dealer();
            let next = (dealer + 1) % n;
            let bonus = hands[dealer].pop().ok_or("the dealer holds no bonus card")?;
            hands[dealer].pop();
            let drawn = hands[next].pop().ok_or("the next player drew no card")?;
            stock.extend([bonus, drawn]);
        }
        stock.extend(r.stock_top_first());
        let dealt = r.contract().cards_dealt;
        if hands.iter().any(|h| h.len() != dealt) {
            return Err(format!("round {}: the hands read back are not {dealt} cards each", r.round()));
        }
        Ok(RoundDeal { round: r.round(), dealer: r.dealer(), hands, stock, purses })
    }
}

/// J'achète's options in the save codec: `{"three_players":false}`, `{}`.
fn ja_options(options: &Json) -> Result<JaOptions, String> {
    match options.get("three_players") {
        None => Ok(JaOptions::default()),
        Some(v) => v.as_bool().map(|three_players| JaOptions { three_players }).ok_or_else(|| format!("options.three_players is true or false, not {v}")),
    }
}

// ----- the analysis --------------------------------------------------------------------

/// Per-world values of the candidates (`values[c][w]`: minus the seat's
/// points when the round ends), worlds `from..to`, on `jobs` threads. World
/// `w` has its own seed, so the result does not depend on the threads, and
/// a longer analysis extends a shorter one.
pub fn analyse(view: &JaView, cands: &[JaAction], seed: u64, from: u32, to: u32, jobs: usize, values: &mut Vec<Vec<f64>>) {
    values.resize(cands.len(), Vec::new());
    let parts = crate::estimate::on_threads(from, to, jobs, |w| {
        let mut rng = Rng::new(derive_seed(seed, &format!("world-{w}")));
        hint_rollouts(view, cands.to_vec(), 1, &mut rng).rewards.pop()
    });
    for row in parts.into_iter().flatten() {
        for (c, v) in row.into_iter().enumerate() {
            values[c].push(v);
        }
    }
}

/// The seed of the analysis at move `at` of a game.
pub fn analysis_seed(seed: Seed, seat: Seat, at: usize) -> u64 {
    derive_seed(seed.stream("puzzles/jachete"), &format!("seat-{seat}-move-{at}"))
}

/// The worlds of the shipped file's deep analysis (the default
/// `--worlds`, 1,600, for every run: docs/puzzles.md): the budget of a move
/// analysed after the fact ([`evaluate`]).
pub const SHIPPED_WORLDS: u32 = 1600;

/// Moves at a puzzle's position analysed by the deep analysis that mined
/// it: its seed (the game's `seed`, the seat to move, the move number `at`),
/// worlds `0..worlds`, the hint's rollouts; each move's per-world values
/// (minus the seat's points when the round ends). Each move is played out
/// on a world with the world's own rollout randomness, whatever the others,
/// so a stored candidate gets its stored value back and a move the analysis
/// never compared (a table laid its own way) gets one on the same worlds
/// (issue 52). On this thread.
pub fn evaluate(view: &JaView, seed: Seed, at: usize, moves: &[JaAction], worlds: u32) -> Vec<Vec<f64>> {
    let mut values = Vec::new();
    analyse(view, moves, analysis_seed(seed, view.seat, at), 0, worlds, 1, &mut values);
    values
}

/// The candidates at a decision: `normal`'s move, then the heuristic's best.
pub fn candidates(view: &JaView, legal: &[JaAction], normal: &JaAction, width: usize) -> Vec<JaAction> {
    let mut out = vec![normal.clone()];
    for a in heuristic_candidates(view, legal, width) {
        if out.len() < width && !out.contains(&a) {
            out.push(a);
        }
    }
    out
}

/// Whether a play swaps a natural for a wild on the table (JA-13): a meld
/// that keeps its length with fewer wilds.
pub fn is_swap(table: &[TableMeld], action: &JaAction) -> bool {
    let JaAction::Play { table: proposal } = action else { return false };
    let wilds = |cards: &[Card]| cards.iter().filter(|c| c.is_wild()).count();
    table.iter().zip(proposal).any(|(old, new)| old.cards.len() == new.cards.len() && wilds(&new.cards) < wilds(&old.cards))
}

/// What a decision is about, from its candidates and the two moves compared.
pub fn kind_of(view: &JaView, cands: &[JaAction], answer: &JaAction, other: &JaAction) -> Kind {
    let play = |a: &JaAction| matches!(a, JaAction::Play { .. });
    if view.phase == JaPhase::BuyWindow {
        BUY
    } else if !view.opened[view.seat] && cands.iter().any(play) {
        OPEN
    } else if is_swap(&view.table, answer) || is_swap(&view.table, other) {
        SWAP
    } else if play(answer) || play(other) {
        LAY
    } else {
        DISCARD
    }
}

/// The kind a decision can give before it is analysed (for `--kind`).
fn offers(kind: Kind, view: &JaView, legal: &[JaAction]) -> bool {
    let play = |a: &JaAction| matches!(a, JaAction::Play { .. });
    match kind {
        BUY => view.phase == JaPhase::BuyWindow,
        OPEN => view.phase == JaPhase::Play && !view.opened[view.seat] && legal.iter().any(play),
        SWAP => legal.iter().any(|a| is_swap(&view.table, a)),
        LAY => view.phase == JaPhase::Play && view.opened[view.seat] && legal.iter().any(play),
        DISCARD => view.phase == JaPhase::Play,
        _ => false,
    }
}

/// A seat's decision: a level's (with the game's decision seed, as the
/// app replays it) or a research style's.
pub fn decide_seat(name: &str, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
    match Style::parse(name) {
        Some(style) => styles::decide(style, view, legal, seed),
        None => bots::decide(Level::parse(name).unwrap_or(Level::Normal), view, legal, seed),
    }
}

// ----- mining --------------------------------------------------------------------------

pub use crate::miner::Tally;

/// Mines `config.count` puzzles; `progress` hears after every game that
/// gave puzzles, with the file so far (a prefix of the whole run's).
pub fn mine(config: &Config, progress: impl FnMut(&Tally, &PuzzleFile, usize, f64)) -> (PuzzleFile, Tally) {
    let empty = PuzzleFile { game: <Config as Miner>::GAME.into(), games: Vec::new(), puzzles: Vec::new() };
    miner::mine_onto(config, empty, progress)
}

/// Mines `config.count` more puzzles in new games after those of `base`
/// (`--onto`, as for Katzenjammer): its games and puzzles stay as they are,
/// new ids continue from its last, the quotas count its puzzles. Another
/// `--seed` than the file's deals other games.
pub fn mine_onto(config: &Config, base: PuzzleFile, progress: impl FnMut(&Tally, &PuzzleFile, usize, f64)) -> Result<(PuzzleFile, Tally), String> {
    if base.game != <Config as Miner>::GAME {
        return Err(format!("a puzzle file of {}, not of J'achète", base.game));
    }
    Ok(miner::mine_onto(config, base, progress))
}

/// At most this many puzzles of one round of a game in [`extend`] (its
/// positions cost the file no actions: more of them, still spread out).
const EXTEND_PER_ROUND: usize = 6;
/// At most this many new puzzles from one game in one [`extend`] run:
/// spread over the file's games (their players, rounds and deals); run it
/// again for more.
const EXTEND_PER_GAME: usize = 1;

/// `--extend FILE`: `config.count` more puzzles from the file's own games,
/// at positions before each game's last puzzle — their actions are in the
/// file already, so such a puzzle costs only its own bytes. The file's
/// games and puzzles stay as they are (ids, positions, values: links keep
/// working); the new puzzles follow, ids continuing from its last, each
/// naming the game it is in. Games are taken in file order and each
/// position in turn, with the same analysis, margins and checks as
/// [`mine`]; every buy window is asked (while `buy` is under its quota);
/// a puzzle stays as many moves as players from the game's others, at most
/// [`EXTEND_PER_ROUND`] a round, and a run adds at most [`EXTEND_PER_GAME`]
/// to a game, looked for in one of the game's rounds first (in turn over the
/// games), then in the others; the quotas count the whole file.
/// `progress` hears after every puzzle found.
pub fn extend(
    config: &Config,
    base: PuzzleFile,
    mut progress: impl FnMut(&Tally, &PuzzleFile, usize, f64),
) -> Result<(PuzzleFile, Tally), String> {
    if base.game != "jachete" {
        return Err(format!("a puzzle file of {}, not of J'achète", base.game));
    }
    let started = Instant::now();
    let mut file = base;
    let target = file.puzzles.len() + config.count;
    let mut next_id = file.puzzles.iter().map(|p| p.id).max().unwrap_or(0) + 1;
    let mut kinds = miner::kinds_of(&file);
    let mut tally = Tally::default();
    let mut legal = Vec::new();
    for g in 0..file.games.len() {
        if file.puzzles.len() >= target || (config.max_games != 0 && g >= config.max_games) {
            break;
        }
        tally.games += 1;
        let game = file.games[g].clone();
        let players = game.seats.len();
        let fail = |at: usize, e: String| format!("game {g}, action {at}: {e}");
        let actions: Vec<JaAction> =
            game.actions.iter().enumerate().map(|(at, a)| JaGame::read_action(a).map_err(|e| fail(at, e))).collect::<Result<_, _>>()?;
        let start = JaGame::start(players, &game.options, game.seed).map_err(|e| fail(0, e))?;
        // The round of every position (a puzzle's round, for the cap).
        let mut rounds = vec![start.round().round()];
        let mut ahead = start.clone();
        for (at, a) in actions.iter().enumerate() {
            ahead.apply(a).map_err(|e| fail(at, e.to_string()))?;
            rounds.push(ahead.round().round());
        }
        // Game `g` is asked in one of its rounds first (the rounds its
        // actions reach, in turn over the games), then in the others: the
        // first buy windows of a game would otherwise all be round 1's.
        let last_round = rounds.last().copied().unwrap_or(1).max(1);
        let preferred = 1 + (g % usize::from(last_round)) as u8;
        let mut added = 0;
        for first_pass in [true, false] {
            let mut state = start.clone();
            // The stock ran out earlier in this round (no scenario reaches later positions).
            for (at, action) in actions.iter().enumerate() {
                let seat = state.to_act().ok_or_else(|| fail(at, "nobody is to move".into()))?;
                let round = state.round().round();
                state.actions(&mut legal);
                let view = state.view(seat);
                if first_pass {
                    tally.decisions += 1;
                }
                let ran_out = stock_ran_out(&state);
                let theirs = || file.puzzles.iter().filter(|p| p.game == g);
                let in_pass = (round == preferred) == first_pass;
                let apart = theirs().all(|p| p.at.abs_diff(at) >= players);
                let round_free = theirs().filter(|p| rounds[p.at] == round).count() < EXTEND_PER_ROUND;
                let asked = view.phase != JaPhase::BuyWindow || quota_left(config, BUY, &kinds);
                let offered = config.kind.is_none_or(|k| offers(k, &view, &legal));
                let wanted = added < EXTEND_PER_GAME && file.puzzles.len() < target;
                if in_pass && legal.len() >= 2 && apart && round_free && asked && offered && !ran_out && wanted {
                    if let Some(mut p) = ask(config, game.seed, at, &view, &legal, &mut kinds, &mut tally) {
                        p.game = g;
                        p.id = next_id;
                        next_id += 1;
                        added += 1;
                        tally.keep(p.kind, players, Some(round));
                        file.puzzles.push(p);
                        progress(&tally, &file, players, started.elapsed().as_secs_f64());
                    }
                }
                state.apply(action).map_err(|e| fail(at, e.to_string()))?;
            }
        }
    }
    Ok((file, tally))
}

/// Keeps each puzzle's answers and its `others` best other moves (at least
/// one: the move the answers are judged against, which `why` names);
/// `compared` still says how many moves the analysis compared.
pub fn keep_best(file: &mut PuzzleFile, others: usize) {
    for p in &mut file.puzzles {
        p.candidates.truncate(p.answers.len().saturating_add(others.max(1)));
    }
}

/// Whether a buy window is asked at all: one in `BUY_ASK_RATE`, chosen by
/// the game's seed (buy windows are most decisions, and give the most
/// puzzles: their quota fills first); every other decision is asked.
const BUY_ASK_RATE: u64 = 4;

/// J'achète's part of the miner's loop ([`crate::miner`]): 4 to 8 players
/// in turn, seats drawn from [`SEATS`], and the decisions asked (above).
impl Miner for Config {
    type Game = JaGame;
    type Seat = &'static str;
    /// The round in which the stock last ran out (no scenario reaches a
    /// later position of that round).
    type Memo = ();
    const GAME: &'static str = "jachete";
    const PER_GAME: usize = PER_GAME;
    const FEWEST_PLAYERS: usize = 4;
    const SEATS: &'static [&'static str] = &SEATS;
    const SEAT_STREAM: &'static str = "jachete-puzzle-seats";

    fn run(&self) -> (usize, u64, usize) {
        (self.count, self.seed, self.max_games)
    }
    fn seat_name(seat: &'static str) -> String {
        seat.to_string()
    }
    fn options() -> Json {
        options_to_json(JaOptions::default())
    }
    fn start(players: usize, seed: Seed) -> Option<JaGame> {
        JaGame::new_game(players, JaOptions::default(), seed).ok()
    }
    fn decide(seat: &'static str, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
        decide_seat(seat, view, legal, seed)
    }
    fn round(state: &JaGame) -> Option<u8> {
        Some(state.round().round())
    }
    fn askable(
        &self,
        _memo: &mut (),
        state: &JaGame,
        view: &JaView,
        legal: &[JaAction],
        seed: Seed,
        at: usize,
        found: &[Found],
        kinds: &HashMap<&'static str, usize>,
    ) -> bool {
        let round = state.round().round();
        let ran_out = stock_ran_out(state);
        let buy = view.phase == JaPhase::BuyWindow;
        let asked = !buy
            || (derive_seed(seed.stream("puzzles/jachete-ask"), &format!("{at}")).is_multiple_of(BUY_ASK_RATE)
                && quota_left(self, BUY, kinds));
        // Puzzles of one round stay apart (as many moves as players at least).
        let round_free = found.iter().filter(|f| f.round == Some(round)).count() < PER_ROUND
            && found.last().is_none_or(|f| at >= f.puzzle.at + state.players());
        let offered = self.kind.is_none_or(|k| offers(k, view, legal));
        asked && offered && round_free && !ran_out
    }
    fn ask(&self, seed: Seed, at: usize, view: &JaView, legal: &[JaAction], kinds: &mut HashMap<&'static str, usize>, tally: &mut Tally) -> Option<Puzzle> {
        ask(self, seed, at, view, legal, kinds, tally)
    }
}

/// Whether one more puzzle of `kind` keeps the set varied: no kind takes
/// more than its [`share`] (after the first few).
fn quota_left(config: &Config, kind: Kind, kinds: &HashMap<&'static str, usize>) -> bool {
    let total: usize = kinds.values().sum();
    let share = if kind == BUY { config.buy_share } else { share(kind) };
    (kinds.get(kind.code()).copied().unwrap_or(0) as f64) < share * total as f64 + 4.0
}

fn verdict(values: &[Vec<f64>], strict: bool, scale: f64) -> Option<Verdict> {
    judge(values, POINTS, POINTS_MARGIN * scale, strict)
}

/// The analysis of one decision, in three stages; a puzzle if it holds.
fn ask(
    config: &Config,
    seed: Seed,
    at: usize,
    view: &JaView,
    legal: &[JaAction],
    kinds: &mut HashMap<&'static str, usize>,
    tally: &mut Tally,
) -> Option<Puzzle> {
    let seat = view.seat;
    let level_seed = decision_seed(seed, seat, at);
    let normal = bots::decide(Level::Normal, view, legal, level_seed);
    let cands = candidates(view, legal, &normal, config.width);
    if cands.len() < 2 {
        return None;
    }
    let aseed = analysis_seed(seed, seat, at);
    tally.screened += 1;
    let mut values = Vec::new();
    analyse(view, &cands, aseed, 0, config.screen, config.jobs, &mut values);
    let n = 0; // normal's move is the first candidate
    let screen = verdict(&values, false, 0.6)?;
    if screen.answers.contains(&n) {
        return None;
    }
    let kind = kind_of(view, &cands, &cands[screen.answers[0]], &cands[screen.next]);
    if config.kind.is_some_and(|k| k != kind) || !quota_left(config, kind, kinds) {
        return None;
    }
    tally.checked += 1;
    analyse(view, &cands, aseed, config.screen, config.check, config.jobs, &mut values);
    let check = verdict(&values, false, 0.9)?;
    if check.answers.contains(&n) {
        return None;
    }
    tally.deep += 1;
    analyse(view, &cands, aseed, config.check, config.worlds, config.jobs, &mut values);
    let v = verdict(&values, true, 1.0)?;
    if v.answers.contains(&n) {
        return None;
    }
    let kind = kind_of(view, &cands, &cands[v.answers[0]], &cands[v.next]);
    if config.kind.is_some_and(|k| k != kind) {
        return None;
    }
    let found_by: Vec<String> = FINDERS
        .iter()
        .filter(|&&level| {
            let choice = if level == Level::Normal { normal.clone() } else { bots::decide(level, view, legal, level_seed) };
            v.answers.iter().any(|&a| cands[a] == choice)
        })
        .map(|l| l.name().to_string())
        .collect();
    let has = |name: &str| found_by.iter().any(|f| f == name);
    let difficulty = if has("hard") { 1 } else if has("expert") { 2 } else { 3 };
    *kinds.entry(kind.code()).or_insert(0) += 1;
    let candidates: Vec<Candidate> = v
        .order
        .iter()
        .map(|&c| Candidate { action: notation::action_to_json(&cands[c]), value: stored(v.estimates[c].mean), ci: stored_ci(v.estimates[c].ci) })
        .collect();
    let answers: Vec<usize> = (0..v.answers.len()).collect();
    let gain = candidates[0].value - candidates[answers.len()].value;
    let (why_en, why_fr) = why(view, kind, &cands[v.order[0]], &cands[v.next], gain);
    Some(Puzzle {
        id: 0,
        game: 0,
        at,
        seat,
        kind,
        difficulty,
        found_by,
        unit: POINTS,
        answers,
        candidates,
        compared: Some(cands.len()),
        why_en,
        why_fr,
    })
}

/// Whether a puzzle's answer still stands in a fresh analysis of `worlds`
/// worlds (a seed no mining used): the best answer is still ahead of every
/// other stored candidate, by a paired mean above zero.
pub fn reanalyse(position: &Position<JaGame>, puzzle: &Puzzle, worlds: u32, jobs: usize, fresh: u64) -> bool {
    let view = position.state.view(position.seat);
    let seed = derive_seed(fresh, &format!("reanalysis-{}-{}", puzzle.id, puzzle.at));
    let mut values = Vec::new();
    analyse(&view, &position.candidates, seed, 0, worlds, jobs, &mut values);
    let est: Vec<Estimate> = values.iter().map(|v| Estimate::of(v)).collect();
    let Some(a) = puzzle.answers.iter().copied().max_by(|&a, &b| est[a].mean.total_cmp(&est[b].mean)) else { return false };
    (0..values.len()).filter(|c| !puzzle.answers.contains(c)).all(|c| Estimate::paired(&values[a], &values[c]).mean > 0.0)
}

// ----- the explanation -------------------------------------------------------------

// A puzzle's `why`: [`explain`] (also `tablee puzzles --explain`).
pub use explain::{card_text, why};
