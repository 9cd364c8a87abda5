//! The app's logic without a browser: tables, sessions, saves, links, the bid
//! builder, presentations, the end summary, par and the local history. No
//! Leptos and no web API here, so all of it is unit-tested natively.

pub mod bidding;
pub mod config;
pub mod history;
pub mod link;
pub mod par;
pub mod presenting;
pub mod save;
pub mod session;
pub mod summary;
pub mod url;
