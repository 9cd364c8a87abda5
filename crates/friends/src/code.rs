//! Invitation and answer codes: one side's [`Description`] with the seat
//! and its token, as short text for a link's fragment (`#join=…`) and one
//! QR code.
//!
//! The bytes (docs/friends.md, "The codes"):
//!
//! ```text
//! version (1) · flags (1: kind, DTLS role) · seat (1)
//! · the seat's token (8, an invitation) or the invitation's tag (4, an answer)
//! · ufrag (length, then 6 bits a character) · pwd (the same)
//! · the certificate's SHA-256 fingerprint (32)
//! · the candidates (count, then each: type and family (1), address (4 or 16), port (2))
//! · checksum (4: the first bytes of the SHA-256 of all before)
//! ```
//!
//! written in Crockford's base32 (digits and capitals: a URL's fragment
//! keeps them as they are, and QR's alphanumeric mode holds them at 5.5
//! bits a character). The frame — the version first, the checksum last —
//! is the same in every version, so that a code of another version is
//! recognised as one (older or newer) and a damaged one as damaged: never a
//! panic, always a typed [`CodeError`].

use crate::sdp::{Address, Candidate, Description, Kind, Setup, ICE_CHARS, PWD_LEN, UFRAG_LEN};
use crate::sha256::sha256;
use crate::PROTOCOL;

/// The most candidates a code carries (Chromium gathers one host candidate
/// a network interface and address family, one server-reflexive a STUN
/// server, one relayed a TURN server).
pub const MAX_CANDIDATES: usize = 8;

/// Bytes of a seat's token (in an invitation, then in `hello`).
pub const TOKEN_BYTES: usize = 8;

/// A seat's secret token: the invitation gives it to the friend, who
/// shows it in `hello` on each connection (the first and every rejoin).
pub type Token = [u8; TOKEN_BYTES];

/// Bytes of an answer's tag of the invitation it answers.
pub const TAG_BYTES: usize = 4;

/// Which invitation an answer answers: the first bytes of the SHA-256 of
/// the invitation's ICE credentials, new for each invitation, so that an
/// answer to an older invitation of the same seat is told apart.
pub type Tag = [u8; TAG_BYTES];

const CHECKSUM_BYTES: usize = 4;

/// An invitation (the host's offer to one seat) or an answer (the friend's).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Code {
    Invitation { seat: u8, token: Token, description: Description },
    Answer { seat: u8, tag: Tag, description: Description },
}

/// Why a text is not a code this build can use.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    /// Nothing was pasted.
    Empty,
    /// A character no code holds (`position` counts characters from 1).
    BadCharacter { ch: char, position: usize },
    /// Too short to be a code (cut when copied?).
    TooShort,
    /// The checksum does not match: a character changed, or the code was
    /// cut or joined with something.
    Damaged,
    /// A code of an older build's protocol.
    Older { found: u8, ours: u8 },
    /// A code of a newer build's protocol: this page should be reloaded.
    Newer { found: u8, ours: u8 },
    /// Checksummed and of this version, yet not readable: a bug of the
    /// build that wrote it. Names the part.
    Malformed(&'static str),
    /// An answer where an invitation was expected, or the reverse.
    WrongKind,
}

impl std::fmt::Display for CodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CodeError::Empty => f.write_str("the code is empty"),
            CodeError::BadCharacter { ch, position } => write!(f, "character {position}, '{ch}', is not a code's"),
            CodeError::TooShort => f.write_str("the code is too short"),
            CodeError::Damaged => f.write_str("the code is damaged"),
            CodeError::Older { found, ours } => write!(f, "a code of protocol {found}, older than this page's {ours}"),
            CodeError::Newer { found, ours } => write!(f, "a code of protocol {found}, newer than this page's {ours}"),
            CodeError::Malformed(what) => write!(f, "the code's {what} is not readable"),
            CodeError::WrongKind => f.write_str("an invitation and an answer were mixed up"),
        }
    }
}

impl std::error::Error for CodeError {}

/// Why a description cannot be put in a code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EncodeError {
    /// No candidate: the browser found no way to be reached (offline?).
    NoCandidate,
    /// The username fragment or password is outside what codes carry.
    Credentials,
}

impl Code {
    pub fn seat(&self) -> u8 {
        match self {
            Code::Invitation { seat, .. } | Code::Answer { seat, .. } => *seat,
        }
    }

    pub fn description(&self) -> &Description {
        match self {
            Code::Invitation { description, .. } | Code::Answer { description, .. } => description,
        }
    }

    /// The code as text. Candidates beyond [`MAX_CANDIDATES`] are left
    /// out (the first ones kept: the host's, as browsers list them).
    pub fn encode(&self) -> Result<String, EncodeError> {
        Ok(base32::encode(&self.to_bytes()?))
    }

    /// The code as bytes, checksum included.
    pub fn to_bytes(&self) -> Result<Vec<u8>, EncodeError> {
        let d = self.description();
        if d.candidates.is_empty() {
            return Err(EncodeError::NoCandidate);
        }
        let ice_ok = |t: &str, (min, max): (usize, usize)| crate::sdp::is_ice_text(t, min, max);
        if !ice_ok(&d.ufrag, UFRAG_LEN) || !ice_ok(&d.pwd, PWD_LEN) {
            return Err(EncodeError::Credentials);
        }
        let setup = match d.setup {
            Setup::ActPass => 0,
            Setup::Active => 1,
            Setup::Passive => 2,
        };
        let (kind, id): (u8, &[u8]) = match self {
            Code::Invitation { token, .. } => (0, token),
            Code::Answer { tag, .. } => (1, tag),
        };
        let mut out = vec![PROTOCOL, kind | setup << 2, self.seat()];
        out.extend_from_slice(id);
        pack_ice(&d.ufrag, &mut out);
        pack_ice(&d.pwd, &mut out);
        out.extend_from_slice(&d.fingerprint);
        let candidates = &d.candidates[..d.candidates.len().min(MAX_CANDIDATES)];
        out.push(candidates.len() as u8);
        for c in candidates {
            let kind = Kind::ALL.iter().position(|k| *k == c.kind).unwrap_or(0) as u8;
            let (family, address): (u8, &[u8]) = match &c.address {
                Address::V4(b) => (0, b),
                Address::V6(b) => (1, b),
                Address::Mdns(b) => (2, b),
            };
            out.push(kind | family << 2);
            out.extend_from_slice(address);
            out.extend_from_slice(&c.port.to_be_bytes());
        }
        let checksum = sha256(&out);
        out.extend_from_slice(&checksum[..CHECKSUM_BYTES]);
        Ok(out)
    }

    /// Reads a code, or a whole invitation link (what follows `#join=`);
    /// spaces, line breaks and dashes are ignored, small letters read as
    /// capitals.
    pub fn decode(text: &str) -> Result<Code, CodeError> {
        let text = text.rsplit_once("#join=").map_or(text, |(_, code)| code);
        let bytes = base32::decode(text)?;
        Code::from_bytes(&bytes)
    }

    /// Reads an invitation (an answer is [`CodeError::WrongKind`]).
    pub fn decode_invitation(text: &str) -> Result<Code, CodeError> {
        Code::decode(text).and_then(|c| if matches!(c, Code::Invitation { .. }) { Ok(c) } else { Err(CodeError::WrongKind) })
    }

    /// Reads an answer (an invitation is [`CodeError::WrongKind`]).
    pub fn decode_answer(text: &str) -> Result<Code, CodeError> {
        Code::decode(text).and_then(|c| if matches!(c, Code::Answer { .. }) { Ok(c) } else { Err(CodeError::WrongKind) })
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Code, CodeError> {
        if bytes.len() < 1 + CHECKSUM_BYTES {
            return Err(CodeError::TooShort);
        }
        let (body, checksum) = bytes.split_at(bytes.len() - CHECKSUM_BYTES);
        if sha256(body)[..CHECKSUM_BYTES] != *checksum {
            return Err(CodeError::Damaged);
        }
        let found = body[0];
        if found < PROTOCOL {
            return Err(CodeError::Older { found, ours: PROTOCOL });
        }
        if found > PROTOCOL {
            return Err(CodeError::Newer { found, ours: PROTOCOL });
        }
        let mut r = Reader { bytes: &body[1..] };
        let flags = r.byte("kind")?;
        let setup = match flags >> 2 {
            0 => Setup::ActPass,
            1 => Setup::Active,
            2 => Setup::Passive,
            _ => return Err(CodeError::Malformed("DTLS role")),
        };
        let seat = r.byte("seat")?;
        let invitation = match flags & 3 {
            0 => true,
            1 => false,
            _ => return Err(CodeError::Malformed("kind")),
        };
        let id = r.take(if invitation { TOKEN_BYTES } else { TAG_BYTES }, "token")?.to_vec();
        let ufrag = unpack_ice(&mut r, UFRAG_LEN, "ufrag")?;
        let pwd = unpack_ice(&mut r, PWD_LEN, "pwd")?;
        let fingerprint = r.array::<32>("fingerprint")?;
        let count = usize::from(r.byte("candidates")?);
        if count == 0 || count > MAX_CANDIDATES {
            return Err(CodeError::Malformed("candidates"));
        }
        let mut candidates = Vec::with_capacity(count);
        for _ in 0..count {
            let head = r.byte("candidate")?;
            let kind = Kind::ALL[usize::from(head & 3)];
            let address = match head >> 2 {
                0 => Address::V4(r.array("candidate")?),
                1 => Address::V6(r.array("candidate")?),
                2 => Address::Mdns(r.array("candidate")?),
                _ => return Err(CodeError::Malformed("candidate")),
            };
            let port = u16::from_be_bytes(r.array("candidate")?);
            candidates.push(Candidate { kind, address, port });
        }
        if !r.bytes.is_empty() {
            return Err(CodeError::Malformed("end"));
        }
        let description = Description { ufrag, pwd, fingerprint, setup, candidates };
        Ok(if invitation {
            Code::Invitation { seat, token: id.try_into().map_err(|_| CodeError::Malformed("token"))?, description }
        } else {
            Code::Answer { seat, tag: id.try_into().map_err(|_| CodeError::Malformed("token"))?, description }
        })
    }
}

/// The tag an answer to this invitation carries ([`Tag`]).
pub fn tag_of(invitation: &Description) -> Tag {
    let digest = sha256(format!("{}:{}", invitation.ufrag, invitation.pwd).as_bytes());
    let mut tag = [0; TAG_BYTES];
    tag.copy_from_slice(&digest[..TAG_BYTES]);
    tag
}

struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&'a [u8], CodeError> {
        if self.bytes.len() < n {
            return Err(CodeError::Malformed(what));
        }
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        Ok(head)
    }

    fn byte(&mut self, what: &'static str) -> Result<u8, CodeError> {
        Ok(self.take(1, what)?[0])
    }

    fn array<const N: usize>(&mut self, what: &'static str) -> Result<[u8; N], CodeError> {
        self.take(N, what)?.try_into().map_err(|_| CodeError::Malformed(what))
    }
}

/// ICE text: its length, then 6 bits a character, most significant first.
fn pack_ice(text: &str, out: &mut Vec<u8>) {
    out.push(text.len() as u8);
    let (mut acc, mut bits) = (0u32, 0);
    for b in text.bytes() {
        let v = ICE_CHARS.iter().position(|&c| c == b).unwrap_or(0) as u32;
        acc = acc << 6 | v;
        bits += 6;
        while bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    if bits > 0 {
        out.push((acc << (8 - bits)) as u8);
    }
}

fn unpack_ice(r: &mut Reader, (min, max): (usize, usize), what: &'static str) -> Result<String, CodeError> {
    let len = usize::from(r.byte(what)?);
    if !(min..=max).contains(&len) {
        return Err(CodeError::Malformed(what));
    }
    let packed = r.take((len * 6).div_ceil(8), what)?;
    let (mut acc, mut bits, mut text) = (0u32, 0, String::with_capacity(len));
    for &b in packed {
        acc = acc << 8 | u32::from(b);
        bits += 8;
        while bits >= 6 && text.len() < len {
            bits -= 6;
            text.push(ICE_CHARS[((acc >> bits) & 63) as usize] as char);
        }
    }
    Ok(text)
}

/// Crockford's base32 (the seeds' alphabet: digits and capitals but I, L,
/// O, U), most significant bit first, no padding.
pub mod base32 {
    use super::CodeError;

    pub const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

    pub fn encode(bytes: &[u8]) -> String {
        let mut out = String::with_capacity((bytes.len() * 8).div_ceil(5));
        let (mut acc, mut bits) = (0u32, 0);
        for &b in bytes {
            acc = acc << 8 | u32::from(b);
            bits += 8;
            while bits >= 5 {
                bits -= 5;
                out.push(ALPHABET[((acc >> bits) & 31) as usize] as char);
            }
        }
        if bits > 0 {
            out.push(ALPHABET[((acc << (5 - bits)) & 31) as usize] as char);
        }
        out
    }

    /// Forgives what copying does: small letters, spaces, line breaks,
    /// dashes, and Crockford's look-alikes (O for 0, I and L for 1).
    pub fn decode(text: &str) -> Result<Vec<u8>, CodeError> {
        let mut out = Vec::with_capacity(text.len() * 5 / 8);
        let (mut acc, mut bits, mut any) = (0u32, 0, false);
        for (i, ch) in text.chars().enumerate() {
            if ch.is_whitespace() || ch == '-' {
                continue;
            }
            let upper = ch.to_ascii_uppercase();
            let upper = match upper {
                'O' => '0',
                'I' | 'L' => '1',
                c => c,
            };
            let value = ALPHABET
                .iter()
                .position(|&c| c as char == upper)
                .ok_or(CodeError::BadCharacter { ch, position: i + 1 })?;
            any = true;
            acc = (acc << 5 | value as u32) & 0xFFFF;
            bits += 5;
            if bits >= 8 {
                bits -= 8;
                out.push((acc >> bits) as u8);
            }
        }
        if !any {
            return Err(CodeError::Empty);
        }
        Ok(out)
    }
}
