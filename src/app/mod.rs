//! The game-agnostic shell, written once over every game's definition
//! ([`game::GameDef`]) and tested natively (no browser, no Leptos here):
//!
//! - [`game`], [`config`], [`session`], [`result`], [`lang`]: the generic
//!   core, which names no game: what a game provides, a table, a game in
//!   progress on it, places (the enums over the games are one layer up, in
//!   the registry: [`crate::games`]);
//! - [`link`], [`url`], [`save`]: links and saves (each game's options and
//!   action notation plug in);
//! - [`history`], [`par`]: the local record, par;
//! - [`worker`]: the bots' worker's jobs, naming their game;
//! - [`controller`]: start-up, moves, bots, par, history and saving;
//! - [`puzzles`]: a puzzle as a session, judged; the daily puzzle; the record;
//! - [`replay`], [`past`]: replay links, and the record of finished games.

pub mod config;
pub mod controller;
pub mod game;
pub mod history;
pub mod lang;
pub mod link;
pub mod marks;
pub mod par;
// The record of games (appended to when a game ends, read by "Your games").
pub mod past;
pub mod puzzles;
pub mod registry;
pub mod replay;
pub mod result;
pub mod save;
pub mod session;
pub mod storage;
pub mod url;
pub mod worker;
// A game with friends on their own devices (issue 55): the host, a friend, the check.
pub mod friends;
