//! A stand-in for `wasm-streams` 0.5 (put in its place by the workspace's
//! `[patch.crates-io]`): the types server_fn's browser client names, with
//! none of the real crate's code.
//!
//! Why: Leptos 0.8 always builds server_fn with its `browser` feature,
//! which links wasm-streams for streaming server functions. wasm-streams
//! declares three `#[wasm_bindgen]` classes (`IntoUnderlyingSource`,
//! `IntoUnderlyingSink`, `IntoUnderlyingByteSource`): wasm-bindgen exports
//! them, and what they reach stays in the page's core even once the exports
//! are dropped (scripts/wasm-exports.mjs), through the function table the
//! page's parts share. Tablée is a static site: it has no server function
//! and never calls one, so none of that code can run. Measured: the core's
//! wasm held 6.5 KB of it (41 functions), and the JS glue its three classes.
//!
//! Should a server function ever be called, its stream is empty: no panic.

use futures_util::stream::{self, Stream};
use wasm_bindgen::{JsCast, JsValue};

/// The JS `ReadableStream` server_fn passes through.
pub struct ReadableStream {
    raw: web_sys::ReadableStream,
}

impl ReadableStream {
    /// Wraps a JS stream.
    pub fn from_raw(raw: web_sys::ReadableStream) -> Self {
        Self { raw }
    }

    /// A Rust stream as a JS one: never used by a static site (no server
    /// function sends a stream), so an undefined value, not a stream.
    pub fn from_stream<St>(_stream: St) -> Self
    where
        St: Stream<Item = Result<JsValue, JsValue>> + 'static,
    {
        Self { raw: JsValue::UNDEFINED.unchecked_into() }
    }

    /// The JS stream.
    pub fn into_raw(self) -> web_sys::ReadableStream {
        self.raw
    }

    /// The JS stream read as a Rust one: empty (see the crate's note).
    pub fn into_stream(self) -> impl Stream<Item = Result<JsValue, JsValue>> + Unpin + 'static {
        stream::empty()
    }
}
