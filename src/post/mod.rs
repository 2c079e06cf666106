//! The player's mail, sent from the app: a request of the book's mail server
//! (`orders::mail`: `ORDRES`, `MESSAGE`, `CONFIG`, `INFO`), built and checked
//! by the robot's own parser before it leaves, goes through the player's mail
//! program ([`mailto_url`], a `mailto:` link; too long for one, the caller copies
//! the text instead) or through his SMTP server ([`send_smtp`], lettre,
//! STARTTLS, TLS or plain on the loopback). Above `game` (the robot's parsers
//! and the reply facts, `game::mailbox::client`), beside `desk`; no egui.

pub mod book;
#[cfg(feature = "gui")]
pub mod keyring;

use std::fmt::Write as _;

use lettre::Transport;
use lettre::message::{Mailbox, SinglePart};

use crate::orders::mail::Mail;

/// The longest `mailto:` link handed to the system (mail programs and
/// browsers cut or refuse longer ones; 2,000 is what every one accepts).
pub const MAX_MAILTO: usize = 2000;

/// How the connection to the player's SMTP server is secured.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Security {
    /// `STARTTLS` on the submission port (587): the usual.
    #[default]
    StartTls,
    /// TLS from the first byte (465).
    Tls,
    /// No encryption: only to a server on this machine (`127.0.0.1`,
    /// `localhost`), never over the network with a password.
    Plain,
}

/// The player's SMTP server.
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct SmtpSettings {
    pub host: String,
    pub port: u16,
    pub security: Security,
    /// The login, when the server asks for one.
    pub user: Option<String>,
}

/// Why a mail did not leave.
#[derive(Debug, thiserror::Error)]
pub enum PostError {
    #[error("address")]
    Address(String),
    #[error("plain connection to a distant server")]
    PlainRemote(String),
    /// The server answered with a refusal (its words).
    #[error("{0}")]
    Smtp(String),
    /// The server could not be reached (`host:port`, and why).
    #[error("{0}: {1}")]
    Unreachable(String, String),
}

impl PostError {
    /// The Fluent id of its message.
    pub fn message_id(&self) -> &'static str {
        match self {
            PostError::Address(_) => "post-error-address",
            PostError::PlainRemote(_) => "post-error-plain-remote",
            PostError::Smtp(_) => "post-error-smtp",
            PostError::Unreachable(..) => "post-error-unreachable",
        }
    }

    /// Its message's arguments.
    pub fn args(&self) -> Vec<(&'static str, String)> {
        match self {
            PostError::Address(a) => vec![("address", a.clone())],
            PostError::PlainRemote(h) => vec![("host", h.clone())],
            PostError::Smtp(e) => vec![("detail", e.clone())],
            PostError::Unreachable(server, e) => {
                vec![("server", server.clone()), ("detail", e.clone())]
            }
        }
    }
}

fn is_loopback(host: &str) -> bool {
    matches!(host, "127.0.0.1" | "::1" | "localhost")
}

/// Sends `mail` from `from` to the game's address `to` through the player's
/// SMTP server (its password, when it asks for one, given by the caller: never
/// stored here). Plain connections go to this machine only.
pub fn send_smtp(
    settings: &SmtpSettings,
    password: Option<&str>,
    from: &str,
    to: &str,
    mail: &Mail,
) -> Result<(), PostError> {
    let from_box: Mailbox = from
        .parse()
        .map_err(|_| PostError::Address(from.to_string()))?;
    let to_box: Mailbox = to.parse().map_err(|_| PostError::Address(to.to_string()))?;
    let message = lettre::Message::builder()
        // A Message-ID of its own (lettre draws it), as every mail should carry.
        .message_id(None)
        .from(from_box)
        .to(to_box)
        .subject(mail.subject.clone())
        .singlepart(SinglePart::plain(mail.body.clone()))
        .map_err(|e| PostError::Smtp(e.to_string()))?;
    let server = format!(
        "{}:{}",
        settings.host,
        if settings.port == 0 {
            match settings.security {
                Security::Tls => 465,
                Security::StartTls => 587,
                Security::Plain => 25,
            }
        } else {
            settings.port
        }
    );
    // A refusal is the server's answer (a code); anything else (no answer,
    // the connection cut, TLS) is a server not reached.
    let smtp = |e: lettre::transport::smtp::Error| {
        if e.is_permanent() || e.is_transient() {
            PostError::Smtp(e.to_string())
        } else {
            PostError::Unreachable(server.clone(), e.to_string())
        }
    };
    let mut builder = match settings.security {
        Security::StartTls => {
            lettre::SmtpTransport::starttls_relay(&settings.host).map_err(smtp)?
        }
        Security::Tls => lettre::SmtpTransport::relay(&settings.host).map_err(smtp)?,
        Security::Plain => {
            if !is_loopback(&settings.host) {
                return Err(PostError::PlainRemote(settings.host.clone()));
            }
            lettre::SmtpTransport::builder_dangerous(&settings.host)
        }
    };
    if settings.port != 0 {
        builder = builder.port(settings.port);
    }
    if let (Some(user), Some(password)) = (&settings.user, password) {
        builder = builder.credentials(lettre::transport::smtp::authentication::Credentials::new(
            user.clone(),
            password.to_string(),
        ));
    }
    builder.build().send(&message).map_err(smtp)?;
    Ok(())
}

/// Percent-encodes `text` for a `mailto:` query (RFC 6068): line ends as `%0D%0A`.
fn encode(text: &str) -> String {
    let mut out = String::new();
    let text = text.replace("\r\n", "\n").replace('\n', "\r\n");
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            let _ = write!(out, "%{byte:02X}");
        }
    }
    out
}

/// The `mailto:` link of `mail` to the game's address `to`, or `None` when it
/// would be longer than [`MAX_MAILTO`] (the caller copies the text instead and
/// says so).
pub fn mailto_url(to: &str, mail: &Mail) -> Option<String> {
    let url = format!(
        "mailto:{}?subject={}&body={}",
        encode(to).replace("%40", "@"),
        encode(&mail.subject),
        encode(&mail.body)
    );
    (url.len() <= MAX_MAILTO).then_some(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_mailto_link_encodes_the_subject_and_body_or_is_refused_when_too_long() {
        let mail = Mail {
            subject: "ORDRES KARNAJ 1 pw \"é\"".into(),
            body: "DEBUT\nF_1 M 2\nFIN\n".into(),
        };
        let url = mailto_url("nebula@example.org", &mail).expect("short enough");
        assert_eq!(
            url,
            "mailto:nebula@example.org?subject=ORDRES%20KARNAJ%201%20pw%20%22%C3%A9%22&body=DEBUT%0D%0AF_1%20M%202%0D%0AFIN%0D%0A"
        );
        let long = Mail {
            subject: "ORDRES KARNAJ 1 pw".into(),
            body: "F_1 M 2\n".repeat(400),
        };
        assert_eq!(mailto_url("nebula@example.org", &long), None);
    }

    #[test]
    fn a_plain_connection_goes_to_this_machine_only() {
        let settings = SmtpSettings {
            host: "smtp.example.org".into(),
            port: 25,
            security: Security::Plain,
            user: None,
        };
        let mail = Mail {
            subject: "INFO KARNAJ 1 pw".into(),
            body: "DEBUT\nCR\nFIN\n".into(),
        };
        assert!(matches!(
            send_smtp(
                &settings,
                None,
                "p1@example.org",
                "nebula@example.org",
                &mail
            ),
            Err(PostError::PlainRemote(_))
        ));
        assert!(matches!(
            send_smtp(
                &settings,
                None,
                "not an address",
                "nebula@example.org",
                &mail
            ),
            Err(PostError::Address(_))
        ));
    }
}
