//! The home screen: what Tablée is, Play, then the table's options (the
//! game, the seats, the options and the deal). The defaults (one person
//! against three `normal` bots, a random deal) make "Play" a one-click start,
//! visible without scrolling on a phone.

use leptos::prelude::*;
use tablee_engine::Seed;

use super::unfinished::Unfinished;
use super::browser;
use super::context::{ctx, tr, Ctx, Screen};
use super::flow::start_match;
use super::game_ui::GameUi;

use crate::app::config::{default_seats, Day, SeatKind, TableConfig};
use crate::app::controller::{Shell, HOME_GAME_KEY};
use tablee_bots::Level;
use crate::app::game::GameDef;
use crate::games::{GameId, Registered};
use crate::app::lang::Lang;
use crate::games::with_game;
use crate::i18n;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum DealMode {
    Random,
    Daily,
    Typed,
}

/// The players a game's home screen offers (J'achète: 3 with its small-table
/// option, which the home screen turns on for 3 players).
fn player_range(game: GameId) -> std::ops::RangeInclusive<usize> {
    with_game!(game, G => G::MIN_PLAYERS..=G::MAX_PLAYERS)
}

/// The table the form describes, of game `G`; `None` when the typed deal
/// number does not read. `names`: the seats' names, checked.
fn table_for<G: Registered>(mode: DealMode, typed: &str, seats: Vec<SeatKind>, names: Vec<Option<String>>, options: G::Options, today: Day) -> Option<TableConfig<G>> {
    Some(match mode {
        DealMode::Random => TableConfig { seed: browser::fresh_seed(), seats, options, daily: None, names, here: None, seed_hidden: false },
        // Everyone plays the daily deal at the same table, so results compare.
        DealMode::Daily => TableConfig::daily(today, default_seats::<G>(G::DEFAULT_PLAYERS), Default::default()),
        DealMode::Typed => TableConfig { seed: Seed::parse(typed).ok()?, seats, options, daily: None, names, here: None, seed_hidden: false }.with_daily_label(today),
    })
}

/// Several people at the device: their seats may be named.
fn hot_seat(seats: &[SeatKind]) -> bool {
    seats.iter().filter(|k| k.is_human()).count() > 1
}

/// Whether no game of `game` was played on this device: none counted, none
/// kept unfinished.
fn first_game(shell: &Shell, game: GameId) -> bool {
    shell.history(game).played == 0 && shell.game.iter().chain(shell.kept.iter().map(|k| &k.session)).all(|g| g.game() != game)
}

#[component]
pub fn Home() -> impl IntoView {
    let ctx = ctx();
    let s = move || ctx.lang().s();
    let game = ctx.home_game;
    // While the visitor reads the home screen, the chosen game's table is
    // fetched (when the page is idle), so that Play deals at once.
    Effect::new(move |_| super::parts::prefetch_table(game.get()));
    let seats = RwSignal::new(ctx.home_table.with_untracked(|t| t.seats().to_vec()));
    // The names typed for the seats (hot-seat, issue 52), as typed: checked
    // as Play is pressed, each refusal said under its field.
    let names = RwSignal::new(ctx.home_table.with_untracked(|t| t.names().iter().map(|n| n.clone().unwrap_or_default()).collect::<Vec<_>>()));
    let name_error = RwSignal::new(None::<(usize, crate::app::config::NameError)>);
    // The seats played by a friend on their own device (issue 55), a bit a
    // seat: a person at the table's engine, invited from the host's page.
    // (A `u32`, not a list nor a `usize`: a signal type the core already
    // has; what the home part shares with another part goes to the core.)
    // (The table this page hosts, while it lasts, is offered again.)
    let friends = RwSignal::new(crate::app::friends::hosted_seats());
    let mode = RwSignal::new(DealMode::Random);
    let seed_text = RwSignal::new(String::new());
    let tried = RwSignal::new(false);
    let today = browser::today_utc();

    // A game's first game on this device may be offered against easy bots
    // (J'achète's, `GameUi::first_game_note`; the seats' levels stay there
    // to choose): `eased` while the bots left at the usual level are set to
    // easy for it.
    let eased = RwSignal::new(false);
    let bot_level = move || if eased.get_untracked() { Level::Easy } else { Level::Normal };
    let players = move || seats.with(|v| v.len());
    let set_players = move |n: usize| {
        let range = player_range(game.get_untracked());
        let n = n.clamp(*range.start(), *range.end());
        seats.update(|v| {
            let default = if v.is_empty() { SeatKind::Human } else { SeatKind::Bot(bot_level()) };
            v.resize(n, default);
        });
        friends.update(|f| *f &= (1 << n) - 1);
    };
    let ease = move |g: GameId| {
        let first = first_note(g, Lang::En).is_some() && ctx.shell.with_untracked(|sh| first_game(sh, g));
        if first != eased.get_untracked() {
            let (from, to) = if first { (Level::Normal, Level::Easy) } else { (Level::Easy, Level::Normal) };
            seats.update(|v| v.iter_mut().filter(|k| **k == SeatKind::Bot(from)).for_each(|k| *k = SeatKind::Bot(to)));
            eased.set(first);
        }
    };
    ease(game.get_untracked());
    let choose_game = move |g: GameId| {
        game.set(g);
        browser::store(HOME_GAME_KEY, g.code());
        ease(g);
        set_players(players());
    };
    let seed = move || Seed::parse(&seed_text.get());
    let seed_error = move || {
        let lang = ctx.lang();
        (mode.get() == DealMode::Typed && (tried.get() || !seed_text.get().trim().is_empty()))
            .then(|| seed().err())
            .flatten()
            .map(|e| i18n::seed_error(&e, lang))
    };
    let play = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        tried.set(true);
        let (mode, typed, seats) = (mode.get_untracked(), seed_text.get_untracked(), seats.get_untracked());
        // Names only at a hot-seat table; a refused one stops Play, said under its field.
        let names = if hot_seat(&seats) && mode != DealMode::Daily {
            match crate::app::config::parse_names(&names.get_untracked(), &seats) {
                Ok(names) => names,
                Err((seat, error)) => {
                    name_error.set(Some((seat, error)));
                    browser::focus_id(&format!("seat-name-{seat}"));
                    return;
                }
            }
        } else {
            Vec::new()
        };
        name_error.set(None);
        // A daily deal is never a match.
        let mut match_games = 1;
        fn deal<G: GameUi>(mode: DealMode, typed: &str, seats: Vec<SeatKind>, names: Vec<Option<String>>, today: Day, games: &mut usize) -> Option<crate::games::AnyTable> {
            let (options, chosen) = G::chosen_options(seats.len());
            let config = table_for::<G>(mode, typed, seats, names, options, today)?;
            if config.daily.is_none() {
                *games = chosen;
            }
            Some(config.into_any())
        }
        let table = with_game!(game.get_untracked(), G => deal::<G>(mode, &typed, seats, names, today, &mut match_games));
        // The table is offered again next time, unless its bots were eased
        // for a first game (the next one is offered as usual).
        if let Some(table) = table.as_ref().filter(|_| !eased.get_untracked()) {
            ctx.home_table.set(table.clone());
        }
        match table {
            // Friends on their own devices: their invitations first (the
            // game's friends' part), the table as set here (the home's
            // table, which the part reads).
            Some(table) if friends.get_untracked() != 0 && mode != DealMode::Daily => {
                let mut arg = String::from("host:");
                let bits = friends.get_untracked();
                (0..u32::BITS as usize).filter(|s| bits & (1 << s) != 0).for_each(|s| arg.push_str(&format!("{s},")));
                let game = table.game();
                ctx.home_table.set(table);
                ctx.go(Screen::Friends(game, arg));
            }
            Some(table) => start_match(ctx, table, match_games),
            None => browser::focus_id("seed-input"),
        }
    };
    let resumable = move || ctx.shell.with(|sh| sh.game.as_ref().is_some_and(|g| !g.is_over()));

    // Plain links to the puzzles' and the record's addresses (the page
    // opens them as their own screens, loading their parts); the puzzles
    // of the game chosen here.
    let puzzles = move || crate::app::puzzles::list_link(ctx.home_game.get());
    let entries = view! {
        <p class="puzzles-row">
            <a href=puzzles data-testid="puzzles-entry">{tr(|s| s.puzzles_entry)}</a>
            " · "
            <a href="?games" data-testid="games-entry">{tr(|s| s.games_entry)}</a>
        </p>
    };
    view! {
        <section class="panel home" data-testid="home-screen" aria-labelledby="home-title">
            <h1 id="home-title">{tr(|s| s.home_title)}</h1>
            <p class="pitch" data-testid="home-pitch">{move || i18n::home_pitch(ctx.lang())}</p>
            <Show when=resumable>
                <p>
                    <button type="button" class="secondary" data-testid="resume-button" on:click=move |_| ctx.go(Screen::Game)>
                        {move || ctx.shell.with(|sh| sh.game.as_ref().map(|g| i18n::resume_label(&g.table(), g.moves(), ctx.lang())))}
                    </button>
                </p>
            </Show>
            <Unfinished />
            <form class="setup" on:submit=play novalidate>
                // The games, each said in one line (what, how many, how
                // long), then Play, with the table as set below: a newcomer
                // starts in one click.
                <fieldset class="games">
                    <legend>{tr(|s| s.game_label)}</legend>
                    {GameId::ALL
                        .into_iter()
                        .map(|g| {
                            let about = format!("game-about-{}", g.code());
                            view! {
                                <div class="game-choice">
                                    <label class="choice">
                                        <input
                                            type="radio"
                                            name="game"
                                            data-testid=format!("game-{}", g.code())
                                            aria-describedby=about.clone()
                                            prop:checked=move || game.get() == g
                                            on:change=move |_| choose_game(g)
                                        />
                                        " " <strong>{g.title()}</strong>
                                    </label>
                                    <p class="note blurb" id=about data-testid=format!("game-blurb-{}", g.code())>
                                        {move || crate::games::with_game!(g, G => i18n::game_blurb::<G>(ctx.lang()))}
                                    </p>
                                </div>
                            }
                        })
                        .collect_view()}
                </fieldset>
                <p class="actions play-row">
                    <button type="submit" class="primary big" id="play-button" data-testid="play-button">{tr(|s| s.play)}</button>
                    // The chosen game's lessons (issue 42), a part of their own.
                    <button type="button" class="secondary" data-testid="learn-button" on:click=move |_| ctx.go(Screen::Learn(game.get_untracked(), None))>
                        {move || ctx.lang().s().learn_to_play}
                    </button>
                </p>
                {entries}
                <h2 class="table-options">{tr(|s| s.table_options)}</h2>

                <fieldset prop:disabled=move || mode.get() == DealMode::Daily>
                    <legend>{tr(|s| s.seats_label)}</legend>
                    <p class="field">
                        <label for="players">{tr(|s| s.players_label)}</label>
                        <select
                            id="players"
                            data-testid="players-select"
                            on:change=move |ev| set_players(event_target_value(&ev).parse().unwrap_or(4))
                            prop:value=move || players().to_string()
                        >
                            {move || {
                                player_range(game.get())
                                    .map(|n| view! { <option value=n.to_string() selected=move || players() == n>{n}</option> })
                                    .collect_view()
                            }}
                        </select>
                    </p>
                    <div class="seats">
                        {move || (0..players()).map(|i| view! { <SeatChoice index=i seats names name_error friends /> }).collect_view()}
                    </div>
                    <Show when=move || eased.get()>
                        <p class="note first-game" data-testid="first-game-note">{move || first_note(game.get(), ctx.lang())}</p>
                    </Show>
                    <p class="note">
                        {move || {
                            // (A friend on their own device shares nothing here.)
                            let away = friends.get();
                            let humans = seats.with(|v| v.iter().enumerate().filter(|(i, k)| k.is_human() && away & (1 << i) == 0).count());
                            match humans {
                                0 => s().no_human_note,
                                1 => "",
                                _ => s().hotseat_note,
                            }
                        }}
                    </p>
                </fieldset>

                {move || {
                    options_form(game.get(), ctx).map(|form| {
                        view! {
                            <fieldset prop:disabled=move || mode.get() == DealMode::Daily>
                                <legend>{tr(|s| s.options_label)}</legend>
                                {form}
                            </fieldset>
                        }
                    })
                }}

                <fieldset>
                    <legend>{tr(|s| s.deal_label)}</legend>
                    <DealChoice mode value=DealMode::Random testid="deal-random" label=Signal::derive(move || s().deal_random.to_string()) />
                    <DealChoice mode value=DealMode::Daily testid="deal-daily" label=Signal::derive(move || i18n::daily_option(today, ctx.lang())) />
                    <Show when=move || mode.get() == DealMode::Daily>
                        <p class="note" data-testid="daily-note">{tr(|s| s.daily_note)}</p>
                    </Show>
                    <DealChoice mode value=DealMode::Typed testid="deal-seed" label=Signal::derive(move || s().deal_seed.to_string()) />
                    <p class="field seed-field">
                        <label for="seed-input" class="sr-only">{tr(|s| s.seed_input)}</label>
                        <input
                            id="seed-input"
                            type="text"
                            inputmode="text"
                            autocomplete="off"
                            spellcheck="false"
                            placeholder="1K7Q-M3ZD"
                            data-testid="seed-input"
                            aria-describedby="seed-help seed-error"
                            aria-invalid=move || seed_error().is_some().to_string()
                            prop:value=move || seed_text.get()
                            on:input=move |ev| {
                                seed_text.set(event_target_value(&ev));
                                mode.set(DealMode::Typed);
                            }
                        />
                    </p>
                    <p class="note" id="seed-help">{tr(|s| s.seed_help)}</p>
                    <p class="error" id="seed-error" role="alert" data-testid="seed-error">{seed_error}</p>
                </fieldset>
            </form>
            <HistoryPanel />
        </section>
    }
}


/// The game's options form, with the options last dealt if of this game.
fn options_form(game: GameId, ctx: Ctx) -> Option<AnyView> {
    ctx.home_table.with_untracked(|last| with_game!(game, G => G::options_form(last.get::<G>())))
}

/// The game's note for a first game against easy bots, if it has one.
fn first_note(game: GameId, lang: Lang) -> Option<&'static str> {
    with_game!(game, G => G::first_game_note(lang))
}

#[component]
fn DealChoice(mode: RwSignal<DealMode>, value: DealMode, testid: &'static str, label: Signal<String>) -> impl IntoView {
    view! {
        <label class="choice">
            <input
                type="radio"
                name="deal"
                data-testid=testid
                prop:checked=move || mode.get() == value
                on:change=move |_| mode.set(value)
            />
            " " {label}
        </label>
    }
}

/// The seat choice's value for a friend on their own device (issue 55).
const FRIEND: &str = "friend";

#[component]
fn SeatChoice(
    index: usize,
    seats: RwSignal<Vec<SeatKind>>,
    names: RwSignal<Vec<String>>,
    name_error: RwSignal<Option<(usize, crate::app::config::NameError)>>,
    friends: RwSignal<u32>,
) -> impl IntoView {
    let ctx = ctx();
    let id = format!("seat-{index}");
    let current = move || seats.with(|v| v.get(index).copied().unwrap_or(SeatKind::Human));
    let is_friend = move || friends.get() & (1 << index) != 0;
    // The choice shown: a seat kind, or `None` for a friend's seat.
    let choice = move || (!is_friend()).then(current);
    // Hot-seat (several people at the device): the person's name for the
    // seat, shown at the table, in the hand-off, at the end and in the record.
    // Drawn again when the seats or the language change (its text kept in
    // `names`), not as it is typed.
    let named = move || current().is_human() && seats.with(|v| hot_seat(v));
    let error = move || name_error.with(|e| e.as_ref().filter(|(seat, _)| *seat == index).map(|(_, e)| i18n::name_error(e, ctx.lang())));
    let name_field = move || {
        named().then(|| {
            let lang = ctx.lang();
            let error_id = format!("seat-name-error-{index}");
            view! {
                <span class="seat-name">
                    <input
                        id=format!("seat-name-{index}")
                        type="text"
                        autocomplete="off"
                        maxlength=crate::app::config::NAME_MAX
                        data-testid=format!("seat-name-{index}")
                        aria-label=i18n::seat_name_label(index, lang)
                        placeholder=i18n::seat_name_placeholder(lang)
                        aria-describedby=error_id.clone()
                        value=names.with_untracked(|v| v.get(index).cloned().unwrap_or_default())
                        on:input=move |ev| {
                            let text = event_target_value(&ev);
                            names.update_untracked(|v| {
                                if v.len() <= index {
                                    v.resize(index + 1, String::new());
                                }
                                v[index] = text;
                            });
                            if name_error.with_untracked(Option::is_some) {
                                name_error.set(None);
                            }
                        }
                    />
                    <span class="error" id=error_id role="alert" data-testid=format!("seat-name-error-{index}")>{error}</span>
                </span>
            }
        })
    };
    view! {
        <p class="field seat">
            <label for=id.clone()>{move || i18n::seat_label(index, ctx.lang())}</label>
            <select
                id=id
                data-testid=format!("seat-{index}")
                on:change=move |ev| {
                    let value = event_target_value(&ev);
                    let friend = value == FRIEND;
                    if let Some(kind) = SeatKind::parse(&value).or(friend.then_some(SeatKind::Human)) {
                        friends.update(|f| *f = if friend { *f | (1 << index) } else { *f & !(1 << index) });
                        seats.update(|v| {
                            if let Some(slot) = v.get_mut(index) {
                                *slot = kind;
                            }
                        });
                    }
                }
                prop:value=move || choice().map_or(FRIEND, SeatKind::name)
            >
                // The seat kinds, then a friend on their own device (`None`).
                {SeatKind::CHOICES
                    .into_iter()
                    .map(Some)
                    .chain([None])
                    .map(|kind| {
                        view! {
                            <option value=kind.map_or(FRIEND, SeatKind::name) selected=move || choice() == kind>
                                {move || kind.map_or_else(|| i18n::friends::seat_choice(ctx.lang()).to_string(), |k| i18n::seat_kind_text(k, ctx.lang()))}
                            </option>
                        }
                    })
                    .collect_view()}
            </select>
            {name_field}
        </p>
    }
}

#[component]
fn HistoryPanel() -> impl IntoView {
    let ctx = ctx();
    view! {
        <section class="history" data-testid="history" aria-labelledby="history-title">
            <h2 id="history-title">{tr(|s| s.history_title)}</h2>
            <p>
                {move || {
                    let lang: Lang = ctx.lang();
                    let h = ctx.shell.with(|sh| sh.history(ctx.home_game.get()));
                    if h.played == 0 {
                        lang.s().history_none.to_string()
                    } else {
                        i18n::history_text(h.played, h.wins, h.best_vs_par, lang)
                    }
                }}
            </p>
        </section>
    }
}
