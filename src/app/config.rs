//! A table: which game, who sits where (people or bots and their level), the
//! options and the deal's seed. The URL and the save file both carry one.

use std::fmt;

use tablee_bots::Level;
use tablee_engine::{Seat, Seed};

use super::game::GameDef;

/// The format of links and saves this build writes and reads.
pub const FORMAT_VERSION: u32 = 1;

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SeatKind {
    /// A person at this device (several people share it in hot-seat play).
    Human,
    Bot(Level),
}

impl SeatKind {
    /// Every choice offered for a seat, in menu order.
    pub const CHOICES: [SeatKind; 6] = [
        SeatKind::Human,
        SeatKind::Bot(Level::Random),
        SeatKind::Bot(Level::Easy),
        SeatKind::Bot(Level::Normal),
        SeatKind::Bot(Level::Hard),
        SeatKind::Bot(Level::Expert),
    ];

    /// The name used in links and saves: `human`, or the bot level.
    pub fn name(self) -> &'static str {
        match self {
            SeatKind::Human => "human",
            SeatKind::Bot(level) => level.name(),
        }
    }

    /// Reads a name written by [`SeatKind::name`] (any case, spaces around):
    /// a seat's level ([`Level::SEATED`]: the coached game's `gentle` too).
    /// Research levels (`ismcts`) are not offered to players.
    pub fn parse(text: &str) -> Option<SeatKind> {
        let text = text.trim().to_ascii_lowercase();
        if text == "human" {
            return Some(SeatKind::Human);
        }
        Level::parse(&text)
            .filter(|level| Level::SEATED.contains(level))
            .map(SeatKind::Bot)
    }

    pub fn is_human(self) -> bool {
        self == SeatKind::Human
    }
}

/// The most characters a person's name for their seat may have.
pub const NAME_MAX: usize = 16;

/// Why a name typed for a seat is refused (hot-seat, issue 52).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NameError {
    /// More than [`NAME_MAX`] characters.
    TooLong { length: usize },
    /// A character that is not a letter, a digit, a space, an apostrophe,
    /// a hyphen or a full stop.
    Character(char),
    /// Two seats with one name (ASCII letter case aside): the hand-off would not
    /// say whom the device goes to.
    Twice(String),
}

/// Reads a name a person typed for their seat: spaces around trimmed and
/// runs of them made one; letters ([`name_char`]: of the alphabets names
/// are written in), digits, spaces and `' ’ - .` only, at most
/// [`NAME_MAX`] characters. `Ok(None)`: blank (the
/// seat keeps its number: "Player 2"). Links and saves carry only names
/// that read back the same.
pub fn parse_name(text: &str) -> Result<Option<String>, NameError> {
    let name = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if let Some(c) = name.chars().find(|&c| !name_char(c)) {
        return Err(NameError::Character(c));
    }
    let length = name.chars().count();
    if length > NAME_MAX {
        return Err(NameError::TooLong { length });
    }
    Ok((!name.is_empty()).then_some(name))
}

/// A character a name may hold: ASCII letters and digits, space, `' ’ - .`,
/// and the letters of the alphabets names are written in, by Unicode block
/// (Latin with its accents, combining accents, Greek, Cyrillic, Armenian,
/// Hebrew, Arabic, the Indic scripts, Thai, Georgian, Vietnamese's Latin,
/// kana, CJK ideographs, Hangul). Not `char::is_alphanumeric`: its Unicode
/// tables would ride in the page's first load (docs/performance.md).
fn name_char(c: char) -> bool {
    const LETTERS: [(u32, u32); 17] = [
        (0xC0, 0x24F),
        (0x300, 0x36F),
        (0x386, 0x3FF),
        (0x400, 0x52F),
        (0x531, 0x587),
        (0x5D0, 0x5EA),
        (0x620, 0x64A),
        (0x900, 0xDFF),
        (0xE01, 0xE3A),
        (0xE40, 0xE4E),
        (0x10A0, 0x10FF),
        (0x1E00, 0x1EFF),
        (0x3041, 0x30FF),
        (0x3400, 0x4DBF),
        (0x4E00, 0x9FFF),
        (0xAC00, 0xD7A3),
        (0x2019, 0x2019),
    ];
    let n = c as u32;
    c.is_ascii_alphanumeric() || matches!(c, ' ' | '\'' | '-' | '.') || (n != 0xD7 && n != 0xF7 && LETTERS.iter().any(|&(a, b)| (a..=b).contains(&n)))
}

/// Reads the names typed for a table's seats (one text a seat, blank for
/// none), keeping those of people only: each by [`parse_name`], and no
/// name twice. `Err`: the seat whose name is refused, and why.
pub fn parse_names(texts: &[String], seats: &[SeatKind]) -> Result<Vec<Option<String>>, (usize, NameError)> {
    let mut names: Vec<Option<String>> = Vec::with_capacity(seats.len());
    for (seat, kind) in seats.iter().enumerate() {
        let text = texts.get(seat).map_or("", String::as_str);
        let name = if kind.is_human() { parse_name(text).map_err(|e| (seat, e))? } else { None };
        if let Some(n) = &name {
            // ASCII case aside (Unicode's case tables are not in the page: docs/performance.md).
            if names.iter().flatten().any(|other| other.eq_ignore_ascii_case(n)) {
                return Err((seat, NameError::Twice(n.clone())));
            }
        }
        names.push(name);
    }
    Ok(if names.iter().all(Option::is_none) { Vec::new() } else { names })
}

/// A UTC calendar date, for the daily deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

impl Day {
    /// A real date of the Gregorian calendar, or `None`.
    pub fn new(year: i32, month: u32, day: u32) -> Option<Day> {
        let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
        let days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        ((1..=days).contains(&day) && (1000..=9999).contains(&year)).then_some(Day { year, month, day })
    }

    /// Reads `YYYY-MM-DD`.
    pub fn parse(text: &str) -> Option<Day> {
        let mut parts = text.trim().split('-');
        let year = parts.next()?.parse().ok()?;
        let month = parts.next()?.parse().ok()?;
        let day = parts.next()?.parse().ok()?;
        if parts.next().is_some() {
            return None;
        }
        Day::new(year, month, day)
    }

    /// The daily deal's seed: the same for everyone on this UTC date.
    pub fn seed(self) -> Seed {
        Seed::daily(self.year, self.month, self.day)
    }

    /// Days since 1970-01-01 (negative before), proleptic Gregorian
    /// (H. Hinnant's days-from-civil).
    pub fn days(self) -> i64 {
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (civil-from-days); `None` outside
    /// the years 1000..=9999.
    pub fn from_days(days: i64) -> Option<Day> {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = yoe + era * 400 + i64::from(month <= 2);
        Day::new(i32::try_from(year).ok()?, month, day)
    }

    /// The UTC date of a time in milliseconds since the epoch (`Date.now()`).
    pub fn from_epoch_ms(ms: f64) -> Option<Day> {
        Day::from_days((ms / 86_400_000.0).floor() as i64)
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// One table of game `G`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableConfig<G: GameDef> {
    pub seed: Seed,
    /// One entry per seat; the number of players is its length.
    pub seats: Vec<SeatKind>,
    pub options: G::Options,
    /// Set when the seed is this date's daily deal.
    pub daily: Option<Day>,
    /// The names people gave their seats (hot-seat, issue 52): one per
    /// seat, `None` for a bot or a person without one; empty when no seat
    /// is named (so links and saves without names read and write as before).
    pub names: Vec<Option<String>>,
    /// The seat played on this device when people play from their own
    /// devices (a game with friends, issue 55): it is "you", the other
    /// people's seats go by their names. Not in links or saves (another
    /// device has another seat).
    pub here: Option<Seat>,
    /// A friend's device does not know the deal's seed until the game's
    /// end (commit–reveal: the host reveals its secret then, issue 55):
    /// `seed` is a stand-in, never shown. Not in links or saves.
    pub seed_hidden: bool,
}

impl<G: GameDef> TableConfig<G> {
    /// The default table: one person at seat 0 against `normal` bots.
    pub fn new(seed: Seed, players: usize) -> TableConfig<G> {
        TableConfig { seed, seats: default_seats::<G>(players), options: G::Options::default(), daily: None, names: Vec::new(), here: None, seed_hidden: false }
    }

    /// Today's deal.
    pub fn daily(day: Day, seats: Vec<SeatKind>, options: G::Options) -> TableConfig<G> {
        TableConfig { seed: day.seed(), seats, options, daily: Some(day), names: Vec::new(), here: None, seed_hidden: false }
    }

    /// A typed seed that happens to be today's daily deal is labelled so.
    pub fn with_daily_label(mut self, today: Day) -> TableConfig<G> {
        if today.seed() == self.seed {
            self.daily = Some(today);
        }
        self
    }

    pub fn players(&self) -> usize {
        self.seats.len()
    }

    pub fn seat(&self, seat: usize) -> Option<SeatKind> {
        self.seats.get(seat).copied()
    }

    /// The name the person at `seat` gave it, if any (never a bot's).
    pub fn name(&self, seat: usize) -> Option<&str> {
        self.names.get(seat)?.as_deref().filter(|_| self.seat(seat) == Some(SeatKind::Human))
    }

    pub fn humans(&self) -> Vec<usize> {
        (0..self.players()).filter(|&s| self.seats[s].is_human()).collect()
    }

    /// The same deal and table (the daily label aside): a save belongs to a link
    /// when this holds.
    pub fn same_table(&self, other: &TableConfig<G>) -> bool {
        self.seed == other.seed && self.seats == other.seats && self.options == other.options
    }

    /// Hints are for casual games: not for the daily deal, where results
    /// are compared, nor in a game with friends on their own devices (the
    /// host's bots would advise one player).
    pub fn hints_allowed(&self) -> bool {
        self.daily.is_none() && self.here.is_none()
    }

    /// The only person at the table, whose result the page reports and
    /// against whom par is computed (none with several people, or nobody).
    pub fn solo_seat(&self) -> Option<usize> {
        match self.humans().as_slice() {
            [one] => Some(*one),
            _ => None,
        }
    }

    /// Names the table for the local history: deal, seats, options, moves.
    pub fn record_id(&self, moves: usize) -> String {
        let seats: Vec<&str> = self.seats.iter().map(|k| k.name()).collect();
        let options: Vec<String> = G::options_to_query(self.options).into_iter().map(|(_, v)| v).collect();
        format!("{}/{}/{}/{moves}", self.seed, seats.join(","), options.join(","))
    }
}

/// Seat 0 human, the others `normal` bots.
pub fn default_seats<G: GameDef>(players: usize) -> Vec<SeatKind> {
    let players = players.clamp(G::MIN_PLAYERS, G::MAX_PLAYERS);
    (0..players)
        .map(|s| if s == 0 { SeatKind::Human } else { SeatKind::Bot(Level::Normal) })
        .collect()
}

/// A daily deal's attempt (`controller::Shell::daily_attempt`): what a game's
/// share text and the deal bar say of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DailyAttempt {
    /// The first finished attempt counts (this one, if it finishes first);
    /// `streak`: days in a row with the daily deal finished.
    Counts { streak: u32 },
    /// The day's deal was already finished once: this game is practice.
    Practice { first_score: i32 },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn days_count_from_the_epoch_both_ways() {
        assert_eq!(Day::new(1970, 1, 1).unwrap().days(), 0);
        assert_eq!(Day::new(2000, 3, 1).unwrap().days(), 11_017);
        assert_eq!(Day::new(2026, 11, 23).unwrap().days(), 20_780);
        assert_eq!(Day::from_days(20_780), Day::new(2026, 11, 23));
        // Every day of 1999..2101 (leap years, centuries) reads back.
        let start = Day::new(1999, 1, 1).unwrap().days();
        let mut last = Day::new(1998, 12, 31).unwrap();
        for n in start..start + 365 * 102 {
            let day = Day::from_days(n).unwrap();
            assert!(day > last, "{day} after {last}");
            assert_eq!(day.days(), n);
            last = day;
        }
        assert_eq!(Day::from_days(Day::new(2024, 2, 28).unwrap().days() + 1), Day::new(2024, 2, 29));
        assert_eq!(Day::from_days(Day::new(2100, 2, 28).unwrap().days() + 1), Day::new(2100, 3, 1));
        // 2026-11-23T23:59:59.999Z and the next millisecond.
        assert_eq!(Day::from_epoch_ms(1_795_478_399_999.0), Day::new(2026, 11, 23));
        assert_eq!(Day::from_epoch_ms(1_795_478_400_000.0), Day::new(2026, 11, 24));
        assert_eq!(Day::from_days(i64::MAX / 4), None);
    }
    use crate::games::test_game::TestGame;

    #[test]
    fn seat_names_round_trip_and_research_levels_are_refused() {
        for kind in SeatKind::CHOICES {
            assert_eq!(SeatKind::parse(kind.name()), Some(kind));
        }
        assert_eq!(SeatKind::parse(" Normal "), Some(SeatKind::Bot(Level::Normal)));
        assert_eq!(SeatKind::parse("ismcts"), None);
        assert_eq!(SeatKind::parse("robot"), None);
        assert_eq!(SeatKind::parse(""), None);
    }

    /// Issue 52: names typed for the seats are cleaned and checked.
    #[test]
    fn names_are_trimmed_limited_and_checked() {
        assert_eq!(parse_name("  Zoé   Ana  "), Ok(Some("Zoé Ana".to_string())));
        assert_eq!(parse_name("   "), Ok(None));
        assert_eq!(parse_name("O'Neil-Lee Jr."), Ok(Some("O'Neil-Lee Jr.".to_string())));
        assert_eq!(parse_name("李小龙"), Ok(Some("李小龙".to_string())));
        assert_eq!(parse_name("Ana,Bob"), Err(NameError::Character(',')));
        assert_eq!(parse_name("<b>"), Err(NameError::Character('<')));
        assert_eq!(parse_name("🐱"), Err(NameError::Character('🐱')));
        for ok in ["Łukasz", "Ξένια", "Надя", "Nguyễn", "さくら", "민준", "Ève d’Arc", "Zoe\u{301}"] {
            assert_eq!(parse_name(ok), Ok(Some(ok.to_string())), "{ok}");
        }
        for (bad, c) in [("2×3", '×'), ("a÷b", '÷'), ("A•B", '•'), ("x\u{200B}y", '\u{200B}'), ("a@b", '@'), ("é\u{7}", '\u{7}')] {
            assert_eq!(parse_name(bad), Err(NameError::Character(c)), "{bad}");
        }
        assert_eq!(parse_name("Tab\tulé"), Ok(Some("Tab ulé".to_string())));
        assert_eq!(parse_name(&"é".repeat(NAME_MAX)).map(|n| n.map(|n| n.chars().count())), Ok(Some(NAME_MAX)));
        assert_eq!(parse_name(&"a".repeat(NAME_MAX + 1)), Err(NameError::TooLong { length: NAME_MAX + 1 }));
        let seats = [SeatKind::Human, SeatKind::Bot(Level::Easy), SeatKind::Human];
        let texts = |t: [&str; 3]| t.map(String::from).to_vec();
        assert_eq!(parse_names(&texts(["Ana", "Bot", " bob "]), &seats), Ok(vec![Some("Ana".into()), None, Some("bob".into())]));
        assert_eq!(parse_names(&texts(["", "x", ""]), &seats), Ok(Vec::new()), "no name: none kept");
        assert_eq!(parse_names(&texts(["Ana", "", "ANA"]), &seats), Err((2, NameError::Twice("ANA".into()))));
        assert_eq!(parse_names(&texts(["Ana", "", "A;"]), &seats), Err((2, NameError::Character(';'))));
        let mut config = TableConfig::<TestGame>::new(Seed::from_number(1), 3);
        config.seats = seats.to_vec();
        config.names = vec![Some("Ana".into()), Some("Minou".into()), None];
        assert_eq!((config.name(0), config.name(1), config.name(2)), (Some("Ana"), None, None), "a bot keeps its own name");
    }

    #[test]
    fn dates_are_checked() {
        assert_eq!(Day::parse("2026-11-22"), Day::new(2026, 11, 22));
        assert_eq!(Day::parse("2026-11-22").map(|d| d.to_string()).as_deref(), Some("2026-11-22"));
        assert!(Day::parse("2024-02-29").is_some());
        assert!(Day::parse("2026-02-29").is_none());
        assert!(Day::parse("1900-02-29").is_none());
        assert!(Day::parse("2000-02-29").is_some());
        assert!(Day::parse("2026-13-01").is_none());
        assert!(Day::parse("2026-04-31").is_none());
        assert!(Day::parse("2026-11").is_none());
        assert!(Day::parse("2026-11-22-1").is_none());
        assert!(Day::parse("today").is_none());
    }

    #[test]
    fn the_daily_seed_is_the_engines() {
        let day = Day::new(2026, 11, 22).unwrap();
        assert_eq!(day.seed(), Seed::daily(2026, 11, 22));
        assert_ne!(day.seed(), Day::new(2026, 11, 23).unwrap().seed());
    }

    #[test]
    fn default_table_is_one_person_against_normal_bots() {
        let config = TableConfig::<TestGame>::new(Seed::from_number(1), 4);
        assert_eq!(config.players(), 4);
        assert_eq!(config.humans(), vec![0]);
        assert_eq!(config.solo_seat(), Some(0));
        assert!(config.seats[1..].iter().all(|&s| s == SeatKind::Bot(Level::Normal)));
        // Within the game's players (the real games': `default_seats_are_within_its_players` in their folders).
        assert_eq!(default_seats::<TestGame>(9).len(), 4);
        assert_eq!(default_seats::<TestGame>(0).len(), 2);
    }
}
