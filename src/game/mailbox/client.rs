//! The player's side of the mail server: what a mail received from the robot
//! is ([`classify`], read from its `X-Nebula` facts, whatever the language of
//! its text), and the mails of an mbox file ([`split_mbox`]). The app files
//! acknowledgements against what was sent (the SHA-256 of the stored orders,
//! [`super::checksum`]) and relayed messages into the game's diplomacy history.

use super::Incoming;

/// A mail from the robot, as the player's app files it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Received {
    /// The acknowledgement of an `ORDRES` mail: the version stored and the
    /// SHA-256 of the stored text.
    OrdersAck {
        game: String,
        turn: u32,
        player: u32,
        version: u32,
        checksum: String,
        /// The acknowledgement's text (diagnostics, forecast).
        text: String,
    },
    /// A message relayed from another player (`from`: `None` for a rumour).
    Message {
        game: String,
        turn: Option<u32>,
        from: Option<u32>,
        to: Vec<u32>,
        text: String,
    },
    /// The CR of a turn.
    TurnReport { game: String, turn: u32 },
    /// A reminder before the deadline.
    Reminder { game: String, turn: u32 },
    /// The answer to a `CONFIG`, `INFO` or `MESSAGE` (`request`: the
    /// request's keyword) of `player`.
    Answer {
        request: String,
        game: String,
        turn: Option<u32>,
        player: u32,
        text: String,
    },
    /// Anything else (an error, a mail of an older robot): its subject.
    Other { subject: String, text: String },
}

fn fact<'a>(facts: &'a [(String, String)], key: &str) -> Option<&'a str> {
    facts
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
}

fn number(facts: &[(String, String)], key: &str) -> Option<u32> {
    fact(facts, key).and_then(|v| v.parse().ok())
}

/// What `mail` is. A mail whose facts are incomplete is [`Received::Other`].
pub fn classify(mail: &Incoming) -> Received {
    let facts = &mail.facts;
    let game = fact(facts, "game").map(str::to_string);
    let other = || Received::Other {
        subject: mail.subject.clone(),
        text: mail.text.clone(),
    };
    let Some(game) = game else {
        return other();
    };
    match fact(facts, "kind") {
        Some("orders") => {
            let (Some(turn), Some(player), Some(version), Some(checksum)) = (
                number(facts, "turn"),
                number(facts, "player"),
                number(facts, "version"),
                fact(facts, "checksum"),
            ) else {
                return other();
            };
            Received::OrdersAck {
                game,
                turn,
                player,
                version,
                checksum: checksum.to_string(),
                text: mail.text.clone(),
            }
        }
        Some("message") => Received::Message {
            game,
            turn: number(facts, "turn"),
            from: if fact(facts, "anonymous") == Some("1") {
                None
            } else {
                number(facts, "from")
            },
            to: fact(facts, "to")
                .map(|list| {
                    list.split(',')
                        .filter_map(|n| n.trim().parse().ok())
                        .collect()
                })
                .unwrap_or_default(),
            text: mail.text.clone(),
        },
        Some("cr") => match number(facts, "turn") {
            Some(turn) => Received::TurnReport { game, turn },
            None => other(),
        },
        Some("reminder") => match number(facts, "turn") {
            Some(turn) => Received::Reminder { game, turn },
            None => other(),
        },
        Some("answer") => match (fact(facts, "request"), number(facts, "player")) {
            (Some(request @ ("config" | "info" | "message")), Some(player)) => Received::Answer {
                request: request.to_ascii_uppercase(),
                game,
                turn: number(facts, "turn"),
                player,
                text: mail.text.clone(),
            },
            _ => other(),
        },
        _ => other(),
    }
}

/// The mails of an mbox file: each starts at a line `From ` at the start of the
/// file or after a blank line (the `From ` line itself left out). A file with
/// no such line is one mail.
pub fn split_mbox(bytes: &[u8]) -> Vec<&[u8]> {
    let mut starts = Vec::new();
    let mut at = 0;
    while at < bytes.len() {
        let line_end = bytes[at..]
            .iter()
            .position(|b| *b == b'\n')
            .map_or(bytes.len(), |p| at + p + 1);
        let line = &bytes[at..line_end];
        let after_blank =
            at == 0 || bytes[..at].ends_with(b"\n\n") || bytes[..at].ends_with(b"\r\n\r\n");
        if line.starts_with(b"From ") && after_blank {
            starts.push((at, line_end));
        }
        at = line_end;
    }
    if starts.is_empty() {
        return if bytes.is_empty() {
            Vec::new()
        } else {
            vec![bytes]
        };
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &(_, body))| {
            let end = starts.get(i + 1).map_or(bytes.len(), |(next, _)| *next);
            &bytes[body..end]
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_mbox_splits_at_its_from_lines() {
        let mbox = b"From robot Mon Jan 1 00:00:00 2026\nSubject: a\n\nbody\nFrom here on\n\nFrom robot Tue\nSubject: b\n\nx\n";
        let mails = split_mbox(mbox);
        assert_eq!(mails.len(), 2);
        assert!(mails[0].starts_with(b"Subject: a"));
        // "From here on" is in a body (no blank line before it): not a start.
        assert!(String::from_utf8_lossy(mails[0]).contains("From here on"));
        assert!(mails[1].starts_with(b"Subject: b"));
        assert_eq!(split_mbox(b"Subject: c\n\nonly\n").len(), 1);
        assert!(split_mbox(b"").is_empty());
    }

    #[test]
    fn a_mail_is_filed_by_its_facts_not_its_words() {
        let mut mail = Incoming {
            subject: "whatever".into(),
            text: "texte".into(),
            ..Incoming::default()
        };
        mail.facts = super::super::parse_facts(
            "kind=orders; game=KARNAJ; turn=3; player=1; version=2; checksum=9f",
        );
        assert_eq!(
            classify(&mail),
            Received::OrdersAck {
                game: "KARNAJ".into(),
                turn: 3,
                player: 1,
                version: 2,
                checksum: "9f".into(),
                text: "texte".into()
            }
        );
        mail.facts =
            super::super::parse_facts("kind=message; game=KARNAJ; turn=3; anonymous=1; from=4");
        assert!(matches!(
            classify(&mail),
            Received::Message { from: None, .. }
        ));
        mail.facts = super::super::parse_facts("kind=orders; game=KARNAJ; turn=3");
        assert!(matches!(classify(&mail), Received::Other { .. }));
    }
}
