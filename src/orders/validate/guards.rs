//! Who may give an order, and about what: the checks every step shares.
//!
//! - The class (`order-check-class`): robotron, merchant, explorer and missionary
//!   orders (catalog §1.3 column "Who"); when the orderer's class is unknown (a
//!   CR without header), `order-check-class-unknown` (warning), for those and for
//!   the antiquarian's treasure fleet to fleet (#68) and the missionary's loading
//!   of converts (#66).
//! - Ownership at the start of the turn (G-10): `order-check-world-not-yours`,
//!   `order-check-fleet-not-yours`, and their warnings `…-not-yours-yet` where the
//!   orderer may take the world or the fleet first (captures at step 5, after
//!   moves, piracy at step 19 before the gifts).
//! - Position: a fleet on the world of the order (`order-check-fleet-not-here`),
//!   a VI or VP group with ships to fire (`order-check-fire-empty`).
//! - The players named (G-5, G-135): `order-check-player-neutral`,
//!   `order-check-player-self`, `order-check-player-unknown`,
//!   `order-check-player-unchecked`.
//! - Adjacency (G-11): `order-check-not-adjacent`, `order-check-adjacency-unknown`;
//!   known black holes: `order-check-black-hole`.
//! - Permission (G-144): unloading people on, or loading from, a world not owned
//!   needs its owner's `DP` / `C` / `CP` (`order-check-permission`,
//!   `order-check-permission-unknown`).

use crate::model::view::DeclarationKind;
use crate::model::{Class, FleetId, WorldId};

use super::super::ast::{Guard, OrderKind, PlayerRef};
use super::state::Run;
use super::{Focus, Owner};

/// The class identifier used in messages (`emperor`, …; Fluent selects on it).
fn class_id(class: Class) -> &'static str {
    match class {
        Class::Emperor => "emperor",
        Class::Pirate => "pirate",
        Class::Antiquarian => "antiquarian",
        Class::Missionary => "missionary",
        Class::Robotron => "robotron",
        Class::Explorer => "explorer",
        Class::Merchant => "merchant",
    }
}

/// `VI M_10`: a VI or VP group named in messages.
pub(super) fn guard_name(guard: Guard, world: WorldId) -> String {
    format!("{} M_{world}", guard.keyword())
}

impl Run<'_, '_> {
    /// Class-only orders (robotron, merchant, explorer, missionary): an error when
    /// the orderer's class is known to be another; a warning that it cannot be
    /// checked when it is unknown (a CR without header, `order-check-class-unknown`).
    pub(super) fn class_allows(&mut self, i: usize, kind: &OrderKind) -> bool {
        match (kind.required_class(), self.ctx.class) {
            (Some(required), Some(class)) if required != class => {
                self.error(i, Focus::Order, "order-check-class")
                    .add_arg("class", class_id(required))
                    .add_arg("yours", class_id(class));
                false
            }
            (Some(required), None) => {
                self.class_unknown(i, required);
                true
            }
            _ => true,
        }
    }

    /// The order is `class`'s only and the orderer's class is unknown: it cannot
    /// be checked (a warning, like every other unknown). Also for the orders
    /// that only some of their forms reserve to a class: a treasure passed from
    /// fleet to fleet (antiquarian), converts loaded (missionary).
    pub(super) fn class_unknown(&mut self, i: usize, class: Class) {
        self.warning(i, Focus::Order, "order-check-class-unknown")
            .add_arg("class", class_id(class));
    }

    /// Checks that the orderer owns world `world` at the start of the turn.
    /// Returns false when it is known not to (the order's other checks are then
    /// skipped, to report one problem, not its consequences).
    ///
    /// Applies ruling G-10 (see the ruling list).
    pub(super) fn own_world(&mut self, i: usize, world: WorldId) -> bool {
        let weight = self.weight(i);
        let owner = self.ctx.world_owner(world);
        if !owner.is_other() {
            return true;
        }
        let (state, name) = owner.describe();
        let turn = self.ctx.turn.unwrap_or(0);
        let later = (weight >= 16 && self.may_take(world))
            || (weight > 5 && self.capturable.contains(&world));
        let code = if later {
            "order-check-world-not-yours-yet"
        } else {
            "order-check-world-not-yours"
        };
        let diagnostic = if later {
            self.warning(i, Focus::World(world), code)
        } else {
            self.error(i, Focus::World(world), code)
        };
        diagnostic
            .add_arg("world", world)
            .add_arg("state", state)
            .add_arg("owner", name)
            .add_arg("turn", turn);
        false
    }

    /// Checks that the orderer owns fleet `fleet` at the start of the turn (a
    /// warning for a gift: piracy at step 19 comes first, G-10).
    pub(super) fn own_fleet(&mut self, i: usize, fleet: FleetId) -> bool {
        let weight = self.weight(i);
        let owner = self.ctx.fleet_owner(fleet);
        if !owner.is_other() {
            return true;
        }
        let (state, name) = owner.describe();
        let turn = self.ctx.turn.unwrap_or(0);
        let pirated = weight >= 17 && self.ctx.fleet_world(fleet).is_none_or(|w| self.may_take(w));
        let diagnostic = if pirated {
            self.warning(i, Focus::Fleet(fleet), "order-check-fleet-not-yours-yet")
        } else {
            self.error(i, Focus::Fleet(fleet), "order-check-fleet-not-yours")
        };
        diagnostic
            .add_arg("fleet", fleet)
            .add_arg("state", state)
            .add_arg("owner", name)
            .add_arg("turn", turn);
        false
    }

    /// True when the orderer may take world `world` (or a fleet there) before the
    /// end of the turn: he emigrates or unloads onto it, one of his fleets is there
    /// at the start of the turn or moves there, or his converts live there.
    pub(super) fn may_take(&self, world: WorldId) -> bool {
        if self.capturable.contains(&world) || self.destinations.contains(&world) {
            return true;
        }
        let ctx = self.ctx;
        let Some(me) = ctx.me else {
            return true;
        };
        let Some(known) = ctx.world_now(world) else {
            return false;
        };
        if ctx
            .current(known.converts_owner())
            .is_some_and(|owner| **owner == *me)
        {
            return true;
        }
        ctx.knowledge().fleets_last_seen_at(world).any(|fleet| {
            Some(fleet.last_seen) == ctx.turn
                && ctx
                    .current(&fleet.owner)
                    .is_some_and(|owner| **owner == *me)
        })
    }

    /// Checks that fleet `fleet` is on world `world` at the start of the turn.
    pub(super) fn fleet_here(&mut self, i: usize, fleet: FleetId, world: Option<WorldId>) -> bool {
        let Some(world) = world else {
            return true;
        };
        let at = self.ctx.fleet_world(fleet);
        let listed = self.ctx.fleet_now(fleet).is_some();
        let elsewhere = match at {
            Some(at) => at != world,
            // Not listed at all while the world is described with its fleets.
            None => !listed && self.ctx.complete && self.ctx.world_now(world).is_some(),
        };
        if elsewhere {
            self.error(i, Focus::Fleet(fleet), "order-check-fleet-not-here")
                .add_arg("fleet", fleet)
                .add_arg("world", world)
                .add_arg(
                    "at",
                    at.map_or_else(|| "none".to_string(), |w| w.to_string()),
                );
        }
        !elsewhere
    }

    /// The VI or VP group of `world` may fire: the world is ours and the group is
    /// not known to be empty (an error names the empty group otherwise).
    pub(super) fn group_can_fire(&mut self, i: usize, world: WorldId, guard: Guard) -> bool {
        if !self.own_world(i, world) {
            return false;
        }
        let sim = self.world(world);
        let ships = match guard {
            Guard::Vi => sim.vi,
            Guard::Vp => sim.vp,
        };
        if ships == Some(0) {
            self.error(i, Focus::World(world), "order-check-fire-empty")
                .add_arg("subject", guard_name(guard, world));
            return false;
        }
        true
    }

    /// A player named in a declaration or a gift: known by name, not neutral, not
    /// the orderer. Returns his name and number when they are known.
    ///
    /// Applies ruling G-5 (see the ruling list).
    /// Applies ruling G-135 (see the ruling list).
    pub(super) fn player(
        &mut self,
        i: usize,
        player: &PlayerRef,
    ) -> Option<(Option<String>, Option<u32>)> {
        let ctx = self.ctx;
        ctx.me?;
        match player {
            PlayerRef::Number(id) => {
                let j = id.0;
                if id.is_neutral() {
                    self.error(i, Focus::Player, "order-check-player-neutral");
                    return None;
                }
                if ctx.number == Some(j) {
                    self.error(i, Focus::Player, "order-check-player-self");
                    return None;
                }
                if let Some(name) = ctx.name_of(j) {
                    return Some((Some(name.to_string()), Some(j)));
                }
                if ctx.has_unnumbered_players() {
                    self.warning(i, Focus::Player, "order-check-player-unchecked")
                        .add_arg("player", j);
                    return Some((None, Some(j)));
                }
                self.error(i, Focus::Player, "order-check-player-unknown")
                    .add_arg("player", j);
                None
            }
            PlayerRef::Name(name) => {
                if ctx.me == Some(name.as_str()) {
                    self.error(i, Focus::Player, "order-check-player-self");
                    return None;
                }
                if ctx.knows_name(name) {
                    return Some((Some(name.clone()), ctx.player_number(name)));
                }
                self.error(i, Focus::Player, "order-check-player-unknown")
                    .add_arg("player", format!("\"{name}\""));
                None
            }
        }
    }

    /// World `to` is connected to world `from`: an error when `from`'s connections
    /// are known and do not list it; a warning when they are unknown. Returns
    /// `Some(true)` connected, `Some(false)` not, `None` unknown.
    ///
    /// Applies ruling G-11 (see the ruling list).
    pub(super) fn adjacent(
        &mut self,
        i: usize,
        focus: Focus,
        from: WorldId,
        to: WorldId,
    ) -> Option<bool> {
        match self.ctx.connections(from) {
            Some(list) => {
                let ok = list.iter().any(|c| c.world == to);
                if !ok {
                    let connections = list
                        .iter()
                        .map(|c| c.world.to_string())
                        .collect::<Vec<_>>()
                        .join(", ");
                    self.error(i, focus, "order-check-not-adjacent")
                        .add_arg("from", from)
                        .add_arg("to", to)
                        .add_arg("connections", connections);
                }
                Some(ok)
            }
            None => {
                self.warning(i, focus, "order-check-adjacency-unknown")
                    .add_arg("from", from)
                    .add_arg("to", to);
                None
            }
        }
    }

    pub(super) fn black_hole(
        &mut self,
        i: usize,
        focus: Focus,
        world: WorldId,
        action: &str,
    ) -> bool {
        if !self.ctx.is_black_hole(world) {
            return false;
        }
        self.warning(i, focus, "order-check-black-hole")
            .add_arg("world", world)
            .add_arg("action", action);
        true
    }

    /// Applies ruling G-144 (see the ruling list).
    pub(super) fn permission(&mut self, i: usize, world: WorldId, kind: DeclarationKind) {
        let owner = self.ctx.world_owner(world);
        let keyword = kind.keyword();
        let allowed = match owner {
            Owner::Me | Owner::NotListed | Owner::Unknown => return,
            Owner::Neutral => Some(false),
            Owner::Player(name) => self.ctx.received(kind, name),
        };
        let (state, name) = owner.describe();
        let code = match allowed {
            Some(true) => return,
            Some(false) => "order-check-permission",
            None => "order-check-permission-unknown",
        };
        let diagnostic = if allowed.is_some() {
            self.error(i, Focus::Order, code)
        } else {
            self.warning(i, Focus::Order, code)
        };
        diagnostic
            .add_arg("world", world)
            .add_arg("state", state)
            .add_arg("owner", name)
            .add_arg("declaration", keyword);
    }
}
