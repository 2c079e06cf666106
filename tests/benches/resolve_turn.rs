//! Speed of one turn of the resolver, every player giving random orders of every
//! kind (`tests/support/random_orders.rs`, up to 14 each):
//! - 1 000 worlds and 20 players: a galaxy of the generator, 3 turns in;
//! - 100 000 worlds and 2 000 players: 20 generated galaxies of 5 000 worlds and
//!   100 players (the generator's largest) laid side by side on one torus, with
//!   their numbers shifted (no link between the tiles).
//!
//! Run: `cargo bench --no-default-features --bench resolve_turn`.

#[path = "../support/random_orders.rs"]
mod random_orders;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use nebutil::game::generate::{GeneratorParams, PlayerSetup, generate_seeded};
use nebutil::model::treasure::TreasureLocation;
use nebutil::model::{Class, Galaxy, PlayerId};
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

/// `tiles` copies of `base` side by side along x, numbers shifted.
fn tiled(base: &Galaxy, tiles: u32) -> Galaxy {
    let world_step = base.worlds.keys().max().copied().unwrap_or(0);
    let fleet_step = base.fleets.keys().max().copied().unwrap_or(0);
    let treasure_step = base.treasures.keys().max().copied().unwrap_or(0);
    let player_step = base.players.keys().map(|p| p.0).max().unwrap_or(0);
    let mut galaxy = Galaxy {
        width: base.width * tiles,
        height: base.height,
        turn: base.turn,
        final_turn: base.final_turn,
        ..Galaxy::default()
    };
    let shift = |p: PlayerId, k: u32| {
        if p.is_neutral() {
            p
        } else {
            PlayerId(p.0 + k * player_step)
        }
    };
    for k in 0..tiles {
        for player in base.players.values() {
            let mut player = player.clone();
            player.id = shift(player.id, k);
            if !player.is_neutral() {
                player.name = format!("{} /{k}", player.name);
            }
            galaxy.players.insert(player.id, player);
        }
        for world in base.worlds.values() {
            let mut world = world.clone();
            world.id += k * world_step;
            world.connections = world
                .connections
                .iter()
                .map(|c| c + k * world_step)
                .collect();
            world.coords.x += k * base.width;
            world.owner = shift(world.owner, k);
            world.start_owner = world.start_owner.map(|p| shift(p, k));
            galaxy.worlds.insert(world.id, world);
        }
        for fleet in base.fleets.values() {
            let mut fleet = fleet.clone();
            fleet.id += k * fleet_step;
            fleet.world += k * world_step;
            fleet.owner = shift(fleet.owner, k);
            galaxy.fleets.insert(fleet.id, fleet);
        }
        for treasure in base.treasures.values() {
            let mut treasure = treasure.clone();
            treasure.id += k * treasure_step;
            treasure.location = match treasure.location {
                TreasureLocation::World(w) => TreasureLocation::World(w + k * world_step),
                TreasureLocation::Fleet(f) => TreasureLocation::Fleet(f + k * fleet_step),
            };
            galaxy.treasures.insert(treasure.id, treasure);
        }
    }
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

fn bench(c: &mut Criterion) {
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

    let base = generated(100, 5000, 43, &rules);
    let (large, large_orders) = warmed(tiled(&base, 20), &rules, 1);
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

criterion_group!(benches, bench);
criterion_main!(benches);
