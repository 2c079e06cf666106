//! Speed of the galaxy generator: a 20-player galaxy (500 worlds, the default
//! density), 50 players in 5 000 worlds (the largest before the spatial index)
//! and 2 000 players in 100 000 worlds.
//!
//! Run: `cargo bench --no-default-features --bench benches -- generate`.

use std::hint::black_box;

use criterion::Criterion;
use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::model::Class;
use nebutil::rules::Ruleset;

fn params(players: usize, worlds: u32) -> GeneratorParams {
    let mut params = GeneratorParams::new(
        (0..players)
            .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
            .collect(),
    );
    params.worlds = worlds;
    params
}

pub fn bench(c: &mut Criterion) {
    let rules = Ruleset::builtin_2002();
    let mut group = c.benchmark_group("generate");
    group.sample_size(10);
    for (name, players, worlds) in [
        ("500 worlds", 20, 500),
        ("5000 worlds", 50, 5000),
        ("100000 worlds, 2000 players", 2000, 100_000),
    ] {
        let params = params(players, worlds);
        group.bench_function(name, |b| {
            b.iter(|| generate_seeded(black_box(&params), &rules, black_box(42)))
        });
    }
    group.finish();
}
