//! One pass of the robot (`nebutil mail run`): the folder opened as every
//! writer opens it (`desk::GameFolder`: its lock, a turn interrupted by a crash
//! finished first), a turn undone since the last pass noticed, the CRs of a new
//! turn and the reminders, every mail of `inbox/new` in arrival order
//! (committed in batches), then the outbox sent through SMTP.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

use super::maildir::{
    BATCH, Batch, Sending, Waiting, close_mail_dir, ensure_maildir, format_reply, io_error,
    load_state, log_lines, mail_dir, maildir_key, maildir_new, read_bounded, remove_leftovers,
    save_state, send_outbox, set_aside, step, write_outbox,
};
use super::{MailError, PasswordChecker, hash_password, parse_deadline};
use crate::desk::GameFolder;
use crate::diagnostic::Severity;
use crate::game::folder;
use crate::game::mailbox::{self, Context, Effect, MailState, Reply, RunBudget};
use crate::i18n::Lang;
use crate::model::PlayerId;
use crate::model::knowledge::Knowledge;
use crate::orders::validate::{PlayerContext, check_orders_with};
use crate::storage::fault::Faults;
use crate::storage::session;
use crate::storage::text_file;

fn now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// The player's knowledge of the turn: his CR in the game folder and the NBT
/// beside it, read, paired and merged as the app and `nebutil orders` do
/// ([`session::turn_knowledge`]).
fn knowledge_of(dir: &Path, player: PlayerId, turn: u32) -> Option<Knowledge> {
    session::turn_knowledge(&dir.join(folder::cr_file(player, turn)))
}

/// The player's current turn files (CR and NBT: file name, text), read as
/// every text file is ([`text_file::read_text`]).
fn turn_files(dir: &Path, player: PlayerId, turn: u32) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for path in [
        folder::cr_file(player, turn),
        folder::nbt_file(player, turn),
    ] {
        let full = dir.join(&path);
        if let Ok((text, _)) = text_file::read_text(&full, text_file::turn_file_kind(&full)) {
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().to_string())
                .unwrap_or_default();
            files.push((name, text));
        }
    }
    files
}

/// What `nebutil mail run` was asked.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// The game folder.
    pub dir: PathBuf,
    /// The SMTP server's URL (`smtp://…`, `smtps://…`); `None`: replies wait.
    pub smtp: Option<String>,
    /// The robot's address (From of every reply).
    pub from: String,
    /// The deadline of the current turn, as typed.
    pub deadline: Option<String>,
    /// How many hours before the deadline the reminders go out.
    pub remind_hours: i64,
    /// The acknowledgement of an ORDRES mail carries a forecast
    /// ([`mailbox::forecast`]; `--no-forecast` turns it off).
    pub forecast: bool,
}

/// What one pass did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunSummary {
    pub processed: usize,
    /// Replies written to the outbox (turn mails included).
    pub replies: usize,
    pub sent: usize,
    /// Mails set aside in `inbox/failed`.
    pub failed: usize,
    /// Mails left in the inbox for the next pass (G-149's budget).
    pub deferred: usize,
    /// Replies set aside in `outbox/failed`.
    pub unsent: usize,
    /// Replies left in the outbox for the next pass.
    pub later: usize,
    /// CR mails of an undone turn taken out of the outbox before they left.
    pub withdrawn: usize,
}

/// One pass of the robot over the game folder `options.dir`.
pub fn run_once(options: &RunOptions) -> Result<RunSummary, MailError> {
    let args = options;
    let dir = &args.dir;
    let mut faults = Faults::from_env();
    let folder = GameFolder::open(dir, &mut faults)?;
    let save = folder.read_save()?;
    let game = save
        .game_name
        .clone()
        .unwrap_or_else(|| "NEBULA".to_string());
    let turn = save.galaxy.turn;
    // As `game::arbiter::run_turn`: no turn is resolved from the final one.
    let over = save.galaxy.turn >= save.galaxy.final_turn;
    let players: Vec<(PlayerId, String)> = save
        .galaxy
        .players
        .values()
        .filter(|p| !p.id.is_neutral())
        .map(|p| (p.id, p.name.clone()))
        .collect();
    close_mail_dir(dir)?;
    let leftovers = remove_leftovers(dir);
    ensure_maildir(&mail_dir(dir).join("inbox"))?;
    ensure_maildir(&mail_dir(dir).join("outbox"))?;
    let mut state = load_state(dir)?;
    if state.instance.is_empty() {
        let bytes = super::passwords::random_bytes();
        state.instance = bytes[..6].iter().map(|b| format!("{b:02x}")).collect();
        save_state(dir, &state)?;
    }
    let withdrawn = withdraw_undone(dir, &mut state, turn)?;
    let domain = state.message_domain(&game);
    let started = now();
    let deadline = match &args.deadline {
        Some(text) => {
            let deadline = parse_deadline(text).ok_or_else(|| MailError::Deadline(text.clone()))?;
            let turn_began = state.turn_seen.get(&turn).copied().unwrap_or(started);
            if deadline <= turn_began {
                return Err(MailError::DeadlinePast(text.clone(), turn));
            }
            Some(deadline)
        }
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
    let forecast = |player: PlayerId, text: &str, lang: Lang| -> Vec<String> {
        if !args.forecast {
            return Vec::new();
        }
        let mut cache = knowledge.borrow_mut();
        let known = cache
            .entry(player.0)
            .or_insert_with(|| knowledge_of(dir, player, turn));
        let Some(known) = known.as_ref() else {
            return Vec::new();
        };
        let name = folder::orders_file(player, turn)
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_default();
        mailbox::forecast(known, text, &save.ruleset, &name, lang)
    };
    let stored_orders = |player: PlayerId| -> Option<String> {
        // The one reading of a text file (its size limit, its decoding).
        text_file::read_text(
            &dir.join(folder::orders_file(player, turn)),
            text_file::TextKind::Orders,
        )
        .ok()
        .map(|(text, _)| text)
    };
    let turn_files = |player: PlayerId| turn_files(dir, player, turn);
    // One argon2 memory block for every check of the run; a hash is checked
    // once per run and password (a player's many mails).
    let checker = RefCell::new(PasswordChecker::default());
    let verified: RefCell<HashMap<(String, String), bool>> = RefCell::new(HashMap::new());
    let verify = |hash: &str, password: &str| {
        let key = (hash.to_string(), password.to_string());
        if let Some(known) = verified.borrow().get(&key) {
            return *known;
        }
        let right = checker.borrow_mut().verify(hash, password);
        verified.borrow_mut().insert(key, right);
        right
    };
    let base = Context {
        game: &game,
        turn,
        over,
        players: &players,
        now: started,
        key: "turn",
        domain: &domain,
        verify_password: &verify,
        stored_orders: &stored_orders,
        validate: &validate,
        forecast: &forecast,
        turn_files: &turn_files,
    };

    if let Some(deadline) = deadline {
        state.deadline = Some((turn, deadline));
    }
    let mut written = turn_mails(args, &mut state, &base, &mut faults)?;
    let inbox = process_inbox(args, &mut state, &base, &mut faults)?;
    written += inbox.replies;
    let mut sending = Sending::default();
    if let Some(url) = &args.smtp {
        sending = send_outbox(dir, url, &args.from, &mut faults)?;
    }
    log_lines(
        dir,
        &[format!(
            "run: {} processed, {} deferred, {} set aside, {} replies written, {} password checks, {} sent, {} refused, {} left for later, {leftovers} leftover temporary files removed",
            inbox.processed,
            inbox.deferred,
            inbox.failed,
            written,
            checker.borrow().checks,
            sending.sent,
            sending.failed,
            sending.later,
        )],
    );
    drop(folder);
    Ok(RunSummary {
        processed: inbox.processed,
        replies: written,
        sent: sending.sent,
        failed: inbox.failed,
        deferred: inbox.deferred,
        unsent: sending.failed,
        later: sending.later,
        withdrawn,
    })
}

/// A turn undone since the last pass (`nebutil game undo`): the players whose
/// CR of a later turn was mailed are set back, so that the turn's new CRs go
/// out again as corrections (G-165), and the CRs of the undone turn still in
/// the outbox are taken out before they leave. How many were taken out.
fn withdraw_undone(dir: &Path, state: &mut MailState, turn: u32) -> Result<usize, MailError> {
    let undone: Vec<u32> = state
        .players
        .values()
        .map(|p| p.cr_mailed)
        .filter(|t| *t > turn)
        .collect();
    if undone.is_empty() {
        return Ok(0);
    }
    let mut withdrawn = 0;
    let mut logs = Vec::new();
    for later in (turn + 1)..=undone.iter().copied().max().unwrap_or(turn) {
        let prefix = format!("turn-{later:03}-");
        // Some left already: the next ones are corrections.
        let sent = std::fs::read_dir(mail_dir(dir).join("outbox/cur"))
            .map(|entries| {
                entries
                    .flatten()
                    .any(|e| e.file_name().to_string_lossy().starts_with(&prefix))
            })
            .unwrap_or(false);
        if sent {
            *state.corrections.entry(later).or_insert(0) += 1;
        }
        for waiting in maildir_new(&mail_dir(dir).join("outbox"))? {
            if waiting.name.starts_with(&prefix) && waiting.plain {
                std::fs::remove_file(&waiting.path).map_err(|e| io_error(&waiting.path, e))?;
                withdrawn += 1;
            }
        }
        logs.push(format!(
            "turn {later} was undone: its CRs not yet sent are withdrawn, the next ones go out as corrections"
        ));
    }
    for player in state.players.values_mut() {
        player.cr_mailed = player.cr_mailed.min(turn);
    }
    save_state(dir, state)?;
    log_lines(dir, &logs);
    Ok(withdrawn)
}

/// The CRs of a new turn (once) and the reminders before the deadline, written
/// to the outbox; the number written. A player none of whose addresses can
/// be mailed is named in the log, never an error of the run.
fn turn_mails(
    args: &RunOptions,
    state: &mut MailState,
    ctx: &Context,
    faults: &mut Faults,
) -> Result<usize, MailError> {
    let dir = &args.dir;
    let mut mails: Vec<Reply> = mailbox::turn_mails(state, ctx)
        .into_iter()
        .map(|(_, reply)| reply)
        .collect();
    mails.extend(mailbox::reminders(state, ctx, args.remind_hours));
    let mut written = 0;
    let mut logs = Vec::new();
    if !mails.is_empty() {
        for reply in &mails {
            logs.extend(unmailable(reply, &reply.id));
            match format_reply(reply, &args.from, &reply.id, ctx.domain) {
                Ok(bytes) => written += usize::from(write_outbox(dir, &reply.id, &bytes)?),
                Err(error) => logs.push(format!("{}: not written: {error}", reply.id)),
            }
            step(faults)?;
        }
        save_state(dir, state)?;
        step(faults)?;
    }
    log_lines(dir, &logs);
    Ok(written)
}

/// A log line naming the addresses of a reply no mail can go to.
fn unmailable(reply: &Reply, name: &str) -> Option<String> {
    let bad: Vec<&str> = reply
        .to
        .iter()
        .filter(|a| !mailbox::is_mailbox(a))
        .map(String::as_str)
        .collect();
    (!bad.is_empty()).then(|| format!("{name}: address(es) no mail can go to, left out: {bad:?}"))
}

/// What one pass over the inbox did.
#[derive(Default)]
struct InboxPass {
    processed: usize,
    replies: usize,
    /// Mails set aside in `inbox/failed` (unreadable, not a file, a panic).
    failed: usize,
    /// Mails left in `inbox/new` for the next run (G-149's budget).
    deferred: usize,
}

/// Every mail of `inbox/new`, in arrival order: its effects and replies written,
/// committed in batches. A mail that cannot be read (or is no file) is set
/// aside in `inbox/failed` with a line in the log, and the others go on; only
/// a failure of the game folder itself (its state, its disk) stops the run.
fn process_inbox(
    args: &RunOptions,
    state: &mut MailState,
    base: &Context,
    faults: &mut Faults,
) -> Result<InboxPass, MailError> {
    let dir = &args.dir;
    let inbox = mail_dir(dir).join("inbox");
    let mut pass = InboxPass::default();
    let mut batch = Batch::default();
    let waiting = maildir_new(&inbox)?;
    let already: HashSet<String> = state.processed.iter().cloned().collect();
    let keys = unique_keys(dir, &waiting, &already);
    // The journal only needs the mails still waiting in `new/`: one processed
    // and saved but not yet moved (a run killed in between) is moved now without
    // being processed again. The others were moved: forgotten, so that the
    // journal stays as small as one batch.
    let waiting_keys: HashSet<&str> = keys.iter().map(String::as_str).collect();
    state
        .processed
        .retain(|key| waiting_keys.contains(key.as_str()));
    mailbox::forget_old_counters(state, now());
    let mut budget = RunBudget::default();
    let mut logs = Vec::new();
    for (entry, key) in waiting.iter().zip(keys) {
        let path = &entry.path;
        let done = inbox.join("cur").join(format!("{key}:2,S"));
        if already.contains(&key) {
            std::fs::rename(path, &done).map_err(|e| io_error(path, e))?;
            continue;
        }
        let read = if entry.plain {
            read_bounded(path).map_err(|e| e.to_string())
        } else {
            Err("not a plain file".to_string())
        };
        let (raw, size) = match read {
            Ok(read) => read,
            Err(why) => {
                let to = set_aside(&inbox, path, &key)?;
                logs.push(format!("{key}: {why}: set aside as {}", to.display()));
                pass.failed += 1;
                continue;
            }
        };
        let ctx = Context {
            now: now(),
            key: &key,
            ..*base
        };
        // A panic on one mail (a bug the fuzzers missed) sets it aside; the
        // state is taken back to before it.
        let before = state.clone();
        let handled = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            let incoming = mailbox::read_incoming_sized(&raw, size, &args.from);
            mailbox::handle(state, &ctx, &incoming, &mut budget)
        }));
        let handled = match handled {
            Ok(handled) => handled,
            Err(_) => {
                *state = before;
                let to = set_aside(&inbox, path, &key)?;
                logs.push(format!(
                    "{key}: the robot failed on this mail (a bug: please report it): set aside as {}",
                    to.display()
                ));
                pass.failed += 1;
                continue;
            }
        };
        drop(before);
        if handled.deferred {
            pass.deferred += 1;
            continue;
        }
        let mut mail_logs = apply_effects(dir, state, handled.effects, &mut batch, faults)?;
        for reply in &handled.replies {
            let name = reply.id.clone();
            mail_logs.extend(unmailable(reply, &name));
            match format_reply(reply, &args.from, &name, base.domain) {
                Ok(bytes) => {
                    let sent = mail_dir(dir).join("outbox/cur").join(format!("{name}:2,S"));
                    if !sent.exists() {
                        batch.write(&mail_dir(dir).join("outbox/new").join(&name), &bytes, true)?;
                        pass.replies += 1;
                    }
                }
                Err(message) => mail_logs.push(format!("{key}: reply not written: {message}")),
            }
            step(faults)?;
        }
        log_lines(dir, &mail_logs);
        batch.moves.push((path.clone(), done));
        pass.processed += 1;
        if batch.moves.len() >= BATCH {
            batch.commit(dir, state, faults)?;
        }
    }
    batch.commit(dir, state, faults)?;
    if pass.deferred > 0 {
        logs.push(format!(
            "{} mail(s) from unregistered addresses left for the next run: this run's {} password checks for them are spent",
            pass.deferred,
            mailbox::STRANGER_CHECKS_PER_RUN
        ));
    }
    log_lines(dir, &logs);
    Ok(pass)
}

/// The key of each mail of `inbox/new` (`waiting`): what names it in the
/// journal, in `inbox/cur/KEY:2,S` and in its replies `outbox/…/KEY-rN`. The
/// unique part of its Maildir name — unless a mail of that name was processed
/// before (a fetcher whose names repeat, e.g. a process number alone), whose
/// files it would overwrite or be taken for: then the name and the first 12
/// hexadecimal digits of its SHA-256 (and a counter, for the same mail
/// delivered again). A mail the journal holds and `cur/` does not (processed,
/// not yet moved: a run killed between the two) keeps its key. (The journal
/// may still name a mail moved since: it is pruned at the next run, so a key
/// in `cur/` is a mail moved, whatever the journal says.)
fn unique_keys(dir: &Path, waiting: &[Waiting], journal: &HashSet<String>) -> Vec<String> {
    let mail = mail_dir(dir);
    let mut given: HashSet<String> = HashSet::new();
    // A key is taken by a mail moved to `cur/` (the record of the mails
    // processed) or given in this run. (Not by a reply alone: a run killed after
    // writing a mail's reply and before its journal, rerun, processes the mail
    // again under the same key and writes the same reply.)
    let taken = |given: &HashSet<String>, key: &str| {
        given.contains(key) || mail.join("inbox/cur").join(format!("{key}:2,S")).exists()
    };
    let resumed = |key: &str| {
        journal.contains(key) && !mail.join("inbox/cur").join(format!("{key}:2,S")).exists()
    };
    let mut keys = Vec::with_capacity(waiting.len());
    for entry in waiting {
        let base = maildir_key(&entry.name);
        let key = if resumed(base) || !taken(&given, base) {
            base.to_string()
        } else {
            // The same name as a mail processed before: its content tells
            // them apart (an unreadable one is set aside under a counter).
            let digest: String = match entry.plain.then(|| read_bounded(&entry.path)) {
                Some(Ok((raw, _))) => Sha256::digest(&raw)
                    .iter()
                    .take(6)
                    .map(|b| format!("{b:02x}"))
                    .collect(),
                _ => "unread".to_string(),
            };
            let mut key = format!("{base}.{digest}");
            let mut n = 1;
            while !resumed(&key) && taken(&given, &key) {
                n += 1;
                key = format!("{base}.{digest}.{n}");
            }
            key
        };
        given.insert(key.clone());
        keys.push(key);
    }
    keys
}

/// What one mail does: orders kept (every version, and the current one in the
/// game folder), a password changed; the log lines it asks for.
fn apply_effects(
    dir: &Path,
    state: &mut MailState,
    effects: Vec<Effect>,
    batch: &mut Batch,
    faults: &mut Faults,
) -> Result<Vec<String>, MailError> {
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
                let kept: PathBuf = mail_dir(dir)
                    .join("orders")
                    .join(player.0.to_string())
                    .join(format!("{turn:03}-v{version:03}.txt"));
                batch.write(&kept, text.as_bytes(), true)?;
                step(faults)?;
                if current {
                    let target = dir.join(folder::orders_file(player, turn));
                    batch.write(&target, text.as_bytes(), false)?;
                    step(faults)?;
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
    Ok(logs)
}
