//! J'achète in the app.

pub mod refusals;
