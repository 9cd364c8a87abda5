//! A game in progress, of any game: the table, the engine's state and every
//! action so far.
//!
//! The actions are the whole story: the deal comes from the seed and each bot
//! decision from `decision_seed(seed, seat, move_number)`, so replaying the
//! actions through the engine rebuilds the game exactly (that is how a save is
//! resumed).

use tablee_bots::arena::decision_seed;
use tablee_bots::{Choice, Level};
use tablee_engine::{Game, Outcome, RuleError, Seat, Shared};
use tablee_engine::json::Json;

use super::config::{SeatKind, TableConfig};
use super::game::{GameDef, MatchRecord};

/// Why a list of actions does not replay on a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The table itself cannot be dealt (the engine's message).
    Setup(String),
    /// Action `index` (0-based) was refused (the engine's reason is the
    /// game's own type, which no screen shows: only where is kept).
    Refused { index: usize },
}

/// One decision to make: the deciding seat's view, its legal actions and the
/// seed, for the move numbered `at`.
#[derive(Clone, Debug)]
pub struct Decision<G: GameDef> {
    pub seat: Seat,
    pub level: Level,
    pub view: G::View,
    pub legal: Vec<G::Action>,
    pub seed: u64,
    pub at: usize,
}

impl<G: GameDef> Decision<G> {
    pub fn decide(&self) -> G::Action {
        G::decide(self.level, &self.view, &self.legal, self.seed)
    }

    pub fn analyse(&self) -> Vec<Choice<G::Action>> {
        G::analyse(self.level, &self.view, &self.legal, self.seed)
    }

    /// A hint's candidates for this decision ([`GameDef::hint`]).
    pub fn hint(&self) -> Vec<Choice<G::Action>> {
        G::hint(&self.view, &self.legal, self.seed)
    }

    /// The coached game's advice for this decision ([`GameDef::coach`]).
    pub fn coach(&self) -> Vec<Choice<G::Action>> {
        G::coach(&self.view, &self.legal, self.seed)
    }

    /// The move made when no bot can be asked (the page without its worker):
    /// the game's own choice (pass when allowed), else the first legal action.
    pub fn fallback(&self) -> Option<G::Action> {
        G::fallback(&self.legal).or_else(|| self.legal.first().cloned())
    }
}

#[derive(Clone, Debug)]
pub struct Session<G: GameDef> {
    config: TableConfig<G>,
    state: G::State,
    actions: Vec<G::Action>,
    /// The seat that made each action.
    movers: Vec<Seat>,
    /// The person who made the most recent human decision.
    last_human: Option<Seat>,
    /// The table's own notes, kept in the save as they are: what the page
    /// shows between two actions (J'achète's staged table and hand order).
    /// The shell never reads it; the game's table checks what it reads back.
    note: Option<Json>,
    /// A move was taken back: the game is practice (not counted in the
    /// history, against par or as a daily deal).
    practice: bool,
    /// The match this game belongs to (KB-20), the games before it recorded
    /// (`None`: a game of its own). The game's own record (`GameDef::Match`:
    /// Katzenjammer's engine `Match`, whose seeds, totals and leaders are
    /// the one definition).
    in_match: Option<G::Match>,
}

impl<G: GameDef> Session<G> {
    /// Deals a new game for this table.
    pub fn new(config: TableConfig<G>) -> Result<Session<G>, String> {
        if !G::allows(config.options, config.players()) {
            return Err(format!("{} players cannot play {}", config.players(), G::TITLE));
        }
        let state = G::new_state(config.players(), config.options, config.seed)?;
        Ok(Session { config, state, actions: Vec::new(), movers: Vec::new(), last_human: None, note: None, practice: false, in_match: None })
    }

    /// A game from a position that no seed deals (a lesson's, issue 42):
    /// never saved nor replayed (its actions start from this state, not
    /// from the seed's deal), so only a lesson's table holds one.
    pub fn at_position(config: TableConfig<G>, state: G::State) -> Session<G> {
        Session { config, state, actions: Vec::new(), movers: Vec::new(), last_human: None, note: None, practice: false, in_match: None }
    }

    /// Deals a match's first game: `games` games at this table from its seed
    /// (one: a game of its own, as [`Session::new`]).
    pub fn new_match(config: TableConfig<G>, games: usize) -> Result<Session<G>, String> {
        let mut session = Session::new(config)?;
        if games > 1 {
            let c = &session.config;
            let record = G::new_match(c.players(), c.options, c.seed, games)
                .ok_or_else(|| format!("{} has no matches", G::TITLE))?;
            session.in_match = Some(record);
        }
        Ok(session)
    }

    /// Deals the table's game and replays recorded `(seat, action)` moves.
    pub fn replay(config: TableConfig<G>, moves: impl IntoIterator<Item = (Seat, G::Action)>) -> Result<Session<G>, ReplayError> {
        let mut session = Session::new(config).map_err(ReplayError::Setup)?;
        for (index, (seat, action)) in moves.into_iter().enumerate() {
            session.apply_recorded(seat, &action).map_err(|_| ReplayError::Refused { index })?;
        }
        Ok(session)
    }

    pub fn config(&self) -> &TableConfig<G> {
        &self.config
    }
    pub fn state(&self) -> &G::State {
        &self.state
    }
    pub fn actions(&self) -> &[G::Action] {
        &self.actions
    }
    /// The table's notes (see the field); `None` when it has none.
    pub fn note(&self) -> Option<&Json> {
        self.note.as_ref()
    }
    pub fn set_note(&mut self, note: Option<Json>) {
        self.note = note;
    }
    /// The match this game belongs to, the games before it recorded.
    pub fn in_match(&self) -> Option<&G::Match> {
        self.in_match.as_ref()
    }
    /// A save's match, read back (checked by the save's reader).
    pub fn set_match(&mut self, record: Option<G::Match>) {
        self.in_match = record;
    }
    /// The number of games of this game's match (1: a game of its own).
    pub fn match_games(&self) -> usize {
        self.in_match().map_or(1, MatchRecord::games_planned)
    }
    /// The match's standings: the games before this one, and this one once
    /// it is over.
    pub fn standings(&self) -> Option<G::Match> {
        let mut record = self.in_match()?.clone();
        if self.is_over() {
            G::record_in_match(&mut record, &self.state);
        }
        Some(record)
    }
    /// The match's next game, once this one is over and the match goes on:
    /// the same table, dealt from the record's `game_seed`.
    pub fn next_in_match(&self) -> Option<Session<G>> {
        let record = self.standings().filter(|m| self.is_over() && !m.is_over())?;
        let config = TableConfig { seed: record.game_seed(record.games_played()), daily: None, ..self.config.clone() };
        let mut session = Session::new(config).ok()?;
        session.in_match = Some(record);
        Some(session)
    }
    /// The table a link names: the match's (its seed) in a match, else this game's.
    pub fn link_table(&self) -> TableConfig<G> {
        match self.in_match() {
            Some(record) => TableConfig { seed: record.seed(), daily: None, ..self.config.clone() },
            None => self.config.clone(),
        }
    }
    /// Whether a move was taken back (see [`Session::take_back`]).
    pub fn practice(&self) -> bool {
        self.practice
    }
    /// A save's mark, read back.
    pub fn set_practice(&mut self, practice: bool) {
        self.practice = practice;
    }
    /// The seat played on this device in a game with friends (not in
    /// saves: a friend's device marks it on the host's record).
    pub fn set_here(&mut self, seat: Seat) {
        self.config.here = Some(seat);
    }
    pub fn is_over(&self) -> bool {
        self.state.is_over()
    }
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    /// The seat whose decision it is (`None` once the game is over).
    pub fn to_act(&self) -> Option<Seat> {
        self.state.to_act()
    }

    /// The seat to act, if a person plays it.
    pub fn human_to_act(&self) -> Option<Seat> {
        self.to_act().filter(|&s| self.config.seat(s) == Some(SeatKind::Human))
    }

    /// Whether a person has made a move at this table (the lessons' offer
    /// goes with the newcomer's first decision).
    pub fn people_moved(&self) -> bool {
        self.moves().any(|(seat, _)| self.config.seat(seat) == Some(SeatKind::Human))
    }

    /// The seat to act and its level, if a bot plays it.
    pub fn bot_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self.to_act()?;
        match self.config.seat(seat)? {
            SeatKind::Bot(level) => Some((seat, level)),
            SeatKind::Human => None,
        }
    }

    /// The generated actions of the seat to act (every legal action when the
    /// game's generator is exhaustive, as Katzenjammer's is).
    pub fn legal_actions(&self) -> Vec<G::Action> {
        let mut out = Vec::new();
        self.state.actions(&mut out);
        out
    }

    /// What `seat` may see.
    pub fn view(&self, seat: Seat) -> G::View {
        self.state.view(seat)
    }

    fn apply(&mut self, action: &G::Action) -> Result<(), RuleError<G::Refusal>> {
        let seat = self.to_act().ok_or(Shared::GameOver)?;
        let human = self.human_to_act();
        self.state.apply(action)?;
        if human.is_some() {
            self.last_human = human;
        }
        self.actions.push(action.clone());
        self.movers.push(seat);
        Ok(())
    }

    /// Every action so far with the seat that made it, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = (Seat, &G::Action)> {
        self.movers.iter().copied().zip(&self.actions)
    }

    /// Replays a recorded action of `seat`, whoever plays it (resuming a save):
    /// refused when it is not that seat's turn or the engine refuses it.
    pub fn apply_recorded(&mut self, seat: Seat, action: &G::Action) -> Result<(), RuleError<G::Refusal>> {
        match self.to_act() {
            Some(s) if s == seat => self.apply(action),
            Some(s) => Err(Shared::NotYourTurn { to_act: s, seat }.into()),
            None => Err(Shared::GameOver.into()),
        }
    }

    /// A person's decision: refused (state unchanged) when it is not a person's
    /// turn or when the engine refuses it.
    pub fn apply_human(&mut self, action: G::Action) -> Result<(), RuleError<G::Refusal>> {
        if self.human_to_act().is_none() {
            return Err(if self.is_over() { Shared::GameOver } else { Shared::NotAPersonsTurn }.into());
        }
        self.apply(&action)
    }

    /// The answer the person to act left in advance for this decision, if
    /// any ([`GameDef::standing_answer`]: J'achète's buy wishes, kept in the
    /// table's note).
    pub fn standing_answer(&self) -> Option<G::Action> {
        let seat = self.human_to_act()?;
        G::standing_answer(self.note.as_ref(), &self.state, seat)
    }

    /// Plays the person's standing answer ([`Session::standing_answer`])
    /// as their move; returns it, `None` when they are to be asked. Whose
    /// hand the screen shows does not change: the device stays where it is.
    pub fn apply_standing(&mut self) -> Option<G::Action> {
        let action = self.standing_answer()?;
        let viewer = self.last_human;
        self.apply(&action).ok()?;
        self.last_human = viewer;
        Some(action)
    }

    /// Everything a bot needs to decide the current move, so that the
    /// decision can be made elsewhere (the Web Worker) and applied later.
    pub fn bot_decision(&self) -> Option<Decision<G>> {
        let (seat, level) = self.bot_to_act()?;
        Some(self.decision(seat, level))
    }

    /// The `expert` bot's decision for the seat to act (hints).
    pub fn hint_decision(&self) -> Option<Decision<G>> {
        Some(self.decision(self.to_act()?, Level::Expert))
    }

    /// The decision of `seat` (the seat to act) at `level`.
    pub fn decision(&self, seat: Seat, level: Level) -> Decision<G> {
        Decision {
            seat,
            level,
            view: self.state.view(seat),
            legal: self.legal_actions(),
            seed: decision_seed(self.config.seed, seat, self.actions.len()),
            at: self.actions.len(),
        }
    }

    /// The decision the bot to act makes now (none on a person's turn).
    pub fn bot_choice(&self) -> Option<G::Action> {
        self.bot_decision().map(|d| d.decide())
    }

    /// Plays one bot decision; returns it, or `None` on a person's turn.
    pub fn bot_step(&mut self) -> Option<G::Action> {
        let action = self.bot_choice()?;
        // The bot picks among the engine's own generated actions, so this applies.
        self.apply(&action).ok().map(|()| action)
    }

    /// Applies a bot's decision made for move number `at` (see
    /// [`Session::bot_decision`]); refused if the game moved on meanwhile.
    pub fn apply_bot(&mut self, at: usize, action: &G::Action) -> Result<(), RuleError<G::Refusal>> {
        if at != self.actions.len() || self.bot_to_act().is_none() {
            return Err(Shared::Outdated.into());
        }
        self.apply(action)
    }

    /// Whether [`Session::take_back`] would take a move back now: on the
    /// person's turn (no bot is thinking) at a table of one person against
    /// bots, once they have moved, and never in a daily deal (whose first
    /// attempt counts as it is played).
    pub fn can_take_back(&self) -> bool {
        let Some(me) = self.config.solo_seat() else { return false };
        self.config.daily.is_none() && self.human_to_act() == Some(me) && self.movers.contains(&me)
    }

    /// Takes back the person's last move and the bots' moves since: the game
    /// is again at that decision, replayed from the deal (the bots will answer
    /// a different move differently, the same move the same way). The game
    /// becomes practice. False, nothing changed, when it cannot
    /// ([`Session::can_take_back`]).
    pub fn take_back(&mut self) -> bool {
        if !self.can_take_back() {
            return false;
        }
        let me = self.config.solo_seat();
        let Some(last) = self.movers.iter().rposition(|&s| Some(s) == me) else { return false };
        let earlier = self.moves().take(last).map(|(seat, action)| (seat, action.clone())).collect::<Vec<_>>();
        // Those moves were applied once already: they replay.
        let Ok(mut session) = Session::replay(self.config.clone(), earlier) else { return false };
        session.practice = true;
        // The table's notes stay (J'achète's hand order); what they say
        // about a later move the table drops as outdated.
        session.note = self.note.take();
        // A game taken back stays in its match (practice: not in the history).
        session.in_match = self.in_match.take();
        *self = session;
        true
    }

    /// What the `expert` bot would do in the seat to act, best first (hints).
    pub fn hint(&self) -> Vec<Choice<G::Action>> {
        self.hint_decision().map(|d| d.hint()).unwrap_or_default()
    }

    /// Whose hand the screen shows: the person to act, else the last person who
    /// acted, else the first person at the table (seat 0 if nobody is human).
    pub fn viewer(&self) -> Seat {
        if let Some(seat) = self.human_to_act() {
            return seat;
        }
        self.last_human.or_else(|| self.config.humans().first().copied()).unwrap_or(0)
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::games::test_game::{self, TestGame, KEEP};

    /// Plays the person's seats with the `normal` bot's choice.
    pub(crate) fn play_out<G: GameDef>(session: &mut Session<G>) {
        let mut guard = 0;
        while !session.is_over() {
            if session.bot_step().is_none() {
                let seat = session.human_to_act().unwrap();
                let legal = session.legal_actions();
                let action = G::decide(Level::Normal, &session.view(seat), &legal, 7);
                session.apply_human(action).unwrap();
            }
            guard += 1;
            assert!(guard < 50_000, "the game does not end");
        }
    }

    /// Taking back (issue 13), run by each game where a person moves more
    /// than once from its `shell_tests/session.rs` on a table of its own
    /// (the default seats: a person at seat 0, bots after): a move taken back
    /// returns to the person's decision and makes practice. (In the test
    /// game a person moves once, and then the game is over.)
    pub(crate) fn a_move_taken_back_returns_to_the_persons_decision<G: GameDef>(table: TableConfig<G>)
    where
        G::State: PartialEq,
    {
        let mut session = Session::new(table).unwrap();
        while session.bot_step().is_some() {}
        // Nothing of theirs to take back yet.
        assert!(!session.can_take_back());
        assert!(!session.take_back());
        for _ in 0..3 {
            while session.bot_step().is_some() {}
            let before = (session.state().clone(), session.actions().to_vec());
            let legal = session.legal_actions();
            // Not the first legal action, so that the bots' answer differs from the first's.
            session.apply_human(legal[legal.len() - 1].clone()).unwrap();
            while session.bot_step().is_some() {}
            assert!(session.actions().len() > before.1.len());
            assert!(session.can_take_back());
            assert!(session.take_back());
            assert_eq!((session.state().clone(), session.actions().to_vec()), before);
            assert!(session.practice());
            assert_eq!(session.human_to_act(), Some(0));
            session.apply_human(legal[0].clone()).unwrap();
        }
    }

    /// No take-back in a daily deal (`daily`, a person at seat 0) or at a
    /// table of several people (`shared`).
    pub(crate) fn no_take_back_in_a_daily_deal_or_between_people<G: GameDef>(daily: TableConfig<G>, shared: TableConfig<G>) {
        for table in [daily, shared] {
            let mut session = Session::new(table).unwrap();
            for _ in 0..4 {
                match session.human_to_act() {
                    Some(_) => session.apply_human(session.legal_actions()[0].clone()).unwrap(),
                    None => drop(session.bot_step()),
                }
            }
            while session.bot_step().is_some() {}
            assert!(!session.can_take_back());
            assert!(!session.take_back());
            assert!(!session.practice());
        }
    }

    #[test]
    fn a_whole_game_plays_to_the_end() {
        for players in TestGame::MIN_PLAYERS..=TestGame::MAX_PLAYERS {
            let mut session = Session::new(test_game::table(players as u64, players)).unwrap();
            play_out(&mut session);
            assert!(session.outcome().is_some());
            assert_eq!(session.to_act(), None);
            assert_eq!(session.bot_step(), None);
        }
    }

    #[test]
    fn the_actions_replay_the_game_exactly() {
        let mut session = Session::new(test_game::table(42, 4)).unwrap();
        play_out(&mut session);
        let moves: Vec<_> = session.moves().map(|(s, a)| (s, *a)).collect();
        let again = Session::<TestGame>::replay(session.config().clone(), moves.clone()).unwrap();
        assert_eq!(again.state(), session.state());
        // Half-way too.
        let half = &moves[..moves.len() / 2];
        let part = Session::<TestGame>::replay(session.config().clone(), half.to_vec()).unwrap();
        assert_eq!(part.actions().len(), half.len());
    }

    #[test]
    fn bots_decide_the_same_on_the_same_seed() {
        let mut a = Session::new(test_game::table(9, 4)).unwrap();
        let mut b = Session::new(test_game::table(9, 4)).unwrap();
        play_out(&mut a);
        play_out(&mut b);
        assert_eq!(a.actions(), b.actions());
    }

    #[test]
    fn people_cannot_move_for_bots_and_bots_not_for_people() {
        let mut cfg = test_game::table(3, 3);
        cfg.seats = vec![SeatKind::Bot(Level::Normal); 3];
        let mut session = Session::new(cfg).unwrap();
        assert!(session.apply_human(KEEP).is_err());
        assert!(session.actions().is_empty());

        let mut cfg = test_game::table(3, 3);
        cfg.seats = vec![SeatKind::Human; 3];
        let mut session = Session::new(cfg).unwrap();
        assert_eq!(session.bot_step(), None);
        assert!(session.human_to_act().is_some());
        session.apply_human(KEEP).unwrap();
        assert_eq!(session.actions(), &[KEEP]);
    }

    #[test]
    fn a_refused_replay_names_the_action() {
        // The second move by the seat that has just moved, out of its turn.
        let first = Session::new(test_game::table(1, 4)).unwrap().to_act().unwrap();
        let error = Session::<TestGame>::replay(test_game::table(1, 4), [(first, KEEP), (first, KEEP)]).unwrap_err();
        assert!(matches!(error, ReplayError::Refused { index: 1, .. }), "{error:?}");
    }

    #[test]
    fn the_viewer_is_the_person_to_act_or_the_last_one() {
        let mut cfg = test_game::table(11, 3);
        cfg.seats = vec![SeatKind::Human, SeatKind::Bot(Level::Normal), SeatKind::Human];
        let mut session = Session::new(cfg).unwrap();
        let mut seen = std::collections::BTreeSet::new();
        for _ in 0..60 {
            if session.is_over() {
                break;
            }
            if let Some(seat) = session.human_to_act() {
                assert_eq!(session.viewer(), seat);
                seen.insert(seat);
                session.apply_human(KEEP).unwrap();
            } else {
                let viewer = session.viewer();
                assert!(viewer == 0 || viewer == 2);
                session.bot_step().unwrap();
            }
        }
        assert!(seen.contains(&0) && seen.contains(&2));
    }

    #[test]
    fn a_decision_made_elsewhere_applies_only_to_its_move() {
        let mut cfg = test_game::table(8, 3);
        cfg.seats = vec![SeatKind::Bot(Level::Normal); 3];
        let mut session = Session::new(cfg).unwrap();
        let decision = session.bot_decision().unwrap();
        let action = decision.decide();
        assert_eq!(Some(action), session.bot_choice());
        let mut other = session.clone();
        session.apply_bot(decision.at, &action).unwrap();
        assert!(session.apply_bot(decision.at, &action).is_err());
        other.bot_step();
        assert_eq!(other.state(), session.state());
    }

    #[test]
    fn hints_are_legal_actions() {
        let session = Session::new(test_game::table(2, 4)).unwrap();
        let legal = session.legal_actions();
        let hint = session.hint();
        assert!(!hint.is_empty());
        assert!(hint.iter().all(|c| legal.contains(&c.action)));
    }
}
