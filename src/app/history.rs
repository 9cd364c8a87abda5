//! A small local record of games played on this device.

use tablee_engine::json::Json;

/// Stored as `{"played":3,"wins":1,"best_vs_par":-2,"recent":["…"]}`; a
/// missing field reads as its default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub played: u32,
    /// Games won, a shared victory counting as won.
    pub wins: u32,
    /// Best result against par (mice minus par) in games where par was known.
    pub best_vs_par: Option<i32>,
    /// The games already counted, so that a reload does not count one twice.
    pub recent: Vec<String>,
}

const RECENT: usize = 20;

impl History {
    /// Reads the stored text; anything unreadable starts a fresh record.
    pub fn parse(text: &str) -> History {
        History::read(&Json::parse(text).ok().unwrap_or(Json::Null)).unwrap_or_default()
    }

    /// A field of the wrong type makes the whole record unreadable.
    fn read(doc: &Json) -> Option<History> {
        if !matches!(doc, Json::Obj(_)) {
            return None;
        }
        let count = |key| match doc.get(key) {
            None => Some(0),
            Some(v) => u32::try_from(v.as_u64()?).ok(),
        };
        let best_vs_par = match doc.get("best_vs_par") {
            None | Some(Json::Null) => None,
            Some(v) => Some(i32::try_from(v.as_i64()?).ok()?),
        };
        let recent = match doc.get("recent") {
            None => Vec::new(),
            Some(v) => v.as_array()?.iter().map(|r| r.as_str().map(str::to_string)).collect::<Option<_>>()?,
        };
        Some(History { played: count("played")?, wins: count("wins")?, best_vs_par, recent })
    }

    pub fn to_json(&self) -> String {
        Json::obj([
            ("played", self.played.into()),
            ("wins", self.wins.into()),
            ("best_vs_par", self.best_vs_par.into()),
            ("recent", Json::Arr(self.recent.iter().map(|r| Json::str(r)).collect())),
        ])
        .text()
    }

    /// Counts a finished game once; `id` names it (deal, table and moves).
    pub fn record(&mut self, id: &str, won: bool, vs_par: Option<i32>) -> bool {
        if self.recent.iter().any(|r| r == id) {
            return false;
        }
        self.recent.push(id.to_string());
        if self.recent.len() > RECENT {
            self.recent.remove(0);
        }
        self.played += 1;
        self.wins += u32::from(won);
        self.add_par(vs_par);
        true
    }

    /// Par arrives after the game was counted: keep the best.
    pub fn add_par(&mut self, vs_par: Option<i32>) {
        if let Some(v) = vs_par {
            self.best_vs_par = Some(self.best_vs_par.map_or(v, |b| b.max(v)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_count_once_and_survive_a_round_trip() {
        let mut h = History::default();
        assert!(h.record("a", true, Some(-2)));
        assert!(!h.record("a", true, Some(-2)));
        assert!(h.record("b", false, Some(3)));
        assert!(h.record("c", false, None));
        assert_eq!((h.played, h.wins, h.best_vs_par), (3, 1, Some(3)));
        assert_eq!(History::parse(&h.to_json()), h);
        assert_eq!(History::parse("garbage"), History::default());
        assert_eq!(History::parse("{\"played\":4}").played, 4);
        // What the serde-derived reader wrote and read before: the same text.
        let before = r#"{"played":3,"wins":1,"best_vs_par":3,"recent":["a","b","c"]}"#;
        assert_eq!(h.to_json(), before);
        assert_eq!(History::parse(r#"{"played":"3"}"#), History::default());
        assert_eq!(History::parse(r#"{"best_vs_par":-4,"recent":[]}"#).best_vs_par, Some(-4));
        for i in 0..100 {
            h.record(&i.to_string(), false, None);
        }
        assert!(h.recent.len() <= RECENT);
    }
}
