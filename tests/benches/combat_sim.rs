//! Speed of the combat simulator: the book's fight (one round, and its text), a
//! 12-side melee over 50 rounds, and "what it takes" searched up to a million VC.
//!
//! Run: `cargo bench --no-default-features --bench benches -- combat_sim`.

use std::hint::black_box;

use criterion::Criterion;
use nebutil::combat::sim::search::{min_att, min_vc};
use nebutil::combat::sim::{FleetSetup, Setup, Side, Target, parse, simulate, text};
use nebutil::i18n::Lang;
use nebutil::rules::Ruleset;

/// 12 sides of 3 fleets each, every fleet firing at the next side's fleet: a million
/// VC each at ATT 1 and DEF 12 lose about 15 % a round, so all 50 rounds are played.
fn melee() -> Setup {
    let sides = 12u32;
    Setup {
        rounds: 50,
        sides: (0..sides)
            .map(|s| Side {
                name: format!("J{s}"),
                att: 1,
                def: 12,
                car: 1,
                fleets: (0..3)
                    .map(|f| FleetSetup {
                        id: s * 10 + f,
                        vc: 1_000_000 + f,
                        vt: 100 + 11 * f,
                        fire: Some(Target::Fleet(((s + 1) % sides) * 10 + f)),
                        ..FleetSetup::default()
                    })
                    .collect(),
                ..Side::default()
            })
            .collect(),
        ..Setup::default()
    }
}

pub fn bench(c: &mut Criterion) {
    let rules = Ruleset::builtin_2002();
    let book = parse(include_str!("../../assets/combat/book_vii_1_2.ron"))
        .0
        .unwrap_or_default();
    let mut group = c.benchmark_group("combat_sim");
    group.bench_function("book fight, 1 round", |b| {
        b.iter(|| simulate(black_box(&book), &rules))
    });
    group.bench_function("book fight, 1 round + text", |b| {
        b.iter(|| {
            let result = simulate(black_box(&book), &rules);
            text::render(&book, &result, Lang::Fr)
        })
    });
    let melee = melee();
    assert_eq!(simulate(&melee, &rules).rounds.len(), 50);
    group.bench_function("melee 12 sides x 3 fleets, 50 rounds", |b| {
        b.iter(|| simulate(black_box(&melee), &rules))
    });
    let mut big = book.clone();
    if let Some(target) = big.sides.get_mut(1).and_then(|s| s.fleets.get_mut(0)) {
        target.vc = 400_000;
        target.vt = 300_000;
    }
    group.bench_function("min VC up to 1e6 (target 700 000 ships, 3 rounds)", |b| {
        b.iter(|| min_vc(black_box(&big), &rules, 128, 3, 1_000_000))
    });
    group.bench_function("min ATT (book fight, 2 rounds)", |b| {
        b.iter(|| min_att(black_box(&book), &rules, 128, 2))
    });
    group.finish();
}
