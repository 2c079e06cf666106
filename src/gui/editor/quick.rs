//! The orders offered to the player, drawn: the map's right-click menus and the
//! order buttons under the inspector's heading both list the proposals of
//! [`crate::orders::propose`] (one menu per group). A valid proposal is a button
//! that sends `Command::AppendOrder` (its plain explanation and the validator's
//! warnings on hover); a disabled one is greyed, its reason on hover.
//!
//! Proposals are computed for the draft as it is and the knowledge of the turn
//! shown, and cached ([`ProposalCache`]) until either changes: menus and the
//! inspector are drawn every frame.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::Arc;

use egui::RichText;

use crate::gui::command::Command;
use crate::gui::context::UiContext;
use crate::gui::task::Task;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::Knowledge;
use crate::model::{FleetId, WorldId};
use crate::orders::propose::{Group, Proposal, Proposer, Verdict};
use crate::orders::validate::PlayerContext;
use crate::rules::Ruleset;

/// What proposals are asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    /// A world's orders (its own ones, or `Z m`).
    World(WorldId),
    /// A fleet's orders.
    Fleet(FleetId),
    /// "Send a fleet here": the player's fleets routed to the world.
    SendHere(WorldId),
}

#[derive(Clone, Debug, PartialEq, Eq)]
struct Key {
    target: Target,
    revision: (usize, u64),
    draft: String,
}

/// The ruleset of the turn shown and the last proposals computed.
pub struct ProposalCache {
    rules: (String, Ruleset),
    entries: RefCell<Vec<(Key, Rc<Vec<Proposal>>)>>,
    /// The knowledge shown, shared with background work, and the window to
    /// wake when that work is done ([`ProposalCache::share`]).
    shared: Option<(Arc<Knowledge>, egui::Context)>,
    /// "Send a fleet here" over many fleets, being computed on a background
    /// thread (one at a time).
    running: RefCell<Option<(Key, Task<Vec<Proposal>>)>>,
    /// The last one asked while another was running: started after it.
    waiting: RefCell<Option<Key>>,
}

/// Proposals kept: the subjects of a menu and of the inspector.
const KEPT: usize = 6;

/// Above this many fleets known, "send a fleet here" (a route for each of the
/// player's fleets) is computed on a background thread: over 100,000 fleets
/// it takes seconds, and the click that selected the world would freeze the
/// window meanwhile. A real player's knowledge stays far below.
pub const BACKGROUND_FLEETS: usize = 2000;

impl Default for ProposalCache {
    fn default() -> Self {
        ProposalCache {
            rules: ("2002".to_string(), Ruleset::builtin_2002()),
            entries: RefCell::new(Vec::new()),
            shared: None,
            running: RefCell::new(None),
            waiting: RefCell::new(None),
        }
    }
}

impl std::fmt::Debug for ProposalCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProposalCache")
            .field("rules", &self.rules.0)
            .finish_non_exhaustive()
    }
}

impl ProposalCache {
    /// Uses the ruleset `name` names (a built-in one; else 2002), as the editor does.
    pub fn set_rules(&mut self, name: Option<&str>) {
        let name = name
            .filter(|n| Ruleset::BUILTIN_NAMES.contains(n))
            .unwrap_or("2002");
        if self.rules.0 != name {
            let rules = Ruleset::builtin(name).unwrap_or_else(|_| Ruleset::builtin_2002());
            self.rules = (name.to_string(), rules);
            self.entries.borrow_mut().clear();
        }
    }

    /// Shares the knowledge shown (the app's, behind an [`Arc`]) with
    /// background work, which wakes `ctx` when done: without it every
    /// proposal is computed at once.
    pub fn share(&mut self, knowledge: &Arc<Knowledge>, ctx: &egui::Context) {
        if !self
            .shared
            .as_ref()
            .is_some_and(|(k, _)| Arc::ptr_eq(k, knowledge))
        {
            self.shared = Some((Arc::clone(knowledge), ctx.clone()));
        }
    }

    /// The proposals for `target` (computed once per draft and knowledge).
    /// "Send a fleet here" over many fleets comes from a background thread:
    /// none until it is done ([`ProposalCache::is_pending`]).
    pub fn get(&self, input: &OrderInput<'_>, target: Target) -> Rc<Vec<Proposal>> {
        let key = Key {
            target,
            revision: input.revision,
            draft: input.draft.to_string(),
        };
        self.poll();
        if let Some(found) = self.found(&key) {
            return found;
        }
        if let (Target::SendHere(_), Some(knowledge)) = (target, self.background(input)) {
            self.start_or_wait(key, knowledge);
            return Rc::new(Vec::new());
        }
        let ctx = PlayerContext::new(input.knowledge);
        let proposer = Proposer::new(&ctx, &self.rules.1, input.draft);
        let proposals = Rc::new(match target {
            Target::World(id) => proposer.world(id),
            Target::Fleet(id) => proposer.fleet(id),
            Target::SendHere(id) => proposer.send_here(id),
        });
        self.keep(key, proposals.clone());
        proposals
    }

    /// True when the proposals for `target` would be computed in the
    /// background and are neither there nor under way: over many fleets,
    /// "send a fleet here" waits for the player to ask (a click on a world
    /// must not start a minute of work he may not want).
    pub fn asks_first(&self, input: &OrderInput<'_>, target: Target) -> bool {
        let key = Key {
            target,
            revision: input.revision,
            draft: input.draft.to_string(),
        };
        matches!(target, Target::SendHere(_))
            && self.background(input).is_some()
            && self.found(&key).is_none()
            && !self.is_pending(input, target)
    }

    /// True while the proposals for `target` are being computed in the
    /// background (or wait for their turn).
    pub fn is_pending(&self, input: &OrderInput<'_>, target: Target) -> bool {
        let same =
            |k: &Key| k.target == target && k.revision == input.revision && k.draft == input.draft;
        self.running.borrow().as_ref().is_some_and(|(k, _)| same(k))
            || self.waiting.borrow().as_ref().is_some_and(same)
    }

    fn found(&self, key: &Key) -> Option<Rc<Vec<Proposal>>> {
        self.entries
            .borrow()
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, found)| found.clone())
    }

    fn keep(&self, key: Key, proposals: Rc<Vec<Proposal>>) {
        let mut entries = self.entries.borrow_mut();
        entries.retain(|(k, _)| k.revision == key.revision && k.draft == key.draft);
        if entries.len() >= KEPT {
            entries.remove(0);
        }
        entries.push((key, proposals));
    }

    /// The shared knowledge when `input` reads it and it knows many fleets
    /// ([`BACKGROUND_FLEETS`]).
    fn background(&self, input: &OrderInput<'_>) -> Option<(Arc<Knowledge>, egui::Context)> {
        let (knowledge, ctx) = self.shared.as_ref()?;
        let same = std::ptr::eq(Arc::as_ptr(knowledge), input.knowledge);
        (same && knowledge.fleet_count() > BACKGROUND_FLEETS)
            .then(|| (Arc::clone(knowledge), ctx.clone()))
    }

    /// Starts computing `key` on a background thread, or has it wait for the
    /// one running (the last one asked wins).
    fn start_or_wait(&self, key: Key, (knowledge, ctx): (Arc<Knowledge>, egui::Context)) {
        if self.running.borrow().is_some() {
            if self
                .running
                .borrow()
                .as_ref()
                .is_none_or(|(k, _)| *k != key)
            {
                *self.waiting.borrow_mut() = Some(key);
            }
            return;
        }
        let Target::SendHere(world) = key.target else {
            return;
        };
        let rules = self.rules.1.clone();
        let draft = key.draft.clone();
        let task = Task::spawn("send-here", &ctx, move |reporter| {
            let player = PlayerContext::new(&knowledge);
            let proposer = Proposer::new(&player, &rules, &draft);
            reporter.send(proposer.send_here(world));
        });
        match task {
            Ok(task) => *self.running.borrow_mut() = Some((key, task)),
            // No thread: nothing is proposed rather than freezing the window.
            Err(_) => self.keep(key, Rc::new(Vec::new())),
        }
    }

    /// Takes what the background thread finished, and starts the one waiting.
    pub fn poll(&self) {
        let done = {
            let mut running = self.running.borrow_mut();
            let Some((_, task)) = running.as_mut() else {
                return;
            };
            let polled = task.poll();
            let result = polled.messages.into_iter().next_back();
            if result.is_none() && !polled.ended {
                return;
            }
            running
                .take()
                .map(|(key, _)| (key, result.unwrap_or_default()))
        };
        if let Some((key, proposals)) = done {
            self.keep(key, Rc::new(proposals));
        }
        let waiting = self.waiting.borrow_mut().take();
        if let Some(key) = waiting
            && let Some(shared) = self.shared.as_ref()
        {
            self.start_or_wait(key, (Arc::clone(&shared.0), shared.1.clone()));
        }
    }
}

/// What proposing orders reads: the knowledge of the turn shown, the draft.
#[derive(Clone, Copy)]
pub struct OrderInput<'a> {
    pub knowledge: &'a Knowledge,
    /// Changes whenever the knowledge does.
    pub revision: (usize, u64),
    /// The order editor's text.
    pub draft: &'a str,
    pub cache: &'a ProposalCache,
}

impl OrderInput<'_> {
    pub fn proposals(&self, target: Target) -> Rc<Vec<Proposal>> {
        self.cache.get(self, target)
    }

    /// Fleet `fleet`'s route through `waypoints` over several turns, made on
    /// turn `turn` ([`Proposer::plan`], the draft's research counted).
    pub fn plan(
        &self,
        fleet: crate::model::FleetId,
        waypoints: &[crate::model::WorldId],
        turn: u32,
    ) -> Result<crate::orders::propose::RoutePlan, crate::orders::propose::PlanProblem> {
        let ctx = PlayerContext::new(self.knowledge);
        let proposer = Proposer::new(&ctx, &self.cache.rules.1, self.draft);
        proposer.plan(fleet, waypoints, turn)
    }

    /// The validator's verdict on `kind` appended to the draft.
    pub fn judge(&self, kind: &crate::orders::OrderKind) -> crate::orders::propose::Verdict {
        let ctx = PlayerContext::new(self.knowledge);
        Proposer::new(&ctx, &self.cache.rules.1, self.draft).judge(kind)
    }
}

/// The text of a menu entry: the short label, then the order.
fn entry_job(ui: &egui::Ui, proposal: &Proposal, lang: Lang) -> egui::text::LayoutJob {
    let mut job = egui::text::LayoutJob::default();
    let label = tr_args(lang, proposal.label, &proposal.label_args());
    RichText::new(format!("{label}  ")).append_to(
        &mut job,
        ui.style(),
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    RichText::new(&proposal.text).monospace().append_to(
        &mut job,
        ui.style(),
        egui::FontSelection::Default,
        egui::Align::Center,
    );
    job
}

/// One proposal as a menu entry: a click appends a valid one to the draft; a
/// disabled one says why on hover.
pub fn proposal_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, proposal: &Proposal) {
    let lang = cx.lang;
    let job = entry_job(ui, proposal, lang);
    match &proposal.verdict {
        Verdict::Valid { warnings } => {
            let explanation = crate::orders::explain(&proposal.order, lang);
            let mut button = egui::Button::new(job);
            if !warnings.is_empty() {
                button = button.right_text(RichText::new("⚠").color(ui.visuals().warn_fg_color));
            }
            let mut hover = explanation;
            for warning in warnings {
                hover.push_str("\n⚠ ");
                hover.push_str(&warning.message(lang));
            }
            if ui.add(button).on_hover_text(hover).clicked() {
                cx.send(Command::AppendOrder(proposal.text.clone()));
                ui.close();
            }
        }
        Verdict::Disabled { reason } => {
            let hover = tr_args(
                lang,
                "gui-propose-disabled",
                &[("reason", &reason.message(lang))],
            );
            // The reason only: the order shown is the one refused, its
            // explanation would read as if it were going to happen.
            ui.add_enabled(false, egui::Button::new(job))
                .on_disabled_hover_text(hover);
        }
    }
}

/// The proposals of `group`, in their order.
fn of_group(proposals: &[Proposal], group: Group) -> impl Iterator<Item = &Proposal> {
    proposals.iter().filter(move |p| p.group == group)
}

/// One menu per group of proposals (its title weak when none can be taken).
pub fn group_menus_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, proposals: &[Proposal]) {
    let lang = cx.lang;
    for group in Group::ALL {
        if of_group(proposals, group).next().is_none() {
            continue;
        }
        let any_valid = of_group(proposals, group).any(|p| p.verdict.is_valid());
        let title = if any_valid {
            RichText::new(tr(lang, group.label_id()))
        } else {
            RichText::new(tr(lang, group.label_id())).weak()
        };
        ui.menu_button(title, |ui| {
            egui::ScrollArea::vertical()
                .max_height(ui.ctx().content_rect().height() * 0.7)
                .show(ui, |ui| {
                    for proposal in of_group(proposals, group) {
                        proposal_ui(ui, cx, proposal);
                    }
                });
        });
    }
}

/// The order buttons under the inspector's heading of world `world`: its
/// orders when it is the player's, and "send a fleet here".
pub fn world_orders_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    input: &OrderInput<'_>,
    world: WorldId,
) {
    let send_here = Target::SendHere(world);
    let mut proposals: Vec<Proposal> = input.proposals(Target::World(world)).to_vec();
    if input.cache.asks_first(input, send_here) {
        orders_row_ui(ui, cx, &proposals);
        if ui
            .button(cx.tr("gui-send-here-ask"))
            .on_hover_text(cx.tr("gui-send-here-ask-hint"))
            .clicked()
        {
            // Started on a background thread; its menu comes when done.
            let _ = input.proposals(send_here);
        }
        return;
    }
    proposals.extend(input.proposals(send_here).iter().cloned());
    orders_row_ui(ui, cx, &proposals);
    if input.cache.is_pending(input, send_here) {
        // No spinner: it would repaint the window on every frame meanwhile;
        // the background thread wakes the window when it is done.
        ui.weak(cx.tr("gui-send-here-pending"));
    }
}

/// The order buttons of fleet `fleet` (nothing when it is not the player's).
pub fn fleet_orders_ui(
    ui: &mut egui::Ui,
    cx: &mut UiContext<'_>,
    input: &OrderInput<'_>,
    fleet: FleetId,
) {
    let proposals = input.proposals(Target::Fleet(fleet));
    orders_row_ui(ui, cx, &proposals);
}

/// "Ordres :" and a menu per group (nothing when there is no proposal).
fn orders_row_ui(ui: &mut egui::Ui, cx: &mut UiContext<'_>, proposals: &[Proposal]) {
    if proposals.is_empty() {
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(cx.tr("gui-editor-quick"))
            .on_hover_text(cx.tr("gui-editor-quick-hint"));
        group_menus_ui(ui, cx, proposals);
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::gui::session::Session;

    #[test]
    fn proposals_are_cached_per_draft_and_follow_it() {
        let mut session = Session::default();
        let current = crate::gui::session::orion::load_orion(&mut session);
        let knowledge = session.knowledge_at(current);
        let cache = ProposalCache::default();
        let input = OrderInput {
            knowledge: &knowledge,
            revision: (current, 1),
            draft: "",
            cache: &cache,
        };
        let first = input.proposals(Target::Fleet(57));
        let again = input.proposals(Target::Fleet(57));
        assert!(Rc::ptr_eq(&first, &again));
        assert!(
            first
                .iter()
                .any(|p| p.text == "F_57 MM 304" && p.verdict.is_valid())
        );
        // F_11 is TAPIMOKET's.
        assert!(input.proposals(Target::Fleet(11)).is_empty());
        // With a move in the draft, the other moves of F_57 are disabled.
        let moved = OrderInput {
            draft: "F_57 MM 304\n",
            ..input
        };
        let after = moved.proposals(Target::Fleet(57));
        let other = after
            .iter()
            .find(|p| p.text == "F_57 MM 127")
            .expect("F_57 MM 127 listed");
        assert!(!other.verdict.is_valid());
    }
}
