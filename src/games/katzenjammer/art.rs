//! Card faces, drawn here as SVG (our own design, no copied artwork).
//!
//! Each value has its own pip shape *and* pip count, so cards are told apart
//! without colour: 1 a big disc, 2 triangles, 3 squares, 4 diamonds, 5 stars;
//! the joker is a cat's face. Colours (the Okabe–Ito palette, safe for the
//! common colour-vision deficiencies) only add to the shapes.

#[cfg(test)]
use std::fmt::Write;

use tablee_engine::katzenjammer::Card;

/// The shape a card's pips have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    Disc,
    Triangle,
    Square,
    Diamond,
    Star,
    Cat,
}

pub fn shape(card: Card) -> Shape {
    match card {
        Card::One => Shape::Disc,
        Card::Two => Shape::Triangle,
        Card::Three => Shape::Square,
        Card::Four => Shape::Diamond,
        Card::Five => Shape::Star,
        Card::Joker => Shape::Cat,
    }
}

/// The ink of a card (CSS custom property names are in style/main.css too).
pub fn colour(card: Card) -> &'static str {
    match card {
        Card::One => "#0072B2",
        Card::Two => "#B86E00",
        Card::Three => "#00795A",
        Card::Four => "#A4507F",
        Card::Five => "#C04B00",
        Card::Joker => "#2B2B2B",
    }
}

#[cfg(test)]
const W: f32 = 60.0;
#[cfg(test)]
const H: f32 = 84.0;

#[cfg(test)]
fn pip_positions(n: u8) -> &'static [(f32, f32)] {
    match n {
        1 => &[(30.0, 44.0)],
        2 => &[(30.0, 29.0), (30.0, 59.0)],
        3 => &[(30.0, 24.0), (30.0, 44.0), (30.0, 64.0)],
        4 => &[(20.0, 31.0), (40.0, 31.0), (20.0, 57.0), (40.0, 57.0)],
        _ => &[(19.0, 26.0), (41.0, 26.0), (30.0, 44.0), (19.0, 62.0), (41.0, 62.0)],
    }
}

#[cfg(test)]
fn pip(out: &mut String, shape: Shape, x: f32, y: f32, r: f32) {
    let _ = match shape {
        Shape::Disc => write!(out, r#"<circle cx="{x}" cy="{y}" r="{r}"/>"#),
        Shape::Triangle => write!(
            out,
            r#"<polygon points="{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}"/>"#,
            x,
            y - r,
            x + r * 0.95,
            y + r * 0.75,
            x - r * 0.95,
            y + r * 0.75
        ),
        Shape::Square => {
            let s = r * 0.8;
            write!(out, r#"<rect x="{:.1}" y="{:.1}" width="{:.1}" height="{:.1}"/>"#, x - s, y - s, 2.0 * s, 2.0 * s)
        }
        Shape::Diamond => write!(
            out,
            r#"<polygon points="{x:.1},{:.1} {:.1},{y:.1} {x:.1},{:.1} {:.1},{y:.1}"/>"#,
            y - r,
            x + r * 0.8,
            y + r,
            x - r * 0.8
        ),
        Shape::Star => {
            let mut points = String::new();
            for i in 0..10 {
                let angle = std::f32::consts::PI * (i as f32) / 5.0 - std::f32::consts::FRAC_PI_2;
                let radius = if i % 2 == 0 { r } else { r * 0.45 };
                let _ = write!(points, "{:.1},{:.1} ", x + radius * angle.cos(), y + radius * angle.sin());
            }
            write!(out, r#"<polygon points="{}"/>"#, points.trim_end())
        }
        Shape::Cat => {
            cat(out, x, y, r);
            Ok(())
        }
    };
}

#[cfg(test)]
/// A cat's face centred on (x, y): head, ears, eyes, nose and whiskers.
fn cat(out: &mut String, x: f32, y: f32, r: f32) {
    let _ = write!(
        out,
        concat!(
            r#"<g class="cat">"#,
            r#"<polygon points="{l1:.1},{ey:.1} {l2:.1},{et:.1} {l3:.1},{eb:.1}"/>"#,
            r#"<polygon points="{r1:.1},{ey:.1} {r2:.1},{et:.1} {r3:.1},{eb:.1}"/>"#,
            r#"<ellipse cx="{x}" cy="{y}" rx="{rx:.1}" ry="{ry:.1}"/>"#,
            r#"<ellipse class="eye" cx="{lx:.1}" cy="{eyey:.1}" rx="{erx:.1}" ry="{ery:.1}"/>"#,
            r#"<ellipse class="eye" cx="{rxx:.1}" cy="{eyey:.1}" rx="{erx:.1}" ry="{ery:.1}"/>"#,
            r#"<polygon class="eye" points="{nl:.1},{ny:.1} {nr:.1},{ny:.1} {x:.1},{nb:.1}"/>"#,
            r#"<path class="whisker" d="M{wl1:.1},{w1:.1} L{wl2:.1},{w0:.1} M{wl1:.1},{w2:.1} L{wl2:.1},{w3:.1} M{wr1:.1},{w1:.1} L{wr2:.1},{w0:.1} M{wr1:.1},{w2:.1} L{wr2:.1},{w3:.1}"/>"#,
            r#"</g>"#
        ),
        x = x,
        y = y,
        rx = r,
        ry = r * 0.85,
        l1 = x - r * 0.95,
        l2 = x - r * 0.75,
        l3 = x - r * 0.2,
        r1 = x + r * 0.95,
        r2 = x + r * 0.75,
        r3 = x + r * 0.2,
        ey = y - r * 0.3,
        et = y - r * 1.45,
        eb = y - r * 0.75,
        lx = x - r * 0.4,
        rxx = x + r * 0.4,
        eyey = y - r * 0.15,
        erx = r * 0.17,
        ery = r * 0.27,
        nl = x - r * 0.12,
        nr = x + r * 0.12,
        ny = y + r * 0.22,
        nb = y + r * 0.36,
        wl1 = x - r * 0.3,
        wl2 = x - r * 1.35,
        wr1 = x + r * 0.3,
        wr2 = x + r * 1.35,
        w0 = y + r * 0.15,
        w1 = y + r * 0.3,
        w2 = y + r * 0.42,
        w3 = y + r * 0.6,
    );
}

#[cfg(test)]
/// The corner index: the value, or a small cat for the joker.
fn index(out: &mut String, card: Card, x: f32, y: f32) {
    match card.value() {
        Some(v) => {
            let _ = write!(out, r#"<text x="{x}" y="{y}" class="index">{v}</text>"#);
        }
        None => cat(out, x, y - 4.0, 5.0),
    }
}

/// Draws the face of `card` (what [`FACES`] holds; kept to check and redraw it).
#[cfg(test)]
fn draw(card: Card) -> String {
    let mut out = String::with_capacity(900);
    let _ = write!(
        out,
        r#"<svg class="face" viewBox="0 0 {W} {H}" aria-hidden="true" focusable="false" fill="{c}" stroke="{c}" data-shape="{s:?}">"#,
        c = colour(card),
        s = shape(card)
    );
    index(&mut out, card, 8.0, 15.0);
    let _ = write!(out, r#"<g transform="rotate(180 {} {})">"#, W / 2.0, H / 2.0);
    index(&mut out, card, 8.0, 15.0);
    out.push_str("</g>");
    match card.value() {
        Some(v) => {
            let r = if v == 1 { 12.0 } else { 8.0 };
            for &(x, y) in pip_positions(v) {
                pip(&mut out, shape(card), x, y, r);
            }
        }
        None => cat(&mut out, 30.0, 48.0, 15.0),
    }
    out.push_str("</svg>");
    out
}

/// The whole face of `card` as an SVG element (decorative: the button or list
/// item around it carries the accessible name).
///
/// The six faces are fixed text, drawn once by [`draw`] (the test
/// `the_stored_faces_are_the_drawn_ones` checks they still match): the page
/// then ships no float formatting or trigonometry just to draw cards.
pub fn face(card: Card) -> &'static str {
    FACES[card.index()]
}

/// The faces of [`Card::ALL`], in that order.
const FACES: [&str; 6] = [
    r##"<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="#0072B2" stroke="#0072B2" data-shape="Disc"><text x="8" y="15" class="index">1</text><g transform="rotate(180 30 42)"><text x="8" y="15" class="index">1</text></g><circle cx="30" cy="44" r="12"/></svg>"##,
    r##"<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="#B86E00" stroke="#B86E00" data-shape="Triangle"><text x="8" y="15" class="index">2</text><g transform="rotate(180 30 42)"><text x="8" y="15" class="index">2</text></g><polygon points="30.0,21.0 37.6,35.0 22.4,35.0"/><polygon points="30.0,51.0 37.6,65.0 22.4,65.0"/></svg>"##,
    r##"<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="#00795A" stroke="#00795A" data-shape="Square"><text x="8" y="15" class="index">3</text><g transform="rotate(180 30 42)"><text x="8" y="15" class="index">3</text></g><rect x="23.6" y="17.6" width="12.8" height="12.8"/><rect x="23.6" y="37.6" width="12.8" height="12.8"/><rect x="23.6" y="57.6" width="12.8" height="12.8"/></svg>"##,
    r##"<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="#A4507F" stroke="#A4507F" data-shape="Diamond"><text x="8" y="15" class="index">4</text><g transform="rotate(180 30 42)"><text x="8" y="15" class="index">4</text></g><polygon points="20.0,23.0 26.4,31.0 20.0,39.0 13.6,31.0"/><polygon points="40.0,23.0 46.4,31.0 40.0,39.0 33.6,31.0"/><polygon points="20.0,49.0 26.4,57.0 20.0,65.0 13.6,57.0"/><polygon points="40.0,49.0 46.4,57.0 40.0,65.0 33.6,57.0"/></svg>"##,
    r##"<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="#C04B00" stroke="#C04B00" data-shape="Star"><text x="8" y="15" class="index">5</text><g transform="rotate(180 30 42)"><text x="8" y="15" class="index">5</text></g><polygon points="19.0,18.0 21.1,23.1 26.6,23.5 22.4,27.1 23.7,32.5 19.0,29.6 14.3,32.5 15.6,27.1 11.4,23.5 16.9,23.1"/><polygon points="41.0,18.0 43.1,23.1 48.6,23.5 44.4,27.1 45.7,32.5 41.0,29.6 36.3,32.5 37.6,27.1 33.4,23.5 38.9,23.1"/><polygon points="30.0,36.0 32.1,41.1 37.6,41.5 33.4,45.1 34.7,50.5 30.0,47.6 25.3,50.5 26.6,45.1 22.4,41.5 27.9,41.1"/><polygon points="19.0,54.0 21.1,59.1 26.6,59.5 22.4,63.1 23.7,68.5 19.0,65.6 14.3,68.5 15.6,63.1 11.4,59.5 16.9,59.1"/><polygon points="41.0,54.0 43.1,59.1 48.6,59.5 44.4,63.1 45.7,68.5 41.0,65.6 36.3,68.5 37.6,63.1 33.4,59.5 38.9,59.1"/></svg>"##,
    r##"<svg class="face" viewBox="0 0 60 84" aria-hidden="true" focusable="false" fill="#2B2B2B" stroke="#2B2B2B" data-shape="Cat"><g class="cat"><polygon points="3.2,9.5 4.2,3.8 7.0,7.2"/><polygon points="12.8,9.5 11.8,3.8 9.0,7.2"/><ellipse cx="8" cy="11" rx="5.0" ry="4.2"/><ellipse class="eye" cx="6.0" cy="10.2" rx="0.9" ry="1.4"/><ellipse class="eye" cx="10.0" cy="10.2" rx="0.9" ry="1.4"/><polygon class="eye" points="7.4,12.1 8.6,12.1 8.0,12.8"/><path class="whisker" d="M6.5,12.5 L1.2,11.8 M6.5,13.1 L1.2,14.0 M9.5,12.5 L14.8,11.8 M9.5,13.1 L14.8,14.0"/></g><g transform="rotate(180 30 42)"><g class="cat"><polygon points="3.2,9.5 4.2,3.8 7.0,7.2"/><polygon points="12.8,9.5 11.8,3.8 9.0,7.2"/><ellipse cx="8" cy="11" rx="5.0" ry="4.2"/><ellipse class="eye" cx="6.0" cy="10.2" rx="0.9" ry="1.4"/><ellipse class="eye" cx="10.0" cy="10.2" rx="0.9" ry="1.4"/><polygon class="eye" points="7.4,12.1 8.6,12.1 8.0,12.8"/><path class="whisker" d="M6.5,12.5 L1.2,11.8 M6.5,13.1 L1.2,14.0 M9.5,12.5 L14.8,11.8 M9.5,13.1 L14.8,14.0"/></g></g><g class="cat"><polygon points="15.8,43.5 18.8,26.2 27.0,36.8"/><polygon points="44.2,43.5 41.2,26.2 33.0,36.8"/><ellipse cx="30" cy="48" rx="15.0" ry="12.8"/><ellipse class="eye" cx="24.0" cy="45.8" rx="2.5" ry="4.1"/><ellipse class="eye" cx="36.0" cy="45.8" rx="2.5" ry="4.1"/><polygon class="eye" points="28.2,51.3 31.8,51.3 30.0,53.4"/><path class="whisker" d="M25.5,52.5 L9.8,50.2 M25.5,54.3 L9.8,57.0 M34.5,52.5 L50.2,50.2 M34.5,54.3 L50.2,57.0"/></g></svg>"##,
];

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_card_has_its_own_shape_and_colour() {
        let shapes: HashSet<Shape> = Card::ALL.into_iter().map(shape).collect();
        assert_eq!(shapes.len(), 6);
        let colours: HashSet<&str> = Card::ALL.into_iter().map(colour).collect();
        assert_eq!(colours.len(), 6);
    }

    #[test]
    fn faces_are_well_formed_svg_with_one_pip_per_point() {
        for card in Card::ALL {
            let svg = draw(card);
            assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"), "{svg}");
            assert!(svg.contains(r#"aria-hidden="true""#));
            assert!(!svg.contains("NaN"));
            let opens = svg.matches('<').count();
            let selfclosed = svg.matches("/>").count();
            let closes = svg.matches("</").count();
            assert_eq!(opens, selfclosed + 2 * closes, "{card:?}: unbalanced tags");
        }
        assert_eq!(draw(Card::Three).matches("<rect").count(), 3);
        assert_eq!(draw(Card::One).matches("<circle").count(), 1);
        assert_eq!(draw(Card::Joker).matches(r#"class="cat""#).count(), 3);
    }

    #[test]
    fn the_stored_faces_are_the_drawn_ones() {
        for card in Card::ALL {
            assert_eq!(face(card), draw(card), "{card:?}: FACES is stale, paste draw()'s output");
        }
    }
}
