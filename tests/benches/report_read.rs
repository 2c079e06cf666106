//! Speed of the CR reader on a ~1 MB CR, against a plain line scan of the same
//! text (`lines().count()` + byte sum): the floor any line reader pays.
//!
//! Run: `cargo bench --no-default-features --bench benches -- report_read`.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, Throughput};
use nebutil::model::treasure::all_kinds;
use nebutil::report::read;

const PLAYERS: [&str; 6] = [
    "Maxtor",
    "Miria",
    "GASKOR",
    "LE BARBARE TABATABA",
    "B. BROTHER",
    "Backchiche",
];

/// A CR of about `target` bytes: header, technologies, statistics with a spy
/// line, known players, then worlds with fleets, traces and treasures built by
/// renumbering the book's line shapes.
fn big_cr(target: usize) -> String {
    let mut s = String::with_capacity(target + 4096);
    s.push_str("NEBULA - Partie KARNAJ - Tour 12\nJoueur : \"Maxtor\":5 (Empereur)\nPoints : 1234 (+56)\n\n");
    s.push_str("Vos niveaux technologiques :\nDEplacement : 4 (+4/10)\nATtaque : 1 (10), Votre CA est de : 50\nDEfense : 1 (10), Votre CD est de : 100\nRADar : 3 (max)\nConnaissance des ALIens : 0 (+2/5)\nCARgaison : 1 (10)\n\n");
    s.push_str("Statistiques\nCapacité minière : 37\nPopulations : 1:1624 4:\"TAPIMOKET\":1299 7:\"Maxtor\":1057 12:\"LE BARBARE TABATABA\":896 16:453 M : 1051 [Erreur=10%]\nMondes : 15\nFlottes : 16\n\n");
    s.push_str("Vous connaissez de nom : \"Miria\":7 , \"Backchiche\":9, \"GASKOR\":2\n\n");
    let kinds = all_kinds();
    let mut m: u32 = 1;
    let mut fleet: u32 = 1;
    let mut treasure: u32 = 1;
    while s.len() < target {
        let owner = PLAYERS[m as usize % PLAYERS.len()];
        let (a, b, c) = (m * 7 % 997, m * 13 % 991, m * 31 % 983);
        match m % 5 {
            0 => {
                let _ = writeln!(
                    s,
                    "M_{m} ({a},{b},{c}) \"{owner}:{}\" [I={}/30]=3 [P={}({})/12C:\"Miria\"]=1 MP={}(+2) [{},{}]",
                    m % 20,
                    m % 30,
                    m % 90 + 10,
                    m % 90 + 50,
                    m % 40,
                    m % 100,
                    m % 77
                );
            }
            1 => {
                let _ = writeln!(
                    s,
                    "M_{m} ({a}, {b}@, {c}) \"{owner}:2:5\" I=8 P={} ({}) MP={} (+{}) Pi=1/4",
                    m % 60,
                    m % 60 + 20,
                    m % 15,
                    m % 6
                );
            }
            2 => {
                let _ = writeln!(s, "M_{m} ({a},{b}) P={} (356) MP=15 (+4)", m % 300);
            }
            3 => {
                let _ = writeln!(
                    s,
                    "Md_{m} ({a},{b},{c}) \"{owner}\"! [I=30]=1 [P=50 (100)]=1 MP=30 (+2) PE={} E=1/8",
                    m % 7 * 100
                );
            }
            _ => {
                let _ = writeln!(
                    s,
                    "M#{m} ({a},{c}) \" ({owner}) \" P=0{{-{}}} (0) [{},{}]",
                    m % 351,
                    m % 50,
                    m % 60
                );
            }
        }
        if m.is_multiple_of(3) {
            let kind = kinds[treasure as usize % kinds.len()];
            let _ = writeln!(s, "  T_{treasure} <{}>", kind.name());
            treasure += 1;
        }
        for k in 0..(m % 4) {
            let f_owner = PLAYERS[(m + k) as usize % PLAYERS.len()];
            let _ = match k {
                0 => writeln!(s, "  F_{fleet} \"{f_owner}\" [2,7N,3C,2R]=4+6T du M_{a}"),
                1 => writeln!(s, "  F_{fleet} (\"{f_owner}\") [?]=24? *F_{}", fleet + 1),
                _ => writeln!(s, "  F#{fleet} \"{f_owner}\" [] = 2 * B"),
            };
            fleet += 1;
        }
        if m.is_multiple_of(2) {
            let _ = writeln!(s, "  {{F_{fleet} \"{owner}\" du M_{b} vers M_{c}}}");
            let _ = writeln!(s, "  {{F_{} \"{owner}\" vers M_{a}}}", fleet + 1);
        }
        m += 1;
    }
    s
}

pub fn bench(c: &mut Criterion) {
    let text = big_cr(1_000_000);
    // The text must read without errors, or the bench measures error paths.
    let (view, diags) = read(&text);
    assert!(
        !nebutil::diagnostic::has_errors(&diags),
        "{:?}",
        diags.first()
    );
    assert!(view.worlds.len() > 5_000);
    eprintln!(
        "CR: {} bytes, {} lines, {} worlds, {} fleets, {} traces, {} treasures",
        text.len(),
        text.lines().count(),
        view.worlds.len(),
        view.fleets.len(),
        view.traces.len(),
        view.treasures.len()
    );

    let mut group = c.benchmark_group("report_read (1 MB CR)");
    group.throughput(Throughput::Bytes(text.len() as u64));
    // Dropping the view is the caller's cost, not the reader's.
    group.bench_function("read", |b| {
        b.iter_with_large_drop(|| read(black_box(&text)))
    });
    group.bench_function("line_scan", |b| {
        b.iter(|| {
            let text = black_box(&text);
            let lines = text.lines().count();
            let sum: u64 = text.bytes().map(u64::from).sum();
            (lines, sum)
        })
    });
    group.finish();
}

/// `CR_READ_ITERATIONS=n` runs `read` n times on the 1 MB CR and nothing else, for
/// `perf stat -e cycles:u,instructions:u` (counts that a loaded machine does not
/// distort as much as wall-clock time).
/// Runs the reader `CR_READ_ITERATIONS` times when that variable is set (then the
/// benchmarks do not run); says whether it did.
pub fn iterations_only() -> bool {
    let Some(n) = std::env::var("CR_READ_ITERATIONS")
        .ok()
        .and_then(|n| n.parse::<u32>().ok())
    else {
        return false;
    };
    let text = big_cr(1_000_000);
    for _ in 0..n {
        black_box(read(black_box(&text)));
    }
    true
}
