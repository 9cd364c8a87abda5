use super::*;

fn samples_from_friend() -> Vec<FromFriend> {
    vec![
        FromFriend::Hello { version: 1, seat: 2, token: [7; TOKEN_BYTES], build: "1.2.3-abc".into() },
        FromFriend::Commit(Commitment([0xab; 32])),
        FromFriend::Reveal(Secret([0x01; 32])),
        FromFriend::Move { n: 12, action: Json::parse(r#"{"act":"bid","kind":"same","cards":["2","2"]}"#).unwrap() },
        FromFriend::Ping { n: 99 },
        FromFriend::Away,
        FromFriend::Back,
    ]
}

fn samples_from_host() -> Vec<FromHost> {
    vec![
        FromHost::Welcome {
            version: 1,
            seat: 1,
            game: "g".into(),
            options: Json::parse(r#"{"three_players":false}"#).unwrap(),
            seats: vec![
                SeatKind::Host { name: "Anne".into() },
                SeatKind::Friend { name: "Émile".into() },
                SeatKind::Bot { level: "normal".into() },
                SeatKind::Bot { level: "easy".into() },
            ],
            build: "b1".into(),
        },
        FromHost::Commits(vec![Commitment([1; 32]), Commitment([2; 32])]),
        FromHost::View { n: 0, by: None, moved: None, view: Json::parse(r#"{"seat":1}"#).unwrap(), legal: vec![] },
        FromHost::View {
            n: 7,
            by: Some(3),
            moved: Some(Json::parse(r#"{"act":"discard","card":"9D"}"#).unwrap()),
            view: Json::parse(r#"{"seat":1,"hand":["2S"]}"#).unwrap(),
            legal: vec![Json::parse(r#"{"act":"buy"}"#).unwrap(), Json::parse(r#"{"act":"decline"}"#).unwrap()],
        },
        FromHost::Seats(vec![Status::Connected, Status::Away, Status::Bot, Status::Waiting]),
        FromHost::Refused { reason: Reason::Illegal, n: 4 },
        FromHost::Pong { n: 3 },
        FromHost::End { secrets: vec![Secret([3; 32]), Secret([4; 32])], log: Json::parse(r#"{"v":1}"#).unwrap() },
        FromHost::Bye,
    ]
}

#[test]
fn every_message_reads_back_as_written() {
    for m in samples_from_friend() {
        assert_eq!(FromFriend::parse(&m.text()), Ok(m.clone()), "{}", m.text());
    }
    for m in samples_from_host() {
        assert_eq!(FromHost::parse(&m.text()), Ok(m.clone()), "{}", m.text());
    }
}

#[test]
fn the_readers_refuse_with_a_typed_reason() {
    let cases: &[(&str, BadMessage)] = &[
        ("", BadMessage::NotJson { at: 0 }),
        ("[1]", BadMessage::NotAnObject),
        ("{}", BadMessage::UnknownType),
        (r#"{"t":"shout"}"#, BadMessage::UnknownType),
        (r#"{"t":7}"#, BadMessage::UnknownType),
        (r#"{"t":"ping"}"#, BadMessage::Missing("n")),
        (r#"{"t":"ping","n":-1}"#, BadMessage::Bad("n")),
        (r#"{"t":"ping","n":1.5}"#, BadMessage::Bad("n")),
        (r#"{"t":"ping","n":1,"x":2}"#, BadMessage::Extra),
        (r#"{"t":"ping","n":1,"n":2}"#, BadMessage::Extra),
        (r#"{"t":"away","t":"back"}"#, BadMessage::Extra),
        (r#"{"t":"commit","hash":"ab"}"#, BadMessage::Bad("hash")),
        (r#"{"t":"move","n":1,"act":"pass"}"#, BadMessage::Bad("act")),
        (r#"{"t":"hello","v":1,"seat":9,"token":"0707070707070707","build":"b"}"#, BadMessage::Bad("seat")),
        (r#"{"t":"hello","v":1,"seat":1,"token":"07","build":"b"}"#, BadMessage::Bad("token")),
        (r#"{"t":"hello","v":1,"seat":1,"token":"0707070707070707","build":"a b"}"#, BadMessage::Bad("build")),
        (r#"{"t":"hello","v":300,"seat":1,"token":"0707070707070707","build":"b"}"#, BadMessage::Bad("v")),
    ];
    for (text, reason) in cases {
        assert_eq!(FromFriend::parse(text).as_ref(), Err(reason), "{text}");
    }
    let long = format!(r#"{{"t":"move","n":1,"act":{{"pad":"{}"}}}}"#, "x".repeat(MAX_FROM_FRIEND));
    assert_eq!(FromFriend::parse(&long), Err(BadMessage::TooLong { len: long.len(), max: MAX_FROM_FRIEND }));
    // Nesting deeper than the engine's reader allows is refused, not a stack overflow.
    let deep = format!(r#"{{"t":"move","n":1,"act":{}{}}}"#, "[".repeat(2000), "]".repeat(2000));
    assert!(matches!(FromFriend::parse(&deep), Err(BadMessage::NotJson { .. })));
}

#[test]
fn the_hosts_messages_are_read_strictly_too() {
    for text in [
        r#"{"t":"seats","status":["here"]}"#,
        r#"{"t":"seats","status":[]}"#,
        r#"{"t":"refused","reason":"because","n":1}"#,
        r#"{"t":"view","n":1,"by":9,"view":{},"legal":[]}"#,
        r#"{"t":"view","n":1,"by":null,"view":{},"legal":[1]}"#,
        r#"{"t":"welcome","v":1,"seat":3,"game":"g","options":{},"seats":[{"kind":"bot","level":"easy"},{"kind":"bot","level":"easy"}],"build":"b"}"#,
        r#"{"t":"welcome","v":1,"seat":0,"game":"g","options":{},"seats":[{"kind":"host","name":""},{"kind":"bot","level":"easy"}],"build":"b"}"#,
        r#"{"t":"welcome","v":1,"seat":0,"game":"g","options":{},"seats":[{"kind":"host","name":"a","x":1},{"kind":"bot","level":"easy"}],"build":"b"}"#,
        r#"{"t":"end","secrets":[],"log":{}}"#,
    ] {
        assert!(FromHost::parse(text).is_err(), "{text}");
    }
    let name = "x".repeat(MAX_NAME + 1);
    let text = format!(r#"{{"t":"welcome","v":1,"seat":0,"game":"g","options":{{}},"seats":[{{"kind":"host","name":"{name}"}},{{"kind":"bot","level":"easy"}}],"build":"b"}}"#);
    assert_eq!(FromHost::parse(&text), Err(BadMessage::Bad("name")));
}

#[test]
fn a_channel_is_closed_after_ten_refusals_within_a_minute() {
    let mut strikes = Strikes::default();
    // Spread out, refusals never add up.
    for i in 0..100 {
        assert!(!strikes.strike(i * 7_000));
    }
    let mut strikes = Strikes::default();
    for i in 0..Strikes::LIMIT - 1 {
        assert!(!strikes.strike(1_000 + i as u64));
    }
    assert!(strikes.strike(2_000));
}
