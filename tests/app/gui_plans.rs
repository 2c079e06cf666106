//! Routes over several turns in the app: planned on the map (each turn's move,
//! the arrival), the first move added to the orders and the plan kept; on the
//! next turn, the next move proposed when the fleet is where the plan expected
//! it, else "off its route".

use egui_kittest::kittest::Queryable;
use nebutil::gui::{Command, NebutilApp};

use crate::support::app::app_with;
use crate::support::fresh_dir::fresh_dir;

/// A CR of turn `turn` for "Maxtor" (DEP 1): a ring of six worlds, M_6 wrapping
/// round to M_1, F_1 on M_`at`.
fn ring_cr(turn: u32, at: u32) -> String {
    let mut worlds = String::new();
    for (id, links) in [
        (1, "2,6"),
        (2, "1,3"),
        (3, "2,4"),
        (4, "3,5"),
        (5, "4,6"),
        (6, "5,1"),
    ] {
        if id == 1 {
            worlds.push_str("M_1 (2,6) \"Maxtor:3\" [I=20]=2 [P=40(60)]=1 MP=25(+2)\n");
        } else {
            worlds.push_str(&format!("M_{id} ({links}) P=3(10) MP=2\n"));
        }
        if id == at {
            worlds.push_str("  F_1 \"Maxtor\" []=4\n");
        }
        if id == 1 {
            // An empty fleet of his at home: it cannot move.
            worlds.push_str("  F_2 \"Maxtor\"\n");
        }
    }
    format!(
        "NEBULA - Partie ANNEAU - Tour {turn}
Joueur : \"Maxtor\":5 (Empereur)

Vos niveaux technologiques :
DEplacement : 1 (10)
ATtaque : 1 (10), Votre CA est de : 50
DEfense : 1 (10), Votre CD est de : 100
RADar : 0 (5)
Connaissance des ALIens : 0 (5)
CARgaison : 2 (10)

{worlds}"
    )
}

#[test]
fn a_route_planned_over_turns_is_followed_or_said_off_course() {
    let dir = fresh_dir("plans");
    let write = |name: &str, text: String| {
        let path = dir.join(name);
        std::fs::write(&path, text).expect("written");
        path
    };
    let t5 = write("anneau-t5.cr", ring_cr(5, 1));
    let t6 = write("anneau-t6.cr", ring_cr(6, 6));
    let off = write("anneau-t6-off.cr", ring_cr(6, 2));
    let first = t5.clone();
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![first]));
    // Planned to M_5, across the seam (1-6-5, not 1-2-3-4-5: two turns at DEP 1).
    harness.state_mut().send(Command::PlanRoute {
        fleet: 1,
        waypoints: vec![5],
    });
    harness.run();
    harness.get_by_label("T+1 : M_6");
    harness.get_by_label("T+2 : M_5");
    harness.get_by_label_contains("Arrivée sur M_5 au tour 7 (2 tours avec un DEP de 1)");
    harness.get_by_label("Planifier").click();
    harness.run();
    assert_eq!(harness.state().editor().text.trim(), "F_1 MM 6");
    assert_eq!(harness.state().editor().plans().len(), 1);
    // The summary of that turn lists it.
    harness.state_mut().send(Command::ShowSummary);
    harness.run();
    harness.get_by_label("Routes planifiées");
    harness.get_by_label("déjà dans vos ordres");

    // Next turn, F_1 on M_6 as planned: its second move, one click away.
    harness.state_mut().send(Command::OpenFiles(vec![t6]));
    harness.run();
    harness.state_mut().send(Command::ShowSummary);
    harness.run();
    harness.get_by_label("Sur sa route, trajet 2 sur 2 :");
    harness.get_by_label("F_1 MM 5");
    harness.get_by_label("Ajouter l'ordre").click();
    harness.run();
    assert!(
        harness
            .state()
            .editor()
            .text
            .lines()
            .any(|l| l == "F_1 MM 5"),
        "{}",
        harness.state().editor().text
    );

    // Had it been stopped on M_2: off its route, and planned again from there.
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![t5]));
    harness.state_mut().send(Command::PlanRoute {
        fleet: 1,
        waypoints: vec![5],
    });
    harness.run();
    harness.get_by_label("Planifier").click();
    harness.run();
    harness.state_mut().send(Command::OpenFiles(vec![off]));
    harness.run();
    harness.state_mut().send(Command::ShowSummary);
    harness.run();
    harness.get_by_label("Hors de sa route : attendue sur M_6, vue sur M_2.");
    harness.get_by_label("Replanifier").click();
    harness.run();
    // From M_2: 2-1-6-5 and 2-3-4-5 are as long; the smaller numbers first.
    harness.get_by_label("T+1 : M_1");
    harness.get_by_label("T+3 : M_5");
}

#[test]
fn a_plan_whose_first_move_would_be_refused_says_why_and_is_not_kept() {
    let dir = fresh_dir("plans-refused");
    let t5 = dir.join("anneau-t5.cr");
    std::fs::write(&t5, ring_cr(5, 1)).expect("written");
    let mut harness = app_with(move |cc| NebutilApp::new(cc, vec![t5]));
    harness.state_mut().send(Command::PlanRoute {
        fleet: 2,
        waypoints: Vec::new(),
    });
    harness.run();
    // Before any click: what to do, not an error.
    harness
        .get_by_label("Cliquez la destination sur la carte (d'autres clics ajoutent des étapes).");
    harness.state_mut().send(Command::PlanRoute {
        fleet: 2,
        waypoints: vec![5],
    });
    harness.run();
    harness.get_by_label_contains("Le trajet de ce tour serait refusé");
    harness.get_by_label("Planifier").click();
    harness.run();
    assert!(harness.state().editor().plans().is_empty());
}
