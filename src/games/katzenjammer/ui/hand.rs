//! The player's side: the hand (cards are toggle buttons while bidding), the
//! bid builder, pass, the presentations after a won auction, and the hint.

use leptos::prelude::*;
use tablee_engine::katzenjammer::{Action, BidKind, Card, Phase};

use super::cards::{kind_class, CardRow};
use super::words::kb_tr;
use crate::games::katzenjammer::Katzenjammer as Kb;
use crate::app::lang::Lang;
use crate::games::katzenjammer::art;
use crate::games::katzenjammer::bidding::{self, BidPreview};
use crate::games::katzenjammer::{presenting, texts};
use crate::ui::hint::{self, Hint};
use crate::ui::term::{Term, TermNote};
use crate::ui::browser;
use crate::ui::context::ctx;
use crate::ui::feed::Feed;

/// The table's feed (`ui::feed`), as the hand receives it.
type KbFeed = Feed<Kb>;

#[component]
pub fn HandArea(feed: KbFeed) -> impl IntoView {
    let ctx = ctx();
    // Issue 53: the hand reads its seat's view, slice by slice; a bot's bid
    // changes none of these, so the hand is not drawn again.
    let hand = Memo::new(move |_| feed.with(|v| v.hand.cards()));
    let phase = Memo::new(move |_| feed.view.with(|v| v.as_ref().map_or(Phase::Over, |v| v.phase)));
    // An answered puzzle's table takes no move until "Play on" (`ui::puzzles`).
    let my_turn = feed.to_move;
    // An all-bot table shows a bot's hand: no bid builder under it.
    let viewer_plays = Memo::new(move |_| feed.with_table(|v, t| t.seats.get(v.seat).is_some_and(|k| k.is_human())));
    let title = move || {
        let lang = ctx.lang();
        let count = hand.with(|h| h.len());
        feed.with_table(|v, t| texts::hand_heading(t, v.seat, count, lang))
    };

    // KB-5: the card a joker row made this player draw, marked in the hand and
    // named to them while that row is auctioned (the log keeps it face down).
    let drawn = Memo::new(move |_| feed.with(|v| v.drawn));
    let drawn_index = Memo::new(move |_| drawn.get().and_then(|c| hand.with(|h| h.iter().position(|&x| x == c))));

    let selected = RwSignal::new(Vec::<bool>::new());
    let joker_choice = RwSignal::new(None::<u8>);
    let bid_error = RwSignal::new(None::<String>);
    let hint = RwSignal::new(Hint::<Action>::Off);
    // A new hand (cards won, paid or drawn) starts a new selection.
    Effect::new(move |_| {
        let n = hand.with(|h| h.len());
        selected.set(vec![false; n]);
        joker_choice.set(None);
        bid_error.set(None);
    });
    // When their turn comes, the decision is brought into view whole (issue
    // 52): the hand and its buttons, under the pinned turn line and above
    // the coach's line (`browser::show_in_room`). Keyboard players: when the
    // focus was lost (the button they used disappeared or was disabled), it
    // goes to their moves.
    Effect::new(move |previous: Option<(bool, Phase)>| {
        let now = (my_turn.get(), phase.get());
        if now.0 && previous != Some(now) {
            // Where the player acts: the best presentation, or the first card
            // (never Pass: one stray Space would pass the turn).
            let target = if now.1 == Phase::Presenting { "present-option-0" } else { "hand-card-0" };
            // A puzzle opens at its top: its question is above the table.
            let scroll = !ctx.puzzle.get_untracked();
            request_animation_frame(move || {
                browser::focus_if_lost(target, false);
                if scroll {
                    show_decision();
                }
            });
        }
        now
    });
    let clear = move || {
        selected.update(|v| v.iter_mut().for_each(|x| *x = false));
        joker_choice.set(None);
        bid_error.set(None);
    };
    let toggle = move |i: usize| {
        selected.update(|v| {
            if let Some(x) = v.get_mut(i) {
                *x = !*x;
            }
        });
        joker_choice.set(None);
        bid_error.set(None);
    };
    let selection = move || hand.with(|h| selected.with(|sel| bidding::selected_cards(h, sel)));
    let standing = Memo::new(move |_| feed.with(|v| Some((v.high_bid, v.phase, v.to_act))));
    let preview = move || -> Option<BidPreview> {
        let picked = selection();
        standing.track();
        feed.view.with_untracked(|v| {
            let v = v.as_ref()?;
            let value = joker_choice.get().unwrap_or_else(|| bidding::default_joker_value(v, picked.total() as u8));
            Some(bidding::preview(v, picked, value))
        })
    };

    let bid = move |_: ()| {
        if !my_turn.get_untracked() {
            return;
        }
        let lang = ctx.lang();
        let Some(p) = preview() else { return };
        // The button is enabled only for a bid the preview accepts; the engine
        // still has the last word.
        if let Some(action) = p.action() {
            match feed.play.run(action) {
                Ok(()) => clear(),
                Err(error) => bid_error.set(Some(texts::refusal(&error, lang))),
            }
        }
    };
    let pass = move |_: ()| {
        if my_turn.get_untracked() && feed.play.run(Action::Pass).is_ok() {
            clear();
        }
    };
    let ask_hint = move |_: ()| hint::ask::<Kb>(ctx, hint);
    // Never in a puzzle (the expert's choice is its answer): neither the
    // button nor the H key.
    let hints_allowed = move || hint::allowed::<Kb>(ctx);
    // Keyboard shortcuts while the focus is in the hand area (where each turn
    // puts it): 1–5 and J pick cards, B bid, P pass, H hint, Esc clear, ? help.
    let keys_help = RwSignal::new(false);
    let on_key = move |e: web_sys::KeyboardEvent| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() || phase.get_untracked() != Phase::Bidding {
            return;
        }
        let key = e.key();
        let card = match key.as_str() {
            "j" | "J" => Some(Card::Joker),
            k => k.parse::<u8>().ok().and_then(Card::from_value),
        };
        match (card, key.as_str()) {
            (Some(card), _) => {
                let next = hand.with_untracked(|h| {
                    selected.with_untracked(|sel| {
                        let same = || h.iter().enumerate().filter(|(_, &c)| c == card).map(|(i, _)| i);
                        same().find(|&i| !sel.get(i).copied().unwrap_or(false)).map(Ok).unwrap_or(Err(same().collect::<Vec<_>>()))
                    })
                });
                match next {
                    Ok(i) => toggle(i),
                    // Every card of that value is picked: the key drops them.
                    Err(all) => all.into_iter().for_each(toggle),
                }
            }
            (None, "b" | "B") => bid(()),
            (None, "p" | "P") => pass(()),
            (None, "h" | "H") if my_turn.get_untracked() && hints_allowed() => ask_hint(()),
            (None, "Escape") => clear(),
            (None, "?") => keys_help.update(|v| *v = !*v),
            _ => return,
        }
        e.prevent_default();
    };

    // Issue 53: drawn again only when the way the hand shows changes (the
    // auction begins or ends, the hand empties, the language); its cards
    // when the hand changes (a memo: a bot's move does not change it).
    let shown_as = Memo::new(move |_| (phase.get() == Phase::Bidding, hand.with(Vec::is_empty), ctx.lang()));
    let hand_view = move || {
        let (bidding, empty, lang) = shown_as.get();
        if !bidding {
            let empty_words = Signal::derive(move || ctx.lang().kb().hand_empty.to_string());
            return view! { <CardRow cards=hand lang empty=empty_words testid="hand" /> }.into_any();
        }
        if empty {
            return view! { <p class="empty" data-testid="hand">{lang.kb().hand_empty}</p> }.into_any();
        }
        let drew = move || drawn.get().map(|c| view! { <p class="note drawn-note" data-testid="drawn-note" role="status">{texts::you_drew(c, lang)}</p> });
        view! {
            <ul class="cards hand-cards" data-testid="hand">
                {move || hand.get().into_iter().enumerate().map(|(i, card)| view! {
                    <CardToggle index=i card lang selected drawn=drawn_index on_toggle=Callback::new(move |()| toggle(i)) />
                }).collect_view()}
            </ul>
            {drew}
        }
        .into_any()
    };

    let preview_text = move || {
        let lang = ctx.lang();
        let p = preview()?;
        feed.with_config(|config| {
            // The placeholder only while nothing is selected, never beside a problem.
            let makes = match (p.level(), &p.verdict) {
                (Some(l), _) => texts::bid_makes(l, lang),
                (None, Err(bidding::BidProblem::Empty)) => lang.kb().bid_help.to_string(),
                (None, _) => String::new(),
            };
            let verdict = if !my_turn.get() {
                if p.bid.is_some() { lang.kb().wait_turn.to_string() } else { String::new() }
            } else {
                match &p.verdict {
                    Ok(()) => texts::bid_ok(config, p.standing.map(|b| (b.seat, b.level)), lang),
                    Err(bidding::BidProblem::Empty) => String::new(),
                    // The alert under the buttons says it in full.
                    Err(_) if bid_error.get().is_some() => String::new(),
                    Err(problem) => texts::bid_problem(problem, p.standing, config, lang),
                }
            };
            let ok = my_turn.get() && p.verdict.is_ok();
            Some((makes, verdict, ok, p.bid.is_some()))
        })
    };
    let all_jokers = move || preview().is_some_and(|p| p.all_jokers);
    let joker_value = move || {
        preview().and_then(|p| p.bid).and_then(|b| match b.kind {
            BidKind::Same(v) => Some(v),
            BidKind::Different => None,
        })
    };
    let bid_label = move || {
        let lang = ctx.lang();
        match preview().and_then(|p| p.level()) {
            Some(level) => texts::bid_button_label(level, lang),
            None => lang.kb().bid_button.to_string(),
        }
    };

    view! {
        <section class="panel hand-area" aria-labelledby="hand-title" on:keydown=on_key>
            <h2 id="hand-title">{title}</h2>
            {hand_view}
            <Show when=move || phase.get() == Phase::Bidding && viewer_plays.get()>
                <div class="bid-builder" role="group" aria-labelledby="bid-title">
                    <h3 id="bid-title" class="sr-only">{kb_tr(|s| s.bid_title)}</h3>
                    // Issue 52: the buttons right under the hand, the words after them:
                    // a longer verdict never pushes Bid and Pass out of the window.
                    <div class="buttons">
                        <button type="button" class="primary" data-testid="bid-button" disabled=move || !my_turn.get() || !preview().is_some_and(|p| p.verdict.is_ok()) on:click=move |_| bid(())>
                            {bid_label}
                        </button>
                        <button type="button" data-testid="pass-button" disabled=move || !my_turn.get() on:click=move |_| pass(())>
                            {kb_tr(|s| s.pass_button)}
                        </button>
                        <button type="button" data-testid="clear-selection" on:click=move |_| clear()>
                            {kb_tr(|s| s.clear_selection)}
                        </button>
                        {hint::button::<Kb>(ctx, hint, move || my_turn.get())}
                    </div>
                    <Show when=all_jokers>
                        <div class="joker-value" role="group" aria-labelledby="joker-value-label">
                            <span id="joker-value-label">{kb_tr(|s| s.joker_value)} " "</span>
                            {(1u8..=5)
                                .map(|v| view! {
                                    <button
                                        type="button"
                                        class="value-btn"
                                        data-testid=format!("joker-value-{v}")
                                        aria-pressed=move || (joker_value() == Some(v)).to_string()
                                        on:click=move |_| { joker_choice.set(Some(v)); bid_error.set(None); }
                                    >
                                        {v}
                                    </button>
                                })
                                .collect_view()}
                        </div>
                    </Show>
                    <p class="preview" data-testid="bid-preview" aria-live="polite">
                        {move || preview_text().map(|(makes, verdict, ok, _)| view! {
                            <span class="makes">{makes}</span>
                            " "
                            <span class="verdict" class:ok=ok class:bad=move || !ok>{verdict}</span>
                        })}
                    </p>
                    <p class="error" role="alert" data-testid="bid-error">{move || bid_error.get()}</p>
                    <Show when=move || keys_help.get()>
                        <p class="note" data-testid="keys-help">{kb_tr(|s| s.keys_help)}</p>
                    </Show>
                </div>
            </Show>
            // Issue 42: the words a newcomer meets here, each defined on a
            // tap — under the cards and the moves (issue 52: the hand and
            // its buttons together; above the cards, the line pushed the
            // row's heading under the turn line when the first card takes focus).
            {move || {
                let terms = crate::games::katzenjammer::terms::terms(ctx.lang());
                view! { <p class="kb-terms" data-testid="kb-terms"><Term word=terms.foursome /> " · " <Term word=terms.joker /></p> }
            }}
            <TermNote />
            <Show when=move || phase.get() == Phase::Presenting && my_turn.get()>
                <Presenting feed />
                <div class="buttons">
                    {hint::button::<Kb>(ctx, hint, move || my_turn.get())}
                </div>
            </Show>
            {hint::panel::<Kb, _, _>(ctx, hint, |lang| lang.s().hint_explain.to_string(), move |i, action, value, best, lang| {
                hint_row(i, action, value, best, lang, Selection { hand, selected, joker_choice })
            })}
        </section>
    }
}

/// The decision in view: from the row's heading to the decision's last
/// button (Pass, or "Present nothing") if it fits, else from the hand's
/// heading, else from the hand's first card (or the first presentation),
/// else that alone, its top first.
fn show_decision() {
    let (Some(row), Some(area), Some(last)) = (browser::find(".kb-table .center"), browser::find(".hand-area"), browser::find(DECISION_END)) else { return };
    // Presenting: the question and its options, else the best option (a
    // selector list would return the hand's first card: it comes first in
    // the page, and the hand with the options is taller than a phone).
    let (start, first) = match (browser::find(".presenting"), browser::find("[data-testid=\"present-option-0\"]")) {
        (Some(question), Some(option)) => (question, option),
        _ => {
            let card = browser::find("[data-testid=\"hand-card-0\"]").unwrap_or_else(|| area.clone());
            (card.clone(), card)
        }
    };
    browser::show_in_room(&[(row, last.clone()), (area, last.clone()), (start, last.clone()), (first.clone(), last), (first.clone(), first)]);
}

/// The last button of the person's decision: Pass (Clear and Hint may wrap
/// below it on a phone), or "Present nothing".
const DECISION_END: &str = ".hand-area [data-testid=\"pass-button\"], [data-testid=\"present-nothing\"]";

/// A card in the hand as a toggle button (`aria-pressed`).
#[component]
fn CardToggle(index: usize, card: Card, lang: Lang, selected: RwSignal<Vec<bool>>, drawn: Memo<Option<usize>>, on_toggle: Callback<()>) -> impl IntoView {
    let pressed = move || selected.with(|v| v.get(index).copied().unwrap_or(false));
    view! {
        <li>
            <button
                type="button"
                class=format!("card card-btn {}", kind_class(card))
                class:selected=pressed
                class:drawn=move || drawn.get() == Some(index)
                data-testid=format!("hand-card-{index}")
                data-card=card.symbol()
                aria-pressed=move || pressed().to_string()
                on:click=move |_| on_toggle.run(())
            >
                // Named by the card's name in words, as a card on the table
                // (`CardItem`): an `aria-label` without the face's index
                // digits misnamed it for voice control (axe's
                // label-content-name-mismatch).
                <span class="face-box" inner_html=art::face(card)></span>
                <span class="sr-only">{texts::card_name(card, lang)}</span>
            </button>
        </li>
    }
}

/// The hand and its selection, which a hinted bid's button sets.
#[derive(Clone, Copy)]
struct Selection {
    hand: Memo<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    joker_choice: RwSignal<Option<u8>>,
}

/// Two choices' values closer than this are within the search's noise.
pub(super) const HINT_EQUAL: f64 = 0.02;

/// One of the hint's choices: the move in words, its strength, and for a
/// bid the button that selects its cards in the hand.
fn hint_row(i: usize, action: Action, value: f64, best: f64, lang: Lang, selection: Selection) -> impl IntoView {
    let Selection { hand, selected, joker_choice } = selection;
    // Every bid can be put in the hand, not only the best.
    let apply = match action {
        Action::Bid(bid) => Some(bid),
        _ => None,
    };
    // Two points of strength are within the search's noise: say so rather
    // than rank equal moves.
    let equal = (i > 0 && best - value < HINT_EQUAL).then(|| view! { " " <em>"(" {lang.kb().hint_equal} ")"</em> });
    view! {
        <li>
            <span>{texts::action_text(&action, lang)}</span>
            <span class="muted">" — " {lang.s().hint_score} " " {percent(value)} {equal}</span>
            {apply.map(|bid| view! {
                " "
                <button
                    type="button"
                    data-testid="hint-apply"
                    on:click=move |_| {
                        selected.set(hand.with_untracked(|h| bidding::selection_for(h, bid.cards)));
                        if let BidKind::Same(v) = bid.kind {
                            joker_choice.set(Some(v));
                        }
                    }
                >
                    {lang.kb().hint_apply}
                </button>
            })}
        </li>
    }
}

/// After a won auction: every presentation, the best first, "present nothing" last.
#[component]
fn Presenting(feed: KbFeed) -> impl IntoView {
    let ctx = ctx();
    let options = Memo::new(move |_| feed.legal.with(|legal| feed.with(|v| presenting::options(v, legal))));
    // No foursome to make: nothing to choose, so the table presents nothing
    // for the player (the log says so) instead of asking for a useless click.
    Effect::new(move |_| {
        if let [only] = options.get().as_slice() {
            if only.presentation.is_nothing() {
                let _ = feed.play.run(only.action);
            }
        }
    });
    move || {
        let lang = ctx.lang();
        let options = options.get();
        if matches!(options.as_slice(), [only] if only.presentation.is_nothing()) {
            return None;
        }
        let buttons = options
            .into_iter()
            .enumerate()
            .map(|(i, option)| {
                let testid = if option.presentation.is_nothing() { "present-nothing".to_string() } else { format!("present-option-{i}") };
                let action = option.action;
                let groups = option
                    .foursomes
                    .iter()
                    .map(|f| {
                        let cards: Vec<Card> = f.cards.cards();
                        let label = texts::foursome_text(f, lang);
                        let title = label.clone();
                        view! {
                            <span class="foursome" title=title>
                                <span class="sr-only">{label}</span>
                                {cards.into_iter().map(|c| view! { <span class=format!("card small {}", kind_class(c)) inner_html=art::face(c) aria-hidden="true"></span> }).collect_view()}
                            </span>
                        }
                    })
                    .collect_view();
                let summary = texts::present_option(&option, lang);
                view! {
                    <li>
                        <button type="button" class="present-option" data-testid=testid on:click=move |_| { let _ = feed.play.run(action); }>
                            <span class="what">{summary}</span>
                            <span class="groups">{groups}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        Some(view! {
            <div class="presenting" role="group" aria-labelledby="present-title">
                <h3 id="present-title">{lang.kb().present_title}</h3>
                <p class="note">{lang.kb().present_help}</p>
                <ul class="present-options">{buttons}</ul>
            </div>
        })
    }
}

/// A hint's strength (0 to 1) as a whole percentage, `"73%"` (integer text:
/// no float formatting in the page's WebAssembly).
fn percent(value: f64) -> String {
    format!("{}%", (value.clamp(0.0, 1.0) * 100.0).round() as u32)
}
