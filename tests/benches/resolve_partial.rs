//! Speed of the what-if preview (`resolve::partial`) on a large knowledge: 10
//! turns of 600 worlds and 400 fleets each (a third of the worlds the player's,
//! half the fleets his): the partial galaxy, one preview with 200 orders, and
//! 100 Monte-Carlo runs (what the app's progress bar shows); and 1,000 runs on
//! a 1,000-world knowledge, on one thread and on every core (the same odds).
//!
//! Run: `cargo bench --no-default-features --bench benches -- resolve_partial`.
//!
//! Measured 2026-11-28 on the 2-core build machine, quiet (load 0.2): 100 runs
//! 70 ms (190 ms before the runs counted the player's own part of the CR into a
//! sorted counter); 1,000 runs × 1,000 worlds 1.20 s on one thread, 0.62 s on
//! two (goal: < 1 s on 2 cores).

use std::hint::black_box;

use criterion::Criterion;
use nebutil::model::Coords;
use nebutil::model::knowledge::Knowledge;
use nebutil::model::view::{
    CargoView, Connection, Count, FleetView, OwnerView, PlayerRef, TurnView, WorldView,
};
use nebutil::orders::parse_orders;
use nebutil::resolve::partial::{Assumptions, Partial, galaxy_from_knowledge};
use nebutil::rules::Ruleset;

/// Turn `turn` of a knowledge of `worlds` worlds (a third the player's) and
/// `worlds * 2 / 3` fleets (half his).
fn view(turn: u32, worlds: u32) -> TurnView {
    let mut view = TurnView {
        game: Some("KARNAJ".into()),
        turn: Some(turn),
        player: Some(PlayerRef {
            name: "Maxtor".into(),
            number: Some(5),
        }),
        ..TurnView::default()
    };
    let fleets = worlds * 2 / 3;
    for id in 1..=worlds {
        let own = id % 3 == 0;
        view.worlds.push(
            WorldView {
                id,
                connections: Some(
                    [1, 2, worlds - 1]
                        .iter()
                        .map(|k| Connection {
                            world: (id + k - 1) % worlds + 1,
                            black_hole: false,
                        })
                        .collect(),
                ),
                owner: Some(OwnerView {
                    name: Some(if own { "Maxtor" } else { "Miria" }.into()),
                    owned_turns: turn,
                    ..OwnerView::default()
                }),
                coords: Some(Coords {
                    x: id % 200,
                    y: id * 3 % 200,
                }),
                line: id,
                ..WorldView::default()
            }
            .with_counts([
                (Count::Industries, Some(id % 30)),
                (Count::ActiveIndustries, Some(id % 30)),
                (Count::Vi, Some(0)),
                (Count::Population, Some(40 + id % 60)),
                (Count::Converts, Some(0)),
                (Count::Robots, Some(0)),
                (Count::PopLimit, Some(120)),
                (Count::Vp, Some(0)),
                (Count::Mp, Some(id % 17 + turn)),
                (Count::Mining, Some(id % 5)),
                (Count::Pc, Some(0)),
                (Count::PillageCount, Some(0)),
                (Count::PillageRecovery, Some(0)),
                (Count::Pe, Some(0)),
                (Count::Meva, Some(0)),
            ]),
        );
    }
    for id in 1..=fleets {
        let own = id % 2 == 0;
        view.fleets.push(FleetView {
            id,
            world: Some(if own {
                (id % (worlds / 3)) * 3 + 3
            } else {
                id % worlds + 1
            }),
            owner: Some(if own { "Maxtor" } else { "Miria" }.into()),
            at_peace: Some(false),
            vc: own.then_some(id % 20),
            vt: own.then_some(id % 7),
            total: Some(if own { id % 20 + id % 7 } else { id % 27 }),
            cargo: own.then_some(CargoView::default()),
            line: worlds + id,
            ..FleetView::default()
        });
    }
    view
}

/// 200 orders on the knowledge of `worlds` worlds: ships built on the
/// player's fleets, moves to neighbours.
fn orders(worlds: u32) -> Vec<nebutil::orders::Order> {
    let mut text = String::new();
    for id in (2..=400u32).step_by(2) {
        let world = (id % (worlds / 3)) * 3 + 3;
        if id % 4 == 0 {
            text.push_str(&format!("M_{world} C 1 VC F_{id}\n"));
        } else {
            text.push_str(&format!("F_{id} M_{}\n", world % worlds + 1));
        }
    }
    parse_orders(&text).orders
}

pub fn benches(c: &mut Criterion) {
    let ruleset = Ruleset::builtin("2002").expect("built-in rules");
    let (knowledge, _) = Knowledge::from_views((1..=10).map(|turn| view(turn, 600)));
    let assumptions = Assumptions::default();
    let orders = orders(600);

    c.bench_function(
        "resolve_partial: partial galaxy (10 turns, 600 worlds, 400 fleets)",
        |b| b.iter(|| galaxy_from_knowledge(black_box(&knowledge), &assumptions, &ruleset)),
    );
    let partial = Partial::new(&knowledge, &assumptions, &ruleset);
    c.bench_function("resolve_partial: preview: one run with 200 orders", |b| {
        b.iter(|| partial.preview(black_box(&orders), &ruleset, 1))
    });
    let mut group = c.benchmark_group("resolve_partial: preview odds");
    group.sample_size(10);
    group.bench_function("100 runs with 200 orders", |b| {
        b.iter(|| partial.odds(black_box(&orders), &ruleset, 1, 100, &mut |_| {}))
    });
    group.finish();

    // 1,000 runs × 1,000 worlds: the app's preview with "1000" runs asked.
    let (knowledge, _) = Knowledge::from_views((1..=3).map(|turn| view(turn, 1000)));
    let partial = Partial::new(&knowledge, &assumptions, &ruleset);
    let orders = self::orders(1000);
    let cores = std::thread::available_parallelism().map_or(1, usize::from);
    let mut group = c.benchmark_group("resolve_partial: preview odds, 1000 worlds");
    group.sample_size(10);
    group.bench_function("1000 runs with 200 orders, 1 thread", |b| {
        b.iter(|| partial.odds_parallel(black_box(&orders), &ruleset, 1, 1000, 1, &()))
    });
    group.bench_function(
        format!("1000 runs with 200 orders, {cores} threads (every core)"),
        |b| b.iter(|| partial.odds_parallel(black_box(&orders), &ruleset, 1, 1000, cores, &())),
    );
    group.finish();
}
