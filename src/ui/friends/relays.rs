//! The connection's settings (issue 55): the STUN server that lets devices
//! on different networks find each other (the public default, editable,
//! removable: one Wi-Fi needs none) and an optional TURN server for the
//! networks that need a relay. Kept on this device; read when an
//! invitation or an answer is made ([`relays`]).

use leptos::prelude::*;

use super::transport::{Relays, DEFAULT_STUN};
use crate::app::friends::SettingError;
use crate::app::lang::Lang;
use crate::i18n::friends as words;
use crate::ui::browser;
use crate::ui::context::ctx;

/// Where the STUN setting is kept: absent, the public default; empty, none
/// (one Wi-Fi needs none); else the address (`stun:host:port`).
pub const STUN_KEY: &str = "tablee.friends.stun";
/// The TURN server's address, user name and password (absent: none).
const TURN_KEYS: [&str; 3] = ["tablee.friends.turn", "tablee.friends.turn-user", "tablee.friends.turn-password"];

/// The relays this device's settings name.
pub fn relays() -> Relays {
    let stun = match browser::load(STUN_KEY) {
        None => Some(DEFAULT_STUN.to_string()),
        Some(stun) if stun.trim().is_empty() => None,
        Some(stun) => Some(stun.trim().to_string()),
    };
    let [address, user, password] = TURN_KEYS.map(|k| browser::load(k).unwrap_or_default());
    let turn = (!address.trim().is_empty()).then(|| (address.trim().to_string(), user, password));
    Relays { stun, turn }
}

/// Checks the settings typed: the relays, or why not.
pub fn parse(stun: &str, turn: &str, user: &str, password: &str) -> Result<Relays, SettingError> {
    let (stun, turn) = (stun.trim(), turn.trim());
    let has_scheme = |text: &str, schemes: [&str; 2]| schemes.iter().any(|s| text.strip_prefix(s).is_some_and(|rest| rest.len() > 2 && !rest.contains(char::is_whitespace)));
    if !stun.is_empty() && !has_scheme(stun, ["stun:", "stuns:"]) {
        return Err(SettingError::Stun);
    }
    if !turn.is_empty() && !has_scheme(turn, ["turn:", "turns:"]) {
        return Err(SettingError::Turn);
    }
    if !turn.is_empty() && (user.is_empty() || password.is_empty()) {
        return Err(SettingError::TurnCredentials);
    }
    Ok(Relays {
        stun: (!stun.is_empty()).then(|| stun.to_string()),
        turn: (!turn.is_empty()).then(|| (turn.to_string(), user.to_string(), password.to_string())),
    })
}

/// The settings, folded (`relay-settings`): STUN (`relay-stun`), TURN
/// (`relay-turn`, `relay-turn-user`, `relay-turn-password`), Save
/// (`relay-save`) and the public default back (`relay-default`). `then`
/// says when the new settings apply on this page.
#[component]
pub fn RelaySettings(then: fn(Lang) -> &'static str) -> impl IntoView {
    let ctx = ctx();
    let lang = move || ctx.lang();
    let current = relays();
    let stun = RwSignal::new(current.stun.clone().unwrap_or_default());
    let (turn0, user0, password0) = current.turn.clone().unwrap_or_default();
    let turn = RwSignal::new(turn0);
    let user = RwSignal::new(user0);
    let password = RwSignal::new(password0);
    // The last save: `Ok` saved, else why not.
    let saved = RwSignal::new(None::<Result<(), SettingError>>);
    let save = move |_| {
        let result = parse(&stun.get_untracked(), &turn.get_untracked(), &user.get_untracked(), &password.get_untracked()).map(|relays| {
            browser::store(STUN_KEY, relays.stun.as_deref().unwrap_or(""));
            let (address, name, secret) = relays.turn.unwrap_or_default();
            for (key, value) in TURN_KEYS.into_iter().zip([address, name, secret]) {
                if value.is_empty() {
                    browser::remove(key);
                } else {
                    browser::store(key, &value);
                }
            }
        });
        saved.set(Some(result));
    };
    let standard = move |_| {
        browser::remove(STUN_KEY);
        stun.set(DEFAULT_STUN.to_string());
        saved.set(Some(Ok(())));
    };
    let field = move |id: &'static str, label: fn(Lang) -> &'static str, value: RwSignal<String>, kind: &'static str| {
        view! {
            <label class="field" for=id>
                <span>{move || label(lang())}</span>
                " "
                <input id=id data-testid=id type=kind autocomplete="off" spellcheck="false" prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) />
            </label>
        }
    };
    view! {
        <details class="relays" data-testid="relay-settings">
            <summary>{move || words::relays_title(lang())}</summary>
            <p class="note">{move || words::relays_help(lang())}</p>
            {field("relay-stun", words::stun_label, stun, "text")}
            {field("relay-turn", words::turn_label, turn, "text")}
            {field("relay-turn-user", words::turn_user_label, user, "text")}
            {field("relay-turn-password", words::turn_password_label, password, "password")}
            <p class="actions">
                <button type="button" class="primary" data-testid="relay-save" on:click=save>{move || words::relays_save(lang())}</button>
                " "
                <button type="button" class="secondary" data-testid="relay-default" on:click=standard>{move || words::relays_default(lang())}</button>
            </p>
            <p role="status" data-testid="relay-status" class=move || if matches!(saved.get(), Some(Err(_))) { "error" } else { "note" }>
                {move || match saved.get() {
                    Some(Ok(())) => then(lang()),
                    Some(Err(e)) => words::setting_error(e, lang()),
                    None => "",
                }}
            </p>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_checked_before_they_are_kept() {
        assert_eq!(parse("", "", "", ""), Ok(Relays::default()));
        assert_eq!(parse(" stun:stun.example.org:3478 ", "", "", "").unwrap().stun.as_deref(), Some("stun:stun.example.org:3478"));
        assert_eq!(parse("stun.example.org", "", "", ""), Err(SettingError::Stun));
        assert_eq!(parse("stun:", "", "", ""), Err(SettingError::Stun));
        assert_eq!(parse("", "turn.example.org", "a", "b"), Err(SettingError::Turn));
        assert_eq!(parse("", "turn:turn.example.org:3478", "", "b"), Err(SettingError::TurnCredentials));
        let relays = parse("", "turns:turn.example.org:5349", "ana", "secret").unwrap();
        assert_eq!(relays, Relays { stun: None, turn: Some(("turns:turn.example.org:5349".into(), "ana".into(), "secret".into())) });
    }
}
