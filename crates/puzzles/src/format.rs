//! The puzzle file: `src/games/<game>/public/puzzles/<game>.json` (served as
//! `puzzles/<game>.json`), written by `tablee puzzles`
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
//! `<game>.json` holds the games without their actions (each
//! with `actions_count` instead) and the puzzles; the games' actions are in
//! part files beside it, `<game>/<k>.json` (the index's name without
//! `.json`, then the part's number), part `k` holding games
//! `k × part_games` to `(k + 1) × part_games − 1`. Version 3 (issue 44),
//! what [`PuzzleFile::split`] writes, moves each puzzle's `candidates` and
//! `why` — needed only once it is opened — from the index to the part
//! holding its game, one `{"id":…,"candidates":[…],"why":{…}}` a puzzle of
//! those games, in the index's order; the index keeps every other key of
//! the puzzle (what the list needs: kind, difficulty, answers…):
//!
//! ```json
//! {"v":3,"game":"jachete","part_games":4,
//!  "games":[{"seed":"…","seats":[…],"options":{},"actions_count":57}, ...],
//!  "puzzles":[{"id":1,"g":0,"at":17,"seat":2,"kind":"buy",…,"answers":[0],"compared":2}, ...]}
//! {"v":3,"game":"jachete","part":0,"games":[{"actions":[…]}, ...],
//!  "puzzles":[{"id":1,"candidates":[…],"why":{"en":"…","fr":"…"}}, ...]}
//! ```
//!
//! (A version 2 index keeps its puzzles whole and its parts only `games`.)
//! The page fetches the index for its list and, to open a puzzle, only the
//! part of that puzzle's game: J'achète's `play` actions list the whole
//! table, most of a file's bytes. [`PuzzleFile::read_index`] reads any
//! version (a version 1 file is its own index, its actions inline) and
//! [`PuzzleFile::read_part`] a part into it: an index and all its parts read
//! as the same [`PuzzleFile`] as the version 1 file they were split from.
//! Until its part is read, a version 3 index's puzzle has no candidates nor
//! `why`: only [`PuzzleFile::opened`] hands a puzzle out to be shown and
//! judged, and only once its part is read ([`PuzzleFile::is_read`]).
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
/// The split file's version this build writes: an index and its parts, the
/// puzzles' `candidates` and `why` in the part of their game (issue 44).
pub const SPLIT_VERSION: u64 = 3;
/// The first split (issue 32), still read: only the games' actions in the
/// parts, the puzzles whole in the index.
pub const SPLIT_VERSION_2: u64 = 2;

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

/// What kind of move a puzzle asks for (the set is kept varied by kind):
/// each game's puzzles declare their own (issue 54: `katzenjammer::BID`,
/// `jachete::BUY`), by the code a file stores (`"bid"`, `"buy"`), and list
/// them in their [`Vocabulary`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind(&'static str);

/// The unit of a candidate's value, declared by the game that measures in
/// it (`katzenjammer::MICE`), or shared ([`Unit::WIN_CHANCE`]): its code
/// in a file, and how close to the best a move must be to tie with it.
#[derive(Clone, Copy, Debug)]
pub struct Unit {
    code: &'static str,
    tie: f64,
}

/// The kinds and units one game's puzzle file may name, each game's
/// declared in its folder (`katzenjammer::VOCABULARY`): a file is read
/// with its game's, and a code that is not in it is refused
/// ([`FormatError::Unknown`]). The kinds in the order the puzzles screen
/// offers them as themes.
#[derive(Clone, Copy, Debug)]
pub struct Vocabulary {
    pub kinds: &'static [Kind],
    pub units: &'static [Unit],
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
    /// Never empty once read (the answers index it); empty in a version 3
    /// index until the part holding the puzzle's game is read, as are
    /// `why_en` and `why_fr`: [`PuzzleFile::opened`] hands out only a puzzle
    /// whose part is read.
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
    /// A kind or unit that `game`'s puzzles do not have ([`Vocabulary`]):
    /// where (`puzzles[7].kind`), its code, and the codes they have.
    Unknown { at: String, game: String, code: String, known: Vec<&'static str> },
    /// A split file's index (version 2 or 3) read as a whole file: its actions are in its parts
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
    /// Part `part` (version 3) gives the analysis of puzzle `id`, which the
    /// index does not have among that part's games (or which it names twice).
    PartPuzzle { part: usize, id: u32 },
    /// Part `part` (version 3) lacks the analysis of puzzle `id`, whose game it holds.
    PartMissingPuzzle { part: usize, id: u32 },
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
            FormatError::Version(Some(v)) => write!(f, "puzzle file version {v}, this build reads {VERSION} to {SPLIT_VERSION}"),
            FormatError::Version(None) => write!(f, "no puzzle file version (\"v\")"),
            FormatError::Field(at) => write!(f, "missing or malformed: {at}"),
            FormatError::Seed(e) => write!(f, "bad seed: {e}"),
            FormatError::DuplicateId(id) => write!(f, "two puzzles have the id {id}"),
            FormatError::Unknown { at, game, code, known } => {
                write!(f, "{at}: {game}'s puzzles have no \"{code}\" (only")?;
                for (i, k) in known.iter().enumerate() {
                    write!(f, "{}{k}", if i == 0 { " " } else { ", " })?;
                }
                write!(f, ")")
            }
            FormatError::Index => write!(f, "a split puzzle file's index: its games' actions are in its parts"),
            FormatError::PartGame { part, game } => write!(f, "part {part} is a part of a {game} file"),
            FormatError::PartNumber { part, found: Some(n) } => write!(f, "part {part}'s file says it is part {n}"),
            FormatError::PartNumber { part, found: None } => write!(f, "part {part}'s file names no part (\"part\")"),
            FormatError::PartGames { part, expected, found } => write!(f, "part {part} holds {found} games, the index {expected}"),
            FormatError::PartActions { game, expected, found } => {
                write!(f, "game {game} has {found} actions in its part, the index says {expected}")
            }
            FormatError::PartPuzzle { part, id } => write!(f, "part {part} gives puzzle {id}, which the index does not have in its games (or twice)"),
            FormatError::PartMissingPuzzle { part, id } => write!(f, "part {part} lacks puzzle {id} of its games"),
            FormatError::NoSuchPart(part) => write!(f, "the index has no part {part}"),
            FormatError::MissingPart { part, why } => write!(f, "part {part} cannot be read: {why}"),
            FormatError::NoFile(why) => write!(f, "cannot be read: {why}"),
        }
    }
}

impl Kind {
    pub const fn new(code: &'static str) -> Kind {
        Kind(code)
    }

    pub fn code(self) -> &'static str {
        self.0
    }
}

impl Unit {
    /// The seat's chance to win, in percent: any game's (Katzenjammer's
    /// when mice do not tell its moves apart, High card's).
    pub const WIN_CHANCE: Unit = Unit::new("win", 1.5);

    /// `tie`: how close to the best a move must be, in this unit, to be an
    /// answer too (and not separable from it: `judge::tied`).
    pub const fn new(code: &'static str, tie: f64) -> Unit {
        Unit { code, tie }
    }

    pub fn code(self) -> &'static str {
        self.code
    }

    pub fn tie(self) -> f64 {
        self.tie
    }
}

/// A unit is its code: a file names it so.
impl PartialEq for Unit {
    fn eq(&self, other: &Unit) -> bool {
        self.code == other.code
    }
}

impl Eq for Unit {}

impl Vocabulary {
    /// The game's kind whose code this is.
    pub fn kind(&self, code: &str) -> Option<Kind> {
        self.kinds.iter().copied().find(|k| k.code() == code)
    }

    /// The game's unit whose code this is.
    pub fn unit(&self, code: &str) -> Option<Unit> {
        self.units.iter().copied().find(|u| u.code() == code)
    }
}

impl PuzzleGame {
    pub fn players(&self) -> usize {
        self.seats.len()
    }
}

/// A puzzle with everything opening it needs read: its game's actions up to
/// its position and its analysis (`candidates`, `why`), which a version 3
/// index leaves to the part holding its game. Only [`PuzzleFile::opened`]
/// makes one: what puts a puzzle on the table, judges a move in it and shows
/// its answer takes an `Opened`, so a puzzle whose part is not read (no
/// candidates: every move would be judged wrong) is never shown nor judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Opened(Puzzle);

impl std::ops::Deref for Opened {
    type Target = Puzzle;

    fn deref(&self) -> &Puzzle {
        &self.0
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

    /// Whether everything opening `puzzle` needs is read: its game's actions
    /// up to its position and its analysis (`candidates`, `why`), which a
    /// version 3 index leaves to the part holding its game. Always, in a
    /// whole file.
    pub fn is_read(&self, puzzle: &Puzzle) -> bool {
        self.position(puzzle).is_some() && !puzzle.candidates.is_empty()
    }

    /// Puzzle `id`, to be put on the table and judged: `None` when the file
    /// has no such puzzle or its part is not read yet ([`PuzzleFile::is_read`]).
    /// The only way to an [`Opened`] puzzle.
    pub fn opened(&self, id: u32) -> Option<Opened> {
        self.puzzle(id).filter(|p| self.is_read(p)).map(|p| Opened(p.clone()))
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
    pub fn parse(text: &str, vocabulary: &Vocabulary) -> Result<PuzzleFile, FormatError> {
        match PuzzleFile::read_index(text, vocabulary)? {
            (file, None) => Ok(file),
            (_, Some(_)) => Err(FormatError::Index),
        }
    }

    pub fn from_json(json: &Json, vocabulary: &Vocabulary) -> Result<PuzzleFile, FormatError> {
        match PuzzleFile::index_from_json(json, vocabulary)? {
            (file, None) => Ok(file),
            (_, Some(_)) => Err(FormatError::Index),
        }
    }

    /// Reads a file of any version: a version 1 file whole (no parts), a
    /// version 2 or 3 index with its games' actions empty until its parts
    /// are read ([`PuzzleFile::read_part`]) — its puzzles, ids, kinds and
    /// difficulties are all there; in a version 3 index each puzzle's
    /// `candidates` and `why` are empty until its game's part is read
    /// ([`PuzzleFile::opened`]). Its kinds and units are `vocabulary`'s,
    /// its game's.
    pub fn read_index(text: &str, vocabulary: &Vocabulary) -> Result<(PuzzleFile, Option<Parts>), FormatError> {
        let json = Json::parse(text).map_err(FormatError::NotJson)?;
        Self::index_from_json(&json, vocabulary)
    }

    fn index_from_json(json: &Json, vocabulary: &Vocabulary) -> Result<(PuzzleFile, Option<Parts>), FormatError> {
        let version = file_version(json)?;
        let split = version != VERSION;
        // Version 3: the puzzles' analysis is in the parts.
        let analysis = version != SPLIT_VERSION;
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
            .map(|(i, p)| read_puzzle(p, i, (&game, vocabulary), &games, &counts, analysis))
            .collect::<Result<Vec<_>, _>>()?;
        let mut ids: Vec<u32> = puzzles.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        if let Some(w) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(FormatError::DuplicateId(w[0]));
        }
        let parts = match split {
            false => None,
            true => Some(Parts { version, part_games: part_games(json)?, counts }),
        };
        Ok((PuzzleFile { game, games, puzzles }, parts))
    }

    /// Reads part `part` of the index `parts` (from [`PuzzleFile::read_index`])
    /// into its games (and, version 3, into their puzzles): refused unless it
    /// is this game's, of the index's version, that part, with as many games
    /// and actions as the index says and (version 3) the analysis of exactly
    /// the index's puzzles of those games, fitting their answers. Nothing is
    /// read in when it is refused.
    pub fn read_part(&mut self, parts: &Parts, part: usize, text: &str) -> Result<(), FormatError> {
        let games = parts.games(part).ok_or(FormatError::NoSuchPart(part))?;
        let json = Json::parse(text).map_err(FormatError::NotJson)?;
        match json.get("v").and_then(Json::as_u64) {
            Some(v) if v == parts.version => {}
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
        let analyses = match parts.version {
            SPLIT_VERSION => self.read_analyses(part, &games, &json)?,
            _ => Vec::new(),
        };
        for (i, actions) in games.zip(actions) {
            self.games[i].actions = actions;
        }
        for (p, (candidates, why_en, why_fr)) in analyses {
            let puzzle = &mut self.puzzles[p];
            (puzzle.candidates, puzzle.why_en, puzzle.why_fr) = (candidates, why_en, why_fr);
        }
        Ok(())
    }

    /// A version 3 part's `puzzles`: for each of the index's puzzles of the
    /// part's `games`, where it is in [`PuzzleFile::puzzles`] and its
    /// candidates and `why`, checked against its answers and `compared`.
    #[allow(clippy::type_complexity)]
    fn read_analyses(&self, part: usize, games: &std::ops::Range<usize>, json: &Json) -> Result<Vec<(usize, (Vec<Candidate>, String, String))>, FormatError> {
        let mut read: Vec<(usize, (Vec<Candidate>, String, String))> = Vec::new();
        for (j, entry) in array(json, "puzzles", "puzzles")?.iter().enumerate() {
            let at = format!("parts[{part}].puzzles[{j}]");
            let id = u32::try_from(number(entry, "id", &at)?).map_err(|_| field(&at, "id"))?;
            let p = self
                .puzzles
                .iter()
                .position(|p| p.id == id && games.contains(&p.game))
                .filter(|p| read.iter().all(|(q, _)| q != p))
                .ok_or(FormatError::PartPuzzle { part, id })?;
            let candidates = read_candidates(entry, &at)?;
            let puzzle = &self.puzzles[p];
            if puzzle.answers.iter().any(|&a| a >= candidates.len()) || puzzle.compared.is_some_and(|n| n < candidates.len()) {
                return Err(field(&at, "candidates"));
            }
            let (why_en, why_fr) = read_why(entry, &at)?;
            read.push((p, (candidates, why_en, why_fr)));
        }
        match self.puzzles.iter().enumerate().find(|(p, puzzle)| games.contains(&puzzle.game) && read.iter().all(|(q, _)| q != p)) {
            Some((_, missing)) => Err(FormatError::PartMissingPuzzle { part, id: missing.id }),
            None => Ok(read),
        }
    }

    /// Reads an index and every one of its parts (`part(k)`: part `k`'s
    /// text, or why it cannot be had): the whole file, as version 1 reads.
    pub fn read_split(text: &str, vocabulary: &Vocabulary, mut part: impl FnMut(usize) -> Result<String, String>) -> Result<PuzzleFile, FormatError> {
        let (mut file, parts) = PuzzleFile::read_index(text, vocabulary)?;
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

    /// The file split (version 3): the index's text, then each part's, `part_games`
    /// games a part (at least one). Part `k` is written `<index name>/<k>.json`.
    pub fn split(&self, part_games: usize) -> (String, Vec<String>) {
        self.split_as(SPLIT_VERSION, part_games)
    }

    /// The file split as `version` ([`SPLIT_VERSION`], or version 2 for the tests
    /// that it still reads): in version 3 each puzzle's `candidates` and `why`
    /// go to the part holding its game, `{"id":…,"candidates":[…],"why":{…}}`
    /// a line in its `puzzles`, in the index's order.
    fn split_as(&self, version: u64, part_games: usize) -> (String, Vec<String>) {
        let part_games = part_games.max(1);
        let analysis_apart = version == SPLIT_VERSION;
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
        let puzzles: Vec<Json> = self
            .puzzles
            .iter()
            .map(|p| {
                let mut json = puzzle_to_json(p);
                if let (true, Json::Obj(fields)) = (analysis_apart, &mut json) {
                    fields.retain(|(k, _)| k != "candidates" && k != "why");
                }
                json
            })
            .collect();
        let head = [("v", Json::int(version as i64)), ("game", Json::str(&self.game)), ("part_games", Json::int(part_games as i64))];
        let index = lines(&head, &[("games", &games), ("puzzles", &puzzles)]);
        let parts = self
            .games
            .chunks(part_games)
            .enumerate()
            .map(|(k, chunk)| {
                let games: Vec<Json> = chunk.iter().map(|g| Json::obj([("actions", Json::Arr(g.actions.clone()))])).collect();
                let head = [("v", Json::int(version as i64)), ("game", Json::str(&self.game)), ("part", Json::int(k as i64))];
                if !analysis_apart {
                    return lines(&head, &[("games", &games)]);
                }
                let held = k * part_games..k * part_games + chunk.len();
                let puzzles: Vec<Json> = self
                    .puzzles
                    .iter()
                    .filter(|p| held.contains(&p.game))
                    .map(|p| Json::obj([("id", Json::int(i64::from(p.id))), ("candidates", candidates_to_json(p)), ("why", why_to_json(p))]))
                    .collect();
                lines(&head, &[("games", &games), ("puzzles", &puzzles)])
            })
            .collect();
        (index, parts)
    }
}

/// Reads a puzzle file from disk, of any version: a version 2 or 3 index with
/// every part from beside it ([`Parts::path`]), with its game's `vocabulary`.
/// What the tools and tests use.
pub fn read_file(path: &str, vocabulary: &Vocabulary) -> Result<PuzzleFile, FormatError> {
    let text = std::fs::read_to_string(path).map_err(|e| FormatError::NoFile(format!("{path}: {e}")))?;
    PuzzleFile::read_split(&text, vocabulary, |k| {
        let part = Parts::path(path, k);
        std::fs::read_to_string(&part).map_err(|e| format!("{part}: {e}"))
    })
}

/// The game a file's text names (`"game"`), nothing else read: which
/// game's [`Vocabulary`] reads it.
pub fn game_of(text: &str) -> Result<String, FormatError> {
    text_of(&Json::parse(text).map_err(FormatError::NotJson)?, "game")
}

/// Where a split index's games' actions (and, version 3, its puzzles'
/// analysis) are: `part_games` games a part, in order, and how many actions
/// each game has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Parts {
    /// The index's version (2 or 3), which its parts must have.
    pub version: u64,
    pub part_games: usize,
    /// Each game's number of actions (`actions_count`).
    pub counts: Vec<usize>,
}

impl Parts {
    /// Where a file's games are, read from its text alone, puzzles unread:
    /// `None` for a whole file (version 1), else its index's layout. What
    /// a tool writing a file over another needs to know of it.
    pub fn of_index(text: &str) -> Result<Option<Parts>, FormatError> {
        let json = Json::parse(text).map_err(FormatError::NotJson)?;
        let version = file_version(&json)?;
        if version == VERSION {
            return Ok(None);
        }
        let counts = array(&json, "games", "games")?
            .iter()
            .enumerate()
            .map(|(i, g)| read_game(g, i, true).map(|(_, n)| n))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some(Parts { version, part_games: part_games(&json)?, counts }))
    }

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

/// A file's version, one this build reads.
fn file_version(json: &Json) -> Result<u64, FormatError> {
    match json.get("v").and_then(Json::as_u64) {
        Some(v @ (VERSION | SPLIT_VERSION_2 | SPLIT_VERSION)) => Ok(v),
        other => Err(FormatError::Version(other)),
    }
}

/// A split index's games a part.
fn part_games(json: &Json) -> Result<usize, FormatError> {
    usize::try_from(number(json, "part_games", "")?).ok().filter(|&n| n > 0).ok_or_else(|| field("", "part_games"))
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

/// A puzzle of a file or an index; without its `analysis` (a version 3
/// index: its `candidates` and `why` in its part), those are left empty and
/// its answers and `compared` are checked against them when the part is read.
/// `(game, vocabulary)`: the file's game and the kinds and units it has.
fn read_puzzle(json: &Json, i: usize, (game_code, vocabulary): (&str, &Vocabulary), games: &[PuzzleGame], counts: &[usize], analysis: bool) -> Result<Puzzle, FormatError> {
    let at = format!("puzzles[{i}]");
    let id = u32::try_from(number(json, "id", &at)?).map_err(|_| field(&at, "id"))?;
    let game = usize::try_from(number(json, "g", &at)?).ok().filter(|&g| g < games.len()).ok_or_else(|| field(&at, "g"))?;
    let moves = usize::try_from(number(json, "at", &at)?)
        .ok()
        .filter(|&n| n <= counts[game])
        .ok_or_else(|| field(&at, "at"))?;
    let seat = usize::try_from(number(json, "seat", &at)?).ok().filter(|&s| s < games[game].players()).ok_or_else(|| field(&at, "seat"))?;
    let unknown = |key: &str, code: String, known: Vec<&'static str>| FormatError::Unknown { at: format!("{at}.{key}"), game: game_code.into(), code, known };
    let code = text(json, "kind", &at)?;
    let kind = vocabulary.kind(&code).ok_or_else(|| unknown("kind", code, vocabulary.kinds.iter().map(|k| k.code()).collect()))?;
    let difficulty = u8::try_from(number(json, "difficulty", &at)?).ok().filter(|d| (1..=3).contains(d)).ok_or_else(|| field(&at, "difficulty"))?;
    let found_by = array(json, "found_by", &at)?
        .iter()
        .map(|s| s.as_str().map(str::to_string))
        .collect::<Option<Vec<_>>>()
        .ok_or_else(|| field(&at, "found_by"))?;
    let code = text(json, "unit", &at)?;
    let unit = vocabulary.unit(&code).ok_or_else(|| unknown("unit", code, vocabulary.units.iter().map(|u| u.code()).collect()))?;
    let candidates = if analysis { read_candidates(json, &at)? } else { Vec::new() };
    // Without its candidates (in its part), only what they cannot check.
    let within = |n: usize| !analysis || n < candidates.len();
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
        .map(|a| a.as_u64().and_then(|a| usize::try_from(a).ok()).filter(|&a| within(a)))
        .collect::<Option<Vec<_>>>()
        .filter(|a| !a.is_empty())
        .ok_or_else(|| field(&at, "answers"))?;
    let (why_en, why_fr) = if analysis { read_why(json, &at)? } else { (String::new(), String::new()) };
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
        why_en,
        why_fr,
    })
}

/// A puzzle's `candidates` (`at`: where it is, for errors).
fn read_candidates(json: &Json, at: &str) -> Result<Vec<Candidate>, FormatError> {
    array(json, "candidates", at)?
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
        .collect()
}

/// A puzzle's `why`: its English line, then its French one.
fn read_why(json: &Json, at: &str) -> Result<(String, String), FormatError> {
    let why = json.get("why").ok_or_else(|| field(at, "why"))?;
    let why_at = format!("{at}.why");
    Ok((text(why, "en", &why_at)?, text(why, "fr", &why_at)?))
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

fn candidates_to_json(p: &Puzzle) -> Json {
    Json::Arr(p.candidates.iter().map(|c| Json::obj([("action", c.action.clone()), ("value", decimal(c.value)), ("ci", decimal(c.ci))])).collect())
}

fn why_to_json(p: &Puzzle) -> Json {
    Json::obj([("en", Json::str(&p.why_en)), ("fr", Json::str(&p.why_fr))])
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
        ("candidates", candidates_to_json(p)),
        ("why", why_to_json(p)),
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

    /// A game's vocabulary and its file's game, for the format alone (no game's).
    const BID: Kind = Kind::new("bid");
    const MICE: Unit = Unit::new("mice", 0.15);
    const WORDS: Vocabulary = Vocabulary { kinds: &[BID], units: &[MICE, Unit::WIN_CHANCE] };

    fn sample() -> PuzzleFile {
        let pass = Json::parse(r#"{"act":"pass"}"#).unwrap();
        let bid = Json::parse(r#"{"act":"bid","kind":"same","value":3,"cards":["3","3"]}"#).unwrap();
        PuzzleFile {
            game: "some-game".into(),
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
                kind: BID,
                difficulty: 2,
                found_by: vec!["expert".into()],
                unit: MICE,
                answers: vec![1],
                candidates: vec![
                    Candidate { action: pass, value: -0.5, ci: 0.2 },
                    Candidate { action: bid.clone(), value: 1.3, ci: 0.5 },
                ],
                compared: Some(3),
                why_en: "The 3s now: +1.8 mice".into(),
                why_fr: "Misez les 3 maintenant : +1,8 souris".into(),
            }],
        }
    }

    #[test]
    fn a_puzzle_file_reads_back_what_was_written() {
        let file = sample();
        let text = file.text();
        assert_eq!(PuzzleFile::parse(&text, &WORDS), Ok(file.clone()));
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
        // Version 3 (what `split` writes), and version 2, which still reads.
        for version in [SPLIT_VERSION, SPLIT_VERSION_2] {
            let (index, parts) = file.split_as(version, 2);
            assert_eq!((index.clone(), parts.clone()) == file.split(2), version == SPLIT_VERSION);
            assert_eq!(parts.len(), 2);
            // The index has no actions; the parts have them all.
            assert!(!index.contains("\"actions\":") && parts.iter().all(|p| p.contains("\"actions\":")), "{index}");
            assert!(index.contains("\"actions_count\":5"), "{index}");
            // Version 3: the puzzles' candidates and `why` are in the parts, the rest in the index.
            let apart = version == SPLIT_VERSION;
            assert_eq!(!index.contains("\"candidates\":") && !index.contains("\"why\":"), apart, "{index}");
            assert!(index.contains("\"answers\":[1],\"compared\":3") || !apart, "{index}");
            assert_eq!(parts.iter().all(|p| p.contains("\"candidates\":") && p.contains("\"why\":")), apart, "{parts:?}");
            let whole = PuzzleFile::read_split(&index, &WORDS, |k| parts.get(k).cloned().ok_or_else(|| "gone".into())).unwrap();
            assert_eq!(whole, file);
            // ...and is written back as the version 1 file, byte for byte.
            assert_eq!(whole.text(), file.text());
            // The index alone: every puzzle, no actions; a part read opens its games' puzzles only.
            let (mut alone, layout) = PuzzleFile::read_index(&index, &WORDS).unwrap();
            let layout = layout.unwrap();
            assert_eq!((layout.version, layout.len(), layout.of_game(2), layout.games(1), layout.games(2)), (version, 2, 1, Some(2..3), None));
            // What a tool writing over the file reads of it, without its game's vocabulary.
            assert_eq!((Parts::of_index(&index), game_of(&index)), (Ok(Some(layout.clone())), Ok("some-game".into())));
            assert_eq!(alone.puzzles.iter().map(|p| (p.id, p.game, p.at, p.kind, &p.answers, p.compared)).collect::<Vec<_>>(),
                file.puzzles.iter().map(|p| (p.id, p.game, p.at, p.kind, &p.answers, p.compared)).collect::<Vec<_>>());
            assert_eq!(alone.puzzles == file.puzzles, !apart, "version 3: no candidates nor why before the part");
            assert!(alone.position(&file.puzzles[2]).is_none());
            assert!(file.puzzles.iter().all(|p| !alone.is_read(p) && alone.opened(p.id).is_none()));
            alone.read_part(&layout, 1, &parts[1]).unwrap();
            assert_eq!(alone.position(&file.puzzles[2]), file.position(&file.puzzles[2]));
            assert_eq!(alone.puzzles[2], file.puzzles[2]);
            assert_eq!(alone.opened(15).as_deref(), Some(&file.puzzles[2]));
            assert!(alone.position(&file.puzzles[1]).is_none(), "game 1 is in part 0, not read");
            assert_eq!((alone.opened(13), alone.opened(7)), (None, None));
            assert_eq!(alone.puzzles[1] == file.puzzles[1], !apart);
        }
        // A version 1 file is its own index, every puzzle read.
        assert_eq!(Parts::of_index(&file.text()), Ok(None));
        assert_eq!(PuzzleFile::read_index(&file.text(), &WORDS), Ok((file.clone(), None)));
        assert!(file.puzzles.iter().all(|p| file.opened(p.id).as_deref() == Some(p)));
        assert_eq!(file.opened(99), None);
        assert_eq!(PuzzleFile::parse(&file.split(2).0, &WORDS), Err(FormatError::Index));
        assert_eq!(Parts::path("public/puzzles/some-game.json", 3), "public/puzzles/some-game/3.json");
    }

    /// Catches an index read without its parts handing out a puzzle whose
    /// analysis is not there: one at move 0 has its (empty) position before
    /// its part is read, but no candidates — opened, any move would be wrong.
    #[test]
    fn a_puzzle_at_the_deal_opens_only_once_its_part_is_read() {
        let mut file = three_games();
        file.puzzles[0].at = 0;
        let (index, parts) = file.split(2);
        let (mut read, layout) = PuzzleFile::read_index(&index, &WORDS).unwrap();
        let layout = layout.unwrap();
        assert!(read.position(&read.puzzles[0]).is_some(), "the deal needs no action");
        assert!(!read.is_read(&read.puzzles[0]) && read.opened(7).is_none());
        read.read_part(&layout, 0, &parts[0]).unwrap();
        assert_eq!(read.opened(7).as_deref(), Some(&file.puzzles[0]));
    }

    #[test]
    fn a_part_that_does_not_fit_its_index_is_refused() {
        let file = three_games();
        for version in [SPLIT_VERSION, SPLIT_VERSION_2] {
            let (index, parts) = file.split_as(version, 2);
            let (mut read, layout) = PuzzleFile::read_index(&index, &WORDS).unwrap();
            let layout = layout.unwrap();
            let mut other = file.clone();
            other.game = "other-game".into();
            let v = format!("\"v\":{version}");
            let mut cases = vec![
                (0, other.split_as(version, 2).1[0].clone(), FormatError::PartGame { part: 0, game: "other-game".into() }),
                (0, parts[1].clone(), FormatError::PartNumber { part: 0, found: Some(1) }),
                (1, parts[1].replace(",\"part\":1", ""), FormatError::PartNumber { part: 1, found: None }),
                (0, parts[0].replacen("{\"actions\":[", "{\"actions\":[{\"seat\":0,\"act\":\"pass\"},", 1), FormatError::PartActions { game: 0, expected: 2, found: 3 }),
                (1, parts[0].replace("\"part\":0", "\"part\":1"), FormatError::PartGames { part: 1, expected: 1, found: 2 }),
                (2, parts[1].clone(), FormatError::NoSuchPart(2)),
                (1, parts[1].replace(&v, "\"v\":1"), FormatError::Version(Some(1))),
                // A part of the other split version.
                (1, file.split_as(5 - version, 2).1[1].clone(), FormatError::Version(Some(5 - version))),
            ];
            if version == SPLIT_VERSION {
                let p0 = &parts[0];
                let second = p0.lines().find(|l| l.starts_with("{\"id\":13,")).unwrap();
                cases.extend([
                    // Puzzle 13's game is in part 0, not part 1.
                    (1, parts[1].replace("{\"id\":15,", "{\"id\":13,"), FormatError::PartPuzzle { part: 1, id: 13 }),
                    (0, p0.replace("{\"id\":13,", "{\"id\":99,"), FormatError::PartPuzzle { part: 0, id: 99 }),
                    (0, p0.replace("{\"id\":13,", "{\"id\":7,"), FormatError::PartPuzzle { part: 0, id: 7 }),
                    (0, p0.replace(&format!(",\n{second}"), ""), FormatError::PartMissingPuzzle { part: 0, id: 13 }),
                    (0, p0.replace(",\n\"puzzles\":[", ",\n\"puzzlez\":["), FormatError::Field("puzzles".into())),
                    // Candidates that the index's answers (the second) do not fit.
                    (0, p0.replacen("\"candidates\":[{\"action\":{\"act\":\"pass\"},\"value\":-0.5,\"ci\":0.2},", "\"candidates\":[", 1), FormatError::Field("parts[0].puzzles[0].candidates".into())),
                    (0, p0.replacen("\"value\":1.3", "\"value\":\"high\"", 1), FormatError::Field("parts[0].puzzles[0].candidates[1].value".into())),
                    (1, parts[1].replace("\"fr\":", "\"de\":"), FormatError::Field("parts[1].puzzles[0].why.fr".into())),
                ]);
            }
            for (k, text, expected) in cases {
                assert_eq!(read.read_part(&layout, k, &text), Err(expected));
            }
            // Nothing was read in: every game still waits for its part, every puzzle (version 3) for its analysis.
            assert!(read.games.iter().all(|g| g.actions.is_empty()));
            assert!(read.puzzles.iter().all(|p| p.candidates.is_empty() == (version == SPLIT_VERSION) && !read.is_read(p)));
            assert_eq!(
                PuzzleFile::read_split(&index, &WORDS, |k| if k == 1 { Err("offline".into()) } else { Ok(parts[k].clone()) }),
                Err(FormatError::MissingPart { part: 1, why: "offline".into() })
            );
            // An index whose puzzle goes past its game's count.
            let past = index.replace("\"actions_count\":5", "\"actions_count\":4");
            assert_eq!(PuzzleFile::read_index(&past, &WORDS), Err(FormatError::Field("puzzles[2].at".into())));
            assert_eq!(PuzzleFile::read_index(&index.replace("\"part_games\":2", "\"part_games\":0"), &WORDS), Err(FormatError::Field("part_games".into())));
            assert_eq!(PuzzleFile::read_index(&index.replace("\"answers\":[1]", "\"answers\":[]"), &WORDS), Err(FormatError::Field("puzzles[0].answers".into())));
        }
    }

    fn unknown(at: &str, code: &str, known: &[&'static str]) -> FormatError {
        FormatError::Unknown { at: at.into(), game: "some-game".into(), code: code.into(), known: known.to_vec() }
    }

    #[test]
    fn a_bad_file_says_where() {
        let good = sample().text();
        let cases = [
            (good.replace("\"v\":1", "\"v\":4"), FormatError::Version(Some(4))),
            (good.replace("\"at\":1", "\"at\":3"), FormatError::Field("puzzles[0].at".into())),
            (good.replace("\"seat\":2,\"kind\"", "\"seat\":3,\"kind\""), FormatError::Field("puzzles[0].seat".into())),
            (good.replace("\"answers\":[1]", "\"answers\":[2]"), FormatError::Field("puzzles[0].answers".into())),
            (good.replace("\"answers\":[1]", "\"answers\":[]"), FormatError::Field("puzzles[0].answers".into())),
            // A kind or unit that is not the game's (another game's: J'achète's "buy").
            (good.replace("\"kind\":\"bid\"", "\"kind\":\"buy\""), unknown("puzzles[0].kind", "buy", &["bid"])),
            (good.replace("\"unit\":\"mice\"", "\"unit\":\"points\""), unknown("puzzles[0].unit", "points", &["mice", "win"])),
            (good.replace("\"kind\":\"bid\"", "\"kind\":3"), FormatError::Field("puzzles[0].kind".into())),
            (good.replace("\"difficulty\":2", "\"difficulty\":4"), FormatError::Field("puzzles[0].difficulty".into())),
            (good.replace("\"value\":1.3", "\"value\":\"high\""), FormatError::Field("puzzles[0].candidates[1].value".into())),
            (good.replace("\"fr\":", "\"de\":"), FormatError::Field("puzzles[0].why.fr".into())),
            (good.replace("\"g\":0", "\"g\":1"), FormatError::Field("puzzles[0].g".into())),
            (good.replace("\"compared\":3", "\"compared\":1"), FormatError::Field("puzzles[0].compared".into())),
            (good.replace("\"games\"", "\"gamez\""), FormatError::Field("games".into())),
        ];
        for (text, expected) in cases {
            assert_ne!(text, good, "the case must change the file: {expected:?}");
            assert_eq!(PuzzleFile::parse(&text, &WORDS), Err(expected));
        }
        assert!(matches!(PuzzleFile::parse("{", &WORDS), Err(FormatError::NotJson(_))));
        let fold = good.replace("\"kind\":\"bid\"", "\"kind\":\"fold\"");
        assert_eq!(PuzzleFile::parse(&fold, &WORDS).unwrap_err().to_string(), "puzzles[0].kind: some-game's puzzles have no \"fold\" (only bid)");
        let mut twice = sample();
        twice.puzzles.push(twice.puzzles[0].clone());
        assert_eq!(PuzzleFile::parse(&twice.text(), &WORDS), Err(FormatError::DuplicateId(7)));
    }
}
