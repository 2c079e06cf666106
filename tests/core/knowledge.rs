//! The knowledge over several turns (`model::knowledge`): merging order does not
//! matter, stale facts are kept with their turn, unknown never erases known,
//! conflicts go to the newest turn — on hand-built views, on random views
//! (proptest) and on the demo game read by the real CR reader.

use nebutil::model::Coords;
use nebutil::model::knowledge::{Knowledge, Position, Seen, Source};
use nebutil::model::view::{
    CargoView, Connection, Count, FleetView, OwnerView, PlayerRef, StatKind, StatValue, TechLine,
    TechView, TraceView, TreasureSite, TreasureView, TurnView, WorldView,
};
use nebutil::model::{Class, Tech};
use proptest::prelude::*;

fn owner(name: Option<&str>, turns: u32) -> Option<OwnerView> {
    Some(OwnerView {
        name: name.map(Into::into),
        owned_turns: turns,
        ..OwnerView::default()
    })
}

fn connections(ids: &[u32]) -> Option<Vec<Connection>> {
    Some(
        ids.iter()
            .map(|id| Connection {
                world: *id,
                black_hole: false,
            })
            .collect(),
    )
}

fn base(turn: u32) -> TurnView {
    TurnView {
        game: Some("KARNAJ".into()),
        turn: Some(turn),
        player: Some(PlayerRef {
            name: "Maxtor".into(),
            number: None,
        }),
        ..TurnView::default()
    }
}

/// Turn 1: M_15 owned (MP 5), M_48 neutral (MP 11) with treasure T_57, fleet F_57 on
/// M_15, foreign F_204 with its split known; M_65 a black hole in M_48's list.
fn turn1() -> TurnView {
    let mut view = base(1);
    view.player = Some(PlayerRef {
        name: "Maxtor".into(),
        number: Some(5),
    });
    view.class = Some(Class::Emperor);
    view.score = Some(100);
    view.statistics.insert(StatKind::Worlds, StatValue::Own(1));
    view.tech = Some(TechView {
        lines: vec![TechLine {
            tech: Tech::Dep,
            level: 3,
            invested: 0,
            cost: Some(10),
        }],
        catt: None,
        cdef: None,
    });
    view.worlds = vec![
        WorldView {
            id: 15,
            connections: connections(&[48, 99]),
            owner: owner(Some("Maxtor"), 1),
            coords: Some(Coords { x: 3, y: 4 }),
            line: 10,
            ..WorldView::default()
        }
        .with_counts([(Count::Industries, Some(2)), (Count::Mp, Some(5))]),
        WorldView {
            id: 48,
            connections: Some(vec![
                Connection {
                    world: 15,
                    black_hole: false,
                },
                Connection {
                    world: 65,
                    black_hole: true,
                },
            ]),
            owner: owner(None, 0),
            coords: Some(Coords { x: 7, y: 1 }),
            coords_approximate: true,
            line: 14,
            ..WorldView::default()
        }
        .with_counts([(Count::Mp, Some(11)), (Count::Population, Some(64))]),
    ];
    view.fleets = vec![
        FleetView {
            id: 57,
            world: Some(15),
            owner: Some("Maxtor".into()),
            at_peace: Some(false),
            vc: Some(10),
            vt: Some(0),
            total: Some(10),
            cargo: Some(CargoView::default()),
            line: 11,
            ..FleetView::default()
        },
        FleetView {
            id: 204,
            world: Some(48),
            owner: Some("Miria".into()),
            at_peace: Some(false),
            vc: Some(6),
            vt: Some(18),
            total: Some(24),
            line: 15,
            ..FleetView::default()
        },
    ];
    view.treasures = vec![TreasureView {
        id: 57,
        name: "La machine perdue".into(),
        kind: None,
        site: TreasureSite::World(48),
        line: 16,
    }];
    view
}

/// Turn 2: M_15 line elided (MP unknown, industries 3); F_57 moved to M_48 and
/// picked up T_57; F_204 seen with ALI 0 (`[?]=25?`); a trace on M_15; M_48 not
/// described but its exact position comes from the NBT.
fn turn2() -> TurnView {
    let mut view = base(2);
    view.score = Some(130);
    view.statistics.insert(StatKind::Worlds, StatValue::Own(1));
    view.worlds = vec![
        WorldView {
            id: 15,
            connections: None,
            owner: owner(Some("Maxtor"), 2),
            elided: true,
            line: 9,
            ..WorldView::default()
        }
        .with_counts([(Count::Industries, Some(3))]),
        WorldView {
            id: 48,
            coords: Some(Coords { x: 7, y: 1 }),
            ..WorldView::default()
        },
    ];
    view.fleets = vec![
        FleetView {
            id: 57,
            world: Some(48),
            owner: Some("Maxtor".into()),
            at_peace: Some(false),
            vc: Some(9),
            vt: Some(0),
            total: Some(9),
            cargo: Some(CargoView::default()),
            line: 12,
            ..FleetView::default()
        },
        FleetView {
            id: 204,
            world: Some(15),
            owner: Some("Miria".into()),
            at_peace: Some(false),
            vc: None,
            vt: None,
            total: Some(25),
            line: 11,
            ..FleetView::default()
        },
    ];
    view.traces = vec![TraceView {
        fleet: 57,
        owner: Some("Maxtor".into()),
        world: Some(15),
        from: None,
        to: 48,
        ambushed: false,
        line: 10,
    }];
    view.treasures = vec![TreasureView {
        id: 57,
        name: "La machine perdue".into(),
        kind: None,
        site: TreasureSite::Fleet(57),
        line: 13,
    }];
    view
}

/// Turn 3: M_15 captured by Miria (described, MP 1); nothing about M_48 or F_57.
fn turn3() -> TurnView {
    let mut view = base(3);
    view.score = Some(90);
    view.statistics.insert(StatKind::Worlds, StatValue::Own(0));
    view.tech = Some(TechView {
        lines: vec![TechLine {
            tech: Tech::Dep,
            level: 4,
            invested: 0,
            cost: Some(10),
        }],
        catt: None,
        cdef: None,
    });
    view.worlds = vec![
        WorldView {
            id: 15,
            connections: connections(&[48, 99]),
            owner: owner(Some("Miria"), 0),
            line: 10,
            ..WorldView::default()
        }
        .with_counts([(Count::Industries, Some(3)), (Count::Mp, Some(1))]),
    ];
    view
}

fn load(order: &[fn() -> TurnView]) -> Knowledge {
    let (knowledge, diagnostics) = Knowledge::from_views(order.iter().map(|f| f()));
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    knowledge
}

fn all_orders() -> Vec<Vec<fn() -> TurnView>> {
    let t: [fn() -> TurnView; 3] = [turn1, turn2, turn3];
    let mut orders = Vec::new();
    for a in 0..3 {
        for b in 0..3 {
            for c in 0..3 {
                if a != b && b != c && a != c {
                    orders.push(vec![t[a], t[b], t[c]]);
                }
            }
        }
    }
    orders
}

#[test]
fn merging_order_does_not_matter() {
    let reference = load(&[turn1, turn2, turn3]);
    for order in all_orders() {
        assert_eq!(load(&order), reference);
    }
    assert_eq!(reference.turns(), vec![1, 2, 3]);
    assert_eq!(reference.latest_turn(), Some(3));
}

#[test]
fn conflicts_go_to_the_newest_turn() {
    for order in all_orders() {
        let k = load(&order);
        let w15 = k.world(15).expect("M_15");
        assert_eq!(
            w15.owner.as_ref().map(|o| (o.value.name.clone(), o.turn)),
            Some((Some("Miria".into()), 3))
        );
        assert_eq!(w15.mp(), Some(Seen::new(1, 3)));
        assert_eq!(w15.industries(), Some(Seen::new(3, 3)));
        assert_eq!(w15.last_described, Some(3));
        assert_eq!(w15.first_described, Some(1));
    }
}

#[test]
fn unknown_never_erases_known() {
    let k = load(&[turn1, turn2]);
    let w15 = k.world(15).expect("M_15");
    // Turn 2's line was elided: MP and connections unknown there.
    assert_eq!(w15.mp(), Some(Seen::new(5, 1)));
    assert_eq!(w15.connections.as_ref().map(|c| c.turn), Some(1));
    assert_eq!(w15.industries(), Some(Seen::new(3, 2)));
    // F_204 seen with ALI 0 on turn 2: the split of turn 1 stays, the total is new.
    let f204 = k.fleet(204).expect("F_204");
    assert_eq!(f204.vc, Some(Seen::new(6, 1)));
    assert_eq!(f204.vt, Some(Seen::new(18, 1)));
    assert_eq!(f204.total, Some(Seen::new(25, 2)));
}

#[test]
fn stale_facts_are_kept_with_their_turn() {
    let k = load(&[turn3, turn1, turn2]);
    let w48 = k.world(48).expect("M_48");
    assert_eq!(w48.mp(), Some(Seen::new(11, 1)));
    assert_eq!(w48.population(), Some(Seen::new(64, 1)));
    assert_eq!(
        w48.last_described,
        Some(1),
        "an NBT position is not a description"
    );
    assert_eq!(k.age_of(48, 3), Some(2));
    assert_eq!(k.age_of(15, 3), Some(0));
    assert_eq!(k.age_of(99, 3), None, "never described");
    // Fleets keep their last known position.
    let f57 = k.fleet(57).expect("F_57");
    assert_eq!(f57.world, Some(Seen::new(48, 2)));
    assert_eq!(f57.last_seen, 2);
    assert_eq!(k.fleet_age_of(57, 3), Some(1));
    assert_eq!(
        k.fleets_last_seen_at(48).map(|f| f.id).collect::<Vec<_>>(),
        vec![57]
    );
}

#[test]
fn exact_coordinates_beat_approximate_ones() {
    for order in all_orders() {
        let k = load(&order);
        // Turn 1 gave an approximate position, turn 2 (NBT) the exact one.
        assert_eq!(
            k.world(48).and_then(|w| w.position.clone()),
            Some(Seen::new(
                Position {
                    coords: Coords { x: 7, y: 1 },
                    exact: true
                },
                2
            ))
        );
    }
    // An approximate position does not replace an exact one, even newer.
    let mut later = base(4);
    later.worlds = vec![WorldView {
        id: 15,
        coords: Some(Coords { x: 3, y: 4 }),
        coords_approximate: true,
        ..WorldView::default()
    }];
    let mut k = load(&[turn1]);
    assert!(k.add(later).is_empty());
    let p = k
        .world(15)
        .and_then(|w| w.position.clone())
        .expect("position");
    assert_eq!((p.value.exact, p.turn), (true, 1));
}

#[test]
fn worlds_named_in_connections_are_known_to_exist() {
    let k = load(&[turn1, turn3]);
    let w99 = k.world(99).expect("M_99 exists");
    assert!(w99.is_only_named());
    assert_eq!(w99.revealed_by, Some(Seen::new(15, 3)));
    assert_eq!(w99.last_seen(), Some(3));
    let w65 = k.world(65).expect("M_65 exists");
    assert_eq!(w65.black_hole, Some(Seen::new(true, 1)));
    assert_eq!(w65.revealed_by, Some(Seen::new(48, 1)));
    assert_eq!(w65.owner, None);
}

#[test]
fn traces_and_treasures_keep_their_turn() {
    let k = load(&[turn2, turn1]);
    assert_eq!(k.traces().len(), 1);
    assert_eq!(k.traces()[0].turn, 2);
    assert_eq!(k.traces_on(15).count(), 1);
    let t57 = k.treasure(57).expect("T_57");
    assert_eq!(t57.sightings.len(), 2);
    assert_eq!(t57.sightings[&1], TreasureSite::World(48));
    assert_eq!(t57.last_seen(), Some(Seen::new(TreasureSite::Fleet(57), 2)));
}

#[test]
fn time_series_per_turn() {
    let k = load(&[turn3, turn2, turn1]);
    assert_eq!(k.score_series(), vec![(1, 100), (2, 130), (3, 90)]);
    assert_eq!(
        k.statistic_series(StatKind::Worlds),
        vec![(1, 1), (2, 1), (3, 0)]
    );
    assert_eq!(k.tech_series(Tech::Dep), vec![(1, 3), (3, 4)]);
    assert_eq!(k.facts_at(2).map(|f| f.worlds_described), Some(1));
}

#[test]
fn player_identity_and_refusals() {
    let mut k = load(&[turn2, turn1]);
    assert_eq!(
        k.player,
        Some(PlayerRef {
            name: "Maxtor".into(),
            number: Some(5)
        })
    );
    assert_eq!(k.class.as_ref().map(|c| c.value), Some(Class::Emperor));

    let mut other = base(4);
    other.player = Some(PlayerRef {
        name: "Miria".into(),
        number: Some(7),
    });
    let d = k.add(other);
    assert_eq!(d.len(), 1);
    assert_eq!(d[0].code, "knowledge-other-player");

    let mut other_game = base(4);
    other_game.game = Some("ORION".into());
    assert_eq!(k.add(other_game)[0].code, "knowledge-other-game");

    let mut no_turn = base(4);
    no_turn.turn = None;
    assert_eq!(k.add(no_turn)[0].code, "knowledge-no-turn");
    assert_eq!(k.turns(), vec![1, 2], "refused views are not added");
}

#[test]
fn loading_a_turn_again_replaces_it() {
    let mut k = load(&[turn1, turn2]);
    let mut corrected = turn1();
    corrected.worlds[1].set_mp(Some(12));
    corrected.treasures.clear();
    assert!(k.add(corrected).is_empty());
    assert_eq!(
        k.world(48).and_then(|w| w.mp().clone()),
        Some(Seen::new(12, 1))
    );
    assert_eq!(
        k.treasure(57).map(|t| t.sightings.len()),
        Some(1),
        "the sighting of the replaced turn is gone"
    );
    assert!(k.remove(2));
    assert_eq!(k.turns(), vec![1]);
    assert!(k.treasure(57).is_none());
    assert_eq!(
        k.view_at(1).and_then(|v| v.world(48)).and_then(|w| w.mp()),
        Some(12)
    );
}

// ----- random views -----

fn arb_view() -> impl Strategy<Value = TurnView> {
    let world = (
        0u32..6,
        proptest::option::of(0u32..50),
        proptest::option::of(prop::sample::select(vec![None, Some("A"), Some("B")])),
        proptest::option::of((0u32..10, 0u32..10)),
        any::<bool>(),
    );
    let fleet = (
        0u32..6,
        proptest::option::of(0u32..6),
        proptest::option::of(0u32..30),
        0u32..40,
    );
    (
        1u32..8,
        proptest::collection::vec(world, 0..6),
        proptest::collection::vec(fleet, 0..5),
        proptest::option::of(-50i64..500),
    )
        .prop_map(|(turn, worlds, fleets, score)| {
            let mut view = base(turn);
            view.score = score;
            for (id, mp, owner_name, coords, approximate) in worlds {
                if view.world(id).is_some() {
                    continue;
                }
                view.worlds.push(
                    WorldView {
                        id,
                        owner: owner_name.and_then(|n| owner(n, 1)),
                        connections: connections(&[(id + 1) % 6]),
                        coords: coords.map(|(x, y)| Coords { x, y }),
                        coords_approximate: approximate,
                        line: 1,
                        ..WorldView::default()
                    }
                    .with_counts([(Count::Mp, mp)]),
                );
            }
            for (id, world, vc, total) in fleets {
                if view.fleet(id).is_some() {
                    continue;
                }
                view.fleets.push(FleetView {
                    id,
                    world,
                    vc,
                    total: Some(total),
                    ..FleetView::default()
                });
            }
            view
        })
}

/// Several views of distinct turns, and a permutation of them.
fn arb_turns() -> impl Strategy<Value = (Vec<TurnView>, Vec<TurnView>)> {
    proptest::collection::vec(arb_view(), 1..6)
        .prop_map(|mut views| {
            views.sort_by_key(|v| v.turn);
            views.dedup_by_key(|v| v.turn);
            views
        })
        .prop_flat_map(|views| {
            let shuffled = Just(views.clone()).prop_shuffle();
            (Just(views), shuffled)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn random_views_merge_independently_of_order((sorted, shuffled) in arb_turns()) {
        let (a, da) = Knowledge::from_views(sorted.clone());
        let (b, db) = Knowledge::from_views(shuffled);
        prop_assert!(da.is_empty() && db.is_empty());
        prop_assert_eq!(&a, &b);

        // Each fact is the one of the newest turn that knew it.
        for id in 0u32..6 {
            let newest_mp = sorted
                .iter()
                .rev()
                .find_map(|v| v.world(id).and_then(|w| w.mp().map(|mp| Seen::new(mp, v.turn.unwrap_or(0)))));
            prop_assert_eq!(a.world(id).and_then(|w| w.mp().clone()), newest_mp);
            let newest_vc = sorted
                .iter()
                .rev()
                .find_map(|v| v.fleet(id).and_then(|f| f.vc.map(|vc| Seen::new(vc, v.turn.unwrap_or(0)))));
            prop_assert_eq!(a.fleet(id).and_then(|f| f.vc.clone()), newest_vc);
            let last_described = sorted
                .iter()
                .rev()
                .find(|v| v.world(id).is_some())
                .and_then(|v| v.turn);
            prop_assert_eq!(a.world(id).and_then(|w| w.last_described), last_described);
        }
    }
}

/// A report listing its fleets out of order and one number twice (the reader
/// warns and keeps both): the knowledge lists each fleet once, by number, the
/// later line's facts over the earlier's where it tells them; a later turn
/// updates the fleets known and adds the new ones.
#[test]
fn fleets_out_of_order_or_twice_are_known_once_by_number() {
    let fleet = |id: u32, world: Option<u32>, vc: Option<u32>| FleetView {
        id,
        world,
        vc,
        ..FleetView::default()
    };
    let mut one = base(1);
    one.fleets = vec![
        fleet(9, Some(1), Some(3)),
        fleet(2, Some(1), Some(5)),
        fleet(9, Some(4), None),
        fleet(5, None, Some(7)),
    ];
    let mut two = base(2);
    two.fleets = vec![fleet(5, Some(6), None), fleet(1, Some(6), Some(2))];
    let mut knowledge = Knowledge::default();
    assert!(knowledge.add(one.clone()).is_empty());
    let ids: Vec<u32> = knowledge.fleets().map(|f| f.id).collect();
    assert_eq!(ids, [2, 5, 9]);
    let nine = knowledge.fleet(9).expect("F_9");
    assert_eq!(nine.world, Some(Seen::new(4, 1)));
    assert_eq!(nine.vc, Some(Seen::new(3, 1)), "unknown never erases known");
    assert!(knowledge.add(two.clone()).is_empty());
    let ids: Vec<u32> = knowledge.fleets().map(|f| f.id).collect();
    assert_eq!(ids, [1, 2, 5, 9]);
    let five = knowledge.fleet(5).expect("F_5");
    assert_eq!(
        (five.last_seen, five.world.clone()),
        (2, Some(Seen::new(6, 2)))
    );
    assert_eq!(five.vc, Some(Seen::new(7, 1)));
    assert!(knowledge.fleet(3).is_none());
    assert_eq!(
        knowledge
            .fleets_last_seen_at(6)
            .map(|f| f.id)
            .collect::<Vec<_>>(),
        [1, 5]
    );
    // The same in the other order.
    let (other, _) = Knowledge::from_views(vec![two, one]);
    assert_eq!(other, knowledge);
}

// ----- the demo game, read by the real reader -----

#[test]
fn demo_turns_merge_in_any_order() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/orion");
    let mut turns = Vec::new();
    for name in ["demo_t5", "demo_t6", "demo_t7"] {
        let Ok(cr) = std::fs::read_to_string(root.join(format!("{name}.cr"))) else {
            // The demo belongs to the app; without it there is nothing to check here.
            return;
        };
        let (mut view, _) = nebutil::report::read(&cr);
        if let Ok(text) = std::fs::read_to_string(root.join(format!("{name}.nbt")))
            && let (Some(file), _) = nebutil::nbt::read(&text)
        {
            nebutil::nbt::apply(&file, &mut view, &mut Vec::new());
        }
        turns.push(view);
    }
    let (forward, d1) = Knowledge::from_views(turns.clone());
    turns.reverse();
    let (backward, d2) = Knowledge::from_views(turns);
    assert!(d1.is_empty() && d2.is_empty(), "{d1:?} {d2:?}");
    assert_eq!(forward, backward);
    assert_eq!(forward.turns(), vec![5, 6, 7]);
    assert!(forward.worlds().count() > 5);
    assert!(forward.score_series().len() == 3);
}

/// Ruling G-63 (VI.6.1): a world is localised at its first own line; a black hole
/// also at its first `@` in a connection list — whatever the loading order.
#[test]
fn ruling_g63_localisation() {
    for order in all_orders() {
        let k = load(&order);
        assert_eq!(k.world(15).and_then(|w| w.localised), Some(1));
        assert_eq!(k.world(48).and_then(|w| w.localised), Some(1));
        // M_65 shown `@65` on turn 1, never described: localised.
        let w65 = k.world(65).expect("M_65");
        assert_eq!((w65.localised, w65.last_described), (Some(1), None));
        // M_99 only named as a plain connection: not localised.
        assert_eq!(k.world(99).and_then(|w| w.localised), None);
    }
    let k = load(&[turn3]);
    assert_eq!(k.world(15).and_then(|w| w.localised), Some(3));
}

// ----- an ally's reports -----

/// Miria's report of `turn`: she owns M_48 (MP `mp`), sees M_99 (which Maxtor
/// only knows by number) and her fleet F_204 there.
fn miria(turn: u32, mp: u32) -> TurnView {
    let mut view = base(turn);
    view.player = Some(PlayerRef {
        name: "Miria".into(),
        number: Some(7),
    });
    view.class = Some(Class::Merchant);
    view.score = Some(999);
    view.worlds = vec![
        WorldView {
            id: 48,
            connections: connections(&[15, 99]),
            owner: owner(Some("Miria"), 2),
            line: 5,
            ..WorldView::default()
        }
        .with_counts([(Count::Mp, Some(mp))]),
        WorldView {
            id: 99,
            connections: connections(&[48, 120]),
            owner: owner(None, 0),
            coords: Some(Coords { x: 9, y: 9 }),
            line: 8,
            ..WorldView::default()
        }
        .with_counts([(Count::Population, Some(30))]),
    ];
    view.fleets = vec![FleetView {
        id: 204,
        world: Some(99),
        owner: Some("Miria".into()),
        at_peace: Some(true),
        vc: Some(40),
        vt: Some(0),
        total: Some(40),
        line: 9,
        ..FleetView::default()
    }];
    view
}

#[test]
fn an_ally_s_newer_turn_wins_and_his_facts_keep_their_source() {
    let mut k = load(&[turn1]);
    assert!(k.add_ally(miria(2, 20)).is_empty());
    let ally = Source(1);
    assert_eq!(k.source_name(ally), Some("Miria"));
    assert_eq!(k.source_name(Source::OWN), None);
    let m48 = k.world(48).expect("M_48");
    // Turn 2 (Miria) is newer than turn 1 (Maxtor): her MP and owner win.
    assert_eq!(
        m48.mp(),
        Some(Seen {
            value: 20,
            turn: 2,
            source: ally
        })
    );
    assert_eq!(m48.owner_name(), Some(Some("Miria")));
    // What she did not tell stays the player's own, with its turn.
    assert_eq!(m48.population(), Some(Seen::new(64, 1)));
    assert!(!m48.only_ally_saw());
    assert_eq!(m48.described_by, ally);
    // M_99, only a number in Maxtor's list, is described by her alone.
    let m99 = k.world(99).expect("M_99");
    assert!(m99.only_ally_saw());
    assert_eq!(m99.connections.as_ref().map(|c| c.source), Some(ally));
    assert_eq!(m99.coords(), Some(Coords { x: 9, y: 9 }));
    // Her fleet's newer sighting, hers.
    let f204 = k.fleet(204).expect("F_204");
    assert_eq!(
        f204.world.as_ref().map(|w| (w.value, w.source)),
        Some((99, ally))
    );
    assert_eq!(f204.seen_by, ally);
    assert_eq!(f204.own_seen, Some(1));
    // Her score, class and known players are hers, not the player's.
    assert_eq!(k.score_series(), vec![(1, 100)]);
    assert_eq!(k.class.as_ref().map(|c| c.value), Some(Class::Emperor));
    assert_eq!(k.turns(), vec![1]);
    assert_eq!(k.ally_turns(), vec![(2, ally)]);
}

#[test]
fn on_the_same_turn_the_player_s_own_report_wins_in_any_order() {
    let ally_first = {
        let mut k = Knowledge::new();
        assert!(k.add_ally(miria(1, 20)).is_empty());
        assert!(k.add(turn1()).is_empty());
        k
    };
    let own_first = {
        let mut k = load(&[turn1]);
        assert!(k.add_ally(miria(1, 20)).is_empty());
        k
    };
    for k in [&ally_first, &own_first] {
        let m48 = k.world(48).expect("M_48");
        assert_eq!(m48.mp(), Some(Seen::new(11, 1)), "the player's own MP wins");
        assert_eq!(m48.owner_name(), Some(None));
        assert_eq!(m48.described_by, Source::OWN);
        // What only she told (M_48's link to M_99) is added.
        assert!(
            m48.connections
                .as_ref()
                .is_some_and(|c| c.source.is_own() && c.value.iter().all(|c| c.world != 99))
        );
        let f204 = k.fleet(204).expect("F_204");
        assert_eq!(
            f204.world.as_ref().map(|w| w.value),
            Some(48),
            "own sighting wins"
        );
        assert_eq!(f204.seen_by, Source::OWN);
    }
    // An older ally turn never overwrites a newer own fact.
    let mut k = load(&[turn1, turn2]);
    assert!(k.add_ally(miria(1, 3)).is_empty());
    assert_eq!(k.world(48).and_then(|w| w.mp()).map(|m| m.turn), Some(1));
    assert_eq!(k.world(48).and_then(|w| w.mp()).map(|m| m.value), Some(11));
}

#[test]
fn an_ally_of_another_game_or_the_player_himself_is_refused() {
    let mut k = load(&[turn1]);
    let mut other_game = miria(2, 20);
    other_game.game = Some("ORION".into());
    assert_eq!(k.add_ally(other_game)[0].code, "knowledge-other-game");
    assert_eq!(k.add_ally(turn2())[0].code, "knowledge-ally-is-self");
    let mut nobody = miria(2, 20);
    nobody.player = None;
    assert_eq!(k.add_ally(nobody)[0].code, "knowledge-ally-no-player");
    assert!(k.allies().is_empty() && k.ally_turns().is_empty());
    // Removing an ally's turn takes back what only it told.
    assert!(k.add_ally(miria(2, 20)).is_empty());
    assert!(k.world(99).is_some_and(|w| w.last_described.is_some()));
    assert!(k.remove_ally(2, Source(1)));
    assert!(k.world(99).is_some_and(|w| w.last_described.is_none()));
    assert_eq!(k.world(48).and_then(|w| w.mp()).map(|m| m.value), Some(11));
}

// ----- the threat next turn -----

/// Maxtor owns M_10 (linked to M_11, M_11 to M_13 and M_14); Nadir's F_30
/// sits on M_13 (12 ships), his empty F_31 on M_11, neutral F_32 on M_14,
/// Miria's F_33 on M_13.
fn threatened() -> TurnView {
    let mut view = base(6);
    view.worlds = vec![
        WorldView {
            id: 10,
            connections: connections(&[11]),
            owner: owner(Some("Maxtor"), 3),
            line: 5,
            ..WorldView::default()
        },
        WorldView {
            id: 11,
            connections: connections(&[10, 13, 14]),
            owner: owner(None, 0),
            line: 6,
            ..WorldView::default()
        },
    ];
    let fleet = |id, world, owner: Option<&str>, total| FleetView {
        id,
        world: Some(world),
        owner: owner.map(Into::into),
        total: Some(total),
        line: 9,
        ..FleetView::default()
    };
    view.fleets = vec![
        fleet(30, 13, Some("Nadir"), 12),
        fleet(31, 11, Some("Nadir"), 0),
        fleet(32, 14, None, 50),
        fleet(33, 13, Some("Miria"), 40),
    ];
    view
}

#[test]
fn the_threat_next_turn_is_what_the_player_knows_can_reach_his_worlds() {
    use nebutil::model::threat::threats;
    use std::collections::BTreeMap;
    let mut k = Knowledge::new();
    assert!(k.add(threatened()).is_empty());
    let found = threats(&k, 7, &BTreeMap::new());
    // Nadir's F_30 (two known connections away) and Miria's F_33; not the
    // empty fleet, not the neutral one.
    let fleets: Vec<(u32, u32, u32)> = found.iter().map(|t| (t.world, t.fleet, t.steps)).collect();
    assert_eq!(fleets, [(10, 30, 2), (10, 33, 2)]);
    assert!(found.iter().all(|t| t.reach == 7 && !t.reach_known));
    assert_eq!(found[0].ships, Some(12));
    assert_eq!((found[0].from, found[0].seen), (13, 6));
    // Nadir's DEP known to be 1: out of reach.
    let dep = BTreeMap::from([("Nadir".to_string(), 1)]);
    let fleets: Vec<u32> = threats(&k, 7, &dep).iter().map(|t| t.fleet).collect();
    assert_eq!(fleets, [33]);
    // Miria an ally (her report added): no threat from her.
    assert!(k.add_ally(miria(6, 20)).is_empty());
    let fleets: Vec<u32> = threats(&k, 7, &BTreeMap::new())
        .iter()
        .map(|t| t.fleet)
        .collect();
    assert_eq!(fleets, [30]);
}

#[test]
fn a_connection_never_seen_is_never_crossed() {
    use nebutil::model::threat::threats;
    let mut view = threatened();
    // M_11's list is not known: M_13 is not known to lead anywhere.
    view.worlds[1].connections = None;
    view.worlds[1].line = 0;
    view.worlds[1].owner = None;
    let mut k = Knowledge::new();
    assert!(k.add(view).is_empty());
    assert!(threats(&k, 7, &std::collections::BTreeMap::new()).is_empty());
}

#[test]
fn a_world_s_and_a_fleet_s_history_turn_by_turn_with_their_source() {
    let mut k = load(&[turn1, turn2]);
    assert!(k.add_ally(miria(2, 20)).is_empty());
    let m48 = k.world_timeline(48);
    let seen: Vec<(u32, Source, Option<u32>)> =
        m48.iter().map(|t| (t.turn, t.source, t.mp)).collect();
    assert_eq!(seen, [(1, Source::OWN, Some(11)), (2, Source(1), Some(20))]);
    assert_eq!(m48[0].owner, Some(None), "neutral on turn 1");
    assert_eq!(m48[1].owner, Some(Some("Miria".to_string())));
    let turn1_fleets = k.world_timeline(48)[0].fleets.clone();
    assert_eq!(turn1_fleets, [204]);
    let f204: Vec<(u32, Source, Option<u32>)> = k
        .fleet_timeline(204)
        .into_iter()
        .map(|t| (t.turn, t.source, t.world))
        .collect();
    // His own sighting of turn 2 comes before hers, on the same turn.
    assert_eq!(f204.first(), Some(&(1, Source::OWN, Some(48))));
    assert_eq!(f204.last(), Some(&(2, Source(1), Some(99))));
}

/// On a generated game played a few turns, each player's threat list holds
/// only what his own report shows: a fleet it lists, on the world it lists it,
/// of another player, aimed at a world the report gives him, along
/// connections the report (or its NBT) showed.
#[test]
fn threats_on_generated_games_come_from_the_reports_only() {
    use nebutil::model::threat::threats;
    use std::collections::{BTreeMap, BTreeSet, VecDeque};
    let mut checked = 0;
    for turns in [4, 12] {
        let (save, _) = nebutil::game::demo::demo_game(turns);
        for player in 1..=7 {
            let Some((cr, nbt)) =
                nebutil::game::folder::player_files(&save, nebutil::model::PlayerId(player))
            else {
                continue;
            };
            let (mut view, _) = nebutil::report::read(&cr);
            let (file, _) = nebutil::nbt::read(&nbt);
            if let Some(file) = &file {
                nebutil::nbt::apply(file, &mut view, &mut Vec::new());
            }
            let me = view.player.as_ref().map(|p| p.name.clone()).expect("named");
            let mut k = Knowledge::new();
            assert!(k.add(view.clone()).is_empty());
            // The report's connections, both ways.
            let mut graph: BTreeMap<u32, BTreeSet<u32>> = BTreeMap::new();
            for w in &view.worlds {
                for c in w.connections.iter().flatten().filter(|c| !c.black_hole) {
                    graph.entry(w.id).or_default().insert(c.world);
                    graph.entry(c.world).or_default().insert(w.id);
                }
            }
            for t in threats(&k, 7, &BTreeMap::new()) {
                let fleet = view.fleet(t.fleet).expect("a fleet the report lists");
                assert_eq!(fleet.world, Some(t.from));
                assert_ne!(fleet.owner.as_deref(), Some(me.as_str()));
                let world = view.world(t.world).expect("a world the report shows");
                assert_eq!(
                    world.owner.as_ref().and_then(|o| o.name.as_deref()),
                    Some(me.as_str())
                );
                // Reachable in `steps` along the report's connections.
                let mut distance = BTreeMap::from([(t.from, 0u32)]);
                let mut queue = VecDeque::from([t.from]);
                while let Some(w) = queue.pop_front() {
                    let d = distance[&w];
                    for n in graph.get(&w).into_iter().flatten() {
                        if !distance.contains_key(n) {
                            distance.insert(*n, d + 1);
                            queue.push_back(*n);
                        }
                    }
                }
                assert_eq!(distance.get(&t.world), Some(&t.steps), "{t:?}");
                assert!(t.steps <= t.reach);
                checked += 1;
            }
        }
    }
    assert!(checked > 0, "some threat in twelve turns");
}
