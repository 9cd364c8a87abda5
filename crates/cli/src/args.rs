//! A command's options, read with `lexopt`: `--name value`, `--name=value`
//! and `--flag`, each option at most once, no positional arguments. Every
//! error is one line, for a usage error (exit 2).
//!
//! `lexopt` (a small, dependency-free, well-kept lexer of command lines)
//! does the reading — `=` values, option-looking values, non-UTF-8
//! arguments — and this module keeps what the commands need on top: the
//! table of each command's options, "given twice", and the messages the
//! command line has always printed.

use lexopt::Arg;

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
        let mut parser = lexopt::Parser::from_args(args);
        loop {
            let arg = parser.next().map_err(|e| e.to_string())?;
            let name = match arg {
                None => break,
                Some(Arg::Long(name)) => name.to_string(),
                Some(Arg::Short(c)) => return Err(format!("unknown option \"-{c}\" (options: {})", known())),
                Some(Arg::Value(value)) => {
                    return Err(format!("unexpected argument \"{}\" (options: {})", value.to_string_lossy(), known()));
                }
            };
            let Some(&(name, takes)) = spec.iter().find(|(n, _)| *n == name) else {
                return Err(format!("unknown option \"--{name}\" (options: {})", known()));
            };
            if options.given.iter().any(|(n, _)| *n == name) {
                return Err(format!("--{name} is given twice"));
            }
            let value = match takes {
                Takes::Nothing => match parser.optional_value() {
                    None => None,
                    Some(_) => return Err(format!("--{name} takes no value")),
                },
                // `--games=--json` is a value; `--games --json` forgot one.
                Takes::Value => match parser.optional_value() {
                    Some(value) => Some(value.to_string_lossy().into_owned()),
                    None => match parser.value() {
                        Ok(value) if !value.to_string_lossy().starts_with("--") => {
                            Some(value.to_string_lossy().into_owned())
                        }
                        _ => return Err(format!("--{name} needs a value")),
                    },
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
        assert!(err(&["-g"]).contains("unknown option \"-g\""));
        assert_eq!(parse(&["--games=--json"]).unwrap().value("games"), Some("--json"));
        let o = parse(&["--games", "x"]).unwrap();
        assert!(o.count("games", 1, 3).unwrap_err().contains("whole number"));
        let o = parse(&["--games", "0"]).unwrap();
        assert!(o.count("games", 1, 3).unwrap_err().contains("at least 1"));
    }
}
