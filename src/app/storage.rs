//! Where the page keeps things: localStorage in the browser, a map in the tests.

/// Where the page keeps things (localStorage).
pub trait Storage {
    fn load(&self, key: &str) -> Option<String>;
    /// False when it could not be stored (full, or no storage).
    fn store(&mut self, key: &str, value: &str) -> bool;
    fn remove(&mut self, key: &str);
}
