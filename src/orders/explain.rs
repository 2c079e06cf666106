//! One plain sentence per order, in French or English ("Le monde 127 construit 10
//! VC sur la flotte 57"). The sentences are Fluent messages `order-explain-*` of
//! `i18n/{fr,en}/orders.ftl`; the order syntax itself is never translated.
//!
//! [`message`] picks the sentence of an order and fills its arguments; one
//! function per family of orders, in the order of the turn (declarations,
//! probes, emigration, constructions, unloading, transfers, loading, MEVA,
//! fire, moves), builds it with a small `Sentence` builder.

use crate::i18n::{Lang, tr_args};
use crate::model::{FleetId, Tech, WorldId};

use super::ast::{
    Construction, Declaration, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods,
    MevaTarget, OrderKind, People, Prober, RobotProduct, UnloadGoods, VpTarget,
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
    let sentence = match order {
        K::Name { world, name } => Sentence::new("order-explain-name")
            .arg("world", world)
            .arg("name", name),
        K::Declare {
            declaration,
            player,
        } => Sentence::new(declaration_id(*declaration)).arg("player", player),
        K::Peace { fleet } => Sentence::new("order-explain-peace").arg("fleet", fleet),
        K::War { fleet } => Sentence::new("order-explain-war").arg("fleet", fleet),
        K::NoAmbush { world: Some(world) } => {
            Sentence::new("order-explain-no-ambush").arg("world", world)
        }
        K::NoAmbush { world: None } => Sentence::new("order-explain-no-ambush-all"),
        K::Probe { prober, target } => probe(*prober, *target),
        K::Emigrate {
            world,
            count,
            people,
            target,
        } => Sentence::new(emigration_id(*people))
            .arg("world", world)
            .arg("count", count)
            .arg("target", target),
        K::Build {
            world,
            count,
            construction,
        } => build(*world, *count, *construction),
        K::ViToIndustries { world, count } => Sentence::new("order-explain-vi-to-industries")
            .arg("world", world)
            .arg("count", count),
        K::TransformRobots {
            world,
            count,
            product,
        } => transform_robots(*world, *count, *product),
        K::BuildBomb { fleet } => Sentence::new("order-explain-build-bomb").arg("fleet", fleet),
        K::Unload {
            fleet,
            count,
            goods,
        } => Sentence::new(unload_id(*goods))
            .arg("fleet", fleet)
            .arg("count", optional(*count)),
        K::DropTreasure { treasure } => {
            Sentence::new("order-explain-drop-treasure").arg("treasure", treasure)
        }
        K::GuardTransfer {
            world,
            count,
            from,
            to,
        } => guard_transfer(*world, *count, *from, *to),
        K::FleetTransfer {
            fleet,
            count,
            transfer,
        } => fleet_transfer(*fleet, *count, *transfer),
        K::Load {
            fleet,
            count,
            goods,
        } => Sentence::new(load_id(*goods))
            .arg("fleet", fleet)
            .arg("count", optional(*count)),
        K::LoadTreasure { treasure, fleet } => Sentence::new("order-explain-load-treasure")
            .arg("treasure", treasure)
            .arg("fleet", fleet),
        K::Meva {
            fleet,
            count,
            target,
        } => Sentence::new(meva_id(*target))
            .arg("fleet", fleet)
            .arg("count", count),
        K::Fire { conditional, fire } => fire_sentence(*conditional, *fire),
        K::Move { fleet, route } => move_sentence(*fleet, route),
        K::DropBomb { fleet } => Sentence::new("order-explain-drop-bomb").arg("fleet", fleet),
        K::RobotAttack { fleet, count } => Sentence::new("order-explain-robot-attack")
            .arg("fleet", fleet)
            .arg("count", count)
            .arg("vc", count / 2),
        K::Pillage { world } => Sentence::new("order-explain-pillage").arg("world", world),
        K::GiveFleet { fleet, player } => Sentence::new("order-explain-give-fleet")
            .arg("fleet", fleet)
            .arg("player", player),
        K::GiveWorld { world, player } => Sentence::new("order-explain-give-world")
            .arg("world", world)
            .arg("player", player),
    };
    (sentence.id, sentence.args)
}

/// A sentence being built: its Fluent id and its arguments, in order
/// (`Sentence::new("order-explain-peace").arg("fleet", 57)`).
struct Sentence {
    id: &'static str,
    args: Vec<(&'static str, String)>,
}

impl Sentence {
    fn new(id: &'static str) -> Self {
        Sentence {
            id,
            args: Vec::new(),
        }
    }

    /// Adds an argument (`3` or `"Miria"` for a player: its order syntax).
    fn arg(mut self, name: &'static str, value: impl ToString) -> Self {
        self.args.push((name, value.to_string()));
        self
    }
}

/// An optional quantity as a Fluent selector value: the number, or `all`.
fn optional(count: Option<u32>) -> String {
    count.map_or_else(|| "all".to_string(), |c| c.to_string())
}

/// #2–#9, #14–#16.
fn declaration_id(declaration: Declaration) -> &'static str {
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

/// #17–#19.
fn probe(prober: Prober, target: WorldId) -> Sentence {
    match prober {
        Prober::Guard(guard, world) => Sentence::new(match guard {
            Guard::Vi => "order-explain-probe-vi",
            Guard::Vp => "order-explain-probe-vp",
        })
        .arg("target", target)
        .arg("world", world),
        Prober::Fleet(fleet) => Sentence::new("order-explain-probe-fleet")
            .arg("target", target)
            .arg("fleet", fleet),
    }
}

/// #20–#23.
fn emigration_id(people: People) -> &'static str {
    match people {
        People::Pop => "order-explain-emigrate-p",
        People::Converts => "order-explain-emigrate-c",
        People::NonConverts => "order-explain-emigrate-n",
        People::Robots => "order-explain-emigrate-r",
    }
}

/// #24–#28, #30, #31, #37–#43.
fn build(world: WorldId, count: u32, construction: Construction) -> Sentence {
    let id = match construction {
        Construction::Vc(_) => "order-explain-build-vc",
        Construction::Vt(_) => "order-explain-build-vt",
        Construction::Vi => "order-explain-build-vi",
        Construction::Vp => "order-explain-build-vp",
        Construction::Industries => "order-explain-build-i",
        Construction::PopLimit => "order-explain-build-p",
        Construction::Robots => "order-explain-build-r",
        Construction::Spies(_) => "order-explain-spies",
        Construction::Research(tech) => match tech {
            Tech::Dep => "order-explain-research-dep",
            Tech::Att => "order-explain-research-att",
            Tech::Def => "order-explain-research-def",
            Tech::Rad => "order-explain-research-rad",
            Tech::Car => "order-explain-research-car",
            Tech::Ali => "order-explain-research-ali",
        },
    };
    let sentence = Sentence::new(id).arg("world", world).arg("count", count);
    match construction {
        Construction::Vc(fleet) | Construction::Vt(fleet) => sentence.arg("fleet", fleet),
        Construction::Spies(category) => sentence.arg("category", category),
        _ => sentence,
    }
}

/// #32–#35.
fn transform_robots(world: WorldId, count: u32, product: RobotProduct) -> Sentence {
    let (id, result) = match product {
        RobotProduct::Industries => ("order-explain-robots-to-i", count / 12),
        RobotProduct::Vc(_) => ("order-explain-robots-to-vc", count / 2),
        RobotProduct::Vi => ("order-explain-robots-to-vi", count / 2),
        RobotProduct::Vp => ("order-explain-robots-to-vp", count / 2),
    };
    let sentence = Sentence::new(id)
        .arg("world", world)
        .arg("count", count)
        .arg("result", result);
    match product {
        RobotProduct::Vc(fleet) => sentence.arg("fleet", fleet),
        _ => sentence,
    }
}

/// #44–#49.
fn unload_id(goods: UnloadGoods) -> &'static str {
    match goods {
        UnloadGoods::Mp => "order-explain-unload-mp",
        UnloadGoods::Pc => "order-explain-unload-pc",
        UnloadGoods::People(People::Pop) => "order-explain-unload-p",
        UnloadGoods::People(People::NonConverts) => "order-explain-unload-n",
        UnloadGoods::People(People::Converts) => "order-explain-unload-c",
        UnloadGoods::People(People::Robots) => "order-explain-unload-r",
    }
}

/// #51–#54, #61, #62.
fn guard_transfer(world: WorldId, count: u32, from: Guard, to: GuardTransfer) -> Sentence {
    let id = match (from, to) {
        (Guard::Vi, GuardTransfer::OtherGuard) => "order-explain-vi-to-vp",
        (Guard::Vp, GuardTransfer::OtherGuard) => "order-explain-vp-to-vi",
        (Guard::Vi, GuardTransfer::Fleet(_)) => "order-explain-vi-to-fleet",
        (Guard::Vp, GuardTransfer::Fleet(_)) => "order-explain-vp-to-fleet",
        (Guard::Vi, GuardTransfer::FleetAsVt(_)) => "order-explain-vi-to-vt",
        (Guard::Vp, GuardTransfer::FleetAsVt(_)) => "order-explain-vp-to-vt",
    };
    let sentence = Sentence::new(id).arg("world", world).arg("count", count);
    match to {
        GuardTransfer::Fleet(fleet) | GuardTransfer::FleetAsVt(fleet) => {
            sentence.arg("fleet", fleet)
        }
        GuardTransfer::OtherGuard => sentence,
    }
}

/// #55–#60.
fn fleet_transfer(fleet: FleetId, count: u32, transfer: FleetTransfer) -> Sentence {
    let id = match transfer {
        FleetTransfer::VcToGuard(Guard::Vi) => "order-explain-vc-to-vi",
        FleetTransfer::VcToGuard(Guard::Vp) => "order-explain-vc-to-vp",
        FleetTransfer::VcToFleet(_) => "order-explain-vc-to-fleet",
        FleetTransfer::VtToFleet(_) => "order-explain-vt-to-fleet",
        FleetTransfer::VcToVt => "order-explain-vc-to-vt",
        FleetTransfer::VcToVtOnFleet(_) => "order-explain-vc-to-vt-fleet",
    };
    let sentence = Sentence::new(id).arg("fleet", fleet).arg("count", count);
    match transfer {
        FleetTransfer::VcToFleet(target)
        | FleetTransfer::VtToFleet(target)
        | FleetTransfer::VcToVtOnFleet(target) => sentence.arg("target", target),
        FleetTransfer::VcToGuard(_) | FleetTransfer::VcToVt => sentence,
    }
}

/// #63–#67.
fn load_id(goods: LoadGoods) -> &'static str {
    match goods {
        LoadGoods::Mp => "order-explain-load-mp",
        LoadGoods::People(People::Pop) => "order-explain-load-p",
        LoadGoods::People(People::NonConverts) => "order-explain-load-n",
        LoadGoods::People(People::Converts) => "order-explain-load-c",
        LoadGoods::People(People::Robots) => "order-explain-load-r",
    }
}

/// #69, #70.
fn meva_id(target: MevaTarget) -> &'static str {
    match target {
        MevaTarget::Population => "order-explain-meva-p",
        MevaTarget::Mining => "order-explain-meva-cm",
    }
}

/// #71–#86: the plain sentence, or the conditional one (`?`).
fn fire_sentence(conditional: bool, fire: Fire) -> Sentence {
    let pick = |(plain, conditioned): (&'static str, &'static str)| {
        Sentence::new(if conditional { conditioned } else { plain })
    };
    match fire {
        Fire::Fleet { fleet, target } => {
            let sentence = pick(match target {
                FleetTarget::Fleet(_) => ("order-explain-fire-fleet", "order-explain-cfire-fleet"),
                FleetTarget::Protections => ("order-explain-fire-m", "order-explain-cfire-m"),
                FleetTarget::Population => ("order-explain-fire-p", "order-explain-cfire-p"),
                FleetTarget::Industries => ("order-explain-fire-i", "order-explain-cfire-i"),
            })
            .arg("fleet", fleet);
            match target {
                FleetTarget::Fleet(target) => sentence.arg("target", target),
                _ => sentence,
            }
        }
        Fire::Vp { world, target } => {
            let sentence = pick(match target {
                VpTarget::Fleet(_) => (
                    "order-explain-vp-fire-fleet",
                    "order-explain-vp-cfire-fleet",
                ),
                VpTarget::NonConverts => ("order-explain-vp-fire-n", "order-explain-vp-cfire-n"),
                VpTarget::Converts => ("order-explain-vp-fire-c", "order-explain-vp-cfire-c"),
            })
            .arg("world", world);
            match target {
                VpTarget::Fleet(fleet) => sentence.arg("fleet", fleet),
                _ => sentence,
            }
        }
        Fire::Vi { world, fleet } => pick((
            "order-explain-vi-fire-fleet",
            "order-explain-vi-cfire-fleet",
        ))
        .arg("world", world)
        .arg("fleet", fleet),
    }
}

/// #87/#88: the destination, and the worlds passed through.
fn move_sentence(fleet: FleetId, route: &[WorldId]) -> Sentence {
    let (last, via) = route.split_last().map_or((0, &[][..]), |(l, v)| (*l, v));
    let via: Vec<String> = via.iter().map(u32::to_string).collect();
    Sentence::new("order-explain-move")
        .arg("fleet", fleet)
        .arg("to", last)
        .arg("stops", via.len())
        .arg("via", via.join(", "))
}
