//! What a data channel's session description says that the other side
//! needs, read from the SDP a browser writes, and a whole SDP written back
//! from it for `RTCPeerConnection.setRemoteDescription`.
//!
//! Tablée's connections carry one data channel and nothing else, so every
//! line of such an SDP is fixed (the `m=application` section, `mid` 0,
//! SCTP port 5000, the message size) except: the ICE username fragment and
//! password, the DTLS certificate's SHA-256 fingerprint, the DTLS role and
//! the candidates. Those are [`Description`]. The tests read SDPs that this
//! machine's Chromium wrote (`tests/fixtures/*.sdp`, captured by
//! `tests/fixtures/capture.mjs`).

use std::fmt::Write as _;
use std::net::{Ipv4Addr, Ipv6Addr};

/// The DTLS role a description states (RFC 8842): an offer says `actpass`,
/// an answer `active` or `passive`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setup {
    ActPass,
    Active,
    Passive,
}

impl Setup {
    pub fn name(self) -> &'static str {
        match self {
            Setup::ActPass => "actpass",
            Setup::Active => "active",
            Setup::Passive => "passive",
        }
    }
}

/// A candidate's type (RFC 8445): on the host, as a STUN server saw it
/// (server reflexive), as the peer saw it (peer reflexive), or relayed by a
/// TURN server.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Host,
    Srflx,
    Prflx,
    Relay,
}

impl Kind {
    pub const ALL: [Kind; 4] = [Kind::Host, Kind::Srflx, Kind::Prflx, Kind::Relay];

    pub fn name(self) -> &'static str {
        match self {
            Kind::Host => "host",
            Kind::Srflx => "srflx",
            Kind::Prflx => "prflx",
            Kind::Relay => "relay",
        }
    }

    /// RFC 8445's recommended type preference.
    fn preference(self) -> u32 {
        match self {
            Kind::Host => 126,
            Kind::Prflx => 110,
            Kind::Srflx => 100,
            Kind::Relay => 0,
        }
    }
}

/// Where a candidate is: an IP address, or a host candidate's mDNS name
/// (`<uuid>.local`, Chromium's default where a page has no camera
/// permission: it hides the device's local addresses), kept as the UUID's
/// 16 bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Address {
    V4([u8; 4]),
    V6([u8; 16]),
    Mdns([u8; 16]),
}

impl Address {
    fn parse(text: &str) -> Option<Address> {
        if let Some(name) = text.strip_suffix(".local") {
            return uuid(name).map(Address::Mdns);
        }
        if let Ok(v4) = text.parse::<Ipv4Addr>() {
            return Some(Address::V4(v4.octets()));
        }
        text.parse::<Ipv6Addr>().ok().map(|v6| Address::V6(v6.octets()))
    }

    fn write(&self, out: &mut String) {
        let _ = match self {
            Address::V4(b) => write!(out, "{}", Ipv4Addr::from(*b)),
            Address::V6(b) => write!(out, "{}", Ipv6Addr::from(*b)),
            Address::Mdns(b) => {
                for (i, byte) in b.iter().enumerate() {
                    if matches!(i, 4 | 6 | 8 | 10) {
                        out.push('-');
                    }
                    let _ = write!(out, "{byte:02x}");
                }
                write!(out, ".local")
            }
        };
    }
}

/// A UUID written 8-4-4-4-12 in hexadecimal.
fn uuid(text: &str) -> Option<[u8; 16]> {
    let groups: Vec<&str> = text.split('-').collect();
    if groups.iter().map(|g| g.len()).collect::<Vec<_>>() != [8, 4, 4, 4, 12] {
        return None;
    }
    crate::sha256::from_hex::<16>(&groups.concat())
}

/// One ICE candidate of the data channel (component 1, UDP: what
/// Chromium gathers for it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    pub kind: Kind,
    pub address: Address,
    pub port: u16,
}

/// What one side's description says that the other needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Description {
    pub ufrag: String,
    pub pwd: String,
    /// The SHA-256 fingerprint of the DTLS certificate.
    pub fingerprint: [u8; 32],
    pub setup: Setup,
    pub candidates: Vec<Candidate>,
}

/// Why an SDP cannot be read as a data channel's description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SdpError {
    /// No `m=application` section: not a data channel's description.
    NoDataChannel,
    /// More than one media section: not one of Tablée's connections.
    SeveralSections,
    /// A line it needs is missing: `ice-ufrag`, `ice-pwd`, `fingerprint`,
    /// `setup`.
    Missing(&'static str),
    /// A line it needs is there but not as RFC 8839/8122/8842 write it.
    Bad(&'static str),
    /// A fingerprint by another hash than SHA-256 (its name).
    Fingerprint(String),
}

impl std::fmt::Display for SdpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SdpError::NoDataChannel => f.write_str("the description has no data channel"),
            SdpError::SeveralSections => f.write_str("the description has more than the data channel"),
            SdpError::Missing(what) => write!(f, "the description has no {what}"),
            SdpError::Bad(what) => write!(f, "the description's {what} is not readable"),
            SdpError::Fingerprint(hash) => write!(f, "a {hash} fingerprint (only sha-256 is read)"),
        }
    }
}

impl std::error::Error for SdpError {}

/// The characters of an ICE username fragment and password (RFC 8839's
/// `ice-char`: letters, digits, `+` and `/`), in base64's order, so that
/// each is 6 bits.
pub const ICE_CHARS: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Whether `text` is `min..=max` ICE characters.
pub fn is_ice_text(text: &str, min: usize, max: usize) -> bool {
    (min..=max).contains(&text.len()) && text.bytes().all(|b| ICE_CHARS.contains(&b))
}

/// The shortest username fragment and password RFC 8839 allows, and the
/// longest this crate carries (Chromium writes 4 and 24, Firefox 8 and 32).
pub const UFRAG_LEN: (usize, usize) = (4, 64);
pub const PWD_LEN: (usize, usize) = (22, 128);

/// Reads a browser's data-channel SDP. Candidates that Tablée does not
/// carry (TCP, another component, an unreadable address) are left out;
/// the count of those left out is returned beside the description.
pub fn parse(sdp: &str) -> Result<(Description, usize), SdpError> {
    let (mut ufrag, mut pwd, mut fingerprint, mut setup) = (None, None, None, None);
    let mut candidates = Vec::new();
    let mut left_out = 0;
    let mut sections = 0;
    let mut application = false;
    for line in sdp.lines().map(str::trim_end) {
        if let Some(media) = line.strip_prefix("m=") {
            sections += 1;
            application |= media.starts_with("application ") && media.ends_with("webrtc-datachannel");
            continue;
        }
        let Some(attribute) = line.strip_prefix("a=") else { continue };
        let (name, value) = attribute.split_once(':').unwrap_or((attribute, ""));
        match name {
            "ice-ufrag" => ufrag = Some(value.to_string()),
            "ice-pwd" => pwd = Some(value.to_string()),
            "fingerprint" => fingerprint = Some(read_fingerprint(value)?),
            "setup" => {
                setup = Some(match value {
                    "actpass" => Setup::ActPass,
                    "active" => Setup::Active,
                    "passive" => Setup::Passive,
                    _ => return Err(SdpError::Bad("setup")),
                })
            }
            "candidate" => match read_candidate(value) {
                Some(c) if !candidates.contains(&c) => candidates.push(c),
                _ => left_out += 1,
            },
            _ => {}
        }
    }
    if sections > 1 {
        return Err(SdpError::SeveralSections);
    }
    if !application {
        return Err(SdpError::NoDataChannel);
    }
    let ufrag = ufrag.ok_or(SdpError::Missing("ice-ufrag"))?;
    let pwd = pwd.ok_or(SdpError::Missing("ice-pwd"))?;
    if !is_ice_text(&ufrag, UFRAG_LEN.0, UFRAG_LEN.1) {
        return Err(SdpError::Bad("ice-ufrag"));
    }
    if !is_ice_text(&pwd, PWD_LEN.0, PWD_LEN.1) {
        return Err(SdpError::Bad("ice-pwd"));
    }
    let description = Description {
        ufrag,
        pwd,
        fingerprint: fingerprint.ok_or(SdpError::Missing("fingerprint"))?,
        setup: setup.ok_or(SdpError::Missing("setup"))?,
        candidates,
    };
    Ok((description, left_out))
}

/// `sha-256 AB:CD:…` (RFC 8122).
fn read_fingerprint(value: &str) -> Result<[u8; 32], SdpError> {
    let (hash, hex) = value.split_once(' ').ok_or(SdpError::Bad("fingerprint"))?;
    if !hash.eq_ignore_ascii_case("sha-256") {
        return Err(SdpError::Fingerprint(crate::shorten(hash)));
    }
    let digits: String = hex.trim().split(':').collect();
    if hex.trim().split(':').count() != 32 {
        return Err(SdpError::Bad("fingerprint"));
    }
    crate::sha256::from_hex::<32>(&digits).ok_or(SdpError::Bad("fingerprint"))
}

/// `<foundation> <component> <transport> <priority> <address> <port> typ <type> …`
/// (RFC 8839): component 1 over UDP only.
fn read_candidate(value: &str) -> Option<Candidate> {
    let fields: Vec<&str> = value.split_ascii_whitespace().collect();
    if fields.len() < 8 || fields[1] != "1" || !fields[2].eq_ignore_ascii_case("udp") || fields[6] != "typ" {
        return None;
    }
    let kind = Kind::ALL.into_iter().find(|k| k.name() == fields[7])?;
    Some(Candidate { kind, address: Address::parse(fields[4])?, port: fields[5].parse().ok()? })
}

/// Writes the whole SDP for `description`, an offer or an answer as its
/// `setup` says, for `setRemoteDescription`: the lines Chromium writes for
/// a data channel, with the description's values, every candidate (their
/// priorities by RFC 8445's formula, in the order given) and the end of
/// candidates (no trickle: the other side gathered them all).
pub fn write(description: &Description) -> String {
    let mut sdp = String::with_capacity(640);
    // The session id only has to be a number; this one is the fingerprint's.
    let id = u64::from_be_bytes(description.fingerprint[..8].try_into().unwrap_or([0; 8])) >> 2;
    let _ = write!(
        sdp,
        "v=0\r\no=- {id} 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\na=group:BUNDLE 0\r\na=msid-semantic: WMS\r\n\
         m=application 9 UDP/DTLS/SCTP webrtc-datachannel\r\nc=IN IP4 0.0.0.0\r\n"
    );
    for (i, c) in description.candidates.iter().enumerate() {
        // RFC 8445 5.1.2.1: type preference, then a local preference that
        // keeps the given order, component 1.
        let local = 65535u32.saturating_sub(i as u32);
        let priority = (c.kind.preference() << 24) | (local << 8) | 255;
        let _ = write!(sdp, "a=candidate:{} 1 udp {priority} ", i + 1);
        c.address.write(&mut sdp);
        let _ = write!(sdp, " {} typ {}", c.port, c.kind.name());
        if c.kind != Kind::Host {
            sdp.push_str(" raddr 0.0.0.0 rport 0");
        }
        sdp.push_str(" generation 0\r\n");
    }
    sdp.push_str("a=end-of-candidates\r\n");
    let _ = write!(sdp, "a=ice-ufrag:{}\r\na=ice-pwd:{}\r\na=fingerprint:sha-256 ", description.ufrag, description.pwd);
    for (i, byte) in description.fingerprint.iter().enumerate() {
        if i > 0 {
            sdp.push(':');
        }
        let _ = write!(sdp, "{byte:02X}");
    }
    let _ = write!(
        sdp,
        "\r\na=setup:{}\r\na=mid:0\r\na=sctp-port:5000\r\na=max-message-size:262144\r\n",
        description.setup.name()
    );
    sdp
}
