//! The conformance interface of `shared/spec/scenarios.md`: a JSON file fixes a
//! starting position and lists actions; running it prints the outcome as JSON.
//!
//! A file that cannot be read as a scenario is *malformed* ([`Malformed`]: the
//! command exits 2 with one line naming the problem). A well-formed file always
//! runs; an action the rules refuse is reported in the output (`"ok": false`).
//! Actions are read by each game's codec (its `notation` module); each
//! game's runner (`run`) and the output's and the bot protocol's encoders of
//! states, views, events and results are in its own folder
//! (`<game>/scenario.rs`). The shared readers are here; nothing here names a
//! game (the `tablee` command's registry picks the runner).

use crate::game::{RuleError, Seat};
use crate::json::{Json, ParseError};
use crate::notation::read::{array, object, required, uint};
use crate::notation::ActionError;

/// Why a scenario file could not be run: one line for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Malformed(pub String);

impl std::fmt::Display for Malformed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Malformed {}

/// The readers of `notation::read` serve scenario files too: what they find
/// wrong makes the file malformed.
impl From<crate::notation::read::Bad> for Malformed {
    fn from(bad: crate::notation::read::Bad) -> Malformed {
        Malformed(bad.0)
    }
}

impl<R: std::fmt::Display> From<ActionError<R>> for Malformed {
    fn from(e: ActionError<R>) -> Malformed {
        Malformed(e.to_string())
    }
}

/// Reads a scenario file's text as JSON (a parse error names its line and
/// column). Which game runs it is the tools' choice, by its `"game"`: each
/// game's runner is its `scenario::run` (`crate::<game>::scenario::run`).
pub fn parse(text: &str) -> Result<Json, Malformed> {
    Json::parse(text).map_err(|e| Malformed(format!("not valid JSON: {}", where_in(text, &e))))
}

/// A parse error with its line and column (1-based, in characters).
fn where_in(text: &str, e: &ParseError) -> String {
    let before = &text.as_bytes()[..e.at.min(text.len())];
    let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
    let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
    // Characters, not bytes: count the bytes that start one.
    let column = before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count() + 1;
    format!("{} at line {line} column {column}", e.what)
}

/// The one true-or-false option of a game's `"options"` object (absent: false).
pub(crate) fn bool_option(input: &Json, name: &str) -> Result<bool, Malformed> {
    let Some(options) = input.get("options") else { return Ok(false) };
    if let Json::Obj(fields) = object(options, "\"options\"")? {
        if let Some((other, _)) = fields.iter().find(|(key, _)| key != name) {
            return Err(Malformed(format!("unknown option \"{other}\" (known: \"{name}\")")));
        }
    }
    match options.get(name) {
        None => Ok(false),
        Some(v) => v.as_bool().ok_or_else(|| Malformed(format!("option \"{name}\" is true or false, not {v}"))),
    }
}

/// Runs a scenario file with its game's parts: `read` reads its actions,
/// `start` its position; the actions are applied in turn (by `to_act` and
/// `apply`; `over`: why none may come after the end), and `encode` writes
/// the output's `"state"` and `"result"`.
pub(crate) fn run_with<S, A, R: std::fmt::Display>(
    input: &Json,
    read: fn(&Json, &str) -> Result<A, ActionError<R>>,
    start: fn(&Json) -> Result<S, Malformed>,
    over: &str,
    to_act: fn(&S) -> Option<Seat>,
    apply: fn(&mut S, &A) -> Result<(), RuleError<R>>,
    encode: fn(&S) -> (Json, Option<Json>),
) -> Result<Json, Malformed> {
    let steps = steps(input, read)?;
    let mut state = start(input)?;
    let error = play(&mut state, &steps, over, to_act, apply);
    let (state, result) = encode(&state);
    Ok(output(state, error, result))
}

/// The file's `"hands"` (one list a seat, any length) and `"stock"` (top
/// card first; absent: none), each card read by the game's `card` reader.
pub(crate) fn hands_and_stock<C, R: std::fmt::Display>(
    input: &Json,
    card: fn(&Json, &str) -> Result<C, ActionError<R>>,
) -> Result<(Vec<Vec<C>>, Vec<C>), Malformed> {
    let hands = array(required(input, "hands", "the scenario")?, "\"hands\"")?
        .iter()
        .enumerate()
        .map(|(i, h)| card_list(h, &format!("hands[{i}]"), card))
        .collect::<Result<Vec<_>, _>>()?;
    let stock = match input.get("stock") {
        Some(s) => card_list(s, "\"stock\"", card)?,
        None => Vec::new(),
    };
    Ok((hands, stock))
}

/// A list of cards, read by the game's `card` reader: `what[i]` names each.
pub(crate) fn card_list<C, R: std::fmt::Display>(
    value: &Json,
    what: &str,
    card: fn(&Json, &str) -> Result<C, ActionError<R>>,
) -> Result<Vec<C>, Malformed> {
    Ok(array(value, what)?.iter().enumerate().map(|(i, c)| card(c, &format!("{what}[{i}]"))).collect::<Result<_, _>>()?)
}

/// One action as written in the file: the seat that claims to move, and what.
/// A well-formed action the rules can never accept (a three-card "foursome")
/// is kept as its refusal, reported when its turn comes.
struct Step<A> {
    seat: Seat,
    action: Result<A, String>,
}

/// The file's `"actions"`, each read by the game's codec (`read(value, at)`).
fn steps<A, R: std::fmt::Display>(
    input: &Json,
    read: fn(&Json, &str) -> Result<A, ActionError<R>>,
) -> Result<Vec<Step<A>>, Malformed> {
    let Some(list) = input.get("actions") else { return Ok(Vec::new()) };
    array(list, "\"actions\"")?
        .iter()
        .enumerate()
        .map(|(i, value)| {
            let at = format!("actions[{i}]");
            let seat = uint(required(object(value, &at)?, "seat", &at)?, &format!("{at}.seat"))?;
            match read(value, &at) {
                Ok(action) => Ok(Step { seat, action: Ok(action) }),
                Err(ActionError::Refused(refusal)) => Ok(Step { seat, action: Err(refusal.to_string()) }),
                Err(ActionError::Malformed(message)) => Err(Malformed(message)),
            }
        })
        .collect()
}

/// Applies the steps in order, each by the seat whose move it is; stops at
/// the first refused one: its index and why (`over` when nobody is to act).
fn play<S, A, R: std::fmt::Display>(
    state: &mut S,
    steps: &[Step<A>],
    over: &str,
    to_act: fn(&S) -> Option<Seat>,
    apply: fn(&mut S, &A) -> Result<(), RuleError<R>>,
) -> Option<(usize, String)> {
    steps.iter().enumerate().find_map(|(i, step)| {
        let refused = match to_act(state) {
            None => Some(over.to_string()),
            Some(turn) if turn != step.seat => Some(format!("it is seat {turn}'s move, not seat {}'s", step.seat)),
            Some(_) => match &step.action {
                Ok(action) => apply(state, action).err().map(|e| e.to_string()),
                Err(refusal) => Some(refusal.clone()),
            },
        };
        refused.map(|error| (i, error))
    })
}

/// The output object: `"ok"`, the refused action if any, the state, the result.
fn output(state: Json, error: Option<(usize, String)>, result: Option<Json>) -> Json {
    let mut out = Json::obj([("ok", error.is_none().into())]);
    if let Some((index, message)) = error {
        out.set("error_at", index.into());
        out.set("error", Json::Str(message));
    }
    out.set("state", state);
    if let Some(result) = result {
        out.set("result", result);
    }
    out
}

/// A list of numbers (or of anything that is JSON).
pub(crate) fn list<T: Copy + Into<Json>>(items: &[T]) -> Json {
    Json::Arr(items.iter().map(|&x| x.into()).collect())
}
