//! `tablee arena`: seeded bot-versus-bot games (`tablee_bots::arena`), printed
//! as a table per seat or, with `--json`, as one JSON line.

use std::io::{IsTerminal, Write};
use std::time::Instant;

use tablee_bots::arena::{self, ArenaConfig, ArenaReport};
use tablee_bots::Level;
use tablee_engine::katzenjammer::{Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::Seed;

use crate::args::{GameName, Options as Args, Takes};
use crate::Failure;

const SPEC: &[(&str, Takes)] = &[
    ("game", Takes::Value),
    ("players", Takes::Value),
    ("seats", Takes::Value),
    ("games", Takes::Value),
    ("seed", Takes::Value),
    ("full-mice", Takes::Nothing),
    ("json", Takes::Nothing),
];
const DEFAULT_GAMES: usize = 100;

/// Who plays a seat. Built-in bot levels for now; external bots (a program
/// speaking a protocol on stdin/stdout, `ext:COMMAND`) will join later.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    Bot(Level),
    External(String),
}

impl SeatSpec {
    pub fn parse(text: &str) -> Result<SeatSpec, String> {
        let text = text.trim();
        if let Some(command) = text.strip_prefix("ext:") {
            return if command.trim().is_empty() {
                Err("\"ext:\" needs a command after the colon".to_string())
            } else {
                Ok(SeatSpec::External(command.to_string()))
            };
        }
        Level::parse(text).map(SeatSpec::Bot).ok_or_else(|| {
            let levels: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
            format!("unknown bot level \"{text}\" (valid levels: {})", levels.join(", "))
        })
    }

    /// The built-in bot, or why this seat cannot play yet.
    fn level(&self) -> Result<Level, String> {
        match self {
            SeatSpec::Bot(level) => Ok(*level),
            SeatSpec::External(command) => Err(format!("external bots are not supported yet (seat \"ext:{command}\")")),
        }
    }
}

/// `--seed`: a number, or a seed in its text form (1K7Q-M3ZD). Returns the
/// arena seed and how to print it.
fn parse_seed(text: &str) -> Result<(u64, String), String> {
    let text = text.trim();
    if let Ok(n) = text.parse::<u64>() {
        return Ok((n, n.to_string()));
    }
    Seed::parse(text)
        .map(|seed| (seed.number(), seed.to_string()))
        .map_err(|e| format!("--seed takes a number or a seed like 1K7Q-M3ZD: {e}"))
}

pub fn run(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, SPEC).map_err(|e| Failure::usage(format!("arena: {e}")))?;
    let usage = |message: String| Failure::usage(format!("arena: {message}"));
    GameName::parse_available(args.value("game").unwrap_or("katzenjammer")).map_err(usage)?;
    let seats_text = args
        .value("seats")
        .ok_or_else(|| usage("--seats is required, e.g. --seats hard,normal,normal,normal".into()))?;
    let seats: Vec<Level> = seats_text
        .split(',')
        .map(|s| SeatSpec::parse(s).and_then(|seat| seat.level()))
        .collect::<Result<_, _>>()
        .map_err(usage)?;
    let players = args.count("players", MIN_PLAYERS, seats.len()).map_err(usage)?;
    if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
        return Err(usage(format!("Katzenjammer Blues is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")));
    }
    if seats.len() != players {
        return Err(usage(format!(
            "{players} players but {} in --seats: give one bot per seat",
            plural(seats.len(), "seat")
        )));
    }
    let games = args.count("games", 1, DEFAULT_GAMES).map_err(usage)?;
    let (seed, seed_label) = parse_seed(args.value("seed").unwrap_or("0")).map_err(usage)?;
    let config = ArenaConfig { players, seats, games, seed, options: Options { full_mice: args.flag("full-mice") } };

    let started = Instant::now();
    let report = if std::io::stderr().is_terminal() {
        let mut shown = Instant::now();
        let report = arena::run(&config, |done| {
            if done == games || shown.elapsed().as_millis() >= 200 {
                shown = Instant::now();
                eprint!("\rarena: {done}/{games} games");
                let _ = std::io::stderr().flush();
            }
        });
        eprint!("\r\x1b[K");
        report
    } else {
        arena::run(&config, |_| {})
    }
    .map_err(|e| Failure::runtime(format!("arena: {e}")))?;

    if args.flag("json") {
        println!("{}", to_json(&report));
    } else {
        let mice = config.options.mice_for(players);
        println!(
            "arena: katzenjammer, {players} players, {mice} mice, {games} games, seed {seed_label}, \
             seats rotating every game ({:.1} s)",
            started.elapsed().as_secs_f64()
        );
        print!("{}", table(&report));
    }
    Ok(())
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

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

fn table(report: &ArenaReport) -> String {
    let mut out = String::from("seat  bot      win share  ±95% CI  mean mice  mean jokers  ms/decision p50      p95\n");
    for (i, s) in report.seats.iter().enumerate() {
        out += &format!(
            "{:<5} {:<8} {:>9.3} {:>8.3} {:>10.2} {:>12.2} {:>16} {:>8}\n",
            i + 1,
            s.bot,
            s.win_share,
            s.ci95,
            s.mean_mice,
            s.mean_jokers,
            milliseconds(s.ms_per_decision_p50),
            milliseconds(s.ms_per_decision_p95)
        );
    }
    out
}

/// `{"games": N, "seats": [{"bot": "hard", "win_share": 0.43, ...}, ...]}`,
/// keys in this order, on one line.
fn to_json(report: &ArenaReport) -> String {
    let seats: Vec<String> = report
        .seats
        .iter()
        .map(|s| {
            format!(
                "{{\"bot\": {}, \"win_share\": {}, \"ci95\": {}, \"mean_mice\": {}, \"mean_jokers\": {}, \
                 \"ms_per_decision_p50\": {}, \"ms_per_decision_p95\": {}}}",
                serde_json::Value::from(s.bot.as_str()),
                number(s.win_share, 4),
                number(s.ci95, 4),
                number(s.mean_mice, 3),
                number(s.mean_jokers, 3),
                number(s.ms_per_decision_p50, 5),
                number(s.ms_per_decision_p95, 5)
            )
        })
        .collect();
    format!("{{\"games\": {}, \"seats\": [{}]}}", report.games, seats.join(", "))
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
    fn seats_parse_as_levels_or_external_bots() {
        assert_eq!(SeatSpec::parse(" Hard "), Ok(SeatSpec::Bot(Level::Hard)));
        assert_eq!(SeatSpec::parse("ext:./mybot --fast"), Ok(SeatSpec::External("./mybot --fast".into())));
        assert!(SeatSpec::parse("ext:").is_err());
        let err = SeatSpec::parse("master").unwrap_err();
        assert!(err.contains("random, easy, normal, hard, expert"), "{err}");
        assert!(SeatSpec::External("x".into()).level().unwrap_err().contains("not supported yet"));
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
