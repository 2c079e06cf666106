//! Speed of one turn of the resolver, every player giving random orders of every
//! kind (`tests/support/random_orders.rs`, up to 14 each):
//! - 1 000 worlds and 20 players: a galaxy of the generator, 3 turns in;
//! - 100 000 worlds and 2 000 players: one galaxy of the generator, 1 turn in.
//!
//! Galaxies and orders are made before the timed loop.
//!
//! Run: `cargo bench --no-default-features --bench benches -- resolve_turn`.

use std::hint::black_box;

use criterion::Criterion;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::support::random_orders;
use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::model::{Class, Galaxy};
use nebutil::resolve::{Submissions, resolve_turn};
use nebutil::rules::Ruleset;

use random_orders::random_submissions;

fn generated(players: usize, worlds: u32, seed: u64, rules: &Ruleset) -> Galaxy {
    let mut params = GeneratorParams::new(
        (0..players)
            .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
            .collect(),
    );
    params.worlds = worlds;
    let mut galaxy = generate_seeded(&params, rules, seed).expect("a galaxy");
    galaxy.final_turn = 30;
    galaxy
}

/// A galaxy a few turns into the game, and the next turn's orders.
fn warmed(mut galaxy: Galaxy, rules: &Ruleset, turns: u32) -> (Galaxy, Submissions) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..turns {
        let orders = random_submissions(&galaxy, &mut rng, 14);
        galaxy = resolve_turn(&galaxy, &orders, rules, &mut rng).galaxy;
    }
    let orders = random_submissions(&galaxy, &mut rng, 14);
    (galaxy, orders)
}

pub fn bench(c: &mut Criterion) {
    let rules = Ruleset::builtin_2002();
    let mut group = c.benchmark_group("resolve_turn");
    group.sample_size(10);

    let (small, small_orders) = warmed(generated(20, 1000, 42, &rules), &rules, 3);
    group.bench_function("1000 worlds, 20 players", |b| {
        b.iter(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            resolve_turn(
                black_box(&small),
                black_box(&small_orders),
                &rules,
                &mut rng,
            )
        })
    });

    let (large, large_orders) = warmed(generated(2000, 100_000, 43, &rules), &rules, 1);
    assert_eq!(large.worlds.len(), 100_000);
    assert_eq!(large.players.len(), 2_001);
    group.bench_function("100000 worlds, 2000 players", |b| {
        b.iter(|| {
            let mut rng = ChaCha8Rng::seed_from_u64(1);
            resolve_turn(
                black_box(&large),
                black_box(&large_orders),
                &rules,
                &mut rng,
            )
        })
    });
    group.finish();
}
