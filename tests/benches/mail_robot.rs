//! Speed of the mail robot (`nebutil mail run`, the real binary): 1,000 order
//! mails of 50 orders each, from 50 players (20 each: the hourly reply limit) of a new game, waiting in the inbox;
//! one run reads them, checks each against its player's CR (the validator, as the
//! app does), stores every version atomically, journals each mail and writes
//! 1,000 acknowledgements with their diagnostics to the outbox (not sent: the
//! sending is the SMTP server's speed). Setup (game, passwords, mails) is not timed.
//!
//! Run: `cargo bench --bench benches -- mail_robot` (target: under 10 s).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Instant;

const PLAYERS: u32 = 50;
const MAILS: u32 = 1000;
const ORDERS: u32 = 50;

fn nebutil(args: &[&str], stdin: &str) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nebutil"))
        .args(args)
        .env_remove("NEBUTIL_FAULT")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .spawn()
        .expect("the binary runs");
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.as_bytes());
    }
    let status = child.wait().expect("the binary ends");
    assert!(status.success(), "nebutil {args:?}");
}

fn orders(mail: u32) -> String {
    let mut text = String::from("# Ordres saisis avec Nébutil NG\n");
    for k in 0..ORDERS {
        // Fleets moved, built and refuelled: some exist, most are unknown (diagnostics).
        let line = match k % 3 {
            0 => format!("F_{} * M", 1 + (mail + k) % 60),
            1 => format!("F_{} M {}", 1 + (mail * 7 + k) % 60, 1 + k % 40),
            _ => format!("M_{} C {} VC", 1 + (mail + k) % 40, 1 + k % 5),
        };
        text.push_str(&line);
        text.push('\n');
    }
    text
}

/// The timed run (not a criterion benchmark: one run says it all).
pub fn run() {
    let dir = std::env::temp_dir().join(format!("nebutil-bench-mail-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().expect("utf-8").to_string();
    nebutil(
        &[
            "game",
            "new",
            "--players",
            &PLAYERS.to_string(),
            "--seed",
            "5",
            "--out",
            &d,
            "--name",
            "BENCH",
        ],
        "",
    );
    for p in 1..=PLAYERS {
        let email = format!("p{p}@example.org");
        nebutil(
            &["mail", "passwd", &d, &p.to_string(), "--email", &email],
            &format!("password{p}\n"),
        );
    }
    // The CRs of turn 1 go out first (not timed).
    nebutil(&["mail", "run", &d, "--from", "robot@bench.test"], "");
    let new = Path::new(&dir).join("mail/inbox/new");
    for m in 0..MAILS {
        let p = 1 + m % PLAYERS;
        let mail = format!(
            "From: p{p}@example.org\r\nTo: robot@bench.test\r\nSubject: ORDRES BENCH {p} password{p} \"envoi {m}\"\r\n\
             Content-Type: text/plain; charset=utf-8\r\n\r\nDEBUT\r\n{}FIN\r\n",
            orders(m).replace('\n', "\r\n")
        );
        std::fs::write(
            new.join(format!("{:010}.bench{m}.host", 1_700_000_000 + m)),
            mail,
        )
        .expect("mail written");
    }
    if std::env::var_os("NEBUTIL_BENCH_SETUP_ONLY").is_some() {
        // For profiling the run by hand: the folder is left ready.
        println!("{}", dir.display());
        return;
    }
    let start = Instant::now();
    nebutil(&["mail", "run", &d, "--from", "robot@bench.test"], "");
    let elapsed = start.elapsed();
    let replies = std::fs::read_dir(Path::new(&dir).join("mail/outbox/new"))
        .expect("outbox")
        .count();
    let sample = std::fs::read_dir(Path::new(&dir).join("mail/outbox/new"))
        .expect("outbox")
        .flatten()
        .find(|e| e.file_name().to_string_lossy().contains("bench"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap_or_default())
        .unwrap_or_default();
    assert!(
        sample.contains("orders-001.txt:"),
        "diagnostics in the acknowledgement"
    );
    println!(
        "mail_robot: {MAILS} order mails x {ORDERS} orders processed and acknowledged in {:.2} s \
         ({:.1} ms/mail), {replies} mails in the outbox",
        elapsed.as_secs_f64(),
        elapsed.as_secs_f64() * 1000.0 / f64::from(MAILS)
    );
    let _ = std::fs::remove_dir_all(&dir);
}
