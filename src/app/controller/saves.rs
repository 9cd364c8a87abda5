//! Where the games are kept on this device: each unfinished game under its
//! own key, the list of them, the histories, and what cannot be read set
//! aside (never lost).

use crate::games::{AnySession, GameId, Registered};
use crate::app::history::History;
use tablee_engine::json::Json;

use crate::app::past;
use crate::app::save::{self, SaveError};
use crate::app::storage::Storage;
use crate::app::worker::Job;

use super::shell::{Kept, Maker, Par, SetAside, Shell};

/// The single save of the builds before the list of games (read once and
/// moved into the list).
pub fn save_key(game: GameId) -> String {
    format!("tablee.{}.current", game.code())
}

/// The list of games kept, newest first.
pub const GAMES_KEY: &str = "tablee.games";

/// At most this many games are kept (the oldest unfinished one is dropped).
pub const MAX_GAMES: usize = 20;

/// Where game number `n` is saved.
pub fn game_key(game: GameId, n: u64) -> String {
    format!("tablee.{}.game.{n}", game.code())
}

/// Where game number `n` is saved when it is a match's (KB-20): a key of
/// its own (the builds before issue 35 started another program for it;
/// saves keep the name).
pub fn match_key(n: u64) -> String {
    format!("tablee.{MATCH_KEY}.game.{n}")
}

const MATCH_KEY: &str = "match";

/// The number at the end of a [`game_key`].
fn key_number(key: &str) -> Option<u64> {
    key.rsplit('.').next()?.parse().ok()
}

/// Games counted on this device, per game.
pub fn history_key(game: GameId) -> String {
    format!("tablee.{}.history", game.code())
}

pub const LANG_KEY: &str = "tablee.lang";

pub const SPEED_KEY: &str = "tablee.speed";

/// The game last chosen on the home screen (its code), offered again.
pub const HOME_GAME_KEY: &str = "tablee.home.game";

/// Unreadable saves kept aside, at most: the newest ones.
pub const KEEP_ASIDE: usize = 5;

/// The keys of the saves kept aside, oldest first (a JSON list).
pub const ASIDE_KEY: &str = "tablee.aside";

impl Shell {
    pub(super) fn empty(storage: &dyn Storage) -> Shell {
        // An unreadable history starts empty here; `load_histories` sets it aside.
        let histories = GameId::ALL
            .into_iter()
            .map(|g| (g, storage.load(&history_key(g)).map(|t| History::parse(&t)).unwrap_or_default()))
            .collect();
        Shell {
            game: None,
            key: None,
            at: 0.0,
            kept: Vec::new(),
            next: 1,
            dropped: Vec::new(),
            par: Par::NotApplicable,
            histories,
            set_aside: None,
            generation: 0,
            makers: Vec::new(),
            pending: None,
        }
    }

    /// Keeps an unreadable save (or history) under a dated key and says so;
    /// the newest [`KEEP_ASIDE`] are kept, so that they do not pile up.
    pub(crate) fn set_aside(&mut self, storage: &mut dyn Storage, game: &str, key: &str, text: &str, error: SaveError, now_ms: f64) {
        let mut aside = format!("tablee.{game}.broken.{}", now_ms as u64);
        let mut n = 1;
        while storage.load(&aside).is_some() {
            n += 1;
            aside = format!("tablee.{game}.broken.{}.{n}", now_ms as u64);
        }
        let mut list: Vec<String> = storage
            .load(ASIDE_KEY)
            .and_then(|t| Json::parse(&t).ok())
            .and_then(|j| j.as_array().map(|a| a.iter().filter_map(|k| k.as_str().map(str::to_string)).collect()))
            .unwrap_or_default();
        if storage.store(&aside, text) {
            storage.remove(key);
            list.push(aside.clone());
            while list.len() > KEEP_ASIDE {
                storage.remove(&list.remove(0));
            }
            storage.store(ASIDE_KEY, &Json::Arr(list.iter().map(|k| Json::str(k)).collect()).text());
        }
        self.set_aside = Some(SetAside { error, key: aside, kept: list.len(), history: false });
    }

    /// A history that cannot be read is set aside like a save (never lost
    /// by the next game's count).
    pub(super) fn check_histories(&mut self, storage: &mut dyn Storage, now_ms: f64) {
        for game in GameId::ALL {
            let key = history_key(game);
            if let Some(text) = storage.load(&key) {
                if History::read_text(&text).is_none() {
                    self.set_aside(storage, game.code(), &key, &text, SaveError::Field("history"), now_ms);
                    if let Some(aside) = &mut self.set_aside {
                        aside.history = true;
                    }
                }
            }
        }
    }

    /// Reads the list of games and the single save of older builds.
    pub(super) fn load_games(&mut self, storage: &mut dyn Storage, now_ms: f64) {
        if let Some(text) = storage.load(GAMES_KEY) {
            let list = Json::parse(&text).ok().and_then(|json| {
                json.as_array()?
                    .iter()
                    .map(|entry| Some((entry.get("key")?.as_str()?.to_string(), entry.get("at")?.as_f64()?)))
                    .collect::<Option<Vec<_>>>()
            });
            match list {
                Some(list) => {
                    self.next = list.iter().filter_map(|(key, _)| key_number(key)).max().unwrap_or(0) + 1;
                    for (key, at) in list {
                        let Some(text) = storage.load(&key) else { continue };
                        match self.restore(&text) {
                            Ok(session) => self.kept.push(Kept { key, at, session }),
                            Err(error) => {
                                let game = key.split('.').nth(1).unwrap_or("game").to_string();
                                self.set_aside(storage, &game, &key, &text, error, now_ms);
                            }
                        }
                    }
                }
                None => self.set_aside(storage, "games", GAMES_KEY, &text, SaveError::Field("the list of games"), now_ms),
            }
        }
        for game in GameId::ALL {
            let old = save_key(game);
            let Some(text) = storage.load(&old) else { continue };
            match self.restore(&text) {
                Ok(session) => {
                    let key = self.fresh_key(&session);
                    if storage.store(&key, &text) {
                        storage.remove(&old);
                    }
                    self.kept.insert(0, Kept { key, at: now_ms, session });
                }
                Err(error) => self.set_aside(storage, game.code(), &old, &text, error, now_ms),
            }
        }
    }

    /// Reads and replays a save with its game's maker (start-up made sure
    /// it is there: [`Shell::open`]).
    fn restore(&self, text: &str) -> Result<AnySession, SaveError> {
        let value = Json::parse(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
        let game = save::game_of(&value)?;
        let maker = self.maker(game).ok_or(SaveError::Game(game.code().to_string()))?;
        (maker.restore)(&value)
    }

    /// The games whose saves [`Shell::load_games`] replays: each listed
    /// save's (named in its key, or read from it), and each older build's
    /// single save's. A save that does not say its game needs no maker: it
    /// is set aside.
    pub(super) fn saved_games(storage: &dyn Storage) -> Vec<GameId> {
        let mut games: Vec<GameId> = GameId::ALL.into_iter().filter(|&g| storage.load(&save_key(g)).is_some()).collect();
        let listed = storage.load(GAMES_KEY).and_then(|text| Json::parse(&text).ok());
        for entry in listed.iter().filter_map(Json::as_array).flatten() {
            let Some(key) = entry.get("key").and_then(Json::as_str) else { continue };
            let named = key.split('.').nth(1).and_then(GameId::parse);
            let game = named.or_else(|| Json::parse(&storage.load(key)?).ok().and_then(|v| save::game_of(&v).ok()));
            games.extend(game);
        }
        games
    }

    /// Game `game`'s maker, if fetched.
    pub fn maker(&self, game: GameId) -> Option<&Maker> {
        self.makers.iter().find(|m| m.game == game)
    }

    /// A game's maker is in (its table part): kept, and the deal waiting
    /// for it is dealt; returns that deal's outcome (the par job, or why it
    /// could not be dealt), if there was one.
    pub fn add_maker(&mut self, maker: Maker) -> Option<Result<Option<Job>, String>> {
        if self.maker(maker.game).is_none() {
            self.makers.push(maker);
        }
        let (table, games) = self.pending.take_if(|(table, _)| table.game() == maker.game)?;
        Some(self.new_match(table, games))
    }

    /// A new key for `session`: a match's own key for a match's game ([`match_key`]).
    pub(super) fn fresh_key(&mut self, session: &AnySession) -> String {
        self.next += 1;
        let n = self.next - 1;
        if session.match_progress().is_some() { match_key(n) } else { game_key(session.game(), n) }
    }

    /// Finished games leave the list (they are in the history), and only
    /// the newest [`MAX_GAMES`] stay.
    pub(super) fn tidy(&mut self) {
        let room = MAX_GAMES - usize::from(self.game.is_some());
        let mut kept = Vec::new();
        for entry in std::mem::take(&mut self.kept) {
            // A finished game whose match goes on is the match: kept.
            let done = entry.session.is_over() && !entry.session.match_progress().is_some_and(|(n, of)| n < of);
            if done || kept.len() >= room {
                self.dropped.push(entry.key);
            } else {
                kept.push(entry);
            }
        }
        self.kept = kept;
    }

    /// Writes the list of games and removes the saves that left it.
    pub(super) fn write_list(&mut self, storage: &mut dyn Storage) -> bool {
        let current = self.key.iter().map(|key| (key, self.at));
        let entries = current.chain(self.kept.iter().map(|k| (&k.key, k.at)));
        let list = Json::Arr(
            entries.map(|(key, at)| Json::obj([("key", Json::str(key)), ("at", Json::int(at as i64))])).collect(),
        );
        let written = storage.store(GAMES_KEY, &list.text());
        if written {
            for key in self.dropped.drain(..) {
                storage.remove(&key);
            }
        }
        written
    }

    /// Makes the kept game at `index` (in [`Shell::kept`]) the game in
    /// progress (the one in progress is kept); returns the par job to send.
    pub fn resume(&mut self, index: usize) -> Option<Job> {
        if index >= self.kept.len() {
            return None;
        }
        let Kept { key, at, session } = self.kept.remove(index);
        self.show(session, key, at)
    }

    /// Removes the kept game at `index` (in [`Shell::kept`]) and its save,
    /// once the person confirmed it on the home screen; false when there is
    /// no such game. The game in progress is never removed this way.
    pub fn remove_kept(&mut self, index: usize, storage: &mut dyn Storage) -> bool {
        if index >= self.kept.len() {
            return false;
        }
        let removed = self.kept.remove(index);
        self.dropped.push(removed.key);
        self.write_list(storage);
        true
    }

    /// The newest kept game becomes the one in progress, without par (the
    /// page shows a problem first).
    pub(super) fn hold_newest(&mut self) {
        if !self.kept.is_empty() {
            let Kept { key, at, session } = self.kept.remove(0);
            (self.game, self.key, self.at) = (Some(session), Some(key), at);
        }
    }

    /// Saves the game in progress, a game of `G`, under its key, played at
    /// `now_ms`, and the list of games (only the list when the game in
    /// progress is another game's). Typed by its game, so that saving from
    /// a game's table reaches that game's code only (each table's part of
    /// the page holds its own game's: docs/performance.md, "The play code
    /// per game"); [`crate::games::with_game!`] names it elsewhere.
    pub fn save<G: Registered>(&mut self, storage: &mut dyn Storage, now_ms: f64) -> bool {
        let saved = match (self.session::<G>(), &self.key) {
            (Some(session), Some(key)) => storage.store(key, &save::to_json(session)),
            _ => false,
        };
        if saved {
            self.at = now_ms;
        }
        self.write_list(storage) && saved
    }

    /// The record of past games ("Your games"), newest first. Unreadable
    /// lines are set aside together (`tablee.past.broken.<ms>`, said on the
    /// page by the shell's notice) and the record is written again without
    /// them.
    pub fn load_past(&mut self, storage: &mut dyn Storage, now_ms: f64) -> Vec<past::Past> {
        let record = past::read(&storage.load(past::PAST_KEY).unwrap_or_default());
        if let Some(error) = record.error {
            self.set_aside(storage, "past", past::PAST_KEY, &record.bad, error, now_ms);
            if let Some(aside) = &mut self.set_aside {
                aside.history = true;
            }
            storage.store(past::PAST_KEY, &record.kept);
        }
        record.games
    }
}
