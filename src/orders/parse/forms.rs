//! The grammar of the order table (catalog §2): one method per form, the
//! world's, the fleet's, the treasure's, the guard ships', the declarations.

use super::parser::Parser;
use super::*;

impl Parser<'_> {
    pub(super) fn order(&mut self) -> Option<OrderKind> {
        let Some(first) = self.peek() else {
            self.miss(LEADING, "order-next-start");
            return None;
        };
        let key = first.key.as_str();
        if first.kind == TokKind::Word {
            match key {
                "M" => {
                    self.pos += 1;
                    let world = self.id("m", "order-next-world-number")?;
                    return self.world_order(world);
                }
                "F" => {
                    self.pos += 1;
                    let fleet = self.id("f", "order-next-fleet-number")?;
                    return self.fleet_order(fleet);
                }
                "T" => {
                    self.pos += 1;
                    let treasure = self.id("t", "order-next-treasure-number")?;
                    return self.treasure_order(treasure);
                }
                "VI" => {
                    self.pos += 1;
                    return self.guard_order(Guard::Vi);
                }
                "VP" => {
                    self.pos += 1;
                    return self.guard_order(Guard::Vp);
                }
                "Z" => {
                    self.pos += 1;
                    return self.no_ambush();
                }
                _ => {
                    if let Some(declaration) = Declaration::from_keyword(key) {
                        self.pos += 1;
                        return self.declaration(declaration);
                    }
                }
            }
        }
        self.miss(LEADING, "order-next-start");
        None
    }

    /// `X : j`.
    ///
    /// Ruling G-6 (Annexe): spaces around `:` are optional (`A : 3`, `A:3`, `M_5 C:3`).
    fn declaration(&mut self, declaration: Declaration) -> Option<OrderKind> {
        self.eat(":", "order-next-declaration")?;
        let player = self.player()?;
        self.end()?;
        Some(OrderKind::Declare {
            declaration,
            player,
        })
    }

    /// `Z`, `Z m`.
    ///
    /// Ruling G-4 (VII.3.5): the world of `Z` may be written bare or as a world: `Z 12`, `Z M_12` and `Z M12` are the same order.
    fn no_ambush(&mut self) -> Option<OrderKind> {
        const SLOT: &str = "order-next-ambush-world";
        let world = if self.at_num() {
            Some(self.id("m", SLOT)?)
        } else if self.at("M") {
            Some(self.world(SLOT)?)
        } else {
            self.miss(&["m"], SLOT);
            None
        };
        self.end()?;
        Some(OrderKind::NoAmbush { world })
    }

    fn world_order(&mut self, world: u32) -> Option<OrderKind> {
        let kind = match self.choose(&["=", "E", "C", "T", "P"], "order-next-world-verb")? {
            "=" => {
                let Some(token) = self.peek().filter(|t| t.kind == TokKind::Quoted) else {
                    self.miss(&["\"Nom\""], "order-next-world-name");
                    return None;
                };
                if let Some(at) = token.text.chars().position(|c| c == '@') {
                    let col = token.col + 1 + at as u32;
                    self.set_fatal(Diagnostic::error(
                        "order-name-forbidden-char",
                        Span::new(self.line, col, col + 1),
                    ));
                    return None;
                }
                self.pos += 1;
                OrderKind::Name {
                    world,
                    name: token.text.clone(),
                }
            }
            "E" => {
                let count = self.quantity(&[], "order-next-emigrants")?;
                let people = self.people()?;
                let target = self.world("order-next-emigration-target")?;
                OrderKind::Emigrate {
                    world,
                    count,
                    people,
                    target,
                }
            }
            "C" => {
                if self.at(":") {
                    self.pos += 1;
                    let player = self.player()?;
                    OrderKind::GiveWorld { world, player }
                } else {
                    let count = self.quantity(&[":"], "order-next-build-count")?;
                    let construction = self.construction()?;
                    OrderKind::Build {
                        world,
                        count,
                        construction,
                    }
                }
            }
            "T" => {
                let count = self.quantity(&[], "order-next-transform-count")?;
                match self.choose(&["R", "VI", "VP"], "order-next-transform-what")? {
                    "R" => {
                        const SLOT: &str = "order-next-robot-product";
                        let product = if self.at("F") {
                            RobotProduct::Vc(self.fleet(SLOT)?)
                        } else {
                            match self.choose(&["I", "VI", "VP", "F_f"], SLOT)? {
                                "I" => RobotProduct::Industries,
                                "VI" => RobotProduct::Vi,
                                _ => RobotProduct::Vp,
                            }
                        };
                        OrderKind::TransformRobots {
                            world,
                            count,
                            product,
                        }
                    }
                    guard => {
                        let from = if guard == "VI" { Guard::Vi } else { Guard::Vp };
                        let slot = match from {
                            Guard::Vi => "order-next-vi-transfer",
                            Guard::Vp => "order-next-vp-transfer",
                        };
                        let to = if self.at("F") {
                            GuardTransfer::Fleet(self.fleet(slot)?)
                        } else {
                            match self.choose(&[from.other().keyword(), "VT", "F_f"], slot)? {
                                "VT" => {
                                    GuardTransfer::FleetAsVt(self.fleet("order-next-vt-fleet")?)
                                }
                                _ => GuardTransfer::OtherGuard,
                            }
                        };
                        OrderKind::GuardTransfer {
                            world,
                            count,
                            from,
                            to,
                        }
                    }
                }
            }
            _ => OrderKind::Pillage { world },
        };
        self.end()?;
        Some(kind)
    }

    /// What follows `M_m C x`.
    fn construction(&mut self) -> Option<Construction> {
        let keyword = self.choose(
            &[
                "VC", "VT", "VI", "VP", "I", "P", "R", "E", "DEP", "ATT", "DEF", "RAD", "CAR",
                "ALI",
            ],
            "order-next-construction",
        )?;
        Some(match keyword {
            "VC" => Construction::Vc(self.fleet("order-next-build-fleet")?),
            "VT" => Construction::Vt(self.fleet("order-next-build-fleet")?),
            "VI" => Construction::Vi,
            "VP" => Construction::Vp,
            "I" => Construction::Industries,
            "P" => Construction::PopLimit,
            "R" => Construction::Robots,
            "E" => Construction::Spies(self.id("y", "order-next-spy-category")?),
            tech => Construction::Research(Tech::from_keyword(tech)?),
        })
    }

    fn people(&mut self) -> Option<People> {
        let letter = self.choose(&["P", "C", "N", "R"], "order-next-emigrant-kind")?;
        People::from_letter(letter)
    }

    fn fleet_order(&mut self, fleet: u32) -> Option<OrderKind> {
        let verb = self.choose(
            &["P", "G", "S", "C", "D", "E", "T", "*", "?", "MM", "M", "L"],
            "order-next-fleet-verb",
        )?;
        let kind = match verb {
            "P" => OrderKind::Peace { fleet },
            "G" => OrderKind::War { fleet },
            "S" => OrderKind::Probe {
                prober: Prober::Fleet(fleet),
                target: self.world("order-next-probe-target")?,
            },
            "C" => self.fleet_give_build_or_load(fleet)?,
            "D" => self.fleet_unload(fleet)?,
            "E" => self.fleet_meva(fleet)?,
            "T" => self.fleet_transfer_or_attack(fleet)?,
            "*" | "?" => self.fleet_fire(fleet, verb == "?")?,
            "MM" => {
                let mut route = Vec::new();
                while self.at_num() {
                    route.push(self.id("m", "order-next-route")?);
                }
                if self.at("M") {
                    return self.mixed_route(fleet, route);
                }
                if route.is_empty() {
                    self.miss(&["m"], "order-next-route");
                    return None;
                }
                self.miss(&["m"], "order-next-route-more");
                OrderKind::Move { fleet, route }
            }
            "M" => {
                let mut route = vec![self.id("m", "order-next-route")?];
                loop {
                    if self.at("M") {
                        self.pos += 1;
                        route.push(self.id("m", "order-next-route")?);
                    } else if self.at_num() {
                        return self.mixed_route(fleet, route);
                    } else {
                        break;
                    }
                }
                self.miss(&["M_m"], "order-next-route-more");
                OrderKind::Move { fleet, route }
            }
            _ => {
                self.eat("BOMBE", "order-next-bomb")?;
                OrderKind::DropBomb { fleet }
            }
        };
        self.end()?;
        Some(kind)
    }

    /// `F_f C : j`, `F_f C BOMBE` or `F_f C (x) MP|P|N|C|R`.
    fn fleet_give_build_or_load(&mut self, fleet: u32) -> Option<OrderKind> {
        Some(if self.at(":") {
            self.pos += 1;
            let player = self.player()?;
            OrderKind::GiveFleet { fleet, player }
        } else if self.at("BOMBE") {
            self.pos += 1;
            OrderKind::BuildBomb { fleet }
        } else {
            self.miss(&[":", "BOMBE"], "order-next-fleet-load");
            let count = self.optional_quantity("order-next-fleet-load")?;
            let goods = match self.choose(&["MP", "P", "N", "C", "R"], "order-next-load-goods")? {
                "MP" => LoadGoods::Mp,
                letter => LoadGoods::People(People::from_letter(letter)?),
            };
            OrderKind::Load {
                fleet,
                count,
                goods,
            }
        })
    }

    /// `F_f D (x) MP|PC|P|N|C|R`.
    fn fleet_unload(&mut self, fleet: u32) -> Option<OrderKind> {
        let count = self.optional_quantity("order-next-fleet-unload")?;
        let goods =
            match self.choose(&["MP", "PC", "P", "N", "C", "R"], "order-next-unload-goods")? {
                "MP" => UnloadGoods::Mp,
                "PC" => UnloadGoods::Pc,
                letter => UnloadGoods::People(People::from_letter(letter)?),
            };
        Some(OrderKind::Unload {
            fleet,
            count,
            goods,
        })
    }

    /// `F_f E x VC P|CM`.
    fn fleet_meva(&mut self, fleet: u32) -> Option<OrderKind> {
        let count = self.quantity(&[], "order-next-meva-count")?;
        self.eat("VC", "order-next-meva-vc")?;
        let target = match self.choose(&["P", "CM"], "order-next-meva-target")? {
            "P" => MevaTarget::Population,
            _ => MevaTarget::Mining,
        };
        Some(OrderKind::Meva {
            fleet,
            count,
            target,
        })
    }

    /// `F_f T x VC …`, `F_f T x VT F_g` or `F_f T x R` (robot attack).
    fn fleet_transfer_or_attack(&mut self, fleet: u32) -> Option<OrderKind> {
        let count = self.quantity(&[], "order-next-fleet-transfer-count")?;
        Some(
            match self.choose(&["VC", "VT", "R"], "order-next-fleet-transfer-what")? {
                "VC" => {
                    const SLOT: &str = "order-next-vc-transfer";
                    let transfer = if self.at("F") {
                        FleetTransfer::VcToFleet(self.fleet(SLOT)?)
                    } else {
                        match self.choose(&["VI", "VP", "VT", "F_f"], SLOT)? {
                            "VI" => FleetTransfer::VcToGuard(Guard::Vi),
                            "VP" => FleetTransfer::VcToGuard(Guard::Vp),
                            _ => {
                                const VT: &str = "order-next-vt-fleet-optional";
                                if self.at("F") {
                                    FleetTransfer::VcToVtOnFleet(self.fleet(VT)?)
                                } else {
                                    self.miss(&["F_f"], VT);
                                    FleetTransfer::VcToVt
                                }
                            }
                        }
                    };
                    OrderKind::FleetTransfer {
                        fleet,
                        count,
                        transfer,
                    }
                }
                "VT" => OrderKind::FleetTransfer {
                    fleet,
                    count,
                    transfer: FleetTransfer::VtToFleet(self.fleet("order-next-vt-fleet")?),
                },
                _ => OrderKind::RobotAttack { fleet, count },
            },
        )
    }

    /// `F_f * target`, or `F_f ? target` when `conditional`.
    fn fleet_fire(&mut self, fleet: u32, conditional: bool) -> Option<OrderKind> {
        const SLOT: &str = "order-next-fire-target";
        let target = if self.at("F") {
            FleetTarget::Fleet(self.fleet(SLOT)?)
        } else {
            match self.choose(&["M", "P", "I", "F_f"], SLOT)? {
                "M" => FleetTarget::Protections,
                "P" => FleetTarget::Population,
                _ => FleetTarget::Industries,
            }
        };
        Some(OrderKind::Fire {
            conditional,
            fire: Fire::Fleet { fleet, target },
        })
    }

    /// A route mixing the two syntaxes (`F_5 M_48 304`, `F_5 MM 48 M_304`): an
    /// error whose fix is the canonical order, when the rest is a route.
    fn mixed_route(&mut self, fleet: u32, mut route: Vec<u32>) -> Option<OrderKind> {
        let start = self.peek().map_or(1, |t| t.col);
        while self.pos < self.tokens.len() {
            if self.at("M") && self.peek_at(1).is_some_and(|t| t.kind == TokKind::Num) {
                self.pos += 1;
            }
            if !self.at_num() {
                self.miss(&["m", "M_m"], "order-next-route-more");
                return None;
            }
            route.push(self.id("m", "order-next-route")?);
        }
        let end = self.tokens.last().map_or(start, |t| t.end);
        let fix = OrderKind::Move { fleet, route }.to_string();
        self.set_fatal(
            Diagnostic::error("order-route-mixed", Span::new(self.line, start, end))
                .arg("fix", fix),
        );
        None
    }

    fn treasure_order(&mut self, treasure: u32) -> Option<OrderKind> {
        let kind = if self.at("F") {
            OrderKind::LoadTreasure {
                treasure,
                fleet: self.fleet("order-next-treasure-verb")?,
            }
        } else {
            self.choose(&["M", "F_f"], "order-next-treasure-verb")?;
            OrderKind::DropTreasure { treasure }
        };
        self.end()?;
        Some(kind)
    }

    /// `VI M_m …` and `VP M_m …`.
    fn guard_order(&mut self, guard: Guard) -> Option<OrderKind> {
        let world = self.world("order-next-guard-world")?;
        let (verbs, slot): (&[&'static str], _) = match guard {
            Guard::Vi => (&["S", "C", "*", "?"], "order-next-vi-verb"),
            Guard::Vp => (&["S", "*", "?"], "order-next-vp-verb"),
        };
        let kind = match self.choose(verbs, slot)? {
            "S" => OrderKind::Probe {
                prober: Prober::Guard(guard, world),
                target: self.world("order-next-probe-target")?,
            },
            "C" => {
                let count = self.quantity(&[], "order-next-industries-count")?;
                self.eat("I", "order-next-industries-word")?;
                OrderKind::ViToIndustries { world, count }
            }
            verb => {
                let fire = match guard {
                    Guard::Vi => Fire::Vi {
                        world,
                        fleet: self.fleet("order-next-fire-fleet")?,
                    },
                    Guard::Vp => {
                        const SLOT: &str = "order-next-vp-fire-target";
                        let target = if self.at("F") {
                            VpTarget::Fleet(self.fleet(SLOT)?)
                        } else {
                            match self.choose(&["N", "C", "F_f"], SLOT)? {
                                "N" => VpTarget::NonConverts,
                                _ => VpTarget::Converts,
                            }
                        };
                        Fire::Vp { world, target }
                    }
                };
                OrderKind::Fire {
                    conditional: verb == "?",
                    fire,
                }
            }
        };
        self.end()?;
        Some(kind)
    }
}
