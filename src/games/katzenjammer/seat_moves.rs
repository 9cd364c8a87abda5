//! What each seat did in the auction on the table, for the bubbles at the
//! seats: a player sees the bids, the passes and who took the row where the
//! players sit, not only in the log.

use tablee_engine::katzenjammer::{BidLevel, Counts, Event};
use tablee_engine::Seat;

/// A seat's latest move in the current auction (KB-7..KB-12, all public: KB-21).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatMove {
    Bid(BidLevel),
    Passed,
    /// Won the auction: paid these cards and took the row (KB-12).
    TookRow { paid: Counts },
}

/// Each seat's latest move since the current row began, with `true` for the
/// move just made (the log's newest), which the table marks as fresh. A row
/// begins after the previous one was presented or discarded (KB-11, KB-14), so
/// a new row starts with no bubbles.
pub fn seat_moves(log: &[Event], players: usize) -> Vec<Option<(SeatMove, bool)>> {
    let mut moves = vec![None; players];
    let newest = log.len().saturating_sub(1);
    for (at, event) in log.iter().enumerate().rev() {
        let (seat, m): (Seat, SeatMove) = match *event {
            Event::Presented { .. } | Event::RowDiscarded { .. } => break,
            Event::Bid { seat, level } => (seat, SeatMove::Bid(level)),
            Event::Passed { seat } => (seat, SeatMove::Passed),
            Event::Won { seat, paid, .. } => (seat, SeatMove::TookRow { paid }),
            _ => continue,
        };
        if let Some(slot @ None) = moves.get_mut(seat) {
            *slot = Some((m, at == newest));
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::katzenjammer::{Action, BidKind, KbState, Options, Phase};
    use tablee_engine::Seed;

    fn level(count: u8, value: u8) -> BidLevel {
        BidLevel { kind: BidKind::Same(value), count }
    }

    /// KB-7, KB-12: a bid outbid later is still the seat's last move; a pass
    /// replaces nothing of the others'; the newest move alone is fresh.
    #[test]
    fn kb_7_each_seat_keeps_its_latest_move_in_the_auction() {
        let log = vec![
            Event::Dealt { bandleader: 0 },
            Event::Bid { seat: 1, level: level(1, 2) },
            Event::Bid { seat: 2, level: level(1, 3) },
            Event::Passed { seat: 0 },
            Event::Bid { seat: 1, level: level(2, 1) },
        ];
        let moves = seat_moves(&log, 4);
        assert_eq!(moves[0], Some((SeatMove::Passed, false)));
        assert_eq!(moves[1], Some((SeatMove::Bid(level(2, 1)), true)));
        assert_eq!(moves[2], Some((SeatMove::Bid(level(1, 3)), false)));
        assert_eq!(moves[3], None);
    }

    /// KB-11, KB-14: the row after a presentation or a discarded row starts
    /// with no bubbles; the winner's bubble says it took the row.
    #[test]
    fn kb_12_a_new_row_starts_without_bubbles_and_the_winner_took_the_row() {
        let won = Event::Won { seat: 2, paid: Counts::default(), row: Counts::default() };
        let log = vec![Event::Bid { seat: 2, level: level(1, 3) }, Event::Passed { seat: 0 }, won];
        let moves = seat_moves(&log, 3);
        assert_eq!(moves[2], Some((SeatMove::TookRow { paid: Counts::default() }, true)));
        assert_eq!(moves[0], Some((SeatMove::Passed, false)));
        let mut next = log.clone();
        next.push(Event::RowDiscarded { row: Counts::default() });
        assert_eq!(seat_moves(&next, 3), vec![None; 3]);
    }

    /// Played through the engine: in a real game's first auction, each pass
    /// but the last (which ends the row, KB-11) is its seat's fresh bubble.
    #[test]
    fn kb_7_bubbles_follow_a_real_auction() {
        let mut state = KbState::new_game(3, Options::default(), Seed::from_number(5)).unwrap();
        for _ in 0..2 {
            let seat = state.to_act().unwrap();
            state.apply(&Action::Pass).unwrap();
            assert_eq!(state.phase(), Phase::Bidding);
            assert_eq!(seat_moves(state.log(), 3)[seat], Some((SeatMove::Passed, true)));
        }
    }
}
