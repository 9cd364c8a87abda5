//! Katzenjammer Blues scenarios (`"game": "katzenjammer"`), and the JSON
//! encoders the bot protocol shares with them (docs/bot-protocol.md): views,
//! public events, options and results. Actions are written and read by
//! [`crate::katzenjammer::notation`].

use crate::scenario::{bool_option, card_list, hands_and_stock, list, run_with, Malformed};
use crate::json::Json;
use crate::katzenjammer::notation::{self, cards_to_json, foursomes_to_json};
use crate::katzenjammer::{Action, BidKind, BidLevel, Card, Counts, EndCause, Event, KbState, KbView, Options, Phase, StandingBid};
use crate::notation::read::{array, object, required, string, uint};
use crate::Seat;

/// Runs a Katzenjammer scenario (its `"game"` already read) and gives the output object.
pub fn run(input: &Json) -> Result<Json, Malformed> {
    let over = "the game is over: no more actions";
    run_with(input, notation::read_action, start, over, KbState::to_act, KbState::apply, |s| (state_json(s), result_to_json(s)))
}

/// The scenario's position before its actions (the first reveal made): what
/// a lesson (issue 42) starts from, read as `run` reads it.
pub fn start(input: &Json) -> Result<KbState, Malformed> {
    let players = uint(required(input, "players", "the scenario")?, "\"players\"")?;
    let options = Options { full_mice: bool_option(input, "full_mice")? };
    let bandleader = uint(required(input, "bandleader", "the scenario")?, "\"bandleader\"")?;
    let (hands, stock) = hands_and_stock(input, notation::card)?;
    KbState::from_position(players, options, bandleader, &hands, &stock).map_err(|e| Malformed(e.to_string()))
}

/// The scenario output's `"state"` object: everything, every hand included.
fn state_json(state: &KbState) -> Json {
    let players = (0..state.players())
        .map(|s| {
            Json::obj([
                ("hand", cards_to_json(&state.hand(s))),
                ("mice", state.mice(s).into()),
                ("jokers_shown", state.jokers_shown(s).into()),
            ])
        })
        .collect();
    Json::obj([
        ("phase", state.phase().name().into()),
        ("to_act", state.to_act().into()),
        ("bandleader", state.bandleader().into()),
        ("row", row_json(state.row())),
        ("high_bid", high_bid_json(state.high_bid())),
        ("passed", list(&state.passed())),
        ("stock", state.stock_len().into()),
        ("mice_left", state.mice_left().into()),
        ("discard", discard_json(&state.discard())),
        ("players", Json::Arr(players)),
    ])
}

// ----- encoders shared with the bot protocol (docs/bot-protocol.md) ----------

/// The row in the order it was turned: `["2", "4", "J"]`.
fn row_json(row: &[Card]) -> Json {
    Json::Arr(row.iter().map(|c| c.symbol().into()).collect())
}

/// The discard pile as counts per kind: `{"1": 0, ..., "5": 0, "J": 4}`.
fn discard_json(discard: &Counts) -> Json {
    Json::Obj(Card::ALL.iter().map(|&c| (c.symbol().to_string(), discard.get(c).into())).collect())
}

/// `"kind"` and `"value"` of a bid level: `("same", 2)` or `("different", null)`.
fn kind_json(kind: BidKind) -> [(&'static str, Json); 2] {
    match kind {
        BidKind::Same(v) => [("kind", "same".into()), ("value", v.into())],
        BidKind::Different => [("kind", "different".into()), ("value", Json::Null)],
    }
}

fn high_bid_json(bid: Option<StandingBid>) -> Json {
    bid.map_or(Json::Null, |b| {
        let [kind, value] = kind_json(b.level.kind);
        Json::obj([("seat", b.seat.into()), kind, value, ("count", b.level.count.into())])
    })
}

/// One public event of the history (KB-13, KB-21), tagged by `"event"`:
/// `dealt`, `revealed`, `drew`, `bid`, `passed`, `won`, `row_discarded`,
/// `presented`, `game_over`. Nothing private: a draw has no card, a bid no cards.
pub fn event_to_json(event: &Event) -> Json {
    let tag = |name: &str| ("event", Json::str(name));
    match *event {
        Event::Dealt { bandleader } => Json::obj([tag("dealt"), ("bandleader", bandleader.into())]),
        Event::Revealed { card } => Json::obj([tag("revealed"), ("card", card.symbol().into())]),
        Event::Drew { seat } => Json::obj([tag("drew"), ("seat", seat.into())]),
        Event::Bid { seat, level } => {
            let [kind, value] = kind_json(level.kind);
            Json::obj([tag("bid"), ("seat", seat.into()), kind, value, ("count", level.count.into())])
        }
        Event::Passed { seat } => Json::obj([tag("passed"), ("seat", seat.into())]),
        Event::Won { seat, paid, row } => Json::obj([
            tag("won"),
            ("seat", seat.into()),
            ("paid", cards_to_json(&paid)),
            ("row", cards_to_json(&row)),
        ]),
        Event::RowDiscarded { row } => Json::obj([tag("row_discarded"), ("row", cards_to_json(&row))]),
        Event::Presented { seat, presentation, mice } => Json::obj([
            tag("presented"),
            ("seat", seat.into()),
            ("foursomes", foursomes_to_json(&presentation)),
            ("mice", mice.into()),
        ]),
        Event::GameOver { cause } => Json::obj([
            tag("game_over"),
            ("cause", match cause { EndCause::Stock => "stock", EndCause::Mice => "mice" }.into()),
        ]),
    }
}

/// One seat's view in the bot protocol: the keys of the scenario `"state"`
/// object, except that each entry of `"players"` has `"hand_size"` instead of
/// `"hand"` (the viewer's own entry has both), plus `"seat"` (the viewer) and
/// `"history"` (the public events, oldest first, [`event_to_json`]).
pub fn view_to_json(view: &KbView) -> Json {
    let players = (0..view.players)
        .map(|s| {
            let mut p = Json::obj([
                ("hand_size", view.hand_sizes[s].into()),
                ("mice", view.mice[s].into()),
                ("jokers_shown", view.jokers_shown[s].into()),
            ]);
            if s == view.seat {
                p.set("hand", cards_to_json(&view.hand));
            }
            p
        })
        .collect();
    let mut json = Json::obj([
        ("seat", view.seat.into()),
        ("phase", view.phase.name().into()),
        ("to_act", view.to_act.into()),
        ("bandleader", view.bandleader.into()),
        ("row", row_json(&view.row)),
        ("high_bid", high_bid_json(view.high_bid)),
        ("passed", list(&view.passed)),
        ("stock", view.stock.into()),
        ("mice_left", view.mice_left.into()),
        ("discard", discard_json(&view.discard)),
        ("players", Json::Arr(players)),
        ("history", Json::Arr(view.history.iter().map(event_to_json).collect())),
    ]);
    // KB-5: the card a joker row made the bot draw (a key added, only while
    // that row is auctioned: older readers see the views they knew).
    if let Some(card) = view.drawn {
        json.set("drawn", card.symbol().into());
    }
    json
}

/// Reads a seat's view back from [`view_to_json`] (a friend's device is
/// sent its view so, issue 55): the view's JSON carries no options, which
/// the table's set-up gives. Strict: any key missing or out of range is
/// [`Malformed`], naming it; never a panic.
pub fn view_from_json(json: &Json, options: Options) -> Result<KbView, Malformed> {
    let at = "the view";
    object(json, at)?;
    let seat_of = |value: &Json, what: &str, players: usize| -> Result<Seat, Malformed> {
        let seat = uint(value, what)?;
        if seat >= players {
            return Err(Malformed(format!("{what} is seat {seat} of {players}")));
        }
        Ok(seat)
    };
    let list_of = |key: &str| -> Result<&[Json], Malformed> { Ok(array(required(json, key, at)?, &format!("\"{key}\""))?) };
    let entries = list_of("players")?;
    let players = entries.len();
    if !(2..=8).contains(&players) {
        return Err(Malformed(format!("\"players\" lists {players} seats")));
    }
    let seat = seat_of(required(json, "seat", at)?, "\"seat\"", players)?;
    let phase = match string(required(json, "phase", at)?, "\"phase\"")? {
        "bidding" => Phase::Bidding,
        "presenting" => Phase::Presenting,
        "over" => Phase::Over,
        other => return Err(Malformed(format!("\"phase\" is bidding, presenting or over, not \"{other}\""))),
    };
    let to_act = match required(json, "to_act", at)? {
        Json::Null => None,
        v => Some(seat_of(v, "\"to_act\"", players)?),
    };
    let bandleader = seat_of(required(json, "bandleader", at)?, "\"bandleader\"", players)?;
    let row = card_list(required(json, "row", at)?, "\"row\"", notation::card)?;
    let high_bid = match required(json, "high_bid", at)? {
        Json::Null => None,
        bid => Some(StandingBid { seat: seat_of(required(bid, "seat", "\"high_bid\"")?, "high_bid.seat", players)?, level: level(bid, "\"high_bid\"")? }),
    };
    let passed = list_of("passed")?.iter().map(|s| seat_of(s, "\"passed\"", players)).collect::<Result<Vec<_>, _>>()?;
    let stock = uint(required(json, "stock", at)?, "\"stock\"")?;
    let mice_left = small(required(json, "mice_left", at)?, "\"mice_left\"")?;
    let discard_obj = object(required(json, "discard", at)?, "\"discard\"")?;
    let mut discard = Counts::EMPTY;
    for card in Card::ALL {
        let n = small(required(discard_obj, card.symbol(), "\"discard\"")?, "a discard count")?;
        discard.add(card, n);
    }
    let (mut hand, mut hand_sizes, mut mice, mut jokers_shown) = (Counts::EMPTY, Vec::new(), Vec::new(), Vec::new());
    for (s, p) in entries.iter().enumerate() {
        let what = format!("players[{s}]");
        object(p, &what)?;
        hand_sizes.push(uint(required(p, "hand_size", &what)?, &format!("{what}.hand_size"))?);
        let m = required(p, "mice", &what)?.as_i64().and_then(|m| i32::try_from(m).ok());
        mice.push(m.ok_or_else(|| Malformed(format!("{what}.mice is not a number of mice")))?);
        jokers_shown.push(small(required(p, "jokers_shown", &what)?, &format!("{what}.jokers_shown"))?);
        if s == seat {
            hand = counts(required(p, "hand", &what)?, &format!("{what}.hand"))?;
        }
    }
    let history = list_of("history")?.iter().enumerate().map(|(i, e)| event(e, &format!("history[{i}]"), players)).collect::<Result<Vec<_>, _>>()?;
    let drawn = json.get("drawn").map(|c| notation::card(c, "\"drawn\"")).transpose()?;
    Ok(KbView {
        seat,
        players,
        options,
        phase,
        to_act,
        bandleader,
        row,
        high_bid,
        passed,
        stock,
        mice_left,
        discard,
        hand,
        drawn,
        hand_sizes,
        mice,
        jokers_shown,
        history,
    })
}

/// A count that fits a byte (jokers shown, mice left, a card's copies).
fn small(value: &Json, what: &str) -> Result<u8, Malformed> {
    value.as_u64().and_then(|n| u8::try_from(n).ok()).ok_or_else(|| Malformed(format!("{what} must be a small whole number, not {value}")))
}

/// Cards as counts, at most the game's copies of each.
fn counts(value: &Json, what: &str) -> Result<Counts, Malformed> {
    let mut counts = Counts::EMPTY;
    for card in card_list(value, what, notation::card)? {
        if counts.get(card) >= crate::katzenjammer::COPIES {
            return Err(Malformed(format!("{what} has more {} cards than the game's", card.symbol())));
        }
        counts.add(card, 1);
    }
    Ok(counts)
}

/// A bid's level as [`kind_json`] and `"count"` write it.
fn level(obj: &Json, what: &str) -> Result<BidLevel, Malformed> {
    let kind = match string(required(obj, "kind", what)?, &format!("{what}.kind"))? {
        "same" => BidKind::Same(small(required(obj, "value", what)?, &format!("{what}.value")).and_then(|v| {
            if (1..=5).contains(&v) {
                Ok(v)
            } else {
                Err(Malformed(format!("{what}.value must be 1 to 5, not {v}")))
            }
        })?),
        "different" => BidKind::Different,
        other => return Err(Malformed(format!("{what}.kind is \"same\" or \"different\", not \"{other}\""))),
    };
    Ok(BidLevel { kind, count: small(required(obj, "count", what)?, &format!("{what}.count"))? })
}

/// One event as [`event_to_json`] writes it.
fn event(value: &Json, what: &str, players: usize) -> Result<Event, Malformed> {
    object(value, what)?;
    let seat = || -> Result<Seat, Malformed> {
        let seat = uint(required(value, "seat", what)?, &format!("{what}.seat"))?;
        if seat >= players {
            return Err(Malformed(format!("{what}.seat is seat {seat} of {players}")));
        }
        Ok(seat)
    };
    Ok(match string(required(value, "event", what)?, &format!("{what}.event"))? {
        "dealt" => Event::Dealt { bandleader: uint(required(value, "bandleader", what)?, &format!("{what}.bandleader"))? },
        "revealed" => Event::Revealed { card: notation::card(required(value, "card", what)?, &format!("{what}.card"))? },
        "drew" => Event::Drew { seat: seat()? },
        "bid" => Event::Bid { seat: seat()?, level: level(value, what)? },
        "passed" => Event::Passed { seat: seat()? },
        "won" => Event::Won {
            seat: seat()?,
            paid: counts(required(value, "paid", what)?, &format!("{what}.paid"))?,
            row: counts(required(value, "row", what)?, &format!("{what}.row"))?,
        },
        "row_discarded" => Event::RowDiscarded { row: counts(required(value, "row", what)?, &format!("{what}.row"))? },
        "presented" => {
            // The foursomes as a `present` action writes them: its reader.
            let act = Json::obj([("act", "present".into()), ("foursomes", required(value, "foursomes", what)?.clone())]);
            let Action::Present(presentation) = notation::action_from_json(&act).map_err(|e| Malformed(format!("{what}: {e}")))? else {
                return Err(Malformed(format!("{what}.foursomes are not a presentation")));
            };
            Event::Presented { seat: seat()?, presentation, mice: small(required(value, "mice", what)?, &format!("{what}.mice"))? }
        }
        "game_over" => Event::GameOver {
            cause: match string(required(value, "cause", what)?, &format!("{what}.cause"))? {
                "stock" => EndCause::Stock,
                "mice" => EndCause::Mice,
                other => return Err(Malformed(format!("{what}.cause is \"stock\" or \"mice\", not \"{other}\""))),
            },
        },
        other => return Err(Malformed(format!("{what}.event: unknown event \"{other}\""))),
    })
}

/// The options object of a scenario: `{"full_mice": false}`.
pub fn options_to_json(options: Options) -> Json {
    Json::obj([("full_mice", options.full_mice.into())])
}

/// The scenario `"result"` object of a finished game (`None` while it runs):
/// `{"mice": [...], "jokers": [...], "winners": [...]}`, mice after KB-18.
pub fn result_to_json(state: &KbState) -> Option<Json> {
    if state.phase() != Phase::Over {
        return None;
    }
    state.outcome().map(|outcome| {
        Json::obj([
            ("mice", list(&outcome.scores)),
            ("jokers", list(&state.final_jokers())),
            ("winners", list(&outcome.winners)),
        ])
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Seed;

    fn keys(obj: &Json) -> Vec<&str> {
        let Json::Obj(fields) = obj else { panic!("not an object: {obj}") };
        let mut keys: Vec<&str> = fields.iter().map(|(k, _)| k.as_str()).collect();
        keys.sort_unstable();
        keys
    }

    /// A view shows the viewer's hand and only the sizes of the others.
    #[test]
    fn views_hide_the_other_hands() {
        let state = KbState::new_game(4, Options::default(), Seed::from_number(3)).unwrap();
        let view = view_to_json(&state.view(2));
        let scenario = state_json(&state);
        let mut view_keys = keys(&view);
        view_keys.retain(|k| *k != "seat" && *k != "history");
        assert_eq!(view_keys, keys(&scenario));
        let players = view.get("players").and_then(Json::as_array).unwrap();
        for (s, p) in players.iter().enumerate() {
            assert_eq!(p.get("hand_size").and_then(Json::as_u64), Some(state.hand_size(s) as u64));
            assert_eq!(p.get("hand").is_some(), s == 2, "{p}");
        }
        let scenario_players = scenario.get("players").and_then(Json::as_array).unwrap();
        assert_eq!(players[2].get("hand"), scenario_players[2].get("hand"));
        let history = view.get("history").and_then(Json::as_array).unwrap();
        assert_eq!(history[0], Json::obj([("event", "dealt".into()), ("bandleader", state.bandleader().into())]));
        assert_eq!(view.get("seat"), Some(&Json::int(2)));
    }

    /// The encoders write what the documented format says.
    #[test]
    fn the_encodings_are_the_documented_ones() {
        let state = KbState::new_game(3, Options::default(), Seed::from_number(5)).unwrap();
        let discard = Json::parse(r#"{"1":0,"2":0,"3":0,"4":0,"5":0,"J":0}"#).unwrap();
        assert_eq!(state_json(&state).get("discard"), Some(&discard));
        assert_eq!(options_to_json(Options { full_mice: true }).text(), r#"{"full_mice":true}"#);
        let level = |kind| crate::katzenjammer::BidLevel { kind, count: 3 };
        assert_eq!(
            event_to_json(&Event::Bid { seat: 1, level: level(BidKind::Different) }).text(),
            r#"{"event":"bid","seat":1,"kind":"different","value":null,"count":3}"#
        );
        assert_eq!(
            event_to_json(&Event::Bid { seat: 0, level: level(BidKind::Same(4)) }).text(),
            r#"{"event":"bid","seat":0,"kind":"same","value":4,"count":3}"#
        );
        let cats = crate::katzenjammer::Presentation { foursomes: [0, 0, 1, 0, 0], jokers: [0, 0, 1, 0, 0], cats: 1 };
        assert_eq!(
            event_to_json(&Event::Presented { seat: 2, presentation: cats, mice: 5 }).text(),
            r#"{"event":"presented","seat":2,"foursomes":[{"value":3,"cards":["3","3","3","J"]},{"value":null,"cards":["J","J","J","J"]}],"mice":5}"#
        );
        assert_eq!(result_to_json(&state), None);
    }

    /// Issue 55: every seat's view at every decision of many seeded games
    /// (random play, both options) reads back the very same view.
    #[test]
    fn views_read_back_from_their_json() {
        use crate::rng::Rng;
        use crate::Game;
        let mut checked = 0;
        for i in 0..150u64 {
            let options = Options { full_mice: i % 2 == 1 };
            let mut state = KbState::new_game(3 + (i as usize % 4), options, Seed::from_number(i + 1)).unwrap();
            let mut rng = Rng::new(i);
            let mut legal = Vec::new();
            loop {
                for seat in 0..state.players() {
                    let view = state.view(seat);
                    let json = Json::parse(&view_to_json(&view).text()).unwrap();
                    assert_eq!(view_from_json(&json, options).map_err(|e| e.0), Ok(view), "game {i} seat {seat}");
                    checked += 1;
                }
                if state.to_act().is_none() {
                    break;
                }
                state.actions(&mut legal);
                state.apply(&legal[rng.index(legal.len())].clone()).unwrap();
            }
        }
        assert!(checked > 10_000, "{checked}");
    }
}
