//! The projection: what one player's CR tells, as a [`TurnView`].
//!
//! This is where visibility and hiding live. [`super::print`] only formats.

use std::collections::{BTreeMap, BTreeSet};

use crate::model::record::{Shooter, Trace, TurnRecord};
use crate::model::tech::Tech;
use crate::model::treasure::TreasureLocation;
use crate::model::view::{
    CargoView, Connection, Count, DeclarationKind, DeclarationView, DeclarationsView, FleetView,
    KnownLevels, Name, Origin, OwnerView, PlayerRef, RankingEntry, StatKind, StatValue, TechLine,
    TechView, TraceView, TreasureSite, TreasureView, TurnView, WorldView,
};
use crate::model::{Class, Fleet, Galaxy, Player, PlayerId, Treasure, World, WorldId};
use crate::rules::Ruleset;

/// What `player`'s CR of the galaxy's current turn tells.
///
/// `record` is what happened during the turn just resolved (markers, probes,
/// emigrations, black holes crossed, spy results); `None` at game start. The
/// view lists worlds by number; under each world its fleets by number; traces in
/// the record's order; treasures in the order [`super::print`] prints them
/// (each world's own treasures, then those of its fleets), so that reading the
/// printed CR gives this view back.
///
/// Spy rankings are not drawn here (that needs randomness): they are read from
/// `record.spy_reports`, which the resolver fills with [`super::spy_reports`].
///
/// One pass over the galaxy: to project every player's CR of a turn, build one
/// [`Projection`] and call [`Projection::project`] for each.
pub fn project(
    galaxy: &Galaxy,
    player: PlayerId,
    record: Option<&TurnRecord>,
    ruleset: &Ruleset,
    game_name: Option<&str>,
) -> TurnView {
    Projection::new(galaxy, record).project(player, ruleset, game_name)
}

/// The part of `player`'s CR that is his own: his name, score, technologies,
/// his worlds and fleets exactly as [`project`] shows them — and nothing else
/// (no other world, statistic or declaration). What the preview's odds count
/// on each of their runs (`resolve::partial`), at a fraction of the cost of
/// the whole CR; `tests/core/resolve_partial.rs` checks that its values are
/// those of the whole projection.
pub fn own_part(
    galaxy: &Galaxy,
    player: PlayerId,
    record: Option<&TurnRecord>,
    ruleset: &Ruleset,
) -> TurnView {
    let empty = TurnRecord::default();
    let record = record.unwrap_or(&empty);
    let Some(me) = galaxy.player(player) else {
        return TurnView::default();
    };
    let viewer = Viewer::new(player, Some(me));
    let mut view = TurnView {
        turn: Some(galaxy.turn),
        player: Some(PlayerRef {
            name: me.name.clone(),
            number: Some(me.id.0),
        }),
        class: me.class,
        score: Some(me.score),
        score_delta: Some(me.score_last_turn),
        tech: Some(tech_view(me, ruleset)),
        ..TurnView::default()
    };
    // His worlds and the worlds of his fleets are always on his CR (G-62).
    for world in galaxy.worlds.values() {
        if world.owner == player && !world.black_hole {
            view.worlds
                .push(world_view(galaxy, &viewer, world, record, ruleset));
        }
    }
    for fleet in galaxy.fleets.values() {
        if fleet.owner == player && galaxy.worlds.contains_key(&fleet.world) {
            view.fleets.push(fleet_view(galaxy, &viewer, fleet, record));
        }
    }
    view
}

/// Everything about the whole galaxy that projecting one player's CR needs,
/// computed once per turn, so that projecting every player's CR costs one pass
/// over the galaxy plus, per player, what his CR shows: fleets, treasures and
/// traces by world, the worlds each player's CR describes (G-62), every player's
/// statistics, the declarations each player received, the final ranking.
pub struct Projection<'a> {
    galaxy: &'a Galaxy,
    record: Option<&'a TurnRecord>,
    fleets_on: BTreeMap<WorldId, Vec<&'a Fleet>>,
    treasures_at: BTreeMap<TreasureLocation, Vec<&'a Treasure>>,
    traces_on: BTreeMap<WorldId, Vec<&'a Trace>>,
    /// Per player (the neutral one included), the worlds his CR describes.
    described: BTreeMap<PlayerId, BTreeSet<WorldId>>,
    statistics: BTreeMap<PlayerId, BTreeMap<StatKind, u64>>,
    /// Per target, the declarations others made about him, by author number
    /// (not yet sorted by kind).
    received: BTreeMap<PlayerId, Vec<DeclarationView>>,
    /// On the final turn, the final ranking.
    ranking: Vec<RankingEntry>,
}

impl<'a> Projection<'a> {
    /// The galaxy's indexes for its current turn; `record` as for [`project`].
    pub fn new(galaxy: &'a Galaxy, record: Option<&'a TurnRecord>) -> Self {
        let mut fleets_on: BTreeMap<WorldId, Vec<&Fleet>> = BTreeMap::new();
        for fleet in galaxy.fleets.values() {
            fleets_on.entry(fleet.world).or_default().push(fleet);
        }
        let mut treasures_at: BTreeMap<TreasureLocation, Vec<&Treasure>> = BTreeMap::new();
        for treasure in galaxy.treasures.values() {
            treasures_at
                .entry(treasure.location)
                .or_default()
                .push(treasure);
        }
        let mut traces_on: BTreeMap<WorldId, Vec<&Trace>> = BTreeMap::new();
        for trace in record.into_iter().flat_map(|r| &r.traces) {
            traces_on.entry(trace.world).or_default().push(trace);
        }
        let empty = TurnRecord::default();
        let described = described_worlds_of_all(galaxy, record.unwrap_or(&empty));
        let mut received: BTreeMap<PlayerId, Vec<DeclarationView>> = BTreeMap::new();
        for author in galaxy.players.values().filter(|p| !p.is_neutral()) {
            for (kind, target, turn) in declarations_of(author) {
                if target == author.id {
                    continue;
                }
                received.entry(target).or_default().push(DeclarationView {
                    kind,
                    player: PlayerRef {
                        name: author.name.clone(),
                        number: Some(author.id.0),
                    },
                    turn,
                });
            }
        }
        let ranking = if galaxy.turn == galaxy.final_turn {
            ranking(galaxy)
        } else {
            Vec::new()
        };
        Projection {
            galaxy,
            record,
            fleets_on,
            treasures_at,
            traces_on,
            described,
            statistics: statistics_table(galaxy),
            received,
            ranking,
        }
    }

    /// What `player`'s CR tells (see [`project`]).
    pub fn project(
        &self,
        player: PlayerId,
        ruleset: &Ruleset,
        game_name: Option<&str>,
    ) -> TurnView {
        let galaxy = self.galaxy;
        let empty = TurnRecord::default();
        let record = self.record.unwrap_or(&empty);
        let me = galaxy.player(player);
        let viewer = Viewer::new(player, me);

        let mut view = TurnView {
            game: game_name.map(str::to_string),
            turn: Some(galaxy.turn),
            ..TurnView::default()
        };
        if let Some(me) = me {
            view.player = Some(PlayerRef {
                name: me.name.clone(),
                number: Some(me.id.0),
            });
            view.class = me.class;
            view.score = Some(me.score);
            view.score_delta = Some(me.score_last_turn);
            view.tech = Some(tech_view(me, ruleset));
            view.known_players = known_players(galaxy, me);
            view.known_levels = known_levels(galaxy, me, ruleset);
            view.declarations = Some(self.declarations(me));
        }
        view.statistics = self.statistics(player, record);

        for &world_id in self.described.get(&player).into_iter().flatten() {
            let Some(world) = galaxy.world(world_id) else {
                continue;
            };
            if world.black_hole {
                view.worlds.push(black_hole_view(world.id));
                continue;
            }
            view.worlds
                .push(world_view(galaxy, &viewer, world, record, ruleset));
            self.world_contents(&mut view, world, record, |_| &viewer);
        }

        if galaxy.turn == galaxy.final_turn {
            view.ranking = self.ranking.clone();
        }
        view
    }

    /// The galaxy as it is, for the arbiter: every world (each as its owner's
    /// own CR shows it, with its coordinates; a black hole with its
    /// connections and coordinates too), every fleet (as its owner sees it),
    /// every treasure and trace, every player known by name. No player's own
    /// blocks (technologies, statistics, declarations): the view is nobody's.
    pub fn project_arbiter(&self, ruleset: &Ruleset, game_name: Option<&str>) -> TurnView {
        let galaxy = self.galaxy;
        let empty = TurnRecord::default();
        let record = self.record.unwrap_or(&empty);
        let mut view = TurnView {
            game: game_name.map(str::to_string),
            turn: Some(galaxy.turn),
            ..TurnView::default()
        };
        view.known_players = galaxy
            .players
            .values()
            .filter(|p| !p.is_neutral())
            .map(|p| PlayerRef {
                name: p.name.clone(),
                number: Some(p.id.0),
            })
            .collect();
        view.known_levels = galaxy
            .players
            .values()
            .filter(|p| !p.is_neutral())
            .map(|p| KnownLevels {
                player: PlayerRef {
                    name: p.name.clone(),
                    number: Some(p.id.0),
                },
                attack: Some(p.tech.level(Tech::Att)),
                defense: Some(p.tech.level(Tech::Def)),
            })
            .collect();
        let sees_all = |id: PlayerId| Viewer {
            rad: u32::MAX,
            ali: u32::MAX,
            ..Viewer::new(id, galaxy.player(id))
        };
        let nobody = sees_all(PlayerId::NEUTRAL);
        for world in galaxy.worlds.values() {
            if world.black_hole {
                let mut hole = world_view(galaxy, &sees_all(world.owner), world, record, ruleset);
                hole.black_hole = true;
                view.worlds.push(hole);
            } else {
                view.worlds.push(world_view(
                    galaxy,
                    &sees_all(world.owner),
                    world,
                    record,
                    ruleset,
                ));
            }
            let owners: BTreeMap<PlayerId, Viewer> = self
                .fleets_on
                .get(&world.id)
                .into_iter()
                .flatten()
                .map(|fleet| (fleet.owner, sees_all(fleet.owner)))
                .collect();
            self.world_contents(&mut view, world, record, |owner| {
                owners.get(&owner).unwrap_or(&nobody)
            });
        }
        view
    }

    /// What a described world holds, as `viewer_of(owner)` sees each fleet:
    /// its treasures, its fleets and theirs, the traces left on it.
    fn world_contents<'v>(
        &self,
        view: &mut TurnView,
        world: &World,
        record: &TurnRecord,
        viewer_of: impl Fn(PlayerId) -> &'v Viewer,
    ) {
        let galaxy = self.galaxy;
        let treasures = |location| self.treasures_at.get(&location).into_iter().flatten();
        for treasure in treasures(TreasureLocation::World(world.id)) {
            view.treasures
                .push(treasure_view(treasure, TreasureSite::World(world.id)));
        }
        for fleet in self.fleets_on.get(&world.id).into_iter().flatten() {
            view.fleets
                .push(fleet_view(galaxy, viewer_of(fleet.owner), fleet, record));
            for treasure in treasures(TreasureLocation::Fleet(fleet.id)) {
                view.treasures
                    .push(treasure_view(treasure, TreasureSite::Fleet(fleet.id)));
            }
        }
        for trace in self.traces_on.get(&world.id).into_iter().flatten() {
            view.traces.push(TraceView {
                fleet: trace.fleet,
                owner: player_name(galaxy, trace.owner).map(Name::from),
                world: Some(world.id),
                from: trace.from.map(Origin::World),
                to: trace.to,
                ambushed: trace.ambushed,
                line: 0,
            });
        }
    }

    /// The players whose CR of this turn describes world `world` (G-62): who
    /// knows it now.
    pub fn described_by(&self, world: WorldId) -> Vec<PlayerId> {
        self.described
            .iter()
            .filter(|(id, worlds)| !id.is_neutral() && worlds.contains(&world))
            .map(|(id, _)| *id)
            .collect()
    }

    /// Ruling G-144 (VII.3): the CR lists the player's own standing declarations and
    /// those other players made about him (`Vos déclarations` / `Déclarations
    /// reçues`), by kind (A, C, CP, DP, PI, J) then player number; the Jihad entry
    /// carries the turn it was declared. The validator reads the permissions there:
    /// loading on or unloading people onto a world of another player needs his
    /// declaration (`C`, `CP`, `DP`) in `Déclarations reçues`; without that section the
    /// check is only a warning, and the neutral player never declares.
    fn declarations(&self, me: &Player) -> DeclarationsView {
        let galaxy = self.galaxy;
        let made = declarations_of(me)
            .into_iter()
            .filter_map(|(kind, target, turn)| {
                let target = galaxy.player(target).filter(|p| !p.is_neutral())?;
                Some(DeclarationView {
                    kind,
                    player: PlayerRef {
                        name: target.name.clone(),
                        number: Some(target.id.0),
                    },
                    turn,
                })
            })
            .collect();
        let mut received = self.received.get(&me.id).cloned().unwrap_or_default();
        received.sort_by_key(|d| (d.kind, d.player.number));
        DeclarationsView { made, received }
    }

    /// The player's statistics (IV.4), spy rankings from the record where he
    /// bought spies this turn.
    fn statistics(&self, player: PlayerId, record: &TurnRecord) -> BTreeMap<StatKind, StatValue> {
        let spied = record.spy_reports.get(&player);
        let own = self.statistics.get(&player);
        StatKind::ALL
            .into_iter()
            .map(|kind| {
                let value = match spied.and_then(|s| s.get(&kind)) {
                    Some(report) => StatValue::Spied(report.clone()),
                    None => StatValue::Own(
                        own.and_then(|row| row.get(&kind))
                            .copied()
                            .unwrap_or_else(|| statistic(self.galaxy, player, kind)),
                    ),
                };
                (kind, value)
            })
            .collect()
    }
}

/// What the viewer knows that changes how others' things are shown.
struct Viewer {
    id: PlayerId,
    class: Option<Class>,
    rad: u32,
    ali: u32,
    /// The Jihad target, for a missionary in Jihad (corruption lines, VI.4.1).
    jihad: Option<PlayerId>,
}

impl Viewer {
    fn new(id: PlayerId, me: Option<&Player>) -> Self {
        Viewer {
            id,
            class: me.and_then(|p| p.class),
            rad: me.map_or(0, |p| p.tech.level(Tech::Rad)),
            ali: me.map_or(0, |p| p.tech.level(Tech::Ali)),
            jihad: me
                .filter(|p| p.class == Some(Class::Missionary))
                .and_then(|p| p.declarations.jihad)
                .map(|j| j.target),
        }
    }
}

/// The name of a player as CRs print it; `None` for the neutral player and for
/// an unknown number.
/// A sum of counts as the CR's `u32` fields hold it. The model's sums are `u64`
/// (exact); a save whose world or fleet passes `u32::MAX` in total is refused on
/// load (`game::save::check_galaxy`), and should a turn push one past it, the CR
/// shows `u32::MAX` rather than a wrapped number.
fn shown(total: u64) -> u32 {
    u32::try_from(total).unwrap_or(u32::MAX)
}

fn player_name(galaxy: &Galaxy, id: PlayerId) -> Option<String> {
    if id.is_neutral() {
        return None;
    }
    galaxy.player(id).map(|p| p.name.clone())
}

/// Ruling G-62 (IV.1): a CR describes the worlds the player owns, the worlds where
/// he has at least one fleet (even empty) or VI/VP at the end of the turn, the
/// worlds he probed this turn, the worlds where he has converts, the worlds that
/// received his emigrants this turn and the black holes he crossed — each with
/// all fleets and traces on it; their neighbours appear only as numbers. A player
/// knows by name every player named on his CR — the owner of a world it describes
/// or of a fleet on such a world ("Les nouvelles rencontres", VII.3); knowing a name
/// is never lost.
///
/// Every player's described worlds (the neutral player's too), in one pass over
/// the galaxy.
fn described_worlds_of_all(
    galaxy: &Galaxy,
    record: &TurnRecord,
) -> BTreeMap<PlayerId, BTreeSet<WorldId>> {
    let mut by_player: BTreeMap<PlayerId, BTreeSet<WorldId>> = BTreeMap::new();
    for world in galaxy.worlds.values() {
        by_player.entry(world.owner).or_default().insert(world.id);
        for (&missionary, &converts) in &world.population.converts {
            if converts > 0 {
                by_player.entry(missionary).or_default().insert(world.id);
            }
        }
    }
    for fleet in galaxy.fleets.values() {
        by_player
            .entry(fleet.owner)
            .or_default()
            .insert(fleet.world);
    }
    for seen in [
        &record.probed,
        &record.emigrated_to,
        &record.black_holes_crossed,
    ] {
        for (&player, worlds) in seen {
            by_player
                .entry(player)
                .or_default()
                .extend(worlds.iter().copied());
        }
    }
    for worlds in by_player.values_mut() {
        worlds.retain(|id| galaxy.worlds.contains_key(id));
    }
    by_player
}

/// The worlds every player's CR describes (the same rule as the projection,
/// G-62), in one pass over the galaxy: what the resolver needs at the end of a
/// turn for contacts and explorers' localisations.
pub fn described_worlds_by_player(
    galaxy: &Galaxy,
    record: &TurnRecord,
) -> BTreeMap<PlayerId, BTreeSet<WorldId>> {
    let mut by_player = described_worlds_of_all(galaxy, record);
    by_player.remove(&PlayerId::NEUTRAL);
    by_player
}

/// `M_65 * Trou noir *****`: a black hole the player knows.
fn black_hole_view(id: WorldId) -> WorldView {
    WorldView {
        id,
        black_hole: true,
        ..WorldView::default()
    }
}

fn world_view(
    galaxy: &Galaxy,
    viewer: &Viewer,
    world: &World,
    record: &TurnRecord,
    ruleset: &Ruleset,
) -> WorldView {
    let population = &world.population;
    let converts = population.converts_total();
    let explorer = viewer.class == Some(Class::Explorer);
    let connections = world
        .connections
        .iter()
        .map(|&id| Connection {
            world: id,
            black_hole: explorer && galaxy.world(id).is_some_and(|w| w.black_hole),
        })
        .collect();
    let coords_shown = match viewer.rad {
        0 => false,
        1 => world.owner == viewer.id,
        _ => true,
    };
    let mut view = WorldView {
        id: world.id,
        start_world: shows_start_world(world, viewer.id),
        bombed: world.bombed,
        black_hole: false,
        connections: Some(connections),
        owner: Some(owner_view(galaxy, world, record)),
        converts_owner: population
            .main_missionary()
            .and_then(|m| player_name(galaxy, m)),
        coords: coords_shown.then_some(world.coords),
        coords_approximate: false,
        elided: false,
        line: 0,
        ..WorldView::default()
    }
    .with_counts([
        (Count::Industries, Some(world.industries)),
        (Count::ActiveIndustries, Some(world.active_industries)),
        (Count::Vi, Some(world.vi)),
        (Count::Population, Some(shown(population.humans()))),
        (Count::Converts, Some(shown(converts))),
        (Count::Robots, Some(population.robots)),
        (Count::PopLimit, Some(world.pop_limit)),
        (Count::Vp, Some(world.vp)),
        (Count::Mp, Some(world.mp)),
        (Count::Mining, Some(world.mining)),
        (Count::Pc, Some(world.pc_unloads)),
        (Count::PillageCount, Some(world.pillage_count)),
        (Count::PillageRecovery, Some(world.pillage_recovery)),
        (Count::Pe, Some(world.pe)),
        (Count::Meva, Some(world.meva)),
        (
            Count::MevaSlots,
            (world.meva > 0).then(|| ruleset.meva_slots()),
        ),
        (Count::GrowthRate, growth_rate(world, ruleset)),
    ]);
    view.set_vi_fire(record.fire.get(&Shooter::Vi(world.id)).copied());
    view.set_vp_fire(record.fire.get(&Shooter::Vp(world.id)).copied());
    view.set_deaths(record.deaths.get(&world.id).cloned().unwrap_or_default());
    view.set_name(world.name.clone());
    view.set_corrupted_by(corrupted_by(galaxy, viewer, world, ruleset));
    view
}

/// Ruling G-16 (III.2): a start world is shown `Md_` only on its owner's own CR,
/// while its current owner is its original owner; everybody else sees `M_`, so a
/// world read as `M_` may still be another player's start world (`start_world:
/// false` only says "not shown as a start world").
fn shows_start_world(world: &World, viewer: PlayerId) -> bool {
    world.start_owner == Some(viewer) && world.owner == viewer
}

/// The owner block of a world line.
fn owner_view(galaxy: &Galaxy, world: &World, record: &TurnRecord) -> OwnerView {
    let name = player_name(galaxy, world.owner);
    let previous = record
        .world_previous_owner
        .get(&world.id)
        .filter(|&&p| p != world.owner)
        .and_then(|&p| player_name(galaxy, p));
    let (owned_turns, mining_counter) = if name.is_some() {
        possession_counters(world)
    } else {
        (0, None)
    };
    OwnerView {
        name: name.map(Name::from),
        previous,
        owned_turns,
        mining_counter,
        event: record.world_events.get(&world.id).copied(),
    }
}

/// Ruling G-17 (III.1.3): the possession counter `o` is shown (`"Maxtor:5"`) iff
/// o ≥ 1 or the mining counter c is shown; c is shown (`"GASKOR:2:5"`) iff c ≠ o;
/// a world of mining capacity 0 whose counter no MEVA started (c = 0) shows none.
/// Read back, an owner block without `:o` means a possession counter of 0
/// (`"Maxtor"`, `"Miria"!`), `:o:c` gives c apart (`"Miranda:0:3"`) and `:o` alone
/// means c = o (`mining_counter: None`).
fn possession_counters(world: &World) -> (u32, Option<u32>) {
    if world.mining == 0 && world.mining_counter == 0 {
        return (0, None);
    }
    let o = world.owned_turns;
    let c = world.mining_counter;
    (o, (c != o).then_some(c))
}

/// `+Pop=+17.5%`: the total growth rate, shown only on worlds improved by MEVA P
/// (VI.6.2), in tenths of a percent.
fn growth_rate(world: &World, ruleset: &Ruleset) -> Option<u32> {
    if world.growth_bonus == 0 {
        return None;
    }
    let base = ruleset.growth_rate(0).round_half_up_of(1000);
    Some(
        u32::try_from(base)
            .unwrap_or(u32::MAX)
            .saturating_add(world.growth_bonus),
    )
}

/// `Corrompu par : "X"` (VI.4.1): on the CR of a missionary in Jihad, under each
/// world his Jihad target corrupted — the target captured it first, owns it, or
/// owned it `combat.jihad_corruption_turns` (5) turns or more — the ruleset's age,
/// the one the resolver's Jihad scoring reads too.
fn corrupted_by(
    galaxy: &Galaxy,
    viewer: &Viewer,
    world: &World,
    ruleset: &Ruleset,
) -> Option<String> {
    let target = viewer.jihad?;
    let corrupted = world.first_captor == Some(target)
        || world.owner == target
        || world.ownership_turns.get(&target).copied().unwrap_or(0)
            >= ruleset.combat.jihad_corruption_turns;
    if corrupted {
        player_name(galaxy, target)
    } else {
        None
    }
}

fn fleet_view(galaxy: &Galaxy, viewer: &Viewer, fleet: &Fleet, record: &TurnRecord) -> FleetView {
    let own = fleet.owner == viewer.id;
    let owner = player_name(galaxy, fleet.owner);
    let previous_owner = record
        .fleet_previous_owner
        .get(&fleet.id)
        .filter(|&&p| p != fleet.owner)
        .and_then(|&p| player_name(galaxy, p));
    let has_owner_block = owner.is_some() || previous_owner.is_some();
    let total = fleet.ships();
    let (vc, vt, cargo) = if own || total == 0 {
        // Your own fleets show everything; an empty fleet shows no ships block:
        // it is known to carry nothing.
        (Some(fleet.vc), Some(fleet.vt), Some(cargo_view(fleet)))
    } else if viewer.ali >= 1 {
        // IV.3.6: from ALI 1 the composition of others' fleets shows (`[?]=6+18T`).
        (Some(fleet.vc), Some(fleet.vt), None)
    } else {
        // IV.3.6: at ALI 0 only the total shows (`[?]=24?`).
        (None, None, None)
    };
    FleetView {
        id: fleet.id,
        world: Some(fleet.world),
        bomb: fleet.bomb,
        owner: owner.map(Name::from),
        previous_owner,
        at_peace: has_owner_block.then_some(fleet.at_peace && !fleet.owner.is_neutral()),
        event: record.fleet_events.get(&fleet.id).copied(),
        vc,
        vt,
        total: Some(shown(total)),
        cargo,
        from: record.arrivals.get(&fleet.id).map(|&m| Origin::World(m)),
        fire: record.fire.get(&Shooter::Fleet(fleet.id)).copied(),
        line: 0,
    }
}

fn cargo_view(fleet: &Fleet) -> CargoView {
    CargoView {
        mp: fleet.cargo.mp,
        n: fleet.cargo.n,
        c: fleet.cargo.c,
        r: fleet.cargo.r,
    }
}

fn treasure_view(treasure: &Treasure, site: TreasureSite) -> TreasureView {
    debug_assert!(match (treasure.location, site) {
        (TreasureLocation::World(a), TreasureSite::World(b)) => a == b,
        (TreasureLocation::Fleet(a), TreasureSite::Fleet(b)) => a == b,
        _ => false,
    });
    TreasureView {
        id: treasure.id,
        name: treasure.name(),
        kind: Some(treasure.kind),
        site,
        line: 0,
    }
}

/// The technology block: levels, UP invested, the next level's cost, `(max)` at
/// the maximum level, and the CA / CD the ATT and DEF levels give.
fn tech_view(me: &Player, ruleset: &Ruleset) -> TechView {
    let class = me.class.unwrap_or(Class::Emperor);
    let lines = Tech::ALL
        .into_iter()
        .map(|tech| {
            let level = me.tech.level(tech);
            let at_max = ruleset
                .tech_max(class, tech)
                .is_some_and(|max| level >= max);
            TechLine {
                tech,
                level,
                invested: if at_max { 0 } else { me.tech.progress(tech) },
                cost: (!at_max).then(|| ruleset.tech_cost(class, tech)),
            }
        })
        .collect();
    TechView {
        lines,
        catt: Some(ruleset.catt(me.tech.level(Tech::Att))),
        cdef: Some(ruleset.cdef(me.tech.level(Tech::Def))),
    }
}

/// "Vous connaissez de nom", by number; the player himself is not listed.
///
/// Ruling G-135 (VII.2): player number 0 is the neutral player, never known by
/// name: never listed in `Vous connaissez de nom` nor in the NBT's
/// `known_players`, and no declaration nor gift can name him.
fn known_players(galaxy: &Galaxy, me: &Player) -> Vec<PlayerRef> {
    me.known_players
        .iter()
        .filter(|&&id| !id.is_neutral() && id != me.id)
        .filter_map(|&id| galaxy.player(id))
        .map(|p| PlayerRef {
            name: p.name.clone(),
            number: Some(p.id.0),
        })
        .collect()
}

/// The ATT and DEF levels the player's ALI shows of the players he knows by
/// name (IV.3.6), by number; those of whom it shows nothing are left out.
fn known_levels(galaxy: &Galaxy, me: &Player, ruleset: &Ruleset) -> Vec<KnownLevels> {
    let viewer_ali = me.tech.level(Tech::Ali);
    me.known_players
        .iter()
        .filter(|&&id| !id.is_neutral() && id != me.id)
        .filter_map(|&id| galaxy.player(id))
        .filter_map(|p| {
            let (attack, defense) = ruleset.levels_seen(viewer_ali, &p.tech);
            (attack.is_some() || defense.is_some()).then(|| KnownLevels {
                player: PlayerRef {
                    name: p.name.clone(),
                    number: Some(p.id.0),
                },
                attack,
                defense,
            })
        })
        .collect()
}

/// A player's standing declarations as (kind, target, turn), by kind then target.
fn declarations_of(player: &Player) -> Vec<(DeclarationKind, PlayerId, Option<u32>)> {
    let d = &player.declarations;
    let mut list = Vec::new();
    for (kind, set) in [
        (DeclarationKind::Ally, &d.allies),
        (DeclarationKind::MpLoader, &d.mp_loaders),
        (DeclarationKind::PopLoader, &d.pop_loaders),
        (DeclarationKind::PopUnloader, &d.pop_unloaders),
        (DeclarationKind::Pillager, &d.pillagers),
    ] {
        list.extend(set.iter().map(|&target| (kind, target, None)));
    }
    if let Some(jihad) = d.jihad {
        list.push((
            DeclarationKind::Jihad,
            jihad.target,
            Some(jihad.declared_turn),
        ));
    }
    list
}

/// Every player's statistics (same values as [`statistic`]), in one pass over the
/// galaxy: what spy rankings need, where one player's value alone would cost a pass
/// per player.
pub fn statistics_table(galaxy: &Galaxy) -> BTreeMap<PlayerId, BTreeMap<StatKind, u64>> {
    let mut table: BTreeMap<PlayerId, BTreeMap<StatKind, u64>> = BTreeMap::new();
    for player in galaxy.players.keys() {
        table.insert(*player, StatKind::ALL.iter().map(|k| (*k, 0u64)).collect());
    }
    let mut add = |player: PlayerId, kind: StatKind, value: u64| {
        if let Some(row) = table.get_mut(&player)
            && let Some(slot) = row.get_mut(&kind)
        {
            *slot += value;
        }
    };
    for w in galaxy.worlds.values() {
        for (&missionary, &converts) in &w.population.converts {
            add(missionary, StatKind::Converts, u64::from(converts));
        }
        let owner = w.owner;
        add(owner, StatKind::MiningCapacity, u64::from(w.mining));
        add(owner, StatKind::Populations, w.population.humans());
        add(owner, StatKind::Robots, u64::from(w.population.robots));
        add(owner, StatKind::Worlds, 1);
        add(owner, StatKind::Industries, u64::from(w.industries));
        add(
            owner,
            StatKind::ActiveIndustries,
            u64::from(w.active_industries),
        );
        add(owner, StatKind::Ships, u64::from(w.vi) + u64::from(w.vp));
    }
    for f in galaxy.fleets.values() {
        add(f.owner, StatKind::Cargo, f.cargo.total());
        add(f.owner, StatKind::Fleets, 1);
        add(f.owner, StatKind::Ships, f.ships());
    }
    for t in galaxy.treasures.values() {
        let owner = match t.location {
            TreasureLocation::World(w) => galaxy.world(w).map(|w| w.owner),
            TreasureLocation::Fleet(f) => galaxy.fleet(f).map(|f| f.owner),
        };
        if let Some(owner) = owner {
            add(owner, StatKind::Treasures, 1);
        }
    }
    table
}

/// Ruling G-123 (IV.4): Vaisseaux = VC + VT of the player's fleets + VI + VP of
/// his worlds; Cargaison transportée = MP + N + C + R on his fleets; Populations
/// = N + C on his worlds (robots excluded); Convertis = his converts on every
/// world; Robots = robots on his worlds; Trésors = treasures on his worlds and
/// fleets; Capacité minière, Industries, Industries actives and Mondes count his
/// worlds' nominal values.
pub fn statistic(galaxy: &Galaxy, player: PlayerId, kind: StatKind) -> u64 {
    let worlds = || galaxy.worlds_of(player);
    let fleets = || galaxy.fleets_of(player);
    let sum = |values: &mut dyn Iterator<Item = u32>| values.map(u64::from).sum::<u64>();
    match kind {
        StatKind::MiningCapacity => sum(&mut worlds().map(|w| w.mining)),
        StatKind::Populations => worlds().map(|w| w.population.humans()).sum(),
        StatKind::Converts => sum(&mut galaxy
            .worlds
            .values()
            .map(|w| w.population.converts.get(&player).copied().unwrap_or(0))),
        StatKind::Robots => sum(&mut worlds().map(|w| w.population.robots)),
        StatKind::Cargo => fleets().map(|f| f.cargo.total()).sum(),
        StatKind::Worlds => worlds().count() as u64,
        StatKind::Fleets => fleets().count() as u64,
        StatKind::Industries => sum(&mut worlds().map(|w| w.industries)),
        StatKind::ActiveIndustries => sum(&mut worlds().map(|w| w.active_industries)),
        StatKind::Ships => {
            fleets().map(|f| f.ships()).sum::<u64>()
                + worlds()
                    .map(|w| u64::from(w.vi) + u64::from(w.vp))
                    .sum::<u64>()
        }
        StatKind::Treasures => galaxy
            .treasures
            .values()
            .filter(|t| match t.location {
                TreasureLocation::World(w) => galaxy.world(w).is_some_and(|w| w.owner == player),
                TreasureLocation::Fleet(f) => galaxy.fleet(f).is_some_and(|f| f.owner == player),
            })
            .count() as u64,
    }
}

/// The final ranking, on the last turn's CR: every player but the neutral one,
/// by score (highest first), equal scores sharing a rank and listed by number.
fn ranking(galaxy: &Galaxy) -> Vec<RankingEntry> {
    let mut players: Vec<&Player> = galaxy
        .players
        .values()
        .filter(|p| !p.is_neutral())
        .collect();
    players.sort_by(|a, b| b.score.cmp(&a.score).then(a.id.cmp(&b.id)));
    let mut entries: Vec<RankingEntry> = Vec::with_capacity(players.len());
    for (i, p) in players.iter().enumerate() {
        let rank = match entries.last() {
            Some(last) if last.score == p.score => last.rank,
            _ => i as u32 + 1,
        };
        entries.push(RankingEntry {
            rank,
            player: PlayerRef {
                name: p.name.clone(),
                number: Some(p.id.0),
            },
            score: p.score,
        });
    }
    entries
}
