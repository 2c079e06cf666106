//! The arbiter's mail robot, the protocol part (the book's annex "Le serveur de
//! mail"): a received mail is read ([`read_incoming`]), then [`handle`] decides what
//! is stored and what is answered. No file, no clock, no network here: the caller
//! (`nebutil mail run`, `src/cli/mail/`) gives the arrival time, the player's CR,
//! the validator, and writes what comes back.
//!
//! Rulings of the mail server (the book is silent): G-147 … G-159.
//!
//! Files: here the state, the context and [`handle`] (what is refused before
//! reading, then the request dispatched); `incoming.rs` reads a MIME mail,
//! `requests.rs` answers each kind of request, `turn.rs` sends the turn's CRs and
//! the reminders.

mod incoming;
mod requests;
#[cfg(test)]
mod tests;
mod turn;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::i18n::{Lang, tr, tr_args};
use crate::model::PlayerId;
use crate::orders::mail::{
    ConfigCommand, Credentials, InfoRequest, MailKind, MessageMail, MessageMode, Recipient,
    parse_mail,
};

pub use incoming::{Incoming, is_automatic, read_incoming};
use requests::{config_request, confirm, info_request, orders_request, relay};
pub use turn::{reminders, turn_mails};

/// Ruling G-147 (annexe, serveur de mail): a mail larger than 1 MiB is not read;
/// its sender gets one short reply (the book sets no limit).
pub const MAX_MAIL_BYTES: usize = 1 << 20;

/// Ruling G-148 (annexe, serveur de mail): at most 20 replies an hour go to one
/// address (relayed messages excluded); beyond, the robot is silent and logs it.
pub const REPLIES_PER_HOUR: usize = 20;

/// Ruling G-149 (annexe, serveur de mail): after 5 wrong passwords from one address
/// within 24 hours the robot answers that address no more (silence, a line in the
/// arbiter's log) until the 24 hours are over.
pub const WRONG_PASSWORDS: usize = 5;
const WRONG_WINDOW: i64 = 24 * 3600;

/// The robot's memory of one player (in `DIR/mail/state.json`).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PlayerMail {
    /// Registered addresses (lower case): data replies go only there.
    pub emails: Vec<String>,
    /// The argon2id hash of the password (PHC string), never the password.
    pub password_hash: String,
    /// The language of replies (`fr`, `en`).
    pub lang: String,
    pub msggen: bool,
    pub copie: bool,
    pub rumeur: bool,
    /// An EMAIL/ADDEMAIL waiting for its confirmation.
    pub pending: Option<PendingEmail>,
    /// The last turn whose CR and NBT were mailed.
    pub cr_mailed: u32,
}

impl PlayerMail {
    pub fn new(emails: Vec<String>, password_hash: String, lang: Lang) -> Self {
        PlayerMail {
            emails,
            password_hash,
            lang: lang.code().to_string(),
            msggen: true,
            copie: false,
            rumeur: true,
            pending: None,
            cr_mailed: 0,
        }
    }

    pub fn language(&self) -> Lang {
        Lang::from_code(&self.lang).unwrap_or_default()
    }
}

/// An address change waiting for the reply to its confirmation mail.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct PendingEmail {
    pub token: String,
    pub addresses: Vec<String>,
    /// `ADDEMAIL` (added) rather than `EMAIL` (replaced).
    pub add: bool,
}

/// One stored version of a player's orders for a turn.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Version {
    pub number: u32,
    /// The mail's date bounded by its arrival (seconds since 1970).
    pub when: i64,
    pub checksum: String,
}

/// Everything the robot remembers, saved atomically after each mail.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct MailState {
    pub players: BTreeMap<u32, PlayerMail>,
    /// Versions per player and turn (`"<player>-<turn>"`), the current one last
    /// chosen by [`Version::when`].
    pub versions: BTreeMap<String, Vec<Version>>,
    pub current: BTreeMap<String, u32>,
    /// The mails already processed (their Maildir unique names): the journal.
    pub processed: Vec<String>,
    /// Times of replies per address (rate limit).
    pub replies: BTreeMap<String, Vec<i64>>,
    /// Times of wrong passwords per address.
    pub wrong: BTreeMap<String, Vec<i64>>,
    /// `M` messages: the relaying mail's key → the players of the thread.
    #[serde(default)]
    pub threads: BTreeMap<String, Vec<u32>>,
    /// The deadline of a turn (turn, seconds since 1970), from `--deadline`.
    #[serde(default)]
    pub deadline: Option<(u32, i64)>,
    /// The last turn each player was reminded of the deadline.
    #[serde(default)]
    pub reminded: BTreeMap<u32, u32>,
    /// When the robot first saw each turn (seconds since 1970): the turn's start.
    #[serde(default)]
    pub turn_seen: BTreeMap<u32, i64>,
}

/// A reply to send (written to the outbox first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Its Message-ID without the domain (`<id@nebutil>`), unique and the same on
    /// a rerun: the mail's key and the reply's rank.
    pub id: String,
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
    /// Attached files: name and text.
    pub attachments: Vec<(String, String)>,
}

/// What the caller must write besides the replies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Keep this version (`DIR/mail/orders/<n>/TTT-vVVV.txt`); when `current`,
    /// it is also `players/<n>/orders-TTT.txt`.
    StoreOrders {
        player: PlayerId,
        turn: u32,
        version: u32,
        text: String,
        current: bool,
    },
    /// Hash this password and keep it for the player.
    SetPassword { player: PlayerId, password: String },
    /// A line for the arbiter's log (`DIR/mail/robot.log`).
    Log(String),
}

/// The validator as the caller runs it: the diagnostics of a player's order text,
/// rendered in a language, each with whether it is an error.
pub type Validate<'a> = dyn Fn(PlayerId, &str, Lang) -> Vec<(bool, String)> + 'a;

/// What [`handle`] needs of the game and of the caller.
pub struct Context<'a> {
    pub game: &'a str,
    /// The turn being played (orders are for it).
    pub turn: u32,
    /// Players: number and name (pseudo).
    pub players: &'a [(PlayerId, String)],
    /// Arrival time (seconds since 1970).
    pub now: i64,
    /// The mail's unique key (its Maildir name): tokens derive from it.
    pub key: &'a str,
    pub verify_password: &'a dyn Fn(&str, &str) -> bool,
    /// The current stored orders of a player for [`Context::turn`].
    pub stored_orders: &'a dyn Fn(PlayerId) -> Option<String>,
    /// The validator's diagnostics of an order text, rendered in that language,
    /// each with whether it is an error.
    pub validate: &'a Validate<'a>,
    /// The player's CR and NBT of the current turn (file name, text).
    pub turn_files: &'a dyn Fn(PlayerId) -> Vec<(String, String)>,
}

/// The checksum of a stored order text: SHA-256 of its bytes, hexadecimal.
pub fn checksum(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    digest.iter().map(|b| format!("{b:02x}")).collect()
}

fn key_of(player: PlayerId, turn: u32) -> String {
    format!("{}-{}", player.0, turn)
}

fn token(key: &str, player: PlayerId) -> String {
    checksum(&format!("{key}/{}", player.0))[..16].to_string()
}

struct Out {
    replies: Vec<Reply>,
    effects: Vec<Effect>,
}

impl Out {
    fn log(&mut self, line: String) {
        self.effects.push(Effect::Log(line));
    }
}

/// Drops the rate counters no limit looks at any more (replies older than an
/// hour, wrong passwords older than a day), addresses included: the state stays
/// as small as the last day's traffic, whatever strangers write to the robot.
/// Called once per run, before the mails.
pub fn forget_old_counters(state: &mut MailState, now: i64) {
    for (counters, window) in [(&mut state.replies, 3600), (&mut state.wrong, WRONG_WINDOW)] {
        counters.retain(|_, times| {
            times.retain(|t| now - *t < window);
            !times.is_empty()
        });
    }
}

/// Decides what one received mail does. Updates `state` (settings, versions, rate
/// counters, the journal) and returns the replies and the effects to write.
pub fn handle(state: &mut MailState, ctx: &Context, mail: &Incoming) -> (Vec<Reply>, Vec<Effect>) {
    let mut out = Out {
        replies: Vec::new(),
        effects: Vec::new(),
    };
    state.turn_seen.entry(ctx.turn).or_insert(ctx.now);
    decide(state, ctx, mail, &mut out);
    // Rate limit on every reply but relayed messages (marked by an empty subject
    // prefix check below: relays are built by `relay`, which bypasses the limit).
    let mut kept = Vec::new();
    for reply in out.replies {
        let relay = reply.subject.starts_with('[');
        let mut allowed = Vec::new();
        for address in &reply.to {
            let times = state.replies.entry(address.clone()).or_default();
            times.retain(|t| ctx.now - *t < 3600);
            if relay || times.len() < REPLIES_PER_HOUR {
                times.push(ctx.now);
                allowed.push(address.clone());
            } else {
                out.effects.push(Effect::Log(format!(
                    "{}: rate limit, no reply to {address}",
                    ctx.key
                )));
            }
        }
        if !allowed.is_empty() {
            kept.push(Reply {
                id: format!("{}-r{}", ctx.key, kept.len()),
                to: allowed,
                ..reply
            });
        }
    }
    state.processed.push(ctx.key.to_string());
    (kept, out.effects)
}

fn reply(to: &[String], subject: String, body: String) -> Reply {
    Reply {
        id: String::new(),
        to: to.to_vec(),
        subject,
        body,
        attachments: Vec::new(),
    }
}

/// Ruling G-152 (annexe, serveur de mail): data replies (acknowledgements, orders,
/// CR, settings) go only to the player's registered addresses; a right password
/// from another address gets a short note saying the answer went there.
fn decide(state: &mut MailState, ctx: &Context, mail: &Incoming, out: &mut Out) {
    let Some(lang_of_sender) = screen(state, ctx, mail, out) else {
        return;
    };
    let from = vec![mail.from.clone()];
    let (kind, diagnostics) = parse_mail(&request_text(mail));
    let Some(kind) = kind else {
        out.replies.push(reply(
            &from,
            tr(lang_of_sender, "mail-re-error"),
            tr_args(
                lang_of_sender,
                "mail-unknown-request",
                &[("subject", &mail.subject)],
            ),
        ));
        return;
    };
    let credentials = match &kind {
        MailKind::Orders(m) => &m.credentials,
        MailKind::Message(m) => &m.credentials,
        MailKind::Config(m) => &m.credentials,
        MailKind::Info(m) => &m.credentials,
    }
    .clone();
    let Some(player) = authenticate(state, ctx, mail, &credentials, lang_of_sender, out) else {
        return;
    };
    let Some(me) = state.players.get(&player.0).cloned() else {
        return;
    };
    let lang = me.language();
    // Applies ruling G-152 (see this function's doc).
    if !me.emails.contains(&mail.from) {
        out.replies.push(reply(
            &from,
            tr(lang, "mail-re-notice"),
            tr(lang, "mail-sent-to-registered"),
        ));
    }
    let to = me.emails.clone();
    let envelope_errors: Vec<String> = diagnostics
        .iter()
        .filter(|d| d.severity == crate::diagnostic::Severity::Error)
        .filter(|d| d.code.starts_with("order-mail-"))
        .map(|d| d.render("mail", lang))
        .collect();
    if !envelope_errors.is_empty() && !matches!(kind, MailKind::Info(_)) {
        error_reply(lang, &to, &envelope_errors, out);
        return;
    }
    match kind {
        MailKind::Orders(orders) => {
            let stored = orders.order_text();
            orders_request(
                state,
                ctx,
                mail,
                player,
                lang,
                &to,
                &orders.acknowledgement,
                stored,
                out,
            );
        }
        MailKind::Message(message) => {
            let (recipients, mode) = thread_recipients(state, mail, &message);
            relay(
                state,
                ctx,
                player,
                &me,
                mode,
                &recipients,
                &message.lines,
                &mail.text_attachments,
                out,
            );
        }
        MailKind::Config(config) => {
            config_request(state, ctx, player, lang, &to, &config.commands, out);
        }
        MailKind::Info(info) => {
            info_request(
                state,
                ctx,
                player,
                lang,
                &to,
                &info.requests,
                &envelope_errors,
                out,
            );
        }
    }
}

/// What is answered before the request is read: an automatic mail and an
/// address silenced after wrong passwords are ignored, a mail too large or in
/// HTML only gets an error, a confirmation of `EMAIL`/`ADDEMAIL` is handled.
/// The sender's language when the mail goes on to be read.
fn screen(state: &mut MailState, ctx: &Context, mail: &Incoming, out: &mut Out) -> Option<Lang> {
    let from = vec![mail.from.clone()];
    if mail.automatic {
        out.log(format!(
            "{}: automatic mail from <{}>, ignored",
            ctx.key, mail.from
        ));
        return None;
    }
    // Silenced addresses (wrong passwords).
    if let Some(times) = state.wrong.get_mut(&mail.from) {
        times.retain(|t| ctx.now - *t < WRONG_WINDOW);
        if times.len() >= WRONG_PASSWORDS {
            out.log(format!(
                "{}: <{}> silenced after {} wrong passwords",
                ctx.key,
                mail.from,
                times.len()
            ));
            return None;
        }
    }
    let lang_of_sender = state
        .players
        .values()
        .find(|p| p.emails.contains(&mail.from))
        .map_or(Lang::Fr, PlayerMail::language);
    if mail.size > MAX_MAIL_BYTES {
        out.replies.push(reply(
            &from,
            tr(lang_of_sender, "mail-re-error"),
            tr(lang_of_sender, "mail-too-large"),
        ));
        return None;
    }
    // A confirmation of EMAIL/ADDEMAIL: the token in the subject.
    if confirm(state, ctx, mail, out) {
        return None;
    }
    if mail.html_only {
        out.replies.push(reply(
            &from,
            tr(lang_of_sender, "mail-re-error"),
            tr(lang_of_sender, "mail-html-only"),
        ));
        return None;
    }
    Some(lang_of_sender)
}

/// The request as the mail parser reads it: the subject, then the body — or the
/// first text attachment holding `DEBUT` when the body has none (orders may come
/// as a text attachment, G-151).
fn request_text(mail: &Incoming) -> String {
    let has_debut = |t: &str| t.lines().any(|l| l.trim().eq_ignore_ascii_case("DEBUT"));
    let body = match mail.text_attachments.iter().find(|(_, t)| has_debut(t)) {
        Some((_, text)) if !has_debut(&mail.text) => text,
        _ => &mail.text,
    };
    format!("{}\n{}", mail.subject, body)
}

/// Ruling G-157 (annexe, serveur de mail): a MESSAGE answering a relayed
/// `M` message (its In-Reply-To or References names the relayed mail)
/// goes to every player of that thread as well as to those it names,
/// and is itself an `M` message; the thread is known by the relayed
/// mail's Message-ID, so the answer must be a reply to it.
fn thread_recipients(
    state: &MailState,
    mail: &Incoming,
    message: &MessageMail,
) -> (Vec<Recipient>, Option<MessageMode>) {
    let mut recipients = message.recipients.clone();
    let mut mode = message.mode;
    if mode == Some(MessageMode::Anonymous) {
        return (recipients, mode);
    }
    for reference in &mail.references {
        let Some(thread) = reference
            .split_once('@')
            .and_then(|(id, _)| id.rsplit_once("-r"))
            .and_then(|(key, _)| state.threads.get(key))
        else {
            continue;
        };
        for p in thread {
            let r = Recipient::Number(PlayerId(*p));
            if !recipients.contains(&r) {
                recipients.push(r);
            }
        }
        mode = Some(MessageMode::Multi);
    }
    (recipients, mode)
}

fn error_reply(lang: Lang, to: &[String], errors: &[String], out: &mut Out) {
    out.replies.push(reply(
        to,
        tr(lang, "mail-re-error"),
        format!(
            "{}\n\n{}\n",
            tr(lang, "mail-request-errors"),
            errors.join("\n")
        ),
    ));
}

/// Ruling G-153 (annexe, serveur de mail): the game's name is compared without
/// regard to case; a mail for another game, an unknown player or a wrong
/// password gets one error reply to its sender, and counts as a wrong password.
fn authenticate(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    credentials: &Credentials,
    lang: Lang,
    out: &mut Out,
) -> Option<PlayerId> {
    let from = vec![mail.from.clone()];
    // Applies ruling G-153 (see this function's doc).
    let known = state.players.get(&credentials.player.0);
    let right = credentials.game.eq_ignore_ascii_case(ctx.game)
        && known.is_some_and(|p| (ctx.verify_password)(&p.password_hash, &credentials.password));
    if right {
        return Some(credentials.player);
    }
    let times = state.wrong.entry(mail.from.clone()).or_default();
    times.push(ctx.now);
    out.log(format!(
        "{}: wrong game, player or password from <{}> (player {})",
        ctx.key, mail.from, credentials.player.0
    ));
    if times.len() <= WRONG_PASSWORDS {
        out.replies.push(reply(
            &from,
            tr(lang, "mail-re-error"),
            tr_args(
                lang,
                "mail-wrong-password",
                &[
                    ("game", ctx.game),
                    ("player", &credentials.player.0.to_string()),
                ],
            ),
        ));
    }
    None
}
