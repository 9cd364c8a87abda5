//! The player's side: the hand (cards are toggle buttons while bidding), the
//! bid builder, pass, the presentations after a won auction, and the hint.

use leptos::prelude::*;
use leptos::task::spawn_local;
use tablee_engine::katzenjammer::{Action, BidKind, Card, Phase};

use super::cards::{kind_class, CardRow};
use super::{act, browser, ctx, tr, worker_client};
use crate::art;
use crate::i18n::{self, Lang};
use crate::model::bidding::{self, BidPreview};
use crate::model::presenting;
use crate::worker::{self, Reply};

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
    let viewer = Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(|s| s.viewer()).unwrap_or(0)));
    let hand = Memo::new(move |_| {
        ctx.session.with(|s| s.as_ref().map(|s| s.state().hand(viewer.get()).cards()).unwrap_or_default())
    });
    let phase = Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(|s| s.state().phase()).unwrap_or(Phase::Over)));
    let my_turn = Memo::new(move |_| {
        ctx.session.with(|s| s.as_ref().is_some_and(|s| s.human_to_act().is_some_and(|h| h == viewer.get())))
    });
    let moves = Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(|s| s.actions().len()).unwrap_or(0)));
    let title = move || {
        ctx.session.with(|session| {
            let lang = ctx.lang();
            session
                .as_ref()
                .map(|x| format!("{} ({})", i18n::hand_title(x.config(), viewer.get(), lang), i18n::cards_count(hand.with(|h| h.len()), lang)))
                .unwrap_or_default()
        })
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
        ctx.session.with(|s| {
            let state = s.as_ref()?.state();
            let value = joker_choice.get().unwrap_or_else(|| bidding::default_joker_value(state, picked.total() as u8));
            Some(bidding::preview(state, picked, value))
        })
    };

    let bid = move |_| {
        if !my_turn.get_untracked() {
            return;
        }
        let lang = ctx.lang();
        let Some(p) = preview() else { return };
        match p.action() {
            Some(action) => match act(ctx, action) {
                Ok(()) => clear(),
                Err(message) => bid_error.set(Some(message)),
            },
            None => {
                if let Err(problem) = &p.verdict {
                    let text = ctx.session.with_untracked(|s| {
                        s.as_ref().map(|s| i18n::bid_problem(problem, s.config(), lang)).unwrap_or_default()
                    });
                    bid_error.set(Some(text));
                }
            }
        }
    };
    let pass = move |_| {
        if my_turn.get_untracked() && act(ctx, Action::Pass).is_ok() {
            clear();
        }
    };
    let ask_hint = move |_| {
        hint.set(Hint::Thinking);
        spawn_local(async move {
            // Let "thinking" paint before the search runs.
            browser::sleep(30).await;
            let Some((decision, job)) = ctx.session.with_untracked(|s| {
                let s = s.as_ref()?;
                let decision = s.hint_decision()?;
                let job = worker::analyse_job(s, &decision, 3);
                Some((decision, job))
            }) else {
                hint.set(Hint::Off);
                return;
            };
            let at = decision.at;
            // The search runs in the bots' worker only: without one, no hint.
            let choices = match worker_client::ask(job).await {
                Some(Reply::Choices { choices }) => choices,
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
    let hints_allowed = move || ctx.session.with(|s| s.as_ref().is_some_and(|s| s.config().hints_allowed()));

    let hand_view = move || {
        let lang = ctx.lang();
        let cards = hand.get();
        if phase.get() != Phase::Bidding {
            return view! { <CardRow cards lang empty=lang.s().hand_empty testid="hand" /> }.into_any();
        }
        if cards.is_empty() {
            return view! { <p class="empty" data-testid="hand">{lang.s().hand_empty}</p> }.into_any();
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
        ctx.session.with(|session| {
            let session = session.as_ref()?;
            let config = session.config();
            let makes = p.level().map(|l| i18n::bid_makes(l, lang)).unwrap_or_else(|| lang.s().bid_help.to_string());
            let verdict = if !my_turn.get() {
                if p.bid.is_some() { lang.s().wait_turn.to_string() } else { String::new() }
            } else {
                match &p.verdict {
                    Ok(()) => i18n::bid_ok(config, p.standing.map(|b| (b.seat, b.level)), lang),
                    Err(bidding::BidProblem::Empty) => String::new(),
                    // The alert under the buttons says it in full.
                    Err(_) if bid_error.get().is_some() => String::new(),
                    Err(problem) => i18n::bid_problem(problem, config, lang),
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
            Some(level) => format!("{} {}", lang.s().bid_button, i18n::bid_text(level, lang)),
            None => lang.s().bid_button.to_string(),
        }
    };

    view! {
        <section class="panel hand-area" aria-labelledby="hand-title">
            <h2 id="hand-title">{title}</h2>
            {hand_view}
            <Show when=move || phase.get() == Phase::Bidding>
                <div class="bid-builder" role="group" aria-labelledby="bid-title">
                    <h3 id="bid-title" class="sr-only">{tr(|s| s.bid_title)}</h3>
                    <p class="preview" data-testid="bid-preview" aria-live="polite">
                        {move || preview_text().map(|(makes, verdict, ok, _)| view! {
                            <span class="makes">{makes}</span>
                            " "
                            <span class="verdict" class:ok=ok class:bad=move || !ok>{verdict}</span>
                        })}
                    </p>
                    <Show when=all_jokers>
                        <div class="joker-value" role="group" aria-labelledby="joker-value-label">
                            <span id="joker-value-label">{tr(|s| s.joker_value)} " "</span>
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
                            {tr(|s| s.pass_button)}
                        </button>
                        <button type="button" data-testid="clear-selection" on:click=move |_| clear()>
                            {tr(|s| s.clear_selection)}
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
                aria-label=i18n::card_name(card, lang)
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
                                <span>{i18n::action_text(&action, lang)}</span>
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
                                        {lang.s().hint_apply}
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
    let options = Memo::new(move |_| ctx.session.with(|s| s.as_ref().map(|s| presenting::options(s.state())).unwrap_or_default()));
    move || {
        let lang = ctx.lang();
        let s = lang.s();
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
                        let label = i18n::foursome_text(f, lang);
                        let title = label.clone();
                        view! {
                            <span class="foursome" title=title>
                                <span class="sr-only">{label}</span>
                                {cards.into_iter().map(|c| view! { <span class=format!("card small {}", kind_class(c)) inner_html=art::face(c) aria-hidden="true"></span> }).collect_view()}
                            </span>
                        }
                    })
                    .collect_view();
                let summary = if option.presentation.is_nothing() {
                    s.present_nothing.to_string()
                } else {
                    let mut text = format!(
                        "{} {}{} +{}",
                        s.present_this,
                        i18n::presentation_name(&option.presentation, lang),
                        i18n::colon(lang),
                        i18n::mice(option.mice as i32, lang)
                    );
                    if option.displayed_jokers > 0 {
                        text.push_str(&format!(", {}", i18n::jokers_shown(option.displayed_jokers, lang)));
                    }
                    if option.ends_game {
                        text.push_str(&format!(" — {}", s.ends_game));
                    }
                    text
                };
                view! {
                    <li>
                        <button type="button" class="present-option" data-testid=testid on:click=move |_| { let _ = act(ctx, action); }>
                            <span class="what">{summary}</span>
                            <span class="groups">{groups}</span>
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <div class="presenting" role="group" aria-labelledby="present-title">
                <h3 id="present-title">{s.present_title}</h3>
                <p class="note">{s.present_help}</p>
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
