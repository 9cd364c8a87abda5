//! A QR code on the friends' pages (issue 55): the invitation link on the
//! host's (`invite-qr-N`), the answer on the friend's (`answer-qr`), each
//! with `data-version` and `data-ecc`. The modules are
//! `tablee_friends::qr`'s, at level M with a quiet zone of 4.

use std::sync::Arc;

use leptos::prelude::*;
use tablee_friends::qr::Qr;

use crate::app::lang::Lang;
use crate::ui::context::ctx;

/// `text` as a QR code named `label` for screen readers; nothing where no
/// QR code holds the text (never for a real code: the link and Copy stay).
///
/// The image is the encoder's SVG set as markup, its path's `d` the data:
/// Leptos's own SVG elements would bring `createElementNS` into the JS glue
/// that every link loads. Its size is set here rather than in a stylesheet
/// for the same reason (the stylesheets are in the first load): 15rem at
/// most, 61 modules of about 4 CSS pixels for a link's version 9, which a
/// phone's camera reads off a screen at arm's length. (A `figure`, and
/// its markup an `Arc<str>`: a `div` of these attributes and markup of a
/// `String` are view code the home screen and the rules have, which would
/// join them in the core.)
pub fn qr_code(text: &str, testid: String, label: fn(Lang) -> &'static str) -> impl IntoView {
    let ctx = ctx();
    Qr::encode(text).map(|qr| {
        let svg: Arc<str> = qr.svg().into();
        view! {
            <figure
                class="qr"
                role="img"
                aria-label=move || label(ctx.lang())
                data-testid=testid
                data-version=qr.version.to_string()
                data-ecc=qr.ecc()
                style="width:min(15rem,100%);margin:0.5rem 0;line-height:0"
                inner_html=svg
            ></figure>
        }
    })
}
