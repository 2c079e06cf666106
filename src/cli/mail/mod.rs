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
mod passwords;
mod robot;

pub use passwords::{PasswordChecker, hash_password, verify_password};

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, Subcommand};

use super::error::CliError;
use super::{EXIT_OK, LangArg, env_lang};
use crate::game::mailbox::{self, PlayerMail};
use crate::i18n::{Lang, tr, tr_args};
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
/// 1970; seconds since 1970. A date that does not exist (31 February, hour 24,
/// year 0) is none.
fn parse_deadline(text: &str) -> Option<i64> {
    let text = text.trim();
    if let Some(seconds) = text.strip_prefix('@') {
        return seconds.parse().ok().filter(|s| *s > 0);
    }
    let iso_like = text.len() > 4 && text.as_bytes()[..4].iter().all(u8::is_ascii_digit);
    if iso_like {
        let (date, time) = text.split_once([' ', 'T']).unwrap_or((text, "00:00"));
        let mut d = date.split('-').map(|p| p.trim().parse::<i64>().ok());
        let (y, m, day) = (d.next()??, d.next()??, d.next()??);
        if d.next().is_some() {
            return None;
        }
        let mut t = time.trim().split(':').map(|p| p.parse::<i64>().ok());
        let (h, min) = (t.next()??, t.next().flatten().unwrap_or(0));
        let sec = t.next().flatten().unwrap_or(0);
        if !(1970..=9999).contains(&y)
            || !(1..=12).contains(&m)
            || !(1..=days_in_month(y, m)).contains(&day)
            || !(0..24).contains(&h)
            || !(0..60).contains(&min)
            || !(0..60).contains(&sec)
        {
            return None;
        }
        return Some(days_from_civil(y, m, day) * 86_400 + h * 3600 + min * 60 + sec);
    }
    // mailparse reads anything: a date must at least have its time of day, and
    // its day must exist (mailparse carries 31 February over into March).
    if !rfc2822_day_exists(text) {
        return None;
    }
    mailparse::dateparse(text)
        .ok()
        .filter(|t| *t > 0 && text.contains(':'))
}

/// Whether the `DD Mon YYYY` of an RFC 2822 date is a day of the calendar
/// (years 1970 to 9999).
fn rfc2822_day_exists(text: &str) -> bool {
    const MONTHS: [&str; 12] = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ];
    let words: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|w| !w.is_empty())
        .collect();
    words.iter().enumerate().any(|(i, word)| {
        let Some(month) = MONTHS.iter().position(|m| word.eq_ignore_ascii_case(m)) else {
            return false;
        };
        let day = i.checked_sub(1).and_then(|j| words[j].parse::<i64>().ok());
        let year = words.get(i + 1).and_then(|y| y.parse::<i64>().ok());
        match (day, year) {
            (Some(day), Some(year)) => {
                (1970..=9999).contains(&year)
                    && (1..=days_in_month(year, month as i64 + 1)).contains(&day)
            }
            _ => false,
        }
    })
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        2 if (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// Days since 1970-01-01 of a civil date (H. Hinnant's algorithm).
fn days_from_civil(y: i64, m: i64, day: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + day - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
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
    /// `--deadline` before the turn began (the date, the turn).
    #[error("--deadline {0}: before turn {1} began")]
    DeadlinePast(String, u32),
    /// `mail passwd` for an address no mail can go to.
    #[error("--email {0}")]
    BadAddress(String),
    /// `mail passwd` with a password that cannot be used (the message id of
    /// the reason).
    #[error("{0}")]
    BadPassword(&'static str),
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
            MailError::Deadline(text) => {
                tr_args(lang, "mail-cli-deadline-invalid", &[("date", text)])
            }
            MailError::DeadlinePast(text, turn) => tr_args(
                lang,
                "mail-cli-deadline-past",
                &[("date", text), ("turn", &turn.to_string())],
            ),
            MailError::BadAddress(address) => {
                tr_args(lang, "mail-cli-bad-address", &[("address", address)])
            }
            MailError::BadPassword(problem) => tr_args(
                lang,
                problem,
                &[("min", &mailbox::MIN_PASSWORD_CHARS.to_string())],
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

fn passwd(args: &PasswdArgs, lang: Lang, out: &mut dyn Write) -> Result<i32, CliError> {
    let save = super::game::read_save(&args.dir)?;
    let player = PlayerId(args.player);
    if player.is_neutral() || save.galaxy.player(player).is_none() {
        return Err(CliError::BadPlayer {
            player: args.player,
        });
    }
    let emails: Vec<String> = args
        .email
        .iter()
        .map(|e| e.trim().to_ascii_lowercase())
        .filter(|e| !e.is_empty())
        .collect();
    // Only addresses a mail can go to: a display name, a second `@`… would
    // make every mail to the player fail.
    if let Some(bad) = emails.iter().find(|e| !mailbox::is_mailbox(e)) {
        return Err(MailError::BadAddress(bad.clone()).into());
    }
    if emails.is_empty() {
        return Err(MailError::BadAddress(args.email.join(",")).into());
    }
    let line = read_password(lang)?;
    let password = line.trim_end_matches(['\r', '\n']);
    if password.is_empty() {
        return Err(CliError::NoPassword);
    }
    // Applies ruling G-162 (see the ruling list).
    if let Some(problem) = mailbox::password_problem(password) {
        return Err(MailError::BadPassword(problem).into());
    }
    let hash = hash_password(password)?;
    let _lock = maildir::take_lock(&args.dir)?;
    let mut state = maildir::load_state(&args.dir)?;
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

/// The password: from the terminal without echo when standard input is one,
/// else the first line of standard input.
fn read_password(lang: Lang) -> Result<String, CliError> {
    use std::io::IsTerminal;
    if std::io::stdin().is_terminal() {
        return rpassword::prompt_password(tr(lang, "mail-cli-password-prompt"))
            .map_err(|error| MailError::Io(error).into());
    }
    let mut line = String::new();
    std::io::stdin()
        .lock()
        .take(4096)
        .read_line(&mut line)
        .map_err(MailError::Io)?;
    Ok(line)
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
        assert_eq!(parse_deadline("2028-02-29 12:00"), Some(1_835_438_400));
        for impossible in [
            "2026-02-31 18:00",
            "2026-02-29 18:00",
            "2026-04-31 00:00",
            "0000-01-01 00:00",
            "2026-12-01 24:00",
            "2026-12-01 18:60",
            "Tue, 31 Feb 2026 18:00:00 +0000",
            "Tue, 01 Dec 0000 18:00:00 +0000",
            "@0",
            "@-5",
        ] {
            assert_eq!(parse_deadline(impossible), None, "{impossible}");
        }
    }
}
