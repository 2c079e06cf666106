//! Combat (VII.1): the book's worked examples, float traps, one test per ruling,
//! and properties of the losses.

use nebutil::combat::{
    Aim, FleetTarget, LayerKind, Shooter, Shot, ShotEffect, WorldAim, WorldTarget,
    apply_fleet_losses, destroyed, fire_on_world, fleet_cd, hits, resolve_ambush_route,
    resolve_volley,
};
use nebutil::model::{Cargo, Class};
use nebutil::rules::{Ratio, Ruleset};
use proptest::prelude::*;

fn rules() -> Ruleset {
    Ruleset::builtin_2002()
}

fn cargo_mp(mp: u32) -> Cargo {
    Cargo {
        mp,
        ..Cargo::default()
    }
}

/// `F_128 "Miria" []=18`: ATT 4 (CAtt 67), DEF 2 (CDef 90).
fn miria_shooter(r: &Ruleset) -> Shooter {
    Shooter::fleet(r, Class::Emperor, 4, false, 18, 0)
}

fn miria_target(r: &Ruleset) -> FleetTarget {
    FleetTarget::new(r, 2, 1, 18, 0, &Cargo::default())
}

/// `F_258 "GASKOR" [12]=4+13T`: ATT 2 (CAtt 55), DEF 1 (CDef 100), CAR 2.
fn gaskor_shooter(r: &Ruleset) -> Shooter {
    Shooter::fleet(r, Class::Pirate, 2, false, 4, 13)
}

fn gaskor_target(r: &Ruleset) -> FleetTarget {
    FleetTarget::new(r, 1, 2, 4, 13, &cargo_mp(12))
}

#[test]
fn book_example_miria_fires_on_gaskor() {
    let r = rules();
    let h = hits(&miria_shooter(&r));
    assert_eq!(h.cac, 67);
    assert_eq!(h.numerator, 1206);
    assert_eq!(h.exact(), Ratio::new(1206, 100));
    assert_eq!(h.n, 13);

    let target = gaskor_target(&r);
    assert_eq!(target.capacity(), 30);
    let cd = fleet_cd(&target);
    assert_eq!(cd.weighted, 1310);
    assert_eq!(cd.ships, 17);
    assert_eq!(cd.base(), Ratio::new(1310, 17));
    assert_eq!(cd.cargo_factor(), Ratio::new(42, 30));
    assert_eq!(cd.cd(), Ratio::new(5502, 51));
    assert_eq!(
        cd.cd_fraction().map(|c| c.percent_text()),
        Some("107.882".to_string())
    );

    let d = destroyed(h.n, cd.cd_num, cd.cd_den, target.ships());
    assert_eq!(d.exact(), Ratio::new(13 * 5502, 5100));
    assert_eq!(d.nd, 15);

    let losses = apply_fleet_losses(&target, d.nd);
    assert_eq!((losses.vc_lost, losses.vt_lost), (4, 11));
    assert_eq!((losses.vc_left, losses.vt_left), (0, 2));
    assert_eq!(losses.capacity_left, 4);
    assert_eq!(losses.cargo_left, [4, 0, 0, 0], "[4]=2T");
    assert_eq!(losses.cargo_lost_total(), 8);
}

#[test]
fn book_example_gaskor_replies_with_all_its_ships() {
    let r = rules();
    let h = hits(&gaskor_shooter(&r));
    assert_eq!((h.cac, h.cat), (55, 30));
    assert_eq!(h.numerator, 610);
    assert_eq!(h.n, 7);
    let target = miria_target(&r);
    let cd = fleet_cd(&target);
    assert_eq!(cd.cd(), Some(Ratio::whole(90)));
    let d = destroyed(h.n, cd.cd_num, cd.cd_den, target.ships());
    assert_eq!(d.nd, 7);
    assert_eq!(apply_fleet_losses(&target, d.nd).vc_left, 11);
}

#[test]
fn book_example_as_one_simultaneous_volley() {
    let r = rules();
    let fleets = [miria_target(&r), gaskor_target(&r)];
    let shots = [
        Shot {
            shooter: miria_shooter(&r),
            aim: Aim::Fleet(1),
        },
        Shot {
            shooter: gaskor_shooter(&r),
            aim: Aim::Fleet(0),
        },
    ];
    let result = resolve_volley(&fleets, &[], &shots);
    assert_eq!(result.fleets[0].vc_left, 11, "[]=11");
    assert_eq!((result.fleets[1].vc_left, result.fleets[1].vt_left), (0, 2));
    assert_eq!(result.fleets[1].cargo_left[0], 4);
    assert_eq!(result.shots[1].hits.n, 7, "GASKOR fires with its 17 ships");
}

#[test]
fn book_example_gaskor_flees() {
    let r = rules();
    let target = gaskor_target(&r).with_fleeing(true);
    let cd = fleet_cd(&target);
    assert_eq!(cd.divisor, 2);
    assert_eq!(cd.cd(), Ratio::new(2751, 51));
    assert_eq!(
        cd.cd_fraction().map(|c| c.percent_text()),
        Some("53.941".to_string())
    );
    let d = destroyed(13, cd.cd_num, cd.cd_den, target.ships());
    assert_eq!(d.nd, 8);
    let losses = apply_fleet_losses(&target, d.nd);
    assert_eq!((losses.vc_left, losses.vt_left), (0, 9));
    assert_eq!(
        losses.cargo_left,
        [12, 0, 0, 0],
        "capacity 18 keeps the cargo"
    );
}

#[test]
fn start_of_game_rule_of_thumb_is_half_rounded_up() {
    let r = rules();
    for n in 1..=200u32 {
        let shooter = Shooter::fleet(&r, Class::Emperor, 1, false, n, 0);
        let target = FleetTarget::new(&r, 1, 1, n, 0, &Cargo::default());
        let result = resolve_volley(
            &[target],
            &[],
            &[Shot {
                shooter,
                aim: Aim::Fleet(0),
            }],
        );
        assert_eq!(
            result.fleets[0].ships_lost(),
            u64::from(n.div_ceil(2)),
            "N = {n}"
        );
    }
}

/// The naive f64 formula, in the book's order of operations.
fn f64_destroyed(
    (nc1, cac): (u32, u32),
    vc2: u32,
    vt2: u32,
    cdc: u32,
    cdt: u32,
    c: u32,
    cm: u32,
) -> f64 {
    let n = (f64::from(nc1) * f64::from(cac) / 100.0).ceil();
    let cd = (f64::from(vc2) * f64::from(cdc) + f64::from(vt2) * f64::from(cdt))
        / f64::from(vc2 + vt2)
        * (1.0 + f64::from(c) / f64::from(cm));
    (n * cd / 100.0).ceil()
}

#[test]
fn exact_arithmetic_where_floats_round_up_wrongly() {
    let r = rules();
    // One VC at DEF 11 (CDef 35) + 2 VT, CAR 3, cargo 5: CD = 175/3 × 12/7 = 100 exactly.
    // One hit destroys exactly one ship; f64 computes 1.0000000000000002 and destroys two.
    let shooter = Shooter::fleet(&r, Class::Emperor, 1, false, 1, 0);
    let target = FleetTarget::new(&r, 11, 3, 1, 2, &cargo_mp(5));
    let cd = fleet_cd(&target);
    assert_eq!(cd.cd(), Some(Ratio::whole(100)));
    let d = destroyed(hits(&shooter).n, cd.cd_num, cd.cd_den, target.ships());
    assert_eq!(d.nd, 1);
    assert_eq!(f64_destroyed((1, 50), 1, 2, 35, 70, 5, 7), 2.0);

    // Two VC at DEF 1 + 7 VT, CAR 3, cargo 7: CD = 690/9 × 30/23 = 100 exactly.
    let target = FleetTarget::new(&r, 1, 3, 2, 7, &cargo_mp(7));
    let cd = fleet_cd(&target);
    assert_eq!(cd.cd(), Some(Ratio::whole(100)));
    assert_eq!(destroyed(1, cd.cd_num, cd.cd_den, target.ships()).nd, 1);
    assert_eq!(f64_destroyed((1, 50), 2, 7, 100, 70, 7, 23), 2.0);
}

#[test]
fn hits_round_up_only_past_an_integer() {
    let r = rules();
    // 2 VC at ATT 1: 100/100 = 1 exactly, one hit; 3 VT: 90/100 → 1.
    assert_eq!(
        hits(&Shooter::fleet(&r, Class::Emperor, 1, false, 2, 0)).n,
        1
    );
    assert_eq!(
        hits(&Shooter::fleet(&r, Class::Emperor, 1, false, 0, 3)).n,
        1
    );
    assert_eq!(
        hits(&Shooter::fleet(&r, Class::Emperor, 1, false, 0, 0)).n,
        0
    );
}

#[test]
fn ruling_g55_excess_cargo_lost_pro_rata_of_kinds() {
    let r = rules();
    // 1 VC + 4 VT at CAR 2: capacity 9, cargo 3 MP + 4 N + 2 R = 9.
    let cargo = Cargo {
        mp: 3,
        n: 4,
        r: 2,
        ..Cargo::default()
    };
    let target = FleetTarget::new(&r, 1, 2, 1, 4, &cargo);
    // 3 ships lost: the VC, then 2 VT → capacity 4, 5 cargo units lost.
    let losses = apply_fleet_losses(&target, 3);
    assert_eq!((losses.vc_left, losses.vt_left), (0, 2));
    // exact shares 5×3/9 = 1.67, 5×4/9 = 2.22, 5×2/9 = 1.11 → floors 1, 2, 1, the last unit
    // to the largest remainder (MP).
    assert_eq!(losses.cargo_lost, [2, 2, 0, 1]);
    assert_eq!(losses.cargo_left, [1, 2, 0, 1]);
}

#[test]
fn ruling_g65_several_shooters_summed_and_capped() {
    let r = rules();
    let target = FleetTarget::new(&r, 1, 1, 10, 0, &Cargo::default());
    let shot = |vc| Shot {
        shooter: Shooter::fleet(&r, Class::Emperor, 1, false, vc, 0),
        aim: Aim::Fleet(0),
    };
    // 3 VC: n = ⌈1.5⌉ = 2; twice → 4 (one shooter of 6 VC would give 3).
    let result = resolve_volley(&[target], &[], &[shot(3), shot(3)]);
    assert_eq!(result.fleets[0].ships_lost(), 4);
    let result = resolve_volley(&[target], &[], &[shot(6)]);
    assert_eq!(result.fleets[0].ships_lost(), 3);
    // 3 shooters of 8 VC: 4 + 4 + 4 = 12 > 10 → capped.
    let result = resolve_volley(&[target], &[], &[shot(8), shot(8), shot(8)]);
    assert_eq!(result.fleets[0].ships_lost(), 10);
    for detail in &result.shots {
        match &detail.effect {
            ShotEffect::Fleet { destroy, .. } => assert_eq!(destroy.nd, 4),
            other => panic!("unexpected {other:?}"),
        }
    }
    // A shot at a fleet the volley does not have does nothing.
    let stray = Shot {
        shooter: Shooter::fleet(&r, Class::Emperor, 1, false, 8, 0),
        aim: Aim::Fleet(3),
    };
    let result = resolve_volley(&[target], &[], &[stray]);
    assert_eq!(result.shots[0].effect, ShotEffect::NoTarget);
    assert_eq!(result.fleets[0].ships_lost(), 0);
}

#[test]
fn ruling_g66_populations_and_industries_take_one_loss_per_hit() {
    let r = rules();
    assert_eq!(r.policies.population_cdef, 100);
    let mut world = WorldTarget::new(&r, 5);
    world.non_converts = 50;
    world.industries = 40;
    // 9 VC at ATT 4: 603/100 → 7 hits → 7 populations (DEF 5 of the owner does not matter).
    let n = hits(&Shooter::fleet(&r, Class::Emperor, 4, false, 9, 0)).n;
    assert_eq!(n, 7);
    let shot = fire_on_world(n, &world, WorldAim::Population);
    assert_eq!(shot.losses.non_converts, 7);
    let shot = fire_on_world(n, &world, WorldAim::Industries);
    assert_eq!(shot.losses.industries, 7);
}

#[test]
fn ruling_g67_protection_layer_first_then_spill() {
    let r = rules();
    // Owner at DEF 2: VP CDef 90.
    let mut world = WorldTarget::new(&r, 2);
    world.vp = 3;
    world.vi = 5;
    world.non_converts = 20;
    world.industries = 20;
    // 10 hits: Nd = ⌈10 × 90/100⌉ = 9 with the VP's CD; 3 VP then 6 populations.
    let shot = fire_on_world(10, &world, WorldAim::Population);
    assert_eq!(shot.destroy.nd, 9);
    assert_eq!(shot.losses.vp, 3);
    assert_eq!(shot.losses.non_converts, 6);
    assert_eq!(shot.layers[0].layer, LayerKind::Vp);
    assert_eq!(shot.layers[1].layer, LayerKind::Population);
    // `* I`: 5 VI then 4 industries.
    let shot = fire_on_world(10, &world, WorldAim::Industries);
    assert_eq!((shot.losses.vi, shot.losses.industries), (5, 4));
    // `* M`: 7 hits → Nd 7 split 5:3 → 4.375 / 2.625 → 4 + 2, the remainder to the VI.
    let shot = fire_on_world(7, &world, WorldAim::Protection);
    assert_eq!(shot.destroy.nd, 7);
    assert_eq!((shot.losses.vi, shot.losses.vp), (5, 2));
    // Without VP the populations' CD (100) is used.
    world.vp = 0;
    let shot = fire_on_world(10, &world, WorldAim::Population);
    assert_eq!(shot.losses.non_converts, 10);
    // `* M` on equal groups: the remainder goes to the VI.
    world.vp = 5;
    let shot = fire_on_world(1, &world, WorldAim::Protection);
    assert_eq!((shot.losses.vi, shot.losses.vp), (1, 0));
}

#[test]
fn ruling_g68_vp_fire_on_converts_and_own_non_converts() {
    let r = rules();
    let mut world = WorldTarget::new(&r, 1);
    world.vp = 4;
    world.non_converts = 10;
    world.converts = vec![6, 3];
    // `VP M_m * C`, 4 VP at ATT 1: 2 hits → 2 converts, split 6:3 → 1.33 / 0.67 → 1 + 1.
    let n = hits(&Shooter::protection(&r, Class::Emperor, 1, false, 4)).n;
    assert_eq!(n, 2);
    let shot = fire_on_world(n, &world, WorldAim::Converts);
    assert_eq!(shot.losses.converts, vec![1, 1]);
    assert_eq!(shot.losses.vp, 0, "the VP do not shoot themselves");
    let shot = fire_on_world(n, &world, WorldAim::NonConverts);
    assert_eq!(shot.losses.non_converts, 2);
    assert_eq!(shot.losses.converts, vec![0, 0]);
}

#[test]
fn ruling_g72_flight_halves_cd_on_the_start_world_only() {
    let r = rules();
    let fleeing = gaskor_target(&r).with_fleeing(true);
    let normal = Shot {
        shooter: miria_shooter(&r),
        aim: Aim::Fleet(0),
    };
    let result = resolve_volley(&[fleeing], &[], &[normal]);
    assert_eq!(result.fleets[0].ships_lost(), 8);
    let ambush = Shot {
        shooter: Shooter::fleet(&r, Class::Emperor, 1, false, 5, 0).ambush(&r),
        aim: Aim::Fleet(0),
    };
    // Ambush shots along the route see the full CD: 5 VC at ATT 1 in ambush, 500/100 = 5
    // hits; full CD 107.88 → ⌈5.39⌉ = 6 (halved it would be 3).
    let result = resolve_volley(&[fleeing], &[], &[ambush]);
    assert_eq!(result.shots[0].hits.n, 5);
    assert_eq!(result.fleets[0].ships_lost(), 6);
}

#[test]
fn ruling_g74_ambushes_world_by_world_until_the_fleet_is_empty() {
    let r = rules();
    let mover = FleetTarget::new(&r, 1, 1, 10, 0, &Cargo::default());
    let group = |vc| Shooter::fleet(&r, Class::Emperor, 1, false, vc, 0).ambush(&r);
    // Hop 0: 3 VC ×2 → 3 hits → 3 lost (7 left). Hop 1: two groups of 4 VC → 4 + 4 → capped 7.
    let outcome = resolve_ambush_route(
        &mover,
        &[vec![group(3)], vec![group(4), group(4)], vec![group(9)]],
    );
    assert_eq!(outcome.hops.len(), 2);
    assert_eq!(outcome.hops[0].losses.ships_lost(), 3);
    assert_eq!(outcome.hops[1].losses.ships_lost(), 7);
    assert_eq!(outcome.stopped_at, Some(1));
    assert_eq!(outcome.fleet_after.ships(), 0);
    // A survivable route: the fleet goes through with its losses.
    let outcome = resolve_ambush_route(&mover, &[vec![group(1)], vec![], vec![group(2)]]);
    assert_eq!(outcome.stopped_at, None);
    assert_eq!(outcome.hops.len(), 3);
    assert_eq!(outcome.fleet_after.ships(), 10 - 1 - 2);
    assert_eq!(outcome.hops[0].shots[0].hits.multiplier, 2);
}

#[test]
fn ruling_g77_jihad_adds_four_att_levels_for_a_missionary_only() {
    let r = rules();
    let missionary = Shooter::fleet(&r, Class::Missionary, 10, true, 1, 0);
    assert_eq!(missionary.cac, 173, "ATT 14, extrapolated");
    assert_eq!(
        Shooter::fleet(&r, Class::Missionary, 9, true, 1, 0).cac,
        157
    );
    assert_eq!(
        Shooter::fleet(&r, Class::Missionary, 4, false, 1, 0).cac,
        67
    );
    assert_eq!(Shooter::fleet(&r, Class::Emperor, 4, true, 1, 0).cac, 67);
    // 18 VC at ATT 4 on a Jihad target: CAtt 97 → ⌈17.46⌉ = 18 hits.
    assert_eq!(
        hits(&Shooter::fleet(&r, Class::Missionary, 4, true, 18, 0)).n,
        18
    );
}

#[test]
fn ruling_g139_vt_fire_and_defend_at_30_70() {
    let r = rules();
    let shooter = Shooter::fleet(&r, Class::Emperor, 12, false, 0, 10);
    assert_eq!(hits(&shooter).numerator, 300);
    let target = FleetTarget::new(&r, 12, 1, 0, 10, &Cargo::default());
    assert_eq!(fleet_cd(&target).cd(), Some(Ratio::whole(70)));
}

#[test]
fn vt_die_first_when_they_hold_less_than_a_vc() {
    let r = rules();
    // CAR 0 (a VT holding nothing): keeping the VC keeps the larger cargo.
    let target = FleetTarget::new(&r, 1, 0, 2, 3, &cargo_mp(2));
    let losses = apply_fleet_losses(&target, 3);
    assert_eq!((losses.vc_left, losses.vt_left), (2, 0));
    assert_eq!(losses.cargo_left[0], 2);
}

fn arb_fleet() -> impl Strategy<Value = FleetTarget> {
    (
        0u32..60,
        0u32..60,
        1u32..12,
        0u32..6,
        0u32..400,
        any::<bool>(),
    )
        .prop_map(|(vc, vt, def, car, cargo, fleeing)| {
            let r = rules();
            let capacity = vc + vt * car;
            let cargo = Cargo {
                mp: cargo.min(capacity) / 2,
                n: cargo.min(capacity) - cargo.min(capacity) / 2,
                ..Cargo::default()
            };
            FleetTarget::new(&r, def, car, vc, vt, &cargo).with_fleeing(fleeing)
        })
}

proptest! {
    #[test]
    fn fleet_losses_are_bounded_and_monotone(
        target in arb_fleet(),
        att in 1u32..12,
        vc in 0u32..80,
        vt in 0u32..80,
        extra in 1u32..20,
    ) {
        let r = rules();
        let volley = |vc: u32| {
            resolve_volley(&[target], &[], &[Shot {
                shooter: Shooter::fleet(&r, Class::Emperor, att, false, vc, vt),
                aim: Aim::Fleet(0),
            }])
        };
        let small = volley(vc);
        let large = volley(vc + extra);
        let lost = small.fleets[0];
        prop_assert!(lost.ships_lost() <= target.ships());
        prop_assert_eq!(lost.ships_lost() + lost.ships_left(), target.ships());
        prop_assert!(lost.cargo_left.iter().sum::<u64>() <= lost.capacity_left);
        for i in 0..4 {
            prop_assert_eq!(lost.cargo_left[i] + lost.cargo_lost[i], target.cargo[i]);
        }
        prop_assert!(large.fleets[0].ships_lost() >= lost.ships_lost());
        prop_assert!(large.fleets[0].cargo_lost_total() >= lost.cargo_lost_total());
    }

    #[test]
    fn world_losses_are_bounded_and_monotone(
        vi in 0u32..30, vp in 0u32..30, n in 0u64..80, c1 in 0u64..40, c2 in 0u64..40,
        robots in 0u64..20, industries in 0u64..60, def in 1u32..12,
        vc in 0u32..80, extra in 1u32..20, aim_index in 0usize..5,
    ) {
        let r = rules();
        let mut world = WorldTarget::new(&r, def);
        world.vi = vi;
        world.vp = vp;
        world.non_converts = n;
        world.converts = vec![c1, c2];
        world.robots = robots;
        world.industries = industries;
        let aim = [WorldAim::Population, WorldAim::Industries, WorldAim::Protection,
            WorldAim::NonConverts, WorldAim::Converts][aim_index];
        let volley = |vc: u32| {
            let shot = Shot {
                shooter: Shooter::fleet(&r, Class::Emperor, 3, false, vc, 0),
                aim: Aim::World(0, aim),
            };
            resolve_volley(&[], std::slice::from_ref(&world), &[shot, shot])
        };
        let small = volley(vc);
        let large = volley(vc + extra);
        let lost = &small.worlds[0];
        prop_assert!(lost.vi <= u64::from(vi) && lost.vp <= u64::from(vp));
        prop_assert!(lost.non_converts <= n && lost.robots <= robots);
        prop_assert!(lost.converts[0] <= c1 && lost.converts[1] <= c2);
        prop_assert!(lost.industries <= industries);
        let total = |l: &nebutil::combat::WorldLosses| l.vi + l.vp + l.population() + l.industries;
        prop_assert!(total(&large.worlds[0]) >= total(lost));
    }
}

#[test]
fn combat_rulings_are_listed_where_they_are_applied() {
    for id in [55, 65, 67, 68, 72, 74, 77] {
        assert!(
            nebutil::rulings::by_id(id)
                .any(|r| r.places().any(|(file, _)| file.contains("combat"))),
            "G-{id} not written next to the combat code"
        );
    }
}

fn fixture_numbers(part: &str) -> Vec<String> {
    part.split_whitespace().map(str::to_string).collect()
}

#[test]
fn fleet_fire_fixtures() {
    let r = rules();
    let text = include_str!("../fixtures/combat/fleet_fire.txt");
    let mut checked = 0;
    for (line_no, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let parts: Vec<Vec<String>> = line.split('|').map(fixture_numbers).collect();
        let num = |part: usize, i: usize| -> u32 {
            parts[part][i]
                .parse()
                .unwrap_or_else(|_| panic!("line {}: bad number", line_no + 1))
        };
        let shooter = Shooter::fleet(&r, Class::Emperor, num(0, 2), false, num(0, 0), num(0, 1));
        let target = FleetTarget::new(
            &r,
            num(1, 2),
            num(1, 3),
            num(1, 0),
            num(1, 1),
            &cargo_mp(num(1, 4)),
        )
        .with_fleeing(num(1, 5) == 1);
        let h = hits(&shooter);
        let cd = fleet_cd(&target);
        let d = destroyed(h.n, cd.cd_num, cd.cd_den, target.ships());
        let losses = apply_fleet_losses(&target, d.nd);
        let at = format!("fleet_fire.txt line {}", line_no + 1);
        assert_eq!(h.n, u128::from(num(2, 0)), "{at}: n");
        assert_eq!(cd.cd(), Ratio::parse(&parts[2][1]).ok(), "{at}: CD");
        assert_eq!(d.nd, u64::from(num(2, 2)), "{at}: Nd");
        assert_eq!(losses.vc_left, num(2, 3), "{at}: VC left");
        assert_eq!(losses.vt_left, num(2, 4), "{at}: VT left");
        assert_eq!(losses.cargo_left[0], u64::from(num(2, 5)), "{at}: MP left");
        checked += 1;
    }
    assert_eq!(checked, 7);
}

proptest! {
    #[test]
    fn extreme_counts_never_panic_and_stay_bounded(
        vc in any::<u32>(), vt in any::<u32>(), att in any::<u32>(),
        tvc in any::<u32>(), tvt in any::<u32>(), def in any::<u32>(), car in any::<u32>(),
        mp in any::<u32>(), n in any::<u32>(), fleeing in any::<bool>(),
        pop in any::<u64>(), robots in any::<u64>(), c in any::<u64>(), industries in any::<u64>(),
    ) {
        let r = rules();
        let shooter = Shooter::fleet(&r, Class::Missionary, att, true, vc, vt).ambush(&r);
        let cargo = Cargo { mp, n, ..Cargo::default() };
        let target = FleetTarget::new(&r, def, car, tvc, tvt, &cargo).with_fleeing(fleeing);
        let mut world = WorldTarget::new(&r, def);
        world.vi = tvc;
        world.vp = tvt;
        world.non_converts = pop;
        world.robots = robots;
        world.converts = vec![c, pop];
        world.industries = industries;
        let shots: Vec<Shot> = [
            Aim::Fleet(0),
            Aim::World(0, WorldAim::Population),
            Aim::World(0, WorldAim::Industries),
            Aim::World(0, WorldAim::Protection),
            Aim::World(0, WorldAim::Converts),
            Aim::World(0, WorldAim::NonConverts),
        ]
        .into_iter()
        .map(|aim| Shot { shooter, aim })
        .collect();
        let result = resolve_volley(&[target], std::slice::from_ref(&world), &shots);
        let lost = result.fleets[0];
        prop_assert!(lost.ships_lost() <= target.ships());
        prop_assert!(lost.cargo_left.iter().fold(0u64, |s, &x| s.saturating_add(x)) <= lost.capacity_left);
        let w = &result.worlds[0];
        prop_assert!(w.vi <= u64::from(tvc) && w.vp <= u64::from(tvt));
        prop_assert!(w.non_converts <= pop && w.robots <= robots && w.industries <= industries);
        prop_assert!(w.converts[0] <= c && w.converts[1] <= pop);
    }
}

#[test]
fn formulas_print_the_book_numbers() {
    let r = rules();
    let h = hits(&miria_shooter(&r));
    assert_eq!(h.formula(), "n = ⌈(18×67)/100⌉ = ⌈12.06⌉ = 13");
    assert_eq!(
        hits(&gaskor_shooter(&r)).formula(),
        "n = ⌈(4×55 + 13×30)/100⌉ = ⌈6.1⌉ = 7"
    );
    let target = gaskor_target(&r);
    let cd = fleet_cd(&target);
    assert_eq!(
        cd.formula(),
        "CD = (4×100 + 13×70)/17 × (1 + 12/30) = 107.882…"
    );
    let d = destroyed(h.n, cd.cd_num, cd.cd_den, target.ships());
    assert_eq!(d.formula(), "Nd = ⌈13 × 107.882…/100⌉ = ⌈14.024…⌉ = 15");
    let fleeing = fleet_cd(&target.with_fleeing(true));
    assert_eq!(
        fleeing.formula(),
        "CD = (4×100 + 13×70)/17 × (1 + 12/30) / 2 = 53.941…"
    );
    let ambush = Shooter::fleet(&r, Class::Emperor, 1, false, 5, 0).ambush(&r);
    assert_eq!(hits(&ambush).formula(), "n = ⌈2×(5×50)/100⌉ = ⌈5⌉ = 5");
    // Capped: 26 hits on the 17 ships of GASKOR.
    let d = destroyed(26, cd.cd_num, cd.cd_den, target.ships());
    assert_eq!(
        d.formula(),
        "Nd = ⌈26 × 107.882…/100⌉ = ⌈28.049…⌉ = 29 → 17"
    );
}

#[test]
fn a_fleet_without_ships_has_cd_zero_written_without_a_division() {
    let r = rules();
    let mut target = gaskor_target(&r);
    target.vc = 0;
    target.vt = 0;
    let cd = fleet_cd(&target);
    assert_eq!(cd.ships, 0);
    assert_eq!(cd.formula(), "CD = 0");
    assert!(!cd.formula().contains("/0"));
    // The book's fleet keeps its whole formula.
    let cd = fleet_cd(&gaskor_target(&r));
    assert_eq!(
        cd.formula(),
        "CD = (4×100 + 13×70)/17 × (1 + 12/30) = 107.882…"
    );
}

/// Two `* P` shots whose kills together exceed the population (found by
/// `world_losses_are_bounded_and_monotone`): each splits its kills pro rata
/// and the sums are capped group by group, so with 74 VC the lone non-convert
/// survived where 68 VC killed it. The unspent fire goes to the groups still
/// alive (G-65, `spill_population_fire`): everyone dies, whatever the VC.
#[test]
fn population_overkill_from_several_shots_kills_every_group() {
    let r = rules();
    let mut world = WorldTarget::new(&r, 3);
    world.vp = 1;
    world.non_converts = 1;
    world.converts = vec![23, 31];
    world.robots = 6;
    for vc in 68u32..=80 {
        let shot = Shot {
            shooter: Shooter::fleet(&r, Class::Emperor, 3, false, vc, 0),
            aim: Aim::World(0, WorldAim::Population),
        };
        let out = resolve_volley(&[], std::slice::from_ref(&world), &[shot, shot]);
        let lost = &out.worlds[0];
        assert_eq!(
            (
                lost.vp,
                lost.non_converts,
                lost.robots,
                lost.converts.clone()
            ),
            (1, 1, 6, vec![23, 31]),
            "{vc} VC"
        );
    }
}
