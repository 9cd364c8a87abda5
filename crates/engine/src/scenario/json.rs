//! Small readers for scenario JSON that name the offending key in their errors.

use serde_json::{Map, Value};

use super::Malformed;

pub type Object = Map<String, Value>;

pub fn required<'a>(obj: &'a Object, key: &str, at: &str) -> Result<&'a Value, Malformed> {
    obj.get(key).ok_or_else(|| Malformed(format!("{at} has no \"{key}\"")))
}

pub fn uint(value: &Value, what: &str) -> Result<usize, Malformed> {
    value
        .as_u64()
        .and_then(|n| usize::try_from(n).ok())
        .ok_or_else(|| Malformed(format!("{what} must be a whole number ≥ 0, not {value}")))
}

pub fn array<'a>(value: &'a Value, what: &str) -> Result<&'a Vec<Value>, Malformed> {
    value.as_array().ok_or_else(|| Malformed(format!("{what} must be a list, not {value}")))
}

pub fn object<'a>(value: &'a Value, what: &str) -> Result<&'a Object, Malformed> {
    value.as_object().ok_or_else(|| Malformed(format!("{what} must be an object, not {value}")))
}

pub fn string<'a>(value: &'a Value, what: &str) -> Result<&'a str, Malformed> {
    value.as_str().ok_or_else(|| Malformed(format!("{what} must be a string, not {value}")))
}
