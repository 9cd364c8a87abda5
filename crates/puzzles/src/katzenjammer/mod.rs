//! Katzenjammer Blues' puzzles: its replay and scenario ([`PuzzleRules`],
//! here), its deep analysis ([`analysis`]), its mining ([`mine`]), its
//! explanations ([`explain`]) and the completion of its first files
//! ([`complete`]).

pub mod analysis;
pub mod complete;
pub mod explain;
pub mod mine;

use tablee_engine::json::Json;
use tablee_engine::katzenjammer::scenario::options_to_json;
use tablee_engine::katzenjammer::{notation, Action, Deal, KbState, Options};
use tablee_engine::Seed;

use crate::format::{Kind, Unit, Vocabulary};
use crate::replay::PuzzleRules;

// Its puzzles' kinds (issue 54: a game's own, stored by their codes).
pub const BID: Kind = Kind::new("bid");
pub const PASS: Kind = Kind::new("pass");
/// Foursomes to present (possibly none).
pub const PRESENT: Kind = Kind::new("present");
/// A presentation in which joker cats are the point.
pub const JOKER_CATS: Kind = Kind::new("jokers");

/// Expected mice for the seat at the end of the game: moves within 0.15 of
/// the best, and not separable from it, are answers too.
pub const MICE: Unit = Unit::new("mice", 0.15);

/// What its files may name: its kinds, in mice or else in win chance
/// (when mice do not tell the moves apart, [`mine`]).
pub const VOCABULARY: Vocabulary = Vocabulary { kinds: &[BID, PASS, PRESENT, JOKER_CATS], units: &[MICE, Unit::WIN_CHANCE] };

impl PuzzleRules for KbState {
    fn start(players: usize, options: &Json, seed: Seed) -> Result<KbState, String> {
        KbState::new_game(players, kb_options(options)?, seed).map_err(|e| e.to_string())
    }

    fn read_action(json: &Json) -> Result<Action, String> {
        notation::action_from_json(json).map_err(|e| e.to_string())
    }

    fn write_action(action: &Action) -> Json {
        notation::action_to_json(action)
    }

    fn scenario(players: usize, options: &Json, seed: Seed, actions: &[Json]) -> Result<Json, String> {
        let options = kb_options(options)?;
        let deal = Deal::new(players, seed).map_err(|e| e.to_string())?;
        let cards = |cards: &[tablee_engine::katzenjammer::Card]| Json::Arr(cards.iter().map(|c| c.symbol().into()).collect());
        Ok(Json::obj([
            ("game", "katzenjammer".into()),
            ("players", players.into()),
            ("options", options_to_json(options)),
            ("bandleader", deal.bandleader.into()),
            ("hands", Json::Arr(deal.hands.iter().map(|h| cards(h)).collect())),
            ("stock", cards(&deal.stock)),
            ("actions", Json::Arr(actions.to_vec())),
        ]))
    }

    fn agrees_with_scenario_state(&self, state: &Json) -> Result<(), String> {
        let same = |key: &str, expected: Json| match state.get(key) {
            Some(found) if *found == expected => Ok(()),
            found => Err(format!("{key}: the scenario says {}, the replay {expected}", found.map_or("nothing".into(), Json::text))),
        };
        let symbols = |cards: &[tablee_engine::katzenjammer::Card]| Json::Arr(cards.iter().map(|c| c.symbol().into()).collect());
        same("phase", self.phase().name().into())?;
        same("to_act", self.to_act().into())?;
        same("bandleader", self.bandleader().into())?;
        same("row", symbols(self.row()))?;
        same("passed", Json::Arr(self.passed().into_iter().map(Json::from).collect()))?;
        same("stock", self.stock_len().into())?;
        same("mice_left", self.mice_left().into())?;
        let discard = self.discard();
        same(
            "discard",
            Json::Obj(tablee_engine::katzenjammer::Card::ALL.iter().map(|&c| (c.symbol().to_string(), discard.get(c).into())).collect()),
        )?;
        let players = (0..self.players())
            .map(|s| {
                Json::obj([
                    ("hand", notation::cards_to_json(&self.hand(s))),
                    ("mice", self.mice(s).into()),
                    ("jokers_shown", self.jokers_shown(s).into()),
                ])
            })
            .collect();
        same("players", Json::Arr(players))?;
        let bid = self.high_bid().map(|b| (b.seat, b.level.count));
        let found = state.get("high_bid").filter(|b| !b.is_null()).map(|b| {
            (b.get("seat").and_then(Json::as_u64).unwrap_or(99) as usize, b.get("count").and_then(Json::as_u64).unwrap_or(99) as u8)
        });
        if bid != found {
            return Err(format!("high_bid: the scenario says {found:?}, the replay {bid:?}"));
        }
        Ok(())
    }
}

/// Katzenjammer's options in the save codec: `{"full_mice":true}`, `{}`.
fn kb_options(options: &Json) -> Result<Options, String> {
    match options.get("full_mice") {
        None => Ok(Options::default()),
        Some(v) => v.as_bool().map(|full_mice| Options { full_mice }).ok_or_else(|| format!("options.full_mice is true or false, not {v}")),
    }
}
