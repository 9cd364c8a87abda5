//! The game-agnostic shell: what every game shares (the player's language,
//! and soon tables, sessions, saves, links, history, par, the worker's jobs
//! and the controller).

pub mod lang;
