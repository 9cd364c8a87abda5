//! One game's definition, as the shell needs it — the single place where a
//! game plugs into the app: its id and names, its players and options (with
//! their link and save codecs), its action notation, its bots, and who wins.
//! Everything else (sessions, saves, links, history, par, the worker's jobs,
//! the controller) is written once over [`GameDef`]; the words the page
//! needs of a game (its refusals, Share, a match's label) are its
//! [`crate::ui::game_ui::GameUi`].
//!
//! The generic core (this file, `config`, `session`, `result`, `lang`)
//! names no game. Dispatch is static, one layer up: [`crate::games::AnyTable`]
//! and [`crate::games::AnySession`] are enums over the games, written with
//! [`crate::games::GameId`] by the registry (`crate::registry!`, from the
//! list in `src/games/mod.rs`, which also says where each game is among them:
//! [`crate::games::Registered`]), and `each_game!`/`with_game!` run one
//! generic body for whichever game is meant.

use std::fmt::Debug;

use tablee_bots::{Choice, Level};
use tablee_engine::json::Json;
use tablee_engine::notation::ActionError;
use tablee_engine::{Game, Seed};

use super::lang::Lang;
use super::result::ScoreOrder;

/// Why a link or save's options cannot be read: the key and the bad text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionError {
    pub name: &'static str,
    pub text: String,
}

/// Reads an on/off option of a save's `"options"` object (a missing key is
/// off); `Err` names the field. Both games' options are such flags today.
pub fn flag_from_json(options: &Json, key: &str, field: &'static str) -> Result<bool, &'static str> {
    match options {
        Json::Null => Ok(false),
        Json::Obj(_) => match options.get(key) {
            None => Ok(false),
            Some(Json::Bool(b)) => Ok(*b),
            Some(_) => Err(field),
        },
        _ => Err("options"),
    }
}

/// Reads an on/off option (`1`, `true`, `yes`, `on` or their opposites;
/// missing or empty is off).
pub fn flag(text: Option<&str>, name: &'static str) -> Result<bool, OptionError> {
    match text.map(|t| t.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(t) if t == "1" || t == "true" || t == "yes" || t == "on" => Ok(true),
        Some(t) if t == "0" || t == "false" || t == "no" || t == "off" || t.is_empty() => Ok(false),
        Some(t) => Err(OptionError { name, text: shorten(&t) }),
    }
}

/// Quoting a pasted novel back at the player helps no one.
pub fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// A match of several games at one table (KB-20), as the shell needs it:
/// the game's own record (Katzenjammer's is its engine's `Match`), with
/// its seeds and its finished games. A game without matches has
/// [`NoMatch`].
pub trait MatchRecord: Clone + Debug + PartialEq {
    /// The match's seed: its link's (game 0 is dealt from it).
    fn seed(&self) -> Seed;
    fn games_planned(&self) -> usize;
    /// The games finished and recorded.
    fn games_played(&self) -> usize;
    /// The seed game `index` (from 0) is dealt from.
    fn game_seed(&self, index: usize) -> Seed;
    /// The finished games, one object each, for a save.
    fn played_to_json(&self) -> Vec<Json>;
    /// Records a finished game read back from a save (`players` at the
    /// table); false when it does not read.
    fn push_played_json(&mut self, item: &Json, players: usize) -> bool;

    fn is_over(&self) -> bool {
        self.games_played() >= self.games_planned()
    }
}

/// The match of a game that has none: no value exists, so a session of
/// that game is never in a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMatch {}

impl MatchRecord for NoMatch {
    fn seed(&self) -> Seed {
        match *self {}
    }
    fn games_planned(&self) -> usize {
        match *self {}
    }
    fn games_played(&self) -> usize {
        match *self {}
    }
    fn game_seed(&self, _: usize) -> Seed {
        match *self {}
    }
    fn played_to_json(&self) -> Vec<Json> {
        match *self {}
    }
    fn push_played_json(&mut self, _: &Json, _: usize) -> bool {
        match *self {}
    }
}

/// One game, as the shell sees it (`src/games/<game>/mod.rs` implements it).
pub trait GameDef: Clone + Copy + Debug + PartialEq + Eq + 'static {
    /// The engine's state of a whole game.
    type State: Game<Action = Self::Action, View = Self::View, Refusal = Self::Refusal> + Debug;
    /// (Plain data, `Send + Sync`: a table holds it in a signal, issue 53.)
    type Action: Clone + PartialEq + Debug + Send + Sync;
    /// One seat's view: what a table is fed (issue 53), compared so that an
    /// unchanged view wakes nobody.
    type View: Clone + PartialEq + Send + Sync;
    /// Why the engine refuses a move: the game's own refusals and the
    /// shared ones it embeds (`tablee_engine::Shared`).
    type Refusal: tablee_engine::Refusal;
    /// The table's options (house rules), part of links and saves.
    type Options: Copy + PartialEq + Eq + Default + Debug + Send + Sync;
    /// A match of several games at one table ([`NoMatch`]: none).
    type Match: MatchRecord;

    /// The name in links and saves (`?game=jachete`), for ever.
    const CODE: &'static str;
    /// The game's own name, the same in every language.
    const TITLE: &'static str;
    /// The numbers of players, in words, for a link's refusal and the home
    /// screen's line (issue 52: one wording, the rules' JA-2): "2 to 6 players".
    fn players_words(lang: Lang) -> &'static str;
    /// What the game is, in one line of the home screen ("Bid for mice…").
    fn blurb(lang: Lang) -> &'static str;
    /// How long a game against bots lasts, in minutes (an estimate).
    const MINUTES: (u32, u32);
    /// The fewest and most players any table of this game may have.
    const MIN_PLAYERS: usize;
    const MAX_PLAYERS: usize;
    const DEFAULT_PLAYERS: usize;
    const SCORE_ORDER: ScoreOrder;

    /// Whether `players` may play with these options.
    fn allows(options: Self::Options, players: usize) -> bool {
        let _ = options;
        (Self::MIN_PLAYERS..=Self::MAX_PLAYERS).contains(&players)
    }

    /// Deals a new game (the engine's message when the table cannot be dealt).
    fn new_state(players: usize, options: Self::Options, seed: Seed) -> Result<Self::State, String>;

    // ----- options: links and saves ---------------------------------------------

    /// The options as link keys, in order (`full_mice=0`).
    fn options_to_query(options: Self::Options) -> Vec<(&'static str, String)>;
    /// Reads the options from a link's keys (`get` answers a key's text);
    /// a missing key takes its default.
    fn options_from_query(get: &dyn Fn(&str) -> Option<String>) -> Result<Self::Options, OptionError>;
    /// The options in a save (`{"full_mice":false}`).
    fn options_to_json(options: Self::Options) -> Json;
    /// Reads a save's options; `Err` names the bad field.
    fn options_from_json(value: &Json) -> Result<Self::Options, &'static str>;

    // ----- the action notation (the engine's codec of this game) -------------------

    fn action_to_json(action: &Self::Action) -> Json;
    fn action_from_json(value: &Json) -> Result<Self::Action, ActionError<Self::Refusal>>;

    /// A seat's view as JSON, as the bot protocol writes it (the engine's
    /// encoder): what the host of a game with friends sends each friend
    /// (`src/app/friends`).
    fn view_to_json(view: &Self::View) -> Json;
    /// Reads a view back from [`GameDef::view_to_json`]'s JSON (a friend's
    /// device draws its table from it), with the table's options (a view's
    /// JSON may not carry them). `Err` names what is wrong; never a panic.
    fn view_from_json(value: &Json, options: Self::Options) -> Result<Self::View, String>;
    /// Whether every seat may see `action` as it is made, in its notation
    /// (no card hidden in it): the host of a game with friends then sends it
    /// with the views, and a friend's table, which has no record of the
    /// game, tells it in its log. No game's move by default.
    fn public_move(_action: &Self::Action) -> bool {
        false
    }

    /// The seats asked for a decision now, in the order the rules apply
    /// their answers: the seat to act alone, unless the game asks several
    /// at once (J'achète's buy window, JA-9). A table of friends on their
    /// own devices asks them all together.
    fn asked_at_once(state: &Self::State) -> Vec<tablee_engine::Seat> {
        state.to_act().into_iter().collect()
    }

    // ----- bots ---------------------------------------------------------------------

    /// The bot's choice (deterministic in `seed`).
    fn decide(level: Level, view: &Self::View, legal: &[Self::Action], seed: u64) -> Self::Action;
    /// The bot's candidates, best first, with their values.
    fn analyse(level: Level, view: &Self::View, legal: &[Self::Action], seed: u64) -> Vec<Choice<Self::Action>>;
    /// A hint's candidates, best first: the expert's, unless the game
    /// searches deeper for hints.
    fn hint(view: &Self::View, legal: &[Self::Action], seed: u64) -> Vec<Choice<Self::Action>> {
        Self::analyse(Level::Expert, view, legal, seed)
    }
    /// The coached game's advice (issue 52), best first: the game's
    /// `tablee_bots::coach::CoachedGame::coach` (the expert's judgement),
    /// else the hint's.
    fn coach(view: &Self::View, legal: &[Self::Action], seed: u64) -> Vec<Choice<Self::Action>> {
        Self::hint(view, legal, seed)
    }
    /// The move made when no bot can be asked (the page without its worker).
    fn fallback(legal: &[Self::Action]) -> Option<Self::Action>;

    // ----- matches (KB-20) ------------------------------------------------------------

    /// A match of `games` games at this table, in the engine's terms (its
    /// seeds, records and totals), or `None` for a game without matches.
    fn new_match(players: usize, options: Self::Options, seed: Seed, games: usize) -> Option<Self::Match> {
        let _ = (players, options, seed, games);
        None
    }
    /// Records a finished game in its match (the engine's check); false
    /// when the engine refuses it (not over, not this table's).
    fn record_in_match(record: &mut Self::Match, state: &Self::State) -> bool {
        let _ = (record, state);
        false
    }

    // ----- puzzles ----------------------------------------------------------------------

    /// The kinds and units of the game's puzzles (`src/games/<code>/public/puzzles/<code>.json`,
    /// read with them), its puzzles folder's (`tablee_puzzles::<game>::VOCABULARY`);
    /// `None`: a game without puzzles, not offered on the puzzles' screens.
    const PUZZLES: Option<tablee_puzzles::format::Vocabulary> = None;

    /// Whether a seat of its puzzles' mined games (`PuzzleGame::seats`) is
    /// one of its research bots, which the page does not have (J'achète's
    /// styles: `buyer`, `miser`, `opener`): a `normal` bot plays on for it.
    fn research_seat(name: &str) -> bool {
        let _ = name;
        false
    }

    /// A puzzle move's key: two moves that are the same move in the game's
    /// terms have the same key (the canonical notation, unless the game
    /// says otherwise: J'achète's table whatever the order of its melds).
    fn puzzle_key(action: &Self::Action) -> String {
        Self::action_to_json(action).text()
    }

    /// `moves` at a puzzle's position (`view`: its seat's, at move `at` of
    /// the game dealt from `seed`) analysed by the analysis that mined the
    /// game's puzzles, on its budget of worlds: each move's per-world
    /// values in `unit`, the same worlds for all (issue 52: a move the
    /// stored analysis did not compare is judged so). `None`: the game has
    /// no such analysis.
    fn puzzle_values(view: &Self::View, seed: Seed, at: usize, moves: &[Self::Action], unit: tablee_puzzles::format::Unit) -> Option<Vec<Vec<f64>>> {
        let _ = (view, seed, at, moves, unit);
        None
    }

    /// The answer a person left in advance for the decision `seat` faces
    /// now (`note`: the table's note, where the table keeps it), played for
    /// them without the device passing (hot-seat, issue 52: J'achète's buy
    /// wishes). `None`: they are asked.
    fn standing_answer(note: Option<&Json>, state: &Self::State, seat: tablee_engine::Seat) -> Option<Self::Action> {
        let _ = (note, state, seat);
        None
    }

    // ----- the end ----------------------------------------------------------------------

    /// Each seat's place in a finished game (1: the winners; `None` while
    /// it runs): the one ranking the end screen and the record of games
    /// ("Your games") both show. By the scores in [`Self::SCORE_ORDER`],
    /// equal scores sharing a place, unless the game breaks ties
    /// (Katzenjammer: fewer jokers, KB-19).
    fn places(state: &Self::State) -> Option<Vec<usize>> {
        state.outcome().map(|o| super::result::places(&o.scores, Self::SCORE_ORDER))
    }
}

