//! Small builders of `TurnView` parts for writer tests: a world line's view with
//! the values a full CR line gives (absent items are zero), changed item by item.

#![allow(dead_code)]

use nebutil::model::Coords;
use nebutil::model::TreasureKind;
use nebutil::model::view::{
    CargoView, Connection, Count, Deaths, FireMark, FleetEvent, FleetView, Origin, OwnerView,
    PopKind, TraceView, TreasureSite, TreasureView, WorldEvent, WorldView,
};

/// A neutral world of a full line: every item known, zero.
pub fn world(id: u32, connections: &[u32]) -> W {
    W(WorldView {
        id,
        connections: Some(
            connections
                .iter()
                .map(|&world| Connection {
                    world,
                    black_hole: false,
                })
                .collect(),
        ),
        owner: Some(OwnerView::default()),
        ..WorldView::default()
    }
    .with_counts(Count::ON_EVERY_FULL_LINE.map(|count| (count, Some(0)))))
}

pub struct W(pub WorldView);

impl W {
    pub fn build(self) -> WorldView {
        self.0
    }
    pub fn start(mut self) -> Self {
        self.0.start_world = true;
        self
    }
    pub fn bombed(mut self) -> Self {
        self.0.bombed = true;
        self
    }
    pub fn black_hole_at(mut self, world: u32) -> Self {
        if let Some(list) = &mut self.0.connections {
            for c in list.iter_mut().filter(|c| c.world == world) {
                c.black_hole = true;
            }
        }
        self
    }
    pub fn owner(mut self, name: &str, turns: u32) -> Self {
        let owner = self.0.owner.get_or_insert_with(OwnerView::default);
        owner.name = Some(name.into());
        owner.owned_turns = turns;
        self
    }
    pub fn counters(mut self, turns: u32, mining_counter: u32) -> Self {
        let owner = self.0.owner.get_or_insert_with(OwnerView::default);
        owner.owned_turns = turns;
        owner.mining_counter = Some(mining_counter);
        self
    }
    pub fn previous(mut self, name: &str) -> Self {
        let owner = self.0.owner.get_or_insert_with(OwnerView::default);
        owner.previous = Some(name.into());
        self
    }
    pub fn event(mut self, event: WorldEvent) -> Self {
        let owner = self.0.owner.get_or_insert_with(OwnerView::default);
        owner.event = Some(event);
        self
    }
    /// `I=a/n` (or `I=n` when a = n).
    pub fn industries(mut self, active: u32, total: u32) -> Self {
        self.0.set_industries(Some(total));
        self.0.set_active_industries(Some(active));
        self
    }
    pub fn vi(mut self, vi: u32) -> Self {
        self.0.set_vi(Some(vi));
        self
    }
    pub fn vi_fire(mut self, mark: FireMark) -> Self {
        self.0.set_vi_fire(Some(mark));
        self
    }
    pub fn pop(mut self, population: u32, limit: u32) -> Self {
        self.0.set_population(Some(population));
        self.0.set_pop_limit(Some(limit));
        self
    }
    pub fn robots(mut self, robots: u32, limit: u32) -> Self {
        self.0.set_population(Some(0));
        self.0.set_robots(Some(robots));
        self.0.set_pop_limit(Some(limit));
        self
    }
    pub fn converts(mut self, converts: u32, missionary: &str) -> Self {
        self.0.set_converts(Some(converts));
        self.0.converts_owner = Some(missionary.into());
        self
    }
    pub fn deaths(mut self, count: u32, kind: PopKind) -> Self {
        self.0.push_death(Deaths { count, kind });
        self
    }
    pub fn vp(mut self, vp: u32) -> Self {
        self.0.set_vp(Some(vp));
        self
    }
    pub fn vp_fire(mut self, mark: FireMark) -> Self {
        self.0.set_vp_fire(Some(mark));
        self
    }
    pub fn mp(mut self, mp: u32, mining: u32) -> Self {
        self.0.set_mp(Some(mp));
        self.0.set_mining(Some(mining));
        self
    }
    pub fn pc(mut self, pc: u32) -> Self {
        self.0.set_pc(Some(pc));
        self
    }
    pub fn pillage(mut self, count: u32, recovery: u32) -> Self {
        self.0.set_pillage_count(Some(count));
        self.0.set_pillage_recovery(Some(recovery));
        self
    }
    pub fn pe(mut self, pe: u32) -> Self {
        self.0.set_pe(Some(pe));
        self
    }
    pub fn meva(mut self, meva: u32, slots: u32) -> Self {
        self.0.set_meva(Some(meva));
        self.0.set_meva_slots(Some(slots));
        self
    }
    pub fn growth(mut self, tenths: u32) -> Self {
        self.0.set_growth_rate(Some(tenths));
        self
    }
    pub fn coords(mut self, x: u32, y: u32) -> Self {
        self.0.coords = Some(Coords { x, y });
        self
    }
    pub fn name(mut self, name: &str) -> Self {
        self.0.set_name(Some(name.into()));
        self
    }
    pub fn corrupted_by(mut self, name: &str) -> Self {
        self.0.set_corrupted_by(Some(name.into()));
        self
    }
}

/// A black-hole line `M_65 * Trou noir *****`.
pub fn black_hole(id: u32) -> WorldView {
    WorldView {
        id,
        black_hole: true,
        ..WorldView::default()
    }
}

/// An own fleet (everything shown) at war, empty.
pub fn fleet(id: u32, owner: &str, world: Option<u32>) -> F {
    F(FleetView {
        id,
        world,
        owner: Some(owner.into()),
        at_peace: Some(false),
        vc: Some(0),
        vt: Some(0),
        total: Some(0),
        cargo: Some(CargoView::default()),
        ..FleetView::default()
    })
}

pub struct F(pub FleetView);

impl F {
    pub fn build(self) -> FleetView {
        self.0
    }
    pub fn ships(mut self, vc: u32, vt: u32) -> Self {
        self.0.vc = Some(vc);
        self.0.vt = Some(vt);
        self.0.total = Some(vc + vt);
        self
    }
    pub fn cargo(mut self, mp: u32, n: u32, c: u32, r: u32) -> Self {
        self.0.cargo = Some(CargoView { mp, n, c, r });
        self
    }
    /// Someone else's fleet: cargo hidden (`[?]`).
    pub fn foreign(mut self) -> Self {
        self.0.cargo = None;
        self
    }
    /// Composition hidden (viewer's ALI 0): `[?]=24?`.
    pub fn total_only(mut self, total: u32) -> Self {
        self.0.vc = None;
        self.0.vt = None;
        self.0.total = Some(total);
        self.0.cargo = None;
        self
    }
    pub fn peace(mut self) -> Self {
        self.0.at_peace = Some(true);
        self
    }
    pub fn bomb(mut self) -> Self {
        self.0.bomb = true;
        self
    }
    pub fn previous(mut self, name: &str) -> Self {
        self.0.previous_owner = Some(name.into());
        self
    }
    pub fn no_owner(mut self) -> Self {
        self.0.owner = None;
        self.0.at_peace = None;
        self
    }
    pub fn event(mut self, event: FleetEvent) -> Self {
        self.0.event = Some(event);
        self
    }
    pub fn arrived_from(mut self, world: u32) -> Self {
        self.0.from = Some(Origin::World(world));
        self
    }
    pub fn arrived_from_unknown(mut self) -> Self {
        self.0.from = Some(Origin::Unknown);
        self
    }
    pub fn fire(mut self, mark: FireMark) -> Self {
        self.0.fire = Some(mark);
        self
    }
}

pub fn trace(fleet: u32, owner: &str, world: u32, from: Option<u32>, to: u32) -> TraceView {
    TraceView {
        fleet,
        owner: Some(owner.into()),
        world: Some(world),
        from: from.map(Origin::World),
        to,
        ambushed: false,
        line: 0,
    }
}

pub fn treasure(id: u32, name: &str, site: TreasureSite) -> TreasureView {
    TreasureView {
        id,
        name: name.into(),
        kind: TreasureKind::from_name(name),
        site,
        line: 0,
    }
}
