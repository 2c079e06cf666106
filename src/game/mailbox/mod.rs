//! The arbiter's mail robot, the protocol part (the book's annex "Le serveur de
//! mail"): a received mail is read ([`read_incoming`]), then [`handle`] decides what
//! is stored and what is answered. No file, no clock, no network here: the caller
//! (`nebutil mail run`, `src/cli/mail/`) gives the arrival time, the player's CR,
//! the validator, and writes what comes back.
//!
//! Rulings of the mail server (the book is silent): G-147 … G-163.
//!
//! Files: here the state, the context and [`handle`] (what is refused before
//! reading, then the request dispatched); `incoming.rs` reads a MIME mail,
//! `requests.rs` answers each kind of request, `turn.rs` sends the turn's CRs and
//! the reminders.

pub mod client;
mod facts;
mod forecast;
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

pub use facts::{FACTS_HEADER, facts_value, parse_facts};
pub use forecast::{FORECAST_SEED, MAX_CHANGES, forecast};
pub use incoming::{
    HEADER_BYTES, Incoming, MAX_BOUNDARY, MAX_DEPTH, MAX_MAIL_BYTES, MAX_PARTS,
    MAX_TEXT_ATTACHMENTS, is_automatic, read_incoming, read_incoming_sized,
};
use requests::{config_request, confirm, info_request, orders_request, relay};
pub use turn::{reminders, turn_mails};

/// Ruling G-148 (annexe, serveur de mail): at most 20 replies an hour go to one
/// address for requests that did not give a right password (errors, the notes
/// to unregistered senders); beyond, the robot is silent and logs it. The
/// answers to a request with a right password are never limited: a stranger's
/// mails cannot use up a player's replies.
pub const REPLIES_PER_HOUR: usize = 20;

/// Ruling G-149 (annexe, serveur de mail): wrong passwords are counted per
/// sender and claimed player over 24 hours. From an address that is not one of
/// the claimed player's, after 5 the robot no longer checks that pair's
/// passwords (silence, a line in the arbiter's log), and after 10 from one
/// address, whatever players it claims, none of its mails; from one of the
/// player's own addresses every password is still checked (a right one always
/// works: forged mails cannot lock a player out), only the error replies stop
/// after 5. A run checks at most 50 passwords from unregistered addresses, 10
/// per claimed player: the mails beyond wait in the inbox for the next run.
pub const WRONG_PASSWORDS: usize = 5;
/// Wrong passwords from one unregistered address, any players claimed, before
/// its mails are ignored (ruling G-149).
pub const WRONG_PASSWORDS_PER_SENDER: usize = 10;
/// Passwords from unregistered addresses checked in one run (ruling G-149).
pub const STRANGER_CHECKS_PER_RUN: usize = 50;
/// … of which claiming one player (ruling G-149).
pub const STRANGER_CHECKS_PER_PLAYER: usize = 10;
const WRONG_WINDOW: i64 = 24 * 3600;

/// Ruling G-161 (annexe, serveur de mail): a player has at most 20 MESSAGE mails
/// relayed an hour; a message carries at most 3 text attachments of at most
/// 64 KiB each (the others are dropped, and the sender is told); EMAIL and
/// ADDEMAIL name at most 3 addresses, each a valid mailbox.
pub const RELAYS_PER_HOUR: usize = 20;
/// Text attachments relayed with one message (ruling G-161).
pub const RELAYED_ATTACHMENTS: usize = 3;
/// The largest text attachment relayed, in bytes (ruling G-161).
pub const RELAYED_ATTACHMENT_BYTES: usize = 64 * 1024;
/// Addresses one EMAIL or ADDEMAIL may name (ruling G-161).
pub const NEW_ADDRESSES: usize = 3;

/// Ruling G-162 (annexe, serveur de mail): a password has at least 6
/// characters and no blank (a subject's words are cut at blanks: a password
/// with one could never be given), for `nebutil mail passwd` and `PASSWORD`.
pub const MIN_PASSWORD_CHARS: usize = 6;

/// Why a password cannot be used (applies ruling G-162): the message id of the
/// sentence saying so, `None` when it can.
pub fn password_problem(password: &str) -> Option<&'static str> {
    if password.chars().any(char::is_whitespace) {
        Some("mail-password-blank")
    } else if password.chars().count() < MIN_PASSWORD_CHARS {
        Some("mail-password-short")
    } else {
        None
    }
}

/// Whether `address` is one mailbox a mail can be sent to (`name@domain`, as
/// lettre, the robot's mail library, reads it: no display name, no second `@`).
pub fn is_mailbox(address: &str) -> bool {
    !address.is_empty() && address.len() <= 254 && address.parse::<lettre::Address>().is_ok()
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
    /// The password the arbiter's registration drew for the player (`game new
    /// --registrations`), kept only until it is mailed with his first CR.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub initial_password: Option<String>,
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
            initial_password: None,
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
    /// Times of limited replies per address (rate limit, G-148).
    pub replies: BTreeMap<String, Vec<i64>>,
    /// Times of wrong passwords per sender and claimed player
    /// (`"<address> <player>"`, G-149).
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
    /// Times of the MESSAGE mails each player had relayed (G-161).
    #[serde(default)]
    pub relays: BTreeMap<u32, Vec<i64>>,
    /// Turns undone (`nebutil game undo`) after their CRs were mailed, with how
    /// many times: their next CRs go out as corrections (G-165).
    #[serde(default)]
    pub corrections: BTreeMap<u32, u32>,
    /// This game's own random name, drawn once: the robot's Message-IDs end
    /// with it, so that two games (or a game started again) never send two
    /// mails of one id.
    #[serde(default)]
    pub instance: String,
}

impl MailState {
    /// The domain part of this game's Message-IDs (`<id@DOMAIN>`): the game's
    /// name (letters, digits and `-` kept) and [`MailState::instance`].
    pub fn message_domain(&self, game: &str) -> String {
        let name: String = game
            .chars()
            .filter_map(|c| {
                if c.is_ascii_alphanumeric() {
                    Some(c.to_ascii_lowercase())
                } else if c == '-' || c == '_' || c == ' ' {
                    Some('-')
                } else {
                    None
                }
            })
            .take(40)
            .collect();
        let name = name.trim_matches('-');
        let name = if name.is_empty() { "nebula" } else { name };
        format!("{name}.{}.nebutil", self.instance)
    }
}

/// Whether a reply counts toward its recipients' hourly limit (G-148).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ReplyKind {
    /// An answer to a request with a right password, a turn's CR, a reminder:
    /// never limited.
    #[default]
    Answer,
    /// An answer to a mail without a right password (an error, a note to an
    /// unregistered sender): at most [`REPLIES_PER_HOUR`] per address.
    Limited,
}

/// A reply to send (written to the outbox first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    /// Its Message-ID without the domain (`<id@DOMAIN>`, see
    /// [`MailState::message_domain`]), unique and the same on a rerun: the
    /// mail's key and the reply's rank.
    pub id: String,
    pub to: Vec<String>,
    pub subject: String,
    pub body: String,
    /// Attached files: name and text.
    pub attachments: Vec<(String, String)>,
    pub kind: ReplyKind,
    /// What it is, for the player's app (the `X-Nebula` header, [`facts_value`]).
    pub facts: Vec<(String, String)>,
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

/// The forecast of an order text for a player, rendered in that language
/// ([`forecast`]); empty: none (turned off, or no report to build it on).
pub type Forecast<'a> = dyn Fn(PlayerId, &str, Lang) -> Vec<String> + 'a;

/// What [`handle`] needs of the game and of the caller.
pub struct Context<'a> {
    pub game: &'a str,
    /// The turn being played (orders are for it).
    pub turn: u32,
    /// The game is over (its final turn resolved): orders are refused.
    pub over: bool,
    /// Players: number and name (pseudo).
    pub players: &'a [(PlayerId, String)],
    /// Arrival time (seconds since 1970).
    pub now: i64,
    /// The mail's unique key (its Maildir name): tokens derive from it.
    pub key: &'a str,
    /// The domain of this game's Message-IDs ([`MailState::message_domain`]):
    /// a reference to a relayed mail is one of ours only with it.
    pub domain: &'a str,
    /// Whether a password matches a PHC hash (the caller's argon2, its memory
    /// reused from check to check).
    pub verify_password: &'a dyn Fn(&str, &str) -> bool,
    /// The current stored orders of a player for [`Context::turn`].
    pub stored_orders: &'a dyn Fn(PlayerId) -> Option<String>,
    /// The validator's diagnostics of an order text, rendered in that language,
    /// each with whether it is an error.
    pub validate: &'a Validate<'a>,
    /// The forecast of an order text (the acknowledgement of `ORDRES`).
    pub forecast: &'a Forecast<'a>,
    /// The player's CR and NBT of the current turn (file name, text).
    pub turn_files: &'a dyn Fn(PlayerId) -> Vec<(String, String)>,
}

/// What one run may still spend on passwords from unregistered addresses
/// (ruling G-149): kept by the caller from mail to mail of a run.
#[derive(Clone, Debug, Default)]
pub struct RunBudget {
    stranger_checks: usize,
    per_player: BTreeMap<u32, usize>,
}

/// What [`handle`] decided for one mail.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Handled {
    pub replies: Vec<Reply>,
    pub effects: Vec<Effect>,
    /// The mail waits for a later run (this run's password checks for
    /// unregistered senders are spent): nothing was done, nothing recorded.
    pub deferred: bool,
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
    deferred: bool,
}

impl Out {
    fn log(&mut self, line: String) {
        self.effects.push(Effect::Log(line));
    }
}

/// Drops the rate counters no limit looks at any more (replies and relays
/// older than an hour, wrong passwords older than a day), addresses included:
/// the state stays as small as the last day's traffic, whatever strangers write
/// to the robot. Called once per run, before the mails.
pub fn forget_old_counters(state: &mut MailState, now: i64) {
    for (counters, window) in [(&mut state.replies, 3600), (&mut state.wrong, WRONG_WINDOW)] {
        counters.retain(|_, times| {
            times.retain(|t| now - *t < window);
            !times.is_empty()
        });
    }
    state.relays.retain(|_, times| {
        times.retain(|t| now - *t < 3600);
        !times.is_empty()
    });
}

/// Decides what one received mail does. Updates `state` (settings, versions, rate
/// counters, the journal) and returns the replies and the effects to write —
/// or, when this run's password checks for strangers are spent, that the mail
/// waits for the next run (nothing changed).
pub fn handle(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    budget: &mut RunBudget,
) -> Handled {
    let mut out = Out {
        replies: Vec::new(),
        effects: Vec::new(),
        deferred: false,
    };
    decide(state, ctx, mail, budget, &mut out);
    if out.deferred {
        return Handled {
            deferred: true,
            ..Handled::default()
        };
    }
    state.turn_seen.entry(ctx.turn).or_insert(ctx.now);
    // Applies ruling G-148 (see the ruling list).
    let mut kept = Vec::new();
    for reply in out.replies {
        let mut allowed = Vec::new();
        for address in &reply.to {
            if reply.kind == ReplyKind::Answer {
                allowed.push(address.clone());
                continue;
            }
            let times = state.replies.entry(address.clone()).or_default();
            times.retain(|t| ctx.now - *t < 3600);
            if times.len() < REPLIES_PER_HOUR {
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
    Handled {
        replies: kept,
        effects: out.effects,
        deferred: false,
    }
}

/// A reply to a request with a right password (never limited).
fn reply(to: &[String], subject: String, body: String) -> Reply {
    Reply {
        id: String::new(),
        to: to.to_vec(),
        subject,
        body,
        attachments: Vec::new(),
        kind: ReplyKind::Answer,
        facts: Vec::new(),
    }
}

/// A reply to a mail without a right password (limited, G-148).
fn limited_reply(to: &str, subject: String, body: String) -> Reply {
    Reply {
        kind: ReplyKind::Limited,
        ..reply(&[to.to_string()], subject, body)
    }
}

/// The first word of a subject as a reply may quote it: never the rest (a
/// password may follow), at most 24 characters, up to the first blank or
/// control character.
fn quotable_first_word(subject: &str) -> String {
    let subject = subject.trim_start();
    let subject = ["re:", "tr:", "fwd:", "fw:"]
        .iter()
        .find_map(|p| {
            subject
                .get(..p.len())
                .filter(|head| head.eq_ignore_ascii_case(p))
                .map(|_| subject[p.len()..].trim_start())
        })
        .unwrap_or(subject);
    // The word ends at the first blank or control character (a control
    // character dropped from the middle would glue what follows it on).
    subject
        .chars()
        .take_while(|c| !c.is_whitespace() && !c.is_control())
        .take(24)
        .collect()
}

/// Ruling G-152 (annexe, serveur de mail): data replies (acknowledgements, orders,
/// CR, settings) go only to the player's registered addresses. A request from
/// another address is carried out when its password is right, and the
/// registered addresses are told which address used it; the sender gets the
/// same short note whether the password was right or not (nothing tells a
/// stranger that he guessed it).
fn decide(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    budget: &mut RunBudget,
    out: &mut Out,
) {
    let Some(lang_of_sender) = screen(state, ctx, mail, out) else {
        return;
    };
    let (kind, diagnostics) = parse_mail(&request_text(mail));
    let Some(kind) = kind else {
        // Not a request: its first word only is quoted (never a password), and
        // what the subject lacks, when it starts like a request.
        let mut body = tr_args(
            lang_of_sender,
            "mail-unknown-request",
            &[("subject", &quotable_first_word(&mail.subject))],
        );
        // Only the subject's problems that quote none of its words (a
        // password typed where the player's number goes must not come back).
        let subject_errors: Vec<String> = diagnostics
            .iter()
            .filter(|d| {
                matches!(
                    d.code.as_str(),
                    "order-mail-bad-subject" | "order-mail-no-recipients"
                )
            })
            .map(|d| d.message(lang_of_sender))
            .collect();
        if !subject_errors.is_empty() {
            body.push_str("\n\n");
            body.push_str(&subject_errors.join("\n"));
        }
        out.replies.push(limited_reply(
            &mail.from,
            tr(lang_of_sender, "mail-re-error"),
            body,
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
    let Some(player) = authenticate(state, ctx, mail, &credentials, lang_of_sender, budget, out)
    else {
        return;
    };
    let Some(me) = state.players.get(&player.0).cloned() else {
        return;
    };
    let lang = me.language();
    // Applies ruling G-152 (see this function's doc).
    if !me.emails.contains(&mail.from) {
        out.replies.push(limited_reply(
            &mail.from,
            tr(lang_of_sender, "mail-re-received"),
            tr(lang_of_sender, "mail-received-unregistered"),
        ));
        out.replies.push(reply(
            &me.emails,
            tr(lang, "mail-re-notice"),
            tr_args(
                lang,
                "mail-password-used-elsewhere",
                &[("address", &mail.from), ("request", kind.command_word())],
            ),
        ));
        out.log(format!(
            "{}: player {}'s password used from <{}>",
            ctx.key, player.0, mail.from
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
            // Applies ruling G-163 (see the ruling list).
            let refusal = if ctx.over {
                Some(tr_args(
                    lang,
                    "mail-orders-game-over",
                    &[("game", ctx.game), ("turn", &ctx.turn.to_string())],
                ))
            } else if mail.undecodable {
                Some(tr(lang, "mail-orders-undecodable"))
            } else if !has_body(mail) {
                Some(tr(lang, "mail-orders-empty"))
            } else {
                None
            };
            if let Some(refusal) = refusal {
                out.log(format!(
                    "{}: orders of player {} not stored: {refusal}",
                    ctx.key, player.0
                ));
                error_reply(lang, &to, &[refusal], out);
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
            let (recipients, mode) = thread_recipients(state, ctx, mail, player, &message);
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

/// Ruling G-163 (annexe, serveur de mail): an ORDRES mail stores nothing when
/// the game is over (its final turn resolved), when a text part could not be
/// decoded, or when it holds no text at all (no `DEBUT` and nothing but the
/// subject): one error reply says why, and the stored orders stay as they
/// were. `DEBUT` then `FIN` with nothing between is a player emptying his
/// orders, and is stored.
fn has_body(mail: &Incoming) -> bool {
    let has_debut = |t: &str| t.lines().any(|l| l.trim().eq_ignore_ascii_case("DEBUT"));
    has_debut(&mail.text)
        || mail.text_attachments.iter().any(|(_, t)| has_debut(t))
        || !mail.text.trim().is_empty()
}

/// What is answered before the request is read: an automatic mail and an
/// unregistered address silenced after wrong passwords are ignored, a mail too
/// large, too complex or in HTML only gets an error, a confirmation of
/// `EMAIL`/`ADDEMAIL` is handled. The sender's language when the mail goes on
/// to be read.
fn screen(state: &mut MailState, ctx: &Context, mail: &Incoming, out: &mut Out) -> Option<Lang> {
    if mail.automatic {
        out.log(format!(
            "{}: automatic mail from <{}>, ignored",
            ctx.key, mail.from
        ));
        return None;
    }
    let registered = state
        .players
        .values()
        .find(|p| p.emails.contains(&mail.from));
    // Applies ruling G-149 (see the ruling list).
    if registered.is_none() {
        let failures = sender_failures(state, &mail.from, ctx.now);
        if failures >= WRONG_PASSWORDS_PER_SENDER {
            out.log(format!(
                "{}: <{}> ignored after {failures} wrong passwords",
                ctx.key, mail.from
            ));
            return None;
        }
    }
    let lang_of_sender = registered.map_or(Lang::Fr, PlayerMail::language);
    let error = if mail.size > MAX_MAIL_BYTES {
        Some("mail-too-large")
    } else if mail.too_complex {
        Some("mail-too-complex")
    } else {
        None
    };
    if let Some(error) = error {
        out.log(format!("{}: <{}>: {error}", ctx.key, mail.from));
        out.replies.push(limited_reply(
            &mail.from,
            tr(lang_of_sender, "mail-re-error"),
            tr(lang_of_sender, error),
        ));
        return None;
    }
    // A confirmation of EMAIL/ADDEMAIL: the token in the subject.
    if confirm(state, ctx, mail, out) {
        return None;
    }
    if mail.html_only {
        out.replies.push(limited_reply(
            &mail.from,
            tr(lang_of_sender, "mail-re-error"),
            tr(lang_of_sender, "mail-html-only"),
        ));
        return None;
    }
    Some(lang_of_sender)
}

fn pair_key(from: &str, player: u32) -> String {
    format!("{from} {player}")
}

/// Wrong passwords from `from` in the last 24 hours, whatever players claimed.
fn sender_failures(state: &MailState, from: &str, now: i64) -> usize {
    let prefix = format!("{from} ");
    state
        .wrong
        .range(prefix.clone()..)
        .take_while(|(key, _)| key.starts_with(&prefix))
        .map(|(_, times)| times.iter().filter(|t| now - **t < WRONG_WINDOW).count())
        .sum()
}

fn pair_failures(state: &MailState, key: &str, now: i64) -> usize {
    state.wrong.get(key).map_or(0, |times| {
        times.iter().filter(|t| now - **t < WRONG_WINDOW).count()
    })
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
    // The subject is one line: a folded or forged subject's line breaks would
    // make its tail read as the body.
    let subject: String = mail
        .subject
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    format!("{subject}\n{body}")
}

/// Ruling G-157 (annexe, serveur de mail): a MESSAGE answering a relayed
/// `M` message (its In-Reply-To or References names the relayed mail)
/// goes to every player of that thread as well as to those it names,
/// and is itself an `M` message; the thread is known by the relayed
/// mail's Message-ID, so the answer must be a reply to it. Only a player of
/// the thread joins it this way: a reference from anyone else is ignored.
fn thread_recipients(
    state: &MailState,
    ctx: &Context,
    mail: &Incoming,
    sender: PlayerId,
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
            .filter(|(_, domain)| domain.eq_ignore_ascii_case(ctx.domain))
            .and_then(|(id, _)| id.rsplit_once("-r"))
            .and_then(|(key, _)| state.threads.get(key))
            .filter(|thread| thread.contains(&sender.0))
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
/// password gets one error reply to its sender (from an unregistered address,
/// the same note as a right password: G-152), and counts as a wrong password
/// (G-149).
fn authenticate(
    state: &mut MailState,
    ctx: &Context,
    mail: &Incoming,
    credentials: &Credentials,
    lang: Lang,
    budget: &mut RunBudget,
    out: &mut Out,
) -> Option<PlayerId> {
    let claimed = credentials.player.0;
    let known = state.players.get(&claimed);
    let registered = known.is_some_and(|p| p.emails.contains(&mail.from));
    let pair = pair_key(&mail.from, claimed);
    let failures = pair_failures(state, &pair, ctx.now);
    // Applies ruling G-149 (see the ruling list).
    if !registered && failures >= WRONG_PASSWORDS {
        out.log(format!(
            "{}: <{}> silenced for player {claimed} after {failures} wrong passwords",
            ctx.key, mail.from
        ));
        return None;
    }
    // Applies ruling G-153 (see this function's doc).
    let checkable = credentials.game.eq_ignore_ascii_case(ctx.game) && known.is_some();
    if checkable && !registered {
        let for_player = budget.per_player.get(&claimed).copied().unwrap_or(0);
        if budget.stranger_checks >= STRANGER_CHECKS_PER_RUN
            || for_player >= STRANGER_CHECKS_PER_PLAYER
        {
            out.deferred = true;
            return None;
        }
        budget.stranger_checks += 1;
        budget.per_player.insert(claimed, for_player + 1);
    }
    let right = checkable
        && known.is_some_and(|p| (ctx.verify_password)(&p.password_hash, &credentials.password));
    if right {
        return Some(credentials.player);
    }
    let times = state.wrong.entry(pair).or_default();
    times.push(ctx.now);
    let failures = failures + 1;
    out.log(format!(
        "{}: wrong game, player or password from <{}> (player {claimed})",
        ctx.key, mail.from
    ));
    if failures > WRONG_PASSWORDS {
        out.log(format!(
            "{}: no reply to <{}> after {failures} wrong passwords for player {claimed}",
            ctx.key, mail.from
        ));
        return None;
    }
    if registered {
        out.replies.push(limited_reply(
            &mail.from,
            tr(lang, "mail-re-error"),
            tr_args(
                lang,
                "mail-wrong-password",
                &[("game", ctx.game), ("player", &claimed.to_string())],
            ),
        ));
    } else {
        // Applies ruling G-152 (see the ruling list).
        out.replies.push(limited_reply(
            &mail.from,
            tr(lang, "mail-re-received"),
            tr(lang, "mail-received-unregistered"),
        ));
    }
    None
}
