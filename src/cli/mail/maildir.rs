//! The robot's files: the Maildir folders, `state.json` (the journal), the log,
//! replies formatted and written to the outbox, batches of mails committed
//! together, and the outbox sent through SMTP.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::UNIX_EPOCH;

use super::MailError;
use crate::cli::error::CliError;
use crate::game::mailbox::{MailState, Reply};
use crate::storage::fault::Faults;
use crate::storage::{Durability, lock, write_atomic, write_atomic_in_new_dirs};

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
    write_atomic_in_new_dirs(&path, text.as_bytes(), Durability::Synced)
        .map_err(|error| MailError::File { path, error })
}

/// The game folder's lock (shared with `nebutil game turn`).
pub(super) fn take_lock(dir: &Path) -> Result<lock::FolderLock, CliError> {
    match lock::lock(dir) {
        Ok(lock) => Ok(lock),
        Err(lock::LockError::Busy(lock)) => Err(CliError::Busy { lock }),
        Err(lock::LockError::Io(path, error)) => Err(MailError::File { path, error }.into()),
    }
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
        std::fs::create_dir_all(&p).map_err(|e| io_error(&p, e))?;
    }
    Ok(())
}

/// The Maildir files of `new/`, in arrival order (modification time, then name).
pub(super) fn maildir_new(path: &Path) -> Result<Vec<(String, PathBuf)>, MailError> {
    let new = path.join("new");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&new).map_err(|e| io_error(&new, e))? {
        let entry = entry.map_err(|e| io_error(&new, e))?;
        let name = entry.file_name().to_string_lossy().to_string();
        if name.starts_with('.') {
            continue;
        }
        let time = entry
            .metadata()
            .and_then(|m| m.modified())
            .unwrap_or(UNIX_EPOCH);
        files.push((time, name, entry.path()));
    }
    files.sort();
    Ok(files.into_iter().map(|(_, n, p)| (n, p)).collect())
}

pub(super) fn maildir_key(name: &str) -> &str {
    name.split(':').next().unwrap_or(name)
}

pub(super) fn log_lines(dir: &Path, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let path = mail_dir(dir).join("robot.log");
    if let Ok(mut file) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
    {
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

/// The RFC 5322 text of a reply.
pub(super) fn format_reply(reply: &Reply, from: &str, id: &str) -> Result<Vec<u8>, MailError> {
    use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType};
    let from: Mailbox = format!("Nebula <{from}>")
        .parse()
        .map_err(|e: lettre::address::AddressError| MailError::Library(e.to_string()))?;
    let mut builder = lettre::Message::builder()
        .from(from)
        .subject(reply.subject.trim())
        .message_id(Some(format!("<{id}@nebutil>")))
        .header(AutoSubmitted);
    let mut any = false;
    for to in &reply.to {
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
    write_atomic(&path, bytes, Durability::Synced).map_err(|e| io_error(&path, e))?;
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
    pub(super) fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<(), MailError> {
        write_atomic_in_new_dirs(path, bytes, Durability::Rename).map_err(|e| io_error(path, e))?;
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

/// Everything written on the game folder's file system reaches the disk, in one
/// call (`syncfs`); `false` where that is not available (then file by file).
#[cfg(target_os = "linux")]
pub(super) fn sync_filesystem(dir: &Path) -> bool {
    let Ok(handle) = std::fs::File::open(dir) else {
        return false;
    };
    rustix::fs::syncfs(&handle).is_ok()
}

#[cfg(not(target_os = "linux"))]
pub(super) fn sync_filesystem(_: &Path) -> bool {
    false
}

/// A step of the robot's writing (where a test's injected fault strikes).
pub(super) fn step(faults: &mut Faults) -> Result<(), MailError> {
    faults.step().map_err(MailError::Io)
}

/// Sends every mail of the outbox through the SMTP server `url`, moving each to
/// `outbox/cur` once sent; the number sent.
pub(super) fn send_outbox(
    dir: &Path,
    url: &str,
    from: &str,
    faults: &mut Faults,
) -> Result<usize, MailError> {
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
    let mut sent = 0;
    for (name, path) in maildir_new(&outbox)? {
        let bytes = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
        let to: Vec<lettre::Address> = mailparse::parse_headers(&bytes)
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
            .unwrap_or_default();
        let envelope = lettre::address::Envelope::new(Some(sender.clone()), to)
            .map_err(|e| MailError::Library(e.to_string()))?;
        if let Err(error) = transport.send_raw(&envelope, &bytes) {
            return Err(MailError::SendFailed {
                file: path,
                error: error.to_string(),
            });
        }
        step(faults)?;
        let done = outbox
            .join("cur")
            .join(format!("{}:2,S", maildir_key(&name)));
        std::fs::rename(&path, &done).map_err(|e| io_error(&path, e))?;
        step(faults)?;
        sent += 1;
    }
    Ok(sent)
}
