//! Rulesets: every constant of the 2002 book (catalog §3), the 1999 differences
//! (catalog §5), loading errors (fixtures), round trips and the rulings (§6).

use std::path::Path;

use nebutil::i18n::{self, Lang};
use nebutil::model::treasure::{ADJECTIVES, NOUNS};
use nebutil::model::{Class, Special, Tech, TreasureKind};
use nebutil::rules::policy::{
    EndGameBonusScope, ExcessQuantity, ExclusiveConflict, GiftWorldTurn, LoadConflict,
    MissionaryClamp, OverpopulationCap, PillageCount, ResearchOverflow, RobotTie, Rounding,
    StartWorldTurns, UpOvercommitment, VtCoefficients,
};
use nebutil::rules::{Ratio, RobotConflict, Ruleset, StartWorldScoring, Topology, geometric_table};

fn r2002() -> Ruleset {
    Ruleset::builtin_2002()
}

fn r1999() -> Ruleset {
    Ruleset::builtin_1999()
}

fn ratio(num: u64, den: u64) -> Ratio {
    Ratio::new(num, den).unwrap_or(Ratio::ZERO)
}

/// The 2002 text with the line `key: old,` of the policies changed to `key: new,`.
fn with_policy(key: &str, new: &str) -> Ruleset {
    let text = Ruleset::builtin_text("2002").unwrap_or_default();
    let at = text.find("policies: (").unwrap_or(0);
    let (head, tail) = text.split_at(at);
    let start = tail
        .find(&format!("{key}:"))
        .unwrap_or_else(|| panic!("no policy {key}"));
    let end = start + tail[start..].find(',').unwrap_or(0);
    let edited = format!("{head}{}{key}: {new}{}", &tail[..start], &tail[end..]);
    match Ruleset::from_ron(&edited) {
        Ok(ruleset) => ruleset,
        Err(error) => panic!("{key}: {new} refused: {error}"),
    }
}

// ---------------------------------------------------------------------------
// Built-ins
// ---------------------------------------------------------------------------

#[test]
fn builtin_rulesets_parse_and_validate() {
    for name in Ruleset::BUILTIN_NAMES {
        let text = Ruleset::builtin_text(name).unwrap_or_default();
        let parsed = Ruleset::from_ron(text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(parsed.name, name);
        assert_eq!(Ruleset::builtin(name).ok(), Some(parsed.clone()));
        assert_eq!(parsed.validate(), Ok(()));
    }
    assert_eq!(r2002().name, "2002");
    assert_eq!(r1999().name, "1999");
    let error = Ruleset::builtin("2003")
        .err()
        .unwrap_or_else(|| panic!("2003 accepted"));
    assert_eq!(error.code(), "rules-unknown-builtin");
    assert!(error.render("x", Lang::En).contains("2002, 1999"));
    assert!(Ruleset::builtin_text("2003").is_none());
}

// ---------------------------------------------------------------------------
// Catalog §3: every constant against the book's value
// ---------------------------------------------------------------------------

#[test]
fn constants_of_catalog_3_match_the_book() {
    let r = r2002();
    let p = &r.production;
    let e = &r.economy;
    let t = &r.treasures;
    let s = &r.scoring;
    // (what, ruleset value, book value)
    let table: Vec<(&str, i64, i64)> = vec![
        // 3.1
        ("classes", r.technologies.len() as i64, 7),
        ("min connections", r.galaxy.min_connections.into(), 1),
        ("max connections", r.galaxy.max_connections.into(), 8),
        ("final turn min", r.galaxy.final_turn_min.into(), 10),
        ("final turn max", r.galaxy.final_turn_max.into(), 30),
        ("normal treasures", r.normal_treasures().into(), 182),
        ("special treasures", t.specials.into(), 18),
        (
            "all treasures",
            (r.normal_treasures() + t.specials).into(),
            200,
        ),
        // 3.2
        ("start industries", r.start.industries.into(), 30),
        ("start VI", r.start.vi.into(), 1),
        ("start VP", r.start.vp.into(), 1),
        ("start P", r.start.population.into(), 50),
        ("start limit", r.start.population_limit.into(), 100),
        ("start MP", r.start.mp.into(), 30),
        ("start mining", r.start.mining_capacity.into(), 2),
        (
            "start possession counter",
            r.start.possession_counter.into(),
            0,
        ),
        ("start fleets", r.start.fleets.into(), 5),
        ("start PE", r.start.potential.into(), 0),
        ("start DEP", r.tech_initial(Tech::Dep).into(), 3),
        ("start ATT", r.tech_initial(Tech::Att).into(), 1),
        ("start DEF", r.tech_initial(Tech::Def).into(), 1),
        ("start RAD", r.tech_initial(Tech::Rad).into(), 0),
        ("start ALI", r.tech_initial(Tech::Ali).into(), 0),
        ("start CAR", r.tech_initial(Tech::Car).into(), 1),
        // 3.4
        ("VT CAtt", r.vt_catt().into(), 30),
        ("VT CDef", r.vt_cdef().into(), 70),
        ("VC cargo", r.combat.vc_cargo.into(), 1),
        ("ambush ×", r.combat.ambush_multiplier.into(), 2),
        ("flight ÷", r.combat.flight_divisor.into(), 2),
        ("Jihad +", r.combat.jihad_att_bonus.into(), 4),
        ("bomb VC", r.combat.bomb_vc.into(), 25),
        ("piracy ×", r.combat.piracy_ratio.into(), 3),
        // 3.5
        ("ship UP", p.ship_up.into(), 1),
        ("robot UP", p.robot_up.into(), 1),
        ("spy UP", p.spy_up.into(), 1),
        ("limit +1 UP", p.population_limit_up.into(), 1),
        ("emigration UP", p.emigration_up.into(), 1),
        ("robots per VC attack", p.robots.per_vc_attack.into(), 2),
        ("robots per ship", p.robots.per_ship.into(), 2),
        ("robots per industry", p.robots.per_industry.into(), 12),
        ("pops per robot", p.robots.populations_per_robot.into(), 4),
        // 3.6
        ("MEVA P limit", e.meva_p_limit.into(), 5),
        ("overpopulation margin", e.overpopulation_margin.into(), 10),
        ("mining per pop", e.mining_per_population.into(), 1),
        ("mining step", e.mining_step_turns.into(), 7),
        ("mining max", e.mining_capacity_max.into(), 10),
        ("MEVA CM turns", e.meva_cm_turns.into(), 3),
        ("MEVA slots", r.meva_slots().into(), 8),
        ("pillage recovery", e.pillage_recovery_turns.into(), 4),
        (
            "black hole max loss %",
            e.black_hole_max_loss_percent.into(),
            100,
        ),
        // 3.7
        ("spy categories", r.spies.categories.into(), 9),
        // 3.8
        ("most sought", t.most_sought.others, 15),
        ("most sought antiq.", t.most_sought.antiquarian, 90),
        ("sought", t.sought.others, 5),
        ("sought antiq.", t.sought.antiquarian, 30),
        ("unsought", t.unsought.others, 0),
        ("unsought antiq.", t.unsought.antiquarian, 15),
        ("cursed", t.cursed.others, -10),
        ("cursed antiq.", t.cursed.antiquarian, 0),
        ("museum size", t.museum.treasures.into(), 12),
        ("museum per turn", t.museum.per_turn, 100),
        ("museum end", t.museum.end_bonus, 1000),
        ("sought family end", t.sought_family_bonus.others, 500),
        (
            "sought family end antiq.",
            t.sought_family_bonus.antiquarian,
            1500,
        ),
        // 3.9
        (
            "emperor pops per point",
            s.emperor.populations_per_point.into(),
            10,
        ),
        ("emperor industry", s.emperor.per_industry, 1),
        ("emperor active industry", s.emperor.per_active_industry, 1),
        ("emperor mining", s.emperor.per_mining_capacity, 1),
        ("emperor pop destroyed", s.emperor.population_destroyed, -1),
        ("pirate 1st pillage", r.pillage_points(1), 80),
        ("pirate 2nd pillage", r.pillage_points(2), 50),
        ("pirate 3rd pillage", r.pillage_points(3), 40),
        ("pirate 4th pillage", r.pillage_points(4), 30),
        ("pirate 5th pillage", r.pillage_points(5), 20),
        ("pirate 9th pillage", r.pillage_points(9), 20),
        ("pirate fleet", s.pirate.per_fleet, 5),
        ("pirate pop destroyed", s.pirate.population_destroyed, -1),
        (
            "antiquarian pop destroyed",
            s.antiquarian.population_destroyed,
            -1,
        ),
        ("missionary world", s.missionary.per_world, 5),
        (
            "missionary converted world",
            s.missionary.converted_world,
            20,
        ),
        (
            "missionary converts per point",
            s.missionary.converts_per_point.into(),
            10,
        ),
        ("missionary martyr", s.missionary.per_martyr, 2),
        ("missionary Jihad kill", s.missionary.jihad_destroyed, 2),
        (
            "missionary combat kill",
            s.missionary.destroyed_in_combat,
            -1,
        ),
        ("robotron pop", s.robotron.population_destroyed, 2),
        ("robotron industry", s.robotron.industry_destroyed, 2),
        ("robotron ship", s.robotron.ship_destroyed, 2),
        ("robotron bomb", s.robotron.bomb_dropped, 200),
        ("robotron world", s.robotron.robotised_world, 20),
        ("explorer localised", s.explorer.localised, 20),
        ("explorer observed X=0", r.observation_points(0), 40),
        ("explorer observed X=1", r.observation_points(1), 30),
        ("explorer MEVA", s.explorer.per_meva, 20),
        (
            "explorer pop destroyed",
            s.explorer.population_destroyed,
            -1,
        ),
        ("merchant per MP", s.merchant.per_mp, 7),
        (
            "merchant MP per industry",
            s.merchant.mp_per_industry.into(),
            2,
        ),
        ("merchant PC", s.merchant.pc_not_deconverting, 1),
        ("merchant PC deconverting", s.merchant.pc_deconverting, 15),
        (
            "merchant pop destroyed",
            s.merchant.population_destroyed,
            -1,
        ),
        ("non-pirate pillage", s.non_pirate_pillage, -40),
        ("non-robotron bomb", s.non_robotron_bomb, -100),
    ];
    let wrong: Vec<String> = table
        .iter()
        .filter(|(_, got, want)| got != want)
        .map(|(what, got, want)| format!("{what}: {got}, the book says {want}"))
        .collect();
    assert!(wrong.is_empty(), "{wrong:#?}");

    // Fractions (3.6).
    assert_eq!(e.growth, ratio(10, 100));
    assert_eq!(e.meva_p_growth, ratio(25, 1000));
    assert_eq!(e.overpopulation_death, ratio(1, 2));
    assert_eq!(e.pillage_loss, ratio(1, 3));
    assert_eq!(e.deconversion, ratio(1, 2));
    assert_eq!(e.conversion, ratio(25, 100));
    assert_eq!(r.galaxy.topology, Topology::Torus);
    assert!(e.observation_adds_to_meva_counter);
    assert_eq!(p.robots.conflict, RobotConflict::Strongest);
    assert_eq!(
        s.explorer.start_world,
        StartWorldScoring::Potential {
            per_turn: 100,
            cap_per_turn: 300
        }
    );
}

#[test]
fn technology_matrix_of_catalog_3_3() {
    let r = r2002();
    use Class::*;
    // (class, [(cost, max) for DEP, ATT, DEF, RAD, ALI, CAR]); 0 = unlimited.
    let book: [(Class, [(u32, u32); 6]); 7] = [
        (
            Emperor,
            [(10, 7), (5, 12), (10, 10), (5, 3), (5, 0), (10, 0)],
        ),
        (
            Pirate,
            [(9, 7), (10, 10), (11, 10), (5, 3), (5, 0), (10, 0)],
        ),
        (
            Antiquarian,
            [(10, 7), (10, 10), (5, 12), (5, 3), (4, 0), (8, 0)],
        ),
        (
            Missionary,
            [(10, 7), (10, 10), (10, 10), (5, 3), (5, 0), (10, 0)],
        ),
        (
            Robotron,
            [(10, 7), (10, 10), (10, 10), (5, 3), (5, 0), (10, 0)],
        ),
        (
            Explorer,
            [(6, 7), (12, 9), (12, 9), (4, 3), (3, 0), (10, 0)],
        ),
        (Merchant, [(8, 7), (12, 9), (12, 8), (5, 3), (5, 0), (5, 0)]),
    ];
    for (class, row) in book {
        for (tech, (cost, max)) in Tech::ALL.into_iter().zip(row) {
            assert_eq!(r.tech_cost(class, tech), cost, "{class:?} {tech:?} cost");
            let max = (max != 0).then_some(max);
            assert_eq!(r.tech_max(class, tech), max, "{class:?} {tech:?} max");
        }
    }
    // The IV.3 CR example: "ATtaque : 1 (10)", "Connaissance des ALIens : 0 (+2/5)" —
    // a missionary's or robotron's costs.
    assert_eq!(r.tech_cost(Missionary, Tech::Att), 10);
    assert_eq!(r.tech_cost(Robotron, Tech::Ali), 5);
    assert!(r.tech_at_max(Emperor, Tech::Att, 12));
    assert!(!r.tech_at_max(Emperor, Tech::Att, 11));
    assert!(!r.tech_at_max(Merchant, Tech::Car, 1000));
}

#[test]
fn rad_and_ali_effects_of_catalog_3_3() {
    let r = r2002();
    let e = r.tech_effects;
    assert_eq!(
        (e.rad_own_worlds, e.rad_seen_worlds, e.rad_connected_worlds),
        (1, 2, 3)
    );
    assert_eq!(
        (
            e.ali_fleet_split,
            e.ali_def_levels,
            e.ali_att_levels,
            e.ali_hide_levels
        ),
        (1, 2, 3, 4)
    );
    // ALI 2 learns DEF, ALI 3 learns ATT.
    assert!(!r.ali_reveals_level(1, 0, false));
    assert!(r.ali_reveals_level(2, 0, false));
    assert!(!r.ali_reveals_level(2, 0, true));
    assert!(r.ali_reveals_level(3, 3, true));
    // From ALI 4 a player hides his levels from anyone strictly below him.
    assert!(!r.ali_reveals_level(3, 4, true));
    assert!(!r.ali_reveals_level(4, 5, false));
    assert!(r.ali_reveals_level(5, 5, true));
}

#[test]
fn production_costs_of_catalog_3_5() {
    let r = r2002();
    for class in Class::ALL {
        let (up, vi) = match class {
            Class::Emperor => (4, 4),
            Class::Missionary => (5, 5),
            _ => (5, 6),
        };
        assert_eq!(r.industry_cost(class), up, "{class:?}");
        assert_eq!(r.vi_per_industry(class), vi, "{class:?}");
    }
}

/// round_half_up(base × (num/den)^(L−1)) with exact integers, written independently
/// of the library.
fn closed_form(base: u128, num: u128, den: u128, level: u32) -> u32 {
    let n = base * num.pow(level - 1);
    let d = den.pow(level - 1);
    let value = (2 * n + d) / (2 * d);
    u32::try_from(value).unwrap_or(u32::MAX)
}

#[test]
fn combat_tables_equal_their_closed_forms() {
    let r = r2002();
    let catt_book = [50, 55, 61, 67, 73, 81, 89, 97, 107, 118, 130, 143];
    let cdef_book = [100, 90, 81, 73, 66, 59, 53, 48, 43, 39, 35, 31];
    assert_eq!(&r.combat.catt[..12], &catt_book);
    assert_eq!(r.combat.cdef, cdef_book);
    for level in 1..=14u32 {
        assert_eq!(
            r.catt(level),
            closed_form(50, 11, 10, level),
            "CAtt at ATT {level}"
        );
    }
    for level in 1..=12u32 {
        assert_eq!(
            r.cdef(level),
            closed_form(100, 9, 10, level),
            "CDef at DEF {level}"
        );
    }
    // The extrapolated Jihad levels.
    assert_eq!((r.catt(13), r.catt(14)), (157, 173));
    // The library's generator agrees.
    assert_eq!(
        geometric_table(50, ratio(11, 10), 14),
        Some(r.combat.catt.clone())
    );
    assert_eq!(
        geometric_table(100, ratio(9, 10), 12),
        Some(r.combat.cdef.clone())
    );
    // Rounding at each step would not give the book's tables (catalog §3.4).
    let mut iterative = 50u32;
    for _ in 2..=5 {
        iterative = (iterative * 11 + 5) / 10;
    }
    assert_eq!(iterative, 74);
    assert_ne!(iterative, r.catt(5));
}

#[test]
fn book_examples_that_are_constants() {
    let r = r2002();
    // VII.1.2: Miria at ATT 4 has CAtt 67, at DEF 2 CDef 90.
    assert_eq!(r.catt(4), 67);
    assert_eq!(r.cdef(2), 90);
    // VI.4.1: a missionary at ATT 10 fires on his Jihad target as ATT 14.
    assert_eq!(r.catt_for(Class::Missionary, 10, true), r.catt(14));
    assert_eq!(r.catt_for(Class::Missionary, 10, false), 118);
    assert_eq!(
        r.catt_for(Class::Emperor, 10, true),
        118,
        "only missionaries have a Jihad"
    );
    // IV.4: 4 spies → 10 % ("[Erreur=10%]").
    assert_eq!(r.spy_error_percent(4), 10);
    let errors: Vec<u32> = (1..=9).map(|n| r.spy_error_percent(n)).collect();
    assert_eq!(errors, [50, 30, 20, 10, 5, 2, 0, 0, 0]);
    assert_eq!(r.spy_error_percent(0), 100);
    // VI.6.2: 3 VC of MEVA P → +Pop=+17.5 %, limit 20 → 35.
    assert_eq!(r.growth_rate(3), ratio(175, 1000));
    assert_eq!(r.growth_rate(3).percent_text(), "17.5");
    assert_eq!(r.growth_rate(0), ratio(1, 10));
    assert_eq!(20 + r.meva_limit_bonus(3), 35);
    // VI.2.1: P=30 pillaged → 10 lost; pirate +80.
    assert_eq!(r.pillage_loss(30), 10);
    assert_eq!(r.pillage_points(1), 80);
    // VI.5.1: "1 robot tue 4 populations et réciproquement".
    assert_eq!(r.robots_vs_population(10, 40), (0, 0));
    // III.1.5: growth 10 % of 63 = 6 certain and 3/10 chance of one more.
    assert_eq!(r.growth_rate(0).split_of(63), (6, ratio(3, 10)));
}

#[test]
fn treasure_points_of_iii_6() {
    let r = r2002();
    let noun = |name: &str| NOUNS.iter().position(|n| *n == name).unwrap_or(99) as u8;
    let adjective = |name: &str| ADJECTIVES.iter().position(|a| *a == name).unwrap_or(99) as u8;
    let normal = |n: &str, a: &str| TreasureKind::Normal {
        noun: noun(n),
        adjective: adjective(a),
    };
    // "l'antiquaire gagne 15 points par tour en possédant la couronne maudite (non
    // recherché et maudit) tandis qu'un empereur en perd 5 (recherché et maudit)".
    let crown = normal("couronne", "maudite");
    assert_eq!(r.treasure_points(Class::Antiquarian, crown), 15);
    assert_eq!(r.treasure_points(Class::Emperor, crown), -5);
    // Most sought, sought by noun and by adjective, unsought.
    assert_eq!(
        r.treasure_points(Class::Emperor, normal("couronne", "royale")),
        15
    );
    assert_eq!(
        r.treasure_points(Class::Emperor, normal("épée", "royale")),
        5
    );
    assert_eq!(
        r.treasure_points(Class::Emperor, normal("couronne", "noire")),
        5
    );
    assert_eq!(
        r.treasure_points(Class::Emperor, normal("épée", "noire")),
        0
    );
    assert_eq!(
        r.treasure_points(Class::Antiquarian, normal("statue", "ancienne")),
        90
    );
    assert_eq!(
        r.treasure_points(Class::Antiquarian, normal("statue", "noire")),
        30
    );
    assert_eq!(
        r.treasure_points(Class::Antiquarian, normal("épée", "noire")),
        15
    );
    assert_eq!(
        r.treasure_points(Class::Merchant, normal("monnaie", "d'or")),
        15
    );
    assert_eq!(
        r.treasure_points(Class::Pirate, normal("serpe", "maudite")),
        -10
    );
    // Specials.
    let special = |s: Special| TreasureKind::Special(s);
    let cases = [
        (Special::SmallDiamond, 10, 30),
        (Special::LargeDiamond, 20, 30),
        (Special::VeryLargeDiamond, 30, 40),
        (Special::GiganticDiamond, 40, 40),
        (Special::SmallPointEater, -15, 30),
        (Special::LargePointEater, -30, 30),
        (Special::VeryLargePointEater, -35, 40),
        (Special::GiganticPointEater, -40, 40),
        (Special::Tome(1), 0, 30),
        (Special::Tome(9), 0, 30),
        (Special::TheThing, 0, 0),
    ];
    for (s, others, antiquarian) in cases {
        assert_eq!(
            r.treasure_points(Class::Robotron, special(s)),
            others,
            "{s:?}"
        );
        assert_eq!(
            r.treasure_points(Class::Antiquarian, special(s)),
            antiquarian,
            "{s:?}"
        );
    }
    // End-of-game bonuses.
    let tomes: Vec<i64> = (0..=9).map(|n| r.tome_bonus(Class::Pirate, n)).collect();
    assert_eq!(tomes, [0, 0, 0, 500, 1000, 1500, 2000, 2500, 3000, 3500]);
    assert_eq!(r.tome_bonus(Class::Antiquarian, 9), 3500);
    assert_eq!(r.sought_family_bonus(Class::Missionary), 500);
    assert_eq!(r.sought_family_bonus(Class::Antiquarian), 1500);
    // Families (VI.3.1).
    let families: Vec<(i64, i64)> = (5..=14)
        .filter_map(|size| r.family_points(size))
        .map(|f| (f.per_turn, f.end_bonus))
        .collect();
    assert_eq!(
        families,
        [
            (10, 100),
            (15, 150),
            (25, 250),
            (40, 400),
            (60, 600),
            (85, 850),
            (115, 1150),
            (150, 1500),
            (190, 1900),
            (235, 2350)
        ]
    );
    assert_eq!(r.family_points(4), None);
}

// ---------------------------------------------------------------------------
// Catalog §5: 1999 vs 2002
// ---------------------------------------------------------------------------

#[test]
fn the_1999_ruleset_differs_exactly_where_catalog_5_says() {
    let (new, old) = (r2002(), r1999());
    assert_eq!(
        old.differing_fields(&new),
        [
            "economy.meva_slots",                       // D-1
            "economy.observation_adds_to_meva_counter", // D-2
            "production.robots.conflict",               // D-7
            "scoring.explorer.start_world",             // D-6
            "scoring.merchant.per_mp",                  // D-9
        ]
    );
    assert_eq!((new.meva_slots(), old.meva_slots()), (8, 6));
    assert!(!old.economy.observation_adds_to_meva_counter);
    assert_eq!(old.production.robots.conflict, RobotConflict::Proportional);
    assert_eq!(old.scoring.merchant.per_mp, 8);
    match &old.scoring.explorer.start_world {
        StartWorldScoring::ObservationBonuses { bonuses, .. } => {
            assert_eq!(bonuses[..5], [800, 500, 400, 300, 200]);
        }
        other => panic!("1999 explorer scoring: {other:?}"),
    }
}

#[test]
fn merchant_examples_of_vi_7_in_both_versions() {
    let (new, old) = (r2002(), r1999());
    // 10 MP on a world of 4 industries: only 8 count.
    assert_eq!(new.merchant_mp_points(&[10], 4, 0), [56]);
    assert_eq!(old.merchant_mp_points(&[10], 4, 0), [64]);
    // A 60 and B 30 on 30 industries.
    assert_eq!(new.merchant_mp_points(&[60, 30], 30, 0), [280, 140]);
    assert_eq!(old.merchant_mp_points(&[60, 30], 30, 0), [320, 160]);
}

#[test]
fn explorer_start_world_examples_in_both_versions() {
    let (new, old) = (r2002(), r1999());
    // 2002, example 1: PE 500 before the turn → Petipas scores 300, PE shown 300;
    // next turn 300 again (PE 100), then 200 (PE 0).
    assert_eq!(new.start_world_points(500, 1), (300, 300));
    assert_eq!(new.start_world_points(300, 1), (300, 100));
    assert_eq!(new.start_world_points(100, 1), (200, 0));
    // Example 2: two explorers on PE 300 → 200 each; on PE 700 → 300 each, PE 200.
    assert_eq!(new.start_world_points(300, 2), (200, 0));
    assert_eq!(new.start_world_points(700, 2), (300, 200));
    // 1999: three explorers on a never-observed Md: (800+500+400)/3 = 566.
    assert_eq!(old.start_world_points(0, 3), (566, 3));
    // The same three on a Md already observed twice: (400+300+200)/3 = 300.
    assert_eq!(old.start_world_points(2, 3), (300, 5));
    assert_eq!(new.start_world_points(0, 0), (0, 0));
}

// ---------------------------------------------------------------------------
// Reading and writing
// ---------------------------------------------------------------------------

#[test]
fn to_ron_round_trips() {
    for ruleset in [r2002(), r1999()] {
        let text = ruleset.to_ron();
        let back = Ruleset::from_ron(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back, ruleset);
    }
    // An edited ruleset survives too.
    let mut edited = r2002();
    edited.name = "Partie de Noël".into();
    edited.policies.robot_tie = RobotTie::DefenderKeeps;
    edited.economy.growth = ratio(3, 20);
    edited
        .technologies
        .entry(Class::Pirate)
        .or_default()
        .entry(Tech::Car)
        .and_modify(|rule| rule.max = Some(4));
    let back = Ruleset::from_ron(&edited.to_ron());
    assert_eq!(back.as_ref().ok(), Some(&edited), "{back:?}");
    assert!(edited.to_ron().contains("growth: \"3/20\""));
}

/// Each `tests/fixtures/rules/bad/NAME.ron` is refused with the diagnostics listed
/// in `NAME.expected` (`code line:column`, one per line).
#[test]
fn broken_files_give_located_errors() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/rules/bad");
    let mut checked = 0;
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| path.extension().is_some_and(|e| e == "ron"))
        .collect();
    entries.sort();
    for path in entries {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let expected = std::fs::read_to_string(path.with_extension("expected"))
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let error = match Ruleset::from_ron(&text) {
            Ok(_) => panic!("{} was accepted", path.display()),
            Err(error) => error,
        };
        let got: Vec<String> = error
            .diagnostics
            .iter()
            .map(|d| format!("{} {}:{}", d.code, d.span.line, d.span.column))
            .collect();
        let want: Vec<&str> = expected.lines().filter(|l| !l.trim().is_empty()).collect();
        assert_eq!(got, want, "{}", path.display());
        for diagnostic in &error.diagnostics {
            for lang in Lang::ALL {
                assert!(
                    i18n::has_message(lang, &diagnostic.code),
                    "{} has no {lang:?} message",
                    diagnostic.code
                );
                let message = diagnostic.message(lang);
                assert!(!message.contains("{ $"), "unfilled argument: {message}");
            }
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} fixtures");
}

#[test]
fn error_messages_name_the_field_and_the_allowed_values() {
    let text = Ruleset::builtin_text("2002").unwrap_or_default();
    let broken = text.replace("load_conflict: ProRata,", "load_conflict: Random,");
    let error = Ruleset::from_ron(&broken)
        .err()
        .unwrap_or_else(|| panic!("accepted"));
    let message = error.render("arbitre.ron", Lang::Fr);
    assert!(message.starts_with("arbitre.ron:"), "{message}");
    assert!(message.contains("load_conflict"), "{message}");
    assert!(message.contains("ProRata, FleetOrder"), "{message}");
    assert!(message.contains("Random"), "{message}");
    let english = error.render("arbitre.ron", Lang::En);
    assert!(english.contains("allowed values"), "{english}");
    assert_ne!(message, english);
}

#[test]
fn in_memory_validation_reports_without_position() {
    let mut r = r2002();
    r.combat.cdef.swap(0, 1);
    r.technologies.remove(&Class::Robotron);
    let error = r.validate().err().unwrap_or_else(|| panic!("accepted"));
    let codes: Vec<&str> = error.diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["rules-missing-class", "rules-table-not-decreasing"]);
    assert!(error.diagnostics.iter().all(|d| d.span.line == 0));
}

#[test]
fn ratios_are_written_as_fractions() {
    let text = Ruleset::builtin_text("2002").unwrap_or_default();
    // "2/20" reads as the same value as "1/10".
    let same = Ruleset::from_ron(&text.replace("growth: \"1/10\"", "growth: \"2/20\""));
    assert_eq!(same.map(|r| r.economy.growth), Ok(ratio(1, 10)));
    // A whole number is accepted for a fraction.
    let whole = Ruleset::from_ron(&text.replace("conversion: \"1/4\"", "conversion: 1"));
    assert_eq!(whole.map(|r| r.economy.conversion), Ok(Ratio::ONE));
}

// ---------------------------------------------------------------------------
// Rulings (catalog §6), one test each
// ---------------------------------------------------------------------------

#[test]
fn ruling_g7_exclusive_conflict_keeps_the_first_and_is_configurable() {
    assert_eq!(
        r2002().policies.exclusive_conflict,
        ExclusiveConflict::KeepFirst
    );
    assert_eq!(
        with_policy("exclusive_conflict", "VoidAll")
            .policies
            .exclusive_conflict,
        ExclusiveConflict::VoidAll
    );
}

#[test]
fn ruling_g8_up_overcommitment_reduces_in_order() {
    assert_eq!(
        r2002().policies.up_overcommitment,
        UpOvercommitment::ReduceInOrder
    );
    assert_eq!(
        with_policy("up_overcommitment", "DropWhole")
            .policies
            .up_overcommitment,
        UpOvercommitment::DropWhole
    );
}

#[test]
fn ruling_g9_excess_quantities_are_clipped() {
    assert_eq!(r2002().policies.excess_quantity, ExcessQuantity::Clip);
    assert_eq!(
        with_policy("excess_quantity", "Void")
            .policies
            .excess_quantity,
        ExcessQuantity::Void
    );
}

#[test]
fn ruling_g35_gifted_world_grows_without_mp() {
    assert_eq!(
        r2002().policies.gift_world_turn,
        GiftWorldTurn::GrowsWithoutMp
    );
    assert_eq!(
        with_policy("gift_world_turn", "GrowsAndMines")
            .policies
            .gift_world_turn,
        GiftWorldTurn::GrowsAndMines
    );
}

#[test]
fn ruling_g36_mining_capacity_gains_at_each_multiple_of_7() {
    let r = r2002();
    // III.1.6: "Maxtor:6" (+2) → "Maxtor:7" (+3).
    assert_eq!(r.mining_capacity_after(2, 6, 7), 3);
    assert_eq!(r.mining_capacity_after(2, 5, 6), 2);
    // VI.6.2: "Miranda:0:3" on a zero-capacity world reaches +1 after 4 more turns.
    assert_eq!(r.mining_capacity_after(0, 3, 6), 0);
    assert_eq!(r.mining_capacity_after(0, 6, 7), 1);
    // A MEVA jump over two multiples (6 → 15) counts both.
    assert_eq!(r.mining_capacity_after(4, 6, 15), 6);
    // Capped at 10.
    assert_eq!(r.mining_capacity_after(10, 13, 14), 10);
    assert_eq!(r.mining_capacity_after(9, 6, 22), 10);
}

#[test]
fn ruling_g41_industry_costs_4_or_5_up_and_6_only_through_vi() {
    let r = r2002();
    let direct: Vec<u32> = Class::ALL.iter().map(|&c| r.industry_cost(c)).collect();
    assert!(direct.iter().all(|&up| up == 4 || up == 5), "{direct:?}");
    assert_eq!(r.industry_cost(Class::Emperor), 4);
    assert_eq!(
        Class::ALL.iter().map(|&c| r.vi_per_industry(c)).max(),
        Some(6)
    );
}

#[test]
fn ruling_g43_research_overflow_carries_over() {
    assert_eq!(
        r2002().policies.research_overflow,
        ResearchOverflow::CarryOver
    );
    assert_eq!(
        with_policy("research_overflow", "OneLevelPerTurn")
            .policies
            .research_overflow,
        ResearchOverflow::OneLevelPerTurn
    );
}

#[test]
fn ruling_g44_overpopulation_is_a_hard_cap() {
    let r = r2002();
    assert_eq!(r.policies.overpopulation_cap, OverpopulationCap::HardCap);
    assert_eq!(r.population_ceiling(100), Some(110));
    let unlimited = with_policy("overpopulation_cap", "Unlimited");
    assert_eq!(unlimited.population_ceiling(100), None);
}

#[test]
fn ruling_g52_load_conflicts_are_shared_pro_rata() {
    assert_eq!(r2002().policies.load_conflict, LoadConflict::ProRata);
    assert_eq!(
        with_policy("load_conflict", "FleetOrder")
            .policies
            .load_conflict,
        LoadConflict::FleetOrder
    );
}

#[test]
fn ruling_g66_populations_take_fire_at_cdef_100() {
    let r = r2002();
    assert_eq!(r.policies.population_cdef, 100);
    assert_eq!(
        with_policy("population_cdef", "90")
            .policies
            .population_cdef,
        90
    );
}

#[test]
fn ruling_g80_robots_and_populations_kill_one_for_four() {
    let r = r2002();
    // 10 robots on 25 populations: the 25 die, ceil(25/4) = 7 robots die.
    assert_eq!(r.robots_vs_population(10, 25), (3, 0));
    // 5 robots on 30 populations: 20 die, all 5 robots die.
    assert_eq!(r.robots_vs_population(5, 30), (0, 10));
    // Exact balance: the world is emptied.
    assert_eq!(r.robots_vs_population(3, 12), (0, 0));
    assert_eq!(r.robots_vs_population(0, 7), (0, 7));
}

#[test]
fn ruling_g81_robot_ties_destroy_every_robot() {
    assert_eq!(r2002().policies.robot_tie, RobotTie::AllDestroyed);
    assert_eq!(
        with_policy("robot_tie", "DefenderKeeps").policies.robot_tie,
        RobotTie::DefenderKeeps
    );
}

#[test]
fn ruling_g86_missionary_probabilities_are_clamped_and_renormalised() {
    assert_eq!(
        r2002().policies.missionary_clamp,
        MissionaryClamp::ClampRenormalise
    );
    assert_eq!(
        with_policy("missionary_clamp", "ZeroNegatives")
            .policies
            .missionary_clamp,
        MissionaryClamp::ZeroNegatives
    );
}

#[test]
fn ruling_g98_pillage_loss_is_floored_and_leaves_one() {
    let r = r2002();
    assert_eq!(r.policies.pillage_rounding, Rounding::Floor);
    assert_eq!(r.pillage_loss(31), 10);
    assert_eq!(r.pillage_loss(2), 0);
    assert_eq!(r.pillage_loss(1), 0);
    assert_eq!(r.pillage_loss(0), 0);
    let ceil = with_policy("pillage_rounding", "Ceil");
    assert_eq!(ceil.pillage_loss(31), 11);
    assert_eq!(ceil.pillage_loss(2), 1, "at least one population remains");
}

#[test]
fn ruling_g99_pillage_again_at_pi_k_over_1() {
    let r = r2002();
    assert_eq!(r.economy.pillage_recovery_turns, 4);
    assert!(!r.can_pillage_again(4));
    assert!(!r.can_pillage_again(2));
    assert!(r.can_pillage_again(1));
    assert!(r.can_pillage_again(0));
    assert!(!with_policy("repillage_at_recovery", "0").can_pillage_again(1));
}

#[test]
fn ruling_g100_pillage_points_follow_the_world_count() {
    assert_eq!(r2002().policies.pillage_count, PillageCount::PerWorld);
    assert_eq!(
        with_policy("pillage_count", "PerPirate")
            .policies
            .pillage_count,
        PillageCount::PerPirate
    );
}

#[test]
fn ruling_g111_start_world_points_every_turn() {
    assert_eq!(
        r2002().policies.start_world_turns,
        StartWorldTurns::EveryTurn
    );
    assert_eq!(
        with_policy("start_world_turns", "FirstObservationOnly")
            .policies
            .start_world_turns,
        StartWorldTurns::FirstObservationOnly
    );
}

#[test]
fn ruling_g112_pe_is_added_before_scoring() {
    // Example 1, third turn: PE 100 → +100 → Petipas scores 200 (score-then-add would give 100).
    assert_eq!(r2002().start_world_points(100, 1), (200, 0));
}

#[test]
fn ruling_g113_observation_counts_in_e_only_in_2002() {
    assert!(r2002().economy.observation_adds_to_meva_counter);
    assert!(!r1999().economy.observation_adds_to_meva_counter);
}

#[test]
fn ruling_g114_observation_points_never_negative() {
    let r = r2002();
    let points: Vec<i64> = (0..=6).map(|x| r.observation_points(x)).collect();
    assert_eq!(points, [40, 30, 20, 10, 0, 0, 0]);
}

#[test]
fn ruling_g115_meva_shares_are_floored() {
    let r = r2002();
    assert_eq!(r.policies.meva_share_rounding, Rounding::Floor);
    // VI.6.2: 4/9 and 5/9 of 120 points.
    let share = |vc: u64| r.policies.meva_share_rounding.divide(120 * vc, 9);
    assert_eq!((share(4), share(5)), (53, 66));
}

#[test]
fn ruling_g118_reloaded_mp_earn_nothing() {
    let r = r2002();
    // 10 MP unloaded on 4 industries, 5 reloaded: 5 eligible → 35.
    assert_eq!(r.merchant_mp_points(&[10], 4, 5), [35]);
    // All reloaded: nothing.
    assert_eq!(r.merchant_mp_points(&[10], 4, 10), [0]);
    // No industry: not an industrialised world.
    assert_eq!(r.merchant_mp_points(&[10], 0, 0), [0]);
    // Shares are floored: 7 × 10 × 5 / 15 = 23.33 → 23.
    assert_eq!(r.merchant_mp_points(&[10, 5], 100, 10), [23, 11]);
}

#[test]
fn ruling_g126_families_of_13_nouns_and_14_adjectives() {
    let r = r2002();
    assert_eq!(r.same_noun_family_size(), 13);
    assert_eq!(r.same_adjective_family_size(), 14);
    assert_eq!(r.normal_treasures(), 182);
    assert_eq!(r.treasures.nouns as usize, NOUNS.len());
    assert_eq!(r.treasures.adjectives as usize, ADJECTIVES.len());
    // The largest family in the table is only possible with same-adjective families.
    assert_eq!(r.treasures.families.keys().next_back(), Some(&14));
}

#[test]
fn ruling_g127_end_game_bonuses_apply_to_everyone() {
    let r = r2002();
    assert_eq!(
        r.policies.end_game_bonus_scope,
        EndGameBonusScope::TableForEveryone
    );
    assert_eq!(r.tome_bonus(Class::Antiquarian, 5), 1500);
    let prose = with_policy("end_game_bonus_scope", "TomesForOthersOnly");
    assert_eq!(prose.tome_bonus(Class::Antiquarian, 5), 0);
    assert_eq!(prose.tome_bonus(Class::Emperor, 5), 1500);
    assert_eq!(prose.sought_family_bonus(Class::Emperor), 0);
}

#[test]
fn ruling_g136_final_turn_is_the_rounded_mean() {
    let r = r2002();
    // The sample registration: 19, 15, 18 → 52/3 = 17.33 → 17.
    assert_eq!(r.final_turn(&[19, 15, 18]), Some(17));
    // Halves round up: 15 and 16 → 15.5 → 16.
    assert_eq!(r.final_turn(&[15, 16]), Some(16));
    // Requests outside 10..30 are clamped.
    assert_eq!(r.final_turn(&[5, 40]), Some(20));
    assert_eq!(r.final_turn(&[]), None);
    assert_eq!(
        with_policy("final_turn_rounding", "Floor").final_turn(&[15, 16]),
        Some(15)
    );
}

#[test]
fn ruling_g139_vt_have_fixed_coefficients() {
    let r = r2002();
    assert_eq!(r.policies.vt_coefficients, VtCoefficients::Fixed);
    assert_eq!((r.vt_catt(), r.vt_cdef()), (30, 70));
    let level_one = with_policy("vt_coefficients", "LikeLevelOne");
    assert_eq!((level_one.vt_catt(), level_one.vt_cdef()), (50, 100));
}

#[test]
fn every_ruling_in_the_rules_module_has_its_test() {
    // The rulings the rules module applies (gathered from the doc comments by the
    // build script) are exactly the ones tested above.
    let tested = [
        7, 8, 9, 35, 36, 41, 43, 44, 52, 66, 80, 81, 86, 98, 99, 100, 111, 112, 113, 114, 115, 118,
        126, 127, 136, 139,
        // G-146, the draws by counts: src/rules/draw.rs's own tests (means,
        // variances, exact probabilities, same seed same draws) and the
        // resolver scenarios s9_pc_billions_g146 and the overpopulation one.
        146,
    ];
    let mut applied: Vec<u32> = nebutil::rulings::all()
        .iter()
        .filter(|r| r.places().any(|(file, _)| file.starts_with("src/rules/")))
        .map(|r| r.id)
        .collect();
    applied.dedup();
    assert_eq!(applied, tested);
}
