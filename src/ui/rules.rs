//! The rules page, in the reader's language, of the game in progress (the
//! one chosen on the home screen when there is none); a switch shows the
//! other game's.
//!
//! The text is not in the WebAssembly: it is `src/games/<game>/public/rules/<file>.html`
//! ([`rules_file`]; copied to `rules/` next to the page, precached by the
//! service worker for offline play), fetched the first time a game's rules
//! are opened in a language.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::browser;
use super::context::{ctx, Screen};
use crate::games::GameId;
use crate::app::lang::Lang;

/// Where a game's rules are, next to the page: `rules/<game>-<lang>.html`.
pub fn rules_file(game: GameId, lang: Lang) -> String {
    format!("./rules/{}-{}.html", game.code(), lang.code())
}

#[component]
pub fn Rules() -> impl IntoView {
    let ctx = ctx();
    // Back where the rules were opened from (a puzzle, a replay, the game).
    let back = move |_| {
        let in_game = ctx.shell.with_untracked(|sh| sh.game.is_some());
        ctx.back(if in_game { Screen::Game } else { Screen::Home });
    };
    // The rules shown, until the switch says otherwise: the game of the
    // screen they were opened from (a J'achète puzzle's are J'achète's, even
    // with a game of Katzenjammer in progress), else the game in progress's,
    // else the game chosen on the home screen.
    let shown_first = ctx
        .left_game()
        .or_else(|| ctx.shell.with_untracked(|sh| sh.game.as_ref().map(|g| g.game())))
        .unwrap_or_else(|| ctx.home_game.get_untracked());
    let shown_game = RwSignal::new(shown_first);
    let game = move || shown_game.get();
    // Each game's text in each language once fetched (`None`: it could not be).
    let loaded = RwSignal::new(Vec::<((GameId, Lang), Option<String>)>::new());
    Effect::new(move |_| {
        let key = (game(), ctx.lang.get());
        if loaded.with_untracked(|l| l.iter().any(|(k, _)| *k == key)) {
            return;
        }
        spawn_local(async move {
            let text = browser::fetch_text(&rules_file(key.0, key.1)).await;
            loaded.update(|l| l.push((key, text)));
        });
    });
    move || {
        let lang = ctx.lang();
        let shown = game();
        let in_game = ctx.has_game();
        let text = match loaded.with(|l| l.iter().find(|(k, _)| *k == (shown, lang)).map(|(_, t)| t.clone())) {
            // Loading: a small local file, a few milliseconds.
            None => ().into_any(),
            Some(Some(html)) => view! { <div class="rules-text" data-testid="rules-text" inner_html=html></div> }.into_any(),
            Some(None) => view! { <p data-testid="rules-unavailable">{lang.s().rules_unavailable}</p> }.into_any(),
        };
        let title = format!("{}{}", lang.s().rules_title, shown.title());
        view! {
            <article class="panel rules" data-testid="rules-screen" data-game=shown.code() lang=lang.code()>
                <h1>{title}</h1>
                <p class="rules-switch" role="group" aria-label=lang.s().game_label>
                    {GameId::ALL
                        .iter()
                        .map(|&g| {
                            view! {
                                <button
                                    type="button"
                                    data-testid=format!("rules-game-{}", g.code())
                                    aria-pressed=(g == shown).to_string()
                                    on:click=move |_| shown_game.set(g)
                                >
                                    {g.title()}
                                </button>
                            }
                        })
                        .collect_view()}
                </p>
                {text}
                <p class="actions">
                    <button type="button" class="primary" data-testid="rules-back" on:click=back>
                        {if ctx.can_go_back() { lang.s().back } else if in_game { lang.s().nav_back } else { lang.s().nav_new_game }}
                    </button>
                </p>
            </article>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_has_its_rules_file_in_each_language() {
        // (The tests' game never ships: no rules pages.)
        for game in GameId::ALL.into_iter().filter(|&g| g != <crate::games::test_game::TestGame as crate::games::Registered>::ID) {
            for lang in Lang::ALL {
                let file = rules_file(game, lang);
                assert_eq!(file, format!("./rules/{}-{}.html", game.code(), lang.code()));
                // Served next to the page from the game's folder (scripts/build-page.mjs).
                let path = format!("{}/src/games/{}/public/{}", env!("CARGO_MANIFEST_DIR"), game.code(), file.trim_start_matches("./"));
                assert!(std::path::Path::new(&path).is_file(), "{path}");
            }
        }
    }
}
