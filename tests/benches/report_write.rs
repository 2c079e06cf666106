//! Speed of the CR writer on a big galaxy whose CR is about 1 MB: the projection
//! (`project`), the printing (`print`), both (`write`), and, for scale, reading
//! the written CR back (`report::read`).
//!
//! Run: `cargo bench --no-default-features --bench benches -- report_write`.

use std::collections::BTreeSet;
use std::hint::black_box;

use criterion::{Criterion, Throughput};
use nebutil::model::record::{Shooter, Trace, TurnRecord};
use nebutil::model::treasure::{TreasureLocation, all_kinds};
use nebutil::model::view::FireMark;
use nebutil::model::{Class, Coords, Fleet, Galaxy, Player, PlayerId, Treasure, World};
use nebutil::report::read;
use nebutil::report::write::{WriteOptions, print, project, write};
use nebutil::rules::Ruleset;

const VIEWER: PlayerId = PlayerId(1);

/// `worlds` worlds (8000 give a CR of about 1 MB), two fleets per world (one of the viewer's on every world, so
/// his CR describes them all), a treasure every 7 worlds, markers and traces.
fn big_galaxy(worlds: u32) -> (Galaxy, TurnRecord) {
    let mut g = Galaxy {
        width: 1000,
        height: 1000,
        turn: 12,
        final_turn: 30,
        ..Galaxy::default()
    };
    g.players.insert(PlayerId::NEUTRAL, Player::neutral());
    for (n, name, class) in [
        (1, "Maxtor", Class::Emperor),
        (2, "Miria", Class::Missionary),
        (3, "LE BARBARE TABATABA", Class::Pirate),
        (4, "B. BROTHER", Class::Merchant),
    ] {
        let mut p = Player::new(PlayerId(n), name, Some(class));
        p.known_players = (1..=4).map(PlayerId).collect::<BTreeSet<_>>();
        g.players.insert(p.id, p);
    }
    let kinds = all_kinds();
    let mut record = TurnRecord::default();
    for m in 1..=worlds {
        let connections = vec![
            (m % worlds) + 1,
            (m * 7 % worlds) + 1,
            (m * 13 % worlds) + 1,
        ];
        let mut w = World::new(
            m,
            connections,
            Coords {
                x: m % 1000,
                y: m * 7 % 1000,
            },
        );
        w.owner = PlayerId(m % 5);
        w.population.non_converts = 10 + m % 200;
        if m % 3 == 0 {
            w.population.converts.insert(PlayerId(2), 5);
        }
        w.pop_limit = 250;
        w.industries = m % 30;
        w.active_industries = m % 20;
        w.vi = m % 4;
        w.vp = m % 3;
        w.mp = m % 50;
        w.mining = m % 8;
        if !w.owner.is_neutral() {
            w.owned_turns = m % 12;
            w.mining_counter = m % 12;
        }
        g.worlds.insert(m, w);
        for (k, owner) in [(0, VIEWER), (1, PlayerId(m % 5))] {
            let id = 2 * m + k;
            let mut f = Fleet::new(id, owner, m);
            f.vc = m % 17;
            f.vt = m % 5;
            f.cargo.mp = f.vc.min(3);
            g.fleets.insert(id, f);
            if m % 11 == 0 {
                record
                    .fire
                    .insert(Shooter::Fleet(id), FireMark::Fleet(2 * m + 1 - k));
            }
        }
        if m % 7 == 0 {
            let location = if m % 2 == 0 {
                TreasureLocation::World(m)
            } else {
                TreasureLocation::Fleet(2 * m)
            };
            g.treasures.insert(
                m,
                Treasure {
                    id: m,
                    kind: kinds[m as usize % kinds.len()],
                    location,
                },
            );
        }
        if m % 5 == 0 {
            record.traces.push(Trace {
                fleet: 2 * m + 1,
                owner: PlayerId(m % 5),
                world: m,
                from: Some((m * 7 % worlds) + 1),
                to: (m % worlds) + 1,
                ambushed: m % 10 == 0,
            });
        }
    }
    (g, record)
}

pub fn bench(c: &mut Criterion) {
    let ruleset = Ruleset::builtin_2002();
    let (galaxy, record) = big_galaxy(8000);
    let options = WriteOptions {
        ruleset: &ruleset,
        record: Some(&record),
        game_name: Some("KARNAJ"),
    };
    let text = write(&galaxy, VIEWER, &options);
    let view = project(&galaxy, VIEWER, Some(&record), &ruleset, Some("KARNAJ"));
    eprintln!(
        "report_write: a CR of {} bytes, {} lines",
        text.len(),
        text.lines().count()
    );
    let mut group = c.benchmark_group("report_write");
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function("project", |b| {
        b.iter(|| {
            project(
                black_box(&galaxy),
                VIEWER,
                Some(&record),
                &ruleset,
                Some("KARNAJ"),
            )
        })
    });
    group.bench_function("print", |b| b.iter(|| print(black_box(&view))));
    group.bench_function("write", |b| {
        b.iter(|| write(black_box(&galaxy), VIEWER, &options))
    });
    group.bench_function("read_back", |b| b.iter(|| read(black_box(&text))));
    group.finish();
}
