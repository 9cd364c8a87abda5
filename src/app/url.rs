//! Query strings: forgiving parsing of `?seed=1K7Q-M3ZD&players=4`.
//!
//! Pure string work, no browser: it is unit-tested natively. Reading is
//! forgiving (`+` and `%20` are spaces, bad escapes are kept as typed, a
//! repeated key counts once, the first time). [`super::link`] gives the keys
//! their meaning.

/// The `(key, value)` pairs of a query string, decoded, in order.
pub fn parse(search: &str) -> Vec<(String, String)> {
    strip_question_mark(search)
        .split('&')
        .filter(|part| !part.is_empty())
        .map(|part| {
            let (key, value) = part.split_once('=').unwrap_or((part, ""));
            (decode(key), decode(value))
        })
        .collect()
}

/// The value of `key`'s first occurrence.
pub fn get<'a>(pairs: &'a [(String, String)], key: &str) -> Option<&'a str> {
    pairs
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn strip_question_mark(search: &str) -> &str {
    search.strip_prefix('?').unwrap_or(search)
}

/// Percent-decoding as browsers send query strings. Malformed escapes stay as
/// typed; invalid UTF-8 becomes U+FFFD. Never fails.
pub fn decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let hex = bytes.get(i + 1..i + 3).and_then(|h| {
                    let h = std::str::from_utf8(h).ok()?;
                    u8::from_str_radix(h, 16).ok()
                });
                if let Some(byte) = hex {
                    out.push(byte);
                    i += 2;
                } else {
                    out.push(b'%');
                }
            }
            other => out.push(other),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Percent-encoding for a query value: letters, digits and `-._~` stay
/// (the seats' names in a link, issue 52).
pub fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || b"-._~".contains(&byte) {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(search: &str) -> Vec<(String, String)> {
        parse(search)
    }

    #[test]
    fn reads_seed_and_players() {
        let p = pairs("?seed=1K7Q-M3ZD&players=4");
        assert_eq!(get(&p, "seed"), Some("1K7Q-M3ZD"));
        assert_eq!(get(&p, "players"), Some("4"));
        assert_eq!(get(&p, "lang"), None);
    }

    #[test]
    fn empty_and_odd_queries_are_harmless() {
        assert!(pairs("").is_empty());
        assert!(pairs("?").is_empty());
        assert!(pairs("?&&").is_empty());
        let p = pairs("?seed&=x&players=");
        assert_eq!(get(&p, "seed"), Some(""));
        assert_eq!(get(&p, ""), Some("x"));
        assert_eq!(get(&p, "players"), Some(""));
        // Without the leading question mark too.
        assert_eq!(get(&pairs("players=3"), "players"), Some("3"));
    }

    #[test]
    fn first_occurrence_wins() {
        let p = pairs("?players=3&players=5");
        assert_eq!(get(&p, "players"), Some("3"));
    }

    #[test]
    fn decoding_is_forgiving() {
        assert_eq!(decode("1K7Q+M3ZD"), "1K7Q M3ZD");
        assert_eq!(decode("1K7Q%20M3ZD"), "1K7Q M3ZD");
        assert_eq!(decode("Tabl%C3%A9e"), "Tablée");
        assert_eq!(decode("100%"), "100%");
        assert_eq!(decode("%zz%4"), "%zz%4");
        assert_eq!(decode("%FF"), "\u{FFFD}");
        // A multi-byte character cut in the middle of an escape's reach.
        assert_eq!(decode("%é"), "%é");
    }

    #[test]
    fn encoding_round_trips() {
        for text in ["1K7Q-M3ZD", "a b&c=d", "Tablée", "%", ""] {
            assert_eq!(decode(&encode(text)), text);
        }
        assert_eq!(encode("1K7Q-M3ZD"), "1K7Q-M3ZD");
    }
}
