//! High card's puzzles (the tests' third game, behind `test-game`): one
//! kind, keep or swap ([`KEEP`], HC-2), in win chance
//! ([`Unit::WIN_CHANCE`], every game's). The same file, replay and checks as every game's
//! ([`crate::format`], [`crate::replay`]), with
//!
//! - [`PuzzleRules`] for [`HcState`]: a game dealt from its seed, and a
//!   position written as a scenario file (`tests/scenarios/highcard/`'s
//!   keys): the hands and the stock as dealt, and the actions;
//! - its analysis ([`analyse`]): from the deciding seat's view only, on
//!   worlds it cannot tell apart ([`world`]: the cards it does not hold
//!   dealt anew, HC-1), both moves played on the same world and the game
//!   played out by `normal` for everyone after (common random numbers);
//! - its miner ([`Config`], the shared [`crate::miner`] loop): seeded games
//!   of 2 to 4 players between High card's levels, every decision asked,
//!   kept when the better move wins at least [`WIN_MARGIN`] points of win
//!   chance more, with 95% intervals apart.
//!
//! Its puzzles are a test fixture (`puzzles.json` beside this file, what
//! [`mine`] writes with [`Config::fixture`]): High card never ships.

use std::collections::{BTreeMap, HashMap};

use tablee_bots::arena::decision_seed;
use tablee_bots::highcard::{self as bots, LEVELS};
use tablee_bots::Level;
use tablee_engine::highcard::{notation, HcAction, HcState, HcView};
use tablee_engine::json::Json;
use tablee_engine::rng::{derive_seed, Rng};
use tablee_engine::{Game, Seat, Seed};

use crate::estimate::{on_threads, Estimate};
use crate::format::{stored, stored_ci, Candidate, Kind, Puzzle, PuzzleFile, Unit, Vocabulary};
use crate::judge::judge;
use crate::miner::{self, Found, Miner, Tally};
use crate::replay::{Position, PuzzleRules};

/// Its one kind of puzzle: keep the card or swap it (HC-2).
pub const KEEP: Kind = Kind::new("keep");

/// What its files may name: its kind, in win chance.
pub const VOCABULARY: Vocabulary = Vocabulary { kinds: &[KEEP], units: &[Unit::WIN_CHANCE] };

/// A clear best wins this many more points of win chance (percent).
pub const WIN_MARGIN: f64 = 10.0;

impl PuzzleRules for HcState {
    /// HC-1 (High card has no options: `{}`).
    fn start(players: usize, options: &Json, seed: Seed) -> Result<HcState, String> {
        no_options(options)?;
        HcState::new_game(players, seed)
    }

    fn read_action(json: &Json) -> Result<HcAction, String> {
        notation::action_from_json(json).map_err(|e| e.to_string())
    }

    fn write_action(action: &HcAction) -> Json {
        notation::action_to_json(action)
    }

    /// The deal as dealt (each seat's card, the stock top card first) and the actions.
    fn scenario(players: usize, options: &Json, seed: Seed, actions: &[Json]) -> Result<Json, String> {
        let dealt = Self::start(players, options, seed)?;
        let cards = |cards: &[u8]| Json::Arr(cards.iter().map(|&c| u32::from(c).into()).collect());
        Ok(Json::obj([
            ("game", "highcard".into()),
            ("players", players.into()),
            ("hands", Json::Arr(dealt.hands().iter().map(|&c| cards(&[c])).collect())),
            ("stock", cards(dealt.stock())),
            ("actions", Json::Arr(actions.to_vec())),
        ]))
    }

    fn agrees_with_scenario_state(&self, state: &Json) -> Result<(), String> {
        let same = |key: &str, expected: Json| match state.get(key) {
            Some(found) if *found == expected => Ok(()),
            found => Err(format!("{key}: the scenario says {}, the replay {expected}", found.map_or("nothing".into(), Json::text))),
        };
        same("phase", if self.to_act().is_some() { "choosing" } else { "over" }.into())?;
        same("to_act", self.to_act().into())?;
        same("stock", self.stock_len().into())?;
        let players = (0..self.players())
            .map(|s| {
                let chose = self.chosen().get(s).and_then(|a| notation::action_to_json(a).get("act").cloned()).unwrap_or(Json::Null);
                Json::obj([("card", u32::from(self.hands()[s]).into()), ("chose", chose)])
            })
            .collect();
        same("players", Json::Arr(players))
    }
}

fn no_options(options: &Json) -> Result<(), String> {
    match options {
        Json::Obj(fields) if fields.is_empty() => Ok(()),
        other => Err(format!("High card has no options, not {other}")),
    }
}

// ----- the analysis --------------------------------------------------------------------

/// A world `view`'s seat cannot tell from the one it is in (HC-1): its own
/// card where it is, every other card dealt anew, each earlier seat that
/// swapped having given up a card and taken the stock's top one (HC-2).
pub fn world(view: &HcView, rng: &mut Rng) -> Result<HcState, String> {
    let mut pool: Vec<u8> = (1..=9).filter(|&c| c != view.card).collect();
    rng.shuffle(&mut pool);
    let mut cards = pool.into_iter();
    let hands: Vec<Vec<u8>> = (0..view.players).map(|s| vec![if s == view.seat { view.card } else { cards.next().unwrap_or(0) }]).collect();
    let stock: Vec<u8> = cards.collect();
    let mut state = HcState::from_position(view.players, &hands, &stock)?;
    for action in &view.chosen {
        state.apply(action).map_err(|e| e.to_string())?;
    }
    match state.view(view.seat) == *view {
        true => Ok(state),
        false => Err(format!("no world gives seat {} this view: {view:?}", view.seat)),
    }
}

/// The seat's share of the win in percent (HC-3: 100, shared by a tie).
fn win(state: &HcState, seat: Seat) -> f64 {
    state.outcome().filter(|o| o.winners.contains(&seat)).map_or(0.0, |o| 100.0 / o.winners.len() as f64)
}

/// Each candidate's win chance on worlds `from..to` (`values[c][w]`), the
/// rest of the game played by `normal`: world `w` drawn from its own seed,
/// so a longer analysis extends a shorter one.
pub fn analyse(view: &HcView, candidates: &[HcAction], seed: u64, from: u32, to: u32, jobs: usize) -> Result<Vec<Vec<f64>>, String> {
    let worlds = on_threads(from, to, jobs, |w| -> Result<Vec<f64>, String> {
        let world = world(view, &mut Rng::new(derive_seed(seed, &format!("world-{w}"))))?;
        candidates
            .iter()
            .map(|action| {
                let mut state = world.clone();
                state.apply(action).map_err(|e| e.to_string())?;
                let mut legal = Vec::new();
                while let Some(seat) = state.to_act() {
                    state.actions(&mut legal);
                    let next = bots::decide(Level::Normal, &state.view(seat), &legal, 0);
                    state.apply(&next).map_err(|e| e.to_string())?;
                }
                Ok(win(&state, view.seat))
            })
            .collect()
    });
    let mut values = vec![Vec::new(); candidates.len()];
    for world in worlds {
        for (c, value) in world?.into_iter().enumerate() {
            values[c].push(value);
        }
    }
    Ok(values)
}

/// The analysis seed of the decision at move `at` of the game dealt from `seed`.
pub fn analysis_seed(seed: Seed, seat: Seat, at: usize) -> u64 {
    derive_seed(seed.stream("puzzles/highcard"), &format!("seat-{seat}-move-{at}"))
}

/// The line a puzzle explains its answer with, in English and French: the
/// card kept against a new one, each one's win chance (`values`: the
/// answer's, then the other's, in percent).
pub fn why(view: &HcView, answer: HcAction, values: (f64, f64)) -> (String, String) {
    let (card, others) = (view.card, view.players - 1);
    let (keep, swap) = match answer {
        HcAction::Keep => values,
        HcAction::Swap => (values.1, values.0),
    };
    let (keep, swap) = (keep.round() as i32, swap.round() as i32);
    let (s_en, s_fr) = if others > 1 { ("s", "s") } else { ("", "") };
    match answer {
        HcAction::Keep => (
            format!("Keep: your {card} wins {keep}% of the time against {others} other card{s_en}, a new card only {swap}%."),
            format!("Gardez : votre {card} gagne {keep}\u{a0}% des fois contre {others} autre{s_fr} carte{s_fr}, une nouvelle carte seulement {swap}\u{a0}%."),
        ),
        HcAction::Swap => {
            let (en, fr) = match keep {
                0 => ("never wins".to_string(), "ne gagne jamais".to_string()),
                _ => (format!("wins only {keep}% of the time"), format!("ne gagne que {keep}\u{a0}% des fois")),
            };
            (
                format!("Swap: your {card} {en} against {others} other card{s_en}, a new card {swap}%."),
                format!("Échangez : votre {card} {fr} contre {others} autre{s_fr} carte{s_fr}, une nouvelle carte {swap}\u{a0}%."),
            )
        }
    }
}

/// Whether a puzzle's answer still stands in a fresh analysis of `worlds`
/// worlds (a seed no mining used): ahead of the other move by a paired
/// mean above zero.
pub fn reanalyse(position: &Position<HcState>, puzzle: &Puzzle, worlds: u32, jobs: usize, fresh: u64) -> bool {
    let view = position.state.view(position.seat);
    let seed = derive_seed(fresh, &format!("reanalysis-{}-{}", puzzle.id, puzzle.at));
    let Ok(values) = analyse(&view, &position.candidates, seed, 0, worlds, jobs) else { return false };
    puzzle.answers.iter().all(|&a| (0..values.len()).filter(|c| !puzzle.answers.contains(c)).all(|c| Estimate::paired(&values[a], &values[c]).mean > 0.0))
}

/// `tablee puzzles --explain`: every puzzle's `why` written again from its
/// position and stored values; how many puzzles say keep, how many swap.
pub fn rewrite(file: &mut PuzzleFile) -> Result<BTreeMap<String, usize>, (u32, String)> {
    let mut tally = BTreeMap::new();
    for i in 0..file.puzzles.len() {
        let p = &file.puzzles[i];
        let position = crate::replay::replay::<HcState>(file, p).map_err(|e| (p.id, e.to_string()))?;
        let (Some(&a), Some(next)) = (p.answers.first(), (0..p.candidates.len()).find(|c| !p.answers.contains(c))) else {
            return Err((p.id, "no answer and other move to compare".into()));
        };
        let answer = position.candidates[a];
        let (why_en, why_fr) = why(&position.state.view(p.seat), answer, (p.candidates[a].value, p.candidates[next].value));
        *tally.entry(notation::action_to_json(&answer).get("act").and_then(Json::as_str).unwrap_or("?").to_string()).or_insert(0) += 1;
        let p = &mut file.puzzles[i];
        (p.why_en, p.why_fr) = (why_en, why_fr);
    }
    Ok(tally)
}

// ----- mining --------------------------------------------------------------------------

/// How to mine (`tablee puzzles --game highcard` would take the same).
#[derive(Clone, Debug)]
pub struct Config {
    pub count: usize,
    pub seed: u64,
    /// Worlds of the analysis.
    pub worlds: u32,
    pub jobs: usize,
    /// Games to play at most (0: until `count` puzzles are found).
    pub max_games: usize,
}

impl Config {
    /// The run that writes the test fixture (`puzzles.json`).
    pub fn fixture() -> Config {
        Config { count: 5, seed: 54, worlds: 400, jobs: 1, max_games: 0 }
    }
}

/// Mines `config.count` puzzles ([`crate::miner::mine_onto`] from an empty file).
pub fn mine(config: &Config) -> (PuzzleFile, Tally) {
    let empty = PuzzleFile { game: <Config as Miner>::GAME.into(), games: Vec::new(), puzzles: Vec::new() };
    miner::mine_onto(config, empty, |_, _, _, _| {})
}

/// High card's part of the miner's loop: 2 to 4 players (the loop's 5 and
/// 6 deal no game, HC-1), seats drawn from its levels, one puzzle a game.
impl Miner for Config {
    type Game = HcState;
    type Seat = Level;
    type Memo = ();
    const GAME: &'static str = "highcard";
    const PER_GAME: usize = 1;
    const FEWEST_PLAYERS: usize = 2;
    const SEATS: &'static [Level] = &LEVELS;
    const SEAT_STREAM: &'static str = "highcard-puzzle-seats";

    fn run(&self) -> (usize, u64, usize) {
        (self.count, self.seed, self.max_games)
    }
    fn seat_name(seat: Level) -> String {
        seat.name().to_string()
    }
    fn options() -> Json {
        Json::Obj(Vec::new())
    }
    fn start(players: usize, seed: Seed) -> Option<HcState> {
        HcState::new_game(players, seed).ok()
    }
    fn decide(seat: Level, view: &HcView, legal: &[HcAction], seed: u64) -> HcAction {
        bots::decide(seat, view, legal, seed)
    }
    fn round(_state: &HcState) -> Option<u8> {
        None
    }
    /// One decision a game is asked: a seat's drawn from the game's seed,
    /// so that a puzzle may come after other seats' choices (HC-2).
    fn askable(&self, _: &mut (), state: &HcState, _: &HcView, _: &[HcAction], seed: Seed, at: usize, _: &[Found], _: &HashMap<&'static str, usize>) -> bool {
        at as u64 == derive_seed(seed.stream("puzzles/highcard-ask"), "seat") % state.players() as u64
    }
    fn ask(&self, seed: Seed, at: usize, view: &HcView, legal: &[HcAction], kinds: &mut HashMap<&'static str, usize>, tally: &mut Tally) -> Option<Puzzle> {
        tally.screened += 1;
        tally.deep += 1;
        let values = analyse(view, legal, analysis_seed(seed, view.seat, at), 0, self.worlds, self.jobs).ok()?;
        let v = judge(&values, Unit::WIN_CHANCE, WIN_MARGIN, true)?;
        let level_seed = decision_seed(seed, view.seat, at);
        let found_by: Vec<String> = LEVELS
            .iter()
            .filter(|&&level| v.answers.iter().any(|&a| legal[a] == bots::decide(level, view, legal, level_seed)))
            .map(|l| l.name().to_string())
            .collect();
        // 1: `normal` finds it; 3: no level but by chance.
        let difficulty = if found_by.iter().any(|l| l == "normal") { 1 } else { 3 };
        *kinds.entry(KEEP.code()).or_insert(0) += 1;
        let candidates: Vec<Candidate> = v
            .order
            .iter()
            .map(|&c| Candidate { action: notation::action_to_json(&legal[c]), value: stored(v.estimates[c].mean), ci: stored_ci(v.estimates[c].ci).abs() })
            .collect();
        let (best, next) = (v.order[0], v.next);
        // Worded from the values as stored, as `rewrite` words them again.
        let (why_en, why_fr) = why(view, legal[best], (stored(v.estimates[best].mean), stored(v.estimates[next].mean)));
        Some(Puzzle {
            id: 0,
            game: 0,
            at,
            seat: view.seat,
            kind: KEEP,
            difficulty,
            found_by,
            unit: Unit::WIN_CHANCE,
            answers: (0..v.answers.len()).collect(),
            candidates,
            compared: Some(legal.len()),
            why_en,
            why_fr,
        })
    }
}

#[cfg(test)]
mod tests;
