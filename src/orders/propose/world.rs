//! The orders proposed for one of the player's worlds (the map's right-click menu
//! and the world inspector's buttons), one method per menu section.

use crate::model::{Class, FleetId, Tech, WorldId};
use crate::orders::ast::{
    Construction, Fire, Guard, GuardTransfer, OrderKind, People, Prober, RobotProduct, VpTarget,
};

use super::{Group, Proposal, Proposer, Verdict};

/// What a world's proposals are made from: the world, the player's fleets and
/// the other fleets on it, its known connections.
struct WorldScene {
    world: WorldId,
    my_fleets: Vec<FleetId>,
    foreign_fleets: Vec<FleetId>,
    neighbours: Vec<WorldId>,
}

impl Proposer<'_, '_> {
    /// The orders proposed for world `world`: none when it is not the player's
    /// (see [`Proposer::send_here`] and `Z m` for the others).
    pub fn world(&self, world: WorldId) -> Vec<Proposal> {
        let mut out = Vec::new();
        if !self.is_mine_world(world) {
            if self.ctx.world_now(world).is_some() || self.ctx.knowledge().world(world).is_some() {
                Self::push(
                    &mut out,
                    Group::Stance,
                    "propose-no-ambush",
                    vec![],
                    self.judged(OrderKind::NoAmbush { world: Some(world) }),
                );
            }
            return out;
        }
        let (my_fleets, foreign_fleets) = self
            .fleets_at(world)
            .into_iter()
            .partition(|f| self.is_mine_fleet(*f));
        let scene = WorldScene {
            world,
            my_fleets,
            foreign_fleets,
            neighbours: self.neighbours(world),
        };

        self.world_constructions(&scene, &mut out);
        self.world_research(&scene, &mut out);
        self.world_spies(&scene, &mut out);
        self.world_emigration(&scene, &mut out);
        self.world_probes(&scene, &mut out);
        self.world_fire(&scene, &mut out);
        self.world_guard_transfers(&scene, &mut out);
        self.world_robots(&scene, &mut out);
        self.world_stance(&scene, &mut out);
        out
    }

    /// What the world builds: industries, VI, VP, population limit, robots, and VC and
    /// VT on each of the player's fleets here.
    fn world_constructions(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        for (construction, label) in [
            (Construction::Industries, "propose-build-industries"),
            (Construction::Vi, "propose-build-vi"),
            (Construction::Vp, "propose-build-vp"),
            (Construction::PopLimit, "propose-build-pop-limit"),
        ] {
            Self::push(
                out,
                Group::Build,
                label,
                vec![],
                self.build(world, construction, None),
            );
        }
        if self.class_is(Class::Robotron) {
            Self::push(
                out,
                Group::Build,
                "propose-build-robots",
                vec![],
                self.build(world, Construction::Robots, None),
            );
        }
        for &fleet in &scene.my_fleets {
            Self::push(
                out,
                Group::Build,
                "propose-build-vc",
                vec![("fleet", fleet.to_string())],
                self.build(world, Construction::Vc(fleet), None),
            );
            Self::push(
                out,
                Group::Build,
                "propose-build-vt",
                vec![("fleet", fleet.to_string())],
                self.build(world, Construction::Vt(fleet), None),
            );
        }
    }

    /// Research: what the next level still needs (at most the UP left).
    fn world_research(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        for tech in Tech::ALL {
            let needed = self.ctx.tech_line(tech).and_then(|fact| {
                let cost = fact.cost?;
                let spent: u32 = self
                    .draft
                    .iter()
                    .filter_map(|o| match o.kind {
                        OrderKind::Build {
                            count,
                            construction: Construction::Research(t),
                            ..
                        } if t == tech => Some(count),
                        _ => None,
                    })
                    .fold(0u32, u32::saturating_add);
                let invested = fact.invested.saturating_add(spent) % cost.max(1);
                Some(cost.saturating_sub(invested).max(1))
            });
            Self::push(
                out,
                Group::Research,
                "propose-research",
                vec![("tech", tech.keyword().to_string())],
                self.build(world, Construction::Research(tech), needed),
            );
        }
    }

    /// Spies, one entry per category.
    fn world_spies(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        for category in 1..=self.rules.spies.categories {
            Self::push(
                out,
                Group::Spies,
                "propose-spies",
                vec![("category", category.to_string())],
                self.build(world, Construction::Spies(category), None),
            );
        }
    }

    /// Emigration: one population to each neighbour.
    fn world_emigration(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        for &to in &scene.neighbours {
            let kind = OrderKind::Emigrate {
                world,
                count: 1,
                people: People::Pop,
                target: to,
            };
            let proposed = match self.affordable(world, self.rules.production.emigration_up) {
                Ok(_) => self.judged(kind),
                Err(reason) => (kind, Verdict::Disabled { reason }),
            };
            Self::push(
                out,
                Group::Emigrate,
                "propose-emigrate",
                vec![("world", to.to_string())],
                proposed,
            );
        }
    }

    /// Probes by one VI or VP.
    fn world_probes(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        for &to in &scene.neighbours {
            for guard in [Guard::Vi, Guard::Vp] {
                Self::push(
                    out,
                    Group::Probe,
                    "propose-probe-guard",
                    vec![
                        ("guard", guard.keyword().to_string()),
                        ("world", to.to_string()),
                    ],
                    self.judged(OrderKind::Probe {
                        prober: Prober::Guard(guard, world),
                        target: to,
                    }),
                );
            }
        }
    }

    /// Fire of the VP and VI at the foreign fleets here; VP at the people.
    fn world_fire(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        for conditional in [false, true] {
            let group = if conditional {
                Group::ConditionalFire
            } else {
                Group::Fire
            };
            for &fleet in &scene.foreign_fleets {
                Self::push(
                    out,
                    group,
                    "propose-fire-guard-fleet",
                    vec![("guard", "VP".to_string()), ("fleet", fleet.to_string())],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Vp {
                            world,
                            target: VpTarget::Fleet(fleet),
                        },
                    }),
                );
                Self::push(
                    out,
                    group,
                    "propose-fire-guard-fleet",
                    vec![("guard", "VI".to_string()), ("fleet", fleet.to_string())],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Vi { world, fleet },
                    }),
                );
            }
            // `VP M_m ? N` never triggers (G-70): left out.
            let mut people = vec![(VpTarget::Converts, "propose-fire-vp-converts")];
            if !conditional {
                people.insert(0, (VpTarget::NonConverts, "propose-fire-vp-non-converts"));
            }
            for (target, label) in people {
                Self::push(
                    out,
                    group,
                    label,
                    vec![],
                    self.judged(OrderKind::Fire {
                        conditional,
                        fire: Fire::Vp { world, target },
                    }),
                );
            }
        }
    }

    /// Transfers of the VI and VP, and the VI turned into industries.
    fn world_guard_transfers(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        let w = world.to_string();
        let vi = self.world_count(world, |k| k.vi());
        let vp = self.world_count(world, |k| k.vp());
        for (from, have) in [(Guard::Vi, vi), (Guard::Vp, vp)] {
            let mut targets = vec![(GuardTransfer::OtherGuard, "propose-guard-to-guard")];
            for &fleet in &scene.my_fleets {
                targets.push((GuardTransfer::Fleet(fleet), "propose-guard-to-fleet"));
                if self.class_is(Class::Merchant) {
                    targets.push((GuardTransfer::FleetAsVt(fleet), "propose-guard-to-vt"));
                }
            }
            for (to, label) in targets {
                let fleet = match to {
                    GuardTransfer::Fleet(f) | GuardTransfer::FleetAsVt(f) => f.to_string(),
                    GuardTransfer::OtherGuard => String::new(),
                };
                let make = move |count| OrderKind::GuardTransfer {
                    world,
                    count,
                    from,
                    to,
                };
                Self::push(
                    out,
                    Group::Transfer,
                    label,
                    vec![
                        ("from", from.keyword().to_string()),
                        ("to", from.other().keyword().to_string()),
                        ("fleet", fleet),
                    ],
                    self.available(&make, have, 1, format!("M_{w}"), from.keyword()),
                );
            }
        }
        let rate = match self.ctx.class {
            Some(class) => self.rules.vi_per_industry(class),
            None => Class::ALL
                .iter()
                .map(|c| self.rules.vi_per_industry(*c))
                .min()
                .unwrap_or(1),
        }
        .max(1);
        let make = move |count| OrderKind::ViToIndustries { world, count };
        Self::push(
            out,
            Group::Transfer,
            "propose-vi-to-industries",
            vec![],
            self.available(&make, vi, rate, format!("M_{w}"), "VI"),
        );
    }

    /// Robots turned into industries, VI, VP or VC (Robotron).
    fn world_robots(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        let w = world.to_string();
        if self.class_is(Class::Robotron) {
            let robots = self.world_count(world, |k| k.robots());
            let r = &self.rules.production.robots;
            let mut products = vec![
                (RobotProduct::Industries, r.per_industry, String::new()),
                (RobotProduct::Vi, r.per_ship, String::new()),
                (RobotProduct::Vp, r.per_ship, String::new()),
            ];
            for &fleet in &scene.my_fleets {
                products.push((RobotProduct::Vc(fleet), r.per_ship, fleet.to_string()));
            }
            for (product, per, fleet) in products {
                let per = per.max(1);
                let make = move |count: u32| OrderKind::TransformRobots {
                    world,
                    count: count.saturating_mul(per),
                    product,
                };
                let what = match product {
                    RobotProduct::Industries => "I",
                    RobotProduct::Vi => "VI",
                    RobotProduct::Vp => "VP",
                    RobotProduct::Vc(_) => "VC",
                };
                let (label, args) = if fleet.is_empty() {
                    ("propose-robots-into", vec![("what", what.to_string())])
                } else {
                    ("propose-robots-into-vc", vec![("fleet", fleet)])
                };
                Self::push(
                    out,
                    Group::Transfer,
                    label,
                    args,
                    self.available(&make, robots, per, format!("M_{w}"), "R"),
                );
            }
        }
    }

    /// Stance and gifts.
    fn world_stance(&self, scene: &WorldScene, out: &mut Vec<Proposal>) {
        let world = scene.world;
        Self::push(
            out,
            Group::Stance,
            "propose-pillage",
            vec![],
            self.judged(OrderKind::Pillage { world }),
        );
        self.push_gifts(out, |player| OrderKind::GiveWorld { world, player });
    }
}
