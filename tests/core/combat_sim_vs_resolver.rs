//! Robot attacks and bombs (issue 25): the same situation through the turn resolver
//! (a hand-written galaxy where `F_f T x R` or `F_f L BOMBE` is carried out at step
//! 14) and through the combat simulator; both must give the same losses, since both
//! call the same functions of `nebutil::combat` (`robot_fight`, `Razed`,
//! `bomb_points`).

use nebutil::combat::sim::{Setup, SimResult, parse, simulate};
use nebutil::rules::Ruleset;

use crate::support::scenario::{Scenario, event_line};

fn scenario(text: &str) -> Scenario {
    ron::from_str(text).unwrap_or_else(|e| panic!("scenario: {e}"))
}

fn setup(text: &str) -> Setup {
    let (setup, diagnostics) = parse(text);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    setup.expect("setup")
}

/// The resolver's event lines of the turn (see `event_line`).
fn resolver_events(scenario: &Scenario) -> Vec<String> {
    let (_, outcome) = scenario.run();
    outcome
        .events
        .iter()
        .filter_map(|e| event_line(&e.kind))
        .collect()
}

fn assert_has(events: &[String], wanted: &str) {
    assert!(
        events.iter().any(|e| e == wanted),
        "{wanted:?} not in the resolver's log:\n  {}",
        events.join("\n  ")
    );
}

fn sim(setup: &Setup) -> SimResult {
    simulate(setup, &Ruleset::builtin_2002())
}

/// F_2 (5 VC) fires on F_1 (30 VC) which turns 30 VC into 60 robots: the VC
/// destroyed by the fire die first (G-79), the survivors land on INBOX's M_2 (40
/// robots, 20 populations), win the robot fight and the fight against the
/// populations, and capture the world.
#[test]
fn a_robot_attack_in_the_simulator_matches_the_resolver() {
    let resolver = scenario(
        r#"(
            about: "robot attack, resolver side",
            players: [
                (id: 1, name: "Léo", class: Robotron),
                (id: 2, name: "INBOX", class: Robotron),
            ],
            worlds: [
                (id: 2, links: [3], owner: 2, owned_turns: 3, n: 20, r: 40, industries: 3, active: Some(0), limit: 100),
                (id: 3, links: [2]),
            ],
            fleets: [
                (id: 1, world: 2, owner: 1, vc: 30),
                (id: 2, world: 2, owner: 2, vc: 5),
            ],
            orders: {
                1: "F_1 T 60 R\n",
                2: "F_2 * F_1\n",
            },
        )"#,
    );
    let simulator = setup(
        r#"(
            world: (id: Some(2), owner: Some("INBOX"), n: 20, robots: 40, industries: 3),
            sides: [
                (name: "Léo", class: Robotron, fleets: [(id: 1, vc: 30, robots: 60)]),
                (name: "INBOX", class: Robotron, fleets: [(id: 2, vc: 5, fire: Some(Fleet(1)))]),
            ],
        )"#,
    );
    let result = sim(&simulator);
    let round = &result.rounds[0];
    let f1 = round.fleets.iter().find(|f| f.id == 1).expect("F_1");
    let robots = round.robots.as_ref().expect("a robot attack");
    let drop = &robots.drops[0];
    // By hand: F_2 hits n = ⌈5×50/100⌉ = 3 VC of F_1 (CDef 100); 30 − 3 = 27 VC
    // become 54 robots; 54 against 40: 14 are left, which kill 20 populations
    // (14×4 ≥ 20) and lose ⌈20/4⌉ = 5: 9 robots keep the world.
    assert_eq!(f1.vc_lost, 3);
    assert_eq!((drop.vc_destroyed, drop.vc_used, drop.robots), (3, 27, 54));
    assert_eq!(drop.formula, "R = 2 × max(0, 30 − 3) = 54");
    assert_eq!(robots.robots_formula, "R = max(1, 54 − 40) = 14");
    assert_eq!(
        robots.population_formulas,
        [
            "P = max(0, 20 − 14×4) = 0".to_string(),
            "R = max(0, 14 − ⌈20/4⌉) = 9".to_string()
        ]
    );
    assert_eq!(robots.captor.as_deref(), Some("Léo"));
    assert_eq!(round.world.after.robots, 9);
    assert_eq!(round.world.after.n, 0);

    let events = resolver_events(&resolver);
    assert_has(&events, &format!("ships F_1 VC -{} Fire", f1.vc_lost));
    assert_has(
        &events,
        &format!("ships F_1 VC -{} RobotAttack", drop.vc_used),
    );
    assert_has(
        &events,
        &format!("people M_2 R +{} RobotAttack", drop.robots),
    );
    assert_has(
        &events,
        &format!("people M_2 R -{} RobotConflict", robots.lost.robots),
    );
    assert_has(
        &events,
        &format!("people M_2 N -{} RobotConflict", robots.lost.n),
    );
    assert_has(&events, "owner M_2 2->1");
}

/// F_9 destroys both VC of F_48, which still drops its bomb on Maxtor's M_1: VI,
/// VP, populations, industries and MP go, the world turns neutral, Miria loses 100
/// points (G-108).
#[test]
fn a_bomb_in_the_simulator_matches_the_resolver() {
    let resolver = scenario(
        r#"(
            about: "bomb, resolver side",
            players: [
                (id: 1, name: "Maxtor", class: Emperor),
                (id: 2, name: "Miria", class: Emperor),
            ],
            worlds: [
                (id: 1, links: [2], owner: 1, owned_turns: 5, vi: 3, vp: 2, n: 20, industries: 5, mp: 15, limit: 20),
                (id: 2, links: [1]),
            ],
            fleets: [
                (id: 48, world: 1, owner: 2, vc: 2, bomb: true),
                (id: 9, world: 1, owner: 1, vc: 10),
            ],
            orders: {
                1: "F_9 * F_48\n",
                2: "F_48 L BOMBE\n",
            },
        )"#,
    );
    let simulator = setup(
        r#"(
            world: (id: Some(1), owner: Some("Maxtor"), vi: 3, vp: 2, n: 20, industries: 5, mp: 15),
            sides: [
                (name: "Maxtor", fleets: [(id: 9, vc: 10, fire: Some(Fleet(48)))]),
                (name: "Miria", fleets: [(id: 48, vc: 2, bomb: true)]),
            ],
        )"#,
    );
    let result = sim(&simulator);
    let round = &result.rounds[0];
    let f48 = round.fleets.iter().find(|f| f.id == 48).expect("F_48");
    assert_eq!(f48.vc_after, 0);
    let bomb = round.bombs.first().expect("a bomb");
    assert_eq!(bomb.fleet, 48);
    let razed = &bomb.razed;
    assert_eq!(
        (razed.vi, razed.vp, razed.n, razed.industries, bomb.mp),
        (3, 2, 20, 5, 15)
    );
    assert_eq!(bomb.points, Some(-100));
    assert!(round.world.after.is_zero());

    let events = resolver_events(&resolver);
    assert_has(&events, &format!("ships F_48 VC -{} Fire", f48.vc_lost));
    assert_has(&events, &format!("ships VI M_1 -{} Bomb", razed.vi));
    assert_has(&events, &format!("ships VP M_1 -{} Bomb", razed.vp));
    assert_has(&events, &format!("people M_1 N -{} Bomb", razed.n));
    assert_has(
        &events,
        &format!("industries M_1 -{} Bomb", razed.industries),
    );
    assert_has(&events, &format!("mp M_1 -{} Bomb", bomb.mp));
    assert_has(&events, "owner M_1 1->0");
    assert_has(
        &events,
        &format!("points J_2 {} bomb-penalty", bomb.points.unwrap_or(0)),
    );
}

/// A fleet with a fire order and a robot attack or a bomb: one warning, and the
/// robots or the bomb are carried out, not the fire (exclusive orders, VII.1).
#[test]
fn a_bomb_or_robots_and_a_fire_order_are_exclusive() {
    let text = r#"(
        world: (id: Some(1), owner: Some("B"), n: 8),
        sides: [
            (name: "A", fleets: [(id: 1, vc: 4, robots: 4, fire: Some(Fleet(2)))]),
            (name: "B", fleets: [(id: 2, vc: 3)]),
        ],
    )"#;
    let (setup, diagnostics) = parse(text);
    let codes: Vec<&str> = diagnostics.iter().map(|d| d.code.as_str()).collect();
    assert_eq!(codes, ["sim-exclusive-orders"]);
    let result = sim(&setup.expect("setup"));
    let round = &result.rounds[0];
    assert!(round.shots.is_empty());
    let robots = round.robots.as_ref().expect("robots");
    // 4 robots from 2 VC kill 8 populations and lose ⌈8/4⌉ = 2: the world is A's.
    assert_eq!(robots.drops[0].robots, 4);
    assert_eq!(robots.captor.as_deref(), Some("A"));
    assert_eq!(round.world.after.robots, 2);
    let f1 = round.fleets.iter().find(|f| f.id == 1).expect("F_1");
    assert_eq!((f1.vc_robots, f1.vc_lost, f1.vc_after), (2, 0, 2));
}
