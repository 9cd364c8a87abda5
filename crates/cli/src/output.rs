//! The command's standard output. `print!` panics when the reader has gone
//! (`tablee puzzles --scenario 1 FILE | head`: `head` closes the pipe); the
//! commands print with [`out!`] and [`outln!`] instead, which end the
//! command quietly then: exit 141, as a program killed by SIGPIPE (the
//! signal Rust ignores, so that a write to an external bot that died is an
//! error the arena counts, not the end of `tablee`).

use std::io::{ErrorKind, Write};

/// The exit code when the reader closed standard output (128 + SIGPIPE).
pub const CLOSED: i32 = 141;

/// Writes to standard output; a closed pipe ends the process quietly, any
/// other failure to write ends it with a line on stderr.
pub fn write(args: std::fmt::Arguments) {
    if let Err(e) = std::io::stdout().lock().write_fmt(args) {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(CLOSED);
        }
        eprintln!("tablee: cannot write the output: {e}");
        std::process::exit(1);
    }
}

/// Ends the command after flushing what is buffered (a closed pipe: quietly).
pub fn flush() {
    if let Err(e) = std::io::stdout().lock().flush() {
        if e.kind() == ErrorKind::BrokenPipe {
            std::process::exit(CLOSED);
        }
    }
}
