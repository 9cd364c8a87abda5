//! `tablee coach`'s machinery for any game (the command line is read in
//! `coach_cmd.rs`): each game's tool (`games/<game>/`) picks its coached
//! deals and calls [`compare`] or [`turns`] (docs/lessons.md, "The coached
//! first game").

use std::io::{IsTerminal, Write};

use tablee_bots::arena::Table;
use tablee_bots::coach::{self, CoachedGame, Comparison, Newcomer, Pair};
use tablee_engine::Seed;

use crate::failure::Failure;

/// What the command asked for, whatever the game.
pub struct Ask {
    pub players: usize,
    pub games: usize,
    pub seed: u64,
    pub seed_label: String,
    pub json: bool,
    pub turns: bool,
    /// Who plays the newcomer's seat: the coach, or a level (to see what
    /// the measure can tell).
    pub newcomer: Newcomer,
    /// `--vet N`: the arena's first N deals of the seed (the newcomer in
    /// seat 0) instead of the game's coached deals.
    pub vet: Option<usize>,
    /// Threads sharing the deals (`--jobs`, default 1).
    pub jobs: usize,
}

/// Progress on stderr, when it is a terminal.
fn note(done: usize, of: usize) {
    if std::io::stderr().is_terminal() {
        eprint!("\r{done}/{of} coached deals");
        let _ = std::io::stderr().flush();
        if done == of {
            eprintln!();
        }
    }
}

/// The paired comparison of the coach and the expert on `ask.games`
/// coached deals of game `G` (`better`: the word for a higher score, "more
/// mice" or "more points").
pub fn compare<G: CoachedGame + Send>(ask: &Ask, options: G::Options, unit: &str, lower_wins: bool) -> Result<(), Failure>
where
    G::Options: Sync,
{
    let games = G::deals().map_or(ask.games, |n| n.min(ask.games));
    let table = Table { players: ask.players, games, seed: ask.seed, options };
    let mut ended = 0;
    let report = coach::compare::<G>(&table, ask.newcomer, ask.jobs, |i, p: &Pair| {
        if !ask.json {
            outln!(
                "deal {i} {} seat {} {} {} {:.2} place {} expert {} {:.2} place {}{} ({} decisions)",
                p.seed,
                p.seat,
                ask.newcomer.name(),
                p.coach.0,
                p.coach.1,
                p.coach.2,
                p.expert.0,
                p.expert.1,
                p.expert.2,
                if p.same { " same game" } else { "" },
                p.decisions
            );
        }
        ended += 1;
        note(ended, games);
    })
    .map_err(Failure::runtime)?;
    print_comparison(&report, ask, G::NAME, unit, lower_wins);
    Ok(())
}

fn print_comparison(r: &Comparison, ask: &Ask, game: &str, unit: &str, lower_wins: bool) {
    if ask.json {
        let paired = |p: &coach::Paired| format!("{{\"mean\": {:.4}, \"ci95\": {:.4}}}", p.mean, p.ci95);
        outln!(
            "{{\"game\": \"{game}\", \"games\": {}, \"players\": {}, \"seed\": \"{}\", \"coach_score\": {:.3}, \"expert_score\": {:.3}, \
             \"coach_share\": {:.4}, \"expert_share\": {:.4}, \"coach_place\": {:.3}, \"expert_place\": {:.3}, \
             \"score_diff\": {}, \"share_diff\": {}, \"place_diff\": {}, \"decisions\": {}, \"same_games\": {}}}",
            r.games,
            ask.players,
            ask.seed_label,
            r.coach_score,
            r.expert_score,
            r.coach_share,
            r.expert_share,
            r.coach_place,
            r.expert_place,
            paired(&r.score),
            paired(&r.share),
            paired(&r.place),
            r.decisions,
            r.same
        );
        return;
    }
    let who = ask.newcomer.name();
    outln!(
        "{game}: {} coached deals of {} players (seed {}), {who} and then expert in the newcomer's seat, gentle bots elsewhere",
        r.games, ask.players, ask.seed_label
    );
    outln!("  mean {unit}: {who} {:.2}, expert {:.2} ({})", r.coach_score, r.expert_score, if lower_wins { "the fewer the better" } else { "the more the better" });
    outln!("  win share: {who} {:.3}, expert {:.3}; mean place: {who} {:.2}, expert {:.2}", r.coach_share, r.expert_share, r.coach_place, r.expert_place);
    outln!("  {who} minus expert, per deal (95% CI): {unit} {:+.3} ± {:.3}, win share {:+.4} ± {:.4}, place {:+.3} ± {:.3}", r.score.mean, r.score.ci95, r.share.mean, r.share.ci95, r.place.mean, r.place.ci95);
    outln!("  the same game move for move (every decision of {who} the expert's): {} of {} deals; {} decisions of {who}", r.same, r.games, r.decisions);
}

/// The newcomer's turns in the first round of each deal (`deal(i)`: its
/// seed and the newcomer's seat; `round`: the turns and who went out),
/// printed with their least and median and the deals under `at_least`;
/// `keep`: the deals at `at_least` or more, listed for the game's coached
/// deals.
pub fn turns(
    ask: &Ask,
    games: usize,
    at_least: usize,
    deal: impl Fn(usize) -> (Seed, usize) + Sync,
    round: impl Fn(Seed, usize) -> Result<(usize, Option<usize>), String> + Sync,
) -> Result<(), Failure> {
    let mut ended = 0;
    let rounds = coach::each_deal(
        games,
        ask.jobs,
        |i| {
            let (seed, seat) = deal(i);
            round(seed, seat).map(|(n, out)| (seed, seat, n, out))
        },
        |i, &(seed, seat, n, went_out)| {
            if !ask.json {
                outln!("deal {i} {seed} seat {seat} turns {n} out {}", went_out.map_or("nobody".to_string(), |s| s.to_string()));
            }
            ended += 1;
            note(ended, games);
        },
    )
    .map_err(Failure::runtime)?;
    let mut all = Vec::with_capacity(games);
    let (mut short, mut kept) = (Vec::new(), Vec::new());
    let mut out_by_newcomer = 0;
    for (i, &(_, seat, n, went_out)) in rounds.iter().enumerate() {
        out_by_newcomer += usize::from(went_out == Some(seat));
        if n < at_least {
            short.push(i);
        } else {
            kept.push(i);
        }
        all.push(n);
    }
    all.sort_unstable();
    let (min, median, max) = (all.first().copied().unwrap_or(0), all.get(all.len() / 2).copied().unwrap_or(0), all.last().copied().unwrap_or(0));
    if ask.json {
        outln!(
            "{{\"games\": {games}, \"newcomer\": \"{}\", \"min\": {min}, \"median\": {median}, \"max\": {max}, \"short\": {short:?}, \"newcomer_went_out\": {out_by_newcomer}}}",
            ask.newcomer.name()
        );
    } else {
        outln!(
            "{games} deals: the newcomer ({}) has {min} to {max} turns in the first round, median {median}; {} under {at_least}; the newcomer went out in {out_by_newcomer}",
            ask.newcomer.name(),
            short.len()
        );
        if ask.vet.is_some() {
            outln!("{} deals of seed {} with {at_least} turns or more: {kept:?}", kept.len(), ask.seed_label);
        }
    }
    Ok(())
}
