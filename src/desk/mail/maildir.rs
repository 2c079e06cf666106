//! The robot's files: the Maildir folders, `state.json` (the journal), the log,
//! replies formatted and written to the outbox, batches of mails committed
//! together, and the outbox sent through SMTP.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::MailError;
use crate::game::mailbox::{self, MailState, Reply};
use crate::storage::fault::Faults;
use crate::storage::{
    Durability, create_private_dirs, sync_filesystem, write_atomic_in_new_dirs,
    write_private_in_new_dirs,
};

pub(super) fn mail_dir(dir: &Path) -> PathBuf {
    dir.join("mail")
}

fn state_path(dir: &Path) -> PathBuf {
    mail_dir(dir).join("state.json")
}

pub(super) fn load_state(dir: &Path) -> Result<MailState, MailError> {
    let path = state_path(dir);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text).map_err(|error| MailError::State { path, error }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(MailState::default()),
        Err(error) => Err(MailError::File { path, error }),
    }
}

pub(super) fn save_state(dir: &Path, state: &MailState) -> Result<(), MailError> {
    let path = state_path(dir);
    let text = serde_json::to_string_pretty(state).map_err(|error| MailError::State {
        path: path.clone(),
        error,
    })?;
    write_private_in_new_dirs(&path, text.as_bytes(), Durability::Synced)
        .map_err(|error| MailError::File { path, error })
}

/// An I/O error on `path`.
pub(super) fn io_error(path: &Path, error: std::io::Error) -> MailError {
    MailError::File {
        path: path.to_path_buf(),
        error,
    }
}

pub(super) fn ensure_maildir(path: &Path) -> Result<(), MailError> {
    for sub in ["new", "cur", "tmp"] {
        let p = path.join(sub);
        create_private_dirs(&p).map_err(|e| io_error(&p, e))?;
    }
    Ok(())
}

/// The robot's folder, readable by the arbiter only (0700 on Unix): players'
/// addresses, password hashes and orders live there. Set on every run, so a
/// folder made by an older version or by hand is closed too.
pub(super) fn close_mail_dir(dir: &Path) -> Result<(), MailError> {
    let mail = mail_dir(dir);
    create_private_dirs(&mail).map_err(|e| io_error(&mail, e))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&mail, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| io_error(&mail, e))?;
    }
    Ok(())
}

/// Removes the temporary files a killed run left (`.NAME.PID.tmp`, see
/// `storage::write_atomic`) in the folders the robot writes: the mail folder,
/// its orders store and outbox, the players' folders. Under the game folder's
/// lock, no other writer is at work. The Maildir `tmp/` of the inbox is the
/// mail fetcher's and is not touched.
pub(super) fn remove_leftovers(dir: &Path) -> usize {
    let mail = mail_dir(dir);
    let mut folders = vec![mail.clone(), mail.join("outbox/new")];
    for parent in [mail.join("orders"), dir.join("players")] {
        if let Ok(entries) = std::fs::read_dir(&parent) {
            folders.extend(
                entries
                    .flatten()
                    .filter(|e| e.file_type().is_ok_and(|t| t.is_dir()))
                    .map(|e| e.path()),
            );
        }
    }
    let mut removed = 0;
    for folder in folders {
        let Ok(entries) = std::fs::read_dir(&folder) else {
            continue;
        };
        for entry in entries.flatten() {
            let name = entry.file_name().to_string_lossy().to_string();
            let leftover = name.starts_with('.')
                && name.ends_with(".tmp")
                && entry.file_type().is_ok_and(|t| t.is_file());
            if leftover && std::fs::remove_file(entry.path()).is_ok() {
                removed += 1;
            }
        }
    }
    removed
}

/// One entry of a Maildir's `new/`: its name, path, and whether it is a plain
/// file (a folder, a link or a device there is no mail: it is set aside).
pub(super) struct Waiting {
    pub name: String,
    pub path: PathBuf,
    pub plain: bool,
}

/// The entries of a Maildir's `new/`, in arrival order (modification time,
/// then name); names starting with `.` are not mail.
pub(super) fn maildir_new(path: &Path) -> Result<Vec<Waiting>, MailError> {
    let new = path.join("new");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&new).map_err(|e| io_error(&new, e))? {
        let Ok(entry) = entry else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue;
        }
        // Not followed: a link is set aside, never read through.
        let metadata = std::fs::symlink_metadata(entry.path());
        let plain = metadata.as_ref().is_ok_and(|m| m.file_type().is_file());
        let time = metadata.and_then(|m| m.modified()).unwrap_or(UNIX_EPOCH);
        files.push((time, name, entry.path(), plain));
    }
    files.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
    Ok(files
        .into_iter()
        .map(|(_, name, path, plain)| Waiting { name, path, plain })
        .collect())
}

/// Moves a mail (or whatever sits in a Maildir's `new/`) to the Maildir's
/// `failed/` folder, under `name`; the path it went to.
pub(super) fn set_aside(maildir: &Path, from: &Path, name: &str) -> Result<PathBuf, MailError> {
    let failed = maildir.join("failed");
    create_private_dirs(&failed).map_err(|e| io_error(&failed, e))?;
    let mut to = failed.join(name);
    let mut n = 1;
    while std::fs::symlink_metadata(&to).is_ok() {
        n += 1;
        to = failed.join(format!("{name}.{n}"));
    }
    std::fs::rename(from, &to).map_err(|e| io_error(from, e))?;
    Ok(to)
}

/// Reads a mail of `size` bytes: whole when it is at most
/// [`mailbox::MAX_MAIL_BYTES`], else its first [`mailbox::HEADER_BYTES`] only
/// (never more, whatever the file grows to meanwhile).
pub(super) fn read_bounded(path: &Path) -> std::io::Result<(Vec<u8>, usize)> {
    use std::io::Read;
    let file = std::fs::File::open(path)?;
    let size = usize::try_from(file.metadata()?.len()).unwrap_or(usize::MAX);
    let limit = if size > mailbox::MAX_MAIL_BYTES {
        mailbox::HEADER_BYTES
    } else {
        mailbox::MAX_MAIL_BYTES + 1
    };
    let mut bytes = Vec::with_capacity(size.min(limit));
    file.take(limit as u64).read_to_end(&mut bytes)?;
    let size = size.max(bytes.len());
    Ok((bytes, size))
}

pub(super) fn maildir_key(name: &str) -> &str {
    name.split(':').next().unwrap_or(name)
}

pub(super) fn log_lines(dir: &Path, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let path = mail_dir(dir).join("robot.log");
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    if let Ok(mut file) = options.open(&path) {
        for line in lines {
            let _ = writeln!(file, "{line}");
        }
    }
}

#[derive(Clone)]
struct AutoSubmitted;

impl lettre::message::header::Header for AutoSubmitted {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str("Auto-Submitted")
    }
    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(AutoSubmitted)
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), "auto-replied".to_string())
    }
}

/// The robot's facts for the player's app (`X-Nebula: kind=orders; …`,
/// `game::mailbox::facts_value`).
#[derive(Clone)]
struct NebulaFacts(String);

impl lettre::message::header::Header for NebulaFacts {
    fn name() -> lettre::message::header::HeaderName {
        lettre::message::header::HeaderName::new_from_ascii_str(mailbox::FACTS_HEADER)
    }
    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(NebulaFacts(text.to_string()))
    }
    fn display(&self) -> lettre::message::header::HeaderValue {
        lettre::message::header::HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// The RFC 5322 text of a reply, its Message-ID `<id@domain>`. The addresses
/// no mail can go to are left out (and named in the log by the caller); none
/// left is an error.
pub(super) fn format_reply(
    reply: &Reply,
    from: &str,
    id: &str,
    domain: &str,
) -> Result<Vec<u8>, MailError> {
    use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType};
    let from: Mailbox = format!("Nebula <{from}>")
        .parse()
        .map_err(|e: lettre::address::AddressError| MailError::Library(e.to_string()))?;
    let mut builder = lettre::Message::builder()
        .from(from)
        .subject(reply.subject.trim())
        .message_id(Some(format!("<{id}@{domain}>")))
        .header(AutoSubmitted);
    if !reply.facts.is_empty() {
        builder = builder.header(NebulaFacts(mailbox::facts_value(&reply.facts)));
    }
    let mut any = false;
    for to in &reply.to {
        if !mailbox::is_mailbox(to) {
            continue;
        }
        if let Ok(mailbox) = to.parse::<Mailbox>() {
            builder = builder.to(mailbox);
            any = true;
        }
    }
    if !any {
        return Err(MailError::NoRecipient(reply.to.clone()));
    }
    let message = if reply.attachments.is_empty() {
        builder.singlepart(SinglePart::plain(reply.body.clone()))
    } else {
        let mut parts = MultiPart::mixed().singlepart(SinglePart::plain(reply.body.clone()));
        for (name, text) in &reply.attachments {
            parts = parts.singlepart(
                Attachment::new(name.clone()).body(text.clone(), ContentType::TEXT_PLAIN),
            );
        }
        builder.multipart(parts)
    }
    .map_err(|e| MailError::Library(e.to_string()))?;
    Ok(message.formatted())
}

/// Writes a reply to `outbox/new/<name>` unless it is already there or sent.
pub(super) fn write_outbox(dir: &Path, name: &str, bytes: &[u8]) -> Result<bool, MailError> {
    let outbox = mail_dir(dir).join("outbox");
    let sent = outbox.join("cur").join(format!("{name}:2,S"));
    if sent.exists() {
        return Ok(false);
    }
    let path = outbox.join("new").join(name);
    write_private_in_new_dirs(&path, bytes, Durability::Synced).map_err(|e| io_error(&path, e))?;
    Ok(true)
}

/// Mails committed together: their files are written (renamed into place), then
/// made durable at once, then `state.json` (the journal) is written, then the
/// mails move to `cur/`. A crash before the commit redoes the whole batch with the
/// same names and contents; after it, the batch's mails are skipped.
pub(super) const BATCH: usize = 200;

#[derive(Default)]
pub(super) struct Batch {
    files: Vec<PathBuf>,
    pub(super) moves: Vec<(PathBuf, PathBuf)>,
}

impl Batch {
    /// Writes a file of the batch: `private` ones (the robot's own folder)
    /// readable by the arbiter only.
    pub(super) fn write(
        &mut self,
        path: &Path,
        bytes: &[u8],
        private: bool,
    ) -> Result<(), MailError> {
        if private {
            write_private_in_new_dirs(path, bytes, Durability::Rename)
        } else {
            write_atomic_in_new_dirs(path, bytes, Durability::Rename)
        }
        .map_err(|e| io_error(path, e))?;
        self.files.push(path.to_path_buf());
        Ok(())
    }

    /// Makes the batch durable: its files, then the state (the journal names its
    /// mails), then the mails moved to `cur/`. Moved, they leave the journal in
    /// memory (saved with the next batch, or trimmed by the next run).
    pub(super) fn commit(
        &mut self,
        dir: &Path,
        state: &mut MailState,
        faults: &mut Faults,
    ) -> Result<(), MailError> {
        if self.moves.is_empty() {
            return Ok(());
        }
        if !sync_filesystem(dir) {
            self.sync_each()?;
        }
        step(faults)?;
        save_state(dir, state)?;
        step(faults)?;
        let mut moved = std::collections::HashSet::new();
        for (from, to) in self.moves.drain(..) {
            std::fs::rename(&from, &to).map_err(|e| io_error(&from, e))?;
            if let Some(name) = to.file_name().and_then(|n| n.to_str()) {
                moved.insert(maildir_key(name).to_string());
            }
        }
        state.processed.retain(|key| !moved.contains(key));
        step(faults)?;
        self.files.clear();
        Ok(())
    }

    /// Each file, then each folder, to the disk (where `syncfs` is missing).
    fn sync_each(&self) -> Result<(), MailError> {
        let mut dirs: Vec<PathBuf> = Vec::new();
        for path in &self.files {
            std::fs::File::open(path)
                .and_then(|f| f.sync_all())
                .map_err(|e| io_error(path, e))?;
            if let Some(parent) = path.parent()
                && !dirs.iter().any(|d| d == parent)
            {
                dirs.push(parent.to_path_buf());
            }
        }
        for d in &dirs {
            if let Ok(handle) = std::fs::File::open(d) {
                let _ = handle.sync_all();
            }
        }
        Ok(())
    }
}

/// A step of the robot's writing (where a test's injected fault strikes).
pub(super) fn step(faults: &mut Faults) -> Result<(), MailError> {
    faults.step().map_err(MailError::Io)
}

/// What one pass over the outbox did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sending {
    /// Accepted by the server (moved to `outbox/cur`).
    pub sent: usize,
    /// Refused for good (a 5xx for every recipient): moved to `outbox/failed`.
    pub failed: usize,
    /// Left for a later run (a 4xx, a dropped connection, no server).
    pub later: usize,
}

/// After this many mails in a row that could not reach the server at all (no
/// SMTP answer: connection refused or dropped), the others wait for the next
/// run instead of each waiting for its own time-out.
const UNREACHABLE_IN_A_ROW: usize = 3;

/// Sends every mail of the outbox through the SMTP server `url`, moving each to
/// `outbox/cur` once sent. One mail never blocks the others: a recipient
/// refused for good (5xx) is left out and logged, a mail every recipient of
/// which is refused goes to `outbox/failed`; a temporary refusal (4xx) or a
/// connection lost leaves it in `outbox/new` for the next run.
pub(super) fn send_outbox(
    dir: &Path,
    url: &str,
    from: &str,
    faults: &mut Faults,
) -> Result<Sending, MailError> {
    use lettre::Transport;
    let mut builder =
        lettre::SmtpTransport::from_url(url).map_err(|e| MailError::Library(e.to_string()))?;
    if let Ok(secret) = std::env::var("NEBUTIL_SMTP_PASSWORD") {
        let user = url
            .split("://")
            .nth(1)
            .and_then(|rest| rest.split_once('@'))
            .map(|(user, _)| {
                user.split(':')
                    .next()
                    .unwrap_or(user)
                    .replace("%40", "@")
                    .replace("%25", "%")
            })
            .unwrap_or_default();
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(
            user, secret,
        ));
    }
    let transport = builder.build();
    let sender: lettre::Address = from
        .parse()
        .map_err(|e: lettre::address::AddressError| MailError::Library(e.to_string()))?;
    let outbox = mail_dir(dir).join("outbox");
    let mut sending = Sending::default();
    let mut unreachable = 0usize;
    let mut logs = Vec::new();
    for waiting in maildir_new(&outbox)? {
        let name = maildir_key(&waiting.name).to_string();
        let path = &waiting.path;
        if unreachable >= UNREACHABLE_IN_A_ROW {
            sending.later += 1;
            continue;
        }
        let bytes = match waiting.plain.then(|| std::fs::read(path)) {
            Some(Ok(bytes)) => bytes,
            other => {
                let why = match other {
                    Some(Err(e)) => e.to_string(),
                    _ => "not a file".to_string(),
                };
                let to = set_aside(&outbox, path, &name)?;
                logs.push(format!(
                    "outbox {name}: unreadable ({why}), set aside as {}",
                    to.display()
                ));
                sending.failed += 1;
                continue;
            }
        };
        let recipients = recipients_of(&bytes);
        let mut accepted = 0usize;
        let mut refused = Vec::new();
        let mut retry = false;
        // One transaction for all; if the server refuses one recipient for
        // good, each is tried alone, so that the others still get the mail.
        let batches: Vec<Vec<lettre::Address>> = vec![recipients.clone()];
        let mut queue = batches;
        while let Some(to) = queue.pop() {
            let Ok(envelope) = lettre::address::Envelope::new(Some(sender.clone()), to.clone())
            else {
                refused.extend(to.iter().map(ToString::to_string));
                continue;
            };
            match transport.send_raw(&envelope, &bytes) {
                Ok(_) => {
                    accepted += to.len();
                    unreachable = 0;
                }
                Err(error) if error.is_permanent() => {
                    unreachable = 0;
                    if to.len() > 1 {
                        queue.extend(to.iter().map(|a| vec![a.clone()]));
                    } else {
                        refused.extend(to.iter().map(ToString::to_string));
                        logs.push(format!(
                            "outbox {name}: refused for <{}>: {}",
                            to.iter()
                                .map(ToString::to_string)
                                .collect::<Vec<_>>()
                                .join(", "),
                            one_line(&error.to_string())
                        ));
                    }
                }
                Err(error) => {
                    if error.status().is_none() {
                        unreachable += 1;
                    }
                    logs.push(format!(
                        "outbox {name}: not sent now, kept for the next run: {}",
                        one_line(&error.to_string())
                    ));
                    retry = true;
                    break;
                }
            }
        }
        step(faults)?;
        if retry {
            sending.later += 1;
        } else if accepted == 0 {
            let to = set_aside(&outbox, path, &name)?;
            logs.push(format!(
                "outbox {name}: no recipient accepted ({}), set aside as {}",
                if refused.is_empty() {
                    "no valid address".to_string()
                } else {
                    refused.join(", ")
                },
                to.display()
            ));
            sending.failed += 1;
        } else {
            let done = outbox.join("cur").join(format!("{name}:2,S"));
            std::fs::rename(path, &done).map_err(|e| io_error(path, e))?;
            sending.sent += 1;
        }
        step(faults)?;
    }
    log_lines(dir, &logs);
    Ok(sending)
}

/// The error of a library on one line (for the log).
fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The `To` addresses of a formatted reply.
fn recipients_of(bytes: &[u8]) -> Vec<lettre::Address> {
    mailparse::parse_headers(bytes)
        .ok()
        .and_then(|(headers, _)| {
            headers
                .iter()
                .find(|h| h.get_key_ref().eq_ignore_ascii_case("To"))
                .map(|h| h.get_value())
        })
        .and_then(|v| mailparse::addrparse(&v).ok())
        .map(|list| {
            list.iter()
                .flat_map(|a| match a {
                    mailparse::MailAddr::Single(s) => vec![s.addr.clone()],
                    mailparse::MailAddr::Group(g) => {
                        g.addrs.iter().map(|s| s.addr.clone()).collect()
                    }
                })
                .filter_map(|a| a.parse().ok())
                .collect()
        })
        .unwrap_or_default()
}
