//! The controller: everything that happens to a game between the page and
//! the engine, written once for every game and tested natively — what the
//! page shows first (a link, a saved game, or home), a person's move, the
//! bots' moves asked of the worker, par, the local history and the saves.
//!
//! Every unfinished game is kept: each under its own key
//! ([`game_key`], `tablee.<game>.game.<n>`), listed newest first in
//! [`GAMES_KEY`] (`[{"key":…,"at":<ms>},…]`, the first one the game last
//! played). Starting another game never discards one; a finished game leaves
//! the list when the next one begins; at most [`MAX_GAMES`] are kept.
//!
//! The page ([`crate::ui`]) holds a [`Shell`] in a signal and does only the
//! browser's part: it sends the jobs this returns to the worker, waits the
//! bots' delay, and gives this the replies. Storage is behind [`Storage`]
//! (localStorage in the page, a map in tests).

use tablee_engine::json::Json;
use tablee_engine::{RuleError, Seat, Shared};

use super::config::{Day, TableConfig, DailyAttempt};
use super::game::{AnySession, AnyTable, GameDef, GameId};
use super::history::{Daily, History};
use super::lang::Lang;
use super::link::{self, LinkError, LinkRequest};
use super::save::{self, SaveError};
use super::session::Session;
use super::worker::{self, Job, Reply};

pub use super::storage::Storage;

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

/// A save that could not be resumed: why, and where it was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetAside {
    pub error: SaveError,
    pub key: String,
    /// How many unreadable saves this device keeps aside now (at most
    /// [`KEEP_ASIDE`]: the oldest go).
    pub kept: usize,
    /// The record of past games, not a game, was set aside.
    pub history: bool,
}

/// Unreadable saves kept aside, at most: the newest ones.
pub const KEEP_ASIDE: usize = 5;
/// The keys of the saves kept aside, oldest first (a JSON list).
pub const ASIDE_KEY: &str = "tablee.aside";

/// Par for the current game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Par {
    /// No par for this table (several people, or nobody).
    NotApplicable,
    Computing,
    Known(i32),
}

/// What the page shows first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum First {
    Home,
    Game,
    Problem(LinkError),
}

/// A bot's move to ask of the worker: the job, and what to match the reply with.
#[derive(Clone, Debug, PartialEq)]
pub struct BotTurn {
    pub seat: Seat,
    /// The move number the decision is for.
    pub at: usize,
    pub job: Job,
}

/// An unfinished game kept aside: where it is saved, when it was last
/// played (ms since 1970), and the game.
#[derive(Clone, Debug)]
pub struct Kept {
    pub key: String,
    pub at: f64,
    pub session: AnySession,
}

/// The games on this device: the one in progress, the other unfinished
/// ones, its par, the local history, and a save that could not be resumed.
#[derive(Clone, Debug)]
pub struct Shell {
    pub game: Option<AnySession>,
    /// Where the game in progress is saved, and when it last was.
    pub key: Option<String>,
    pub at: f64,
    /// The other unfinished games, newest first.
    pub kept: Vec<Kept>,
    /// The next game's number.
    next: u64,
    /// Saves to remove when the list is next written (finished or too old).
    dropped: Vec<String>,
    pub par: Par,
    /// Each game's local history.
    pub histories: Vec<(GameId, History)>,
    pub set_aside: Option<SetAside>,
    /// Incremented for each game begun, so that late replies of an old game
    /// (a par still computing) are dropped.
    pub generation: u64,
}

/// What start-up decided.
#[derive(Clone, Debug)]
pub struct Start {
    pub shell: Shell,
    pub first: First,
    /// The language the link asks for.
    pub lang: Option<Lang>,
    /// The table the home screen offers.
    pub home_table: Option<AnyTable>,
    /// Par to compute for the game shown.
    pub par_job: Option<Job>,
    /// The game was just dealt: save it.
    pub dealt: bool,
}

impl Shell {
    fn empty(storage: &dyn Storage) -> Shell {
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
    fn check_histories(&mut self, storage: &mut dyn Storage, now_ms: f64) {
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
    fn load_games(&mut self, storage: &mut dyn Storage, now_ms: f64) {
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
                        match save::from_json(&text) {
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
            match save::from_json(&text) {
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

    /// A new key for `session`: a match's own key for a match's game ([`match_key`]).
    fn fresh_key(&mut self, session: &AnySession) -> String {
        self.next += 1;
        let n = self.next - 1;
        if session.match_progress().is_some() { match_key(n) } else { game_key(session.game(), n) }
    }

    /// Finished games leave the list (they are in the history), and only
    /// the newest [`MAX_GAMES`] stay.
    fn tidy(&mut self) {
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
    fn write_list(&mut self, storage: &mut dyn Storage) -> bool {
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
    fn hold_newest(&mut self) {
        if !self.kept.is_empty() {
            let Kept { key, at, session } = self.kept.remove(0);
            (self.game, self.key, self.at) = (Some(session), Some(key), at);
        }
    }

    /// Reads the saved game and the link (`location.search`), and decides
    /// what the page shows first. A save that cannot be resumed is kept aside
    /// under a dated key (never lost) and said so.
    pub fn start(storage: &mut dyn Storage, search: &str, now_ms: f64) -> Start {
        let mut shell = Shell::empty(storage);
        shell.check_histories(storage, now_ms);
        shell.load_games(storage, now_ms);
        let request = link::read(search);
        let lang = request.as_ref().ok().and_then(|r| r.lang);
        let mut start = Start { shell, first: First::Home, lang, home_table: None, par_job: None, dealt: false };
        match request {
            Err(error) => {
                // Keep the game in progress reachable from the home screen.
                start.shell.hold_newest();
                start.first = First::Problem(error);
            }
            Ok(LinkRequest { deal, table, games, .. }) => {
                {
                    start.home_table = Some(table);
                    // A link to today's deal is today's deal (no hints,
                    // counted once), however it was written.
                    let deal = deal.map(|d| match Day::from_epoch_ms(now_ms) {
                        Some(today) => d.with_daily_label(today),
                        None => d,
                    });
                    // A daily deal is never a match (KB-20's option is off).
                    let games = if deal.as_ref().is_some_and(is_daily) { 1 } else { games };
                    match deal {
                        // A deal (or a match) already kept is resumed, not dealt anew.
                        Some(deal) => match start.shell.kept.iter().position(|k| {
                            k.session.match_games() == games && same_table(&k.session.link_table(), &deal)
                        }) {
                            Some(index) => start.resume(index),
                            None => match deal.clone().deal_for_page(games) {
                                Ok(session) => {
                                    start.par_job = start.shell.begin(session);
                                    start.first = First::Game;
                                    start.dealt = true;
                                }
                                Err(_) => {
                                    start.shell.hold_newest();
                                    start.first = First::Problem(LinkError::cannot_deal(&deal));
                                }
                            },
                        },
                        None if !start.shell.kept.is_empty() => start.resume(0),
                        None => {}
                    }
                }
            }
        }
        start.shell.tidy();
        start.shell.write_list(storage);
        start
    }

    /// Shows a new game `session` (the one in progress is kept) and starts
    /// its par; returns the par job to send.
    pub fn begin(&mut self, session: AnySession) -> Option<Job> {
        let key = self.fresh_key(&session);
        self.show(session, key, 0.0)
    }

    fn show(&mut self, session: AnySession, key: String, at: f64) -> Option<Job> {
        if let (Some(game), Some(old)) = (self.game.take(), self.key.take()) {
            self.kept.insert(0, Kept { key: old, at: self.at, session: game });
        }
        self.generation += 1;
        let job = crate::games::each_game!(session &session, s => par_job(s));
        self.par = if job.is_some() { Par::Computing } else { Par::NotApplicable };
        (self.game, self.key, self.at) = (Some(session), Some(key), at);
        self.tidy();
        job
    }

    /// Deals a new game for `table` and shows it (the caller saves it).
    pub fn new_game(&mut self, table: AnyTable) -> Result<Option<Job>, String> {
        self.new_match(table, 1)
    }

    /// Deals the first game of a match of `games` games at `table` (one: a
    /// game of its own, [`Shell::new_game`]) and shows it.
    pub fn new_match(&mut self, table: AnyTable, games: usize) -> Result<Option<Job>, String> {
        Ok(self.begin(table.deal_for_page(games)?))
    }

    /// Deals the next game of the match in progress once its game is over
    /// (the finished one leaves the list: it is in the history, and its
    /// result in the next game's match); `None` when there is none to deal.
    pub fn next_in_match(&mut self) -> Option<Option<Job>> {
        let next = crate::games::each_game!(session self.game.as_ref()?, s => s.next_in_match().map(Session::into_any))?;
        let finished = self.key.clone();
        let job = self.begin(next);
        if let Some(index) = self.kept.iter().position(|k| Some(&k.key) == finished.as_ref()) {
            self.dropped.push(self.kept.remove(index).key);
        }
        Some(job)
    }

    /// The session of game `G` in progress.
    pub fn session<G: GameDef>(&self) -> Option<&Session<G>> {
        self.game.as_ref()?.get::<G>()
    }

    /// A person's move in game `G`. Refused (nothing changes) when it is not a
    /// person's turn or the rules refuse it.
    pub fn act<G: GameDef>(&mut self, action: G::Action) -> Result<(), RuleError<G::Refusal>> {
        let session = self.game.as_mut().and_then(|g| g.get_mut::<G>()).ok_or(Shared::NoGame)?;
        session.apply_human(action)
    }

    /// Keeps the table's notes with the game of `G` (saved with it); false
    /// when no game of `G` is in progress.
    pub fn set_note<G: GameDef>(&mut self, note: Option<Json>) -> bool {
        match self.game.as_mut().and_then(|g| g.get_mut::<G>()) {
            Some(session) => {
                session.set_note(note);
                true
            }
            None => false,
        }
    }

    /// The bot to act, if it is a bot's turn (cheap: no job is written).
    pub fn bot_to_act(&self) -> Option<Seat> {
        fn seat<G: GameDef>(s: &Session<G>) -> Option<Seat> {
            s.bot_to_act().map(|(seat, _)| seat)
        }
        crate::games::each_game!(session self.game.as_ref()?, s => seat(s))
    }

    /// The bot's move to ask for now, if it is a bot's turn.
    pub fn bot_turn(&self) -> Option<BotTurn> {
        fn turn<G: GameDef>(s: &Session<G>) -> Option<BotTurn> {
            let decision = s.bot_decision()?;
            Some(BotTurn { seat: decision.seat, at: decision.at, job: worker::decide_job(s, &decision) })
        }
        crate::games::each_game!(session self.game.as_ref()?, s => turn(s))
    }

    /// Plays the worker's reply to a bot turn; without a usable reply (no
    /// worker) the bot falls back to the simplest move. False when the game
    /// moved on meanwhile (the reply is dropped).
    pub fn bot_moved(&mut self, at: usize, reply: Option<Reply>) -> bool {
        fn play<G: GameDef>(s: &mut Session<G>, at: usize, reply: Option<Reply>) -> bool {
            let Some(decision) = s.bot_decision().filter(|d| d.at == at) else { return false };
            let chosen = match reply {
                Some(Reply::Action { action }) => G::action_from_json(&action).ok(),
                _ => None,
            };
            let Some(action) = chosen.or_else(|| decision.fallback()) else { return false };
            s.apply_bot(at, &action).is_ok()
        }
        match self.game.as_mut() {
            Some(game) => crate::games::each_game!(session game, s => play(s, at, reply)),
            None => false,
        }
    }

    /// Whether the person may take back their last move now ([`Session::can_take_back`]).
    pub fn can_take_back(&self) -> bool {
        fn can<G: GameDef>(s: &Session<G>) -> bool {
            s.can_take_back()
        }
        self.game.as_ref().is_some_and(|game| crate::games::each_game!(session game, s => can(s)))
    }

    /// Takes back the person's last move (and the bots' since) in the game in
    /// progress, which becomes practice; true when it did (the caller saves).
    pub fn take_back(&mut self) -> bool {
        fn take<G: GameDef>(s: &mut Session<G>) -> bool {
            s.take_back()
        }
        self.game.as_mut().is_some_and(|game| crate::games::each_game!(session game, s => take(s)))
    }

    /// The worker's par for the game begun at `generation` (`None`: no par).
    /// Returns true when the history changed (par of a game already over).
    pub fn par_arrived(&mut self, generation: u64, reply: Option<Reply>, storage: &mut dyn Storage) -> bool {
        if generation != self.generation {
            return false;
        }
        self.par = match reply {
            Some(Reply::Par { par }) => Par::Known(par),
            _ => Par::NotApplicable,
        };
        self.record_if_over(storage)
    }

    /// Counts a finished game in the local history (once; par is added when
    /// it arrives). Returns true when the history changed.
    pub fn record_if_over(&mut self, storage: &mut dyn Storage) -> bool {
        let Some(game) = &self.game else { return false };
        /// The game's history entry and its save (for the record of past
        /// games: replays).
        /// Hot-seat and all-bot games have no history entry (no one
        /// person's result: an empty id) but join the record too.
        fn counted<G: GameDef>(session: &Session<G>, par: Par) -> Option<((String, bool, Option<i32>), String)> {
            // A game with a move taken back is practice: not counted.
            if session.practice() || !session.is_over() {
                return None;
            }
            Some((result(session, par).unwrap_or_default(), save::to_json(session)))
        }
        let Some(((id, won, vs_par), save_text)) = crate::games::each_game!(session game, s => counted(s, self.par)) else { return false };
        if id.is_empty() {
            super::past::append(storage, self.at, &save_text);
            return false;
        }
        let id_game = game.game();
        let key = self.key.clone().unwrap_or_default();
        let daily = crate::games::each_game!(session game, s => first_daily(s, &key, &id, won));
        let at = self.at;
        let history = self.history_mut(id_game);
        let before = history.clone();
        if history.record(&id, won, vs_par) {
            super::past::append(storage, at, &save_text);
        }
        history.add_par(vs_par);
        if let Some(daily) = daily {
            history.record_daily(daily);
        }
        let changed = *history != before;
        if changed {
            let text = history.to_json();
            storage.store(&history_key(id_game), &text);
        }
        changed
    }

    /// Whether the game in progress is an attempt at a daily deal that
    /// counts (the first finished one of its day), or practice.
    pub fn daily_attempt(&self) -> Option<DailyAttempt> {
        let game = self.game.as_ref()?;
        let day = crate::games::each_game!(session game, s => s.config().daily)?;
        let history = self.history(game.game());
        Some(match history.daily(day) {
            None => DailyAttempt::Counts { streak: history.streak(day) },
            // The counted game itself (the same save, the same moves).
            Some(first)
                if self.key.as_deref() == Some(first.key.as_str())
                    && crate::games::each_game!(session game, s => s.config().record_id(s.actions().len())) == first.id =>
            {
                DailyAttempt::Counts { streak: history.streak(day) }
            }
            Some(first) => DailyAttempt::Practice { first_score: first.score },
        })
    }

    /// The record of past games ("Your games"), newest first. Unreadable
    /// lines are set aside together (`tablee.past.broken.<ms>`, said on the
    /// page by the shell's notice) and the record is written again without
    /// them.
    pub fn load_past(&mut self, storage: &mut dyn Storage, now_ms: f64) -> Vec<super::past::Past> {
        let record = super::past::read(&storage.load(super::past::PAST_KEY).unwrap_or_default());
        if let Some(error) = record.error {
            self.set_aside(storage, "past", super::past::PAST_KEY, &record.bad, error, now_ms);
            if let Some(aside) = &mut self.set_aside {
                aside.history = true;
            }
            storage.store(super::past::PAST_KEY, &record.kept);
        }
        record.games
    }

    pub fn history(&self, game: GameId) -> History {
        self.histories.iter().find(|(g, _)| *g == game).map(|(_, h)| h.clone()).unwrap_or_default()
    }

    fn history_mut(&mut self, game: GameId) -> &mut History {
        if let Some(at) = self.histories.iter().position(|(g, _)| *g == game) {
            return &mut self.histories[at].1;
        }
        self.histories.push((game, History::default()));
        &mut self.histories.last_mut().expect("just pushed").1
    }

    /// Saves the game in progress under its key, played at `now_ms`, and
    /// the list of games.
    pub fn save(&mut self, storage: &mut dyn Storage, now_ms: f64) -> bool {
        let saved = match (&self.game, &self.key) {
            (Some(game), Some(key)) => storage.store(key, &save::any_to_json(game)),
            _ => false,
        };
        if saved {
            self.at = now_ms;
        }
        self.write_list(storage) && saved
    }
}

impl Start {
    fn resume(&mut self, index: usize) {
        self.par_job = self.shell.resume(index);
        self.first = First::Game;
    }
}

/// The same deal and table (the daily label aside): a save belongs to a link
/// when this holds.
fn same_table(a: &AnyTable, b: &AnyTable) -> bool {
    fn same<G: GameDef>(a: &TableConfig<G>, b: &AnyTable) -> bool {
        G::as_table(b).is_some_and(|b| a.same_table(b))
    }
    crate::games::each_game!(a, t => same(t, b))
}

fn is_daily(table: &AnyTable) -> bool {
    crate::games::each_game!(table, t => t.daily.is_some())
}

/// Par is computed for the only person at the table.
fn par_job<G: GameDef>(session: &Session<G>) -> Option<Job> {
    let seat = session.config().solo_seat()?;
    Some(worker::par_job(session.config(), seat))
}

/// The daily deal's result to keep, for the only person at a daily table.
fn first_daily<G: GameDef>(session: &Session<G>, key: &str, id: &str, won: bool) -> Option<Daily> {
    let day = session.config().daily?;
    let seat = session.config().solo_seat()?;
    let score = *session.outcome()?.scores.get(seat)?;
    Some(Daily { day, key: key.to_string(), id: id.to_string(), score, won })
}

/// The finished game's history entry: its id, whether the person won, and
/// how much better than par they did (in the game's own order).
fn result<G: GameDef>(session: &Session<G>, par: Par) -> Option<(String, bool, Option<i32>)> {
    let outcome = session.outcome()?;
    let seat = session.config().solo_seat()?;
    let mine = *outcome.scores.get(seat)?;
    let vs_par = match par {
        Par::Known(p) => Some(G::SCORE_ORDER.better_by(mine, p)),
        _ => None,
    };
    Some((session.config().record_id(session.actions().len()), outcome.winners.contains(&seat), vs_par))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::app::config::{SeatKind, TableConfig};
    use crate::games::jachete::Jachete;
    use crate::games::katzenjammer::Katzenjammer;
    use std::collections::BTreeMap;
    use tablee_bots::Level;
    use tablee_engine::katzenjammer::Action;
    use tablee_engine::Seed;

    /// Storage in a map (localStorage in tests).
    #[derive(Default)]
    pub(crate) struct Memory(pub(crate) BTreeMap<String, String>);

    impl Storage for Memory {
        fn load(&self, key: &str) -> Option<String> {
            self.0.get(key).cloned()
        }
        fn store(&mut self, key: &str, value: &str) -> bool {
            self.0.insert(key.to_string(), value.to_string());
            true
        }
        fn remove(&mut self, key: &str) {
            self.0.remove(key);
        }
    }

    const LINK: &str = "?game=katzenjammer&seed=1K7Q-M3ZD&players=3&lang=fr";

    /// Plays bots (answering as the worker would) and the person (with the
    /// `normal` bot's choice) to the end, saving after every move.
    pub(crate) fn play_to_end(shell: &mut Shell, storage: &mut Memory) {
        play_to_end_as(shell, storage, Level::Normal);
    }

    /// The person plays at `level`'s choices, the bots through the worker.
    fn play_to_end_as(shell: &mut Shell, storage: &mut Memory, level: Level) {
        for _ in 0..5000 {
            if let Some(turn) = shell.bot_turn() {
                let reply = worker::run(&turn.job);
                assert!(shell.bot_moved(turn.at, Some(reply)));
            } else if let Some(s) = shell.session::<Katzenjammer>() {
                let Some(seat) = s.human_to_act() else { break };
                let action = tablee_bots::decide(level, &s.view(seat), &s.legal_actions(), 1);
                shell.act::<Katzenjammer>(action).unwrap();
            }
            assert!(shell.save(storage, 0.0));
            shell.record_if_over(storage);
        }
        assert!(shell.game.as_ref().unwrap().is_over());
    }

    /// Issue 13: a link to today's deal is today's deal (no hints), its
    /// first finished attempt counts, "same deal again" is practice.
    #[test]
    fn todays_deal_counts_once_and_a_link_to_it_is_todays_deal() {
        let today = Day::new(2026, 11, 23).unwrap();
        let now = today.days() as f64 * 86_400_000.0 + 3_600_000.0;
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, &format!("?seed={}&players=3", today.seed()), now).shell;
        let config = shell.session::<Katzenjammer>().unwrap().config().clone();
        assert_eq!(config.daily, Some(today), "a plain seed link to today's deal is labelled");
        assert!(!config.hints_allowed());
        assert_eq!(shell.daily_attempt(), Some(DailyAttempt::Counts { streak: 0 }));
        play_to_end(&mut shell, &mut storage);
        let first = shell.history(GameId::Katzenjammer).daily(today).cloned().expect("recorded");
        assert_eq!(shell.daily_attempt(), Some(DailyAttempt::Counts { streak: 1 }));
        // Same deal again, played the same way: practice, and the first result stays.
        shell.new_game(config.into_any()).unwrap();
        assert_eq!(shell.daily_attempt(), Some(DailyAttempt::Practice { first_score: first.score }));
        play_to_end(&mut shell, &mut storage);
        assert_eq!(shell.daily_attempt(), Some(DailyAttempt::Practice { first_score: first.score }));
        let stored = History::parse(&storage.load(&history_key(GameId::Katzenjammer)).unwrap());
        assert_eq!(stored.daily(today), Some(&first));
        assert_eq!(stored.played, 1, "the same moves on the same deal are one game in the history");
        // Another day's seed is not labelled.
        let other = Shell::start(&mut storage, "?seed=1K7Q-M3ZD&players=3", now).shell;
        assert_eq!(other.daily_attempt(), None);
    }

    #[test]
    fn a_link_deals_its_game_and_a_reload_resumes_it() {
        let mut storage = Memory::default();
        let start = Shell::start(&mut storage, LINK, 0.0);
        assert_eq!(start.first, First::Game);
        assert!(start.dealt);
        assert_eq!(start.lang, None, "a deal's link is read in the reader's language, not its sharer's");
        assert!(matches!(start.par_job, Some(Job::Par { seat: 0, .. })));
        let mut shell = start.shell;
        assert_eq!(shell.par, Par::Computing);
        // A few moves, saved, then the page reloads on the same link.
        for _ in 0..5 {
            match shell.bot_turn() {
                Some(turn) => assert!(shell.bot_moved(turn.at, None)),
                None => shell.act::<Katzenjammer>(Action::Pass).unwrap(),
            }
        }
        shell.save(&mut storage, 0.0);
        let moves = shell.game.as_ref().unwrap().moves();
        let again = Shell::start(&mut storage, LINK, 1.0);
        assert_eq!(again.first, First::Game);
        assert!(!again.dealt, "resumed, not dealt again");
        assert_eq!(again.shell.game.as_ref().unwrap().moves(), moves);
        // Without a link the saved game comes back too.
        assert_eq!(Shell::start(&mut storage, "", 2.0).shell.game.unwrap().moves(), moves);
    }

    #[test]
    fn a_bad_link_keeps_the_game_in_progress() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        shell.save(&mut storage, 0.0);
        let start = Shell::start(&mut storage, "?seed=nonsense", 1.0);
        assert!(matches!(start.first, First::Problem(LinkError::Seed { .. })));
        assert!(start.shell.game.is_some());
        // J'achète's link deals its game; the game in progress is kept.
        let start = Shell::start(&mut storage, "?game=jachete&seed=1K7Q-M3ZD&players=5", 2.0);
        assert_eq!(start.first, First::Game);
        assert_eq!(start.shell.game.as_ref().map(AnySession::game), Some(GameId::Jachete));
        assert_eq!(start.shell.kept.len(), 1, "the game in progress is kept");
    }

    #[test]
    fn a_damaged_save_is_kept_aside_never_lost() {
        let mut storage = Memory::default();
        storage.store(&save_key(GameId::Katzenjammer), "{\"v\":1,\"game\":\"katzenjammer\"");
        let start = Shell::start(&mut storage, "", 1234.0);
        assert_eq!(start.first, First::Home);
        let aside = start.shell.set_aside.unwrap();
        assert!(matches!(aside.error, SaveError::NotJson(_)));
        assert_eq!(aside.key, "tablee.katzenjammer.broken.1234");
        assert_eq!(storage.load(&aside.key).as_deref(), Some("{\"v\":1,\"game\":\"katzenjammer\""));
        assert_eq!(storage.load(&save_key(GameId::Katzenjammer)), None);
    }

    /// A J'achète game listed (which the builds before issue 35 left to
    /// their second program) is offered beside the link's new game, its
    /// save untouched.
    #[test]
    fn a_jachete_game_in_the_list_is_kept_beside_a_katzenjammer_link() {
        let mut storage = Memory::default();
        let mut table = TableConfig::<Jachete>::new(Seed::from_number(8), 4);
        table.seats = vec![SeatKind::Bot(Level::Normal); 4];
        let ja = save::to_json(&Session::new(table).unwrap());
        let key = game_key(GameId::Jachete, 3);
        storage.store(&key, &ja);
        storage.store(GAMES_KEY, &format!("[{{\"key\":\"{key}\",\"at\":5}}]"));
        let mut start = Shell::start(&mut storage, LINK, 10.0);
        assert_eq!(start.first, First::Game, "the link's game is dealt");
        assert!(start.shell.set_aside.is_none(), "not damaged");
        assert_eq!(start.shell.kept.len(), 1, "offered among the unfinished games");
        assert_eq!(start.shell.kept[0].session.game(), GameId::Jachete);
        assert!(start.shell.save(&mut storage, 20.0));
        assert_eq!(storage.load(&key).as_deref(), Some(ja.as_str()), "its save untouched");
        let list = storage.load(GAMES_KEY).unwrap();
        assert!(list.contains(&format!("{{\"key\":\"{key}\",\"at\":5}}")), "still listed: {list}");
        assert!(list.starts_with("[{\"key\":\"tablee.katzenjammer.game.4\""), "the new game listed first: {list}");
    }

    /// Issue 13: damaged saves do not pile up (the newest five are kept, the
    /// notice says how many), and an unreadable history is set aside, not
    /// silently replaced.
    #[test]
    fn saves_kept_aside_are_the_newest_five_and_a_garbled_history_is_kept_aside() {
        let mut storage = Memory::default();
        for n in 0..7 {
            storage.store(&save_key(GameId::Katzenjammer), &format!("broken {n}"));
            let start = Shell::start(&mut storage, "", 1000.0 + f64::from(n));
            let aside = start.shell.set_aside.unwrap();
            assert_eq!(aside.kept, (n as usize + 1).min(KEEP_ASIDE));
            assert!(!aside.history);
        }
        let broken: Vec<&String> = storage.0.keys().filter(|k| k.contains(".broken.")).collect();
        assert_eq!(broken.len(), KEEP_ASIDE, "{broken:?}");
        assert!(storage.load("tablee.katzenjammer.broken.1006").is_some(), "the newest is kept");
        assert!(storage.load("tablee.katzenjammer.broken.1000").is_none(), "the oldest went");

        let history = history_key(GameId::Katzenjammer);
        storage.store(&history, "{\"played\":\"many\"}");
        let start = Shell::start(&mut storage, "", 2000.0);
        let aside = start.shell.set_aside.unwrap();
        assert!(aside.history);
        assert_eq!(storage.load(&aside.key).as_deref(), Some("{\"played\":\"many\"}"));
        assert_eq!(storage.load(&history), None, "a fresh record starts");
        assert!(Shell::start(&mut storage, "", 3000.0).shell.set_aside.is_none(), "once");
    }

    #[test]
    fn people_cannot_move_for_bots_and_late_bot_replies_are_dropped() {
        let mut storage = Memory::default();
        let mut table = TableConfig::<Katzenjammer>::new(Seed::from_number(8), 3);
        table.seats = vec![SeatKind::Bot(Level::Normal); 3];
        let mut shell = Shell::start(&mut storage, "", 0.0).shell;
        assert_eq!(shell.new_game(table.into_any()), Ok(None), "no person: no par");
        assert!(shell.act::<Katzenjammer>(Action::Pass).is_err());
        assert!(shell.act::<Jachete>(tablee_engine::jachete::JaAction::Decline).is_err(), "not this game");
        let turn = shell.bot_turn().unwrap();
        assert_eq!(shell.bot_to_act(), Some(turn.seat));
        let reply = worker::run(&turn.job);
        assert!(shell.bot_moved(turn.at, Some(reply.clone())));
        assert!(!shell.bot_moved(turn.at, Some(reply)), "the same reply twice moves once");
    }

    #[test]
    fn a_finished_game_is_counted_once_with_its_par() {
        let mut storage = Memory::default();
        let start = Shell::start(&mut storage, LINK, 0.0);
        let (mut shell, job) = (start.shell, start.par_job.unwrap());
        let generation = shell.generation;
        play_to_end(&mut shell, &mut storage);
        let history = shell.history(GameId::Katzenjammer);
        assert_eq!(history.played, 1);
        assert_eq!(history.best_vs_par, None, "par not known yet");
        // Par arrives after the end: the same game is not counted twice.
        assert!(shell.par_arrived(generation, Some(worker::run(&job)), &mut storage));
        let Par::Known(par) = shell.par else { panic!("{:?}", shell.par) };
        let mine = shell.session::<Katzenjammer>().unwrap().outcome().unwrap().scores[0];
        let history = History::parse(&storage.load(&history_key(GameId::Katzenjammer)).unwrap());
        assert_eq!(history.played, 1);
        assert_eq!(history.best_vs_par, Some(mine - par));
        assert!(!shell.record_if_over(&mut storage));
        // A par of an older game is dropped.
        assert!(!shell.par_arrived(generation - 1, Some(Reply::Par { par: 99 }), &mut storage));
        assert_eq!(shell.par, Par::Known(par));
    }

    /// Issue 13 "A match" (KB-20): a 2-game match from its link, game 2
    /// dealt from the engine's `Match::game_seed(1)`, the standings carried
    /// over, a reload mid game 2 resuming the match, and a friend's link
    /// keeping it in the list.
    #[test]
    fn kb20_a_match_from_its_link_is_played_kept_and_resumed() {
        use tablee_engine::katzenjammer::{Match, Options};
        const MATCH: &str = "?game=katzenjammer&seed=1K7Q-M3ZD&players=3&match=2";
        let mut storage = Memory::default();
        let start = Shell::start(&mut storage, MATCH, 0.0);
        assert_eq!(start.first, First::Game);
        let mut shell = start.shell;
        let seed = Seed::parse("1K7Q-M3ZD").unwrap();
        let engine = Match::new(3, Options::default(), seed, 2);
        assert_eq!(shell.session::<Katzenjammer>().unwrap().config().seed, engine.game_seed(0));
        assert_eq!(shell.game.as_ref().unwrap().match_progress(), Some((1, 2)));
        assert_eq!(link::write_game(shell.game.as_ref().unwrap()), "?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=3&seats=human,normal,normal&full_mice=0&match=2");
        play_to_end(&mut shell, &mut storage);
        let first = shell.session::<Katzenjammer>().unwrap().outcome().unwrap().scores;
        assert_eq!(shell.history(GameId::Katzenjammer).played, 1, "each game of a match is counted");
        // Between games a reload shows game 1's end, the match goes on.
        let between = Shell::start(&mut storage, MATCH, 1.0).shell;
        assert!(between.game.as_ref().unwrap().is_over());
        assert_eq!(between.session::<Katzenjammer>().unwrap().standings().unwrap().totals(), first);
        // Next game: game 2 of 2, dealt from the engine's seed of game 2.
        assert!(shell.next_in_match().is_some());
        shell.save(&mut storage, 2.0);
        let s = shell.session::<Katzenjammer>().unwrap();
        assert_eq!(s.config().seed, engine.game_seed(1));
        assert_ne!(s.config().seed, seed);
        assert_eq!(shell.game.as_ref().unwrap().match_progress(), Some((2, 2)));
        assert!(shell.kept.is_empty(), "game 1 left the list: its result is in game 2's match");
        // The link of game 2 is the match's, not a lone deal.
        assert!(link::write_game(shell.game.as_ref().unwrap()).contains("seed=1K7Q-M3ZD&players=3"));
        for _ in 0..4 {
            match shell.bot_turn() {
                Some(turn) => assert!(shell.bot_moved(turn.at, None)),
                None => shell.act::<Katzenjammer>(Action::Pass).unwrap(),
            }
        }
        shell.save(&mut storage, 3.0);
        let moves = shell.game.as_ref().unwrap().moves();
        // A reload on the match's link resumes game 2, game 1's mice kept.
        let mut again = Shell::start(&mut storage, MATCH, 4.0);
        assert!(!again.dealt, "resumed, not dealt anew");
        assert_eq!(again.shell.game.as_ref().unwrap().moves(), moves);
        assert_eq!(again.shell.game.as_ref().unwrap().match_progress(), Some((2, 2)));
        assert_eq!(again.shell.session::<Katzenjammer>().unwrap().in_match().unwrap().totals(), first);
        // The lone deal of the same seed is another game: dealt, the match kept.
        let lone = Shell::start(&mut storage, "?game=katzenjammer&seed=1K7Q-M3ZD&players=3", 5.0);
        assert!(lone.dealt);
        assert_eq!(lone.shell.game.as_ref().unwrap().match_progress(), None);
        assert_eq!(lone.shell.kept[0].session.match_progress(), Some((2, 2)));
        // Game 2 to its end: the match is over, its totals both games'.
        play_to_end(&mut again.shell, &mut storage);
        let s = again.shell.session::<Katzenjammer>().unwrap();
        let last = s.outcome().unwrap().scores;
        let standings = s.standings().unwrap();
        assert!(standings.is_over());
        assert_eq!(standings.totals(), first.iter().zip(&last).map(|(a, b)| a + b).collect::<Vec<_>>());
        assert!(s.next_in_match().is_none(), "no third game");
        assert!(again.shell.next_in_match().is_none());
    }

    #[test]
    fn kb20_a_match_is_saved_under_a_key_of_its_own() {
        // A match's game is saved under a match's key.
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, "?seed=1K7Q-M3ZD&players=3&match=2", 0.0).shell;
        assert!(shell.key.as_deref().is_some_and(|k| k.starts_with("tablee.match.game.")), "{:?}", shell.key);
        shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(5), 3).into_any()).unwrap();
        assert!(shell.key.as_deref().is_some_and(|k| k.starts_with("tablee.katzenjammer.game.")));
    }

    /// Between two games of a match, the finished game is the match: a new
    /// game started meanwhile keeps it in the list (never lost).
    #[test]
    fn kb20_a_match_between_games_stays_in_the_list() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, "?seed=1K7Q-M3ZD&players=3&match=3", 0.0).shell;
        play_to_end(&mut shell, &mut storage);
        shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(5), 3).into_any()).unwrap();
        shell.save(&mut storage, 1.0);
        assert_eq!(shell.kept.len(), 1);
        assert_eq!(shell.kept[0].session.match_progress(), Some((1, 3)));
        let back = Shell::start(&mut storage, "", 2.0).shell;
        assert_eq!(back.kept.len(), 1, "still listed after a reload");
        assert!(back.kept[0].session.is_over());
    }

    /// Issue 13: a move taken back makes practice, which a reload keeps
    /// and the history does not count.
    #[test]
    fn a_game_with_a_move_taken_back_is_practice_kept_and_not_counted() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        while let Some(turn) = shell.bot_turn() {
            assert!(shell.bot_moved(turn.at, None));
        }
        assert!(!shell.can_take_back(), "nothing played yet");
        let before = shell.session::<Katzenjammer>().unwrap().actions().to_vec();
        shell.act::<Katzenjammer>(Action::Pass).unwrap();
        while let Some(turn) = shell.bot_turn() {
            assert!(shell.bot_moved(turn.at, None));
        }
        assert!(shell.can_take_back());
        assert!(shell.take_back());
        assert_eq!(shell.session::<Katzenjammer>().unwrap().actions(), before.as_slice());
        shell.save(&mut storage, 1.0);
        let mut again = Shell::start(&mut storage, "", 2.0).shell;
        assert!(again.session::<Katzenjammer>().unwrap().practice(), "the save keeps the mark");
        play_to_end(&mut again, &mut storage);
        assert_eq!(again.history(GameId::Katzenjammer).played, 0);
        assert!(!again.par_arrived(again.generation, Some(Reply::Par { par: 3 }), &mut storage));
        assert_eq!(storage.load(&history_key(GameId::Katzenjammer)), None);
    }

    #[test]
    fn in_jachete_beating_par_means_fewer_points() {
        let mut table = TableConfig::<Jachete>::new(Seed::from_number(2), 4);
        table.seats = vec![SeatKind::Bot(Level::Random); 4];
        table.seats[1] = SeatKind::Human;
        let mut session = Session::new(table).unwrap();
        while !session.is_over() {
            if session.bot_step().is_none() {
                let legal = session.legal_actions();
                session.apply_human(Jachete::decide(Level::Normal, &session.view(1), &legal, 3)).unwrap();
            }
        }
        let mine = session.outcome().unwrap().scores[1];
        let (_, _, vs_par) = result(&session, Par::Known(mine + 10)).unwrap();
        assert_eq!(vs_par, Some(10), "ten points fewer than par is ten better");
    }

    #[test]
    fn without_a_worker_the_bots_still_move() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, "", 0.0).shell;
        let mut table = TableConfig::<Katzenjammer>::new(Seed::from_number(5), 4);
        table.seats = vec![SeatKind::Bot(Level::Expert); 4];
        shell.new_game(table.into_any()).unwrap();
        for _ in 0..30 {
            let turn = shell.bot_turn().unwrap();
            assert!(shell.bot_moved(turn.at, None));
        }
        assert_eq!(shell.game.as_ref().unwrap().moves(), 30);
    }

    /// The page's shell deals J'achète's games and resumes its saves.
    #[test]
    fn the_page_plays_jachete() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, "", 0.0).shell;
        let table = TableConfig::<Jachete>::new(Seed::from_number(5), 4);
        assert!(shell.new_game(table.clone().into_any()).is_ok());
        assert!(shell.session::<Jachete>().is_some());
        let save = crate::app::save::to_json(&Session::new(table).unwrap());
        assert!(save::from_json(&save).is_ok());
        assert!(save::from_json(&save).is_ok());
    }

    /// A J'achète game of bots is dealt, played to its end through the
    /// shell's bot turns and the worker's answers, saved, and read back.
    #[test]
    fn jachete_plays_through_the_shell() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, "", 0.0).shell;
        let mut table = TableConfig::<Jachete>::new(Seed::from_number(5), 4);
        table.seats = vec![SeatKind::Bot(Level::Normal); 4];
        assert_eq!(shell.new_game(table.into_any()), Ok(None), "no person: no par");
        let mut moves = 0;
        while let Some(turn) = shell.bot_turn() {
            assert!(shell.bot_moved(turn.at, Some(worker::run(&turn.job))));
            moves += 1;
            assert!(moves < 20_000, "the game ends");
        }
        assert!(shell.game.as_ref().unwrap().is_over());
        assert!(shell.game.as_ref().unwrap().get::<Jachete>().unwrap().outcome().is_some());
        assert!(shell.save(&mut storage, 1.0));
        let back = Shell::start(&mut storage, "", 2.0);
        assert!(back.shell.set_aside.is_none(), "the save reads back");
    }

    /// A few moves of the game in progress (bots as without a worker, the
    /// person passing).
    fn play_some(shell: &mut Shell, moves: usize) {
        for _ in 0..moves {
            match shell.bot_turn() {
                Some(turn) => assert!(shell.bot_moved(turn.at, None)),
                None => shell.act::<Katzenjammer>(Action::Pass).unwrap(),
            }
        }
    }

    /// Play with a four-player table on deal number `n`, saved at `at`.
    fn deal_and_save(shell: &mut Shell, storage: &mut Memory, n: u64, at: f64) {
        shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(n), 4).into_any()).unwrap();
        shell.save(storage, at);
    }

    fn other_link(n: u64) -> String {
        format!("?game=katzenjammer&seed={}&players=3", Seed::from_number(n))
    }

    fn deals(shell: &Shell) -> Vec<(String, usize)> {
        let seed = |s: &AnySession| crate::games::each_game!(s.table(), t => t.seed.to_string());
        shell.kept.iter().map(|k| (seed(&k.session), k.session.moves())).collect()
    }

    #[test]
    fn a_link_to_another_deal_keeps_the_game_in_progress() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        play_some(&mut shell, 5);
        assert!(shell.save(&mut storage, 10.0));
        let moves = shell.game.as_ref().unwrap().moves();
        // A friend's link to another deal: dealt, and the first game kept.
        let start = Shell::start(&mut storage, &other_link(77), 20.0);
        assert!(start.dealt);
        let mut shell = start.shell;
        assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), moves)]);
        assert_eq!(shell.kept[0].at, 10.0);
        shell.save(&mut storage, 30.0);
        // A reload shows the friend's game; the first is still kept.
        let again = Shell::start(&mut storage, "", 40.0).shell;
        assert_eq!(again.game.as_ref().unwrap().moves(), 0);
        assert_eq!(deals(&again), vec![("1K7Q-M3ZD".to_string(), moves)]);
        // The first link again resumes the first game where it was.
        let back = Shell::start(&mut storage, LINK, 50.0);
        assert!(!back.dealt);
        assert_eq!(back.shell.game.as_ref().unwrap().moves(), moves);
        assert_eq!(back.shell.kept.len(), 1, "the friend's game is kept in turn");
    }

    #[test]
    fn play_keeps_the_game_in_progress_and_the_list_is_newest_first() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        play_some(&mut shell, 3);
        shell.save(&mut storage, 1.0);
        for (n, at) in [(8, 2.0), (9, 3.0)] {
            shell.new_game(TableConfig::<Katzenjammer>::new(Seed::from_number(n), 4).into_any()).unwrap();
            play_some(&mut shell, 1);
            shell.save(&mut storage, at);
        }
        let order = vec![(Seed::from_number(8).to_string(), 1), ("1K7Q-M3ZD".to_string(), 3)];
        assert_eq!(deals(&shell), order);
        // The same after a reload.
        let mut shell = Shell::start(&mut storage, "", 4.0).shell;
        assert_eq!(deals(&shell), order);
        // Resuming the oldest makes it current; the one in progress is kept first.
        shell.resume(1);
        assert_eq!(shell.game.as_ref().unwrap().moves(), 3);
        let seeds: Vec<_> = deals(&shell).into_iter().map(|(s, _)| s).collect();
        assert_eq!(seeds, [Seed::from_number(9).to_string(), Seed::from_number(8).to_string()]);
    }

    #[test]
    fn the_single_save_of_the_previous_build_joins_the_list() {
        let mut storage = Memory::default();
        let old = include_str!("../../tests/fixtures/katzenjammer-save-midgame.json");
        storage.store(&save_key(GameId::Katzenjammer), old);
        let start = Shell::start(&mut storage, "", 5.0);
        assert_eq!(start.first, First::Game);
        assert_eq!(start.shell.game.as_ref().unwrap().moves(), 40);
        assert_eq!(storage.load(&save_key(GameId::Katzenjammer)), None, "moved, not copied");
        let key = game_key(GameId::Katzenjammer, 1);
        assert_eq!(storage.load(&key).as_deref(), Some(old));
        assert_eq!(storage.load(GAMES_KEY).unwrap(), format!("[{{\"key\":\"{key}\",\"at\":5}}]"));
        // A new game keeps it; a reload finds both.
        let mut shell = start.shell;
        deal_and_save(&mut shell, &mut storage, 3, 6.0);
        let shell = Shell::start(&mut storage, "", 7.0).shell;
        assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), 40)]);
        assert_eq!(shell.key.as_deref(), Some("tablee.katzenjammer.game.2"));
    }

    #[test]
    fn a_finished_game_leaves_the_list() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        shell.save(&mut storage, 0.0);
        deal_and_save(&mut shell, &mut storage, 4, 1.0);
        play_to_end(&mut shell, &mut storage);
        let finished = shell.key.clone().unwrap();
        // A reload still shows its end.
        let mut shell = Shell::start(&mut storage, "", 2.0).shell;
        assert!(shell.game.as_ref().unwrap().is_over());
        assert_eq!(deals(&shell).len(), 1, "the first game is kept");
        // Play again: the finished game goes (it is in the history).
        deal_and_save(&mut shell, &mut storage, 5, 3.0);
        assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), 0)]);
        assert_eq!(storage.load(&finished), None);
        assert!(!storage.load(GAMES_KEY).unwrap().contains(&finished));
    }

    #[test]
    fn at_most_twenty_games_are_kept_the_oldest_dropped() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, "", 0.0).shell;
        for n in 1..=25 {
            deal_and_save(&mut shell, &mut storage, n, n as f64);
        }
        assert_eq!(shell.kept.len(), MAX_GAMES - 1);
        assert_eq!(deals(&shell)[0].0, Seed::from_number(24).to_string(), "newest first");
        assert_eq!(deals(&shell)[MAX_GAMES - 2].0, Seed::from_number(6).to_string());
        for n in 1..=5 {
            assert_eq!(storage.load(&game_key(GameId::Katzenjammer, n)), None, "game {n} dropped");
        }
        assert!(storage.load(&game_key(GameId::Katzenjammer, 6)).is_some());
        let again = Shell::start(&mut storage, "", 30.0).shell;
        assert_eq!(again.kept.len(), MAX_GAMES - 1);
    }

    #[test]
    fn a_damaged_game_in_the_list_is_kept_aside_and_the_others_load() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        shell.save(&mut storage, 1.0);
        deal_and_save(&mut shell, &mut storage, 4, 2.0);
        storage.store("tablee.katzenjammer.game.2", "{oops");
        let start = Shell::start(&mut storage, "", 1234.0);
        let aside = start.shell.set_aside.clone().unwrap();
        assert_eq!(aside.key, "tablee.katzenjammer.broken.1234");
        assert_eq!(storage.load(&aside.key).as_deref(), Some("{oops"));
        assert!(same_table(&start.shell.game.as_ref().unwrap().table(), &shell.kept[0].session.table()), "the first game loads");
        assert!(start.shell.kept.is_empty());
    }

    /// Issue 34: an unfinished game removed from the home screen's list
    /// (confirmed there) leaves the list and its save goes; the game in
    /// progress and the other kept games stay, after a reload too. Red if
    /// the removal were not written (a reload would list it again) or took
    /// another game.
    #[test]
    fn a_kept_game_removed_from_the_list_is_gone_and_the_others_stay() {
        let mut storage = Memory::default();
        let mut shell = Shell::start(&mut storage, LINK, 0.0).shell;
        play_some(&mut shell, 2);
        shell.save(&mut storage, 1.0);
        deal_and_save(&mut shell, &mut storage, 8, 2.0);
        deal_and_save(&mut shell, &mut storage, 9, 3.0);
        assert_eq!(deals(&shell), vec![(Seed::from_number(8).to_string(), 0), ("1K7Q-M3ZD".to_string(), 2)]);
        let gone = shell.kept[0].key.clone();
        assert!(!shell.remove_kept(2, &mut storage), "no such game");
        assert!(shell.remove_kept(0, &mut storage));
        assert_eq!(deals(&shell), vec![("1K7Q-M3ZD".to_string(), 2)]);
        assert_eq!(storage.load(&gone), None, "its save is removed");
        assert!(!storage.load(GAMES_KEY).unwrap().contains(&gone));
        let again = Shell::start(&mut storage, "", 4.0).shell;
        assert_eq!(deals(&again), vec![("1K7Q-M3ZD".to_string(), 2)]);
        assert_eq!(again.game.as_ref().map(|g| g.table()), shell.game.as_ref().map(|g| g.table()), "the game in progress stays");
    }
}
