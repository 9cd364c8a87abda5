//! A game with friends on their own devices (issue 55): the words of the
//! friends' part of the page (reached only from it, so they ride in its
//! module, not in the first load).

use super::Lang;
use tablee_friends::code::CodeError;
use tablee_friends::message::Status;

/// The home screen's seat choice.
pub fn seat_choice(lang: Lang) -> &'static str {
    lang.pick("A friend on their own device", "Un ami sur son appareil")
}
pub fn join_title(lang: Lang) -> &'static str {
    lang.pick("Join a game with friends", "Rejoindre une partie entre amis")
}
pub fn making_answer(lang: Lang) -> &'static str {
    lang.pick("Preparing your answer…", "Préparation de votre réponse…")
}
pub fn answer_intro(lang: Lang) -> &'static str {
    lang.pick(
        "Send this answer back to the person who invited you, or let them scan its QR code. They enter it on their device, and your seat connects.",
        "Renvoyez cette réponse à la personne qui vous a invité, ou laissez-la scanner son code QR. Elle la saisit sur son appareil, et votre place se connecte.",
    )
}
pub fn copy(lang: Lang) -> &'static str {
    lang.pick("Copy", "Copier")
}
pub fn copied(lang: Lang) -> &'static str {
    lang.pick("Copied", "Copié")
}
pub fn share(lang: Lang) -> &'static str {
    lang.pick("Share", "Partager")
}
pub fn waiting_host(lang: Lang) -> &'static str {
    lang.pick("Waiting for the host to enter your answer…", "En attente de la saisie de votre réponse par l'hôte…")
}
pub fn waiting_players(lang: Lang) -> &'static str {
    lang.pick("Connected. The cards are dealt once every player has joined.", "Connecté. Les cartes sont distribuées quand tous les joueurs sont là.")
}
pub fn lost(lang: Lang) -> &'static str {
    lang.pick(
        "The connection to the host was lost. Ask them for a new invitation: your seat is kept.",
        "La connexion avec l'hôte est perdue. Demandez-lui une nouvelle invitation : votre place vous attend.",
    )
}
pub fn no_connection(lang: Lang) -> &'static str {
    lang.pick(
        "No connection yet. On different networks a relay may be needed: try one Wi-Fi, or a TURN address.",
        "Pas encore de connexion. Sur des réseaux différents, un relais peut être nécessaire : essayez un même Wi-Fi, ou une adresse TURN.",
    )
}
pub fn no_webrtc(lang: Lang) -> &'static str {
    lang.pick(
        "This browser cannot connect to other devices (no WebRTC). Try another browser.",
        "Ce navigateur ne peut pas se connecter à d'autres appareils (pas de WebRTC). Essayez un autre navigateur.",
    )
}
pub fn browser_refused(lang: Lang) -> &'static str {
    lang.pick("The browser refused the connection. Try again.", "Le navigateur a refusé la connexion. Réessayez.")
}
pub fn refused_by_host(lang: Lang) -> &'static str {
    lang.pick("The host did not accept that move.", "L'hôte n'a pas accepté ce coup.")
}

/// Why a code is refused.
pub fn code_error(error: &CodeError, lang: Lang) -> String {
    match error {
        CodeError::Empty => lang.pick("The code is empty: paste the whole code.", "Le code est vide : collez le code entier.").into(),
        CodeError::BadCharacter { ch, position } => match lang {
            Lang::En => format!("Character {position} (“{ch}”) is not part of a code: check what was pasted."),
            Lang::Fr => format!("Le caractère {position} (« {ch} ») n'appartient pas à un code : vérifiez ce qui a été collé."),
        },
        CodeError::TooShort => lang.pick("The code is too short: part of it is missing.", "Le code est trop court : il en manque une partie.").into(),
        CodeError::Damaged | CodeError::Malformed(_) => lang
            .pick("The code is damaged: a character was changed or lost. Copy it again.", "Le code est abîmé : un caractère a changé ou manque. Copiez-le à nouveau.")
            .into(),
        CodeError::Older { .. } => lang
            .pick("This code comes from an older version of Tablée: both pages must be up to date.", "Ce code vient d'une version plus ancienne de Tablée : les deux pages doivent être à jour.")
            .into(),
        CodeError::Newer { .. } => lang
            .pick("This code comes from a newer version of Tablée: reload this page to update it.", "Ce code vient d'une version plus récente de Tablée : rechargez cette page pour la mettre à jour.")
            .into(),
        CodeError::WrongKind => lang
            .pick("This is an invitation, not an answer (or the reverse): paste the code your friend sent back.", "C'est une invitation, pas une réponse (ou l'inverse) : collez le code que votre ami a renvoyé.")
            .into(),
    }
}
pub fn wrong_seat(seat: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("This answer is for seat {}'s invitation, not this one.", seat + 1),
        Lang::Fr => format!("Cette réponse correspond à l'invitation de la place {}, pas à celle-ci.", seat + 1),
    }
}
pub fn other_invitation(lang: Lang) -> &'static str {
    lang.pick("This answer is for an older invitation of this seat: send the new one.", "Cette réponse correspond à une ancienne invitation de cette place : envoyez la nouvelle.")
}

// ----- the host --------------------------------------------------------------

pub fn invite_title(lang: Lang) -> &'static str {
    lang.pick("Invite your friends", "Invitez vos amis")
}
pub fn host_sees_all(lang: Lang) -> &'static str {
    lang.pick(
        "This device deals the cards and runs the game: it can see every hand while the game runs. At the end each friend's device checks that nobody chose the deal and that every move was legal.",
        "Cet appareil distribue les cartes et mène la partie : il peut voir toutes les mains pendant la partie. À la fin, l'appareil de chaque ami vérifie que personne n'a choisi la donne et que chaque coup était permis.",
    )
}
pub fn invite_steps(lang: Lang) -> &'static str {
    lang.pick(
        "Send each friend their invitation link, or let them scan its QR code. They open it and send you back an answer: enter it here, or scan theirs.",
        "Envoyez à chaque ami son lien d'invitation, ou laissez-le scanner son code QR. Il l'ouvre et vous renvoie une réponse : saisissez-la ici, ou scannez la sienne.",
    )
}
/// The invitation's QR code, named for screen readers.
pub fn invite_qr_label(lang: Lang) -> &'static str {
    lang.pick("QR code of the invitation link", "Code QR du lien d'invitation")
}
/// The answer's QR code, named for screen readers.
pub fn answer_qr_label(lang: Lang) -> &'static str {
    lang.pick("QR code of your answer", "Code QR de votre réponse")
}

// ----- scanning an answer with the camera ------------------------------------

pub fn scan(lang: Lang) -> &'static str {
    lang.pick("Scan", "Scanner")
}
pub fn scan_cancel(lang: Lang) -> &'static str {
    lang.pick("Cancel", "Annuler")
}
pub fn scan_label(lang: Lang) -> &'static str {
    lang.pick("Camera", "Caméra")
}
pub fn scan_hint(lang: Lang) -> &'static str {
    lang.pick("Point the camera at your friend's answer QR code.", "Pointez la caméra vers le code QR de la réponse de votre ami.")
}
pub fn scan_not_answer(lang: Lang) -> &'static str {
    lang.pick(
        "That QR code is not an answer: point at the code on your friend's page.",
        "Ce code QR n'est pas une réponse : pointez vers le code de la page de votre ami.",
    )
}
pub fn camera_refused(lang: Lang) -> &'static str {
    lang.pick(
        "The camera was not allowed. Allow it in the browser's settings, or paste the answer.",
        "La caméra n'a pas été autorisée. Autorisez-la dans les réglages du navigateur, ou collez la réponse.",
    )
}
pub fn camera_absent(lang: Lang) -> &'static str {
    lang.pick("No camera was found on this device: paste the answer.", "Aucune caméra n'a été trouvée sur cet appareil : collez la réponse.")
}
pub fn camera_failed(lang: Lang) -> &'static str {
    lang.pick(
        "The camera could not start (another app may be using it): paste the answer.",
        "La caméra n'a pas pu démarrer (une autre application l'utilise peut-être) : collez la réponse.",
    )
}
pub fn invitation_for(name: &str, seat: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Seat {} — {name}", seat + 1),
        Lang::Fr => format!("Place {} — {name}", seat + 1),
    }
}
pub fn invitation_link(lang: Lang) -> &'static str {
    lang.pick("Invitation link", "Lien d'invitation")
}
pub fn preparing_invitation(lang: Lang) -> &'static str {
    lang.pick("Preparing the invitation…", "Préparation de l'invitation…")
}
pub fn answer_label(lang: Lang) -> &'static str {
    lang.pick("Their answer", "Sa réponse")
}
pub fn answer_submit(lang: Lang) -> &'static str {
    lang.pick("Connect", "Connecter")
}
/// The connection's settings (`relay-settings`).
pub fn relays_title(lang: Lang) -> &'static str {
    lang.pick("Connection settings", "Réglages de connexion")
}
pub fn relays_help(lang: Lang) -> &'static str {
    lang.pick(
        "On one Wi-Fi, devices need neither. A STUN server lets devices on different networks find each other (a public one by default: empty it for none). Some networks also need a TURN server, which relays the game: enter your own.",
        "Sur un même Wi-Fi, les appareils n'ont besoin d'aucun des deux. Un serveur STUN permet à des appareils de réseaux différents de se trouver (un public par défaut : videz le champ pour aucun). Certains réseaux demandent aussi un serveur TURN, qui relaie la partie : entrez le vôtre.",
    )
}
pub fn stun_label(lang: Lang) -> &'static str {
    lang.pick("STUN server", "Serveur STUN")
}
pub fn turn_label(lang: Lang) -> &'static str {
    lang.pick("TURN server (optional)", "Serveur TURN (facultatif)")
}
pub fn turn_user_label(lang: Lang) -> &'static str {
    lang.pick("TURN user name", "Nom d'utilisateur TURN")
}
pub fn turn_password_label(lang: Lang) -> &'static str {
    lang.pick("TURN password", "Mot de passe TURN")
}
pub fn relays_save(lang: Lang) -> &'static str {
    lang.pick("Save", "Enregistrer")
}
pub fn relays_default(lang: Lang) -> &'static str {
    lang.pick("Public STUN server", "Serveur STUN public")
}
/// Saved, on the host's page: the invitations made from now on use it.
pub fn relays_saved_host(lang: Lang) -> &'static str {
    lang.pick("Saved: new invitations use it (Invite again for one already sent).", "Enregistré : les nouvelles invitations l'utilisent (« Inviter de nouveau » pour une déjà envoyée).")
}
/// Saved, on a friend's page: the next answer uses it.
pub fn relays_saved_friend(lang: Lang) -> &'static str {
    lang.pick("Saved: open the invitation again to answer with it.", "Enregistré : rouvrez l'invitation pour répondre avec.")
}
pub fn setting_error(error: crate::app::friends::SettingError, lang: Lang) -> &'static str {
    use crate::app::friends::SettingError as E;
    match error {
        E::Stun => lang.pick("A STUN address starts with \"stun:\", for example stun:stun.example.org:3478.", "Une adresse STUN commence par « stun: », par exemple stun:stun.example.org:3478."),
        E::Turn => lang.pick("A TURN address starts with \"turn:\", for example turn:turn.example.org:3478.", "Une adresse TURN commence par « turn: », par exemple turn:turn.example.org:3478."),
        E::TurnCredentials => lang.pick("A TURN server needs its user name and password.", "Un serveur TURN demande son nom d'utilisateur et son mot de passe."),
    }
}
/// Who plays a friend's seat while they are away (`stand-in-N`).
pub fn stand_in_label(name: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("While {name} is away"),
        Lang::Fr => format!("Quand {name} est absent"),
    }
}
pub fn stand_in_wait(lang: Lang) -> &'static str {
    lang.pick("wait for them", "l'attendre")
}
/// "a bot plays for them (easy)".
pub fn stand_in_bot(level: &str, lang: Lang) -> String {
    match lang {
        Lang::En => format!("a bot plays for them ({level})"),
        Lang::Fr => format!("un robot joue à sa place ({level})"),
    }
}
/// How long a friend may think over a decision (`think-limit`).
pub fn think_label(lang: Lang) -> &'static str {
    lang.pick("Time to decide", "Temps pour décider")
}
pub fn think_no_limit(lang: Lang) -> &'static str {
    lang.pick("no limit", "sans limite")
}
/// A limit: "30 s, then a bot plays that move".
pub fn think_limit(seconds: u64, lang: Lang) -> String {
    let time = if seconds % 60 == 0 { format!("{} min", seconds / 60) } else { format!("{seconds} s") };
    match lang {
        Lang::En => format!("{time}, then a bot plays that move"),
        Lang::Fr => format!("{time}, puis un robot joue ce coup"),
    }
}
/// A new invitation for a seat: away (a reload, a phone asleep) or not connected.
pub fn invite_again(lang: Lang) -> &'static str {
    lang.pick("Invite again", "Inviter de nouveau")
}
pub fn invite_again_note(lang: Lang) -> &'static str {
    lang.pick(
        "Send them this new link: their page finds its seat again.",
        "Envoyez-lui ce nouveau lien : sa page retrouve sa place.",
    )
}
pub fn status(status: Status, lang: Lang) -> &'static str {
    match status {
        Status::Waiting => lang.pick("Waiting for their answer", "En attente de sa réponse"),
        Status::Connected => lang.pick("Connected", "Connecté"),
        Status::Away => lang.pick("Away", "Absent"),
        Status::Bot => lang.pick("A bot plays", "Un robot joue"),
    }
}
pub fn starts_when_all(lang: Lang) -> &'static str {
    lang.pick("The game starts once every friend is connected.", "La partie commence quand tous les amis sont connectés.")
}
pub fn setup_error(lang: Lang) -> &'static str {
    lang.pick(
        "A table with friends needs one person on this device, at least one friend, and a number of players the game allows.",
        "Une table entre amis demande une personne sur cet appareil, au moins un ami, et un nombre de joueurs que le jeu permet.",
    )
}
pub fn host_name(lang: Lang) -> &'static str {
    lang.pick("Host", "Hôte")
}
pub fn friend_name(seat: usize, lang: Lang) -> String {
    match lang {
        Lang::En => format!("Friend {}", seat + 1),
        Lang::Fr => format!("Ami {}", seat + 1),
    }
}

// ----- the check at the end --------------------------------------------------

/// At a game's end with friends, instead of "Play again" (which would
/// deal a game on this device alone).
pub fn again(lang: Lang) -> &'static str {
    lang.pick(
        "To play again together, the host sets a new table with friends on the home screen and sends new links.",
        "Pour rejouer ensemble, l'hôte dresse une nouvelle table avec ses amis depuis l'accueil et envoie de nouveaux liens.",
    )
}
pub fn verified(lang: Lang) -> &'static str {
    lang.pick(
        "Verified: the deal follows from every player's secret (nobody chose it), every move was legal, and the bots played as the bots play.",
        "Vérifié : la donne découle du secret de chaque joueur (personne ne l'a choisie), chaque coup était permis, et les robots ont joué comme jouent les robots.",
    )
}
pub fn not_verified(lang: Lang) -> &'static str {
    lang.pick("Not verified. What differs:", "Non vérifié. Ce qui diffère :")
}
pub fn checking(lang: Lang) -> &'static str {
    lang.pick("Checking the game…", "Vérification de la partie…")
}
/// One difference found by the check, in words.
/// What differs, in words; `name` names a seat as the table does ("Ana", "Réglisse").
pub fn difference(d: &crate::app::friends::verify::Difference, name: &dyn Fn(usize) -> String, lang: Lang) -> String {
    use crate::app::friends::verify::Difference as D;
    let en_fr = |en: String, fr: String| if lang == Lang::En { en } else { fr };
    match d {
        D::Log(what) => en_fr(format!("the host's record is unreadable ({what})"), format!("le relevé de l'hôte est illisible ({what})")),
        D::Secrets { found, seats } => en_fr(format!("{found} secrets for {seats} seats"), format!("{found} secrets pour {seats} places")),
        D::Opens { seat } => en_fr(format!("{}'s secret does not match their commitment", name(*seat)), format!("le secret de {} ne correspond pas à son engagement", name(*seat))),
        D::Mine => en_fr("your own secret was changed".into(), "votre propre secret a été changé".into()),
        D::Seed { .. } => en_fr("the deal is not the one the secrets give".into(), "la donne n'est pas celle que donnent les secrets".into()),
        D::Table => en_fr("the table is not the one you were welcomed to".into(), "la table n'est pas celle où vous avez été accueilli".into()),
        D::Turn { index, seat, .. } => en_fr(format!("move {} was not {}'s turn", index + 1, name(*seat)), format!("le coup {} n'était pas au tour de {}", index + 1, name(*seat))),
        D::Illegal { index, seat } => en_fr(format!("move {} by {} breaks the rules", index + 1, name(*seat)), format!("le coup {} de {} enfreint les règles", index + 1, name(*seat))),
        D::Bot { index, seat, played, bot } => en_fr(
            format!("move {}: the bot {} played {played}, where that bot plays {bot}", index + 1, name(*seat)),
            format!("coup {} : le robot {} a joué {played}, là où ce robot joue {bot}", index + 1, name(*seat)),
        ),
        D::StandIn { index } => en_fr(format!("move {}: a stand-in is claimed where none could play", index + 1), format!("coup {} : un remplaçant est annoncé là où aucun ne pouvait jouer", index + 1)),
        D::View { n } => en_fr(format!("what you were shown after move {n} is not the game"), format!("ce qui vous a été montré après le coup {n} n'est pas la partie")),
        D::Moved { n } => en_fr(format!("move {n} as you were told it is not the game's"), format!("le coup {n} tel qu'il vous a été annoncé n'est pas celui de la partie")),
        D::Unfinished => en_fr("the record stops before the end".into(), "le relevé s'arrête avant la fin".into()),
    }
}
