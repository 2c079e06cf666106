//! A simulator setup: one world, its protections and populations, and any number of
//! sides with their fleets, levels and fire orders. Saved and loaded as RON.
//!
//! ```ron
//! (
//!     rules: "2002",
//!     rounds: 1,
//!     world: (id: Some(505)),
//!     sides: [
//!         (name: "Miria", att: 4, def: 2,
//!          fleets: [(id: 128, vc: 18, fire: Some(Fleet(258)))]),
//!         (name: "GASKOR", class: Pirate, att: 2, car: 2,
//!          fleets: [(id: 258, vc: 4, vt: 13, cargo: (mp: 12), fire: Some(Fleet(128)))]),
//!     ],
//! )
//! ```
//!
//! Every field but a side's `name` and a fleet's `id` has a default (levels 1, no
//! cargo, at war, staying, no fire order). [`parse`] never panics: a RON error is
//! one diagnostic at its line and column; a setup that reads but does not make
//! sense (a fire order at an unknown fleet, a VI firing at the populations …) gets
//! one diagnostic per problem, located at the first line naming the culprit.

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Capped, Diagnostic, Span};
use crate::model::Class;
use crate::model::view::TurnView;
use crate::rules::Ruleset;

/// The whole setup.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Setup {
    /// The ruleset: `2002` (default) or `1999`.
    pub rules: String,
    /// Round limit: how many turns the same orders are played at most (1 = one round).
    pub rounds: u32,
    pub world: WorldSetup,
    pub sides: Vec<Side>,
    /// Seed of the draw between robot sides under the 1999 rules (G-81); the
    /// same seed gives the same fight.
    pub seed: u64,
}

impl Default for Setup {
    fn default() -> Self {
        Setup {
            rules: "2002".into(),
            rounds: 1,
            world: WorldSetup::default(),
            sides: Vec::new(),
            seed: 0,
        }
    }
}

/// One player taking part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Side {
    pub name: String,
    pub class: Class,
    /// ATT level (CAtt of the VC, and of the VI / VP of a world this side owns).
    pub att: u32,
    /// DEF level (CDef of the VC, and of the VI / VP of a world this side owns).
    pub def: u32,
    /// CAR level (cargo of one VT).
    pub car: u32,
    /// The sides this one declared allied: its conditional fire answers aggressions
    /// against them too, and it never ambushes them.
    pub allies: Vec<String>,
    /// The side this missionary declared his Jihad on (+4 ATT against it).
    pub jihad: Option<String>,
    /// `Z`: this side lets every fleet cross the world.
    pub no_ambush: bool,
    pub fleets: Vec<FleetSetup>,
}

impl Default for Side {
    fn default() -> Self {
        Side {
            name: String::new(),
            class: Class::Emperor,
            att: 1,
            def: 1,
            car: 1,
            allies: Vec::new(),
            jihad: None,
            no_ambush: false,
            fleets: Vec::new(),
        }
    }
}

/// Cargo by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CargoSetup {
    pub mp: u32,
    pub n: u32,
    pub c: u32,
    pub r: u32,
}

impl CargoSetup {
    pub fn total(&self) -> u64 {
        u64::from(self.mp) + u64::from(self.n) + u64::from(self.c) + u64::from(self.r)
    }

    /// As the combat module counts it ([`crate::combat::CargoKind::index`]).
    pub fn to_array(self) -> [u64; 4] {
        [
            u64::from(self.mp),
            u64::from(self.n),
            u64::from(self.c),
            u64::from(self.r),
        ]
    }

    pub fn from_array(cargo: [u64; 4]) -> CargoSetup {
        let part = |i: usize| u32::try_from(cargo[i]).unwrap_or(u32::MAX);
        CargoSetup {
            mp: part(0),
            n: part(1),
            c: part(2),
            r: part(3),
        }
    }
}

/// One fleet.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct FleetSetup {
    /// The fleet's number (`F_f`).
    pub id: u32,
    pub vc: u32,
    pub vt: u32,
    pub cargo: CargoSetup,
    /// At peace: it never ambushes.
    pub peace: bool,
    /// It leaves the world this turn (VII.1.6): CD halved there, no fire (exclusive).
    pub fleeing: bool,
    /// It crosses the world (VII.1.5): not in the fight, but ambushed after it.
    pub crossing: bool,
    /// Its fire order (`F_f * …`), if any.
    pub fire: Option<Target>,
    /// The fire order is conditional (`F_f ? …`, VII.1.3).
    pub conditional: bool,
    /// `F_f T x R`: the `x` robots it drops on the world (VI.5.1), from `x/2` of its
    /// VC, after the fire (first round only); 0: no robot attack.
    pub robots: u32,
    /// `F_f L BOMBE`: it carries the bomb and drops it on the world after the fire
    /// (VII.1.4, first round only), even emptied by the fire.
    pub bomb: bool,
}

impl FleetSetup {
    /// It carries out a robot attack or drops a bomb (exclusive orders, VII.1).
    pub fn robots_or_bomb(&self) -> bool {
        self.robots > 0 || self.bomb
    }
}

/// What a fire order aims at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Target {
    /// `* F_f`.
    Fleet(u32),
    /// `* M`: the VI and VP of the world.
    M,
    /// `* P`: the VP, then the populations.
    P,
    /// `* I`: the VI, then the industries.
    I,
    /// `VP * N`: the non-converts.
    N,
    /// `VP * C`: the converts.
    C,
}

impl Target {
    /// The order's notation: `F_258`, `M`, `P`, …
    pub fn notation(self) -> String {
        match self {
            Target::Fleet(id) => format!("F_{id}"),
            Target::M => "M".into(),
            Target::P => "P".into(),
            Target::I => "I".into(),
            Target::N => "N".into(),
            Target::C => "C".into(),
        }
    }
}

/// The world where the fight happens.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct WorldSetup {
    /// The world's number (for the notation only).
    pub id: Option<u32>,
    /// The side owning it (its VI and VP fire and defend with that side's levels);
    /// `None`: neutral (levels 1, never fires but ambushes).
    pub owner: Option<String>,
    pub vi: u32,
    pub vp: u32,
    /// Non-converts `N`.
    pub n: u64,
    /// Converts by missionary side: `[("Paul", 12)]`.
    pub converts: Vec<(String, u64)>,
    /// Robots `R`.
    pub robots: u64,
    pub industries: u64,
    /// MP in stock (a bomb destroys them).
    pub mp: u64,
    /// `VI M_m * F_f` (a fleet only).
    pub vi_fire: Option<Target>,
    pub vi_conditional: bool,
    /// `VP M_m * F_f`, `* N` or `* C`.
    pub vp_fire: Option<Target>,
    pub vp_conditional: bool,
}

impl Setup {
    /// The index of the side called `name`.
    pub fn side_index(&self, name: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.name == name)
    }

    /// `(side index, fleet index)` of fleet `id`.
    pub fn fleet_position(&self, id: u32) -> Option<(usize, usize)> {
        self.sides
            .iter()
            .enumerate()
            .find_map(|(s, side)| side.fleets.iter().position(|f| f.id == id).map(|f| (s, f)))
    }

    /// Every fleet's `(side index, fleet index)` by id (the first fleet of an id),
    /// for lookups in a loop.
    pub fn fleet_positions(&self) -> BTreeMap<u32, (usize, usize)> {
        let mut out = BTreeMap::new();
        for (s, side) in self.sides.iter().enumerate() {
            for (f, fleet) in side.fleets.iter().enumerate() {
                out.entry(fleet.id).or_insert((s, f));
            }
        }
        out
    }

    /// The ruleset the setup names (`None` when unknown).
    pub fn ruleset(&self) -> Option<Ruleset> {
        Ruleset::builtin(&self.rules).ok()
    }

    /// The setup as RON text (pretty, reads back with [`parse`]).
    pub fn to_ron(&self) -> String {
        let config = ron::ser::PrettyConfig::new().struct_names(false);
        ron::ser::to_string_pretty(self, config).unwrap_or_default()
    }

    /// What does not make sense in the setup. `text` (the RON source, when there is
    /// one) locates each diagnostic on the first line naming the culprit.
    ///
    /// At most [`crate::diagnostic::MAX_PER_FILE`] diagnostics, the others
    /// counted; time and memory linear in the setup and the text: the checks run
    /// once to learn what their diagnostics name, the text is scanned once for
    /// all of it, and the checks run again with the places found.
    pub fn check(&self, text: Option<&str>) -> Vec<Diagnostic> {
        let mut out = Capped::new();
        match text {
            None => self.check_at(&|_| Span::new(1, 1, 1), &mut out),
            Some(text) => {
                let needles = std::cell::RefCell::new(HashSet::new());
                self.check_at(
                    &|needle| {
                        needles.borrow_mut().insert(needle);
                        Span::new(1, 1, 1)
                    },
                    &mut Capped::new(),
                );
                let places = locate_all(text, needles.into_inner());
                self.check_at(
                    &|needle| places.get(&needle).copied().unwrap_or(Span::new(1, 1, 1)),
                    &mut out,
                );
            }
        }
        out.into_vec()
    }

    /// The checks of [`Setup::check`], `at` giving the place of what a diagnostic
    /// names.
    fn check_at(&self, at: &dyn Fn(Needle) -> Span, out: &mut Capped) {
        let word = |w: &str| at(Needle::Word(w.to_string()));
        let quoted = |name: &str| at(Needle::Quoted(name.to_string()));
        if Ruleset::builtin(&self.rules).is_err() {
            out.push(
                Diagnostic::error("sim-unknown-rules", word(&self.rules)).arg("rules", &self.rules),
            );
        }
        let mut names: BTreeSet<&str> = BTreeSet::new();
        for side in &self.sides {
            if side.name.is_empty() || names.contains(side.name.as_str()) {
                out.push(
                    Diagnostic::error("sim-side-name", quoted(&side.name)).arg("side", &side.name),
                );
            }
            names.insert(&side.name);
        }
        let known = |name: &str| names.contains(name);
        let positions = self.fleet_positions();
        let unknown_side = |out: &mut Capped, name: &str| {
            out.push(Diagnostic::error("sim-unknown-side", quoted(name)).arg("side", name));
        };
        let mut ids: BTreeSet<u32> = BTreeSet::new();
        for side in &self.sides {
            for name in side.allies.iter().chain(&side.jihad) {
                if !known(name) {
                    unknown_side(out, name);
                }
            }
            if side.jihad.is_some() && side.class != Class::Missionary {
                out.push(
                    Diagnostic::warning("sim-jihad-not-missionary", word("jihad"))
                        .arg("side", &side.name),
                );
            }
            for fleet in &side.fleets {
                let here = || at(Needle::Id(fleet.id));
                if !ids.insert(fleet.id) {
                    out.push(
                        Diagnostic::error("sim-duplicate-fleet", here()).arg("fleet", fleet.id),
                    );
                }
                if let Some(target) = fleet.fire {
                    if fleet.fleeing || fleet.crossing {
                        out.push(
                            Diagnostic::warning("sim-fire-and-move", here()).arg("fleet", fleet.id),
                        );
                    }
                    if matches!(target, Target::N | Target::C) {
                        out.push(
                            Diagnostic::error("sim-bad-target", here())
                                .arg("shooter", format!("F_{}", fleet.id))
                                .arg("target", target.notation()),
                        );
                    }
                    check_fleet_target(&positions, target, out, here);
                }
                let capacity = u64::from(fleet.vc)
                    .saturating_add(u64::from(fleet.vt).saturating_mul(u64::from(side.car)));
                if fleet.cargo.total() > capacity {
                    out.push(
                        Diagnostic::warning("sim-cargo-over-capacity", here())
                            .arg("fleet", fleet.id)
                            .arg("cargo", fleet.cargo.total())
                            .arg("capacity", capacity),
                    );
                }
                if fleet.robots_or_bomb()
                    && (fleet.fire.is_some() || fleet.fleeing || fleet.crossing)
                {
                    out.push(
                        Diagnostic::warning("sim-exclusive-orders", here()).arg("fleet", fleet.id),
                    );
                }
                if fleet.fleeing && fleet.crossing {
                    out.push(
                        Diagnostic::error("sim-flee-and-cross", here()).arg("fleet", fleet.id),
                    );
                }
            }
        }
        let world = &self.world;
        if let Some(owner) = &world.owner
            && !known(owner)
        {
            unknown_side(out, owner);
        }
        for (name, _) in &world.converts {
            if !known(name) {
                unknown_side(out, name);
            }
        }
        if let Some(target) = world.vi_fire {
            let here = || word("vi_fire");
            if !matches!(target, Target::Fleet(_)) {
                out.push(
                    Diagnostic::error("sim-bad-target", here())
                        .arg("shooter", "VI")
                        .arg("target", target.notation()),
                );
            }
            check_fleet_target(&positions, target, out, here);
        }
        if let Some(target) = world.vp_fire {
            let here = || word("vp_fire");
            if matches!(target, Target::M | Target::P | Target::I) {
                out.push(
                    Diagnostic::error("sim-bad-target", here())
                        .arg("shooter", "VP")
                        .arg("target", target.notation()),
                );
            }
            check_fleet_target(&positions, target, out, here);
        }
        if (world.vi_fire.is_some() || world.vp_fire.is_some()) && world.owner.is_none() {
            out.push(Diagnostic::warning(
                "sim-neutral-never-fires",
                word("owner").max(word("vi_fire")),
            ));
        }
    }

    /// A setup from a turn report: world `world` with its fleets, one side per owner.
    /// The reader's own levels come from the report's technology block; another
    /// player's ATT and DEF are those `known` gives of him (the reports' `Niveaux
    /// connus`, IV.3.6, G-168, or an ally's report), else `assumed` (ATT, DEF,
    /// CAR), and so is his CAR. Unknown counts read as 0. Also, side by side,
    /// where each side's levels come from.
    pub fn from_view(
        view: &TurnView,
        world: u32,
        assumed: (u32, u32, u32),
        known: &dyn Fn(&str) -> AttDef,
    ) -> (Setup, Vec<SideLevels>) {
        let me = view.player.as_ref().map(|p| p.name.clone());
        let level = |tech, fallback: u32| {
            view.tech
                .as_ref()
                .and_then(|t| t.line(tech))
                .map_or(fallback, |l| l.level)
        };
        let my_levels = (
            level(crate::model::Tech::Att, assumed.0),
            level(crate::model::Tech::Def, assumed.1),
            level(crate::model::Tech::Car, assumed.2),
        );
        let mut setup = Setup::default();
        let mut origins = Vec::new();
        let unknown = || "?".to_string();
        let mut side_for = |setup: &mut Setup, name: &str| -> usize {
            if let Some(index) = setup.side_index(name) {
                return index;
            }
            let mine = me.as_deref() == Some(name);
            let (att, def, car) = if mine {
                my_levels
            } else {
                let (att, def) = known(name);
                (
                    att.unwrap_or(assumed.0),
                    def.unwrap_or(assumed.1),
                    assumed.2,
                )
            };
            let (att_known, def_known) = if mine {
                (true, true)
            } else {
                let (att, def) = known(name);
                (att.is_some(), def.is_some())
            };
            origins.push(SideLevels {
                side: name.to_string(),
                own: mine,
                att,
                def,
                att_known,
                def_known,
            });
            setup.sides.push(Side {
                name: name.to_string(),
                class: if mine {
                    view.class.unwrap_or(Class::Emperor)
                } else {
                    Class::Emperor
                },
                att,
                def,
                car,
                ..Side::default()
            });
            setup.sides.len() - 1
        };
        if let Some(w) = view.worlds.iter().find(|w| w.id == world) {
            setup.world.id = Some(world);
            let owner = w
                .owner
                .as_ref()
                .and_then(|o| o.name.as_deref().map(str::to_string));
            if let Some(owner) = &owner {
                side_for(&mut setup, owner);
            }
            setup.world.owner = owner;
            setup.world.vi = w.vi().unwrap_or(0);
            setup.world.vp = w.vp().unwrap_or(0);
            setup.world.industries = u64::from(w.industries().unwrap_or(0));
            setup.world.robots = u64::from(w.robots().unwrap_or(0));
            let population = u64::from(w.population().unwrap_or(0));
            let converts = u64::from(w.converts().unwrap_or(0));
            setup.world.n = population.saturating_sub(converts);
            if converts > 0 {
                let name = w.converts_owner.clone().unwrap_or_else(unknown);
                side_for(&mut setup, &name);
                setup.world.converts.push((name, converts));
            }
        } else {
            setup.world.id = Some(world);
        }
        for fleet in view.fleets.iter().filter(|f| f.world == Some(world)) {
            let name = fleet.owner.as_deref().map_or_else(unknown, str::to_string);
            let index = side_for(&mut setup, &name);
            let vc = fleet.vc.unwrap_or(0);
            let vt = fleet
                .vt
                .unwrap_or_else(|| fleet.total.unwrap_or(0).saturating_sub(vc));
            let cargo = fleet.cargo.unwrap_or_default();
            if let Some(side) = setup.sides.get_mut(index) {
                side.fleets.push(FleetSetup {
                    id: fleet.id,
                    vc,
                    vt,
                    cargo: CargoSetup {
                        mp: cargo.mp,
                        n: cargo.n,
                        c: cargo.c,
                        r: cargo.r,
                    },
                    peace: fleet.at_peace.unwrap_or(false),
                    ..FleetSetup::default()
                });
            }
        }
        (setup, origins)
    }
}

/// A player's ATT and DEF levels as known (`None`: not known).
pub type AttDef = (Option<u32>, Option<u32>);

/// A side's ATT and DEF as a setup taken from a report has them, and whether
/// they are known (the player's own, or shown by the reports) or assumed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideLevels {
    pub side: String,
    /// The report's reader himself (his technology block).
    pub own: bool,
    pub att: u32,
    pub def: u32,
    pub att_known: bool,
    pub def_known: bool,
}

/// What a diagnostic of [`Setup::check`] names, to be found in the text.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Needle {
    /// The first occurrence of this text (a field name, the rules' name).
    Word(String),
    /// The first string literal `"…"` holding exactly this (a side's name).
    Quoted(String),
    /// The first `id: N` of this number (a fleet).
    Id(u32),
}

/// The place of each needle in `text` (a needle not found is not in the map):
/// one pass over the lines for the quoted names and the ids, one per word (a
/// handful of field names).
fn locate_all(text: &str, needles: HashSet<Needle>) -> HashMap<Needle, Span> {
    let mut places = HashMap::new();
    let line_of = |index: usize| u32::try_from(index + 1).unwrap_or(u32::MAX);
    let column_of = |chars: usize| u32::try_from(chars + 1).unwrap_or(u32::MAX);
    for needle in &needles {
        if let Needle::Word(word) = needle
            && !word.is_empty()
        {
            let found = text.lines().enumerate().find_map(|(index, line)| {
                let byte = line.find(word.as_str())?;
                let column = column_of(line.get(..byte).unwrap_or("").chars().count());
                let len = u32::try_from(word.chars().count()).unwrap_or(u32::MAX);
                Some(Span::new(
                    line_of(index),
                    column,
                    column.saturating_add(len),
                ))
            });
            if let Some(span) = found {
                places.insert(needle.clone(), span);
            }
        }
    }
    let names: HashSet<&str> = needles
        .iter()
        .filter_map(|n| match n {
            Needle::Quoted(name) => Some(name.as_str()),
            _ => None,
        })
        .collect();
    let ids: HashSet<u32> = needles
        .iter()
        .filter_map(|n| match n {
            Needle::Id(id) => Some(*id),
            _ => None,
        })
        .collect();
    if names.is_empty() && ids.is_empty() {
        return places;
    }
    for (index, line) in text.lines().enumerate() {
        // Each quote and each `id: ` with its column, counted as the line is walked.
        let mut previous_quote: Option<(usize, usize)> = None;
        for (chars, (byte, c)) in line.char_indices().enumerate() {
            if c == '"' && !names.is_empty() {
                if let Some((open_byte, open_chars)) = previous_quote {
                    let inner = line.get(open_byte + 1..byte).unwrap_or("");
                    if names.contains(inner) {
                        let column = column_of(open_chars);
                        let len = u32::try_from(chars - open_chars + 1).unwrap_or(u32::MAX);
                        places
                            .entry(Needle::Quoted(inner.to_string()))
                            .or_insert(Span::new(
                                line_of(index),
                                column,
                                column.saturating_add(len),
                            ));
                    }
                }
                previous_quote = Some((byte, chars));
            } else if c == 'i'
                && !ids.is_empty()
                && line.get(byte..).is_some_and(|r| r.starts_with("id: "))
            {
                let rest = line.get(byte + 4..).unwrap_or("");
                let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
                if let Some(id) = rest.get(..digits).and_then(|d| d.parse::<u32>().ok())
                    && ids.contains(&id)
                {
                    let column = column_of(chars);
                    let len = u32::try_from(4 + digits).unwrap_or(u32::MAX);
                    places.entry(Needle::Id(id)).or_insert(Span::new(
                        line_of(index),
                        column,
                        column.saturating_add(len),
                    ));
                }
            }
        }
    }
    places
}

/// Reads a setup. A RON error gives `None` and one `sim-setup-syntax` diagnostic at
/// the error's line and column; otherwise the setup and what [`Setup::check`] says.
pub fn parse(text: &str) -> (Option<Setup>, Vec<Diagnostic>) {
    let body = text.trim_start_matches('\u{feff}');
    match ron::Options::default().from_str::<Setup>(body) {
        Ok(setup) => {
            let diagnostics = setup.check(Some(body));
            (Some(setup), diagnostics)
        }
        Err(error) => {
            let line = u32::try_from(error.span.start.line).unwrap_or(1).max(1);
            let column = u32::try_from(error.span.start.col).unwrap_or(1).max(1);
            (
                None,
                vec![
                    Diagnostic::error("sim-setup-syntax", Span::new(line, column, column))
                        .arg("error", error.code.to_string()),
                ],
            )
        }
    }
}

fn check_fleet_target(
    positions: &BTreeMap<u32, (usize, usize)>,
    target: Target,
    out: &mut Capped,
    here: impl Fn() -> Span,
) {
    if let Target::Fleet(id) = target
        && !positions.contains_key(&id)
    {
        out.push(Diagnostic::error("sim-unknown-fleet", here()).arg("fleet", id));
    }
}
