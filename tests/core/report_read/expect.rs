//! The expectation files of the CR reader fixtures (`tests/fixtures/cr/**/*.expected`).
//!
//! One record per line, written by hand from the book's meaning; `#` starts a
//! comment line. Every record builds part of a complete expected
//! [`TurnView`]; the test compares the whole `TurnView` (every field of every
//! world, fleet, trace, treasure, statistic …) and the exact list of diagnostics.
//!
//! ```text
//! book <verbatim catalog line>        the catalog §2.3 line this case covers
//! world 15 line=1 conn=13,75,584 owner=Maxtor owned=5 ind=2 vi=3 pop=86 limit=167 vp=1 mp=7 mining=1
//! fleet 57 line=2 world=127 owner=Maxtor war ships=10+0 cargo=0
//! trace 57 line=5 world=127 owner=Maxtor to=48 [from=12|from=?] [ambushed]
//! treasure 57 line=2 site=world:124 name="La machine perdue" kind=machine,perdue
//! stat Populations 1247
//! stat Populations spy 1:1624 4:"TAPIMOKET":1299 mean=1051 error=10
//! techblock / tech Dep 4 4/10 / tech Rad 3 max / catt 50 / cdef 100
//! known "Miria":7 "Backchiche":9
//! game KARNAJ / turn 12 / player "Maxtor":5 / class Emperor / score 1234 / delta 56
//! declarations / made A "Miria":7 / made J "Backchiche":9 turn=4 / received DP "Miria":7
//! rank 1 "Maxtor":5 3456
//! diag warning cr-owner-spacing 1:24
//! ```
//!
//! World records start from the *full-line* base — every counted item known to be
//! 0, owner neutral, as the format contract says for a full world line — unless
//! the record says `elided` or `blackhole` (then everything starts unknown). Keys
//! then set values: `start`, `bombed`, `conn=a,@b` (`@` = black hole),
//! `owner=Name|neutral|?`, `prev=`, `owned=`, `mcount=`, `event=captured|gift|
//! pillaged`, `ind=n|a/n` (active a of n), `vi=`, `vifire=`, `pop=`, `conv=`,
//! `convowner=`, `robots=`, `limit=`, `vp=`, `vpfire=`, `deaths=351P,6C`, `mp=`,
//! `mining=`, `pc=`, `pi=k/r`, `pe=`, `meva=x/s`, `growth=` (tenths of %),
//! `coords=x,y`, `name=`, `corrupt=`. A value `?` sets the field unknown.
//!
//! Fleet records start all unknown: `world=`, `bomb`, `owner=`, `prev=`, `war`,
//! `peace`, `event=gift|unloaded|pirated|captured`, `vc=`, `vt=`, `total=`,
//! `ships=a+b` (vc, vt, total), `ships=?n` (total only), `cargo=mp,n,c,r` or
//! `cargo=0`, `from=124|?`, `fire=F43|M|P|I|N|C|R|B|**`.

use nebutil::diagnostic::Severity;
use nebutil::model::galaxy::Coords;
use nebutil::model::treasure::{ADJECTIVES, NOUNS, Special, TreasureKind};
use nebutil::model::view::{
    CargoView, Connection, Count, Deaths, DeclarationKind, DeclarationView, FireMark, FleetEvent,
    FleetView, Origin, OwnerView, PlayerRef, PopKind, RankingEntry, SpyEntry, SpyReport, StatKind,
    StatValue, TechLine, TraceView, TreasureSite, TreasureView, TurnView, WorldEvent, WorldView,
};
use nebutil::model::{Class, Tech};

/// What a fixture expects.
#[derive(Debug, Default)]
pub struct Expected {
    pub view: TurnView,
    /// (severity, code, line, column).
    pub diags: Vec<(Severity, String, u32, u32)>,
    /// The catalog lines the case covers.
    pub book: Vec<String>,
}

type R<T> = Result<T, String>;

/// Splits a record on spaces outside double quotes (quotes kept).
fn tokens(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    for c in line.chars() {
        if c == '"' {
            quoted = !quoted;
            current.push(c);
        } else if c.is_whitespace() && !quoted {
            if !current.is_empty() {
                out.push(std::mem::take(&mut current));
            }
        } else {
            current.push(c);
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

fn unquote(value: &str) -> String {
    value
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .unwrap_or(value)
        .to_string()
}

fn num(value: &str) -> R<u32> {
    value.parse().map_err(|_| format!("not a number: {value}"))
}

fn opt_num(value: &str) -> R<Option<u32>> {
    if value == "?" {
        Ok(None)
    } else {
        num(value).map(Some)
    }
}

fn opt_text(value: &str) -> Option<String> {
    (value != "?").then(|| unquote(value))
}

fn pair(value: &str, sep: char) -> R<(u32, u32)> {
    let (a, b) = value
        .split_once(sep)
        .ok_or_else(|| format!("expected a{sep}b: {value}"))?;
    Ok((num(a)?, num(b)?))
}

fn fire(value: &str) -> R<FireMark> {
    Ok(match value {
        "M" => FireMark::Protections,
        "P" => FireMark::Population,
        "I" => FireMark::Industries,
        "N" => FireMark::NonConverts,
        "C" => FireMark::Converts,
        "R" => FireMark::RobotAttack,
        "B" => FireMark::Bomb,
        "**" => FireMark::Ambush,
        other => match other.strip_prefix('F') {
            Some(n) => FireMark::Fleet(num(n)?),
            None => return Err(format!("bad fire mark {other}")),
        },
    })
}

/// `"Miria":7` or `"Miria"`.
fn player(token: &str) -> R<PlayerRef> {
    let rest = token
        .strip_prefix('"')
        .ok_or_else(|| format!("player must be quoted: {token}"))?;
    let (name, after) = rest
        .split_once('"')
        .ok_or_else(|| format!("unclosed player: {token}"))?;
    let number = match after.strip_prefix(':') {
        Some(n) => Some(num(n)?),
        None if after.is_empty() => None,
        None => return Err(format!("bad player: {token}")),
    };
    Ok(PlayerRef {
        name: name.to_string(),
        number,
    })
}

/// The full-line base of a world: every counted item 0, neutral owner.
fn full_world(id: u32) -> WorldView {
    WorldView {
        id,
        owner: Some(OwnerView::default()),
        ..WorldView::default()
    }
    .with_counts(Count::ON_EVERY_FULL_LINE.map(|count| (count, Some(0))))
}

fn world(toks: &[String]) -> R<WorldView> {
    let id = num(toks.get(1).ok_or("world without id")?)?;
    let rest = toks.get(2..).unwrap_or(&[]);
    let unknown = rest.iter().any(|t| t == "elided" || t == "blackhole");
    let mut w = if unknown {
        WorldView {
            id,
            ..WorldView::default()
        }
    } else {
        full_world(id)
    };
    for tok in rest {
        let (key, value) = tok.split_once('=').unwrap_or((tok.as_str(), ""));
        match key {
            "elided" => w.elided = true,
            "blackhole" => w.black_hole = true,
            "start" => w.start_world = true,
            "bombed" => w.bombed = true,
            "line" => w.line = num(value)?,
            "conn" => {
                w.connections = if value == "?" {
                    None
                } else if value == "none" {
                    Some(Vec::new())
                } else {
                    let mut list = Vec::new();
                    for part in value.split(',') {
                        let (black_hole, n) = match part.strip_prefix('@') {
                            Some(n) => (true, n),
                            None => (false, part),
                        };
                        list.push(Connection {
                            world: num(n)?,
                            black_hole,
                        });
                    }
                    Some(list)
                }
            }
            "owner" => {
                w.owner = match value {
                    "?" => None,
                    "neutral" => Some(OwnerView::default()),
                    name => Some(OwnerView {
                        name: Some(unquote(name).into()),
                        ..OwnerView::default()
                    }),
                }
            }
            "prev" => w.owner.get_or_insert_default().previous = opt_text(value),
            "owned" => w.owner.get_or_insert_default().owned_turns = num(value)?,
            "mcount" => w.owner.get_or_insert_default().mining_counter = opt_num(value)?,
            "event" => {
                w.owner.get_or_insert_default().event = Some(match value {
                    "captured" => WorldEvent::Captured,
                    "gift" => WorldEvent::Gift,
                    "pillaged" => WorldEvent::Pillaged,
                    other => return Err(format!("bad world event {other}")),
                })
            }
            "ind" => {
                if value == "?" {
                    w.set_industries(None);
                    w.set_active_industries(None);
                } else if value.contains('/') {
                    let (a, n) = pair(value, '/')?;
                    w.set_active_industries(Some(a));
                    w.set_industries(Some(n));
                } else {
                    w.set_industries(Some(num(value)?));
                    w.set_active_industries(Some(num(value)?));
                }
            }
            "vi" => w.set_vi(opt_num(value)?),
            "vifire" => w.set_vi_fire(Some(fire(value)?)),
            "pop" => w.set_population(opt_num(value)?),
            "conv" => w.set_converts(opt_num(value)?),
            "convowner" => w.converts_owner = opt_text(value),
            "robots" => w.set_robots(opt_num(value)?),
            "limit" => w.set_pop_limit(opt_num(value)?),
            "vp" => w.set_vp(opt_num(value)?),
            "vpfire" => w.set_vp_fire(Some(fire(value)?)),
            "deaths" => {
                for part in value.split(',') {
                    let (count, kind) = match part.char_indices().last() {
                        Some((i, 'P' | 'N')) => (&part[..i], PopKind::NonConverts),
                        Some((i, 'C')) => (&part[..i], PopKind::Converts),
                        Some((i, 'R')) => (&part[..i], PopKind::Robots),
                        _ => return Err(format!("deaths need a letter: {part}")),
                    };
                    w.push_death(Deaths {
                        count: num(count)?,
                        kind,
                    });
                }
            }
            "mp" => w.set_mp(opt_num(value)?),
            "mining" => w.set_mining(opt_num(value)?),
            "pc" => w.set_pc(opt_num(value)?),
            "pi" => {
                if value == "?" {
                    w.set_pillage_count(None);
                    w.set_pillage_recovery(None);
                } else {
                    let (k, r) = pair(value, '/')?;
                    w.set_pillage_count(Some(k));
                    w.set_pillage_recovery(Some(r));
                }
            }
            "pe" => w.set_pe(opt_num(value)?),
            "meva" => {
                if value == "?" {
                    w.set_meva(None);
                    w.set_meva_slots(None);
                } else {
                    let (x, s) = pair(value, '/')?;
                    w.set_meva(Some(x));
                    w.set_meva_slots(Some(s));
                }
            }
            "growth" => w.set_growth_rate(opt_num(value)?),
            "coords" => {
                let (x, y) = pair(value, ',')?;
                w.coords = Some(Coords { x, y });
            }
            "name" => w.set_name(opt_text(value)),
            "corrupt" => w.set_corrupted_by(opt_text(value)),
            other => return Err(format!("unknown world key {other}")),
        }
    }
    Ok(w)
}

fn fleet(toks: &[String]) -> R<FleetView> {
    let id = num(toks.get(1).ok_or("fleet without id")?)?;
    let mut f = FleetView {
        id,
        ..FleetView::default()
    };
    for tok in toks.get(2..).unwrap_or(&[]) {
        let (key, value) = tok.split_once('=').unwrap_or((tok.as_str(), ""));
        match key {
            "line" => f.line = num(value)?,
            "world" => f.world = opt_num(value)?,
            "bomb" => f.bomb = true,
            "owner" => f.owner = opt_text(value).map(Into::into),
            "prev" => f.previous_owner = opt_text(value),
            "war" => f.at_peace = Some(false),
            "peace" => f.at_peace = Some(true),
            "event" => {
                f.event = Some(match value {
                    "gift" => FleetEvent::Gift,
                    "unloaded" => FleetEvent::UnloadedPc,
                    "pirated" => FleetEvent::Pirated,
                    "captured" => FleetEvent::Captured,
                    other => return Err(format!("bad fleet event {other}")),
                })
            }
            "vc" => f.vc = opt_num(value)?,
            "vt" => f.vt = opt_num(value)?,
            "total" => f.total = opt_num(value)?,
            "ships" => {
                if let Some(total) = value.strip_prefix('?') {
                    f.vc = None;
                    f.vt = None;
                    f.total = Some(num(total)?);
                } else {
                    let (vc, vt) = pair(value, '+')?;
                    f.vc = Some(vc);
                    f.vt = Some(vt);
                    f.total = Some(vc + vt);
                }
            }
            "cargo" => {
                f.cargo = match value {
                    "?" => None,
                    "0" => Some(CargoView::default()),
                    list => {
                        let parts: Vec<u32> = list.split(',').map(num).collect::<R<Vec<u32>>>()?;
                        let [mp, n, c, r] = parts[..] else {
                            return Err(format!("cargo needs mp,n,c,r: {list}"));
                        };
                        Some(CargoView { mp, n, c, r })
                    }
                }
            }
            "from" => {
                f.from = Some(if value == "?" {
                    Origin::Unknown
                } else {
                    Origin::World(num(value)?)
                })
            }
            "fire" => f.fire = Some(fire(value)?),
            other => return Err(format!("unknown fleet key {other}")),
        }
    }
    Ok(f)
}

fn trace(toks: &[String]) -> R<TraceView> {
    let fleet = num(toks.get(1).ok_or("trace without fleet")?)?;
    let mut t = TraceView {
        fleet,
        ..TraceView::default()
    };
    for tok in toks.get(2..).unwrap_or(&[]) {
        let (key, value) = tok.split_once('=').unwrap_or((tok.as_str(), ""));
        match key {
            "line" => t.line = num(value)?,
            "world" => t.world = opt_num(value)?,
            "owner" => t.owner = opt_text(value).map(Into::into),
            "to" => t.to = num(value)?,
            "from" => {
                t.from = Some(if value == "?" {
                    Origin::Unknown
                } else {
                    Origin::World(num(value)?)
                })
            }
            "ambushed" => t.ambushed = true,
            other => return Err(format!("unknown trace key {other}")),
        }
    }
    Ok(t)
}

fn treasure_kind(value: &str) -> R<Option<TreasureKind>> {
    if value == "none" {
        return Ok(None);
    }
    if let Some(name) = value.strip_prefix("special:") {
        let special = Special::all()
            .into_iter()
            .find(|s| format!("{s:?}") == name)
            .ok_or_else(|| format!("unknown special {name}"))?;
        return Ok(Some(TreasureKind::Special(special)));
    }
    let (noun, adjective) = value
        .split_once(',')
        .ok_or_else(|| format!("kind must be noun,adjective: {value}"))?;
    let noun = NOUNS
        .iter()
        .position(|n| *n == noun)
        .ok_or_else(|| format!("unknown noun {noun}"))?;
    let adjective = ADJECTIVES
        .iter()
        .position(|a| *a == adjective)
        .ok_or_else(|| format!("unknown adjective {adjective}"))?;
    Ok(Some(TreasureKind::Normal {
        noun: noun as u8,
        adjective: adjective as u8,
    }))
}

fn treasure(toks: &[String]) -> R<TreasureView> {
    let id = num(toks.get(1).ok_or("treasure without id")?)?;
    let mut t = TreasureView {
        id,
        name: String::new(),
        kind: None,
        site: TreasureSite::Unattached,
        line: 0,
    };
    for tok in toks.get(2..).unwrap_or(&[]) {
        let (key, value) = tok.split_once('=').unwrap_or((tok.as_str(), ""));
        match key {
            "line" => t.line = num(value)?,
            "name" => t.name = unquote(value),
            "kind" => t.kind = treasure_kind(value)?,
            "site" => {
                t.site = match value.split_once(':') {
                    Some(("world", n)) => TreasureSite::World(num(n)?),
                    Some(("fleet", n)) => TreasureSite::Fleet(num(n)?),
                    None if value == "none" => TreasureSite::Unattached,
                    _ => return Err(format!("bad site {value}")),
                }
            }
            other => return Err(format!("unknown treasure key {other}")),
        }
    }
    Ok(t)
}

fn stat(toks: &[String]) -> R<(StatKind, StatValue)> {
    let name = toks.get(1).ok_or("stat without kind")?;
    let kind = StatKind::ALL
        .into_iter()
        .find(|k| format!("{k:?}") == *name)
        .ok_or_else(|| format!("unknown stat {name}"))?;
    if toks.get(2).map(String::as_str) != Some("spy") {
        let value: u64 = toks
            .get(2)
            .ok_or("stat without value")?
            .parse()
            .map_err(|_| "bad stat value".to_string())?;
        return Ok((kind, StatValue::Own(value)));
    }
    let mut report = SpyReport {
        entries: Vec::new(),
        mean: 0,
        error_percent: 0,
    };
    for tok in toks.get(3..).unwrap_or(&[]) {
        if let Some(mean) = tok.strip_prefix("mean=") {
            report.mean = mean.parse().map_err(|_| "bad mean".to_string())?;
        } else if let Some(error) = tok.strip_prefix("error=") {
            report.error_percent = num(error)?;
        } else {
            let (rank, rest) = tok
                .split_once(':')
                .ok_or_else(|| format!("bad spy entry {tok}"))?;
            let (name, value) = if rest.starts_with('"') {
                let p = player(rest)?;
                (Some(p.name), u64::from(p.number.ok_or("spy entry value")?))
            } else {
                (None, rest.parse().map_err(|_| "bad spy value".to_string())?)
            };
            report.entries.push(SpyEntry {
                rank: num(rank)?,
                name,
                value,
            });
        }
    }
    Ok((kind, StatValue::Spied(report)))
}

fn tech(toks: &[String]) -> R<TechLine> {
    let name = toks.get(1).ok_or("tech without name")?;
    let tech = Tech::ALL
        .into_iter()
        .find(|t| format!("{t:?}") == *name)
        .ok_or_else(|| format!("unknown tech {name}"))?;
    let level = num(toks.get(2).ok_or("tech without level")?)?;
    let progress = toks.get(3).ok_or("tech without progress")?;
    let (invested, cost) = if progress == "max" {
        (0, None)
    } else {
        let (i, c) = pair(progress, '/')?;
        (i, Some(c))
    };
    Ok(TechLine {
        tech,
        level,
        invested,
        cost,
    })
}

fn declaration(toks: &[String]) -> R<DeclarationView> {
    let kind = DeclarationKind::from_keyword(toks.get(1).ok_or("declaration kind")?)
        .ok_or("bad declaration kind")?;
    let player = player(toks.get(2).ok_or("declaration player")?)?;
    let turn = match toks.get(3) {
        Some(t) => Some(num(t.strip_prefix("turn=").ok_or("turn=")?)?),
        None => None,
    };
    Ok(DeclarationView { kind, player, turn })
}

/// Parses an expectation file.
pub fn parse(text: &str) -> R<Expected> {
    let mut e = Expected::default();
    for (i, line) in text.lines().enumerate() {
        let context = |m: String| format!("expected line {}: {m}", i + 1);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(book) = line.strip_prefix("book ") {
            e.book.push(book.to_string());
            continue;
        }
        let toks = tokens(line);
        let head = toks.first().map(String::as_str).unwrap_or("");
        let arg = |k: usize| {
            toks.get(k)
                .cloned()
                .ok_or_else(|| context("missing".into()))
        };
        let v = &mut e.view;
        match head {
            "world" => v.worlds.push(world(&toks).map_err(context)?),
            "fleet" => v.fleets.push(fleet(&toks).map_err(context)?),
            "trace" => v.traces.push(trace(&toks).map_err(context)?),
            "treasure" => v.treasures.push(treasure(&toks).map_err(context)?),
            "stat" => {
                let (kind, value) = stat(&toks).map_err(context)?;
                v.statistics.insert(kind, value);
            }
            "techblock" => {
                v.tech.get_or_insert_default();
            }
            "tech" => {
                let line = tech(&toks).map_err(context)?;
                v.tech.get_or_insert_default().lines.push(line);
            }
            "catt" => v.tech.get_or_insert_default().catt = Some(num(&arg(1)?).map_err(context)?),
            "cdef" => v.tech.get_or_insert_default().cdef = Some(num(&arg(1)?).map_err(context)?),
            "known" => {
                for tok in toks.get(1..).unwrap_or(&[]) {
                    v.known_players.push(player(tok).map_err(context)?);
                }
            }
            "game" => v.game = Some(line["game ".len()..].to_string()),
            "turn" => v.turn = Some(num(&arg(1)?).map_err(context)?),
            "player" => v.player = Some(player(&arg(1)?).map_err(context)?),
            "class" => {
                let name = arg(1)?;
                v.class = Some(
                    Class::ALL
                        .into_iter()
                        .find(|c| format!("{c:?}") == name)
                        .ok_or_else(|| context(format!("bad class {name}")))?,
                );
            }
            "score" => v.score = Some(arg(1)?.parse().map_err(|_| context("score".into()))?),
            "delta" => v.score_delta = Some(arg(1)?.parse().map_err(|_| context("delta".into()))?),
            "declarations" => {
                v.declarations.get_or_insert_default();
            }
            "made" => {
                let d = declaration(&toks).map_err(context)?;
                v.declarations.get_or_insert_default().made.push(d);
            }
            "received" => {
                let d = declaration(&toks).map_err(context)?;
                v.declarations.get_or_insert_default().received.push(d);
            }
            "rank" => {
                let rank = num(&arg(1)?).map_err(context)?;
                let player = player(&arg(2)?).map_err(context)?;
                let score = arg(3)?.parse().map_err(|_| context("rank score".into()))?;
                v.ranking.push(RankingEntry {
                    rank,
                    player,
                    score,
                });
            }
            "diag" => {
                let severity = match arg(1)?.as_str() {
                    "error" => Severity::Error,
                    "warning" => Severity::Warning,
                    "info" => Severity::Info,
                    other => return Err(context(format!("bad severity {other}"))),
                };
                let code = arg(2)?;
                let (l, c) = pair(&arg(3)?, ':').map_err(context)?;
                e.diags.push((severity, code, l, c));
            }
            other => return Err(context(format!("unknown record {other}"))),
        }
    }
    Ok(e)
}
