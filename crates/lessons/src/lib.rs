//! Lessons (issue 42; docs/lessons.md): each game's course is a JSON file
//! (`src/games/<game>/public/lessons/<game>.json`) of lessons, one idea each. A lesson is a
//! position written in the scenario format (`shared/spec/scenarios.md`: the
//! same keys, so that `tablee scenario` replays it, its `actions` the moves
//! already made when the lesson opens) and its steps: the coach's line in
//! French and English, what to point at, the actions accepted (the game's
//! notation, the learner's seat first), refused examples with the kind of
//! refusal the engine must give, and the bots' scripted replies.
//!
//! [`check`] replays every lesson through the engine: each accepted action
//! legal where it is asked, each refused example refused for the named
//! reason (or, named `"lesson"`, legal but not what the step asks), every
//! reply legal, every text in both languages. The page's lessons part reads
//! the same file with [`Course::read`] and judges a learner's move with
//! [`Lesson::judge`].

pub mod check;
pub mod format;
pub mod rules;
pub mod words;

pub use check::{check, scenario, taps, Problem};
pub use format::{Course, Lesson, Refused, Step, Words};
pub use rules::{reason, Rules};
pub use words::Scene;
