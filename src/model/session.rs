//! A game in progress: the table, the engine's state and every action so far.
//!
//! The actions are the whole story: the deal comes from the seed and each bot
//! decision from `decision_seed(seed, seat, move_number)`, so replaying the
//! actions through the engine rebuilds the game exactly (that is how a save is
//! resumed).

use tablee_bots::arena::decision_seed;
use tablee_bots::{Choice, Level};
use tablee_engine::katzenjammer::{Action, KbState, KbView, Phase, Refusal as KbRefusal};
use tablee_engine::{Refusal, RuleError, Seat};

use super::config::{SeatKind, TableConfig};

/// Why a list of actions does not replay on a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The table itself cannot be dealt (the engine's message).
    Setup(String),
    /// Action `index` (0-based) was refused, with the engine's reason.
    Refused { index: usize, message: String },
}

/// One decision to make: the deciding seat's view, its legal actions and the
/// seed, for the move numbered `at`.
#[derive(Clone, Debug)]
pub struct Decision {
    pub seat: Seat,
    pub level: Level,
    pub view: KbView,
    pub legal: Vec<Action>,
    pub seed: u64,
    pub at: usize,
}

impl Decision {
    pub fn decide(&self) -> Action {
        tablee_bots::decide(self.level, &self.view, &self.legal, self.seed)
    }

    pub fn analyse(&self) -> Vec<Choice<Action>> {
        tablee_bots::analyse(self.level, &self.view, &self.legal, self.seed)
    }

    /// The move made when no bot can be asked (the page without its worker):
    /// pass when allowed, else the first legal action (what the bots
    /// themselves fall back to).
    pub fn fallback(&self) -> Action {
        let pass = self.legal.iter().copied().find(|a| *a == Action::Pass);
        pass.or_else(|| self.legal.first().copied()).unwrap_or(Action::Pass)
    }
}

#[derive(Clone, Debug)]
pub struct Session {
    config: TableConfig,
    state: KbState,
    actions: Vec<Action>,
    /// The seat that made each action.
    movers: Vec<Seat>,
    /// The person who made the most recent human decision.
    last_human: Option<Seat>,
}

impl Session {
    /// Deals a new game for this table.
    pub fn new(config: TableConfig) -> Result<Session, ReplayError> {
        let state = KbState::new_game(config.players(), config.options, config.seed)
            .map_err(|e| ReplayError::Setup(e.to_string()))?;
        Ok(Session { config, state, actions: Vec::new(), movers: Vec::new(), last_human: None })
    }

    /// Deals the table's game and applies `actions` in order.
    #[cfg(test)]
    pub fn replay(config: TableConfig, actions: &[Action]) -> Result<Session, ReplayError> {
        let mut session = Session::new(config)?;
        for (index, action) in actions.iter().enumerate() {
            session
                .apply(action)
                .map_err(|e| ReplayError::Refused { index, message: e.message().to_string() })?;
        }
        Ok(session)
    }

    pub fn config(&self) -> &TableConfig {
        &self.config
    }
    pub fn state(&self) -> &KbState {
        &self.state
    }
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }
    pub fn is_over(&self) -> bool {
        self.state.phase() == Phase::Over
    }

    /// The seat whose decision it is (`None` once the game is over).
    pub fn to_act(&self) -> Option<Seat> {
        self.state.to_act()
    }

    /// The seat to act, if a person plays it.
    pub fn human_to_act(&self) -> Option<Seat> {
        self.to_act().filter(|&s| self.config.seat(s) == Some(SeatKind::Human))
    }

    /// The seat to act and its level, if a bot plays it.
    pub fn bot_to_act(&self) -> Option<(Seat, Level)> {
        let seat = self.to_act()?;
        match self.config.seat(seat)? {
            SeatKind::Bot(level) => Some((seat, level)),
            SeatKind::Human => None,
        }
    }

    /// Every legal action of the seat to act.
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        self.state.legal_actions(&mut out);
        out
    }

    /// What `seat` may see (KB-21).
    pub fn view(&self, seat: Seat) -> KbView {
        self.state.view(seat)
    }

    fn apply(&mut self, action: &Action) -> Result<(), RuleError> {
        let seat = self.to_act().ok_or(KbRefusal::GameOver)?;
        let human = self.human_to_act();
        self.state.apply(action)?;
        if human.is_some() {
            self.last_human = human;
        }
        self.actions.push(*action);
        self.movers.push(seat);
        Ok(())
    }

    /// Every action so far with the seat that made it, oldest first.
    pub fn moves(&self) -> impl Iterator<Item = (Seat, &Action)> {
        self.movers.iter().copied().zip(&self.actions)
    }

    /// Replays a recorded action of `seat`, whoever plays it (resuming a save):
    /// refused when it is not that seat's turn or the engine refuses it.
    pub fn apply_recorded(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        match self.to_act() {
            Some(s) if s == seat => self.apply(action),
            Some(s) => Err(Refusal::NotYourTurn { to_act: s, seat }.into()),
            None => Err(KbRefusal::GameOver.into()),
        }
    }

    /// A person's decision: refused (state unchanged) when it is not a person's
    /// turn or when the engine refuses it.
    pub fn apply_human(&mut self, action: Action) -> Result<(), RuleError> {
        if self.human_to_act().is_none() {
            return Err(if self.is_over() { KbRefusal::GameOver.into() } else { Refusal::NotAPersonsTurn.into() });
        }
        self.apply(&action)
    }

    /// Everything a bot needs to decide the current move, so that the
    /// decision can be made elsewhere (the Web Worker) and applied later.
    pub fn bot_decision(&self) -> Option<Decision> {
        let (seat, level) = self.bot_to_act()?;
        Some(self.decision(seat, level))
    }

    /// The `expert` bot's decision for the seat to act (hints).
    pub fn hint_decision(&self) -> Option<Decision> {
        Some(self.decision(self.to_act()?, Level::Expert))
    }

    /// The decision of `seat` (the seat to act) at `level`.
    pub fn decision(&self, seat: Seat, level: Level) -> Decision {
        Decision {
            seat,
            level,
            view: self.state.view(seat),
            legal: self.legal_actions(),
            seed: self.decision_seed(seat),
            at: self.actions.len(),
        }
    }

    /// The decision the bot to act makes now (none on a person's turn).
    pub fn bot_choice(&self) -> Option<Action> {
        self.bot_decision().map(|d| d.decide())
    }

    /// Plays one bot decision; returns it, or `None` on a person's turn.
    pub fn bot_step(&mut self) -> Option<Action> {
        let action = self.bot_choice()?;
        // The bot picks among the engine's own legal actions, so this applies.
        self.apply(&action).ok().map(|()| action)
    }

    /// Applies a bot's decision made for move number `at` (see
    /// [`Session::bot_decision`]); refused if the game moved on meanwhile.
    pub fn apply_bot(&mut self, at: usize, action: &Action) -> Result<(), RuleError> {
        if at != self.actions.len() || self.bot_to_act().is_none() {
            return Err(Refusal::Outdated.into());
        }
        self.apply(action)
    }

    /// What the `expert` bot would do in the seat to act, best first (hints).
    pub fn hint(&self) -> Vec<Choice<Action>> {
        self.hint_decision().map(|d| d.analyse()).unwrap_or_default()
    }

    /// The seed of the decision at this move: the same game replays the same bots.
    fn decision_seed(&self, seat: Seat) -> u64 {
        decision_seed(self.config.seed, seat, self.actions.len())
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
mod tests {
    use super::*;
    use crate::model::config::default_seats;
    use tablee_engine::Seed;

    fn config(seed: u64, players: usize) -> TableConfig {
        TableConfig::new(Seed::from_number(seed), players)
    }

    /// Plays the person's seats with the `normal` bot's choice.
    fn play_out(session: &mut Session) {
        let mut guard = 0;
        while !session.is_over() {
            if session.bot_step().is_none() {
                let seat = session.human_to_act().unwrap();
                let legal = session.legal_actions();
                let action = tablee_bots::decide(Level::Normal, &session.view(seat), &legal, 7);
                session.apply_human(action).unwrap();
            }
            guard += 1;
            assert!(guard < 5000, "the game does not end");
        }
    }

    #[test]
    fn a_whole_game_plays_to_the_end() {
        for players in 2..=6 {
            let mut session = Session::new(config(players as u64, players)).unwrap();
            play_out(&mut session);
            assert!(session.state().outcome().is_some());
            assert_eq!(session.to_act(), None);
            assert_eq!(session.bot_step(), None);
        }
    }

    #[test]
    fn the_actions_replay_the_game_exactly() {
        let mut session = Session::new(config(42, 4)).unwrap();
        play_out(&mut session);
        let again = Session::replay(session.config().clone(), session.actions()).unwrap();
        assert_eq!(again.state(), session.state());
        // Half-way too.
        let half = &session.actions()[..session.actions().len() / 2];
        let part = Session::replay(session.config().clone(), half).unwrap();
        assert_eq!(part.actions().len(), half.len());
    }

    #[test]
    fn bots_decide_the_same_on_the_same_seed() {
        let mut a = Session::new(config(9, 4)).unwrap();
        let mut b = Session::new(config(9, 4)).unwrap();
        play_out(&mut a);
        play_out(&mut b);
        assert_eq!(a.actions(), b.actions());
    }

    #[test]
    fn people_cannot_move_for_bots_and_bots_not_for_people() {
        let mut cfg = config(3, 3);
        cfg.seats = vec![SeatKind::Bot(Level::Normal); 3];
        let mut session = Session::new(cfg).unwrap();
        assert!(session.apply_human(Action::Pass).is_err());
        assert!(session.actions().is_empty());

        let mut cfg = config(3, 3);
        cfg.seats = vec![SeatKind::Human; 3];
        let mut session = Session::new(cfg).unwrap();
        assert_eq!(session.bot_step(), None);
        assert!(session.human_to_act().is_some());
        session.apply_human(Action::Pass).unwrap();
        assert_eq!(session.actions(), &[Action::Pass]);
    }

    #[test]
    fn an_illegal_action_leaves_the_game_unchanged() {
        let mut cfg = config(5, 2);
        cfg.seats = default_seats(2);
        cfg.seats[1] = SeatKind::Human;
        let mut session = Session::new(cfg).unwrap();
        let before = session.state().clone();
        let present = Action::Present(tablee_engine::katzenjammer::Presentation::NOTHING);
        let error = session.apply_human(present).unwrap_err();
        assert!(error.message().contains("KB-14"), "{error}");
        assert_eq!(session.state(), &before);
    }

    #[test]
    fn a_refused_replay_names_the_action() {
        let present = Action::Present(tablee_engine::katzenjammer::Presentation::NOTHING);
        let error = Session::replay(config(1, 4), &[Action::Pass, present]).unwrap_err();
        assert!(matches!(error, ReplayError::Refused { index: 1, .. }), "{error:?}");
    }

    #[test]
    fn the_viewer_is_the_person_to_act_or_the_last_one() {
        let mut cfg = config(11, 3);
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
                session.apply_human(Action::Pass).unwrap();
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
        let mut cfg = config(8, 3);
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
        let session = Session::new(config(2, 4)).unwrap();
        let legal = session.legal_actions();
        let hint = session.hint();
        assert!(!hint.is_empty());
        assert!(hint.iter().all(|c| legal.contains(&c.action)));
    }
}
