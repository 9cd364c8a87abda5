//! A game on the table: what the page shows first (a link, a kept game or
//! home), a game begun, a person's move, the bots' moves asked of the
//! worker and their replies, a move taken back.

use tablee_engine::json::Json;
use tablee_engine::{RuleError, Seat, Shared};

use crate::app::config::{Day, TableConfig};
use crate::games::{AnySession, AnyTable, GameId, Registered};
use crate::app::link::{self, LinkError, LinkRequest};
use crate::app::session::Session;
use crate::app::storage::Storage;
use crate::app::worker::{self, Job, Reply};

use super::shell::{BotTurn, First, Followed, Kept, Maker, NeedsMakers, Par, Shell, Start};

impl Shell {
    /// [`Shell::open`] with every game's maker at hand (natively).
    pub fn start(storage: &mut dyn Storage, search: &str, now_ms: f64) -> Start {
        match Shell::open(storage, search, now_ms, &Maker::all()) {
            Ok(start) => start,
            Err(NeedsMakers(games)) => unreachable!("every game's maker is at hand, yet {games:?} are missing"),
        }
    }

    /// Reads the saved games and the link (`location.search`), and decides
    /// what the page shows first. A save that cannot be resumed is kept aside
    /// under a dated key (never lost) and said so.
    ///
    /// The saves are replayed and the link's deal dealt by their games'
    /// makers: without one of them this changes nothing and says which to
    /// fetch first (a new visitor's home screen needs none).
    pub fn open(storage: &mut dyn Storage, search: &str, now_ms: f64, makers: &[Maker]) -> Result<Start, NeedsMakers> {
        let request = link::read(search);
        let mut needed = Shell::saved_games(storage);
        if let Ok(LinkRequest { deal: Some(deal), .. }) = &request {
            needed.push(deal.game());
        }
        let missing: Vec<GameId> = GameId::ALL.into_iter().filter(|g| needed.contains(g) && !makers.iter().any(|m| m.game == *g)).collect();
        if !missing.is_empty() {
            return Err(NeedsMakers(missing));
        }
        let mut shell = Shell::empty(storage);
        shell.makers = makers.to_vec();
        shell.check_histories(storage, now_ms);
        shell.load_games(storage, now_ms);
        let lang = request.as_ref().ok().and_then(|r| r.lang);
        let mut start = Start { shell, first: First::Home, lang, home_table: None, par_job: None, dealt: false };
        // Nothing is shown yet: a link that shows no game keeps the newest
        // game in progress reachable from the home screen.
        let followed = start.shell.take_link(request, now_ms, true);
        (start.first, start.home_table, start.par_job, start.dealt) = (followed.first, followed.home_table, followed.par_job, followed.dealt);
        start.shell.tidy();
        start.shell.write_list(storage);
        Ok(start)
    }

    /// Reads an address of this page as a link while the page runs: the
    /// browser's Back or Forward to another deal's address ([`Shell::open`]'s
    /// reading, on the games in hand — the game in progress is kept, a deal
    /// already kept is resumed). Without the link's game's maker this
    /// changes nothing and says which to fetch first.
    pub fn follow(&mut self, storage: &mut dyn Storage, search: &str, now_ms: f64) -> Result<Followed, NeedsMakers> {
        let request = link::read(search);
        if let Ok(LinkRequest { deal: Some(deal), .. }) = &request {
            if self.maker(deal.game()).is_none() {
                return Err(NeedsMakers(vec![deal.game()]));
            }
        }
        let lang = request.as_ref().ok().and_then(|r| r.lang);
        let mut followed = self.take_link(request, now_ms, false);
        followed.lang = lang;
        self.tidy();
        self.write_list(storage);
        Ok(followed)
    }

    /// What a link read shows: its deal (resumed when kept, else dealt), a
    /// problem, or (no deal) the game in progress, else the home screen.
    /// `starting`: the page shows nothing yet, so the newest kept game is
    /// the one to show (or to hold, beside a problem).
    fn take_link(&mut self, request: Result<LinkRequest, LinkError>, now_ms: f64, starting: bool) -> Followed {
        let mut followed = Followed { first: First::Home, lang: None, home_table: None, par_job: None, dealt: false };
        match request {
            Err(error) => {
                // Keep the game in progress reachable from the home screen.
                if starting {
                    self.hold_newest();
                }
                followed.first = First::Problem(error);
            }
            Ok(LinkRequest { deal, table, games, .. }) => {
                followed.home_table = Some(table);
                // A link to today's deal is today's deal (no hints,
                // counted once), however it was written.
                let deal = deal.map(|d| match Day::from_epoch_ms(now_ms) {
                    Some(today) => d.with_daily_label(today),
                    None => d,
                });
                // A daily deal is never a match (KB-20's option is off).
                let games = if deal.as_ref().is_some_and(is_daily) { 1 } else { games };
                match deal {
                    // The deal in progress is shown as it is.
                    Some(deal)
                        if !starting
                            && self.game.as_ref().is_some_and(|g| g.match_games() == games && same_table(&g.link_table(), &deal)) =>
                    {
                        followed.first = First::Game;
                    }
                    // A deal (or a match) already kept is resumed, not dealt anew.
                    Some(deal) => match self.kept.iter().position(|k| k.session.match_games() == games && same_table(&k.session.link_table(), &deal)) {
                        Some(index) => followed.resume(self, index),
                        None => match self.deal(deal.clone(), games) {
                            Ok(session) => {
                                followed.par_job = self.begin(session);
                                followed.first = First::Game;
                                followed.dealt = true;
                            }
                            Err(_) => {
                                if starting {
                                    self.hold_newest();
                                }
                                followed.first = First::Problem(LinkError::cannot_deal(&deal));
                            }
                        },
                    },
                    None if starting && !self.kept.is_empty() => followed.resume(self, 0),
                    None if !starting && self.game.is_some() => followed.first = First::Game,
                    None => {}
                }
            }
        }
        followed
    }


    /// Shows a new game `session` (the one in progress is kept) and starts
    /// its par; returns the par job to send.
    pub fn begin(&mut self, session: AnySession) -> Option<Job> {
        let key = self.fresh_key(&session);
        self.show(session, key, 0.0)
    }

    pub(super) fn show(&mut self, session: AnySession, key: String, at: f64) -> Option<Job> {
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
        let session = self.deal(table, games)?;
        Ok(self.begin(session))
    }

    /// Deals `table` with its game's maker (a match of `games` games).
    fn deal(&self, table: AnyTable, games: usize) -> Result<AnySession, String> {
        let maker = self.maker(table.game()).ok_or_else(|| format!("{} is not fetched yet", table.game().code()))?;
        (maker.deal)(table, games)
    }

    /// Deals the next game of the match in progress, a game of `G`, once
    /// its game is over (the finished one leaves the list: it is in the
    /// history, and its result in the next game's match); `None` when there
    /// is none to deal.
    pub fn next_in_match<G: Registered>(&mut self) -> Option<Option<Job>> {
        let next = self.session::<G>()?.next_in_match()?.into_any();
        let finished = self.key.clone();
        let job = self.begin(next);
        if let Some(index) = self.kept.iter().position(|k| Some(&k.key) == finished.as_ref()) {
            self.dropped.push(self.kept.remove(index).key);
        }
        Some(job)
    }

    /// The session of game `G` in progress.
    pub fn session<G: Registered>(&self) -> Option<&Session<G>> {
        self.game.as_ref()?.get::<G>()
    }

    /// A person's move in game `G`. Refused (nothing changes) when it is not a
    /// person's turn or the rules refuse it.
    pub fn act<G: Registered>(&mut self, action: G::Action) -> Result<(), RuleError<G::Refusal>> {
        let session = self.game.as_mut().and_then(|g| g.get_mut::<G>()).ok_or(Shared::NoGame)?;
        session.apply_human(action)
    }

    /// Keeps the table's notes with the game of `G` (saved with it); false
    /// when no game of `G` is in progress.
    pub fn set_note<G: Registered>(&mut self, note: Option<Json>) -> bool {
        match self.game.as_mut().and_then(|g| g.get_mut::<G>()) {
            Some(session) => {
                session.set_note(note);
                true
            }
            None => false,
        }
    }

    /// The session of game `G` in progress, to change.
    fn session_mut<G: Registered>(&mut self) -> Option<&mut Session<G>> {
        self.game.as_mut()?.get_mut::<G>()
    }

    // The play on a table is typed by its game (the table's own part of the
    // page reaches only its game's code: docs/performance.md, "The play
    // code per game"); each answers "none" when the game in progress is
    // another game's.

    /// The bot to act, if it is a bot's turn (cheap: no job is written).
    pub fn bot_to_act<G: Registered>(&self) -> Option<Seat> {
        self.session::<G>()?.bot_to_act().map(|(seat, _)| seat)
    }

    /// The bot's move to ask for now, if it is a bot's turn.
    pub fn bot_turn<G: Registered>(&self) -> Option<BotTurn> {
        let session = self.session::<G>()?;
        let decision = session.bot_decision()?;
        Some(BotTurn { seat: decision.seat, at: decision.at, job: worker::decide_job(session, &decision) })
    }

    /// Plays the answer the person to act left in advance, if any
    /// ([`Session::apply_standing`]: hot-seat buy wishes); true when it did.
    pub fn standing_step<G: Registered>(&mut self) -> bool {
        self.session_mut::<G>().and_then(Session::apply_standing).is_some()
    }

    /// Plays the worker's reply to a bot turn; without a usable reply (no
    /// worker) the bot falls back to the simplest move. False when the game
    /// moved on meanwhile (the reply is dropped).
    pub fn bot_moved<G: Registered>(&mut self, at: usize, reply: Option<Reply>) -> bool {
        let Some(s) = self.session_mut::<G>() else { return false };
        let Some(decision) = s.bot_decision().filter(|d| d.at == at) else { return false };
        let chosen = match reply {
            Some(Reply::Action { action }) => G::action_from_json(&action).ok(),
            _ => None,
        };
        let Some(action) = chosen.or_else(|| decision.fallback()) else { return false };
        s.apply_bot(at, &action).is_ok()
    }

    /// Whether the person may take back their last move now ([`Session::can_take_back`]).
    pub fn can_take_back<G: Registered>(&self) -> bool {
        self.session::<G>().is_some_and(Session::can_take_back)
    }

    /// Takes back the person's last move (and the bots' since) in the game in
    /// progress, which becomes practice; true when it did (the caller saves).
    pub fn take_back<G: Registered>(&mut self) -> bool {
        self.session_mut::<G>().is_some_and(Session::take_back)
    }
}

impl Followed {
    fn resume(&mut self, shell: &mut Shell, index: usize) {
        self.par_job = shell.resume(index);
        self.first = First::Game;
    }
}

/// The same deal and table (the daily label aside): a save belongs to a link
/// when this holds.
pub(super) fn same_table(a: &AnyTable, b: &AnyTable) -> bool {
    fn same<G: Registered>(a: &TableConfig<G>, b: &AnyTable) -> bool {
        G::as_table(b).is_some_and(|b| a.same_table(b))
    }
    crate::games::each_game!(a, t => same(t, b))
}

fn is_daily(table: &AnyTable) -> bool {
    crate::games::each_game!(table, t => t.daily.is_some())
}

/// Par is computed for the only person at the table.
fn par_job<G: Registered>(session: &Session<G>) -> Option<Job> {
    let seat = session.config().solo_seat()?;
    Some(worker::par_job(session.config(), seat))
}

