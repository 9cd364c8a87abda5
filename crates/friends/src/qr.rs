//! The QR codes of an invitation link and of an answer code (issue 55):
//! text to a matrix of modules, and the matrix as one SVG path. Pure: the
//! page draws the path (src/ui/friends/qr.rs).
//!
//! Encoded by Nayuki's `qrcodegen` (MIT, no dependencies, one file written
//! to the standard, ISO/IEC 18004): a QR encoder is exact work — the
//! Reed–Solomon blocks, the masks and their penalties, the version and
//! format bits — that a reference implementation does right.
//!
//! The modes: a code is Crockford base32 in capitals, which QR's
//! alphanumeric mode holds at 5.5 bits a character (bytes take 8); a link
//! (`https://…/tablee/?game=…#join=<code>`) has small letters, so its
//! address goes in byte mode and its code, the long part, in alphanumeric
//! mode: a reader joins the segments back into the same text. At level M
//! (15 % of the code may be lost) a link of Chromium's codes is version 9,
//! an answer 6 or 7 (docs/friends.md, "The codes").

use qrcodegen::{QrCode, QrCodeEcc, QrSegment, Version};

/// The light modules around a code that the standard asks for: a reader
/// finds the code's edge by them.
pub const QUIET: usize = 4;

/// The error-correction level: M, 15 % of the modules may be misread
/// (a screen's glare, a camera's blur) for a code a third larger than L's.
const ECC: QrCodeEcc = QrCodeEcc::Medium;

/// The shortest run of alphanumeric characters at a text's end given a
/// segment of its own: a segment's header (4 bits and a count) is paid
/// back at 2.5 bits a character.
const ALPHANUMERIC_RUN: usize = 8;

/// QR's alphanumeric mode's characters (ISO/IEC 18004, 7.4.4).
const ALPHANUMERIC: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:";

/// A QR code's modules, dark or light.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qr {
    /// 1 to 40: the code is `17 + 4 × version` modules a side.
    pub version: u8,
    /// Modules a side, without the quiet zone.
    pub size: usize,
    /// Row by row, `true` dark.
    modules: Vec<bool>,
}

impl Qr {
    /// The code of `text` at level M, in the smallest version that holds
    /// it; `None` if no version does (far beyond any code or link).
    pub fn encode(text: &str) -> Option<Qr> {
        let code = QrCode::encode_segments_advanced(&segments(text), ECC, Version::MIN, Version::MAX, None, false).ok()?;
        let size = usize::try_from(code.size()).ok()?;
        let modules = (0..size).flat_map(|y| (0..size).map(move |x| (x, y))).map(|(x, y)| code.get_module(x as i32, y as i32)).collect();
        Some(Qr { version: code.version().value(), size, modules })
    }

    /// The error-correction level's letter (the page's `data-ecc`).
    pub fn ecc(&self) -> &'static str {
        "M"
    }

    /// Whether the module at column `x`, row `y` is dark (light outside).
    pub fn dark(&self, x: usize, y: usize) -> bool {
        x < self.size && y < self.size && self.modules[y * self.size + x]
    }

    /// Modules a side with the quiet zone: the SVG's view box.
    pub fn side(&self) -> usize {
        self.size + 2 * QUIET
    }

    /// The dark modules as one SVG path in module units, the quiet zone
    /// included (each row's runs of dark modules, one rectangle a run).
    pub fn path(&self) -> String {
        let mut d = String::new();
        for y in 0..self.size {
            let mut x = 0;
            while x < self.size {
                if !self.dark(x, y) {
                    x += 1;
                    continue;
                }
                let start = x;
                while self.dark(x, y) {
                    x += 1;
                }
                let run = x - start;
                d.push_str(&format!("M{} {}h{run}v1h-{run}z", start + QUIET, y + QUIET));
            }
        }
        d
    }

    /// The code as an SVG image: a light square the side of the code and
    /// its quiet zone, the dark modules one path, edges kept sharp. Light
    /// and dark are fixed (not the page's colours): a reader wants dark on
    /// light, whatever the theme.
    pub fn svg(&self) -> String {
        let side = self.side();
        format!(
            r##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side} {side}" shape-rendering="crispEdges" aria-hidden="true" focusable="false"><rect width="{side}" height="{side}" fill="#fff"/><path fill="#000" d="{}"/></svg>"##,
            self.path()
        )
    }
}

/// The segments of `text`: all alphanumeric (a code) in one; else the
/// alphanumeric run at its end (a link's code) in its own, after the rest
/// in bytes; else bytes.
fn segments(text: &str) -> Vec<QrSegment> {
    // (ASCII only in the alphanumeric set: a byte index is a char's.)
    let run = text.bytes().rev().take_while(|b| ALPHANUMERIC.contains(b)).count();
    let split = text.len() - run;
    if run == text.len() {
        vec![QrSegment::make_alphanumeric(text)]
    } else if run >= ALPHANUMERIC_RUN {
        vec![QrSegment::make_bytes(&text.as_bytes()[..split]), QrSegment::make_alphanumeric(&text[split..])]
    } else {
        vec![QrSegment::make_bytes(text.as_bytes())]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use qrcodegen::QrSegmentMode;

    /// An answer of Chromium's size with mDNS host candidates (168
    /// characters, docs/friends.md).
    const ANSWER: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ0123456789ABCDEFGHJKMNPQRSTVWXYZ01234567";

    fn link(code: &str) -> String {
        format!("https://tablee.github.io/tablee/?game=katzenjammer#join={code}")
    }

    fn modes(text: &str) -> Vec<QrSegmentMode> {
        segments(text).iter().map(|s| s.mode()).collect()
    }

    /// The path's rectangles read back into modules (the quiet zone's
    /// offset taken off): what the SVG draws.
    fn drawn(qr: &Qr) -> Vec<bool> {
        let mut modules = vec![false; qr.size * qr.size];
        for rect in qr.path().split('z').filter(|r| !r.is_empty()) {
            let (start, rest) = rect[1..].split_once('h').unwrap();
            let (x, y) = start.split_once(' ').unwrap();
            let run: usize = rest.split_once('v').unwrap().0.parse().unwrap();
            let (x, y) = (x.parse::<usize>().unwrap() - QUIET, y.parse::<usize>().unwrap() - QUIET);
            for i in 0..run {
                assert!(!modules[y * qr.size + x + i], "a module drawn twice");
                modules[y * qr.size + x + i] = true;
            }
        }
        modules
    }

    /// The code as a camera would see it off a screen, `scale` pixels a
    /// module with the quiet zone, read back by another decoder (rqrr).
    fn read_back(qr: &Qr, scale: usize) -> String {
        let modules = drawn(qr);
        let side = qr.side() * scale;
        let mut image = rqrr::PreparedImage::prepare_from_greyscale(side, side, |x, y| {
            let (mx, my) = (x / scale, y / scale);
            let dark = (QUIET..QUIET + qr.size).contains(&mx)
                && (QUIET..QUIET + qr.size).contains(&my)
                && modules[(my - QUIET) * qr.size + mx - QUIET];
            if dark { 0 } else { 255 }
        });
        let grids = image.detect_grids();
        assert_eq!(grids.len(), 1, "one code found");
        let (meta, text) = grids[0].decode().expect("decodes");
        assert_eq!(meta.version.0, usize::from(qr.version));
        // rqrr's ECC numbering: the format bits' (M is 0).
        assert_eq!(meta.ecc_level, 0, "level M");
        text
    }

    #[test]
    fn an_answer_is_one_alphanumeric_segment_and_a_link_its_address_in_bytes() {
        assert_eq!(modes(ANSWER), [QrSegmentMode::Alphanumeric]);
        assert_eq!(modes(&link(ANSWER)), [QrSegmentMode::Byte, QrSegmentMode::Alphanumeric]);
        // Small letters, or too short an alphanumeric end: bytes.
        assert_eq!(modes("https://example.org/a"), [QrSegmentMode::Byte]);
        assert_eq!(modes("une invitation"), [QrSegmentMode::Byte]);
        assert_eq!(modes("é=ABCDEFGH"), [QrSegmentMode::Byte, QrSegmentMode::Alphanumeric]);
        assert_eq!(modes(""), [QrSegmentMode::Alphanumeric]);
    }

    #[test]
    fn the_codes_sizes_fit_small_versions_at_level_m() {
        // Chromium's answers: 149 characters (plain host candidates), 168 (mDNS).
        assert_eq!(Qr::encode(&ANSWER[..149]).unwrap().version, 6);
        assert_eq!(Qr::encode(ANSWER).unwrap().version, 7);
        // Its invitations: 156 and 175 characters, in a link (the game in
        // its query): version 9, 53 modules a side.
        let invitation = format!("{ANSWER}ABCDEFG");
        assert_eq!(Qr::encode(&link(&invitation[..156])).unwrap().version, 9);
        assert_eq!(Qr::encode(&link(&invitation)).unwrap().version, 9);
        // The whole link in bytes would take two versions more.
        let bytes = QrCode::encode_binary(link(&invitation).as_bytes(), ECC).unwrap();
        assert_eq!(bytes.version().value(), 11);
        let qr = Qr::encode(ANSWER).unwrap();
        assert_eq!((qr.size, qr.side(), qr.ecc()), (45, 53, "M"));
    }

    #[test]
    fn the_path_draws_exactly_the_dark_modules_inside_the_quiet_zone() {
        let qr = Qr::encode(&link(ANSWER)).unwrap();
        let modules = drawn(&qr);
        for y in 0..qr.size {
            for x in 0..qr.size {
                assert_eq!(modules[y * qr.size + x], qr.dark(x, y), "({x}, {y})");
            }
        }
        // The finder pattern's corner, then the quiet zone.
        assert!(qr.path().starts_with("M4 4h7v1h-7z"));
        assert!(!qr.dark(qr.size, 0) && !qr.dark(0, qr.size));
    }

    #[test]
    fn the_svg_is_the_code_on_light_with_its_quiet_zone() {
        let qr = Qr::encode(ANSWER).unwrap();
        let svg = qr.svg();
        assert!(svg.starts_with(r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 53 53" shape-rendering="crispEdges""#), "{svg}");
        assert!(svg.contains(r##"<rect width="53" height="53" fill="#fff"/>"##));
        assert!(svg.contains(&format!(r##"<path fill="#000" d="{}"/>"##, qr.path())));
    }

    #[test]
    fn the_codes_read_back_from_the_drawn_path() {
        for text in [ANSWER.to_string(), ANSWER[..149].to_string(), link(ANSWER), link("0123456789ABCDEFGHJK"), "https://example.org/é".to_string()] {
            let qr = Qr::encode(&text).unwrap();
            assert_eq!(read_back(&qr, 4), text, "version {}", qr.version);
        }
    }

    #[test]
    fn too_long_a_text_is_none_not_a_panic() {
        assert_eq!(Qr::encode(&"a".repeat(3_000)), None);
        assert_eq!(Qr::encode(&"A".repeat(3_000)).map(|q| q.version), Some(38));
        assert_eq!(Qr::encode(&"A".repeat(5_000)), None);
    }
}
