//! How values of a [`TurnView`](crate::model::view::TurnView) are written in the tables and the inspector. An
//! unknown value (`None`) is always written [`UNKNOWN`], never 0. The CR's own
//! notation (`M_127`, `F_57`, `*F_204`, `71 (100)`) is kept: it is what players read.

use crate::model::view::{
    CargoView, FireMark, FleetEvent, FleetView, Origin, OwnerView, PopKind, WorldEvent, WorldView,
};

/// How an unknown value is shown.
pub const UNKNOWN: &str = "?";

/// A number, or [`UNKNOWN`].
pub fn opt<T: ToString>(value: Option<T>) -> String {
    value.map_or_else(|| UNKNOWN.to_string(), |v| v.to_string())
}

/// `M_15`, `Md_127` (start world), `M#51` (bombed), as the CR writes it.
pub fn world_id(world: &WorldView) -> String {
    if world.start_world {
        format!("Md_{}", world.id)
    } else if world.bombed {
        format!("M#{}", world.id)
    } else {
        format!("M_{}", world.id)
    }
}

/// `F_57`, `F#48` (carries the bomb).
pub fn fleet_id(fleet: &FleetView) -> String {
    if fleet.bomb {
        format!("F#{}", fleet.id)
    } else {
        format!("F_{}", fleet.id)
    }
}

/// The owner of a world for a table cell: the name, `-` for a neutral world,
/// [`UNKNOWN`] when unknown.
pub fn world_owner(owner: Option<&OwnerView>) -> String {
    match owner {
        None => UNKNOWN.to_string(),
        Some(OwnerView { name: None, .. }) => "-".to_string(),
        Some(OwnerView {
            name: Some(name), ..
        }) => name.to_string(),
    }
}

/// The owner of a fleet for a table cell: `Name`, `(Name)` at peace as on the CR.
pub fn fleet_owner(fleet: &FleetView) -> String {
    match (&fleet.owner, fleet.at_peace) {
        (None, _) => UNKNOWN.to_string(),
        (Some(name), Some(true)) => format!("({name})"),
        (Some(name), _) => name.to_string(),
    }
}

/// Industries: `30`, `12/30` (12 of 30 can produce).
pub fn industries(world: &WorldView) -> String {
    match (world.active_industries(), world.industries()) {
        (_, None) => UNKNOWN.to_string(),
        (Some(active), Some(total)) if active != total => format!("{active}/{total}"),
        (_, Some(total)) => total.to_string(),
    }
}

/// Population and its limit: `71 (100)`, `25R (167)`, `? (100)`.
pub fn population(world: &WorldView) -> String {
    let robots = world.robots().filter(|r| *r > 0);
    let count = match (world.population(), robots) {
        (Some(p), Some(r)) if p > 0 => format!("{p}+{r}R"),
        (_, Some(r)) => format!("{r}R"),
        (p, None) => opt(p),
    };
    match world.pop_limit() {
        Some(limit) => format!("{count} ({limit})"),
        None => count,
    }
}

/// MP stock and mining: `12 (+3)`.
pub fn mp(world: &WorldView) -> String {
    match world.mining() {
        Some(mining) => format!("{} (+{mining})", opt(world.mp())),
        None => opt(world.mp()),
    }
}

/// Ships of a fleet: `3+2T`, `12`, `2T`, `24?` (split unknown), as the CR writes it.
pub fn ships(fleet: &FleetView) -> String {
    match (fleet.vc, fleet.vt, fleet.total) {
        (Some(vc), Some(0), _) => vc.to_string(),
        (Some(0), Some(vt), _) => format!("{vt}T"),
        (Some(vc), Some(vt), _) => format!("{vc}+{vt}T"),
        (_, _, Some(total)) => format!("{total}?"),
        _ => UNKNOWN.to_string(),
    }
}

/// Cargo: `3 MP, 2N`, `-` when empty, [`UNKNOWN`] when hidden.
pub fn cargo(cargo: Option<&CargoView>) -> String {
    let Some(cargo) = cargo else {
        return UNKNOWN.to_string();
    };
    let mut parts = Vec::new();
    if cargo.mp > 0 {
        parts.push(format!("{} MP", cargo.mp));
    }
    for (count, letter) in [(cargo.n, "N"), (cargo.c, "C"), (cargo.r, "R")] {
        if count > 0 {
            parts.push(format!("{count}{letter}"));
        }
    }
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(", ")
    }
}

/// A fire marker as the CR writes it: `*F_43`, `*M`, `**`.
pub fn fire_mark(mark: FireMark) -> String {
    match mark {
        FireMark::Fleet(id) => format!("*F_{id}"),
        FireMark::Protections => "*M".into(),
        FireMark::Population => "*P".into(),
        FireMark::Industries => "*I".into(),
        FireMark::NonConverts => "*N".into(),
        FireMark::Converts => "*C".into(),
        FireMark::RobotAttack => "*R".into(),
        FireMark::Bomb => "*B".into(),
        FireMark::Ambush => "**".into(),
    }
}

/// The message id describing a fire marker.
pub fn fire_mark_message(mark: FireMark) -> &'static str {
    match mark {
        FireMark::Fleet(_) => "gui-fire-fleet",
        FireMark::Protections => "gui-fire-protections",
        FireMark::Population => "gui-fire-population",
        FireMark::Industries => "gui-fire-industries",
        FireMark::NonConverts => "gui-fire-non-converts",
        FireMark::Converts => "gui-fire-converts",
        FireMark::RobotAttack => "gui-fire-robots",
        FireMark::Bomb => "gui-fire-bomb",
        FireMark::Ambush => "gui-fire-ambush",
    }
}

pub fn world_event_message(event: WorldEvent) -> &'static str {
    match event {
        WorldEvent::Captured => "gui-event-captured",
        WorldEvent::Gift => "gui-event-gift",
        WorldEvent::Pillaged => "gui-event-pillaged",
    }
}

pub fn fleet_event_message(event: FleetEvent) -> &'static str {
    match event {
        FleetEvent::Gift => "gui-event-gift",
        FleetEvent::UnloadedPc => "gui-event-unloaded-pc",
        FleetEvent::Pirated => "gui-event-pirated",
        FleetEvent::Captured => "gui-event-captured",
    }
}

/// `M_124`, or `M_?` for an unknown origin.
pub fn origin(origin: Origin) -> String {
    match origin {
        Origin::World(id) => format!("M_{id}"),
        Origin::Unknown => "M_?".into(),
    }
}

/// `{-6P}`-style deaths list: `-6P -2C`.
pub fn deaths(world: &WorldView) -> String {
    world
        .deaths()
        .iter()
        .map(|d| {
            let letter = match d.kind {
                PopKind::NonConverts => "P",
                PopKind::Converts => "C",
                PopKind::Robots => "R",
            };
            format!("-{}{letter}", d.count)
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Growth rate in tenths of a percent → `+17.5%`.
pub fn growth(tenths: u32) -> String {
    if tenths.is_multiple_of(10) {
        format!("+{}%", tenths / 10)
    } else {
        format!("+{}.{}%", tenths / 10, tenths % 10)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::view::Count;

    #[test]
    fn unknown_is_a_question_mark_never_zero() {
        let world = WorldView::default();
        assert_eq!(industries(&world), "?");
        assert_eq!(population(&world), "?");
        assert_eq!(mp(&world), "?");
        assert_eq!(world_owner(None), "?");
        let fleet = FleetView {
            total: Some(24),
            ..FleetView::default()
        };
        assert_eq!(ships(&fleet), "24?");
        assert_eq!(cargo(None), "?");
        assert_eq!(opt::<u32>(None), "?");
    }

    #[test]
    fn values_are_written_in_cr_notation() {
        let world = WorldView {
            id: 127,
            start_world: true,
            ..WorldView::default()
        }
        .with_counts([
            (Count::Industries, Some(30)),
            (Count::ActiveIndustries, Some(12)),
            (Count::Population, Some(71)),
            (Count::PopLimit, Some(100)),
            (Count::Robots, Some(0)),
            (Count::Mp, Some(12)),
            (Count::Mining, Some(3)),
        ]);
        assert_eq!(world_id(&world), "Md_127");
        assert_eq!(industries(&world), "12/30");
        assert_eq!(population(&world), "71 (100)");
        assert_eq!(mp(&world), "12 (+3)");
        let fleet = FleetView {
            id: 240,
            owner: Some("TAPIMOKET".into()),
            at_peace: Some(true),
            vc: Some(3),
            vt: Some(2),
            total: Some(5),
            cargo: Some(CargoView {
                mp: 3,
                n: 2,
                c: 0,
                r: 0,
            }),
            ..FleetView::default()
        };
        assert_eq!(fleet_owner(&fleet), "(TAPIMOKET)");
        assert_eq!(ships(&fleet), "3+2T");
        assert_eq!(cargo(fleet.cargo.as_ref()), "3 MP, 2N");
        assert_eq!(cargo(Some(&CargoView::default())), "-");
        assert_eq!(fire_mark(FireMark::Fleet(204)), "*F_204");
        assert_eq!(growth(175), "+17.5%");
        assert_eq!(growth(20), "+2%");
    }
}
