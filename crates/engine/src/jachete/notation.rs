//! J'achète's action notation (`shared/spec/scenarios.md`), the one codec of
//! its actions: scenario files and the bot protocol read and write actions here.
//!
//! ```json
//! {"act": "buy"}
//! {"act": "decline"}
//! {"act": "play", "table": [{"owner": 0, "cards": ["7H", "7S", "2C"]}, ...]}
//! {"act": "discard", "card": "KD"}
//! ```
//!
//! A `play` proposes the whole table as it should stand, every meld with its
//! owner. No `"seat"`: whose move it is belongs to the caller (a reader
//! ignores the key). Whether an action is legal is the game's business
//! ([`crate::Game::check`]): any table written correctly is an action, which
//! the rules then accept or refuse in its position. Only a table naming more
//! copies of a card than the two decks hold is refused here
//! ([`ActionError::Refused`]): no position can accept it, and the reader
//! stops at the third copy, however many the text lists.

use super::{Card, JaAction, Refusal, TableMeld, DECK_SIZE, KINDS};
use crate::json::Json;
use crate::notation::read::{array, malformed, object, required, string, uint};
use crate::notation::ActionError;

/// Cards by name, in the order given: `["7H", "7S", "2C"]`.
pub fn cards_to_json(cards: &[Card]) -> Json {
    Json::Arr(cards.iter().map(|c| Json::Str(c.to_string())).collect())
}

/// Melds in table order: `[{"owner": 0, "cards": ["7H", "7S", "2C"]}, ...]`,
/// each meld's cards in the order they lie.
pub fn table_to_json(table: &[TableMeld]) -> Json {
    Json::Arr(table.iter().map(|m| Json::obj([("owner", m.owner.into()), ("cards", cards_to_json(&m.cards))])).collect())
}

/// An action in the notation, without `"seat"`. [`action_from_json`] reads it back.
pub fn action_to_json(action: &JaAction) -> Json {
    match action {
        JaAction::Buy => Json::obj([("act", "buy".into())]),
        JaAction::Decline => Json::obj([("act", "decline".into())]),
        JaAction::Play { table } => Json::obj([("act", "play".into()), ("table", table_to_json(table))]),
        JaAction::Discard(card) => Json::obj([("act", "discard".into()), ("card", Json::Str(card.to_string()))]),
    }
}

/// Reads one action object. A `"seat"` key is not read here.
pub fn action_from_json(value: &Json) -> Result<JaAction, ActionError<Refusal>> {
    read_action(value, "action")
}

/// [`action_from_json`], naming the object `at` in its errors (a scenario
/// file's `actions[3]`).
pub(crate) fn read_action(value: &Json, at: &str) -> Result<JaAction, ActionError<Refusal>> {
    let obj = object(value, at)?;
    let action = match string(required(obj, "act", at)?, &format!("{at}.act"))? {
        "buy" => JaAction::Buy,
        "decline" => JaAction::Decline,
        "discard" => JaAction::Discard(card(required(obj, "card", at)?, &format!("{at}.card"))?),
        "play" => {
            let what = format!("{at}.table");
            let melds = array(required(obj, "table", at)?, &what)?;
            let mut table = Vec::with_capacity(melds.len());
            let mut copies = [0usize; KINDS];
            for (j, m) in melds.iter().enumerate() {
                let mat = format!("{what}[{j}]");
                let mobj = object(m, &mat)?;
                let owner = uint(required(mobj, "owner", &mat)?, &format!("{mat}.owner"))?;
                let list = array(required(mobj, "cards", &mat)?, &format!("{mat}.cards"))?;
                let mut cards = Vec::with_capacity(list.len().min(DECK_SIZE));
                for (i, c) in list.iter().enumerate() {
                    let card = card(c, &format!("{mat}.cards[{i}]"))?;
                    copies[card.kind_index()] += 1;
                    if copies[card.kind_index()] > usize::from(card.copies()) {
                        return Err(ActionError::Refused(Refusal::TooManyCopies { card }.into()));
                    }
                    cards.push(card);
                }
                table.push(TableMeld { owner, cards });
            }
            JaAction::Play { table }
        }
        other => {
            return Err(malformed(format!("{at}.act is \"buy\", \"decline\", \"play\" or \"discard\", not \"{other}\"")))
        }
    };
    Ok(action)
}

/// One card by name: `"AS"`, `"10H"`, `"JK"` (the case of letters is free).
pub(crate) fn card(value: &Json, what: &str) -> Result<Card, ActionError<Refusal>> {
    let text = string(value, what)?;
    Card::parse(text).ok_or_else(|| {
        malformed(format!("{what}: unknown card name \"{text}\" (cards are like \"AS\", \"10H\", \"2C\", \"JK\")"))
    })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::jachete::{JaGame, JaOptions};
    use crate::rng::Rng;
    use crate::{Game, Seed};

    fn read(text: &str) -> Result<JaAction, ActionError<Refusal>> {
        action_from_json(&Json::parse(text).unwrap())
    }

    fn c(name: &str) -> Card {
        Card::parse(name).unwrap()
    }

    /// Plays first, so that tables grow; else a random candidate (a policy
    /// for tests that want tables and whole games).
    pub(crate) fn plays_first(legal: &[JaAction], rng: &mut Rng) -> JaAction {
        legal
            .iter()
            .find(|a| matches!(a, JaAction::Play { .. }))
            .cloned()
            .unwrap_or_else(|| legal[rng.index(legal.len())].clone())
    }

    /// Every generated action of many seeded positions survives the trip to
    /// JSON (as text) and back.
    #[test]
    fn actions_read_back_what_they_write() {
        let mut legal = Vec::new();
        let mut positions = 0;
        let mut kinds = [0usize; 4];
        for g in 0..8u64 {
            let players = 3 + g as usize % 6;
            let options = JaOptions { three_players: players == 3 };
            let mut game = JaGame::new_game(players, options, Seed::from_number(100 + g)).unwrap();
            let mut rng = Rng::new(g);
            let mut steps = 0;
            while game.to_act().is_some() && steps < 1500 {
                game.actions(&mut legal);
                for action in &legal {
                    let json = action_to_json(action);
                    assert!(json.get("seat").is_none());
                    let text = json.text();
                    assert_eq!(action_from_json(&Json::parse(&text).unwrap()).as_ref(), Ok(action), "{text}");
                    kinds[match action {
                        JaAction::Buy => 0,
                        JaAction::Decline => 1,
                        JaAction::Play { .. } => 2,
                        JaAction::Discard(_) => 3,
                    }] += 1;
                }
                positions += 1;
                steps += 1;
                let pick = if g % 2 == 0 { plays_first(&legal, &mut rng) } else { legal[rng.index(legal.len())].clone() };
                game.apply(&pick).unwrap();
            }
        }
        assert!(positions > 1000, "{positions}");
        assert!(kinds.iter().all(|&k| k > 50), "every kind of action was written and read: {kinds:?}");
    }

    #[test]
    fn the_notation_is_the_documented_one() {
        assert_eq!(action_to_json(&JaAction::Buy).text(), r#"{"act":"buy"}"#);
        assert_eq!(action_to_json(&JaAction::Decline).text(), r#"{"act":"decline"}"#);
        assert_eq!(action_to_json(&JaAction::Discard(c("KD"))).text(), r#"{"act":"discard","card":"KD"}"#);
        let table = vec![
            TableMeld { owner: 0, cards: vec![c("8S"), c("8C"), c("8D")] },
            TableMeld { owner: 2, cards: vec![c("10H"), c("JH"), c("QH"), c("JK"), c("AH")] },
        ];
        assert_eq!(
            action_to_json(&JaAction::Play { table }).text(),
            r#"{"act":"play","table":[{"owner":0,"cards":["8S","8C","8D"]},{"owner":2,"cards":["10H","JH","QH","JK","AH"]}]}"#
        );
        assert_eq!(action_to_json(&JaAction::Play { table: vec![] }).text(), r#"{"act":"play","table":[]}"#);
    }

    #[test]
    fn bad_action_objects_are_malformed() {
        for bad in [
            r#"{"act": "fly"}"#,
            r#"[1, 2]"#,
            r#"null"#,
            r#"{"act": 3}"#,
            r#"{"act": "discard"}"#,
            r#"{"act": "discard", "card": "1H"}"#,
            r#"{"act": "discard", "card": 7}"#,
            r#"{"act": "discard", "card": "🂡"}"#,
            r#"{"act": "play"}"#,
            r#"{"act": "play", "table": [{"cards": ["7H"]}]}"#,
            r#"{"act": "play", "table": [{"owner": -1, "cards": ["7H"]}]}"#,
            r#"{"act": "play", "table": [{"owner": 1.5, "cards": ["7H"]}]}"#,
            r#"{"act": "play", "table": [{"owner": 99999999999999999999999, "cards": ["7H"]}]}"#,
            r#"{"act": "play", "table": [{"owner": 0}]}"#,
            r#"{"act": "play", "table": [{"owner": 0, "cards": "7H"}]}"#,
            r#"{"act": "play", "table": [["7H"]]}"#,
            r#"{"act": "play", "table": {"owner": 0}}"#,
        ] {
            assert!(matches!(read(bad), Err(ActionError::Malformed(_))), "{bad}");
        }
        assert_eq!(
            read(r#"{"act": "play", "table": [{"owner": 0, "cards": ["7H", "XX"]}]}"#).unwrap_err().to_string(),
            r#"action.table[0].cards[1]: unknown card name "XX" (cards are like "AS", "10H", "2C", "JK")"#
        );
    }

    /// More copies of a card than the decks hold: written correctly, but no
    /// position accepts it. However absurd the count, the reader stops early.
    #[test]
    fn impossible_tables_are_refused() {
        let table = |cards: &[&str]| {
            let cards: Vec<String> = cards.iter().map(|c| format!("\"{c}\"")).collect();
            format!(r#"{{"act": "play", "table": [{{"owner": 0, "cards": [{}]}}]}}"#, cards.join(","))
        };
        let three_aces = r#"{"act": "play", "table": [{"owner": 0, "cards": ["AS", "AS"]}, {"owner": 1, "cards": ["as"]}]}"#;
        assert_eq!(
            read(three_aces),
            Err(ActionError::Refused(Refusal::TooManyCopies { card: Card::parse("AS").unwrap() }.into()))
        );
        for bad in [table(&["JK"; 5]), table(&["KS"; 3]), table(&vec!["7H"; 100_000])] {
            assert!(matches!(read(&bad), Err(ActionError::Refused(_))), "{}", &bad[..80]);
        }
        // The reader stops at the impossible copy: a bad name after it is not reached.
        let early = r#"{"act": "play", "table": [{"owner": 0, "cards": ["2C", "2C", "2C", "XX"]}]}"#;
        assert!(matches!(read(early), Err(ActionError::Refused(_))));
        assert!(matches!(read(&table(&["JK"; 4])), Ok(JaAction::Play { .. })));
        assert!(matches!(read(&table(&["KS", "KS", "KD"])), Ok(JaAction::Play { .. })));
    }

    #[test]
    fn well_written_actions_are_read_whatever_the_position() {
        assert_eq!(read(r#"{"seat": 4, "act": "buy"}"#), Ok(JaAction::Buy));
        assert_eq!(read(r#"{"act": "discard", "card": "10h"}"#), Ok(JaAction::Discard(c("10H"))));
        // Any well-written table is an action; the rules judge it later.
        let odd = r#"{"act": "play", "table": [{"owner": 9, "cards": ["KS", "2C"]}, {"owner": 0, "cards": []}]}"#;
        let table = vec![TableMeld { owner: 9, cards: vec![c("KS"), c("2C")] }, TableMeld { owner: 0, cards: vec![] }];
        assert_eq!(read(odd), Ok(JaAction::Play { table }));
    }
}
