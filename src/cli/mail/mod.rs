//! `nebutil mail …`: the arbiter's mail robot (the book's "serveur de mail").
//!
//! ```text
//! nebutil mail passwd DIR PLAYER --email ADDR[,ADDR…] [--lang fr|en]   (password on stdin)
//! nebutil mail run DIR [--smtp URL] [--from ADDR] [--watch SECONDS] [--lang fr|en]
//! ```
//!
//! ```text
//! DIR/mail/state.json             registered players (argon2id hashes), settings,
//!                                 versions, the journal of processed mails
//! DIR/mail/inbox/{new,cur,tmp}    the Maildir the arbiter's fetchmail/getmail fills
//! DIR/mail/outbox/{new,cur,tmp}   every reply, written before it is sent (new → cur)
//! DIR/mail/orders/<n>/TTT-vVVV.txt  every version of orders received
//! DIR/mail/robot.log              the arbiter's log
//! ```
//!
//! One pass: the folder lock (shared with `nebutil game turn`), then the CRs of a
//! new turn, then every mail of `inbox/new` in arrival order — for each one, its
//! files and replies are written (same names on a rerun), then `state.json` (the
//! commit: the mail's name joins the journal), then the mail moves to `cur/`.
//! Killed at any point, a rerun redoes the uncommitted mail with the same result
//! and skips a committed one. Then, with `--smtp`, each outbox mail is sent and
//! moved to `outbox/cur`; a crash between the two sends that one mail again, with
//! the same Message-ID (receivers can drop the copy).

mod maildir;
mod robot;

use std::io::{BufRead, Write};
use std::path::PathBuf;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, Subcommand};

use super::error::CliError;
use super::{EXIT_OK, LangArg, env_lang};
use crate::game::mailbox::PlayerMail;
use crate::i18n::{Lang, tr_args};
use crate::model::PlayerId;

#[derive(Args, Debug)]
pub struct MailArgs {
    #[command(subcommand)]
    command: MailCommand,
}

#[derive(Subcommand, Debug)]
enum MailCommand {
    /// Registers a player's address(es) and sets his password (one line on stdin).
    Passwd(PasswdArgs),
    /// Processes the mails of DIR/mail/inbox/new, writes the replies, sends them.
    Run(RunArgs),
}

#[derive(Args, Debug)]
struct PasswdArgs {
    /// The game folder (holding game.ron).
    dir: PathBuf,
    /// The player's number.
    player: u32,
    /// The player's address(es), comma-separated.
    #[arg(long, value_delimiter = ',', required = true)]
    email: Vec<String>,
    /// Language of the player's replies (default: French).
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

#[derive(Args, Debug)]
struct RunArgs {
    /// The game folder (holding game.ron).
    dir: PathBuf,
    /// Send the outbox through this server (smtp://host:port, smtps://…,
    /// smtp://user@host:587?tls=required; the password from NEBUTIL_SMTP_PASSWORD).
    #[arg(long, value_name = "URL")]
    smtp: Option<String>,
    /// The robot's address (From of every reply).
    #[arg(long, value_name = "ADDR", default_value = "nebula@localhost")]
    from: String,
    /// Run again every SECONDS (the lock is released in between).
    #[arg(long, value_name = "SECONDS")]
    watch: Option<u64>,
    /// The deadline of the current turn ("2026-12-01 18:00", UTC, an RFC 2822
    /// date, or @SECONDS since 1970; kept for the turn): reminders go to players without orders or with errors.
    #[arg(long, value_name = "DATE")]
    deadline: Option<String>,
    /// How many hours before the deadline the reminders go out.
    #[arg(long, value_name = "HOURS", default_value_t = 24)]
    remind_hours: i64,
    /// Language of messages on the terminal.
    #[arg(long, value_enum)]
    lang: Option<LangArg>,
}

/// A deadline: `YYYY-MM-DD HH:MM` (UTC), an RFC 2822 date, or `@SECONDS` since
/// 1970; seconds since 1970.
fn parse_deadline(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Some(seconds) = text.strip_prefix('@') {
        return seconds.parse().ok();
    }
    let simple = (|| {
        let (date, time) = text.split_once([' ', 'T']).unwrap_or((text, "00:00"));
        let mut d = date.split('-').map(|p| p.parse::<i64>().ok());
        let (y, m, day) = (d.next()??, d.next()??, d.next()??);
        let mut t = time.split(':').map(|p| p.parse::<i64>().ok());
        let (h, min) = (t.next()??, t.next().flatten().unwrap_or(0));
        if !(1..=12).contains(&m) || !(1..=31).contains(&day) || !(0..24).contains(&h) {
            return None;
        }
        // Days from the civil date (H. Hinnant's algorithm).
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let mp = (m + 9) % 12;
        let doy = (153 * mp + 2) / 5 + day - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        let days = era * 146_097 + doe - 719_468;
        Some(days * 86_400 + h * 3600 + min * 60)
    })();
    let iso_like = text.len() > 4 && text.as_bytes()[..4].iter().all(u8::is_ascii_digit);
    if iso_like {
        return simple;
    }
    // mailparse reads anything: a date must at least have its time of day.
    mailparse::dateparse(text)
        .ok()
        .filter(|t| *t > 0 && text.contains(':'))
}

/// The robot's own failures (its state file, the Maildir folders, the outbox,
/// SMTP…). Their text is technical — the path and the system's or library's
/// error, not translated — except a failed sending, which says what to do.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    /// A file or folder that cannot be read, written, listed or moved.
    #[error("{}: {error}", path.display())]
    File {
        path: PathBuf,
        error: std::io::Error,
    },
    /// `state.json` that is not the robot's JSON.
    #[error("{}: {error}", path.display())]
    State {
        path: PathBuf,
        error: serde_json::Error,
    },
    /// An error without a path (an injected fault, the recovery of a turn).
    #[error("{0}")]
    Io(std::io::Error),
    /// The text of a library's error (an address, a message, a hash, SMTP).
    #[error("{0}")]
    Library(String),
    /// A reply with no address that can be mailed.
    #[error("no valid recipient in {0:?}")]
    NoRecipient(Vec<String>),
    /// `--deadline` that is no date.
    #[error("--deadline {0}")]
    Deadline(String),
    /// The SMTP server refused a mail of the outbox (`file`), which stays there.
    #[error("{}: {error}", file.display())]
    SendFailed { file: PathBuf, error: String },
}

impl MailError {
    /// The message in `lang`: the technical text, or a sentence for a failed
    /// sending.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            MailError::SendFailed { file, error } => tr_args(
                lang,
                "mail-cli-send-failed",
                &[("file", &file.display().to_string()), ("error", error)],
            ),
            other => other.to_string(),
        }
    }
}

pub fn run(args: &MailArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match &args.command {
        MailCommand::Passwd(a) => {
            let lang = a.lang.map_or_else(env_lang, Lang::from);
            super::error::finish(passwd(a, lang, out), lang, err)
        }
        MailCommand::Run(a) => {
            let lang = a.lang.map_or_else(env_lang, Lang::from);
            loop {
                let result = robot::run_once(a, lang, out).map(|()| EXIT_OK);
                let status = super::error::finish(result, lang, err);
                match a.watch {
                    Some(seconds) => std::thread::sleep(Duration::from_secs(seconds.max(1))),
                    None => return status,
                }
            }
        }
    }
}

/// A salt for a password hash: 16 bytes from the standard library's per-process
/// random keys (`RandomState` is seeded by the operating system).
fn salt() -> Result<argon2::password_hash::SaltString, MailError> {
    use std::hash::{BuildHasher, Hasher};
    let mut bytes = [0u8; 16];
    for chunk in bytes.chunks_mut(8) {
        let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
        hasher.write_u128(
            SystemTime::now()
                .duration_since(UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos()),
        );
        chunk.copy_from_slice(&hasher.finish().to_le_bytes()[..chunk.len()]);
    }
    argon2::password_hash::SaltString::encode_b64(&bytes)
        .map_err(|e| MailError::Library(e.to_string()))
}

/// The argon2id hash (PHC string) of a password.
pub fn hash_password(password: &str) -> Result<String, MailError> {
    use argon2::PasswordHasher;
    let salt = salt()?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| MailError::Library(e.to_string()))
}

/// Whether `password` matches the PHC `hash`.
pub fn verify_password(hash: &str, password: &str) -> bool {
    use argon2::PasswordVerifier;
    argon2::password_hash::PasswordHash::new(hash).is_ok_and(|parsed| {
        argon2::Argon2::default()
            .verify_password(password.as_bytes(), &parsed)
            .is_ok()
    })
}

fn passwd(args: &PasswdArgs, lang: Lang, out: &mut dyn Write) -> Result<i32, CliError> {
    let save = super::game::read_save(&args.dir)?;
    let player = PlayerId(args.player);
    if player.is_neutral() || save.galaxy.player(player).is_none() {
        return Err(CliError::BadPlayer {
            player: args.player,
        });
    }
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
    let password = line.trim_end_matches(['\r', '\n']);
    if password.trim().is_empty() {
        return Err(CliError::NoPassword);
    }
    let hash = hash_password(password)?;
    let _lock = maildir::take_lock(&args.dir)?;
    let mut state = maildir::load_state(&args.dir)?;
    let emails: Vec<String> = args
        .email
        .iter()
        .map(|e| e.trim().to_ascii_lowercase())
        .filter(|e| !e.is_empty())
        .collect();
    let entry = state
        .players
        .entry(args.player)
        .or_insert_with(|| PlayerMail::new(Vec::new(), String::new(), lang));
    entry.emails = emails.clone();
    entry.password_hash = hash;
    entry.lang = lang.code().to_string();
    maildir::save_state(&args.dir, &state)?;
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "mail-cli-passwd-done",
            &[
                ("player", &args.player.to_string()),
                ("emails", &emails.join(", "))
            ],
        )
    );
    Ok(EXIT_OK)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deadlines_are_read_in_three_forms() {
        assert_eq!(parse_deadline("1970-01-02 01:01"), Some(86_400 + 3600 + 60));
        assert_eq!(parse_deadline("2026-12-01 18:00"), Some(1_796_148_000));
        assert_eq!(
            parse_deadline("Tue, 01 Dec 2026 18:00:00 +0000"),
            Some(1_796_148_000)
        );
        assert_eq!(parse_deadline("@42"), Some(42));
        assert_eq!(parse_deadline("2026-13-01 18:00"), None);
        assert_eq!(parse_deadline("demain"), None);
    }

    #[test]
    fn a_password_is_checked_against_its_argon2id_hash() {
        let hash = hash_password("toto").expect("hashed");
        assert!(hash.starts_with("$argon2id$"));
        assert!(!hash.contains("toto"));
        assert!(verify_password(&hash, "toto"));
        assert!(!verify_password(&hash, "Toto"));
        assert!(!verify_password("not a hash", "toto"));
        assert_ne!(hash, hash_password("toto").expect("hashed"), "salted");
    }
}
