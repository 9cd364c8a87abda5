//! A game with friends on their own devices (issue 55, docs/friends.md), the
//! page's side, all in each game's part `tablee_friends_<Game>`
//! (src/parts.rs), riding on its table's: no link's first load carries it.
//!
//! - [`transport`]: the WebRTC connections made from the invitation and
//!   answer codes.
//! - [`guest`]: a friend's page (`#join=<code>`): the answer to send back,
//!   then the game's usual table fed by the host's messages
//!   ([`crate::app::friends::guest::Guest`]), and the check at the end.
//! - [`host`]: the host's page (a friend's seat chosen on the home screen):
//!   the invitations, then the host's usual table while its authority
//!   ([`crate::app::friends::host::Host`]) relays every friend's messages.
//! - [`qr`]: the invitation's and the answer's QR codes; [`scan`]: the
//!   host reads an answer's with the camera, where the browser can.
//! - [`relays`]: the connection's settings (STUN, TURN), on both pages.
//! - [`pieces`]: what both pages use. The pages' loops poll each
//!   connection's inbox every [`pieces::POLL_MS`]: the pure state machines
//!   take what arrived with the time and queue what to send.

pub mod guest;
pub mod host;
pub mod pieces;
pub mod qr;
pub mod relays;
pub mod scan;
pub mod transport;

use leptos::prelude::*;

pub use transport::install_check;

/// Game `G`'s friends' part's page for `arg` ([`crate::ui::context::Screen::Friends`]).
pub fn page<G: crate::ui::game_ui::GameUi + crate::games::Registered>(arg: String) -> AnyView {
    if arg == "friends-check" {
        install_check();
        return ().into_any();
    }
    if let Some(code) = arg.strip_prefix("join=") {
        return guest::join::<G>(code.to_string());
    }
    host::host::<G>(arg.strip_prefix("host:").unwrap_or_default())
}

