//! A tiny option parser (no dependency): `--name value`, `--name=value` and
//! `--flag`, each option at most once, no positional arguments. Every error is
//! one line, for a usage error (exit 2).

/// What an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Takes {
    /// `--json`: present or not.
    Nothing,
    /// `--games 100` or `--games=100`.
    Value,
}

/// One command's options, as given.
#[derive(Debug, Default)]
pub struct Options {
    given: Vec<(&'static str, Option<String>)>,
}

impl Options {
    /// Parses `args` (after the command name) against `spec`: option names
    /// without their leading dashes.
    pub fn parse(args: &[String], spec: &[(&'static str, Takes)]) -> Result<Options, String> {
        let known = || spec.iter().map(|(name, _)| format!("--{name}")).collect::<Vec<_>>().join(", ");
        let mut options = Options::default();
        let mut rest = args.iter();
        while let Some(arg) = rest.next() {
            let Some(body) = arg.strip_prefix("--") else {
                return Err(format!("unexpected argument \"{arg}\" (options: {})", known()));
            };
            let (name, inline) = match body.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (body, None),
            };
            let Some(&(name, takes)) = spec.iter().find(|(n, _)| *n == name) else {
                return Err(format!("unknown option \"--{name}\" (options: {})", known()));
            };
            if options.given.iter().any(|(n, _)| *n == name) {
                return Err(format!("--{name} is given twice"));
            }
            let value = match (takes, inline) {
                (Takes::Nothing, None) => None,
                (Takes::Nothing, Some(_)) => return Err(format!("--{name} takes no value")),
                (Takes::Value, Some(value)) => Some(value),
                (Takes::Value, None) => match rest.next() {
                    Some(value) if !value.starts_with("--") => Some(value.clone()),
                    _ => return Err(format!("--{name} needs a value")),
                },
            };
            options.given.push((name, value));
        }
        Ok(options)
    }

    /// True when the flag was given.
    pub fn flag(&self, name: &str) -> bool {
        self.given.iter().any(|(n, _)| *n == name)
    }

    /// The option's value, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.given.iter().find(|(n, _)| *n == name).and_then(|(_, v)| v.as_deref())
    }

    /// A whole number option in `min..`, or `default` when absent.
    pub fn count(&self, name: &str, min: usize, default: usize) -> Result<usize, String> {
        match self.value(name) {
            None => Ok(default),
            Some(text) => match text.trim().parse::<usize>() {
                Ok(n) if n >= min => Ok(n),
                Ok(n) => Err(format!("--{name} must be at least {min}, not {n}")),
                Err(_) => Err(format!("--{name} takes a whole number, not \"{text}\"")),
            },
        }
    }
}

/// The games `--game` may name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameName {
    Katzenjammer,
    Jachete,
}

impl GameName {
    /// Parses `--game`: both games are available to the arena and the bench.
    pub fn parse_available(text: &str) -> Result<GameName, String> {
        match text.trim().to_lowercase().as_str() {
            "katzenjammer" | "katzenjammer-blues" | "kb" => Ok(GameName::Katzenjammer),
            "jachete" | "j'achete" | "jachète" | "j'achète" => Ok(GameName::Jachete),
            _ => Err(format!("unknown game \"{text}\" (games: katzenjammer, jachete)")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPEC: &[(&str, Takes)] = &[("games", Takes::Value), ("json", Takes::Nothing)];

    fn parse(args: &[&str]) -> Result<Options, String> {
        Options::parse(&args.iter().map(|s| s.to_string()).collect::<Vec<_>>(), SPEC)
    }

    #[test]
    fn values_and_flags() {
        let o = parse(&["--games", "12", "--json"]).unwrap();
        assert_eq!(o.value("games"), Some("12"));
        assert!(o.flag("json"));
        assert_eq!(parse(&["--games=7"]).unwrap().count("games", 1, 3), Ok(7));
        assert_eq!(parse(&[]).unwrap().count("games", 1, 3), Ok(3));
    }

    #[test]
    fn mistakes_are_explained() {
        let err = |args: &[&str]| parse(args).unwrap_err();
        assert!(err(&["--gmaes", "3"]).contains("unknown option \"--gmaes\""));
        assert!(err(&["--games"]).contains("needs a value"));
        assert!(err(&["--games", "--json"]).contains("needs a value"));
        assert!(err(&["--json=yes"]).contains("takes no value"));
        assert!(err(&["--json", "--json"]).contains("twice"));
        assert!(err(&["games"]).contains("unexpected argument"));
        let o = parse(&["--games", "x"]).unwrap();
        assert!(o.count("games", 1, 3).unwrap_err().contains("whole number"));
        let o = parse(&["--games", "0"]).unwrap();
        assert!(o.count("games", 1, 3).unwrap_err().contains("at least 1"));
    }

    #[test]
    fn games() {
        assert_eq!(GameName::parse_available("Katzenjammer"), Ok(GameName::Katzenjammer));
        assert_eq!(GameName::parse_available("J'achète"), Ok(GameName::Jachete));
        assert!(GameName::parse_available("chess").unwrap_err().contains("unknown game"));
    }
}
