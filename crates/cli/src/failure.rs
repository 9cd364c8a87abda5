//! A command's failure: what it prints and how it exits.

/// A command's failure: its message (one line) and exit code.
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    /// Bad input or usage: exit 2.
    pub fn usage(message: impl Into<String>) -> Failure {
        Failure { code: 2, message: message.into() }
    }

    /// The command could not do its work: exit 1.
    pub fn runtime(message: impl Into<String>) -> Failure {
        Failure { code: 1, message: message.into() }
    }
}
