//! Katzenjammer Blues in the app.

pub mod refusals;
