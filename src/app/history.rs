//! A small local record of games played on this device.

use tablee_engine::json::Json;

use super::config::Day;

/// Stored as `{"played":3,"wins":1,"best_vs_par":-2,"recent":["…"],
/// "dailies":[{"day":"2026-11-23","key":"…","id":"…","score":5,"won":true}]}`; a
/// missing field reads as its default (`dailies` is written only when some
/// daily deal was finished).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct History {
    pub played: u32,
    /// Games won, a shared victory counting as won.
    pub wins: u32,
    /// Best result against par (mice minus par) in games where par was known.
    pub best_vs_par: Option<i32>,
    /// The games already counted, so that a reload does not count one twice.
    pub recent: Vec<String>,
    /// Each daily deal's first complete attempt, oldest first: the one that
    /// counts (for the share text and the streak); later ones are practice.
    pub dailies: Vec<Daily>,
}

/// The first finished attempt at one day's deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Daily {
    pub day: Day,
    /// Where the game was saved (each game begun has its own key), and its
    /// record id ([`super::config::TableConfig::record_id`]): together they
    /// tell this attempt from a retry of the same deal.
    pub key: String,
    pub id: String,
    /// The person's score (mice, points: the game's own).
    pub score: i32,
    pub won: bool,
}

const RECENT: usize = 20;
/// Daily results kept: a year and a bit.
const DAILIES: usize = 400;

impl History {
    /// Reads the stored text; anything unreadable starts a fresh record
    /// (the shell sets an unreadable one aside first: [`History::read_text`]).
    pub fn parse(text: &str) -> History {
        History::read_text(text).unwrap_or_default()
    }

    /// The stored text's record, or `None` when it is unreadable.
    pub fn read_text(text: &str) -> Option<History> {
        History::read(&Json::parse(text).ok()?)
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
        let dailies = match doc.get("dailies") {
            None => Vec::new(),
            Some(v) => v
                .as_array()?
                .iter()
                .map(|d| {
                    Some(Daily {
                        day: Day::parse(d.get("day")?.as_str()?)?,
                        key: d.get("key")?.as_str()?.to_string(),
                        id: d.get("id")?.as_str()?.to_string(),
                        score: i32::try_from(d.get("score")?.as_i64()?).ok()?,
                        won: d.get("won")?.as_bool()?,
                    })
                })
                .collect::<Option<_>>()?,
        };
        Some(History { played: count("played")?, wins: count("wins")?, best_vs_par, recent, dailies })
    }

    pub fn to_json(&self) -> String {
        let mut doc = Json::obj([
            ("played", self.played.into()),
            ("wins", self.wins.into()),
            ("best_vs_par", self.best_vs_par.into()),
            ("recent", Json::Arr(self.recent.iter().map(|r| Json::str(r)).collect())),
        ]);
        if !self.dailies.is_empty() {
            let dailies = self.dailies.iter().map(|d| {
                Json::obj([
                    ("day", Json::Str(d.day.to_string())),
                    ("key", Json::str(&d.key)),
                    ("id", Json::str(&d.id)),
                    ("score", Json::int(i64::from(d.score))),
                    ("won", d.won.into()),
                ])
            });
            doc.set("dailies", Json::Arr(dailies.collect()));
        }
        doc.text()
    }

    /// The attempt at `day`'s deal that counts, if one was finished.
    pub fn daily(&self, day: Day) -> Option<&Daily> {
        self.dailies.iter().find(|d| d.day == day)
    }

    /// Keeps `attempt` if it is the first finished one of its day.
    pub fn record_daily(&mut self, attempt: Daily) -> bool {
        if self.daily(attempt.day).is_some() {
            return false;
        }
        // Kept in date order (an insertion: a sort would cost the page 3 KB).
        let at = self.dailies.iter().position(|d| d.day > attempt.day).unwrap_or(self.dailies.len());
        self.dailies.insert(at, attempt);
        if self.dailies.len() > DAILIES {
            self.dailies.remove(0);
        }
        true
    }

    /// Days in a row with the daily deal finished, up to `today` (a streak
    /// still stands on a day not yet played).
    pub fn streak(&self, today: Day) -> u32 {
        let played = |n: i64| self.dailies.iter().any(|d| d.day.days() == n);
        let mut n = today.days();
        if !played(n) {
            n -= 1;
        }
        let mut streak = 0;
        while played(n) {
            streak += 1;
            n -= 1;
        }
        streak
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

    fn day(d: u32) -> Day {
        Day::new(2026, 11, d).unwrap()
    }

    fn attempt(d: u32, id: &str, score: i32) -> Daily {
        Daily { day: day(d), key: format!("k{d}"), id: id.to_string(), score, won: score > 3 }
    }

    /// Issue 13: the first finished attempt at a daily deal counts; retries
    /// do not replace it; the streak counts days in a row.
    #[test]
    fn the_first_finished_daily_counts_and_streaks_count_days_in_a_row() {
        let mut h = History::default();
        assert!(h.record_daily(attempt(20, "a", 4)));
        assert!(!h.record_daily(attempt(20, "b", 9)), "a retry is practice");
        assert_eq!(h.daily(day(20)).unwrap().id, "a");
        assert_eq!(h.streak(day(20)), 1);
        assert_eq!(h.streak(day(21)), 1, "today not played yet: the streak stands");
        assert_eq!(h.streak(day(22)), 0, "a day missed");
        assert!(h.record_daily(attempt(22, "c", 1)));
        assert!(h.record_daily(attempt(21, "d", 2)));
        assert_eq!(h.streak(day(22)), 3);
        assert_eq!(h.dailies.iter().map(|d| d.day).collect::<Vec<_>>(), vec![day(20), day(21), day(22)]);
        let back = History::parse(&h.to_json());
        assert_eq!(back, h);
        assert!(h.to_json().contains(r#"{"day":"2026-11-20","key":"k20","id":"a","score":4,"won":true}"#));
        assert_eq!(History::parse(r#"{"dailies":[{"day":"2026-02-30","key":"k","id":"x","score":1,"won":true}]}"#), History::default());
    }
}
