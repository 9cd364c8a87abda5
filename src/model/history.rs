//! A small local record of games played on this device.

use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct History {
    #[serde(default)]
    pub played: u32,
    /// Games won, a shared victory counting as won.
    #[serde(default)]
    pub wins: u32,
    /// Best result against par (mice minus par) in games where par was known.
    #[serde(default)]
    pub best_vs_par: Option<i32>,
    /// The games already counted, so that a reload does not count one twice.
    #[serde(default)]
    pub recent: Vec<String>,
}

const RECENT: usize = 20;

impl History {
    /// Reads the stored text; anything unreadable starts a fresh record.
    pub fn parse(text: &str) -> History {
        serde_json::from_str(text).unwrap_or_default()
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string(self).unwrap_or_default()
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
        for i in 0..100 {
            h.record(&i.to_string(), false, None);
        }
        assert!(h.recent.len() <= RECENT);
    }
}
