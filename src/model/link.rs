//! The page's address names the game it plays:
//! `?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=4&seats=human,normal,normal,normal&full_mice=0&lang=fr`.
//!
//! Older links with only `seed` and `players` still work (the other keys take
//! their defaults). `daily=YYYY-MM-DD` without a seed names that day's deal.
//! Every bad value becomes a [`LinkError`] the page explains; nothing panics.

use tablee_engine::katzenjammer::{Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::{Seed, SeedError};

use super::config::{default_seats, Day, SeatKind, TableConfig, DEFAULT_PLAYERS, FORMAT_VERSION, GAME, GAME_SOON};
use super::url;
use crate::app::lang::Lang;

/// What a link asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkRequest {
    /// The game to play, when the link names a deal (a seed or a daily date).
    pub deal: Option<TableConfig>,
    /// The table to offer on the home screen when the link names no deal.
    pub table: TableConfig,
    pub lang: Option<Lang>,
}

/// Why a link cannot be followed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkError {
    UnknownGame(String),
    /// A game that is announced but not playable yet.
    ComingSoon,
    /// A format version this build does not know.
    Version(String),
    Seed { text: String, error: SeedError },
    Players(String),
    /// A seat that is neither `human` nor a bot level.
    Seat(String),
    /// `seats` lists `given` seats for `players` players.
    SeatCount { given: usize, players: usize },
    /// An option with a value that is not 0/1/true/false.
    Option { name: &'static str, text: String },
    Daily(String),
}

/// Reads a query string (`location.search`).
pub fn read(search: &str) -> Result<LinkRequest, LinkError> {
    let pairs = url::parse(search);
    let get = |key: &str| url::get(&pairs, key);
    let lang = get("lang").and_then(Lang::parse);

    match get("game").map(|g| g.trim().to_ascii_lowercase()) {
        None => {}
        Some(g) if g == GAME => {}
        Some(g) if g == GAME_SOON => return Err(LinkError::ComingSoon),
        Some(g) => return Err(LinkError::UnknownGame(shorten(&g))),
    }
    if let Some(v) = get("v") {
        if v.trim() != FORMAT_VERSION.to_string() {
            return Err(LinkError::Version(shorten(v)));
        }
    }
    let seats = match get("seats") {
        None => None,
        Some(text) => Some(
            text.split(',')
                .map(|s| SeatKind::parse(s).ok_or_else(|| LinkError::Seat(shorten(s.trim()))))
                .collect::<Result<Vec<_>, _>>()?,
        ),
    };
    let players = match get("players") {
        Some(text) => match text.trim().parse::<usize>() {
            Ok(n) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) => n,
            _ => return Err(LinkError::Players(shorten(text))),
        },
        None => match &seats {
            Some(list) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&list.len()) => list.len(),
            Some(list) => return Err(LinkError::SeatCount { given: list.len(), players: DEFAULT_PLAYERS }),
            None => DEFAULT_PLAYERS,
        },
    };
    let seats = match seats {
        Some(list) if list.len() != players => {
            return Err(LinkError::SeatCount { given: list.len(), players })
        }
        Some(list) => list,
        None => default_seats(players),
    };
    let options = Options { full_mice: flag(get("full_mice"), "full_mice")? };
    let daily = match get("daily") {
        None => None,
        Some(text) => Some(Day::parse(text).ok_or_else(|| LinkError::Daily(shorten(text)))?),
    };
    let seed = match get("seed") {
        None => None,
        Some(text) => Some(Seed::parse(text).map_err(|error| LinkError::Seed { text: shorten(text), error })?),
    };
    let table = TableConfig { seed: seed.unwrap_or(Seed::from_number(0)), seats, options, daily: None };
    let deal = match (seed, daily) {
        (Some(seed), daily) => Some(TableConfig { seed, daily: daily.filter(|d| d.seed() == seed), ..table.clone() }),
        (None, Some(day)) => Some(TableConfig { seed: day.seed(), daily: Some(day), ..table.clone() }),
        (None, None) => None,
    };
    Ok(LinkRequest { deal, table, lang })
}

fn flag(text: Option<&str>, name: &'static str) -> Result<bool, LinkError> {
    match text.map(|t| t.trim().to_ascii_lowercase()) {
        None => Ok(false),
        Some(t) if t == "1" || t == "true" || t == "yes" || t == "on" => Ok(true),
        Some(t) if t == "0" || t == "false" || t == "no" || t == "off" || t.is_empty() => Ok(false),
        Some(t) => Err(LinkError::Option { name, text: shorten(&t) }),
    }
}

/// The link that reproduces this game.
pub fn write(config: &TableConfig, lang: Lang) -> String {
    let seats: Vec<&str> = config.seats.iter().map(|s| s.name()).collect();
    let mut query = format!(
        "?game={GAME}&v={FORMAT_VERSION}&seed={}&players={}&seats={}&full_mice={}",
        config.seed,
        config.players(),
        seats.join(","),
        u8::from(config.options.full_mice)
    );
    if let Some(day) = config.daily {
        query.push_str(&format!("&daily={day}"));
    }
    query.push_str(&format!("&lang={}", lang.code()));
    query
}

/// The address of the home screen (no deal), keeping the language.
pub fn home(lang: Lang) -> String {
    format!("?lang={}", lang.code())
}

/// The player count of a link that may be broken, for a "fresh game" offer.
pub fn players_hint(search: &str) -> usize {
    let pairs = url::parse(search);
    url::get(&pairs, "players")
        .and_then(|t| t.trim().parse().ok())
        .filter(|n| (MIN_PLAYERS..=MAX_PLAYERS).contains(n))
        .unwrap_or(DEFAULT_PLAYERS)
}

/// Quoting a pasted novel back at the player helps no one.
fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_bots::Level;

    fn deal(search: &str) -> TableConfig {
        read(search).unwrap().deal.unwrap()
    }

    #[test]
    fn a_full_link_names_one_game() {
        let config = deal("?game=katzenjammer&v=1&seed=1K7Q-M3ZD&players=3&seats=human,hard,easy&full_mice=1&lang=fr");
        assert_eq!(config.seed, Seed::parse("1K7Q-M3ZD").unwrap());
        assert_eq!(
            config.seats,
            vec![SeatKind::Human, SeatKind::Bot(Level::Hard), SeatKind::Bot(Level::Easy)]
        );
        assert!(config.options.full_mice);
        assert_eq!(read("?seed=1K7Q-M3ZD&lang=fr").unwrap().lang, Some(Lang::Fr));
    }

    #[test]
    fn written_links_read_back() {
        let mut config = TableConfig::new(Seed::from_number(12345), 5);
        config.seats[2] = SeatKind::Human;
        config.seats[4] = SeatKind::Bot(Level::Expert);
        config.options.full_mice = true;
        let link = write(&config, Lang::En);
        assert_eq!(
            link,
            "?game=katzenjammer&v=1&seed=1000-0C1S&players=5&seats=human,normal,human,normal,expert&full_mice=1&lang=en"
        );
        let back = read(&link).unwrap();
        assert_eq!(back.deal, Some(config.clone()));
        assert_eq!(back.lang, Some(Lang::En));
        let day = Day::new(2026, 11, 22).unwrap();
        let daily = TableConfig::daily(day, default_seats(4), Options::default());
        assert_eq!(deal(&write(&daily, Lang::Fr)), daily);
    }

    #[test]
    fn old_skeleton_links_still_work() {
        let config = deal("?seed=1K7Q-M3ZD&players=5");
        assert_eq!(config.players(), 5);
        assert_eq!(config.seats, default_seats(5));
        assert!(!config.options.full_mice);
        let expected = Seed::parse("1K7Q-M3ZD").unwrap();
        assert_eq!(deal("?seed=1k7q+m3zd").seed, expected);
        assert_eq!(deal("?seed=%201K7Q-M3ZD%20").seed, expected);
        assert_eq!(deal("?seed=1K7Q-M3ZD").players(), DEFAULT_PLAYERS);
    }

    #[test]
    fn no_seed_means_no_deal_but_a_table_for_the_home_screen() {
        let request = read("?players=3&seats=human,human,hard").unwrap();
        assert_eq!(request.deal, None);
        assert_eq!(request.table.players(), 3);
        assert_eq!(request.table.humans(), vec![0, 1]);
        assert_eq!(read("").unwrap().deal, None);
        assert_eq!(read("").unwrap().table.players(), DEFAULT_PLAYERS);
    }

    #[test]
    fn a_daily_date_without_seed_names_that_days_deal() {
        let config = deal("?daily=2026-11-22&players=4");
        assert_eq!(config.seed, Seed::daily(2026, 11, 22));
        assert_eq!(config.daily, Day::new(2026, 11, 22));
        // A date that does not match the seed is only a wrong label: dropped.
        assert_eq!(deal("?daily=2026-11-22&seed=1K7Q-M3ZD").daily, None);
        assert_eq!(read("?daily=2026-02-30").unwrap_err(), LinkError::Daily("2026-02-30".into()));
    }

    #[test]
    fn bad_links_are_explained() {
        let cases: Vec<(&str, LinkError)> = vec![
            ("?game=chess&seed=1K7Q-M3ZD", LinkError::UnknownGame("chess".into())),
            ("?game=jachete", LinkError::ComingSoon),
            ("?v=2&seed=1K7Q-M3ZD", LinkError::Version("2".into())),
            ("?seed=9K7Q-M3ZD", LinkError::Seed { text: "9K7Q-M3ZD".into(), error: SeedError::UnsupportedVersion { found: 9 } }),
            ("?seed=", LinkError::Seed { text: String::new(), error: SeedError::Empty }),
            ("?seed=1K7Q", LinkError::Seed { text: "1K7Q".into(), error: SeedError::WrongLength { found: 4 } }),
            ("?players=7", LinkError::Players("7".into())),
            ("?players=four", LinkError::Players("four".into())),
            ("?players=", LinkError::Players(String::new())),
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
        assert_eq!(home(Lang::Fr), "?lang=fr");
    }
}
