//! External bots: a program speaking the bot protocol (docs/bot-protocol.md)
//! on its standard input and output, as an arena seat.
//!
//! The program runs as a child process (its own process group on Unix, so a
//! wrapper script's children go with it). Two threads per process keep the
//! arena from ever blocking on it: a writer (a bot that does not read its
//! input cannot stall the arena) and a reader that forwards each line to a
//! channel the arena waits on with a deadline (`recv_timeout`). Requests carry
//! an `"id"`; an answer with another id is a late answer to an earlier request
//! and is dropped.
//!
//! Faults ([`Fault`]) never stop the arena: the arena plays a random legal
//! action instead. A process that exits (or closes its output) is reaped at
//! once, plays `dead` for the rest of the game and is restarted for the next.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::marker::PhantomData;
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, SyncSender, TryRecvError};
use std::thread;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tablee_bots::arena::{Fault, Player};
use tablee_engine::Seat;

use crate::protocol::{message, BadAction, ProtocolGame, VERSION};

/// The time an answer may take by default (`--ext-timeout`).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(5);
/// The least time a (re)started program gets to answer `hello`: interpreters
/// and models take a while to load.
pub const HELLO_TIMEOUT: Duration = Duration::from_secs(10);
/// How long a program may take to exit once its input is closed, at the end.
pub const EXIT_GRACE: Duration = Duration::from_millis(250);
/// Longer lines are garbage (and are not kept in memory).
pub const MAX_LINE: usize = 1 << 20;
/// Fault notes printed on the arena's stderr per seat (all of them go to the
/// seat's log file with `--ext-log`).
const NOTES_ON_STDERR: usize = 5;

/// How to run one external seat.
#[derive(Clone, Debug)]
pub struct ExtSettings {
    /// The command as given after `ext:` (for names and messages).
    pub command: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// Time allowed per answer.
    pub timeout: Duration,
    /// The seat's log file (the program's stderr and the arena's notes), or
    /// `None`: the program's stderr is the arena's, notes go there too.
    pub log: Option<PathBuf>,
    /// "seat 1" (the entry of `--seats`, 1-based), for messages.
    pub label: String,
}

/// A line from the bot, or the end of its output.
enum FromBot {
    Line(String),
    TooLong,
    Closed,
}

/// One running process and its two threads.
struct Running {
    child: Child,
    /// Lines for the writer thread; dropping it closes the bot's stdin.
    to_bot: Option<Sender<String>>,
    from_bot: Receiver<FromBot>,
}

pub struct ExternalBot<G: ProtocolGame> {
    settings: ExtSettings,
    running: Option<Running>,
    /// The name the bot gave in `hello`.
    name: Option<String>,
    next_id: u64,
    restarts: usize,
    /// A fault of the very first `hello`, reported with the first game.
    pending: Option<Fault>,
    /// Where we are, for notes: game index and decision number in it.
    game: usize,
    decision: usize,
    notes_shown: usize,
    notes: Option<File>,
    /// False until the first `hello` is answered or given up on: a death
    /// before that is the arena's start-up error, not a fault.
    started: bool,
    /// How the last process ended ("exited (status 3)").
    last_exit: String,
    _game: PhantomData<fn() -> G>,
}

impl<G: ProtocolGame> ExternalBot<G> {
    /// Starts the program and greets it. A program that cannot be run, or
    /// exits before answering `hello`, is an error (the arena does not start);
    /// a late or wrong `hello` answer is a fault counted with the first game.
    pub fn start(settings: ExtSettings) -> Result<Self, String> {
        let notes = match &settings.log {
            None => None,
            Some(path) => {
                File::create(path).map_err(|e| format!("cannot create the log file {}: {e}", path.display()))?;
                Some(
                    OpenOptions::new()
                        .append(true)
                        .open(path)
                        .map_err(|e| format!("cannot open the log file {}: {e}", path.display()))?,
                )
            }
        };
        let mut bot = ExternalBot {
            settings,
            running: None,
            name: None,
            next_id: 1,
            restarts: 0,
            pending: None,
            game: 0,
            decision: 0,
            notes_shown: 0,
            notes,
            started: false,
            last_exit: String::new(),
            _game: PhantomData,
        };
        bot.running = Some(bot.spawn().map_err(|e| format!("cannot run \"{}\": {e}", bot.settings.command))?);
        let greeted = bot.hello();
        bot.started = true;
        match greeted {
            Ok(()) => Ok(bot),
            Err(Fault::Dead) => {
                let status = &bot.last_exit;
                Err(format!(
                    "\"{}\" {status} before answering hello{}",
                    bot.settings.command,
                    bot.settings.log.as_ref().map_or(String::new(), |p| format!(" (its stderr: {})", p.display()))
                ))
            }
            Err(fault) => {
                bot.pending = Some(fault);
                Ok(bot)
            }
        }
    }

    fn spawn(&self) -> std::io::Result<Running> {
        let (program, args) = self.settings.argv.split_first().ok_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::InvalidInput, "the command is empty")
        })?;
        let mut command = Command::new(program);
        command.args(args).stdin(Stdio::piped()).stdout(Stdio::piped());
        match &self.notes {
            Some(file) => command.stderr(file.try_clone()?),
            None => command.stderr(Stdio::inherit()),
        };
        #[cfg(unix)]
        {
            use std::os::unix::process::CommandExt;
            command.process_group(0);
        }
        let mut child = command.spawn()?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (to_bot, writer_rx) = mpsc::channel::<String>();
        let (reader_tx, from_bot) = mpsc::sync_channel::<FromBot>(256);
        thread::Builder::new().name("ext-bot-writer".into()).spawn(move || write_lines(stdin, writer_rx))?;
        thread::Builder::new().name("ext-bot-reader".into()).spawn(move || read_lines(stdout, reader_tx))?;
        Ok(Running { child, to_bot: Some(to_bot), from_bot })
    }

    fn hello(&mut self) -> Result<(), Fault> {
        let id = self.take_id();
        let line = message(&[
            ("type", json!("hello")),
            ("protocol", json!(VERSION)),
            ("game", json!(G::NAME)),
            ("id", json!(id)),
        ]);
        let answer = self.request(line, id, self.settings.timeout.max(HELLO_TIMEOUT), "hello")?;
        let ok_type = answer.get("type").and_then(Value::as_str) == Some("hello");
        let protocol = answer.get("protocol");
        if !ok_type {
            return Err(self.fault(Fault::Garbage, &format!("the answer to hello is not a hello: {}", short(&answer))));
        }
        if protocol.is_some_and(|p| p.as_u64() != Some(VERSION)) {
            return Err(self.fault(
                Fault::Garbage,
                &format!("the bot speaks protocol {}, the arena speaks {VERSION}", short(protocol.unwrap_or(&Value::Null))),
            ));
        }
        if let Some(name) = answer.get("name").and_then(Value::as_str) {
            let clean: String = name.chars().filter(|c| !c.is_control()).take(40).collect();
            if !clean.trim().is_empty() {
                self.name = Some(clean.trim().to_string());
            }
        }
        Ok(())
    }

    fn take_id(&mut self) -> u64 {
        let id = self.next_id;
        self.next_id += 1;
        id
    }

    /// Sends a message that needs no answer.
    fn send(&mut self, line: String) {
        if let Some(sender) = self.running.as_ref().and_then(|r| r.to_bot.as_ref()) {
            // A failed send means the writer is gone: the reader reports the death.
            let _ = sender.send(line);
        }
    }

    /// Sends a request and waits for its answer (a JSON object), at most `timeout`.
    fn request(&mut self, line: String, id: u64, timeout: Duration, what: &str) -> Result<Value, Fault> {
        if self.running.is_none() {
            return Err(Fault::Dead);
        }
        // Whatever came since the last request is stale (late answers, chatter).
        // Bounded: a bot that floods its output cannot keep the arena here.
        for _ in 0..4096 {
            let next = self.running.as_ref().map(|r| r.from_bot.try_recv());
            match next {
                Some(Ok(FromBot::Closed)) | Some(Err(TryRecvError::Disconnected)) | None => return Err(self.died()),
                Some(Ok(_)) => continue,
                Some(Err(TryRecvError::Empty)) => break,
            }
        }
        self.send(line);
        let deadline = Instant::now() + timeout;
        loop {
            // Checked before each line, so that a stream of ignored lines
            // (blank, or late answers) cannot hold the arena past the deadline.
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                let seconds = timeout.as_secs_f64();
                return Err(self.fault(Fault::Timeout, &format!("no answer to {what} within {seconds} s")));
            }
            let next = self.running.as_ref().map(|r| r.from_bot.recv_timeout(left));
            let text = match next {
                Some(Ok(FromBot::Line(text))) => text,
                Some(Ok(FromBot::TooLong)) => {
                    return Err(self.fault(Fault::Garbage, &format!("a line longer than {MAX_LINE} bytes ({what})")))
                }
                Some(Ok(FromBot::Closed)) | Some(Err(RecvTimeoutError::Disconnected)) | None => {
                    return Err(self.died())
                }
                Some(Err(RecvTimeoutError::Timeout)) => {
                    let seconds = timeout.as_secs_f64();
                    return Err(self.fault(Fault::Timeout, &format!("no answer to {what} within {seconds} s")));
                }
            };
            if text.is_empty() {
                continue; // blank lines are not messages
            }
            let value: Value = match serde_json::from_str(&text) {
                Ok(v) => v,
                Err(_) => return Err(self.fault(Fault::Garbage, &format!("not JSON ({what}): {}", cut(&text)))),
            };
            if !value.is_object() {
                return Err(self.fault(Fault::Garbage, &format!("not a JSON object ({what}): {}", cut(&text))));
            }
            match value.get("id") {
                Some(other) if other.as_u64() != Some(id) => continue, // a late answer to an earlier request
                _ => return Ok(value),
            }
        }
    }

    /// The process is gone: reap it (and its process group), note why.
    fn died(&mut self) -> Fault {
        self.bury();
        if self.started {
            let note = format!(
                "the bot {}; it plays random moves until this game ends and is restarted for the next",
                self.last_exit
            );
            self.note_always(&note);
        }
        Fault::Dead
    }

    /// Ends the process if there is one: closes its input, gives it
    /// [`EXIT_GRACE`] to exit by itself, then kills it (and its process
    /// group). Always reaped: no zombie. Remembers how it ended.
    fn bury(&mut self) {
        let Some(mut running) = self.running.take() else { return };
        drop(running.to_bot.take());
        let deadline = Instant::now() + EXIT_GRACE;
        let status = loop {
            match running.child.try_wait() {
                Ok(Some(status)) => break Ok(status),
                Ok(None) if Instant::now() < deadline => thread::sleep(Duration::from_millis(5)),
                _ => {
                    kill_group(&running.child);
                    let _ = running.child.kill();
                    break running.child.wait();
                }
            }
        };
        self.last_exit = match status {
            Ok(status) => match status.code() {
                Some(code) => format!("exited (status {code})"),
                None => "was killed by a signal".to_string(),
            },
            Err(e) => format!("could not be waited for ({e})"),
        };
    }

    /// Ends the process politely at the end of the run (see [`Self::bury`]).
    pub fn stop(&mut self) {
        self.bury();
    }

    fn fault(&mut self, fault: Fault, detail: &str) -> Fault {
        self.note(&format!("{fault}: {detail}; a random legal move is played instead"));
        fault
    }

    /// A note about this seat: to its log file, or (the first few) to stderr.
    /// Games and decisions are numbered from 1 here, for people.
    fn note(&mut self, text: &str) {
        self.write_note(text, false);
    }

    /// A note shown on stderr even past the first few (deaths, restarts).
    fn note_always(&mut self, text: &str) {
        self.write_note(text, true);
    }

    fn write_note(&mut self, text: &str, always: bool) {
        let at = format!("game {}, decision {}", self.game + 1, self.decision);
        if let Some(file) = &mut self.notes {
            let _ = writeln!(file, "[tablee] {at}: {text}");
            return;
        }
        let who = format!("{} (ext:{})", self.settings.label, self.settings.command);
        if always {
            eprintln!("tablee: {who}, {at}: {text}");
            return;
        }
        self.notes_shown += 1;
        if self.notes_shown <= NOTES_ON_STDERR {
            eprintln!("tablee: {who}, {at}: {text}");
        } else if self.notes_shown == NOTES_ON_STDERR + 1 {
            eprintln!("tablee: {who}: further faults are counted, not shown (--ext-log DIR keeps them all)");
        }
    }

    /// Interprets the answer to `decide`.
    fn read_answer(&mut self, answer: &Value, seat: Seat, legal: &[G::Action]) -> Result<G::Action, Fault> {
        let Some(action) = answer.get("action") else {
            return Err(self.fault(Fault::Garbage, &format!("no \"action\" in {}", short(answer))));
        };
        match action {
            Value::Number(n) => match n.as_u64() {
                Some(i) if (i as usize) < legal.len() => Ok(legal[i as usize].clone()),
                Some(i) => {
                    let detail = format!("index {i}, but legal has {} actions", legal.len());
                    Err(self.fault(Fault::Illegal, &detail))
                }
                None if n.as_i64().is_some() => Err(self.fault(Fault::Illegal, &format!("negative index {n}"))),
                None => Err(self.fault(Fault::Garbage, &format!("an index is a whole number, not {n}"))),
            },
            Value::Object(object) => {
                if let Some(claimed) = object.get("seat") {
                    if claimed.as_u64() != Some(seat as u64) {
                        let detail = format!("an action for seat {claimed}, but this bot is seat {seat}");
                        return Err(self.fault(Fault::Illegal, &detail));
                    }
                }
                match G::read_action(action) {
                    Ok(a) => Ok(a),
                    Err(BadAction::Unreadable(m)) => {
                        Err(self.fault(Fault::Garbage, &format!("{m}: {}", short(action))))
                    }
                    Err(BadAction::Refused(m)) => Err(self.fault(Fault::Illegal, &format!("{m}: {}", short(action)))),
                }
            }
            other => Err(self.fault(
                Fault::Garbage,
                &format!("\"action\" is an index or an action object, not {}", short(other)),
            )),
        }
    }
}

impl<G: ProtocolGame> Player<G> for ExternalBot<G> {
    fn name(&self) -> String {
        format!("ext:{}", self.name.as_deref().unwrap_or(&self.settings.command))
    }

    fn new_game(&mut self, view: &G::View, game_index: usize) -> Result<(), Fault> {
        self.game = game_index;
        self.decision = 0;
        let mut fault = self.pending.take();
        if self.running.is_none() {
            self.restarts += 1;
            match self.spawn() {
                Ok(running) => {
                    self.running = Some(running);
                    if let Err(f) = self.hello() {
                        fault = Some(f);
                    }
                }
                Err(e) => {
                    let note = format!("cannot restart \"{}\": {e}", self.settings.command);
                    self.note_always(&note);
                    fault = Some(Fault::Dead);
                }
            }
        }
        let line = message(&[
            ("type", json!("new_game")),
            ("game", json!(G::NAME)),
            ("game_index", json!(game_index)),
            ("players", json!(G::view_players(view))),
            ("seat", json!(G::view_seat(view))),
            ("options", G::options_json(view)),
        ]);
        self.send(line);
        fault.map_or(Ok(()), Err)
    }

    fn decide(&mut self, view: &G::View, legal: &[G::Action], _seed: u64) -> Result<G::Action, Fault> {
        self.decision += 1;
        if self.running.is_none() {
            return Err(Fault::Dead);
        }
        let id = self.take_id();
        let line = message(&[
            ("type", json!("decide")),
            ("id", json!(id)),
            ("view", G::view_json(view)),
            ("legal", Value::from(legal.iter().map(G::action_json).collect::<Vec<_>>())),
        ]);
        let answer = self.request(line, id, self.settings.timeout, "decide")?;
        self.read_answer(&answer, G::view_seat(view), legal)
    }

    fn game_over(&mut self, state: &G, seat: Seat) {
        let line = message(&[
            ("type", json!("game_over")),
            ("seat", json!(seat)),
            ("result", G::result_json(state)),
            ("view", G::view_json(&state.view(seat))),
        ]);
        self.send(line);
    }

    fn refused(&mut self, action: &G::Action, why: &str) {
        let note = format!("illegal: {why}: {}; a random legal move is played instead", G::action_json(action));
        self.note(&note);
    }

    fn restarts(&self) -> usize {
        self.restarts
    }
}

impl<G: ProtocolGame> Drop for ExternalBot<G> {
    fn drop(&mut self) {
        self.stop();
    }
}

fn write_lines(mut stdin: ChildStdin, lines: Receiver<String>) {
    for mut line in lines {
        line.push('\n');
        if stdin.write_all(line.as_bytes()).and_then(|()| stdin.flush()).is_err() {
            return;
        }
    }
}

fn read_lines(stdout: ChildStdout, lines: SyncSender<FromBot>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let message = match (&mut reader).take(MAX_LINE as u64 + 1).read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => {
                let _ = lines.send(FromBot::Closed);
                return;
            }
            Ok(_) if buf.len() > MAX_LINE && buf.last() != Some(&b'\n') => {
                if reader.skip_until(b'\n').is_err() {
                    let _ = lines.send(FromBot::Closed);
                    return;
                }
                FromBot::TooLong
            }
            Ok(_) => FromBot::Line(String::from_utf8_lossy(&buf).trim().to_string()),
        };
        if lines.send(message).is_err() {
            return;
        }
    }
}

/// Kills the process group the child leads (its own, from `process_group(0)`),
/// so that the children of a wrapper script die with it.
#[cfg(unix)]
fn kill_group(child: &Child) {
    extern "C" {
        fn kill(pid: i32, signal: i32) -> i32;
    }
    const SIGKILL: i32 = 9;
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: kill(2) takes plain integers and touches no memory of ours.
        // The child is not reaped yet, so its id (= its group's id) cannot have
        // been reused by another process.
        unsafe {
            kill(-pid, SIGKILL);
        }
    }
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

/// A JSON value for a message, cut to a readable length.
fn short(value: &Value) -> String {
    cut(&value.to_string())
}

fn cut(text: &str) -> String {
    const MAX: usize = 120;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// Splits an `ext:` command into a program and its arguments, as a POSIX
/// shell would for plain words: blanks separate words, '…' quotes literally,
/// "…" quotes with \" and \\ as escapes, a backslash outside quotes escapes
/// the next character. No variables, globs, pipes or redirections: wrap those
/// in a script.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            '\'' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated ' in \"{text}\"")),
                    }
                }
            }
            '"' => {
                in_word = true;
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => word.push(c),
                            Some(c) => {
                                word.push('\\');
                                word.push(c);
                            }
                            None => return Err(format!("unterminated \" in \"{text}\"")),
                        },
                        Some(c) => word.push(c),
                        None => return Err(format!("unterminated \" in \"{text}\"")),
                    }
                }
            }
            '\\' => {
                in_word = true;
                match chars.next() {
                    Some(c) => word.push(c),
                    None => return Err(format!("a lone backslash ends \"{text}\"")),
                }
            }
            c => {
                in_word = true;
                word.push(c);
            }
        }
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("\"ext:\" needs a command after the colon".to_string());
    }
    Ok(words)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell_without_its_magic() {
        let split = |s: &str| split_command(s).unwrap();
        assert_eq!(split("python3 examples/bots/random_bot.py"), ["python3", "examples/bots/random_bot.py"]);
        assert_eq!(split("  ./bot   --name 'my bot'  "), ["./bot", "--name", "my bot"]);
        assert_eq!(split(r#"bot --w "a,b \"c\"" x\ y"#), ["bot", "--w", r#"a,b "c""#, "x y"]);
        assert_eq!(split("bot ''"), ["bot", ""]);
        assert!(split_command("bot 'open").unwrap_err().contains("unterminated"));
        assert!(split_command("   ").unwrap_err().contains("needs a command"));
    }
}
