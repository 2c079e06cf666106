//! Each command's peak memory on the inputs of issue 29 ("Every command
//! bounded", goal: at most 8× the input plus 64 MiB):
//!
//! - `nebutil orders FILE --report CR --json`, the CR of a big game (76,596
//!   worlds, every fourth and its fleets the player's, 95,745 fleets: 9 MB),
//!   with 16 MB of legal orders, then with 16 MB of the same few orders
//!   repeated (one diagnostic per line or so);
//! - `nebutil report CR --json` on 40 MB of bare world lines (`M_n (1)`).
//!
//! Not a criterion benchmark: one run of each says it. Each command runs in a
//! child process, this binary itself with `NEBUTIL_BENCH_COMMAND` set (the
//! command path of `nebutil`, its output thrown away), which prints its peak
//! resident memory (`VmHWM` of `/proc/self/status`: what `/usr/bin/time -v`
//! calls "Maximum resident set size"; Linux only) and what it was before the
//! command. As a test (`cargo test --all-targets`), the inputs are a 64th of
//! that size.
//!
//! Run: `cargo bench --no-default-features --bench benches -- command_memory`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::support::big_orders;

/// The variable that makes this binary run one command (its arguments, one a
/// line) and print its peak memory.
const CHILD: &str = "NEBUTIL_BENCH_COMMAND";

const MIB: usize = 1024 * 1024;

/// Runs the command of [`CHILD`] when that variable is set (then the benchmarks
/// do not run); says whether it did.
pub fn child_only() -> bool {
    let Ok(command) = std::env::var(CHILD) else {
        return false;
    };
    let before = peak_kib();
    let args: Vec<&str> = command.lines().collect();
    let status = nebutil::cli::run_to(&args, &mut std::io::sink(), &mut std::io::sink());
    println!(
        "{} {} {status}",
        before.unwrap_or(0),
        peak_kib().unwrap_or(0)
    );
    true
}

/// The peak resident memory of this process so far, in KiB (Linux).
fn peak_kib() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// One command in a child process: its peak resident memory and what was
/// resident before it, in bytes, and its exit status.
fn measure(args: &[&str]) -> Option<(usize, usize, i32)> {
    let exe = std::env::current_exe().ok()?;
    let output = Command::new(exe)
        .env(CHILD, args.join("\n"))
        .output()
        .ok()?;
    let text = String::from_utf8(output.stdout).ok()?;
    let mut words = text.split_whitespace();
    let before: usize = words.next()?.parse().ok()?;
    let peak: usize = words.next()?.parse().ok()?;
    let status: i32 = words.next()?.parse().ok()?;
    (peak > 0).then_some((before * 1024, peak * 1024, status))
}

fn write(dir: &Path, name: &str, text: &str) -> Option<PathBuf> {
    let path = dir.join(name);
    std::fs::write(&path, text).ok()?;
    Some(path)
}

/// About `size` bytes of world lines with one connection, `M_1 (1)` and on,
/// under a header.
fn bare_worlds(size: usize) -> String {
    let mut text = String::with_capacity(size + 64);
    text.push_str("NEBULA - Partie GRANDE - Tour 12\nJoueur : \"Maxtor\":5 (Empereur)\n\n");
    let mut n = 0u32;
    while text.len() < size {
        n += 1;
        text.push_str(&format!("M_{n} (1)\n"));
    }
    text
}

/// The measurements, printed (the goal beside each).
pub fn run() {
    // `cargo bench` passes `--bench`; as a test, a 64th of the sizes.
    let scale = if std::env::args().any(|a| a == "--bench") {
        1
    } else {
        64
    };
    let dir = std::env::temp_dir().join(format!("nebutil-bench-memory-{}", std::process::id()));
    let _ = std::fs::create_dir_all(&dir);
    let worlds = 76_596 / scale as u32;
    let orders_size = 16 * MIB / scale - 4096;
    let cr_text = big_orders::big_cr(worlds);
    let cr_len = cr_text.len();
    let inputs = [
        (
            "legal orders",
            big_orders::valid_orders(worlds, orders_size),
        ),
        (
            "repeated orders",
            big_orders::repeated_orders(worlds, orders_size),
        ),
    ];
    let Some(cr) = write(&dir, "big.cr", &cr_text) else {
        return;
    };
    drop(cr_text);
    let cr = cr.display().to_string();
    let mut cases: Vec<(String, Vec<String>, usize)> = Vec::new();
    for (name, text) in inputs {
        let Some(path) = write(&dir, "orders.txt", &text) else {
            return;
        };
        let file = path.display().to_string();
        let to = dir.join(format!("{}.txt", name.replace(' ', "-")));
        let _ = std::fs::rename(&path, &to);
        let file = if to.exists() {
            to.display().to_string()
        } else {
            file
        };
        cases.push((
            format!(
                "orders --json, {name} ({:.1} MB) + CR ({:.1} MB)",
                text.len() as f64 / 1e6,
                cr_len as f64 / 1e6
            ),
            vec![
                "nebutil".into(),
                "orders".into(),
                file,
                "--report".into(),
                cr.clone(),
                "--json".into(),
            ],
            text.len() + cr_len,
        ));
    }
    let worlds_text = bare_worlds(40_000_000 / scale);
    if let Some(path) = write(&dir, "bare.cr", &worlds_text) {
        cases.push((
            format!(
                "report --json, bare world lines ({:.1} MB)",
                worlds_text.len() as f64 / 1e6
            ),
            vec![
                "nebutil".into(),
                "report".into(),
                path.display().to_string(),
                "--json".into(),
            ],
            worlds_text.len(),
        ));
    }
    drop(worlds_text);
    for (name, args, input) in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let goal = 8 * input + 64 * MIB;
        match measure(&args) {
            Some((before, peak, status)) => println!(
                "command_memory/{name}: peak {:.0} MB resident ({:.1}× the input; {:.0} MB before the command; exit {status}); goal ≤ {:.0} MB",
                peak as f64 / 1e6,
                peak as f64 / *input as f64,
                before as f64 / 1e6,
                goal as f64 / 1e6
            ),
            None => println!("command_memory/{name}: not measured (no /proc/self/status)"),
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}
