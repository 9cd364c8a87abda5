//! The player's language: part of the model (links, saves, texts), so that
//! the texts depend on it and not the other way round.

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    Fr,
    En,
}

impl Lang {
    pub const ALL: [Lang; 2] = [Lang::Fr, Lang::En];

    pub fn code(self) -> &'static str {
        match self {
            Lang::Fr => "fr",
            Lang::En => "en",
        }
    }

    /// Reads a language code or a browser language tag (`fr-CH`, `en_GB`).
    pub fn parse(text: &str) -> Option<Lang> {
        let primary = text.trim().to_ascii_lowercase();
        let primary = primary.split(['-', '_']).next().unwrap_or("");
        match primary {
            "fr" => Some(Lang::Fr),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    /// The browser's language when we speak it, else English.
    pub fn from_browser(tag: Option<&str>) -> Lang {
        tag.and_then(Lang::parse).unwrap_or(Lang::En)
    }

    /// The language's own name, for the switch.
    pub fn name(self) -> &'static str {
        match self {
            Lang::Fr => "Français",
            Lang::En => "English",
        }
    }
}
