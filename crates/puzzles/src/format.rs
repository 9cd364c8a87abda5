//! The puzzle file: `public/puzzles/<game>.json`, written by `tablee puzzles`
//! and read by the page when its puzzles screen opens.
//!
//! ```json
//! {"v":1,"game":"katzenjammer",
//!  "games":[{"seed":"1K7Q-M3ZD","seats":["normal","hard","expert","normal"],
//!            "options":{},"actions":[{"seat":1,"act":"pass"}, ...]}],
//!  "puzzles":[{"id":1,"g":0,"at":17,"seat":2,"kind":"bid","difficulty":2,
//!              "found_by":["expert"],"unit":"mice","answers":[0],
//!              "candidates":[{"action":{"act":"pass"},"value":1.3,"ci":0.2}, ...],
//!              "why":{"en":"…","fr":"…"}}]}
//! ```
//!
//! Version 2 (issue 32) splits a file in two: the index
//! `public/puzzles/<game>.json` holds the games without their actions (each
//! with `actions_count` instead) and the puzzles, unchanged; the games'
//! actions are in part files beside it, `<game>/<k>.json` (the index's name
//! without `.json`, then the part's number), part `k` holding games
//! `k × part_games` to `(k + 1) × part_games − 1`:
//!
//! ```json
//! {"v":2,"game":"jachete","part_games":4,
//!  "games":[{"seed":"…","seats":[…],"options":{},"actions_count":57}, ...],
//!  "puzzles":[…]}
//! {"v":2,"game":"jachete","part":0,"games":[{"actions":[…]}, ...]}
//! ```
//!
//! The page fetches the index for its list and, to open a puzzle, only the
//! part of that puzzle's game: J'achète's `play` actions list the whole
//! table, most of a file's bytes. [`PuzzleFile::read_index`] reads either
//! version (a version 1 file is its own index, its actions inline) and
//! [`PuzzleFile::read_part`] a part into it: an index and all its parts read
//! as the same [`PuzzleFile`] as the version 1 file they were split from.
//!
//! A puzzle's position is game `g` after its first `at` actions: replaying the
//! seed and those actions through the engine reaches it exactly (actions are
//! the game's notation with the seat first, as in a save). Several puzzles
//! share one game's actions, which keeps the file small. `seat` is the seat to
//! move there; `answers` index `candidates` (one answer, or several equal
//! within noise); each candidate's `value` is the analysis' mean for that
//! move, in `unit` (expected mice for the seat, or its win chance in
//! percent), `ci` the half-width of its 95% interval.

use tablee_engine::json::{Json, ParseError};
use tablee_engine::{Seat, Seed, SeedError};

/// The single file's version (all in one), which this build writes and reads.
pub const VERSION: u64 = 1;
/// The split file's version: an index and its parts.
pub const SPLIT_VERSION: u64 = 2;

/// A whole puzzle file.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleFile {
    /// The game's code (`katzenjammer`).
    pub game: String,
    pub games: Vec<PuzzleGame>,
    pub puzzles: Vec<Puzzle>,
}

/// A seeded game that puzzles are taken from.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleGame {
    pub seed: Seed,
    /// Who played each seat (`human`, `easy`, `normal`, `hard`, `expert`…): the
    /// bots that continue the game when a player plays on from a puzzle.
    pub seats: Vec<String>,
    /// The game's options, in its save codec (`{"full_mice":false}`).
    pub options: Json,
    /// Every action up to the last puzzle taken from it, seat first.
    pub actions: Vec<Json>,
}

/// What kind of move a puzzle asks for (the set is kept varied by kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    Bid,
    Pass,
    /// Foursomes to present (possibly none).
    Present,
    /// A presentation in which joker cats are the point.
    JokerCats,
    /// J'achète (issue 32): buy the card on offer or let it go.
    Buy,
    /// J'achète: which card to discard.
    Discard,
    /// J'achète: open now (lay the contract) or not.
    Open,
    /// J'achète: which table to lay once opened (lay off, meld, or keep).
    Lay,
    /// J'achète: a natural swapped for the wild standing for it.
    Swap,
}

/// The unit of a candidate's value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// Expected mice for the seat at the end of the game.
    Mice,
    /// The seat's chance to win, in percent.
    WinChance,
    /// J'achète: minus the points the seat is left holding when the round
    /// ends (JA-17; 0 for going out): higher is better, as for the others.
    Points,
}

/// One move the analysis compared.
#[derive(Clone, Debug, PartialEq)]
pub struct Candidate {
    /// The move, in the game's notation (no seat).
    pub action: Json,
    pub value: f64,
    /// Half-width of the 95% interval of `value`.
    pub ci: f64,
}

/// One puzzle.
#[derive(Clone, Debug, PartialEq)]
pub struct Puzzle {
    /// Stable and unique in its file: links name it (`puzzle=ID`).
    pub id: u32,
    /// Index of its game in [`PuzzleFile::games`].
    pub game: usize,
    /// How many of that game's actions lead to the position.
    pub at: usize,
    /// The seat to move, whose view the puzzle shows.
    pub seat: Seat,
    pub kind: Kind,
    /// 1 (`hard` finds it) to 3 (no shipped level does).
    pub difficulty: u8,
    /// The bot levels whose own choice is an answer.
    pub found_by: Vec<String>,
    pub unit: Unit,
    /// Indices into `candidates`: the best move, or several equal within noise.
    pub answers: Vec<usize>,
    /// The moves compared, best first: the answers, then the best others
    /// (every one the deep analysis compared, or the best few of them).
    pub candidates: Vec<Candidate>,
    /// How many moves the deep analysis compared (`compared`; `None` in a
    /// puzzle that keeps only its answers and the best other move, as the
    /// first files did: `tablee puzzles --complete` fills it in). When it is
    /// more than `candidates.len()`, the file keeps only the best of them.
    pub compared: Option<usize>,
    /// One line from the analysis, in English and in French.
    pub why_en: String,
    pub why_fr: String,
}

/// Why a puzzle file cannot be read.
#[derive(Clone, Debug, PartialEq)]
pub enum FormatError {
    NotJson(ParseError),
    /// A version this build does not read (`None`: none given).
    Version(Option<u64>),
    /// A field missing or malformed: where (`games[3].seed`, `puzzles[7].at`).
    Field(String),
    Seed(SeedError),
    /// Two puzzles share this id.
    DuplicateId(u32),
    /// A version 2 index read as a whole file: its actions are in its parts
    /// ([`PuzzleFile::read_index`], then [`PuzzleFile::read_part`]).
    Index,
    /// Part `part` is of another game's file.
    PartGame { part: usize, game: String },
    /// The text read as part `part` says it is part `found`.
    PartNumber { part: usize, found: Option<u64> },
    /// Part `part` holds `found` games where the index has `expected`.
    PartGames { part: usize, expected: usize, found: usize },
    /// Game `game` has `found` actions in its part, the index says `expected`.
    PartActions { game: usize, expected: usize, found: usize },
    /// The index has no part `part`.
    NoSuchPart(usize),
    /// Part `part` could not be read (a file missing, a fetch failed).
    MissingPart { part: usize, why: String },
    /// The file (the index) could not be read.
    NoFile(String),
}

impl std::fmt::Display for FormatError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormatError::NotJson(e) => write!(f, "not JSON: {e}"),
            FormatError::Version(Some(v)) => write!(f, "puzzle file version {v}, this build reads {VERSION}"),
            FormatError::Version(None) => write!(f, "no puzzle file version (\"v\")"),
            FormatError::Field(at) => write!(f, "missing or malformed: {at}"),
            FormatError::Seed(e) => write!(f, "bad seed: {e}"),
            FormatError::DuplicateId(id) => write!(f, "two puzzles have the id {id}"),
            FormatError::Index => write!(f, "a split puzzle file's index: its games' actions are in its parts"),
            FormatError::PartGame { part, game } => write!(f, "part {part} is a part of a {game} file"),
            FormatError::PartNumber { part, found: Some(n) } => write!(f, "part {part}'s file says it is part {n}"),
            FormatError::PartNumber { part, found: None } => write!(f, "part {part}'s file names no part (\"part\")"),
            FormatError::PartGames { part, expected, found } => write!(f, "part {part} holds {found} games, the index {expected}"),
            FormatError::PartActions { game, expected, found } => {
                write!(f, "game {game} has {found} actions in its part, the index says {expected}")
            }
            FormatError::NoSuchPart(part) => write!(f, "the index has no part {part}"),
            FormatError::MissingPart { part, why } => write!(f, "part {part} cannot be read: {why}"),
            FormatError::NoFile(why) => write!(f, "cannot be read: {why}"),
        }
    }
}

impl Kind {
    pub fn code(self) -> &'static str {
        match self {
            Kind::Bid => "bid",
            Kind::Pass => "pass",
            Kind::Present => "present",
            Kind::JokerCats => "jokers",
            Kind::Buy => "buy",
            Kind::Discard => "discard",
            Kind::Open => "open",
            Kind::Lay => "lay",
            Kind::Swap => "swap",
        }
    }

    /// Every kind: Katzenjammer's four, then J'achète's five.
    pub const ALL: [Kind; 9] =
        [Kind::Bid, Kind::Pass, Kind::Present, Kind::JokerCats, Kind::Buy, Kind::Discard, Kind::Open, Kind::Lay, Kind::Swap];

    pub fn parse(code: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.code() == code)
    }
}

impl Unit {
    pub fn code(self) -> &'static str {
        match self {
            Unit::Mice => "mice",
            Unit::WinChance => "win",
            Unit::Points => "points",
        }
    }

    pub fn parse(code: &str) -> Option<Unit> {
        [Unit::Mice, Unit::WinChance, Unit::Points].into_iter().find(|u| u.code() == code)
    }
}

impl PuzzleGame {
    pub fn players(&self) -> usize {
        self.seats.len()
    }
}

impl Puzzle {
    /// The answers, as actions in the game's notation.
    pub fn answer_actions(&self) -> impl Iterator<Item = &Json> {
        self.answers.iter().filter_map(|&i| self.candidates.get(i)).map(|c| &c.action)
    }
}

impl PuzzleFile {
    pub fn puzzle(&self, id: u32) -> Option<&Puzzle> {
        self.puzzles.iter().find(|p| p.id == id)
    }

    /// The game a puzzle is taken from, and the actions that lead to it
    /// (`None`: its game's part is not read yet).
    pub fn position(&self, puzzle: &Puzzle) -> Option<(&PuzzleGame, &[Json])> {
        let game = self.games.get(puzzle.game)?;
        Some((game, game.actions.get(..puzzle.at)?))
    }

    /// The file's first `n` puzzles: the games they use, the last one's
    /// actions cut at its last puzzle. A miner's file is written puzzle by
    /// puzzle in order, so this is what the same run with `--count n` writes
    /// (`tablee puzzles --first N`: a file cut to its size budget).
    pub fn first(&self, n: usize) -> PuzzleFile {
        let puzzles: Vec<Puzzle> = self.puzzles.iter().take(n).cloned().collect();
        let games_used = puzzles.iter().map(|p| p.game + 1).max().unwrap_or(0);
        let mut games: Vec<PuzzleGame> = self.games.iter().take(games_used).cloned().collect();
        if let Some(last) = games.last_mut() {
            let at = puzzles.iter().filter(|p| p.game + 1 == games_used).map(|p| p.at).max().unwrap_or(0);
            last.actions.truncate(at);
        }
        PuzzleFile { game: self.game.clone(), games, puzzles }
    }

    /// Reads a whole (version 1) file; a version 2 index is refused
    /// ([`FormatError::Index`]): read it with [`PuzzleFile::read_index`].
    pub fn parse(text: &str) -> Result<PuzzleFile, FormatError> {
        match PuzzleFile::read_index(text)? {
            (file, None) => Ok(file),
            (_, Some(_)) => Err(FormatError::Index),
        }
    }

    pub fn from_json(json: &Json) -> Result<PuzzleFile, FormatError> {
        match PuzzleFile::index_from_json(json)? {
            (file, None) => Ok(file),
            (_, Some(_)) => Err(FormatError::Index),
        }
    }

    /// Reads a file of either version: a version 1 file whole (no parts), a
    /// version 2 index with its games' actions empty until its parts are
    /// read ([`PuzzleFile::read_part`]) — its puzzles, ids and themes are
    /// all there.
    pub fn read_index(text: &str) -> Result<(PuzzleFile, Option<Parts>), FormatError> {
        let json = Json::parse(text).map_err(FormatError::NotJson)?;
        Self::index_from_json(&json)
    }

    fn index_from_json(json: &Json) -> Result<(PuzzleFile, Option<Parts>), FormatError> {
        let split = match json.get("v").and_then(Json::as_u64) {
            Some(VERSION) => false,
            Some(SPLIT_VERSION) => true,
            other => return Err(FormatError::Version(other)),
        };
        let game = text(json, "game", "game")?;
        let games = array(json, "games", "games")?
            .iter()
            .enumerate()
            .map(|(i, g)| read_game(g, i, split))
            .collect::<Result<Vec<_>, _>>()?;
        let counts: Vec<usize> = games.iter().map(|(_, n)| *n).collect();
        let games: Vec<PuzzleGame> = games.into_iter().map(|(g, _)| g).collect();
        let puzzles = array(json, "puzzles", "puzzles")?
            .iter()
            .enumerate()
            .map(|(i, p)| read_puzzle(p, i, &games, &counts))
            .collect::<Result<Vec<_>, _>>()?;
        let mut ids: Vec<u32> = puzzles.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(FormatError::DuplicateId(w[0]));
        }
        let parts = match split {
            false => None,
            true => Some(Parts {
                part_games: usize::try_from(number(json, "part_games", "")?).ok().filter(|&n| n > 0).ok_or_else(|| field("", "part_games"))?,
                counts,
            }),
        };
        Ok((PuzzleFile { game, games, puzzles }, parts))
    }

    /// Reads part `part` of the index `parts` (from [`PuzzleFile::read_index`])
    /// into its games: refused unless it is this game's, that part, with as
    /// many games and actions as the index says.
    pub fn read_part(&mut self, parts: &Parts, part: usize, text: &str) -> Result<(), FormatError> {
        let games = parts.games(part).ok_or(FormatError::NoSuchPart(part))?;
        let json = Json::parse(text).map_err(FormatError::NotJson)?;
        match json.get("v").and_then(Json::as_u64) {
            Some(SPLIT_VERSION) => {}
            other => return Err(FormatError::Version(other)),
        }
        let game = text_of(&json, "game")?;
        if game != self.game {
            return Err(FormatError::PartGame { part, game });
        }
        match json.get("part").and_then(Json::as_u64) {
            Some(n) if n == part as u64 => {}
            found => return Err(FormatError::PartNumber { part, found }),
        }
        let list = array(&json, "games", "games")?;
        if list.len() != games.len() {
            return Err(FormatError::PartGames { part, expected: games.len(), found: list.len() });
        }
        let actions = list
            .iter()
            .zip(games.clone())
            .map(|(g, i)| {
                let actions = array(g, "actions", &format!("games[{i}]"))?;
                match (parts.counts[i], actions.len()) {
                    (expected, found) if expected != found => Err(FormatError::PartActions { game: i, expected, found }),
                    _ => Ok(actions.to_vec()),
                }
            })
            .collect::<Result<Vec<_>, _>>()?;
        for (i, actions) in games.zip(actions) {
            self.games[i].actions = actions;
        }
        Ok(())
    }

    /// Reads an index and every one of its parts (`part(k)`: part `k`'s
    /// text, or why it cannot be had): the whole file, as version 1 reads.
    pub fn read_split(text: &str, mut part: impl FnMut(usize) -> Result<String, String>) -> Result<PuzzleFile, FormatError> {
        let (mut file, parts) = PuzzleFile::read_index(text)?;
        if let Some(parts) = parts {
            for k in 0..parts.len() {
                let text = part(k).map_err(|why| FormatError::MissingPart { part: k, why })?;
                file.read_part(&parts, k, &text)?;
            }
        }
        Ok(file)
    }

    pub fn to_json(&self) -> Json {
        Json::obj([
            ("v", Json::int(VERSION as i64)),
            ("game", Json::str(&self.game)),
            ("games", Json::Arr(self.games.iter().map(game_to_json).collect())),
            ("puzzles", Json::Arr(self.puzzles.iter().map(puzzle_to_json).collect())),
        ])
    }

    /// The file's text: one game or puzzle per line, so diffs stay readable.
    pub fn text(&self) -> String {
        let games: Vec<Json> = self.games.iter().map(game_to_json).collect();
        lines(&[("v", Json::int(VERSION as i64)), ("game", Json::str(&self.game))], &[("games", &games), ("puzzles", &self.puzzles())])
    }

    fn puzzles(&self) -> Vec<Json> {
        self.puzzles.iter().map(puzzle_to_json).collect()
    }

    /// The file split (version 2): the index's text, then each part's, `part_games`
    /// games a part (at least one). Part `k` is written `<index name>/<k>.json`.
    pub fn split(&self, part_games: usize) -> (String, Vec<String>) {
        let part_games = part_games.max(1);
        let games: Vec<Json> = self
            .games
            .iter()
            .map(|g| {
                let mut json = game_to_json(g);
                if let Json::Obj(fields) = &mut json {
                    fields.retain(|(k, _)| k != "actions");
                    fields.push(("actions_count".into(), Json::int(g.actions.len() as i64)));
                }
                json
            })
            .collect();
        let head = [("v", Json::int(SPLIT_VERSION as i64)), ("game", Json::str(&self.game)), ("part_games", Json::int(part_games as i64))];
        let index = lines(&head, &[("games", &games), ("puzzles", &self.puzzles())]);
        let parts = self
            .games
            .chunks(part_games)
            .enumerate()
            .map(|(k, chunk)| {
                let games: Vec<Json> = chunk.iter().map(|g| Json::obj([("actions", Json::Arr(g.actions.clone()))])).collect();
                let head = [("v", Json::int(SPLIT_VERSION as i64)), ("game", Json::str(&self.game)), ("part", Json::int(k as i64))];
                lines(&head, &[("games", &games)])
            })
            .collect();
        (index, parts)
    }
}

/// Reads a puzzle file from disk, of either version: a version 2 index with
/// every part from beside it ([`Parts::path`]). What the tools and tests use.
pub fn read_file(path: &str) -> Result<PuzzleFile, FormatError> {
    let text = std::fs::read_to_string(path).map_err(|e| FormatError::NoFile(format!("{path}: {e}")))?;
    PuzzleFile::read_split(&text, |k| {
        let part = Parts::path(path, k);
        std::fs::read_to_string(&part).map_err(|e| format!("{part}: {e}"))
    })
}

/// Where a version 2 index's games' actions are: `part_games` games a part,
/// in order, and how many actions each game has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    pub part_games: usize,
    /// Each game's number of actions (`actions_count`).
    pub counts: Vec<usize>,
}

impl Parts {
    /// How many parts.
    pub fn len(&self) -> usize {
        self.counts.len().div_ceil(self.part_games)
    }

    pub fn is_empty(&self) -> bool {
        self.counts.is_empty()
    }

    /// The part holding game `game`'s actions.
    pub fn of_game(&self, game: usize) -> usize {
        game / self.part_games
    }

    /// The games part `part` holds (`None`: no such part).
    pub fn games(&self, part: usize) -> Option<std::ops::Range<usize>> {
        let start = part.checked_mul(self.part_games).filter(|&s| s < self.counts.len())?;
        Some(start..(start + self.part_games).min(self.counts.len()))
    }

    /// Part `part`'s path beside the index `index` (`puzzles/jachete.json`
    /// → `puzzles/jachete/3.json`).
    pub fn path(index: &str, part: usize) -> String {
        format!("{}/{part}.json", index.strip_suffix(".json").unwrap_or(index))
    }
}

/// A file's text: the `head` fields on the first line, then each list with
/// one item a line.
fn lines(head: &[(&str, Json)], lists: &[(&str, &[Json])]) -> String {
    let mut out = String::from("{");
    for (i, (key, value)) in head.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        Json::str(key).write(&mut out);
        out.push(':');
        value.write(&mut out);
    }
    for (key, list) in lists {
        out.push_str(",\n\"");
        out.push_str(key);
        out.push_str("\":[");
        for (i, item) in list.iter().enumerate() {
            out.push_str(if i == 0 { "\n" } else { ",\n" });
            item.write(&mut out);
        }
        out.push_str("\n]");
    }
    out.push_str("}\n");
    out
}

fn field(at: &str, key: &str) -> FormatError {
    FormatError::Field(if at.is_empty() { key.to_string() } else { format!("{at}.{key}") })
}

fn text_of(json: &Json, key: &str) -> Result<String, FormatError> {
    text(json, key, key)
}

fn text(json: &Json, key: &str, at: &str) -> Result<String, FormatError> {
    json.get(key).and_then(Json::as_str).map(str::to_string).ok_or_else(|| field(at, key).or_top(key))
}

fn array<'a>(json: &'a Json, key: &str, at: &str) -> Result<&'a [Json], FormatError> {
    json.get(key).and_then(Json::as_array).ok_or_else(|| field(at, key).or_top(key))
}

fn number(json: &Json, key: &str, at: &str) -> Result<u64, FormatError> {
    json.get(key).and_then(Json::as_u64).ok_or_else(|| field(at, key))
}

fn real(json: &Json, key: &str, at: &str) -> Result<f64, FormatError> {
    json.get(key).and_then(Json::as_f64).filter(|v| v.is_finite()).ok_or_else(|| field(at, key))
}

impl FormatError {
    /// A top-level field is named alone (`games`, not `games.games`).
    fn or_top(self, key: &str) -> FormatError {
        match self {
            FormatError::Field(at) if at == format!("{key}.{key}") => FormatError::Field(key.to_string()),
            other => other,
        }
    }
}

/// A game and its number of actions: its actions' in a whole file; in an
/// index (`split`), its `actions_count`, its actions left to its part.
fn read_game(json: &Json, i: usize, split: bool) -> Result<(PuzzleGame, usize), FormatError> {
    let at = format!("games[{i}]");
    let seed = Seed::parse(&text(json, "seed", &at)?).map_err(FormatError::Seed)?;
    let seats = array(json, "seats", &at)?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .filter(|s| !s.is_empty())
        .ok_or_else(|| field(&at, "seats"))?;
    let options = json.get("options").filter(|o| matches!(o, Json::Obj(_))).cloned().ok_or_else(|| field(&at, "options"))?;
    let (actions, count) = match split {
        false => {
            let actions = array(json, "actions", &at)?.to_vec();
            let count = actions.len();
            (actions, count)
        }
        true => (Vec::new(), usize::try_from(number(json, "actions_count", &at)?).map_err(|_| field(&at, "actions_count"))?),
    };
    Ok((PuzzleGame { seed, seats, options, actions }, count))
}

fn read_puzzle(json: &Json, i: usize, games: &[PuzzleGame], counts: &[usize]) -> Result<Puzzle, FormatError> {
    let at = format!("puzzles[{i}]");
    let id = u32::try_from(number(json, "id", &at)?).map_err(|_| field(&at, "id"))?;
    let game = usize::try_from(number(json, "g", &at)?).ok().filter(|&g| g < games.len()).ok_or_else(|| field(&at, "g"))?;
    let moves = usize::try_from(number(json, "at", &at)?)
        .ok()
        .filter(|&n| n <= counts[game])
        .ok_or_else(|| field(&at, "at"))?;
    let seat = usize::try_from(number(json, "seat", &at)?).ok().filter(|&s| s < games[game].players()).ok_or_else(|| field(&at, "seat"))?;
    let kind = Kind::parse(&text(json, "kind", &at)?).ok_or_else(|| field(&at, "kind"))?;
    let difficulty = u8::try_from(number(json, "difficulty", &at)?).ok().filter(|d| (1..=3).contains(d)).ok_or_else(|| field(&at, "difficulty"))?;
    let found_by = array(json, "found_by", &at)?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| field(&at, "found_by"))?;
    let unit = Unit::parse(&text(json, "unit", &at)?).ok_or_else(|| field(&at, "unit"))?;
    let candidates = array(json, "candidates", &at)?
        .iter()
        .enumerate()
        .map(|(c, cand)| {
            let here = format!("{at}.candidates[{c}]");
            Ok(Candidate {
                action: cand.get("action").filter(|a| matches!(a, Json::Obj(_))).cloned().ok_or_else(|| field(&here, "action"))?,
                value: real(cand, "value", &here)?,
                ci: real(cand, "ci", &here)?,
            })
        })
        .collect::<Result<Vec<_>, FormatError>>()?;
    let compared = match json.get("compared") {
        None => None,
        Some(n) => Some(
            n.as_u64()
                .and_then(|n| usize::try_from(n).ok())
                .filter(|&n| n >= candidates.len())
                .ok_or_else(|| field(&at, "compared"))?,
        ),
    };
    let answers = array(json, "answers", &at)?
        .iter()
        .map(|a| a.as_u64().and_then(|a| usize::try_from(a).ok()).filter(|&a| a < candidates.len()))
        .collect::<Option<Vec<_>>>()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| field(&at, "answers"))?;
    let why = json.get("why").ok_or_else(|| field(&at, "why"))?;
    let why_at = format!("{at}.why");
    Ok(Puzzle {
        id,
        game,
        at: moves,
        seat,
        kind,
        difficulty,
        found_by,
        unit,
        answers,
        candidates,
        compared,
        why_en: text(why, "en", &why_at)?,
        why_fr: text(why, "fr", &why_at)?,
    })
}

fn game_to_json(game: &PuzzleGame) -> Json {
    Json::obj([
        ("seed", Json::Str(game.seed.to_string())),
        ("seats", Json::Arr(game.seats.iter().map(|s| Json::str(s)).collect())),
        ("options", game.options.clone()),
        ("actions", Json::Arr(game.actions.clone())),
    ])
}

/// Values keep one decimal (a tenth of a mouse, of a point of win chance):
/// enough to draw and to compare, and a small file. [`stored`] is a value as
/// it reads back.
fn decimal(value: f64) -> Json {
    Json::Num(format!("{:.1}", value))
}

/// A value as the file stores it (one decimal).
pub fn stored(value: f64) -> f64 {
    format!("{:.1}", value).parse().unwrap_or(value)
}

/// An interval's half-width as the file stores it: rounded up, never narrower.
pub fn stored_ci(ci: f64) -> f64 {
    stored((ci * 10.0 - 1e-9).ceil() / 10.0)
}

fn puzzle_to_json(p: &Puzzle) -> Json {
    let mut json = Json::obj([
        ("id", Json::int(i64::from(p.id))),
        ("g", Json::int(p.game as i64)),
        ("at", Json::int(p.at as i64)),
        ("seat", Json::int(p.seat as i64)),
        ("kind", Json::str(p.kind.code())),
        ("difficulty", Json::int(i64::from(p.difficulty))),
        ("found_by", Json::Arr(p.found_by.iter().map(|s| Json::str(s)).collect())),
        ("unit", Json::str(p.unit.code())),
        ("answers", Json::Arr(p.answers.iter().map(|&a| Json::int(a as i64)).collect())),
        (
            "candidates",
            Json::Arr(
                p.candidates
                    .iter()
                    .map(|c| Json::obj([("action", c.action.clone()), ("value", decimal(c.value)), ("ci", decimal(c.ci))]))
                    .collect(),
            ),
        ),
        ("why", Json::obj([("en", Json::str(&p.why_en)), ("fr", Json::str(&p.why_fr))])),
    ]);
    // A key added after the first files (which stay readable without it).
    if let (Some(n), Json::Obj(fields)) = (p.compared, &mut json) {
        fields.push(("compared".into(), Json::int(n as i64)));
    }
    json
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PuzzleFile {
        let pass = Json::parse(r#"{"act":"pass"}"#).unwrap();
        let bid = Json::parse(r#"{"act":"bid","kind":"same","value":3,"cards":["3","3"]}"#).unwrap();
        PuzzleFile {
            game: "katzenjammer".into(),
            games: vec![PuzzleGame {
                seed: Seed::parse("1K7Q-M3ZD").unwrap(),
                seats: vec!["normal".into(), "hard".into(), "expert".into()],
                options: Json::parse(r#"{"full_mice":false}"#).unwrap(),
                actions: vec![Json::parse(r#"{"seat":1,"act":"pass"}"#).unwrap(), Json::parse(r#"{"seat":2,"act":"pass"}"#).unwrap()],
            }],
            puzzles: vec![Puzzle {
                id: 7,
                game: 0,
                at: 1,
                seat: 2,
                kind: Kind::Bid,
                difficulty: 2,
                found_by: vec!["expert".into()],
                unit: Unit::Mice,
                answers: vec![1],
                candidates: vec![
                    Candidate { action: pass, value: -0.5, ci: 0.2 },
                    Candidate { action: bid.clone(), value: 1.3, ci: 0.5 },
                ],
                compared: Some(3),
                why_en: "Bid the 3s now: +1.8 mice".into(),
                why_fr: "Misez les 3 maintenant : +1,8 souris".into(),
            }],
        }
    }

    #[test]
    fn a_puzzle_file_reads_back_what_was_written() {
        let file = sample();
        let text = file.text();
        assert_eq!(PuzzleFile::parse(&text), Ok(file.clone()));
        // One game or puzzle per line: a diff of the shipped file names the puzzle.
        assert_eq!(text.lines().count(), 7, "{text}");
        let p = file.puzzle(7).unwrap();
        assert_eq!(p.answer_actions().collect::<Vec<_>>(), vec![&file.puzzles[0].candidates[1].action]);
        let (game, before) = file.position(p).unwrap();
        assert_eq!((game.players(), before.len()), (3, 1));
    }

    #[test]
    fn the_first_puzzles_keep_only_their_games_and_actions() {
        let mut file = sample();
        let mut second = file.games[0].clone();
        second.actions.push(second.actions[0].clone());
        file.games.push(second);
        let mut p = file.puzzles[0].clone();
        p.id = 8;
        p.game = 1;
        p.at = 2;
        file.puzzles.push(p);
        let one = file.first(1);
        assert_eq!((one.games.len(), one.puzzles.len()), (1, 1));
        // Game 0's actions stop at its puzzle (at 1), the second game is gone.
        assert_eq!(one.games[0].actions.len(), 1);
        assert_eq!(file.first(2), file.first(5));
        assert_eq!(file.first(2).games[1].actions.len(), 2);
    }

    /// Three games, two puzzles on the second and third: split two a part.
    fn three_games() -> PuzzleFile {
        let mut file = sample();
        for n in [3, 5] {
            let mut game = file.games[0].clone();
            game.actions = (0..n).map(|i| Json::parse(&format!(r#"{{"seat":{},"act":"pass"}}"#, i % 3)).unwrap()).collect();
            file.games.push(game);
            let mut p = file.puzzles[0].clone();
            p.id = 10 + n as u32;
            p.game = file.games.len() - 1;
            p.at = n;
            file.puzzles.push(p);
        }
        file
    }

    #[test]
    fn a_split_file_reads_back_as_the_whole_file() {
        let file = three_games();
        let (index, parts) = file.split(2);
        assert_eq!(parts.len(), 2);
        // The index has no actions; the parts have them all.
        assert!(!index.contains("\"actions\":") && parts.iter().all(|p| p.contains("\"actions\":")), "{index}");
        assert!(index.contains("\"actions_count\":5"), "{index}");
        let whole = PuzzleFile::read_split(&index, |k| parts.get(k).cloned().ok_or_else(|| "gone".into())).unwrap();
        assert_eq!(whole, file);
        // ...and is written back as the version 1 file, byte for byte.
        assert_eq!(whole.text(), file.text());
        // The index alone: every puzzle, no actions; a part read opens its games' puzzles only.
        let (mut alone, layout) = PuzzleFile::read_index(&index).unwrap();
        let layout = layout.unwrap();
        assert_eq!((layout.len(), layout.of_game(2), layout.games(1), layout.games(2)), (2, 1, Some(2..3), None));
        assert_eq!(alone.puzzles, file.puzzles);
        assert!(alone.position(&file.puzzles[2]).is_none());
        alone.read_part(&layout, 1, &parts[1]).unwrap();
        assert_eq!(alone.position(&file.puzzles[2]), file.position(&file.puzzles[2]));
        assert!(alone.position(&file.puzzles[1]).is_none(), "game 1 is in part 0, not read");
        // A version 1 file is its own index.
        assert_eq!(PuzzleFile::read_index(&file.text()), Ok((file.clone(), None)));
        assert_eq!(PuzzleFile::parse(&index), Err(FormatError::Index));
        assert_eq!(Parts::path("public/puzzles/jachete.json", 3), "public/puzzles/jachete/3.json");
    }

    #[test]
    fn a_part_that_does_not_fit_its_index_is_refused() {
        let file = three_games();
        let (index, parts) = file.split(2);
        let (mut read, layout) = PuzzleFile::read_index(&index).unwrap();
        let layout = layout.unwrap();
        let mut other = file.clone();
        other.game = "jachete".into();
        let cases = [
            (0, other.split(2).1[0].clone(), FormatError::PartGame { part: 0, game: "jachete".into() }),
            (0, parts[1].clone(), FormatError::PartNumber { part: 0, found: Some(1) }),
            (1, parts[1].replace(",\"part\":1", ""), FormatError::PartNumber { part: 1, found: None }),
            (0, parts[0].replacen("{\"actions\":[", "{\"actions\":[{\"seat\":0,\"act\":\"pass\"},", 1), FormatError::PartActions { game: 0, expected: 2, found: 3 }),
            (1, parts[0].replace("\"part\":0", "\"part\":1"), FormatError::PartGames { part: 1, expected: 1, found: 2 }),
            (2, parts[1].clone(), FormatError::NoSuchPart(2)),
            (1, parts[1].replace("\"v\":2", "\"v\":1"), FormatError::Version(Some(1))),
        ];
        for (k, text, expected) in cases {
            assert_eq!(read.read_part(&layout, k, &text), Err(expected));
        }
        // Nothing was read in: every game still waits for its part.
        assert!(read.games.iter().all(|g| g.actions.is_empty()));
        assert_eq!(
            PuzzleFile::read_split(&index, |k| if k == 1 { Err("offline".into()) } else { Ok(parts[k].clone()) }),
            Err(FormatError::MissingPart { part: 1, why: "offline".into() })
        );
        // An index whose puzzle goes past its game's count.
        let past = index.replace("\"actions_count\":5", "\"actions_count\":4");
        assert_eq!(PuzzleFile::read_index(&past), Err(FormatError::Field("puzzles[2].at".into())));
        assert_eq!(PuzzleFile::read_index(&index.replace("\"part_games\":2", "\"part_games\":0")), Err(FormatError::Field("part_games".into())));
    }

    #[test]
    fn a_bad_file_says_where() {
        let good = sample().text();
        let cases = [
            (good.replace("\"v\":1", "\"v\":3"), FormatError::Version(Some(3))),
            (good.replace("\"at\":1", "\"at\":3"), FormatError::Field("puzzles[0].at".into())),
            (good.replace("\"seat\":2,\"kind\"", "\"seat\":3,\"kind\""), FormatError::Field("puzzles[0].seat".into())),
            (good.replace("\"answers\":[1]", "\"answers\":[2]"), FormatError::Field("puzzles[0].answers".into())),
            (good.replace("\"answers\":[1]", "\"answers\":[]"), FormatError::Field("puzzles[0].answers".into())),
            (good.replace("\"kind\":\"bid\"", "\"kind\":\"fold\""), FormatError::Field("puzzles[0].kind".into())),
            (good.replace("\"difficulty\":2", "\"difficulty\":4"), FormatError::Field("puzzles[0].difficulty".into())),
            (good.replace("\"value\":1.3", "\"value\":\"high\""), FormatError::Field("puzzles[0].candidates[1].value".into())),
            (good.replace("\"fr\":", "\"de\":"), FormatError::Field("puzzles[0].why.fr".into())),
            (good.replace("\"g\":0", "\"g\":1"), FormatError::Field("puzzles[0].g".into())),
            (good.replace("\"compared\":3", "\"compared\":1"), FormatError::Field("puzzles[0].compared".into())),
            (good.replace("\"games\"", "\"gamez\""), FormatError::Field("games".into())),
        ];
        for (text, expected) in cases {
            assert_ne!(text, good, "the case must change the file: {expected:?}");
            assert_eq!(PuzzleFile::parse(&text), Err(expected));
        }
        assert!(matches!(PuzzleFile::parse("{"), Err(FormatError::NotJson(_))));
        let mut twice = sample();
        twice.puzzles.push(twice.puzzles[0].clone());
        assert_eq!(PuzzleFile::parse(&twice.text()), Err(FormatError::DuplicateId(7)));
    }
}
