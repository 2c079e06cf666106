//! The arbiter's mail robot, the protocol part (the book's annex "Le serveur de
//! mail"): a received mail is read ([`read_incoming`]), then [`handle`] decides what
//! is stored and what is answered. No file, no clock, no network here: the caller
//! (`nebutil mail run`, `src/cli/mail.rs`) gives the arrival time, the player's CR,
//! the validator, and writes what comes back.
//!
//! Rulings of the mail server (the book is silent): G-147 … G-159.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

use crate::i18n::{Lang, tr, tr_args};
use crate::model::PlayerId;
use crate::orders::mail::{
    ConfigCommand, Credentials, InfoRequest, MailKind, MessageMode, Recipient, parse_mail,
};

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

/// One received mail, read from its MIME form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Incoming {
    /// The `From` address (lower case), empty when none.
    pub from: String,
    pub subject: String,
    /// The text body (`text/plain`), decoded; empty for an HTML-only mail.
    pub text: String,
    /// The text of `text/plain` attachments (name, text).
    pub text_attachments: Vec<(String, String)>,
    /// An HTML part and no plain text.
    pub html_only: bool,
    /// A bounce or an automatic mail (RFC 3834): never answered.
    pub automatic: bool,
    /// The `Date` header, seconds since 1970, when readable.
    pub date: Option<i64>,
    /// The size of the raw mail.
    pub size: usize,
    /// The message ids of `In-Reply-To` and `References` (without `<>`).
    pub references: Vec<String>,
}

/// Reads a raw mail (RFC 5322, MIME). Undeclared 8-bit text is read as UTF-8,
/// else Windows-1252. `own` is the robot's address (a mail from it is automatic).
pub fn read_incoming(raw: &[u8], own: &str) -> Incoming {
    let mut incoming = Incoming {
        size: raw.len(),
        ..Incoming::default()
    };
    let Ok(parsed) = mailparse::parse_mail(raw) else {
        incoming.automatic = true;
        return incoming;
    };
    let header = |name: &str| {
        parsed
            .headers
            .iter()
            .find(|h| h.get_key_ref().eq_ignore_ascii_case(name))
            .map(|h| h.get_value())
    };
    incoming.from = header("From")
        .and_then(|v| mailparse::addrparse(&v).ok())
        .and_then(|list| {
            list.iter().find_map(|a| match a {
                mailparse::MailAddr::Single(s) => Some(s.addr.to_ascii_lowercase()),
                mailparse::MailAddr::Group(g) => {
                    g.addrs.first().map(|s| s.addr.to_ascii_lowercase())
                }
            })
        })
        .unwrap_or_default();
    incoming.subject = header("Subject").unwrap_or_default().trim().to_string();
    incoming.date = header("Date").and_then(|d| mailparse::dateparse(&d).ok());
    for name in ["In-Reply-To", "References"] {
        if let Some(value) = header(name) {
            for id in value.split_whitespace() {
                let id = id.trim_matches(|c| c == '<' || c == '>' || c == ',');
                if !id.is_empty() && !incoming.references.iter().any(|r| r == id) {
                    incoming.references.push(id.to_string());
                }
            }
        }
    }
    incoming.automatic = is_automatic(
        &parsed
            .headers
            .iter()
            .map(|h| (h.get_key(), h.get_value()))
            .collect::<Vec<_>>(),
        &incoming.from,
        own,
    );
    let mut html = false;
    collect_parts(&parsed, &mut incoming, &mut html, 0);
    incoming.html_only = html && incoming.text.trim().is_empty();
    incoming
}

/// Ruling G-150 (annexe, serveur de mail): a mail is automatic, and never answered,
/// when it has `Auto-Submitted` other than `no`, `Precedence: bulk|junk|list`, a
/// `List-Id`, an empty `Return-Path` (`<>`), a `X-Loop` or `X-Autoreply`, a
/// sender named MAILER-DAEMON or postmaster, a `multipart/report` type, or comes
/// from the robot's own address (no mail loops).
pub fn is_automatic(headers: &[(String, String)], from: &str, own: &str) -> bool {
    let from = from.to_ascii_lowercase();
    if from.is_empty()
        || (!own.is_empty() && from == own.to_ascii_lowercase())
        || from.starts_with("mailer-daemon")
        || from.starts_with("postmaster")
    {
        return true;
    }
    headers.iter().any(|(key, value)| {
        let value = value.trim().to_ascii_lowercase();
        match key.to_ascii_lowercase().as_str() {
            "auto-submitted" => value != "no",
            "precedence" => matches!(value.as_str(), "bulk" | "junk" | "list"),
            "list-id" | "list-unsubscribe" | "x-autoreply" | "x-loop" => true,
            "return-path" => value.is_empty() || value == "<>",
            "content-type" => value.starts_with("multipart/report"),
            _ => false,
        }
    })
}

fn part_text(part: &mailparse::ParsedMail) -> String {
    let declared = part
        .headers
        .iter()
        .find(|h| h.get_key_ref().eq_ignore_ascii_case("Content-Type"))
        .map(|h| h.get_value().to_ascii_lowercase().contains("charset"))
        .unwrap_or(false);
    if declared {
        part.get_body().unwrap_or_default()
    } else {
        // mailparse reads undeclared text as US-ASCII: decode the bytes ourselves.
        let bytes = part.get_body_raw().unwrap_or_default();
        crate::text::decode(&bytes).0
    }
}

/// Ruling G-151 (annexe, serveur de mail): the attachments read are text ones
/// (`text/plain`, or a `.txt`/`.ord` file sent as octet-stream); HTML, vCards
/// and every other kind are dropped, never relayed. The text attachments of a
/// Message are relayed with it, under their names (a rumour's too: its file name
/// is the sender's choice, like its text).
fn collect_parts(
    part: &mailparse::ParsedMail,
    incoming: &mut Incoming,
    html: &mut bool,
    depth: usize,
) {
    if depth > 8 {
        return;
    }
    if !part.subparts.is_empty() {
        for sub in &part.subparts {
            collect_parts(sub, incoming, html, depth + 1);
        }
        return;
    }
    let mime = part.ctype.mimetype.to_ascii_lowercase();
    let disposition = part.get_content_disposition();
    let attachment = disposition.disposition == mailparse::DispositionType::Attachment;
    let name = disposition
        .params
        .get("filename")
        .or_else(|| part.ctype.params.get("name"))
        .cloned();
    // Applies ruling G-151 (see this function's doc).
    let texty = mime == "text/plain"
        || (mime == "application/octet-stream"
            && name.as_deref().is_some_and(|n| {
                let n = n.to_ascii_lowercase();
                n.ends_with(".txt") || n.ends_with(".ord")
            }));
    if attachment || name.is_some() {
        if texty {
            incoming
                .text_attachments
                .push((name.unwrap_or_default(), part_text(part)));
        }
    } else if mime == "text/plain" {
        if incoming.text.is_empty() {
            incoming.text = part_text(part);
        }
    } else if mime == "text/html" {
        *html = true;
    }
}

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
/// Ruling G-157 (annexe, serveur de mail): a MESSAGE answering a relayed
/// `M` message (its In-Reply-To or References names the relayed mail)
/// goes to every player of that thread as well as to those it names,
/// and is itself an `M` message; the thread is known by the relayed
/// mail's Message-ID, so the answer must be a reply to it.
fn decide(state: &mut MailState, ctx: &Context, mail: &Incoming, out: &mut Out) {
    let from = vec![mail.from.clone()];
    if mail.automatic {
        out.log(format!(
            "{}: automatic mail from <{}>, ignored",
            ctx.key, mail.from
        ));
        return;
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
            return;
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
        return;
    }
    // A confirmation of EMAIL/ADDEMAIL: the token in the subject.
    if confirm(state, ctx, mail, out) {
        return;
    }
    if mail.html_only {
        out.replies.push(reply(
            &from,
            tr(lang_of_sender, "mail-re-error"),
            tr(lang_of_sender, "mail-html-only"),
        ));
        return;
    }
    // The body; orders may come as a text attachment (G-151).
    let mut body = mail.text.clone();
    let has_debut = |t: &str| t.lines().any(|l| l.trim().eq_ignore_ascii_case("DEBUT"));
    if !has_debut(&body)
        && let Some((_, text)) = mail.text_attachments.iter().find(|(_, t)| has_debut(t))
    {
        body = text.clone();
    }
    let text = format!("{}\n{}", mail.subject, body);
    let (kind, diagnostics) = parse_mail(&text);
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
    match kind {
        MailKind::Orders(orders) => {
            if !envelope_errors.is_empty() {
                error_reply(lang, &to, &envelope_errors, out);
                return;
            }
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
            if !envelope_errors.is_empty() {
                error_reply(lang, &to, &envelope_errors, out);
                return;
            }
            let mut recipients = message.recipients.clone();
            let mut mode = message.mode;
            // Applies ruling G-157 (see this function's doc).
            if mode != Some(MessageMode::Anonymous) {
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
            }
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
            if !envelope_errors.is_empty() {
                error_reply(lang, &to, &envelope_errors, out);
                return;
            }
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

/// Ruling G-154 (annexe, serveur de mail): versions are ordered by the mail's
/// Date, bounded by its arrival time (a Date in the future counts as the
/// arrival), then by arrival. Every version is kept; a mail older than the
/// current version does not replace it, and its acknowledgement says so (the
/// book let the older mail win when it arrived last).
/// Ruling G-159 (annexe, serveur de mail): orders are for the turn being played
/// when the mail is processed (the subject names no turn). A mail dated before
/// that turn began (written for the previous one, arriving late) is stored all
/// the same, and its acknowledgement warns that it now counts for this turn.
#[allow(clippy::too_many_arguments)]
fn orders_request(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    player: PlayerId,
    lang: Lang,
    to: &[String],
    acknowledgement: &Option<String>,
    stored: String,
    out: &mut Out,
) {
    // Applies ruling G-154 (see this function's doc).
    let when = mail.date.map_or(ctx.now, |d| d.min(ctx.now));
    let key = key_of(player, ctx.turn);
    let versions = state.versions.entry(key.clone()).or_default();
    let number = versions.len() as u32 + 1;
    let sum = checksum(&stored);
    let current_when = state
        .current
        .get(&key)
        .and_then(|c| versions.iter().find(|v| v.number == *c))
        .map(|v| v.when);
    let current = current_when.is_none_or(|w| when >= w);
    versions.push(Version {
        number,
        when,
        checksum: sum.clone(),
    });
    if current {
        state.current.insert(key, number);
    }
    out.effects.push(Effect::StoreOrders {
        player,
        turn: ctx.turn,
        version: number,
        text: stored.clone(),
        current,
    });
    let diagnostics = (ctx.validate)(player, &stored, lang);
    // Applies ruling G-159 (see this function's doc).
    let late = state
        .turn_seen
        .get(&ctx.turn)
        .is_some_and(|start| when < *start);
    let mut body = tr_args(
        lang,
        if current {
            "mail-orders-stored"
        } else {
            "mail-orders-older"
        },
        &[
            ("game", ctx.game),
            ("player", &player.0.to_string()),
            ("turn", &ctx.turn.to_string()),
            ("version", &number.to_string()),
            ("checksum", &sum),
            ("lines", &stored.lines().count().to_string()),
        ],
    );
    body.push_str("\n\n");
    if late {
        body.push_str(&tr_args(
            lang,
            "mail-orders-late",
            &[("turn", &ctx.turn.to_string())],
        ));
        body.push_str("\n\n");
    }
    if let Some(message) = acknowledgement {
        body.push_str(&tr_args(
            lang,
            "mail-orders-message",
            &[("message", message)],
        ));
        body.push_str("\n\n");
    }
    if diagnostics.is_empty() {
        body.push_str(&tr(lang, "mail-orders-no-diagnostic"));
    } else {
        body.push_str(&tr_args(
            lang,
            "mail-orders-diagnostics",
            &[("count", &diagnostics.len().to_string())],
        ));
        body.push('\n');
        for (_, line) in &diagnostics {
            body.push_str(line);
            body.push('\n');
        }
    }
    body.push_str("\n\nDEBUT\n");
    body.push_str(&stored);
    body.push_str("FIN\n");
    let subject = tr_args(
        lang,
        "mail-orders-subject",
        &[
            ("game", ctx.game),
            ("player", &player.0.to_string()),
            ("version", &number.to_string()),
            ("message", acknowledgement.as_deref().unwrap_or("")),
        ],
    );
    out.replies.push(reply(to, subject, body));
}

#[allow(clippy::too_many_arguments)]
fn relay(
    state: &mut MailState,
    ctx: &Context,
    player: PlayerId,
    me: &PlayerMail,
    mode: Option<MessageMode>,
    recipients: &[Recipient],
    lines: &[String],
    attachments: &[(String, String)],
    out: &mut Out,
) {
    let anonymous = mode == Some(MessageMode::Anonymous);
    let all = recipients.contains(&Recipient::All);
    let mut targets: Vec<PlayerId> = Vec::new();
    let mut unknown = Vec::new();
    for r in recipients {
        match r {
            Recipient::All => targets.extend(ctx.players.iter().map(|(p, _)| *p)),
            Recipient::Number(n) => {
                if ctx.players.iter().any(|(p, _)| p == n) {
                    targets.push(*n);
                } else {
                    unknown.push(n.0.to_string());
                }
            }
            Recipient::Pseudo(name) => match ctx.players.iter().find(|(_, n)| n == name) {
                Some((p, _)) => targets.push(*p),
                None => unknown.push(name.clone()),
            },
        }
    }
    targets.sort();
    targets.dedup();
    targets.retain(|p| *p != player);
    if mode == Some(MessageMode::Multi) {
        let mut thread: Vec<u32> = targets.iter().map(|p| p.0).collect();
        thread.push(player.0);
        thread.sort_unstable();
        state.threads.insert(ctx.key.to_string(), thread);
    }
    let names: Vec<String> = targets.iter().map(|p| p.0.to_string()).collect();
    let mut delivered = Vec::new();
    for target in &targets {
        let Some(them) = state.players.get(&target.0) else {
            continue;
        };
        // The book's settings: rumours (anonymous) and general messages (<All>).
        if (anonymous && !them.rumeur) || (all && !anonymous && !them.msggen) {
            continue;
        }
        let lang = them.language();
        let header = if anonymous {
            tr_args(lang, "mail-relay-rumour", &[("game", ctx.game)])
        } else if mode == Some(MessageMode::Multi) {
            tr_args(
                lang,
                "mail-relay-multi",
                &[
                    ("game", ctx.game),
                    ("player", &player.0.to_string()),
                    ("recipients", &names.join(",")),
                ],
            )
        } else {
            tr_args(
                lang,
                "mail-relay-from",
                &[("game", ctx.game), ("player", &player.0.to_string())],
            )
        };
        // Relayed text only: never the sender's address nor his headers.
        let subject = format!("[{}] {header}", ctx.game);
        let mut body = lines.join("\n");
        body.push('\n');
        if mode == Some(MessageMode::Multi) {
            body.push_str(&format!(
                "\n-- \n{}\n",
                tr_args(
                    lang,
                    "mail-relay-answer-multi",
                    &[("game", ctx.game), ("recipients", &names.join(","))]
                )
            ));
        }
        let mut relayed = reply(&them.emails, subject, body);
        // Applies ruling G-151 (see the ruling list): text attachments only.
        relayed.attachments = attachments.to_vec();
        out.replies.push(relayed);
        delivered.push(target.0.to_string());
    }
    let lang = me.language();
    let mut body = tr_args(
        lang,
        "mail-message-sent",
        &[("recipients", &delivered.join(", "))],
    );
    if !unknown.is_empty() {
        body.push('\n');
        body.push_str(&tr_args(
            lang,
            "mail-message-unknown",
            &[("recipients", &unknown.join(", "))],
        ));
    }
    if me.copie {
        body.push_str("\n\nDEBUT\n");
        for line in lines {
            body.push_str(line);
            body.push('\n');
        }
        body.push_str("FIN\n");
    }
    out.replies
        .push(reply(&me.emails, tr(lang, "mail-re-message"), body));
}

fn settings_text(lang: Lang, me: &PlayerMail) -> String {
    let yes_no = |b: bool| if b { "Y" } else { "N" };
    tr_args(
        lang,
        "mail-config-current",
        &[
            ("emails", &me.emails.join(", ")),
            ("msggen", yes_no(me.msggen)),
            ("copie", yes_no(me.copie)),
            ("rumeur", yes_no(me.rumeur)),
        ],
    )
}

/// Ruling G-155 (annexe, serveur de mail): EMAIL and ADDEMAIL send
/// each new address a mail whose subject holds a token
/// (`CONFIRMATION PARTIE J token`); a mail from one of those
/// addresses whose subject holds the token (a reply) makes the
/// change; a later EMAIL/ADDEMAIL replaces a pending one.
fn config_request(
    state: &mut MailState,
    ctx: &Context,
    player: PlayerId,
    lang: Lang,
    to: &[String],
    commands: &[ConfigCommand],
    out: &mut Out,
) {
    let Some(me) = state.players.get_mut(&player.0) else {
        return;
    };
    let mut body = String::new();
    for command in commands {
        match command {
            ConfigCommand::Password(p) => {
                out.effects.push(Effect::SetPassword {
                    player,
                    password: p.clone(),
                });
                body.push_str(&tr(lang, "mail-config-password"));
                body.push('\n');
            }
            ConfigCommand::MsgGen(b) => me.msggen = *b,
            ConfigCommand::Copie(b) => me.copie = *b,
            ConfigCommand::Rumeur(b) => me.rumeur = *b,
            ConfigCommand::Email(_) | ConfigCommand::AddEmail(_) => {
                let (addresses, add) = match command {
                    ConfigCommand::Email(a) => (a.clone(), false),
                    ConfigCommand::AddEmail(a) => (vec![a.clone()], true),
                    _ => continue,
                };
                let addresses: Vec<String> =
                    addresses.iter().map(|a| a.to_ascii_lowercase()).collect();
                // Applies ruling G-155 (see this function's doc).
                let token = token(ctx.key, player);
                me.pending = Some(PendingEmail {
                    token: token.clone(),
                    addresses: addresses.clone(),
                    add,
                });
                out.replies.push(reply(
                    &addresses,
                    format!("CONFIRMATION {} {} {token}", ctx.game, player.0),
                    tr_args(
                        lang,
                        "mail-confirm-ask",
                        &[
                            ("game", ctx.game),
                            ("player", &player.0.to_string()),
                            ("addresses", &addresses.join(", ")),
                        ],
                    ),
                ));
                body.push_str(&tr_args(
                    lang,
                    "mail-config-confirm-sent",
                    &[("addresses", &addresses.join(", "))],
                ));
                body.push('\n');
            }
        }
    }
    body.push_str(&settings_text(lang, me));
    out.replies
        .push(reply(to, tr(lang, "mail-re-config"), body));
}

fn confirm(state: &mut MailState, ctx: &Context, mail: &Incoming, out: &mut Out) -> bool {
    let found = state.players.iter_mut().find(|(_, p)| {
        p.pending.as_ref().is_some_and(|pending| {
            mail.subject.contains(&pending.token) && pending.addresses.contains(&mail.from)
        })
    });
    let Some((number, me)) = found else {
        return false;
    };
    let Some(pending) = me.pending.take() else {
        return false;
    };
    if pending.add {
        for a in pending.addresses {
            if !me.emails.contains(&a) {
                me.emails.push(a);
            }
        }
    } else {
        me.emails = pending.addresses;
    }
    let lang = me.language();
    out.log(format!(
        "{}: player {number} confirmed addresses {}",
        ctx.key,
        me.emails.join(", ")
    ));
    let body = format!(
        "{}\n{}",
        tr(lang, "mail-confirm-done"),
        settings_text(lang, me)
    );
    out.replies
        .push(reply(&me.emails.clone(), tr(lang, "mail-re-config"), body));
    true
}

/// Ruling G-156 (annexe, serveur de mail): NBORDRES counts the
/// orders of the current stored version for the turn being
/// played (lines read as orders; comments and blank lines do not
/// count), 0 when nothing is stored.
#[allow(clippy::too_many_arguments)]
fn info_request(
    state: &MailState,
    ctx: &Context,
    player: PlayerId,
    lang: Lang,
    to: &[String],
    requests: &[InfoRequest],
    errors: &[String],
    out: &mut Out,
) {
    let mut body = String::new();
    let mut attachments = Vec::new();
    let stored = (ctx.stored_orders)(player);
    let version = state.current.get(&key_of(player, ctx.turn)).copied();
    for request in requests {
        match request {
            InfoRequest::NbOrdres => {
                // Applies ruling G-156 (see this function's doc).
                let count = stored
                    .as_deref()
                    .map_or(0, |t| crate::orders::parse::parse_orders(t).orders.len());
                body.push_str(&tr_args(
                    lang,
                    "mail-info-count",
                    &[
                        ("turn", &ctx.turn.to_string()),
                        ("count", &count.to_string()),
                    ],
                ));
                body.push_str("\n\n");
            }
            InfoRequest::Ordres => match &stored {
                Some(text) => {
                    body.push_str(&tr_args(
                        lang,
                        "mail-info-orders",
                        &[
                            ("turn", &ctx.turn.to_string()),
                            ("version", &version.unwrap_or(0).to_string()),
                            ("checksum", &checksum(text)),
                        ],
                    ));
                    body.push_str("\nDEBUT\n");
                    body.push_str(text);
                    body.push_str("FIN\n\n");
                }
                None => {
                    body.push_str(&tr_args(
                        lang,
                        "mail-info-no-orders",
                        &[("turn", &ctx.turn.to_string())],
                    ));
                    body.push_str("\n\n");
                }
            },
            InfoRequest::Cr => {
                let files = (ctx.turn_files)(player);
                body.push_str(&tr_args(
                    lang,
                    "mail-info-cr",
                    &[
                        ("turn", &ctx.turn.to_string()),
                        ("files", &files.len().to_string()),
                    ],
                ));
                body.push_str("\n\n");
                attachments.extend(files);
            }
        }
    }
    if !errors.is_empty() {
        body.push_str(&tr(lang, "mail-request-errors"));
        body.push('\n');
        body.push_str(&errors.join("\n"));
        body.push('\n');
    }
    if requests.is_empty() && errors.is_empty() {
        body.push_str(&tr(lang, "mail-info-empty"));
    }
    out.replies.push(Reply {
        id: String::new(),
        to: to.to_vec(),
        subject: tr(lang, "mail-re-info"),
        body,
        attachments,
    });
}

/// The mails of a new turn: every registered player whose CR of `turn` was not
/// mailed yet gets it with his NBT, once.
pub fn turn_mails(state: &mut MailState, ctx: &Context) -> Vec<(PlayerId, Reply)> {
    state.turn_seen.entry(ctx.turn).or_insert(ctx.now);
    let mut mails = Vec::new();
    for (number, me) in state.players.iter_mut() {
        if me.cr_mailed >= ctx.turn {
            continue;
        }
        let player = PlayerId(*number);
        let files = (ctx.turn_files)(player);
        if files.is_empty() {
            continue;
        }
        me.cr_mailed = ctx.turn;
        let lang = me.language();
        mails.push((
            player,
            Reply {
                id: format!("turn-{:03}-p{number}", ctx.turn),
                to: me.emails.clone(),
                subject: tr_args(
                    lang,
                    "mail-turn-subject",
                    &[("game", ctx.game), ("turn", &ctx.turn.to_string())],
                ),
                body: tr_args(
                    lang,
                    "mail-turn-body",
                    &[
                        ("game", ctx.game),
                        ("player", &number.to_string()),
                        ("turn", &ctx.turn.to_string()),
                    ],
                ),
                attachments: files,
            },
        ));
    }
    mails
}

/// Ruling G-158 (annexe, serveur de mail): with a deadline set for the turn
/// (`--deadline`), each registered player is reminded once, in the last
/// `hours` before it: when the server holds no orders from him, or when his
/// stored orders have errors (listed). Nothing is sent after the deadline.
pub fn reminders(state: &mut MailState, ctx: &Context, hours: i64) -> Vec<Reply> {
    let Some((turn, deadline)) = state.deadline else {
        return Vec::new();
    };
    if turn != ctx.turn || ctx.now >= deadline || ctx.now < deadline - hours * 3600 {
        return Vec::new();
    }
    let mut mails = Vec::new();
    for (number, me) in state.players.iter_mut() {
        if state.reminded.get(number).is_some_and(|t| *t >= turn) {
            continue;
        }
        let player = PlayerId(*number);
        let lang = me.language();
        let body = match (ctx.stored_orders)(player) {
            None => tr_args(
                lang,
                "mail-remind-none",
                &[("game", ctx.game), ("turn", &turn.to_string())],
            ),
            Some(text) => {
                let errors: Vec<String> = (ctx.validate)(player, &text, lang)
                    .into_iter()
                    .filter(|(error, _)| *error)
                    .map(|(_, line)| line)
                    .collect();
                if errors.is_empty() {
                    continue;
                }
                format!(
                    "{}\n\n{}\n",
                    tr_args(
                        lang,
                        "mail-remind-errors",
                        &[
                            ("game", ctx.game),
                            ("turn", &turn.to_string()),
                            ("count", &errors.len().to_string()),
                        ],
                    ),
                    errors.join("\n")
                )
            }
        };
        state.reminded.insert(*number, turn);
        mails.push(Reply {
            id: format!("remind-{turn:03}-p{number}"),
            to: me.emails.clone(),
            subject: tr_args(
                lang,
                "mail-remind-subject",
                &[("game", ctx.game), ("turn", &turn.to_string())],
            ),
            body,
            attachments: Vec::new(),
        });
    }
    mails
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn bounces_and_automatic_mails_are_recognised() {
        let own = "robot@nebula.test";
        let plain = headers(&[("Subject", "ORDRES X 1 a")]);
        assert!(!is_automatic(&plain, "p1@example.org", own));
        assert!(is_automatic(&plain, "", own));
        assert!(is_automatic(&plain, "MAILER-DAEMON@example.org", own));
        assert!(is_automatic(&plain, "Robot@Nebula.test", own));
        for (key, value) in [
            ("Auto-Submitted", "auto-replied"),
            ("Precedence", "bulk"),
            ("Precedence", "list"),
            ("List-Id", "<x.example.org>"),
            ("Return-Path", "<>"),
            (
                "Content-Type",
                "multipart/report; report-type=delivery-status",
            ),
        ] {
            assert!(
                is_automatic(&headers(&[(key, value)]), "p1@example.org", own),
                "{key}: {value}"
            );
        }
        assert!(!is_automatic(
            &headers(&[("Auto-Submitted", "no"), ("Precedence", "normal")]),
            "p1@example.org",
            own
        ));
    }

    #[test]
    fn undeclared_latin1_and_declared_qp_are_decoded() {
        let undeclared = b"From: p1@example.org\r\nSubject: ORDRES X 1 a\r\n\r\nDEBUT\r\n# d\xe9fense\r\nFIN\r\n";
        let mail = read_incoming(undeclared, "robot@x");
        assert!(mail.text.contains("# défense"), "{:?}", mail.text);
        assert_eq!(mail.from, "p1@example.org");
        assert!(!mail.automatic && !mail.html_only);
        let qp = b"From: P1 <P1@Example.org>\r\nSubject: ORDRES X 1 a\r\nContent-Type: text/plain; charset=iso-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n# =E0 l'est\r\n";
        let mail = read_incoming(qp, "robot@x");
        assert!(mail.text.contains("# à l'est"));
        assert_eq!(mail.from, "p1@example.org");
        let html = b"From: p1@example.org\r\nSubject: s\r\nContent-Type: text/html\r\n\r\n<p>DEBUT</p>\r\n";
        assert!(read_incoming(html, "robot@x").html_only);
    }

    struct Fixture {
        state: MailState,
        players: Vec<(PlayerId, String)>,
    }

    fn fixture() -> Fixture {
        let mut state = MailState::default();
        state.players.insert(
            1,
            PlayerMail::new(vec!["p1@example.org".into()], "pw1".into(), Lang::Fr),
        );
        Fixture {
            state,
            players: vec![(PlayerId(1), "Un".into())],
        }
    }

    fn orders_mail(date: Option<i64>, body: &str) -> Incoming {
        Incoming {
            from: "p1@example.org".into(),
            subject: "ORDRES KARNAJ 1 pw1".into(),
            text: format!("DEBUT\n{body}FIN\n"),
            date,
            ..Incoming::default()
        }
    }

    fn run(f: &mut Fixture, key: &str, now: i64, mail: &Incoming) -> (Vec<Reply>, Vec<Effect>) {
        let verify = |hash: &str, password: &str| hash == password;
        let stored = |_: PlayerId| None;
        let validate = |_: PlayerId, _: &str, _: Lang| vec![(true, "x:1:1: erreur".to_string())];
        let files = |_: PlayerId| Vec::new();
        let ctx = Context {
            game: "KARNAJ",
            turn: 3,
            players: &f.players,
            now,
            key,
            verify_password: &verify,
            stored_orders: &stored,
            validate: &validate,
            turn_files: &files,
        };
        handle(&mut f.state, &ctx, mail)
    }

    fn stored(effects: &[Effect]) -> Vec<(u32, bool)> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::StoreOrders {
                    version, current, ..
                } => Some((*version, *current)),
                _ => None,
            })
            .collect()
    }

    #[test]
    fn versions_follow_the_mail_date_bounded_by_arrival() {
        let mut f = fixture();
        let (replies, effects) = run(&mut f, "a", 1000, &orders_mail(Some(900), "# B\n"));
        assert_eq!(stored(&effects), [(1, true)]);
        assert_eq!(replies.len(), 1);
        assert_eq!(replies[0].id, "a-r0");
        assert!(replies[0].body.contains("x:1:1: erreur"));
        assert!(replies[0].body.contains(&checksum("# B\n")));
        // Older by its Date: kept, not current, and said so.
        let (replies, effects) = run(&mut f, "b", 1010, &orders_mail(Some(800), "# A\n"));
        assert_eq!(stored(&effects), [(2, false)]);
        assert!(replies[0].body.contains("PAS vos ordres courants"));
        // A Date in the future counts as the arrival: it wins over 900, not over later mails.
        let (_, effects) = run(&mut f, "c", 1020, &orders_mail(Some(99_999), "# C\n"));
        assert_eq!(stored(&effects), [(3, true)]);
        let (replies, effects) = run(&mut f, "d", 1030, &orders_mail(None, "# D\n"));
        assert_eq!(stored(&effects), [(4, true)]);
        assert!(!replies[0].body.contains("tour précédent"));
        // Turn 3 was first seen at 1000: a mail dated 500 was written before it
        // began; the acknowledgement warns.
        assert_eq!(f.state.turn_seen.get(&3), Some(&1000));
        let (replies, _) = run(&mut f, "e", 1040, &orders_mail(Some(500), "# E\n"));
        assert!(
            replies[0].body.contains("tour précédent"),
            "{}",
            replies[0].body
        );
        assert_eq!(f.state.processed, ["a", "b", "c", "d", "e"]);
    }

    #[test]
    fn old_rate_counters_are_forgotten_with_their_addresses() {
        let mut state = MailState::default();
        state.replies.insert("old@x".into(), vec![0, 10]);
        state.replies.insert("recent@x".into(), vec![0, 99_000]);
        state.wrong.insert("stranger@x".into(), vec![100]);
        state.wrong.insert("today@x".into(), vec![50_000]);
        forget_old_counters(&mut state, 100_000);
        assert_eq!(state.replies.keys().collect::<Vec<_>>(), ["recent@x"]);
        assert_eq!(state.replies["recent@x"], [99_000]);
        assert_eq!(state.wrong.keys().collect::<Vec<_>>(), ["today@x"]);
        forget_old_counters(&mut state, 100_000 + WRONG_WINDOW);
        assert!(state.replies.is_empty() && state.wrong.is_empty());
    }

    #[test]
    fn a_message_s_text_attachments_are_relayed_and_nothing_else_of_the_mail() {
        let mut f = fixture();
        f.state.players.insert(
            2,
            PlayerMail::new(vec!["p2@example.org".into()], "pw2".into(), Lang::En),
        );
        f.players.push((PlayerId(2), "Deux".into()));
        let raw = b"From: Joueur Un <p1@example.org>\r\nSubject: MESSAGE KARNAJ 1 pw1 <2>\r\n\
MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=b\r\n\r\n\
--b\r\nContent-Type: text/plain\r\n\r\nDEBUT\r\nVoir le plan.\r\nFIN\r\n\
--b\r\nContent-Type: text/plain; name=plan.txt\r\nContent-Disposition: attachment; filename=plan.txt\r\n\r\nF_12 M 48\r\n\
--b\r\nContent-Type: image/png; name=x.png\r\nContent-Disposition: attachment; filename=x.png\r\n\r\nPNG\r\n\
--b--\r\n";
        let mail = read_incoming(raw, "robot@x");
        let (replies, _) = run(&mut f, "m", 100, &mail);
        let relayed = replies
            .iter()
            .find(|r| r.to == ["p2@example.org"])
            .expect("relayed to player 2");
        assert!(relayed.body.contains("Voir le plan."), "{}", relayed.body);
        assert_eq!(relayed.attachments.len(), 1, "the PNG is dropped");
        assert_eq!(relayed.attachments[0].0, "plan.txt");
        assert!(relayed.attachments[0].1.contains("F_12 M 48"));
        assert!(!relayed.body.contains("p1@example.org") && !relayed.subject.contains("Joueur Un"));
    }

    #[test]
    fn wrong_passwords_end_in_silence_and_replies_are_limited() {
        let mut f = fixture();
        let mut wrong = orders_mail(None, "# x\n");
        wrong.subject = "ORDRES KARNAJ 1 faux".into();
        for i in 0..WRONG_PASSWORDS {
            let (replies, effects) = run(&mut f, &format!("w{i}"), 100, &wrong);
            assert_eq!(replies.len(), 1, "mail {i} answered");
            assert!(stored(&effects).is_empty());
        }
        let (replies, effects) = run(&mut f, "w-last", 100, &wrong);
        assert!(replies.is_empty(), "silence");
        assert!(
            effects
                .iter()
                .any(|e| matches!(e, Effect::Log(l) if l.contains("silenced")))
        );
        // The right password, many times in an hour: 20 replies, then none.
        let mut f = fixture();
        let mut answered = 0;
        for i in 0..(REPLIES_PER_HOUR + 5) {
            let (replies, _) = run(&mut f, &format!("m{i}"), 5000, &orders_mail(None, "# y\n"));
            answered += replies.len();
        }
        assert_eq!(answered, REPLIES_PER_HOUR);
        let (replies, _) = run(&mut f, "later", 5000 + 3600, &orders_mail(None, "# y\n"));
        assert_eq!(replies.len(), 1, "an hour later");
    }
}
