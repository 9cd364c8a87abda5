//! A match's words (KB-20: several games with running totals; the highest
//! total wins, ties shared), in French and English. The numbers — each
//! game's mice, the totals, the leaders, the next game's seed — are the
//! engine's `Match`; this only words them. Only the whole app's build shows
//! matches (feature `matchplay`, docs/architecture.md "Matches").

use tablee_engine::katzenjammer::Match;
use tablee_engine::Seat;

use super::texts::mice;
type Table = crate::app::config::TableConfig<super::Katzenjammer>;
use crate::app::result::ScoreOrder;
use crate::app::lang::Lang;
use crate::app::result::places;
use crate::i18n::{is_you, join_and, place_text, seat_name};

/// "Game 2 of 3" / "Partie 2 sur 3".
pub fn game_of(number: usize, games: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Game {number} of {games}"),
        Lang::Fr => format!("Partie {number} sur {games}"),
    }
}

/// The standings' heading: "Match · after game 1 of 3", or "Match over".
pub fn heading(record: &Match, lang: Lang) -> String {
    if record.is_over() {
        lang.pick("Match over", "Match terminé").to_string()
    } else {
        match lang {
            Lang::En => format!("Match · after game {} of {}", record.records.len(), record.games_planned),
            Lang::Fr => format!("Match · après la partie {} sur {}", record.records.len(), record.games_planned),
        }
    }
}

/// Who leads (or won) the match, and with how many mice: "Pacha leads the
/// match with 3 mice.", "You win the match with 7 mice.", "You and Pacha
/// share the victory with 7 mice each."
pub fn leaders_text(config: &Table, record: &Match, lang: Lang) -> String {
    let leaders = record.leaders();
    let best = record.totals().get(leaders[0]).copied().unwrap_or(0);
    let names = join_and(&leaders.iter().map(|&s| seat_name(config, s, lang)).collect::<Vec<_>>(), lang);
    let you = leaders.iter().any(|&s| is_you(config, s));
    let total = mice(best, lang);
    match (lang, record.is_over(), leaders.len(), you) {
        (Lang::En, true, 1, true) => format!("You win the match with {total}."),
        (Lang::En, true, 1, false) => format!("{names} wins the match with {total}."),
        (Lang::En, true, _, _) => format!("{names} share the victory with {total} each."),
        (Lang::En, false, 1, true) => format!("You lead the match with {total}."),
        (Lang::En, false, 1, false) => format!("{names} leads the match with {total}."),
        (Lang::En, false, _, _) => format!("{names} share the lead with {total} each."),
        (Lang::Fr, true, 1, true) => format!("Vous gagnez le match avec {total}."),
        (Lang::Fr, true, 1, false) => format!("{names} gagne le match avec {total}."),
        (Lang::Fr, true, _, true) => format!("{names} partagez la victoire avec {total} chacun."),
        (Lang::Fr, true, _, false) => format!("{names} partagent la victoire avec {total} chacun."),
        (Lang::Fr, false, 1, true) => format!("Vous menez le match avec {total}."),
        (Lang::Fr, false, 1, false) => format!("{names} mène le match avec {total}."),
        (Lang::Fr, false, _, true) => format!("{names} êtes en tête à égalité avec {total} chacun."),
        (Lang::Fr, false, _, false) => format!("{names} sont en tête à égalité avec {total} chacun."),
    }
}

/// The running totals in one line, leaders first: "You 3 · Pacha 1 · Ada 0".
pub fn totals_line(config: &Table, record: &Match, lang: Lang) -> String {
    let totals = record.totals();
    let mut seats: Vec<Seat> = (0..totals.len()).collect();
    seats.sort_by_key(|&s| -totals[s]);
    seats.iter().map(|&s| format!("{} {}", seat_name(config, s, lang), crate::i18n::num(totals[s]))).collect::<Vec<_>>().join(" · ")
}

/// The deal bar's line during game `number` of a match: "Match · game 2 of
/// 3 · You 3 · Pacha 1", the totals of `record`'s games (the standings:
/// this game's mice join them once it is over).
pub fn status(config: &Table, record: &Match, number: usize, lang: Lang) -> String {
    let game = game_of(number, record.games_planned, lang);
    let game = lang.pick("game", "partie").to_string() + &game[game.find(' ').unwrap_or(0)..];
    if record.records.is_empty() {
        format!("Match · {game}")
    } else {
        format!("Match · {game} · {}", totals_line(config, record, lang))
    }
}

/// "Next game (2 of 3)" / "Partie suivante (2 sur 3)".
pub fn next_game(record: &Match, lang: Lang) -> String {
    let (n, of) = (record.records.len() + 1, record.games_planned);
    match lang {
        Lang::En => format!("Next game ({n} of {of})"),
        Lang::Fr => format!("Partie suivante ({n} sur {of})"),
    }
}

/// The unfinished games' list: "Match · game 2 of 3" (or "… game 1 of 3
/// over" between two games).
pub fn kept(number: usize, games: usize, over: bool, lang: Lang) -> String {
    // (ASCII: the words are "Game"/"Partie"; Unicode's case tables cost ~13 KB gzip)
    let game = game_of(number, games, lang).to_ascii_lowercase();
    match (over, lang) {
        (false, _) => format!("Match · {game}"),
        (true, Lang::En) => format!("Match · {game} over"),
        (true, Lang::Fr) => format!("Match · {game} finie"),
    }
}

/// The match's share text: the table, the person's total and place, and
/// the match's link (no language: it opens in the reader's).
pub fn share_text(config: &Table, record: &Match, url: &str, lang: Lang) -> String {
    let players = config.players();
    let games = record.games_planned;
    let head = match lang {
        Lang::En => format!("Tablée · Katzenjammer Blues · match of {games} games · {players} players"),
        Lang::Fr => format!("Tablée · Katzenjammer Blues · match en {games} parties · {players} joueurs"),
    };
    let totals = record.totals();
    let result = match config.solo_seat() {
        Some(me) => {
            let place = place_text(places(&totals, ScoreOrder::HighestWins)[me], players, lang);
            let won = record.is_over() && record.leaders().contains(&me);
            match (lang, won) {
                (Lang::En, true) => format!("I won the match: {}, {place}.", mice(totals[me], lang)),
                (Lang::En, false) => format!("My match: {}, {place}.", mice(totals[me], lang)),
                (Lang::Fr, true) => format!("J'ai gagné le match : {}, {place}.", mice(totals[me], lang)),
                (Lang::Fr, false) => format!("Mon match : {}, {place}.", mice(totals[me], lang)),
            }
        }
        None => leaders_text(config, record, lang),
    };
    let challenge = lang.pick("Can you beat the bots over this match?", "Saurez-vous battre les bots sur ce match ?");
    format!("{head}\n{result} {challenge}\n{url}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::app::config::TableConfig;
    use crate::games::katzenjammer::Katzenjammer;
    use tablee_engine::katzenjammer::{GameRecord, Options};
    use tablee_engine::Seed;

    fn after(games: usize, played: &[&[i32]]) -> (Table, Match) {
        let config = TableConfig::<Katzenjammer>::new(Seed::from_number(7), 4);
        let mut record = Match::new(4, Options::default(), config.seed, games);
        for mice in played {
            record.records.push(GameRecord { mice: mice.to_vec(), winners: vec![] });
        }
        (config, record)
    }

    #[test]
    fn kb20_standings_name_the_leader_and_the_game() {
        let (config, record) = after(3, &[&[1, 3, 0, 2]]);
        assert_eq!(heading(&record, Lang::En), "Match · after game 1 of 3");
        assert_eq!(heading(&record, Lang::Fr), "Match · après la partie 1 sur 3");
        // Seat 1 is the first bot: its name comes from the shell's list.
        let bot = seat_name(&config, 1, Lang::En);
        assert_eq!(leaders_text(&config, &record, Lang::En), format!("{bot} leads the match with 3 mice."));
        assert_eq!(leaders_text(&config, &record, Lang::Fr), format!("{bot} mène le match avec 3 souris."));
        assert_eq!(next_game(&record, Lang::En), "Next game (2 of 3)");
        assert_eq!(next_game(&record, Lang::Fr), "Partie suivante (2 sur 3)");
        assert!(status(&config, &record, 2, Lang::En).starts_with(&format!("Match · game 2 of 3 · {bot} 3 · ")), "{}", status(&config, &record, 2, Lang::En));
        // Game 1 over: its number stays, its mice are the totals.
        assert!(status(&config, &record, 1, Lang::En).starts_with(&format!("Match · game 1 of 3 · {bot} 3 · ")));
        assert_eq!(status(&config, &after(3, &[]).1, 1, Lang::Fr), "Match · partie 1 sur 3");
        assert_eq!(kept(2, 3, false, Lang::En), "Match · game 2 of 3");
        assert_eq!(kept(1, 3, true, Lang::Fr), "Match · partie 1 sur 3 finie");
    }

    #[test]
    fn kb20_the_highest_total_wins_the_match_and_ties_are_shared() {
        // You: 2 + 3 = 5, the first bot 3 + 1 = 4.
        let (config, record) = after(2, &[&[2, 3, 0, -1], &[3, 1, 1, 2]]);
        assert!(record.is_over());
        assert_eq!(heading(&record, Lang::En), "Match over");
        assert_eq!(leaders_text(&config, &record, Lang::En), "You win the match with 5 mice.");
        assert_eq!(leaders_text(&config, &record, Lang::Fr), "Vous gagnez le match avec 5 souris.");
        let (config, tied) = after(2, &[&[2, 3, 0, -1], &[2, 1, 1, 2]]);
        let bot = seat_name(&config, 1, Lang::En);
        assert_eq!(leaders_text(&config, &tied, Lang::En), format!("You and {bot} share the victory with 4 mice each."));
        assert_eq!(leaders_text(&config, &tied, Lang::Fr), format!("Vous et {bot} partagez la victoire avec 4 souris chacun."));
        // A negative total keeps its true minus sign.
        let (config, low) = after(1, &[&[-1, -1, -1, -1]]);
        assert!(leaders_text(&config, &low, Lang::En).contains("\u{2212}1 mouse each"));
    }

    #[test]
    fn the_match_share_text_has_the_persons_total_and_the_link() {
        let (config, record) = after(2, &[&[2, 3, 0, -1], &[3, 1, 1, 2]]);
        let text = share_text(&config, &record, "https://x/?seed=1&match=2", Lang::En);
        assert_eq!(
            text,
            "Tablée · Katzenjammer Blues · match of 2 games · 4 players\nI won the match: 5 mice, 1st of 4. Can you beat the bots over this match?\nhttps://x/?seed=1&match=2"
        );
        let fr = share_text(&config, &record, "u", Lang::Fr);
        assert!(fr.starts_with("Tablée · Katzenjammer Blues · match en 2 parties · 4 joueurs\nJ'ai gagné le match : 5 souris, 1er sur 4."), "{fr}");
    }
}
