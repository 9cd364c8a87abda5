//! Runs every scenario file under `tests/scenarios/` through the built `tablee`
//! binary, from outside, as `shared/spec/scenarios.md` describes.
//!
//! - `<name>.json` with a sibling `<name>.expected.json`: must exit 0 and print
//!   JSON that contains the expected JSON (objects may omit keys; arrays compare
//!   element by element and must have the same length).
//! - any `.json` under a `malformed/` folder: must exit 2 with exactly one
//!   non-empty line on stderr and no panic.
//!
//! All files run; every failure is reported at once.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::Value;

/// The suite must not pass vacuously (a moved folder, a broken walk).
const MIN_SCENARIOS: usize = 60;
const MIN_MALFORMED: usize = 7;

fn scenarios_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/scenarios")
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(&path, out);
        } else {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if name.ends_with(".json") && !name.ends_with(".expected.json") {
                out.push(path);
            }
        }
    }
}

fn is_malformed(path: &Path) -> bool {
    path.components().any(|c| c.as_os_str() == "malformed")
}

fn run_tablee(path: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tablee"))
        .arg("scenario")
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("cannot run tablee on {}: {e}", path.display()))
}

fn describe(v: &Value) -> String {
    let text = v.to_string();
    if text.len() > 400 {
        format!("{}…", &text[..400])
    } else {
        text
    }
}

/// The first place where `actual` does not contain `expected`, as
/// `(json path, message)`; `None` when it does.
fn first_difference(expected: &Value, actual: &Value, path: &str) -> Option<(String, String)> {
    let mismatch = || {
        Some((
            path.to_string(),
            format!("expected {}\n      actual   {}", describe(expected), describe(actual)),
        ))
    };
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e.iter().find_map(|(key, ev)| match a.get(key) {
            Some(av) => first_difference(ev, av, &format!("{path}.{key}")),
            None => Some((
                format!("{path}.{key}"),
                format!("expected {}\n      actual   (missing key)", describe(ev)),
            )),
        }),
        (Value::Array(e), Value::Array(a)) => {
            if e.len() != a.len() {
                return Some((
                    path.to_string(),
                    format!(
                        "expected {} elements, got {}\n      expected {}\n      actual   {}",
                        e.len(),
                        a.len(),
                        describe(expected),
                        describe(actual)
                    ),
                ));
            }
            e.iter()
                .zip(a)
                .enumerate()
                .find_map(|(i, (ev, av))| first_difference(ev, av, &format!("{path}[{i}]")))
        }
        (Value::Number(e), Value::Number(a)) => {
            let same = match (e.as_i64(), a.as_i64()) {
                (Some(x), Some(y)) => x == y,
                _ => e.as_f64() == a.as_f64(),
            };
            if same {
                None
            } else {
                mismatch()
            }
        }
        _ if expected == actual => None,
        _ => mismatch(),
    }
}

fn check_scenario(path: &Path) -> Result<(), String> {
    let expected_path = path.with_extension("expected.json");
    let expected_text = std::fs::read_to_string(&expected_path)
        .map_err(|e| format!("cannot read {}: {e}", expected_path.display()))?;
    let expected: Value = serde_json::from_str(&expected_text)
        .map_err(|e| format!("{} is not JSON: {e}", expected_path.display()))?;
    let out = run_tablee(path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.code() != Some(0) {
        return Err(format!("exit status {:?}, expected 0; stderr: {}", out.status, stderr.trim()));
    }
    let actual: Value = serde_json::from_slice(&out.stdout)
        .map_err(|e| format!("stdout is not JSON: {e}\n{}", String::from_utf8_lossy(&out.stdout)))?;
    match first_difference(&expected, &actual, "$") {
        None => Ok(()),
        Some((at, message)) => {
            let error = match (actual.get("ok"), actual.get("error_at"), actual.get("error")) {
                (Some(Value::Bool(false)), Some(i), Some(e)) => format!("\n      (engine refused action {i}: {e})"),
                _ => String::new(),
            };
            Err(format!("first difference at {at}:\n      {message}{error}"))
        }
    }
}

fn check_malformed(path: &Path) -> Result<(), String> {
    let out = run_tablee(path);
    let stderr = String::from_utf8_lossy(&out.stderr);
    let mut problems = Vec::new();
    if out.status.code() != Some(2) {
        problems.push(format!("exit status {:?}, expected 2", out.status));
    }
    let lines: Vec<&str> = stderr.lines().collect();
    if lines.len() != 1 || lines[0].trim().is_empty() {
        problems.push(format!("stderr must be exactly one non-empty line, got {} line(s)", lines.len()));
    }
    if stderr.contains("panicked") || stderr.contains("RUST_BACKTRACE") {
        problems.push("stderr shows a panic".to_string());
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("{}\n      stderr: {:?}", problems.join("; "), stderr))
    }
}

#[test]
fn every_scenario_file_passes() {
    let root = scenarios_root();
    let mut files = Vec::new();
    collect(&root, &mut files);
    let (malformed, normal): (Vec<_>, Vec<_>) = files.into_iter().partition(|p| is_malformed(p));

    let mut failures = Vec::new();
    for path in &normal {
        if let Err(e) = check_scenario(path) {
            failures.push(format!("{}\n      {e}", path.strip_prefix(&root).unwrap_or(path).display()));
        }
    }
    for path in &malformed {
        if let Err(e) = check_malformed(path) {
            failures.push(format!("{}\n      {e}", path.strip_prefix(&root).unwrap_or(path).display()));
        }
    }
    eprintln!("ran {} scenario files and {} malformed files", normal.len(), malformed.len());
    assert!(
        failures.is_empty(),
        "{} of {} scenario files failed:\n\n{}\n",
        failures.len(),
        normal.len() + malformed.len(),
        failures.join("\n\n")
    );
    assert!(normal.len() >= MIN_SCENARIOS, "only {} scenario files found under {}", normal.len(), root.display());
    assert!(malformed.len() >= MIN_MALFORMED, "only {} malformed files found", malformed.len());
}

#[test]
fn subset_comparison_catches_differences() {
    let actual: Value = serde_json::json!({
        "ok": true, "extra": 1,
        "state": {"row": ["2", "4"], "players": [{"hand": [], "mice": -5}]}
    });
    let same = |e: Value| first_difference(&e, &actual, "$");
    assert_eq!(same(serde_json::json!({"ok": true})), None);
    assert_eq!(same(serde_json::json!({"state": {"players": [{"mice": -5}]}})), None);
    assert_eq!(same(serde_json::json!({"ok": false})).unwrap().0, "$.ok");
    assert_eq!(same(serde_json::json!({"state": {"row": ["2"]}})).unwrap().0, "$.state.row");
    assert_eq!(same(serde_json::json!({"state": {"row": ["2", "5"]}})).unwrap().0, "$.state.row[1]");
    assert_eq!(same(serde_json::json!({"state": {"players": [{"mice": 5}]}})).unwrap().0, "$.state.players[0].mice");
    assert_eq!(same(serde_json::json!({"result": null})).unwrap().0, "$.result");
    assert_eq!(same(serde_json::json!({"state": {"row": null}})).unwrap().0, "$.state.row");
}
