//! The J'achète research styles (`buyer`, `miser`, `opener`, and the `mix`
//! seat): only generated, legal actions over hundreds of seeded games, the
//! same seed the same games, and distinct play. Their no-leak check is in
//! `jachete_bots.rs` (`ja19_no_level_decides_on_the_hidden_cards`).

use tablee_bots::arena::{run_players, BuiltIn, Player, Table};
use tablee_bots::jachete::styles::{decide, Style, StylePlayer};
use tablee_bots::{jachete, Level};
use tablee_engine::jachete::{JaAction, JaGame, JaOptions};
use tablee_engine::rng::derive_seed;
use tablee_engine::{Game, Seed};

/// Seat `s` of game `g`: a style, or `normal` at one seat in four.
fn seat_of(g: u64, s: usize) -> Option<Style> {
    let k = (g as usize + s) % 4;
    (k < 3).then(|| Style::ALL[k])
}

#[test]
fn ja_styles_choose_only_generated_actions_that_apply_in_hundreds_of_games() {
    let mut legal = Vec::new();
    let mut counts = [[0usize; 3]; 3]; // per style: buys, openings, plays after opening
    for g in 0..300u64 {
        let players = 4 + (g % 3) as usize;
        let mut game = JaGame::new_game(players, JaOptions::default(), Seed::from_number(5000 + g)).unwrap();
        let mut moves = 0u64;
        while let Some(seat) = game.to_act() {
            game.actions(&mut legal);
            let view = game.view(seat);
            let seed = derive_seed(g, &format!("{seat}-{moves}"));
            let (action, style) = match seat_of(g, seat) {
                Some(style) => (decide(style, &view, &legal, seed), Some(style)),
                None => (jachete::decide(Level::Normal, &view, &legal, seed), None),
            };
            assert!(legal.contains(&action), "game {g}: {style:?} chose {action:?}, not generated");
            if let Some(style) = style {
                let i = Style::ALL.iter().position(|s| *s == style).unwrap();
                match &action {
                    JaAction::Buy => counts[i][0] += 1,
                    JaAction::Play { .. } if !view.opened[seat] => counts[i][1] += 1,
                    JaAction::Play { .. } => counts[i][2] += 1,
                    _ => {}
                }
            }
            game.apply(&action).unwrap_or_else(|e| panic!("game {g}: {action:?} refused: {e}"));
            moves += 1;
            assert!(moves < 200_000, "game {g} does not end");
        }
        assert!(game.outcome().is_some());
    }
    for (i, style) in Style::ALL.iter().enumerate() {
        assert!(counts[i].iter().all(|&n| n > 0), "{style} never bought, opened or played: {:?}", counts[i]);
    }
    // The buyer buys most, the miser least.
    assert!(counts[0][0] > counts[2][0] && counts[2][0] > counts[1][0], "buys: {counts:?}");
}

#[test]
fn ja_the_same_seed_plays_the_same_style_games() {
    let table = Table { players: 4, games: 12, seed: 77, options: JaOptions::default() };
    let run = || {
        let mut normal = BuiltIn(Level::Normal);
        let mut mixes: Vec<StylePlayer> = (0..3).map(StylePlayer::mix).collect();
        let mut seats: Vec<&mut dyn Player<JaGame>> = vec![&mut normal];
        seats.extend(mixes.iter_mut().map(|p| p as &mut dyn Player<JaGame>));
        let report = run_players(&table, &mut seats, |_| {}).expect("the arena runs");
        report.seats.iter().map(|s| (s.bot.clone(), s.win_share, s.mean_score, s.mean_extra)).collect::<Vec<_>>()
    };
    let first = run();
    assert_eq!(first, run());
    assert_eq!(first.iter().map(|s| s.0.as_str()).collect::<Vec<_>>(), ["normal", "mix", "mix", "mix"]);
    // And a decision is a function of the view (the seed is not even used).
    let game = JaGame::new_game(5, JaOptions::default(), Seed::from_number(3)).unwrap();
    let mut legal = Vec::new();
    game.actions(&mut legal);
    let view = game.view(game.to_act().unwrap());
    for style in Style::ALL {
        assert_eq!(decide(style, &view, &legal, 1), decide(style, &view, &legal, 2));
    }
}

#[test]
fn ja_mix_seats_put_one_of_each_style_at_every_table() {
    let game = JaGame::new_game(4, JaOptions::default(), Seed::from_number(1)).unwrap();
    let view = game.view(0);
    for g in 0..6 {
        let mut styles: Vec<Style> = (0..3)
            .map(|k| {
                let mut p = StylePlayer::mix(k);
                p.new_game(&view, g).unwrap();
                assert_eq!(p.style(), Style::ALL[(g + k) % 3]);
                p.style()
            })
            .collect();
        styles.sort_by_key(|s| s.name());
        assert_eq!(styles, [Style::Buyer, Style::Miser, Style::Opener], "game {g}");
    }
}
