//! The combat simulator (issue 5): the book's examples through the simulator with the
//! formulas shown, hand-computed fights (boundary cases included), conditional fire,
//! ambush, Jihad, rounds, setup diagnostics, and "what it takes" against brute force.
//!
//! Fixture folders `tests/fixtures/combat/sim/<case>/`: `setup.ron` → `expected.txt`
//! (the French text of `nebutil combat`). `UPDATE_EXPECT=1` rewrites the expected files.

use std::path::Path;

use nebutil::combat::sim::conditional::{FireIntent, triggered};
use nebutil::combat::sim::run::{End, Group};
use nebutil::combat::sim::search::{loss_with_vc, max_withstood, min_att, min_vc};
use nebutil::combat::sim::{
    FleetSetup, Setup, Side, SimResult, Target, parse, simulate, simulate_rounds, text,
};
use nebutil::diagnostic::Severity;
use nebutil::i18n::Lang;
use nebutil::rules::Ruleset;
use proptest::prelude::*;

fn rules() -> Ruleset {
    Ruleset::builtin_2002()
}

fn fixture(name: &str) -> Setup {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/combat/sim")
        .join(name)
        .join("setup.ron");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    let (setup, diagnostics) = parse(&text);
    assert!(diagnostics.is_empty(), "{name}: {diagnostics:?}");
    setup.unwrap_or_else(|| panic!("{name}: no setup"))
}

fn run(name: &str) -> SimResult {
    simulate(&fixture(name), &rules())
}

fn fleet_after(result: &SimResult, id: u32) -> (u32, u32, [u32; 4]) {
    let f = result
        .last_fleet(id)
        .unwrap_or_else(|| panic!("F_{id} not in the last round"));
    let c = f.cargo_after;
    (f.vc_after, f.vt_after, [c.mp, c.n, c.c, c.r])
}

#[test]
fn fixture_folders_render_as_expected() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/combat/sim");
    let mut names: Vec<String> = std::fs::read_dir(&root)
        .expect("fixture folder")
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("setup.ron").exists())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.len() >= 10, "{names:?}");
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    for name in &names {
        let setup = fixture(name);
        let result = simulate(&setup, &rules());
        let got = text::render(&setup, &result, Lang::Fr);
        let path = root.join(name).join("expected.txt");
        if update {
            std::fs::write(&path, &got).expect("write expected");
            continue;
        }
        let want = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
        assert_eq!(got, want, "fixture {name}");
        // Where the folder has one, the result as JSON (the `result` of nebutil-combat/1).
        let json_path = root.join(name).join("expected.json");
        if json_path.exists() {
            let want: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&json_path).expect("expected.json"))
                    .expect("JSON");
            let got = serde_json::to_value(&result).expect("serialise");
            assert_eq!(got, want, "fixture {name}: expected.json");
        }
    }
}

#[test]
fn book_vii_1_2_reproduces_with_its_formulas() {
    let result = run("book_vii_1_2");
    let round = &result.rounds[0];
    let miria = &round.shots[0];
    assert_eq!(miria.hits, 13);
    assert_eq!(miria.hits_formula, "n = ⌈(18×67)/100⌉ = ⌈12.06⌉ = 13");
    assert_eq!(
        miria.cd_formula,
        "CD = (4×100 + 13×70)/17 × (1 + 12/30) = 107.882…"
    );
    assert_eq!(
        miria.destroyed_formula,
        "Nd = ⌈13 × 107.882…/100⌉ = ⌈14.024…⌉ = 15"
    );
    assert_eq!(miria.destroyed, 15);
    let gaskor = &round.shots[1];
    assert_eq!((gaskor.hits, gaskor.destroyed), (7, 7));
    assert_eq!(gaskor.hits_formula, "n = ⌈(4×55 + 13×30)/100⌉ = ⌈6.1⌉ = 7");
    assert_eq!(fleet_after(&result, 128), (11, 0, [0; 4]));
    assert_eq!(fleet_after(&result, 258), (0, 2, [4, 0, 0, 0]));
    let notation: Vec<&str> = round.fleets.iter().map(|f| f.notation.as_str()).collect();
    assert_eq!(
        notation,
        [
            "F_128 \"Miria\" []=11 * F_258",
            "F_258 \"GASKOR\" [4]=2T * F_128"
        ],
        "the book's lines after the fight"
    );
    let f258 = result.last_fleet(258).expect("F_258");
    assert_eq!((f258.vc_lost, f258.vt_lost, f258.cargo_lost.mp), (4, 11, 8));
}

#[test]
fn book_vii_1_6_flight() {
    let result = run("flight_vii_1_6");
    let shot = &result.rounds[0].shots[0];
    assert_eq!(shot.destroyed, 8);
    assert!(
        shot.cd_formula.ends_with("/ 2 = 53.941…"),
        "{}",
        shot.cd_formula
    );
    assert_eq!(fleet_after(&result, 258), (0, 9, [12, 0, 0, 0]));
    let f258 = result.last_fleet(258).expect("F_258");
    assert!(f258.leaves && f258.fleeing && !f258.stopped);
    assert_eq!(
        result.rounds[0].shots.len(),
        1,
        "a fleeing fleet does not fire"
    );
    assert_eq!(fleet_after(&result, 128).0, 18);
}

#[test]
fn a_fled_fleet_is_out_of_the_later_rounds() {
    let mut setup = fixture("flight_vii_1_6");
    setup.rounds = 5;
    let result = simulate(&setup, &rules());
    // Round 2: F_258 has left; Miria fires at nothing; nothing changes.
    assert_eq!(result.rounds.len(), 2);
    assert_eq!(result.end, End::Stable);
    assert_eq!(result.rounds[1].ships, vec![18, 9]);
}

#[test]
fn population_fire_vp_first_then_populations() {
    let result = run("population_fire");
    let round = &result.rounds[0];
    let fire = &round.shots[0];
    assert_eq!((fire.hits, fire.destroyed), (14, 12));
    assert_eq!(fire.cd_formula, "CD = 81");
    assert_eq!(round.world.lost.vp, 5);
    assert_eq!(round.world.lost.n, 7);
    assert_eq!(round.world.after.n, 33);
    assert_eq!(
        (round.world.after.vi, round.world.after.industries),
        (2, 10)
    );
    let reply = &round.shots[1];
    assert_eq!(reply.shooter, Group::Vp);
    assert_eq!((reply.hits, reply.destroyed), (3, 3));
    assert_eq!(
        reply.cd_formula,
        "CD = (20×100 + 5×70)/25 × (1 + 0/25) = 94"
    );
    assert_eq!(fleet_after(&result, 7), (17, 5, [0; 4]));
}

#[test]
fn industry_and_protection_fire() {
    let result = run("industry_fire");
    let world = &result.rounds[0].world;
    assert_eq!((world.lost.vi, world.lost.industries), (2, 10));
    assert_eq!((world.lost.vp, world.lost.n), (0, 0));
    let result = run("protection_fire");
    let world = &result.rounds[0].world;
    assert_eq!((world.lost.vi, world.lost.vp), (2, 5));
    assert_eq!((world.after.n, world.after.industries), (40, 10));
    assert_eq!(
        result.rounds[0].shots[0].destroyed_formula,
        "Nd = ⌈14 × 81/100⌉ = ⌈11.34⌉ = 12 → 7"
    );
    assert_eq!(
        result.end,
        End::SideGone {
            sides: vec!["Lune".into()]
        }
    );
}

#[test]
fn ambush_after_the_fight_with_the_counts_left() {
    let result = run("ambush_vii_1_5");
    let round = &result.rounds[0];
    assert_eq!((round.world.lost.vi, round.world.lost.vp), (2, 0));
    assert_eq!(round.ambush.len(), 1, "the VP fired: only the VI ambush");
    let ambush = &round.ambush[0];
    assert_eq!(ambush.shooter, Group::Vi);
    assert!(ambush.ambush);
    assert_eq!(ambush.hits_formula, "n = ⌈2×(2×67)/100⌉ = ⌈2.68⌉ = 3");
    assert_eq!(ambush.destroyed, 3);
    assert_eq!(fleet_after(&result, 73), (7, 0, [0; 4]));
    assert_eq!(fleet_after(&result, 124), (3, 0, [0; 4]));
    let f73 = result.last_fleet(73).expect("F_73");
    assert!(f73.crossing && f73.leaves);
    assert_eq!(f73.vc_ambushed, 3);
}

#[test]
fn no_ambush_from_allies_z_peace_or_busy_groups() {
    let base = fixture("ambush_vii_1_5");
    let ambushes = |setup: &Setup| simulate(setup, &rules()).rounds[0].ambush.len();
    let mut z = base.clone();
    z.sides[0].no_ambush = true;
    assert_eq!(ambushes(&z), 0);
    let mut ally = base.clone();
    ally.sides[0].allies = vec!["Maxtor".into()];
    assert_eq!(ambushes(&ally), 0);
    // An idle fleet of Miria at war ambushes too; at peace it does not.
    let mut fleet = base.clone();
    fleet.sides[0].fleets.push(FleetSetup {
        id: 9,
        vc: 2,
        ..FleetSetup::default()
    });
    assert_eq!(ambushes(&fleet), 2);
    fleet.sides[0].fleets[0].peace = true;
    assert_eq!(ambushes(&fleet), 1);
}

#[test]
fn a_crossing_fleet_emptied_by_ambush_stops() {
    let mut setup = fixture("ambush_vii_1_5");
    setup.sides[1].fleets[1].vc = 2;
    let result = simulate(&setup, &rules());
    let f73 = result.last_fleet(73).expect("F_73");
    assert!(f73.stopped && !f73.leaves);
    assert_eq!((f73.vc_after, f73.vc_ambushed), (0, 2));
}

#[test]
fn jihad_fires_with_att_plus_four_at_its_target_only() {
    let result = run("jihad");
    let shots = &result.rounds[0].shots;
    assert!(shots[0].jihad && !shots[1].jihad);
    assert_eq!((shots[0].catt, shots[0].hits), (97, 10));
    assert_eq!((shots[1].catt, shots[1].hits), (67, 7));
    assert_eq!(fleet_after(&result, 2).0, 10);
    assert_eq!(fleet_after(&result, 4).0, 13);
}

#[test]
fn ruling_g69_conditional_fire_answers_aggression_on_issuer_or_ally() {
    let result = run("conditional");
    let fired: Vec<bool> = result.rounds[0].shots.iter().map(|s| s.fired).collect();
    assert_eq!(fired, vec![true, true, false, true]);
    assert_eq!(fleet_after(&result, 1).0, 5);
    assert_eq!(fleet_after(&result, 2).0, 0, "A and D: 5 + 5");
    assert_eq!(fleet_after(&result, 3).0, 10);
}

#[test]
fn ruling_g71_conditionals_chain_and_mutual_ones_stay_silent() {
    // A fires at B; B answers A conditionally; C declared B allied and answers A's
    // aggression on B? No: C's conditional aims at A, whose aggression hits B, C's ally.
    let intents = [
        FireIntent {
            issuer: 0,
            victims: vec![1],
            conditional: false,
        },
        FireIntent {
            issuer: 1,
            victims: vec![0],
            conditional: true,
        },
        FireIntent {
            issuer: 2,
            victims: vec![0],
            conditional: true,
        },
    ];
    assert_eq!(
        triggered(&intents, |a, b| (a, b) == (2, 1)),
        vec![true, true, true]
    );
    assert_eq!(triggered(&intents, |_, _| false), vec![true, true, false]);
    // Mutual conditionals with nothing else: silence (in the simulator too).
    let mut setup = fixture("conditional");
    setup.sides[0].fleets[0].conditional = true;
    let result = simulate(&setup, &rules());
    assert!(result.rounds[0].shots.iter().all(|s| !s.fired));
    assert_eq!(result.end, End::Stable);
}

#[test]
fn successive_rounds_until_a_side_is_gone() {
    let result = run("rounds");
    assert_eq!(result.rounds.len(), 2);
    assert_eq!(
        result.ships_by_round(),
        vec![vec![10, 6], vec![7, 1], vec![6, 0]]
    );
    assert_eq!(
        result.end,
        End::SideGone {
            sides: vec!["B".into()]
        }
    );
    // A round limit of 1 stops after the first.
    let one = simulate_rounds(&fixture("rounds"), &rules(), 1);
    assert_eq!((one.rounds.len(), &one.end), (1, &End::Limit));
}

/// The naive f64 formula, in the book's order of operations.
fn f64_destroyed(n: f64, vc: f64, cdc: f64, vt: f64, cargo: f64, capacity: f64) -> f64 {
    let cd = (vc * cdc + vt * 70.0) / (vc + vt) * (1.0 + cargo / capacity);
    (n * cd / 100.0).ceil()
}

#[test]
fn float_boundary_is_exact() {
    let result = run("float_boundary");
    let shot = &result.rounds[0].shots[0];
    assert_eq!(shot.hits, 3);
    assert_eq!(shot.destroyed, 5);
    assert_eq!(shot.destroyed_formula, "Nd = ⌈3 × 166.666…/100⌉ = ⌈5⌉ = 5");
    assert_eq!(f64_destroyed(3.0, 5.0, 100.0, 4.0, 12.0, 13.0), 6.0);
    // 5 VC die first; capacity 4 VT × 2 = 8 keeps 8 of the 12 MP.
    assert_eq!(fleet_after(&result, 2), (0, 4, [8, 0, 0, 0]));
}

#[test]
fn held_back_fights_by_hand() {
    // 1. 7 VC at ATT 2 (CAtt 55) on 1 VC (DEF 11, CDef 35) + 2 VT, CAR 3, 5 N: n = ⌈3.85⌉ = 4;
    //    CD = (35 + 140)/3 × (1 + 5/7) = 100 exactly → Nd = 4 → capped 3 (f64: ⌈4.000…01⌉ = 5).
    let setup = Setup {
        sides: vec![
            Side {
                name: "A".into(),
                att: 2,
                fleets: vec![FleetSetup {
                    id: 1,
                    vc: 7,
                    fire: Some(Target::Fleet(2)),
                    ..FleetSetup::default()
                }],
                ..Side::default()
            },
            Side {
                name: "B".into(),
                def: 11,
                car: 3,
                fleets: vec![FleetSetup {
                    id: 2,
                    vc: 1,
                    vt: 2,
                    cargo: nebutil::combat::sim::CargoSetup {
                        n: 5,
                        ..Default::default()
                    },
                    ..FleetSetup::default()
                }],
                ..Side::default()
            },
        ],
        ..Setup::default()
    };
    let result = simulate(&setup, &rules());
    let shot = &result.rounds[0].shots[0];
    assert_eq!(shot.hits, 4);
    assert_eq!(shot.destroyed_formula, "Nd = ⌈4 × 100/100⌉ = ⌈4⌉ = 4 → 3");
    assert_eq!(fleet_after(&result, 2), (0, 0, [0; 4]));
    assert_eq!(result.last_fleet(2).expect("F_2").cargo_lost.n, 5);

    // 2. Same target, 3 hits (5 VC at ATT 2: ⌈2.75⌉ = 3): exactly 3 → all 3 ships; with 2 hits
    //    (3 VC: ⌈1.65⌉ = 2): the VC then 1 VT → 1 VT left holds 3 of the 5 N.
    let mut two = setup.clone();
    two.sides[0].fleets[0].vc = 3;
    let result = simulate(&two, &rules());
    assert_eq!(result.rounds[0].shots[0].destroyed, 2);
    assert_eq!(fleet_after(&result, 2), (0, 1, [0, 3, 0, 0]));

    // 3. Two shooters on one target (G-65), then a second round on what is left:
    //    B: 12 VC DEF 2 (CDef 90). Round 1: A1 9 VC → ⌈4.5⌉ = 5 → ⌈4.5⌉ = 5; A2 1 VT → ⌈0.3⌉ = 1
    //    → ⌈0.9⌉ = 1: 6 lost, 6 left. Round 2: 5 + 1 → 6 destroyed: B gone.
    let setup = Setup {
        rounds: 3,
        sides: vec![
            Side {
                name: "A".into(),
                fleets: vec![
                    FleetSetup {
                        id: 1,
                        vc: 9,
                        fire: Some(Target::Fleet(3)),
                        ..FleetSetup::default()
                    },
                    FleetSetup {
                        id: 2,
                        vt: 1,
                        fire: Some(Target::Fleet(3)),
                        ..FleetSetup::default()
                    },
                ],
                ..Side::default()
            },
            Side {
                name: "B".into(),
                def: 2,
                fleets: vec![FleetSetup {
                    id: 3,
                    vc: 12,
                    ..FleetSetup::default()
                }],
                ..Side::default()
            },
        ],
        ..Setup::default()
    };
    let result = simulate(&setup, &rules());
    assert_eq!(
        result.ships_by_round(),
        vec![vec![10, 12], vec![10, 6], vec![10, 0]]
    );
}

/// A setup of thousands of wrong fleets and sides: at most 200 diagnostics and
/// one that counts the others (their lines included), each located at its own
/// culprit — `id: 12` is not found in `id: 123`, and a side named in a comment
/// before its entry is found there, as before (the first line naming it).
/// (The text is scanned once for all, not once per diagnostic.)
#[test]
fn a_setup_with_thousands_of_errors_gets_capped_located_diagnostics() {
    let mut text = String::from("(\n  sides: [\n    (name: \"A\", fleets: [\n");
    for id in [123u32, 12] {
        text.push_str(&format!("      (id: {id}, vc: 1, fire: Some(N)),\n"));
    }
    for id in 1000..4000u32 {
        text.push_str(&format!("      (id: {id}, vc: 1, fire: Some(C)),\n"));
    }
    text.push_str("    ]),\n    // \"B\" names a side twice\n");
    for _ in 0..2 {
        text.push_str("    (name: \"B\"),\n");
    }
    text.push_str("  ],\n)\n");
    let (setup, diagnostics) = parse(&text);
    assert!(setup.is_some());
    assert_eq!(diagnostics.len(), nebutil::diagnostic::MAX_PER_FILE + 1);
    let more = diagnostics.last().expect("a summary diagnostic");
    assert_eq!(more.code, nebutil::diagnostic::MORE_CODE);
    // One duplicated side name (checked first), 3002 bad targets: 200 kept.
    assert_eq!(more.arg_value("count"), Some("2803"));
    let line_of = |needle: &str| {
        text.lines()
            .position(|l| l.contains(needle))
            .map(|i| i as u32 + 1)
    };
    assert_eq!(
        more.arg_value("last"),
        line_of("id: 3999").map(|l| l.to_string()).as_deref()
    );
    let side_name = diagnostics.iter().find(|d| d.code == "sim-side-name");
    assert_eq!(side_name.map(|d| d.span.line), line_of("// \"B\""));
    let bad: Vec<u32> = diagnostics
        .iter()
        .filter(|d| d.code == "sim-bad-target")
        .map(|d| d.span.line)
        .take(3)
        .collect();
    assert_eq!(
        bad,
        [line_of("id: 123"), line_of("id: 12,"), line_of("id: 1000")].map(|l| l.unwrap_or(0))
    );
}

#[test]
fn setup_errors_are_located_never_panics() {
    let (setup, diagnostics) = parse("(\n  sides: [\n    (name: \"A\", att: x),\n  ],\n)\n");
    assert!(setup.is_none());
    assert_eq!(diagnostics.len(), 1);
    assert_eq!(diagnostics[0].code, "sim-setup-syntax");
    assert_eq!(diagnostics[0].span.line, 3);
    assert!(diagnostics[0].span.column > 1);

    let text = "(\n  rules: \"2003\",\n  sides: [\n    (name: \"A\", fleets: [(id: 1, vc: 3, fire: Some(Fleet(9)))]),\n    (name: \"B\", allies: [\"Q\"], fleets: [(id: 2, vt: 1, cargo: (mp: 5), fleeing: true, fire: Some(N))]),\n  ],\n  world: (vi_fire: Some(P)),\n)\n";
    let (setup, diagnostics) = parse(text);
    assert!(setup.is_some());
    let codes: Vec<(&str, u32)> = diagnostics
        .iter()
        .map(|d| (d.code.as_str(), d.span.line))
        .collect();
    for wanted in [
        ("sim-unknown-rules", 2),
        ("sim-unknown-fleet", 4),
        ("sim-unknown-side", 5),
        ("sim-fire-and-move", 5),
        ("sim-bad-target", 5),
        ("sim-cargo-over-capacity", 5),
        ("sim-bad-target", 7),
    ] {
        assert!(codes.contains(&wanted), "{wanted:?} not in {codes:?}");
    }
    assert!(
        diagnostics
            .iter()
            .filter(|d| d.code == "sim-fire-and-move")
            .all(|d| d.severity == Severity::Warning)
    );
    for d in &diagnostics {
        for lang in [Lang::Fr, Lang::En] {
            let message = d.message(lang);
            assert!(!message.contains(&d.code), "{} untranslated", d.code);
        }
    }
}

#[test]
fn setups_round_trip_through_ron() {
    for name in [
        "book_vii_1_2",
        "ambush_vii_1_5",
        "population_fire",
        "conditional",
    ] {
        let setup = fixture(name);
        let (back, diagnostics) = parse(&setup.to_ron());
        assert!(diagnostics.is_empty(), "{name}: {diagnostics:?}");
        assert_eq!(back.as_ref(), Some(&setup), "{name}");
    }
    let asset = include_str!("../../assets/combat/book_vii_1_2.ron");
    let (setup, diagnostics) = parse(asset);
    assert!(diagnostics.is_empty());
    assert_eq!(setup, Some(fixture("book_vii_1_2")));
}

#[test]
fn setup_from_a_turn_report() {
    let cr = "M_505 (10,23,89) P=254 (356) MP=15 (+4)\n  F_128 \"Miria\" []=18\n  F_258 \"GASKOR\" [12]=4+13T\n";
    let (view, _) = nebutil::report::read(cr);
    let (setup, _) = Setup::from_view(&view, 505, (2, 1, 2), &|_| (None, None));
    assert_eq!(setup.world.id, Some(505));
    assert_eq!(setup.world.n, 254);
    let names: Vec<&str> = setup.sides.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["Miria", "GASKOR"]);
    let gaskor = &setup.sides[1];
    assert_eq!((gaskor.att, gaskor.def, gaskor.car), (2, 1, 2));
    let f = &gaskor.fleets[0];
    assert_eq!((f.id, f.vc, f.vt, f.cargo.mp), (258, 4, 13, 12));
    assert_eq!(setup.sides[0].fleets[0].vc, 18);
}

// ----- "what it takes" against brute force -----

/// A (ATT `att`, `vc` + `vt`) fires at B (DEF `def`, CAR `car`, `tvc` + `tvt` carrying `mp`).
#[allow(clippy::too_many_arguments)]
fn duel(att: u32, vc: u32, vt: u32, def: u32, car: u32, tvc: u32, tvt: u32, mp: u32) -> Setup {
    Setup {
        sides: vec![
            Side {
                name: "A".into(),
                att,
                fleets: vec![FleetSetup {
                    id: 1,
                    vc,
                    vt,
                    fire: Some(Target::Fleet(2)),
                    ..FleetSetup::default()
                }],
                ..Side::default()
            },
            Side {
                name: "B".into(),
                att: 2,
                def,
                car,
                fleets: vec![FleetSetup {
                    id: 2,
                    vc: tvc,
                    vt: tvt,
                    cargo: nebutil::combat::sim::CargoSetup {
                        mp,
                        ..Default::default()
                    },
                    fire: Some(Target::Fleet(1)),
                    ..FleetSetup::default()
                }],
                ..Side::default()
            },
        ],
        ..Setup::default()
    }
}

#[test]
fn what_it_takes_for_the_book_fight() {
    let r = rules();
    let setup = fixture("book_vii_1_2");
    // 21 VC: ⌈14.07⌉ = 15 hits → ⌈16.18⌉ = 17; 20 VC: 14 hits → ⌈15.1⌉ = 16 (one left).
    assert_eq!(min_vc(&setup, &r, 128, 1, 1000).map(|f| f.value), Some(21));
    // ATT 6 (CAtt 81): 18×81 = 1458 → 15 hits → 17; ATT 5 (73): 14 hits → 16.
    assert_eq!(min_att(&setup, &r, 128, 1).map(|f| f.value), Some(6));
    let hold = max_withstood(&setup, &r, 128, 1, 1000).expect("withstand");
    assert_eq!((hold.vc, hold.loss), (20, 16));
    // Two rounds. 13 VC: ⌈8.71⌉ = 9 hits → ⌈9.71⌉ = 10 (4 VC + 6 VT) → 7 VT holding 12 of 14;
    // GASKOR's 7 hits leave 6 VC → ⌈4.02⌉ = 5 hits on CD 70 × (1 + 12/14) = 130 → ⌈6.5⌉ = 7.
    // 12 VC: 9 hits → 10 again, then 5 VC → ⌈3.35⌉ = 4 → ⌈5.2⌉ = 6: one VT holds.
    assert_eq!(min_vc(&setup, &r, 128, 2, 1000).map(|f| f.value), Some(13));
    let hold = max_withstood(&setup, &r, 128, 2, 1000).expect("withstand");
    assert_eq!((hold.vc, hold.loss), (12, 16));
    // ATT 1 suffices in two rounds: 9 hits → 10, then 11 VC → ⌈5.5⌉ = 6 → ⌈7.8⌉ = 8 ≥ 7.
    assert_eq!(min_att(&setup, &r, 128, 2).map(|f| f.value), Some(1));
    // Nothing to search without a fire order; an unreachable goal within the bound.
    assert!(min_vc(&setup, &r, 999, 1, 1000).is_none());
    assert!(min_vc(&setup, &r, 128, 1, 10).is_none());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn min_vc_and_withstand_match_brute_force(
        att in 1u32..6, vt in 0u32..4, def in 1u32..8, car in 1u32..4,
        tvc in 0u32..15, tvt in 0u32..10, mp in 0u32..20, rounds in 1u32..4,
    ) {
        prop_assume!(tvc + tvt > 0);
        let r = rules();
        let setup = duel(att, 0, vt, def, car, tvc, tvt, mp.min(tvc + tvt * car));
        let max = 60;
        let brute = (0..=max).find(|&vc| {
            loss_with_vc(&setup, &r, 1, rounds, vc).is_some_and(|(_, done)| done)
        });
        let found = min_vc(&setup, &r, 1, rounds, max).map(|f| f.value);
        prop_assert_eq!(found, brute);
        // The largest loss the target takes and holds: the best of every count it survives.
        let held: Option<(u32, u64)> = match brute {
            Some(v) if v > 0 => (0..v)
                .filter_map(|vc| {
                    let (loss, done) = loss_with_vc(&setup, &r, 1, rounds, vc)?;
                    (!done).then_some((vc, loss))
                })
                .max_by_key(|&(vc, loss)| (loss, vc)),
            _ => None,
        };
        let withstand = max_withstood(&setup, &r, 1, rounds, max).map(|w| (w.vc, w.loss));
        prop_assert_eq!(withstand.map(|w| w.1), held.map(|h| h.1));
        if let (Some(w), Some(v)) = (withstand, brute) {
            prop_assert_eq!(w.0 + 1, v);
        }
    }

    #[test]
    fn min_att_matches_brute_force(
        vc in 0u32..30, vt in 0u32..4, def in 1u32..8, tvc in 0u32..30, rounds in 1u32..3,
    ) {
        prop_assume!(tvc > 0);
        let r = rules();
        let setup = duel(1, vc, vt, def, 1, tvc, 0, 0);
        let levels = r.combat.catt.len() as u32;
        let brute = (1..=levels).find(|&att| {
            let mut s = setup.clone();
            s.sides[0].att = att;
            let result = simulate_rounds(&s, &r, rounds);
            result.last_fleet(2).is_some_and(|f| f.vc_after + f.vt_after == 0)
        });
        prop_assert_eq!(min_att(&setup, &r, 1, rounds).map(|f| f.value), brute);
    }
}

#[test]
fn every_sim_message_exists_in_both_languages() {
    let ftl = |lang: &str| {
        std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("i18n/{lang}/combat.ftl")),
        )
        .expect("combat.ftl")
    };
    let ids = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| {
                ["sim-", "cli-combat-", "gui-sim-"]
                    .iter()
                    .any(|p| l.starts_with(p))
            })
            .filter_map(|l| l.split(" =").next().map(str::to_string))
            .collect()
    };
    let (fr, en) = (ids(&ftl("fr")), ids(&ftl("en")));
    assert!(fr.len() > 30);
    assert_eq!(fr, en);
}

// ----- `nebutil combat` -----

fn nebutil(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .output()
        .expect("nebutil runs")
}

fn temp_setup(name: &str, text: &str) -> String {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("combat_sim");
    std::fs::create_dir_all(&dir).expect("temp dir");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("temp file");
    path.display().to_string()
}

#[test]
fn cli_runs_the_book_example_as_text_and_json() {
    let out = nebutil(&["combat", "assets/combat/book_vii_1_2.ron", "--lang", "en"]);
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Round 1\n"), "{text}");
    assert!(text.contains("Nd = ⌈13 × 107.882…/100⌉ = ⌈14.024…⌉ = 15"));
    assert!(text.contains("F_258 \"GASKOR\" [4]=2T * F_128"));
    // French by default, the same formulas.
    let out = nebutil(&["combat", "assets/combat/book_vii_1_2.ron"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("Tour 1\n") && text.contains("⌈14.024…⌉ = 15"));

    let out = nebutil(&[
        "combat",
        "assets/combat/book_vii_1_2.ron",
        "--json",
        "--search",
        "F_128",
        "--rounds",
        "2",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["schema"], "nebutil-combat/1");
    assert_eq!(json["result"]["rounds"][0]["shots"][0]["destroyed"], 15);
    assert_eq!(json["result"]["rounds"][0]["shots"][0]["hits"], 13);
    assert_eq!(json["search"]["min_vc"], 13);
    assert_eq!(json["search"]["min_att"], 1);
    assert_eq!(json["search"]["withstand"]["vc"], 12);
    assert_eq!(json["setup"]["sides"][1]["name"], "GASKOR");
    assert!(json["diagnostics"].as_array().is_some_and(|d| d.is_empty()));
    // In words, the target is named.
    let out = nebutil(&[
        "combat",
        "assets/combat/book_vii_1_2.ron",
        "--search",
        "F_128",
        "--rounds",
        "2",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("F_258 tient jusqu'à 12 VC"), "{text}");
}

#[test]
fn cli_exit_codes() {
    let bad = temp_setup(
        "bad.ron",
        "(\n  sides: [\n    (name: \"A\", att: x),\n  ],\n)\n",
    );
    let out = nebutil(&["combat", &bad, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with(&format!("{bad}:3:")) && text.contains("error[sim-setup-syntax]"),
        "{text}"
    );
    let unknown = temp_setup(
        "unknown.ron",
        "(sides: [(name: \"A\", fleets: [(id: 1, vc: 2, fire: Some(Fleet(7)))])])\n",
    );
    let out = nebutil(&["combat", &unknown, "--json"]);
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["diagnostics"][0]["code"], "sim-unknown-fleet");
    assert!(json["result"].is_null());
    let out = nebutil(&["combat", "no/such/setup.ron"]);
    assert_eq!(out.status.code(), Some(2));
    let out = nebutil(&[
        "combat",
        "assets/combat/book_vii_1_2.ron",
        "--search",
        "F_x",
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_readme_setup_reads_without_diagnostics() {
    let readme = include_str!("../../README.md");
    let section = readme
        .split("## Combat simulator")
        .nth(1)
        .expect("README section");
    let block = section
        .split("```ron\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("ron block");
    let (setup, diagnostics) = parse(block);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let setup = setup.expect("setup");
    let result = simulate(&setup, &rules());
    // F_124 * M as in the ambush fixture; F_73 ambushed by the 2 VI left; F_75 flees.
    assert_eq!(fleet_after(&result, 73).0, 7);
    assert!(result.last_fleet(75).is_some_and(|f| f.leaves));
}

#[test]
fn what_it_takes_on_a_world_layer() {
    let r = rules();
    let setup = fixture("population_fire");
    // `* P` on 5 VP + 40 N with the VP's CD 81: Nd = ⌈n × 0.81⌉ ≥ 45 needs n ≥ 55
    // (⌈44.55⌉ = 45; n = 54 → ⌈43.74⌉ = 44); n = ⌈(61·VC + 150)/100⌉ ≥ 55 needs VC ≥ 87
    // (86 VC: ⌈53.96⌉ = 54).
    assert_eq!(min_vc(&setup, &r, 7, 1, 10_000).map(|f| f.value), Some(87));
    let hold = max_withstood(&setup, &r, 7, 1, 10_000).expect("withstand");
    // 86 VC: 54 hits → 44 destroyed: 5 VP and 39 N.
    assert_eq!((hold.vc, hold.loss), (86, 44));
}

#[test]
fn vp_fire_on_converts_and_a_neutral_world_ambushing() {
    let text = r#"(
        world: (id: Some(9), owner: Some("Lune"), vp: 4, n: 10, converts: [("Paul", 6)],
                vp_fire: Some(C)),
        sides: [
            (name: "Lune", att: 1),
            (name: "Paul", class: Missionary, fleets: [(id: 5, vc: 2, fire: Some(P), conditional: true)]),
        ],
    )"#;
    let (setup, diagnostics) = parse(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let setup = setup.expect("setup");
    let result = simulate(&setup, &rules());
    let round = &result.rounds[0];
    // `VP M_9 * C`: 4 × 50 → 2 hits → 2 converts of Paul; that is an aggression on Paul, whose
    // conditional `F_5 ? P` (aimed at Lune's world) then goes off: 1 hit on the VP (CD 100).
    assert_eq!(round.world.lost.converts, vec![2]);
    assert!(round.shots[0].fired, "{:?}", round.shots);
    assert_eq!(round.shots[0].shooter, Group::Fleet(5));
    assert_eq!(round.world.lost.vp, 1);
    assert_eq!(round.world.after.n, 10);

    // A neutral world's VI ambush a crossing fleet (and the text names them neutral).
    let text = r#"(
        world: (id: Some(3), vi: 3),
        sides: [(name: "A", fleets: [(id: 1, vc: 4, crossing: true)])],
    )"#;
    let setup = parse(text).0.expect("setup");
    let result = simulate(&setup, &rules());
    // 3 VI at ATT 1 in ambush: 2 × 150 = 300 → 3 hits → 3 VC.
    assert_eq!(fleet_after(&result, 1).0, 1);
    let rendered = text::render(&setup, &result, Lang::En);
    assert!(
        rendered.contains("VI M_3 (neutral) * F_1 — ambush (CAtt × 2)"),
        "{rendered}"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn min_vc_on_world_layers_matches_brute_force(
        att in 1u32..6, vt in 0u32..4, def in 1u32..8, vi in 0u32..6, vp in 0u32..6,
        n in 0u64..30, industries in 0u64..20, aim in 0usize..3, rounds in 1u32..3,
    ) {
        let r = rules();
        let target = [Target::M, Target::P, Target::I][aim];
        let mut setup = duel(att, 0, vt, def, 1, 1, 0, 0);
        setup.sides[0].fleets[0].fire = Some(target);
        setup.world.owner = Some("B".into());
        setup.world.vi = vi;
        setup.world.vp = vp;
        setup.world.n = n;
        setup.world.industries = industries;
        setup.world.vp_fire = Some(Target::Fleet(1));
        let max = 80;
        let brute = (0..=max).find(|&vc| {
            loss_with_vc(&setup, &r, 1, rounds, vc).is_some_and(|(_, done)| done)
        });
        prop_assert_eq!(min_vc(&setup, &r, 1, rounds, max).map(|f| f.value), brute);
    }
}

fn extreme() -> impl Strategy<Value = u32> {
    prop_oneof![
        Just(0u32),
        Just(1u32),
        Just(u32::MAX),
        Just(u32::MAX - 1),
        Just(u32::MAX / 2),
        0u32..1000,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any counts and levels, `u32::MAX` included, in a fight of two fleets over a
    /// world with protections and populations: the simulation and its text run
    /// without an overflow (the test profile checks them), ships never grow, and
    /// every side's count stays within what it started with.
    #[test]
    fn extreme_counts_simulate_without_overflow(
        att in extreme(), def in extreme(), car in extreme(),
        vc in extreme(), vt in extreme(), tvc in extreme(), tvt in extreme(), mp in extreme(),
        vi in extreme(), vp in extreme(), n in extreme(), industries in extreme(),
    ) {
        let r = rules();
        let mut setup = duel(att, vc, vt, def, car, tvc, tvt, mp);
        setup.world.owner = Some("B".into());
        setup.world.vi = vi;
        setup.world.vp = vp;
        setup.world.n = u64::from(n);
        setup.world.industries = u64::from(industries);
        setup.world.vi_fire = Some(Target::Fleet(1));
        let _ = setup.check(None);
        let result = simulate_rounds(&setup, &r, 3);
        let by_round = result.ships_by_round();
        for pair in by_round.windows(2) {
            for (before, after) in pair[0].iter().zip(&pair[1]) {
                prop_assert!(after <= before, "{by_round:?}");
            }
        }
        for lang in [Lang::Fr, Lang::En] {
            prop_assert!(!text::render(&setup, &result, lang).is_empty());
        }
    }
}

/// The simulator's fleet lines are the book's: an empty fleet (every ship
/// destroyed) has no ships block, `F_2 "B" * F_1` as `F_12 "Maxtor" *M` (G-21,
/// catalog §2.2), never `[]=0`.
#[test]
fn an_empty_fleet_is_written_without_ships_block() {
    use nebutil::combat::sim::Target;
    use nebutil::combat::sim::run::fleet_notation;
    assert_eq!(
        fleet_notation(
            258,
            "GASKOR",
            0,
            2,
            [4, 0, 0, 0],
            Some((Target::Fleet(128), false))
        ),
        r#"F_258 "GASKOR" [4]=2T * F_128"#
    );
    assert_eq!(
        fleet_notation(2, "B", 0, 0, [0; 4], Some((Target::Fleet(1), false))),
        r#"F_2 "B" * F_1"#
    );
    assert_eq!(
        fleet_notation(58, "Maxtor", 0, 0, [0; 4], None),
        r#"F_58 "Maxtor""#
    );
    let text = nebutil::combat::sim::text::render(&fixture("rounds"), &run("rounds"), Lang::Fr);
    assert!(!text.contains("]=0"), "{text}");
}
