//! The record of finished games on this device ("Your games"): each one's
//! date and save, for the history list and its replay links.
//!
//! Stored under [`PAST_KEY`] as JSON Lines, oldest first, one finished game
//! a line: `{"at":<ms>,"save":{…the game's save…}}\n`. The first-load build
//! only appends a line when a game is counted ([`append`]: no parsing, so
//! that it costs that build almost nothing); the whole app's build reads it
//! ([`load`]), replays each save for its result, and sets an unreadable line
//! aside like a damaged save (never silently dropped).
//!
//! At most [`MAX_PAST`] games are kept, the oldest dropped: a 4-player
//! Katzenjammer save is about 3 KB, an 8-player J'achète one up to 17 KB,
//! so fifty stay well inside localStorage's 5 MB next to the unfinished
//! games, and fifty is as far back as anyone scrolls.

use tablee_bots::Level;
use tablee_engine::json::Json;

use super::config::SeatKind;
use super::storage::Storage;
use super::game::GameDef;
use crate::games::{AnySession, GameId};
use super::save::{self, SaveError};
use super::session::Session;

/// Where the finished games are kept (JSON Lines, oldest first).
pub const PAST_KEY: &str = "tablee.past";
/// The newest this many finished games are kept.
pub const MAX_PAST: usize = 50;

/// Records a finished game (`save`: its save's text), played at `at`;
/// not twice in a row (a game without a history entry, hot-seat or
/// all-bot, is offered again when its page reloads: it is the newest line).
pub fn append(storage: &mut dyn Storage, at: f64, save: &str) {
    let mut text = storage.load(PAST_KEY).unwrap_or_default();
    if text.strip_suffix("}\n").is_some_and(|t| t.ends_with(save)) {
        return;
    }
    // Plain byte work: this runs in the first load's build, where every
    // string-searching routine costs.
    let ends: Vec<usize> = text.bytes().enumerate().filter(|&(_, b)| b == b'\n').map(|(i, _)| i).collect();
    if ends.len() >= MAX_PAST {
        // Keep the newest MAX_PAST - 1 lines, then this game's.
        text.drain(..=ends[ends.len() - MAX_PAST]);
    }
    for part in ["{\"at\":", &(at as i64).to_string(), ",\"save\":", save, "}\n"] {
        text.push_str(part);
    }
    storage.store(PAST_KEY, &text);
}

/// A finished game of the record.
#[derive(Clone, Debug)]
pub struct Past {
    /// When it was played (ms since 1970; 0 when unknown).
    pub at: f64,
    pub session: AnySession,
    /// The person's result: seat, place and score (the game's own: mice,
    /// points), when one person played.
    pub mine: Option<Mine>,
    /// The strongest bot at the table.
    pub strongest: Option<Level>,
    /// Every seat's place and score, and the winners (for a game several
    /// people, or only bots, played: the record words it seat by seat).
    pub places: Vec<usize>,
    pub scores: Vec<i32>,
    pub winners: Vec<usize>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mine {
    pub seat: usize,
    pub place: usize,
    pub score: i32,
    pub won: bool,
}

impl Past {
    pub fn game(&self) -> GameId {
        self.session.game()
    }

    pub fn players(&self) -> usize {
        self.session.table().players()
    }
}

/// Reads one line; `None` when it is not a finished game's record.
fn read_line(line: &str) -> Result<Past, SaveError> {
    let doc = Json::parse(line).map_err(|e| SaveError::NotJson(e.to_string()))?;
    let at = doc.get("at").and_then(Json::as_f64).ok_or(SaveError::Field("at"))?;
    let session = save::from_value(doc.get("save").ok_or(SaveError::Field("save"))?)?;
    if !session.is_over() {
        return Err(SaveError::Field("actions"));
    }
    fn facts<G: GameDef>(s: &Session<G>) -> (Option<Mine>, Option<Level>, Vec<usize>, tablee_engine::Outcome) {
        let strongest = s.config().seats.iter().filter_map(|k| match k {
            SeatKind::Bot(level) => Some(*level),
            SeatKind::Human => None,
        });
        // The game's own places, tie-breaks and all: the end screen's.
        let places = G::places(s.state()).unwrap_or_default();
        let mine = (|| {
            let seat = s.config().solo_seat()?;
            let outcome = s.outcome()?;
            let place = *places.get(seat)?;
            Some(Mine { seat, place, score: *outcome.scores.get(seat)?, won: outcome.winners.contains(&seat) })
        })();
        // A record is a finished game (checked above): it has an outcome.
        let outcome = s.outcome().unwrap_or(tablee_engine::Outcome { scores: Vec::new(), winners: Vec::new() });
        (mine, strongest.max_by_key(|l| rank(*l)), places, outcome)
    }
    let (mine, strongest, places, outcome) = crate::games::each_game!(session & session, s => facts(s));
    Ok(Past { at, session, mine, strongest, places, scores: outcome.scores, winners: outcome.winners })
}

/// The record's text read: its games newest first, the lines that read
/// (to write back), and the ones that do not with the first one's error
/// (`Shell::load_past` sets them aside).
pub struct Record {
    pub games: Vec<Past>,
    pub kept: String,
    pub bad: String,
    pub error: Option<SaveError>,
}

/// Reads the record ([`PAST_KEY`]'s text).
pub fn read(text: &str) -> Record {
    let mut record = Record { games: Vec::new(), kept: String::new(), bad: String::new(), error: None };
    for line in text.lines().filter(|l| !l.trim().is_empty()) {
        match read_line(line) {
            Ok(past) => {
                record.games.push(past);
                record.kept.push_str(line);
                record.kept.push('\n');
            }
            Err(error) => {
                record.error.get_or_insert(error);
                record.bad.push_str(line);
                record.bad.push('\n');
            }
        }
    }
    record.games.reverse();
    record
}

/// A level's place among every level, weakest first.
fn rank(level: Level) -> usize {
    Level::ALL.iter().position(|&l| l == level).unwrap_or(0)
}

/// Games won and played against each bot level (the strongest bot at the
/// table), weakest level first; levels never met are left out.
pub fn per_level(games: &[Past]) -> Vec<(Level, u32, u32)> {
    let mut out: Vec<(Level, u32, u32)> = Vec::new();
    for game in games {
        let (Some(level), Some(mine)) = (game.strongest, game.mine) else { continue };
        match out.iter_mut().find(|(l, _, _)| *l == level) {
            Some(entry) => {
                entry.1 += u32::from(mine.won);
                entry.2 += 1;
            }
            None => out.push((level, u32::from(mine.won), 1)),
        }
    }
    out.sort_by_key(|(level, _, _)| rank(*level));
    out
}

#[cfg(test)]
mod tests {
    use crate::app::controller::{AnyGame, Shell};
    use super::*;
    use crate::app::controller::tests::{empty_shell, play_to_end, Memory};
    use crate::app::controller::ASIDE_KEY;
    use crate::app::save::tests::played_with;
    use crate::games::test_game::TestGame;
    use crate::games::Registered;

    fn finished(seed: u64, level: Level) -> Session<TestGame> {
        played_with(seed, vec![SeatKind::Human, SeatKind::Bot(Level::Easy), SeatKind::Bot(level)], usize::MAX)
    }

    #[test]
    fn the_newest_fifty_are_kept_newest_first() {
        let mut storage = Memory::default();
        let games: Vec<_> = (1..=3).map(|s| save::to_json(&finished(s, Level::Normal))).collect();
        for i in 0..(MAX_PAST + 7) {
            append(&mut storage, 1000.0 * i as f64, &games[i % 3]);
        }
        assert_eq!(storage.0[PAST_KEY].lines().count(), MAX_PAST);
        let mut shell = empty_shell(&mut storage);
        let past = shell.load_past(&mut storage, 1.0);
        assert_eq!(past.len(), MAX_PAST);
        assert_eq!(past[0].at, 1000.0 * (MAX_PAST + 6) as f64, "the newest first");
        assert_eq!(past[MAX_PAST - 1].at, 7000.0, "the oldest seven dropped");
        assert!(past.windows(2).all(|w| w[0].at > w[1].at));
        assert!(shell.set_aside.is_none());
        let first = past[0].session.get::<TestGame>().unwrap();
        assert_eq!(save::to_json(first), games[(MAX_PAST + 6) % 3]);
        let mine = past[0].mine.unwrap();
        assert_eq!(mine.seat, 0);
        assert!((1..=3).contains(&mine.place));
        assert_eq!(mine.score, first.outcome().unwrap().scores[0]);
    }

    #[test]
    fn an_unreadable_record_is_set_aside_and_the_others_kept() {
        let mut storage = Memory::default();
        append(&mut storage, 5.0, &save::to_json(&finished(1, Level::Hard)));
        let mut text = storage.0[PAST_KEY].clone();
        text.push_str("{\"at\":6,\"save\":{\"v\":1,\"game\":\"chess\"}}\nnot json\n");
        storage.0.insert(PAST_KEY.to_string(), text);
        append(&mut storage, 7.0, &save::to_json(&finished(2, Level::Expert)));
        let mut shell = empty_shell(&mut storage);
        let past = shell.load_past(&mut storage, 99.0);
        assert_eq!(past.iter().map(|p| p.at).collect::<Vec<_>>(), vec![7.0, 5.0]);
        let aside = shell.set_aside.clone().expect("said on the page");
        assert!(aside.history);
        assert_eq!(aside.error, SaveError::Game("chess".into()));
        let kept_aside = &storage.0[&aside.key];
        assert!(kept_aside.contains("chess") && kept_aside.contains("not json"), "{kept_aside}");
        assert!(storage.0[ASIDE_KEY].contains(&aside.key));
        // The record now holds only the readable games; read again, nothing is set aside.
        assert_eq!(storage.0[PAST_KEY].lines().count(), 2);
        let mut shell = empty_shell(&mut storage);
        assert_eq!(shell.load_past(&mut storage, 100.0).len(), 2);
        assert!(shell.set_aside.is_none());
        assert_eq!(per_level(&past).iter().map(|(l, _, n)| (*l, *n)).collect::<Vec<_>>(), vec![(Level::Hard, 1), (Level::Expert, 1)]);
    }

    /// The shell records each counted game once, with its save.
    #[test]
    fn a_counted_game_joins_the_record_once() {
        let mut storage = Memory::default();
        let mut start = Shell::start(&mut storage, &format!("?game={}&seed=1K7Q-M3ZD&players=3", TestGame::CODE), 1.0);
        let shell = &mut start.shell;
        play_to_end::<TestGame>(shell, &mut storage);
        shell.record_if_over_any(&mut storage);
        let past = shell.load_past(&mut storage, 2.0);
        assert_eq!(past.len(), 1);
        assert_eq!(
            save::any_to_json(&past[0].session),
            save::any_to_json(shell.game.as_ref().unwrap()),
            "the record holds the finished game's save"
        );
    }

    /// Issue 13: a hot-seat game and a game of bots only join the record
    /// too (not the history: no one person's result), once — again when
    /// the shell offers it, and after a reload that resumes it (red if the
    /// writer appended it twice or skipped such games), with every seat's
    /// place and score for the record's words.
    #[test]
    fn hot_seat_and_all_bot_games_are_recorded_once() {
        for (seats, people) in [("human,human,normal", 2), ("easy,normal,hard", 0)] {
            let mut storage = Memory::default();
            let mut shell = Shell::start(&mut storage, &format!("?game={}&seed=1K7Q-M3ZD&players=3&seats={seats}", TestGame::CODE), 1.0).shell;
            play_to_end::<TestGame>(&mut shell, &mut storage);
            shell.record_if_over_any(&mut storage);
            let mut reloaded = Shell::start(&mut storage, "", 2.0).shell;
            assert!(reloaded.game.as_ref().is_some_and(AnySession::is_over), "the finished game is resumed");
            reloaded.record_if_over_any(&mut storage);
            let past = reloaded.load_past(&mut storage, 3.0);
            assert_eq!(past.len(), 1, "{seats}: recorded once");
            let game = &past[0];
            assert!(game.mine.is_none() && game.strongest.is_some());
            crate::games::each_game!(session &game.session, s => assert_eq!(s.config().humans().len(), people));
            let outcome = shell.game.as_ref().unwrap().get::<TestGame>().unwrap().outcome().unwrap();
            assert_eq!(game.scores, outcome.scores);
            assert_eq!(game.winners, outcome.winners);
            assert_eq!(Some(game.places.clone()), TestGame::places(shell.game.as_ref().unwrap().get::<TestGame>().unwrap().state()));
            assert!(game.winners.iter().all(|&w| game.places[w] == 1));
            assert!(per_level(&past).is_empty(), "no person's result: not in the wins per level");
            assert_eq!(reloaded.history(TestGame::ID).played, 0, "not in the history");
        }
    }
}
