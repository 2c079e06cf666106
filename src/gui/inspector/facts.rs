//! What the inspector says of a world or a fleet, as plain data (no egui):
//! the facts of its grid, its flags, what is on it. `entity.rs` draws them;
//! the tests here check them without a window.

use crate::gui::format;
use crate::i18n::{Lang, tr, tr_args};
use crate::model::knowledge::{FleetKnowledge, Seen, Source, WorldKnowledge};
use crate::model::view::{
    FireMark, FleetView, OwnerView, TraceView, TreasureSite, TreasureView, TurnView, WorldView,
};

/// A row of a facts grid: the message id of its label, and its value in the
/// interface language (`None`: unknown, shown as a faint `?`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fact {
    pub label: &'static str,
    pub value: Option<String>,
}

fn fact(label: &'static str, value: Option<String>) -> Fact {
    Fact { label, value }
}

/// The facts of a world described by the turn shown: the owner first, then
/// (after the connections, drawn as links) the other rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorldFacts {
    /// `M_12 "Name"`.
    pub title: String,
    /// Its flags (start world, bombed…), joined with ` · ` under the title.
    pub flags: Vec<String>,
    pub owner: Fact,
    pub rows: Vec<Fact>,
}

/// The facts of a world of the turn shown. `first_described`: the turn the
/// player's knowledge first described it.
pub fn world_facts(world: &WorldView, first_described: Option<u32>, lang: Lang) -> WorldFacts {
    let mut title = format::world_id(world);
    if let Some(name) = &world.name() {
        title.push_str(&format!(" \"{name}\""));
    }
    WorldFacts {
        title,
        flags: world_flags(world, lang),
        owner: fact(
            "gui-fact-owner",
            world.owner.as_ref().map(|o| owner_text(lang, o)),
        ),
        rows: world_rows(world, first_described, lang),
    }
}

fn world_flags(world: &WorldView, lang: Lang) -> Vec<String> {
    [
        (world.start_world, "gui-flag-start-world"),
        (world.bombed, "gui-flag-bombed"),
        (world.black_hole, "gui-flag-black-hole"),
        (world.elided, "gui-flag-elided"),
        (world.line == 0, "gui-flag-position-only"),
    ]
    .into_iter()
    .filter(|(set, _)| *set)
    .map(|(_, id)| tr(lang, id))
    .collect()
}

/// The rows after the connections; some only when they say something
/// (converts, robots, deaths, PC, pillage, PE, MEVA…).
fn world_rows(world: &WorldView, first_described: Option<u32>, lang: Lang) -> Vec<Fact> {
    let mut rows = vec![
        fact(
            "gui-fact-industries",
            world.industries().map(|_| format::industries(world)),
        ),
        fact(
            "gui-fact-vi",
            world.vi().map(|vi| with_fire(vi, world.vi_fire(), lang)),
        ),
        fact(
            "gui-fact-population",
            world.population().map(|_| format::population(world)),
        ),
    ];
    if let Some(converts) = world.converts().filter(|c| *c > 0) {
        let owner = world.converts_owner.clone().unwrap_or_default();
        rows.push(fact(
            "gui-fact-converts",
            Some(format!("{converts} \"{owner}\"")),
        ));
    }
    if world.robots() != Some(0) {
        rows.push(fact(
            "gui-fact-robots",
            world.robots().map(|r| r.to_string()),
        ));
    }
    rows.push(fact(
        "gui-fact-vp",
        world.vp().map(|vp| with_fire(vp, world.vp_fire(), lang)),
    ));
    if !world.deaths().is_empty() {
        rows.push(fact("gui-fact-deaths", Some(format::deaths(world))));
    }
    rows.push(fact("gui-fact-mp", world.mp().map(|mp| mp.to_string())));
    rows.push(fact(
        "gui-fact-mining",
        world.mining().map(|m| format!("+{m}")),
    ));
    rows.extend(world_economy_rows(world, lang));
    rows.push(fact(
        "gui-fact-coords",
        world.coords.map(|c| {
            if world.coords_approximate {
                tr_args(
                    lang,
                    "gui-coords-approximate",
                    &[("x", &c.x.to_string()), ("y", &c.y.to_string())],
                )
            } else {
                format!("[{},{}]", c.x, c.y)
            }
        }),
    ));
    if let Some(first) = first_described {
        rows.push(fact(
            "gui-fact-first-described",
            Some(tr_args(
                lang,
                "gui-seen-turn",
                &[("turn", &first.to_string())],
            )),
        ));
    }
    if let Some(by) = &world.corrupted_by() {
        rows.push(fact("gui-fact-corrupted-by", Some(format!("\"{by}\""))));
    }
    rows
}

/// PC, pillage, PE, MEVA and growth: each only when it says something.
fn world_economy_rows(world: &WorldView, lang: Lang) -> Vec<Fact> {
    let mut rows = Vec::new();
    if let Some(pc) = world.pc().filter(|pc| *pc > 0) {
        rows.push(fact("gui-fact-pc", Some(pc.to_string())));
    }
    if let Some(count) = world.pillage_count().filter(|c| *c > 0) {
        let recovery = world.pillage_recovery().unwrap_or(0);
        rows.push(fact(
            "gui-fact-pillage",
            Some(tr_args(
                lang,
                "gui-pillage-value",
                &[
                    ("count", &count.to_string()),
                    ("turns", &recovery.to_string()),
                ],
            )),
        ));
    }
    if let Some(pe) = world.pe().filter(|pe| *pe > 0 || world.start_world) {
        rows.push(fact("gui-fact-pe", Some(pe.to_string())));
    }
    if let Some(meva) = world.meva().filter(|m| *m > 0) {
        let slots = format::opt(world.meva_slots());
        rows.push(fact("gui-fact-meva", Some(format!("{meva}/{slots}"))));
    }
    if let Some(growth) = world.growth_rate() {
        rows.push(fact("gui-fact-growth", Some(format::growth(growth))));
    }
    rows
}

/// The facts of a fleet listed by the turn shown: the owner first, then
/// (after its world, drawn as a link) the other rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FleetFacts {
    pub owner: Fact,
    pub rows: Vec<Fact>,
}

pub fn fleet_facts(fleet: &FleetView, lang: Lang) -> FleetFacts {
    let owner = fleet.owner.as_ref().map(|name| {
        let mut text = format!("\"{name}\"");
        if let Some(previous) = &fleet.previous_owner {
            text.push_str(&format!(
                " — {}",
                tr_args(lang, "gui-previous-owner", &[("name", previous)])
            ));
        }
        if let Some(event) = fleet.event {
            text.push_str(&format!(
                " — {}",
                tr(lang, format::fleet_event_message(event))
            ));
        }
        text
    });
    let mut rows = vec![
        fact("gui-fact-vc", fleet.vc.map(|v| v.to_string())),
        fact("gui-fact-vt", fleet.vt.map(|v| v.to_string())),
        fact("gui-fact-total", fleet.total.map(|v| v.to_string())),
    ];
    match &fleet.cargo {
        Some(cargo) => rows.extend([
            fact("gui-fact-cargo-mp", Some(cargo.mp.to_string())),
            fact("gui-fact-cargo-n", Some(cargo.n.to_string())),
            fact("gui-fact-cargo-c", Some(cargo.c.to_string())),
            fact("gui-fact-cargo-r", Some(cargo.r.to_string())),
        ]),
        None => rows.push(fact("gui-fact-cargo", None)),
    }
    if let Some(from) = fleet.from {
        rows.push(fact("gui-fact-arrived-from", Some(format::origin(from))));
    }
    // Its attitude (VII.3.4), apart from its owner: "en guerre" beside a name
    // read as a war between players.
    match fleet.at_peace {
        Some(true) => rows.push(fact(
            "gui-fact-attitude",
            Some(tr(lang, "gui-attitude-peace")),
        )),
        Some(false) => rows.push(fact(
            "gui-fact-attitude",
            Some(tr(lang, "gui-attitude-war")),
        )),
        None => {}
    }
    if let Some(mark) = fleet.fire {
        rows.push(fact("gui-fact-fire", Some(fire_text(mark, lang))));
    }
    FleetFacts {
        owner: fact("gui-fact-owner", owner),
        rows,
    }
}

/// What the player last knew of a world the turn shown does not describe,
/// each value with the turn it was seen.
pub fn known_world_facts(world: &WorldKnowledge, lang: Lang, allies: &[String]) -> Vec<Fact> {
    let number = |seen: &Option<Seen<u32>>| seen_text(lang, allies, seen, u32::to_string);
    vec![
        fact(
            "gui-fact-owner",
            seen_text(lang, allies, &world.owner, |o| owner_text(lang, o)),
        ),
        fact(
            "gui-fact-connections",
            seen_text(lang, allies, &world.connections, |c| {
                c.iter()
                    .map(|c| format!("M_{}{}", c.world, if c.black_hole { "@" } else { "" }))
                    .collect::<Vec<_>>()
                    .join(" ")
            }),
        ),
        fact("gui-fact-industries", number(&world.industries())),
        fact("gui-fact-vi", number(&world.vi())),
        fact("gui-fact-population", number(&world.population())),
        fact("gui-fact-vp", number(&world.vp())),
        fact("gui-fact-mp", number(&world.mp())),
        fact(
            "gui-fact-mining",
            seen_text(lang, allies, &world.mining(), |m| format!("+{m}")),
        ),
        fact(
            "gui-fact-coords",
            seen_text(lang, allies, &world.position, |p| {
                if p.exact {
                    format!("[{},{}]", p.coords.x, p.coords.y)
                } else {
                    tr_args(
                        lang,
                        "gui-coords-approximate",
                        &[
                            ("x", &p.coords.x.to_string()),
                            ("y", &p.coords.y.to_string()),
                        ],
                    )
                }
            }),
        ),
    ]
}

/// What the player last knew of a fleet the turn shown does not list (its
/// world apart: drawn as a link).
pub fn known_fleet_facts(fleet: &FleetKnowledge, lang: Lang, allies: &[String]) -> Vec<Fact> {
    let number = |seen: &Option<Seen<u32>>| seen_text(lang, allies, seen, u32::to_string);
    vec![
        fact(
            "gui-fact-owner",
            seen_text(lang, allies, &fleet.owner, |o| format!("\"{o}\"")),
        ),
        fact("gui-fact-vc", number(&fleet.vc)),
        fact("gui-fact-vt", number(&fleet.vt)),
        fact("gui-fact-total", number(&fleet.total)),
        fact(
            "gui-fact-cargo",
            seen_text(lang, allies, &fleet.cargo, |c| format::cargo(Some(c))),
        ),
    ]
}

/// What is on a world of the turn shown: its fleets, the traces ending
/// there, the treasures on it or on its fleets.
pub struct OnWorld<'a> {
    pub fleets: Vec<&'a FleetView>,
    pub traces: Vec<&'a TraceView>,
    pub treasures: Vec<&'a TreasureView>,
}

pub fn on_world(view: &TurnView, world: u32) -> OnWorld<'_> {
    let fleets: Vec<&FleetView> = view
        .fleets
        .iter()
        .filter(|f| f.world == Some(world))
        .collect();
    let traces = view
        .traces
        .iter()
        .filter(|t| t.world == Some(world))
        .collect();
    let treasures = view
        .treasures
        .iter()
        .filter(|t| match t.site {
            TreasureSite::World(id) => id == world,
            TreasureSite::Fleet(id) => fleets.iter().any(|f| f.id == id),
            TreasureSite::Unattached => false,
        })
        .collect();
    OnWorld {
        fleets,
        traces,
        treasures,
    }
}

/// A fact of an earlier turn: the value and the turn it was seen.
///
/// `allies`: the knowledge's allies ([`crate::model::knowledge::Knowledge::allies`]):
/// a fact of an ally's report says whose it is ("vu par Miria au tour 7").
pub fn seen_text<T>(
    lang: Lang,
    allies: &[String],
    seen: &Option<Seen<T>>,
    show: impl Fn(&T) -> String,
) -> Option<String> {
    seen.as_ref().map(|s| {
        format!(
            "{} ({})",
            show(&s.value),
            seen_when(lang, allies, s.turn, s.source)
        )
    })
}

/// `tour 7`, or for an ally's report `vu par Miria au tour 7`.
pub fn seen_when(lang: Lang, allies: &[String], turn: u32, source: Source) -> String {
    let ally = usize::from(source.0)
        .checked_sub(1)
        .and_then(|index| allies.get(index));
    match ally {
        None => tr_args(lang, "gui-seen-turn", &[("turn", &turn.to_string())]),
        Some(ally) => tr_args(
            lang,
            "gui-seen-by-ally",
            &[("ally", ally), ("turn", &turn.to_string())],
        ),
    }
}

/// `"Name" — 3 tours — …`: the owner with what the CR said of him.
pub fn owner_text(lang: Lang, owner: &OwnerView) -> String {
    let mut text = match &owner.name {
        Some(name) => format!("\"{name}\""),
        None => tr(lang, "gui-neutral"),
    };
    let mut add = |part: String| text.push_str(&format!(" — {part}"));
    if owner.name.is_some() && owner.owned_turns > 0 {
        let turns = owner.owned_turns.to_string();
        add(tr_args(lang, "gui-owned-turns", &[("turns", &turns)]));
    }
    if let Some(counter) = owner.mining_counter {
        let counter = counter.to_string();
        add(tr_args(
            lang,
            "gui-mining-counter",
            &[("counter", &counter)],
        ));
    }
    if let Some(previous) = &owner.previous {
        add(tr_args(lang, "gui-previous-owner", &[("name", previous)]));
    }
    if let Some(event) = owner.event {
        add(tr(lang, format::world_event_message(event)));
    }
    text
}

/// A fire mark and what it means: `* (fired on)`.
fn fire_text(mark: FireMark, lang: Lang) -> String {
    format!(
        "{} ({})",
        format::fire_mark(mark),
        tr(lang, format::fire_mark_message(mark))
    )
}

/// A count with its fire mark, if any.
fn with_fire(count: u32, fire: Option<FireMark>, lang: Lang) -> String {
    match fire {
        Some(mark) => format!("{count} {}", fire_text(mark, lang)),
        None => count.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::view::{CargoView, Count};

    fn labels(rows: &[Fact]) -> Vec<&'static str> {
        rows.iter().map(|f| f.label).collect()
    }

    #[test]
    fn a_world_shows_its_flags_and_only_the_rows_that_say_something() {
        let mut world = WorldView {
            id: 12,
            line: 40,
            start_world: true,
            bombed: true,
            ..WorldView::default()
        }
        .with_counts([
            (Count::Industries, Some(3)),
            (Count::Robots, Some(0)),
            (Count::Pe, Some(0)),
            (Count::Pc, Some(0)),
        ]);
        world.set_name(Some("Vega".into()));
        let facts = world_facts(&world, None, Lang::En);
        assert_eq!(
            facts.title,
            format!("{} \"Vega\"", format::world_id(&world))
        );
        assert_eq!(facts.flags.len(), 2);
        assert_eq!(facts.owner, fact("gui-fact-owner", None));
        // No robots (0), no PC (0), PE shown on a start world even at 0.
        assert_eq!(
            labels(&facts.rows),
            [
                "gui-fact-industries",
                "gui-fact-vi",
                "gui-fact-population",
                "gui-fact-vp",
                "gui-fact-mp",
                "gui-fact-mining",
                "gui-fact-pe",
                "gui-fact-coords",
            ]
        );
        let described_before = world_facts(&world, Some(3), Lang::En);
        assert!(
            labels(&described_before.rows).contains(&"gui-fact-first-described"),
            "{described_before:?}"
        );
    }

    #[test]
    fn a_fleet_s_attitude_is_a_row_of_its_own_not_beside_its_owner() {
        let fleet = FleetView {
            owner: Some("Maxtor".into()),
            at_peace: Some(false),
            ..FleetView::default()
        };
        let facts = fleet_facts(&fleet, Lang::Fr);
        assert_eq!(facts.owner.value.as_deref(), Some("\"Maxtor\""));
        let attitude = facts
            .rows
            .iter()
            .find(|f| f.label == "gui-fact-attitude")
            .and_then(|f| f.value.clone())
            .unwrap_or_default();
        assert!(attitude.starts_with("guerre"), "{attitude}");
        let peace = fleet_facts(
            &FleetView {
                at_peace: Some(true),
                ..fleet
            },
            Lang::En,
        );
        assert!(peace.rows.iter().any(|f| f.label == "gui-fact-attitude"
            && f.value.as_deref().is_some_and(|v| v.starts_with("peace"))));
    }

    #[test]
    fn a_position_only_world_says_so() {
        let world = WorldView {
            id: 7,
            line: 0,
            ..WorldView::default()
        };
        let facts = world_facts(&world, None, Lang::En);
        assert_eq!(facts.flags, [tr(Lang::En, "gui-flag-position-only")]);
    }

    #[test]
    fn a_fleet_with_cargo_lists_each_good_and_one_without_an_unknown_cargo() {
        let mut fleet = FleetView {
            id: 57,
            owner: Some("Cyan".into()),
            at_peace: Some(true),
            vc: Some(2),
            cargo: Some(CargoView::default()),
            ..FleetView::default()
        };
        let facts = fleet_facts(&fleet, Lang::En);
        let owner = facts.owner.value.clone().unwrap_or_default();
        assert_eq!(owner, "\"Cyan\"");
        assert_eq!(facts.rows[0], fact("gui-fact-vc", Some("2".into())));
        assert_eq!(facts.rows[1], fact("gui-fact-vt", None));
        assert!(labels(&facts.rows).contains(&"gui-fact-cargo-r"));
        fleet.cargo = None;
        let facts = fleet_facts(&fleet, Lang::En);
        assert!(facts.rows.contains(&fact("gui-fact-cargo", None)));
        assert_eq!(
            facts.rows.last().map(|f| f.label),
            Some("gui-fact-attitude")
        );
    }

    #[test]
    fn the_treasures_of_a_world_include_those_on_its_fleets() {
        let treasure = |id, site| TreasureView {
            id,
            name: format!("T{id}"),
            kind: None,
            site,
            line: 0,
        };
        let view = TurnView {
            fleets: vec![
                FleetView {
                    id: 1,
                    world: Some(12),
                    ..FleetView::default()
                },
                FleetView {
                    id: 2,
                    world: Some(13),
                    ..FleetView::default()
                },
            ],
            treasures: vec![
                treasure(1, TreasureSite::World(12)),
                treasure(2, TreasureSite::Fleet(1)),
                treasure(3, TreasureSite::Fleet(2)),
                treasure(4, TreasureSite::Unattached),
            ],
            ..TurnView::default()
        };
        let on = on_world(&view, 12);
        assert_eq!(on.fleets.iter().map(|f| f.id).collect::<Vec<_>>(), [1]);
        let ids: Vec<u32> = on.treasures.iter().map(|t| t.id).collect();
        assert_eq!(ids, [1, 2]);
    }

    #[test]
    fn an_earlier_fact_names_its_turn() {
        let seen = Some(Seen::new(5u32, 3));
        assert_eq!(
            seen_text(Lang::En, &[], &seen, u32::to_string),
            Some(format!(
                "5 ({})",
                tr_args(Lang::En, "gui-seen-turn", &[("turn", "3")])
            ))
        );
        assert_eq!(
            seen_text(Lang::En, &[], &None::<Seen<u32>>, u32::to_string),
            None
        );
    }
}
