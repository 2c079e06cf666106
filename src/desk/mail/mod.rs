//! The arbiter's mail robot at work on a game folder (the book's "serveur de
//! mail"): its files (`maildir.rs`), the password hashes (`passwords.rs`), one
//! pass over the inbox and the outbox (`robot.rs`), a player's registration
//! ([`register`]). The protocol itself — what a mail does — is
//! `crate::game::mailbox`, with no file; the command line (`nebutil mail`)
//! only reads its arguments and prints what this returns.
//!
//! ```text
//! DIR/mail/state.json             registered players (argon2id hashes), settings,
//!                                 versions, the journal of processed mails
//! DIR/mail/inbox/{new,cur,tmp}    the Maildir the arbiter's fetchmail/getmail fills
//! DIR/mail/inbox/failed/          what could not be read as a mail, set aside
//! DIR/mail/outbox/{new,cur,tmp}   every reply, written before it is sent (new → cur)
//! DIR/mail/outbox/failed/         replies the SMTP server refused for every recipient
//! DIR/mail/orders/<n>/TTT-vVVV.txt  every version of orders received
//! DIR/mail/robot.log              the arbiter's log
//! ```
//!
//! One pass: the folder lock (shared with `nebutil game turn`), then the CRs of a
//! new turn, then every mail of `inbox/new` in arrival order — for each one, its
//! files and replies are written (same names on a rerun), then `state.json` (the
//! commit: the mail's name joins the journal), then the mail moves to `cur/`.
//! Killed at any point, a rerun redoes the uncommitted mail with the same result
//! and skips a committed one. Then, with an SMTP server, each outbox mail is sent
//! and moved to `outbox/cur`; a crash between the two sends that one mail again,
//! with the same Message-ID (receivers can drop the copy).

mod maildir;
mod passwords;
mod robot;

use std::path::{Path, PathBuf};

use super::error::DeskError;
use crate::diagnostic::Localized;
use crate::game::mailbox::{self, PlayerMail};
use crate::i18n::{Lang, tr_args};
use crate::model::PlayerId;

pub use passwords::{
    PasswordChecker, hash_password, random_bytes, readable_password, verify_password,
};
pub use robot::{RunOptions, RunSummary, run_once};

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
    /// `mail passwd` for a number that is no player of the game.
    #[error("player {0}")]
    BadPlayer(u32),
    /// `mail passwd` for an address no mail can go to.
    #[error("--email {0}")]
    BadAddress(String),
    /// `mail passwd` with a password that cannot be used (the message id of
    /// the reason).
    #[error("{0}")]
    BadPassword(&'static str),
    /// The game folder's sequence failed (its lock, its save…).
    #[error("{0}")]
    Desk(#[from] DeskError),
}

impl MailError {
    /// The message in `lang`: the technical text of a file or library, else a
    /// sentence.
    pub fn message(&self, lang: Lang) -> String {
        match self {
            MailError::Desk(error) => error.message(lang),
            MailError::Deadline(text) => {
                tr_args(lang, "mail-cli-deadline-invalid", &[("date", text)])
            }
            MailError::DeadlinePast(text, turn) => tr_args(
                lang,
                "mail-cli-deadline-past",
                &[("date", text), ("turn", &turn.to_string())],
            ),
            MailError::BadPlayer(player) => tr_args(
                lang,
                "mail-cli-bad-player",
                &[("player", &player.to_string())],
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

/// Registers player `player`'s addresses, password (hashed) and language in
/// the robot's state of the game folder `dir`; the addresses kept. The
/// addresses must be mailboxes and the password usable (ruling G-162).
pub fn register(
    dir: &Path,
    player: PlayerId,
    emails: &[String],
    password: &str,
    lang: Lang,
) -> Result<Vec<String>, MailError> {
    let emails: Vec<String> = emails
        .iter()
        .map(|e| e.trim().to_ascii_lowercase())
        .filter(|e| !e.is_empty())
        .collect();
    // Only addresses a mail can go to: a display name, a second `@`… would
    // make every mail to the player fail.
    if let Some(bad) = emails.iter().find(|e| !mailbox::is_mailbox(e)) {
        return Err(MailError::BadAddress(bad.clone()));
    }
    if emails.is_empty() {
        return Err(MailError::BadAddress(String::new()));
    }
    // Applies ruling G-162 (see the ruling list).
    if let Some(problem) = mailbox::password_problem(password) {
        return Err(MailError::BadPassword(problem));
    }
    let hash = hash_password(password)?;
    let folder = super::GameFolder::open(dir, &mut crate::storage::fault::Faults::none())?;
    let save = folder.read_save()?;
    if player.is_neutral() || save.galaxy.player(player).is_none() {
        return Err(MailError::BadPlayer(player.0));
    }
    let mut state = maildir::load_state(dir)?;
    let entry = state
        .players
        .entry(player.0)
        .or_insert_with(|| PlayerMail::new(Vec::new(), String::new(), lang));
    entry.emails = emails.clone();
    entry.password_hash = hash;
    entry.lang = lang.code().to_string();
    maildir::close_mail_dir(dir)?;
    maildir::save_state(dir, &state)?;
    Ok(emails)
}

/// Registers the players of a new game from their forms: each player's
/// addresses and a drawn password ([`readable_password`]), hashed; the
/// password itself is kept only until the robot mails it with the player's
/// first CR. The passwords drawn, to show the arbiter once.
pub fn register_new_players(
    dir: &Path,
    players: &[(PlayerId, Vec<String>)],
    lang: Lang,
) -> Result<Vec<(PlayerId, String)>, MailError> {
    for (_, emails) in players {
        if let Some(bad) = emails.iter().find(|e| !mailbox::is_mailbox(e)) {
            return Err(MailError::BadAddress(bad.clone()));
        }
    }
    let folder = super::GameFolder::open(dir, &mut crate::storage::fault::Faults::none())?;
    let mut state = maildir::load_state(dir)?;
    let mut drawn = Vec::new();
    for (player, emails) in players {
        let password = readable_password();
        let mut entry = PlayerMail::new(emails.clone(), hash_password(&password)?, lang);
        entry.initial_password = Some(password.clone());
        state.players.insert(player.0, entry);
        drawn.push((*player, password));
    }
    maildir::close_mail_dir(dir)?;
    maildir::save_state(dir, &state)?;
    drop(folder);
    Ok(drawn)
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
