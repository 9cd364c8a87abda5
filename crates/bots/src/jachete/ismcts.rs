//! J'achète research (issue 45): information-set MCTS over the rest of the
//! round (SO-ISMCTS, Cowling, Powley & Whitehouse 2012), an arena seat only
//! (`ja-ismcts`, `ja-ismcts-paired`), not a level: `expert` is untouched.
//!
//! Each iteration samples a world consistent with the seat's view (JA-19:
//! the levels' sampler, [`SearchGame::determinize`]) and plays the round on
//! it to its end (or to a cut-off scored by the learned evaluation,
//! [`crate::jachete::value`]). The tree holds the searching seat's own
//! decisions only — the buys the heuristic would make, the discards, the
//! plays once opened: where `expert` searches ([`crate::jachete::worth_searching`])
//! — keyed by the action taken (the availability counts of SO-ISMCTS,
//! because a world's draws change what is legal); the other seats play the
//! `normal` heuristic. A node's children are the heuristic's `width` best
//! candidates in that world (rearrangements of the table are too many to
//! enumerate: the engine's generated plays, ranked by the heuristic), added
//! best first by progressive widening (`1 + widen · visits^alpha` of them),
//! so a node seldom visited plays the heuristic's move. Below the tree, and
//! at the seat's decisions the tree does not hold, the heuristic plays.
//! The reward is in points: the others' mean round points less the seat's,
//! plus the search levels' flat term for cents kept (as `expert`'s).
//!
//! Two roots ([`Root`]):
//! - [`Root::Tree`]: one root action per iteration chosen by UCB1; the
//!   root's choice is the most visited child, the heuristic's move kept
//!   unless another child's mean beats it by more than `z` standard errors
//!   (unpaired: different worlds).
//! - [`Root::Paired`]: every root candidate on every world (common random
//!   numbers, as `expert`), each followed by its own subtree of the seat's
//!   later decisions; the root chooses by the paired guard
//!   ([`crate::paired::Paired::guarded`]) exactly as `expert` does, so the
//!   only difference from `expert` is the continuation.
//!
//! Budgets are counted in iterations (worlds), never in time: the same seed
//! makes the same decision.

use tablee_engine::jachete::{JaAction, JaGame, JaPhase, JaRound, JaView, BUY_PRICE};
use tablee_engine::rng::Rng;
use tablee_engine::{Game, Seat};

use crate::arena::{Fault, Player};
use crate::jachete::{worth_searching, Ctx, Params, ROLLOUT_CAP};
use super::value;
use crate::paired::Paired;
use crate::{Choice, SearchGame};

/// How the root chooses (see the module's documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Root {
    Tree,
    Paired,
}

/// A search's budget and shape.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Config {
    pub root: Root,
    /// [`Root::Tree`]: iterations (one world and one playout each);
    /// [`Root::Paired`]: worlds (`width` playouts each).
    pub iterations: u32,
    /// The heuristic's best candidates a node considers.
    pub width: usize,
    /// Progressive widening: a node with `n` visits considers its
    /// `1 + widen · n^alpha` best candidates.
    pub widen: f64,
    pub alpha: f64,
    /// UCB1's exploration constant, in points (the reward's unit).
    pub exploration: f64,
    /// The root's guard: the heuristic's move is kept unless beaten by
    /// more than `z` standard errors (0: the most visited, or best mean).
    pub z: f64,
    /// 0: every playout to the round's end; `n`: stopped at the start of
    /// the seat's `n`-th turn after the decision and scored by the learned
    /// evaluation (issue 33).
    pub cutoff: u32,
    /// How many of the seat's own decisions below the root the tree may hold.
    pub depth: u32,
    /// The seat's policy (candidates and its moves outside the tree) and
    /// the other seats' (as `expert`'s: `normal`).
    pub policy: Params,
    pub others: Params,
}

/// SO-ISMCTS at about `expert`'s cost (160 worlds × 8 candidates = 1,280
/// playouts to the round's end).
pub const TREE: Config = Config {
    root: Root::Tree,
    iterations: 1280,
    width: 8,
    widen: 1.0,
    alpha: 0.5,
    exploration: 20.0,
    z: 1.96,
    cutoff: 0,
    depth: 8,
    policy: Params::SEARCH,
    others: Params::NORMAL,
};

/// `expert`'s paired root (160 worlds, 8 candidates, its guard) with a tree
/// over the seat's later decisions in place of the heuristic's.
pub const PAIRED: Config = Config { root: Root::Paired, iterations: 160, ..TREE };

impl Config {
    /// A seat name: `ja-ismcts` ([`TREE`]) or `ja-ismcts-paired` ([`PAIRED`]),
    /// optionally followed by `/key=value` settings: `it` (iterations),
    /// `w` (width), `widen`, `alpha`, `c` (exploration), `z`, `cut`
    /// (cutoff), `depth`. For instance `ja-ismcts-paired/depth=0/it=160`.
    pub fn parse(text: &str) -> Result<Config, String> {
        let mut parts = text.trim().split('/');
        let mut config = match parts.next().map(str::to_ascii_lowercase).as_deref() {
            Some("ja-ismcts") => TREE,
            Some("ja-ismcts-paired") => PAIRED,
            _ => return Err(format!("not a J'achète ISMCTS seat: \"{text}\"")),
        };
        for part in parts {
            let (key, value) = part.split_once('=').ok_or_else(|| format!("\"{part}\": key=value expected"))?;
            let number: f64 = value.parse().map_err(|_| format!("\"{part}\": not a number"))?;
            match key {
                "it" => config.iterations = number as u32,
                "w" => config.width = number as usize,
                "widen" => config.widen = number,
                "alpha" => config.alpha = number,
                "c" => config.exploration = number,
                "z" => config.z = number,
                "cut" => config.cutoff = number as u32,
                "depth" => config.depth = number as u32,
                _ => return Err(format!("\"{key}\": unknown setting (it, w, widen, alpha, c, z, cut, depth)")),
            }
        }
        Ok(config)
    }
}

/// Whether `text` names a J'achète ISMCTS seat (for the arena's parser).
pub fn is_seat_name(text: &str) -> bool {
    let head = text.trim().split('/').next().unwrap_or("").to_ascii_lowercase();
    head == "ja-ismcts" || head == "ja-ismcts-paired"
}

/// The search's choice among `legal`, from `view` only (JA-19).
pub fn decide(config: &Config, view: &JaView, legal: &[JaAction], seed: u64) -> JaAction {
    analyse(config, view, legal, seed)
        .into_iter()
        .next()
        .map(|c| c.action)
        .filter(|a| legal.contains(a))
        .unwrap_or_else(|| legal.iter().find(|a| **a == JaAction::Decline).cloned().unwrap_or_else(|| legal[0].clone()))
}

/// The candidates ranked, the chosen one first. Where `expert` would not
/// search (or there is one candidate), the heuristic's ranking (`visits`
/// 1); else the search's (`visits` > 1, `value` the mean reward mapped to
/// `[0, 1]` as `expert`'s: 0.5 + points / 400).
pub fn analyse(config: &Config, view: &JaView, legal: &[JaAction], seed: u64) -> Vec<Choice<JaAction>> {
    if legal.is_empty() {
        return Vec::new();
    }
    let ctx = Ctx::from_view(view, &config.policy);
    let scores: Vec<f64> = legal.iter().map(|a| ctx.score(a)).collect();
    let mut ranked: Vec<Choice<JaAction>> =
        legal.iter().zip(&scores).map(|(a, &value)| Choice { action: a.clone(), visits: 1, value }).collect();
    ranked.sort_by(|a, b| b.value.total_cmp(&a.value));
    if !worth_searching(view, legal, &scores) || ranked.len() < 2 {
        return ranked;
    }
    let candidates: Vec<JaAction> = ranked.iter().take(config.width).map(|c| c.action.clone()).collect();
    let mut rng = Rng::new(seed);
    let mut tree = Tree::new(config, view.seat);
    let choices = match config.root {
        Root::Tree => tree.run_tree(view, &candidates, &mut rng),
        Root::Paired => tree.run_paired(view, &candidates, &mut rng),
    };
    if choices.is_empty() {
        ranked
    } else {
        choices
    }
}

struct Node {
    action: Option<JaAction>,
    visits: u32,
    available: u32,
    sum: f64,
    sum_sq: f64,
    children: Vec<usize>,
}

impl Node {
    fn new(action: Option<JaAction>) -> Node {
        Node { action, visits: 0, available: 1, sum: 0.0, sum_sq: 0.0, children: Vec::new() }
    }

    fn mean(&self) -> f64 {
        self.sum / f64::from(self.visits.max(1))
    }

    /// The variance of one playout's reward (0 below 2 visits).
    fn variance(&self) -> f64 {
        if self.visits < 2 {
            return 0.0;
        }
        let n = f64::from(self.visits);
        ((self.sum_sq - self.sum * self.sum / n) / (n - 1.0)).max(0.0)
    }
}

struct Tree<'c> {
    config: &'c Config,
    me: Seat,
    nodes: Vec<Node>,
    legal: Vec<JaAction>,
    path: Vec<usize>,
}

impl<'c> Tree<'c> {
    fn new(config: &'c Config, me: Seat) -> Tree<'c> {
        Tree { config, me, nodes: vec![Node::new(None)], legal: Vec::new(), path: Vec::new() }
    }

    /// How many of its best candidates a node with `visits` considers.
    fn allowed(&self, visits: u32, candidates: usize) -> usize {
        let m = 1.0 + self.config.widen * f64::from(visits).powf(self.config.alpha);
        (m.floor() as usize).clamp(1, candidates.max(1))
    }

    /// At `node`, among `ranked` (this world's candidates, best first): the
    /// first considered candidate without a child yet (a new child,
    /// `true`), else the UCB1 choice among the considered children.
    fn select(&mut self, node: usize, ranked: &[JaAction]) -> (usize, bool) {
        let m = self.allowed(self.nodes[node].visits, ranked.len());
        let mut compatible = Vec::with_capacity(m);
        let mut untried = None;
        for action in &ranked[..m] {
            match self.nodes[node].children.iter().find(|&&c| self.nodes[c].action.as_ref() == Some(action)) {
                Some(&child) => compatible.push(child),
                None if untried.is_none() => untried = Some(action.clone()),
                None => {}
            }
        }
        for &c in &compatible {
            self.nodes[c].available += 1;
        }
        if let Some(action) = untried {
            let child = self.nodes.len();
            self.nodes.push(Node::new(Some(action)));
            self.nodes[node].children.push(child);
            return (child, true);
        }
        let c = self.config.exploration;
        let ucb = |n: &Node| {
            if n.visits == 0 {
                return f64::INFINITY;
            }
            n.mean() + c * (f64::from(n.available.max(1)).ln() / f64::from(n.visits)).sqrt()
        };
        let best = compatible
            .iter()
            .copied()
            .max_by(|&a, &b| ucb(&self.nodes[a]).total_cmp(&ucb(&self.nodes[b])))
            .expect("at least one candidate is considered");
        (best, false)
    }

    /// Plays `state` (just after the action of `start`, a node) to the
    /// round's end or the cut-off: the seat's own searched decisions from
    /// the tree while `in_tree` (one new node per playout), the rest by the
    /// policies. Backs the reward up along the nodes visited (from `start`)
    /// and returns it.
    fn playout(&mut self, start: usize, mut state: JaGame, mut in_tree: bool) -> f64 {
        let (me, config) = (self.me, self.config);
        self.path.clear();
        self.path.push(start);
        let mut node = start;
        let (mut own_depth, mut steps, mut memory, mut cut) = (0u32, 0u32, 0u32, false);
        let mut legal = std::mem::take(&mut self.legal);
        while let Some(seat) = state.to_act() {
            if steps >= ROLLOUT_CAP {
                break;
            }
            let round = state.round();
            if config.cutoff > 0 {
                // The seat's `cutoff`-th turn after the decision (as
                // `expert`'s `Search::cutoff`): twice the turns reached,
                // plus 1 while another seat has the turn.
                if round.phase() == JaPhase::Play {
                    if seat != me {
                        memory |= 1;
                    } else if memory & 1 == 1 {
                        memory += 1;
                    }
                }
                if memory / 2 >= config.cutoff {
                    cut = true;
                    break;
                }
            }
            state.actions(&mut legal);
            let action = if seat != me {
                Ctx::from_round(round, seat, &config.others).best(&legal)
            } else {
                let ctx = Ctx::from_round(round, me, &config.policy);
                if in_tree && own_depth < config.depth {
                    let scores: Vec<f64> = legal.iter().map(|a| ctx.score(a)).collect();
                    if worth_searching_round(round, me, &legal, &scores) {
                        let mut order: Vec<usize> = (0..legal.len()).collect();
                        order.sort_by(|&a, &b| scores[b].total_cmp(&scores[a]));
                        let ranked: Vec<JaAction> = order.iter().take(config.width).map(|&i| legal[i].clone()).collect();
                        if ranked.len() >= 2 {
                            own_depth += 1;
                            let (child, new) = self.select(node, &ranked);
                            in_tree = !new;
                            node = child;
                            self.path.push(child);
                            self.nodes[child].action.clone()
                        } else {
                            ranked.into_iter().next()
                        }
                    } else {
                        ctx.best(&legal)
                    }
                } else {
                    ctx.best(&legal)
                }
            };
            let action = action.unwrap_or(JaAction::Decline);
            if state.apply(&action).is_err() {
                break;
            }
            steps += 1;
        }
        self.legal = legal;
        let reward = margin(state.round(), me, cut);
        for &n in &self.path {
            let node = &mut self.nodes[n];
            node.visits += 1;
            node.sum += reward;
            node.sum_sq += reward * reward;
        }
        reward
    }

    /// [`Root::Tree`]: UCB1 at the root too, one playout per world.
    fn run_tree(&mut self, view: &JaView, candidates: &[JaAction], rng: &mut Rng) -> Vec<Choice<JaAction>> {
        for _ in 0..self.config.iterations {
            let Some(mut world) = JaGame::determinize(view, rng) else { continue };
            let (child, new) = self.select(0, candidates);
            let action = self.nodes[child].action.clone().expect("children carry actions");
            if world.apply(&action).is_err() {
                continue;
            }
            self.nodes[0].visits += 1;
            self.playout(child, world, !new);
        }
        // The heuristic's move is the root's first child (widening adds the
        // candidates best first).
        let children = self.nodes[0].children.clone();
        let Some(&incumbent) = children.first() else { return Vec::new() };
        let inc = &self.nodes[incumbent];
        let chosen = children
            .iter()
            .copied()
            .filter(|&c| c != incumbent && self.nodes[c].visits >= 2)
            .filter(|&c| {
                let n = &self.nodes[c];
                let se = (n.variance() / f64::from(n.visits) + inc.variance() / f64::from(inc.visits.max(1))).sqrt();
                n.mean() - inc.mean() > self.config.z * se
            })
            .max_by(|&a, &b| self.nodes[a].visits.cmp(&self.nodes[b].visits).then(self.nodes[a].mean().total_cmp(&self.nodes[b].mean())))
            .unwrap_or(incumbent);
        let mut choices: Vec<(bool, Choice<JaAction>)> = children
            .iter()
            .map(|&c| {
                let n = &self.nodes[c];
                let action = n.action.clone().expect("children carry actions");
                (c == chosen, Choice { action, visits: n.visits.max(2), value: to_unit(n.mean()) })
            })
            .collect();
        choices.sort_by(|a, b| b.0.cmp(&a.0).then(b.1.visits.cmp(&a.1.visits)));
        choices.into_iter().map(|(_, c)| c).collect()
    }

    /// [`Root::Paired`]: every candidate on every world, each followed by
    /// its subtree; the paired guard chooses (as `expert`'s).
    fn run_paired(&mut self, view: &JaView, candidates: &[JaAction], rng: &mut Rng) -> Vec<Choice<JaAction>> {
        let roots: Vec<usize> = candidates
            .iter()
            .map(|a| {
                self.nodes.push(Node::new(Some(a.clone())));
                self.nodes.len() - 1
            })
            .collect();
        let mut rewards = Vec::new();
        for _ in 0..self.config.iterations {
            let Some(world) = JaGame::determinize(view, rng) else { continue };
            let mut row = vec![0.0; candidates.len()];
            for (i, action) in candidates.iter().enumerate() {
                let mut state = world.clone();
                if state.apply(action).is_err() {
                    continue;
                }
                row[i] = self.playout(roots[i], state, true);
            }
            rewards.push(row);
        }
        let paired = Paired { candidates: candidates.to_vec(), rewards };
        paired.guarded(0, self.config.z).into_iter().map(|c| Choice { value: to_unit(c.value), visits: c.visits.max(2), ..c }).collect()
    }
}

/// `expert`'s reward scale: 0.5 + points / 400, in `[0, 1]`.
fn to_unit(points: f64) -> f64 {
    (0.5 + points / 400.0).clamp(0.0, 1.0)
}

/// [`crate::jachete::worth_searching`] read from a world for `seat` (a
/// rollout's state holds no view): a buy the heuristic would make, a turn
/// whose best move is a discard, every play once opened.
fn worth_searching_round(round: &JaRound, seat: Seat, legal: &[JaAction], scores: &[f64]) -> bool {
    let hand = round.hand(seat).len();
    match round.phase() {
        JaPhase::BuyWindow => legal.iter().zip(scores).any(|(a, &s)| *a == JaAction::Buy && s > 0.0),
        JaPhase::Play => {
            let best = (0..legal.len()).max_by(|&a, &b| scores[a].total_cmp(&scores[b])).map(|i| &legal[i]);
            let opened = round.opened(seat) && hand > 2;
            (opened || matches!(best, Some(JaAction::Discard(_)))) && hand > 1
        }
        _ => false,
    }
}

/// The seat's reward, in points: the others' mean round points less its
/// own, plus `expert`'s flat term for cents kept while rounds remain (0.4
/// points a cent up to 20 cents, for each of up to 2 rounds left). A round
/// cut off (`cut`) is scored by the learned evaluation for every seat; one
/// stopped by the cap, by the hands as they stand.
fn margin(round: &JaRound, me: Seat, cut: bool) -> f64 {
    let n = round.players();
    let points: Vec<f64> = match round.result() {
        Some(result) => result.round_points.iter().map(|&p| f64::from(p)).collect(),
        None if cut => (0..n).map(|s| value::round_points(round, s)).collect(),
        None => (0..n).map(|s| round.hand(s).iter().map(|c| f64::from(c.points())).sum()).collect(),
    };
    let others = (points.iter().sum::<f64>() - points[me]) / (n as f64 - 1.0).max(1.0);
    let rounds_left = 7u8.saturating_sub(round.round());
    let cents = f64::from(round.money(me).min(BUY_PRICE * 4)) * 0.4 * f64::from(rounds_left).min(2.0);
    others - points[me] + cents
}

/// The search as an arena seat (`tablee arena --game jachete --seats ja-ismcts,...`).
#[derive(Clone, Debug)]
pub struct IsmctsPlayer {
    pub config: Config,
    name: String,
}

impl IsmctsPlayer {
    /// The seat named `text` ([`Config::parse`]).
    pub fn parse(text: &str) -> Result<IsmctsPlayer, String> {
        Ok(IsmctsPlayer { config: Config::parse(text)?, name: text.trim().to_string() })
    }
}

impl Player<JaGame> for IsmctsPlayer {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn decide(&mut self, view: &JaView, legal: &[JaAction], seed: u64) -> Result<JaAction, Fault> {
        Ok(decide(&self.config, view, legal, seed))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_names_parse_with_their_settings() {
        assert_eq!(Config::parse("ja-ismcts"), Ok(TREE));
        assert_eq!(Config::parse("ja-ismcts-paired"), Ok(PAIRED));
        let c = Config::parse("ja-ismcts-paired/it=40/depth=0/cut=1/c=5").unwrap();
        assert_eq!((c.iterations, c.depth, c.cutoff, c.exploration, c.root), (40, 0, 1, 5.0, Root::Paired));
        assert!(Config::parse("ja-ismcts/bogus=1").is_err());
        assert!(Config::parse("expert").is_err());
        assert!(is_seat_name("ja-ismcts/it=3") && !is_seat_name("ismcts"));
    }

    #[test]
    fn widening_adds_candidates_as_visits_grow() {
        let tree = Tree::new(&TREE, 0);
        assert_eq!(tree.allowed(0, 8), 1, "an unvisited node plays the heuristic's move");
        assert_eq!(tree.allowed(1, 8), 2);
        assert_eq!(tree.allowed(9, 8), 4);
        assert_eq!(tree.allowed(10_000, 8), 8);
    }
}
