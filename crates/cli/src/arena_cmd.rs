//! `tablee arena`: seeded games of any game between built-in bots and
//! external bots (docs/bot-protocol.md). The command reads the line; the
//! game's tool (`games/<game>/`) checks its players and options and plays
//! them through the arena's machinery (`arena.rs`).

use std::path::PathBuf;

use crate::args::Options as Args;
use crate::arena::{parse_seed, parse_timeout, plural, split_seats, Run, SeatSpec, DEFAULT_GAMES, SPEC};
use crate::ext_bot;
use crate::failure::Failure;
use crate::games;

pub fn run(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, SPEC).map_err(|e| Failure::usage(format!("arena: {e}")))?;
    let usage = |message: String| Failure::usage(format!("arena: {message}"));
    let tool = games::find(args.value("game").unwrap_or(games::DEFAULT)).map_err(usage)?;
    let seats_text = args
        .value("seats")
        .ok_or_else(|| usage("--seats is required, e.g. --seats hard,normal,normal,normal".into()))?;
    let seats: Vec<SeatSpec> = split_seats(seats_text)
        .map_err(usage)?
        .iter()
        .map(|s| SeatSpec::parse(s, |text| games::all().find_map(|t| t.research_seat(text)), || games::all().filter_map(|t| t.research_seats()).collect()))
        .collect::<Result<_, _>>()
        .map_err(usage)?;
    let players = args.count("players", 1, seats.len()).map_err(usage)?;
    if !tool.arena_styles() {
        if let Some(name) = seats.iter().find_map(SeatSpec::style_name) {
            // Say whose research style it is (the game with styles).
            let whose = games::all()
                .find(|t| t.arena_styles())
                .map_or(String::new(), |t| format!("{} research style (--game {})", t.title(), t.code()));
            return Err(usage(format!("{name} is a {whose}; {} seats are levels or ext:COMMAND", tool.title())));
        }
    }
    // Another game's option: say whose.
    for other in games::all().filter(|t| t.code() != tool.code()) {
        if let Some(flag) = other.arena_flags().iter().find(|f| args.flag(f) && !tool.arena_flags().contains(f)) {
            return Err(usage(format!("--{flag} is a {} option (--game {})", other.title(), other.code())));
        }
    }
    tool.arena_check(players, &args)
        .unwrap_or_else(|| Err(format!("{} has no arena", tool.code())))
        .map_err(usage)?;
    if seats.len() != players {
        return Err(usage(format!(
            "{players} players but {} in --seats: give one bot per seat",
            plural(seats.len(), "seat")
        )));
    }
    let games = args.count("games", 1, DEFAULT_GAMES).map_err(usage)?;
    let (seed, seed_label) = parse_seed(args.value("seed").unwrap_or("0")).map_err(usage)?;
    let timeout = args.value("ext-timeout").map_or(Ok(ext_bot::DEFAULT_TIMEOUT), parse_timeout).map_err(usage)?;
    let log_dir = args.value("ext-log").map(PathBuf::from);
    let run = Run { seats, seed_label, timeout, log_dir, json: args.flag("json") };
    tool.arena(&run, players, games, seed, &args)
}
