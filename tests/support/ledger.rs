//! Reconciles a turn's event log with the galaxies before and after it: every
//! ship, person, MP and industry count after the turn must equal the count before
//! plus the logged changes (each with its cause). A count changed without a log
//! line, or a logged change that did not happen, shows as a difference.

#![allow(dead_code)]

use std::collections::BTreeMap;

use nebutil::model::{Galaxy, PlayerId};
use nebutil::resolve::{EventKind, Holder, PeopleKind, Place, ShipKind, TurnOutcome};

/// Every count of a galaxy, by a readable key (zeros left out).
pub fn counts(galaxy: &Galaxy) -> BTreeMap<String, i64> {
    let mut out = BTreeMap::new();
    let mut put = |key: String, value: u32| {
        if value != 0 {
            out.insert(key, i64::from(value));
        }
    };
    for w in galaxy.worlds.values() {
        put(ships_key(Holder::Vi(w.id), ShipKind::Guard), w.vi);
        put(ships_key(Holder::Vp(w.id), ShipKind::Guard), w.vp);
        put(
            people_key(Place::World(w.id), PeopleKind::N),
            w.population.non_converts,
        );
        put(
            people_key(Place::World(w.id), PeopleKind::R),
            w.population.robots,
        );
        for (&p, &n) in &w.population.converts {
            put(people_key(Place::World(w.id), PeopleKind::C(p)), n);
        }
        put(mp_key(Place::World(w.id)), w.mp);
        put(format!("industries M_{}", w.id), w.industries);
    }
    for f in galaxy.fleets.values() {
        put(ships_key(Holder::Fleet(f.id), ShipKind::Vc), f.vc);
        put(ships_key(Holder::Fleet(f.id), ShipKind::Vt), f.vt);
        put(people_key(Place::Fleet(f.id), PeopleKind::N), f.cargo.n);
        put(people_key(Place::Fleet(f.id), PeopleKind::R), f.cargo.r);
        if f.cargo.c > 0 {
            let p = f.cargo.c_missionary.unwrap_or(PlayerId::NEUTRAL);
            put(people_key(Place::Fleet(f.id), PeopleKind::C(p)), f.cargo.c);
        }
        put(mp_key(Place::Fleet(f.id)), f.cargo.mp);
    }
    out
}

fn ships_key(holder: Holder, kind: ShipKind) -> String {
    match holder {
        Holder::Fleet(f) => format!("ships F_{f} {kind:?}"),
        Holder::Vi(w) => format!("ships VI M_{w}"),
        Holder::Vp(w) => format!("ships VP M_{w}"),
    }
}

fn place(p: Place) -> String {
    match p {
        Place::World(w) => format!("M_{w}"),
        Place::Fleet(f) => format!("F_{f}"),
    }
}

fn people_key(p: Place, kind: PeopleKind) -> String {
    format!("people {} {kind:?}", place(p))
}

fn mp_key(p: Place) -> String {
    format!("mp {}", place(p))
}

/// The differences between `after` and `before` + the log (empty = reconciled).
pub fn reconcile(before: &Galaxy, outcome: &TurnOutcome) -> Vec<String> {
    let mut expected = counts(before);
    for event in &outcome.events {
        let (key, delta) = match &event.kind {
            EventKind::Ships {
                holder,
                kind,
                delta,
                ..
            } => (ships_key(*holder, *kind), *delta),
            EventKind::People {
                place, kind, delta, ..
            } => (people_key(*place, *kind), *delta),
            EventKind::Mp { place, delta, .. } => (mp_key(*place), *delta),
            EventKind::Industries { world, delta, .. } => (format!("industries M_{world}"), *delta),
            _ => continue,
        };
        let slot = expected.entry(key).or_insert(0);
        *slot += delta;
    }
    expected.retain(|_, v| *v != 0);
    let actual = counts(&outcome.galaxy);
    let mut problems = Vec::new();
    for (key, value) in &expected {
        let got = actual.get(key).copied().unwrap_or(0);
        if got != *value {
            problems.push(format!("{key}: before + log = {value}, after = {got}"));
        }
    }
    for (key, value) in &actual {
        if !expected.contains_key(key) {
            problems.push(format!("{key}: before + log = 0, after = {value}"));
        }
    }
    problems
}
