//! The games the `tablee` command knows, each in its folder with its
//! [`Tool`] (`games/<game>/mod.rs`), listed here one line a game. The
//! commands find a game here by its name and ask it for their part; no
//! command names a game.

use crate::tool::Tool;

/// Declares each game's module and lists its tool, one line a game. A game
/// of the tests only (High card) is a `#[test_game]` line: it is listed in the builds
/// the tests run (`tablee_engine::test_game!`), the `tablee` their
/// integration tests start included, and in no shipped build.
macro_rules! games {
    ($($module:ident,)+ $(#[test_game] $test:ident,)*) => {
        $(pub mod $module;)+
        $(tablee_engine::test_game! { pub mod $test; })*

        static SHIPPED: &[&dyn Tool] = &[$(&$module::TOOL),+];
        tablee_engine::test_game! {
            { static TESTS: &[&dyn Tool] = &[$(&$test::TOOL),*]; }
            else { static TESTS: &[&dyn Tool] = &[]; }
        }
    };
}

games! {
    katzenjammer,
    jachete,
    #[test_game] highcard,
}

/// Every game, in this order in messages (the tests' games last).
pub fn all() -> impl Iterator<Item = &'static dyn Tool> {
    SHIPPED.iter().chain(TESTS).copied()
}

/// The game of a command without `--game`.
pub const DEFAULT: &str = "katzenjammer";

/// The game `--game` names (its code or another spelling, any case).
pub fn find(name: &str) -> Result<&'static dyn Tool, String> {
    let wanted = name.trim().to_lowercase();
    all()
        .find(|t| t.code() == wanted || t.aliases().contains(&wanted.as_str()))
        .ok_or_else(|| format!("unknown game \"{name}\" (games: {})", codes().join(", ")))
}

/// The game a file names by its code (scenario and puzzle files).
pub fn by_code(code: &str) -> Option<&'static dyn Tool> {
    all().find(|t| t.code() == code)
}

/// Every game's code, in order.
pub fn codes() -> Vec<&'static str> {
    all().map(|t| t.code()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_found_by_any_of_their_names() {
        assert_eq!(find("Katzenjammer").map(|t| t.code()), Ok("katzenjammer"));
        assert_eq!(find("J'achète").map(|t| t.code()), Ok("jachete"));
        assert!(find("chess").err().is_some_and(|e| e.contains("unknown game \"chess\" (games: katzenjammer, jachete")));
    }
}
