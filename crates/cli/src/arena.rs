//! The arena's machinery for any game (`tablee arena`, in `arena_cmd.rs`):
//! seeded games between built-in bots and external bots (programs speaking
//! the bot protocol, docs/bot-protocol.md), printed as a table per seat or,
//! with `--json`, as one JSON line. Each game's tool (`games/<game>`) checks
//! its own options and players, then calls [`play`].

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tablee_bots::arena::{self, ArenaGame, ArenaReport, BuiltIn, Fault, Player, Table};
use tablee_bots::Level;
use tablee_engine::Seed;

use crate::args::Takes;
use crate::ext_bot::{self, ExtSettings, ExternalBot};
use crate::failure::Failure;
use crate::protocol::ProtocolGame;

/// The arena's options; a game's own flags are its tool's (`Tool::arena_flags`).
pub const SPEC: &[(&str, Takes)] = &[
    ("game", Takes::Value),
    ("players", Takes::Value),
    ("seats", Takes::Value),
    ("games", Takes::Value),
    ("seed", Takes::Value),
    ("full-mice", Takes::Nothing),
    ("three-players", Takes::Nothing),
    ("json", Takes::Nothing),
    ("ext-timeout", Takes::Value),
    ("ext-log", Takes::Value),
];
pub const DEFAULT_GAMES: usize = 100;

/// Who plays a seat: a built-in level, an external program (`ext:COMMAND`)
/// speaking the bot protocol on its stdin/stdout, or a research seat a game's
/// tool knows (J'achète's styles `buyer`, `miser`, `opener`, `mix`, and its
/// research searches `ja-ismcts…`: `Tool::research_seat`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    Bot(Level),
    External(String),
    /// A research seat: the name its messages give it (`mix`, `ja-ismcts`)
    /// and the seat as written, for its game's tool to read again.
    Research { name: &'static str, text: String },
}

impl SeatSpec {
    /// Reads a seat: `research` tells a research seat of some game (its name,
    /// or why it is malformed) from no such seat, and `research_help` lists
    /// them for the message of an unknown seat.
    pub fn parse(
        text: &str,
        research: impl Fn(&str) -> Option<Result<&'static str, String>>,
        research_help: impl Fn() -> Vec<String>,
    ) -> Result<SeatSpec, String> {
        let text = text.trim();
        if let Some(command) = text.strip_prefix("ext:") {
            // Checked here, so that no bot starts when a later seat is wrong.
            ext_bot::split_command(command)?;
            return Ok(SeatSpec::External(command.trim().to_string()));
        }
        if let Some(level) = Level::parse(text) {
            return Ok(SeatSpec::Bot(level));
        }
        if let Some(name) = research(text) {
            return Ok(SeatSpec::Research { name: name?, text: text.to_string() });
        }
        let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        let research: String = research_help().iter().map(|r| format!("; {r}")).collect();
        Err(format!("unknown bot level \"{text}\" (valid levels: {}, or ext:COMMAND{research})", levels.join(", ")))
    }

    /// The name of a research seat, else `None`.
    pub fn style_name(&self) -> Option<&'static str> {
        match self {
            SeatSpec::Research { name, .. } => Some(name),
            _ => None,
        }
    }
}

/// The games whose arena seats may be research styles (J'achète's, in its
/// tool); the others keep the default: none.
pub trait StyleSeats: ArenaGame + Sized {
    /// The player for a style seat (`mix_index`: how many `mix` seats come
    /// before it in `--seats`), or `None` for a game without styles.
    fn style_player(_seat: &SeatSpec, _mix_index: usize) -> Option<Box<dyn Player<Self>>> {
        None
    }
}

/// Splits `--seats` at its commas, except commas inside quotes ('…' or "…",
/// the quoting of `ext:` commands), so that `ext:./bot --w 'a,b',normal` is
/// two seats. Quotes are kept: [`ext_bot::split_command`] reads them.
pub fn split_seats(text: &str) -> Result<Vec<String>, String> {
    let mut seats = Vec::new();
    let mut seat = String::new();
    let mut quote: Option<char> = None;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match (quote, c) {
            (None, ',') => seats.push(std::mem::take(&mut seat)),
            (None, '\'' | '"') => {
                quote = Some(c);
                seat.push(c);
            }
            (Some(q), c) if c == q => {
                quote = None;
                seat.push(c);
            }
            (None, '\\') | (Some('"'), '\\') => {
                seat.push(c);
                if let Some(next) = chars.next() {
                    seat.push(next);
                }
            }
            (_, c) => seat.push(c),
        }
    }
    if let Some(q) = quote {
        return Err(format!("--seats: unterminated {q} in \"{text}\""));
    }
    seats.push(seat);
    Ok(seats)
}

/// `--ext-timeout`: seconds, more than 0 and at most an hour.
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if s > 0.0 && s <= 3600.0 => Ok(Duration::from_secs_f64(s)),
        _ => Err(format!("--ext-timeout takes seconds (more than 0, at most 3600), not \"{text}\"")),
    }
}

/// `--seed`: a number, or a seed in its text form (1K7Q-M3ZD). Returns the
/// arena seed and how to print it.
pub fn parse_seed(text: &str) -> Result<(u64, String), String> {
    let text = text.trim();
    if let Ok(n) = text.parse::<u64>() {
        return Ok((n, n.to_string()));
    }
    Seed::parse(text)
        .map(|seed| (seed.number(), seed.to_string()))
        .map_err(|e| format!("--seed takes a number or a seed like 1K7Q-M3ZD: {e}"))
}

/// What the command line asked for, whatever the game.
pub struct Run {
    pub seats: Vec<SeatSpec>,
    pub seed_label: String,
    pub timeout: Duration,
    pub log_dir: Option<PathBuf>,
    pub json: bool,
}

/// Plays the arena run of one game and prints its report; `setting` is the
/// game's part of the heading ("20 mice").
pub fn play<G>(run: &Run, config: Table<G::Options>, setting: &str) -> Result<(), Failure>
where
    G: ArenaGame + ProtocolGame + StyleSeats + 'static,
    BuiltIn: Player<G>,
{
    let usage = |message: String| Failure::usage(format!("arena: {message}"));
    for seat in &run.seats {
        if let SeatSpec::Bot(level) = seat {
            if !G::LEVELS.contains(level) {
                let levels: Vec<&str> = G::LEVELS.iter().map(|l| l.name()).collect();
                return Err(usage(format!(
                    "{} has no {level} level (its levels: {}, or ext:COMMAND)",
                    G::NAME,
                    levels.join(", ")
                )));
            }
        }
    }
    let any_external = run.seats.iter().any(|s| matches!(s, SeatSpec::External(_)));
    if let Some(dir) = run.log_dir.as_ref().filter(|_| any_external) {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::runtime(format!("arena: cannot create --ext-log {}: {e}", dir.display())))?;
    }
    let games = config.games;

    let started = Instant::now();
    // External bots start before the first game; they stop (and are reaped)
    // when `entries` is dropped, whatever happens.
    let mut entries: Vec<Box<dyn Player<G>>> = Vec::with_capacity(run.seats.len());
    for (i, seat) in run.seats.iter().enumerate() {
        entries.push(match seat {
            SeatSpec::Bot(level) => Box::new(BuiltIn(*level)),
            SeatSpec::Research { name, .. } => {
                // How many seats of its name come before it (`mix`: which of the styles).
                let index = run.seats[..i].iter().filter(|s| s.style_name() == Some(name)).count();
                G::style_player(seat, index).ok_or_else(|| usage(format!("{} has no research styles", G::NAME)))?
            }
            SeatSpec::External(command) => {
                let argv = ext_bot::split_command(command).map_err(usage)?;
                let settings = ExtSettings {
                    command: command.clone(),
                    argv,
                    timeout: run.timeout,
                    log: run.log_dir.as_ref().map(|dir| dir.join(format!("seat-{}.log", i + 1))),
                    label: format!("seat {}", i + 1),
                };
                let bot = ExternalBot::<G>::start(settings)
                    .map_err(|e| Failure::runtime(format!("arena: seat {}: {e}", i + 1)))?;
                Box::new(bot)
            }
        });
    }
    let mut playing: Vec<&mut dyn Player<G>> = entries.iter_mut().map(|p| -> &mut dyn Player<G> { &mut **p }).collect();
    let report = if std::io::stderr().is_terminal() {
        let mut shown = Instant::now();
        let report = arena::run_players(&config, &mut playing, |done| {
            if done == games || shown.elapsed().as_millis() >= 200 {
                shown = Instant::now();
                eprint!("\rarena: {done}/{games} games");
                let _ = std::io::stderr().flush();
            }
        });
        eprint!("\r\x1b[K");
        report
    } else {
        arena::run_players(&config, &mut playing, |_| {})
    }
    .map_err(|e| Failure::runtime(format!("arena: {e}")))?;
    drop(playing);
    drop(entries);

    if run.json {
        outln!("{}", to_json(G::NAME, G::SCORE, G::EXTRA, &report));
    } else {
        let ext = match any_external {
            true => format!(", {} s per external decision", run.timeout.as_secs_f64()),
            false => String::new(),
        };
        outln!(
            "arena: {}, {} players, {setting}, {games} games, seed {}, seats rotating every game{ext} ({:.1} s)",
            G::NAME,
            config.players,
            run.seed_label,
            started.elapsed().as_secs_f64()
        );
        out!("{}", table(G::SCORE, &extra_label::<G>(), &report));
        if any_external {
            out!("{}", fault_table(&report));
        }
    }
    Ok(())
}

/// The heading of the extra column: "jokers", "purse ¢".
fn extra_label<G: ArenaGame>() -> String {
    match G::EXTRA {
        "purse" => "purse ¢".to_string(),
        other => other.to_string(),
    }
}

/// Milliseconds with three significant digits or so: 0.00123, 4.56, 123.
fn milliseconds(ms: f64) -> String {
    match ms {
        x if x >= 100.0 => format!("{x:.0}"),
        x if x >= 10.0 => format!("{x:.1}"),
        x if x >= 1.0 => format!("{x:.2}"),
        x => format!("{x:.5}"),
    }
}

pub fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The width of the bot column: the longest name, at least 8.
fn bot_width(report: &ArenaReport) -> usize {
    report.seats.iter().map(|s| s.bot.chars().count()).max().unwrap_or(0).max(8)
}

/// One row per seat; `score` and `extra` name the game's two mean columns
/// ("mice" and "jokers", "points" and "purse ¢").
fn table(score: &str, extra: &str, report: &ArenaReport) -> String {
    let width = bot_width(report);
    let score = format!("mean {score}");
    let extra = format!("mean {extra}");
    // Each mean column is as wide as its heading, plus one space before it.
    let (sw, ew) = (score.chars().count() + 1, extra.chars().count() + 1);
    let mut out = format!(
        "seat  {:<width$} win share  ±95% CI {score:>sw$} {extra:>ew$}  ms/decision p50      p95\n",
        "bot"
    );
    for (i, s) in report.seats.iter().enumerate() {
        out += &format!(
            "{:<5} {:<width$} {:>9.3} {:>8.3} {:>sw$.2} {:>ew$.2} {:>16} {:>8}\n",
            i + 1,
            s.bot,
            s.win_share,
            s.ci95,
            s.mean_score,
            s.mean_extra,
            milliseconds(s.ms_per_decision_p50),
            milliseconds(s.ms_per_decision_p95)
        );
    }
    out
}

/// Faults per seat: decisions the arena played at random for the seat.
fn fault_table(report: &ArenaReport) -> String {
    let width = bot_width(report);
    let mut out = format!(
        "faults (decisions played at random instead)\nseat  {:<width$}  timeout  garbage  illegal     dead  restarts\n",
        "bot"
    );
    for (i, s) in report.seats.iter().enumerate() {
        out += &format!("{:<5} {:<width$}", i + 1, s.bot);
        for fault in Fault::ALL {
            out += &format!(" {:>8}", s.faults.get(fault));
        }
        out += &format!(" {:>9}\n", s.restarts);
    }
    out
}

/// `{"game": "katzenjammer", "games": N, "seats": [{"bot": "hard", "win_share":
/// 0.43, ..., "faults": {"timeout": 0, ...}, "restarts": 0}, ...]}`, keys in
/// this order, on one line. The two means are named after the game:
/// `mean_mice` and `mean_jokers`, or `mean_points` and `mean_purse` (cents).
fn to_json(game: &str, score: &str, extra: &str, report: &ArenaReport) -> String {
    let seats: Vec<String> = report
        .seats
        .iter()
        .map(|s| {
            format!(
                "{{\"bot\": {}, \"win_share\": {}, \"ci95\": {}, \"mean_{score}\": {}, \"mean_{extra}\": {}, \
                 \"ms_per_decision_p50\": {}, \"ms_per_decision_p95\": {}, \"decisions\": {}, \
                 \"faults\": {{{}}}, \"restarts\": {}}}",
                serde_json::Value::from(s.bot.as_str()),
                number(s.win_share, 4),
                number(s.ci95, 4),
                number(s.mean_score, 3),
                number(s.mean_extra, 3),
                number(s.ms_per_decision_p50, 5),
                number(s.ms_per_decision_p95, 5),
                s.decisions,
                Fault::ALL.iter().map(|&f| format!("\"{f}\": {}", s.faults.get(f))).collect::<Vec<_>>().join(", "),
                s.restarts
            )
        })
        .collect();
    format!("{{\"game\": \"{game}\", \"games\": {}, \"seats\": [{}]}}", report.games, seats.join(", "))
}

/// A finite JSON number with at most `decimals` decimals, trailing zeros cut.
fn number(x: f64, decimals: usize) -> String {
    if !x.is_finite() {
        return "null".to_string();
    }
    let text = format!("{x:.decimals$}");
    let text = if text.contains('.') { text.trim_end_matches('0').trim_end_matches('.') } else { &text };
    if text == "-0" {
        "0".to_string()
    } else {
        text.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_parse_as_levels_or_external_bots_or_research_seats() {
        let research = |text: &str| (text == "probe").then_some(Ok("probe"));
        let help = || vec!["research seats: probe".to_string()];
        let parse = |text: &str| SeatSpec::parse(text, research, help);
        assert_eq!(parse(" Hard "), Ok(SeatSpec::Bot(Level::Hard)));
        assert_eq!(parse("ext:./mybot --fast"), Ok(SeatSpec::External("./mybot --fast".into())));
        assert!(parse("ext:").is_err());
        let err = parse("master").unwrap_err();
        assert!(err.contains("random, gentle, easy, normal, hard, expert"), "{err}");
        assert!(err.contains("or ext:COMMAND; research seats: probe)"), "{err}");
        assert_eq!(parse("probe"), Ok(SeatSpec::Research { name: "probe", text: "probe".into() }));
    }

    #[test]
    fn seat_lists_split_at_commas_outside_quotes() {
        let split = |s: &str| split_seats(s).unwrap();
        assert_eq!(split("ext:python3 bot.py,normal,normal"), ["ext:python3 bot.py", "normal", "normal"]);
        assert_eq!(split("ext:./bot --w 'a,b',hard"), ["ext:./bot --w 'a,b'", "hard"]);
        assert_eq!(split(r#"ext:./bot "x,\"y",easy"#), [r#"ext:./bot "x,\"y""#, "easy"]);
        assert_eq!(split(r"ext:./bot a\,b,easy"), [r"ext:./bot a\,b", "easy"]);
        assert!(split_seats("ext:./bot 'a,normal").unwrap_err().contains("unterminated"));
    }

    #[test]
    fn timeouts_are_positive_seconds() {
        assert_eq!(parse_timeout("0.3"), Ok(Duration::from_millis(300)));
        assert_eq!(parse_timeout("5"), Ok(Duration::from_secs(5)));
        for bad in ["0", "-1", "soon", "NaN", "inf", "4000"] {
            assert!(parse_timeout(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn seeds_are_numbers_or_seed_text() {
        assert_eq!(parse_seed("42"), Ok((42, "42".into())));
        assert_eq!(parse_seed("1000-0016"), Ok((38, "1000-0016".into())));
        assert!(parse_seed("1K7Q").unwrap_err().contains("8 characters"));
    }

    #[test]
    fn json_numbers_are_short_and_finite() {
        assert_eq!(number(0.43, 4), "0.43");
        assert_eq!(number(2.0, 3), "2");
        assert_eq!(number(-0.0001, 3), "0");
        assert_eq!(number(f64::NAN, 3), "null");
        assert_eq!(milliseconds(0.001234), "0.00123");
        assert_eq!(milliseconds(12.345), "12.3");
    }
}
