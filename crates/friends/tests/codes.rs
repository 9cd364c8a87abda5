//! The codes against SDPs this machine's Chromium wrote (fixtures captured
//! by `tests/fixtures/capture.mjs`): read, put in a code, read back, and
//! written again as an SDP that says the same; their sizes and QR versions
//! measured (printed with `--nocapture`, recorded in docs/friends.md).

use qrcodegen::{QrCode, QrCodeEcc, QrSegment};
use tablee_friends::code::{base32, tag_of, Code, CodeError, EncodeError, TOKEN_BYTES};
use tablee_friends::qr::Qr;
use tablee_friends::sdp::{self, Address, Candidate, Description, Kind, SdpError, Setup};
use tablee_friends::PROTOCOL;

const SETTINGS: [&str; 3] = ["mdns", "ip", "stun"];

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/tests/fixtures/{name}.sdp", env!("CARGO_MANIFEST_DIR"))).expect("a fixture")
}

/// Every `a=` line of a kind, as written.
fn lines<'a>(sdp: &'a str, prefix: &str) -> Vec<&'a str> {
    sdp.lines().map(str::trim_end).filter(|l| l.starts_with(prefix)).collect()
}

#[test]
fn chromiums_descriptions_read_and_write_back_the_same_session() {
    for setting in SETTINGS {
        for side in ["offer", "answer"] {
            let original = fixture(&format!("{setting}-{side}"));
            let (description, left_out) = sdp::parse(&original).expect(setting);
            assert_eq!(left_out, 0, "{setting}-{side}: Chromium's candidates are all UDP, component 1");
            assert!(!description.candidates.is_empty());
            assert_eq!(description.setup, if side == "offer" { Setup::ActPass } else { Setup::Active });
            let written = sdp::write(&description);
            // What the other side's browser reads is the same.
            for prefix in ["a=ice-ufrag:", "a=ice-pwd:", "a=fingerprint:", "a=setup:", "a=mid:", "a=sctp-port:", "a=max-message-size:", "m="] {
                let mut theirs = lines(&original, prefix);
                let mut ours = lines(&written, prefix);
                if prefix == "m=" {
                    // Chromium's m-line names its default candidate's port; ours the usual 9.
                    theirs = theirs.iter().map(|l| l.split_once(' ').unwrap().1.split_once(' ').unwrap().1).collect();
                    ours = ours.iter().map(|l| l.split_once(' ').unwrap().1.split_once(' ').unwrap().1).collect();
                }
                assert_eq!(ours, theirs, "{setting}-{side}: {prefix}");
            }
            // Every candidate's address, port and type, in the same order.
            let endpoint = |l: &&str| {
                let f: Vec<&str> = l.split_whitespace().collect();
                (f[2].to_ascii_lowercase(), f[4].to_string(), f[5].to_string(), f[7].to_string())
            };
            let theirs: Vec<_> = lines(&original, "a=candidate:").iter().map(endpoint).collect();
            let ours: Vec<_> = lines(&written, "a=candidate:").iter().map(endpoint).collect();
            assert_eq!(ours, theirs, "{setting}-{side}");
            assert!(written.ends_with("\r\n") && !written.contains("\n\n"));
            // Read again, the written SDP is the same description.
            assert_eq!(sdp::parse(&written), Ok((description, 0)));
        }
    }
}

fn invitation(setting: &str) -> Code {
    let (description, _) = sdp::parse(&fixture(&format!("{setting}-offer"))).unwrap();
    Code::Invitation { seat: 2, token: [0x5a; TOKEN_BYTES], description }
}

fn answer(setting: &str) -> Code {
    let (offer, _) = sdp::parse(&fixture(&format!("{setting}-offer"))).unwrap();
    let (description, _) = sdp::parse(&fixture(&format!("{setting}-answer"))).unwrap();
    Code::Answer { seat: 2, tag: tag_of(&offer), description }
}

#[test]
fn codes_read_back_as_written() {
    for setting in SETTINGS {
        for code in [invitation(setting), answer(setting)] {
            let text = code.encode().unwrap();
            assert!(text.bytes().all(|b| base32::ALPHABET.contains(&b)), "{text}");
            assert_eq!(Code::decode(&text), Ok(code.clone()));
            // As a link, pasted with its address, in small letters, cut into lines.
            let link = format!("https://example.org/tablee/#join={text}");
            assert_eq!(Code::decode(&link), Ok(code.clone()));
            let lower: String = text.to_lowercase().chars().collect::<Vec<_>>().chunks(20).map(|c| c.iter().collect::<String>()).collect::<Vec<_>>().join("\n");
            assert_eq!(Code::decode(&lower), Ok(code.clone()));
        }
        assert_eq!(Code::decode_answer(&invitation(setting).encode().unwrap()), Err(CodeError::WrongKind));
        assert_eq!(Code::decode_invitation(&answer(setting).encode().unwrap()), Err(CodeError::WrongKind));
    }
}

#[test]
fn a_damaged_code_is_refused_never_a_panic() {
    let text = invitation("mdns").encode().unwrap();
    assert_eq!(Code::decode(""), Err(CodeError::Empty));
    assert_eq!(Code::decode("  -- "), Err(CodeError::Empty));
    assert_eq!(Code::decode("#join="), Err(CodeError::Empty));
    assert_eq!(Code::decode("AB"), Err(CodeError::TooShort));
    assert_eq!(Code::decode(&format!("{text}!")), Err(CodeError::BadCharacter { ch: '!', position: text.len() + 1 }));
    assert_eq!(Code::decode(&format!("{}U", &text[..5])), Err(CodeError::BadCharacter { ch: 'U', position: 6 }));
    // Every single character changed, every cut and every doubled character: refused as damaged
    // (or, where a change keeps the length's bits, as damaged still: the checksum).
    let alphabet = base32::ALPHABET;
    for i in 0..text.len() {
        let original = text.as_bytes()[i];
        for &other in alphabet.iter().filter(|&&c| c != original) {
            let mut changed = text.clone().into_bytes();
            changed[i] = other;
            let changed = String::from_utf8(changed).unwrap();
            let result = Code::decode(&changed);
            // The last character carries padding bits: changing only those changes nothing.
            if result != Ok(invitation("mdns")) {
                assert!(matches!(result, Err(CodeError::Damaged)), "at {i}: {result:?}");
            }
        }
        let cut = format!("{}{}", &text[..i], &text[i + 1..]);
        assert!(matches!(Code::decode(&cut), Err(CodeError::Damaged | CodeError::TooShort)));
    }
    for len in 0..text.len() {
        assert!(Code::decode(&text[..len]).is_err());
    }
    // Random texts of the alphabet: refused, never a panic, almost always as damaged.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for _ in 0..10_000 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        let len = (x % 200) as usize;
        let random: String = (0..len).map(|k| alphabet[((x >> (k % 59)) as usize + k) % 32] as char).collect();
        let _ = Code::decode(&random);
    }
}

/// A code of bytes `body` with a valid checksum (another build's code).
fn framed(body: &[u8]) -> String {
    let mut bytes = body.to_vec();
    bytes.extend_from_slice(&tablee_friends::sha256::sha256(body)[..4]);
    base32::encode(&bytes)
}

#[test]
fn an_older_or_newer_protocols_code_says_so() {
    let bytes = invitation("ip").to_bytes().unwrap();
    let body = &bytes[..bytes.len() - 4];
    let mut newer = body.to_vec();
    newer[0] = PROTOCOL + 1;
    assert_eq!(Code::decode(&framed(&newer)), Err(CodeError::Newer { found: PROTOCOL + 1, ours: PROTOCOL }));
    // A newer protocol's code may be laid out differently: it is still recognised.
    assert_eq!(Code::decode(&framed(&[PROTOCOL + 5, 1, 2, 3])), Err(CodeError::Newer { found: PROTOCOL + 5, ours: PROTOCOL }));
    assert_eq!(Code::decode(&framed(&[0, 9, 9])), Err(CodeError::Older { found: 0, ours: PROTOCOL }));
    // Checksummed and of this protocol, but cut or padded: malformed, named.
    assert_eq!(Code::decode(&framed(&body[..body.len() - 3])), Err(CodeError::Malformed("candidate")));
    let mut longer = body.to_vec();
    longer.push(0);
    assert_eq!(Code::decode(&framed(&longer)), Err(CodeError::Malformed("end")));
    let mut bad_kind = body.to_vec();
    bad_kind[1] = 3;
    assert_eq!(Code::decode(&framed(&bad_kind)), Err(CodeError::Malformed("kind")));
}

#[test]
fn what_a_code_cannot_carry_is_said() {
    let (mut d, _) = sdp::parse(&fixture("ip-offer")).unwrap();
    d.candidates.clear();
    let code = Code::Invitation { seat: 0, token: [0; TOKEN_BYTES], description: d.clone() };
    assert_eq!(code.encode(), Err(EncodeError::NoCandidate));
    d.candidates = vec![Candidate { kind: Kind::Relay, address: Address::V4([10, 0, 0, 1]), port: 3478 }; 12];
    d.ufrag = "ab".into();
    let code = Code::Invitation { seat: 0, token: [0; TOKEN_BYTES], description: d.clone() };
    assert_eq!(code.encode(), Err(EncodeError::Credentials));
    d.ufrag = "abcd".into();
    let code = Code::Invitation { seat: 0, token: [0; TOKEN_BYTES], description: d };
    let Ok(Code::Invitation { description, .. }) = Code::decode(&code.encode().unwrap()) else { panic!() };
    assert_eq!(description.candidates.len(), tablee_friends::code::MAX_CANDIDATES);
    // SDPs that are not a data channel's, or miss what the code needs.
    let offer = fixture("ip-offer");
    assert_eq!(sdp::parse("v=0\r\n"), Err(SdpError::NoDataChannel));
    assert_eq!(sdp::parse(&offer.replace("a=ice-pwd:", "a=x-pwd:")), Err(SdpError::Missing("ice-pwd")));
    assert_eq!(sdp::parse(&offer.replace("sha-256", "sha-1")), Err(SdpError::Fingerprint("sha-1".into())));
    assert_eq!(sdp::parse(&offer.replace("a=setup:actpass", "a=setup:both")), Err(SdpError::Bad("setup")));
    assert_eq!(sdp::parse(&format!("{offer}m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n")), Err(SdpError::SeveralSections));
    let tcp = offer.replace(" udp ", " tcp ");
    assert_eq!(sdp::parse(&tcp).map(|(d, n)| (d.candidates.len(), n)), Ok((0, 2)));
}

/// The smallest QR version holding `segments` at `ecc`.
fn qr_version(segments: &[QrSegment], ecc: QrCodeEcc) -> u8 {
    QrCode::encode_segments_advanced(segments, ecc, qrcodegen::Version::MIN, qrcodegen::Version::MAX, None, false)
        .expect("fits a QR code")
        .version()
        .value()
}

/// An invitation link as the host's page writes it (the game in its query).
const LINK: &str = "https://tablee.github.io/tablee/?game=katzenjammer#join=";

/// A code as an invitation link in a QR code: the address in byte mode,
/// the code in alphanumeric mode (as `tablee_friends::qr` segments it).
fn link_segments(code: &str) -> Vec<QrSegment> {
    vec![QrSegment::make_bytes(LINK.as_bytes()), QrSegment::make_alphanumeric(code)]
}

#[test]
fn measured_the_codes_fit_one_qr_code_at_level_m() {
    println!("setting | invitation chars | answer chars | invitation link QR (L/M/Q) | answer QR (L/M/Q)");
    for setting in SETTINGS {
        let (offer, answer) = (invitation(setting).encode().unwrap(), answer(setting).encode().unwrap());
        let versions = |segments: &[QrSegment]| {
            [QrCodeEcc::Low, QrCodeEcc::Medium, QrCodeEcc::Quartile].map(|ecc| qr_version(segments, ecc))
        };
        let link = versions(&link_segments(&offer));
        let back = versions(&[QrSegment::make_alphanumeric(&answer)]);
        println!("{setting} | {} ({} in a link) | {} | {link:?} | {back:?}", offer.len(), LINK.len() + offer.len(), answer.len());
        // The page's encoder chooses the same modes, at level M.
        assert_eq!(Qr::encode(&format!("{LINK}{offer}")).map(|q| q.version), Some(link[1]));
        assert_eq!(Qr::encode(&answer).map(|q| q.version), Some(back[1]));
        // A phone reads a version 10 code off a screen at level M with room to spare.
        assert!(link[1] <= 10 && back[1] <= 10, "{setting}: {link:?} {back:?}");
    }
    // The largest a code may be: 8 IPv6 candidates and Firefox-sized credentials.
    let (mut d, _) = sdp::parse(&fixture("ip-offer")).unwrap();
    d.ufrag = "a".repeat(8);
    d.pwd = "b".repeat(32);
    d.candidates = vec![Candidate { kind: Kind::Srflx, address: Address::V6([0x20; 16]), port: 1 }; 8];
    let big = Code::Invitation { seat: 0, token: [0; TOKEN_BYTES], description: d }.encode().unwrap();
    let link = [QrCodeEcc::Low, QrCodeEcc::Medium].map(|ecc| qr_version(&link_segments(&big), ecc));
    println!("largest | {} | - | {link:?} | -", big.len());
}

#[test]
fn an_answer_names_the_invitation_it_answers() {
    let (a, _) = sdp::parse(&fixture("ip-offer")).unwrap();
    let (b, _) = sdp::parse(&fixture("stun-offer")).unwrap();
    assert_ne!(tag_of(&a), tag_of(&b));
    let different = Description { pwd: format!("{}x", &a.pwd[..a.pwd.len() - 1]), ..a.clone() };
    assert_ne!(tag_of(&a), tag_of(&different));
}
