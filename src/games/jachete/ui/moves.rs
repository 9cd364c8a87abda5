//! J'achète's moves in words, one source for the table and the replay: the
//! sentence a log would say ("Pacha buys the 6♣"), heard by screen readers
//! when a bot moves, and each seat's latest move of the round shown at its
//! seat as a bubble ("discards 9♦"), so that what the bots just did is seen
//! at the table itself (issue 13, items 8 and 9, as Katzenjammer's seats do).

use tablee_engine::jachete::{Card, JaAction};
use tablee_engine::Seat;

use super::{esc, Session};
use crate::app::lang::Lang;
use crate::games::jachete::refusals::the_card;
use crate::games::jachete::texts;
use crate::i18n;

/// A move as the other players see it (JA-19: a buy shows the card bought,
/// never the bonus card drawn with it).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Move {
    /// JA-19: bought the card on offer (`None`: no card was on offer, which
    /// the engine never allows; worded all the same).
    Bought(Option<Card>),
    /// Let the card on offer go.
    LetGo(Option<Card>),
    Discarded(Card),
    /// Laid this many cards on the table (opening, adding, rearranging).
    LaidDown(usize),
}

impl Move {
    /// What `action` of `seat` does in the game `before` it.
    pub fn of(before: &Session, seat: Seat, action: &JaAction) -> Move {
        let v = before.view(seat);
        match action {
            JaAction::Buy => Move::Bought(v.buy_card),
            JaAction::Decline => Move::LetGo(v.buy_card),
            JaAction::Discard(c) => Move::Discarded(*c),
            JaAction::Play { table } => {
                let count = |melds: &mut dyn Iterator<Item = usize>| melds.sum::<usize>();
                Move::LaidDown(count(&mut table.iter().map(|m| m.cards.len())).saturating_sub(count(&mut v.table.iter().map(|m| m.cards.len()))))
            }
        }
    }

    /// The log's sentence: "Ana buys the 7♥", "You discard the K♠", "Ben lays down 6 cards".
    pub fn sentence(self, s: &Session, seat: Seat, lang: Lang) -> String {
        let name = i18n::seat_name(s.config(), seat, lang);
        let you = i18n::is_you(s.config(), seat);
        let says = |en_you: &str, en: &str, fr_you: &str, fr: &str| i18n::says(lang, you, &name, en_you, en, fr_you, fr);
        let the = |c: Option<Card>, en: bool| match (c, en) {
            (Some(c), _) => the_card(c, lang),
            (None, true) => "the card".to_string(),
            (None, false) => "la carte".to_string(),
        };
        match self {
            Move::Bought(c) => says(&format!("buy {}", the(c, true)), &format!("buys {}", the(c, true)), &format!("achetez {}", the(c, false)), &format!("achète {}", the(c, false))),
            Move::LetGo(c) => says(&format!("let {} go", the(c, true)), &format!("lets {} go", the(c, true)), &format!("laissez passer {}", the(c, false)), &format!("laisse passer {}", the(c, false))),
            Move::Discarded(c) => says(
                &format!("discard {}", the(Some(c), true)),
                &format!("discards {}", the(Some(c), true)),
                &format!("défaussez {}", the(Some(c), false)),
                &format!("défausse {}", the(Some(c), false)),
            ),
            Move::LaidDown(n) => {
                let n = i18n::cards_count(n, lang);
                says(&format!("lay down {n}"), &format!("lays down {n}"), &format!("posez {n}"), &format!("pose {n}"))
            }
        }
    }

    /// The seat's bubble, without the name: "buys 6♣", "lets 6♣ go", "discards 9♦", "lays down 6 cards".
    pub fn bubble(self, lang: Lang) -> String {
        let card = |c: Option<Card>| c.map(|c| texts::card_label(c, lang)).unwrap_or_default();
        match (self, lang) {
            (Move::Bought(c), Lang::En) => format!("buys {}", card(c)),
            (Move::Bought(c), Lang::Fr) => format!("achète {}", card(c)),
            (Move::LetGo(c), Lang::En) => format!("lets {} go", card(c)),
            (Move::LetGo(c), Lang::Fr) => format!("laisse passer {}", card(c)),
            (Move::Discarded(c), Lang::En) => format!("discards {}", card(Some(c))),
            (Move::Discarded(c), Lang::Fr) => format!("défausse {}", card(Some(c))),
            (Move::LaidDown(n), Lang::En) => format!("lays down {}", i18n::cards_count(n, lang)),
            (Move::LaidDown(n), Lang::Fr) => format!("pose {}", i18n::cards_count(n, lang)),
        }
    }
}

/// Each seat's latest move of the round, followed move by move as the game
/// goes (the table asks after every move: only the new moves are replayed;
/// a take-back, which shortens the game, replays it from the deal).
#[derive(Clone)]
pub struct SeatMoves {
    /// The game replayed so far (`at.actions()` is a prefix of the game's).
    at: Session,
    /// Per seat: its latest move this round and the move's number.
    latest: Vec<Option<(Move, usize)>>,
    /// Per seat: the number of its latest move in the whole game.
    last_own: Vec<Option<usize>>,
    /// The newest move: who made it and what.
    newest: Option<(Seat, Move)>,
}

impl SeatMoves {
    /// The moves of `game`, followed from its deal.
    pub fn of(game: &Session) -> Option<SeatMoves> {
        let mut moves = SeatMoves::start(game)?;
        moves.follow(game);
        Some(moves)
    }

    fn start(game: &Session) -> Option<SeatMoves> {
        let players = game.config().players();
        Some(SeatMoves { at: Session::new(game.config().clone()).ok()?, latest: vec![None; players], last_own: vec![None; players], newest: None })
    }

    /// Catches up with `game` (the same table's game, later or taken back).
    pub fn follow(&mut self, game: &Session) {
        let seen = self.at.actions().len();
        let same = game.config().seed == self.at.config().seed && game.actions().get(..seen) == Some(self.at.actions());
        if !same {
            let Some(fresh) = SeatMoves::start(game) else { return };
            *self = fresh;
        }
        let done = self.at.actions().len();
        for (k, (seat, action)) in game.moves().enumerate().skip(done) {
            let m = Move::of(&self.at, seat, action);
            let rounds = self.at.state().results().len();
            if self.at.apply_recorded(seat, action).is_err() {
                return;
            }
            if self.at.state().results().len() > rounds {
                // A new round starts with no bubbles (its end is shown apart).
                self.latest.iter_mut().for_each(|l| *l = None);
            } else if let Some(l) = self.latest.get_mut(seat) {
                *l = Some((m, k));
            }
            if let Some(l) = self.last_own.get_mut(seat) {
                *l = Some(k);
            }
            self.newest = Some((seat, m));
        }
    }

    /// The newest move of the game: who made it and what.
    pub fn newest(&self) -> Option<(Seat, Move)> {
        self.newest
    }

    /// `seat`'s bubble as HTML: its latest move of the round, marked fresh
    /// when made since `viewer`'s own latest move (what they have not seen
    /// happen yet).
    pub fn bubble_html(&self, seat: Seat, viewer: Option<Seat>, lang: Lang) -> String {
        let Some((m, k)) = self.latest.get(seat).copied().flatten() else { return String::new() };
        let since = viewer.and_then(|v| self.last_own.get(v).copied().flatten());
        let fresh = since.is_none_or(|own| k > own);
        format!("<p class=\"bubble{}\" data-testid=\"ja-bubble-{seat}\">{}</p>", if fresh { " fresh" } else { "" }, esc(&m.bubble(lang)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::TableConfig;
    use crate::games::jachete::Jachete;
    use tablee_bots::Level;
    use tablee_engine::Seed;

    /// The same game's first `moves` moves (the person in seat 0 plays as `normal`).
    fn game(moves: usize) -> Session {
        let mut s = Session::new(TableConfig::<Jachete>::new(Seed::from_number(3), 4)).unwrap();
        while s.actions().len() < moves && !s.is_over() {
            if s.bot_step().is_none() {
                let mine = s.decision(s.to_act().unwrap(), Level::Normal).decide();
                s.apply_human(mine).unwrap();
            }
        }
        s
    }

    /// JA-19, issue 13: each seat's bubble is its latest move of the round,
    /// whatever the way it was followed (move by move, at once, or after a
    /// take-back to an earlier move): red if following skipped, doubled or
    /// kept a move that was taken back.
    #[test]
    fn ja19_each_seat_shows_its_latest_move_of_the_round() {
        let whole = game(120);
        let mut step = SeatMoves::of(&game(0)).unwrap();
        for n in [1, 2, 3, 10, 40, 41, 120] {
            step.follow(&game(n));
        }
        let at_once = SeatMoves::of(&whole).unwrap();
        // Taken back to move 30, then on again to 120.
        let mut back = SeatMoves::of(&whole).unwrap();
        back.follow(&game(30));
        assert_eq!(back.newest(), SeatMoves::of(&game(30)).unwrap().newest());
        back.follow(&whole);
        for moves in [&step, &back] {
            assert_eq!(moves.latest, at_once.latest);
            assert_eq!(moves.last_own, at_once.last_own);
        }
        // Where this round began (after the move that ended the last one),
        // then each seat's last move since, from the game's own moves.
        let mut before = Session::new(whole.config().clone()).unwrap();
        let mut round_start = 0;
        for (k, (seat, action)) in whole.moves().enumerate() {
            let rounds = before.state().results().len();
            before.apply_recorded(seat, action).unwrap();
            if before.state().results().len() > rounds {
                round_start = k + 1;
            }
        }
        assert!(round_start > 0, "the game is past its first round (the bubbles' reset is tested)");
        for seat in 0..4 {
            let last = whole.moves().enumerate().skip(round_start).filter(|(_, (s, _))| *s == seat).map(|(k, _)| k).last();
            assert_eq!(at_once.latest[seat].map(|(_, k)| k), last, "seat {seat}");
        }
        assert!(at_once.latest.iter().flatten().count() >= 3, "most seats have moved this round: {:?}", at_once.latest);
        // The bought card is the card that was on offer, and a discard is the discarded card.
        for (m, k) in at_once.latest.iter().flatten() {
            let (seat, action) = whole.moves().nth(*k).unwrap();
            match (m, action) {
                (Move::Discarded(c), JaAction::Discard(d)) => assert_eq!(c, d),
                (Move::Bought(Some(_)) | Move::LetGo(Some(_)), JaAction::Buy | JaAction::Decline) => {}
                (Move::LaidDown(n), JaAction::Play { .. }) => assert!(*n > 0, "seat {seat} laid down nothing"),
                other => panic!("{other:?}"),
            }
        }
    }

    /// Issue 13: a bubble is fresh when the move came after the viewer's own
    /// latest move, and is worded without a rule id in both languages.
    #[test]
    fn a_bubble_is_fresh_until_the_viewer_moves() {
        let whole = game(60);
        let moves = SeatMoves::of(&whole).unwrap();
        let (newest, _) = moves.newest().unwrap();
        let html = moves.bubble_html(newest, Some((newest + 1) % 4), Lang::En);
        assert!(html.contains("bubble fresh"), "{html}");
        let own = moves.bubble_html(newest, Some(newest), Lang::Fr);
        assert!(own.contains("class=\"bubble\""), "one's own latest move is not fresh: {own}");
        for lang in [Lang::En, Lang::Fr] {
            for seat in 0..4 {
                assert!(!moves.bubble_html(seat, None, lang).contains("JA-"));
            }
        }
        assert_eq!(Move::Discarded(tablee_engine::jachete::Card::Joker).bubble(Lang::En), "discards ★");
        assert_eq!(Move::LaidDown(6).bubble(Lang::Fr), "pose 6 cartes");
        // French articles: "l'A♥" (as), "la D♠" (dame), "le 7♥".
        let card = |c| tablee_engine::jachete::Card::parse(c).unwrap();
        let fr = |c| Move::Bought(Some(card(c))).sentence(&whole, 1, Lang::Fr);
        assert!(fr("AH").ends_with("achète l'A♥"), "{}", fr("AH"));
        assert!(fr("QS").ends_with("achète la D♠"), "{}", fr("QS"));
        assert!(fr("7H").ends_with("achète le 7♥"), "{}", fr("7H"));
        assert!(Move::Discarded(card("AH")).sentence(&whole, 1, Lang::En).ends_with("discards the A♥"));
    }
}
