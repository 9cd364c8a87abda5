//! The games, each in a folder of its own with its one definition for the
//! shell (`mod.rs`: [`crate::app::game::GameDef`]), its texts, its end-of-game
//! summary and, once it has a table, its components (`ui/`).

pub mod jachete;
pub mod katzenjammer;
