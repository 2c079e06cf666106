//! One pass of the robot (`nebutil mail run`): the folder lock, a turn
//! interrupted by a crash finished first, the CRs of a new turn and the
//! reminders, every mail of `inbox/new` in arrival order (committed in batches),
//! then the outbox sent through SMTP.

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use sha2::{Digest, Sha256};

use super::maildir::{
    BATCH, Batch, ensure_maildir, format_reply, io_error, load_state, log_lines, mail_dir,
    maildir_key, maildir_new, save_state, send_outbox, step, take_lock, write_outbox,
};
use super::{MailError, RunArgs, hash_password, parse_deadline, verify_password};
use crate::cli::error::CliError;
use crate::cli::input;
use crate::diagnostic::Severity;
use crate::game::folder;
use crate::game::mailbox::{self, Context, Effect, MailState, Reply};
use crate::i18n::{Lang, tr_args};
use crate::model::PlayerId;
use crate::model::knowledge::Knowledge;
use crate::nbt;
use crate::orders::validate::{PlayerContext, check_orders_with};
use crate::report;
use crate::storage::fault::Faults;
use crate::storage::text_file::TextKind;

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

/// The player's current turn files (CR and NBT: file name, text).
fn turn_files(dir: &Path, player: PlayerId, turn: u32) -> Vec<(String, String)> {
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
}

/// One pass of the robot over the game folder `args.dir`.
pub(super) fn run_once(args: &RunArgs, lang: Lang, out: &mut dyn Write) -> Result<(), CliError> {
    let dir = &args.dir;
    let mut faults = Faults::from_env();
    let _lock = take_lock(dir)?;
    // A turn interrupted by a crash is finished (or undone) first.
    crate::storage::turn::recover(dir, &mut faults).map_err(MailError::Io)?;
    let save = crate::cli::game::read_save(dir)?;
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
        Some(text) => Some(parse_deadline(text).ok_or_else(|| MailError::Deadline(text.clone()))?),
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
    let turn_files = |player: PlayerId| turn_files(dir, player, turn);
    // A hash is checked once per run and password (a player's many mails).
    let verified: RefCell<HashMap<(String, String), bool>> = RefCell::new(HashMap::new());
    let verify = |hash: &str, password: &str| {
        *verified
            .borrow_mut()
            .entry((hash.to_string(), password.to_string()))
            .or_insert_with(|| verify_password(hash, password))
    };
    let base = Context {
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
    let mut written = turn_mails(args, &mut state, &base, &mut faults)?;
    let (processed, replies) = process_inbox(args, &mut state, &base, &mut faults)?;
    written += replies;
    let mut sent = 0usize;
    if let Some(url) = &args.smtp {
        sent = send_outbox(dir, url, &args.from, &mut faults)?;
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

/// The CRs of a new turn (once) and the reminders before the deadline, written
/// to the outbox; the number written.
fn turn_mails(
    args: &RunArgs,
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
    if !mails.is_empty() {
        for reply in &mails {
            let bytes = format_reply(reply, &args.from, &reply.id)?;
            written += usize::from(write_outbox(dir, &reply.id, &bytes)?);
            step(faults)?;
        }
        save_state(dir, state)?;
        step(faults)?;
    }
    Ok(written)
}

/// Every mail of `inbox/new`, in arrival order: its effects and replies written,
/// committed in batches; (mails processed, replies written).
fn process_inbox(
    args: &RunArgs,
    state: &mut MailState,
    base: &Context,
    faults: &mut Faults,
) -> Result<(usize, usize), MailError> {
    let dir = &args.dir;
    let inbox = mail_dir(dir).join("inbox");
    let mut processed = 0usize;
    let mut written = 0usize;
    let mut batch = Batch::default();
    let waiting = maildir_new(&inbox)?;
    let already: HashSet<String> = state.processed.iter().cloned().collect();
    let keys = unique_keys(dir, &waiting, &already)?;
    // The journal only needs the mails still waiting in `new/`: one processed
    // and saved but not yet moved (a run killed in between) is moved now without
    // being processed again. The others were moved: forgotten, so that the
    // journal stays as small as one batch.
    let waiting_keys: HashSet<&str> = keys.iter().map(String::as_str).collect();
    state
        .processed
        .retain(|key| waiting_keys.contains(key.as_str()));
    mailbox::forget_old_counters(state, now());
    for ((_, path), key) in waiting.iter().zip(keys) {
        let done = inbox.join("cur").join(format!("{key}:2,S"));
        if already.contains(&key) {
            std::fs::rename(path, &done).map_err(|e| io_error(path, e))?;
            continue;
        }
        let raw = std::fs::read(path).map_err(|e| io_error(path, e))?;
        let incoming = mailbox::read_incoming(&raw, &args.from);
        let ctx = Context {
            now: now(),
            key: &key,
            ..*base
        };
        let (replies, effects) = mailbox::handle(state, &ctx, &incoming);
        let mut logs = apply_effects(dir, state, effects, &mut batch, faults)?;
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
            step(faults)?;
        }
        log_lines(dir, &logs);
        batch.moves.push((path.clone(), done));
        processed += 1;
        if batch.moves.len() >= BATCH {
            batch.commit(dir, state, faults)?;
        }
    }
    batch.commit(dir, state, faults)?;
    Ok((processed, written))
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
fn unique_keys(
    dir: &Path,
    waiting: &[(String, PathBuf)],
    journal: &HashSet<String>,
) -> Result<Vec<String>, MailError> {
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
    for (name, path) in waiting {
        let base = maildir_key(name);
        let key = if resumed(base) || !taken(&given, base) {
            base.to_string()
        } else {
            let raw = std::fs::read(path).map_err(|e| io_error(path, e))?;
            let digest: String = Sha256::digest(&raw)
                .iter()
                .take(6)
                .map(|b| format!("{b:02x}"))
                .collect();
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
    Ok(keys)
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
                batch.write(&kept, text.as_bytes())?;
                step(faults)?;
                if current {
                    let target = dir.join(folder::orders_file(player, turn));
                    batch.write(&target, text.as_bytes())?;
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
