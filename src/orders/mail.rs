//! The mails of the book's mail server ("Le serveur de mail"): a subject line with
//! the command and the identification, and a body enclosed in `DEBUT` … `FIN`.
//!
//! ```text
//! ORDRES KARNAJ 4 toto "second envoi"      Ordres PARTIE J MotDePasse ("message")
//! MESSAGE KARNAJ 4 toto M <2,3>            Message PARTIE J MotDePasse {A|M} <dest, …>
//! CONFIG KARNAJ 4 toto                     PASSWORD, MSGGEN Y|N, COPIE Y|N, RUMEUR Y|N,
//!                                          EMAIL a[,b…], ADDEMAIL a (EMAIL/ADDEMAIL alone)
//! INFO KARNAJ 4 toto                       NBORDRES, ORDRES, CR
//! ```
//!
//! Each mail is a typed value with `to_mail()`; [`parse_mail`] reads one back, and
//! `parse_mail(&m.to_mail().to_text())` gives `m` again.

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Capped, Diagnostic, Span};
use crate::model::PlayerId;

use super::parse::parse_orders;

/// Who writes: the game, the player number and the password.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Credentials {
    /// `PARTIE`, the game's name (`KARNAJ`).
    pub game: String,
    /// `J`, the player's number.
    pub player: PlayerId,
    /// `MotDePasse`.
    pub password: String,
}

/// `A` (anonymous: a rumour) or `M` (several recipients who see each other).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MessageMode {
    Anonymous,
    Multi,
}

impl MessageMode {
    pub fn letter(self) -> &'static str {
        match self {
            MessageMode::Anonymous => "A",
            MessageMode::Multi => "M",
        }
    }
}

/// A recipient of a message: a player number (advised), a pseudo (accents and
/// case as written), or `All`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Recipient {
    Number(PlayerId),
    Pseudo(String),
    All,
}

/// A parsed subject line.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MailSubject {
    Orders {
        credentials: Credentials,
        /// The message echoed in the acknowledgement (`"…"`), optional.
        acknowledgement: Option<String>,
    },
    Message {
        credentials: Credentials,
        mode: Option<MessageMode>,
        recipients: Vec<Recipient>,
    },
    Config {
        credentials: Credentials,
    },
    Info {
        credentials: Credentials,
    },
}

impl MailSubject {
    /// The command word as the printer writes it.
    pub fn command_word(&self) -> &'static str {
        match self {
            MailSubject::Orders { .. } => "ORDRES",
            MailSubject::Message { .. } => "MESSAGE",
            MailSubject::Config { .. } => "CONFIG",
            MailSubject::Info { .. } => "INFO",
        }
    }

    pub fn credentials(&self) -> &Credentials {
        match self {
            MailSubject::Orders { credentials, .. }
            | MailSubject::Message { credentials, .. }
            | MailSubject::Config { credentials }
            | MailSubject::Info { credentials } => credentials,
        }
    }
}

/// Where an order file's mail envelope was found.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Envelope {
    pub subject: Option<MailSubject>,
    pub debut_line: Option<u32>,
    pub fin_line: Option<u32>,
}

/// A mail ready to send: its subject line and its body (`DEBUT` … `FIN`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Mail {
    pub subject: String,
    pub body: String,
}

impl Mail {
    /// The subject line followed by the body, the form the book's examples show
    /// and [`parse_mail`] reads.
    pub fn to_text(&self) -> String {
        format!("{}\n{}", self.subject, self.body)
    }
}

/// Any of the four mails.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MailKind {
    Orders(OrdersMail),
    Message(MessageMail),
    Config(ConfigMail),
    Info(InfoMail),
}

impl MailKind {
    pub fn to_mail(&self) -> Mail {
        match self {
            MailKind::Orders(mail) => mail.to_mail(),
            MailKind::Message(mail) => mail.to_mail(),
            MailKind::Config(mail) => mail.to_mail(),
            MailKind::Info(mail) => mail.to_mail(),
        }
    }

    /// The problems the server would have with this mail (re-read from its text),
    /// plus `order-mail-not-representable` when the text does not read back as
    /// the same mail (a password with a space, a message line `FIN`, …).
    pub fn check(&self) -> Vec<Diagnostic> {
        let (read, mut diagnostics) = parse_mail(&self.to_mail().to_text());
        if read.as_ref() != Some(self) {
            diagnostics.push(Diagnostic::error(
                "order-mail-not-representable",
                Span::new(1, 1, 1),
            ));
        }
        diagnostics
    }
}

/// `Ordres PARTIE J MotDePasse ("message")`: the orders of one turn.
///
/// The body is the order file itself, line for line (see [`order_file_text`]):
/// what the server stores between `DEBUT` and `FIN` is byte for byte the file the
/// player exported, lines with errors and comments included.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct OrdersMail {
    pub credentials: Credentials,
    pub acknowledgement: Option<String>,
    /// The lines between `DEBUT` and `FIN`, verbatim.
    pub lines: Vec<String>,
}

impl OrdersMail {
    /// The mail carrying an order text as the editor exports it
    /// ([`order_file_text`]).
    pub fn from_order_text(
        credentials: Credentials,
        acknowledgement: Option<String>,
        text: &str,
    ) -> Self {
        OrdersMail {
            credentials,
            acknowledgement,
            lines: order_file_text(text).lines().map(str::to_string).collect(),
        }
    }

    /// The body's lines as an order file (each line ended by `\n`): the text
    /// [`order_file_text`] gives for the editor's text the mail was made from.
    pub fn order_text(&self) -> String {
        let mut text = String::new();
        for line in &self.lines {
            text.push_str(line);
            text.push('\n');
        }
        text
    }

    /// The orders of the body, read as an order file.
    pub fn orders(&self) -> super::OrdersFile {
        parse_orders(&self.order_text())
    }

    pub fn to_mail(&self) -> Mail {
        let c = &self.credentials;
        let mut subject = format!("ORDRES {} {} {}", c.game, c.player, c.password);
        if let Some(message) = &self.acknowledgement {
            subject.push_str(&format!(" \"{message}\""));
        }
        Mail {
            subject,
            body: body_of(self.lines.iter().map(String::as_str)),
        }
    }
}

/// The one rule for orders leaving the editor: the order file, the clipboard and
/// the mail's body carry the text **as the player typed and checked it**, line
/// for line — comments and lines with errors included, never dropped or
/// rewritten (the export asks first when there are errors). Only the envelope
/// of the text is made regular: byte order marks at the start removed, line ends
/// `\n` (a `\r` before them removed), trailing blank lines removed, and one `\n`
/// after the last line. An empty or blank text gives an empty file.
pub fn order_file_text(text: &str) -> String {
    let text = text.trim_start_matches('\u{feff}');
    let lines: Vec<&str> = text
        .split('\n')
        .map(|line| line.strip_suffix('\r').unwrap_or(line))
        .collect();
    let last = lines
        .iter()
        .rposition(|line| !line.trim().is_empty())
        .map_or(0, |i| i + 1);
    let mut out = String::with_capacity(text.len() + 1);
    for line in &lines[..last] {
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// `Message PARTIE J MotDePasse {A|M} <dest, …>`: a message to other players.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MessageMail {
    pub credentials: Credentials,
    pub mode: Option<MessageMode>,
    pub recipients: Vec<Recipient>,
    /// The lines of the message, verbatim.
    pub lines: Vec<String>,
}

impl MessageMail {
    pub fn to_mail(&self) -> Mail {
        let c = &self.credentials;
        let mut subject = format!("MESSAGE {} {} {}", c.game, c.player, c.password);
        if let Some(mode) = self.mode {
            subject.push(' ');
            subject.push_str(mode.letter());
        }
        let recipients: Vec<String> = self
            .recipients
            .iter()
            .map(|r| match r {
                Recipient::Number(n) => n.to_string(),
                Recipient::Pseudo(p) => p.clone(),
                Recipient::All => "All".to_string(),
            })
            .collect();
        subject.push_str(&format!(" <{}>", recipients.join(",")));
        Mail {
            subject,
            body: body_of(self.lines.iter().map(String::as_str)),
        }
    }
}

/// A command of a `Config` mail.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ConfigCommand {
    /// `PASSWORD new`.
    Password(String),
    /// `MSGGEN Y|N`: receive the general messages (default yes).
    MsgGen(bool),
    /// `COPIE Y|N`: receive a copy of one's own mails (default no).
    Copie(bool),
    /// `RUMEUR Y|N`: receive the rumours (default yes).
    Rumeur(bool),
    /// `EMAIL a[,b…]`: replace the addresses (must be alone in its mail).
    Email(Vec<String>),
    /// `ADDEMAIL a`: add an address (must be alone in its mail).
    AddEmail(String),
}

impl ConfigCommand {
    fn line(&self) -> String {
        let yes_no = |b: bool| if b { "Y" } else { "N" };
        match self {
            ConfigCommand::Password(p) => format!("PASSWORD {p}"),
            ConfigCommand::MsgGen(b) => format!("MSGGEN {}", yes_no(*b)),
            ConfigCommand::Copie(b) => format!("COPIE {}", yes_no(*b)),
            ConfigCommand::Rumeur(b) => format!("RUMEUR {}", yes_no(*b)),
            ConfigCommand::Email(addresses) => format!("EMAIL {}", addresses.join(",")),
            ConfigCommand::AddEmail(address) => format!("ADDEMAIL {address}"),
        }
    }

    fn is_email(&self) -> bool {
        matches!(self, ConfigCommand::Email(_) | ConfigCommand::AddEmail(_))
    }
}

/// `Config PARTIE J MotDePasse`: settings; an empty body asks for the current ones.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ConfigMail {
    pub credentials: Credentials,
    pub commands: Vec<ConfigCommand>,
}

impl ConfigMail {
    pub fn to_mail(&self) -> Mail {
        let c = &self.credentials;
        let lines: Vec<String> = self.commands.iter().map(ConfigCommand::line).collect();
        Mail {
            subject: format!("CONFIG {} {} {}", c.game, c.player, c.password),
            body: body_of(lines.iter().map(String::as_str)),
        }
    }
}

/// A request of an `Info` mail.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum InfoRequest {
    /// `NBORDRES`: how many orders the server holds for this turn.
    NbOrdres,
    /// `ORDRES`: the orders the server holds.
    Ordres,
    /// `CR`: the current turn report.
    Cr,
}

impl InfoRequest {
    pub fn keyword(self) -> &'static str {
        match self {
            InfoRequest::NbOrdres => "NBORDRES",
            InfoRequest::Ordres => "ORDRES",
            InfoRequest::Cr => "CR",
        }
    }
}

/// `Info PARTIE J MotDePasse`: information requests.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct InfoMail {
    pub credentials: Credentials,
    pub requests: Vec<InfoRequest>,
}

impl InfoMail {
    pub fn to_mail(&self) -> Mail {
        let c = &self.credentials;
        Mail {
            subject: format!("INFO {} {} {}", c.game, c.player, c.password),
            body: body_of(self.requests.iter().map(|r| r.keyword())),
        }
    }
}

fn body_of<'a>(lines: impl Iterator<Item = &'a str>) -> String {
    let mut body = String::from("DEBUT\n");
    for line in lines {
        body.push_str(line);
        body.push('\n');
    }
    body.push_str("FIN\n");
    body
}

/// Reads a mail (subject line, then the body). `None` when the subject line is
/// not one of the four commands.
pub fn parse_mail(text: &str) -> (Option<MailKind>, Vec<Diagnostic>) {
    let split = split_envelope(text);
    // At most `MAX_PER_FILE` kept, the others counted.
    let mut diagnostics = Capped::new();
    diagnostics.extend(split.diagnostics.iter().cloned());
    let Some(subject) = split.subject.clone() else {
        let line = split.subject_line.unwrap_or(1);
        if !diagnostics
            .kept()
            .iter()
            .any(|d| d.code.starts_with("order-mail-"))
        {
            diagnostics.push(Diagnostic::error(
                "order-mail-no-subject",
                Span::new(line, 1, 1),
            ));
        }
        return (None, diagnostics.into_vec());
    };
    let kind = match subject {
        MailSubject::Orders {
            credentials,
            acknowledgement,
        } => {
            // The envelope diagnostics are already in `diagnostics`: the order
            // parser's replace them (it reads the envelope again).
            diagnostics = Capped::new();
            diagnostics.extend(parse_orders(text).diagnostics);
            MailKind::Orders(OrdersMail {
                credentials,
                acknowledgement,
                lines: split.body().map(|(_, l)| l.to_string()).collect(),
            })
        }
        MailSubject::Message {
            credentials,
            mode,
            recipients,
        } => MailKind::Message(MessageMail {
            credentials,
            mode,
            recipients,
            lines: split.body().map(|(_, l)| l.to_string()).collect(),
        }),
        MailSubject::Config { credentials } => {
            let mut commands = Vec::new();
            let mut email_line = None;
            for (line_no, line) in split.body() {
                if let Some(command) = parse_config_line(line, line_no, &mut diagnostics) {
                    if command.is_email() && email_line.is_none() {
                        email_line = Some(line_span(line_no, line));
                    }
                    commands.push(command);
                }
            }
            if let Some(span) = email_line
                && commands.len() > 1
            {
                diagnostics.push(Diagnostic::error("order-mail-email-not-alone", span));
            }
            MailKind::Config(ConfigMail {
                credentials,
                commands,
            })
        }
        MailSubject::Info { credentials } => {
            let mut requests = Vec::new();
            for (line_no, line) in split.body() {
                let word = line.trim();
                if word.is_empty() {
                    continue;
                }
                let request = match word.to_ascii_uppercase().as_str() {
                    "NBORDRES" => InfoRequest::NbOrdres,
                    "ORDRES" => InfoRequest::Ordres,
                    "CR" => InfoRequest::Cr,
                    _ => {
                        diagnostics.push(
                            Diagnostic::error("order-mail-info-unknown", line_span(line_no, line))
                                .arg("text", word),
                        );
                        continue;
                    }
                };
                requests.push(request);
            }
            MailKind::Info(InfoMail {
                credentials,
                requests,
            })
        }
    };
    (Some(kind), diagnostics.into_vec())
}

fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

fn line_span(line_no: u32, line: &str) -> Span {
    let indent = line.chars().take_while(|c| c.is_whitespace()).count() as u32;
    Span::new(
        line_no,
        indent + 1,
        line.trim_end().chars().count() as u32 + 1,
    )
}

fn parse_config_line(line: &str, line_no: u32, diagnostics: &mut Capped) -> Option<ConfigCommand> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return None;
    }
    let word = first_word(trimmed);
    let value = trimmed[word.len()..].trim();
    let span = line_span(line_no, line);
    let flag = |diagnostics: &mut Capped| match value.to_ascii_uppercase().as_str() {
        "Y" => Some(true),
        "N" => Some(false),
        _ => {
            diagnostics
                .push(Diagnostic::error("order-mail-config-yes-no", span).arg("command", word));
            None
        }
    };
    let needs_value = |diagnostics: &mut Capped| {
        if value.is_empty() || value.contains(char::is_whitespace) {
            diagnostics
                .push(Diagnostic::error("order-mail-config-value", span).arg("command", word));
            None
        } else {
            Some(value.to_string())
        }
    };
    match word.to_ascii_uppercase().as_str() {
        "PASSWORD" => needs_value(diagnostics).map(ConfigCommand::Password),
        "MSGGEN" => flag(diagnostics).map(ConfigCommand::MsgGen),
        "COPIE" => flag(diagnostics).map(ConfigCommand::Copie),
        // The book's list says RUMEUR, its own example writes RUMEURS.
        "RUMEUR" | "RUMEURS" => flag(diagnostics).map(ConfigCommand::Rumeur),
        "EMAIL" => {
            let addresses: Vec<String> = value
                .split(',')
                .map(|a| a.trim().to_string())
                .filter(|a| !a.is_empty())
                .collect();
            if addresses.is_empty() || addresses.iter().any(|a| a.contains(char::is_whitespace)) {
                diagnostics
                    .push(Diagnostic::error("order-mail-config-value", span).arg("command", word));
                None
            } else {
                Some(ConfigCommand::Email(addresses))
            }
        }
        "ADDEMAIL" => needs_value(diagnostics).map(ConfigCommand::AddEmail),
        _ => {
            diagnostics
                .push(Diagnostic::error("order-mail-config-unknown", span).arg("text", word));
            None
        }
    }
}

/// An order file or mail cut into its parts.
#[derive(Clone, Debug, Default)]
pub(crate) struct EnvelopeSplit<'a> {
    pub subject: Option<MailSubject>,
    pub subject_line: Option<u32>,
    pub debut_line: Option<u32>,
    pub fin_line: Option<u32>,
    /// The text (byte order marks removed).
    text: &'a str,
    /// The body's lines: those numbered in `first..end` (1-based), but `skip`.
    first: u32,
    end: u32,
    skip: Option<u32>,
    pub diagnostics: Vec<Diagnostic>,
}

impl<'a> EnvelopeSplit<'a> {
    /// True when line `line_no` is read as the body.
    pub fn in_body(&self, line_no: u32) -> bool {
        (self.first..self.end).contains(&line_no) && self.skip != Some(line_no)
    }

    /// The lines to read as the body, with their 1-based numbers (read from the
    /// text as they are asked for: no list of lines is kept).
    pub fn body(&self) -> impl Iterator<Item = (u32, &'a str)> + '_ {
        numbered_lines(self.text)
            .skip(self.first.saturating_sub(1) as usize)
            .take_while(|(n, _)| *n < self.end)
            .filter(|(n, _)| self.skip != Some(*n))
    }
}

/// The lines of `text` (split at `\n`, a `\r` before it removed), numbered from 1.
fn numbered_lines(text: &str) -> impl Iterator<Item = (u32, &str)> {
    text.split('\n').enumerate().map(|(i, l)| {
        (
            u32::try_from(i).unwrap_or(u32::MAX - 1).saturating_add(1),
            l.trim_end_matches('\r'),
        )
    })
}

/// Lines ignored outside the envelope: the first one and how many.
#[derive(Default)]
struct Ignored {
    first: Option<u32>,
    count: usize,
}

impl Ignored {
    fn add(&mut self, line_no: u32) {
        self.first.get_or_insert(line_no);
        self.count += 1;
    }
}

fn is_word_line(line: &str, word: &str) -> bool {
    line.trim().eq_ignore_ascii_case(word)
}

/// The command word of a subject line (after an optional `Subject:` / `Sujet :` /
/// `Objet :` mail header), if the line starts with one of the four commands.
fn subject_command(line: &str) -> Option<(&'static str, &str)> {
    let mut rest = line.trim_start();
    for header in ["subject", "sujet", "objet"] {
        if rest.len() >= header.len()
            && rest.is_char_boundary(header.len())
            && rest[..header.len()].eq_ignore_ascii_case(header)
        {
            let after = rest[header.len()..].trim_start();
            if let Some(after) = after.strip_prefix(':') {
                rest = after.trim_start();
                break;
            }
        }
    }
    let word = first_word(rest);
    let command = ["ORDRES", "MESSAGE", "CONFIG", "INFO"]
        .into_iter()
        .find(|c| c.eq_ignore_ascii_case(word))?;
    Some((command, rest[word.len()..].trim_start()))
}

/// Cuts `text` into subject line, envelope and body lines.
///
/// With a `DEBUT` line, only the lines between it and the next `FIN` are the body;
/// other lines (mail headers, a signature) are ignored with an info diagnostic.
/// Without one, every line is body, except a subject line at the top.
pub(crate) fn split_envelope(text: &str) -> EnvelopeSplit<'_> {
    // A byte-order mark left by a Windows editor is not text.
    let text = text.trim_start_matches('\u{feff}');
    let mut split = EnvelopeSplit {
        text,
        first: 1,
        end: u32::MAX,
        ..EnvelopeSplit::default()
    };
    let debut = numbered_lines(text).find(|(_, l)| is_word_line(l, "DEBUT"));
    let take_subject = |split: &mut EnvelopeSplit<'_>, line_no: u32, line: &str| -> bool {
        if split.subject_line.is_some() {
            return false;
        }
        let Some((command, rest)) = subject_command(line) else {
            return false;
        };
        split.subject_line = Some(line_no);
        let (subject, diagnostics) = parse_subject(command, rest, line_no, line);
        split.subject = subject;
        split.diagnostics.extend(diagnostics);
        true
    };
    let Some((debut_no, _)) = debut else {
        let mut ignored = Ignored::default();
        let mut first = true;
        let mut ended = false;
        for (line_no, line) in numbered_lines(text) {
            if ended {
                if !line.trim().is_empty() {
                    ignored.add(line_no);
                }
                continue;
            }
            if first && !line.trim().is_empty() {
                first = false;
                if take_subject(&mut split, line_no, line) {
                    split.diagnostics.push(Diagnostic::warning(
                        "order-envelope-no-debut",
                        Span::new(line_no, 1, 1),
                    ));
                    split.skip = Some(line_no);
                    continue;
                }
            }
            if is_word_line(line, "FIN") {
                split.diagnostics.push(Diagnostic::warning(
                    "order-envelope-fin-without-debut",
                    line_span(line_no, line),
                ));
                split.fin_line = Some(line_no);
                split.end = line_no;
                ended = true;
                continue;
            }
        }
        push_ignored(&mut split.diagnostics, &ignored);
        return split;
    };
    split.debut_line = Some(debut_no);
    let mut ignored = Ignored::default();
    for (line_no, line) in numbered_lines(text).take_while(|(n, _)| *n < debut_no) {
        if line.trim().is_empty() || take_subject(&mut split, line_no, line) {
            continue;
        }
        ignored.add(line_no);
    }
    push_ignored(&mut split.diagnostics, &ignored);
    split.first = debut_no.saturating_add(1);
    let mut fin = None;
    let mut after = Ignored::default();
    let mut last = debut_no;
    for (line_no, line) in numbered_lines(text).skip(debut_no as usize) {
        last = line_no;
        if fin.is_some() {
            if !line.trim().is_empty() {
                after.add(line_no);
            }
        } else if is_word_line(line, "FIN") {
            fin = Some(line_no);
        }
    }
    match fin {
        Some(fin) => {
            split.fin_line = Some(fin);
            split.end = fin;
            push_ignored(&mut split.diagnostics, &after);
        }
        None => {
            split.diagnostics.push(Diagnostic::warning(
                "order-envelope-no-fin",
                Span::new(last, 1, 1),
            ));
        }
    }
    split
}

/// One info diagnostic for ignored lines outside the envelope.
fn push_ignored(diagnostics: &mut Vec<Diagnostic>, ignored: &Ignored) {
    if let Some(first) = ignored.first {
        diagnostics.push(
            Diagnostic::info("order-outside-envelope", Span::new(first, 1, 1))
                .arg("count", ignored.count),
        );
    }
}

/// Reads a subject line whose command word is `command` and whose remaining text
/// (after the command) is `rest`.
fn parse_subject(
    command: &'static str,
    rest: &str,
    line_no: u32,
    line: &str,
) -> (Option<MailSubject>, Vec<Diagnostic>) {
    let mut diagnostics = Vec::new();
    let span = line_span(line_no, line);
    let mut words = rest.split_whitespace();
    let (Some(game), Some(player), Some(password)) = (words.next(), words.next(), words.next())
    else {
        diagnostics.push(Diagnostic::error("order-mail-bad-subject", span).arg("command", command));
        return (None, diagnostics);
    };
    let Ok(player) = player.parse::<u32>() else {
        diagnostics.push(Diagnostic::error("order-mail-bad-player", span).arg("text", player));
        return (None, diagnostics);
    };
    let credentials = Credentials {
        game: game.to_string(),
        player: PlayerId(player),
        password: password.to_string(),
    };
    // What follows the password.
    let tail = after_words(rest, 3).trim();
    let subject = match command {
        "ORDRES" => {
            let mut message = tail;
            if let Some(inner) = message.strip_prefix('(').and_then(|m| m.strip_suffix(')')) {
                message = inner.trim();
            }
            let acknowledgement = if message.is_empty() {
                None
            } else if let Some(inner) = message
                .strip_prefix('"')
                .and_then(|m| m.strip_suffix('"'))
                .filter(|inner| !inner.contains('"'))
            {
                Some(inner.to_string())
            } else {
                diagnostics.push(Diagnostic::warning("order-mail-ack-unquoted", span));
                Some(message.to_string())
            };
            MailSubject::Orders {
                credentials,
                acknowledgement,
            }
        }
        "MESSAGE" => {
            let mut tail = tail;
            let mut mode = None;
            if let Some(letter) = tail.chars().next()
                && tail[letter.len_utf8()..].trim_start().starts_with('<')
            {
                mode = match letter.to_ascii_uppercase() {
                    'A' => Some(MessageMode::Anonymous),
                    'M' => Some(MessageMode::Multi),
                    _ => None,
                };
                if mode.is_some() {
                    tail = tail[letter.len_utf8()..].trim_start();
                }
            }
            let Some(inner) = tail.strip_prefix('<').and_then(|t| t.strip_suffix('>')) else {
                diagnostics.push(Diagnostic::error("order-mail-no-recipients", span));
                return (None, diagnostics);
            };
            let recipients: Vec<Recipient> = inner
                .split(',')
                .map(str::trim)
                .filter(|r| !r.is_empty())
                .map(|r| {
                    if let Ok(n) = r.parse::<u32>() {
                        Recipient::Number(PlayerId(n))
                    } else if r.eq_ignore_ascii_case("all") {
                        Recipient::All
                    } else {
                        Recipient::Pseudo(r.to_string())
                    }
                })
                .collect();
            if recipients.is_empty() {
                diagnostics.push(Diagnostic::error("order-mail-no-recipients", span));
                return (None, diagnostics);
            }
            MailSubject::Message {
                credentials,
                mode,
                recipients,
            }
        }
        "CONFIG" | "INFO" => {
            if !tail.is_empty() {
                diagnostics
                    .push(Diagnostic::warning("order-mail-subject-extra", span).arg("text", tail));
            }
            if command == "CONFIG" {
                MailSubject::Config { credentials }
            } else {
                MailSubject::Info { credentials }
            }
        }
        _ => return (None, diagnostics),
    };
    (Some(subject), diagnostics)
}

/// `text` after its first `n` whitespace-separated words.
fn after_words(text: &str, n: usize) -> &str {
    let mut rest = text;
    for _ in 0..n {
        rest = rest.trim_start();
        let end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        rest = &rest[end..];
    }
    rest
}
