//! What the query string asks for: which deal, for how many players.
//!
//! Pure logic on top of [`crate::url`], unit-tested natively. Every bad input
//! becomes a [`DealProblem`] with a message for the player, never a panic.

use std::fmt;

use tablee_engine::katzenjammer::{KbState, Options, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::{Seed, SeedError};

use crate::url;

/// Players at the table when the URL does not say.
pub const DEFAULT_PLAYERS: usize = 4;

/// A deal the page can show: the seed, when the URL carried one, and the table size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRequest {
    /// `None`: the URL has no `seed`, so the page picks a fresh one.
    pub seed: Option<Seed>,
    pub players: usize,
}

/// Why the URL does not describe a deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealProblem {
    Seed { text: String, error: SeedError },
    Players { text: String },
}

impl fmt::Display for DealProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealProblem::Seed { text, error } => write!(f, "The seed “{text}” cannot be read: {error}."),
            DealProblem::Players { text } => write!(
                f,
                "“{text}” is not a number of players: Katzenjammer Blues is played by {MIN_PLAYERS} to {MAX_PLAYERS}."
            ),
        }
    }
}

/// The number of players to offer in a "start a fresh game" link: the URL's,
/// when it is a valid one.
pub fn players_for_fresh_game(pairs: &[(String, String)]) -> usize {
    read_players(url::get(pairs, "players")).unwrap_or(DEFAULT_PLAYERS)
}

/// Reads `seed` and `players` from the query pairs.
pub fn read(pairs: &[(String, String)]) -> Result<DealRequest, DealProblem> {
    let players = read_players(url::get(pairs, "players"))?;
    let seed = match url::get(pairs, "seed") {
        None => None,
        Some(text) => Some(Seed::parse(text).map_err(|error| DealProblem::Seed {
            text: shorten(text),
            error,
        })?),
    };
    Ok(DealRequest { seed, players })
}

fn read_players(text: Option<&str>) -> Result<usize, DealProblem> {
    let Some(text) = text else {
        return Ok(DEFAULT_PLAYERS);
    };
    match text.trim().parse::<usize>() {
        Ok(n) if (MIN_PLAYERS..=MAX_PLAYERS).contains(&n) => Ok(n),
        _ => Err(DealProblem::Players {
            text: shorten(text),
        }),
    }
}

/// Quoting a pasted novel back at the player helps no one.
fn shorten(text: &str) -> String {
    const MAX: usize = 24;
    if text.chars().count() <= MAX {
        text.to_string()
    } else {
        let head: String = text.chars().take(MAX).collect();
        format!("{head}…")
    }
}

/// The query string of a fresh game for `players` (no seed: the page picks one).
pub fn fresh_game_query(players: usize) -> String {
    format!("?players={players}")
}

/// The query string that names this exact deal, keeping any other parameter.
pub fn shareable_query(search: &str, seed: Seed, players: usize) -> String {
    let with_seed = url::with_param(search, "seed", &seed.to_string());
    url::with_param(&with_seed, "players", &players.to_string())
}

/// Deals the requested game. The players count was checked by [`read`], so the
/// engine's refusal is only possible if its limits change; it is still reported.
pub fn deal(seed: Seed, players: usize) -> Result<KbState, String> {
    KbState::new_game(players, Options::default(), seed).map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(search: &str) -> Result<DealRequest, DealProblem> {
        read(&url::parse(search))
    }

    #[test]
    fn a_full_url_names_one_deal() {
        let r = request("?seed=1K7Q-M3ZD&players=5").unwrap();
        assert_eq!(r.seed, Some(Seed::parse("1K7Q-M3ZD").unwrap()));
        assert_eq!(r.players, 5);
    }

    #[test]
    fn defaults_when_the_url_is_silent() {
        assert_eq!(
            request(""),
            Ok(DealRequest {
                seed: None,
                players: DEFAULT_PLAYERS
            })
        );
        assert_eq!(request("?players=2").unwrap().players, 2);
    }

    #[test]
    fn seeds_typed_by_hand_are_accepted() {
        let expected = Seed::parse("1K7Q-M3ZD").ok();
        assert_eq!(request("?seed=1k7q+m3zd").unwrap().seed, expected);
        assert_eq!(request("?seed=1K7QM3ZD").unwrap().seed, expected);
        assert_eq!(request("?seed=%201K7Q-M3ZD%20").unwrap().seed, expected);
    }

    #[test]
    fn bad_seeds_are_explained_with_the_engine_message() {
        for (search, error) in [
            ("?seed=", SeedError::Empty),
            ("?seed=1K7Q", SeedError::WrongLength { found: 4 }),
            (
                "?seed=1K7U-M3ZD",
                SeedError::BadCharacter {
                    ch: 'U',
                    position: 4,
                },
            ),
            (
                "?seed=9K7Q-M3ZD",
                SeedError::UnsupportedVersion { found: 9 },
            ),
        ] {
            let problem = request(search).unwrap_err();
            let message = problem.to_string();
            assert!(message.contains(&error.to_string()), "{search}: {message}");
            assert!(
                matches!(problem, DealProblem::Seed { error: e, .. } if e == error),
                "{search}"
            );
        }
    }

    #[test]
    fn bad_player_counts_are_explained() {
        for text in ["1", "7", "0", "-3", "four", "", "99999999999999999999999"] {
            let problem = request(&format!("?players={text}")).unwrap_err();
            assert_eq!(
                problem,
                DealProblem::Players {
                    text: text.to_string()
                }
            );
            assert!(problem.to_string().contains("2 to 6"), "{problem}");
        }
    }

    #[test]
    fn long_garbage_is_shortened_in_messages() {
        let junk = "x".repeat(500);
        let message = request(&format!("?seed={junk}")).unwrap_err().to_string();
        assert!(message.len() < 300, "{message}");
        assert!(message.contains('…'));
    }

    #[test]
    fn fresh_game_link_keeps_a_valid_player_count() {
        assert_eq!(
            players_for_fresh_game(&url::parse("?seed=bad&players=3")),
            3
        );
        assert_eq!(
            players_for_fresh_game(&url::parse("?players=12")),
            DEFAULT_PLAYERS
        );
        assert_eq!(fresh_game_query(3), "?players=3");
    }

    #[test]
    fn shareable_query_names_seed_and_players() {
        let seed = Seed::from_number(12345);
        assert_eq!(shareable_query("", seed, 4), "?seed=1000-0C1S&players=4");
        assert_eq!(
            shareable_query("?lang=fr", seed, 3),
            "?lang=fr&seed=1000-0C1S&players=3"
        );
        let round = request(&shareable_query("?seed=junk", seed, 5)).unwrap();
        assert_eq!(
            round,
            DealRequest {
                seed: Some(seed),
                players: 5
            }
        );
    }

    #[test]
    fn every_table_size_deals_and_seat_zero_sees_its_hand() {
        let seed = Seed::from_entropy(7);
        for players in MIN_PLAYERS..=MAX_PLAYERS {
            let view = deal(seed, players).unwrap().view(0);
            assert_eq!(view.players, players);
            assert_eq!(view.hand_sizes.len(), players);
            assert_eq!(view.hand.total() as usize, view.hand_sizes[0]);
        }
    }

    #[test]
    fn the_same_url_deals_the_same_game() {
        let seed = Seed::parse("1K7Q-M3ZD").unwrap();
        assert_eq!(
            deal(seed, 4).unwrap().view(0),
            deal(seed, 4).unwrap().view(0)
        );
    }
}
