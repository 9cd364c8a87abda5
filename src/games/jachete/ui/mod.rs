//! J'achète's table: the round and its contract, the pots, the players, the
//! buy window, the hand and the turn's staging area ([`super::staging`]),
//! the melds grouped by owner, the round's move log, the end of a round and
//! of the game.
//!
//! Leptos components ([`view`]) with keyed lists for the seats, the melds,
//! their cards and the hand: a change redraws only what changed, so the
//! focus, the scroll and a screen reader's place stay where they are.
//!
//! Three ways to move cards, all through the same staging operations: tap
//! cards then a target; the keyboard (cards and melds are focusable, Enter or
//! Space picks up and drops, arrows move between targets, Escape cancels);
//! pointer drag and drop (pointer events with capture, never HTML5 drag and
//! drop). Every target names what it is in a `data-act` attribute and one
//! handler on the table reads it (`control::dispatch`), whichever way the
//! card was moved. Every change is announced in an aria-live region.
//!
//! This file wires the parts and holds the top component; the table's state
//! and what acts on it are in `control`, which the components import (and
//! never this file).
//!
//! Issue 53: the live table is fed by its seat's view ([`Feed::live`]):
//! the components read the feed (the seat's `JaView`, the table's set-up,
//! the moves' count, the table's note) and UI-local signals, never the
//! game's state, and send moves through `Feed::play`. The top component
//! also holds the bots at a round's end (`ctx.hold`, the shell's). Still
//! reading the session: the log's record of the moves (`control::follow_moves`:
//! a view has no history), the round's end and the game's end panels
//! (`end.rs`) and the replay's table (`replay.rs`).

mod cards;
mod control;
mod end;
mod moves;
mod replay;
mod view;
pub use replay::{expert_words, ReplayTable};
// The coached game's words (`../lessons.rs`): the round's log and its end.
pub(crate) use moves::{Part, Said, SeatMoves};

use leptos::prelude::*;
use tablee_engine::jachete::JaAction;
use tablee_engine::json::Json;

use super::{refusals, summary, texts};
use crate::app::config::DailyAttempt;
use crate::app::lang::Lang;
use crate::ui::context::ctx;
use crate::ui::deal_bar::deal_bar;
use crate::ui::feed::Feed;
use crate::ui::game_ui::UnitWords;
use crate::ui::hint::Hint;
use tablee_puzzles::format::{Kind, Unit};
use tablee_puzzles::jachete as puzzles;
use control::{follow_moves, on_click, on_key, on_pointer, rebuild, save_note, show_turn, Ja, Session, Ui};

impl crate::ui::game_ui::GameUi for Ja {
    const PUZZLE_KINDS: &'static [(Kind, &'static str, &'static str)] = &[
        (puzzles::BUY, "Buy or not", "Acheter ou non"),
        (puzzles::DISCARD, "Discards", "Défausses"),
        (puzzles::OPEN, "Opening", "Ouvrir"),
        (puzzles::LAY, "Laying", "Poser"),
        (puzzles::SWAP, "Swaps", "Échanges"),
    ];

    /// Minus the points left in hand at the round's end (issue 32).
    const PUZZLE_UNITS: &'static [(Unit, UnitWords)] = &[(
        puzzles::POINTS,
        UnitWords {
            whole: false,
            value: [(" ± ", " points in the round"), (" ± ", " points dans la manche")],
            worse: [(": ", " more points in hand at the round's end."), (" : ", " points de plus en main à la fin de la manche.")],
        },
    )];

    fn refusal_text(refusal: &Self::Refusal, lang: Lang) -> String {
        refusals::refusal_text(refusal, lang)
    }

    fn share_text(session: &Session, par: Option<i32>, daily: Option<DailyAttempt>, url: &str, lang: Lang) -> String {
        texts::share_text(session.config(), summary::Summary::of(session.state()).as_ref(), par, daily, url, lang)
    }

    /// JA-2: three players play with the small-table option.
    fn chosen_options(players: usize) -> (tablee_engine::jachete::JaOptions, usize) {
        (tablee_engine::jachete::JaOptions { three_players: players == 3 }, 1)
    }

    /// A first game of J'achète is offered against easy bots.
    fn first_game_note(lang: Lang) -> Option<&'static str> {
        // Its first game: the bots play easy (the levels stay below).
        Some(lang.pick(
            "Your first game of J'achète: the bots play at the easy level. You can choose their level above.",
            "Votre première partie de J'achète : les bots jouent au niveau facile. Vous pouvez choisir leur niveau ci-dessus.",
        ))
    }

    fn table() -> AnyView {
        view! { <Game /> }.into_any()
    }

    fn replay_table(session: Session, step: RwSignal<usize>, marks: RwSignal<Vec<crate::app::marks::Mark>>) -> AnyView {
        view! { <ReplayTable session step marks /> }.into_any()
    }

    fn expert_words(session: &Session, at: usize, action: &Json, lang: Lang) -> Option<String> {
        expert_words(session, at, action, lang)
    }

    fn score_words(score: i32, _: Lang) -> String {
        texts::points_text(score)
    }

    /// Why the first beats the first choice worth less (choices of equal
    /// value are "as good": no reason between them).
    fn hint_reason(session: &Session, choices: &[(JaAction, f64)], lang: Lang) -> Option<String> {
        let (best, first) = choices.first()?;
        let (other, _) = choices.iter().find(|(_, v)| v < first)?;
        texts::why(&session.view(session.to_act()?), best, other, lang)
    }

    /// The card on offer named; a table by what it lays or changes.
    fn puzzle_words(position: &Session, action: &JaAction, lang: Lang) -> String {
        let view = position.view(position.viewer());
        match (action, view.buy_card) {
            (JaAction::Buy, Some(card)) => texts::offer_text(true, card, lang),
            (JaAction::Decline, Some(card)) => texts::offer_text(false, card, lang),
            // In the log's and the hint's words: "Add 10♦ ★ to 8♦ 9♦",
            // "Open: Q♥ Q♣ ★ / 8♦ 9♦ 10♦".
            (JaAction::Play { table }, _) => {
                let words = moves::play_words(&view.table, table, view.opened.get(view.seat).copied().unwrap_or(false), lang);
                if words.is_empty() {
                    texts::action_text(action, lang)
                } else {
                    words
                }
            }
            _ => texts::action_text(action, lang),
        }
    }
}

#[component]
pub fn Game() -> impl IntoView {
    let ctx = ctx();
    crate::ui::term::provide();
    // A table of friends gives its own feed (issue 55: a friend's view from
    // the host's messages, the host's seat's from its authority): its seat
    // only, no deal bar (the deal is the friends' commit–reveal), no hand-off.
    let remote = use_context::<Feed<Ja>>();
    let feed = remote.unwrap_or_else(|| Feed::<Ja>::live(ctx));
    let remote = remote.is_some();
    // Rounds whose end was seen: the note's, else every round played.
    let ended = move || feed.view.with_untracked(|v| v.as_ref().map_or(0, |v| v.rounds_ended));
    let rounds = ended();
    let seen = feed.note.with_untracked(|n| n.as_ref().and_then(|n| n.get("r")).and_then(Json::as_u64));
    let acked = seen.map_or(rounds, |r| (r as usize).min(rounds));
    let ui = Ui {
        ctx,
        feed,
        remote,
        staging: RwSignal::new(None),
        orders: StoredValue::new(Vec::new()),
        msg: RwSignal::new(None),
        acked: RwSignal::new(acked),
        history: RwSignal::new(false),
        hint: RwSignal::new(Hint::Off),
        drag: StoredValue::new(None),
        dragged: StoredValue::new(false),
        seen: StoredValue::new((0, Vec::new())),
        fresh: RwSignal::new(Vec::new()),
        live: RwSignal::new(String::new()),
        heard: RwSignal::new(String::new()),
        moves: RwSignal::new(None),
        before: StoredValue::new(None),
        said: StoredValue::new(feed.moves.get_untracked()),
        shown: StoredValue::new(None),
        changed: StoredValue::new(None),
        shared: RwSignal::new(None),
        wish: RwSignal::new((false, 0)),
    };
    rebuild(ui);
    follow_moves(ui);
    // A new staging area at every move (and for whoever is on screen).
    let seat = Memo::new(move |_| feed.with(|v| v.seat));
    let key = Memo::new(move |_| (feed.moves.get(), seat.get()));
    Effect::new(move |prev: Option<usize>| {
        let moves = key.get().0;
        if prev.is_some_and(|p| moves < p) {
            // A take-back: a round's end taken back is to be seen again
            // when it comes (JA-17).
            let ended = ended();
            ui.acked.update(|a| *a = (*a).min(ended));
            ui.said.set_value(moves);
            save_note(ui);
        }
        if prev.is_some() {
            rebuild(ui);
            follow_moves(ui);
        }
        show_turn(ui);
        moves
    });
    // JA-17: a round's end is shown until "Next round"; the bots wait meanwhile.
    let round_end = Memo::new(move |_| {
        let acked = ui.acked.get();
        feed.with(|v| v.rounds_ended > acked && !control::is_over(v))
    });
    Effect::new(move |_| {
        let held = round_end.get();
        ctx.hold.set(held);
        if held {
            // The note says this round's end is not seen yet (a reload shows it).
            save_note(ui);
        }
        show_turn(ui);
    });
    // Keys are read on the window; they act when the focus is on a target.
    let keys = window_event_listener(leptos::ev::keydown, move |ev| on_key(ui, ev));
    // (The hold on the bots goes with the screen: `Ctx::go`. No signal is
    // written here: docs/architecture.md, "Leaving a screen".)
    on_cleanup(move || keys.remove());

    view! {
        <div
            class="game ja"
            data-testid="table-screen"
            on:click=move |ev| on_click(ui, ev)
            on:pointerdown=move |ev| on_pointer(ui, ev)
            on:pointermove=move |ev| on_pointer(ui, ev)
            on:pointerup=move |ev| on_pointer(ui, ev)
            on:pointercancel=move |ev| on_pointer(ui, ev)
        >
            // The end screen has its own Share (with the result).
            {(!remote).then(|| deal_bar::<Ja>(true, None))}
            <div data-testid="ja-table" data-moves=move || feed.moves.get().to_string()>
                <view::Table ui round_end />
            </div>
            <p class="sr-only" aria-live="polite" data-testid="ja-live">{move || ui.live.get()}</p>
            <p class="sr-only" aria-live="polite" data-testid="ja-move-live">{move || ui.heard.get()}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tablee_engine::jachete::Card;
    use crate::app::game::GameDef;
    use crate::app::puzzles;
    use crate::ui::game_ui::GameUi;
    use crate::ui::puzzles::texts as puzzle_texts;

    /// Its puzzles' words (issue 54: in its folder), as the puzzles screen writes them.
    #[test]
    fn its_puzzles_kinds_and_points_are_worded() {
        let ja = crate::games::GameId::Jachete;
        assert_eq!(puzzle_texts::kind_name(ja, tablee_puzzles::jachete::BUY, Lang::En), "Buy or not");
        assert_eq!(puzzle_texts::kind_name(ja, tablee_puzzles::jachete::SWAP, Lang::Fr), "Échanges");
        let points = puzzle_texts::unit_words::<crate::games::jachete::Jachete>(tablee_puzzles::jachete::POINTS);
        assert_eq!(puzzle_texts::value_text(points, -21.34, 0.6, Lang::En), "\u{2212}21.34 ± 0.60 points in the round");
        assert_eq!(puzzle_texts::worse(points, -14.3, Lang::Fr), "Ce n'est pas le meilleur coup : 14,30 points de plus en main à la fin de la manche.");
    }

    /// Catches a puzzle's answer screen naming its moves vaguely: a buy
    /// without its card, or a table by every meld on it (the others' and
    /// the seat's unchanged ones) instead of what the move lays.
    #[test]
    fn a_puzzles_moves_are_named_by_their_card_and_by_the_melds_they_lay() {
        let file = tablee_puzzles::format::read_file(concat!(env!("CARGO_MANIFEST_DIR"), "/src/games/jachete/public/puzzles/jachete.json"), &tablee_puzzles::jachete::VOCABULARY).unwrap();
        let words = |id: u32, i: usize, lang: Lang| {
            let p = file.opened(id).unwrap();
            let position = puzzles::session::<Ja>(&file, &p).unwrap();
            let action = <Ja as GameDef>::action_from_json(&p.candidates[i].action).unwrap();
            (<Ja as GameUi>::puzzle_words(&position, &action, lang), position.view(p.seat), action)
        };
        let buy = file.puzzles.iter().find(|p| p.kind == tablee_puzzles::jachete::BUY).unwrap();
        for (i, c) in buy.candidates.iter().enumerate() {
            let (text, view, _) = words(buy.id, i, Lang::En);
            let card = the_card_label(view.buy_card.unwrap());
            let act = c.action.get("act").and_then(Json::as_str).unwrap();
            assert!(text.contains(&card) && text.starts_with(if act == "buy" { "Buy" } else { "Let" }), "{text} names {card}");
        }
        // The first candidate play of the file whose table (with the view's
        // table before it) is `wanted`: its puzzle, its index and the view.
        let find_play = |wanted: &dyn Fn(&[tablee_engine::jachete::TableMeld], &[tablee_engine::jachete::TableMeld]) -> bool| {
            file.puzzles.iter().flat_map(|p| (0..p.candidates.len()).map(move |i| (p, i))).find_map(|(p, i)| {
                let (_, view, action) = words(p.id, i, Lang::En);
                let JaAction::Play { table } = action else { return None };
                wanted(&view.table, &table).then_some((p, i, view))
            })
        };
        // A table laid beside melds already there: only what changes is named.
        let (lay, i, view) = find_play(&|before, table| {
            let kept = table.iter().filter(|m| before.iter().any(|t| same_cards(&t.cards, &m.cards))).count();
            kept > 0 && kept < table.len()
        })
        .expect("a table laid beside melds kept as they were");
        let (en, _, action) = words(lay.id, i, Lang::En);
        let (fr, _, _) = words(lay.id, i, Lang::Fr);
        let JaAction::Play { table } = action else { unreachable!() };
        let changed = table.iter().filter(|m| !view.table.iter().any(|t| same_cards(&t.cards, &m.cards))).count();
        // The log's words (a lay-off is "Add … to …", not "Lay down"), one
        // phrase a meld laid or changed (an opening's melds after "Open:").
        let verbs = ["Open: ", "Lay down ", "Add ", "Move "];
        let verbes = ["Ouvrez", "Posez ", "Ajoutez ", "Déplacez "];
        assert!(verbs.iter().any(|v| en.starts_with(v)) && verbes.iter().any(|v| fr.starts_with(v)), "{en} / {fr}");
        let phrases = en.split(" · ").map(|p| p.matches(" / ").count() + 1).sum::<usize>();
        assert_eq!(phrases, changed, "{en}: the {changed} melds laid or changed");
        // No meld left as it was is named.
        for kept in table.iter().filter(|m| view.table.iter().any(|t| same_cards(&t.cards, &m.cards))) {
            let label = kept.cards.iter().map(|&c| texts::card_label(c, Lang::En)).collect::<Vec<_>>().join(" ");
            assert!(!en.contains(&label), "{en} names the unchanged {label}");
        }

        // A lay-off only (every changed meld is one already on the table,
        // grown by the seat's cards): "Add ★ to 8♦ 9♦ 10♦", never "Lay down"
        // (which would read as a new meld) — what the wording fix was for.
        let grown = |before: &[Card], after: &[Card]| {
            let mut rest = after.to_vec();
            after.len() > before.len() && before.iter().all(|c| rest.iter().position(|r| r == c).map(|i| rest.remove(i)).is_some())
        };
        let (off, i, view) = find_play(&|before, table| {
            let changed: Vec<_> = table.iter().filter(|m| !before.iter().any(|t| same_cards(&t.cards, &m.cards))).collect();
            !changed.is_empty()
                && table.len() == before.len()
                && changed.iter().all(|m| before.iter().any(|t| t.owner == m.owner && grown(&t.cards, &m.cards)))
        })
        .expect("a puzzle's move that only lays off");
        let (en, _, action) = words(off.id, i, Lang::En);
        let (fr, _, _) = words(off.id, i, Lang::Fr);
        let JaAction::Play { table } = action else { unreachable!() };
        assert!(en.starts_with("Add ") && en.contains(" to ") && !en.contains("Lay down"), "puzzle {}: {en}", off.id);
        assert!(fr.starts_with("Ajoutez ") && fr.contains(" à ") && !fr.contains("Posez"), "puzzle {}: {fr}", off.id);
        // It names the meld added to, as it stood before.
        let to = table
            .iter()
            .find_map(|m| view.table.iter().find(|t| t.owner == m.owner && grown(&t.cards, &m.cards)))
            .map(|t| t.cards.iter().map(|&c| texts::card_label(c, Lang::En)).collect::<Vec<_>>().join(" "))
            .unwrap();
        assert!(en.contains(&format!(" to {to}")), "{en} names the meld it grows, {to}");
    }

    /// Whether two melds hold the same cards, in any order.
    fn same_cards(a: &[Card], b: &[Card]) -> bool {
        let (mut a, mut b) = (a.to_vec(), b.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }

    fn the_card_label(card: Card) -> String {
        texts::card_label(card, Lang::En)
    }
}
