//! Katzenjammer through the shell: the tests of its data and rules as the
//! shell reads, saves, links and plays them, one file per part of the shell
//! (`app/<part>.rs`). The shell's own behaviour is tested there, on the test
//! game (`crate::games::test_game`).

mod config;
mod controller;
mod friends;
mod i18n;
mod link;
mod par;
mod puzzles;
mod past;
mod replay;
mod save;
mod session;
mod worker;
