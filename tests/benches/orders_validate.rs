//! Speed of the order validator: the editor re-validates on every keystroke, so a
//! 300-order file must re-validate in well under a millisecond.
//!
//! The knowledge: one CR of turn 12 describing 400 worlds (200 of the player's,
//! two of his fleets and a foreign one on each, a foreign fleet on half of the
//! others) with their connections. The orders: 300 of every common kind (constructions, research,
//! moves over 3 hops, transfers, loads, unloads, fire, probes, emigration,
//! declarations), one in thirty with a problem.
//!
//! Measured: `validate` (the orders already parsed, the player's context kept by
//! the editor — what a keystroke costs), `check_orders` (parse + validate + token
//! spans), `context` (indexing the knowledge once), `validate_cold` (context +
//! validation).
//!
//! Run: `cargo bench --no-default-features --bench benches -- orders_validate`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, Throughput};
use nebutil::model::knowledge::Knowledge;
use nebutil::orders::parse_orders;
use nebutil::orders::validate::{PlayerContext, check_orders_with, validate, validate_with};
use nebutil::rules::Ruleset;

const WORLDS: u32 = 400;

/// World `m`'s neighbours: m − 1, m + 1, m + 20 (on a ring of `WORLDS`).
fn neighbours(m: u32) -> [u32; 3] {
    let wrap = |n: u32| (n + WORLDS - 1) % WORLDS + 1;
    [wrap(m + WORLDS - 1), wrap(m + 1), wrap(m + 20)]
}

fn cr() -> String {
    let mut text = String::from(
        "NEBULA - Partie BENCH - Tour 12\nJoueur : \"Maxtor\":5 (Empereur)\nPoints : 1234 (+56)\n\n\
         Vos niveaux technologiques :\nDEplacement : 4 (+4/10)\n\
         ATtaque : 2 (10), Votre CA est de : 55\nDEfense : 1 (10), Votre CD est de : 100\n\
         RADar : 1 (5)\nConnaissance des ALIens : 1 (5)\nCARgaison : 2 (10)\n\n\
         Vous connaissez de nom : \"Miria\":7, \"Backchiche\":9\n\
         Vos déclarations : A:\"Miria\":7\n\
         Déclarations reçues : A:\"Miria\":7 C:\"Miria\":7 DP:\"Miria\":7\n\n",
    );
    for m in 1..=WORLDS {
        let [a, b, c] = neighbours(m);
        let _ = write!(text, "M_{m} ({a},{b},{c}) ");
        match m % 4 {
            0 | 2 => {
                let _ = writeln!(
                    text,
                    "\"Maxtor:{}\" [I={}]=3 [P={}({})]=2 MP={}(+2)",
                    m % 9,
                    20 + m % 30,
                    60 + m % 40,
                    120,
                    30 + m % 20
                );
                let _ = writeln!(text, "  F_{} \"Maxtor\" [3,2N]=12+4T", 2 * m);
                let _ = writeln!(text, "  F_{} \"Maxtor\" []=6", 2 * m + 1);
                let _ = writeln!(text, "  F_{} (\"Miria\") [?]=3", 10_000 + m);
            }
            1 => {
                let _ = writeln!(text, "\"Miria:3\" [I=10]=1 [P=40(80)]=1 MP=12(+3)");
                let _ = writeln!(text, "  F_{} \"Miria\" [?]=7", 2 * m);
            }
            _ => {
                let _ = writeln!(text, "P=12(30) MP=5(+1)");
            }
        }
    }
    text
}

/// 300 orders on the player's worlds and fleets (one in thirty asks more UP than its world has).
fn orders() -> String {
    let mut text = String::from("# 300 orders\n");
    let own: Vec<u32> = (1..=WORLDS).filter(|m| m % 4 == 0 || m % 4 == 2).collect();
    let mut n = 0;
    let mut i = 0;
    while n < 300 {
        let m = own[i % own.len()];
        let f = 2 * m;
        let g = 2 * m + 1;
        let [prev, next, far] = neighbours(m);
        let line = match n % 15 {
            0 => format!("M_{m} C 5 VC F_{f}"),
            1 => format!("M_{m} C 3 VT F_{g}"),
            2 => format!("M_{m} C 2 VI"),
            3 => format!("M_{m} C 4 DEP"),
            4 => format!(
                "F_{f} MM {next} {} {}",
                neighbours(next)[1],
                neighbours(neighbours(next)[1])[2]
            ),
            5 => format!("F_{g} T 2 VC F_{f}"),
            6 => format!("F_{f} C 4 MP"),
            7 => format!("F_{f} D 2 N"),
            8 => format!("VP M_{m} * F_{}", 10_000 + m),
            9 => format!("VI M_{m} S M_{far}"),
            10 => format!("M_{m} E 3 P M_{next}"),
            11 => format!("M_{m} C 1 I"),
            12 => "A : 7 ; alliance".to_string(),
            13 if n % 2 == 0 => format!("F_{f} * F_{g}"),
            13 => format!("M_{m} C 99 VP"),
            _ => format!("F_{g} MM {prev} {}", neighbours(prev)[0]),
        };
        text.push_str(&line);
        text.push('\n');
        n += 1;
        if n % 15 == 14 {
            i += 1;
        }
        if n % 5 == 0 {
            i += 1;
        }
    }
    text
}

pub fn bench(c: &mut Criterion) {
    let (view, read_diagnostics) = nebutil::report::read(&cr());
    assert!(
        read_diagnostics.is_empty(),
        "the bench CR reads cleanly: {read_diagnostics:?}"
    );
    let (knowledge, refused) = Knowledge::from_views([view]);
    assert!(refused.is_empty());
    let rules = Ruleset::builtin_2002();
    let text = orders();
    let file = parse_orders(&text);
    assert_eq!(file.orders.len(), 300, "{:?}", file.diagnostics);
    assert!(file.diagnostics.is_empty(), "{:?}", file.diagnostics);
    let context = PlayerContext::new(&knowledge);
    let findings = validate_with(&file.orders, &context, &rules);
    assert!(
        (10..60).contains(&findings.len()),
        "a realistic share of problems: {}",
        findings.len()
    );

    let mut group = c.benchmark_group("orders_validate");
    group.throughput(Throughput::Elements(300));
    group.bench_function("parse", |b| b.iter(|| parse_orders(black_box(&text))));
    group.bench_function("validate", |b| {
        b.iter(|| validate_with(black_box(&file.orders), &context, &rules))
    });
    group.bench_function("check_orders", |b| {
        b.iter(|| check_orders_with(black_box(&text), &context, &rules))
    });
    group.bench_function("context", |b| {
        b.iter(|| PlayerContext::new(black_box(&knowledge)))
    });
    group.bench_function("validate_cold", |b| {
        b.iter(|| validate(black_box(&file.orders), &knowledge, &rules))
    });
    group.finish();
}
