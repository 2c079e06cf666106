//! A simulation as text, step by step, the book's formulas with their numbers (the
//! notation is never translated; the words are, through Fluent).

use crate::i18n::{Lang, tr, tr_args};

use super::run::{
    BombRecord, End, FleetRecord, RobotRecord, RoundRecord, ShotRecord, SimResult, WorldCounts,
};
use super::setup::Setup;

fn shot_lines(out: &mut String, shot: &ShotRecord, lang: Lang) {
    let mark = if shot.conditional { '?' } else { '*' };
    let side = if shot.side.is_empty() {
        tr(lang, "sim-neutral")
    } else {
        shot.side.clone()
    };
    out.push_str(&format!(
        "  {} ({side}) {mark} {}",
        shot.shooter_text, shot.target
    ));
    if shot.ambush {
        out.push_str(&format!(" — {}", tr(lang, "sim-ambush-shot")));
    }
    if shot.jihad {
        out.push_str(&format!(" — {}", tr(lang, "sim-jihad-shot")));
    }
    out.push('\n');
    if !shot.fired {
        out.push_str(&format!("    {}\n", tr(lang, "sim-not-triggered")));
        return;
    }
    if !shot.hits_formula.is_empty() {
        out.push_str(&format!("    {}\n", shot.hits_formula));
    }
    // Nothing to hit, or no hit: said in words, never a formula dividing by zero.
    if shot.target_empty {
        out.push_str(&format!("    {}\n", empty_target_text(shot, lang)));
        return;
    }
    if shot.hits == 0 {
        out.push_str(&format!("    {}\n", tr(lang, "sim-no-hit")));
        return;
    }
    for formula in [&shot.cd_formula, &shot.destroyed_formula] {
        if !formula.is_empty() {
            out.push_str(&format!("    {formula}\n"));
        }
    }
    for layer in &shot.layers {
        out.push_str(&format!(
            "    {}: {} − {} = {}\n",
            layer.layer,
            layer.present,
            layer.lost,
            layer.present.saturating_sub(layer.lost)
        ));
    }
}

/// Why a shot destroys nothing when its target has nothing to lose.
fn empty_target_text(shot: &ShotRecord, lang: Lang) -> String {
    let id = match shot.target.as_str() {
        "M" => "sim-world-empty-m",
        "P" => "sim-world-empty-p",
        "I" => "sim-world-empty-i",
        "N" => "sim-world-empty-n",
        "C" => "sim-world-empty-c",
        _ => "sim-fleet-empty",
    };
    tr_args(lang, id, &[("fleet", &shot.target)])
}

fn cargo_text(fleet: &FleetRecord) -> String {
    let c = fleet.cargo_lost;
    [(c.mp, "MP"), (c.n, "N"), (c.c, "C"), (c.r, "R")]
        .iter()
        .filter(|(v, _)| *v > 0)
        .map(|(v, k)| format!("{v} {k}"))
        .collect::<Vec<_>>()
        .join(", ")
}

fn fleet_lines(out: &mut String, fleet: &FleetRecord, lang: Lang) {
    let none = tr(lang, "sim-nothing");
    let cargo = cargo_text(fleet);
    let ambushed = fleet.vc_ambushed + fleet.vt_ambushed > 0;
    out.push_str(&format!(
        "  {}\n",
        tr_args(
            lang,
            if ambushed {
                "sim-fleet-ambushed"
            } else {
                "sim-fleet-losses"
            },
            &[
                ("fleet", &format!("F_{}", fleet.id)),
                ("side", &fleet.side),
                (
                    "vc",
                    &(if ambushed {
                        fleet.vc_ambushed
                    } else {
                        fleet.vc_lost
                    })
                    .to_string(),
                ),
                (
                    "vt",
                    &(if ambushed {
                        fleet.vt_ambushed
                    } else {
                        fleet.vt_lost
                    })
                    .to_string(),
                ),
                ("cargo", if cargo.is_empty() { &none } else { &cargo }),
            ],
        )
    ));
    let what = if fleet.stopped {
        Some("sim-fleet-stopped")
    } else if fleet.leaves && fleet.fleeing {
        Some("sim-fleet-fled")
    } else if fleet.leaves {
        Some("sim-fleet-crossed")
    } else {
        None
    };
    if let Some(id) = what {
        out.push_str(&format!("    {}\n", tr(lang, id)));
    }
}

/// A side's name, or "neutral" for the neutral player (`""`).
fn side_text(name: &str, lang: Lang) -> String {
    if name.is_empty() {
        tr(lang, "sim-neutral")
    } else {
        format!("\"{name}\"")
    }
}

/// The counts of a world that are not zero (`N 20, R 3`), or "nothing".
fn counts_text(setup: &Setup, counts: &WorldCounts, mp: u64, lang: Lang) -> String {
    let mut parts = Vec::new();
    for (value, name) in [(counts.vi, "VI"), (counts.vp, "VP"), (counts.n, "N")] {
        if value > 0 {
            parts.push(format!("{name} {value}"));
        }
    }
    for ((name, _), &c) in setup.world.converts.iter().zip(&counts.converts) {
        if c > 0 {
            parts.push(format!("C \"{name}\" {c}"));
        }
    }
    for (value, name) in [(counts.robots, "R"), (counts.industries, "I"), (mp, "MP")] {
        if value > 0 {
            parts.push(format!("{name} {value}"));
        }
    }
    if parts.is_empty() {
        tr(lang, "sim-nothing")
    } else {
        parts.join(", ")
    }
}

/// A bomb drop (VII.1.4): who drops it, what the world loses, the points.
fn bomb_lines(out: &mut String, setup: &Setup, world: &str, bomb: &BombRecord, lang: Lang) {
    out.push_str(&format!(
        "  {}\n",
        tr_args(
            lang,
            "sim-bomb",
            &[
                ("fleet", &format!("F_{}", bomb.fleet)),
                ("side", &bomb.side),
                ("world", world),
            ],
        )
    ));
    out.push_str(&format!(
        "    {}\n",
        tr_args(
            lang,
            "sim-bomb-razed",
            &[("list", &counts_text(setup, &bomb.razed, bomb.mp, lang))],
        )
    ));
    if let Some(points) = bomb.points {
        out.push_str(&format!(
            "    {}\n",
            tr_args(
                lang,
                "sim-bomb-points",
                &[("side", &bomb.side), ("score", &format!("{points:+}"))],
            )
        ));
    }
}

/// A robot attack (VI.5.1): the robots landed, the robot fight, the fight against
/// the populations, what becomes of the world.
fn robot_lines(out: &mut String, setup: &Setup, world: &str, robots: &RobotRecord, lang: Lang) {
    out.push_str(&format!(
        "  {}\n",
        tr_args(lang, "sim-robot-attack", &[("world", world)])
    ));
    for drop in &robots.drops {
        out.push_str(&format!(
            "    {}\n",
            tr_args(
                lang,
                "sim-robot-drop",
                &[
                    ("fleet", &format!("F_{}", drop.fleet)),
                    ("side", &drop.side),
                    ("order", &format!("T {} R", drop.asked)),
                    ("text", &drop.formula),
                ],
            )
        ));
    }
    if robots.sides.is_empty() {
        out.push_str(&format!("    {}\n", tr(lang, "sim-robot-none")));
        return;
    }
    let sides: Vec<String> = robots
        .sides
        .iter()
        .map(|(name, n)| format!("{} {n}", side_text(name, lang)))
        .collect();
    out.push_str(&format!(
        "    {}\n",
        tr_args(lang, "sim-robot-sides", &[("list", &sides.join(", "))])
    ));
    match &robots.winner {
        Some((name, _)) => out.push_str(&format!(
            "    {}\n",
            tr_args(
                lang,
                "sim-robot-winner",
                &[
                    ("side", &side_text(name, lang)),
                    ("text", &robots.robots_formula)
                ],
            )
        )),
        None => out.push_str(&format!("    {}\n", tr(lang, "sim-robot-tie"))),
    }
    out.push_str(&format!("    {}\n", tr(lang, "sim-robot-vs-population")));
    for formula in &robots.population_formulas {
        out.push_str(&format!("      {formula}\n"));
    }
    out.push_str(&format!(
        "    {}\n",
        tr_args(
            lang,
            "sim-robot-losses",
            &[("list", &counts_text(setup, &robots.lost, 0, lang))],
        )
    ));
    if let Some(captor) = &robots.captor {
        out.push_str(&format!(
            "    {}\n",
            tr_args(
                lang,
                "sim-robot-captured",
                &[("world", world), ("side", &side_text(captor, lang))],
            )
        ));
    }
    if robots.emptied {
        out.push_str(&format!(
            "    {}\n",
            tr_args(lang, "sim-robot-emptied", &[("world", world)])
        ));
    }
}

fn world_line(setup: &Setup, counts: &WorldCounts) -> String {
    let mut parts = vec![
        format!("VI {}", counts.vi),
        format!("VP {}", counts.vp),
        format!("N {}", counts.n),
    ];
    for ((name, _), c) in setup.world.converts.iter().zip(&counts.converts) {
        parts.push(format!("C \"{name}\" {c}"));
    }
    parts.push(format!("R {}", counts.robots));
    parts.push(format!("I {}", counts.industries));
    parts.join(", ")
}

fn round_lines(out: &mut String, setup: &Setup, round: &RoundRecord, lang: Lang) {
    out.push_str(&tr_args(
        lang,
        "sim-round",
        &[("round", &round.round.to_string())],
    ));
    out.push('\n');
    for shot in &round.shots {
        shot_lines(out, shot, lang);
    }
    let lost = &round.world.lost;
    if lost.vi + lost.vp > 0 {
        out.push_str(&format!(
            "  {}\n",
            tr_args(
                lang,
                "sim-phase-protections",
                &[("vi", &lost.vi.to_string()), ("vp", &lost.vp.to_string())],
            )
        ));
    }
    out.push_str(&format!("  {}\n", tr(lang, "sim-phase-rest")));
    for fleet in round
        .fleets
        .iter()
        .filter(|f| f.vc_lost > 0 || f.vt_lost > 0)
    {
        fleet_lines(out, fleet, lang);
    }
    let world = setup
        .world
        .id
        .map_or_else(|| "M".to_string(), |id| format!("M_{id}"));
    let world_change = |out: &mut String| {
        if round.world.before != round.world.after {
            out.push_str(&format!(
                "  {world}: {} → {}\n",
                world_line(setup, &round.world.before),
                world_line(setup, &round.world.after)
            ));
        }
    };
    // Without bomb nor robots, the world's change right after the fire; with
    // them, once they too are told.
    let after_fire = round.bombs.is_empty() && round.robots.is_none();
    if after_fire {
        world_change(out);
    }
    for bomb in &round.bombs {
        bomb_lines(out, setup, &world, bomb, lang);
    }
    if !round.ambush.is_empty() {
        out.push_str(&format!("  {}\n", tr(lang, "sim-ambushes")));
        for shot in &round.ambush {
            shot_lines(out, shot, lang);
        }
        for fleet in round
            .fleets
            .iter()
            .filter(|f| f.vc_ambushed + f.vt_ambushed > 0)
        {
            fleet_lines(out, fleet, lang);
        }
    }
    for fleet in round
        .fleets
        .iter()
        .filter(|f| f.leaves || f.stopped)
        .filter(|f| f.ships_lost() == 0)
    {
        fleet_lines(out, fleet, lang);
    }
    if let Some(robots) = &round.robots {
        robot_lines(out, setup, &world, robots, lang);
    }
    if !after_fire {
        world_change(out);
    }
    out.push_str(&format!("  {}\n", tr(lang, "sim-after")));
    for fleet in &round.fleets {
        out.push_str(&format!("    {}\n", fleet.notation));
    }
}

/// The whole simulation, round by round, then why it ended.
pub fn render(setup: &Setup, result: &SimResult, lang: Lang) -> String {
    let mut out = String::new();
    for round in &result.rounds {
        round_lines(&mut out, setup, round, lang);
    }
    let ships: Vec<String> = result
        .sides
        .iter()
        .zip(
            result
                .rounds
                .last()
                .map_or(&result.ships_start, |r| &r.ships),
        )
        .map(|(name, ships)| format!("\"{name}\" {ships}"))
        .collect();
    out.push_str(&tr_args(
        lang,
        "sim-ships-left",
        &[("list", &ships.join(", "))],
    ));
    out.push('\n');
    let end = match &result.end {
        End::SideGone { sides } => tr_args(lang, "sim-end-gone", &[("sides", &sides.join(", "))]),
        End::Stable => tr(lang, "sim-end-stable"),
        End::Limit => tr_args(
            lang,
            "sim-end-limit",
            &[("rounds", &result.rounds.len().to_string())],
        ),
    };
    out.push_str(&end);
    out.push('\n');
    out
}
