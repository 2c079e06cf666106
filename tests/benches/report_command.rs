//! The whole `nebutil report` command path on a big CR (reading the file from
//! disk, decoding, reading the CR, the summary or the JSON document written to a
//! sink), beside a plain line scan of the same bytes (what `wc -l` does): the
//! ratio of the two is the command's cost over the file's mere reading.
//!
//! The CR is made of the world lines of a real fixture
//! (`tests/fixtures/cr/composed/01_full_turn.cr`), repeated with their numbers
//! shifted, to about 50 MB (`NEBUTIL_BENCH_CR_MB` to change it).
//!
//! Run: `cargo bench --no-default-features --bench benches -- report_command`.

use std::hint::black_box;
use std::io::Read;
use std::path::PathBuf;

use criterion::{Criterion, Throughput};

const FIXTURE: &str = include_str!("../fixtures/cr/composed/01_full_turn.cr");

/// Every number after `_` or `#` (`M_203`, `F#62`, `T_9`) plus `shift`.
fn shifted(line: &str, shift: u64) -> String {
    let mut out = String::with_capacity(line.len() + 8);
    let mut chars = line.char_indices().peekable();
    let mut after_mark = false;
    while let Some((_, c)) = chars.next() {
        if after_mark && c.is_ascii_digit() {
            let mut number = u64::from(c as u8 - b'0');
            while let Some(&(_, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                number = number * 10 + u64::from(d as u8 - b'0');
                chars.next();
            }
            out.push_str(&(number + shift).to_string());
            after_mark = false;
            continue;
        }
        after_mark = c == '_' || c == '#';
        out.push(c);
    }
    out
}

/// A CR of about `bytes` bytes: the fixture's header and sections, then its world
/// blocks over and over, renumbered.
pub fn big_cr(bytes: usize) -> String {
    let start = FIXTURE.find("Md_203").unwrap_or(0);
    let (head, worlds) = FIXTURE.split_at(start);
    let mut text = String::with_capacity(bytes + 4096);
    text.push_str(head);
    let mut block = 0u64;
    while text.len() < bytes {
        for line in worlds.lines() {
            text.push_str(&shifted(line, block * 1000));
            text.push('\n');
        }
        block += 1;
    }
    text
}

pub fn benches(c: &mut Criterion) {
    let megabytes: usize = std::env::var("NEBUTIL_BENCH_CR_MB")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(50);
    let text = big_cr(megabytes * 1024 * 1024);
    let dir = std::env::temp_dir().join(format!("nebutil-bench-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let path: PathBuf = dir.join("big.cr");
    if std::fs::write(&path, &text).is_err() {
        return;
    }
    let file = path.display().to_string();
    let mut group = c.benchmark_group("report_command");
    group.sample_size(10);
    group.throughput(Throughput::Bytes(text.len() as u64));
    drop(text);
    // Streamed as `wc -l` streams it: a buffer of 256 KiB read again and again.
    group.bench_function("line scan (wc -l)", |b| {
        let mut buffer = vec![0u8; 256 * 1024];
        b.iter(|| {
            let mut lines = 0;
            if let Ok(mut file) = std::fs::File::open(&path) {
                while let Ok(read @ 1..) = file.read(&mut buffer) {
                    let bytes = buffer.get(..read).unwrap_or_default();
                    lines += bytes.iter().filter(|&&b| b == b'\n').count();
                }
            }
            black_box(lines)
        })
    });
    group.bench_function("nebutil report", |b| {
        b.iter(|| {
            let mut out = std::io::sink();
            let mut err = std::io::sink();
            nebutil::cli::run_to(["nebutil", "report", &file], &mut out, &mut err)
        })
    });
    group.bench_function("nebutil report --json", |b| {
        b.iter(|| {
            let mut out = std::io::sink();
            let mut err = std::io::sink();
            nebutil::cli::run_to(["nebutil", "report", &file, "--json"], &mut out, &mut err)
        })
    });
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}
