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

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, Subcommand};

use super::error::CliError;
use super::{EXIT_OK, LangArg, env_lang, input};
use crate::diagnostic::{Localized, Severity};
use crate::game::folder;
use crate::game::mailbox::{self, Context, Effect, MailState, PlayerMail, Reply};
use crate::i18n::{Lang, tr_args};
use crate::model::PlayerId;
use crate::model::knowledge::Knowledge;
use crate::nbt;
use crate::orders::validate::{PlayerContext, check_orders_with};
use crate::report;
use crate::storage::fault::Faults;
use crate::storage::text_file::TextKind;
use crate::storage::{Durability, lock, write_atomic, write_atomic_in_new_dirs};

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

pub fn run(args: &MailArgs, out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    match &args.command {
        MailCommand::Passwd(a) => {
            let lang = a.lang.map_or_else(env_lang, Lang::from);
            super::error::finish(passwd(a, lang, out), lang, err)
        }
        MailCommand::Run(a) => {
            let lang = a.lang.map_or_else(env_lang, Lang::from);
            loop {
                let result = run_once(a, lang, out).map(|()| EXIT_OK);
                let status = super::error::finish(result.map_err(CliError::Mail), lang, err);
                match a.watch {
                    Some(seconds) => std::thread::sleep(Duration::from_secs(seconds.max(1))),
                    None => return status,
                }
            }
        }
    }
}

fn mail_dir(dir: &Path) -> PathBuf {
    dir.join("mail")
}

fn state_path(dir: &Path) -> PathBuf {
    mail_dir(dir).join("state.json")
}

fn load_state(dir: &Path) -> Result<MailState, String> {
    let path = state_path(dir);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text).map_err(|e| format!("{}: {e}", path.display())),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(MailState::default()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

fn save_state(dir: &Path, state: &MailState) -> Result<(), String> {
    let path = state_path(dir);
    let text = serde_json::to_string_pretty(state).map_err(|e| e.to_string())?;
    write_atomic_in_new_dirs(&path, text.as_bytes(), Durability::Synced)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn take_lock(dir: &Path, lang: Lang) -> Result<lock::FolderLock, String> {
    match lock::lock(dir) {
        Ok(lock) => Ok(lock),
        Err(lock::LockError::Busy(path)) => Err(tr_args(
            lang,
            "cli-game-busy",
            &[("file", &path.display().to_string())],
        )),
        Err(lock::LockError::Io(path, error)) => Err(format!("{}: {error}", path.display())),
    }
}

/// A salt for a password hash: 16 bytes from the standard library's per-process
/// random keys (`RandomState` is seeded by the operating system).
fn salt() -> Result<argon2::password_hash::SaltString, String> {
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
    argon2::password_hash::SaltString::encode_b64(&bytes).map_err(|e| e.to_string())
}

/// The argon2id hash (PHC string) of a password.
pub fn hash_password(password: &str) -> Result<String, String> {
    use argon2::PasswordHasher;
    let salt = salt()?;
    argon2::Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
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
    let hash = hash_password(password).map_err(CliError::Mail)?;
    let _lock = take_lock(&args.dir, lang).map_err(CliError::Mail)?;
    let mut state = load_state(&args.dir).map_err(CliError::Mail)?;
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
    save_state(&args.dir, &state).map_err(CliError::Mail)?;
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

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The player's knowledge of the turn: his CR and NBT in the game folder.
fn knowledge_of(dir: &Path, player: PlayerId, turn: u32) -> Option<Knowledge> {
    let cr = input::read(&dir.join(folder::cr_file(player, turn)), TextKind::Report).ok()?;
    let (mut view, _) = report::read_report(&cr.text).ok()?;
    if let Ok(nbt_text) = input::read(&dir.join(folder::nbt_file(player, turn)), TextKind::Nbt)
        && let (Some(file), _) = nbt::read(&nbt_text.text)
    {
        let mut ignored = Vec::new();
        nbt::apply(&file, &mut view, &mut ignored);
    }
    let mut knowledge = Knowledge::new();
    let _ = knowledge.add(view);
    Some(knowledge)
}

fn io_error(path: &Path, e: std::io::Error) -> String {
    format!("{}: {e}", path.display())
}

fn ensure_maildir(path: &Path) -> Result<(), String> {
    for sub in ["new", "cur", "tmp"] {
        let p = path.join(sub);
        std::fs::create_dir_all(&p).map_err(|e| io_error(&p, e))?;
    }
    Ok(())
}

/// The Maildir files of `new/`, in arrival order (modification time, then name).
fn maildir_new(path: &Path) -> Result<Vec<(String, PathBuf)>, String> {
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

fn maildir_key(name: &str) -> &str {
    name.split(':').next().unwrap_or(name)
}

fn log_lines(dir: &Path, lines: &[String]) {
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
fn format_reply(reply: &Reply, from: &str, id: &str) -> Result<Vec<u8>, String> {
    use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart, header::ContentType};
    let from: Mailbox = format!("Nebula <{from}>")
        .parse()
        .map_err(|e: lettre::address::AddressError| e.to_string())?;
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
        return Err(format!("no valid recipient in {:?}", reply.to));
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
    .map_err(|e| e.to_string())?;
    Ok(message.formatted())
}

/// Writes a reply to `outbox/new/<name>` unless it is already there or sent.
fn write_outbox(dir: &Path, name: &str, bytes: &[u8]) -> Result<bool, String> {
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
const BATCH: usize = 200;

#[derive(Default)]
struct Batch {
    files: Vec<PathBuf>,
    moves: Vec<(PathBuf, PathBuf)>,
}

impl Batch {
    fn write(&mut self, path: &Path, bytes: &[u8]) -> Result<(), String> {
        write_atomic_in_new_dirs(path, bytes, Durability::Rename).map_err(|e| io_error(path, e))?;
        self.files.push(path.to_path_buf());
        Ok(())
    }

    /// Makes the batch durable: its files, then the state (the journal names its
    /// mails), then the mails moved to `cur/`. Moved, they leave the journal in
    /// memory (saved with the next batch, or trimmed by the next run).
    fn commit(
        &mut self,
        dir: &Path,
        state: &mut MailState,
        faults: &mut Faults,
    ) -> Result<(), String> {
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
            if let Some(name) = from.file_name().and_then(|n| n.to_str()) {
                moved.insert(maildir_key(name).to_string());
            }
        }
        state.processed.retain(|key| !moved.contains(key));
        step(faults)?;
        self.files.clear();
        Ok(())
    }

    /// Each file, then each folder, to the disk (where `syncfs` is missing).
    fn sync_each(&self) -> Result<(), String> {
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
fn sync_filesystem(dir: &Path) -> bool {
    let Ok(handle) = std::fs::File::open(dir) else {
        return false;
    };
    rustix::fs::syncfs(&handle).is_ok()
}

#[cfg(not(target_os = "linux"))]
fn sync_filesystem(_: &Path) -> bool {
    false
}

fn step(faults: &mut Faults) -> Result<(), String> {
    faults.step().map_err(|e| e.to_string())
}

fn run_once(args: &RunArgs, lang: Lang, out: &mut dyn Write) -> Result<(), String> {
    let dir = &args.dir;
    let mut faults = Faults::from_env();
    let _lock = take_lock(dir, lang)?;
    // A turn interrupted by a crash is finished (or undone) first.
    crate::storage::turn::recover(dir, &mut faults).map_err(|e| e.to_string())?;
    let save = super::game::read_save(dir).map_err(|error| error.message(lang))?;
    let game = save
        .game_name
        .clone()
        .unwrap_or_else(|| "NEBULA".to_string());
    let turn = save.galaxy.turn;
    let players: Vec<(PlayerId, String)> = save
        .galaxy
        .players
        .values()
        .filter(|p| !p.id.is_neutral())
        .map(|p| (p.id, p.name.clone()))
        .collect();
    ensure_maildir(&mail_dir(dir).join("inbox"))?;
    ensure_maildir(&mail_dir(dir).join("outbox"))?;
    let mut state = load_state(dir)?;
    let deadline = match &args.deadline {
        Some(text) => Some(parse_deadline(text).ok_or_else(|| format!("--deadline {text}"))?),
        None => None,
    };

    let knowledge: RefCell<HashMap<u32, Option<Knowledge>>> = RefCell::new(HashMap::new());
    let validate = |player: PlayerId, text: &str, lang: Lang| -> Vec<(bool, String)> {
        let mut cache = knowledge.borrow_mut();
        let known = cache
            .entry(player.0)
            .or_insert_with(|| knowledge_of(dir, player, turn));
        let Some(known) = known.as_ref() else {
            return Vec::new();
        };
        let context = PlayerContext::new(known);
        let checked = check_orders_with(text, &context, &save.ruleset);
        let name = folder::orders_file(player, turn)
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        let mut diagnostics = checked.diagnostics;
        diagnostics.sort_by_key(|d| (d.span.line, d.span.column));
        diagnostics
            .iter()
            .map(|d| (d.severity == Severity::Error, d.render(&name, lang)))
            .collect()
    };
    let stored_orders = |player: PlayerId| -> Option<String> {
        std::fs::read_to_string(dir.join(folder::orders_file(player, turn))).ok()
    };
    let turn_files = |player: PlayerId| -> Vec<(String, String)> {
        let mut files = Vec::new();
        for path in [
            folder::cr_file(player, turn),
            folder::nbt_file(player, turn),
        ] {
            if let Ok(text) = std::fs::read_to_string(dir.join(&path)) {
                let name = path
                    .file_name()
                    .map(|n| n.to_string_lossy().to_string())
                    .unwrap_or_default();
                files.push((name, text));
            }
        }
        files
    };
    // A hash is checked once per run and password (a player's many mails).
    let verified: RefCell<HashMap<(String, String), bool>> = RefCell::new(HashMap::new());
    let verify = |hash: &str, password: &str| {
        *verified
            .borrow_mut()
            .entry((hash.to_string(), password.to_string()))
            .or_insert_with(|| verify_password(hash, password))
    };

    let mut written = 0usize;
    // The CRs of a new turn, once.
    {
        let ctx = Context {
            game: &game,
            turn,
            players: &players,
            now: now(),
            key: "turn",
            verify_password: &verify,
            stored_orders: &stored_orders,
            validate: &validate,
            turn_files: &turn_files,
        };
        if let Some(deadline) = deadline {
            state.deadline = Some((turn, deadline));
        }
        let mut mails: Vec<Reply> = mailbox::turn_mails(&mut state, &ctx)
            .into_iter()
            .map(|(_, reply)| reply)
            .collect();
        mails.extend(mailbox::reminders(&mut state, &ctx, args.remind_hours));
        if !mails.is_empty() {
            for reply in &mails {
                let bytes = format_reply(reply, &args.from, &reply.id)?;
                written += usize::from(write_outbox(dir, &reply.id, &bytes)?);
                step(&mut faults)?;
            }
            save_state(dir, &state)?;
            step(&mut faults)?;
        }
    }

    let inbox = mail_dir(dir).join("inbox");
    let mut processed = 0usize;
    let mut batch = Batch::default();
    let waiting = maildir_new(&inbox)?;
    // The journal only needs the mails still waiting in `new/`: one processed
    // and saved but not yet moved (a run killed in between) is moved now without
    // being processed again. The others were moved: forgotten, so that the
    // journal stays as small as one batch.
    let waiting_keys: std::collections::HashSet<&str> =
        waiting.iter().map(|(name, _)| maildir_key(name)).collect();
    state
        .processed
        .retain(|key| waiting_keys.contains(key.as_str()));
    mailbox::forget_old_counters(&mut state, now());
    let already: std::collections::HashSet<String> = state.processed.iter().cloned().collect();
    for (name, path) in &waiting {
        let (name, path) = (name.as_str(), path.clone());
        let key = maildir_key(name).to_string();
        let done = inbox.join("cur").join(format!("{key}:2,S"));
        if already.contains(&key) {
            std::fs::rename(&path, &done).map_err(|e| io_error(&path, e))?;
            continue;
        }
        let raw = std::fs::read(&path).map_err(|e| io_error(&path, e))?;
        let incoming = mailbox::read_incoming(&raw, &args.from);
        let ctx = Context {
            game: &game,
            turn,
            players: &players,
            now: now(),
            key: &key,
            verify_password: &verify,
            stored_orders: &stored_orders,
            validate: &validate,
            turn_files: &turn_files,
        };
        let (replies, effects) = mailbox::handle(&mut state, &ctx, &incoming);
        let mut logs = Vec::new();
        for effect in effects {
            match effect {
                Effect::StoreOrders {
                    player,
                    turn,
                    version,
                    text,
                    current,
                } => {
                    let kept = mail_dir(dir)
                        .join("orders")
                        .join(player.0.to_string())
                        .join(format!("{turn:03}-v{version:03}.txt"));
                    batch.write(&kept, text.as_bytes())?;
                    step(&mut faults)?;
                    if current {
                        let target = dir.join(folder::orders_file(player, turn));
                        batch.write(&target, text.as_bytes())?;
                        step(&mut faults)?;
                    }
                }
                Effect::SetPassword { player, password } => {
                    let hash = hash_password(&password)?;
                    if let Some(p) = state.players.get_mut(&player.0) {
                        p.password_hash = hash;
                    }
                }
                Effect::Log(line) => logs.push(line),
            }
        }
        for reply in &replies {
            let name = reply.id.clone();
            match format_reply(reply, &args.from, &name) {
                Ok(bytes) => {
                    let sent = mail_dir(dir).join("outbox/cur").join(format!("{name}:2,S"));
                    if !sent.exists() {
                        batch.write(&mail_dir(dir).join("outbox/new").join(&name), &bytes)?;
                        written += 1;
                    }
                }
                Err(message) => logs.push(format!("{key}: reply not written: {message}")),
            }
            step(&mut faults)?;
        }
        log_lines(dir, &logs);
        batch.moves.push((path, done));
        processed += 1;
        if batch.moves.len() >= BATCH {
            batch.commit(dir, &mut state, &mut faults)?;
        }
    }
    batch.commit(dir, &mut state, &mut faults)?;

    let mut sent = 0usize;
    if let Some(url) = &args.smtp {
        sent = send_outbox(dir, url, &args.from, lang, &mut faults)?;
    }
    say!(
        out,
        "{}",
        tr_args(
            lang,
            "mail-cli-run-done",
            &[
                ("processed", &processed.to_string()),
                ("replies", &written.to_string()),
                ("sent", &sent.to_string()),
            ],
        )
    );
    Ok(())
}

fn send_outbox(
    dir: &Path,
    url: &str,
    from: &str,
    lang: Lang,
    faults: &mut Faults,
) -> Result<usize, String> {
    use lettre::Transport;
    let mut builder = lettre::SmtpTransport::from_url(url).map_err(|e| e.to_string())?;
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
        .map_err(|e: lettre::address::AddressError| e.to_string())?;
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
        let envelope =
            lettre::address::Envelope::new(Some(sender.clone()), to).map_err(|e| e.to_string())?;
        if let Err(error) = transport.send_raw(&envelope, &bytes) {
            return Err(tr_args(
                lang,
                "mail-cli-send-failed",
                &[
                    ("file", &path.display().to_string()),
                    ("error", &error.to_string()),
                ],
            ));
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
