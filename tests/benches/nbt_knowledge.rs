//! Speed of the `.NBT` format (write and read of a large file: 2,000 positions,
//! long orders), of the multi-turn knowledge (30 turns of 600 worlds and 400
//! fleets each, loaded newest first — the worst order — then one turn reloaded),
//! and of the `nebutil report --json` document for one such turn.
//!
//! Run: `cargo bench --no-default-features --bench benches -- nbt_knowledge`.

use std::hint::black_box;

use criterion::{BatchSize, Criterion};
use nebutil::cli::json;
use nebutil::i18n::Lang;
use nebutil::model::Coords;
use nebutil::model::knowledge::Knowledge;
use nebutil::model::view::{
    CargoView, Connection, Count, FleetView, OwnerView, PlayerRef, TurnView, WorldView,
};
use nebutil::model::{Class, Tech};
use nebutil::nbt::{self, GalaxySize, NbtCoords, NbtFile, NbtTech};

fn big_nbt() -> NbtFile {
    let mut file = NbtFile::new(12, 5, "Maxtor");
    file.game = Some("KARNAJ".into());
    file.ruleset = Some("2002".into());
    file.player.class = Some(Class::Explorer);
    file.galaxy_size = Some(GalaxySize {
        width: 200,
        height: 200,
    });
    for id in 1..=2000u32 {
        file.coords.insert(
            id,
            NbtCoords {
                x: id * 7 % 200,
                y: id * 13 % 200,
                exact: id % 3 != 0,
            },
        );
    }
    for tech in Tech::ALL {
        file.tech.insert(
            tech,
            NbtTech {
                level: 2,
                progress: 3,
                cost: Some(5),
            },
        );
    }
    for n in 1..=40u32 {
        file.known_players.insert(n, format!("Joueur {n}"));
    }
    let orders: String = (1..=300u32)
        .map(|i| format!("F_{i} MM {} {} {}\n", i + 1, i + 2, i + 3))
        .collect();
    file.orders_sent = Some(orders);
    file
}

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
        let described = !(id + turn).is_multiple_of(4);
        view.worlds.push(
            WorldView {
                id,
                connections: described.then(|| {
                    (1..=4)
                        .map(|k| Connection {
                            world: (id * k * 31) % 2000 + 1,
                            black_hole: false,
                        })
                        .collect()
                }),
                owner: described.then(|| OwnerView {
                    name: Some(if id % 3 == 0 { "Maxtor" } else { "Miria" }.into()),
                    owned_turns: turn,
                    ..OwnerView::default()
                }),
                coords: Some(Coords {
                    x: id % 200,
                    y: id * 3 % 200,
                }),
                line: if described { id } else { 0 },
                ..WorldView::default()
            }
            .with_counts([
                (Count::Industries, described.then_some(id % 30)),
                (Count::Population, described.then_some((id * turn) % 100)),
                (Count::Mp, described.then_some(id % 17 + turn)),
                (Count::Mining, described.then_some(id % 5)),
            ]),
        );
    }
    for id in 1..=400u32 {
        let own = id % 2 == 0;
        view.fleets.push(FleetView {
            id,
            world: Some((id * turn) % 600 + 1),
            owner: Some(if own { "Maxtor" } else { "Miria" }.into()),
            at_peace: Some(false),
            vc: own.then_some(id % 20),
            vt: own.then_some(id % 7),
            total: Some(id % 27),
            cargo: own.then_some(CargoView {
                mp: id % 5,
                ..CargoView::default()
            }),
            line: 600 + id,
            ..FleetView::default()
        });
    }
    view
}

pub fn benches(c: &mut Criterion) {
    let file = big_nbt();
    let text = nbt::write(&file);
    c.bench_function("nbt_knowledge: nbt write (2000 positions)", |b| {
        b.iter(|| nbt::write(black_box(&file)))
    });
    c.bench_function("nbt_knowledge: nbt read (2000 positions)", |b| {
        b.iter(|| nbt::read(black_box(&text)))
    });

    let views: Vec<TurnView> = (1..=30).rev().map(view).collect();
    c.bench_function(
        "nbt_knowledge: knowledge of 30 turns (600 worlds, 400 fleets each)",
        |b| {
            b.iter_batched(
                || views.clone(),
                Knowledge::from_views,
                BatchSize::LargeInput,
            )
        },
    );
    let (knowledge, _) = Knowledge::from_views(views.clone());
    c.bench_function("nbt_knowledge: knowledge: reload one of 30 turns", |b| {
        b.iter_batched(
            || (knowledge.clone(), view(15)),
            |(mut k, v)| k.add(v),
            BatchSize::LargeInput,
        )
    });

    let one = view(12);
    c.bench_function(
        "nbt_knowledge: report --json document (600 worlds, 400 fleets)",
        |b| {
            b.iter(|| {
                let document = json::report("t12.cr", None, black_box(&one), &[], &[], Lang::Fr);
                serde_json::to_string_pretty(&document)
            })
        },
    );
}
