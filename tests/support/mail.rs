//! The mail robot's tests' SMTP world: Debian's `python3-aiosmtpd` (`.ci/run`
//! installs it), started by each test on a free port of 127.0.0.1
//! (`tests/fixtures/mail/smtpd.py`), optionally refusing chosen recipients (550)
//! or answering some with a temporary error (450); the built `nebutil` with a
//! standard input and an injected fault; a game of three registered players.

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

use lettre::Transport;

use crate::support::cli::nebutil_command;

pub const ROBOT: &str = "robot@nebula.test";

pub struct Smtpd {
    child: Child,
    pub port: u16,
    others: PathBuf,
}

impl Drop for Smtpd {
    fn drop(&mut self) {
        drop(self.child.stdin.take());
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The Python that has aiosmtpd: the system's first (Debian's package), then PATH's.
fn python_with_aiosmtpd() -> Option<&'static str> {
    ["/usr/bin/python3", "python3"].into_iter().find(|python| {
        Command::new(python)
            .args(["-c", "import aiosmtpd"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    })
}

/// Starts the server; `None` (and a message) when aiosmtpd cannot be found.
pub fn smtpd(game: &Path, others: &Path) -> Option<Smtpd> {
    smtpd_refusing(game, others, &[], &[])
}

/// Starts a server that refuses the recipients `refused` for good (550) and
/// `later` for now (450); `None` (and a message) without aiosmtpd.
pub fn smtpd_refusing(
    game: &Path,
    others: &Path,
    refused: &[&str],
    later: &[&str],
) -> Option<Smtpd> {
    let Some(python) = python_with_aiosmtpd() else {
        // CI installs aiosmtpd and sets this: there, a missing server is a failure.
        assert!(
            std::env::var_os("NEBUTIL_REQUIRE_SMTPD").is_none(),
            "NEBUTIL_REQUIRE_SMTPD is set but python3 with aiosmtpd was not found"
        );
        eprintln!(
            "SKIPPED: python3 with aiosmtpd not found (apt-get install python3-aiosmtpd); \
             the mail robot's end-to-end test did not run"
        );
        return None;
    };
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .expect("a free port")
        .local_addr()
        .expect("its address")
        .port();
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mail/smtpd.py");
    let inbox = game.join("mail/inbox");
    let mut child = Command::new(python)
        .arg(script)
        .arg(port.to_string())
        .arg(ROBOT)
        .arg(&inbox)
        .arg(others)
        .arg(refused.join(","))
        .arg(later.join(","))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("python3 starts");
    let mut line = String::new();
    let stdout = child.stdout.take().expect("stdout");
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("ready line");
    assert_eq!(line.trim(), "ready");
    Some(Smtpd {
        child,
        port,
        others: others.to_path_buf(),
    })
}

impl Smtpd {
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Sends a raw mail from `from` to the robot with a real SMTP client.
    pub fn send(&self, from: &str, raw: &str) {
        let transport = lettre::SmtpTransport::builder_dangerous("127.0.0.1")
            .port(self.port)
            .build();
        let sender = if from.is_empty() {
            None
        } else {
            Some(from.parse().expect("address"))
        };
        let envelope = lettre::address::Envelope::new(sender, vec![ROBOT.parse().expect("robot")])
            .expect("envelope");
        transport
            .send_raw(&envelope, raw.replace('\n', "\r\n").as_bytes())
            .expect("sent");
    }

    /// The mails delivered to players since the last call (then removed).
    pub fn take(&self) -> Vec<Got> {
        let mut got = Vec::new();
        for sub in ["new", "cur"] {
            let Ok(entries) = std::fs::read_dir(self.others.join(sub)) else {
                continue;
            };
            let mut paths: Vec<PathBuf> =
                entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
            paths.sort();
            for path in paths {
                let bytes = std::fs::read(&path).expect("mail");
                got.push(Got::parse(&bytes));
                std::fs::remove_file(&path).expect("removed");
            }
        }
        got
    }
}

/// A mail received by a player.
#[derive(Debug)]
pub struct Got {
    pub rcpt: String,
    pub subject: String,
    pub body: String,
    pub raw: String,
    pub attachments: Vec<(String, String)>,
    pub message_id: String,
}

impl Got {
    pub fn parse(bytes: &[u8]) -> Got {
        let parsed = mailparse::parse_mail(bytes).expect("a mail");
        let header = |name: &str| {
            parsed
                .headers
                .iter()
                .find(|h| h.get_key_ref().eq_ignore_ascii_case(name))
                .map(|h| h.get_value())
                .unwrap_or_default()
        };
        let mut body = String::new();
        let mut attachments = Vec::new();
        let parts: Vec<&mailparse::ParsedMail> = if parsed.subparts.is_empty() {
            vec![&parsed]
        } else {
            parsed.subparts.iter().collect()
        };
        for part in parts {
            let disposition = part.get_content_disposition();
            match disposition.params.get("filename") {
                Some(name) => attachments.push((name.clone(), part.get_body().expect("body"))),
                None => body.push_str(&part.get_body().expect("body")),
            }
        }
        Got {
            rcpt: header("X-Test-Rcpt"),
            subject: header("Subject"),
            body: body.replace("\r\n", "\n"),
            raw: String::from_utf8_lossy(bytes).to_string(),
            attachments,
            message_id: header("Message-ID"),
        }
    }
}

pub fn for_rcpt<'a>(got: &'a [Got], rcpt: &str) -> Vec<&'a Got> {
    got.iter().filter(|g| g.rcpt == rcpt).collect()
}

pub fn nebutil(args: &[&str], stdin: Option<&str>, fault: Option<&str>) -> Output {
    let mut command = nebutil_command(args);
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if let Some(fault) = fault {
        command.env("NEBUTIL_FAULT", fault);
    }
    let mut child = command.spawn().expect("the binary runs");
    if let Some(mut input) = child.stdin.take() {
        let _ = input.write_all(stdin.unwrap_or("").as_bytes());
    }
    child.wait_with_output().expect("the binary ends")
}

pub fn ok(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    String::from_utf8_lossy(&output.stdout).to_string()
}

/// A game of 3 players (KARNAJ), players 1–3 registered as p1@…, p2@… (English), p3@….
pub fn new_game(dir: &Path) {
    let d = dir.to_str().expect("utf-8");
    ok(&nebutil(
        &[
            "game",
            "new",
            "--players",
            "3",
            "--seed",
            "11",
            "--out",
            d,
            "--name",
            "KARNAJ",
        ],
        None,
        None,
    ));
    for (n, password, lang) in [
        ("1", "totoro", "fr"),
        ("2", "secret2", "en"),
        ("3", "troisieme", "fr"),
    ] {
        let email = format!("p{n}@example.org");
        ok(&nebutil(
            &["mail", "passwd", d, n, "--email", &email, "--lang", lang],
            Some(&format!("{password}\n")),
            None,
        ));
    }
}

pub fn run(dir: &Path, server: &Smtpd) -> String {
    let d = dir.to_str().expect("utf-8");
    ok(&nebutil(
        &["mail", "run", d, "--smtp", &server.url(), "--from", ROBOT],
        None,
        None,
    ))
}

pub fn mail(from: &str, subject: &str, body: &str) -> String {
    format!(
        "From: Joueur <{from}>\nTo: {ROBOT}\nSubject: {subject}\n\
         Content-Type: text/plain; charset=utf-8\n\n{body}"
    )
}

pub fn sha256(text: &str) -> String {
    nebutil::game::mailbox::checksum(text)
}

/// One pass of the robot without SMTP (the replies stay in the outbox).
pub fn run_offline(dir: &Path) -> Output {
    let d = dir.to_str().expect("utf-8");
    nebutil(&["mail", "run", d, "--from", ROBOT], None, None)
}

/// Puts a raw mail into the game's inbox as a mail fetcher does (written in
/// `tmp/`, renamed into `new/`).
pub fn deliver(dir: &Path, name: &str, raw: &[u8]) {
    let inbox = dir.join("mail/inbox");
    std::fs::create_dir_all(inbox.join("tmp")).expect("tmp");
    std::fs::create_dir_all(inbox.join("new")).expect("new");
    let tmp = inbox.join("tmp").join(name);
    std::fs::write(&tmp, raw).expect("delivered");
    std::fs::rename(&tmp, inbox.join("new").join(name)).expect("moved to new");
}

/// The mails of a Maildir folder of the game (`mail/outbox/new`, …): name and
/// text, by name.
pub fn maildir_texts(dir: &Path, folder: &str) -> Vec<(String, String)> {
    let Ok(entries) = std::fs::read_dir(dir.join(folder)) else {
        return Vec::new();
    };
    let mut files: Vec<(String, String)> = entries
        .flatten()
        .map(|e| {
            let text = std::fs::read(e.path())
                .map(|b| String::from_utf8_lossy(&b).into_owned())
                .unwrap_or_default();
            (e.file_name().to_string_lossy().into_owned(), text)
        })
        .collect();
    files.sort();
    files
}

/// The body of a formatted mail, decoded (its text part).
pub fn body_of(raw: &str) -> String {
    Got::parse(raw.as_bytes()).body
}
