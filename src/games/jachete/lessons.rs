//! J'achète's table in a lesson (issue 42): the element the coach points at
//! next for a move, from the table as it is — the staged table (the turn's
//! note, `staging::staging_from_note`) and what is picked on screen (the
//! hand's, the melds' and the loose wilds' cards).

use tablee_engine::jachete::{Card, JaAction, JaGame, TableMeld};
use tablee_lessons::Lesson;
use wasm_bindgen::JsCast;

use super::refusals::the_card;
use super::ui::{Part, Said};
use super::{staging, Jachete};
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::ui::learn::Coached;

impl Coached for Jachete {
    fn opening(lesson: &Lesson) -> Result<JaGame, String> {
        tablee_lessons::check::opening::<tablee_lessons::rules::Jachete>(lesson)
    }

    fn target(session: &Session<Self>, action: &JaAction) -> Option<String> {
        match action {
            JaAction::Buy => Some(testid("ja-buy")),
            JaAction::Decline => Some(testid("ja-decline")),
            JaAction::Discard(card) => {
                let hand = picks("[data-testid=\"ja-hand\"] button[data-card]");
                if let Some(i) = hand.iter().position(|&(c, on)| on && c != *card) {
                    return Some(hand_card(i));
                }
                if hand.iter().any(|&(c, on)| on && c == *card) {
                    return Some(testid("ja-discard"));
                }
                hand.iter().position(|&(c, _)| c == *card).map(hand_card)
            }
            JaAction::Play { table } => play_target(session, table),
        }
    }

    /// One of the coached game's deals (`tablee_bots::jachete::COACHED_DEALS`:
    /// a person who follows the coach has six turns at least in the first
    /// round of each; issue 52), picked by the fresh seed.
    fn coached_deal(fresh: tablee_engine::Seed) -> tablee_engine::Seed {
        tablee_bots::jachete::coached_deal(fresh.number() as usize)
    }

    /// What the bots did this round since the person's own last move that
    /// matters (issue 52): a bot bought, opened, took a wild from a meld.
    /// From the round's log (`ui::moves`: what each move did, one source
    /// for the table, the replay and the coach).
    fn table_talk(session: &Session<Self>, lang: Lang) -> Option<String> {
        let me = session.human_to_act()?;
        let moves = super::ui::SeatMoves::of(session)?;
        let since = moves.since(Some(me));
        let round = session.state().results().len();
        let config = session.config();
        let name = |seat| crate::i18n::seat_name(config, seat, lang);
        let en = lang == Lang::En;
        let mut said: Vec<String> = Vec::new();
        for e in moves.log().iter().filter(|e| e.round == round && e.seat != me && since.is_none_or(|own| e.k > own)) {
            match &e.said {
                Said::Bought(Some(card)) => said.push(if en {
                    format!("{} bought {}", name(e.seat), the_card(*card, lang))
                } else {
                    format!("{} a acheté {}", name(e.seat), the_card(*card, lang))
                }),
                Said::Played(parts) => {
                    for part in parts {
                        match part {
                            Part::Opens(_) => said.push(if en {
                                format!("{} opened (laid the contract down) and may go out soon", name(e.seat))
                            } else {
                                format!("{} a ouvert (posé son contrat) et peut bientôt sortir", name(e.seat))
                            }),
                            Part::Moves(cards, from, _) if cards.iter().any(|c| c.is_wild()) => said.push(took_wild(&name(e.seat), cards, from, lang)),
                            Part::Forms(_, taken) => {
                                for (cards, from) in taken.iter().filter(|(cards, _)| cards.iter().any(|c| c.is_wild())) {
                                    said.push(took_wild(&name(e.seat), cards, from, lang));
                                }
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        (!said.is_empty()).then(|| format!("{}.", said.join(" · ")))
    }

    /// JA-17 at a round's end: who went out, what each other hand scores
    /// and why (its cards' points), the totals' rule, and the next round's
    /// contract; the target is "Next round".
    fn wrap_up(session: &Session<Self>, lang: Lang) -> Option<(String, String)> {
        let results = session.state().results();
        let index = results.len().checked_sub(1)?;
        let result = &results[index];
        let hands = super::ui::hands_at_end(session, index)?;
        let config = session.config();
        let en = lang == Lang::En;
        let mut line = super::texts::went_out_text(config, result.went_out, lang);
        let scored: Vec<String> = (0..config.players())
            .filter(|&seat| result.went_out != Some(seat))
            .map(|seat| {
                let mut cards = hands[seat].clone();
                cards.sort_by_key(|c| std::cmp::Reverse(c.points()));
                let each: Vec<String> = cards.iter().map(|&c| format!("{} {}", super::texts::card_label(c, lang), c.points())).collect();
                format!("{} {} ({})", crate::i18n::seat_name(config, seat, lang), result.round_points[seat], each.join(" + "))
            })
            .collect();
        line.push(' ');
        line.push_str(&if en {
            format!(
                "The cards left in hand count: 3 to 9 are 5 points, 10 to king 10, an ace 15, a wild 20. {}.",
                scored.join(" · ")
            )
        } else {
            format!(
                "Les cartes restées en main comptent\u{a0}: de 3 à 9, 5\u{a0}points\u{a0}; de 10 au roi, 10\u{a0}; l'as, 15\u{a0}; une floune, 20. {}.",
                scored.join(" · ")
            )
        });
        let next = usize::from(session.state().round().round());
        if let Some(c) = tablee_engine::jachete::contract(next as u8).filter(|_| next > index + 1) {
            let contract = super::texts::contract_text(c, lang);
            line.push(' ');
            line.push_str(&if en {
                format!("Next, round {next} of 7: {} cards each, contract {contract}. After round 7, the lowest total wins.", c.cards_dealt)
            } else {
                format!("Ensuite, manche {next} sur 7\u{a0}: {} cartes chacun, contrat {contract}. Après la manche 7, le plus petit total gagne.", c.cards_dealt)
            });
        }
        Some((line, testid("ja-next-round")))
    }
}

/// "Ben took the ★ from 8♦ 9♦ ★", « Ben a pris ★ de 8♦ 9♦ ★ ».
fn took_wild(name: &str, cards: &[Card], from: &[Card], lang: Lang) -> String {
    let labels = |cards: &[Card]| cards.iter().map(|&c| super::texts::card_label(c, lang)).collect::<Vec<_>>().join(" ");
    match lang {
        Lang::En => format!("{name} took {} from the meld {} (a wild can be taken back when the card it stands for is put in its place)", labels(cards), labels(from)),
        Lang::Fr => format!("{name} a pris {} dans la combinaison {} (on reprend une floune en posant à sa place la carte qu'elle remplace)", labels(cards), labels(from)),
    }
}

fn testid(id: &str) -> String {
    format!("[data-testid=\"{id}\"]")
}

fn hand_card(i: usize) -> String {
    testid(&format!("ja-hand-card-{i}"))
}

/// The lay button of staged meld `m` (shown once cards are picked).
fn lay(m: usize) -> String {
    format!("[data-meld=\"{m}\"] button[data-act=\"m{m}\"]")
}

/// The cards matching `selector` as shown, and whether each is picked.
fn picks(selector: &str) -> Vec<(Card, bool)> {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else { return Vec::new() };
    let Ok(list) = document.query_selector_all(selector) else { return Vec::new() };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter_map(|el| {
            let card = Card::parse(&el.get_attribute("data-card")?)?;
            let on = el.get_attribute("aria-pressed").as_deref() == Some("true") || is_selected(&el);
            Some((card, on))
        })
        .collect()
}

fn selected(id: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(&testid(id)).ok().flatten())
        .is_some_and(|el| is_selected(&el) || el.get_attribute("aria-pressed").as_deref() == Some("true"))
}

/// The table marks a picked card (a loose wild) with the class `selected`.
fn is_selected(el: &web_sys::Element) -> bool {
    el.get_attribute("class").is_some_and(|c| c.split_whitespace().any(|w| w == "selected"))
}

/// `a` less `b`, as multisets.
fn minus(a: &[Card], b: &[Card]) -> Vec<Card> {
    let mut out = a.to_vec();
    for c in b {
        if let Some(at) = out.iter().position(|x| x == c) {
            out.remove(at);
        }
    }
    out
}

fn same(a: &TableMeld, b: &TableMeld) -> bool {
    a.owner == b.owner && a.cards.len() == b.cards.len() && minus(&a.cards, &b.cards).is_empty()
}

/// Toward laying `table`: a loose wild first (picked, then laid where it
/// is wanted); then each meld in turn — a swap (the natural from the hand
/// and the wild on the meld picked, then Swap), or cards from the hand
/// (picked, then Lay here or New meld); then Play. A card picked that the
/// next of these does not use is unpicked first.
fn play_target(session: &Session<Jachete>, table: &[TableMeld]) -> Option<String> {
    let view = session.view(session.viewer());
    let staging = staging::staging_from_note(&view, session.note(), session.actions().len());
    let staged = staging.staged_table();
    let hand = picks("[data-testid=\"ja-hand\"] button[data-card]");
    // A wild a swap freed (JA-14), and whether it is picked.
    let loose: Vec<(Card, bool)> = staging.loose.iter().enumerate().map(|(i, &c)| (c, selected(&format!("ja-loose-{i}")))).collect();
    let on_melds = |m: usize| picks(&format!("[data-meld=\"{m}\"] [data-act^=\"c{m}.\"]"));
    let picked_elsewhere = |keep_hand: &[Card], keep_melds: &[(usize, Card)]| -> Option<String> {
        let mut wanted = keep_hand.to_vec();
        for (i, &(c, on)) in hand.iter().enumerate() {
            if on {
                match wanted.iter().position(|w| *w == c) {
                    Some(at) => {
                        wanted.remove(at);
                    }
                    None => return Some(hand_card(i)),
                }
            }
        }
        let mut kept = keep_melds.to_vec();
        for m in 0..staged.len() {
            for (k, &(c, on)) in on_melds(m).iter().enumerate() {
                if on {
                    match kept.iter().position(|p| *p == (m, c)) {
                        Some(at) => {
                            kept.remove(at);
                        }
                        None => return Some(format!("[data-act=\"c{m}.{k}\"]")),
                    }
                }
            }
        }
        None
    };
    if let Some((i, &(card, on))) = loose.iter().enumerate().next() {
        if !on {
            return Some(testid(&format!("ja-loose-{i}")));
        }
        let m = table.iter().enumerate().position(|(m, want)| staged.get(m).is_some_and(|have| minus(&want.cards, &have.cards).contains(&card)))?;
        return Some(lay(m));
    }
    let in_hand: Vec<Card> = hand.iter().map(|&(c, _)| c).collect();
    // Each wanted meld against the staged one it is (the same cards), or
    // grows from (the same owner, the most cards in common), or none (new):
    // the engine and a bot may list the melds in another order.
    let mut free: Vec<usize> = (0..staged.len()).collect();
    let mut pairs: Vec<(&TableMeld, Option<usize>)> = Vec::new();
    let mut rest = Vec::new();
    for want in table {
        match free.iter().position(|&m| same(&staged[m], want)) {
            Some(at) => {
                free.remove(at);
            }
            None => rest.push(want),
        }
    }
    for want in rest {
        let best = free
            .iter()
            .enumerate()
            .filter(|(_, &m)| staged[m].owner == want.owner)
            .map(|(at, &m)| (at, staged[m].cards.len() - minus(&staged[m].cards, &want.cards).len()))
            .filter(|&(_, common)| common > 0)
            .max_by_key(|&(_, common)| common);
        pairs.push((want, best.map(|(at, _)| free.remove(at))));
    }
    if pairs.is_empty() && free.is_empty() {
        return Some(testid("ja-play"));
    }
    // The cards a staged meld holds that its wanted meld does not: they
    // move to another meld (JA-13).
    let mut surplus: Vec<(usize, Vec<Card>)> = pairs.iter().filter_map(|(want, m)| m.map(|m| (m, minus(&staged[m].cards, &want.cards)))).collect();
    surplus.extend(free.iter().map(|&m| (m, staged[m].cards.clone())));
    for (want, m) in pairs {
        let have = m.map(|m| staged[m].cards.clone()).unwrap_or_default();
        let missing = minus(&want.cards, &have);
        let extra = minus(&have, &want.cards);
        if let (Some(m), Some(&wild), Some(&natural)) = (m, extra.first(), missing.iter().find(|c| in_hand.contains(c))) {
            // A swap (JA-13): the natural from the hand for the wild on the meld.
            if let Some(other) = picked_elsewhere(&[natural], &[(m, wild)]) {
                return Some(other);
            }
            if !hand.iter().any(|&(c, on)| on && c == natural) {
                return hand.iter().position(|&(c, _)| c == natural).map(hand_card);
            }
            // The wild tapped with the natural picked: the table swaps them
            // at once (or, both picked, Swap does).
            let k = on_melds(m).iter().position(|&(c, _)| c == wild)?;
            if !on_melds(m)[k].1 {
                return Some(format!("[data-act=\"c{m}.{k}\"]"));
            }
            return Some(testid("ja-swap"));
        }
        if !extra.is_empty() || missing.is_empty() {
            continue;
        }
        // From another meld's surplus (moved), else from the hand: a card
        // the move takes off a meld must leave it, and the same card in the
        // hand (two decks) laid instead would leave it stuck there — a
        // table that is no longer the move, with nothing left to point at.
        let (mut from_hand, mut from_melds, mut spare, mut movable) = (Vec::new(), Vec::new(), in_hand.clone(), surplus.clone());
        let mut available = true;
        for &c in &missing {
            if let Some((j, cards)) = movable.iter_mut().find(|(j, cards)| Some(*j) != m && cards.contains(&c)) {
                if let Some(at) = cards.iter().position(|x| *x == c) {
                    cards.remove(at);
                }
                from_melds.push((*j, c));
            } else if let Some(at) = spare.iter().position(|x| *x == c) {
                spare.remove(at);
                from_hand.push(c);
            } else {
                available = false;
            }
        }
        // (A wild a swap frees comes later.)
        if !available {
            continue;
        }
        // Cards from several melds (JA-13): one meld's at a time, with the
        // hand's — a tap on another meld's card would lay the picked ones
        // there. The next look finds this meld grown and the rest missing.
        if let Some(&(first, _)) = from_melds.first() {
            from_melds.retain(|p| p.0 == first);
        }
        if let Some(other) = picked_elsewhere(&from_hand, &from_melds) {
            return Some(other);
        }
        // A meld's cards first: a tap on one while hand cards are picked
        // would lay them there.
        let mut meld_left = from_melds.clone();
        if let Some(&(j, _)) = from_melds.first() {
            let cards = on_melds(j);
            for &(c, on) in &cards {
                if on {
                    if let Some(at) = meld_left.iter().position(|p| p.1 == c) {
                        meld_left.remove(at);
                    }
                }
            }
            if let Some(&(_, next)) = meld_left.first() {
                if let Some(i) = hand.iter().position(|&(_, on)| on) {
                    return Some(hand_card(i));
                }
                let k = cards.iter().position(|&(c, on)| !on && c == next)?;
                return Some(format!("[data-act=\"c{j}.{k}\"]"));
            }
        }
        let mut left = from_hand.clone();
        for &(c, on) in &hand {
            if on {
                if let Some(at) = left.iter().position(|x| *x == c) {
                    left.remove(at);
                }
            }
        }
        if let Some(&next) = left.first() {
            return hand.iter().position(|&(c, on)| !on && c == next).map(hand_card);
        }
        return Some(match m {
            Some(m) => lay(m),
            None => testid("ja-new-meld"),
        });
    }
    // The table staged is no step toward the move (the person went another
    // way): start the turn's table again.
    staging.changed().then(|| testid("ja-reset-turn"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::{SeatKind, TableConfig};
    use tablee_bots::Level;
    use tablee_engine::Seed;

    /// A coached table (the person in seat 0, `gentle` bots), the person
    /// playing `normal`, up to where `stop` says.
    fn coached(seed: u64, stop: impl Fn(&Session<Jachete>) -> bool) -> Session<Jachete> {
        let mut config = TableConfig::<Jachete>::new(Seed::from_number(seed), 4);
        for s in config.seats.iter_mut().skip(1) {
            *s = SeatKind::Bot(Level::Gentle);
        }
        let mut s = Session::new(config).unwrap();
        while !stop(&s) && !s.is_over() {
            if s.bot_step().is_none() {
                let mine = s.decision(0, Level::Normal).decide();
                s.apply_human(mine).unwrap();
            }
        }
        s
    }

    /// JA-17, issue 52: the round's wrap-up says who went out, each other
    /// hand's points card by card (which add up to the round's points), the
    /// points' rule, and the next round's contract; it points at "Next
    /// round". Red if a hand's sum or the next contract were wrong.
    #[test]
    fn ja17_the_wrap_up_says_who_went_out_what_each_hand_scored_and_the_next_contract() {
        for seed in 0..6 {
            let s = coached(seed, |s| !s.state().results().is_empty());
            let result = &s.state().results()[0];
            for lang in Lang::ALL {
                let (line, at) = Jachete::wrap_up(&s, lang).unwrap();
                assert_eq!(at, "[data-testid=\"ja-next-round\"]");
                assert!(line.starts_with(&super::super::texts::went_out_text(s.config(), result.went_out, lang)), "{line}");
                let next = if lang == Lang::En { "round 2 of 7: 9 cards each, contract one set of 4" } else { "manche 2 sur 7\u{a0}: 9 cartes chacun, contrat une série de 4" };
                assert!(line.contains(next), "{line}");
                assert!(!line.contains("JA-"));
                for seat in (0..4).filter(|&seat| result.went_out != Some(seat)) {
                    let name = crate::i18n::seat_name(s.config(), seat, lang);
                    let said = format!("{name} {} (", result.round_points[seat]);
                    let at = line.find(&said).unwrap_or_else(|| panic!("{said} in {line}"));
                    let cards = &line[at + said.len()..line[at..].find(')').unwrap() + at];
                    let sum: i32 = cards.split(" + ").map(|c| c.rsplit(' ').next().unwrap().parse::<i32>().unwrap()).sum();
                    assert_eq!(sum, result.round_points[seat], "{cards}");
                }
            }
        }
    }

    /// Issue 52: before the person's decision, the coach says what the bots
    /// did since the person's own last move that matters (here: a buy), in
    /// both languages; nothing once the person has moved again.
    #[test]
    fn what_the_bots_did_is_said_before_the_persons_decision() {
        let bought = |s: &Session<Jachete>| {
            let me = s.human_to_act();
            me.is_some() && s.moves().last().is_some_and(|(seat, a)| seat != 0 && *a == JaAction::Buy)
        };
        let mut said = 0;
        for seed in 0..10 {
            let s = coached(seed, |s| bought(s) || s.state().results().len() > 1);
            if !bought(&s) {
                continue;
            }
            let (seat, _) = s.moves().last().unwrap();
            let name = crate::i18n::seat_name(s.config(), seat, Lang::En);
            let en = Jachete::table_talk(&s, Lang::En).unwrap();
            assert!(en.contains(&format!("{name} bought the ")), "{en}");
            let fr = Jachete::table_talk(&s, Lang::Fr).unwrap();
            assert!(fr.contains(&format!("{name} a acheté ")), "{fr}");
            said += 1;
        }
        assert!(said >= 3, "a bot bought on {said} of 10 deals");
        // The person's own move: then nothing new.
        let mut s = coached(0, |s| s.human_to_act().is_some() && s.actions().len() > 20);
        let mine = s.decision(0, Level::Normal).decide();
        s.apply_human(mine).unwrap();
        if s.human_to_act() == Some(0) {
            assert_eq!(Jachete::table_talk(&s, Lang::En), None);
        }
    }
}
