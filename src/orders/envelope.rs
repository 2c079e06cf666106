//! The envelope of an order file or a mail (the book's "serveur de mail"): the
//! subject line (`ORDRES KARNAJ 4 toto "second envoi"`, its command and
//! identification) and the body between `DEBUT` and `FIN`.
//!
//! Both the order reader ([`super::parse`], an order file may come as a whole
//! mail) and the mail reader ([`super::mail`]) cut a text here first; the mail
//! reader then reads the body with the order reader. Keeping the envelope
//! below both is what lets `mail` use `parse` without `parse` using `mail`.

use serde::{Deserialize, Serialize};

use crate::diagnostic::{Diagnostic, Span};
use crate::model::PlayerId;

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

/// The first word of `line` (empty for a blank line).
pub(super) fn first_word(line: &str) -> &str {
    line.split_whitespace().next().unwrap_or("")
}

/// The span of `line` without its leading and trailing blanks.
pub(super) fn line_span(line_no: u32, line: &str) -> Span {
    let indent = line.chars().take_while(|c| c.is_whitespace()).count() as u32;
    Span::new(
        line_no,
        indent + 1,
        line.trim_end().chars().count() as u32 + 1,
    )
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
        "ORDRES" => MailSubject::Orders {
            credentials,
            acknowledgement: acknowledgement(tail, span, &mut diagnostics),
        },
        "MESSAGE" => {
            let Some((mode, recipients)) = message_recipients(tail) else {
                diagnostics.push(Diagnostic::error("order-mail-no-recipients", span));
                return (None, diagnostics);
            };
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

/// The `"message"` of an `ORDRES` subject (optionally in parentheses), echoed in
/// the acknowledgement; unquoted, it is taken as it is, with a warning.
fn acknowledgement(tail: &str, span: Span, diagnostics: &mut Vec<Diagnostic>) -> Option<String> {
    let mut message = tail;
    if let Some(inner) = message.strip_prefix('(').and_then(|m| m.strip_suffix(')')) {
        message = inner.trim();
    }
    if message.is_empty() {
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
    }
}

/// The `{A|M} <dest, …>` of a `MESSAGE` subject; `None` without recipients.
fn message_recipients(tail: &str) -> Option<(Option<MessageMode>, Vec<Recipient>)> {
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
    let inner = tail.strip_prefix('<').and_then(|t| t.strip_suffix('>'))?;
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
        return None;
    }
    Some((mode, recipients))
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
