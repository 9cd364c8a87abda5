//! The WebRTC transport of a game with friends (issue 55): one
//! `RTCPeerConnection` a friend with one data channel, a star around the
//! host, made from the invitation and answer codes (`tablee_friends::code`)
//! — no server: the codes travel by whatever the friends use (a link, a QR
//! code, a message).
//!
//! - The host: [`Peer::invite`] makes the data channel and an offer,
//!   gathers its candidates to the end (no trickle: the code carries them
//!   all; at most [`GATHER_MS`]) and writes the invitation's code;
//!   [`Peer::answered`] applies the friend's answer code.
//! - The friend: [`Peer::join`] applies the invitation (its SDP rebuilt by
//!   `tablee_friends::sdp::write`), answers, gathers and writes the answer.
//! - Where a connection goes: [`Relays`], the STUN server (a setting, on by
//!   default, editable, removable) and an optional TURN server. On one
//!   Wi-Fi neither is needed.
//!
//! Reached only by the friends' part of the page (`tablee_friends` in
//! src/parts.rs): the home's first load carries none of it. Besides the
//! invitation screens ([`super::host`], [`super::guest`]), the browser
//! test's entry [`install_check`] (`#friends-check`,
//! `tests/e2e/friends.test.mjs`) drives it directly.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use js_sys::{Array, Promise, Reflect};
use tablee_friends::code::{tag_of, Code, CodeError, EncodeError, Tag, Token};
use tablee_friends::sdp::{self, SdpError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelState, RtcIceGatheringState,
    RtcIceServer, RtcPeerConnection, RtcSdpType, RtcSessionDescriptionInit,
};

/// The STUN server a new table uses unless the host changes or removes it.
pub const DEFAULT_STUN: &str = "stun:stun.l.google.com:19302";

/// The longest a side waits for its candidates (ms): then the code holds
/// those gathered (a STUN server that never answers costs no more).
pub const GATHER_MS: i32 = 3_000;

/// Where connections may go beyond the local network.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Relays {
    /// A STUN server (`stun:host:port`), or none.
    pub stun: Option<String>,
    /// A TURN server: its address, user name and password.
    pub turn: Option<(String, String, String)>,
}

impl Relays {
    /// The default: the public STUN server, no TURN.
    pub fn standard() -> Relays {
        Relays { stun: Some(DEFAULT_STUN.to_string()), turn: None }
    }
}

/// Why a connection could not be made, as data (the page words it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportError {
    /// This browser has no WebRTC (or refused it).
    NoWebRtc,
    /// The browser refused a step (its message, for the log).
    Browser(String),
    /// The code pasted is not one (typed: damaged, older, newer…).
    Code(CodeError),
    /// The browser's description could not be read.
    Sdp(SdpError),
    /// The description cannot be put in a code (no candidate: offline?).
    Encode(EncodeError),
    /// The answer is for another seat's invitation.
    WrongSeat { expected: u8, found: u8 },
    /// The answer is for an older invitation of this seat.
    OtherInvitation,
}

impl std::fmt::Display for TransportError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TransportError::NoWebRtc => f.write_str("NoWebRtc"),
            TransportError::Browser(m) => write!(f, "Browser: {m}"),
            TransportError::Code(e) => write!(f, "Code: {e:?}"),
            TransportError::Sdp(e) => write!(f, "Sdp: {e:?}"),
            TransportError::Encode(e) => write!(f, "Encode: {e:?}"),
            TransportError::WrongSeat { expected, found } => write!(f, "WrongSeat: {expected} {found}"),
            TransportError::OtherInvitation => f.write_str("OtherInvitation"),
        }
    }
}

fn browser(error: JsValue) -> TransportError {
    TransportError::Browser(error.as_string().or_else(|| error.dyn_ref::<js_sys::Error>().map(|e| String::from(e.message()))).unwrap_or_default())
}

/// One connection, the host's to a friend or a friend's to the host.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    open: Rc<Cell<bool>>,
    closed: Rc<Cell<bool>>,
    inbox: Rc<RefCell<Vec<String>>>,
    /// What an invitation said: its seat and tag (the host checks answers).
    invited: Option<(u8, Tag)>,
    _closures: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Peer {
    fn new(relays: &Relays) -> Result<Peer, TransportError> {
        let servers = Array::new();
        if let Some(stun) = &relays.stun {
            let server = RtcIceServer::new();
            server.set_urls_str(stun);
            servers.push(&server);
        }
        if let Some((url, username, credential)) = &relays.turn {
            let server = RtcIceServer::new();
            server.set_urls_str(url);
            server.set_username(username);
            server.set_credential(credential);
            servers.push(&server);
        }
        let config = RtcConfiguration::new();
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config).map_err(|_| TransportError::NoWebRtc)?;
        Ok(Peer {
            pc,
            channel: Rc::default(),
            open: Rc::default(),
            closed: Rc::default(),
            inbox: Rc::default(),
            invited: None,
            _closures: Vec::new(),
        })
    }

    /// Follows a data channel: open, messages, closed.
    fn watch(channel: &RtcDataChannel, open: &Rc<Cell<bool>>, closed: &Rc<Cell<bool>>, inbox: &Rc<RefCell<Vec<String>>>) -> Vec<Closure<dyn FnMut(JsValue)>> {
        let on_open = {
            let open = open.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| open.set(true))
        };
        let on_close = {
            let (open, closed) = (open.clone(), closed.clone());
            Closure::<dyn FnMut(JsValue)>::new(move |_| {
                open.set(false);
                closed.set(true);
            })
        };
        let on_message = {
            let inbox = inbox.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
                // Text only: a binary message is not one of ours, and is dropped.
                if let Some(text) = event.dyn_ref::<MessageEvent>().and_then(|e| e.data().as_string()) {
                    inbox.borrow_mut().push(text);
                }
            })
        };
        channel.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        channel.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        if channel.ready_state() == RtcDataChannelState::Open {
            open.set(true);
        }
        vec![on_open, on_close, on_message]
    }

    /// Sets the local description and waits for every candidate (at most
    /// [`GATHER_MS`]), then reads it back.
    async fn describe(&self, made: Promise) -> Result<sdp::Description, TransportError> {
        let made = JsFuture::from(made).await.map_err(browser)?;
        let init: RtcSessionDescriptionInit = made.unchecked_into();
        JsFuture::from(self.pc.set_local_description(&init)).await.map_err(browser)?;
        let pc = self.pc.clone();
        let gathered = Promise::new(&mut |resolve, _| {
            if pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                let _ = resolve.call0(&JsValue::NULL);
                return;
            }
            let done = resolve.clone();
            let watch = pc.clone();
            let on_change = Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if watch.ice_gathering_state() == RtcIceGatheringState::Complete {
                    let _ = done.call0(&JsValue::NULL);
                }
            });
            pc.set_onicegatheringstatechange(Some(on_change.as_ref().unchecked_ref()));
            on_change.forget();
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
            }
        });
        let _ = JsFuture::from(gathered).await;
        self.pc.set_onicegatheringstatechange(None);
        let text = self.pc.local_description().map(|d| d.sdp()).unwrap_or_default();
        sdp::parse(&text).map(|(d, _)| d).map_err(TransportError::Sdp)
    }

    /// The host's invitation for `seat`: a new connection and its code.
    pub async fn invite(relays: &Relays, seat: u8, token: Token) -> Result<(Peer, String), TransportError> {
        let mut peer = Peer::new(relays)?;
        let channel = peer.pc.create_data_channel("tablee");
        peer._closures = Peer::watch(&channel, &peer.open, &peer.closed, &peer.inbox);
        *peer.channel.borrow_mut() = Some(channel);
        let description = peer.describe(peer.pc.create_offer()).await?;
        peer.invited = Some((seat, tag_of(&description)));
        let code = Code::Invitation { seat, token, description }.encode().map_err(TransportError::Encode)?;
        Ok((peer, code))
    }

    /// A friend opens an invitation: the connection, the answer's code, and
    /// the seat and token the invitation gave.
    pub async fn join(relays: &Relays, invitation: &str) -> Result<(Peer, String, u8, Token), TransportError> {
        let Code::Invitation { seat, token, description } = Code::decode_invitation(invitation).map_err(TransportError::Code)? else {
            return Err(TransportError::Code(CodeError::WrongKind));
        };
        let mut peer = Peer::new(relays)?;
        let on_channel = {
            let (slot, open, closed, inbox) = (peer.channel.clone(), peer.open.clone(), peer.closed.clone(), peer.inbox.clone());
            Closure::<dyn FnMut(JsValue)>::new(move |event: JsValue| {
                let Some(channel) = event.dyn_ref::<RtcDataChannelEvent>().map(|e| e.channel()) else { return };
                for closure in Peer::watch(&channel, &open, &closed, &inbox) {
                    closure.forget();
                }
                *slot.borrow_mut() = Some(channel);
            })
        };
        peer.pc.set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        peer._closures.push(on_channel);
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        remote.set_sdp(&sdp::write(&description));
        JsFuture::from(peer.pc.set_remote_description(&remote)).await.map_err(browser)?;
        let answer = peer.describe(peer.pc.create_answer()).await?;
        let code = Code::Answer { seat, tag: tag_of(&description), description: answer }.encode().map_err(TransportError::Encode)?;
        Ok((peer, code, seat, token))
    }

    /// The host applies a friend's answer to this invitation.
    pub async fn answered(&self, answer: &str) -> Result<(), TransportError> {
        let Code::Answer { seat, tag, description } = Code::decode_answer(answer).map_err(TransportError::Code)? else {
            return Err(TransportError::Code(CodeError::WrongKind));
        };
        let Some((invited, invitation)) = self.invited else { return Err(TransportError::OtherInvitation) };
        if seat != invited {
            return Err(TransportError::WrongSeat { expected: invited, found: seat });
        }
        if tag != invitation {
            return Err(TransportError::OtherInvitation);
        }
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        remote.set_sdp(&sdp::write(&description));
        JsFuture::from(self.pc.set_remote_description(&remote)).await.map_err(browser)?;
        Ok(())
    }

    /// Whether the data channel is open.
    pub fn is_open(&self) -> bool {
        self.open.get()
    }

    /// Whether it closed (the other side left, or the network failed).
    pub fn is_closed(&self) -> bool {
        self.closed.get()
    }

    /// Sends a text; false when the channel is not open.
    pub fn send(&self, text: &str) -> bool {
        match &*self.channel.borrow() {
            Some(channel) if self.open.get() => channel.send_with_str(text).is_ok(),
            _ => false,
        }
    }

    /// The texts received since the last call, oldest first.
    pub fn take_inbox(&self) -> Vec<String> {
        std::mem::take(&mut *self.inbox.borrow_mut())
    }

    pub fn close(&self) {
        if let Some(channel) = &*self.channel.borrow() {
            channel.close();
        }
        self.pc.close();
    }
}

impl Drop for Peer {
    fn drop(&mut self) {
        self.close();
    }
}

/// The browser test's entry (`#friends-check`): `window.tableeFriends`
/// with `invite(seat, stun) → [id, code]`, `join(code, stun) → [id,
/// answer]`, `answer(id, code)`, `open(id)`, `send(id, text)`,
/// `inbox(id) → [texts]`; promises reject with the typed error's name.
pub fn install_check() {
    thread_local!(static PEERS: RefCell<Vec<Rc<Peer>>> = const { RefCell::new(Vec::new()) });
    fn keep(peer: Peer) -> u32 {
        PEERS.with(|p| {
            let mut peers = p.borrow_mut();
            peers.push(Rc::new(peer));
            peers.len() as u32 - 1
        })
    }
    fn peer(id: u32) -> Option<Rc<Peer>> {
        PEERS.with(|p| p.borrow().get(id as usize).cloned())
    }
    fn relays(stun: String) -> Relays {
        Relays { stun: (!stun.is_empty()).then_some(stun), turn: None }
    }
    fn reject(e: TransportError) -> JsValue {
        JsValue::from_str(&e.to_string())
    }
    let api = js_sys::Object::new();
    let set = |name: &str, f: &JsValue| {
        let _ = Reflect::set(&api, &JsValue::from_str(name), f);
    };
    let invite = Closure::<dyn FnMut(u8, String) -> Promise>::new(|seat: u8, stun: String| {
        wasm_bindgen_futures::future_to_promise(async move {
            let (peer, code) = Peer::invite(&relays(stun), seat, [seat; 8]).await.map_err(reject)?;
            Ok(Array::of2(&keep(peer).into(), &code.into()).into())
        })
    });
    let join = Closure::<dyn FnMut(String, String) -> Promise>::new(|code: String, stun: String| {
        wasm_bindgen_futures::future_to_promise(async move {
            let (peer, answer, _, _) = Peer::join(&relays(stun), &code).await.map_err(reject)?;
            Ok(Array::of2(&keep(peer).into(), &answer.into()).into())
        })
    });
    let answer = Closure::<dyn FnMut(u32, String) -> Promise>::new(|id: u32, code: String| {
        wasm_bindgen_futures::future_to_promise(async move {
            let peer = peer(id).ok_or_else(|| JsValue::from_str("NoPeer"))?;
            peer.answered(&code).await.map_err(reject)?;
            Ok(JsValue::UNDEFINED)
        })
    });
    let open = Closure::<dyn FnMut(u32) -> bool>::new(|id: u32| peer(id).is_some_and(|p| p.is_open()));
    let send = Closure::<dyn FnMut(u32, String) -> bool>::new(|id: u32, text: String| peer(id).is_some_and(|p| p.send(&text)));
    let inbox = Closure::<dyn FnMut(u32) -> Array>::new(|id: u32| {
        peer(id).map(|p| p.take_inbox().into_iter().map(JsValue::from).collect()).unwrap_or_default()
    });
    set("invite", invite.as_ref());
    set("join", join.as_ref());
    set("answer", answer.as_ref());
    set("open", open.as_ref());
    set("send", send.as_ref());
    set("inbox", inbox.as_ref());
    set("defaultStun", &JsValue::from_str(DEFAULT_STUN));
    invite.forget();
    join.forget();
    answer.forget();
    open.forget();
    send.forget();
    inbox.forget();
    if let Some(window) = web_sys::window() {
        let _ = Reflect::set(&window, &JsValue::from_str("tableeFriends"), &api);
    }
}
