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

use super::envelope::{first_word, line_span, split_envelope};
use super::parse::parse_orders;

pub use super::envelope::{Credentials, Envelope, MailSubject, MessageMode, Recipient};

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
    /// The subject's command word: `ORDRES`, `MESSAGE`, `CONFIG` or `INFO`.
    pub fn command_word(&self) -> &'static str {
        match self {
            MailKind::Orders(_) => "ORDRES",
            MailKind::Message(_) => "MESSAGE",
            MailKind::Config(_) => "CONFIG",
            MailKind::Info(_) => "INFO",
        }
    }

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
