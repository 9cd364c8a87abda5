//! Tablée with friends on their own devices, with no server (issue 55):
//! what the host's and the friends' pages exchange, natively tested, with
//! no web dependency and no game in it.
//!
//! - [`code`]: the invitation and answer codes (a compact offer or answer:
//!   ICE credentials, the DTLS fingerprint, the candidates, the protocol,
//!   the seat and its token), short text with a checksum for a link's
//!   fragment and one QR code;
//! - [`qr`]: a code or an invitation link as a QR code's modules (level M)
//!   and one SVG path;
//! - [`sdp`]: a data channel's description read from a browser's SDP, and
//!   a whole SDP written back from it for `setRemoteDescription`;
//! - [`fair`]: commit–reveal, the deal's seed from every seat's secret;
//! - [`message`]: the messages between host and friends, their size
//!   limits, their strict readers, and the count of a channel's refusals;
//! - [`sha256`]: the one hash of all of it.
//!
//! The host's authority over a game and a friend's verification of a
//! finished game are the app's (`src/app/friends/`), written over its
//! `GameDef` so that every game of the registry is played the same way.
//! Docs: docs/friends.md.

pub mod code;
pub mod fair;
pub mod message;
pub mod qr;
pub mod sdp;
pub mod sha256;

/// The protocol of this build's codes and messages. A code or a hello of
/// another protocol is refused as older or newer; raise it when a code's
/// bytes or a message's fields change meaning (2: the view's `moved`).
pub const PROTOCOL: u8 = 2;

/// Text quoted back in an error, cut short.
pub(crate) fn shorten(text: &str) -> String {
    text.chars().take(16).collect()
}
