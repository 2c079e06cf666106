//! Step 16a (VIII step 19), "Piratages" (VI.2.2, catalog §4.20): after the
//! captures, a pirate with three times more VC at war on a world than every other
//! player's ships at war there takes every fleet on that world, with its content,
//! except his allies' fleets. No order: it happens by itself; only peace stops it.
//! "Si le monde est neutre, il le reste même si le piratage réussit": piracy never
//! changes a world's owner.

use std::collections::{BTreeMap, BTreeSet};

use super::{Cause, PeopleKind, Place, Turn};
use crate::combat::largest_remainder;
use crate::model::view::FleetEvent;
use crate::model::{Class, FleetId, PlayerId, WorldId};

/// The fleets on each world where a pirate has VC at war, by world.
fn pirate_worlds(turn: &Turn<'_>) -> BTreeMap<WorldId, Vec<FleetId>> {
    let pirates: BTreeSet<PlayerId> = turn
        .galaxy
        .players
        .values()
        .filter(|p| p.class == Some(Class::Pirate))
        .map(|p| p.id)
        .collect();
    if pirates.is_empty() {
        return BTreeMap::new();
    }
    let mut worlds: BTreeMap<WorldId, Vec<FleetId>> = BTreeMap::new();
    for fleet in turn.galaxy.fleets.values() {
        if pirates.contains(&fleet.owner) && !fleet.at_peace && fleet.vc > 0 {
            worlds.entry(fleet.world).or_default();
        }
    }
    if worlds.is_empty() {
        return worlds;
    }
    for fleet in turn.galaxy.fleets.values() {
        if let Some(list) = worlds.get_mut(&fleet.world) {
            list.push(fleet.id);
        }
    }
    worlds
}

/// Ruling G-104 (VI.2.2): a pirate pirates when his VC on war fleets on the world
/// are at least 1 and at least 3 × the defence: every other player's (allies and
/// the neutral player included) VC and VT on fleets not at peace, plus the world's
/// VI and VP when the world is not the pirate's.
///
/// Ruling G-105 (VI.2.2): several pirates on one world are each judged with the
/// others' ships in the defence, on the fleets as they are after the captures, in
/// ascending player number; the first who succeeds pirates (two can succeed only if
/// neither has ships at war in the other's count, which a success excludes).
///
/// Ruling G-106 (VI.2.2): piracy takes every fleet on the world not owned by the
/// pirate or by a player he declared ally: fleets at peace, empty and neutral fleets
/// included, with cargo, treasures and bomb; they keep their peace or war state
/// and are flagged `P`; the cargo the pirate's ships cannot carry (his CAR being
/// lower than the victim's) is lost, pro rata of its kinds by largest remainder
/// (as in combat, G-55), with the cause `Piracy`.
pub(super) fn run(turn: &mut Turn<'_>) {
    let ratio = u64::from(turn.rules.combat.piracy_ratio);
    for (world, fleets) in pirate_worlds(turn) {
        let Some(w) = turn.galaxy.world(world) else {
            continue;
        };
        let (owner, guards) = (w.owner, u64::from(w.vi) + u64::from(w.vp));
        let mut candidates: Vec<PlayerId> = fleets
            .iter()
            .filter_map(|f| turn.galaxy.fleet(*f))
            .filter(|f| {
                !f.at_peace
                    && f.vc > 0
                    && turn.galaxy.player(f.owner).and_then(|p| p.class) == Some(Class::Pirate)
            })
            .map(|f| f.owner)
            .collect();
        candidates.sort();
        candidates.dedup();
        for pirate in candidates {
            let mut attack = 0u64;
            let mut defence = if owner == pirate { 0 } else { guards };
            for f in fleets.iter().filter_map(|f| turn.galaxy.fleet(*f)) {
                if f.at_peace {
                    continue;
                }
                if f.owner == pirate {
                    attack += u64::from(f.vc);
                } else {
                    defence += f.ships();
                }
            }
            if attack == 0 || attack < ratio.saturating_mul(defence) {
                continue;
            }
            let allies = turn
                .galaxy
                .player(pirate)
                .map(|p| p.declarations.allies.clone())
                .unwrap_or_default();
            let taken: Vec<FleetId> = fleets
                .iter()
                .filter_map(|f| turn.galaxy.fleet(*f))
                .filter(|f| f.owner != pirate && !allies.contains(&f.owner))
                .map(|f| f.id)
                .collect();
            for fleet in taken {
                turn.set_fleet_owner(fleet, pirate);
                turn.record.fleet_events.insert(fleet, FleetEvent::Pirated);
                trim_cargo(turn, fleet);
            }
            break;
        }
    }
}

/// Removes the cargo a pirated fleet's new owner cannot carry (G-106).
fn trim_cargo(turn: &mut Turn<'_>, fleet: FleetId) {
    let Some(f) = turn.galaxy.fleet(fleet) else {
        return;
    };
    let capacity = f.capacity(turn.car_of(f.owner));
    let cargo = &f.cargo;
    let excess = cargo.total().saturating_sub(capacity);
    if excess == 0 {
        return;
    }
    let groups = [
        u64::from(cargo.mp),
        u64::from(cargo.n),
        u64::from(cargo.c),
        u64::from(cargo.r),
    ];
    let missionary = cargo.c_missionary;
    let lost = largest_remainder(excess, &groups);
    let amount = |i: usize| -i64::try_from(lost.get(i).copied().unwrap_or(0)).unwrap_or(0);
    turn.change_mp(Place::Fleet(fleet), amount(0), Cause::Piracy);
    turn.change_people(Place::Fleet(fleet), PeopleKind::N, amount(1), Cause::Piracy);
    if let Some(m) = missionary {
        turn.change_people(
            Place::Fleet(fleet),
            PeopleKind::C(m),
            amount(2),
            Cause::Piracy,
        );
    }
    turn.change_people(Place::Fleet(fleet), PeopleKind::R, amount(3), Cause::Piracy);
}
