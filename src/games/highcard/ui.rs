//! High card's table: the person's card, Keep and Swap, everyone's choices.

use leptos::prelude::*;
use tablee_engine::highcard::{HcAction, Refusal};
use tablee_engine::json::Json;

use super::HighCard;
use crate::app::config::DailyAttempt;
use crate::app::lang::Lang;
use crate::app::session::Session;
use crate::app::marks::Mark;
use crate::ui::context::ctx;
use crate::ui::flow::act;
use crate::ui::game_ui::GameUi;
use tablee_puzzles::format::Kind;

fn action_words(action: &HcAction, lang: Lang) -> String {
    match action {
        HcAction::Keep => lang.pick("Keep", "Garder"),
        HcAction::Swap => lang.pick("Swap", "Échanger"),
    }
    .to_string()
}

#[component]
fn Table() -> impl IntoView {
    let ctx = ctx();
    let card = move || ctx.game::<HighCard, _>(|s| s.state().hands()[s.viewer()]).unwrap_or(0);
    let choose = move |action: HcAction| {
        let _ = act::<HighCard>(ctx, action);
    };
    view! {
        <section class="highcard">
            <p>{card}</p>
            <button data-testid="hc-keep" on:click=move |_| choose(HcAction::Keep)>{move || action_words(&HcAction::Keep, ctx.lang())}</button>
            <button data-testid="hc-swap" on:click=move |_| choose(HcAction::Swap)>{move || action_words(&HcAction::Swap, ctx.lang())}</button>
        </section>
    }
}

impl GameUi for HighCard {
    /// Its puzzles are a test fixture (`tablee_puzzles::highcard`), in win
    /// chance: the puzzles screen's own words for it.
    const PUZZLE_KINDS: &'static [(Kind, &'static str, &'static str)] = &[(tablee_puzzles::highcard::KEEP, "Keep or swap", "Garder ou échanger")];

    fn refusal_text(refusal: &Refusal, lang: Lang) -> String {
        match refusal {
            Refusal::GameOver => lang.pick("Everyone has chosen: the game is over.", "Tout le monde a choisi : la partie est finie.").to_string(),
            Refusal::Shared(shared) => crate::i18n::shared_refusal(shared, lang),
        }
    }

    fn share_text(session: &Session<Self>, _par: Option<i32>, _daily: Option<DailyAttempt>, url: &str, lang: Lang) -> String {
        let card = session.state().hands()[session.viewer()];
        match lang {
            Lang::En => format!("High card: I hold a {card}. {url}"),
            Lang::Fr => format!("Haute carte : j'ai un {card}. {url}"),
        }
    }

    fn table() -> AnyView {
        view! { <Table /> }.into_any()
    }

    fn replay_table(session: Session<Self>, step: RwSignal<usize>, _marks: RwSignal<Vec<Mark>>) -> AnyView {
        let chosen = move || session.state().chosen().iter().take(step.get()).count();
        view! { <p>{chosen}</p> }.into_any()
    }

    fn expert_words(_session: &Session<Self>, _at: usize, action: &Json, lang: Lang) -> Option<String> {
        <HighCard as crate::app::game::GameDef>::action_from_json(action).ok().map(|a| action_words(&a, lang))
    }

    fn puzzle_words(_position: &Session<Self>, action: &HcAction, lang: Lang) -> String {
        action_words(action, lang)
    }

    fn score_words(score: i32, lang: Lang) -> String {
        match lang {
            Lang::En => format!("card {score}"),
            Lang::Fr => format!("carte {score}"),
        }
    }
}

/// Its lessons (issue 54: a course of one lesson in two steps,
/// `crates/lessons/src/rules/highcard.json`, which never ships): opened by
/// the lessons crate's shared check, each move's button pointed at.
impl crate::ui::learn::Coached for HighCard {
    fn opening(lesson: &tablee_lessons::Lesson) -> Result<tablee_engine::highcard::HcState, String> {
        tablee_lessons::check::opening::<tablee_lessons::rules::highcard::HighCard>(lesson)
    }

    fn target(_session: &Session<Self>, action: &HcAction) -> Option<String> {
        Some(match action {
            HcAction::Keep => "[data-testid=\"hc-keep\"]".to_string(),
            HcAction::Swap => "[data-testid=\"hc-swap\"]".to_string(),
        })
    }
}
