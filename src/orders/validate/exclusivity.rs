//! After the turn, in file order: exclusivity (catalog §1.2).
//!
//! One exclusive order per fleet, per VI group, per VP group and per gifted world
//! (G-7, G-76): `order-check-exclusive` on every later one, naming the line of
//! the first. Several names for one world (#1): the last one counts, a warning
//! on the earlier ones (`order-check-name-replaced`).

use std::collections::HashMap;

use crate::model::WorldId;

use super::super::ast::{Guard, OrderKind, Subject};
use super::Focus;
use super::guards::guard_name;
use super::state::Run;

impl Run<'_, '_> {
    /// Applies ruling G-7 (see the ruling list).
    /// Applies ruling G-76 (see the ruling list).
    ///
    /// Several names for one world (#1): the last one counts, a warning on the
    /// earlier ones.
    pub(super) fn exclusivity(&mut self) {
        let mut first: HashMap<Subject, usize> = HashMap::new();
        let mut named: HashMap<WorldId, usize> = HashMap::new();
        for (i, order) in self.orders.iter().enumerate() {
            if let OrderKind::Name { world, .. } = order.kind
                && let Some(earlier) = named.insert(world, i)
            {
                let line = self.line(i);
                self.warning(earlier, Focus::World(world), "order-check-name-replaced")
                    .add_arg("world", world)
                    .add_arg("line", line);
            }
            if !order.kind.is_exclusive() {
                continue;
            }
            let subject = order.kind.subject();
            match first.get(&subject) {
                Some(&earlier) => {
                    let line = self.line(earlier);
                    let (name, focus) = match subject {
                        Subject::Fleet(f) => (format!("F_{f}"), Focus::Fleet(f)),
                        Subject::ViGroup(m) => (guard_name(Guard::Vi, m), Focus::World(m)),
                        Subject::VpGroup(m) => (guard_name(Guard::Vp, m), Focus::World(m)),
                        Subject::World(m) => (format!("M_{m}"), Focus::World(m)),
                        Subject::Treasure(t) => (format!("T_{t}"), Focus::Treasure(t)),
                        Subject::Player => (String::new(), Focus::Order),
                    };
                    self.error(i, focus, "order-check-exclusive")
                        .add_arg("subject", name)
                        .add_arg("line", line);
                }
                None => {
                    first.insert(subject, i);
                }
            }
        }
    }
}
