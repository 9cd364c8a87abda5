//! The page's address names the game it plays:
//! `?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=4&seats=human,normal,normal,normal&full_mice=0`
//! (`?game=jachete&…&three_players=0` for J'achète: each game adds its options).
//!
//! Older links with only `seed` and `players` still work (the other keys take
//! their defaults; no `game` means Katzenjammer Blues, the first game).
//! `daily=YYYY-MM-DD` without a seed names that day's deal. `match=3` makes
//! the deal a match of 3 games at that table (KB-20; game n is dealt from
//! the engine's `Match::game_seed(n)`, the first from the seed itself): the
//! link of any game of a match is the match's. A daily deal is never a match. `lang=fr` (or
//! `en`) chooses the page's language only in an address without a deal
//! (`?lang=fr`): a deal's link is read in the reader's own language, whatever
//! language its sharer played in (links of older builds carry one). Every bad value
//! becomes a [`LinkError`] the page explains; nothing panics.

use tablee_engine::{Seed, SeedError};

use super::config::{self, default_seats, Day, NameError, SeatKind, TableConfig, FORMAT_VERSION};
use super::game::{shorten, GameDef, MatchRecord, OptionError};
use crate::games::{AnySession, AnyTable, GameId, with_game, Registered};
use super::lang::Lang;
use super::session::Session;
use super::url;

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRequest {
    /// The game to play, when the link names a deal (a seed or a daily date).
    pub deal: Option<AnyTable>,
    /// The table to offer on the home screen when the link names no deal.
    pub table: AnyTable,
    pub lang: Option<Lang>,
    /// The deal's number of games: more than one for a match (KB-20).
    pub games: usize,
}

/// The most games a match's link may ask for.
pub const MAX_MATCH_GAMES: usize = 9;

/// Why a link cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    UnknownGame(String),
    /// A format version this build does not know.
    Version(String),
    Seed { text: String, error: SeedError },
    /// Not a number of players of `game`.
    Players { text: String, game: GameId },
    /// A seat that is neither `human` nor a bot level.
    Seat(String),
    /// `seats` lists `given` seats for `players` players.
    SeatCount { given: usize, players: usize },
    /// An option with a value that is not 0/1/true/false.
    Option { name: &'static str, text: String },
    Daily(String),
    /// `match=` is not a number of games (1 to [`MAX_MATCH_GAMES`]) of a
    /// match of `game`, or (`matches` false) `game` is not played in
    /// matches at this table.
    Match { text: String, game: GameId, matches: bool },
    /// `names=` lists `given` names for `players` seats.
    NameCount { given: usize, players: usize },
    /// A name of `names=` is refused (the name as written, shortened).
    Name { text: String, error: NameError },
}

impl LinkError {
    /// Why a table that was read cannot be dealt: the engine refuses its
    /// number of players.
    pub fn cannot_deal(table: &AnyTable) -> LinkError {
        LinkError::Players { text: table.players().to_string(), game: table.game() }
    }
}

impl From<OptionError> for LinkError {
    fn from(e: OptionError) -> LinkError {
        LinkError::Option { name: e.name, text: e.text }
    }
}

/// Reads a query string (`location.search`).
pub fn read(search: &str) -> Result<LinkRequest, LinkError> {
    let pairs = url::parse(search);
    let game = match url::get(&pairs, "game") {
        None => unnamed(),
        Some(g) => GameId::parse(g).ok_or_else(|| LinkError::UnknownGame(shorten(g.trim())))?,
    };
    if let Some(v) = url::get(&pairs, "v") {
        if v.trim() != FORMAT_VERSION.to_string() {
            return Err(LinkError::Version(shorten(v)));
        }
    }
    let (deal, table, games) = with_game!(game, G => read_table::<G>(&pairs)?);
    // A deal's link does not choose the reader's language.
    let lang = if deal.is_some() { None } else { url::get(&pairs, "lang").and_then(Lang::parse) };
    Ok(LinkRequest { deal, table, lang, games })
}

/// The deal a link names (if any) and the table it sets, for game `G`.
/// And the number of games of its match (1: a game of its own).
fn read_table<G: Registered>(pairs: &[(String, String)]) -> Result<(Option<AnyTable>, AnyTable, usize), LinkError> {
    let get = |key: &str| url::get(pairs, key);
    let seats = match get("seats") {
        None => None,
        Some(text) => Some(
            text.split(',')
                .map(|s| SeatKind::parse(s).ok_or_else(|| LinkError::Seat(shorten(s.trim()))))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let range = G::MIN_PLAYERS..=G::MAX_PLAYERS;
    let players = match get("players") {
        Some(text) => match text.trim().parse::<usize>() {
            Ok(n) if range.contains(&n) => n,
            _ => return Err(LinkError::Players { text: shorten(text), game: G::ID }),
        },
        None => match &seats {
            Some(list) if range.contains(&list.len()) => list.len(),
            Some(list) => return Err(LinkError::SeatCount { given: list.len(), players: G::DEFAULT_PLAYERS }),
            None => G::DEFAULT_PLAYERS,
        },
    };
    let seats = match seats {
        Some(list) if list.len() != players => return Err(LinkError::SeatCount { given: list.len(), players }),
        Some(list) => list,
        None => default_seats::<G>(players),
    };
    let options = G::options_from_query(&|key| get(key).map(str::to_string))?;
    if !G::allows(options, players) {
        return Err(LinkError::Players { text: players.to_string(), game: G::ID });
    }
    let daily = match get("daily") {
        None => None,
        Some(text) => Some(Day::parse(text).ok_or_else(|| LinkError::Daily(shorten(text)))?),
    };
    let seed = match get("seed") {
        None => None,
        Some(text) => Some(Seed::parse(text).map_err(|error| LinkError::Seed { text: shorten(text), error })?),
    };
    let games = match get("match") {
        Some(text) => match text.trim().parse::<usize>() {
            Ok(1) => 1,
            Ok(n) if (2..=MAX_MATCH_GAMES).contains(&n) && G::new_match(players, options, Seed::from_number(0), n).is_some() => n,
            _ => {
                let matches = (2..=MAX_MATCH_GAMES).any(|n| G::new_match(players, options, Seed::from_number(0), n).is_some());
                return Err(LinkError::Match { text: shorten(text), game: G::ID, matches });
            }
        },
        None => 1,
    };
    let names = match get("names") {
        None => Vec::new(),
        Some(text) => read_names(text, &seats)?,
    };
    let table = TableConfig::<G> { seed: seed.unwrap_or(Seed::from_number(0)), seats, options, daily: None, names, here: None, seed_hidden: false };
    let deal = match (seed, daily) {
        (Some(seed), daily) => Some(TableConfig { seed, daily: daily.filter(|d| d.seed() == seed), ..table.clone() }),
        (None, Some(day)) => Some(TableConfig { seed: day.seed(), daily: Some(day), ..table.clone() }),
        (None, None) => None,
    };
    // A daily deal is never a match: its one game is compared with everyone's.
    let games = if deal.as_ref().is_some_and(|d| d.daily.is_some()) { 1 } else { games };
    Ok((deal.map(TableConfig::into_any), table.into_any(), games))
}

/// `names=Ana,,Bob,`: one name a seat, blank for none, each read as typed
/// at the table ([`config::parse_names`]: a bot's dropped, none twice).
fn read_names(text: &str, seats: &[SeatKind]) -> Result<Vec<Option<String>>, LinkError> {
    let list: Vec<String> = text.split(',').map(str::to_string).collect();
    if list.len() != seats.len() {
        return Err(LinkError::NameCount { given: list.len(), players: seats.len() });
    }
    config::parse_names(&list, seats).map_err(|(seat, error)| LinkError::Name { text: shorten(list[seat].trim()), error })
}

/// The link that reproduces this game. It names the game and the deal, not
/// a language: whoever opens it reads it in their own. The seats' names
/// (hot-seat) come last, in a key of their own (`names=`), and only when
/// a seat has one: older links read as before.
pub fn write<G: Registered>(config: &TableConfig<G>) -> String {
    let seats: Vec<&str> = config.seats.iter().map(|s| s.name()).collect();
    let mut query = format!(
        "?game={}&v={FORMAT_VERSION}&seed={}&players={}&seats={}",
        G::ID.code(),
        config.seed,
        config.players(),
        seats.join(","),
    );
    for (key, value) in G::options_to_query(config.options) {
        query.push_str(&format!("&{key}={value}"));
    }
    if let Some(day) = config.daily {
        query.push_str(&format!("&daily={day}"));
    }
    if config.names.iter().any(Option::is_some) {
        let names: Vec<String> = (0..config.players()).map(|seat| url::encode(config.name(seat).unwrap_or(""))).collect();
        query.push_str(&format!("&names={}", names.join(",")));
    }
    query
}

/// The link of a table of any game.
pub fn write_any(table: &AnyTable) -> String {
    crate::games::each_game!(table, t => write(t))
}

/// The link of a match of `games` games at this table (KB-20; one game: the
/// table's own link).
pub fn write_match(table: &AnyTable, games: usize) -> String {
    with_games(write_any(table), games)
}

/// The link of a game in progress: its match's (the match's seed and its
/// number of games) in a match, else its deal's.
pub fn write_session<G: Registered>(session: &Session<G>) -> String {
    match session.in_match() {
        Some(record) => with_games(write(&session.link_table()), record.games_planned()),
        None => write(session.config()),
    }
}

/// A table's link `link` made a match's of `games` games (one: as it is).
fn with_games(link: String, games: usize) -> String {
    if games > 1 { format!("{link}&match={games}") } else { link }
}

/// [`write_session`] for a game of any game.
pub fn write_game(session: &AnySession) -> String {
    crate::games::each_game!(session session, s => write_session(s))
}

/// What a puzzles address asks for (the whole app's build shows it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleLink {
    /// `?game=jachete&puzzles`: the puzzles screen, that game chosen.
    List(GameId),
    /// `?game=jachete&puzzle=ID` (`None`: the number does not read).
    One(GameId, Option<u32>),
}

/// Reads a puzzles address (`puzzle=ID` or `puzzles`); `None` for any other.
/// Without `game=` (the first puzzle links), Katzenjammer's; a game with no
/// puzzles is not one.
pub fn puzzle_link(search: &str) -> Option<PuzzleLink> {
    let pairs = url::parse(search);
    let game = match url::get(&pairs, "game") {
        Some(g) => GameId::parse(g).filter(|g| g.has_puzzles())?,
        None => unnamed(),
    };
    match url::get(&pairs, "puzzle") {
        Some(id) => Some(PuzzleLink::One(game, id.trim().parse().ok())),
        None => url::get(&pairs, "puzzles").map(|_| PuzzleLink::List(game)),
    }
}

/// The game of a link that names none: the links written before there
/// were other games are that game's, for ever (the registry's
/// [`GameId::UNNAMED`]).
pub fn unnamed() -> GameId {
    GameId::UNNAMED
}

/// The rules screen's address.
pub const RULES_LINK: &str = "?rules";

/// Whether an address asks for the rules (`?rules`).
pub fn rules_link(search: &str) -> bool {
    url::get(&url::parse(search), "rules").is_some()
}

/// The player count of a link that may be broken, for a "fresh game" offer
/// of the game it names ([`named_game`]).
pub fn players_hint(search: &str) -> usize {
    with_game!(named_game(search), G => players_for::<G>(&url::parse(search)))
}

/// The home screen's first table when no game was dealt: the game a link
/// names ([`named_game`]) with its player count if that game may have it.
pub fn home_table(search: &str) -> AnyTable {
    with_game!(named_game(search), G => TableConfig::<G>::new(Seed::from_number(0), players_for::<G>(&url::parse(search))).into_any())
}

/// The players a link asks for if `G` may have that many, else `G`'s default.
fn players_for<G: GameDef>(pairs: &[(String, String)]) -> usize {
    url::get(pairs, "players")
        .and_then(|t| t.trim().parse().ok())
        .filter(|&n| G::allows(G::Options::default(), n))
        .unwrap_or(G::DEFAULT_PLAYERS)
}

/// The game a link names, even a broken one: Katzenjammer if it names
/// none (older links) or one unknown.
pub fn named_game(search: &str) -> GameId {
    url::get(&url::parse(search), "game").and_then(GameId::parse).unwrap_or_else(unnamed)
}

/// A broken link's "start a new game": a table of `game` (the one the link
/// named, [`named_game`]) at a fresh `seed`, with the link's player count
/// if that game may have it.
pub fn fresh_table(game: GameId, search: &str, seed: Seed) -> AnyTable {
    let pairs = url::parse(search);
    with_game!(game, G => TableConfig::<G>::new(seed, players_for::<G>(&pairs)).into_any())
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::test_game::TestGame;
    use crate::games::Registered;
    use tablee_bots::Level;

    /// The players of a link naming none: the unnamed game's default.
    const DEFAULT_PLAYERS: usize = 4;

    /// The table of game `G` that a link deals.
    pub(crate) fn deal<G: Registered>(search: &str) -> TableConfig<G> {
        table_of(read(search).unwrap().deal.unwrap())
    }

    /// The table of game `G` it is.
    pub(crate) fn table_of<G: Registered>(table: AnyTable) -> TableConfig<G> {
        table.get::<G>().cloned().unwrap_or_else(|| panic!("{table:?}"))
    }

    #[test]
    fn no_seed_means_no_deal_but_a_table_for_the_home_screen() {
        let request = read(&format!("?game={}&players=3&seats=human,human,hard", TestGame::CODE)).unwrap();
        assert_eq!(request.deal, None);
        assert_eq!(request.table.players(), 3);
        assert_eq!(table_of::<TestGame>(request.table).humans(), vec![0, 1]);
        assert_eq!(read("").unwrap().deal, None);
        assert_eq!(read("").unwrap().table.players(), DEFAULT_PLAYERS);
    }

    #[test]
    fn a_daily_date_without_seed_names_that_days_deal() {
        let config = deal::<TestGame>(&format!("?game={}&daily=2026-11-22&players=4", TestGame::CODE));
        assert_eq!(config.seed, Seed::daily(2026, 11, 22));
        assert_eq!(config.daily, Day::new(2026, 11, 22));
        // A date that does not match the seed is only a wrong label: dropped.
        assert_eq!(deal::<TestGame>(&format!("?game={}&daily=2026-11-22&seed=1K7Q-M3ZD", TestGame::CODE)).daily, None);
        assert_eq!(read("?daily=2026-02-30").unwrap_err(), LinkError::Daily("2026-02-30".into()));
    }

    #[test]
    fn bad_links_are_explained() {
        // (J'achète's own: `bad_jachete_links_are_explained`, in its folder.)
        let nine = format!("?game={}&players=9", TestGame::CODE);
        let cases: Vec<(&str, LinkError)> = vec![
            ("?game=chess&seed=1K7Q-M3ZD", LinkError::UnknownGame("chess".into())),
            (&nine, LinkError::Players { text: "9".into(), game: TestGame::ID }),
            ("?v=2&seed=1K7Q-M3ZD", LinkError::Version("2".into())),
            ("?seed=9K7Q-M3ZD", LinkError::Seed { text: "9K7Q-M3ZD".into(), error: SeedError::UnsupportedVersion { found: 9 } }),
            ("?seed=", LinkError::Seed { text: String::new(), error: SeedError::Empty }),
            ("?seed=1K7Q", LinkError::Seed { text: "1K7Q".into(), error: SeedError::WrongLength { found: 4 } }),
            ("?players=7", LinkError::Players { text: "7".into(), game: unnamed() }),
            ("?players=four", LinkError::Players { text: "four".into(), game: unnamed() }),
            ("?players=", LinkError::Players { text: String::new(), game: unnamed() }),
            ("?seats=human,wizard", LinkError::Seat("wizard".into())),
            ("?seats=human,ismcts", LinkError::Seat("ismcts".into())),
            ("?players=3&seats=human,normal", LinkError::SeatCount { given: 2, players: 3 }),
            ("?seats=human", LinkError::SeatCount { given: 1, players: DEFAULT_PLAYERS }),
            ("?full_mice=maybe", LinkError::Option { name: "full_mice", text: "maybe".into() }),
        ];
        for (search, error) in cases {
            assert_eq!(read(search), Err(error), "{search}");
        }
    }

    #[test]
    fn long_garbage_is_shortened() {
        let junk = "x".repeat(500);
        match read(&format!("?seed={junk}")).unwrap_err() {
            LinkError::Seed { text, .. } => assert!(text.chars().count() <= 25 && text.ends_with('…')),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn unknown_keys_and_bad_languages_are_ignored() {
        let request = read("?seed=1K7Q-M3ZD&utm_source=x&lang=klingon").unwrap();
        assert!(request.deal.is_some());
        assert_eq!(request.lang, None);
    }

    #[test]
    fn a_broken_link_still_suggests_its_player_count() {
        assert_eq!(players_hint("?seed=bad&players=3"), 3);
        assert_eq!(players_hint("?players=12"), DEFAULT_PLAYERS);
    }

    /// Issue 52: the names people gave their seats travel in a key of their
    /// own, after the others (a link without names is written as before);
    /// a bad one is explained, not dropped.
    #[test]
    fn hot_seat_names_travel_in_their_own_key() {
        let mut config = TableConfig::<TestGame>::new(Seed::from_number(12345), 4);
        config.seats = vec![SeatKind::Human, SeatKind::Human, SeatKind::Bot(Level::Easy), SeatKind::Human];
        config.names = vec![Some("Zoé".into()), None, None, Some("Jean-Luc O'Neil".into())];
        let link = write(&config);
        assert!(link.ends_with("&seats=human,human,easy,human&names=Zo%C3%A9,,,Jean-Luc%20O%27Neil"), "{link}");
        assert_eq!(read(&link).unwrap().deal, Some(config.clone().into_any()));
        // Without names, the link of before.
        config.names = Vec::new();
        assert!(!write(&config).contains("names"));
        let base = write(&config);
        // Read as typed at the table: trimmed; a bot's name and blanks dropped.
        let ja = |extra: &str| read(&format!("{base}{extra}")).map(|r| table_of::<TestGame>(r.deal.unwrap()).names);
        assert_eq!(ja("&names=+Ana+,,Minou,"), Ok(vec![Some("Ana".into()), None, None, None]));
        assert_eq!(ja("&names=,,,"), Ok(Vec::new()));
        assert_eq!(ja("&names=Ana,Bob"), Err(LinkError::NameCount { given: 2, players: 4 }));
        assert_eq!(ja("&names=Ana,%3Cscript%3E,,"), Err(LinkError::Name { text: "<script>".into(), error: NameError::Character('<') }));
        assert_eq!(ja("&names=Ana,ana,,"), Err(LinkError::Name { text: "ana".into(), error: NameError::Twice("ana".into()) }));
        let long = "x".repeat(40);
        assert!(matches!(ja(&format!("&names={long},,,")), Err(LinkError::Name { error: NameError::TooLong { length: 40 }, .. })));
        for lang in Lang::ALL {
            let words = crate::i18n::link_error(&ja("&names=Ana,%F0%9F%90%B1,,").unwrap_err(), lang);
            assert!(words.contains("🐱"), "{words}");
        }
    }

    #[test]
    fn puzzle_addresses_are_read() {
        // A link naming no game: the unnamed game's puzzles.
        assert_eq!(puzzle_link("?puzzle=7"), Some(PuzzleLink::One(unnamed(), Some(7))));
        assert_eq!(puzzle_link("?puzzles"), Some(PuzzleLink::List(unnamed())));
        assert_eq!(puzzle_link("?game=poker&puzzle=3"), None);
        assert_eq!(puzzle_link(""), None);
        // A game without puzzles has no puzzle address (every game has
        // some today, the test game too: its fixture).
        for game in GameId::ALL.into_iter().filter(|g| !g.has_puzzles()) {
            assert_eq!(puzzle_link(&format!("?game={}&puzzles", game.code())), None);
        }
        let with_puzzles: Vec<GameId> = GameId::ALL.into_iter().filter(|g| g.has_puzzles()).collect();
        assert!(with_puzzles.len() >= 2, "{with_puzzles:?}");
        for &game in &with_puzzles {
            // Each game's (issue 32): its own numbers, its own list.
            let code = game.code();
            assert_eq!(puzzle_link(&format!("?game={code}&puzzle=123")), Some(PuzzleLink::One(game, Some(123))));
            assert_eq!(puzzle_link(&format!("?game={code}&puzzle=abc")), Some(PuzzleLink::One(game, None)));
            assert_eq!(puzzle_link(&format!("?game={code}&puzzle=-1")), Some(PuzzleLink::One(game, None)));
            assert_eq!(puzzle_link(&format!("?game={code}&puzzles")), Some(PuzzleLink::List(game)));
            assert_eq!(puzzle_link(&format!("?game={}&puzzles", code.to_uppercase())), Some(PuzzleLink::List(game)));
            assert_eq!(puzzle_link(&format!("?game={code}&seed=1K7Q-M3ZD")), None);
        }
        // The puzzle's own links read back.
        for game in with_puzzles {
            assert_eq!(puzzle_link(&crate::app::puzzles::link(game, 42)), Some(PuzzleLink::One(game, Some(42))));
            assert_eq!(puzzle_link(&crate::app::puzzles::list_link(game)), Some(PuzzleLink::List(game)));
        }
    }

    /// Issue 41: the rules have an address, so that the browser's Back
    /// returns to them; read as no deal (the game in progress waits), never
    /// as a broken link.
    #[test]
    fn the_rules_address_is_read_and_deals_nothing() {
        assert!(rules_link(RULES_LINK));
        assert!(!rules_link(&format!("?game={}&seed=1K7Q-M3ZD", TestGame::CODE)));
        assert!(!rules_link(""));
        let request = read(RULES_LINK).expect("not a broken link");
        assert!(request.deal.is_none());
    }
}
