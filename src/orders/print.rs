//! The canonical text of orders: upper-case keywords, `_` always between an entity
//! letter and its number (`M_127 C 10 VC F_57`), spaces around `:` and `*`, optional
//! quantities written only when given, and the `MM` movement form (`F_240 MM 48 304`).
//!
//! `parse_order(&kind.to_string()) == Ok(kind)` for every order (property-tested).

use std::fmt::{self, Display, Formatter, Write as _};

use super::ast::{
    Construction, Fire, FleetTarget, FleetTransfer, Guard, GuardTransfer, LoadGoods, MevaTarget,
    Order, OrderKind, PlayerRef, Prober, RobotProduct, UnloadGoods, VpTarget,
};
use super::envelope::split_envelope;
use super::parse::parse_line;

/// Ruling G-2 (Annexe): keywords are read case-insensitively; the printer always writes them in upper case.
impl Display for OrderKind {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        use OrderKind as K;
        match self {
            K::Name { world, name } => write!(f, "M_{world} = \"{name}\""),
            K::Declare {
                declaration,
                player,
            } => write!(f, "{} : {player}", declaration.keyword()),
            K::Peace { fleet } => write!(f, "F_{fleet} P"),
            K::War { fleet } => write!(f, "F_{fleet} G"),
            K::NoAmbush { world: Some(world) } => write!(f, "Z {world}"),
            K::NoAmbush { world: None } => write!(f, "Z"),
            K::Probe { prober, target } => match prober {
                Prober::Guard(guard, world) => {
                    write!(f, "{} M_{world} S M_{target}", guard.keyword())
                }
                Prober::Fleet(fleet) => write!(f, "F_{fleet} S M_{target}"),
            },
            K::Emigrate {
                world,
                count,
                people,
                target,
            } => write!(f, "M_{world} E {count} {} M_{target}", people.letter()),
            K::Build {
                world,
                count,
                construction,
            } => {
                write!(f, "M_{world} C {count} ")?;
                construction_text(f, *construction)
            }
            K::ViToIndustries { world, count } => write!(f, "VI M_{world} C {count} I"),
            K::TransformRobots {
                world,
                count,
                product,
            } => {
                write!(f, "M_{world} T {count} R ")?;
                robot_product_text(f, *product)
            }
            K::BuildBomb { fleet } => write!(f, "F_{fleet} C BOMBE"),
            K::Unload {
                fleet,
                count,
                goods,
            } => write!(
                f,
                "F_{fleet} D {}{}",
                Quantity(*count),
                unload_keyword(*goods)
            ),
            K::DropTreasure { treasure } => write!(f, "T_{treasure} M"),
            K::GuardTransfer {
                world,
                count,
                from,
                to,
            } => {
                write!(f, "M_{world} T {count} {} ", from.keyword())?;
                guard_transfer_text(f, *from, *to)
            }
            K::FleetTransfer {
                fleet,
                count,
                transfer,
            } => {
                write!(f, "F_{fleet} T {count} ")?;
                fleet_transfer_text(f, *transfer)
            }
            K::Load {
                fleet,
                count,
                goods,
            } => {
                write!(f, "F_{fleet} C {}", Quantity(*count))?;
                match goods {
                    LoadGoods::Mp => f.write_str("MP"),
                    LoadGoods::People(people) => f.write_str(people.letter()),
                }
            }
            K::LoadTreasure { treasure, fleet } => write!(f, "T_{treasure} F_{fleet}"),
            K::Meva {
                fleet,
                count,
                target,
            } => write!(f, "F_{fleet} E {count} VC {}", meva_keyword(*target)),
            K::Fire { conditional, fire } => fire_text(f, *conditional, *fire),
            K::Move { fleet, route } => {
                write!(f, "F_{fleet} MM")?;
                for world in route {
                    write!(f, " {world}")?;
                }
                Ok(())
            }
            K::DropBomb { fleet } => write!(f, "F_{fleet} L BOMBE"),
            K::RobotAttack { fleet, count } => write!(f, "F_{fleet} T {count} R"),
            K::Pillage { world } => write!(f, "M_{world} P"),
            K::GiveFleet { fleet, player } => write!(f, "F_{fleet} C : {player}"),
            K::GiveWorld { world, player } => write!(f, "M_{world} C : {player}"),
        }
    }
}

/// What `M_m C x` builds: `VC F_57`, `VI`, `E 3`, `DEP` ….
fn construction_text(f: &mut Formatter<'_>, construction: Construction) -> fmt::Result {
    match construction {
        Construction::Vc(fleet) => write!(f, "VC F_{fleet}"),
        Construction::Vt(fleet) => write!(f, "VT F_{fleet}"),
        Construction::Vi => f.write_str("VI"),
        Construction::Vp => f.write_str("VP"),
        Construction::Industries => f.write_str("I"),
        Construction::PopLimit => f.write_str("P"),
        Construction::Robots => f.write_str("R"),
        Construction::Spies(category) => write!(f, "E {category}"),
        Construction::Research(tech) => f.write_str(tech.keyword()),
    }
}

/// What `F_f D (x)` unloads: `MP`, `PC`, `P`, `N`, `C`, `R`.
fn unload_keyword(goods: UnloadGoods) -> &'static str {
    match goods {
        UnloadGoods::Mp => "MP",
        UnloadGoods::Pc => "PC",
        UnloadGoods::People(people) => people.letter(),
    }
}

/// What a MEVA sacrifices its VC for: `P` (population) or `CM` (mining).
fn meva_keyword(target: MevaTarget) -> &'static str {
    match target {
        MevaTarget::Population => "P",
        MevaTarget::Mining => "CM",
    }
}

/// What `M_m T x R` makes of the robots: `I`, `F_57` (VC), `VI`, `VP`.
fn robot_product_text(f: &mut Formatter<'_>, product: RobotProduct) -> fmt::Result {
    match product {
        RobotProduct::Industries => f.write_str("I"),
        RobotProduct::Vc(fleet) => write!(f, "F_{fleet}"),
        RobotProduct::Vi => f.write_str("VI"),
        RobotProduct::Vp => f.write_str("VP"),
    }
}

/// Where `VI M_m T x` / `VP M_m T x` sends the ships: the other group, a fleet
/// (as VC), or a fleet as VT.
fn guard_transfer_text(f: &mut Formatter<'_>, from: Guard, to: GuardTransfer) -> fmt::Result {
    match to {
        GuardTransfer::OtherGuard => f.write_str(from.other().keyword()),
        GuardTransfer::Fleet(fleet) => write!(f, "F_{fleet}"),
        GuardTransfer::FleetAsVt(fleet) => write!(f, "VT F_{fleet}"),
    }
}

/// What `F_f T x` moves, and where.
fn fleet_transfer_text(f: &mut Formatter<'_>, transfer: FleetTransfer) -> fmt::Result {
    match transfer {
        FleetTransfer::VcToGuard(Guard::Vi) => f.write_str("VC VI"),
        FleetTransfer::VcToGuard(Guard::Vp) => f.write_str("VC VP"),
        FleetTransfer::VcToFleet(target) => write!(f, "VC F_{target}"),
        FleetTransfer::VtToFleet(target) => write!(f, "VT F_{target}"),
        FleetTransfer::VcToVt => f.write_str("VC VT"),
        FleetTransfer::VcToVtOnFleet(target) => write!(f, "VC VT F_{target}"),
    }
}

/// A fire order: `*` (or `?`, conditional) between the shooter and the target.
fn fire_text(f: &mut Formatter<'_>, conditional: bool, fire: Fire) -> fmt::Result {
    let star = if conditional { '?' } else { '*' };
    match fire {
        Fire::Fleet { fleet, target } => {
            write!(f, "F_{fleet} {star} ")?;
            match target {
                FleetTarget::Fleet(target) => write!(f, "F_{target}"),
                FleetTarget::Protections => f.write_str("M"),
                FleetTarget::Population => f.write_str("P"),
                FleetTarget::Industries => f.write_str("I"),
            }
        }
        Fire::Vp { world, target } => {
            write!(f, "VP M_{world} {star} ")?;
            match target {
                VpTarget::Fleet(fleet) => write!(f, "F_{fleet}"),
                VpTarget::NonConverts => f.write_str("N"),
                VpTarget::Converts => f.write_str("C"),
            }
        }
        Fire::Vi { world, fleet } => write!(f, "VI M_{world} {star} F_{fleet}"),
    }
}

impl Display for PlayerRef {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            PlayerRef::Number(player) => write!(f, "{player}"),
            PlayerRef::Name(name) => write!(f, "\"{name}\""),
        }
    }
}

impl Display for Order {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        self.kind.fmt(f)
    }
}

/// An optional quantity followed by a space, or nothing.
struct Quantity(Option<u32>);

impl Display for Quantity {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(count) => write!(f, "{count} "),
            None => Ok(()),
        }
    }
}

/// An order file: one canonical order per line, each line ended by a newline.
pub fn print_orders<'a>(orders: impl IntoIterator<Item = &'a OrderKind>) -> String {
    let mut out = String::new();
    for order in orders {
        let _ = writeln!(out, "{order}");
    }
    out
}

/// The text with every readable order rewritten in canonical form and everything
/// else kept as written — comments, blank lines, the mail envelope, and the lines
/// that cannot be read, so that nothing the player wrote is lost. A `;` comment
/// stays after its order, one space apart. Line ends become `\n`.
///
/// `parse_orders(&format_orders(t))` reads the same orders as `parse_orders(t)`,
/// and formatting twice changes nothing more.
pub fn format_orders(text: &str) -> String {
    let text = text.trim_start_matches('\u{feff}');
    let split = split_envelope(text);
    let mut out = String::with_capacity(text.len());
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let line = line.trim_end_matches('\r');
        let line_no = i as u32 + 1;
        let parsed = split.in_body(line_no).then(|| parse_line(line, line_no));
        match parsed.and_then(|p| p.order.map(|o| (o, p.comment))) {
            Some((order, comment)) => {
                let _ = write!(out, "{order}");
                if let Some(comment) = comment {
                    out.push(' ');
                    out.push_str(&comment.text);
                }
            }
            None => out.push_str(line),
        }
    }
    out
}
