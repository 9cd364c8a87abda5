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

const HELP: &str = "\
tablee scenario FILE
    Run a scenario file (FILE may be - for standard input).

tablee arena --seats BOT,BOT,... [--game katzenjammer|jachete] [--players N] [--games N]
             [--seed S] [--full-mice] [--three-players] [--json] [--ext-timeout SECONDS]
             [--ext-log DIR]
    Play N seeded bot-versus-bot games, seats rotating every game, and print
    per seat: win share and its 95% confidence interval, two means
    (Katzenjammer: mice, jokers at the end; J'achète: final total points, the
    lowest winning, and final purse in cents), milliseconds per decision
    (median, 95th percentile). --full-mice is a Katzenjammer option,
    --three-players a J'achète one.
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

tablee bench [--game katzenjammer|jachete] [--json] [--run-ms MS] [--runs N] [--no-wasm]
    Measure, on one thread, random full 4-player games per second, engine
    actions per second and ISMCTS iterations per second, each the median
    of N runs (default 5) of MS milliseconds (default 500); natively, then in
    wasm under Node (built on the way), with the wasm/native ratio.
    --game jachete: full 5-player games per second under a greedy policy, the
    engine actions per second in them, and games per second of five normal
    bots; natively only.
    For honest native numbers: cargo run --release --bin tablee -- bench

tablee puzzles --count N --seed S --out FILE [--game katzenjammer] [--worlds W] [--jobs J]
               [--max-games G] [--kind K] [--onto FILE] [--keep K]
    Mine N puzzles from seeded games between bot levels (docs/puzzles.md): a
    paired analysis from the deciding seat's view (W worlds, default 6000) keeps
    a position when its answer is clearly best and normal plays otherwise. The
    same seed writes the same file; --jobs J threads share each analysis.
    Every move compared is kept (--keep K: the answers and the best K others).
tablee puzzles --complete FILE --worlds W [--keep K] [--limit N] [--out OUT] [--jobs J]
    For each puzzle of FILE without its other candidates, run its deep analysis
    again (the same candidates, seed and W worlds: the stored values must come
    out identical, else it stops with an error) and store every move compared
    (or the best K others). Writes OUT (default FILE) after every puzzle and
    skips complete ones, so a stopped run resumes; --limit N analyses at most N.
tablee puzzles --game jachete --count N --seed S --out FILE [--worlds W] [--jobs J]
               [--max-games G] [--kind buy|discard|open|lay|swap]
    Mine N J'achète puzzles from seeded games of 4 to 8 players between bot
    levels and the research styles: the hint's paired rollouts from the
    deciding seat's view (W worlds, default 1600) keep a position when its
    answer saves 8 points or more in the round, intervals apart, and normal
    plays otherwise. The file is written after every game that gave puzzles.
tablee puzzles --cut FILE --first N --out OUT
    Write FILE's first N puzzles (what the same mining run with --count N writes).
tablee puzzles --split FILE --out INDEX [--part-games N]
    Write FILE (either form) split, as the page reads it (docs/puzzles.md, The
    file, version 3): the index INDEX (the games without their actions, the
    puzzles without their candidates and why) and the games' actions and
    their puzzles' candidates and why in parts beside it, INDEX's name without .json then
    /K.json, N games a part (J'achète 4, Katzenjammer 16). Every command taking
    a FILE reads either form: a whole file, or an index with its parts; one
    that writes OUT writes an index and its parts if OUT is one already.
tablee puzzles --join FILE --out OUT
    Write FILE (either form) whole, as one version 1 file (what miners write).
tablee puzzles --explain FILE [--out OUT]
    Write every Katzenjammer puzzle's explanation (why) again from its stored
    candidates, replayed to its position; nothing else changes. Prints how many
    puzzles name each reason. Writes OUT (default FILE).
tablee puzzles --scenario ID FILE
    Print puzzle ID's position as a scenario file (for tablee scenario); for
    J'achète, the puzzle's round, from its deal.
tablee puzzles --check FILE [--sample K] [--worlds W] [--jobs J] [--fresh-seed S]
    Replay every puzzle of FILE from its seed; re-analyse every K-th one with a
    fresh seed (W worlds, default 2000) and count the answers that hold. For
    J'achète, each puzzle's scenario is also run and must reach the same state.

tablee lessons FILE...
    Check lesson files (public/lessons/<game>.json, docs/lessons.md): every
    lesson replayed by the engine from its position, each accepted action legal
    where it is asked, each refused example refused for its named reason, the
    bots' replies legal, every text in French and English. Prints each lesson's
    steps, taps and rules; exit 1 when a problem is found.
tablee lessons --scenario N FILE
    Print lesson N (from 1) as a scenario file: its position, then the coach's
    moves and the bots' replies (for tablee scenario).

tablee coach [--game katzenjammer|jachete] [--players N] [--games N] [--seed S]
             [--newcomer coach|LEVEL] [--turns] [--json]
    The coached first game (docs/lessons.md): each of N coached deals (default
    200; the arena's deals for the seed, the newcomer's seat turning round the
    table, gentle bots elsewhere, 4 players by default) played twice, a seat
    that always plays the coach's move (the hint's first choice, as the page
    suggests it) and then the expert bot in that seat. Prints each deal, then
    the mean score and win share of both and the paired differences (coach
    minus expert: score, win share, place) with 95% confidence intervals.
    --turns (J'achète): the turns the newcomer has in each deal's first round
    instead, with their least and median. --newcomer LEVEL plays a bot level
    in the newcomer's seat instead of the coach.
";

/// The commands, each with its part of [`HELP`]: the paragraphs that begin
/// with `tablee <command>`.
const COMMANDS: [&str; 6] = ["scenario", "arena", "bench", "puzzles", "lessons", "coach"];

/// A command's part of [`HELP`] (`tablee arena --help`).
fn command_help(command: &str) -> String {
    let start = format!("tablee {command} ");
    let whole = format!("tablee {command}\n");
    HELP.split("\n\n")
        .filter(|part| part.starts_with(&start) || part.starts_with(&whole))
        .map(|part| part.trim_end().to_string() + "\n")
        .collect::<Vec<_>>()
        .join("\n")
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rest = args.get(1..).unwrap_or_default();
    // `tablee COMMAND --help` (or -h): that command's help, whatever else is given.
    if let Some(command) = args.first().filter(|c| COMMANDS.contains(&c.as_str())) {
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
            out!("{HELP}");
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
        for command in COMMANDS {
            let help = command_help(command);
            assert!(help.starts_with(&format!("tablee {command}")), "{command}: {help:?}");
            assert!(help.lines().count() >= 2, "{command}: a usage line and what it does: {help:?}");
            assert!(USAGE.contains(&format!("tablee {command}")), "{command} is not in the usage line");
        }
        for part in HELP.split("\n\n").filter(|p| !p.trim().is_empty()) {
            let command = part.split_whitespace().nth(1).unwrap_or("");
            assert!(part.starts_with("tablee ") && COMMANDS.contains(&command), "a part of the help for no command: {part:?}");
        }
    }
}
