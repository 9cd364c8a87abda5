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

use js_sys::{Array, Function, Object, Promise, Reflect};
use tablee_friends::code::{tag_of, Code, CodeError, EncodeError, Tag, Token};
use tablee_friends::sdp::{self, SdpError};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

// WebRTC is reached through `Reflect` and `Function` (what the page's JS
// glue already holds), not web-sys's typed RTC bindings: those put their JS
// glue into the one JS file every link loads (docs/friends.md, "What the
// first load pays"). The camera's scan (`super::scan`) uses the same helpers.

/// `object[key]` (undefined when missing).
pub(super) fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).unwrap_or(JsValue::UNDEFINED)
}

/// `object[key] = value`.
pub(super) fn set(object: &JsValue, key: &str, value: &JsValue) {
    let _ = Reflect::set(object, &JsValue::from_str(key), value);
}

/// `object.method(...args)`.
pub(super) fn call(object: &JsValue, method: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let function: Function = get(object, method).dyn_into().map_err(|_| JsValue::from_str(method))?;
    match args {
        [] => function.call0(object),
        [a] => function.call1(object, a),
        [a, b] => function.call2(object, a, b),
        _ => Err(JsValue::from_str(method)),
    }
}

/// `object.method(...args)`, a promise awaited.
pub(super) async fn call_async(object: &JsValue, method: &str, args: &[&JsValue]) -> Result<JsValue, JsValue> {
    let promise: Promise = call(object, method, args)?.dyn_into().map_err(|_| JsValue::from_str(method))?;
    JsFuture::from(promise).await
}

/// `{type, sdp}`, a session description.
fn description(kind: &str, text: &str) -> JsValue {
    let init = Object::new();
    set(&init, "type", &JsValue::from_str(kind));
    set(&init, "sdp", &JsValue::from_str(text));
    init.into()
}

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
    /// The answer was entered, and no channel opened in time
    /// ([`CONNECT_WAIT_MS`]): different networks with no relay, most often.
    Unreachable,
}

/// How long a channel may take to open once the answer is entered, before
/// the host's page says it does not come (ms). Measured on one machine: 20
/// to 50 ms (docs/friends.md); a slow network's checks take a few seconds.
pub const CONNECT_WAIT_MS: u32 = 10_000;

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
            TransportError::Unreachable => f.write_str("Unreachable"),
        }
    }
}

fn browser(error: JsValue) -> TransportError {
    TransportError::Browser(error.as_string().or_else(|| get(&error, "message").as_string()).unwrap_or_default())
}

/// One connection, the host's to a friend or a friend's to the host.
pub struct Peer {
    /// The `RTCPeerConnection`.
    pc: JsValue,
    /// Its `RTCDataChannel`, once made or received.
    channel: Rc<RefCell<Option<JsValue>>>,
    open: Rc<Cell<bool>>,
    closed: Rc<Cell<bool>>,
    inbox: Rc<RefCell<Vec<String>>>,
    /// What an invitation said: its seat and tag (the host checks answers).
    invited: Option<(u8, Tag)>,
    _closures: Vec<Closure<dyn FnMut(JsValue)>>,
}

impl Peer {
    fn new(relays: &Relays) -> Result<Peer, TransportError> {
        // (Indexed sets, not `Array::push`: a binding less in the page's glue.)
        let servers = Array::new();
        let mut count = 0u32;
        if let Some(stun) = &relays.stun {
            let server = Object::new();
            set(&server, "urls", &JsValue::from_str(stun));
            set(&servers, &count.to_string(), &server);
            count += 1;
        }
        if let Some((url, username, credential)) = &relays.turn {
            let server = Object::new();
            set(&server, "urls", &JsValue::from_str(url));
            set(&server, "username", &JsValue::from_str(username));
            set(&server, "credential", &JsValue::from_str(credential));
            set(&servers, &count.to_string(), &server);
        }
        let config = Object::new();
        set(&config, "iceServers", &servers);
        let constructor: Function = web_sys::window()
            .map(|w| get(&w, "RTCPeerConnection"))
            .and_then(|c| c.dyn_into().ok())
            .ok_or(TransportError::NoWebRtc)?;
        let args = Array::new();
        set(&args, "0", &config);
        let pc = Reflect::construct(&constructor, &args).map_err(|_| TransportError::NoWebRtc)?;
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
    fn watch(channel: &JsValue, open: &Rc<Cell<bool>>, closed: &Rc<Cell<bool>>, inbox: &Rc<RefCell<Vec<String>>>) -> Vec<Closure<dyn FnMut(JsValue)>> {
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
                if let Some(text) = get(&event, "data").as_string() {
                    inbox.borrow_mut().push(text);
                }
            })
        };
        set(channel, "onopen", on_open.as_ref());
        set(channel, "onclose", on_close.as_ref());
        set(channel, "onmessage", on_message.as_ref());
        if get(channel, "readyState").as_string().as_deref() == Some("open") {
            open.set(true);
        }
        vec![on_open, on_close, on_message]
    }

    /// Makes the local description (`createOffer` or `createAnswer`), sets
    /// it and waits for every candidate (at most [`GATHER_MS`]), then reads
    /// it back.
    async fn describe(&self, make: &str) -> Result<sdp::Description, TransportError> {
        let made = call_async(&self.pc, make, &[]).await.map_err(browser)?;
        call_async(&self.pc, "setLocalDescription", &[&made]).await.map_err(browser)?;
        let pc = self.pc.clone();
        let complete = |pc: &JsValue| get(pc, "iceGatheringState").as_string().as_deref() == Some("complete");
        let gathered = Promise::new(&mut |resolve, _| {
            if complete(&pc) {
                let _ = resolve.call0(&JsValue::NULL);
                return;
            }
            let done = resolve.clone();
            let watch = pc.clone();
            let on_change = Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if complete(&watch) {
                    let _ = done.call0(&JsValue::NULL);
                }
            });
            set(&pc, "onicegatheringstatechange", on_change.as_ref());
            on_change.forget();
            if let Some(window) = web_sys::window() {
                let _ = window.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, GATHER_MS);
            }
        });
        let _ = JsFuture::from(gathered).await;
        set(&self.pc, "onicegatheringstatechange", &JsValue::NULL);
        let text = get(&get(&self.pc, "localDescription"), "sdp").as_string().unwrap_or_default();
        sdp::parse(&text).map(|(d, _)| d).map_err(TransportError::Sdp)
    }

    /// The host's invitation for `seat`: a new connection and its code.
    pub async fn invite(relays: &Relays, seat: u8, token: Token) -> Result<(Peer, String), TransportError> {
        let mut peer = Peer::new(relays)?;
        let channel = call(&peer.pc, "createDataChannel", &[&JsValue::from_str("tablee")]).map_err(browser)?;
        peer._closures = Peer::watch(&channel, &peer.open, &peer.closed, &peer.inbox);
        *peer.channel.borrow_mut() = Some(channel);
        let description = peer.describe("createOffer").await?;
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
                let channel = get(&event, "channel");
                if channel.is_undefined() {
                    return;
                }
                for closure in Peer::watch(&channel, &open, &closed, &inbox) {
                    closure.forget();
                }
                *slot.borrow_mut() = Some(channel);
            })
        };
        set(&peer.pc, "ondatachannel", on_channel.as_ref());
        peer._closures.push(on_channel);
        let remote = self::description("offer", &sdp::write(&description));
        call_async(&peer.pc, "setRemoteDescription", &[&remote]).await.map_err(browser)?;
        let answer = peer.describe("createAnswer").await?;
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
        let remote = self::description("answer", &sdp::write(&description));
        call_async(&self.pc, "setRemoteDescription", &[&remote]).await.map_err(browser)?;
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
            Some(channel) if self.open.get() => call(channel, "send", &[&JsValue::from_str(text)]).is_ok(),
            _ => false,
        }
    }

    /// The texts received since the last call, oldest first.
    pub fn take_inbox(&self) -> Vec<String> {
        std::mem::take(&mut *self.inbox.borrow_mut())
    }

    /// Texts taken but not read yet go back before any received since:
    /// the next [`Peer::take_inbox`] returns them first.
    pub fn put_back(&self, mut texts: Vec<String>) {
        let mut inbox = self.inbox.borrow_mut();
        texts.append(&mut inbox);
        *inbox = texts;
    }

    pub fn close(&self) {
        if let Some(channel) = &*self.channel.borrow() {
            let _ = call(channel, "close", &[]);
        }
        let _ = call(&self.pc, "close", &[]);
    }
}

impl Drop for Peer {
    /// The page's handlers are taken off before the connection closes: its
    /// `close` event comes later, when the closures it would call are gone
    /// ("closure invoked after being dropped", found by the walk leaving
    /// the host's invitations for the home screen).
    fn drop(&mut self) {
        if let Some(channel) = &*self.channel.borrow() {
            for handler in ["onopen", "onclose", "onmessage"] {
                set(channel, handler, &JsValue::NULL);
            }
        }
        set(&self.pc, "ondatachannel", &JsValue::NULL);
        self.close();
    }
}

/// The browser test's entry (`#friends-check`): `window.tableeFriendsCall`,
/// one function taking `{args: [command, ...arguments], done}` and calling
/// `done(error, value)` (at once for `open`, `send`, `inbox`; when done for
/// the others). The commands: `invite(seat, stun) → {id, code}`,
/// `join(code, stun) → {id, code}` (the answer), `answer(id, code)`,
/// `open(id) → bool`, `send(id, text) → bool`, `inbox(id)` → the oldest
/// text received, or undefined; an error is the typed error's name.
/// `tests/e2e/friends-lib.mjs` makes `window.tableeFriends` of it. (One
/// closure of a signature the page already has: each closure signature is
/// JS glue in the file every link loads.)
pub fn install_check() {
    thread_local!(static PEERS: RefCell<Vec<Rc<Peer>>> = const { RefCell::new(Vec::new()) });
    thread_local!(static INBOX: RefCell<Vec<(u32, std::collections::VecDeque<String>)>> = const { RefCell::new(Vec::new()) });
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
    fn made(id: u32, code: String) -> JsValue {
        let out = Object::new();
        set(&out, "id", &JsValue::from_str(&id.to_string()));
        set(&out, "code", &JsValue::from_str(&code));
        out.into()
    }
    fn finish(done: &JsValue, result: Result<JsValue, TransportError>) {
        if let Ok(done) = done.clone().dyn_into::<Function>() {
            let _ = match result {
                Ok(value) => done.call2(&JsValue::NULL, &JsValue::NULL, &value),
                Err(e) => done.call2(&JsValue::NULL, &JsValue::from_str(&e.to_string()), &JsValue::UNDEFINED),
            };
        }
    }
    let call = Closure::<dyn FnMut(JsValue)>::new(|request: JsValue| {
        let done = get(&request, "done");
        let args = get(&request, "args");
        let arg = |i: u32| get(&args, &i.to_string());
        let text = |i: u32| arg(i).as_string().unwrap_or_default();
        let id = || text(1).parse::<u32>().unwrap_or(u32::MAX);
        match text(0).as_str() {
            "invite" => {
                let (seat, stun) = (text(1).parse::<u8>().unwrap_or(0), text(2));
                wasm_bindgen_futures::spawn_local(async move {
                    let result = Peer::invite(&relays(stun), seat, [seat; 8]).await.map(|(peer, code)| made(keep(peer), code));
                    finish(&done, result);
                });
            }
            "join" => {
                let (code, stun) = (text(1), text(2));
                wasm_bindgen_futures::spawn_local(async move {
                    let result = Peer::join(&relays(stun), &code).await.map(|(peer, answer, _, _)| made(keep(peer), answer));
                    finish(&done, result);
                });
            }
            "answer" => {
                let (peer, code) = (peer(id()), text(2));
                wasm_bindgen_futures::spawn_local(async move {
                    let result = match peer {
                        Some(peer) => peer.answered(&code).await.map(|()| JsValue::UNDEFINED),
                        None => Err(TransportError::Browser("NoPeer".into())),
                    };
                    finish(&done, result);
                });
            }
            "open" => finish(&done, Ok(JsValue::from_str(if peer(id()).is_some_and(|p| p.is_open()) { "true" } else { "" }))),
            "send" => finish(&done, Ok(JsValue::from_str(if peer(id()).is_some_and(|p| p.send(&text(2))) { "true" } else { "" }))),
            "inbox" => {
                let id = id();
                let next = INBOX.with(|inbox| {
                    let mut inbox = inbox.borrow_mut();
                    if !inbox.iter().any(|(i, _)| *i == id) {
                        inbox.push((id, Default::default()));
                    }
                    let queue = &mut inbox.iter_mut().find(|(i, _)| *i == id)?.1;
                    queue.extend(peer(id).map(|p| p.take_inbox()).unwrap_or_default());
                    queue.pop_front()
                });
                finish(&done, Ok(next.map_or(JsValue::UNDEFINED, |t| JsValue::from_str(&t))));
            }
            "defaultStun" => finish(&done, Ok(JsValue::from_str(DEFAULT_STUN))),
            _ => finish(&done, Err(TransportError::Browser("unknown command".into()))),
        }
    });
    if let Some(window) = web_sys::window() {
        set(&window, "tableeFriendsCall", call.as_ref());
    }
    call.forget();
}
