//! `tablee coach`: the coached first game measured (issue 52; docs/lessons.md,
//! "The coached first game"); the machinery is `coach.rs`. Each coached deal
//! (the game's: the arena's deals with the newcomer's seat turning round the
//! table, or J'achète's list; `gentle` bots elsewhere) is
//! played twice: a seat that always plays the coach's move, then the
//! `expert` bot in that seat; the command prints the paired differences
//! (score, win share, place) with their 95% confidence intervals. With
//! `--turns` (J'achète), the turns the newcomer following the coach has in
//! each coached deal's first round.

use crate::args::{Options as Args, Takes};
use crate::arena::parse_seed;
use crate::coach::Ask;
use crate::failure::Failure;
use crate::games;
use tablee_bots::coach::Newcomer;

/// The command's options.
pub const SPEC: &[(&str, Takes)] = &[
    ("game", Takes::Value),
    ("players", Takes::Value),
    ("games", Takes::Value),
    ("seed", Takes::Value),
    ("turns", Takes::Nothing),
    ("newcomer", Takes::Value),
    ("vet", Takes::Value),
    ("jobs", Takes::Value),
    ("json", Takes::Nothing),
];

pub fn run(args: &[String]) -> Result<(), Failure> {
    let args = Args::parse(args, SPEC).map_err(|e| Failure::usage(format!("coach: {e}")))?;
    let usage = |message: String| Failure::usage(format!("coach: {message}"));
    let tool = games::find(args.value("game").unwrap_or(games::DEFAULT)).map_err(usage)?;
    let players = args.count("players", 1, 4).map_err(usage)?;
    let games = args.count("games", 1, 200).map_err(usage)?;
    let (seed, seed_label) = parse_seed(args.value("seed").unwrap_or("0")).map_err(usage)?;
    let newcomer = args.value("newcomer").unwrap_or("coach");
    let newcomer = Newcomer::parse(newcomer).ok_or_else(|| usage(format!("--newcomer is coach or a bot level, not \"{newcomer}\"")))?;
    let vet = args.value("vet").map(|_| args.count("vet", 1, 0)).transpose().map_err(usage)?;
    let jobs = args.count("jobs", 1, 1).map_err(usage)?;
    let ask = Ask { players, games, seed, seed_label, json: args.flag("json"), turns: args.flag("turns"), newcomer, vet, jobs };
    tool.coach(&ask).unwrap_or_else(|| Err(usage(format!("{} has no coached game", tool.code()))))
}

