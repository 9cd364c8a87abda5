//! The end of a round (JA-17: every hand's cards left and their points, the
//! scores so far, then the next round) and of the game (JA-18: the lowest
//! total wins the big pot, round 7's winner the small pot; the purses).

use std::fmt::Write;

use tablee_engine::jachete::{Card, JaAction};
use tablee_engine::Game;

use super::{button, cards, esc, Ja};
use crate::app::controller::{DailyAttempt, Par};
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::games::jachete::summary::Summary;
use crate::games::jachete::texts;
use crate::i18n;

/// Every hand as round number `index` (0-based) ended, replayed from the
/// save's moves (the engine deals the next round at once).
fn hands_at_end(s: &Session<Ja>, index: usize) -> Option<Vec<Vec<Card>>> {
    let config = s.config();
    let players = config.players();
    let mut game = Ja::new_state(players, config.options, config.seed).ok()?;
    for (seat, action) in s.moves() {
        let before = game.results().len();
        let hands: Option<Vec<Vec<Card>>> =
            (before == index).then(|| (0..players).map(|p| game.round().hand(p).to_vec()).collect());
        game.apply(action).ok()?;
        if let Some(mut hands) = hands.filter(|_| game.results().len() > before) {
            let went_out = game.results().last()?.went_out;
            match action {
                _ if went_out == Some(seat) => hands[seat].clear(),
                JaAction::Discard(c) => {
                    if let Some(at) = hands[seat].iter().position(|x| x == c) {
                        hands[seat].remove(at);
                    }
                }
                _ => {}
            }
            return Some(hands);
        }
    }
    None
}

/// The scores round by round (one row per player) and the totals.
pub(super) fn score_table(out: &mut String, s: &Session<Ja>, lang: Lang) {
    let results = s.state().results();
    let _ = write!(out, "<div class=\"table-wrap\"><table class=\"results\"><thead><tr><th scope=\"col\">{}</th>", lang.s().end_player);
    for r in 1..=results.len() {
        let _ = write!(out, "<th scope=\"col\">{r}</th>");
    }
    let _ = write!(out, "<th scope=\"col\">{}</th></tr></thead><tbody>", lang.ja().total);
    for seat in 0..s.config().players() {
        let _ = write!(out, "<tr data-testid=\"ja-score-{seat}\"><th scope=\"row\">{}</th>", esc(&i18n::seat_name(s.config(), seat, lang)));
        for r in results {
            let _ = write!(out, "<td>{}</td>", r.round_points[seat]);
        }
        let _ = write!(out, "<td><strong>{}</strong></td></tr>", results.last().map_or(0, |r| r.scores[seat]));
    }
    out.push_str("</tbody></table></div>");
}

/// JA-17: round `index` (0-based) is over: every hand's cards left and
/// their points, the scores so far, and "Next round".
pub fn round_end(out: &mut String, s: &Session<Ja>, index: usize, lang: Lang) {
    let j = lang.ja();
    let Some(result) = s.state().results().get(index) else { return };
    let hands = hands_at_end(s, index).unwrap_or_default();
    let _ = write!(out, 
        "<section class=\"panel end\" data-testid=\"ja-round-end\"><h2>{}</h2><p class=\"winners\"><strong>{}</strong></p><div class=\"table-wrap\"><table class=\"results\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        texts::round_over_text(index + 1, lang),
        esc(&texts::went_out_text(s.config(), result.went_out, lang)),
        lang.s().end_player,
        j.hands_left,
        j.points_col
    );
    for seat in 0..s.config().players() {
        let _ = write!(out, 
            "<tr><th scope=\"row\">{}</th><td class=\"left\">{}</td><td>{}</td></tr>",
            esc(&i18n::seat_name(s.config(), seat, lang)),
            cards(hands.get(seat).map_or(&[][..], |h| &h[..]), lang),
            result.round_points[seat]
        );
    }
    out.push_str("</tbody></table></div>");
    score_table(out, s, lang);
    out.push_str("<p class=\"actions\">");
    button(out, "next", "ja-next-round", "primary", j.next_round, "");
    out.push_str("</p></section>");
}

/// JA-18: the game is over: totals, purses, places, the winners.
pub fn end_panel(out: &mut String, s: &Session<Ja>, par: Par, daily: Option<DailyAttempt>, share: Option<&Result<(), String>>, lang: Lang) {
    let Some(summary) = Summary::of(s.state()) else { return };
    let (t, j) = (lang.s(), lang.ja());
    let config = s.config();
    let winners: Vec<String> = summary.winners.iter().map(|&w| i18n::seat_name(config, w, lang)).collect();
    let _ = write!(out, 
        "<section class=\"panel end\" data-testid=\"end-screen\"><h2>{}</h2><p class=\"winners\" data-testid=\"winners\"><strong>{}{} {}</strong></p><div class=\"table-wrap\"><table class=\"results\" data-testid=\"end-table\"><thead><tr><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th><th scope=\"col\">{}</th></tr></thead><tbody>",
        t.end_title,
        j.winners_title,
        i18n::colon(lang),
        esc(&i18n::join_and(&winners, lang)),
        t.end_player,
        j.total,
        j.purse,
        t.end_place
    );
    for p in &summary.players {
        let _ = write!(out, 
            "<tr class=\"{}\" data-testid=\"end-row-{}\"><th scope=\"row\">{}</th><td><strong>{}</strong></td><td>{}</td><td>{}</td></tr>",
            if p.winner { "winner" } else { "" },
            p.seat,
            esc(&i18n::seat_name(config, p.seat, lang)),
            p.points,
            texts::cents(p.purse),
            i18n::place_short(p.place, lang)
        );
    }
    out.push_str("</tbody></table></div>");
    let went_out = s.state().results().last().and_then(|r| r.went_out);
    let _ = write!(out, "<p data-testid=\"small-pot\">{}</p>", esc(&texts::small_pot_text(config, went_out, lang)));
    // Par: the expert in the only person's seat, on the same deal.
    let mine = config.solo_seat().and_then(|seat| summary.players.iter().find(|p| p.seat == seat)).map(|p| p.points);
    match (par, mine) {
        (Par::Known(par), Some(mine)) => {
            let _ = write!(out, "<p class=\"par\" data-testid=\"par\" role=\"status\">{}</p>", esc(&texts::par_text(par, mine, lang)));
        }
        (Par::Computing, Some(_)) => {
            let _ = write!(out, "<p class=\"par\" data-testid=\"par\" role=\"status\">{}</p>", esc(lang.s().par_computing));
        }
        _ => {}
    }
    if let Some(daily) = daily {
        let status = i18n::daily_status(daily, texts::points_text, lang);
        let _ = write!(out, "<p class=\"note\" data-testid=\"daily-status\">{}</p>", esc(&status));
    }
    score_table(out, s, lang);
    out.push_str("<p class=\"actions\">");
    button(out, "again", "play-again", "primary", t.play_again, "");
    button(out, "same", "same-deal", "", t.same_deal, "");
    button(out, "share", "share-button", "", t.share, "");
    out.push_str("</p>");
    share_status(out, share, lang);
    out.push_str("</section>");
}

/// A share's outcome: copied, or the text to copy by hand (the end screen's
/// and the deal bar's).
pub fn share_status(out: &mut String, share: Option<&Result<(), String>>, lang: Lang) {
    let t = lang.s();
    match share {
        Some(Ok(())) => {
            let _ = write!(out, "<p class=\"share-status\" role=\"status\" data-testid=\"share-status\">{}</p>", t.share_copied);
        }
        Some(Err(text)) => {
            let _ = write!(out, 
                "<div class=\"share-manual\" data-testid=\"share-status\"><label for=\"share-text\">{}</label><textarea id=\"share-text\" readonly rows=\"4\" data-testid=\"share-text\">{}</textarea></div>",
                t.share_manual,
                esc(text)
            );
        }
        None => {}
    }
}
