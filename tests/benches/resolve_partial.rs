//! Speed of the what-if preview (`resolve::partial`) on a large knowledge: 10
//! turns of 600 worlds and 400 fleets each (a third of the worlds the player's,
//! half the fleets his): the partial galaxy, one preview with 200 orders, and
//! 100 Monte-Carlo runs (what the app's progress bar shows).
//!
//! Run: `cargo bench --no-default-features --bench benches -- resolve_partial`.

use std::hint::black_box;

use criterion::Criterion;
use nebutil::model::Coords;
use nebutil::model::knowledge::Knowledge;
use nebutil::model::view::{
    CargoView, Connection, FleetView, OwnerView, PlayerRef, TurnView, WorldView,
};
use nebutil::orders::parse_orders;
use nebutil::resolve::partial::{Assumptions, Partial, galaxy_from_knowledge};
use nebutil::rules::Ruleset;

fn view(turn: u32) -> TurnView {
    let mut view = TurnView {
        game: Some("KARNAJ".into()),
        turn: Some(turn),
        player: Some(PlayerRef {
            name: "Maxtor".into(),
            number: Some(5),
        }),
        ..TurnView::default()
    };
    for id in 1..=600u32 {
        let own = id % 3 == 0;
        view.worlds.push(WorldView {
            id,
            connections: Some(
                [1, 2, 599]
                    .iter()
                    .map(|k| Connection {
                        world: (id + k - 1) % 600 + 1,
                        black_hole: false,
                    })
                    .collect(),
            ),
            owner: Some(OwnerView {
                name: Some(if own { "Maxtor" } else { "Miria" }.into()),
                owned_turns: turn,
                ..OwnerView::default()
            }),
            industries: Some(id % 30),
            active_industries: Some(id % 30),
            vi: Some(0),
            population: Some(40 + id % 60),
            converts: Some(0),
            robots: Some(0),
            pop_limit: Some(120),
            vp: Some(0),
            mp: Some(id % 17 + turn),
            mining: Some(id % 5),
            pc: Some(0),
            pillage_count: Some(0),
            pillage_recovery: Some(0),
            pe: Some(0),
            meva: Some(0),
            coords: Some(Coords {
                x: id % 200,
                y: id * 3 % 200,
            }),
            line: id,
            ..WorldView::default()
        });
    }
    for id in 1..=400u32 {
        let own = id % 2 == 0;
        view.fleets.push(FleetView {
            id,
            world: Some(if own {
                (id % 200) * 3 + 3
            } else {
                id % 600 + 1
            }),
            owner: Some(if own { "Maxtor" } else { "Miria" }.into()),
            at_peace: Some(false),
            vc: own.then_some(id % 20),
            vt: own.then_some(id % 7),
            total: Some(if own { id % 20 + id % 7 } else { id % 27 }),
            cargo: own.then_some(CargoView::default()),
            line: 600 + id,
            ..FleetView::default()
        });
    }
    view
}

pub fn benches(c: &mut Criterion) {
    let ruleset = Ruleset::builtin("2002").expect("built-in rules");
    let (knowledge, _) = Knowledge::from_views((1..=10).map(view));
    let assumptions = Assumptions::default();
    // 200 orders: ships built on the player's fleets, moves to neighbours.
    let mut text = String::new();
    for id in (2..=400u32).step_by(2) {
        let world = (id % 200) * 3 + 3;
        if id % 4 == 0 {
            text.push_str(&format!("M_{world} C 1 VC F_{id}\n"));
        } else {
            text.push_str(&format!("F_{id} M_{}\n", world % 600 + 1));
        }
    }
    let orders = parse_orders(&text).orders;

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
}
