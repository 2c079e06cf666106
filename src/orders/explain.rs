//! One plain sentence per order, in French or English ("Le monde 127 construit 10
//! VC sur la flotte 57"). The sentences are Fluent messages `order-explain-*` of
//! `i18n/{fr,en}/orders.ftl`; the order syntax itself is never translated.

use crate::i18n::{Lang, tr_args};
use crate::model::Tech;

use super::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, OrderKind, People, PlayerRef, Prober, RobotProduct, UnloadGoods, VpTarget,
};

/// The sentence explaining `order` in `lang`.
pub fn explain(order: &OrderKind, lang: Lang) -> String {
    let (id, args) = message(order);
    let args: Vec<(&str, &str)> = args.iter().map(|(k, v)| (*k, v.as_str())).collect();
    tr_args(lang, id, &args)
}

/// The Fluent id of the explanation of `order` and its arguments.
pub fn message(order: &OrderKind) -> (&'static str, Vec<(&'static str, String)>) {
    use OrderKind as K;
    let mut args: Vec<(&'static str, String)> = Vec::new();
    let mut arg = |name: &'static str, value: String| args.push((name, value));
    let id = match order {
        K::Name { world, name } => {
            arg("world", world.to_string());
            arg("name", name.clone());
            "order-explain-name"
        }
        K::Declare {
            declaration,
            player,
        } => {
            arg("player", player_text(player));
            match declaration {
                Declaration::Ally => "order-explain-ally",
                Declaration::Enemy => "order-explain-enemy",
                Declaration::Loader => "order-explain-loader",
                Declaration::NonLoader => "order-explain-non-loader",
                Declaration::PopLoader => "order-explain-pop-loader",
                Declaration::NonPopLoader => "order-explain-non-pop-loader",
                Declaration::PopUnloader => "order-explain-pop-unloader",
                Declaration::NonPopUnloader => "order-explain-non-pop-unloader",
                Declaration::Jihad => "order-explain-jihad",
                Declaration::Pillager => "order-explain-pillager",
                Declaration::NonPillager => "order-explain-non-pillager",
            }
        }
        K::Peace { fleet } => {
            arg("fleet", fleet.to_string());
            "order-explain-peace"
        }
        K::War { fleet } => {
            arg("fleet", fleet.to_string());
            "order-explain-war"
        }
        K::NoAmbush { world: Some(world) } => {
            arg("world", world.to_string());
            "order-explain-no-ambush"
        }
        K::NoAmbush { world: None } => "order-explain-no-ambush-all",
        K::Probe { prober, target } => {
            arg("target", target.to_string());
            match prober {
                Prober::Guard(guard, world) => {
                    arg("world", world.to_string());
                    match guard {
                        Guard::Vi => "order-explain-probe-vi",
                        Guard::Vp => "order-explain-probe-vp",
                    }
                }
                Prober::Fleet(fleet) => {
                    arg("fleet", fleet.to_string());
                    "order-explain-probe-fleet"
                }
            }
        }
        K::Emigrate {
            world,
            count,
            people,
            target,
        } => {
            arg("world", world.to_string());
            arg("count", count.to_string());
            arg("target", target.to_string());
            match people {
                People::Pop => "order-explain-emigrate-p",
                People::Converts => "order-explain-emigrate-c",
                People::NonConverts => "order-explain-emigrate-n",
                People::Robots => "order-explain-emigrate-r",
            }
        }
        K::Build {
            world,
            count,
            construction,
        } => {
            arg("world", world.to_string());
            arg("count", count.to_string());
            match construction {
                Construction::Vc(fleet) => {
                    arg("fleet", fleet.to_string());
                    "order-explain-build-vc"
                }
                Construction::Vt(fleet) => {
                    arg("fleet", fleet.to_string());
                    "order-explain-build-vt"
                }
                Construction::Vi => "order-explain-build-vi",
                Construction::Vp => "order-explain-build-vp",
                Construction::Industries => "order-explain-build-i",
                Construction::PopLimit => "order-explain-build-p",
                Construction::Robots => "order-explain-build-r",
                Construction::Spies(category) => {
                    arg("category", category.to_string());
                    "order-explain-spies"
                }
                Construction::Research(tech) => match tech {
                    Tech::Dep => "order-explain-research-dep",
                    Tech::Att => "order-explain-research-att",
                    Tech::Def => "order-explain-research-def",
                    Tech::Rad => "order-explain-research-rad",
                    Tech::Car => "order-explain-research-car",
                    Tech::Ali => "order-explain-research-ali",
                },
            }
        }
        K::ViToIndustries { world, count } => {
            arg("world", world.to_string());
            arg("count", count.to_string());
            "order-explain-vi-to-industries"
        }
        K::TransformRobots {
            world,
            count,
            product,
        } => {
            arg("world", world.to_string());
            arg("count", count.to_string());
            match product {
                RobotProduct::Industries => {
                    arg("result", (count / 12).to_string());
                    "order-explain-robots-to-i"
                }
                RobotProduct::Vc(fleet) => {
                    arg("result", (count / 2).to_string());
                    arg("fleet", fleet.to_string());
                    "order-explain-robots-to-vc"
                }
                RobotProduct::Vi => {
                    arg("result", (count / 2).to_string());
                    "order-explain-robots-to-vi"
                }
                RobotProduct::Vp => {
                    arg("result", (count / 2).to_string());
                    "order-explain-robots-to-vp"
                }
            }
        }
        K::BuildBomb { fleet } => {
            arg("fleet", fleet.to_string());
            "order-explain-build-bomb"
        }
        K::Unload {
            fleet,
            count,
            goods,
        } => {
            arg("fleet", fleet.to_string());
            arg("count", optional(*count));
            match goods {
                UnloadGoods::Mp => "order-explain-unload-mp",
                UnloadGoods::Pc => "order-explain-unload-pc",
                UnloadGoods::People(People::Pop) => "order-explain-unload-p",
                UnloadGoods::People(People::NonConverts) => "order-explain-unload-n",
                UnloadGoods::People(People::Converts) => "order-explain-unload-c",
                UnloadGoods::People(People::Robots) => "order-explain-unload-r",
            }
        }
        K::DropTreasure { treasure } => {
            arg("treasure", treasure.to_string());
            "order-explain-drop-treasure"
        }
        K::GuardTransfer {
            world,
            count,
            from,
            to,
        } => {
            arg("world", world.to_string());
            arg("count", count.to_string());
            match (from, to) {
                (Guard::Vi, GuardTransfer::OtherGuard) => "order-explain-vi-to-vp",
                (Guard::Vp, GuardTransfer::OtherGuard) => "order-explain-vp-to-vi",
                (guard, GuardTransfer::Fleet(fleet)) => {
                    arg("fleet", fleet.to_string());
                    match guard {
                        Guard::Vi => "order-explain-vi-to-fleet",
                        Guard::Vp => "order-explain-vp-to-fleet",
                    }
                }
                (guard, GuardTransfer::FleetAsVt(fleet)) => {
                    arg("fleet", fleet.to_string());
                    match guard {
                        Guard::Vi => "order-explain-vi-to-vt",
                        Guard::Vp => "order-explain-vp-to-vt",
                    }
                }
            }
        }
        K::FleetTransfer {
            fleet,
            count,
            transfer,
        } => {
            arg("fleet", fleet.to_string());
            arg("count", count.to_string());
            match transfer {
                FleetTransfer::VcToGuard(Guard::Vi) => "order-explain-vc-to-vi",
                FleetTransfer::VcToGuard(Guard::Vp) => "order-explain-vc-to-vp",
                FleetTransfer::VcToFleet(target) => {
                    arg("target", target.to_string());
                    "order-explain-vc-to-fleet"
                }
                FleetTransfer::VtToFleet(target) => {
                    arg("target", target.to_string());
                    "order-explain-vt-to-fleet"
                }
                FleetTransfer::VcToVt => "order-explain-vc-to-vt",
                FleetTransfer::VcToVtOnFleet(target) => {
                    arg("target", target.to_string());
                    "order-explain-vc-to-vt-fleet"
                }
            }
        }
        K::Load {
            fleet,
            count,
            goods,
        } => {
            arg("fleet", fleet.to_string());
            arg("count", optional(*count));
            match goods {
                LoadGoods::Mp => "order-explain-load-mp",
                LoadGoods::People(People::Pop) => "order-explain-load-p",
                LoadGoods::People(People::NonConverts) => "order-explain-load-n",
                LoadGoods::People(People::Converts) => "order-explain-load-c",
                LoadGoods::People(People::Robots) => "order-explain-load-r",
            }
        }
        K::LoadTreasure { treasure, fleet } => {
            arg("treasure", treasure.to_string());
            arg("fleet", fleet.to_string());
            "order-explain-load-treasure"
        }
        K::Meva {
            fleet,
            count,
            target,
        } => {
            arg("fleet", fleet.to_string());
            arg("count", count.to_string());
            match target {
                MevaTarget::Population => "order-explain-meva-p",
                MevaTarget::Mining => "order-explain-meva-cm",
            }
        }
        K::Fire { conditional, fire } => {
            let (plain, conditioned) = match fire {
                Fire::Fleet { fleet, target } => {
                    arg("fleet", fleet.to_string());
                    match target {
                        FleetTarget::Fleet(target) => {
                            arg("target", target.to_string());
                            ("order-explain-fire-fleet", "order-explain-cfire-fleet")
                        }
                        FleetTarget::Protections => {
                            ("order-explain-fire-m", "order-explain-cfire-m")
                        }
                        FleetTarget::Population => {
                            ("order-explain-fire-p", "order-explain-cfire-p")
                        }
                        FleetTarget::Industries => {
                            ("order-explain-fire-i", "order-explain-cfire-i")
                        }
                    }
                }
                Fire::Vp { world, target } => {
                    arg("world", world.to_string());
                    match target {
                        VpTarget::Fleet(fleet) => {
                            arg("fleet", fleet.to_string());
                            (
                                "order-explain-vp-fire-fleet",
                                "order-explain-vp-cfire-fleet",
                            )
                        }
                        VpTarget::NonConverts => {
                            ("order-explain-vp-fire-n", "order-explain-vp-cfire-n")
                        }
                        VpTarget::Converts => {
                            ("order-explain-vp-fire-c", "order-explain-vp-cfire-c")
                        }
                    }
                }
                Fire::Vi { world, fleet } => {
                    arg("world", world.to_string());
                    arg("fleet", fleet.to_string());
                    (
                        "order-explain-vi-fire-fleet",
                        "order-explain-vi-cfire-fleet",
                    )
                }
            };
            if *conditional { conditioned } else { plain }
        }
        K::Move { fleet, route } => {
            arg("fleet", fleet.to_string());
            let (last, via) = route.split_last().map_or((0, &[][..]), |(l, v)| (*l, v));
            arg("to", last.to_string());
            arg("stops", via.len().to_string());
            let via: Vec<String> = via.iter().map(u32::to_string).collect();
            arg("via", via.join(", "));
            "order-explain-move"
        }
        K::DropBomb { fleet } => {
            arg("fleet", fleet.to_string());
            "order-explain-drop-bomb"
        }
        K::RobotAttack { fleet, count } => {
            arg("fleet", fleet.to_string());
            arg("count", count.to_string());
            arg("vc", (count / 2).to_string());
            "order-explain-robot-attack"
        }
        K::Pillage { world } => {
            arg("world", world.to_string());
            "order-explain-pillage"
        }
        K::GiveFleet { fleet, player } => {
            arg("fleet", fleet.to_string());
            arg("player", player_text(player));
            "order-explain-give-fleet"
        }
        K::GiveWorld { world, player } => {
            arg("world", world.to_string());
            arg("player", player_text(player));
            "order-explain-give-world"
        }
    };
    (id, args)
}

/// `3` or `"Miria"`.
fn player_text(player: &PlayerRef) -> String {
    player.to_string()
}

/// An optional quantity as a Fluent selector value: the number, or `all`.
fn optional(count: Option<u32>) -> String {
    count.map_or_else(|| "all".to_string(), |c| c.to_string())
}
