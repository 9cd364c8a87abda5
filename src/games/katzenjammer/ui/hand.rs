//! The player's side: the hand (cards are toggle buttons while bidding), the
//! bid builder, pass, the presentations after a won auction, and the hint.

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::katzenjammer::{Action, BidKind, Card, Phase};

use super::cards::{kind_class, CardRow};
use super::{kb_tr, Kb};
use crate::app::game::GameDef;
use crate::app::lang::Lang;
use crate::app::worker::{self, Reply};
use crate::art;
use crate::games::katzenjammer::bidding::{self, BidPreview};
use crate::games::katzenjammer::{presenting, texts};
use crate::ui::{self as browser, act, ctx, tr, worker_client};

#[derive(Clone, Debug, PartialEq)]
enum Hint {
    Off,
    Thinking,
    /// The expert's top choices for the move numbered `at`.
    Ready { at: usize, choices: Vec<(Action, f64)> },
}

#[component]
pub fn HandArea() -> impl IntoView {
    let ctx = ctx();
    let viewer = Memo::new(move |_| ctx.game::<Kb, _>(|s| s.viewer()).unwrap_or(0));
    let hand = Memo::new(move |_| {
        ctx.game::<Kb, _>(|s| s.state().hand(viewer.get()).cards()).unwrap_or_default()
    });
    let phase = Memo::new(move |_| ctx.game::<Kb, _>(|s| s.state().phase()).unwrap_or(Phase::Over));
    let my_turn = Memo::new(move |_| {
        ctx.game::<Kb, _>(|s| s.human_to_act().is_some_and(|h| h == viewer.get())).unwrap_or(false)
    });
    let moves = Memo::new(move |_| ctx.game::<Kb, _>(|s| s.actions().len()).unwrap_or(0));
    let title = move || {
        let lang = ctx.lang();
        let count = hand.with(|h| h.len());
        ctx.game::<Kb, _>(|x| texts::hand_heading(x.config(), viewer.get(), count, lang)).unwrap_or_default()
    };

    let selected = RwSignal::new(Vec::<bool>::new());
    let joker_choice = RwSignal::new(None::<u8>);
    let bid_error = RwSignal::new(None::<String>);
    let hint = RwSignal::new(Hint::Off);
    // A new hand (cards won, paid or drawn) starts a new selection.
    Effect::new(move |_| {
        let n = hand.with(|h| h.len());
        selected.set(vec![false; n]);
        joker_choice.set(None);
        bid_error.set(None);
    });
    // Keyboard players: when their turn comes and the focus was lost (the
    // button they used disappeared or was disabled), bring it to their moves.
    Effect::new(move |previous: Option<(bool, Phase)>| {
        let now = (my_turn.get(), phase.get());
        if now.0 && previous != Some(now) {
            let target = if now.1 == Phase::Presenting { "present-nothing" } else { "pass-button" };
            request_animation_frame(move || browser::focus_if_lost(target));
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
    let preview = move || -> Option<BidPreview> {
        let picked = selection();
        ctx.game::<Kb, _>(|s| {
            let state = s.state();
            let value = joker_choice.get().unwrap_or_else(|| bidding::default_joker_value(state, picked.total() as u8));
            Some(bidding::preview(state, picked, value))
        }).flatten()
    };

    let bid = move |_| {
        if !my_turn.get_untracked() {
            return;
        }
        let lang = ctx.lang();
        let Some(p) = preview() else { return };
        match p.action() {
            Some(action) => match act::<Kb>(ctx, action) {
                Ok(()) => clear(),
                Err(error) => bid_error.set(Some(texts::refusal(&error, lang))),
            },
            None => {
                if let Err(problem) = &p.verdict {
                    let text = ctx
                        .game_untracked::<Kb, _>(|s| texts::bid_problem(problem, p.standing, s.config(), lang))
                        .unwrap_or_default();
                    bid_error.set(Some(text));
                }
            }
        }
    };
    let pass = move |_| {
        if my_turn.get_untracked() && act::<Kb>(ctx, Action::Pass).is_ok() {
            clear();
        }
    };
    let ask_hint = move |_| {
        hint.set(Hint::Thinking);
        spawn_local(async move {
            // Let "thinking" paint before the search runs.
            browser::sleep(30).await;
            let Some((decision, job)) = ctx.game_untracked::<Kb, _>(|s| {
                let decision = s.hint_decision()?;
                let job = worker::analyse_job(s, &decision, 3);
                Some((decision, job))
            }).flatten() else {
                hint.set(Hint::Off);
                return;
            };
            let at = decision.at;
            // The search runs in the bots' worker only: without one, no hint.
            let choices = match worker_client::ask(job).await {
                Some(Reply::Choices { choices }) => {
                    choices.into_iter().filter_map(|(a, v)| Some((Kb::action_from_json(&a).ok()?, v))).collect()
                }
                _ => {
                    hint.set(Hint::Off);
                    return;
                }
            };
            if moves.get_untracked() == at {
                hint.set(Hint::Ready { at, choices });
            }
        });
    };
    let hints_allowed = move || ctx.game::<Kb, _>(|s| s.config().hints_allowed()).unwrap_or(false);

    let hand_view = move || {
        let lang = ctx.lang();
        let cards = hand.get();
        if phase.get() != Phase::Bidding {
            return view! { <CardRow cards lang empty=lang.kb().hand_empty testid="hand" /> }.into_any();
        }
        if cards.is_empty() {
            return view! { <p class="empty" data-testid="hand">{lang.kb().hand_empty}</p> }.into_any();
        }
        let buttons = cards
            .into_iter()
            .enumerate()
            .map(|(i, card)| view! { <CardToggle index=i card lang selected on_toggle=Callback::new(move |()| toggle(i)) /> })
            .collect_view();
        view! { <ul class="cards hand-cards" data-testid="hand">{buttons}</ul> }.into_any()
    };

    let preview_text = move || {
        let lang = ctx.lang();
        let p = preview()?;
        ctx.game::<Kb, _>(|session| {
            let config = session.config();
            let makes = p.level().map(|l| texts::bid_makes(l, lang)).unwrap_or_else(|| lang.kb().bid_help.to_string());
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
        }).flatten()
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
        <section class="panel hand-area" aria-labelledby="hand-title">
            <h2 id="hand-title">{title}</h2>
            {hand_view}
            <Show when=move || phase.get() == Phase::Bidding>
                <div class="bid-builder" role="group" aria-labelledby="bid-title">
                    <h3 id="bid-title" class="sr-only">{kb_tr(|s| s.bid_title)}</h3>
                    <p class="preview" data-testid="bid-preview" aria-live="polite">
                        {move || preview_text().map(|(makes, verdict, ok, _)| view! {
                            <span class="makes">{makes}</span>
                            " "
                            <span class="verdict" class:ok=ok class:bad=move || !ok>{verdict}</span>
                        })}
                    </p>
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
                    <div class="buttons">
                        <button type="button" class="primary" data-testid="bid-button" disabled=move || !my_turn.get() on:click=bid>
                            {bid_label}
                        </button>
                        <button type="button" data-testid="pass-button" disabled=move || !my_turn.get() on:click=pass>
                            {kb_tr(|s| s.pass_button)}
                        </button>
                        <button type="button" data-testid="clear-selection" on:click=move |_| clear()>
                            {kb_tr(|s| s.clear_selection)}
                        </button>
                        <HintButton my_turn hints_allowed hint ask_hint=Callback::new(move |()| ask_hint(())) />
                    </div>
                    <p class="error" role="alert" data-testid="bid-error">{move || bid_error.get()}</p>
                </div>
            </Show>
            <Show when=move || phase.get() == Phase::Presenting && my_turn.get()>
                <Presenting />
                <div class="buttons">
                    <HintButton my_turn hints_allowed hint ask_hint=Callback::new(move |()| ask_hint(())) />
                </div>
            </Show>
            <HintPanel hint moves hand selected joker_choice />
        </section>
    }
}

/// A card in the hand as a toggle button (`aria-pressed`).
#[component]
fn CardToggle(index: usize, card: Card, lang: Lang, selected: RwSignal<Vec<bool>>, on_toggle: Callback<()>) -> impl IntoView {
    let pressed = move || selected.with(|v| v.get(index).copied().unwrap_or(false));
    view! {
        <li>
            <button
                type="button"
                class=format!("card card-btn {}", kind_class(card))
                class:selected=pressed
                data-testid=format!("hand-card-{index}")
                data-card=card.symbol()
                aria-pressed=move || pressed().to_string()
                aria-label=texts::card_name(card, lang)
                on:click=move |_| on_toggle.run(())
            >
                <span class="face-box" inner_html=art::face(card)></span>
            </button>
        </li>
    }
}

#[component]
fn HintButton(my_turn: Memo<bool>, hints_allowed: impl Fn() -> bool + Send + Sync + Copy + 'static, hint: RwSignal<Hint>, ask_hint: Callback<()>) -> impl IntoView {
    let ctx = ctx();
    move || {
        // A puzzle asks for the move: no hint, and nothing said about it.
        if crate::ui::PUZZLES && ctx.puzzle.get() {
            return None;
        }
        if my_turn.get() && !hints_allowed() {
            return Some(view! { <span class="note" data-testid="hint-off">{ctx.lang().s().hint_daily}</span> }.into_any());
        }
        (my_turn.get() && hints_allowed()).then(|| {
            view! {
                <button
                    type="button"
                    data-testid="hint-button"
                    disabled=move || hint.get() == Hint::Thinking
                    on:click=move |_| ask_hint.run(())
                >
                    {tr(|s| s.hint)}
                </button>
            }
            .into_any()
        })
    }
}

#[component]
fn HintPanel(
    hint: RwSignal<Hint>,
    moves: Memo<usize>,
    hand: Memo<Vec<Card>>,
    selected: RwSignal<Vec<bool>>,
    joker_choice: RwSignal<Option<u8>>,
) -> impl IntoView {
    let ctx = ctx();
    move || {
        let lang = ctx.lang();
        match hint.get() {
            Hint::Off => ().into_any(),
            Hint::Thinking => view! {
                <p class="hint thinking-note" data-testid="hint-panel" role="status">{lang.s().hint_thinking}</p>
            }
            .into_any(),
            Hint::Ready { at, .. } if at != moves.get() => ().into_any(),
            Hint::Ready { choices, .. } => {
                let items = choices
                    .into_iter()
                    .enumerate()
                    .map(|(i, (action, value))| {
                        let apply = match action {
                            Action::Bid(bid) if i == 0 => Some(bid),
                            _ => None,
                        };
                        view! {
                            <li>
                                <span>{texts::action_text(&action, lang)}</span>
                                <span class="muted">" — " {lang.s().hint_score} " " {percent(value)}</span>
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
                    })
                    .collect_view();
                view! {
                    <section class="hint" data-testid="hint-panel" aria-labelledby="hint-title">
                        <h3 id="hint-title">{lang.s().hint_title}</h3>
                        <ol>{items}</ol>
                        <p class="note">{lang.s().hint_explain}</p>
                    </section>
                }
                .into_any()
            }
        }
    }
}

/// After a won auction: every presentation, "present nothing" first.
#[component]
fn Presenting() -> impl IntoView {
    let ctx = ctx();
    let options = Memo::new(move |_| ctx.game::<Kb, _>(|s| presenting::options(s.state())).unwrap_or_default());
    move || {
        let lang = ctx.lang();
        let buttons = options
            .get()
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
                        <button type="button" class="present-option" data-testid=testid on:click=move |_| { let _ = act::<Kb>(ctx, action); }>
                            <span class="what">{summary}</span>
                            <span class="groups">{groups}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <div class="presenting" role="group" aria-labelledby="present-title">
                <h3 id="present-title">{lang.kb().present_title}</h3>
                <p class="note">{lang.kb().present_help}</p>
                <ul class="present-options">{buttons}</ul>
            </div>
        }
    }
}

/// A hint's strength (0 to 1) as a whole percentage, `"73%"` (integer text:
/// no float formatting in the page's WebAssembly).
fn percent(value: f64) -> String {
    format!("{}%", (value.clamp(0.0, 1.0) * 100.0).round() as u32)
}
