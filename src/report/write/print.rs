//! Printing a [`TurnView`] as CR text in the book's notation (see the format in
//! [`crate::report`]).
//!
//! `print` prints any view, including one with unknowns: an unknown connection
//! list is `(...)`, hidden cargo `[?]`, a hidden fleet composition `[?]=24?`, and
//! an elided world line ends with `. . .` (an unknown owner is an elided line
//! without owner block). On an elided
//! line every known item is printed, zeros included (`I=0`, `MP=0(+0)`), since an
//! item absent from it means *unknown*; on a full line, items that are zero are
//! left out (an item absent from a full line means zero).

use std::collections::{HashMap, HashSet};
use std::fmt::Write as _;

use crate::model::ids::{FleetId, WorldId};
use crate::model::tech::Tech;
use crate::model::view::{
    CargoView, Connection, Deaths, DeclarationView, FireMark, FleetEvent, FleetView, Origin,
    OwnerView, PopKind, SpyReport, StatValue, TraceView, TreasureSite, TreasureView, TurnView,
    WorldEvent, WorldView,
};

/// The indentation of the lines under a world (fleets, traces, treasures, name).
const INDENT: &str = "  ";

/// Prints a view as CR text.
///
/// Sections come in the order of the format in [`crate::report`]: header, score,
/// technologies, statistics, known players, declarations, then the world blocks
/// in the view's order (the projection lists them by number), then the final
/// ranking. Under each world, indented two spaces: its name and corruption lines,
/// the treasures lying on it, its fleets (each followed by the treasures it
/// carries), then its traces. Fleets, traces and treasures not attached to any
/// world of the view come before the first world line. Every line ends with `\n`.
pub fn print(view: &TurnView) -> String {
    let mut out = String::new();

    let mut head = false;
    head |= header(&mut out, view);
    head |= score(&mut out, view);
    blank_after(&mut out, head);
    let printed = tech(&mut out, view);
    blank_after(&mut out, printed);
    let printed = statistics(&mut out, view);
    blank_after(&mut out, printed);
    let mut social = known_players(&mut out, view);
    social |= known_levels(&mut out, view);
    social |= declarations(&mut out, view);
    blank_after(&mut out, social);

    // Loose lines: not under any world line of the view (an orphan whose world
    // or fleet has no line of its own is printed here too, rather than lost; it
    // then reads back unattached).
    let index = Index::new(view);
    let mut loose = false;
    for treasure in view.treasures.iter().filter(|t| match t.site {
        TreasureSite::Unattached => true,
        TreasureSite::World(w) => !index.worlds.contains(&w),
        TreasureSite::Fleet(f) => !index.fleets.contains(&f),
    }) {
        treasure_line(&mut out, treasure, "");
        loose = true;
    }
    for fleet in view.fleets.iter().filter(|f| !index.described(f.world)) {
        fleet_block(&mut out, &index, fleet, "");
        loose = true;
    }
    for trace in view.traces.iter().filter(|t| !index.described(t.world)) {
        trace_line(&mut out, trace, "");
        loose = true;
    }
    blank_after(&mut out, loose);

    for world in &view.worlds {
        world_block(&mut out, &index, world);
    }

    if !view.ranking.is_empty() {
        if !view.worlds.is_empty() {
            out.push('\n');
        }
        out.push_str("Classement final :\n");
        for entry in &view.ranking {
            let _ = writeln!(
                out,
                "{}. {} {}",
                entry.rank,
                player_ref(&entry.player.name, entry.player.number),
                entry.score
            );
        }
    }
    out
}

fn blank_after(out: &mut String, printed: bool) {
    if printed {
        out.push('\n');
    }
}

/// `NEBULA - Partie KARNAJ - Tour 12` and `Joueur : "Maxtor":5 (Empereur)`.
fn header(out: &mut String, view: &TurnView) -> bool {
    let mut printed = false;
    if view.game.is_some() || view.turn.is_some() {
        out.push_str("NEBULA");
        if let Some(game) = &view.game {
            let _ = write!(out, " - Partie {game}");
        }
        if let Some(turn) = view.turn {
            let _ = write!(out, " - Tour {turn}");
        }
        out.push('\n');
        printed = true;
    }
    if let Some(player) = &view.player {
        let _ = write!(out, "Joueur : {}", player_ref(&player.name, player.number));
        if let Some(class) = view.class {
            let _ = write!(out, " ({})", class.french_name());
        }
        out.push('\n');
        printed = true;
    }
    printed
}

/// `Points : 1234 (+56)`.
fn score(out: &mut String, view: &TurnView) -> bool {
    let Some(score) = view.score else {
        return false;
    };
    let _ = write!(out, "Points : {score}");
    if let Some(delta) = view.score_delta {
        if delta < 0 {
            let _ = write!(out, " ({delta})");
        } else {
            let _ = write!(out, " (+{delta})");
        }
    }
    out.push('\n');
    true
}

/// The technology block (IV.3).
fn tech(out: &mut String, view: &TurnView) -> bool {
    let Some(tech) = &view.tech else {
        return false;
    };
    out.push_str("Vos niveaux technologiques :\n");
    for line in &tech.lines {
        let _ = write!(out, "{} : {} (", line.tech.cr_label(), line.level);
        match line.cost {
            None => out.push_str("max"),
            Some(cost) if line.invested == 0 => {
                let _ = write!(out, "{cost}");
            }
            Some(cost) => {
                let _ = write!(out, "+{}/{cost}", line.invested);
            }
        }
        out.push(')');
        match (line.tech, tech.catt, tech.cdef) {
            (Tech::Att, Some(catt), _) => {
                let _ = write!(out, ", Votre CA est de : {catt}");
            }
            (Tech::Def, _, Some(cdef)) => {
                let _ = write!(out, ", Votre CD est de : {cdef}");
            }
            _ => {}
        }
        out.push('\n');
    }
    true
}

/// The statistics block (IV.4), spy rankings included.
fn statistics(out: &mut String, view: &TurnView) -> bool {
    if view.statistics.is_empty() {
        return false;
    }
    out.push_str("Statistiques\n");
    for (kind, value) in &view.statistics {
        let _ = write!(out, "{} : ", kind.label());
        match value {
            StatValue::Own(value) => {
                let _ = write!(out, "{value}");
            }
            StatValue::Spied(report) => spy_report(out, report),
        }
        out.push('\n');
    }
    true
}

/// `1:1624 4:"TAPIMOKET":1299 16:453 M : 1051 [Erreur=10%]`.
fn spy_report(out: &mut String, report: &SpyReport) {
    for entry in &report.entries {
        match &entry.name {
            Some(name) => {
                let _ = write!(out, "{}:\"{name}\":{} ", entry.rank, entry.value);
            }
            None => {
                let _ = write!(out, "{}:{} ", entry.rank, entry.value);
            }
        }
    }
    let _ = write!(
        out,
        "M : {} [Erreur={}%]",
        report.mean, report.error_percent
    );
}

/// `"Miria":7` — a player named with his number (colon outside the quotes).
fn player_ref(name: &str, number: Option<u32>) -> String {
    match number {
        Some(number) => format!("\"{name}\":{number}"),
        None => format!("\"{name}\""),
    }
}

/// `Vous connaissez de nom : "Miria":7, "Backchiche":9` (VII.3).
fn known_players(out: &mut String, view: &TurnView) -> bool {
    if view.known_players.is_empty() {
        return false;
    }
    let list: Vec<String> = view
        .known_players
        .iter()
        .map(|p| player_ref(&p.name, p.number))
        .collect();
    let _ = writeln!(out, "Vous connaissez de nom : {}", list.join(", "));
    true
}

/// `Niveaux connus : "Miria":7 ATT 3 DEF 2, "Backchiche":9 DEF 1`.
///
/// Ruling G-168 (IV.3.6): the book says ALI 2 shows the DEF level and ALI 3 the ATT
/// level of the players one knows, and from ALI 4 hides one's own from players of
/// strictly lower ALI, but shows no notation. The CR prints them on one line of
/// their own right after `Vous connaissez de nom` (which stays as the book prints
/// it): `Niveaux connus :`, then for each known player of whom ALI shows a level,
/// `"Nom":n` followed by `ATT a` and/or `DEF d` (the tech block's order), players
/// separated by commas, in the known list's order. A player of whom ALI shows
/// nothing (too low an ALI, or hidden by his) is left out, and so is the line when
/// it would be empty. The levels are those at the end of the turn, as the
/// player's own tech block. The NBT carries the same as `known_levels`.
fn known_levels(out: &mut String, view: &TurnView) -> bool {
    if view.known_levels.is_empty() {
        return false;
    }
    let list: Vec<String> = view
        .known_levels
        .iter()
        .map(|l| {
            let mut text = player_ref(&l.player.name, l.player.number);
            if let Some(attack) = l.attack {
                let _ = write!(text, " ATT {attack}");
            }
            if let Some(defense) = l.defense {
                let _ = write!(text, " DEF {defense}");
            }
            text
        })
        .collect();
    let _ = writeln!(out, "Niveaux connus : {}", list.join(", "));
    true
}

/// `Vos déclarations : A:"Miria":7 J:"Backchiche":9(4)` and `Déclarations reçues : …`.
fn declarations(out: &mut String, view: &TurnView) -> bool {
    let Some(declarations) = &view.declarations else {
        return false;
    };
    declaration_line(out, "Vos déclarations", &declarations.made);
    declaration_line(out, "Déclarations reçues", &declarations.received);
    true
}

fn declaration_line(out: &mut String, label: &str, entries: &[DeclarationView]) {
    let _ = write!(out, "{label} : ");
    if entries.is_empty() {
        out.push_str("aucune");
    }
    for (i, entry) in entries.iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(
            out,
            "{}:{}",
            entry.kind.keyword(),
            player_ref(&entry.player.name, entry.player.number)
        );
        if let Some(turn) = entry.turn {
            let _ = write!(out, "({turn})");
        }
    }
    out.push('\n');
}

/// A world line and everything listed under it.
///
/// Ruling G-15 (III.1.1): a world's name and its corruption are written as indented
/// lines right under its world line, `  Nom : "Terra Nova"` and
/// `  Corrompu par : "Miria"`; the reader reads the sections the book never shows in
/// our format (header, `Points :`, declarations, these two lines, `(max)` technology
/// levels) and skips an unknown *indented* line (an annotation it does not know)
/// with an information, not an error.
fn world_block(out: &mut String, index: &Index<'_>, world: &WorldView) {
    out.push_str(&world_line(world));
    out.push('\n');
    if let Some(name) = &world.name() {
        let _ = writeln!(out, "{INDENT}Nom : \"{name}\"");
    }
    if let Some(corruptor) = &world.corrupted_by() {
        let _ = writeln!(out, "{INDENT}Corrompu par : \"{corruptor}\"");
    }
    for treasure in index.on_world(world.id) {
        treasure_line(out, treasure, INDENT);
    }
    for fleet in index.fleets_on(world.id) {
        fleet_block(out, index, fleet, INDENT);
    }
    for trace in index.traces_on(world.id) {
        trace_line(out, trace, INDENT);
    }
}

/// The view's fleets, traces and treasures grouped by where they are printed,
/// each group in the view's order (printing stays linear on big CRs).
struct Index<'a> {
    worlds: HashSet<WorldId>,
    fleets: HashSet<FleetId>,
    fleets_on: HashMap<WorldId, Vec<&'a FleetView>>,
    traces_on: HashMap<WorldId, Vec<&'a TraceView>>,
    on_world: HashMap<WorldId, Vec<&'a TreasureView>>,
    on_fleet: HashMap<FleetId, Vec<&'a TreasureView>>,
}

impl<'a> Index<'a> {
    fn new(view: &'a TurnView) -> Self {
        let mut index = Index {
            worlds: view.worlds.iter().map(|w| w.id).collect(),
            fleets: view.fleets.iter().map(|f| f.id).collect(),
            fleets_on: HashMap::new(),
            traces_on: HashMap::new(),
            on_world: HashMap::new(),
            on_fleet: HashMap::new(),
        };
        for fleet in &view.fleets {
            if let Some(w) = fleet.world {
                index.fleets_on.entry(w).or_default().push(fleet);
            }
        }
        for trace in &view.traces {
            if let Some(w) = trace.world {
                index.traces_on.entry(w).or_default().push(trace);
            }
        }
        for treasure in &view.treasures {
            match treasure.site {
                TreasureSite::World(w) => index.on_world.entry(w).or_default().push(treasure),
                TreasureSite::Fleet(f) => index.on_fleet.entry(f).or_default().push(treasure),
                TreasureSite::Unattached => {}
            }
        }
        index
    }

    fn described(&self, world: Option<WorldId>) -> bool {
        world.is_some_and(|w| self.worlds.contains(&w))
    }

    fn fleets_on(&self, world: WorldId) -> impl Iterator<Item = &'a FleetView> + '_ {
        self.fleets_on.get(&world).into_iter().flatten().copied()
    }

    fn traces_on(&self, world: WorldId) -> impl Iterator<Item = &'a TraceView> + '_ {
        self.traces_on.get(&world).into_iter().flatten().copied()
    }

    fn on_world(&self, world: WorldId) -> impl Iterator<Item = &'a TreasureView> + '_ {
        self.on_world.get(&world).into_iter().flatten().copied()
    }

    fn on_fleet(&self, fleet: FleetId) -> impl Iterator<Item = &'a TreasureView> + '_ {
        self.on_fleet.get(&fleet).into_iter().flatten().copied()
    }
}

/// One world line, without its end of line:
/// `M_15 (13,75,584) "Maxtor:5" [I=2]=3 [P=86(167)]=1 MP=7(+1)`.
///
/// Ruling G-22 (VI.6): every item of a world stays on its line (`… PE=300 E=1/8`),
/// in the order owner, `I`, `P`, `MP`, `PC`, `Pi`, `PE`, `+Pop`, `E`, coordinates;
/// read back, a line made only of world items (`E=1/8`, `PE=300`, `Pi=2/4`,
/// `[12,7]`, …) continues the most recent world line, as if written at its end.
pub fn world_line(world: &WorldView) -> String {
    let mut line = String::new();
    if world.black_hole {
        let _ = write!(line, "M_{} * Trou noir *****", world.id);
        return line;
    }
    line.push_str(world_prefix(world));
    let _ = write!(line, "{} ", world.id);
    match &world.connections {
        Some(connections) => connection_list(&mut line, connections),
        None => line.push_str("(...)"),
    }

    let mut items: Vec<String> = Vec::new();
    // An unknown owner, like a neutral one, has no owner block: only an elided
    // line leaves it unknown (the reader keeps `"..."` as a name).
    if let Some(owner) = &world.owner {
        items.extend(owner_block(owner));
    }
    items.extend(industries_item(world));
    items.extend(population_item(world));
    items.extend(mp_item(world));
    let elided = world.elided;
    let shown = |value: Option<u32>| value.filter(|v| elided || *v > 0);
    if let Some(pc) = shown(world.pc()) {
        items.push(format!("PC={pc}"));
    }
    items.extend(pillage_item(world));
    if let Some(pe) = shown(world.pe()) {
        items.push(format!("PE={pe}"));
    }
    if let Some(rate) = world.growth_rate() {
        items.push(format!("+Pop=+{}%", tenths(rate)));
    }
    if let Some(meva) = shown(world.meva()) {
        let slots = world.meva_slots().unwrap_or(8);
        items.push(format!("E={meva}/{slots}"));
    }
    if let Some(coords) = world.coords {
        items.push(format!("[{},{}]", coords.x, coords.y));
    }
    if world.elided {
        items.push(". . .".into());
    }
    for item in items {
        line.push(' ');
        line.push_str(&item);
    }
    line
}

/// `Md_` (start world), `M#` (bombed) or `M_`. A bombed start world on its
/// owner's CR is `Md#`.
fn world_prefix(world: &WorldView) -> &'static str {
    match (world.start_world, world.bombed) {
        (true, true) => "Md#",
        (true, false) => "Md_",
        (false, true) => "M#",
        (false, false) => "M_",
    }
}

/// `(13,75,584)`, black holes as `@56`.
///
/// Ruling G-25 (III.3): a black hole in a connection list is written `@56` (the
/// prefix form of VI.6.3 and of the 1999 rules), never `56@`; both `@56` and `65@`
/// read the same.
fn connection_list(line: &mut String, connections: &[Connection]) {
    line.push('(');
    for (i, connection) in connections.iter().enumerate() {
        if i > 0 {
            line.push(',');
        }
        if connection.black_hole {
            line.push('@');
        }
        let _ = write!(line, "{}", connection.world);
    }
    line.push(')');
}

/// The owner block: `"Maxtor:5"`, `"GASKOR:2:5"`, `"Miria(Maxtor)"`,
/// `" (BACKCHICHE) "`, `"Maxtor"!`, `"Miria:5"P`; nothing for a neutral world.
///
/// Ruling G-18 (V.5): the capture flag is written outside the quotes, `"Maxtor"!`,
/// like the other world flags; it reads the same inside the quotes (`"...!"`) and
/// outside, with or without a space before it.
fn owner_block(owner: &OwnerView) -> Option<String> {
    let mut block = String::from("\"");
    match (&owner.name, &owner.previous) {
        (Some(name), previous) => {
            block.push_str(name);
            if let Some(previous) = previous {
                let _ = write!(block, "({previous})");
            }
            if let Some(counter) = owner.mining_counter {
                let _ = write!(block, ":{}:{counter}", owner.owned_turns);
            } else if owner.owned_turns > 0 {
                let _ = write!(block, ":{}", owner.owned_turns);
            }
            block.push('"');
        }
        (None, Some(previous)) => {
            let _ = write!(block, " ({previous}) \"");
        }
        (None, None) => return None,
    }
    if let Some(event) = owner.event {
        block.push(world_event_flag(event));
    }
    Some(block)
}

fn world_event_flag(event: WorldEvent) -> char {
    match event {
        WorldEvent::Captured => '!',
        WorldEvent::Gift => 'C',
        WorldEvent::Pillaged => 'P',
    }
}

/// `[I=2]=3`, `[I=22/30]=3*F_12`, `[]=2`, `I=8`.
fn industries_item(world: &WorldView) -> Option<String> {
    let industries = match (world.industries(), world.active_industries()) {
        (Some(n), Some(a)) if a != n => Some(format!("I={a}/{n}")),
        (Some(n), _) if n > 0 || world.elided => Some(format!("I={n}")),
        _ => None,
    };
    protected(
        industries,
        world.vi(),
        world.vi_fire(),
        world.elided,
        world.industries().is_some(),
    )
}

/// Wraps an item in the protection block `[item]=n` (with its fire marker) when
/// the world has protection ships of that kind.
fn protected(
    item: Option<String>,
    ships: Option<u32>,
    fire: Option<FireMark>,
    elided: bool,
    item_known: bool,
) -> Option<String> {
    match ships {
        Some(n) if n > 0 || fire.is_some() || (elided && !item_known) => {
            let mut block = format!("[{}]={n}", item.unwrap_or_default());
            if let Some(mark) = fire {
                block.push_str(&fire_mark(mark));
            }
            Some(block)
        }
        _ => item,
    }
}

/// `[P=86(167)/12C:"Miria"]=1`, `P=25R(167)`, `P=14C(26)`, `P=0{-351P}(0)`.
///
/// Ruling G-26 (III.1.5): converts are written as in III.1.5, right after the
/// limit and inside the VP brackets, the missionary quoted (`/12C:"Miria"`); the
/// world owner's converts without a name (`/5C`), or `P=14C` when all are his. The
/// suffix reads with a quoted or bare name, with or without a space before `/`
/// (`/8C:Gehowa`); without a name the converts belong to the world's owner.
fn population_item(world: &WorldView) -> Option<String> {
    let robots = world.robots().unwrap_or(0);
    let population = world.population().unwrap_or(0);
    let known = world.population().is_some() || world.robots().is_some();
    let item = if known || world.pop_limit().is_some() || !world.deaths().is_empty() {
        let mut item = String::from("P=");
        let converts = world.converts().unwrap_or(0);
        let owner_name = world.owner.as_ref().and_then(|o| o.name.as_deref());
        let converts_of_owner = match (&world.converts_owner, owner_name) {
            (Some(missionary), Some(owner)) => missionary == owner,
            (None, _) => true,
            _ => false,
        };
        let mut suffix = String::new();
        if robots > 0 {
            let _ = write!(item, "{robots}R");
        } else {
            let _ = write!(item, "{population}");
            if converts > 0 && converts == population && converts_of_owner {
                item.push('C');
            } else if converts > 0 {
                let _ = write!(suffix, "/{converts}C");
                if !converts_of_owner && let Some(missionary) = &world.converts_owner {
                    let _ = write!(suffix, ":\"{missionary}\"");
                }
            }
        }
        for deaths in world.deaths() {
            item.push_str(&deaths_marker(*deaths));
        }
        if let Some(limit) = world.pop_limit() {
            let _ = write!(item, "({limit})");
        }
        item.push_str(&suffix);
        Some(item)
    } else {
        None
    };
    protected(item, world.vp(), world.vp_fire(), world.elided, known)
}

/// Ruling G-23 (VII.1.4): a deaths marker is written right after the population
/// count, always with its letter: `P=0{-351P}(0)`, `P=30R{-7R}(40)`; it reads
/// `{-n}` or `{-nP}`, `{-nC}`, `{-nR}` anywhere in (or after) the population item, a
/// missing letter meaning `P` (non-converts), as in `P=0{-351} (0)`.
fn deaths_marker(deaths: Deaths) -> String {
    let letter = match deaths.kind {
        PopKind::NonConverts => 'P',
        PopKind::Converts => 'C',
        PopKind::Robots => 'R',
    };
    format!("{{-{}{letter}}}", deaths.count)
}

/// `MP=7(+1)`, `MP=3` (stock, no mining), `MP=(+2)` (mining, no stock).
fn mp_item(world: &WorldView) -> Option<String> {
    let elided = world.elided;
    match (world.mp(), world.mining()) {
        (Some(mp), Some(mining)) if elided || (mp > 0 && mining > 0) => {
            Some(format!("MP={mp}(+{mining})"))
        }
        (Some(mp), _) if elided || mp > 0 => Some(format!("MP={mp}")),
        (_, Some(mining)) if elided || mining > 0 => Some(format!("MP=(+{mining})")),
        _ => None,
    }
}

/// `Pi=2/4` (pillaged twice, recovered in 4 turns) or `Pi=2` (recovered).
fn pillage_item(world: &WorldView) -> Option<String> {
    let count = world.pillage_count()?;
    match world.pillage_recovery() {
        Some(recovery) if recovery > 0 => Some(format!("Pi={count}/{recovery}")),
        _ if count > 0 || world.elided => Some(format!("Pi={count}")),
        _ => None,
    }
}

/// A rate in tenths of a percent: 175 → `17.5`, 100 → `10`.
fn tenths(rate: u32) -> String {
    if rate.is_multiple_of(10) {
        format!("{}", rate / 10)
    } else {
        format!("{}.{}", rate / 10, rate % 10)
    }
}

/// `*F_43`, `*M`, `**` …
fn fire_mark(mark: FireMark) -> String {
    match mark {
        FireMark::Fleet(fleet) => format!("*F_{fleet}"),
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

/// A fleet line followed by the treasures it carries.
fn fleet_block(out: &mut String, index: &Index<'_>, fleet: &FleetView, indent: &str) {
    let _ = writeln!(out, "{indent}{}", fleet_line(fleet));
    for treasure in index.on_fleet(fleet.id) {
        treasure_line(out, treasure, indent);
    }
}

/// One fleet line, without its end of line:
/// `F_189 "Miria" [2,7N,3C,2R]=4+6T du M_12 *F_43`, `F_214 ("Backchiche") []=7`,
/// `F_12 "Miria" *M` (fired, then wiped out).
///
/// Ruling G-21 (annex): a fleet that fired and lost every ship keeps its owner
/// block, `F_12 "Maxtor" *M`; the fire marker follows the ships block without a
/// space (`[]=18*F_258`), and otherwise after one space. Read back, a fleet line may
/// lack its owner: a line with neither owner nor ships block but with a fire marker
/// (`F_12 *M`) is a fleet that fired and was wiped out (0 ships, owner unknown),
/// and a fleet with an owner block and no ships block is empty (0 VC, 0 VT, no
/// cargo).
pub fn fleet_line(fleet: &FleetView) -> String {
    let mut line = String::from(if fleet.bomb { "F#" } else { "F_" });
    let _ = write!(line, "{}", fleet.id);

    let peace = fleet.at_peace == Some(true);
    let owner_text = match (&fleet.owner, &fleet.previous_owner) {
        (Some(owner), Some(previous)) => Some(format!("{owner}({previous})")),
        (Some(owner), None) => Some(owner.to_string()),
        (None, Some(previous)) => Some(format!(" ({previous}) ")),
        (None, None) => None,
    };
    let has_owner_block = owner_text.is_some();
    if let Some(text) = owner_text {
        if peace {
            let _ = write!(line, " (\"{text}\")");
        } else {
            let _ = write!(line, " \"{text}\"");
        }
        if let Some(event) = fleet.event {
            line.push(fleet_event_flag(event));
        }
    }

    let mut glued = false;
    let bare = !has_owner_block && fleet.fire.is_none() && fleet.from.is_none();
    // A bare line with nothing known of the ships is a mention (`F#102`), read
    // back as such.
    let unknown =
        fleet.vc.is_none() && fleet.vt.is_none() && fleet.total.is_none() && fleet.cargo.is_none();
    let ships = if bare && unknown {
        None
    } else {
        // Without owner block nor fire marker, no ships block reads back as
        // "nothing known": an empty fleet says so with `[]=0`.
        let needs_block = !has_owner_block && fleet.fire.is_none();
        ships_block(fleet).or_else(|| needs_block.then(|| empty_ships_block(fleet))?)
    };
    if let Some(ships) = ships {
        line.push(' ');
        line.push_str(&ships);
        glued = true;
    }
    if let Some(from) = fleet.from {
        line.push_str(" du ");
        line.push_str(&origin(from));
        glued = false;
    }
    if let Some(mark) = fleet.fire {
        if !glued {
            line.push(' ');
        }
        line.push_str(&fire_mark(mark));
    }
    line
}

fn fleet_event_flag(event: FleetEvent) -> char {
    match event {
        FleetEvent::Gift => 'C',
        FleetEvent::UnloadedPc => 'D',
        FleetEvent::Pirated => 'P',
        FleetEvent::Captured => '!',
    }
}

/// `[]=0`: an empty fleet without owner block (a neutral fleet, VII.2).
///
/// Ruling G-167 (III.4): the book writes an empty fleet without ships block (`F_57 "Maxtor"`) and a neutral fleet without owner block, but never shows the two together (an empty fleet left on a world without war ships becomes neutral, G-94); with neither, the line would be a bare `F_85`, the annex's mention of a fleet of which nothing is known (`F#102`, 000:L2252). A neutral empty fleet is written with its 0 ships, `F_85 []=0` (the grammar's ship count), the one line that reads back as a neutral empty fleet. An owned empty fleet, and one that has just become neutral (`F_85 " (Maxtor) "`, 000:L2255), has no ships block.
fn empty_ships_block(fleet: &FleetView) -> Option<String> {
    let empty = fleet.total == Some(0) && fleet.cargo.is_some_and(|c| c.total() == 0);
    empty.then(|| "[]=0".to_string())
}

/// `[cargo]=ships`, or nothing for an empty fleet.
fn ships_block(fleet: &FleetView) -> Option<String> {
    let ships = match (fleet.vc, fleet.vt) {
        (Some(0), Some(0)) => return None,
        (Some(vc), Some(0)) => format!("{vc}"),
        (Some(0), Some(vt)) => format!("{vt}T"),
        (Some(vc), Some(vt)) => format!("{vc}+{vt}T"),
        _ => match fleet.total {
            Some(0) => return None,
            Some(total) => format!("{total}?"),
            None => "?".into(),
        },
    };
    let cargo = match &fleet.cargo {
        Some(cargo) => cargo_text(cargo),
        None => "?".into(),
    };
    Some(format!("[{cargo}]={ships}"))
}

/// `2,7N,3C,2R` (MP, non-converts, converts, robots), empty when nothing is carried.
fn cargo_text(cargo: &CargoView) -> String {
    let mut items = Vec::new();
    if cargo.mp > 0 {
        items.push(format!("{}", cargo.mp));
    }
    if cargo.n > 0 {
        items.push(format!("{}N", cargo.n));
    }
    if cargo.c > 0 {
        items.push(format!("{}C", cargo.c));
    }
    if cargo.r > 0 {
        items.push(format!("{}R", cargo.r));
    }
    items.join(",")
}

/// `M_124` or `M_?`.
fn origin(origin: Origin) -> String {
    match origin {
        Origin::World(world) => format!("M_{world}"),
        Origin::Unknown => "M_?".into(),
    }
}

/// `{F_57 "Maxtor" vers M_48}`, `{F_9 "X" du M_12 vers M_441}`.
///
/// Ruling G-20 (VII.1.5): `**` is written after the ambushers' ships block (their
/// fire marker) and after the trace of the ambushed fleet on the world of the
/// ambush, `{F_73 "Maxtor" du M_54 vers M_247}**`. Read back, a `**` right after a
/// trace's `}` marks the fleet ambushed there, while a `**` opening a line and the
/// `**` closing the same or a later line are markdown bold (IV.7), not game
/// notation: both are dropped with a warning (a blank line ends the block).
pub fn trace_text(trace: &TraceView) -> String {
    let mut text = format!("{{F_{}", trace.fleet);
    if let Some(owner) = &trace.owner {
        let _ = write!(text, " \"{owner}\"");
    }
    if let Some(from) = trace.from {
        let _ = write!(text, " du {}", origin(from));
    }
    let _ = write!(text, " vers M_{}}}", trace.to);
    if trace.ambushed {
        text.push_str("**");
    }
    text
}

fn trace_line(out: &mut String, trace: &TraceView, indent: &str) {
    let _ = writeln!(out, "{indent}{}", trace_text(trace));
}

/// `T_57 <La machine perdue>`.
fn treasure_line(out: &mut String, treasure: &TreasureView, indent: &str) {
    let _ = writeln!(out, "{indent}T_{} <{}>", treasure.id, treasure.name);
}
