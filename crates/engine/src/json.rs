//! A small JSON value, reader and writer, for every codec of Tablée: each
//! game's action notation (scenario files, the bot protocol, the app's saves
//! and its worker's messages), the saves themselves and the local history.
//!
//! The page used to link `serde_json` and serde's derived code for the engine's
//! types for these few documents; this module does the same in a fraction of
//! the WebAssembly (docs/performance.md), and it lives in the engine so that one
//! notation per game serves every reader. Numbers keep their text, so integers
//! of any size round-trip exactly; objects keep their keys in order and, like
//! `serde_json`, a repeated key means its last value.

use std::fmt;

/// A JSON value.
#[derive(Clone, Debug, PartialEq)]
pub enum Json {
    Null,
    Bool(bool),
    /// A number, as its (valid JSON) text.
    Num(String),
    Str(String),
    Arr(Vec<Json>),
    Obj(Vec<(String, Json)>),
}

/// Why a text is not JSON: what was expected, and the byte offset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub what: &'static str,
    pub at: usize,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.what, self.at)
    }
}

/// Nesting deeper than this is refused (no stack overflow on a hostile save).
const MAX_DEPTH: usize = 64;

impl Json {
    /// An object from its fields, in this order.
    pub fn obj<const N: usize>(fields: [(&str, Json); N]) -> Json {
        Json::Obj(fields.into_iter().map(|(k, v)| (k.to_string(), v)).collect())
    }

    pub fn str(text: &str) -> Json {
        Json::Str(text.to_string())
    }

    pub fn int(n: i64) -> Json {
        Json::Num(n.to_string())
    }

    /// A field of an object (the last one of that name).
    pub fn get(&self, key: &str) -> Option<&Json> {
        match self {
            Json::Obj(fields) => fields.iter().rev().find(|(k, _)| k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// Sets a field of an object (replacing every field of that name).
    pub fn set(&mut self, key: &str, value: Json) {
        if let Json::Obj(fields) = self {
            fields.retain(|(k, _)| k != key);
            fields.push((key.to_string(), value));
        }
    }

    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::Str(s) => Some(s),
            _ => None,
        }
    }

    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Arr(items) => Some(items),
            _ => None,
        }
    }

    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// A whole non-negative number that fits (`1`, not `1.0` nor `-1`).
    pub fn as_u64(&self) -> Option<u64> {
        match self {
            Json::Num(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// A whole number that fits (`-3`, not `-3.5`).
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Json::Num(n) => n.parse().ok(),
            _ => None,
        }
    }

    /// Any number, close enough for display (not for exact arithmetic).
    pub fn as_f64(&self) -> Option<f64> {
        let Json::Num(text) = self else { return None };
        let bytes = text.as_bytes();
        let (negative, mut i) = if bytes.first() == Some(&b'-') { (true, 1) } else { (false, 0) };
        let mut mantissa = 0.0f64;
        let mut exponent = 0i32;
        while let Some(d) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
            mantissa = mantissa * 10.0 + f64::from(d - b'0');
            i += 1;
        }
        if bytes.get(i) == Some(&b'.') {
            i += 1;
            while let Some(d) = bytes.get(i).filter(|b| b.is_ascii_digit()) {
                mantissa = mantissa * 10.0 + f64::from(d - b'0');
                exponent -= 1;
                i += 1;
            }
        }
        if matches!(bytes.get(i), Some(b'e' | b'E')) {
            let written: i32 = text[i + 1..].trim_start_matches('+').parse().ok()?;
            exponent = exponent.saturating_add(written);
        }
        let mut value = mantissa;
        for _ in 0..exponent.unsigned_abs().min(400) {
            value = if exponent < 0 { value / 10.0 } else { value * 10.0 };
        }
        Some(if negative { -value } else { value })
    }

    /// Reads a JSON text (whitespace around it allowed, nothing else).
    pub fn parse(text: &str) -> Result<Json, ParseError> {
        let mut reader = Reader { bytes: text.as_bytes(), at: 0 };
        let value = reader.value(0)?;
        reader.space();
        if reader.at < reader.bytes.len() {
            return Err(reader.error("trailing characters"));
        }
        Ok(value)
    }

    /// Writes the value as compact JSON.
    pub fn write(&self, out: &mut String) {
        match self {
            Json::Null => out.push_str("null"),
            Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Json::Num(n) => out.push_str(n),
            Json::Str(s) => write_str(s, out),
            Json::Arr(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write(out);
                }
                out.push(']');
            }
            Json::Obj(fields) => {
                out.push('{');
                for (i, (key, value)) in fields.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    write_str(key, out);
                    out.push(':');
                    value.write(out);
                }
                out.push('}');
            }
        }
    }

    /// The value as compact JSON text.
    pub fn text(&self) -> String {
        let mut out = String::new();
        self.write(&mut out);
        out
    }
}

impl From<bool> for Json {
    fn from(b: bool) -> Json {
        Json::Bool(b)
    }
}

impl From<&str> for Json {
    fn from(s: &str) -> Json {
        Json::str(s)
    }
}

impl<T: Into<Json>> From<Option<T>> for Json {
    fn from(value: Option<T>) -> Json {
        value.map_or(Json::Null, Into::into)
    }
}

macro_rules! from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Json {
            fn from(n: $t) -> Json {
                Json::Num(n.to_string())
            }
        }
    )*};
}
from_int!(u8, u32, u64, usize, i32, i64);

fn write_str(text: &str, out: &mut String) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                out.push_str("\\u00");
                out.push(HEX[(c as usize) >> 4] as char);
                out.push(HEX[(c as usize) & 15] as char);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn error(&self, what: &'static str) -> ParseError {
        ParseError { what, at: self.at }
    }

    fn space(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.space();
        self.bytes.get(self.at).copied()
    }

    fn literal(&mut self, word: &str, value: Json) -> Result<Json, ParseError> {
        if self.bytes[self.at..].starts_with(word.as_bytes()) {
            self.at += word.len();
            Ok(value)
        } else {
            Err(self.error("expected value"))
        }
    }

    fn value(&mut self, depth: usize) -> Result<Json, ParseError> {
        if depth > MAX_DEPTH {
            return Err(self.error("nested too deeply"));
        }
        match self.peek() {
            None => Err(self.error("unexpected end")),
            Some(b'n') => self.literal("null", Json::Null),
            Some(b't') => self.literal("true", Json::Bool(true)),
            Some(b'f') => self.literal("false", Json::Bool(false)),
            Some(b'"') => self.string().map(Json::Str),
            Some(b'[') => {
                self.at += 1;
                let mut items = Vec::new();
                if self.peek() == Some(b']') {
                    self.at += 1;
                    return Ok(Json::Arr(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b']') => {
                            self.at += 1;
                            return Ok(Json::Arr(items));
                        }
                        _ => return Err(self.error("expected `,` or `]`")),
                    }
                }
            }
            Some(b'{') => {
                self.at += 1;
                let mut fields = Vec::new();
                if self.peek() == Some(b'}') {
                    self.at += 1;
                    return Ok(Json::Obj(fields));
                }
                loop {
                    if self.peek() != Some(b'"') {
                        return Err(self.error("expected a key"));
                    }
                    let key = self.string()?;
                    if self.peek() != Some(b':') {
                        return Err(self.error("expected `:`"));
                    }
                    self.at += 1;
                    fields.push((key, self.value(depth + 1)?));
                    match self.peek() {
                        Some(b',') => self.at += 1,
                        Some(b'}') => {
                            self.at += 1;
                            return Ok(Json::Obj(fields));
                        }
                        _ => return Err(self.error("expected `,` or `}`")),
                    }
                }
            }
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.error("expected value")),
        }
    }

    fn digits(&mut self) -> usize {
        let start = self.at;
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
            self.at += 1;
        }
        self.at - start
    }

    /// A number as the grammar allows: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    fn number(&mut self) -> Result<Json, ParseError> {
        let start = self.at;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        let first = self.at;
        match self.digits() {
            0 => return Err(self.error("invalid number")),
            n if n > 1 && self.bytes[first] == b'0' => return Err(self.error("invalid number")),
            _ => {}
        }
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.bytes.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            if self.digits() == 0 {
                return Err(self.error("invalid number"));
            }
        }
        // Only ASCII was consumed: a valid str boundary.
        Ok(Json::Num(String::from_utf8_lossy(&self.bytes[start..self.at]).into_owned()))
    }

    fn hex4(&mut self) -> Result<u32, ParseError> {
        let mut n = 0;
        for _ in 0..4 {
            let d = self.bytes.get(self.at).and_then(|&b| (b as char).to_digit(16));
            n = n * 16 + d.ok_or_else(|| self.error("invalid escape"))?;
            self.at += 1;
        }
        Ok(n)
    }

    fn string(&mut self) -> Result<String, ParseError> {
        self.at += 1; // the opening quote
        let mut out = Vec::new();
        loop {
            let Some(&b) = self.bytes.get(self.at) else { return Err(self.error("unterminated string")) };
            self.at += 1;
            match b {
                b'"' => break,
                b'\\' => {
                    let Some(&e) = self.bytes.get(self.at) else { return Err(self.error("unterminated string")) };
                    self.at += 1;
                    let c = match e {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => {
                            let mut code = self.hex4()?;
                            if (0xD800..0xDC00).contains(&code) && self.bytes[self.at..].starts_with(b"\\u") {
                                self.at += 2;
                                let low = self.hex4()?;
                                if !(0xDC00..0xE000).contains(&low) {
                                    return Err(self.error("invalid escape"));
                                }
                                code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                            }
                            char::from_u32(code).ok_or_else(|| self.error("invalid escape"))?
                        }
                        _ => return Err(self.error("invalid escape")),
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
                0..=0x1F => return Err(self.error("control character in a string")),
                _ => out.push(b),
            }
        }
        // The input was a &str and escapes add whole characters: still UTF-8.
        String::from_utf8(out).map_err(|_| self.error("invalid string"))
    }
}

impl fmt::Display for Json {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same document read by serde_json (the reference reader).
    fn reference(text: &str) -> Option<serde_json::Value> {
        serde_json::from_str(text).ok()
    }

    #[test]
    fn reads_and_writes_what_serde_json_does() {
        let docs = [
            r#"{"v":1,"game":"g","seats":["human","normal"],"options":{"full_mice":false},"daily":null}"#,
            r#"[1,-2,3.5,1e3,-0.25E-2,0,18446744073709551615]"#,
            r#" { "a" : [ ] , "b" : { } , "c" : "x\"y\\z\n\t\u00e9\ud83d\ude00/" } "#,
            "\"caf\u{e9} \u{1F408}\"",
            "true",
            "null",
        ];
        for doc in docs {
            let ours = Json::parse(doc).unwrap_or_else(|e| panic!("{doc}: {e}"));
            let written = ours.text();
            assert_eq!(reference(&written), reference(doc), "{doc} -> {written}");
            assert_eq!(Json::parse(&written).unwrap(), ours);
        }
    }

    #[test]
    fn refuses_what_is_not_json() {
        for bad in [
            "", "not json", "{", "[1,]", "[1 2]", "{\"a\" 1}", "{a:1}", "01", "1.", "-", "1e", "\"abc", "\"\\x\"",
            "\"\u{1}\"", "[1] x", "nul", "\"\\ud800\\u0041\"",
        ] {
            assert!(Json::parse(bad).is_err(), "{bad:?} was accepted");
            assert!(reference(bad).is_none(), "{bad:?}: serde_json disagrees");
        }
        let deep = "[".repeat(1000) + &"]".repeat(1000);
        assert!(Json::parse(&deep).is_err());
    }

    #[test]
    fn numbers_fields_and_escapes() {
        let doc = Json::parse(r#"{"a":1,"b":-7,"c":0.625,"a":2,"s":"\u0001"}"#).unwrap();
        assert_eq!(doc.get("a").and_then(Json::as_u64), Some(2), "the last of a repeated key");
        assert_eq!(doc.get("b").and_then(Json::as_u64), None);
        assert_eq!(doc.get("b").and_then(Json::as_i64), Some(-7));
        assert_eq!(doc.get("c").and_then(Json::as_u64), None);
        assert_eq!(doc.get("c").and_then(Json::as_f64), Some(0.625));
        assert_eq!(Json::parse("-1.5e2").unwrap().as_f64(), Some(-150.0));
        assert!((Json::parse("0.7342").unwrap().as_f64().unwrap() - 0.7342).abs() < 1e-12);
        assert_eq!(doc.get("s").unwrap().text(), r#""\u0001""#);
        let mut obj = Json::obj([("x", Json::from(1u8)), ("y", Json::Null)]);
        obj.set("x", Json::from("z"));
        assert_eq!(obj.text(), r#"{"y":null,"x":"z"}"#);
        assert_eq!(Json::from(Some(-3i32)).text(), "-3");
        assert_eq!(Json::from(None::<i32>).text(), "null");
    }
}
