//! A friend's side of a game with friends: say hello with the seat's
//! token, commit, reveal only once every seat's commitment is in, keep
//! each view as it comes (and its fingerprint for the check), and at the
//! end check the game ([`super::verify`]). A pure state machine: the page
//! hands it what arrives from the host and sends what it queues.

use tablee_engine::json::Json;
use tablee_engine::Seat;
use tablee_friends::code::Token;
use tablee_friends::fair::{Commitment, Secret};
use tablee_friends::message::{BadMessage, FromFriend, FromHost, Reason, Status};
use tablee_friends::sha256::sha256;
use tablee_friends::PROTOCOL;

use super::verify::{verify, Difference, Kept, Shown};
use crate::games::Registered;

/// Why a friend's page refused the host's message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GuestError {
    Unreadable(BadMessage),
    /// A host of another protocol.
    Version { found: u8 },
    /// A welcome to another seat or another game than this page's.
    WrongTable,
    /// The commitments do not hold this friend's own at its seat, or
    /// changed once sent: the friend does not reveal.
    Commitments,
    /// A message out of order (commitments before the welcome, a view
    /// before the reveal…).
    OutOfOrder,
}

/// The position as the friend last saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct Seen {
    pub n: usize,
    pub by: Option<Seat>,
    /// The move `by` made, where every move is public
    /// ([`crate::app::game::GameDef::public_move`]).
    pub moved: Option<Json>,
    pub view: Json,
    /// The moves it may make now (empty: not asked).
    pub legal: Vec<Json>,
}

/// A friend's game.
#[derive(Clone, Debug)]
pub struct Guest<G: Registered> {
    seat: Seat,
    token: Token,
    build: String,
    kept: Option<Kept>,
    secret: Secret,
    committed: bool,
    revealed: bool,
    seen: Option<Seen>,
    status: Vec<Status>,
    refused: Vec<(Reason, usize)>,
    result: Option<Vec<Difference>>,
    /// The host's record of the finished game (a save), once it came.
    log: Option<Json>,
    outbox: Vec<String>,
    _game: std::marker::PhantomData<G>,
}

impl<G: Registered> Guest<G> {
    /// A friend invited to `seat` with `token`, with its secret (from the
    /// device's cryptographic generator, kept to rejoin).
    pub fn new(seat: Seat, token: Token, secret: Secret, build: &str) -> Guest<G> {
        Guest {
            seat,
            token,
            build: build.to_string(),
            kept: None,
            secret,
            committed: false,
            revealed: false,
            seen: None,
            status: Vec::new(),
            refused: Vec::new(),
            result: None,
            log: None,
            outbox: Vec::new(),
            _game: std::marker::PhantomData,
        }
    }

    /// A channel opened: say hello (each connection, the first and every rejoin).
    pub fn connected(&mut self) {
        let hello = FromFriend::Hello { version: PROTOCOL, seat: self.seat, token: self.token, build: self.build.clone() };
        self.outbox.push(hello.text());
    }

    pub fn drain(&mut self) -> Vec<String> {
        std::mem::take(&mut self.outbox)
    }

    /// The friend's move, for the position it last saw.
    pub fn play(&mut self, action: &G::Action) {
        let n = self.seen.as_ref().map_or(0, |s| s.n);
        self.outbox.push(FromFriend::Move { n, action: G::action_to_json(action) }.text());
    }

    pub fn ping(&mut self, n: u64) {
        self.outbox.push(FromFriend::Ping { n }.text());
    }

    pub fn seen(&self) -> Option<&Seen> {
        self.seen.as_ref()
    }

    pub fn status(&self) -> &[Status] {
        &self.status
    }

    /// The host's refusals of this friend's messages: reason, position.
    pub fn refused(&self) -> &[(Reason, usize)] {
        &self.refused
    }

    /// The check of the finished game (empty: verified), once it is over.
    pub fn result(&self) -> Option<&[Difference]> {
        self.result.as_deref()
    }

    /// The host's record of the finished game (a save, with its stand-ins).
    pub fn end_log(&self) -> Option<&Json> {
        self.log.as_ref()
    }

    /// What the page keeps to check the game at the end (and to rejoin).
    pub fn kept(&self) -> Option<&Kept> {
        self.kept.as_ref()
    }

    /// A text from the host.
    pub fn receive(&mut self, text: &str) -> Result<(), GuestError> {
        let message = FromHost::parse(text).map_err(GuestError::Unreadable)?;
        match message {
            FromHost::Welcome { version, seat, game, options, seats, .. } => {
                if version != PROTOCOL {
                    return Err(GuestError::Version { found: version });
                }
                if seat != self.seat || game != G::CODE {
                    return Err(GuestError::WrongTable);
                }
                match &self.kept {
                    // A rejoin: the same table as before.
                    Some(kept) if kept.options != options || kept.seats != seats => return Err(GuestError::WrongTable),
                    Some(_) => {}
                    None => {
                        self.kept = Some(Kept {
                            seat,
                            secret: self.secret,
                            game,
                            options,
                            seats,
                            commitments: Vec::new(),
                            views: Vec::new(),
                        })
                    }
                }
                if !self.committed {
                    self.committed = true;
                    self.outbox.push(FromFriend::Commit(self.secret.commit(self.seat)).text());
                }
            }
            FromHost::Commits(all) => {
                let kept = self.kept.as_mut().ok_or(GuestError::OutOfOrder)?;
                if all.len() != kept.seats.len() || all.get(self.seat) != Some(&self.secret.commit(self.seat)) {
                    return Err(GuestError::Commitments);
                }
                if !kept.commitments.is_empty() && kept.commitments != all {
                    return Err(GuestError::Commitments);
                }
                kept.commitments = all;
                if !self.revealed {
                    self.revealed = true;
                    self.outbox.push(FromFriend::Reveal(self.secret).text());
                }
            }
            FromHost::View { n, by, moved, view, legal } => {
                let kept = self.kept.as_mut().filter(|k| !k.commitments.is_empty()).ok_or(GuestError::OutOfOrder)?;
                kept.views.push(Shown { n, view: sha256(view.text().as_bytes()), by, moved: moved.as_ref().map(Json::text) });
                self.seen = Some(Seen { n, by, moved, view, legal });
            }
            FromHost::Seats(status) => self.status = status,
            FromHost::Refused { reason, n } => self.refused.push((reason, n)),
            FromHost::Pong { .. } | FromHost::Bye => {}
            FromHost::End { secrets, log } => {
                let kept = self.kept.as_ref().filter(|k| !k.commitments.is_empty()).ok_or(GuestError::OutOfOrder)?;
                self.result = Some(verify::<G>(kept, &secrets, &log));
                self.log = Some(log);
            }
        }
        Ok(())
    }

    /// This friend's commitment (to check the host's list).
    pub fn commitment(&self) -> Commitment {
        self.secret.commit(self.seat)
    }
}
