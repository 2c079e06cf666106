//! A simulation as text, step by step, the book's formulas with their numbers (the
//! notation is never translated; the words are, through Fluent).

use crate::i18n::{Lang, tr, tr_args};

use super::run::{End, FleetRecord, RoundRecord, ShotRecord, SimResult, WorldCounts};
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
    if round.world.before != round.world.after {
        let world = setup
            .world
            .id
            .map_or_else(|| "M".to_string(), |id| format!("M_{id}"));
        out.push_str(&format!(
            "  {world}: {} → {}\n",
            world_line(setup, &round.world.before),
            world_line(setup, &round.world.after)
        ));
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
