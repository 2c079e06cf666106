//! Speed of the arbiter's files of one turn (`game::folder::game_files`: the save,
//! then every player's CR and NBT, in memory) for one galaxy of the generator of
//! 100 000 worlds and 2 000 players:
//! - at game start (turn 1, no record);
//! - one turn later, after a turn of random orders (the record's markers, traces,
//!   probes, spy rankings).
//!
//! Per player the writer works on what he sees (indexes built once per turn): the
//! whole folder costs about as much as one pass over the galaxy per file kind.
//! Galaxies and saves are made before the timed loop.
//!
//! Run: `cargo bench --no-default-features --bench benches -- arbiter_turn`.

use std::hint::black_box;
use std::time::Duration;

use criterion::Criterion;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::support::random_orders;
use nebutil::game::arbiter::run_turn;
use nebutil::game::folder::game_files;
use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::game::save::Save;
use nebutil::model::Class;
use nebutil::rules::Ruleset;

use random_orders::random_submissions;

fn new_game(players: usize, worlds: u32, seed: u64) -> Save {
    let rules = Ruleset::builtin_2002();
    let mut params = GeneratorParams::new(
        (0..players)
            .map(|i| PlayerSetup::new(&format!("Joueur {}", i + 1), Class::ALL[i % 7]))
            .collect(),
    );
    params.worlds = worlds;
    let galaxy = generate_seeded(&params, &rules, seed).expect("a galaxy");
    Save::new(Some("BENCH".into()), rules, seed, galaxy)
}

pub fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("arbiter_turn");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));

    let start = new_game(2000, 100_000, 7);
    assert_eq!(start.galaxy.worlds.len(), 100_000);
    // The save and two files per player.
    assert_eq!(game_files(&start).len(), 1 + 2 * 2000);
    group.bench_function("game files, 100000 worlds, 2000 players, turn 1", |b| {
        b.iter(|| game_files(black_box(&start)))
    });

    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let orders = random_submissions(&start.galaxy, &mut rng, 14);
    let (next, _) = run_turn(&start, &orders).expect("turn 1 resolves");
    assert!(next.last_record.is_some());
    group.bench_function("game files, 100000 worlds, 2000 players, turn 2", |b| {
        b.iter(|| game_files(black_box(&next)))
    });
    group.finish();
}
