//! The orders proposed for one of the player's fleets (the map's right-click menu
//! and the fleet inspector's buttons), one method per menu section.

use crate::model::view::TreasureSite;
use crate::model::{Class, FleetId, WorldId};
use crate::orders::ast::{
    Fire, FleetTarget, FleetTransfer, Guard, LoadGoods, MevaTarget, OrderKind, People, Prober,
    UnloadGoods,
};

use super::{Group, Proposal, Proposer, Verdict};

/// What a fleet's proposals are made from: the fleet, where it is, the
/// connections from there, the other fleets there (the player's, the others'),
/// whether the world is the player's, its VC and VT.
struct FleetScene {
    fleet: FleetId,
    world: WorldId,
    neighbours: Vec<WorldId>,
    mine_here: Vec<FleetId>,
    others_here: Vec<FleetId>,
    world_mine: bool,
    vc: Option<u32>,
    vt: Option<u32>,
}

impl Proposer<'_, '_> {
    /// The orders proposed for fleet `fleet`: none when it is not the player's
    /// or its position is unknown.
    pub fn fleet(&self, fleet: FleetId) -> Vec<Proposal> {
        let mut out = Vec::new();
        if !self.is_mine_fleet(fleet) {
            return out;
        }
        let Some(world) = self.ctx.fleet_world(fleet) else {
            return out;
        };
        let (mine_here, others_here) = self
            .fleets_at(world)
            .into_iter()
            .filter(|g| *g != fleet)
            .partition(|g| self.is_mine_fleet(*g));
        let scene = FleetScene {
            fleet,
            world,
            neighbours: self.neighbours(world),
            mine_here,
            others_here,
            world_mine: self.is_mine_world(world),
            vc: self.fleet_count(fleet, |k| &k.vc),
            vt: self.fleet_count(fleet, |k| &k.vt),
        };

        self.fleet_moves(&scene, &mut out);
        self.fleet_fire(&scene, &mut out);
        self.fleet_cargo(&scene, &mut out);
        self.fleet_treasures(&scene, &mut out);
        self.fleet_transfers(&scene, &mut out);
        self.fleet_special(&scene, &mut out);
        self.fleet_stance(&scene, &mut out);
        out
    }

    /// Moves to each connection, and probes.
    fn fleet_moves(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        for &to in &scene.neighbours {
            Self::push(
                out,
                Group::Move,
                "propose-move",
                vec![("world", to.to_string())],
                self.judged(OrderKind::Move {
                    fleet,
                    route: vec![to],
                }),
            );
        }
        for &to in &scene.neighbours {
            Self::push(
                out,
                Group::Probe,
                "propose-probe-fleet",
                vec![("world", to.to_string())],
                self.judged(OrderKind::Probe {
                    prober: Prober::Fleet(fleet),
                    target: to,
                }),
            );
        }
    }

    /// Fire: the other players' fleets here, and the world when not ours.
    fn fleet_fire(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        let world = scene.world;
        let world_mine = scene.world_mine;
        for conditional in [false, true] {
            let group = if conditional {
                Group::ConditionalFire
            } else {
                Group::Fire
            };
            let mut targets: Vec<(FleetTarget, &'static str, String)> = scene
                .others_here
                .iter()
                .map(|g| (FleetTarget::Fleet(*g), "propose-fire-fleet", g.to_string()))
                .collect();
            if !world_mine {
                targets.extend([
                    (
                        FleetTarget::Protections,
                        "propose-fire-protections",
                        String::new(),
                    ),
                    (
                        FleetTarget::Population,
                        "propose-fire-population",
                        String::new(),
                    ),
                    (
                        FleetTarget::Industries,
                        "propose-fire-industries",
                        String::new(),
                    ),
                ]);
            }
            for (target, label, arg) in targets {
                Self::push(
                    out,
                    group,
                    label,
                    vec![("fleet", arg), ("world", world.to_string())],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Fleet { fleet, target },
                    }),
                );
            }
        }
    }

    /// Cargo: loads and unloads (as much as possible).
    fn fleet_cargo(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        for (goods, what) in [
            (LoadGoods::Mp, "MP"),
            (LoadGoods::People(People::Pop), "P"),
            (LoadGoods::People(People::NonConverts), "N"),
            (LoadGoods::People(People::Converts), "C"),
            (LoadGoods::People(People::Robots), "R"),
        ] {
            if goods == LoadGoods::People(People::Converts) && !self.class_is(Class::Missionary) {
                continue;
            }
            let proposed = self.judged(OrderKind::Load {
                fleet,
                count: None,
                goods,
            });
            if rare_and_absent(what, &proposed.1) {
                continue;
            }
            Self::push(
                out,
                Group::Cargo,
                "propose-load",
                vec![("what", what.to_string())],
                proposed,
            );
        }
        for (goods, what) in [
            (UnloadGoods::Mp, "MP"),
            (UnloadGoods::Pc, "PC"),
            (UnloadGoods::People(People::Pop), "P"),
            (UnloadGoods::People(People::NonConverts), "N"),
            (UnloadGoods::People(People::Converts), "C"),
            (UnloadGoods::People(People::Robots), "R"),
        ] {
            let proposed = self.judged(OrderKind::Unload {
                fleet,
                count: None,
                goods,
            });
            if rare_and_absent(what, &proposed.1) {
                continue;
            }
            Self::push(
                out,
                Group::Cargo,
                "propose-unload",
                vec![("what", what.to_string())],
                proposed,
            );
        }
    }

    /// Treasures: the ones this fleet carries dropped, the ones here loaded.
    fn fleet_treasures(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        let world = scene.world;
        let mut treasures: Vec<(u32, TreasureSite)> = self
            .ctx
            .knowledge()
            .treasures()
            .filter_map(|t| self.ctx.treasure_site(t.id).map(|site| (t.id, site)))
            .collect();
        treasures.sort_by_key(|(t, _)| *t);
        for (treasure, site) in treasures {
            match site {
                TreasureSite::Fleet(carrier) if carrier == fleet => Self::push(
                    out,
                    Group::Cargo,
                    "propose-treasure-drop",
                    vec![("treasure", treasure.to_string())],
                    self.judged(OrderKind::DropTreasure { treasure }),
                ),
                TreasureSite::World(at) if at == world => Self::push(
                    out,
                    Group::Cargo,
                    "propose-treasure-load",
                    vec![("treasure", treasure.to_string())],
                    self.judged(OrderKind::LoadTreasure { treasure, fleet }),
                ),
                TreasureSite::Fleet(carrier)
                    if carrier != fleet && self.ctx.fleet_world(carrier) == Some(world) =>
                {
                    Self::push(
                        out,
                        Group::Cargo,
                        "propose-treasure-load",
                        vec![("treasure", treasure.to_string())],
                        self.judged(OrderKind::LoadTreasure { treasure, fleet }),
                    )
                }
                _ => {}
            }
        }
    }

    /// Transfers of VC and VT.
    fn fleet_transfers(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        let world_mine = scene.world_mine;
        let vc = scene.vc;
        let vt = scene.vt;
        let subject = format!("F_{fleet}");
        let mut transfers: Vec<(FleetTransfer, &'static str, String)> = Vec::new();
        if world_mine {
            transfers.push((
                FleetTransfer::VcToGuard(Guard::Vi),
                "propose-vc-to-guard",
                "VI".to_string(),
            ));
            transfers.push((
                FleetTransfer::VcToGuard(Guard::Vp),
                "propose-vc-to-guard",
                "VP".to_string(),
            ));
        }
        for &g in &scene.mine_here {
            transfers.push((
                FleetTransfer::VcToFleet(g),
                "propose-vc-to-fleet",
                g.to_string(),
            ));
            transfers.push((
                FleetTransfer::VtToFleet(g),
                "propose-vt-to-fleet",
                g.to_string(),
            ));
        }
        if self.class_is(Class::Merchant) {
            transfers.push((FleetTransfer::VcToVt, "propose-vc-to-vt", String::new()));
            for &g in &scene.mine_here {
                transfers.push((
                    FleetTransfer::VcToVtOnFleet(g),
                    "propose-vc-to-vt-fleet",
                    g.to_string(),
                ));
            }
        }
        for (transfer, label, arg) in transfers {
            let (have, what) = if matches!(transfer, FleetTransfer::VtToFleet(_)) {
                (vt, "VT")
            } else {
                (vc, "VC")
            };
            let make = move |count| OrderKind::FleetTransfer {
                fleet,
                count,
                transfer,
            };
            let proposed = self.available(&make, have, 1, subject.clone(), what);
            let unit = if what == "VT" {
                self.car
            } else {
                Some(self.rules.combat.vc_cargo)
            };
            Self::push(
                out,
                Group::Transfer,
                label,
                vec![("target", arg)],
                self.keep_cargo_room(&make, proposed, unit),
            );
        }
    }

    /// Bombs, MEVA, robot attacks.
    fn fleet_special(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        let vc = scene.vc;
        let subject = format!("F_{fleet}");
        Self::push(
            out,
            Group::Special,
            "propose-bomb-build",
            vec![("need", self.rules.combat.bomb_vc.to_string())],
            self.judged(OrderKind::BuildBomb { fleet }),
        );
        Self::push(
            out,
            Group::Special,
            "propose-bomb-drop",
            vec![],
            self.judged(OrderKind::DropBomb { fleet }),
        );
        if self.class_is(Class::Explorer) {
            for (target, label) in [
                (MevaTarget::Population, "propose-meva-population"),
                (MevaTarget::Mining, "propose-meva-mining"),
            ] {
                let make = move |count| OrderKind::Meva {
                    fleet,
                    count,
                    target,
                };
                let have = vc.map(|n| n.min(1));
                Self::push(
                    out,
                    Group::Special,
                    label,
                    vec![],
                    self.available(&make, have, 1, subject.clone(), "VC"),
                );
            }
        }
        if self.class_is(Class::Robotron) {
            let per = self.rules.production.robots.per_vc_attack.max(1);
            let make = move |count: u32| OrderKind::RobotAttack {
                fleet,
                count: count.saturating_mul(per),
            };
            Self::push(
                out,
                Group::Special,
                "propose-robot-attack",
                vec![],
                self.available(&make, vc.map(|n| n.min(1)), 1, subject.clone(), "VC"),
            );
        }
    }

    /// Peace, war, gifts.
    fn fleet_stance(&self, scene: &FleetScene, out: &mut Vec<Proposal>) {
        let fleet = scene.fleet;
        Self::push(
            out,
            Group::Stance,
            "propose-peace",
            vec![],
            self.judged(OrderKind::Peace { fleet }),
        );
        Self::push(
            out,
            Group::Stance,
            "propose-war",
            vec![],
            self.judged(OrderKind::War { fleet }),
        );
        self.push_gifts(out, |player| OrderKind::GiveFleet { fleet, player });
    }
}

/// Loads and unloads of what is rarely there (N, C, R, PC) are left out when
/// there is none; MP and P are always listed (disabled with the reason).
fn rare_and_absent(what: &str, verdict: &Verdict) -> bool {
    !matches!(what, "MP" | "P")
        && verdict
            .reason()
            .is_some_and(|r| r.code == "order-check-none-available")
}
