//! Resolver scenarios: a small galaxy, every player's orders and the expected
//! results, written by hand in RON (`tests/fixtures/resolve/<name>/scenario.ron`).
//!
//! Only what matters is written: every field has a default. Expected values are
//! `"key": "value"` pairs read from the galaxy after the turn (see [`value`] for the
//! keys; optional fields are written without `Some(…)`), the exact list of voided orders (`"player:line code"`), and optional
//! expected events (see [`event_line`]).

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::Path;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Deserialize;

use nebutil::model::treasure::{Treasure, TreasureKind, TreasureLocation};
use nebutil::model::{Class, Coords, Fleet, Galaxy, Player, PlayerId, Population, Tech, World};
use nebutil::orders::parse_orders;
use nebutil::resolve::{Cause, EventKind, Holder, PeopleKind, Place, TurnOutcome, resolve_turn};
use nebutil::rules::Ruleset;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Scenario {
    /// What the scenario shows (and the book section or gap it comes from).
    pub about: String,
    /// `"2002"` (default) or `"1999"`.
    #[serde(default = "default_rules")]
    pub rules: String,
    /// Ruleset fields changed for this scenario, by field name as the RON file
    /// writes it (`"up_overcommitment": "DropWhole"`, `"overpopulation_death":
    /// "\"1/1\""`): the first line of the built-in file defining that field gets
    /// the new value.
    #[serde(default)]
    pub rules_overrides: BTreeMap<String, String>,
    #[serde(default = "default_turn")]
    pub turn: u32,
    #[serde(default = "default_final")]
    pub final_turn: u32,
    #[serde(default)]
    pub seed: u64,
    pub players: Vec<PlayerSpec>,
    pub worlds: Vec<WorldSpec>,
    #[serde(default)]
    pub fleets: Vec<FleetSpec>,
    #[serde(default)]
    pub treasures: Vec<TreasureSpec>,
    /// Orders per player number, as an order file's text.
    #[serde(default)]
    pub orders: BTreeMap<u32, String>,
    /// Expected values after the turn.
    #[serde(default)]
    pub expect: BTreeMap<String, String>,
    /// Exactly the orders voided: `"player:line code"`.
    #[serde(default)]
    pub voided: Vec<String>,
    /// Event lines (see [`event_line`]) that must appear in the log.
    #[serde(default)]
    pub events: Vec<String>,
}

fn default_rules() -> String {
    "2002".into()
}
fn default_turn() -> u32 {
    5
}
fn default_final() -> u32 {
    30
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayerSpec {
    pub id: u32,
    pub name: String,
    pub class: Class,
    /// Tech levels by keyword (`DEP`, `ATT`, `DEF`, `RAD`, `ALI`, `CAR`); others initial.
    #[serde(default)]
    pub tech: BTreeMap<String, u32>,
    /// UP invested toward the next level, by keyword.
    #[serde(default)]
    pub progress: BTreeMap<String, u32>,
    #[serde(default)]
    pub allies: Vec<u32>,
    #[serde(default)]
    pub mp_loaders: Vec<u32>,
    #[serde(default)]
    pub pop_loaders: Vec<u32>,
    #[serde(default)]
    pub pop_unloaders: Vec<u32>,
    #[serde(default)]
    pub pillagers: Vec<u32>,
    /// Jihad target and the turn it was declared.
    #[serde(default)]
    pub jihad: Option<(u32, u32)>,
    #[serde(default)]
    pub known: Vec<u32>,
    #[serde(default)]
    pub score: i64,
    /// Worlds this (explorer) player has already observed / localised.
    #[serde(default)]
    pub observed: Vec<u32>,
    #[serde(default)]
    pub localised: Vec<u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct WorldSpec {
    pub id: u32,
    pub links: Vec<u32>,
    pub coords: (u32, u32),
    pub owner: u32,
    pub owned_turns: u32,
    pub mining_counter: Option<u32>,
    pub industries: u32,
    /// Active industries; defaults to `industries`.
    pub active: Option<u32>,
    pub vi: u32,
    pub vp: u32,
    pub n: u32,
    /// Converts per missionary.
    pub c: BTreeMap<u32, u32>,
    pub r: u32,
    pub limit: u32,
    pub growth_bonus: u32,
    pub mp: u32,
    pub mining: u32,
    pub pillage_count: u32,
    pub pillage_recovery: u32,
    pub pc: u32,
    pub pe: u32,
    pub meva: u32,
    pub bombed: bool,
    pub black_hole: bool,
    pub start_of: Option<u32>,
    pub name: Option<String>,
    pub first_captor: Option<u32>,
    /// Turns each player (not the owner) possessed the world before (VI.4.1's
    /// corruption: "a possédé 5 tours ou plus le monde").
    pub possessed: BTreeMap<u32, u32>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct FleetSpec {
    pub id: u32,
    pub world: u32,
    pub owner: u32,
    pub vc: u32,
    pub vt: u32,
    pub mp: u32,
    pub n: u32,
    pub c: u32,
    pub c_of: Option<u32>,
    pub r: u32,
    pub peace: bool,
    pub bomb: bool,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TreasureSpec {
    pub id: u32,
    /// The treasure's name as the CR writes it ("La machine perdue").
    pub name: String,
    /// `"M_12"` or `"F_5"`.
    pub at: String,
}

fn tech_of(keyword: &str) -> Tech {
    Tech::from_keyword(keyword).unwrap_or_else(|| panic!("unknown tech {keyword}"))
}

impl Scenario {
    pub fn load(path: &Path) -> Scenario {
        let text =
            std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        ron::Options::default()
            .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
            .from_str(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
    }

    pub fn ruleset(&self) -> Ruleset {
        if self.rules_overrides.is_empty() {
            return Ruleset::builtin(&self.rules)
                .unwrap_or_else(|e| panic!("rules {}: {e:?}", self.rules));
        }
        let text = Ruleset::builtin_text(&self.rules)
            .unwrap_or_else(|| panic!("no built-in rules {}", self.rules));
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        for (field, value) in &self.rules_overrides {
            let prefix = format!("{field}:");
            let line = lines
                .iter_mut()
                .find(|l| l.trim_start().starts_with(&prefix))
                .unwrap_or_else(|| panic!("no field {field} in rules {}", self.rules));
            let indent = line.len() - line.trim_start().len();
            *line = format!("{}{field}: {value},", &line[..indent]);
        }
        Ruleset::from_ron(&lines.join("\n"))
            .unwrap_or_else(|e| panic!("rules {} with overrides: {e:?}", self.rules))
    }

    pub fn galaxy(&self) -> Galaxy {
        let mut galaxy = Galaxy {
            width: 100,
            height: 100,
            turn: self.turn,
            final_turn: self.final_turn,
            ..Galaxy::default()
        };
        galaxy.players.insert(PlayerId::NEUTRAL, Player::neutral());
        for spec in &self.players {
            let mut p = Player::new(PlayerId(spec.id), &spec.name, Some(spec.class));
            for (k, v) in &spec.tech {
                p.tech.set_level(tech_of(k), *v);
            }
            for (k, v) in &spec.progress {
                p.tech.set_progress(tech_of(k), *v);
            }
            let ids = |v: &Vec<u32>| v.iter().map(|i| PlayerId(*i)).collect();
            p.declarations.allies = ids(&spec.allies);
            p.declarations.mp_loaders = ids(&spec.mp_loaders);
            p.declarations.pop_loaders = ids(&spec.pop_loaders);
            p.declarations.pop_unloaders = ids(&spec.pop_unloaders);
            p.declarations.pillagers = ids(&spec.pillagers);
            p.declarations.jihad = spec.jihad.map(|(t, turn)| nebutil::model::player::Jihad {
                target: PlayerId(t),
                declared_turn: turn,
            });
            p.known_players = ids(&spec.known);
            p.score = spec.score;
            p.observed = spec.observed.iter().copied().collect();
            p.localised = spec.localised.iter().copied().collect();
            galaxy.players.insert(p.id, p);
        }
        for spec in &self.worlds {
            let mut w = World::new(
                spec.id,
                spec.links.clone(),
                Coords {
                    x: spec.coords.0,
                    y: spec.coords.1,
                },
            );
            w.owner = PlayerId(spec.owner);
            w.owned_turns = spec.owned_turns;
            w.mining_counter = spec.mining_counter.unwrap_or(spec.owned_turns);
            w.industries = spec.industries;
            w.active_industries = spec.active.unwrap_or(spec.industries);
            w.vi = spec.vi;
            w.vp = spec.vp;
            w.population = Population {
                non_converts: spec.n,
                converts: spec.c.iter().map(|(p, n)| (PlayerId(*p), *n)).collect(),
                robots: spec.r,
            };
            w.pop_limit = spec.limit;
            w.growth_bonus = spec.growth_bonus;
            w.mp = spec.mp;
            w.mining = spec.mining;
            w.pillage_count = spec.pillage_count;
            w.pillage_recovery = spec.pillage_recovery;
            w.pc_unloads = spec.pc;
            w.pe = spec.pe;
            w.meva = spec.meva;
            w.bombed = spec.bombed;
            w.black_hole = spec.black_hole;
            w.start_owner = spec.start_of.map(PlayerId);
            w.name = spec.name.clone();
            w.first_captor = spec.first_captor.map(PlayerId);
            for (player, turns) in &spec.possessed {
                w.ownership_turns.insert(PlayerId(*player), *turns);
            }
            if w.owner != PlayerId::NEUTRAL {
                w.ownership_turns.insert(w.owner, w.owned_turns);
            }
            galaxy.worlds.insert(w.id, w);
        }
        for spec in &self.fleets {
            let mut f = Fleet::new(spec.id, PlayerId(spec.owner), spec.world);
            f.vc = spec.vc;
            f.vt = spec.vt;
            f.cargo.mp = spec.mp;
            f.cargo.n = spec.n;
            f.cargo.c = spec.c;
            f.cargo.c_missionary = spec.c_of.map(PlayerId);
            f.cargo.r = spec.r;
            f.at_peace = spec.peace;
            f.bomb = spec.bomb;
            galaxy.fleets.insert(f.id, f);
        }
        for spec in &self.treasures {
            let kind = TreasureKind::from_name(&spec.name)
                .unwrap_or_else(|| panic!("unknown treasure {}", spec.name));
            let location = if let Some(w) = spec.at.strip_prefix("M_") {
                TreasureLocation::World(w.parse().expect("world number"))
            } else if let Some(f) = spec.at.strip_prefix("F_") {
                TreasureLocation::Fleet(f.parse().expect("fleet number"))
            } else {
                panic!("treasure place {}", spec.at)
            };
            galaxy.treasures.insert(
                spec.id,
                Treasure {
                    id: spec.id,
                    kind,
                    location,
                },
            );
        }
        galaxy
    }

    /// Runs the turn with the scenario's seed.
    pub fn run(&self) -> (Galaxy, TurnOutcome) {
        let galaxy = self.galaxy();
        let mut submissions = BTreeMap::new();
        for (player, text) in &self.orders {
            let file = parse_orders(text);
            assert!(
                file.diagnostics.is_empty(),
                "orders of player {player} do not parse: {:?}",
                file.diagnostics
            );
            submissions.insert(PlayerId(*player), file.orders);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(self.seed);
        let outcome = resolve_turn(&galaxy, &submissions, &self.ruleset(), &mut rng);
        (galaxy, outcome)
    }

    /// Runs the scenario and returns every mismatch (empty = pass).
    pub fn check(&self) -> Vec<String> {
        let (_, outcome) = self.run();
        let mut problems = Vec::new();
        for (key, expected) in &self.expect {
            match value(&outcome.galaxy, key).or_else(|| record_value(&outcome.record, key)) {
                Some(actual) if &actual == expected => {}
                Some(actual) => problems.push(format!("{key}: expected {expected}, got {actual}")),
                None => problems.push(format!("{key}: no such value")),
            }
        }
        let mut voided: Vec<String> = outcome
            .voided()
            .map(|v| format!("{}:{} {}", v.player.0, v.order.span.line, v.diagnostic.code))
            .collect();
        voided.sort();
        let mut expected_voided = self.voided.clone();
        expected_voided.sort();
        if voided != expected_voided {
            problems.push(format!(
                "voided: expected {expected_voided:?}, got {voided:?}"
            ));
        }
        let lines: Vec<String> = outcome
            .events
            .iter()
            .filter_map(|e| event_line(&e.kind))
            .collect();
        for wanted in &self.events {
            if !lines.contains(wanted) {
                problems.push(format!(
                    "event {wanted:?} not in the log:\n  {}",
                    lines.join("\n  ")
                ));
            }
        }
        problems
    }
}

/// A value of the galaxy by key:
/// - worlds `M_m.<field>`: owner, owned_turns, mining_counter, industries, active,
///   vi, vp, N, C (all converts), C_j (converts of player j), R, limit, growth_bonus,
///   mp, mining, pillage_count, pillage_recovery, pc, pe, meva, bombed, black_hole,
///   name, first_captor;
/// - fleets `F_f.<field>`: owner, world, vc, vt, MP, N, C, C_of, R, peace, bomb;
/// - players `J_j.<field>`: score, score_turn, DEP/ATT/DEF/RAD/ALI/CAR (levels),
///   progress_<TECH>, allies, mp_loaders, pop_loaders, pop_unloaders, pillagers,
///   jihad, known (lists as `1,2,3`), spies_<k>;
/// - treasures `T_t.at`: `M_m` or `F_f`;
/// - `turn`.
pub fn value(galaxy: &Galaxy, key: &str) -> Option<String> {
    if key == "turn" {
        return Some(galaxy.turn.to_string());
    }
    let (entity, field) = key.split_once('.')?;
    let list = |s: &std::collections::BTreeSet<PlayerId>| {
        s.iter()
            .map(|p| p.0.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    if let Some(id) = entity.strip_prefix("M_") {
        let w = galaxy.world(id.parse().ok()?)?;
        let p = &w.population;
        return Some(match field {
            "owner" => w.owner.0.to_string(),
            "owned_turns" => w.owned_turns.to_string(),
            "mining_counter" => w.mining_counter.to_string(),
            "industries" => w.industries.to_string(),
            "active" => w.active_industries.to_string(),
            "vi" => w.vi.to_string(),
            "vp" => w.vp.to_string(),
            "N" => p.non_converts.to_string(),
            "C" => p.converts_total().to_string(),
            "R" => p.robots.to_string(),
            "limit" => w.pop_limit.to_string(),
            "growth_bonus" => w.growth_bonus.to_string(),
            "mp" => w.mp.to_string(),
            "mining" => w.mining.to_string(),
            "pillage_count" => w.pillage_count.to_string(),
            "pillage_recovery" => w.pillage_recovery.to_string(),
            "pc" => w.pc_unloads.to_string(),
            "pe" => w.pe.to_string(),
            "meva" => w.meva.to_string(),
            "bombed" => w.bombed.to_string(),
            "black_hole" => w.black_hole.to_string(),
            "name" => w.name.clone().unwrap_or_default(),
            "first_captor" => w.first_captor.map(|p| p.0.to_string()).unwrap_or_default(),
            other => {
                let j: u32 = other.strip_prefix("C_")?.parse().ok()?;
                p.converts
                    .get(&PlayerId(j))
                    .copied()
                    .unwrap_or(0)
                    .to_string()
            }
        });
    }
    if let Some(id) = entity.strip_prefix("F_") {
        let f = galaxy.fleet(id.parse().ok()?)?;
        return Some(match field {
            "owner" => f.owner.0.to_string(),
            "world" => f.world.to_string(),
            "vc" => f.vc.to_string(),
            "vt" => f.vt.to_string(),
            "MP" => f.cargo.mp.to_string(),
            "N" => f.cargo.n.to_string(),
            "C" => f.cargo.c.to_string(),
            "C_of" => f
                .cargo
                .c_missionary
                .map(|p| p.0.to_string())
                .unwrap_or_default(),
            "R" => f.cargo.r.to_string(),
            "peace" => f.at_peace.to_string(),
            "bomb" => f.bomb.to_string(),
            _ => return None,
        });
    }
    if let Some(id) = entity.strip_prefix("J_") {
        let p = galaxy.player(PlayerId(id.parse().ok()?))?;
        let d = &p.declarations;
        return Some(match field {
            "score" => p.score.to_string(),
            "score_turn" => p.score_last_turn.to_string(),
            "allies" => list(&d.allies),
            "mp_loaders" => list(&d.mp_loaders),
            "pop_loaders" => list(&d.pop_loaders),
            "pop_unloaders" => list(&d.pop_unloaders),
            "pillagers" => list(&d.pillagers),
            "known" => list(&p.known_players),
            "jihad" => d
                .jihad
                .map(|j| format!("{}@{}", j.target.0, j.declared_turn))
                .unwrap_or_default(),
            other => {
                if let Some(t) = other.strip_prefix("progress_") {
                    p.tech.progress(Tech::from_keyword(t)?).to_string()
                } else if let Some(k) = other.strip_prefix("spies_") {
                    p.spies
                        .get(&k.parse().ok()?)
                        .copied()
                        .unwrap_or(0)
                        .to_string()
                } else {
                    p.tech.level(Tech::from_keyword(other)?).to_string()
                }
            }
        });
    }
    if let Some(id) = entity.strip_prefix("T_") {
        let t = galaxy.treasures.get(&id.parse().ok()?)?;
        if field != "at" {
            return None;
        }
        return Some(match t.location {
            TreasureLocation::World(w) => format!("M_{w}"),
            TreasureLocation::Fleet(f) => format!("F_{f}"),
        });
    }
    None
}

/// A compact line for a ledger or score event, for `events: [...]` expectations:
/// `ships F_5 VC -3 Fire`, `ships VI M_2 +4 Built`, `people M_2 N -5 Emigration`,
/// `people F_5 C3 +2 Load`, `mp M_2 -10 Production`, `industries M_2 +3 Built`,
/// `points J_1 +5 <reason>`, `owner M_2 1->3`, `owner F_5 1->3`, `moved F_5 M_1 M_2`.
pub fn event_line(kind: &EventKind) -> Option<String> {
    let signed = |d: i64| {
        if d >= 0 {
            format!("+{d}")
        } else {
            d.to_string()
        }
    };
    let place = |p: &Place| match p {
        Place::World(w) => format!("M_{w}"),
        Place::Fleet(f) => format!("F_{f}"),
    };
    let cause = |c: &Cause| format!("{c:?}");
    Some(match kind {
        EventKind::Ships {
            holder,
            kind,
            delta,
            cause: c,
        } => {
            let who = match holder {
                Holder::Fleet(f) => format!("F_{f} {}", format!("{kind:?}").to_uppercase()),
                Holder::Vi(w) => format!("VI M_{w}"),
                Holder::Vp(w) => format!("VP M_{w}"),
            };
            format!("ships {who} {} {}", signed(*delta), cause(c))
        }
        EventKind::People {
            place: p,
            kind,
            delta,
            cause: c,
        } => {
            let k = match kind {
                PeopleKind::N => "N".to_string(),
                PeopleKind::R => "R".to_string(),
                PeopleKind::C(j) => format!("C{}", j.0),
            };
            format!("people {} {k} {} {}", place(p), signed(*delta), cause(c))
        }
        EventKind::Mp {
            place: p,
            delta,
            cause: c,
        } => format!("mp {} {} {}", place(p), signed(*delta), cause(c)),
        EventKind::Industries {
            world,
            delta,
            cause: c,
        } => format!("industries M_{world} {} {}", signed(*delta), cause(c)),
        EventKind::Points {
            player,
            points,
            reason,
        } => format!("points J_{} {} {reason}", player.0, signed(*points)),
        EventKind::WorldOwner { world, from, to } => {
            format!("owner M_{world} {}->{}", from.0, to.0)
        }
        EventKind::FleetOwner { fleet, from, to } => {
            format!("owner F_{fleet} {}->{}", from.0, to.0)
        }
        EventKind::Moved { fleet, path } => format!(
            "moved F_{fleet} {}",
            path.iter()
                .map(|w| format!("M_{w}"))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        EventKind::GameOver { ranking } => format!(
            "game-over {}",
            ranking
                .iter()
                .map(|(p, s)| format!("J_{}={s}", p.0))
                .collect::<Vec<_>>()
                .join(" ")
        ),
        _ => return None,
    })
}

/// A value of the turn's record (the CR markers) by key:
/// - `trace.F_f`: the fleet's traces in order, `M_w>M_to` for a departure,
///   `M_w<M_from>M_to` for a crossing, `*` appended when ambushed there;
/// - `arrival.F_f`: the world it came from (`M_w`);
/// - `fire.F_f`, `fire.VI_m`, `fire.VP_m`: the fire marker (`F_g`, `M`, `P`, `I`, `N`,
///   `C`, `R`, `B`, `**`);
/// - `deaths.M_m`: the deaths markers (`351P,2C`);
/// - `black_holes.J_j`: the black holes the player fell into (`2,3`);
/// - `probed.J_j`, `emigrated.J_j`: the worlds the player probed, the worlds that
///   received his emigrants (`2,3`);
/// - `spies.J_j`: the spies he bought this turn, by category (`2:5,9:2`);
/// - `flag.M_m`, `flag.F_f`: the event flag after the owner block (`!`, `C`, `P`,
///   and `D` for a fleet that unloaded PC; empty when none).
pub fn record_value(record: &nebutil::model::record::TurnRecord, key: &str) -> Option<String> {
    use nebutil::model::record::Shooter;
    use nebutil::model::view::{FireMark, PopKind};
    let (kind, entity) = key.split_once('.')?;
    let fleet = || entity.strip_prefix("F_")?.parse::<u32>().ok();
    Some(match kind {
        "trace" => {
            let f = fleet()?;
            record
                .traces
                .iter()
                .filter(|t| t.fleet == f)
                .map(|t| {
                    let from = t.from.map(|m| format!("<M_{m}")).unwrap_or_default();
                    let star = if t.ambushed { "*" } else { "" };
                    format!("M_{}{from}>M_{}{star}", t.world, t.to)
                })
                .collect::<Vec<_>>()
                .join(",")
        }
        "arrival" => format!("M_{}", record.arrivals.get(&fleet()?)?),
        "fire" => {
            let shooter = if let Some(f) = fleet() {
                Shooter::Fleet(f)
            } else if let Some(m) = entity.strip_prefix("VI_") {
                Shooter::Vi(m.parse().ok()?)
            } else {
                Shooter::Vp(entity.strip_prefix("VP_")?.parse().ok()?)
            };
            match record.fire.get(&shooter)? {
                FireMark::Fleet(g) => format!("F_{g}"),
                FireMark::Protections => "M".into(),
                FireMark::Population => "P".into(),
                FireMark::Industries => "I".into(),
                FireMark::NonConverts => "N".into(),
                FireMark::Converts => "C".into(),
                FireMark::RobotAttack => "R".into(),
                FireMark::Bomb => "B".into(),
                FireMark::Ambush => "**".into(),
            }
        }
        "deaths" => {
            let m: u32 = entity.strip_prefix("M_")?.parse().ok()?;
            record
                .deaths
                .get(&m)?
                .iter()
                .map(|d| {
                    let letter = match d.kind {
                        PopKind::NonConverts => "P",
                        PopKind::Converts => "C",
                        PopKind::Robots => "R",
                    };
                    format!("{}{letter}", d.count)
                })
                .collect::<Vec<_>>()
                .join(",")
        }
        "flag" => {
            use nebutil::model::view::{FleetEvent, WorldEvent};
            if let Some(f) = fleet() {
                match record.fleet_events.get(&f) {
                    Some(FleetEvent::Gift) => "C",
                    Some(FleetEvent::UnloadedPc) => "D",
                    Some(FleetEvent::Pirated) => "P",
                    Some(FleetEvent::Captured) => "!",
                    None => "",
                }
                .into()
            } else {
                let m: u32 = entity.strip_prefix("M_")?.parse().ok()?;
                match record.world_events.get(&m) {
                    Some(WorldEvent::Captured) => "!",
                    Some(WorldEvent::Gift) => "C",
                    Some(WorldEvent::Pillaged) => "P",
                    None => "",
                }
                .into()
            }
        }
        "black_holes" => {
            let j: u32 = entity.strip_prefix("J_")?.parse().ok()?;
            record
                .black_holes_crossed
                .get(&PlayerId(j))?
                .iter()
                .map(|w| w.to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
        "probed" | "emigrated" => {
            let j: u32 = entity.strip_prefix("J_")?.parse().ok()?;
            let map = if kind == "probed" {
                &record.probed
            } else {
                &record.emigrated_to
            };
            map.get(&PlayerId(j))?
                .iter()
                .map(|w| w.to_string())
                .collect::<Vec<_>>()
                .join(",")
        }
        "spies" => {
            let j: u32 = entity.strip_prefix("J_")?.parse().ok()?;
            record
                .spies
                .get(&PlayerId(j))?
                .iter()
                .map(|(c, n)| format!("{c}:{n}"))
                .collect::<Vec<_>>()
                .join(",")
        }
        _ => return None,
    })
}
