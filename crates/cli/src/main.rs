//! `tablee`: Tablée's command line.
//!
//!     tablee scenario FILE     run a scenario file (FILE may be - for stdin)
//!     tablee arena ...         bot-versus-bot games and their statistics
//!     tablee bench ...         engine and search speed, native and in wasm
//!     tablee puzzles ...       mine puzzles, print one as a scenario, check a file
//!     tablee lessons FILE...   check lesson files, print one lesson as a scenario
//!     tablee coach ...         the coached first game: the coach against the expert
//!
//! Exit codes: 0 the command ran; 2 bad input or usage (one line on stderr);
//! 1 a failure while running; 141 the reader closed standard output
//! (`tablee … | head`: quietly, [`output`]).

/// `print!` for the commands: a closed pipe ends the command quietly ([`output`]).
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

/// `println!` for the commands ([`out!`]).
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

// From the bottom up: the machinery every game uses, the games (each in
// its folder) and their registry, then the commands that ask it.
mod output;
mod args;
mod failure;
mod lessons_cmd;
mod protocol;
mod ext_bot;
mod arena;
mod coach;
mod bench;
mod puzzle_files;
mod tool;
mod games;
mod arena_cmd;
mod coach_cmd;
mod bench_cmd;
mod puzzles_cmd;
mod scenario_cmd;

use std::process::ExitCode;

use failure::Failure;

const USAGE: &str =
    "usage: tablee scenario FILE | tablee arena --seats BOT,BOT,... [options] | tablee bench [options] \
                     | tablee puzzles [options] | tablee lessons FILE... | tablee coach [options] (tablee help for details)";

/// Each command's help, naming no game (`--game GAME`; each game's notes
/// follow, from its tool: [`tool::Tool::help`]).
const HELP: [(&str, &str); 6] = [
    (
        "scenario",
        "\
tablee scenario FILE
    Run a scenario file (FILE may be - for standard input).
",
    ),
    (
        "arena",
        "\
tablee arena --seats BOT,BOT,... [--game GAME] [--players N] [--games N]
             [--seed S] [GAME'S OPTIONS] [--json] [--ext-timeout SECONDS]
             [--ext-log DIR]
    Play N seeded bot-versus-bot games, seats rotating every game, and print
    per seat: win share and its 95% confidence interval, the game's two
    means (below), milliseconds per decision (median, 95th percentile).
    BOT is random, easy, normal, hard or expert, or ext:COMMAND, an external
    program speaking the bot protocol (docs/bot-protocol.md) on stdin/stdout,
    e.g. --seats 'ext:python3 examples/bots/random_bot.py',normal,normal,normal
    (commas separate seats, except inside quotes within the command).
    --players defaults to the number of seats, --games to 100, --seed (a number
    or a seed like 1K7Q-M3ZD) to 0. --json prints one JSON object as the last
    line instead of the table. External bots: --ext-timeout per answer
    (default 5 s; late, garbage, illegal answers and dead bots are faults, a
    random legal move is played instead, counted per seat); --ext-log DIR
    writes each external seat's stderr and fault notes to DIR/seat-N.log.
",
    ),
    (
        "bench",
        "\
tablee bench [--game GAME] [--json] [--run-ms MS] [--runs N] [--no-wasm]
    Measure on one thread what the game measures (below), each figure the
    median of N runs (default 5) of MS milliseconds (default 500).
    For honest native numbers: cargo run --release --bin tablee -- bench
",
    ),
    (
        "puzzles",
        "\
tablee puzzles --count N --seed S --out FILE [--game GAME] [--worlds W] [--jobs J]
               [--max-games G] [--kind K]
    Mine N puzzles from seeded games between bot levels (docs/puzzles.md): an
    analysis from the deciding seat's view over W worlds keeps a position when
    its answer is clearly best and normal plays otherwise (each game's
    analysis and options below). The same seed writes the same file; --jobs J
    threads share each analysis.
tablee puzzles --cut FILE --first N --out OUT
    Write FILE's first N puzzles (what the same mining run with --count N writes).
tablee puzzles --split FILE --out INDEX [--part-games N]
    Write FILE (either form) split, as the page reads it (docs/puzzles.md, The
    file, version 3): the index INDEX (the games without their actions, the
    puzzles without their candidates and why) and the games' actions and
    their puzzles' candidates and why in parts beside it, INDEX's name without .json then
    /K.json, N games a part (the game's default below). Every command taking
    a FILE reads either form: a whole file, or an index with its parts; one
    that writes OUT writes an index and its parts if OUT is one already.
tablee puzzles --join FILE --out OUT
    Write FILE (either form) whole, as one version 1 file (what miners write).
tablee puzzles --scenario ID FILE
    Print puzzle ID's position as a scenario file (for tablee scenario).
tablee puzzles --check FILE [--sample K] [--worlds W] [--jobs J] [--fresh-seed S]
    Replay every puzzle of FILE from its seed; re-analyse every K-th one with a
    fresh seed (W worlds, default 2000) and count the answers that hold.
",
    ),
    (
        "lessons",
        "\
tablee lessons FILE...
    Check lesson files (src/games/<game>/public/lessons/<game>.json, docs/lessons.md): every
    lesson replayed by the engine from its position, each accepted action legal
    where it is asked, each refused example refused for its named reason, the
    bots' replies legal, every text in French and English. Prints each lesson's
    steps, taps and rules; exit 1 when a problem is found.
tablee lessons --scenario N FILE
    Print lesson N (from 1) as a scenario file: its position, then the coach's
    moves and the bots' replies (for tablee scenario).
",
    ),
    (
        "coach",
        "\
tablee coach [--game GAME] [--players N] [--games N] [--seed S]
             [--newcomer coach|LEVEL] [--turns] [--json]
    The coached first game (docs/lessons.md): each of N coached deals (default
    200; the arena's deals for the seed, the newcomer's seat turning round the
    table, gentle bots elsewhere, 4 players by default) played twice, a seat
    that always plays the coach's move (the hint's first choice, as the page
    suggests it) and then the expert bot in that seat. Prints each deal, then
    the mean score and win share of both and the paired differences (coach
    minus expert: score, win share, place) with 95% confidence intervals.
    --newcomer LEVEL plays a bot level in the newcomer's seat instead of the
    coach.
",
    ),
];

/// A command's help (`tablee arena --help`): its paragraphs, then what each
/// game says of it.
fn command_help(command: &str) -> String {
    let mut out = HELP.iter().find(|(c, _)| *c == command).map_or("", |(_, text)| *text).to_string();
    for tool in games::all() {
        for (_, note) in tool.help().iter().filter(|(c, _)| *c == command) {
            out.push_str(note);
        }
    }
    out
}

/// `tablee help`: every command's, and the games `--game` names.
fn help() -> String {
    let commands: Vec<String> = HELP.iter().map(|(c, _)| command_help(c)).collect();
    format!("{}\nGAME is one of {} (default {}).\n", commands.join("\n"), games::codes().join(", "), games::DEFAULT)
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    // `tablee COMMAND --help` (or -h): that command's help, whatever else is given.
    if let Some(command) = args.first().filter(|c| HELP.iter().any(|(h, _)| h == c)) {
        if rest.iter().any(|a| a == "--help" || a == "-h") {
            out!("{}", command_help(command));
            output::flush();
            return ExitCode::SUCCESS;
        }
    }
    let result = match args.first().map(String::as_str) {
        Some("scenario") => match rest {
            [file] => scenario_cmd::run(file),
            _ => Err(Failure::usage(format!("scenario takes exactly one FILE; {USAGE}"))),
        },
        Some("arena") => arena_cmd::run(rest),
        Some("bench") => bench_cmd::run(rest),
        Some("puzzles") => puzzles_cmd::run(rest),
        Some("lessons") => lessons_cmd::run(rest),
        Some("coach") => coach_cmd::run(rest),
        Some("-h" | "--help" | "help") => {
            out!("{}", help());
            Ok(())
        }
        Some(other) => Err(Failure::usage(format!("unknown command \"{other}\"; {USAGE}"))),
        None => Err(Failure::usage(format!("no command given; {USAGE}"))),
    };
    output::flush();
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("tablee: {}", failure.message);
            ExitCode::from(failure.code)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_command_has_its_part_of_the_help_and_the_help_no_other_command() {
        for (command, text) in HELP {
            let help = command_help(command);
            assert!(help.starts_with(&format!("tablee {command}")) && help.starts_with(text), "{command}: {help:?}");
            assert!(help.lines().count() >= 2, "{command}: a usage line and what it does: {help:?}");
            assert!(USAGE.contains(&format!("tablee {command}")), "{command} is not in the usage line");
            // Each paragraph of it is about this command.
            for line in text.lines().filter(|l| l.starts_with("tablee ")) {
                assert_eq!(line.split_whitespace().nth(1), Some(command), "{line:?}");
            }
        }
    }

    /// The shared help names no game (issue 54): each game's notes are its
    /// tool's, each for a command there is, and `tablee help` lists the games.
    #[test]
    fn each_games_notes_are_its_own() {
        for (_, text) in HELP {
            for tool in games::all() {
                assert!(!text.to_lowercase().contains(tool.code()) && !text.contains(tool.title()), "{} named in {text:?}", tool.code());
            }
        }
        for tool in games::all() {
            for (command, note) in tool.help() {
                assert!(HELP.iter().any(|(c, _)| c == command), "{}: notes for no command {command}", tool.code());
                assert!(note.ends_with('\n') && !note.trim().is_empty(), "{}: {note:?}", tool.code());
            }
        }
        assert!(help().contains(&games::codes().join(", ")));
    }
}
