//! Puzzles in the app, as plain Rust (docs/architecture.md, "Puzzles in the
//! app"): a puzzle's position as a session, the first move judged against
//! the answers, the puzzle of the day, and what this browser keeps — solved
//! puzzles, first tries, the daily streak and a puzzle rating.
//!
//! The puzzle files are `puzzles/<game>.json` next to the page (each game's
//! `src/games/<game>/public/puzzles/`) ([`tablee_puzzles::format`]),
//! one a game (Katzenjammer's, J'achète's); the record is one for both games:
//! one rating and one daily streak, each try named by its game and its id.
//! Its position is resumed like a save: the shell's own save document is
//! written for the table (the person in the puzzle's seat, bots elsewhere)
//! and the file's actions, and read back by the shell's save reader.

use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_puzzles::format::{Candidate, Kind, Opened, Parts, Puzzle, PuzzleFile};
use tablee_puzzles::judge::{Comparison, Standing};

use super::config::{Day, SeatKind, TableConfig};
use super::game::GameDef;
use crate::games::{GameId, Registered};
use super::save::{self, SaveError};
use super::session::Session;
use super::worker::Job;

/// Where the page fetches a game's puzzles (next to index.html):
/// `puzzles/katzenjammer.json`, `puzzles/jachete.json`.
pub fn file_path(game: GameId) -> String {
    format!("puzzles/{}.json", game.code())
}

/// Where the page fetches part `part` of a game's split puzzle file, the
/// actions of a run of its games: `puzzles/jachete/3.json`.
pub fn part_path(game: GameId, part: usize) -> String {
    Parts::path(&file_path(game), part)
}

/// Reads a game's puzzle file as fetched: a split file's index (its games'
/// actions and its puzzles' analysis in its parts, read as puzzles open:
/// [`part_needed`]) or a whole file.
/// Its kinds and units are the game's ([`GameId::puzzles`]).
pub fn read_index(game: GameId, text: &str) -> Result<(PuzzleFile, Option<Parts>), PuzzleError> {
    let vocabulary = game.puzzles().ok_or_else(|| PuzzleError::BadFile(format!("{} has no puzzles", game.code())))?;
    let (file, parts) = PuzzleFile::read_index(text, &vocabulary).map_err(|e| PuzzleError::BadFile(e.to_string()))?;
    if file.game != game.code() {
        return Err(PuzzleError::BadFile(format!("a file of {}", file.game)));
    }
    Ok((file, parts))
}

/// The part of the file to fetch and read ([`PuzzleFile::read_part`])
/// before puzzle `id` opens: the one holding its game's actions and its
/// analysis (`None`: they are read, or there is no such puzzle — which
/// opening it says).
pub fn part_needed(file: &PuzzleFile, parts: Option<&Parts>, id: Option<u32>) -> Option<usize> {
    let puzzle = file.puzzle(id?)?;
    match file.is_read(puzzle) {
        true => None,
        false => parts.map(|parts| parts.of_game(puzzle.game)),
    }
}

/// Puzzle `id` of `file` opened: the puzzle, its part read ([`Opened`]:
/// what the verdict and the answer need), and its position as a session.
/// A puzzle whose part is not read is [`PuzzleError::NoFile`] (its part
/// could not be had), never a puzzle without its candidates.
pub fn open<G: Registered>(file: &PuzzleFile, id: Option<u32>) -> Result<(Opened, Session<G>), PuzzleError> {
    let found = id.and_then(|id| file.puzzle(id)).ok_or(PuzzleError::NoSuchPuzzle(id))?;
    let opened = file.opened(found.id).ok_or(PuzzleError::NoFile)?;
    let session = session::<G>(file, &opened)?;
    Ok((opened, session))
}

/// Where this browser keeps its puzzle record, of both games (the name is
/// older than J'achète's puzzles: kept, so that a record is found where it
/// has always been).
pub const PROGRESS_KEY: &str = GameId::PUZZLE_RECORD_KEY;
/// The record's format version: 2 names each try's game; 1 (Katzenjammer's
/// puzzles only) still reads.
pub const PROGRESS_VERSION: u64 = 2;
/// A newcomer's puzzle rating.
pub const START_RATING: i32 = 1500;
/// How far one first try moves the rating at most (Elo's K).
const K: f64 = 32.0;

/// Why a puzzle cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleError {
    /// The file could not be fetched (offline before it was cached, or gone).
    NoFile,
    /// The file does not read (the format's message, for the console).
    BadFile(String),
    /// No puzzle has this number (`None`: the link's number does not read).
    NoSuchPuzzle(Option<u32>),
    /// The puzzle's position does not replay, or it is not its seat's turn.
    BadPosition(u32),
}

/// A puzzle's position: the table with the person in the puzzle's seat and
/// the game's bots elsewhere, replayed through the shell's save reader.
pub fn session<G: Registered>(file: &PuzzleFile, puzzle: &Opened) -> Result<Session<G>, PuzzleError> {
    let bad = PuzzleError::BadPosition(puzzle.id);
    // Its game's actions not read: its part of the file was not fetched.
    let (game, before) = file.position(puzzle).ok_or(PuzzleError::NoFile)?;
    let seats = game
        .seats
        .iter()
        .enumerate()
        .map(|(seat, name)| match SeatKind::parse(name) {
            _ if seat == puzzle.seat => Some(SeatKind::Human),
            // A person in the mined game: a `normal` bot plays on for them.
            Some(SeatKind::Human) => Some(SeatKind::Bot(Level::Normal)),
            // A game's research bots (`GameDef::research_seat`) are not the
            // page's: a `normal` bot plays on for them too.
            None if G::research_seat(name) => Some(SeatKind::Bot(Level::Normal)),
            other => other,
        })
        .collect::<Option<Vec<_>>>()
        .ok_or(bad.clone())?;
    let options = G::options_from_json(&game.options).map_err(|_| bad.clone())?;
    let mut document = save::table_to_value(&TableConfig::<G> { seed: game.seed, seats, options, daily: None, names: Vec::new(), here: None, seed_hidden: false });
    document.set("actions", Json::Arr(before.to_vec()));
    let session = save::game_from_value::<G>(&document).map_err(|_: SaveError| bad.clone())?;
    if session.human_to_act() != Some(puzzle.seat) {
        return Err(bad);
    }
    Ok(session)
}

/// The key of an action written in the game's notation (`None`: not an
/// action of `G`).
fn canonical<G: GameDef>(action: &Json) -> Option<String> {
    G::action_from_json(action).ok().map(|a| G::puzzle_key(&a))
}

/// How a first move compares with the puzzle's answers.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    /// It counts as right: an answer, or a move the analysis finds at least
    /// as good as the best it knows (issue 52: never cut for one).
    pub right: bool,
    /// The candidate the move was (`None`: a move the stored analysis did not compare).
    pub candidate: Option<usize>,
    /// How it compares with the best known move. `None` for a move the
    /// stored analysis did not compare until it is evaluated ([`evaluation`],
    /// [`evaluated`]), and for good if it cannot be: such a try is not counted.
    pub against: Option<Against>,
}

/// A move against the best move the puzzle knows.
#[derive(Clone, Debug, PartialEq)]
pub struct Against {
    pub standing: Standing,
    /// The move's value minus the best's, in the puzzle's unit (paired, on
    /// the same worlds, for a move evaluated).
    pub gap: f64,
    /// A move the stored analysis did not compare: its value by the same
    /// analysis afterwards (in the notation, on the same worlds as the stored values).
    pub evaluated: Option<Candidate>,
}

impl Verdict {
    /// Whether the try counts (the rating, the streak, solved): the move
    /// was judged against the best known.
    pub fn counts(&self) -> bool {
        self.against.is_some()
    }
}

/// The best move the puzzle knows: its first answer (best first).
fn best_known(puzzle: &Opened) -> Option<&Candidate> {
    puzzle.candidates.get(*puzzle.answers.first()?)
}

/// Judges the move played in the puzzle's position, by its key
/// ([`GameDef::puzzle_key`]), against its candidates (read: [`Opened`]).
/// A move that is none of them is not judged yet ([`Verdict::against`]
/// `None`): the page has it evaluated ([`evaluation`]).
pub fn judge<G: GameDef>(puzzle: &Opened, played: &G::Action) -> Verdict {
    let played = G::puzzle_key(played);
    let candidate = puzzle.candidates.iter().position(|c| canonical::<G>(&c.action).as_deref() == Some(played.as_str()));
    let right = candidate.is_some_and(|c| puzzle.answers.contains(&c));
    let against = candidate.zip(best_known(puzzle)).map(|(c, best)| Against {
        standing: if right { Standing::AsGood } else { Standing::Worse },
        gap: puzzle.candidates[c].value - best.value,
        evaluated: None,
    });
    Verdict { right, candidate, against }
}

/// The worker's job for a move the stored analysis did not compare: it and
/// the best known move, analysed at the puzzle's position (`position`: the
/// game before the move) by the analysis that mined the puzzle, on its
/// worlds ([`worker::Job::Evaluate`]). `None` for a move it compared.
pub fn evaluation<G: Registered>(puzzle: &Opened, verdict: &Verdict, position: &Session<G>, played: &G::Action) -> Option<Job> {
    if verdict.candidate.is_some() || position.moves().count() != puzzle.at {
        return None;
    }
    let best = best_known(puzzle)?.action.clone();
    Some(Job::Evaluate { game: save::to_value(position), moves: vec![best, G::action_to_json(played)], unit: puzzle.unit })
}

/// The verdict of a move the stored analysis did not compare, once
/// evaluated: right when at least as good as the best known, by the rule
/// that ties the analysis' answers ([`Comparison::standing`]). Without an
/// evaluation (`None`: the worker failed) the try is not counted.
pub fn evaluated<G: GameDef>(puzzle: &Opened, played: &G::Action, comparison: Option<Comparison>) -> Verdict {
    let against = comparison.map(|c| Against {
        standing: c.standing(puzzle.unit),
        gap: c.gap.mean,
        evaluated: Some(Candidate { action: G::action_to_json(played), value: c.played.mean, ci: c.played.ci }),
    });
    Verdict { right: against.as_ref().is_some_and(|a| a.standing != Standing::Worse), candidate: None, against }
}

/// The first move made in the puzzle's position, once made (the session
/// was opened at the puzzle's position).
pub fn first_move<G: GameDef>(puzzle: &Puzzle, session: &Session<G>) -> Option<G::Action> {
    session.moves().nth(puzzle.at).filter(|(seat, _)| *seat == puzzle.seat).map(|(_, action)| action.clone())
}

/// The puzzle of `day` in `file`: the same for everyone on that UTC date (a
/// mix of the day's number picks among the puzzles in id order). Each game
/// offers its own; the daily streak counts a day once, whichever game's
/// daily puzzle was tried ([`Progress::record`]).
pub fn daily(file: &PuzzleFile, day: Day) -> Option<&Puzzle> {
    let mut ids: Vec<u32> = file.puzzles.iter().map(|p| p.id).collect();
    if ids.is_empty() {
        return None;
    }
    ids.sort_unstable();
    // splitmix64's finaliser: neighbouring days land far apart.
    let mut z = (day.days() as u64).wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    file.puzzle(ids[(z % ids.len() as u64) as usize])
}

/// The puzzle after `id` in id order, never tried, that the list's `choice`
/// admits — of the same difficulty as `id` first; else any never tried;
/// else the next one.
pub fn next<'a>(game: GameId, file: &'a PuzzleFile, id: u32, choice: Choice, progress: &Progress) -> Option<&'a Puzzle> {
    let difficulty = file.puzzle(id).map_or(1, |p| p.difficulty);
    let mut list: Vec<&Puzzle> = file.puzzles.iter().filter(|p| p.id != id).collect();
    list.sort_by_key(|p| (p.id <= id, p.id));
    let fresh = |p: &&&Puzzle| progress.tried(game, p.id).is_none();
    let chosen = |p: &&&Puzzle| choice.admits(p) && fresh(p);
    list.iter()
        .find(|p| p.difficulty == difficulty && chosen(p))
        .or_else(|| list.iter().find(chosen))
        .or_else(|| list.iter().find(fresh))
        .or(list.first())
        .copied()
}

/// What the puzzles screen is set to show: a theme (a kind of move) and a
/// difficulty, `None` meaning any.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Choice {
    pub kind: Option<Kind>,
    pub difficulty: Option<u8>,
}

impl Choice {
    pub fn admits(&self, puzzle: &Puzzle) -> bool {
        self.kind.is_none_or(|k| puzzle.kind == k) && self.difficulty.is_none_or(|d| puzzle.difficulty == d)
    }
}

/// The puzzle to open next among those `choice` admits: the first never
/// tried (in id order), else the first tried and not yet solved; `None` once
/// every one is solved.
pub fn next_unsolved<'a>(game: GameId, file: &'a PuzzleFile, choice: Choice, progress: &Progress) -> Option<&'a Puzzle> {
    let mut list: Vec<&Puzzle> = file.puzzles.iter().filter(|p| choice.admits(p)).collect();
    list.sort_by_key(|p| p.id);
    let never = list.iter().find(|p| progress.tried(game, p.id).is_none());
    never.or_else(|| list.iter().find(|p| progress.tried(game, p.id).is_some_and(|t| !t.solved))).copied()
}

/// How many of the puzzles `choice` admits are solved, and how many there are.
pub fn solved_of(game: GameId, file: &PuzzleFile, choice: Choice, progress: &Progress) -> (usize, usize) {
    let admitted = file.puzzles.iter().filter(|p| choice.admits(p));
    admitted.fold((0, 0), |(solved, all), p| (solved + usize::from(progress.tried(game, p.id).is_some_and(|t| t.solved)), all + 1))
}

/// The themes `game`'s file offers: its kinds, in the order the game lists them.
pub fn kinds(game: GameId, file: &PuzzleFile) -> Vec<Kind> {
    let all = game.puzzles().map_or(&[][..], |v| v.kinds);
    all.iter().copied().filter(|k| file.puzzles.iter().any(|p| p.kind == *k)).collect()
}

/// A puzzle's rating for the Elo-like update: its difficulty (1..3).
pub fn puzzle_rating(difficulty: u8) -> i32 {
    1200 + 300 * i32::from(difficulty.clamp(1, 3))
}

/// The player's new rating after a first try at a puzzle of `difficulty`.
pub fn rated(rating: i32, difficulty: u8, right: bool) -> i32 {
    let expected = 1.0 / (1.0 + 10f64.powf(f64::from(puzzle_rating(difficulty) - rating) / 400.0));
    let score = if right { 1.0 } else { 0.0 };
    rating + (K * (score - expected)).round() as i32
}

/// A puzzle tried on this device: puzzle `id` of `game` (each game's file
/// numbers its own puzzles from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tried {
    pub game: GameId,
    pub id: u32,
    /// The first try was right (only it counts for the rating).
    pub first: bool,
    /// Right at some try.
    pub solved: bool,
}

/// This browser's puzzle record (localStorage [`PROGRESS_KEY`]), both games':
/// `{"v":2,"rating":1516,"tried":[{"game":"jachete","id":12,"first":true,"solved":true}],"daily":{"day":"2026-11-23","streak":3,"best":5}}`.
/// A version 1 record (before J'achète's puzzles: no `game`) reads as Katzenjammer's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Progress {
    pub rating: i32,
    pub tried: Vec<Tried>,
    /// The last day whose daily puzzle was tried, and the days in a row.
    pub daily_day: Option<Day>,
    pub streak: u32,
    pub best_streak: u32,
}

impl Default for Progress {
    fn default() -> Progress {
        Progress { rating: START_RATING, tried: Vec::new(), daily_day: None, streak: 0, best_streak: 0 }
    }
}

/// What one try changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// It was the first try at this puzzle (it counted).
    pub first: bool,
    /// The rating change (0 after the first try).
    pub rating_change: i32,
}

impl Progress {
    pub fn tried(&self, game: GameId, id: u32) -> Option<Tried> {
        self.tried.iter().find(|t| t.game == game && t.id == id).copied()
    }

    pub fn solved(&self) -> usize {
        self.tried.iter().filter(|t| t.solved).count()
    }

    pub fn first_tries_right(&self) -> usize {
        self.tried.iter().filter(|t| t.first).count()
    }

    /// The daily streak as of `today`: broken when yesterday's was missed.
    pub fn streak_on(&self, today: Day) -> u32 {
        match self.daily_day {
            Some(day) if today.days() - day.days() <= 1 => self.streak,
            _ => 0,
        }
    }

    /// Records a try at puzzle `id` of `game`; `daily`: it is the puzzle of
    /// this day (of either game) and that day is today (the streak counts
    /// days in a row with a daily puzzle tried, as the daily deal's counts
    /// days with it finished).
    pub fn record(&mut self, game: GameId, id: u32, difficulty: u8, right: bool, daily: Option<Day>) -> Recorded {
        if let Some(t) = self.tried.iter_mut().find(|t| t.game == game && t.id == id) {
            t.solved |= right;
            return Recorded { first: false, rating_change: 0 };
        }
        self.tried.push(Tried { game, id, first: right, solved: right });
        let before = self.rating;
        self.rating = rated(self.rating, difficulty, right);
        if let Some(day) = daily {
            if self.daily_day != Some(day) {
                self.streak = if self.daily_day.is_some_and(|d| day.days() - d.days() == 1) { self.streak + 1 } else { 1 };
                self.daily_day = Some(day);
                self.best_streak = self.best_streak.max(self.streak);
            }
        }
        Recorded { first: true, rating_change: self.rating - before }
    }

    /// Reads a record; `Err` names what is wrong (the page sets it aside).
    pub fn read(text: &str) -> Result<Progress, SaveError> {
        let json = Json::parse(text).map_err(|e| SaveError::NotJson(e.to_string()))?;
        let version = match json.get("v").and_then(Json::as_u64) {
            Some(v @ (1 | PROGRESS_VERSION)) => v,
            other => return Err(SaveError::Version(other.map(|v| v.to_string()))),
        };
        let rating = json.get("rating").and_then(Json::as_f64).filter(|r| r.is_finite()).ok_or(SaveError::Field("rating"))?;
        let tried = json
            .get("tried")
            .and_then(Json::as_array)
            .ok_or(SaveError::Field("tried"))?
            .iter()
            .map(|t| {
                let game = match version {
                    // Version 1 was written before there were other games.
                    1 => GameId::UNNAMED,
                    _ => GameId::parse(t.get("game")?.as_str()?)?,
                };
                Some(Tried {
                    game,
                    id: u32::try_from(t.get("id")?.as_u64()?).ok()?,
                    first: t.get("first")?.as_bool()?,
                    solved: t.get("solved")?.as_bool()?,
                })
            })
            .collect::<Option<Vec<_>>>()
            .ok_or(SaveError::Field("tried"))?;
        let daily = json.get("daily").ok_or(SaveError::Field("daily"))?;
        let daily_day = match daily.get("day") {
            None | Some(Json::Null) => None,
            Some(day) => Some(day.as_str().and_then(Day::parse).ok_or(SaveError::Field("daily"))?),
        };
        let count = |key| daily.get(key).and_then(Json::as_u64).and_then(|n| u32::try_from(n).ok()).ok_or(SaveError::Field("daily"));
        Ok(Progress { rating: rating.round() as i32, tried, daily_day, streak: count("streak")?, best_streak: count("best")? })
    }

    pub fn text(&self) -> String {
        let tried = self
            .tried
            .iter()
            .map(|t| {
                let id = Json::int(i64::from(t.id));
                Json::obj([("game", Json::str(t.game.code())), ("id", id), ("first", t.first.into()), ("solved", t.solved.into())])
            })
            .collect();
        let day = self.daily_day.map_or(Json::Null, |d| Json::Str(d.to_string()));
        Json::obj([
            ("v", Json::int(PROGRESS_VERSION as i64)),
            ("rating", Json::int(i64::from(self.rating))),
            ("tried", Json::Arr(tried)),
            ("daily", Json::obj([("day", day), ("streak", self.streak.into()), ("best", self.best_streak.into())])),
        ])
        .text()
    }
}

/// A puzzle's link: names the game and the puzzle, not a language.
pub fn link(game: GameId, id: u32) -> String {
    format!("?game={}&puzzle={id}", game.code())
}

/// The puzzles screen's link, with `game` chosen.
pub fn list_link(game: GameId) -> String {
    format!("?game={}&puzzles", game.code())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// The first game of the registry with puzzles (a puzzle's game, for the
    /// record: the games' own files are tested in their folders).
    pub(crate) fn with_puzzles() -> GameId {
        GameId::ALL.into_iter().find(|g| g.has_puzzles()).expect("a game with puzzles")
    }

    /// Another game with puzzles than `than`.
    pub(crate) fn other_with_puzzles(than: GameId) -> GameId {
        GameId::ALL.into_iter().find(|&g| g != than && g.has_puzzles()).expect("another game with puzzles")
    }

    /// A game's shipped puzzle file (`src/games/<game>/public/puzzles/<game>.json`, the
    /// miner's): its index and its parts, as shipped (docs/puzzles.md, "The file").
    pub(crate) fn shipped(game: GameId) -> PuzzleFile {
        let path = format!("{}/src/games/{code}/public/puzzles/{code}.json", env!("CARGO_MANIFEST_DIR"), code = game.code());
        tablee_puzzles::format::read_file(&path, &game.puzzles().unwrap()).unwrap_or_else(|e| panic!("{}'s puzzle file and its parts: {e:?}", game.title()))
    }

    #[test]
    fn the_rating_moves_by_difficulty_and_only_on_the_first_try() {
        let game = with_puzzles();
        assert!(rated(1500, 1, true) > 1500 && rated(1500, 1, true) < rated(1500, 3, true));
        assert!(rated(1500, 3, false) < 1500 && rated(1500, 3, false) > rated(1500, 1, false));
        // Even odds: half of K.
        assert_eq!(rated(puzzle_rating(2), 2, true), puzzle_rating(2) + 16);
        let mut p = Progress::default();
        let first = p.record(game, 4, 2, false, None);
        assert!(first.first && first.rating_change < 0);
        let again = p.record(game, 4, 2, true, None);
        assert_eq!(again, Recorded { first: false, rating_change: 0 });
        assert_eq!(p.tried(game, 4), Some(Tried { game: game, id: 4, first: false, solved: true }));
        assert_eq!((p.solved(), p.first_tries_right()), (1, 0));
        assert_eq!(p.rating, START_RATING + first.rating_change);
    }

    #[test]
    fn the_daily_streak_counts_days_in_a_row() {
        let game = with_puzzles();
        let d = |n: i64| Day::from_days(Day::new(2026, 11, 1).unwrap().days() + n).unwrap();
        let mut p = Progress::default();
        p.record(game, 1, 1, true, Some(d(0)));
        p.record(game, 2, 1, false, Some(d(1)));
        assert_eq!(p.streak_on(d(1)), 2);
        assert_eq!(p.streak_on(d(2)), 2, "today's not tried yet: the streak stands");
        // Another puzzle the same day does not count twice.
        p.record(game, 3, 1, true, Some(d(1)));
        assert_eq!(p.streak, 2);
        assert_eq!(p.streak_on(d(3)), 0, "a day missed breaks it");
        p.record(game, 4, 1, true, Some(d(3)));
        assert_eq!((p.streak, p.best_streak), (1, 2));
        // A puzzle that is not the daily one does not touch it.
        p.record(game, 5, 1, true, None);
        assert_eq!(p.daily_day, Some(d(3)));
    }

    #[test]
    fn the_record_reads_back_and_a_damaged_one_says_what() {
        let game = with_puzzles();
        let mut p = Progress::default();
        p.record(game, 12, 3, true, Day::new(2026, 11, 23));
        p.record(game, 7, 1, false, None);
        let text = p.text();
        assert_eq!(Progress::read(&text), Ok(p.clone()));
        assert!(text.starts_with("{\"v\":2,"), "{text}");
        assert_eq!(Progress::read(&Progress::default().text()), Ok(Progress::default()));
        assert!(matches!(Progress::read("{\"v\":2,"), Err(SaveError::NotJson(_))));
        assert_eq!(Progress::read(&text.replace("\"v\":2", "\"v\":3")), Err(SaveError::Version(Some("3".into()))));
        assert_eq!(Progress::read("{}"), Err(SaveError::Version(None)));
        assert_eq!(Progress::read(&text.replace("\"first\":true", "\"first\":1")), Err(SaveError::Field("tried")));
        assert_eq!(Progress::read(&text.replace("2026-11-23", "2026-13-01")), Err(SaveError::Field("daily")));
        assert_eq!(Progress::read(&text.replace("\"rating\"", "\"elo\"")), Err(SaveError::Field("rating")));
    }
}
