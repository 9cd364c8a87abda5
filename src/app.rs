//! The page: reads the URL, deals the game it names, shows seat 0's view.
//!
//! Browser access lives here (location, history, randomness); the decisions are
//! in [`crate::deal`] and [`crate::url`], which are tested natively.

use leptos::prelude::*;
use tablee_engine::katzenjammer::{Card, KbView, Phase, MAX_PLAYERS, MIN_PLAYERS};
use tablee_engine::{Seat, Seed};

use crate::{deal, url};

/// The seat whose view the page shows: the person at the keyboard.
const ME: Seat = 0;

#[component]
pub fn App() -> impl IntoView {
    let search = window().location().search().unwrap_or_default();
    let pairs = url::parse(&search);
    let body = match deal::read(&pairs) {
        Err(problem) => {
            let players = deal::players_for_fresh_game(&pairs);
            view! { <Problem message=problem.to_string() players /> }.into_any()
        }
        Ok(request) => {
            let seed = request.seed.unwrap_or_else(fresh_seed);
            let shareable = deal::shareable_query(&search, seed, request.players);
            if shareable != search {
                replace_query(&shareable);
            }
            match deal::deal(seed, request.players) {
                Ok(state) => view! { <Table view=state.view(ME) seed /> }.into_any(),
                Err(message) => view! { <Problem message players=request.players /> }.into_any(),
            }
        }
    };
    view! {
        <header class="masthead">
            <h1>"Tablée"</h1>
            <p class="game-name">"Katzenjammer Blues"</p>
        </header>
        <main>{body}</main>
    }
}

/// A seed nobody chose: 64 bits from the browser's `crypto.getRandomValues`.
fn fresh_seed() -> Seed {
    let bits = getrandom::u64().unwrap_or_else(|_| {
        // No crypto API (very old browser): time and Math.random still differ per visit.
        js_sys::Date::now().to_bits() ^ js_sys::Math::random().to_bits().rotate_left(32)
    });
    Seed::from_entropy(bits)
}

/// Puts the deal into the address bar without reloading, so it can be shared.
/// Failing (e.g. a page opened from a file) only costs the shareable address.
fn replace_query(query: &str) {
    if let Ok(history) = window().history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(query));
    }
}

/// Something in the URL is wrong: say what, and offer a fresh game.
#[component]
fn Problem(message: String, players: usize) -> impl IntoView {
    view! {
        <section class="panel problem" role="alert">
            <h2>"This deal cannot be shown"</h2>
            <p>{message}</p>
            <p>
                <a class="button" href=deal::fresh_game_query(players)>
                    {format!("Start a fresh game for {players} players")}
                </a>
            </p>
        </section>
    }
}

/// Seat 0's view of the table.
#[component]
fn Table(view: KbView, seed: Seed) -> impl IntoView {
    let players = view.players;
    let opponents: Vec<(Seat, usize, i32)> = (0..players)
        .filter(|&s| s != view.seat)
        .map(|s| {
            (
                s,
                view.hand_sizes.get(s).copied().unwrap_or(0),
                view.mice.get(s).copied().unwrap_or(0),
            )
        })
        .collect();
    let my_mice = view.mice.get(view.seat).copied().unwrap_or(0);
    view! {
        <DealBar seed players />
        <section class="panel status" aria-label="Table">
            <p class="turn">{status_line(&view)}</p>
            <dl class="facts">
                <div><dt>"Bandleader"</dt><dd>{seat_name(view.bandleader)}</dd></div>
                <div><dt>"Stock"</dt><dd>{plural(view.stock, "card")}</dd></div>
                <div><dt>"Mice left"</dt><dd>{view.mice_left}</dd></div>
                <div><dt>"Your mice"</dt><dd>{my_mice}</dd></div>
            </dl>
        </section>
        <section class="panel" aria-labelledby="row-title">
            <h2 id="row-title">"The row"</h2>
            <Cards cards=view.row.clone() empty="No card revealed yet." />
        </section>
        <section class="panel hand" aria-labelledby="hand-title">
            <h2 id="hand-title">{format!("Your hand ({})", plural(view.hand.total() as usize, "card"))}</h2>
            <Cards cards=view.hand.cards() empty="Your hand is empty." />
        </section>
        <section class="panel" aria-labelledby="opponents-title">
            <h2 id="opponents-title">"Opponents"</h2>
            <Opponents opponents bandleader=view.bandleader />
        </section>
    }
}

/// The deal's seed, a link to share it, and fresh deals for each table size.
#[component]
fn DealBar(seed: Seed, players: usize) -> impl IntoView {
    let share = deal::shareable_query("", seed, players);
    let sizes = (MIN_PLAYERS..=MAX_PLAYERS)
        .map(|n| {
            let class = if n == players { "size current" } else { "size" };
            view! { <a class=class href=deal::fresh_game_query(n)>{n}</a> }
        })
        .collect_view();
    view! {
        <nav class="deal-bar" aria-label="Deal">
            <p>
                "Deal "
                <a class="seed" href=share title="Link to this exact deal">{seed.to_string()}</a>
                {format!(" · {players} players")}
            </p>
            <p class="new-deal">"New deal for " {sizes} " players"</p>
        </nav>
    }
}

#[component]
fn Cards(cards: Vec<Card>, empty: &'static str) -> impl IntoView {
    if cards.is_empty() {
        return view! { <p class="empty">{empty}</p> }.into_any();
    }
    let faces = cards
        .into_iter()
        .map(|card| view! { <CardFace card /> })
        .collect_view();
    view! { <ul class="cards">{faces}</ul> }.into_any()
}

/// One card: a value 1–5 or the joker.
#[component]
fn CardFace(card: Card) -> impl IntoView {
    match card.value() {
        Some(v) => view! { <li class=format!("card value-{v}")>{v}</li> }.into_any(),
        None => view! {
            <li class="card joker" title="Joker">
                <span aria-hidden="true">"★"</span>
                <span class="sr-only">"Joker"</span>
            </li>
        }
        .into_any(),
    }
}

#[component]
fn Opponents(opponents: Vec<(Seat, usize, i32)>, bandleader: Seat) -> impl IntoView {
    let rows = opponents
        .into_iter()
        .map(|(seat, cards, mice)| {
            let leader = (seat == bandleader).then_some(" 🎺");
            view! {
                <tr>
                    <th scope="row">{seat_name(seat)}{leader}</th>
                    <td>{plural(cards, "card")}</td>
                    <td>{mice}</td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <table class="opponents">
            <thead><tr><th scope="col">"Player"</th><th scope="col">"Hand"</th><th scope="col">"Mice"</th></tr></thead>
            <tbody>{rows}</tbody>
        </table>
    }
}

fn status_line(view: &KbView) -> String {
    let Some(seat) = view.to_act.filter(|_| view.phase != Phase::Over) else {
        return "The game is over.".to_string();
    };
    let mine = seat == view.seat;
    match view.phase {
        Phase::Bidding => {
            let turn = if mine {
                "your turn to bid or pass".to_string()
            } else {
                format!("{} to act", seat_name(seat))
            };
            let bid = match view.high_bid {
                Some(b) => format!("Standing bid: {} by {}.", b.level, seat_name(b.seat)),
                None => "No bid yet.".to_string(),
            };
            format!("Auction: {turn}. {bid}")
        }
        Phase::Presenting if mine => "You won the auction: you may present foursomes.".to_string(),
        Phase::Presenting => format!("{} may present foursomes.", seat_name(seat)),
        Phase::Over => "The game is over.".to_string(),
    }
}

fn seat_name(seat: Seat) -> String {
    if seat == ME {
        "You".to_string()
    } else {
        format!("Player {}", seat + 1)
    }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}
