//! How the position of Katzenjammer's lesson "The end" was found
//! (`cargo run -p tablee-lessons --example katzenjammer_find_positions`):
//! seeded games of easy bots, stopped where seat 0 opens an auction with few
//! mice left and a small bid that, everyone else passing, wins a row whose
//! foursome takes the last mice (KB-17) and wins the game (KB-18, KB-19).

use tablee_bots::katzenjammer::decide;
use tablee_bots::Level;
use tablee_engine::json::Json;
use tablee_engine::katzenjammer::notation::{action_to_json, cards_to_json};
use tablee_engine::katzenjammer::{Action, Counts, Deal, EndCause, KbState, Options, Phase};
use tablee_engine::{Game, Seed};

fn with_seat(seat: usize, action: &Action) -> Json {
    let mut json = Json::obj([("seat", seat.into())]);
    if let Json::Obj(fields) = action_to_json(action) {
        for (k, v) in fields {
            json.set(&k, v);
        }
    }
    json
}

fn main() {
    for seed in 0..400u64 {
        let deal = Deal::new(4, Seed::from_number(seed)).unwrap();
        let mut state = KbState::from_position(4, Options::default(), deal.bandleader, &deal.hands, &deal.stock).unwrap();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        while let Some(seat) = state.to_act() {
            state.actions(&mut legal);
            if seat == 0 && state.phase() == Phase::Bidding && state.high_bid().is_none() && state.mice_left() <= 6 && state.passed().is_empty() {
                for bid in legal.iter().filter(|a| matches!(a, Action::Bid(b) if b.cards.total() <= 2)) {
                    let mut trial = state.clone();
                    trial.apply(bid).unwrap();
                    while trial.phase() == Phase::Bidding && trial.to_act() != Some(0) {
                        trial.apply(&Action::Pass).unwrap();
                    }
                    if trial.phase() != Phase::Presenting || trial.to_act() != Some(0) {
                        continue;
                    }
                    let mut presents = Vec::new();
                    trial.actions(&mut presents);
                    for present in &presents {
                        let mut end = trial.clone();
                        end.apply(present).unwrap();
                        let Action::Present(p) = present else { continue };
                        let one = p.foursomes.iter().sum::<u8>() == 1 && p.cats == 0;
                        let outcome = end.outcome();
                        if one && end.end_cause() == Some(EndCause::Mice) && outcome.as_ref().is_some_and(|o| o.winners == vec![0]) && end.final_jokers().iter().any(|&j| j > 0) {
                            let position = Json::obj([
                                ("game", "katzenjammer".into()),
                                ("players", 4usize.into()),
                                ("bandleader", deal.bandleader.into()),
                                ("hands", Json::Arr(deal.hands.iter().map(|h| cards_to_json(&Counts::of(h))).collect())),
                                ("stock", Json::Arr(deal.stock.iter().map(|c| c.symbol().into()).collect())),
                                ("actions", Json::Arr(moves.clone())),
                            ]);
                            println!("seed {seed} mice_left {} hand {:?} row {:?}", state.mice_left(), state.hand(0).cards(), state.row());
                            println!("bid {}", with_seat(0, bid).text());
                            println!("present {}", with_seat(0, present).text());
                            println!("jokers {:?} mice {:?}", end.final_jokers(), (0..4).map(|s| end.mice(s)).collect::<Vec<_>>());
                            println!("POSITION {}", position.text());
                            return;
                        }
                    }
                }
            }
            let action = decide(Level::Easy, &state.view(seat), &legal, seed * 1000 + moves.len() as u64);
            moves.push(with_seat(seat, &action));
            state.apply(&action).unwrap();
        }
    }
    panic!("no position found");
}
